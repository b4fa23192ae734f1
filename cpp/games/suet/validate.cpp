// S.U.E.T.: the invariants every position reached by play keeps (and every
// position read from JSON must keep before it is played on).
#include <string>

#include "core/counted_piles.h"
#include "core/error.h"
#include "games/suet/state.h"

namespace henchmen::suet {

void State::validate() const {
  const int n = cfg->players;
  // The evil geniuses: dealt to the seats in order, each at most once.
  for (int p = 0; p < P; ++p) {
    if (p >= n) {
      if (genius[p] != kNone || hand_n[p] || enh[p] != kNone || owed[p]) broken_position("a seat beyond the players holds something");
      continue;
    }
    if (genius[p] != kNone && genius[p] >= kGeniuses) broken_position("a genius is one of the four");
    if (p > 0 && genius[p] != kNone && genius[p - 1] == kNone) broken_position("the geniuses are dealt in seat order");
    for (int q = 0; q < p; ++q) {
      if (genius[p] != kNone && genius[q] == genius[p]) broken_position("each evil genius is played by one player");
    }
  }
  const bool dealt = genius[n - 1] != kNone;
  if ((phase == kGeniusPhase) == dealt) broken_position("the genius phase lasts exactly until every seat has a genius");
  // Every card conserved.
  uint8_t lab_count[K] = {};
  for (int p = 0; p < n; ++p) {
    for (int c = 0; c < kColours; ++c) {
      const int x = comp[p][c];
      if (x == kNone) {
        if (((broken[p] | cheat[p]) >> c) & 1) broken_position("an empty Lab place is neither Broken nor Cheated");
        continue;
      }
      if (x >= cfg->kinds || cfg->kind[x] != kComponent || cfg->colour[x] != c) broken_position("a Lab place holds a Component of its colour");
      ++lab_count[x];
      const bool cheated = (cheat[p] >> c) & 1;
      if (cheated && cfg->cheat_card < 0) broken_position("a Cheat Card needs a Cheat Card in the table");
      if (cheated) ++lab_count[cfg->cheat_card];
      if (!usable(p, x) && !cheated) broken_position("another genius's Component is used only with a Cheat Card");
    }
    if (broken[p] >> kColours || cheat[p] >> kColours) broken_position("Broken and Cheat marks are per colour");
    if (enh[p] != kNone) {
      if (enh[p] >= cfg->kinds || cfg->kind[enh[p]] != kEnhancement) broken_position("a Lab's Enhancement is an Enhancement card");
      ++lab_count[enh[p]];
    } else if ((hindrance >> p) & 1) {
      broken_position("only an Enhancement shows a Hindrance side");
    }
    for (int k = 0; k < cfg->kinds; ++k) {
      if (front[p][k] && cfg->kind[k] != kSetback) broken_position("only Setbacks wait in front of a player");
      lab_count[k] = static_cast<uint8_t>(lab_count[k] + front[p][k]);
    }
  }
  if (hindrance >> n) broken_position("a Hindrance belongs to a player");
  if (extra_later >> n) broken_position("an extra turn played off turn belongs to a player");
  if (extra_later && cfg->block_only) broken_position("with instants=block_only no Instant Action is played off turn");
  uint8_t market_count[K] = {};
  if (market_n > kMaxMarket) broken_position("the Black Market is too large");
  for (int i = 0; i < market_n; ++i) {
    if (market[i] >= cfg->kinds || cfg->kind[market[i]] != kComponent) broken_position("the Black Market holds Components only");
    ++market_count[market[i]];
  }
  for (int i = market_n; i < kMaxMarket; ++i) {
    if (market[i]) broken_position("the Black Market's unused places are empty");
  }
  for (int k = 0; k < K; ++k) {
    int total = deck[k] + discard[k] + inplay[k] + lab_count[k] + market_count[k];
    for (int p = 0; p < P; ++p) total += hand[p][k];
    const int want = k < cfg->kinds && dealt ? copies(k) : 0;
    if (total != want) broken_position("there must be " + std::to_string(want) + " " + (k < cfg->kinds ? cfg->name[k] : std::string("of an unknown card")) + " in all, found " + std::to_string(total));
  }
  check_counted_sizes(*this, n);
  if (phase == kGeniusPhase) {
    bool owing = false;
    for (int p = 0; p < n; ++p) owing = owing || owed[p];
    if (turn != 1 || round != 1 || turn_player_ != 0 || rolling || starting || ending || choice || reactions.open() || play_card != kNone || strike_card != kNone || pick_from != kNone ||
        winner != -1 || win_reason || first_draw || extra_turn || extra_later || again || actions_left || free_place_used || free_repair_used || round_colour != kNone || owing || discarders || hindrance || chain) {
      broken_position("nothing happens before every genius is dealt");
    }
    return;
  }
  // The turn.
  if (round < 1 || round > cfg->max_rounds) broken_position("the round is from 1 to the round limit");
  if (round_colour != kNone && round_colour > kBlackMarketRound) broken_position("a round is a colour or the Black Market");
  if (!cfg->long_game && (round_colour != kNone || rolling)) broken_position("only the Long Game has Color Rounds");
  if (cfg->long_game && round_colour == kNone && !rolling && phase == kPlaying) broken_position("a Long Game round has its colour");
  if (choice >= kChoices) broken_position("unknown choice");
  if (choice != kNoChoice && chooser >= n) broken_position("the chooser is a player");
  if (discarders >> n) broken_position("discarders are players");
  if ((choice == kEveryoneDiscard) != (discarders != 0) && phase != kOver) broken_position("Everyone Discards asks exactly while someone still discards");
  if (choice == kEveryoneDiscard && !((discarders >> chooser) & 1)) broken_position("the one discarding is still to discard");
  if ((choice == kDiscardDown || choice == kPayCost || choice == kEveryoneDiscard) && hand_n[chooser] == 0) broken_position("a card is discarded from a hand that holds one");
  if (choice == kTakeFromDiscard && discard_n == 0) broken_position("a card is taken from a discard pile that holds one");
  if (choice == kTakeFromMarket && market_n == 0) broken_position("a Component is taken from a Black Market that holds one");
  if (choice == kTradeFromMarket && market_n < 2) broken_position("a trade takes another Component than the one it gave");
  if (choice == kDiscardDown && (!ending || chooser != turn_player_ || hand_n[chooser] <= hand_limit(chooser))) broken_position("the turn player discards down at the end of the turn only while over the maximum hand");
  if ((choice == kSlotBreak || choice == kSlotBack) && (strike_card == kNone || strike_by >= 0 || chooser != left_of(strike_victim))) broken_position("the player to the left chooses for a drawn Setback");
  if (choice == kSlotBreak && working(strike_victim) == 0) broken_position("a Component to break is there");
  if (choice == kSlotBack && components(strike_victim) == 0) broken_position("a Component to put back is there");
  if (choice == kTakeFromDiscard && (play_card == kNone || cfg->effect[play_card] != kTakeDiscard || reactions.open())) broken_position("a card is taken from the discard pile by Take One From the Discard Pile");
  if (choice == kPayCost && (play_card == kNone || !needs_cost(play_by, play_card) || reactions.open())) broken_position("a repair's price is paid while it is played");
  // The play zone: the card being played, its Blocks, a Setback striking.
  int in_n = 0;
  for (int k = 0; k < cfg->kinds; ++k) in_n += inplay[k];
  int want_in = (play_card != kNone) + chain + (strike_card != kNone) + (play_card != kNone && play_target == kTargetCheat);
  if (phase != kOver && in_n != want_in) broken_position("the play zone holds the card being played, its Blocks and a Setback striking, nothing else");
  if (play_card != kNone) {
    if (play_card >= cfg->kinds || !inplay[play_card]) broken_position("the card being played is in play");
    if (play_by >= n) broken_position("a card is played by a player");
    if (chain && (cfg->block_card < 0 || inplay[cfg->block_card] < chain + (play_card == cfg->block_card))) broken_position("the Blocks played lie in play");
    if (play_target >= kTargets) broken_position("a target is in range");
    if (play_target == kTargetCheat && (cfg->kind[play_card] != kComponent || cfg->cheat_card < 0 || !inplay[cfg->cheat_card])) broken_position("a Cheat Card goes with a Component");
  } else if (chain && phase != kOver) {
    broken_position("Blocks answer a card being played");
  }
  if (reactions.depth > 8) broken_position("too many windows");
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    if (w.trigger >= kTriggers || w.n == 0 || w.n > n || w.next >= w.n || w.passes >= w.n || w.opener < 0 || w.opener >= n) broken_position("a window asks its players in turn");
    for (int i = 0; i < w.n; ++i) {
      if (w.order[i] >= n) broken_position("a window asks players");
      for (int j = 0; j < i; ++j) {
        if (w.order[i] == w.order[j]) broken_position("a window asks each player once");
      }
    }
    if (w.trigger == kOnSetback && (d != reactions.depth - 1 || strike_card == kNone || w.n != 1 || w.order[0] != strike_victim || enh[strike_victim] == kNone || ((hindrance >> strike_victim) & 1))) {
      broken_position("a sacrifice window asks a Setback's victim, who has a working Enhancement");
    }
    if (w.trigger == kOnPlay && (d != 0 || play_card == kNone)) broken_position("the first window answers the card being played");
    if (w.trigger == kBetweenTurns) {
      if (cfg->block_only) broken_position("with instants=block_only there is no window between turns");
      if (reactions.depth != 1 || !ending || play_card != kNone || strike_card != kNone || choice != kNoChoice || w.opener != turn_player_) {
        broken_position("the window between turns opens alone, once the turn is over, after the turn player");
      }
      if (hand_n[turn_player_] > hand_limit(turn_player_)) broken_position("the window between turns follows the discard down to the maximum hand");
    }
    if (w.trigger == kOnBlock && (d == 0 || cfg->block_card < 0)) broken_position("a Block's window follows the one it answers");
    if (w.trigger != kOnSetback) {
      for (int i = 0; i < w.n; ++i) {
        if (w.order[i] == w.opener) broken_position("nobody blocks their own card");
      }
    }
  }
  if (reactions.open() && reactions.top().trigger != kOnSetback && (choice != kNoChoice || strike_card != kNone)) broken_position("a Block window waits on nothing else");
  if (reactions.open() && choice != kNoChoice) broken_position("no choice is made while a window is open");
  if (strike_card != kNone) {
    if (strike_card >= cfg->kinds || cfg->kind[strike_card] != kSetback || !inplay[strike_card]) broken_position("a Setback striking lies in play");
    if (strike_victim >= n || strike_by >= n || strike_by == strike_victim) broken_position("a Setback strikes a player (played by another)");
    if (play_card != kNone) broken_position("a Setback strikes once its card is played");
    const int e = cfg->effect[strike_card];
    if (strike_by >= 0 && (e == kComponentBreaks || e == kPutOneBack) && (strike_slot >= kColours || comp[strike_victim][strike_slot] == kNone)) broken_position("a played Setback names its Component");
    if (!reactions.open() && choice != kSlotBreak && choice != kSlotBack) broken_position("a Setback waits only on its victim or the player to the left");
  }
  if (pick_from != kNone && (pick_from >= n || pick_for >= n || pick_from == pick_for || hand_n[pick_from] == 0 || pick_mode > kPickDiscard)) broken_position("a card is picked at random from another player's hand");
  if (pick_from != kNone && (choice != kNoChoice || reactions.open())) broken_position("a random pick waits on nothing else");
  if (turn_player_ >= n) broken_position("the turn player is a player");
  if (starting && (ending || first_draw || free_place_used || free_repair_used || actions_left || play_card != kNone || choice != kNoChoice || reactions.open())) broken_position("a turn not yet begun has nothing under way");
  if (rolling && !starting) broken_position("the round's colour is rolled before the turn begins");
  if (extra_turn && starting) broken_position("an extra turn is earned during a turn");
  if (first_draw && !owed[turn_player_]) broken_position("the first draw is one still owed");
  if (phase == kOver) {
    if (winner == -1) broken_position("a finished game has a winner or is a draw (-2)");
    if (winner >= n) broken_position("the winner is a player");
    if (winner >= 0 && win_reason == 0 && !complete(winner)) broken_position("the winner built a working device");
    if (reactions.open() || choice != kNoChoice || pick_from != kNone || rolling) broken_position("a finished game waits on nothing");
    for (int p = 0; p < n; ++p) {
      if (owed[p]) broken_position("a finished game draws no more");
    }
    return;
  }
  if (winner != -1) broken_position("an unfinished game has no winner");
  for (int p = 0; p < n; ++p) {
    if (complete(p)) broken_position("a complete device ends the game at once");
  }
  // What needs no decision is done at once: a position waits on a chance node or a decision.
  bool draws = false;
  for (int p = 0; p < n; ++p) draws = draws || owed[p];
  if (draws && deck_n == 0 && choice == kNoChoice && !reactions.open() && pick_from == kNone && !rolling) broken_position("a draw waits on a deck that holds cards");
  if (!rolling && choice == kNoChoice && !reactions.open() && pick_from == kNone && !draws) {
    if (starting || ending) broken_position("a turn's start and end settle at once");
    if (play_card != kNone || strike_card != kNone) broken_position("a card in play settles at once");
  }
}

}  // namespace henchmen::suet
