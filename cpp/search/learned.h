// A learned leaf value: a one-hidden-layer network over a game's observation
// tensor, trained by self-play in Python (python/henchmen/learn/) and
// evaluated here at the search's leaves (SearchConfig::learned).
//
// The weights file is JSON (python/henchmen/data/evaluators/<game>.json):
//   {"format": "henchmen-evaluator", "version": 1, "game": ..., "players": n,
//    "zero_sum": bool, "heuristic_input": bool, "inputs": i, "hidden": h, "mean": [i], "scale": [i], "w1": [i*h, row-major
//    by input], "b1": [h], "w2": [h], "b2": x, "training": {...}}
// value(x) = tanh(b2 + w2 . relu(b1 + w1^T ((x - mean) * scale))), the
// expected return of the player whose view x is; with heuristic_input, x
// ends with the game's heuristic for that player, so the network learns a
// correction to the hand-written value rather than a value from nothing. python/henchmen/learn/model.py
// is its numpy twin. The standardisation is folded into w1 and b1 at load, so
// an input of zero costs nothing: the tensors are mostly zeros, and the sum
// runs over the nonzero inputs only.
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen {

class LearnedValue {
 public:
  // Validates everything (shape, finite numbers, known keys); throws
  // SerializationError saying what is wrong. `source` names the file in messages.
  static std::shared_ptr<const LearnedValue> from_json(const Json& doc, const std::string& source);
  // Reads and parses `path`, kept by content so a search per move does not
  // parse it again; OptionError when the file cannot be read.
  static std::shared_ptr<const LearnedValue> load(const std::string& path);

  const std::string& game() const { return game_; }
  int players() const { return players_; }
  int inputs() const { return inputs_; }
  int hidden() const { return hidden_; }
  // The inputs past the observation tensor (the heuristic: 1, or none).
  int extra_inputs() const { return heuristic_input_ ? 1 : 0; }

  // The value of the tensor `x` (inputs() floats), in (-1, 1).
  double evaluate(const float* x) const {
    thread_local std::vector<double> h;
    h.assign(b1_.begin(), b1_.end());
    const size_t hid = static_cast<size_t>(hidden_);
    for (size_t i = 0; i < static_cast<size_t>(inputs_); ++i) {
      const double xi = x[i];
      if (xi == 0.0) continue;
      const double* row = &w1_[i * hid];
      for (size_t j = 0; j < hid; ++j) h[j] += xi * row[j];
    }
    double out = b2_;
    for (size_t j = 0; j < hid; ++j) out += w2_[j] * (h[j] > 0.0 ? h[j] : 0.0);
    return std::tanh(out);
  }

  // The value of `s` for player `p`, from p's observation tensor (and
  // the game's heuristic for p as the last input, where the model asks).
  template <class S>
  double value(const S& s, int p) const {
    thread_local std::vector<float> x;
    x.resize(static_cast<size_t>(inputs_));
    s.observation_tensor(p, x.data());
    if (heuristic_input_) x.back() = static_cast<float>(s.heuristic(p));
    return evaluate(x.data());
  }

  // Every player's value of `s` into `out`. In a two-player zero-sum game
  // one evaluation, from the view of `me` (the searching player, whose
  // cards are the real ones in every redraw), gives both: half the cost.
  template <class S>
  void values(const S& s, int me, std::vector<double>& out) const {
    if (zero_sum_ && out.size() == 2) {
      const double v = value(s, me);
      out[static_cast<size_t>(me)] = v;
      out[static_cast<size_t>(1 - me)] = -v;
      return;
    }
    for (size_t p = 0; p < out.size(); ++p) out[p] = value(s, static_cast<int>(p));
  }

 private:
  std::string game_;
  int players_ = 0;
  int inputs_ = 0;
  int hidden_ = 0;
  bool zero_sum_ = false;
  bool heuristic_input_ = false;
  std::vector<double> w1_;  // standardisation folded in
  std::vector<double> b1_;
  std::vector<double> w2_;
  double b2_ = 0.0;
};

}  // namespace henchmen
