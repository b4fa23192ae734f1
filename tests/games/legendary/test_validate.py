"""validate() is closed under play: tampered positions it must refuse.

Each case is a position that ``validate()`` used to accept and that play then
corrupted (a card lost, a result nobody earned, a game that never ends). Each
must now fail at load with a SerializationError naming the broken invariant.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from builder import AGENT, amazing_spider_man_played, position

import henchmen
from henchmen.errors import SerializationError

A = AGENT
QUIET = {"hq": ["Hulk: Growing Anger"] * 5, "hero_deck": [], "heroes": ["Hulk"]}
FULL_CITY = {
    "Sewers": "Supreme HYDRA",
    "Bank": "HYDRA Kidnappers",
    "Rooftops": "HYDRA Kidnappers",
    "Streets": "Endless Armies of HYDRA",
}


def tamper(state: henchmen.State, edit: Callable[[dict[str, Any]], None]) -> str:
    """The serialized state with its position edited."""
    doc = json.loads(state.serialize())
    edit(doc["position"])
    return json.dumps(doc)


def refused(text: str, reason: str) -> None:
    with pytest.raises(SerializationError, match=reason):
        henchmen.deserialize(text)


# --- A scheme already lost plays on ------------------------------------------

LOST = "Evil Wins condition holds"


def lost(scheme: str, **kw: Any) -> None:
    """The builder itself loads the position, so it must refuse it."""
    with pytest.raises(SerializationError, match=LOST):
        position(scheme=scheme, **kw)


def test_skrull_invasion_with_six_heroes_escaped_is_refused():
    lost(
        "Secret Invasion of the Skrull Shapeshifters",
        counters={"heroes_escaped": 6},
        escaped=["Hulk: Unstoppable Hulk"] * 5 + ["Hulk: Hulk Smash!"],
        **QUIET,
    )


def test_cosmic_cube_with_eight_twists_is_refused():
    lost("Unleash the Power of the Cosmic Cube", counters={"twists_played": 8, "twists_beside": 8})


def test_dark_portals_with_seven_twists_is_refused():
    lost("Portals to the Dark Dimension", villain_deck=["Viper"], counters={"twists_played": 7})


def test_legacy_virus_with_no_wound_left_is_refused():
    lost("The Legacy Virus", wounds_left=0)


def test_bank_robbery_with_eight_bystanders_carried_away_is_refused():
    lost("Midtown Bank Robbery", counters={"bystanders_carried": 8}, escaped=["Bystander"] * 8)


def test_negative_zone_with_twelve_escapes_is_refused():
    lost(
        "Negative Zone Prison Breakout",
        counters={"villains_escaped": 12},
        escaped=["Hand Ninjas"] * 10 + ["Doombot Legion"] * 2,
    )


def test_killbots_with_five_escaped_is_refused():
    lost(
        "Replace Earth's Leaders with Killbots",
        counters={"killbots_escaped": 5},
        escaped=["Bystander"] * 5,
    )


def test_civil_war_with_an_empty_hero_deck_is_refused():
    lost("Super Hero Civil War", **QUIET)


def test_a_lost_scheme_is_fine_once_the_mastermind_is_defeated():
    """The players win at the end of the turn: that beats Evil Wins."""
    s = position(
        scheme="The Legacy Virus",
        wounds_left=0,
        tactics=[],
        victory={0: [f"Red Skull: {t}" for t in ("Endless Resources", "HYDRA Conspiracy")]},
    )
    s.validate()
    s.apply("end turn")
    assert s.is_terminal and s.observation(0)["result"] == "heroes win"


def test_a_counter_above_what_the_piles_show_is_refused():
    refused(
        tamper(
            position(scheme="Secret Invasion of the Skrull Shapeshifters"),
            _set_counter("heroes_escaped", 3),
        ),
        "heroes_escaped is more than",
    )
    refused(tamper(position(), _set_counter("twists_played", 3)), "twists_played is more than")


def _set_counter(key: str, value: int) -> Callable[[dict[str, Any]], None]:
    def edit(pos: dict[str, Any]) -> None:
        pos["counters"][key] = value

    return edit


# --- Cards that do not come from a deck in turn.look -------------------------


def _look_state() -> henchmen.State:
    s = amazing_spider_man_played()
    assert s.observation(0)["pending"]["kind"] == "put-back"
    return s


@pytest.mark.parametrize("card", ["Viper", "Red Skull: Negablast Grenades"])
def test_a_villain_or_tactic_in_the_look_is_refused(card: str):
    s = _look_state()

    def swap(pos: dict[str, Any]) -> None:
        # Exchange a looked-at Hero with a card of the Villain Deck or a tactic.
        pile = pos["villain_deck"] if card == "Viper" else pos["tactics"]
        pile.remove(card)
        hero = pos["turn"]["look"].pop(0)
        pos["turn"]["look"].append(card)
        pos["hero_deck"].append(hero)

    refused(tamper(s, swap), "not from a deck")


def test_cards_looked_at_with_no_look_pending_are_refused():
    s = position(heroes=["Hulk"], decks={0: [A] * 6})

    def look(pos: dict[str, Any]) -> None:
        pos["players"][0]["deck"].remove(A)
        pos["turn"]["look"] = [A]

    refused(tamper(s, look), "no look is pending")


# --- Finished games with a result nobody earned ------------------------------


def _over(result: int, **end: Any) -> Callable[[dict[str, Any]], None]:
    def edit(pos: dict[str, Any]) -> None:
        pos["end"].update(over=True, result=result, **end)

    return edit


def test_a_win_with_the_mastermind_undefeated_is_refused():
    refused(tamper(position(), _over(1)), "mastermind is not defeated")


def test_a_loss_with_no_evil_wins_condition_is_refused():
    refused(tamper(position(), _over(-1)), "no Evil Wins condition")


def test_a_tie_with_no_deck_run_out_is_refused():
    refused(tamper(position(), _over(0)), "tie, but no deck has run out")
    refused(
        tamper(position(), _over(0, deck_ran_out=True)),
        "neither the Villain Deck nor the Hero Deck",
    )


def test_an_earned_result_is_accepted_and_returned():
    s = position(villain_deck=[], decks={0: [A] * 6}, hands={0: []})
    text = tamper(s, _over(0, deck_ran_out=True))
    t = henchmen.deserialize(text)
    assert t.is_terminal and t.returns[0] == pytest.approx(0.0)


# --- A game past its last turn -----------------------------------------------


def test_a_turn_past_what_the_villain_deck_allows_is_refused():
    s = position()

    def late(pos: dict[str, Any]) -> None:
        pos["turn"]["number"] = 500

    refused(tamper(s, late), "past the last turn")


def test_an_empty_villain_deck_runs_out_at_the_next_turn():
    """A position built with an empty Villain Deck (not yet marked as run out)
    ends at the end of the next turn instead of going on forever."""
    s = position(villain_deck=[], decks={0: [A] * 8, 1: [A] * 8}, hands={0: []}, **QUIET)
    s.apply("end turn")  # player 1's turn finds the Villain Deck empty
    assert not s.is_terminal and s.current_player == 1
    s.apply("end turn")
    assert s.is_terminal and s.observation(0)["result"] == "tie"


# --- Pending steps that never wait ---------------------------------------------


def test_a_queued_city_entry_is_refused():
    s = _look_state()

    def queue(pos: dict[str, Any]) -> None:
        pos["tasks"].insert(
            0, {"op": "enter-city", "p": 0, "card": "Hulk: Growing Anger", "a": -1, "b": 0, "c": 0}
        )

    refused(tamper(s, queue), "runs at once")


def test_a_draw_with_a_known_top_card_waiting_for_chance_is_refused():
    s = position(heroes=["Hulk"], deck_top={0: [A]}, decks={0: [A, "Hulk: Hulk Smash!"]})

    def queue(pos: dict[str, Any]) -> None:
        pos["tasks"].append({"op": "draw", "p": 0, "card": None, "a": 1, "b": 0, "c": 0})

    refused(tamper(s, queue), "would have run at once")


# --- Found by the mutation hunt (test_validate_mutations.py) -------------------


def _task(
    op: str, p: int = 0, card: str | None = None, a: int = 0, b: int = 0, c: int = 0
) -> dict[str, Any]:
    return {"op": op, "p": p, "card": card, "a": a, "b": b, "c": c}


def _queue(*tasks: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def edit(pos: dict[str, Any]) -> None:
        pos["tasks"] = list(tasks)

    return edit


MIXED = {1: [A, "S.H.I.E.L.D. Trooper"]}  # player 1's next draw is a chance step


def test_a_new_turn_pending_with_cards_played_still_out_is_refused():
    """The next turn would start and the played cards would vanish."""
    s = position(
        heroes=["Hulk"], played=["Hulk: Growing Anger"], decks=MIXED, villain_deck=["Viper"]
    )
    refused(
        tamper(s, _queue(_task("after-draw"), _task("draw", p=1, a=1))),
        "cards played this turn are still out",
    )


def test_two_new_turns_pending_are_refused():
    s = position(decks=MIXED, villain_deck=["Viper"])
    text = tamper(s, _queue(_task("after-draw"), _task("after-draw"), _task("draw", p=1, a=1)))
    refused(text, "new turn is pending above other work")


def _mystique(*tasks: dict[str, Any]) -> str:
    s = position(
        villains=["Brotherhood", "HYDRA"],
        mastermind="Magneto",
        escaped=["Mystique"],
        counters={"villains_escaped": 1},
        hq=["Hulk: Growing Anger"] * 4 + [None],
        hero_deck=["Hulk: Hulk Smash!", "Hulk: Crazed Rampage"],
        heroes=["Hulk"],
    )
    return tamper(s, _queue(*tasks, _task("refill-hq", a=4)))


def test_an_escape_that_becomes_a_twist_counts_once():
    escape = _task("effect", card="Mystique", a=0, b=-1, c=2)
    henchmen.deserialize(_mystique(escape)).validate()  # her Escape still to come: fine
    refused(_mystique(escape, escape), "twists_played is more than")


def test_a_turn_about_to_start_before_any_villain_card_is_refused():
    s = position(villain_deck=None, decks={0: [A] * 6})
    refused(
        tamper(
            s, lambda pos: (pos["turn"].update(number=3), _queue(_task("start-turn", p=1))(pos))
        ),
        "past the last turn",
    )
