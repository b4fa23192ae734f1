// Monte Carlo tree search over a game's flat state, entirely native.
//
// One algorithm, two uses: plain MCTS on the true state (determinize=false)
// and single-observer information-set MCTS after Cowling, Powley and
// Whitehouse (2012) (determinize=true): every iteration redraws what the
// searching player cannot see (State::resample) and walks one tree keyed by
// actions, with UCB over availability counts. Chance is open-loop: outcomes
// are sampled as the walk meets them and make no tree nodes.
//
// python/henchmen/search/mcts.py is the readable twin of this file; both draw
// from the engine Rng in the same order so they make the same decisions.
#pragma once
#include <chrono>
#include <cmath>
#include <cstdint>
#include <algorithm>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/action.h"
#include "core/cancel.h"
#include "core/random_action.h"
#include "core/rng.h"
#include "search/learned.h"
#include "search/turn_end.h"

namespace henchmen {

struct SearchConfig {
  int64_t iterations = 1000;
  double max_seconds = 0.0;  // > 0: stop at this time too
  double exploration = 1.0;  // UCT constant c (returns lie in [-1, 1])
  bool determinize = true;   // ISMCTS; false: MCTS on the true state (sees hidden cards)
  bool puct = false;         // PUCT selection with a uniform prior instead of UCT
  int rollout_depth = -1;    // -1: play out to the end; 0: heuristic at the leaf; n: n steps then heuristic
  uint64_t seed = 0;
  // Redraw from what the searching player saw (core/knowledge.h) where the
  // state has a history to follow; false: from the position alone (the
  // conservative tracking, kept to measure what exactness buys).
  bool exact_knowledge = true;
  // Set: the leaf (after rollout_depth steps) asks this learned value
  // (search/learned.h) instead of the game's heuristic.
  std::shared_ptr<const LearnedValue> learned;
  // > 0: before the first iteration every move at the root gets this many
  // visits, valued where the rest of the turn after it, played one ply at a
  // time (the greedy bot's look, search/turn_end.h), ends on one redraw: a
  // prior that sees past the middle of a turn, where the heuristic leaf
  // judges a turn half played. Its time counts against max_seconds, but a
  // deadline does not cut it short. 0: none.
  int greedy_prior = 0;
  // Root parallelism (search/root_parallel.h): this many independent trees
  // on as many threads, merged at the root by visits; 1: one tree.
  int threads = 1;
  // > 0: stop as soon as the root is decided, so a bot can bank the rest of
  // its budget (search/bots.h, BotSpec::bank) for the decisions that are not:
  // a single legal move is played without searching, and the search ends when
  // the most visited root move leads the runner-up by more than early_stop
  // times the iterations left (those the budget still allows, or, on a clock,
  // those the time left allows at the rate so far). 1: the runner-up could not
  // catch the leader even with every iteration left, so the choice is the
  // full search's; below 1 stops sooner, when a catch-up is merely unlikely.
  // 0: every search spends its whole budget.
  double early_stop = 0.0;
};

// The longest principal line a search reports (SearchResult::line).
inline constexpr size_t kLineMax = 12;

struct SearchResult {
  Action best = -1;
  std::vector<Action> actions;   // root children, ascending
  std::vector<int64_t> visits;
  std::vector<double> values;    // mean return for the searching player
  // The principal line: from `best`, the most visited child at each step (a
  // step chosen by its `line_movers` player), while it was visited at least
  // twice. Chance makes no nodes, so draws between the steps are not in it.
  std::vector<Action> line;
  std::vector<int> line_movers;
  int64_t iterations = 0;
  int64_t rollout_steps = 0;
  double seconds = 0.0;
};

namespace detail {

struct Node {
  Action action = -1;
  int mover = -1;  // who chose `action`
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  int64_t visits = 0;
  int64_t available = 0;
  double value = 0.0;  // sum of returns for `mover`
};

// SearchConfig::early_stop: whether the most visited root move leads the
// runner-up by more than early_stop times the iterations left after `done`.
inline bool root_decided(const std::vector<Node>& nodes, int64_t done, double elapsed, const SearchConfig& cfg) {
  double left = static_cast<double>(cfg.iterations - done);
  if (cfg.max_seconds > 0 && elapsed > 0) left = std::min(left, (cfg.max_seconds - elapsed) * static_cast<double>(done) / elapsed);
  int64_t first = 0, second = 0;  // an untried move has no visits
  int children = 0;
  for (int32_t c = nodes[0].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
    const int64_t v = nodes[static_cast<size_t>(c)].visits;
    ++children;
    if (v > first) {
      second = first;
      first = v;
    } else if (v > second) {
      second = v;
    }
  }
  return children > 0 && static_cast<double>(first - second) > cfg.early_stop * left;
}

// The tree under the root move `action`, re-rooted for the next decision of
// `me`, whose legal moves are `legal` (ascending): the new root's children are
// the moves of `me` still legal (in some redraws another player decided after
// `action`; those nodes, and moves the draws since have taken away, go). Empty
// if `action` has no node. Sibling order is kept.
inline std::vector<Node> subtree(const std::vector<Node>& nodes, Action action, int me, const std::vector<Action>& legal) {
  std::vector<Node> out;
  if (nodes.empty()) return out;
  int32_t at = -1;
  for (int32_t c = nodes[0].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
    if (nodes[static_cast<size_t>(c)].action == action) at = c;
  }
  if (at < 0) return out;
  out.emplace_back();
  out[0].visits = nodes[static_cast<size_t>(at)].visits;
  std::vector<std::pair<int32_t, int32_t>> todo{{at, 0}};  // (from, to): copy from's children under to
  while (!todo.empty()) {
    const auto [from, to] = todo.back();
    todo.pop_back();
    int32_t last = -1;
    for (int32_t c = nodes[static_cast<size_t>(from)].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
      Node copy = nodes[static_cast<size_t>(c)];
      if (to == 0 && (copy.mover != me || !std::binary_search(legal.begin(), legal.end(), copy.action))) continue;
      copy.first_child = copy.next_sibling = -1;
      out.push_back(copy);
      const int32_t idx = static_cast<int32_t>(out.size() - 1);
      if (last < 0) out[static_cast<size_t>(to)].first_child = idx;
      else out[static_cast<size_t>(last)].next_sibling = idx;
      last = idx;
      todo.emplace_back(c, idx);
    }
  }
  if (out[0].first_child < 0) out.clear();
  return out;
}

}  // namespace detail

// A redraw (`redraw(world, rng)`) passed by reference rather than as a
// template parameter, so that the search and the bots are compiled once per
// game instead of once per caller's lambda (four a game made the search
// layer the build's dearest file), for one indirect call an iteration or a
// greedy move. The callable must outlive the call it is passed to.
template <class S>
class RedrawRef {
 public:
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, RedrawRef>>>
  RedrawRef(const F& f)  // implicit: callers pass their lambdas
      : target_(&f), call_([](const void* t, S& world, Rng& rng) { (*static_cast<const F*>(t))(world, rng); }) {}
  void operator()(S& world, Rng& rng) const { call_(target_, world, rng); }

 private:
  const void* target_;
  void (*call_)(const void*, S&, Rng&);
};

// `stop` (may be null) ends the search between iterations: at its deadline
// the search returns what it has, like max_seconds; an interrupt or a
// cancellation throws Stopped.
// `redraw(world, rng)` turns a copy of the root into a world the searching
// player cannot tell from it (by default the flat state's own resample).
// `tree` (may be null): in, a tree to go on searching (detail::subtree of
// the last search's, for the same player; empty: a fresh one); out, this
// search's whole tree.
template <class S>
SearchResult mcts_search_with(const S& root, const SearchConfig& cfg, Stop* stop, RedrawRef<S> redraw, std::vector<detail::Node>* tree = nullptr) {
  using detail::Node;
  SearchResult out;
  const int me = root.current_player();
  if (me < 0) return out;
  const int n_players = root.num_players();
  Rng rng(cfg.seed);
  std::vector<Node> nodes;
  if (tree) nodes.swap(*tree);
  const bool reused = !nodes.empty();
  if (!reused) nodes.emplace_back();
  nodes.reserve(nodes.size() + static_cast<size_t>(std::min<int64_t>(cfg.iterations, 1 << 20) + 16));
  std::vector<int32_t> path;
  std::vector<Action> legal;
  std::vector<int32_t> child_of;
  std::vector<Action> untried;
  std::vector<double> values(static_cast<size_t>(n_players));
  const auto start = std::chrono::steady_clock::now();
  std::optional<Stop::Probe> probe;
  if (stop) probe.emplace(*stop);
  if (cfg.early_stop > 0) {
    // The searching player's own moves are the same in every redraw of what
    // they cannot see, so one legal move is the choice whatever a search says.
    root.legal_actions(legal);
    if (legal.size() == 1) {
      out.best = legal[0];
      out.actions = legal;
      out.visits.assign(1, 0);
      out.values.assign(1, 0.0);
      if (tree) tree->clear();
      return out;
    }
  }
  if (cfg.greedy_prior > 0 && !reused) {
    S s = root;
    if (cfg.determinize) {
      Rng world(rng.next_u64());
      redraw(s, world);
    }
    s.legal_actions(legal);
    const std::vector<Action> moves = legal;
    for (const Action a : moves) {
      S child = s;
      child.apply(a);
      bool met_chance = false;
      const double v = std::max(-1.0, std::min(1.0, turn_end_value(child, me, rng, untried, met_chance)));
      Node node;
      node.action = a;
      node.mover = me;
      node.visits = node.available = cfg.greedy_prior;
      node.value = v * cfg.greedy_prior;
      node.next_sibling = nodes[0].first_child;
      nodes.push_back(node);
      nodes[0].first_child = static_cast<int32_t>(nodes.size() - 1);
      nodes[0].visits += cfg.greedy_prior;
    }
  }

  for (int64_t it = 0; it < cfg.iterations; ++it) {
    if ((it & 15) == 0 && (cfg.max_seconds > 0 || cfg.early_stop > 0)) {
      const double elapsed = cfg.max_seconds > 0 ? std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() : 0.0;
      if (cfg.max_seconds > 0 && elapsed >= cfg.max_seconds) break;
      if (cfg.early_stop > 0 && it > 0 && detail::root_decided(nodes, it, elapsed, cfg)) break;
    }
    if (probe) {
      try {
        probe->check();
      } catch (const Stopped& e) {
        if (e.why != Stopped::Why::kDeadline || it == 0) throw;
        break;
      }
    }
    S s = root;
    if (cfg.determinize) {
      Rng world(rng.next_u64());
      redraw(s, world);
    }
    path.clear();
    path.push_back(0);
    int32_t node = 0;
    bool expanded = false;
    // Selection and expansion.
    while (true) {
      const int p = s.current_player();
      if (p == kTerminal) break;
      if (p == kChance) {
        s.apply(s.sample_chance(rng));
        continue;
      }
      s.legal_actions(legal);
      child_of.assign(legal.size(), -1);
      for (int32_t c = nodes[static_cast<size_t>(node)].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
        const Action a = nodes[static_cast<size_t>(c)].action;
        // legal is ascending: binary search for the child's action
        size_t lo = 0, hi = legal.size();
        while (lo < hi) {
          const size_t mid = (lo + hi) / 2;
          if (legal[mid] < a) lo = mid + 1;
          else hi = mid;
        }
        if (lo < legal.size() && legal[lo] == a) child_of[lo] = c;
      }
      untried.clear();
      for (size_t i = 0; i < legal.size(); ++i) {
        if (child_of[i] < 0) untried.push_back(legal[i]);
        else ++nodes[static_cast<size_t>(child_of[i])].available;
      }
      if (!untried.empty() && !expanded) {
        const Action a = untried[rng.below(static_cast<uint32_t>(untried.size()))];
        Node child;
        child.action = a;
        child.mover = p;
        child.available = 1;
        child.next_sibling = nodes[static_cast<size_t>(node)].first_child;
        nodes.push_back(child);
        const int32_t idx = static_cast<int32_t>(nodes.size() - 1);
        nodes[static_cast<size_t>(node)].first_child = idx;
        s.apply(a);
        path.push_back(idx);
        node = idx;
        expanded = true;
        break;
      }
      // Select among the children available in this determinization; equal
      // scores are broken at random (by the lowest id, a multi-player search
      // would always pick on the same seat).
      int32_t best = -1;
      double best_score = -1e300;
      uint32_t ties = 0;
      const double parent_visits = static_cast<double>(nodes[static_cast<size_t>(node)].visits);
      for (size_t i = 0; i < legal.size(); ++i) {
        const int32_t c = child_of[i];
        if (c < 0) continue;
        const Node& ch = nodes[static_cast<size_t>(c)];
        const double q = ch.visits ? ch.value / static_cast<double>(ch.visits) : 0.0;
        double score;
        if (cfg.puct) {
          const double prior = 1.0 / static_cast<double>(legal.size());
          score = q + cfg.exploration * prior * std::sqrt(parent_visits) / (1.0 + static_cast<double>(ch.visits));
        } else {
          score = q + cfg.exploration * std::sqrt(std::log(static_cast<double>(ch.available)) / static_cast<double>(ch.visits));
        }
        if (score > best_score) {
          best_score = score;
          best = c;
          ties = 1;
        } else if (score == best_score && rng.below(++ties) == 0) {
          best = c;  // reservoir sampling: each tied child equally likely
        }
      }
      if (best < 0) break;  // unreachable: some child is available when nothing is untried
      s.apply(nodes[static_cast<size_t>(best)].action);
      path.push_back(best);
      node = best;
    }
    // Evaluation.
    int64_t steps = 0;
    while (s.current_player() != kTerminal && (cfg.rollout_depth < 0 || steps < cfg.rollout_depth)) {
      if (s.current_player() == kChance) {
        apply_random_chance(s, rng);
      } else {
        s.apply(random_action(s, rng, legal));
      }
      ++steps;
    }
    out.rollout_steps += steps;
    const bool terminal = s.current_player() == kTerminal;
    if (!terminal && cfg.learned) {
      cfg.learned->values(s, me, values);
    } else {
      for (int p = 0; p < n_players; ++p) values[static_cast<size_t>(p)] = terminal ? s.returns(p) : s.heuristic(p);
    }
    // Backpropagation.
    for (const int32_t idx : path) {
      Node& nd = nodes[static_cast<size_t>(idx)];
      ++nd.visits;
      if (nd.mover >= 0) nd.value += values[static_cast<size_t>(nd.mover)];
    }
    ++out.iterations;
  }
  // Most visited root child; ties broken at random, as in the selection.
  std::vector<int32_t> kids;
  for (int32_t c = nodes[0].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) kids.push_back(c);
  std::sort(kids.begin(), kids.end(), [&](int32_t a, int32_t b) { return nodes[static_cast<size_t>(a)].action < nodes[static_cast<size_t>(b)].action; });
  int64_t best_visits = -1;
  uint32_t ties = 0;
  for (const int32_t c : kids) {
    const Node& ch = nodes[static_cast<size_t>(c)];
    out.actions.push_back(ch.action);
    out.visits.push_back(ch.visits);
    out.values.push_back(ch.visits ? ch.value / static_cast<double>(ch.visits) : 0.0);
    if (ch.visits > best_visits) {
      best_visits = ch.visits;
      out.best = ch.action;
      ties = 1;
    } else if (ch.visits == best_visits && rng.below(++ties) == 0) {
      out.best = ch.action;
    }
  }
  int32_t at = -1;
  for (const int32_t c : kids) {
    if (nodes[static_cast<size_t>(c)].action == out.best) at = c;
  }
  while (at >= 0 && nodes[static_cast<size_t>(at)].visits >= 2 && out.line.size() < kLineMax) {
    out.line.push_back(nodes[static_cast<size_t>(at)].action);
    out.line_movers.push_back(nodes[static_cast<size_t>(at)].mover);
    int32_t next = -1;
    for (int32_t c = nodes[static_cast<size_t>(at)].first_child; c >= 0; c = nodes[static_cast<size_t>(c)].next_sibling) {
      const Node& ch = nodes[static_cast<size_t>(c)];
      // Most visited; equal visits go to the lower action, so the line is the same on every run.
      if (next < 0 || ch.visits > nodes[static_cast<size_t>(next)].visits ||
          (ch.visits == nodes[static_cast<size_t>(next)].visits && ch.action < nodes[static_cast<size_t>(next)].action)) {
        next = c;
      }
    }
    at = next;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (tree) tree->swap(nodes);
  return out;
}

template <class S, class Redraw>
SearchResult mcts_search(const S& root, const SearchConfig& cfg, Stop* stop, const Redraw& redraw) {
  return mcts_search_with(root, cfg, stop, RedrawRef<S>(redraw));
}

template <class S>
SearchResult mcts_search(const S& root, const SearchConfig& cfg, Stop* stop = nullptr) {
  const int me = root.current_player();
  return mcts_search(root, cfg, stop, [me](S& s, Rng& r) { s.resample(me, r); });
}

}  // namespace henchmen
