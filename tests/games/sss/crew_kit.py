"""What the expansion crews' tests (``test_crew_*.py``) share: the table around the crew
under test, the module fixture that builds every position from it, and the checks each
crew's ability goes through (refused without the ability, its action info, a JSON round trip).

>>> beside_base("Gale Force")[3]
'Gale Force'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import henchmen
from henchmen.errors import NotationError

from .builder import crews, me, moves, play, position, resolve

#: A Minion row of cheap base Minions (Freeze's Freezer Burn 5 among them), for the abilities
#: that buy, swap or replace from the row.
BASE_ROW = ["Royal Rule 1", "Royal Rule 2", "Freezer Burn 5", "Royal Rule 4", "Royal Rule 5"]


def beside_base(crew: str) -> tuple[str, ...]:
    """The seven crews of a one-crew test module: the crew under test among the base crews
    its ability meets (Freeze, Replicate, Fetch, Incinerate...), always in the same seats."""
    return (
        "Royal Rule",
        "Freezer Burn",
        "Health Hazards",
        crew,
        "Hoppy Hunters",
        "Fire Starters",
        "Tourist Trap",
    )


def crews_for_module(*names: str) -> Callable[[], Iterator[None]]:
    """An autouse fixture under which :func:`~.builder.position` builds games of these
    seven crews; bind it to a module-level name so pytest finds it."""

    @pytest.fixture(autouse=True)
    def _crews() -> Iterator[None]:
        with crews(*names):
            yield

    return _crews


def activated(upgrade: str, *then: str, **spec: Any) -> henchmen.State:
    """A position (``spec``, for :func:`~.builder.position`) where player 0 owns ``upgrade``
    and activates it, then makes the moves ``then``: how an Upgrade's ability is tested."""
    return play(position(upgrades={0: [upgrade]}, **spec), f"activate {upgrade}", *then)


def starting(s: henchmen.State, verb: str) -> list[str]:
    """The legal moves whose notation starts with ``verb`` (one ability's moves)."""
    return [m for m in moves(s) if m.startswith(verb)]


def end_turn(s: henchmen.State) -> henchmen.State:
    """Ends the turn and resolves the draws it starts."""
    play(s, "end turn")
    return resolve(s)


def refused(s: henchmen.State, move: str) -> None:
    """``move`` is not legal here: it raises a notation error and the state is unchanged."""
    before = s.serialize()
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply(move)
    assert before == s.serialize()


def first_events(s: henchmen.State) -> list[henchmen.Event]:
    """The first event of the last move as player 0, player 1 and a spectator are told it
    (an ability's public event: each reader must get it)."""
    return [s.last_events(reader)[0] for reader in (0, 1, "spectator")]


def told_to_everyone(s: henchmen.State, kind: str, *words: str) -> None:
    """The last move's first event is of ``kind`` and names ``words`` for player 0, player 1
    and a spectator alike."""
    for event in first_events(s):
        assert event.kind == kind and all(w in event.text for w in words), (event, kind, words)


def info(s: henchmen.State, move: str) -> dict[str, Any]:
    """The action info of the legal move written ``move``."""
    action = next(a for a in s.legal_actions if str(a) == move)
    return s.action_info(action)


def offered(s: henchmen.State, move: str, card: str, zone: str) -> None:
    """``move`` is legal, and its action info names the card it acts on and that card's
    zone (what a table highlights)."""
    assert info(s, move) == {"card": card, "zone": zone, "text": move}


def holds_and_round_trips(s: henchmen.State, ability: str) -> henchmen.State:
    """Player 0 holds one token of ``ability`` (and nothing else to spend) and the state
    reads back from its JSON equal, token and all; the copy read back, to play on."""
    again = round_trip(s)
    assert me(again, 0)["abilities"] == {ability: 1}
    return again


def round_trip(s: henchmen.State) -> henchmen.State:
    """The state read back from its JSON, checked equal to it (the copy, to play on)."""
    again = henchmen.deserialize(s.serialize())
    assert again == s
    return again


def hidden_top_is_redrawn(s: henchmen.State, seeds: int = 40) -> None:
    """Player 0's deck top is hidden from player 1: their resamples agree with what they
    see yet redraw it, while player 0's own resamples keep their deck as it is."""
    tops = set()
    for seed in range(seeds):
        other = s.resample(1, seed)
        assert other.observation(1) == s.observation(1)
        tops.add(me(other, 0)["deck"]["top"][0]["card"])
        assert me(s.resample(0, seed), 0)["deck"] == me(s, 0)["deck"]
    assert len(tops) > 1
