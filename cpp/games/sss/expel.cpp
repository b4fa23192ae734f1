// Seven Secret Supervillains: the expel-for-power abilities, Froth
// (Llamaristas) and Consume (Pig Out).
#include "games/sss/state.h"

namespace henchmen::sss {

void State::expel_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  // "You may": not using the ability is always open (end the turn, play on).
  if (me.tokens[kFroth] > 0) me.discard.for_each_distinct([&](uint8_t c, int) { out.push_back(kFroth_ + c); });
  if (me.tokens[kConsume] > 0) me.hand.for_each_distinct([&](uint8_t c, int) { out.push_back(kConsume_ + c); });
}

void State::apply_expel(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action >= kConsume_) {
    const uint8_t card = static_cast<uint8_t>(action - kConsume_);
    --me.tokens[kConsume];
    const int gain = modified_power(me_idx, card) + 1;  // its power comes from Consume, not from playing it
    remove_from_hand(me, card);
    expelled.add(card);
    me.power = static_cast<int16_t>(me.power + gain);
  } else {
    const uint8_t card = static_cast<uint8_t>(action - kFroth_);
    --me.tokens[kFroth];
    me.discard.remove(card);
    expelled.add(card);
    me.power = static_cast<int16_t>(me.power + cfg->power[card]);
  }
}

}  // namespace henchmen::sss
