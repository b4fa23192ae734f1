// A stable 64-bit hash built field by field, so it does not depend on struct
// layout, padding or platform. Games feed it the same content their position
// JSON holds, in a fixed order.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace henchmen {

class Hasher {
 public:
  void add(uint64_t v) {
    h_ ^= v + 0x9E3779B97F4A7C15ULL + (h_ << 6) + (h_ >> 2);
    h_ = mix(h_);
  }
  void add_bytes(const uint8_t* p, int n) {
    add(static_cast<uint64_t>(n));
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w = 0;
      for (int k = 7; k >= 0; --k) w = (w << 8) | p[i + k];  // little-endian, on every platform
      add(w);
    }
    uint64_t tail = 0;
    for (int k = n - 1; k >= i; --k) tail = (tail << 8) | p[k];
    add(tail);
  }
  template <class Pile>
  void add_pile(const Pile& pile) {
    add_bytes(pile.c, pile.n);
  }
  uint64_t value() const { return mix(h_ ^ 0xD6E8FEB86659FD93ULL); }

 private:
  static uint64_t mix(uint64_t x) {
    uint64_t s = x;
    return splitmix64(s);
  }
  uint64_t h_ = 0x8A5CD789635D2DFFULL;
};

}  // namespace henchmen
