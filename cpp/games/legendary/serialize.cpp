// Legendary: the full position as JSON (both ways) and resampling what an
// observer cannot see (the invariant check is validate.cpp).
#include <algorithm>

#include "core/error.h"
#include "core/card_json.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

const char* task_name(int op);
int task_from_name(const std::string& name);

namespace {

Json card_or_null(const Config& cfg, uint8_t c) { return c == kNoCard ? Json() : Json(cfg.name[c]); }

int card_id(const Config& cfg, const Json& v, const std::string& where) {
  const std::string& name = v.as_string(where);
  const int id = cfg.card_from_name(name);
  if (id < 0) throw SerializationError(where + ": no card named \"" + name + "\"");
  return id;
}

uint8_t card_or_none(const Config& cfg, const Json& v, const std::string& where) {
  return v.is_null() ? kNoCard : static_cast<uint8_t>(card_id(cfg, v, where));
}

template <class Pile>
void read_pile(const Config& cfg, const Json& v, Pile& pile, const std::string& where) {
  pile.clear();
  const auto& arr = v.as_array(where);
  if (static_cast<int>(arr.size()) > Pile::capacity()) throw SerializationError(where + " holds more cards than it can (" + std::to_string(Pile::capacity()) + ")");
  for (const auto& item : arr) pile.add(static_cast<uint8_t>(card_id(cfg, item, where)));
}

void read_counts(const Config& cfg, const Json& v, uint8_t* counts, const std::string& where) {
  for (int c = 0; c < kCardIds; ++c) counts[c] = 0;
  for (const auto& [name, k] : v.as_object(where)) {
    counts[card_id(cfg, Json(name), where)] = static_cast<uint8_t>(k.as_int(where + "." + name, 0, 255));
  }
}

int index_in(const std::string& name, const std::string* list, int n, const std::string& where) {
  for (int i = 0; i < n; ++i) {
    if (list[i] == name) return i;
  }
  throw SerializationError(where + ": unknown name \"" + name + "\"");
}

}  // namespace

Json State::to_json() const {
  const Config& c = *cfg;
  const int n = c.players;
  Json o;
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
  o["built"] = built;
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
    j["pass"] = card_or_null(c, pl.pass);
    j["shown"] = pl.shown == kShownNothing ? Json("nothing") : card_or_null(c, pl.shown);
    ps.push_back(j);
  }
  o["players"] = ps;
  o["villain_deck"] = card_names(c, villain_deck);
  o["hero_deck"] = card_names(c, hero_deck);
  Json hq_json = Json(Json::Array{});
  for (const uint8_t x : hq) hq_json.push_back(card_or_null(c, x));
  o["hq"] = hq_json;
  Json city_json = Json(Json::Array{});
  for (const auto& v : city) {
    Json sp;
    sp["card"] = card_or_null(c, v.card);
    sp["bystanders"] = static_cast<int>(v.bystanders);
    sp["under"] = card_or_null(c, v.under);
    city_json.push_back(sp);
  }
  o["city"] = city_json;
  o["ko"] = card_counts(c, ko, kNumCardIds);
  o["escaped"] = card_counts(c, escaped, kNumCardIds);
  Json counters;
  counters["wounds_left"] = static_cast<int>(wounds_left);
  counters["bystanders_left"] = static_cast<int>(bystanders_left);
  counters["officers_left"] = static_cast<int>(officers_left);
  counters["mastermind_bystanders"] = static_cast<int>(mm_bystanders);
  counters["twists_played"] = static_cast<int>(twists_played);
  counters["twists_beside"] = static_cast<int>(twists_beside);
  counters["mystique_twists"] = static_cast<int>(mystique_twists);
  counters["portals"] = static_cast<int>(portals);
  counters["villains_escaped"] = static_cast<int>(villains_escaped);
  counters["bystanders_carried"] = static_cast<int>(bystanders_carried);
  counters["killbots_escaped"] = static_cast<int>(killbots_escaped);
  counters["heroes_escaped"] = static_cast<int>(heroes_escaped);
  o["counters"] = counters;
  o["tactics"] = card_names(c, tactics);
  Json tj;
  tj["player"] = static_cast<int>(turn_player_);
  tj["number"] = static_cast<int>(turn);
  Json pl_json = Json(Json::Array{});
  for (int i = 0; i < n_played; ++i) {
    Json e;
    e["card"] = card_or_null(c, played[i].card);
    e["as"] = card_or_null(c, played[i].as);
    e["copied"] = played[i].tags != (played[i].as == kNoCard ? 0 : c.tags[played[i].as]);
    pl_json.push_back(e);
  }
  tj["played"] = pl_json;
  tj["attack"] = attack;
  tj["recruit"] = recruit;
  tj["recruit_made"] = recruit_made;
  tj["extra_draws"] = static_cast<int>(extra_draws);
  tj["recruit_as_attack"] = recruit_as_attack;
  tj["healed"] = healed;
  tj["acted"] = acted;
  tj["extra_turn"] = extra_turn;
  tj["on_defeat_recruit"] = static_cast<int>(on_defeat_recruit);
  tj["on_defeat_rescue"] = static_cast<int>(on_defeat_rescue);
  Json sm = Json(Json::Array{});
  for (const int8_t m : space_minus) sm.push_back(static_cast<int>(m));
  tj["space_minus"] = sm;
  tj["mastermind_minus"] = static_cast<int>(mastermind_minus);
  tj["extra_draw"] = static_cast<int>(extra_draw);
  tj["new_hand"] = static_cast<int>(new_hand);
  tj["bubble"] = card_or_null(c, bubble);
  tj["look"] = card_names(c, look);
  tj["look_owner"] = static_cast<int>(look_owner);
  tj["look_private"] = look_private;
  tj["steal"] = card_names(c, steal);
  tj["limbo"] = card_or_null(c, limbo);
  o["turn"] = tj;
  Json end;
  end["mastermind_defeated"] = mm_defeated;
  end["deck_ran_out"] = deck_ran_out;
  end["over"] = over;
  end["result"] = static_cast<int>(result);
  end["showdown"] = showdown;
  end["showdown_mask"] = static_cast<int>(showdown_mask);
  end["showdown_done"] = static_cast<int>(showdown_done);
  end["showdown_round"] = static_cast<int>(showdown_round);
  Json totals = Json(Json::Array{});
  for (int p = 0; p < n; ++p) totals.push_back(static_cast<int>(showdown_total[p]));
  end["showdown_totals"] = totals;
  end["showdown_winner"] = static_cast<int>(showdown_winner);
  o["end"] = end;
  Json tasks_json = Json(Json::Array{});
  for (int i = 0; i < n_tasks; ++i) {
    const Task& t = tasks[i];
    Json j;
    j["op"] = task_name(t.op);
    j["p"] = static_cast<int>(t.p);
    j["card"] = card_or_null(c, t.card);
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
  json_expect_keys(o, {"scheme", "mastermind", "villain_groups", "henchmen_groups", "heroes", "built", "players", "villain_deck", "hero_deck",
                       "hq", "city", "ko", "escaped", "counters", "tactics", "turn", "end", "tasks"},
                   w);
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
  s.built = o.at("built", w).as_bool("built");
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
    pl.pass = card_or_none(c, j.at("pass", pw), pw + ".pass");
    if (const Json* sh = j.find("shown")) {  // absent before reveals were told
      pl.shown = sh->is_string() && sh->as_string(pw + ".shown") == "nothing" ? kShownNothing : card_or_none(c, *sh, pw + ".shown");
    }
    const auto& top = j.at("deck_top", pw).as_array(pw + ".deck_top");
    const auto& priv = j.at("deck_top_private", pw).as_array(pw + ".deck_top_private");
    if (top.size() > kTopCap || priv.size() != top.size()) throw SerializationError(pw + ".deck_top must have at most 16 cards, one privacy flag each");
    pl.deck.n_top = static_cast<uint8_t>(top.size());
    for (size_t i = 0; i < top.size(); ++i) {
      pl.deck.top[i] = static_cast<uint8_t>(card_id(c, top[i], pw + ".deck_top"));
      if (priv[i].as_bool(pw + ".deck_top_private")) pl.deck.top_private = static_cast<uint16_t>(pl.deck.top_private | (1u << i));
    }
  }
  read_pile(c, o.at("villain_deck", w), s.villain_deck, "villain_deck");
  read_pile(c, o.at("hero_deck", w), s.hero_deck, "hero_deck");
  const auto& hq_json = o.at("hq", w).as_array("hq");
  if (hq_json.size() != kHQ) throw SerializationError("hq must have 5 entries");
  for (int i = 0; i < kHQ; ++i) s.hq[i] = card_or_none(c, hq_json[static_cast<size_t>(i)], "hq");
  const auto& city_json = o.at("city", w).as_array("city");
  if (city_json.size() != kCity) throw SerializationError("city must have 5 spaces");
  for (int i = 0; i < kCity; ++i) {
    const Json& sp = city_json[static_cast<size_t>(i)];
    json_expect_keys(sp, {"card", "bystanders", "under"}, "city space");
    s.city[i].card = card_or_none(c, sp.at("card", "city"), "city.card");
    s.city[i].bystanders = static_cast<uint8_t>(sp.at("bystanders", "city").as_int("city.bystanders", 0, 30));
    s.city[i].under = card_or_none(c, sp.at("under", "city"), "city.under");
  }
  read_counts(c, o.at("ko", w), s.ko, "ko");
  read_counts(c, o.at("escaped", w), s.escaped, "escaped");
  const Json& k = o.at("counters", w);
  json_expect_keys(k, {"wounds_left", "bystanders_left", "officers_left", "mastermind_bystanders", "twists_played", "twists_beside", "mystique_twists", "portals",
                       "villains_escaped", "bystanders_carried", "killbots_escaped", "heroes_escaped"},
                   "counters");
  auto cnt = [&](const char* key, int hi) { return static_cast<uint8_t>(k.at(key, "counters").as_int(key, 0, hi)); };
  s.wounds_left = cnt("wounds_left", 30);
  s.bystanders_left = cnt("bystanders_left", 30);
  s.officers_left = cnt("officers_left", 30);
  s.mm_bystanders = cnt("mastermind_bystanders", 30);
  s.twists_played = cnt("twists_played", 40);
  s.twists_beside = cnt("twists_beside", 40);
  s.mystique_twists = cnt("mystique_twists", 8);
  s.portals = cnt("portals", 63);
  s.villains_escaped = cnt("villains_escaped", 200);
  s.bystanders_carried = cnt("bystanders_carried", 30);
  s.killbots_escaped = cnt("killbots_escaped", 30);
  s.heroes_escaped = cnt("heroes_escaped", 200);
  read_pile(c, o.at("tactics", w), s.tactics, "tactics");
  const Json& tj = o.at("turn", w);
  json_expect_keys(tj, {"player", "number", "played", "attack", "recruit", "recruit_made", "extra_draws", "recruit_as_attack", "healed", "acted", "extra_turn",
                        "on_defeat_recruit", "on_defeat_rescue", "space_minus", "mastermind_minus", "extra_draw", "new_hand", "bubble", "look", "look_owner",
                        "look_private", "steal", "limbo"},
                   "turn");
  s.turn_player_ = static_cast<uint8_t>(tj.at("player", "turn").as_int("turn.player", 0, n - 1));
  s.turn = static_cast<uint16_t>(tj.at("number", "turn").as_int("turn.number", 0, 60000));
  const auto& pl_json = tj.at("played", "turn").as_array("turn.played");
  if (pl_json.size() > kPlayedCap) throw SerializationError("turn.played holds too many cards");
  for (const auto& e : pl_json) {
    json_expect_keys(e, {"card", "as", "copied"}, "played card");
    Played& x = s.played[s.n_played++];
    x.card = card_or_none(c, e.at("card", "played"), "played.card");
    x.as = card_or_none(c, e.at("as", "played"), "played.as");
    x.tags = x.as == kNoCard ? 0 : c.tags[x.as];
    if (e.at("copied", "played").as_bool("played.copied")) x.tags = static_cast<uint16_t>(x.tags | kCovert);
  }
  s.attack = static_cast<int16_t>(tj.at("attack", "turn").as_int("turn.attack", 0, 999));
  s.recruit = static_cast<int16_t>(tj.at("recruit", "turn").as_int("turn.recruit", 0, 999));
  s.recruit_made = static_cast<int16_t>(tj.at("recruit_made", "turn").as_int("turn.recruit_made", 0, 999));
  s.extra_draws = static_cast<uint8_t>(tj.at("extra_draws", "turn").as_int("turn.extra_draws", 0, 255));
  s.recruit_as_attack = tj.at("recruit_as_attack", "turn").as_bool("turn.recruit_as_attack");
  s.healed = tj.at("healed", "turn").as_bool("turn.healed");
  s.acted = tj.at("acted", "turn").as_bool("turn.acted");
  s.extra_turn = tj.at("extra_turn", "turn").as_bool("turn.extra_turn");
  s.on_defeat_recruit = static_cast<uint8_t>(tj.at("on_defeat_recruit", "turn").as_int("turn.on_defeat_recruit", 0, 60));
  s.on_defeat_rescue = static_cast<uint8_t>(tj.at("on_defeat_rescue", "turn").as_int("turn.on_defeat_rescue", 0, 60));
  const auto& sm = tj.at("space_minus", "turn").as_array("turn.space_minus");
  if (sm.size() != kCity) throw SerializationError("turn.space_minus must have 5 entries");
  for (int i = 0; i < kCity; ++i) s.space_minus[i] = static_cast<int8_t>(sm[static_cast<size_t>(i)].as_int("turn.space_minus", 0, 100));
  s.mastermind_minus = static_cast<int8_t>(tj.at("mastermind_minus", "turn").as_int("turn.mastermind_minus", 0, 100));
  s.extra_draw = static_cast<uint8_t>(tj.at("extra_draw", "turn").as_int("turn.extra_draw", 0, 60));
  if (const Json* nh = tj.find("new_hand")) s.new_hand = static_cast<uint8_t>(nh->as_int("turn.new_hand", 0, 10));  // absent before Doctor Octopus's fix
  s.bubble = card_or_none(c, tj.at("bubble", "turn"), "turn.bubble");
  read_pile(c, tj.at("look", "turn"), s.look, "turn.look");
  s.look_owner = static_cast<uint8_t>(tj.at("look_owner", "turn").as_int("turn.look_owner", 0, n - 1));
  s.look_private = tj.at("look_private", "turn").as_bool("turn.look_private");
  read_pile(c, tj.at("steal", "turn"), s.steal, "turn.steal");
  s.limbo = card_or_none(c, tj.at("limbo", "turn"), "turn.limbo");
  const Json& e = o.at("end", w);
  json_expect_keys(e, {"mastermind_defeated", "deck_ran_out", "over", "result", "showdown", "showdown_mask", "showdown_done", "showdown_round", "showdown_totals",
                       "showdown_winner"},
                   "end");
  s.mm_defeated = e.at("mastermind_defeated", "end").as_bool("end.mastermind_defeated");
  s.deck_ran_out = e.at("deck_ran_out", "end").as_bool("end.deck_ran_out");
  s.over = e.at("over", "end").as_bool("end.over");
  s.result = static_cast<int8_t>(e.at("result", "end").as_int("end.result", -1, 1));
  s.showdown = e.at("showdown", "end").as_bool("end.showdown");
  s.showdown_mask = static_cast<uint8_t>(e.at("showdown_mask", "end").as_int("end.showdown_mask", 0, (1 << n) - 1));
  s.showdown_done = static_cast<uint8_t>(e.at("showdown_done", "end").as_int("end.showdown_done", 0, (1 << n) - 1));
  s.showdown_round = static_cast<uint8_t>(e.at("showdown_round", "end").as_int("end.showdown_round", 0, 3));
  const auto& totals = e.at("showdown_totals", "end").as_array("end.showdown_totals");
  if (static_cast<int>(totals.size()) != n) throw SerializationError("end.showdown_totals must have one entry per player");
  for (int p = 0; p < n; ++p) s.showdown_total[p] = static_cast<int16_t>(totals[static_cast<size_t>(p)].as_int("end.showdown_totals", 0, 999));
  s.showdown_winner = static_cast<int8_t>(e.at("showdown_winner", "end").as_int("end.showdown_winner", -1, n - 1));
  const auto& tasks_json = o.at("tasks", w).as_array("tasks");
  if (tasks_json.size() > kTaskCap) throw SerializationError("too many queued tasks");
  for (const auto& t : tasks_json) {
    json_expect_keys(t, {"op", "p", "card", "a", "b", "c"}, "task");
    const int op = task_from_name(t.at("op", "task").as_string("task op"));
    if (op < 0) throw SerializationError("unknown task \"" + t.at("op", "task").as_string("task op") + "\"");
    Task task;
    task.op = static_cast<uint8_t>(op);
    task.p = static_cast<uint8_t>(t.at("p", "task").as_int("task.p", 0, n - 1));
    task.card = card_or_none(c, t.at("card", "task"), "task.card");
    task.a = static_cast<int8_t>(t.at("a", "task").as_int("task.a", -128, 127));
    task.b = static_cast<int8_t>(t.at("b", "task").as_int("task.b", -128, 127));
    task.c = static_cast<int8_t>(t.at("c", "task").as_int("task.c", -128, 127));
    s.tasks[s.n_tasks++] = task;
  }
  return s;
}

// Redraws what `observer` cannot see: each other player's hand, the unknown
// part of their deck, cards they put on top face down, a card they are
// passing and cards only they looked at are pooled and dealt back in the
// same numbers. Known cards stay where they are.
void State::resample(int observer, Rng& rng) {
  n_cached = 0;  // the decider's options may change with their hand
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    PlayerState& pl = players[p];
    uint8_t pool[kHandCap + kPileCap + kTopCap + 16];
    int k = 0;
    for (const uint8_t x : pl.hand) pool[k++] = x;
    for (const uint8_t x : pl.deck.rest) pool[k++] = x;
    for (int i = 0; i < pl.deck.n_top; ++i) {
      if ((pl.deck.top_private >> i) & 1u) pool[k++] = pl.deck.top[i];
    }
    if (pl.pass != kNoCard) pool[k++] = pl.pass;
    const bool own_look = look_private && look_owner == p;
    if (own_look) {
      for (const uint8_t x : look) pool[k++] = x;
    }
    for (int i = k - 1; i > 0; --i) std::swap(pool[i], pool[rng.below(static_cast<uint32_t>(i + 1))]);
    int j = 0;
    const int hand = pl.hand.size();
    pl.hand.clear();
    for (int i = 0; i < hand; ++i) pl.hand.add(pool[j++]);
    for (int i = 0; i < pl.deck.n_top; ++i) {
      if ((pl.deck.top_private >> i) & 1u) pl.deck.top[i] = pool[j++];
    }
    if (pl.pass != kNoCard) pl.pass = pool[j++];
    if (own_look) {
      const int n_look = look.size();
      look.clear();
      for (int i = 0; i < n_look; ++i) look.add(pool[j++]);
    }
    pl.deck.rest.clear();
    while (j < k) pl.deck.rest.add(pool[j++]);
  }
}

}  // namespace henchmen::legendary
