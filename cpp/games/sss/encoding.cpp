// Seven Secret Supervillains' compact observation (core/compact.h): the
// entries of observation_tensor (view.cpp), written from the piles. Keep the
// two in step: tests/rl/test_vector.py decodes this and compares.
#include <iterator>

#include "core/compact.h"
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

constexpr int kSeatPlanes = 9;
constexpr int kSharedPlanes = 7;

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
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const PlayerState& pl = st.players[p];
    const int base = seat * kSeatPlanes;
    if (seat == 0) {
      run(base, pl.hand, 1.0f);
      run_of(base + 1, pl.deck.c, pl.deck.c + pl.deck.n_unknown, 1.0f);
      run(base + 7, pl.frozen, 1.0f);
      if (st.gamble_card != kNoCard && p == st.turn_player_) w.add(at(base, st.gamble_card), 1.0f);
      run(base, pl.spell_book, 1.0f);
      run(base + 7, pl.spells_aside, 1.0f);
    } else {
      // The hidden plane: the hand and frozen cards nobody saw, and the unknown deck.
      run(base, pl.hand_public, 1.0f);
      run(base + 1, pl.hand, 1.0f);
      run(base + 1, pl.hand_public, -1.0f);
      run(base + 1, pl.frozen, 1.0f);
      run(base + 1, pl.frozen_public, -1.0f);
      run(base + 7, pl.frozen_public, 1.0f);
      run_of(base + 1, pl.deck.c, pl.deck.c + pl.deck.n_unknown, 1.0f);
      if (st.gamble_card != kNoCard && p == st.turn_player_) w.add(at(base + 1, st.gamble_card), 1.0f);
      run(base, pl.spell_book_public, 1.0f);
      run(base + 7, pl.spells_aside_public, 1.0f);
    }
    // Known deck cards: depth from the bottom; the tensor assigns, so the
    // deepest copy the viewer saw wins; the rest are hidden.
    const int looks = p == st.turn_player_ && !st.minion_look() ? st.n_looked : 0;  // Rewrite's or Sell's, above the deck
    if (looks == 0 && pl.deck.n_top == 0 && !(pl.deck.bottom_private[0] | pl.deck.bottom_private[1])) {
      for (int i = pl.deck.n_unknown; i < pl.deck.n; ++i) {
        bool later = false;
        for (int j = i + 1; j < pl.deck.n && !later; ++j) later = pl.deck.c[j] == pl.deck.c[i];
        if (!later) w.add(at(base + 2, pl.deck.c[i]), static_cast<float>(pl.deck.n - i));
      }
    } else {
      float depth[kCardIds] = {};
      for (int i = 0; i < looks; ++i) {
        if ((st.looked_seen[i] >> viewer) & 1u) depth[st.looked[i]] = static_cast<float>(pl.deck.size() + looks - i);
        else w.add(at(base + 1, st.looked[i]), 1.0f);
      }
      each_known_card(pl.deck, p, viewer, [&](uint8_t card, int from_bottom, bool seen) {
        if (seen) depth[card] = static_cast<float>(from_bottom);
        else w.add(at(base + 1, card), 1.0f);
      });
      for (int card = 0; card < kCardIds; ++card) {
        if (depth[card] != 0.0f) w.add(at(base + 2, card), depth[card]);
      }
    }
    run(base + 3, pl.discard, 1.0f);
    run(base + 4, pl.in_play, 1.0f);
    run(base + 5, pl.bought, 1.0f);
    run(base + 6, pl.stash, 1.0f);
    for (int crew = 0; crew < c.crews; ++crew) {
      run(base + 8, st.attached[crew][p], 1.0f);
    }
    run(base + 8, pl.upgrades, 1.0f);
    run(base + 8, pl.upgrades_pending, 1.0f);
  }
  const int shared = n * kSeatPlanes;
  for (int i = 0; i < kRowSlots; ++i) {
    if (st.row[i] == kNoCard) continue;
    bool later = false;
    for (int j = i + 1; j < kRowSlots && !later; ++j) later = st.row[j] == st.row[i];
    if (!later) w.add(at(shared, st.row[i]), static_cast<float>(i + 1));
  }
  // Every Minion card is one of a kind (a crew's nine are nine ids), so the
  // tensor's assignment in deck order is one entry per card.
  {
    const MinionDeck& deck = st.minion_deck;
    // A known card the viewer was not shown is one of the unknown part to them.
    auto value = [&](int i) { return i < deck.n_unknown || !st.sees_minion_bottom(i - deck.n_unknown, viewer) ? 1.0f : 2.0f; };
    if (w.room(deck.n)) {
      for (int i = 0; i < deck.n; ++i) w.put(at(shared + 1, deck.c[i]), value(i));
    } else {
      for (int i = 0; i < deck.n; ++i) w.add(at(shared + 1, deck.c[i]), value(i));
    }
    for (int i = 0; i < deck.n_top; ++i) w.add(at(shared + 1, deck.top[i]), st.sees_minion_top(i, viewer) ? 3.0f : 1.0f);
    for (int i = 0; st.minion_look() && i < st.n_looked; ++i) w.add(at(shared + 1, st.looked[i]), viewer >= 0 && ((st.looked_seen[i] >> viewer) & 1u) ? 4.0f : 1.0f);
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
  run(shared + 3, st.expelled, 1.0f);
  w.add(at(shared + 4, kScaredyBot), static_cast<float>(st.scaredy_left));
  if (st.explodey_left) w.add(at(shared + 4, kExplodeyBot), static_cast<float>(st.explodey_left));
  for (int i = st.chaos_deck.n_unknown; i < st.chaos_deck.n; ++i) w.add(at(shared + 1, st.chaos_deck.c[i]), static_cast<float>(st.chaos_deck.n - i));
  for (int word = 0; word < 2; ++word) {
    for (uint64_t bits = st.pupated[word]; bits; bits &= bits - 1) w.add(at(shared + 5, word * 64 + __builtin_ctzll(bits)), 1.0f);
  }
  for (int word = 0; word < 2; ++word) {
    for (uint64_t bits = st.haggled[word]; bits; bits &= bits - 1) w.add(at(shared + 6, word * 64 + __builtin_ctzll(bits)), 1.0f);
  }
  int s = (shared + kSharedPlanes) * kCardIds;
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const PlayerState& pl = st.players[p];
    w.add(s++, pl.power);
    w.add(s++, pl.won);
    w.add(s++, static_cast<float>(pl.hand.size()));
    w.add(s++, static_cast<float>(pl.deck.size()));
    for (int a = 0; a < kNumAbilities; ++a) w.add(s++, pl.tokens[a]);
    for (int crew = 0; crew < c.crews; ++crew) w.add(s + crew, static_cast<float>(st.reputation(crew, p)));
    s += kMaxCrews;
    w.add(s++, static_cast<float>(pl.spell_book.size()));
    w.add(s++, static_cast<float>(pl.spells_aside.size()));
  }
  w.add(s++, static_cast<float>(st.turn) / static_cast<float>(c.max_turns));
  w.add(s++, st.turn_player_ == viewer ? 1.0f : 0.0f);
  w.add(s++, st.over ? 1.0f : 0.0f);
  w.add(s++, st.pending == Pending::kFetchDiscard ? 1.0f : 0.0f);
  w.add(s++, st.pending == Pending::kReturnUpgrade ? 1.0f : 0.0f);
  w.add(s++, static_cast<float>(st.remix_discards_left()));
  w.add(s++, st.hack_power);
  if (st.repeatable != kNoAbility) w.add(s + st.repeatable, 1.0f);
  s += kNumAbilities;
  w.add(s++, st.gamble_card != kNoCard ? 1.0f : 0.0f);
  w.add(s++, static_cast<float>(st.n_looked));
  w.add(s++, st.pending == Pending::kRewriteChoice ? 1.0f : 0.0f);
  w.add(s++, st.pending == Pending::kSellChoice ? 1.0f : 0.0f);
  w.add(s++, st.pending == Pending::kTrendsetChoice ? 1.0f : 0.0f);
  w.add(s++, static_cast<float>(st.chaos_deck.size()));
  // Per crew: in the Supervillain deck, in a slot, in the Danger Zone, then
  // who won it by seat from the viewer; only the ones set are entries.
  constexpr int kPerCrew = 3 + kMaxPlayers;
  uint32_t in_slot = 0;
  for (const int8_t slot : st.supervillain_slot) {
    if (slot >= 0) in_slot |= 1u << slot;
  }
  const uint32_t in_game = (1u << c.crews) - 1;
  for (uint32_t bits = st.supervillain_deck & in_game; bits; bits &= bits - 1) w.add(s + __builtin_ctz(bits) * kPerCrew, 1.0f);
  for (uint32_t bits = in_slot & in_game; bits; bits &= bits - 1) w.add(s + __builtin_ctz(bits) * kPerCrew + 1, 1.0f);
  for (uint32_t bits = st.danger_zone & in_game; bits; bits &= bits - 1) w.add(s + __builtin_ctz(bits) * kPerCrew + 2, 1.0f);
  for (int crew = 0; crew < c.crews; ++crew) {
    if (st.won_by[crew] >= 0) w.add(s + crew * kPerCrew + 3 + (st.won_by[crew] - viewer + n) % n, 1.0f);
  }
  out.count = w.count;
}

}  // namespace henchmen::sss
