// The native search layer's view of a game: what runs natively on a game's
// flat state above the core contract (searches, bots, matches, random
// playouts, cost measurements). The core knows nothing of it; each game's
// flat state is registered here (engines.cpp), and frontends look the engine
// up by the game's name.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "bench/cost.h"
#include "core/cancel.h"
#include "core/native.h"
#include "search/bots.h"
#include "search/matches.h"
#include "search/mcts.h"
#include "search/root_parallel.h"

namespace henchmen {

class Engine {
 public:
  virtual ~Engine() = default;
  // Native MCTS/ISMCTS for the player to move.
  virtual SearchResult search(const State& s, const SearchConfig& config, Stop& stop) const = 0;
  // A native bot's move for the player to move.
  virtual Action bot_action(const State& s, const BotSpec& bot, Rng& rng, Stop& stop) const = 0;
  // Brings what the player to move knows up to date in `s` itself (its caches
  // are mutable), before a frontend copies `s` for a search or a bot's move:
  // the copy starts from it. A copy's own catch-up was thrown away with the
  // copy, so every move replayed the whole history (quadratic games).
  virtual void catch_up(const State& s) const = 0;
  virtual PlayoutStats random_playouts(const Game& g, int64_t games, uint64_t seed, int threads, Stop& stop) const = 0;
  virtual MatchResult play_matches(const Game& g, const std::vector<BotSpec>& bots, int64_t games, uint64_t seed, int threads, Stop& stop) const = 0;
  // Games with bots by seat and seeds given per game, each game's actions (and events) kept.
  virtual std::vector<RecordedGame> play_recorded(const Game& g, const std::vector<std::vector<BotSpec>>& seated, const std::vector<uint64_t>& seeds, bool events, int threads, Stop& stop) const = 0;
  // For bench/: one operation's cost, and the flat state's size in bytes.
  virtual double cost_ns(const State& s, const std::string& operation, int64_t repeats) const = 0;
  virtual int64_t state_bytes() const = 0;
};

// The engine of the game `g` was made by; throws UnknownGameError.
const Engine& engine_for(const Game& g);

template <class T>
class EngineFor final : public Engine {
 public:
  SearchResult search(const State& s, const SearchConfig& config, Stop& stop) const override {
    const auto& n = native(s);
    const int me = n.current_player();
    if (me < 0) throw PlayerError("search needs a player to move (not chance, not the end of the game)");
    if (!config.exact_knowledge) {
      return root_parallel(config, &stop, [&](const SearchConfig& c) { return mcts_search(n.native(), c, &stop); });
    }
    n.knowledge_of(me);  // brought up to date once, read by every redraw (of every thread)
    return root_parallel(config, &stop, [&](const SearchConfig& c) {
      typename NativeState<T>::Redraws carried;  // from redraw to redraw: one burn-in per tree
      return mcts_search(n.native(), c, &stop, [&](typename T::S& w, Rng& r) { n.redraw(me, r, w, &carried); });
    });
  }
  Action bot_action(const State& s, const BotSpec& bot, Rng& rng, Stop& stop) const override {
    const auto& n = native(s);
    const int me = n.current_player();
    if (me < 0) throw PlayerError("a bot needs a player to move (not chance, not the end of the game)");
    std::vector<Action> scratch;
    if (!bot.search.exact_knowledge) return bot_choice(n.native(), bot, rng, scratch, &stop);
    n.knowledge_of(me);
    if (bot.kind == BotSpec::Kind::kSearch && bot.search.threads > 1) {
      // Each tree carries its own chain of redraws (bot_choice's one redraw cannot be shared).
      SearchConfig cfg = bot.search;
      cfg.seed = rng.next_u64();
      return search(s, cfg, stop).best;
    }
    typename NativeState<T>::Redraws carried;
    return bot_choice(n.native(), bot, rng, scratch, &stop, [&](typename T::S& w, Rng& r) { n.redraw(me, r, w, &carried); });
  }
  void catch_up(const State& s) const override {
    const auto& n = native(s);
    if (n.current_player() >= 0) n.knowledge_of(n.current_player());
  }
  PlayoutStats random_playouts(const Game& g, int64_t games, uint64_t seed, int threads, Stop& stop) const override {
    const auto& game = native(g);
    return henchmen::random_playouts<T>(*game.config(), game.num_players(), game.max_game_length(), games, seed, threads, stop);
  }
  MatchResult play_matches(const Game& g, const std::vector<BotSpec>& bots, int64_t games, uint64_t seed, int threads, Stop& stop) const override {
    const auto& game = native(g);
    const int n = game.num_players();
    if (static_cast<int>(bots.size()) != n) throw OptionError("a match needs one bot per player (" + std::to_string(n) + "), got " + std::to_string(bots.size()));
    return henchmen::play_matches<T>(*game.config(), n, game.max_game_length(), bots, games, seed, threads, stop);
  }
  std::vector<RecordedGame> play_recorded(const Game& g, const std::vector<std::vector<BotSpec>>& seated, const std::vector<uint64_t>& seeds, bool events, int threads, Stop& stop) const override {
    const auto& game = native(g);
    const int n = game.num_players();
    if (seated.size() != seeds.size()) throw OptionError("give one seed per game: " + std::to_string(seated.size()) + " games, " + std::to_string(seeds.size()) + " seeds");
    for (const auto& bots : seated) {
      if (static_cast<int>(bots.size()) != n) throw OptionError("a game needs one bot per player (" + std::to_string(n) + "), got " + std::to_string(bots.size()));
    }
    return henchmen::play_recorded<T>(*game.config(), n, game.max_game_length(), seated, seeds, events, threads, stop);
  }
  double cost_ns(const State& s, const std::string& operation, int64_t repeats) const override { return henchmen::cost_ns(native(s), operation, repeats); }
  int64_t state_bytes() const override { return static_cast<int64_t>(sizeof(typename T::S)); }

 private:
  static const NativeState<T>& native(const State& s) {
    const auto* n = dynamic_cast<const NativeState<T>*>(&s);
    if (!n) throw PlayerError("this state belongs to another game");
    return *n;
  }
  static const NativeGame<T>& native(const Game& g) {
    const auto* n = dynamic_cast<const NativeGame<T>*>(&g);
    if (!n) throw PlayerError("this game has another engine");
    return *n;
  }
};

}  // namespace henchmen
