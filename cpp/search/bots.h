// Native bots: the random bot, the one-ply greedy bot and search bots, for
// fast matches (strength tables, balance studies) without Python per move.
#pragma once
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <string>
#include <vector>

#include "core/action.h"
#include "core/rng.h"
#include "search/mcts.h"
#include "search/root_parallel.h"
#include "search/turn_end.h"

namespace henchmen {

struct BotSpec {
  enum class Kind { kRandom, kGreedy, kSearch };
  Kind kind = Kind::kRandom;
  SearchConfig search;    // for kSearch
  int chance_samples = 4;  // greedy: how many times to sample chance after a move
  // A search bot's time management over a game (with a BotClock): the budget
  // (search.max_seconds if set, else search.iterations) becomes the mean a
  // decision, and what a decision leaves unspent (a forced move, a root
  // decided early: SearchConfig::early_stop) is banked; each decision may add
  // this share of the bank to its own budget, so contested decisions think
  // longer at the same mean time a decision. 0: every decision gets the
  // budget alone.
  double bank = 0.0;
  // A search bot (with a BotClock, one tree): where nothing but chance came
  // between its last decision and this one (a turn of several decisions),
  // search on from the tree under the move it chose (detail::subtree)
  // instead of from nothing. Chance makes no nodes, so that tree is already
  // the search of this decision over every draw; what came out of the draws
  // narrows it to the moves now legal.
  bool reuse = false;
};

// What one bot keeps through one game: its decisions and their time, its
// bank (BotSpec::bank: budget saved so far, in seconds or iterations), and its
// last search's tree and choice (BotSpec::reuse; cleared when another player
// decides: see others_decided).
struct BotClock {
  double banked = 0.0;
  int64_t decisions = 0;
  double seconds = 0.0;      // wall time
  double cpu_seconds = 0.0;  // this thread's processor time (thread_cpu_seconds)
  int64_t iterations = 0;    // searched (a kept tree's earlier ones not counted)
  int64_t reused = 0;        // decisions searched on from a kept tree
  std::vector<detail::Node> tree;
  Action chosen = -1;
};

// Bot `mover` (an index into `clocks`) has just decided: every other bot's
// kept tree no longer leads to its next decision.
inline void others_decided(std::vector<BotClock>& clocks, size_t mover) {
  for (size_t b = 0; b < clocks.size(); ++b) {
    if (b != mover) clocks[b].tree.clear();
  }
}

// The greedy bot: the action after which the rest of the turn, played one ply
// at a time by everyone, ends best for the player to move by the game's
// heuristic, judged on a redraw of what that player cannot see. Judging the
// end of the turn rather than the position right after the action is what
// makes it play its power before it buys (Seven Secret Supervillains: one ply
// bought the first thing it could pay for and lost the rest of its power) and
// see a played card land past the opponents' chance to react (Villainy: one
// ply saw no gain in playing anything). Where chance decided something on the
// way, the value is the mean of `chance_samples` playouts.
//
// Tried and dropped (docs/strength.md, "The greedy bot"): trying the mover's
// next decisions in every way before the one-ply playout was 5 to 20 times
// slower in Seven Secret Supervillains and lost half its games to random in
// Super! (the best of many sequences is an optimist about the draws).
template <class S>
Action greedy_choice(const S& position, int chance_samples, Rng& rng, std::vector<Action>& legal, RedrawRef<S> redraw) {
  const int me = position.current_player();
  // Never peek: judge a redraw of what `me` cannot see.
  S s = position;
  redraw(s, rng);
  s.legal_actions(legal);
  std::vector<Action> scratch;
  double best = -1e300;
  int ties = 0;
  Action choice = legal.empty() ? -1 : legal[0];
  for (const Action a : legal) {
    S child = s;
    child.apply(a);
    bool met_chance = false;
    double v = turn_end_value(child, me, rng, scratch, met_chance);
    if (met_chance) {
      for (int k = 1; k < chance_samples; ++k) v += turn_end_value(child, me, rng, scratch, met_chance);
      v /= chance_samples;
    }
    if (v > best + 1e-12) {
      best = v;
      choice = a;
      ties = 1;
    } else if (v > best - 1e-12 && rng.below(static_cast<uint32_t>(++ties)) == 0) {
      choice = a;  // reservoir sampling: each tied action equally likely
    }
  }
  return choice;
}

// The search budget of one decision under BotSpec::bank: the mean budget
// plus the bot's share of its bank, set into `cfg`; returns the mean budget.
inline double draw_on_bank(SearchConfig& cfg, double share, const BotClock& clock) {
  const bool timed = cfg.max_seconds > 0;
  const double mean = timed ? cfg.max_seconds : static_cast<double>(cfg.iterations);
  const double allowed = mean + share * clock.banked;
  if (timed) cfg.max_seconds = allowed;
  else cfg.iterations = std::max<int64_t>(1, static_cast<int64_t>(std::llround(allowed)));
  return mean;
}

// `redraw(world, rng)` as in mcts_search (RedrawRef: one copy per game).
// `clock` (may be null: no time management) is this bot's in this game.
template <class S>
Action bot_choice_with(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop, RedrawRef<S> redraw, BotClock* clock = nullptr) {
  switch (bot.kind) {
    case BotSpec::Kind::kRandom: return random_action(s, rng, scratch);
    case BotSpec::Kind::kGreedy: return greedy_choice(s, bot.chance_samples, rng, scratch, redraw);
    case BotSpec::Kind::kSearch: {
      SearchConfig cfg = bot.search;
      cfg.seed = rng.next_u64();
      const bool banking = clock && bot.bank > 0;
      const double mean = banking ? draw_on_bank(cfg, bot.bank, *clock) : 0.0;
      // With threads > 1 every tree calls `redraw`: it must carry nothing from
      // draw to draw (the position's own resample; EngineFor::bot_action gives
      // each tree its own exact redraw instead).
      std::vector<detail::Node>* tree = nullptr;
      if (clock && bot.reuse && cfg.threads <= 1) {
        if (!clock->tree.empty()) {
          s.legal_actions(scratch);
          clock->tree = detail::subtree(clock->tree, clock->chosen, s.current_player(), scratch);
          clock->reused += !clock->tree.empty();
        }
        tree = &clock->tree;
      }
      const SearchResult r = root_parallel(cfg, stop, [&](const SearchConfig& c) { return mcts_search_with(s, c, stop, redraw, tree); });
      if (clock) {
        clock->chosen = r.best;
        clock->iterations += r.iterations;
      }
      if (banking) {
        // A clock is read every 16 iterations, so a search runs a little past
        // it, as every timed search does (the old bot's too): only what it
        // left of its allowance is saved, and the overrun is not owed back.
        const double spent = cfg.max_seconds > 0 ? std::min(r.seconds, cfg.max_seconds) : static_cast<double>(r.iterations) / std::max(1, cfg.threads);
        clock->banked += mean - spent;
      }
      return r.best;
    }
  }
  return -1;
}

template <class S, class Redraw>
Action bot_choice(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop, const Redraw& redraw, BotClock* clock = nullptr) {
  return bot_choice_with(s, bot, rng, scratch, stop, RedrawRef<S>(redraw), clock);
}

template <class S>
Action bot_choice(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop = nullptr, BotClock* clock = nullptr) {
  const int me = s.current_player();
  return bot_choice(s, bot, rng, scratch, stop, [me](S& w, Rng& r) { w.resample(me, r); }, clock);
}

// This thread's processor time in seconds: unlike the wall clock, it does
// not run while other work on a shared machine has the core.
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// A bot's decision in a native game, timed into `clock` (its bank kept there
// too). The random bot's are counted, not timed: reading two clocks would cost
// more than its move.
template <class S>
Action timed_choice(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop, BotClock& clock) {
  ++clock.decisions;
  if (bot.kind == BotSpec::Kind::kRandom) return random_action(s, rng, scratch);
  const auto start = std::chrono::steady_clock::now();
  const double cpu = thread_cpu_seconds();
  const Action a = bot_choice(s, bot, rng, scratch, stop, &clock);
  clock.cpu_seconds += thread_cpu_seconds() - cpu;
  clock.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace henchmen
