"""Events' structured fields, per seat: what a frontend reads, not only the sentence.

A frontend reads ``player``, ``other`` and ``data`` (cards by name, numbers);
the sentence is only for people.  These tests tie each field to the sentence
the engine phrased from it (the subject named, the cards and numbers quoted)
for every seat 0..n-1 of every game, and pin the fields of scripted moves, so
a field read wrongly for one seat (seat 0 read as None, say) fails here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.games.sss.builder import moves
from tests.games.sss.builder import position as sss_position

import henchmen
from henchmen.events import SPECTATOR, Event

#: Distinct names, none a substring of another or of any card, so a name in a
#: sentence says which seat it is about.
NAMES = ["Ann", "Bo", "Cyd", "Dee", "Eve", "Flo", "Gus", "Hal", "Ike", "Jo"]
SUBJECT = re.compile(r"\{[Pp](?:'s)?\}")
OBJECT = re.compile(r"\{[Qq](?:'s)?\}")
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*)\}")


def counts(info: henchmen.GameInfo) -> list[int]:
    return sorted({info.min_players, min(3, info.max_players), min(4, info.max_players)})


CASES = [(info.name, n) for info in henchmen.games() for n in counts(info)]


def played(name: str, players: int, seed: int, steps: int = 160) -> henchmen.State:
    """A game after up to ``steps`` seeded random decisions (chance resolved by the API)."""
    options: dict[str, Any] = {}
    if henchmen.Game(name).num_players != players:
        options["players"] = players
    state = henchmen.new_game(name, seed=seed, **options)
    pick = 0
    while not state.is_terminal and state.move_number < steps:
        legal = state.legal_action_ids
        pick = (pick * 1103515245 + 12345 + seed) % 2**31
        state.apply(legal[pick % len(legal)])
    return state


def check_event(e: Event, reader: int, players: int) -> None:
    """The event's fields agree with its template and with the sentence ``reader`` got."""
    where = f"{e.kind} at step {e.step} for reader {reader}: {e.text!r} ({e.template!r})"
    assert e.to_json()["player"] == e.player and e.to_json()["other"] == e.other, where
    for value in (e.player, e.other):
        assert value is None or (type(value) is int and 0 <= value < players), where
    if SUBJECT.search(e.template):
        assert e.player is not None, f"a subject in the template but no player: {where}"
        named = "you" if reader == e.player else NAMES[e.player].lower()
        assert named in e.text.lower(), where
    if OBJECT.search(e.template):
        assert e.other is not None, f"a second player in the template but no other: {where}"
        named = "you" if reader == e.other else NAMES[e.other].lower()
        assert named in e.text.lower(), where
    for key in FIELD.findall(e.template):
        if key in ("P", "p", "Q", "q"):
            continue
        assert key in e.data, f"{{{key}}} in the template but not in data: {where}"
        value = e.data[key]
        if isinstance(value, str | int) and not isinstance(value, bool):
            assert str(value) in e.text, f"data {key}={value!r} not in the sentence: {where}"


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_every_events_fields_match_its_sentence_for_every_seat(name: str, players: int) -> None:
    subjects: set[int] = set()
    for seed in (1, 2):
        state = played(name, players, seed)
        names = NAMES[:players]
        for reader in [*range(players), SPECTATOR]:
            events = state.events_for(reader, -1, names)
            assert events, (name, reader)
            for e in events:
                check_event(e, reader, players)
                if e.player is not None:
                    subjects.add(e.player)
    # Every seat, seat 0 included, was the subject of some event.
    assert subjects == set(range(players)), (name, players, subjects)


@pytest.mark.parametrize("turn_player", [0, 1])
def test_sss_play_and_buy_name_the_seat_the_card_and_the_numbers(turn_player: int) -> None:
    s = sss_position(turn_player=turn_player, hands={turn_player: ["Tiny Bot", "Tiny Bot"]},
                     power={turn_player: 3})  # fmt: skip
    assert "buy Royal Rule 1" in moves(s)
    played = ("play", turn_player, None, {"card": "Tiny Bot", "power": 1})
    bought = ("buy", turn_player, None, {"card": "Royal Rule 1", "cost": 1})
    s.apply("play Tiny Bot")
    for reader in (0, 1, SPECTATOR):
        (e,) = s.last_events(reader, NAMES[:2])
        assert (e.kind, e.player, e.other, e.data) == played
        assert e.to_json()["player"] == turn_player
    s.apply("buy Royal Rule 1")
    for reader in (0, 1, SPECTATOR):
        (e,) = s.last_events(reader, NAMES[:2])
        assert (e.kind, e.player, e.other, e.data) == bought
        expected = "You buy" if reader == turn_player else f"{NAMES[turn_player]} buys"
        assert e.text == f"{expected} Royal Rule 1 for 1 power"


def test_parry_names_each_seat_of_three_as_subject_and_target() -> None:
    # Seed 1, three players: the deal draws three cards a seat (seats 0, 1, 2), seat 0's
    # turn begins; seat 0 strikes seat 1, then seats 1, 2 and 0 parry in turn.
    s = henchmen.new_game("parry", seed=1, players=3)
    setup = s.events_for(SPECTATOR, -1, NAMES[:3])
    assert [e.player for e in setup if e.kind == "draw"][:9] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    turn = next(e for e in setup if e.kind == "turn")
    assert (turn.player, turn.data) == (0, {"turn": 1})
    seen: list[tuple[str, int | None, int | None, str]] = []
    for move in ("strike player 2", "parry", "parry", "parry"):
        s.apply(move)
        seen += [(e.kind, e.player, e.other, e.text) for e in s.last_events(0, NAMES[:3])]
    assert seen == [("strike", 0, 1, "You strike Bo"), ("parry", 1, None, "Bo parries"),
                    ("parry", 2, None, "Cyd parries"), ("parry", 0, None, "You parry")]  # fmt: skip


def test_event_to_json_keeps_seat_zero() -> None:
    s = henchmen.new_game("parry", seed=1)
    s.apply("end turn")
    first: dict[str, Any] = s.last_events(1)[0].to_json()
    assert first["kind"] == "end-turn" and first["player"] == 0


def test_suet_discard_a_hand_names_the_victim_in_every_readers_sentence() -> None:
    # Found by the property above: the victim's clause read "you {draws} 4 new ones".
    from tests.games.suet.builder import component, play
    from tests.games.suet.builder import position as suet_position

    ferret = component("The Ferret Lady", "Blue")
    s = suet_position(hands={0: ["Discard a Hand"], 1: ["Minions", ferret]})
    play(s, "play Discard a Hand on player 2", "pass")
    texts = {}
    for reader in (0, 1, SPECTATOR):
        e = s.last_events(reader, NAMES[:2])[-1]
        assert (e.kind, e.player, e.other) == ("resolve", 0, 1)
        assert e.data == {"card": "Discard a Hand", "cards": ["Ferret Crew Sniffer", "Minions"],
                          "d": 4, "n": 2}  # fmt: skip
        texts[reader] = e.text
    assert texts == {
        0: "You discard Bo's hand (2 cards), which is refilled with 4 new cards",
        1: "Ann discards your hand (2 cards), which is refilled with 4 new cards",
        SPECTATOR: "Ann discards Bo's hand (2 cards), which is refilled with 4 new cards",
    }


def test_a_reader_out_of_range_is_named() -> None:
    s = henchmen.new_game("parry", seed=1)
    for bad in (2, 5, -3):
        with pytest.raises(
            henchmen.errors.PlayerError, match=rf"^reader must be from 0 to 1, got {bad}$"
        ):
            s.events_for(bad)
    with pytest.raises(henchmen.errors.ActionTypeError, match="reader must be an int from 0 to 1"):
        s.events_for(True)


def test_card_facts_are_read_only_when_asked() -> None:
    # Seven Secret Supervillains, seed 1, six first moves: the Minion row is revealed from
    # the Minion deck, a "move" fact per card (what the information-set checks read).
    from henchmen.events import read

    s = henchmen.new_game("seven-secret-supervillains", seed=1)
    for _ in range(6):
        s.apply(s.legal_action_ids[0])
    plain = read(s, 0, 0, s.move_number)
    detailed = read(s, 0, 0, s.move_number, None, True)
    assert all(e.facts == () for e in plain)
    reveals = [e for e in detailed if e.kind == "reveal"]
    assert reveals and all(e.facts and e.facts[0]["fact"] == "move" for e in reveals)
    assert all("card" in e.facts[0] for e in reveals)
    assert [e.text for e in plain] == [e.text for e in detailed]
