// S.U.E.T.: the observation tensor and the heuristic, what a search or a learner
// reads at every step (hot code); what a player is shown is board.cpp.
#include <algorithm>

#include "core/observation.h"
#include "games/suet/tensor.h"

namespace henchmen::suet {

int observation_length(const Config&) { return kTensorLength; }

void State::observation_tensor(int viewer, float* out) const {
  std::fill(out, out + kTensorLength, 0.0f);
  auto set = [out](int i, float v) { out[i] = v; };
  write_tensor(*this, viewer, set);
}

double State::heuristic(int p) const {
  if (phase == kOver) return returns(p);
  // Working Components count most, Broken ones a little, a few cards in
  // hand a little more; against the best of the others.
  auto score = [&](int q) { return working(q) + 0.4 * (components(q) - working(q)) + 0.05 * std::min<int>(hand_n[q], 7) + (enh[q] != kNone && !((hindrance >> q) & 1) ? 0.3 : 0.0); };
  double best = -1e9;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != p) best = std::max(best, score(q));
  }
  const double v = (score(p) - best) / 5.0;
  return v > 1 ? 1 : v < -1 ? -1 : v;
}

}  // namespace henchmen::suet
