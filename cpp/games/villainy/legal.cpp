// Villainy: the legal actions of every decision. Kinds of action occupy
// ascending ranges of ids, so emitting kind by kind, each in ascending
// order, gives a sorted list.
#include <array>

#include "core/action_list.h"
#include "games/villainy/state.h"

namespace henchmen::villainy {

namespace {
// Calls f(bit) for every set bit, lowest first: ascending ids.
template <class F>
void for_each_bit(uint32_t mask, F&& f) {
  for (; mask; mask &= mask - 1) f(__builtin_ctz(mask));
}
constexpr uint32_t kAllSpots = (1u << kSpots) - 1;

// Every six-bit mask's set bits, ascending, padded to eight lanes.
struct Bits {
  Action bit[8] = {};
  size_t n = 0;
};
constexpr std::array<Bits, 64> bits_table() {
  std::array<Bits, 64> t{};
  for (uint32_t m = 0; m < 64; ++m) {
    for (int b = 0; b < kSpots; ++b) {
      if (m >> b & 1) t[m].bit[t[m].n++] = b;
    }
  }
  return t;
}
constexpr std::array<Bits, 64> kBits = bits_table();
}  // namespace

// The most actions one decision can offer: every kind of main-phase action
// at once, each at its most.
constexpr int kMaxLegal = kHandCap * kSpots + kHandCap + 2 * kSpots * kSpots + 2 + kAttackers * kMaxPlayers * kTargets + kHandCap + 1;

// A decision's legal actions, listed on the stack and copied out once:
// cheaper than growing the caller's vector one push at a time.
struct ActionList {
  Action ids[kMaxLegal + 8];  // add_spots writes a whole row past the end
  size_t n = 0;  // not an int: a store to ids then cannot alias it, so it stays in a register
  void add(Action a) { ids[n++] = a; }
  // Adds base + s for each spot s of a six-spot mask, ascending: eight
  // lanes at once from the mask's table row (one vector add), of which the
  // row's count are kept. Most masks hold a few spots, so this beats a loop
  // over the bits.
  void add_spots(Action base, uint32_t mask) {
    const Bits& row = kBits[mask];
    for (int j = 0; j < 8; ++j) ids[n + j] = base + row.bit[j];
    n += row.n;
  }
};

void State::legal_actions(std::vector<Action>& out) const { copy_listed<ActionList>(*this, out); }

// The same list, and one pick from it as below(size) picks from a vector.
Action State::random_action(Rng& rng) const { return pick_listed<ActionList>(*this, rng); }

void State::legal(ActionList& out) const {
  if (over || n_tasks > 0) return;
  switch (phase) {
    case Phase::kWindow: {
      // A hand holds only its own deck's cards (validate checks it).
      const int r = reactions.responder();
      out.add(kPass);
      for_each_bit(players[r].hand_kinds & cfg->deck_def(r).segue_kinds, [&](int k) { out.add(kSegue + k); });
      return;
    }
    case Phase::kAbsorb: {
      // "If the Hideout - Center card is down to 1 point of remaining damage
      // then any addition cards in play must be discarded ... prior to the
      // Hideout - Center card taking its last hit."
      const Player& q = players[absorber];
      if (q.hits > 1) out.add(kAbsorb + 0);
      if (q.left != kNoCard) out.add(kAbsorb + 1);
      if (q.right != kNoCard) out.add(kAbsorb + 2);
      return;
    }
    case Phase::kChoose: legal_choice(out); return;
    case Phase::kMain: legal_main(out); return;
  }
}

// Designed: a swap of two Minions of one kind that changes nothing, or
// only moves one Gear across (a Gear move does that), is not offered: two
// moves that make the same position would tell different stories.
static bool idle_swap(const Spot& a, const Spot& b) {
  if (b.minion != a.minion || b.temp != a.temp) return false;
  const bool same_gear = a.gear == b.gear && (a.gear == kNoCard || a.gear_owner == b.gear_owner);
  return same_gear || a.gear == kNoCard || b.gear == kNoCard;
}

inline void State::legal_moves(uint32_t mine, ActionList& out) const {
  const Spot* grid = players[turn_player_].grid;
  const uint32_t free_spots = ~mine & kAllSpots;
  for_each_bit(mine, [&](int from) {
    // To a free spot, or a swap with a Minion on a later spot (each swap once).
    uint32_t later = mine & ~((2u << from) - 1);
    for_each_bit(later, [&](int to) {
      if (idle_swap(grid[from], grid[to])) later &= ~(1u << to);
    });
    const Action base = kMove + from * kSpots;
    out.add_spots(base, free_spots | later);
  });
}

void State::legal_attacks(const Reach& r, ActionList& out) const {
  for_each_bit(r.attackers, [&](int a) {
    for_each_bit(r.foes, [&](int q) {
      // Targets are twelve bits: Minion spots, then the rest.
      const Action base = kAttack + (a * kMaxPlayers + q) * kTargets;
      const uint32_t targets = r.targets(a, q);
      out.add_spots(base, targets & kAllSpots);
      out.add_spots(base + kSpots, targets >> kSpots);
    });
  });
}

// The kinds of the hand, not played on a spot, that may be played now, by
// type (a bit per kind): with an action left (reach_now given, for the
// Special Actions that attack), every type; else only Special Actions.
inline uint32_t State::plays(uint32_t kinds, const Reach* reach_now) const {
  const int p = turn_player_;
  const Player& pl = players[p];
  const DeckDef& deck = cfg->deck_def(p);
  uint32_t out = 0;
  if (reach_now) {
    // "After the Hideout - Center card is destroyed any additional Hideout
    // cards may not be played."
    if (pl.hideout == HideoutState::kStanding) out |= kinds & deck.hideout_kinds;
    for_each_bit(kinds & deck.monster_kinds, [&](int k) {
      const Part& part = pl.monster[def(id(p, k)).part];
      if (part.n == 0 || (!part.active && part.n < kMaxStack)) out |= 1u << k;
    });
    // Designed: replacing a Setup card by one of the same kind changes
    // nothing, so it is not offered.
    for_each_bit(kinds & deck.setup_kinds, [&](int k) {
      const int card = id(p, k);
      if (pl.setup[def(card).slot] != card) out |= 1u << k;
    });
  }
  for_each_bit(kinds & deck.special_kinds, [&](int k) {
    if (special_usable(p, id(p, k), reach_now)) out |= 1u << k;
  });
  return out;
}

// The hand is read as the bit per kind it holds (a hand holds only its own
// deck's cards, so kinds ascend as ids do): the cards played on a spot come
// first (the lowest ids), then the other plays, and the exchanges later.
void State::legal_main(ActionList& out) const {
  const int p = turn_player_;
  const Player& pl = players[p];
  const DeckDef& deck = cfg->deck_def(p);
  const uint32_t kinds = pl.hand_kinds;
  if (actions == 0) {
    // Only the free plays (Special Actions) are left, and the end of the turn.
    for_each_bit(plays(kinds, nullptr), [&](int k) { out.add(kPlay + k); });
    out.add(kEndTurn);
    return;
  }
  const uint32_t mine = minion_spots(p);
  // bare_minions, from the Minion spots already read: those without Gear,
  // temporary Gear included.
  const uint8_t bare = static_cast<uint8_t>(spots_where(pl.grid, kGearBytes, kNoGear) & mine);
  for_each_bit(kinds & deck.spot_kinds, [&](int k) {
    const uint32_t spots = deck.gear_kinds >> k & 1 ? fits_among(id(p, k), p, bare) : ~mine & kAllSpots;
    out.add_spots(kPlayAt + k * kSpots, spots);
  });
  const Reach r = reach(p);
  for_each_bit(plays(kinds, &r), [&](int k) { out.add(kPlay + k); });
  legal_moves(mine, out);
  // From each Minion with a Gear card (temporary Gear stays on the Minion it
  // was played on: decision 14); the spot it leaves holds Gear, so it is
  // never among the fits.
  const uint32_t geared = mine & ~spots_where(pl.grid, 0xFF00, kNoCard << 8);
  for_each_bit(geared, [&](int from) {
    out.add_spots(kMoveGear + from * kSpots, fits_among(pl.grid[from].gear, p, bare));
  });
  if (pl.master_column > 0) out.add(kMoveMaster + 0);
  if (pl.master_column < kColumns - 1) out.add(kMoveMaster + 1);
  legal_attacks(r, out);
  // Designed: an exchange needs a fresh card to draw.
  if (!pl.draw.empty() || !pl.discard.empty()) {
    for_each_bit(kinds, [&](int k) { out.add(kExchange + k); });
  }
  out.add(kEndTurn);
}

void State::legal_choice(ActionList& out) const {
  const int p = turn_player_;
  const CardDef& d = def(choice.card);
  switch (d.effect) {
    case Effect::kTempGear:
      for_each_bit(bare_minions(p), [&](int s) { out.add(kTargetOwn + s); });
      return;
    case Effect::kFreeMove: {
      legal_moves(minion_spots(p), out);
      const int col = players[p].master_column;
      if (col > 0) out.add(kMoveMaster + 0);
      if (col < kColumns - 1) out.add(kMoveMaster + 1);
      out.add(kDone);
      return;
    }
    case Effect::kFreeAttack:
      legal_attacks(reach(p), out);
      out.add(kDone);
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
      for_each_bit(gear_spots(gear, p), [&](int s) { out.add(kTargetOwn + s); });
    } else {
      for (int s = 0; s < kSpots; ++s) {
        if (!minion_at(choice.player, s)) out.add(kTargetSpot + s);
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
      else if (d.effect == Effect::kDisarm) ok = sp.gear != kNoCard || sp.temp != kNoCard;
      else if (sp.gear != kNoCard) ok = gear_spots(sp.gear, p) != 0;
      if (ok) out.add(kTargetEnemy + q * kTargets + s);
    }
  }
}

}  // namespace henchmen::villainy
