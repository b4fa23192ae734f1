// One line per game: each game's flat state registered with the native search.
#include <utility>

#include "core/error.h"
#include "games/legendary/game.h"
#include "games/parry/game.h"
#include "games/sss/game.h"
#include "games/super/game.h"
#include "games/suet/game.h"
#include "games/villainy/game.h"
#include "search/engine.h"

namespace henchmen {

const Engine& engine_for(const Game& g) {
  static const EngineFor<sss::Traits> sss_engine;
  static const EngineFor<legendary::Traits> legendary_engine;
  static const EngineFor<parry::Traits> parry_engine;
  static const EngineFor<super::Traits> super_engine;
  static const EngineFor<suet::Traits> suet_engine;
  static const EngineFor<villainy::Traits> villainy_engine;
  static const std::pair<const GameInfo& (*)(), const Engine*> engines[] = {
      {&sss::Traits::info, &sss_engine},
      {&legendary::Traits::info, &legendary_engine},
      {&parry::Traits::info, &parry_engine},
      {&super::Traits::info, &super_engine},
      {&suet::Traits::info, &suet_engine},
      {&villainy::Traits::info, &villainy_engine},
  };
  for (const auto& [info, engine] : engines) {
    if (&g.info() == &info()) return *engine;
  }
  throw UnknownGameError("no native engine for the game '" + g.info().name + "'");
}

}  // namespace henchmen
