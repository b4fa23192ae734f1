// Legendary: the stable position hash (the content of the position JSON, fed
// field by field; see core/hasher.h).
#include "core/hasher.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

namespace {
uint64_t s64(int64_t v) { return static_cast<uint64_t>(v); }
}  // namespace

uint64_t State::hash() const {
  Hasher h;
  h.add(s64(scheme) << 8 | s64(mastermind + 1));
  h.add(villain_groups | static_cast<uint64_t>(henchmen_groups) << 8 | static_cast<uint64_t>(heroes_in) << 16 | static_cast<uint64_t>(built) << 32);
  for (int p = 0; p < cfg->players; ++p) {
    const PlayerState& pl = players[p];
    h.add_pile(pl.hand);
    h.add_bytes(pl.deck.top, pl.deck.n_top);
    h.add(pl.deck.top_private);
    h.add_pile(pl.deck.rest);
    h.add_pile(pl.discard);
    h.add_pile(pl.victory);
    h.add(pl.pass);
    h.add(pl.shown);
  }
  h.add_pile(villain_deck);
  h.add_pile(hero_deck);
  h.add_bytes(hq, kHQ);
  for (const auto& v : city) h.add(v.card | static_cast<uint64_t>(v.bystanders) << 8 | static_cast<uint64_t>(v.under) << 16);
  h.add_bytes(ko, kCardIds);
  h.add_bytes(escaped, kCardIds);
  const uint8_t counters[] = {wounds_left, bystanders_left, officers_left, mm_bystanders, twists_played, twists_beside, mystique_twists, portals,
                              villains_escaped, bystanders_carried, killbots_escaped, heroes_escaped};
  h.add_bytes(counters, static_cast<int>(sizeof counters));
  h.add_pile(tactics);
  h.add(turn_player_ | static_cast<uint64_t>(turn) << 8);
  h.add(n_played);
  for (int i = 0; i < n_played; ++i) h.add(played[i].card | static_cast<uint64_t>(played[i].as) << 8 | static_cast<uint64_t>(played[i].tags) << 16);
  h.add(s64(attack) << 32 | static_cast<uint16_t>(recruit) << 16 | static_cast<uint16_t>(recruit_made));
  h.add(extra_draws | static_cast<uint64_t>(recruit_as_attack) << 8 | static_cast<uint64_t>(healed) << 9 | static_cast<uint64_t>(acted) << 10 |
        static_cast<uint64_t>(extra_turn) << 11 | static_cast<uint64_t>(on_defeat_recruit) << 16 | static_cast<uint64_t>(on_defeat_rescue) << 24 |
        static_cast<uint64_t>(extra_draw) << 32 | static_cast<uint64_t>(bubble) << 40 | static_cast<uint64_t>(limbo) << 48 |
        static_cast<uint64_t>(new_hand) << 56);
  for (const int8_t m : space_minus) h.add(s64(m));
  h.add(s64(mastermind_minus));
  h.add_pile(look);
  h.add(look_owner | static_cast<uint64_t>(look_private) << 8);
  h.add_pile(steal);
  h.add(static_cast<uint64_t>(mm_defeated) | static_cast<uint64_t>(deck_ran_out) << 1 | static_cast<uint64_t>(over) << 2 | static_cast<uint64_t>(showdown) << 3 |
        s64(result + 1) << 8 | static_cast<uint64_t>(showdown_mask) << 16 | static_cast<uint64_t>(showdown_done) << 24 |
        static_cast<uint64_t>(showdown_round) << 32 | s64(showdown_winner + 1) << 40);
  for (int p = 0; p < cfg->players; ++p) h.add(s64(showdown_total[p]));
  h.add(n_tasks);
  for (int i = 0; i < n_tasks; ++i) {
    const Task& t = tasks[i];
    h.add(t.op | static_cast<uint64_t>(t.p) << 8 | static_cast<uint64_t>(t.card) << 16 | static_cast<uint64_t>(static_cast<uint8_t>(t.a)) << 24 |
          static_cast<uint64_t>(static_cast<uint8_t>(t.b)) << 32 | static_cast<uint64_t>(static_cast<uint8_t>(t.c)) << 40);
  }
  return h.value();
}

}  // namespace henchmen::legendary
