// Seven Secret Supervillains: who sees which known card of a player's deck.
// The deck (core/piles.h) is a known top segment, each card with the players
// who know it, then cards nobody can place, then known cards under them,
// public unless only the owner looked at them. The owner always knows
// every known card of their own deck.
#pragma once
#include "games/sss/state.h"

namespace henchmen::sss {

inline bool sees_top_card(const PlayerDeck& d, int i, int viewer) { return viewer >= 0 && ((d.top_seen[i] >> viewer) & 1u); }
inline bool seen_by_all(uint8_t seen, int players) {
  const uint8_t all = static_cast<uint8_t>((1u << players) - 1);
  return (seen & all) == all;
}
// The players who read a card's name in an event (Events::add's audience): those who knew it.
inline uint32_t knowers(uint8_t seen, int players) {
  uint32_t out = 0;
  for (int q = 0; q < players; ++q) {
    if ((seen >> q) & 1u) out |= 1u << q;
  }
  return out;
}
inline bool top_card_public(const PlayerDeck& d, int i, int players) { return seen_by_all(d.top_seen[i], players); }
// k counts the known cards under the unknown part from their top.
inline bool sees_bottom_card(const PlayerDeck& d, int k, int owner, int viewer) { return viewer == owner || !d.bottom_is_private(k); }

// Calls f(card, position from the bottom, seen by viewer) for each known card
// of the deck, top first (the position of the bottom card is 1).
template <class F>
void each_known_card(const PlayerDeck& d, int owner, int viewer, F&& f) {
  for (int i = 0; i < d.n_top; ++i) f(d.top[i], d.size() - i, viewer == owner || sees_top_card(d, i, viewer));
  for (int i = d.n_unknown; i < d.n; ++i) f(d.c[i], d.n - i, sees_bottom_card(d, i - d.n_unknown, owner, viewer));
}

}  // namespace henchmen::sss
