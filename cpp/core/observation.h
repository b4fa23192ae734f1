// What every game's views (observation, tensor, printable board) start the
// same way.
//
// observation(player) is JSON for people and bots (its keys are explained in
// each game's GameInfo::observation_keys); these write the keys every game
// shares with the same meaning, so a game writes only its own.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "core/json.h"

namespace henchmen {

// Who the observation is for, the turn, whose turn it is, who decides now
// and whether the game is over.
inline Json observation_header(int viewer, int turn, int turn_player, int current_player, bool over) {
  return Json(Json::Object{{"viewer", viewer}, {"turn", turn}, {"turn_player", turn_player}, {"current_player", current_player}, {"game_over", over}});
}

// The same with the winner (a seat, or a game's code for a draw), null
// while the game is played.
inline Json observation_header(int viewer, int turn, int turn_player, int current_player, bool over, int winner) {
  Json o = observation_header(viewer, turn, turn_player, current_player, over);
  o["winner"] = over ? Json(winner) : Json();
  return o;
}

// A tensor of card planes: one float for each card id, `kinds` of them a
// plane, all cleared when made; `planes(i)` is plane i.
class CardPlanes {
 public:
  CardPlanes(float* out, int length, int kinds) : out_(out), kinds_(kinds) { std::fill(out, out + length, 0.0f); }
  float* operator()(int index) const { return out_ + index * kinds_; }

 private:
  float* out_;
  int kinds_;
};

// Counts each card of a pile on a plane.
template <class Pile>
void add_cards(float* plane, const Pile& pile) {
  for (const auto card : pile) plane[card] += 1.0f;
}

// A pile for the printable board: its cards' names joined by ", ", "-" when
// it is empty.
template <class Pile, class Names>
std::string names_of(const Pile& pile, const Names& names) {
  std::string s;
  for (const uint8_t card : pile) s += (s.empty() ? "" : ", ") + names[card];
  return s.empty() ? std::string("-") : s;
}

}  // namespace henchmen
