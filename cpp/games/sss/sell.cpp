// Seven Secret Supervillains: Sell (Salesweasels). "You may discard 1 card to
// look at the top 2 cards of your deck, put one into your hand." The card
// discarded is an unplayed hand card, shown as it goes; the look is look.cpp's
// (fewer than 2 cards in the deck: the discard pile, the sold card in it,
// shuffled in under them). "The card that you do not choose to put in your
// hand stays on top of your deck", known to whoever knew it (its owner at
// least). Designed: the choice names the upper or the lower card (two of one
// kind are still two choices); everyone sees which of the two goes (by its
// place, as at a table), but its face only those who knew it.
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {
constexpr int kSellLook = 2;
}

void State::sell_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kSell] == 0) return;
  me.hand.for_each_distinct([&](uint8_t c, int) { out.push_back(kSell_ + c); });
}

void State::apply_sell(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action >= kSell_) {
    const uint8_t card = static_cast<uint8_t>(action - kSell_);
    --me.tokens[kSell];
    if (Events* ev = events()) {
      Event e("sell", "{P} {discard|discards} {card} to Sell: the top 2 cards of {your|their} deck", me_idx);
      e.with("card", cfg->name[card]).fact(CardFact::move(seat_zone(me_idx, kHandZone), seat_zone(me_idx, kDiscardZone), card));
      ev->add(e);
    }
    remove_from_hand(me, card);
    me.discard.add(card);
    push_task(TaskKind::kLookSell, me_idx, 0, kSellLook);
    return;
  }
  const int i = action == kSellTakeFirst ? 0 : 1;
  uint8_t seen = 0;
  const uint8_t card = take_looked(i, seen);
  me.hand.add(card);
  if (seen_by_all(seen, cfg->players)) me.hand_public.add(card);
  if (Events* ev = events()) {
    // The upper card leaves the look zone from its top, the lower from its bottom.
    const CardFact fact = CardFact::move(kLookZone, seat_zone(me_idx, kHandZone), card, i == 0 ? Pos::kTop : Pos::kBottom);
    const char* which = i == 0 ? "upper" : "lower";
    Event mine("sell-take", std::string("{P} {put|puts} {card}, the ") + which + " card, into {your|their} hand (Sell)", me_idx);
    mine.with("card", cfg->name[card]).with("which", which).fact(fact);
    Event others("sell-take", std::string("{P} {put|puts} the ") + which + " card into {your|their} hand (Sell)", me_idx);
    others.with("which", which).fact(fact.hidden());
    ev->add(knowers(seen, cfg->players), mine, others);
  }
  looked_back_on_top("Sell");
  pending = Pending::kNone;
}

}  // namespace henchmen::sss
