// NativeState<T>: the polymorphic State of game.h over a game's flat state:
// validation (atomic apply), history, auto chance, notation parsing,
// serialization framing and the native hooks for search and bench/.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/game.h"
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

inline int64_t total_size(const std::vector<int>& shape) {
  int64_t n = 1;
  for (const int d : shape) n *= d;
  return n;
}

template <class T>
class NativeState final : public State {
 public:
  using S = typename T::S;

  NativeState(std::shared_ptr<const NativeGame<T>> game, S s) : game_(std::move(game)), s_(s) {}

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
    if (auto_) {
      Rng rng = rng_;
      while (next.current_player() == kChance) {
        const Action outcome = next.sample_chance(rng);
        next.apply(outcome);
        taken.push_back(outcome);
      }
      rng_ = rng;
    }
    s_ = next;
    history_.insert(history_.end(), taken.begin(), taken.end());
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
  const std::vector<Action>& history() const override { return history_; }
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
    std::string msg = "'" + text + "' is not a legal move here";
    msg += legal.empty() ? " (the game is over)" : "; legal moves: " + list_moves(legal);
    throw NotationError(msg);
  }

  Json observation(int player) const override {
    check_player(player);
    return s_.observation(player);
  }
  void observation_tensor(int player, float* out) const override {
    check_player(player);
    s_.observation_tensor(player, out);
  }

  std::unique_ptr<State> resample(int observer, uint64_t seed) const override {
    check_player(observer);
    auto out = std::make_unique<NativeState>(game_, s_);
    Rng rng(seed);
    out->s_.resample(observer, rng);
    out->auto_ = auto_;
    out->seed_ = Rng::derive_seed(seed, 1);
    out->rng_.reseed(out->seed_);
    return out;
  }

  // Version 2 adds "chance": the auto-chance generator's exact position, so a
  // saved game continues with the same draws (pickle, deepcopy and clone
  // alike). Version 1 documents still load, with chance explicit.
  std::string serialize() const override {
    Json doc;
    doc["format"] = "henchmen-state";
    doc["version"] = 2;
    doc["game"] = game_->info().name;
    doc["options"] = game_->options();
    doc["position"] = s_.to_json();
    Json hist = Json(Json::Array{});
    for (const Action a : history_) hist.push_back(Json(static_cast<int64_t>(a)));
    doc["history"] = hist;
    Json chance;
    chance["auto"] = auto_;
    chance["seed"] = std::to_string(seed_);
    Json words = Json(Json::Array{});
    for (const uint64_t w : rng_.words()) words.push_back(hex64(w));
    chance["rng"] = words;
    doc["chance"] = chance;
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
      json_expect_keys(doc, {"format", "version", "game", "options", "position", "history", "chance"}, what);
    } else {
      throw SerializationError("serialized state version " + std::to_string(version) + " is not supported (this engine reads versions 1 and 2)");
    }
    S s = T::from_json(*game->config(), doc.at("position", what));
    s.validate();
    auto out = std::make_unique<NativeState>(game, s);
    const auto& hist = doc.at("history", what).as_array("history");
    if (static_cast<int64_t>(hist.size()) > game->max_game_length()) {
      throw SerializationError("the history has " + std::to_string(hist.size()) + " actions, more than this game can last (" + std::to_string(game->max_game_length()) + ")");
    }
    for (const auto& a : hist) out->history_.push_back(static_cast<Action>(a.as_int("history entry", 0, game->num_distinct_actions() - 1)));
    if (!out->history_.empty()) out->check_history();
    if (version == 2) out->read_chance(doc.at("chance", what));
    return out;
  }

  uint64_t hash() const override {
    if constexpr (has_native_hash<S>::value) {
      return s_.hash();
    } else {
      return stable_hash(s_.to_json().dump());
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

  Action sample_chance(Rng& rng) const override {
    if (s_.current_player() != kChance) throw PlayerError("sample_chance needs a chance node");
    return s_.sample_chance(rng);
  }

 private:
  static std::string hex64(uint64_t w) {
    static const char digits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, w >>= 4) out[static_cast<size_t>(i)] = digits[w & 15];
    return out;
  }

  static uint64_t parse_u64(const std::string& text, int base, const char* what) {
    if (text.empty() || text.size() > (base == 16 ? 16u : 20u)) throw SerializationError(std::string(what) + " must be a " + (base == 16 ? "16-digit hex" : "decimal") + " string, got '" + text + "'");
    uint64_t v = 0;
    for (const char c : text) {
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
      if (d < 0) throw SerializationError(std::string(what) + " must be a " + (base == 16 ? "lower-case hex" : "decimal") + " string, got '" + text + "'");
      const uint64_t next = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
      if (base == 10 && (v > (UINT64_MAX - static_cast<uint64_t>(d)) / 10)) throw SerializationError(std::string(what) + " is larger than 64 bits");
      v = next;
    }
    return v;
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
    S replay = T::initial_state(*game_->config());
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

  std::string list_moves(const std::vector<Action>& legal) const {
    std::string out;
    const size_t shown = std::min<size_t>(legal.size(), 40);
    for (size_t i = 0; i < shown; ++i) {
      if (i) out += ", ";
      out += s_.action_to_string(legal[i]);
    }
    if (shown < legal.size()) out += ", ... (" + std::to_string(legal.size()) + " in all)";
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
};


}  // namespace henchmen
