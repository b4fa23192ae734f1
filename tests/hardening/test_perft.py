"""Counting tests (perft): the number of distinct action sequences to a
small depth from fixed positions, chance outcomes counted as branches.

These are REGRESSION PINS: the counts were obtained by running this very
count on the engine at the time of writing (``python -m
tests.hardening.test_perft`` prints them, run from the repository root), not
derived independently. A changed count means legal move generation (or
chance, or setup) changed: if intended, re-pin from the printed table and say
why in the commit.

One count is verified by hand from the rules: Seven Secret Supervillains
from before setup (explicit chance), depth 5. Setup reveals three of the
seven Supervillains into the three slots, one chance event each (7, then 6,
then 5 outcomes), then refills the Minion row from the Minion deck of 63
Minions, every one a distinct card (7 crews of 9), so the first two refills
have 63 and then 62 outcomes: 7 * 6 * 5 * 63 * 62 = 820,260 sequences, and
the shallower depths are the prefixes 7, 42, 210 and 13,230. Every count
stays under a million nodes.

Positions, per game and player count: "setup" (the initial state with chance
explicit), "initial" (setup resolved by seed 1, then chance made explicit)
and "midgame" (from "initial", 40 random legal actions drawn with the
engine's generator Rng(5), chance resolved by the state's seeded generator).
"""

from __future__ import annotations

import pytest
from tests.games.sss.builder import CREWS_GIZZARD, CREWS_TALES, CREWS_TRENDSET

import henchmen
from henchmen import _core

from .support import COUNTS, KNOWN_FINDINGS, SSS

MAX_NODES = 1_000_000

#: (game, players, position, depth) -> count. Regression pins (see above).
PINS: dict[tuple[str, int, str, int], int] = {
    ("legendary", 1, "initial", 8): 77208,
    ("legendary", 1, "midgame", 8): 69423,
    ("legendary", 1, "setup", 6): 161280,
    ("legendary", 2, "initial", 8): 804563,
    ("legendary", 2, "midgame", 8): 958,
    ("legendary", 2, "setup", 6): 197910,
    ("legendary", 3, "initial", 7): 340885,
    ("legendary", 3, "midgame", 8): 5580,
    ("legendary", 3, "setup", 7): 989550,
    ("legendary", 4, "initial", 7): 405794,
    ("legendary", 4, "midgame", 8): 4601,
    ("legendary", 4, "setup", 7): 214020,
    ("legendary", 5, "initial", 7): 880560,
    ("legendary", 5, "midgame", 8): 1460,
    ("legendary", 5, "setup", 8): 856080,
    ("parry", 2, "setup", 20): 364659,
    ("parry", 2, "initial", 21): 345999,
    ("parry", 3, "setup", 18): 266341,
    ("parry", 3, "initial", 18): 275462,
    ("parry", 3, "midgame", 28): 340561,
    ("parry", 4, "setup", 18): 237501,
    ("parry", 4, "initial", 18): 267140,
    ("parry", 4, "midgame", 22): 267480,
    ("super", 2, "initial", 3): 5544,
    ("super", 2, "midgame", 5): 54334,
    ("super", 3, "initial", 4): 55440,
    ("super", 3, "midgame", 4): 47964,
    ("super", 4, "initial", 4): 11880,
    ("super", 4, "midgame", 5): 153672,
    ("super", 5, "initial", 5): 95040,
    ("super", 6, "initial", 5): 95040,
    ("super", 6, "midgame", 8): 264984,
    ("super", 7, "initial", 5): 95040,
    ("super", 8, "initial", 5): 95040,
    ("super", 9, "initial", 5): 95040,
    ("super", 10, "initial", 5): 95040,
    ("super", 10, "midgame", 8): 563797,
    # The Gambler (one player): no Supervillains; 63 * 62 * 61 for the row's first refills.
    ("seven-secret-supervillains", 1, "setup", 3): 238266,
    ("seven-secret-supervillains", 1, "initial", 6): 615992,
    ("seven-secret-supervillains", 1, "midgame", 7): 41873,
    ("seven-secret-supervillains", 2, "initial", 8): 22064,
    ("seven-secret-supervillains", 2, "midgame", 8): 4263,
    ("seven-secret-supervillains", 2, "setup", 5): 820260,
    # The Brawl (9 crews): 9 * 8 * 7 Supervillain reveals, then 81 Minions for the first refill.
    ("seven-secret-supervillains", 3, "setup", 4): 40824,
    ("seven-secret-supervillains", 3, "initial", 8): 2317,
    ("seven-secret-supervillains", 3, "midgame", 8): 78727,
    ("seven-secret-supervillains", 4, "setup", 4): 40824,
    ("seven-secret-supervillains", 4, "initial", 8): 2310,
    ("seven-secret-supervillains", 4, "midgame", 7): 204305,
    ("suet", 2, "setup", 4): 33192,
    ("suet", 2, "initial", 7): 670803,
    ("suet", 2, "midgame", 8): 231543,
    ("suet", 3, "setup", 5): 76848,
    ("suet", 3, "initial", 6): 107415,
    ("suet", 3, "midgame", 8): 4375,
    ("suet", 4, "setup", 6): 88080,
    ("suet", 4, "initial", 8): 12819,
    ("suet", 4, "midgame", 8): 330,
    ("villainy", 2, "setup", 4): 925373,
    ("villainy", 2, "initial", 6): 603744,
    ("villainy", 2, "midgame", 6): 207300,
    ("villainy", 3, "setup", 4): 925373,
    ("villainy", 3, "initial", 7): 227358,
    ("villainy", 3, "midgame", 8): 261795,
    ("villainy", 4, "setup", 4): 925373,
    ("villainy", 4, "initial", 8): 584778,
    ("villainy", 4, "midgame", 8): 22728,
    ("villainy", 5, "setup", 4): 925373,
    ("villainy", 5, "initial", 8): 42054,
    ("villainy", 5, "midgame", 8): 21,
    ("villainy", 6, "setup", 4): 925373,
    ("villainy", 6, "initial", 8): 2887,
    ("villainy", 6, "midgame", 6): 421155,
}

#: Modes a player count does not pick, by name: (game, mode, players, position, depth) ->
#: count. Regression pins, as PINS.
MODE_PINS: dict[tuple[str, str, int, str, int], int] = {
    # The Classic (the duel's seven crews): setup as the duel's, 7 * 6 * 5 * 63 * 62.
    ("seven-secret-supervillains", "classic", 4, "setup", 5): 820260,
    ("seven-secret-supervillains", "classic", 4, "initial", 8): 12435,
    ("seven-secret-supervillains", "classic", 4, "midgame", 8): 19888,
    # The Secretive: no Supervillains to reveal; the row's first refills are 63 * 62 * 61.
    ("seven-secret-supervillains", "secretive", 3, "setup", 3): 238266,
    ("seven-secret-supervillains", "secretive", 3, "initial", 8): 404627,
    ("seven-secret-supervillains", "secretive", 3, "midgame", 8): 40674,
    ("seven-secret-supervillains", "secretive", 4, "setup", 3): 238266,
    ("seven-secret-supervillains", "secretive", 4, "initial", 8): 404573,
    ("seven-secret-supervillains", "secretive", 4, "midgame", 8): 84,
    # The Climb (its default goal, 4 Supervillains): setup as the duel's, 7 * 6 * 5 * 63 * 62;
    # one player and no Chaos after it.
    ("seven-secret-supervillains", "climb", 1, "setup", 5): 820260,
    ("seven-secret-supervillains", "climb", 1, "initial", 8): 3800,
    ("seven-secret-supervillains", "climb", 1, "midgame", 8): 6670,
}

#: Crew sets of Seven Secret Supervillains, by name: (crews, players, position, depth) ->
#: count. Regression pins, as PINS.
CREW_SETS = {"tales": CREWS_TALES, "gizzard": CREWS_GIZZARD, "trendset": CREWS_TRENDSET}
CREW_PINS: dict[tuple[str, int, str, int], int] = {
    # Tall Tales and Salesweasels (the looks at the top of a deck): setup as the duel's,
    # 7 * 6 * 5 * 63 * 62.
    ("tales", 2, "setup", 5): 820260,
    ("tales", 2, "initial", 8): 22064,
    ("tales", 2, "midgame", 8): 4263,
    # Gizzard Wizards (the Chaos Spell deck): setup as the duel's, 7 * 6 * 5 * 63 * 62.
    ("gizzard", 2, "setup", 5): 820260,
    ("gizzard", 2, "initial", 8): 22064,
    ("gizzard", 2, "midgame", 8): 4263,
    # Dinomite Dressers (Trendset): the same counts, no Trendset this early (its look and
    # choices are counted by hand in T/test_crew_dinomite_dressers.py).
    ("trendset", 2, "setup", 5): 820260,
    ("trendset", 2, "initial", 8): 22064,
    ("trendset", 2, "midgame", 8): 4263,
}

#: The count verified by hand from the rules (see the module docstring).
HAND_VERIFIED = {(SSS, 2, "setup", d): n for d, n in enumerate([1, 7, 42, 210, 13230, 820260])}


def perft(s: _core.State, depth: int) -> int:
    """Leaf count of the legal action tree to ``depth`` (chance outcomes are branches)."""
    if depth == 0 or s.is_terminal:
        return 1
    ids = s.legal_actions()
    if depth == 1:
        return len(ids)
    total = 0
    for a in ids:
        child = s.clone()
        child.apply(a)
        total += perft(child, depth - 1)
    return total


def position(
    name: str, players: int, label: str, mode: str = "", crews: tuple[str, ...] = ()
) -> henchmen.State:
    options: dict[str, object] = {"mode": mode} if mode else {}
    if crews:
        options["crews"] = list(crews)
    game = henchmen.Game(name, players=players, **options)
    if label == "setup":
        return game.new_initial_state(auto_chance=False)
    state = game.new_initial_state(seed=1)
    if label == "midgame":
        rng = _core.Rng(5)
        for _ in range(40):
            if state.is_terminal:
                break
            ids = state.legal_action_ids
            state.apply(ids[rng.below(len(ids))])
    state.set_auto_chance(False)  # chance explicit from here on
    return state


def _params() -> list[object]:
    out: list[object] = []
    for key in sorted(PINS):
        name = key[0]
        reason = KNOWN_FINDINGS.get((name, "perft"))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(*key, id="-".join(map(str, key)), marks=marks))
    return out


@pytest.mark.parametrize(("name", "players", "label", "depth"), _params())
def test_perft_pinned(name: str, players: int, label: str, depth: int) -> None:
    want = PINS[(name, players, label, depth)]
    assert want <= MAX_NODES
    got = perft(position(name, players, label)._s, depth)
    COUNTS["perft: leaf nodes counted"] += got
    assert got == want, (
        f"perft({name}, {players}p, {label}, depth {depth}) = {got}, pinned {want}: "
        "legal move generation, chance or setup changed"
    )


@pytest.mark.parametrize(
    ("key", "want"),
    sorted(MODE_PINS.items()),
    ids=["-".join(map(str, k)) for k in sorted(MODE_PINS)],
)
def test_mode_perft_pinned(key: tuple[str, str, int, str, int], want: int) -> None:
    name, mode, players, label, depth = key
    assert want <= MAX_NODES
    got = perft(position(name, players, label, mode)._s, depth)
    COUNTS["perft: leaf nodes counted"] += got
    assert got == want, f"perft({name}, {mode}, {players}p, {label}, depth {depth}) = {got}"


@pytest.mark.parametrize(
    ("key", "want"),
    sorted(CREW_PINS.items()),
    ids=["-".join(map(str, k)) for k in sorted(CREW_PINS)],
)
def test_crew_perft_pinned(key: tuple[str, int, str, int], want: int) -> None:
    crews, players, label, depth = key
    assert want <= MAX_NODES
    got = perft(position(SSS, players, label, crews=CREW_SETS[crews])._s, depth)
    COUNTS["perft: leaf nodes counted"] += got
    assert got == want, f"perft({SSS}, {crews}, {players}p, {label}, depth {depth}) = {got}"


@pytest.mark.parametrize(("key", "want"), sorted(HAND_VERIFIED.items()))
def test_perft_hand_verified(key: tuple[str, int, str, int], want: int) -> None:
    name, players, label, depth = key
    assert perft(position(name, players, label)._s, depth) == want


def test_every_game_and_player_count_is_pinned() -> None:
    pinned = {(k[0], k[1]) for k in PINS}
    missing = [
        (g.name, p)
        for g in henchmen.games()
        for p in range(g.min_players, g.max_players + 1)
        if (g.name, p) not in pinned
    ]
    assert not missing, (
        f"no perft pins for {missing}; print them with python -m tests.hardening.test_perft"
    )


def pin_table(max_depth: int = 8) -> dict[tuple[str, int, str, int], int]:
    """The deepest count under MAX_NODES for every position (what PINS holds)."""
    table = {}
    for g in henchmen.games():
        for players in range(g.min_players, g.max_players + 1):
            for label in ("setup", "initial", "midgame"):
                s = position(g.name, players, label)._s
                best = None
                for depth in range(1, max_depth + 1):
                    n = perft(s, depth)
                    if n > MAX_NODES:
                        break
                    best = (depth, n)
                assert best is not None
                table[(g.name, players, label, best[0])] = best[1]
    return table


if __name__ == "__main__":
    for k, v in sorted(pin_table().items()):
        print(f"    {k!r}: {v},")
