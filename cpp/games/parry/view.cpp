// Parry: the observation tensor and the heuristic, what a search or a learner
// reads at every step (hot code); what a player is shown is board.cpp.
#include "core/observation.h"
#include "games/parry/state.h"

namespace henchmen::parry {

int observation_length(const Config&) { return kKinds + 2 * kMaxPlayers + 1 + kKinds + 4; }

void State::observation_tensor(int viewer, float* out) const {
  float* s = out;
  for (int k = 0; k < kKinds; ++k) *s++ = hand[viewer][k];
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    const int p = (viewer + seat) % cfg->players;
    const bool real = seat < cfg->players;
    *s++ = real ? health[p] : 0.0f;
    *s++ = real ? static_cast<float>(hand_size(p)) : 0.0f;
  }
  *s++ = static_cast<float>(deck[kStrike] + deck[kParry]);
  for (int k = 0; k < kKinds; ++k) *s++ = discard[k];
  *s++ = reactions.depth;
  *s++ = reactions.open() ? static_cast<float>(reactions.top().trigger) : -1.0f;
  *s++ = static_cast<float>((current_player() - viewer + cfg->players) % cfg->players);
  *s++ = static_cast<float>(turn) / static_cast<float>(cfg->max_turns);
}

double State::heuristic(int p) const {
  if (over) return returns(p);
  double mine = health[p] + 0.2 * hand[p][kParry] + 0.1 * hand[p][kStrike];
  double best_other = 0.0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != p) best_other = std::max(best_other, static_cast<double>(health[q]));
  }
  const double v = (mine - best_other) / (cfg->health + 1.0);
  return v > 1 ? 1 : v < -1 ? -1 : v;
}

}  // namespace henchmen::parry
