// Builds the polymorphic Game/State of game.h from a game's flat state.
//
// A game module supplies a traits struct T (most of it inherited from
// StandardTraits below, so a game writes only what is its own) with:
//   using Config = ...;  immutable data shared by all states of one game
//   using S = ...;       the flat, trivially copyable state
//   static const GameInfo& info();
//   static std::shared_ptr<const Config> configure(const Json& resolved_options);
//   static int num_players(const Config&), num_distinct_actions(const Config&),
//              max_game_length(const Config&);
//   static std::vector<int> observation_shape(const Config&);
//   static Json card_table(const Config&);
//   static S initial_state(const Config&);
//   static S from_json(const Config&, const Json&);  // validates; throws SerializationError
// and may supply
//   static void complete_options(const Json& given, Json& resolved);  // defaults that depend on other options
// and S has current_player() and the members core/state_contract.h declares
// (legal_actions(vector&), chance_outcomes(vector&), sample_chance(Rng&),
// apply(Action) (legal actions only), returns(p), observation(p), ...).
//
// native_state.h and native_batch.h hold the State and Batch built on it;
// cpp/search/ runs searches, bots and matches on the same flat state.
// games/batches.cpp instantiates each game's Batch; this file only declares
// it, so a game's game.cpp (built at -O1 with the other wrappers) does not
// compile the batch's stepping loops, which VectorGame runs hot.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/native_state.h"
#include "core/thread_pool.h"

namespace henchmen {

namespace detail {
template <class T, class = void>
struct has_complete_options : std::false_type {};
template <class T>
struct has_complete_options<T, std::void_t<decltype(T::complete_options(std::declval<const Json&>(), std::declval<Json&>()))>> : std::true_type {};
template <class T, class = void>
struct has_measure_name : std::false_type {};
template <class T>
struct has_measure_name<T, std::void_t<decltype(T::measure_name(std::declval<const typename T::Config&>()))>> : std::true_type {};
}  // namespace detail

// What every game's Traits says the same way. A game derives from it,
//   struct Traits : StandardTraits<Traits, Config, State, kNumActions> { ... };
// and writes only its own facts: describe() (its GameInfo, built once here on
// first use), configure, max_game_length, and the optional capabilities.
// Config has `players` and `table` (the card table in force); the game's
// namespace has observation_length(const Config&) (found by argument lookup).
template <class Derived, class GameConfig, class GameState, int Actions>
struct StandardTraits {
  using Config = GameConfig;
  using S = GameState;
  static const GameInfo& info() {
    static const GameInfo described = Derived::describe();
    return described;
  }
  static int num_players(const Config& c) { return c.players; }
  static int num_distinct_actions(const Config&) { return Actions; }
  static std::vector<int> observation_shape(const Config& c) { return {observation_length(c)}; }
  static Json card_table(const Config& c) { return c.table; }
  static S initial_state(const Config& c) { return S::initial(c); }
  static S from_json(const Config& c, const Json& doc) { return S::from_json(c, doc); }

 protected:
  // A GameInfo with the facts every game states first; describe() adds
  // options, observation keys and flags.
  static GameInfo named(const char* name, const char* title, const char* summary, int min_players, int max_players) {
    GameInfo g;
    g.name = name;
    g.title = title;
    g.summary = summary;
    g.min_players = min_players;
    g.max_players = max_players;
    return g;
  }
};

template <class T>
class NativeGame;
// Makes the State of one position of a game (the batch's state(i)).
template <class T>
using StateOf = std::unique_ptr<State> (*)(std::shared_ptr<const NativeGame<T>>, const typename T::S&);
// Defined in native_batch.h, instantiated for every game in games/batches.cpp.
template <class T>
std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<T>> game, int64_t games, uint64_t seed, int threads, StateOf<T> state_of);

template <class T>
class NativeGame final : public Game {
 public:
  using Config = typename T::Config;
  using S = typename T::S;

  explicit NativeGame(const Json& options)
      : options_(complete(options)), config_(configured(options_)) {}

  const GameInfo& info() const override { return T::info(); }
  const Json& options() const override { return options_; }
  const std::shared_ptr<const Config>& config() const { return config_; }
  int num_players() const override { return T::num_players(*config_); }
  int num_distinct_actions() const override { return T::num_distinct_actions(*config_); }
  std::vector<int> observation_shape() const override { return T::observation_shape(*config_); }
  int max_game_length() const override { return T::max_game_length(*config_); }
  Json card_table() const override { return T::card_table(*config_); }
  std::string measure_name() const override {
    if constexpr (detail::has_measure_name<T>::value) return T::measure_name(*config_);
    return Game::measure_name();
  }

  std::unique_ptr<State> new_initial_state() const override {
    return NativeState<T>::initial(self());
  }

  std::unique_ptr<State> deserialize(const std::string& text) const override {
    const Json doc = Json::parse(text);
    if (!doc.is_object()) throw SerializationError("a serialized state must be a JSON object");
    const std::string game = doc.at("game", "serialized state").as_string("game");
    if (game != info().name) throw SerializationError("serialized state is for '" + game + "', not '" + info().name + "'");
    check_same_options(doc.at("options", "serialized state"));
    return NativeState<T>::deserialize(self(), doc);
  }

  std::unique_ptr<Batch> make_batch(int64_t games, uint64_t seed, int threads) const override {
    if (games < 1 || games > 10000000) throw OptionError("a batch needs from 1 to 10000000 games, got " + std::to_string(games));
    check_threads(threads);
    return make_native_batch<T>(self(), games, seed, threads, [](std::shared_ptr<const NativeGame<T>> game, const S& s) -> std::unique_ptr<State> {
      return std::make_unique<NativeState<T>>(std::move(game), s);
    });
  }

 private:
  // The options checked against their specs and defaults filled; a game
  // whose defaults depend on one another (a mode and its player count) fills
  // the rest in T::complete_options(given, resolved).
  static Json complete(const Json& given) {
    Json resolved = resolve_options(T::info().name, T::info().options, given);
    if constexpr (detail::has_complete_options<T>::value) T::complete_options(given, resolved);
    return resolved;
  }

  // A Config is immutable and reading a card table is dear (tenths of a
  // millisecond: a game a loop makes anew each time), so the last few
  // option sets keep theirs.
  static std::shared_ptr<const Config> configured(const Json& options) {
    static std::mutex lock;
    static std::map<std::string, std::shared_ptr<const Config>> kept;
    const std::string key = options.dump();
    {
      const std::lock_guard<std::mutex> hold(lock);
      if (auto it = kept.find(key); it != kept.end()) return it->second;
    }
    std::shared_ptr<const Config> made = T::configure(options);  // may throw: nothing kept
    const std::lock_guard<std::mutex> hold(lock);
    if (kept.size() >= 16) kept.clear();
    kept.emplace(key, made);
    return made;
  }

  // A saved state names the options it was played with, completed by the
  // engine that saved it. One saved before an option existed lacks it (and
  // may lack defaults that depend on it), so both sides are compared once
  // completed by this engine: only an option that really differs refuses it.
  void check_same_options(const Json& saved) const {
    Json completed;
    try {
      completed = complete(saved);
    } catch (const Error& e) {
      throw SerializationError(std::string("serialized state has options this game cannot take: ") + e.what());
    }
    if (completed.dump() == options_.dump()) return;
    std::string differ;
    const auto& mine = options_.as_object("options");
    const auto& theirs = completed.as_object("options");
    for (const auto& [key, value] : mine) {
      const Json* other = completed.find(key);
      if (other && other->dump() == value.dump()) continue;
      if (!differ.empty()) differ += ", ";
      differ += key + " (saved " + (other ? other->dump() : std::string("absent")) + ", this game " + value.dump() + ")";
    }
    for (const auto& [key, value] : theirs) {
      if (!options_.find(key)) differ += (differ.empty() ? "" : ", ") + key + " (saved " + value.dump() + ", this game absent)";
    }
    throw SerializationError("serialized state was played with other options than this game: " + differ + "; load it with henchmen.deserialize(text) to make its own game");
  }

  std::shared_ptr<const NativeGame> self() const { return std::static_pointer_cast<const NativeGame>(shared_from_this()); }

  Json options_;
  std::shared_ptr<const Config> config_;
};


}  // namespace henchmen
