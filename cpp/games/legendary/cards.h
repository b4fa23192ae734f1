// Legendary (core set): card ids, tags, effect primitives and the card table
// (from cards.json).
//
// Card ids are global for the whole core set, so the cards in play (which
// heroes, villain groups, mastermind, scheme) can be chosen by chance at
// setup and live in the state, not in the Config.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen::legendary {

constexpr int kMaxPlayers = 5;
constexpr int kHeroes = 15;
constexpr int kVillainGroups = 7;
constexpr int kHenchmenGroups = 4;
constexpr int kMasterminds = 4;
constexpr int kSchemes = 8;
constexpr int kCity = 5;  // 0 = Sewers (next to the Villain Deck) ... 4 = Bridge
constexpr int kHQ = 5;
constexpr int kCardIds = 128;

// Card ids.
constexpr uint8_t kHeroBase = 0;  // hero * 4 + slot (common 1, common 2, uncommon, rare)
constexpr uint8_t kAgent = 60;
constexpr uint8_t kTrooper = 61;
constexpr uint8_t kOfficer = 62;
constexpr uint8_t kWound = 63;
constexpr uint8_t kBystander = 64;
constexpr uint8_t kTwist = 65;
constexpr uint8_t kStrike = 66;
constexpr uint8_t kSkrullHero = 67;  // a face-down Hero in the Villain Deck (Skrull scheme)
constexpr uint8_t kVillainBase = 68;  // group * 4 + i
constexpr uint8_t kHenchBase = 96;    // + henchmen group
constexpr uint8_t kMastermindBase = 100;
constexpr uint8_t kTacticBase = 104;  // mastermind * 4 + i
constexpr int kNumCardIds = 120;
constexpr uint8_t kNoCard = 255;

inline bool is_hero_card(int c) { return c >= 0 && c < 60; }
inline bool is_hero(int c) { return c >= 0 && c <= kOfficer; }  // every Hero, S.H.I.E.L.D. included
inline bool is_villain(int c) { return c >= kVillainBase && c < kHenchBase; }
inline bool is_henchman(int c) { return c >= kHenchBase && c < kHenchBase + kHenchmenGroups; }
inline bool is_villain_card(int c) { return is_villain(c) || is_henchman(c); }
inline bool is_tactic(int c) { return c >= kTacticBase && c < kTacticBase + 16; }
inline int hero_of(int c) { return c / 4; }
inline int group_of(int c) { return (c - kVillainBase) / 4; }
inline int mastermind_of_tactic(int c) { return (c - kTacticBase) / 4; }

// Tags: the colour (class) and team of a Hero.
enum Tag : uint16_t {
  kStrength = 1,
  kInstinct = 2,
  kCovert = 4,
  kTech = 8,
  kRanged = 16,
  kGrey = 32,
  kAvengers = 256,
  kXMen = 512,
  kSpiderFriends = 1024,
  kShield = 2048,
};
constexpr uint16_t kClassMask = 63;
uint16_t tag_from_name(const std::string& name);  // 0 if unknown
std::string tag_name(uint16_t tag);

// The closed set of effect primitives (see docs/rules/legendary.md).
enum class Op : uint8_t {
  kNone,
  kAttack, kRecruit, kDraw, kRescue,
  kAttackPer, kRecruitPer, kRescuePer, kDrawPer,
  kKoThen, kRevealTop, kRevealOthersDiscardOrBack, kLookTopTakeCostLe, kPutHandOnTop,
  kVillainCapturesChoice, kDoOver, kGainWoundToHandMay, kPassLeft, kMayPlayVillainCard,
  kPsychicLink, kOnDefeatRecruit, kOnDefeatRescue, kOthersDrawOrDiscard, kEachGainWound,
  kDefeatWithBystander, kDefeatBelowKoCount, kCopyPlayed, kStealAbilities, kSpaceMinus,
  kMastermindMinus, kMoveVillain, kAttackIfRecruitMade, kRecruitAsAttack, kGainOfficerToHand,
  kEachRevealOrWound, kEachKoHeroes, kKoYourAll, kKoYourHeroes, kKoYourHeroesPer, kBecomesTwist,
  kChoosePlayerKoWounds, kPlayVillainCards, kGainOfficerMay, kEachWithoutGroupGainsWound,
  kEachRevealTopKoOrBack, kPaibok, kTakeHqUnder, kGainUnder, kCapture, kExtraDraw, kLookTopKoOne,
  kEachRevealOrDiscardTo, kEachSixRevealOrTop2, kFreeRecruit, kBubble, kExtraTurn, kDefeatCityFree,
  kKoUpToFromDiscard, kEachOtherKoVp, kRuthlessDictator, kNewHandSize,
  kCount
};
const char* op_name(Op op);

enum class Per : uint8_t { kNone, kVpBystanders, kColors, kOtherPlayed, kOtherPlayedOddCost, kExtraDraws, kYour, kVpGroup };
enum class Cond : uint8_t { kNone, kSuperpower, kFoughtIn, kFirstHero };
enum class From : uint8_t { kHand, kDiscard, kHandOrDiscard, kYourHeroes };
enum class Filter : uint8_t { kAny, kWounds, kTags };
enum class Mode : uint8_t { kNone, kDrawIfCostLe, kDrawIf, kAttackCost, kDiscardOrBack, kHighest, kRightmost, kVillain, kBystanders };

struct Effect {
  Op op = Op::kNone;
  int8_t n = 0;
  Cond cond = Cond::kNone;
  uint16_t cond_tags = 0;
  uint8_t cond_spaces = 0;  // bit per city space
  Per per = Per::kNone;
  uint16_t tags = 0;  // filter or counter argument
  From from = From::kHand;
  Filter filter = Filter::kAny;
  Mode mode = Mode::kNone;
  bool all = true;  // scope: every player (true) or each other player
  bool may = false;
  int8_t space = -1;
  int8_t cost = 0;
  Op then_op = Op::kNone;
  int8_t then_n = 0;
  int8_t group = -1;  // the villain group of a vp_group counter
};

enum class Rule : uint8_t { kCosmicCube, kDarkPortals, kLegacyVirus, kBankRobbery, kNegativeZone, kKillbots, kSkrullInvasion, kCivilWar };

struct SchemeDef {
  std::string name;
  Rule rule = Rule::kCosmicCube;
  int twists = 8;
  int twists_4_5_players = -1;  // Civil War
  int heroes = 0;               // 0: the table's number
  int heroes_2_players = 0;
  int bystanders = 0;           // 0: the table's number
  int evil_wins_at = 0;
  int twists_beside = 0;
  int wounds_per_player = 0;
  int extra_henchmen = 0;
  int requires_group = -1;
  int skrull_heroes = 0;
  int skrull_attack_plus = 0;
  bool solo = true;
};

struct SetupRow {
  int villain_groups = 1, henchmen_groups = 1, henchmen_cards = 10, bystanders = 1, heroes = 3, master_strikes = 5;
};

// Immutable per-game data: options and every card's numbers and effects.
struct Config {
  int players = 2;
  // Options (-1 or empty: chosen by chance at setup).
  int scheme_opt = -1;
  int mastermind_opt = -1;
  std::vector<int> villains_opt, henchmen_opt, heroes_opt;
  int extra_twists = 0;
  int mastermind_bonus = 0;
  int starting_officers = 0;
  bool final_showdown = false;
  int max_turns = 200;

  // The card table.
  std::array<std::string, kCardIds> name{};
  std::array<std::string, kCardIds> printed{};  // the printed text, for tables (optional in the card table)
  std::array<int8_t, kCardIds> cost{}, attack{}, recruit{}, vp{}, count{};
  std::array<uint16_t, kCardIds> tags{};
  std::array<std::vector<Effect>, kCardIds> on_play, on_fight, on_escape, on_ambush;  // on_ambush of a mastermind = its Master Strike
  std::array<bool, kCardIds> discard_to_play{}, wound_draw{}, return_on_discard{}, attack_from_under{};
  std::array<uint16_t, kCardIds> defeat_requires{};
  std::array<uint8_t, kCardIds> vp_per_kind{};  // 1: per other villain of its group in the VP; 2: per owned Hero with tags
  std::array<uint16_t, kCardIds> vp_per_tags{};
  std::array<int8_t, kCardIds> vp_per_n{};
  std::array<std::string, kHeroes> hero_name{};
  std::array<std::string, kVillainGroups> group_name{};
  std::array<std::string, kHenchmenGroups> henchmen_name{};
  std::array<std::string, kMasterminds> mastermind_name{};
  std::array<int, kMasterminds> mastermind_attack{};
  std::array<int, kMasterminds> leads_group{};     // villain group, or -1
  std::array<int, kMasterminds> leads_henchmen{};  // henchmen group, or -1
  std::array<SchemeDef, kSchemes> scheme{};
  std::array<SetupRow, kMaxPlayers + 1> setup{};
  int starting_agents = 8, starting_troopers = 4, hand_size = 6, officers = 30, wounds = 30, bystanders = 30;
  int solo_per_carried = 4, solo_per_twist = 3, solo_per_escaped = 1, showdown_vp = 5;
  std::array<std::string, kCity> city_name{};
  Json table;

  bool valid_card(int card) const { return card >= 0 && card < kNumCardIds; }
  int card_from_name(const std::string& text) const;  // -1 if none
};

const Json& builtin_card_table();
Config make_config(const Json& options);

}  // namespace henchmen::legendary
