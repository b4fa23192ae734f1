// Seven Secret Supervillains: registration with the core.
#pragma once
#include <memory>

#include "core/native.h"
#include "games/sss/modes.h"
#include "games/sss/state.h"

namespace henchmen::sss {

struct Traits : StandardTraits<Traits, Config, State, kNumActions> {
  static GameInfo describe();
  static std::shared_ptr<const Config> configure(const Json& options);
  static void complete_options(const Json& given, Json& resolved) { sss::complete_options(given, resolved); }
  static int max_game_length(const Config& c) { return (c.max_turns + 2) * 400; }
  static int num_zones(const Config&) { return kNumZones; }
  static int card_kinds(const Config&) { return kCardIds; }  // card ids are below this
  // The Climb's result: the turns taken to reach the goal (State::measure).
  static std::string measure_name(const Config& c) { return c.climb_goal != ClimbGoal::kNone ? "turns" : ""; }
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::sss
