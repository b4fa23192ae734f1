"""Pandamonium (Mad Mia), Experiment, with every clarification of the card reference."""

from __future__ import annotations

import json
import random

import pytest

import henchmen
from henchmen.errors import SerializationError

from . import builder
from . import crew_kit as kit
from .builder import crews, me, moves, play, pos, position, position_doc, power

CREWS = kit.beside_base("Pandamonium")
GAME = "seven-secret-supervillains"
AWAY = ["Explodey Bot"] * 10  # the other Bots, out of Experiment's reach in a discard pile


_pandamonium = kit.crews_for_module(*CREWS)


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
    kit.end_turn(s)
    p = me(s, 0)
    assert p["hand"].count("Explodey Bot") == 1 and p["frozen"] == []
    assert len(p["hand"]) == 5 + 1  # the cleanup's 5 draws, then the Bot
    kit.end_turn(kit.end_turn(s))  # player 1's turn, then player 0's cleanup keeps it
    assert me(s, 0)["hand"].count("Explodey Bot") == 1
    s.validate()


def test_the_expansion_adds_10_explodey_bots_in_a_pile() -> None:
    """The expansion comes with an additional 10 Explodey Bots: designed, a face-up pile that
    exists only in games where a card gives Experiment (in the duel, whose one Bot is dealt,
    all ten; in every mode, the 11 less those dealt: below)."""
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


def _explodey_bots_in_all(position: object) -> int:
    """Every Explodey Bot of a position: in its piles and zones (the public copies of a
    hand or a frozen pile, and what the others knew of a Gambler's hand, name cards counted
    elsewhere), and the Explodey pile's count."""
    if isinstance(position, dict):
        return sum(
            _explodey_bots_in_all(v)
            for k, v in position.items()
            if not k.endswith("_public") and k not in ("gamble_known", "explodey_bots")
        ) + int(position.get("explodey_bots", 0))
    if isinstance(position, list):
        return sum(_explodey_bots_in_all(v) for v in position)
    return int(position == "Explodey Bot")


@pytest.mark.parametrize(
    ("options", "dealt"),
    [
        ({}, 1),  # the duel: the second player's
        ({"mode": "brawl", "players": 3}, 2),  # players 2 and 3
        ({"mode": "brawl", "players": 4}, 3),  # player 3's one, player 4's two
        ({"mode": "classic"}, 3),
        ({"mode": "secretive", "players": 3}, 2),
        ({"mode": "secretive", "players": 4}, 3),
        ({"mode": "gambler"}, 0),
        ({"mode": "climb"}, 0),
    ],
    ids=[
        "duel",
        "brawl-3p",
        "brawl-4p",
        "classic",
        "secretive-3p",
        "secretive-4p",
        "gambler",
        "climb",
    ],
)
def test_the_game_holds_11_explodey_bots_in_every_mode(
    options: dict[str, object], dealt: int
) -> None:
    """Components: 1 Explodey Bot, and the expansion comes with an additional 10: eleven in a
    game with Pandamonium. The Bots a mode deals beyond the duel's one are the expansion's
    (the rules page, the Brawl), so the pile holds the rest: 11 less those dealt, in every
    mode, and play keeps every one of them."""
    brawl = options.get("mode") == "brawl"
    names = [*CREWS, "Llamaristas", "Pig Out"] if brawl else list(CREWS)
    s = henchmen.new_game(GAME, seed=3, crews=names, **options)  # type: ignore[arg-type]
    start = pos(s)
    assert sum(p["hand"].count("Explodey Bot") for p in start["players"]) == dealt
    assert start["explodey_bots"] == 11 - dealt
    assert s.observation(0)["explodey_bots"] == 11 - dealt
    assert _explodey_bots_in_all(start) == 11
    rng = random.Random(5)
    for _ in range(600):  # random play that prefers Experiment, then every Bot still counted
        if s.is_terminal:
            break
        legal = list(s.legal_actions)
        keen = [a for a in legal if str(a) == "experiment" or "Pandamonium" in str(a)]
        s.apply(rng.choice(keen or legal))
    s.validate()
    assert _explodey_bots_in_all(pos(s)) == 11


def test_a_position_with_the_old_pile_of_10_says_why_it_does_not_load() -> None:
    """Positions written when the pile held 10 at every player count: in a mode that deals
    three Bots, a pile of 10 is refused with a message naming the 11 and the Bots dealt."""
    with builder.mode(mode="brawl", players=4, crews=[*CREWS, "Llamaristas", "Pig Out"]):
        doc = position_doc()
    assert doc["position"]["explodey_bots"] == 8
    doc["position"]["explodey_bots"] = 10
    with pytest.raises(SerializationError, match=r"at most 8 \(11 Explodey Bots in all, 3 dealt"):
        henchmen.deserialize(json.dumps(doc))


def test_the_pile_counts_every_bot() -> None:
    """Every card conserved: the game holds 11 Explodey Bots (the pile and the rest), one
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
    kit.refused(s, "experiment")


def test_an_experiment_bot_is_seen_by_everyone() -> None:
    """The play note (put the Explodey Bot sideways in front of you): it comes from a face-up
    pile, so every player sees it set aside and then in the hand."""
    s = position(hands={0: ["Pandamonium 3"]})
    play(s, "play Pandamonium 3", "experiment")
    for event in kit.first_events(s):
        assert event.kind == "experiment" and event.data["from"] == "pile"
    assert s.observation(1)["players"][0]["frozen_known"] == ["Explodey Bot"]
    assert s.observation(1)["explodey_bots"] == 9
    kit.end_turn(s)
    assert s.observation(1)["players"][0]["hand_known"] == ["Explodey Bot"]


def test_experiment_needs_room_to_set_aside() -> None:
    """Designed: the set-aside pile holds 8 cards; a full one takes no more."""
    s = position(hands={0: ["Pandamonium 3"]}, frozen={0: ["Tiny Bot"] * 8})
    play(s, "play Pandamonium 3")
    assert "experiment" not in moves(s)


def test_the_mad_lab_beaker_upgrade_gives_experiment() -> None:
    s = kit.activated("Mad Lab Beaker", upgrade_row="Golden Throne")
    assert me(s, 0)["abilities"] == {"Experiment": 1}
    play(s, "experiment")
    assert me(s, 0)["frozen"] == ["Explodey Bot"]


def test_an_experiment_round_trips() -> None:
    s = position(hands={0: ["Pandamonium 3"]})
    play(s, "play Pandamonium 3")
    kit.offered(s, "experiment", "Explodey Bot", "explodey-bots")
    play(s, "experiment")
    s.validate()
    again = kit.round_trip(s)
    assert pos(again)["explodey_bots"] == 9 and moves(again) == moves(s)
