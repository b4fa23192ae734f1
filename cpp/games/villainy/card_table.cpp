// Villainy: checking a card table before any of it is used.
//
// A card table is user input (the `card_data` option), so every field is
// checked here: its type, its range, what it refers to (a Minion type of the
// deck, a part of its Monster), and how many there are; a field the engine
// does not know is refused, since a misspelt one would otherwise be ignored
// without a word. The limits are the state's capacities (state.h): a table
// that passes cannot overflow a pile.
#include <string>
#include <vector>

#include "core/card_table.h"
#include "core/error.h"
#include "games/villainy/cards.h"

namespace henchmen::villainy {

namespace {

constexpr int kMaxStat = 20;
constexpr int kMaxCount = 20;
constexpr int kMinDeckCards = 6;  // a hand of five and a card to draw
constexpr size_t kMaxName = 48;
constexpr size_t kMaxText = 1000;

using card_table::bad;
using card_table::distinct;
using card_table::field;
using card_table::flag;
using card_table::joined;
using card_table::keys;

int number(const Json& obj, const std::string& key, const std::string& where, int lo, int hi, int fallback, bool required) {
  const Json* v = obj.find(key);
  if (!v) {
    if (required) bad(where + " has no '" + key + "'");
    return fallback;
  }
  if (!v->is_int() || v->as_int(where) < lo || v->as_int(where) > hi) {
    bad(where + " " + key + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  }
  return static_cast<int>(v->as_int(where));
}

// Names are the move notation: printable, short, not blank.
std::string name(const Json& v, const std::string& where) {
  if (!v.is_string()) bad(where + " must be a string, got " + v.kind_name());
  const std::string& s = v.as_string(where);
  if (s.size() > kMaxName) bad(where + " '" + s.substr(0, kMaxName) + "...' is longer than " + std::to_string(kMaxName) + " characters");
  for (const char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (u < 0x20 || u == 0x7f) bad(where + " holds a control character; names are printed and typed as moves");
  }
  if (normalize_move(s).empty()) bad(where + " is empty");
  return s;
}

void text(const Json& obj, const std::string& key, const std::string& where) {
  const Json* v = obj.find(key);
  if (!v) return;
  if (!v->is_string() || v->as_string(where).size() > kMaxText) bad(where + " " + key + " must be a string of at most " + std::to_string(kMaxText) + " characters");
}

std::string choice(const Json& obj, const std::string& key, const std::string& where, const std::vector<std::string>& allowed) {
  const Json& v = field(obj, key, where);
  if (v.is_string()) {
    for (const auto& a : allowed) {
      if (a == v.as_string(where)) return a;
    }
  }
  bad(where + " " + key + " must be one of: " + joined(allowed) + "; got " + v.dump());
}

void check_bonus(const Json& b, const std::string& where, const std::vector<std::string>& types, bool hand_allowed) {
  const std::string at = where + " bonus";
  keys(b, hand_allowed ? std::vector<std::string>{"attack", "defense", "only", "hand"} : std::vector<std::string>{"attack", "defense", "only"}, at);
  number(b, "attack", at, 0, 9, 0, false);
  number(b, "defense", at, 0, 9, 0, false);
  if (b.has("only")) choice(b, "only", at, types);
  if (b.has("hand")) {
    const Json& h = b.at("hand", at);
    if (!h.is_int() || h.as_int(at) != kBonusHandSize) bad(at + " hand must be 6 (the rulebook's six-card hand)");
  }
  if (b.as_object(at).empty()) bad(at + " gives nothing; leave it out");
}

const std::vector<std::string> kTypes = {"minion", "gear", "monster", "hideout", "setup", "special", "segue"};
const std::vector<std::string> kEffects = {"temp-gear", "rally", "free-attack", "free-move", "draw", "disarm", "steal-gear", "shove"};
const std::vector<std::string> kCommon = {"name", "type", "count", "designed", "text"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Checks one card; returns its name.
std::string check_card(const Json& c, const std::string& deck, size_t index, const std::vector<std::string>& types, const std::vector<std::string>& parts, int part_count[4]) {
  const std::string at = "deck '" + deck + "' cards[" + std::to_string(index) + "]";
  if (!c.is_object()) bad(at + " must be an object");
  const std::string card = name(field(c, "name", at), at + " name");
  const std::string where = "card '" + card + "'";
  const std::string type = choice(c, "type", where, kTypes);
  number(c, "count", where, 1, kMaxCount, 1, true);
  flag(c, "designed", where);
  text(c, "text", where);
  if (type == "minion") {
    keys(c, with(kCommon, {"minion_type", "attack", "defense", "ranged", "vs_monsters", "draw_on_destroy"}), where);
    choice(c, "minion_type", where, types);
    number(c, "attack", where, 0, kMaxStat, 0, true);
    number(c, "defense", where, 0, kMaxStat, 0, true);
    flag(c, "ranged", where);
    number(c, "vs_monsters", where, 0, 9, 0, false);
    flag(c, "draw_on_destroy", where);
  } else if (type == "gear") {
    keys(c, with(kCommon, {"attack", "defense", "ranged", "only", "vs_monsters", "draw_on_destroy"}), where);
    number(c, "attack", where, 0, 9, 0, false);
    number(c, "defense", where, 0, 9, 0, false);
    flag(c, "ranged", where);
    if (c.has("only")) choice(c, "only", where, types);
    number(c, "vs_monsters", where, 0, 9, 0, false);
    flag(c, "draw_on_destroy", where);
  } else if (type == "monster") {
    keys(c, with(kCommon, {"part", "attack", "defense", "bonus"}), where);
    const std::string p = choice(c, "part", where, parts);
    for (int i = 0; i < 4; ++i) {
      if (parts[static_cast<size_t>(i)] == p) part_count[i] += static_cast<int>(c.at("count", where).as_int(where));
    }
    number(c, "attack", where, 0, kMaxStat, 0, true);
    number(c, "defense", where, 0, kMaxStat, 0, true);
    if (c.has("bonus")) check_bonus(c.at("bonus", where), where, types, false);
  } else if (type == "hideout") {
    keys(c, with(kCommon, {"side", "bonus"}), where);
    choice(c, "side", where, {"left", "right"});
    if (c.has("bonus")) check_bonus(c.at("bonus", where), where, types, true);
  } else if (type == "setup") {
    const std::string slot = choice(c, "slot", where, {"A", "B", "C"});
    if (slot == "A") {
      keys(c, with(kCommon, {"slot", "phrase", "amount"}), where);
      number(c, "amount", where, 1, 9, 0, true);
    } else if (slot == "B") {
      keys(c, with(kCommon, {"slot", "phrase", "stat"}), where);
      choice(c, "stat", where, {"attack", "defense"});
    } else {
      keys(c, with(kCommon, {"slot", "phrase", "condition"}), where);
      std::vector<std::string> conditions = {"against Minions", "against Monsters", "in the front row", "in the back row", "with Gear"};
      for (const auto& t : types) conditions.push_back("for " + t);
      choice(c, "condition", where, conditions);
    }
    name(field(c, "phrase", where), where + " phrase");
  } else if (type == "special") {
    const std::string effect = choice(c, "effect", where, kEffects);
    if (effect == "temp-gear") {
      keys(c, with(kCommon, {"effect", "attack", "defense", "ranged"}), where);
      const int a = number(c, "attack", where, 0, 9, 0, false);
      const int d = number(c, "defense", where, 0, 9, 0, false);
      if (a == 0 && d == 0 && !flag(c, "ranged", where)) bad(where + " (temp-gear) gives nothing: give it attack, defense or ranged");
    } else if (effect == "rally") {
      keys(c, with(kCommon, {"effect", "attack", "defense", "only"}), where);
      const int a = number(c, "attack", where, 0, 9, 0, false);
      const int d = number(c, "defense", where, 0, 9, 0, false);
      if (a == 0 && d == 0) bad(where + " (rally) gives nothing: give it attack or defense");
      if (c.has("only")) choice(c, "only", where, types);
    } else if (effect == "free-attack") {
      keys(c, with(kCommon, {"effect", "attack"}), where);
      number(c, "attack", where, 0, 9, 0, false);
    } else if (effect == "draw") {
      keys(c, with(kCommon, {"effect", "draws"}), where);
      number(c, "draws", where, 1, 3, 0, true);
    } else {
      keys(c, with(kCommon, {"effect"}), where);
    }
  } else {
    keys(c, kCommon, where);
  }
  return card;
}

}  // namespace

void check_card_table(const Json& table) {
  keys(table, {"game", "note", "designed", "decks"}, "the card table");
  if (const Json* g = table.find("game")) {
    if (!g->is_string() || g->as_string("game") != "villainy") bad("'game' must be \"villainy\" (this is a table for another game)");
  }
  text(table, "note", "the card table");
  flag(table, "designed", "the card table");
  const Json& decks = field(table, "decks", "the card table");
  if (!decks.is_array() || decks.as_array("decks").empty() || decks.as_array("decks").size() > kMaxDecks) {
    bad("'decks' must be a list of 1 to " + std::to_string(kMaxDecks) + " decks");
  }
  std::vector<std::string> deck_names;
  std::vector<std::string> cards;
  for (size_t i = 0; i < decks.as_array("decks").size(); ++i) {
    const Json& d = decks.as_array("decks")[i];
    const std::string at = "decks[" + std::to_string(i) + "]";
    keys(d, {"name", "designed", "character", "master", "minion_types", "gear_type", "monster", "cards"}, at);
    const std::string deck = name(field(d, "name", at), at + " name");
    const std::string where = "deck '" + deck + "'";
    deck_names.push_back(deck);
    flag(d, "designed", where);
    text(d, "character", where);
    const Json& master = field(d, "master", where);
    keys(master, {"attack", "defense", "designed", "text"}, where + " master");
    number(master, "attack", where + " master", 0, kMaxStat, 0, true);
    number(master, "defense", where + " master", 1, kMaxStat, 0, true);
    flag(master, "designed", where + " master");
    text(master, "text", where + " master");
    const Json& mt = field(d, "minion_types", where);
    if (!mt.is_array() || mt.as_array(where).size() != 2) bad(where + " minion_types must list two names (its general and special Minions)");
    std::vector<std::string> types;
    for (const Json& t : mt.as_array(where)) types.push_back(name(t, where + " minion type"));
    distinct(types, "Minion types of deck '" + deck + "'");
    name(field(d, "gear_type", where), where + " gear_type");
    const Json& monster = field(d, "monster", where);
    keys(monster, {"name", "parts", "designed"}, where + " monster");
    name(field(monster, "name", where + " monster"), where + " monster name");
    flag(monster, "designed", where + " monster");
    const Json& ps = field(monster, "parts", where + " monster");
    if (!ps.is_array() || ps.as_array(where).size() != 4) bad(where + " monster parts must list four names (a Monster has four parts)");
    std::vector<std::string> parts;
    for (const Json& p : ps.as_array(where)) parts.push_back(name(p, where + " monster part"));
    distinct(parts, "parts of deck '" + deck + "''s Monster");
    const Json& list_json = field(d, "cards", where);
    if (!list_json.is_array() || list_json.as_array(where).empty() || list_json.as_array(where).size() > kMaxKinds) {
      bad(where + " cards must list 1 to " + std::to_string(kMaxKinds) + " kinds of card");
    }
    int part_count[4] = {};
    int total = 0;
    for (size_t k = 0; k < list_json.as_array(where).size(); ++k) {
      const Json& c = list_json.as_array(where)[k];
      cards.push_back(check_card(c, deck, k, types, parts, part_count));
      total += static_cast<int>(c.at("count", where).as_int(where));
    }
    for (int p = 0; p < 4; ++p) {
      if (part_count[p] > kMaxStack) bad(where + " has " + std::to_string(part_count[p]) + " cards of its Monster's " + parts[static_cast<size_t>(p)] + "; at most " + std::to_string(kMaxStack));
    }
    if (total < kMinDeckCards || total > kMaxDeckCards) {
      bad(where + " has " + std::to_string(total) + " cards; a deck has from " + std::to_string(kMinDeckCards) + " to " + std::to_string(kMaxDeckCards));
    }
  }
  // Options name the decks, moves name the cards: two that read the same
  // once case and spacing are ignored would make two moves one.
  distinct(deck_names, "decks");
  distinct(cards, "cards");
}

}  // namespace henchmen::villainy
