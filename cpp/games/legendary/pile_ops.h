// Legendary: faster operations on the sorted piles of core/piles.h, for the
// hot path (a pile is sorted, so a card's count is found by bisection; a
// cleared pile zeroes only the bytes it used). Results are exactly those of
// Multiset's own.
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

// clear(), touching only the bytes in use (the rest are zero already).
template <int N>
void clear_used(Multiset<N>& pile) {
  std::memset(pile.c, 0, pile.n);
  pile.n = 0;
}

}  // namespace henchmen::legendary
