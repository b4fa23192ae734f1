// Parry: the turn, the reaction chain, the draws and the end.
#include "core/standings.h"
#include "games/parry/state.h"

namespace henchmen::parry {

namespace {
std::string card_word(int k) { return k == kStrike ? "Strike" : "Parry"; }
}  // namespace

State State::initial(const Config& cfg) {
  State s;
  s.cfg = &cfg;
  for (int p = 0; p < cfg.players; ++p) s.health[p] = static_cast<int8_t>(cfg.health);
  for (int k = 0; k < kKinds; ++k) s.deck[k] = static_cast<uint8_t>(cfg.count[k]);
  if (Events* ev = events()) {
    Event e("setup", "The deck of {strikes} Strikes and {parries} Parries is shuffled");
    e.with("strikes", cfg.count[kStrike]).with("parries", cfg.count[kParry]);
    for (int k = 0; k < kKinds; ++k) {
      for (int n = 0; n < cfg.count[k]; ++n) e.fact(CardFact::place(kDeckZone, k));
    }
    e.fact(CardFact::shuffle(kDeckZone));
    ev->add(e);
  }
  s.dealing = true;
  s.draw_for = 0;
  s.to_draw = static_cast<uint8_t>(cfg.hand_size);
  s.settle();
  return s;
}

int State::current_player() const {
  if (over) return kTerminal;
  if (to_draw > 0) return kChance;
  if (reactions.open()) return reactions.responder();
  return turn_player_;
}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over || to_draw > 0) return;
  if (reactions.open()) {
    if (hand[reactions.responder()][kParry] > 0) out.push_back(kPlayParry);
    out.push_back(kPass);
    return;
  }
  const int p = turn_player_;
  if (hand[p][kStrike] > 0) {
    for (int t = 0; t < cfg->players; ++t) {
      if (t != p && alive(t)) out.push_back(kStrikeAt + t);
    }
  }
  out.push_back(kEndTurn);
}

void State::chance_outcomes(std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  if (to_draw == 0) return;
  const double total = deck[kStrike] + deck[kParry];
  for (int k = 0; k < kKinds; ++k) {
    if (deck[k]) out.emplace_back(kDraw + k, deck[k] / total);
  }
}

Action State::sample_chance(Rng& rng) const {
  const uint32_t r = rng.below(static_cast<uint32_t>(deck[kStrike] + deck[kParry]));
  return kDraw + (r < deck[kStrike] ? kStrike : kParry);
}

void State::draw_one(int p, int card) {
  --deck[card];
  ++hand[p][card];
  --to_draw;
  if (Events* ev = events()) {
    Event mine("draw", "{P} {draw|draws} a {card}", p);
    mine.with("card", card_word(card)).fact(CardFact::move(kDeckZone, p, card, Pos::kTop));
    ev->add_private(p, mine, Event("draw", "{P} {draw|draws} a card", p));
  }
}

// Runs draws that need no chance (a deck of one kind, an empty deck) and
// moves on when the draws are done.
void State::settle() {
  while (!over) {
    if (to_draw > 0) {
      if (deck[kStrike] + deck[kParry] == 0) {
        if (discard[kStrike] + discard[kParry] == 0) {
          to_draw = 0;  // nothing left anywhere to draw
        } else {
          Event e("reshuffle", "The discard pile is shuffled into a new deck");
          for (int k = 0; k < kKinds; ++k) {
            for (int n = 0; n < discard[k]; ++n) e.fact(CardFact::move(kDiscardZone, kDeckZone, k));
            deck[k] = discard[k];
            discard[k] = 0;
          }
          e.fact(CardFact::shuffle(kDeckZone));
          if (Events* ev = events()) ev->add(e);
          continue;
        }
      } else if (deck[kStrike] + deck[kParry] == 1) {
        // The last card: certain from the count alone. A deck of one kind is
        // still drawn by chance: whether a draw is random must not depend on
        // what nobody can see.
        draw_one(draw_for, deck[kStrike] ? kStrike : kParry);
        continue;
      } else {
        return;  // chance decides
      }
    }
    if (!dealing) return;
    // The opening deal: each player in turn, then the first turn's draw.
    if (draw_for + 1 < cfg->players) {
      ++draw_for;
      to_draw = static_cast<uint8_t>(cfg->hand_size);
    } else {
      dealing = false;
      start_turn(0);
    }
  }
}

void State::start_turn(int p) {
  turn_player_ = static_cast<uint8_t>(p);
  if (Events* ev = events()) ev->add(Event("turn", "Turn {turn}: {p's} turn", p).with("turn", static_cast<int>(turn)));
  draw_for = static_cast<uint8_t>(p);
  to_draw = hand_size(p) < cfg->hand_limit ? 1 : 0;
  settle();
}

void State::next_turn() {
  ++turn;
  if (turn > cfg->max_turns) {
    over = true;
    const Leader most = leader(cfg->players, [&](int p) { return health[p]; }, [](int) { return true; });
    winner = static_cast<int8_t>(most.shared ? -2 : most.seat);
    if (Events* ev = events()) {
      ev->add(most.shared ? Event("game-over", "The turn limit is reached: a draw") : Event("game-over", "The turn limit is reached: {P} {win|wins} with the most health", most.seat));
    }
    return;
  }
  int p = turn_player_;
  do p = (p + 1) % cfg->players;
  while (!alive(p));
  start_turn(p);
}

// Only what everyone can see decides who is asked: alive, cards in hand.
uint32_t State::askable(int except) const {
  uint32_t mask = 0;
  for (int p = 0; p < cfg->players; ++p) {
    if (p != except && alive(p) && hand_size(p) > 0) mask |= 1u << p;
  }
  return mask;
}

void State::eliminate(int p) {
  if (Events* ev = events()) {
    Event e("out", "{P} {are|is} out", p);
    for (int k = 0; k < kKinds; ++k) {
      for (int n = 0; n < hand[p][k]; ++n) e.fact(CardFact::move(p, kDiscardZone, k));
    }
    ev->add(e);
  }
  for (int k = 0; k < kKinds; ++k) {
    discard[k] = static_cast<uint8_t>(discard[k] + hand[p][k]);
    hand[p][k] = 0;
  }
  check_end();
}

void State::check_end() {
  int left = 0;
  int last = -1;
  for (int p = 0; p < cfg->players; ++p) {
    if (alive(p)) {
      ++left;
      last = p;
    }
  }
  if (left > 1) return;
  over = true;
  winner = static_cast<int8_t>(last);
  reactions.clear();
  to_draw = 0;
  if (Events* ev = events()) ev->add(Event("game-over", "{P} {are|is} the last one standing and {win|wins}", last));
}

// A Parry stood: what it answered (the top window's item) is cancelled, and
// the window below, if any, goes on asking.
void State::cancel_top() {
  const auto cancelled = reactions.top();
  reactions.close();
  if (Events* ev = events()) {
    ev->add(Event("cancelled", cancelled.trigger == kOnStrike ? "{P's} Strike is parried" : "{P's} Parry is parried", cancelled.opener));
  }
}

void State::land_strike(int target) {
  --health[target];
  if (Events* ev = events()) {
    ev->add(Event("hit", "{P} {lose|loses} 1 health ({health} left)", target).with("health", static_cast<int>(health[target])));
  }
  if (!alive(target)) eliminate(target);
}

// The top window closed with everyone passing: what it answered stands.
void State::close_window() {
  const auto w = reactions.top();
  reactions.close();
  if (w.trigger == kOnParry) cancel_top();
  else land_strike(w.arg);
}

void State::apply(Action a) {
  if (a >= kDraw) {
    draw_one(draw_for, a - kDraw);
    settle();
    return;
  }
  if (a == kPass) {
    if (Events* ev = events()) ev->add(uint32_t{1} << reactions.responder(), Event("pass", "{P} {pass|passes}", reactions.responder()), std::nullopt);
    if (reactions.pass()) close_window();
    return;
  }
  if (a == kPlayParry) {
    const int r = reactions.responder();
    --hand[r][kParry];
    ++discard[kParry];
    if (Events* ev = events()) ev->add(Event("parry", "{P} {parry|parries}", r).fact(CardFact::move(r, kDiscardZone, kParry)));
    reactions.reacted();
    // Nobody can answer the Parry: it stands at once.
    if (!reactions.open_window(kOnParry, r, askable(r), cfg->players)) cancel_top();
    return;
  }
  const int p = turn_player_;
  if (a == kEndTurn) {
    if (Events* ev = events()) ev->add(Event("end-turn", "{P} {end|ends} the turn", p));
    next_turn();
    return;
  }
  const int target = a - kStrikeAt;
  --hand[p][kStrike];
  ++discard[kStrike];
  if (Events* ev = events()) ev->add(Event("strike", "{P} {strike|strikes} {q}", p, target).fact(CardFact::move(p, kDiscardZone, kStrike)));
  // Nobody can parry: the Strike lands at once.
  if (!reactions.open_window(kOnStrike, p, askable(p), cfg->players, static_cast<uint8_t>(target))) land_strike(target);
}

double State::returns(int p) const {
  if (!over || winner < 0) return 0.0;
  return p == winner ? 1.0 : -1.0 / (cfg->players - 1);
}

}  // namespace henchmen::parry
