// Native bots: the random bot, the one-ply greedy bot and search bots, for
// fast matches (strength tables, balance studies) without Python per move.
#pragma once
#include <string>
#include <vector>

#include "core/action.h"
#include "core/rng.h"
#include "search/mcts.h"

namespace henchmen {

struct BotSpec {
  enum class Kind { kRandom, kGreedy, kSearch };
  Kind kind = Kind::kRandom;
  SearchConfig search;    // for kSearch
  int chance_samples = 4;  // greedy: how many times to sample chance after a move
};

// Resolves pending chance nodes by sampling.
template <class S>
void settle_chance(S& s, Rng& rng) {
  while (s.current_player() == kChance) s.apply(s.sample_chance(rng));
}

// Picks the action whose result scores best by the game's heuristic, for the
// player to move, judged on a resample of what that player cannot see;
// chance after the move is averaged over a few samples.
template <class S>
Action greedy_choice(const S& position, int chance_samples, Rng& rng, std::vector<Action>& legal, RedrawRef<S> redraw) {
  const int me = position.current_player();
  // Never peek: judge a redraw of what `me` cannot see.
  S s = position;
  redraw(s, rng);
  s.legal_actions(legal);
  double best = -1e300;
  int ties = 0;
  Action choice = legal.empty() ? -1 : legal[0];
  for (const Action a : legal) {
    S child = s;
    child.apply(a);
    double v;
    if (child.current_player() != kChance) {
      v = child.current_player() == kTerminal ? child.returns(me) * 10.0 : child.heuristic(me);
    } else {
      v = 0.0;
      for (int k = 0; k < chance_samples; ++k) {
        S sample = child;
        settle_chance(sample, rng);
        v += sample.current_player() == kTerminal ? sample.returns(me) * 10.0 : sample.heuristic(me);
      }
      v /= chance_samples;
    }
    if (v > best + 1e-12) {
      best = v;
      choice = a;
      ties = 1;
    } else if (v > best - 1e-12 && rng.below(static_cast<uint32_t>(++ties)) == 0) {
      choice = a;  // reservoir sampling: each tied action equally likely
    }
  }
  return choice;
}

// `redraw(world, rng)` as in mcts_search (RedrawRef: one copy per game).
template <class S>
Action bot_choice_with(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop, RedrawRef<S> redraw) {
  switch (bot.kind) {
    case BotSpec::Kind::kRandom: return random_action(s, rng, scratch);
    case BotSpec::Kind::kGreedy: return greedy_choice(s, bot.chance_samples, rng, scratch, redraw);
    case BotSpec::Kind::kSearch: {
      SearchConfig cfg = bot.search;
      cfg.seed = rng.next_u64();
      return mcts_search_with(s, cfg, stop, redraw).best;
    }
  }
  return -1;
}

template <class S, class Redraw>
Action bot_choice(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop, const Redraw& redraw) {
  return bot_choice_with(s, bot, rng, scratch, stop, RedrawRef<S>(redraw));
}

template <class S>
Action bot_choice(const S& s, const BotSpec& bot, Rng& rng, std::vector<Action>& scratch, Stop* stop = nullptr) {
  const int me = s.current_player();
  return bot_choice(s, bot, rng, scratch, stop, [me](S& w, Rng& r) { w.resample(me, r); });
}

}  // namespace henchmen
