// Bindings for native search, native bots and native matches.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/error.h"
#include "core/game.h"

namespace py = pybind11;
using namespace henchmen;

namespace {

template <class T>
T get(const py::dict& d, const char* key, T fallback) {
  return d.contains(key) ? d[key].cast<T>() : fallback;
}

SearchConfig search_config(const py::dict& d) {
  for (const auto& item : d) {
    const std::string key = py::str(item.first);
    static const char* known[] = {"kind", "iterations", "max_seconds", "exploration", "determinize", "puct", "rollout_depth", "seed", "chance_samples"};
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) throw OptionError("unknown search setting '" + key + "'; settings are: iterations, max_seconds, exploration, determinize, puct, rollout_depth, seed");
  }
  SearchConfig c;
  c.iterations = get<int64_t>(d, "iterations", c.iterations);
  c.max_seconds = get<double>(d, "max_seconds", c.max_seconds);
  c.exploration = get<double>(d, "exploration", c.exploration);
  c.determinize = get<bool>(d, "determinize", c.determinize);
  c.puct = get<bool>(d, "puct", c.puct);
  c.rollout_depth = get<int>(d, "rollout_depth", c.rollout_depth);
  c.seed = get<uint64_t>(d, "seed", c.seed);
  if (c.iterations < 1 || c.iterations > 100000000) throw OptionError("iterations must be from 1 to 100000000, got " + std::to_string(c.iterations));
  if (!(c.max_seconds >= 0.0) || c.max_seconds > 86400.0) throw OptionError("max_seconds must be from 0 to 86400");
  if (!(c.exploration >= 0.0) || c.exploration > 100.0) throw OptionError("exploration must be from 0 to 100");
  if (c.rollout_depth < -1 || c.rollout_depth > 1000000) throw OptionError("rollout_depth must be -1 (to the end), 0 (heuristic) or a number of steps");
  return c;
}

BotSpec bot_spec(const py::dict& d) {
  BotSpec b;
  const std::string kind = d.contains("kind") ? py::str(d["kind"]).cast<std::string>() : "random";
  if (kind == "random") b.kind = BotSpec::Kind::kRandom;
  else if (kind == "greedy") b.kind = BotSpec::Kind::kGreedy;
  else if (kind == "mcts" || kind == "ismcts") b.kind = BotSpec::Kind::kSearch;
  else throw OptionError("unknown native bot '" + kind + "'; native bots are: random, greedy, mcts, ismcts");
  b.search = search_config(d);
  b.search.determinize = kind != "mcts" && get<bool>(d, "determinize", true);
  b.chance_samples = get<int>(d, "chance_samples", b.chance_samples);
  if (b.chance_samples < 1 || b.chance_samples > 1000) throw OptionError("chance_samples must be from 1 to 1000");
  return b;
}

py::dict result_dict(const SearchResult& r) {
  py::dict d;
  d["best"] = r.best;
  d["actions"] = r.actions;
  d["visits"] = r.visits;
  d["values"] = r.values;
  d["iterations"] = r.iterations;
  d["rollout_steps"] = r.rollout_steps;
  d["seconds"] = r.seconds;
  return d;
}

}  // namespace

void bind_search(py::module_& m) {
  auto state = py::reinterpret_borrow<py::object>(m.attr("State"));
  auto game = py::reinterpret_borrow<py::object>(m.attr("Game"));
  py::setattr(state, "sample_chance", py::cpp_function([](const State& s, Rng& rng) { return s.sample_chance(rng); },
                                                        py::is_method(state), py::arg("rng")));
  py::setattr(state, "search", py::cpp_function(
                                   [](const State& s, const py::dict& settings) {
                                     const SearchConfig c = search_config(settings);
                                     SearchResult r;
                                     {
                                       py::gil_scoped_release release;
                                       r = s.search(c);
                                     }
                                     return result_dict(r);
                                   },
                                   py::is_method(state), py::arg("settings")));
  py::setattr(state, "bot_action", py::cpp_function(
                                       [](const State& s, const py::dict& bot, Rng& rng) {
                                         const BotSpec b = bot_spec(bot);
                                         py::gil_scoped_release release;
                                         return s.bot_action(b, rng);
                                       },
                                       py::is_method(state), py::arg("bot"), py::arg("rng")));
  py::setattr(state, "native_cost_ns", py::cpp_function(
                                           [](const State& s, const std::string& op, int64_t repeats) {
                                             py::gil_scoped_release release;
                                             return s.native_cost_ns(op, repeats);
                                           },
                                           py::is_method(state), py::arg("operation"), py::arg("repeats") = 100000));
  py::setattr(state, "native_size_bytes", py::cpp_function([](const State& s) { return s.native_size_bytes(); }, py::is_method(state)));
  py::setattr(game, "play_matches", py::cpp_function(
                                        [](const Game& g, const py::list& bots, int64_t games, uint64_t seed, int threads) {
                                          std::vector<BotSpec> specs;
                                          for (const auto& b : bots) specs.push_back(bot_spec(b.cast<py::dict>()));
                                          if (games < 0 || games > 100000000) throw OptionError("games must be from 0 to 100000000");
                                          if (threads < 1 || threads > 256) throw OptionError("threads must be from 1 to 256");
                                          MatchResult r;
                                          {
                                            py::gil_scoped_release release;
                                            r = g.play_matches(specs, games, seed, threads);
                                          }
                                          py::dict d;
                                          d["games"] = r.games;
                                          d["returns"] = r.returns;
                                          d["lengths"] = r.lengths;
                                          d["truncated"] = r.truncated;
                                          d["seconds"] = r.seconds;
                                          return d;
                                        },
                                        py::is_method(game), py::arg("bots"), py::arg("games"), py::arg("seed") = 0, py::arg("threads") = 1));
}
