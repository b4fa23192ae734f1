// Seven Secret Supervillains: the ways to play. Each mode is a set of numbers
// on the Config (seats, crews, hands, Explodey Bots, thresholds); the rules
// read those numbers and never ask which mode is on.
#include "games/sss/modes.h"

#include "core/error.h"

namespace henchmen::sss {

namespace {
struct ModeDef {
  Mode mode;
  const char* name;
  const char* title;  // as messages name it
  int min_players, max_players, default_players;
  int crews, crews_max;
};
// The Brawl: "4 players (can be 3 with adjustments)", "9 Supervillain crews".
// The Classic: "4 players" (the rulebook gives no 3), crews not named: the
// base game's seven. The Secretive: "4 players (can be 3 with adjustments)",
// "7+ Supervillain crews": seven to all nine a game can hold.
constexpr ModeDef kModes[] = {
    {Mode::kDuel, "duel", "duel", 2, 2, 2, 7, 7},
    {Mode::kBrawl, "brawl", "Brawl", 3, 4, 4, 9, 9},
    {Mode::kClassic, "classic", "Classic", 4, 4, 4, 7, 7},
    {Mode::kSecretive, "secretive", "Secretive", 3, 4, 4, 7, kMaxCrews},
    {Mode::kGambler, "gambler", "Gambler", 1, 1, 1, 7, 7},
    {Mode::kClimb, "climb", "Climb", 1, 1, 1, 7, 7},
};

std::string counts_of(const ModeDef& m) {
  return m.min_players == m.max_players ? std::to_string(m.min_players) : std::to_string(m.min_players) + " or " + std::to_string(m.max_players);
}

// "for 1 player", "for 3 or 4 players".
std::string players_of(const ModeDef& m) { return counts_of(m) + (m.max_players == 1 ? " player" : " players"); }

const ModeDef& def_of(Mode mode) {
  for (const ModeDef& m : kModes) {
    if (m.mode == mode) return m;
  }
  return kModes[0];
}

// The seats of the Brawl and the Secretive, which the rulebook deals alike:
// "Player 1 starts with 4 cards. Player 3 gets 1 Explodey Bot. Player 4 gets
// 2 Explodey Bots." Their "adjustments" for 3 players (designed): the first
// three seats of the four, and player 2 also gets the Explodey Bot the duel
// gives the second player. With seats 1 to 3 of the four alone, player 1 led
// and player 2 trailed (Brawl 0.392 and 0.302, fair 0.333).
void deal_free_for_all_seats(Config& cfg) {
  cfg.opening_hand[0] = 4;
  cfg.explodey[1] = cfg.players == 3 ? 1 : 0;
  cfg.explodey[2] = 1;
  cfg.explodey[3] = cfg.players >= 4 ? 2 : 0;
}

const ModeDef* def_named(const std::string& name) {
  for (const ModeDef& m : kModes) {
    if (name == m.name) return &m;
  }
  return nullptr;
}
}  // namespace

const char* mode_name(Mode mode) { return def_of(mode).name; }

std::vector<std::string> mode_names() {
  std::vector<std::string> out;
  for (const ModeDef& m : kModes) out.emplace_back(m.name);
  return out;
}

int mode_crews(const std::string& name) {
  const ModeDef* m = def_named(name);
  return m ? m->crews : 7;
}

int mode_crews_max(const std::string& name) {
  const ModeDef* m = def_named(name);
  return m ? m->crews_max : 7;
}

std::string mode_title(const std::string& name) {
  const ModeDef* m = def_named(name);
  return m ? m->title : name;
}

void complete_options(const Json& given, Json& resolved) {
  const bool has_mode = given.is_object() && given.has("mode");
  const bool has_players = given.is_object() && given.has("players");
  // Three or four players without a mode: the Brawl, the free-for-all the
  // rulebook allows at both counts; one player: the Gambler, the solo game
  // that plays itself out. A mode without players: its usual count.
  const int64_t players = resolved.at("players", "options").as_int("players");
  if (!has_mode && has_players && players != 2) resolved["mode"] = Json(players == 1 ? "gambler" : "brawl");
  const ModeDef* m = def_named(resolved.at("mode", "options").as_string("mode"));
  if (m && has_mode && !has_players) resolved["players"] = Json(m->default_players);
  // Every option set holds chaos_dice (its default); only the Gambler reads it,
  // so another number elsewhere is a mistake worth naming.
  if (m && m->mode != Mode::kGambler && resolved.at("chaos_dice", "options").as_int("chaos_dice") != 2) {
    throw OptionError("option 'chaos_dice' is for the Gambler (mode=gambler), not the " + std::string(m->title));
  }
  // Likewise the Climb's goal and its target (a replay's options hold the defaults).
  if (m && m->mode != Mode::kClimb) {
    if (resolved.at("goal", "options").as_string("goal") != "supervillains") {
      throw OptionError("option 'goal' is for the Climb (mode=climb), not the " + std::string(m->title));
    }
    if (resolved.at("goal_target", "options").as_int("goal_target") != 0) {
      throw OptionError("option 'goal_target' is for the Climb (mode=climb), not the " + std::string(m->title));
    }
  }
  if (m && m->mode == Mode::kBrawl && !(given.is_object() && given.has("crews"))) {
    // The Brawl's nine by default: the duel's seven and the first two
    // expansion crews built, fixed so that building more crews never changes
    // the default game.
    Json crews = resolved.at("crews", "options");  // a copy (Json is a value): the default stays the duel's seven
    crews.push_back(Json("Llamaristas"));
    crews.push_back(Json("Pig Out"));
    resolved["crews"] = crews;
  }
}

void apply_mode(const std::string& name, Config& cfg) {
  const ModeDef* m = def_named(name);
  if (!m) throw OptionError("unknown mode " + quote(name));
  cfg.mode = m->mode;
  if (cfg.players < m->min_players || cfg.players > m->max_players) {
    std::string modes;
    for (const ModeDef& d : kModes) modes += std::string(modes.empty() ? "" : ", ") + d.name + " for " + counts_of(d);
    throw OptionError(std::string("the ") + m->title + " is for " + players_of(*m) + ", got players=" + std::to_string(cfg.players) + " (modes: " + modes + ")");
  }
  if (cfg.mode == Mode::kBrawl) {
    // The Brawl: free for all, each player attaching to their own side.
    cfg.win_reputation = 11;
    cfg.danger_reputation = 8;
    cfg.supervillains_to_win = 3;
    deal_free_for_all_seats(cfg);
  }
  if (cfg.mode == Mode::kClassic) {
    // The Classic: the duel's numbers (17 reputation, 4 Supervillains) for
    // two teams. Every player opens with 5 cards: the rulebook gives the
    // Classic no short first hand.
    cfg.teams = true;
    cfg.explodey[1] = 0;
    cfg.explodey[2] = 1;  // "Player 3 gets 1 Explodey Bot"
    cfg.explodey[3] = 2;  // "Player 4 gets 2 Explodey Bots"
  }
  if (cfg.mode == Mode::kSecretive) {
    // The Secretive: "Supervillains not on table", "Minion deck gone ends
    // game", "Players compare their crews"; seated as the Brawl.
    cfg.supervillains = false;
    cfg.minion_deck_ends = true;
    cfg.score_crews = true;
    deal_free_for_all_seats(cfg);
  }
  if (cfg.mode == Mode::kGambler) {
    // The Gambler: "No Supervillains to win over", "Take your turns
    // normally" (five cards, no Explodey Bot: there is no second player),
    // Chaos's dice between turns (make_config reads chaos_dice).
    cfg.supervillains = false;
    cfg.solo_score = true;
    cfg.explodey[1] = 0;
  }
  if (cfg.mode == Mode::kClimb) {
    // The Climb: "1 player vs yourself", your turns as normal, no Chaos (the
    // dice are the Gambler's). The goal decides what is on the table
    // (make_config calls apply_climb_goal).
    cfg.explodey[1] = 0;
  }
}

int Config::explodey_total() const {
  int n = 0;
  for (int p = 0; p < players; ++p) n += explodey[p];
  return n;
}

}  // namespace henchmen::sss
