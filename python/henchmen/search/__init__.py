"""Search: MCTS and information-set MCTS, in Python and natively.

>>> import henchmen
>>> from henchmen.search import ISMCTS
>>> state = henchmen.new_game("seven-secret-supervillains", seed=4)
>>> choice = ISMCTS(iterations=100, seed=1).search(state).best
>>> choice in state.legal_actions
True
"""

from henchmen.search.evaluators import Evaluator, HeuristicEvaluator, Prior, RandomRollout
from henchmen.search.learned import LearnedEvaluator
from henchmen.search.mcts import ISMCTS, MCTS, SearchResult

__all__ = [
    "ISMCTS",
    "MCTS",
    "Evaluator",
    "HeuristicEvaluator",
    "LearnedEvaluator",
    "Prior",
    "RandomRollout",
    "SearchResult",
]
