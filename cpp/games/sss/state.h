// Seven Secret Supervillains: the flat state and its rules.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/fields.h"
#include "core/game.h"
#include "core/knowledge.h"
#include "core/piles.h"
#include "core/reactions.h"
#include "core/state_contract.h"
#include "games/sss/cards.h"

namespace henchmen::sss {

constexpr int kRowSlotCount = 5;  // the Minion row (kRowSlots), for the action space
// Gust's orders: the row cards (at most 5) under the Minion deck, one
// permutation each (5! = 120).
constexpr int kGustOrders = 120;
// The block of the crews that look at the top cards of a deck (Rewrite,
// Sell, and room for Trendset's looks at the Minion deck).
constexpr int kLookIds = 160;

// The fixed action space. Card-indexed ranges take a card id as offset.
enum : Action {
  kPlay = 0,                  // + card: play from hand for power and ability
  kAttach = 128,              // + minion: attach from hand to its Supervillain
  kBuy = 256,                 // + card: from the row, your Stash, the Scaredy Bots, the Upgrade
  kTransfer_ = 384,           // + minion: Transfer from your discard pile
  kHarvest_ = 512,            // + card: discard pile -> bottom of deck
  kIncinerateHand = 640,      // + card
  kIncinerateDiscard = 768,   // + card
  kDiscardForFetch = 896,     // + card: the discard half of Fetch
  kBounty_ = 1024,            // + minion: row -> Stash
  kBountySwap = 1152,         // + row slot * 3 + stash index: a full Stash swaps
  kReplicateCopy = 1168,      // + ability: gain a copy of an ability played this turn
  kReplicateLeftmost = kReplicateCopy + kAbilitySlots,  // replace the leftmost Minion row card
  kFreeze_,
  kFetch_,
  kEndTurn,
  kActivate,                               // + crew slot: activate that crew's attached Upgrade
  kReturnUpgrade = kActivate + kMaxCrews,  // + crew slot: the 4th-Upgrade swap
  // Crews of the expansion (sss-crews-a): expel.cpp.
  kFroth_ = kReturnUpgrade + kMaxCrews,  // + card: discard pile -> expelled, for its power
  kConsume_ = kFroth_ + kCardIds,        // + card: hand -> expelled, for its power + 1
  // Crews of the second expansion batch (sss-crews-b): pupate.cpp.
  kPupate_ = kConsume_ + kCardIds,       // + card: in play -> set aside, base power doubled
  kSnooze_ = kPupate_ + kCardIds,        // + card: hand -> set aside for next turn
  kSnoozeRow_ = kSnooze_ + kCardIds,     // + minion: row -> bottom of the Minion deck, its slot refilled
  // Crews that look at the top or bottom of a deck (sss-crews-d): one block,
  // so that each of them moves no other action id. pull.cpp.
  kCrewsD_ = kSnoozeRow_ + kCardIds,
  kPull_ = kCrewsD_,      // look at the bottom card of your deck
  kPullTop,               // ... put it on top
  kPullDiscard,           // ... discard it
  kPullLeave,             // ... leave it where it is
  kProphecize_,           // + number: the power guessed for the top card of your deck (prophecize.cpp)
  // Crews of the third expansion batch (sss-crews-c): gust.cpp.
  kGust_ = kCrewsD_ + 64,                // + order of the row cards going under the Minion deck (gust.cpp)
  kRemix_ = kGust_ + kGustOrders,        // + card: hand -> discard pile, one of Remix's 3 (remix.cpp)
  kHaggle_ = kRemix_ + kCardIds,         // + minion: row -> bottom of the Minion deck, its replacement 2 cheaper (haggle.cpp)
  kExpedite_ = kHaggle_ + kCardIds,      // + minion: bought this turn -> bottom of your deck (expedite.cpp)
  kEngineer_ = kExpedite_ + kCardIds,    // + bot: hand -> expelled, a Scaredy Bot gained (engineer.cpp)
  kEngineerUpgrade = kEngineer_ + kCardIds,  // the Upgrade card under the Upgrade deck, refilled (Engineer)
  kHackPower = kEngineerUpgrade + 1,     // Hack: 2 power for an Upgrade only (hack.cpp)
  kHackUpgrade,                          // Hack: the Upgrade card replaced
  // Crews of sss-panda.
  kExperiment_,                          // an Explodey Bot set aside for next turn (experiment.cpp)
  kRepeat_,                              // + ability: the most recent Minion card ability used, copied (repeat.cpp)
  // Monkey Mischief (sss-climb): gamble.cpp.
  kGamble_ = kRepeat_ + kAbilitySlots,   // + card: hand -> face down, for an opponent's guess
  kGambleOdd = kGamble_ + kCardIds,      // the opponent's guess (off-turn): odd
  kGambleEven,                           // ... even (zero is even)
  // Crews that look at the top cards of a deck (sss-tales): one block of
  // kLookIds, so that each of them moves no other action id. look.cpp.
  kLook_,
  kRewrite_ = kLook_,  // look at the top 3 cards of your deck (rewrite.cpp)
  kRewriteKeep,        // the lowest card still looked at: back on top of the deck
  kRewriteDiscard,     // ... to the discard pile
  kSellTakeFirst,      // Sell: the upper card looked at into your hand, the other back on top (sell.cpp)
  kSellTakeSecond,     // ... the lower one
  kSell_,              // + card: hand -> discard pile, to look at the top 2 cards of your deck
  // Trendset (Dinomite Dressers): the top 2 cards of the Minion deck looked at
  // (trendset.cpp), then each bought, topped or bottomed, the upper or the lower.
  kTrendset_ = kSell_ + kCardIds,
  kTrendsetBuyUpper,
  kTrendsetBuyLower,
  kTrendsetTopUpper,
  kTrendsetTopLower,
  kTrendsetBottomUpper,
  kTrendsetBottomLower,
  // Gizzard Wizards (sss-gizzard): gizzard.cpp.
  kDiscombobulate_ = kLook_ + kLookIds,                      // a Chaos Spell set aside for your spell book next turn
  kCastSpell_,                           // + spell (0 to 9): a spell of your spell book played, then under the Chaos Spell deck
  kChanceCard = kCastSpell_ + kChaosSpells,  // + card: a draw or a reveal
  kChanceSupervillain = kChanceCard + kCardIds,  // + crew slot: a Supervillain revealed
  kChanceChaos = kChanceSupervillain + kMaxCrews,  // + bit per row slot: the slots Chaos's dice named (gambler.cpp)
  kNumActions = kChanceChaos + (1 << kRowSlotCount),
};

enum class Pending : uint8_t {
  kNone,
  kFetchDiscard,
  kReturnUpgrade,
  kPullChoice,  // sss-crews-d: the bottom card Pull looked at: top, discard or leave
  // sss-crews-c: a Remix under way, its discards still to make.
  kRemixDiscard2,
  kRemixDiscard1,
  // sss-tales: cards looked at off the top of a deck (State::looked), to decide.
  kRewriteChoice,  // the lowest one: kept on top or discarded
  kSellChoice,     // one into the hand, the other back on top
  kTrendsetChoice,  // sss-trendset: the Minion deck's top cards looked at: each bought, topped or bottomed
};
// The position JSON's words for Pending, in its order.
inline constexpr const char* kPendingWords[] = {"none", "fetch-discard", "return-upgrade", "pull-choice", "remix-discard-2", "remix-discard-1", "rewrite-choice", "sell-choice", "trendset-choice"};

// Chance work waiting to be done, in order. Deterministic steps run at once;
// the state stops at the first step whose outcome is uncertain.
enum class TaskKind : uint8_t {
  kDrawHand,
  kDrawFreeze,
  kDrawFetch,
  kRefillRow,
  kRefillUpgrade,
  kRevealSupervillain,
  kFinishCleanup,
  kChaosTurn,    // sss-modes: the Gambler's Chaos turn (gambler.cpp)
  kLookBottom,  // sss-crews-d: Pull looks at the bottom card of a deck's unknown part
  kLookTop,     // sss-crews-d: Prophecize shows the top card of a deck (slot: the number guessed)
  kDrawRemix,   // sss-crews-c: Remix's 3 draws
  kDrawGamble,  // sss-climb: Gamble's draw, the guess was wrong (gamble.cpp)
  kLookRewrite,  // sss-tales: Rewrite's look, one card at a time off the top of the deck (count: cards still to look at)
  kLookSell,     // sss-tales: Sell's look, likewise
  kDrawSpell,   // sss-gizzard: Discombobulate takes the top card of the Chaos Spell deck (gizzard.cpp)
  kGainMinion,  // sss-gizzard: the Chance spell gains the top card of the Minion deck
  kLookTrendset,  // sss-trendset: Trendset's look, one card at a time off the top of the Minion deck (count: cards still to look at)
};
const char* task_name(TaskKind kind);  // as the position JSON spells it
const char* pending_name(Pending p);  // as the position JSON spells it ("" for none)

struct Task {
  TaskKind kind = TaskKind::kDrawHand;
  uint8_t player = 0;
  uint8_t slot = 0;   // row or supervillain slot
  uint8_t count = 0;  // cards still to draw
};

constexpr int kRowSlots = kRowSlotCount;
constexpr int kSupervillainSlots = 3;
constexpr int kStashSize = 3;
constexpr int kPileCap = 120;
constexpr int kSmallPile = 40;
constexpr int kMaxTasks = 16;
constexpr int kProphecyNumbers = 16;  // Prophecize guesses a power from 0 to 15
constexpr int kLookedCap = 3;  // Rewrite looks at 3 cards, Sell and Trendset at 2
constexpr int kTrendsetLook = 2;

// Zones, for the card facts of events and what each player knows
// (core/knowledge.h): ten per seat, then the shared ones, then one attached
// pile per crew and seat. Numbers are fixed for every option set.
enum SeatZone : int {
  kHandZone,
  kDeckZone,
  kDiscardZone,
  kInPlayZone,
  kBoughtZone,
  kStashZone,
  kFrozenZone,
  kUpgradesZone,         // the Supercomputer: attached Upgrades
  kUpgradesPendingZone,  // bought this turn
  kWonZone,              // Supervillains won
  kZonesPerSeat,
};
constexpr int seat_zone(int player, int which) { return player * kZonesPerSeat + which; }
constexpr int kMinionDeckZone = kMaxPlayers * kZonesPerSeat;
constexpr int kMinionRowZone = kMinionDeckZone + 1;
constexpr int kUpgradeDeckZone = kMinionDeckZone + 2;
constexpr int kUpgradeRowZone = kMinionDeckZone + 3;
constexpr int kSupervillainDeckZone = kMinionDeckZone + 4;
constexpr int kSupervillainSlotsZone = kMinionDeckZone + 5;
constexpr int kDangerZoneZone = kMinionDeckZone + 6;
constexpr int kExpelledZone = kMinionDeckZone + 7;
constexpr int kScaredyZone = kMinionDeckZone + 8;  // the Scaredy Bots for sale
constexpr int kAttachedZoneBase = kMinionDeckZone + 9;
constexpr int attached_zone(int crew, int player) { return kAttachedZoneBase + crew * kMaxPlayers + player; }
constexpr int kExplodeyZone = kAttachedZoneBase + kMaxCrews * kMaxPlayers;  // the Explodey pile (Experiment)
constexpr int kFaceDownZone = kExplodeyZone + 1;  // Gamble's card
constexpr int kLookZone = kFaceDownZone + 1;      // the cards Rewrite, Sell or Trendset looks at (State::looked)
// Gizzard Wizards: the Chaos Spell deck, then each seat's spell book and the
// spells set aside for it (own zones: a spell never joins a hand).
constexpr int kChaosDeckZone = kLookZone + 1;
constexpr int kSpellBookZoneBase = kChaosDeckZone + 1;
constexpr int spell_book_zone(int player) { return kSpellBookZoneBase + player; }
constexpr int kSpellsAsideZoneBase = kSpellBookZoneBase + kMaxPlayers;
constexpr int spells_aside_zone(int player) { return kSpellsAsideZoneBase + player; }
constexpr int kNumZones = kSpellsAsideZoneBase + kMaxPlayers;
// Supervillains are cards too in the facts (never in the card table), at
// ids no card of the table has (81 to 89, after the ninth crew's Minions).
constexpr uint8_t kSupervillainCard = kMaxCrews * kMinionsPerCrew;
inline int supervillain_card(int crew) { return kSupervillainCard + crew; }

// Length of the flat observation tensor.
int observation_length(const Config& cfg);

// A player's deck keeps a known top segment (cards put back on top or looked
// at there, see deck_top.h): who knows each card is a bit per player.
constexpr int kDeckTopCap = 16;
using PlayerDeck = Deck<kPileCap, kDeckTopCap>;
// The Minion deck keeps one too (Trendset puts cards back on top known to the
// looker alone); its unknown part stays public (every card left it in view).
using MinionDeck = Deck<kMaxCrews * kMinionsPerCrew, kDeckTopCap>;
constexpr uint8_t kEveryone = (1u << kMaxPlayers) - 1;

struct PlayerState {
  Multiset<kSmallPile> hand;
  Multiset<kSmallPile> hand_public;  // the part of the hand everyone knows (a sub-multiset)
  PlayerDeck deck;
  Multiset<kPileCap> discard;
  Multiset<kPileCap> in_play;  // played this turn
  Multiset<kSmallPile> bought;  // bought this turn (to the discard pile at cleanup)
  Multiset<kStashSize> stash;
  Multiset<8> frozen;  // joins the hand next turn; only the owner sees it
  Multiset<8> frozen_public;  // frozen from a known place, so everyone knows it (a sub-multiset)
  Multiset<kMaxCrews> upgrades;          // attached Upgrades (card ids)
  Multiset<kMaxCrews> upgrades_pending;  // bought this turn, attach at cleanup
  uint16_t upgrades_used = 0;            // bit per crew slot, this turn
  int16_t power = 0;
  uint8_t tokens[kNumAbilities] = {};  // the ability pool
  uint8_t won = 0;                      // Supervillains won
  // Gizzard Wizards: the spell book ("not considered to be in your hand"),
  // the spells set aside for it next turn, and the parts everyone knows (a
  // spell taken from a known place of the Chaos Spell deck).
  Multiset<kChaosSpells> spell_book;
  Multiset<kChaosSpells> spell_book_public;
  Multiset<kChaosSpells> spells_aside;
  Multiset<kChaosSpells> spells_aside_public;

  // The player's fields in the position (core/fields.h); the deck, the
  // frozen cards everyone knows (older positions lack them), the Upgrades
  // used, the ability pool and the spells are written by hand.
  static auto fields() {
    const auto crews = [](const Config& c) { return c.crews; };
    return std::make_tuple(field("hand", &PlayerState::hand, CardList{}), field("hand_public", &PlayerState::hand_public, CardList{}),
                           field("discard", &PlayerState::discard, CardList{}), field("in_play", &PlayerState::in_play, CardList{}),
                           field("bought", &PlayerState::bought, CardList{}), field("stash", &PlayerState::stash, CardList{}), field("frozen", &PlayerState::frozen, CardList{}),
                           field("upgrades", &PlayerState::upgrades, CardList{}), field("upgrades_pending", &PlayerState::upgrades_pending, CardList{}),
                           field("power", &PlayerState::power, Count{0, 999}), field("won", &PlayerState::won, Count{0, crews}));
  }
};

struct State {
  const Config* cfg = nullptr;
  PlayerState players[kMaxPlayers];

  // The position's fields (core/fields.h); the rest of the position (the
  // Supervillains, the decks, the marks older positions lack, the tasks, and
  // the players around PlayerState::fields) is written by hand.
  static auto fields() {
    const auto last_turn = [](const Config& c) { return c.max_turns + 1; };
    const auto scaredy_bots = [](const Config& c) { return c.scaredy_bots; };
    const LastSeat last_seat;
    return std::make_tuple(field("turn", &State::turn, Count{1, last_turn}), field("turn_player", &State::turn_player_, Count{0, last_seat}),
                           field("pending", &State::pending, Word{kPendingWords}), field("over", &State::over, Flag{}), field("winner", &State::winner, Count{-2, last_seat}),
                           field("minion_row", &State::row, Each{CardOrNone{kNoCard}}), field("upgrade_row", &State::upgrade_row, CardOrNone{kNoCard}),
                           field("scaredy_bots", &State::scaredy_left, Count{0, scaredy_bots}), field("expelled", &State::expelled, CardList{}),
                           field("players", &State::players, ByHand{PerPlayer{Fields{}}}));
  }
  Multiset<kMinionsPerCrew> attached[kMaxCrews][kMaxPlayers];
  uint16_t supervillain_deck = 0;  // bit per crew slot, unordered
  int8_t supervillain_slot[kSupervillainSlots] = {-1, -1, -1};
  uint16_t danger_zone = 0;  // bit per crew slot
  int8_t won_by[kMaxCrews] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
  uint8_t row[kRowSlots] = {kNoCard, kNoCard, kNoCard, kNoCard, kNoCard};
  MinionDeck minion_deck;
  // Who knows each known card under the Minion deck's unknown part (from its
  // top): 0 public (Gust's, Snooze's and the row's clearing put cards there in
  // view), else a bit per player (a card Trendset bottoms: the looker's alone).
  uint8_t minion_bottom_seen[MinionDeck::capacity()] = {};
  uint8_t upgrade_row = kNoCard;
  Deck<kMaxCrews> upgrade_deck;
  uint8_t scaredy_left = 0;
  Multiset<kPileCap + 40> expelled;
  // Cards whose base power Pupate doubled (a bit per card id): public, and
  // kept only while the card stays in a hand (face down for a Gamble too), in
  // play or set aside.
  uint64_t pupated[2] = {};
  // Haggle (this turn only, public): row slots whose refill will be 2
  // cheaper, and the cards that came so (a bit per card id).
  uint8_t haggle_slots = 0;
  uint64_t haggled[2] = {};
  int16_t hack_power = 0;  // the turn player's power that only buys an Upgrade (Hack), public
  uint8_t explodey_left = 0;  // the Explodey pile (Experiment; Config::explodey_pile), public
  // The Chaos Spell deck (Config::chaos_spells): face down, its order known
  // to nobody; played spells go under it, so its bottom part is public.
  Deck<kChaosSpells> chaos_deck;
  // Repeat (this turn, the turn player's, public): the most recent Minion
  // card ability used (a token of it spent), and how many of the pool's
  // tokens a Minion card gave (the rest an Upgrade, a Bot or their copies).
  uint8_t repeatable = kNoAbility;
  uint8_t minion_tokens[kNumAbilities] = {};
  // Gamble (sss-climb): the turn player's card face down (only they know it)
  // while the opponent the reaction window asks guesses its power's parity.
  uint8_t gamble_card = kNoCard;
  // What everyone knew of that hand (its hand_public) when the card went
  // down: each of these is now in the hand or face down, nobody but the owner
  // knows which, so hand_public is empty meanwhile; the card shown is the one
  // that went down, so the hand is whole again and all of it is known again.
  // Empty while no card lies face down (public).
  Multiset<kSmallPile> gamble_known;
  Reactions<1, kMaxPlayers> reactions;
  // Rewrite and Sell (sss-tales): the cards the turn player has taken off
  // the top of their deck to look at, top first, and who knew each (a bit
  // per player; the owner always), until they decide where each goes.
  // Trendset's come off the Minion deck instead (minion_look()).
  uint8_t looked[kLookedCap] = {kNoCard, kNoCard, kNoCard};
  uint8_t looked_seen[kLookedCap] = {};
  uint8_t n_looked = 0;
  Task tasks[kMaxTasks];
  uint8_t n_tasks = 0;
  Pending pending = Pending::kNone;
  uint8_t turn_player_ = 0;
  uint16_t turn = 1;
  int8_t winner = -1;  // -1 none yet; -2 a draw
  bool over = false;

  // The contract (core/state_contract.h; the table in layout.cpp, the
  // knowledge hooks in zones.cpp: the sampled world is written into the
  // hidden places, hands, frozen piles and decks).
  int current_player() const {  // inline: the playout loop asks before every action
    if (over) return kTerminal;
    if (n_tasks > 0) return kChance;
    if (reactions.open()) return reactions.responder();  // an off-turn decision: Gamble's guess
    return turn_player_;
  }
  HENCHMEN_STATE_CONTRACT(State, Config)
  Action random_action(Rng& rng, std::vector<Action>& scratch) const;  // core/random_action.h
  void apply_random_chance(Rng& rng);  // core/random_action.h
  uint64_t hash() const;  // stable: the position JSON's content, field by field

  // Rule helpers shared by the rules, view and serialization files.
  bool supervillain_revealed(int crew) const;
  int reputation(int crew, int player) const;
  int row_slot_of(int card) const;  // -1 if not in the row
  int turn_limit_result() const;  // the winner (or -2, a draw) if the turn limit ended the game now
  // Teams (the Classic): the side a player's Minions attach to (their
  // team's: seat 0 for players 1 & 3, seat 1 for 2 & 4; their own seat
  // otherwise), and the Supervillains a side has won.
  int side(int player) const { return cfg->teams ? player % 2 : player; }
  int side_won(int side) const;
  // Crew majorities (secretive.cpp): each crew's reputation in a player's
  // cards, points (doubled: a tie's half point is 1) and total reputation,
  // the result and the ranking's returns.
  int owned_reputation(int player, int crew) const;
  void crew_scores(int* points2, int* total) const;
  int crew_result() const;  // the best seat, or -2 when the best are tied
  double crew_return(int player) const;
  void end_by_crews(bool turn_limit);  // the game ends and the crews are compared
  // The Gambler (gambler.cpp): Chaos's turn, the end and the solo score.
  int solo_score() const;  // the reputation in player 1's cards
  bool no_minion_to_buy() const;
  bool no_minion_in_row() const;
  void end_solo(bool turn_limit);
  void chaos_outcomes(std::vector<std::pair<Action, double>>& out) const;
  Action sample_chaos(Rng& rng) const;
  void chaos_takes(int slots);  // the cards of the named slots, refills queued next
  // The Climb (climb.cpp): the goal's progress, its end and the score from the turns taken.
  int climb_progress() const;
  bool climb_reached() const;  // the game is over with the goal reached within the turn limit
  std::string climb_goal_text() const;  // "4 Supervillains"
  void end_climb(bool turn_limit);
  double climb_return() const;
  // The core's measure (Traits::measure_name): the turn the Climb's goal was reached in; NaN otherwise.
  double measure() const { return climb_reached() ? static_cast<double>(turn) : std::numeric_limits<double>::quiet_NaN(); }
  bool climb_goal_met() const { return cfg->climb_goal != ClimbGoal::kNone && !over && climb_progress() >= cfg->climb_target; }
  // Expel abilities (expel.cpp): Froth and Consume.
  // A card's power as modified: its base power, doubled once if pupated.
  int modified_power(int /*player*/, int card) const { return cfg->power[static_cast<size_t>(card)] << (is_pupated(card) ? 1 : 0); }
  void expel_legal(std::vector<Action>& out) const;
  void apply_expel(Action action);
  // Pupate (pupate.cpp): a played card set aside for next turn, its base power doubled.
  bool is_pupated(int card) const { return (pupated[card >> 6] >> (card & 63)) & 1u; }
  void pupate_legal(std::vector<Action>& out) const;
  void apply_pupate(Action action);
  void drop_lost_pupate_marks();  // a doubled card that left hand (or Gamble's face-down place), play and the set-aside pile is plain again
  // Snooze (snooze.cpp), and replacing a Minion row card (Snooze, Haggle).
  void snooze_legal(std::vector<Action>& out) const;
  void apply_snooze(Action action);
  void replace_row_card(int slot);  // to the bottom of the Minion deck; the slot refills from the top
  // Pull (pull.cpp, sss-crews-d): the bottom card of the deck looked at, then topped, discarded or left.
  void pull_legal(std::vector<Action>& out) const;
  void pull_choice_legal(std::vector<Action>& out) const;
  void apply_pull(Action action);
  void look_at_bottom(int player, int outcome);  // outcome < 0: the deck's only unknown card
  void tell_pull(Events& ev, Action action) const;
  // Prophecize (prophecize.cpp, sss-crews-d): a number guessed, the top card shown, drawn if right.
  void prophecize_legal(std::vector<Action>& out) const;
  void apply_prophecize(Action action);
  void look_at_top(int player, int guess, int outcome);  // outcome < 0: the top card is certain
  void tell_prophecize(Events& ev, Action action) const;
  // Gust (gust.cpp): the whole Minion row under the Minion deck in a chosen order, then refilled.
  int gust_slots(Action action, int* slots) const;  // the row slots in the order they go under; -1 if no such order
  void gust_legal(std::vector<Action>& out) const;
  void apply_gust(Action action);
  std::string gust_to_string(Action action) const;
  // Remix (remix.cpp): three hand cards discarded one action at a time, then 3 drawn.
  int remix_discards_left() const {  // 0 unless a Remix is under way
    return pending == Pending::kRemixDiscard2 ? 2 : pending == Pending::kRemixDiscard1 ? 1 : 0;
  }
  void remix_legal(std::vector<Action>& out) const;
  void apply_remix(Action action);
  // Haggle (haggle.cpp): a row card replaced, its replacement 2 cheaper this turn (cost 1 or 2: free).
  bool is_haggled(int card) const { return (haggled[card >> 6] >> (card & 63)) & 1u; }
  int cost(int card) const {  // what buying it takes now: its health, less a Haggle's 2 (inline: every buy list asks)
    const int health = cfg->health[static_cast<size_t>(card)];
    return (haggled[0] | haggled[1]) && is_haggled(card) ? (health > 2 ? health - 2 : 0) : health;
  }
  void haggle_legal(std::vector<Action>& out) const;
  void apply_haggle(Action action);
  void haggle_refilled(int slot, uint8_t card);  // a refill has come: a haggled slot's card is cheaper
  // Expedite (expedite.cpp): a Minion bought this turn to the bottom of your deck.
  void expedite_legal(std::vector<Action>& out) const;
  void apply_expedite(Action action);
  // Engineer (engineer.cpp), and replacing the Upgrade card (Engineer, Hack).
  void engineer_legal(std::vector<Action>& out) const;
  void apply_engineer(Action action);
  void replace_upgrade_card();  // to the bottom of the Upgrade deck; the top card takes its place
  // Hack (hack.cpp).
  void hack_legal(std::vector<Action>& out) const;
  void apply_hack(Action action);
  int power_for(int card) const {  // what the turn player can pay for it: Hack's power too for an Upgrade
    const int base = players[turn_player_].power;
    return is_upgrade(card) ? base + hack_power : base;
  }
  void pay(int card);             // an Upgrade takes Hack's power first
  // Experiment (experiment.cpp): an Explodey Bot set aside, from the pile first, then the expelled ones.
  bool explodey_available() const { return explodey_left > 0 || expelled.contains(kExplodeyBot); }
  void experiment_legal(std::vector<Action>& out) const;
  void apply_experiment();
  // Repeat (repeat.cpp): which tokens a Minion card gave, and the last of them used.
  void repeat_legal(std::vector<Action>& out) const;
  void apply_repeat(Action action);
  void note_tokens(Action action, const uint8_t* before);  // after an action: the tokens it spent and gained
  // Gamble (gamble.cpp): a hand card face down, the next player guesses odd or even, a draw if wrong.
  int gamble_guesser() const { return (turn_player_ + 1) % cfg->players; }
  void gamble_legal(std::vector<Action>& out) const;
  void apply_gamble(Action action);
  void open_gamble(int card);  // the window asking the guesser (also from a position)
  // The looks at the top cards of a deck (look.cpp): Rewrite (rewrite.cpp) and Sell (sell.cpp).
  void look_legal(std::vector<Action>& out) const;     // the decision over the cards looked at
  void apply_look(Action action);                      // every action of the block
  void look_at_next(int player, TaskKind kind, int outcome);  // one card off the top; outcome < 0: certain
  void looked_back_on_top(const char* why);           // the lowest card looked at returns on top
  uint8_t take_looked(int i, uint8_t& seen);          // card i (0: the upper) out of the look zone, the rest closing up; seen: who knew it
  bool look_task(TaskKind kind) const { return kind == TaskKind::kLookRewrite || kind == TaskKind::kLookSell; }  // a look at a player's deck
  // Trendset (trendset.cpp): the cards looked at come off the Minion deck, not the turn player's deck.
  bool minion_look() const { return pending == Pending::kTrendsetChoice || (n_tasks > 0 && tasks[0].kind == TaskKind::kLookTrendset); }
  int minion_deck_left() const { return minion_deck.size() + (minion_look() ? n_looked : 0); }  // the cards looked at are off it only for the look
  void trendset_legal(std::vector<Action>& out) const;
  void trendset_choice_legal(std::vector<Action>& out) const;
  void apply_trendset(Action action);
  void look_at_minion(int player, int outcome);  // one card off the top of the Minion deck; outcome < 0: certain
  void rewrite_legal(std::vector<Action>& out) const;
  void apply_rewrite(Action action);
  void sell_legal(std::vector<Action>& out) const;
  void apply_sell(Action action);
  // Gizzard Wizards (gizzard.cpp): Discombobulate, and playing the spells of the spell book.
  void gizzard_legal(std::vector<Action>& out) const;
  void apply_gizzard(Action action);
  bool spell_does_something(int spell) const;  // a spell with nothing to do is not offered
  void take_spell(int player, int outcome);     // Discombobulate's draw from the Chaos Spell deck
  void gain_top_minion(int player, int outcome);  // Chance's gain
  uint8_t take_minion(int outcome);  // the Minion deck's next card: its known top first, with no chance
  bool sees_minion_bottom(int k, int viewer) const { return minion_bottom_seen[k] == 0 || (viewer >= 0 && ((minion_bottom_seen[k] >> viewer) & 1u)); }
  bool sees_minion_top(int i, int viewer) const { return viewer >= 0 && ((minion_deck.top_seen[i] >> viewer) & 1u); }
  void resample_spells(int observer, Rng& rng);   // resample.cpp: the spells the observer cannot place, redealt

 private:
  template <class Out>
  void main_legal(Out& out) const;  // rules.cpp: the main decision's actions, but the expansion crews'
  // Whether a card of this game gives an expansion crew's ability (or the
  // Chaos Spells are in): then decisions list more than main_legal.
  bool expansion_in_game() const {
    constexpr uint32_t kExpansion = 1u << kFroth | 1u << kConsume | 1u << kPupate | 1u << kSnooze | 1u << kPull | 1u << kProphecize | 1u << kGust | 1u << kRemix | 1u << kHaggle | 1u << kExpedite | 1u << kEngineer | 1u << kHack | 1u << kExperiment | 1u << kRepeat | 1u << kGamble | 1u << kRewrite | 1u << kSell | 1u << kTrendset;
    return (cfg->abilities & kExpansion) || cfg->chaos_spells;
  }
  void push_task(TaskKind kind, int player, int slot, int count);
  void settle();
  bool task_needs_chance(const Task& t) const;
  void run_task_step(Task& t, int outcome);
  void drawn(Task& t, uint8_t card, bool from_known);  // run_task_step's draw, once the card is taken
  void reshuffle(int player);
  void attach_minion(int player, int card, int from);  // from: the zone the Minion leaves
  void win_supervillain(int player, int crew);
  void start_cleanup(int player);
  void finish_cleanup(int player);
  void end_by_turn_limit();
  void remove_from_hand(PlayerState& p, int card);
  void apply_chance(Action action);
  void validate_result() const;
  void validate_queue() const;
  void validate_slots() const;
};

}  // namespace henchmen::sss
