// Parry: registration with the core (a test game, see state.h).
#pragma once
#include <memory>

#include "core/native.h"
#include "games/parry/state.h"

namespace henchmen::parry {

struct Traits : StandardTraits<Traits, Config, State, kNumActions> {
  static GameInfo describe();
  static std::shared_ptr<const Config> configure(const Json& options);
  static int max_game_length(const Config& c) { return c.max_turns * 4000 + 200; }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kKinds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::parry
