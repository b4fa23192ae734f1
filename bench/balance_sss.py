"""Balance study for Seven Secret Supervillains' designed card values.

Plays greedy-vs-greedy games natively and reports (1) how often the first
seat wins and (2) for each crew, how often the player who bought more of its
Minions won. A crew that dominates would show a rate far above the others.

    python bench/balance_sss.py --games 2000
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from henchmen import _core
from henchmen.matches import wilson_interval

GAME = "seven-secret-supervillains"


def interval(wins: int, n: int) -> str:
    """Win rate with a 95% Wilson interval."""
    if n == 0:
        return "n/a"
    lo, hi = wilson_interval(wins, n)
    return f"{100 * wins / n:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}] (n={n})"


def seat_balance(games: int, seed: int) -> str:
    game = _core.Game(GAME, "{}")
    result = game.play_matches([{"kind": "greedy"}, {"kind": "greedy"}], games, seed, 2)
    returns = result["returns"]
    # Game k seats bot k % 2 first; both bots are the same, so count by seat.
    first_seat_wins = sum(1 for k in range(games) if returns[k * 2 + k % 2] > 0)
    return interval(first_seat_wins, games)


def crew_balance(games: int, seed: int) -> dict[str, str]:
    game = _core.Game(GAME, "{}")
    crews = json.loads(game.options_json)["crews"]
    leads: Counter[str] = Counter()
    lead_wins: Counter[str] = Counter()
    rng = _core.Rng(seed)
    bot = {"kind": "greedy"}
    for _ in range(games):
        state = game.new_initial_state()
        state.set_auto_chance(True, rng.next_u64())
        bought = [Counter[str](), Counter[str]()]
        while not state.is_terminal:
            player = state.current_player
            action = state.bot_action(bot, rng)
            text = state.action_to_string(action)
            if text.startswith("buy "):
                for crew in crews:
                    if text.startswith(f"buy {crew} "):
                        bought[player][crew] += 1
            state.apply(action)
        returns = state.returns()
        for crew in crews:
            a, b = bought[0][crew], bought[1][crew]
            if a == b:
                continue
            leader = 0 if a > b else 1
            leads[crew] += 1
            lead_wins[crew] += returns[leader] > 0
    return {crew: interval(lead_wins[crew], leads[crew]) for crew in crews}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seats = seat_balance(args.games, args.seed)
    print(f"first seat wins (greedy vs greedy, {args.games} games): {seats}")
    print(f"player who bought more of a crew's Minions wins ({args.games // 4} games):")
    for crew, rate in crew_balance(args.games // 4, args.seed).items():
        print(f"  {crew:<18} {rate}")


if __name__ == "__main__":
    main()
