"""Reinforcement learning: PettingZoo, Gymnasium and a native vector environment.

Install with ``pip install henchmen[rl]`` (PettingZoo and Gymnasium; the
vector environment needs only numpy).

- :func:`aec_env`: a PettingZoo AEC environment for any game and options;
  ``env.run(policies)`` plays a whole episode (:mod:`henchmen.rl.episode`).
- :func:`parallel_env`: the same game as a PettingZoo parallel environment.
- :class:`SingleAgentEnv`: a Gymnasium environment, one seat against bots;
  ``gymnasium.make("henchmen/<game>-v0")`` makes one (:func:`env_ids`, :func:`make`).
- :class:`VectorEnv`: many games per call, float or compact observations.
- :mod:`henchmen.rl.encodings`: what every slice of each game's tensor holds.

See docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from henchmen.rl.registration import env_ids, make
from henchmen.rl.vector import VectorEnv, decode_compact

__all__ = [
    "HenchmenAECEnv",
    "HenchmenParallelEnv",
    "SingleAgentEnv",
    "VectorEnv",
    "aec_env",
    "decode_compact",
    "env_ids",
    "make",
    "parallel_env",
]


def __getattr__(name: str) -> Any:
    # PettingZoo and Gymnasium are imported only when asked for.
    try:
        if name in ("aec_env", "HenchmenAECEnv"):
            from henchmen.rl import aec

            return getattr(aec, name)
        if name in ("parallel_env", "HenchmenParallelEnv"):
            from henchmen.rl import parallel

            return getattr(parallel, name)
        if name == "SingleAgentEnv":
            from henchmen.rl.single import SingleAgentEnv

            return SingleAgentEnv
    except ModuleNotFoundError as e:
        raise ImportError(
            f"henchmen.rl.{name} needs {e.name}: pip install 'henchmen[rl]'"
        ) from None
    raise AttributeError(f"module 'henchmen.rl' has no attribute {name!r}")
