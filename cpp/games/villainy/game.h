// Villainy: registration with the core.
#pragma once
#include <memory>

#include "core/native.h"
#include "games/villainy/state.h"

namespace henchmen::villainy {

struct Traits : StandardTraits<Traits, Config, State, kNumActions> {
  static GameInfo describe();
  static std::shared_ptr<const Config> configure(const Json& options);
  // Turns: at most one per player per round; a turn's steps: three actions
  // and eight Special Actions, each with its window (a pass per player),
  // choices and draws, the hand filled, plus the setup's deals.
  static int max_game_length(const Config& c) { return c.max_rounds * c.players * (12 * (c.players + 8) + 40) + c.players * (kHandSize + 2) + 2; }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kCardIds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::villainy
