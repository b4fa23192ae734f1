// Seven Secret Supervillains: the `mode` option (modes.cpp).
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "games/sss/cards.h"

namespace henchmen::sss {

std::vector<std::string> mode_names();  // in the option's order, duel first
int mode_crews(const std::string& name);      // how many crews the mode plays (at least)
int mode_crews_max(const std::string& name);  // and at most
std::string mode_title(const std::string& name);  // "the Brawl", as messages say it

// Fills what depends on the mode in resolved options: the mode from the
// player count, the player count from the mode, the default crews.
void complete_options(const Json& given, Json& resolved);

// Sets the mode's numbers on a Config whose players are read; throws
// OptionError when the player count does not suit the mode.
void apply_mode(const std::string& name, Config& cfg);

// The Climb's goals (climb.cpp): their option names in order, and the goal
// and its target read onto a Climb's Config; throws OptionError.
std::vector<std::string> climb_goal_names();
void apply_climb_goal(const Json& options, Config& cfg);

}  // namespace henchmen::sss
