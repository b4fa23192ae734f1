// S.U.E.T.: the flat state and the action space.
//
// Two to four evil geniuses race to build a doomsday device: one working
// Component of each colour in their Secret Lab. One shared deck (an
// unordered multiset: nobody knows its order), a public discard pile, and
// the Black Market, a public face-up stack of Components. Action and Instant
// Action cards can be Blocked, and Blocks blocked in turn, through reaction
// windows (core/reactions.h) asked of the players who could hold a Block by
// what everyone can see; a Setback's victim is asked alone whether to
// sacrifice an Enhancement, and only when everyone can see they have one.
// Between turns a window asks the others whether to play an Instant Action
// off turn (the printed reading; option instants=block_only keeps Blocks
// the only off-turn card).
#pragma once
#include <cstdint>
#include <cstring>
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
#include "games/suet/cards.h"

namespace henchmen::suet {

constexpr int P = kMaxPlayers;
constexpr int K = kMaxKinds;
constexpr uint8_t kNone = 255;
constexpr int kMaxMarket = 64;
constexpr int kBlackMarketRound = kColours;  // the round "colour" that opens the Black Market

// A played card's target, one index per card: nobody, a player, one of a
// player's Components (by colour), the Cheat Card, an Enhancement's Hindrance side.
constexpr int kTargetPlayer = 1;                     // + player
constexpr int kTargetSlot = kTargetPlayer + P;       // + player * 4 + colour
constexpr int kTargetCheat = kTargetSlot + P * kColours;
constexpr int kTargetHindrance = kTargetCheat + 1;  // + player
constexpr int kTargets = kTargetHindrance + P;

// The fixed action space.
enum : Action {
  kEndTurn = 0,
  kPlay = 1,                            // + card * kTargets + target
  kDiscardCard = kPlay + K * kTargets,  // + card: discarded as the turn's action
  kFreeRepair = kDiscardCard + K,       // + colour: Cash Flow's free repair
  kMarketGive = kFreeRepair + kColours, // + card: a Component traded into the Black Market
  kChoose = kMarketGive + K,            // + card: a card chosen (to take, to discard)
  kChooseSlot = kChoose + K,            // + colour: a Component chosen by the player to the left
  kBlockAction = kChooseSlot + kColours,      // Block an Action, in a window
  kSacrifice = kBlockAction + 1,              // sacrifice the Enhancement against a Setback
  kPass = kSacrifice + 1,
  kDeal = kPass + 1,                    // + card: chance, the card drawn
  kPick = kDeal + K,                    // + card: chance, the card taken at random from a hand
  kRoll = kPick + K,                    // + colour (4: Black Market): chance, the Long Game's round
  kGenius = kRoll + kColours + 1,       // + genius: chance, the next seat's evil genius
  kNumActions = kGenius + kGeniuses,
};

// Zones, for events and knowledge.
constexpr int kDeckZone = P;
constexpr int kDiscardZone = P + 1;
constexpr int kMarketZone = P + 2;
constexpr int kPlayZone = P + 3;   // the card being played, the Blocks on it, a Setback striking
constexpr int kSwapZone = P + 4;   // empty but in the middle of Trade Hands
constexpr int kLabZone = P + 5;    // + player: Components, Cheat Cards, the Enhancement, cards in front
constexpr int kZones = kLabZone + P;

enum Phase : uint8_t { kGeniusPhase, kPlaying, kOver };
enum Choice : uint8_t { kNoChoice, kTakeFromDiscard, kTakeFromMarket, kTradeFromMarket, kDiscardDown, kPayCost, kEveryoneDiscard, kSlotBreak, kSlotBack, kChoices };
enum Trigger : uint8_t { kOnPlay = 0, kOnBlock = 1, kOnSetback = 2, kBetweenTurns = 3, kTriggers = 4 };

// The position JSON's words for Phase and Choice.
inline constexpr const char* kPhaseWords[] = {"geniuses", "playing", "over"};
inline constexpr const char* kChoiceWords[kChoices] = {"none", "take-from-discard", "take-from-market", "trade-from-market", "discard-down", "pay-cost", "everyone-discards", "slot-break", "slot-back"};
enum PickMode : uint8_t { kPickSteal, kPickDiscard };

struct ActionList;  // legal.cpp: a decision's legal actions as they are listed

struct State {
  const Config* cfg = nullptr;
  uint8_t hand[P][K] = {};
  uint8_t hand_n[P] = {};
  uint8_t deck[K] = {};  // in no known order
  uint8_t discard[K] = {};
  uint8_t inplay[K] = {};
  uint8_t deck_n = 0;
  uint8_t discard_n = 0;
  uint8_t market_n = 0;
  uint8_t market[kMaxMarket] = {};  // bottom first; the top is market[market_n - 1]
  // The Secret Labs.
  uint8_t comp[P][kColours] = {};  // kNone for an empty place
  uint8_t broken[P] = {};          // a bit per colour
  uint8_t cheat[P] = {};           // a Cheat Card behind the Component (a bit per colour)
  uint8_t enh[P] = {};             // kNone, or the Enhancement card
  uint8_t hindrance = 0;           // a bit per player: the Enhancement shows its Hindrance side
  uint8_t front[P][K] = {};        // Setbacks waiting in the Lab for the player's next turn
  uint8_t genius[P] = {};          // kNone until dealt
  // The turn.
  uint8_t phase = kGeniusPhase;
  uint8_t turn_player_ = 0;
  uint16_t turn = 1;
  uint16_t round = 1;
  uint8_t actions_left = 0;
  bool free_place_used = false;
  bool free_repair_used = false;
  bool extra_turn = false;
  uint8_t extra_later = 0;     // a bit per player: Take an Extra Turn played off turn, for their next turn
  bool again = false;          // this turn is an extra turn (the round's colour stays)
  bool starting = false;       // the turn has not begun yet (lost turns, the first draw)
  bool ending = false;         // the turn is over: discard down, then the next turn
  bool rolling = false;        // chance: the Long Game's round colour
  uint8_t round_colour = kNone;
  // Draws owed, served in seat order from the turn player; the turn
  // player's first is the turn's first draw while first_draw holds.
  uint8_t owed[P] = {};
  bool first_draw = false;
  // A card being played, and the Block chain on it (reactions).
  uint8_t play_card = kNone;
  uint8_t play_by = 0;
  uint8_t play_target = 0;
  bool play_free = false;      // a component placed with Inspiration's free placement
  uint8_t chain = 0;           // Blocks played on it so far (in the play zone)
  Reactions<8, P> reactions;
  // A Setback striking.
  uint8_t strike_card = kNone;
  uint8_t strike_victim = 0;
  int8_t strike_by = -1;       // -1: drawn on the first draw
  uint8_t strike_slot = kNone; // the Component its player chose
  bool strike_asked = false;   // the victim was asked whether to sacrifice
  // A card taken at random from a hand (chance).
  uint8_t pick_from = kNone;
  uint8_t pick_for = 0;
  uint8_t pick_mode = kPickSteal;
  // A choice inside an effect.
  uint8_t choice = kNoChoice;
  uint8_t chooser = 0;
  uint8_t discarders = 0;      // Everyone Discards: who still discards (a bit each)
  int8_t winner = -1;          // -2: a draw at the round limit
  uint8_t win_reason = 0;      // 0 a device, 1 the round limit

  // The position's fields (core/fields.h). The players' Labs, the Black
  // Market, the round's colour, the card being played, the Setback, the pick
  // and the windows are written by hand; hand_n, deck_n and discard_n follow
  // from the counts.
  static auto fields() {
    const auto last_turn = [](const Config& c) { return 2 * c.max_turns() + 2; };
    const auto last_round = [](const Config& c) { return c.max_rounds; };
    const LastSeat last_seat;
    return std::make_tuple(
        field("phase", &State::phase, Word{kPhaseWords}), field("deck", &State::deck, CardCounts{}), field("discard", &State::discard, CardCounts{}),
        field("in_play", &State::inplay, CardCounts{}), field("turn_player", &State::turn_player_, Count{0, last_seat}), field("turn", &State::turn, Count{1, last_turn}),
        field("round", &State::round, Count{1, last_round}), field("actions_left", &State::actions_left, Count{0, 30}),
        field("free_place_used", &State::free_place_used, Flag{}), field("free_repair_used", &State::free_repair_used, Flag{}), field("extra_turn", &State::extra_turn, Flag{}),
        field("again", &State::again, Flag{}), field("starting", &State::starting, Flag{}), field("ending", &State::ending, Flag{}), field("rolling", &State::rolling, Flag{}),
        field("first_draw", &State::first_draw, Flag{}), field("choice", &State::choice, Word{kChoiceWords}), field("chooser", &State::chooser, Count{0, last_seat}),
        field("discarders", &State::discarders, PlayerMask{}), field("winner", &State::winner, Count{-2, last_seat}), field("win_reason", &State::win_reason, Count{0, 1}));
  }

  // The contract (core/state_contract.h).
  // Inline: the playout loop and legal_actions ask it at every step.
  int current_player() const {
    if (phase == kOver) return kTerminal;
    if (phase == kGeniusPhase || rolling) return kChance;
    if (choice != kNoChoice) return chooser;
    if (reactions.open()) return reactions.responder();
    if (pick_from != kNone) return kChance;
    static_assert(sizeof owed == 4, "a draw owed per seat, four seats: one word");
    uint32_t any_owed;
    std::memcpy(&any_owed, owed, sizeof owed);  // seats past the game's players owe nothing
    return any_owed ? kChance : turn_player_;
  }
  HENCHMEN_STATE_CONTRACT(State, Config)
  Action random_action(Rng& rng) const;  // core/random_action.h
  void legal(ActionList& out) const;  // legal.cpp: the decision's list on the stack (core/action_list.h)
  uint64_t hash() const;

  // Rules everyone can see.
  bool over() const { return phase == kOver; }
  int copies(int k) const;  // in this game: a component of a genius nobody plays is left out
  bool in_game(int g) const;
  bool usable(int p, int k) const { return cfg->genius[k] == kUniversal || cfg->genius[k] == genius[p]; }
  bool enhanced(int p, Effect e) const { return enh[p] != kNone && cfg->effect[enh[p]] == e && !((hindrance >> p) & 1); }
  bool hindered(int p, Effect e) const { return enh[p] != kNone && cfg->effect[enh[p]] == e && ((hindrance >> p) & 1); }
  int hand_limit(int p) const;
  int working(int p) const;  // Components in the Lab that are not Broken
  int components(int p) const;
  bool complete(int p) const {
    static_assert(kColours == 4, "a device of four Components");
    return !broken[p] && comp[p][0] != kNone && comp[p][1] != kNone && comp[p][2] != kNone && comp[p][3] != kNone;
  }
  bool someone_complete() const {
    // A seat's four Components are one word; it is complete when no byte of
    // it is kNone (0xff) and none is Broken.
    static_assert(sizeof comp[0] == 4 && kNone == 0xff, "four one-byte Components a seat");
    for (int q = 0; q < cfg->players; ++q) {
      uint32_t w;
      std::memcpy(&w, comp[q], sizeof w);
      const uint32_t holes = ~w;  // a zero byte where a Component is missing
      const bool missing = ((holes - 0x01010101u) & ~holes & 0x80808080u) != 0;
      if (!missing && !broken[q]) return true;
    }
    return false;
  }
  bool colour_open(int c) const { return !cfg->long_game || round_colour == c; }
  bool market_open() const { return !cfg->long_game || round_colour == kBlackMarketRound; }
  bool can_place(int p) const { return actions_left > 0 || (enhanced(p, kInspiration) && !free_place_used); }
  bool needs_cost(int p, int k) const;
  uint32_t block_askable(int opener) const;
  uint32_t between_askable() const;
  bool off_turn_card(int k) const;
  bool playable_off_turn(int p, int k) const;
  int left_of(int p) const { return (p + 1) % cfg->players; }
  bool has_hand_card_besides(int p, int k, bool non_instant) const;

 private:
  void settle();
  bool check_win();
  void begin_turn();
  void advance_turn();
  void draw_one(int p, int card);
  bool reshuffle();
  void to_discard_from_play(int k);

 public:
  void to_discard_from_play_public(int k, Event* e);

 private:
  void to_market(int k, int from_zone, Event* e);
  void take_out(int p, int c, Event* e);
  void place_component(int p, int k, bool with_cheat);
  void play(int p, int k, int target);
  void after_cost();
  void resolve_play();
  void finish_play();
  void pass_window();
  void block_succeeds();
  void strike(int victim, int k, int by, int slot);
  void strike_effect();
  void finish_strike();
  void choose(int k);
  void choose_slot(int c);
  bool discard_from_hand(int p, int k, Event* e);
  void discard_by_choice(int p, int k, const char* why);
  void end_between_turns();
  void lose_next_turn(int victim, int k);
  void game_over(int w, int reason);
};

int observation_length(const Config& cfg);

}  // namespace henchmen::suet
