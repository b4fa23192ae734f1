// A uniformly random legal action of a game's flat state, for playouts,
// rollouts and the random bot.
//
// A game may give its state `Action random_action(Rng&) const`, which lists
// and picks in one step and so skips copying its list into a vector, or
// `Action random_action(Rng&, std::vector<Action>& scratch) const` when only
// its common decisions have such a path (the others list into scratch).
// Either must consume the generator exactly as legal_actions followed by
// below(list size) does: a game then plays the same with or without it
// (tests/conformance checks native playouts against that loop in Python).
#pragma once
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/action.h"
#include "core/rng.h"

namespace henchmen {

template <class S, class = void>
struct has_random_action : std::false_type {};
template <class S>
struct has_random_action<S, std::void_t<decltype(std::declval<const S&>().random_action(std::declval<Rng&>()))>> : std::true_type {};

template <class S, class = void>
struct has_random_action_scratch : std::false_type {};
template <class S>
struct has_random_action_scratch<S, std::void_t<decltype(std::declval<const S&>().random_action(std::declval<Rng&>(), std::declval<std::vector<Action>&>()))>> : std::true_type {};

// A game may also give its state `void apply_random_chance(Rng&)`:
// apply(sample_chance(rng)) in one step, for a chance step so common (a card
// drawn) that finding the drawn card again in its pile costs more than the
// rest of the step. It must consume the generator and leave the state
// exactly as apply(sample_chance(rng)) would.
template <class S, class = void>
struct has_apply_random_chance : std::false_type {};
template <class S>
struct has_apply_random_chance<S, std::void_t<decltype(std::declval<S&>().apply_random_chance(std::declval<Rng&>()))>> : std::true_type {};

template <class S>
inline void apply_random_chance(S& s, Rng& rng) {
  if constexpr (has_apply_random_chance<S>::value) {
    s.apply_random_chance(rng);
  } else {
    s.apply(s.sample_chance(rng));
  }
}

template <class S>
inline Action random_action(const S& s, Rng& rng, std::vector<Action>& scratch) {
  if constexpr (has_random_action_scratch<S>::value) {
    return s.random_action(rng, scratch);
  } else if constexpr (has_random_action<S>::value) {
    return s.random_action(rng);
  } else {
    s.legal_actions(scratch);
    return scratch[rng.below(static_cast<uint32_t>(scratch.size()))];
  }
}

}  // namespace henchmen
