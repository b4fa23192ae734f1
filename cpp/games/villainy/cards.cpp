#include "games/villainy/cards.h"

#include "core/error.h"
#include "core/options.h"

extern const char* const villainy_cards_json;

namespace henchmen::villainy {

namespace {
const char* const kTypeNames[] = {"minion", "gear", "monster", "hideout", "setup", "special", "segue"};
const char* const kEffectNames[] = {"temp-gear", "rally", "free-attack", "free-move", "draw", "disarm", "steal-gear", "shove"};

// Fields check_card_table has already bounded.
int8_t small(const Json& obj, const char* key) {
  const Json* v = obj.find(key);
  return v ? static_cast<int8_t>(v->as_int(key)) : static_cast<int8_t>(0);
}
bool flag(const Json& obj, const char* key) {
  const Json* v = obj.find(key);
  return v && v->as_bool(key);
}
int8_t type_index(const DeckDef& d, const std::string& t) {
  return static_cast<int8_t>(t == d.minion_types[0] ? 0 : t == d.minion_types[1] ? 1 : -1);
}
Bonus read_bonus(const DeckDef& d, const Json* b) {
  Bonus out;
  if (!b) return out;
  out.attack = small(*b, "attack");
  out.defense = small(*b, "defense");
  if (const Json* only = b->find("only")) out.only = type_index(d, only->as_string("only"));
  out.six_cards = b->has("hand");
  return out;
}

CardDef read_card(const DeckDef& d, const Json& c) {
  CardDef def;
  def.name = c.at("name", "card").as_string("name");
  if (const Json* t = c.find("text")) def.text = t->as_string("text");
  const std::string& type = c.at("type", def.name).as_string("type");
  for (int i = 0; i < 7; ++i) {
    if (type == kTypeNames[i]) def.type = static_cast<Type>(i);
  }
  def.count = static_cast<int>(c.at("count", def.name).as_int("count"));
  def.attack = small(c, "attack");
  def.defense = small(c, "defense");
  def.ranged = flag(c, "ranged");
  def.vs_monsters = small(c, "vs_monsters");
  def.draw_on_destroy = flag(c, "draw_on_destroy");
  if (const Json* t = c.find("minion_type")) def.minion_type = type_index(d, t->as_string("minion_type"));
  if (const Json* t = c.find("only")) def.minion_type = type_index(d, t->as_string("only"));
  if (def.type == Type::kGear && !c.has("only")) def.minion_type = -1;
  if (const Json* p = c.find("part")) {
    for (int i = 0; i < 4; ++i) {
      if (d.parts[i] == p->as_string("part")) def.part = static_cast<int8_t>(i);
    }
  }
  if (const Json* s = c.find("side")) def.side = static_cast<int8_t>(s->as_string("side") == "left" ? 0 : 1);
  def.bonus = read_bonus(d, c.find("bonus"));
  if (def.type == Type::kSpecial) {
    const std::string& e = c.at("effect", def.name).as_string("effect");
    for (int i = 0; i < 8; ++i) {
      if (e == kEffectNames[i]) def.effect = static_cast<Effect>(i);
    }
    def.draws = small(c, "draws");
    if (def.effect == Effect::kRally) {
      def.bonus.attack = def.attack;
      def.bonus.defense = def.defense;
      def.bonus.only = def.minion_type;
    }
  }
  if (const Json* s = c.find("slot")) {
    const std::string& slot = s->as_string("slot");
    def.slot = static_cast<int8_t>(slot == "A" ? 0 : slot == "B" ? 1 : 2);
    def.phrase = c.at("phrase", def.name).as_string("phrase");
    def.amount = small(c, "amount");
    if (const Json* st = c.find("stat")) def.stat = static_cast<int8_t>(st->as_string("stat") == "defense" ? 1 : 0);
    if (const Json* cond = c.find("condition")) {
      const std::string& w = cond->as_string("condition");
      if (w == "against Minions") def.condition = Condition::kAgainstMinions;
      else if (w == "against Monsters") def.condition = Condition::kAgainstMonsters;
      else if (w == "in the front row") def.condition = Condition::kFrontRow;
      else if (w == "in the back row") def.condition = Condition::kBackRow;
      else if (w == "with Gear") def.condition = Condition::kWithGear;
      else {
        def.condition = Condition::kMinionType;
        def.condition_type = type_index(d, w.substr(4));
      }
    }
  }
  return def;
}
}  // namespace

const char* type_name(Type t) { return kTypeNames[static_cast<int>(t)]; }
const char* effect_name(Effect e) { return kEffectNames[static_cast<int>(e)]; }

const Json& builtin_card_table() {
  static const Json table = Json::parse(villainy_cards_json);
  return table;
}

int Config::card_from_name(const std::string& text) const {
  for (int c = 0; c < kCardIds; ++c) {
    if (valid[static_cast<size_t>(c)] && name[static_cast<size_t>(c)] == text) return c;
  }
  return -1;
}

Config make_config(const Json& options) {
  Config cfg;
  cfg.players = static_cast<int>(options.at("players", "options").as_int("players"));
  cfg.max_rounds = static_cast<int>(options.at("max_rounds", "options").as_int("max_rounds"));
  // Designed: the stall limit shrinks as the table grows (more players
  // attack each Master, and every turn costs more); 0 picks it.
  if (cfg.max_rounds == 0) cfg.max_rounds = cfg.players <= 2 ? 30 : cfg.players == 3 ? 20 : cfg.players == 4 ? 16 : 12;
  const int first = static_cast<int>(options.at("first_player", "options").as_int("first_player"));
  if (first > cfg.players) {
    throw OptionError("option 'first_player' must be 0 (drawn by chance) or a seat from 1 to " + std::to_string(cfg.players) + ", got " + std::to_string(first));
  }
  cfg.first_player = first - 1;
  const Json table = card_data_table(options, builtin_card_table());
  check_card_table(table);
  // From here on the table is known to be well formed.
  const auto& decks = table.at("decks", "card_data").as_array("decks");
  for (size_t i = 0; i < decks.size(); ++i) {
    const Json& dj = decks[i];
    DeckDef d;
    d.name = dj.at("name", "deck").as_string("name");
    if (const Json* ch = dj.find("character")) d.character = ch->as_string("character");
    const Json& m = dj.at("master", d.name);
    d.master_attack = small(m, "attack");
    d.master_defense = small(m, "defense");
    for (int t = 0; t < 2; ++t) d.minion_types[t] = dj.at("minion_types", d.name).as_array("minion_types")[static_cast<size_t>(t)].as_string("type");
    d.gear_type = dj.at("gear_type", d.name).as_string("gear_type");
    d.monster = dj.at("monster", d.name).at("name", d.name).as_string("monster");
    for (int p = 0; p < 4; ++p) d.parts[p] = dj.at("monster", d.name).at("parts", d.name).as_array("parts")[static_cast<size_t>(p)].as_string("part");
    const auto& cards = dj.at("cards", d.name).as_array("cards");
    for (size_t k = 0; k < cards.size(); ++k) {
      CardDef def = read_card(d, cards[k]);
      d.size += def.count;
      if (def.type == Type::kSegue) {
        d.segues += def.count;
        d.segue_kinds |= 1u << k;
      }
      const size_t id = static_cast<size_t>(card_id(static_cast<int>(i), static_cast<int>(k)));
      cfg.valid[id] = true;
      cfg.ranged[id] = def.ranged;
      const bool on_spot = def.type == Type::kMinion || def.type == Type::kGear;
      if (on_spot) d.spot_kinds |= 1u << k;
      if (def.type == Type::kGear) d.gear_kinds |= 1u << k;
      if (def.type == Type::kMonster) d.monster_kinds |= 1u << k;
      if (def.type == Type::kHideout) d.hideout_kinds |= 1u << k;
      if (def.type == Type::kSetup) d.setup_kinds |= 1u << k;
      if (def.type == Type::kSpecial) d.special_kinds |= 1u << k;
      if (on_spot && def.minion_type >= 0) cfg.fit[id] = static_cast<uint16_t>(1 + i * 2 + static_cast<size_t>(def.minion_type));
      cfg.card[id] = def;
      cfg.name[id] = def.name;
      d.cards.push_back(def);
    }
    cfg.decks.push_back(d);
  }
  // Each seat's deck: named by an option, or the table's decks in turn.
  for (int p = 0; p < kMaxPlayers; ++p) {
    const std::string key = "deck_" + std::to_string(p + 1);
    const std::string& want = options.at(key, "options").as_string(key);
    if (want.empty()) {
      cfg.deck[p] = p % static_cast<int>(cfg.decks.size());
      continue;
    }
    int found = -1;
    for (size_t i = 0; i < cfg.decks.size(); ++i) {
      if (cfg.decks[i].name == want) found = static_cast<int>(i);
    }
    if (found < 0) {
      std::string names;
      for (const auto& d : cfg.decks) names += (names.empty() ? "" : ", ") + d.name;
      throw OptionError("option '" + key + "' must name a deck of the card table (" + names + ") or be empty for the default, got " + quote(want));
    }
    cfg.deck[p] = found;
  }
  cfg.table = table;
  return cfg;
}

}  // namespace henchmen::villainy
