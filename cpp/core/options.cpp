#include "core/options.h"

#include "core/error.h"

namespace henchmen {
namespace {

// A string option value as JSON shows it ("duel"), clipped like every quoted input.
std::string in_double_quotes(const std::string& s) {
  std::string q = quote(s);
  const size_t close = q.size() == s.size() + 2 ? q.size() - 1 : q.rfind("'... (");
  q[0] = '"';
  q[close] = '"';
  return q;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    out += v[i];
  }
  return out;
}

std::string allowed(const OptionSpec& s) {
  switch (s.kind) {
    case OptionSpec::Kind::Int:
      if (s.min == s.max) return "exactly " + std::to_string(s.min);
      return "an integer from " + std::to_string(s.min) + " to " + std::to_string(s.max);
    case OptionSpec::Kind::Bool: return "true or false";
    case OptionSpec::Kind::Choice: return "one of: " + join(s.choices);
    case OptionSpec::Kind::ChoiceList: return "a list of names from: " + join(s.choices);
    case OptionSpec::Kind::Text: return "a string";
  }
  return "?";
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  for (const auto& s : v) {
    if (s == x) return true;
  }
  return false;
}

}  // namespace

Json OptionSpec::describe() const {
  Json d;
  d["name"] = name;
  d["default"] = default_value;
  d["doc"] = doc;
  d["allowed"] = allowed(*this);
  if (kind == Kind::Choice || kind == Kind::ChoiceList) {
    Json names = Json(Json::Array{});
    for (const auto& c : choices) names.push_back(c);
    d["choices"] = names;
  }
  const char* kinds[] = {"int", "bool", "choice", "choice-list", "text"};
  d["kind"] = kinds[static_cast<int>(kind)];
  return d;
}

Json resolve_options(const std::string& game, const std::vector<OptionSpec>& specs, const Json& given) {
  if (!given.is_null() && !given.is_object()) throw OptionError("options for " + game + " must be a mapping of names to values");
  Json out = Json(Json::Object{});
  if (given.is_object()) {
    for (const auto& [key, value] : given.as_object("options")) {
      const OptionSpec* spec = nullptr;
      for (const auto& s : specs) {
        if (s.name == key) spec = &s;
      }
      if (!spec) {
        std::vector<std::string> names;
        for (const auto& s : specs) names.push_back(s.name);
        throw OptionError(game + " has no option " + quote(key) + "; its options are: " + join(names));
      }
      const std::string bad = "option '" + key + "' of " + game + " must be " + allowed(*spec) + ", got " + (value.is_string() ? in_double_quotes(value.as_string(key)) : clip(value.dump()));
      switch (spec->kind) {
        case OptionSpec::Kind::Int:
          if (!value.is_int() || value.as_int(key) < spec->min || value.as_int(key) > spec->max) throw OptionError(bad);
          break;
        case OptionSpec::Kind::Bool:
          if (!value.is_bool()) throw OptionError(bad);
          break;
        case OptionSpec::Kind::Choice:
          if (!value.is_string() || !contains(spec->choices, value.as_string(key))) throw OptionError(bad);
          break;
        case OptionSpec::Kind::ChoiceList:
          if (!value.is_array()) throw OptionError(bad);
          for (const auto& item : value.as_array(key)) {
            if (!item.is_string() || !contains(spec->choices, item.as_string(key))) throw OptionError(bad);
          }
          break;
        case OptionSpec::Kind::Text:
          if (!value.is_string()) throw OptionError(bad);
          break;
      }
      out[key] = value;
    }
  }
  for (const auto& s : specs) {
    if (!out.has(s.name)) out[s.name] = s.default_value;
  }
  return out;
}

OptionSpec players_option(int min_players, int max_players, const std::string& doc) {
  return OptionSpec{"players", OptionSpec::Kind::Int, Json(2), min_players, max_players, {}, doc};
}

OptionSpec card_data_option() {
  return OptionSpec{"card_data", OptionSpec::Kind::Text, Json(""), 0, 0, {}, "A replacement card table as JSON text (same shape as the built-in one); empty for the built-in table."};
}

Json parse_card_data(const std::string& data, const Json& builtin) {
  if (data.empty()) return builtin;
  try {
    return Json::parse(data);
  } catch (const SerializationError& e) {
    throw OptionError(std::string("card_data is not valid JSON: ") + e.what());
  }
}

Json card_data_table(const Json& options, const Json& builtin) { return parse_card_data(options.at("card_data", "options").as_string("card_data"), builtin); }

}  // namespace henchmen
