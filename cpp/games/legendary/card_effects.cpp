#include "games/legendary/card_effects.h"

#include "core/error.h"

namespace henchmen::legendary {

namespace {

[[noreturn]] void bad(const std::string& why) { throw OptionError("card_data: " + why); }

// The fields an effect may have.
enum Key : uint16_t {
  kN = 1, kIf = 2, kPer = 4, kFrom = 8, kFilter = 16, kMode = 32, kKind = 64, kScope = 128,
  kMay = 256, kSpace = 512, kCost = 1024, kAtLeast = 2048, kThen = 4096,
};
const char* const kKeyNames[] = {"n", "if", "per", "from", "filter", "mode", "kind", "scope", "may", "space", "cost", "at_least", "then"};
constexpr int kNumKeys = 13;

// Where an effect may appear (bit per Trigger).
constexpr uint8_t P = 1, F = 2, T = 4, E = 8, A = 16, S = 32, kAll = 63;
const char* const kTriggerNames[] = {"a Hero's effects", "a Villain's fight", "a tactic's fight", "an escape", "an ambush", "a Master Strike"};

// Constraints beyond the fields and places.
enum Constraint : uint8_t {
  kTagFilter = 1,    // filter must name classes or teams
  kLast = 2,         // must be the last effect of its list (it starts a chain)
  kVillainOnly = 4,  // only on a villain of a group (not henchmen)
};

struct Spec {
  Op op;
  const char* name;
  uint16_t allowed;
  uint16_t required;
  int n_lo, n_hi, n_default;
  uint8_t where;
  uint8_t constraints;
};

// n_default applies when n is allowed but absent. Ranges keep every count the
// effect adds within what the state and its serialization hold.
const Spec kSpecs[] = {
    {Op::kAttack, "attack", kN | kIf, kN, 0, 20, 0, kAll, 0},
    {Op::kRecruit, "recruit", kN | kIf, kN, 0, 20, 0, kAll, 0},
    {Op::kDraw, "draw", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kRescue, "rescue", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kAttackPer, "attack_per", kN | kIf | kPer, kN | kPer, 1, 10, 1, kAll, 0},
    {Op::kRecruitPer, "recruit_per", kN | kIf | kPer, kN | kPer, 1, 10, 1, kAll, 0},
    {Op::kRescuePer, "rescue_per", kN | kIf | kPer, kN | kPer, 1, 10, 1, kAll, 0},
    {Op::kDrawPer, "draw_per", kN | kIf | kPer, kN | kPer, 1, 10, 1, kAll, 0},
    {Op::kKoThen, "ko_then", kIf | kFrom | kFilter | kThen, kFrom | kThen, 0, 0, 0, kAll, 0},
    {Op::kRevealTop, "reveal_top", kN | kIf | kMode | kFilter, kMode, 0, 15, 0, kAll, 0},
    {Op::kRevealOthersDiscardOrBack, "reveal_others_discard_or_back", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kLookTopTakeCostLe, "look_top_take_cost_le", kN | kIf | kCost, kN | kCost, 1, 8, 1, kAll, 0},
    {Op::kPutHandOnTop, "put_hand_on_top", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kVillainCapturesChoice, "villain_captures_choice", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kDoOver, "do_over", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kGainWoundToHandMay, "gain_wound_to_hand_may", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kPassLeft, "pass_left", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kMayPlayVillainCard, "may_play_villain_card", kIf | kThen, kThen, 0, 0, 0, P, kLast},
    {Op::kPsychicLink, "psychic_link", kIf, 0, 0, 0, 0, P, 0},
    {Op::kOnDefeatRecruit, "on_defeat_recruit", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kOnDefeatRescue, "on_defeat_rescue", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kOthersDrawOrDiscard, "others_draw_or_discard", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kEachGainWound, "each_gain_wound", kN | kIf | kScope, 0, 1, 5, 1, kAll, 0},
    {Op::kDefeatWithBystander, "defeat_with_bystander", kIf, 0, 0, 0, 0, P | F | T, 0},
    {Op::kDefeatBelowKoCount, "defeat_below_ko_count", kIf | kFilter, kFilter, 0, 0, 0, P | F | T, kTagFilter},
    {Op::kCopyPlayed, "copy_played", kIf, 0, 0, 0, 0, P, 0},
    {Op::kStealAbilities, "steal_abilities", kIf, 0, 0, 0, 0, P, kLast},
    {Op::kSpaceMinus, "space_minus", kN | kIf | kSpace, kN | kSpace, 1, 10, 1, kAll, 0},
    {Op::kMastermindMinus, "mastermind_minus", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kMoveVillain, "move_villain", kIf, 0, 0, 0, 0, P | F | T, 0},
    {Op::kAttackIfRecruitMade, "attack_if_recruit_made", kN | kIf | kAtLeast, kN | kAtLeast, 1, 20, 1, kAll, 0},
    {Op::kRecruitAsAttack, "recruit_as_attack", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kGainOfficerToHand, "gain_officer_to_hand", kN | kIf, 0, 1, 5, 1, kAll, 0},
    {Op::kEachRevealOrWound, "each_reveal_or_wound", kN | kIf | kFilter | kScope, kFilter, 1, 5, 1, kAll, kTagFilter},
    {Op::kEachKoHeroes, "each_ko_heroes", kN | kIf | kFrom, kN | kFrom, 1, 5, 1, kAll, 0},
    {Op::kKoYourAll, "ko_your_all", kIf | kFilter, kFilter, 0, 0, 0, kAll, kTagFilter},
    {Op::kKoYourHeroes, "ko_your_heroes", kN | kIf, kN, 1, 5, 1, kAll, 0},
    {Op::kKoYourHeroesPer, "ko_your_heroes_per", kIf | kFilter, kFilter, 0, 0, 0, kAll, kTagFilter},
    {Op::kBecomesTwist, "becomes_twist", kIf, 0, 0, 0, 0, E, kVillainOnly | kLast},
    {Op::kChoosePlayerKoWounds, "choose_player_ko_wounds", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kPlayVillainCards, "play_villain_cards", kN | kIf, kN, 1, 5, 1, P | F | T | A | S, kLast},
    {Op::kGainOfficerMay, "gain_officer_may", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kEachWithoutGroupGainsWound, "each_without_group_gains_wound", kIf, 0, 0, 0, 0, F | E | A, kVillainOnly},
    {Op::kEachRevealTopKoOrBack, "each_reveal_top_ko_or_back", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kPaibok, "paibok", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kTakeHqUnder, "take_hq_under", kIf | kMode, kMode, 0, 0, 0, A, 0},
    {Op::kGainUnder, "gain_under", kIf, 0, 0, 0, 0, F, 0},
    {Op::kCapture, "capture", kN | kIf, kN, 1, 5, 1, A, 0},
    {Op::kExtraDraw, "extra_draw", kN | kIf, kN, 1, 5, 1, kAll, 0},
    {Op::kLookTopKoOne, "look_top_ko_one", kN | kIf, kN, 1, 8, 1, kAll, 0},
    {Op::kEachRevealOrDiscardTo, "each_reveal_or_discard_to", kN | kIf | kFilter, kN | kFilter, 0, 10, 0, kAll, kTagFilter},
    {Op::kEachSixRevealOrTop2, "each_six_reveal_or_top2", kIf | kFilter, kFilter, 0, 0, 0, kAll, kTagFilter},
    {Op::kFreeRecruit, "free_recruit", kIf | kFilter | kMay, kFilter, 0, 0, 0, kAll, kTagFilter},
    {Op::kBubble, "bubble", kIf | kFilter, kFilter, 0, 0, 0, kAll, kTagFilter},
    {Op::kExtraTurn, "extra_turn", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kDefeatCityFree, "defeat_city_free", kIf, 0, 0, 0, 0, P | F | T, 0},
    {Op::kKoUpToFromDiscard, "ko_up_to_from_discard", kN | kIf, kN, 1, 10, 1, kAll, 0},
    {Op::kEachOtherKoVp, "each_other_ko_vp", kN | kIf | kKind, kN | kKind, 1, 5, 1, kAll, 0},
    {Op::kRuthlessDictator, "ruthless_dictator", kIf, 0, 0, 0, 0, kAll, 0},
    {Op::kNewHandSize, "new_hand_size", kN | kIf, kN, 1, 10, 1, kAll, 0},
};
static_assert(sizeof(kSpecs) / sizeof(kSpecs[0]) == static_cast<size_t>(Op::kCount) - 1, "one spec per effect primitive");

const Spec& spec_of(const std::string& name, const std::string& where) {
  for (const Spec& s : kSpecs) {
    if (name == s.name) return s;
  }
  std::string known;
  for (const Spec& s : kSpecs) known += std::string(known.empty() ? "" : ", ") + s.name;
  bad(where + ": unknown effect '" + name + "' (known: " + known + ")");
}

// The effects a `then` may give.
bool then_allowed(Op host, Op then) {
  if (host == Op::kMayPlayVillainCard) return then == Op::kAttack;
  return then == Op::kAttack || then == Op::kRecruit || then == Op::kRescue || then == Op::kDraw || then == Op::kGainOfficerToHand;
}

bool is_comment_key(const std::string& k) {
  auto ends = [&](const char* suffix) {
    const std::string s(suffix);
    return k.size() > s.size() && k.compare(k.size() - s.size(), s.size(), s) == 0;
  };
  return k == "text" || k == "note" || k == "designed" || ends("_text") || ends("_designed");
}

int bounded(const Json& v, const std::string& what, int lo, int hi) {
  try {
    return static_cast<int>(v.as_int(what, lo, hi));
  } catch (const SerializationError& e) {
    bad(e.what());
  }
}

const std::string& text_of(const Json& v, const std::string& what) {
  try {
    return v.as_string(what);
  } catch (const SerializationError& e) {
    bad(e.what());
  }
}

Effect parse_one(const Json& j, const std::string& where, Trigger trigger, int group, const std::vector<std::string>& groups, bool last,
                 bool nested) {
  if (!j.is_object()) bad(where + " must be an object like {\"op\": \"draw\", \"n\": 1}");
  const Json* opj = j.find("op");
  if (!opj) bad(where + " has no \"op\"");
  const Spec& sp = spec_of(text_of(*opj, where + ".op"), where);
  const std::string w = where + " (" + sp.name + ")";
  // Fields: only those this primitive takes, and every one it needs.
  for (const auto& [key, value] : j.as_object(w)) {
    if (key == "op" || is_comment_key(key)) continue;
    int bit = -1;
    for (int i = 0; i < kNumKeys; ++i) {
      if (key == kKeyNames[i]) bit = i;
    }
    if (bit < 0 || !(sp.allowed & (1u << bit))) {
      std::string ok;
      for (int i = 0; i < kNumKeys; ++i) {
        if (sp.allowed & (1u << i)) ok += std::string(ok.empty() ? "" : ", ") + kKeyNames[i];
      }
      bad(w + ": field '" + key + "' is not one this effect takes (it takes: " + (ok.empty() ? "none" : ok) + ")");
    }
  }
  for (int i = 0; i < kNumKeys; ++i) {
    if ((sp.required & (1u << i)) && !j.find(kKeyNames[i])) bad(w + ": needs the field '" + kKeyNames[i] + "'");
  }
  const uint8_t here = static_cast<uint8_t>(1u << static_cast<int>(trigger));
  if (!(sp.where & here)) {
    std::string ok;
    for (int i = 0; i < 6; ++i) {
      if (sp.where & (1u << i)) ok += std::string(ok.empty() ? "" : ", ") + kTriggerNames[i];
    }
    bad(w + ": cannot appear in " + kTriggerNames[static_cast<int>(trigger)] + " (only in: " + ok + ")");
  }
  if ((sp.constraints & kVillainOnly) && group < 0) bad(w + ": only a Villain of a villain group can have this effect");
  if ((sp.constraints & kLast) && !last) bad(w + ": starts a chain of cards, so it must be the last effect of its list");
  if (sp.op == Op::kPlayVillainCards && trigger == Trigger::kOnAmbush) {
    const Json* nj = j.find("n");
    if (nj && bounded(*nj, w + ".n", 1, 5) != 1) bad(w + ".n must be 1 in an ambush (each card played resolves its own ambush)");
  }

  Effect e;
  e.op = sp.op;
  e.n = static_cast<int8_t>(sp.n_default);
  if (const Json* n = j.find("n")) e.n = static_cast<int8_t>(bounded(*n, w + ".n", sp.n_lo, sp.n_hi));
  if (const Json* c = j.find("if")) {
    const std::string& s = text_of(*c, w + ".if");
    if (s == "first_hero") {
      e.cond = Cond::kFirstHero;
    } else if (s.rfind("class:", 0) == 0 || s.rfind("team:", 0) == 0) {
      e.cond = Cond::kSuperpower;
      e.cond_tags = tags_from_list(s.substr(s.find(':') + 1), w + ".if");
    } else if (s.rfind("fought_in:", 0) == 0) {
      e.cond = Cond::kFoughtIn;
      const std::string list = s.substr(10);
      size_t start = 0;
      while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        const int space = space_from_name(list.substr(start, end - start));
        if (space < 0) bad(w + ".if: unknown city space in '" + s + "' (sewers, bank, rooftops, streets, bridge)");
        e.cond_spaces = static_cast<uint8_t>(e.cond_spaces | (1u << space));
        start = end + 1;
      }
    } else {
      bad(w + ".if: unknown condition '" + s + "' (class:<classes>, team:<teams>, fought_in:<spaces>, first_hero)");
    }
    if ((e.cond == Cond::kSuperpower || e.cond == Cond::kFirstHero) && trigger != Trigger::kOnPlay) {
      bad(w + ".if: '" + s + "' is about the Heroes played this turn, so only a Hero's effects can have it");
    }
    if (e.cond == Cond::kFoughtIn && trigger != Trigger::kOnVillainFight) bad(w + ".if: '" + s + "' only means something in a Villain's fight");
  }
  if (const Json* p = j.find("per")) {
    const std::string& s = text_of(*p, w + ".per");
    if (s == "vp_bystanders") e.per = Per::kVpBystanders;
    else if (s == "colors") e.per = Per::kColors;
    else if (s == "other_played_odd_cost") e.per = Per::kOtherPlayedOddCost;
    else if (s == "extra_draws") e.per = Per::kExtraDraws;
    else if (s.rfind("other_played:", 0) == 0) { e.per = Per::kOtherPlayed; e.tags = tags_from_list(s.substr(13), w + ".per"); }
    else if (s.rfind("your:", 0) == 0) { e.per = Per::kYour; e.tags = tags_from_list(s.substr(5), w + ".per"); }
    else if (s.rfind("vp_group:", 0) == 0) {
      e.per = Per::kVpGroup;
      for (size_t g = 0; g < groups.size(); ++g) {
        if (groups[g] == s.substr(9)) e.group = static_cast<int8_t>(g);
      }
      if (e.group < 0) bad(w + ".per: unknown villain group in '" + s + "'");
    } else {
      bad(w + ".per: unknown counter '" + s + "' (vp_bystanders, colors, other_played:<tags>, other_played_odd_cost, extra_draws, your:<tags>, vp_group:<group>)");
    }
    if ((e.per == Per::kOtherPlayed || e.per == Per::kOtherPlayedOddCost) && trigger != Trigger::kOnPlay) {
      bad(w + ".per: '" + s + "' counts the other Heroes played, so only a Hero's effects can have it");
    }
  }
  if (const Json* f = j.find("from")) {
    const std::string& s = text_of(*f, w + ".from");
    if (s == "hand") e.from = From::kHand;
    else if (s == "discard") e.from = From::kDiscard;
    else if (s == "hand_or_discard") e.from = From::kHandOrDiscard;
    else if (s == "heroes" && sp.op == Op::kEachKoHeroes) e.from = From::kYourHeroes;
    else bad(w + ".from: unknown source '" + s + "' (hand, discard, hand_or_discard" + (sp.op == Op::kEachKoHeroes ? ", heroes)" : ")"));
  }
  if (const Json* f = j.find("filter")) {
    const std::string& s = text_of(*f, w + ".filter");
    if (s == "any" && !(sp.constraints & kTagFilter)) e.filter = Filter::kAny;
    else if (s == "wound" && !(sp.constraints & kTagFilter)) e.filter = Filter::kWounds;
    else { e.filter = Filter::kTags; e.tags = tags_from_list(s, w + ".filter"); }
  }
  if (const Json* m = j.find("mode")) {
    const std::string& s = text_of(*m, w + ".mode");
    if (sp.op == Op::kRevealTop) {
      if (s == "draw_if_cost_le") e.mode = Mode::kDrawIfCostLe;
      else if (s == "draw_if") e.mode = Mode::kDrawIf;
      else if (s == "attack_cost") e.mode = Mode::kAttackCost;
      else if (s == "discard_or_back") e.mode = Mode::kDiscardOrBack;
      else bad(w + ".mode: unknown mode '" + s + "' (draw_if_cost_le, draw_if, attack_cost, discard_or_back)");
    } else {
      if (s == "highest") e.mode = Mode::kHighest;
      else if (s == "rightmost") e.mode = Mode::kRightmost;
      else bad(w + ".mode: unknown mode '" + s + "' (highest, rightmost)");
    }
  }
  if (sp.op == Op::kRevealTop) {
    // Each mode has its own argument: a cost bound, or the one class or team to draw.
    const bool has_n = j.find("n") != nullptr, has_filter = j.find("filter") != nullptr;
    if (e.mode == Mode::kDrawIfCostLe && (!has_n || has_filter)) bad(w + ": mode draw_if_cost_le needs n (the cost, 0 to 15) and no filter");
    if (e.mode == Mode::kDrawIf && (has_n || !has_filter || __builtin_popcount(e.tags) != 1)) {
      bad(w + ": mode draw_if needs a filter naming one class or team, and no n");
    }
    if ((e.mode == Mode::kAttackCost || e.mode == Mode::kDiscardOrBack) && (has_n || has_filter)) bad(w + ": this mode takes no n and no filter");
  }
  if (const Json* k = j.find("kind")) {
    const std::string& s = text_of(*k, w + ".kind");
    if (s == "villain") e.mode = Mode::kVillain;
    else if (s == "bystander") e.mode = Mode::kBystanders;
    else bad(w + ".kind: unknown kind '" + s + "' (villain, bystander)");
  }
  if (const Json* s = j.find("scope")) {
    const std::string& t = text_of(*s, w + ".scope");
    if (t == "all") e.all = true;
    else if (t == "others") e.all = false;
    else bad(w + ".scope must be all or others");
  }
  if (const Json* m = j.find("may")) {
    try {
      e.may = m->as_bool(w + ".may");
    } catch (const SerializationError& x) {
      bad(x.what());
    }
  }
  if (const Json* s = j.find("space")) {
    e.space = static_cast<int8_t>(space_from_name(text_of(*s, w + ".space")));
    if (e.space < 0) bad(w + ".space: unknown city space (sewers, bank, rooftops, streets, bridge)");
  }
  if (const Json* c = j.find("cost")) e.cost = static_cast<int8_t>(bounded(*c, w + ".cost", 0, 20));
  if (const Json* c = j.find("at_least")) e.cost = static_cast<int8_t>(bounded(*c, w + ".at_least", 1, 100));
  if (const Json* t = j.find("then")) {
    if (nested) bad(w + ": a then cannot have a then of its own");
    const Effect then = parse_one(*t, w + ".then", trigger, group, groups, true, true);
    if (!then_allowed(sp.op, then.op) || then.cond != Cond::kNone) {
      bad(w + ".then: must be " +
          (sp.op == Op::kMayPlayVillainCard ? std::string("attack") : std::string("attack, recruit, rescue, draw or gain_officer_to_hand")) +
          ", with n and no condition");
    }
    e.then_op = then.op;
    e.then_n = then.n;
  }
  return e;
}

}  // namespace

const char* op_name(Op op) {
  for (const Spec& s : kSpecs) {
    if (s.op == op) return s.name;
  }
  return "none";
}

uint16_t tags_from_list(const std::string& text, const std::string& where) {
  uint16_t out = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(start, end - start);
    const uint16_t t = tag_from_name(part);
    if (!t) {
      bad(where + ": unknown class or team '" + part +
          "' (strength, instinct, covert, tech, ranged, grey, avengers, x-men, spider-friends, shield; several with commas)");
    }
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

void expect_card_keys(const Json& obj, const std::vector<std::string>& allowed, const std::string& where) {
  if (!obj.is_object()) bad(where + " must be an object");
  for (const auto& kv : obj.as_object(where)) {
    bool ok = is_comment_key(kv.first);
    for (const auto& a : allowed) ok = ok || a == kv.first;
    if (ok) continue;
    std::string list;
    for (const auto& a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
    bad(where + ": unknown field '" + kv.first + "' (allowed: " + list + ", and comments: text, note, *_text)");
  }
}

std::vector<Effect> parse_effect_list(const Json& card, const std::string& key, const std::string& where, Trigger trigger, int group,
                                      const std::vector<std::string>& groups) {
  std::vector<Effect> out;
  const Json* list = card.find(key);
  if (!list) return out;
  const std::string w = where + "." + key;
  if (!list->is_array()) bad(w + " must be a list of effects");
  const auto& items = list->as_array(w);
  if (static_cast<int>(items.size()) > kMaxEffectsPerList) {
    bad(w + " has " + std::to_string(items.size()) + " effects; at most " + std::to_string(kMaxEffectsPerList) + " are allowed");
  }
  for (size_t i = 0; i < items.size(); ++i) {
    out.push_back(parse_one(items[i], w + "[" + std::to_string(i) + "]", trigger, group, groups, i + 1 == items.size(), false));
  }
  return out;
}

}  // namespace henchmen::legendary
