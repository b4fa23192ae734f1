// Super!: registration with the core (see state.h).
#pragma once
#include <memory>

#include "core/native.h"
#include "games/super/state.h"

namespace henchmen::super {

struct Traits : StandardTraits<Traits, Config, State, kNumActions> {
  static GameInfo describe();
  static std::shared_ptr<const Config> configure(const Json& options);
  // Per turn: the options, each hit's defense and counterattack, the
  // partings, reload draws; bounded by the round limit.
  static int max_game_length(const Config& c) { return c.max_turns() * 400 + 1000; }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kMaxKinds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::super
