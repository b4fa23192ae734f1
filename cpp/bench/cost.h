// What one core operation costs on a game's flat state, in nanoseconds, for
// bench/ (the Python benchmarks read it through the bindings). Above the
// core: the contract does not know it is being measured.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/native_state.h"

namespace henchmen {

// The mean cost over `repeats` of "clone", "legal_actions", "apply",
// "observation_tensor" or "hash" on this position.
template <class T>
double cost_ns(const NativeState<T>& state, const std::string& operation, int64_t repeats) {
  using S = typename T::S;
  if (repeats < 1 || repeats > 100000000) throw OptionError("repeats must be from 1 to 100000000");
  const S& s = state.native();
  std::vector<Action> legal;
  std::vector<float> tensor(static_cast<size_t>(total_size(state.game().observation_shape())));
  volatile int64_t sink = 0;
  const int me = std::max(0, s.current_player());
  if (operation == "apply" && s.current_player() < 0) throw PlayerError("apply cost needs a player to move");
  if (operation == "apply") s.legal_actions(legal);
  const auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < repeats; ++i) {
    if (operation == "clone") {
      S copy = s;
      sink = sink + copy.current_player();
    } else if (operation == "legal_actions") {
      s.legal_actions(legal);
      sink = sink + static_cast<int64_t>(legal.size());
    } else if (operation == "apply") {
      S copy = s;
      copy.apply(legal[static_cast<size_t>(i) % legal.size()]);
      sink = sink + copy.current_player();
    } else if (operation == "observation_tensor") {
      s.observation_tensor(me, tensor.data());
      sink = sink + static_cast<int64_t>(tensor[0]);
    } else if (operation == "hash") {
      sink = sink + static_cast<int64_t>(state.hash() & 1);
    } else {
      throw OptionError("unknown operation '" + operation + "'; operations: clone, legal_actions, apply, observation_tensor, hash");
    }
  }
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  (void)sink;
  return ns / static_cast<double>(repeats);
}

}  // namespace henchmen
