// Seven Secret Supervillains: card ids and the card table (from cards.json).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen::sss {

constexpr int kMaxPlayers = 4;
constexpr int kMaxCrews = 9;  // Brawl uses nine crews; the base game seven
constexpr int kMinionsPerCrew = 9;
constexpr int kCardIds = 128;

// Card ids: minion = crew slot * 9 + (reputation - 1); then the bots; then
// upgrades by crew slot. Crew slots number the crews of one game in the order
// the options list them.
constexpr uint8_t kTinyBot = 90;
constexpr uint8_t kJunkyBot = 91;
constexpr uint8_t kScaredyBot = 92;
constexpr uint8_t kExplodeyBot = 93;
constexpr uint8_t kUpgradeBase = 100;
// The Chaos Spells (Gizzard Wizards): ten different cards, by their place in
// the card table's chaos_spells list.
constexpr uint8_t kChaosSpellBase = 110;
constexpr int kChaosSpells = 10;
constexpr uint8_t kNoCard = 255;

inline bool is_minion(int card) { return card >= 0 && card < kMaxCrews * kMinionsPerCrew; }
inline bool is_upgrade(int card) { return card >= kUpgradeBase && card < kUpgradeBase + kMaxCrews; }
inline bool is_bot(int card) { return card >= kTinyBot && card <= kExplodeyBot; }
inline bool is_spell(int card) { return card >= kChaosSpellBase && card < kChaosSpellBase + kChaosSpells; }
inline int crew_of(int card) { return is_upgrade(card) ? card - kUpgradeBase : card / kMinionsPerCrew; }
inline int minion_id(int crew, int reputation) { return crew * kMinionsPerCrew + reputation - 1; }

// Abilities: what a played card (or an activated Upgrade) puts in the pool.
enum Ability : uint8_t {
  kNoAbility = 0,
  kFreeze,
  kHarvest,
  kBounty,
  kFetch,
  kIncinerate,
  kReplicate,
  kTransfer,
  // Crews of the expansion (sss-crews-a).
  kFroth,    // Llamaristas: expel a discard-pile card for its power
  kConsume,  // Pig Out: expel a hand card for its power + 1
  // Crews of the second expansion batch (sss-crews-b).
  kPupate,  // Cocoon Conquest: set this card aside for next turn, its base power doubled
  kSnooze,  // Sleep Slayers: set a hand card aside for next turn, or replace a Minion row card
  // Crews that look at the top or bottom of a deck (sss-crews-d).
  kPull,  // Croc Docs: look at the bottom card of your deck; top it, discard it or leave it
  kProphecize,  // Water Divination: guess the top card's power, draw it if right
  // Crews of the third expansion batch (sss-crews-c).
  kGust,  // Gale Force: replace the entire Minion row, its cards under the Minion deck in a chosen order
  kRemix,  // Musical Madness: discard exactly 3 hand cards to draw 3
  kHaggle,  // Yard-Sailers: replace a Minion row card; its replacement costs 2 less this turn
  kExpedite,  // Deadly Deliveries: a Minion bought this turn to the bottom of your deck
  kEngineer,  // Brutal Builders: replace the Upgrade card, or expel a hand Bot to gain a Scaredy Bot
  kHack,  // Raccoon Rebellion: 2 power for an Upgrade only, or replace the Upgrade card
  // Crews of sss-panda.
  kExperiment,  // Pandamonium: an Explodey Bot set aside for next turn (from the pile or the expelled ones)
  kRepeat,  // Telemacawters: copy the most recent Minion card ability used this turn
  // sss-climb: Monkey Mischief.
  kGamble,  // Monkey Mischief: a hand card face down, an opponent guesses odd or even, draw if wrong
  // Crews that look at the top cards of a deck (sss-tales).
  kRewrite,  // Tall Tales: look at the top 3 cards of your deck, discard any number of them
  kSell,     // Salesweasels: discard a hand card to look at the top 2 cards of your deck, one into your hand
  // sss-gizzard: Gizzard Wizards.
  kDiscombobulate,  // Gizzard Wizards: a Chaos Spell added to your spell book next turn
  // Dinomite Dressers (sss-trendset).
  kTrendset,  // Dinomite Dressers: look at the top 2 cards of the Minion deck; buy, top or bottom each
  kNumAbilities,
  kPowerBoost = kNumAbilities,  // an Upgrade that gives power instead
};
// Room in the action space for every crew's ability (Replicate copies any of
// them), so that adding a crew moves no other action id.
constexpr int kAbilitySlots = 32;
static_assert(kNumAbilities <= kAbilitySlots, "grow kAbilitySlots: Replicate's range holds one id per ability");
const char* ability_name(int ability);
int ability_from_name(const std::string& name);  // -1 if unknown

// The ways to play (the `mode` option): the 2-player game and the rulebook's
// multiplayer and solo modes, as far as they are built.
enum class Mode : uint8_t { kDuel, kBrawl, kClassic, kSecretive, kGambler, kClimb };
const char* mode_name(Mode mode);

// The Climb's goals (the `goal` option): what the solo player races to, in turns.
enum class ClimbGoal : uint8_t { kNone, kSupervillains, kClear, kReputation, kUpgrades };
const char* climb_goal_name(ClimbGoal goal);  // as the `goal` option spells it

struct CrewDef {
  std::string name;
  std::string supervillain;
  std::string ability_name;
  int ability = kNoAbility;
  bool implemented = false;
};

// Immutable per-game data: the crews in play and every card's numbers.
struct Config {
  Mode mode = Mode::kDuel;
  int players = 2;
  int crews = 7;
  std::vector<int> crew_index;  // crew slot -> index in the full crew list
  std::vector<CrewDef> crew;    // by crew slot
  int win_reputation = 17;
  int danger_reputation = 10;
  int supervillains_to_win = 4;
  int hand_size = 5;
  int max_turns = 200;
  int scaredy_bots = 10;
  // The Explodey Bots not dealt to a hand, a pile only in games where a card
  // gives Experiment (Pandamonium): the base game's 1 and the expansion's
  // "additional 10", less the mode's Bots in the hands (10 in the duel).
  int explodey_pile = 0;
  // The Chaos Spell deck, only in games where a card gives Discombobulate
  // (Gizzard Wizards), as the Explodey pile only with Experiment.
  bool chaos_spells = false;
  // What a spell does besides its power and its ability token (cards.json's
  // chaos_spells[].gain), by spell: nothing, the top card of the Minion deck
  // (Chance) or a Scaredy Bot, into the discard pile.
  enum class SpellGain : uint8_t { kNone, kTopMinion, kScaredy };
  std::array<SpellGain, kChaosSpells> spell_gain{};
  int upgrade_slots = 3;
  // The Classic: players 1 & 3 against 2 & 4, each team attaching to one
  // shared side (State::side) and counting its Supervillains together.
  bool teams = false;
  // The Secretive: no Supervillains on the table (nothing to attach to); the
  // game ends when a Minion row refill finds the Minion deck gone, and crew
  // majorities in each player's cards decide it (secretive.cpp).
  bool supervillains = true;
  bool minion_deck_ends = false;
  bool score_crews = false;
  // The Gambler (solo): Chaos rolls this many dice between your turns and
  // takes the Minion row cards they name; the game ends when no Minion is
  // left to buy, scored by the reputation in your cards (gambler.cpp).
  int chaos_dice = 0;
  bool solo_score = false;
  // The Climb (solo): the game ends when the goal's progress reaches
  // climb_target, and the turn it took is the result (climb.cpp).
  ClimbGoal climb_goal = ClimbGoal::kNone;
  int climb_target = 0;
  int opening_hand[kMaxPlayers] = {5, 5, 5, 5};  // the setup's draw, by seat
  int explodey[kMaxPlayers] = {0, 1, 0, 0};      // Explodey Bots dealt to each seat's hand
  int explodey_total() const;
  std::array<int, kCardIds> health{};  // cost to buy; 0 when not for sale
  std::array<int, kCardIds> power{};
  std::array<int, kCardIds> reputation{};
  std::array<int, kCardIds> ability{};  // for upgrades: what activating gives
  uint32_t abilities = 0;  // a bit per ability some card of this game gives (the crews chosen, their Upgrades, Transfer)
  std::array<std::string, kCardIds> name{};
  bool valid_card(int card) const;
  int card_from_name(const std::string& name) const;  // -1 if none
  int crew_from_supervillain(const std::string& name) const;  // -1 if none
  Json table;  // the card table in force, for docs and the Python side
};

// The built-in card table, embedded from cards.json at build time.
const Json& builtin_card_table();

// Checks every field of a card table (card_table.cpp); throws OptionError
// naming the first thing wrong and what is allowed.
void check_card_table(const Json& table);

// Builds a Config from resolved options; throws OptionError.
Config make_config(const Json& options);

}  // namespace henchmen::sss
