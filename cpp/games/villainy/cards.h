// Villainy: card ids and the card table (from cards.json).
//
// Every player plays their own deck (a villain's): the Master the deck is
// named after, the Hideout - Center and its Damage card (always in play, not
// cards of the table), and the draw pile's cards, each of one type: Minion,
// Gear, Monster part, Hideout addition, Setup, Special Action or Segue.
// A card id is deck * kMaxKinds + kind, where kind is the card's index in its
// deck's list; two seats playing the same deck hold cards of the same ids in
// their own piles.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen::villainy {

constexpr int kMaxPlayers = 6;
constexpr int kMaxDecks = 7;    // decks in one card table
constexpr int kMaxKinds = 32;   // kinds of card in one deck
constexpr int kCardIds = kMaxDecks * kMaxKinds;
constexpr int kMaxDeckCards = 60;  // cards in one draw pile, at most
constexpr int kMaxStack = 4;       // cards of one Monster part, at most
constexpr uint8_t kNoCard = 255;

// The rulebook's numbers.
constexpr int kHandSize = 5;
constexpr int kBonusHandSize = 6;
constexpr int kActionsPerTurn = 3;
constexpr int kHideoutHits = 6;
// Designed: Special Actions are free, so nothing in the rulebook bounds how
// many a turn may hold; a deck that draws Special Actions back could go on
// for ever. Far above what a turn uses, this keeps every game finite.
constexpr int kMaxSpecialsPerTurn = 8;

inline int deck_of_card(int card) { return card / kMaxKinds; }
inline int kind_of_card(int card) { return card % kMaxKinds; }
inline int card_id(int deck, int kind) { return deck * kMaxKinds + kind; }

enum class Type : uint8_t { kMinion, kGear, kMonster, kHideout, kSetup, kSpecial, kSegue };
const char* type_name(Type t);  // as the card table spells it

// What a Setup chain's C card says its bonus needs.
enum class Condition : uint8_t { kAgainstMinions, kAgainstMonsters, kFrontRow, kBackRow, kWithGear, kMinionType };

// Special Action effects (a closed set; each card names one).
enum class Effect : uint8_t {
  kTempGear,    // a Minion of yours gets Gear's bonuses until your next turn
  kRally,       // your Minions (or one type) get bonuses until your next turn
  kFreeAttack,  // make one attack without spending an action (with a bonus)
  kFreeMove,    // move or swap Minions, or move the Master, without spending an action
  kDraw,        // draw cards
  kDisarm,      // discard the Gear of an opposing Minion
  kStealGear,   // move an opposing Minion's Gear onto a Minion of yours
  kShove,       // move an opposing Minion to a free spot of its grid
};
const char* effect_name(Effect e);

// A bonus to Minions while a card is in play (a Hideout addition, a Monster
// part, a rallying Special Action): to every Minion, or to one type.
struct Bonus {
  int8_t attack = 0;
  int8_t defense = 0;
  int8_t only = -1;     // -1: every Minion; 0 or 1: that Minion type only
  bool six_cards = false;  // the hand fills to six
  bool any() const { return attack || defense || six_cards; }
};

// One kind of card of a deck, with every number the rules read.
struct CardDef {
  std::string name;
  std::string text;
  Type type = Type::kMinion;
  int count = 1;
  int8_t attack = 0;   // Minion, Monster part: A!; Gear, temporary Gear: the bonus
  int8_t defense = 0;
  bool ranged = false;
  int8_t vs_monsters = 0;     // extra A! when attacking a Monster part
  bool draw_on_destroy = false;  // draw a card when an attack by it (or its bearer) destroys a card
  int8_t minion_type = -1;    // Minion: 0 or 1; Gear: -1 any Minion, else only that type
  int8_t part = -1;           // Monster part: 0..3
  int8_t side = -1;           // Hideout addition: 0 left, 1 right
  Bonus bonus;                // Hideout addition, Monster part, Special Action (rally)
  int8_t slot = -1;           // Setup: 0 A, 1 B, 2 C
  int8_t amount = 0;          // Setup A: the bonus
  int8_t stat = 0;            // Setup B: 0 A!, 1 D!
  Condition condition = Condition::kAgainstMinions;  // Setup C
  int8_t condition_type = -1;  // Setup C for one Minion type
  std::string phrase;         // Setup: the words on the card
  Effect effect = Effect::kFreeAttack;  // Special Action
  int8_t draws = 0;           // Special Action (draw)
};

struct DeckDef {
  std::string name;  // the villain: the Master's name and the deck's
  std::string character;
  int8_t master_attack = 0;
  int8_t master_defense = 0;
  std::string minion_types[2];
  std::string gear_type;
  std::string monster;
  std::string parts[4];
  std::vector<CardDef> cards;  // by kind
  int size = 0;                // cards in the draw pile at the start
  int segues = 0;              // Segue cards among them
  uint32_t segue_kinds = 0;  // bit per kind that is a Segue, so Segue windows count them in a pile
  uint32_t spot_kinds = 0;  // bit per kind played on a spot (Minions and Gear), for listing a hand by kinds
  uint32_t gear_kinds = 0;  // bit per kind that is Gear
  // Bit per kind of the other plays, by type: a hand's plays are listed by
  // masks rather than a switch per card.
  uint32_t monster_kinds = 0;
  uint32_t hideout_kinds = 0;
  uint32_t setup_kinds = 0;
  uint32_t special_kinds = 0;
};

// Immutable per-game data: the decks at the table and every card's numbers.
struct Config {
  int players = 2;
  std::vector<DeckDef> decks;        // every deck of the card table
  int deck[kMaxPlayers] = {};        // each seat's deck
  int first_player = -1;             // -1: drawn by chance
  int max_rounds = 30;
  // Flat lookups by card id (the rules' hot path); valid[] says which exist.
  std::array<bool, kCardIds> valid{};
  std::array<CardDef, kCardIds> card{};
  std::array<std::string, kCardIds> name{};
  // Whether a card makes its Minion ranged, by the byte a spot holds:
  // kNoCard reads false, so a spot's three cards are read without branches.
  std::array<bool, 256> ranged{};
  // Which Minions a typed Gear fits, by the byte a spot holds: a Minion's
  // and a typed Gear's deck and type, equal when it fits; 0 for every other
  // card, so an untyped Gear reads 0 and fits any bare Minion.
  std::array<uint16_t, 256> fit{};
  const CardDef& def(int id) const { return card[static_cast<size_t>(id)]; }
  const DeckDef& deck_def(int player) const { return decks[static_cast<size_t>(deck[player])]; }
  int card_from_name(const std::string& name) const;  // -1 if none
  Json table;  // the card table in force, for docs and the Python side
};

// The built-in card table, embedded from cards.json at build time.
const Json& builtin_card_table();

// Checks every field of a card table (card_table.cpp); throws OptionError
// naming the first thing wrong and what is allowed.
void check_card_table(const Json& table);

// Builds a Config from resolved options; throws OptionError.
Config make_config(const Json& options);

}  // namespace henchmen::villainy
