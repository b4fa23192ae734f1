// S.U.E.T.: the observation tensor, written once for both its forms: the
// dense float vector (view.cpp) and the compact (index, value) list
// (encoding.cpp). Every index is written at most once, so the two agree
// exactly. Seat planes are rotated: seat 0 is the viewer.
#pragma once
#include "games/suet/state.h"

namespace henchmen::suet {

constexpr int kSeatPlane = 1 + kGeniuses + kColours * 4 + 4 + 1 + 1;
constexpr int kTensorLength = K + P * kSeatPlane + 1 + 3 * K + (kColours + 2) + 2 + 2 * P + kChoices + kTriggers + 1 + P + 1 + P;

template <class Out>
void write_tensor(const State& s, int viewer, Out& out) {
  const Config& cfg = *s.cfg;
  const int n = cfg.players;
  int i = 0;
  // Card counts: the kinds the game has (the rest of each plane stays 0).
  for (int k = 0; k < cfg.kinds; ++k) out(i + k, s.hand[viewer][k]);
  i += K;
  for (int seat = 0; seat < P; ++seat) {
    const int base = i;
    i += kSeatPlane;
    if (seat >= n) continue;
    const int p = (viewer + seat) % n;
    int j = base;
    out(j++, s.hand_n[p] / 10.0f);
    for (int g = 0; g < kGeniuses; ++g, ++j) {
      if (s.genius[p] == g) out(j, 1.0f);
    }
    for (int c = 0; c < kColours; ++c) {
      const int x = s.comp[p][c];
      if (x != kNone) {
        out(j, 1.0f);
        if ((s.broken[p] >> c) & 1) out(j + 1, 1.0f);
        if ((s.cheat[p] >> c) & 1) out(j + 2, 1.0f);
        if (cfg.genius[x] == kUniversal) out(j + 3, 1.0f);
      }
      j += 4;
    }
    for (int e = 0; e < 4; ++e, ++j) {
      if (s.enh[p] != kNone && cfg.effect[s.enh[p]] == kMinions + e) out(j, 1.0f);
    }
    if ((s.hindrance >> p) & 1) out(j, 1.0f);
    ++j;
    int waiting = 0;
    for (int k = 0; k < cfg.kinds; ++k) waiting += s.front[p][k];
    out(j, static_cast<float>(waiting));
  }
  out(i++, s.deck_n / 100.0f);
  for (const uint8_t* pile : {s.discard, s.inplay}) {
    for (int k = 0; k < cfg.kinds; ++k) out(i + k, pile[k]);
    i += K;
  }
  {
    uint8_t counts[K] = {};
    for (int m = 0; m < s.market_n; ++m) ++counts[s.market[m]];
    for (int k = 0; k < K; ++k, ++i) out(i, counts[k]);
  }
  out(i + (s.round_colour == kNone ? kColours + 1 : s.round_colour), 1.0f);
  i += kColours + 2;
  out(i++, s.actions_left);
  out(i++, s.extra_turn ? 1.0f : 0.0f);
  const int mover = s.current_player();
  if (mover >= 0) out(i + (mover - viewer + n) % n, 1.0f);
  i += P;
  out(i + (s.turn_player_ - viewer + n) % n, 1.0f);
  i += P;
  out(i + s.choice, 1.0f);
  i += kChoices;
  if (s.reactions.open()) out(i + s.reactions.top().trigger, 1.0f);
  i += kTriggers;
  out(i++, s.chain);
  if (s.strike_card != kNone) out(i + (s.strike_victim - viewer + n) % n, 1.0f);
  i += P;
  out(i++, static_cast<float>(s.round) / static_cast<float>(cfg.max_rounds));
  for (int seat = 0; seat < n; ++seat) {
    if ((s.extra_later >> ((viewer + seat) % n)) & 1) out(i + seat, 1.0f);
  }
  i += P;
}

}  // namespace henchmen::suet
