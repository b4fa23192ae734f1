// Fixed-capacity card piles for flat, memcpy-able states.
//
// Cards are small integer ids. A `Multiset` is a pile whose order nobody knows
// (kept sorted, so equal piles have equal bytes). A `Deck` is a pile drawn from
// the top: an unordered multiset of unknown cards above a known, ordered
// segment that grows when cards are put on the bottom. Overflow is a logic
// error in the game, never reachable from user input: callers check
// capacities, and validate() checks them again on deserialized states.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>

namespace henchmen {

// Moves c[i + 1, n) down one place (i < n <= N), for a card taken out of a
// pile. Eight bytes at a time, forward, when the pile has eight slots to
// spare past n (a pile's slots past its count hold 0, so the words carry
// zeros down behind the last card): a draw or a discard shifts a few to a
// few dozen cards, and memmove's call and its branches on the size (which
// mispredict as the sizes vary) cost more than the move.
template <int N>
inline void close_gap(uint8_t (&c)[N], int i, int n) {
  if (n + 8 > N) {
    std::memmove(c + i, c + i + 1, static_cast<size_t>(n - i - 1));
    return;
  }
  for (int j = i; j < n - 1; j += 8) {
    uint64_t w;
    std::memcpy(&w, c + j + 1, sizeof w);
    std::memcpy(c + j, &w, sizeof w);
  }
}

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
  // Adds every card of a sorted pile in one merge (as many as fit, smallest
  // first, as adding them one by one would): a cleanup's or a reshuffle's bulk move.
  // Merged in place from the back: the cards below every new one never move,
  // and no copy of the whole pile is made (a cleanup merges a hand into a
  // long discard pile every turn).
  template <int M>
  void add_all(const Multiset<M>& from) {
    const int take = std::min<int>(from.n, N - n);
    if (take <= 0) return;
    int i = n - 1;
    for (int j = take - 1, out = n + take - 1; j >= 0; --out) c[out] = (i >= 0 && c[i] > from.c[j]) ? c[i--] : from.c[j--];
    n = static_cast<uint8_t>(n + take);
  }
  // Removes one copy; returns the place it stood, or -1 if none was there.
  int remove_at(uint8_t card) {
    for (int i = 0; i < n; ++i) {
      if (c[i] == card) {
        erase_at(i);
        return i;
      }
    }
    return -1;
  }
  bool remove(uint8_t card) { return remove_at(card) >= 0; }
  // Removes the card at place i (< size()), found by the caller (a random draw).
  void erase_at(int i) {
    close_gap(c, i, n);
    --n;
    c[n] = 0;
  }
  // remove, then whether a copy is left: the pile is sorted, so one would
  // now stand where the removed card stood (no second scan).
  bool remove_leaves_copy(uint8_t card) {
    const int i = remove_at(card);
    return i >= 0 && i < n && c[i] == card;
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
  // The distinct cards, ascending, into `out` (room for size() cards); how
  // many. Branch-free, for hot listings: for_each_distinct's inner loop
  // mispredicts at the end of every run of equal cards, and a hand is mostly runs of one.
  int distinct_into(uint8_t* out) const {
    int k = 0;
    for (int i = 0; i < n; ++i) {
      out[k] = c[i];
      k += i == 0 || c[i] != c[i - 1];
    }
    return k;
  }
  int distinct() const {
    int k = 0;
    for (int i = 0; i < n; ++i) k += (i == 0 || c[i] != c[i - 1]);
    return k;
  }
  // True when the pile holds more than one kind of card (sorted: the ends differ).
  bool mixed() const { return n > 1 && c[0] != c[n - 1]; }
};

// A Deck may also hold a known top segment (T > 0 slots): cards put back on
// top or looked at there, top[0] first, each with the players who know it
// (a bit per player; every bit set: everyone saw it). Those cards are drawn
// before the unknown part. A known card under the unknown part is public
// unless its bit in `bottom_private` is set: then only the deck's owner
// knows it (a bottom card they looked at and left there).
template <int N, int T = 0>
struct Deck {
  static constexpr int kTop = T > 0 ? T : 1;
  uint8_t n = 0;          // cards under the top segment
  uint8_t n_unknown = 0;  // the first n_unknown ids: unordered, kept sorted
  uint8_t n_top = 0;      // cards of the known top segment
  uint8_t c[N] = {};      // then the known cards, from the top down to the bottom
  uint8_t top[kTop] = {};       // the known top segment, top first
  uint8_t top_seen[kTop] = {};  // who knows each of them: a bit per player
  uint64_t bottom_private[(N + 63) / 64] = {};  // bit k: the k-th known card under the unknown part (from its top)

  static constexpr int capacity() { return N; }
  static constexpr int top_capacity() { return T; }
  bool empty() const { return size() == 0; }
  int size() const { return n + n_top; }
  int known() const { return n - n_unknown; }
  bool top_full() const { return n_top >= T || size() >= N; }

  // Adds an unknown card (e.g. reshuffling a discard pile into an empty deck).
  void add_unknown(uint8_t card) {
    if (size() >= N) return;
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
  // Adds k cards, sorted ascending, to the unknown part at once (a discard
  // pile reshuffled): one merge, where k add_unknown calls would each shift
  // the pile. The same cards land as k add_unknown calls would leave them.
  void add_unknown_sorted(const uint8_t* cards, int k) {
    k = std::min(k, N - size());
    if (k <= 0) return;
    std::memmove(c + n_unknown + k, c + n_unknown, static_cast<size_t>(n - n_unknown));
    int i = n_unknown - 1;
    int j = k - 1;
    for (int out = n_unknown + k - 1; j >= 0; --out) c[out] = (i >= 0 && c[i] > cards[j]) ? c[i--] : cards[j--];
    n = static_cast<uint8_t>(n + k);
    n_unknown = static_cast<uint8_t>(n_unknown + k);
  }
  void put_bottom(uint8_t card, bool owner_only = false) {
    if (size() >= N) return;
    c[n++] = card;
    set_private(known() - 1, owner_only);
  }
  // Removes one unknown card of this id (a chance outcome); false if none.
  bool take_unknown(uint8_t card) {
    for (int i = 0; i < n_unknown; ++i) {
      if (c[i] == card) {
        take_unknown_at(i);
        return true;
      }
    }
    return false;
  }
  // Takes the unknown card at place i (< n_unknown), found by the caller (a random draw).
  uint8_t take_unknown_at(int i) {
    const uint8_t card = c[i];
    close_gap(c, i, n);
    --n;
    --n_unknown;
    c[n] = 0;
    return card;
  }
  // Takes the next card under an empty top segment: a chance outcome's card
  // (>= 0), else the one unknown card left (certain), else the known card on
  // top of the known part.
  uint8_t take_next(int outcome) {
    if (outcome < 0 && n_unknown == 0) return take_known_top();
    const uint8_t card = outcome >= 0 ? static_cast<uint8_t>(outcome) : c[0];
    take_unknown(card);
    return card;
  }
  // Takes the topmost known card under the unknown part; only when no
  // unknown card lies above it (and the top segment is empty).
  uint8_t take_known_top() {
    const uint8_t card = c[0];
    close_gap(c, 0, n);
    --n;
    c[n] = 0;
    constexpr int words = (N + 63) / 64;
    for (int w = 0; w < words; ++w) {
      const uint64_t carry = w + 1 < words ? bottom_private[w + 1] << 63 : 0;
      bottom_private[w] = (bottom_private[w] >> 1) | carry;
    }
    return card;
  }
  // Takes the bottom card (a known one under the unknown part).
  uint8_t take_bottom() {
    const uint8_t card = c[n - 1];
    set_private(known() - 1, false);
    --n;
    c[n] = 0;
    return card;
  }
  bool bottom_is_private(int k) const { return (bottom_private[k / 64] >> (k % 64)) & 1u; }
  void mark_private(int k) { set_private(k, true); }
  // Puts a card on the known top segment; false (nothing done) if it is full.
  bool put_top(uint8_t card, uint8_t seen) {
    if (top_full()) return false;
    for (int i = n_top; i > 0; --i) {
      top[i] = top[i - 1];
      top_seen[i] = top_seen[i - 1];
    }
    top[0] = card;
    top_seen[0] = seen;
    ++n_top;
    return true;
  }
  // Takes the known top card (top[0]); only when n_top > 0.
  uint8_t take_top() { return take_top_at(0); }
  uint8_t take_top_at(int i) {
    const uint8_t card = top[i];
    for (int j = i + 1; j < n_top; ++j) {
      top[j - 1] = top[j];
      top_seen[j - 1] = top_seen[j];
    }
    --n_top;
    top[n_top] = 0;
    top_seen[n_top] = 0;
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
  void clear() { *this = Deck(); }

 private:
  void set_private(int k, bool on) {
    const uint64_t bit = uint64_t{1} << (k % 64);
    if (on) bottom_private[k / 64] |= bit;
    else bottom_private[k / 64] &= ~bit;
  }
};

// Piles kept as counts by card id (Super!, S.U.E.T.). Resampling from the
// position alone: the deck and the hands of the players in `others` (a bit
// each) are one pool, and those hands are dealt again from it in their sizes
// (players in seat order); the deck keeps the rest.
template <int P, int K, class Rng>
void redeal_hands(uint8_t (&deck)[K], uint8_t (&hands)[P][K], const uint8_t (&hand_n)[P], int kinds, uint32_t others, Rng& rng) {
  uint8_t pool[K] = {};
  int pool_n = 0;
  for (int k = 0; k < kinds; ++k) {
    pool[k] = deck[k];
    for (int p = 0; p < P; ++p) {
      if ((others >> p) & 1) pool[k] = static_cast<uint8_t>(pool[k] + hands[p][k]);
    }
    pool_n += pool[k];
  }
  for (int p = 0; p < P; ++p) {
    if (!((others >> p) & 1)) continue;
    for (int k = 0; k < K; ++k) hands[p][k] = 0;
    for (int i = 0; i < hand_n[p]; ++i) {
      uint32_t r = rng.below(static_cast<uint32_t>(pool_n));
      int k = 0;
      while (r >= pool[k]) r -= pool[k++];
      --pool[k];
      --pool_n;
      ++hands[p][k];
    }
  }
  for (int k = 0; k < K; ++k) deck[k] = pool[k];
}

}  // namespace henchmen
