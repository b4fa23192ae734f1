// Super!: the invariants every position reached by play keeps (and every
// position read from JSON must keep before it is played on).
#include <string>

#include "core/counted_piles.h"
#include "core/error.h"
#include "games/super/state.h"

namespace henchmen::super {

void State::validate() const {
  const int n = cfg->players;
  const uint16_t all = static_cast<uint16_t>((1u << n) - 1);
  for (int k = 0; k < K; ++k) {
    if (k >= cfg->kinds) {
      if (deck[k] || discard[k]) broken_position("a card outside the card table");
      for (int p = 0; p < P; ++p) {
        if (hand[p][k]) broken_position("a card outside the card table");
      }
      continue;
    }
    int total = deck[k] + discard[k];
    for (int p = 0; p < n; ++p) total += hand[p][k];
    if (total != cfg->count[k]) broken_position("there must be " + std::to_string(cfg->count[k]) + " " + cfg->name[k] + " in all, found " + std::to_string(total));
  }
  check_counted_sizes(*this, n);
  // The top two discards.
  if ((top[0] == kNoCard) != (discard_n == 0)) broken_position("the discard pile has a top card exactly when it is not empty");
  if (top[1] != kNoCard && top[0] == kNoCard) broken_position("a second discard needs a top one");
  if (discard_n >= 2 && top[1] == kNoCard) broken_position("a discard pile of two or more shows its top two cards");
  if (top[0] != kNoCard && (top[0] >= cfg->kinds || discard[top[0]] < 1 + (top[1] == top[0]))) broken_position("the top discards must be in the discard pile");
  if (top[1] != kNoCard && (top[1] >= cfg->kinds || discard[top[1]] < 1)) broken_position("the top discards must be in the discard pile");
  // Players.
  if ((gone & ~all) || (out_this_turn & ~gone) || (parting & ~gone) || (reload & gone) || (reload & ~all) || (picked & ~all) || (countered & ~all)) {
    broken_position("the player sets (eliminated, reload, parting) disagree");
  }
  for (int p = 0; p < n; ++p) {
    if (health[p] < 0 || health[p] > cfg->health) broken_position("health is from 0 to " + std::to_string(cfg->health));
    if (alive(p) != (health[p] > 0)) broken_position("a player is eliminated exactly at 0 health");
    if (!alive(p) && hand_n[p] > 0 && !((parting >> p) & 1)) broken_position("an eliminated player holds cards only until discarding them");
    if (!alive(p) && power_state[p] != kDown) broken_position("an eliminated player's Super Power is face down");
    if (power_state[p] > kDown) broken_position("a Super Power is up, active or down");
    if (power_state[p] == kActive && cfg->powers[power[p]].until == kNow) broken_position("only a lasting Super Power stays active");
    if ((picked >> p) & 1) {
      if (power[p] >= cfg->powers.size()) broken_position("a player who picked holds a Super Power");
      for (int q = 0; q < p; ++q) {
        if (((picked >> q) & 1) && power[q] == power[p]) broken_position("each Super Power belongs to one player");
      }
    } else if (power[p] != kNoCard) {
      broken_position("a player who has not picked has no Super Power");
    }
  }
  if (turn > cfg->max_turns() + 1 || (turn > cfg->max_turns() && !over)) broken_position("the game went past its round limit");
  // Draws.
  if (to_draw > 0 && deck_n <= to_draw) broken_position("a draw waits on chance only when the deck holds more cards than are drawn");
  if (to_draw > 0 && (reactions.open() || (choice != kNoChoice && choice != kCounterChoice))) broken_position("nothing but a counterattack waits while cards are drawn");
  if (reloading && to_draw == 0) broken_position("a Reload is under way only while its cards are drawn");
  if (draw_for >= n) broken_position("draw_for is a player");
  // Picking powers, then the deal.
  if (phase == kPicking) {
    if (turn != 1 || turn_player_ != 0 || battle || n_hits || gone || discard_n) broken_position("powers are chosen, and the cards dealt, before the first turn");
    if (picked != all) {
      for (int p = 0; p < n; ++p) {
        if (hand_n[p]) broken_position("cards are dealt after every power is chosen");
      }
      if (to_draw || reload) broken_position("cards are dealt after every power is chosen");
      if (picker != kNoCard && (picker >= n || ((picked >> picker) & 1))) broken_position("the picker has not picked yet");
      if (picker == kNoCard && cfg->power_order != kDrawnValue) broken_position("only a drawn order leaves the next picker to chance");
      const int done = __builtin_popcount(picked);
      if (cfg->power_order == kArrival && (picker != done || picked != (1u << done) - 1)) broken_position("in arrival order the seats pick one after another from the first");
      if (cfg->power_order == kNewestFirst && (picker != n - 1 - done || picked != static_cast<uint16_t>(all & ~((1u << (n - done)) - 1)))) {
        broken_position("newest first, the seats pick one after another from the last");
      }
    } else if (to_draw == 0 && reload == 0) {
      broken_position("the deal goes on until every player holds their cards");
    }
  } else if (picked != all) {
    broken_position("every player picked a Super Power before the first turn");
  }
  // The battle.
  if (n_hits > kMaxHits) broken_position("too many hits");
  if ((n_hits > 0 || choice == kCounterChoice) && !battle) broken_position("hits and counterattacks belong to a Battle Phase");
  for (int i = 0; i < n_hits; ++i) {
    const Hit& h = hits[i];
    if (h.target < 0 || h.target >= n || h.sender < 0 || h.sender >= n || h.target == h.sender) broken_position("a hit goes from one player to another");
    if (h.card != kPowerSource && h.card >= cfg->kinds) broken_position("a hit names its card");
    if (h.deflected & ~all) broken_position("a hit's deflectors are players");
  }
  if (reactions.depth > 1) broken_position("one window at a time");
  if (reactions.open()) {
    const auto& w = reactions.top();
    if (n_hits == 0 || w.n != 1 || w.order[0] != hits[0].target || w.opener != hits[0].sender || !alive(hits[0].target) || w.next || w.passes) {
      broken_position("an open window asks the first hit's target");
    }
    if (choice != kNoChoice) broken_position("no choice is made while a window is open");
  }
  if (choice > kPartingSecondChoice) broken_position("unknown choice");
  if (choice != kNoChoice && chooser >= n) broken_position("the chooser is a player");
  if (choice == kCounterChoice && (counter_at < 0 || counter_at >= n || counter_at == chooser || !alive(counter_at) || (hand_n[chooser] == 0 && !(to_draw > 0 && draw_for == chooser)))) {
    broken_position("a counterattack goes back at a live player, with a card");
  }
  if (choice == kPartingTopChoice || choice == kPartingSecondChoice) {
    if (!((parting >> chooser) & 1) || reactions.open() || n_hits) broken_position("partings come after every hit is settled, by the eliminated");
  }
  if ((choice == kPartingSecondChoice) != (parting_top != kNoCard)) broken_position("the top parting card is set aside only while the second is chosen");
  if (parting_top != kNoCard && (parting_top >= cfg->kinds || hand[chooser][parting_top] == 0)) broken_position("the top parting card is in the hand");
  // The turn.
  if (phase != kPicking && !battle && !over && !alive(turn_player_)) broken_position("the turn player is in the game outside a battle");
  if (over) {
    if (to_draw || reactions.open() || choice != kNoChoice || n_hits) broken_position("a finished game has nothing left to draw or answer");
    if (winner == -1) broken_position("a finished game has a winner or is a draw (-2)");
    if (winner >= 0 && !alive(winner)) broken_position("the winner is still in the game");
    if (winner >= 0 && alive_count() > 1 && turn <= cfg->max_turns()) broken_position("a game ends early only with one player left");
    return;
  }
  if (winner != -1) broken_position("an unfinished game has no winner");
  if (!battle && phase != kPicking && alive_count() < 2) broken_position("a game with one player left is over");
  if (battle && phase != kOptionEnd && phase != kOptionDiscard) broken_position("a Battle Phase follows an attack (option B or C)");
  // What needs no decision is done at once: a position waits only on a draw, a choice or a window.
  if (to_draw == 0 && choice == kNoChoice && !reactions.open() && (n_hits || reload || parting || battle)) {
    broken_position("hits, Reloads, partings and the end of a battle settle at once unless a draw, a choice or a window waits");
  }
}

}  // namespace henchmen::super
