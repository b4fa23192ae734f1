"""Training a learned evaluator in bounded time: self-play, then fitting.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as d:
...     out = os.path.join(d, "parry.json")
...     summary = train("parry", seconds=0.5, out=out, bot={"kind": "random"})
...     os.path.exists(out), summary["game"]
(True, 'parry')
"""

from __future__ import annotations

import platform
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from henchmen.game import Game
from henchmen.learn import EVALUATORS
from henchmen.learn.model import ValueNet, fit
from henchmen.learn.selfplay import positions

#: Share of the time budget spent playing games; the rest fits the network.
PLAY_SHARE = 0.7
HIDDEN = 32


def train(
    game: str,
    seconds: float,
    out: str | Path | None = None,
    players: int | None = None,
    hidden: int = HIDDEN,
    per_game: int = 6,
    seed: int = 0,
    threads: int = 1,
    bot: dict[str, Any] | None = None,
    max_games: int = 1_000_000,
    heuristic_input: bool = True,
) -> dict[str, Any]:
    """Play self-play games for ~70% of ``seconds``, fit for the rest, write the file.

    ``out`` defaults to the file shipped in the package for ``game``. Returns
    what the file's "training" field records.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     done = train("parry", 0.5, out=os.path.join(d, "p.json"), bot={"kind": "random"})
    >>> done["players"], done["self_play"]["games"] > 0
    (2, True)
    """
    g = Game(game) if players is None else Game(game, players=players)
    start = time.perf_counter()
    x, y, info = positions(
        g,
        max_games,
        per_game=per_game,
        seed=seed,
        bot=bot,
        seconds=seconds * PLAY_SHARE,
        threads=threads,
        heuristic=heuristic_input,
    )
    width = int(x.shape[1])
    net = ValueNet.initial(g.name, g.num_players, width, hidden, seed)
    net.zero_sum = bool(info.pop("zero_sum"))
    net.heuristic_input = heuristic_input
    left = max(1.0, seconds - (time.perf_counter() - start))
    groups = info.pop("game_of_row")
    errors = fit(net, x, y, seconds=left, seed=seed, groups=groups) if len(x) >= 2 else {}
    net.training = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(time.perf_counter() - start, 1),
        "self_play": info,
        "per_game": per_game,
        "seed": seed,
        "errors": {k: round(v, 4) for k, v in errors.items()},
        "machine": platform.machine(),
    }
    path = Path(out) if out is not None else EVALUATORS / f"{g.name}.json"
    net.save(path)
    return {"game": g.name, "players": g.num_players, "file": str(path), **net.training}
