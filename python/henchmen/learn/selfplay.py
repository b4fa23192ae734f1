"""Self-play positions labelled by the final return, for the learned value.

Games are played natively (``Game._core.play_recorded``: the GIL released,
chance drawn from each game's seed) by a search bot with the heuristic leaf;
then each game is replayed once and a few of its decision points are kept,
every player's observation tensor at each, labelled with that player's final
return. A few positions a game keep the rows from being near copies.

>>> import henchmen
>>> x, y, info = positions(henchmen.Game("parry"), games=3, per_game=2, seed=1,
...                        bot={"kind": "random"})
>>> x.shape[0] == y.shape[0] == 2 * 2 * 3, info["games"]
(True, 3)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt

from henchmen import _core
from henchmen.game import Game

#: The self-play bot: the default search with the heuristic leaf, at a tenth
#: of the default budget so that ten minutes give a thousand games or more.
SELF_PLAY_ITERATIONS = 100
SELF_PLAY_BOT: dict[str, Any] = {
    "kind": "ismcts",
    "iterations": SELF_PLAY_ITERATIONS,
    "exploration": 0.3,
}


def positions(
    game: Game,
    games: int,
    per_game: int = 6,
    seed: int = 0,
    bot: dict[str, Any] | None = None,
    seconds: float = 0.0,
    threads: int = 1,
    heuristic: bool = False,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float64], dict[str, Any]]:
    """Rows of (observation tensor of player p, final return of p).

    Plays up to ``games`` games (fewer if ``seconds`` > 0 runs out first, in
    chunks), keeps ``per_game`` decision points of each at random. With
    ``heuristic``, each row ends with the game's heuristic for its player.

    >>> import henchmen
    >>> x, y, info = positions(henchmen.Game("parry"), 2, per_game=1, heuristic=True)
    >>> x.shape, sorted(set(y.tolist())) in ([-1.0, 1.0], [0.0])
    ((4, 18), True)
    """
    spec = dict(SELF_PLAY_BOT if bot is None else bot)
    n = game.num_players
    rng = np.random.default_rng(seed)
    xs: list[npt.NDArray[np.float32]] = []
    games_of: list[int] = []
    ys: list[float] = []
    played = 0
    zero_sum = n == 2
    start = time.perf_counter()
    chunk = 16
    while played < games and (seconds <= 0 or time.perf_counter() - start < seconds):
        count = min(chunk, games - played)
        seeds = [_core.derive_seed(seed, played + i) for i in range(count)]
        records = game._core.play_recorded([[spec] * n] * count, seeds, False, threads)
        for number, record in enumerate(records, start=played):
            history: list[int] = record["history"]
            returns: list[float] = record["returns"]
            zero_sum = zero_sum and abs(sum(returns)) < 1e-9
            state = game._core.new_initial_state()
            state.set_auto_chance(False, 0)
            steps = []
            for i, action in enumerate(history):
                if state.current_player >= 0:
                    steps.append(i)
                state.apply(action)
            keep = (
                set(rng.choice(steps, size=min(per_game, len(steps)), replace=False).tolist())
                if steps
                else set()
            )
            state = game._core.new_initial_state()
            state.set_auto_chance(False, 0)
            for i, action in enumerate(history):
                if i in keep:
                    for p in range(n):
                        row = state.observation_tensor(p).reshape(-1)
                        if heuristic:
                            row = np.append(row, np.float32(state.heuristic(p)))
                        xs.append(row)
                        games_of.append(number)
                        ys.append(returns[p])
                state.apply(action)
        played += count
    width = int(np.prod(game.observation_shape)) + int(heuristic)
    x = np.stack(xs).astype(np.float32) if xs else np.zeros((0, width), dtype=np.float32)
    info = {
        "zero_sum": zero_sum,
        "games": played,
        "positions": len(ys) // n,
        "rows": len(ys),
        "bot": spec,
        "seconds": round(time.perf_counter() - start, 1),
        "game_of_row": np.asarray(games_of, dtype=np.int64),
    }
    return x, np.asarray(ys, dtype=np.float64), info
