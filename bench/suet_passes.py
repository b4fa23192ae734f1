"""S.U.E.T.'s reaction windows: how many of a game's decisions are passes.

Greedy self-play at 2, 3 and 4 players (30 games each), under each reading
of Instant Actions off turn (the ``instants`` option): every Action and
Instant Action opens a window in which each other player may Block it or
pass, and under the printed reading every turn's end opens one in which each
other player may play an Instant Action or pass, so passes are what the
windows cost a player (and a search). Prints the lines quoted in
docs/rules/suet.md. The balance table comes from ``henchmen balance suet``.

    python bench/suet_passes.py
"""

from __future__ import annotations

import henchmen
from henchmen.bots import GreedyBot


def main(games: int = 30) -> None:
    for instants, players in [(i, n) for i in ("printed", "block_only") for n in (2, 3, 4)]:
        decisions = passes = 0
        for g in range(games):
            game = henchmen.Game("suet", players=players, instants=instants)
            state = game.new_initial_state(seed=g)
            bots = [GreedyBot(seed=g * 10 + p) for p in range(players)]
            while not state.is_terminal:
                action = bots[state.current_player].choose(state)
                decisions += 1
                passes += state.action_to_string(action) == "pass"
                state.apply(action)
        print(
            f"instants={instants}, {players} players: {passes / games:.1f} passes"
            f" in {decisions / games:.0f} decisions a game"
        )


if __name__ == "__main__":
    main()
