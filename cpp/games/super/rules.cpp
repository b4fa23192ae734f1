// Super!: setup, the turn's four options, draws, refreshes, reloads, the end.
// The Battle Phase (hits, defenses, elimination, Overtime) is in battle.cpp.
#include <algorithm>
#include <cstring>

#include "core/bits.h"
#include "core/standings.h"
#include "games/super/state.h"

namespace henchmen::super {

namespace {
uint16_t all_players(int n) { return static_cast<uint16_t>((1u << n) - 1); }
}  // namespace

State State::initial(const Config& cfg) {
  State s;
  s.cfg = &cfg;
  for (int p = 0; p < cfg.players; ++p) {
    s.health[p] = static_cast<int8_t>(cfg.health);
    s.power[p] = kNoCard;
    s.power_state[p] = kUp;
  }
  for (int k = 0; k < cfg.kinds; ++k) s.deck[k] = static_cast<uint8_t>(cfg.count[k]);
  s.deck_n = static_cast<uint8_t>(cfg.total_cards);
  if (Events* ev = events()) {
    Event e("setup", "The {cards} Playing Cards are shuffled into the deck; every player starts with {health} health");
    e.with("cards", cfg.total_cards).with("health", cfg.health);
    for (int k = 0; k < cfg.kinds; ++k) {
      for (int n = 0; n < cfg.count[k]; ++n) e.fact(CardFact::place(kDeckZone, k));
    }
    e.fact(CardFact::shuffle(kDeckZone));
    ev->add(e);
    // The picks come before any turn: a heading of their own (a "phase"
    // event), so a log does not file them under a turn that has not begun.
    const char* order = cfg.power_order == kArrival ? "in seat order" : cfg.power_order == kDrawnValue ? "by drawn value" : "the last seat first";
    ev->add(Event("phase", std::string("Choosing Super Powers, ") + order));
  }
  s.phase = kPicking;
  s.picker = cfg.power_order == kArrival ? 0 : cfg.power_order == kNewestFirst ? static_cast<uint8_t>(cfg.players - 1) : kNoCard;
  return s;
}

int State::alive_count() const {
  int n = 0;
  for (int p = 0; p < cfg->players; ++p) n += alive(p);
  return n;
}

int State::current_player() const {
  if (over) return kTerminal;
  if (to_draw > 0) return kChance;
  if (phase == kPicking) return picker == kNoCard ? kChance : picker;
  if (choice != kNoChoice) return chooser;
  if (reactions.open()) return reactions.responder();
  return turn_player_;
}

void State::chance_outcomes(std::vector<std::pair<Action, double>>& out) const {
  out.clear();
  if (to_draw > 0) {
    for (int k = 0; k < cfg->kinds; ++k) {
      if (deck[k]) out.emplace_back(kDeal + k, static_cast<double>(deck[k]) / deck_n);
    }
    return;
  }
  if (phase == kPicking && picker == kNoCard) {
    const int left = cfg->players - __builtin_popcount(picked);
    for (int p = 0; p < cfg->players; ++p) {
      if (!((picked >> p) & 1)) out.emplace_back(kPickNext + p, 1.0 / left);
    }
  }
}

Action State::sample_chance(Rng& rng) const {
  if (to_draw > 0) return kDeal + entry_of(deck, rng.below(deck_n));
  const int left = cfg->players - __builtin_popcount(picked);
  uint32_t r = rng.below(static_cast<uint32_t>(left));
  for (int p = 0; p < cfg->players; ++p) {
    if ((picked >> p) & 1) continue;
    if (r == 0) return kPickNext + p;
    --r;
  }
  return kPickNext;  // unreachable: current_player() is chance only with someone left to pick
}

int State::bonus_amount(int p, int k) const {
  const int extra = power_state[p] == kActive && cfg->powers[power[p]].ability == kPowMastery ? cfg->powers[power[p]].amount : 0;
  return cfg->type_of(k).amount + extra;
}

int State::attack_damage(int p, int k) const {
  const CardType& t = cfg->type_of(k);
  int d = cfg->value[k] + boost(p, k);
  if (t.category == kAttackCard && t.gives == kPlusDamage && bonus_holds(p, k)) d += bonus_amount(p, k);
  return d;
}

int State::boost(int p, int k) const {
  const bool on = power_state[p] == kActive && cfg->powers[power[p]].ability == kPowBoost;
  return on && cfg->type_of(k).category == kAttackCard ? cfg->powers[power[p]].amount : 0;
}

bool State::can_attack_with(int p, int k) const {
  const CardType& t = cfg->type_of(k);
  return t.ability == kAbAttack || (t.gives == kAsAttack && bonus_holds(p, k));
}


// The kinds held, sorted by what they can do (cards.h: Config's kind masks),
// so each kind of move is a few bit operations and a walk over its kinds, in
// ascending card order as before.
void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  const int cp = current_player();
  if (cp < 0) return;
  const int n = cfg->players;
  if (phase == kPicking) {
    for (int w = 0; w < static_cast<int>(cfg->powers.size()); ++w) {
      bool taken = false;
      for (int q = 0; q < n; ++q) taken = taken || ((picked >> q) & 1 && power[q] == w);
      if (!taken) out.push_back(kChoosePower + w);
    }
    return;
  }
  const uint64_t held = nonzero_bits(hand[cp]);
  if (choice == kCounterChoice) {
    for (uint64_t m = held; m; m &= m - 1) out.push_back(kCounterWith + __builtin_ctzll(m));
    return;
  }
  if (choice == kPartingTopChoice || choice == kPartingSecondChoice) {
    const Action base = choice == kPartingTopChoice ? kPartingTop : kPartingSecond;
    for (int k = 0; k < cfg->kinds; ++k) {
      const int have = hand[cp][k] - (choice == kPartingSecondChoice && k == parting_top);
      if (have > 0) out.push_back(base + k);
    }
    return;
  }
  if (reactions.open()) {
    const Hit& h = hits[0];
    int third[P];
    int n_third = 0;
    for (int t = 0; t < n; ++t) {
      if (t != cp && t != h.sender && alive(t)) third[n_third++] = t;
    }
    const bool may_deflect = !((h.deflected >> cp) & 1);
    const bool may_counter = !((countered >> cp) & 1);
    if (h.card != kPowerSource) {
      uint64_t defend = held & (cfg->block_kinds | (may_counter ? cfg->counter_kinds : 0));
      for (uint64_t m = held & cfg->as_shield_kinds; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        if (bonus_holds(cp, k)) defend |= uint64_t{1} << k;
      }
      for (uint64_t m = defend; m; m &= m - 1) out.push_back(kDefend + __builtin_ctzll(m));
      if (may_deflect) {
        for (uint64_t m = held & cfg->deflect_kinds; m; m &= m - 1) {
          const Action base = kDeflectAt + __builtin_ctzll(m) * P;
          for (int i = 0; i < n_third; ++i) out.push_back(base + third[i]);
        }
      }
    }
    if (power_defends(cp, h)) {
      const PowerAbility a = cfg->powers[power[cp]].ability;
      if (a == kPowShield || a == kPowAbsorb || a == kPowGuard || (a == kPowCounter && may_counter)) out.push_back(kPowerDefend);
      if (a == kPowDeflect && may_deflect) {
        for (int i = 0; i < n_third; ++i) out.push_back(kPowerDeflectAt + third[i]);
        // No third player: a deflect power blocks the attack instead.
        if (n_third == 0) out.push_back(kPowerDefend);
      }
    }
    out.push_back(kPass);
    return;
  }
  // The turn player's options, in order, each at most once.
  out.push_back(kEndTurn);
  if (phase <= kOptionDraw && (deck_n > 0 || discard_n > 1)) out.push_back(kDrawCard);
  int others[P];
  int n_others = 0;
  for (int t = 0; t < n; ++t) {
    if (t != cp && alive(t)) others[n_others++] = t;
  }
  if (phase <= kOptionPower && power_state[cp] == kUp && !cfg->powers[power[cp]].defense()) {
    if (cfg->powers[power[cp]].ability == kPowAttack || cfg->powers[power[cp]].ability == kPowAttackDrain) {
      for (int i = 0; i < n_others; ++i) out.push_back(kActivateAt + others[i]);
    } else {
      // A draw power needs something to draw.
      if (cfg->powers[power[cp]].ability != kPowDraw || deck_n > 0 || discard_n > 1) out.push_back(kActivate);
    }
  }
  if (phase <= kOptionDiscard) {
    uint64_t attackers = held & cfg->attack_kinds;
    for (uint64_t m = held & cfg->as_attack_kinds; m; m &= m - 1) {
      const int k = __builtin_ctzll(m);
      if (bonus_holds(cp, k)) attackers |= uint64_t{1} << k;
    }
    for (uint64_t m = attackers; m; m &= m - 1) {
      const Action base = kAttackAt + __builtin_ctzll(m) * P;
      for (int i = 0; i < n_others; ++i) out.push_back(base + others[i]);
    }
    for (uint64_t m = held & cfg->attack_all_kinds; m; m &= m - 1) out.push_back(kAttackAll + __builtin_ctzll(m));
    for (uint64_t m = held & cfg->effect_kinds; m; m &= m - 1) out.push_back(kDiscardFor + __builtin_ctzll(m));
  }
}

void State::draw_one(int p, int card) {
  --deck[card];
  --deck_n;
  ++hand[p][card];
  ++hand_n[p];
  --to_draw;
  if (Events* ev = events()) {
    Event mine("draw", "{P} {draw|draws} {card}", p);
    mine.with("card", cfg->name[card]).fact(CardFact::move(kDeckZone, p, card));
    ev->add_private(p, mine, Event("draw", "{P} {draw|draws} a card", p));
  }
  // The rulebook: refresh immediately after the last card is pulled.
  if (deck_n == 0) refresh();
}

// The discard pile, all but its top card, shuffled into a new deck.
bool State::refresh() {
  if (discard_n <= 1) return false;
  Event e("refresh", "The deck is refreshed: {cards} discards are shuffled into it, {top} stays on the discard pile");
  for (int k = 0; k < cfg->kinds; ++k) {
    const int move = discard[k] - (k == top[0] ? 1 : 0);
    deck[k] = static_cast<uint8_t>(move);
    discard[k] = static_cast<uint8_t>(discard[k] - move);
    if (events()) {
      for (int i = 0; i < move; ++i) e.fact(CardFact::move(kDiscardZone, kDeckZone, k));
    }
  }
  deck_n = static_cast<uint8_t>(discard_n - 1);
  discard_n = 1;
  top[1] = kNoCard;
  if (Events* ev = events()) {
    e.with("cards", static_cast<int>(deck_n)).with("top", cfg->name[top[0]]);
    e.fact(CardFact::shuffle(kDeckZone));
    ev->add(e);
  }
  return true;
}

void State::power_up(int p, const char* why) {
  if (power_state[p] != kDown || !alive(p)) return;
  power_state[p] = kUp;
  if (Events* ev = events()) ev->add(Event("power-up", std::string("{P} {power|powers} up (") + why + "): {power} back in hand", p).with("power", cfg->powers[power[p]].name));
}

void State::deactivate(int p, const char* why) {
  if (power_state[p] != kActive) return;
  power_state[p] = kDown;
  if (Events* ev = events()) ev->add(Event("deactivate", std::string("{P's} {power} deactivates (") + why + ")", p).with("power", cfg->powers[power[p]].name));
}

void State::heal(int p, int amount, const char* why) {
  const int gained = alive(p) ? std::min(amount, cfg->health - health[p]) : 0;
  if (gained <= 0) return;  // the eliminated regain nothing
  health[p] = static_cast<int8_t>(health[p] + gained);
  if (Events* ev = events()) {
    ev->add(Event("heal", std::string("{P} {regain|regains} {amount} health (") + why + "): {health} left", p).with("amount", gained).with("health", static_cast<int>(health[p])));
  }
}

// Runs whatever needs no decision (draws from a deck of one card, reloads,
// opening the next hit's window, partings, the end of a battle) and stops at
// the next decision or chance node.
void State::settle() {
  while (!over) {
    if (to_draw > 0) {
      if (deck_n == 0 && !refresh()) {
        to_draw = 0;  // nothing anywhere to draw: the draw stops short
      } else if (to_draw >= deck_n) {
        // The whole deck is drawn: certain from the counts, so no chance
        // node (and no order among its cards for anyone to tell apart).
        int k = 0;
        while (!deck[k]) ++k;
        draw_one(draw_for, k);
        continue;
      } else {
        return;  // chance decides
      }
    }
    if (reloading) {
      reloading = false;
      power_up(draw_for, "Reload");
    }
    if (reload) {
      int p = turn_player_;
      while (!((reload >> p) & 1)) p = (p + 1) % cfg->players;
      reload = static_cast<uint16_t>(reload & ~(1u << p));
      if (alive(p)) {
        draw_for = static_cast<uint8_t>(p);
        to_draw = static_cast<uint8_t>(cfg->hand_size);
        reloading = phase != kPicking;
        if (reloading) {
          if (Events* ev = events()) ev->add(Event("reload", "{P} {reload|reloads}: {cards} new cards", p).with("cards", cfg->hand_size));
        }
      }
      continue;
    }
    if (phase == kPicking) {
      if (picked != all_players(cfg->players)) return;
      start_turn(0);
      continue;
    }
    if (choice == kCounterChoice && hand_n[chooser] == 0) {
      choice = kNoChoice;  // nothing left to attack back with
      if (Events* ev = events()) ev->add(Event("counter-fizzles", "{P} {have|has} no card to attack back with", chooser));
    }
    if (choice != kNoChoice || reactions.open()) return;
    if (n_hits > 0) {
      const Hit h = hits[0];
      if (!alive(h.target)) {
        pop_hit();
        continue;
      }
      if (reactions.open_window(kOnHit, h.sender, askable(h), cfg->players)) return;
      pop_hit();
      land(h);
      continue;
    }
    if (parting) {
      int p = turn_player_;
      while (!((parting >> p) & 1)) p = (p + 1) % cfg->players;
      part(p);
      continue;
    }
    if (battle) {
      finish_battle();
      continue;
    }
    return;
  }
}

void State::start_turn(int p) {
  turn_player_ = static_cast<uint8_t>(p);
  phase = kOptionDraw;
  out_this_turn = 0;
  if (Events* ev = events()) ev->add(Event("turn", "Turn {turn}: {p's} turn", p).with("turn", static_cast<int>(turn)));
  if (power_state[p] == kActive && cfg->powers[power[p]].until == kStartOfNextTurn) deactivate(p, "the start of the turn");
}

void State::end_turn() {
  const int p = turn_player_;
  if (alive(p) && power_state[p] == kActive && cfg->powers[power[p]].until == kEndOfTurn) deactivate(p, "the end of the turn");
  ++turn;
  if (turn > cfg->max_turns()) {
    over = true;
    const Leader most = leader(cfg->players, [&](int q) { return health[q]; }, [&](int q) { return alive(q); });
    winner = static_cast<int8_t>(most.shared ? -2 : most.seat);
    if (Events* ev = events()) {
      ev->add(most.shared ? Event("game-over", "The round limit is reached with the most health shared: a draw")
                          : Event("game-over", "The round limit is reached: {P} {win|wins} with the most health", most.seat));
    }
    return;
  }
  int q = p;
  do q = (q + 1) % cfg->players;
  while (!alive(q));
  start_turn(q);
}

void State::discard_card(int p, int k) {
  --hand[p][k];
  --hand_n[p];
  ++discard[k];
  ++discard_n;
  top[1] = top[0];
  top[0] = static_cast<uint8_t>(k);
}

// The last Playing Card left the hand: Reload (five new cards, then a Power Up).
void State::after_discard(int p) {
  if (hand_n[p] == 0 && alive(p)) reload = static_cast<uint16_t>(reload | (1u << p));
}

void State::pick_order_next() {
  const uint16_t all = all_players(cfg->players);
  if (picked == all) {
    // Deal five cards to each player, in seat order.
    reload = all;
    return;
  }
  if (cfg->power_order == kArrival) {
    picker = static_cast<uint8_t>(picker + 1);
  } else if (cfg->power_order == kNewestFirst) {
    picker = static_cast<uint8_t>(picker - 1);
  } else {
    picker = kNoCard;
    if (__builtin_popcount(static_cast<unsigned>(all & ~picked)) == 1) picker = static_cast<uint8_t>(__builtin_ctz(static_cast<unsigned>(all & ~picked)));
  }
}

void State::apply(Action a) {
  if (a >= kPickNext) {
    picker = static_cast<uint8_t>(a - kPickNext);
    if (Events* ev = events()) ev->add(Event("pick-order", "{P} {draw|draws} the highest value and {choose|chooses} a Super Power next", picker));
    return;
  }
  if (a >= kDeal) {
    draw_one(draw_for, a - kDeal);
    settle();
    return;
  }
  if (a >= kChoosePower) {
    const int p = picker;
    power[p] = static_cast<uint8_t>(a - kChoosePower);
    picked = static_cast<uint16_t>(picked | (1u << p));
    if (Events* ev = events()) ev->add(Event("power", "{P} {choose|chooses} the Super Power {power}", p).with("power", cfg->powers[power[p]].name));
    pick_order_next();
    settle();
    return;
  }
  if (a >= kPartingTop) {
    const int p = chooser;
    choice = kNoChoice;
    if (a < kPartingSecond) {
      parting_top = static_cast<uint8_t>(a - kPartingTop);
      // Public, like the hand it comes from (shown face up on elimination).
      if (Events* ev = events()) {
        ev->add(Event("parting-top", "{P} {choose|chooses} {card} to go on top of the discard pile", p).with("card", cfg->name[parting_top]));
      }
      part(p);
    } else {
      finish_parting(p, a - kPartingSecond);
    }
    settle();
    return;
  }
  if (a >= kCounterWith) {
    const int p = chooser;
    const int k = a - kCounterWith;
    choice = kNoChoice;
    const CardType& t = cfg->type_of(k);
    // The counterattacking card lands on the pile like any discard, so its
    // own bonus reads the pile before it lands (the Counter card just
    // discarded), for damage as for a Recover's health. attack_damage also
    // holds Overcharge's boost; a counter power's limit comes last.
    const bool bonus = bonus_holds(p, k);
    const int full = attack_damage(p, k) + counter_bonus;
    const int damage = counter_most > 0 ? std::min(full, static_cast<int>(counter_most)) : full;
    const bool drain = t.attack_effect == kDrainEffect || (power_state[p] == kActive && cfg->powers[power[p]].ability == kPowDrain);
    discard_card(p, k);
    if (Events* ev = events()) {
      ev->add(Event("counterattack", "{P} {attack|attacks} {q} back with {card} for {damage}", p, counter_at)
                  .with("card", cfg->name[k]).with("damage", damage).with("bonus", bonus).fact(CardFact::move(hand_zone(p), kDiscardZone, k)));
    }
    if (t.passive_heal) heal(p, t.passive_heal, "a passive effect");
    if (t.ability == kAbRecover) heal(p, cfg->value[k] + (t.gives == kPlusHeal && bonus ? bonus_amount(p, k) : 0), cfg->name[k].c_str());
    if (t.ability == kAbPowerUp) power_up(p, "Power Up card");
    queue_hit(counter_at, p, damage, static_cast<uint8_t>(k), drain, true);
    after_discard(p);
    settle();
    return;
  }
  if (a >= kDefend && a <= kPass) {
    defend(a);
    settle();
    return;
  }
  const int p = turn_player_;
  if (a == kEndTurn) {
    if (Events* ev = events()) ev->add(Event("end-turn", "{P} {end|ends} the turn", p));
    end_turn();
    settle();
    return;
  }
  if (a == kDrawCard) {
    phase = kOptionPower;
    if (Events* ev = events()) ev->add(Event("draw-option", "{P} {choose|chooses} to draw a card", p));
    draw_for = static_cast<uint8_t>(p);
    to_draw = 1;
    settle();
    return;
  }
  if (a == kActivate || (a >= kActivateAt && a < kAttackAt)) {
    activate(p, a == kActivate ? -1 : a - kActivateAt);
    settle();
    return;
  }
  const int k = a >= kDiscardFor ? a - kDiscardFor : a >= kAttackAll ? a - kAttackAll : (a - kAttackAt) / P;
  use_card(p, k, a);
  settle();
}

// Option C: one card discarded, for an attack or for its effect.
void State::use_card(int p, int k, Action a) {
  const CardType& t = cfg->type_of(k);
  const int damage = attack_damage(p, k);
  const bool bonus = bonus_holds(p, k);
  const bool drain = t.attack_effect == kDrainEffect || (power_state[p] == kActive && cfg->powers[power[p]].ability == kPowDrain);
  phase = kOptionEnd;
  discard_card(p, k);
  const CardFact moved = CardFact::move(p, kDiscardZone, k);
  if (a >= kAttackAt && a < kAttackAll) {
    const int target = (a - kAttackAt) % P;
    if (Events* ev = events()) {
      ev->add(Event("attack", "{P} {attack|attacks} {q} with {card} for {damage}", p, target).with("card", cfg->name[k]).with("damage", damage).with("bonus", bonus).fact(moved));
    }
    queue_hit(target, p, damage, static_cast<uint8_t>(k), drain, false);
    battle = true;
  } else if (a >= kAttackAll && a < kDiscardFor) {
    if (Events* ev = events()) {
      ev->add(Event("attack-all", "{P} {attack|attacks} every other player with {card} for {damage}", p).with("card", cfg->name[k]).with("damage", damage).with("bonus", bonus).fact(moved));
    }
    for (int i = 1; i < cfg->players; ++i) {
      const int q = (p + i) % cfg->players;
      if (alive(q)) queue_hit(q, p, damage, static_cast<uint8_t>(k), drain, false);
    }
    battle = true;
  } else if (Events* ev = events()) {
    ev->add(Event("discard", "{P} {discard|discards} {card}", p).with("card", cfg->name[k]).with("bonus", bonus).fact(moved));
  }
  // Passive effects: whenever the card is discarded, whatever cancels its attack.
  if (t.passive_heal) heal(p, t.passive_heal, "a passive effect");
  if (t.ability == kAbRecover) heal(p, cfg->value[k] + (t.gives == kPlusHeal && bonus ? bonus_amount(p, k) : 0), cfg->name[k].c_str());
  if (t.ability == kAbPowerUp) power_up(p, "Power Up card");
  after_discard(p);
}

// Option B: the Super Power, on the turn.
void State::activate(int p, int target) {
  const Power& pw = cfg->powers[power[p]];
  phase = kOptionDiscard;
  power_state[p] = pw.until == kNow ? kDown : kActive;
  if (Events* ev = events()) {
    Event e("activate", target >= 0 ? "{P} {activate|activates} {power} against {q}" : "{P} {activate|activates} {power}", p, target);
    ev->add(e.with("power", pw.name));
  }
  switch (pw.ability) {
    case kPowAttack:
    case kPowAttackDrain:  // Inferno: the attacker regains what it takes
      queue_hit(target, p, pw.amount, kPowerSource, pw.ability == kPowAttackDrain, false);
      battle = true;
      break;
    case kPowAttackAll:
      for (int i = 1; i < cfg->players; ++i) {
        const int q = (p + i) % cfg->players;
        if (alive(q)) queue_hit(q, p, pw.amount, kPowerSource, false, false);
      }
      battle = true;
      break;
    case kPowHeal: heal(p, pw.amount, pw.name.c_str()); break;
    case kPowDraw:
      draw_for = static_cast<uint8_t>(p);
      to_draw = static_cast<uint8_t>(pw.amount);
      break;
    default: break;  // lasting powers work while active
  }
}

double State::returns(int p) const {
  if (!over || winner < 0) return 0.0;
  return p == winner ? 1.0 : -1.0 / (cfg->players - 1);
}

}  // namespace henchmen::super
