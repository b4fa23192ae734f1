// Builds the polymorphic Game/State of game.h from a game's flat state.
//
// A game module supplies a traits struct T with:
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
// and S has: current_player, turn_player, legal_actions(vector&), chance_outcomes(vector&),
// sample_chance(Rng&), apply(Action) (legal actions only), returns(p), action_to_string,
// observation(p), observation_tensor(p, float*), resample(observer, Rng&), to_json,
// to_string, heuristic(p), validate(), num_players().
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cctype>
#include <thread>
#include <type_traits>
#include <utility>

#include "core/error.h"
#include "core/game.h"
#include "core/thread_pool.h"

namespace henchmen {

template <class T>
class NativeGame;

// Random playout of one game from `s`; returns the number of actions taken.
template <class T>
int64_t random_playout(typename T::S& s, Rng& rng, std::vector<Action>& scratch, int64_t limit,
                       int64_t* decisions) {
  int64_t steps = 0;
  while (steps < limit) {
    const int p = s.current_player();
    if (p == kTerminal) break;
    if (p == kChance) {
      s.apply(s.sample_chance(rng));
    } else {
      s.legal_actions(scratch);
      s.apply(scratch[rng.below(static_cast<uint32_t>(scratch.size()))]);
      ++*decisions;
    }
    ++steps;
  }
  return steps;
}

// Games may give their flat state a fast `uint64_t hash() const`; otherwise
// the hash is taken over the position JSON.
template <class S, class = void>
struct has_native_hash : std::false_type {};
template <class S>
struct has_native_hash<S, std::void_t<decltype(std::declval<const S&>().hash())>> : std::true_type {};

inline int64_t total_size(const std::vector<int>& shape) {
  int64_t n = 1;
  for (const int d : shape) n *= d;
  return n;
}

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

template <class T>
class NativeState final : public State {
 public:
  using S = typename T::S;

  NativeState(std::shared_ptr<const NativeGame<T>> game, S s) : game_(std::move(game)), s_(s) {}

  const Game& game() const override { return *game_; }
  std::shared_ptr<const Game> game_ptr() const override { return game_; }
  const S& native() const { return s_; }

  int current_player() const override { return s_.current_player(); }
  int turn_player() const override { return s_.turn_player(); }

  std::vector<Action> legal_actions() const override {
    std::vector<Action> out;
    if (s_.current_player() == kChance) {
      std::vector<std::pair<Action, double>> outcomes;
      s_.chance_outcomes(outcomes);
      for (const auto& o : outcomes) out.push_back(o.first);
    } else if (s_.current_player() != kTerminal) {
      s_.legal_actions(out);
    }
    return out;
  }

  std::vector<std::pair<Action, double>> chance_outcomes() const override {
    std::vector<std::pair<Action, double>> out;
    if (s_.current_player() == kChance) s_.chance_outcomes(out);
    return out;
  }

  void apply(Action action) override {
    if (s_.current_player() == kTerminal) throw IllegalActionError("the game is over; no action is legal");
    const std::vector<Action> legal = legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), action)) {
      throw IllegalActionError(describe_illegal(action, legal));
    }
    S next = s_;  // atomic: the state changes only if the whole step succeeds
    next.apply(action);
    std::vector<Action> taken{action};
    if (auto_) {
      Rng rng = rng_;
      while (next.current_player() == kChance) {
        const Action outcome = next.sample_chance(rng);
        next.apply(outcome);
        taken.push_back(outcome);
      }
      rng_ = rng;
    }
    s_ = next;
    history_.insert(history_.end(), taken.begin(), taken.end());
  }

  void set_auto_chance(bool on, uint64_t seed) override {
    auto_ = on;
    rng_.reseed(seed);
    if (on) resolve_chance();
  }
  bool auto_chance() const override { return auto_; }
  void resolve_chance() override {
    while (s_.current_player() == kChance) {
      const Action outcome = s_.sample_chance(rng_);
      s_.apply(outcome);
      history_.push_back(outcome);
    }
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<NativeState>(*this); }

  std::vector<double> returns() const override {
    std::vector<double> r;
    for (int p = 0; p < game_->num_players(); ++p) r.push_back(s_.returns(p));
    return r;
  }
  const std::vector<Action>& history() const override { return history_; }
  int64_t move_number() const override { return static_cast<int64_t>(history_.size()); }

  std::string action_to_string(Action action) const override {
    if (action < 0 || action >= game_->num_distinct_actions()) {
      throw IllegalActionError("action id " + std::to_string(action) + " is outside the action space 0.." +
                               std::to_string(game_->num_distinct_actions() - 1));
    }
    return s_.action_to_string(action);
  }

  Action string_to_action(const std::string& text) const override {
    const std::string want = normalize_move(text);
    const std::vector<Action> legal = legal_actions();
    for (const Action a : legal) {
      if (normalize_move(s_.action_to_string(a)) == want) return a;
    }
    std::string msg = "'" + text + "' is not a legal move here";
    msg += legal.empty() ? " (the game is over)" : "; legal moves: " + list_moves(legal);
    throw NotationError(msg);
  }

  Json observation(int player) const override {
    check_player(player);
    return s_.observation(player);
  }
  void observation_tensor(int player, float* out) const override {
    check_player(player);
    s_.observation_tensor(player, out);
  }

  std::unique_ptr<State> resample(int observer, uint64_t seed) const override {
    check_player(observer);
    auto out = std::make_unique<NativeState>(game_, s_);
    Rng rng(seed);
    out->s_.resample(observer, rng);
    out->auto_ = auto_;
    out->rng_.reseed(Rng::derive_seed(seed, 1));
    return out;
  }

  std::string serialize() const override {
    Json doc;
    doc["format"] = "henchmen-state";
    doc["version"] = 1;
    doc["game"] = game_->info().name;
    doc["options"] = game_->options();
    doc["position"] = s_.to_json();
    Json hist = Json(Json::Array{});
    for (const Action a : history_) hist.push_back(Json(static_cast<int64_t>(a)));
    doc["history"] = hist;
    return doc.dump();
  }

  // Reads a serialized state written by `serialize` for this game.
  static std::unique_ptr<State> deserialize(std::shared_ptr<const NativeGame<T>> game, const Json& doc) {
    json_expect_keys(doc, {"format", "version", "game", "options", "position", "history"}, "serialized state");
    if (doc.at("format", "serialized state").as_string("format") != "henchmen-state") {
      throw SerializationError("not a serialized henchmen state (format must be \"henchmen-state\")");
    }
    const int64_t version = doc.at("version", "serialized state").as_int("version");
    if (version != 1) throw SerializationError("serialized state version " + std::to_string(version) + " is not supported (this engine reads version 1)");
    S s = T::from_json(*game->config(), doc.at("position", "serialized state"));
    s.validate();
    auto out = std::make_unique<NativeState>(game, s);
    for (const auto& a : doc.at("history", "serialized state").as_array("history")) {
      out->history_.push_back(static_cast<Action>(a.as_int("history entry", 0, game->num_distinct_actions() - 1)));
    }
    return out;
  }

  uint64_t hash() const override {
    if constexpr (has_native_hash<S>::value) {
      return s_.hash();
    } else {
      return stable_hash(s_.to_json().dump());
    }
  }
  bool same_position(const State& other) const override {
    const auto* o = dynamic_cast<const NativeState*>(&other);
    return o && o->game_->options().dump() == game_->options().dump() && o->hash() == hash() && o->s_.to_json().dump() == s_.to_json().dump();
  }
  std::string to_string() const override { return s_.to_string(); }
  double heuristic(int player) const override {
    check_player(player);
    return s_.heuristic(player);
  }
  void validate() const override { s_.validate(); }

  Action sample_chance(Rng& rng) const override {
    if (s_.current_player() != kChance) throw PlayerError("sample_chance needs a chance node");
    return s_.sample_chance(rng);
  }

  SearchResult search(const SearchConfig& config) const override {
    if (s_.current_player() < 0) throw PlayerError("search needs a player to move (not chance, not the end of the game)");
    return mcts_search(s_, config);
  }

  double native_cost_ns(const std::string& operation, int64_t repeats) const override {
    if (repeats < 1) throw OptionError("repeats must be at least 1");
    std::vector<Action> legal;
    std::vector<float> tensor(static_cast<size_t>(game_->observation_shape().empty() ? 0 : total_size(game_->observation_shape())));
    volatile int64_t sink = 0;
    const int me = std::max(0, s_.current_player());
    if (operation == "apply" && s_.current_player() < 0) throw PlayerError("apply cost needs a player to move");
    if (operation == "apply") s_.legal_actions(legal);
    const auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < repeats; ++i) {
      if (operation == "clone") {
        S copy = s_;
        sink = sink + copy.current_player();
      } else if (operation == "legal_actions") {
        s_.legal_actions(legal);
        sink = sink + static_cast<int64_t>(legal.size());
      } else if (operation == "apply") {
        S copy = s_;
        copy.apply(legal[static_cast<size_t>(i) % legal.size()]);
        sink = sink + copy.current_player();
      } else if (operation == "observation_tensor") {
        s_.observation_tensor(me, tensor.data());
        sink = sink + static_cast<int64_t>(tensor[0]);
      } else if (operation == "hash") {
        sink = sink + static_cast<int64_t>(hash() & 1);
      } else {
        throw OptionError("unknown operation '" + operation + "'; operations: clone, legal_actions, apply, observation_tensor, hash");
      }
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    (void)sink;
    return ns / static_cast<double>(repeats);
  }
  int64_t native_size_bytes() const override { return static_cast<int64_t>(sizeof(S)); }

  Action bot_action(const BotSpec& bot, Rng& rng) const override {
    if (s_.current_player() < 0) throw PlayerError("a bot needs a player to move (not chance, not the end of the game)");
    std::vector<Action> scratch;
    return bot_choice(s_, bot, rng, scratch);
  }

 private:
  void check_player(int player) const {
    if (player < 0 || player >= game_->num_players()) {
      throw PlayerError("player must be from 0 to " + std::to_string(game_->num_players() - 1) + ", got " + std::to_string(player));
    }
  }

  std::string list_moves(const std::vector<Action>& legal) const {
    std::string out;
    const size_t shown = std::min<size_t>(legal.size(), 40);
    for (size_t i = 0; i < shown; ++i) {
      if (i) out += ", ";
      out += s_.action_to_string(legal[i]);
    }
    if (shown < legal.size()) out += ", ... (" + std::to_string(legal.size()) + " in all)";
    return out;
  }

  std::string describe_illegal(Action action, const std::vector<Action>& legal) const {
    std::string name = (action >= 0 && action < game_->num_distinct_actions()) ? "'" + s_.action_to_string(action) + "' (" + std::to_string(action) + ")"
                                                                               : "action id " + std::to_string(action);
    const int p = s_.current_player();
    std::string who = p == kChance ? "chance must decide" : "player " + std::to_string(p) + " to act";
    return name + " is not legal here (" + who + "); legal: " + list_moves(legal);
  }

  std::shared_ptr<const NativeGame<T>> game_;
  S s_;
  std::vector<Action> history_;
  bool auto_ = false;
  Rng rng_;
};

template <class T>
class NativeBatch final : public Batch {
 public:
  using S = typename T::S;

  NativeBatch(std::shared_ptr<const NativeGame<T>> game, int64_t games, uint64_t seed, int threads)
      : game_(std::move(game)), seed_(seed), pool_(threads) {
    states_.resize(static_cast<size_t>(games));
    rngs_.resize(static_cast<size_t>(games));
    obs_len_ = static_cast<int>(total_size(game_->observation_shape()));
  }

  int64_t size() const override { return static_cast<int64_t>(states_.size()); }
  int64_t episodes_finished() const override { return finished_; }

  void reset(BatchBuffers& out) override {
    finished_ = 0;
    pool_.parallel_for(size(), [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        rngs_[static_cast<size_t>(i)].reseed(Rng::derive_seed(seed_, static_cast<uint64_t>(i)));
        restart(i);
        if (out.rewards) std::fill_n(out.rewards + i * players(), players(), 0.0f);
        if (out.done) out.done[i] = false;
        write(i, out);
      }
    });
  }

  void step(const int32_t* actions, BatchBuffers& out) override {
    std::atomic<int64_t> first_bad{size()};
    pool_.parallel_for(size(), [&](int64_t begin, int64_t end) {
      std::vector<Action> legal;
      for (int64_t i = begin; i < end; ++i) {
        states_[static_cast<size_t>(i)].legal_actions(legal);
        if (!std::binary_search(legal.begin(), legal.end(), actions[i])) {
          int64_t seen = first_bad.load();
          while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
          }
          return;
        }
      }
    });
    {
      const int64_t i = first_bad.load();
      if (i < size()) {
        const S& s = states_[static_cast<size_t>(i)];
        const bool in_space = actions[i] >= 0 && actions[i] < game_->num_distinct_actions();
        throw IllegalActionError("game " + std::to_string(i) + ": " +
                                 (in_space ? "'" + s.action_to_string(actions[i]) + "' (" + std::to_string(actions[i]) + ")" : "action id " + std::to_string(actions[i])) +
                                 " is not legal; no game was changed");
      }
    }
    advance([&](int64_t i, std::vector<Action>&) { return actions[i]; }, out);
  }

  void step_random(int32_t* actions, BatchBuffers& out) override {
    advance(
        [&](int64_t i, std::vector<Action>& legal) {
          states_[static_cast<size_t>(i)].legal_actions(legal);
          const Action a = legal[rngs_[static_cast<size_t>(i)].below(static_cast<uint32_t>(legal.size()))];
          if (actions) actions[i] = a;
          return a;
        },
        out);
  }

  std::unique_ptr<State> state(int64_t index) const override {
    if (index < 0 || index >= size()) throw PlayerError("game index must be from 0 to " + std::to_string(size() - 1));
    return std::make_unique<NativeState<T>>(game_, states_[static_cast<size_t>(index)]);
  }

 private:
  int players() const { return game_->num_players(); }

  void restart(int64_t i) {
    S& s = states_[static_cast<size_t>(i)];
    s = T::initial_state(*game_->config());
    settle(i);
  }

  void settle(int64_t i) {
    S& s = states_[static_cast<size_t>(i)];
    Rng& rng = rngs_[static_cast<size_t>(i)];
    while (s.current_player() == kChance) s.apply(s.sample_chance(rng));
  }

  template <class Choose>
  void advance(Choose choose, BatchBuffers& out) {
    std::atomic<int64_t> ended{0};
    pool_.parallel_for(size(), [&](int64_t begin, int64_t end) {
      std::vector<Action> legal;
      for (int64_t i = begin; i < end; ++i) {
        S& s = states_[static_cast<size_t>(i)];
        s.apply(choose(i, legal));
        settle(i);
        const bool over = s.current_player() == kTerminal;
        if (out.rewards) {
          for (int p = 0; p < players(); ++p) out.rewards[i * players() + p] = over ? static_cast<float>(s.returns(p)) : 0.0f;
        }
        if (out.done) out.done[i] = over;
        if (over) {
          ++ended;
          restart(i);
        }
        write(i, out);
      }
    });
    finished_ += ended.load();
  }

  void write(int64_t i, BatchBuffers& out) const {
    const S& s = states_[static_cast<size_t>(i)];
    const int p = s.current_player();
    if (out.current_player) out.current_player[i] = p;
    if (out.observations) s.observation_tensor(p, out.observations + i * obs_len_);
    if (out.legal_mask) {
      bool* mask = out.legal_mask + i * game_->num_distinct_actions();
      std::fill_n(mask, game_->num_distinct_actions(), false);
      thread_local std::vector<Action> legal;
      s.legal_actions(legal);
      for (const Action a : legal) mask[a] = true;
    }
  }

  std::shared_ptr<const NativeGame<T>> game_;
  uint64_t seed_;
  ThreadPool pool_;
  std::vector<S> states_;
  std::vector<Rng> rngs_;
  int obs_len_ = 0;
  int64_t finished_ = 0;
};

template <class T>
class NativeGame final : public Game {
 public:
  using Config = typename T::Config;
  using S = typename T::S;

  explicit NativeGame(const Json& options)
      : options_(resolve_options(T::info().name, T::info().options, options)), config_(T::configure(options_)) {}

  const GameInfo& info() const override { return T::info(); }
  const Json& options() const override { return options_; }
  const std::shared_ptr<const Config>& config() const { return config_; }
  int num_players() const override { return T::num_players(*config_); }
  int num_distinct_actions() const override { return T::num_distinct_actions(*config_); }
  std::vector<int> observation_shape() const override { return T::observation_shape(*config_); }
  int max_game_length() const override { return T::max_game_length(*config_); }
  Json card_table() const override { return T::card_table(*config_); }

  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<NativeState<T>>(self(), T::initial_state(*config_));
  }

  std::unique_ptr<State> deserialize(const std::string& text) const override {
    const Json doc = Json::parse(text);
    if (!doc.is_object()) throw SerializationError("a serialized state must be a JSON object");
    const std::string game = doc.at("game", "serialized state").as_string("game");
    if (game != info().name) throw SerializationError("serialized state is for '" + game + "', not '" + info().name + "'");
    if (doc.at("options", "serialized state").dump() != options_.dump()) {
      throw SerializationError("serialized state has options " + doc.at("options", "serialized state").dump() + " but this game has " + options_.dump());
    }
    return NativeState<T>::deserialize(self(), doc);
  }

  std::unique_ptr<Batch> make_batch(int64_t games, uint64_t seed, int threads) const override {
    if (games < 1 || games > 10000000) throw OptionError("a batch needs from 1 to 10000000 games, got " + std::to_string(games));
    if (threads < 1 || threads > 256) throw OptionError("threads must be from 1 to 256, got " + std::to_string(threads));
    return std::make_unique<NativeBatch<T>>(self(), games, seed, threads);
  }

  MatchResult play_matches(const std::vector<BotSpec>& bots, int64_t games, uint64_t seed, int threads) const override {
    const auto start = std::chrono::steady_clock::now();
    const int n = num_players();
    if (static_cast<int>(bots.size()) != n) throw OptionError("a match needs one bot per player (" + std::to_string(n) + "), got " + std::to_string(bots.size()));
    MatchResult out;
    out.games = games;
    out.returns.assign(static_cast<size_t>(games * n), 0.0);
    out.lengths.assign(static_cast<size_t>(games), 0);
    threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<int64_t>(1, games))));
    std::vector<int64_t> truncated(static_cast<size_t>(threads), 0);
    auto work = [&](int t) {
      std::vector<Action> scratch;
      const int64_t limit = max_game_length();
      for (int64_t g = t; g < games; g += threads) {
        S s = T::initial_state(*config_);
        Rng rng(Rng::derive_seed(seed, static_cast<uint64_t>(g)));
        int64_t steps = 0;
        while (s.current_player() != kTerminal && steps < limit) {
          const int p = s.current_player();
          const Action a = p == kChance ? s.sample_chance(rng) : bot_choice(s, bots[static_cast<size_t>((p + g) % n)], rng, scratch);
          s.apply(a);
          ++steps;
        }
        out.lengths[static_cast<size_t>(g)] = steps;
        if (s.current_player() != kTerminal) ++truncated[static_cast<size_t>(t)];
        for (int seat = 0; seat < n; ++seat) {
          out.returns[static_cast<size_t>(g * n + (seat + g) % n)] = s.current_player() == kTerminal ? s.returns(seat) : 0.0;
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    for (const int64_t k : truncated) out.truncated += k;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  }

  PlayoutStats random_playouts(int64_t games, uint64_t seed, int threads) const override {
    const auto start = std::chrono::steady_clock::now();
    const int n = num_players();
    threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<int64_t>(1, games))));
    std::vector<PlayoutStats> parts(static_cast<size_t>(threads));
    auto work = [&](int t) {
      PlayoutStats& st = parts[static_cast<size_t>(t)];
      st.mean_returns.assign(static_cast<size_t>(n), 0.0);
      st.wins.assign(static_cast<size_t>(n), 0);
      std::vector<Action> scratch;
      scratch.reserve(256);
      const int64_t limit = max_game_length();
      for (int64_t g = t; g < games; g += threads) {
        S s = T::initial_state(*config_);
        Rng rng(Rng::derive_seed(seed, static_cast<uint64_t>(g)));
        st.actions += random_playout<T>(s, rng, scratch, limit, &st.decisions);
        ++st.games;
        if (s.current_player() != kTerminal) {
          ++st.truncated;
          continue;
        }
        int best = 0;
        int best_count = 0;
        for (int p = 0; p < n; ++p) {
          const double r = s.returns(p);
          st.mean_returns[static_cast<size_t>(p)] += r;
          if (p == 0 || r > s.returns(best)) {
            best = p;
            best_count = 1;
          } else if (r == s.returns(best)) {
            ++best_count;
          }
        }
        if (best_count == 1) ++st.wins[static_cast<size_t>(best)];
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    PlayoutStats total;
    total.mean_returns.assign(static_cast<size_t>(n), 0.0);
    total.wins.assign(static_cast<size_t>(n), 0);
    for (const auto& st : parts) {
      total.games += st.games;
      total.actions += st.actions;
      total.decisions += st.decisions;
      total.truncated += st.truncated;
      for (int p = 0; p < n; ++p) {
        total.mean_returns[static_cast<size_t>(p)] += st.mean_returns[static_cast<size_t>(p)];
        total.wins[static_cast<size_t>(p)] += st.wins[static_cast<size_t>(p)];
      }
    }
    const int64_t finished = total.games - total.truncated;
    for (auto& r : total.mean_returns) r = finished ? r / static_cast<double>(finished) : 0.0;
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return total;
  }

 private:
  std::shared_ptr<const NativeGame> self() const { return std::static_pointer_cast<const NativeGame>(shared_from_this()); }

  Json options_;
  std::shared_ptr<const Config> config_;
};

}  // namespace henchmen
