#include "games/legendary/cards.h"

#include "core/error.h"

extern const char* const legendary_cards_json;

namespace henchmen::legendary {

namespace {

struct OpName {
  Op op;
  const char* name;
};
const OpName kOps[] = {
    {Op::kAttack, "attack"}, {Op::kRecruit, "recruit"}, {Op::kDraw, "draw"}, {Op::kRescue, "rescue"},
    {Op::kAttackPer, "attack_per"}, {Op::kRecruitPer, "recruit_per"}, {Op::kRescuePer, "rescue_per"}, {Op::kDrawPer, "draw_per"},
    {Op::kKoThen, "ko_then"}, {Op::kRevealTop, "reveal_top"}, {Op::kRevealOthersDiscardOrBack, "reveal_others_discard_or_back"},
    {Op::kLookTopTakeCostLe, "look_top_take_cost_le"}, {Op::kPutHandOnTop, "put_hand_on_top"},
    {Op::kVillainCapturesChoice, "villain_captures_choice"}, {Op::kDoOver, "do_over"},
    {Op::kGainWoundToHandMay, "gain_wound_to_hand_may"}, {Op::kPassLeft, "pass_left"},
    {Op::kMayPlayVillainCard, "may_play_villain_card"}, {Op::kPsychicLink, "psychic_link"},
    {Op::kOnDefeatRecruit, "on_defeat_recruit"}, {Op::kOnDefeatRescue, "on_defeat_rescue"},
    {Op::kOthersDrawOrDiscard, "others_draw_or_discard"}, {Op::kEachGainWound, "each_gain_wound"},
    {Op::kDefeatWithBystander, "defeat_with_bystander"}, {Op::kDefeatBelowKoCount, "defeat_below_ko_count"},
    {Op::kCopyPlayed, "copy_played"}, {Op::kStealAbilities, "steal_abilities"}, {Op::kSpaceMinus, "space_minus"},
    {Op::kMastermindMinus, "mastermind_minus"}, {Op::kMoveVillain, "move_villain"},
    {Op::kAttackIfRecruitMade, "attack_if_recruit_made"}, {Op::kRecruitAsAttack, "recruit_as_attack"},
    {Op::kGainOfficerToHand, "gain_officer_to_hand"}, {Op::kEachRevealOrWound, "each_reveal_or_wound"},
    {Op::kEachKoHeroes, "each_ko_heroes"}, {Op::kKoYourAll, "ko_your_all"}, {Op::kKoYourHeroes, "ko_your_heroes"},
    {Op::kKoYourHeroesPer, "ko_your_heroes_per"}, {Op::kBecomesTwist, "becomes_twist"},
    {Op::kChoosePlayerKoWounds, "choose_player_ko_wounds"}, {Op::kPlayVillainCards, "play_villain_cards"},
    {Op::kGainOfficerMay, "gain_officer_may"}, {Op::kEachWithoutGroupGainsWound, "each_without_group_gains_wound"},
    {Op::kEachRevealTopKoOrBack, "each_reveal_top_ko_or_back"}, {Op::kPaibok, "paibok"},
    {Op::kTakeHqUnder, "take_hq_under"}, {Op::kGainUnder, "gain_under"}, {Op::kCapture, "capture"},
    {Op::kExtraDraw, "extra_draw"}, {Op::kLookTopKoOne, "look_top_ko_one"},
    {Op::kEachRevealOrDiscardTo, "each_reveal_or_discard_to"}, {Op::kEachSixRevealOrTop2, "each_six_reveal_or_top2"},
    {Op::kFreeRecruit, "free_recruit"}, {Op::kBubble, "bubble"}, {Op::kExtraTurn, "extra_turn"},
    {Op::kDefeatCityFree, "defeat_city_free"}, {Op::kKoUpToFromDiscard, "ko_up_to_from_discard"},
    {Op::kEachOtherKoVp, "each_other_ko_vp"}, {Op::kRuthlessDictator, "ruthless_dictator"},
    {Op::kNewHandSize, "new_hand_size"},
};

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

uint16_t tags_from_list(const std::string& text, const std::string& where) {
  uint16_t out = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(start, end - start);
    const uint16_t t = tag_from_name(part);
    if (!t) bad(where + ": unknown class or team '" + part + "'");
    out = static_cast<uint16_t>(out | t);
    start = end + 1;
  }
  return out;
}

int space_from_name(const std::string& text) {
  const char* names[] = {"sewers", "bank", "rooftops", "streets", "bridge"};
  for (int i = 0; i < kCity; ++i) {
    if (text == names[i]) return i;
  }
  return -1;
}

Effect parse_effect(const Json& j, const std::string& where);

Op op_from(const std::string& name, const std::string& where) {
  for (const auto& o : kOps) {
    if (name == o.name) return o.op;
  }
  bad(where + ": unknown effect '" + name + "'");
}

Effect parse_effect(const Json& j, const std::string& where) {
  Effect e;
  e.op = op_from(j.at("op", where).as_string(where + ".op"), where);
  const std::string w = where + " (" + op_name(e.op) + ")";
  if (const Json* n = j.find("n")) e.n = static_cast<int8_t>(bounded(*n, w + ".n", 0, 20));
  if (const Json* c = j.find("if")) {
    const std::string& s = c->as_string(w + ".if");
    if (s == "first_hero") {
      e.cond = Cond::kFirstHero;
    } else if (s.rfind("class:", 0) == 0 || s.rfind("team:", 0) == 0) {
      e.cond = Cond::kSuperpower;
      e.cond_tags = tags_from_list(s.substr(s.find(':') + 1), w);
    } else if (s.rfind("fought_in:", 0) == 0) {
      e.cond = Cond::kFoughtIn;
      const std::string list = s.substr(10);
      size_t start = 0;
      while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        const int sp = space_from_name(list.substr(start, end - start));
        if (sp < 0) bad(w + ": unknown city space in '" + s + "'");
        e.cond_spaces = static_cast<uint8_t>(e.cond_spaces | (1u << sp));
        start = end + 1;
      }
    } else {
      bad(w + ": unknown condition '" + s + "'");
    }
  }
  if (const Json* p = j.find("per")) {
    const std::string& s = p->as_string(w + ".per");
    if (s == "vp_bystanders") e.per = Per::kVpBystanders;
    else if (s == "colors") e.per = Per::kColors;
    else if (s == "other_played_odd_cost") e.per = Per::kOtherPlayedOddCost;
    else if (s == "extra_draws") e.per = Per::kExtraDraws;
    else if (s.rfind("other_played:", 0) == 0) { e.per = Per::kOtherPlayed; e.tags = tags_from_list(s.substr(13), w); }
    else if (s.rfind("your:", 0) == 0) { e.per = Per::kYour; e.tags = tags_from_list(s.substr(5), w); }
    else if (s.rfind("vp_group:", 0) == 0) { e.per = Per::kVpGroup; e.cost = -1; }  // the group is resolved against the table
    else bad(w + ": unknown counter '" + s + "'");
  }
  if (const Json* f = j.find("from")) {
    const std::string& s = f->as_string(w + ".from");
    if (s == "hand") e.from = From::kHand;
    else if (s == "discard") e.from = From::kDiscard;
    else if (s == "hand_or_discard") e.from = From::kHandOrDiscard;
    else if (s == "heroes") e.from = From::kYourHeroes;
    else bad(w + ": unknown source '" + s + "'");
  }
  if (const Json* f = j.find("filter")) {
    const std::string& s = f->as_string(w + ".filter");
    if (s == "any") e.filter = Filter::kAny;
    else if (s == "wound") e.filter = Filter::kWounds;
    else { e.filter = Filter::kTags; e.tags = tags_from_list(s, w); }
  }
  if (const Json* m = j.find("mode")) {
    const std::string& s = m->as_string(w + ".mode");
    if (s == "draw_if_cost_le") e.mode = Mode::kDrawIfCostLe;
    else if (s == "draw_if") e.mode = Mode::kDrawIf;
    else if (s == "attack_cost") e.mode = Mode::kAttackCost;
    else if (s == "discard_or_back") e.mode = Mode::kDiscardOrBack;
    else if (s == "highest") e.mode = Mode::kHighest;
    else if (s == "rightmost") e.mode = Mode::kRightmost;
    else bad(w + ": unknown mode '" + s + "'");
  }
  if (const Json* k = j.find("kind")) {
    const std::string& s = k->as_string(w + ".kind");
    if (s == "villain") e.mode = Mode::kVillain;
    else if (s == "bystander") e.mode = Mode::kBystanders;
    else bad(w + ": unknown kind '" + s + "'");
  }
  if (const Json* s = j.find("scope")) {
    const std::string& t = s->as_string(w + ".scope");
    if (t == "all") e.all = true;
    else if (t == "others") e.all = false;
    else bad(w + ": scope must be all or others");
  }
  if (const Json* m = j.find("may")) e.may = m->as_bool(w + ".may");
  if (const Json* s = j.find("space")) {
    e.space = static_cast<int8_t>(space_from_name(s->as_string(w + ".space")));
    if (e.space < 0) bad(w + ": unknown city space");
  }
  if (const Json* c = j.find("cost")) e.cost = static_cast<int8_t>(bounded(*c, w + ".cost", 0, 20));
  if (const Json* c = j.find("at_least")) e.cost = static_cast<int8_t>(bounded(*c, w + ".at_least", 0, 100));
  if (const Json* t = j.find("then")) {
    const Effect then = parse_effect(*t, w + ".then");
    e.then_op = then.op;
    e.then_n = then.n;
  }
  return e;
}

std::vector<Effect> parse_effects(const Json& card, const std::string& key, const std::string& where) {
  std::vector<Effect> out;
  const Json* list = card.find(key);
  if (!list) return out;
  for (const auto& j : list->as_array(where + "." + key)) out.push_back(parse_effect(j, where + "." + key));
  return out;
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

const char* op_name(Op op) {
  for (const auto& o : kOps) {
    if (o.op == op) return o.name;
  }
  return "none";
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

int index_of(const std::vector<std::string>& names, const std::string& want) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == want) return static_cast<int>(i);
  }
  return -1;
}

void load_table(Config& cfg, const Json& t) {
  const size_t nh = static_cast<size_t>(kHeroes), nv = static_cast<size_t>(kVillainGroups);
  const auto& heroes = t.at("heroes", "card_data").as_array("heroes");
  if (heroes.size() != nh) bad("there must be 15 heroes");
  const auto& villains = t.at("villains", "card_data").as_array("villains");
  if (villains.size() != nv) bad("there must be 7 villain groups");
  const auto& henchmen = t.at("henchmen", "card_data").as_array("henchmen");
  if (henchmen.size() != kHenchmenGroups) bad("there must be 4 henchmen groups");
  const auto& masterminds = t.at("masterminds", "card_data").as_array("masterminds");
  if (masterminds.size() != kMasterminds) bad("there must be 4 masterminds");
  const auto& schemes = t.at("schemes", "card_data").as_array("schemes");
  if (schemes.size() != kSchemes) bad("there must be 8 schemes");

  for (size_t h = 0; h < nh; ++h) {
    const Json& hero = heroes[h];
    const std::string hname = hero.at("name", "hero").as_string("hero name");
    cfg.hero_name[h] = hname;
    uint16_t team = 0;
    const Json& tj = hero.at("team", hname);
    if (!tj.is_null()) {
      team = tag_from_name(tj.as_string(hname + ".team"));
      if (team < 256) bad(hname + ": unknown team");
    }
    const auto& cards = hero.at("cards", hname).as_array(hname + ".cards");
    if (cards.size() != 4) bad(hname + " must have 4 different cards");
    for (size_t i = 0; i < 4; ++i) {
      const Json& c = cards[i];
      const int id = static_cast<int>(h * 4 + i);
      const std::string w = hname + ": " + c.at("name", hname).as_string("card name");
      cfg.name[static_cast<size_t>(id)] = w;
      const uint16_t cls = tag_from_name(c.at("class", w).as_string(w + ".class"));
      if (!cls || cls > kGrey) bad(w + ": unknown class");
      cfg.tags[static_cast<size_t>(id)] = static_cast<uint16_t>(cls | team);
      cfg.cost[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("cost", w), w + ".cost", 0, 20));
      cfg.attack[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("attack", w), w + ".attack", 0, 20));
      cfg.recruit[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("recruit", w), w + ".recruit", 0, 20));
      cfg.count[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("count", w), w + ".count", 1, 5));
      cfg.on_play[static_cast<size_t>(id)] = parse_effects(c, "effects", w);
      if (const Json* pc = c.find("play_cost")) {
        if (pc->as_string(w + ".play_cost") != "discard") bad(w + ": play_cost must be \"discard\"");
        cfg.discard_to_play[static_cast<size_t>(id)] = true;
      }
      if (const Json* r = c.find("reaction")) {
        const std::string& s = r->as_string(w + ".reaction");
        if (s == "wound_draw") cfg.wound_draw[static_cast<size_t>(id)] = true;
        else if (s == "return_on_discard") cfg.return_on_discard[static_cast<size_t>(id)] = true;
        else bad(w + ": unknown reaction '" + s + "'");
      }
    }
  }
  std::vector<std::string> group_names, hench_names;
  for (size_t g = 0; g < nv; ++g) group_names.push_back(villains[g].at("name", "villain group").as_string("villain group name"));
  for (size_t g = 0; g < kHenchmenGroups; ++g) hench_names.push_back(henchmen[g].at("name", "henchmen group").as_string("henchmen name"));
  auto villain_card = [&](const Json& c, int id, const std::string& w) {
    cfg.name[static_cast<size_t>(id)] = w;
    cfg.attack[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("attack", w), w + ".attack", 0, 30));
    cfg.vp[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("vp", w), w + ".vp", 0, 20));
    cfg.count[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("count", w), w + ".count", 1, 10));
    cfg.on_fight[static_cast<size_t>(id)] = parse_effects(c, "fight", w);
    cfg.on_escape[static_cast<size_t>(id)] = parse_effects(c, "escape", w);
    cfg.on_ambush[static_cast<size_t>(id)] = parse_effects(c, "ambush", w);
    if (const Json* r = c.find("defeat_requires")) cfg.defeat_requires[static_cast<size_t>(id)] = tags_from_list(r->as_string(w), w);
    if (const Json* a = c.find("attack_from")) {
      if (a->as_string(w) != "under_cost") bad(w + ": attack_from must be \"under_cost\"");
      cfg.attack_from_under[static_cast<size_t>(id)] = true;
    }
    if (const Json* v = c.find("vp_per")) {
      const std::string& s = v->as_string(w + ".vp_per");
      if (s == "vp_other_group") cfg.vp_per_kind[static_cast<size_t>(id)] = 1;
      else if (s.rfind("owned:", 0) == 0) {
        cfg.vp_per_kind[static_cast<size_t>(id)] = 2;
        cfg.vp_per_tags[static_cast<size_t>(id)] = tags_from_list(s.substr(6), w);
      } else {
        bad(w + ": unknown vp_per");
      }
      cfg.vp_per_n[static_cast<size_t>(id)] = static_cast<int8_t>(bounded(c.at("vp_n", w), w + ".vp_n", 0, 10));
    }
  };
  for (size_t g = 0; g < nv; ++g) {
    cfg.group_name[g] = group_names[g];
    const auto& cards = villains[g].at("cards", group_names[g]).as_array(group_names[g] + ".cards");
    if (cards.size() != 4) bad(group_names[g] + " must have 4 different villains");
    int total = 0;
    for (size_t i = 0; i < 4; ++i) {
      villain_card(cards[i], static_cast<int>(kVillainBase + g * 4 + i), cards[i].at("name", group_names[g]).as_string("villain name"));
      total += cfg.count[kVillainBase + g * 4 + i];
    }
    if (total != 8) bad(group_names[g] + " must have 8 cards in all");
  }
  for (size_t g = 0; g < kHenchmenGroups; ++g) {
    cfg.henchmen_name[g] = hench_names[g];
    villain_card(henchmen[g], static_cast<int>(kHenchBase + g), hench_names[g]);
    if (cfg.count[kHenchBase + g] != 10) bad(hench_names[g] + " must have 10 cards");
  }
  for (size_t m = 0; m < kMasterminds; ++m) {
    const Json& mm = masterminds[m];
    const std::string mname = mm.at("name", "mastermind").as_string("mastermind name");
    cfg.mastermind_name[m] = mname;
    const int id = kMastermindBase + static_cast<int>(m);
    cfg.name[static_cast<size_t>(id)] = mname;
    cfg.mastermind_attack[m] = bounded(mm.at("attack", mname), mname + ".attack", 0, 30);
    cfg.attack[static_cast<size_t>(id)] = static_cast<int8_t>(cfg.mastermind_attack[m]);
    cfg.on_ambush[static_cast<size_t>(id)] = parse_effects(mm, "strike", mname);
    const std::string& leads = mm.at("always_leads", mname).as_string(mname + ".always_leads");
    cfg.leads_group[m] = index_of(group_names, leads);
    cfg.leads_henchmen[m] = index_of(hench_names, leads);
    if (cfg.leads_group[m] < 0 && cfg.leads_henchmen[m] < 0) bad(mname + " always leads an unknown group '" + leads + "'");
    const int tvp = bounded(mm.at("tactic_vp", mname), mname + ".tactic_vp", 0, 20);
    const auto& tactics = mm.at("tactics", mname).as_array(mname + ".tactics");
    if (tactics.size() != 4) bad(mname + " must have 4 tactics");
    for (size_t i = 0; i < 4; ++i) {
      const int tid = kTacticBase + static_cast<int>(m * 4 + i);
      const std::string w = mname + ": " + tactics[i].at("name", mname).as_string("tactic name");
      cfg.name[static_cast<size_t>(tid)] = w;
      cfg.vp[static_cast<size_t>(tid)] = static_cast<int8_t>(tvp);
      cfg.on_fight[static_cast<size_t>(tid)] = parse_effects(tactics[i], "fight", w);
    }
  }
  // Per-group counters (draw_per vp_group) name a villain group.
  auto fix_groups = [&](std::vector<Effect>& list, const Json& card, const std::string& key) {
    const Json* arr = card.find(key);
    if (!arr) return;
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i].per != Per::kVpGroup) continue;
      const std::string& s = (*arr).as_array(key)[i].at("per", key).as_string(key);
      const int g = index_of(group_names, s.substr(9));
      if (g < 0) bad("unknown villain group in '" + s + "'");
      list[i].cost = static_cast<int8_t>(g);
    }
  };
  for (size_t m = 0; m < kMasterminds; ++m) {
    const auto& tactics = masterminds[m].at("tactics", "m").as_array("tactics");
    for (size_t i = 0; i < 4; ++i) fix_groups(cfg.on_fight[kTacticBase + m * 4 + i], tactics[i], "fight");
  }
  for (size_t s = 0; s < kSchemes; ++s) {
    const Json& j = schemes[s];
    SchemeDef d;
    d.name = j.at("name", "scheme").as_string("scheme name");
    const std::string& rule = j.at("rule", d.name).as_string(d.name + ".rule");
    const char* rules[] = {"cosmic_cube", "dark_portals", "legacy_virus", "bank_robbery", "negative_zone", "killbots", "skrull_invasion", "civil_war"};
    int r = -1;
    for (int i = 0; i < 8; ++i) {
      if (rule == rules[i]) r = i;
    }
    if (r < 0) bad(d.name + ": unknown rule '" + rule + "'");
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
    d.evil_wins_at = opt("evil_wins_at", 0, 60, 0);
    d.twists_beside = opt("twists_beside", 0, 8, 0);
    d.wounds_per_player = opt("wounds_per_player", 0, 6, 0);
    d.extra_henchmen = opt("extra_henchmen", 0, 1, 0);
    d.skrull_heroes = opt("skrull_heroes", 0, 20, 0);
    d.skrull_attack_plus = opt("skrull_attack_plus", 0, 10, 0);
    if (const Json* sv = j.find("solo")) d.solo = sv->as_bool(d.name + ".solo");
    if (const Json* rq = j.find("requires")) {
      d.requires_group = index_of(group_names, rq->as_string(d.name + ".requires"));
      if (d.requires_group < 0) bad(d.name + " requires an unknown villain group");
    }
    cfg.scheme[s] = d;
  }
  const Json& setup = t.at("setup", "card_data");
  const auto& rows = setup.at("players", "setup").as_array("setup.players");
  if (rows.size() != kMaxPlayers) bad("setup.players must have a row for 1 to 5 players");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Json& row = rows[i];
    SetupRow sr;
    sr.villain_groups = bounded(row.at("villain_groups", "setup"), "villain_groups", 1, 4);
    sr.henchmen_groups = bounded(row.at("henchmen_groups", "setup"), "henchmen_groups", 1, 2);
    sr.henchmen_cards = bounded(row.at("henchmen_cards", "setup"), "henchmen_cards", 1, 10);
    sr.bystanders = bounded(row.at("bystanders", "setup"), "bystanders", 0, 30);
    sr.heroes = bounded(row.at("heroes", "setup"), "heroes", 3, 6);
    sr.master_strikes = bounded(row.at("master_strikes", "setup"), "master_strikes", 1, 5);
    cfg.setup[i + 1] = sr;
  }
  cfg.starting_agents = bounded(setup.at("starting_agents", "setup"), "starting_agents", 0, 12);
  cfg.starting_troopers = bounded(setup.at("starting_troopers", "setup"), "starting_troopers", 0, 12);
  cfg.hand_size = bounded(setup.at("hand_size", "setup"), "hand_size", 1, 10);
  cfg.officers = bounded(setup.at("officers", "setup"), "officers", 0, 30);
  cfg.wounds = bounded(setup.at("wounds", "setup"), "wounds", 0, 30);
  cfg.bystanders = bounded(setup.at("bystanders", "setup"), "bystanders", 0, 30);
  const Json& solo = setup.at("solo_score", "setup");
  cfg.solo_per_carried = bounded(solo.at("per_bystander_carried", "solo_score"), "per_bystander_carried", 0, 20);
  cfg.solo_per_twist = bounded(solo.at("per_twist", "solo_score"), "per_twist", 0, 20);
  cfg.solo_per_escaped = bounded(solo.at("per_escaped_villain", "solo_score"), "per_escaped_villain", 0, 20);
  cfg.showdown_vp = bounded(setup.at("showdown_vp", "setup"), "showdown_vp", 0, 20);
  const auto& basics = t.at("basics", "card_data").as_array("basics");
  if (basics.size() != 3) bad("basics must list the Agent, the Trooper and the Officer");
  for (size_t i = 0; i < 3; ++i) {
    const Json& b = basics[i];
    const size_t id = kAgent + i;
    cfg.name[id] = b.at("name", "basic").as_string("basic name");
    cfg.cost[id] = static_cast<int8_t>(bounded(b.at("cost", cfg.name[id]), cfg.name[id], 0, 10));
    cfg.attack[id] = static_cast<int8_t>(bounded(b.at("attack", cfg.name[id]), cfg.name[id], 0, 10));
    cfg.recruit[id] = static_cast<int8_t>(bounded(b.at("recruit", cfg.name[id]), cfg.name[id], 0, 10));
    cfg.tags[id] = static_cast<uint16_t>(tags_from_list(b.at("class", cfg.name[id]).as_string("class"), cfg.name[id]) |
                                         tags_from_list(b.at("team", cfg.name[id]).as_string("team"), cfg.name[id]));
  }
  cfg.name[kWound] = "Wound";
  cfg.name[kBystander] = "Bystander";
  cfg.vp[kBystander] = static_cast<int8_t>(bounded(t.at("bystander", "card_data").at("vp", "bystander"), "bystander vp", 0, 5));
  cfg.name[kTwist] = "Scheme Twist";
  cfg.name[kStrike] = "Master Strike";
  cfg.name[kSkrullHero] = "Skrull Hero";
  const auto& city = t.at("city", "card_data").as_array("city");
  if (city.size() != kCity) bad("city must name 5 spaces");
  for (size_t i = 0; i < kCity; ++i) cfg.city_name[i] = city[i].as_string("city");
  for (int a = 0; a < kNumCardIds; ++a) {
    for (int b = a + 1; b < kNumCardIds; ++b) {
      if (cfg.name[static_cast<size_t>(a)] == cfg.name[static_cast<size_t>(b)]) bad("two cards are named '" + cfg.name[static_cast<size_t>(a)] + "'");
    }
  }
}

std::vector<int> pick_list(const Json& options, const char* key, const std::array<std::string, kHeroes>* heroes,
                           const std::vector<std::string>& names) {
  std::vector<int> out;
  for (const auto& v : options.at(key, "options").as_array(key)) {
    const std::string& s = v.as_string(key);
    const int i = heroes ? index_of(std::vector<std::string>(heroes->begin(), heroes->end()), s) : index_of(names, s);
    if (i < 0) throw OptionError(std::string("option '") + key + "': unknown name '" + s + "'");
    for (int prior : out) {
      if (prior == i) throw OptionError(std::string("option '") + key + "' names '" + s + "' twice");
    }
    out.push_back(i);
  }
  return out;
}

}  // namespace

Config make_config(const Json& options) {
  Config cfg;
  cfg.players = static_cast<int>(options.at("players", "options").as_int("players"));
  const std::string& data = options.at("card_data", "options").as_string("card_data");
  Json table;
  if (data.empty()) {
    table = builtin_card_table();
  } else {
    try {
      table = Json::parse(data);
    } catch (const SerializationError& e) {
      throw OptionError(std::string("card_data is not valid JSON: ") + e.what());
    }
  }
  try {
    load_table(cfg, table);
  } catch (const SerializationError& e) {
    bad(e.what());
  }
  cfg.table = table;
  const int n = cfg.players;
  std::vector<std::string> groups(cfg.group_name.begin(), cfg.group_name.end());
  std::vector<std::string> hench(cfg.henchmen_name.begin(), cfg.henchmen_name.end());
  std::vector<std::string> schemes, masterminds(cfg.mastermind_name.begin(), cfg.mastermind_name.end());
  for (const auto& s : cfg.scheme) schemes.push_back(s.name);
  const std::string& sname = options.at("scheme", "options").as_string("scheme");
  if (sname != "random") {
    cfg.scheme_opt = index_of(schemes, sname);
    if (cfg.scheme_opt < 0) throw OptionError("option 'scheme': unknown scheme '" + sname + "'");
    if (n == 1 && !cfg.scheme[static_cast<size_t>(cfg.scheme_opt)].solo) throw OptionError("option 'scheme': '" + sname + "' is not played solo");
  }
  const std::string& mname = options.at("mastermind", "options").as_string("mastermind");
  if (mname != "random") {
    cfg.mastermind_opt = index_of(masterminds, mname);
    if (cfg.mastermind_opt < 0) throw OptionError("option 'mastermind': unknown mastermind '" + mname + "'");
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
  return cfg;
}

}  // namespace henchmen::legendary
