// Seven Secret Supervillains: the Climb (solo). "1 player vs yourself. This
// is a self driven format. Set goals ... Keep track and adjust your goals to
// keep improving." The goal is an option; the game ends the moment its
// progress reaches the target, and the number of turns it took is the
// result a player compares across runs.
#include "core/error.h"
#include "core/events.h"
#include "games/sss/modes.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {
struct GoalDef {
  ClimbGoal goal;
  const char* name;
  const char* title;  // "{target} {title}" as messages say it (the whole text without a target)
  const char* one;    // the title for a target of 1
  bool has_target;    // false: the target is fixed by the game (the Minion deck)
  int lowest, default_target;
};
// The rulebook's four examples. Designed: the targets' defaults and ranges
// (most() gives each goal's top); "clear the deck" is the Minion deck
// exhausted, every one of its Minions drawn into the row.
constexpr GoalDef kGoals[] = {
    {ClimbGoal::kSupervillains, "supervillains", "Supervillains", "Supervillain", true, 1, 4},
    {ClimbGoal::kClear, "clear", "the end of the Minion deck", "", false, 0, 0},
    {ClimbGoal::kReputation, "reputation", "reputation", "reputation", true, 1, 100},
    {ClimbGoal::kUpgrades, "upgrades", "Upgrades", "Upgrade", true, 1, 3},
};

// The highest target a goal can reach in this game.
int most(const GoalDef& g, const Config& cfg) {
  switch (g.goal) {
    case ClimbGoal::kSupervillains: return cfg.crews;
    case ClimbGoal::kReputation: return cfg.crews * 45;  // every Minion's reputation, 1 to 9 a crew
    case ClimbGoal::kUpgrades: return cfg.upgrade_slots;  // "Max 3 Upgrades attached"
    default: return cfg.crews * kMinionsPerCrew;
  }
}

const GoalDef& def_of(ClimbGoal goal) {
  for (const GoalDef& g : kGoals) {
    if (g.goal == goal) return g;
  }
  return kGoals[0];
}
}  // namespace

std::vector<std::string> climb_goal_names() {
  std::vector<std::string> out;
  for (const GoalDef& g : kGoals) out.emplace_back(g.name);
  return out;
}

void apply_climb_goal(const Json& options, Config& cfg) {
  const std::string& name = options.at("goal", "options").as_string("goal");
  const GoalDef* def = nullptr;
  for (const GoalDef& g : kGoals) {
    if (name == g.name) def = &g;
  }
  if (!def) throw OptionError("unknown goal " + quote(name));  // the option's choices are checked first
  const int64_t given = options.at("goal_target", "options").as_int("goal_target");
  const int top = most(*def, cfg);
  if (!def->has_target && given != 0) {
    throw OptionError("option 'goal_target' does not apply to goal=" + name + " (the whole Minion deck, " + std::to_string(top) + " Minions); leave it at 0");
  }
  if (def->has_target && given != 0 && (given < def->lowest || given > top)) {
    throw OptionError("option 'goal_target' for goal=" + name + " must be from " + std::to_string(def->lowest) + " to " + std::to_string(top) + " (0: the default, " +
                      std::to_string(def->default_target) + "), got " + std::to_string(given));
  }
  cfg.climb_goal = def->goal;
  cfg.climb_target = !def->has_target ? top : given != 0 ? static_cast<int>(given) : def->default_target;
  // Supervillains are on the table only for the goal that wins them: every
  // other goal is a race of its own, as the Gambler's game is.
  if (def->goal == ClimbGoal::kSupervillains) {
    cfg.supervillains_to_win = cfg.climb_target;
  } else {
    cfg.supervillains = false;
  }
}

const char* climb_goal_name(ClimbGoal goal) { return def_of(goal).name; }

std::string State::climb_goal_text() const {
  const GoalDef& g = def_of(cfg->climb_goal);
  if (!g.has_target) return g.title;
  return std::to_string(cfg->climb_target) + " " + (cfg->climb_target == 1 ? g.one : g.title);
}

int State::climb_progress() const {
  const PlayerState& me = players[0];
  switch (cfg->climb_goal) {
    case ClimbGoal::kSupervillains: return me.won;
    case ClimbGoal::kClear: return cfg->crews * kMinionsPerCrew - minion_deck_left();  // Trendset's look takes nothing off it for good
    case ClimbGoal::kReputation: return solo_score();
    case ClimbGoal::kUpgrades: return me.upgrades.size() + me.upgrades_pending.size();
    default: return 0;
  }
}

bool State::climb_reached() const { return over && cfg->climb_goal != ClimbGoal::kNone && turn <= cfg->max_turns && winner == 0; }

void State::end_climb(bool turn_limit) {
  over = true;
  winner = static_cast<int8_t>(turn_limit ? -1 : 0);
  n_tasks = 0;
  for (auto& t : tasks) t = Task{};
  pending = Pending::kNone;
  if (Events* ev = events()) {
    const std::string goal = climb_goal_text();
    Event e("game-over",
            turn_limit ? "The turn limit (" + std::to_string(cfg->max_turns) + " turns) is reached: {P} did not reach " + goal
                       : "{P} {reach|reaches} " + goal + " in {turns} " + (turn == 1 ? "turn" : "turns"),
            0);
    e.with("reason", turn_limit ? "turn limit" : "goal")
        .with("goal", climb_goal_name(cfg->climb_goal))
        .with("target", cfg->climb_target)
        .with("progress", climb_progress())
        .with("turns", turn_limit ? Json() : Json(static_cast<int>(turn)));
    ev->add(e);
  }
}

// Designed: the score rises as fewer turns are needed, one step of
// 1/max_turns a turn: 1 for the goal in turn 1, 1/max_turns in the last
// turn, 0 when the turn limit comes first. The turn count is read back
// exactly as max_turns + 1 - returns * max_turns.
double State::climb_return() const {
  if (!climb_reached()) return 0.0;
  return static_cast<double>(cfg->max_turns + 1 - turn) / cfg->max_turns;
}

}  // namespace henchmen::sss
