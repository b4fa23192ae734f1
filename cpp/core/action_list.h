// A decision's legal actions listed on the stack, for the playout hot path:
// growing the caller's vector one push at a time (a capacity test and a
// store of its end per action) cost more than the listing itself. It offers
// the part of std::vector a game's listing code uses (push_back, begin, end,
// size), so one template body lists into either.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/action.h"
#include "core/rng.h"

namespace henchmen {

// N bounds the list: a legal list is strictly ascending, so the number of ids
// it can hold bounds it.
template <int N>
struct ActionList {
  Action ids[N + 1];  // left uninitialised: only the first n are ever read; push_if may write one past them
  size_t n = 0;   // not an int: a store to ids then cannot alias it, so it stays in a register

  void push_back(Action a) { ids[n++] = a; }
  Action* begin() { return ids; }
  Action* end() { return ids + n; }
  size_t size() const { return n; }
  // One uniform pick, drawn as random_action's vector path draws it (below(size)).
  Action pick(Rng& rng) const { return ids[rng.below(static_cast<uint32_t>(n))]; }
};

// `a` added when `keep` holds. Into an ActionList with no branch: the id is
// written anyway and counted only if kept, where a test per candidate (a
// hand card attachable or not, a row card affordable or not) mispredicts
// about as often as it goes either way.
template <int N>
inline void push_if(ActionList<N>& out, Action a, bool keep) {
  out.ids[out.n] = a;
  out.n += keep;
}
inline void push_if(std::vector<Action>& out, Action a, bool keep) {
  if (keep) out.push_back(a);
}

// base + each set bit's index, lowest first: a set of card ids gathered as
// bits comes out ascending and each card once, with no sort.
template <class Out>
void push_bits(Out& out, uint64_t bits, Action base) {
  for (; bits; bits &= bits - 1) out.push_back(base + __builtin_ctzll(bits));
}

// For a game whose state lists a decision into a stack list of its own (a
// struct with `ids` and `n`) through `legal(list)`: the list as a vector,
// and one pick from it drawn as random_action's vector path draws it.
template <class List, class S>
void copy_listed(const S& s, std::vector<Action>& out) {
  List list;
  s.legal(list);
  out.assign(list.ids, list.ids + list.n);
}
template <class List, class S>
Action pick_listed(const S& s, Rng& rng) {
  List list;
  s.legal(list);
  return list.ids[rng.below(static_cast<uint32_t>(list.n))];
}

}  // namespace henchmen
