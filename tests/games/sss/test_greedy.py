"""The greedy bot judges the end of its turn: it plays its power before buying and uses Froth
for the power it needs (issue 40: one ply bought the first thing it could pay for)."""

from __future__ import annotations

import henchmen
from henchmen.bots import GreedyBot

from .builder import EXPEL_CREWS, crews, me, moves, play, position

# Costs: Royal Rule 5 is 3, Health Hazards 7 and Freezer Burn 7 are 4, Health Hazards 8 is 5.
ROW = ["Royal Rule 5", "Health Hazards 7", "Royal Rule 9", "Freezer Burn 7", "Health Hazards 8"]


def own_turn(state: henchmen.State, seed: int) -> list[str]:
    """The greedy bot's moves until its turn ends (or chance must draw)."""
    bot, log = GreedyBot(seed), []
    while state.turn_player == 0 and not state.is_chance and not state.is_terminal:
        action = bot.choose(state)
        log.append(state.action_to_string(action))
        state.apply(action)
    return log


def test_it_plays_its_power_before_buying() -> None:
    # Power 3 and two Tiny Bots still in hand: buying Royal Rule 5 (cost 3) now scores better
    # one ply ahead, and loses the two power; the old bot bought it on every seed. (Where the
    # next Tiny Bot alone buys nothing better, here a 4-cost Minion, the one-ply rest of the
    # turn sees no gain in waiting: see docs/strength.md, "The greedy bot".)
    for seed in range(4):
        s = position(hands={0: ["Tiny Bot"] * 2}, in_play={0: ["Tiny Bot"] * 3}, power={0: 3},
                     row=ROW)
        assert "buy Royal Rule 5" in moves(s)
        assert s.action_to_string(GreedyBot(seed).choose(s)) == "play Tiny Bot"


def test_froth_takes_the_tiny_bot_when_its_power_buys_more() -> None:
    # Power 3 with Froth unused: expelling the Tiny Bot (+1) pays for a 4-cost Minion; the old
    # bot bought Royal Rule 5 and ended the turn with Froth unused.
    with crews(*EXPEL_CREWS):
        for seed in range(4):
            s = position(hands={0: ["Llamaristas 3", "Tiny Bot"]},
                         discard={0: ["Junky Bot", "Tiny Bot"]}, row=ROW)
            play(s, "play Llamaristas 3", "play Tiny Bot")
            assert me(s, 0)["power"] == 3 and {"froth Tiny Bot", "froth Junky Bot"} <= set(moves(s))
            turn = own_turn(s, seed)
            assert turn[0] == "froth Tiny Bot"
            assert turn[1] in ("buy Health Hazards 7", "buy Freezer Burn 7")
