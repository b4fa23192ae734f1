// Villainy: what an observer cannot see, redrawn from the position alone (resample),
// and the zones the knowledge tracker reads. Hot: ISMCTS redraws every iteration;
// the JSON beside it in serialize.cpp is compiled as cold code.
#include <algorithm>

#include "core/error.h"
#include "games/villainy/state.h"

namespace henchmen::villainy {

// From the position alone: each other player's hand and draw pile are one
// pool (their deck less everything in sight), dealt again in the same sizes.
// A card declared from a hand stays there: everyone saw it.
void State::resample(int observer, Rng& rng) {
  for (int q = 0; q < cfg->players; ++q) {
    Player& pl = players[q];
    if (q == observer || !pl.alive) continue;
    const uint8_t fixed = q == turn_player_ && phase == Phase::kWindow && !declared.attack ? declared.card : kNoCard;
    uint8_t pool[kHandCap + kPileCap];
    int n = 0;
    bool kept = false;
    for (const uint8_t c : pl.hand) {
      if (c == fixed && !kept) {
        kept = true;
        continue;
      }
      pool[n++] = c;
    }
    for (const uint8_t c : pl.draw) pool[n++] = c;
    const int hand_size = pl.hand.size() - (kept ? 1 : 0);
    for (int i = 0; i < hand_size; ++i) {
      const int j = i + static_cast<int>(rng.below(static_cast<uint32_t>(n - i)));
      std::swap(pool[i], pool[j]);
    }
    pl.hand.clear();
    pl.draw.clear();
    if (kept) pl.hand.add(fixed);
    for (int i = 0; i < n; ++i) {
      if (i < hand_size) pl.hand.add(pool[i]);
      else pl.draw.add(pool[i]);
    }
    pl.hand_kinds = kinds_in(pl.hand);
  }
}

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  const int p = zone % kMaxPlayers;
  if (p >= cfg->players) return;
  const Player& pl = players[p];
  switch (zone / kMaxPlayers) {
    case 0: out.assign(pl.hand.begin(), pl.hand.end()); return;
    case 1: out.assign(pl.draw.begin(), pl.draw.end()); return;
    case 2: out.assign(pl.discard.begin(), pl.discard.end()); return;
    default: break;
  }
  for (int q = 0; q < cfg->players; ++q) {
    for (const Spot& s : players[q].grid) {
      if (q == p && s.minion != kNoCard) out.push_back(s.minion);
      if (q == p && s.temp != kNoCard) out.push_back(s.temp);
      if (s.gear != kNoCard && s.gear_owner == p) out.push_back(s.gear);
    }
  }
  for (const Part& part : pl.monster) out.insert(out.end(), part.card, part.card + part.n);
  for (const uint8_t c : pl.setup) {
    if (c != kNoCard) out.push_back(c);
  }
  if (pl.left != kNoCard) out.push_back(pl.left);
  if (pl.right != kNoCard) out.push_back(pl.right);
  out.insert(out.end(), pl.lasting.begin(), pl.lasting.end());
  if (p == turn_player_ && phase == Phase::kChoose && choice.card != kNoCard) out.push_back(choice.card);
}

// The hidden zones (hands and draw piles) of a sampled world; the others
// are public and already right.
void State::write_zones(const Knowledge::World& world) {
  auto write = [&](auto& pile, int zone) {
    if (static_cast<size_t>(zone) >= world.size()) return;
    pile.clear();
    world[static_cast<size_t>(zone)].each([&](uint8_t c) { pile.add(c); });
  };
  for (int p = 0; p < cfg->players; ++p) {
    write(players[p].hand, hand_zone(p));
    write(players[p].draw, draw_zone(p));
    players[p].hand_kinds = kinds_in(players[p].hand);
  }
}

}  // namespace henchmen::villainy
