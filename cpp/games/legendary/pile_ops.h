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

// Where the first copy of a card stands (-1: none), by bisection.
template <int N>
int place_of(const Multiset<N>& pile, uint8_t card) {
  const uint8_t* at = std::lower_bound(pile.c, pile.c + pile.n, card);
  return at != pile.c + pile.n && *at == card ? static_cast<int>(at - pile.c) : -1;
}

// clear(), touching only the bytes in use (the rest are zero already).
template <int N>
void clear_used(Multiset<N>& pile) {
  std::memset(pile.c, 0, pile.n);
  pile.n = 0;
}

}  // namespace henchmen::legendary
