"""The flat legal actions (VectorEnv(legal="flat"|"both")): they equal the mask in every
game, the buffers are reused (and said to be), the sampler picks legal moves only, and
bad input raises henchmen errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.rl.modes import IDS, MODES

from henchmen.errors import HenchmenError, IllegalActionError, OptionError
from henchmen.rl import VectorEnv
from henchmen.rl.legal import legal_games, sample_legal


def flat_as_mask(obs: dict[str, Any], actions: int) -> np.ndarray:
    offsets, ids = obs["legal_offsets"], obs["legal_ids"]
    mask = np.zeros((offsets.size - 1, actions), dtype=np.bool_)
    mask[legal_games(offsets, ids), ids] = True
    return mask


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_flat_legal_ids_equal_the_mask_in_every_game(name: str, options: dict[str, Any]) -> None:
    actions = 0
    # One thread: the pool is the large batch's test below. (Two threads, on a machine whose
    # cores the suite's other workers hold, wait for a time slice at every step.)
    for batch, games in enumerate((1, 7, 33)):
        env = VectorEnv(
            name, games, seed=batch, threads=1, legal="both", encoding="none", **options
        )
        actions = env.game.num_distinct_actions
        obs, _ = env.reset()
        rng = np.random.default_rng(batch)
        for step in range(120):
            offsets, ids = obs["legal_offsets"], obs["legal_ids"]
            assert offsets.dtype == ids.dtype == np.int32 and offsets[0] == 0
            assert offsets[-1] == ids.size and (np.diff(offsets) >= 1).all()
            # Ascending within a game, as the mask lists them (a new game may start lower).
            within = np.ones(ids.size - 1, dtype=np.bool_)
            within[offsets[1:-1] - 1] = False
            assert (np.diff(ids)[within] > 0).all()
            np.testing.assert_array_equal(flat_as_mask(obs, actions), obs["action_mask"])
            if step % 2:
                obs = env.step_random()[1][0]
            else:
                chosen = sample_legal(offsets, ids, rng)
                assert obs["action_mask"][np.arange(games), chosen].all()
                obs = env.step(chosen)[0]


def test_flat_only_has_no_mask_and_steps_as_the_mask_env_does() -> None:
    flat = VectorEnv("legendary", 16, seed=4, threads=2, legal="flat")
    mask = VectorEnv("legendary", 16, seed=4, threads=2)
    a, _ = flat.reset()
    b, _ = mask.reset()
    assert "action_mask" not in a and "legal_ids" not in b
    for _ in range(50):
        space = flat.game.num_distinct_actions
        np.testing.assert_array_equal(flat_as_mask(a, space), b["action_mask"])
        np.testing.assert_array_equal(a["observation"], b["observation"])
        acts_a, (a, *_r) = flat.step_random()
        acts_b, (b, *_r) = mask.step_random()
        np.testing.assert_array_equal(acts_a, acts_b)


def test_the_ids_buffer_grows_when_a_step_needs_more() -> None:
    env = VectorEnv("seven-secret-supervillains", 8, seed=2, threads=1, legal="both")
    env._ids = np.zeros(1, dtype=np.int32)  # far below one step's needs: every refill path
    env._buffers["legal_ids"] = env._ids
    obs, _ = env.reset()
    assert obs["legal_ids"].size > 1 and env._ids.size >= obs["legal_ids"].size
    for _ in range(20):
        space = env.game.num_distinct_actions
        np.testing.assert_array_equal(flat_as_mask(obs, space), obs["action_mask"])
        obs = env.step_random()[1][0]


def test_a_step_reuses_its_buffers_and_the_next_step_overwrites_them() -> None:
    env = VectorEnv("seven-secret-supervillains", 4, seed=1, threads=1, legal="both")
    obs, _ = env.reset()
    before = {k: v.copy() for k, v in obs.items()}
    _, (obs2, rewards, *_rest, info) = env.step_random()
    _, (obs3, rewards3, *_rest, info3) = env.step_random()
    assert obs2 is obs3 and rewards is rewards3 and info is info3  # the same dicts and arrays
    for key in ("observation", "action_mask", "current_player", "legal_offsets"):
        assert obs[key] is obs2[key], key  # no new array a step
    assert np.shares_memory(obs2["legal_ids"], env._ids)
    # The first step's observation, held without a copy, now shows the third position.
    assert not np.array_equal(before["observation"], obs["observation"])
    doc = VectorEnv.__doc__ or ""
    assert "overwritten by" in doc and "copy what you keep" in doc


def test_sample_legal_is_uniform_and_follows_logits() -> None:
    offsets = np.array([0, 3, 4], np.int32)
    ids = np.array([2, 5, 9, 1], np.int32)
    rng = np.random.default_rng(7)
    draws = np.array([sample_legal(offsets, ids, rng) for _ in range(3000)])
    assert (draws[:, 1] == 1).all()
    share = np.array([(draws[:, 0] == a).mean() for a in (2, 5, 9)])
    assert set(np.unique(draws[:, 0]).tolist()) == {2, 5, 9}
    assert (np.abs(share - 1 / 3) < 0.04).all()  # 3,000 draws: sd 0.009
    logits = np.zeros((2, 10))
    logits[0, 9] = np.log(3.0)  # action 9 three times as likely as 2 or 5: 0.6
    logits[0, 0] = logits[1, 0] = 100.0  # illegal: must never be chosen
    draws = np.array([sample_legal(offsets, ids, rng, logits=logits) for _ in range(3000)])
    assert set(np.unique(draws[:, 0]).tolist()) <= {2, 5, 9} and (draws[:, 1] == 1).all()
    assert abs((draws[:, 0] == 9).mean() - 0.6) < 0.04


def test_bad_input_raises_henchmen_errors() -> None:
    offsets = np.array([0, 2], np.int32)
    ids = np.array([0, 1], np.int32)
    rng = np.random.default_rng(0)
    bad_calls: list[Callable[[], object]] = [
        lambda: sample_legal(offsets.astype(np.int64), ids, rng),
        lambda: sample_legal([0, 2], ids, rng),
        lambda: sample_legal(offsets, ids.reshape(1, 2), rng),
        lambda: sample_legal(np.array([0, 3], np.int32), ids, rng),
        lambda: sample_legal(np.array([0, 0, 2], np.int32), ids, rng),
        lambda: sample_legal(np.array([1, 2], np.int32), ids, rng),
        lambda: sample_legal(offsets, ids, 3),  # type: ignore[arg-type]
        lambda: sample_legal(offsets, ids, rng, logits=np.zeros((2, 4))),
        lambda: sample_legal(offsets, ids, rng, logits=np.zeros((1, 1))),
        lambda: sample_legal(offsets, ids, rng, logits=np.zeros((1, 4), np.int64)),
        lambda: VectorEnv("parry", 2, legal="sparse"),
    ]
    for call in bad_calls:
        with pytest.raises(OptionError):
            call()
    env = VectorEnv("parry", 2, seed=1, threads=1, legal="flat")
    env.reset()
    batch, core = env._batch, env.game._core
    shapes = [
        (np.zeros(2, np.int32), np.zeros(8, np.int32)),  # offsets one short
        (np.zeros(3, np.int64), np.zeros(8, np.int32)),  # wrong dtype
        (np.zeros(3, np.int32), np.zeros((2, 4), np.int32)),  # ids not 1-d
        (np.zeros(3, np.int32), None),  # one without the other
    ]
    for offs, flat in shapes:
        with pytest.raises(HenchmenError):
            batch.write_legal(offs, flat)
        with pytest.raises(HenchmenError):
            batch.step_random(
                core,
                np.zeros(2, np.int32),
                None,
                None,
                None,
                None,
                None,
                legal_offsets=offs,
                legal_ids=flat,
            )
        env.reset()
        batch = env._batch


def test_a_large_batch_copies_and_checks_on_the_pool() -> None:
    # 5,000 games: past the 4,096 the step checks on its own thread and (Villainy's
    # first turn: 84,372 legal actions in all) past the 65,536 it copies on its own.
    env = VectorEnv(
        "villainy",
        5000,
        seed=6,
        threads=2,
        legal="both",
        encoding="none",
        final_observation=False,
    )
    env.reset()
    obs = env.step_random()[1][0]
    space = env.game.num_distinct_actions
    assert obs["legal_ids"].size > 1 << 16
    rng = np.random.default_rng(6)
    for _ in range(3):
        np.testing.assert_array_equal(flat_as_mask(obs, space), obs["action_mask"])
        actions = sample_legal(obs["legal_offsets"], obs["legal_ids"], rng)
        obs = env.step(actions)[0]
    np.testing.assert_array_equal(flat_as_mask(obs, space), obs["action_mask"])
    actions = sample_legal(obs["legal_offsets"], obs["legal_ids"], rng)
    illegal = [i for i in (4321, 4999) if not obs["action_mask"][i].all()]
    for i in illegal:
        actions[i] = int(np.flatnonzero(~obs["action_mask"][i])[0])
    before = obs["legal_ids"].copy()
    with pytest.raises(IllegalActionError, match=f"game {illegal[0]}:"):
        env.step(actions)  # the first illegal game is named, and no game changed
    np.testing.assert_array_equal(env._ids[: before.size], before)
    assert (
        env.state(4321).legal_action_ids
        == obs["legal_ids"][obs["legal_offsets"][4321] : obs["legal_offsets"][4322]].tolist()
    )


def test_send_recv_gives_the_flat_ids_step_gives() -> None:
    a = VectorEnv("super", 6, seed=8, threads=2, legal="flat")
    b = VectorEnv("super", 6, seed=8, threads=2, legal="flat")
    obs_a, _ = a.reset()
    b.reset()
    rng = np.random.default_rng(8)
    for _ in range(30):
        actions = sample_legal(obs_a["legal_offsets"], obs_a["legal_ids"], rng)
        b.send(actions)
        obs_a = a.step(actions)[0]
        obs_b = b.recv()[0]
        np.testing.assert_array_equal(obs_a["legal_offsets"], obs_b["legal_offsets"])
        np.testing.assert_array_equal(obs_a["legal_ids"], obs_b["legal_ids"])
