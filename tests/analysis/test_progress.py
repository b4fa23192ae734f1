"""First-to-X curves: read from each game's events, checked on records built by hand."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from henchmen.analysis import GameRecord, ResultsFile, Tournament, read_results, run_tournament
from henchmen.analysis.progress import Measure, Steps, first_to, measures_of, record_progress
from henchmen.analysis.seen import Seen, brief
from henchmen.analysis.summary import summarize, text_report
from henchmen.errors import OptionError
from henchmen.events import Event

from .helpers import cli


def _game(
    returns: tuple[float, ...], steps: Steps | None, truncated: bool = False, measure: str = "win"
) -> GameRecord:
    n = len(returns)
    progress = {} if steps is None else {measure: steps}
    return GameRecord(0, 0, 0, (0,) * n, returns, 40, truncated, ({},) * n, {}, progress)


def test_the_first_seat_to_each_x_scores_as_the_game_ended() -> None:
    games = [
        # Seat 1 first to 1 (step 10) and wins; seat 2 first to 2 (step 14) and loses.
        _game((1.0, -1.0), ((0, 10), (None, 11), (1, 12), (1, 14), (0, 20))),
        # Both reach 1 in one action: nobody was first.
        _game((-1.0, 1.0), ((1, 5), (0, 5))),
        # A draw: the first to 1 gets half the win.
        _game((0.0, 0.0), ((0, 3),)),
        _game((1.0, -1.0), ((0, 1),), truncated=True),  # unfinished: left out
        _game((1.0, -1.0), None),  # an older record: holds no progress
    ]
    curve = first_to(games, Measure.parse("win"))
    assert (curve.games, curve.baseline) == (3, 0.5)
    one, two = curve.points
    assert (one.x, one.rate.successes, one.rate.games, one.split) == (1, 1.5, 2, 3)
    assert (two.x, two.rate.successes, two.rate.games, two.split) == (2, 0.0, 1, 14)
    # Wilson at 1.5 of 2, by hand: centre 0.5856, half-width 0.3878.
    assert one.rate.interval == pytest.approx((0.1978, 0.9734), abs=1e-4)
    assert [p.x for p in first_to(games, Measure.parse("win"), min_games=2).points] == [1]


def test_a_team_curve_splits_the_games_at_the_median_step_of_reaching_x() -> None:
    won, lost = (1.0, 1.0), (-1.0, -1.0)
    games = [
        _game(won, ((0, 5), (1, 8), (None, 9))),  # the table's event counts for the team
        _game(lost, ((1, 20), (0, 30))),
        _game(won, ((1, 10),)),
        _game(lost, ()),  # never reached 1
    ]
    curve = first_to(games, Measure.parse("win"), cooperative=True)
    assert (curve.games, curve.baseline) == (4, 0.5)
    got = [
        (p.x, p.split, p.rate.successes, p.rate.games, p.late.successes, p.late.games)  # type: ignore[union-attr]
        for p in curve.points
    ]
    # X=1 is reached at steps 5 (won), 10 (won), 20 (lost): the median is 10.
    assert got == [(1, 10, 2.0, 2, 0.0, 1), (2, 8, 1.0, 1, 0.0, 1), (3, 9, 1.0, 1, 0.0, 0)]


def test_a_team_curve_is_drawn_where_no_game_got_there_late() -> None:
    from henchmen.analysis.html import html_report

    t = Tournament("legendary", ("greedy",), games_per_table=2)
    games = [
        _game((1.0, 1.0), ((0, 5), (1, 8)), measure="defeat"),
        _game((-1.0, -1.0), ((1, 20),), measure="defeat"),
    ]
    s = summarize(t, games, min_games=1)
    (curve,) = s.curves
    assert [(p.x, p.late.games) for p in curve.points] == [(1, 1), (2, 0)]  # type: ignore[union-attr]
    assert "team to X Villains defeated (2 games, team win rate 50.0%)" in text_report(s)
    page = html_report(s)
    assert 'id="first-to"' in page and "team total of Villains defeated" in page


def _event(kind: str, player: int | None, other: int | None = None, **data: object) -> Seen:
    return brief(Event(3, kind, player, other, dict(data), "", ""))


def test_a_measure_counts_its_kind_and_name_for_its_player_or_the_other() -> None:
    events = [
        _event("buy", 0, card="Royal Rule 3"),
        _event("buy", 1, card="Royal Rulers 1"),  # another name that starts alike
        _event("buy", 1, card="Freezer Burn 2"),
        _event("hit", 1, 0, damage=3),
        _event("hit", 7, 9, damage=1),  # seats off the table count for nobody
        _event("draw", 0, card="Royal Rule 5"),
    ]
    got = record_progress(events, ["buy Royal Rule", "buy", "other:hit", "hit"], 2)
    assert got == {
        "buy Royal Rule": ((0, 3),),
        "buy": ((0, 3), (1, 3), (1, 3)),
        "other:hit": ((0, 3), (None, 3)),
        "hit": ((1, 3), (None, 3)),
    }
    assert measures_of("super", ["other:hit", " buy X "]) == ("other:hit", "buy X")
    with pytest.raises(OptionError, match="event kind"):
        Measure.parse("other:")


def test_in_a_real_game_the_first_to_four_supervillains_is_the_winner(tmp_path: Path) -> None:
    t = Tournament("seven-secret-supervillains", ("greedy", "random"), games_per_table=6, seed=3)
    with ThreadPoolExecutor(1) as pool:
        run = run_tournament(t, tmp_path / "r.jsonl", executor=pool)
    for r in run.records:
        wins = r.progress["win"]
        assert all(seat in (0, 1) for seat, _ in wins) and [s for _, s in wins] == sorted(
            s for _, s in wins
        )
        assert max(sum(seat == s for seat, _ in wins) for s in (0, 1)) == 4  # four wins the game
    curve = summarize(t, run.records, min_games=1).curves[0]
    assert curve.label == "Supervillains won" and curve.games == 6
    four = next(p for p in curve.points if p.x == 4)
    assert (four.rate.successes, four.rate.games) == (6.0, 6)
    assert "first to X Supervillains won (6 games)" in text_report(summarize(t, run.records))


def test_an_older_results_file_loads_resumes_and_reports_no_curve(tmp_path: Path) -> None:
    t = Tournament("parry", ("random", "greedy"), games_per_table=4, seed=2)
    with ThreadPoolExecutor(1) as pool:
        run_tournament(t, tmp_path / "new.jsonl", executor=pool)
    # The same file as the version before curves wrote it: no measures, no progress.
    lines = (tmp_path / "new.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["henchmen-tournament"]["measures"]
    rows = [json.loads(line) for line in lines[1:3]]
    for row in rows:
        del row["progress"]
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps(d) + "\n" for d in [header, *rows]), encoding="utf-8")
    found, records = read_results(old)
    assert found == t and [r.progress for r in records] == [{}, {}]
    with ThreadPoolExecutor(1) as pool:  # resumed: the rest are played with progress
        run = run_tournament(t, old, executor=pool)
    assert (run.resumed, run.played) == (2, 2)
    assert [bool(r.progress) for r in run.records] == [False, False, True, True]
    curve = summarize(t, run.records, min_games=1).curves[0]
    assert curve.games == 2  # only the records that hold it


def test_measures_are_part_of_the_tournament_and_come_from_the_cli(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    args = ["tournament", "parry", "--bots", "random,greedy", "--games", "2", "--out", str(out)]
    status, stdout, err = cli(*args, "--measure", "draw Parry")
    assert status == 0, err
    found, records = read_results(out)
    assert found.measures == ("strike", "draw Parry")
    assert all(set(r.progress) == {"strike", "draw Parry"} for r in records)
    assert "first to X draw Parry" in stdout or "(reached in too few games)" in stdout
    status, _, err = cli(*args)  # other measures: another tournament, refused
    assert status == 2 and "holds another tournament" in err
    with pytest.raises(OptionError, match="list of str"):
        Tournament("parry", ("random",), measures="win")  # type: ignore[arg-type]
    with ResultsFile.open(tmp_path / "none.jsonl", Tournament("parry", ("random",), measures=())):
        pass
