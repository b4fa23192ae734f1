"""Cocoon Conquest (Monarch Cocoon), Pupate, with every clarification of the card reference."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import NotationError

from . import crew_kit as kit
from .builder import PUPATE_CREWS, crews, me, moves, play, pos, position, position_doc, resolve

CREWS = PUPATE_CREWS


_cocoon_conquest = kit.crews_for_module(*CREWS)


def next_turn_of_0(s: henchmen.State) -> henchmen.State:
    """Ends player 0's turn and player 1's, resolving every draw."""
    play(s, "end turn")
    resolve(s)
    play(s, "end turn")
    return resolve(s)


def test_pupate_sets_the_played_card_aside_for_next_turn() -> None:
    """Pupate: you may set this card aside to add to your hand next turn."""
    s = position(hands={0: ["Cocoon Conquest 9", "Tiny Bot"]})
    play(s, "play Cocoon Conquest 9")
    assert me(s, 0)["power"] == 3 and me(s, 0)["abilities"] == {"Pupate": 1}
    assert "pupate Cocoon Conquest 9" in moves(s)
    play(s, "pupate Cocoon Conquest 9")
    p = me(s, 0)
    assert p["in_play"] == [] and p["frozen"] == ["Cocoon Conquest 9"] and p["abilities"] == {}
    assert p["power"] == 3  # the power of this turn's play stays
    play(s, "end turn")
    resolve(s)
    p = me(s, 0)
    assert "Cocoon Conquest 9" in p["hand"] and "Cocoon Conquest 9" not in p["discard"]
    assert p["frozen"] == []


def test_pupate_is_optional() -> None:
    """'You may': without it the card goes to the discard pile at cleanup, its power plain."""
    s = position(hands={0: ["Cocoon Conquest 9"]})
    play(s, "play Cocoon Conquest 9", "end turn")
    assert "Cocoon Conquest 9" in me(s, 0)["discard"] and pos(s).get("pupated") is None


def test_a_pupated_card_has_its_base_power_doubled() -> None:
    """If you do, double its base power: played next turn it gives twice its power."""
    s = position(hands={0: ["Cocoon Conquest 9"]})
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    assert pos(s)["pupated"] == ["Cocoon Conquest 9"]
    next_turn_of_0(s)
    play(s, "play Cocoon Conquest 9")
    assert me(s, 0)["power"] == 6
    assert "+6 power" in s.last_events(0)[0].text


def test_the_base_power_is_the_printed_power() -> None:
    """The base power is the amount of power listed on the card (3 for Cocoon Conquest 7,
    2 for Cocoon Conquest 3): doubling reads the card table, not the power gained."""
    s = position(hands={0: ["Cocoon Conquest 3", "Cocoon Conquest 7"]})
    play(s, "play Cocoon Conquest 3", "play Cocoon Conquest 7")
    play(s, "pupate Cocoon Conquest 3", "pupate Cocoon Conquest 7")
    assert me(s, 0)["frozen"] == ["Cocoon Conquest 3", "Cocoon Conquest 7"]
    next_turn_of_0(s)
    play(s, "play Cocoon Conquest 3")
    assert me(s, 0)["power"] == 2 * 2
    play(s, "play Cocoon Conquest 7")
    assert me(s, 0)["power"] == 2 * 2 + 2 * 3


def test_pupating_again_doubles_only_once() -> None:
    """Pupating multiple turns in a row with the same card is allowed. However, the base
    power will still only be doubled once."""
    s = position(hands={0: ["Cocoon Conquest 9"]})
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    next_turn_of_0(s)
    play(s, "play Cocoon Conquest 9")
    assert "pupate Cocoon Conquest 9" in moves(s)
    play(s, "pupate Cocoon Conquest 9")
    assert "stays doubled" in s.last_events(0)[0].text
    next_turn_of_0(s)
    play(s, "play Cocoon Conquest 9")
    assert me(s, 0)["power"] == 6  # 2 x 3, not 4 x 3


def test_the_doubling_ends_when_the_card_is_discarded() -> None:
    """Designed: the mark stays with the card in hand, in play and set aside; once it
    reaches the discard pile (here: kept in hand and discarded at cleanup) it is plain."""
    s = position(hands={0: ["Cocoon Conquest 9"]})
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    next_turn_of_0(s)
    assert pos(s)["pupated"] == ["Cocoon Conquest 9"]
    play(s, "end turn")  # not played: discarded
    assert "Cocoon Conquest 9" in me(s, 0)["discard"] and "pupated" not in pos(s)


#: Cocoon Conquest beside Monkey Mischief, whose Gamble puts a hand card face down.
PUPATE_GAMBLE_CREWS = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Hoppy Hunters",
    "Cocoon Conquest",
    "Monkey Mischief",
    "Fire Starters",
)


def _pupated_with_a_coin() -> henchmen.State:
    """Cocoon Conquest 9 pupated last turn, back in the hand doubled, a Loaded Coin to Gamble with
    (call inside ``crews(*PUPATE_GAMBLE_CREWS)``)."""
    s = position(
        hands={0: ["Cocoon Conquest 9"]},
        decks={0: ["Tiny Bot"] * 5},
        upgrades={0: ["Loaded Coin"]},
        upgrade_row="Golden Throne",
    )
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    next_turn_of_0(s)
    return s


@pytest.mark.parametrize("guess", ["guess odd", "guess even"])
def test_a_pupated_card_gambled_face_down_stays_doubled(guess: str) -> None:
    """The base power is doubled once, however many turns: a Gamble puts the pupated card
    face down and shows it back into the hand (it never left the hand for good), so it
    keeps its doubled power, face down and back in the hand, whatever the guess."""
    with crews(*PUPATE_GAMBLE_CREWS):
        s = _pupated_with_a_coin()
        play(s, "activate Loaded Coin", "gamble Cocoon Conquest 9")
        assert pos(s)["gamble"] == "Cocoon Conquest 9"
        assert pos(s)["pupated"] == ["Cocoon Conquest 9"]  # face down, still doubled
        assert s.observation(1)["pupated"] == ["Cocoon Conquest 9"]
        henchmen.deserialize(s.serialize())  # validate() accepts the mark face down
        play(s, guess)
        resolve(s)  # a wrong guess draws a card
        assert "Cocoon Conquest 9" in me(s, 0)["hand"]
        assert pos(s)["pupated"] == ["Cocoon Conquest 9"]
        play(s, "play Cocoon Conquest 9")
        assert me(s, 0)["power"] == 6  # 2 x 3


def test_a_pupated_card_kept_in_hand_through_a_gamble_stays_doubled_and_known() -> None:
    """Another card gambled: the pupated card stays in the hand, its mark public; the others
    cannot tell it from the face-down card meanwhile, and know it in the hand again once the
    card is shown (validate() accepts every step)."""
    with crews(*PUPATE_GAMBLE_CREWS):
        s = _pupated_with_a_coin()
        play(s, "activate Loaded Coin", "gamble Tiny Bot")
        assert s.observation(1)["gamble"]["known"] == ["Cocoon Conquest 9"]
        assert henchmen.deserialize(s.serialize()) == s
        play(s, "guess odd")
        assert s.observation(1)["players"][0]["hand_known"] == ["Cocoon Conquest 9", "Tiny Bot"]
        assert henchmen.deserialize(s.serialize()) == s
        play(s, "play Cocoon Conquest 9")
        assert me(s, 0)["power"] == 6


def test_a_pupated_card_is_seen_by_everyone() -> None:
    """The play note (put the card sideways in front of you): the pupated card is public,
    in the events, the observation and the opponent's known cards."""
    s = position(hands={0: ["Cocoon Conquest 9", "Tiny Bot"]})
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    for reader in (1, "spectator"):
        event = s.last_events(reader)[0]
        assert event.kind == "pupate" and "Cocoon Conquest 9" in event.text
    obs = s.observation(1)
    assert obs["pupated"] == ["Cocoon Conquest 9"]
    assert obs["players"][0]["frozen_known"] == ["Cocoon Conquest 9"]
    play(s, "end turn")
    resolve(s)
    assert s.observation(1)["players"][0]["hand_known"] == ["Cocoon Conquest 9"]


def test_consume_gains_the_doubled_power() -> None:
    """Pig Out's clarification: a consumed card whose power Pupate doubled gives that
    modified power (+1)."""
    s = position(hands={0: ["Cocoon Conquest 9"]}, decks={0: ["Pig Out 5"] + ["Tiny Bot"] * 4})
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    next_turn_of_0(s)
    play(s, "play Pig Out 5")
    assert "consume Cocoon Conquest 9" in moves(s)
    play(s, "consume Cocoon Conquest 9")
    assert me(s, 0)["power"] == 2 + 2 * 3 + 1
    assert "pupated" not in pos(s)


def test_pupate_without_a_token_or_a_card_in_play_is_refused() -> None:
    s = position(hands={0: ["Cocoon Conquest 9", "Royal Rule 7"]})
    kit.refused(s, "pupate Cocoon Conquest 9")  # not played yet
    play(s, "play Cocoon Conquest 9", "play Royal Rule 7")
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("pupate Royal Rule 7")  # a card without Pupate
    play(s, "pupate Cocoon Conquest 9")
    assert not any(m.startswith("pupate") for m in moves(s))


def test_the_silk_chrysalis_upgrade_pupates_a_second_card() -> None:
    """Designed: the Upgrade gives a Pupate, for a Cocoon Conquest Minion in play."""
    s = kit.activated(
        "Silk Chrysalis",
        hands={0: ["Cocoon Conquest 1", "Cocoon Conquest 2"]},
        upgrade_row="Golden Throne",
    )
    assert not any(m.startswith("pupate") for m in moves(s))  # nothing in play to pupate
    play(s, "play Cocoon Conquest 1", "play Cocoon Conquest 2")
    play(s, "pupate Cocoon Conquest 1", "pupate Cocoon Conquest 2")
    assert me(s, 0)["frozen"] == ["Cocoon Conquest 1", "Cocoon Conquest 2"]


def test_pupate_action_info_layout_and_json_round_trip() -> None:
    s = position(hands={0: ["Cocoon Conquest 9"]})
    play(s, "play Cocoon Conquest 9")
    kit.offered(s, "pupate Cocoon Conquest 9", "Cocoon Conquest 9", "in-play-0")
    play(s, "pupate Cocoon Conquest 9")
    again = kit.round_trip(s)
    assert pos(again)["pupated"] == ["Cocoon Conquest 9"]
    frozen = next(z for z in s.layout(1)["zones"] if z["id"] == "frozen-0")
    assert frozen["cards"][0]["pupated"] is True and frozen["cards"][0]["power"] == 6


def test_a_pupate_mark_on_a_card_out_of_view_is_refused() -> None:
    """validate(): a doubled card lies in play, set aside or in a hand where all saw it."""
    doc = position_doc(discard={0: ["Cocoon Conquest 9"]})
    doc["position"]["pupated"] = ["Cocoon Conquest 9"]
    with pytest.raises(henchmen.errors.SerializationError, match="marked pupated"):
        henchmen.deserialize(json.dumps(doc))
