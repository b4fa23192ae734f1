// Super!: reading a card table. It is user input (the `card_data` option),
// so every field is checked: its type, its range, what it refers to; an
// unknown field is refused, since a misspelt one would otherwise be ignored.
#include <algorithm>
#include <string>
#include <vector>

#include "core/card_table.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/super/cards.h"

extern const char* const super_cards_json;

namespace henchmen::super {

const char* const kElementNames[kElements] = {"Fire", "Water", "Earth", "Air", "Universal"};

namespace {

constexpr size_t kMaxName = 40;
constexpr size_t kMaxText = 600;

using namespace card_table;

void designed_flag(const Json& obj, const std::string& where) {
  if (const Json* d = obj.find("designed")) {
    if (!d->is_bool()) bad(where + " designed must be true or false");
  }
}

const char* const kCategories[] = {"attack", "defense", "passive"};
const char* const kAbilities[] = {"attack", "attack-all", "absorb", "deflect", "shield", "counter", "recover", "power-up"};
const char* const kEffects[] = {"none", "drain"};
const char* const kWhen[] = {"never", "top-element", "top-two-element", "top-two-attack"};
const char* const kGives[] = {"nothing", "damage", "heal", "as-shield", "as-attack"};
const char* const kPowerAbilities[] = {"attack", "attack-all", "heal", "draw", "guard", "boost", "drain", "mastery", "attack-drain", "shield", "absorb", "deflect", "counter"};
const char* const kUntil[] = {"now", "end-of-turn", "start-of-next-turn"};
const char* const kStops[] = {"any", "cards", "knockouts"};
const char* const kElementWords[] = {"Fire", "Water", "Earth", "Air", "Universal"};

}  // namespace

Json builtin_card_table() { return Json::parse(super_cards_json); }

void read_card_table(const Json& table, Config& cfg) {
  keys(table, {"note", "health", "hand_size", "overtime_health", "elements", "types", "cards", "powers"}, "the card table");
  cfg.health = number(table, "health", "the card table", 1, 99);
  cfg.hand_size = number(table, "hand_size", "the card table", 1, 8);
  cfg.overtime_health = number(table, "overtime_health", "the card table", 1, cfg.health);
  const Json& els = field(table, "elements", "the card table");
  if (!els.is_array() || els.as_array("elements").size() != kElements) bad("elements must list Fire, Water, Earth, Air, Universal");
  for (int e = 0; e < kElements; ++e) {
    const Json& v = els.as_array("elements")[static_cast<size_t>(e)];
    if (!v.is_string() || v.as_string("element") != kElementNames[e]) bad("elements must list Fire, Water, Earth, Air, Universal in that order");
  }

  const Json& types = field(table, "types", "the card table");
  if (!types.is_array() || types.as_array("types").empty() || types.as_array("types").size() > 16) bad("types must be a list of 1 to 16 card types");
  cfg.types.clear();
  std::vector<std::string> type_names;
  for (const Json& t : types.as_array("types")) {
    const std::string where = "card type " + std::to_string(cfg.types.size() + 1);
    keys(t, {"name", "category", "ability", "attack_effect", "passive_heal", "bonus", "text", "designed"}, where);
    designed_flag(t, where);
    CardType ct;
    ct.name = text(t, "name", where, kMaxName);
    ct.text = text(t, "text", where, kMaxText);
    ct.category = static_cast<Category>(pick(t, "category", where, kCategories));
    ct.ability = static_cast<Ability>(pick(t, "ability", where, kAbilities));
    ct.attack_effect = static_cast<AttackEffect>(pick(t, "attack_effect", where, kEffects));
    ct.passive_heal = number(t, "passive_heal", where, 0, 10);
    const Json& b = field(t, "bonus", where);
    keys(b, {"when", "gives", "amount"}, where + " bonus");
    ct.when = static_cast<BonusWhen>(pick(b, "when", where + " bonus", kWhen));
    ct.gives = static_cast<BonusGives>(pick(b, "gives", where + " bonus", kGives));
    ct.amount = number(b, "amount", where + " bonus", 0, 10);
    const bool attacks = ct.ability == kAbAttack || ct.ability == kAbAttackAll;
    const bool defends = ct.ability == kAbAbsorb || ct.ability == kAbDeflect || ct.ability == kAbShield || ct.ability == kAbCounter;
    if (attacks != (ct.category == kAttackCard) || defends != (ct.category == kDefenseCard)) {
      bad(where + " (" + ct.name + "): an attack ability needs the attack category, a defense ability (absorb, deflect, shield, counter) the defense category, the rest passive");
    }
    if (ct.gives == kAsShield && !attacks) bad(where + " (" + ct.name + "): only an attack card can have an as-shield bonus");
    if (ct.gives == kAsAttack && !defends) bad(where + " (" + ct.name + "): only a defense card can have an as-attack bonus");
    if ((ct.gives == kPlusDamage) && !(attacks || ct.ability == kAbDeflect || ct.ability == kAbCounter)) bad(where + " (" + ct.name + "): a damage bonus needs an attack, a deflect or a counter");
    if ((ct.gives == kPlusHeal) && !(ct.ability == kAbShield || ct.ability == kAbAbsorb || ct.ability == kAbRecover)) bad(where + " (" + ct.name + "): a heal bonus needs a shield, an absorb or a recover card");
    if ((ct.when == kNever) != (ct.gives == kGivesNothing)) bad(where + " (" + ct.name + "): a bonus with no condition gives nothing, and one that gives nothing has no condition");
    if (ct.attack_effect == kDrainEffect && !attacks) bad(where + " (" + ct.name + "): only an attack card has an attack effect");
    type_names.push_back(ct.name);
    cfg.types.push_back(ct);
  }
  check_distinct_names(type_names, "card_data types");

  const Json& cards = field(table, "cards", "the card table");
  if (!cards.is_array() || cards.as_array("cards").empty() || cards.as_array("cards").size() > kMaxKinds) {
    bad("cards must be a list of 1 to " + std::to_string(kMaxKinds) + " cards");
  }
  cfg.kinds = 0;
  cfg.total_cards = 0;
  std::vector<std::string> names;
  for (const Json& c : cards.as_array("cards")) {
    const std::string where = "card " + std::to_string(cfg.kinds + 1);
    keys(c, {"name", "type", "element", "value", "count", "designed"}, where);
    designed_flag(c, where);
    const int k = cfg.kinds++;
    cfg.name[k] = text(c, "name", where, kMaxName);
    const std::string t = text(c, "type", where, kMaxName);
    int found = -1;
    for (size_t i = 0; i < cfg.types.size(); ++i) {
      if (cfg.types[i].name == t) found = static_cast<int>(i);
    }
    if (found < 0) bad(where + " (" + cfg.name[k] + ") has type '" + t + "', which is not in types");
    cfg.type[k] = static_cast<uint8_t>(found);
    cfg.element[k] = static_cast<Element>(pick(c, "element", where, kElementWords));
    cfg.value[k] = number(c, "value", where, 0, 20);
    cfg.count[k] = number(c, "count", where, 1, kMaxCopies);
    cfg.total_cards += cfg.count[k];
    names.push_back(cfg.name[k]);
  }
  if (cfg.total_cards > 250) bad("the deck may hold at most 250 cards, got " + std::to_string(cfg.total_cards));
  cfg.attack_kinds = cfg.as_attack_kinds = cfg.attack_all_kinds = cfg.effect_kinds = 0;
  cfg.block_kinds = cfg.counter_kinds = cfg.as_shield_kinds = cfg.deflect_kinds = 0;
  for (int k = 0; k < cfg.kinds; ++k) {
    const CardType& t = cfg.type_of(k);
    const uint64_t bit = uint64_t{1} << k;
    if (t.ability == kAbAttack) cfg.attack_kinds |= bit;
    if (t.gives == kAsAttack) cfg.as_attack_kinds |= bit;
    if (t.ability == kAbAttackAll) cfg.attack_all_kinds |= bit;
    if (t.category != kAttackCard) cfg.effect_kinds |= bit;
    if (t.ability == kAbAbsorb || t.ability == kAbShield) cfg.block_kinds |= bit;
    if (t.ability == kAbCounter) cfg.counter_kinds |= bit;
    if (t.gives == kAsShield) cfg.as_shield_kinds |= bit;
    if (t.ability == kAbDeflect) cfg.deflect_kinds |= bit;
  }

  const Json& powers = field(table, "powers", "the card table");
  if (!powers.is_array() || powers.as_array("powers").size() < kMaxPlayers || powers.as_array("powers").size() > kMaxPowers) {
    bad("powers must list " + std::to_string(kMaxPlayers) + " to " + std::to_string(kMaxPowers) + " Super Powers (one each for up to ten players)");
  }
  cfg.powers.clear();
  for (const Json& p : powers.as_array("powers")) {
    const std::string where = "power " + std::to_string(cfg.powers.size() + 1);
    keys(p, {"name", "element", "ability", "amount", "per_rival", "most_rivals", "until", "stops", "text", "designed"}, where);
    designed_flag(p, where);
    Power pw;
    pw.name = text(p, "name", where, kMaxName);
    pw.text = text(p, "text", where, kMaxText);
    pw.element = static_cast<Element>(pick(p, "element", where, kElementWords));
    pw.ability = static_cast<PowerAbility>(pick(p, "ability", where, kPowerAbilities));
    pw.amount = number(p, "amount", where, 0, 20);
    pw.until = static_cast<Until>(pick(p, "until", where, kUntil));
    pw.stops = p.has("stops") ? static_cast<Stops>(pick(p, "stops", where, kStops)) : kStopsAny;
    if (p.has("stops") && !pw.defense()) bad(where + " (" + pw.name + "): stops says what a defense power defends, and this power is used on its owner's turn");
    const bool lasting = pw.ability == kPowGuard || pw.ability == kPowBoost || pw.ability == kPowDrain || pw.ability == kPowMastery;
    if (lasting == (pw.until == kNow)) bad(where + " (" + pw.name + "): guard, boost, drain and mastery last (end-of-turn or start-of-next-turn); every other power deactivates now");
    if ((pw.ability == kPowAttack || pw.ability == kPowAttackDrain || pw.ability == kPowAttackAll || pw.ability == kPowHeal || pw.ability == kPowDraw || pw.ability == kPowGuard) && pw.amount < 1) {
      bad(where + " (" + pw.name + "): amount must be at least 1 for this ability");
    }
    if ((pw.ability == kPowDraw || pw.ability == kPowShield) && pw.amount > 5) bad(where + " (" + pw.name + "): a draw or shield power draws at most 5");
    // Designed: a power may grow with the table, by per_rival for each rival
    // beyond the first, counting at most most_rivals rivals (kMostRivalsScaled
    // unless told): a damage boost worth winning a duel with is worth little
    // against three rivals, who all strike back, and each power stops growing
    // where its worth stops growing (a counter feared alone is one threat among
    // many in a crowd; health regained counts in full at any count).
    const int per_rival = p.has("per_rival") ? number(p, "per_rival", where, 0, 5) : 0;
    if (per_rival > 0 && (pw.ability == kPowDraw || pw.ability == kPowShield)) bad(where + " (" + pw.name + "): per_rival scales an amount of damage or health, not cards drawn");
    const int most_rivals = p.has("most_rivals") ? number(p, "most_rivals", where, 1, kMaxPlayers - 1) : kMostRivalsScaled;
    if (p.has("most_rivals") && per_rival == 0) bad(where + " (" + pw.name + "): most_rivals caps a per_rival growth, and this power has none");
    pw.per_rival = per_rival;
    pw.amount += per_rival * std::min(cfg.players - 2, most_rivals - 1);
    names.push_back(pw.name);
    cfg.powers.push_back(pw);
  }
  check_distinct_names(names, "card_data cards and powers");
}

}  // namespace henchmen::super
