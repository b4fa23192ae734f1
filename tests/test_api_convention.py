"""One convention for a position's queries, and game names in OpenSpiel's form.

docs/guide.md ("One convention") states the rule: what a position *is* (who
acts, what is legal, what happened) is a property, in its object form and its
id form alike; a method takes an argument or builds an array.  The id forms
were methods; calling them still works for one release, with a warning.
"""

from __future__ import annotations

import contextlib
import io
import pickle

import pytest

import henchmen
from henchmen.cli import main
from henchmen.errors import OptionError
from henchmen.game_names import option_texts, parse


def test_ids_are_properties_like_the_objects() -> None:
    state = henchmen.new_game("parry", seed=1)
    ids = state.legal_action_ids
    assert ids[:5] == [a.id for a in state.legal_actions][:5]  # the example
    assert ids == state.legal_actions.ids
    state.apply(ids[0])
    assert state.history_ids == [a.id for a in state.history]
    assert state.history_ids[-1] == ids[0]


@pytest.mark.parametrize("name", ["legal_action_ids", "history_ids"])
def test_the_old_method_spelling_warns_and_still_answers(name: str) -> None:
    state = henchmen.new_game("parry", seed=1)
    state.apply(state.legal_action_ids[0])
    with pytest.warns(DeprecationWarning, match=rf"state\.{name}\(\) is deprecated.*0\.2"):
        called = getattr(state, name)()
    assert called == getattr(state, name) and type(called) is list


def test_the_id_lists_are_fresh() -> None:
    state = henchmen.new_game("parry", seed=1)
    ids = state.legal_action_ids
    ids.clear()
    assert state.legal_action_ids != []


def test_a_name_with_options_is_the_same_game_as_keywords() -> None:
    assert henchmen.Game("legendary(players=3)") == henchmen.Game("legendary", players=3)
    a = henchmen.new_game("parry(players=3,health=5)", seed=4)
    b = henchmen.new_game("parry", players=3, health=5, seed=4)
    assert a == b and a.game.num_players == 3
    # Keywords beside the name join it; the same value twice is no conflict.
    assert henchmen.Game("parry(players=3)", health=5, players=3).options["health"] == 5


@pytest.mark.parametrize(
    "text",
    [
        "parry",
        "parry(players=3,health=5)",
        "suet(long_game=true)",
        "seven-secret-supervillains(mode=climb,goal=upgrades,goal_target=3)",
        "legendary(players=3,villains=Brotherhood+HYDRA+Skrulls,final_showdown=true)",
        'super(card_data="")',
    ],
)
def test_the_name_round_trips(text: str) -> None:
    game = henchmen.Game(text)
    assert henchmen.Game(str(game)) == game
    assert henchmen.Game(game.name_with_options) == game
    assert pickle.loads(pickle.dumps(game)) == game


def test_the_written_name_holds_only_what_differs_from_the_defaults() -> None:
    game = henchmen.Game("parry", health=5, players=2)
    assert str(game) == game.name_with_options == "parry(health=5)"
    assert str(henchmen.Game("legendary(players=3,villains=Brotherhood+HYDRA+Skrulls)")) == (
        "legendary(players=3,villains=Brotherhood+HYDRA+Skrulls)"
    )


def test_quoted_values_keep_the_separators() -> None:
    assert parse('super(card_data="a,b(c)=d+e.json")') == (
        "super",
        {"card_data": "a,b(c)=d+e.json"},
    )
    with pytest.raises(OptionError, match="no closing"):
        parse('super(card_data="a.json)')
    with pytest.raises(OptionError, match="may only open and close"):
        parse('super(card_data=a"b")')


def test_the_command_line_reads_the_same_names() -> None:
    assert option_texts("legendary(players=3,villains=Brotherhood+HYDRA)", []) == (
        "legendary",
        ["players=3", "villains=Brotherhood,HYDRA"],
    )
    with pytest.raises(OptionError, match="in the game's name and in --option"):
        option_texts("parry(players=3)", ["players=3"])


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_game_takes_a_name_with_options() -> None:
    status, out, err = run_cli("simulate", "parry(players=3)", "--games", "3", "--seed", "1")
    assert status == 0, err
    seats = [line for line in out.splitlines() if line.startswith("random (bot")]
    assert len(seats) == 3, out  # a random bot in each of the 3 seats the name asks for
    # An option both in the name and in --option is refused, naming both.
    status, _, err = run_cli("simulate", "parry(players=3)", "--option", "players=3")
    assert status == 2 and "in the game's name and in --option" in err
    status, _, err = run_cli("simulate", "parry(players=3")
    assert status == 2 and "parentheses" in err
