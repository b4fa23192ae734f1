// Legendary: faster operations on the sorted piles of core/piles.h, for the
// hot path (a pile is sorted, so a card's count is found by bisection and two
// piles merge in one pass). Results are exactly those of Multiset's own.
#pragma once
#include <algorithm>
#include <cstring>

#include "core/piles.h"

namespace henchmen::legendary {

template <int N>
int count_sorted(const Multiset<N>& pile, uint8_t card) {
  const auto range = std::equal_range(pile.c, pile.c + pile.n, card);
  return static_cast<int>(range.second - range.first);
}

// Adds every card of `from` to `into` (as many as fit, smallest first, like
// adding them one by one would).
template <int N, int M>
void merge_into(Multiset<N>& into, const Multiset<M>& from) {
  const int take = std::min<int>(from.n, N - into.n);
  if (take <= 0) return;
  uint8_t merged[N];
  std::merge(into.c, into.c + into.n, from.c, from.c + take, merged);
  into.n = static_cast<uint8_t>(into.n + take);
  std::memcpy(into.c, merged, into.n);
}

// clear(), touching only the bytes in use (the rest are zero already).
template <int N>
void clear_used(Multiset<N>& pile) {
  std::memset(pile.c, 0, pile.n);
  pile.n = 0;
}

}  // namespace henchmen::legendary
