// Parry: what an observer cannot see, redrawn from the position alone (resample),
// and the zones the knowledge tracker reads. Hot: ISMCTS redraws every iteration;
// the JSON beside it in serialize.cpp is compiled as cold code.
#include <algorithm>

#include "core/error.h"
#include "games/parry/state.h"

namespace henchmen::parry {

void State::resample(int observer, Rng& rng) {
  // From the position alone: the observer knows their hand and the discard
  // pile; everything else is one pool, dealt again in the same sizes.
  uint8_t pool[kKinds] = {deck[kStrike], deck[kParry]};
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    for (int k = 0; k < kKinds; ++k) pool[k] = static_cast<uint8_t>(pool[k] + hand[p][k]);
  }
  auto deal = [&](uint8_t* into, int n) {
    into[kStrike] = into[kParry] = 0;
    for (int i = 0; i < n; ++i) {
      const int k = rng.below(static_cast<uint32_t>(pool[kStrike] + pool[kParry])) < pool[kStrike] ? kStrike : kParry;
      --pool[k];
      ++into[k];
    }
  };
  for (int p = 0; p < cfg->players; ++p) {
    if (p != observer) deal(hand[p], hand_size(p));
  }
  deck[kStrike] = pool[kStrike];
  deck[kParry] = pool[kParry];
}

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  const uint8_t* c = zone < kMaxPlayers ? hand[zone] : zone == kDeckZone ? deck : discard;
  for (int k = 0; k < kKinds; ++k) out.insert(out.end(), c[k], static_cast<uint8_t>(k));
}

void State::write_zones(const Knowledge::World& world) {
  auto write = [&](int zone, uint8_t* c) { world[static_cast<size_t>(zone)].count(c, kKinds); };
  for (int p = 0; p < cfg->players; ++p) write(p, hand[p]);
  write(kDeckZone, deck);
  write(kDiscardZone, discard);
}

}  // namespace henchmen::parry
