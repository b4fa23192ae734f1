"""S.U.E.T. balance: ISMCTS self-play at 2, 3 and 4 players.

Prints the tables of docs/rules/suet.md: each seat and each evil genius (the
geniuses are dealt at random, so each is read from the game), a win scoring
one, a draw at the round limit scoring 1/players, with 95% Wilson intervals.
Every seat plays the same native ISMCTS bot. Run from the repository root:
``python bench/suet_balance.py [games per player count]``; ``--passes`` prints
the pass cost of the reaction windows instead.
"""

from __future__ import annotations

import sys
from collections import defaultdict

import henchmen
from henchmen.bots import SearchBot
from henchmen.matches import wilson_interval

ITERATIONS = 60


def pass_cost(games: int = 30) -> None:
    """Pass decisions per game in greedy self-play: what the reaction windows cost."""
    from henchmen.bots import GreedyBot

    for players in (2, 3, 4):
        decisions = passes = 0
        for g in range(games):
            state = henchmen.Game("suet", players=players).new_initial_state(seed=g)
            bots = [GreedyBot(seed=g * 10 + p) for p in range(players)]
            while not state.is_terminal:
                action = bots[state.current_player].choose(state)
                decisions += 1
                passes += state.action_to_string(action) == "pass"
                state.apply(action)
        print(
            f"{players} players: {passes / games:.1f} passes"
            f" in {decisions / games:.0f} decisions a game"
        )


def main() -> None:
    if sys.argv[1:] == ["--passes"]:
        pass_cost()
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seat: defaultdict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    genius: defaultdict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    ended = 0
    total = 0
    for players in (2, 3, 4):
        game = henchmen.Game("suet", players=players)
        for g in range(games):
            state = game.new_initial_state(seed=1000 * players + g)
            bots = [SearchBot(seed=7 * g + p, iterations=ITERATIONS) for p in range(players)]
            while not state.is_terminal:
                state.apply(bots[state.current_player].choose(state))
            returns = state.returns
            best = max(returns)
            winners = [p for p in range(players) if returns[p] == best]
            names = [state.observation(0)["players"][p]["genius"] for p in range(players)]
            ended += len(winners) == 1
            total += 1
            for p in range(players):
                score = 1.0 / len(winners) if p in winners else 0.0
                if len(winners) == players:
                    score = 1.0 / players
                seat[(players, p)][0] += score
                seat[(players, p)][1] += 1
                genius[names[p]][0] += score - 1.0 / players
                genius[names[p]][1] += 1
    print(f"{total} games (ismcts:iterations={ITERATIONS}), {ended} won outright")
    print("| players | seat | games | score | 95% Wilson interval |")
    print("|---:|---:|---:|---:|---|")
    for (players, p), (s, n) in sorted(seat.items()):
        lo, hi = wilson_interval(s, int(n))
        print(f"| {players} | {p + 1} | {int(n)} | {s / n:.2f} | {lo:.2f} to {hi:.2f} |")
    print("| genius | games | score above a fair share |")
    print("|---|---:|---:|")
    for name, (s, n) in sorted(genius.items()):
        print(f"| {name} | {int(n)} | {s / n:+.2f} |")


if __name__ == "__main__":
    main()
