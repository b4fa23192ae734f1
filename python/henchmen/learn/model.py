"""The learned value: a one-hidden-layer network in plain numpy.

value(x) = tanh(b2 + w2 . relu(b1 + w1^T ((x - mean) * scale))), the expected
final return of the player whose observation tensor ``x`` is. The native twin
is ``cpp/search/learned.h``, which reads the same JSON file.

>>> import numpy as np
>>> net = ValueNet.initial("parry", players=2, inputs=3, hidden=2, seed=1)
>>> v = net.predict(np.zeros((1, 3), dtype=np.float32))
>>> v.shape, bool(-1 < v[0] < 1)
((1,), True)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from henchmen.errors import SerializationError

Floats = npt.NDArray[np.float64]
FORMAT = "henchmen-evaluator"


@dataclass
class ValueNet:
    """The network's weights and what it was trained for.

    >>> net = ValueNet.initial("parry", players=2, inputs=17, hidden=4, seed=1)
    >>> net.inputs, net.hidden
    (17, 4)
    """

    game: str
    players: int
    mean: Floats
    scale: Floats
    w1: Floats  # [inputs, hidden]
    b1: Floats
    w2: Floats
    b2: float
    training: dict[str, Any] = field(default_factory=dict)
    # Two players whose returns always sum to 0: the native search evaluates
    # the searching player's view only and negates it for the other.
    zero_sum: bool = False
    # The last input is the game's heuristic for the player (a correction to
    # the hand-written value is easier to learn than a value from nothing).
    heuristic_input: bool = False

    @property
    def inputs(self) -> int:
        """How many numbers a row has (the tensor, and the heuristic if used).

        >>> ValueNet.initial("parry", 2, 17, 4, seed=1).inputs
        17
        """
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        """The hidden units.

        >>> ValueNet.initial("parry", 2, 17, 4, seed=1).hidden
        4
        """
        return int(self.w1.shape[1])

    @classmethod
    def initial(cls, game: str, players: int, inputs: int, hidden: int, seed: int) -> ValueNet:
        """Small random weights (He initialisation), no standardisation.

        >>> ValueNet.initial("super", 2, 5, 3, seed=0).w1.shape
        (5, 3)
        """
        rng = np.random.default_rng(seed)
        return cls(
            game=game,
            players=players,
            mean=np.zeros(inputs),
            scale=np.ones(inputs),
            w1=rng.normal(0.0, np.sqrt(2.0 / inputs), (inputs, hidden)),
            b1=np.zeros(hidden),
            w2=rng.normal(0.0, np.sqrt(1.0 / hidden), hidden),
            b2=0.0,
        )

    def hidden_layer(self, x: npt.ArrayLike) -> Floats:
        """The hidden units' outputs for each row of ``x``.

        >>> ValueNet.initial("parry", 2, 3, 4, seed=1).hidden_layer([[0.0, 0.0, 0.0]]).shape
        (1, 4)
        """
        z = ((np.asarray(x, dtype=np.float64) - self.mean) * self.scale) @ self.w1 + self.b1
        return np.asarray(np.maximum(z, 0.0))

    def predict(self, x: npt.ArrayLike) -> Floats:
        """The value of each row of ``x`` (observation tensors), in (-1, 1).

        >>> net = ValueNet.initial("parry", 2, 3, 4, seed=1)
        >>> net.b2 = 0.5
        >>> net.w2[:] = 0.0
        >>> round(float(net.predict([[1.0, 2.0, 3.0]])[0]), 4)  # tanh(0.5)
        0.4621
        """
        return np.asarray(np.tanh(self.hidden_layer(x) @ self.w2 + self.b2))

    def to_json(self) -> dict[str, Any]:
        """The weights file's document (see ``cpp/search/learned.h``).

        >>> doc = ValueNet.initial("parry", 2, 3, 4, seed=1).to_json()
        >>> doc["format"], doc["inputs"], doc["hidden"], len(doc["w1"])
        ('henchmen-evaluator', 3, 4, 12)
        """
        return {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "players": self.players,
            "zero_sum": self.zero_sum,
            "heuristic_input": self.heuristic_input,
            "inputs": self.inputs,
            "hidden": self.hidden,
            "mean": _rounded(self.mean),
            "scale": _rounded(self.scale),
            "w1": _rounded(self.w1.reshape(-1)),
            "b1": _rounded(self.b1),
            "w2": _rounded(self.w2),
            "b2": float(self.b2),
            "training": self.training,
        }

    def save(self, path: str | Path) -> None:
        """Write the weights file (JSON, one line).

        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as d:
        ...     ValueNet.initial("parry", 2, 3, 4, seed=1).save(os.path.join(d, "p.json"))
        ...     ValueNet.load(os.path.join(d, "p.json")).hidden
        4
        """
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(self.to_json(), separators=(",", ":")) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> ValueNet:
        """Read a weights file; a malformed one raises SerializationError.

        >>> ValueNet.load("/nonexistent.json")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        henchmen.errors.SerializationError: /nonexistent.json: not a learned evaluator (...)
        """
        try:
            doc = json.loads(Path(path).read_text())
            n, h = int(doc["inputs"]), int(doc["hidden"])
            return cls(
                game=str(doc["game"]),
                players=int(doc["players"]),
                mean=np.asarray(doc["mean"], dtype=np.float64).reshape(n),
                scale=np.asarray(doc["scale"], dtype=np.float64).reshape(n),
                w1=np.asarray(doc["w1"], dtype=np.float64).reshape(n, h),
                b1=np.asarray(doc["b1"], dtype=np.float64).reshape(h),
                w2=np.asarray(doc["w2"], dtype=np.float64).reshape(h),
                b2=float(doc["b2"]),
                training=dict(doc.get("training", {})),
                zero_sum=bool(doc.get("zero_sum", False)),
                heuristic_input=bool(doc.get("heuristic_input", False)),
            )
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise SerializationError(f"{path}: not a learned evaluator ({e})") from e


def _rounded(a: Floats) -> list[float]:
    # Seven significant digits: the file stays small and float32-exact enough.
    return [float(f"{v:.7g}") for v in np.asarray(a, dtype=np.float64).reshape(-1)]


def fit(
    net: ValueNet,
    x: npt.NDArray[np.float32],
    y: Floats,
    seconds: float,
    seed: int = 0,
    batch: int = 256,
    rate: float = 1e-3,
    decay: float = 1e-4,
    groups: npt.NDArray[np.int64] | None = None,
) -> dict[str, float]:
    """Train ``net`` in place on (x, y) for at most ``seconds`` (Adam, squared error).

    A tenth of the rows is held out, whole ``groups`` at a time (the rows
    of one game share its result: held out row by row, they would let the
    network learn games by heart and early stopping never see it); the
    weights kept are those of the epoch with the lowest held-out error
    (early stopping). Returns the errors.

    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> x = rng.random((400, 4)).astype(np.float32)
    >>> y = np.tanh(2 * (x[:, 0] - x[:, 1]))
    >>> net = ValueNet.initial("parry", 2, 4, 8, seed=0)
    >>> errors = fit(net, x, y, seconds=2.0)
    >>> errors["held_out_mse"] < errors["baseline_mse"]
    True
    """
    rng = np.random.default_rng(seed)
    group = np.arange(len(x)) if groups is None or len(set(groups)) < 2 else np.asarray(groups)
    names = rng.permutation(np.unique(group))
    out = np.isin(group, names[: max(1, len(names) // 10)])
    held, train = np.flatnonzero(out), np.flatnonzero(~out)
    net.mean = x[train].mean(axis=0).astype(np.float64)
    std = x[train].std(axis=0).astype(np.float64)
    net.scale = np.where(std > 1e-6, 1.0 / np.maximum(std, 1e-6), 0.0)
    xs = (x.astype(np.float64) - net.mean) * net.scale
    if net.heuristic_input and net.hidden >= 2:
        _start_from_the_heuristic(net, xs[train], y[train])
    params = [net.w1, net.b1, net.w2, np.array([net.b2])]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    # The starting point is a candidate too: with the heuristic input, a
    # network that learns nothing better stays the heuristic's own value.
    best = (_mse(xs[held], y[held], params), [p.copy() for p in params])
    step = 0
    epochs = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(train)
        for lo in range(0, len(train), batch):
            rows = train[lo : lo + batch]
            xb, yb = xs[rows], y[rows]
            z = xb @ params[0] + params[1]
            h = np.maximum(z, 0.0)
            v = np.tanh(h @ params[2] + params[3][0])
            dv = 2.0 * (v - yb) * (1.0 - v * v) / len(rows)
            dh = np.outer(dv, params[2]) * (z > 0)
            grads = [
                xb.T @ dh + decay * params[0],
                dh.sum(axis=0),
                h.T @ dv + decay * params[2],
                np.array([dv.sum()]),
            ]
            step += 1
            for p, g, m, s in zip(params, grads, moments, squares, strict=True):
                m *= 0.9
                m += 0.1 * g
                s *= 0.999
                s += 0.001 * g * g
                p -= rate * (m / (1 - 0.9**step)) / (np.sqrt(s / (1 - 0.999**step)) + 1e-8)
        epochs += 1
        err = _mse(xs[held], y[held], params)
        if err < best[0]:
            best = (err, [p.copy() for p in params])
    if np.isfinite(best[0]):
        params = best[1]
    net.w1, net.b1, net.w2, net.b2 = params[0], params[1], params[2], float(params[3][0])
    return {
        "held_out_mse": float(_mse(xs[held], y[held], params)),
        "train_mse": float(_mse(xs[train], y[train], params)),
        "baseline_mse": float(np.mean((y[held] - y[train].mean()) ** 2)),
        "epochs": float(epochs),
    }


def _start_from_the_heuristic(net: ValueNet, xs: Floats, y: Floats) -> None:
    """Two hidden units carry the (standardised) heuristic h, relu(h) and
    relu(-h), to the output as tanh(a * h), ``a`` the best fit on the
    training rows; the other units start silent (output weight 0)."""
    h = xs[:, -1]
    scales = np.linspace(0.05, 3.0, 60)
    a = float(scales[int(np.argmin([np.mean((np.tanh(s * h) - y) ** 2) for s in scales]))])
    net.w1[:, :2] = 0.0
    net.w1[-1, 0], net.w1[-1, 1] = 1.0, -1.0
    net.b1[:] = 0.0
    net.w2[:] = 0.0
    net.w2[0], net.w2[1] = a, -a
    net.b2 = 0.0


def _mse(xs: Floats, y: Floats, params: list[Floats]) -> float:
    h = np.maximum(xs @ params[0] + params[1], 0.0)
    v = np.tanh(h @ params[2] + params[3][0])
    return float(np.mean((v - y) ** 2))
