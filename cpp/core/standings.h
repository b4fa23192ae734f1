// Who leads when a game is stopped by its limit (turns, rounds) and the most
// of something (health, working Components) wins.
#pragma once

namespace henchmen {

struct Leader {
  int seat = -1;        // the first seat with the most; -1 when no seat counts
  bool shared = false;  // another seat that counts has as much (a draw)
};

// The leader by `score(p)` among the seats for which `counts(p)` holds.
template <class Score, class Counts>
Leader leader(int players, Score score, Counts counts) {
  Leader l;
  for (int p = 0; p < players; ++p) {
    if (!counts(p)) continue;
    if (l.seat < 0 || score(p) > score(l.seat)) {
      l.seat = p;
      l.shared = false;
    } else if (score(p) == score(l.seat)) {
      l.shared = true;
    }
  }
  return l;
}

}  // namespace henchmen
