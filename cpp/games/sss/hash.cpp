// Seven Secret Supervillains: the stable position hash (the same content as
// the position JSON, fed field by field; see core/hasher.h).
#include "core/hasher.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {
constexpr int kHashedAbilities = kConsume + 1;
}  // namespace

uint64_t State::hash() const {
  Hasher h;
  h.add(turn);
  h.add(turn_player_);
  h.add(static_cast<uint64_t>(pending));
  h.add(over);
  h.add(static_cast<uint64_t>(static_cast<int64_t>(winner)));
  h.add(supervillain_deck);
  h.add(danger_zone);
  for (const int8_t s : supervillain_slot) h.add(static_cast<uint64_t>(static_cast<int64_t>(s)));
  for (int crew = 0; crew < cfg->crews; ++crew) {
    h.add(static_cast<uint64_t>(static_cast<int64_t>(won_by[crew])));
    for (int p = 0; p < cfg->players; ++p) h.add_pile(attached[crew][p]);
  }
  h.add_bytes(row, kRowSlots);
  h.add(minion_deck.n_unknown);
  h.add_pile(minion_deck);
  // Only when there is one, so that positions without a known top keep their hash.
  if (minion_deck.n_top > 0) {
    h.add(minion_deck.n_top);
    h.add_bytes(minion_deck.top, minion_deck.n_top);
    h.add_bytes(minion_deck.top_seen, minion_deck.n_top);
  }
  for (int k = 0; k < minion_deck.known(); ++k) {
    if (minion_bottom_seen[k] != 0) {  // only when one is not public
      h.add(0x4d42u);
      h.add_bytes(minion_bottom_seen, static_cast<size_t>(minion_deck.known()));
      break;
    }
  }
  h.add(upgrade_row);
  h.add(upgrade_deck.n_unknown);
  h.add_pile(upgrade_deck);
  h.add(scaredy_left);
  h.add_pile(expelled);
  // Only when there is one, so that positions without Pupate keep their hash.
  if (pupated[0] | pupated[1]) {
    h.add(pupated[0]);
    h.add(pupated[1]);
  }
  if (hack_power) h.add(static_cast<uint64_t>(hack_power) | (uint64_t{1} << 40));  // likewise for Hack
  if (cfg->explodey_pile) h.add(static_cast<uint64_t>(explodey_left) | (uint64_t{1} << 41));  // games with Experiment
  if (repeatable != kNoAbility) h.add(static_cast<uint64_t>(repeatable) | (uint64_t{1} << 42));  // likewise for Repeat
  for (int a = 0; a < kNumAbilities; ++a) {
    if (minion_tokens[a]) h.add(static_cast<uint64_t>(a) << 8 | minion_tokens[a] | (uint64_t{1} << 43));
  }
  if (gamble_card != kNoCard) h.add(gamble_card | (uint64_t{1} << 44));  // likewise for Gamble
  if (!gamble_known.empty()) {  // likewise for what the others knew of that hand
    h.add(uint64_t{1} << 48);
    h.add_pile(gamble_known);
  }
  if (n_looked) {  // likewise for Rewrite and Sell
    h.add(n_looked | (uint64_t{1} << 47));
    h.add_bytes(looked, n_looked);
    h.add_bytes(looked_seen, n_looked);
  }
  if (cfg->chaos_spells) {  // games with Discombobulate: the Chaos Spell deck
    h.add(static_cast<uint64_t>(chaos_deck.n_unknown) | (uint64_t{1} << 45));
    h.add_pile(chaos_deck);
  }
  if (haggle_slots | haggled[0] | haggled[1]) {  // likewise for Haggle
    h.add(haggle_slots);
    h.add(haggled[0]);
    h.add(haggled[1]);
  }
  h.add(n_tasks);
  for (int i = 0; i < n_tasks; ++i) {
    h.add(static_cast<uint64_t>(tasks[i].kind) | static_cast<uint64_t>(tasks[i].player) << 8 | static_cast<uint64_t>(tasks[i].slot) << 16 |
          static_cast<uint64_t>(tasks[i].count) << 24);
  }
  for (int p = 0; p < cfg->players; ++p) {
    const PlayerState& pl = players[p];
    h.add_pile(pl.hand);
    h.add_pile(pl.hand_public);
    h.add(pl.deck.n_unknown);
    h.add_pile(pl.deck);
    // Only when there is one: positions without a known top read as before.
    if (pl.deck.n_top > 0) {
      h.add(0x70u);
      h.add_bytes(pl.deck.top, pl.deck.n_top);
      h.add_bytes(pl.deck.top_seen, pl.deck.n_top);
    }
    if (pl.deck.bottom_private[0] | pl.deck.bottom_private[1]) {
      h.add(0x62u);
      h.add(pl.deck.bottom_private[0]);
      h.add(pl.deck.bottom_private[1]);
    }
    h.add_pile(pl.discard);
    h.add_pile(pl.in_play);
    h.add_pile(pl.bought);
    h.add_pile(pl.stash);
    h.add_pile(pl.frozen);
    // Only when there is one: positions from before frozen_public existed
    // keep their hash, so the checkpoints of older replays still verify.
    if (!pl.frozen_public.empty()) h.add_pile(pl.frozen_public);
    h.add_pile(pl.upgrades);
    h.add_pile(pl.upgrades_pending);
    h.add(pl.upgrades_used);
    h.add(static_cast<uint64_t>(static_cast<int64_t>(pl.power)));
    // The abilities up to Consume as bytes, later crews' only when held, so
    // that adding a crew keeps every earlier position's hash (and replays'
    // checkpoints) as it was.
    h.add_bytes(pl.tokens, kHashedAbilities);
    for (int a = kHashedAbilities; a < kNumAbilities; ++a) {
      if (pl.tokens[a]) h.add(static_cast<uint64_t>(a) << 8 | pl.tokens[a]);
    }
    h.add(pl.won);
    if (cfg->chaos_spells) {  // likewise: the spell book and the spells set aside
      h.add(uint64_t{1} << 46);
      h.add_pile(pl.spell_book);
      h.add_pile(pl.spell_book_public);
      h.add_pile(pl.spells_aside);
      h.add_pile(pl.spells_aside_public);
    }
  }
  return h.value();
}

}  // namespace henchmen::sss
