// Legendary: registration with the core.
#pragma once
#include <memory>

#include "core/native.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

struct Traits {
  using Config = legendary::Config;
  using S = legendary::State;
  static const GameInfo& info();
  static std::shared_ptr<const Config> configure(const Json& options);
  static int num_players(const Config& c) { return c.players; }
  static int num_distinct_actions(const Config&) { return kNumActions; }
  static std::vector<int> observation_shape(const Config& c) { return {observation_length(c)}; }
  // Each turn plays at least one card of the Villain Deck (at most ~110
  // cards), and a turn is a bounded number of steps.
  static int max_game_length(const Config&) { return 200 * 600; }
  static Json card_table(const Config& c) { return c.table; }
  static S initial_state(const Config& c) { return S::initial(c); }
  static S from_json(const Config& c, const Json& doc) { return S::from_json(c, doc); }
  static int num_zones(const Config&) { return kNumZones; }
  static int card_kinds(const Config&) { return kCardIds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::legendary
