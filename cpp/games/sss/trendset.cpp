// Seven Secret Supervillains: Trendset (Dinomite Dressers). "Look at the top
// 2 cards of the Minion deck, you may buy, top, or bottom any of them." The
// cards come off the Minion deck one at a time into the look zone
// (State::looked, top first, as Rewrite's and Sell's do): a chance step for a
// card of the unknown part, none for a known one; only the looker sees them,
// and each keeps who knew it. Then each card, in the order the player
// chooses, is bought (its power cost paid like any buy: not offered when it
// cannot be paid), put on top or put at the bottom; a card put there later
// lies above (on top) or under (at the bottom) the one put there first, which
// is how the player chooses "the order of those cards". A bought card is
// shown; a card put back is known to the looker and whoever knew it, and the
// others see only which of the two went where. With one card in the Minion
// deck that card alone is looked at; with none Trendset is not offered.
#include <algorithm>

#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

enum class Choice : uint8_t { kBuy, kTop, kBottom };
Choice choice_of(Action a) { return a <= kTrendsetBuyLower ? Choice::kBuy : a <= kTrendsetTopLower ? Choice::kTop : Choice::kBottom; }
bool lower(Action a) { return (a - kTrendsetBuyUpper) % 2 == 1; }

}  // namespace

void State::trendset_legal(std::vector<Action>& out) const {
  if (players[turn_player_].tokens[kTrendset] > 0 && !minion_deck.empty()) out.push_back(kTrendset_);
}

// Either card (two are two choices even when one could be told from the
// other only by who knew it); with one card left it is the "upper" one.
void State::trendset_choice_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  const bool two = n_looked > 1;
  if (!me.bought.full()) {
    if (cost(looked[0]) <= me.power) out.push_back(kTrendsetBuyUpper);
    if (two && cost(looked[1]) <= me.power) out.push_back(kTrendsetBuyLower);
  }
  out.push_back(kTrendsetTopUpper);
  if (two) out.push_back(kTrendsetTopLower);
  out.push_back(kTrendsetBottomUpper);
  if (two) out.push_back(kTrendsetBottomLower);
}

void State::apply_trendset(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action == kTrendset_) {
    --me.tokens[kTrendset];
    const int look = std::min(kTrendsetLook, minion_deck.size());
    if (Events* ev = events()) {
      Event e("trendset", "{P} {use|uses} Trendset: the top {count} of the Minion deck", me_idx);
      ev->add(e.with("count", look == 1 ? std::string("card") : std::to_string(look) + " cards"));
    }
    push_task(TaskKind::kLookTrendset, me_idx, 0, look);
    return;
  }
  const int i = lower(action) && n_looked > 1 ? 1 : 0;
  const bool from_one = n_looked == 1;  // the only card left: neither upper nor lower
  uint8_t seen = 0;
  const uint8_t card = take_looked(i, seen);
  const Choice what = choice_of(action);
  // The upper card leaves the look zone from its top, the lower from its bottom.
  const Pos from = i == 0 ? Pos::kTop : Pos::kBottom;
  const std::string place = from_one ? std::string("the card") : std::string(i == 0 ? "the upper card" : "the lower card");
  if (what == Choice::kBuy) {
    pay(card);
    me.bought.add(card);
    if (Events* ev = events()) {
      Event e("trendset-buy", "{P} {buy|buys} {card} for {cost} power (Trendset)", me_idx);
      e.with("card", cfg->name[card]).with("cost", cost(card)).fact(CardFact::move(kLookZone, seat_zone(me_idx, kBoughtZone), card, from));
      ev->add(e);
    }
  } else {
    const bool top = what == Choice::kTop;
    if (top) {
      minion_deck.put_top(card, seen);  // room: the card came off this top (or the segment was empty)
    } else {
      minion_deck.put_bottom(card);
      minion_bottom_seen[minion_deck.known() - 1] = seen_by_all(seen, cfg->players) ? 0 : seen;
    }
    if (Events* ev = events()) {
      const CardFact fact = CardFact::move(kLookZone, kMinionDeckZone, card, from, top ? Pos::kTop : Pos::kBottom);
      const std::string where = top ? "on top of" : "at the bottom of";
      const char* kind = top ? "trendset-top" : "trendset-bottom";
      Event mine(kind, "{P} {put|puts} {card} " + where + " the Minion deck (Trendset)", me_idx);
      mine.with("card", cfg->name[card]).with("which", place).fact(fact);
      Event others(kind, "{P} {put|puts} " + place + " " + where + " the Minion deck (Trendset)", me_idx);
      others.with("which", place).fact(fact.hidden());
      ev->add(knowers(seen, cfg->players), mine, others);
    }
  }
  if (n_looked == 0) pending = Pending::kNone;
}

// A known top card comes first, seen as it was (plus the looker); then the
// unknown part (chance but for its last card); then a known bottom card,
// with its mark (public: everyone saw it put there).
void State::look_at_minion(int player, int outcome) {
  const uint8_t me = static_cast<uint8_t>(1u << player);
  uint8_t seen = me;
  if (minion_deck.n_top > 0) {
    seen = static_cast<uint8_t>(minion_deck.top_seen[0] | me);
  } else if (outcome < 0 && minion_deck.n_unknown == 0) {
    seen = minion_bottom_seen[0] == 0 ? static_cast<uint8_t>((1u << cfg->players) - 1) : static_cast<uint8_t>(minion_bottom_seen[0] | me);
  }
  const uint8_t card = take_minion(outcome);
  if (n_looked >= kLookedCap) return;  // unreachable: Trendset looks at 2 cards at most
  looked[n_looked] = card;
  looked_seen[n_looked] = seen;
  ++n_looked;
  if (Events* ev = events()) {
    const CardFact fact = CardFact::move(kMinionDeckZone, kLookZone, card, Pos::kTop, Pos::kBottom);
    Event mine("look-top", "{P} {look|looks} at {card} from the top of the Minion deck (Trendset)", player);
    mine.with("card", cfg->name[card]).with("reason", "Trendset").fact(fact);
    Event others("look-top", "{P} {look|looks} at a card from the top of the Minion deck (Trendset)", player);
    others.with("reason", "Trendset").fact(fact.hidden());
    ev->add(knowers(seen, cfg->players), mine, others);
  }
}

}  // namespace henchmen::sss
