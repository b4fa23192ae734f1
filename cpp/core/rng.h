// A portable, seeded random number generator with pinned output.
//
// Determinism across platforms is a contract (same seed and actions give the
// same states everywhere), so we never use std::shuffle or the standard
// distributions, whose results differ between standard libraries.
// xoshiro256** (Blackman & Vigna) seeded through splitmix64; bounded draws use
// Lemire's multiply-and-reject method, which is exactly unbiased.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace henchmen {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }

  uint64_t next_u64() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n); n must be at least 1.
  uint32_t below(uint32_t n) {
    uint64_t m = static_cast<uint64_t>(next_u32()) * n;
    uint32_t low = static_cast<uint32_t>(m);
    if (low < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (low < threshold) {
        m = static_cast<uint64_t>(next_u32()) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform double in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  uint32_t next_u32() { return static_cast<uint32_t>(next_u64() >> 32); }

  // A child generator for an independent stream (e.g. one per game in a batch).
  static uint64_t derive_seed(uint64_t seed, uint64_t index) {
    uint64_t x = seed ^ (index * 0xD1B54A32D192ED03ULL);
    splitmix64(x);
    return splitmix64(x);
  }

  // The generator's whole position, to save and restore it exactly.
  std::array<uint64_t, 4> words() const { return {s_[0], s_[1], s_[2], s_[3]}; }
  // Restores a position from words(); false (and unchanged) if they are all
  // zero, the one state xoshiro256** cannot be in.
  bool set_words(const std::array<uint64_t, 4>& w) {
    if ((w[0] | w[1] | w[2] | w[3]) == 0) return false;
    for (int i = 0; i < 4; ++i) s_[i] = w[static_cast<size_t>(i)];
    return true;
  }

  bool operator==(const Rng& o) const {
    return s_[0] == o.s_[0] && s_[1] == o.s_[1] && s_[2] == o.s_[2] && s_[3] == o.s_[3];
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace henchmen
