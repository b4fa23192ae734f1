// Villainy: the flat state and its rules.
//
// Each player has a Master under a Hideout (six hits), two rows of three
// Minion spots in front of it, a Monster of four parts, a Setup chain of
// three cards, up to one Hideout - Left and one Hideout - Right, and their
// own draw pile, hand and discard pile. A turn: a Segue window, the hand
// filled to five, three actions and any number of free Special Actions.
// Segues come through reaction windows (core/reactions.h) at the three
// moments the rulebook names: a turn just started, a card about to be
// played, an attack declared.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/fields.h"
#include "core/game.h"
#include "core/knowledge.h"
#include "core/piles.h"
#include "core/reactions.h"
#include "core/state_contract.h"
#include "games/villainy/cards.h"

namespace henchmen::villainy {

constexpr int kSpots = 6;      // 0..2 front row left to right, 3..5 back row
constexpr int kColumns = 3;
constexpr int kAttackers = 11;  // spots 0..5, Monster parts 6..9, the Master 10
constexpr int kTargets = 12;    // spots 0..5, Monster parts 6..9, the Hideout 10, the Master 11
constexpr int kPartBase = 6;
constexpr int kMasterAttacker = 10;
constexpr int kHideoutTarget = 10;
constexpr int kMasterTarget = 11;
constexpr int kHandCap = 16;
constexpr int kPileCap = 64;
constexpr int kMaxTasks = 8;

// Zones, for events and knowledge: each player's hand, draw pile, discard
// pile and the cards they own in play (wherever those lie).
constexpr int kZones = 4 * kMaxPlayers;
inline int hand_zone(int p) { return p; }
inline int draw_zone(int p) { return kMaxPlayers + p; }
inline int discard_zone(int p) { return 2 * kMaxPlayers + p; }
inline int play_zone(int p) { return 3 * kMaxPlayers + p; }

inline int column_of(int spot) { return spot % kColumns; }
inline bool front_row(int spot) { return spot < kColumns; }

// The fixed action space. Card-indexed ranges take the kind in the acting
// player's deck.
enum : Action {
  kPlayAt = 0,                                         // + kind * 6 + spot: a Minion on a free spot, Gear on a Minion
  kPlay = kPlayAt + kMaxKinds * kSpots,                // + kind: a Monster part, Hideout addition, Setup or Special Action
  kMove = kPlay + kMaxKinds,                           // + from * 6 + to: to a free spot, or a swap (from < to)
  kMoveGear = kMove + kSpots * kSpots,                 // + from * 6 + to
  kMoveMaster = kMoveGear + kSpots * kSpots,           // + 0 left, 1 right
  kAttack = kMoveMaster + 2,                           // + attacker * 72 + player * 12 + target
  kExchange = kAttack + kAttackers * kMaxPlayers * kTargets,  // + kind
  kEndTurn = kExchange + kMaxKinds,
  kPass = kEndTurn + 1,
  kSegue = kPass + 1,                                  // + kind
  kAbsorb = kSegue + kMaxKinds,                        // + 0 take the hit, 1 Left, 2 Right
  kTargetOwn = kAbsorb + 3,                            // + spot: a Minion of yours
  kTargetEnemy = kTargetOwn + kSpots,                  // + player * 12 + spot: an opposing Minion
  kTargetSpot = kTargetEnemy + kMaxPlayers * kTargets,  // + spot: a free spot of the chosen Minion's ranks
  kDone = kTargetSpot + kSpots,                        // forgo what a Special Action allows
  kFirstPlayer = kDone + 1,                            // + player: chance, who goes first
  kDraw = kFirstPlayer + kMaxPlayers,                  // + card id: chance, the card drawn
  kNumActions = kDraw + kCardIds,
};

enum class Phase : uint8_t {
  kMain,    // the turn player acts
  kWindow,  // a Segue window: reactions.responder() answers
  kAbsorb,  // the attacked player may discard a Hideout addition to absorb the hit
  kChoose,  // the turn player makes a Special Action's choices
};
enum class HideoutState : uint8_t { kStanding, kFallen, kGone };  // fallen: six hits, Master exposed at the owner's next turn
// The position JSON's words for Phase and HideoutState.
inline constexpr const char* kPhaseKeys[] = {"main", "window", "absorb", "choose"};
inline constexpr const char* kHideoutKeys[] = {"standing", "destroyed", "removed"};
enum Trigger : uint8_t { kOnTurnStart, kOnPlay, kOnAttack };
enum class TaskKind : uint8_t { kDraw, kFirstPlayer, kBegin };
const char* phase_name(Phase p);
const char* trigger_name(int t);
const char* task_name(TaskKind k);

struct Task {
  TaskKind kind = TaskKind::kDraw;
  uint8_t player = 0;
  uint8_t count = 0;
};

// One of the six Minion spots.
struct Spot {
  uint8_t minion = kNoCard;
  uint8_t gear = kNoCard;
  uint8_t gear_owner = 0;  // Gear can be taken onto another player's Minion
  uint8_t temp = kNoCard;  // a Special Action acting as Gear until its owner's next turn
};

// One Monster part: the cards played there, bottom first; the top one is
// active or flipped (inactive).
struct Part {
  uint8_t card[kMaxStack] = {kNoCard, kNoCard, kNoCard, kNoCard};
  uint8_t n = 0;
  bool active = false;
  uint8_t top() const { return n ? card[n - 1] : kNoCard; }
};

// A bit per kind a hand holds (a hand holds only its own deck's cards).
inline uint32_t kinds_in(const Multiset<kHandCap>& hand) {
  uint32_t kinds = 0;
  for (const uint8_t card : hand) kinds |= 1u << kind_of_card(card);
  return kinds;
}

struct Player {
  Multiset<kHandCap> hand;
  Multiset<kPileCap> draw;  // in no known order
  Multiset<kPileCap> discard;
  // Segues in the discard pile, kept with it (State::to_discard) so that
  // asking who may Segue counts nothing: derived, so neither serialized nor
  // hashed, and recounted whenever a pile is written whole.
  uint8_t segues_discarded = 0;
  // kinds_in(hand), kept with it (State::to_hand, State::from_hand) so that
  // listing a decision reads one word: derived like segues_discarded.
  uint32_t hand_kinds = 0;
  Spot grid[kSpots];
  // Bit per spot holding a Minion, and per Minion that is ranged, kept by
  // State::respot after every change to a spot so that working out who may
  // attack whom reads two bytes a player: derived like segues_discarded.
  uint8_t minions = 0;
  uint8_t ranged = 0;
  Part monster[4];
  uint8_t setup[3] = {kNoCard, kNoCard, kNoCard};
  uint8_t left = kNoCard, right = kNoCard;  // Hideout additions
  uint8_t hits = kHideoutHits;              // the Hideout - Center's remaining hits
  HideoutState hideout = HideoutState::kStanding;
  uint8_t master_column = 1;
  Multiset<kMaxSpecialsPerTurn> lasting;  // rallying Special Actions, until the owner's next turn
  bool alive = true;

  // The player's fields in the position (core/fields.h); the grid and the
  // monster are written by hand, and the derived counts recounted.
  static auto fields() {
    return std::make_tuple(field("alive", &Player::alive, Flag{}), field("hand", &Player::hand, CardList{}), field("draw", &Player::draw, CardList{}),
                           field("discard", &Player::discard, CardList{}), field("lasting", &Player::lasting, CardList{}),
                           field("setup", &Player::setup, Each{CardOrNone{kNoCard}}), field("left", &Player::left, CardOrNone{kNoCard}),
                           field("right", &Player::right, CardOrNone{kNoCard}), field("hits", &Player::hits, Count{0, kHideoutHits}),
                           field("hideout", &Player::hideout, Word{kHideoutKeys}), field("master_column", &Player::master_column, Count{0, kColumns - 1}));
  }
};

// A card about to be played or an attack declared: what an open window answers.
struct Declared {
  uint8_t card = kNoCard;
  uint8_t spot = 0;
  bool attack = false;
  bool free = false;  // a Special Action's, costing no action
  uint8_t attacker = 0;
  uint8_t target_player = 0;
  uint8_t target = 0;
  int8_t bonus = 0;   // A! a Special Action adds to the attack

  static auto fields() {
    return std::make_tuple(field("card", &Declared::card, CardOrNone{kNoCard}), field("spot", &Declared::spot, Count{0, kSpots - 1}),
                           field("attack", &Declared::attack, Flag{}), field("free", &Declared::free, Flag{}),
                           field("attacker", &Declared::attacker, Count{0, kAttackers - 1}), field("target_player", &Declared::target_player, Count{0, LastSeat{}}),
                           field("target", &Declared::target, Count{0, kTargets - 1}), field("bonus", &Declared::bonus, Count{0, 9}));
  }
};

// The last attack resolved this turn, A! against D! (public: so that two
// attacks that failed differently are told apart by everyone).
struct LastAttack {
  int8_t player = -1;
  uint8_t attacker = 0;
  uint8_t target_player = 0;
  uint8_t target = 0;
  int8_t attack = 0;
  int8_t defense = 0;

  static auto fields() {
    return std::make_tuple(field("player", &LastAttack::player, Count{-1, LastSeat{}}), field("attacker", &LastAttack::attacker, Count{0, kAttackers - 1}),
                           field("target_player", &LastAttack::target_player, Count{0, LastSeat{}}), field("target", &LastAttack::target, Count{0, kTargets - 1}),
                           field("attack", &LastAttack::attack, Count{0, 100}), field("defense", &LastAttack::defense, Count{0, 100}));
  }
};

// A Special Action being resolved: its card (in play meanwhile) and the
// first choice made.
struct Choice {
  uint8_t card = kNoCard;
  uint8_t stage = 0;
  uint8_t player = 0;
  uint8_t spot = 0;

  static auto fields() {
    return std::make_tuple(field("card", &Choice::card, CardOrNone{kNoCard}), field("stage", &Choice::stage, Count{0, 1}),
                           field("player", &Choice::player, Count{0, LastSeat{}}), field("spot", &Choice::spot, Count{0, kSpots - 1}));
  }
};

int observation_length(const Config& cfg);

// How many of `card` a pile (kept sorted) holds, counted from its high end:
// the card tables list a deck's Segues last, so counting them stops after a
// few cards.
template <int N>
int count_from_top(const Multiset<N>& pile, uint8_t card) {
  int k = 0;
  for (int i = pile.size() - 1; i >= 0 && pile.c[i] >= card; --i) k += pile.c[i] == card;
  return k;
}

struct ActionList;  // legal.cpp: a decision's legal actions as they are listed

// A Minion's A! and D! with its bonuses (State::grid_stats).
struct MinionStats {
  int attack = 0;
  int defense = 0;
};

// Who may attack what, as bitmasks over attackers (bit a) and targets (bit
// t), worked out once per decision (combat.cpp) so that listing attacks
// reads two words per attacker and opponent instead of asking every pair.
struct Reach {
  uint16_t attackers = 0;              // the attackers able to attack
  uint8_t foes = 0;                    // the players who may be attacked: the others still in
  uint16_t wide = 0;                   // attackers that ignore blocking Minions: Monster parts, ranged Minions
  uint16_t open[kMaxPlayers] = {};     // per player: what any attacker may target
  uint16_t minions[kMaxPlayers] = {};  // per player: every Minion, blocked or not
  uint16_t targets(int attacker, int target_player) const {
    return (wide >> attacker & 1) ? open[target_player] | minions[target_player] : open[target_player];
  }
  bool any(int players) const {  // some attacker has some target
    for (int q = 0; q < players; ++q) {
      if (open[q] && attackers) return true;
      if (minions[q] && (attackers & wide)) return true;
    }
    return false;
  }
};

// A bit per spot of a grid whose four bytes, masked, equal `value` (both in
// the byte order of memory: the Minion is byte 0, its Gear byte 1). With
// SSE2 the six spots are compared as two loads of four-byte lanes.
inline uint8_t spots_where(const Spot (&grid)[kSpots], uint32_t mask, uint32_t value) {
  static_assert(sizeof(Spot) == 4 && kSpots == 6, "a grid is six four-byte spots");
#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const __m128i m = _mm_set1_epi32(static_cast<int>(mask));
  const __m128i v = _mm_set1_epi32(static_cast<int>(value));
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(grid));
  const __m128i hi = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(grid + 4));
  const int a = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(lo, m), v)));
  const int b = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(hi, m), v)));
  return static_cast<uint8_t>(a | (b & 3) << 4);
#else
  uint8_t out = 0;
  for (int s = 0; s < kSpots; ++s) {
    const uint32_t word = grid[s].minion | grid[s].gear << 8 | grid[s].gear_owner << 16 | static_cast<uint32_t>(grid[s].temp) << 24;
    out |= static_cast<uint8_t>(((word & mask) == value) << s);
  }
  return out;
#endif
}

// A spot's two Gear bytes (its Gear, byte 1, and its temporary Gear, byte 3)
// and what they hold on a Minion without Gear: temporary Gear is the
// Minion's one Gear while it lasts ("A Minion may not have more than one
// Gear card at a time"; some Special Actions "act as Gear, only temporary").
constexpr uint32_t kGearBytes = 0xFF00FF00u;
constexpr uint32_t kNoGear = uint32_t{kNoCard} << 8 | uint32_t{kNoCard} << 24;

// A Minion is ranged by its own card, its Gear or its temporary Gear.
inline bool ranged_spot(const Config& c, const Spot& s) { return (int{c.ranged[s.minion]} | int{c.ranged[s.gear]} | int{c.ranged[s.temp]}) != 0; }

struct State {
  const Config* cfg = nullptr;
  Player players[kMaxPlayers];
  uint8_t turn_player_ = 0;
  uint8_t actions = 0;
  uint8_t specials = 0;  // Special Actions played this turn
  uint16_t turn = 0;     // turns started (Segued ones too)
  uint16_t round = 0;
  uint8_t round_leader = 0;
  Phase phase = Phase::kMain;
  Declared declared;
  Choice choice;
  LastAttack last;
  uint8_t absorber = 0;
  Task tasks[kMaxTasks];
  uint8_t n_tasks = 0;
  Reactions<1, kMaxPlayers> reactions;
  bool over = false;
  int8_t winner = -1;  // -1 none yet; -2 the round limit (survivors share)

  // The position's fields (core/fields.h); the tasks and the windows are
  // written by hand, and so are the players, around Player::fields.
  static auto fields() {
    const auto last_round = [](const Config& c) { return c.max_rounds + 1; };
    const LastSeat last_seat;
    return std::make_tuple(field("turn", &State::turn, Count{0, 60000}), field("round", &State::round, Count{0, last_round}),
                           field("round_leader", &State::round_leader, Count{0, last_seat}), field("turn_player", &State::turn_player_, Count{0, last_seat}),
                           field("actions", &State::actions, Count{0, kActionsPerTurn}), field("specials", &State::specials, Count{0, kMaxSpecialsPerTurn}),
                           field("phase", &State::phase, Word{kPhaseKeys}), field("absorber", &State::absorber, Count{0, last_seat}),
                           field("declared", &State::declared, Fields{}), field("choice", &State::choice, Fields{}), field("last_attack", &State::last, Fields{}),
                           field("over", &State::over, Flag{}), field("winner", &State::winner, Count{-2, last_seat}),
                           field("players", &State::players, ByHand{PerPlayer{Fields{}}}));
  }

  // The contract (core/state_contract.h).
  int current_player() const {  // inline: the playout loop asks before every action
    if (over) return kTerminal;
    if (n_tasks > 0) return kChance;
    if (phase == Phase::kWindow) return reactions.responder();
    if (phase == Phase::kAbsorb) return absorber;
    return turn_player_;
  }
  HENCHMEN_STATE_CONTRACT(State, Config)
  Action random_action(Rng& rng) const;  // core/random_action.h
  void legal(ActionList& out) const;  // legal.cpp: the decision's list on the stack (core/action_list.h)
  uint64_t hash() const;
  // The knowledge hooks' zones (zone_cards, write_zones) are each player's
  // hand, draw pile, discard pile and cards in play (wherever they lie).

  // Rule helpers shared by the rules, combat, view and serialization files.
  int id(int player, int kind) const { return card_id(cfg->deck[player], kind); }
  int kind(int card) const { return kind_of_card(card); }
  const CardDef& def(int card) const { return cfg->def(card); }
  bool minion_at(int player, int spot) const { return players[player].grid[spot].minion != kNoCard; }
  uint8_t minion_spots(int player) const { return players[player].minions; }  // bit per spot holding a Minion
  uint8_t count_minion_spots(int player) const {  // what Player::minions keeps, counted
    return static_cast<uint8_t>(~spots_where(players[player].grid, 0xFF, kNoCard) & 0x3F);
  }
  uint8_t count_ranged_spots(int player) const;  // what Player::ranged keeps, counted
  bool blocked(int player, int spot) const { return !front_row(spot) && minion_at(player, column_of(spot)); }
  bool master_blocked(int player) const;  // a Minion stands in the Master's column
  bool monster_complete(int player) const;
  bool ranged(int player, int spot) const;
  Reach reach(int player) const;
  bool can_attack(int player, int attacker) const { return reach(player).attackers >> attacker & 1; }
  bool can_target(int player, int attacker, int target_player, int target) const;
  int attack_value(int player, int attacker, int target_player, int target, int bonus) const;
  int defense_value(int target_player, int target, int player, int attacker) const;
  void grid_stats(int player, MinionStats out[kSpots]) const;  // each Minion's A! and D! against a Minion (spots without one untouched)
  int hand_target(int player) const;  // five, or six with that bonus in play
  int segues_unseen(int player) const { return cfg->deck_def(player).segues - players[player].segues_discarded; }  // Segues not in the discard pile
  int count_discarded_segues(int player) const;  // what segues_discarded keeps, counted
  int alive_count() const;
  // The hits a standing player's Hideout can still take, additions counted;
  // 0 once it has fallen. Ranks the Masters standing at the round limit.
  int hits_left(int player) const;
  int best_hits_left() const;
  bool leads(int player) const;  // wins (or shares the win) once the game is over
  bool any_attack(int player) const { return reach(player).any(cfg->players); }

  bool special_usable(int player, int card, const Reach* reach_now = nullptr) const;  // reach_now: reach(player), if already worked out
  uint8_t gear_spots(int gear, int player) const { return fits_among(gear, player, bare_minions(player)); }  // bit per spot whose Minion the Gear fits
  uint8_t bare_minions(int player) const;  // bit per spot holding a Minion without Gear, temporary or not
  uint8_t fits_among(int gear, int player, uint8_t bare) const {  // gear_spots, given bare_minions; inline: listed per Gear each decision
    const uint16_t want = cfg->fit[static_cast<size_t>(gear)];
    if (want == 0) return bare;
    const Spot* grid = players[player].grid;
    uint8_t fits = 0;
    for (uint32_t m = bare; m; m &= m - 1) {
      const int spot = __builtin_ctz(m);
      if (cfg->fit[grid[spot].minion] == want) fits |= static_cast<uint8_t>(1u << spot);
    }
    return fits;
  }
  bool gear_fits(int gear, int player, int spot) const { return gear_spots(gear, player) >> spot & 1; }
  void count_cards(int player, int* counts) const;  // every card the player owns, by kind

 private:
  void settle();
  void push_task(TaskKind kind, int player, int count);
  void draw_card(int player, int card);
  void draw_for(Task& t, int card);  // a card drawn for the draw under way
  void reshuffle(int player);
  void run_out(Task& t);  // the draw pile run out: reshuffle, draw to five
  void start_turn(int player);
  void begin_refill();
  void next_turn();
  void end_by_rounds();
  void new_round(int leader);
  uint32_t askable(int opener) const;
  void close_window();
  void play_segue(int player, int card);
  void declare_play(int card, int spot, bool free);
  void resolve_play();
  void declare_attack(int attacker, int target_player, int target, bool free, int bonus);
  void resolve_attack();
  void hit_hideout(int player);
  void absorb(int player, int side);
  void destroy_minion(int player, int spot);
  void eliminate(int player);
  void to_discard(int player, int card);  // onto the discard pile, with its Segue count
  void respot(int player, int spot) {  // after any change to the spot; inline: every move and play of a Minion calls it
    Player& pl = players[player];
    const Spot& s = pl.grid[spot];
    const uint8_t bit = static_cast<uint8_t>(1u << spot);
    const bool minion = s.minion != kNoCard;
    pl.minions = static_cast<uint8_t>((pl.minions & ~bit) | (minion ? bit : 0));
    pl.ranged = static_cast<uint8_t>((pl.ranged & ~bit) | (minion && ranged_spot(*cfg, s) ? bit : 0));
  }
  void regrid(int player);  // after changes anywhere in the grid
  void to_hand(int player, int card);     // into the hand, with its kinds
  void from_hand(int player, int card);   // out of the hand, with its kinds
  void discard_in_play(int owner, int card);
  void apply_main(Action a);
  void apply_choice(Action a);
  void do_move(int from, int to);
  void move_master(int direction);
  void move_gear(int from, int to);
  void start_special(int card);
  void finish_special();
  uint32_t plays(uint32_t kinds, const Reach* reach_now) const;  // kinds: a bit per kind in the hand; reach_now: null once no action is left
  void legal_main(ActionList& out) const;
  void legal_choice(ActionList& out) const;
  void legal_moves(uint32_t mine, ActionList& out) const;  // mine: the turn player's Minion spots
  void legal_attacks(const Reach& r, ActionList& out) const;
};

}  // namespace henchmen::villainy
