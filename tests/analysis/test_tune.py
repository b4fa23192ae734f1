"""henchmen tune: fields, the score of a table, and a search that resumes after Ctrl-C."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from henchmen.analysis.stats import Rate
from henchmen.analysis.tune import (
    card_table_with,
    check_fields,
    judge,
    objective_of,
    parse_field,
)
from henchmen.errors import OptionError
from henchmen.game import Game

from .helpers import cli, ctrl_c, foreground

STONE_SKIN = "powers:Stone Skin:amount=1..6"


def test_a_field_names_a_designed_number_and_its_range() -> None:
    f = parse_field(STONE_SKIN)
    assert (f.section, f.name, f.key, f.low, f.high, f.whole) == (
        "powers", "Stone Skin", "amount", 1, 6, True,
    )  # fmt: skip
    table = card_table_with(Game("super"), {"Stone Skin amount": 2}, [f])
    assert [p["amount"] for p in table["powers"] if p["name"] == "Stone Skin"] == [2]
    assert Game("super", card_data=json.dumps(table)).card_table() == table


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Stone Skin=1..6", "SECTION:NAME:KEY=LOW..HIGH"),
        ("powers:Stone Skin:amount=6..1", "runs backwards"),
        ("powerz:Stone Skin:amount=1..6", "no section 'powerz'"),
        ("powers:Stone Skim:amount=1..6", "no 'Stone Skim'"),
        ("powers:Stone Skin:colour=1..6", "no number 'colour'"),
    ],
)
def test_a_bad_field_is_refused_naming_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        check_fields(Game("super"), [parse_field(text)])


def test_a_card_inside_a_deck_is_named_by_its_path() -> None:
    segues = parse_field("decks:Mallory Maleficarum:cards:Meanwhile, at the Academy...:count=3..6")
    check_fields(Game("villainy"), [segues])
    assert segues.label == "Mallory Maleficarum / Meanwhile, at the Academy... count"
    table = card_table_with(Game("villainy"), {segues.label: 5}, [segues])
    deck = next(d for d in table["decks"] if d["name"] == "Mallory Maleficarum")
    assert [c["count"] for c in deck["cards"] if c["name"].startswith("Meanwhile")] == [5]
    other = next(d for d in table["decks"] if d["name"] == "Mugga Mugga")
    assert [c["count"] for c in other["cards"] if c["name"].startswith("Meanwhile")] == [4]
    assert Game("villainy", card_data=json.dumps(table)).card_table() == table
    with pytest.raises(OptionError, match="no 'Segue' in Mallory Maleficarum's cards"):
        check_fields(
            Game("villainy"), [parse_field("decks:Mallory Maleficarum:cards:Segue:count=3..6")]
        )
    with pytest.raises(OptionError, match="a field is SECTION:NAME:KEY"):
        parse_field("decks:Mallory Maleficarum:cards:count=3..6")


def test_a_printed_value_is_not_tuned() -> None:
    # S.U.E.T.'s Draw 1 Extra Card is printed (its count and amount from the game), not designed.
    field = parse_field("cards:Draw 1 Extra Card:count=1..3")
    with pytest.raises(OptionError, match="not marked designed"):
        check_fields(Game("suet"), [field])


def test_the_cli_refuses_no_field_in_one_line(tmp_path: Path) -> None:
    status, out, err = cli("tune", "super", "--out", str(tmp_path / "t"))
    assert status == 2 and out == "" and "at least one --field" in err


def test_a_card_table_of_ones_own_and_another_searchs_folder_are_refused(tmp_path: Path) -> None:
    status, _, err = cli("tune", "super", "--field", STONE_SKIN, "--option", "card_data={}",
                         "--out", str(tmp_path / "t"))  # fmt: skip
    assert status == 2 and "makes its own card_data" in err and err.count("\n") == 1
    base = ["tune", "super", "--field", STONE_SKIN, "--bot", "greedy", "--trials", "1",
            "--out", str(tmp_path / "s")]  # fmt: skip
    status, _, err = cli(*base, "--games", "2")
    assert status == 0, err
    status, _, err = cli(*base, "--games", "4")
    assert status == 2 and "holds another search" in err and err.count("\n") == 1


def test_a_far_out_row_costs_more_than_any_spread() -> None:
    # Seats at 0.5 and 0.5 (gaps 0) with a power at 0.30 of 100 games: 95% Wilson
    # [0.219, 0.396], wholly under 0.45: one far out; its gap -0.4 weighs 100 of 300 games.
    rows = [(Rate("seat 1", 100, 200), 0.5), (Rate("seat 2", 100, 200), 0.5)]
    far, gaps = judge([*rows, (Rate("Stone Skin", 30, 100), 0.5)])
    assert far == 1
    assert objective_of(far, gaps) == pytest.approx(1 + (100 * 0.16 / 500) ** 0.5)
    # The same power at 0.40: not far out ([0.309, 0.498]); the table scores under 1.
    far, gaps = judge([*rows, (Rate("Stone Skin", 40, 100), 0.5)])
    assert far == 0 and objective_of(far, gaps) == pytest.approx((100 * 0.04 / 500) ** 0.5)


def _trials(folder: Path) -> list[dict[str, Any]]:
    """The finished trials in a search's journal, read with Optuna."""
    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend

    storage = JournalStorage(JournalFileBackend(str(folder / "study.journal")))
    study = optuna.load_study(study_name="henchmen-tune", storage=storage)
    return [
        {"number": t.number, "params": t.params, "value": t.value, "state": t.state.name}
        for t in study.trials
    ]


def test_a_search_stopped_by_ctrl_c_continues_where_it_stopped(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    args = ["tune", "super", "--option", "players=2", "--field", STONE_SKIN, "--bot", "greedy",
            "--trials", "4", "--games", "60", "--out", str(folder)]  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "henchmen", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=foreground,
    )  # fmt: skip
    # Stop it while the second trial plays: its table's folder has some games.
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None:
        tables = list((folder / "tables").glob("*/games.jsonl"))
        if len(tables) >= 2 and min(p.read_bytes().count(b"\n") for p in tables) > 3:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the search finished before it could be stopped"
    assert ctrl_c(proc) == (
        f"henchmen: interrupted; the search is in {folder}: the same command continues it"
    )
    before = _trials(folder)
    finished = [t for t in before if t["state"] == "COMPLETE"]
    cut = [t for t in before if t["state"] != "COMPLETE"]
    assert len(finished) >= 1 and len(cut) == 1
    # Run again: the finished trials are kept, the cut one is tried again first.
    status, out, err = cli(*args)
    assert status == 0, err
    after = _trials(folder)
    done = [t for t in after if t["state"] == "COMPLETE"]
    assert len(done) == 4
    assert done[: len(finished)] == finished
    assert done[len(finished)]["params"] == cut[0]["params"]
    assert out.startswith("# Tuning Super!: 4 trials, ")
    best = json.loads((folder / "best-cards.json").read_text(encoding="utf-8"))
    chosen = min(done, key=lambda t: (t["value"], t["number"]))["params"]["Stone Skin amount"]
    assert [p["amount"] for p in best["powers"] if p["name"] == "Stone Skin"] == [chosen]
    assert (folder / "report.md").read_text(encoding="utf-8") == out.split("Best card table")[0]
