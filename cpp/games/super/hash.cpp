// Super!: the stable position hash (the same content as the position JSON,
// fed field by field; see core/hasher.h).
#include "core/hasher.h"
#include "games/super/state.h"

namespace henchmen::super {

uint64_t State::hash() const {
  Hasher h;
  const int n = cfg->players;
  for (int p = 0; p < n; ++p) h.add_bytes(hand[p], cfg->kinds);
  h.add_bytes(deck, cfg->kinds);
  h.add_bytes(discard, cfg->kinds);
  h.add(static_cast<uint64_t>(top[0]) | static_cast<uint64_t>(top[1]) << 8);
  for (int p = 0; p < n; ++p) {
    h.add(static_cast<uint64_t>(static_cast<uint8_t>(health[p])) | static_cast<uint64_t>(power[p]) << 8 | static_cast<uint64_t>(power_state[p]) << 16);
  }
  h.add(static_cast<uint64_t>(gone) | static_cast<uint64_t>(out_this_turn) << 16 | static_cast<uint64_t>(reload) << 32 | static_cast<uint64_t>(parting) << 48);
  h.add(static_cast<uint64_t>(picked) | static_cast<uint64_t>(countered) << 16 | static_cast<uint64_t>(turn) << 32);
  h.add(static_cast<uint64_t>(turn_player_) | static_cast<uint64_t>(phase) << 8 | static_cast<uint64_t>(picker) << 16 | static_cast<uint64_t>(to_draw) << 24 |
        static_cast<uint64_t>(draw_for) << 32 | static_cast<uint64_t>(reloading) << 40 | static_cast<uint64_t>(choice) << 48 | static_cast<uint64_t>(chooser) << 56);
  h.add(static_cast<uint64_t>(parting_top) | static_cast<uint64_t>(static_cast<uint8_t>(counter_at)) << 8 | static_cast<uint64_t>(counter_bonus) << 16 | static_cast<uint64_t>(counter_most) << 48 |
        static_cast<uint64_t>(battle) << 24 | static_cast<uint64_t>(over) << 32 | static_cast<uint64_t>(static_cast<uint8_t>(winner)) << 40);
  h.add(n_hits);
  for (int i = 0; i < n_hits; ++i) {
    const Hit& x = hits[i];
    h.add(static_cast<uint64_t>(static_cast<uint8_t>(x.target)) | static_cast<uint64_t>(static_cast<uint8_t>(x.sender)) << 8 | static_cast<uint64_t>(x.damage) << 16 |
          static_cast<uint64_t>(x.card) << 24 | static_cast<uint64_t>(x.drain) << 32 | static_cast<uint64_t>(x.deflected) << 40);
  }
  h.add(reactions.depth);
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    h.add(static_cast<uint64_t>(static_cast<uint8_t>(w.opener)) | static_cast<uint64_t>(w.n) << 8 | static_cast<uint64_t>(w.next) << 16 | static_cast<uint64_t>(w.passes) << 24);
    h.add_bytes(w.order, w.n);
  }
  return h.value();
}

}  // namespace henchmen::super
