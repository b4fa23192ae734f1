// Legendary: reading a card's effect lists from the card table, checked in
// full. Each primitive names the fields it takes, the range of each, and
// where on a card it may appear, so that no table the loader accepts can
// make the engine overflow a pile or its task stack, or run an effect where
// it has no meaning (a Superpower on a Villain, a city capture in a Strike).
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "games/legendary/cards.h"

namespace henchmen::legendary {

// Where an effect list sits on a card.
enum class Trigger : uint8_t { kOnPlay, kOnVillainFight, kOnTacticFight, kOnEscape, kOnAmbush, kOnStrike };

// At most this many effects in one list (the core set uses two at most):
// with it, and the rules on where chains may start (card_effects.cpp), the
// task stack stays far below its capacity.
constexpr int kMaxEffectsPerList = 4;

// Reads card[key] (absent: no effect). `group` is the villain group of a
// villain card (-1 for heroes, henchmen, tactics and masterminds); `groups`
// are the table's villain group names, for "vp_group:<group>". Throws
// OptionError naming the card, the field and what is allowed.
std::vector<Effect> parse_effect_list(const Json& card, const std::string& key, const std::string& where, Trigger trigger, int group,
                                      const std::vector<std::string>& groups);

// Throws OptionError unless `obj` has only `allowed` keys, or comments
// ("text", "note", "designed" and keys ending in "_text" or "_designed").
void expect_card_keys(const Json& obj, const std::vector<std::string>& allowed, const std::string& where);

uint16_t tags_from_list(const std::string& text, const std::string& where);  // "tech,ranged"; throws OptionError
int space_from_name(const std::string& text);                                  // "sewers".."bridge", else -1

}  // namespace henchmen::legendary
