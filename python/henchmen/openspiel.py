"""Every Henchmen game as an OpenSpiel game, so OpenSpiel's algorithms and tests run on them.

Importing this module registers, with OpenSpiel's game registry:

- ``henchmen_<game>`` for every game (``-`` becomes ``_``), its options as
  game parameters (``henchmen_legendary(players=3)``), and
- ``henchmen_seven_secret_supervillains_<mode>`` for every mode of Seven
  Secret Supervillains (the mode fixed, so each has its own player range and
  utility).

It needs the ``openspiel`` extra (``pip install henchmen[openspiel]``).

>>> import pyspiel
>>> import henchmen.openspiel
>>> game = pyspiel.load_game("henchmen_parry(players=3)")
>>> game.num_players(), game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the deal is an explicit chance node
True

What maps to what:

- Chance is explicit: our chance nodes (``auto_chance=False``) are OpenSpiel
  chance nodes, with the same outcome ids and probabilities.
- Actions are our action ids; ``num_distinct_actions`` is our action bound,
  and chance outcomes share that space.
- The information state of a player is their observation: its string our
  ``State.observation_string``, its tensor our ``State.information_state_tensor``
  (the observation tensor): the engine folds what a player has seen (cards
  seen go into a hand, known deck tops, the unseen multisets) into the
  observation, and a resample keeps it, so two states a player cannot tell
  apart give the same string.
- ``resample_from_infostate`` is our ``resample``; clone, serialization and
  pickling carry our exact state (its JSON).
- ``card_data`` is not a parameter: OpenSpiel's game string cannot carry a
  JSON card table. A choice list (``crews``, ``heroes``, ...) is given as
  names separated by ``;``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import henchmen
from henchmen import _core
from henchmen.errors import OptionError
from henchmen.rl.encodings import slices

#: Prefix of every registered name: ``henchmen_legendary``.
PREFIX = "henchmen_"
#: Separates the names of a choice-list option in one parameter value.
LIST_SEPARATOR = ";"
#: Options OpenSpiel's game string cannot carry.
NOT_PARAMETERS = frozenset({"card_data"})
SSS = "seven-secret-supervillains"
#: Seven Secret Supervillains' modes by player count, for each registration's range.
SSS_PLAYERS = {
    "duel": (2, 2),
    "brawl": (3, 4),
    "classic": (4, 4),
    "secretive": (3, 4),
    "gambler": (1, 1),
    "climb": (1, 1),
}
#: Every game's returns lie in [-1, 1] (the rules pages say how each is made).
MIN_UTILITY, MAX_UTILITY = -1.0, 1.0


def short_name(game: str, mode: str | None = None) -> str:
    """The OpenSpiel name of a Henchmen game (and mode).

    >>> short_name("seven-secret-supervillains", "brawl")
    'henchmen_seven_secret_supervillains_brawl'
    """
    name = PREFIX + game.replace("-", "_")
    return f"{name}_{mode}" if mode else name


def _parameter_default(
    info_name: str, option: henchmen.OptionInfo, fixed_mode: str | None
) -> object:
    if option.kind == "choice-list":
        return ""  # the game's own default
    if option.kind == "text":
        return ""
    if option.kind in ("int", "bool"):
        if option.name == "players" and fixed_mode:
            return SSS_PLAYERS[fixed_mode][0]
        if option.name == "players" and info_name == SSS:
            return 0  # Seven Secret Supervillains: 0 gives the mode's usual count
        return option.default
    if option.name == "mode":
        return ""  # by the player count, as the game decides
    return str(option.default)


def _specification(info: henchmen.GameInfo, fixed_mode: str | None) -> dict[str, object]:
    return {
        o.name: _parameter_default(info.name, o, fixed_mode)
        for o in info.options
        if o.name not in NOT_PARAMETERS and not (fixed_mode and o.name == "mode")
    }


def _options(
    info: henchmen.GameInfo, params: dict[str, Any], fixed_mode: str | None
) -> dict[str, object]:
    """Our game options from OpenSpiel parameters; an unset sentinel leaves the default."""
    known = {o.name: o for o in info.options}
    options: dict[str, object] = {"mode": fixed_mode} if fixed_mode else {}
    for name, value in params.items():
        option = known.get(name)
        if option is None or name in NOT_PARAMETERS or (fixed_mode and name == "mode"):
            allowed = ", ".join(sorted(_specification(info, fixed_mode)))
            raise OptionError(
                f"{short_name(info.name, fixed_mode)} has no parameter {name!r}; "
                f"its parameters are: {allowed}"
            )
        if option.kind == "choice-list":
            if value != "":
                options[name] = [part.strip() for part in str(value).split(LIST_SEPARATOR)]
        elif option.kind in ("text", "choice") and value == "":
            continue
        elif name == "players" and value == 0 and info.name == SSS:
            continue
        else:
            options[name] = value
    return options


def _game_type(info: henchmen.GameInfo, fixed_mode: str | None, players: int | None) -> Any:
    """The game type; ``players`` None for the registry's entry, which spans every count."""
    lo, hi = SSS_PLAYERS[fixed_mode] if fixed_mode else (info.min_players, info.max_players)
    solo = players == 1 if players is not None else lo == 1
    if solo or not info.zero_sum:
        # A solo score, or Legendary's team result plus a VP rank: neither sums to a constant.
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    else:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    title = info.title + (f" ({fixed_mode})" if fixed_mode else "")
    return pyspiel.GameType(
        short_name=short_name(info.name, fixed_mode),
        long_name=f"Henchmen: {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_specification(info, fixed_mode),
    )


class HenchmenGame(pyspiel.Game):  # type: ignore[misc]
    """One Henchmen game with its options, as a ``pyspiel.Game``.

    Made by ``pyspiel.load_game("henchmen_<game>(...)")``; ``henchmen_game``
    is the :class:`henchmen.Game` behind it.

    >>> import pyspiel, henchmen.openspiel
    >>> game = pyspiel.load_game("henchmen_suet")
    >>> game.henchmen_game.name, game.num_distinct_actions() == game.max_chance_outcomes()
    ('suet', True)
    """

    #: Set by each registered subclass: which game, and the mode it fixes.
    info: henchmen.GameInfo
    fixed_mode: str | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info, fixed_mode = self.info, self.fixed_mode
        params = dict(params or {})
        options = _options(info, params, fixed_mode)
        game = henchmen.Game(info.name, **options)
        self.henchmen_game = game
        game_type = _game_type(info, fixed_mode, game.num_players)
        zero_sum = game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        game_info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=game.num_distinct_actions,
            num_players=game.num_players,
            min_utility=MIN_UTILITY,
            max_utility=MAX_UTILITY,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=game.max_game_length,
        )
        super().__init__(game_type, game_info, params)
        # Every new state starts as a clone of this one: OpenSpiel's Clone makes a
        # new initial state before it copies the attributes over.
        self._initial = game.new_initial_state(auto_chance=False)

    def new_initial_state(self) -> HenchmenState:
        """The game before the deal: a chance node.

        >>> import pyspiel, henchmen.openspiel
        >>> pyspiel.load_game("henchmen_parry").new_initial_state().is_chance_node()
        True
        """
        return HenchmenState(self, self._initial.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HenchmenObserver:
        """The observer OpenSpiel asks for observations and information states.

        >>> import pyspiel, henchmen.openspiel
        >>> game = pyspiel.load_game("henchmen_parry")
        >>> game.make_py_observer().tensor.shape == (game.observation_tensor_size(),)
        True
        """
        if params:
            raise OptionError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise OptionError(
                "only a player's own observation is available (public and private information "
                "for one player, the default); public-only or all-players observers are not"
            )
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return HenchmenObserver(self.henchmen_game, information_state=recall)


class HenchmenState(pyspiel.State):  # type: ignore[misc]
    """A position of a Henchmen game as a ``pyspiel.State``; ``henchmen_state`` is ours.

    >>> import pyspiel, henchmen.openspiel
    >>> state = pyspiel.load_game("henchmen_parry").new_initial_state()
    >>> sum(p for _, p in state.chance_outcomes())
    1.0
    """

    def __init__(self, game: HenchmenGame, state: henchmen.State | None = None) -> None:
        super().__init__(game)
        self.henchmen_state = state if state is not None else game._initial.clone()

    def current_player(self) -> int:
        """The player to decide, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``.

        >>> import pyspiel, henchmen.openspiel
        >>> state = pyspiel.load_game("henchmen_parry").new_initial_state()
        >>> state.current_player() == pyspiel.PlayerId.CHANCE
        True
        """
        p = self.henchmen_state.current_player
        if p == _core.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if p == _core.TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return p

    def _legal_actions(self, player: int) -> list[int]:
        return self.henchmen_state.legal_action_ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome id with its probability (empty away from chance).

        >>> import pyspiel, henchmen.openspiel
        >>> game = pyspiel.load_game("henchmen_parry(strikes=3,parries=1,hand_size=1)")
        >>> state = game.new_initial_state()
        >>> [(state.action_to_string(a), p) for a, p in state.chance_outcomes()]
        [('draw Strike', 0.75), ('draw Parry', 0.25)]
        """
        return self.henchmen_state._s.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.henchmen_state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.henchmen_state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """True once the game is over.

        >>> import pyspiel, henchmen.openspiel
        >>> pyspiel.load_game("henchmen_parry").new_initial_state().is_terminal()
        False
        """
        return self.henchmen_state.is_terminal

    def returns(self) -> list[float]:
        """One number per player in [-1, 1]; all zero before the end.

        >>> import pyspiel, henchmen.openspiel
        >>> pyspiel.load_game("henchmen_parry").new_initial_state().returns()
        [0.0, 0.0]
        """
        return list(self.henchmen_state.returns)

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> HenchmenState:
        """A state ``player`` cannot tell from this one, hidden cards redrawn (our ``resample``).

        ``sampler`` is OpenSpiel's probability sampler; its number seeds the draw.

        >>> import random, pyspiel, henchmen.openspiel
        >>> state = pyspiel.load_game("henchmen_parry").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.legal_actions()[0])
        >>> twin = state.resample_from_infostate(0, random.Random(1).random)
        >>> twin.information_state_string(0) == state.information_state_string(0)
        True
        """
        seed = int(sampler() * 2**63)
        other = self.henchmen_state.resample(player, seed=seed)
        other.set_auto_chance(False)
        return HenchmenState(self.get_game(), other)

    def __str__(self) -> str:
        return str(self.henchmen_state)


class HenchmenObserver:
    """OpenSpiel's Python observer: a player's observation as JSON text and a float tensor.

    ``dict`` names each stretch of the tensor as :mod:`henchmen.rl.encodings`
    does (seat 0 is the viewer), as views into ``tensor``. ``information_state``:
    the observer OpenSpiel asks for information states (perfect recall), filled
    from ``State.information_state_tensor``; otherwise from ``observation_tensor``.

    >>> import henchmen
    >>> observer = HenchmenObserver(henchmen.Game("parry"))
    >>> list(observer.dict)[:3], observer.dict["hand"].shape
    (['hand', 'seat 0', 'seat 1'], (2,))
    """

    def __init__(self, game: henchmen.Game, information_state: bool = False) -> None:
        self.information_state = information_state
        self.tensor = np.zeros(int(np.prod(game.observation_shape)), np.float32)
        # The slices tile the tensor in order (tests/rl/test_encodings.py), so OpenSpiel's
        # pieces, laid end to end by name, are the tensor itself.
        self.dict = {s.name: self.tensor[s.start : s.stop] for s in slices(game)}

    def set_from(self, state: HenchmenState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees in ``state``.

        >>> import pyspiel, henchmen.openspiel
        >>> game = pyspiel.load_game("henchmen_parry")
        >>> observer = game.make_py_observer()
        >>> observer.set_from(game.new_initial_state(), 0)
        >>> observer.tensor.dtype
        dtype('float32')
        """
        ours = state.henchmen_state
        if self.information_state:
            self.tensor[:] = ours.information_state_tensor(player)
        else:
            self.tensor[:] = ours.observation_tensor(player).reshape(-1)

    def string_from(self, state: HenchmenState, player: int) -> str:
        """What ``player`` sees in ``state``, as JSON: equal for states they cannot tell apart.

        >>> import pyspiel, henchmen.openspiel
        >>> game = pyspiel.load_game("henchmen_parry")
        >>> game.make_py_observer().string_from(game.new_initial_state(), 1)[:12]
        '{"chain":[],'
        """
        return state.henchmen_state.observation_string(player)


def _register(info: henchmen.GameInfo, fixed_mode: str | None) -> None:
    name = short_name(info.name, fixed_mode)
    if name in pyspiel.registered_names():
        return
    # OpenSpiel keeps the factory until the interpreter is gone; a class (as OpenSpiel's
    # own Python games register) outlives that, where a closure would be freed without
    # the GIL and abort the interpreter at exit.
    factory = type(
        "".join(part.title() for part in name.split("_")),
        (HenchmenGame,),
        {"info": info, "fixed_mode": fixed_mode, "__module__": __name__},
    )
    _FACTORIES.append(factory)
    pyspiel.register_game(_game_type(info, fixed_mode, None), factory)


_FACTORIES: list[type[HenchmenGame]] = []


def register() -> list[str]:
    """Register every game and mode with OpenSpiel (done on import; safe to repeat).

    >>> "henchmen_legendary" in register()
    True
    """
    names = []
    for info in henchmen.games():
        _register(info, None)
        names.append(short_name(info.name))
        if info.name == SSS:
            for mode in SSS_PLAYERS:
                _register(info, mode)
                names.append(short_name(info.name, mode))
    return names


NAMES = register()

__all__ = [
    "NAMES",
    "HenchmenGame",
    "HenchmenObserver",
    "HenchmenState",
    "register",
    "short_name",
]
