#include "games/legendary/cards.h"

#include <algorithm>
#include <functional>
#include <list>
#include <memory>
#include <mutex>

#include "core/error.h"
#include "core/options.h"
#include "core/notation.h"
#include "games/legendary/card_effects.h"
#include "games/legendary/state.h"

extern const char* const legendary_cards_json;

namespace henchmen::legendary {

namespace {

const char* const kTagNames[] = {"strength", "instinct", "covert", "tech", "ranged", "grey"};
const char* const kTeamNames[] = {"avengers", "x-men", "spider-friends", "shield"};

[[noreturn]] void bad(const std::string& why) { throw OptionError("card_data: " + why); }

int bounded(const Json& v, const std::string& what, int lo, int hi) {
  try {
    return static_cast<int>(v.as_int(what, lo, hi));
  } catch (const SerializationError& e) {
    bad(e.what());
  }
}

}  // namespace

uint16_t tag_from_name(const std::string& name) {
  for (int i = 0; i < 6; ++i) {
    if (name == kTagNames[i]) return static_cast<uint16_t>(1u << i);
  }
  for (int i = 0; i < 4; ++i) {
    if (name == kTeamNames[i]) return static_cast<uint16_t>(256u << i);
  }
  return 0;
}

std::string tag_name(uint16_t tag) {
  for (int i = 0; i < 6; ++i) {
    if (tag == (1u << i)) return kTagNames[i];
  }
  for (int i = 0; i < 4; ++i) {
    if (tag == (256u << i)) return kTeamNames[i];
  }
  return "?";
}


const Json& builtin_card_table() {
  static const Json table = Json::parse(legendary_cards_json);
  return table;
}

int Config::card_from_name(const std::string& text) const {
  for (int c = 0; c < kNumCardIds; ++c) {
    if (name[static_cast<size_t>(c)] == text) return c;
  }
  return -1;
}

namespace {

// A card's printed text (a comment in the card table: optional, never parsed).
std::string printed_text(const Json& card) {
  const Json* t = card.find("text");
  return t && t->is_string() ? t->as_string("text") : std::string();
}

int index_of(const std::vector<std::string>& names, const std::string& want) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == want) return static_cast<int>(i);
  }
  return -1;
}

const Json::Array& list_of(const Json& obj, const char* key, size_t size, const std::string& where, const char* what) {
  const auto& a = obj.at(key, where).as_array(where + "." + key);
  if (a.size() != size) bad(where + "." + key + " must list " + std::to_string(size) + " " + what + ", got " + std::to_string(a.size()));
  return a;
}

// A card's or a group's name: non-empty, at most 100 characters.
const std::string& name_of(const Json& obj, const std::string& where) {
  const std::string& s = obj.at("name", where).as_string(where + ".name");
  if (s.empty() || s.size() > 100) bad(where + ".name must have from 1 to 100 characters");
  return s;
}

void load_table(Config& cfg, const Json& t) {
  const size_t nh = static_cast<size_t>(kHeroes), nv = static_cast<size_t>(kVillainGroups);
  expect_card_keys(t, {"game", "classes", "teams", "city", "setup", "basics", "wound", "bystander", "heroes", "villains", "henchmen", "masterminds", "schemes"},
                   "card_data");
  if (const Json* g = t.find("game")) {
    if (g->as_string("card_data.game") != "legendary") bad("game must be \"legendary\"");
  }
  // Classes and teams are the engine's own words (effects name them).
  auto fixed_list = [&](const char* key, const char* const* names, int k) {
    const Json* v = t.find(key);
    if (!v) return;
    const auto& a = v->as_array(std::string("card_data.") + key);
    bool same = static_cast<int>(a.size()) == k;
    for (int i = 0; same && i < k; ++i) same = a[static_cast<size_t>(i)].is_string() && a[static_cast<size_t>(i)].as_string(key) == names[i];
    if (!same) {
      std::string want;
      for (int i = 0; i < k; ++i) want += std::string(i ? ", " : "") + names[i];
      bad(std::string(key) + " are fixed by the engine: " + want);
    }
  };
  fixed_list("classes", kTagNames, 6);
  fixed_list("teams", kTeamNames, 4);
  const auto& heroes = list_of(t, "heroes", nh, "card_data", "heroes");
  const auto& villains = list_of(t, "villains", nv, "card_data", "villain groups");
  const auto& henchmen = list_of(t, "henchmen", kHenchmenGroups, "card_data", "henchmen groups");
  const auto& masterminds = list_of(t, "masterminds", kMasterminds, "card_data", "masterminds");
  const auto& schemes = list_of(t, "schemes", kSchemes, "card_data", "schemes");

  std::vector<std::string> group_names, hench_names;
  for (size_t g = 0; g < nv; ++g) group_names.push_back(name_of(villains[g], "villains[" + std::to_string(g) + "]"));
  for (size_t g = 0; g < kHenchmenGroups; ++g) hench_names.push_back(name_of(henchmen[g], "henchmen[" + std::to_string(g) + "]"));

  for (size_t h = 0; h < nh; ++h) {
    const Json& hero = heroes[h];
    const std::string hname = name_of(hero, "heroes[" + std::to_string(h) + "]");
    expect_card_keys(hero, {"name", "team", "cards"}, hname);
    cfg.hero_name[h] = hname;
    uint16_t team = 0;
    const Json& tj = hero.at("team", hname);
    if (!tj.is_null()) {
      team = tag_from_name(tj.as_string(hname + ".team"));
      if (team < 256) bad(hname + ".team: unknown team (avengers, x-men, spider-friends, shield, or null)");
    }
    const auto& cards = list_of(hero, "cards", 4, hname, "different cards");
    for (size_t i = 0; i < 4; ++i) {
      const Json& c = cards[i];
      const int id = static_cast<int>(h * 4 + i);
      const size_t k = static_cast<size_t>(id);
      const std::string w = hname + ": " + name_of(c, hname + ".cards[" + std::to_string(i) + "]");
      expect_card_keys(c, {"name", "class", "cost", "attack", "recruit", "count", "effects", "play_cost", "reaction", "attack_plus", "recruit_plus"}, w);
      cfg.name[k] = w;
      cfg.printed[k] = printed_text(c);
      const uint16_t cls = tag_from_name(c.at("class", w).as_string(w + ".class"));
      if (!cls || cls > kGrey) bad(w + ".class: unknown class (strength, instinct, covert, tech, ranged, grey)");
      cfg.tags[k] = static_cast<uint16_t>(cls | team);
      cfg.cost[k] = static_cast<int8_t>(bounded(c.at("cost", w), w + ".cost", 0, 20));
      cfg.attack[k] = static_cast<int8_t>(bounded(c.at("attack", w), w + ".attack", 0, 20));
      cfg.recruit[k] = static_cast<int8_t>(bounded(c.at("recruit", w), w + ".recruit", 0, 20));
      cfg.count[k] = static_cast<int8_t>(bounded(c.at("count", w), w + ".count", 1, 5));
      cfg.on_play[k] = parse_effect_list(c, "effects", w, Trigger::kOnPlay, -1, group_names);
      for (const char* flag : {"attack_plus", "recruit_plus"}) {
        if (const Json* f = c.find(flag)) (void)f->as_bool(w + "." + flag);
      }
      if (const Json* pc = c.find("play_cost")) {
        if (pc->as_string(w + ".play_cost") != "discard") bad(w + ".play_cost must be \"discard\"");
        cfg.discard_to_play[k] = true;
      }
      if (const Json* r = c.find("reaction")) {
        const std::string& s = r->as_string(w + ".reaction");
        if (s == "wound_draw") cfg.wound_draw[k] = true;
        else if (s == "return_on_discard") cfg.return_on_discard[k] = true;
        else bad(w + ".reaction: unknown reaction '" + s + "' (wound_draw, return_on_discard)");
      }
    }
  }
  // A villain or a henchman; `group` is the villain group (-1: henchmen).
  auto villain_card = [&](const Json& c, int id, const std::string& w, int group) {
    const size_t k = static_cast<size_t>(id);
    expect_card_keys(c, {"name", "attack", "vp", "count", "fight", "escape", "ambush", "defeat_requires", "attack_from", "vp_per", "vp_n"}, w);
    cfg.name[k] = w;
    cfg.printed[k] = printed_text(c);
    cfg.attack[k] = static_cast<int8_t>(bounded(c.at("attack", w), w + ".attack", 0, 30));
    cfg.vp[k] = static_cast<int8_t>(bounded(c.at("vp", w), w + ".vp", 0, 20));
    cfg.count[k] = static_cast<int8_t>(bounded(c.at("count", w), w + ".count", 1, 10));
    cfg.on_fight[k] = parse_effect_list(c, "fight", w, Trigger::kOnVillainFight, group, group_names);
    cfg.on_escape[k] = parse_effect_list(c, "escape", w, Trigger::kOnEscape, group, group_names);
    cfg.on_ambush[k] = parse_effect_list(c, "ambush", w, Trigger::kOnAmbush, group, group_names);
    if (const Json* r = c.find("defeat_requires")) cfg.defeat_requires[k] = tags_from_list(r->as_string(w + ".defeat_requires"), w + ".defeat_requires");
    if (const Json* a = c.find("attack_from")) {
      if (a->as_string(w + ".attack_from") != "under_cost") bad(w + ".attack_from must be \"under_cost\"");
      cfg.attack_from_under[k] = true;
    }
    if (const Json* v = c.find("vp_per")) {
      const std::string& s = v->as_string(w + ".vp_per");
      if (s == "vp_other_group" && group >= 0) {
        cfg.vp_per_kind[k] = 1;
      } else if (s.rfind("owned:", 0) == 0) {
        cfg.vp_per_kind[k] = 2;
        cfg.vp_per_tags[k] = tags_from_list(s.substr(6), w + ".vp_per");
      } else {
        bad(w + ".vp_per: unknown '" + s + "' (owned:<classes or teams>" + (group >= 0 ? ", vp_other_group)" : ")"));
      }
      cfg.vp_per_n[k] = static_cast<int8_t>(bounded(c.at("vp_n", w), w + ".vp_n", 0, 10));
    } else if (c.find("vp_n")) {
      bad(w + ".vp_n needs a vp_per");
    }
  };
  for (size_t g = 0; g < nv; ++g) {
    cfg.group_name[g] = group_names[g];
    expect_card_keys(villains[g], {"name", "cards"}, group_names[g]);
    const auto& cards = list_of(villains[g], "cards", 4, group_names[g], "different villains");
    int total = 0;
    for (size_t i = 0; i < 4; ++i) {
      const int id = static_cast<int>(kVillainBase + g * 4 + i);
      villain_card(cards[i], id, name_of(cards[i], group_names[g] + ".cards[" + std::to_string(i) + "]"), static_cast<int>(g));
      total += cfg.count[static_cast<size_t>(id)];
    }
    if (total != 8) bad(group_names[g] + " must have 8 cards in all (the counts add up to " + std::to_string(total) + ")");
  }
  for (size_t g = 0; g < kHenchmenGroups; ++g) {
    cfg.henchmen_name[g] = hench_names[g];
    villain_card(henchmen[g], static_cast<int>(kHenchBase + g), hench_names[g], -1);
    if (cfg.count[kHenchBase + g] != 10) bad(hench_names[g] + ".count must be 10");
  }
  for (size_t m = 0; m < kMasterminds; ++m) {
    const Json& mm = masterminds[m];
    const std::string mname = name_of(mm, "masterminds[" + std::to_string(m) + "]");
    expect_card_keys(mm, {"name", "attack", "always_leads", "tactic_vp", "strike", "tactics"}, mname);
    cfg.mastermind_name[m] = mname;
    const int id = kMastermindBase + static_cast<int>(m);
    cfg.name[static_cast<size_t>(id)] = mname;
    if (const Json* st = mm.find("strike_text"); st && st->is_string()) cfg.printed[static_cast<size_t>(id)] = st->as_string("strike_text");
    cfg.mastermind_attack[m] = bounded(mm.at("attack", mname), mname + ".attack", 0, 30);
    cfg.attack[static_cast<size_t>(id)] = static_cast<int8_t>(cfg.mastermind_attack[m]);
    cfg.on_ambush[static_cast<size_t>(id)] = parse_effect_list(mm, "strike", mname, Trigger::kOnStrike, -1, group_names);
    const std::string& leads = mm.at("always_leads", mname).as_string(mname + ".always_leads");
    cfg.leads_group[m] = index_of(group_names, leads);
    cfg.leads_henchmen[m] = index_of(hench_names, leads);
    if (cfg.leads_group[m] < 0 && cfg.leads_henchmen[m] < 0) bad(mname + ".always_leads: unknown group '" + leads + "'");
    const int tvp = bounded(mm.at("tactic_vp", mname), mname + ".tactic_vp", 0, 20);
    const auto& tactics = list_of(mm, "tactics", 4, mname, "tactics");
    for (size_t i = 0; i < 4; ++i) {
      const int tid = kTacticBase + static_cast<int>(m * 4 + i);
      const std::string w = mname + ": " + name_of(tactics[i], mname + ".tactics[" + std::to_string(i) + "]");
      expect_card_keys(tactics[i], {"name", "fight"}, w);
      cfg.name[static_cast<size_t>(tid)] = w;
      cfg.printed[static_cast<size_t>(tid)] = printed_text(tactics[i]);
      cfg.vp[static_cast<size_t>(tid)] = static_cast<int8_t>(tvp);
      cfg.on_fight[static_cast<size_t>(tid)] = parse_effect_list(tactics[i], "fight", w, Trigger::kOnTacticFight, -1, group_names);
    }
  }
  const char* rules[] = {"cosmic_cube", "dark_portals", "legacy_virus", "bank_robbery", "negative_zone", "killbots", "skrull_invasion", "civil_war"};
  for (size_t s = 0; s < kSchemes; ++s) {
    const Json& j = schemes[s];
    SchemeDef d;
    d.name = name_of(j, "schemes[" + std::to_string(s) + "]");
    expect_card_keys(j, {"name", "rule", "twists", "twists_4_5_players", "heroes", "heroes_2_players", "bystanders", "evil_wins_at", "twists_beside",
                         "wounds_per_player", "extra_henchmen", "requires", "skrull_heroes", "skrull_attack_plus", "solo"},
                     d.name);
    const std::string& rule = j.at("rule", d.name).as_string(d.name + ".rule");
    int r = -1;
    for (int i = 0; i < 8; ++i) {
      if (rule == rules[i]) r = i;
    }
    if (r < 0) bad(d.name + ".rule: unknown rule '" + rule + "'");
    d.rule = static_cast<Rule>(r);
    auto opt = [&](const char* key, int lo, int hi, int def) {
      const Json* v = j.find(key);
      return v ? bounded(*v, d.name + "." + key, lo, hi) : def;
    };
    d.twists = opt("twists", 0, 11, 8);
    d.twists_4_5_players = opt("twists_4_5_players", 0, 11, -1);
    d.heroes = opt("heroes", 0, 8, 0);
    d.heroes_2_players = opt("heroes_2_players", 0, 8, 0);
    d.bystanders = opt("bystanders", 0, 30, 0);
    // Only the schemes that count something toward Evil Wins take a number.
    const bool counts = d.rule == Rule::kBankRobbery || d.rule == Rule::kNegativeZone || d.rule == Rule::kKillbots || d.rule == Rule::kSkrullInvasion;
    if (counts && !j.find("evil_wins_at")) bad(d.name + ": needs evil_wins_at (1 to 60) for the rule " + rule);
    if (!counts && j.find("evil_wins_at")) bad(d.name + ".evil_wins_at: the rule " + rule + " has its own Evil Wins condition");
    d.evil_wins_at = opt("evil_wins_at", 1, 60, 0);
    d.twists_beside = opt("twists_beside", 0, 8, 0);
    d.wounds_per_player = opt("wounds_per_player", 0, 6, 0);
    d.extra_henchmen = opt("extra_henchmen", 0, 1, 0);
    d.skrull_heroes = opt("skrull_heroes", 0, 20, 0);
    d.skrull_attack_plus = opt("skrull_attack_plus", 0, 10, 0);
    if (const Json* sv = j.find("solo")) d.solo = sv->as_bool(d.name + ".solo");
    if (const Json* rq = j.find("requires")) {
      d.requires_group = index_of(group_names, rq->as_string(d.name + ".requires"));
      if (d.requires_group < 0) bad(d.name + ".requires: unknown villain group");
    }
    cfg.scheme[s] = d;
  }
  const Json& setup = t.at("setup", "card_data");
  expect_card_keys(setup, {"players", "starting_agents", "starting_troopers", "hand_size", "officers", "wounds", "bystanders", "solo_score", "showdown_vp"},
                   "setup");
  const auto& rows = list_of(setup, "players", kMaxPlayers, "setup", "rows (1 to 5 players)");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Json& row = rows[i];
    const std::string w = "setup.players[" + std::to_string(i) + "]";
    expect_card_keys(row, {"players", "villain_groups", "henchmen_groups", "henchmen_cards", "bystanders", "heroes", "master_strikes"}, w);
    if (const Json* pj = row.find("players")) bounded(*pj, w + ".players", static_cast<int>(i) + 1, static_cast<int>(i) + 1);
    SetupRow sr;
    sr.villain_groups = bounded(row.at("villain_groups", w), w + ".villain_groups", 1, 4);
    sr.henchmen_groups = bounded(row.at("henchmen_groups", w), w + ".henchmen_groups", 1, 2);
    sr.henchmen_cards = bounded(row.at("henchmen_cards", w), w + ".henchmen_cards", 1, 10);
    sr.bystanders = bounded(row.at("bystanders", w), w + ".bystanders", 0, 30);
    sr.heroes = bounded(row.at("heroes", w), w + ".heroes", 3, 6);
    sr.master_strikes = bounded(row.at("master_strikes", w), w + ".master_strikes", 1, 5);
    cfg.setup[i + 1] = sr;
  }
  cfg.starting_agents = bounded(setup.at("starting_agents", "setup"), "setup.starting_agents", 0, 12);
  cfg.starting_troopers = bounded(setup.at("starting_troopers", "setup"), "setup.starting_troopers", 0, 12);
  cfg.hand_size = bounded(setup.at("hand_size", "setup"), "setup.hand_size", 1, 10);
  cfg.officers = bounded(setup.at("officers", "setup"), "setup.officers", 0, 30);
  cfg.wounds = bounded(setup.at("wounds", "setup"), "setup.wounds", 0, 30);
  cfg.bystanders = bounded(setup.at("bystanders", "setup"), "setup.bystanders", 0, 30);
  const Json& solo = setup.at("solo_score", "setup");
  expect_card_keys(solo, {"per_bystander_carried", "per_twist", "per_escaped_villain"}, "setup.solo_score");
  cfg.solo_per_carried = bounded(solo.at("per_bystander_carried", "solo_score"), "setup.solo_score.per_bystander_carried", 0, 20);
  cfg.solo_per_twist = bounded(solo.at("per_twist", "solo_score"), "setup.solo_score.per_twist", 0, 20);
  cfg.solo_per_escaped = bounded(solo.at("per_escaped_villain", "solo_score"), "setup.solo_score.per_escaped_villain", 0, 20);
  cfg.showdown_vp = bounded(setup.at("showdown_vp", "setup"), "setup.showdown_vp", 0, 20);
  const auto& basics = list_of(t, "basics", 3, "card_data", "basic cards (the Agent, the Trooper and the Officer)");
  for (size_t i = 0; i < 3; ++i) {
    const Json& b = basics[i];
    const size_t id = kAgent + i;
    cfg.name[id] = name_of(b, "basics[" + std::to_string(i) + "]");
    const std::string& w = cfg.name[id];
    expect_card_keys(b, {"name", "class", "team", "cost", "attack", "recruit"}, w);
    cfg.cost[id] = static_cast<int8_t>(bounded(b.at("cost", w), w + ".cost", 0, 10));
    cfg.attack[id] = static_cast<int8_t>(bounded(b.at("attack", w), w + ".attack", 0, 10));
    cfg.recruit[id] = static_cast<int8_t>(bounded(b.at("recruit", w), w + ".recruit", 0, 10));
    cfg.tags[id] = static_cast<uint16_t>(tags_from_list(b.at("class", w).as_string(w + ".class"), w + ".class") |
                                         tags_from_list(b.at("team", w).as_string(w + ".team"), w + ".team"));
  }
  cfg.name[kWound] = "Wound";
  if (const Json* wj = t.find("wound")) {
    expect_card_keys(*wj, {"name"}, "wound");
    if (wj->find("name")) cfg.name[kWound] = name_of(*wj, "wound");
  }
  const Json& bj = t.at("bystander", "card_data");
  expect_card_keys(bj, {"name", "vp"}, "bystander");
  cfg.name[kBystander] = bj.find("name") ? name_of(bj, "bystander") : "Bystander";
  cfg.vp[kBystander] = static_cast<int8_t>(bounded(bj.at("vp", "bystander"), "bystander.vp", 0, 5));
  cfg.name[kTwist] = "Scheme Twist";
  cfg.name[kStrike] = "Master Strike";
  cfg.name[kSkrullHero] = "Skrull Hero";
  const auto& city = list_of(t, "city", kCity, "card_data", "city spaces");
  for (size_t i = 0; i < kCity; ++i) {
    cfg.city_name[i] = city[i].as_string("city[" + std::to_string(i) + "]");
    if (cfg.city_name[i].empty() || cfg.city_name[i].size() > 100) bad("city[" + std::to_string(i) + "] must have from 1 to 100 characters");
  }
  // Moves name cards, heroes, groups, masterminds, schemes and spaces: names
  // that read the same once normalised would make two moves look alike.
  check_distinct_names(std::vector<std::string>(cfg.name.begin(), cfg.name.begin() + kNumCardIds), "card_data: card names");
  check_distinct_names(std::vector<std::string>(cfg.hero_name.begin(), cfg.hero_name.end()), "card_data: hero names");
  std::vector<std::string> groups = group_names;
  groups.insert(groups.end(), hench_names.begin(), hench_names.end());
  check_distinct_names(groups, "card_data: villain and henchmen group names");
  check_distinct_names(std::vector<std::string>(cfg.mastermind_name.begin(), cfg.mastermind_name.end()), "card_data: mastermind names");
  std::vector<std::string> scheme_names;
  for (const auto& d : cfg.scheme) scheme_names.push_back(d.name);
  check_distinct_names(scheme_names, "card_data: scheme names");
  check_distinct_names(std::vector<std::string>(cfg.city_name.begin(), cfg.city_name.end()), "card_data: city spaces");
}

// Every setup this game may deal (each scheme it may draw, the largest heroes
// it may pick) must fit the state's fixed-capacity piles, so that no card can
// ever be dropped for want of room.
void check_capacities(const Config& cfg) {
  const int n = cfg.players;
  const SetupRow& row = cfg.setup[static_cast<size_t>(n)];
  std::vector<int> totals;
  for (int h = 0; h < kHeroes; ++h) {
    int k = 0;
    for (int i = 0; i < 4; ++i) k += cfg.count[static_cast<size_t>(h * 4 + i)];
    totals.push_back(k);
  }
  std::vector<int> largest = totals;
  std::sort(largest.begin(), largest.end(), std::greater<int>());
  const std::string players = " with " + std::to_string(n) + " player" + (n == 1 ? "" : "s");
  for (int s = 0; s < kSchemes; ++s) {
    const SchemeDef& sd = cfg.scheme[static_cast<size_t>(s)];
    if ((cfg.scheme_opt >= 0 && s != cfg.scheme_opt) || (n == 1 && !sd.solo)) continue;
    const std::string where = "scheme '" + sd.name + "'" + players;
    int heroes = 0;
    if (!cfg.heroes_opt.empty()) {
      for (const int h : cfg.heroes_opt) heroes += totals[static_cast<size_t>(h)];
    } else {
      int k = n == 1 ? cfg.setup[1].heroes : (n == 2 && sd.heroes_2_players ? sd.heroes_2_players : (sd.heroes ? sd.heroes : row.heroes));
      for (int i = 0; i < k; ++i) heroes += largest[static_cast<size_t>(i)];
    }
    if (heroes > kHeroDeckCap) {
      bad(where + " may put " + std::to_string(heroes) + " Hero cards in the Hero Deck, which holds at most 96 (lower the heroes' card counts)");
    }
    if (heroes < kHQ) bad(where + " has " + std::to_string(heroes) + " Hero cards, fewer than the 5 spaces of the HQ");
    const int twists = ((n >= 4 && sd.twists_4_5_players >= 0) ? sd.twists_4_5_players : sd.twists) + cfg.extra_twists;
    const int villain_deck = row.villain_groups * 8 + (row.henchmen_groups + sd.extra_henchmen) * row.henchmen_cards + twists + row.master_strikes +
                             std::min(sd.bystanders ? sd.bystanders : row.bystanders, cfg.bystanders) + std::min(sd.skrull_heroes, heroes - kHQ);
    if (villain_deck > kVillainDeckCap) {
      bad(where + " puts " + std::to_string(villain_deck) +
          " cards in the Villain Deck, which holds at most 128 (fewer twists, bystanders, Skrull Heroes or henchmen cards)");
    }
    // A player may end up holding every card players can own (cards pass
    // between hands), so each pile a player has must have room for them all.
    const int wounds = sd.wounds_per_player ? std::min(cfg.wounds, sd.wounds_per_player * n) : cfg.wounds;
    const int owned = n * (cfg.starting_agents + cfg.starting_troopers) + heroes + cfg.officers + wounds;
    if (owned > kPileCap) {
      bad(where + " has " + std::to_string(owned) + " cards players can own (starting cards, Heroes, Officers, Wounds); a player's deck holds at most " +
          std::to_string(kPileCap));
    }
  }
}

// A scheme lost at setup ends the game before anyone plays: the Legacy Virus
// with no Wounds (its Evil Wins is an empty Wound stack). A game that may
// draw another scheme deals it as a game over at setup (the core's batches
// and environments deal again); one whose every scheme is lost so is
// refused, as a table that makes the game over before it starts.
void check_some_scheme_is_played(const Config& cfg) {
  std::string lost;
  for (int s = 0; s < kSchemes; ++s) {
    const SchemeDef& sd = cfg.scheme[static_cast<size_t>(s)];
    if ((cfg.scheme_opt >= 0 && s != cfg.scheme_opt) || (cfg.players == 1 && !sd.solo)) continue;
    if (sd.rule != Rule::kLegacyVirus || cfg.wounds > 0) return;
    lost += (lost.empty() ? "'" : ", '") + sd.name + "'";
  }
  if (lost.empty()) return;
  bad("setup.wounds is 0, so the scheme " + lost + " is lost at setup (Evil Wins when the Wound stack runs out) and the game would end before anyone plays; " +
      (cfg.scheme_opt >= 0 ? "give setup.wounds from 1 to 30 or choose another scheme" : "give setup.wounds from 1 to 30"));
}

std::vector<int> pick_list(const Json& options, const char* key, const std::array<std::string, kHeroes>* heroes,
                           const std::vector<std::string>& names) {
  std::vector<int> out;
  for (const auto& v : options.at(key, "options").as_array(key)) {
    const std::string& s = v.as_string(key);
    const int i = heroes ? index_of(std::vector<std::string>(heroes->begin(), heroes->end()), s) : index_of(names, s);
    if (i < 0) throw OptionError(std::string("option '") + key + "': unknown name " + quote(s));
    for (int prior : out) {
      if (prior == i) throw OptionError(std::string("option '") + key + "' names " + quote(s) + " twice");
    }
    out.push_back(i);
  }
  return out;
}

}  // namespace

namespace {

// A table is read and checked once: games are made far more often than
// tables change (a new game per playout in a Python loop). The few tables
// last used are kept, keyed by their text ("" is the built-in one).
Config loaded_table(const std::string& data) {
  static std::mutex mutex;
  static std::list<std::pair<std::string, std::shared_ptr<const Config>>> recent;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (auto it = recent.begin(); it != recent.end(); ++it) {
      if (it->first != data) continue;
      recent.splice(recent.begin(), recent, it);
      return *recent.front().second;
    }
  }
  const Json table = parse_card_data(data, builtin_card_table());
  auto cfg = std::make_shared<Config>();
  try {
    load_table(*cfg, table);
  } catch (const SerializationError& e) {
    bad(e.what());
  }
  cfg->table = table;
  const std::lock_guard<std::mutex> lock(mutex);
  recent.emplace_front(data, cfg);
  if (recent.size() > 4) recent.pop_back();
  return *cfg;
}

}  // namespace

Config make_config(const Json& options) {
  const std::string& data = options.at("card_data", "options").as_string("card_data");
  Config cfg = loaded_table(data);
  cfg.players = static_cast<int>(options.at("players", "options").as_int("players"));
  const int n = cfg.players;
  std::vector<std::string> groups(cfg.group_name.begin(), cfg.group_name.end());
  std::vector<std::string> hench(cfg.henchmen_name.begin(), cfg.henchmen_name.end());
  std::vector<std::string> schemes, masterminds(cfg.mastermind_name.begin(), cfg.mastermind_name.end());
  for (const auto& s : cfg.scheme) schemes.push_back(s.name);
  const std::string& sname = options.at("scheme", "options").as_string("scheme");
  if (sname != "random") {
    cfg.scheme_opt = index_of(schemes, sname);
    if (cfg.scheme_opt < 0) throw OptionError("option 'scheme': unknown scheme " + quote(sname));
    if (n == 1 && !cfg.scheme[static_cast<size_t>(cfg.scheme_opt)].solo) throw OptionError("option 'scheme': " + quote(sname) + " is not played solo");
  }
  const std::string& mname = options.at("mastermind", "options").as_string("mastermind");
  if (mname != "random") {
    cfg.mastermind_opt = index_of(masterminds, mname);
    if (cfg.mastermind_opt < 0) throw OptionError("option 'mastermind': unknown mastermind " + quote(mname));
  }
  cfg.villains_opt = pick_list(options, "villains", nullptr, groups);
  cfg.henchmen_opt = pick_list(options, "henchmen", nullptr, hench);
  cfg.heroes_opt = pick_list(options, "heroes", &cfg.hero_name, {});
  const SetupRow& row = cfg.setup[static_cast<size_t>(n)];
  // Lists given must fit every scheme the game may draw; the exact counts that
  // depend on the scheme are checked again at setup.
  if (!cfg.villains_opt.empty() && static_cast<int>(cfg.villains_opt.size()) != row.villain_groups) {
    throw OptionError("option 'villains' must name " + std::to_string(row.villain_groups) + " villain group(s) for " + std::to_string(n) + " player(s)");
  }
  if (!cfg.henchmen_opt.empty()) {
    const int extra = cfg.scheme_opt >= 0 ? cfg.scheme[static_cast<size_t>(cfg.scheme_opt)].extra_henchmen : 0;
    if (cfg.scheme_opt < 0) throw OptionError("option 'henchmen' needs a fixed 'scheme' (the number of groups depends on it)");
    if (static_cast<int>(cfg.henchmen_opt.size()) != row.henchmen_groups + extra) {
      throw OptionError("option 'henchmen' must name " + std::to_string(row.henchmen_groups + extra) + " henchmen group(s) here");
    }
  }
  if (!cfg.heroes_opt.empty()) {
    if (cfg.scheme_opt < 0) throw OptionError("option 'heroes' needs a fixed 'scheme' (the number of heroes depends on it)");
    const SchemeDef& sd = cfg.scheme[static_cast<size_t>(cfg.scheme_opt)];
    int want = sd.heroes ? sd.heroes : row.heroes;
    if (n == 2 && sd.heroes_2_players) want = sd.heroes_2_players;
    if (n == 1) want = row.heroes;
    if (static_cast<int>(cfg.heroes_opt.size()) != want) throw OptionError("option 'heroes' must name " + std::to_string(want) + " heroes here");
  }
  if (cfg.scheme_opt >= 0 && !cfg.villains_opt.empty()) {
    const int req = cfg.scheme[static_cast<size_t>(cfg.scheme_opt)].requires_group;
    bool ok = req < 0;
    for (int g : cfg.villains_opt) ok = ok || g == req;
    if (!ok) throw OptionError("option 'villains' must include " + cfg.group_name[static_cast<size_t>(req)] + " for this scheme");
  }
  if (cfg.mastermind_opt >= 0 && n > 1) {
    const int lg = cfg.leads_group[static_cast<size_t>(cfg.mastermind_opt)];
    const int lh = cfg.leads_henchmen[static_cast<size_t>(cfg.mastermind_opt)];
    if (lg >= 0 && !cfg.villains_opt.empty()) {
      bool ok = false;
      for (int g : cfg.villains_opt) ok = ok || g == lg;
      if (!ok) throw OptionError("option 'villains' must include " + cfg.group_name[static_cast<size_t>(lg)] + ", which " + mname + " always leads");
    }
    if (lh >= 0 && !cfg.henchmen_opt.empty()) {
      bool ok = false;
      for (int g : cfg.henchmen_opt) ok = ok || g == lh;
      if (!ok) throw OptionError("option 'henchmen' must include " + cfg.henchmen_name[static_cast<size_t>(lh)] + ", which " + mname + " always leads");
    }
  }
  const std::string& diff = options.at("difficulty", "options").as_string("difficulty");
  const char* diffs[] = {"normal", "heroic", "champion", "legendary"};
  for (int i = 0; i < 4; ++i) {
    if (diff == diffs[i]) cfg.extra_twists = i;
  }
  cfg.mastermind_bonus = static_cast<int>(options.at("mastermind_bonus", "options").as_int("mastermind_bonus"));
  cfg.starting_officers = static_cast<int>(options.at("starting_officers", "options").as_int("starting_officers"));
  cfg.final_showdown = options.at("final_showdown", "options").as_bool("final_showdown");
  if (cfg.starting_officers * n > cfg.officers) throw OptionError("option 'starting_officers': not enough Officers for every player");
  if (cfg.starting_officers > cfg.starting_agents) {
    throw OptionError("option 'starting_officers' must be from 0 to " + std::to_string(cfg.starting_agents) + " (the Agents each player starts with)");
  }
  check_capacities(cfg);
  check_some_scheme_is_played(cfg);
  return cfg;
}

}  // namespace henchmen::legendary
