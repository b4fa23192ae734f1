"""Replays: a whole game as a versioned, human-readable JSON document.

A replay records the game and its options, the players, every action in
order (chance outcomes included) in move notation and as an id, the result,
and the state hash every :data:`CHECKPOINT_EVERY` actions and at the end.
It does not depend on any random generator: replaying the recorded actions
reproduces the game exactly, and :func:`load_replay` checks that it does,
naming the first step where anything diverges.

>>> import henchmen, tempfile, os
>>> from henchmen.replay import write_replay, load_replay
>>> state = henchmen.new_game("seven-secret-supervillains", seed=4)
>>> for _ in range(20):
...     state.apply(state.legal_action_ids[0])
>>> path = os.path.join(tempfile.mkdtemp(), "game.json")
>>> _ = write_replay(path, state, seed=4)
>>> replay = load_replay(path)
>>> len(replay.steps) == state.move_number and replay.final_state == state
True

The document (format version 1)::

    {"format": "henchmen-replay", "version": 1, "engine": "0.1.0",
     "game": "seven-secret-supervillains", "options": {"players": 2},
     "seed": 4,
     "players": [{"name": "Player 1", "bot": "greedy", "seed": 11}, ...],
     "actions": [{"step": 1, "player": "chance", "move": "...", "id": 17}, ...],
     "checkpoints": [{"step": 0, "hash": "9f0c2d6e1b7a3c55"}, ...],
     "result": {"terminal": true, "returns": [1.0, -1.0], "winners": [0], "outcome": "won"}}

A game stopped before its end (a player quit, Ctrl-C) is marked
``"abandoned": true`` in its result.  A game whose options define a measure
(:attr:`henchmen.Game.measure_name`: the Seven Secret Supervillains Climb's
turns to its goal) records it in the result too, null until it is had::

     "result": {"terminal": true, "returns": [0.895], "winners": [], "outcome": "score",
                "measure": {"name": "turns", "value": 22}}
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from henchmen import _checks, _core, _files
from henchmen import outcome as _outcome
from henchmen.errors import ActionTypeError, HenchmenError, OptionError, SerializationError
from henchmen.game import Game, game_info
from henchmen.state import State

#: The ``"format"`` field that marks a JSON document as a replay.
FORMAT = "henchmen-replay"
#: The version of the replay format written (docs/replay-format.md tells each).
FORMAT_VERSION = 1
#: A state hash is recorded every this many actions, and at the end.
CHECKPOINT_EVERY = 10
#: The largest replay file :func:`load_replay` reads (a long game takes well under 1 MB).
MAX_REPLAY_BYTES = 64 * 1024 * 1024

_KEYS = (
    "format",
    "version",
    "engine",
    "game",
    "options",
    "seed",
    "players",
    "actions",
    "checkpoints",
    "result",
)

PathLike = Union[str, "os.PathLike[str]"]


def _engine_version() -> str:
    from henchmen import __version__

    return __version__


def hash_hex(h: int) -> str:
    """A 64-bit state hash as the 16 hex digits replays store.

    >>> hash_hex(255)
    '00000000000000ff'
    """
    return f"{h:016x}"


@dataclass(frozen=True)
class ReplayPlayer:
    """A seat: the player's name, and the bot and bot seed that played it (None for a human).

    >>> ReplayPlayer("Ann", "greedy", 1).bot
    'greedy'
    """

    name: str
    bot: str | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ActionTypeError(
                f"a player's name must be a str, got {_checks.describe(self.name)}"
            )
        if self.bot is not None and not isinstance(self.bot, str):
            raise ActionTypeError(
                f"a player's bot must be a str or None, got {_checks.describe(self.bot)}"
            )
        if self.seed is not None:
            _checks.seed(self.seed, "a player's bot seed")


@dataclass(frozen=True)
class ReplayStep:
    """One recorded action: its step number (1-based), who took it, its notation and id.

    ``player`` is the deciding player, or :data:`henchmen.CHANCE` for a chance outcome.

    >>> import henchmen
    >>> first = make_replay(henchmen.new_game("seven-secret-supervillains")).steps[0]
    >>> first.step, first.is_chance
    (1, True)
    """

    step: int
    player: int
    move: str
    id: int

    @property
    def is_chance(self) -> bool:
        """True for a chance outcome (a shuffle or a draw), False for a player's decision.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.apply("end turn")
        >>> [(s.move, s.is_chance) for s in make_replay(state).steps][-2:]
        [('end turn', False), ('draw Strike', True)]
        """
        return self.player == _core.CHANCE


@dataclass
class Replay:
    """A recorded game.  Build one with :func:`make_replay` or :class:`ReplayRecorder`.

    ``checkpoints`` maps a step number (actions applied) to the state hash
    there, as 16 hex digits.  ``abandoned`` marks a game stopped before its
    end (a player quit, or the program was interrupted).  After
    :func:`load_replay` or :meth:`verify`, ``final_state`` holds the replayed
    final position.

    >>> import henchmen
    >>> replay = make_replay(henchmen.new_game("seven-secret-supervillains", seed=1), seed=1)
    >>> replay.seed, replay.terminal, replay.checkpoints[0] == replay.checkpoints[0].lower()
    (1, False, True)
    """

    #: The game's registered name (:func:`henchmen.games`).
    game: str
    #: The options the game was made with.
    options: dict[str, Any]
    #: One per seat, in seat order.
    players: list[ReplayPlayer]
    #: Every action in order, chance outcomes included.
    steps: list[ReplayStep]
    #: Step number (actions applied) to the state hash there, as 16 hex digits.
    checkpoints: dict[int, str]
    #: One number per player at the last step (all zero while unfinished).
    returns: tuple[float, ...]
    #: Whether the game ended.
    terminal: bool
    #: The seed the game was made with, if it was given.
    seed: int | None = None
    #: The game was stopped before its end (a player quit, the program was interrupted).
    abandoned: bool = False
    #: The game's measure (:attr:`henchmen.Game.measure_name`) as (name, value); value
    #: None until had; None for games without one.
    measure: tuple[str, float | None] | None = None
    engine: str = field(default_factory=_engine_version)
    version: int = FORMAT_VERSION
    final_state: State | None = field(default=None, compare=False, repr=False)
    #: After :meth:`verify`: None, or one line saying that the action ids moved since the
    #: replay was written (another engine's action space) and that its notation was
    #: followed; ``steps`` and ``checkpoints`` then hold this engine's ids and hashes.
    renumbered: str | None = field(default=None, compare=False)

    @property
    def cooperative(self) -> bool:
        """Whether the players win or lose as a team (the game is not zero-sum: Legendary).

        >>> import henchmen
        >>> make_replay(henchmen.new_game("parry")).cooperative
        False
        """
        try:
            return game_info(self.game).zero_sum is False
        except HenchmenError:  # a game this engine does not know: read as competitive
            return False

    @property
    def winners(self) -> list[int]:
        """Who won (:func:`henchmen.outcome.winners`); empty if unfinished, drawn or lost.

        Players are numbered from 0, as in :attr:`returns`.  In a cooperative
        game every player wins with the team, and nobody when it loses.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> make_replay(state).winners
        []
        >>> while not state.is_terminal:
        ...     state.apply(state.legal_action_ids[0])
        >>> replay = make_replay(state)
        >>> replay.returns, replay.winners
        ((1.0, -1.0), [0])
        """
        if not self.terminal:
            return []
        return _outcome.winners(self.returns, self.cooperative)

    @property
    def outcome(self) -> _outcome.Outcome | None:
        """``"won"``, ``"lost"`` (a cooperative team), ``"draw"`` or ``"score"`` (one player
        of a competitive game); None while unfinished (:func:`henchmen.outcome.outcome`).

        >>> import henchmen
        >>> make_replay(henchmen.new_game("parry")).outcome is None
        True
        """
        return _outcome.outcome(self.returns, self.cooperative) if self.terminal else None

    def to_json(self) -> str:
        """The replay document: JSON with one action per line, easy to read and diff.

        >>> import henchmen
        >>> replay = make_replay(henchmen.new_game("seven-secret-supervillains"))
        >>> Replay.from_json(replay.to_json()) == replay
        True
        """
        head: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "engine": self.engine,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": [{"name": p.name, "bot": p.bot, "seed": p.seed} for p in self.players],
        }
        lines = ["{"]
        lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
        actions = [
            json.dumps(
                {
                    "step": s.step,
                    "player": "chance" if s.is_chance else s.player,
                    "move": s.move,
                    "id": s.id,
                }
            )
            for s in self.steps
        ]
        lines.append('  "actions": [' + ("\n    " if actions else ""))
        lines[-1] += ",\n    ".join(actions) + ("\n  ]," if actions else "],")
        marks = [json.dumps({"step": k, "hash": v}) for k, v in sorted(self.checkpoints.items())]
        lines.append('  "checkpoints": [\n    ' + ",\n    ".join(marks) + "\n  ],")
        result: dict[str, Any] = {
            "terminal": self.terminal,
            "returns": list(self.returns),
            "winners": self.winners,
        }
        if self.terminal:  # only then: an unfinished game has no outcome yet
            result["outcome"] = self.outcome
        if self.abandoned:  # only then, so every other replay reads as before the field existed
            result["abandoned"] = True
        if self.measure is not None:  # likewise: only games with a measure write one
            name, value = self.measure
            shown: float | int | None = value
            if value is not None and float(value).is_integer():
                shown = int(value)  # a count reads as one
            result["measure"] = {"name": name, "value": shown}
        lines.append(f'  "result": {json.dumps(result)}')
        lines.append("}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Replay:
        """Read a replay document, checking its structure (not its moves: see :meth:`verify`).

        >>> import henchmen
        >>> text = make_replay(henchmen.new_game("seven-secret-supervillains")).to_json()
        >>> Replay.from_json(text).game
        'seven-secret-supervillains'
        """
        if not isinstance(text, str):
            raise ActionTypeError(f"replay text must be a str, got {_checks.describe(text)}")
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise SerializationError(_bad_json(text, e)) from None
        except (ValueError, RecursionError) as e:
            # ValueError: an integer too long to convert;
            # RecursionError: nesting deeper than the interpreter allows.
            raise SerializationError(f"replay is not valid JSON: {e}") from None
        return _parse(doc)

    def verify(self) -> State:
        """Replay every action and check it; returns the final state.

        Raises :class:`~henchmen.errors.SerializationError` naming the first
        step at which the notation, the player to act or a checkpoint hash
        disagrees with the engine.  The notation is the record: where it names
        another id than the recorded one (a replay written before the action
        ids moved), it is followed, and :attr:`renumbered` says so.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=3)
        >>> make_replay(state).verify() == state
        True
        """
        state = _verify(self)
        self.final_state = state
        return state

    def cursor(self) -> ReplayCursor:
        """A :class:`ReplayCursor` at the start, to step back and forth through the game.

        The replay is verified first if it has not been yet.

        >>> import henchmen
        >>> replay = make_replay(henchmen.new_game("seven-secret-supervillains", seed=2))
        >>> cursor = replay.cursor()
        >>> cursor.position, cursor.next().step, cursor.position
        (0, 1, 1)
        """
        return ReplayCursor(self)

    def _repr_html_(self) -> str:
        from henchmen.notebook import replay_html  # a notebook's table, with a step control

        return replay_html(self)

    def states(self) -> Iterator[State]:
        """Every position of the game in order: before step 1, after step 1, ..., the end.

        Each is an independent :class:`~henchmen.State` with explicit chance
        (``auto_chance=False``); changing one changes nothing else.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
        >>> replay = make_replay(state)
        >>> positions = list(replay.states())
        >>> len(positions) == len(replay.steps) + 1 and positions[-1] == state
        True
        """
        if self.final_state is None:
            self.verify()
        game = Game(self.game, **self.options)
        core = game._core.new_initial_state()
        yield State._wrap(core.clone(), game)
        for st in self.steps:
            core.apply(st.id)
            yield State._wrap(core.clone(), game)


class ReplayRecorder:
    """Follows a live game and records each action as it happens.

    Call :meth:`sync` after applying actions to the state: it returns the new
    :class:`ReplayStep` entries (chance outcomes the state resolved by itself
    included), which is what a narrated log needs.  :meth:`replay` gives the
    whole :class:`Replay` so far.

    >>> import henchmen
    >>> from henchmen.replay import ReplayRecorder
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
    >>> recorder = ReplayRecorder(state, seed=2)
    >>> setup = recorder.sync()
    >>> all(step.is_chance for step in setup)
    True
    >>> state.apply(state.legal_action_ids[0])
    >>> [step.player for step in recorder.sync()][0]
    0
    """

    def __init__(
        self,
        state: State,
        *,
        seed: int | None = None,
        players: Sequence[ReplayPlayer] | None = None,
    ) -> None:
        if not isinstance(state, State):
            raise ActionTypeError(f"a replay records a State, got {_checks.describe(state)}")
        game = state.game
        if players is None:
            players = [ReplayPlayer(f"Player {i + 1}") for i in range(game.num_players)]
        _checks.items(players, ReplayPlayer, "players")
        if len(players) != game.num_players:
            raise SerializationError(
                f"a replay of {game.name} needs {game.num_players} players, got {len(players)}"
            )
        self._state = state
        self._seed = None if seed is None else _checks.seed(seed)
        self._players = list(players)
        self._shadow = game._core.new_initial_state()
        self._steps: list[ReplayStep] = []
        self._checkpoints = {0: hash_hex(self._shadow.hash())}

    def sync(self) -> list[ReplayStep]:
        """Record the actions applied to the state since the last call, and return them.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> recorder = ReplayRecorder(state)
        >>> len(recorder.sync()) == state.move_number and recorder.sync() == []
        True
        """
        ids = self._state._s.history()
        shadow = self._shadow
        new: list[ReplayStep] = []
        for a in ids[len(self._steps) :]:
            step = len(self._steps) + 1
            try:
                entry = ReplayStep(step, shadow.current_player, shadow.action_to_string(a), a)
                shadow.apply(a)
            except HenchmenError as e:
                raise SerializationError(
                    f"step {step}: the state's history does not replay from the start ({e})"
                ) from None
            self._steps.append(entry)
            new.append(entry)
            if step % CHECKPOINT_EVERY == 0:
                self._checkpoints[step] = hash_hex(shadow.hash())
        if not shadow.same_position(self._state._s):
            raise SerializationError(
                f"step {len(self._steps)}: replaying the history does not reach the same position"
            )
        return new

    def replay(self) -> Replay:
        """The :class:`Replay` of everything so far (with a checkpoint at the end).

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> ReplayRecorder(state).replay().terminal
        False
        """
        self.sync()
        checkpoints = dict(self._checkpoints)
        checkpoints[len(self._steps)] = hash_hex(self._shadow.hash())
        state = self._state
        return Replay(
            game=state.game.name,
            options=state.game.options,
            players=list(self._players),
            steps=list(self._steps),
            checkpoints=checkpoints,
            returns=state.returns,
            terminal=state.is_terminal,
            seed=self._seed,
            measure=_measure_of(state),
        )


class ReplayCursor:
    """Steps back and forth through a verified replay.

    ``position`` counts the actions applied: 0 is the start of the game and
    ``len(replay.steps)`` the end.  :meth:`next` and :meth:`prev` move one
    step, :meth:`seek` jumps anywhere (replaying from the nearest kept
    snapshot, so going back is cheap).  :attr:`state` is an independent copy
    of the position here, with explicit chance.

    >>> import henchmen
    >>> from henchmen.replay import make_replay
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=3)
    >>> cursor = make_replay(state).cursor()
    >>> _ = cursor.seek(len(cursor))
    >>> cursor.state == state, cursor.at_end
    (True, True)
    >>> cursor.prev().step == len(cursor), cursor.position == len(cursor) - 1
    (True, True)
    """

    #: A snapshot of the position is kept every this many steps.
    SNAPSHOT_EVERY = 32

    def __init__(self, replay: Replay) -> None:
        if not isinstance(replay, Replay):
            raise ActionTypeError(f"a ReplayCursor walks a Replay, got {_checks.describe(replay)}")
        if replay.final_state is None:
            replay.verify()
        self.replay = replay
        self._game = Game(replay.game, **replay.options)
        self._core = self._game._core.new_initial_state()
        self._position = 0
        self._snapshots: dict[int, _core.State] = {0: self._core.clone()}

    def __len__(self) -> int:
        """The number of steps in the replay.

        >>> import henchmen
        >>> from henchmen.replay import make_replay
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=3)
        >>> len(make_replay(state).cursor()) == state.move_number
        True
        """
        return len(self.replay.steps)

    @property
    def position(self) -> int:
        """How many actions have been applied (0 to ``len(cursor)``).

        >>> import henchmen
        >>> cursor = make_replay(henchmen.new_game("parry", seed=1)).cursor()
        >>> cursor.position
        0
        >>> _ = cursor.next(); _ = cursor.next()
        >>> cursor.position, cursor.state.move_number
        (2, 2)
        """
        return self._position

    @property
    def at_start(self) -> bool:
        """True before the first step.

        >>> import henchmen
        >>> cursor = make_replay(henchmen.new_game("parry", seed=1)).cursor()
        >>> cursor.at_start
        True
        >>> _ = cursor.next()
        >>> cursor.at_start
        False
        """
        return self._position == 0

    @property
    def at_end(self) -> bool:
        """True after the last step.

        >>> import henchmen
        >>> cursor = make_replay(henchmen.new_game("parry", seed=1)).cursor()
        >>> while not cursor.at_end:
        ...     _ = cursor.next()
        >>> cursor.position == len(cursor)
        True
        """
        return self._position == len(self.replay.steps)

    @property
    def state(self) -> State:
        """An independent copy of the position at the cursor (explicit chance).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> cursor = make_replay(state).cursor()
        >>> _ = cursor.seek(-1)
        >>> here = cursor.state
        >>> here == state, here.auto_chance
        (True, False)
        >>> here.apply(here.legal_action_ids[0])
        >>> cursor.state == state  # the cursor did not move
        True
        """
        return State._wrap(self._core.clone(), self._game)

    @property
    def last_step(self) -> ReplayStep | None:
        """The step that led to this position (None at the start).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.apply("end turn")
        >>> cursor = make_replay(state).cursor()
        >>> cursor.last_step is None
        True
        >>> cursor.seek(-1) == state, cursor.last_step == make_replay(state).steps[-1]
        (True, True)
        """
        return self.replay.steps[self._position - 1] if self._position else None

    def next(self) -> ReplayStep:
        """Apply the next step and return it; OptionError at the end.

        >>> import henchmen
        >>> from henchmen.replay import make_replay
        >>> cursor = make_replay(henchmen.new_game("seven-secret-supervillains")).cursor()
        >>> cursor.next().is_chance
        True
        """
        if self.at_end:
            raise OptionError(f"the replay is at its end (step {self._position}); nothing follows")
        st = self.replay.steps[self._position]
        self._core.apply(st.id)
        self._position += 1
        if self._position % self.SNAPSHOT_EVERY == 0:
            self._snapshots.setdefault(self._position, self._core.clone())
        return st

    def prev(self) -> ReplayStep:
        """Undo the last step and return it; OptionError at the start.

        >>> import henchmen
        >>> from henchmen.replay import make_replay
        >>> cursor = make_replay(henchmen.new_game("seven-secret-supervillains")).cursor()
        >>> first = cursor.next()
        >>> cursor.prev() == first and cursor.at_start
        True
        """
        if self.at_start:
            raise OptionError("the replay is at its start (step 0); nothing comes before")
        st = self.replay.steps[self._position - 1]
        self.seek(self._position - 1)
        return st

    def seek(self, position: int) -> State:
        """Move to ``position`` (0 to ``len(cursor)``; negative counts from the end).

        Returns the position there, like :attr:`state`.

        >>> import henchmen
        >>> from henchmen.replay import make_replay
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
        >>> cursor = make_replay(state).cursor()
        >>> cursor.seek(-1) == state and cursor.seek(0).move_number == 0
        True
        """
        n = len(self.replay.steps)
        if isinstance(position, bool) or not isinstance(position, int):
            raise ActionTypeError(f"a replay position is an int, got {_checks.describe(position)}")
        target = position + n + 1 if position < 0 else position
        if not 0 <= target <= n:
            raise OptionError(
                f"replay position must be from 0 to {n} (or -1 to -{n + 1}), got {position}"
            )
        if target < self._position or target - self._position > self.SNAPSHOT_EVERY:
            base = max(k for k in self._snapshots if k <= target)
            if base > self._position or target < self._position:
                self._core = self._snapshots[base].clone()
                self._position = base
        while self._position < target:
            self.next()
        return self.state


def make_replay(
    state: State, *, seed: int | None = None, players: Sequence[ReplayPlayer] | None = None
) -> Replay:
    """The :class:`Replay` of a state's whole history (a state from :func:`henchmen.new_game`).

    >>> import henchmen
    >>> from henchmen.replay import make_replay
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=5)
    >>> make_replay(state, seed=5).steps[0].is_chance
    True
    """
    return ReplayRecorder(state, seed=seed, players=players).replay()


def write_replay(
    path: PathLike,
    game: State | Replay,
    *,
    seed: int | None = None,
    players: Sequence[ReplayPlayer] | None = None,
) -> Path:
    """Write a replay of ``game`` (a State or a Replay) to ``path``; returns the path.

    Missing parent folders are created.  For a State, ``seed`` and
    ``players`` are recorded as given.

    >>> import henchmen, tempfile, os
    >>> from henchmen.replay import write_replay
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=6)
    >>> write_replay(os.path.join(tempfile.mkdtemp(), "r.json"), state).name
    'r.json'
    """
    out = Path(_checks.path(path))
    if isinstance(game, State):
        replay = make_replay(game, seed=seed, players=players)
    elif isinstance(game, Replay):
        replay = game
    else:
        raise ActionTypeError(
            f"write_replay needs a State or a Replay, got {_checks.describe(game)}"
        )
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(replay.to_json(), encoding="utf-8")
    except OSError as e:
        raise SerializationError(f"cannot write replay to {out}: {e.strerror or e}") from None
    return out


def load_replay(path: PathLike) -> Replay:
    """Read, check and replay a replay file; returns the :class:`Replay`.

    Every action is replayed with explicit chance, checking that notation and
    id agree, that the right player acts, and that checkpoint hashes and the
    result match.  Any problem raises
    :class:`~henchmen.errors.SerializationError` naming the first bad step.
    ``replay.final_state`` is the final position.  Only a regular file of at
    most :data:`MAX_REPLAY_BYTES` is read (never a pipe or a device, which
    could block forever or never end).

    >>> import henchmen, tempfile, os
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=8)
    >>> path = write_replay(os.path.join(tempfile.mkdtemp(), "r.json"), state)
    >>> load_replay(path).final_state == state
    True
    """
    replay = Replay.from_json(_read_replay_file(_checks.path(path)))
    replay.verify()
    return replay


__all__ = [
    "CHECKPOINT_EVERY",
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_REPLAY_BYTES",
    "Replay",
    "ReplayCursor",
    "ReplayPlayer",
    "ReplayRecorder",
    "ReplayStep",
    "hash_hex",
    "load_replay",
    "make_replay",
    "write_replay",
]


# ------------------------------------------------------------------ reading
def _check_size(path: PathLike, size: int) -> None:
    if size > MAX_REPLAY_BYTES:
        raise SerializationError(
            f"cannot read replay {path}: it is {size} bytes, more than the {_mb(MAX_REPLAY_BYTES)} "
            "a replay may have (a long game takes well under 1 MB)"
        )


def _mb(n: int) -> str:
    return f"{n // (1024 * 1024)} MB"


def _read_replay_file(path: PathLike) -> str:
    """The text of a replay file: a regular file, at most MAX_REPLAY_BYTES, UTF-8."""

    def failed(e: OSError) -> SerializationError:
        return SerializationError(f"cannot read replay {path}: {e.strerror or e}")

    def refused(kind: str) -> SerializationError:
        return SerializationError(
            f"cannot read replay {path}: it is {kind}; a replay is a regular (JSON) file"
        )

    try:
        # Never a pipe or a device: opening a FIFO waits for a writer, a device may act on open.
        fd = _files.open_regular(path, os.O_RDONLY, refused)
    except OSError as e:
        raise failed(e) from None
    try:
        _check_size(path, os.fstat(fd).st_size)
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_REPLAY_BYTES + 1)  # a file still growing stops here
    except OSError as e:
        raise failed(e) from None
    finally:
        os.close(fd)
    if len(data) > MAX_REPLAY_BYTES:
        raise SerializationError(
            f"cannot read replay {path}: it is more than the {_mb(MAX_REPLAY_BYTES)} a replay "
            "may have"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SerializationError(f"cannot read replay {path}: not UTF-8 text ({e})") from None


# ------------------------------------------------------------------ checking
_ACTION_LINE = re.compile(r'^\s*\{"step": (\d+), .*\}\s*,?\s*$')


def _bad_json(text: str, e: json.JSONDecodeError) -> str:
    """Explain broken JSON; for a replay cut short or corrupted, name the first bad step.

    Replays keep one action per line, so the complete action lines before the
    error tell how far the file is intact.
    """
    lines = text.splitlines()
    good = 0
    section = "head"  # then "actions", then "tail"
    for line in lines[: max(e.lineno - 1, 0)]:
        stripped = line.strip()
        if section == "head" and stripped.startswith('"actions": ['):
            section = "tail" if stripped.endswith("],") else "actions"
        elif section == "actions":
            m = _ACTION_LINE.match(line)
            if m and int(m.group(1)) == good + 1:
                good += 1
            elif stripped in ("]", "],"):
                section = "tail"
    where = f"line {e.lineno} column {e.colno}: {e.msg}"
    last = len(lines) - 1
    while last > 0 and not lines[last].strip():
        last -= 1
    cut_short = e.lineno - 1 >= last
    if not text.lstrip().startswith("{") or section == "head":
        if cut_short and text.lstrip().startswith("{"):
            return f"replay is not valid JSON: the file ends early ({where})"
        return f"replay is not valid JSON: {e}"
    if section == "tail":
        what = "ends early" if cut_short else "is corrupt"
        return f"replay: the file {what} after its last step, step {good} ({where})"
    if cut_short:
        return (
            f"replay: the file ends early: intact up to step {good}; step {good + 1} "
            f"and the rest are missing ({where})"
        )
    return f"replay: step {good + 1} is corrupt, not valid JSON ({where})"


def _fail(msg: str) -> SerializationError:
    return SerializationError(f"replay: {msg}")


def _field(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise _fail(f"{where} has no '{key}'")
    value = obj[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise _fail(f"{where}: '{key}' has the wrong type ({_checks.describe(value)})")
    if not isinstance(value, kind):
        raise _fail(f"{where}: '{key}' has the wrong type ({_checks.describe(value)})")
    return value


def _parse(doc: Any) -> Replay:
    if not isinstance(doc, dict):
        raise _fail("the document must be a JSON object")
    if doc.get("format") != FORMAT:
        raise _fail(f'not a henchmen replay (format must be "{FORMAT}")')
    version = _field(doc, "version", int, "the document")
    if version > FORMAT_VERSION:
        raise _fail(
            f"format version {version} is newer than this engine reads ({FORMAT_VERSION}); "
            "upgrade henchmen"
        )
    if version != FORMAT_VERSION:
        raise _fail(f"format version {version} is not supported (this engine reads 1)")
    extra = sorted(set(doc) - set(_KEYS))
    if extra:
        raise _fail(f"unknown field(s) {', '.join(extra)}; allowed: {', '.join(_KEYS)}")
    engine = _field(doc, "engine", str, "the document")
    game = _field(doc, "game", str, "the document")
    options = _field(doc, "options", dict, "the document")
    seed = _field(doc, "seed", (int, type(None)), "the document")
    players = []
    for i, p in enumerate(_field(doc, "players", list, "the document")):
        where = f"player {i}"
        if not isinstance(p, dict):
            raise _fail(f"{where} must be an object")
        try:
            player = ReplayPlayer(
                _field(p, "name", str, where),
                _field(p, "bot", (str, type(None)), where),
                _field(p, "seed", (int, type(None)), where),
            )
        except (ActionTypeError, OptionError) as e:  # a file's fault, told as one
            raise _fail(f"{where}: {e}") from None
        players.append(player)
    steps = []
    for i, a in enumerate(_field(doc, "actions", list, "the document")):
        where = f"step {i + 1}"
        if not isinstance(a, dict):
            raise _fail(f"{where} must be an object")
        if _field(a, "step", int, where) != i + 1:
            raise _fail(f"{where} is numbered {a['step']}; steps count 1, 2, 3, ...")
        who = _field(a, "player", (int, str), where)
        if isinstance(who, str):
            if who != "chance":
                raise _fail(
                    f"{where}: 'player' must be a player index or \"chance\", "
                    f"got {_checks.quote(who)}"
                )
            who = _core.CHANCE
        move = _field(a, "move", str, where)
        steps.append(ReplayStep(i + 1, who, move, _field(a, "id", int, where)))
    checkpoints: dict[int, str] = {}
    for c in _field(doc, "checkpoints", list, "the document"):
        if not isinstance(c, dict):
            raise _fail("each checkpoint must be an object with 'step' and 'hash'")
        step = _field(c, "step", int, "a checkpoint")
        h = _field(c, "hash", str, f"checkpoint at step {step}")
        if not 0 <= step <= len(steps):
            raise _fail(f"checkpoint at step {step} is outside the game (0..{len(steps)})")
        if len(h) != 16 or any(ch not in "0123456789abcdef" for ch in h):
            raise _fail(f"checkpoint at step {step}: hash must be 16 lowercase hex digits")
        checkpoints[step] = h
    result = _field(doc, "result", dict, "the document")
    terminal = _field(result, "terminal", bool, "the result")
    returns = _field(result, "returns", list, "the result")
    if not all(isinstance(r, (int, float)) and not isinstance(r, bool) for r in returns):
        raise _fail("the result's returns must be numbers")
    abandoned = _field(result, "abandoned", bool, "the result") if "abandoned" in result else False
    if abandoned and terminal:
        raise _fail("the result says the game is both over and abandoned (abandoned is unfinished)")
    measure = _parse_measure(result)
    return Replay(
        game=game,
        options=options,
        players=players,
        steps=steps,
        checkpoints=checkpoints,
        returns=tuple(float(r) for r in returns),
        terminal=terminal,
        seed=seed,
        abandoned=abandoned,
        measure=measure,
        engine=engine,
        version=version,
    )


def _measure_of(state: State) -> tuple[str, float | None] | None:
    name = state.game.measure_name
    return None if name is None else (name, state.measure)


def _parse_measure(result: dict[str, Any]) -> tuple[str, float | None] | None:
    if "measure" not in result:
        return None
    m = _field(result, "measure", dict, "the result")
    name = _field(m, "name", str, "the result's measure")
    value = _field(m, "value", (int, float, type(None)), "the result's measure")
    return (name, None if value is None else float(value))


def _verify(replay: Replay) -> State:
    note = ""
    if replay.engine != _engine_version():
        note = f" (written by henchmen {replay.engine}; this is {_engine_version()})"
    try:
        game = Game(replay.game, **replay.options)
    except HenchmenError as e:
        raise _fail(f"cannot set up the game{note}: {e}") from None
    if len(replay.players) != game.num_players:
        raise _fail(f"lists {len(replay.players)} players but the game has {game.num_players}")
    if len(replay.steps) > game.max_game_length:
        raise _fail(
            f"has {len(replay.steps)} actions, more than any game of {replay.game} with these "
            f"options can last ({game.max_game_length}){note}"
        )
    state = game.new_initial_state(seed=None, auto_chance=False)
    s = state._s
    # The notation is the record: where it names another id than the one recorded, the
    # ids moved (the engine that wrote the file had another action space) and the
    # notation is followed. Its checkpoint hashes are then that engine's too, so a hash
    # that differs fails the replay only if no id moved.
    ids: list[int] = []
    moved = 0  # steps whose notation names another id than the recorded one
    hashes: dict[int, str] = {}
    differs: list[SerializationError] = []  # the first checkpoint that differs

    def fail(msg: str) -> SerializationError:
        # A checkpoint that differed earlier, with every id where it was, came first.
        return differs[0] if differs and not moved else _fail(msg)

    def check_hash(step: int) -> None:
        want = replay.checkpoints.get(step)
        if want is None:
            return
        hashes[step] = got = hash_hex(s.hash())
        if got != want and not differs:
            differs.append(
                _fail(f"step {step}: state hash {got} differs from the recorded {want}{note}")
            )

    check_hash(0)
    for st in replay.steps:
        where = f"step {st.step} ('{st.move}', id {st.id})"
        if s.is_terminal:
            raise fail(f"{where}: the game is already over{note}")
        if s.current_player != st.player:
            who = "chance" if s.is_chance else f"player {s.current_player}"
            rec = "chance" if st.is_chance else f"player {st.player}"
            raise fail(f"{where}: {who} is to act, but the replay says {rec}{note}")
        try:
            by_text = s.string_to_action(st.move)
        except HenchmenError as e:
            raise fail(f"{where}: {e}{note}") from None
        try:
            s.apply(by_text)
        except HenchmenError as e:
            raise fail(f"{where}: {e}{note}") from None
        ids.append(by_text)
        moved += by_text != st.id
        check_hash(st.step)
    if differs and not moved:
        raise differs[0]
    end = len(replay.steps)
    if s.is_terminal != replay.terminal:
        said = "over" if replay.terminal else "unfinished"
        raise _fail(f"step {end}: the replay says the game is {said}, but it is not{note}")
    got = s.returns()
    same = len(got) == len(replay.returns) and all(
        math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
        for a, b in zip(got, replay.returns, strict=True)
    )
    if not same:
        raise _fail(
            f"step {end}: returns {tuple(got)} differ from the recorded {replay.returns}{note}"
        )
    if replay.measure is not None and replay.measure != _measure_of(state):
        raise _fail(
            f"step {end}: the measure {_measure_of(state)} differs from the recorded "
            f"{replay.measure}{note}"
        )
    try:
        s.validate()
    except HenchmenError as e:
        raise _fail(f"step {end}: the final state is invalid: {e}") from None
    if moved:
        replay.renumbered = (
            f"the action ids moved since henchmen {replay.engine} wrote this replay: "
            f"{moved} of {end} steps followed by their notation"
            + ("; its checkpoint hashes are that engine's, not compared" if differs else "")
        )
        replay.steps = [
            ReplayStep(st.step, st.player, st.move, i)
            for st, i in zip(replay.steps, ids, strict=True)
        ]
        replay.checkpoints = hashes
    return state
