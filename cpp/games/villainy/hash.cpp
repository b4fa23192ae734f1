// Villainy: the stable position hash (the same content as the position
// JSON, fed field by field; see core/hasher.h).
#include "core/hasher.h"
#include "games/villainy/state.h"

namespace henchmen::villainy {

uint64_t State::hash() const {
  Hasher h;
  h.add(turn);
  h.add(round);
  h.add(round_leader);
  h.add(turn_player_);
  h.add(actions);
  h.add(specials);
  h.add(static_cast<uint64_t>(phase));
  h.add(absorber);
  h.add(declared.card | static_cast<uint64_t>(declared.spot) << 8 | static_cast<uint64_t>(declared.attack) << 16 | static_cast<uint64_t>(declared.free) << 17 |
        static_cast<uint64_t>(declared.attacker) << 24 | static_cast<uint64_t>(declared.target_player) << 32 | static_cast<uint64_t>(declared.target) << 40 |
        static_cast<uint64_t>(static_cast<uint8_t>(declared.bonus)) << 48);
  h.add(choice.card | static_cast<uint64_t>(choice.stage) << 8 | static_cast<uint64_t>(choice.player) << 16 | static_cast<uint64_t>(choice.spot) << 24);
  h.add(static_cast<uint64_t>(static_cast<uint8_t>(last.player)) | static_cast<uint64_t>(last.attacker) << 8 | static_cast<uint64_t>(last.target_player) << 16 | static_cast<uint64_t>(last.target) << 24 |
        static_cast<uint64_t>(static_cast<uint8_t>(last.attack)) << 32 | static_cast<uint64_t>(static_cast<uint8_t>(last.defense)) << 40);
  h.add(n_tasks);
  for (int i = 0; i < n_tasks; ++i) h.add(static_cast<uint64_t>(tasks[i].kind) | static_cast<uint64_t>(tasks[i].player) << 8 | static_cast<uint64_t>(tasks[i].count) << 16);
  h.add(reactions.depth);
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    h.add(w.trigger | static_cast<uint64_t>(static_cast<uint8_t>(w.opener)) << 8 | static_cast<uint64_t>(w.arg) << 16 | static_cast<uint64_t>(w.next) << 24 | static_cast<uint64_t>(w.passes) << 32);
    h.add_bytes(w.order, w.n);
  }
  h.add(over);
  h.add(static_cast<uint64_t>(static_cast<int64_t>(winner)));
  for (int p = 0; p < cfg->players; ++p) {
    const Player& pl = players[p];
    h.add(pl.alive);
    h.add_pile(pl.hand);
    h.add_pile(pl.draw);
    h.add_pile(pl.discard);
    h.add_pile(pl.lasting);
    for (const Spot& s : pl.grid) h.add(s.minion | static_cast<uint64_t>(s.gear) << 8 | static_cast<uint64_t>(s.gear_owner) << 16 | static_cast<uint64_t>(s.temp) << 24);
    for (const Part& part : pl.monster) {
      h.add_bytes(part.card, part.n);
      h.add(part.active);
    }
    h.add_bytes(pl.setup, 3);
    h.add(pl.left | static_cast<uint64_t>(pl.right) << 8 | static_cast<uint64_t>(pl.hits) << 16 | static_cast<uint64_t>(pl.hideout) << 24 | static_cast<uint64_t>(pl.master_column) << 32);
  }
  return h.value();
}

}  // namespace henchmen::villainy
