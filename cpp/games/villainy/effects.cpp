// Villainy: moving cards (Minions, the Master, Gear) and Special Actions,
// with the free choices they allow.
#include "games/villainy/words.h"

namespace henchmen::villainy {

// "A Minion may not have more than one Gear card at a time", temporary Gear
// counted (kNoGear); some Gear is for one type of Minion only (of its own deck).
uint8_t State::bare_minions(int player) const {
  // A Minion (byte 0 not kNoCard) without Gear (bytes 1 and 3 kNoCard).
  const Spot (&grid)[kSpots] = players[player].grid;
  return static_cast<uint8_t>(spots_where(grid, kGearBytes, kNoGear) & ~spots_where(grid, 0xFF, kNoCard));
}


// "For one action, a player may move a Minion ... to any available open
// spot"; "two Minions may swap places". A Minion's Gear goes with it.
void State::do_move(int from, int to) {
  const int p = turn_player_;
  Spot* grid = players[p].grid;
  const bool swap = grid[to].minion != kNoCard;
  if (Events* ev = events()) {
    Event e(swap ? "swap" : "move", swap ? "{P} {swap|swaps} {card} ({from}) and {other_card} ({to})" : "{P} {move|moves} {card} from {from} to {to}", p);
    e.with("card", cfg->name[grid[from].minion]).with("from", spot_name(from)).with("to", spot_name(to));
    if (swap) e.with("other_card", cfg->name[grid[to].minion]);
    ev->add(e);
  }
  const Spot moving = grid[from];
  grid[from] = grid[to];
  grid[to] = moving;
  respot(p, from);
  respot(p, to);
}

// "The Master card may only be moved to the left or right of the original
// position": one column, within the three.
void State::move_master(int direction) {
  const int p = turn_player_;
  Player& pl = players[p];
  pl.master_column = static_cast<uint8_t>(pl.master_column + (direction ? 1 : -1));
  if (Events* ev = events()) {
    ev->add(Event("move-master", "{P} {move|moves} {master} {way} (column {column})", p).with("master", cfg->deck_def(p).name).with("way", direction ? "right" : "left").with("column", static_cast<int>(pl.master_column) + 1));
  }
}

void State::move_gear(int from, int to) {
  const int p = turn_player_;
  Spot* grid = players[p].grid;
  if (Events* ev = events()) {
    ev->add(Event("move-gear", "{P} {move|moves} {card} from {from} to {to}", p).with("card", cfg->name[grid[from].gear]).with("from", spot_name(from)).with("to", spot_name(to)));
  }
  grid[to].gear = grid[from].gear;
  grid[to].gear_owner = grid[from].gear_owner;
  grid[from].gear = kNoCard;
  grid[from].gear_owner = 0;
  respot(p, from);
  respot(p, to);
}

// Whether a Special Action has something to act on now (it is never played
// into a choice it cannot make).
bool State::special_usable(int player, int card, const Reach* reach_now) const {
  if (specials >= kMaxSpecialsPerTurn) return false;
  switch (def(card).effect) {
    case Effect::kTempGear: return bare_minions(player) != 0;
    case Effect::kRally:
    case Effect::kDraw:
    case Effect::kFreeMove: return true;  // the Master can always move
    case Effect::kFreeAttack: return reach_now ? reach_now->any(cfg->players) : any_attack(player);
    case Effect::kDisarm:
    case Effect::kStealGear:
    case Effect::kShove:
      // Read from each opponent's Minion mask (Player::minions): asked of
      // every such card in hand at every decision.
      for (int q = 0; q < cfg->players; ++q) {
        if (q == player || !players[q].alive) continue;
        const Player& foe = players[q];
        const uint32_t minions = foe.minions;
        if (minions == 0) continue;
        switch (def(card).effect) {
          case Effect::kShove:
            if (minions != (1u << kSpots) - 1) return true;  // a Minion, and a free spot to shove it to
            break;
          case Effect::kDisarm:
            // Disarm discards temporary Gear too (decision 14); it is never taken.
            if (minions & ~spots_where(foe.grid, kGearBytes, kNoGear)) return true;
            break;
          default:  // Steal Gear: a Gear some Minion of ours may take
            for (uint32_t m = minions & ~spots_where(foe.grid, 0xFF00u, uint32_t{kNoCard} << 8); m; m &= m - 1) {
              if (gear_spots(foe.grid[__builtin_ctz(m)].gear, player)) return true;
            }
            break;
        }
      }
      return false;
  }
  return false;
}

void State::start_special(int card) {
  const int p = turn_player_;
  choice = Choice{};
  choice.card = static_cast<uint8_t>(card);
  switch (def(card).effect) {
    case Effect::kRally:
      players[p].lasting.add(static_cast<uint8_t>(card));
      choice = Choice{};
      if (Events* ev = events()) ev->add(Event("lasting", "{card} lasts until {p's} next turn", p).with("card", cfg->name[static_cast<size_t>(card)]));
      return;
    case Effect::kDraw:
      choice = Choice{};
      discard_in_play(p, card);
      push_task(TaskKind::kDraw, p, def(card).draws);
      return;
    default: phase = Phase::kChoose; return;
  }
}

// The Special Action is spent: to its owner's discard pile.
void State::finish_special() {
  const uint8_t card = choice.card;
  choice = Choice{};
  phase = Phase::kMain;
  discard_in_play(turn_player_, card);
}

void State::apply_choice(Action a) {
  const int p = turn_player_;
  const CardDef& d = def(choice.card);
  Events* ev = events();
  if (a == kDone) {
    finish_special();
    return;
  }
  switch (d.effect) {
    case Effect::kTempGear: {
      const int spot = a - kTargetOwn;
      players[p].grid[spot].temp = choice.card;
      respot(p, spot);
      if (ev) ev->add(Event("temp-gear", "{card} is on {minion} at {spot} until {p's} next turn", p).with("card", d.name).with("minion", cfg->name[players[p].grid[spot].minion]).with("spot", spot_name(spot)));
      choice = Choice{};
      phase = Phase::kMain;
      return;
    }
    case Effect::kFreeAttack: {
      const int x = a - kAttack;
      const int bonus = d.attack;
      finish_special();
      declare_attack(x / (kMaxPlayers * kTargets), x / kTargets % kMaxPlayers, x % kTargets, true, bonus);
      return;
    }
    case Effect::kFreeMove:
      finish_special();
      if (a >= kMoveMaster) move_master(a - kMoveMaster);
      else do_move((a - kMove) / kSpots, (a - kMove) % kSpots);
      return;
    case Effect::kDisarm: {
      const int q = (a - kTargetEnemy) / kTargets;
      const int spot = (a - kTargetEnemy) % kTargets;
      Spot& s = players[q].grid[spot];
      // Its one Gear: a Gear card, or temporary Gear (always its player's).
      const bool temp = s.gear == kNoCard;
      const uint8_t gear = temp ? s.temp : s.gear;
      const uint8_t owner = temp ? static_cast<uint8_t>(q) : s.gear_owner;
      if (temp) s.temp = kNoCard;
      s.gear = kNoCard;
      s.gear_owner = 0;
      respot(q, spot);
      if (ev) ev->add(Event("disarm", "{P} {remove|removes} {card} from {q's} {minion}", p, q).with("card", cfg->name[gear]).with("minion", cfg->name[s.minion]));
      discard_in_play(owner, gear);
      finish_special();
      return;
    }
    case Effect::kStealGear:
    case Effect::kShove:
      if (choice.stage == 0) {
        choice.stage = 1;
        choice.player = static_cast<uint8_t>((a - kTargetEnemy) / kTargets);
        choice.spot = static_cast<uint8_t>((a - kTargetEnemy) % kTargets);
        // Chosen on the table, in everyone's view: told now, so every step has its event.
        if (ev) {
          const Spot& at = players[choice.player].grid[choice.spot];
          const bool steal = d.effect == Effect::kStealGear;
          Event e("target", steal ? "{P} {pick|picks} {gear} on {q's} {minion} at {spot} for {card}" : "{P} {pick|picks} {q's} {minion} at {spot} for {card}", p, choice.player);
          e.with("card", d.name).with("minion", cfg->name[at.minion]).with("spot", spot_name(choice.spot));
          if (steal) e.with("gear", cfg->name[at.gear]);
          ev->add(e);
        }
        return;
      }
      if (d.effect == Effect::kStealGear) {
        Spot& from = players[choice.player].grid[choice.spot];
        Spot& to = players[p].grid[a - kTargetOwn];
        if (ev) ev->add(Event("steal-gear", "{P} {take|takes} {card} from {q's} {minion} and {put|puts} it on {mine}", p, choice.player).with("card", cfg->name[from.gear]).with("minion", cfg->name[from.minion]).with("mine", cfg->name[to.minion]));
        to.gear = from.gear;
        to.gear_owner = from.gear_owner;
        from.gear = kNoCard;
        from.gear_owner = 0;
        respot(p, a - kTargetOwn);
      } else {
        Spot* grid = players[choice.player].grid;
        const int to = a - kTargetSpot;
        if (ev) ev->add(Event("shove", "{P} {move|moves} {q's} {minion} from {from} to {to}", p, choice.player).with("minion", cfg->name[grid[choice.spot].minion]).with("from", spot_name(choice.spot)).with("to", spot_name(to)));
        grid[to] = grid[choice.spot];
        grid[choice.spot] = Spot{};
        respot(choice.player, to);
      }
      respot(choice.player, choice.spot);
      finish_special();
      return;
    case Effect::kRally:
    case Effect::kDraw: return;  // unreachable: they need no choice
  }
}

}  // namespace henchmen::villainy
