// Villainy: setup, chance (draws, the first player), the turn, Segue
// windows, playing cards and the end of the game.
#include <algorithm>

#include "core/error.h"
#include "games/villainy/words.h"

namespace henchmen::villainy {

State State::initial(const Config& cfg) {
  State s;
  s.cfg = &cfg;
  for (int p = 0; p < cfg.players; ++p) {
    const DeckDef& d = cfg.deck_def(p);
    for (size_t k = 0; k < d.cards.size(); ++k) {
      for (int n = 0; n < d.cards[k].count; ++n) s.players[p].draw.add(static_cast<uint8_t>(s.id(p, static_cast<int>(k))));
    }
    if (Events* ev = events()) {
      Event e("setup", "{P} {hide|hides} {master} under the Hideout - Center (6 hits) and {shuffle|shuffles} {p's} deck of {cards} cards", p);
      e.with("master", d.name).with("deck", d.name).with("cards", d.size);
      for (const uint8_t c : s.players[p].draw) e.fact(CardFact::place(draw_zone(p), c));
      e.fact(CardFact::shuffle(draw_zone(p)));
      ev->add(e);
    }
  }
  for (int p = 0; p < cfg.players; ++p) s.push_task(TaskKind::kDraw, p, kHandSize);
  if (cfg.first_player < 0) s.push_task(TaskKind::kFirstPlayer, 0, 0);
  else s.push_task(TaskKind::kBegin, cfg.first_player, 0);
  s.settle();
  return s;
}

int State::alive_count() const {
  int n = 0;
  for (int p = 0; p < cfg->players; ++p) n += players[p].alive;
  return n;
}

int State::hand_target(int player) const {
  const Player& pl = players[player];
  for (const uint8_t c : {pl.left, pl.right}) {
    if (c != kNoCard && def(c).bonus.six_cards) return kBonusHandSize;
  }
  return kHandSize;
}

// Every card in a player's piles is of their own deck (validate checks it),
// so counting their deck's Segue kinds counts every Segue there.
int State::count_discarded_segues(int player) const {
  int seen = 0;
  for (uint32_t m = cfg->deck_def(player).segue_kinds; m; m &= m - 1) seen += count_from_top(players[player].discard, static_cast<uint8_t>(id(player, __builtin_ctz(m))));
  return seen;
}

void State::to_discard(int player, int card) {
  Player& pl = players[player];
  pl.discard.add(static_cast<uint8_t>(card));
  pl.segues_discarded += def(card).type == Type::kSegue;
}

void State::to_hand(int player, int card) {
  Player& pl = players[player];
  pl.hand.add(static_cast<uint8_t>(card));
  pl.hand_kinds |= 1u << kind(card);
}

// The kind goes with its last copy.
void State::from_hand(int player, int card) {
  Player& pl = players[player];
  if (!pl.hand.remove_leaves_copy(static_cast<uint8_t>(card))) pl.hand_kinds &= ~(1u << kind(card));
}

// ---------------------------------------------------------------------------
// Chance

void State::push_task(TaskKind kind, int player, int count) {
  if (n_tasks >= kMaxTasks) return;  // unreachable: at most a handful are ever queued
  tasks[n_tasks++] = Task{kind, static_cast<uint8_t>(player), static_cast<uint8_t>(count)};
}

void State::chance_outcomes(std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  if (n_tasks == 0 || over) return;
  const Task& t = tasks[0];
  if (t.kind == TaskKind::kFirstPlayer) {
    for (int p = 0; p < cfg->players; ++p) out.emplace_back(kFirstPlayer + p, 1.0 / cfg->players);
    return;
  }
  const auto& d = players[t.player].draw;
  d.for_each_distinct([&](uint8_t c, int k) { out.emplace_back(kDraw + c, static_cast<double>(k) / d.size()); });
}

Action State::sample_chance(Rng& rng) const {
  const Task& t = tasks[0];
  if (t.kind == TaskKind::kFirstPlayer) return kFirstPlayer + static_cast<Action>(rng.below(static_cast<uint32_t>(cfg->players)));
  const auto& d = players[t.player].draw;
  return kDraw + d.c[rng.below(static_cast<uint32_t>(d.size()))];
}

namespace {
// Multiset::remove for a draw pile, finding the card sixteen slots at a time
// (a pile holds up to 64 cards; a scalar scan costs two compares a card).
// Slots past the count hold 0, which could be a card, so they are masked off.
void take_from_pile(Multiset<kPileCap>& pile, uint8_t card) {
#if defined(__SSE2__)
  const __m128i want = _mm_set1_epi8(static_cast<char>(card));
  for (int i = 0; i < pile.n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pile.c + i));
    uint32_t hits = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, want)));
    if (pile.n - i < 16) hits &= (1u << (pile.n - i)) - 1;
    if (hits) {
      const int at = i + __builtin_ctz(hits);
      pile.erase_at(at);
      return;
    }
  }
#else
  pile.remove(card);
#endif
}
}  // namespace

void State::draw_card(int player, int card) {
  Player& pl = players[player];
  take_from_pile(pl.draw, static_cast<uint8_t>(card));
  to_hand(player, card);
  if (Events* ev = events()) {
    Event mine("draw", "{P} {draw|draws} {card}", player);
    mine.with("card", cfg->name[static_cast<size_t>(card)]).fact(CardFact::move(draw_zone(player), hand_zone(player), card, Pos::kTop));
    ev->add_private(player, mine, Event("draw", "{P} {draw|draws} a card", player));
  }
}

// "If a player runs out of cards during a game, he reshuffles his discard
// pile and places it as the Draw pile."
void State::reshuffle(int player) {
  Player& pl = players[player];
  Events* ev = events();
  Event e;
  if (ev) e = Event("reshuffle", "{P} {shuffle|shuffles} {p's} discard pile ({cards} cards) into a new draw pile", player).with("cards", pl.discard.size());
  for (const uint8_t c : pl.discard) {
    pl.draw.add(c);
    if (ev) e.fact(CardFact::move(discard_zone(player), draw_zone(player), c));
  }
  pl.discard.clear();
  pl.segues_discarded = 0;
  if (ev) {
    e.fact(CardFact::shuffle(draw_zone(player)));
    ev->add(e);
  }
}

// "... If he has less than five cards in his hand, he draws a number of
// cards to get five then play resumes" (decision 13): the reshuffle, then
// the draw under way owes at least enough for five. A refill to six or a
// Special Action's draw that owes more keeps its count.
void State::run_out(Task& t) {
  reshuffle(t.player);
  const int to_five = kHandSize - players[t.player].hand.size();
  if (t.count < to_five) t.count = static_cast<uint8_t>(to_five);
}

// A card drawn for the draw under way. Decision 13: a player runs out the
// moment a draw takes the last card of the pile, not at the next draw.
void State::draw_for(Task& t, int card) {
  draw_card(t.player, card);
  --t.count;
  const Player& pl = players[t.player];
  if (pl.draw.empty() && !pl.discard.empty()) run_out(t);
}

// Runs the queued work until it is done or needs a chance outcome. A draw
// is chance unless it is certain from public counts (the last card, or the
// whole pile drawn).
void State::settle() {
  while (!over && n_tasks > 0) {
    Task& t = tasks[0];
    if (t.kind == TaskKind::kFirstPlayer) return;
    if (t.kind == TaskKind::kDraw) {
      Player& pl = players[t.player];
      // Found empty with a card owed: run out, unless nothing is left to
      // reshuffle (the pile emptied while the discard pile was empty).
      if (t.count > 0 && pl.draw.empty()) {
        if (pl.discard.empty()) t.count = 0;
        else run_out(t);
      }
      const int room = kHandCap - pl.hand.size();
      if (t.count > room) t.count = static_cast<uint8_t>(room);
      if (t.count > 0) {
        if (pl.draw.size() > 1 && t.count < pl.draw.size()) return;  // chance decides
        draw_for(t, pl.draw.c[0]);
        continue;
      }
    }
    const Task done = t;
    for (int i = 1; i < n_tasks; ++i) tasks[i - 1] = tasks[i];
    tasks[--n_tasks] = Task{};
    if (done.kind == TaskKind::kBegin) {
      new_round(done.player);
      if (!over) start_turn(done.player);
    }
  }
}

// ---------------------------------------------------------------------------
// The turn

void State::new_round(int leader) {
  ++round;
  round_leader = static_cast<uint8_t>(leader);
  if (round > cfg->max_rounds) end_by_rounds();
}

// Designed (decision 5): the rulebook ends the game only with the last
// Master standing. A game that stalls ends after max_rounds rounds; the
// Masters standing whose Hideouts can take the most hits win it, a tie
// sharing (see returns), so that a stopped game still rewards pressure.
void State::end_by_rounds() {
  over = true;
  winner = -2;
  n_tasks = 0;
  reactions.clear();
  phase = Phase::kMain;
  if (Events* ev = events()) {
    ev->add(Event("game-over", "The round limit ({rounds}) is reached: the Masters standing with the most Hideout hits left ({hits}) win").with("rounds", cfg->max_rounds).with("hits", best_hits_left()));
    for (int p = 0; p < cfg->players; ++p) {
      if (leads(p)) ev->add(Event("limit-winner", "{P} {win|wins} at the round limit (Hideout hits left: {hits})", p).with("hits", hits_left(p)));
    }
  }
}

int State::hits_left(int player) const {
  const Player& pl = players[player];
  if (!pl.alive || pl.hideout != HideoutState::kStanding) return 0;
  return pl.hits + (pl.left != kNoCard ? 1 : 0) + (pl.right != kNoCard ? 1 : 0);
}

int State::best_hits_left() const {
  int best = 0;
  for (int p = 0; p < cfg->players; ++p) best = std::max(best, hits_left(p));
  return best;
}

bool State::leads(int player) const {
  if (!over || !players[player].alive) return false;
  return winner != -2 || hits_left(player) == best_hits_left();
}

void State::start_turn(int player) {
  turn_player_ = static_cast<uint8_t>(player);
  ++turn;
  actions = kActionsPerTurn;
  specials = 0;
  phase = Phase::kMain;
  declared = Declared{};
  choice = Choice{};
  last = LastAttack{};
  Player& pl = players[player];
  Events* ev = events();
  if (ev) ev->add(Event("turn", "Round {round}, turn {turn}: {p's} turn", player).with("round", static_cast<int>(round)).with("turn", static_cast<int>(turn)));
  // "For the purposes of Special Action cards, a round is over when it is
  // the player's turn again": what lasted a round ends now.
  for (const uint8_t c : pl.lasting) discard_in_play(player, c);
  pl.lasting.clear();
  for (int s = 0; s < kSpots; ++s) {
    if (pl.grid[s].temp != kNoCard) {
      discard_in_play(player, pl.grid[s].temp);
      pl.grid[s].temp = kNoCard;
      respot(player, s);
    }
  }
  // "After the Hideout has taken all six hits, it is removed from play on
  // that player's next turn. The Master is now exposed."
  if (pl.hideout == HideoutState::kFallen) {
    pl.hideout = HideoutState::kGone;
    if (ev) ev->add(Event("exposed", "{p's} Hideout is removed: {master} is exposed", player).with("master", cfg->deck_def(player).name));
  }
  // A turn that has just started may be Segued before the hand is filled.
  if (reactions.open_window(kOnTurnStart, player, askable(player), cfg->players)) phase = Phase::kWindow;
  else begin_refill();
}

// "At the beginning of each turn, the players fill their hands to five cards."
void State::begin_refill() {
  phase = Phase::kMain;
  const Player& pl = players[turn_player_];
  const int need = hand_target(turn_player_) - pl.hand.size();
  if (need > 0) push_task(TaskKind::kDraw, turn_player_, need);
}

void State::next_turn() {
  int q = turn_player_;
  bool passed_leader = false;
  do {
    q = (q + 1) % cfg->players;
    passed_leader = passed_leader || q == round_leader;
  } while (!players[q].alive);
  if (passed_leader) new_round(q);
  if (!over) start_turn(q);
}

// Who may be asked to Segue, from what everyone sees: a player still in the
// game, holding cards, whose Segues are not all in their discard pile.
uint32_t State::askable(int opener) const {
  uint32_t mask = 0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != opener && players[q].alive && !players[q].hand.empty() && segues_unseen(q) > 0) mask |= 1u << q;
  }
  return mask;
}

// Everyone passed: what the window answered goes ahead.
void State::close_window() {
  const uint8_t trigger = reactions.top().trigger;
  reactions.close();
  phase = Phase::kMain;
  if (trigger == kOnTurnStart) begin_refill();
  else if (trigger == kOnPlay) resolve_play();
  else resolve_attack();
}

// "Doing so ends that player's turn immediately and play shifts to whoever
// played the Segue": the declared attack is left unresolved, the card about
// to be played stays in its player's hand, and a round begins.
void State::play_segue(int player, int card) {
  from_hand(player, card);
  to_discard(player, card);
  if (Events* ev = events()) {
    Event e("segue", "{P} {play|plays} {card}: {q's} turn ends at once", player, turn_player_);
    e.with("card", cfg->name[static_cast<size_t>(card)]).fact(CardFact::move(hand_zone(player), discard_zone(player), card));
    ev->add(e);
    if (declared.attack) {
      ev->add(Event("unresolved", "{p's} attack is left unresolved", turn_player_));
    } else if (declared.card != kNoCard) {
      ev->add(Event("returned", "{card} goes back to {p's} hand", turn_player_).with("card", cfg->name[declared.card]));
    }
  }
  reactions.clear();
  declared = Declared{};
  choice = Choice{};
  new_round(player);
  if (!over) start_turn(player);
}

// ---------------------------------------------------------------------------
// Playing cards

void State::declare_play(int card, int spot, bool free) {
  const int p = turn_player_;
  if (free) ++specials;
  else --actions;
  declared = Declared{};
  declared.card = static_cast<uint8_t>(card);
  declared.spot = static_cast<uint8_t>(spot);
  declared.free = free;
  if (reactions.open_window(kOnPlay, p, askable(p), cfg->players, static_cast<uint8_t>(card))) {
    phase = Phase::kWindow;
    if (Events* ev = events()) {
      const Type t = def(card).type;
      Event e("declare", t == Type::kMinion ? "{P} {are|is} about to play {card} at {spot}" : t == Type::kGear ? "{P} {are|is} about to put {card} on {spot}" : "{P} {are|is} about to play {card}", p);
      e.with("card", cfg->name[static_cast<size_t>(card)]).with("spot", spot_name(spot)).fact(CardFact::see(hand_zone(p), card, Pos::kAny));
      ev->add(e);
    }
  } else {
    resolve_play();
  }
}

void State::discard_in_play(int owner, int card) {
  to_discard(owner, card);
  if (Events* ev = events()) {
    Event e("discard", "{card} goes to {p's} discard pile", owner);
    e.with("card", cfg->name[static_cast<size_t>(card)]).fact(CardFact::move(play_zone(owner), discard_zone(owner), card));
    ev->add(e);
  }
}

void State::resolve_play() {
  const int p = turn_player_;
  const int card = declared.card;
  const int spot = declared.spot;
  declared = Declared{};
  Player& pl = players[p];
  const CardDef& d = def(card);
  from_hand(p, card);
  if (Events* ev = events()) {
    const char* text = d.type == Type::kMinion ? "{P} {play|plays} {card} at {spot}" : d.type == Type::kGear ? "{P} {put|puts} {card} on {minion} at {spot}" : "{P} {play|plays} {card}";
    Event e("play", text, p);
    e.with("card", d.name).with("type", type_name(d.type)).with("spot", spot_name(spot)).fact(CardFact::move(hand_zone(p), play_zone(p), card));
    if (d.type == Type::kGear) e.with("minion", cfg->name[pl.grid[spot].minion]);
    ev->add(e);
  }
  switch (d.type) {
    case Type::kMinion:
      pl.grid[spot].minion = static_cast<uint8_t>(card);
      respot(p, spot);
      break;
    case Type::kGear:
      pl.grid[spot].gear = static_cast<uint8_t>(card);
      pl.grid[spot].gear_owner = static_cast<uint8_t>(p);
      respot(p, spot);
      break;
    case Type::kMonster: {
      // On an empty part, or on a flipped one of the same part: revived.
      Part& part = pl.monster[d.part];
      part.card[part.n++] = static_cast<uint8_t>(card);
      part.active = true;
      break;
    }
    case Type::kHideout: {
      // "He must discard the original first (this costs no actions)."
      uint8_t& slot = d.side == 0 ? pl.left : pl.right;
      if (slot != kNoCard) discard_in_play(p, slot);
      slot = static_cast<uint8_t>(card);
      break;
    }
    case Type::kSetup: {
      uint8_t& slot = pl.setup[d.slot];
      if (slot != kNoCard) discard_in_play(p, slot);
      slot = static_cast<uint8_t>(card);
      break;
    }
    case Type::kSpecial: start_special(card); break;
    case Type::kSegue: break;  // unreachable: Segues are played off turn
  }
}

// ---------------------------------------------------------------------------
// Dispatch

void State::apply(Action a) {
  if (a >= kDraw) {
    draw_for(tasks[0], a - kDraw);
  } else if (a >= kFirstPlayer) {
    const int p = a - kFirstPlayer;
    for (int i = 1; i < n_tasks; ++i) tasks[i - 1] = tasks[i];
    tasks[--n_tasks] = Task{};
    if (Events* ev = events()) ev->add(Event("first", "{P} {go|goes} first", p));
    new_round(p);
    start_turn(p);
  } else if (phase == Phase::kWindow) {
    const int r = reactions.responder();
    if (a == kPass) {
      if (Events* ev = events()) ev->add(uint32_t{1} << r, Event("pass", "{P} {pass|passes}", r), std::nullopt);
      if (reactions.pass()) close_window();
    } else {
      play_segue(r, id(r, a - kSegue));
    }
  } else if (phase == Phase::kAbsorb) {
    absorb(absorber, a - kAbsorb);
  } else if (phase == Phase::kChoose) {
    apply_choice(a);
  } else {
    apply_main(a);
  }
  settle();
}

void State::apply_main(Action a) {
  const int p = turn_player_;
  Player& pl = players[p];
  if (a == kEndTurn) {
    if (Events* ev = events()) ev->add(Event("end-turn", "{P} {end|ends} the turn", p));
    next_turn();
  } else if (a >= kExchange) {
    // "Discard any one card in his hand and draw a fresh one": a pile run
    // out is reshuffled first, so the fresh card is never the one let go,
    // and the hand is then drawn up to five (decision 13).
    --actions;
    const bool ran_out = pl.draw.empty();
    if (ran_out) reshuffle(p);
    const int card = id(p, a - kExchange);
    from_hand(p, card);
    to_discard(p, card);
    if (Events* ev = events()) {
      Event e("exchange", "{P} {discard|discards} {card} to draw a fresh card", p);
      e.with("card", cfg->name[static_cast<size_t>(card)]).fact(CardFact::move(hand_zone(p), discard_zone(p), card));
      ev->add(e);
    }
    push_task(TaskKind::kDraw, p, ran_out ? std::max(1, kHandSize - pl.hand.size()) : 1);
  } else if (a >= kAttack) {
    const int x = a - kAttack;
    declare_attack(x / (kMaxPlayers * kTargets), x / kTargets % kMaxPlayers, x % kTargets, false, 0);
  } else if (a >= kMoveMaster) {
    --actions;
    move_master(a - kMoveMaster);
  } else if (a >= kMoveGear) {
    --actions;
    move_gear((a - kMoveGear) / kSpots, (a - kMoveGear) % kSpots);
  } else if (a >= kMove) {
    --actions;
    do_move((a - kMove) / kSpots, (a - kMove) % kSpots);
  } else if (a >= kPlay) {
    const int card = id(p, a - kPlay);
    declare_play(card, 0, def(card).type == Type::kSpecial);
  } else {
    declare_play(id(p, (a - kPlayAt) / kSpots), (a - kPlayAt) % kSpots, false);
  }
}

// ---------------------------------------------------------------------------
// Winning

// Zero-sum: each player out, and each Master standing who does not lead at
// the round limit, loses 1/(n-1); the leaders share what they lost (so the
// last Master standing wins 1).
double State::returns(int player) const {
  if (!over) return 0.0;
  const int n = cfg->players;
  int leaders = 0;
  for (int p = 0; p < n; ++p) leaders += leads(p) ? 1 : 0;
  if (!leads(player)) return -1.0 / (n - 1);
  return static_cast<double>(n - leaders) / ((n - 1) * leaders);
}

}  // namespace henchmen::villainy
