// Chance outcomes every game's chance nodes share.
#pragma once
#include <cstdint>

namespace henchmen {

// Drawing one card from a pile nobody knows the order of (core/piles.h: kept
// as a sorted multiset): one outcome per kind of card, `first + card`, with
// the share of the pile that kind holds. `n` > 0.
template <class Outcomes>
void draw_outcomes(const uint8_t* sorted_cards, int n, int first, Outcomes& out) {
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && sorted_cards[j] == sorted_cards[i]) ++j;
    out.emplace_back(first + sorted_cards[i], static_cast<double>(j - i) / n);
    i = j;
  }
}

}  // namespace henchmen
