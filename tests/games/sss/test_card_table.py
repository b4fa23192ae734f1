"""Card tables are user input (the ``card_data`` option): checked in full at load.

A hypothesis strategy builds tables from the built-in one, with valid edits
(any stat in range, abilities reassigned, Upgrades and Supervillains
renamed, entries reordered, optional fields dropped) and, for half of them,
one invalid edit (a stat out of range or of the wrong type, an unknown or
missing field, a wrong count, a bad reference, a bad name, two names that
read the same once case and spacing are ignored). An invalid table must fail
at construction with an OptionError; a valid one must load and play random
games to the end with validate() after every step and every card conserved.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import henchmen
from henchmen.errors import OptionError

from .builder import GAME, TABLE

LONG = os.environ.get("HENCHMEN_LONG", "") == "1"
SETTINGS = settings(
    max_examples=400 if LONG else 60,
    deadline=None,
    database=None,
    derandomize=not LONG,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CREW_ABILITIES = [None, "Freeze", "Harvest", "Bounty", "Fetch", "Incinerate", "Replicate"]
UPGRADE_ABILITIES = ["Power", *CREW_ABILITIES[1:]]
BASE = [i for i, c in enumerate(TABLE["crews"]) if c["implemented"]]
Table = dict[str, Any]

stats = st.integers(0, 20)
letters = st.text(alphabet="abcdefghijklmnopqrstuvwxyzéßÅ'-", min_size=1, max_size=8)


@st.composite
def valid_table(draw: st.DrawFn) -> Table:
    t: Table = copy.deepcopy(TABLE)
    for bot in t["bots"].values():
        bot["power"], bot["health"] = draw(stats), draw(stats)
    for i in BASE:
        crew = t["crews"][i]
        crew["ability"] = draw(st.sampled_from(CREW_ABILITIES))
        for m in crew["minions"]:
            m["health"], m["power"] = draw(stats), draw(stats)
        crew["minions"] = draw(st.permutations(crew["minions"]))
        up = crew["upgrade"]
        up["cost"] = draw(st.integers(1, 20))
        up["ability"] = draw(st.sampled_from(UPGRADE_ABILITIES))
        # Fresh names stay distinct: the index is part of each.
        if draw(st.booleans()):
            up["name"] = f"Gadget {draw(letters)} {i}"
        if draw(st.booleans()):
            crew["supervillain"] = f"Boss {draw(letters)} {i}"
    if draw(st.booleans()):
        t["crews"] = draw(st.permutations(t["crews"]))
    for key in ("game", "note"):
        if draw(st.booleans()):
            del t[key]
    if draw(st.booleans()):
        for c in t["crews"]:
            c.pop("ability_text", None)
            for m in c.get("minions", ()):
                m.pop("designed", None)
    return t


def _crew(t: Table, draw: st.DrawFn) -> Table:
    """One of the implemented crews, wherever it now is in the table."""
    crews: list[Table] = [c for c in t["crews"] if c["implemented"]]
    return draw(st.sampled_from(crews))


def _case_twin(name: str, draw: st.DrawFn) -> str:
    """The same name in other case or spacing (never identical). Case is ASCII case, as in
    the engine's notation (core/notation.h): 'å' and 'Å' are two letters there."""

    def ascii_case(text: str, how: str) -> str:
        return "".join(getattr(ch, how)() if ch.isascii() else ch for ch in text)

    twin = draw(
        st.sampled_from(
            [
                ascii_case(name, "upper"),
                ascii_case(name, "lower"),
                " " + name,
                name + " ",
                name.replace(" ", "  "),
            ]
        )
    )
    swapped = ascii_case(name, "swapcase")
    return twin if twin != name else swapped if swapped != name else " " + name


bad_numbers = st.one_of(
    st.integers(-(2**40), -1),
    st.integers(21, 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=3),
    st.booleans(),
    st.none(),
)


@st.composite
def broken_table(draw: st.DrawFn) -> tuple[str, Table]:
    """A valid table with exactly one thing wrong, and what it is."""
    t = draw(valid_table())
    crew = _crew(t, draw)
    minion = draw(st.sampled_from(crew["minions"]))
    up = crew["upgrade"]
    bot = t["bots"][draw(st.sampled_from(sorted(t["bots"])))]
    how = draw(st.integers(0, 19))
    if how == 0:
        key = draw(st.sampled_from(["health", "power", "reputation"]))
        minion[key] = (
            draw(bad_numbers) if key != "reputation" else draw(st.sampled_from([0, 10, -1, "1"]))
        )
        return f"minion {key} out of range", t
    if how == 1:
        up["cost"] = draw(st.one_of(st.just(0), bad_numbers))
        return "upgrade cost out of range (a free Upgrade included)", t
    if how == 2:
        bot[draw(st.sampled_from(["power", "health"]))] = draw(bad_numbers)
        return "bot stat out of range", t
    if how == 3:
        where = draw(st.sampled_from([t, crew, minion, up, bot, t["bots"]]))
        where[draw(st.sampled_from(["halth", "Power", "extra", "minion", "cost "]))] = 1
        return "an unknown field", t
    if how == 4:
        where, key = draw(
            st.sampled_from(
                [
                    (crew, "name"),
                    (crew, "supervillain"),
                    (crew, "implemented"),
                    (crew, "ability"),
                    (crew, "minions"),
                    (crew, "upgrade"),
                    (minion, "health"),
                    (minion, "power"),
                    (minion, "reputation"),
                    (up, "name"),
                    (up, "cost"),
                    (up, "ability"),
                    (bot, "power"),
                    (t, "bots"),
                    (t, "crews"),
                ]
            )
        )
        del where[key]
        return f"a missing field '{key}'", t
    if how == 5:
        if draw(st.booleans()):
            crew["minions"].pop()
        else:
            crew["minions"].append(dict(minion))
        return "a crew without exactly 9 minions", t
    if how == 6:
        other = draw(st.sampled_from([m for m in crew["minions"] if m is not minion]))
        other["reputation"] = minion["reputation"]
        return "two minions of one reputation", t
    if how == 7:
        crew["ability"] = draw(
            st.sampled_from(["Transfer", "Power", "Teleport", "freeze", 3, True])
        )
        return "a crew ability that is not one", t
    if how == 8:
        up["ability"] = draw(st.sampled_from(["Transfer", "Teleport", None, "", 1]))
        return "an upgrade ability that is not one", t
    if how == 9:
        where, key = draw(st.sampled_from([(crew, "supervillain"), (up, "name")]))
        where[key] = draw(
            st.sampled_from(["", "   ", "a\nb", "bell\x07", "\x1b[2J", "x" * 49, 7, None])
        )
        return f"a bad {key}", t
    if how == 10:
        others = [c for c in t["crews"] if c is not crew and c["implemented"]]
        other = draw(st.sampled_from(others))
        up["name"] = _case_twin(other["upgrade"]["name"], draw)
        return "two Upgrades named alike", t
    if how == 11:
        m = draw(st.sampled_from(crew["minions"]))
        others = [c for c in t["crews"] if c is not crew and c["implemented"]]
        other = draw(st.sampled_from(others))
        other["upgrade"]["name"] = _case_twin(f"{crew['name']} {m['reputation']}", draw)
        return "an Upgrade named like a Minion", t
    if how == 12:
        others = [c for c in t["crews"] if c is not crew]
        other = draw(st.sampled_from(others))
        crew["supervillain"] = _case_twin(other["supervillain"], draw)
        return "two Supervillains named alike", t
    if how == 13:
        # A crew (not implemented) whose name reads like an implemented one.
        extra = {
            "name": _case_twin(crew["name"], draw),
            "supervillain": "Somebody Else",
            "ability": None,
            "implemented": False,
        }
        t["crews"].append(extra)
        return "two crews named alike", t
    if how == 14:
        up["name"] = _case_twin(draw(st.sampled_from(sorted(t["bots"]))), draw)
        return "an Upgrade named like a Bot", t
    if how == 15:
        t["bots"]["Tiny Bot"]["ability"] = "Freeze"
        return "a Bot with an ability", t
    if how == 16:
        t["bots"]["Scaredy Bot"]["ability"] = draw(st.sampled_from(["Freeze", None, 1]))
        return "a Scaredy Bot without Transfer", t
    if how == 17:
        t["crews"] = draw(st.sampled_from([[], {}, "crews", None]))
        return "no list of crews", t
    if how == 18:
        t["game"] = draw(st.sampled_from(["legendary", "", 1]))
        return "a table for another game", t
    crew["minions"][0] = draw(st.sampled_from([[], "minion", 5, None]))
    return "a minion that is not an object", t


def _cards(position: dict[str, Any]) -> Counter[str]:
    """Every card of a position JSON, wherever it is (the Scaredy pile counted)."""
    out: Counter[str] = Counter()

    def deck(d: dict[str, list[str]]) -> None:
        out.update(d["unknown"])
        out.update(d["known_from_top"])

    out.update(c for c in position["minion_row"] if c)
    deck(position["minion_deck"])
    if position["upgrade_row"]:
        out[position["upgrade_row"]] += 1
    deck(position["upgrade_deck"])
    out.update(position["expelled"])
    for sides in position["attached"].values():
        for cards in sides:
            out.update(cards)
    for p in position["players"]:
        deck(p["deck"])
        for pile in ("hand", "discard", "in_play", "bought", "stash", "frozen"):
            out.update(p[pile])
        out.update(p["upgrades"])
        out.update(p["upgrades_pending"])
    out["Scaredy Bot"] += position["scaredy_bots"]
    return out


def _expected(game: henchmen.Game) -> Counter[str]:
    table = game.card_table()
    out: Counter[str] = Counter(
        {"Tiny Bot": 16, "Junky Bot": 4, "Scaredy Bot": 10, "Explodey Bot": 1}
    )
    for name in game.options["crews"]:
        crew = next(c for c in table["crews"] if c["name"] == name)
        out.update(f"{name} {m['reputation']}" for m in crew["minions"])
        out[crew["upgrade"]["name"]] += 1
    return out


def play_to_the_end(game: henchmen.Game, seed: int) -> int:
    """A random game with explicit chance, validate() after every step and
    the cards counted every few steps; returns the number of steps."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=None, auto_chance=False)
    s = state._s
    want = _expected(game)
    steps = 0
    while not s.is_terminal:
        if s.is_chance:
            outcomes = s.chance_outcomes()
            s.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            s.apply(rng.choice(s.legal_actions()))
        s.validate()
        steps += 1
        assert steps <= game.max_game_length, "a game ran past max_game_length"
        if steps % 16 == 0 or s.is_terminal:
            assert _cards(json.loads(s.serialize())["position"]) == want, f"step {steps}"
    return steps


@SETTINGS
@given(table=valid_table(), seed=st.integers(0, 2**32), turns=st.sampled_from([10, 40, 200]))
def test_every_valid_table_loads_and_plays_to_the_end(table: Table, seed: int, turns: int) -> None:
    game = henchmen.Game(GAME, card_data=json.dumps(table), max_turns=turns)
    assert game.card_table() == table
    assert play_to_the_end(game, seed) > 0


@SETTINGS
@given(case=broken_table())
def test_every_broken_table_is_refused_at_construction(case: tuple[str, Table]) -> None:
    what, table = case
    with pytest.raises(OptionError, match="card_data"):
        henchmen.Game(GAME, card_data=json.dumps(table))
        pytest.fail(f"accepted a table with {what}")


# Scripted cases: the message names what is wrong ------------------------------


def _table(**edits: Any) -> Table:
    t: Table = copy.deepcopy(TABLE)
    for path, value in edits.items():
        *where, key = path.split("__")
        node: Any = t
        for w in where:
            node = node[int(w)] if w.isdigit() else node[w]
        node[key] = value
    return t


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (_table(crews__1__upgrade__name="golden  throne"), "differ only in case or spacing"),
        (_table(crews__1__upgrade__name="ROYAL RULE 3"), "'Royal Rule 3' and 'ROYAL RULE 3'"),
        (_table(crews__1__supervillain="king cobra"), "card_data Supervillains"),
        (_table(crews__1__upgrade__name="Golden Throne"), "two cards are named 'Golden Throne'"),
        (_table(crews__0__upgrade__cost=0), "upgrade cost must be an integer from 1 to 20"),
        (_table(crews__0__minions__0__halth=3), "unknown field 'halth'"),
        (_table(crews__0__supervillain="King\x1b[2JCobra"), "control character"),
        (_table(crews__2__ability="Transfer"), "is not a crew ability"),
        (_table(bots__Tiny_Bot=None), "bots has an unknown field 'Tiny_Bot'"),
        (_table(game="legendary"), "another game"),
    ],
)
def test_a_bad_table_names_the_problem(table: Table, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        henchmen.Game(GAME, card_data=json.dumps(table))


def test_two_crews_named_alike_are_refused_even_if_one_is_not_implemented() -> None:
    t = copy.deepcopy(TABLE)
    t["crews"].append(
        {"name": "Royal  rule", "supervillain": "X", "ability": None, "implemented": False}
    )
    with pytest.raises(OptionError, match="card_data crews: 'Royal Rule' and 'Royal  rule'"):
        henchmen.Game(GAME, card_data=json.dumps(t))


def test_an_extreme_valid_table_plays_to_the_end() -> None:
    """Everything free and strong, every crew fetching: still finite, still conserved."""
    t = copy.deepcopy(TABLE)
    for bot in t["bots"].values():
        bot["power"], bot["health"] = 20, 0
    for i in BASE:
        crew = t["crews"][i]
        crew["ability"] = "Fetch"
        crew["upgrade"]["cost"] = 1
        crew["upgrade"]["ability"] = "Replicate"
        for m in crew["minions"]:
            m["health"], m["power"] = 0, 20
    game = henchmen.Game(GAME, card_data=json.dumps(t), max_turns=20)
    for seed in range(3):
        play_to_the_end(game, seed)
