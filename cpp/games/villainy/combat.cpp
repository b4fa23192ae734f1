// Villainy: who may attack whom, A! against D!, the Hideout, destroyed
// cards and eliminated players ("Attacking & Defending").
#include "games/villainy/words.h"

namespace henchmen::villainy {

// "If there are any Minions directly in front of the Master, he cannot
// attack or be attacked": a Minion in the Master's column, either row. The
// Hideout over him is blocked the same way.
bool State::master_blocked(int player) const {
  const int col = players[player].master_column;
  return minion_at(player, col) || minion_at(player, col + kColumns);
}

// "The Monster cannot attack or be attacked until it is completed (meaning
// one of each piece is in play)"; flipped pieces still count as in play.
bool State::monster_complete(int player) const {
  for (const Part& part : players[player].monster) {
    if (part.n == 0) return false;
  }
  return true;
}

bool State::ranged(int player, int spot) const {
  const Spot& s = players[player].grid[spot];
  return s.minion != kNoCard && ranged_spot(*cfg, s);
}

uint8_t State::count_ranged_spots(int player) const {
  uint8_t out = 0;
  for (uint32_t m = count_minion_spots(player); m; m &= m - 1) {
    const int s = __builtin_ctz(m);
    if (ranged_spot(*cfg, players[player].grid[s])) out |= static_cast<uint8_t>(1u << s);
  }
  return out;
}

void State::regrid(int player) {
  players[player].minions = count_minion_spots(player);
  players[player].ranged = count_ranged_spots(player);
}

namespace {
// A back-row spot is blocked by a Minion in front of it, in its column.
uint16_t unblocked(uint8_t minions) { return static_cast<uint16_t>(minions & ~((minions & 0b111) << kColumns)); }
uint16_t part_bit(int part) { return static_cast<uint16_t>(1u << (kPartBase + part)); }
// master_blocked, read from a grid's Minion mask.
bool in_front_of_master(uint32_t minions, int column) { return (minions >> column | minions >> (column + kColumns)) & 1; }
}  // namespace

// "A Minion can only attack if a) he is not blocked by a Minion and b) the
// opposing Minion is not blocked by another Minion"; ranged Minions ignore
// both; Monsters "can attack any row and any column"; the Master (and the
// Hideout over him) "may never be attacked if a Minion is in front of him -
// even by a Monster".
Reach State::reach(int player) const {
  Reach r;
  const Player& pl = players[player];
  const uint8_t mine = pl.minions;
  r.attackers = unblocked(mine) | pl.ranged;
  r.wide = pl.ranged;
  if (monster_complete(player)) {
    for (int i = 0; i < 4; ++i) {
      if (pl.monster[i].active) r.attackers |= part_bit(i);
    }
  }
  for (int i = 0; i < 4; ++i) r.wide |= part_bit(i);
  if (pl.hideout == HideoutState::kGone && !in_front_of_master(mine, pl.master_column)) r.attackers |= 1u << kMasterAttacker;
  for (int q = 0; q < cfg->players; ++q) {
    const Player& foe = players[q];
    if (q == player || !foe.alive) continue;
    r.foes |= static_cast<uint8_t>(1u << q);
    const uint8_t theirs = foe.minions;
    r.minions[q] = theirs;
    uint16_t open = unblocked(theirs);
    if (monster_complete(q)) {
      for (int i = 0; i < 4; ++i) {
        if (foe.monster[i].active) open |= part_bit(i);
      }
    }
    if (!in_front_of_master(theirs, foe.master_column)) {
      if (foe.hideout == HideoutState::kStanding) open |= 1u << kHideoutTarget;
      if (foe.hideout == HideoutState::kGone) open |= 1u << kMasterTarget;
    }
    r.open[q] = open;
  }
  return r;
}

bool State::can_target(int player, int attacker, int target_player, int target) const {
  if (target_player < 0 || target_player >= cfg->players) return false;
  return reach(player).targets(attacker, target_player) >> target & 1;
}

namespace {
// What kind of card stands on the other side of a fight (Setup conditions).
enum class Foe : uint8_t { kMinion, kMonster, kOther };
Foe foe_of_attacker(int attacker) { return attacker < kPartBase ? Foe::kMinion : attacker < kMasterAttacker ? Foe::kMonster : Foe::kOther; }
Foe foe_of_target(int target) { return target < kPartBase ? Foe::kMinion : target < kHideoutTarget ? Foe::kMonster : Foe::kOther; }

bool applies(const Bonus& b, int type) { return b.only < 0 || b.only == type; }

// Calls f(bonus) for each of a player's lasting cards, Hideout additions
// and (his Monster complete) active Monster parts: what every Minion of his
// may add, if the bonus applies to its type.
template <class F>
void each_bonus(const State& s, int player, F f) {
  const Player& pl = s.players[player];
  for (const uint8_t c : pl.lasting) f(s.def(c).bonus);
  for (const uint8_t c : {pl.left, pl.right}) {
    if (c != kNoCard) f(s.def(c).bonus);
  }
  if (s.monster_complete(player)) {
    for (const Part& part : pl.monster) {
      if (part.active) f(s.def(part.top()).bonus);
    }
  }
}

// What those bonuses add to a Minion of `type`.
MinionStats shared_bonus(const State& s, int player, int type) {
  MinionStats v;
  each_bonus(s, player, [&](const Bonus& b) {
    if (applies(b, type)) {
      v.attack += b.attack;
      v.defense += b.defense;
    }
  });
  return v;
}

// A Minion's A! and D! with every bonus: its Gear and temporary Gear, the
// player's shared bonuses (`shared`, for its type), and the Setup chain
// when complete and its condition holds.
MinionStats minion_stats(const State& s, int player, int spot, Foe foe, MinionStats shared) {
  const Player& pl = s.players[player];
  const Spot& sp = pl.grid[spot];
  const CardDef& m = s.def(sp.minion);
  const int type = m.minion_type;
  MinionStats v{m.attack + shared.attack, m.defense + shared.defense};
  if (foe == Foe::kMonster) v.attack += m.vs_monsters;
  if (sp.gear != kNoCard) {
    const CardDef& g = s.def(sp.gear);
    v.attack += g.attack;
    v.defense += g.defense;
    if (foe == Foe::kMonster) v.attack += g.vs_monsters;
  }
  if (sp.temp != kNoCard) {  // never beside a Gear card
    v.attack += s.def(sp.temp).attack;
    v.defense += s.def(sp.temp).defense;
  }
  // "+2...D...against Minions": the chain's bonus, to the stat its B card names.
  if (pl.setup[0] != kNoCard && pl.setup[1] != kNoCard && pl.setup[2] != kNoCard) {
    const CardDef& c = s.def(pl.setup[2]);
    bool holds = false;
    switch (c.condition) {
      case Condition::kAgainstMinions: holds = foe == Foe::kMinion; break;
      case Condition::kAgainstMonsters: holds = foe == Foe::kMonster; break;
      case Condition::kFrontRow: holds = front_row(spot); break;
      case Condition::kBackRow: holds = !front_row(spot); break;
      case Condition::kWithGear: holds = sp.gear != kNoCard || sp.temp != kNoCard; break;  // temporary Gear is Gear
      case Condition::kMinionType: holds = deck_of_card(pl.setup[2]) == deck_of_card(sp.minion) && c.condition_type == type; break;
    }
    const int stat = s.def(pl.setup[1]).stat;
    if (holds && stat == 0) v.attack += s.def(pl.setup[0]).amount;
    if (holds && stat == 1) v.defense += s.def(pl.setup[0]).amount;
  }
  return v;
}

// One stat (0: A!, 1: D!) of the Minion at `spot`.
int minion_stat(const State& s, int player, int spot, int stat, Foe foe) {
  const MinionStats v = minion_stats(s, player, spot, foe, shared_bonus(s, player, s.def(s.players[player].grid[spot].minion).minion_type));
  return stat == 0 ? v.attack : v.defense;
}
}  // namespace

// Every Minion's A! and D! against a Minion, the shared bonuses summed in
// one pass for both Minion types (the tensor's and the heuristic's: per
// Minion and stat they were 12% of a batched Villainy step, 7 December).
void State::grid_stats(int player, MinionStats out[kSpots]) const {
  MinionStats shared[3];  // by type + 1: -1 (bonuses for every Minion only), 0, 1
  each_bonus(*this, player, [&](const Bonus& b) {
    for (int type = -1; type < 2; ++type) {
      if (!applies(b, type)) continue;
      shared[type + 1].attack += b.attack;
      shared[type + 1].defense += b.defense;
    }
  });
  for (int spot = 0; spot < kSpots; ++spot) {
    if (!minion_at(player, spot)) continue;
    const int type = def(players[player].grid[spot].minion).minion_type;
    const MinionStats bonus = type >= -1 && type <= 1 ? shared[type + 1] : shared_bonus(*this, player, type);  // Minions are of type 0 or 1
    out[spot] = minion_stats(*this, player, spot, Foe::kMinion, bonus);
  }
}

int State::attack_value(int player, int attacker, int, int target, int bonus) const {
  if (attacker < kPartBase) return minion_stat(*this, player, attacker, 0, foe_of_target(target)) + bonus;
  if (attacker < kMasterAttacker) return def(players[player].monster[attacker - kPartBase].top()).attack + bonus;
  return cfg->deck_def(player).master_attack + bonus;
}

int State::defense_value(int target_player, int target, int, int attacker) const {
  if (target < kPartBase) return minion_stat(*this, target_player, target, 1, foe_of_attacker(attacker));
  if (target < kHideoutTarget) return def(players[target_player].monster[target - kPartBase].top()).defense;
  if (target == kHideoutTarget) return 0;  // "the Hideout has no defense"
  return cfg->deck_def(target_player).master_defense;
}

void State::declare_attack(int attacker, int target_player, int target, bool free, int bonus) {
  const int p = turn_player_;
  if (!free) --actions;
  declared = Declared{};
  declared.attack = true;
  declared.free = free;
  declared.attacker = static_cast<uint8_t>(attacker);
  declared.target_player = static_cast<uint8_t>(target_player);
  declared.target = static_cast<uint8_t>(target);
  declared.bonus = static_cast<int8_t>(bonus);
  if (Events* ev = events()) {
    Event e("attack", "{P} {attack|attacks} {q's} {target} with {attacker}", p, target_player);
    e.with("attacker", attacker_story(*this, p, attacker)).with("target", target_story(*this, target_player, target, false));
    ev->add(e);
  }
  if (reactions.open_window(kOnAttack, p, askable(p), cfg->players)) phase = Phase::kWindow;
  else resolve_attack();
}

void State::resolve_attack() {
  const Declared d = declared;
  declared = Declared{};
  phase = Phase::kMain;
  const int p = turn_player_;
  const int q = d.target_player;
  Player& foe = players[q];
  Events* ev = events();
  if (d.target == kHideoutTarget) {
    last = LastAttack{static_cast<int8_t>(p), d.attacker, static_cast<uint8_t>(q), d.target, 0, 0};
    // "Any attack on it scores one hit unless the attacked player ... discards
    // an adjacent Hideout card to absorb the hit"; at one hit left the
    // additions must go first.
    const int additions = (foe.left != kNoCard) + (foe.right != kNoCard);
    if (additions == 0) {
      hit_hideout(q);
    } else if (foe.hits == 1 && additions == 1) {
      absorb(q, foe.left != kNoCard ? 1 : 2);
    } else {
      phase = Phase::kAbsorb;
      absorber = static_cast<uint8_t>(q);
    }
    return;
  }
  const int a = attack_value(p, d.attacker, q, d.target, d.bonus);
  const int def_value = defense_value(q, d.target, p, d.attacker);
  const bool success = a >= def_value;
  last = LastAttack{static_cast<int8_t>(p), d.attacker, static_cast<uint8_t>(q), d.target, static_cast<int8_t>(a), static_cast<int8_t>(def_value)};
  const std::string target = ev ? target_story(*this, q, d.target, false) : std::string();
  if (ev) {
    Event e("result", success ? "{Q's} {target}: A! {attack} against D! {defense}, destroyed" : "{Q's} {target}: A! {attack} against D! {defense}, the attack fails", p, q);
    e.with("attack", a).with("defense", def_value).with("target", target).with("success", success);
    ev->add(e);
  }
  if (!success) return;
  bool draws = false;
  if (d.attacker < kPartBase) {
    const Spot& s = players[p].grid[d.attacker];
    draws = def(s.minion).draw_on_destroy || (s.gear != kNoCard && def(s.gear).draw_on_destroy);
  }
  if (d.target < kPartBase) {
    destroy_minion(q, d.target);
  } else if (d.target < kHideoutTarget) {
    // "If defeated, a piece is simply flipped over, becoming inactive."
    foe.monster[d.target - kPartBase].active = false;
  } else {
    eliminate(q);
  }
  if (draws && !over) push_task(TaskKind::kDraw, p, 1);
}

void State::hit_hideout(int player) {
  Player& pl = players[player];
  --pl.hits;
  if (pl.hits == 0) pl.hideout = HideoutState::kFallen;
  if (Events* ev = events()) {
    ev->add(pl.hits ? Event("hideout-hit", "{p's} Hideout takes a hit: {hits} left", player).with("hits", static_cast<int>(pl.hits))
                    : Event("hideout-destroyed", "{p's} Hideout takes its sixth hit and is destroyed: {master} will be exposed on {p's} next turn", player).with("hits", 0).with("master", cfg->deck_def(player).name));
  }
}

// side: 0 take the hit, 1 the Hideout - Left absorbs it, 2 the Right.
void State::absorb(int player, int side) {
  phase = Phase::kMain;
  absorber = 0;
  if (side == 0) {
    hit_hideout(player);
    return;
  }
  Player& pl = players[player];
  uint8_t& slot = side == 1 ? pl.left : pl.right;
  const uint8_t card = slot;
  slot = kNoCard;
  if (Events* ev = events()) ev->add(Event("absorb", "{P} {discard|discards} {card} to absorb the hit", player).with("card", cfg->name[card]));
  discard_in_play(player, card);
}

// "Discard both the Minion and the Gear card."
void State::destroy_minion(int player, int spot) {
  Spot& s = players[player].grid[spot];
  const Spot old = s;
  s = Spot{};
  respot(player, spot);
  discard_in_play(player, old.minion);
  if (old.gear != kNoCard) discard_in_play(old.gear_owner, old.gear);
  if (old.temp != kNoCard) discard_in_play(player, old.temp);
}

// "When all opposing Masters have been destroyed, the player whose Master
// remains is the winner." Designed: a destroyed Master's player is out and
// every card they own leaves play; other players' Gear on their Minions goes
// to its owners' discard piles.
void State::eliminate(int player) {
  Player& pl = players[player];
  Events* ev = events();
  Event full, others;
  if (ev) {
    full = Event("out", "{p's} Master {master} is destroyed: {P} {are|is} out and {p's} cards leave play", player);
    full.with("master", cfg->deck_def(player).name);
    others = full;
    for (const uint8_t c : pl.hand) {
      full.fact(CardFact::remove(hand_zone(player), c));
      others.fact(CardFact::remove(hand_zone(player), -1));
    }
    for (int i = 0; i < pl.draw.size(); ++i) {
      full.fact(CardFact::remove(draw_zone(player), -1));
      others.fact(CardFact::remove(draw_zone(player), -1));
    }
    for (const uint8_t c : pl.discard) {
      full.fact(CardFact::remove(discard_zone(player), c));
      others.fact(CardFact::remove(discard_zone(player), c));
    }
    std::vector<uint8_t> mine;
    zone_cards(play_zone(player), mine);
    for (const uint8_t c : mine) {
      full.fact(CardFact::remove(play_zone(player), c));
      others.fact(CardFact::remove(play_zone(player), c));
    }
  }
  // Other players' Gear on this player's Minions goes home first.
  for (Spot& s : pl.grid) {
    if (s.gear != kNoCard && s.gear_owner != player) discard_in_play(s.gear_owner, s.gear);
    s = Spot{};
  }
  // This player's Gear on other players' Minions leaves play with the rest.
  for (int q = 0; q < cfg->players; ++q) {
    for (Spot& s : players[q].grid) {
      if (q != player && s.gear != kNoCard && s.gear_owner == player) {
        s.gear = kNoCard;
        s.gear_owner = 0;
      }
    }
    regrid(q);
  }
  const uint8_t column = pl.master_column;
  pl = Player{};
  pl.alive = false;
  pl.hits = 0;
  pl.hideout = HideoutState::kGone;
  pl.master_column = column;
  if (ev) ev->add(uint32_t{1} << player, full, others);
  if (alive_count() == 1) {
    over = true;
    n_tasks = 0;
    for (int q = 0; q < cfg->players; ++q) {
      if (players[q].alive) winner = static_cast<int8_t>(q);
    }
    if (ev) ev->add(Event("game-over", "{p's} Master {master} is the last Master standing: {P} {win|wins}", winner).with("master", cfg->deck_def(winner).name));
  }
}

}  // namespace henchmen::villainy
