// The state contract every game keeps (see shared ARCHITECTURE.md).
//
// Two layers:
//  * a game's own flat state struct (trivially copyable, no heap), which the
//    native hot loops (playouts, search) use directly through templates; and
//  * the polymorphic `Game` and `State` below, which the bindings and any other
//    frontend use. `native.h` builds the second from the first.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/action.h"
#include "core/json.h"
#include "core/options.h"
#include "core/rng.h"
#include "search/bots.h"
#include "search/mcts.h"

namespace henchmen {

struct GameInfo {
  std::string name;   // registry key, e.g. "seven-secret-supervillains"
  std::string title;  // e.g. "Seven Secret Supervillains"
  std::string summary;
  int min_players = 1;
  int max_players = 1;
  bool zero_sum = true;  // returns sum to zero (false for cooperative games)
  std::vector<OptionSpec> options;  // "players" always comes first
};

// Totals from a batch of native random playouts.
struct PlayoutStats {
  int64_t games = 0;
  int64_t actions = 0;          // decisions and chance outcomes
  int64_t decisions = 0;        // player actions only
  int64_t truncated = 0;        // games stopped at the length limit (should be 0)
  std::vector<double> mean_returns;  // per player
  std::vector<int64_t> wins;         // games each player finished with the best return alone
  double seconds = 0.0;
};

class State;

// Where a batch writes its results: caller-owned arrays (numpy buffers from
// Python), one row per game. Any pointer may be null to skip that output.
struct BatchBuffers {
  float* observations = nullptr;     // [games, observation size], the player to move's view
  bool* legal_mask = nullptr;        // [games, num_distinct_actions]
  float* rewards = nullptr;          // [games, players]: the returns of a game that ended this step
  bool* done = nullptr;              // [games]: the game ended this step (and was restarted)
  int32_t* current_player = nullptr; // [games]
};

// Many games stepped together, natively and in parallel. Chance is resolved
// by each game's own generator, and a game that ends is restarted at once, so
// every game always has a player to move. Results do not depend on the
// number of threads.
class Batch {
 public:
  virtual ~Batch() = default;
  virtual int64_t size() const = 0;
  virtual void reset(BatchBuffers& out) = 0;
  // Applies actions[i] to game i. Throws IllegalActionError naming the first
  // game whose action is illegal; then no game has changed.
  virtual void step(const int32_t* actions, BatchBuffers& out) = 0;
  // Every game takes a uniformly random legal action (written to `actions`).
  virtual void step_random(int32_t* actions, BatchBuffers& out) = 0;
  virtual std::unique_ptr<State> state(int64_t index) const = 0;
  virtual int64_t episodes_finished() const = 0;
  // Decisions and chance outcomes applied by step/step_random since reset
  // (the restarts' setup chance not included).
  virtual int64_t actions_applied() const = 0;
};

class Game : public std::enable_shared_from_this<Game> {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  virtual const Json& options() const = 0;  // resolved, defaults filled in
  virtual int num_players() const = 0;
  virtual int num_distinct_actions() const = 0;  // size of the fixed action space
  virtual std::vector<int> observation_shape() const = 0;
  virtual int max_game_length() const = 0;  // bound on actions, chance included
  virtual std::unique_ptr<State> new_initial_state() const = 0;
  virtual std::unique_ptr<State> deserialize(const std::string& text) const = 0;
  virtual Json card_table() const = 0;
  // Many random games natively, spread over `threads`, GIL-free from Python.
  virtual PlayoutStats random_playouts(int64_t games, uint64_t seed, int threads) const = 0;
  virtual std::unique_ptr<Batch> make_batch(int64_t games, uint64_t seed, int threads) const = 0;
  // Games between native bots; game g seats bot (s + g) % n in seat s.
  virtual MatchResult play_matches(const std::vector<BotSpec>& bots, int64_t games, uint64_t seed, int threads) const = 0;
};

class State {
 public:
  virtual ~State() = default;
  virtual const Game& game() const = 0;
  virtual std::shared_ptr<const Game> game_ptr() const = 0;

  virtual int current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminal; }
  bool is_chance() const { return current_player() == kChance; }
  virtual int turn_player() const = 0;  // whose turn it is, even during an off-turn decision

  // Strictly ascending; chance outcomes at chance nodes; empty when terminal.
  virtual std::vector<Action> legal_actions() const = 0;
  virtual std::vector<std::pair<Action, double>> chance_outcomes() const = 0;
  // Atomic: throws IllegalActionError and leaves the state as it was.
  virtual void apply(Action action) = 0;
  // Resolves chance nodes with this state's own seeded generator, if it has one.
  virtual void set_auto_chance(bool on, uint64_t seed) = 0;
  virtual bool auto_chance() const = 0;
  virtual void resolve_chance() = 0;  // one pass of auto chance, even if off: needs a seed set
  virtual std::unique_ptr<State> clone() const = 0;

  virtual std::vector<double> returns() const = 0;
  virtual const std::vector<Action>& history() const = 0;
  virtual int64_t move_number() const = 0;  // actions applied, chance included

  virtual std::string action_to_string(Action action) const = 0;
  virtual Action string_to_action(const std::string& text) const = 0;

  virtual Json observation(int player) const = 0;
  virtual void observation_tensor(int player, float* out) const = 0;
  virtual std::unique_ptr<State> resample(int observer, uint64_t seed) const = 0;

  virtual std::string serialize() const = 0;
  virtual uint64_t hash() const = 0;
  virtual bool same_position(const State& other) const = 0;
  virtual std::string to_string() const = 0;
  // A cheap estimate of how well `player` stands, in [-1, 1]; the greedy bot
  // and the native heuristic evaluator use it.
  virtual double heuristic(int player) const = 0;
  // Checks every invariant (cards conserved, counters in range); throws
  // SerializationError naming the first broken one.
  virtual void validate() const = 0;
  // Samples one chance outcome with the given generator (chance nodes only).
  virtual Action sample_chance(Rng& rng) const = 0;
  // Native MCTS/ISMCTS for the player to move.
  virtual SearchResult search(const SearchConfig& config) const = 0;
  // A native bot's move for the player to move.
  virtual Action bot_action(const BotSpec& bot, Rng& rng) const = 0;
  // Native cost of one operation on this position, in nanoseconds, averaged
  // over `repeats` ("clone", "legal_actions", "apply", "observation_tensor",
  // "hash"); and the size of the flat state in bytes. For bench/ only.
  virtual double native_cost_ns(const std::string& operation, int64_t repeats) const = 0;
  virtual int64_t native_size_bytes() const = 0;
};

// Stable across platforms: FNV-1a over bytes, finished with a splitmix round.
inline uint64_t stable_hash(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return splitmix64(h);
}

}  // namespace henchmen
