// Seven Secret Supervillains: what an observer cannot see, redrawn from the position alone (resample):
// ISMCTS redraws every iteration, so this is compiled with the rules;
// the JSON beside it in serialize.cpp is compiled as cold code.
#include <algorithm>
#include <iterator>

#include "core/error.h"
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

// Redraws what `observer` cannot see from the position alone (a position
// with no history from the start; with one, core/knowledge.h draws exactly
// from what the observer saw): every other player's unknown hand cards,
// unknown frozen cards and the unknown part of their deck are pooled and
// dealt back in the same numbers. Known cards stay where they are. Whether a
// draw waits on chance depends on public counts alone (task_needs_chance),
// so every deal keeps the same chance node.
void State::resample(int observer, Rng& rng) {
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    PlayerState& pl = players[p];
    const PlayerState original = pl;
    uint8_t pool[kPileCap + kSmallPile + 8 + kDeckTopCap + kLookedCap];
    int n = 0;
    // Gamble's face-down card is one of the hand's to the observer: the hand
    // and it are dealt together, every card the others knew there kept.
    const bool face_down = gamble_card != kNoCard && p == turn_player_;
    Multiset<kSmallPile> rest = original.hand;
    if (face_down) rest.add(gamble_card);
    for (const uint8_t card : original.hand_public) rest.remove(card);
    for (const uint8_t card : gamble_known) {
      if (face_down) rest.remove(card);
    }
    for (const uint8_t card : rest) pool[n++] = card;
    Multiset<8> frozen_rest = original.frozen;
    for (const uint8_t card : original.frozen_public) frozen_rest.remove(card);
    for (const uint8_t card : frozen_rest) pool[n++] = card;
    for (int i = 0; i < original.deck.n_unknown; ++i) pool[n++] = original.deck.c[i];
    // Known deck cards the observer was not shown (looked at by their owner)
    // are as open to them as the unknown part; their places stay.
    const PlayerDeck& od = original.deck;
    for (int i = 0; i < od.n_top; ++i) {
      if (!sees_top_card(od, i, observer)) pool[n++] = od.top[i];
    }
    for (int k = 0; k < od.known(); ++k) {
      if (!sees_bottom_card(od, k, p, observer)) pool[n++] = od.c[od.n_unknown + k];
    }
    const bool looks = p == turn_player_ && !minion_look();  // Rewrite's or Sell's cards off the top of this deck
    for (int i = 0; looks && i < n_looked; ++i) {
      if (!((looked_seen[i] >> observer) & 1u)) pool[n++] = looked[i];
    }
    for (int i = n - 1; i > 0; --i) std::swap(pool[i], pool[rng.below(static_cast<uint32_t>(i + 1))]);
    pl.hand = original.hand_public;
    if (face_down) pl.hand.add_all(gamble_known);
    pl.frozen = original.frozen_public;
    pl.deck.clear();
    int k = 0;
    for (int i = 0; i < rest.size(); ++i) pl.hand.add(pool[k++]);
    if (face_down) {
      // Which of them lies face down: any, as far as the observer knows.
      gamble_card = pl.hand.c[rng.below(static_cast<uint32_t>(pl.hand.size()))];
      pl.hand.remove(gamble_card);
      reactions.top().arg = gamble_card;
    }
    for (int i = 0; i < frozen_rest.size(); ++i) pl.frozen.add(pool[k++]);
    for (int i = 0; looks && i < n_looked; ++i) {
      if (!((looked_seen[i] >> observer) & 1u)) looked[i] = pool[k++];
    }
    uint8_t top[kDeckTopCap];
    for (int i = 0; i < od.n_top; ++i) top[i] = sees_top_card(od, i, observer) ? od.top[i] : pool[k++];
    uint8_t bottom[kPileCap];
    for (int j = 0; j < od.known(); ++j) bottom[j] = sees_bottom_card(od, j, p, observer) ? od.c[od.n_unknown + j] : pool[k++];
    while (k < n) pl.deck.add_unknown(pool[k++]);
    for (int j = 0; j < od.known(); ++j) pl.deck.put_bottom(bottom[j], od.bottom_is_private(j));
    for (int i = od.n_top; i-- > 0;) pl.deck.put_top(top[i], od.top_seen[i]);
  }
  // The Minion deck's known cards the observer was not shown (Trendset's),
  // and the ones Trendset holds off it, are as open to them as its unknown
  // part (a public set); places and marks stay.
  {
    const MinionDeck od = minion_deck;
    auto seen = [&](int i) { return sees_minion_top(i, observer); };
    const bool looks = minion_look();
    auto seen_looked = [&](int i) { return observer >= 0 && ((looked_seen[i] >> observer) & 1u); };
    uint8_t pool[MinionDeck::capacity() + kDeckTopCap + kLookedCap];
    int n = 0;
    for (int i = 0; looks && i < n_looked; ++i) {
      if (!seen_looked(i)) pool[n++] = looked[i];
    }
    for (int i = 0; i < od.n_top; ++i) {
      if (!seen(i)) pool[n++] = od.top[i];
    }
    for (int k = 0; k < od.known(); ++k) {
      if (!sees_minion_bottom(k, observer)) pool[n++] = od.c[od.n_unknown + k];
    }
    if (n > 0) {
      for (int i = 0; i < od.n_unknown; ++i) pool[n++] = od.c[i];
      for (int i = n - 1; i > 0; --i) std::swap(pool[i], pool[rng.below(static_cast<uint32_t>(i + 1))]);
      int k = 0;
      for (int i = 0; looks && i < n_looked; ++i) {
        if (!seen_looked(i)) looked[i] = pool[k++];
      }
      uint8_t top[kDeckTopCap];
      for (int i = 0; i < od.n_top; ++i) top[i] = seen(i) ? od.top[i] : pool[k++];
      uint8_t bottom[MinionDeck::capacity()];
      for (int j = 0; j < od.known(); ++j) bottom[j] = sees_minion_bottom(j, observer) ? od.c[od.n_unknown + j] : pool[k++];
      minion_deck.clear();
      while (k < n) minion_deck.add_unknown(pool[k++]);
      for (int j = 0; j < od.known(); ++j) minion_deck.put_bottom(bottom[j]);
      for (int i = od.n_top; i-- > 0;) minion_deck.put_top(top[i], od.top_seen[i]);
    }
  }
  if (cfg->chaos_spells) resample_spells(observer, rng);
}

// The spells the observer cannot place (the Chaos Spell deck's unknown part,
// the others' spell books and spells set aside but for what everyone saw)
// are pooled and dealt back in the same numbers.
void State::resample_spells(int observer, Rng& rng) {
  uint8_t pool[kChaosSpells * (kMaxPlayers * 2 + 1)];
  int n = 0;
  int book_rest[kMaxPlayers] = {};
  int aside_rest[kMaxPlayers] = {};
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    PlayerState& pl = players[p];
    for (const uint8_t card : pl.spell_book) pool[n++] = card;
    for (const uint8_t card : pl.spell_book_public) {
      for (int i = 0; i < n; ++i) {
        if (pool[i] == card) {
          pool[i] = pool[--n];
          break;
        }
      }
    }
    book_rest[p] = pl.spell_book.size() - pl.spell_book_public.size();
    for (const uint8_t card : pl.spells_aside) pool[n++] = card;
    for (const uint8_t card : pl.spells_aside_public) {
      for (int i = n; i-- > 0;) {
        if (pool[i] == card) {
          pool[i] = pool[--n];
          break;
        }
      }
    }
    aside_rest[p] = pl.spells_aside.size() - pl.spells_aside_public.size();
    pl.spell_book = pl.spell_book_public;
    pl.spells_aside = pl.spells_aside_public;
  }
  const int deck_unknown = chaos_deck.n_unknown;
  for (int i = 0; i < deck_unknown; ++i) pool[n++] = chaos_deck.c[i];
  std::sort(pool, pool + n);  // a canonical order first, so the deal depends on the seed alone
  for (int i = n - 1; i > 0; --i) std::swap(pool[i], pool[rng.below(static_cast<uint32_t>(i + 1))]);
  int k = 0;
  for (int p = 0; p < cfg->players; ++p) {
    for (int i = 0; i < book_rest[p]; ++i) players[p].spell_book.add(pool[k++]);
    for (int i = 0; i < aside_rest[p]; ++i) players[p].spells_aside.add(pool[k++]);
  }
  Deck<kChaosSpells> rebuilt;
  while (k < n) rebuilt.add_unknown(pool[k++]);
  for (int i = deck_unknown; i < chaos_deck.n; ++i) rebuilt.put_bottom(chaos_deck.c[i]);
  chaos_deck = rebuilt;
}

}  // namespace henchmen::sss
