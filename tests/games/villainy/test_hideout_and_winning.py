"""The Hideout: hits, absorbing with additions, its fall; the exposed Master; winning."""

from __future__ import annotations

from ..notation import moves, play, pos, resolve
from .builder import attacks, grid, master_attacked, me, pass_all, position

MM = ["Mugga Mugga", "Mugga Mugga"]


def hideout_attack(**spec: object) -> object:
    base: dict[str, object] = {
        "decks": MM,
        "hands": {0: [], 1: []},
        "grids": {0: {"front left": "Howler Monkey"}},
    }
    base.update(spec)
    s = position(**base)  # type: ignore[arg-type]
    play(s, "attack player 2 Hideout with front left")
    return s


def test_any_attack_on_the_hideout_scores_one_hit() -> None:
    s = hideout_attack()
    assert me(s, 1)["hits"] == 5


def test_an_addition_may_absorb_the_hit_at_the_attacked_players_choice() -> None:
    s = hideout_attack(lefts={1: "Vine Curtain"})
    assert s.current_player == 1 and moves(s) == ["take the hit", "absorb with Vine Curtain"]
    play(s, "absorb with Vine Curtain")
    assert (
        me(s, 1)["hits"] == 6
        and me(s, 1)["left"] is None
        and me(s, 1)["discard"] == ["Vine Curtain"]
    )
    s = hideout_attack(lefts={1: "Vine Curtain"})
    play(s, "take the hit")
    assert me(s, 1)["hits"] == 5 and me(s, 1)["left"] == "Vine Curtain"


def test_a_discarded_bonus_addition_is_gone_at_once() -> None:
    """A six-card hand ends: the player draws up to five the next time he fills his hand."""
    s = hideout_attack(lefts={1: "Treehouse Lookout"})
    play(s, "absorb with Treehouse Lookout", "end turn")
    resolve(s)
    assert len(me(s, 1)["hand"]) == 5


def test_additions_must_go_before_the_last_hit() -> None:
    s = hideout_attack(hits={1: 1}, lefts={1: "Vine Curtain"}, rights={1: "Rope Bridge"})
    assert moves(s) == ["absorb with Vine Curtain", "absorb with Rope Bridge"]
    s = hideout_attack(hits={1: 1}, rights={1: "Rope Bridge"})
    assert me(s, 1)["right"] is None and me(s, 1)["hits"] == 1  # forced, no choice to make


def test_the_sixth_hit_destroys_the_hideout_and_the_master_is_exposed_next_turn() -> None:
    s = hideout_attack(hits={1: 1})
    assert me(s, 1)["hits"] == 0 and me(s, 1)["hideout"] == "destroyed"
    assert not any("Master" in m or "Hideout" in m for m in attacks(s))  # not yet exposed
    play(s, "end turn")
    resolve(s)
    assert me(s, 1)["hideout"] == "removed"


def test_the_exposed_master_attacks_and_is_attacked() -> None:
    s = position(
        decks=MM,
        hands={0: [], 1: []},
        grids={0: {"front left": "Silverback"}, 1: {"front left": "Howler Monkey"}},
        hits={0: 0, 1: 0},
        hideouts={0: "removed", 1: "removed"},
    )
    assert "attack player 2 Master with Master" in attacks(s)
    assert "attack player 2 front left with Master" in attacks(s)


def test_destroying_the_last_opposing_master_wins_and_the_cards_leave_play() -> None:
    # Silverback A! 5 against the Master's D! 4.
    s = master_attacked(
        grids={0: {"front left": "Silverback"}, 1: {"front left": "Howler Monkey"}}, dead=[2]
    )
    assert s.is_terminal and s.returns == (1.0, -0.5, -0.5)
    assert grid(s, 1) == {} and me(s, 1)["alive"] is False
    assert [e.kind for e in s.last_events("spectator")][-1] == "game-over"


def test_a_failed_attack_on_the_master_changes_nothing() -> None:
    s = position(
        decks=MM,
        hands={0: [], 1: []},
        grids={0: {"front left": "Howler Monkey"}},
        hits={1: 0},
        hideouts={1: "removed"},
    )
    play(s, "attack player 2 Master with front left")
    assert not s.is_terminal and me(s, 1)["alive"]


def test_an_eliminated_player_is_skipped() -> None:
    s = position(players=3, decks=["Mugga Mugga"] * 3, hands={0: [], 1: [], 2: []}, dead=[1])
    play(s, "end turn")
    resolve(pass_all(s))
    assert s.turn_player == 2
    assert pos(s)["round"] == 1


def at_the_limit(**spec: object) -> object:
    """The last turn of the last round (round 4 of 4), three players, ended."""
    base: dict[str, object] = {
        "players": 3,
        "decks": ["Mugga Mugga"] * 3,
        "hands": {0: [], 1: [], 2: []},
        "turn_player": 2,
        "round_": 4,
        "max_rounds": 4,
    }
    base.update(spec)
    s = position(**base)  # type: ignore[arg-type]
    play(s, "end turn")
    return resolve(pass_all(s))


def test_the_round_limit_ends_the_game_and_the_most_hideout_hits_left_win() -> None:
    # Decision 5: player 1's Hideout can take 6, player 2's 4, player 3's 2.
    s = at_the_limit(hits={1: 4, 2: 2})
    assert s.is_terminal and pos(s)["winner"] == -2
    assert s.returns == (1.0, -0.5, -0.5)
    assert s.observation(1)["winners"] == [0]
    assert [e.kind for e in s.last_events("spectator")][-2:] == ["game-over", "limit-winner"]


def test_at_the_limit_each_hideout_addition_counts_one_hit() -> None:
    # 5 hits and two additions (7) beat an untouched Hideout (6).
    s = at_the_limit(hits={1: 5}, lefts={1: "Vine Curtain"}, rights={1: "Rope Bridge"})
    assert s.returns == (-0.5, 1.0, -0.5)


def test_at_the_limit_a_tie_shares_the_win_and_a_fallen_hideout_counts_nothing() -> None:
    s = at_the_limit(hits={2: 0}, hideouts={2: "destroyed"})
    assert s.returns == (0.25, 0.25, -0.5)
    assert s.observation(2)["winners"] == [0, 1]


def test_an_eliminated_player_loses_at_the_limit_like_any_trailing_master() -> None:
    s = at_the_limit(
        players=4,
        decks=["Mugga Mugga"] * 4,
        hands={0: [], 1: [], 2: [], 3: []},
        turn_player=3,
        hits={0: 3, 1: 3},
        dead=[2],
    )
    assert s.returns == (-1 / 3, -1 / 3, -1 / 3, 1.0)


def test_before_the_limit_a_round_ends_without_ending_the_game() -> None:
    s = at_the_limit(round_=3)
    assert not s.is_terminal and pos(s)["round"] == 4
