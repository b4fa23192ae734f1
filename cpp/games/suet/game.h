// S.U.E.T.: registration with the core (see state.h).
#pragma once
#include <memory>

#include "core/native.h"
#include "games/suet/state.h"

namespace henchmen::suet {

struct Traits : StandardTraits<Traits, Config, State, kNumActions> {
  static GameInfo describe();
  static std::shared_ptr<const Config> configure(const Json& options);
  // Per turn: draws, plays, Blocks and passes, choices; bounded by the round
  // limit (an extra turn at most doubles the turns).
  static int max_game_length(const Config& c) { return 2 * c.max_turns() * 150 + 2000; }
  static int num_zones(const Config&) { return kZones; }
  static int card_kinds(const Config&) { return kMaxKinds; }  // card ids are below this
};

std::shared_ptr<Game> make_game(const Json& options);

}  // namespace henchmen::suet
