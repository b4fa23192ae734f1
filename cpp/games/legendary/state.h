// Legendary (core set): the flat state and its rules.
//
// Everything that happens is a task on a small stack (`tasks`): playing a
// villain card, drawing, each card effect, each decision. `settle()` runs
// tasks until the top one needs a chance outcome (a draw from an unknown pile,
// a random tactic) or a player's decision with more than one option; with no
// task left, the turn player acts freely (play, recruit, fight, heal, end).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/fields.h"
#include "core/game.h"
#include "core/knowledge.h"
#include "core/piles.h"
#include "core/state_contract.h"
#include "games/legendary/cards.h"
#include "games/legendary/pile_ops.h"

namespace henchmen::legendary {

// The fixed action space.
enum : Action {
  kPlay = 0,              // + card: play a Hero from hand
  kRecruit = 128,         // + card: recruit that Hero from the HQ
  kRecruitOfficer = 256,  // recruit a S.H.I.E.L.D. Officer from its stack
  kFight = 257,           // + city space
  kFightMastermind = 262,
  kHeal = 263,  // KO all Wounds from hand (Healing)
  kEndTurn = 264,
  kPickHand = 265,      // + card: a decision naming a card in your hand
  kPickDiscard = 393,   // + card: ... in your discard pile
  kPickPlayed = 521,    // + card: ... among the cards you played this turn
  kPickCard = 649,      // + card: ... in the HQ, a Victory Pile, or cards looked at
  kPickSpace = 777,     // + city space
  kPickMastermind = 782,
  kPickPlayer = 783,  // + player
  kYes = 788,
  kNo = 789,
  kOption = 790,       // + option (see the decision's notation)
  kMoveVillain = 794,  // + from * 5 + to
  kChanceCard = 819,   // + card: the card a draw or a reveal turns up
  kSetupMastermind = 947,
  kSetupScheme = 951,
  kSetupVillains = 959,
  kSetupHenchmen = 966,
  kSetupHero = 970,
  kNumActions = 985,
};

constexpr int kHandCap = 64;
constexpr int kPileCap = 255;  // a deck or a discard pile: every card players can own (cards.cpp check_capacities)
constexpr int kTopCap = 16;
constexpr int kPlayedCap = 48;
constexpr int kVictoryCap = 128;
constexpr int kTaskCap = 128;
// Turn counters saturate at what a serialized position holds (card tables
// may stack effects far beyond the core set).
constexpr int kMaxPoints = 999;      // Attack, Recruit, Recruit made, a Showdown total
constexpr int kMaxTurnCounter = 60;  // on-defeat bonuses, extra cards at the end of the turn
constexpr int kMaxMinus = 100;       // -Attack on a space or the mastermind
template <class T>
T saturated(int v, int hi) {
  return static_cast<T>(v > hi ? hi : v);
}
constexpr int kVillainDeckCap = 128;
constexpr int kHeroDeckCap = 96;

// A player's deck: known cards on top (top[0] first), then cards in no known
// order. A known card is public unless its bit in top_private is set (then
// only the owner knows it: cards put back from their hand or after a private
// look).
struct PlayerDeck {
  uint8_t n_top = 0;
  uint8_t top[kTopCap] = {};
  uint16_t top_private = 0;
  Multiset<kPileCap> rest;
  int size() const { return n_top + rest.size(); }
  bool empty() const { return size() == 0; }
  void put_top(uint8_t card, bool priv);
  uint8_t take_top();  // the known top card
};

struct Played {
  uint8_t card = kNoCard;  // the physical card; kNoCard for a copy (Steal Abilities)
  uint8_t as = kNoCard;    // what it counts as (Copy Powers changes this)
  uint16_t tags = 0;
};

struct PlayerState {
  Multiset<kHandCap> hand;
  PlayerDeck deck;
  Multiset<kPileCap> discard;
  Multiset<kVictoryCap> victory;
  uint8_t pass = kNoCard;  // a card chosen to pass left (Random Acts of Unkindness)
  // The card this player last revealed (from their hand, "reveal a Tech
  // Hero", or from their deck), kShownNothing if they last showed they had
  // none, kNoCard before any: public history, so that what a reveal told is
  // in everyone's observation.
  uint8_t shown = kNoCard;
};
constexpr uint8_t kShownNothing = 254;

struct CitySpace {
  uint8_t card = kNoCard;  // a villain, a henchman, a Skrull Hero or a Killbot (a Bystander)
  uint8_t bystanders = 0;
  uint8_t under = kNoCard;  // a Hero under a Skrull villain
};

// A unit of work. `op` is a TaskOp; the fields' meaning depends on it.
struct Task {
  uint8_t op = 0;
  uint8_t p = 0;
  uint8_t card = kNoCard;
  int8_t a = 0;
  int8_t b = 0;
  int8_t c = 0;
};

enum TaskOp : uint8_t {
  // chance
  tSetupMastermind, tSetupScheme, tSetupVillains, tSetupHenchmen, tSetupHero,
  tDraw,         // p draws a cards (b = 1: counts as an extra draw this turn)
  tReveal,       // reveal the top of p's deck; a = Mode, b = argument, c = decider
  tLook,         // look at the top a cards of p's deck into `look`; b = what next
  tVillainCard,  // play the top a cards of the Villain Deck
  tSkrullReveal, // a Hero from the hero pool enters the city as a Skrull
  tRefillHQ,     // a = slot
  tTactic,       // a random tactic of the mastermind goes to p
  tStealReveal,  // p discards the top card of their deck for Steal Abilities
  kFirstAuto,
  // automatic steps
  tSetupBuild = kFirstAuto, tStartTurn, tAfterDraw, tEffect, tEnterCity, tTwist, tAfterDefeat, tPassResolve,
  tStealPlay, tShowdownNext,
  kFirstDecision,
  // decisions (p decides)
  dDiscardCost = kFirstDecision, dKoThen, dRevealed, dPutOnTop, dCaptureChoice, dYesNo, dPass, dOthersDrawOrDiscard,
  dEachDiscard, dDefeatTarget, dCopyPlayed, dMoveVillain, dKoHeroes, dPickPlayerWounds, dPaibok, dTakeHqUnder, dLookKo,
  dDiscardTo, dFreeRecruit, dBubble, dKoUpTo, dKoVictory, dRuthless, dKoHq, dSkrullTwist, dPutBack,
  dKoOrBack,  // Melter: KO the top card of player a's deck (revealed, public) or leave it
  kNumTaskOps
};

// Sub-kinds of dYesNo (in a).
enum YesNo : int8_t { ynDoOver, ynWoundToHand, ynPlayVillain, ynGainOfficer };
// dDefeatTarget kinds (in a).
enum DefeatKind : int8_t { dkWithBystander, dkBelowKo, dkCityFree };
// tLook continuations (in b).
enum LookNext : int8_t { lkSpiderMan, lkDoombot, lkRuthless };

// Zones, for the card facts of events and what each player knows
// (zones.cpp, story.cpp). Cards outside them (the Wound, Bystander and
// Officer stacks, the KO pile, the Escaped pile) are placed and removed in
// plain view.
enum SeatZone : int { kHandZone, kDeckZone, kDiscardZone, kVictoryZone, kPassZone, kZonesPerSeat };
constexpr int seat_zone(int player, int which) { return player * kZonesPerSeat + which; }
enum SharedZone : int {
  kVillainDeckZone = kMaxPlayers * kZonesPerSeat,
  kHeroDeckZone,  // with the Heroes a Skrull card of the Villain Deck will take
  kHQZone,
  kCityZone,
  kUnderZone,   // Heroes under Skrull villains
  kPlayedZone,  // the cards the turn player played (copies are not cards)
  kLookZone,
  kAsideZone,   // a revealed card waiting for a choice, a Hero freed from under a Skrull
  kBubbleZone,
  kTacticsZone,
  kNumZones
};

// Length of the flat observation tensor.
int observation_length(const Config& cfg);

struct State {
  const Config* cfg = nullptr;
  // What is in play (chosen at setup).
  int8_t scheme = -1;
  int8_t mastermind = -1;
  uint8_t villain_groups = 0;   // bit per group
  uint8_t henchmen_groups = 0;  // bit per group
  uint16_t heroes_in = 0;       // bit per hero
  bool built = false;

  PlayerState players[kMaxPlayers];
  Multiset<kVillainDeckCap> villain_deck;
  Multiset<kHeroDeckCap> hero_deck;  // the Hero Deck plus the Skrull Heroes still hidden in the Villain Deck
  uint8_t hq[kHQ] = {kNoCard, kNoCard, kNoCard, kNoCard, kNoCard};
  CitySpace city[kCity];
  uint8_t ko[kCardIds] = {};
  uint8_t escaped[kCardIds] = {};
  uint8_t wounds_left = 0;
  uint8_t bystanders_left = 0;
  uint8_t officers_left = 0;
  Multiset<4> tactics;
  uint8_t mm_bystanders = 0;
  uint8_t twists_played = 0;
  uint8_t twists_beside = 0;  // Scheme Twists next to the Scheme (Mystique twists included)
  uint8_t mystique_twists = 0;  // Mystique twists counted there, which are not Twist cards
  uint8_t portals = 0;  // bit per city space; bit 5: the mastermind
  uint8_t villains_escaped = 0;
  uint8_t bystanders_carried = 0;
  uint8_t killbots_escaped = 0;
  uint8_t heroes_escaped = 0;

  // The turn.
  uint8_t turn_player_ = 0;
  uint16_t turn = 0;
  Played played[kPlayedCap];
  uint8_t n_played = 0;
  int16_t attack = 0;
  int16_t recruit = 0;
  int16_t recruit_made = 0;
  uint8_t extra_draws = 0;
  bool recruit_as_attack = false;
  bool healed = false;
  bool acted = false;  // recruited a Hero or defeated a Villain (no Healing)
  bool extra_turn = false;
  uint8_t on_defeat_recruit = 0;
  uint8_t on_defeat_rescue = 0;
  int8_t space_minus[kCity] = {};
  int8_t mastermind_minus = 0;
  uint8_t extra_draw = 0;
  uint8_t new_hand = 0;  // "draw N cards instead of six" at the end of the turn (0: the table's hand size)
  uint8_t bubble = kNoCard;
  Multiset<8> look;
  uint8_t look_owner = 0;
  bool look_private = false;
  Multiset<kMaxPlayers> steal;
  uint8_t limbo = kNoCard;  // a Hero that was under a defeated Skrull, until its Fight effect gains it

  // The end.
  bool mm_defeated = false;
  bool deck_ran_out = false;
  bool over = false;
  int8_t result = 0;  // 1 the players win, -1 evil wins, 0 a tie
  // Final Showdown.
  bool showdown = false;
  uint8_t showdown_mask = 0;  // players still in
  uint8_t showdown_done = 0;  // players who have played this round
  uint8_t showdown_round = 0;
  int16_t showdown_total[kMaxPlayers] = {};
  int8_t showdown_winner = -1;

  Task tasks[kTaskCap];
  uint8_t n_tasks = 0;

  // The position's fields (core/fields.h): the piles, the HQ, the counters,
  // the turn and the end. The setup, the players, the city, the KO'd and
  // escaped counts, the cards played this turn and the tasks are written by
  // hand, and so is new_hand (older positions lack it).
  static constexpr const char* kTurnByHand[] = {"played", "new_hand"};
  static auto fields() {
    const LastSeat last_seat;
    const auto all_seats = [](const Config& c) { return (1 << c.players) - 1; };
    return std::make_tuple(
        field("built", &State::built, Flag{}), field("villain_deck", &State::villain_deck, CardList{}), field("hero_deck", &State::hero_deck, CardList{}),
        field("hq", &State::hq, Each{CardOrNone{kNoCard}}), field("tactics", &State::tactics, CardList{}),
        group("counters", field("wounds_left", &State::wounds_left, Count{0, 30}), field("bystanders_left", &State::bystanders_left, Count{0, 30}),
              field("officers_left", &State::officers_left, Count{0, 30}), field("mastermind_bystanders", &State::mm_bystanders, Count{0, 30}),
              field("twists_played", &State::twists_played, Count{0, 40}), field("twists_beside", &State::twists_beside, Count{0, 40}),
              field("mystique_twists", &State::mystique_twists, Count{0, 8}), field("portals", &State::portals, Count{0, 63}),
              field("villains_escaped", &State::villains_escaped, Count{0, 200}), field("bystanders_carried", &State::bystanders_carried, Count{0, 30}),
              field("killbots_escaped", &State::killbots_escaped, Count{0, 30}), field("heroes_escaped", &State::heroes_escaped, Count{0, 200})),
        group("turn", kTurnByHand, field("player", &State::turn_player_, Count{0, last_seat}), field("number", &State::turn, Count{0, 60000}),
              field("attack", &State::attack, Count{0, 999}), field("recruit", &State::recruit, Count{0, 999}), field("recruit_made", &State::recruit_made, Count{0, 999}),
              field("extra_draws", &State::extra_draws, Count{0, 255}), field("recruit_as_attack", &State::recruit_as_attack, Flag{}), field("healed", &State::healed, Flag{}),
              field("acted", &State::acted, Flag{}), field("extra_turn", &State::extra_turn, Flag{}), field("on_defeat_recruit", &State::on_defeat_recruit, Count{0, 60}),
              field("on_defeat_rescue", &State::on_defeat_rescue, Count{0, 60}), field("space_minus", &State::space_minus, Each{Count{0, 100}}),
              field("mastermind_minus", &State::mastermind_minus, Count{0, 100}), field("extra_draw", &State::extra_draw, Count{0, 60}),
              field("bubble", &State::bubble, CardOrNone{kNoCard}), field("look", &State::look, CardList{}), field("look_owner", &State::look_owner, Count{0, last_seat}),
              field("look_private", &State::look_private, Flag{}), field("steal", &State::steal, CardList{}), field("limbo", &State::limbo, CardOrNone{kNoCard})),
        group("end", field("mastermind_defeated", &State::mm_defeated, Flag{}), field("deck_ran_out", &State::deck_ran_out, Flag{}), field("over", &State::over, Flag{}),
              field("result", &State::result, Count{-1, 1}), field("showdown", &State::showdown, Flag{}), field("showdown_mask", &State::showdown_mask, Count{0, all_seats}),
              field("showdown_done", &State::showdown_done, Count{0, all_seats}), field("showdown_round", &State::showdown_round, Count{0, 3}),
              field("showdown_totals", &State::showdown_total, PerPlayer{Count{0, 999}}), field("showdown_winner", &State::showdown_winner, Count{-1, last_seat})));
  }

  // The options of the decision on top as settle() found them, so that
  // legal_actions() need not compute them again; valid until the next apply
  // or resample (0: none). Not part of the position.
  static constexpr int kCachedOptions = 16;
  uint8_t n_cached = 0;
  uint16_t cached[kCachedOptions] = {};

  // The contract (core/state_contract.h; the table in layout.cpp, the
  // knowledge hooks in zones.cpp).
  // Inline: the playout loop asks it at every step.
  int current_player() const {
    if (over) return kTerminal;
    if (n_tasks > 0) {
      const Task& t = tasks[n_tasks - 1];
      return t.op < kFirstAuto ? kChance : t.p;  // a chance task, or the one who decides
    }
    return turn_player_;
  }
  HENCHMEN_STATE_CONTRACT(State, Config)
  Action random_action(Rng& rng, std::vector<Action>& scratch) const;  // core/random_action.h
  void apply_random_chance(Rng& rng);  // core/random_action.h
  template <class Out>
  void main_legal(Out& out) const;  // rules.cpp: the turn player's main decision
  // For redraws (core/native_state.h): whether `world`, drawn for
  // `observer`, leaves every other player's pool of unseen cards as it is
  // here, the one part of the view the card facts do not yet follow (after
  // a hidden pass).
  bool same_view(const State& world, int observer) const;
  template <class F>
  void each_unseen(int p, F&& f) const;
  void check_setup(int remaining) const;  // validate.cpp
  void check_counters() const;
  void check_pending() const;
  uint64_t hash() const;  // stable, field by field (hash.cpp)

  // Queries shared by rules, view and serialization.
  void write_setup(Json& o) const;  // the scheme, mastermind, villain and henchmen groups and heroes in play, by name (serialize.cpp)
  inline int villain_attack(int space) const;  // below: legal_actions asks it for every space
  int mastermind_attack() const;
  bool can_defeat(int card) const;  // the turn player meets "can't defeat X unless..."
  int vp(int player) const;
  int solo_score() const;
  // Skrull Heroes hidden in the Villain Deck are in the pool, not the Hero Deck
  // (only schemes with Skrull Heroes put any there).
  int hero_deck_size() const {
    const bool skrulls = scheme >= 0 && cfg->scheme[static_cast<size_t>(scheme)].skrull_heroes > 0;
    return hero_deck.size() - (skrulls ? count_sorted(villain_deck, kSkrullHero) : 0);
  }
  bool is_chance_task(const Task& t) const { return t.op < kFirstAuto; }
  bool is_decision_task(const Task& t) const { return t.op >= kFirstDecision; }
  int decision_options(const Task& t, Action* out) const;  // fills up to 256 actions, ascending
  void chance_pile(const Task& t, std::vector<std::pair<Action, double>>& out) const;
  uint16_t hand_and_played_tags(int player) const;
  int count_your(int player, uint16_t tags) const;

  // Rules (rules.cpp) and effects (effects.cpp).
  void push(uint8_t op, int p = 0, int card = kNoCard, int a = 0, int b = 0, int c = 0);
  void settle();
  void run_top(int outcome);
  bool draw_in_place(Action outcome);
  bool draw_rest_at_once();  // settle(): a certain draw of the whole unknown deck
  void drew(Task& t, int k);  // the tail of a draw done in place (k cards)
  Action only_outcome(const Task& t) const;
  void run_chance_task(Task t, int outcome);
  void run_auto_task(Task t);
  void run_decision(Task t, Action action);
  void run_effect(const Task& t);
  void start_turn(int p);
  void end_turn();
  void discard_played();
  void after_draw(int p);
  void play_card(uint8_t card);
  void play_copy(uint8_t as, uint8_t physical, int copy_index);
  void play_villain_card(uint8_t card);
  void villain_card_at(const Task& t, uint8_t card, int place);  // place: in villain_deck (-1: none)
  void refill_hq_at(int slot, uint8_t card, int place);           // place: in hero_deck (-1: none)
  void enter_city(uint8_t card, uint8_t under, int from);  // from: the zone it leaves
  void escape(const CitySpace& v);
  void twist(int number, bool mystique);
  void fight_space(int space, bool pay);
  void fight_mastermind(bool pay);
  void take_tactic(int p, uint8_t tactic);
  void gain(int p, uint8_t card);
  void to_hand(int p, uint8_t card);  // a full hand sends it to the discard pile instead
  void gain_to_hand(int p, uint8_t card);  // from a stack (an Officer), told
  void put_look_back(int p);  // the cards looked at go back on top, in private
  void add_attack(int k) { attack = saturated<int16_t>(attack + k, kMaxPoints); }
  void add_recruit(int k) {
    recruit = saturated<int16_t>(recruit + k, kMaxPoints);
    recruit_made = saturated<int16_t>(recruit_made + k, kMaxPoints);
  }
  void count_extra_draw() {
    if (extra_draws < 255) ++extra_draws;
  }
  void gain_wound(int p, bool into_hand);
  void rescue(int p, int n);
  void capture(int space, int n);  // space -1: the mastermind
  void ko_card(uint8_t card);
  void discard_from_hand(int p, uint8_t card, bool by_effect);
  void refill_hq();
  void check_evil_wins();
  bool evil_condition() const;  // the scheme's Evil Wins condition holds (whoever has won)
  bool chance_certain(const Task& t) const;  // settle() runs this chance step with no outcome
  bool chance_waits(const Task& t) const;     // this chance step needs an outcome
  int deck_step(const Task& t) const;         // a draw, reveal or look: see rules.cpp
  // The step shows the card it takes to everyone (a reveal, a public look).
  bool shows_card(const Task& t) const { return t.op == tReveal || t.op == tStealReveal || (t.op == tLook && !look_private); }
  void reshuffle(int p);
  // Where a card put on p's deck lands for the card facts: on top, or in the
  // unknown part when the known top is full (PlayerDeck::put_top).
  Pos top_pos(int p) const { return players[p].deck.n_top < kTopCap ? Pos::kTop : Pos::kAny; }
  void finish(int8_t how);
  void each_player(int from, bool include_self, uint8_t op, int card, int a, int b, int c);
  bool reveals(int p, uint16_t tags) const;
  bool reveal_tags(int p, uint16_t tags, bool played_counts);  // reveals(), told with its card facts
  bool reveals_wound_draw(int p) const;
  int villain_space_of_enter() const;
  void take_hq(int slot);
  void look_done(int p, int next, int arg);
  int find_entered(uint8_t card, int space) const;
};

inline int State::villain_attack(int space) const {
  const CitySpace& v = city[space];
  if (v.card == kNoCard) return 0;
  int a;
  if (is_hero(v.card)) {
    a = cfg->cost[v.card] + (scheme >= 0 ? cfg->scheme[static_cast<size_t>(scheme)].skrull_attack_plus : 0);
  } else if (v.card == kBystander) {
    a = twists_beside;
  } else if (cfg->attack_from_under[v.card]) {
    a = v.under == kNoCard ? 0 : cfg->cost[v.under];
  } else {
    a = cfg->attack[v.card];
  }
  if (portals & (1u << space)) ++a;
  if (v.bystanders && scheme >= 0 && cfg->scheme[static_cast<size_t>(scheme)].rule == Rule::kBankRobbery) a += v.bystanders;
  a -= space_minus[space];
  return std::max(a, 0);
}

// What a viewer other than `p` can deduce but not place of p's cards: the
// hand, the unknown part of the deck, cards put on top face down, a card
// being passed, cards p looks at in private. `f` is called once per card.
template <class F>
inline void State::each_unseen(int p, F&& f) const {
  const PlayerState& pl = players[p];
  for (const uint8_t x : pl.hand) f(x);
  for (const uint8_t x : pl.deck.rest) f(x);
  for (int i = 0; i < pl.deck.n_top; ++i) {
    if ((pl.deck.top_private >> i) & 1u) f(pl.deck.top[i]);
  }
  if (pl.pass != kNoCard) f(pl.pass);
  if (look_private && look_owner == p) {
    for (const uint8_t x : look) f(x);
  }
}

}  // namespace henchmen::legendary
