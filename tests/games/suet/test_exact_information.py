"""Resample is exact where resampling from the position alone is not: a card
taken from the face-up discard pile is known to be in its taker's hand, and
so are the cards a player gave away in Trade Hands. Resampling from the
position alone pools the other hands and the deck and deals such a card
elsewhere; the knowledge tracker never does (the oracle in
tests/conformance/test_infosets.py proves its frequencies)."""

from __future__ import annotations

import json
import random

from tests.hardening.support import loaded_alone

import henchmen

from ..exact_information import position_alone
from .builder import moves, play, position


def test_a_card_given_in_a_trade_stays_known_where_a_position_alone_forgets_it() -> None:
    game = henchmen.Game("suet", players=2)
    state = None
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal:
            names = [state.action_to_string(a) for a in state.legal_action_ids]
            if (
                state.current_player == 0
                and "play Trade Hands on player 2" in names
                and state.observation(0)["players"][1]["hand_size"] > 0
            ):
                break
            state.apply(rng.choice(state.legal_action_ids))
        if not state.is_terminal:
            break
    assert state is not None and not state.is_terminal and state.current_player == 0
    given = dict(state.observation(0)["hand"])
    given["Trade Hands"] -= 1
    given = {k: v for k, v in given.items() if v}
    play(state, "play Trade Hands on player 2")
    while state.current_player == 1:
        play(state, "pass")
    assert state.observation(0)["players"][1]["hand_size"] == sum(given.values())
    alone = position_alone(state)
    leaked = False
    for seed in range(100):
        world = json.loads(state.resample(0, seed).serialize())["position"]
        assert world["players"][1]["hand"] == given
        other = json.loads(alone.resample(0, seed).serialize())["position"]
        leaked = leaked or other["players"][1]["hand"] != given
    assert leaked, "the position alone should not know what was given away"


def test_position_builder_states_resample_from_the_position() -> None:
    s = position(hands={0: ["Trade Hands"], 1: ["Minions", "Busted!"]})
    hands = {
        json.dumps(
            json.loads(s.resample(0, i).serialize())["position"]["players"][1]["hand"],
            sort_keys=True,
        )
        for i in range(30)
    }
    assert len(hands) > 1


def _reach(wanted: str, seeds: range) -> henchmen.State:
    """A live 2-player game where player 0 may make the move `wanted`."""
    game = henchmen.Game("suet", players=2)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal:
            names = [state.action_to_string(a) for a in state.legal_action_ids]
            if state.current_player == 0 and wanted in names:
                if (
                    wanted != "play Trade Hands on player 2"
                    or state.observation(0)["players"][1]["hand_size"] > 0
                ):
                    state.set_auto_chance(False)
                    return state
            state.apply(rng.choice(state.legal_action_ids))
    raise AssertionError(f"no game of {seeds} reached {wanted!r}")


def _trade(state: henchmen.State) -> dict[str, int]:
    """Plays Trade Hands for player 0; what they gave away."""
    given = dict(state.observation(0)["hand"])
    given["Trade Hands"] -= 1
    play(state, "play Trade Hands on player 2")
    while state.current_player == 1:
        play(state, "pass")
    return {k: v for k, v in given.items() if v}


def test_a_trade_made_after_loading_a_position_alone_is_remembered() -> None:
    """Issue 36 item 3 (a): loaded with "history": [], then a trade: the trader
    knows what they gave in every world (before: a random hand in 19 of 20)."""
    loaded = loaded_alone(_reach("play Trade Hands on player 2", range(200)))
    given = _trade(loaded)
    for seed in range(20):
        world = json.loads(loaded.resample(0, seed).serialize())["position"]
        assert world["players"][1]["hand"] == given, seed


def test_a_trade_saved_and_loaded_without_its_history_is_remembered() -> None:
    """Issue 36 item 3 (b): the position after the trade, saved and loaded
    without its history, resamples as the live game does."""
    live = _reach("play Trade Hands on player 2", range(200))
    given = _trade(live)
    loaded = loaded_alone(live)
    for seed in range(20):
        world = json.loads(loaded.resample(0, seed).serialize())["position"]
        assert world["players"][1]["hand"] == given, seed
        assert loaded.resample(0, seed) == live.resample(0, seed)


def test_a_card_taken_face_up_from_the_discard_pile_is_remembered_after_loading() -> None:
    """Issue 36 item 3: a card taken from the discard pile in view of everyone
    stays in its taker's hand in every world the other player draws, whether
    the take came before the save (b) or after the load (a); before, both
    forgot it in 20 of 20."""
    live = _reach("play Take One From the Discard Pile", range(400))
    before = loaded_alone(live)
    for state in (live, before):
        play(state, "play Take One From the Discard Pile")
        while state.current_player == 1:
            play(state, "pass")
    choices = moves(live)
    assert choices == moves(before) and all(m.startswith("choose ") for m in choices)
    taken = choices[0].removeprefix("choose ")
    for state in (live, before):
        play(state, f"choose {taken}")
    after = loaded_alone(live)
    for state in (live, before, after):
        for seed in range(20):
            world = json.loads(state.resample(1, seed).serialize())["position"]
            assert world["players"][0]["hand"].get(taken, 0) >= 1, seed
