// Games that keep their deck, discard pile and hands as a count per card
// kind (S.U.E.T., Super!) keep each pile's size beside its counts, so that
// the playout loop need not add them up; validate() checks the two agree.
#pragma once
#include "core/error.h"

namespace henchmen {

// S has deck[K], discard[K], hand[P][K] counts and deck_n, discard_n,
// hand_n[P] sizes; the first `players` hands are in play.
template <class S>
void check_counted_sizes(const S& s, int players) {
  int deck = 0, discard = 0;
  for (const auto c : s.deck) deck += c;
  for (const auto c : s.discard) discard += c;
  if (deck != s.deck_n || discard != s.discard_n) broken_position("the deck and discard sizes disagree with their cards");
  for (int p = 0; p < players; ++p) {
    int held = 0;
    for (const auto c : s.hand[p]) held += c;
    if (held != s.hand_n[p]) broken_position("a hand size disagrees with its cards");
  }
}

}  // namespace henchmen
