// Shared by the fuzz targets: every registered game at every player count,
// and a few positions of each reached by seeded random play.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/registry.h"

namespace henchmen::fuzz {

inline const std::vector<std::shared_ptr<Game>>& all_games() {
  static const std::vector<std::shared_ptr<Game>> games = [] {
    std::vector<std::shared_ptr<Game>> out;
    for (const auto& entry : registered_games()) {
      for (int p = entry.info().min_players; p <= entry.info().max_players; ++p) {
        Json options;
        options["players"] = p;
        out.push_back(make_game(entry.info().name, options));
      }
      // A game's other modes, at each count they allow (the one a count picks is above).
      for (const OptionSpec& spec : entry.info().options) {
        if (spec.name != "mode") continue;
        for (const std::string& mode : spec.choices) {
          for (int p = entry.info().min_players; p <= entry.info().max_players; ++p) {
            Json by_count;
            by_count["players"] = p;
            if (make_game(entry.info().name, by_count)->options().at("mode", "options").as_string("mode") == mode) continue;
            Json options = by_count;
            options["mode"] = mode;
            try {
              out.push_back(make_game(entry.info().name, options));
            } catch (const OptionError&) {
              // Not a count this mode is played at.
            }
          }
        }
      }
    }
    return out;
  }();
  return games;
}

// Random play with explicit chance; a broken invariant throws (and so aborts
// the fuzzer with the input that led here).
inline void play_on(State& s, Rng& rng, int steps) {
  for (int i = 0; i < steps && !s.is_terminal(); ++i) {
    const std::vector<Action> legal = s.legal_actions();
    if (legal.empty()) throw std::logic_error("a live state with no legal action");
    s.apply(s.is_chance() ? s.sample_chance(rng) : legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    s.validate();
  }
}

// Positions to parse notation in: chance nodes and decisions, early and late.
inline const std::vector<std::unique_ptr<State>>& positions() {
  static const std::vector<std::unique_ptr<State>> states = [] {
    std::vector<std::unique_ptr<State>> out;
    for (const auto& game : all_games()) {
      auto s = game->new_initial_state();
      Rng rng(7);
      int done = 0;
      for (const int target : {0, 1, 5, 20, 60, 150, 400}) {
        play_on(*s, rng, target - done);
        done = target;
        out.push_back(s->clone());
      }
    }
    return out;
  }();
  return states;
}

}  // namespace henchmen::fuzz
