// S.U.E.T.: the card table (cards.json) read into a Config. Only the card
// pages of the rulebook survive; what they do not print (two of the evil
// geniuses, most component names, the hand and turn numbers) is designed
// (docs/rules/suet.md). A `card_data` option replaces the table, checked in full.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen::suet {

constexpr int kMaxPlayers = 4;
constexpr int kMaxKinds = 64;
constexpr int kMaxCopies = 12;
constexpr int kColours = 4;  // Red, Blue, Purple, Green: one of each makes a device
constexpr int kGeniuses = 4;
constexpr int kUniversal = kGeniuses;  // a component's genius: anyone may use it

enum Kind : uint8_t { kInstant, kAction, kComponent, kEnhancement, kSetback, kKinds };

// The closed set of effects a card can have (ability ids of cards.json).
enum Effect : uint8_t {
  // Instant Actions
  kDraw, kExtraActions, kExtraTurn, kBlock, kCheat, kMarketTop,
  // Actions
  kStealComponent, kBreakComponent, kRepairComponent, kDiscardComponent, kTakeDiscard, kStealCard, kTradeHands,
  kConvertEnhancement, kRemoveEnhancement, kRepairEnhancement, kDiscardFromHand, kDiscardHand, kEveryoneDraws,
  kRepairAll, kDiscardToDeck, kTakeMarket, kEveryoneDiscards,
  // Components
  kComponentEffect,
  // Enhancements
  kMinions, kCashFlow, kInspiration, kProtection,
  // Setbacks
  kComponentBreaks, kLoseTurn, kPutOneBack, kBreakAll, kLoseEnhancement, kBusted, kReturnComponents,
  kEffects,
};

// The Instant Actions' effects that may be played off turn, when the card
// page's "whenever you want" is read as printed (State::off_turn_card says
// when each one can be): what Config::off_turn_instants marks.
constexpr bool off_turn_effect(int effect) { return effect == kDraw || effect == kExtraTurn || effect == kMarketTop; }

extern const char* const kKindWords[kKinds];
extern const char* const kEffectWords[kEffects];
extern const char* const kColourNames[kColours];

struct Config {
  int players = 2;
  bool long_game = false;
  bool future_cards = false;
  int max_rounds = 20;
  // Instant Actions off turn: the printed "whenever you want" (between-turns
  // windows and Blocks), or Blocks alone (the earlier reading, kept to compare).
  bool block_only = false;
  int hand_size = 5;
  int hand_limit = 7;
  int draws_per_turn = 1;
  int actions_per_turn = 1;
  int discard_hand_draw = 4;
  int kinds = 0;
  std::string name[kMaxKinds];
  std::string text[kMaxKinds];
  uint8_t kind[kMaxKinds] = {};
  uint8_t effect[kMaxKinds] = {};
  uint8_t amount[kMaxKinds] = {};
  uint8_t colour[kMaxKinds] = {};
  uint8_t genius[kMaxKinds] = {};  // kUniversal for a Universal component
  uint8_t count[kMaxKinds] = {};   // printed copies (0 for a future card left out)
  bool designed[kMaxKinds] = {};
  std::string genius_name[kGeniuses];
  std::string device[kGeniuses];
  // The Instant Actions whose effect may be played off turn (State::off_turn_card),
  // a bit per kind: what a between-turns window asks about, walked without
  // visiting every kind.
  uint64_t off_turn_instants = 0;
  int block_card = -1;  // the kind that Blocks (the reaction windows ask about it)
  int cheat_card = -1;
  Json table;

  bool is(int k, Effect e) const { return effect[k] == e; }
  int max_turns() const { return max_rounds * players; }
};

// Reads and checks a card table (user input: every field, range and reference).
void read_card_table(const Json& table, Config& cfg);
const Json& builtin_card_table();  // parsed once

}  // namespace henchmen::suet
