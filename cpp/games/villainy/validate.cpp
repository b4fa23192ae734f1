// Villainy: validate(), every invariant play keeps. A position it accepts
// (a deserialized or hand-built one included) is one the rules can continue
// from, and every position play reaches from it passes too
// (tests/hardening/test_closed_under_play.py).
#include <string>

#include "core/error.h"
#include "games/villainy/words.h"

namespace henchmen::villainy {

namespace {
std::string who(int p) { return "player " + std::to_string(p + 1); }
}  // namespace

// Every card the player owns, wherever it lies, by kind.
void State::count_cards(int player, int* counts) const {
  std::vector<uint8_t> cards;
  for (int z = 0; z < 4; ++z) {
    zone_cards(z * kMaxPlayers + player, cards);
    for (const uint8_t c : cards) ++counts[kind(c)];
  }
}

void State::validate() const {
  const Config& c = *cfg;
  const int n = c.players;
  // Every card is a card of its owner's deck, in a place its type allows,
  // and every card of every deck is somewhere.
  for (int p = 0; p < n; ++p) {
    const Player& pl = players[p];
    const int deck = c.deck[p];
    const DeckDef& d = c.deck_def(p);
    auto mine = [&](uint8_t card, const std::string& where) {
      if (!c.valid[card] || deck_of_card(card) != deck) broken_position(who(p) + "'s " + where + " holds " + (c.valid[card] ? c.name[card] : std::string("an unknown card")) + ", not a card of the " + d.name + " deck");
    };
    for (const uint8_t card : pl.hand) mine(card, "hand");
    for (const uint8_t card : pl.draw) mine(card, "draw pile");
    for (const uint8_t card : pl.discard) mine(card, "discard pile");
    if (pl.segues_discarded != count_discarded_segues(p)) broken_position(who(p) + "'s count of discarded Segues does not match the discard pile");
    if (pl.hand_kinds != kinds_in(pl.hand)) broken_position(who(p) + "'s kinds in hand do not match the hand");
    if (pl.minions != count_minion_spots(p) || pl.ranged != count_ranged_spots(p)) broken_position(who(p) + "'s Minion and ranged spots do not match the grid");
    for (int s = 0; s < kSpots; ++s) {
      const Spot& sp = pl.grid[s];
      if (sp.minion == kNoCard) {
        if (sp.gear != kNoCard || sp.temp != kNoCard) broken_position(who(p) + "'s " + spot_name(s) + " holds Gear without a Minion");
        if (sp.gear_owner != 0) broken_position(who(p) + "'s empty " + std::string(spot_name(s)) + " names a Gear owner");
        continue;
      }
      mine(sp.minion, spot_name(s));
      if (def(sp.minion).type != Type::kMinion) broken_position(who(p) + "'s " + spot_name(s) + " holds " + c.name[sp.minion] + ", which is no Minion");
      if (sp.gear != kNoCard) {
        if (sp.gear_owner >= n || !players[sp.gear_owner].alive) broken_position(who(p) + "'s " + spot_name(s) + " Gear belongs to nobody in the game");
        if (!c.valid[sp.gear] || deck_of_card(sp.gear) != c.deck[sp.gear_owner] || def(sp.gear).type != Type::kGear) broken_position(who(p) + "'s " + spot_name(s) + " Gear is not a Gear card of its owner's deck");
        const CardDef& g = def(sp.gear);
        if (g.minion_type >= 0 && (deck_of_card(sp.gear) != deck_of_card(sp.minion) || def(sp.minion).minion_type != g.minion_type)) broken_position(c.name[sp.gear] + " is on a Minion of a type it is not for");
      } else if (sp.gear_owner != 0) {
        broken_position(who(p) + "'s " + spot_name(s) + " names a Gear owner without Gear");
      }
      if (sp.temp != kNoCard) {
        if (sp.gear != kNoCard) broken_position(who(p) + "'s Minion at " + spot_name(s) + " holds more than one Gear (" + c.name[sp.gear] + " and temporary " + c.name[sp.temp] + ")");
        mine(sp.temp, spot_name(s));
        if (def(sp.temp).type != Type::kSpecial || def(sp.temp).effect != Effect::kTempGear) broken_position(c.name[sp.temp] + " is not a Special Action acting as Gear");
      }
    }
    for (int k = 0; k < 4; ++k) {
      const Part& part = pl.monster[k];
      if (part.n > kMaxStack) broken_position(who(p) + "'s Monster part holds too many cards");
      for (int i = 0; i < part.n; ++i) {
        mine(part.card[i], "Monster");
        if (def(part.card[i]).type != Type::kMonster || def(part.card[i]).part != k) broken_position(c.name[part.card[i]] + " is not the Monster's " + d.parts[k]);
      }
      for (int i = part.n; i < kMaxStack; ++i) {
        if (part.card[i] != kNoCard) broken_position(who(p) + "'s Monster part has a card above its top");
      }
      if (part.n == 0 && part.active) broken_position(who(p) + "'s empty Monster part is active");
      // A part is attacked (flipped) only once the Monster is complete, and parts never leave.
      if (part.n > 0 && !part.active && !monster_complete(p)) broken_position(who(p) + "'s Monster has a flipped part but is not complete (parts are attacked only once it is)");
      // Only a defeated (flipped) part is played on: below the top, every card was flipped.
      if (part.n > 1 && !monster_complete(p)) broken_position(who(p) + "'s Monster has a revived part but is not complete (parts are flipped only once it is)");
    }
    for (int k = 0; k < 3; ++k) {
      if (pl.setup[k] == kNoCard) continue;
      mine(pl.setup[k], "Setup chain");
      if (def(pl.setup[k]).type != Type::kSetup || def(pl.setup[k]).slot != k) broken_position(c.name[pl.setup[k]] + " is not a Setup card of slot " + std::string(1, static_cast<char>('A' + k)));
    }
    for (int side = 0; side < 2; ++side) {
      const uint8_t card = side == 0 ? pl.left : pl.right;
      if (card == kNoCard) continue;
      mine(card, "Hideout");
      if (def(card).type != Type::kHideout || def(card).side != side) broken_position(c.name[card] + std::string(" is not a Hideout - ") + (side == 0 ? "Left" : "Right"));
      if (pl.hideout != HideoutState::kStanding) broken_position(who(p) + " has a Hideout addition without a Hideout - Center");
    }
    for (const uint8_t card : pl.lasting) {
      mine(card, "lasting cards");
      if (def(card).type != Type::kSpecial || def(card).effect != Effect::kRally) broken_position(c.name[card] + " does not last a round");
    }
    if ((pl.hideout == HideoutState::kStanding) != (pl.hits > 0)) broken_position(who(p) + "'s Hideout stands exactly while it has hits left");
    if (pl.master_column >= kColumns) broken_position(who(p) + "'s Master is off the three columns");
    int counts[kMaxKinds] = {};
    count_cards(p, counts);
    for (size_t k = 0; k < d.cards.size(); ++k) {
      const int want = pl.alive ? d.cards[k].count : 0;
      if (counts[k] != want) broken_position(who(p) + " owns " + std::to_string(counts[k]) + " " + d.cards[k].name + ", the deck has " + std::to_string(want) + (pl.alive ? "" : " (a player out owns nothing)"));
    }
    if (!pl.alive) {
      if (pl.hideout != HideoutState::kGone || pl.hits != 0) broken_position(who(p) + " is out but has a Hideout");
      for (const Spot& sp : pl.grid) {
        if (sp.minion != kNoCard) broken_position(who(p) + " is out but has Minions");
      }
    }
  }
  // The turn and its decisions.
  const int left = alive_count();
  const Player& tp = players[turn_player_];
  if (!tp.alive) broken_position("the turn player is out");
  if (actions > kActionsPerTurn || specials > kMaxSpecialsPerTurn) broken_position("actions or Special Actions beyond a turn's");
  if (reactions.depth > 1) broken_position("at most one Segue window is open");
  if (over) {
    if (n_tasks || reactions.open() || phase != Phase::kMain) broken_position("a finished game has nothing left to draw or answer");
    if (winner >= 0 && !(left == 1 && players[winner].alive)) broken_position("the winner must be the last Master standing");
    if (winner == -2 && round <= c.max_rounds) broken_position("only the round limit ends a game with Masters still standing");
    if (winner == -1) broken_position("a finished game has a winner, or ended at the round limit (-2)");
    if (winner == -2 && left < 2) broken_position("a game with one Master left is won by him, not at the round limit");
    return;
  }
  if (winner != -1) broken_position("an unfinished game has no winner");
  if (left < 2) broken_position("a game with one Master left is over");
  if (round > c.max_rounds) broken_position("the game went past its round limit");
  if (turn == 0) {
    // The setup: opening hands being drawn, then the first player.
    if (n_tasks == 0) broken_position("before the first turn, the opening hands and the first player wait");
    if (tasks[n_tasks - 1].kind == TaskKind::kDraw) broken_position("the setup ends with the first player");
    for (int i = 0; i + 1 < n_tasks; ++i) {
      if (tasks[i].kind != TaskKind::kDraw) broken_position("the setup draws the opening hands first");
    }
    if (phase != Phase::kMain || reactions.open()) broken_position("no decision waits before the first turn");
  } else {
    if (round == 0) broken_position("a turn is played in a round");
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].kind != TaskKind::kDraw) broken_position("only draws wait once the game has begun");
      if (tasks[i].player != turn_player_) broken_position("only the turn player draws on their turn");
    }
  }
  for (int i = 0; i < n_tasks; ++i) {
    const Task& t = tasks[i];
    if (!players[t.player].alive) broken_position("a player out draws no cards");
    if (t.kind == TaskKind::kDraw && t.count == 0) broken_position("a draw of no cards does not wait");
  }
  if (n_tasks > 0) {
    const Task& t = tasks[0];
    if (t.kind == TaskKind::kDraw) {
      const Player& pl = players[t.player];
      if (pl.draw.size() < 2 || t.count >= pl.draw.size() || t.count > kHandCap - pl.hand.size()) broken_position("a draw waits on chance only when its cards are uncertain");
    } else if (t.kind == TaskKind::kBegin) {
      broken_position("the first turn begins as soon as the hands are drawn");
    }
    if (phase != Phase::kMain && phase != Phase::kChoose) broken_position("cards are drawn only in the main phase");
    if (phase == Phase::kChoose) broken_position("a Special Action's choice waits for no draw");
  }
  if (last.player >= 0 && (last.player != turn_player_ || last.target_player == turn_player_)) {
    broken_position("the last attack recorded is the turn player's, on another player");
  }
  if (last.player >= 0 && last.target == kHideoutTarget && (last.attack || last.defense)) broken_position("an attack on the Hideout compares no A! and D!");
  if (last.player < 0 && (last.attacker || last.target_player || last.target || last.attack || last.defense)) broken_position("no last attack means none recorded");
  // What is declared, chosen or absorbed.
  const bool window = phase == Phase::kWindow;
  if (window != reactions.open()) broken_position("a Segue window is open exactly in the window phase");
  if (!window && (declared.card != kNoCard || declared.attack)) broken_position("a card or an attack is declared only while a window answers it");
  if (!window && (declared.spot || declared.free || declared.attacker || declared.target_player || declared.target || declared.bonus)) broken_position("nothing is declared outside a window");
  if (declared.attack && declared.card != kNoCard) broken_position("an attack declares no card");
  if (window) {
    if (n_tasks) broken_position("no card is drawn while a window is open");
    const auto& w = reactions.top();
    if (w.opener != turn_player_) broken_position("a window answers the turn player");
    const bool declared_any = declared.card != kNoCard || declared.attack || declared.spot || declared.free || declared.attacker || declared.target_player || declared.target || declared.bonus;
    if (w.trigger == kOnTurnStart && declared_any) broken_position("a window at the start of a turn answers nothing declared");
    if (w.trigger == kOnPlay) {
      if (declared.card == kNoCard || !tp.hand.contains(declared.card)) broken_position("a card about to be played is in the turn player's hand");
      if (w.arg != declared.card) broken_position("the window names the card about to be played");
      const CardDef& dc = def(declared.card);
      if (dc.type == Type::kSegue) broken_position("a Segue is not played on one's own turn");
      if (dc.type == Type::kMinion && minion_at(turn_player_, declared.spot)) broken_position("a Minion is played on a free spot");
      if (dc.type == Type::kGear && !gear_fits(declared.card, turn_player_, declared.spot)) broken_position("Gear is put on a Minion it fits, without Gear");
      if (dc.type != Type::kMinion && dc.type != Type::kGear && declared.spot) broken_position("only Minions and Gear are played at a spot");
      if (dc.type == Type::kMonster && !(tp.monster[dc.part].n == 0 || (!tp.monster[dc.part].active && tp.monster[dc.part].n < kMaxStack))) broken_position("a Monster part is played on an empty or a flipped part");
      if (dc.type == Type::kHideout && tp.hideout != HideoutState::kStanding) broken_position("no Hideout addition is played once the Center is destroyed");
      if (dc.type == Type::kSetup && tp.setup[dc.slot] == declared.card) broken_position("a Setup card does not replace one of its own kind");
      if (declared.free != (dc.type == Type::kSpecial)) broken_position("only Special Actions are free");
      if (declared.bonus || declared.attacker || declared.target_player || declared.target) broken_position("a card played declares no attack");
    }
    if (w.trigger == kOnAttack) {
      if (!declared.attack) broken_position("a window on an attack answers a declared attack");
      if (!can_attack(turn_player_, declared.attacker) || !can_target(turn_player_, declared.attacker, declared.target_player, declared.target)) broken_position("the declared attack is not one the rules allow");
      if (!declared.free && declared.bonus) broken_position("only a Special Action's attack has a bonus");
      if (declared.spot) broken_position("an attack is declared at no spot");
    }
    uint32_t asked = 0;
    for (int i = 0; i < w.n; ++i) {
      const int q = w.order[i];
      if (asked & (1u << q)) broken_position("a window asks each player once");
      asked |= 1u << q;
      // Seat order, starting after the turn player.
      if (i > 0 && (w.order[i - 1] - turn_player_ + n) % n >= (q - turn_player_ + n) % n) broken_position("a window asks in seat order after the turn player");
    }
    if (asked != askable(turn_player_)) broken_position("a window asks exactly the players who could Segue, by what everyone sees");
    if (w.passes >= w.n || w.next >= w.n || w.passes != w.next) broken_position("a window's passes run from its first player asked");
  }
  if (phase == Phase::kAbsorb) {
    const Player& q = players[absorber];
    if (absorber == turn_player_ || !q.alive) broken_position("the attacked player absorbs the hit");
    if (q.hideout != HideoutState::kStanding || (q.left == kNoCard && q.right == kNoCard)) broken_position("a hit is absorbed by a Hideout addition in play");
    if (q.hits == 1 && (q.left == kNoCard || q.right == kNoCard)) broken_position("at the last hit a single addition absorbs it at once");
  } else if (absorber != 0) {
    broken_position("nobody absorbs a hit outside the absorb phase");
  }
  if (phase == Phase::kChoose) {
    if (choice.card == kNoCard || deck_of_card(choice.card) != c.deck[turn_player_] || def(choice.card).type != Type::kSpecial) broken_position("a choice belongs to a Special Action of the turn player's");
    const Effect e = def(choice.card).effect;
    if (e == Effect::kRally || e == Effect::kDraw) broken_position("rallying and drawing need no choice");
    if (choice.stage == 1) {
      if (e != Effect::kStealGear && e != Effect::kShove) broken_position("only taking Gear and shoving have a second choice");
      if (choice.player == turn_player_ || !players[choice.player].alive || !minion_at(choice.player, choice.spot)) broken_position("the first choice is an opposing Minion");
      if (e == Effect::kStealGear && players[choice.player].grid[choice.spot].gear == kNoCard) broken_position("the Gear to take is on the chosen Minion");
    } else if (choice.player || choice.spot) {
      broken_position("no first choice is made yet");
    }
  } else if (choice.card != kNoCard || choice.stage || choice.player || choice.spot) {
    broken_position("a Special Action's choice is kept only while it is made");
  }
  // Every decision offers something to do.
  if (n_tasks == 0) {
    std::vector<Action> legal;
    legal_actions(legal);
    if (legal.empty()) broken_position("the player to move has no legal action");
  }
}

}  // namespace henchmen::villainy
