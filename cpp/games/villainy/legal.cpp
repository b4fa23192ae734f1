// Villainy: the legal actions of every decision. Kinds of action occupy
// ascending ranges of ids, so emitting kind by kind, each in ascending
// order, gives a sorted list.
#include "games/villainy/state.h"

namespace henchmen::villainy {

namespace {
// Calls f(bit) for every set bit, lowest first: ascending ids.
template <class F>
void for_each_bit(uint32_t mask, F&& f) {
  for (; mask; mask &= mask - 1) f(__builtin_ctz(mask));
}
}  // namespace

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over || n_tasks > 0) return;
  switch (phase) {
    case Phase::kWindow: {
      const int r = reactions.responder();
      out.push_back(kPass);
      players[r].hand.for_each_distinct([&](uint8_t c, int) {
        if (def(c).type == Type::kSegue) out.push_back(kSegue + kind(c));
      });
      return;
    }
    case Phase::kAbsorb: {
      // "If the Hideout - Center card is down to 1 point of remaining damage
      // then any addition cards in play must be discarded ... prior to the
      // Hideout - Center card taking its last hit."
      const Player& q = players[absorber];
      if (q.hits > 1) out.push_back(kAbsorb + 0);
      if (q.left != kNoCard) out.push_back(kAbsorb + 1);
      if (q.right != kNoCard) out.push_back(kAbsorb + 2);
      return;
    }
    case Phase::kChoose: legal_choice(out); return;
    case Phase::kMain: legal_main(out); return;
  }
}

// Designed: a swap of two Minions of one kind that changes nothing, or
// only moves one Gear across (a Gear move does that), is not offered: two
// moves that make the same position would tell different stories.
void State::legal_moves(std::vector<Action>& out) const {
  const Spot* grid = players[turn_player_].grid;
  for (int from = 0; from < kSpots; ++from) {
    const Spot& a = grid[from];
    if (a.minion == kNoCard) continue;
    for (int to = 0; to < kSpots; ++to) {
      const Spot& b = grid[to];
      if (to == from || (b.minion != kNoCard && from > to)) continue;
      if (b.minion == a.minion && b.temp == a.temp) {
        const bool same_gear = a.gear == b.gear && (a.gear == kNoCard || a.gear_owner == b.gear_owner);
        if (same_gear || a.gear == kNoCard || b.gear == kNoCard) continue;
      }
      out.push_back(kMove + from * kSpots + to);
    }
  }
}

void State::legal_attacks(std::vector<Action>& out) const {
  const Reach r = reach(turn_player_);
  for_each_bit(r.attackers, [&](int a) {
    for (int q = 0; q < cfg->players; ++q) {
      const Action base = kAttack + (a * kMaxPlayers + q) * kTargets;
      for_each_bit(r.targets(a, q), [&](int t) { out.push_back(base + t); });
    }
  });
}

void State::legal_main(std::vector<Action>& out) const {
  const int p = turn_player_;
  const Player& pl = players[p];
  const bool act = actions > 0;
  uint8_t hand[kHandCap];
  int n = 0;
  pl.hand.for_each_distinct([&](uint8_t c, int) { hand[n++] = c; });
  if (act) {
    const uint8_t free_spots = static_cast<uint8_t>(~minion_spots(p) & 0b111111);
    for (int i = 0; i < n; ++i) {
      const Type t = def(hand[i]).type;
      if (t != Type::kMinion && t != Type::kGear) continue;
      const Action base = kPlayAt + kind(hand[i]) * kSpots;
      for_each_bit(t == Type::kMinion ? free_spots : gear_spots(hand[i], p), [&](int s) { out.push_back(base + s); });
    }
  }
  for (int i = 0; i < n; ++i) {
    const CardDef& d = def(hand[i]);
    bool ok = false;
    switch (d.type) {
      case Type::kMonster: {
        const Part& part = pl.monster[d.part];
        ok = act && (part.n == 0 || (!part.active && part.n < kMaxStack));
        break;
      }
      // "After the Hideout - Center card is destroyed any additional Hideout
      // cards may not be played."
      case Type::kHideout: ok = act && pl.hideout == HideoutState::kStanding; break;
      // Designed: replacing a Setup card by one of the same kind changes
      // nothing, so it is not offered.
      case Type::kSetup: ok = act && pl.setup[d.slot] != hand[i]; break;
      case Type::kSpecial: ok = special_usable(p, hand[i]); break;
      default: break;
    }
    if (ok) out.push_back(kPlay + kind(hand[i]));
  }
  if (act) {
    legal_moves(out);
    for (int from = 0; from < kSpots; ++from) {
      if (pl.grid[from].minion == kNoCard || pl.grid[from].gear == kNoCard) continue;
      // The spot it leaves holds Gear, so it is never among the fits.
      for_each_bit(gear_spots(pl.grid[from].gear, p), [&](int to) { out.push_back(kMoveGear + from * kSpots + to); });
    }
    if (pl.master_column > 0) out.push_back(kMoveMaster + 0);
    if (pl.master_column < kColumns - 1) out.push_back(kMoveMaster + 1);
    legal_attacks(out);
    // Designed: an exchange needs a fresh card to draw.
    if (!pl.draw.empty() || !pl.discard.empty()) {
      for (int i = 0; i < n; ++i) out.push_back(kExchange + kind(hand[i]));
    }
  }
  out.push_back(kEndTurn);
}

void State::legal_choice(std::vector<Action>& out) const {
  const int p = turn_player_;
  const CardDef& d = def(choice.card);
  switch (d.effect) {
    case Effect::kTempGear:
      for (int s = 0; s < kSpots; ++s) {
        if (minion_at(p, s) && players[p].grid[s].temp == kNoCard) out.push_back(kTargetOwn + s);
      }
      return;
    case Effect::kFreeMove: {
      legal_moves(out);
      const int col = players[p].master_column;
      if (col > 0) out.push_back(kMoveMaster + 0);
      if (col < kColumns - 1) out.push_back(kMoveMaster + 1);
      out.push_back(kDone);
      return;
    }
    case Effect::kFreeAttack:
      legal_attacks(out);
      out.push_back(kDone);
      return;
    case Effect::kDisarm:
    case Effect::kStealGear:
    case Effect::kShove: break;
    case Effect::kRally:
    case Effect::kDraw: return;  // unreachable: they need no choice
  }
  if (choice.stage == 1) {
    if (d.effect == Effect::kStealGear) {
      const uint8_t gear = players[choice.player].grid[choice.spot].gear;
      for_each_bit(gear_spots(gear, p), [&](int s) { out.push_back(kTargetOwn + s); });
    } else {
      for (int s = 0; s < kSpots; ++s) {
        if (!minion_at(choice.player, s)) out.push_back(kTargetSpot + s);
      }
    }
    return;
  }
  for (int q = 0; q < cfg->players; ++q) {
    if (q == p || !players[q].alive) continue;
    int free_spots = 0;
    for (const Spot& s : players[q].grid) free_spots += s.minion == kNoCard;
    for (int s = 0; s < kSpots; ++s) {
      const Spot& sp = players[q].grid[s];
      if (sp.minion == kNoCard) continue;
      bool ok = false;
      if (d.effect == Effect::kShove) ok = free_spots > 0;
      else if (sp.gear != kNoCard && d.effect == Effect::kDisarm) ok = true;
      else if (sp.gear != kNoCard) {
        ok = gear_spots(sp.gear, p) != 0;
      }
      if (ok) out.push_back(kTargetEnemy + q * kTargets + s);
    }
  }
}

}  // namespace henchmen::villainy
