"""The tournament statistics mean what they say with self-play and with three or four seats.

The doctests of henchmen.analysis.stats use two seats and distinct bots, where
a bot's games against itself cannot arise and turn order rotated either way
gives the same places; these records are chosen so that both mistakes show.
Every expected number was worked out by hand from the records (comments).
"""

from __future__ import annotations

import dataclasses

from henchmen.analysis.play import GameRecord
from henchmen.analysis.stats import (
    Rate,
    contributions,
    head_to_head,
    regroup,
    score,
    seat_advantage,
    team_won,
    turn_order,
    winner,
)


def record(
    seats: tuple[int, ...], returns: tuple[float, ...], first: int = -1, game: int = 0
) -> GameRecord:
    return GameRecord(0, game, 0, seats, returns, 10, False, ({},) * len(seats), {}, first=first)


def rates(table: list[list[Rate | None]]) -> list[list[tuple[float, int] | None]]:
    return [[None if r is None else (r.successes, r.games) for r in row] for row in table]


def test_head_to_head_never_counts_a_bots_games_against_itself() -> None:
    # Bot 0 sits twice in both games, bot 1 once.
    # Game A, seats (0, 0, 1), returns (1, -1, 0): bot 0 beats bot 1 from seat 0
    # (1 > 0) and loses from seat 1 (-1 < 0).
    # Game B, seats (1, 0, 0), returns (2, 1, 1): bot 1 beats bot 0 in both seats.
    a = record((0, 0, 1), (1.0, -1.0, 0.0))
    b = record((1, 0, 0), (2.0, 1.0, 1.0), game=1)
    m = head_to_head([a, b], bots=2, cooperative=False)
    assert m[0][0] is None and m[1][1] is None
    assert rates(m) == [[None, (1.0, 4)], [(3.0, 4), None]]
    assert m[0][1] is not None and m[0][1].rate == 0.25


def test_head_to_head_self_play_only_gives_no_meetings() -> None:
    # Two copies of one bot meet nobody else, in a competitive and a cooperative game.
    solo = record((1, 1, 1), (1.0, -1.0, 0.0))
    assert rates(head_to_head([solo], bots=2, cooperative=False)) == [[None, None], [None, None]]
    team = record((0, 0), (1.0, 1.0))
    assert rates(head_to_head([team], bots=1, cooperative=True)) == [[None]]


def test_head_to_head_with_four_bots_in_four_seats() -> None:
    # Seats (2, 0, 3, 1), returns (0, 3, 0, -2): bot 0 (seat 1) beats all three;
    # bots 2 and 3 tie (a half each) and beat bot 1; bot 1 loses to everyone.
    g = record((2, 0, 3, 1), (0.0, 3.0, 0.0, -2.0))
    m = rates(head_to_head([g], bots=4, cooperative=False))
    assert m == [
        [None, (1.0, 1), (1.0, 1), (1.0, 1)],
        [(0.0, 1), None, (0.0, 1), (0.0, 1)],
        [(0.0, 1), (1.0, 1), None, (0.5, 1)],
        [(0.0, 1), (1.0, 1), (0.5, 1), None],
    ]


def test_head_to_head_cooperative_counts_the_team_result_per_pair() -> None:
    # A 3-seat cooperative loss with bot 0 twice: bot 0 met bot 1 twice (seats 0, 2
    # against seat 1), bot 1 met bot 0 twice, never itself.
    g = record((0, 1, 0), (-1.0, -0.6, -1.0))
    m = rates(head_to_head([g], bots=2, cooperative=True))
    assert m == [[None, (0.0, 2)], [(0.0, 2), None]]


def test_turn_order_with_three_seats_counts_from_the_first_to_play_forward() -> None:
    # In every game the seat right after the first to play (in seat order) wins:
    # first 1 -> seat 2 wins; first 2 -> seat 0 wins; first 0 -> seat 1 wins.
    games = [
        record((0, 1, 2), (-1.0, -1.0, 2.0), first=1),
        record((0, 1, 2), (3.0, -1.0, -1.0), first=2, game=1),
        record((0, 1, 2), (-1.0, 1.0, 0.0), first=0, game=2),
    ]
    got = [(r.label, r.successes, r.games) for r in turn_order(games)]
    assert got == [("1st to play", 0.0, 3), ("2nd to play", 3.0, 3), ("3rd to play", 0.0, 3)]


def test_turn_order_with_four_seats_and_a_shared_win() -> None:
    # first 3, seat 1 wins: places 3,0,1,2 -> 3rd to play wins.
    # first 1, seat 3 wins: places 1,2,3,0 -> 3rd to play wins.
    # first 2, seats 0 and 1 share the best: places 2,3,0,1 -> 3rd and 4th a half each.
    games = [
        record((0, 1, 2, 3), (-1.0, 5.0, -1.0, -1.0), first=3),
        record((0, 1, 2, 3), (0.0, 0.0, 0.0, 2.0), first=1, game=1),
        record((0, 1, 2, 3), (4.0, 4.0, -1.0, -1.0), first=2, game=2),
    ]
    got = [(r.label, r.successes) for r in turn_order(games)]
    assert got == [("1st to play", 0.0), ("2nd to play", 0.0), ("3rd to play", 2.5),
                   ("4th to play", 0.5)]  # fmt: skip


def test_seat_advantage_with_three_seats() -> None:
    # Seat 2 wins one game, seats 0 and 1 share the other: 0.5, 0.5, 1 of 2.
    games = [record((0, 1, 2), (-1.0, -1.0, 2.0)), record((0, 1, 2), (1.0, 1.0, -2.0), game=1)]
    got = [(r.label, r.successes, r.games) for r in seat_advantage(games, cooperative=False)]
    assert got == [("seat 1", 0.5, 2), ("seat 2", 0.5, 2), ("seat 3", 1.0, 2)]
    assert [winner(g) for g in games] == [2, None]
    assert [score(games[1], s) for s in range(3)] == [0.5, 0.5, 0.0]


def test_contributions_with_three_seats_credit_the_leader() -> None:
    # The leader of "buy A" (seat 1, 3 of them) wins; "buy B" is led by seat 0 (who loses);
    # "buy C" is tied at the top (1, 1, 0), so it has no leader in that game.
    features = ({"buy B": 2, "buy C": 1}, {"buy A": 3, "buy C": 1}, {"buy A": 1})
    g = GameRecord(0, 0, 0, (0, 1, 2), (-1.0, 2.0, -1.0), 10, False, features, {})
    got = [(c.feature, c.successes, c.games, c.baseline) for c in contributions([g], False, 1)]
    assert got == [("buy A", 1.0, 1, 1 / 3), ("buy B", 0.0, 1, 1 / 3)]


def test_team_won_at_the_edges_of_zero() -> None:
    # Every return positive: a win; every return negative: a loss; anything else,
    # zeros included, half.
    def game(*returns: float) -> GameRecord:
        return record(tuple(range(len(returns))), returns)

    assert team_won(game(0.5, 0.5)) == 1.0
    assert team_won(game(-0.6, -1.0, -0.1)) == 0.0
    assert team_won(game(0.0, 0.0)) == 0.5
    assert team_won(game(0.5, -0.5)) == 0.5
    assert team_won(game(0.0, -1.0)) == 0.5
    assert team_won(game(1.0, 0.0)) == 0.5


def test_cooperative_seat_advantage_is_one_team_row_without_truncated_games() -> None:
    # A win (1), a loss (0), a mixed result (0.5); the truncated game does not count.
    games = [
        record((0, 1, 2), (1.0, 1.0, 1.0)),
        record((0, 1, 2), (-1.0, -1.0, -1.0), game=1),
        record((0, 1, 2), (1.0, -1.0, 1.0), game=2),
        dataclasses.replace(record((0, 1, 2), (1.0, 1.0, 1.0), game=3), truncated=True),
    ]
    got = [(r.label, r.successes, r.games) for r in seat_advantage(games, cooperative=True)]
    assert got == [("team", 1.5, 3)]
    assert seat_advantage([], cooperative=False) == []
    assert [(r.label, r.games) for r in seat_advantage([], cooperative=True)] == [("team", 0)]


def test_turn_order_needs_every_first_seat_and_one_that_is_not_seat_one() -> None:
    late = record((0, 1, 2), (-1.0, 2.0, -1.0), first=1)
    unknown = record((0, 1, 2), (-1.0, 2.0, -1.0), first=-1, game=1)
    seat_one = record((0, 1, 2), (2.0, -1.0, -1.0), first=0, game=2)
    assert turn_order([late, unknown]) == []
    assert turn_order([unknown, late]) == []
    assert turn_order([seat_one, seat_one]) == []
    # Every game started by seat 2 (first == 1): seat 2 won it, so the 1st to play won.
    got = [(r.label, r.successes, r.games) for r in turn_order([late, late])]
    assert got == [("1st to play", 2.0, 2), ("2nd to play", 0.0, 2), ("3rd to play", 0.0, 2)]
    # A truncated game in between is skipped, not the end of the count.
    cut = dataclasses.replace(late, truncated=True)
    assert [r.games for r in turn_order([late, cut, seat_one])] == [2, 2, 2]


def test_head_to_head_skips_a_truncated_game_and_sums_cooperative_results() -> None:
    win = record((0, 1), (1.0, 1.0))
    mixed = record((0, 1), (1.0, -1.0), game=1)
    cut = dataclasses.replace(record((0, 1), (-1.0, -1.0), game=2), truncated=True)
    m = rates(head_to_head([win, cut, mixed], bots=2, cooperative=True))
    assert m == [[None, (1.5, 2)], [(1.5, 2), None]]
    m = rates(head_to_head([mixed, cut, win], bots=2, cooperative=False))
    # Competitive: bot 0 beat bot 1 once (1 > -1) and tied once (1 == 1).
    assert m == [[None, (1.5, 2)], [(0.5, 2), None]]


def test_cooperative_contributions_compare_games_with_and_without_the_feature() -> None:
    # Team results: G1 won (1), G2 lost (0), G3 mixed (0.5): 1.5 in 3 games; G4 truncated.
    # "buy A" in G1 and G3: 1.5 of 2 (0.75), baseline G2 alone: 0.
    # "buy B" in G2 and G3: 0.5 of 2 (0.25), baseline G1 alone: 1.
    # "setup X" (the table's) in G1 and G2: 1 of 2, baseline G3: 0.5.
    # "play T" in every game: 1.5 of 3, baseline (no game without it) all games: 0.5.
    def game(g: int, returns: tuple[float, ...], seats: tuple[dict[str, int], ...],
             table: dict[str, int]) -> GameRecord:  # fmt: skip
        return GameRecord(0, g, 0, (0, 1, 2), returns, 10, False, seats, table)

    games = [
        game(0, (1.0, 1.0, 1.0), ({"buy A": 1}, {}, {"play T": 1}), {"setup X": 1}),
        game(1, (-1.0, -1.0, -1.0), ({}, {"buy B": 2}, {"play T": 1}), {"setup X": 1}),
        game(2, (1.0, -1.0, 1.0), ({"buy A": 1}, {"buy B": 1}, {"play T": 2}), {}),
        dataclasses.replace(game(3, (1.0, 1.0, 1.0), ({"buy A": 5}, {}, {}), {}), truncated=True),
    ]
    got = [(c.feature, c.successes, c.games, c.baseline) for c in contributions(games, True, 2)]
    assert got == [("buy A", 1.5, 2, 0.0), ("play T", 1.5, 3, 0.5), ("setup X", 1.0, 2, 0.5),
                   ("buy B", 0.5, 2, 1.0)]  # fmt: skip
    assert [c.feature for c in contributions(games, True, 3)] == ["play T"]
    assert contributions(games[3:], True, 1) == []


def test_competitive_contributions_with_a_shared_win_and_a_tie_for_the_lead() -> None:
    # G1: seat 1 wins; it leads "buy A" (3 of them); "buy C" is tied at the top (1, 1).
    # G2: seats 0 and 1 share the win (a half each); seat 0 leads "buy A" (half a win),
    # seat 2 leads "buy B" and lost. G3 is truncated.
    g1 = GameRecord(0, 0, 0, (0, 1, 2), (-1.0, 2.0, -1.0), 10, False,
                    ({"buy A": 1}, {"buy A": 3, "buy C": 1}, {"buy C": 1}), {})  # fmt: skip
    g2 = GameRecord(0, 1, 0, (0, 1, 2), (1.0, 1.0, -2.0), 10, False,
                    ({"buy A": 2}, {}, {"buy B": 1}), {})  # fmt: skip
    g3 = dataclasses.replace(g1, game=2, truncated=True)
    got = [
        (c.feature, c.successes, c.games, c.baseline) for c in contributions([g1, g3, g2], False, 1)
    ]
    assert got == [("buy A", 1.5, 2, 1 / 3), ("buy B", 0.0, 1, 1 / 3)]
    assert [c.feature for c in contributions([g1, g2], False, 2)] == ["buy A"]


def test_contribution_defaults_and_baselines_with_several_games_without_the_feature() -> None:
    # Cooperative: "buy A" in 20 won games; 4 lost games without it: baseline 0 / 4.
    # "buy B" in 2 of the lost games: 0 of 2, baseline (20 + 0) / 22.
    won = [GameRecord(0, g, 0, (0, 1), (1.0, 1.0), 10, False, ({"buy A": 1}, {}), {})
           for g in range(20)]  # fmt: skip
    lost = [GameRecord(0, 20 + g, 0, (0, 1), (-1.0, -1.0), 10, False,
                       ({"buy B": 1} if g < 2 else {}, {}), {}) for g in range(4)]  # fmt: skip
    assert [c.feature for c in contributions(won + lost, True)] == ["buy A"]  # 20 games: enough
    assert contributions(won[1:] + lost, True) == []  # 19 are not
    got = {
        c.feature: (c.successes, c.games, c.baseline) for c in contributions(won + lost, True, 2)
    }
    assert got == {"buy A": (20.0, 20, 0.0), "buy B": (0.0, 2, 20 / 22)}


def test_head_to_head_labels_and_a_truncated_games_score() -> None:
    m = head_to_head([record((2, 0), (1.0, -1.0))], bots=3, cooperative=False)
    assert m[2][0] is not None and m[2][0].label == "2 v 0" and m[0][2] is not None
    assert m[0][2].label == "0 v 2"
    cut = dataclasses.replace(record((0, 1), (1.0, -1.0)), truncated=True)
    assert [score(cut, s) for s in range(2)] == [0.0, 0.0] and winner(cut) is None


def test_regroup_renames_adds_and_drops_features() -> None:
    # "buy A1" and "buy A2" become "crew A" (counts added); "buy B1" is dropped.
    features = ({"buy A1": 1, "buy A2": 2, "buy B1": 4}, {"buy A2": 1})
    g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, features, {"setup A1": 1})
    (out,) = regroup([g], lambda f: "crew A" if f.endswith(("A1", "A2")) else None)
    assert out.features == ({"crew A": 3}, {"crew A": 1})
    assert out.table_features == {"crew A": 1}
    assert (out.seats, out.returns, out.game) == (g.seats, g.returns, g.game)
    (same,) = regroup([g], lambda f: f)
    assert same.features == g.features and same.table_features == g.table_features
