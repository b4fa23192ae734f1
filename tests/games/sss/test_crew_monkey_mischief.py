"""Monkey Mischief (Professor Tater), Gamble, with every clarification of the card reference."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import IllegalActionError

from . import builder
from . import crew_kit as kit
from .builder import MONKEY_CREWS, me, moves, outcomes, play, pos, position

_monkey_mischief = kit.crews_for_module(*MONKEY_CREWS)


def _gambling(card: str, **spec: object) -> henchmen.State:
    """Monkey Mischief 3 played, then `card` of the hand put face down: the guess is next."""
    hands = spec.pop("hands", {0: ["Monkey Mischief 3", card]})
    s = position(hands=hands, **spec)  # type: ignore[arg-type]
    play(s, "play Monkey Mischief 3", f"gamble {card}")
    return s


def test_gamble_puts_a_card_face_down_for_the_opponent_to_guess() -> None:
    """Gamble: put 1 card face down, an opponent guesses odd or even. The guess is the
    opponent's decision, off their turn."""
    s = _gambling("Tiny Bot")
    assert s.current_player == 1 and s.turn_player == 0
    assert moves(s) == ["guess odd", "guess even"]
    assert "Tiny Bot" not in me(s, 0)["hand"] and pos(s)["gamble"] == "Tiny Bot"
    end_turn = position().string_to_action("end turn").id
    before = s.serialize()
    with pytest.raises(IllegalActionError, match="guess odd"):
        s.apply(end_turn)  # nothing else is legal meanwhile, and the state is unchanged
    assert s.serialize() == before


def test_draw_if_they_guessed_wrong() -> None:
    """Draw if they guessed wrong: Tiny Bot's power is 1, odd; a guess of even is wrong and
    the Gamble's player draws a card. The card is shown and goes back to their hand."""
    s = _gambling("Tiny Bot", decks={0: ["Fire Starters 4", "Royal Rule 2"]})
    play(s, "guess even")
    reveal = next(e for e in s.last_events("spectator") if e.kind == "gamble-reveal")
    assert reveal.data["card"] == "Tiny Bot" and reveal.data["right"] is False
    assert s.is_chance and set(outcomes(s)) == {"draw Fire Starters 4", "draw Royal Rule 2"}
    play(s, "draw Royal Rule 2")
    assert sorted(me(s, 0)["hand"]) == ["Royal Rule 2", "Tiny Bot"]
    assert s.current_player == 0 and "Tiny Bot" in s.observation(1)["players"][0]["hand_known"]


def test_no_draw_if_they_guessed_right() -> None:
    s = _gambling("Tiny Bot")
    play(s, "guess odd")
    assert not s.is_chance and me(s, 0)["hand"] == ["Tiny Bot"] and s.current_player == 0


def test_the_card_must_come_from_your_hand() -> None:
    """The card you place face down must be a card from your hand: not a card you have already
    played, nor a card from anywhere else (the discard pile, the row)."""
    s = position(
        hands={0: ["Monkey Mischief 3", "Junky Bot"]},
        discard={0: ["Royal Rule 5"]},
        in_play={0: ["Fire Starters 2"]},
    )
    play(s, "play Monkey Mischief 3")
    assert [m for m in moves(s) if m.startswith("gamble")] == ["gamble Junky Bot"]


def test_zero_is_an_even_number() -> None:
    """Zero is an even number: the Junky Bot (power 0) is even."""
    right = play(_gambling("Junky Bot"), "guess even")
    assert not right.is_chance and me(right, 0)["hand"] == ["Junky Bot"]
    wrong = play(_gambling("Junky Bot"), "guess odd")
    assert wrong.is_chance  # the draw


def test_an_empty_deck_shuffles_the_discard_pile_to_draw() -> None:
    """If your opponent was wrong and there are no cards in your deck, you shuffle your discard
    pile to make a new deck in order to draw a card."""
    s = _gambling("Tiny Bot", decks={0: []}, discard={0: ["Royal Rule 7", "Freezer Burn 1"]})
    play(s, "guess even")
    assert set(outcomes(s)) == {"draw Royal Rule 7", "draw Freezer Burn 1"}
    play(s, "draw Royal Rule 7")
    assert me(s, 0)["discard"] == [] and sorted(me(s, 0)["hand"]) == ["Royal Rule 7", "Tiny Bot"]


def test_the_face_down_card_is_hidden_from_everyone_else() -> None:
    """Designed: only its owner sees the face-down card until it is turned over; the others
    see a card leave the hand (and no longer know which of its cards are still there)."""
    s = _gambling("Tiny Bot", hands={0: ["Monkey Mischief 3", "Tiny Bot", "Royal Rule 4"]})
    mine, theirs = s.observation(0), s.observation(1)
    assert mine["gamble"] == {"player": 0, "guesser": 1, "card": "Tiny Bot", "known": []}
    assert theirs["gamble"] == {"player": 0, "guesser": 1, "card": None, "known": []}
    assert "Tiny Bot" in theirs["players"][0]["unseen"]
    put = next(e for e in s.last_events("spectator") if e.kind == "gamble")
    assert "card" not in put.data and "Tiny Bot" not in put.text
    assert s.layout(1)["prompt"].startswith("Player 1 put a card face down: guess odd or even")


def _known(s: henchmen.State, viewer: int = 1) -> list[str]:
    return sorted(s.observation(viewer)["players"][0]["hand_known"])


@pytest.mark.parametrize(
    ("gambled", "guess", "known_after"),
    [
        # Another card: the Explodey Bot everyone saw is known again, beside the card shown.
        ("Tiny Bot", "guess even", ["Explodey Bot", "Tiny Bot"]),
        ("Tiny Bot", "guess odd", ["Explodey Bot", "Tiny Bot"]),
        # The known card itself: shown, it is the one they knew, not a second one.
        ("Explodey Bot", "guess odd", ["Explodey Bot"]),
    ],
)
def test_what_the_others_knew_of_the_hand_is_known_again_once_the_card_is_shown(
    gambled: str, guess: str, known_after: list[str]
) -> None:
    """Designed: the card shown is the one that went face down, so the hand is whole again:
    every card the others knew there is known again, and the card shown besides unless it is
    one of those (multiset: a known Explodey Bot gambled and shown is still one)."""
    s = position(
        hands={0: ["Explodey Bot", "Tiny Bot", "Royal Rule 4"]},
        decks={0: ["Fire Starters 4"]},
        abilities={0: {"Gamble": 1}},
    )
    assert _known(s) == ["Explodey Bot"]
    play(s, f"gamble {gambled}")
    theirs = s.observation(1)
    assert theirs["players"][0]["hand_known"] == []  # any card may be the face-down one
    assert theirs["gamble"]["known"] == ["Explodey Bot"]  # in the hand or face down
    assert henchmen.deserialize(s.serialize()) == s  # validate() and the JSON agree
    play(s, guess)
    builder.resolve(s)  # a wrong guess draws Fire Starters 4, unseen by player 1
    assert _known(s) == known_after
    assert "gamble_known" not in pos(s)


def test_nothing_leaks_while_the_card_is_face_down() -> None:
    """Whichever card went face down, the known Explodey Bot or another, the others see the
    same observation, tensor and events: what they knew waits, hand and face-down card
    together."""
    hands = {0: ["Explodey Bot", "Tiny Bot", "Royal Rule 4"]}
    states = []
    for card in ("Explodey Bot", "Tiny Bot", "Royal Rule 4"):
        s = position(hands=hands, abilities={0: {"Gamble": 1}})
        play(s, f"gamble {card}")
        states.append(s)
    views = [s.observation(1) for s in states]
    assert all(v == views[0] for v in views)
    for reader in (1, "spectator"):
        events = [[(e.kind, e.text, e.data) for e in s.last_events(reader)] for s in states]
        assert all(e == events[0] for e in events), reader
    tensors = [s.observation_tensor(1).tolist() for s in states]
    assert all(t == tensors[0] for t in tensors)


def test_a_resample_from_the_position_alone_keeps_what_the_others_knew() -> None:
    """From a position with no history, a resample for the guesser redraws the face-down card
    among the hand's cards (it is one of them to the guesser) and keeps every card they knew
    in the hand or face down."""
    s = position(
        hands={0: ["Explodey Bot", "Tiny Bot", "Royal Rule 4"]}, abilities={0: {"Gamble": 1}}
    )
    play(s, "gamble Royal Rule 4")
    down, known = set(), set()
    for seed in range(40):
        other = s.resample(1, seed=seed)
        other.validate()
        assert other.observation(1) == s.observation(1)
        p = pos(other)
        down.add(p["gamble"])
        assert "Explodey Bot" in [*p["players"][0]["hand"], p["gamble"]]
        play(other, "guess odd")
        known.add(tuple(_known(other)))
    assert "Explodey Bot" in down and len(down) > 2
    assert all("Explodey Bot" in k for k in known)


def test_gamble_known_round_trips_and_is_checked() -> None:
    """Position key gamble_known (only while a card lies face down and the others knew
    something of the hand); a position from before it (no key) loads knowing nothing, as
    it did; one that names cards the hand has not got, or with no card face down, is
    refused."""
    s = position(hands={0: ["Explodey Bot", "Tiny Bot"]}, abilities={0: {"Gamble": 1}})
    play(s, "gamble Tiny Bot")
    doc = json.loads(s.serialize())
    assert doc["position"]["gamble_known"] == ["Explodey Bot"]
    assert henchmen.deserialize(json.dumps(doc)) == s
    old = json.loads(s.serialize())
    del old["position"]["gamble_known"]
    old["history"] = []  # the position on its own
    old.pop("origin", None)
    before = henchmen.deserialize(json.dumps(old))
    assert before.observation(1)["gamble"]["known"] == []
    play(before, "guess odd")
    assert _known(before) == ["Tiny Bot"]  # what that engine knew
    bad = json.loads(s.serialize())
    bad["history"] = []
    bad.pop("origin", None)
    bad["position"]["gamble_known"] = ["Explodey Bot", "Royal Rule 4"]
    with pytest.raises(henchmen.errors.SerializationError, match="neither in the hand nor"):
        henchmen.deserialize(json.dumps(bad))
    none_down = json.loads(position(hands={0: ["Explodey Bot"]}).serialize())
    none_down["position"]["gamble_known"] = ["Explodey Bot"]
    with pytest.raises(henchmen.errors.SerializationError, match="no card lies face down"):
        henchmen.deserialize(json.dumps(none_down))


def test_a_resample_for_the_guesser_redraws_the_face_down_card() -> None:
    """The guesser cannot tell which hidden card lies face down: their resamples place
    different ones there, each a valid position."""
    s = henchmen.new_game(builder.GAME, seed=5, crews=list(MONKEY_CREWS))
    while not [a for a in s.legal_actions if str(a).startswith("gamble")] and not s.is_terminal:
        plays = [a for a in s.legal_actions if str(a).startswith("play Monkey Mischief")]
        s.apply(plays[0] if plays else s.legal_actions[-1 if s.current_player else 0])
    gambles = [a for a in s.legal_actions if str(a).startswith("gamble")]
    assert gambles, "the seeded game reaches a Gamble"
    s.apply(gambles[0])
    seen = set()
    for seed in range(30):
        other = s.resample(1, seed=seed)
        other.validate()
        assert other.observation(1) == s.observation(1)
        seen.add(json.loads(other.serialize())["position"]["gamble"])
    assert len(seen) > 1


def test_the_next_player_guesses_at_three() -> None:
    """Designed: "an opponent" is the next player in turn order."""
    with builder.mode(players=3, mode="secretive", crews=list(MONKEY_CREWS)):
        s = _gambling("Tiny Bot", turn_player=1, hands={1: ["Monkey Mischief 3", "Tiny Bot"]})
        assert s.current_player == 2


def test_no_opponent_no_gamble() -> None:
    """Designed: in a solo game there is nobody to guess, so Gamble is not offered."""
    with builder.mode(mode="gambler", crews=list(MONKEY_CREWS)):
        s = position(hands={0: ["Monkey Mischief 3", "Tiny Bot"]})
        play(s, "play Monkey Mischief 3")
        assert not [m for m in moves(s) if m.startswith("gamble")]


def test_loaded_coin_gambles_once_a_turn() -> None:
    """The designed Upgrade, Loaded Coin: activated, a Gamble."""
    s = kit.activated("Loaded Coin", "gamble Tiny Bot", hands={0: ["Tiny Bot"]})
    assert s.current_player == 1


def test_gamble_notation_and_action_info_round_trip() -> None:
    s = _gambling("Tiny Bot")
    for text in ("guess odd", "guess even"):
        a = s.string_to_action(text)
        assert str(a) == text and s.action_info(a)["guess"] == text.split()[1]
    assert henchmen.deserialize(s.serialize()) == s and s.current_player == 1


def test_a_gamble_in_the_pool_round_trips() -> None:
    s = position(hands={0: ["Tiny Bot"]}, abilities={0: {"Gamble": 1}})
    assert me(s, 0)["abilities"] == {"Gamble": 1} and "gamble Tiny Bot" in moves(s)
    assert henchmen.deserialize(s.serialize()) == s
