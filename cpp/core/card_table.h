// Reading a card table (the `card_data` option): the checks every game's
// validation shares. A table is user input, so each helper names the place
// and what is allowed, and throws OptionError ("card_data: ...") on the
// first thing wrong; a game adds only the checks its own fields need.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json.h"
#include "core/notation.h"

namespace henchmen::card_table {

[[noreturn]] inline void bad(const std::string& why) { throw OptionError("card_data: " + why); }

// Names of one sort (cards, crews, decks) that must all differ: an exact
// repeat gets its own message, then the normalised comparison that move
// notation needs (check_distinct_names).
inline void distinct(const std::vector<std::string>& names, const std::string& what) {
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = i + 1; j < names.size(); ++j) {
      if (names[i] == names[j]) bad("two " + what + " are named '" + names[i] + "'");
    }
  }
  check_distinct_names(names, "card_data " + what);
}

inline std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

// An object whose every field is one of `allowed`: a misspelt field is refused,
// not ignored.
inline void keys(const Json& obj, const std::vector<std::string>& allowed, const std::string& where) {
  if (!obj.is_object()) bad(where + " must be an object, got " + obj.kind_name());
  for (const auto& kv : obj.as_object(where)) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == kv.first;
    if (!ok) bad(where + " has an unknown field '" + kv.first + "' (fields: " + joined(allowed) + ")");
  }
}

inline const Json& field(const Json& obj, const std::string& key, const std::string& where) {
  const Json* v = obj.find(key);
  if (!v) bad(where + " has no '" + key + "'");
  return *v;
}

// A required integer in [lo, hi].
inline int number(const Json& obj, const std::string& key, const std::string& where, int lo, int hi) {
  const Json& v = field(obj, key, where);
  if (!v.is_int() || v.as_int(where) < lo || v.as_int(where) > hi) {
    bad(where + " " + key + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  }
  return static_cast<int>(v.as_int(where));
}

// A required string of 1 to `max` printable characters.
inline std::string text(const Json& obj, const std::string& key, const std::string& where, size_t max) {
  const Json& v = field(obj, key, where);
  if (!v.is_string()) bad(where + " " + key + " must be a string, got " + v.kind_name());
  const std::string& s = v.as_string(where);
  if (s.empty() || s.size() > max) bad(where + " " + key + " must have 1 to " + std::to_string(max) + " characters");
  for (const char c : s) {
    if (static_cast<unsigned char>(c) < 32) bad(where + " " + key + " must be printable");
  }
  return s;
}

// One of a fixed list of words; its index.
template <size_t N>
int pick(const Json& obj, const std::string& key, const std::string& where, const char* const (&words)[N]) {
  const std::string s = text(obj, key, where, 40);
  std::string list;
  for (size_t i = 0; i < N; ++i) {
    if (s == words[i]) return static_cast<int>(i);
    list += (i ? ", " : "") + std::string(words[i]);
  }
  bad(where + " " + key + " must be one of " + list + ", got '" + s + "'");
}

// An optional true/false (absent is false).
inline bool flag(const Json& obj, const std::string& key, const std::string& where) {
  const Json* v = obj.find(key);
  if (!v) return false;
  if (!v->is_bool()) bad(where + " " + key + " must be true or false");
  return v->as_bool(where);
}

}  // namespace henchmen::card_table
