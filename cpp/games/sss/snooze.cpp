// Seven Secret Supervillains: Snooze (Sleep Slayers), either half: a card of
// the hand set aside for next turn (set_aside.h), shown to everyone as it is
// laid in front of its owner; or a Minion row card replaced.
#include <algorithm>

#include "games/sss/set_aside.h"
#include "games/sss/state.h"

namespace henchmen::sss {

void State::snooze_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kSnooze] == 0) return;
  // Only cards still in hand: a played card has left it.
  if (can_set_aside(me)) me.hand.for_each_distinct([&](uint8_t c, int) { out.push_back(kSnooze_ + c); });
  const size_t first = out.size();
  for (const uint8_t c : row) {
    if (c != kNoCard) out.push_back(kSnoozeRow_ + c);
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

void State::apply_snooze(Action action) {
  PlayerState& me = players[turn_player_];
  --me.tokens[kSnooze];
  if (action >= kSnoozeRow_) return replace_row_card(row_slot_of(action - kSnoozeRow_));
  const uint8_t card = static_cast<uint8_t>(action - kSnooze_);
  remove_from_hand(me, card);
  set_aside(me, card, true);
}

// "Put the card on the bottom of the Minion deck and take the top card off
// the Minion deck and place it in that spot" (the refill is chance, or the
// card itself when the deck held nothing else).
void State::replace_row_card(int slot) {
  minion_deck.put_bottom(row[slot]);
  row[slot] = kNoCard;
  push_task(TaskKind::kRefillRow, turn_player_, slot, 1);
}

}  // namespace henchmen::sss
