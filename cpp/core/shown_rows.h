// What each row of a batch's output buffers shows, so a step rewrites only
// the entries that change instead of clearing whole rows (issue 41, item 1).
//
// A card game's observation tensor is thousands of floats of which a few
// hundred at most are nonzero (3,387 floats, 13 KB, in Seven Secret
// Supervillains), and its legal mask thousands of bytes with a few dozen set:
// clearing a batch of such rows every step writes megabytes, more than the
// steps themselves cost. So a row remembers what it set: the next write
// zeroes those entries and sets the new ones, work in proportion to the
// nonzero entries. The rows are the batch's own (Python hands out read-only
// views of them); a buffer other than the one last written is written whole.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/compact.h"

namespace henchmen {

// Observation rows written from a game's compact entries (core/compact.h),
// whose sum at each index is the tensor.
class ObservationRows {
 public:
  // Entries remembered per row; a position with more is written dense.
  static constexpr int kMaxEntries = 1024;

  void resize(int64_t rows, int length) {
    capacity_ = std::min(length, kMaxEntries);
    index_.assign(static_cast<size_t>(rows) * static_cast<size_t>(capacity_), 0);
    count_.assign(static_cast<size_t>(rows), kWhole);
  }

  int capacity() const { return capacity_; }

  // Called before a batch writes into `buffer`: if it is not the buffer the
  // rows were last written into, nothing is known of it.
  void track(const float* buffer) {
    if (buffer == buffer_) return;
    buffer_ = buffer;
    std::fill(count_.begin(), count_.end(), kWhole);
  }

  // Row i becomes the tensor whose entries `entries` holds (all of them:
  // its count is at most the capacity).
  void write(int64_t i, float* row, int length, const CompactWriter& entries) {
    int32_t& shown = count_[static_cast<size_t>(i)];
    uint16_t* was = index_.data() + static_cast<size_t>(i) * static_cast<size_t>(capacity_);
    if (shown == kWhole) {
      std::fill_n(row, length, 0.0f);
    } else {
      for (int32_t k = 0; k < shown; ++k) row[was[k]] = 0.0f;
    }
    for (int32_t k = 0; k < entries.count; ++k) row[entries.index[k]] += entries.value[k];
    std::copy_n(entries.index, entries.count, was);
    shown = entries.count;
  }

  // Row i was written some other way (dense): its next write clears it whole.
  void forget(int64_t i) { count_[static_cast<size_t>(i)] = kWhole; }

 private:
  static constexpr int32_t kWhole = -1;  // the row's nonzero entries are unknown

  const float* buffer_ = nullptr;
  int capacity_ = 0;
  std::vector<uint16_t> index_;  // [rows, capacity]: the entries each row last set
  std::vector<int32_t> count_;   // how many, or kWhole
};

// Legal-mask rows: a row that shows a known list of legal actions is cleared
// by unsetting those.
class MaskRows {
 public:
  void resize(int64_t rows) { shows_.assign(static_cast<size_t>(rows), 0); }

  void track(const bool* buffer) {
    if (buffer == buffer_) return;
    buffer_ = buffer;
    std::fill(shows_.begin(), shows_.end(), 0);
  }

  // Row i becomes `legal`'s mask; `shown` is the list it showed, used only
  // when the row is known to show it.
  template <class List>
  void clear(int64_t i, bool* row, int width, const List& shown) {
    if (shows_[static_cast<size_t>(i)]) {
      for (const auto a : shown) row[a] = false;
    } else {
      std::fill_n(row, width, false);
    }
  }
  template <class List>
  void set(int64_t i, bool* row, const List& legal) {
    for (const auto a : legal) row[a] = true;
    shows_[static_cast<size_t>(i)] = 1;
  }

  // The list row i showed is about to change without the row: forget it.
  void forget(int64_t i) { shows_[static_cast<size_t>(i)] = 0; }

 private:
  const bool* buffer_ = nullptr;
  std::vector<uint8_t> shows_;  // 1 while row i shows the batch's legal list of game i (a byte each: threads write their own)
};

}  // namespace henchmen
