// Which legal list each row of a batch's mask buffer shows, so a step
// rewrites only the entries that change (issue 41, item 1).
//
// A card game's legal mask is thousands of bytes (3,064 in Seven Secret
// Supervillains) with a few dozen set: clearing every row of a batch every
// step cost more than the step. A row that shows a known list is cleared by
// unsetting that list. The rows are the batch's own (Python hands out
// read-only views of them); a buffer other than the one last written is
// written whole.
//
// Observation rows are written whole: rewriting them from the compact
// entries (zero the entries set last, add the new ones) was measured slower
// in suet and Legendary and no faster in Seven Secret Supervillains
// (docs/performance-notes.md, 2026-12-07), twice: the compact encoders cost
// more instructions than the dense writers (SSS 3,190 against 2,450 an
// observation) and the rewrite 740-1,310 more a row, where the memset it
// saves is a fifth of the time.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace henchmen {

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
