// The compact observation: a game's observation tensor as a short list of
// (index, value) entries, the tensor being their sum at each index (an index
// may repeat; the decoder adds). Card-game tensors are thousands of floats,
// nearly all zero, so writing them dense costs more than the step itself;
// a game writes its entries straight from its piles instead.
//
// The contract for a game (docs/authoring.md, "Compact observations"): an
// encoder `void encode(const void* state, int player, CompactWriter& out)`
// whose entries sum to exactly observation_tensor(player), listed by name in
// cpp/games/encodings.cpp. A game without one gets the generic encoder
// (the dense tensor scanned for nonzeros): correct, just not faster.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace henchmen {

struct CompactWriter {
  uint16_t* index = nullptr;
  float* value = nullptr;
  int32_t capacity = 0;
  int32_t count = 0;  // entries offered; more than capacity means some were dropped

  void add(int i, float v) {
    if (v == 0.0f) return;
    if (count < capacity) {
      index[count] = static_cast<uint16_t>(i);
      value[count] = v;
    }
    ++count;
  }

  // Whether k more entries fit: a caller that knows a run's length checks
  // once, then writes each nonzero entry with put.
  bool room(int k) const { return count + k <= capacity; }
  void put(int i, float v) {
    index[count] = static_cast<uint16_t>(i);
    value[count] = v;
    ++count;
  }
};

// One entry per run of equal cards, at base + card: a sorted pile keeps its
// copies together, so n copies cost one entry of value n * each.
inline void add_runs(CompactWriter& w, int base, const uint8_t* first, const uint8_t* end, float each) {
  if (first == end) return;
  if (!w.room(static_cast<int>(end - first))) {
    // Near the capacity: entry by entry, so the count still tells how many were offered.
    int last = -1;
    float sum = 0.0f;
    for (const uint8_t* card = first; card != end; ++card) {
      if (*card != last && last >= 0) {
        w.add(base + last, sum);
        sum = 0.0f;
      }
      last = *card;
      sum += each;
    }
    w.add(base + last, sum);
    return;
  }
  // A run of n copies sums to n * each, never zero.
  const uint8_t* run = first;
  for (const uint8_t* card = first + 1; card != end; ++card) {
    if (*card != *run) {
      w.put(base + *run, static_cast<float>(card - run) * each);
      run = card;
    }
  }
  w.put(base + *run, static_cast<float>(end - run) * each);
}

using CompactEncoder = void (*)(const void* state, int player, CompactWriter& out);

// The game's own encoder, or nullptr (then the generic one is used).
CompactEncoder compact_encoder(const std::string& game);

// The generic encoder: the dense tensor, in a scratch buffer, scanned.
template <class S>
void encode_from_tensor(const S& s, int player, int64_t length, CompactWriter& out) {
  thread_local std::vector<float> scratch;
  scratch.resize(static_cast<size_t>(length));
  s.observation_tensor(player, scratch.data());
  for (int64_t i = 0; i < length; ++i) out.add(static_cast<int>(i), scratch[static_cast<size_t>(i)]);
}

}  // namespace henchmen
