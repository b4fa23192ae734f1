"""Populations: several results files and bot versions in one pool, rated, with alpha-Rank."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from henchmen.analysis import Tournament
from henchmen.analysis.population import alpharank, pool, population
from henchmen.analysis.population_report import ALPHARANK, pooled
from henchmen.analysis.store import load_results
from henchmen.errors import OptionError

from .helpers import cli, game_row, write_results
from .test_report import _pixels, _screenshot


def _file(path: Path, bots: tuple[str, str], won: int, games: int = 10) -> Path:
    """A Parry results file of ``bots`` in which bot ``won`` (0 or 1) wins every game."""
    t = Tournament("parry", bots, games_per_table=games)
    rows = []
    for g in range(t.games_per_table):
        seats = t.seats(0, g)
        rows.append(game_row(t, 0, g, (1.0, -1.0) if seats[0] == won else (-1.0, 1.0)))
    write_results(path, t, rows)
    return path


def test_bots_of_one_spec_are_one_bot_and_files_tie_the_field_together(tmp_path: Path) -> None:
    # random beats greedy in one file, greedy beats mcts in another: pooled, the three are
    # ordered although random and mcts never met.
    a = _file(tmp_path / "a.jsonl", ("random", "greedy"), won=0)
    b = _file(tmp_path / "b.jsonl", ("greedy", "mcts"), won=0)
    s = pooled([str(a), str(b)])
    assert s.pool.labels == ["random", "greedy", "mcts"]
    assert [r.games for r in s.ratings] == [10, 20, 10]
    by = {r.label: r.rating for r in s.ratings}
    assert by["random"] > by["greedy"] > by["mcts"]
    assert s.head_to_head[0][2] is None and s.head_to_head[1][0] is not None
    assert s.head_to_head[0][1] is not None and s.head_to_head[0][1].rate == 1.0


def test_a_versioned_bot_is_one_bot_per_file(tmp_path: Path) -> None:
    # greedy v1 loses every game to random, greedy v2 wins every one: two bots, rated apart.
    a = _file(tmp_path / "a.jsonl", ("random", "greedy"), won=0)
    b = _file(tmp_path / "b.jsonl", ("random", "greedy"), won=1)
    s = pooled([f"v1={a}", f"v2={b}"], versioned=["greedy"])
    assert s.pool.labels == ["random", "greedy [v1]", "greedy [v2]"]
    by = {r.label: r.rating for r in s.ratings}
    assert by["greedy [v2]"] > by["random"] > by["greedy [v1]"]
    # Unversioned, they are one greedy that won half its games against random.
    one = pooled([str(a), str(b)])
    assert one.pool.labels == ["random", "greedy"] and one.head_to_head[0][1] is not None
    assert one.head_to_head[0][1].rate == 0.5


def test_a_pool_refuses_what_cannot_be_pooled(tmp_path: Path) -> None:
    a = _file(tmp_path / "a.jsonl", ("random", "greedy"), won=0)
    t = Tournament("suet", ("random", "greedy"), games_per_table=2)
    write_results(tmp_path / "s.jsonl", t, [])
    with pytest.raises(OptionError, match="a pool holds games of one game with the same options"):
        pooled([str(a), str(tmp_path / "s.jsonl")])
    with pytest.raises(OptionError, match="two results files have the tag 'a'"):
        pooled([str(a), f"a={a}"])
    with pytest.raises(OptionError, match="versioned bot 'ismcts' is in none of the files"):
        pool([(str(a), load_results(a))], versioned=["ismcts"])


def test_alpha_rank_shares_a_cycle_and_crowns_a_dominant_bot(tmp_path: Path) -> None:
    # Rock, paper, scissors across three files: each pair's winner takes all 10 games.  By
    # symmetry every bot holds a third of the mass, where ratings say nothing (all even).
    files = [
        _file(tmp_path / "ab.jsonl", ("random", "greedy"), won=0),
        _file(tmp_path / "bc.jsonl", ("greedy", "mcts"), won=0),
        _file(tmp_path / "ca.jsonl", ("mcts", "random"), won=0),
    ]
    s = pooled([str(f) for f in files])
    assert s.alpharank is not None
    assert s.alpharank.mass == pytest.approx([1 / 3] * 3, abs=1e-6)
    assert all(abs(r.rating) < 1 for r in s.ratings)
    # random beats both others: alpha-Rank puts nearly all its mass on random.
    files[2] = _file(tmp_path / "ac.jsonl", ("random", "mcts"), won=0)
    s = pooled([str(f) for f in files])
    assert s.alpharank is not None and s.alpharank.mass[0] > 0.95


def test_a_difference_within_chance_counts_as_even(tmp_path: Path) -> None:
    # 6 of 10 is within chance (Wilson [31%, 83%]): the two bots share the mass.
    t = Tournament("parry", ("random", "greedy"), games_per_table=10)
    rows = []
    for g in range(10):
        winner = 0 if g < 6 else 1
        rows.append(game_row(t, 0, g, (1.0, -1.0) if t.seats(0, g)[0] == winner else (-1.0, 1.0)))
    write_results(tmp_path / "r.jsonl", t, rows)
    s = pooled([str(tmp_path / "r.jsonl")], versioned=[])
    assert s.head_to_head[0][1] is not None and s.head_to_head[0][1].rate == 0.6
    assert s.alpharank is not None and s.alpharank.mass == pytest.approx([0.5, 0.5])


def test_without_openspiel_the_pool_still_rates_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = _file(tmp_path / "a.jsonl", ("random", "greedy"), won=0)
    monkeypatch.setitem(sys.modules, "open_spiel.python.egt", None)
    monkeypatch.setitem(sys.modules, "open_spiel.python.egt.alpharank", None)
    with pytest.raises(OptionError, match="pip install open-spiel networkx"):
        alpharank(["a"], [[None]], [])
    s = population(pool([(str(a), load_results(a))]))
    assert s.alpharank is None and "pip install open-spiel" in s.why and s.ratings


def test_report_of_several_files_prints_and_draws_the_pool(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path, bots, seed in ((a, "random,greedy", "1"), (b, "greedy,ismcts:iterations=8", "2")):
        status, _, err = cli("tournament", "parry", "--bots", bots, "--games", "10",
                             "--seed", seed, "--out", str(path))  # fmt: skip
        assert status == 0, err
    page = tmp_path / "pool.html"
    status, out, err = cli("report", str(a), str(b), "--html", str(page))
    assert status == 0, err
    assert "pool of 2 results file(s) of parry, 20 games, 3 bots" in out
    assert "alpha-rank  bot" in out and "Report written to" in out
    html = page.read_text(encoding="utf-8")
    assert 'id="alpharank"' in html and "<script" not in html
    image = _screenshot(page, tmp_path / "shot.png")
    assert _pixels(image, ALPHARANK) > 200
