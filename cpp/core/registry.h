// The games this build knows, by name.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace henchmen {

struct GameEntry {
  const GameInfo& (*info)();
  std::shared_ptr<Game> (*make)(const Json& options);
};

// Defined in cpp/games/registry.cpp: one line per game.
const std::vector<GameEntry>& registered_games();

// Throws UnknownGameError listing the known names, or OptionError.
std::shared_ptr<Game> make_game(const std::string& name, const Json& options);

}  // namespace henchmen
