// Super!: the card table (cards.json) read into a Config. The rulebook lists
// no cards, so the deck and the Super Powers are designed (docs/rules/super.md);
// a `card_data` option replaces them, checked in full (card_table.cpp).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen::super {

constexpr int kMaxPlayers = 10;
constexpr int kMaxKinds = 48;   // distinct playing cards
constexpr int kMaxPowers = 16;  // Super! Power Cards
constexpr int kMaxCopies = 40;  // of one playing card

enum Element : uint8_t { kFire, kWater, kEarth, kAir, kUniversal, kElements };
enum Category : uint8_t { kAttackCard, kDefenseCard, kPassiveCard };
// What a card type does when discarded (or used to defend).
enum Ability : uint8_t { kAbAttack, kAbAttackAll, kAbAbsorb, kAbDeflect, kAbShield, kAbCounter, kAbRecover, kAbPowerUp };
enum AttackEffect : uint8_t { kNoEffect, kDrainEffect };
// A bonus: when it holds, and what it gives.
enum BonusWhen : uint8_t { kNever, kTopElement, kTopTwoElement, kTopTwoAttack };
enum BonusGives : uint8_t { kGivesNothing, kPlusDamage, kPlusHeal, kAsShield, kAsAttack };
// What a Super Power does, and when it deactivates.
enum PowerAbility : uint8_t {
  kPowAttack, kPowAttackAll, kPowHeal, kPowDraw, kPowGuard, kPowBoost, kPowDrain, kPowMastery, kPowAttackDrain,
  kPowShield, kPowAbsorb, kPowDeflect, kPowCounter,
};
enum Until : uint8_t { kNow, kEndOfTurn, kStartOfNextTurn };
// What a defense power may stop: any attack, a card's only (a Super Power's
// attack gets past it), or only one that would knock its owner out.
enum Stops : uint8_t { kStopsAny, kStopsCards, kStopsKnockouts };
enum PowerOrder : uint8_t { kArrival, kDrawnValue, kNewestFirst };

struct CardType {
  std::string name, text;
  Category category = kAttackCard;
  Ability ability = kAbAttack;
  AttackEffect attack_effect = kNoEffect;
  int passive_heal = 0;
  BonusWhen when = kNever;
  BonusGives gives = kGivesNothing;
  int amount = 0;
};

constexpr int kMostRivalsScaled = 4;  // a power's per_rival counts at most this many rivals, unless its most_rivals says

struct Power {
  std::string name, text;
  Element element = kUniversal;
  PowerAbility ability = kPowHeal;
  int amount = 0;     // at this table: the card table's amount, + per_rival for each rival beyond the first
  int per_rival = 0;
  Until until = kNow;
  Stops stops = kStopsAny;
  // Used off the turn, when attacked (a guard then lasts: Stone Skin).
  bool defense() const { return ability >= kPowShield || ability == kPowGuard; }
};

struct Config {
  int players = 2;
  PowerOrder power_order = kArrival;
  int max_rounds = 60;
  int health = 40;
  int hand_size = 5;
  int overtime_health = 10;
  int kinds = 0;
  int total_cards = 0;
  std::vector<CardType> types;
  std::string name[kMaxKinds];
  uint8_t type[kMaxKinds] = {};
  Element element[kMaxKinds] = {};
  int value[kMaxKinds] = {};
  int count[kMaxKinds] = {};
  std::vector<Power> powers;
  Json table;
  // Bit k: card kind k, by what it can do (derived from types; read by legal_actions).
  uint64_t attack_kinds = 0;     // attack one player
  uint64_t as_attack_kinds = 0;  // attack one player while their bonus holds
  uint64_t attack_all_kinds = 0; // attack every other player
  uint64_t effect_kinds = 0;     // defense and passive cards, discarded for their effect
  uint64_t block_kinds = 0;      // absorb and shield: defend any card's attack
  uint64_t counter_kinds = 0;
  uint64_t as_shield_kinds = 0;  // defend while their bonus holds
  uint64_t deflect_kinds = 0;

  const CardType& type_of(int k) const { return types[type[k]]; }
  int max_turns() const { return max_rounds * players; }
};

extern const char* const kElementNames[kElements];

// Reads and checks a card table (user input: every field, range and reference).
void read_card_table(const Json& table, Config& cfg);
Json builtin_card_table();

}  // namespace henchmen::super
