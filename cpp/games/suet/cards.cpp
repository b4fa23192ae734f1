// S.U.E.T.: reading a card table. It is user input (the `card_data` option),
// so every field is checked: its type, its range, what it refers to; an
// unknown field is refused, since a misspelt one would otherwise be ignored.
#include "games/suet/cards.h"

#include <string>
#include <vector>

#include "core/card_table.h"
#include "core/error.h"
#include "core/notation.h"

extern const char* const suet_cards_json;

namespace henchmen::suet {

const char* const kKindWords[kKinds] = {"instant", "action", "component", "enhancement", "setback"};
const char* const kEffectWords[kEffects] = {
    "draw", "extra-actions", "extra-turn", "block", "cheat", "market-top",
    "steal-component", "break-component", "repair-component", "discard-component", "take-discard", "steal-card", "trade-hands",
    "convert-enhancement", "remove-enhancement", "repair-enhancement", "discard-from-hand", "discard-hand", "everyone-draws",
    "repair-all", "discard-to-deck", "take-market", "everyone-discards",
    "component",
    "minions", "cash-flow", "inspiration", "protection",
    "component-breaks", "lose-turn", "put-one-back", "break-all", "lose-enhancement", "busted", "return-components",
};
const char* const kColourNames[kColours] = {"Red", "Blue", "Purple", "Green"};

namespace {

constexpr size_t kMaxName = 48;
constexpr size_t kMaxText = 600;

using namespace card_table;

// Which effects each kind of card may have.
bool effect_fits(int kind, int effect) {
  switch (kind) {
    case kInstant: return effect <= kMarketTop;
    case kAction: return effect >= kStealComponent && effect <= kEveryoneDiscards;
    case kComponent: return effect == kComponentEffect;
    case kEnhancement: return effect >= kMinions && effect <= kProtection;
    default: return effect >= kComponentBreaks;
  }
}

}  // namespace

const Json& builtin_card_table() {
  static const Json table = Json::parse(suet_cards_json);
  return table;
}

void read_card_table(const Json& table, Config& cfg) {
  keys(table, {"note", "designed", "hand_size", "hand_limit", "draws_per_turn", "actions_per_turn", "discard_hand_draw", "colours", "geniuses", "cards"}, "the card table");
  cfg.hand_size = number(table, "hand_size", "the card table", 1, 10);
  cfg.hand_limit = number(table, "hand_limit", "the card table", cfg.hand_size, 15);
  cfg.draws_per_turn = number(table, "draws_per_turn", "the card table", 1, 3);
  cfg.actions_per_turn = number(table, "actions_per_turn", "the card table", 1, 3);
  cfg.discard_hand_draw = number(table, "discard_hand_draw", "the card table", 0, 10);
  if (const Json* d = table.find("designed")) {
    if (!d->is_array()) bad("designed must list the names of the designed numbers");
    for (const Json& n : d->as_array("designed")) {
      if (!n.is_string()) bad("designed must list the names of the designed numbers");
    }
  }
  const Json& cols = field(table, "colours", "the card table");
  if (!cols.is_array() || cols.as_array("colours").size() != kColours) bad("colours must list Red, Blue, Purple, Green");
  for (int c = 0; c < kColours; ++c) {
    const Json& v = cols.as_array("colours")[static_cast<size_t>(c)];
    if (!v.is_string() || v.as_string("colour") != kColourNames[c]) bad("colours must list Red, Blue, Purple, Green in that order");
  }
  std::vector<std::string> names;
  const Json& gs = field(table, "geniuses", "the card table");
  if (!gs.is_array() || gs.as_array("geniuses").size() != kGeniuses) bad("geniuses must list the four evil geniuses");
  int gi = 0;
  for (const Json& g : gs.as_array("geniuses")) {
    const std::string where = "genius " + std::to_string(gi + 1);
    keys(g, {"name", "device", "designed"}, where);
    flag(g, "designed", where);
    cfg.genius_name[gi] = text(g, "name", where, kMaxName);
    cfg.device[gi] = text(g, "device", where, kMaxName);
    if (cfg.genius_name[gi] == "Universal") bad(where + ": 'Universal' names the components anyone may use, not a genius");
    names.push_back(cfg.genius_name[gi]);
    ++gi;
  }
  const Json& cards = field(table, "cards", "the card table");
  if (!cards.is_array() || cards.as_array("cards").empty() || cards.as_array("cards").size() > kMaxKinds) {
    bad("cards must be a list of 1 to " + std::to_string(kMaxKinds) + " cards");
  }
  cfg.kinds = 0;
  cfg.off_turn_instants = 0;
  cfg.block_card = cfg.cheat_card = -1;
  int total = 0;
  int usable[kGeniuses + 1][kColours] = {};
  for (const Json& c : cards.as_array("cards")) {
    const std::string where = "card " + std::to_string(cfg.kinds + 1);
    keys(c, {"name", "kind", "effect", "amount", "count", "colour", "genius", "future", "text", "designed"}, where);
    const int k = cfg.kinds++;
    cfg.designed[k] = flag(c, "designed", where);
    cfg.name[k] = text(c, "name", where, kMaxName);
    cfg.text[k] = text(c, "text", where, kMaxText);
    cfg.kind[k] = static_cast<uint8_t>(pick(c, "kind", where, kKindWords));
    cfg.effect[k] = static_cast<uint8_t>(pick(c, "effect", where, kEffectWords));
    if (!effect_fits(cfg.kind[k], cfg.effect[k])) bad(where + " (" + cfg.name[k] + "): a " + kKindWords[cfg.kind[k]] + " card cannot have the effect " + kEffectWords[cfg.effect[k]]);
    const int amount = number(c, "amount", where, 0, 3);
    const bool counted = cfg.effect[k] == kDraw || cfg.effect[k] == kExtraActions;
    if (counted != (amount > 0)) bad(where + " (" + cfg.name[k] + "): amount is 1 to 3 for draw and extra-actions cards and 0 for every other");
    cfg.amount[k] = static_cast<uint8_t>(amount);
    const int count = number(c, "count", where, 1, kMaxCopies);
    const bool future = flag(c, "future", where);
    cfg.count[k] = static_cast<uint8_t>(future && !cfg.future_cards ? 0 : count);
    const bool has_colour = c.find("colour") != nullptr;
    const bool has_genius = c.find("genius") != nullptr;
    if (cfg.kind[k] == kComponent) {
      if (!has_colour || !has_genius) bad(where + " (" + cfg.name[k] + "): a component names its colour and its genius (or Universal)");
      cfg.colour[k] = static_cast<uint8_t>(pick(c, "colour", where, kColourNames));
      const std::string g = text(c, "genius", where, kMaxName);
      cfg.genius[k] = kUniversal;
      for (int i = 0; i < kGeniuses; ++i) {
        if (cfg.genius_name[i] == g) cfg.genius[k] = static_cast<uint8_t>(i);
      }
      if (cfg.genius[k] == kUniversal && g != "Universal") bad(where + " (" + cfg.name[k] + ") names the genius '" + g + "', who is not in geniuses");
      usable[cfg.genius[k]][cfg.colour[k]] += count;
    } else if (has_colour || has_genius) {
      bad(where + " (" + cfg.name[k] + "): only a component has a colour and a genius");
    }
    if (cfg.kind[k] == kInstant && off_turn_effect(cfg.effect[k])) cfg.off_turn_instants |= uint64_t{1} << k;
    if (cfg.effect[k] == kBlock) {
      if (cfg.block_card >= 0) bad("only one card may block (effect block)");
      cfg.block_card = k;
    }
    if (cfg.effect[k] == kCheat) {
      if (cfg.cheat_card >= 0) bad("only one card may be the Cheat Card (effect cheat)");
      cfg.cheat_card = k;
    }
    total += cfg.count[k];
    names.push_back(cfg.name[k]);
  }
  // Every genius must be able to build a device from the cards there are.
  for (int g = 0; g < kGeniuses; ++g) {
    for (int col = 0; col < kColours; ++col) {
      if (usable[g][col] + usable[kUniversal][col] == 0) bad(cfg.genius_name[g] + " has no " + kColourNames[col] + " component to build with");
    }
  }
  if (total > 200) bad("the deck may hold at most 200 cards, got " + std::to_string(total));
  check_distinct_names(names, "card_data geniuses and cards");
}

}  // namespace henchmen::suet
