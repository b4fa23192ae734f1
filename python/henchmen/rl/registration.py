"""Gymnasium ids for every game and mode: ``gymnasium.make("henchmen/<game>-v0", ...)``.

Each id makes a :class:`~henchmen.rl.SingleAgentEnv` (one seat against bots);
the keyword arguments of ``gymnasium.make`` are its own (``opponents``,
``seat``, ``render_mode``...) and the game's options (``players=3``...).
A game's default id plays its default options; a mode has an id of its own
(``henchmen/seven-secret-supervillains-brawl-v0``, ``henchmen/suet-long-v0``).

Importing henchmen never imports gymnasium: :func:`install` (run by
``import henchmen``) registers the ids at once if gymnasium is already
imported, and otherwise the moment it is first imported, so both orders of
``import gymnasium`` and ``import henchmen`` work. Gymnasium 1.x reads no
plugin entry points; a package registers its ids when imported, as ale_py
does. :func:`make` is ``gymnasium.make`` with henchmen errors for an unknown
id or render mode.

>>> import gymnasium
>>> import henchmen
>>> env = gymnasium.make("henchmen/parry-v0", opponents="greedy", players=3)
>>> obs, info = env.reset(seed=1)
>>> env.unwrapped.game.num_players, env.spec.id
(3, 'henchmen/parry-v0')
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from henchmen import _checks
from henchmen.errors import UnknownGameError
from henchmen.game import games

NAMESPACE = "henchmen"
VERSION = 0
ENTRY_POINT = "henchmen.rl.single:SingleAgentEnv"
#: Modes that are not a ``mode`` option: a switch that changes how the whole game is played.
NAMED_MODES: dict[str, dict[str, dict[str, object]]] = {
    "suet": {"long": {"long_game": True}},
}
RENDER_MODES = ("ansi", "human")


def _id(game: str, mode: str | None = None) -> str:
    return f"{NAMESPACE}/{game}{'-' + mode if mode else ''}-v{VERSION}"


def env_ids() -> dict[str, dict[str, object]]:
    """Every id, with the keyword arguments its spec gives ``SingleAgentEnv``.

    >>> ids = env_ids()
    >>> ids["henchmen/seven-secret-supervillains-climb-v0"]
    {'name': 'seven-secret-supervillains', 'mode': 'climb'}
    >>> ids["henchmen/suet-long-v0"]
    {'name': 'suet', 'long_game': True}
    """
    ids: dict[str, dict[str, object]] = {}
    for info in games():
        ids[_id(info.name)] = {"name": info.name}
        for option in info.options:
            if option.name == "mode":
                for mode in option.choices:
                    ids[_id(info.name, mode)] = {"name": info.name, "mode": mode}
        for mode, options in NAMED_MODES.get(info.name, {}).items():
            ids[_id(info.name, mode)] = {"name": info.name, **options}
    return ids


def register_envs() -> list[str]:
    """Register every id with gymnasium (imports it); safe to repeat. Returns the ids.

    >>> "henchmen/legendary-v0" in register_envs()
    True
    """
    import gymnasium

    ids = env_ids()
    for env_id, kwargs in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs=kwargs)
    return list(ids)


def make(env_id: str, **kwargs: Any) -> Any:
    """``gymnasium.make(env_id, **kwargs)`` for a henchmen id, checked first: an unknown id
    or render mode is a henchmen error listing what there is.

    >>> make("henchmen/chess-v0")
    Traceback (most recent call last):
    ...
    henchmen.errors.UnknownGameError: no henchmen environment 'henchmen/chess-v0'; ids: ...
    >>> make("henchmen/parry-v0", render_mode="rgb_array")
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: render_mode (or None) must be one of 'ansi', 'human', got ...
    """
    try:
        import gymnasium
    except ImportError:
        raise ImportError("henchmen.rl.make needs gymnasium: pip install 'henchmen[rl]'") from None

    ids = register_envs()
    if not isinstance(env_id, str) or env_id not in ids:
        raise UnknownGameError(
            f"no henchmen environment {_checks.quote(env_id)}; ids: {', '.join(ids)}"
        )
    if kwargs.get("render_mode") is not None:
        _checks.one_of(kwargs["render_mode"], RENDER_MODES, "render_mode (or None)")
    return gymnasium.make(env_id, **kwargs)


def _register_quietly() -> None:
    # Runs inside `import gymnasium`: a failure here must not break that import.
    try:
        register_envs()
    except Exception as e:  # reported, never raised into someone's import of gymnasium
        warnings.warn(f"henchmen could not register its gymnasium ids: {e}", stacklevel=2)


class _RegisterOnImport(importlib.abc.MetaPathFinder):
    """Finds gymnasium with the other finders and registers the ids once it has loaded.

    It stays on ``sys.meta_path`` until gymnasium has loaded: a bare
    ``importlib.util.find_spec("gymnasium")`` (an optional-dependency check)
    asks it too, and the import that follows must still find it.
    """

    def __init__(self) -> None:
        self._finding = False

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "gymnasium" or self._finding:
            return None
        self._finding = True  # the search below asks every finder, this one included
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._finding = False
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            _uninstall()
            _register_quietly()

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_HOOK = _RegisterOnImport()


def _uninstall() -> None:
    if _HOOK in sys.meta_path:
        sys.meta_path.remove(_HOOK)


def install() -> None:
    """Register the ids now if gymnasium is imported, else when it is (without importing it).

    >>> install()
    >>> import gymnasium
    >>> "henchmen/villainy-v0" in gymnasium.registry
    True
    """
    if sys.modules.get("gymnasium") is not None:
        _register_quietly()
    elif _HOOK not in sys.meta_path:
        sys.meta_path.insert(0, _HOOK)
