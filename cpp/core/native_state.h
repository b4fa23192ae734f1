// NativeState<T>: the polymorphic State of game.h over a game's flat state:
// validation (atomic apply), history, auto chance, notation parsing,
// serialization framing and the native hooks for search and bench/.
#pragma once
#include <algorithm>
#include <chrono>
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

// Random playout of one game from `s`; returns the number of actions taken.
template <class T>
int64_t random_playout(typename T::S& s, Rng& rng, std::vector<Action>& scratch, int64_t limit,
                       int64_t* decisions) {
  int64_t steps = 0;
  while (steps < limit) {
    const int p = s.current_player();
    if (p == kTerminal) break;
    if (p == kChance) {
      s.apply(s.sample_chance(rng));
    } else {
      s.legal_actions(scratch);
      s.apply(scratch[rng.below(static_cast<uint32_t>(scratch.size()))]);
      ++*decisions;
    }
    ++steps;
  }
  return steps;
}

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
    rng_.reseed(seed);
    if (on) resolve_chance();
  }
  bool auto_chance() const override { return auto_; }
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
    out->rng_.reseed(Rng::derive_seed(seed, 1));
    return out;
  }

  std::string serialize() const override {
    Json doc;
    doc["format"] = "henchmen-state";
    doc["version"] = 1;
    doc["game"] = game_->info().name;
    doc["options"] = game_->options();
    doc["position"] = s_.to_json();
    Json hist = Json(Json::Array{});
    for (const Action a : history_) hist.push_back(Json(static_cast<int64_t>(a)));
    doc["history"] = hist;
    return doc.dump();
  }

  // Reads a serialized state written by `serialize` for this game.
  static std::unique_ptr<State> deserialize(std::shared_ptr<const NativeGame<T>> game, const Json& doc) {
    json_expect_keys(doc, {"format", "version", "game", "options", "position", "history"}, "serialized state");
    if (doc.at("format", "serialized state").as_string("format") != "henchmen-state") {
      throw SerializationError("not a serialized henchmen state (format must be \"henchmen-state\")");
    }
    const int64_t version = doc.at("version", "serialized state").as_int("version");
    if (version != 1) throw SerializationError("serialized state version " + std::to_string(version) + " is not supported (this engine reads version 1)");
    S s = T::from_json(*game->config(), doc.at("position", "serialized state"));
    s.validate();
    auto out = std::make_unique<NativeState>(game, s);
    for (const auto& a : doc.at("history", "serialized state").as_array("history")) {
      out->history_.push_back(static_cast<Action>(a.as_int("history entry", 0, game->num_distinct_actions() - 1)));
    }
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

  SearchResult search(const SearchConfig& config) const override {
    if (s_.current_player() < 0) throw PlayerError("search needs a player to move (not chance, not the end of the game)");
    return mcts_search(s_, config);
  }

  double native_cost_ns(const std::string& operation, int64_t repeats) const override {
    if (repeats < 1) throw OptionError("repeats must be at least 1");
    std::vector<Action> legal;
    std::vector<float> tensor(static_cast<size_t>(game_->observation_shape().empty() ? 0 : total_size(game_->observation_shape())));
    volatile int64_t sink = 0;
    const int me = std::max(0, s_.current_player());
    if (operation == "apply" && s_.current_player() < 0) throw PlayerError("apply cost needs a player to move");
    if (operation == "apply") s_.legal_actions(legal);
    const auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < repeats; ++i) {
      if (operation == "clone") {
        S copy = s_;
        sink = sink + copy.current_player();
      } else if (operation == "legal_actions") {
        s_.legal_actions(legal);
        sink = sink + static_cast<int64_t>(legal.size());
      } else if (operation == "apply") {
        S copy = s_;
        copy.apply(legal[static_cast<size_t>(i) % legal.size()]);
        sink = sink + copy.current_player();
      } else if (operation == "observation_tensor") {
        s_.observation_tensor(me, tensor.data());
        sink = sink + static_cast<int64_t>(tensor[0]);
      } else if (operation == "hash") {
        sink = sink + static_cast<int64_t>(hash() & 1);
      } else {
        throw OptionError("unknown operation '" + operation + "'; operations: clone, legal_actions, apply, observation_tensor, hash");
      }
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    (void)sink;
    return ns / static_cast<double>(repeats);
  }
  int64_t native_size_bytes() const override { return static_cast<int64_t>(sizeof(S)); }

  Action bot_action(const BotSpec& bot, Rng& rng) const override {
    if (s_.current_player() < 0) throw PlayerError("a bot needs a player to move (not chance, not the end of the game)");
    std::vector<Action> scratch;
    return bot_choice(s_, bot, rng, scratch);
  }

 private:
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
  Rng rng_;
};


}  // namespace henchmen
