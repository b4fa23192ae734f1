// Parry: what a player is shown: the observation as JSON, the printable
// board and the names of actions, with the layout and action info the tables draw.
// Cold code (-O1): the observation tensor and the heuristic, which a search or
// a learner reads at every step, are view.cpp.
#include <sstream>

#include "core/layout.h"
#include "core/observation.h"
#include "games/parry/state.h"

namespace henchmen::parry {

std::string State::action_to_string(Action a) const {
  if (a >= kDraw) return "draw " + cfg->name[a - kDraw];
  if (a == kPass) return "pass";
  if (a == kPlayParry) return "parry";
  if (a == kEndTurn) return "end turn";
  return "strike player " + std::to_string(a - kStrikeAt + 1);
}

namespace {
Json counts(const Config& cfg, const uint8_t* c) {
  Json o = Json(Json::Object{});
  for (int k = 0; k < kKinds; ++k) o[cfg.name[k]] = static_cast<int>(c[k]);
  return o;
}
}  // namespace

Json State::observation(int viewer) const {
  Json o = observation_header(viewer, turn, turn_player_, current_player(), over, winner);
  o["hand"] = counts(*cfg, hand[viewer]);
  Json players = Json(Json::Array{});
  for (int p = 0; p < cfg->players; ++p) {
    Json j;
    j["health"] = static_cast<int>(health[p]);
    j["hand_size"] = hand_size(p);
    players.push_back(j);
  }
  o["players"] = players;
  o["deck_size"] = deck[kStrike] + deck[kParry];
  o["discard"] = counts(*cfg, discard);
  Json chain = Json(Json::Array{});
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    Json j;
    j["answering"] = w.trigger == kOnStrike ? "Strike" : "Parry";
    j["by"] = static_cast<int>(w.opener);
    if (w.trigger == kOnStrike) j["target"] = static_cast<int>(w.arg);
    chain.push_back(j);
  }
  o["chain"] = chain;
  return o;
}

namespace {
Json face(const Config& cfg, int k) { return Face(cfg.name[k], k == kStrike ? "attack" : "reaction").text(cfg.text[k]); }
}  // namespace

Json State::layout(int viewer) const {
  Layout l("Parry", viewer, cfg->players);
  const int mover = current_player();
  std::string status = "Turn " + std::to_string(turn) + ": " + l.seat(turn_player_) + (turn_player_ == viewer ? "r turn" : "'s turn");
  if (over) status = winner >= 0 ? l.seat(winner) + (winner == viewer ? " win" : " wins") : "A draw";
  l.status(status);
  if (reactions.open() && mover >= 0) {
    const auto& w = reactions.top();
    l.prompt(l.seat(w.opener) + (w.trigger == kOnStrike ? " struck " + l.seat_lower(w.arg) : " parried") + ": parry it or pass");
  }
  auto shown = [&](int k) { return face(*cfg, k); };
  for (int p = 0; p < cfg->players; ++p) {
    const Json cards = p == viewer ? faces_by_count(hand[p], kKinds, shown) : card_backs(hand_size(p));
    l.hand(p, hand_size(p), cards);
  }
  l.draw_pile("deck", "Deck", -1, deck[kStrike] + deck[kParry]);
  l.zone("discard", "Discard pile", "pile", Role::kDiscard, -1, discard[kStrike] + discard[kParry], faces_by_count(discard, kKinds, shown));
  for (int p = 0; p < cfg->players; ++p) l.counter("Health", health[p], Measure::kScore, p, cfg->health);
  return l.build();
}

Json State::action_info(Action a) const {
  Json j = Json(Json::Object{});
  if (a >= kStrikeAt && a < kEndTurn) {
    j["card"] = cfg->name[kStrike];
    j["zone"] = "hand-" + std::to_string(turn_player_);
    j["target"] = a - kStrikeAt;
  } else if (a == kPlayParry) {
    j["card"] = cfg->name[kParry];
    j["zone"] = "hand-" + std::to_string(reactions.responder());
  }
  return j;
}

std::string State::to_string() const {
  std::ostringstream out;
  out << "Parry, turn " << turn << ", player " << turn_player_ + 1 << " to play";
  if (over) out << " (over)";
  out << "\n";
  for (int p = 0; p < cfg->players; ++p) {
    out << "  player " << p + 1 << ": health " << static_cast<int>(health[p]) << ", hand " << static_cast<int>(hand[p][kStrike]) << " Strike "
        << static_cast<int>(hand[p][kParry]) << " Parry\n";
  }
  out << "  deck " << deck[kStrike] + deck[kParry] << ", discard " << static_cast<int>(discard[kStrike]) << " Strike " << static_cast<int>(discard[kParry]) << " Parry\n";
  return out.str();
}

}  // namespace henchmen::parry
