"""validate() closed under play, by mutation: every position it accepts plays on.

Positions from seeded random games are serialized and mutated, one field at a
time (a number nudged, a flag flipped, a card renamed, a card moved from one
pile to another) and by a few random edits at once. Every mutant that loads
must then survive random play with validate() after every step and a
resample for every observer at its start, every fourth step and its end; the
first invariant broken is a finding.

CI runs MUTANTS_CI mutants; for a long hunt::

    .venv/bin/python tests/games/legendary/test_validate_mutations.py 20000
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

import henchmen
from henchmen import _core
from henchmen.errors import HenchmenError

MUTANTS_CI = 600
PLAY_STEPS = 60
RESAMPLE_EVERY = 4

Path = list[Any]


def _sources(seed: int) -> list[str]:
    """Serialized positions, early to late, at every player count."""
    out = []
    for players in range(1, 6):
        game = henchmen.Game("legendary", players=players)
        s = game._core.new_initial_state()
        rng = _core.Rng(seed + players)
        for step in range(600):
            if s.is_terminal:
                break
            if step % 37 == 5:
                out.append(s.serialize())
            s.apply(s.sample_chance(rng) if s.is_chance else _pick(s.legal_actions(), rng))
        out.append(s.serialize())  # often a finished game
    return out


def _pick(ids: list[int], rng: _core.Rng) -> int:
    return ids[rng.below(len(ids))]


def _leaves(node: Any, path: Path, out: list[Path]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _leaves(v, [*path, k], out)
    elif isinstance(node, list):
        out.append(path)  # the list itself (for card moves)
        for i, v in enumerate(node):
            _leaves(v, [*path, i], out)
    else:
        out.append(path)


def _get(node: Any, path: Path) -> Any:
    for k in path:
        node = node[k]
    return node


def _set(node: Any, path: Path, value: Any) -> None:
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


def _card_lists(pos: dict[str, Any]) -> list[Path]:
    paths: list[Path] = []
    out: list[Path] = []
    _leaves(pos, [], out)
    for p in out:
        v = _get(pos, p)
        if (
            isinstance(v, list)
            and p
            and p[-1]
            not in (
                "deck_top_private",
                "space_minus",
                "showdown_totals",
                "tasks",
                "city",
                "hq",
                "players",
            )
        ):
            paths.append(p)
    return paths


def mutate(text: str, rng: random.Random, names: list[str], donors: list[dict[str, Any]]) -> str:
    doc = json.loads(text)
    pos = doc["position"]
    players = len(pos["players"])
    same = [d for d in donors if len(d["players"]) == players]
    for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 4)):
        kind = rng.random()
        if kind < 0.15 and same:  # a part of another position of the same size
            donor = rng.choice(same)
            key = rng.choice(
                ["counters", "turn", "end", "tasks", "city", "hq", "tactics", "escaped"]
            )
            pos[key] = json.loads(json.dumps(donor[key]))
            continue
        if kind < 0.25 and same:  # a task of another position, or a task field changed
            tasks = [t for d in same for t in d["tasks"]]
            if tasks and (not pos["tasks"] or rng.random() < 0.5):
                pos["tasks"].insert(rng.randint(0, len(pos["tasks"])), dict(rng.choice(tasks)))
            elif pos["tasks"]:
                t = rng.choice(pos["tasks"])
                f = rng.choice(["p", "a", "b", "c"])
                t[f] = rng.choice([t[f] + 1, t[f] - 1, 0, rng.randint(-3, 12)])
            continue
        if kind < 0.45:  # move one card between two piles (keeps every card counted)
            lists = _card_lists(pos)
            full = [p for p in lists if _get(pos, p)]
            if not full:
                continue
            src = rng.choice(full)
            card = _get(pos, src).pop(rng.randrange(len(_get(pos, src))))
            dst = rng.choice(lists)
            _get(pos, dst).append(card)
            continue
        leaves: list[Path] = []
        _leaves(pos, [], leaves)
        path = rng.choice(leaves)
        v = _get(pos, path)
        if isinstance(v, bool):
            _set(pos, path, not v)
        elif isinstance(v, int):
            _set(pos, path, rng.choice([v + 1, v - 1, 0, 1, v * 2, rng.randint(0, 60), 255, -1]))
        elif isinstance(v, str) or v is None:
            _set(pos, path, rng.choice([*names, None]))
        elif isinstance(v, list) and v:
            i = rng.randrange(len(v))
            if rng.random() < 0.5:
                v.insert(i, v[i])
            else:
                v.pop(i)
    return json.dumps(doc)


def check_plays_on(text: str, seed: int) -> None:
    """Raises AssertionError on the first invariant play breaks."""
    try:
        s = _core.deserialize(text)
    except HenchmenError:
        return
    rng = _core.Rng(seed)
    players = s.game.num_players
    for step in range(PLAY_STEPS):
        s.validate()
        # Every observer's resample at the start (the mutant as loaded), every
        # RESAMPLE_EVERY steps and at the end: a resample of some late positions
        # costs 10-20 ms, three fifths of this test's time when it ran at every step.
        if step % RESAMPLE_EVERY == 0 or s.is_terminal:
            for observer in range(players):
                r = s.resample(observer, seed + step)
                r.validate()
        if s.is_terminal:
            return
        a = s.sample_chance(rng) if s.is_chance else _pick(s.legal_actions(), rng)
        try:
            s.apply(a)
            s.validate()
        except HenchmenError as e:
            raise AssertionError(f"step {step} broke an invariant: {e}\nfrom: {text}") from e


def hunt(mutants: int, seed: int) -> tuple[int, int]:
    """(mutants tried, mutants accepted); raises on the first finding."""
    sources = _sources(seed)
    names = sorted(
        {
            card
            for x in sources
            for pile in ("villain_deck", "hero_deck")
            for card in json.loads(x)["position"][pile]
        }
    )
    names += [
        "S.H.I.E.L.D. Agent",
        "Wound",
        "Bystander",
        "Scheme Twist",
        "Master Strike",
        "Red Skull: Negablast Grenades",
    ]
    donors = [json.loads(x)["position"] for x in sources]
    rng = random.Random(seed)
    accepted = 0
    for i in range(mutants):
        text = mutate(rng.choice(sources), rng, names, donors)
        try:
            _core.deserialize(text)
            accepted += 1
        except HenchmenError:
            continue
        check_plays_on(text, seed * 100_000 + i)
    return mutants, accepted


@pytest.mark.parametrize("part", range(3))
def test_every_accepted_mutant_plays_on(part: int) -> None:
    """A third of MUTANTS_CI a part; the default tier runs part 0, the long tier the others."""
    tried, accepted = hunt(MUTANTS_CI // 3, 1 + part)
    print(f"\nvalidate mutants: {tried} tried, {accepted} accepted and played on")
    assert accepted > 0


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    print(hunt(n, int(sys.argv[2]) if len(sys.argv) > 2 else 1))
