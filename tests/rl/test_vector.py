"""The vector environment: compact observations decode exactly, final observations,
truncation, seeding, async stepping, bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from tests.rl.modes import IDS, MODES

from henchmen.errors import IllegalActionError, OptionError, UsageError
from henchmen.rl import VectorEnv, decode_compact
from henchmen.rl._common import OBS_HIGH
from henchmen.rl.vector import COMPACT_CAPACITY


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_compact_decodes_to_the_float_tensor_exactly(name: str, options: dict[str, Any]) -> None:
    dense = VectorEnv(name, 32, seed=3, threads=1, **options)
    compact = VectorEnv(name, 32, seed=3, threads=1, encoding="compact", **options)
    a, _ = dense.reset()
    b, _ = compact.reset()
    most = 0
    for _ in range(150):
        np.testing.assert_array_equal(compact.decode(b), a["observation"])
        np.testing.assert_array_equal(a["action_mask"], b["action_mask"])
        most = max(most, int(b["compact_count"].max()))
        assert (np.abs(a["observation"]) < OBS_HIGH).all()  # inside the spaces' bounds
        acts_a, (a, *_rest) = dense.step_random()
        acts_b, (b, *_rest) = compact.step_random()
        np.testing.assert_array_equal(acts_a, acts_b)
    # The default capacity keeps a margin of two over what random play needs.
    assert most * 2 <= compact.compact_capacity or name not in COMPACT_CAPACITY


def test_final_observation_of_a_truncated_game_is_its_last_state() -> None:
    cut = VectorEnv("seven-secret-supervillains", 8, seed=5, threads=1, max_steps=6)
    whole = VectorEnv("seven-secret-supervillains", 8, seed=5, threads=1)
    cut.reset()
    whole.reset()
    for step in range(6):
        _, _, term, trunc, info = cut.step_random()[1]
        whole.step_random()
        assert trunc.all() == (step == 5) and not term.any()
    for i in range(8):
        s = whole.state(i)
        for p in range(2):
            np.testing.assert_array_equal(info["final_observation"][i, p], s.observation_tensor(p))
    assert cut.state(0).position_hash != whole.state(0).position_hash  # restarted


def test_final_observation_of_a_finished_game_is_its_terminal_state() -> None:
    env = VectorEnv("parry", 8, seed=2, threads=1)
    env.reset()
    exact = 0
    for _ in range(300):
        before = [env.state(i) for i in range(8)]
        actions, (_obs, rewards, term, trunc, info) = env.step_random()
        assert not trunc.any() and not rewards[~term].any()
        for i in np.flatnonzero(term):
            assert rewards[i].any()
            end = before[i]
            end.apply(int(actions[i]))
            if end.is_terminal:  # no chance after the last move: the very same state
                exact += 1
                for p in range(2):
                    np.testing.assert_array_equal(
                        info["final_observation"][i, p], end.observation_tensor(p)
                    )
    assert exact > 0


def test_seed_fixes_the_run_and_send_recv_equals_step() -> None:
    a = VectorEnv("legendary", 16, seed=9, threads=2, encoding="compact")
    b = VectorEnv("legendary", 16, seed=9, threads=2, encoding="compact")
    oa, _ = a.reset()
    b.reset()
    for _ in range(30):
        actions = np.array([np.flatnonzero(m)[0] for m in oa["action_mask"]])
        oa, ra, *_ = a.step(actions)
        b.send(actions)
        ob, rb, *_ = b.recv()
        np.testing.assert_array_equal(a.decode(oa), b.decode(ob))
        np.testing.assert_array_equal(ra, rb)
    first, _ = a.reset(seed=1)
    first = a.decode(first).copy()
    again, _ = a.reset(seed=1)
    np.testing.assert_array_equal(a.decode(again), first)


def test_bad_input_raises_henchmen_errors() -> None:
    env = VectorEnv("seven-secret-supervillains", 4, seed=1, threads=1)
    with pytest.raises(UsageError):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(UsageError):
        env.recv()
    obs, _ = env.reset()
    before = env.state(2).serialize()
    actions = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
    actions[2] = int(np.flatnonzero(~obs["action_mask"][2])[0])
    with pytest.raises(IllegalActionError, match="game 2"):
        env.step(actions)
    assert env.state(2).serialize() == before
    for bad in (np.zeros(3, np.int32), np.zeros(4, np.float32), [[0, 0, 0, 0]]):
        with pytest.raises(OptionError):
            env.step(bad)
    with pytest.raises(IllegalActionError):
        env.step(np.full(4, 2**40))
    env.send(np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]]))
    with pytest.raises(UsageError):
        env.send(actions)
    env.recv()
    for kwargs in ({"encoding": "sparse"}, {"max_steps": 0}, {"compact_capacity": 0}):
        with pytest.raises(OptionError):
            VectorEnv("parry", 2, encoding=kwargs.pop("encoding", "compact"), **kwargs)


def test_a_compact_capacity_too_small_is_reported() -> None:
    env = VectorEnv("seven-secret-supervillains", 4, encoding="compact", compact_capacity=8)
    with pytest.raises(UsageError, match="compact_capacity >= "):
        env.reset()
    with pytest.raises(UsageError):
        env.step(np.zeros(4, np.int32))  # needs a reset after that


@pytest.mark.parametrize("name", ["seven-secret-supervillains", "legendary"])
def test_an_overflowing_row_still_counts_every_entry(name: str) -> None:
    # Near the capacity the encoders write entry by entry: the count they report
    # is still the whole observation's, so the error can say what capacity works.
    roomy = VectorEnv(name, 4, seed=6, threads=1, encoding="compact")
    need = int(roomy.reset()[0]["compact_count"].max())
    for capacity in (8, need // 2, need - 1):
        tight = VectorEnv(name, 4, seed=6, threads=1, encoding="compact", compact_capacity=capacity)
        with pytest.raises(UsageError, match=f"needed {need} compact entries"):
            tight.reset()


def test_decode_compact_refuses_overflowed_rows() -> None:
    with pytest.raises(UsageError):
        decode_compact(np.zeros((1, 2), np.uint16), np.zeros((1, 2), np.float32), np.array([3]), 4)
