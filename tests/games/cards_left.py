"""What a position builder has left to deal once the test's own cards are placed.

Every builder conserves the cards: what a test names goes where it says, the
rest to the deck. Naming more copies of a card than the game has is a mistake
in the test, said at once rather than as an invalid position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping


def cards_left(counts: Mapping[str, int], placed: Iterable[Iterable[str]]) -> Counter[str]:
    """``counts`` (card name to copies in the game) less every card named in ``placed``.

    >>> cards_left({"Strike": 2, "Parry": 1}, [["Strike"], ["Parry"]])
    Counter({'Strike': 1, 'Parry': 0})
    >>> cards_left({"Parry": 1}, [["Parry", "Parry"]])
    Traceback (most recent call last):
    ...
    ValueError: more Parry cards placed than the game has
    """
    left = Counter(counts)
    for pile in placed:
        for name in pile:
            left[name] -= 1
            if left[name] < 0:
                raise ValueError(f"more {name} cards placed than the game has")
    return left
