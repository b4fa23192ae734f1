"""A learned leaf value for the native search, trained by self-play.

The search's default leaf is the game's hand-written heuristic. This package
trains a small network (one hidden layer, plain numpy) to predict the final
return of a player from that player's observation tensor, on positions of
self-play games played natively, and writes it as a JSON weights file that
the native search reads and evaluates at its leaves
(``ismcts:leaf=learned``; ``cpp/search/learned.h``).

    henchmen train super --minutes 5          # or: python -m henchmen.learn super

The files shipped with the package are in ``henchmen/data/evaluators/``;
docs/strength.md ("Learned evaluator") says which games have one and what it
is worth.

>>> from henchmen.learn import shipped
>>> isinstance(shipped(), list)
True
"""

from __future__ import annotations

from pathlib import Path

from henchmen.errors import OptionError

#: Where the weights shipped with the package live, one ``<game>.json`` a game.
EVALUATORS = Path(__file__).resolve().parent.parent / "data" / "evaluators"


def shipped() -> list[str]:
    """The games with a learned evaluator shipped in the package.

    >>> all(isinstance(name, str) for name in shipped())
    True
    """
    return sorted(p.stem for p in EVALUATORS.glob("*.json"))


def weights_file(game: str) -> str:
    """The shipped weights file of ``game`` (what ``leaf=learned`` reads).

    >>> weights_file("parry")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: no learned evaluator is shipped for 'parry'; ...
    """
    path = EVALUATORS / f"{game}.json"
    if not path.is_file():
        have = ", ".join(shipped()) or "none"
        raise OptionError(
            f"no learned evaluator is shipped for {game!r}; shipped: {have}. "
            f"Train one with: henchmen train {game} --minutes 5 --out FILE, "
            "then pass leaf=learned:weights=FILE"
        )
    return str(path)
