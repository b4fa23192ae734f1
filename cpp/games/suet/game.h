// S.U.E.T.: registration with the core (see state.h).
#pragma once
#include <memory>

#include "core/native.h"
#include "games/suet/state.h"

namespace henchmen::suet {

struct Traits {
  using Config = suet::Config;
  using S = suet::State;
  static const GameInfo& info();
  static std::shared_ptr<const Config> configure(const Json& options);
  static int num_players(const Config& c) { return c.players; }
  static int num_distinct_actions(const Config&) { return kNumActions; }
  static std::vector<int> observation_shape(const Config& c) { return {observation_length(c)}; }
  // Per turn: draws, plays, Blocks and passes, choices; bounded by the round
  // limit (an extra turn at most doubles the turns).
  static int max_game_length(const Config& c) { return 2 * c.max_turns() * 150 + 2000; }
  static Json card_table(const Config& c) { return c.table; }
  static S initial_state(const Config& c) { return S::initial(c); }
  static S from_json(const Config& c, const Json& doc) { return S::from_json(c, doc); }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kMaxKinds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::suet
