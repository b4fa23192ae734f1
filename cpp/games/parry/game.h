// Parry: registration with the core (a test game, see state.h).
#pragma once
#include <memory>

#include "core/native.h"
#include "games/parry/state.h"

namespace henchmen::parry {

struct Traits {
  using Config = parry::Config;
  using S = parry::State;
  static const GameInfo& info();
  static std::shared_ptr<const Config> configure(const Json& options);
  static int num_players(const Config& c) { return c.players; }
  static int num_distinct_actions(const Config&) { return kNumActions; }
  static std::vector<int> observation_shape(const Config& c) { return {observation_length(c)}; }
  static int max_game_length(const Config& c) { return c.max_turns * 4000 + 200; }
  static Json card_table(const Config& c) { return c.table; }
  static S initial_state(const Config& c) { return S::initial(c); }
  static S from_json(const Config& c, const Json& doc) { return S::from_json(c, doc); }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kKinds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::parry
