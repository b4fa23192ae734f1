// Seven Secret Supervillains: Haggle (Yard-Sailers). A Minion row card is
// replaced as Snooze replaces one (State::replace_row_card); the card that
// takes its spot costs 2 power less this turn, so one of cost 1 or 2 is free.
// Which card that is waits on the refill: the slot is marked until then.
#include <algorithm>

#include "games/sss/state.h"

namespace henchmen::sss {

void State::haggle_legal(std::vector<Action>& out) const {
  if (players[turn_player_].tokens[kHaggle] == 0) return;
  const size_t first = out.size();
  for (const uint8_t c : row) {
    if (c != kNoCard) out.push_back(kHaggle_ + c);
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

void State::apply_haggle(Action action) {
  --players[turn_player_].tokens[kHaggle];
  const int slot = row_slot_of(action - kHaggle_);
  haggle_slots = static_cast<uint8_t>(haggle_slots | (1u << slot));
  replace_row_card(slot);
}

// Designed: the discount is the card's, not the spot's (it stays if a
// Bounty takes the card to the Stash), and two Haggles do not stack on one
// card.
void State::haggle_refilled(int slot, uint8_t card) {
  if (!(haggle_slots & (1u << slot))) return;
  haggle_slots = static_cast<uint8_t>(haggle_slots & ~(1u << slot));
  haggled[card >> 6] |= uint64_t{1} << (card & 63);
}

}  // namespace henchmen::sss
