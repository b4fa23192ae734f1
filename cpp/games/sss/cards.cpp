#include "games/sss/cards.h"

#include "core/error.h"
#include "core/options.h"
#include "games/sss/modes.h"

extern const char* const sss_cards_json;

namespace henchmen::sss {

namespace {
const char* const kAbilityNames[] = {"", "Freeze", "Harvest", "Bounty", "Fetch", "Incinerate", "Replicate", "Transfer", "Froth", "Consume", "Pupate", "Snooze", "Pull", "Prophecize", "Gust", "Remix", "Haggle", "Expedite", "Engineer", "Hack", "Experiment", "Repeat", "Gamble", "Rewrite", "Sell", "Discombobulate", "Trendset", "Power"};
static_assert(sizeof(kAbilityNames) / sizeof(kAbilityNames[0]) == kPowerBoost + 1, "a name for every ability, then Power");

// A number check_card_table has already bounded.
int number(const Json& obj, const char* key) { return static_cast<int>(obj.at(key, "card").as_int(key)); }
// "1 Explodey Bot" in the base game, and "the expansion comes with an
// additional 10 Explodey Bots": eleven in a game with Experiment, whatever
// the mode deals into the hands.
constexpr int kExplodeyBotsInAll = 1 + 10;

// The Chaos Spell deck of a game with Discombobulate: "There are 10
// different spells" (check_card_table has checked their fields).
void load_chaos_spells(const Json& table, Config& cfg) {
  const Json* spells = table.find("chaos_spells");
  if (!spells) throw OptionError("card_data has no chaos_spells, and a crew of this game gives Discombobulate (Gizzard Wizards), which adds Chaos Spells");
  cfg.chaos_spells = true;
  for (int i = 0; i < kChaosSpells; ++i) {
    const Json& sp = spells->as_array("chaos_spells")[static_cast<size_t>(i)];
    const size_t id = static_cast<size_t>(kChaosSpellBase + i);
    cfg.name[id] = sp.at("name", "spell").as_string("spell name");
    cfg.power[id] = number(sp, "power");
    const Json& ab = sp.at("ability", "spell");
    cfg.ability[id] = ab.is_null() ? kNoAbility : ability_from_name(ab.as_string("spell ability"));
    const Json& gain = sp.at("gain", "spell");
    const std::string g = gain.is_null() ? "" : gain.as_string("spell gain");
    cfg.spell_gain[static_cast<size_t>(i)] = g == "top minion" ? Config::SpellGain::kTopMinion : g == "scaredy bot" ? Config::SpellGain::kScaredy : Config::SpellGain::kNone;
  }
}
}  // namespace

const char* ability_name(int ability) {
  return (ability >= 0 && ability <= kPowerBoost) ? kAbilityNames[ability] : "?";
}

int ability_from_name(const std::string& name) {
  for (int a = 1; a <= kPowerBoost; ++a) {
    if (name == kAbilityNames[a]) return a;
  }
  return -1;
}

const Json& builtin_card_table() {
  static const Json table = Json::parse(sss_cards_json);
  return table;
}

bool Config::valid_card(int card) const {
  if (is_minion(card)) return crew_of(card) < crews;
  if (is_bot(card)) return true;
  if (is_upgrade(card)) return crew_of(card) < crews;
  if (is_spell(card)) return chaos_spells;
  return false;
}

int Config::card_from_name(const std::string& text) const {
  for (int c = 0; c < kCardIds; ++c) {
    if (valid_card(c) && name[static_cast<size_t>(c)] == text) return c;
  }
  return -1;
}

int Config::crew_from_supervillain(const std::string& text) const {
  for (int s = 0; s < crews; ++s) {
    if (crew[static_cast<size_t>(s)].supervillain == text) return s;
  }
  return -1;
}

Config make_config(const Json& options) {
  Config cfg;
  cfg.players = static_cast<int>(options.at("players", "options").as_int("players"));
  cfg.max_turns = static_cast<int>(options.at("max_turns", "options").as_int("max_turns"));
  const std::string& mode = options.at("mode", "options").as_string("mode");
  apply_mode(mode, cfg);
  if (cfg.mode == Mode::kGambler) cfg.chaos_dice = static_cast<int>(options.at("chaos_dice", "options").as_int("chaos_dice"));
  const Json table = card_data_table(options, builtin_card_table());
  check_card_table(table);
  // From here on the table is known to be well formed.
  const auto& all = table.at("crews", "card_data").as_array("card_data.crews");
  const auto& chosen = options.at("crews", "options").as_array("crews");
  const int crews_wanted = mode_crews(mode);
  const int crews_most = mode_crews_max(mode);
  const int n_chosen = static_cast<int>(chosen.size());
  if (n_chosen < crews_wanted || n_chosen > crews_most) {
    const std::string counts = crews_wanted == crews_most ? "exactly " + std::to_string(crews_wanted) : std::to_string(crews_wanted) + " to " + std::to_string(crews_most);
    throw OptionError("option 'crews' must name " + counts + " crews for the " + mode_title(mode) + ", got " + std::to_string(chosen.size()));
  }
  cfg.crews = static_cast<int>(chosen.size());
  for (const auto& pick : chosen) {
    const std::string& want = pick.as_string("crew");
    int found = -1;
    for (size_t i = 0; i < all.size(); ++i) {
      if (all[i].at("name", "crew").as_string("crew name") == want) found = static_cast<int>(i);
    }
    if (found < 0) throw OptionError("card_data has no crew named " + quote(want));
    for (int prior : cfg.crew_index) {
      if (prior == found) throw OptionError("option 'crews' names " + quote(want) + " twice");
    }
    cfg.crew_index.push_back(found);
  }
  const Json& bots = table.at("bots", "card_data");
  const std::pair<uint8_t, const char*> bot_names[] = {
      {kTinyBot, "Tiny Bot"}, {kJunkyBot, "Junky Bot"}, {kScaredyBot, "Scaredy Bot"}, {kExplodeyBot, "Explodey Bot"}};
  for (const auto& [id, bname] : bot_names) {
    const Json& b = bots.at(bname, "card_data.bots");
    cfg.name[id] = bname;
    cfg.power[id] = number(b, "power");
    cfg.health[id] = number(b, "health");
  }
  cfg.ability[kScaredyBot] = kTransfer;
  for (int slot = 0; slot < cfg.crews; ++slot) {
    const Json& c = all[static_cast<size_t>(cfg.crew_index[static_cast<size_t>(slot)])];
    CrewDef def;
    def.name = c.at("name", "crew").as_string("crew name");
    def.supervillain = c.at("supervillain", def.name).as_string("supervillain");
    def.implemented = c.at("implemented", def.name).as_bool("implemented");
    if (!def.implemented) {
      std::string built;
      for (const auto& other : all) {
        if (other.at("implemented", "crew").as_bool("implemented")) built += (built.empty() ? "" : ", ") + other.at("name", "crew").as_string("crew name");
      }
      throw OptionError("crew '" + def.name + "' is not implemented yet; implemented crews are " + built);
    }
    const Json& ab = c.at("ability", def.name);
    def.ability = ab.is_null() ? kNoAbility : ability_from_name(ab.as_string("ability"));
    def.ability_name = ab.is_null() ? "" : ab.as_string("ability");
    for (const auto& m : c.at("minions", def.name).as_array("minions")) {
      const int rep = number(m, "reputation");
      const size_t id = static_cast<size_t>(minion_id(slot, rep));
      cfg.name[id] = def.name + " " + std::to_string(rep);
      cfg.reputation[id] = rep;
      cfg.health[id] = number(m, "health");
      cfg.power[id] = number(m, "power");
      cfg.ability[id] = def.ability;
    }
    const Json& up = c.at("upgrade", def.name);
    const size_t uid = static_cast<size_t>(kUpgradeBase + slot);
    cfg.name[uid] = up.at("name", def.name).as_string("upgrade name");
    cfg.health[uid] = number(up, "cost");
    cfg.ability[uid] = ability_from_name(up.at("ability", def.name).as_string("upgrade ability"));
    cfg.crew.push_back(def);
  }
  if (cfg.mode == Mode::kClimb) apply_climb_goal(options, cfg);  // the goal's range depends on the crews
  cfg.table = table;
  for (const int a : cfg.ability) {
    if (a > kNoAbility && a < kNumAbilities) cfg.abilities |= 1u << a;
  }
  if ((cfg.abilities >> kDiscombobulate) & 1u) {
    load_chaos_spells(table, cfg);
    for (const int a : cfg.ability) {  // the spells' abilities are in the game too
      if (a > kNoAbility && a < kNumAbilities) cfg.abilities |= 1u << a;
    }
  }
  // The Bots a mode deals beyond the base game's one (the Brawl's, the
  // Classic's and the Secretive's three at four players) are the expansion's,
  // so they come out of the pile; a solo game deals none and piles all eleven.
  if ((cfg.abilities >> kExperiment) & 1u) cfg.explodey_pile = kExplodeyBotsInAll - cfg.explodey_total();
  return cfg;
}

}  // namespace henchmen::sss
