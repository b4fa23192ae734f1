// Legendary: the full position as JSON (both ways); the invariant check is
// validate.cpp, the redraw of what an observer cannot see resample.cpp.
#include <algorithm>

#include "core/error.h"
#include "core/card_json.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

const char* task_name(int op);
int task_from_name(const std::string& name);

namespace {

// KO'd and escaped cards: {name: count} over every card id, 0 to 255 each.
void read_counts(const Config& cfg, const Json& v, uint8_t* counts, const std::string& where) {
  for (int c = 0; c < kCardIds; ++c) counts[c] = 0;
  for (const auto& [name, k] : v.as_object(where)) counts[card_named(cfg, name, where)] = static_cast<uint8_t>(k.as_int(where + "." + name, 0, 255));
}

int index_in(const std::string& name, const std::string* list, int n, const std::string& where) {
  for (int i = 0; i < n; ++i) {
    if (list[i] == name) return i;
  }
  throw SerializationError(where + ": unknown name \"" + name + "\"");
}

}  // namespace

// Public: the position JSON and every observation carry it, the same way.
void State::write_setup(Json& o) const {
  const Config& c = *cfg;
  o["scheme"] = scheme >= 0 ? Json(c.scheme[static_cast<size_t>(scheme)].name) : Json();
  o["mastermind"] = mastermind >= 0 ? Json(c.mastermind_name[static_cast<size_t>(mastermind)]) : Json();
  Json groups = Json(Json::Array{}), hench = Json(Json::Array{}), heroes = Json(Json::Array{});
  for (int g = 0; g < kVillainGroups; ++g) {
    if (villain_groups & (1u << g)) groups.push_back(c.group_name[static_cast<size_t>(g)]);
  }
  for (int g = 0; g < kHenchmenGroups; ++g) {
    if (henchmen_groups & (1u << g)) hench.push_back(c.henchmen_name[static_cast<size_t>(g)]);
  }
  for (int h = 0; h < kHeroes; ++h) {
    if (heroes_in & (1u << h)) heroes.push_back(c.hero_name[static_cast<size_t>(h)]);
  }
  o["villain_groups"] = groups;
  o["henchmen_groups"] = hench;
  o["heroes"] = heroes;
}

Json State::to_json() const {
  const Config& c = *cfg;
  const int n = c.players;
  Json o;
  write_setup(o);
  Json ps = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    const PlayerState& pl = players[p];
    Json j;
    j["hand"] = card_names(c, pl.hand);
    Json top = Json(Json::Array{});
    Json priv = Json(Json::Array{});
    for (int i = 0; i < pl.deck.n_top; ++i) {
      top.push_back(c.name[pl.deck.top[i]]);
      priv.push_back(static_cast<bool>((pl.deck.top_private >> i) & 1u));
    }
    j["deck_top"] = top;
    j["deck_top_private"] = priv;
    j["deck"] = card_names(c, pl.deck.rest);
    j["discard"] = card_names(c, pl.discard);
    j["victory"] = card_names(c, pl.victory);
    j["pass"] = card_or_null(c, pl.pass, kNoCard);
    j["shown"] = pl.shown == kShownNothing ? Json("nothing") : card_or_null(c, pl.shown, kNoCard);
    ps.push_back(j);
  }
  o["players"] = ps;
  write_fields(*this, c, o);
  Json city_json = Json(Json::Array{});
  for (const auto& v : city) {
    Json sp;
    sp["card"] = card_or_null(c, v.card, kNoCard);
    sp["bystanders"] = static_cast<int>(v.bystanders);
    sp["under"] = card_or_null(c, v.under, kNoCard);
    city_json.push_back(sp);
  }
  o["city"] = city_json;
  o["ko"] = card_counts(c, ko, kNumCardIds);
  o["escaped"] = card_counts(c, escaped, kNumCardIds);
  Json pl_json = Json(Json::Array{});
  for (int i = 0; i < n_played; ++i) {
    Json e;
    e["card"] = card_or_null(c, played[i].card, kNoCard);
    e["as"] = card_or_null(c, played[i].as, kNoCard);
    e["copied"] = played[i].tags != (played[i].as == kNoCard ? 0 : c.tags[played[i].as]);
    pl_json.push_back(e);
  }
  o["turn"]["played"] = pl_json;
  o["turn"]["new_hand"] = static_cast<int>(new_hand);
  Json tasks_json = Json(Json::Array{});
  for (int i = 0; i < n_tasks; ++i) {
    const Task& t = tasks[i];
    Json j;
    j["op"] = task_name(t.op);
    j["p"] = static_cast<int>(t.p);
    j["card"] = card_or_null(c, t.card, kNoCard);
    j["a"] = static_cast<int>(t.a);
    j["b"] = static_cast<int>(t.b);
    j["c"] = static_cast<int>(t.c);
    tasks_json.push_back(j);
  }
  o["tasks"] = tasks_json;
  return o;
}

State State::from_json(const Config& c, const Json& o) {
  State s;
  s.cfg = &c;
  const int n = c.players;
  const std::string w = "position";
  json_expect_keys(o, field_keys<State>({"scheme", "mastermind", "villain_groups", "henchmen_groups", "heroes", "players", "city", "ko", "escaped", "tasks"}), w);
  std::string schemes[kSchemes];
  for (int i = 0; i < kSchemes; ++i) schemes[i] = c.scheme[static_cast<size_t>(i)].name;
  const Json& sj = o.at("scheme", w);
  s.scheme = static_cast<int8_t>(sj.is_null() ? -1 : index_in(sj.as_string("scheme"), schemes, kSchemes, "scheme"));
  const Json& mj = o.at("mastermind", w);
  s.mastermind = static_cast<int8_t>(mj.is_null() ? -1 : index_in(mj.as_string("mastermind"), c.mastermind_name.data(), kMasterminds, "mastermind"));
  for (const auto& g : o.at("villain_groups", w).as_array("villain_groups")) {
    s.villain_groups = static_cast<uint8_t>(s.villain_groups | (1u << index_in(g.as_string("villain_groups"), c.group_name.data(), kVillainGroups, "villain_groups")));
  }
  for (const auto& g : o.at("henchmen_groups", w).as_array("henchmen_groups")) {
    s.henchmen_groups = static_cast<uint8_t>(s.henchmen_groups | (1u << index_in(g.as_string("henchmen_groups"), c.henchmen_name.data(), kHenchmenGroups, "henchmen_groups")));
  }
  for (const auto& h : o.at("heroes", w).as_array("heroes")) {
    s.heroes_in = static_cast<uint16_t>(s.heroes_in | (1u << index_in(h.as_string("heroes"), c.hero_name.data(), kHeroes, "heroes")));
  }
  const auto& ps = o.at("players", w).as_array("players");
  if (static_cast<int>(ps.size()) != n) throw SerializationError("players must have " + std::to_string(n) + " entries");
  for (int p = 0; p < n; ++p) {
    const Json& j = ps[static_cast<size_t>(p)];
    const std::string pw = "players[" + std::to_string(p) + "]";
    json_expect_keys(j, {"hand", "deck_top", "deck_top_private", "deck", "discard", "victory", "pass", "shown"}, pw);
    PlayerState& pl = s.players[p];
    read_pile(c, j.at("hand", pw), pl.hand, pw + ".hand");
    read_pile(c, j.at("deck", pw), pl.deck.rest, pw + ".deck");
    read_pile(c, j.at("discard", pw), pl.discard, pw + ".discard");
    read_pile(c, j.at("victory", pw), pl.victory, pw + ".victory");
    pl.pass = read_card_or_none(c, j.at("pass", pw), kNoCard, pw + ".pass");
    if (const Json* sh = j.find("shown")) {  // absent before reveals were told
      pl.shown = sh->is_string() && sh->as_string(pw + ".shown") == "nothing" ? kShownNothing : read_card_or_none(c, *sh, kNoCard, pw + ".shown");
    }
    const auto& top = j.at("deck_top", pw).as_array(pw + ".deck_top");
    const auto& priv = j.at("deck_top_private", pw).as_array(pw + ".deck_top_private");
    if (top.size() > kTopCap || priv.size() != top.size()) throw SerializationError(pw + ".deck_top must have at most 16 cards, one privacy flag each");
    pl.deck.n_top = static_cast<uint8_t>(top.size());
    for (size_t i = 0; i < top.size(); ++i) {
      pl.deck.top[i] = static_cast<uint8_t>(card_named(c, top[i].as_string(pw + ".deck_top"), pw + ".deck_top"));
      if (priv[i].as_bool(pw + ".deck_top_private")) pl.deck.top_private = static_cast<uint16_t>(pl.deck.top_private | (1u << i));
    }
  }
  read_fields(o, c, s);
  const auto& city_json = o.at("city", w).as_array("city");
  if (city_json.size() != kCity) throw SerializationError("city must have 5 spaces");
  for (int i = 0; i < kCity; ++i) {
    const Json& sp = city_json[static_cast<size_t>(i)];
    json_expect_keys(sp, {"card", "bystanders", "under"}, "city space");
    s.city[i].card = read_card_or_none(c, sp.at("card", "city"), kNoCard, "city.card");
    s.city[i].bystanders = static_cast<uint8_t>(sp.at("bystanders", "city").as_int("city.bystanders", 0, 30));
    s.city[i].under = read_card_or_none(c, sp.at("under", "city"), kNoCard, "city.under");
  }
  read_counts(c, o.at("ko", w), s.ko, "ko");
  read_counts(c, o.at("escaped", w), s.escaped, "escaped");
  const Json& tj = o.at("turn", w);
  const auto& pl_json = tj.at("played", "turn").as_array("turn.played");
  if (pl_json.size() > kPlayedCap) throw SerializationError("turn.played holds too many cards");
  for (const auto& e : pl_json) {
    json_expect_keys(e, {"card", "as", "copied"}, "played card");
    Played& x = s.played[s.n_played++];
    x.card = read_card_or_none(c, e.at("card", "played"), kNoCard, "played.card");
    x.as = read_card_or_none(c, e.at("as", "played"), kNoCard, "played.as");
    x.tags = x.as == kNoCard ? 0 : c.tags[x.as];
    if (e.at("copied", "played").as_bool("played.copied")) x.tags = static_cast<uint16_t>(x.tags | kCovert);
  }
  if (const Json* nh = tj.find("new_hand")) s.new_hand = static_cast<uint8_t>(nh->as_int("turn.new_hand", 0, 10));  // absent before Doctor Octopus's fix
  const auto& tasks_json = o.at("tasks", w).as_array("tasks");
  if (tasks_json.size() > kTaskCap) throw SerializationError("too many queued tasks");
  for (const auto& t : tasks_json) {
    json_expect_keys(t, {"op", "p", "card", "a", "b", "c"}, "task");
    const int op = task_from_name(t.at("op", "task").as_string("task op"));
    if (op < 0) throw SerializationError("unknown task \"" + t.at("op", "task").as_string("task op") + "\"");
    Task task;
    task.op = static_cast<uint8_t>(op);
    task.p = static_cast<uint8_t>(t.at("p", "task").as_int("task.p", 0, n - 1));
    task.card = read_card_or_none(c, t.at("card", "task"), kNoCard, "task.card");
    task.a = static_cast<int8_t>(t.at("a", "task").as_int("task.a", -128, 127));
    task.b = static_cast<int8_t>(t.at("b", "task").as_int("task.b", -128, 127));
    task.c = static_cast<int8_t>(t.at("c", "task").as_int("task.c", -128, 127));
    s.tasks[s.n_tasks++] = task;
  }
  return s;
}

}  // namespace henchmen::legendary
