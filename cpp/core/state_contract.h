// The members every game's flat state declares alike: the contract that
// NativeState (core/native_state.h) and the searches call, with the knowledge
// hooks (core/knowledge.h), declared once here so that the six games cannot
// drift apart in a signature. A game's state.h writes
//   HENCHMEN_STATE_CONTRACT(State, Config)
// inside its struct, beside what is its own: current_player (often inline,
// the playout loop asks it at every step), the optional fast hash(), and its
// rule helpers. It defines the members in its rules, view, layout,
// serialization, validation and zones files, and keeps the field `turn_player_`
// and the pointer `cfg` (to a Config with `players`).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/action.h"
#include "core/json.h"
#include "core/knowledge.h"
#include "core/rng.h"

// A macro, not a base class: C++ lets a class define only the member
// functions it declares itself, and the state must stay one flat struct.
#define HENCHMEN_STATE_CONTRACT(StateT, ConfigT)                             \
  int turn_player() const { return turn_player_; }                          \
  int num_players() const { return cfg->players; }                          \
  void legal_actions(std::vector<Action>& out) const;                       \
  void chance_outcomes(std::vector<std::pair<Action, double>>& out) const;  \
  Action sample_chance(Rng& rng) const;                                     \
  void apply(Action action);                                                \
  double returns(int player) const;                                         \
  std::string action_to_string(Action action) const;                        \
  Json observation(int player) const;                                       \
  void observation_tensor(int player, float* out) const;                    \
  Json layout(int viewer) const;                                            \
  Json action_info(Action action) const;                                    \
  void resample(int observer, Rng& rng);                                    \
  Json to_json() const;                                                     \
  static StateT from_json(const ConfigT& cfg, const Json& doc);             \
  std::string to_string() const;                                            \
  double heuristic(int player) const;                                       \
  void validate() const;                                                    \
  static StateT initial(const ConfigT& cfg);                                \
  void zone_cards(int zone, std::vector<uint8_t>& out) const;               \
  void write_zones(const Knowledge::World& world);
