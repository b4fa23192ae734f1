// Bit tricks for the hot loops of legal-move generation: a pile kept as a
// count per card kind is walked by the kinds it holds (a hand holds a few of
// fifty), not by every kind.
#pragma once
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace henchmen {

// A bit per entry of `counts` that is not zero, entry i at bit i.
template <int N>
inline uint64_t nonzero_bits(const uint8_t (&counts)[N]) {
  static_assert(N % 8 == 0 && N <= 64, "counts come in whole words, at most 64");
  uint64_t out = 0;
  int from = 0;
#if defined(__SSE2__)
  // Sixteen counts at a time: compare with zero, one bit per byte.
  const __m128i zero = _mm_setzero_si128();
  for (; from + 16 <= N; from += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts + from));
    const uint64_t empty = static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)));
    out |= (~empty & 0xffffu) << from;
  }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  for (; from < N; ++from) out |= static_cast<uint64_t>(counts[from] != 0) << from;
#else
  for (; from < N; from += 8) {
    uint64_t x;
    std::memcpy(&x, counts + from, 8);
    // The high bit of each byte: set when the byte is not zero (the low seven
    // bits plus 0x7f reach it exactly then, and never carry into the next byte).
    x = (((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | x) & 0x8080808080808080ULL;
    // Gathered into one byte, byte j to bit j.
    out |= ((x * 0x0002040810204081ULL) >> 56) << from;
  }
#endif
  return out;
}

// The entry that card number r (from 0, counting entry by entry) falls in,
// for counts summing to more than r and under 256: eight entries summed at
// once (no byte of the running sum can overflow), then one word walked.
template <int N>
inline int entry_of(const uint8_t (&counts)[N], uint32_t r) {
  static_assert(N % 8 == 0, "counts come in whole words");
  for (int w = 0; w < N; w += 8) {
    uint64_t x;
    std::memcpy(&x, counts + w, 8);
    const uint32_t sum = static_cast<uint32_t>((x * 0x0101010101010101ULL) >> 56);  // any byte order
    if (r >= sum) {
      r -= sum;
      continue;
    }
    for (int i = w;; ++i) {
      if (r < counts[i]) return i;
      r -= counts[i];
    }
  }
  return N - 1;  // unreachable when the counts hold card r
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
