// Super!: the observation tensor and the heuristic, what a search or a learner
// reads at every step (hot code); what a player is shown is board.cpp.
#include <algorithm>

#include "core/observation.h"
#include "games/super/state.h"

namespace henchmen::super {

int observation_length(const Config&) {
  // hand, per seat (health, cards, alive, 3 power states, power id), top two
  // (one-hot + none), discard counts, deck size, phase, hit, mover, turn, the
  // battle's choice (3), the parting top card (one-hot + none).
  return K + P * 7 + 2 * (K + 1) + K + 1 + 5 + 4 + 2 + 3 + (K + 1);
}

void State::observation_tensor(int viewer, float* out) const {
  float* s = out;
  for (int k = 0; k < K; ++k) *s++ = k < cfg->kinds ? hand[viewer][k] : 0.0f;
  const int n = cfg->players;
  // Seat i's player, seat 0 the viewer, counted round rather than divided
  // for (a division a seat was a tenth of the tensor's instructions).
  for (int i = 0, p = viewer; i < P; ++i, p = p + 1 == n ? 0 : p + 1) {
    const bool real = i < n;
    *s++ = real ? static_cast<float>(health[p]) / static_cast<float>(cfg->health) : 0.0f;
    *s++ = real ? static_cast<float>(hand_n[p]) : 0.0f;
    *s++ = real && alive(p) ? 1.0f : 0.0f;
    for (int st = 0; st < 3; ++st) *s++ = real && power_state[p] == st ? 1.0f : 0.0f;
    *s++ = real && power[p] != kNoCard ? static_cast<float>(power[p] + 1) : 0.0f;
  }
  // A one-hot block of K + 1 (the last: no card), cleared in one go.
  auto one_hot = [&s](uint8_t card) {
    std::fill_n(s, K + 1, 0.0f);
    s[card == kNoCard ? K : card] = 1.0f;
    s += K + 1;
  };
  for (const uint8_t t : top) one_hot(t);
  for (int k = 0; k < K; ++k) *s++ = k < cfg->kinds ? discard[k] : 0.0f;
  *s++ = deck_n;
  for (int ph = 0; ph < 5; ++ph) *s++ = phase == ph ? 1.0f : 0.0f;
  if (n_hits > 0) {
    *s++ = hits[0].damage;
    *s++ = static_cast<float>((hits[0].target - viewer + n) % n);
    *s++ = static_cast<float>((hits[0].sender - viewer + n) % n);
    *s++ = hits[0].card == kPowerSource ? 1.0f : 0.0f;
  } else {
    for (int i = 0; i < 4; ++i) *s++ = -1.0f;
  }
  const int mover = current_player();
  *s++ = mover >= 0 ? static_cast<float>((mover - viewer + n) % n) : -1.0f;
  *s++ = static_cast<float>(turn) / static_cast<float>(cfg->max_turns());
  for (int c = kCounterChoice; c <= kPartingSecondChoice; ++c) *s++ = choice == c ? 1.0f : 0.0f;
  one_hot(parting_top);
}

double State::heuristic(int p) const {
  if (over) return returns(p);
  if (!alive(p)) return -1.0;
  // Health, less most of what the hits still queued will take; a card in
  // hand and a power in hand are worth a little, and so is a power still
  // working face up (a lasting one), else switching a boost on would cost
  // its worth at once and pay back only on later turns, past the leaf.
  // Against the others' mean (the eliminated count 0), so that any hit, and
  // above all a kill, helps.
  double pending[P] = {};
  for (int i = 0; i < n_hits; ++i) pending[hits[i].target] += 0.6 * hits[i].damage;
  auto effective = [&](int q) { return alive(q) ? std::max(0.0, health[q] - pending[q]) : 0.0; };
  const double mine = effective(p) + 0.15 * hand_n[p] + (power_state[p] != kDown ? 1.5 : 0.0);
  double others = 0.0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != p) others += effective(q);
  }
  others /= cfg->players - 1;
  const double v = (mine - others) / (cfg->health + 5.0);
  return v > 1 ? 1 : v < -1 ? -1 : v;
}

}  // namespace henchmen::super
