// Game options: declared by each game, validated once at construction.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen {

struct OptionSpec {
  enum class Kind { Int, Bool, Choice, ChoiceList, Text };
  std::string name;
  Kind kind = Kind::Int;
  Json default_value;
  int64_t min = 0;                   // Int
  int64_t max = 0;                   // Int
  std::vector<std::string> choices;  // Choice, ChoiceList
  std::string doc;

  Json describe() const;  // JSON-ready, for `henchmen games` and docs
};

// Fills in defaults and checks every given option against its spec. Throws
// OptionError naming the option and what is allowed.
Json resolve_options(const std::string& game, const std::vector<OptionSpec>& specs, const Json& given);

// The options games share, worded once. `players` defaults to 2.
OptionSpec players_option(int min_players, int max_players, const std::string& doc = "Number of players.");
OptionSpec card_data_option();

// The card table the `card_data` option asks for: its JSON text parsed, or
// `builtin` when the text is empty. Throws OptionError when the text is not
// JSON; what the table holds is checked by the game's own card table reader.
Json parse_card_data(const std::string& data, const Json& builtin);
// The same, reading the text from resolved options.
Json card_data_table(const Json& options, const Json& builtin);

}  // namespace henchmen
