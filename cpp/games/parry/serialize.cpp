// Parry: the position as JSON (both ways), the invariant check, resampling
// from the position alone, and the zones the knowledge tracker reads.
#include <algorithm>

#include "core/error.h"
#include "games/parry/state.h"

namespace henchmen::parry {

namespace {
[[noreturn]] void broken(const std::string& why) { throw SerializationError("invalid position: " + why); }

Json pair(const uint8_t* c) {
  Json a = Json(Json::Array{});
  for (int k = 0; k < kKinds; ++k) a.push_back(static_cast<int>(c[k]));
  return a;
}

void read_pair(const Json& v, uint8_t* c, const std::string& what) {
  const auto& a = v.as_array(what);
  if (a.size() != kKinds) broken(what + " must list 2 counts (Strikes, Parries)");
  for (int k = 0; k < kKinds; ++k) c[k] = static_cast<uint8_t>(a[static_cast<size_t>(k)].as_int(what, 0, 60));
}
}  // namespace

Json State::to_json() const {
  Json j;
  Json hands = Json(Json::Array{});
  for (int p = 0; p < cfg->players; ++p) hands.push_back(pair(hand[p]));
  j["hands"] = hands;
  j["deck"] = pair(deck);
  j["discard"] = pair(discard);
  Json hp = Json(Json::Array{});
  for (int p = 0; p < cfg->players; ++p) hp.push_back(static_cast<int>(health[p]));
  j["health"] = hp;
  j["turn_player"] = static_cast<int>(turn_player_);
  j["turn"] = static_cast<int>(turn);
  j["to_draw"] = static_cast<int>(to_draw);
  j["draw_for"] = static_cast<int>(draw_for);
  j["dealing"] = dealing;
  Json windows = Json(Json::Array{});
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    Json o;
    o["trigger"] = w.trigger == kOnStrike ? "strike" : "parry";
    o["opener"] = static_cast<int>(w.opener);
    o["target"] = static_cast<int>(w.arg);
    Json order = Json(Json::Array{});
    for (int i = 0; i < w.n; ++i) order.push_back(static_cast<int>(w.order[i]));
    o["asked"] = order;
    o["next"] = static_cast<int>(w.next);
    o["passes"] = static_cast<int>(w.passes);
    windows.push_back(o);
  }
  j["windows"] = windows;
  j["over"] = over;
  j["winner"] = static_cast<int>(winner);
  return j;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken("a position must be a JSON object");
  json_expect_keys(doc, {"hands", "deck", "discard", "health", "turn_player", "turn", "to_draw", "draw_for", "dealing", "windows", "over", "winner"}, "position");
  State s;
  s.cfg = &cfg;
  const auto& hands = doc.at("hands", "position").as_array("hands");
  if (static_cast<int>(hands.size()) != cfg.players) broken("hands must list one hand per player");
  for (int p = 0; p < cfg.players; ++p) read_pair(hands[static_cast<size_t>(p)], s.hand[p], "hands");
  read_pair(doc.at("deck", "position"), s.deck, "deck");
  read_pair(doc.at("discard", "position"), s.discard, "discard");
  const auto& hp = doc.at("health", "position").as_array("health");
  if (static_cast<int>(hp.size()) != cfg.players) broken("health must list one number per player");
  for (int p = 0; p < cfg.players; ++p) s.health[p] = static_cast<int8_t>(hp[static_cast<size_t>(p)].as_int("health", 0, cfg.health));
  s.turn_player_ = static_cast<uint8_t>(doc.at("turn_player", "position").as_int("turn_player", 0, cfg.players - 1));
  s.turn = static_cast<uint16_t>(doc.at("turn", "position").as_int("turn", 1, cfg.max_turns + 1));
  s.to_draw = static_cast<uint8_t>(doc.at("to_draw", "position").as_int("to_draw", 0, 10));
  s.draw_for = static_cast<uint8_t>(doc.at("draw_for", "position").as_int("draw_for", 0, cfg.players - 1));
  s.dealing = doc.at("dealing", "position").as_bool("dealing");
  const auto& windows = doc.at("windows", "position").as_array("windows");
  if (static_cast<int>(windows.size()) > 24) broken("a reaction chain is at most 24 deep");
  for (const auto& wj : windows) {
    json_expect_keys(wj, {"trigger", "opener", "target", "asked", "next", "passes"}, "window");
    auto& w = s.reactions.windows[s.reactions.depth++];
    const std::string& t = wj.at("trigger", "window").as_string("trigger");
    if (t != "strike" && t != "parry") broken("a window answers a \"strike\" or a \"parry\", not \"" + t + "\"");
    w.trigger = t == "strike" ? kOnStrike : kOnParry;
    w.opener = static_cast<int8_t>(wj.at("opener", "window").as_int("opener", 0, cfg.players - 1));
    w.arg = static_cast<uint8_t>(wj.at("target", "window").as_int("target", 0, cfg.players - 1));
    const auto& asked = wj.at("asked", "window").as_array("asked");
    if (asked.empty() || static_cast<int>(asked.size()) > cfg.players) broken("a window asks from 1 to the number of players");
    for (const auto& a : asked) w.order[w.n++] = static_cast<uint8_t>(a.as_int("asked", 0, cfg.players - 1));
    w.next = static_cast<uint8_t>(wj.at("next", "window").as_int("next", 0, w.n - 1));
    w.passes = static_cast<uint8_t>(wj.at("passes", "window").as_int("passes", 0, w.n - 1));
  }
  s.over = doc.at("over", "position").as_bool("over");
  s.winner = static_cast<int8_t>(doc.at("winner", "position").as_int("winner", -2, cfg.players - 1));
  return s;
}

void State::validate() const {
  const int n = cfg->players;
  for (int k = 0; k < kKinds; ++k) {
    int total = deck[k] + discard[k];
    for (int p = 0; p < n; ++p) total += hand[p][k];
    if (total != cfg->count[k]) broken("there must be " + std::to_string(cfg->count[k]) + " " + cfg->name[k] + " cards in all, found " + std::to_string(total));
  }
  int alive_count = 0;
  for (int p = 0; p < n; ++p) {
    if (health[p] < 0 || health[p] > cfg->health) broken("health out of range");
    if (!alive(p) && hand_size(p) > 0) broken("a player who is out holds cards");
    alive_count += alive(p);
  }
  if (turn > cfg->max_turns + 1 || (turn > cfg->max_turns && !over)) broken("the game went past its turn limit");
  if (over) {
    if (to_draw || reactions.open()) broken("a finished game has nothing left to draw or answer");
    if (winner >= 0 && !(alive(winner) && (alive_count == 1 || turn > cfg->max_turns))) broken("the winner did not earn the game");
    if (winner == -1) broken("a finished game has a winner or is a draw (-2)");
    if (winner == -2 && turn <= cfg->max_turns) broken("only the turn limit ends a game in a draw");
    if (winner >= 0 && alive_count > 1) {
      for (int p = 0; p < n; ++p) {
        if (p != winner && health[p] >= health[winner]) broken("the winner at the turn limit must have the most health");
      }
    }
    return;
  }
  if (winner != -1) broken("an unfinished game has no winner");
  if (alive_count < 2) broken("a game with one player left is over");
  if (!alive(turn_player_)) broken("the turn player is out");
  if (to_draw > 0 && (reactions.open())) broken("no window is open while cards are drawn");
  if (to_draw > 0 && deck[kStrike] + deck[kParry] < 2) broken("a draw waits only on a deck of two cards or more");
  if (dealing) {
    // The deal: players before draw_for have their cards, draw_for is being dealt, the rest wait.
    if (reactions.open() || to_draw == 0 || turn != 1 || turn_player_ != 0 || discard[kStrike] + discard[kParry] > 0) broken("the deal starts the game and ends when its last card is dealt");
    for (int p = 0; p < n; ++p) {
      const int want = p < draw_for ? cfg->hand_size : p == draw_for ? cfg->hand_size - to_draw : 0;
      if (hand_size(p) != want) broken("during the deal player " + std::to_string(p + 1) + " must hold " + std::to_string(want) + " cards");
      if (health[p] != cfg->health) broken("during the deal every player has full health");
    }
  }
  if (!dealing && to_draw > 1) broken("only the deal draws more than one card");
  if (!dealing && to_draw > 0 && draw_for != turn_player_) broken("after the deal only the turn player draws");
  if (to_draw > cfg->hand_size) broken("too many cards to draw");
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    if ((d == 0) != (w.trigger == kOnStrike)) broken("a chain starts with one Strike, then only Parries");
    if (d == 0 && (w.opener != turn_player_ || w.arg == turn_player_ || !alive(w.arg))) broken("the Strike is the turn player's, at another live player");
    for (int i = 0; i < w.n; ++i) {
      const int p = w.order[i];
      if (p == w.opener || !alive(p)) broken("a window asks only live players other than the one it answers");
      for (int j = 0; j < i; ++j) {
        if (w.order[j] == p) broken("a window asks each player once");
      }
    }
    if (d > 0 && w.opener == reactions.windows[d - 1].opener) broken("nobody parries their own card");
  }
}

void State::resample(int observer, Rng& rng) {
  // From the position alone: the observer knows their hand and the discard
  // pile; everything else is one pool, dealt again in the same sizes.
  uint8_t pool[kKinds] = {deck[kStrike], deck[kParry]};
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    for (int k = 0; k < kKinds; ++k) pool[k] = static_cast<uint8_t>(pool[k] + hand[p][k]);
  }
  auto deal = [&](uint8_t* into, int n) {
    into[kStrike] = into[kParry] = 0;
    for (int i = 0; i < n; ++i) {
      const int k = rng.below(static_cast<uint32_t>(pool[kStrike] + pool[kParry])) < pool[kStrike] ? kStrike : kParry;
      --pool[k];
      ++into[k];
    }
  };
  for (int p = 0; p < cfg->players; ++p) {
    if (p != observer) deal(hand[p], hand_size(p));
  }
  deck[kStrike] = pool[kStrike];
  deck[kParry] = pool[kParry];
}

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  const uint8_t* c = zone < kMaxPlayers ? hand[zone] : zone == kDeckZone ? deck : discard;
  for (int k = 0; k < kKinds; ++k) out.insert(out.end(), c[k], static_cast<uint8_t>(k));
}

void State::write_zones(const Knowledge::World& world) {
  auto write = [&](int zone, uint8_t* c) {
    c[kStrike] = c[kParry] = 0;
    const auto& z = world[static_cast<size_t>(zone)];
    for (const auto* part : {&z.top, &z.middle, &z.bottom}) {
      for (const uint8_t k : *part) ++c[k];
    }
  };
  for (int p = 0; p < cfg->players; ++p) write(p, hand[p]);
  write(kDeckZone, deck);
  write(kDiscardZone, discard);
}

}  // namespace henchmen::parry
