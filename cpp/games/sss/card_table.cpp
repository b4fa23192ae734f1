// Seven Secret Supervillains: checking a card table before any of it is used.
//
// A card table is user input (the `card_data` option), so every field is
// checked here: its type, its range, what it refers to, and how many there
// are; a field the engine does not know is refused, since a misspelt one
// would otherwise be ignored without a word. The counts the piles are sized
// for (nine Minions per crew, one Upgrade, the four Bots) are fixed by the
// table's shape, so a table that passes cannot overflow a pile: see the
// capacities in state.h.
#include <string>
#include <vector>

#include "core/card_table.h"
#include "core/error.h"
#include "games/sss/cards.h"

namespace henchmen::sss {

namespace {

constexpr int kMaxStat = 20;        // health, power and cost
constexpr size_t kMaxName = 48;     // characters in a name
constexpr size_t kMaxText = 1000;   // characters in a rules text
constexpr size_t kMaxCrewsInTable = 64;

const char* const kBotNames[] = {"Tiny Bot", "Junky Bot", "Scaredy Bot", "Explodey Bot"};

using card_table::bad;
using card_table::distinct;
using card_table::field;
using card_table::keys;

// A health, power or cost: a required integer in [lo, hi].
int stat(const Json& obj, const std::string& key, const std::string& where, int lo, int hi) {
  return card_table::number(obj, key, where, lo, hi);
}

// Names are the move notation: printable, short, not blank.
std::string name(const Json& obj, const std::string& key, const std::string& where) {
  const Json& v = field(obj, key, where);
  if (!v.is_string()) bad(where + " " + key + " must be a string, got " + v.kind_name());
  const std::string& s = v.as_string(where);
  if (s.size() > kMaxName) bad(where + " " + key + " '" + s.substr(0, kMaxName) + "...' is longer than " + std::to_string(kMaxName) + " characters");
  for (const char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (u < 0x20 || u == 0x7f) bad(where + " " + key + " holds a control character; names are printed and typed as moves");
  }
  if (normalize_move(s).empty()) bad(where + " " + key + " is empty");
  return s;
}

void optional_text(const Json& obj, const std::string& key, const std::string& where) {
  const Json* v = obj.find(key);
  if (!v) return;
  if (!v->is_string() || v->as_string(where).size() > kMaxText) bad(where + " " + key + " must be a string of at most " + std::to_string(kMaxText) + " characters");
}

void optional_flag(const Json& obj, const std::string& key, const std::string& where) {
  const Json* v = obj.find(key);
  if (v && !v->is_bool()) bad(where + " " + key + " must be true or false");
}

void check_bots(const Json& bots) {
  keys(bots, {kBotNames[0], kBotNames[1], kBotNames[2], kBotNames[3]}, "bots");
  for (const char* bot : kBotNames) {
    const std::string where = std::string("bot '") + bot + "'";
    const Json& b = field(bots, bot, "bots");
    keys(b, {"power", "health", "designed", "ability", "ability_text"}, where);
    stat(b, "power", where, 0, kMaxStat);
    stat(b, "health", where, 0, kMaxStat);
    optional_flag(b, "designed", where);
    optional_text(b, "ability_text", where);
    // The Scaredy Bot's Transfer is a rule of the game, not data.
    const Json* ab = b.find("ability");
    const bool scaredy = std::string(bot) == "Scaredy Bot";
    if (ab && !(scaredy && ab->is_string() && ab->as_string(where) == "Transfer")) {
      bad(where + (scaredy ? " ability must be \"Transfer\" (or left out)" : " has no ability; leave 'ability' out"));
    }
  }
}

// Returns the crew's card names (its Minions, then its Upgrade).
std::vector<std::string> check_crew(const Json& c, size_t index) {
  const std::string at = "crews[" + std::to_string(index) + "]";
  keys(c, {"name", "supervillain", "ability", "ability_text", "implemented", "minions", "upgrade"}, at);
  const std::string crew = name(c, "name", at);
  const std::string where = "crew '" + crew + "'";
  name(c, "supervillain", where);
  optional_text(c, "ability_text", where);
  const Json& impl = field(c, "implemented", where);
  if (!impl.is_bool()) bad(where + " implemented must be true or false");
  const bool implemented = impl.as_bool(where);
  const Json& ab = field(c, "ability", where);
  if (!ab.is_null()) {
    if (!ab.is_string()) bad(where + " ability must be a name or null");
    const int a = ability_from_name(ab.as_string(where));
    // Crews not implemented yet name abilities the engine does not have.
    if (implemented && (a <= kNoAbility || a == kTransfer || a >= kNumAbilities)) {
      bad(where + " ability '" + ab.as_string(where) + "' is not a crew ability (abilities: Freeze, Harvest, Bounty, Fetch, Incinerate, Replicate, Froth, Consume, Pupate, Snooze, Pull, Prophecize, Gust, Remix, Haggle, Expedite, Engineer, Hack, Experiment, Repeat, Gamble, Rewrite, Sell, Discombobulate, Trendset, or null)");
    }
    if (!implemented) name(c, "ability", where);
  }
  std::vector<std::string> cards;
  if (!implemented && !c.has("minions") && !c.has("upgrade")) return cards;
  const Json& minions = field(c, "minions", where);
  if (!minions.is_array() || minions.as_array(where).size() != kMinionsPerCrew) bad(where + " must have exactly 9 minions (reputation 1 to 9)");
  bool seen[kMinionsPerCrew + 1] = {};
  for (const Json& m : minions.as_array(where)) {
    keys(m, {"reputation", "health", "power", "designed"}, where + " minion");
    const int rep = stat(m, "reputation", where + " minion", 1, kMinionsPerCrew);
    if (seen[rep]) bad(where + " has two minions of reputation " + std::to_string(rep));
    seen[rep] = true;
    const std::string minion = where + " minion of reputation " + std::to_string(rep);
    stat(m, "health", minion, 0, kMaxStat);
    stat(m, "power", minion, 0, kMaxStat);
    optional_flag(m, "designed", minion);
    cards.push_back(crew + " " + std::to_string(rep));
  }
  const Json& up = field(c, "upgrade", where);
  const std::string uw = where + " upgrade";
  keys(up, {"name", "ability", "text", "cost", "designed"}, uw);
  cards.push_back(name(up, "name", uw));
  const Json& uab = field(up, "ability", uw);
  const int a = uab.is_string() ? ability_from_name(uab.as_string(uw)) : -1;
  if (a <= kNoAbility || a == kTransfer) {
    bad(uw + " ability must be one of Power, Freeze, Harvest, Bounty, Fetch, Incinerate, Replicate, Froth, Consume, Pupate, Snooze, Pull, Prophecize, Gust, Remix, Haggle, Expedite, Engineer, Hack, Experiment, Repeat, Gamble, Rewrite, Sell, Discombobulate, Trendset");
  }
  // Designed: an Upgrade costs at least 1. A free one could be bought and
  // returned to the bottom of the Upgrade deck (the 4th-Upgrade swap) and
  // bought again without end, so a turn would never have to finish.
  stat(up, "cost", uw, 1, kMaxStat);
  optional_text(up, "text", uw);
  optional_flag(up, "designed", uw);
  return cards;
}

// The Chaos Spells (Gizzard Wizards): exactly ten, each a power, an ability
// token (a crew ability) or none, and what it gains (nothing, the top card of
// the Minion deck, or a Scaredy Bot). Returns their names.
std::vector<std::string> check_chaos_spells(const Json& spells) {
  if (!spells.is_array() || spells.as_array("chaos_spells").size() != kChaosSpells) bad("chaos_spells must be a list of exactly " + std::to_string(kChaosSpells) + " spells (\"There are 10 different spells\")");
  std::vector<std::string> names;
  for (size_t i = 0; i < spells.as_array("chaos_spells").size(); ++i) {
    const Json& sp = spells.as_array("chaos_spells")[i];
    const std::string at = "chaos_spells[" + std::to_string(i) + "]";
    keys(sp, {"name", "text", "power", "ability", "gain", "designed"}, at);
    const std::string spell = name(sp, "name", at);
    const std::string where = "spell '" + spell + "'";
    optional_text(sp, "text", where);
    optional_flag(sp, "designed", where);
    stat(sp, "power", where, 0, kMaxStat);
    const Json& ab = field(sp, "ability", where);
    const int a = ab.is_string() ? ability_from_name(ab.as_string(where)) : kNoAbility;
    if (!ab.is_null() && (!ab.is_string() || a <= kNoAbility || a == kTransfer || a >= kNumAbilities)) {
      bad(where + " ability must be null or a crew ability (Freeze, Harvest, Bounty, Fetch, Incinerate, Replicate, Froth, Consume, Pupate, Snooze, Pull, Prophecize, Gust, Remix, Haggle, Expedite, Engineer, Hack, Experiment, Repeat, Gamble, Rewrite, Sell, Discombobulate, Trendset)");
    }
    const Json& gain = field(sp, "gain", where);
    if (!gain.is_null() && !(gain.is_string() && (gain.as_string(where) == "top minion" || gain.as_string(where) == "scaredy bot"))) {
      bad(where + " gain must be null, \"top minion\" (the top card of the Minion deck) or \"scaredy bot\"");
    }
    names.push_back(spell);
  }
  return names;
}

}  // namespace

void check_card_table(const Json& table) {
  keys(table, {"game", "note", "bots", "crews", "chaos_spells"}, "the card table");
  if (const Json* g = table.find("game")) {
    if (!g->is_string() || g->as_string("game") != "seven-secret-supervillains") bad("'game' must be \"seven-secret-supervillains\" (this is a table for another game)");
  }
  optional_text(table, "note", "the card table");
  check_bots(field(table, "bots", "the card table"));
  const Json& crews = field(table, "crews", "the card table");
  if (!crews.is_array() || crews.as_array("crews").empty() || crews.as_array("crews").size() > kMaxCrewsInTable) {
    bad("'crews' must be a list of 1 to " + std::to_string(kMaxCrewsInTable) + " crews");
  }
  std::vector<std::string> crew_names;
  std::vector<std::string> supervillains;
  std::vector<std::string> cards(std::begin(kBotNames), std::end(kBotNames));
  for (size_t i = 0; i < crews.as_array("crews").size(); ++i) {
    const Json& c = crews.as_array("crews")[i];
    for (const std::string& card : check_crew(c, i)) cards.push_back(card);
    crew_names.push_back(c.at("name", "crew").as_string("crew name"));
    supervillains.push_back(c.at("supervillain", "crew").as_string("supervillain"));
  }
  if (const Json* spells = table.find("chaos_spells")) {
    for (const std::string& spell : check_chaos_spells(*spells)) cards.push_back(spell);
  }
  // Moves, positions and options name these: two that read the same once
  // case and spacing are ignored would make two moves one.
  distinct(crew_names, "crews");
  distinct(supervillains, "Supervillains");
  distinct(cards, "cards");
}

}  // namespace henchmen::sss
