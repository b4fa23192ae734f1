// Villainy: the words the notation and the events share (view.cpp).
#pragma once
#include <string>

#include "games/villainy/state.h"

namespace henchmen::villainy {

const char* spot_name(int spot);  // "front left" .. "back right"
// An attacker or target as the notation names it: "front left", "Kongamunga
// Fists", "Master", "Hideout".
std::string attacker_word(const State& s, int player, int attacker);
std::string target_word(const State& s, int player, int target);
// The same with the card: "Silverback (front left)", "Kongamunga's Fists".
std::string attacker_story(const State& s, int player, int attacker);
std::string target_story(const State& s, int player, int target, bool whose = true);  // whose: "player 2's ..."

}  // namespace henchmen::villainy
