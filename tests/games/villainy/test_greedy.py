"""The greedy bot judges the end of its turn, past the opponents' chance to react (issue 40: one
ply saw a played card still waiting on a Segue, so nothing it played looked worth anything, and
greedy against random ran to the round limit with no Hideout hit)."""

from __future__ import annotations

import henchmen
from henchmen._cli_args import seed_for_bot
from henchmen.bots import GreedyBot
from henchmen.matches import parse_bot_spec, run_matches

from .builder import me, position

OPPONENT_HAND = ["First-Year Apprentice", "Hall Monitor", "Prefect", "Gargoyle", "Hellhound"]


def own_turn(state: henchmen.State, seed: int) -> list[str]:
    """Player 1's greedy turn; the opponent passes every reaction window, chance takes the first
    outcome."""
    bot, log = GreedyBot(seed), []
    while state.turn_player == 0 and not state.is_terminal:
        if state.is_chance or state.current_player != 0:
            state.apply(state.legal_action_ids[0])  # a draw, or player 2's pass
            continue
        action = bot.choose(state)
        log.append(state.action_to_string(action))
        state.apply(action)
    return log


def test_it_plays_a_minion_and_attacks_the_masters_blockers() -> None:
    # Two Bog Horrors block player 2's Master; the old bot played one card and then moved it
    # about or exchanged cards, never attacking, on every seed.
    for seed in range(4):
        s = position(hands={0: ["Silverback", "Gorilla Grunt", "Vine Curtain"], 1: OPPONENT_HAND},
                     grids={1: {"front center": "Bog Horror", "back center": "Bog Horror"}})
        turn = own_turn(s, seed)
        assert turn[0].startswith("play ") and " at " in turn[0]
        assert any(m.startswith("attack player 2") for m in turn), turn


def test_greedy_against_random_ends_before_the_round_limit() -> None:
    # 20 native games: the old bot won 16 and drew 3 at the round limit (seed 5).
    bots = [parse_bot_spec("greedy"), parse_bot_spec("random")]
    r = run_matches(henchmen.Game("villainy"), bots, 20, seed=5, threads=1)
    s = r.score(0)
    assert s.draws == 0 and s.wins >= 19, s


def test_the_issue_game_destroys_player_2s_hideout() -> None:
    # `henchmen play villainy --bots greedy,random --seed 2` (the same bots and seeds): the old
    # bot ran it to the round limit with neither Hideout hit once.
    state = henchmen.new_game("villainy", seed=2)
    bots = [parse_bot_spec(name).make(seed_for_bot(2, seat))
            for seat, name in enumerate(("greedy", "random"))]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state))
    assert state.returns == (1.0, -1.0)
    assert me(state, 1)["hits"] < 6
