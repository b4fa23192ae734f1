// Seven Secret Supervillains' compact observation (core/compact.h): the
// entries of observation_tensor (view.cpp), written from the piles. Keep the
// two in step: tests/rl/test_vector.py decodes this and compares.
#include "core/compact.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

constexpr int kSeatPlanes = 9;
constexpr int kSharedPlanes = 5;

}  // namespace

void encode_compact(const void* state, int viewer, CompactWriter& w) {
  const State& st = *static_cast<const State*>(state);
  const Config& c = *st.cfg;
  const int n = c.players;
  auto at = [](int plane, int card) { return plane * kCardIds + card; };
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const PlayerState& pl = st.players[p];
    const int base = seat * kSeatPlanes;
    if (seat == 0) {
      for (const uint8_t card : pl.hand) w.add(at(base, card), 1.0f);
      for (int i = 0; i < pl.deck.n_unknown; ++i) w.add(at(base + 1, pl.deck.c[i]), 1.0f);
      for (const uint8_t card : pl.frozen) w.add(at(base + 7, card), 1.0f);
    } else {
      // The hidden plane: the hand and frozen cards nobody saw, and the unknown deck.
      for (const uint8_t card : pl.hand_public) w.add(at(base, card), 1.0f);
      for (const uint8_t card : pl.hand) w.add(at(base + 1, card), 1.0f);
      for (const uint8_t card : pl.hand_public) w.add(at(base + 1, card), -1.0f);
      for (const uint8_t card : pl.frozen) w.add(at(base + 1, card), 1.0f);
      for (const uint8_t card : pl.frozen_public) w.add(at(base + 1, card), -1.0f);
      for (const uint8_t card : pl.frozen_public) w.add(at(base + 7, card), 1.0f);
      for (int i = 0; i < pl.deck.n_unknown; ++i) w.add(at(base + 1, pl.deck.c[i]), 1.0f);
    }
    // Known deck cards: depth from the bottom; the tensor assigns, so the deepest copy wins.
    for (int i = pl.deck.n_unknown; i < pl.deck.n; ++i) {
      bool later = false;
      for (int j = i + 1; j < pl.deck.n && !later; ++j) later = pl.deck.c[j] == pl.deck.c[i];
      if (!later) w.add(at(base + 2, pl.deck.c[i]), static_cast<float>(pl.deck.n - i));
    }
    for (const uint8_t card : pl.discard) w.add(at(base + 3, card), 1.0f);
    for (const uint8_t card : pl.in_play) w.add(at(base + 4, card), 1.0f);
    for (const uint8_t card : pl.bought) w.add(at(base + 5, card), 1.0f);
    for (const uint8_t card : pl.stash) w.add(at(base + 6, card), 1.0f);
    for (int crew = 0; crew < c.crews; ++crew) {
      for (const uint8_t card : st.attached[crew][p]) w.add(at(base + 8, card), 1.0f);
    }
    for (const uint8_t card : pl.upgrades) w.add(at(base + 8, card), 1.0f);
    for (const uint8_t card : pl.upgrades_pending) w.add(at(base + 8, card), 1.0f);
  }
  const int shared = n * kSeatPlanes;
  for (int i = 0; i < kRowSlots; ++i) {
    if (st.row[i] == kNoCard) continue;
    bool later = false;
    for (int j = i + 1; j < kRowSlots && !later; ++j) later = st.row[j] == st.row[i];
    if (!later) w.add(at(shared, st.row[i]), static_cast<float>(i + 1));
  }
  {
    // Assigned in deck order (the last copy wins): walk backwards, first seen wins.
    bool seen[kCardIds] = {};
    for (int i = st.minion_deck.n - 1; i >= 0; --i) {
      const uint8_t card = st.minion_deck.c[i];
      if (seen[card]) continue;
      seen[card] = true;
      w.add(at(shared + 1, card), i < st.minion_deck.n_unknown ? 1.0f : 2.0f);
    }
  }
  {
    bool in_deck = false;
    for (int i = 0; i < st.upgrade_deck.n; ++i) {
      bool later = false;
      for (int j = i + 1; j < st.upgrade_deck.n && !later; ++j) later = st.upgrade_deck.c[j] == st.upgrade_deck.c[i];
      if (!later) w.add(at(shared + 2, st.upgrade_deck.c[i]), 1.0f);
      in_deck = in_deck || st.upgrade_deck.c[i] == st.upgrade_row;
    }
    if (st.upgrade_row != kNoCard && !in_deck) w.add(at(shared + 2, st.upgrade_row), 2.0f);
  }
  for (const uint8_t card : st.expelled) w.add(at(shared + 3, card), 1.0f);
  w.add(at(shared + 4, kScaredyBot), static_cast<float>(st.scaredy_left));
  int s = (shared + kSharedPlanes) * kCardIds;
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const PlayerState& pl = st.players[p];
    w.add(s++, pl.power);
    w.add(s++, pl.won);
    w.add(s++, static_cast<float>(pl.hand.size()));
    w.add(s++, static_cast<float>(pl.deck.size()));
    for (int a = 0; a < kNumAbilities; ++a) w.add(s++, pl.tokens[a]);
    for (int crew = 0; crew < kMaxCrews; ++crew) w.add(s++, crew < c.crews ? static_cast<float>(st.reputation(crew, p)) : 0.0f);
  }
  w.add(s++, static_cast<float>(st.turn) / static_cast<float>(c.max_turns));
  w.add(s++, st.turn_player_ == viewer ? 1.0f : 0.0f);
  w.add(s++, st.over ? 1.0f : 0.0f);
  w.add(s++, st.pending == Pending::kFetchDiscard ? 1.0f : 0.0f);
  w.add(s++, st.pending == Pending::kReturnUpgrade ? 1.0f : 0.0f);
  for (int crew = 0; crew < kMaxCrews; ++crew) {
    const bool in_game = crew < c.crews;
    bool in_slot = false;
    for (const int8_t slot : st.supervillain_slot) in_slot = in_slot || slot == crew;
    w.add(s++, in_game && (st.supervillain_deck & (1u << crew)) ? 1.0f : 0.0f);
    w.add(s++, in_game && in_slot ? 1.0f : 0.0f);
    w.add(s++, in_game && (st.danger_zone & (1u << crew)) ? 1.0f : 0.0f);
    for (int seat = 0; seat < kMaxPlayers; ++seat) {
      w.add(s++, in_game && seat < n && st.won_by[crew] == (viewer + seat) % n ? 1.0f : 0.0f);
    }
  }
}

}  // namespace henchmen::sss
