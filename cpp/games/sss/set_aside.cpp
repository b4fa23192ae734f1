// Seven Secret Supervillains: the one pile of cards set aside for next turn.
#include "games/sss/set_aside.h"

namespace henchmen::sss {

bool can_set_aside(const PlayerState& p) { return !p.frozen.full(); }

void set_aside(PlayerState& p, uint8_t card, bool known) {
  p.frozen.add(card);
  if (known) p.frozen_public.add(card);
}

bool can_set_aside_spell(const PlayerState& p) { return !p.spells_aside.full(); }

void set_aside_spell(PlayerState& p, uint8_t card, bool known) {
  p.spells_aside.add(card);
  if (known) p.spells_aside_public.add(card);
}

void join_hand_from_set_aside(PlayerState& p) {
  for (const uint8_t c : p.spells_aside) p.spell_book.add(c);
  for (const uint8_t c : p.spells_aside_public) p.spell_book_public.add(c);
  p.spells_aside.clear();
  p.spells_aside_public.clear();
  for (const uint8_t c : p.frozen) p.hand.add(c);  // the cards arrive "next turn"
  for (const uint8_t c : p.frozen_public) p.hand_public.add(c);
  p.frozen.clear();
  p.frozen_public.clear();
}

}  // namespace henchmen::sss
