"""Pandamonium (Mad Mia), Experiment, with every clarification of the card reference."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import henchmen
from henchmen.errors import NotationError, SerializationError

from .builder import crews, me, moves, play, pos, position, position_doc, power, resolve

CREWS = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Pandamonium",
    "Hoppy Hunters",
    "Fire Starters",
    "Tourist Trap",
)
GAME = "seven-secret-supervillains"
AWAY = ["Explodey Bot"] * 10  # the other Bots, out of Experiment's reach in a discard pile


@pytest.fixture(autouse=True)
def _pandamonium() -> Iterator[None]:
    with crews(*CREWS):
        yield


def _end_turn(s: henchmen.State) -> henchmen.State:
    play(s, "end turn")
    return resolve(s)


def test_experiment_adds_an_explodey_bot_to_your_hand_next_turn() -> None:
    """Experiment: add an Explodey Bot to your hand next turn (set aside now, in the hand when
    this turn ends, where it then stays from turn to turn like any Explodey Bot)."""
    s = position(hands={0: ["Pandamonium 3", "Tiny Bot"]})
    play(s, "play Pandamonium 3")
    assert me(s, 0)["abilities"] == {"Experiment": 1} and "experiment" in moves(s)
    play(s, "experiment")
    p = me(s, 0)
    assert p["frozen"] == ["Explodey Bot"] and p["abilities"] == {}
    assert "Explodey Bot" not in p["hand"] and "play Explodey Bot" not in moves(s)
    assert pos(s)["explodey_bots"] == 9
    _end_turn(s)
    p = me(s, 0)
    assert p["hand"].count("Explodey Bot") == 1 and p["frozen"] == []
    assert len(p["hand"]) == 5 + 1  # the cleanup's 5 draws, then the Bot
    _end_turn(_end_turn(s))  # player 1's turn, then player 0's cleanup keeps it
    assert me(s, 0)["hand"].count("Explodey Bot") == 1
    s.validate()


def test_the_expansion_adds_10_explodey_bots_in_a_pile() -> None:
    """The expansion comes with an additional 10 Explodey Bots: designed, a face-up pile that
    exists only in games where a card gives Experiment."""
    g = henchmen.new_game(GAME, seed=3, crews=list(CREWS))
    assert pos(g)["explodey_bots"] == 10 and g.observation(1)["explodey_bots"] == 10
    g.validate()
    plain = henchmen.new_game(GAME, seed=3)
    assert "explodey_bots" not in pos(plain) and plain.observation(0)["explodey_bots"] == 0
    with crews(*henchmen.Game(GAME).options["crews"]):
        doc = position_doc()
        doc["position"]["explodey_bots"] = 3
        with pytest.raises(SerializationError, match="no Explodey"):
            henchmen.deserialize(json.dumps(doc))


def test_the_pile_counts_every_bot() -> None:
    """Every card conserved: the game holds the dealt Explodey Bots plus the pile's 10, one
    more in the pile than the position says is a broken position."""
    doc = position_doc(explodey_bots=4)
    doc["position"]["explodey_bots"] = 5
    with pytest.raises(SerializationError, match="Explodey Bot"):
        henchmen.deserialize(json.dumps(doc))
    missing = position_doc()
    del missing["position"]["explodey_bots"]
    with pytest.raises(SerializationError, match="explodey_bots"):
        henchmen.deserialize(json.dumps(missing))


def test_an_expelled_explodey_bot_is_used_once_the_pile_is_empty() -> None:
    """With the Experiment ability any expelled Explodey Bot can be used in addition to the
    Explodey Bot pile (designed: the pile first, then the expelled ones)."""
    s = position(hands={0: ["Pandamonium 3", "Pandamonium 4"]}, explodey_bots=1)
    expelled = pos(s)["expelled"].count("Explodey Bot")
    assert expelled == 10
    play(s, "play Pandamonium 3", "play Pandamonium 4", "experiment")
    assert pos(s)["explodey_bots"] == 0 and pos(s)["expelled"].count("Explodey Bot") == expelled
    play(s, "experiment")
    assert pos(s)["expelled"].count("Explodey Bot") == expelled - 1
    assert me(s, 0)["frozen"] == ["Explodey Bot", "Explodey Bot"]
    assert s.last_events("spectator")[0].data["from"] == "expelled"


def test_a_played_explodey_bot_can_come_back_through_experiment() -> None:
    """A played Explodey Bot is expelled (the card reference), and so available again."""
    s = position(hands={0: ["Pandamonium 3", "Explodey Bot"]}, discard={1: AWAY}, explodey_bots=0)
    play(s, "play Pandamonium 3")
    assert pos(s)["expelled"].count("Explodey Bot") == 0 and "experiment" not in moves(s)
    play(s, "play Explodey Bot")
    assert me(s, 0)["power"] == power("Pandamonium 3") + power("Explodey Bot")
    play(s, "experiment")
    assert me(s, 0)["frozen"] == ["Explodey Bot"] and "Explodey Bot" not in pos(s)["expelled"]


def test_experiment_fails_with_no_explodey_bot_available() -> None:
    """Though rare, this ability can fail to work if there are no Explodey Bots available:
    designed, it is then not offered (the token stays in the pool, unused)."""
    s = position(hands={0: ["Pandamonium 3", "Explodey Bot"]}, discard={1: AWAY}, explodey_bots=0)
    assert "Explodey Bot" not in pos(s)["expelled"]
    play(s, "play Pandamonium 3")
    assert "experiment" not in moves(s) and me(s, 0)["abilities"] == {"Experiment": 1}
    before = s.serialize()
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("experiment")
    assert s.serialize() == before


def test_an_experiment_bot_is_seen_by_everyone() -> None:
    """The play note (put the Explodey Bot sideways in front of you): it comes from a face-up
    pile, so every player sees it set aside and then in the hand."""
    s = position(hands={0: ["Pandamonium 3"]})
    play(s, "play Pandamonium 3", "experiment")
    for reader in (0, 1, "spectator"):
        event = s.last_events(reader)[0]
        assert event.kind == "experiment" and event.data["from"] == "pile"
    assert s.observation(1)["players"][0]["frozen_known"] == ["Explodey Bot"]
    assert s.observation(1)["explodey_bots"] == 9
    _end_turn(s)
    assert s.observation(1)["players"][0]["hand_known"] == ["Explodey Bot"]


def test_experiment_needs_room_to_set_aside() -> None:
    """Designed: the set-aside pile holds 8 cards; a full one takes no more."""
    s = position(hands={0: ["Pandamonium 3"]}, frozen={0: ["Tiny Bot"] * 8})
    play(s, "play Pandamonium 3")
    assert "experiment" not in moves(s)


def test_the_mad_lab_beaker_upgrade_gives_experiment() -> None:
    s = position(upgrades={0: ["Mad Lab Beaker"]}, upgrade_row="Golden Throne")
    play(s, "activate Mad Lab Beaker")
    assert me(s, 0)["abilities"] == {"Experiment": 1}
    play(s, "experiment")
    assert me(s, 0)["frozen"] == ["Explodey Bot"]


def test_an_experiment_round_trips() -> None:
    s = position(hands={0: ["Pandamonium 3"]})
    play(s, "play Pandamonium 3")
    a = next(a for a in s.legal_actions if str(a) == "experiment")
    assert s.action_info(a) == {
        "card": "Explodey Bot",
        "zone": "explodey-bots",
        "text": "experiment",
    }
    play(s, "experiment")
    s.validate()
    again = henchmen.deserialize(s.serialize())
    assert again == s and pos(again)["explodey_bots"] == 9 and moves(again) == moves(s)
