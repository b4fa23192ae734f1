// S.U.E.T.: what the cards do. A card is played into the play zone; an
// Action or Instant Action waits there for the Blocks on it (a window per
// link of the chain), then resolves or is blocked; a Setback strikes its
// victim, who may sacrifice a working Enhancement first.
#include <string>
#include <utility>

#include "games/suet/state.h"

namespace henchmen::suet {

namespace {
bool blockable(const Config& cfg, int k, int target) { return cfg.kind[k] == kInstant || cfg.kind[k] == kAction || target == kTargetCheat; }
int target_player(int t) { return t >= kTargetHindrance ? t - kTargetHindrance : t >= kTargetSlot ? (t - kTargetSlot) / kColours : t - kTargetPlayer; }
int target_colour(int t) { return (t - kTargetSlot) % kColours; }
}  // namespace

bool State::needs_cost(int p, int k) const {
  const int e = cfg->effect[k];
  return hindered(p, kCashFlow) && (e == kRepairComponent || e == kRepairAll || e == kRepairEnhancement);
}

void State::to_discard_from_play(int k) {
  --inplay[k];
  ++discard[k];
  ++discard_n;
}

// Every card a player has to discard from a hand comes through here. "If a
// player ever has to discard a Component it is placed into the Black market,
// not the Discard pile, unless a card says specifically to place it in the
// Discard Pile": no card that discards from a hand says so. Returns whether
// the card went to the Black Market.
bool State::discard_from_hand(int p, int k, Event* e) {
  --hand[p][k];
  --hand_n[p];
  if (cfg->kind[k] == kComponent) {
    to_market(k, p, e);
    return true;
  }
  ++discard[k];
  ++discard_n;
  if (e && events()) e->fact(CardFact::move(p, kDiscardZone, k));
  return false;
}

// A card the player picks to discard (as the action, down to the maximum
// hand, a repair's price, Everyone Discards One Card).
// The event is built only when a story is told: its strings cost a
// playout more than the discard itself.
void State::discard_by_choice(int p, int k, const char* why) {
  Events* ev = events();
  if (!ev) {
    discard_from_hand(p, k, nullptr);
    return;
  }
  Event e("discard", "", p);
  e.with("card", cfg->name[k]);
  const bool to_black_market = discard_from_hand(p, k, &e);
  e.say(std::string("{P} {discard|discards} {card} (") + why + ")" + (to_black_market ? ": a Component goes to the Black Market" : ""));
  ev->add(e);
}

// A Component enters the Black Market on top, no longer Broken.
void State::to_market(int k, int from_zone, Event* e) {
  market[market_n++] = static_cast<uint8_t>(k);
  if (e && events()) e->fact(CardFact::move(from_zone, kMarketZone, k, Pos::kAny, Pos::kTop));
}

// A Component leaves a Lab (the caller puts it somewhere): its Cheat Card is discarded.
void State::take_out(int p, int c, Event* e) {
  if ((cheat[p] >> c) & 1) {
    const int ch = cfg->cheat_card;
    ++discard[ch];
    ++discard_n;
    if (e && events()) e->fact(CardFact::move(kLabZone + p, kDiscardZone, ch));
  }
  cheat[p] = static_cast<uint8_t>(cheat[p] & ~(1u << c));
  broken[p] = static_cast<uint8_t>(broken[p] & ~(1u << c));
  comp[p][c] = kNone;
}

void State::place_component(int p, int k, bool with_cheat) {
  if (enhanced(p, kInspiration) && !free_place_used) {
    free_place_used = true;
  } else {
    --actions_left;
  }
  const int c = cfg->colour[k];
  Event e("place", with_cheat ? "{P} {place|places} {card} in {p's} Lab with a Cheat Card" : "{P} {place|places} {card} in {p's} Lab", p);
  e.with("card", cfg->name[k]).with("colour", kColourNames[c]);
  if (comp[p][c] != kNone) {
    const int old = comp[p][c];
    take_out(p, c, &e);
    to_market(old, kLabZone + p, &e);
    e.with("replaced", cfg->name[old]);
    e.say_more(", sending {replaced} to the Black Market");
  }
  --inplay[k];
  comp[p][c] = static_cast<uint8_t>(k);
  if (events()) e.fact(CardFact::move(kPlayZone, kLabZone + p, k));
  if (with_cheat) {
    --inplay[cfg->cheat_card];
    cheat[p] = static_cast<uint8_t>(cheat[p] | (1u << c));
    if (events()) e.fact(CardFact::move(kPlayZone, kLabZone + p, cfg->cheat_card));
  }
  if (hindered(p, kInspiration)) {
    broken[p] = static_cast<uint8_t>(broken[p] | (1u << c));
    e.say_more("; it starts Broken (Inspiration's Hindrance)");
  }
  if (Events* ev = events()) ev->add(e);
}

void State::play(int p, int k, int target) {
  --hand[p][k];
  --hand_n[p];
  ++inplay[k];
  play_card = static_cast<uint8_t>(k);
  play_by = static_cast<uint8_t>(p);
  play_target = static_cast<uint8_t>(target);
  chain = 0;
  const bool cheat_play = target == kTargetCheat;
  if (cheat_play) {
    --hand[p][cfg->cheat_card];
    --hand_n[p];
    ++inplay[cfg->cheat_card];
  }
  const int kind = cfg->kind[k];
  if (kind == kAction || kind == kEnhancement || kind == kSetback) --actions_left;
  if (Events* ev = events()) {
    std::string text = cheat_play ? "{P} {play|plays} a Cheat Card with {card}" : p == turn_player_ ? "{P} {play|plays} {card}" : "{P} {play|plays} {card} between turns";
    Event e("play", "", p);
    e.with("card", cfg->name[k]).with("kind", kKindWords[kind]);
    if (target >= kTargetPlayer && target != kTargetCheat) {
      const int q = target_player(target);
      e.other = q;
      if (target >= kTargetHindrance) {
        text += " on {q} as a Hindrance";
      } else if (target >= kTargetSlot) {
        text += " on {q's} {target}";
        e.with("target", cfg->name[comp[q][target_colour(target)]]);
      } else {
        text += q == p ? " on {p's} own hand" : " on {q}";
      }
    }
    e.say(text);
    e.fact(CardFact::move(p, kPlayZone, k));
    if (cheat_play) e.fact(CardFact::move(p, kPlayZone, cfg->cheat_card));
    ev->add(e);
  }
  if (needs_cost(p, k)) {
    choice = kPayCost;  // Cash Flow's Hindrance: a card from the hand for the repair
    chooser = static_cast<uint8_t>(p);
    return;
  }
  after_cost();
}

void State::after_cost() {
  if (blockable(*cfg, play_card, play_target) && reactions.open_window(kOnPlay, play_by, block_askable(play_by), cfg->players, play_card)) return;
  resolve_play();
}

namespace {
// The Blocks of a finished chain go to the discard pile.
void discard_blocks(State& s, Event* e) {
  const int b = s.cfg->block_card;
  while (b >= 0 && s.chain > 0) {
    s.to_discard_from_play_public(b, e);
    --s.chain;
  }
}
}  // namespace

void State::block_succeeds() {
  const auto& w = reactions.top();
  if (w.trigger == kOnBlock) {
    // The Block below is cancelled; what it answered may still be blocked.
    if (Events* ev = events()) ev->add(Event("block-cancelled", "A Block an Action is cancelled out by another", w.opener));
    reactions.close();
    return;
  }
  reactions.close();
  const int p = play_by, k = play_card;
  Event e("blocked", "{p's} {card} is blocked", p);
  e.with("card", cfg->name[k]);
  discard_blocks(*this, &e);
  if (play_target == kTargetCheat) {
    // The Cheat Card is discarded; the Component goes back to the hand.
    to_discard_from_play_public(cfg->cheat_card, &e);
    --inplay[k];
    ++hand[p][k];
    ++hand_n[p];
    if (events()) e.fact(CardFact::move(kPlayZone, p, k));
  } else {
    to_discard_from_play_public(k, &e);
  }
  play_card = kNone;
  if (Events* ev = events()) ev->add(e);
}

void State::pass_window() {
  const int r = reactions.responder();
  if (Events* ev = events()) ev->add(1u << r, Event("pass", "{P} {pass|passes}", r), std::nullopt);
  if (reactions.top().trigger == kOnSetback) {
    reactions.close();
    strike_asked = true;
    strike_effect();
    return;
  }
  if (!reactions.pass()) return;
  if (reactions.top().trigger == kBetweenTurns) {
    end_between_turns();
    return;
  }
  if (reactions.top().trigger == kOnBlock) {
    reactions.close();
    block_succeeds();
    return;
  }
  reactions.close();
  resolve_play();
}

void State::resolve_play() {
  const int p = play_by, k = play_card, t = play_target;
  play_card = kNone;
  Event blocks("blocks-discarded", "");
  discard_blocks(*this, &blocks);
  if (Events* ev = events(); ev && !blocks.facts.empty()) {
    blocks.say("The Blocks go to the discard pile");
    ev->add(blocks);
  }
  const int q = t >= kTargetPlayer && t != kTargetCheat ? target_player(t) : p;
  const int c = t >= kTargetSlot && t < kTargetCheat ? target_colour(t) : -1;
  if (t == kTargetCheat) {
    place_component(p, k, true);
    return;
  }
  const int kind = cfg->kind[k];
  if (kind == kComponent) {
    place_component(p, k, false);
    return;
  }
  if (kind == kEnhancement) {
    Event e("enhancement", t >= kTargetHindrance ? "{card} goes into {q's} Lab, Hindrance side up" : "{card} goes into {q's} Lab", p, q);
    e.with("card", cfg->name[k]);
    if (enh[q] != kNone) {
      ++discard[enh[q]];
      ++discard_n;
      e.with("replaced", cfg->name[enh[q]]);
      e.say_more(", replacing {replaced}");
      if (events()) e.fact(CardFact::move(kLabZone + q, kDiscardZone, enh[q]));
    }
    --inplay[k];
    enh[q] = static_cast<uint8_t>(k);
    hindrance = static_cast<uint8_t>(t >= kTargetHindrance ? hindrance | (1u << q) : hindrance & ~(1u << q));
    if (Events* ev = events()) ev->add(e.fact(CardFact::move(kPlayZone, kLabZone + q, k)));
    return;
  }
  if (kind == kSetback) {
    strike(q, k, p, static_cast<uint8_t>(c < 0 ? kNone : c));
    return;
  }
  Event e("resolve", "", p, q);
  e.with("card", cfg->name[k]);
  switch (cfg->effect[k]) {
    case kDraw:
      owed[p] = static_cast<uint8_t>(owed[p] + cfg->amount[k]);
      e.say("{P} {draw|draws} {n} extra");
      e.with("n", static_cast<int>(cfg->amount[k]));
      break;
    case kExtraActions:
      actions_left = static_cast<uint8_t>(actions_left + cfg->amount[k]);
      e.say("{P} {gain|gains} {n} extra actions");
      e.with("n", static_cast<int>(cfg->amount[k]));
      break;
    case kExtraTurn:
      if (p == turn_player_) {
        extra_turn = true;
        e.say("{P} will take another turn after this one");
      } else {
        extra_later = static_cast<uint8_t>(extra_later | (1u << p));  // played off turn: after their next turn
        e.say("{P} will take another turn after {p's} next one");
      }
      break;
    case kMarketTop: {
      const int x = market[--market_n];
      market[market_n] = 0;
      ++hand[p][x];
      ++hand_n[p];
      e.say("{P} {take|takes} {taken} from the top of the Black Market");
      e.with("taken", cfg->name[x]);
      if (events()) e.fact(CardFact::move(kMarketZone, p, x, Pos::kTop));
      break;
    }
    case kStealComponent: {
      const int x = comp[q][c];
      const bool was_broken = (broken[q] >> c) & 1;
      take_out(q, c, &e);
      if (usable(p, x)) {
        const int col = cfg->colour[x];
        e.say("{P} {steal|steals} {taken} from {q's} Lab");
        if (comp[p][col] != kNone) {
          const int old = comp[p][col];
          take_out(p, col, &e);
          to_market(old, kLabZone + p, &e);
          e.with("replaced", cfg->name[old]);
          e.say_more(", sending {replaced} to the Black Market");
        }
        comp[p][col] = static_cast<uint8_t>(x);
        if (was_broken) broken[p] = static_cast<uint8_t>(broken[p] | (1u << col));
        if (events()) e.fact(CardFact::move(kLabZone + q, kLabZone + p, x));
      } else {
        e.say("{P} {steal|steals} {taken} from {q's} Lab and, unable to use it, {send|sends} it to the Black Market");
        to_market(x, kLabZone + q, &e);
      }
      e.with("taken", cfg->name[x]);
      break;
    }
    case kBreakComponent:
      broken[q] = static_cast<uint8_t>(broken[q] | (1u << c));
      e.say("{P} {break|breaks} {q's} {taken}");
      e.with("taken", cfg->name[comp[q][c]]);
      break;
    case kRepairComponent:
      broken[p] = static_cast<uint8_t>(broken[p] & ~(1u << c));
      e.say("{P} {repair|repairs} {taken}");
      e.with("taken", cfg->name[comp[p][c]]);
      break;
    case kDiscardComponent: {
      const int x = comp[q][c];
      take_out(q, c, &e);
      ++discard[x];
      ++discard_n;
      e.say("{P} {send|sends} {q's} {taken} to the discard pile");
      e.with("taken", cfg->name[x]);
      if (events()) e.fact(CardFact::move(kLabZone + q, kDiscardZone, x));
      break;
    }
    case kTakeDiscard:
      if (discard_n > 0) {
        choice = kTakeFromDiscard;
        chooser = static_cast<uint8_t>(p);
        play_card = static_cast<uint8_t>(k);  // it stays in play until the card is taken
        return;
      }
      e.say("The discard pile is empty: {P} {take|takes} nothing");
      break;
    case kStealCard:
    case kDiscardFromHand:
      if (hand_n[q] > 0) {
        pick_from = static_cast<uint8_t>(q);
        pick_for = static_cast<uint8_t>(p);
        pick_mode = cfg->effect[k] == kStealCard ? kPickSteal : kPickDiscard;
        e.say("A card is picked at random from {q's} hand");
      } else {
        e.say("{Q} {have|has} no card left to take");
      }
      break;
    case kTradeHands: {
      // The two traders follow every card (each sees what they receive);
      // the others see two hands change places.
      e.say("{P} and {q} trade hands");
      Event mine = e, theirs = e;
      if (events()) {
        e.fact(CardFact::move_all(p, kSwapZone)).fact(CardFact::move_all(q, p)).fact(CardFact::move_all(kSwapZone, q));
        for (Event* x : {&mine, &theirs}) {
          for (int j = 0; j < cfg->kinds; ++j) {
            for (int m = 0; m < hand[p][j]; ++m) x->fact(CardFact::move(p, kSwapZone, j));
          }
          for (int j = 0; j < cfg->kinds; ++j) {
            for (int m = 0; m < hand[q][j]; ++m) x->fact(CardFact::move(q, p, j));
          }
          for (int j = 0; j < cfg->kinds; ++j) {
            for (int m = 0; m < hand[p][j]; ++m) x->fact(CardFact::move(kSwapZone, q, j));
          }
        }
      }
      for (int j = 0; j < cfg->kinds; ++j) std::swap(hand[p][j], hand[q][j]);
      std::swap(hand_n[p], hand_n[q]);
      to_discard_from_play(k);
      if (Events* ev = events()) {
        const CardFact gone = CardFact::move(kPlayZone, kDiscardZone, k);
        ev->add(1u << p, mine.fact(gone), std::nullopt);
        ev->add(1u << q, theirs.fact(gone), std::nullopt);
        Event note("trade-done", "The two hands change places", p, q);
        ev->add((1u << p) | (1u << q), note, e.fact(gone));
      }
      return;
    }
    case kConvertEnhancement:
      hindrance = static_cast<uint8_t>(hindrance | (1u << q));
      e.say("{P} {convert|converts} {q's} {taken} to its Hindrance side");
      e.with("taken", cfg->name[enh[q]]);
      break;
    case kRemoveEnhancement:
      e.say("{P} {remove|removes} {q's} {taken}");
      e.with("taken", cfg->name[enh[q]]);
      ++discard[enh[q]];
      ++discard_n;
      if (events()) e.fact(CardFact::move(kLabZone + q, kDiscardZone, enh[q]));
      enh[q] = kNone;
      hindrance = static_cast<uint8_t>(hindrance & ~(1u << q));
      break;
    case kRepairEnhancement:
      hindrance = static_cast<uint8_t>(hindrance & ~(1u << p));
      e.say("{P} {turn|turns} {taken} back to its Enhancement side");
      e.with("taken", cfg->name[enh[p]]);
      break;
    case kDiscardHand: {
      e.say(q == p ? "{P} {discard|discards} {p's} own hand ({n} cards) and {draw|draws} {d} new ones" : "{P} {discard|discards} {q's} hand ({n} cards), which is refilled with {d} new cards");
      e.with("n", static_cast<int>(hand_n[q])).with("d", cfg->discard_hand_draw);
      Json cards = Json(Json::Array{});
      for (int j = 0; j < cfg->kinds; ++j) {
        while (hand[q][j]) {
          if (!e.muted) cards.push_back(cfg->name[j]);
          discard_from_hand(q, j, &e);
        }
      }
      e.with("cards", cards);
      owed[q] = static_cast<uint8_t>(owed[q] + cfg->discard_hand_draw);
      if (q == p) actions_left = 0;  // the turn ends, but for Instant Actions drawn
      break;
    }
    case kEveryoneDraws:
      for (int r = 0; r < cfg->players; ++r) owed[r] = static_cast<uint8_t>(owed[r] + 1);
      e.say("Everyone draws one card");
      break;
    case kRepairAll:
      broken[p] = 0;
      e.say("{P} {repair|repairs} every Broken Component");
      break;
    case kDiscardToDeck:
      e.say("The discard pile ({n} cards) is shuffled into the deck");
      e.with("n", static_cast<int>(discard_n));
      for (int j = 0; j < cfg->kinds; ++j) {
        if (events()) {
          for (int n = 0; n < discard[j]; ++n) e.fact(CardFact::move(kDiscardZone, kDeckZone, j));
        }
        deck[j] = static_cast<uint8_t>(deck[j] + discard[j]);
        discard[j] = 0;
      }
      deck_n = static_cast<uint8_t>(deck_n + discard_n);
      discard_n = 0;
      if (events()) e.fact(CardFact::shuffle(kDeckZone));
      break;
    case kTakeMarket:
      if (market_n > 0) {
        choice = kTakeFromMarket;
        chooser = static_cast<uint8_t>(p);
      }
      e.say(market_n > 0 ? "{P} {go|goes} shopping at the Black Market" : "The Black Market is empty");
      break;
    case kEveryoneDiscards:
      discarders = 0;
      for (int r = 0; r < cfg->players; ++r) {
        if (hand_n[r] > 0) discarders = static_cast<uint8_t>(discarders | (1u << r));
      }
      e.say("Everyone discards one card");
      for (int i = 0; i < cfg->players; ++i) {
        const int r = (p + i) % cfg->players;
        if ((discarders >> r) & 1) {
          choice = kEveryoneDiscard;
          chooser = static_cast<uint8_t>(r);
          break;
        }
      }
      break;
    default:
      break;
  }
  to_discard_from_play_public(k, &e);
  if (Events* ev = events()) ev->add(e);
}

void State::to_discard_from_play_public(int k, Event* e) {
  to_discard_from_play(k);
  if (e && events()) e->fact(CardFact::move(kPlayZone, kDiscardZone, k));
}

void State::strike(int victim, int k, int by, int slot) {
  strike_card = static_cast<uint8_t>(k);
  strike_victim = static_cast<uint8_t>(victim);
  strike_by = static_cast<int8_t>(by);
  strike_slot = static_cast<uint8_t>(slot);
  strike_asked = false;
  // Only a working Enhancement, which everyone sees, can stop a Setback: then its owner alone is asked.
  if (enh[victim] != kNone && !((hindrance >> victim) & 1)) {
    reactions.open_window(kOnSetback, by >= 0 ? by : victim, 1u << victim, cfg->players, static_cast<uint8_t>(k));
    return;
  }
  strike_effect();
}

void State::lose_next_turn(int v, int k) {
  --inplay[k];
  ++front[v][k];
  if (Events* ev = events()) {
    ev->add(Event("in-front", "{card} waits in {p's} Lab: {p} will lose the next turn", v).with("card", cfg->name[k]).fact(CardFact::move(kPlayZone, kLabZone + v, k)));
  }
  strike_card = kNone;
  strike_slot = kNone;
  strike_by = -1;
  strike_asked = false;
}

void State::strike_effect() {
  const int v = strike_victim, k = strike_card;
  const bool drawn = strike_by < 0;
  Event e("setback", "", v, strike_by);
  e.with("card", cfg->name[k]);
  switch (cfg->effect[k]) {
    case kComponentBreaks: {
      const int c = strike_slot;
      if (!drawn) {
        broken[v] = static_cast<uint8_t>(broken[v] | (1u << c));
        e.say("{card} breaks {p's} {taken}");
        e.with("taken", cfg->name[comp[v][c]]);
        break;
      }
      if (working(v) > 0) {
        choice = kSlotBreak;
        chooser = static_cast<uint8_t>(left_of(v));
        return;
      }
      e.say("{P} {have|has} no Component to break");
      break;
    }
    case kPutOneBack:
      if (!drawn) {
        const int c = strike_slot;
        const int x = comp[v][c];
        take_out(v, c, &e);
        ++hand[v][x];
        ++hand_n[v];
        e.say("{card}: {P} {put|puts} {taken} back in {p's} hand");
        e.with("taken", cfg->name[x]);
        if (events()) e.fact(CardFact::move(kLabZone + v, v, x));
        break;
      }
      if (components(v) > 0) {
        choice = kSlotBack;
        chooser = static_cast<uint8_t>(left_of(v));
        return;
      }
      e.say("{P} {have|has} no Component to put back");
      break;
    case kLoseTurn:
      if (!drawn) {
        lose_next_turn(v, k);
        return;
      }
      e.say("{P} {lose|loses} the turn");
      break;
    case kBreakAll:
      if (components(v) == 0) {
        if (!drawn) {
          lose_next_turn(v, k);
          return;
        }
        e.say("{P} {have|has} no Components to break: {P} {lose|loses} the turn");
        break;
      }
      for (int c = 0; c < kColours; ++c) {
        if (comp[v][c] != kNone) broken[v] = static_cast<uint8_t>(broken[v] | (1u << c));
      }
      e.say("{card}: every Component in {p's} Lab is Broken");
      break;
    case kLoseEnhancement:
      if (enh[v] == kNone) {
        if (!drawn) {
          lose_next_turn(v, k);
          return;
        }
        e.say("{P} {have|has} no Enhancement: {P} {lose|loses} the turn");
        break;
      }
      e.say("{card}: {P} {discard|discards} {taken}");
      e.with("taken", cfg->name[enh[v]]);
      ++discard[enh[v]];
      ++discard_n;
      if (events()) e.fact(CardFact::move(kLabZone + v, kDiscardZone, enh[v]));
      enh[v] = kNone;
      hindrance = static_cast<uint8_t>(hindrance & ~(1u << v));
      break;
    case kBusted: {
      Event b("busted", "Busted! The Black Market's {n} cards go to the discard pile", v);
      b.with("n", static_cast<int>(market_n));
      for (int i = market_n - 1; i >= 0; --i) {
        ++discard[market[i]];
        ++discard_n;
        if (events()) b.fact(CardFact::move(kMarketZone, kDiscardZone, market[i], Pos::kTop));
        market[i] = 0;
      }
      const bool was_empty = market_n == 0;
      market_n = 0;
      if (Events* ev = events(); ev && !was_empty) ev->add(b);
      if (!drawn) {
        lose_next_turn(v, k);
        return;
      }
      e.say(was_empty ? "The Black Market is empty: {P} {lose|loses} the turn" : "{P} {lose|loses} the turn");
      break;
    }
    case kReturnComponents:
      if (components(v) == 0) {
        if (!drawn) {
          lose_next_turn(v, k);
          return;
        }
        e.say("{P} {have|has} no Components: {P} {lose|loses} the turn");
        break;
      }
      e.say("{card}: {P} {take|takes} every Component back into {p's} hand");
      for (int c = 0; c < kColours; ++c) {
        const int x = comp[v][c];
        if (x == kNone) continue;
        take_out(v, c, &e);
        ++hand[v][x];
        ++hand_n[v];
        if (events()) e.fact(CardFact::move(kLabZone + v, v, x));
      }
      break;
    default:
      break;
  }
  if (Events* ev = events()) ev->add(e);
  finish_strike();
}

void State::finish_strike() {
  const int k = strike_card;
  const bool drawn = strike_by < 0;
  to_discard_from_play(k);
  if (Events* ev = events()) ev->add(Event("setback-discarded", "{card} goes to the discard pile", strike_victim).with("card", cfg->name[k]).fact(CardFact::move(kPlayZone, kDiscardZone, k)));
  strike_card = kNone;
  strike_slot = kNone;
  strike_by = -1;
  strike_asked = false;
  if (drawn) {
    // A Setback on the first draw ends the turn.
    ending = true;
    owed[turn_player_] = 0;
    first_draw = false;
  }
}

void State::choose_slot(int c) {
  const int v = strike_victim;
  const int chooser_was = chooser;
  const uint8_t kind = choice;
  choice = kNoChoice;
  Event e("setback", "", chooser_was, v);
  e.with("card", cfg->name[strike_card]);
  if (kind == kSlotBreak) {
    broken[v] = static_cast<uint8_t>(broken[v] | (1u << c));
    e.say("{card}: {P} {break|breaks} {q's} {taken}");
    e.with("taken", cfg->name[comp[v][c]]);
  } else {
    const int x = comp[v][c];
    take_out(v, c, &e);
    ++hand[v][x];
    ++hand_n[v];
    e.say("{card}: {P} {send|sends} {q's} {taken} back to {q's} hand");
    e.with("taken", cfg->name[x]);
    if (events()) e.fact(CardFact::move(kLabZone + v, v, x));
  }
  if (Events* ev = events()) ev->add(e);
  finish_strike();
}

void State::choose(int k) {
  const int p = chooser;
  switch (choice) {
    case kTakeFromDiscard: {
      choice = kNoChoice;
      --discard[k];
      --discard_n;
      ++hand[p][k];
      ++hand_n[p];
      Event e("take-discard", "{P} {take|takes} {card} from the discard pile", p);
      e.with("card", cfg->name[k]).fact(CardFact::move(kDiscardZone, p, k));
      const int card = play_card;
      play_card = kNone;
      to_discard_from_play_public(card, &e);
      if (Events* ev = events()) ev->add(e);
      return;
    }
    case kTakeFromMarket:
    case kTradeFromMarket: {
      choice = kNoChoice;
      int i = market_n - 1;
      while (market[i] != k) --i;
      for (int j = i; j + 1 < market_n; ++j) market[j] = market[j + 1];
      market[--market_n] = 0;
      ++hand[p][k];
      ++hand_n[p];
      if (Events* ev = events()) ev->add(Event("take-market", "{P} {take|takes} {card} from the Black Market", p).with("card", cfg->name[k]).fact(CardFact::move(kMarketZone, p, k)));
      return;
    }
    case kDiscardDown:
      discard_by_choice(p, k, "down to the maximum hand");
      if (hand_n[p] <= hand_limit(p)) choice = kNoChoice;
      return;
    case kPayCost:
      choice = kNoChoice;
      discard_by_choice(p, k, "Cash Flow's Hindrance: the price of a repair");
      after_cost();
      return;
    case kEveryoneDiscard: {
      discard_by_choice(p, k, "everyone discards one");
      discarders = static_cast<uint8_t>(discarders & ~(1u << p));
      choice = kNoChoice;
      for (int i = 1; i < cfg->players; ++i) {
        const int r = (p + i) % cfg->players;
        if ((discarders >> r) & 1) {
          choice = kEveryoneDiscard;
          chooser = static_cast<uint8_t>(r);
          break;
        }
      }
      return;
    }
    default:
      choice = kNoChoice;
      return;
  }
}

}  // namespace henchmen::suet
