// Seven Secret Supervillains: Prophecize (Water Divination). "Choose a
// number, look at the top card of your deck, draw it if you guessed its
// power." The number is chosen first (an action per number), then the look:
// a chance step when the top card is unknown (the discard pile shuffled in
// first when the deck is empty, after the guess). Designed: the card is
// shown to everyone, so that the guess can be checked; a card not drawn
// stays on top, known to all.
#include "games/sss/deck_top.h"
#include "games/sss/state.h"
#include "games/sss/story.h"

namespace henchmen::sss {

void State::prophecize_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kProphecize] == 0 || (me.deck.empty() && me.discard.empty())) return;
  // Designed: the numbers a card of this game can have, 0 to the highest power
  // (at most kProphecyNumbers - 1).
  int top = 0;
  for (const int power : cfg->power) top = power > top ? power : top;
  for (int n = 0; n <= top && n < kProphecyNumbers; ++n) out.push_back(kProphecize_ + n);
}

void State::apply_prophecize(Action action) {
  const int me_idx = turn_player_;
  --players[me_idx].tokens[kProphecize];
  push_task(TaskKind::kLookTop, me_idx, action - kProphecize_, 1);
}

// The look and its result: `outcome` is the top card when it was chance.
void State::look_at_top(int player, int guess, int outcome) {
  PlayerState& p = players[player];
  if (p.deck.empty()) reshuffle(player);
  PlayerDeck& d = p.deck;
  const int deck = seat_zone(player, kDeckZone);
  const uint8_t everyone = static_cast<uint8_t>((1u << cfg->players) - 1);
  uint8_t card;
  CardFact fact;
  if (d.n_top > 0) {
    card = d.top[0];
    fact = CardFact::see(deck, card, Pos::kTop);
    d.top_seen[0] = everyone;
  } else {
    card = d.take_next(outcome);
    d.put_top(card, everyone);  // room: the top segment was empty
    fact = CardFact::move(deck, deck, card, Pos::kTop, Pos::kTop);
  }
  const bool right = cfg->power[card] == guess;
  if (Events* ev = events()) {
    Event e("prophecy", right ? "{P} {reveal|reveals} {card} from the top of {your|their} deck: power {power}, as guessed (Prophecize)"
                              : "{P} {reveal|reveals} {card} from the top of {your|their} deck: power {power}, not {guess}; it stays on top (Prophecize)",
            player);
    e.with("card", cfg->name[card]).with("power", cfg->power[card]).with("guess", guess).with("right", right).fact(fact);
    ev->add(e);
  }
  if (!right) return;
  if (p.hand.full()) return;  // unreachable in play: a hand holds far fewer cards than it can
  d.take_top();
  p.hand.add(card);
  p.hand_public.add(card);
  if (Events* ev = events()) story::drawn(*ev, *this, TaskKind::kDrawHand, player, card, true);
}

void State::tell_prophecize(Events& ev, Action a) const {
  const int guess = a - kProphecize_;
  ev.add(Event("prophecize", "{P} {guess|guesses} power {guess} for the top card of {your|their} deck (Prophecize)", turn_player_).with("guess", guess));
}

}  // namespace henchmen::sss
