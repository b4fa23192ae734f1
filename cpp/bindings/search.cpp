// Bindings for native search, native bots and native matches.
#include <pybind11/numpy.h>
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

template <class T>
T* buffer(const py::object& arr, const char* name, std::vector<py::ssize_t> shape) {
  if (arr.is_none()) return nullptr;
  auto a = py::array::ensure(arr);
  if (!a || !py::isinstance<py::array_t<T>>(a) || !(a.flags() & py::array::c_style) || !a.writeable()) {
    throw OptionError(std::string(name) + " must be a writeable C-contiguous numpy array of " + py::str(py::dtype::of<T>()).cast<std::string>());
  }
  if (a.ndim() != static_cast<py::ssize_t>(shape.size())) throw OptionError(std::string(name) + " has the wrong number of dimensions");
  for (size_t i = 0; i < shape.size(); ++i) {
    if (a.shape(static_cast<py::ssize_t>(i)) != shape[i]) throw OptionError(std::string(name) + " has the wrong shape");
  }
  return static_cast<T*>(a.mutable_data());
}

BatchBuffers buffers(const Batch& b, const Game& g, const py::object& obs, const py::object& mask, const py::object& rewards, const py::object& done,
                     const py::object& player) {
  int64_t obs_len = 1;
  for (const int d : g.observation_shape()) obs_len *= d;
  BatchBuffers out;
  out.observations = buffer<float>(obs, "observations", {b.size(), obs_len});
  out.legal_mask = buffer<bool>(mask, "legal_mask", {b.size(), g.num_distinct_actions()});
  out.rewards = buffer<float>(rewards, "rewards", {b.size(), g.num_players()});
  out.done = buffer<bool>(done, "done", {b.size()});
  out.current_player = buffer<int32_t>(player, "current_player", {b.size()});
  return out;
}

}  // namespace

void bind_search(py::module_& m) {
  m.def("derive_seed", &Rng::derive_seed, py::arg("seed"), py::arg("index"),
        "The seed of game `index` in a batch or a set of playouts seeded with `seed`.");
  py::class_<Batch>(m, "Batch", "Many games stepped natively in parallel; results land in caller-owned numpy arrays.")
      .def_property_readonly("size", &Batch::size)
      .def_property_readonly("episodes_finished", &Batch::episodes_finished)
      .def_property_readonly("actions_applied", &Batch::actions_applied)
      .def("state", &Batch::state, py::arg("index"))
      .def("reset", [](Batch& b, const Game& g, py::object obs, py::object mask, py::object rewards, py::object done, py::object player) {
             BatchBuffers out = buffers(b, g, obs, mask, rewards, done, player);
             py::gil_scoped_release release;
             b.reset(out);
           })
      .def("step", [](Batch& b, const Game& g, py::object actions, py::object obs, py::object mask, py::object rewards, py::object done, py::object player) {
             const int32_t* acts = buffer<int32_t>(actions, "actions", {b.size()});
             if (!acts) throw OptionError("actions must be an int32 numpy array with one action per game");
             BatchBuffers out = buffers(b, g, obs, mask, rewards, done, player);
             py::gil_scoped_release release;
             b.step(acts, out);
           })
      .def("step_random", [](Batch& b, const Game& g, py::object actions, py::object obs, py::object mask, py::object rewards, py::object done, py::object player) {
             int32_t* acts = buffer<int32_t>(actions, "actions", {b.size()});
             BatchBuffers out = buffers(b, g, obs, mask, rewards, done, player);
             py::gil_scoped_release release;
             b.step_random(acts, out);
           });
  auto game_cls = py::reinterpret_borrow<py::object>(m.attr("Game"));
  py::setattr(game_cls, "make_batch", py::cpp_function(
                                          [](const Game& g, int64_t games, uint64_t seed, int threads) { return g.make_batch(games, seed, threads); },
                                          py::is_method(game_cls), py::arg("games"), py::arg("seed") = 0, py::arg("threads") = 1));

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
