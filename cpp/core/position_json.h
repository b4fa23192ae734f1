// The position JSON's vocabulary: what every game's serialize.cpp reads and
// writes the same way (cards by name, counts by card, player bitsets as seat
// lists, enum values as words, reaction windows). Every reader throws
// SerializationError ("invalid position: ...") naming the key and what would
// be allowed; none of them trusts its input. core/fields.h builds on these.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/card_json.h"
#include "core/error.h"
#include "core/json.h"

namespace henchmen {

namespace detail {
template <class C, class = void>
struct has_card_from_name : std::false_type {};
template <class C>
struct has_card_from_name<C, std::void_t<decltype(std::declval<const C&>().card_from_name(std::string()))>> : std::true_type {};
}  // namespace detail

// A card id from its name: through the Config's own card_from_name where it
// has one (ids with gaps), else by the names of its `kinds` ids.
template <class Config>
int card_named(const Config& cfg, const std::string& name, const std::string& what) {
  if constexpr (detail::has_card_from_name<Config>::value) {
    const int id = cfg.card_from_name(name);
    if (id >= 0) return id;
  } else {
    for (int k = 0; k < cfg.kinds; ++k) {
      if (cfg.name[k] == name) return k;
    }
  }
  broken_position(what + " names no card " + quote(name));
}

// A card or a sentinel (`none`) for no card: null on the wire.
template <class Config>
Json card_or_null(const Config& cfg, uint8_t card, uint8_t none) {
  return card == none ? Json() : Json(cfg.name[card]);
}
template <class Config>
uint8_t read_card_or_none(const Config& cfg, const Json& v, uint8_t none, const std::string& what) {
  return v.is_null() ? none : static_cast<uint8_t>(card_named(cfg, v.as_string(what), what));
}

// {name: count} (card_counts writes it), each count from 1 to the copies the
// card table has: a file cannot hold more of a card than the game does.
template <class Config>
void read_card_counts(const Config& cfg, const Json& v, uint8_t* counts, int ids, const std::string& what) {
  if (!v.is_object()) broken_position(what + " must be an object of card name to count");
  for (int k = 0; k < ids; ++k) counts[k] = 0;
  for (const auto& [name, n] : v.as_object(what)) {
    const int k = card_named(cfg, name, what);
    counts[k] = static_cast<uint8_t>(n.as_int(what, 1, cfg.count[k]));
  }
}

// A pile (core/piles.h: clear, add, capacity) as a list of card names.
template <class Config, class Pile>
void read_pile(const Config& cfg, const Json& v, Pile& pile, const std::string& what) {
  pile.clear();
  const auto& cards = v.as_array(what);
  if (static_cast<int>(cards.size()) > Pile::capacity()) broken_position(what + " holds more cards than it can (" + std::to_string(Pile::capacity()) + ")");
  for (const auto& card : cards) pile.add(static_cast<uint8_t>(card_named(cfg, card.as_string(what), what)));
}

// An enum value as one of its words.
inline int word_index(const Json& v, const char* const* words, int n, const std::string& what) {
  const std::string& s = v.as_string(what);
  std::string list;
  for (int i = 0; i < n; ++i) {
    if (s == words[i]) return i;
    list += (i ? ", " : "") + std::string(words[i]);
  }
  broken_position(what + " must be one of " + list + ", not " + quote(s));
}
template <size_t N>
uint8_t word(const Json& v, const char* const (&words)[N], const std::string& what) {
  return static_cast<uint8_t>(word_index(v, words, static_cast<int>(N), what));
}

// A set of players (a bit each) as the ascending list of their seats.
inline Json seat_list(uint32_t mask, int players) {
  Json a = Json(Json::Array{});
  for (int p = 0; p < players; ++p) {
    if ((mask >> p) & 1) a.push_back(p);
  }
  return a;
}
inline uint32_t read_seat_list(const Json& v, int players, const std::string& what) {
  uint32_t mask = 0;
  for (const Json& x : v.as_array(what)) {
    const int p = static_cast<int>(x.as_int(what, 0, players - 1));
    if ((mask >> p) & 1) broken_position(what + " lists player " + std::to_string(p) + " twice");
    mask |= 1u << p;
  }
  return mask;
}

// A key holding one entry per seated player.
inline const Json::Array& per_player(const Json& doc, const std::string& key, int players, const std::string& what = "position") {
  const auto& a = doc.at(key, what).as_array(key);
  if (static_cast<int>(a.size()) != players) broken_position(key + " must list one entry per player (" + std::to_string(players) + ")");
  return a;
}

// Open reaction windows (core/reactions.h) as JSON: trigger, opener, the
// game's argument, who is asked, next and passes. What differs per game is
// the words of its triggers, the key and form of the argument and how many
// players a window may ask; the hashing of windows stays each game's own.
template <class Config, class Window>
struct WindowFormat {
  const char* const* triggers = nullptr;  // nullptr: one trigger (0) and no "trigger" key
  int n_triggers = 1;
  const char* arg_key = nullptr;  // nullptr: no argument on the wire
  Json (*write_arg)(const Config&, const Window&) = nullptr;
  uint8_t (*read_arg)(const Config&, const Json&, uint8_t trigger) = nullptr;  // throws on a bad one
  int max_depth = 1;
  int max_asked = 0;  // players a window may ask: 0 all, below 0 all but that many, else that many
};

template <class Config, class R>
Json windows_json(const Config& cfg, const R& reactions, const WindowFormat<Config, typename R::Window>& f) {
  Json windows = Json(Json::Array{});
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    Json o;
    if (f.triggers) o["trigger"] = f.triggers[w.trigger < f.n_triggers ? w.trigger : 0];
    o["opener"] = static_cast<int>(w.opener);
    if (f.arg_key) o[f.arg_key] = f.write_arg(cfg, w);
    Json asked = Json(Json::Array{});
    for (int i = 0; i < w.n; ++i) asked.push_back(static_cast<int>(w.order[i]));
    o["asked"] = asked;
    o["next"] = static_cast<int>(w.next);
    o["passes"] = static_cast<int>(w.passes);
    windows.push_back(o);
  }
  return windows;
}

template <class Config, class R>
void read_windows(const Config& cfg, const Json& v, R& reactions, const WindowFormat<Config, typename R::Window>& f) {
  const int n = cfg.players;
  const auto& windows = v.as_array("windows");
  if (static_cast<int>(windows.size()) > f.max_depth) broken_position("at most " + std::to_string(f.max_depth) + " reaction windows are open at once");
  const int most = f.max_asked > 0 ? f.max_asked : n + f.max_asked;
  for (const auto& wj : windows) {
    std::vector<std::string> keys = {"opener", "asked", "next", "passes"};
    if (f.triggers) keys.emplace_back("trigger");
    if (f.arg_key) keys.emplace_back(f.arg_key);
    json_expect_keys(wj, keys, "window");
    auto& w = reactions.windows[reactions.depth++];
    w.trigger = f.triggers ? static_cast<uint8_t>(word_index(wj.at("trigger", "window"), f.triggers, f.n_triggers, "trigger")) : 0;
    w.opener = static_cast<int8_t>(wj.at("opener", "window").as_int("opener", 0, n - 1));
    if (f.arg_key) w.arg = f.read_arg(cfg, wj.at(f.arg_key, "window"), w.trigger);
    const auto& asked = wj.at("asked", "window").as_array("asked");
    if (asked.empty() || static_cast<int>(asked.size()) > most) broken_position("a window asks from 1 to " + std::to_string(most) + " players");
    for (const auto& a : asked) w.order[w.n++] = static_cast<uint8_t>(a.as_int("asked", 0, n - 1));
    w.next = static_cast<uint8_t>(wj.at("next", "window").as_int("next", 0, w.n - 1));
    w.passes = static_cast<uint8_t>(wj.at("passes", "window").as_int("passes", 0, w.n - 1));
  }
}

}  // namespace henchmen
