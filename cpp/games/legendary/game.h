// Legendary: registration with the core.
#pragma once
#include <memory>

#include "core/native.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

struct Traits : StandardTraits<Traits, Config, State, kNumActions> {
  static GameInfo describe();
  static std::shared_ptr<const Config> configure(const Json& options);
  // Each turn plays at least one card of the Villain Deck (at most ~110
  // cards), and a turn is a bounded number of steps.
  static int max_game_length(const Config&) { return 200 * 600; }
  static int num_zones(const Config&) { return kNumZones; }
  static int card_kinds(const Config&) { return kCardIds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::legendary
