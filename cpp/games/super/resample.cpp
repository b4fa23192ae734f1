// Super!: what an observer cannot see, redrawn from the position alone (resample),
// and the zones the knowledge tracker reads. Hot: ISMCTS redraws every iteration;
// the JSON beside it in serialize.cpp is compiled as cold code.
#include <algorithm>

#include "core/error.h"
#include "core/piles.h"
#include "games/super/state.h"

namespace henchmen::super {

void State::resample(int observer, Rng& rng) {
  // From the position alone: the observer knows their hand, the public
  // discard pile and the hands the eliminated showed; the other hands and
  // the deck are one pool, dealt again in the same sizes.
  uint32_t others = 0;
  for (int p = 0; p < cfg->players; ++p) {
    if (p != observer && alive(p)) others |= 1u << p;  // the eliminated showed theirs
  }
  redeal_hands(deck, hand, hand_n, cfg->kinds, others, rng);
}

void State::zone_cards(int zone, std::vector<uint8_t>& out_cards) const {
  out_cards.clear();
  const uint8_t* c = nullptr;
  if (zone < P) {
    if (zone < cfg->players && alive(zone)) c = hand[zone];
  } else if (zone >= kShownZone) {
    const int p = zone - kShownZone;
    if (p < cfg->players && !alive(p)) c = hand[p];
  } else {
    c = zone == kDeckZone ? deck : discard;
  }
  if (!c) return;
  for (int k = 0; k < cfg->kinds; ++k) out_cards.insert(out_cards.end(), c[k], static_cast<uint8_t>(k));
}

void State::write_zones(const Knowledge::World& world) {
  auto write = [&](int zone, uint8_t* c) { world[static_cast<size_t>(zone)].count(c, K); };
  for (int p = 0; p < cfg->players; ++p) write(hand_zone(p), hand[p]);
  write(kDeckZone, deck);
  // The discard pile is public: the world holds it as it is.
}

}  // namespace henchmen::super
