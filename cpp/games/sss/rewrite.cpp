// Seven Secret Supervillains: Rewrite (Tall Tales). "You may look at the top
// 3 cards of your deck, discard any number of them." The look is look.cpp's
// (fewer than 3 cards in the deck: the discard pile shuffled in under them).
// Designed: the cards are decided one at a time from the lowest up, each kept
// on top or discarded, so every kept card goes back above the ones kept under
// it and the kept cards keep their order; the owner has seen all of them
// before the first choice, so any number of them can be discarded, and a
// discarded card is shown to everyone on its way to the discard pile.
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {
constexpr int kRewriteLook = 3;
}

void State::rewrite_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kRewrite] > 0 && (!me.deck.empty() || !me.discard.empty())) out.push_back(kRewrite_);
}

void State::apply_rewrite(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action == kRewrite_) {
    --me.tokens[kRewrite];
    if (Events* ev = events()) ev->add(Event("rewrite", "{P} {use|uses} Rewrite: the top 3 cards of {your|their} deck", me_idx));
    push_task(TaskKind::kLookRewrite, me_idx, 0, kRewriteLook);
    return;
  }
  if (action == kRewriteKeep) {
    looked_back_on_top("Rewrite");
  } else {
    uint8_t seen = 0;
    const uint8_t card = take_looked(n_looked - 1, seen);
    me.discard.add(card);
    if (Events* ev = events()) {
      Event e("rewrite-discard", "{P} {discard|discards} {card} (Rewrite)", me_idx);
      e.with("card", cfg->name[card]).fact(CardFact::move(kLookZone, seat_zone(me_idx, kDiscardZone), card, Pos::kBottom));
      ev->add(e);
    }
  }
  if (n_looked == 0) pending = Pending::kNone;
}

}  // namespace henchmen::sss
