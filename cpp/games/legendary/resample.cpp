// Legendary: what an observer cannot see, redrawn from the position alone (resample):
// ISMCTS redraws every iteration, so this is compiled with the rules;
// the JSON beside it in serialize.cpp is compiled as cold code.
#include <algorithm>

#include "core/error.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

// Redraws what `observer` cannot see: each other player's hand, the unknown
// part of their deck, cards they put on top face down, a card they are
// passing and cards only they looked at are pooled and dealt back in the
// same numbers. Known cards stay where they are.
void State::resample(int observer, Rng& rng) {
  n_cached = 0;  // the decider's options may change with their hand
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    PlayerState& pl = players[p];
    uint8_t pool[kHandCap + kPileCap + kTopCap + 16];
    int k = 0;
    for (const uint8_t x : pl.hand) pool[k++] = x;
    for (const uint8_t x : pl.deck.rest) pool[k++] = x;
    for (int i = 0; i < pl.deck.n_top; ++i) {
      if ((pl.deck.top_private >> i) & 1u) pool[k++] = pl.deck.top[i];
    }
    if (pl.pass != kNoCard) pool[k++] = pl.pass;
    const bool own_look = look_private && look_owner == p;
    if (own_look) {
      for (const uint8_t x : look) pool[k++] = x;
    }
    for (int i = k - 1; i > 0; --i) std::swap(pool[i], pool[rng.below(static_cast<uint32_t>(i + 1))]);
    int j = 0;
    const int hand = pl.hand.size();
    pl.hand.clear();
    for (int i = 0; i < hand; ++i) pl.hand.add(pool[j++]);
    for (int i = 0; i < pl.deck.n_top; ++i) {
      if ((pl.deck.top_private >> i) & 1u) pl.deck.top[i] = pool[j++];
    }
    if (pl.pass != kNoCard) pl.pass = pool[j++];
    if (own_look) {
      const int n_look = look.size();
      look.clear();
      for (int i = 0; i < n_look; ++i) look.add(pool[j++]);
    }
    pl.deck.rest.clear();
    while (j < k) pl.deck.rest.add(pool[j++]);
  }
}

}  // namespace henchmen::legendary
