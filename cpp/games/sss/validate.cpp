// Seven Secret Supervillains: validate(), every invariant play keeps. A
// position it accepts (a deserialized or hand-built one included) is one the
// rules can continue from, and every position play reaches from it passes
// too (tests/hardening/test_closed_under_play.py).
#include <algorithm>
#include <string>

#include "core/error.h"
#include "games/sss/set_aside.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

std::string result_name(int winner) {
  if (winner == -2) return "a draw";
  if (winner < 0) return "no result";
  return "player " + std::to_string(winner);
}
}  // namespace

void State::validate() const {
  const Config& c = *cfg;
  const int n = c.players;
  // Every card is in exactly one place.
  int count[kCardIds] = {};
  auto tally = [&](const auto& pile, bool minions_only, bool upgrades_only, const char* where) {
    for (const uint8_t card : pile) {
      if (!c.valid_card(card)) broken_position(std::string(where) + " holds an unknown card");
      if (minions_only && !is_minion(card)) broken_position(std::string(where) + " may hold only Minions, not " + c.name[card]);
      if (upgrades_only != is_upgrade(card)) broken_position(std::string(where) + " cannot hold " + c.name[card]);
      ++count[card];
    }
  };
  auto tally_deck = [&](const auto& d, bool minions_only, bool upgrades_only, const char* where) {
    for (int i = 0; i < d.n; ++i) {
      const uint8_t card = d.c[i];
      if (!c.valid_card(card)) broken_position(std::string(where) + " holds an unknown card");
      if (minions_only && !is_minion(card)) broken_position(std::string(where) + " may hold only Minions");
      if (upgrades_only != is_upgrade(card)) broken_position(std::string(where) + " cannot hold " + c.name[card]);
      ++count[card];
    }
    for (int i = 1; i < d.n_unknown; ++i) {
      if (d.c[i - 1] > d.c[i]) broken_position(std::string(where) + " unknown cards are not in canonical order");
    }
    if (d.n_unknown > d.n) broken_position(std::string(where) + " has more unknown cards than cards");
    for (int i = 0; i < d.n_top; ++i) {
      const uint8_t card = d.top[i];
      if (!c.valid_card(card)) broken_position(std::string(where) + " holds an unknown card on top");
      if (minions_only && !is_minion(card)) broken_position(std::string(where) + " may hold only Minions");
      if (upgrades_only != is_upgrade(card)) broken_position(std::string(where) + " cannot hold " + c.name[card]);
      ++count[card];
    }
  };
  for (const uint8_t card : row) {
    if (card == kNoCard) continue;
    if (!c.valid_card(card) || !is_minion(card)) broken_position("the Minion row may hold only Minions");
    ++count[card];
  }
  tally_deck(minion_deck, true, false, "the Minion deck");
  // A known top Minion is known to someone (the looker) and to seated players only;
  // the deck has no owner, so no known bottom card of it is anyone's alone.
  for (int i = 0; i < minion_deck.n_top; ++i) {
    const uint8_t seen = minion_deck.top_seen[i];
    if (seen == 0 || (seen >> c.players)) broken_position("the Minion deck's known top card must be known to someone, and to seated players only");
  }
  for (int k = 0; k < minion_deck.capacity(); ++k) {
    if (minion_deck.bottom_is_private(k)) broken_position("the Minion deck has no owner: its known bottom cards carry who knows them (minion_bottom_seen), not an owner's mark");
    if (minion_bottom_seen[k] != 0 && (k >= minion_deck.known() || (minion_bottom_seen[k] >> c.players))) broken_position("the Minion deck marks who knows a card below its bottom, or a player who is not seated");
  }
  if (upgrade_row != kNoCard) {
    if (!c.valid_card(upgrade_row) || !is_upgrade(upgrade_row)) broken_position("the Upgrade slot may hold only an Upgrade");
    ++count[upgrade_row];
  }
  tally_deck(upgrade_deck, false, true, "the Upgrade deck");
  // Spells lie only in the Chaos Spell deck, the spell books and the spells
  // set aside for them ("not considered to be in your hand").
  auto spells_only = [&](const auto& pile, const char* where) {
    for (const uint8_t card : pile) {
      if (!is_spell(card) || !c.valid_card(card)) broken_position(std::string(where) + " may hold only Chaos Spells");
    }
  };
  auto no_spells = [&](const auto& pile, const char* where) {
    for (const uint8_t card : pile) {
      if (is_spell(card)) broken_position(std::string(where) + " holds the Chaos Spell " + c.name[card] + " (spells lie only in the Chaos Spell deck and the spell books)");
    }
  };
  tally_deck(chaos_deck, false, false, "the Chaos Spell deck");
  for (int i = 0; i < chaos_deck.n; ++i) {
    if (!is_spell(chaos_deck.c[i])) broken_position("the Chaos Spell deck may hold only Chaos Spells");
  }
  for (int k = 0; k < chaos_deck.capacity(); ++k) {
    if (chaos_deck.bottom_is_private(k)) broken_position("the Chaos Spell deck marks a card as seen by one player only (every spell goes under it face up)");
  }
  no_spells(expelled, "the expelled pile");
  if (gamble_card != kNoCard && is_spell(gamble_card)) broken_position("Gamble's face-down card is a Chaos Spell, which is never in a hand");
  for (const uint8_t card : expelled) {
    if (!c.valid_card(card) || is_upgrade(card)) broken_position("the expelled pile holds a card that cannot be expelled");
    ++count[card];
  }
  if (gamble_card != kNoCard) {
    // Gamble: a hand card face down, its guess the only decision left.
    if (!c.valid_card(gamble_card) || is_upgrade(gamble_card)) broken_position("Gamble's face-down card is not a card a hand holds");
    if (over || n_tasks || pending != Pending::kNone || c.players < 2) broken_position("Gamble's card lies face down, but its guess is not the decision now");
    if (!reactions.open()) broken_position("Gamble's card lies face down, but nobody is asked to guess");
    ++count[gamble_card];
    // What the others knew of the hand waits in gamble_known meanwhile: each
    // such card is in the hand or face down, and nothing else is known there.
    const PlayerState& gambler = players[turn_player_];
    if (!gambler.hand_public.empty()) broken_position("Gamble's card lies face down, but the others still know cards in that hand (what they knew waits in gamble_known)");
    for (const uint8_t card : gamble_known) {
      if (gamble_known.count(card) > gambler.hand.count(card) + (card == gamble_card ? 1 : 0)) broken_position("gamble_known names a card that is neither in the hand nor face down");
    }
  } else if (reactions.open()) {
    broken_position("a guess is asked with no card face down");
  }
  if (gamble_card == kNoCard && !gamble_known.empty()) broken_position("gamble_known holds cards, but no card lies face down (it is kept only while a Gamble's card is down)");
  // Rewrite and Sell: cards off the top of the turn player's deck, looked at
  // while the look goes on or its decision is pending.
  if (n_looked > kLookedCap) broken_position("more cards are looked at than Rewrite looks at (3)");
  for (int i = 0; i < kLookedCap; ++i) {
    if (i >= n_looked) {
      if (looked[i] != kNoCard || looked_seen[i]) broken_position("a looked-at place past the cards looked at is not empty");
      continue;
    }
    if (!c.valid_card(looked[i]) || is_upgrade(looked[i])) broken_position("a card looked at is not a card a deck holds");
    if (!((looked_seen[i] >> turn_player_) & 1u) || (looked_seen[i] >> n)) broken_position("a card looked at must be known to the turn player and to seated players only");
    ++count[looked[i]];
  }
  {
    const bool looking = n_tasks > 0 && (look_task(tasks[0].kind) || tasks[0].kind == TaskKind::kLookTrendset);
    const bool choosing = pending == Pending::kRewriteChoice || pending == Pending::kSellChoice || pending == Pending::kTrendsetChoice;
    if (n_looked > 0 && !looking && !choosing) broken_position("cards are looked at with no look under way and no decision over them");
    if (choosing && (n_looked == 0 || n_tasks)) broken_position("a decision over the cards looked at is pending with none looked at, or with chance to come");
    if (pending == Pending::kSellChoice && n_looked > 2) broken_position("Sell looks at 2 cards, not " + std::to_string(n_looked));
    if (pending == Pending::kTrendsetChoice && n_looked > kTrendsetLook) broken_position("Trendset looks at 2 cards, not " + std::to_string(n_looked));
    if (minion_look()) {
      for (int i = 0; i < n_looked; ++i) {
        if (!is_minion(looked[i])) broken_position("Trendset looks at the Minion deck, but " + c.name[looked[i]] + " is not a Minion");
      }
    }
    if (looking) {
      const int look = tasks[0].kind == TaskKind::kLookRewrite ? 3 : 2;
      if (tasks[0].player != turn_player_ || n_looked + tasks[0].count > look || tasks[0].count == 0) broken_position("a look at the top of a deck has the wrong count or player");
    }
  }
  for (int p = 0; p < n; ++p) {
    const PlayerState& pl = players[p];
    tally(pl.hand, false, false, "a hand");
    tally_deck(pl.deck, false, false, "a deck");
    // Who knows a known top card: its owner always, and only seated players.
    for (int i = 0; i < pl.deck.n_top; ++i) {
      const uint8_t seen = pl.deck.top_seen[i];
      if (!((seen >> p) & 1u) || (seen >> n)) broken_position("a deck's known top card must be known to its owner and to seated players only");
    }
    for (int k = pl.deck.known(); k < pl.deck.capacity(); ++k) {
      if (pl.deck.bottom_is_private(k)) broken_position("a deck marks a card below its bottom as looked at");
    }
    if (pl.deck.n_top > kDeckTopCap) broken_position("a deck's known top segment holds more cards than it can");
    tally(pl.discard, false, false, "a discard pile");
    tally(pl.in_play, false, false, "a play area");
    tally(pl.bought, false, false, "a bought pile");
    for (const uint8_t card : pl.bought) {
      if (!is_minion(card) && card != kScaredyBot) broken_position("a bought pile holds " + c.name[card] + ", which is not for sale (only Minions and Scaredy Bots are)");
    }
    tally(pl.stash, true, false, "a Stash");
    tally(pl.frozen, false, false, "a frozen pile");
    tally(pl.upgrades, false, true, "a Supercomputer");
    tally(pl.upgrades_pending, false, true, "the bought Upgrades");
    for (int crew = 0; crew < c.crews; ++crew) {
      for (const uint8_t card : attached[crew][p]) {
        if (!is_minion(card) || crew_of(card) != crew) broken_position("a Supervillain has a Minion of another crew attached");
        ++count[card];
      }
    }
    for (const uint8_t card : pl.hand_public) {
      if (pl.hand_public.count(card) > pl.hand.count(card)) broken_position("the publicly known part of a hand is not part of the hand");
    }
    no_spells(pl.hand, "a hand");
    no_spells(pl.discard, "a discard pile");
    no_spells(pl.in_play, "a play area");
    no_spells(pl.frozen, "a frozen pile");
    for (int i = 0; i < pl.deck.n; ++i) {
      if (is_spell(pl.deck.c[i])) broken_position("a deck holds a Chaos Spell");
    }
    for (int i = 0; i < pl.deck.n_top; ++i) {
      if (is_spell(pl.deck.top[i])) broken_position("a deck holds a Chaos Spell");
    }
    spells_only(pl.spell_book, "a spell book");
    spells_only(pl.spells_aside, "the spells set aside");
    tally(pl.spell_book, false, false, "a spell book");
    tally(pl.spells_aside, false, false, "the spells set aside");
    for (const uint8_t card : pl.spell_book_public) {
      if (pl.spell_book_public.count(card) > pl.spell_book.count(card)) broken_position("the publicly known part of a spell book is not part of the spell book");
    }
    for (const uint8_t card : pl.spells_aside_public) {
      if (pl.spells_aside_public.count(card) > pl.spells_aside.count(card)) broken_position("the publicly known spells set aside are not all set aside");
    }
    if (p != turn_player_ && !pl.spells_aside.empty()) broken_position("a player who is not taking a turn has spells set aside (they join the spell book at the end of the turn that set them aside)");
    for (const uint8_t card : pl.frozen_public) {
      if (pl.frozen_public.count(card) > pl.frozen.count(card)) broken_position("the publicly known frozen cards are not all frozen");
    }
    if (pl.in_play.contains(kExplodeyBot)) broken_position("a played Explodey Bot is expelled, not in play");
    if (pl.tokens[kTransfer] > pl.in_play.count(kScaredyBot)) broken_position("more Transfer abilities than Scaredy Bots in play");
    if (pl.upgrades.size() + pl.upgrades_pending.size() > c.upgrade_slots + (pending == Pending::kReturnUpgrade && p == turn_player_ ? 1 : 0)) {
      broken_position("more than 3 Upgrades attached");
    }
    if (p != turn_player_ && (pl.power || !pl.in_play.empty() || !pl.bought.empty() || !pl.upgrades_pending.empty() || pl.upgrades_used)) {
      broken_position("a player who is not taking a turn has cards in play or power");
    }
    for (int a = 0; a < kNumAbilities; ++a) {
      if (p != turn_player_ && pl.tokens[a]) broken_position("a player who is not taking a turn has abilities in the pool");
    }
    if (pl.upgrades_used >> c.crews) broken_position("an unknown Upgrade is marked used");
    if (p != turn_player_ && !pl.frozen.empty()) broken_position("a player who is not taking a turn has frozen cards (they join the hand at the end of the turn that froze them)");
  }
  for (int card = 0; card < kCardIds; ++card) {
    int want = 0;
    if (is_minion(card) || is_upgrade(card) || is_spell(card)) want = c.valid_card(card) ? 1 : 0;
    else if (card == kTinyBot) want = 8 * n;
    else if (card == kJunkyBot) want = 2 * n;
    else if (card == kScaredyBot) want = c.scaredy_bots - scaredy_left;
    else if (card == kExplodeyBot) want = c.explodey_total() + c.explodey_pile - explodey_left;
    if (count[card] != want && card == kExplodeyBot && c.explodey_pile) {
      broken_position("there should be " + std::to_string(want) + " Explodey Bots outside the Explodey pile (11 in all, " + std::to_string(explodey_left) + " in the pile), found " + std::to_string(count[card]));
    }
    if (count[card] != want) {
      broken_position(c.valid_card(card) ? "there should be " + std::to_string(want) + " of " + c.name[static_cast<size_t>(card)] + " in the game, found " + std::to_string(count[card])
                                : "an unknown card appears");
    }
  }
  // A doubled card is a card of Pupate, in view where it was marked: in
  // play, set aside, or in a hand (known to everyone there; while a Gamble's
  // card is down, known to be in the hand or face down).
  for (int card = 0; card < kCardIds; ++card) {
    if (!is_pupated(card)) continue;
    if (!c.valid_card(card) || c.ability[static_cast<size_t>(card)] != kPupate) broken_position("a card is marked pupated that has no Pupate");
    bool carried = gamble_known.contains(static_cast<uint8_t>(card));
    for (int p = 0; p < n && !carried; ++p) {
      const PlayerState& pl = players[p];
      const uint8_t u = static_cast<uint8_t>(card);
      carried = pl.in_play.contains(u) || pl.frozen_public.contains(u) || pl.hand_public.contains(u);
    }
    if (!carried) broken_position(c.name[static_cast<size_t>(card)] + " is marked pupated but is not in play, set aside, face down for a Gamble or in a hand where everyone saw it go");
  }
  if (explodey_left > c.explodey_pile) broken_position("the Explodey pile holds more than its " + std::to_string(c.explodey_pile) + " Bots");
  // Repeat's record is of the turn player's pool: Minion cards gave some of
  // its tokens (Transfer is a Bot's), and the most recent used is an ability
  // a Minion card can give.
  const bool repeat_in_game = (c.abilities >> kRepeat) & 1u;
  if (!repeat_in_game && repeatable != kNoAbility) broken_position("a most recent Minion ability used is recorded in a game without Repeat");
  if (repeatable >= kNumAbilities || repeatable == kTransfer) broken_position("the most recent Minion ability used is not an ability a Minion gives");
  for (int a = 0; a < kNumAbilities; ++a) {
    if (!minion_tokens[a]) continue;
    if (!repeat_in_game) broken_position("tokens are marked a Minion card's in a game without Repeat");
    if (a == kNoAbility || a == kTransfer) broken_position("a token a Minion card gave is Transfer or no ability");
    if (minion_tokens[a] > players[turn_player_].tokens[a]) broken_position("more " + std::string(ability_name(a)) + " tokens are marked a Minion card's than the pool holds");
  }
  // A Haggle's discount is on a Minion, and a slot waiting for its cheaper
  // replacement is empty.
  for (int card = 0; card < kCardIds; ++card) {
    if (is_haggled(card) && !is_minion(card)) broken_position("a card that is not a Minion is marked haggled");
  }
  for (int slot = 0; slot < kRowSlots; ++slot) {
    if ((haggle_slots & (1u << slot)) && row[slot] != kNoCard) broken_position("a Minion row spot waits for a Haggle's replacement but holds a card");
  }
  // Every Supervillain is in exactly one place.
  int won_total[kMaxPlayers] = {};
  for (int crew = 0; crew < c.crews; ++crew) {
    int places = 0;
    places += (supervillain_deck >> crew) & 1;
    places += (danger_zone >> crew) & 1;
    places += won_by[crew] >= 0;
    for (const int8_t slot : supervillain_slot) places += slot == crew;
    // The Secretive plays without Supervillains: none is anywhere.
    if (places != (c.supervillains ? 1 : 0)) broken_position("Supervillain " + c.crew[static_cast<size_t>(crew)].supervillain + " is in " + std::to_string(places) + " places");
    if (won_by[crew] >= 0) {
      if (won_by[crew] >= n) broken_position("a Supervillain is won by a player not in the game");
      ++won_total[won_by[crew]];
    }
    for (int p = 0; p < n; ++p) {
      if (!attached[crew][p].empty() && !supervillain_revealed(crew)) broken_position("Minions are attached to a Supervillain that is not revealed");
      if (!attached[crew][p].empty() && side(p) != p) broken_position("Minions are attached on player " + std::to_string(p) + "'s side; in the Classic a team attaches to its first player's side");
      if (reputation(crew, p) >= c.win_reputation) broken_position("a Supervillain has 17 or more reputation attached but was not won");
      bool in_slot = false;
      for (const int8_t slot : supervillain_slot) in_slot = in_slot || slot == crew;
      if (in_slot && reputation(crew, p) >= c.danger_reputation) broken_position("a Supervillain in the Danger Zone range was not moved there");
    }
    if (danger_zone & (1u << crew)) {
      int most = 0;
      for (int p = 0; p < n; ++p) most = std::max(most, reputation(crew, p));
      if (most < c.danger_reputation) {
        broken_position("Supervillain " + c.crew[static_cast<size_t>(crew)].supervillain + " is in the Danger Zone with " + std::to_string(most) +
               " reputation on its strongest side; it moves there at " + std::to_string(c.danger_reputation));
      }
    }
  }
  if ((supervillain_deck | danger_zone) >> c.crews) broken_position("an unknown Supervillain appears");
  for (int p = 0; p < n; ++p) {
    if (won_total[p] != players[p].won) broken_position("a player's Supervillains won does not match the Supervillains they hold");
    if (!over && side_won(side(p)) >= c.supervillains_to_win) broken_position("a player has won but the game is not over");
  }
  // Seat 0 takes turn 1 and the seats alternate.
  if (turn_player_ != (turn - 1) % n) {
    broken_position("turn " + std::to_string(turn) + " is player " + std::to_string((turn - 1) % n) + "'s, not player " + std::to_string(turn_player_) + "'s");
  }
  if (over) {
    validate_result();
  } else {
    if (winner != -1) broken_position("a winner is set but the game is not over");
    if (turn > c.max_turns) broken_position("turn " + std::to_string(turn) + " is past the turn limit (" + std::to_string(c.max_turns) + ") but the game goes on");
    if (climb_goal_met() && n_tasks == 0) broken_position("the Climb's goal (" + climb_goal_text() + ") is reached but the game goes on");
    validate_queue();
  }
  validate_slots();
}

// A finished game has the result its end earned: the player who won their
// fourth Supervillain (the game stops there, within the turn limit), or the
// turn limit's result once the last turn is over.
void State::validate_result() const {
  const Config& c = *cfg;
  if (n_tasks || pending != Pending::kNone) broken_position("the game is over but work is pending");
  if (c.solo_score) {
    // The Gambler ends when no Minion is left to buy, or at the turn limit; a score, no winner.
    if (!(minion_deck.empty() && no_minion_in_row()) && turn <= c.max_turns) broken_position("the game is over, but Minions are left to buy and the turn limit (" + std::to_string(c.max_turns) + ") is not reached");
    if (winner != -1) broken_position("a solo game has a score, not a winner");
    return;
  }
  if (c.climb_goal != ClimbGoal::kNone) {
    // The Climb ends when the goal is reached (the one winner, player 1) or at the turn limit (none).
    const bool limit = turn > c.max_turns;
    if (!limit && climb_progress() < c.climb_target) {
      broken_position("the Climb is over in turn " + std::to_string(turn) + ", but its goal (" + climb_goal_text() + ") is not reached and the turn limit (" + std::to_string(c.max_turns) + ") is not either");
    }
    if (winner != (limit ? -1 : 0)) broken_position(std::string("a Climb ") + (limit ? "past the turn limit has no winner" : "whose goal is reached is won by player 1") + ", not " + result_name(winner));
    return;
  }
  if (c.score_crews) {
    // The Secretive ends when a refill finds the Minion deck gone (an empty
    // row slot is left) or at the turn limit; the crews decide.
    bool gap = false;
    for (const uint8_t card : row) gap = gap || card == kNoCard;
    if (!(minion_deck.empty() && gap) && turn <= c.max_turns) broken_position("the game is over, but no Minion row refill found the Minion deck gone and the turn limit (" + std::to_string(c.max_turns) + ") is not reached");
    if (winner != crew_result()) broken_position("comparing the crews gives " + result_name(crew_result()) + ", not " + result_name(winner));
    return;
  }
  // By side: in the Classic a team's Supervillains count together, and the
  // winner is the player who won the last one.
  int champion = -1;
  for (int p = 0; p < (c.teams ? 2 : c.players); ++p) {
    if (side_won(p) < c.supervillains_to_win) continue;
    if (champion >= 0) broken_position("two players have won " + std::to_string(c.supervillains_to_win) + " Supervillains; the first to do so ends the game");
    champion = p;
  }
  if (champion >= 0) {
    if (winner < 0 || side(winner) != champion) {
      broken_position("player " + std::to_string(champion) + (c.teams ? "'s team" : "") + " won " + std::to_string(c.supervillains_to_win) + " Supervillains, but the result is " + result_name(winner));
    }
    if (turn > c.max_turns) broken_position("the game was won in a turn past the turn limit");
    return;
  }
  if (turn <= c.max_turns) {
    broken_position("the game is over in turn " + std::to_string(turn) + ", but nobody has won " + std::to_string(c.supervillains_to_win) +
           " Supervillains and the turn limit (" + std::to_string(c.max_turns) + ") is not reached");
  }
  const int earned = turn_limit_result();
  if (winner != earned) {
    broken_position("at the turn limit the result is " + result_name(earned) + " (most Supervillains, then most reputation), not " + result_name(winner));
  }
}

// The queued work is one of the three shapes play leaves, each first waiting
// on chance: what is left of the setup (reveal 3 Supervillains, fill the 5
// row slots and the Upgrade slot, deal both hands), the one step a decision
// started (a refill, a reveal, a Freeze or Fetch draw), or the cleanup draw
// followed by the hand-over.
void State::validate_queue() const {
  const Config& c = *cfg;
  const PlayerState& me = players[turn_player_];
  if (n_tasks == 0) {
    if (pending == Pending::kFetchDiscard && me.hand.empty()) broken_position("a Fetch discard is pending with an empty hand");
    if (pending == Pending::kPullChoice && me.deck.empty()) broken_position("a Pull choice is pending with an empty deck");
    // What Pull looked at is a known bottom card (or the deck holds no other kind of place).
    if (pending == Pending::kPullChoice && me.deck.known() == 0 && me.deck.n_unknown > 0) broken_position("a Pull choice is pending while the bottom card of the deck is unknown");
    if (me.hand.size() < remix_discards_left()) broken_position("a Remix is under way with fewer cards in hand than discards still to make");
    if (pending == Pending::kReturnUpgrade && me.upgrades.size() + me.upgrades_pending.size() <= c.upgrade_slots) {
      broken_position("an Upgrade return is pending with room for all Upgrades");
    }
    return;
  }
  for (int i = 0; i < n_tasks; ++i) {
    if (tasks[i].player >= c.players) broken_position("a task names a player not in the game");
    if (tasks[i].kind == TaskKind::kRevealSupervillain && tasks[i].slot >= kSupervillainSlots) broken_position("a task names a bad slot");
  }
  const Task& first = tasks[0];
  // The setup, as State::initial queues it.
  Task setup[kSupervillainSlots + kRowSlots + 1 + kMaxPlayers];
  int n_setup = 0;
  for (int slot = 0; slot < kSupervillainSlots && c.supervillains; ++slot) setup[n_setup++] = Task{TaskKind::kRevealSupervillain, 0, static_cast<uint8_t>(slot), 1};
  for (int slot = 0; slot < kRowSlots; ++slot) setup[n_setup++] = Task{TaskKind::kRefillRow, 0, static_cast<uint8_t>(slot), 1};
  setup[n_setup++] = Task{TaskKind::kRefillUpgrade, 0, 0, 1};
  for (int p = 0; p < c.players; ++p) setup[n_setup++] = Task{TaskKind::kDrawHand, static_cast<uint8_t>(p), 0, static_cast<uint8_t>(c.opening_hand[p])};
  auto same = [](const Task& a, const Task& b) { return a.kind == b.kind && a.player == b.player && a.slot == b.slot && a.count == b.count; };
  bool is_setup = n_tasks <= n_setup && turn == 1 && turn_player_ == 0;
  for (int i = 0; is_setup && i < n_tasks; ++i) {
    const Task& want = setup[n_setup - n_tasks + i];
    // The first step may be under way: a hand partly dealt.
    is_setup = i == 0 ? (first.kind == want.kind && first.player == want.player && first.slot == want.slot && first.count <= want.count) : same(tasks[i], want);
  }
  // The cleanup: the draw, then (the Gambler) Chaos's turn and the refills of
  // what it took, then the hand-over.
  const bool is_cleanup = [&] {
    if (n_tasks < 2 || tasks[n_tasks - 1].kind != TaskKind::kFinishCleanup) return false;
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].player != turn_player_) return false;
    }
    int i = 0;
    const bool draw = first.kind == TaskKind::kDrawHand;
    if (draw && first.count > c.hand_size) return false;
    i += draw;
    const bool chaos = c.chaos_dice > 0 && tasks[i].kind == TaskKind::kChaosTurn;
    i += chaos;
    if (c.chaos_dice > 0 && draw && !chaos) return false;  // Chaos's turn follows the draw
    if (c.chaos_dice > 0 && !draw && !chaos) {
      while (i < n_tasks - 1 && tasks[i].kind == TaskKind::kRefillRow) ++i;
    }
    return i == n_tasks - 1;
  }();
  // One step of a decision draws one card, or Remix's up to 3 (a look's too).
  const bool is_step = n_tasks == 1 && first.player == turn_player_ && first.kind != TaskKind::kDrawHand &&
                       first.kind != TaskKind::kFinishCleanup &&
                       (first.count == 1 || (first.kind == TaskKind::kDrawRemix && first.count >= 1 && first.count <= 3) || (look_task(first.kind) && first.count >= 1 && first.count <= 3) ||
                        (first.kind == TaskKind::kLookTrendset && first.count >= 1 && first.count <= kTrendsetLook));
  // A Gust refills the whole row left to right: the refills still to do are
  // those of the rightmost spots, each empty.
  bool is_gust = n_tasks > 1 && n_tasks <= kRowSlots;
  for (int i = 0; is_gust && i < n_tasks; ++i) {
    const Task& t = tasks[i];
    is_gust = t.kind == TaskKind::kRefillRow && t.player == turn_player_ && t.count == 1 && t.slot == kRowSlots - n_tasks + i && row[t.slot] == kNoCard;
  }
  if (!is_setup && !is_cleanup && !is_step && !is_gust) {
    broken_position("the queued work (" + std::to_string(n_tasks) + " tasks, the first " + task_name(first.kind) +
           ") is not what play leaves: the rest of the setup, one step of a decision, a Gust's refills, or the cleanup draw then the hand-over");
  }
  if (is_setup || is_cleanup) {
    if (pending != Pending::kNone) broken_position("a decision is pending while the setup or cleanup is under way");
    // A hand being dealt holds at most the kept Explodey Bots and the cards drawn so far
    // (by size alone: resample may trade a hidden Explodey Bot for another card).
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].kind != TaskKind::kDrawHand) continue;
      const PlayerState& pl = players[tasks[i].player];
      if (pl.hand.size() + tasks[i].count > c.hand_size + c.explodey_total() + c.explodey_pile) broken_position("a hand being dealt holds more cards than were drawn");
    }
  }
  if (is_cleanup) {
    // The turn is over: the turn player has put everything away, and the
    // hand-over moves the frozen cards into the new hand as they are.
    if (me.power || !me.in_play.empty() || !me.bought.empty() || !me.upgrades_pending.empty() || me.upgrades_used) {
      broken_position("the turn player has cards in play or power during cleanup");
    }
    for (int a = 0; a < kNumAbilities; ++a) {
      if (me.tokens[a]) broken_position("the turn player has abilities in the pool during cleanup");
    }
    if (haggle_slots | haggled[0] | haggled[1]) broken_position("a Haggle's discount outlasts the turn");
    if (hack_power) broken_position("Hack's power outlasts the turn");
    if (repeatable != kNoAbility) broken_position("the most recent Minion ability used outlasts the turn");
  }
  if (is_step && pending == Pending::kFetchDiscard) broken_position("a Fetch discard is pending while chance is still to come");
  if (remix_discards_left() > 0) broken_position("a Remix discard is pending while chance is still to come");
  if (is_step && pending == Pending::kReturnUpgrade && first.kind != TaskKind::kRefillUpgrade) broken_position("an Upgrade return is pending while chance other than the Upgrade refill is to come");
  // Play never leaves a certain draw queued first, but a position built by
  // hand may: then chance has a single outcome. What must hold is that chance
  // has something to draw from: the deck's unknown part, or the discard pile
  // that the draw shuffles in when the deck is empty.
  bool ready = false;
  switch (first.kind) {
    case TaskKind::kLookBottom: {
      // Pull looks at a bottom card nobody has placed: under no known bottom card.
      const PlayerState& pl = players[first.player];
      ready = first.count > 0 && (pl.deck.known() == 0 && (pl.deck.n_unknown > 0 || (pl.deck.empty() && !pl.discard.empty())));
      break;
    }
    case TaskKind::kLookTop: {
      // Prophecize shows a top card nobody has placed.
      const PlayerState& pl = players[first.player];
      ready = first.count > 0 && first.slot < kProphecyNumbers && pl.deck.n_top == 0 && (pl.deck.n_unknown > 0 || (pl.deck.empty() && !pl.discard.empty()));
      break;
    }
    case TaskKind::kLookRewrite:
    case TaskKind::kLookSell:
    case TaskKind::kDrawHand:
    case TaskKind::kDrawFreeze:
    case TaskKind::kDrawFetch:
    case TaskKind::kDrawRemix:
    case TaskKind::kDrawGamble: {
      const PlayerState& pl = players[first.player];
      ready = first.count > 0 && pl.deck.n_top == 0 && (pl.deck.n_unknown > 0 || (pl.deck.empty() && !pl.discard.empty()));
      break;
    }
    case TaskKind::kRefillRow: ready = row[first.slot] == kNoCard && minion_deck.n_top == 0 && minion_deck.n_unknown > 0; break;
    case TaskKind::kGainMinion:
    case TaskKind::kLookTrendset: ready = first.count > 0 && minion_deck.n_top == 0 && minion_deck.n_unknown > 0; break;
    case TaskKind::kDrawSpell: ready = first.count > 0 && chaos_deck.n_unknown > 0 && can_set_aside_spell(players[first.player]); break;
    case TaskKind::kRefillUpgrade: ready = upgrade_row == kNoCard && upgrade_deck.n_unknown > 0; break;
    case TaskKind::kRevealSupervillain: ready = supervillain_slot[first.slot] == -1 && supervillain_deck != 0; break;
    case TaskKind::kFinishCleanup: ready = false; break;
    case TaskKind::kChaosTurn:
      for (const uint8_t card : row) ready = ready || card != kNoCard;
      break;
  }
  if (!ready) broken_position("the first queued task cannot be done by a chance outcome (the position is not settled)");
}

// A bought, bountied or replaced card is replaced at once, and a Supervillain
// won or moved to the Danger Zone too: an empty place with cards left to fill
// it has its refill queued. Only the winning move of a game leaves its
// Supervillain's slot empty.
void State::validate_slots() const {
  auto queued = [&](TaskKind kind, int slot) {
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].kind == kind && (kind == TaskKind::kRefillUpgrade || tasks[i].slot == slot)) return true;
    }
    return false;
  };
  for (int slot = 0; slot < kRowSlots; ++slot) {
    if (row[slot] == kNoCard && !minion_deck.empty() && !queued(TaskKind::kRefillRow, slot)) {
      broken_position("Minion row slot " + std::to_string(slot + 1) + " is empty while the Minion deck has " + std::to_string(minion_deck.size()) +
             " cards, and no refill is queued");
    }
  }
  if (upgrade_row == kNoCard && !upgrade_deck.empty() && !queued(TaskKind::kRefillUpgrade, 0)) {
    broken_position("the Upgrade slot is empty while the Upgrade deck has " + std::to_string(upgrade_deck.size()) + " cards, and no refill is queued");
  }
  int empty_slots = 0;
  for (int slot = 0; slot < kSupervillainSlots; ++slot) {
    if (supervillain_slot[slot] == -1 && supervillain_deck != 0 && !queued(TaskKind::kRevealSupervillain, slot)) {
      ++empty_slots;
      if (!over) {
        broken_position("Supervillain slot " + std::to_string(slot + 1) + " is empty while " + std::to_string(__builtin_popcount(supervillain_deck)) +
               " Supervillains are left, and no reveal is queued");
      }
    }
  }
  if (over && empty_slots > 1) broken_position("the game ended with more than one Supervillain slot empty and Supervillains left");
}

}  // namespace henchmen::sss
