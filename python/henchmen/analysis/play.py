"""A task's work: play one batch of a tournament's games and describe each from its events.

A table of bots that all have native twins (random, greedy, the search bots
with built-in evaluators) is played by the native match runner, the one
``simulate`` uses (``Game._core.play_recorded``: the GIL released, one
generator per game for chance and the bots, each game's events caught as
its moves are applied).  A table with a Python bot is played move by move
through the friendly :class:`~henchmen.State`, its events read afterwards.

Each finished game is a :class:`GameRecord`: who sat where, the returns,
the length, and *features*: per seat, how many times each thing happened to
that player (``"buy Hoppy Hunters"``, ``"recruit Wolverine"``), counted from
the omniscient events (analysis sees everything, as a designer would), plus
the features of the table itself (the setup's mastermind, scheme, crews),
and the *progress* of the tournament's measures
(:mod:`~henchmen.analysis.progress`), for first-to-X curves.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from henchmen import _core
from henchmen.analysis.plan import Batch, Tournament
from henchmen.analysis.progress import record_progress
from henchmen.analysis.record import GameRecord
from henchmen.analysis.seen import Seen, brief, from_native
from henchmen.errors import OptionError
from henchmen.game import Game
from henchmen.replay import ReplayPlayer, write_replay


@functools.lru_cache(maxsize=8)
def _tournament(doc: str) -> Tournament:
    # Workers see the same tournament batch after batch: parse it once.
    return Tournament.from_json(json.loads(doc))


def play_batch(tournament: str, batch: Batch, replays: str | None = None) -> list[dict[str, Any]]:
    """Play ``batch`` of the tournament (its JSON text); the records as JSON-ready dicts.

    A plain function of plain arguments, so any executor can ship it: local
    processes, threads, or Dask workers.  ``replays`` is a folder to write
    each game's replay into, or None.

    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2, seed=3)
    >>> rows = play_batch(json.dumps(t.to_json()), Batch(0, (0, 1)))
    >>> [r["seats"] for r in rows], rows[0]["length"] > 0
    ([[0, 1], [1, 0]], True)
    """
    t = _tournament(tournament)
    folder = None if replays is None else Path(replays)
    if all(not t.field[b].python for b in t.tables[batch.table]):
        records = play_native(t, batch.table, batch.games, folder, _game(tournament))
    else:
        records = [play_game(t, batch.table, g, folder) for g in batch.games]
    return [r.to_json() for r in records]


def play_native(
    t: Tournament,
    table: int,
    games: Sequence[int],
    replays: Path | None = None,
    game: Game | None = None,
) -> list[GameRecord]:
    """Play games of a table of native bots with the native match runner, all at once.

    Game ``g`` is played from the tournament's seed for it, whatever else is
    in the batch, so the same game is the same record wherever it is played.
    ``game`` is the tournament's game, if made already.

    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2, seed=3)
    >>> a, b = play_native(t, table=0, games=[0, 1])
    >>> a.seats, b.seats, sorted(a.returns), play_native(t, 0, [1]) == [b]
    ((0, 1), (1, 0), [-1.0, 1.0], True)
    """
    g = game if game is not None else t.make_game()
    n = g.num_players
    field_ = t.field
    seats = [t.seats(table, game) for game in games]
    seeds = [t.game_seed(table, game) for game in games]
    natives = [b.spec.native() for b in field_]
    specs = [[_twin(natives[b], t.bots[b]) for b in seated] for seated in seats]
    raw = g._core.play_recorded(specs, seeds, True, 1)
    out = []
    for number, seated, seed, played in zip(games, seats, seeds, raw, strict=True):
        events = [from_native(e) for e in played["events"]]
        per_seat, shared = features(events, n)
        history: list[int] = played["history"]
        if replays is not None:
            state = g.new_initial_state(auto_chance=False)
            for action in history:
                state._s.apply(action)
            players = [
                ReplayPlayer(f"Player {s + 1}", t.bots[b], seed) for s, b in enumerate(seated)
            ]
            write_replay(
                replays / f"table{table}-game{number}.json", state, seed=seed, players=players
            )
        out.append(
            GameRecord(
                table=table,
                game=number,
                seed=seed,
                seats=seated,
                returns=tuple(played["returns"]),
                length=len(history),
                truncated=played["truncated"],
                features=per_seat,
                table_features=shared,
                progress=record_progress(events, t.measures or (), n),
                first=played["first"],
                choices=tuple(played["choices"]),
            )
        )
    return out


def _twin(spec: dict[str, Any] | None, bot: str) -> dict[str, Any]:
    if spec is None:
        raise OptionError(f"bot {bot} has no native twin: its tables are played in Python")
    return spec


@functools.lru_cache(maxsize=8)
def _game(tournament: str) -> Game:
    # A worker plays batch after batch of one tournament: its game is made once.
    return _tournament(tournament).make_game()


def play_game(t: Tournament, table: int, game: int, replays: Path | None = None) -> GameRecord:
    """Play one game of a tournament move by move in Python and read its features from its events.

    The same game of the same tournament is the same record, wherever it is played.

    >>> t = Tournament("parry", ("python:random", "greedy"), games_per_table=2, seed=3)
    >>> r = play_game(t, table=0, game=1)
    >>> r.seats, r.truncated, sorted(r.returns)
    ((1, 0), False, [-1.0, 1.0])
    >>> play_game(t, table=0, game=1) == r
    True
    """
    seats = t.seats(table, game)
    seed = t.game_seed(table, game)
    bots = t.field
    g = t.make_game()
    state = g.new_initial_state(seed=seed)
    core = state._s
    n = g.num_players
    native = [None if bots[b].python else bots[b].spec.native() for b in seats]
    bot_seeds = [_core.derive_seed(seed, s + 1) for s in range(n)]
    rngs = [_core.Rng(x) for x in bot_seeds]
    python = [
        bots[b].spec.make(bot_seeds[s]) if native[s] is None else None for s, b in enumerate(seats)
    ]
    limit = g.max_game_length
    first = -1 if core.is_terminal else core.current_player
    choices: list[int] = []
    while not core.is_terminal and core.move_number <= limit:
        p = core.current_player
        if p != _core.CHANCE:
            choices.append(len(core.legal_actions()))
        spec = native[p]
        if spec is not None:
            core.apply(core.bot_action(spec, rngs[p]))
        else:
            chooser = python[p]
            assert chooser is not None
            state.apply(chooser.choose(state))
    truncated = not core.is_terminal
    returns = tuple(0.0 for _ in range(n)) if truncated else tuple(core.returns())
    events = [brief(e) for e in state.events_for("omniscient")]
    per_seat, shared = features(events, n)
    if replays is not None:
        players = [
            ReplayPlayer(f"Player {s + 1}", t.bots[b], bot_seeds[s]) for s, b in enumerate(seats)
        ]
        write_replay(replays / f"table{table}-game{game}.json", state, seed=seed, players=players)
    return GameRecord(
        table=table,
        game=game,
        seed=seed,
        seats=seats,
        returns=returns,
        length=core.move_number,
        truncated=truncated,
        features=per_seat,
        table_features=shared,
        progress=record_progress(events, t.measures or (), n),
        first=first,
        choices=tuple(choices),
    )


def features(
    events: Sequence[Seen], players: int
) -> tuple[tuple[dict[str, int], ...], dict[str, int]]:
    """Count ``"<kind> <name>"`` for every name an event carries, per player and for the table.

    Names are the event's string data (a card, a crew, a hero); an event
    with no player counts for the table.  Counts sorted by name, so two
    equal games give equal records.

    >>> per_seat, table = features([Seen(0, "draw", 1, None, ["Strike", "Strike"]),
    ...                             Seen(-1, "setup", None, None, ["Parry"])], 2)
    >>> per_seat, table
    (({}, {'draw Strike': 2}), {'setup Parry': 1})
    """
    per_seat: list[Counter[str]] = [Counter() for _ in range(players)]
    shared: Counter[str] = Counter()
    for e in events:
        into = shared if e.player is None or not 0 <= e.player < players else per_seat[e.player]
        for name in e.names:
            into[f"{e.kind} {name}"] += 1
    return tuple(dict(sorted(c.items())) for c in per_seat), dict(sorted(shared.items()))


__all__ = ["GameRecord", "features", "play_batch", "play_game"]
