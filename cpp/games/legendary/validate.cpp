// Legendary: State::validate, the invariants every reachable position keeps.
// It is closed under play: a position it accepts plays on (every move, every
// resample) without breaking any of them, so a tampered position is refused
// here, at load, and never corrupts a game later.
#include <algorithm>

#include "core/error.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

void State::validate() const {
  const Config& c = *cfg;
  const int n = c.players;
  int count[kCardIds] = {};
  auto tally = [&](const auto& pile) {
    for (const uint8_t x : pile) ++count[x];
  };
  auto one = [&](uint8_t x) {
    if (x != kNoCard) ++count[x];
  };
  for (int p = 0; p < n; ++p) {
    const PlayerState& pl = players[p];
    tally(pl.hand);
    tally(pl.deck.rest);
    for (int i = 0; i < pl.deck.n_top; ++i) one(pl.deck.top[i]);
    tally(pl.discard);
    tally(pl.victory);
    one(pl.pass);
    for (const uint8_t x : pl.hand) {
      if (!is_hero(x) && x != kWound) broken_position("a hand holds " + c.name[x] + ", which is not a Hero or a Wound");
    }
    for (const uint8_t x : pl.discard) {
      if (!is_hero(x) && x != kWound) broken_position("a discard pile holds " + c.name[x]);
    }
    for (const uint8_t x : pl.deck.rest) {
      if (!is_hero(x) && x != kWound) broken_position("a deck holds " + c.name[x]);
    }
    for (int i = 0; i < pl.deck.n_top; ++i) {
      if (!is_hero(pl.deck.top[i]) && pl.deck.top[i] != kWound) broken_position("a deck holds " + c.name[pl.deck.top[i]]);
    }
    for (const uint8_t x : pl.victory) {
      const bool ok = is_villain_card(x) || x == kBystander || is_tactic(x) || (x >= kMastermindBase && x < kTacticBase);
      if (!ok) broken_position("a victory pile holds " + c.name[x]);
    }
    if (pl.pass != kNoCard && !is_hero(pl.pass) && pl.pass != kWound) broken_position("a passed card is not a Hero or a Wound");
    if (pl.shown != kNoCard && pl.shown != kShownNothing && !is_hero(pl.shown) && pl.shown != kWound) broken_position("a card revealed by a player is not a Hero or a Wound");
  }
  for (int i = 0; i < n_played; ++i) {
    const Played& e = played[i];
    if (e.as == kNoCard || !is_hero(e.as)) broken_position("a played card counts as something that is not a Hero");
    if (e.card != kNoCard && !is_hero(e.card)) broken_position("a played card is not a Hero");
    one(e.card);
  }
  for (const uint8_t x : hq) {
    if (x != kNoCard && !is_hero_card(x)) broken_position("the HQ holds " + c.name[x]);
    one(x);
  }
  for (const auto& v : city) {
    if (v.card == kNoCard) {
      if (v.bystanders || v.under != kNoCard) broken_position("an empty city space holds cards");
      continue;
    }
    if (!is_villain_card(v.card) && !is_hero_card(v.card) && v.card != kBystander) broken_position("the city holds " + c.name[v.card]);
    if (v.under != kNoCard && !is_hero_card(v.under)) broken_position("a villain has something other than a Hero under it");
    one(v.card);
    one(v.under);
    count[kBystander] += v.bystanders;
  }
  count[kBystander] += mm_bystanders + bystanders_left;
  count[kWound] += wounds_left;
  count[kOfficer] += officers_left;
  if (mystique_twists > twists_beside) broken_position("more Mystique twists than twists beside the scheme");
  count[kTwist] += twists_beside - mystique_twists;
  tally(villain_deck);
  tally(hero_deck);
  tally(tactics);
  for (int x = 0; x < kCardIds; ++x) count[x] += ko[x] + escaped[x];
  one(bubble);
  tally(look);
  one(limbo);
  for (int i = 0; i < n_tasks; ++i) {
    if (tasks[i].op == dRevealed) one(tasks[i].card);
  }
  for (const uint8_t x : villain_deck) {
    if (is_hero(x) || x == kWound || is_tactic(x) || x >= kMastermindBase) broken_position("the Villain Deck holds " + c.name[x]);
  }
  for (const uint8_t x : hero_deck) {
    if (!is_hero_card(x)) broken_position("the Hero Deck holds " + c.name[x]);
  }
  for (const uint8_t x : tactics) {
    if (!is_tactic(x) || mastermind_of_tactic(x) != mastermind) broken_position("the mastermind has a tactic that is not its own");
  }
  for (const uint8_t x : steal) {
    if (!is_hero(x) && x != kWound) broken_position("Steal Abilities copies a card that is not a Hero or a Wound");
  }
  if (look_owner >= n) broken_position("a look belongs to no player");

  // What is in play.
  if (!built) {
    for (int x = 0; x < kCardIds; ++x) {
      if (count[x]) broken_position("cards are out before setup is done");
    }
    static const uint8_t order[] = {tSetupBuild, tSetupHero, tSetupHenchmen, tSetupVillains, tSetupScheme, tSetupMastermind};
    if (n_tasks < 1 || n_tasks > 6) broken_position("setup is not done but its steps are not queued");
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].op != order[i]) broken_position("setup steps are out of order");
    }
    if ((mastermind >= 0) == (n_tasks == 6)) broken_position("the mastermind must be chosen exactly when its setup step is done");
    if ((scheme >= 0) == (n_tasks >= 5)) broken_position("the scheme must be chosen exactly when its setup step is done");
    if (villain_groups && n_tasks >= 5) broken_position("villain groups are chosen before their step");
    if (henchmen_groups && n_tasks >= 4) broken_position("henchmen groups are chosen before their step");
    if (heroes_in && n_tasks >= 3) broken_position("heroes are chosen before their step");
    if (over) broken_position("the game is over before setup is done");
    check_setup(n_tasks);
    // Before setup is built, everything but the setup picks is as a new game has it.
    State fresh = State{};
    fresh.cfg = cfg;
    fresh.scheme = scheme;
    fresh.mastermind = mastermind;
    fresh.villain_groups = villain_groups;
    fresh.henchmen_groups = henchmen_groups;
    fresh.heroes_in = heroes_in;
    for (int i = 0; i < n_tasks; ++i) fresh.tasks[i] = tasks[i];
    fresh.n_tasks = n_tasks;
    if (fresh.to_json().dump() != to_json().dump()) broken_position("a position before setup holds turn, end or counter values a new game does not have");
    return;
  }
  if (scheme < 0 || mastermind < 0) broken_position("setup is done without a scheme or a mastermind");
  const SchemeDef& sd = c.scheme[static_cast<size_t>(scheme)];
  const SetupRow& row = c.setup[static_cast<size_t>(n)];
  int twists = (n >= 4 && sd.twists_4_5_players >= 0) ? sd.twists_4_5_players : sd.twists;
  twists += c.extra_twists + sd.twists_beside;
  for (int x = 0; x < kCardIds; ++x) {
    int want = 0;
    if (is_hero_card(x)) want = (heroes_in & (1u << hero_of(x))) ? c.count[static_cast<size_t>(x)] : 0;
    else if (x == kAgent) want = (c.starting_agents - c.starting_officers) * n;
    else if (x == kTrooper) want = c.starting_troopers * n;
    else if (x == kOfficer) want = c.officers;
    else if (x == kWound) want = sd.wounds_per_player ? std::min(c.wounds, sd.wounds_per_player * n) : c.wounds;
    else if (x == kBystander) want = c.bystanders;
    else if (x == kTwist) want = twists;
    else if (x == kStrike) want = row.master_strikes;
    else if (x == kSkrullHero) want = count[x];
    else if (is_villain(x)) want = (villain_groups & (1u << group_of(x))) ? c.count[static_cast<size_t>(x)] : 0;
    else if (is_henchman(x)) want = (henchmen_groups & (1u << (x - kHenchBase))) ? row.henchmen_cards : 0;
    else if (is_tactic(x)) want = mastermind_of_tactic(x) == mastermind ? 1 : 0;
    else if (x >= kMastermindBase && x < kTacticBase) want = (x - kMastermindBase == mastermind && showdown_winner >= 0) ? 1 : 0;
    if (count[x] != want) broken_position("there should be " + std::to_string(want) + " of " + c.name[static_cast<size_t>(x)] + " in the game, found " + std::to_string(count[x]));
  }
  if (villain_deck.count(kSkrullHero) > hero_deck.size()) broken_position("more Skrull Heroes hidden in the Villain Deck than Heroes in the pool");
  if (count[kSkrullHero] != villain_deck.count(kSkrullHero) || count[kSkrullHero] > sd.skrull_heroes) {
    broken_position("a face-down Skrull Hero outside the Villain Deck, or more than the scheme puts there");
  }
  if (mm_defeated != tactics.empty()) broken_position("the mastermind is defeated exactly when no tactic is left");
  if (showdown_winner >= 0 && !over) broken_position("a Showdown winner before the game is over");
  if (turn_player_ >= n) broken_position("the turn player is not in the game");
  if (!over && result != 0) broken_position("a result is set but the game is not over");
  if (showdown_done & ~showdown_mask) broken_position("a player outside the Final Showdown has played in it");
  check_setup(0);
  check_counters();
  // How the game ended, or that it goes on.
  const bool evil = evil_condition();
  if (over) {
    if (n_tasks) broken_position("the game is over but work is pending");
    if (result == 1 && !mm_defeated) broken_position("the game is over as a win for the players, but the mastermind is not defeated");
    if (result == -1 && (mm_defeated || !evil)) broken_position("the game is over as a win for evil, but no Evil Wins condition of the scheme holds");
    if (result == 0 && (!deck_ran_out || mm_defeated || evil)) broken_position("the game is over as a tie, but no deck has run out (or someone has won)");
    return;
  }
  if (evil && !mm_defeated) broken_position("the scheme's Evil Wins condition holds, so evil has won and the game cannot go on");
  if (showdown && (!mm_defeated || !showdown_mask)) broken_position("a Final Showdown before the mastermind is defeated, or with nobody in it");
  // Every queued task must be one this engine can run safely.
  for (int i = 0; i < n_tasks; ++i) {
    const Task& t = tasks[i];
    if (t.op < tDraw || t.op == tSetupBuild || t.op >= kNumTaskOps) broken_position("a setup step is queued after setup");
    if (t.p >= n) broken_position("a task names a player not in the game");
    if (t.card != kNoCard && t.card >= kNumCardIds) broken_position("a task names an unknown card");
    switch (t.op) {
      case tRefillHQ:
        if (t.a < 0 || t.a >= kHQ) broken_position("an HQ refill names a bad slot");
        break;
      case tReveal:
        if (t.c < 0 || t.c >= n) broken_position("a reveal names a bad player");
        if (t.a != static_cast<int>(Mode::kDrawIfCostLe) && t.a != static_cast<int>(Mode::kDrawIf) && t.a != static_cast<int>(Mode::kAttackCost) &&
            t.a != static_cast<int>(Mode::kDiscardOrBack) && t.a != static_cast<int>(Mode::kVillain)) {
          broken_position("a reveal has an unknown mode");
        }
        if (t.b < 0 || t.b > 15) broken_position("a reveal has a bad argument");
        break;
      case tLook:
        if (t.b < lkSpiderMan || t.b > lkRuthless) broken_position("a look has an unknown continuation");
        if (t.a < 0 || t.a > 8 - look.size()) broken_position("a look takes too many cards");
        break;
      case tEffect: {
        if (t.c < 0 || t.c > 5) broken_position("an effect has an unknown trigger");
        if (t.card == kNoCard) broken_position("an effect names no card");
        break;
      }
      case tEnterCity:
        if (t.card == kNoCard || !is_hero_card(t.card)) broken_position("only a Hero can be queued to enter the city");
        break;
      case dDiscardCost:
        if (t.a < 0 || t.a >= n_played || t.card == kNoCard || !is_hero(t.card)) broken_position("a discard cost names no played card");
        break;
      case dRevealed:
        if (t.card == kNoCard || (!is_hero(t.card) && t.card != kWound) || t.a < 0 || t.a >= n) broken_position("a revealed card is missing");
        break;
      case dCopyPlayed:
        if (t.a < 0 || t.a >= n_played) broken_position("a copy names no played card");
        break;
      case dPaibok:
        if (t.a < 0 || t.a >= n) broken_position("a Paibok choice names a bad player");
        break;
      case dKoOrBack:
        if (t.a < 0 || t.a >= n) broken_position("a Melter choice names a bad player");
        break;
      case dTakeHqUnder:
        if (t.a < 0 || t.a >= kCity) broken_position("a Skrull ambush names a bad space");
        break;
      case dKoHeroes:
        if (t.b < 0 || t.b > static_cast<int>(From::kYourHeroes)) broken_position("a KO names a bad source");
        break;
      default:
        break;
    }
  }
  check_pending();
  if (n_tasks > 0) {
    const Task& t = tasks[n_tasks - 1];
    if (is_chance_task(t) && !chance_waits(t)) broken_position("a chance step is pending that play would have run at once (the position is not settled)");
    if (is_chance_task(t)) {
      std::vector<std::pair<Action, double>> out;
      chance_pile(t, out);
      if (out.empty()) broken_position("a chance step has no outcome (the position is not settled)");
    } else if (!is_decision_task(t)) {
      broken_position("an automatic step is pending (the position is not settled)");
    }
  }
}


namespace {

bool has_effect(const std::vector<Effect>& list, Op op) {
  for (const Effect& e : list) {
    if (e.op == op) return true;
  }
  return false;
}

}  // namespace

// The cards in play are a setup this game can deal: that is what its card
// table was checked against (cards.cpp check_capacities). `remaining` is the
// number of setup steps still queued (0 once setup is built); a step in
// progress (villains, henchmen and heroes are picked one at a time) must be a
// start of what the step can pick, its forced groups first.
void State::check_setup(int remaining) const {
  const Config& c = *cfg;
  const int n = c.players;
  if (remaining <= 5 && c.mastermind_opt >= 0 && mastermind != c.mastermind_opt) broken_position("the mastermind is not the one the options name");
  if (remaining > 4) return;
  const SchemeDef& sd = c.scheme[static_cast<size_t>(scheme)];
  const SetupRow& row = c.setup[static_cast<size_t>(n)];
  if (c.scheme_opt >= 0 && scheme != c.scheme_opt) broken_position("the scheme is not the one the options name");
  if (n == 1 && !sd.solo) broken_position("the scheme is not played solo");
  // Picks so far of a step that picks `need` groups, `forced` ones first.
  auto step = [&](const char* what, int picked_mask, int need, bool done, std::vector<int> forced, const std::vector<int>& named) {
    const int k = __builtin_popcount(static_cast<unsigned>(picked_mask));
    if (done ? k != need : k > need) broken_position(std::string("the number of ") + what + " is not the setup's");
    for (size_t i = 0; i < forced.size() && static_cast<int>(i) < (done ? need : k); ++i) {
      if (!(picked_mask & (1 << forced[i]))) broken_position(std::string("a group the scheme requires or the mastermind always leads is missing from the ") + what);
    }
    if (named.empty()) return;
    for (int g = 0; g < 16; ++g) {
      if (!(picked_mask & (1 << g))) continue;
      bool ok = std::find(named.begin(), named.end(), g) != named.end() || std::find(forced.begin(), forced.end(), g) != forced.end();
      if (!ok) broken_position(std::string("the ") + what + " include one the options do not name");
    }
  };
  std::vector<int> forced_groups, forced_hench;
  if (sd.requires_group >= 0) forced_groups.push_back(sd.requires_group);
  if (n > 1 && mastermind >= 0) {
    const int lg = c.leads_group[static_cast<size_t>(mastermind)];
    const int lh = c.leads_henchmen[static_cast<size_t>(mastermind)];
    if (lg >= 0 && lg != sd.requires_group) forced_groups.push_back(lg);
    if (lh >= 0) forced_hench.push_back(lh);
  }
  step("villain groups", villain_groups, row.villain_groups, remaining <= 3, forced_groups, c.villains_opt);
  if (remaining > 3) {
    if (henchmen_groups || heroes_in) broken_position("henchmen or heroes are picked before the villain groups");
    return;
  }
  step("henchmen groups", henchmen_groups, row.henchmen_groups + sd.extra_henchmen, remaining <= 2, forced_hench, c.henchmen_opt);
  if (remaining > 2) {
    if (heroes_in) broken_position("heroes are picked before the henchmen");
    return;
  }
  int heroes_wanted = n == 1 ? c.setup[1].heroes : (n == 2 && sd.heroes_2_players ? sd.heroes_2_players : (sd.heroes ? sd.heroes : row.heroes));
  if (!c.heroes_opt.empty()) heroes_wanted = static_cast<int>(c.heroes_opt.size());
  step("heroes", heroes_in, heroes_wanted, remaining <= 1, {}, c.heroes_opt);
}

// Counters that follow from the piles: twists, escapes, the decks running
// out, the turn number.
void State::check_counters() const {
  const Config& c = *cfg;
  const int n = c.players;
  const SchemeDef& sd = c.scheme[static_cast<size_t>(scheme)];
  const SetupRow& row = c.setup[static_cast<size_t>(n)];
  for (int x = 0; x < kCardIds; ++x) {
    if (escaped[x] && !is_villain_card(x) && !is_hero_card(x) && x != kBystander) broken_position("the escape pile holds " + c.name[static_cast<size_t>(x)]);
  }
  int heroes_out = 0, villains_out = 0;
  for (int x = 0; x < kCardIds; ++x) {
    if (is_hero_card(x)) heroes_out += escaped[x];
    if (is_villain_card(x)) villains_out += escaped[x];
  }
  // A counter never exceeds what the piles show (scenario positions may park
  // spare cards in the KO and escape piles without counting them).
  if (heroes_escaped > heroes_out) broken_position("heroes_escaped is more than the Heroes in the escape pile");
  if (killbots_escaped + bystanders_carried > escaped[kBystander]) broken_position("more Killbots and bystanders carried away than Bystanders in the escape pile");
  if (villains_escaped > villains_out + escaped[kBystander] + heroes_out) broken_position("villains_escaped is more than the escape pile holds");
  if (killbots_escaped && sd.rule != Rule::kKillbots) broken_position("Killbots escaped, but the scheme has no Killbots");
  // Twists: each Twist card out of the Villain Deck was played, and each escape
  // that becomes a Twist (Mystique) was, unless its effect is still pending.
  // Counted with the escapes whose effect is still pending (each will add one).
  int becomes = 0, pending_twists = 0;
  for (int x = kVillainBase; x < kHenchBase; ++x) {
    if (has_effect(c.on_escape[static_cast<size_t>(x)], Op::kBecomesTwist)) becomes += escaped[x];
  }
  for (int i = 0; i < n_tasks; ++i) {
    const Task& t = tasks[i];
    if (t.op != tEffect || t.c != 2 || t.card == kNoCard) continue;
    const auto& list = c.on_escape[t.card];
    if (t.a >= 0 && t.a < static_cast<int>(list.size()) && list[static_cast<size_t>(t.a)].op == Op::kBecomesTwist) ++pending_twists;
  }
  const int deck_twists = ((n >= 4 && sd.twists_4_5_players >= 0) ? sd.twists_4_5_players : sd.twists) + c.extra_twists;
  const int played_twists = deck_twists - villain_deck.count(kTwist) + becomes;
  const bool beside = sd.rule == Rule::kCosmicCube || sd.rule == Rule::kKillbots;
  if (twists_played + pending_twists > played_twists) broken_position("twists_played is more than the Twists played and the escapes that became Twists");
  if (beside && mystique_twists + pending_twists > becomes) broken_position("mystique_twists is more than the escapes that became Twists");
  if (!beside && mystique_twists) broken_position("mystique_twists for a scheme that does not keep Twists");
  if (beside && twists_beside > sd.twists_beside + twists_played) broken_position("more Twists next to the scheme than were played");
  if (!beside && twists_beside != sd.twists_beside) broken_position("Twists next to a scheme that does not keep them");
  if (sd.rule != Rule::kDarkPortals && portals) broken_position("Dark Portals without the scheme");
  // A tie needs a deck that ran out. (An empty deck not yet marked is found
  // out at the next turn: scenario positions start with empty decks.)
  if (deck_ran_out && !villain_deck.empty() && hero_deck_size() > 0) broken_position("deck_ran_out is set, but neither the Villain Deck nor the Hero Deck has run out");
  for (const auto& v : city) {
    if (v.card == kBystander && sd.rule != Rule::kKillbots) broken_position("a Killbot in the city, but the scheme has no Killbots");
  }
  // Every turn but a Final Showdown's plays a card of the Villain Deck, so the
  // turn number is bounded by the cards played from it.
  int pool = 0;
  for (int h = 0; h < kHeroes; ++h) {
    if (!(heroes_in & (1u << h))) continue;
    for (int i = 0; i < 4; ++i) pool += c.count[static_cast<size_t>(h * 4 + i)];
  }
  const int deck = __builtin_popcount(villain_groups) * 8 + __builtin_popcount(henchmen_groups) * row.henchmen_cards + deck_twists + row.master_strikes +
                   std::min(sd.bystanders ? sd.bystanders : row.bystanders, c.bystanders) + std::min(sd.skrull_heroes, pool - kHQ);
  // A turn that is over waits for the next (tStartTurn, or tAfterDraw before it):
  // unless a Final Showdown follows, that next turn plays a card of its own.
  // Final Showdown turns play none; there are at most as many as its rounds
  // allow, counted from the round it is in.
  bool next_pending = false;
  for (int i = 0; i < n_tasks; ++i) next_pending = next_pending || tasks[i].op == tStartTurn || (tasks[i].op == tAfterDraw && !mm_defeated);
  // The card that opens a turn may still be pending (at the bottom of the
  // stack), or the deck may have been empty when the turn began.
  const bool opening = (n_tasks > 0 && tasks[0].op == tVillainCard) || deck_ran_out;
  int limit = deck - villain_deck.size() + (opening ? 1 : 0);
  if (showdown) {
    if (showdown_round < 1) broken_position("a Final Showdown with no round");
    const bool in_progress = !next_pending && (showdown_mask >> turn_player_ & 1u) && !(showdown_done >> turn_player_ & 1u);
    limit += (showdown_round - 1) * n + __builtin_popcount(showdown_done) + (in_progress ? 1 : 0);
  } else if (next_pending && opening) {
    limit -= 1;
  }
  if (turn > limit) broken_position("the turn number is past the last turn the Villain Deck allows");
}

// What waits on a pending task: a look, a Hero in limbo, a passed card,
// Steal Abilities' copies.
void State::check_pending() const {
  auto pending = [&](uint8_t op, int p) {
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].op == op && (p < 0 || tasks[i].p == p)) return true;
    }
    return false;
  };
  for (int i = 0; i < n_tasks; ++i) {
    const uint8_t op = tasks[i].op;
    // These run the moment they are queued, so they never wait.
    if (op == tEnterCity || op == tTwist || op == tShowdownNext) broken_position("a step that runs at once is pending");
    // The end of a turn puts the cards played into the discard pile first.
    if ((op == tStartTurn || op == tAfterDraw) && n_played > 0) broken_position("a new turn is pending while cards played this turn are still out");
    // A turn ends with nothing else pending, so the next turn waits at the bottom.
    if ((op == tStartTurn || op == tAfterDraw) && i > 0) broken_position("a new turn is pending above other work");
  }
  if (!look.empty()) {
    for (const uint8_t x : look) {
      if (!is_hero(x) && x != kWound) broken_position("the cards looked at hold " + cfg->name[x] + ", which is not from a deck");
    }
    const int q = look_owner;
    if (!pending(tLook, q) && !pending(dLookKo, q) && !pending(dRuthless, q) && !pending(dPutBack, q)) broken_position("cards are looked at, but no look is pending");
  }
  if (limbo != kNoCard && (!is_hero_card(limbo) || !pending(tAfterDefeat, -1))) broken_position("a Hero under a defeated villain waits, but no defeat is being resolved");
  if (bubble != kNoCard && !is_hero(bubble)) broken_position("the card set aside by Electromagnetic Bubble is not a Hero");
  for (int p = 0; p < cfg->players; ++p) {
    if (players[p].pass != kNoCard && !pending(tPassResolve, -1)) broken_position("a card is being passed, but no pass is pending");
  }
  if (!steal.empty() && !pending(tStealPlay, -1)) broken_position("Steal Abilities has copies to play, but none is pending");
}

}  // namespace henchmen::legendary
