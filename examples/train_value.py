"""Learn a value function for Super! by playing the greedy bot, until it beats greedy.

    python examples/train_value.py [--minutes 30] [--seed 1] [--plot docs/rl-train-value.png]

The player is a one-ply lookahead on a learned value: at each decision it
redraws what it cannot see (``State.resample``, so it never peeks at the
deck), tries every legal action on that redraw, and takes the one whose
position the value network rates best for it (a finished game counts as its
result).  The network (``henchmen.learn.model.ValueNet``: one hidden layer,
tanh output) reads the player's observation tensor with the game's heuristic
appended.  ``--start heuristic`` (the default) refits it each round from
tanh(a * heuristic), so that it learns a correction to the hand-written
value and its first round plays the heuristic's own choices; ``--start
random`` starts from small random weights and keeps training them, so the
player begins about as weak as a random one and the curve shows everything
it learns.

Training alternates two steps until ``--minutes`` are spent: play a round of
``--round`` games against ``GreedyBot`` (the seats alternate; a tenth of the
player's moves, ``--explore``, are random so that it sees more than its own
line), keeping positions of each game from both players' views, each
labelled with that player's final return (Monte Carlo returns); then fit the
network to the latest ``--keep`` positions for a few seconds
(``henchmen.learn.model.fit``: Adam, whole games held out, early stopping).
Each round prints a line of the learning curve: the score against greedy
(wins plus half the draws) of the round's games.  At the end the player,
exploring no more, plays ``--eval-games`` fresh games against greedy, and
the script prints its score with a 95% Wilson interval.

``--baseline`` instead evaluates the same lookahead on the game's heuristic
(no learning), the reference a learned value must pass; ``--load FILE``
evaluates a network an earlier run saved (``--save FILE``).  docs/rl.md shows a
measured run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

import henchmen
from henchmen.bots import GreedyBot
from henchmen.learn.model import ValueNet, fit
from henchmen.matches import wilson_interval

Rows = npt.NDArray[np.float32]
#: Rates each row of features (tensor + heuristic) for the player whose view it is.
Value = Callable[[Rows], npt.NDArray[np.float64]]

#: Positions kept from each game and each view: enough to learn from, few
#: enough that one long game does not crowd the others out of the buffer.
POSITIONS_PER_GAME = 24


def features(state: henchmen.State, player: int) -> Rows:
    """``player``'s observation tensor with the game's heuristic for them appended."""
    tensor = state.observation_tensor(player).reshape(-1)
    return np.append(tensor, np.float32(state.heuristic(player)))


def lookahead(state: henchmen.State, value: Value, redraw: int) -> int:
    """The legal action whose result ``value`` rates best for the player to move.

    The actions are tried on one redraw of what the player cannot see
    (seeded by ``redraw``), chance after each drawn by the redraw's own
    generator; a finished game counts as its result, above any value.

    >>> import henchmen
    >>> state = henchmen.new_game("super", seed=3)
    >>> lookahead(state, heuristic_value, redraw=1) in state.legal_action_ids
    True
    """
    me = state.current_player
    legal = list(state.legal_action_ids)
    if len(legal) == 1:
        return legal[0]
    world = state.resample(me, redraw)
    world.set_auto_chance(True, redraw)
    rated = np.empty(len(legal))
    rows, open_rows = [], []
    for i, action in enumerate(legal):
        child = world.child(action)
        if child.is_terminal:
            rated[i] = 10.0 * child.returns[me]
        else:
            rows.append(features(child, me))
            open_rows.append(i)
    if rows:
        rated[open_rows] = value(np.stack(rows))
    return legal[int(np.argmax(rated))]


@dataclass
class Round:
    """The games of one round: each one's score for the player, and positions seen."""

    scores: list[float] = field(default_factory=list)
    x: list[Rows] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    game_ids: list[int] = field(default_factory=list)


def play(
    game: str, value: Value, games: int, seed: int, explore: float, first_id: int, keep: bool
) -> Round:
    """``games`` games of the player against greedy, the player's seat alternating."""
    rng = np.random.default_rng(seed)
    out = Round()
    for g in range(games):
        gid = first_id + g
        state = henchmen.new_game(game, seed=int(rng.integers(1 << 62)))
        me = gid % 2
        greedy = GreedyBot(seed=int(rng.integers(1 << 31)))
        seen: list[tuple[Rows, int]] = []
        while not state.is_terminal:
            if keep:
                seen.extend((features(state, p), p) for p in range(2))
            if state.current_player != me:
                state.apply(greedy.choose(state))
            elif explore > 0 and rng.random() < explore:
                state.apply(int(rng.choice(list(state.legal_action_ids))))
            else:
                state.apply(lookahead(state, value, int(rng.integers(1 << 62))))
        result = state.returns
        out.scores.append(1.0 if result[me] > 0 else 0.5 if result[me] == 0 else 0.0)
        if keep and seen:
            for k in rng.choice(len(seen), min(len(seen), 2 * POSITIONS_PER_GAME), replace=False):
                row, player = seen[int(k)]
                out.x.append(row)
                out.y.append(float(result[player]))
                out.game_ids.append(gid)
    return out


def net_value(net: ValueNet) -> Value:
    """The network as a value."""
    return lambda rows: net.predict(rows)


def heuristic_value(rows: Rows) -> npt.NDArray[np.float64]:
    """The game's heuristic alone (the last feature): the baseline."""
    return rows[:, -1].astype(np.float64)


def report(label: str, scores: list[float]) -> str:
    """``label``: score over the games with its 95% Wilson interval."""
    n = len(scores)
    total = float(sum(scores))
    wins, draws = sum(s == 1.0 for s in scores), sum(s == 0.5 for s in scores)
    lo, hi = wilson_interval(total, n)
    return (
        f"{label}: {n} games, {wins} wins, {draws} draws, {n - wins - draws} losses; "
        f"score {total / max(n, 1):.3f} [{lo:.3f}, {hi:.3f}]"
    )


@dataclass(frozen=True)
class Point:
    """One round of the learning curve."""

    games: int  # played so far
    minutes: float
    score: float  # the round's, against greedy
    held_out_mse: float  # the fit's, on games it did not train on
    baseline_mse: float  # a constant's on the same rows


def train(args: argparse.Namespace) -> tuple[ValueNet, list[Point]]:
    """Rounds of play and fit until ``args.minutes`` are spent; the net and the curve."""
    inputs = int(np.prod(henchmen.new_game(args.game).game.observation_shape)) + 1
    net = ValueNet.initial(args.game, 2, inputs, args.hidden, seed=args.seed)
    # From the heuristic: every fit starts at tanh(a * heuristic) and learns a
    # correction (henchmen.learn.model.fit); before the first fit that is the
    # heuristic's own choice.
    net.heuristic_input = args.start == "heuristic"
    value = heuristic_value if net.heuristic_input else net_value(net)
    x = np.empty((0, inputs), dtype=np.float32)
    y = np.empty(0)
    ids = np.empty(0, dtype=np.int64)
    curve: list[Point] = []
    games = 0
    start = time.perf_counter()
    print("games  minutes  score against greedy (this round)  held-out error (baseline)")
    while time.perf_counter() - start < args.minutes * 60:
        seed = args.seed * 1_000_003 + games
        r = play(args.game, value, args.round, seed, args.explore, games, keep=True)
        games += args.round
        x = np.concatenate([x, np.stack(r.x)])[-args.keep :]
        y = np.concatenate([y, np.asarray(r.y)])[-args.keep :]
        ids = np.concatenate([ids, np.asarray(r.game_ids, dtype=np.int64)])[-args.keep :]
        errors = fit(net, x, y, seconds=args.fit_seconds, seed=seed, groups=ids)
        value = net_value(net)
        minutes = (time.perf_counter() - start) / 60
        score = float(np.mean(r.scores))
        point = Point(games, minutes, score, errors["held_out_mse"], errors["baseline_mse"])
        curve.append(point)
        print(
            f"{games:5d}  {minutes:7.2f}  {score:.3f}  "
            f"{point.held_out_mse:.3f} ({point.baseline_mse:.3f})",
            flush=True,
        )
    return net, curve


def plot(curve: list[Point], final: float, path: str, title: str) -> None:
    """The learning curve (rounds' scores, a moving mean) and the final score, as an image."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = np.array([c.games for c in curve])
    score = np.array([c.score for c in curve])
    width = min(10, len(score))
    smooth = np.convolve(score, np.ones(width) / width, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(games, score, ".", alpha=0.35, label="each round (10% of moves random)")
    ax.plot(games[width - 1 :], smooth, "-", label=f"mean of {width} rounds")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.axhline(final, color="C2", lw=1.2, label=f"final, no exploration: {final:.3f}")
    ax.set_xlabel("games played against greedy")
    ax.set_ylabel("score against greedy")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> float:
    """Train (or evaluate the baseline) and print the score against greedy; returns it."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="super")
    parser.add_argument("--minutes", type=float, default=30.0, help="training budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--round", type=int, default=50, help="games between fits")
    parser.add_argument("--keep", type=int, default=60_000, help="positions fitted on")
    parser.add_argument("--fit-seconds", type=float, default=2.0)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument(
        "--start", choices=("heuristic", "random"), default="heuristic", help="the first network"
    )
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument(
        "--eval-explore", type=float, default=0.0, help="random moves in the final games too"
    )
    parser.add_argument("--baseline", action="store_true", help="the heuristic, no learning")
    parser.add_argument("--plot", default=None, help="write the learning curve here (PNG/SVG)")
    parser.add_argument("--save", default=None, help="write the network here (JSON)")
    parser.add_argument("--load", default=None, help="evaluate this saved network, no training")
    args = parser.parse_args(argv)

    value: Value = heuristic_value
    curve: list[Point] = []
    if args.load:
        value = net_value(ValueNet.load(args.load))
    elif not args.baseline:
        net, curve = train(args)
        value = net_value(net)
        if args.save:
            net.save(args.save)
    start = time.perf_counter()
    final = play(
        args.game, value, args.eval_games, args.seed + 77, args.eval_explore, 0, keep=False
    )
    label = "heuristic lookahead" if args.baseline else "learned value lookahead"
    print(report(f"{label} against greedy", final.scores), end="")
    print(f" ({(time.perf_counter() - start) / 60:.1f} minutes)")
    score = float(np.mean(final.scores))
    if args.plot and curve:
        title = f"{args.game}: one-ply lookahead on a value learned from the {args.start} start"
        plot(curve, score, args.plot, title)
    return score


if __name__ == "__main__":
    main()
