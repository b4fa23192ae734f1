"""Races stop a table once its verdict is settled, and agree with the fixed-count run."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from henchmen.analysis import Tournament, run_tournament
from henchmen.analysis.balance import out_of_line
from henchmen.analysis.race import (
    RaceRule,
    look_counts,
    race,
    status,
    study_questions,
    table_questions,
)
from henchmen.analysis.stats import Rate
from henchmen.errors import OptionError
from henchmen.matches import wilson_interval

from .helpers import cli, game_row, records, write_results


def test_each_look_spends_alpha_over_the_looks() -> None:
    rule = RaceRule(alpha=0.05, looks=8)
    # 0.05 / 8 two-sided: the 99.6875th percentile of the normal, 2.7344 (from a table).
    assert math.isclose(rule.z(), 2.7344, abs_tol=1e-4)
    assert math.isclose(RaceRule(looks=1).z(), 1.95996, abs_tol=1e-5)


def test_a_row_settles_far_in_line_or_stays_open_by_hand_worked_intervals() -> None:
    rule = RaceRule(looks=8)
    z = rule.z()
    # 30 of 100 at z 2.734: Wilson centre 0.3139, half-width 0.1217: [0.192, 0.436],
    # wholly under 0.45: far out.
    lo, hi = wilson_interval(30, 100, z)
    assert round(lo, 3) == 0.192 and round(hi, 3) == 0.436
    assert status(Rate("Quake", 30, 100), 0.5, rule) == "far"
    # 500 of 1000: [0.457, 0.543], inside 0.40-0.60 (tolerance + margin): in line.
    assert status(Rate("seat 1", 500, 1000), 0.5, rule) == "in"
    # 40 of 100: [0.278, 0.536]: neither wholly out of 0.45-0.55 nor inside 0.40-0.60.
    assert status(Rate("Tailwind", 40, 100), 0.5, rule) == "open"
    # At the fixed run's 95% level the same row would read far out at 35 of 100
    # ([0.264, 0.447]); the race's stricter level ([0.234, 0.487]) keeps it open.
    assert wilson_interval(35, 100)[1] < 0.45
    assert status(Rate("Tailwind", 35, 100), 0.5, rule) == "open"


def test_a_bad_rule_is_refused() -> None:
    with pytest.raises(OptionError, match="alpha"):
        RaceRule(alpha=1.5)
    with pytest.raises(OptionError, match="looks"):
        RaceRule(looks=0)


def test_the_looks_are_whole_rotations_ending_at_the_cap() -> None:
    assert look_counts(100, 3, 4) == [27, 51, 75, 102]


def _scripted_study(tmp_path: Path, first_wins: float) -> tuple[Tournament, Path]:
    """A parry balance study of 800 games whose seat 1 wins ``first_wins`` of every 100."""
    t = Tournament("parry", ("greedy",), games_per_table=800, seed=3)
    wins = round(first_wins * 100)
    rows = [game_row(t, 0, g, (1.0, -1.0) if g % 100 < wins else (-1.0, 1.0)) for g in range(800)]
    path = tmp_path / "games.jsonl"
    write_results(path, t, rows)
    return t, path


def test_a_study_with_a_far_out_seat_stops_at_the_first_look(tmp_path: Path) -> None:
    t, path = _scripted_study(tmp_path, 0.75)  # every game already in the file: none plays
    with ThreadPoolExecutor(1) as pool:
        run = race([t], [path], lambda rs: [study_questions([t], rs)], executor=pool)
    # Look 1 at 100 games: seat 1 75 of 100, Wilson at z 2.734 [0.617, 0.848]: far out.
    assert run.stopped == [1] and run.games == 100
    assert [r.game for r in run.records] == list(range(100))


def test_an_even_study_settles_in_line_once_the_interval_is_narrow(tmp_path: Path) -> None:
    t, path = _scripted_study(tmp_path, 0.5)
    with ThreadPoolExecutor(1) as pool:
        run = race([t], [path], lambda rs: [study_questions([t], rs)], executor=pool)
    # n games at 0.5: half-width 2.734 * 0.5 / sqrt(n) (about) <= 0.1 from n = 187: look 2
    # (200 games) is the first inside 0.40-0.60.
    assert status(Rate("s", 50, 100), 0.5, RaceRule()) == "open"
    assert run.stopped == [2] and run.games == 200


def test_a_study_that_never_settles_plays_to_the_cap_the_fixed_runs_games(tmp_path: Path) -> None:
    # 0.42: between the band (0.45) and the in-line band's edge (0.40); at 800 games the
    # race's interval is still [0.373, 0.468], neither wholly out nor wholly in.
    t, path = _scripted_study(tmp_path, 0.42)
    with ThreadPoolExecutor(1) as pool:
        run = race([t], [path], lambda rs: [study_questions([t], rs)], executor=pool)
    assert run.stopped == [0] and run.games == 800


def test_a_tournament_race_stops_the_clear_table_and_plays_on_the_close_one(
    tmp_path: Path,
) -> None:
    out = tmp_path / "race.jsonl"
    bots = "random,ismcts:iterations=100,ismcts:iterations=120"
    status_, _, err = cli("tournament", "parry", "--bots", bots, "--games", "160",
                             "--race", "--out", str(out))  # fmt: skip
    assert status_ == 0, err
    line = next(x for x in err.splitlines() if x.startswith("henchmen: race: "))
    # random against either search bot is clear within a few looks (20 games each); the two
    # search bots at nearly the same budget are not, and play to the cap.
    assert "table 1 settled at look 1" in line and "table 3 unsettled at the cap" in line
    kept = records(out)
    per_table = {t: sum(r["table"] == t for r in kept) for t in range(3)}
    assert per_table[0] == 20 and per_table[1] < 160 and per_table[2] == 160
    # The race's games are the fixed run's: the same seeds give the same records.
    whole = tmp_path / "whole.jsonl"
    t = Tournament("parry", tuple(bots.split(",")), games_per_table=160)
    with ThreadPoolExecutor(2) as pool:
        fixed = run_tournament(t, whole, executor=pool).records
    assert all(r in records(whole) for r in kept)
    # The same verdicts: random far below its share at tables 1 and 2, in the fixed run too.
    for table in (0, 1):
        (random_row, fair), _ = table_questions(t, table, fixed)
        assert out_of_line([random_row], fair) == [random_row]
        race_rows = table_questions(t, table, [r for r in fixed if r.game < per_table[table]])
        assert status(race_rows[0][0], fair, RaceRule()) == "far"


def test_race_on_balance_from_the_cli_names_where_it_stopped(tmp_path: Path) -> None:
    status_, out, err = cli("balance", "parry", "--bot", "greedy", "--games", "400", "--race",
                            "--out", str(tmp_path / "b"))  # fmt: skip
    assert status_ == 0, err
    assert "henchmen: racing: up to 8 looks, the last at 400 games" in err
    assert "henchmen: race: " in err
    assert out.startswith("Parry (the engine's test game): ")


def test_a_race_run_again_plays_nothing_and_stops_at_the_same_look(tmp_path: Path) -> None:
    out = tmp_path / "race.jsonl"
    args = ["tournament", "parry", "--bots", "random,greedy,ismcts:iterations=100",
            "--games", "80", "--race", "--out", str(out)]  # fmt: skip
    status_, _, first = cli(*args)
    assert status_ == 0, first
    kept = records(out)
    status_, _, again = cli(*args)
    assert status_ == 0, again
    line = [x for x in first.splitlines() if x.startswith("henchmen: race: ")]
    assert line == [x for x in again.splitlines() if x.startswith("henchmen: race: ")]
    assert records(out) == kept
