// Villainy: registration with the core.
#pragma once
#include <memory>

#include "core/native.h"
#include "games/villainy/state.h"

namespace henchmen::villainy {

struct Traits {
  using Config = villainy::Config;
  using S = villainy::State;
  static const GameInfo& info();
  static std::shared_ptr<const Config> configure(const Json& options);
  static int num_players(const Config& c) { return c.players; }
  static int num_distinct_actions(const Config&) { return kNumActions; }
  static std::vector<int> observation_shape(const Config& c) { return {observation_length(c)}; }
  // Turns: at most one per player per round; a turn's steps: three actions
  // and eight Special Actions, each with its window (a pass per player),
  // choices and draws, the hand filled, plus the setup's deals.
  static int max_game_length(const Config& c) { return c.max_rounds * c.players * (12 * (c.players + 8) + 40) + c.players * (kHandSize + 2) + 2; }
  static Json card_table(const Config& c) { return c.table; }
  static S initial_state(const Config& c) { return S::initial(c); }
  static S from_json(const Config& c, const Json& doc) { return S::from_json(c, doc); }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kCardIds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::villainy
