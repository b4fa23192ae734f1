"""Move notation: every action kind has a name that string_to_action reads back."""

from __future__ import annotations

import pytest

import henchmen
from henchmen.errors import NotationError

from .builder import moves, play, position

ROW = ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"]


def _positions() -> list[henchmen.State]:
    out = []
    s = position(
        hands={0: ["Royal Rule 9", "Tiny Bot", "Scaredy Bot"]},
        discard={0: ["Royal Rule 8", "Junky Bot"]},
        power={0: 9},
        abilities={
            0: {
                "Transfer": 1,
                "Harvest": 1,
                "Incinerate": 1,
                "Bounty": 1,
                "Replicate": 1,
                "Freeze": 1,
                "Fetch": 1,
            }
        },
        in_play={0: ["Scaredy Bot", "Freezer Burn 3"]},
        upgrades={0: ["Deep Freezer"]},
        upgrade_row="Golden Throne",
        row=ROW,
    )
    out.append(s)
    out.append(
        position(
            stash={0: ["Tourist Trap 7", "Tourist Trap 8", "Tourist Trap 9"]},
            abilities={0: {"Bounty": 1}},
            row=ROW,
        )
    )
    fetch = position(hands={0: ["Sleuths N' Sniffs 3", "Tiny Bot"]}, decks={0: ["Junky Bot"]})
    out.append(play(fetch, "play Sleuths N' Sniffs 3", "fetch"))
    ret = position(
        power={0: 5},
        upgrades={0: ["Deep Freezer", "Compost Heap", "Wanted Board"]},
        upgrade_row="Blast Furnace",
    )
    out.append(play(ret.clone(), "buy Blast Furnace"))  # chance: reveal an Upgrade
    out.append(play(ret, "buy Blast Furnace", "reveal Golden Throne"))
    out.append(play(position(decks={0: ["Tiny Bot", "Junky Bot"] * 3}), "end turn"))  # chance: draw
    dz = position(hands={0: ["Royal Rule 9"]}, attached={"King Cobra": {0: ["Royal Rule 1"]}})
    out.append(play(dz, "attach Royal Rule 9"))  # chance: reveal a Supervillain
    out.append(henchmen.new_game("seven-secret-supervillains", auto_chance=False))
    return out


def test_every_action_round_trips() -> None:
    kinds = set()
    for s in _positions():
        for a in s.legal_actions:
            text = s.action_to_string(a.id)
            assert str(a) == text
            assert s.string_to_action(text).id == a.id
            assert s.string_to_action(text.upper()).id == a.id  # case does not matter
            kinds.add(
                " ".join(w for w in text.split() if w[0].islower())
                if not text.startswith("replicate")
                else text
            )
    expected = {
        "play",
        "attach",
        "buy",
        "transfer",
        "harvest",
        "incinerate from hand",
        "incinerate from discard",
        "bounty",
        "bounty for",
        "replicate Freeze",
        "replicate leftmost",
        "freeze",
        "fetch",
        "end turn",
        "activate",
        "discard",
        "return",
        "draw",
        "reveal",
    }
    assert expected <= kinds, expected - kinds


@pytest.mark.parametrize(
    ("text", "action_id"),
    [
        ("play Tiny Bot", 90),
        ("attach Royal Rule 9", 128 + 8),
        ("buy Golden Throne", 256 + 100),
        ("transfer Royal Rule 8", 384 + 7),
        ("harvest Junky Bot", 512 + 91),
        ("incinerate Tiny Bot from hand", 640 + 90),
        ("incinerate Junky Bot from discard", 768 + 91),
        ("bounty Royal Rule 1", 1024 + 0),
        ("replicate Freeze", 1168 + 1),
        ("replicate leftmost", 1200),
        ("freeze", 1201),
        ("fetch", 1202),
        ("end turn", 1203),
        ("activate Deep Freezer", 1204 + 1),
    ],
)
def test_pinned_notation(text: str, action_id: int) -> None:
    """The action space is fixed; these ids are part of the contract (replays store them)."""
    s = _positions()[0]
    assert s.string_to_action(text).id == action_id


def test_bounty_swap_notation_names_both_cards() -> None:
    s = _positions()[1]
    a = s.string_to_action("bounty Royal Rule 2 for Tourist Trap 8")
    assert a.id == 1152 + 1 * 3 + 1  # row slot 2, stash index 2


def test_an_illegal_move_in_notation_names_the_legal_ones() -> None:
    s = position(hands={0: ["Tiny Bot"]})
    with pytest.raises(NotationError, match="legal moves: play Tiny Bot, end turn"):
        s.string_to_action("play Royal Rule 9")
    assert moves(s) == ["play Tiny Bot", "end turn"]
