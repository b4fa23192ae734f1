// Seven Secret Supervillains: Pull (Croc Docs). "Look at the bottom card of
// your deck, you may put it on top of it or discard it." The look is a chance
// step when the bottom card lies in the deck's unknown part (shuffling the
// discard pile in first when the deck is empty); the card then stays a known
// bottom card that only its owner saw (deck_top.h) until the choice: on top
// (still known to its owner alone, unless everyone knew it), discarded (seen
// by everyone), or left where it is.
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

// Where the bottom card of a deck lies: under the unknown part, or (a deck
// of known top cards only) the last top card. A one-card deck's only card is
// its bottom card.
bool bottom_in_top(const PlayerDeck& d) { return d.n == 0 && d.n_top > 0; }
uint8_t bottom_card(const PlayerDeck& d) {
  if (d.n > 0) return d.c[d.n - 1];
  return d.n_top > 0 ? d.top[d.n_top - 1] : kNoCard;
}
// Who knows the bottom card now.
uint8_t bottom_seen(const PlayerDeck& d, int owner, int players) {
  if (bottom_in_top(d)) return d.top_seen[d.n_top - 1];
  return d.bottom_is_private(d.known() - 1) ? static_cast<uint8_t>(1u << owner) : static_cast<uint8_t>((1u << players) - 1);
}

}  // namespace

void State::pull_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kPull] > 0 && (!me.deck.empty() || !me.discard.empty())) out.push_back(kPull_);
}

void State::pull_choice_legal(std::vector<Action>& out) const {
  const PlayerDeck& d = players[turn_player_].deck;
  // Designed: the known top segment holds kDeckTopCap cards; a Pull that
  // would grow it past that may not put the card on top (never reached in
  // play: the cleanup draws five cards a turn).
  if (bottom_in_top(d) || !d.top_full()) out.push_back(kPullTop);
  out.push_back(kPullDiscard);
  out.push_back(kPullLeave);
}

void State::apply_pull(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action == kPull_) {
    --me.tokens[kPull];
    // The bottom card is already known (a card put there, or one looked at
    // before), or it is the deck's last card: no chance, the choice is next.
    if (!me.deck.empty() && (me.deck.known() > 0 || me.deck.n_unknown <= 1)) {
      if (me.deck.known() == 0 && me.deck.n_unknown == 1) look_at_bottom(me_idx, -1);
      pending = Pending::kPullChoice;
    } else {
      push_task(TaskKind::kLookBottom, me_idx, 0, 1);
    }
    return;
  }
  pending = Pending::kNone;
  if (action == kPullLeave) return;
  PlayerDeck& d = me.deck;
  const uint8_t seen = bottom_seen(d, me_idx, cfg->players);
  const uint8_t card = bottom_in_top(d) ? d.take_top_at(d.n_top - 1) : d.take_bottom();
  if (action == kPullTop) d.put_top(card, seen);
  else me.discard.add(card);
}

// The look itself: the bottom card of the unknown part (a chance outcome, or
// the only one left), shown to the owner and kept at the bottom as theirs to know.
void State::look_at_bottom(int player, int outcome) {
  PlayerState& p = players[player];
  if (p.deck.empty()) reshuffle(player);
  const uint8_t card = outcome >= 0 ? static_cast<uint8_t>(outcome) : p.deck.c[0];
  p.deck.take_unknown(card);
  p.deck.put_bottom(card, true);
  if (Events* ev = events()) {
    const int deck = seat_zone(player, kDeckZone);
    Event mine("look-bottom", "{P} {look|looks} at the bottom card of {your|their} deck: {card} (Pull)", player);
    mine.with("card", cfg->name[card]).fact(CardFact::move(deck, deck, card, Pos::kBottom, Pos::kBottom));
    Event others("look-bottom", "{P} {look|looks} at the bottom card of {your|their} deck (Pull)", player);
    ev->add_private(player, mine, others);
  }
}

void State::tell_pull(Events& ev, Action a) const {
  const int p = turn_player_;
  const PlayerDeck& d = players[p].deck;
  const int deck = seat_zone(p, kDeckZone);
  if (a == kPull_) {
    ev.add(Event("pull", "{P} {use|uses} Pull", p));
    return;
  }
  if (a == kPullLeave) {
    ev.add(Event("pull-leave", "{P} {leave|leaves} the bottom card of {your|their} deck where it is", p));
    return;
  }
  const uint8_t card = bottom_card(d);
  if (card == kNoCard) return;  // unreachable: a choice is pending only over a card
  const Pos from = Pos::kBottom;
  if (a == kPullDiscard) {
    Event e("pull-discard", "{P} {discard|discards} {card} from the bottom of {your|their} deck (Pull)", p);
    e.with("card", cfg->name[card]).fact(CardFact::move(deck, seat_zone(p, kDiscardZone), card, from));
    ev.add(e);
    return;
  }
  const uint8_t seen = bottom_seen(d, p, cfg->players);
  Event mine("pull-top", "{P} {put|puts} {card} from the bottom of {your|their} deck on top of it (Pull)", p);
  mine.with("card", cfg->name[card]).fact(CardFact::move(deck, deck, card, from, Pos::kTop));
  if (seen_by_all(seen, cfg->players)) {
    ev.add(mine);
    return;
  }
  Event others("pull-top", "{P} {put|puts} the bottom card of {your|their} deck on top of it (Pull)", p);
  others.fact(CardFact::move(deck, deck, card, from, Pos::kTop).hidden());
  ev.add(knowers(seen, cfg->players), mine, others);
}

}  // namespace henchmen::sss
