"""Shared helpers for the hardening suites: every game and player count, the
positions the fuzzers start from, case counters and known findings.

Every suite iterates over :func:`henchmen.games` and each allowed player
count, so a game that lands is covered without touching these files.
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import henchmen
from henchmen import _core

#: Cases tried per check, printed at the end of the session (see conftest.py).
COUNTS: Counter[str] = Counter()
#: Measured figures (latencies and the like), printed beside the counts.
FIGURES: dict[str, float] = {}

#: Checks a game other than Seven Secret Supervillains is known to fail:
#: {(game, check): reason}. Only for games still landing; never for SSS.
KNOWN_FINDINGS: dict[tuple[str, str], str] = {}

SSS = "seven-secret-supervillains"

T = TypeVar("T")


def long_run() -> bool:
    """True under ``pytest --slow`` or ``HENCHMEN_LONG=1``: the full-size variants."""
    return os.environ.get("HENCHMEN_LONG", "") == "1"


def two_shares(
    body: Callable[[str, int, st.DataObject], None], check: str, examples: int
) -> tuple[Callable[..., None], Callable[..., None]]:
    """A hypothesis fuzzer ``body(name, players, data)`` as two tests over every
    configuration: the default tier's, a tenth of ``examples`` derandomized
    (the same examples every run, so a pass or a known failure is stable), and
    the long tier's, the other nine tenths drawn afresh each run. Together they
    try as many as the one test did; ``HENCHMEN_LONG=1`` tries 1000 in each."""

    def share(count: int, derandomize: bool) -> Callable[..., None]:
        test = fuzz_settings(count, derandomize)(given(data=st.data())(body))
        marked: Callable[..., None] = pytest.mark.parametrize(
            ("name", "players"), config_params(check)
        )(test)
        return marked

    first = examples // 10
    return share(first, True), pytest.mark.long(share(examples - first, False))


def fuzz_settings(examples: int, derandomize: bool = True) -> settings:
    """The hypothesis settings of every fuzzer: ``examples`` cases in CI (1000 on a long
    run), no deadline and no example database (the cases are generated, not remembered),
    derandomized unless told otherwise or on a long run, slow and large data allowed."""
    return settings(
        max_examples=scaled(examples, 1000),
        deadline=None,
        database=None,
        derandomize=derandomize and not long_run(),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def scaled(ci: int, full: int) -> int:
    """The CI size, or the full size on a long run."""
    return full if long_run() else ci


def extremes_only() -> bool:
    """True in the sanitizer job (HENCHMEN_EXTREME_PLAYERS=1): each game at its
    fewest and most players only, where capacities and seat loops are at their
    bounds; the counts between run the same code, at many times the cost there."""
    return os.environ.get("HENCHMEN_EXTREME_PLAYERS", "") == "1"


def player_counts(lo: int, hi: int) -> list[int]:
    """The player counts a run covers: all of them, or the extremes only."""
    return sorted({lo, hi}) if extremes_only() else list(range(lo, hi + 1))


def configs() -> list[tuple[str, int]]:
    """Every registered game with every player count it allows (or its extremes)."""
    games = henchmen.games()
    return [(g.name, p) for g in games for p in player_counts(g.min_players, g.max_players)]


def config_params(check: str) -> list[object]:
    """pytest params for every (game, players), xfail(strict) where a finding is known."""
    out: list[object] = []
    for name, players in configs():
        reason = KNOWN_FINDINGS.get((name, check))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(name, players, id=f"{name}-{players}p", marks=marks))
    return out


def game_params(check: str) -> list[object]:
    """pytest params for every game (its smallest and largest player counts separately)."""
    return config_params(check)


def play_random(
    state: henchmen.State,
    steps: int,
    rng: random.Random,
    after_each: Callable[[], None] | None = None,
) -> henchmen.State:
    """Apply up to ``steps`` uniformly random legal actions (chance included if explicit),
    calling ``after_each`` after every one; a chance node without outcomes that sum to one,
    or a player to act without a legal action, fails."""
    s = state._s
    for _ in range(steps):
        if s.is_terminal:
            break
        if s.is_chance:
            outcomes = s.chance_outcomes()
            assert outcomes, "a chance node with no outcomes"
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            s.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            ids = s.legal_actions()
            assert ids, "a player to act with no legal action"
            s.apply(ids[rng.randrange(len(ids))])
        if after_each is not None:
            after_each()
    return state


def one_spot_edits(value: Any, names: Sequence[str]) -> list[tuple[str, Any]]:
    """The tamperings of one value of a position, named: a boolean flipped, a number moved
    by one, a name swapped for the next of ``names`` (a null for one of them), a list's
    last entry dropped or repeated."""
    edits: list[tuple[str, Any]] = []
    if isinstance(value, bool):
        edits.append(("flip", not value))
    elif isinstance(value, int):
        edits += [("+1", value + 1), ("-1", value - 1)]
    elif isinstance(value, str) and names:
        edits.append(("next name", names[(names.index(value) + 1) % len(names)]))
    elif value is None and names:
        edits.append(("a name", names[len(names) // 2]))
    elif isinstance(value, list) and value:
        edits += [("drop last", value[:-1]), ("repeat last", [*value, value[-1]])]
    return edits


def by_probability(outcomes: Sequence[tuple[T, float]], u: float) -> T:
    """The chance outcome that ``u`` (uniform in [0, 1)) falls on, each taking a share of
    the interval as large as its probability (the last one where rounding leaves a gap)."""
    for outcome, p in outcomes:
        u -= p
        if u < 0:
            return outcome
    return outcomes[-1][0]


def explicit(state: henchmen.State) -> henchmen.State:
    """The same position with chance explicit (no auto-chance generator)."""
    out = henchmen.deserialize(state.serialize())
    out.set_auto_chance(False)
    return out


def position_only(text: str) -> str:
    """A serialized state without its history: the position alone.

    Tampering a position that keeps its history is always refused (the
    history would not lead to it), which would leave the fuzzers testing
    nothing; a position alone is checked by validate() only.
    """
    doc = json.loads(text)
    doc["history"] = []
    doc.pop("origin", None)
    doc.pop("knowledge", None)  # what the players knew: without it, the position alone
    return json.dumps(doc)


def loaded_alone(state: henchmen.State) -> henchmen.State:
    """The saved position loaded without its history (what each player knew stays),
    chance left to the caller."""
    doc = json.loads(state.serialize())
    doc["history"] = []
    doc.pop("origin", None)
    out = henchmen.deserialize(json.dumps(doc))
    out.set_auto_chance(False)
    return out


@functools.cache
def _game(name: str, players: int) -> henchmen.Game:
    return henchmen.Game(name, players=players)


@functools.cache
def _position_texts(name: str, players: int) -> tuple[tuple[str, str], ...]:
    texts = _full_position_texts(name, players)
    return tuple((label, position_only(text)) for label, text in texts)


def _full_position_texts(name: str, players: int) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    game = henchmen.Game(name, players=players)
    start = game.new_initial_state(seed=1)
    out.append(("initial", start.serialize()))
    out.append(("setup-chance", game.new_initial_state(auto_chance=False).serialize()))
    rng = random.Random(11)
    mid = play_random(start.clone(), 60, rng)
    out.append(("midgame", mid.serialize()))
    # A pending chance node in the middle of a game.
    chance = explicit(mid)
    for _ in range(400):
        if chance.is_chance or chance.is_terminal:
            break
        play_random(chance, 1, rng)
    out.append(("midgame-chance", chance.serialize()))
    late = play_random(mid.clone(), 200, rng)
    out.append(("late", late.serialize()))
    end = play_random(late.clone(), game.max_game_length, rng)
    assert end.is_terminal, f"{name} {players}p: a random game did not end"
    out.append(("terminal", end.serialize()))
    return tuple(out)


def positions(name: str, players: int) -> list[tuple[str, henchmen.State]]:
    """Fixed positions of a game to fuzz from: fresh states every call.

    initial (setup resolved, seed 1), setup-chance (explicit chance before
    setup), midgame, midgame-chance (a chance node), late and terminal.
    """
    out = []
    game = _game(name, players)
    for label, text in _position_texts(name, players):
        state = game.deserialize(text)  # the game's own reader: no game built per state
        state.set_auto_chance(False)  # the fuzzers resolve chance themselves
        out.append((label, state))
    return out


def chance_constants() -> tuple[int, int]:
    return _core.CHANCE, _core.TERMINAL
