// S.U.E.T.: what an observer cannot see, redrawn from the position alone (resample),
// and the zones the knowledge tracker reads. Hot: ISMCTS redraws every iteration;
// the JSON beside it in serialize.cpp is compiled as cold code.
#include "core/error.h"
#include "core/piles.h"
#include "games/suet/state.h"

namespace henchmen::suet {

void State::resample(int observer, Rng& rng) {
  // From the position alone: the observer knows their own hand and every
  // face-up card; the other hands and the deck are one pool, dealt again
  // in the same sizes.
  uint32_t others = 0;
  for (int p = 0; p < cfg->players; ++p) {
    if (p != observer) others |= 1u << p;
  }
  redeal_hands(deck, hand, hand_n, cfg->kinds, others, rng);
}

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  auto counts = [&](const uint8_t* c) {
    for (int k = 0; k < cfg->kinds; ++k) out.insert(out.end(), c[k], static_cast<uint8_t>(k));
  };
  if (zone < P) {
    if (zone < cfg->players) counts(hand[zone]);
  } else if (zone == kDeckZone) {
    counts(deck);
  } else if (zone == kDiscardZone) {
    counts(discard);
  } else if (zone == kPlayZone) {
    counts(inplay);
  } else if (zone == kMarketZone) {
    out.assign(market, market + market_n);
  } else if (zone >= kLabZone) {
    const int p = zone - kLabZone;
    if (p >= cfg->players) return;
    for (int c = 0; c < kColours; ++c) {
      if (comp[p][c] != kNone) out.push_back(comp[p][c]);
      if ((cheat[p] >> c) & 1) out.push_back(static_cast<uint8_t>(cfg->cheat_card));
    }
    if (enh[p] != kNone) out.push_back(enh[p]);
    counts(front[p]);
  }
}

void State::write_zones(const Knowledge::World& world) {
  auto write = [&](int zone, uint8_t* c) { world[static_cast<size_t>(zone)].count(c, K); };
  for (int p = 0; p < cfg->players; ++p) write(p, hand[p]);
  write(kDeckZone, deck);
  // Everything else lies face up: the world holds it as it is.
}

}  // namespace henchmen::suet
