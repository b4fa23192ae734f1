// Seven Secret Supervillains: the observation tensor and the heuristic, what a search or a learner
// reads at every step (hot code); what a player is shown is board.cpp.
#include <cmath>

#include "core/observation.h"
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

// Tensor layout: card planes (one count per card id) then scalars.
constexpr int kSeatPlanes = 9;    // hand, hidden, deck-known, discard, in play, bought, stash, frozen, attached/upgrades
constexpr int kSharedPlanes = 7;  // row, minion deck, upgrade row/deck, expelled, scaredy pile, pupated, haggled
constexpr int kSeatScalars = 6 + kNumAbilities + kMaxCrews;  // power, won, hand, deck sizes, tokens, reputation, spell book and spells set aside sizes
constexpr int kSharedScalars = 13 + kNumAbilities + kMaxCrews * (3 + kMaxPlayers);  // ... hack power, Repeat's ability one-hot, the Gamble flag, the looks, the Chaos Spell deck's size, crews

}  // namespace

int observation_length(const Config& cfg) {
  return (cfg.players * kSeatPlanes + kSharedPlanes) * kCardIds + cfg.players * kSeatScalars + kSharedScalars;
}

void State::observation_tensor(int viewer, float* out) const {
  const Config& c = *cfg;
  const int n = c.players;
  const CardPlanes plane(out, observation_length(c), kCardIds);
  // Each seat's player, seat 0 always the viewer: a division each, done once
  // here rather than in every loop below (the divisions were 5% of the
  // tensor's perf samples, 7 December).
  int at_seat[kMaxPlayers] = {};
  for (int seat = 0; seat < n; ++seat) at_seat[seat] = (viewer + seat) % n;
  int crew_reputation[kMaxPlayers][kMaxCrews] = {};
  for (int seat = 0; seat < n; ++seat) {
    const int p = at_seat[seat];
    const PlayerState& pl = players[p];
    const int base = seat * kSeatPlanes;
    if (seat == 0) {
      add_cards(plane(base + 0), pl.hand);
      for (int i = 0; i < pl.deck.n_unknown; ++i) plane(base + 1)[pl.deck.c[i]] += 1.0f;
      add_cards(plane(base + 7), pl.frozen);
      if (gamble_card != kNoCard && p == turn_player_) plane(base + 0)[gamble_card] += 1.0f;  // face down, still yours
      // The spell book and the spells set aside, at the spells' ids (never a hand card's).
      add_cards(plane(base + 0), pl.spell_book);
      add_cards(plane(base + 7), pl.spells_aside);
    } else {
      add_cards(plane(base + 0), pl.hand_public);
      float* hidden = plane(base + 1);
      add_cards(hidden, pl.hand);
      for (const uint8_t card : pl.hand_public) hidden[card] -= 1.0f;
      add_cards(hidden, pl.frozen);
      for (const uint8_t card : pl.frozen_public) hidden[card] -= 1.0f;
      add_cards(plane(base + 7), pl.frozen_public);
      for (int i = 0; i < pl.deck.n_unknown; ++i) hidden[pl.deck.c[i]] += 1.0f;
      if (gamble_card != kNoCard && p == turn_player_) hidden[gamble_card] += 1.0f;  // face down
      add_cards(plane(base + 0), pl.spell_book_public);
      add_cards(plane(base + 7), pl.spells_aside_public);
    }
    // Known deck cards: their place counted from the bottom (top first, so
    // the deepest copy of a kind is the one written); a card only its owner
    // looked at counts as hidden for everyone else. Cards Rewrite or Sell
    // holds off the top count as the places above the deck.
    for (int i = 0; p == turn_player_ && !minion_look() && i < n_looked; ++i) {
      if ((looked_seen[i] >> viewer) & 1u) plane(base + 2)[looked[i]] = static_cast<float>(pl.deck.size() + n_looked - i);
      else plane(base + 1)[looked[i]] += 1.0f;
    }
    each_known_card(pl.deck, p, viewer, [&](uint8_t card, int from_bottom, bool seen) {
      if (seen) plane(base + 2)[card] = static_cast<float>(from_bottom);
      else plane(base + 1)[card] += 1.0f;
    });
    add_cards(plane(base + 3), pl.discard);
    add_cards(plane(base + 4), pl.in_play);
    add_cards(plane(base + 5), pl.bought);
    add_cards(plane(base + 6), pl.stash);
    // Each crew's reputation (State::reputation) summed here, where its
    // Minions are read for the plane anyway: a second pass over them was 4%
    // of a batched step's time (7 December).
    for (int crew = 0; crew < c.crews; ++crew) {
      for (const uint8_t card : attached[crew][p]) {
        plane(base + 8)[card] += 1.0f;
        crew_reputation[seat][crew] += c.reputation[card];
      }
    }
    add_cards(plane(base + 8), pl.upgrades);
    add_cards(plane(base + 8), pl.upgrades_pending);
  }
  const int shared = n * kSeatPlanes;
  for (int i = 0; i < kRowSlots; ++i) {
    if (row[i] != kNoCard) plane(shared)[row[i]] = static_cast<float>(i + 1);
  }
  // A known card the viewer was not shown is one of the unknown part to them.
  // The counts in locals: stores to the row could alias the deck's, so the
  // loop reread them every card (a fifth of the tensor's instructions).
  {
    float* minions = plane(shared + 1);
    const int unknown = minion_deck.n_unknown;
    const int cards = minion_deck.n;
    for (int i = 0; i < unknown; ++i) minions[minion_deck.c[i]] = 1.0f;
    for (int i = unknown; i < cards; ++i) minions[minion_deck.c[i]] = sees_minion_bottom(i - unknown, viewer) ? 2.0f : 1.0f;
  }
  // A known top Minion: 3 for a viewer who knows it, else one of the unknown
  // part; likewise 4 for a Minion Trendset holds off the deck.
  for (int i = 0; i < minion_deck.n_top; ++i) plane(shared + 1)[minion_deck.top[i]] = sees_minion_top(i, viewer) ? 3.0f : 1.0f;
  for (int i = 0; minion_look() && i < n_looked; ++i) plane(shared + 1)[looked[i]] = viewer >= 0 && ((looked_seen[i] >> viewer) & 1u) ? 4.0f : 1.0f;
  if (upgrade_row != kNoCard) plane(shared + 2)[upgrade_row] = 2.0f;
  for (int i = 0; i < upgrade_deck.n; ++i) plane(shared + 2)[upgrade_deck.c[i]] = 1.0f;
  add_cards(plane(shared + 3), expelled);
  plane(shared + 4)[kScaredyBot] = static_cast<float>(scaredy_left);
  plane(shared + 4)[kExplodeyBot] = static_cast<float>(explodey_left);
  // The Chaos Spell deck's known bottom, at the spells' ids of the Minion
  // deck plane: each one's place counted from the bottom (1 the bottom card).
  for (int i = chaos_deck.n_unknown; i < chaos_deck.n; ++i) plane(shared + 1)[chaos_deck.c[i]] = static_cast<float>(chaos_deck.n - i);
  // Set bits only: a test of all 128 cards was a tenth of the tensor's cost.
  for (int word = 0; word < 2; ++word) {
    for (uint64_t bits = pupated[word]; bits; bits &= bits - 1) plane(shared + 5)[word * 64 + __builtin_ctzll(bits)] = 1.0f;
    for (uint64_t bits = haggled[word]; bits; bits &= bits - 1) plane(shared + 6)[word * 64 + __builtin_ctzll(bits)] = 1.0f;
  }
  float* s = out + (shared + kSharedPlanes) * kCardIds;
  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& pl = players[at_seat[seat]];
    *s++ = pl.power;
    *s++ = pl.won;
    *s++ = static_cast<float>(pl.hand.size());
    *s++ = static_cast<float>(pl.deck.size());
    for (int a = 0; a < kNumAbilities; ++a) *s++ = pl.tokens[a];
    for (int crew = 0; crew < c.crews; ++crew) s[crew] = static_cast<float>(crew_reputation[seat][crew]);
    s += kMaxCrews;
    *s++ = static_cast<float>(pl.spell_book.size());
    *s++ = static_cast<float>(pl.spells_aside.size());
  }
  *s++ = static_cast<float>(turn) / static_cast<float>(c.max_turns);
  *s++ = turn_player_ == viewer ? 1.0f : 0.0f;
  *s++ = over ? 1.0f : 0.0f;
  *s++ = pending == Pending::kFetchDiscard ? 1.0f : 0.0f;
  *s++ = pending == Pending::kReturnUpgrade ? 1.0f : 0.0f;
  *s++ = static_cast<float>(remix_discards_left());
  *s++ = hack_power;
  if (repeatable != kNoAbility) s[repeatable] = 1.0f;
  s += kNumAbilities;
  *s++ = gamble_card != kNoCard ? 1.0f : 0.0f;  // a Gamble guess is asked
  *s++ = static_cast<float>(n_looked);  // cards Rewrite or Sell looks at
  *s++ = pending == Pending::kRewriteChoice ? 1.0f : 0.0f;
  *s++ = pending == Pending::kSellChoice ? 1.0f : 0.0f;
  *s++ = pending == Pending::kTrendsetChoice ? 1.0f : 0.0f;
  *s++ = static_cast<float>(chaos_deck.size());
  // The crews in the game (the rest stay 0): a Supervillain still in the
  // deck, in a slot, in the Danger Zone, and who won it.
  unsigned slotted = 0;
  for (const int8_t slot : supervillain_slot) {
    if (slot >= 0) slotted |= 1u << slot;
  }
  for (int crew = 0; crew < c.crews; ++crew, s += 3 + kMaxPlayers) {
    s[0] = static_cast<float>((supervillain_deck >> crew) & 1u);
    s[1] = static_cast<float>((slotted >> crew) & 1u);
    s[2] = static_cast<float>((danger_zone >> crew) & 1u);
    for (int seat = 0; won_by[crew] >= 0 && seat < n; ++seat) {
      if (won_by[crew] == at_seat[seat]) s[3 + seat] = 1.0f;
    }
  }
}

// A position score: Supervillains won dominate; then progress toward the
// next ones, then the quality of the deck and the unspent pool.
double State::heuristic(int player) const {
  const Config& c = *cfg;
  // The Secretive: the crew points a player would score now.
  int points2[kMaxPlayers] = {}, owned[kMaxPlayers] = {};
  if (c.score_crews) crew_scores(points2, owned);
  auto score = [&](int p) {
    const PlayerState& pl = players[p];
    double v = 3.0 * side_won(side(p)) + 0.75 * points2[p];
    for (int crew = 0; crew < c.crews; ++crew) {
      if (!supervillain_revealed(crew)) continue;
      const double frac = static_cast<double>(reputation(crew, side(p))) / c.win_reputation;
      v += 1.5 * frac * frac;
    }
    double power = 0.0;
    double rep = 0.0;
    int cards = 0;
    auto tally = [&](const auto& pile) {
      for (const uint8_t card : pile) {
        power += c.power[card] + (c.ability[card] != kNoAbility ? 0.5 : 0.0);
        if (is_minion(card) && won_by[crew_of(card)] < 0) rep += c.reputation[card];
        ++cards;
      }
    };
    tally(pl.hand);
    tally(pl.discard);
    tally(pl.in_play);
    tally(pl.bought);
    tally(pl.frozen);
    for (int i = 0; i < pl.deck.size(); ++i) {
      const uint8_t card = i < pl.deck.n_top ? pl.deck.top[i] : pl.deck.c[i - pl.deck.n_top];
      power += c.power[card] + (c.ability[card] != kNoAbility ? 0.5 : 0.0);
      if (is_minion(card) && won_by[crew_of(card)] < 0) rep += c.reputation[card];
      ++cards;
    }
    for (const uint8_t card : pl.stash) rep += 0.5 * c.reputation[card];
    v += cards ? 0.6 * power / cards : 0.0;
    v += 0.02 * rep;
    v += 0.1 * pl.upgrades.size() + 0.1 * pl.upgrades_pending.size();
    if (p == turn_player_) {
      v += 0.02 * pl.power;
      for (int a = 1; a < kNumAbilities; ++a) v += 0.02 * pl.tokens[a];
    }
    return v;
  };
  if (over) return returns(player);
  // The Climb: the share of the goal reached leads, then the deck, squashed
  // under what reaching the goal this turn would return, so that no position
  // short of the goal is worth more than reaching it (a search that valued
  // three Supervillains above the fourth would never take the fourth), and a
  // later turn is worth less.
  if (c.climb_goal != ClimbGoal::kNone) {
    const double reached_now = static_cast<double>(c.max_turns + 1 - std::min<int>(turn, c.max_turns)) / c.max_turns;
    const double x = 3.0 * climb_progress() / c.climb_target + 0.2 * score(player) - 2.0;
    return reached_now * 0.5 * (1.0 + std::tanh(x)) * 0.95;
  }
  if (c.players == 1) return std::tanh(0.5 * score(player) - 2.0);  // solo: no one to beat
  double best_other = -1e9;
  for (int p = 0; p < c.players; ++p) {
    if (side(p) != side(player)) best_other = std::max(best_other, score(p));
  }
  return std::tanh(0.5 * (score(player) - best_other));
}

}  // namespace henchmen::sss
