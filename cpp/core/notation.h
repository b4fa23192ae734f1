// Move notation helpers every game shares: how a typed move is matched, and
// the rule that makes matching unambiguous (card names stay distinct after
// that normalisation, so two moves never read the same).
#pragma once
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"

namespace henchmen {

// Lower case, runs of white space as one space, no leading or trailing space.
inline std::string normalize_move(const std::string& text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// Throws OptionError if two names (of cards, crews, heroes...) are empty or
// read the same once normalised: moves naming them could not be told apart.
inline void check_distinct_names(const std::vector<std::string>& names, const std::string& what) {
  std::map<std::string, std::string> seen;
  for (const std::string& name : names) {
    const std::string key = normalize_move(name);
    if (key.empty()) throw OptionError(what + ": a name is empty or only white space");
    const auto it = seen.find(key);
    if (it != seen.end()) {
      throw OptionError(what + ": '" + it->second + "' and '" + name +
                        "' differ only in case or spacing, so moves naming them would read the same");
    }
    seen.emplace(key, name);
  }
}

}  // namespace henchmen
