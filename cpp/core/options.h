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

}  // namespace henchmen
