// Bit tricks for the hot loops of legal-move generation: a pile kept as a
// count per card kind is walked by the kinds it holds (a hand holds a few of
// sixty), not by every kind.
#pragma once
#include <cstdint>
#include <cstring>

namespace henchmen {

// A bit per entry of `counts[0..64)` that is not zero, entry i at bit i.
inline uint64_t nonzero_bits(const uint8_t* counts) {
  uint64_t out = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  for (int i = 0; i < 64; ++i) out |= static_cast<uint64_t>(counts[i] != 0) << i;
  return out;
#endif
  for (int w = 0; w < 8; ++w) {
    uint64_t x;
    std::memcpy(&x, counts + 8 * w, 8);
    // The high bit of each byte: set when the byte is not zero.
    x = (((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | x) & 0x8080808080808080ULL;
    // Gathered into one byte, byte j to bit j (little-endian loads).
    out |= ((x * 0x0002040810204081ULL) >> 56) << (8 * w);
  }
  return out;
}

// The entry that card number r (from 0, counting entry by entry) falls in,
// for counts[0..64) summing to more than r and under 256: eight entries
// summed at once, then one word walked.
inline int entry_of(const uint8_t* counts, uint32_t r) {
  for (int w = 0; w < 8; ++w) {
    uint64_t x;
    std::memcpy(&x, counts + 8 * w, 8);
    const uint32_t sum = static_cast<uint32_t>((x * 0x0101010101010101ULL) >> 56);
    if (r >= sum) {
      r -= sum;
      continue;
    }
    for (int i = 8 * w;; ++i) {
      if (r < counts[i]) return i;
      r -= counts[i];
    }
  }
  return 63;  // unreachable when the counts hold card r
}

// Calls f(i) for every set bit i of `bits`, lowest first.
template <class F>
inline void for_each_bit(uint64_t bits, F&& f) {
  while (bits) {
    f(__builtin_ctzll(bits));
    bits &= bits - 1;
  }
}

}  // namespace henchmen
