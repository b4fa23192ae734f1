// Fixed-capacity card piles for flat, memcpy-able states.
//
// Cards are small integer ids. A `Multiset` is a pile whose order nobody knows
// (kept sorted, so equal piles have equal bytes). A `Deck` is a pile drawn from
// the top: an unordered multiset of unknown cards above a known, ordered
// segment that grows when cards are put on the bottom. Overflow is a logic
// error in the game, never reachable from user input: callers check
// capacities, and validate() checks them again on deserialized states.
#pragma once
#include <cstdint>
#include <cstring>

namespace henchmen {

template <int N>
struct Multiset {
  uint8_t n = 0;
  uint8_t c[N] = {};

  static constexpr int capacity() { return N; }
  bool empty() const { return n == 0; }
  bool full() const { return n >= N; }
  int size() const { return n; }
  const uint8_t* begin() const { return c; }
  const uint8_t* end() const { return c + n; }

  void add(uint8_t card) {
    if (n >= N) return;  // unreachable by the capacity argument above
    int i = n;
    while (i > 0 && c[i - 1] > card) {
      c[i] = c[i - 1];
      --i;
    }
    c[i] = card;
    ++n;
  }
  bool remove(uint8_t card) {
    for (int i = 0; i < n; ++i) {
      if (c[i] == card) {
        std::memmove(c + i, c + i + 1, static_cast<size_t>(n - i - 1));
        --n;
        c[n] = 0;
        return true;
      }
    }
    return false;
  }
  int count(uint8_t card) const {
    int k = 0;
    for (int i = 0; i < n; ++i) k += c[i] == card;
    return k;
  }
  bool contains(uint8_t card) const { return count(card) > 0; }
  void clear() {
    std::memset(c, 0, sizeof c);
    n = 0;
  }
  // Calls f(card, count) once per distinct card, ascending.
  template <class F>
  void for_each_distinct(F&& f) const {
    for (int i = 0; i < n;) {
      int j = i;
      while (j < n && c[j] == c[i]) ++j;
      f(c[i], j - i);
      i = j;
    }
  }
  int distinct() const {
    int k = 0;
    for (int i = 0; i < n; ++i) k += (i == 0 || c[i] != c[i - 1]);
    return k;
  }
  // True when the pile holds more than one kind of card (sorted: the ends differ).
  bool mixed() const { return n > 1 && c[0] != c[n - 1]; }
};

template <int N>
struct Deck {
  uint8_t n = 0;          // cards in all
  uint8_t n_unknown = 0;  // the first n_unknown ids: unordered, kept sorted
  uint8_t c[N] = {};      // then the known cards, from the top down to the bottom

  static constexpr int capacity() { return N; }
  bool empty() const { return n == 0; }
  int size() const { return n; }
  int known() const { return n - n_unknown; }

  // Adds an unknown card (e.g. reshuffling a discard pile into an empty deck).
  void add_unknown(uint8_t card) {
    if (n >= N) return;
    std::memmove(c + n_unknown + 1, c + n_unknown, static_cast<size_t>(n - n_unknown));
    int i = n_unknown;
    while (i > 0 && c[i - 1] > card) {
      c[i] = c[i - 1];
      --i;
    }
    c[i] = card;
    ++n;
    ++n_unknown;
  }
  void put_bottom(uint8_t card) {
    if (n >= N) return;
    c[n++] = card;
  }
  // Removes one unknown card of this id (a chance outcome); false if none.
  bool take_unknown(uint8_t card) {
    for (int i = 0; i < n_unknown; ++i) {
      if (c[i] == card) {
        std::memmove(c + i, c + i + 1, static_cast<size_t>(n - i - 1));
        --n;
        --n_unknown;
        c[n] = 0;
        return true;
      }
    }
    return false;
  }
  // Takes the topmost known card; only when no unknown card lies above it.
  uint8_t take_known_top() {
    const uint8_t card = c[0];
    std::memmove(c, c + 1, static_cast<size_t>(n - 1));
    --n;
    c[n] = 0;
    return card;
  }
  // True when the next unknown card could be of more than one kind (the
  // unknown part is sorted, so its ends differ exactly then).
  bool uncertain() const { return n_unknown > 1 && c[0] != c[n_unknown - 1]; }
  int distinct_unknown() const {
    int k = 0;
    for (int i = 0; i < n_unknown; ++i) k += (i == 0 || c[i] != c[i - 1]);
    return k;
  }
  void clear() {
    std::memset(c, 0, sizeof c);
    n = 0;
    n_unknown = 0;
  }
};

}  // namespace henchmen
