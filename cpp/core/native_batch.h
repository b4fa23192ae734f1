// NativeBatch<T>: many games of one kind stepped in parallel (the Batch of game.h),
// made by make_native_batch (instantiated for every game in games/batches.cpp).
#pragma once
#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "core/compact.h"
#include "core/mask_rows.h"
#include "core/native.h"
#include "core/thread_pool.h"

namespace henchmen {

// The games of a step handed to the pool's threads a few at a time from a
// shared counter, not one fixed block each: on a shared host a thread that
// loses its core for a while leaves its games to the others instead of
// holding up the whole step (results do not change: every game has its own
// generator).
class Chunks {
 public:
  explicit Chunks(int64_t games) : games_(games) {}
  // The next games [begin, end) to step; false when none are left.
  bool take(int64_t& begin, int64_t& end) {
    begin = next_.fetch_add(kGames, std::memory_order_relaxed);
    end = std::min(games_, begin + kGames);
    return begin < games_;
  }

 private:
  static constexpr int64_t kGames = 8;  // ~10 us of work with observations: the counter costs nothing beside it
  std::atomic<int64_t> next_{0};
  int64_t games_;
};

template <class T>
class NativeBatch final : public Batch {
 public:
  using S = typename T::S;

  NativeBatch(std::shared_ptr<const NativeGame<T>> game, int64_t games, uint64_t seed, int threads, StateOf<T> state_of)
      : game_(std::move(game)), state_of_(state_of), seed_(seed), pool_(threads) {
    states_.resize(static_cast<size_t>(games));
    rngs_.resize(static_cast<size_t>(games));
    steps_.resize(static_cast<size_t>(games));
    legal_.resize(static_cast<size_t>(games));
    legal_known_.assign(static_cast<size_t>(games), 0);
    encoder_ = compact_encoder(T::info().name);
    obs_len_ = static_cast<int>(total_size(game_->observation_shape()));
    mask_rows_.resize(games);
  }

  int64_t size() const override { return static_cast<int64_t>(states_.size()); }
  bool ready() const override { return ready_; }
  int64_t episodes_finished() const override { return finished_; }
  int64_t actions_applied() const override { return applied_; }

  void reset(BatchBuffers& out, Stop* stop) override {
    ready_ = false;
    finished_ = 0;
    applied_ = 0;
    if (out.legal_mask) mask_rows_.track(out.legal_mask);
    Chunks chunks(size());
    pool_.parallel_for(pool_.size(), [&](int64_t, int64_t) {
      std::optional<Stop::Probe> probe;
      if (stop) probe.emplace(*stop);
      for (int64_t begin = 0, end = 0; chunks.take(begin, end);) {
        for (int64_t i = begin; i < end; ++i) {
          if (probe) probe->check();
          rngs_[static_cast<size_t>(i)].reseed(Rng::derive_seed(seed_, static_cast<uint64_t>(i)));
          restart(i);
          if (out.rewards) std::fill_n(out.rewards + i * players(), players(), 0.0f);
          if (out.done) out.done[i] = false;
          if (out.truncated) out.truncated[i] = false;
          write(i, out);
        }
      }
    });
    if (out.legal_offsets) out.legal_total = flatten_legal(out.legal_offsets, out.legal_ids, out.legal_capacity);
    ready_ = true;
  }

  void step(const int32_t* actions, BatchBuffers& out, Stop* stop) override {
    require_ready();
    std::atomic<int64_t> first_bad{size()};
    auto check = [&](int64_t begin, int64_t end) {
      std::vector<Action> scratch;
      for (int64_t i = begin; i < end; ++i) {
        const std::vector<Action>& legal = legal_now(i, scratch);
        if (!std::binary_search(legal.begin(), legal.end(), actions[i])) {
          int64_t seen = first_bad.load();
          while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
          }
          return;
        }
      }
    };
    // With the lists known a check is a binary search: a small batch checks
    // faster on this thread than it wakes the pool (bench/rl.py's policy rows).
    if (size() <= kSerialCheck) {
      check(0, size());
    } else {
      pool_.parallel_for(size(), check);
    }
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
    advance([&](int64_t i, std::vector<Action>&) { return actions[i]; }, out, stop);
  }

  void step_random(int32_t* actions, BatchBuffers& out, Stop* stop) override {
    require_ready();
    advance(
        [&](int64_t i, std::vector<Action>& scratch) {
          const std::vector<Action>& legal = legal_now(i, scratch);
          const Action a = legal[rngs_[static_cast<size_t>(i)].below(static_cast<uint32_t>(legal.size()))];
          if (actions) actions[i] = a;
          return a;
        },
        out, stop);
  }

  void set_max_steps(int64_t decisions) override {
    if (decisions < 0) throw OptionError("max_steps must be >= 0 (0: never cut), got " + std::to_string(decisions));
    max_steps_ = decisions;
  }

  int64_t write_legal(int32_t* offsets, int32_t* ids, int64_t capacity) override {
    require_ready();
    std::vector<Action> scratch;
    for (int64_t i = 0; i < size(); ++i) {
      if (!legal_known_[static_cast<size_t>(i)]) {
        mask_rows_.forget(i);
        states_[static_cast<size_t>(i)].legal_actions(legal_[static_cast<size_t>(i)]);
        legal_known_[static_cast<size_t>(i)] = 1;
      }
    }
    return flatten_legal(offsets, ids, capacity);
  }

  std::unique_ptr<State> state(int64_t index) const override {
    require_ready();
    if (index < 0 || index >= size()) throw PlayerError("game index must be from 0 to " + std::to_string(size() - 1));
    return state_of_(game_, states_[static_cast<size_t>(index)]);
  }

 private:
  int players() const { return game_->num_players(); }

  void require_ready() const {
    if (!ready_) throw UsageError("the batch has not been reset (or its last call was interrupted): call reset() first");
  }

  // Game i's legal actions: the list its last mask was written from, while
  // the game has not moved since, else listed into `scratch`.
  const std::vector<Action>& legal_now(int64_t i, std::vector<Action>& scratch) const {
    if (legal_known_[static_cast<size_t>(i)]) return legal_[static_cast<size_t>(i)];
    states_[static_cast<size_t>(i)].legal_actions(scratch);
    return scratch;
  }

  // A deal over at setup holds no decision (a card table may make some
  // deals end there: Legendary's Legacy Virus with no Wounds, drawn at
  // random), so it is dealt again: every game of a batch waits on a player.
  // Options whose every deal ends so are refused when the game is made; the
  // bound keeps a game that does anyway from hanging the batch.
  void restart(int64_t i) {
    S& s = states_[static_cast<size_t>(i)];
    for (int deal = 0; deal < kSetupDeals; ++deal) {
      s = T::initial_state(*game_->config());
      steps_[static_cast<size_t>(i)] = 0;
      legal_known_[static_cast<size_t>(i)] = 0;
      settle(i);
      if (s.current_player() != kTerminal) return;
    }
    throw OptionError(std::string(T::info().name) + ": " + std::to_string(kSetupDeals) +
                      " deals in a row ended at setup, before any decision; these options leave nothing to play");
  }

  // Resolves chance; returns how many chance outcomes it applied.
  int64_t settle(int64_t i) {
    S& s = states_[static_cast<size_t>(i)];
    Rng& rng = rngs_[static_cast<size_t>(i)];
    int64_t n = 0;
    while (s.current_player() == kChance) {
      s.apply(s.sample_chance(rng));
      ++n;
    }
    return n;
  }

  // An interrupted advance leaves some games stepped and others not, so the
  // batch needs a reset; the counters still count what was applied.
  template <class Choose>
  void advance(Choose choose, BatchBuffers& out, Stop* stop) {
    std::atomic<int64_t> ended{0};
    std::atomic<int64_t> applied{0};
    ready_ = false;
    if (out.legal_mask) mask_rows_.track(out.legal_mask);
    Chunks chunks(size());
    pool_.parallel_for(pool_.size(), [&](int64_t, int64_t) {
      std::vector<Action> legal;
      int64_t local = 0;
      std::optional<Stop::Probe> probe;
      if (stop) probe.emplace(*stop);
      for (int64_t begin = 0, end = 0; !(probe && probe->stopped()) && chunks.take(begin, end);) {
        for (int64_t i = begin; i < end; ++i) {
          if (i + 1 < size()) prefetch_game(i + 1);
          S& s = states_[static_cast<size_t>(i)];
          const Action a = choose(i, legal);
          legal_known_[static_cast<size_t>(i)] = 0;
          s.apply(a);
          local += 1 + settle(i);
          const bool over = s.current_player() == kTerminal;
          const bool cut = !over && max_steps_ > 0 && ++steps_[static_cast<size_t>(i)] >= max_steps_;
          if (out.rewards) {
            for (int p = 0; p < players(); ++p) out.rewards[i * players() + p] = over ? static_cast<float>(s.returns(p)) : 0.0f;
          }
          if (out.done) out.done[i] = over;
          if (out.truncated) out.truncated[i] = cut;
          if (over || cut) {
            if (out.final_observations) {
              for (int p = 0; p < players(); ++p) s.observation_tensor(p, out.final_observations + (i * players() + p) * obs_len_);
            }
            ++ended;
            restart(i);
          }
          write(i, out);
        }
      }
      applied += local;
    });
    finished_ += ended.load();
    applied_ += applied.load();
    if (stop && stop->is_set()) Stop::Probe(*stop).check();  // rethrows why it stopped
    if (out.legal_offsets) out.legal_total = flatten_legal(out.legal_offsets, out.legal_ids, out.legal_capacity);
    ready_ = true;
  }

  // A batch's states outgrow a core's L2 cache (256 games of Seven Secret
  // Supervillains: 950 KB of states beside 3.4 MB of observation rows), so
  // each step finds a game's state in L3 or memory, and the writers and rules
  // wait on it line by line. The next game's state and legal list are asked
  // for while this one is stepped (a few dozen prefetches beside ~1 us of
  // work). Villainy 6% less CPU time, SSS and Legendary the same
  // (docs/performance-notes.md, "Observation rows checked again"), so only
  // a state's first 2 KB: all of Villainy's, where Legendary's 5 KB were 82
  // prefetches a step, half the loop's own instructions, for no time saved.
  void prefetch_game(int64_t i) const {
    const char* state = reinterpret_cast<const char*>(&states_[static_cast<size_t>(i)]);
    for (size_t at = 0; at < std::min<size_t>(sizeof(S), kPrefetchBytes); at += 64) __builtin_prefetch(state + at);
    const std::vector<Action>& legal = legal_[static_cast<size_t>(i)];
    if (!legal.empty()) __builtin_prefetch(legal.data());
  }

  void write(int64_t i, BatchBuffers& out) {
    const S& s = states_[static_cast<size_t>(i)];
    const int p = s.current_player();
    if (out.current_player) out.current_player[i] = p;
    if (out.observations || out.compact_count) write_observation(i, p, out);
    if (out.legal_mask || out.legal_offsets) {
      std::vector<Action>& legal = legal_[static_cast<size_t>(i)];
      const int width = game_->num_distinct_actions();
      bool* mask = out.legal_mask ? out.legal_mask + i * width : nullptr;
      if (mask) {
        mask_rows_.clear(i, mask, width, legal);  // legal still holds the list the row shows
      } else {
        mask_rows_.forget(i);
      }
      s.legal_actions(legal);
      legal_known_[static_cast<size_t>(i)] = 1;  // the next step chooses from it; flatten_legal copies it
      if (mask) mask_rows_.set(i, mask, legal);
    }
  }

  // The player to move's observation: the tensor row and/or the compact entries.
  void write_observation(int64_t i, int p, BatchBuffers& out) {
    const S& s = states_[static_cast<size_t>(i)];
    if (out.observations) s.observation_tensor(p, out.observations + i * obs_len_);
    if (out.compact_count) {
      CompactWriter w{out.compact_index + i * out.compact_capacity, out.compact_value + i * out.compact_capacity, out.compact_capacity, 0};
      if (encoder_) {
        encoder_(&s, p, w);
      } else {
        encode_from_tensor(s, p, obs_len_, w);
      }
      out.compact_count[i] = w.count;
    }
  }

  // The games' legal lists (all known) laid end to end: offsets always, ids
  // when they fit in `capacity`; returns the entries needed. The offsets are a
  // serial prefix sum (a few ns a game); a large copy is shared by the pool.
  int64_t flatten_legal(int32_t* offsets, int32_t* ids, int64_t capacity) {
    int64_t total = 0;
    offsets[0] = 0;
    for (int64_t i = 0; i < size(); ++i) {
      total += static_cast<int64_t>(legal_[static_cast<size_t>(i)].size());
      if (total > std::numeric_limits<int32_t>::max()) {
        throw OptionError("the batch's legal actions number more than 2**31 - 1 in all; use a smaller batch");
      }
      offsets[i + 1] = static_cast<int32_t>(total);
    }
    if (ids && total <= capacity) {
      auto copy = [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
          const std::vector<Action>& legal = legal_[static_cast<size_t>(i)];
          std::copy(legal.begin(), legal.end(), ids + offsets[i]);
        }
      };
      if (total <= kSerialCopy) {
        copy(0, size());
      } else {
        pool_.parallel_for(size(), copy);
      }
    }
    return total;
  }

  static constexpr int64_t kSerialCheck = 4096;   // games checked on the calling thread (step)
  static constexpr int64_t kSerialCopy = 1 << 16;  // legal ids copied on the calling thread
  static constexpr size_t kPrefetchBytes = 2048;  // of the next game's state (prefetch_game)
  static constexpr int kSetupDeals = 1000;  // the RL environments' bound too (rl/_common.py)

  std::shared_ptr<const NativeGame<T>> game_;
  StateOf<T> state_of_;  // NativeState<T>, compiled in the game's game.cpp
  uint64_t seed_;
  ThreadPool pool_;
  std::vector<S> states_;
  std::vector<Rng> rngs_;
  std::vector<int64_t> steps_;  // decisions since each game's start (for max_steps)
  std::vector<std::vector<Action>> legal_;  // each game's legal actions, as its mask last showed them
  std::vector<uint8_t> legal_known_;  // 1 while legal_[i] is game i's list (a byte each: threads write their own)
  int64_t max_steps_ = 0;
  CompactEncoder encoder_ = nullptr;
  MaskRows mask_rows_;  // which legal list each mask row shows
  int obs_len_ = 0;
  int64_t finished_ = 0;
  int64_t applied_ = 0;  // decisions and chance outcomes since the last reset
  bool ready_ = false;
};

template <class T>
std::unique_ptr<Batch> make_native_batch(std::shared_ptr<const NativeGame<T>> game, int64_t games, uint64_t seed, int threads, StateOf<T> state_of) {
  return std::make_unique<NativeBatch<T>>(std::move(game), games, seed, threads, state_of);
}

}  // namespace henchmen
