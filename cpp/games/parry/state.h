// Parry: the engine's own small game for testing reaction chains, events and
// knowledge tracking (not a published game; every value is designed).
//
// Two to four players hold hidden hands from one shared deck of Strikes and
// Parries. On your turn you draw a card, then strike other players or end
// your turn. A Strike opens a reaction window: the others may Parry it, a
// Parry may be parried in turn, and the chain resolves from the top. A
// player at 0 health is out; the last one standing wins.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/action.h"
#include "core/events.h"
#include "core/fields.h"
#include "core/json.h"
#include "core/knowledge.h"
#include "core/reactions.h"
#include "core/rng.h"
#include "core/state_contract.h"

namespace henchmen::parry {

constexpr int kMaxPlayers = 4;
enum Card : uint8_t { kStrike = 0, kParry = 1, kKinds = 2 };

// The fixed action space.
enum : Action {
  kStrikeAt = 0,  // + target player
  kEndTurn = 4,
  kPlayParry = 5,  // answer the window with a Parry
  kPass = 6,       // answer the window with nothing
  kDraw = 7,       // + card kind: a chance outcome
  kNumActions = 9,
};

// Zones, for events and knowledge: each hand, the deck, the discard pile.
constexpr int kDeckZone = kMaxPlayers;
constexpr int kDiscardZone = kMaxPlayers + 1;
constexpr int kZones = kMaxPlayers + 2;

struct Config {
  int players = 2;
  int count[kKinds] = {8, 6};
  int hand_size = 3;
  int hand_limit = 5;
  int health = 3;
  int max_turns = 60;
  std::string name[kKinds] = {"Strike", "Parry"};
  std::string text[kKinds];
  Json table;
};

// What a window answers: a Strike (arg: its target) or a Parry.
enum Trigger : uint8_t { kOnStrike, kOnParry };

struct State {
  const Config* cfg = nullptr;
  uint8_t hand[kMaxPlayers][kKinds] = {};
  uint8_t deck[kKinds] = {};  // in no known order
  uint8_t discard[kKinds] = {};
  int8_t health[kMaxPlayers] = {};
  uint8_t turn_player_ = 0;
  uint16_t turn = 1;
  uint8_t to_draw = 0;     // chance: cards still to draw ...
  uint8_t draw_for = 0;    // ... for this player
  bool dealing = false;    // the opening deal (then the first turn's draw)
  Reactions<24, kMaxPlayers> reactions;
  bool over = false;
  int8_t winner = -1;  // -2: a draw at the turn limit

  // The position's fields (core/fields.h); the windows are written by hand.
  static auto fields() {
    const auto last_turn = [](const Config& c) { return c.max_turns + 1; };
    const auto full_health = [](const Config& c) { return c.health; };
    const Each kinds{Count{0, 60}};  // [Strikes, Parries]
    return std::make_tuple(field("hands", &State::hand, PerPlayer{kinds}), field("deck", &State::deck, kinds), field("discard", &State::discard, kinds),
                           field("health", &State::health, PerPlayer{Count{0, full_health}}), field("turn_player", &State::turn_player_, Count{0, LastSeat{}}),
                           field("turn", &State::turn, Count{1, last_turn}), field("to_draw", &State::to_draw, Count{0, 10}),
                           field("draw_for", &State::draw_for, Count{0, LastSeat{}}), field("dealing", &State::dealing, Flag{}), field("over", &State::over, Flag{}),
                           field("winner", &State::winner, Count{-2, LastSeat{}}));
  }

  // The contract (core/state_contract.h).
  int current_player() const;
  HENCHMEN_STATE_CONTRACT(State, Config)

  int hand_size(int p) const { return hand[p][kStrike] + hand[p][kParry]; }
  bool alive(int p) const { return health[p] > 0; }

 private:
  void start_turn(int p);
  void next_turn();
  void draw_one(int p, int card);
  void settle();
  uint32_t askable(int except) const;
  void close_window();
  void cancel_top();
  void land_strike(int target);
  void eliminate(int p);
  void check_end();
};

int observation_length(const Config& cfg);

}  // namespace henchmen::parry
