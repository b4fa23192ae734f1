// Seven Secret Supervillains: Hack (Raccoon Rebellion), either half: 2 power
// that "can only be used to purchase an Upgrade", kept beside the base power
// (State::hack_power, the turn player's, gone at the cleanup); or the Upgrade
// card replaced (State::replace_upgrade_card, shared with Engineer).
#include <algorithm>

#include "games/sss/state.h"

namespace henchmen::sss {

void State::hack_legal(std::vector<Action>& out) const {
  if (players[turn_player_].tokens[kHack] == 0) return;
  out.push_back(kHackPower);
  if (upgrade_row != kNoCard) out.push_back(kHackUpgrade);
}

void State::apply_hack(Action action) {
  --players[turn_player_].tokens[kHack];
  if (action == kHackUpgrade) return replace_upgrade_card();
  hack_power = static_cast<int16_t>(hack_power + 2);
}

// Hack's power is spent first on an Upgrade: the base power left buys
// anything, so no other split is ever better.
void State::pay(int card) {
  PlayerState& me = players[turn_player_];
  int price = cost(card);
  if (is_upgrade(card)) {
    const int from_hack = std::min<int>(price, hack_power);
    hack_power = static_cast<int16_t>(hack_power - from_hack);
    price -= from_hack;
  }
  me.power = static_cast<int16_t>(me.power - price);
}

}  // namespace henchmen::sss
