// The state contract every game keeps (see shared ARCHITECTURE.md).
//
// Two layers:
//  * a game's own flat state struct (trivially copyable, no heap), which the
//    native hot loops use directly through templates; and
//  * the polymorphic `Game` and `State` below, which the bindings and any other
//    frontend use. `native.h` builds the second from the first.
//
// The core knows nothing of search, bots or benchmarks: those live above it
// (cpp/search/), which registers each game's flat state with itself.
#pragma once
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/action.h"
#include "core/cancel.h"
#include "core/error.h"
#include "core/events.h"
#include "core/json.h"
#include "core/options.h"
#include "core/rng.h"

namespace henchmen {

struct GameInfo {
  std::string name;   // registry key, e.g. "seven-secret-supervillains"
  std::string title;  // e.g. "Seven Secret Supervillains"
  std::string summary;
  int min_players = 1;
  int max_players = 1;
  bool zero_sum = true;  // returns sum to zero (false for cooperative games)
  bool test_game = false;  // the engine's own game for its tests, not a published one
  // The keys of observation(player), each with what it holds, for help() and the docs.
  std::vector<std::pair<std::string, std::string>> observation_keys;
  std::vector<OptionSpec> options;  // "players" always comes first
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
  // For reinforcement learning (henchmen.rl):
  bool* truncated = nullptr;            // [games]: cut at the batch's max_steps this step (and restarted)
  float* final_observations = nullptr;  // [games, players, observation size]: each player's view of a
                                        // game that ended or was cut this step, before its restart (other rows untouched)
  // The compact observation (core/compact.h) of the player to move, instead of or beside `observations`.
  uint16_t* compact_index = nullptr;  // [games, compact_capacity]
  float* compact_value = nullptr;     // [games, compact_capacity]
  int32_t* compact_count = nullptr;   // [games]: entries written (more than the capacity: some were dropped)
  int32_t compact_capacity = 0;
  // The legal actions of the player to move, flat (CSR-like), beside or instead
  // of `legal_mask`: game i's are legal_ids[legal_offsets[i] .. legal_offsets[i + 1]),
  // ascending, so a policy samples one without scanning the mask.
  int32_t* legal_offsets = nullptr;  // [games + 1]
  int32_t* legal_ids = nullptr;      // [legal_capacity]: written only when legal_total fits
  int64_t legal_capacity = 0;
  int64_t legal_total = 0;  // out: the entries all games need (more than legal_capacity: legal_ids not written)
};

// Many games stepped together, natively and in parallel. Chance is resolved
// by each game's own generator, and a game that ends is restarted at once, so
// every game always has a player to move. Results do not depend on the
// number of threads.
// `stop` (may be null) is checked between games: an interrupted reset or
// step leaves the batch needing a reset, which every call but reset refuses.
class Batch {
 public:
  virtual ~Batch() = default;
  virtual int64_t size() const = 0;
  virtual bool ready() const = 0;  // reset has run (and was not interrupted since)
  virtual void reset(BatchBuffers& out, Stop* stop) = 0;
  // Applies actions[i] to game i. Throws IllegalActionError naming the first
  // game whose action is illegal; then no game has changed.
  virtual void step(const int32_t* actions, BatchBuffers& out, Stop* stop) = 0;
  // Every game takes a uniformly random legal action (written to `actions`).
  virtual void step_random(int32_t* actions, BatchBuffers& out, Stop* stop) = 0;
  virtual std::unique_ptr<State> state(int64_t index) const = 0;
  // The flat legal actions (as BatchBuffers' legal_offsets/legal_ids) of every
  // game as it stands; returns the entries needed (ids unwritten if more than
  // `capacity`). For a caller whose ids buffer was too small to grow and refill.
  virtual int64_t write_legal(int32_t* offsets, int32_t* ids, int64_t capacity) = 0;
  // Cut every game after this many decisions since its start (0: never).
  virtual void set_max_steps(int64_t decisions) = 0;
  virtual int64_t episodes_finished() const = 0;
  // Decisions and chance outcomes applied by step/step_random since reset
  // (the restarts' setup chance not included).
  virtual int64_t actions_applied() const = 0;

  // A batch is used by one thread at a time (its calls release the GIL):
  // frontends hold a Use while they call it, and a second one fails.
  class Use {
   public:
    explicit Use(Batch& b) : b_(b) {
      bool expected = false;
      if (!b_.in_use_.compare_exchange_strong(expected, true)) {
        throw UsageError("this batch is already in use by another thread; a batch (VectorGame) may be used by one thread at a time");
      }
    }
    ~Use() { b_.in_use_.store(false); }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    Batch& b_;
  };

 private:
  std::atomic<bool> in_use_{false};
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
  virtual std::unique_ptr<Batch> make_batch(int64_t games, uint64_t seed, int threads) const = 0;
  // The name of the number a finished game yields beside its returns, when
  // these options define one (the Seven Secret Supervillains Climb: "turns",
  // taken to reach the goal); "" when they do not. State::measure gives it.
  virtual std::string measure_name() const { return ""; }
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
  // Takes back the last apply() (with the chance it resolved); UsageError if none.
  virtual void undo() = 0;
  virtual bool can_undo() const = 0;
  // The history index where the last apply() began (the length of the history if none).
  virtual int64_t last_apply_start() const = 0;
  // What `reader` (a player, kSpectator or kOmniscient) saw of the actions
  // history()[start, end) (start -1: the setup's events too), as a JSON
  // array; sentences phrased with `names` ("Player N" where missing).
  virtual Json events(int reader, int64_t start, int64_t end, const std::vector<std::string>& names, bool facts) const = 0;
  // Resolves chance nodes with this state's own seeded generator, if it has one.
  virtual void set_auto_chance(bool on, uint64_t seed) = 0;
  virtual bool auto_chance() const = 0;
  virtual uint64_t seed() const = 0;  // the seed given to set_auto_chance (0 if never)
  virtual void resolve_chance() = 0;  // one pass of auto chance, even if off: needs a seed set
  virtual std::unique_ptr<State> clone() const = 0;

  virtual std::vector<double> returns() const = 0;
  // The game's measure (Game::measure_name) once it is over; NaN before, or
  // when the game defines none or ended without one (a goal not reached).
  virtual double measure() const { return std::numeric_limits<double>::quiet_NaN(); }
  virtual const std::vector<Action>& history() const = 0;
  // The notation of each history step in the position it was taken from.
  virtual std::vector<std::string> history_notation() const = 0;
  virtual int64_t move_number() const = 0;  // actions applied, chance included

  virtual std::string action_to_string(Action action) const = 0;
  virtual Action string_to_action(const std::string& text) const = 0;

  virtual Json observation(int player) const = 0;
  // What a frontend draws for `viewer` (a player or kSpectator): zones of
  // cards with faces or backs, counters, and why the current decision is
  // asked (docs/authoring.md, "The table layout"). Never more than the
  // viewer may see.
  virtual Json layout(int viewer) const = 0;
  // For a frontend: the card (and zone) a legal action is about, if any:
  // {"text", "card", "zone"}.
  virtual Json action_info(Action action) const = 0;
  virtual void observation_tensor(int player, float* out) const = 0;
  virtual std::unique_ptr<State> resample(int observer, uint64_t seed) const = 0;
  // What a search carries from one redraw to the next for one observer of
  // this position (the sampler's chain, the observer's view): made by
  // redraw_carry, passed to every resample of the search. Draws with it
  // continue one Markov chain (core/knowledge.h) instead of each burning in
  // afresh; each is still a function of the seeds given, in order.
  struct RedrawCarry {
    virtual ~RedrawCarry() = default;
  };
  virtual std::unique_ptr<RedrawCarry> redraw_carry(int observer) const = 0;
  virtual std::unique_ptr<State> resample(int observer, uint64_t seed, RedrawCarry* carry) const = 0;

  virtual std::string serialize() const = 0;
  // The position alone, as the saved state's canonical "position" JSON: what
  // two states share when they are the same position, without the history,
  // chance generator and knowledge a save carries (much cheaper to write).
  virtual std::string position_json() const = 0;
  virtual uint64_t hash() const = 0;
  // The guard of a game's declared position fields (core/fields.h): null for
  // a game without a table, else {"tried": n, "problems": [...]}. For tests.
  virtual Json field_check() const { return Json(); }
  virtual bool same_position(const State& other) const = 0;
  virtual std::string to_string() const = 0;
  // A cheap estimate of how well `player` stands, in [-1, 1]; the greedy bot
  // and the native heuristic evaluator use it.
  virtual double heuristic(int player) const = 0;
  // Checks every invariant (cards conserved, counters in range); throws
  // SerializationError naming the first broken one.
  virtual void validate() const = 0;
  // Zones (for events' card facts and knowledge): how many the game names,
  // and the cards in one, in no particular order (tests and debugging).
  virtual int num_zones() const = 0;
  virtual std::vector<int> zone_cards(int zone) const = 0;
  // What `observer`'s knowledge tracker holds, for tests and debugging:
  // {"exact", "why", "ghosts", "groups", "zones": [...]} or null.
  virtual Json knowledge_summary(int observer) const = 0;
  // Samples one chance outcome with the given generator (chance nodes only).
  virtual Action sample_chance(Rng& rng) const = 0;
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
