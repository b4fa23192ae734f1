"""Bots that play any henchmen game, made by name with :func:`make_bot`.

>>> import henchmen
>>> from henchmen.bots import make_bot
>>> state = henchmen.new_game("seven-secret-supervillains", seed=3)
>>> bots = [make_bot("greedy", seed=1), make_bot("random", seed=2)]
>>> while not state.is_terminal:
...     state.apply(bots[state.current_player].choose(state))
>>> len(state.returns)
2

New kinds of bot join the registry with :func:`register_bot`.
"""

from __future__ import annotations

from henchmen.bots.base import Bot, BotFactory, bot_names, make_bot, register_bot
from henchmen.bots.greedy import GreedyBot
from henchmen.bots.random_bot import RandomBot
from henchmen.bots.search_bot import SearchBot

register_bot("random", RandomBot)
register_bot("greedy", GreedyBot)
register_bot("ismcts", lambda seed: SearchBot(seed, "ismcts"))
register_bot("mcts", lambda seed: SearchBot(seed, "mcts"))

__all__ = [
    "Bot",
    "BotFactory",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "bot_names",
    "make_bot",
    "register_bot",
]
