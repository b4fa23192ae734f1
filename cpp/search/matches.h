// Whole games played natively on a game's flat state: random playouts and
// matches between native bots, spread over threads, stoppable (Ctrl-C, a
// cancellation, a deadline) between moves.
#pragma once
#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/cancel.h"
#include "core/native_state.h"
#include "core/thread_pool.h"
#include "search/bots.h"

namespace henchmen {

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

struct MatchResult {
  int64_t games = 0;
  std::vector<double> returns;  // games x bots: each bot's return (bots rotate seats)
  std::vector<int64_t> lengths; // actions per game
  std::vector<double> measures; // per game, when the game has a measure (NaN: none reached); else empty
  // Per bot (as given, whatever seat): decisions taken and their wall time,
  // so that "equal time a move" is measured, not assumed.
  std::vector<int64_t> decisions;
  std::vector<double> decision_seconds;
  std::vector<double> decision_cpu_seconds;  // processor time: not inflated by other work on the machine
  int64_t truncated = 0;
  double seconds = 0.0;
};

// Random playout of one game from `s`; returns the number of actions taken.
template <class S>
int64_t random_playout(S& s, Rng& rng, std::vector<Action>& scratch, int64_t limit, int64_t* decisions) {
  int64_t steps = 0;
  while (steps < limit) {
    const int p = s.current_player();
    if (p == kTerminal) break;
    if (p == kChance) {
      apply_random_chance(s, rng);
    } else {
      s.apply(random_action(s, rng, scratch));
      ++*decisions;
    }
    ++steps;
  }
  return steps;
}

// Game g is played by thread g % threads, from its own seed, so results never
// depend on the number of threads.
template <class T>
PlayoutStats random_playouts(const typename T::Config& cfg, int n, int64_t limit, int64_t games, uint64_t seed, int threads, Stop& stop) {
  const auto start = std::chrono::steady_clock::now();
  threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<int64_t>(1, games))));
  std::vector<PlayoutStats> parts(static_cast<size_t>(threads));
  auto work = [&](int t) {
    PlayoutStats& st = parts[static_cast<size_t>(t)];
    st.mean_returns.assign(static_cast<size_t>(n), 0.0);
    st.wins.assign(static_cast<size_t>(n), 0);
    std::vector<Action> scratch;
    scratch.reserve(256);
    Stop::Probe probe(stop);
    for (int64_t g = t; g < games; g += threads) {
      probe.check();
      typename T::S s = T::initial_state(cfg);
      Rng rng(Rng::derive_seed(seed, static_cast<uint64_t>(g)));
      st.actions += random_playout(s, rng, scratch, limit, &st.decisions);
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
  run_threads(threads, work, [&] { stop.set(Stopped::Why::kCancelled); });
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

// Games between native bots; game g seats bot (s + g) % n in seat s.
template <class T>
MatchResult play_matches(const typename T::Config& cfg, int n, int64_t limit, const std::vector<BotSpec>& bots, int64_t games, uint64_t seed, int threads, Stop& stop) {
  const auto start = std::chrono::steady_clock::now();
  MatchResult out;
  out.games = games;
  out.returns.assign(static_cast<size_t>(games * n), 0.0);
  out.lengths.assign(static_cast<size_t>(games), 0);
  if constexpr (has_measure<typename T::S>::value) out.measures.assign(static_cast<size_t>(games), 0.0);
  threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<int64_t>(1, games))));
  std::vector<int64_t> truncated(static_cast<size_t>(threads), 0);
  // [thread][bot]: each game's clocks are summed into its thread's row.
  std::vector<std::vector<BotClock>> spent(static_cast<size_t>(threads), std::vector<BotClock>(static_cast<size_t>(n)));
  auto work = [&](int t) {
    std::vector<Action> scratch;
    Stop::Probe probe(stop);
    for (int64_t g = t; g < games; g += threads) {
      typename T::S s = T::initial_state(cfg);
      Rng rng(Rng::derive_seed(seed, static_cast<uint64_t>(g)));
      std::vector<BotClock> clocks(static_cast<size_t>(n));  // by bot
      int64_t steps = 0;
      while (s.current_player() != kTerminal && steps < limit) {
        probe.check();
        const int p = s.current_player();
        const size_t bot = static_cast<size_t>((p + g) % n);
        const Action a = p == kChance ? s.sample_chance(rng) : timed_choice(s, bots[bot], rng, scratch, &stop, clocks[bot]);
        if (p != kChance) others_decided(clocks, bot);
        s.apply(a);
        ++steps;
      }
      for (size_t b = 0; b < clocks.size(); ++b) {
        spent[static_cast<size_t>(t)][b].decisions += clocks[b].decisions;
        spent[static_cast<size_t>(t)][b].seconds += clocks[b].seconds;
        spent[static_cast<size_t>(t)][b].cpu_seconds += clocks[b].cpu_seconds;
      }
      out.lengths[static_cast<size_t>(g)] = steps;
      if constexpr (has_measure<typename T::S>::value) out.measures[static_cast<size_t>(g)] = s.current_player() == kTerminal ? s.measure() : std::numeric_limits<double>::quiet_NaN();
      if (s.current_player() != kTerminal) ++truncated[static_cast<size_t>(t)];
      for (int seat = 0; seat < n; ++seat) {
        out.returns[static_cast<size_t>(g * n + (seat + g) % n)] = s.current_player() == kTerminal ? s.returns(seat) : 0.0;
      }
    }
  };
  run_threads(threads, work, [&] { stop.set(Stopped::Why::kCancelled); });
  for (const int64_t k : truncated) out.truncated += k;
  out.decisions.assign(static_cast<size_t>(n), 0);
  out.decision_seconds.assign(static_cast<size_t>(n), 0.0);
  out.decision_cpu_seconds.assign(static_cast<size_t>(n), 0.0);
  for (const auto& row : spent) {
    for (size_t b = 0; b < row.size(); ++b) {
      out.decisions[b] += row[b].decisions;
      out.decision_seconds[b] += row[b].seconds;
      out.decision_cpu_seconds[b] += row[b].cpu_seconds;
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

// An event as analysis counts it: its step (-1: the setup), kind, players
// (-1: none) and the strings its data carries (names of cards, crews,
// heroes: the strings of its fields, and of its lists, in field order).
struct EventBrief {
  int64_t step = -1;
  std::string kind;
  int player = -1;
  int other = -1;
  std::vector<std::string> names;
};

// One game of a recorded batch: every action in order (chance outcomes
// included), what everybody saw of it (the omniscient events, when asked
// for), the returns by seat (zeros if truncated) and the first player to
// decide (-1: none did).
struct RecordedGame {
  std::vector<Action> history;
  std::vector<EventBrief> events;
  std::vector<double> returns;
  int first = -1;
  bool truncated = false;
  // By seat: decisions taken and their wall time.
  std::vector<int64_t> decisions;
  std::vector<double> decision_seconds;
  std::vector<double> decision_cpu_seconds;
  std::vector<int64_t> iterations;  // searched, all decisions together
  std::vector<int64_t> reused;      // decisions searched on from a kept tree (BotSpec::reuse)
  // The number of legal actions at each decision, in order (chance left
  // out): the game's branching factor as it was played.
  std::vector<int32_t> choices;
};

inline void add_briefs(const Events& events, int64_t step, int players, std::vector<EventBrief>& out) {
  for (const Event* e : events.read_by(kOmniscient, players)) {
    EventBrief b{step, e->kind, e->player, e->other, {}};
    if (e->data.is_object()) {
      for (const auto& [key, value] : e->data.as_object("event data")) {
        if (value.is_string()) b.names.push_back(value.as_string(key));
        if (!value.is_array()) continue;
        for (const Json& item : value.as_array(key)) {
          if (item.is_string()) b.names.push_back(item.as_string(key));
        }
      }
    }
    out.push_back(std::move(b));
  }
}

// Games with their bots given by seat and their seeds given one by one (a
// tournament's games, wherever they fall in it), played as play_matches plays
// them: one generator per game, seeded with the game's seed, for chance and
// the bots alike. With `events`, each game's events are caught as its real
// moves are applied (never the bots' thinking, which runs on copies outside
// the scope). Game i is played by thread i % threads, so the result never
// depends on the thread count.
template <class T>
std::vector<RecordedGame> play_recorded(const typename T::Config& cfg, int n, int64_t limit, const std::vector<std::vector<BotSpec>>& seated, const std::vector<uint64_t>& seeds, bool events, int threads, Stop& stop) {
  const int64_t games = static_cast<int64_t>(seeds.size());
  std::vector<RecordedGame> out(static_cast<size_t>(games));
  threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<int64_t>(1, games))));
  auto work = [&](int t) {
    std::vector<Action> scratch;
    std::vector<Action> legal;
    Stop::Probe probe(stop);
    for (int64_t g = t; g < games; g += threads) {
      const std::vector<BotSpec>& bots = seated[static_cast<size_t>(g)];
      RecordedGame& game = out[static_cast<size_t>(g)];
      typename T::S s;
      {
        Events setup;
        EventScope scope(events ? &setup : nullptr);
        s = T::initial_state(cfg);
        if (events) add_briefs(setup, -1, n, game.events);
      }
      Rng rng(seeds[static_cast<size_t>(g)]);
      std::vector<BotClock> clocks(static_cast<size_t>(n));  // by seat
      while (s.current_player() != kTerminal && static_cast<int64_t>(game.history.size()) < limit) {
        probe.check();
        const int p = s.current_player();
        if (p != kChance && game.first < 0) game.first = p;
        if (p != kChance) {
          s.legal_actions(legal);
          game.choices.push_back(static_cast<int32_t>(legal.size()));
        }
        const Action a = p == kChance ? s.sample_chance(rng) : timed_choice(s, bots[static_cast<size_t>(p)], rng, scratch, &stop, clocks[static_cast<size_t>(p)]);
        if (p != kChance) others_decided(clocks, static_cast<size_t>(p));
        if (events) {
          Events step;
          {
            EventScope scope(&step);
            s.apply(a);
          }
          add_briefs(step, static_cast<int64_t>(game.history.size()), n, game.events);
        } else {
          s.apply(a);
        }
        game.history.push_back(a);
      }
      game.truncated = s.current_player() != kTerminal;
      for (int seat = 0; seat < n; ++seat) game.returns.push_back(game.truncated ? 0.0 : s.returns(seat));
      for (const BotClock& c : clocks) {
        game.decisions.push_back(c.decisions);
        game.decision_seconds.push_back(c.seconds);
        game.decision_cpu_seconds.push_back(c.cpu_seconds);
        game.iterations.push_back(c.iterations);
        game.reused.push_back(c.reused);
      }
    }
  };
  run_threads(threads, work, [&] { stop.set(Stopped::Why::kCancelled); });
  return out;
}

}  // namespace henchmen
