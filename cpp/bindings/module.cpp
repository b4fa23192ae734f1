// Python bindings: a thin layer. The friendly API lives in python/henchmen.
#include <cstring>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/error.h"
#include "core/game.h"
#include "core/knowledge.h"
#include "core/registry.h"
#include "core/thread_pool.h"

namespace py = pybind11;
using namespace henchmen;

void bind_search(py::module_& m);  // search.cpp

namespace {

// Text from Python. A str holding a lone surrogate is not valid Unicode and
// cannot name anything; pybind11 would refuse it with a bare TypeError, so it
// is encoded with '?' in its place and the core reports what it names.
std::string utf8(const py::str& text) {
  if (PyBytes_Check(text.ptr())) return text.cast<std::string>();
  PyObject* bytes = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "replace");
  if (!bytes) throw py::error_already_set();
  std::string out(PyBytes_AS_STRING(bytes), static_cast<size_t>(PyBytes_GET_SIZE(bytes)));
  Py_DECREF(bytes);
  return out;
}

// Raises a henchmen error in Python. Messages may quote bytes of user input
// that are not valid UTF-8; decoding them strictly would raise
// UnicodeDecodeError instead of the henchmen error, so undecodable bytes are
// replaced.
void set_error(PyObject* type, const std::exception& e) {
  const char* what = e.what();
  PyObject* msg = PyUnicode_DecodeUTF8(what, static_cast<Py_ssize_t>(std::strlen(what)), "replace");
  if (!msg) {
    PyErr_Clear();
    msg = PyUnicode_FromString("(unprintable message)");
  }
  PyErr_SetObject(type, msg);
  Py_XDECREF(msg);
}

// Ids as a Python list of `list_type`, a list subclass (henchmen._deprecated's
// callable id lists): made here in one pass, so the properties that give them
// cost what a plain list costs, not a second copy made in Python.
py::object id_list(const py::type& list_type, const std::vector<Action>& ids) {
  auto* type = reinterpret_cast<PyTypeObject*>(list_type.ptr());
  if (!PyType_IsSubtype(type, &PyList_Type)) throw py::type_error("id lists are built as a list subclass");
  auto out = py::reinterpret_steal<py::object>(type->tp_alloc(type, 0));
  if (!out) throw py::error_already_set();
  // Sized once, as PyList_New sizes a plain list (the subclass has no free list).
  auto* list = reinterpret_cast<PyListObject*>(out.ptr());
  const auto n = static_cast<Py_ssize_t>(ids.size());
  if (n > 0) {
    list->ob_item = PyMem_New(PyObject*, static_cast<size_t>(n));
    if (!list->ob_item) throw std::bad_alloc();
    list->allocated = n;
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* id = PyLong_FromLong(ids[static_cast<size_t>(i)]);
      if (!id) {
        Py_SET_SIZE(list, i);
        throw py::error_already_set();
      }
      list->ob_item[i] = id;
    }
    Py_SET_SIZE(list, n);
  }
  return out;
}

Json game_info_json(const GameInfo& info) {
  Json d;
  d["name"] = info.name;
  d["title"] = info.title;
  d["summary"] = info.summary;
  d["min_players"] = info.min_players;
  d["max_players"] = info.max_players;
  d["zero_sum"] = info.zero_sum;
  d["test_game"] = info.test_game;
  Json keys = Json(Json::Object{});
  for (const auto& [key, doc] : info.observation_keys) keys[key] = doc;
  d["observation_keys"] = keys;
  Json opts = Json(Json::Array{});
  for (const auto& o : info.options) opts.push_back(o.describe());
  d["options"] = opts;
  return d;
}

// State.resampler: the state it draws from (kept alive by `owner`) and
// what its draws carry from one to the next.
struct Resampler {
  py::object owner;
  const State* state;
  int observer;
  std::unique_ptr<State::RedrawCarry> carry;
};

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Henchmen native core";

  auto base = py::register_exception<Error>(m, "HenchmenError", PyExc_ValueError);
  auto option_error = py::register_exception<OptionError>(m, "OptionError", base.ptr());
  auto unknown_game = py::register_exception<UnknownGameError>(m, "UnknownGameError", base.ptr());
  auto illegal_action = py::register_exception<IllegalActionError>(m, "IllegalActionError", base.ptr());
  auto notation_error = py::register_exception<NotationError>(m, "NotationError", base.ptr());
  auto serialization_error = py::register_exception<SerializationError>(m, "SerializationError", base.ptr());
  auto player_error = py::register_exception<PlayerError>(m, "PlayerError", base.ptr());
  auto cancelled = py::register_exception<CancelledError>(m, "Cancelled", base.ptr());
  auto usage_error = py::register_exception<UsageError>(m, "UsageError", base.ptr());
  static PyObject* const types[] = {base.ptr(), option_error.ptr(), unknown_game.ptr(), illegal_action.ptr(), notation_error.ptr(), serialization_error.ptr(), player_error.ptr(), cancelled.ptr(), usage_error.ptr()};
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const OptionError& e) {
      set_error(types[1], e);
    } catch (const UnknownGameError& e) {
      set_error(types[2], e);
    } catch (const IllegalActionError& e) {
      set_error(types[3], e);
    } catch (const NotationError& e) {
      set_error(types[4], e);
    } catch (const SerializationError& e) {
      set_error(types[5], e);
    } catch (const PlayerError& e) {
      set_error(types[6], e);
    } catch (const CancelledError& e) {
      set_error(types[7], e);
    } catch (const UsageError& e) {
      set_error(types[8], e);
    } catch (const Error& e) {
      set_error(types[0], e);
    }
  });

  m.attr("CHANCE") = kChance;
  m.attr("SPECTATOR") = kSpectator;
  m.attr("OMNISCIENT") = kOmniscient;
  m.attr("MAX_THREADS") = max_threads();
  m.attr("TERMINAL") = kTerminal;

  m.def("sampler_always_chains", &Knowledge::always_chain, py::arg("on"));
  m.def("knowledge_stats", [] {
    const Knowledge::Stats st = Knowledge::stats();
    py::dict d;
    d["samples"] = st.samples;
    d["attempts"] = st.attempts;
    d["failures"] = st.failures;
    d["chained"] = st.chained;
    d["observed"] = st.observed;
    return d;
  }, "Totals of the knowledge tracker's samples in this process (core/knowledge.h).");
  m.def("games_json", [] {
    Json all = Json(Json::Array{});
    for (const auto& e : registered_games()) all.push_back(game_info_json(e.info()));
    return all.dump();
  }, "Every registered game with its options, as JSON text.");

  py::class_<Rng>(m, "Rng", "The engine's portable xoshiro256** generator (for test vectors).")
      .def(py::init<uint64_t>(), py::arg("seed"))
      .def("next_u64", &Rng::next_u64)
      .def("below", [](Rng& r, uint32_t n) {
        if (n == 0) throw OptionError("below(n) needs n >= 1");
        return r.below(n);
      }, py::arg("n"))
      .def("uniform", &Rng::uniform);

  // State is registered before the functions that return one, so that their
  // signatures (help(), the API reference) name it henchmen._core.State and not
  // by its C++ name; its methods are bound below.
  py::class_<State> state_class(m, "State");

  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def(py::init([](const py::str& name, const py::str& options_json) {
             Json options;
             try {
               options = Json::parse(utf8(options_json));
             } catch (const SerializationError& e) {
               throw OptionError(std::string("options are not valid: ") + e.what());
             }
             return make_game(utf8(name), options);
           }),
           py::arg("name"), py::arg("options_json") = "{}")
      .def_property_readonly("name", [](const Game& g) { return g.info().name; })
      .def_property_readonly("options_json", [](const Game& g) { return g.options().dump(); })
      .def_property_readonly("num_players", &Game::num_players)
      .def_property_readonly("num_distinct_actions", &Game::num_distinct_actions)
      .def_property_readonly("observation_shape", &Game::observation_shape)
      .def_property_readonly("max_game_length", &Game::max_game_length)
      .def_property_readonly("measure_name", &Game::measure_name)
      .def("card_table_json", [](const Game& g) { return g.card_table().dump(); })
      .def("new_initial_state", &Game::new_initial_state)
      .def("deserialize", [](const Game& g, const py::str& text) { return g.deserialize(utf8(text)); }, py::arg("text"));

  m.def("deserialize", [](const py::str& py_text) {
    const std::string text = utf8(py_text);
    const Json doc = Json::parse(text);
    if (!doc.is_object()) throw SerializationError("a serialized state must be a JSON object");
    // The game is read before the options, in its own statement: the order a
    // call evaluates its arguments in is the compiler's, and so was the error.
    const std::string name = doc.at("game", "serialized state").as_string("game");
    auto game = make_game(name, doc.at("options", "serialized state"));
    return game->deserialize(text);
  }, py::arg("text"));

  // Redraws for one search: State.resampler(observer).resample(seed), each
  // draw continuing the last (State::redraw_carry). Keeps its state alive.
  py::class_<Resampler>(m, "Resampler")
      .def("resample", [](Resampler& r, uint64_t seed) { return r.state->resample(r.observer, seed, r.carry.get()); }, py::arg("seed"));

  state_class
      .def_property_readonly("game", &State::game_ptr)
      .def_property_readonly("current_player", &State::current_player)
      .def_property_readonly("turn_player", &State::turn_player)
      .def_property_readonly("is_terminal", &State::is_terminal)
      .def_property_readonly("is_chance", &State::is_chance)
      .def_property_readonly("move_number", &State::move_number)
      .def_property_readonly("auto_chance", &State::auto_chance)
      .def_property_readonly("seed", &State::seed)
      .def("legal_actions", &State::legal_actions)
      .def("legal_actions_as", [](const State& s, const py::type& t) { return id_list(t, s.legal_actions()); }, py::arg("list_type"))
      .def("legal_actions_mask", [](const State& s) {
        py::array_t<bool> mask(s.game().num_distinct_actions());
        auto view = mask.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < view.shape(0); ++i) view(i) = false;
        for (const Action a : s.legal_actions()) view(a) = true;
        return mask;
      })
      .def("chance_outcomes", &State::chance_outcomes)
      .def("apply", &State::apply, py::arg("action"))
      .def("undo", &State::undo)
      .def_property_readonly("can_undo", &State::can_undo)
      .def_property_readonly("last_apply_start", &State::last_apply_start)
      .def("events_json", [](const State& s, int reader, int64_t start, int64_t end, const std::vector<std::string>& names, bool facts) {
             return s.events(reader, start, end, names, facts).dump();
           }, py::arg("reader"), py::arg("start"), py::arg("end"), py::arg("names") = std::vector<std::string>{}, py::arg("facts") = false)
      .def("set_auto_chance", &State::set_auto_chance, py::arg("on"), py::arg("seed"))
      .def("resolve_chance", &State::resolve_chance)
      .def("clone", &State::clone)
      .def("returns", &State::returns)
      .def("measure", &State::measure)
      .def("history", &State::history)
      .def("history_as", [](const State& s, const py::type& t) { return id_list(t, s.history()); }, py::arg("list_type"))
      .def("history_notation", &State::history_notation)
      .def("action_to_string", &State::action_to_string, py::arg("action"))
      .def("string_to_action", [](const State& s, const py::str& text) { return s.string_to_action(utf8(text)); }, py::arg("text"))
      .def("observation_json", [](const State& s, int p) { return s.observation(p).dump(); }, py::arg("player"))
      .def("layout_json", [](const State& s, int viewer) { return s.layout(viewer).dump(); }, py::arg("viewer"))
      .def("action_info_json", [](const State& s, int a) { return s.action_info(a).dump(); }, py::arg("action"))
      .def("observation_tensor", [](const State& s, int p) {
        std::vector<int> shape = s.game().observation_shape();
        std::vector<py::ssize_t> dims(shape.begin(), shape.end());
        py::array_t<float> out(dims);
        s.observation_tensor(p, out.mutable_data());
        return out;
      }, py::arg("player"))
      .def("resample", py::overload_cast<int, uint64_t>(&State::resample, py::const_), py::arg("observer"), py::arg("seed"))
      .def("resampler", [](py::object self, int observer) {
        const State& s = self.cast<const State&>();
        return Resampler{self, &s, observer, s.redraw_carry(observer)};
      }, py::arg("observer"))
      .def("serialize", &State::serialize)
      .def("position_json", &State::position_json)
      .def("hash", &State::hash)
      .def("_field_check", [](const State& s) { return s.field_check().dump(); })
      .def("same_position", &State::same_position, py::arg("other"))
      .def("to_string", &State::to_string)
      .def("heuristic", &State::heuristic, py::arg("player"))
      .def("validate", &State::validate)
      .def_property_readonly("num_zones", &State::num_zones)
      .def("zone_cards", &State::zone_cards, py::arg("zone"))
      .def("knowledge_json", [](const State& s, int p) { return s.knowledge_summary(p).dump(); }, py::arg("observer"));

  bind_search(m);
}
