"""Game metrics, one test each on games whose value is worked out by hand (docs/analysis.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from henchmen.analysis import GameRecord, Tournament
from henchmen.analysis.check import BadRecord, RecordCheck
from henchmen.analysis.groups import groupings
from henchmen.analysis.metrics import (
    branching,
    first_player,
    game_metrics,
    lead_story,
    leads,
    metrics_lines,
    usage,
)
from henchmen.analysis.plan import Batch
from henchmen.analysis.play import play_batch, play_game
from henchmen.analysis.progress import record_progress
from henchmen.analysis.seen import Seen
from henchmen.analysis.summary import summarize, text_report
from henchmen.game import Game, games
from henchmen.replay import load_replay

from .helpers import game_row

GAMES = [g.name for g in games()]


def _game(
    returns: tuple[float, ...],
    progress: Mapping[str, tuple[tuple[int | None, int], ...]] | None = None,
    length: int = 20,
    seats: tuple[int, ...] = (0, 1),
    features: tuple[dict[str, int], ...] | None = None,
    first: int = -1,
    choices: tuple[int, ...] = (),
) -> GameRecord:
    return GameRecord(
        0, 0, 0, seats, returns, length, False, features or ({},) * len(seats), {},
        progress=dict(progress or {}), first=first, choices=choices,
    )  # fmt: skip


# Branching factor ---------------------------------------------------------------------------


def test_branching_factor_over_the_game_by_hand() -> None:
    # Game one: 10 decisions, one a tenth: 1, 2, ..., 10 legal actions.  Game two: 5
    # decisions of 4 each, each filling two tenths (decision i in tenth 10 i // 5).
    one = _game((1.0, -1.0), choices=tuple(range(1, 11)))
    two = _game((1.0, -1.0), choices=(4,) * 5)
    b = branching([one, two, _game((1.0, -1.0))])  # a record without choices is left out
    assert b is not None
    assert (b.games, b.decisions) == (2, 15)
    assert b.mean == pytest.approx((55 + 20) / 15)
    assert b.forced == pytest.approx(1 / 15)  # the single 1 of game one
    assert b.unforced == pytest.approx((55 - 1 + 20) / 14)
    # Tenth k: game one's k + 1, and game two's 4 in tenths 0, 2, 4, 6, 8.
    assert b.profile == pytest.approx([2.5, 2, 3.5, 4, 4.5, 6, 5.5, 8, 6.5, 10])


def test_the_native_runner_records_the_legal_actions_of_every_decision() -> None:
    # Replaying a native game's actions: at each decision (chance left out) the state has
    # exactly as many legal actions as the record says.
    g = Game("parry")
    played = g._core.play_recorded([[{"kind": "random"}, {"kind": "greedy"}]], [7], False, 1)[0]
    state = g.new_initial_state(auto_chance=False)
    counted = []
    for action in played["history"]:
        if not state.is_chance:
            counted.append(len(state.legal_actions))
        state.apply(action)
    assert played["choices"] == counted and len(counted) > 10
    assert any(c > 1 for c in counted)


@pytest.mark.parametrize("game", GAMES)
def test_a_python_table_records_the_legal_actions_of_every_decision(
    game: str, tmp_path: Path
) -> None:
    # Played move by move in Python: replaying the game's replay, every decision had as
    # many legal actions as the record says.
    t = Tournament(game, ("python:random", "random"), games_per_table=2, seed=3)
    r = play_game(t, 0, 1, tmp_path)
    replay = load_replay(tmp_path / "table0-game1.json")
    state = t.make_game().new_initial_state(auto_chance=False)
    counted = []
    for step in replay.steps:
        if not step.is_chance:
            counted.append(len(state.legal_actions))
        state.apply(step.id)
    assert r.choices == tuple(counted) and len(counted) > 10


# Leads and decisiveness ---------------------------------------------------------------------


def test_lead_changes_count_a_new_leader_and_not_a_tie() -> None:
    # Seat 0 scores at 1 (leads), seat 1 at 3 (level), seat 1 at 5 (leads: change 1),
    # seat 0 at 7 and 8 (level, then leads: change 2), seat 1 at 9 (level), seat 0 at 12
    # (leads again, after a tie: no change).
    steps = ((0, 1), (1, 3), (1, 5), (0, 7), (0, 8), (1, 9), (0, 12))
    assert lead_story(steps, 2, winner=0) == (2, 12)
    # Seat 1 wins although seat 0 led last: the winner never led for good.
    assert lead_story(steps, 2, winner=1) == (2, None)
    # Two events in one action count together: 0 and 1 both score at step 4 (still level).
    assert lead_story(((0, 4), (1, 4), (1, 6)), 2, winner=1) == (0, 6)
    # An event of nobody changes no count; three seats, one strict leader needed.
    assert lead_story(((None, 2), (2, 3), (1, 3), (2, 5)), 3, winner=2) == (0, 5)


def test_decisiveness_is_where_the_winner_led_for_good_over_the_length() -> None:
    behind = _game(
        (1.0, -1.0), {"win": ((1, 4), (0, 9))}, length=10
    )  # seat 0 wins level on the score
    early = _game((-1.0, 1.0), {"win": ((1, -1),)}, length=40)  # from the setup: 0
    late = _game((-1.0, 1.0), {"win": ((0, 4), (1, 9), (1, 19))}, length=40)  # (19+1)/40
    drawn = _game((0.0, 0.0), {"win": ((0, 2), (1, 3), (0, 4))}, length=10)  # no winner
    m = leads([behind, early, late, drawn], "win", "Supervillains won")
    # behind: seat 1 leads, then level: none; late: 0 leads, level, 1 leads: one; drawn:
    # 0 leads, level, 0 leads again: none.
    assert m.games == 4 and m.changes == (0, 0, 1, 0)
    assert m.decided == (0.0, 0.5) and m.from_behind == 1


def test_leads_read_from_events_through_the_games_score() -> None:
    # A hand-made Parry event stream: strikes by seat 1, 0, 1, 1 (steps 3, 6, 9, 12).
    events = [Seen(-1, "setup", None, None, []), Seen(2, "draw", 0, None, ["Strike"])]
    events += [Seen(s, "strike", p, None, []) for p, s in ((1, 3), (0, 6), (1, 9), (1, 12))]
    progress = record_progress(events, ["strike"], 2)
    r = _game((-1.0, 1.0), progress, length=15)
    m = game_metrics([r], "parry", ["random", "greedy"], cooperative=False).leads
    assert m is not None and m.label == "Strikes played"
    assert m.changes == (0,) and m.decided == (10 / 15,)  # seat 1 leads for good from 9


def test_a_cooperative_game_has_no_leads_and_no_first_player() -> None:
    r = _game((1.0, 1.0), {"defeat": ((0, 3),)}, first=0, choices=(2,))
    m = game_metrics([r], "legendary", ["random", "greedy"], cooperative=True)
    assert m.leads is None and m.first_player is None and m.branching is not None


# First player -------------------------------------------------------------------------------


def test_first_player_score_by_hand() -> None:
    # Three-player games: the first to decide wins, loses, shares the best with one other.
    seats = (0, 1, 2)
    won = _game((1.0, -0.5, -0.5), seats=seats, first=0)
    lost = _game((1.0, -0.5, -0.5), seats=seats, first=2)
    shared = _game((0.5, 0.5, -1.0), seats=seats, first=1)
    unknown = _game((1.0, -0.5, -0.5), seats=seats)  # an older file: left out
    rate = first_player([won, lost, shared, unknown])
    assert rate is not None and (rate.successes, rate.games) == (1.5, 3)


# Usage -------------------------------------------------------------------------------------


def test_usage_counts_games_bots_and_the_result_of_who_did_it() -> None:
    # Bots 0 and 1 sit (0, 1) in game one and (1, 0) in game two; bot 2 sits in game three.
    one = _game((1.0, -1.0), features=({"buy A": 2}, {"buy A": 1, "buy B": 1}))
    two = _game((1.0, -1.0), seats=(1, 0), features=({"buy A": 1}, {}))
    three = _game((-1.0, 1.0), seats=(2, 0), features=({"buy A": 3}, {}))
    by = {u.feature: u for u in usage([one, two, three], ["r", "g", "x"])}
    a, b = by["buy A"], by["buy B"]
    assert (a.games, a.share, a.per_game) == (3, 1.0, 7 / 3)
    # Bot r: 3 player-games, A in game one only; g: 2, in both; x: 1, in its one.
    assert a.by_bot == (("r", 1, 3), ("g", 2, 2), ("x", 1, 1))
    # Who had A: seat 0 of one (won), seat 1 of one (lost), seat 0 of two (won), seat 0
    # of three (lost): 2 of 4.
    assert (a.result.successes, a.result.games, a.baseline) == (2.0, 4, 0.5)
    assert (b.games, b.result.successes, b.by_bot[1]) == (1, 0.0, ("g", 1, 2))


def test_cooperative_usage_reads_the_team_result() -> None:
    # Two team wins and two losses (team win rate 1/2); A was recruited by seat 0 of both
    # wins and seat 1 of one loss: the team won 2 of the 3 player-games that had it.
    won = _game((1.0, 1.0), features=({"recruit A": 1}, {}))
    lost = _game((-1.0, -1.0), features=({}, {"recruit A": 2}))
    plain = _game((-1.0, -1.0))
    (a,) = usage([won, won, lost, plain], ["r", "g"], cooperative=True)
    assert (a.result.successes, a.result.games, a.baseline) == (2.0, 3, 0.5)
    m = game_metrics([won, lost], "legendary", ["r", "g"], cooperative=True)
    assert "team win rate where it did" in "\n".join(metrics_lines(m))


def test_usage_by_crew_from_the_card_table() -> None:
    crew = groupings(Game("seven-secret-supervillains"))["crew"]
    one = _game((1.0, -1.0), features=({"buy Royal Rule 3": 1, "buy Royal Rule 5": 1},
                                      {"draw Royal Rule 3": 1}))  # fmt: skip
    m = game_metrics([one], "seven-secret-supervillains", ["r", "g"], False, {"crew": crew})
    assert [(name, [(u.feature, u.per_game) for u in rows]) for name, rows in m.groups] == [
        ("crew", [("crew Royal Rule", 2.0)])
    ]
    text = "\n".join(metrics_lines(m))
    assert "usage by crew" in text and "crew Royal Rule" in text and "buy Royal Rule 3" in text


# Records and the report ---------------------------------------------------------------------


def test_a_record_without_choices_loads_and_bad_choices_are_refused() -> None:
    t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    check = RecordCheck(t)
    row = game_row(t, 0, 1, (1.0, -1.0))
    del row["choices"]
    assert check(row).choices == ()
    for bad in ([0], [2, "3"], [1] * 13, {"a": 1}):
        with pytest.raises(BadRecord, match="choices must be a list of at most 12"):
            check({**row, "choices": bad})


@pytest.mark.parametrize("game", GAMES)
def test_every_games_report_shows_its_metrics(game: str) -> None:
    t = Tournament(game, ("random", "greedy"), games_per_table=4, seed=2)
    rows = play_batch(json.dumps(t.to_json()), Batch(0, (0, 1, 2, 3)))
    s = summarize(t, [GameRecord.from_json(r) for r in rows])
    text = text_report(s)
    assert "decisions per game" in text and "by tenth of the game" in text
    if game == "legendary":
        assert "leads on" not in text and "first player" not in text
    else:
        assert "leads on" in text and "first player's score" in text
    assert "usage by" in text

