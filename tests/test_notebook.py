"""Notebook and text tables (issue 38, item 4): drawn from the presentation model, hidden cards
only when asked for by name."""

from __future__ import annotations

import html
import re

import pytest

import henchmen
from henchmen.replay import make_replay
from henchmen.state import DEBUG_HEADER
from henchmen.walks import random_walk

GAMES = ["parry", "seven-secret-supervillains", "legendary", "super", "villainy", "suet"]


def names_in(layout: dict[str, object]) -> set[str]:
    return {
        c["name"]
        for z in layout["zones"]  # type: ignore[attr-defined]
        for c in z["cards"]
        if "name" in c
    }


def played(game: str, steps: int = 40) -> henchmen.State:
    return random_walk(game, 5, steps, players=2)


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_table_shows_what_the_spectator_may_see_and_no_more(game: str) -> None:
    state = played(game)
    card = r'<div class="hm-card[^"]*"[^>]*><b>([^<]*)</b>'
    shown = set(re.findall(card, state._repr_html_()))
    assert shown == {html.escape(n) for n in names_in(state.layout("spectator"))}
    hidden = names_in(state.layout(0)) - names_in(state.layout("spectator"))
    # a card only Player 1 sees is not drawn for the spectator, but is for Player 1
    for name in hidden:
        assert f"<b>{html.escape(name)}</b>" not in state._repr_html_()
        assert f"<b>{html.escape(name)}</b>" in state.html(0)


def test_text_hides_hands_unless_omniscient_is_asked_by_name() -> None:
    state = henchmen.new_game("parry", seed=1)
    assert "Strike" not in state.render() and "Parry [" not in state.render()
    assert "Your hand (4):" in state.render(0)
    everything = state.render(omniscient=True)
    assert "omniscient" in everything.splitlines()[0]
    assert "Player 1's hand (4):" in everything and "Player 2's hand (3):" in everything


def test_str_says_first_that_it_shows_hidden_cards() -> None:
    state = henchmen.new_game("parry", seed=1)
    assert str(state).splitlines()[0] == DEBUG_HEADER
    assert "hidden" in DEBUG_HEADER


def test_a_replay_in_a_notebook_has_a_table_per_decision_and_a_step_control() -> None:
    state = played("super", 30)
    page = make_replay(state)._repr_html_()
    decisions = sum(1 for s in make_replay(state).states() if not s.is_chance)
    assert page.count('class="hm-frame"') == min(decisions, 60)
    assert page.count('style="display:none"') == min(decisions, 60) - 1  # the last one shows
    assert f'max="{min(decisions, 60) - 1}"' in page
