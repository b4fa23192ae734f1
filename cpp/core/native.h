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
//
// native_state.h and native_batch.h hold the State and Batch built on it.
#pragma once
#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/native_batch.h"
#include "core/native_state.h"

namespace henchmen {

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
