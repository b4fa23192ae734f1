#include "core/registry.h"

#include "core/error.h"

namespace henchmen {

std::shared_ptr<Game> make_game(const std::string& name, const Json& options) {
  std::string known;
  for (const auto& entry : registered_games()) {
    if (entry.info().name == name) return entry.make(options);
    known += (known.empty() ? "" : ", ") + entry.info().name;
  }
  throw UnknownGameError("no game named " + quote(name) + "; known games: " + known);
}

}  // namespace henchmen
