// One line per game: the only place that knows every game.
#include "core/registry.h"
#include "games/legendary/game.h"
#include "games/parry/game.h"
#include "games/sss/game.h"
#include "games/super/game.h"
#include "games/suet/game.h"
#include "games/villainy/game.h"

namespace henchmen {

const std::vector<GameEntry>& registered_games() {
  static const std::vector<GameEntry> games = {
      {&sss::Traits::info, &sss::make_game},
      {&legendary::Traits::info, &legendary::make_game},
      {&parry::Traits::info, &parry::make_game},
      {&super::Traits::info, &super::make_game},
      {&villainy::Traits::info, &villainy::make_game},
      {&suet::Traits::info, &suet::make_game},
  };
  return games;
}

}  // namespace henchmen
