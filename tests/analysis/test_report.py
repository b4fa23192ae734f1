"""The HTML report in a real headless browser: a screenshot shows every plot drawn."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import numpy.typing as npt

from henchmen.analysis.html import COLOURS, HEAT_MAP
from henchmen.analysis.metrics_html import COLOURS as METRIC_COLOURS

from .helpers import cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _screenshot(page: Path, png: Path) -> npt.NDArray[np.uint8]:
    assert CHROMIUM is not None, "the report test needs chromium (apt-get install chromium)"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--screenshot={png}", "--window-size=1100,7000", page.as_uri()],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    import matplotlib.image

    image = matplotlib.image.imread(str(png))
    return (np.asarray(image)[:, :, :3] * 255).round().astype(np.uint8)


def _pixels(image: npt.NDArray[np.uint8], colour: str) -> int:
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
    return int(np.sum(np.all(np.abs(image.astype(np.int16) - rgb) <= 2, axis=2)))


def _rows(image: npt.NDArray[np.uint8], colour: str) -> tuple[int, int]:
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
    ys = np.nonzero(np.all(np.abs(image.astype(np.int16) - rgb) <= 2, axis=2))[0]
    return int(ys.min()), int(ys.max())


def _in_colour_map(image: npt.NDArray[np.uint8], name: str) -> int:
    """Pixels within 3 levels of a colour from the deeper half of the named colour map."""
    import matplotlib

    lut = (matplotlib.colormaps[name](np.linspace(0.5, 1.0, 128))[:, :3] * 255).astype(np.int16)
    flat = image.reshape(-1, 3).astype(np.int16)
    coloured = flat[np.any(flat != 255, axis=1)]
    colours, counts = np.unique(coloured, axis=0, return_counts=True)
    near = np.min(np.max(np.abs(colours[:, None, :] - lut[None, :, :]), axis=2), axis=1) <= 3
    return int(counts[near].sum())


def test_the_report_opens_in_a_browser_with_every_plot_drawn(tmp_path: Path) -> None:
    results = tmp_path / "parry.jsonl"
    status, _, err = cli(
        "tournament", "parry", "--bots", "random,greedy,ismcts:iterations=8",
        "--games", "16", "--out", str(results),
    )  # fmt: skip
    assert status == 0, err
    page = tmp_path / "report.html"
    status, out, err = cli("report", str(results), "--html", str(page), "--min-games", "5")
    assert "Report written to" in out
    assert status == 0, err
    html = page.read_text(encoding="utf-8")
    # Self-contained: nothing to run and nothing to fetch.
    assert "<script" not in html and "<link" not in html
    assert not re.search(r"""(src|href)=["'](https?:|//)""", html)
    image = _screenshot(page, tmp_path / "shot.png")
    drawn = {name: _pixels(image, colour) for name, colour in COLOURS.items()}
    assert all(n > 200 for n in drawn.values()), drawn
    # Each game metrics plot in its own colour (tests/analysis/test_metrics.py
    # checks the metrics' values on scripted games).
    drawn = {name: _pixels(image, colour) for name, colour in METRIC_COLOURS.items()}
    assert all(n > 200 for n in drawn.values()), drawn
    # The heat map: cells in the deeper half of its colour map are on the page.
    assert _in_colour_map(image, HEAT_MAP) > 2000
    # In the order of the page: ratings, (heat map), lengths, contributions, first-to-X, seats.
    order = ("ratings", "lengths", "contributions", "curves", "seats")
    tops = [_rows(image, COLOURS[k])[0] for k in order]
    assert tops == sorted(tops)
    assert 'id="first-to"' in html and "Strikes played" in html
    # The game metrics' sections are on the same page (tests/analysis/test_metrics.py
    # checks each metric's value; this screenshot shows the page with them drawn).
    for key in ("branching", "decisive", "lead-changes", "first-player", "usage"):
        assert f'id="{key}"' in html
    assert "<h3>by card</h3>" in html and "card Strike" in html


def test_a_report_of_no_games_draws_no_plot_and_says_so(tmp_path: Path) -> None:
    # No browser here: the page above is the one drawn; this one must have nothing to draw.
    from henchmen.analysis import ResultsFile, Tournament

    results = tmp_path / "empty.jsonl"
    with ResultsFile.open(results, Tournament("parry", ("random", "greedy"))):
        pass
    page = tmp_path / "report.html"
    status, out, _ = cli("report", str(results), "--html", str(page))
    assert status == 0 and "0 of 100 games" in out
    html = page.read_text(encoding="utf-8")
    assert "<svg" not in html and "0 of 100 games" in html
