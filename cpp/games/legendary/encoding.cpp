// Legendary's compact observation (core/compact.h): the entries of
// observation_tensor (view.cpp), written from the piles. Keep the two in
// step: tests/rl/test_vector.py decodes this and compares.
#include <cstring>
#include <iterator>

#include "core/compact.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

namespace {

constexpr int kSeatPlanes = 6;
constexpr int kSharedPlanes = 9;
constexpr int kScalars = 160;

}  // namespace

void encode_compact(const void* state, int viewer, CompactWriter& out) {
  // A local copy: its fields stay in registers (stores through out's
  // pointers could otherwise alias them and force reloads on every entry).
  CompactWriter w = out;
  const State& st = *static_cast<const State*>(state);
  const Config& c = *st.cfg;
  const int n = c.players;
  auto at = [](int plane, int card) { return plane * kCardIds + card; };
  auto run_of = [&](int plane, const uint8_t* first, const uint8_t* end, float each) {
    add_runs(w, plane * kCardIds, first, end, each);
  };
  auto run = [&](int plane, const auto& cards, float each) {
    const uint8_t* first = &*std::begin(cards);
    run_of(plane, first, first + (std::end(cards) - std::begin(cards)), each);
  };
  auto pile = [&](int plane, const auto& cards) { run(plane, cards, 1.0f); };
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const PlayerState& pl = st.players[p];
    const int base = seat * kSeatPlanes;
    const bool own = seat == 0;
    if (own) {
      pile(base + 0, pl.hand);
      pile(base + 1, pl.deck.rest);
    } else {
      pile(base + 1, pl.hand);
      pile(base + 1, pl.deck.rest);
      if (pl.pass != kNoCard) w.add(at(base + 1, pl.pass), 1.0f);
      if (st.look_private && st.look_owner == p) pile(base + 1, st.look);
    }
    for (int i = 0; i < pl.deck.n_top; ++i) {
      const bool priv = (pl.deck.top_private >> i) & 1u;
      if (priv && !own) w.add(at(base + 1, pl.deck.top[i]), 1.0f);
      else w.add(at(base + 2, pl.deck.top[i]), 1.0f / static_cast<float>(i + 1));
    }
    if (own && pl.pass != kNoCard) w.add(at(base + 0, pl.pass), 1.0f);
    pile(base + 3, pl.discard);
    pile(base + 4, pl.victory);
    if (p == st.turn_player_) {
      for (int i = 0; i < st.n_played; ++i) {
        if (st.played[i].as != kNoCard) w.add(at(base + 5, st.played[i].as), 1.0f);
      }
    }
  }
  const int sh = n * kSeatPlanes;
  for (const uint8_t x : st.hq) {
    if (x != kNoCard) w.add(at(sh, x), 1.0f);
  }
  for (int s = 0; s < kCity; ++s) {
    if (st.city[s].card != kNoCard) w.add(at(sh + 1, st.city[s].card), static_cast<float>(s + 1));
    if (st.city[s].under != kNoCard) w.add(at(sh + 2, st.city[s].under), 1.0f);
  }
  pile(sh + 3, st.villain_deck);
  pile(sh + 4, st.hero_deck);
  // Count arrays, mostly zero: eight ids a word, empty words skipped.
  static_assert(kNumCardIds % 8 == 0 && kNumCardIds <= kCardIds, "whole words of the count arrays");
  auto counts = [&](int plane, const uint8_t* count) {
    for (int x = 0; x < kNumCardIds; x += 8) {
      uint64_t word = 0;
      std::memcpy(&word, count + x, sizeof word);
      while (word) {
        const int byte = __builtin_ctzll(word) / 8;
        w.add(at(plane, x + byte), count[x + byte]);
        word &= ~(uint64_t{0xFF} << (8 * byte));
      }
    }
  };
  counts(sh + 5, st.ko);
  counts(sh + 6, st.escaped);
  if (!st.look_private || st.look_owner == viewer) pile(sh + 7, st.look);
  pile(sh + 8, st.steal);
  const int first = (sh + kSharedPlanes) * kCardIds;
  const int end = first + kScalars;
  int s = first;
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    if (seat < n) {
      const int p = (viewer + seat) % n;
      w.add(s++, static_cast<float>(st.vp(p)));
      w.add(s++, static_cast<float>(st.players[p].hand.size()));
      w.add(s++, static_cast<float>(st.players[p].deck.size()));
      w.add(s++, p == st.turn_player_ ? 1.0f : 0.0f);
      w.add(s++, p == st.current_player() ? 1.0f : 0.0f);
    } else {
      s += 5;
    }
  }
  w.add(s++, st.attack);
  w.add(s++, st.recruit);
  w.add(s++, st.recruit_made);
  w.add(s++, st.extra_draws);
  w.add(s++, st.recruit_as_attack);
  w.add(s++, st.healed);
  w.add(s++, st.acted);
  w.add(s++, st.extra_turn);
  w.add(s++, st.extra_draw);
  w.add(s++, static_cast<float>(st.turn) / 100.0f);
  w.add(s++, st.twists_played);
  w.add(s++, st.twists_beside);
  w.add(s++, st.villains_escaped);
  w.add(s++, st.bystanders_carried);
  w.add(s++, st.killbots_escaped);
  w.add(s++, st.heroes_escaped);
  w.add(s++, st.wounds_left);
  w.add(s++, st.bystanders_left);
  w.add(s++, st.officers_left);
  w.add(s++, static_cast<float>(st.mastermind_attack()));
  w.add(s++, static_cast<float>(st.tactics.size()));
  w.add(s++, st.mm_bystanders);
  w.add(s++, st.mm_defeated);
  w.add(s++, st.deck_ran_out);
  w.add(s++, st.over);
  w.add(s++, static_cast<float>(st.result));
  w.add(s++, st.showdown);
  w.add(s++, static_cast<float>(st.hero_deck_size()));
  w.add(s++, static_cast<float>(st.villain_deck.size()));
  for (int i = 0; i < kCity; ++i) w.add(s++, static_cast<float>(st.villain_attack(i)));
  for (int i = 0; i < kCity; ++i) w.add(s++, st.city[i].bystanders);
  for (int i = 0; i < kCity; ++i) w.add(s++, st.space_minus[i]);
  for (uint32_t bits = st.portals & 0x3Fu; bits; bits &= bits - 1) w.add(s + __builtin_ctz(bits), 1.0f);
  s += 6;
  // One-hot blocks: only the hot entry is written.
  if (st.scheme >= 0 && st.scheme < kSchemes) w.add(s + st.scheme, 1.0f);
  s += kSchemes;
  if (st.mastermind >= 0 && st.mastermind < kMasterminds) w.add(s + st.mastermind, 1.0f);
  s += kMasterminds;
  // The task ops' one-hot block, as long as the scalars leave room for.
  const int op = st.n_tasks > 0 ? st.tasks[st.n_tasks - 1].op : -1;
  if (op >= 0 && op < kNumTaskOps && s + op < end - 1) w.add(s + op, 1.0f);
  w.add(end - 1, st.new_hand);  // the last scalar, as in the tensor (which assigns it)
  out.count = w.count;
}

}  // namespace henchmen::legendary
