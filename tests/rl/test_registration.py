"""gymnasium.make("henchmen/<game>-v0"): every game and mode registered, with specs, lazily."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import henchmen
from henchmen.errors import OptionError, UnknownGameError
from henchmen.rl import SingleAgentEnv, env_ids, make

IDS = sorted(env_ids())


def test_every_game_and_mode_has_an_id() -> None:
    expected = {f"henchmen/{g.name}-v0" for g in henchmen.games()}
    expected |= {
        f"henchmen/seven-secret-supervillains-{m}-v0"
        for m in ("duel", "brawl", "classic", "secretive", "gambler", "climb")
    }
    expected |= {"henchmen/suet-long-v0"}
    assert set(IDS) == expected
    assert {k for k in gymnasium.registry if k.startswith("henchmen/")} == expected


@pytest.mark.parametrize("env_id", IDS)
def test_check_env_through_the_spec_with_every_render_mode(env_id: str) -> None:
    """The spec lets check_env make the environment again in each declared render mode."""
    env = gymnasium.make(env_id).unwrapped
    assert env.spec is not None and env.spec.id == env_id
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        check_env(env)
    assert not [str(w.message) for w in seen]


def test_an_id_plays_its_mode_and_takes_the_envs_and_the_games_options() -> None:
    env = gymnasium.make("henchmen/seven-secret-supervillains-brawl-v0", opponents="greedy")
    assert env.unwrapped.game.options["mode"] == "brawl" and env.unwrapped.game.num_players == 4
    assert gymnasium.make("henchmen/suet-long-v0").unwrapped.game.options["long_game"] is True
    env = gymnasium.make("henchmen/legendary-v0", players=1, seat=0, max_steps=5)
    assert isinstance(env.unwrapped, SingleAgentEnv) and env.unwrapped.game.num_players == 1
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == env.unwrapped.game.observation_shape


def test_bad_ids_and_render_modes_are_henchmen_errors() -> None:
    with pytest.raises(UnknownGameError, match="no henchmen environment 'henchmen/chess-v0'"):
        make("henchmen/chess-v0")
    with pytest.raises(UnknownGameError, match="henchmen/parry-v0"):  # the message lists ids
        make("CartPole-v1")
    with pytest.raises(UnknownGameError):
        make(7)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="render_mode"):
        make("henchmen/parry-v0", render_mode="rgb_array")
    # Through gymnasium.make too: gymnasium warns, then the environment refuses.
    with pytest.warns(UserWarning, match="render_modes"):
        with pytest.raises(OptionError, match="render_mode"):
            gymnasium.make("henchmen/parry-v0", render_mode="rgb_array")
    with pytest.raises(OptionError, match="players"):
        make("henchmen/parry-v0", players=9)
    assert make("henchmen/parry-v0", render_mode="ansi").unwrapped.render_mode == "ansi"


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_henchmen_does_not_import_gymnasium_and_either_order_registers() -> None:
    later = run(
        "import sys, henchmen; print('gymnasium' in sys.modules); import gymnasium; "
        "print(gymnasium.make('henchmen/parry-v0').spec.id)"
    )
    assert later.splitlines() == ["False", "henchmen/parry-v0"]
    # An optional-dependency check (find_spec without importing) does not use the hook up.
    checked = run(
        "import importlib.util, henchmen; importlib.util.find_spec('gymnasium'); "
        "importlib.util.find_spec('gymnasium'); import gymnasium; "
        "print(gymnasium.make('henchmen/villainy-v0').spec.id)"
    )
    assert checked == "henchmen/villainy-v0"
    first = run(
        "import gymnasium, henchmen; print(gymnasium.make('henchmen/suet-long-v0').spec.id)"
    )
    assert first == "henchmen/suet-long-v0"
    # Without gymnasium, henchmen imports and works; the import of gymnasium fails as usual.
    without = run(
        "import sys; sys.modules['gymnasium'] = None; import henchmen; "
        "print(henchmen.new_game('parry', seed=1).is_terminal)\n"
        "try:\n    import gymnasium\nexcept ImportError:\n    print('no gymnasium')"
    )
    assert without.splitlines() == ["False", "no gymnasium"]
