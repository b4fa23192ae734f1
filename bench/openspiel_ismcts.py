"""Our native ISMCTS against OpenSpiel's ISMCTSBot through the bridge, at equal time per move.

    python bench/openspiel_ismcts.py --games 20 --ms 20        # every two-player game
    python bench/openspiel_ismcts.py --game suet --games 100 --ms 20

Both bots play the bridged game (``henchmen.openspiel``); chance is sampled
by the match from its own seeded generator.  OpenSpiel's bot is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (its Python port of the C++
bot, with OpenSpiel's ``RandomRolloutEvaluator``, one rollout to the end,
UCT c = 2, the most visited move; ``--their-leaves heuristic`` gives it our
leaf heuristic instead, to compare the searches alone): ``pyspiel.ISMCTSBot`` (C++) cannot run on
any game registered from Python, since OpenSpiel's Python state does not
forward ``ResampleFromInfostate`` (it stops with "not implemented"; even
``pyspiel.MCTSBot`` crashes the interpreter on ``python_kuhn_poker``, as
its ``step`` calls back into Python without the GIL).  Ours is
``SearchBot`` (ISMCTS, heuristic leaves, its default exploration).

Equal time: OpenSpiel's simulations are calibrated to ``--ms`` a move on
positions from random games (at least two: its first simulation only makes
the root, and in the long games two already take more than 20 ms); ours
(``SearchBot``'s settings: ISMCTS, heuristic leaves, its exploration)
searches each move natively on its clock, for OpenSpiel's mean time a move
so far in the match series (scaled by how far the two means are apart, so
they stay equal).  The table reports OpenSpiel's simulations,
our mean iterations a move, and the milliseconds a move each bot took.
A game is won by the better return (Legendary: the better of the two
players' returns, 0.8 x team result + 0.2 x VP rank; the team result is
shared, so the VP rank decides); a tie counts half.  Seats alternate.
95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

import henchmen.openspiel as bridge
from henchmen import _core
from henchmen.bots.search_bot import DEFAULT_EXPLORATION
from henchmen.matches import wilson_interval
from henchmen.search import ISMCTS, HeuristicEvaluator

GAMES = ["seven-secret-supervillains", "legendary", "super", "villainy", "suet", "parry"]
UCT_C = 2.0
#: OpenSpiel's ISMCTS spends its first simulation making the root: one alone visits nothing.
MIN_SIMULATIONS = 2
#: Our search stops on its clock, never on this.
MAX_ITERATIONS = 100_000_000


class OurHeuristic(os_mcts.Evaluator):  # type: ignore[misc]
    """Our leaf heuristic as an OpenSpiel evaluator (``--their-leaves heuristic``)."""

    def evaluate(self, state: Any) -> Any:
        ours = state.henchmen_state
        return np.array([ours.heuristic(p) for p in range(state.num_players())])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def draw_chance(state: Any, rng: random.Random) -> None:
    """Resolves one chance node of a bridged game by its outcomes' probabilities."""
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(outcomes, probs)[0])


def openspiel_bot(game: Any, simulations: int, seed: int, leaves: str) -> Any:
    rs = np.random.RandomState(seed)
    if leaves == "heuristic":
        evaluator: Any = OurHeuristic()
    else:
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = os_ismcts.ISMCTSBot(
        game,
        evaluator,
        UCT_C,
        max_simulations=simulations,
        random_state=rs,
        final_policy_type=os_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    # Resample with the bot's own generator, so a seed replays the same match.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rs.uniform))
    return bot


def positions(game: Any, count: int, seed: int) -> list[Any]:
    """Decision positions from random play, spread over the game."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        stop = rng.randrange(5, 60)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                draw_chance(state, rng)
                continue
            legal = state.legal_actions()
            if decisions >= stop and len(legal) > 1:
                found.append(state.clone())
                break
            decisions += 1
            state.apply_action(rng.choice(legal))
    return found


def openspiel_ms(game: Any, simulations: int, states: list[Any], seed: int, leaves: str) -> float:
    """OpenSpiel's bot's mean milliseconds a move on ``states`` at ``simulations``."""
    bot = openspiel_bot(game, simulations, seed, leaves)
    start = time.perf_counter()
    for state in states:
        bot.step(state)
    return 1000 * (time.perf_counter() - start) / len(states)


def calibrate(game: Any, ms: float, seed: int, leaves: str) -> tuple[int, float]:
    """OpenSpiel's simulations for about ``ms`` a move, and its milliseconds a move there."""
    states = positions(game, 6, seed)
    per_simulation = openspiel_ms(game, 4, states, seed, leaves) / 4
    simulations = max(MIN_SIMULATIONS, round(ms / per_simulation))
    return simulations, openspiel_ms(game, simulations, states, seed, leaves)


class Clock:
    """Each side's time and moves, and our iterations, over a game's matches."""

    def __init__(self, theirs_ms: float) -> None:
        self.ours_s = self.theirs_s = 0.0
        self.ours_moves = self.theirs_moves = self.iterations = 0
        self.first_estimate_ms = theirs_ms

    def theirs_ms(self) -> float:
        if self.theirs_moves == 0:
            return self.first_estimate_ms
        return 1000 * self.theirs_s / self.theirs_moves

    def ours_ms(self) -> float:
        return 1000 * self.ours_s / max(1, self.ours_moves)

    def budget_s(self) -> float:
        """Our next move's time: OpenSpiel's mean, corrected toward equal means so far."""
        theirs = self.theirs_ms()
        if self.ours_moves == 0:
            return theirs / 1000
        # Their cost a move drifts over a game (rollouts shorten toward the end), so a
        # budget of their mean alone leaves the two means apart; this closes the gap.
        correction = min(2.0, max(0.5, theirs / max(1e-6, self.ours_ms())))
        return theirs * correction / 1000


def play(game: Any, our_seat: int, simulations: int, seed: int, clock: Clock, leaves: str) -> float:
    """One match; our score (1 a win, 0.5 a tie, 0 a loss)."""
    rng = random.Random(seed)
    ours = _core.Rng(seed)
    theirs = openspiel_bot(game, simulations, seed + 1, leaves)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            draw_chance(state, rng)
            continue
        legal = state.legal_actions()
        if len(legal) == 1:  # neither bot searches a forced move; the clocks leave it out
            state.apply_action(legal[0])
            continue
        if state.current_player() == our_seat:
            # Our search gets OpenSpiel's mean time a move so far: equal time a move.
            search = ISMCTS(
                iterations=MAX_ITERATIONS,
                seed=ours.next_u64(),
                evaluator=HeuristicEvaluator(),
                exploration=DEFAULT_EXPLORATION,
                max_seconds=clock.budget_s(),
            )
            start = time.perf_counter()
            result = search.search(state.henchmen_state)
            clock.ours_s += time.perf_counter() - start
            clock.ours_moves += 1
            clock.iterations += result.iterations
            action = result.best.id
        else:
            start = time.perf_counter()
            action = theirs.step(state)
            clock.theirs_s += time.perf_counter() - start
            clock.theirs_moves += 1
        state.apply_action(action)
    returns = state.returns()
    other = 1 - our_seat
    if returns[our_seat] > returns[other]:
        return 1.0
    return 0.5 if returns[our_seat] == returns[other] else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="default: every game")
    parser.add_argument("--games", type=int, default=20, help="matches per game")
    parser.add_argument("--ms", type=float, default=20.0, help="milliseconds a move, each bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--their-leaves",
        choices=("rollout", "heuristic"),
        default="rollout",
        help="OpenSpiel's leaf evaluation: its random rollout (default) or our heuristic",
    )
    args = parser.parse_args(argv)
    print(f"# {datetime.date.today()} python bench/openspiel_ismcts.py {' '.join(sys.argv[1:])}")
    print(
        "| game | ours: iterations (mean), ms/move | OpenSpiel: simulations, ms/move | games "
        "| our score | 95% interval |"
    )
    print("|---|---|---|---|---|---|")
    for name in args.game or GAMES:
        game = pyspiel.load_game(bridge.short_name(name))
        simulations, estimate_ms = calibrate(game, args.ms, args.seed, args.their_leaves)
        clock = Clock(estimate_ms)
        score = 0.0
        for g in range(args.games):
            seed = args.seed * 100_003 + g
            score += play(game, g % 2, simulations, seed, clock, args.their_leaves)
            print(f"{name}: {score}/{g + 1}", file=sys.stderr, flush=True)
        lo, hi = wilson_interval(score, args.games)
        iterations = clock.iterations // max(1, clock.ours_moves)
        print(
            f"| {name} | {iterations}, {clock.ours_ms():.1f} | {simulations}, "
            f"{clock.theirs_ms():.1f} | {args.games} | {100 * score / args.games:.1f}% "
            f"| [{100 * lo:.1f}%, {100 * hi:.1f}%] |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
