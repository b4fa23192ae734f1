// Parry: the position as JSON (both ways) and the invariant check; the
// redraw of what an observer cannot see is resample.cpp.
#include <algorithm>

#include "core/error.h"
#include "games/parry/state.h"

namespace henchmen::parry {

namespace {

// A window answers a Strike (its argument: the Strike's target) or a Parry.
const char* const kTriggerWords[] = {"strike", "parry"};
using Window = Reactions<24, kMaxPlayers>::Window;
const WindowFormat<Config, Window> kWindows{kTriggerWords, 2, "target", [](const Config&, const Window& w) { return Json(static_cast<int>(w.arg)); },
                                            [](const Config& cfg, const Json& v, uint8_t) { return static_cast<uint8_t>(v.as_int("target", 0, cfg.players - 1)); }, 24, 0};
}  // namespace

Json State::to_json() const {
  Json j;
  write_fields(*this, *cfg, j);
  j["windows"] = windows_json(*cfg, reactions, kWindows);
  return j;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken_position("a position must be a JSON object");
  json_expect_keys(doc, field_keys<State>({"windows"}), "position");
  State s;
  s.cfg = &cfg;
  read_fields(doc, cfg, s);
  read_windows(cfg, doc.at("windows", "position"), s.reactions, kWindows);
  return s;
}

void State::validate() const {
  const int n = cfg->players;
  for (int k = 0; k < kKinds; ++k) {
    int total = deck[k] + discard[k];
    for (int p = 0; p < n; ++p) total += hand[p][k];
    if (total != cfg->count[k]) broken_position("there must be " + std::to_string(cfg->count[k]) + " " + cfg->name[k] + " cards in all, found " + std::to_string(total));
  }
  int alive_count = 0;
  for (int p = 0; p < n; ++p) {
    if (health[p] < 0 || health[p] > cfg->health) broken_position("health out of range");
    if (!alive(p) && hand_size(p) > 0) broken_position("a player who is out holds cards");
    alive_count += alive(p);
  }
  if (turn > cfg->max_turns + 1 || (turn > cfg->max_turns && !over)) broken_position("the game went past its turn limit");
  if (over) {
    if (to_draw || reactions.open()) broken_position("a finished game has nothing left to draw or answer");
    if (winner >= 0 && !(alive(winner) && (alive_count == 1 || turn > cfg->max_turns))) broken_position("the winner did not earn the game");
    if (winner == -1) broken_position("a finished game has a winner or is a draw (-2)");
    if (winner == -2 && turn <= cfg->max_turns) broken_position("only the turn limit ends a game in a draw");
    if (winner >= 0 && alive_count > 1) {
      for (int p = 0; p < n; ++p) {
        if (p != winner && health[p] >= health[winner]) broken_position("the winner at the turn limit must have the most health");
      }
    }
    return;
  }
  if (winner != -1) broken_position("an unfinished game has no winner");
  if (alive_count < 2) broken_position("a game with one player left is over");
  if (!alive(turn_player_)) broken_position("the turn player is out");
  if (to_draw > 0 && (reactions.open())) broken_position("no window is open while cards are drawn");
  if (to_draw > 0 && deck[kStrike] + deck[kParry] < 2) broken_position("a draw waits only on a deck of two cards or more");
  if (dealing) {
    // The deal: players before draw_for have their cards, draw_for is being dealt, the rest wait.
    if (reactions.open() || to_draw == 0 || turn != 1 || turn_player_ != 0 || discard[kStrike] + discard[kParry] > 0) broken_position("the deal starts the game and ends when its last card is dealt");
    for (int p = 0; p < n; ++p) {
      const int want = p < draw_for ? cfg->hand_size : p == draw_for ? cfg->hand_size - to_draw : 0;
      if (hand_size(p) != want) broken_position("during the deal player " + std::to_string(p + 1) + " must hold " + std::to_string(want) + " cards");
      if (health[p] != cfg->health) broken_position("during the deal every player has full health");
    }
  }
  if (!dealing && to_draw > 1) broken_position("only the deal draws more than one card");
  if (!dealing && to_draw > 0 && draw_for != turn_player_) broken_position("after the deal only the turn player draws");
  if (to_draw > cfg->hand_size) broken_position("too many cards to draw");
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    if ((d == 0) != (w.trigger == kOnStrike)) broken_position("a chain starts with one Strike, then only Parries");
    if (d == 0 && (w.opener != turn_player_ || w.arg == turn_player_ || !alive(w.arg))) broken_position("the Strike is the turn player's, at another live player");
    for (int i = 0; i < w.n; ++i) {
      const int p = w.order[i];
      if (p == w.opener || !alive(p)) broken_position("a window asks only live players other than the one it answers");
      for (int j = 0; j < i; ++j) {
        if (w.order[j] == p) broken_position("a window asks each player once");
      }
    }
    if (d > 0 && w.opener == reactions.windows[d - 1].opener) broken_position("nobody parries their own card");
  }
}

}  // namespace henchmen::parry
