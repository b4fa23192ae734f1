// Root parallelism (issue 40, item 2): `SearchConfig::threads` independent
// searches of one root, each on its own thread with its own seed and its own
// redraws, merged at the root by visits. The trees share nothing, so no
// locks; the price is that each tree is shallower than one tree of all the
// iterations would be.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "core/rng.h"
#include "core/thread_pool.h"
#include "search/mcts.h"

namespace henchmen {

// One result from several searches of the same root: every root move's
// visits summed and its mean value weighted by visits; the best move the most
// visited (equal visits: the lower action, so a merge never depends on the
// order of the parts); the principal line that of the part that visited the
// best move most; iterations and rollout steps summed, seconds the longest.
inline SearchResult merge_roots(const std::vector<SearchResult>& parts) {
  SearchResult out;
  std::map<Action, std::pair<int64_t, double>> by_action;  // visits, sum of values
  for (const SearchResult& p : parts) {
    for (size_t i = 0; i < p.actions.size(); ++i) {
      auto& [visits, sum] = by_action[p.actions[i]];
      visits += p.visits[i];
      sum += p.values[i] * static_cast<double>(p.visits[i]);
    }
    out.iterations += p.iterations;
    out.rollout_steps += p.rollout_steps;
    out.seconds = std::max(out.seconds, p.seconds);
  }
  int64_t best_visits = -1;
  for (const auto& [action, vs] : by_action) {
    out.actions.push_back(action);
    out.visits.push_back(vs.first);
    out.values.push_back(vs.first ? vs.second / static_cast<double>(vs.first) : 0.0);
    if (vs.first > best_visits) {
      best_visits = vs.first;
      out.best = action;
    }
  }
  int64_t line_visits = -1;
  for (const SearchResult& p : parts) {
    for (size_t i = 0; i < p.actions.size(); ++i) {
      if (p.actions[i] == out.best && p.best == out.best && p.visits[i] > line_visits) {
        line_visits = p.visits[i];
        out.line = p.line;
        out.line_movers = p.line_movers;
      }
    }
  }
  return out;
}

// `one(config)` runs one search of the root with `config` (its own redraws:
// a redraw that carries anything from draw to draw must be made per call).
// With cfg.threads > 1, runs that many on as many threads, seeds derived
// from cfg.seed, and merges them; else one search, as it was.
template <class One>
SearchResult root_parallel(const SearchConfig& cfg, Stop* stop, const One& one) {
  if (cfg.threads <= 1) return one(cfg);
  std::vector<SearchResult> parts(static_cast<size_t>(cfg.threads));
  run_threads(
      cfg.threads,
      [&](int t) {
        SearchConfig c = cfg;
        c.threads = 1;
        c.seed = Rng::derive_seed(cfg.seed, static_cast<uint64_t>(t));
        parts[static_cast<size_t>(t)] = one(c);
      },
      [&] {
        if (stop) stop->set(Stopped::Why::kCancelled);
      });
  return merge_roots(parts);
}

}  // namespace henchmen
