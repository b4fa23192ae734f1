// A state's position fields, declared once: the JSON key, the member and a
// codec, in a table each game's State gives as `static auto fields()`:
//
//   static auto fields() {
//     return std::make_tuple(field("turn", &State::turn, Count{1, max_turn}),
//                            field("eliminated", &State::gone, PlayerMask{}),
//                            field("phase", &State::phase, Word{kPhaseWords}));
//   }
//
// From that one table follow writing (write_fields), reading with the range
// checks (read_fields), the keys a position may hold (field_keys) and the
// guard that every field reaches the JSON and the hash (field_check). The
// members stay plain members of a flat, trivially copyable struct: only
// serialization and the guard read the table, never the rules. What a table
// cannot say (derived counts, fields whose shape depends on others,
// cross-field invariants) stays by hand in serialize.cpp and validate.cpp;
// hash.cpp stays hand-written, its values pinned by replays.
//
// A codec writes a member (`write`), reads it back range-checked (`read`,
// throwing SerializationError naming the key) and lists the other values it
// may take (`vary`: set each in turn, call back, restore), which the guard
// uses. A bound is a number or a function of the game's Config.
#pragma once
#include <cstddef>
#include <cstdint>
#include <exception>
#include <iterator>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "core/position_json.h"

namespace henchmen {

template <class Config, class B>
int64_t bound_of(const Config& cfg, const B& b) {
  if constexpr (std::is_invocable_v<const B&, const Config&>) {
    return static_cast<int64_t>(b(cfg));
  } else {
    return static_cast<int64_t>(b);
  }
}
// The highest seat: the bound of every field that names a player.
struct LastSeat {
  template <class Config>
  int operator()(const Config& cfg) const { return cfg.players - 1; }
};

// A number from lo to hi.
template <class Lo, class Hi>
struct Count {
  Lo lo;
  Hi hi;
  template <class C, class M>
  Json write(const C&, const M& m) const { return static_cast<int>(m); }
  template <class C, class M>
  void read(const C& cfg, const Json& v, M& m, const std::string& what) const { m = static_cast<M>(v.as_int(what, bound_of(cfg, lo), bound_of(cfg, hi))); }
  template <class C, class M, class F>
  void vary(const C& cfg, M& m, F&& f) const {
    const int64_t a = bound_of(cfg, lo), b = bound_of(cfg, hi), old = static_cast<int64_t>(m);
    if (a == b) return;
    m = static_cast<M>(old >= a && old < b ? old + 1 : a);
    f(std::string());
    m = static_cast<M>(old);
  }
};
template <class Lo, class Hi>
Count(Lo, Hi) -> Count<Lo, Hi>;

// A number from lo to hi, or null for the sentinel `none` (no picker yet).
template <class Lo, class Hi>
struct CountOrNull {
  Lo lo;
  Hi hi;
  int none;
  template <class C, class M>
  Json write(const C&, const M& m) const { return static_cast<int>(m) == none ? Json() : Json(static_cast<int>(m)); }
  template <class C, class M>
  void read(const C& cfg, const Json& v, M& m, const std::string& what) const {
    m = static_cast<M>(v.is_null() ? none : v.as_int(what, bound_of(cfg, lo), bound_of(cfg, hi)));
  }
  template <class C, class M, class F>
  void vary(const C& cfg, M& m, F&& f) const {
    const M old = m;
    m = static_cast<M>(static_cast<int>(old) == none ? bound_of(cfg, lo) : none);
    f(std::string());
    m = old;
  }
};
template <class Lo, class Hi>
CountOrNull(Lo, Hi, int) -> CountOrNull<Lo, Hi>;

struct Flag {
  template <class C>
  Json write(const C&, bool m) const { return m; }
  template <class C>
  void read(const C&, const Json& v, bool& m, const std::string& what) const { m = v.as_bool(what); }
  template <class C, class F>
  void vary(const C&, bool& m, F&& f) const {
    m = !m;
    f(std::string());
    m = !m;
  }
};

// A set of players, a bit each, as the list of their seats.
struct PlayerMask {
  template <class C, class M>
  Json write(const C& cfg, const M& m) const { return seat_list(static_cast<uint32_t>(m), cfg.players); }
  template <class C, class M>
  void read(const C& cfg, const Json& v, M& m, const std::string& what) const { m = static_cast<M>(read_seat_list(v, cfg.players, what)); }
  template <class C, class M, class F>
  void vary(const C& cfg, M& m, F&& f) const {
    for (int p = 0; p < cfg.players; ++p) {
      m = static_cast<M>(m ^ (1u << p));
      f("[" + std::to_string(p) + "]");
      m = static_cast<M>(m ^ (1u << p));
    }
  }
};

// An enum value as one of its words, in the enum's order.
struct Word {
  const char* const* words;
  int n;
  template <size_t N>
  constexpr Word(const char* const (&w)[N]) : words(w), n(static_cast<int>(N)) {}  // NOLINT(google-explicit-constructor)
  template <class C, class M>
  Json write(const C&, const M& m) const { return words[static_cast<int>(m)]; }
  template <class C, class M>
  void read(const C&, const Json& v, M& m, const std::string& what) const { m = static_cast<M>(word_index(v, words, n, what)); }
  template <class C, class M, class F>
  void vary(const C&, M& m, F&& f) const {
    const M old = m;
    m = static_cast<M>((static_cast<int>(old) + 1) % n);
    f(std::string());
    m = old;
  }
};

// A card by name, or null for the sentinel `none`.
struct CardOrNone {
  uint8_t none;
  template <class C>
  Json write(const C& cfg, uint8_t m) const { return card_or_null(cfg, m, none); }
  template <class C>
  void read(const C& cfg, const Json& v, uint8_t& m, const std::string& what) const { m = read_card_or_none(cfg, v, none, what); }
  template <class C, class F>
  void vary(const C& cfg, uint8_t& m, F&& f) const {
    const uint8_t old = m;
    if (old != none) {
      m = none;
      f(std::string());
    }
    for (size_t k = 0; k < std::size(cfg.name); ++k) {  // another card: the first one named
      if (k != old && k != none && !cfg.name[k].empty()) {
        m = static_cast<uint8_t>(k);
        f(std::string());
        break;
      }
    }
    m = old;
  }
};

// Counts by card id as {name: count}, each from 1 to the card table's copies.
struct CardCounts {
  template <class C, size_t K>
  Json write(const C& cfg, const uint8_t (&m)[K]) const { return card_counts(cfg, m, cfg.kinds); }
  template <class C, size_t K>
  void read(const C& cfg, const Json& v, uint8_t (&m)[K], const std::string& what) const { read_card_counts(cfg, v, m, static_cast<int>(K), what); }
  template <class C, size_t K, class F>
  void vary(const C& cfg, uint8_t (&m)[K], F&& f) const {
    for (int k = 0; k < cfg.kinds; ++k) {
      if (cfg.count[k] == 0) continue;
      const uint8_t old = m[k];
      m[k] = static_cast<uint8_t>(old < cfg.count[k] ? old + 1 : old - 1);
      f("[" + cfg.name[k] + "]");
      m[k] = old;
    }
  }
};

// A pile (core/piles.h) as the list of its cards' names.
struct CardList {
  template <class C, class Pile>
  Json write(const C& cfg, const Pile& m) const { return card_names(cfg, m); }
  template <class C, class Pile>
  void read(const C& cfg, const Json& v, Pile& m, const std::string& what) const { read_pile(cfg, v, m, what); }
  template <class C, class Pile, class F>
  void vary(const C& cfg, Pile& m, F&& f) const {
    const Pile old = m;
    if (m.size() > 0) {
      m.clear();
      f(std::string());
      m = old;
    }
    for (size_t k = 0; k < std::size(cfg.name) && m.size() < Pile::capacity(); ++k) {  // one card more: the first one named
      if (!cfg.name[k].empty()) {
        m.add(static_cast<uint8_t>(k));
        f(std::string());
        break;
      }
    }
    m = old;
  }
};

namespace detail {
// The first n entries of a C array as a JSON list, each through one codec.
template <class Codec, class C, class T>
Json write_entries(const Codec& codec, const C& cfg, const T* m, int n) {
  Json a = Json(Json::Array{});
  for (int i = 0; i < n; ++i) a.push_back(codec.write(cfg, m[i]));
  return a;
}
template <class Codec, class C, class T>
void read_entries(const Codec& codec, const C& cfg, const Json& v, T* m, int n, const std::string& what, const std::string& which) {
  const auto& a = v.as_array(what);
  if (static_cast<int>(a.size()) != n) broken_position(what + " must list " + which);
  for (int i = 0; i < n; ++i) codec.read(cfg, a[static_cast<size_t>(i)], m[i], what);
}
template <class Codec, class C, class T, class F>
void vary_entries(const Codec& codec, const C& cfg, T* m, int n, F&& f) {
  for (int i = 0; i < n; ++i) codec.vary(cfg, m[i], [&](const std::string& sub) { f("[" + std::to_string(i) + "]" + sub); });
}
}  // namespace detail

// A C array of fixed length, every entry through one codec.
template <class Codec>
struct Each {
  Codec codec;
  template <class C, class T, size_t N>
  Json write(const C& cfg, const T (&m)[N]) const { return detail::write_entries(codec, cfg, m, static_cast<int>(N)); }
  template <class C, class T, size_t N>
  void read(const C& cfg, const Json& v, T (&m)[N], const std::string& what) const { detail::read_entries(codec, cfg, v, m, static_cast<int>(N), what, std::to_string(N) + " entries"); }
  template <class C, class T, size_t N, class F>
  void vary(const C& cfg, T (&m)[N], F&& f) const { detail::vary_entries(codec, cfg, m, static_cast<int>(N), f); }
};
template <class Codec>
Each(Codec) -> Each<Codec>;

// One entry per seated player (the first cfg.players of a C array).
template <class Codec>
struct PerPlayer {
  Codec codec;
  template <class C, class T, size_t N>
  Json write(const C& cfg, const T (&m)[N]) const { return detail::write_entries(codec, cfg, m, cfg.players); }
  template <class C, class T, size_t N>
  void read(const C& cfg, const Json& v, T (&m)[N], const std::string& what) const {
    detail::read_entries(codec, cfg, v, m, cfg.players, what, "one entry per player (" + std::to_string(cfg.players) + ")");
  }
  template <class C, class T, size_t N, class F>
  void vary(const C& cfg, T (&m)[N], F&& f) const { detail::vary_entries(codec, cfg, m, cfg.players, f); }
};
template <class Codec>
PerPlayer(Codec) -> PerPlayer<Codec>;

template <class S, class M, class Codec>
struct Field {
  const char* key;
  M S::*member;
  Codec codec;
};
template <class S, class M, class Codec>
constexpr Field<S, M, Codec> field(const char* key, M S::*member, Codec codec) {
  return {key, member, codec};
}

// Fields of the same struct written together as one JSON object under `key`
// (a turn's counters, the end of the game); `extra` names the object's keys
// written by hand beside them.
template <class... F>
struct Group {
  const char* key;
  const char* const* extra;
  size_t n_extra;
  std::tuple<F...> fields;
};
template <class... F>
Group<F...> group(const char* key, F... fields) {
  return {key, nullptr, 0, std::make_tuple(fields...)};
}
template <size_t N, class... F>
Group<F...> group(const char* key, const char* const (&extra)[N], F... fields) {
  return {key, extra, N, std::make_tuple(fields...)};
}

// A field whose JSON serialize.cpp writes and reads by hand, around a table
// of its own (each player's object: the table's keys and the odd ones): its
// key is allowed and the guard varies it, but write_fields and read_fields
// leave it to the game.
template <class Codec>
struct ByHand {
  Codec codec;
};
template <class Codec>
ByHand(Codec) -> ByHand<Codec>;

namespace detail {
template <class S, class C, class M, class Codec>
void write_one(const S&, const C&, Json&, const Field<S, M, ByHand<Codec>>&) {}
template <class S, class C, class M, class Codec>
void read_one(const Json&, const C&, S&, const std::string&, const Field<S, M, ByHand<Codec>>&) {}
template <class S, class C, class Fn, class M, class Codec>
void vary_one(const C& cfg, S& s, Fn& fn, const std::string& prefix, const Field<S, M, ByHand<Codec>>& f) {
  f.codec.codec.vary(cfg, s.*(f.member), [&](const std::string& sub) { fn(prefix + f.key + sub); });
}
template <class S, class C, class M, class Codec>
void write_one(const S& s, const C& cfg, Json& out, const Field<S, M, Codec>& f) {
  out[f.key] = f.codec.write(cfg, s.*(f.member));
}
template <class S, class C, class... F>
void write_one(const S& s, const C& cfg, Json& out, const Group<F...>& g) {
  Json& o = out[g.key];
  if (o.is_null()) o = Json(Json::Object{});
  std::apply([&](const auto&... f) { (write_one(s, cfg, o, f), ...); }, g.fields);
}
template <class M, class S, class Codec>
void key_of(std::vector<std::string>& keys, const Field<S, M, Codec>& f) {
  keys.emplace_back(f.key);
}
template <class... F>
void key_of(std::vector<std::string>& keys, const Group<F...>& g) {
  keys.emplace_back(g.key);
}
template <class S, class C, class M, class Codec>
void read_one(const Json& doc, const C& cfg, S& s, const std::string& what, const Field<S, M, Codec>& f) {
  f.codec.read(cfg, doc.at(f.key, what), s.*(f.member), f.key);
}
template <class S, class C, class... F>
void read_one(const Json& doc, const C& cfg, S& s, const std::string& what, const Group<F...>& g) {
  const Json& o = doc.at(g.key, what);
  std::vector<std::string> keys(g.extra, g.extra + g.n_extra);
  std::apply([&](const auto&... f) { (key_of(keys, f), ...); }, g.fields);
  json_expect_keys(o, keys, g.key);
  std::apply([&](const auto&... f) { (read_one(o, cfg, s, g.key, f), ...); }, g.fields);
}
template <class S, class C, class Fn, class M, class Codec>
void vary_one(const C& cfg, S& s, Fn& fn, const std::string& prefix, const Field<S, M, Codec>& f) {
  f.codec.vary(cfg, s.*(f.member), [&](const std::string& sub) { fn(prefix + f.key + sub); });
}
template <class S, class C, class Fn, class... F>
void vary_one(const C& cfg, S& s, Fn& fn, const std::string& prefix, const Group<F...>& g) {
  std::apply([&](const auto&... f) { (vary_one(cfg, s, fn, prefix + g.key + ".", f), ...); }, g.fields);
}
}  // namespace detail

template <class S, class Config>
void write_fields(const S& s, const Config& cfg, Json& out) {
  static_assert(std::is_trivially_copyable_v<S>, "a state stays a flat value: copied by memcpy in the search loops");
  std::apply([&](const auto&... f) { (detail::write_one(s, cfg, out, f), ...); }, S::fields());
}

template <class S, class Config>
void read_fields(const Json& doc, const Config& cfg, S& s, const std::string& what = "position") {
  std::apply([&](const auto&... f) { (detail::read_one(doc, cfg, s, what, f), ...); }, S::fields());
}

// The table's keys, then the hand-written ones: what json_expect_keys allows.
template <class S>
std::vector<std::string> field_keys(std::vector<std::string> more = {}) {
  std::apply([&](const auto&... f) { (detail::key_of(more, f), ...); }, S::fields());
  return more;
}

// Sets each declared field in turn to each of its other values, calls
// fn(path), and restores it.
template <class S, class Config, class Fn>
void vary_fields(const Config& cfg, S& s, Fn&& fn) {
  std::apply([&](const auto&... f) { (detail::vary_one(cfg, s, fn, std::string(), f), ...); }, S::fields());
}

// A struct nested in the position (a declared attack, a pending choice),
// with a table of its own.
struct Fields {
  template <class C, class T>
  Json write(const C& cfg, const T& m) const {
    Json o = Json(Json::Object{});
    write_fields(m, cfg, o);
    return o;
  }
  template <class C, class T>
  void read(const C& cfg, const Json& v, T& m, const std::string& what) const {
    json_expect_keys(v, field_keys<T>(), what);
    read_fields(v, cfg, m, what);
  }
  template <class C, class T, class F>
  void vary(const C& cfg, T& m, F&& f) const {
    vary_fields(cfg, m, [&](const std::string& sub) { f("." + sub); });
  }
};

// The guard of the table (tests/conformance/test_fields.py): each other value
// of each declared field must change the position JSON and, read back from
// it, the hash; and what is written must read back to the same JSON. It
// catches a field added to the table but not to hash.cpp, or to one of the
// JSON directions only. Returns {"tried": n, "problems": [...]}.
template <class S, class Config, class Hash>
Json field_check(const S& s, const Config& cfg, Hash hash) {
  const std::string base = s.to_json().dump();
  const uint64_t base_hash = hash(s);
  Json problems = Json(Json::Array{});
  int tried = 0;
  S t = s;
  vary_fields(cfg, t, [&](const std::string& path) {
    ++tried;
    try {
      const std::string text = t.to_json().dump();
      if (text == base) {
        problems.push_back(path + ": the JSON does not change");
        return;
      }
      const S back = S::from_json(cfg, Json::parse(text));
      if (back.to_json().dump() != text) problems.push_back(path + ": the JSON does not read back the same");
      if (hash(back) == base_hash) problems.push_back(path + ": the hash does not change");
    } catch (const std::exception& e) {
      problems.push_back(path + ": " + e.what());
    }
  });
  if (t.to_json().dump() != base) problems.push_back("a field was not restored after its variations");
  Json out;
  out["tried"] = tried;
  out["problems"] = problems;
  return out;
}

}  // namespace henchmen
