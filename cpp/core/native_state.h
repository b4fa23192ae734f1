// NativeState<T>: the polymorphic State of game.h over a game's flat state:
// validation (atomic apply), history, auto chance, notation parsing,
// serialization framing and the native hooks for search and bench/.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/events.h"
#include "core/fact_text.h"
#include "core/fields.h"
#include "core/game.h"
#include "core/knowledge.h"
#include "core/layout.h"
#include "core/notation.h"

namespace henchmen {

template <class T>
class NativeGame;

// Games may give their flat state a fast `uint64_t hash() const`; otherwise
// the hash is taken over the position JSON.
template <class S, class = void>
struct has_native_hash : std::false_type {};
template <class S>
struct has_native_hash<S, std::void_t<decltype(std::declval<const S&>().hash())>> : std::true_type {};

// Games that name their zones (Traits::num_zones, Traits::card_kinds (card
// ids are below it), S::write_zones and S::zone_cards) get exact
// resampling from what each player saw (core/knowledge.h); the others
// resample from the position alone.
template <class T, class = void>
struct has_zones : std::false_type {};
template <class T>
struct has_zones<T, std::void_t<decltype(T::num_zones(std::declval<const typename T::Config&>()))>> : std::true_type {};

// A game whose card facts do not yet tell everything a player saw gives
// `bool S::same_view(const S& world, int observer) const`: whether a world
// drawn for `observer` leaves what the facts do not follow as it is (see
// NativeState::sample_world). The other games' draws are exact by their
// facts alone (the conformance suite checks every one).
template <class S, class = void>
struct checks_redraws : std::false_type {};
template <class S>
struct checks_redraws<S, std::void_t<decltype(std::declval<const S&>().same_view(std::declval<const S&>(), 0))>> : std::true_type {};

// Games draw their own table (S::layout) and say what a move is about
// (S::action_info); until they do, frontends get the observation.
// Games may declare their position fields once (core/fields.h); the guard
// test then checks every one of them reaches the JSON and the hash.
template <class S, class = void>
struct has_fields : std::false_type {};
template <class S>
struct has_fields<S, std::void_t<decltype(S::fields())>> : std::true_type {};
template <class S, class = void>
struct has_layout : std::false_type {};
template <class S>
struct has_layout<S, std::void_t<decltype(std::declval<const S&>().layout(0))>> : std::true_type {};
template <class S, class = void>
struct has_action_info : std::false_type {};
template <class S>
struct has_action_info<S, std::void_t<decltype(std::declval<const S&>().action_info(Action{}))>> : std::true_type {};

// Games whose options define a measure of a finished game (Traits::
// measure_name, non-empty, and `double S::measure() const`, NaN for none:
// the Climb's turns to the goal) report it beside the returns.
template <class S, class = void>
struct has_measure : std::false_type {};
template <class S>
struct has_measure<S, std::void_t<decltype(std::declval<const S&>().measure())>> : std::true_type {};

inline int64_t total_size(const std::vector<int>& shape) {
  int64_t n = 1;
  for (const int d : shape) n *= d;
  return n;
}

template <class T>
class NativeState final : public State {
 public:
  using S = typename T::S;

  // Where the history starts: the game's initial state (then events, and
  // what each player knows, can be rebuilt exactly from the history), a
  // position loaded with what its players knew (the card facts each had
  // read before it), or a position given alone (a resample, a batch's game,
  // a position built by hand: nobody's knowledge is known).
  struct Origin {
    S s;
    bool initial = false;
    std::shared_ptr<const Events> setup;  // what the initial state's setup emitted
    std::shared_ptr<const std::vector<std::vector<CardFact>>> read;  // by player; null: not known
    bool known() const { return initial || read != nullptr; }
  };

  // A position alone: its history starts here.
  NativeState(std::shared_ptr<const NativeGame<T>> game, S s)
      : game_(std::move(game)), s_(s), origin_(std::make_shared<const Origin>(Origin{s, false, nullptr, nullptr})), shadow_(s) {}
  // A position whose history starts at `origin`.
  NativeState(std::shared_ptr<const NativeGame<T>> game, S s, std::shared_ptr<const Origin> origin)
      : game_(std::move(game)), s_(s), origin_(std::move(origin)), shadow_(origin_->s) {}

  // The game's initial state, with the events its setup emitted.
  static std::unique_ptr<NativeState> initial(std::shared_ptr<const NativeGame<T>> game) {
    auto setup = std::make_shared<Events>();
    S s;
    {
      EventScope scope(setup.get());
      s = T::initial_state(*game->config());
    }
    auto origin = std::make_shared<const Origin>(Origin{s, true, std::move(setup), nullptr});
    return std::make_unique<NativeState>(std::move(game), s, std::move(origin));
  }

  const Game& game() const override { return *game_; }
  std::shared_ptr<const Game> game_ptr() const override { return game_; }
  const S& native() const { return s_; }

  int current_player() const override { return s_.current_player(); }
  int turn_player() const override { return s_.turn_player(); }

  std::vector<Action> legal_actions() const override {
    std::vector<Action> out;
    if (s_.current_player() == kChance) {
      std::vector<std::pair<Action, double>> outcomes;
      s_.chance_outcomes(outcomes);
      for (const auto& o : outcomes) out.push_back(o.first);
    } else if (s_.current_player() != kTerminal) {
      s_.legal_actions(out);
    }
    return out;
  }

  std::vector<std::pair<Action, double>> chance_outcomes() const override {
    std::vector<std::pair<Action, double>> out;
    if (s_.current_player() == kChance) s_.chance_outcomes(out);
    return out;
  }

  void apply(Action action) override {
    if (s_.current_player() == kTerminal) throw IllegalActionError("the game is over; no action is legal");
    const std::vector<Action> legal = legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), action)) {
      throw IllegalActionError(describe_illegal(action, legal));
    }
    S next = s_;  // atomic: the state changes only if the whole step succeeds
    next.apply(action);
    std::vector<Action> taken{action};
    Rng rng = rng_;
    if (auto_) {
      while (next.current_player() == kChance) {
        const Action outcome = next.sample_chance(rng);
        next.apply(outcome);
        taken.push_back(outcome);
      }
    }
    marks_ = std::make_shared<const Mark>(Mark{history_.size(), rng_, auto_, marks_});
    rng_ = rng;
    s_ = next;
    history_.insert(history_.end(), taken.begin(), taken.end());
  }

  // Takes back the last apply(): its action and the chance outcomes auto
  // chance resolved after it. The generator goes back too, so applying the
  // same action again draws the same cards.
  void undo() override {
    if (!marks_) throw UsageError("there is nothing to undo: no action was applied to this state since it was made");
    const Mark& m = *marks_;
    S s = origin_->s;
    for (size_t i = 0; i < m.history; ++i) s.apply(history_[i]);
    s_ = s;
    history_.resize(m.history);
    rng_ = m.rng;
    auto_ = m.auto_chance;
    if (events_.size() > history_.size()) {
      events_.resize(history_.size());
      shadow_valid_ = false;
    }
    for (Known& k : knowledge_) {
      if (k.upto > history_.size()) k = Known{};
    }
    for (KnownText& t : known_text_) {
      if (t.upto > history_.size()) t = KnownText{};
    }
    marks_ = m.prev;
  }
  bool can_undo() const override { return marks_ != nullptr; }
  int64_t last_apply_start() const override { return marks_ ? static_cast<int64_t>(marks_->history) : static_cast<int64_t>(history_.size()); }

  // The events of history()[start, end) as `reader` read them; start -1
  // includes the setup's. Each is {step, kind, player, other, data, text,
  // template} (+ facts for kOmniscient and for debugging).
  Json events(int reader, int64_t start, int64_t end, const std::vector<std::string>& names, bool facts) const override {
    if (reader != kSpectator && reader != kOmniscient) check_player(reader);
    const int64_t n = static_cast<int64_t>(history_.size());
    if (start < -1 || start > n || end < start || end > n) {
      throw PlayerError("events: steps must satisfy -1 <= start <= end <= " + std::to_string(n) + ", got " + std::to_string(start) + ".." + std::to_string(end));
    }
    Json out = Json(Json::Array{});
    auto emit = [&](const Events& evs, int64_t step) {
      for (const Event* e : evs.read_by(reader, game_->num_players())) {
        Json j;
        j["step"] = step;
        j["kind"] = e->kind;
        j["player"] = e->player;
        j["other"] = e->other;
        j["data"] = e->fields();
        j["template"] = e->text;
        j["text"] = render(*e, reader, names);
        if (facts) j["facts"] = e->to_json().at("facts", "event");
        out.push_back(j);
      }
    };
    if (start == -1) {
      if (origin_->setup) emit(*origin_->setup, -1);
      start = 0;
    }
    for (int64_t i = start; i < end; ++i) emit(events_of(static_cast<size_t>(i)), i);
    return out;
  }

  void set_auto_chance(bool on, uint64_t seed) override {
    auto_ = on;
    seed_ = seed;
    rng_.reseed(seed);
    if (on) resolve_chance();
  }
  bool auto_chance() const override { return auto_; }
  uint64_t seed() const override { return seed_; }
  void resolve_chance() override {
    while (s_.current_player() == kChance) {
      const Action outcome = s_.sample_chance(rng_);
      s_.apply(outcome);
      history_.push_back(outcome);
    }
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<NativeState>(*this); }

  std::vector<double> returns() const override {
    std::vector<double> r;
    for (int p = 0; p < game_->num_players(); ++p) r.push_back(s_.returns(p));
    return r;
  }
  double measure() const override {
    if constexpr (has_measure<S>::value) return s_.measure();
    return State::measure();
  }
  const std::vector<Action>& history() const override { return history_; }
  // Each history step named where it was taken: replayed from the origin,
  // since notation (a chance outcome above all) depends on the position.
  std::vector<std::string> history_notation() const override {
    std::vector<std::string> out;
    out.reserve(history_.size());
    S s = origin_->s;
    for (const Action a : history_) {
      out.push_back(s.action_to_string(a));
      s.apply(a);
    }
    return out;
  }
  int64_t move_number() const override { return static_cast<int64_t>(history_.size()); }

  std::string action_to_string(Action action) const override {
    if (action < 0 || action >= game_->num_distinct_actions()) {
      throw IllegalActionError("action id " + std::to_string(action) + " is outside the action space 0.." +
                               std::to_string(game_->num_distinct_actions() - 1));
    }
    return s_.action_to_string(action);
  }

  Action string_to_action(const std::string& text) const override {
    const std::string want = normalize_move(text);
    const std::vector<Action> legal = legal_actions();
    for (const Action a : legal) {
      if (normalize_move(s_.action_to_string(a)) == want) return a;
    }
    std::string msg = quote(text) + " is not a legal move here";
    msg += legal.empty() ? " (the game is over)" : "; legal moves: " + list_moves(legal);
    throw NotationError(msg);
  }

  Json observation(int player) const override {
    check_player(player);
    return s_.observation(player);
  }
  Json layout(int viewer) const override {
    if (viewer != kSpectator) check_player(viewer);
    if constexpr (has_layout<S>::value) {
      Json j = s_.layout(viewer);
      const int64_t end = static_cast<int64_t>(history_.size());
      finish_layout(j, is_terminal() ? -1 : turn_player(), current_player(), events(viewer, std::min(last_apply_start(), end), end, {}, false));
      return j;
    } else {
      Json j;
      j["title"] = game_->info().title;
      j["zones"] = Json(Json::Array{});
      j["counters"] = Json(Json::Array{});
      if (viewer != kSpectator) j["observation"] = s_.observation(viewer);
      return j;
    }
  }
  Json action_info(Action action) const override {
    Json j;
    j["text"] = action_to_string(action);
    if constexpr (has_action_info<S>::value) {
      const Json extra = s_.action_info(action);
      for (const auto& [k, v] : extra.as_object("action info")) j[k] = v;
    }
    return j;
  }
  void observation_tensor(int player, float* out) const override {
    check_player(player);
    s_.observation_tensor(player, out);
  }

  std::unique_ptr<State> resample(int observer, uint64_t seed) const override { return resample(observer, seed, nullptr); }
  std::unique_ptr<RedrawCarry> redraw_carry(int observer) const override {
    check_player(observer);
    auto carry = std::make_unique<Redraws>();
    carry->observer = observer;
    carry->position = hash();
    return carry;
  }
  std::unique_ptr<State> resample(int observer, uint64_t seed, RedrawCarry* carry) const override {
    check_player(observer);
    auto* carried = dynamic_cast<Redraws*>(carry);
    if (carry && !carried) throw PlayerError("this carry was made by a state of another game");
    if (carried && (carried->observer != observer || carried->position != hash())) {
      *carried = Redraws{};  // made for another observer or position: start afresh
      carried->observer = observer;
      carried->position = hash();
    }
    auto out = std::make_unique<NativeState>(game_, s_);  // a world of its own: no history
    Rng rng(seed);
    if (!sample_world(observer, rng, out->s_, carried)) out->s_.resample(observer, rng);
    out->origin_ = std::make_shared<const Origin>(Origin{out->s_, false, nullptr, nullptr});
    out->shadow_ = out->s_;
    out->auto_ = auto_;
    out->seed_ = Rng::derive_seed(seed, 1);
    out->rng_.reseed(out->seed_);
    return out;
  }

  // Version 2 adds "chance": the auto-chance generator's exact position, so a
  // saved game continues with the same draws (pickle, deepcopy and clone
  // alike). Version 3 adds "knowledge": the card facts each player has read
  // since the game began (core/fact_text.h), so a position loaded without
  // its history resamples as the live game would. Versions 1 and 2 still
  // load: their knowledge is rebuilt from a history from the start, and is
  // not known otherwise (resample then draws from the position alone).
  std::string serialize() const override {
    Json doc;
    doc["format"] = "henchmen-state";
    doc["version"] = 3;
    doc["game"] = game_->info().name;
    doc["options"] = game_->options();
    doc["position"] = s_.to_json();
    Json hist = Json(Json::Array{});
    for (const Action a : history_) hist.push_back(Json(static_cast<int64_t>(a)));
    doc["history"] = hist;
    if (!origin_->initial && !history_.empty()) doc["origin"] = origin_->s.to_json();
    Json chance;
    chance["auto"] = auto_;
    chance["seed"] = std::to_string(seed_);
    Json words = Json(Json::Array{});
    for (const uint64_t w : rng_.words()) words.push_back(hex64(w));
    chance["rng"] = words;
    doc["chance"] = chance;
    if constexpr (has_zones<T>::value) {
      if (origin_->known()) {
        Json known = Json(Json::Array{});
        for (int p = 0; p < game_->num_players(); ++p) known.push_back(Json(knowledge_text(p)));
        doc["knowledge"] = known;
      }
    }
    return doc.dump();
  }

  // Reads a serialized state written by `serialize` for this game. A history,
  // if there is one, must lead from the start to the position.
  static std::unique_ptr<State> deserialize(std::shared_ptr<const NativeGame<T>> game, const Json& doc) {
    const char* what = "serialized state";
    if (doc.at("format", what).as_string("format") != "henchmen-state") {
      throw SerializationError("not a serialized henchmen state (format must be \"henchmen-state\")");
    }
    const int64_t version = doc.at("version", what).as_int("version");
    if (version == 1) {
      json_expect_keys(doc, {"format", "version", "game", "options", "position", "history"}, what);
    } else if (version == 2) {
      json_expect_keys(doc, {"format", "version", "game", "options", "position", "history", "chance", "origin"}, what);
    } else if (version == 3) {
      json_expect_keys(doc, {"format", "version", "game", "options", "position", "history", "chance", "origin", "knowledge"}, what);
    } else {
      throw SerializationError("serialized state version " + std::to_string(version) + " is not supported (this engine reads versions 1 to 3)");
    }
    S s = T::from_json(*game->config(), doc.at("position", what));
    s.validate();
    const auto& hist = doc.at("history", what).as_array("history");
    if (static_cast<int64_t>(hist.size()) > game->max_game_length()) {
      throw SerializationError("the history has " + std::to_string(hist.size()) + " actions, more than this game can last (" + std::to_string(game->max_game_length()) + ")");
    }
    // Where the history starts: "origin" when it is not the game's start.
    std::shared_ptr<const Origin> origin = initial(game)->origin_;
    if (const Json* o = doc.find("origin")) {
      if (version < 2) throw SerializationError("serialized state version 1 has no origin");
      S start = T::from_json(*game->config(), *o);
      start.validate();
      origin = std::make_shared<const Origin>(Origin{start, false, nullptr, nullptr});
    } else if (hist.empty() && origin->s.to_json().dump() != s.to_json().dump()) {
      origin = std::make_shared<const Origin>(Origin{s, false, nullptr, nullptr});
    }
    auto out = std::make_unique<NativeState>(game, s, origin);
    for (const auto& a : hist) out->history_.push_back(static_cast<Action>(a.as_int("history entry", 0, game->num_distinct_actions() - 1)));
    out->check_history();
    if (version >= 2) out->read_chance(doc.at("chance", what));
    if (const Json* k = doc.find("knowledge")) out->read_knowledge(*k);
    return out;
  }

  std::string position_json() const override { return s_.to_json().dump(); }

  uint64_t hash() const override {
    if constexpr (has_native_hash<S>::value) {
      return s_.hash();
    } else {
      return stable_hash(s_.to_json().dump());
    }
  }
  Json field_check() const override {
    if constexpr (has_fields<S>::value) {
      return henchmen::field_check(s_, *game_->config(), [](const S& s) {
        if constexpr (has_native_hash<S>::value) {
          return s.hash();
        } else {
          return stable_hash(s.to_json().dump());
        }
      });
    } else {
      return Json();
    }
  }
  bool same_position(const State& other) const override {
    const auto* o = dynamic_cast<const NativeState*>(&other);
    return o && o->game_->options().dump() == game_->options().dump() && o->hash() == hash() && o->s_.to_json().dump() == s_.to_json().dump();
  }
  std::string to_string() const override { return s_.to_string(); }
  double heuristic(int player) const override {
    check_player(player);
    return s_.heuristic(player);
  }
  void validate() const override { s_.validate(); }

  int num_zones() const override {
    if constexpr (has_zones<T>::value) return T::num_zones(*game_->config());
    else return 0;
  }
  std::vector<int> zone_cards(int zone) const override {
    if constexpr (has_zones<T>::value) {
      if (zone < 0 || zone >= num_zones()) throw PlayerError("zone must be from 0 to " + std::to_string(num_zones() - 1) + ", got " + std::to_string(zone));
      std::vector<uint8_t> cards;
      s_.zone_cards(zone, cards);
      return std::vector<int>(cards.begin(), cards.end());
    } else {
      throw PlayerError("this game names no zones");
    }
  }
  Json knowledge_summary(int observer) const override {
    check_player(observer);
    if constexpr (has_zones<T>::value) {
      if (!origin_->known()) return Json();
      knowledge(observer);
      const Knowledge& k = *knowledge_[static_cast<size_t>(observer)].k;
      Json j;
      j["exact"] = k.exact();
      j["why"] = k.why_inexact();
      j["ghosts"] = k.ghosts();
      j["groups"] = k.groups();
      Json zones = Json(Json::Array{});
      std::vector<uint8_t> cards;
      for (int z = 0; z < k.zones(); ++z) {
        s_.zone_cards(z, cards);
        Json zj;
        zj["size"] = k.size(z);
        zj["hidden"] = k.hidden(z);
        zj["check"] = k.check(z, cards);
        zones.push_back(zj);
      }
      j["zones"] = zones;
      j["describe"] = k.describe();
      return j;
    } else {
      return Json();
    }
  }

  Action sample_chance(Rng& rng) const override {
    if (s_.current_player() != kChance) throw PlayerError("sample_chance needs a chance node");
    return s_.sample_chance(rng);
  }

 private:
  // The generator and chance mode before one apply(), and how long the
  // history was then: what undo() restores. A persistent list, so clones
  // share it.
  struct Mark {
    size_t history;
    Rng rng;
    bool auto_chance;
    std::shared_ptr<const Mark> prev;
  };

  // The card facts `observer` read before the history starts: the setup's,
  // or those a loaded position brought.
  std::vector<CardFact> origin_facts(int observer) const {
    std::vector<CardFact> out;
    if (origin_->setup) {
      for (const Event* e : origin_->setup->read_by(observer, game_->num_players())) out.insert(out.end(), e->facts.begin(), e->facts.end());
    }
    if (origin_->read) {
      const auto& mine = (*origin_->read)[static_cast<size_t>(observer)];
      out.insert(out.end(), mine.begin(), mine.end());
    }
    return out;
  }
  // The facts `observer` has read, as serialize writes them (origin's, then
  // the history's), kept as the history grows: a long game's facts run to
  // tens of kilobytes, and writing them all afresh made every save cost the
  // whole game (10 ms at 1,300 steps of Seven Secret Supervillains).
  const std::string& knowledge_text(int observer) const {
    if (known_text_.empty()) known_text_.resize(static_cast<size_t>(game_->num_players()));
    KnownText& t = known_text_[static_cast<size_t>(observer)];
    if (!t.text) {
      t.text = std::make_shared<std::string>(facts_to_text(origin_facts(observer)));
      t.upto = 0;
    }
    if (t.upto < history_.size()) {
      // Copy on write: a clone shares the text until one of them moves on.
      if (t.text.use_count() > 1) t.text = std::make_shared<std::string>(*t.text);
      for (const CardFact& f : history_facts(observer, t.upto)) append_fact_text(*t.text, f);
      t.upto = history_.size();
    }
    return *t.text;
  }

  // The card facts `observer` read in history steps [from, history size).
  std::vector<CardFact> history_facts(int observer, size_t from = 0) const {
    std::vector<CardFact> out;
    for (size_t i = from; i < history_.size(); ++i) {
      for (const Event* e : events_of(i).read_by(observer, game_->num_players())) out.insert(out.end(), e->facts.begin(), e->facts.end());
    }
    return out;
  }

  // What `observer` knows, followed through the events they read from the
  // start of the game (or from a loaded position whose knowledge came with
  // it); null when it cannot be known.
  const Knowledge* knowledge(int observer) const {
    if constexpr (!has_zones<T>::value) {
      return nullptr;
    } else {
      if (!origin_->known()) return nullptr;
      if (knowledge_.empty()) knowledge_.resize(static_cast<size_t>(game_->num_players()));
      Known& k = knowledge_[static_cast<size_t>(observer)];
      if (!k.k) {
        Knowledge fresh(T::num_zones(*game_->config()));
        for (const CardFact& f : origin_facts(observer)) fresh.observe(f);
        k.k = std::make_shared<Knowledge>(std::move(fresh));
        k.upto = 0;
      }
      if (k.upto < history_.size()) {
        Knowledge next = *k.k;  // copy on write: clones share what they have not changed
        for (size_t i = k.upto; i < history_.size(); ++i) {
          for (const Event* e : events_of(i).read_by(observer, game_->num_players())) {
            for (const CardFact& f : e->facts) next.observe(f);
          }
        }
        k.k = std::make_shared<Knowledge>(std::move(next));
        k.upto = history_.size();
      }
      return k.k->exact() ? k.k.get() : nullptr;
    }
  }

 public:
  // What a search carries from redraw to redraw, for one observer of this
  // position: the sampler's chain (Knowledge::Chain).
  struct Redraws final : RedrawCarry {
    Knowledge::Chain chain;
    int observer = -1;      // for State::resample with a carry: whom and
    uint64_t position = 0;  // which position it was made for
  };

 private:
  // Draws a world `observer` cannot tell from this one into `world` (a copy
  // of this position); false if the knowledge tracker cannot (then the
  // caller resamples from the position alone).
  bool sample_world(int observer, Rng& rng, S& world, Redraws* carried = nullptr) const {
    if constexpr (!has_zones<T>::value) {
      return false;
    } else {
      const Knowledge* k = knowledge(observer);
      if (!k) return false;
      Knowledge::World w;
      if (!k->sample(rng, w, carried ? &carried->chain : nullptr)) return false;
      world.write_zones(w);
      if constexpr (checks_redraws<S>::value) {
        // A safety net for what the facts do not yet tell: a world that
        // would change what the observer sees (Legendary's per-player pools
        // after a hidden pass) is refused, and the caller redraws from the
        // position.
        if (!s_.same_view(world, observer)) {
          world = s_;
          return false;
        }
      }
      return true;
    }
  }

 public:
  // For tests and search: the tracker's view (null when unavailable), and a
  // world drawn from it into a copy of this position (or from the position
  // alone when the tracker cannot say). A search passes what it carries
  // from redraw to redraw (Redraws, above).
  const Knowledge* knowledge_of(int observer) const { return knowledge(observer); }
  void redraw(int observer, Rng& rng, S& world, Redraws* carried = nullptr) const {
    if (!sample_world(observer, rng, world, carried)) world.resample(observer, rng);
  }

 private:
  // The events of history_[i], replaying from the origin as far as needed.
  const Events& events_of(size_t i) const {
    if (!shadow_valid_) {
      shadow_ = origin_->s;
      for (size_t k = 0; k < events_.size(); ++k) shadow_.apply(history_[k]);
      shadow_valid_ = true;
    }
    while (events_.size() <= i) {
      auto evs = std::make_shared<Events>();
      {
        EventScope scope(evs.get());
        shadow_.apply(history_[events_.size()]);
      }
      events_.push_back(std::move(evs));
    }
    return *events_[i];
  }

  static std::string hex64(uint64_t w) {
    static const char digits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, w >>= 4) out[static_cast<size_t>(i)] = digits[w & 15];
    return out;
  }

  static uint64_t parse_u64(const std::string& text, int base, const char* what) {
    if (text.empty() || text.size() > (base == 16 ? 16u : 20u)) throw SerializationError(std::string(what) + " must be a " + (base == 16 ? "16-digit hex" : "decimal") + " string, got " + quote(text));
    uint64_t v = 0;
    for (const char c : text) {
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
      if (d < 0) throw SerializationError(std::string(what) + " must be a " + (base == 16 ? "lower-case hex" : "decimal") + " string, got " + quote(text));
      const uint64_t next = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
      if (base == 10 && (v > (UINT64_MAX - static_cast<uint64_t>(d)) / 10)) throw SerializationError(std::string(what) + " is larger than 64 bits");
      v = next;
    }
    return v;
  }

  // Takes what each player knew from a serialized state's "knowledge": the
  // facts each read since the game began. A history from the start tells
  // them all again, so it is followed instead (and the text is not read:
  // loading a saved game costs no more than before). Otherwise the facts of
  // the history must be its own (the events replayed from the origin), and
  // the ones before it become the origin's. Cards must be of kinds this game
  // has, and what each player then knows must fit the position: every
  // zone's size and known cards, and a world dealt from it must validate
  // (what the hidden cards may be is otherwise taken on trust, as the
  // position is).
  void read_knowledge(const Json& doc) {
    if constexpr (!has_zones<T>::value) {
      throw SerializationError("serialized state: this game keeps no knowledge, so it takes no \"knowledge\"");
    } else {
      const int players = game_->num_players();
      const int zones = T::num_zones(*game_->config());
      const auto& per = doc.as_array("knowledge");
      if (static_cast<int>(per.size()) != players) {
        throw SerializationError("serialized state: knowledge must hold one text per player (" + std::to_string(players) + "), got " + std::to_string(per.size()));
      }
      for (const Json& text : per) text.as_string("knowledge entry");
      if (origin_->initial) return;
      const int kinds = T::card_kinds(*game_->config());
      auto read = std::make_shared<std::vector<std::vector<CardFact>>>();
      for (int p = 0; p < players; ++p) {
        const std::string who = "knowledge of player " + std::to_string(p);
        std::vector<CardFact> facts = facts_from_text(per[static_cast<size_t>(p)].as_string("knowledge entry"), zones, who);
        for (const CardFact& f : facts) {
          // A world is dealt from these kinds, so each must be one the game has room for.
          int over = f.card;
          for (int id = kinds; id < 256 && f.kind == CardFact::Kind::kNoneOf; ++id) over = f.has(id) ? id : over;
          if (over >= kinds) throw SerializationError(who + ": card " + std::to_string(over) + " is of no kind this game has (cards are below " + std::to_string(kinds) + ")");
        }
        const std::vector<CardFact> later = history_facts(p);
        const std::string later_text = facts_to_text(later);
        const size_t before = facts.size() - std::min(facts.size(), later.size());
        const std::string tail = facts_to_text(std::vector<CardFact>(facts.begin() + static_cast<std::ptrdiff_t>(before), facts.end()));
        if (later.size() > facts.size() || tail != later_text) {
          throw SerializationError(who + " does not end with the facts of the history (" + std::to_string(later.size()) + " facts): the knowledge and the history disagree");
        }
        facts.resize(before);
        read->push_back(std::move(facts));
      }
      auto origin = std::make_shared<Origin>(*origin_);
      origin->read = std::move(read);
      origin_ = std::move(origin);
      knowledge_.clear();
      known_text_.clear();
      std::vector<uint8_t> cards;
      for (int p = 0; p < players; ++p) {
        knowledge(p);
        const Knowledge& k = *knowledge_[static_cast<size_t>(p)].k;
        if (!k.exact()) continue;  // the tracker gave up, as it would have live: resample uses the position
        for (int z = 0; z < zones; ++z) {
          s_.zone_cards(z, cards);
          const std::string wrong = k.check(z, cards);
          if (!wrong.empty()) throw SerializationError("knowledge of player " + std::to_string(p) + " does not fit the position: " + wrong);
        }
        // What the hidden cards may be cannot be checked against the position,
        // but a world dealt from it must be one the rules accept (cards
        // conserved) and show that player what the position shows them: one
        // draw, from a fixed seed so a file loads or not alike.
        S world = s_;
        Rng rng(0x6b6e6f776c656467ULL + static_cast<uint64_t>(p));
        if (sample_world(p, rng, world)) {
          try {
            world.validate();
          } catch (const Error& e) {
            throw SerializationError("knowledge of player " + std::to_string(p) + " does not fit the position: a world it deals breaks the rules (" + e.what() + ")");
          }
          if (world.observation(p).dump() != s_.observation(p).dump()) {
            throw SerializationError("knowledge of player " + std::to_string(p) + " does not fit the position: a world it deals changes what that player sees");
          }
        }
      }
    }
  }

  void read_chance(const Json& chance) {
    if (!chance.is_object()) throw SerializationError("serialized state: chance must be an object");
    json_expect_keys(chance, {"auto", "seed", "rng"}, "chance");
    auto_ = chance.at("auto", "chance").as_bool("chance.auto");
    seed_ = parse_u64(chance.at("seed", "chance").as_string("chance.seed"), 10, "chance.seed");
    const auto& words = chance.at("rng", "chance").as_array("chance.rng");
    if (words.size() != 4) throw SerializationError("chance.rng must hold 4 words, got " + std::to_string(words.size()));
    std::array<uint64_t, 4> w{};
    for (size_t i = 0; i < 4; ++i) w[i] = parse_u64(words[i].as_string("chance.rng word"), 16, "chance.rng word");
    if (!rng_.set_words(w)) throw SerializationError("chance.rng is all zero, which no generator can be");
    if (auto_ && s_.current_player() == kChance) throw SerializationError("an auto-chance state cannot wait at a chance node");
  }

  // Replays the history from the start and requires it to end here: a
  // history that does not lead to the position would make every replay,
  // notation and knowledge built on it wrong.
  void check_history() const {
    S replay = origin_->s;
    std::vector<Action> legal;
    std::vector<std::pair<Action, double>> outcomes;
    for (size_t i = 0; i < history_.size(); ++i) {
      const Action a = history_[i];
      const int p = replay.current_player();
      bool ok = false;
      if (p == kChance) {
        replay.chance_outcomes(outcomes);
        for (const auto& o : outcomes) ok = ok || o.first == a;
      } else if (p != kTerminal) {
        replay.legal_actions(legal);
        ok = std::binary_search(legal.begin(), legal.end(), a);
      }
      if (!ok) throw SerializationError("history step " + std::to_string(i) + " (action " + std::to_string(a) + ") is not legal there: the history does not lead to this position");
      replay.apply(a);
    }
    if (replay.to_json().dump() != s_.to_json().dump()) {
      throw SerializationError("the history (" + std::to_string(history_.size()) + " actions) leads to a different position than the one serialized");
    }
  }

  void check_player(int player) const {
    if (player < 0 || player >= game_->num_players()) {
      throw PlayerError("player must be from 0 to " + std::to_string(game_->num_players() - 1) + ", got " + std::to_string(player));
    }
  }

  // The first few moves, then a count: an error stays one short line (a Legendary turn
  // can offer dozens); the full list is one legal_actions() away.
  std::string list_moves(const std::vector<Action>& legal) const {
    constexpr size_t kShown = 6;
    // Never "and 1 more": a seventh move costs no more than saying so.
    const size_t shown = legal.size() <= kShown + 1 ? legal.size() : kShown;
    std::string out;
    for (size_t i = 0; i < shown; ++i) {
      if (i) out += ", ";
      out += s_.action_to_string(legal[i]);
    }
    if (shown < legal.size()) out += " and " + std::to_string(legal.size() - shown) + " more";
    return out;
  }

  std::string describe_illegal(Action action, const std::vector<Action>& legal) const {
    std::string name = (action >= 0 && action < game_->num_distinct_actions()) ? "'" + s_.action_to_string(action) + "' (" + std::to_string(action) + ")"
                                                                               : "action id " + std::to_string(action);
    const int p = s_.current_player();
    std::string who = p == kChance ? "chance must decide" : "player " + std::to_string(p) + " to act";
    return name + " is not legal here (" + who + "); legal: " + list_moves(legal);
  }

  std::shared_ptr<const NativeGame<T>> game_;
  S s_;
  std::vector<Action> history_;
  bool auto_ = false;
  uint64_t seed_ = 0;
  Rng rng_;
  std::shared_ptr<const Origin> origin_;
  std::shared_ptr<const Mark> marks_;
  // Computed on demand (a read of events replays what it needs).
  mutable std::vector<std::shared_ptr<const Events>> events_;
  mutable S shadow_;  // the position after events_.size() steps from the origin
  mutable bool shadow_valid_ = true;
  struct Known {
    std::shared_ptr<const Knowledge> k;
    size_t upto = 0;  // history steps read
  };
  mutable std::vector<Known> knowledge_;  // by observer
  struct KnownText {
    std::shared_ptr<std::string> text;
    size_t upto = 0;  // history steps written
  };
  mutable std::vector<KnownText> known_text_;  // by observer: knowledge_text()
};


}  // namespace henchmen
