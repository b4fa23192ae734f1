// Seven Secret Supervillains: Discombobulate (Gizzard Wizards) and the Chaos
// Spells. "Add a Chaos Spell card to your spell book next turn": the top
// card of the Chaos Spell deck (face down, its order unknown to all, so the
// draw is chance) is set aside (set_aside.h) where only its owner sees it,
// and joins their spell book when the turn ends. With the deck empty (every
// spell in a spell book or set aside) there is no spell to add: the ability
// fails, so it is not offered, as Experiment is not with no Explodey Bot.
//
// A spell of the spell book is played on its owner's turn, outside any
// pending choice, like a card from the hand: its power and ability token go
// to the pools, its gain (cards.json chaos_spells[].gain) happens, and the
// card, shown to everyone, goes under the Chaos Spell deck ("if there are no
// cards in the Chaos Spell deck, it becomes the Chaos Spell deck"). It is
// not a Minion card, nor in play: Replicate (which copies the Minion cards in
// play) and Repeat (which copies Minion tokens, State::minion_tokens) never
// copy it. Designed: a spell that would do nothing at all (Chance with the
// Minion deck empty, Summon Scaredy with no Scaredy Bot left) is not offered.
#include "games/sss/set_aside.h"
#include "games/sss/state.h"
#include "games/sss/story.h"

namespace henchmen::sss {

bool State::spell_does_something(int spell) const {
  const size_t id = static_cast<size_t>(kChaosSpellBase + spell);
  if (cfg->power[id] > 0 || cfg->ability[id] != kNoAbility) return true;
  switch (cfg->spell_gain[static_cast<size_t>(spell)]) {
    case Config::SpellGain::kTopMinion: return !minion_deck.empty();
    case Config::SpellGain::kScaredy: return scaredy_left > 0;
    case Config::SpellGain::kNone: break;
  }
  return false;
}

void State::gizzard_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kDiscombobulate] > 0 && !chaos_deck.empty() && can_set_aside_spell(me)) out.push_back(kDiscombobulate_);
  me.spell_book.for_each_distinct([&](uint8_t c, int) {
    if (spell_does_something(c - kChaosSpellBase)) out.push_back(kCastSpell_ + (c - kChaosSpellBase));
  });
}

void State::apply_gizzard(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action == kDiscombobulate_) {
    --me.tokens[kDiscombobulate];
    if (Events* ev = events()) story::discombobulated(*ev, *this, me_idx);
    push_task(TaskKind::kDrawSpell, me_idx, 0, 1);
    return;
  }
  const int spell = action - kCastSpell_;
  const uint8_t card = static_cast<uint8_t>(kChaosSpellBase + spell);
  if (Events* ev = events()) story::spell_cast(*ev, *this, me_idx, card);
  me.spell_book.remove(card);
  if (me.spell_book_public.count(card) > 0) me.spell_book_public.remove(card);
  chaos_deck.put_bottom(card);  // shown to all on its way under the deck
  me.power = static_cast<int16_t>(me.power + cfg->power[card]);
  const int a = cfg->ability[card];
  if (a != kNoAbility) ++me.tokens[a];
  switch (cfg->spell_gain[static_cast<size_t>(spell)]) {
    case Config::SpellGain::kTopMinion: push_task(TaskKind::kGainMinion, me_idx, 0, 1); break;
    case Config::SpellGain::kScaredy:
      --scaredy_left;
      me.discard.add(kScaredyBot);  // gained as Engineer's Scaredy Bot is: into the discard pile
      if (Events* ev = events()) story::spell_gained(*ev, *this, me_idx, kScaredyBot, kScaredyZone);
      break;
    case Config::SpellGain::kNone: break;
  }
}

// The top card of the Chaos Spell deck: a chance outcome among its unknown
// cards, or, with none left, its known top card (a spell played earlier,
// which everyone saw go under: they know this one too).
void State::take_spell(int player, int outcome) {
  PlayerState& p = players[player];
  const bool known = outcome < 0 && chaos_deck.n_unknown == 0;  // played under the deck, in view
  const uint8_t card = chaos_deck.take_next(outcome);
  set_aside_spell(p, card, known);
  if (Events* ev = events()) story::spell_taken(*ev, *this, player, card, known);
}

// "Gain the top card of the Minion deck": into the discard pile, as a gained
// card (Engineer's Scaredy Bot) is.
void State::gain_top_minion(int player, int outcome) {
  const uint8_t card = take_minion(outcome);
  players[player].discard.add(card);
  if (Events* ev = events()) story::spell_gained(*ev, *this, player, card, kMinionDeckZone);
}

}  // namespace henchmen::sss
