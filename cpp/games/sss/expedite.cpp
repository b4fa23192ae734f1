// Seven Secret Supervillains: Expedite (Deadly Deliveries). A Minion bought
// this turn goes on the bottom of its buyer's deck instead of waiting for
// the cleanup (bought cards lie in the bought pile until then, so that is
// where it comes from); everyone sees it go, so its place is known. An empty
// deck becomes a deck of that one card.
#include "games/sss/state.h"

namespace henchmen::sss {

void State::expedite_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kExpedite] == 0) return;
  // "Minion card": not a Scaredy Bot, nor an Upgrade (bought to the Supercomputer).
  me.bought.for_each_distinct([&](uint8_t c, int) {
    if (is_minion(c)) out.push_back(kExpedite_ + c);
  });
}

void State::apply_expedite(Action action) {
  PlayerState& me = players[turn_player_];
  const uint8_t card = static_cast<uint8_t>(action - kExpedite_);
  --me.tokens[kExpedite];
  me.bought.remove(card);
  me.deck.put_bottom(card);
}

}  // namespace henchmen::sss
