// S.U.E.T.: setup, the turn, draws and the deck's exhaustion, the win.
// What the cards do is in effects.cpp, which moves are legal in legal.cpp.
#include <cstring>

#include "core/bits.h"
#include "core/standings.h"
#include "games/suet/state.h"

namespace henchmen::suet {

State State::initial(const Config& cfg) {
  State s;
  s.cfg = &cfg;
  for (int p = 0; p < P; ++p) {
    s.genius[p] = kNone;
    s.enh[p] = kNone;
    for (int c = 0; c < kColours; ++c) s.comp[p][c] = kNone;
  }
  if (Events* ev = events()) ev->add(Event("setup", "The evil genius cards are shuffled: each player is dealt one"));
  return s;
}

bool State::in_game(int g) const {
  for (int p = 0; p < cfg->players; ++p) {
    if (genius[p] == g) return true;
  }
  return false;
}

int State::copies(int k) const {
  if (cfg->kind[k] == kComponent && cfg->genius[k] != kUniversal && !in_game(cfg->genius[k])) return 0;
  return cfg->count[k];
}

int State::hand_limit(int p) const {
  int limit = cfg->hand_limit;
  if (enhanced(p, kMinions)) ++limit;
  if (hindered(p, kMinions)) --limit;
  return limit;
}

int State::components(int p) const {
  int n = 0;
  for (int c = 0; c < kColours; ++c) n += comp[p][c] != kNone;
  return n;
}

int State::working(int p) const {
  int n = 0;
  for (int c = 0; c < kColours; ++c) n += comp[p][c] != kNone && !((broken[p] >> c) & 1);
  return n;
}

bool State::has_hand_card_besides(int p, int k, bool non_instant) const {
  for (uint64_t held = nonzero_bits(hand[p]); held; held &= held - 1) {
    const int j = __builtin_ctzll(held);
    if (hand[p][j] - (j == k) > 0 && (!non_instant || cfg->kind[j] != kInstant)) return true;
  }
  return false;
}

// Who could answer a card with a Block, by what everyone can see: players
// holding cards, while not every Block is face up somewhere.
uint32_t State::block_askable(int opener) const {
  const int b = cfg->block_card;
  if (b < 0 || discard[b] + inplay[b] >= copies(b)) return 0;
  uint32_t m = 0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != opener && hand_n[q] > 0) m |= 1u << q;
  }
  return m;
}

// The Instant Actions the card text lets a player play off turn, now, by
// what everyone can see: all but Take 1/2/3 Extra Actions ("You must play
// this card on your turn"), Block an Action (it answers a card, in its own
// window) and the Cheat Card (it goes with a Component, placed as the
// turn's action). An effect off_turn_effect (cards.h) leaves out is never
// played off turn.
bool State::off_turn_card(int k) const {
  switch (cfg->effect[k]) {
    case kDraw:
      return deck_n + discard_n > 0;
    case kExtraTurn:
      return true;
    case kMarketTop:
      return market_n > 0;
    default:
      return false;
  }
}

bool State::playable_off_turn(int p, int k) const {
  return off_turn_card(k) && (cfg->effect[k] != kExtraTurn || !((extra_later >> p) & 1));
}

// Who is asked between turns, by what everyone can see: every other player
// holding cards, unless every copy of the Instant Actions playable now lies
// face up (then nobody could play one, and nobody is asked).
uint32_t State::between_askable() const {
  if (cfg->block_only) return 0;
  bool could = false;
  for (uint64_t rest = cfg->off_turn_instants; rest && !could; rest &= rest - 1) {
    const int k = __builtin_ctzll(rest);
    could = off_turn_card(k) && discard[k] + inplay[k] < copies(k);
  }
  if (!could) return 0;
  uint32_t m = 0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != turn_player_ && hand_n[q] > 0) m |= 1u << q;
  }
  return m;
}

// The between-turns window closed with everyone passing: the next turn.
void State::end_between_turns() {
  reactions.close();
  advance_turn();
}

namespace {
// The player whose draw is served next: seat order from the turn player.
int next_drawer(const State& s) {
  uint32_t any;  // most steps owe no draw: one load says so
  std::memcpy(&any, s.owed, sizeof s.owed);
  if (!any) return -1;
  const int n = s.cfg->players;
  for (int i = 0, q = s.turn_player_; i < n; ++i, q = q + 1 == n ? 0 : q + 1) {
    if (s.owed[q]) return q;
  }
  return -1;
}
}  // namespace

void State::chance_outcomes(std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  if (phase == kGeniusPhase) {
    int left = 0;
    for (int g = 0; g < kGeniuses; ++g) left += !in_game(g);
    for (int g = 0; g < kGeniuses; ++g) {
      if (!in_game(g)) out.emplace_back(kGenius + g, 1.0 / left);
    }
  } else if (rolling) {
    for (int r = 0; r <= kColours; ++r) out.emplace_back(kRoll + r, 1.0 / (kColours + 1));
  } else if (pick_from != kNone) {
    for (int k = 0; k < cfg->kinds; ++k) {
      if (hand[pick_from][k]) out.emplace_back(kPick + k, static_cast<double>(hand[pick_from][k]) / hand_n[pick_from]);
    }
  } else {
    for (int k = 0; k < cfg->kinds; ++k) {
      if (deck[k]) out.emplace_back(kDeal + k, static_cast<double>(deck[k]) / deck_n);
    }
  }
}

Action State::sample_chance(Rng& rng) const {
  // Uniform picks, in chance_outcomes' order, without building its list (a
  // Long Game rolls every round).
  if (rolling && phase != kGeniusPhase) return kRoll + static_cast<Action>(rng.below(kColours + 1));
  if (phase == kGeniusPhase) {
    int left = 0;
    for (int g = 0; g < kGeniuses; ++g) left += !in_game(g);
    uint32_t pick = rng.below(static_cast<uint32_t>(left));
    for (int g = 0; g < kGeniuses; ++g) {
      if (!in_game(g) && pick-- == 0) return kGenius + g;
    }
  }
  if (pick_from != kNone) return kPick + entry_of(hand[pick_from], rng.below(hand_n[pick_from]));
  return kDeal + entry_of(deck, rng.below(deck_n));
}

void State::draw_one(int p, int k) {
  --deck[k];
  --deck_n;
  --owed[p];
  const bool first = first_draw && p == turn_player_;
  if (p == turn_player_) first_draw = false;
  if (first && cfg->kind[k] == kSetback) {
    ++inplay[k];
    if (Events* ev = events()) {
      ev->add(Event("setback-drawn", "{P} {draw|draws} the Setback {card} on the first draw of the turn", p)
                  .with("card", cfg->name[k]).fact(CardFact::move(kDeckZone, kPlayZone, k)));
    }
    strike(p, k, -1, kNone);
    return;
  }
  ++hand[p][k];
  ++hand_n[p];
  if (Events* ev = events()) {
    Event mine("draw", "{P} {draw|draws} {card}", p);
    mine.with("card", cfg->name[k]).fact(CardFact::move(kDeckZone, p, k));
    if (!first) {
      ev->add_private(p, mine, Event("draw", "{P} {draw|draws} a card", p));
      return;
    }
    // Designed: the first draw is drawn face up, so that everyone sees it is no Setback.
    mine.kind = "first-draw";
    mine.text = "{P} {draw|draws} {card} face up: no Setback";
    ev->add(mine);
  }
}

// The deck ran out: the discard pile is shuffled into a new deck.
bool State::reshuffle() {
  if (discard_n == 0) return false;
  Event e("reshuffle", "The deck is empty: the {cards} cards of the discard pile are shuffled into a new deck");
  for (int k = 0; k < cfg->kinds; ++k) {
    if (events()) {
      for (int i = 0; i < discard[k]; ++i) e.fact(CardFact::move(kDiscardZone, kDeckZone, k));
    }
    deck[k] = static_cast<uint8_t>(deck[k] + discard[k]);
    discard[k] = 0;
  }
  deck_n = static_cast<uint8_t>(deck_n + discard_n);
  if (Events* ev = events()) {
    e.with("cards", static_cast<int>(discard_n)).fact(CardFact::shuffle(kDeckZone));
    ev->add(e);
  }
  discard_n = 0;
  return true;
}

void State::game_over(int w, int reason) {
  phase = kOver;
  winner = static_cast<int8_t>(w);
  win_reason = static_cast<uint8_t>(reason);
  reactions.clear();
  choice = kNoChoice;
  pick_from = kNone;
  rolling = false;
  for (int p = 0; p < P; ++p) owed[p] = 0;
  if (Events* ev = events()) {
    if (reason == 0) {
      ev->add(Event("game-over", "{P} {complete|completes} {device}: four working Components, one of each colour. {P} {win|wins}", w).with("device", cfg->device[genius[w]]));
    } else if (w >= 0) {
      ev->add(Event("game-over", "The round limit is reached: {P} {win|wins} with the most working Components", w));
    } else {
      ev->add(Event("game-over", "The round limit is reached with the most working Components shared: a draw"));
    }
  }
}

bool State::check_win() {
  const int n = cfg->players;
  for (int i = 0, q = turn_player_; i < n; ++i, q = q + 1 == n ? 0 : q + 1) {
    if (complete(q)) {
      game_over(q, 0);
      return true;
    }
  }
  return false;
}

// A turn begins: its lost turns, then the first draw.
void State::begin_turn() {
  const int p = turn_player_;
  starting = false;
  if ((extra_later >> p) & 1) {  // Take an Extra Turn played off turn: after this turn, another
    extra_later = static_cast<uint8_t>(extra_later & ~(1u << p));
    extra_turn = true;
  }
  actions_left = static_cast<uint8_t>(cfg->actions_per_turn);
  free_place_used = free_repair_used = false;
  if (Events* ev = events()) ev->add(Event("turn", "Turn {turn}: {p's} turn", p).with("turn", static_cast<int>(turn)).with("round", static_cast<int>(round)));
  // The event and its names built only when a Setback waits: most turns
  // none does, and a turn's start is a few percent of a playout.
  if (const uint64_t waiting = nonzero_bits(front[p])) {
    Event e("lose-turn", "{P} {lose|loses} this turn to {cards}", p);
    std::string names;
    for_each_bit(waiting, [&](int k) {
      while (front[p][k]) {
        --front[p][k];
        ++discard[k];
        ++discard_n;
        if (e.muted) continue;
        names += (names.empty() ? "" : ", ") + cfg->name[k];
        e.fact(CardFact::move(kLabZone + p, kDiscardZone, k));
      }
    });
    if (Events* ev = events()) ev->add(e.with("cards", names));
    ending = true;
    return;
  }
  owed[p] = static_cast<uint8_t>(owed[p] + cfg->draws_per_turn);
  first_draw = true;
}

void State::advance_turn() {
  ending = false;
  first_draw = false;
  actions_left = 0;
  free_place_used = free_repair_used = false;
  if (extra_turn) {
    extra_turn = false;
    again = true;
  } else {
    again = false;
    turn_player_ = static_cast<uint8_t>((turn_player_ + 1) % cfg->players);
    if (turn_player_ == 0) ++round;
  }
  ++turn;
  if (round > cfg->max_rounds) {
    const Leader most = leader(cfg->players, [&](int q) { return working(q); }, [](int) { return true; });
    round = static_cast<uint16_t>(cfg->max_rounds);
    game_over(most.shared ? -2 : most.seat, 1);
    return;
  }
  starting = true;
  rolling = cfg->long_game && turn_player_ == 0 && !again;
}

// Runs whatever needs no decision and stops at the next decision or chance node.
void State::settle() {
  while (phase != kOver) {
    if (someone_complete() && check_win()) return;  // asked after every step: most often nobody is done
    if (phase == kGeniusPhase || rolling || choice != kNoChoice || reactions.open() || pick_from != kNone) return;
    const int q = next_drawer(*this);
    if (q >= 0) {
      if (deck_n == 0 && !reshuffle()) {
        owed[q] = 0;  // nothing anywhere to draw: the draw is lost
        if (q == turn_player_) first_draw = false;
        continue;
      }
      return;  // chance decides
    }
    if (ending) {
      const int p = turn_player_;
      if (hand_n[p] > hand_limit(p) && hand_n[p] > 0) {
        choice = kDiscardDown;
        chooser = static_cast<uint8_t>(p);
        return;
      }
      // Between turns the others may play Instant Actions (end_between_turns
      // moves on once they all pass); asked again after each one played.
      if (reactions.open_window(kBetweenTurns, p, between_askable(), cfg->players)) return;
      advance_turn();
      continue;
    }
    if (starting) {
      begin_turn();
      continue;
    }
    return;
  }
}

void State::apply(Action a) {
  if (a >= kGenius) {
    int p = 0;
    while (genius[p] != kNone) ++p;
    genius[p] = static_cast<uint8_t>(a - kGenius);
    if (Events* ev = events()) ev->add(Event("genius", "{P} {are|is} {genius}, building {device}", p).with("genius", cfg->genius_name[genius[p]]).with("device", cfg->device[genius[p]]));
    if (p + 1 < cfg->players) return;
    // Every seat has its genius: the deck is made of the cards in this game.
    Event e("deck", "The {cards} cards are shuffled into the deck; each player is dealt {hand}");
    int total = 0;
    for (int k = 0; k < cfg->kinds; ++k) {
      deck[k] = static_cast<uint8_t>(copies(k));
      total += deck[k];
      if (events()) {
        for (int n = 0; n < deck[k]; ++n) e.fact(CardFact::place(kDeckZone, k));
      }
    }
    deck_n = static_cast<uint8_t>(total);
    if (Events* ev = events()) ev->add(e.with("cards", total).with("hand", cfg->hand_size).fact(CardFact::shuffle(kDeckZone)));
    phase = kPlaying;
    for (int q = 0; q < cfg->players; ++q) owed[q] = static_cast<uint8_t>(cfg->hand_size);
    starting = true;
    rolling = cfg->long_game;
    settle();
    return;
  }
  if (a >= kRoll) {
    rolling = false;
    round_colour = static_cast<uint8_t>(a - kRoll);
    if (Events* ev = events()) {
      const bool bm = round_colour == kBlackMarketRound;
      ev->add(Event("round", bm ? "{P} {roll|rolls} Round {round}: a Black Market round" : "{P} {roll|rolls} Round {round}: a {colour} Color Round", turn_player_)
                  .with("round", static_cast<int>(round)).with("colour", bm ? "Black Market" : kColourNames[round_colour]));
    }
    settle();
    return;
  }
  if (a >= kPick) {
    const int k = a - kPick;
    const int q = pick_from;
    const int p = pick_for;
    pick_from = kNone;
    if (pick_mode == kPickSteal) {
      --hand[q][k];
      --hand_n[q];
      ++hand[p][k];
      ++hand_n[p];
      if (Events* ev = events()) {
        Event full("steal-card", "{P} {take|takes} {card} at random from {q's} hand", p, q);
        full.with("card", cfg->name[k]).fact(CardFact::move(q, p, k));
        Event others("steal-card", "{P} {take|takes} a card at random from {q's} hand", p, q);
        others.fact(CardFact::move(q, p, k).hidden());
        ev->add((1u << p) | (1u << q), full, others);
      }
    } else {
      Event e("discard-at-random", "", p, q);
      e.with("card", cfg->name[k]);
      const bool to_black_market = discard_from_hand(q, k, &e);
      if (Events* ev = events()) {
        ev->add(e.say(to_black_market ? "{card} is discarded at random from {q's} hand: a Component goes to the Black Market" : "{card} is discarded at random from {q's} hand"));
      }
    }
    settle();
    return;
  }
  if (a >= kDeal) {
    draw_one(next_drawer(*this), a - kDeal);
    settle();
    return;
  }
  if (a == kPass) {
    pass_window();
    settle();
    return;
  }
  if (a == kSacrifice) {
    const int v = strike_victim;
    const int e = enh[v];
    reactions.close();
    enh[v] = kNone;
    ++discard[e];
    ++discard_n;
    const int k = strike_card;
    --inplay[k];
    ++discard[k];
    ++discard_n;
    if (Events* ev = events()) {
      ev->add(Event("sacrifice", "{P} {sacrifice|sacrifices} {enhancement} to stop {card}", v)
                  .with("enhancement", cfg->name[e]).with("card", cfg->name[k])
                  .fact(CardFact::move(kLabZone + v, kDiscardZone, e)).fact(CardFact::move(kPlayZone, kDiscardZone, k)));
    }
    strike_card = kNone;
    strike_slot = kNone;
    strike_by = -1;
    strike_asked = false;
    settle();
    return;
  }
  if (a == kBlockAction) {
    const int r = reactions.responder();
    const int b = cfg->block_card;
    --hand[r][b];
    --hand_n[r];
    ++inplay[b];
    ++chain;
    const uint8_t blocked = reactions.top().arg;
    if (Events* ev = events()) {
      ev->add(Event("block", "{P} {play|plays} {card} on {what}", r).with("card", cfg->name[b]).with("what", cfg->name[blocked]).with("chain", static_cast<int>(chain))
                  .fact(CardFact::move(r, kPlayZone, b)));
    }
    reactions.reacted();
    // Nobody could answer it: the Block takes effect at once.
    if (!reactions.open_window(kOnBlock, r, block_askable(r), cfg->players, static_cast<uint8_t>(b))) block_succeeds();
    settle();
    return;
  }
  if (a >= kChooseSlot) {
    choose_slot(a - kChooseSlot);
    settle();
    return;
  }
  if (a >= kChoose) {
    choose(a - kChoose);
    settle();
    return;
  }
  if (reactions.open()) {
    // An Instant Action played off turn in the between-turns window: the
    // window closes while the card is played (its Blocks, its draws) and
    // opens again, asking everyone anew, once it has resolved.
    const int r = reactions.responder();
    reactions.close();
    play(r, (a - kPlay) / kTargets, 0);
    settle();
    return;
  }
  const int p = turn_player_;
  if (a >= kMarketGive) {
    const int k = a - kMarketGive;
    --actions_left;
    --hand[p][k];
    --hand_n[p];
    Event e("market-give", "{P} {trade|trades} {card} into the Black Market", p);
    e.with("card", cfg->name[k]);
    to_market(k, p, &e);
    if (Events* ev = events()) ev->add(e);
    choice = kTradeFromMarket;
    chooser = static_cast<uint8_t>(p);
    settle();
    return;
  }
  if (a >= kFreeRepair) {
    const int c = a - kFreeRepair;
    free_repair_used = true;
    broken[p] = static_cast<uint8_t>(broken[p] & ~(1u << c));
    if (Events* ev = events()) ev->add(Event("free-repair", "{P} {repair|repairs} {card} for free (Cash Flow)", p).with("card", cfg->name[comp[p][c]]));
    settle();
    return;
  }
  if (a >= kDiscardCard) {
    --actions_left;
    discard_by_choice(p, a - kDiscardCard, "as the action");
    settle();
    return;
  }
  if (a == kEndTurn) {
    if (Events* ev = events()) ev->add(Event("end-turn", "{P} {end|ends} the turn", p));
    ending = true;
    settle();
    return;
  }
  const int k = (a - kPlay) / kTargets;
  play(p, k, (a - kPlay) % kTargets);
  settle();
}

double State::returns(int p) const {
  if (phase != kOver || winner < 0) return 0.0;
  return p == winner ? 1.0 : -1.0 / (cfg->players - 1);
}

}  // namespace henchmen::suet
