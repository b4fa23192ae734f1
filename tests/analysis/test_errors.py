"""Bad input to the analysis commands: one line on stderr, status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from henchmen.analysis import Tournament, batches
from henchmen.errors import HenchmenError, OptionError

from .helpers import cli


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bots", "random,wizard"], "no bot named 'wizard'"),
        (["--bots", "random,greedy", "--games", "0"], "--games must be"),
        (["--bots", "random,ismcts:depth=2"], "has no setting 'depth'"),
        (["--bots", "random,greedy", "--workers", "x"], "--workers must be"),
        (["--bots", "random,greedy", "--option", "players=9"], "players"),
        (["--bots", "random,human"], "bots only"),
        (["--bots", "random,greedy", "--scheduler", "nonsense://nowhere"], "Dask scheduler"),
        (["--bots", "random,greedy", "--measure", "other:"], "event kind"),
    ],
)
def test_bad_tournament_arguments_are_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    status, out, err = cli("tournament", "parry", *args, "--out", str(tmp_path / "r.jsonl"))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("henchmen: error:") and says in err, err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bot", "wizard"], "no bot named 'wizard'"),
        (["--games", "0"], "--games must be"),
        (["--min-games", "0"], "--min-games must be"),
        (["--option", "players=9"], "players"),
        (["--option", "deck_1=Nobody"], "deck_1"),
        (["--workers", "x"], "--workers must be"),
    ],
)
def test_bad_balance_arguments_are_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    game = "villainy" if "deck_1=Nobody" in args else "parry"
    status, out, err = cli("balance", game, "--bot", "greedy", *args, "--out", str(tmp_path / "b"))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("henchmen: error:") and says in err, err


def test_bad_tournaments_in_the_api_raise_henchmen_errors() -> None:
    with pytest.raises(OptionError, match="a gauntlet needs at least 2 bots"):
        Tournament("parry", ("greedy",), gauntlet=True)
    with pytest.raises(HenchmenError, match="games_per_table"):
        Tournament("parry", ("greedy", "random"), games_per_table=-1)
    with pytest.raises(HenchmenError, match="batch_size"):
        batches(Tournament("parry", ("greedy", "random")), 0)


def test_batches_cover_every_game_once_whatever_their_size() -> None:
    t = Tournament("parry", ("random", "greedy", "ismcts"), games_per_table=10)
    for size in (1, 3, 10, 50):
        got = sorted((b.table, g) for b in batches(t, size) for g in b.games)
        assert got == [(tb, g) for tb in range(3) for g in range(10)]
    assert t.game_seed(0, 1) != t.game_seed(1, 0) != t.game_seed(0, 0)
