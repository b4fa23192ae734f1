// Native bots: the random bot, the one-ply greedy bot and search bots, for
// fast matches (strength tables, balance studies) without Python per move.
#pragma once
#include <string>
#include <vector>

#include "core/action.h"
#include "core/rng.h"
#include "search/mcts.h"
#include "search/root_parallel.h"
#include "search/turn_end.h"

namespace henchmen {

struct BotSpec {
  enum class Kind { kRandom, kGreedy, kSearch };
  Kind kind = Kind::kRandom;
  SearchConfig search;    // for kSearch
  int chance_samples = 4;  // greedy: how many times to sample chance after a move
};

// The greedy bot: the action after which the rest of the turn, played one ply
// at a time by everyone, ends best for the player to move by the game's
// heuristic, judged on a redraw of what that player cannot see. Judging the
// end of the turn rather than the position right after the action is what
// makes it play its power before it buys (Seven Secret Supervillains: one ply
// bought the first thing it could pay for and lost the rest of its power) and
// see a played card land past the opponents' chance to react (Villainy: one
// ply saw no gain in playing anything). Where chance decided something on the
// way, the value is the mean of `chance_samples` playouts.
//
// Tried and dropped (docs/strength.md, "The greedy bot"): trying the mover's
// next decisions in every way before the one-ply playout was 5 to 20 times
// slower in Seven Secret Supervillains and lost half its games to random in
// Super! (the best of many sequences is an optimist about the draws).
template <class S>
Action greedy_choice(const S& position, int chance_samples, Rng& rng, std::vector<Action>& legal, RedrawRef<S> redraw) {
  const int me = position.current_player();
  // Never peek: judge a redraw of what `me` cannot see.
  S s = position;
  redraw(s, rng);
  s.legal_actions(legal);
  std::vector<Action> scratch;
  double best = -1e300;
  int ties = 0;
  Action choice = legal.empty() ? -1 : legal[0];
  for (const Action a : legal) {
    S child = s;
    child.apply(a);
    bool met_chance = false;
    double v = turn_end_value(child, me, rng, scratch, met_chance);
    if (met_chance) {
      for (int k = 1; k < chance_samples; ++k) v += turn_end_value(child, me, rng, scratch, met_chance);
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
      // With threads > 1 every tree calls `redraw`: it must carry nothing from
      // draw to draw (the position's own resample; EngineFor::bot_action gives
      // each tree its own exact redraw instead).
      return root_parallel(cfg, stop, [&](const SearchConfig& c) { return mcts_search_with(s, c, stop, redraw); }).best;
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
