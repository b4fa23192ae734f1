// Bindings for native search, native bots and native matches.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <optional>

#include "core/cancel.h"
#include "core/error.h"
#include "core/game.h"
#include "core/thread_pool.h"
#include "search/defaults.h"
#include "search/engine.h"

namespace py = pybind11;
using namespace henchmen;

namespace {

// Python can only deliver a signal (Ctrl-C) to its main thread while that
// thread runs Python code. Native loops run with the GIL released, so they
// ask here now and then: the GIL is taken for a moment and Python's signal
// handlers run; if one raised, its exception is kept to be raised again once
// the native call has unwound.
struct PythonInterrupt {
  std::optional<py::error_already_set> raised;
  static bool poll(void* context) {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return false;
    static_cast<PythonInterrupt*>(context)->raised.emplace();
    return true;
  }
};

std::shared_ptr<const CancelToken> token_of(const py::object& cancel) {
  if (cancel.is_none()) return nullptr;
  if (!py::isinstance<CancelToken>(cancel)) throw OptionError("cancel must be a henchmen.CancelToken or None");
  return cancel.cast<std::shared_ptr<CancelToken>>();
}

double seconds_of(double seconds) {
  if (!(seconds >= 0.0) || seconds > 1e9) throw OptionError("max_seconds must be from 0 (no limit) to 1e9");
  return seconds;
}

// Runs f(stop) with the GIL released. Ctrl-C raises KeyboardInterrupt (or
// whatever the handler raised); a cancellation or a deadline raises Cancelled.
template <class F>
auto stoppable(const py::object& cancel, double seconds, F&& f) -> decltype(f(std::declval<Stop&>())) {
  PythonInterrupt interrupt;
  Stop stop(token_of(cancel), seconds_of(seconds), &PythonInterrupt::poll, &interrupt);
  try {
    py::gil_scoped_release release;
    return f(stop);
  } catch (const Stopped& e) {
    if (interrupt.raised) throw std::move(*interrupt.raised);
    if (e.why == Stopped::Why::kInterrupted) throw py::error_already_set();
    throw CancelledError(e.why == Stopped::Why::kCancelled ? "cancelled through the CancelToken" : "stopped: the time limit (max_seconds) passed");
  }
}

template <class T>
T get(const py::dict& d, const char* key, T fallback) {
  return d.contains(key) ? d[key].cast<T>() : fallback;
}

// leaf=learned: the weights file given (weights=PATH) or the one shipped for
// the game (henchmen.learn.weights_file), checked against the game's shape.
std::shared_ptr<const LearnedValue> learned_leaf(const py::dict& d, const Game& g) {
  const std::string leaf = d.contains("leaf") ? py::str(d["leaf"]).cast<std::string>() : "heuristic";
  if (leaf == "heuristic") {
    if (d.contains("weights")) throw OptionError("weights is for leaf=learned; this search has leaf=heuristic");
    return nullptr;
  }
  if (leaf != "learned") throw OptionError("unknown leaf '" + leaf + "'; leaves are: heuristic, learned");
  const std::string path = d.contains("weights") ? py::str(d["weights"]).cast<std::string>()
                                                 : py::module_::import("henchmen.learn").attr("weights_file")(g.info().name).cast<std::string>();
  std::shared_ptr<const LearnedValue> model = LearnedValue::load(path);
  int64_t inputs = model->extra_inputs();
  int64_t tensor = 1;
  for (const int n : g.observation_shape()) tensor *= n;
  inputs += tensor;
  if (model->game() != g.info().name || model->players() != g.num_players() || model->inputs() != inputs) {
    throw OptionError("the learned evaluator '" + path + "' is for " + model->game() + " with " + std::to_string(model->players()) + " players (" +
                      std::to_string(model->inputs()) + " inputs), not " + g.info().name + " with " + std::to_string(g.num_players()) + " players (" +
                      std::to_string(inputs) + " inputs); train one with: henchmen train " + g.info().name + " --players " + std::to_string(g.num_players()));
  }
  return model;
}

// `base`: the values of the settings `d` leaves out.
SearchConfig search_config(const py::dict& d, const Game& g, const SearchConfig& base = SearchConfig{}) {
  for (const auto& item : d) {
    const std::string key = py::str(item.first);
    static const char* known[] = {"kind", "iterations", "max_seconds", "exploration", "determinize", "puct", "rollout_depth", "seed", "chance_samples", "exact_knowledge", "greedy_prior", "threads", "leaf", "weights", "early_stop", "bank", "reuse"};
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) throw OptionError("unknown search setting '" + key + "'; settings are: iterations, max_seconds, exploration, determinize, puct, rollout_depth, seed, exact_knowledge, greedy_prior, threads, leaf, weights, early_stop, bank, reuse (the last two a bot's)");
  }
  SearchConfig c = base;
  c.iterations = get<int64_t>(d, "iterations", c.iterations);
  c.max_seconds = get<double>(d, "max_seconds", c.max_seconds);
  c.exploration = get<double>(d, "exploration", c.exploration);
  c.determinize = get<bool>(d, "determinize", c.determinize);
  c.puct = get<bool>(d, "puct", c.puct);
  c.rollout_depth = get<int>(d, "rollout_depth", c.rollout_depth);
  c.seed = get<uint64_t>(d, "seed", c.seed);
  c.exact_knowledge = get<bool>(d, "exact_knowledge", c.exact_knowledge);
  c.greedy_prior = get<int>(d, "greedy_prior", c.greedy_prior);
  c.threads = get<int>(d, "threads", c.threads);
  c.early_stop = get<double>(d, "early_stop", c.early_stop);
  check_threads(c.threads);
  if (!(c.early_stop >= 0.0) || c.early_stop > 1.0) throw OptionError("early_stop must be from 0 (spend the whole budget) to 1 (stop when the runner-up cannot catch the leader)");
  if (c.iterations < 1 || c.iterations > 100000000) throw OptionError("iterations must be from 1 to 100000000, got " + std::to_string(c.iterations));
  if (!(c.max_seconds >= 0.0) || c.max_seconds > 86400.0) throw OptionError("max_seconds must be from 0 to 86400");
  if (!(c.exploration >= 0.0) || c.exploration > 100.0) throw OptionError("exploration must be from 0 to 100");
  if (c.greedy_prior < 0 || c.greedy_prior > 1000000) throw OptionError("greedy_prior must be from 0 (none) to 1000000 visits");
  if (c.rollout_depth < -1 || c.rollout_depth > 1000000) throw OptionError("rollout_depth must be -1 (to the end), 0 (heuristic) or a number of steps");
  c.learned = learned_leaf(d, g);
  return c;
}

// A bot spec for the game `g`: settings it leaves out take the game's
// defaults (search/defaults.h).
BotSpec bot_spec(const py::dict& d, const Game& g) {
  BotSpec b;
  const std::string kind = d.contains("kind") ? py::str(d["kind"]).cast<std::string>() : "random";
  if (kind == "random") b.kind = BotSpec::Kind::kRandom;
  else if (kind == "greedy") b.kind = BotSpec::Kind::kGreedy;
  else if (kind == "mcts" || kind == "ismcts") b.kind = BotSpec::Kind::kSearch;
  else throw OptionError("unknown native bot '" + kind + "'; native bots are: random, greedy, mcts, ismcts");
  const SearchDefaults defaults = search_defaults(g.info().name);
  SearchConfig base;
  base.iterations = defaults.iterations;
  base.exploration = defaults.exploration;
  base.rollout_depth = defaults.rollout_depth;
  base.puct = defaults.puct;
  base.greedy_prior = defaults.greedy_prior;
  base.early_stop = defaults.early_stop;
  b.bank = defaults.bank;
  b.reuse = defaults.reuse;
  // A learned leaf evaluates the leaf itself: no playout steps before it
  // unless asked (Super!'s row plays ten before its heuristic).
  if (d.contains("leaf") && py::str(d["leaf"]).cast<std::string>() == "learned") base.rollout_depth = 0;
  b.search = search_config(d, g, base);
  b.search.determinize = kind != "mcts" && get<bool>(d, "determinize", true);
  b.chance_samples = get<int>(d, "chance_samples", b.chance_samples);
  if (b.chance_samples < 1 || b.chance_samples > 1000) throw OptionError("chance_samples must be from 1 to 1000");
  b.bank = get<double>(d, "bank", b.bank);
  if (!(b.bank >= 0.0) || b.bank > 1.0) throw OptionError("bank must be from 0 (no banking) to 1 (a decision may spend the whole bank)");
  b.reuse = get<bool>(d, "reuse", b.reuse);
  return b;
}

py::dict result_dict(const SearchResult& r) {
  py::dict d;
  d["best"] = r.best;
  d["actions"] = r.actions;
  d["visits"] = r.visits;
  d["values"] = r.values;
  d["line"] = r.line;
  d["line_movers"] = r.line_movers;
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

// The reinforcement-learning outputs (henchmen.rl), all optional.
// The flat legal actions (BatchBuffers::legal_offsets/legal_ids), both or neither.
void legal_buffers(BatchBuffers& out, const Batch& b, const py::object& offsets, const py::object& ids) {
  if (offsets.is_none() != ids.is_none()) throw OptionError("legal_offsets and legal_ids go together: give both or neither");
  if (offsets.is_none()) return;
  out.legal_offsets = buffer<int32_t>(offsets, "legal_offsets", {b.size() + 1});
  auto a = py::array::ensure(ids);
  if (!a || a.ndim() != 1) throw OptionError("legal_ids must be a 1-d int32 array (its length is the capacity)");
  out.legal_ids = buffer<int32_t>(ids, "legal_ids", {a.shape(0)});
  out.legal_capacity = a.shape(0);
}

void rl_buffers(BatchBuffers& out, const Batch& b, const Game& g, const py::object& truncated, const py::object& final_obs, const py::object& index,
                const py::object& value, const py::object& count) {
  int64_t obs_len = 1;
  for (const int d : g.observation_shape()) obs_len *= d;
  out.truncated = buffer<bool>(truncated, "truncated", {b.size()});
  out.final_observations = buffer<float>(final_obs, "final_observations", {b.size(), g.num_players(), obs_len});
  out.compact_count = buffer<int32_t>(count, "compact_count", {b.size()});
  if (out.compact_count) {
    if (obs_len > 65536) throw OptionError("the compact observation indexes with 16 bits; this game's tensor has " + std::to_string(obs_len) + " entries");
    if (index.is_none() || value.is_none()) throw OptionError("compact_count needs compact_index and compact_value too");
    auto a = py::array::ensure(index);
    if (!a || a.ndim() != 2) throw OptionError("compact_index must be a 2-d uint16 array [games, capacity]");
    const py::ssize_t cap = a.shape(1);
    if (cap < 1 || cap > (1 << 30)) throw OptionError("the compact capacity must be from 1 to 2**30");
    out.compact_index = buffer<uint16_t>(index, "compact_index", {b.size(), cap});
    out.compact_value = buffer<float>(value, "compact_value", {b.size(), cap});
    out.compact_capacity = static_cast<int32_t>(cap);
  }
}

}  // namespace

void bind_search(py::module_& m) {
  m.def("derive_seed", &Rng::derive_seed, py::arg("seed"), py::arg("index"),
        "The seed of game `index` in a batch or a set of playouts seeded with `seed`.");
  m.def(
      "search_defaults",
      [](const std::string& game) {
        const SearchDefaults d = search_defaults(game);
        py::dict out;
        out["iterations"] = d.iterations;
        out["exploration"] = d.exploration;
        out["rollout_depth"] = d.rollout_depth;
        out["puct"] = d.puct;
        out["greedy_prior"] = d.greedy_prior;
        out["early_stop"] = d.early_stop;
        out["bank"] = d.bank;
        out["reuse"] = d.reuse;
        return out;
      },
      py::arg("game"), "The default search bot's settings for the game named `game` (search/defaults.h).");
  py::class_<CancelToken, std::shared_ptr<CancelToken>>(m, "CancelToken", "A flag that cancels the native calls it is given.")
      .def(py::init<>())
      .def("cancel", &CancelToken::cancel)
      .def_property_readonly("cancelled", &CancelToken::cancelled);

  py::class_<Batch>(m, "Batch", "Many games stepped natively in parallel; results land in caller-owned numpy arrays.")
      .def_property_readonly("size", &Batch::size)
      .def_property_readonly("ready", [](Batch& b) {
        Batch::Use use(b);
        return b.ready();
      })
      .def_property_readonly("episodes_finished", [](Batch& b) {
        Batch::Use use(b);
        return b.episodes_finished();
      })
      .def_property_readonly("actions_applied", [](Batch& b) {
        Batch::Use use(b);
        return b.actions_applied();
      })
      .def("state", [](Batch& b, int64_t index) {
        Batch::Use use(b);
        return b.state(index);
      }, py::arg("index"))
      .def("set_max_steps", [](Batch& b, int64_t decisions) {
        Batch::Use use(b);
        b.set_max_steps(decisions);
      }, py::arg("decisions"))
      .def("reset", [](Batch& b, const Game& g, py::object obs, py::object mask, py::object rewards, py::object done, py::object player, py::object truncated,
                       py::object final_obs, py::object index, py::object value, py::object count, py::object offsets, py::object ids) {
             Batch::Use use(b);
             BatchBuffers out = buffers(b, g, obs, mask, rewards, done, player);
             rl_buffers(out, b, g, truncated, final_obs, index, value, count);
             legal_buffers(out, b, offsets, ids);
             stoppable(py::none(), 0.0, [&](Stop& stop) { b.reset(out, &stop); });
             return out.legal_total;
           }, py::arg("game"), py::arg("observations"), py::arg("legal_mask"), py::arg("rewards"), py::arg("done"), py::arg("current_player"),
           py::arg("truncated") = py::none(), py::arg("final_observations") = py::none(), py::arg("compact_index") = py::none(),
           py::arg("compact_value") = py::none(), py::arg("compact_count") = py::none(), py::arg("legal_offsets") = py::none(),
           py::arg("legal_ids") = py::none())
      .def("step", [](Batch& b, const Game& g, py::object actions, py::object obs, py::object mask, py::object rewards, py::object done, py::object player,
                      py::object truncated, py::object final_obs, py::object index, py::object value, py::object count, py::object offsets,
                      py::object ids) {
             Batch::Use use(b);
             const int32_t* acts = buffer<int32_t>(actions, "actions", {b.size()});
             if (!acts) throw OptionError("actions must be an int32 numpy array with one action per game");
             BatchBuffers out = buffers(b, g, obs, mask, rewards, done, player);
             rl_buffers(out, b, g, truncated, final_obs, index, value, count);
             legal_buffers(out, b, offsets, ids);
             stoppable(py::none(), 0.0, [&](Stop& stop) { b.step(acts, out, &stop); });
             return out.legal_total;
           }, py::arg("game"), py::arg("actions"), py::arg("observations"), py::arg("legal_mask"), py::arg("rewards"), py::arg("done"), py::arg("current_player"),
           py::arg("truncated") = py::none(), py::arg("final_observations") = py::none(), py::arg("compact_index") = py::none(),
           py::arg("compact_value") = py::none(), py::arg("compact_count") = py::none(), py::arg("legal_offsets") = py::none(),
           py::arg("legal_ids") = py::none())
      .def("step_random", [](Batch& b, const Game& g, py::object actions, py::object obs, py::object mask, py::object rewards, py::object done, py::object player,
                             py::object truncated, py::object final_obs, py::object index, py::object value, py::object count, py::object offsets,
                             py::object ids) {
             Batch::Use use(b);
             int32_t* acts = buffer<int32_t>(actions, "actions", {b.size()});
             BatchBuffers out = buffers(b, g, obs, mask, rewards, done, player);
             rl_buffers(out, b, g, truncated, final_obs, index, value, count);
             legal_buffers(out, b, offsets, ids);
             stoppable(py::none(), 0.0, [&](Stop& stop) { b.step_random(acts, out, &stop); });
             return out.legal_total;
           }, py::arg("game"), py::arg("actions"), py::arg("observations"), py::arg("legal_mask"), py::arg("rewards"), py::arg("done"), py::arg("current_player"),
           py::arg("truncated") = py::none(), py::arg("final_observations") = py::none(), py::arg("compact_index") = py::none(),
           py::arg("compact_value") = py::none(), py::arg("compact_count") = py::none(), py::arg("legal_offsets") = py::none(),
           py::arg("legal_ids") = py::none())
      .def("write_legal", [](Batch& b, py::object offsets, py::object ids) {
             Batch::Use use(b);
             BatchBuffers out;
             legal_buffers(out, b, offsets, ids);
             if (!out.legal_offsets) throw OptionError("write_legal needs legal_offsets and legal_ids arrays");
             return b.write_legal(out.legal_offsets, out.legal_ids, out.legal_capacity);
           }, py::arg("legal_offsets"), py::arg("legal_ids"),
           "Writes every game's legal actions flat (offsets and ids, the step's layout); returns the entries needed.");
  auto game_cls = py::reinterpret_borrow<py::object>(m.attr("Game"));
  py::setattr(game_cls, "make_batch", py::cpp_function(
                                          [](const Game& g, int64_t games, uint64_t seed, int threads) { return g.make_batch(games, seed, threads); },
                                          py::is_method(game_cls), py::arg("games"), py::arg("seed") = 0, py::arg("threads") = 1));

  auto state = py::reinterpret_borrow<py::object>(m.attr("State"));
  auto game = py::reinterpret_borrow<py::object>(m.attr("Game"));
  py::setattr(state, "sample_chance", py::cpp_function([](const State& s, Rng& rng) { return s.sample_chance(rng); },
                                                        py::is_method(state), py::arg("rng")));
  // The state is cloned before the GIL is released: another Python thread may
  // then change the original while the search runs, never the copy. What the
  // player knows is brought up to date in the original first, so the next
  // move's copy starts from it (Engine::catch_up).
  py::setattr(state, "search", py::cpp_function(
                                   [](const State& s, const py::dict& settings, const py::object& cancel) {
                                     for (const char* key : {"bank", "reuse"}) {
      if (settings.contains(key)) throw OptionError(std::string(key) + " is a bot's setting over a game (a native match's bots); one search has none");
    }
                                     const SearchConfig c = search_config(settings, s.game());
                                     const Engine& engine = engine_for(s.game());
                                     engine.catch_up(s);
                                     const std::unique_ptr<State> copy = s.clone();
                                     const SearchResult r = stoppable(cancel, 0.0, [&](Stop& stop) { return engine.search(*copy, c, stop); });
                                     return result_dict(r);
                                   },
                                   py::is_method(state), py::arg("settings"), py::arg("cancel") = py::none()));
  py::setattr(state, "bot_action", py::cpp_function(
                                       [](const State& s, const py::dict& bot, Rng& rng, const py::object& cancel) {
                                         const BotSpec b = bot_spec(bot, s.game());
                                         const Engine& engine = engine_for(s.game());
                                         engine.catch_up(s);
                                         const std::unique_ptr<State> copy = s.clone();
                                         Rng local = rng;  // the caller's generator advances only if the move is made
                                         const Action a = stoppable(cancel, 0.0, [&](Stop& stop) { return engine.bot_action(*copy, b, local, stop); });
                                         rng = local;
                                         return a;
                                       },
                                       py::is_method(state), py::arg("bot"), py::arg("rng"), py::arg("cancel") = py::none()));
  // The learned value of this position for `player` (the leaf=learned
  // evaluation, for tests and tools: search/learned.h).
  py::setattr(state, "learned_value", py::cpp_function(
                                          [](const State& s, const std::string& weights, int player) {
                                            py::dict d;
                                            d["leaf"] = "learned";
                                            d["weights"] = weights;
                                            const std::shared_ptr<const LearnedValue> model = learned_leaf(d, s.game());
                                            if (player < 0 || player >= s.game().num_players()) throw PlayerError("player must be from 0 to " + std::to_string(s.game().num_players() - 1));
                                            std::vector<float> x(static_cast<size_t>(model->inputs()));
                                            s.observation_tensor(player, x.data());
                                            if (model->extra_inputs()) x.back() = static_cast<float>(s.heuristic(player));
                                            return model->evaluate(x.data());
                                          },
                                          py::is_method(state), py::arg("weights"), py::arg("player")));
  py::setattr(state, "native_cost_ns", py::cpp_function(
                                           [](const State& s, const std::string& op, int64_t repeats) {
                                             const Engine& engine = engine_for(s.game());
                                             const std::unique_ptr<State> copy = s.clone();
                                             py::gil_scoped_release release;
                                             return engine.cost_ns(*copy, op, repeats);
                                           },
                                           py::is_method(state), py::arg("operation"), py::arg("repeats") = 100000));
  py::setattr(state, "native_size_bytes", py::cpp_function([](const State& s) { return engine_for(s.game()).state_bytes(); }, py::is_method(state)));
  py::setattr(game, "random_playouts", py::cpp_function(
                                           [](const Game& g, int64_t games, uint64_t seed, int threads, const py::object& cancel, double max_seconds) {
                                             if (games < 0) throw OptionError("games must be >= 0");
                                             check_threads(threads);
                                             const Engine& engine = engine_for(g);
                                             const PlayoutStats st = stoppable(cancel, max_seconds, [&](Stop& stop) { return engine.random_playouts(g, games, seed, threads, stop); });
                                             py::dict d;
                                             d["games"] = st.games;
                                             d["actions"] = st.actions;
                                             d["decisions"] = st.decisions;
                                             d["truncated"] = st.truncated;
                                             d["mean_returns"] = st.mean_returns;
                                             d["wins"] = st.wins;
                                             d["seconds"] = st.seconds;
                                             return d;
                                           },
                                           py::is_method(game), py::arg("games"), py::arg("seed") = 0, py::arg("threads") = 1, py::arg("cancel") = py::none(),
                                           py::arg("max_seconds") = 0.0));
  py::setattr(game, "play_matches", py::cpp_function(
                                        [](const Game& g, const py::list& bots, int64_t games, uint64_t seed, int threads, const py::object& cancel, double max_seconds) {
                                          std::vector<BotSpec> specs;
                                          for (const auto& b : bots) specs.push_back(bot_spec(b.cast<py::dict>(), g));
                                          if (games < 0 || games > 100000000) throw OptionError("games must be from 0 to 100000000");
                                          check_threads(threads);
                                          const Engine& engine = engine_for(g);
                                          const MatchResult r = stoppable(cancel, max_seconds, [&](Stop& stop) { return engine.play_matches(g, specs, games, seed, threads, stop); });
                                          py::dict d;
                                          d["games"] = r.games;
                                          d["returns"] = r.returns;
                                          d["lengths"] = r.lengths;
                                          // None for a game that ended without its measure; empty when the game has none.
                                          py::list measures;
                                          if (!g.measure_name().empty()) {
                                            for (const double value : r.measures) measures.append(std::isnan(value) ? py::object(py::none()) : py::object(py::float_(value)));
                                          }
                                          d["measures"] = measures;
                                          d["truncated"] = r.truncated;
                                          d["seconds"] = r.seconds;
                                          d["decisions"] = r.decisions;
                                          d["decision_seconds"] = r.decision_seconds;
                                          d["decision_cpu_seconds"] = r.decision_cpu_seconds;
                                          return d;
                                        },
                                        py::is_method(game), py::arg("bots"), py::arg("games"), py::arg("seed") = 0, py::arg("threads") = 1, py::arg("cancel") = py::none(),
                                        py::arg("max_seconds") = 0.0));
  // A tournament's games: bots by seat and a seed for each game; every
  // game's actions come back, and (with `events`) what happened in it,
  // each event as (step, kind, player, other, [the strings of its data]).
  py::setattr(game, "play_recorded", py::cpp_function(
                                         [](const Game& g, const py::list& seated, const std::vector<uint64_t>& seeds, bool events, int threads, const py::object& cancel) {
                                           if (seeds.size() > 1000000) throw OptionError("at most 1000000 games at once");
                                           std::vector<std::vector<BotSpec>> specs;
                                           for (const auto& bots : seated) {
                                             specs.emplace_back();
                                             for (const auto& b : bots.cast<py::list>()) specs.back().push_back(bot_spec(b.cast<py::dict>(), g));
                                           }
                                           check_threads(threads);
                                           const Engine& engine = engine_for(g);
                                           const std::vector<RecordedGame> r = stoppable(cancel, 0.0, [&](Stop& stop) { return engine.play_recorded(g, specs, seeds, events, threads, stop); });
                                           py::list out;
                                           for (const RecordedGame& one : r) {
                                             py::dict d;
                                             d["history"] = one.history;
                                             d["returns"] = one.returns;
                                             py::list briefs;
                                             for (const EventBrief& e : one.events) briefs.append(py::make_tuple(e.step, e.kind, e.player, e.other, e.names));
                                             d["events"] = briefs;
                                             d["first"] = one.first;
                                             d["truncated"] = one.truncated;
                                             d["decisions"] = one.decisions;
                                             d["decision_seconds"] = one.decision_seconds;
                                             d["decision_cpu_seconds"] = one.decision_cpu_seconds;
                                             d["iterations"] = one.iterations;
                                             d["reused"] = one.reused;
                                             d["choices"] = one.choices;
                                             out.append(d);
                                           }
                                           return out;
                                         },
                                         py::is_method(game), py::arg("seated"), py::arg("seeds"), py::arg("events") = true, py::arg("threads") = 1, py::arg("cancel") = py::none()));
}
