// Villainy: the position as JSON (both ways), resampling from the position
// alone, and the zones the knowledge tracker reads (the invariants are
// validate.cpp).
#include <algorithm>

#include "core/card_json.h"
#include "core/error.h"
#include "games/villainy/state.h"

namespace henchmen::villainy {

namespace {
const char* const kTaskNames[] = {"draw", "first-player", "begin"};
const char* const kTriggerKeys[] = {"turn-start", "play", "attack"};

// A Segue window's argument is the game's own number, written as it is.
using Window = Reactions<1, kMaxPlayers>::Window;
const WindowFormat<Config, Window> kWindows{kTriggerKeys, 3, "arg", [](const Config&, const Window& w) { return Json(static_cast<int>(w.arg)); },
                                            [](const Config&, const Json& v, uint8_t) { return static_cast<uint8_t>(v.as_int("window arg", 0, 255)); }, 1, -1};
}  // namespace

const char* task_name(TaskKind k) { return kTaskNames[static_cast<int>(k)]; }

Json State::to_json() const {
  const Config& c = *cfg;
  Json o;
  write_fields(*this, c, o);
  Json tasks_json = Json(Json::Array{});
  for (int i = 0; i < n_tasks; ++i) {
    Json t;
    t["kind"] = task_name(tasks[i].kind);
    t["player"] = static_cast<int>(tasks[i].player);
    t["count"] = static_cast<int>(tasks[i].count);
    tasks_json.push_back(t);
  }
  o["tasks"] = tasks_json;
  o["windows"] = windows_json(c, reactions, kWindows);
  Json all = Json(Json::Array{});
  for (int p = 0; p < c.players; ++p) {
    const Player& pl = players[p];
    Json j;
    write_fields(pl, c, j);
    Json grid = Json(Json::Array{});
    for (const Spot& s : pl.grid) {
      if (s.minion == kNoCard && s.gear == kNoCard && s.temp == kNoCard) {
        grid.push_back(Json());
        continue;
      }
      Json sj;
      sj["minion"] = card_or_null(c, s.minion, kNoCard);
      sj["gear"] = card_or_null(c, s.gear, kNoCard);
      sj["gear_owner"] = static_cast<int>(s.gear_owner);
      sj["temp"] = card_or_null(c, s.temp, kNoCard);
      grid.push_back(sj);
    }
    j["grid"] = grid;
    Json monster = Json(Json::Array{});
    for (const Part& part : pl.monster) {
      Json pj;
      Json cards = Json(Json::Array{});
      for (int i = 0; i < part.n; ++i) cards.push_back(c.name[part.card[i]]);
      pj["cards"] = cards;
      pj["active"] = part.active;
      monster.push_back(pj);
    }
    j["monster"] = monster;
    all.push_back(j);
  }
  o["players"] = all;
  return o;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken_position("a position must be a JSON object");
  const char* what = "position";
  json_expect_keys(doc, field_keys<State>({"tasks", "windows"}), what);
  State s;
  s.cfg = &cfg;
  const int n = cfg.players;
  read_fields(doc, cfg, s);
  const auto& tasks = doc.at("tasks", what).as_array("tasks");
  if (static_cast<int>(tasks.size()) > kMaxTasks) broken_position("at most " + std::to_string(kMaxTasks) + " tasks wait");
  for (const auto& tj : tasks) {
    json_expect_keys(tj, {"kind", "player", "count"}, "task");
    Task& t = s.tasks[s.n_tasks++];
    t.kind = static_cast<TaskKind>(word(tj.at("kind", "task"), kTaskNames, "task kind"));
    t.player = static_cast<uint8_t>(tj.at("player", "task").as_int("task player", 0, n - 1));
    t.count = static_cast<uint8_t>(tj.at("count", "task").as_int("task count", 0, kHandCap));
  }
  read_windows(cfg, doc.at("windows", what), s.reactions, kWindows);
  const auto& all = per_player(doc, "players", n);
  for (int p = 0; p < n; ++p) {
    const Json& j = all[static_cast<size_t>(p)];
    const std::string at = "player " + std::to_string(p + 1);
    json_expect_keys(j, field_keys<Player>({"grid", "monster"}), at);
    Player& pl = s.players[p];
    read_fields(j, cfg, pl, at);
    pl.hand_kinds = kinds_in(pl.hand);
    pl.segues_discarded = static_cast<uint8_t>(s.count_discarded_segues(p));
    const auto& grid = j.at("grid", at).as_array(at + " grid");
    if (grid.size() != kSpots) broken_position(at + " grid must list six spots (null for an empty one)");
    for (int k = 0; k < kSpots; ++k) {
      const Json& sj = grid[static_cast<size_t>(k)];
      if (sj.is_null()) continue;
      json_expect_keys(sj, {"minion", "gear", "gear_owner", "temp"}, at + " spot");
      Spot& sp = pl.grid[k];
      sp.minion = read_card_or_none(cfg, sj.at("minion", at), kNoCard, at + " minion");
      sp.gear = read_card_or_none(cfg, sj.at("gear", at), kNoCard, at + " gear");
      sp.gear_owner = static_cast<uint8_t>(sj.at("gear_owner", at).as_int(at + " gear_owner", 0, n - 1));
      sp.temp = read_card_or_none(cfg, sj.at("temp", at), kNoCard, at + " temp");
    }
    s.regrid(p);
    const auto& monster = j.at("monster", at).as_array(at + " monster");
    if (monster.size() != 4) broken_position(at + " monster must list its four parts");
    for (int k = 0; k < 4; ++k) {
      const Json& pj = monster[static_cast<size_t>(k)];
      json_expect_keys(pj, {"cards", "active"}, at + " monster part");
      Part& part = pl.monster[k];
      const auto& cards = pj.at("cards", at).as_array(at + " monster cards");
      if (static_cast<int>(cards.size()) > kMaxStack) broken_position(at + " monster part holds more than " + std::to_string(kMaxStack) + " cards");
      for (const auto& cj : cards) part.card[part.n++] = static_cast<uint8_t>(card_named(cfg, cj.as_string(at + " monster card"), at + " monster card"));
      part.active = pj.at("active", at).as_bool(at + " monster active");
    }
  }
  return s;
}

// From the position alone: each other player's hand and draw pile are one
// pool (their deck less everything in sight), dealt again in the same sizes.
// A card declared from a hand stays there: everyone saw it.
void State::resample(int observer, Rng& rng) {
  for (int q = 0; q < cfg->players; ++q) {
    Player& pl = players[q];
    if (q == observer || !pl.alive) continue;
    const uint8_t fixed = q == turn_player_ && phase == Phase::kWindow && !declared.attack ? declared.card : kNoCard;
    uint8_t pool[kHandCap + kPileCap];
    int n = 0;
    bool kept = false;
    for (const uint8_t c : pl.hand) {
      if (c == fixed && !kept) {
        kept = true;
        continue;
      }
      pool[n++] = c;
    }
    for (const uint8_t c : pl.draw) pool[n++] = c;
    const int hand_size = pl.hand.size() - (kept ? 1 : 0);
    for (int i = 0; i < hand_size; ++i) {
      const int j = i + static_cast<int>(rng.below(static_cast<uint32_t>(n - i)));
      std::swap(pool[i], pool[j]);
    }
    pl.hand.clear();
    pl.draw.clear();
    if (kept) pl.hand.add(fixed);
    for (int i = 0; i < n; ++i) {
      if (i < hand_size) pl.hand.add(pool[i]);
      else pl.draw.add(pool[i]);
    }
    pl.hand_kinds = kinds_in(pl.hand);
  }
}

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  const int p = zone % kMaxPlayers;
  if (p >= cfg->players) return;
  const Player& pl = players[p];
  switch (zone / kMaxPlayers) {
    case 0: out.assign(pl.hand.begin(), pl.hand.end()); return;
    case 1: out.assign(pl.draw.begin(), pl.draw.end()); return;
    case 2: out.assign(pl.discard.begin(), pl.discard.end()); return;
    default: break;
  }
  for (int q = 0; q < cfg->players; ++q) {
    for (const Spot& s : players[q].grid) {
      if (q == p && s.minion != kNoCard) out.push_back(s.minion);
      if (q == p && s.temp != kNoCard) out.push_back(s.temp);
      if (s.gear != kNoCard && s.gear_owner == p) out.push_back(s.gear);
    }
  }
  for (const Part& part : pl.monster) out.insert(out.end(), part.card, part.card + part.n);
  for (const uint8_t c : pl.setup) {
    if (c != kNoCard) out.push_back(c);
  }
  if (pl.left != kNoCard) out.push_back(pl.left);
  if (pl.right != kNoCard) out.push_back(pl.right);
  out.insert(out.end(), pl.lasting.begin(), pl.lasting.end());
  if (p == turn_player_ && phase == Phase::kChoose && choice.card != kNoCard) out.push_back(choice.card);
}

// The hidden zones (hands and draw piles) of a sampled world; the others
// are public and already right.
void State::write_zones(const Knowledge::World& world) {
  auto write = [&](auto& pile, int zone) {
    if (static_cast<size_t>(zone) >= world.size()) return;
    const auto& z = world[static_cast<size_t>(zone)];
    pile.clear();
    for (const auto* part : {&z.top, &z.middle, &z.bottom}) {
      for (const uint8_t c : *part) pile.add(c);
    }
  };
  for (int p = 0; p < cfg->players; ++p) {
    write(players[p].hand, hand_zone(p));
    write(players[p].draw, draw_zone(p));
    players[p].hand_kinds = kinds_in(players[p].hand);
  }
}

}  // namespace henchmen::villainy
