// Villainy: the observation tensor and the heuristic, what a search or a learner
// reads at every step (hot code); what a player is shown is board.cpp.
#include <algorithm>

#include "core/observation.h"
#include "games/villainy/words.h"

namespace henchmen::villainy {


// ---------------------------------------------------------------------------
// Tensor

namespace {
constexpr int kSeatBlock = 20 + kMaxDecks + kSpots * 8 + 4 * 4 + 3 * 2 + 2 + kMaxKinds + 1;
constexpr int kGlobal = kMaxKinds + 2 + 4 + 3 + kMaxKinds + kSpots + kAttackers + kMaxPlayers + kTargets + 8 + 1 + kMaxPlayers + kSpots + 2 + kAttackers + kMaxPlayers + kTargets + 2;
}  // namespace

int observation_length(const Config&) { return kMaxPlayers * kSeatBlock + kGlobal; }

void State::observation_tensor(int viewer, float* out) const {
  const Config& c = *cfg;
  const int n = c.players;
  float* o = out;
  std::fill(out, out + observation_length(c), 0.0f);
  auto rel = [&](int p) { return (p - viewer + n) % n; };
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const Player& pl = players[p];
    float* b = o + seat * kSeatBlock;
    b[0] = 1;
    b[1] = pl.alive;
    b[2] = pl.hand.size() / 10.0f;
    b[3] = pl.draw.size() / 60.0f;
    b[4] = pl.discard.size() / 60.0f;
    b[5] = pl.hits / 6.0f;
    b[6 + static_cast<int>(pl.hideout)] = 1;
    b[9 + pl.master_column] = 1;
    b[12] = pl.left != kNoCard;
    b[13] = pl.left != kNoCard && def(pl.left).bonus.any();
    b[14] = pl.right != kNoCard;
    b[15] = pl.right != kNoCard && def(pl.right).bonus.any();
    b[16] = p == turn_player_;
    b[17] = p == current_player();
    b[18] = pl.hideout == HideoutState::kGone && !master_blocked(p);
    b[19] = monster_complete(p);
    b[20 + c.deck[p]] = 1;
    float* s = b + 20 + kMaxDecks;
    MinionStats stats[kSpots];
    if (pl.minions) grid_stats(p, stats);  // attack_value and defense_value against a Minion
    for (int k = 0; k < kSpots; ++k, s += 8) {
      const Spot& sp = pl.grid[k];
      if (sp.minion == kNoCard) continue;
      s[0] = 1;
      s[1] = stats[k].attack / 10.0f;
      s[2] = stats[k].defense / 10.0f;
      s[3] = ranged(p, k);
      s[4] = blocked(p, k);
      s[5] = sp.gear != kNoCard;
      s[6] = sp.temp != kNoCard;
      s[7] = def(sp.minion).minion_type;
    }
    for (int k = 0; k < 4; ++k, s += 4) {
      const Part& part = pl.monster[k];
      if (!part.n) continue;
      s[0] = 1;
      s[1] = part.active;
      s[2] = def(part.top()).attack / 10.0f;
      s[3] = def(part.top()).defense / 10.0f;
    }
    for (int k = 0; k < 3; ++k, s += 2) {
      if (pl.setup[k] == kNoCard) continue;
      const CardDef& d = def(pl.setup[k]);
      s[0] = 1;
      s[1] = k == 0 ? d.amount / 3.0f : k == 1 ? d.stat : (static_cast<int>(d.condition) + 1) / 6.0f;
    }
    s[0] = pl.setup[0] != kNoCard && pl.setup[1] != kNoCard && pl.setup[2] != kNoCard;
    s[1] = pl.lasting.size() / 4.0f;
    s += 2;
    for (const uint8_t card : pl.discard) s[kind(card)] += 0.25f;
    s += kMaxKinds;
    s[0] = segues_unseen(p) / 5.0f;
  }
  float* g = o + kMaxPlayers * kSeatBlock;
  for (const uint8_t card : players[viewer].hand) g[kind(card)] += 0.25f;
  g += kMaxKinds;
  g[0] = actions / 3.0f;
  g[1] = specials / 8.0f;
  g += 2;
  g[static_cast<int>(phase)] = 1;
  g += 4;
  if (reactions.open()) g[reactions.top().trigger] = 1;
  g += 3;
  if (!declared.attack && declared.card != kNoCard) {
    g[kind(declared.card)] = 1;
    g[kMaxKinds + declared.spot] = 1;
  }
  g += kMaxKinds + kSpots;
  if (declared.attack) {
    g[declared.attacker] = 1;
    g[kAttackers + rel(declared.target_player)] = 1;
    g[kAttackers + kMaxPlayers + declared.target] = 1;
  }
  g += kAttackers + kMaxPlayers + kTargets;
  if (phase == Phase::kChoose) {
    g[static_cast<int>(def(choice.card).effect)] = 1;
    g[8] = choice.stage;
    if (choice.stage) {
      g[9 + rel(choice.player)] = 1;
      g[9 + kMaxPlayers + choice.spot] = 1;
    }
  }
  g += 8 + 1 + kMaxPlayers + kSpots;
  g[0] = static_cast<float>(round) / static_cast<float>(c.max_rounds);
  g[1] = current_player() == viewer;
  g += 2;
  if (last.player >= 0) {
    g[last.attacker] = 1;
    g[kAttackers + rel(last.target_player)] = 1;
    g[kAttackers + kMaxPlayers + last.target] = 1;
    g[kAttackers + kMaxPlayers + kTargets] = last.attack / 10.0f;
    g[kAttackers + kMaxPlayers + kTargets + 1] = last.defense / 10.0f;
  }
}

// ---------------------------------------------------------------------------
// Printable board

// ---------------------------------------------------------------------------
// Heuristic

double State::heuristic(int player) const {
  if (over) return returns(player);
  auto score = [&](int p) {
    const Player& pl = players[p];
    if (!pl.alive) return 0.0;
    double v = 10.0 + 1.5 * pl.hits + (pl.left != kNoCard) + (pl.right != kNoCard);
    if (pl.hideout == HideoutState::kGone) v -= 3.0;
    if (master_blocked(p)) v += 1.0;
    MinionStats stats[kSpots];
    grid_stats(p, stats);
    for (int s = 0; s < kSpots; ++s) {
      if (minion_at(p, s)) v += 0.25 * (stats[s].attack + stats[s].defense);
    }
    const bool complete = monster_complete(p);
    for (const Part& part : pl.monster) {
      if (part.n == 0) continue;
      v += complete ? (part.active ? 0.2 * (def(part.top()).attack + def(part.top()).defense) : 0.0) : 0.5;
    }
    if (pl.setup[0] != kNoCard && pl.setup[1] != kNoCard && pl.setup[2] != kNoCard) v += 1.0;
    v += 0.2 * pl.hand.size();
    return v;
  };
  const double mine = score(player);
  double best = 0.0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != player) best = std::max(best, score(q));
  }
  return std::max(-1.0, std::min(1.0, (mine - best) / 20.0));
}

// ---------------------------------------------------------------------------
// Layout

}  // namespace henchmen::villainy
