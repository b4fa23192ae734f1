// The default search bot's settings, game by game: what `ismcts` (SearchBot,
// the command line's bot specs, a native BotSpec, the table's hint) plays
// with where the user gave no value. An explicit value always wins.
//
// One table, read by the bindings (bot specs are resolved against the game
// they play) and by Python (`henchmen._core.search_defaults`). Each row was
// measured against the previous default (1000 iterations, exploration 0.3,
// the heuristic leaf) at equal time a move: docs/strength.md, "The default
// bot, game by game" (bench/versus.py). `iterations` keeps a row's time a
// move near the old default's where its iterations cost more.
#pragma once
#include <cstdint>
#include <string>

namespace henchmen {

struct SearchDefaults {
  int64_t iterations = 1000;
  double exploration = 0.3;
  int rollout_depth = 0;  // the game's heuristic at the leaf
  bool puct = false;
  int greedy_prior = 0;  // SearchConfig::greedy_prior
};

inline SearchDefaults search_defaults(const std::string& game) {
  struct Row {
    const char* game;
    SearchDefaults d;
  };
  // Super!: the heuristic leaf capped the search (flat curve); 10 random
  // steps before it beat it 77.5% at equal iterations; half the iterations
  // keep the time a move.
  // Seven Secret Supervillains: the heuristic in the middle of a turn tells
  // moves apart by hundredths; a prior of 1000 visits a root move valued at
  // the end of the turn (greedy_prior) beat the old default 66.5% at equal
  // time (100: 59%, 300: 63.5%); 800 iterations keep the time a move with
  // the prior's cost.
  static const Row rows[] = {
      {"super", {500, 0.3, 10, false, 0}},
      {"seven-secret-supervillains", {800, 0.3, 0, false, 1000}},
  };
  for (const Row& r : rows) {
    if (game == r.game) return r.d;
  }
  return SearchDefaults{};
}

}  // namespace henchmen
