"""Legendary speaks through events and resamples exactly (issues 11 and 12).

A player's events hold what they perceived: their own draws by name, another
player's as "draws a card"; the story names villains entering and escaping,
twists, strikes, fights and the game's end with its reason. The card facts of
the events let the knowledge tracker follow every card, so ``resample`` draws
from exactly the worlds the observer cannot rule out: the information-set
oracle of ``tests/conformance/test_infosets.py`` checks it after a reshuffle in
the middle of a draw, and rejects the position-only resample there.
"""

from __future__ import annotations

import json
import random

import pytest
from builder import AGENT, TROOPER, me, play, position

import henchmen

from ..exact_information import oracle, oracle_check, position_alone


def texts(state: henchmen.State, reader: int | str) -> list[str]:
    return [e.text for e in state.last_events(reader)]


def outcomes(state: henchmen.State) -> dict[str, float]:
    return {str(a): p for a, p in state.chance_outcomes}


def reshuffled_mid_draw() -> henchmen.State:
    """Seed 1, random moves: player 1's deck runs out in the middle of a draw and their
    discard pile is shuffled in; the first time, with player 2 to move."""
    s = henchmen.new_game("legendary", seed=1, players=2)
    rng = random.Random(1)
    while not s.is_terminal:
        left = len(s.observation(0)["players"][0]["deck_unknown"])
        ids = s.legal_action_ids
        s.apply(ids[rng.randrange(len(ids))])
        shuffled = any(t.startswith("You shuffle") for t in texts(s, 0))
        if shuffled and left > 0 and s.current_player == 1:
            return s
    raise AssertionError("no reshuffle in the middle of a draw")


def test_resample_after_a_reshuffle_mid_draw_is_exact_for_both_players() -> None:
    s = reshuffled_mid_draw()
    game = henchmen.Game("legendary", players=2)
    for observer in (0, 1):
        knowledge = json.loads(s._s.knowledge_json(observer))
        assert knowledge["exact"] and all(z["check"] == "" for z in knowledge["zones"])
        assert oracle_check(game, s, observer, seed=observer) >= 1


def test_the_position_alone_resamples_wider_and_the_oracle_rejects_it() -> None:
    # From the position alone, player 1's hand (cards of the old deck and of the new one) is
    # pooled with the new deck: worlds player 2 can rule out.
    s = reshuffled_mid_draw()
    alone = position_alone(s)
    assert alone == s and json.loads(alone._s.knowledge_json(1)) is None
    belief = oracle.follow(henchmen.Game("legendary", players=2), s.history_ids, 1)
    with pytest.raises(AssertionError, match="gave a world they could rule out"):
        oracle.check(alone, 1, belief, random.Random(0))


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_the_tracker_follows_every_card_in_random_games(players: int) -> None:
    """At every few steps of random games, each player's knowledge is exact and agrees with
    the real position: every zone's size and every card it names there (no fact missed)."""
    for seed in range(2):
        s = henchmen.Game("legendary", players=players).new_initial_state(auto_chance=False)
        rng = random.Random(seed)
        while not s.is_terminal and s.move_number < 1500:
            if s.move_number % 11 == 0:
                for p in range(players):
                    k = json.loads(s._s.knowledge_json(p))
                    assert k["exact"], (seed, s.move_number, k["why"])
                    bad = [(z, zone["check"]) for z, zone in enumerate(k["zones"]) if zone["check"]]
                    assert not bad, (seed, s.move_number, p, bad)
            if s.is_chance:
                s.apply(_pick(s, rng))
            else:
                ids = s.legal_action_ids
                s.apply(ids[rng.randrange(len(ids))])


def _pick(s: henchmen.State, rng: random.Random) -> int:
    x, acc = rng.random(), 0.0
    for o, p in s.chance_outcomes:
        acc += p
        if x < acc:
            return o.id
    return s.chance_outcomes[-1][0].id


def test_a_draw_is_told_by_name_to_the_drawer_only() -> None:
    s = position(hands={0: []}, decks={0: [AGENT, TROOPER, AGENT] * 3}, explicit_chance=True)
    play(s, "end turn")
    want = {f"draw {AGENT}": 2 / 3, f"draw {TROOPER}": 1 / 3}
    assert s.is_chance and outcomes(s) == pytest.approx(want)
    play(s, f"draw {TROOPER}")
    assert texts(s, 0) == [f"You draw {TROOPER}"]
    assert texts(s, 1) == texts(s, "spectator") == ["Player 1 draws a card"]


def test_a_deck_of_one_kind_is_still_drawn_by_chance() -> None:
    # The owner knows every card is an Agent; the others cannot tell the hand from the deck,
    # so whether chance comes must not depend on it: one outcome, still a chance node.
    s = position(hands={0: []}, decks={0: [AGENT] * 8}, explicit_chance=True)
    play(s, "end turn")
    assert s.is_chance and outcomes(s) == {f"draw {AGENT}": 1.0}


def test_drawing_the_whole_deck_is_certain_and_the_reshuffle_waits_for_chance() -> None:
    # Two cards left: both drawn at once (certain from the count). The discard pile, the hand
    # just discarded on it, stays in view: the next draw shuffles it in, as a chance step.
    s = position(
        hands={0: [AGENT]},
        decks={0: [TROOPER, TROOPER]},
        discards={0: [AGENT, AGENT]},
        explicit_chance=True,
    )
    play(s, "end turn")
    assert s.is_chance
    assert sorted(me(s, 0)["hand"]) == [TROOPER, TROOPER]
    assert sorted(me(s, 0)["discard"]) == [AGENT] * 3
    assert not any("shuffle" in t for t in texts(s, 1))
    assert outcomes(s) == {f"draw {AGENT}": 1.0}  # the whole pile is drawn: one outcome
    play(s, f"draw {AGENT}")
    assert texts(s, 1)[0] == "Player 1 shuffles their discard pile (3 cards) into a new deck"
    assert sorted(me(s, 0)["hand"]) == [AGENT] * 3 + [TROOPER] * 2 and me(s, 0)["discard"] == []


def test_a_bot_game_tells_the_story_and_the_end_with_its_reason() -> None:
    s = henchmen.new_game("legendary", seed=3, players=2)
    rng = random.Random(3)
    while not s.is_terminal:
        ids = s.legal_action_ids
        s.apply(ids[rng.randrange(len(ids))])
    kinds = {e.kind for e in s.events_for("spectator")}
    assert {"setup", "turn", "enter", "play", "draw", "game-over"} <= kinds
    assert {"escape", "twist", "strike"} & kinds
    last = s.events_for("spectator")[-1]
    assert last.kind == "game-over"
    assert last.text.startswith(("The heroes win", "Evil wins", "A tie"))
    assert s.layout("spectator")["status"] == last.text
