// Seven Secret Supervillains: Remix (Musical Madness). "Discard 3 cards to
// draw 3 cards", exactly 3: the discards are three actions, each naming a
// card of the hand (only cards not played: a played card has left it);
// once the first is made the other two must follow (Pending::kRemixDiscard2,
// kRemixDiscard1), then 3 cards are drawn, the discard pile (with the three
// in it) shuffled in if the deck runs out.
#include "games/sss/state.h"

namespace henchmen::sss {

// Under way: the next discard, any card of the hand. Otherwise a Remix
// starts only with 3 cards in hand to discard.
void State::remix_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (remix_discards_left() == 0 && (me.tokens[kRemix] == 0 || me.hand.size() < 3)) return;
  me.hand.for_each_distinct([&](uint8_t c, int) { out.push_back(kRemix_ + c); });
}

void State::apply_remix(Action action) {
  PlayerState& me = players[turn_player_];
  const int left = remix_discards_left();
  if (left == 0) --me.tokens[kRemix];
  const uint8_t card = static_cast<uint8_t>(action - kRemix_);
  remove_from_hand(me, card);
  me.discard.add(card);
  if (left == 0) {
    pending = Pending::kRemixDiscard2;
  } else if (left == 2) {
    pending = Pending::kRemixDiscard1;
  } else {
    pending = Pending::kNone;
    push_task(TaskKind::kDrawRemix, turn_player_, 0, 3);
  }
}

}  // namespace henchmen::sss
