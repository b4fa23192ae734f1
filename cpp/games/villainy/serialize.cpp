// Villainy: the position as JSON (both ways); the invariants are
// validate.cpp, the redraw of what an observer cannot see resample.cpp.
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

}  // namespace henchmen::villainy
