// Seven Secret Supervillains: looking at the top cards of your deck (Rewrite,
// Sell; Trendset's look at the Minion deck is trendset.cpp's). The cards come
// off the top one at a time into the look zone (State::looked, top first): a
// chance step for a card of the deck's unknown part, none for a known one. An
// empty deck is first made from the shuffled discard pile, under the cards
// already taken, which is the rulebook's "set
// aside any cards that are in the deck, then shuffle your discard pile to make
// a new deck, put those cards on top". Only the owner sees the cards; each
// keeps who knew it before. The readers' knowledge (core/knowledge.h) places
// cards only at the ends of a zone, so every card leaves the look zone from
// its bottom or its top, never from between two others.
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

const char* ability_of(TaskKind kind) { return kind == TaskKind::kLookRewrite ? "Rewrite" : "Sell"; }

}  // namespace

void State::look_legal(std::vector<Action>& out) const {
  if (pending == Pending::kTrendsetChoice) return trendset_choice_legal(out);
  if (pending == Pending::kRewriteChoice) {
    out.push_back(kRewriteKeep);
    out.push_back(kRewriteDiscard);
    return;
  }
  // Sell: either card, even two of one kind (they may differ in who knew
  // them, and each is a physical card the choice could have been).
  out.push_back(kSellTakeFirst);
  if (n_looked > 1) out.push_back(kSellTakeSecond);
}

void State::apply_look(Action action) {
  if (action >= kTrendset_) return apply_trendset(action);
  if (action >= kSellTakeFirst) return apply_sell(action);
  apply_rewrite(action);
}

void State::look_at_next(int player, TaskKind kind, int outcome) {
  PlayerState& p = players[player];
  if (p.deck.empty()) reshuffle(player);
  PlayerDeck& d = p.deck;
  const uint8_t owner = static_cast<uint8_t>(1u << player);
  uint8_t card;
  uint8_t seen = owner;
  if (d.n_top > 0) {
    seen = static_cast<uint8_t>(d.top_seen[0] | owner);
    card = d.take_top();
  } else {
    // A known card under the unknown part, now its top: seen as it was.
    if (outcome < 0 && d.n_unknown == 0 && !d.bottom_is_private(0)) seen = static_cast<uint8_t>((1u << cfg->players) - 1);
    card = d.take_next(outcome);
  }
  if (n_looked >= kLookedCap) return;  // unreachable: the task looks at most kLookedCap cards
  looked[n_looked] = card;
  looked_seen[n_looked] = seen;
  ++n_looked;
  if (Events* ev = events()) {
    const std::string why = ability_of(kind);
    const CardFact fact = CardFact::move(seat_zone(player, kDeckZone), kLookZone, card, Pos::kTop, Pos::kBottom);
    Event mine("look-top", "{P} {look|looks} at {card} from the top of {your|their} deck (" + why + ")", player);
    mine.with("card", cfg->name[card]).with("reason", why).fact(fact);
    Event others("look-top", "{P} {look|looks} at a card from the top of {your|their} deck (" + why + ")", player);
    others.with("reason", why).fact(fact.hidden());
    ev->add(knowers(seen, cfg->players), mine, others);
  }
}

uint8_t State::take_looked(int i, uint8_t& seen) {
  const uint8_t card = looked[i];
  seen = looked_seen[i];
  for (int j = i + 1; j < n_looked; ++j) {
    looked[j - 1] = looked[j];
    looked_seen[j - 1] = looked_seen[j];
  }
  --n_looked;
  looked[n_looked] = kNoCard;
  looked_seen[n_looked] = 0;
  return card;
}

void State::looked_back_on_top(const char* why) {
  if (n_looked == 0) return;
  const int me_idx = turn_player_;
  uint8_t seen = 0;
  const uint8_t card = take_looked(n_looked - 1, seen);
  // Room: the card came off this deck's top (or the top segment was empty then).
  players[me_idx].deck.put_top(card, seen);
  if (Events* ev = events()) {
    const CardFact fact = CardFact::move(kLookZone, seat_zone(me_idx, kDeckZone), card, Pos::kBottom, Pos::kTop);
    Event mine("look-back", std::string("{P} {put|puts} {card} back on top of {your|their} deck (") + why + ")", me_idx);
    mine.with("card", cfg->name[card]).with("reason", why).fact(fact);
    Event others("look-back", std::string("{P} {put|puts} a card back on top of {your|their} deck (") + why + ")", me_idx);
    others.with("reason", why).fact(fact.hidden());
    ev->add(knowers(seen, cfg->players), mine, others);
  }
}

}  // namespace henchmen::sss
