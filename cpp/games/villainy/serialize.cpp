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
const char* const kPhaseKeys[] = {"main", "window", "absorb", "choose"};
const char* const kHideoutKeys[] = {"standing", "destroyed", "removed"};
const char* const kTriggerKeys[] = {"turn-start", "play", "attack"};

[[noreturn]] void broken(const std::string& why) { throw SerializationError("invalid position: " + why); }

Json card_or_null(const Config& cfg, uint8_t c) { return c == kNoCard ? Json() : Json(cfg.name[c]); }

uint8_t read_card(const Config& cfg, const Json& v, const std::string& where) {
  if (v.is_null()) return kNoCard;
  const std::string& name = v.as_string(where);
  const int id = cfg.card_from_name(name);
  if (id < 0) broken(where + ": no card named \"" + name + "\" in this game's card table");
  return static_cast<uint8_t>(id);
}

template <class Pile>
void read_pile(const Config& cfg, const Json& v, Pile& pile, const std::string& where) {
  pile.clear();
  const auto& arr = v.as_array(where);
  if (static_cast<int>(arr.size()) > Pile::capacity()) broken(where + " holds more cards than it can (" + std::to_string(Pile::capacity()) + ")");
  for (const auto& item : arr) {
    const uint8_t c = read_card(cfg, item, where);
    if (c == kNoCard) broken(where + " lists null where a card belongs");
    pile.add(c);
  }
}

int pick(const Json& v, const char* const* names, int n, const std::string& where) {
  const std::string& s = v.as_string(where);
  for (int i = 0; i < n; ++i) {
    if (s == names[i]) return i;
  }
  std::string list;
  for (int i = 0; i < n; ++i) list += (i ? ", " : "") + std::string(names[i]);
  broken(where + " must be one of " + list + ", got \"" + s + "\"");
}
}  // namespace

const char* task_name(TaskKind k) { return kTaskNames[static_cast<int>(k)]; }

Json State::to_json() const {
  const Config& c = *cfg;
  Json o;
  o["turn"] = static_cast<int>(turn);
  o["round"] = static_cast<int>(round);
  o["round_leader"] = static_cast<int>(round_leader);
  o["turn_player"] = static_cast<int>(turn_player_);
  o["actions"] = static_cast<int>(actions);
  o["specials"] = static_cast<int>(specials);
  o["phase"] = kPhaseKeys[static_cast<int>(phase)];
  o["absorber"] = static_cast<int>(absorber);
  Json d;
  d["card"] = card_or_null(c, declared.card);
  d["spot"] = static_cast<int>(declared.spot);
  d["attack"] = declared.attack;
  d["free"] = declared.free;
  d["attacker"] = static_cast<int>(declared.attacker);
  d["target_player"] = static_cast<int>(declared.target_player);
  d["target"] = static_cast<int>(declared.target);
  d["bonus"] = static_cast<int>(declared.bonus);
  o["declared"] = d;
  Json ch;
  ch["card"] = card_or_null(c, choice.card);
  ch["stage"] = static_cast<int>(choice.stage);
  ch["player"] = static_cast<int>(choice.player);
  ch["spot"] = static_cast<int>(choice.spot);
  o["choice"] = ch;
  Json la;
  la["player"] = static_cast<int>(last.player);
  la["attacker"] = static_cast<int>(last.attacker);
  la["target_player"] = static_cast<int>(last.target_player);
  la["target"] = static_cast<int>(last.target);
  la["attack"] = static_cast<int>(last.attack);
  la["defense"] = static_cast<int>(last.defense);
  o["last_attack"] = la;
  Json tasks_json = Json(Json::Array{});
  for (int i = 0; i < n_tasks; ++i) {
    Json t;
    t["kind"] = task_name(tasks[i].kind);
    t["player"] = static_cast<int>(tasks[i].player);
    t["count"] = static_cast<int>(tasks[i].count);
    tasks_json.push_back(t);
  }
  o["tasks"] = tasks_json;
  Json windows = Json(Json::Array{});
  for (int i = 0; i < reactions.depth; ++i) {
    const auto& w = reactions.windows[i];
    Json wj;
    wj["trigger"] = kTriggerKeys[w.trigger < 3 ? w.trigger : 0];
    wj["opener"] = static_cast<int>(w.opener);
    wj["arg"] = static_cast<int>(w.arg);
    Json asked = Json(Json::Array{});
    for (int k = 0; k < w.n; ++k) asked.push_back(static_cast<int>(w.order[k]));
    wj["asked"] = asked;
    wj["next"] = static_cast<int>(w.next);
    wj["passes"] = static_cast<int>(w.passes);
    windows.push_back(wj);
  }
  o["windows"] = windows;
  o["over"] = over;
  o["winner"] = static_cast<int>(winner);
  Json all = Json(Json::Array{});
  for (int p = 0; p < c.players; ++p) {
    const Player& pl = players[p];
    Json j;
    j["alive"] = pl.alive;
    j["hand"] = card_names(c, pl.hand);
    j["draw"] = card_names(c, pl.draw);
    j["discard"] = card_names(c, pl.discard);
    Json grid = Json(Json::Array{});
    for (const Spot& s : pl.grid) {
      if (s.minion == kNoCard && s.gear == kNoCard && s.temp == kNoCard) {
        grid.push_back(Json());
        continue;
      }
      Json sj;
      sj["minion"] = card_or_null(c, s.minion);
      sj["gear"] = card_or_null(c, s.gear);
      sj["gear_owner"] = static_cast<int>(s.gear_owner);
      sj["temp"] = card_or_null(c, s.temp);
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
    Json setup = Json(Json::Array{});
    for (const uint8_t s : pl.setup) setup.push_back(card_or_null(c, s));
    j["setup"] = setup;
    j["left"] = card_or_null(c, pl.left);
    j["right"] = card_or_null(c, pl.right);
    j["hits"] = static_cast<int>(pl.hits);
    j["hideout"] = kHideoutKeys[static_cast<int>(pl.hideout)];
    j["master_column"] = static_cast<int>(pl.master_column);
    j["lasting"] = card_names(c, pl.lasting);
    all.push_back(j);
  }
  o["players"] = all;
  return o;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken("a position must be a JSON object");
  const char* what = "position";
  json_expect_keys(doc, {"turn", "round", "round_leader", "turn_player", "actions", "specials", "phase", "absorber", "declared", "choice", "last_attack", "tasks", "windows", "over", "winner", "players"}, what);
  State s;
  s.cfg = &cfg;
  const int n = cfg.players;
  s.turn = static_cast<uint16_t>(doc.at("turn", what).as_int("turn", 0, 60000));
  s.round = static_cast<uint16_t>(doc.at("round", what).as_int("round", 0, cfg.max_rounds + 1));
  s.round_leader = static_cast<uint8_t>(doc.at("round_leader", what).as_int("round_leader", 0, n - 1));
  s.turn_player_ = static_cast<uint8_t>(doc.at("turn_player", what).as_int("turn_player", 0, n - 1));
  s.actions = static_cast<uint8_t>(doc.at("actions", what).as_int("actions", 0, kActionsPerTurn));
  s.specials = static_cast<uint8_t>(doc.at("specials", what).as_int("specials", 0, kMaxSpecialsPerTurn));
  s.phase = static_cast<Phase>(pick(doc.at("phase", what), kPhaseKeys, 4, "phase"));
  s.absorber = static_cast<uint8_t>(doc.at("absorber", what).as_int("absorber", 0, n - 1));
  const Json& d = doc.at("declared", what);
  json_expect_keys(d, {"card", "spot", "attack", "free", "attacker", "target_player", "target", "bonus"}, "declared");
  s.declared.card = read_card(cfg, d.at("card", "declared"), "declared.card");
  s.declared.spot = static_cast<uint8_t>(d.at("spot", "declared").as_int("declared.spot", 0, kSpots - 1));
  s.declared.attack = d.at("attack", "declared").as_bool("declared.attack");
  s.declared.free = d.at("free", "declared").as_bool("declared.free");
  s.declared.attacker = static_cast<uint8_t>(d.at("attacker", "declared").as_int("declared.attacker", 0, kAttackers - 1));
  s.declared.target_player = static_cast<uint8_t>(d.at("target_player", "declared").as_int("declared.target_player", 0, n - 1));
  s.declared.target = static_cast<uint8_t>(d.at("target", "declared").as_int("declared.target", 0, kTargets - 1));
  s.declared.bonus = static_cast<int8_t>(d.at("bonus", "declared").as_int("declared.bonus", 0, 9));
  const Json& ch = doc.at("choice", what);
  json_expect_keys(ch, {"card", "stage", "player", "spot"}, "choice");
  s.choice.card = read_card(cfg, ch.at("card", "choice"), "choice.card");
  s.choice.stage = static_cast<uint8_t>(ch.at("stage", "choice").as_int("choice.stage", 0, 1));
  s.choice.player = static_cast<uint8_t>(ch.at("player", "choice").as_int("choice.player", 0, n - 1));
  s.choice.spot = static_cast<uint8_t>(ch.at("spot", "choice").as_int("choice.spot", 0, kSpots - 1));
  const Json& la = doc.at("last_attack", what);
  json_expect_keys(la, {"player", "attacker", "target_player", "target", "attack", "defense"}, "last_attack");
  s.last.player = static_cast<int8_t>(la.at("player", "last_attack").as_int("last_attack.player", -1, n - 1));
  s.last.attacker = static_cast<uint8_t>(la.at("attacker", "last_attack").as_int("last_attack.attacker", 0, kAttackers - 1));
  s.last.target_player = static_cast<uint8_t>(la.at("target_player", "last_attack").as_int("last_attack.target_player", 0, n - 1));
  s.last.target = static_cast<uint8_t>(la.at("target", "last_attack").as_int("last_attack.target", 0, kTargets - 1));
  s.last.attack = static_cast<int8_t>(la.at("attack", "last_attack").as_int("last_attack.attack", 0, 100));
  s.last.defense = static_cast<int8_t>(la.at("defense", "last_attack").as_int("last_attack.defense", 0, 100));
  const auto& tasks = doc.at("tasks", what).as_array("tasks");
  if (static_cast<int>(tasks.size()) > kMaxTasks) broken("at most " + std::to_string(kMaxTasks) + " tasks wait");
  for (const auto& tj : tasks) {
    json_expect_keys(tj, {"kind", "player", "count"}, "task");
    Task& t = s.tasks[s.n_tasks++];
    t.kind = static_cast<TaskKind>(pick(tj.at("kind", "task"), kTaskNames, 3, "task kind"));
    t.player = static_cast<uint8_t>(tj.at("player", "task").as_int("task player", 0, n - 1));
    t.count = static_cast<uint8_t>(tj.at("count", "task").as_int("task count", 0, kHandCap));
  }
  const auto& windows = doc.at("windows", what).as_array("windows");
  if (windows.size() > 1) broken("at most one Segue window is open at a time");
  for (const auto& wj : windows) {
    json_expect_keys(wj, {"trigger", "opener", "arg", "asked", "next", "passes"}, "window");
    auto& w = s.reactions.windows[s.reactions.depth++];
    w.trigger = static_cast<uint8_t>(pick(wj.at("trigger", "window"), kTriggerKeys, 3, "window trigger"));
    w.opener = static_cast<int8_t>(wj.at("opener", "window").as_int("window opener", 0, n - 1));
    w.arg = static_cast<uint8_t>(wj.at("arg", "window").as_int("window arg", 0, 255));
    const auto& asked = wj.at("asked", "window").as_array("window asked");
    if (asked.empty() || static_cast<int>(asked.size()) >= n) broken("a window asks from 1 to all but one of the players");
    for (const auto& a : asked) w.order[w.n++] = static_cast<uint8_t>(a.as_int("window asked", 0, n - 1));
    w.next = static_cast<uint8_t>(wj.at("next", "window").as_int("window next", 0, w.n - 1));
    w.passes = static_cast<uint8_t>(wj.at("passes", "window").as_int("window passes", 0, w.n - 1));
  }
  s.over = doc.at("over", what).as_bool("over");
  s.winner = static_cast<int8_t>(doc.at("winner", what).as_int("winner", -2, n - 1));
  const auto& all = doc.at("players", what).as_array("players");
  if (static_cast<int>(all.size()) != n) broken("players must list one entry per player (" + std::to_string(n) + ")");
  for (int p = 0; p < n; ++p) {
    const Json& j = all[static_cast<size_t>(p)];
    const std::string at = "player " + std::to_string(p + 1);
    json_expect_keys(j, {"alive", "hand", "draw", "discard", "grid", "monster", "setup", "left", "right", "hits", "hideout", "master_column", "lasting"}, at);
    Player& pl = s.players[p];
    pl.alive = j.at("alive", at).as_bool(at + " alive");
    read_pile(cfg, j.at("hand", at), pl.hand, at + " hand");
    pl.hand_kinds = kinds_in(pl.hand);
    read_pile(cfg, j.at("draw", at), pl.draw, at + " draw");
    read_pile(cfg, j.at("discard", at), pl.discard, at + " discard");
    pl.segues_discarded = static_cast<uint8_t>(s.count_discarded_segues(p));
    read_pile(cfg, j.at("lasting", at), pl.lasting, at + " lasting");
    const auto& grid = j.at("grid", at).as_array(at + " grid");
    if (grid.size() != kSpots) broken(at + " grid must list six spots (null for an empty one)");
    for (int k = 0; k < kSpots; ++k) {
      const Json& sj = grid[static_cast<size_t>(k)];
      if (sj.is_null()) continue;
      json_expect_keys(sj, {"minion", "gear", "gear_owner", "temp"}, at + " spot");
      Spot& sp = pl.grid[k];
      sp.minion = read_card(cfg, sj.at("minion", at), at + " minion");
      sp.gear = read_card(cfg, sj.at("gear", at), at + " gear");
      sp.gear_owner = static_cast<uint8_t>(sj.at("gear_owner", at).as_int(at + " gear_owner", 0, n - 1));
      sp.temp = read_card(cfg, sj.at("temp", at), at + " temp");
    }
    s.regrid(p);
    const auto& monster = j.at("monster", at).as_array(at + " monster");
    if (monster.size() != 4) broken(at + " monster must list its four parts");
    for (int k = 0; k < 4; ++k) {
      const Json& pj = monster[static_cast<size_t>(k)];
      json_expect_keys(pj, {"cards", "active"}, at + " monster part");
      Part& part = pl.monster[k];
      const auto& cards = pj.at("cards", at).as_array(at + " monster cards");
      if (static_cast<int>(cards.size()) > kMaxStack) broken(at + " monster part holds more than " + std::to_string(kMaxStack) + " cards");
      for (const auto& cj : cards) {
        const uint8_t c = read_card(cfg, cj, at + " monster card");
        if (c == kNoCard) broken(at + " monster cards list null");
        part.card[part.n++] = c;
      }
      part.active = pj.at("active", at).as_bool(at + " monster active");
    }
    const auto& setup = j.at("setup", at).as_array(at + " setup");
    if (setup.size() != 3) broken(at + " setup must list its three slots A, B, C (null for an empty one)");
    for (int k = 0; k < 3; ++k) pl.setup[k] = read_card(cfg, setup[static_cast<size_t>(k)], at + " setup");
    pl.left = read_card(cfg, j.at("left", at), at + " left");
    pl.right = read_card(cfg, j.at("right", at), at + " right");
    pl.hits = static_cast<uint8_t>(j.at("hits", at).as_int(at + " hits", 0, kHideoutHits));
    pl.hideout = static_cast<HideoutState>(pick(j.at("hideout", at), kHideoutKeys, 3, at + " hideout"));
    pl.master_column = static_cast<uint8_t>(j.at("master_column", at).as_int(at + " master_column", 0, kColumns - 1));
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
