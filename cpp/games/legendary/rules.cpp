// Legendary: setup, the task engine, the turn, the city, chance.
#include <algorithm>
#include <cmath>

#include "core/card_json.h"
#include "core/action_list.h"
#include "core/chance.h"
#include "core/error.h"
#include "games/legendary/state.h"
#include "games/legendary/story.h"

namespace henchmen::legendary {

void PlayerDeck::put_top(uint8_t card, bool priv) {
  if (n_top >= kTopCap) {  // no room to remember its place: it joins the unknown part
    rest.add(card);
    return;
  }
  for (int i = n_top; i > 0; --i) top[i] = top[i - 1];
  top[0] = card;
  top_private = static_cast<uint16_t>((top_private << 1) | (priv ? 1u : 0u));
  ++n_top;
}

uint8_t PlayerDeck::take_top() {
  const uint8_t card = top[0];
  for (int i = 1; i < n_top; ++i) top[i - 1] = top[i];
  --n_top;
  top[n_top] = 0;
  top_private = static_cast<uint16_t>(top_private >> 1);
  return card;
}

namespace {

int setup_heroes_needed(const Config& c, int scheme) {
  const SchemeDef& sd = c.scheme[static_cast<size_t>(scheme)];
  const int n = c.players;
  if (n == 1) return c.setup[1].heroes;
  if (n == 2 && sd.heroes_2_players) return sd.heroes_2_players;
  return sd.heroes ? sd.heroes : c.setup[static_cast<size_t>(n)].heroes;
}

}  // namespace

State State::initial(const Config& cfg) {
  State s;
  s.cfg = &cfg;
  s.push(tSetupBuild);
  s.push(tSetupHero);
  s.push(tSetupHenchmen);
  s.push(tSetupVillains);
  s.push(tSetupScheme);
  s.push(tSetupMastermind);
  s.settle();
  return s;
}

void State::push(uint8_t op, int p, int card, int a, int b, int c) {
  if (n_tasks >= kTaskCap) return;  // unreachable: effects nest only a few deep
  Task& t = tasks[n_tasks++];
  t.op = op;
  t.p = static_cast<uint8_t>(p);
  t.card = static_cast<uint8_t>(card);
  t.a = static_cast<int8_t>(a);
  t.b = static_cast<int8_t>(b);
  t.c = static_cast<int8_t>(c);
}

// ---------------------------------------------------------------------------
// Queries



int State::mastermind_attack() const {
  if (mastermind < 0) return 0;
  int a = cfg->mastermind_attack[static_cast<size_t>(mastermind)] + cfg->mastermind_bonus;
  if (portals & 32u) ++a;
  a -= mastermind_minus;
  return std::max(a, 0);
}

uint16_t State::hand_and_played_tags(int p) const {
  uint16_t t = 0;
  for (const uint8_t c : players[p].hand) t = static_cast<uint16_t>(t | cfg->tags[c]);
  if (p == turn_player_) {
    for (int i = 0; i < n_played; ++i) t = static_cast<uint16_t>(t | played[i].tags);
  }
  return t;
}

int State::count_your(int p, uint16_t tags) const {
  int k = 0;
  for (const uint8_t c : players[p].hand) k += (cfg->tags[c] & tags) ? 1 : 0;
  if (p == turn_player_) {
    for (int i = 0; i < n_played; ++i) k += (played[i].tags & tags) ? 1 : 0;
  }
  return k;
}

bool State::reveals(int p, uint16_t tags) const { return (hand_and_played_tags(p) & tags) != 0; }

namespace {

// What a reveal from the hand tells everyone, as card facts: the card shown,
// and that the hand holds none of the matching cards before it in card order
// (the engine shows the first one: a rule of this engine, see the rules
// page), or that it holds none at all.
template <class Match>
void reveal_facts(const State& s, Event& e, int p, Match match) {
  std::vector<int> before;
  for (int x = 0; x < kNumCardIds; ++x) {
    if (!match(x)) continue;
    if (s.players[p].hand.contains(static_cast<uint8_t>(x))) {
      if (!before.empty()) e.fact(CardFact::none_of(seat_zone(p, kHandZone), before));
      e.fact(CardFact::see(seat_zone(p, kHandZone), x, Pos::kAny));
      e.with("card", s.cfg->name[static_cast<size_t>(x)]);
      return;
    }
    before.push_back(x);
  }
  if (!before.empty()) e.fact(CardFact::none_of(seat_zone(p, kHandZone), before));
}

bool played_has(const State& s, int p, uint16_t tags) {
  if (p != s.turn_player()) return false;
  for (int i = 0; i < s.n_played; ++i) {
    if (s.played[i].tags & tags) return true;
  }
  return false;
}

}  // namespace

// "Reveal a <class or team> Hero": from the cards played (public) if one
// will do, else from the hand; told with what it shows.
bool State::reveal_tags(int p, uint16_t tags, bool played_counts) {
  const bool by_played = played_counts && played_has(*this, p, tags);
  uint8_t first = kNoCard;  // the hand is sorted: its first match has the lowest id
  for (const uint8_t x : players[p].hand) {
    if (first == kNoCard && (cfg->tags[x] & tags)) first = x;
  }
  const bool in_hand = first != kNoCard;
  if (!by_played) players[p].shown = in_hand ? first : kShownNothing;
  if (Events* ev = events()) {
    const std::string what = tag_name(tags);
    if (by_played) {
      ev->add(Event("reveal", "{P} {reveal|reveals} a " + what + " Hero {you|they} played", p));
    } else {
      Event e("reveal", in_hand ? "{P} {reveal|reveals} {card}" : "{P} {reveal|reveals} no " + what + " Hero", p);
      reveal_facts(*this, e, p, [&](int x) { return is_hero(x) && (cfg->tags[static_cast<size_t>(x)] & tags); });
      ev->add(e);
    }
  }
  return by_played || in_hand;
}

// "Reveal this card" (Diving Block): a card in the hand or, for the turn
// player, a card played this turn (a copy counts: it is the card it copies).
bool State::reveals_wound_draw(int p) const {
  for (const uint8_t c : players[p].hand) {
    if (cfg->wound_draw[c]) return true;
  }
  if (p == turn_player_) {
    for (int i = 0; i < n_played; ++i) {
      if (played[i].card != kNoCard && cfg->wound_draw[played[i].as]) return true;
    }
  }
  return false;
}

bool State::can_defeat(int card) const {
  if (card == kNoCard || card >= kCardIds) return false;
  const uint16_t need = cfg->defeat_requires[card];
  return !need || reveals(turn_player_, need);
}

int State::vp(int p) const {
  const PlayerState& pl = players[p];
  int total = 0;
  // Cards owned, counted only if a card's VP depends on them (Ultron).
  int owned[kCardIds];
  bool counted = false;
  auto count_owned = [&]() {
    if (counted) return;
    counted = true;
    std::fill(owned, owned + kCardIds, 0);
    auto own = [&](const auto& pile) {
      for (const uint8_t c : pile) ++owned[c];
    };
    own(pl.hand);
    own(pl.discard);
    own(pl.deck.rest);
    for (int i = 0; i < pl.deck.n_top; ++i) ++owned[pl.deck.top[i]];
    if (p == turn_player_) {
      for (int i = 0; i < n_played; ++i) {
        if (played[i].card != kNoCard) ++owned[played[i].card];
      }
    }
  };
  for (const uint8_t c : pl.victory) {
    if (c >= kMastermindBase && c < kTacticBase) {
      total += cfg->showdown_vp;
      continue;
    }
    total += cfg->vp[c];
    if (cfg->vp_per_kind[c] == 1) {
      int others = -1;
      for (const uint8_t d : pl.victory) others += (is_villain(d) && group_of(d) == group_of(c)) ? 1 : 0;
      total += cfg->vp_per_n[c] * std::max(others, 0);
    } else if (cfg->vp_per_kind[c] == 2) {
      count_owned();
      int k = 0;
      for (int h = 0; h < kCardIds; ++h) {
        if (is_hero(h) && (cfg->tags[h] & cfg->vp_per_tags[c])) k += owned[h];
      }
      total += cfg->vp_per_n[c] * k;
    }
  }
  return total;
}

int State::solo_score() const {
  return vp(0) - cfg->solo_per_carried * bystanders_carried - cfg->solo_per_twist * twists_played - cfg->solo_per_escaped * villains_escaped;
}

// ---------------------------------------------------------------------------
// Chance

namespace {
// The setup's picks (a Mastermind, a Scheme, the groups, the Heroes): each a
// uniform choice among `items`, outcome `base + item`. Returns how many (k),
// or -1 when `t` is no setup pick. On the stack: chance_pile, chance_need and
// sample_chance all ask, at every game's start.
int setup_picks(const State& s, const Task& t, int* items, Action& base) {
  const Config& c = *s.cfg;
  const int n = c.players;
  int k = 0;
  switch (t.op) {
    case tSetupMastermind:
      base = kSetupMastermind;
      for (int m = 0; m < kMasterminds; ++m) items[k++] = m;
      return k;
    case tSetupScheme:
      base = kSetupScheme;
      for (int i = 0; i < kSchemes; ++i) {
        if (n > 1 || c.scheme[static_cast<size_t>(i)].solo) items[k++] = i;
      }
      return k;
    case tSetupVillains: {
      base = kSetupVillains;
      int forced = -1;
      if (s.scheme >= 0) {
        const int req = c.scheme[static_cast<size_t>(s.scheme)].requires_group;
        if (req >= 0 && !(s.villain_groups & (1u << req))) forced = req;
      }
      if (forced < 0 && n > 1 && s.mastermind >= 0) {
        const int lg = c.leads_group[static_cast<size_t>(s.mastermind)];
        if (lg >= 0 && !(s.villain_groups & (1u << lg))) forced = lg;
      }
      if (forced >= 0) {
        items[k++] = forced;
      } else {
        for (int g = 0; g < kVillainGroups; ++g) {
          if (!(s.villain_groups & (1u << g))) items[k++] = g;
        }
      }
      return k;
    }
    case tSetupHenchmen: {
      base = kSetupHenchmen;
      int forced = -1;
      if (n > 1 && s.mastermind >= 0) {
        const int lh = c.leads_henchmen[static_cast<size_t>(s.mastermind)];
        if (lh >= 0 && !(s.henchmen_groups & (1u << lh))) forced = lh;
      }
      if (forced >= 0) {
        items[k++] = forced;
      } else {
        for (int g = 0; g < kHenchmenGroups; ++g) {
          if (!(s.henchmen_groups & (1u << g))) items[k++] = g;
        }
      }
      return k;
    }
    case tSetupHero:
      base = kSetupHero;
      for (int h = 0; h < kHeroes; ++h) {
        if (!(s.heroes_in & (1u << h))) items[k++] = h;
      }
      return k;
    default: return -1;
  }
}
}  // namespace

void State::chance_pile(const Task& t, std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  auto emit = [&](const uint8_t* cards, int n) { draw_outcomes(cards, n, kChanceCard, out); };
  int items[16];
  Action base = 0;
  if (const int k = setup_picks(*this, t, items, base); k >= 0) {
    for (int i = 0; i < k; ++i) out.emplace_back(base + items[i], 1.0 / k);
    return;
  }
  switch (t.op) {
    case tDraw:
    case tReveal:
    case tLook:
    case tStealReveal: {
      const PlayerState& pl = players[t.p];
      switch (deck_step(t)) {
        case 2:
          // The discard pile the step shuffles in. Drawn (or looked at
          // unseen) whole, its order cannot matter: one outcome.
          if (!shows_card(t) && (t.op == tDraw || t.op == tLook) && t.a >= pl.discard.size()) {
            out.emplace_back(kChanceCard + pl.discard.c[0], 1.0);
            return;
          }
          return emit(pl.discard.c, pl.discard.n);
        case 3: out.emplace_back(kChanceCard + pl.deck.top[0], 1.0); return;
        default: return emit(pl.deck.rest.c, pl.deck.rest.n);
      }
    }
    case tVillainCard: return emit(villain_deck.c, villain_deck.n);
    case tSkrullReveal:
    case tRefillHQ: {
      // Hero cards only: the pool never holds anything else.
      return emit(hero_deck.c, hero_deck.n);
    }
    case tTactic: return emit(tactics.c, tactics.n);
    default: return;
  }
}

void State::chance_outcomes(std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  if (over || n_tasks == 0) return;
  const Task& t = tasks[n_tasks - 1];
  if (!is_chance_task(t)) return;
  chance_pile(t, out);
}

namespace {
// The rare chance steps (setup picks, the Mastermind's tactics...) drawn from
// their listed outcomes; kept out of line so the common draw stays lean.
[[gnu::noinline]] Action sample_listed(const State& s, Rng& rng) {
  thread_local std::vector<std::pair<Action, double>> out;
  s.chance_outcomes(out);
  if (out.empty()) return kChanceCard;
  return out[rng.below(static_cast<uint32_t>(out.size()))].first;
}
}  // namespace

Action State::sample_chance(Rng& rng) const {
  if (over || n_tasks == 0) return kChanceCard;
  // Draws and reveals: every card in the pile is equally likely to be on
  // top, so picking one uniformly is exact (and needs no outcome list: this
  // is the hot path of every playout).
  const Task& t = tasks[n_tasks - 1];
  const uint8_t* cards = nullptr;
  int n = 0;
  switch (t.op) {
    case tDraw:
    case tReveal:
    case tLook:
    case tStealReveal: {
      const PlayerState& pl = players[t.p];
      if (pl.deck.n_top > 0) return kChanceCard + pl.deck.top[0];
      if (pl.deck.rest.n == 0) {
        if (pl.discard.n == 0) break;
        if (!shows_card(t) && (t.op == tDraw || t.op == tLook) && t.a >= pl.discard.n) return kChanceCard + pl.discard.c[0];
        return kChanceCard + pl.discard.c[rng.below(pl.discard.n)];
      }
      cards = pl.deck.rest.c;
      n = pl.deck.rest.n;
      break;
    }
    case tVillainCard: cards = villain_deck.c; n = villain_deck.n; break;
    case tSkrullReveal:
    case tRefillHQ: cards = hero_deck.c; n = hero_deck.n; break;
    case tTactic: cards = tactics.c; n = tactics.n; break;
    default: break;
  }
  if (cards && n > 0) return kChanceCard + cards[rng.below(static_cast<uint32_t>(n))];
  int items[16];
  Action base = 0;
  // A setup pick: the outcome sample_listed would pick from chance_pile's list, with no list.
  if (const int k = setup_picks(*this, t, items, base); k > 0) return base + items[rng.below(static_cast<uint32_t>(k))];
  return sample_listed(*this, rng);
}

// ---------------------------------------------------------------------------
// The engine

namespace {

// What the top task needs: 0 run it now (certain), 1 a chance outcome, 2 a decision.
int chance_need(const State& s, const Task& t) {
  switch (t.op) {
    case tDraw:
    case tReveal:
    case tLook:
    case tStealReveal: return s.deck_step(t) != 0 ? 1 : 0;
    case tVillainCard: return s.villain_deck.mixed() ? 1 : 0;
    case tSkrullReveal:
    case tRefillHQ: return s.hero_deck.mixed() ? 1 : 0;
    case tTactic: return s.tactics.mixed() ? 1 : 0;
    default: break;
  }
  int items[16];
  Action base = 0;
  if (const int k = setup_picks(s, t, items, base); k >= 0) return k > 1 ? 1 : 0;
  thread_local std::vector<std::pair<Action, double>> out;
  s.chance_pile(t, out);
  return out.size() > 1 ? 1 : 0;
}

// A chance step that needs an outcome: not certain (chance_certain) and with
// more than one possible outcome. The draws, the Villain Deck and the HQ are
// most steps of a game, so they are decided here in one pass.
inline bool waits(const State& s, const Task& t) {
  switch (t.op) {
    case tDraw:
    case tReveal:
    case tLook:
    case tStealReveal: return s.deck_step(t) != 0;
    case tVillainCard: return t.a > 0 && s.villain_deck.mixed();
    case tRefillHQ: return s.hq[t.a] == kNoCard && s.hero_deck.mixed() && s.hero_deck_size() > 0;
    default: return !s.chance_certain(t) && chance_need(s, t) == 1;
  }
}

}  // namespace

bool State::chance_waits(const Task& t) const { return waits(*this, t); }

// A draw, a reveal or a look at the top of a player's deck: 0 certain, 1 a
// chance outcome from the deck's unknown part, 2 a chance outcome from the
// discard pile the step shuffles into the empty deck, 3 a chance step with
// one outcome, the known top card. Whether chance comes depends only on what
// everyone can count (the deck's size and its known top), never on hidden
// cards: a deck of one kind is still drawn by chance. A draw certain from the
// counts (the last unknown card, or all of them into a hand) skips chance
// unless the step shows the card to everyone (a reveal, a public look):
// then it is chance even with one outcome, so that what is shown is chance's
// doing, in a step of its own, and not a decision's. An empty deck is
// shuffled from the discard pile inside a chance step, with the pile in view
// until then: a step that shows cards (discarding a hand) never also hides them.
int State::deck_step(const Task& t) const {
  const PlayerState& pl = players[t.p];
  const bool counted = t.op == tDraw || t.op == tLook;
  if (counted && t.a <= 0) return 0;
  if (t.op == tDraw && pl.hand.full()) return 0;
  const bool shows = shows_card(t);
  if (pl.deck.n_top > 0) return shows && (pl.deck.top_private & 1u) ? 3 : 0;
  const int unknown = pl.deck.rest.size();
  if (unknown == 0) return pl.discard.empty() ? 0 : 2;
  if (shows) return 1;
  return unknown > 1 && !(counted && t.a >= unknown) ? 1 : 0;
}

void State::settle() {
  Action opts[256];
  while (!over && n_tasks > 0) {
    const Task& t = tasks[n_tasks - 1];
    if (is_chance_task(t)) {
      if (waits(*this, t)) return;
      if (!draw_rest_at_once()) run_top(-1);
      continue;
    }
    if (is_decision_task(t)) {
      const int k = decision_options(t, opts);
      if (k >= 2) {
        if (k <= kCachedOptions) {
          for (int i = 0; i < k; ++i) cached[i] = static_cast<uint16_t>(opts[i]);
          n_cached = static_cast<uint8_t>(k);
        }
        return;
      }
      run_top(opts[0]);
      continue;
    }
    run_top(-1);
  }
  if (over) n_tasks = 0;
}

// Setup picks fixed by options, finished piles and certain draws run at once,
// with no chance node.
bool State::chance_certain(const Task& t) const {
  const Config& c = *cfg;
  switch (t.op) {
    case tSetupMastermind: return mastermind >= 0 || c.mastermind_opt >= 0;
    case tSetupScheme: return scheme >= 0 || c.scheme_opt >= 0;
    case tSetupVillains: return __builtin_popcount(villain_groups) >= c.setup[static_cast<size_t>(c.players)].villain_groups || !c.villains_opt.empty();
    case tSetupHenchmen: {
      const int need = c.setup[static_cast<size_t>(c.players)].henchmen_groups + c.scheme[static_cast<size_t>(scheme)].extra_henchmen;
      return __builtin_popcount(henchmen_groups) >= need || !c.henchmen_opt.empty();
    }
    case tSetupHero: return __builtin_popcount(heroes_in) >= setup_heroes_needed(c, scheme) || !c.heroes_opt.empty();
    case tDraw:
    case tReveal:
    case tLook:
    case tStealReveal: return deck_step(t) == 0;
    case tVillainCard: return villain_deck.empty() || t.a <= 0;  // order matters here: each card resolves before the next
    case tRefillHQ: return hq[t.a] != kNoCard || hero_deck_size() <= 0;
    case tSkrullReveal: return hero_deck.empty();
    case tTactic: return tactics.empty();
    default: return false;
  }
}

// The commonest step of all, a card drawn by chance from the unknown part of
// a deck, done in place: what run_chance_task(tDraw) does in that case, with
// the remaining draws left in the same task instead of popped and pushed.
bool State::draw_in_place(Action outcome) {
  Task& t = tasks[n_tasks - 1];
  if (t.op != tDraw || t.a <= 0 || outcome < kChanceCard || outcome >= kChanceCard + kCardIds) return false;
  PlayerState& pl = players[t.p];
  if (pl.deck.n_top > 0 || pl.deck.rest.empty() || pl.hand.full()) return false;
  const uint8_t card = static_cast<uint8_t>(outcome - kChanceCard);
  if (Events* ev = events()) story::drawn(*ev, *this, t.p, card, false, false);
  pl.deck.rest.remove(card);
  pl.hand.add(card);
  drew(t, 1);
  return true;
}

// The tail of every draw done in place: k cards counted as extra draws if
// the task says so, and the task left with what it still asks (popped when
// done) instead of popped and pushed again.
void State::drew(Task& t, int k) {
  if (t.b && t.p == turn_player_) extra_draws = saturated<uint8_t>(extra_draws + k, 255);
  if (t.a > k) {
    t.a = static_cast<int8_t>(t.a - k);
    t.card = kNoCard;
    t.c = 0;
  } else {
    --n_tasks;
  }
}

// A draw certain from the counts with no known card on top (deck_step 0)
// takes every unknown card of the deck (it asks for at least as many, or
// one is left): all of them go to the hand in one merge, where
// run_chance_task would move them one at a time, smallest first, each a
// pass of settle(). Half the cards a player draws in a game come so (the
// end of each pass through the deck). Left to run_chance_task when the hand
// could fill up on the way (it would drop the rest of the draw) or the
// story is told card by card.
bool State::draw_rest_at_once() {
  Task& t = tasks[n_tasks - 1];
  if (t.op != tDraw || t.a <= 0) return false;
  PlayerState& pl = players[t.p];
  const int k = pl.deck.rest.n;
  if (pl.deck.n_top > 0 || k == 0 || pl.hand.n + k >= kHandCap || events()) return false;
  pl.hand.add_all(pl.deck.rest);
  clear_used(pl.deck.rest);
  drew(t, k);
  return true;
}

// apply(sample_chance(rng)) in one step (core/random_action.h). A card drawn
// from the unknown part of a deck, the commonest step of a playout, is taken
// at the place the generator picked (sample_chance's draw), not looked for
// again by its id as apply's draw_in_place must; any copy of it leaves the
// same sorted pile. Every other step goes the long way.
void State::apply_random_chance(Rng& rng) {
  Task& t = tasks[n_tasks - 1];  // a chance node: a chance task is on top
  // The Villain Deck's card each turn and the HQ's refills: sample_chance's
  // draw from the pile, then run_chance_task's step with the place known.
  if (t.op == tVillainCard || t.op == tRefillHQ) {
    const bool villain = t.op == tVillainCard;
    const auto& pile = villain ? villain_deck.c : hero_deck.c;
    const int n = villain ? villain_deck.n : hero_deck.n;
    const bool runs = villain ? t.a > 0 : hq[t.a] == kNoCard && hero_deck_size() > 0;  // as run_chance_task asks
    if (n == 0 || !runs) return apply(sample_chance(rng));
    const int place = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    const Task top = t;
    --n_tasks;
    n_cached = 0;
    if (villain) villain_card_at(top, pile[place], place);
    else refill_hq_at(top.a, pile[place], place);
    settle();
    return;
  }
  PlayerState& pl = players[t.p];
  if (t.op != tDraw || t.a <= 0 || pl.deck.n_top > 0 || pl.deck.rest.empty() || pl.hand.full() || events()) {
    apply(sample_chance(rng));
    return;
  }
  const int i = static_cast<int>(rng.below(pl.deck.rest.n));
  const uint8_t card = pl.deck.rest.c[i];
  pl.deck.rest.erase_at(i);
  pl.hand.add(card);
  drew(t, 1);
  n_cached = 0;
  settle();
}

// The outcome of a chance step settle() runs by itself (a forced group at setup).
Action State::only_outcome(const Task& t) const {
  thread_local std::vector<std::pair<Action, double>> opts;
  chance_pile(t, opts);
  return opts.empty() ? -1 : opts[0].first;
}

// Entries above n_tasks are left as they are: nothing reads them (push writes
// every field), and clearing them was a good part of each step.
void State::run_top(int outcome) {
  const Task t = tasks[n_tasks - 1];
  --n_tasks;
  if (is_chance_task(t)) run_chance_task(t, outcome);
  else if (is_decision_task(t)) run_decision(t, outcome);
  else run_auto_task(t);
}

void State::apply(Action action) {
  n_cached = 0;
  if (n_tasks > 0) {
    if (!draw_in_place(action)) run_top(action);
    settle();
    return;
  }
  const int p = turn_player_;
  PlayerState& me = players[p];
  Events* ev = events();
  if (action == kEndTurn) {
    if (ev) ev->add(Event("end-turn", "{P} {end|ends} the turn", p));
    end_turn();
  } else if (action == kHeal) {
    const int k = me.hand.count(kWound);
    if (ev) {
      Event e("heal", "{P} {heal|heals}: {count} KO'd from {your|their} hand", p);
      e.with("count", std::to_string(k) + (k == 1 ? " Wound" : " Wounds"));
      for (int i = 0; i < k; ++i) e.fact(CardFact::remove(seat_zone(p, kHandZone), kWound));
      ev->add(e);
    }
    for (int i = 0; i < k; ++i) me.hand.remove(kWound);
    ko[kWound] = static_cast<uint8_t>(ko[kWound] + k);
    healed = true;
  } else if (action == kFightMastermind) {
    if (ev) ev->add(Event("fight", "{P} {fight|fights} the Mastermind, {mastermind} (Attack {attack})", p).with("mastermind", cfg->mastermind_name[static_cast<size_t>(mastermind)]).with("attack", mastermind_attack()));
    fight_mastermind(true);
  } else if (action >= kFight && action < kFight + kCity) {
    fight_space(action - kFight, true);
  } else if (action == kRecruitOfficer) {
    if (ev) ev->add(story::about(*this, "recruit", "{P} {recruit|recruits} {card} for {cost}", p, kOfficer, story::kOutside, seat_zone(p, kDiscardZone)).with("cost", static_cast<int>(cfg->cost[kOfficer])));
    recruit = static_cast<int16_t>(recruit - cfg->cost[kOfficer]);
    --officers_left;
    me.discard.add(kOfficer);
    acted = true;
  } else if (action >= kRecruit) {
    const uint8_t card = static_cast<uint8_t>(action - kRecruit);
    if (ev) ev->add(story::about(*this, "recruit", "{P} {recruit|recruits} {card} for {cost}", p, card, kHQZone, seat_zone(p, kDiscardZone)).with("cost", static_cast<int>(cfg->cost[card])));
    recruit = static_cast<int16_t>(recruit - cfg->cost[card]);
    for (int i = 0; i < kHQ; ++i) {
      if (hq[i] == card) {
        take_hq(i);
        break;
      }
    }
    me.discard.add(card);
    acted = true;
  } else {
    play_card(static_cast<uint8_t>(action - kPlay));
  }
  settle();
}

// Emitted in ascending order, kind by kind (the action space is laid out so):
// only the HQ's few cards need sorting.
void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over) return;
  if (n_tasks > 0) {
    const Task& t = tasks[n_tasks - 1];
    if (is_chance_task(t)) return;
    if (n_cached) {
      out.assign(cached, cached + n_cached);
      return;
    }
    Action opts[256];
    const int k = decision_options(t, opts);
    out.assign(opts, opts + k);
    return;
  }
  main_legal(out);
}

// The turn player's main decision (no task on top), listed into a vector
// (legal_actions) or an ActionList on the stack (random_action) from one body.
template <class Out>
void State::main_legal(Out& out) const {
  const PlayerState& me = players[turn_player_];
  // The Heroes in hand and the HQ's affordable ones as bit sets (every Hero's
  // id is below 64): read back lowest bit first, they come out ascending and
  // each card once, with no sorting and no test for repeats.
  if (n_played < kPlayedCap) {
    uint64_t play = 0;
    for (const uint8_t c : me.hand) play |= is_hero(c) ? uint64_t{1} << c : 0;  // not a Wound
    // One card in hand: a Hero that must discard another to be played cannot be.
    if (me.hand.n == 1 && cfg->discard_to_play[me.hand.c[0]]) play = 0;
    push_bits(out, play, kPlay);
  }
  if (!healed && !showdown) {
    uint64_t buy = 0;  // the HQ holds Heroes only (validate.cpp)
    for (const uint8_t c : hq) buy |= c != kNoCard && cfg->cost[c] <= recruit ? uint64_t{1} << c : 0;
    push_bits(out, buy, kRecruit);
    if (officers_left > 0 && cfg->cost[kOfficer] <= recruit) out.push_back(kRecruitOfficer);
    const int power = attack + (recruit_as_attack ? recruit : 0);
    int tags = -1;  // the turn player's classes and teams, found once if a villain needs them
    for (int s = 0; s < kCity; ++s) {
      const uint8_t v = city[s].card;
      if (v == kNoCard || villain_attack(s) > power) continue;
      const uint16_t need = cfg->defeat_requires[v];
      if (need) {
        if (tags < 0) tags = hand_and_played_tags(turn_player_);
        if (!(tags & need)) continue;
      }
      out.push_back(kFight + s);
    }
    if (!tactics.empty() && !mm_defeated && mastermind_attack() <= power) out.push_back(kFightMastermind);
  }
  // A hand holds Heroes and Wounds, sorted, and a Wound has the highest id of them.
  if (!acted && !healed && !showdown && me.hand.n > 0 && me.hand.c[me.hand.n - 1] == kWound) out.push_back(kHeal);
  out.push_back(kEndTurn);
}

// The same list and one pick from it, as below(size) picks from legal_actions'
// vector, with no vector: the options settle() cached, a decision's options
// or the main decision listed on the stack.
Action State::random_action(Rng& rng, std::vector<Action>& scratch) const {
  if (!over && n_tasks > 0 && !is_chance_task(tasks[n_tasks - 1])) {
    if (n_cached) return cached[rng.below(n_cached)];
    Action opts[256];
    const int k = decision_options(tasks[n_tasks - 1], opts);
    return opts[rng.below(static_cast<uint32_t>(k))];
  }
  if (over || n_tasks > 0) {  // no decision here: the generic path says what it says
    legal_actions(scratch);
    return scratch[rng.below(static_cast<uint32_t>(scratch.size()))];
  }
  // A legal list is strictly ascending, and the main decision's ids are at
  // most kEndTurn: that many bounds it.
  ActionList<kEndTurn + 1> list;
  main_legal(list);
  return list.pick(rng);
}

// ---------------------------------------------------------------------------
// Chance tasks

void State::run_chance_task(Task t, int outcome) {
  const Config& c = *cfg;
  const int n = c.players;
  const int card_out = outcome >= kChanceCard && outcome < kChanceCard + kCardIds ? outcome - kChanceCard : -1;
  switch (t.op) {
    case tSetupMastermind:
      mastermind = static_cast<int8_t>(c.mastermind_opt >= 0 ? c.mastermind_opt : outcome - kSetupMastermind);
      if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
      return;
    case tSetupScheme:
      scheme = static_cast<int8_t>(c.scheme_opt >= 0 ? c.scheme_opt : outcome - kSetupScheme);
      if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
      return;
    case tSetupVillains: {
      if (!c.villains_opt.empty()) {
        // A scheme or mastermind drawn at random may need a group the options
        // left out: it takes the place of the last group named that is not needed.
        int forced[2] = {c.scheme[static_cast<size_t>(scheme)].requires_group, n > 1 ? c.leads_group[static_cast<size_t>(mastermind)] : -1};
        std::vector<int> list = c.villains_opt;
        for (int f : forced) {
          if (f < 0 || std::find(list.begin(), list.end(), f) != list.end()) continue;
          for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) {
            if (list[static_cast<size_t>(i)] != forced[0] && list[static_cast<size_t>(i)] != forced[1]) {
              list[static_cast<size_t>(i)] = f;
              break;
            }
          }
        }
        for (int g : list) villain_groups = static_cast<uint8_t>(villain_groups | (1u << g));
        if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
        return;
      }
      const int need = c.setup[static_cast<size_t>(n)].villain_groups;
      if (__builtin_popcount(villain_groups) >= need) return;
      const int g = (outcome >= 0 ? outcome : only_outcome(t)) - kSetupVillains;
      villain_groups = static_cast<uint8_t>(villain_groups | (1u << g));
      if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
      push(tSetupVillains);
      return;
    }
    case tSetupHenchmen: {
      if (!c.henchmen_opt.empty()) {
        std::vector<int> list = c.henchmen_opt;
        const int lh = n > 1 ? c.leads_henchmen[static_cast<size_t>(mastermind)] : -1;
        if (lh >= 0 && std::find(list.begin(), list.end(), lh) == list.end()) list.back() = lh;
        for (int g : list) henchmen_groups = static_cast<uint8_t>(henchmen_groups | (1u << g));
        if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
        return;
      }
      const int need = c.setup[static_cast<size_t>(n)].henchmen_groups + c.scheme[static_cast<size_t>(scheme)].extra_henchmen;
      if (__builtin_popcount(henchmen_groups) >= need) return;
      const int g = (outcome >= 0 ? outcome : only_outcome(t)) - kSetupHenchmen;
      henchmen_groups = static_cast<uint8_t>(henchmen_groups | (1u << g));
      if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
      push(tSetupHenchmen);
      return;
    }
    case tSetupHero: {
      if (!c.heroes_opt.empty()) {
        for (int h : c.heroes_opt) heroes_in = static_cast<uint16_t>(heroes_in | (1u << h));
        if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
        return;
      }
      if (__builtin_popcount(heroes_in) >= setup_heroes_needed(c, scheme)) return;
      const int h = (outcome >= 0 ? outcome : only_outcome(t)) - kSetupHero;
      heroes_in = static_cast<uint16_t>(heroes_in | (1u << h));
      if (Events* ev = events()) story::setup_pick(*ev, *this, t.op);
      push(tSetupHero);
      return;
    }
    case tDraw:
    case tReveal:
    case tLook:
    case tStealReveal: {
      PlayerState& pl = players[t.p];
      if (t.op == tDraw && (t.a <= 0 || pl.hand.full())) return;
      if (t.op == tLook && (t.a <= 0 || (pl.deck.empty() && pl.discard.empty()))) return look_done(t.p, t.b, t.c);
      if (pl.deck.empty()) {
        if (pl.discard.empty()) return;  // nothing left to draw or reveal
        reshuffle(t.p);
      }
      uint8_t card;
      const bool from_top = pl.deck.n_top > 0;
      const bool top_public = from_top && !(pl.deck.top_private & 1u);
      if (from_top) {
        card = pl.deck.take_top();
      } else if (card_out >= 0 && pl.deck.rest.remove(static_cast<uint8_t>(card_out))) {
        card = static_cast<uint8_t>(card_out);  // found and removed in one pass
      } else {
        card = pl.deck.rest.c[0];
        pl.deck.rest.remove(card);
      }
      if (shows_card(t)) pl.shown = card;  // in everyone's observation from now on
      Events* ev = events();
      const int deck = seat_zone(t.p, kDeckZone);
      if (t.op == tDraw) {
        if (ev) story::drawn(*ev, *this, t.p, card, from_top, top_public);
        pl.hand.add(card);
        if (t.b && t.p == turn_player_) count_extra_draw();
        if (t.a > 1) push(tDraw, t.p, kNoCard, t.a - 1, t.b);
        return;
      }
      if (t.op == tStealReveal) {
        if (ev) ev->add(story::about(*this, "reveal", "{P} {reveal|reveals} and {discard|discards} {card} from the top of {your|their} deck (Steal Abilities)", t.p, card, deck, seat_zone(t.p, kDiscardZone), Pos::kTop));
        pl.discard.add(card);
        steal.add(card);
        return;
      }
      if (t.op == tLook) {
        if (ev) {
          if (look_private) story::private_move(*ev, *this, 1u << t.p, "look", "{P} {look|looks} at {card} from the top of {your|their} deck", "{P} {look|looks} at the top card of {your|their} deck", t.p, -1, card, deck, kLookZone, Pos::kTop, Pos::kAny);
          else ev->add(story::about(*this, "look", "{P} {reveal|reveals} {card} from the top of {your|their} deck", t.p, card, deck, kLookZone, Pos::kTop));
        }
        look.add(card);
        look_owner = t.p;
        push(tLook, t.p, kNoCard, t.a - 1, t.b, t.c);
        return;
      }
      // tReveal: a = mode, b = argument, c = the player who decides.
      auto back_on_top = [&](const char* text) {
        if (ev) ev->add(story::about(*this, "reveal", text, t.p, card, deck, deck, Pos::kTop, Pos::kTop));
        pl.deck.put_top(card, false);
      };
      auto into_hand = [&]() {
        if (ev) ev->add(story::about(*this, "reveal", "{P} {reveal|reveals} {card} from the top of {your|their} deck and {draw|draws} it", t.p, card, deck, seat_zone(t.p, kHandZone), Pos::kTop));
        pl.hand.add(card);
        if (t.p == turn_player_) count_extra_draw();
      };
      switch (static_cast<Mode>(t.a)) {
        case Mode::kDrawIfCostLe:
          if (c.cost[card] <= t.b && !pl.hand.full()) into_hand();  // a Wound has no cost: 0
          else back_on_top("{P} {reveal|reveals} {card} from the top of {your|their} deck and {put|puts} it back");
          return;
        case Mode::kDrawIf:
          if (is_hero(card) && (c.tags[card] & (1u << t.b)) && !pl.hand.full()) into_hand();
          else back_on_top("{P} {reveal|reveals} {card} from the top of {your|their} deck and {put|puts} it back");
          return;
        case Mode::kAttackCost:
          add_attack(c.cost[card]);
          back_on_top("{P} {reveal|reveals} {card} from the top of {your|their} deck: its cost in Attack");
          return;
        case Mode::kDiscardOrBack:
          if (ev) ev->add(story::about(*this, "reveal", "{P} {reveal|reveals} {card} from the top of {your|their} deck", t.p, card, deck, kAsideZone, Pos::kTop));
          push(dRevealed, t.c, card, t.p, 0);
          return;
        default:  // Melter: face up on the deck until the decider chooses (dKoOrBack)
          back_on_top("{P} {reveal|reveals} {card} on top of {your|their} deck");
          return;
      }
    }
    case tVillainCard: {
      if (villain_deck.empty()) deck_ran_out = true;  // already out (a position built with an empty deck)
      if (villain_deck.empty() || t.a <= 0) return;
      const uint8_t card = card_out >= 0 ? static_cast<uint8_t>(card_out) : villain_deck.c[0];
      return villain_card_at(t, card, place_of(villain_deck, card));
    }
    case tSkrullReveal: {
      if (hero_deck.empty()) return;
      const uint8_t card = card_out >= 0 ? static_cast<uint8_t>(card_out) : hero_deck.c[0];
      hero_deck.remove(card);
      enter_city(card, kNoCard, kHeroDeckZone);
      return;
    }
    case tRefillHQ: {
      if (hq[t.a] != kNoCard || hero_deck_size() <= 0) return;
      const uint8_t card = card_out >= 0 ? static_cast<uint8_t>(card_out) : hero_deck.c[0];
      return refill_hq_at(t.a, card, place_of(hero_deck, card));
    }
    case tTactic: {
      if (tactics.empty()) return;
      const uint8_t card = card_out >= 0 ? static_cast<uint8_t>(card_out) : tactics.c[0];
      take_tactic(t.p, card);
      return;
    }
    default: return;
  }
}

// The top card of the Villain Deck, `card`, standing at `place` in the pile
// (-1: not there), is played; t is its task, popped.
void State::villain_card_at(const Task& t, uint8_t card, int place) {
  if (Events* ev = events()) story::villain_card(*ev, *this, card);
  if (place >= 0) villain_deck.erase_at(place);
  if (villain_deck.empty()) deck_ran_out = true;
  if (t.a > 1) push(tVillainCard, t.p, kNoCard, t.a - 1);
  play_villain_card(card);
}

// The Hero Deck's top card, `card`, standing at `place` in the pile (-1: not
// there), fills the empty HQ slot.
void State::refill_hq_at(int slot, uint8_t card, int place) {
  if (Events* ev = events()) {
    Event e = story::about(*this, "hq", "{card} joins the HQ (cost {cost})", -1, card, kHeroDeckZone, kHQZone, Pos::kTop);
    ev->add(e.with("cost", static_cast<int>(cfg->cost[card])).with("slot", slot + 1));
  }
  if (place >= 0) hero_deck.erase_at(place);
  hq[slot] = card;
  if (hero_deck_size() <= 0) {
    deck_ran_out = true;
    check_evil_wins();
  }
}

// Out of cards: the discard pile becomes the deck, in no known order.
void State::reshuffle(int p) {
  if (Events* ev = events()) story::reshuffled(*ev, *this, p);
  players[p].deck.rest.add_all(players[p].discard);
  clear_used(players[p].discard);
}

// ---------------------------------------------------------------------------
// Automatic tasks

void State::run_auto_task(Task t) {
  const Config& c = *cfg;
  const int n = c.players;
  switch (t.op) {
    case tSetupBuild: {
      const SchemeDef& sd = c.scheme[static_cast<size_t>(scheme)];
      const SetupRow& row = c.setup[static_cast<size_t>(n)];
      for (int g = 0; g < kVillainGroups; ++g) {
        if (!(villain_groups & (1u << g))) continue;
        for (int i = 0; i < 4; ++i) {
          const uint8_t id = static_cast<uint8_t>(kVillainBase + g * 4 + i);
          for (int k = 0; k < c.count[id]; ++k) villain_deck.add(id);
        }
      }
      for (int g = 0; g < kHenchmenGroups; ++g) {
        if (!(henchmen_groups & (1u << g))) continue;
        for (int k = 0; k < row.henchmen_cards; ++k) villain_deck.add(static_cast<uint8_t>(kHenchBase + g));
      }
      int twists = (n >= 4 && sd.twists_4_5_players >= 0) ? sd.twists_4_5_players : sd.twists;
      twists += c.extra_twists;
      for (int i = 0; i < twists; ++i) villain_deck.add(kTwist);
      for (int i = 0; i < row.master_strikes; ++i) villain_deck.add(kStrike);
      const int bys = std::min(sd.bystanders ? sd.bystanders : row.bystanders, c.bystanders);
      for (int i = 0; i < bys; ++i) villain_deck.add(kBystander);
      bystanders_left = static_cast<uint8_t>(c.bystanders - bys);
      twists_beside = static_cast<uint8_t>(sd.twists_beside);
      wounds_left = static_cast<uint8_t>(sd.wounds_per_player ? std::min(c.wounds, sd.wounds_per_player * n) : c.wounds);
      officers_left = static_cast<uint8_t>(c.officers - c.starting_officers * n);
      for (int h = 0; h < kHeroes; ++h) {
        if (!(heroes_in & (1u << h))) continue;
        for (int i = 0; i < 4; ++i) {
          const uint8_t id = static_cast<uint8_t>(h * 4 + i);
          for (int k = 0; k < c.count[id]; ++k) hero_deck.add(id);
        }
      }
      const int skrulls = std::min(sd.skrull_heroes, hero_deck.size() - kHQ);
      for (int i = 0; i < skrulls; ++i) villain_deck.add(kSkrullHero);
      for (int i = 0; i < 4; ++i) tactics.add(static_cast<uint8_t>(kTacticBase + mastermind * 4 + i));
      for (int p = 0; p < n; ++p) {
        PlayerDeck& d = players[p].deck;
        for (int i = 0; i < c.starting_agents - c.starting_officers; ++i) d.rest.add(kAgent);
        for (int i = 0; i < c.starting_officers; ++i) d.rest.add(kOfficer);
        for (int i = 0; i < c.starting_troopers; ++i) d.rest.add(kTrooper);
      }
      built = true;
      if (Events* ev = events()) story::setup_built(*ev, *this);
      check_evil_wins();  // a card table can make a scheme lost from the start (no Wounds for the Legacy Virus)
      if (over) return;
      push(tStartTurn, 0);
      for (int s = kHQ - 1; s >= 0; --s) push(tRefillHQ, 0, kNoCard, s);
      for (int p = n - 1; p >= 0; --p) push(tDraw, p, kNoCard, c.hand_size, 0);
      return;
    }
    case tStartTurn:
      start_turn(t.p);
      return;
    case tAfterDraw:
      after_draw(t.p);
      return;
    case tEffect:
      run_effect(t);
      return;
    case tEnterCity:
      enter_city(t.card, static_cast<uint8_t>(t.a < 0 ? kNoCard : t.a), kHQZone);
      return;
    case tTwist:
      twist(t.a, t.b == 1);
      return;
    case tAfterDefeat: {
      add_recruit(on_defeat_recruit);
      if (on_defeat_rescue) rescue(t.p, on_defeat_rescue);
      if (limbo != kNoCard) {  // a Hero under a villain whose Fight effect did not take it
        if (Events* ev = events()) ev->add(story::about(*this, "ko", "{card}, freed from under the Skrull, is KO'd", -1, limbo, kAsideZone, story::kOutside));
        ko_card(limbo);
        limbo = kNoCard;
      }
      return;
    }
    case tPassResolve: {
      uint8_t passing[kMaxPlayers];
      for (int p = 0; p < n; ++p) {
        passing[p] = players[p].pass;
        players[p].pass = kNoCard;
      }
      for (int p = 0; p < n; ++p) {
        if (passing[p] == kNoCard) continue;
        const int q = (p + 1) % n;
        if (Events* ev = events()) {
          const int to = players[q].hand.full() ? seat_zone(q, kDiscardZone) : seat_zone(q, kHandZone);
          if (players[q].hand.full()) {
            ev->add(story::about(*this, "pass", "{P} {pass|passes} {card} to {q}, whose hand is full: it goes to {q's} discard pile", p, passing[p], seat_zone(p, kPassZone), to));
          } else {
            story::private_move(*ev, *this, (1u << p) | (1u << q), "pass", "{P} {pass|passes} {card} to {q}", "{P} {pass|passes} a card to {q}", p, q, passing[p], seat_zone(p, kPassZone), to, Pos::kAny, Pos::kAny);
          }
        }
        to_hand(q, passing[p]);
      }
      return;
    }
    case tStealPlay: {
      if (steal.empty()) return;
      const uint8_t card = steal.c[0];
      steal.remove(card);
      if (!steal.empty()) push(tStealPlay, t.p);
      if (is_hero(card) && n_played < kPlayedCap) {
        if (Events* ev = events()) ev->add(Event("copy", "{P} {play|plays} a copy of {card} (Steal Abilities)", turn_player_).with("card", cfg->name[card]));
        play_copy(card, kNoCard, -1);
      }
      return;
    }
    case tShowdownNext: {
      // Everyone still in has played a Showdown turn: the best total wins.
      int best = -1;
      int count = 0;
      for (int p = 0; p < n; ++p) {
        if (!(showdown_mask & (1u << p))) continue;
        if (best < 0 || showdown_total[p] > showdown_total[best]) {
          best = p;
          count = 1;
        } else if (showdown_total[p] == showdown_total[best]) {
          ++count;
        }
      }
      if (best < 0 || count == 1 || showdown_round >= 3) {
        if (best >= 0 && count == 1) {
          showdown_winner = static_cast<int8_t>(best);
          if (Events* ev = events()) ev->add(story::about(*this, "showdown", "{P} {win|wins} the Final Showdown with {total}: the Mastermind card", best, kMastermindBase + mastermind, story::kOutside, seat_zone(best, kVictoryZone)).with("total", static_cast<int>(showdown_total[best])));
          players[best].victory.add(static_cast<uint8_t>(kMastermindBase + mastermind));
        }
        showdown = false;
        finish(1);
        return;
      }
      // A tie: the tied players discard their hands, draw 6 and play again.
      uint8_t mask = 0;
      for (int p = 0; p < n; ++p) {
        if ((showdown_mask & (1u << p)) && showdown_total[p] == showdown_total[best]) mask = static_cast<uint8_t>(mask | (1u << p));
      }
      showdown_mask = mask;
      ++showdown_round;
      int first = -1;
      for (int k = 1; k <= n; ++k) {
        const int p = (turn_player_ + k) % n;
        if (mask & (1u << p)) {
          if (first < 0) first = p;
        }
      }
      if (Events* ev = events()) ev->add(Event("showdown", "The Final Showdown is tied: the tied players discard their hands, draw new ones and play again"));
      for (int p = n - 1; p >= 0; --p) {
        if (!(mask & (1u << p))) continue;
        if (Events* ev = events()) {
          Event e("discard-hand", "{P} {discard|discards} {your|their} hand: {cards}", p);
          e.with("cards", card_names(*cfg, players[p].hand));
          for (const uint8_t x : players[p].hand) e.fact(CardFact::move(seat_zone(p, kHandZone), seat_zone(p, kDiscardZone), x));
          ev->add(e);
        }
        players[p].discard.add_all(players[p].hand);
        clear_used(players[p].hand);
        showdown_total[p] = 0;
      }
      push(tStartTurn, first);
      for (int p = n - 1; p >= 0; --p) {
        if (mask & (1u << p)) push(tDraw, p, kNoCard, c.hand_size, 0);
      }
      showdown_done = 0;
      return;
    }
    default: return;
  }
}

// ---------------------------------------------------------------------------
// The turn

void State::start_turn(int p) {
  turn_player_ = static_cast<uint8_t>(p);
  ++turn;
  for (int i = 0; i < n_played; ++i) played[i] = Played{};
  n_played = 0;
  attack = recruit = recruit_made = 0;
  extra_draws = 0;
  recruit_as_attack = healed = acted = false;
  on_defeat_recruit = on_defeat_rescue = 0;
  for (auto& m : space_minus) m = 0;
  mastermind_minus = 0;
  extra_draw = 0;
  new_hand = 0;
  if (Events* ev = events()) story::turn_started(*ev, *this);
  if (showdown) return;  // a Showdown turn plays no villain card
  push(tVillainCard, p, kNoCard, 1);
}

// The cards played this turn go to the turn player's discard pile.
void State::discard_played() {
  Multiset<kPlayedCap> cards;
  for (int i = 0; i < n_played; ++i) {
    if (played[i].card != kNoCard) cards.add(played[i].card);
    played[i] = Played{};
  }
  if (Events* ev = events(); ev && !cards.empty()) {
    Event e("discard-played", "{P} {discard|discards} the cards {you|they} played", turn_player_);
    for (const uint8_t x : cards) e.fact(CardFact::move(kPlayedZone, seat_zone(turn_player_, kDiscardZone), x));
    ev->add(e);
  }
  n_played = 0;
  players[turn_player_].discard.add_all(cards);
}

void State::end_turn() {
  const int p = turn_player_;
  const int n = cfg->players;
  PlayerState& me = players[p];
  if (showdown) {
    showdown_total[p] = saturated<int16_t>(attack + recruit, kMaxPoints);
    showdown_done = static_cast<uint8_t>(showdown_done | (1u << p));
    discard_played();
    attack = recruit = 0;
    for (int k = 1; k <= n; ++k) {
      const int q = (p + k) % n;
      if ((showdown_mask & (1u << q)) && !(showdown_done & (1u << q))) {
        push(tStartTurn, q);
        return;
      }
    }
    push(tShowdownNext, p);
    return;
  }
  if (mm_defeated && !cfg->final_showdown) return finish(1);
  if (deck_ran_out && !mm_defeated) return finish(0);
  discard_played();
  if (Events* ev = events(); ev && !me.hand.empty()) {
    Event e("discard-hand", "{P} {discard|discards} {your|their} hand: {cards}", p);
    e.with("cards", card_names(*cfg, me.hand));
    for (const uint8_t x : me.hand) e.fact(CardFact::move(seat_zone(p, kHandZone), seat_zone(p, kDiscardZone), x));
    ev->add(e);
  }
  me.discard.add_all(me.hand);
  clear_used(me.hand);
  const int size = std::max<int>(cfg->hand_size, new_hand) + extra_draw;
  attack = recruit = recruit_made = 0;
  push(tAfterDraw, p);
  push(tDraw, p, kNoCard, size, 0);
}

void State::after_draw(int p) {
  const int n = cfg->players;
  if (bubble != kNoCard) {
    if (Events* ev = events()) ev->add(story::about(*this, "bubble", "{card} comes back from the Electromagnetic Bubble into {p's} hand", p, bubble, kBubbleZone, players[p].hand.full() ? seat_zone(p, kDiscardZone) : seat_zone(p, kHandZone)));
    to_hand(p, bubble);
    bubble = kNoCard;
  }
  if (mm_defeated) {
    // Final Showdown: each player from the left plays a Showdown turn.
    showdown = true;
    showdown_mask = static_cast<uint8_t>((1u << n) - 1);
    showdown_done = 0;
    showdown_round = 1;
    extra_turn = false;
    if (Events* ev = events()) ev->add(Event("showdown", "The Final Showdown begins: each player in turn plays a Showdown turn for the Mastermind card"));
    push(tStartTurn, (p + 1) % n);
    return;
  }
  const int next = extra_turn ? p : (p + 1) % n;
  extra_turn = false;
  push(tStartTurn, next);
}

void State::play_card(uint8_t card) {
  const int p = turn_player_;
  if (Events* ev = events()) {
    Event e = story::about(*this, "play", "{P} {play|plays} {card}", p, card, seat_zone(p, kHandZone), kPlayedZone);
    ev->add(e.with("attack", static_cast<int>(cfg->attack[card])).with("recruit", static_cast<int>(cfg->recruit[card])));
  }
  players[p].hand.remove(card);
  play_copy(card, card, -1);
}

// Plays `as` (a card from hand, or a copy when physical is kNoCard); with
// copy_index >= 0, Copy Powers turns that played entry into `as`.
void State::play_copy(uint8_t as, uint8_t physical, int copy_index) {
  const int p = turn_player_;
  int idx = copy_index;
  if (idx < 0) {
    if (n_played >= kPlayedCap) return;
    idx = n_played++;
    played[idx].card = physical;
    played[idx].tags = cfg->tags[as];
  } else {
    played[idx].tags = static_cast<uint16_t>(cfg->tags[as] | kCovert);
  }
  played[idx].as = as;
  add_attack(cfg->attack[as]);
  add_recruit(cfg->recruit[as]);
  if (cfg->discard_to_play[as] && !players[p].hand.empty()) {
    push(dDiscardCost, p, as, idx);
    return;
  }
  const auto& list = cfg->on_play[as];
  for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, p, as, i, idx, 0);
}

// ---------------------------------------------------------------------------
// The villain deck and the city

void State::play_villain_card(uint8_t card) {
  const int p = turn_player_;
  if (card == kTwist) {
    ++twists_played;
    const Rule rule = cfg->scheme[static_cast<size_t>(scheme)].rule;
    if (rule == Rule::kCosmicCube || rule == Rule::kKillbots) ++twists_beside;  // it stays next to the Scheme
    else ko_card(kTwist);
    push(tTwist, p, kNoCard, twists_played, 0);
  } else if (card == kStrike) {
    if (Events* ev = events()) story::strike(*ev, *this);
    ko_card(kStrike);
    const uint8_t mm = static_cast<uint8_t>(kMastermindBase + mastermind);
    const auto& list = cfg->on_ambush[mm];
    for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, p, mm, i, -1, 4);
  } else if (card == kBystander) {
    if (cfg->scheme[static_cast<size_t>(scheme)].rule == Rule::kKillbots) {
      enter_city(kBystander, kNoCard, kVillainDeckZone);
      return;
    }
    for (int s = 0; s < kCity; ++s) {
      if (city[s].card != kNoCard) {
        ++city[s].bystanders;
        return;
      }
    }
    ++mm_bystanders;
  } else if (card == kSkrullHero) {
    push(tSkrullReveal, p);
  } else {
    enter_city(card, kNoCard, kVillainDeckZone);
  }
}

void State::enter_city(uint8_t card, uint8_t under, int from) {
  const int p = turn_player_;
  if (Events* ev = events()) story::entered(*ev, *this, card, from);
  int k = 0;
  while (k < kCity && city[k].card != kNoCard) ++k;
  CitySpace escapee;
  if (k == kCity) {
    escapee = city[kCity - 1];
    k = kCity - 1;
  }
  for (int i = k; i > 0; --i) city[i] = city[i - 1];
  city[0] = CitySpace{card, 0, under};
  if (is_villain_card(card)) {
    const auto& list = cfg->on_ambush[card];
    for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, p, card, i, 0, 3);
  }
  if (escapee.card != kNoCard) escape(escapee);
}

void State::escape(const CitySpace& v) {
  const int p = turn_player_;
  if (Events* ev = events()) {
    ++villains_escaped;  // the count the story tells includes this one
    story::escaped(*ev, *this, v);
    --villains_escaped;
  }
  ++villains_escaped;
  ++escaped[v.card];
  if (v.card == kBystander) ++killbots_escaped;
  if (is_hero(v.card)) ++heroes_escaped;
  if (v.under != kNoCard) {
    ++escaped[v.under];
    ++heroes_escaped;
  }
  escaped[kBystander] = static_cast<uint8_t>(escaped[kBystander] + v.bystanders);
  bystanders_carried = static_cast<uint8_t>(bystanders_carried + v.bystanders);
  // (c) its Escape effect, after (b) each player discards a card if it held
  // bystanders, after (a) a Hero costing 6 or less leaves the HQ.
  if (is_villain_card(v.card)) {
    const auto& list = cfg->on_escape[v.card];
    for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, p, v.card, i, -1, 2);
  }
  if (v.bystanders > 0) each_player(p, true, dEachDiscard, kNoCard, 0, 0, 0);
  push(dKoHq, p);
  check_evil_wins();
}

void State::twist(int number, bool mystique) {
  const int p = turn_player_;
  const int n = cfg->players;
  const SchemeDef& sd = cfg->scheme[static_cast<size_t>(scheme)];
  if (Events* ev = events()) story::twist(*ev, *this, number, mystique);
  if (n == 1) push(dKoHq, p);  // solo: after each Twist, a Hero costing 6 or less leaves the HQ
  switch (sd.rule) {
    case Rule::kCosmicCube:
      if (number == 5 || number == 6) {
        for (int k = 0; k < n; ++k) gain_wound((p + k) % n, false);
      } else if (number == 7) {
        for (int k = 0; k < n; ++k) {
          for (int w = 0; w < 3; ++w) gain_wound((p + k) % n, false);
        }
      }
      break;
    case Rule::kDarkPortals:
      if (number == 1) {
        portals = static_cast<uint8_t>(portals | 32u);
      } else {
        for (int s = kCity - 1; s >= 0; --s) {
          if (!(portals & (1u << s))) {
            portals = static_cast<uint8_t>(portals | (1u << s));
            if (Events* ev = events()) ev->add(Event("portal", "The Dark Portal opens over the {space}: +1 Attack there").with("space", cfg->city_name[static_cast<size_t>(s)]));
            break;
          }
        }
      }
      break;
    case Rule::kLegacyVirus:
      for (int k = 0; k < n; ++k) {
        const int q = (p + k) % n;
        if (!reveal_tags(q, kTech, true)) gain_wound(q, false);
      }
      break;
    case Rule::kBankRobbery:
      push(tVillainCard, p, kNoCard, 1);
      if (city[1].card != kNoCard) capture(1, 2);
      break;
    case Rule::kNegativeZone:
      push(tVillainCard, p, kNoCard, 2);
      break;
    case Rule::kKillbots:
      break;
    case Rule::kSkrullInvasion: {
      int best = -1;
      int ties = 0;
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] == kNoCard) continue;
        if (best < 0 || cfg->cost[hq[i]] > cfg->cost[hq[best]]) {
          best = i;
          ties = 1;
        } else if (cfg->cost[hq[i]] == cfg->cost[hq[best]] && hq[i] != hq[best]) {
          ++ties;
        }
      }
      if (best >= 0 && ties > 1) {
        push(dSkrullTwist, p);
      } else if (best >= 0) {
        const uint8_t hero = hq[best];
        take_hq(best);
        push(tEnterCity, p, hero, -1);  // enter_city tells it
      }
      break;
    }
    case Rule::kCivilWar:
      for (int i = 0; i < kHQ; ++i) {
        if (hq[i] != kNoCard) {
          if (Events* ev = events()) ev->add(story::about(*this, "ko", "{card} is KO'd from the HQ", -1, hq[i], kHQZone, story::kOutside));
          ko_card(hq[i]);
          take_hq(i);
        }
      }
      break;
  }
  check_evil_wins();
}

void State::take_hq(int slot) {
  hq[slot] = kNoCard;
  push(tRefillHQ, turn_player_, kNoCard, slot);
}

void State::fight_space(int space, bool pay) {
  const int p = turn_player_;
  PlayerState& me = players[p];
  if (pay) {
    int cost = villain_attack(space);
    const int from_attack = std::min<int>(cost, attack);
    attack = static_cast<int16_t>(attack - from_attack);
    recruit = static_cast<int16_t>(recruit - (cost - from_attack));
  }
  const CitySpace v = city[space];
  if (v.card != kNoCard && cfg->defeat_requires[v.card]) reveal_tags(p, cfg->defeat_requires[v.card], true);
  if (Events* ev = events()) {
    std::string text = "{P} {defeat|defeats} {villain} in the {space}";
    if (v.bystanders) text += " and {rescue|rescues} " + std::to_string(v.bystanders) + (v.bystanders == 1 ? " Bystander" : " Bystanders");
    if (is_hero(v.card)) text += ", gaining the Hero";
    Event e = story::about(*this, "defeat", text, p, v.card, kCityZone, is_hero(v.card) ? seat_zone(p, kDiscardZone) : seat_zone(p, kVictoryZone));
    e.with("villain", story::villain_name(*this, v.card)).with("space", story::space_name(*this, space)).with("bystanders", static_cast<int>(v.bystanders));
    for (int i = 0; i < v.bystanders; ++i) e.fact(CardFact::place(seat_zone(p, kVictoryZone), kBystander));
    if (v.under != kNoCard) e.fact(CardFact::move(kUnderZone, kAsideZone, v.under));
    ev->add(e);
  }
  city[space] = CitySpace{};
  acted = true;
  if (is_hero(v.card)) me.discard.add(v.card);  // a Skrull Hero: you gain it
  else me.victory.add(v.card);
  for (int i = 0; i < v.bystanders; ++i) me.victory.add(kBystander);
  if (v.under != kNoCard) limbo = v.under;
  push(tAfterDefeat, p);
  if (is_villain_card(v.card)) {
    const auto& list = cfg->on_fight[v.card];
    for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, p, v.card, i, space, 1);
  }
}

void State::fight_mastermind(bool pay) {
  if (pay) {
    const int cost = mastermind_attack();
    const int from_attack = std::min<int>(cost, attack);
    attack = static_cast<int16_t>(attack - from_attack);
    recruit = static_cast<int16_t>(recruit - (cost - from_attack));
  }
  acted = true;
  push(tTactic, turn_player_);
}

void State::take_tactic(int p, uint8_t tactic) {
  PlayerState& me = players[p];
  if (Events* ev = events()) {
    std::string text = "{P} {take|takes} the Tactic {card}";
    if (mm_bystanders) text += " and {rescue|rescues} " + std::to_string(mm_bystanders) + (mm_bystanders == 1 ? " Bystander" : " Bystanders");
    text += tactics.size() <= 1 ? ": {mastermind} is defeated" : " ({left} left)";
    Event e = story::about(*this, "tactic", text, p, tactic, kTacticsZone, seat_zone(p, kVictoryZone), Pos::kTop);
    e.with("mastermind", cfg->mastermind_name[static_cast<size_t>(mastermind)]).with("left", tactics.size() - 1);
    for (int i = 0; i < mm_bystanders; ++i) e.fact(CardFact::place(seat_zone(p, kVictoryZone), kBystander));
    ev->add(e);
  }
  tactics.remove(tactic);
  me.victory.add(tactic);
  for (int i = 0; i < mm_bystanders; ++i) me.victory.add(kBystander);
  mm_bystanders = 0;
  if (tactics.empty()) mm_defeated = true;
  push(tAfterDefeat, p);
  const auto& list = cfg->on_fight[tactic];
  for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) push(tEffect, p, tactic, i, -1, 5);
}

// ---------------------------------------------------------------------------
// Small effects

void State::gain(int p, uint8_t card) { players[p].discard.add(card); }

// A hand holds at most kHandCap cards (only a card table with huge draws gets
// near): a card that would go to a full hand goes to the discard pile.
void State::to_hand(int p, uint8_t card) {
  PlayerState& pl = players[p];
  if (pl.hand.full()) pl.discard.add(card);
  else pl.hand.add(card);
}

void State::gain_to_hand(int p, uint8_t card) {
  if (Events* ev = events()) {
    const bool full = players[p].hand.full();
    ev->add(story::about(*this, "gain", full ? "{P} {gain|gains} {card} (into {your|their} discard pile: the hand is full)" : "{P} {gain|gains} {card} into {your|their} hand", p, card, story::kOutside,
                         seat_zone(p, full ? kDiscardZone : kHandZone)));
  }
  to_hand(p, card);
}

// The cards left of a private look go back on top of p's deck, the first
// of the look on top; only p sees which.
void State::put_look_back(int p) {
  Events* ev = events();
  for (int i = look.size() - 1; i >= 0; --i) {
    if (ev) {
      story::private_move(*ev, *this, 1u << p, "back", "{P} {put|puts} {card} back on top of {your|their} deck", "{P} {put|puts} a card back on top of {your|their} deck", p, -1, look.c[i],
                          kLookZone, seat_zone(p, kDeckZone), Pos::kAny, top_pos(p));
    }
    players[p].deck.put_top(look.c[i], true);
  }
  look.clear();
  look_private = false;
}

void State::gain_wound(int p, bool into_hand) {
  if (wounds_left == 0 || over) return;
  PlayerState& pl = players[p];
  const bool may_block = !into_hand;
  if (may_block && reveals_wound_draw(p)) {  // Diving Block: reveal it and draw a card instead
    if (Events* ev = events()) {
      Event e("wound", "{P} {reveal|reveals} a card that draws instead of a Wound ({card}) and {draw|draws} a card instead of gaining one", p);
      bool by_played = false;
      for (int i = 0; i < n_played && p == turn_player_; ++i) {
        if (!by_played && played[i].card != kNoCard && cfg->wound_draw[played[i].as]) {
          by_played = true;
          e.with("card", cfg->name[played[i].as]);
        }
      }
      if (!by_played) reveal_facts(*this, e, p, [&](int x) { return cfg->wound_draw[static_cast<size_t>(x)]; });
      ev->add(e);
    }
    bool by_played = false;
    for (int i = 0; i < n_played && p == turn_player_; ++i) by_played = by_played || (played[i].card != kNoCard && cfg->wound_draw[played[i].as]);
    if (!by_played) {
      for (const uint8_t x : pl.hand) {
        if (cfg->wound_draw[x]) {
          pl.shown = x;
          break;
        }
      }
    }
    push(tDraw, p, kNoCard, 1, p == turn_player_ ? 1 : 0);
    return;
  }
  if (Events* ev = events()) {
    const bool hand = into_hand && !pl.hand.full();
    Event e = story::about(*this, "wound", hand ? "{P} {gain|gains} a Wound into {your|their} hand" : "{P} {gain|gains} a Wound", p, kWound, story::kOutside, seat_zone(p, hand ? kHandZone : kDiscardZone));
    // No card that would draw instead was revealed: the hand holds none.
    if (may_block) reveal_facts(*this, e, p, [&](int x) { return cfg->wound_draw[static_cast<size_t>(x)]; });
    ev->add(e);
  }
  --wounds_left;
  if (into_hand) to_hand(p, kWound);
  else pl.discard.add(kWound);
  check_evil_wins();
}

void State::rescue(int p, int n) {
  if (Events* ev = events(); ev && n > 0 && bystanders_left > 0) {
    const int k = std::min<int>(n, bystanders_left);
    Event e("rescue", "{P} {rescue|rescues} {count}", p);
    e.with("count", std::to_string(k) + (k == 1 ? " Bystander" : " Bystanders"));
    for (int i = 0; i < k; ++i) e.fact(CardFact::place(seat_zone(p, kVictoryZone), kBystander));
    ev->add(e);
  }
  for (int i = 0; i < n && bystanders_left > 0; ++i) {
    --bystanders_left;
    players[p].victory.add(kBystander);
  }
}

void State::capture(int space, int n) {
  if (Events* ev = events(); ev && n > 0 && bystanders_left > 0) {
    const int k = std::min<int>(n, bystanders_left);
    const std::string who = space < 0 ? "The Mastermind, " + cfg->mastermind_name[static_cast<size_t>(mastermind)] + "," : story::villain_name(*this, city[space].card) + " in the " + story::space_name(*this, space);
    ev->add(Event("capture", "{who} captures {count}").with("who", who).with("count", std::to_string(k) + (k == 1 ? " Bystander" : " Bystanders")));
  }
  for (int i = 0; i < n && bystanders_left > 0; ++i) {
    --bystanders_left;
    if (space < 0) ++mm_bystanders;
    else ++city[space].bystanders;
  }
}

void State::ko_card(uint8_t card) {
  if (card == kNoCard || card >= kCardIds) return;
  ++ko[card];
}

void State::discard_from_hand(int p, uint8_t card, bool by_effect) {
  PlayerState& pl = players[p];
  if (!pl.hand.remove(card)) return;
  if (by_effect && cfg->return_on_discard[card]) {  // Unending Energy returns to the hand
    if (Events* ev = events()) ev->add(story::about(*this, "discard", "{P} {discard|discards} {card}, which comes back to {your|their} hand", p, card, seat_zone(p, kHandZone), seat_zone(p, kHandZone)));
    pl.hand.add(card);
    return;
  }
  if (Events* ev = events()) ev->add(story::about(*this, "discard", "{P} {discard|discards} {card}", p, card, seat_zone(p, kHandZone), seat_zone(p, kDiscardZone)));
  pl.discard.add(card);
}

void State::each_player(int from, bool include_self, uint8_t op, int card, int a, int b, int c) {
  const int n = cfg->players;
  for (int k = n - 1; k >= (include_self ? 0 : 1); --k) push(op, (from + k) % n, card, a, b, c);
}

void State::finish(int8_t how) {
  over = true;
  result = how;
  n_tasks = 0;
  if (Events* ev = events()) story::game_over(*ev, *this);
}

bool State::evil_condition() const {
  if (scheme < 0) return false;
  const SchemeDef& sd = cfg->scheme[static_cast<size_t>(scheme)];
  switch (sd.rule) {
    case Rule::kCosmicCube: return twists_played >= 8;
    case Rule::kDarkPortals: return twists_played >= 7;
    case Rule::kLegacyVirus: return wounds_left == 0;
    case Rule::kBankRobbery: return bystanders_carried >= sd.evil_wins_at;
    case Rule::kNegativeZone: return villains_escaped >= sd.evil_wins_at;
    case Rule::kKillbots: return killbots_escaped >= sd.evil_wins_at;
    case Rule::kSkrullInvasion: return heroes_escaped >= sd.evil_wins_at;
    case Rule::kCivilWar: return hero_deck_size() <= 0;
  }
  return false;
}

void State::check_evil_wins() {
  if (over || mm_defeated || !built) return;
  if (evil_condition()) finish(-1);
}

double State::returns(int player) const {
  if (!over) return 0.0;
  const int n = cfg->players;
  const double team = result;
  if (n == 1) return 0.8 * team + 0.2 * std::tanh(solo_score() / 20.0);
  const int mine = vp(player);
  int lower = 0, higher = 0;
  for (int q = 0; q < n; ++q) {
    if (q == player) continue;
    const int v = vp(q);
    lower += v < mine;
    higher += v > mine;
  }
  return 0.8 * team + 0.2 * static_cast<double>(lower - higher) / (n - 1);
}

}  // namespace henchmen::legendary
