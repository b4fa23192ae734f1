"""Balance studies: groups from each card table, the table, and `henchmen balance` resuming."""

from __future__ import annotations

import itertools
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from henchmen.analysis import GameRecord, Tournament, run_tournament
from henchmen.analysis.balance import balance_table, setups, study
from henchmen.analysis.groups import groupings
from henchmen.analysis.stats import contributions, regroup
from henchmen.game import Game, games

from .helpers import cli


@pytest.mark.parametrize(
    ("game", "group", "feature", "expected"),
    [
        ("seven-secret-supervillains", "crew", "buy Sleuths N' Sniffs 4", "crew Sleuths N' Sniffs"),
        ("seven-secret-supervillains", "crew", "attach Royal Rule 4", None),
        ("legendary", "hero", "setup Spider-Man", "hero Spider-Man"),
        ("legendary", "hero", "recruit Spider-Man: Astonishing Strength", "hero Spider-Man"),
        ("legendary", "hero", "draw Spider-Man: Astonishing Strength", None),
        ("legendary", "mastermind", "setup Red Skull", "mastermind Red Skull"),
        ("legendary", "villain group", "setup Red Skull", None),
        ("legendary", "villain group", "setup HYDRA", "villain group HYDRA"),
        ("super", "power", "power Quake", "power Quake"),
        ("super", "power", "activate Quake", None),
        ("suet", "genius", "genius Madame Magma", "genius Madame Magma"),
        ("suet", "genius", "genius the Volcano Drill", None),
        ("villainy", "deck", "setup Dr. Oblongata", "deck Dr. Oblongata"),
        ("parry", "card", "draw Strike", "card Strike"),
    ],
)
def test_groups_come_from_the_card_table(
    game: str, group: str, feature: str, expected: str | None
) -> None:
    assert groupings(Game(game))[group](feature) == expected


def test_every_game_has_a_grouping() -> None:
    assert all(groupings(Game(info.name)) for info in games())


def _played(game: str, games_per_table: int, tmp_path: Path) -> list[GameRecord]:
    t = Tournament(game, ("greedy", "random"), games_per_table=games_per_table, seed=4)
    with ThreadPoolExecutor(1) as pool:
        return run_tournament(t, tmp_path / f"{game}.jsonl", executor=pool).records


def test_a_small_sss_tournament_gives_card_and_crew_contributions(tmp_path: Path) -> None:
    records = _played("seven-secret-supervillains", 6, tmp_path)
    cards = {c.feature for c in contributions(records, cooperative=False, min_games=1)}
    assert "buy Royal Rule 1" in cards or any(f.startswith("buy Royal Rule") for f in cards)
    crews = contributions(regroup(records, groupings(Game("seven-secret-supervillains"))["crew"]),
                          cooperative=False, min_games=1)  # fmt: skip
    table = Game("seven-secret-supervillains").card_table()
    assert {c.feature for c in crews} <= {f"crew {c['name']}" for c in table["crews"]}
    assert len(crews) >= 5 and all(0 < c.games <= 6 for c in crews)


def test_a_small_legendary_tournament_gives_hero_contributions(tmp_path: Path) -> None:
    records = _played("legendary", 4, tmp_path)
    assert any("recruit" in f for r in records for seat in r.features for f in seat)
    heroes = contributions(regroup(records, groupings(Game("legendary"))["hero"]), True, 1)
    # Five heroes a game at two players, dealt from the fifteen: each game names five.
    assert sum(c.games for c in heroes) == 5 * len(records)
    assert all(c.feature.startswith("hero ") for c in heroes)


def test_a_cooperative_table_gives_each_hero_with_and_without() -> None:
    t = Tournament("legendary", ("greedy",), games_per_table=2)

    def game(won: bool, heroes: tuple[str, ...]) -> GameRecord:
        returns = (1.0, 1.0) if won else (-1.0, -1.0)
        shared = {f"setup {h}": 1 for h in heroes}
        return GameRecord(0, 0, 0, (0, 0), returns, 300, False, ({}, {}), shared)

    records = [game(True, ("Hulk", "Thor")), game(False, ("Thor",)), game(True, ("Hulk",))]
    text = balance_table([t], records)
    assert "| who | games | team win rate |" in text and "| team | 3 | 0.667 |" in text
    # Hulk: in 2 games, both won; without it 0 of 1.  Thor: 1 of 2; without it 1 of 1.
    assert "| Hulk | 2 | 1.000 | [0.342, 1.000] | 0.000 |" in text
    assert "| Thor | 2 | 0.500 | [0.095, 0.905] | 1.000 |" in text


def test_villainy_sweeps_every_ordered_choice_of_decks() -> None:
    decks = [d["name"] for d in Game("villainy").card_table()["decks"]]
    swept = [(t.options["deck_1"], t.options["deck_2"]) for t in study("villainy", "greedy", 2)]
    assert swept == list(itertools.permutations(decks, 2))
    assert setups("villainy", {"deck_2": decks[0]}) == [{}]
    assert setups("villainy", {"players": 4}) == [{}]  # four seats, three decks: as dealt
    assert len(setups("villainy", {"players": 3})) == 6


def test_balance_runs_resumes_and_refuses_another_study(tmp_path: Path) -> None:
    folder = tmp_path / "b"
    args = ["balance", "parry", "--bot", "greedy", "--games", "4", "--out", str(folder)]
    status, first, err = cli(*args)
    assert status == 0, err
    assert "| seat 1 | 4 |" in first and "| card | games | score |" in first
    assert "First to X Strikes played" in first
    assert [p.name for p in folder.iterdir()] == ["games.jsonl"]
    status, again, err = cli(*args)
    assert status == 0 and "resumed: 4 games were already" in err
    assert again == first
    status, _, err = cli(*args[:-4], "--games", "6", "--out", str(folder))
    assert status == 2 and "holds another tournament" in err
    status, _, err = cli("balance", "parry", "--bot", "human", "--out", str(folder))
    assert status == 2 and "bots only" in err


def test_a_card_data_study_says_so_and_names_the_table_by_its_size(tmp_path: Path) -> None:
    cards = json.dumps(Game("super").card_table())
    args = ["balance", "super", "--bot", "random", "--games", "2", "--out", str(tmp_path / "b")]
    status, table, err = cli(*args, "--option", f"card_data={cards}")
    assert status == 0, err
    head = "Super!: 2 games, random in every seat, 2 players, seed 1; its own card_data table;"
    assert table.startswith(head)
    assert f"card_data=<{len(cards):,} characters>" in err and cards not in err
    status, table, err = cli(*args[:-1], str(tmp_path / "c"))
    assert status == 0 and "its own" not in table and "(default options)" in err


def test_each_game_records_the_seat_that_decided_first(tmp_path: Path) -> None:
    # Villainy draws the first player by chance: the record must say who it was.
    t = Tournament("villainy", ("random",), games_per_table=8, seed=2)
    with ThreadPoolExecutor(1) as pool:
        records = run_tournament(t, tmp_path / "v.jsonl", executor=pool).records
    g = Game("villainy")
    assert [r.first for r in records] == [
        g.new_initial_state(seed=r.seed).current_player for r in records
    ]
    assert len({r.first for r in records}) == 2


def test_the_balance_table_reads_the_turn_order_when_the_first_player_varies() -> None:
    t = Tournament("villainy", ("greedy",), games_per_table=2)
    # The second player to decide wins both games, seated 1 and 2 in turn.
    rows = [
        GameRecord(0, 0, 0, (0, 0), (-1.0, 1.0), 90, False, ({}, {}), {}, first=0),
        GameRecord(0, 1, 0, (0, 0), (1.0, -1.0), 90, False, ({}, {}), {}, first=1),
    ]
    table = balance_table([t], rows)
    assert "| seat 1 | 2 | 0.500 |" in table
    assert "| 1st to play | 2 | 0.000 |" in table and "| 2nd to play | 2 | 1.000 |" in table
    fixed = [GameRecord(0, 0, 0, (0, 0), (1.0, -1.0), 90, False, ({}, {}), {}, first=0)]
    assert "to play" not in balance_table([t], fixed)


def _super_game(returns: tuple[float, ...], powers: tuple[str, ...]) -> GameRecord:
    return GameRecord(
        0, 0, 0, (0, 0, 0), returns, 300, False, tuple({f"power {p}": 1} for p in powers), {}
    )


def test_the_table_names_what_is_far_out_of_line() -> None:
    """A row is far out of line when its whole 95% interval leaves the reference +-10%: the
    fair share for seats, the pooled score for groups. Here Quake wins every one of 90 games
    (seat 1 always held it): both are named; Inferno and Renewal share the rest."""
    t = Tournament("super", ("greedy",), games_per_table=90, options={"players": 3})
    rows = [
        _super_game((1.0, -0.5, -0.5), ("Quake", "Inferno" if i % 2 else "Renewal", "Tailwind"))
        for i in range(90)
    ]
    text = balance_table([t], rows)
    seat_line, power_line = (line for line in text.splitlines() if line.startswith("Far out"))
    assert seat_line.endswith(
        "the fair share 0.333 +-10%): seat 1 1.000, seat 2 0.000, seat 3 0.000."
    )
    assert "pooled score 0.333" in power_line
    assert power_line.endswith("Inferno 0.000, Quake 1.000, Renewal 0.000, Tailwind 0.000.")


def test_a_fair_table_says_nothing_is_far_out_of_line() -> None:
    t = Tournament("super", ("greedy",), games_per_table=80)
    rows = [
        GameRecord(0, 0, 0, (0, 0), (1.0, -1.0) if i % 2 else (-1.0, 1.0), 200, False,
                   ({"power Quake": 1}, {"power Inferno": 1}) if i % 4 < 2
                   else ({"power Inferno": 1}, {"power Quake": 1}), {})
        for i in range(80)
    ]  # fmt: skip
    verdicts = [line for line in balance_table([t], rows).splitlines() if line.startswith("Far")]
    assert len(verdicts) == 2 and all(v.endswith(": none.") for v in verdicts)
