// Super!: the Battle Phase. An attack queues one hit per player it strikes;
// each hit's target is asked, through a reaction window of its own, whether
// to defend (absorb, shield, counter, deflect to a third player who is then
// asked in turn). When every hit is settled, the eliminated discard their
// hands in the order they choose, and the battle ends: the last player
// standing wins, or Overtime revives everyone eliminated this turn.
#include <algorithm>

#include "games/super/state.h"

namespace henchmen::super {

// Whether t's Super Power may defend against h: Powered Up, a defense
// power, and h an attack it stops (public facts all: damage, health).
bool State::power_defends(int t, const Hit& h) const {
  if (power_state[t] != kUp || !cfg->powers[power[t]].defense()) return false;
  switch (cfg->powers[power[t]].stops) {
    case kStopsCards: return h.card != kPowerSource;
    case kStopsKnockouts: return h.damage >= health[t];
    default: return true;
  }
}

// Asked by what everyone sees: a live target holding Playing Cards, or one
// whose defense Super Power stops this attack (a Super Power's attack only that).
uint32_t State::askable(const Hit& h) const {
  const int t = h.target;
  if (!alive(t)) return 0;
  const bool power_defense = power_defends(t, h);
  const bool can = h.card == kPowerSource ? power_defense : (hand_n[t] > 0 || power_defense);
  return can ? 1u << t : 0u;
}

void State::queue_hit(int target, int sender, int damage, uint8_t card, bool drain, bool front) {
  if (n_hits >= kMaxHits) return;  // unreachable: at most one hit per player and one counter per player
  Hit h;
  h.target = static_cast<int8_t>(target);
  h.sender = static_cast<int8_t>(sender);
  h.damage = static_cast<uint8_t>(std::min(damage, 99));
  h.card = card;
  h.drain = drain;
  if (front) {
    for (int i = n_hits; i > 0; --i) hits[i] = hits[i - 1];
    hits[0] = h;
  } else {
    hits[n_hits] = h;
  }
  ++n_hits;
}

void State::pop_hit() {
  for (int i = 1; i < n_hits; ++i) hits[i - 1] = hits[i];
  hits[--n_hits] = Hit{};
}

void State::land(const Hit& h) {
  const int t = h.target;
  int damage = h.damage;
  if (power_state[t] == kActive && cfg->powers[power[t]].ability == kPowGuard) damage = std::max(0, damage - cfg->powers[power[t]].amount);
  const int taken = std::min(damage, static_cast<int>(health[t]));
  health[t] = static_cast<int8_t>(health[t] - taken);
  if (Events* ev = events()) {
    ev->add(Event("hit", "{P} {take|takes} {damage} damage from {q}: {health} left", t, h.sender).with("damage", taken).with("health", static_cast<int>(health[t])));
  }
  if (h.drain && taken > 0 && alive(h.sender)) {
    // Vampiric Aura's amount: regained on top of what the drain takes.
    const int s = h.sender;
    const int extra = power_state[s] == kActive && cfg->powers[power[s]].ability == kPowDrain ? cfg->powers[power[s]].amount : 0;
    heal(s, taken + extra, "drain");
  }
  if (health[t] == 0) eliminate(t);
}

void State::eliminate(int p) {
  gone = static_cast<uint16_t>(gone | (1u << p));
  out_this_turn = static_cast<uint16_t>(out_this_turn | (1u << p));
  reload = static_cast<uint16_t>(reload & ~(1u << p));
  if (Events* ev = events()) ev->add(Event("eliminated", "{P} {are|is} eliminated", p));
  deactivate(p, "eliminated");
  power_state[p] = kDown;  // the Super! Power Card face down on the table
  if (hand_n[p] > 0) {
    parting = static_cast<uint16_t>(parting | (1u << p));
    // The hand is about to go face up onto the pile in an order of the
    // player's choosing: it is shown now (moved face up in front of them),
    // so that choice hides nothing.
    if (Events* ev = events()) {
      Event e("reveal", "{P} {show|shows} the hand to discard: {cards}", p);
      std::string names;
      for (int k = 0; k < cfg->kinds; ++k) {
        for (int i = 0; i < hand[p][k]; ++i) {
          names += (names.empty() ? "" : ", ") + cfg->name[k];
          e.fact(CardFact::move(p, kShownZone + p, k));
        }
      }
      ev->add(e.with("cards", names));
    }
  }
}

namespace {
int distinct(const uint8_t* c, int kinds, int minus = -1) {
  int n = 0;
  for (int k = 0; k < kinds; ++k) n += c[k] - (k == minus) > 0;
  return n;
}
int only(const uint8_t* c, int kinds, int minus = -1) {
  for (int k = 0; k < kinds; ++k) {
    if (c[k] - (k == minus) > 0) return k;
  }
  return -1;
}
}  // namespace

// An eliminated player's hand goes to the discard pile in the order they
// choose; only the last two cards can matter (the next bonuses), so they
// choose the top card, then the one below it.
void State::part(int p) {
  if (hand_n[p] == 0) {
    parting = static_cast<uint16_t>(parting & ~(1u << p));
    return;
  }
  if (parting_top == kNoCard) {
    if (distinct(hand[p], cfg->kinds) >= 2) {
      choice = kPartingTopChoice;
      chooser = static_cast<uint8_t>(p);
      return;
    }
    parting_top = static_cast<uint8_t>(only(hand[p], cfg->kinds));
  }
  const int rest = distinct(hand[p], cfg->kinds, parting_top);
  if (rest >= 2) {
    choice = kPartingSecondChoice;
    chooser = static_cast<uint8_t>(p);
    return;
  }
  finish_parting(p, rest == 0 ? -1 : only(hand[p], cfg->kinds, parting_top));
}

void State::finish_parting(int p, int second) {
  const int keep_top = parting_top;
  Event e("parting", second >= 0 ? "{P} {discard|discards} {cards} cards, ending with {second} and then {top} on top" : "{P} {discard|discards} {top}", p);
  e.with("cards", static_cast<int>(hand_n[p])).with("top", cfg->name[keep_top]);
  if (second >= 0) e.with("second", cfg->name[second]);
  auto put = [&](int k) {
    discard_card(p, k);
    if (events()) e.fact(CardFact::move(hand_zone(p), kDiscardZone, k));
  };
  --hand[p][keep_top];
  --hand_n[p];
  if (second >= 0) {
    --hand[p][second];
    --hand_n[p];
  }
  for (int k = 0; k < cfg->kinds; ++k) {
    while (hand[p][k]) put(k);
  }
  if (second >= 0) {
    ++hand[p][second];
    ++hand_n[p];
    put(second);
  }
  ++hand[p][keep_top];
  ++hand_n[p];
  put(keep_top);
  parting_top = kNoCard;
  parting = static_cast<uint16_t>(parting & ~(1u << p));
  if (Events* ev = events()) ev->add(e);
}

void State::finish_battle() {
  battle = false;
  countered = 0;
  const int left = alive_count();
  if (left == 0) {
    // Overtime: everyone eliminated this turn comes back with 10 health and
    // a Reload (their hands went to the discard pile), and play goes on.
    if (Events* ev = events()) ev->add(Event("overtime", "Everyone left is eliminated at once: Overtime! Each of them returns with {health} health").with("health", cfg->overtime_health));
    for (int p = 0; p < cfg->players; ++p) {
      if (!((out_this_turn >> p) & 1)) continue;
      gone = static_cast<uint16_t>(gone & ~(1u << p));
      health[p] = static_cast<int8_t>(cfg->overtime_health);
      reload = static_cast<uint16_t>(reload | (1u << p));
    }
    out_this_turn = 0;
    end_turn();
    return;
  }
  if (left == 1) {
    int last = 0;
    while (!alive(last)) ++last;
    over = true;
    winner = static_cast<int8_t>(last);
    reactions.clear();
    reload = 0;
    if (Events* ev = events()) ev->add(Event("game-over", "{P} {are|is} the last player standing and {win|wins}", last));
    return;
  }
  if (!alive(turn_player_)) end_turn();
}

// The target answers the hit at the front: a pass, a defense card, or a defense Super Power.
void State::defend(Action a) {
  const int r = reactions.responder();
  const Hit h = hits[0];
  if (a == kPass) {
    if (Events* ev = events()) ev->add(uint32_t{1} << r, Event("pass", "{P} {take|takes} the hit", r), std::nullopt);
    reactions.pass();
    reactions.close();
    pop_hit();
    land(h);
    return;
  }
  reactions.reacted();
  reactions.close();
  pop_hit();
  const uint16_t deflected = static_cast<uint16_t>(h.deflected | (1u << r));
  auto counter = [&](int bonus, int most) {
    land(h);
    countered = static_cast<uint16_t>(countered | (1u << r));
    if (!alive(h.sender)) return;
    choice = kCounterChoice;
    chooser = static_cast<uint8_t>(r);
    counter_at = h.sender;
    counter_bonus = static_cast<uint8_t>(bonus);
    counter_most = static_cast<uint8_t>(most);
  };
  if (a >= kPowerDefend) {
    const Power& pw = cfg->powers[power[r]];
    // A guard stays active (and lands this hit lessened); the rest power down.
    power_state[r] = pw.ability == kPowGuard ? kActive : kDown;
    const int target = a >= kPowerDeflectAt ? a - kPowerDeflectAt : -1;
    if (Events* ev = events()) {
      const bool blocks = pw.ability == kPowShield || (pw.ability == kPowDeflect && target < 0);  // a deflect with no third player
      const char* how = blocks ? "{P} {block|blocks} the attack with {power}" : pw.ability == kPowAbsorb ? "{P} {absorb|absorbs} the attack with {power}"
                        : pw.ability == kPowGuard                                        ? "{P} {brace|braces} against the attack with {power}"
                        : pw.ability == kPowCounter                                     ? "{P} {counter|counters} with {power}"
                                                                                          : "{P} {deflect|deflects} the attack to {q} with {power}";
      ev->add(Event("defend", how, r, target).with("power", pw.name).with("damage", static_cast<int>(h.damage)));
    }
    // An absorb power regains the attack's value, at most its amount (0: no limit).
    if (pw.ability == kPowAbsorb) heal(r, pw.amount > 0 ? std::min<int>(h.damage, pw.amount) : h.damage, pw.name.c_str());
    // A counter power attacks back for the card's value, at most its amount (0: no limit).
    if (pw.ability == kPowCounter) counter(0, pw.amount);
    if (pw.ability == kPowGuard) land(h);
    // A shield power's amount: cards its owner draws after the block (Tailwind).
    if (pw.ability == kPowShield && pw.amount > 0) {
      draw_for = static_cast<uint8_t>(r);
      to_draw = static_cast<uint8_t>(pw.amount);
    }
    // A deflect power regains its amount, at most the attack's value, when
    // it sends the attack on (Rebound); blocking, with no third player, it
    // regains nothing.
    if (pw.ability == kPowDeflect && target >= 0) {
      heal(r, std::min<int>(h.damage, pw.amount), pw.name.c_str());
      queue_hit(target, r, h.damage, h.card, false, true);
      hits[0].deflected = deflected;
    }
    return;
  }
  const bool deflect = a >= kDeflectAt;
  const int k = deflect ? (a - kDeflectAt) / P : a - kDefend;
  const int target = deflect ? (a - kDeflectAt) % P : -1;
  const CardType& t = cfg->type_of(k);
  const bool bonus = bonus_holds(r, k);
  const int extra = bonus ? bonus_amount(r, k) : 0;
  discard_card(r, k);
  if (Events* ev = events()) {
    const Ability ab = t.category == kAttackCard ? kAbShield : t.ability;
    const char* how = ab == kAbShield ? "{P} {block|blocks} the attack with {card}" : ab == kAbAbsorb ? "{P} {absorb|absorbs} the attack with {card}"
                      : ab == kAbCounter                                        ? "{P} {counter|counters} with {card}"
                                                                              : "{P} {deflect|deflects} the attack to {q} with {card}";
    ev->add(Event("defend", how, r, target).with("card", cfg->name[k]).with("damage", static_cast<int>(h.damage)).with("bonus", bonus).fact(CardFact::move(r, kDiscardZone, k)));
  }
  if (t.passive_heal) heal(r, t.passive_heal, "a passive effect");
  if (deflect) {
    queue_hit(target, r, h.damage + (t.gives == kPlusDamage ? extra : 0), h.card, false, true);
    hits[0].deflected = deflected;
  } else if (t.ability == kAbAbsorb) {
    heal(r, h.damage + (t.gives == kPlusHeal ? extra : 0), cfg->name[k].c_str());
  } else if (t.ability == kAbCounter) {
    counter(t.gives == kPlusDamage ? extra : 0, 0);
  } else if (t.gives == kPlusHeal && bonus) {
    heal(r, extra, cfg->name[k].c_str());  // a Shield's bonus
  }
  after_discard(r);
}

}  // namespace henchmen::super
