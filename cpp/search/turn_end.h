// The rest of a turn played one ply at a time: what the greedy bot judges
// an action by (search/bots.h), and what the search's greedy prior gives
// each move at its root (search/mcts.h, SearchConfig::greedy_prior).
#pragma once
#include <vector>

#include "core/action.h"
#include "core/rng.h"

namespace henchmen {

// Resolves pending chance nodes by sampling.
template <class S>
void settle_chance(S& s, Rng& rng) {
  while (s.current_player() == kChance) s.apply(s.sample_chance(rng));
}

// How many decisions the greedy bot looks ahead to the end of a turn at most
// (a turn of any game here takes fewer; the cap only bounds a runaway turn).
inline constexpr int kGreedyTurnSteps = 60;

// The score of a position the greedy bot reached, for `me`.
template <class S>
double greedy_score(const S& s, int me) {
  return s.current_player() == kTerminal ? s.returns(me) * 10.0 : s.heuristic(me);
}

// One ply: the action whose result the mover's heuristic likes best, chance
// after it drawn once; ties at random.
template <class S>
Action one_ply_choice(const S& s, Rng& rng, std::vector<Action>& legal) {
  const int mover = s.current_player();
  s.legal_actions(legal);
  double best = -1e300;
  uint32_t ties = 0;
  Action choice = legal.empty() ? -1 : legal[0];
  for (const Action a : legal) {
    S child = s;
    child.apply(a);
    settle_chance(child, rng);
    const double v = greedy_score(child, mover);
    if (v > best + 1e-12) {
      best = v;
      choice = a;
      ties = 1;
    } else if (v > best - 1e-12 && rng.below(++ties) == 0) {
      choice = a;
    }
  }
  return choice;
}

// Plays `s` on to the end of the turn under way (the turn player changes, or
// the game ends), every decision, the opponents' reactions too, by its
// player's one-ply choice and chance drawn; scores the end for `me`. Sets
// `met_chance` when a draw decided anything on the way.
template <class S>
double turn_end_value(S s, int me, Rng& rng, std::vector<Action>& legal, bool& met_chance) {
  const int turn = s.turn_player();
  for (int step = 0; step < kGreedyTurnSteps; ++step) {
    const int p = s.current_player();
    if (p == kTerminal) break;
    if (p == kChance) {
      met_chance = true;
      s.apply(s.sample_chance(rng));
      continue;
    }
    if (s.turn_player() != turn) break;
    s.apply(one_ply_choice(s, rng, legal));
  }
  return greedy_score(s, me);
}

}  // namespace henchmen
