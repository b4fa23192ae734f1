"""Rates of n of n and 0 of n: every interval holds its rate, and the HTML report draws them."""

from __future__ import annotations

from pathlib import Path

from henchmen.analysis import Tournament
from henchmen.matches import wilson_interval

from .helpers import cli, game_row, write_results


def test_a_wilson_interval_holds_its_rate_at_every_count() -> None:
    for n in range(1, 301):
        for successes in (0, n, n / 2, 1, n - 1):
            low, high = wilson_interval(successes, n)
            assert 0.0 <= low <= successes / n <= high <= 1.0, (successes, n, low, high)
        # At the edges the bound is the edge itself (6 of 6 gave 0.9999999999999999).
        assert wilson_interval(n, n)[1] == 1.0 and wilson_interval(0, n)[0] == 0.0


def test_the_html_report_draws_a_seat_that_won_6_of_6_and_one_that_won_none(
    tmp_path: Path,
) -> None:
    t = Tournament("parry", ("random", "greedy"), games_per_table=6)
    # Seat 1 wins every game, whoever sits there; "buy A" is led by the winner every time.
    rows = [
        game_row(t, 0, g, (1.0, -1.0), ({"strike Strike": 3}, {"strike Strike": 1}))
        for g in range(6)
    ]
    results = tmp_path / "r.jsonl"
    write_results(results, t, rows)
    page = tmp_path / "r.html"
    status, out, err = cli("report", str(results), "--html", str(page), "--min-games", "1")
    assert status == 0, err
    assert "seat 1   100.0%  [61.0%, 100.0%]  n=6" in out
    assert "seat 2     0.0%  [ 0.0%, 39.0%]  n=6" in out
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") >= 4 and 'id="seats"' in html and 'id="contributions"' in html
