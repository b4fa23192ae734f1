// Super!: the flat state and the action space.
//
// Two to ten players around one shared deck (an unordered multiset: nobody
// knows its order) and one shared, public discard pile whose top one or two
// cards drive the bonuses. Cards below the top two never surface again (only
// a refresh takes from the pile, and it keeps the top), so the pile is kept
// as counts plus its top two. Every attack queues hits; each hit's target is
// asked through a reaction window (core/reactions.h) whether to defend.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/action.h"
#include "core/events.h"
#include "core/fields.h"
#include "core/json.h"
#include "core/knowledge.h"
#include "core/reactions.h"
#include "core/rng.h"
#include "core/state_contract.h"
#include "games/super/cards.h"

namespace henchmen::super {

constexpr int P = kMaxPlayers;
constexpr int K = kMaxKinds;

// The fixed action space.
enum : Action {
  kEndTurn = 0,                        // option D
  kDrawCard = 1,                       // option A
  kActivate = 2,                       // option B, a power without a target
  kActivateAt = 3,                     // + target
  kAttackAt = kActivateAt + P,         // option C: + card * P + target
  kAttackAll = kAttackAt + K * P,      // + card: an attack on every other player
  kDiscardFor = kAttackAll + K,        // + card: a defense or passive card discarded for its effect
  kDefend = kDiscardFor + K,           // + card: absorb, shield or counter with it
  kDeflectAt = kDefend + K,            // + card * P + target
  kPowerDefend = kDeflectAt + K * P,   // a defense Super Power (shield, absorb, counter)
  kPowerDeflectAt = kPowerDefend + 1,  // + target
  kPass = kPowerDeflectAt + P,         // take the hit
  kCounterWith = kPass + 1,            // + card: the counterattack
  kPartingTop = kCounterWith + K,      // + card: an eliminated player's last discard
  kPartingSecond = kPartingTop + K,    // + card: the one just below it
  kChoosePower = kPartingSecond + K,   // + power
  kDeal = kChoosePower + kMaxPowers,   // + card: chance, the card drawn
  kPickNext = kDeal + K,               // + player: chance, who picks a power next
  kNumActions = kPickNext + P,
};

// Zones, for events and knowledge: each hand, the deck, the discard pile,
// and each eliminated player's hand, shown face up until it is discarded.
constexpr int kDeckZone = P;
constexpr int kDiscardZone = P + 1;
constexpr int kShownZone = P + 2;  // + player
constexpr int kZones = 2 * P + 2;

enum PowerState : uint8_t { kUp, kActive, kDown };  // in hand / face up / face down
enum Phase : uint8_t { kPicking, kOptionDraw, kOptionPower, kOptionDiscard, kOptionEnd };
enum Choice : uint8_t { kNoChoice, kCounterChoice, kPartingTopChoice, kPartingSecondChoice };
constexpr uint8_t kNoCard = 255;
constexpr uint8_t kPowerSource = 254;  // a hit sent by a Super Power, not a card

// One attack on one player, waiting to be defended and settled.
struct Hit {
  int8_t target = -1;
  int8_t sender = -1;    // who sent it (a deflector sends it on; a counter is the counterer's)
  uint8_t damage = 0;
  uint8_t card = kNoCard;  // the attacking card, or kPowerSource
  bool drain = false;      // the sender regains what it takes
  uint16_t deflected = 0;  // who already deflected it (each player at most once)
};
constexpr int kMaxHits = 2 * P;

// The window's trigger: one hit, asked of its target.
enum Trigger : uint8_t { kOnHit = 0 };

// The position JSON's words for Phase, Choice and PowerState.
inline constexpr const char* kPhaseWords[] = {"picking", "draw", "power", "discard", "end"};
inline constexpr const char* kChoiceWords[] = {"none", "counterattack", "parting-top", "parting-second"};
inline constexpr const char* kPowerStateWords[] = {"up", "active", "down"};

struct State {
  const Config* cfg = nullptr;
  uint8_t hand[P][K] = {};
  uint8_t hand_n[P] = {};
  uint8_t deck[K] = {};  // in no known order
  uint8_t discard[K] = {};
  uint8_t deck_n = 0;
  uint8_t discard_n = 0;
  uint8_t top[2] = {kNoCard, kNoCard};  // the discard pile's top card, and the one below
  int8_t health[P] = {};
  uint8_t power[P] = {};
  uint8_t power_state[P] = {};
  uint16_t gone = 0;            // eliminated players (a bit each)
  uint16_t out_this_turn = 0; // eliminated during the current turn (Overtime)
  uint16_t reload = 0;        // players waiting to Reload
  uint16_t parting = 0;       // eliminated players still to discard their hand
  uint16_t picked = 0;        // players who chose a power
  uint8_t turn_player_ = 0;
  uint16_t turn = 1;
  uint8_t phase = kPicking;
  uint8_t picker = 0;         // who chooses a power now (kNoCard: chance decides)
  uint8_t to_draw = 0;        // chance: cards still to draw ...
  uint8_t draw_for = 0;       // ... for this player
  bool reloading = false;     // the draw is a Reload (then a Power Up)
  uint8_t choice = kNoChoice; // a decision inside the battle, by chooser
  uint8_t chooser = 0;
  uint8_t parting_top = kNoCard;  // the card an eliminated player put aside for the top
  int8_t counter_at = -1;     // the counterattack's target ...
  uint8_t counter_bonus = 0;  // ... its extra damage ...
  uint8_t counter_most = 0;   // ... and its most damage (0: no limit; a counter power's amount)
  bool battle = false;        // a Battle Phase is being settled
  uint16_t countered = 0;     // who countered in this Battle Phase (each at most once)
  uint8_t n_hits = 0;
  Hit hits[kMaxHits];
  Reactions<2, P> reactions;
  bool over = false;
  int8_t winner = -1;  // -2: a draw at the round limit

  // The position's fields (core/fields.h); the powers, hits and windows are
  // written by hand, and hand_n, deck_n and discard_n follow from the counts.
  static auto fields() {
    const auto last_turn = [](const Config& c) { return c.max_turns() + 1; };
    const auto full_health = [](const Config& c) { return c.health; };
    const LastSeat last_seat;
    return std::make_tuple(
        field("hands", &State::hand, PerPlayer{CardCounts{}}), field("deck", &State::deck, CardCounts{}), field("discard", &State::discard, CardCounts{}),
        field("discard_top", &State::top, Each{CardOrNone{kNoCard}}), field("health", &State::health, PerPlayer{Count{0, full_health}}),
        field("power_states", &State::power_state, PerPlayer{Word{kPowerStateWords}}), field("eliminated", &State::gone, PlayerMask{}),
        field("eliminated_this_turn", &State::out_this_turn, PlayerMask{}), field("reload", &State::reload, PlayerMask{}), field("parting", &State::parting, PlayerMask{}),
        field("picked", &State::picked, PlayerMask{}), field("turn_player", &State::turn_player_, Count{0, last_seat}), field("turn", &State::turn, Count{1, last_turn}),
        field("phase", &State::phase, Word{kPhaseWords}), field("picker", &State::picker, CountOrNull{0, last_seat, kNoCard}), field("to_draw", &State::to_draw, Count{0, 8}),
        field("draw_for", &State::draw_for, Count{0, last_seat}), field("reloading", &State::reloading, Flag{}), field("choice", &State::choice, Word{kChoiceWords}),
        field("chooser", &State::chooser, Count{0, last_seat}), field("parting_top", &State::parting_top, CardOrNone{kNoCard}),
        field("counter_at", &State::counter_at, Count{-1, last_seat}), field("counter_bonus", &State::counter_bonus, Count{0, 20}),
        field("counter_most", &State::counter_most, Count{0, 20}), field("battle", &State::battle, Flag{}), field("countered", &State::countered, PlayerMask{}),
        field("over", &State::over, Flag{}), field("winner", &State::winner, Count{-2, last_seat}));
  }

  // The contract (core/state_contract.h).
  int current_player() const;
  HENCHMEN_STATE_CONTRACT(State, Config)
  uint64_t hash() const;

  bool alive(int p) const { return !((gone >> p) & 1); }
  int hand_zone(int p) const { return alive(p) ? p : kShownZone + p; }
  int alive_count() const;
  // Bonus conditions, as they stand now for a card of kind k played by p.
  bool bonus_holds(int p, int k) const;
  bool element_matches(int p, int element, int top_card) const;
  int attack_damage(int p, int k) const;
  // What an active boost power (Overcharge) adds to p's attack card k.
  int boost(int p, int k) const;
  // What a bonus of p's card k gives when it holds (Elemental Mastery adds its amount).
  int bonus_amount(int p, int k) const;
  bool can_attack_with(int p, int k) const;
  bool can_defend_with(int p, int k, const Hit& h) const;

 private:
  void settle();
  void start_turn(int p);
  void end_turn();
  void draw_one(int p, int card);
  bool refresh();
  void discard_card(int p, int k);
  void after_discard(int p);
  void heal(int p, int amount, const char* why);
  void queue_hit(int target, int sender, int damage, uint8_t card, bool drain, bool front);
  void pop_hit();
  void land(const Hit& h);
  void eliminate(int p);
  void deactivate(int p, const char* why);
  void power_up(int p, const char* why);
  void finish_battle();
  void use_card(int p, int k, Action a);
  void activate(int p, int target);
  void defend(Action a);
  void part(int p);
  void finish_parting(int p, int second);
  uint32_t askable(const Hit& h) const;
  bool power_defends(int t, const Hit& h) const;
  void pick_order_next();
};

// Inline: legal_actions asks them for every card whose use depends on a bonus.
inline bool State::element_matches(int p, int element, int top_card) const {
  if (power_state[p] == kActive && cfg->powers[power[p]].ability == kPowMastery) return true;
  if (top_card == kNoCard) return false;
  return element == kUniversal || cfg->element[top_card] == kUniversal || cfg->element[top_card] == element;
}

inline bool State::bonus_holds(int p, int k) const {
  const CardType& t = cfg->type_of(k);
  switch (t.when) {
    case kTopElement: return element_matches(p, cfg->element[k], top[0]);
    case kTopTwoElement: return element_matches(p, cfg->element[k], top[0]) && element_matches(p, cfg->element[k], top[1]);
    case kTopTwoAttack:
      return top[0] != kNoCard && top[1] != kNoCard && cfg->type_of(top[0]).category == kAttackCard && cfg->type_of(top[1]).category == kAttackCard;
    default: return false;
  }
}

int observation_length(const Config& cfg);

}  // namespace henchmen::super
