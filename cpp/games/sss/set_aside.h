// Seven Secret Supervillains: cards set aside for next turn. Freeze uses it
// (and later abilities will): a set-aside card joins its owner's hand when
// the turn that set it aside ends. Who knows what is kept card by card: a
// card set aside from a known place stays publicly known, the rest only the
// owner sees.
#pragma once

#include <cstdint>

#include "games/sss/state.h"

namespace henchmen::sss {

// Whether one more card fits on the pile.
bool can_set_aside(const PlayerState& p);

// Puts `card` on the pile; `known` when everyone saw which card it is.
void set_aside(PlayerState& p, uint8_t card, bool known);

// Gizzard Wizards: a Chaos Spell set aside for the spell book, on its own
// pile (a spell is never in a hand); `known` as for set_aside.
bool can_set_aside_spell(const PlayerState& p);
void set_aside_spell(PlayerState& p, uint8_t card, bool known);

// The end of the turn that set them aside: the pile joins the hand, the
// spells the spell book, and what was public stays public.
void join_hand_from_set_aside(PlayerState& p);

}  // namespace henchmen::sss
