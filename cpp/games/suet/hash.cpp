// S.U.E.T.: the stable position hash (the same content as the position JSON,
// fed field by field; see core/hasher.h).
#include "core/hasher.h"
#include "games/suet/state.h"

namespace henchmen::suet {

uint64_t State::hash() const {
  Hasher h;
  const int n = cfg->players;
  for (int p = 0; p < n; ++p) {
    h.add_bytes(hand[p], cfg->kinds);
    h.add_bytes(front[p], cfg->kinds);
    h.add_bytes(comp[p], kColours);
    h.add(static_cast<uint64_t>(broken[p]) | static_cast<uint64_t>(cheat[p]) << 8 | static_cast<uint64_t>(enh[p]) << 16 | static_cast<uint64_t>(genius[p]) << 24 |
          static_cast<uint64_t>(owed[p]) << 32);
  }
  h.add_bytes(deck, cfg->kinds);
  h.add_bytes(discard, cfg->kinds);
  h.add_bytes(inplay, cfg->kinds);
  h.add(market_n);
  h.add_bytes(market, market_n);
  h.add(static_cast<uint64_t>(phase) | static_cast<uint64_t>(turn_player_) << 8 | static_cast<uint64_t>(turn) << 16 | static_cast<uint64_t>(round) << 32 |
        static_cast<uint64_t>(actions_left) << 48 | static_cast<uint64_t>(hindrance) << 56);
  h.add(static_cast<uint64_t>(free_place_used) | static_cast<uint64_t>(free_repair_used) << 1 | static_cast<uint64_t>(extra_turn) << 2 | static_cast<uint64_t>(again) << 3 |
        static_cast<uint64_t>(starting) << 4 | static_cast<uint64_t>(ending) << 5 | static_cast<uint64_t>(rolling) << 6 | static_cast<uint64_t>(first_draw) << 7 |
        static_cast<uint64_t>(round_colour) << 8);
  // What a finished play, strike or pick leaves behind is not part of the position.
  if (play_card != kNone) h.add(static_cast<uint64_t>(play_card) | static_cast<uint64_t>(play_by) << 8 | static_cast<uint64_t>(play_target) << 16 | static_cast<uint64_t>(chain) << 24);
  if (strike_card != kNone) {
    h.add(static_cast<uint64_t>(strike_card) | static_cast<uint64_t>(strike_victim) << 8 | static_cast<uint64_t>(static_cast<uint8_t>(strike_by)) << 16 |
          static_cast<uint64_t>(strike_slot) << 24 | static_cast<uint64_t>(strike_asked) << 32);
  }
  if (pick_from != kNone) h.add(static_cast<uint64_t>(pick_from) | static_cast<uint64_t>(pick_for) << 8 | static_cast<uint64_t>(pick_mode) << 16);
  h.add(static_cast<uint64_t>(choice) | static_cast<uint64_t>(chooser) << 8);
  h.add(static_cast<uint64_t>(discarders) | static_cast<uint64_t>(static_cast<uint8_t>(winner)) << 8 | static_cast<uint64_t>(win_reason) << 16);
  if (extra_later) h.add(extra_later);  // only when set: positions without one hash as before
  h.add(reactions.depth);
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    h.add(static_cast<uint64_t>(w.trigger) | static_cast<uint64_t>(static_cast<uint8_t>(w.opener)) << 8 | static_cast<uint64_t>(w.arg) << 16 | static_cast<uint64_t>(w.n) << 24 |
          static_cast<uint64_t>(w.next) << 32 | static_cast<uint64_t>(w.passes) << 40);
    h.add_bytes(w.order, w.n);
  }
  return h.value();
}

}  // namespace henchmen::suet
