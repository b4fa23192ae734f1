"""How much memory a batch of games needs, checked against what the machine has.

A :class:`~henchmen.batch.VectorGame` (or an RL vector environment) of ten
million games asks for tens of gigabytes at once: the native states, then
numpy's observation and mask arrays.  Asking first, and refusing with the
figures, beats dying with ``MemoryError: std::bad_alloc`` (or being killed)
after minutes of filling memory.
"""

from __future__ import annotations

import contextlib
import os
import resource

from henchmen.errors import OptionError

#: Per game beyond its state: its generator, step counter, legal-action list
#: and flags (measured: 80-130 bytes after a reset, for every game).
NATIVE_OVERHEAD = 160


def batch_bytes(
    state_bytes: int,
    observation_size: int,
    actions: int,
    players: int,
    observations: bool,
    legal_mask: bool,
    extra_bytes: int = 0,
) -> int:
    """Bytes one game of a batch takes: its native state and its rows of every array.

    >>> batch_bytes(280, 17, 9, 2, observations=True, legal_mask=True)
    534
    """
    per = state_bytes + NATIVE_OVERHEAD
    per += 4 * observation_size if observations else 0
    per += actions if legal_mask else 0
    per += 4 * players + 1 + 4 + 4  # rewards, done, current player, the actions given
    return per + extra_bytes


def available_bytes() -> int | None:
    """Memory a new allocation can get now: the least of the free RAM (MemAvailable),
    the cgroup's room and the address-space limit's room; None if nothing says.

    >>> n = available_bytes()
    >>> n is None or n > 0
    True
    """
    limits: list[int] = []
    with contextlib.suppress(OSError, ValueError):
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    limits.append(int(line.split()[1]) * 1024)
    if not limits:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            limits.append(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    with contextlib.suppress(OSError, ValueError):
        with open("/sys/fs/cgroup/memory.max") as f:
            cap = f.read().strip()
        with open("/sys/fs/cgroup/memory.current") as f:
            used = int(f.read().strip())
        if cap != "max":
            limits.append(max(0, int(cap) - used))
    with contextlib.suppress(OSError, ValueError):
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            with open("/proc/self/statm") as f:
                mapped = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            limits.append(max(0, soft - mapped))
    return min(limits) if limits else None


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if n < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError  # unreachable


def check_fits(
    what: str,
    games: int,
    per_game: int,
    count: str = "num_games",
    arrays: str = "observations=False, legal_mask=False",
) -> None:
    """OptionError when ``games`` games of ``per_game`` bytes do not fit in free memory.

    >>> check_fits("parry", 16, 538)
    >>> try:
    ...     check_fits("parry", 10**12, 538)
    ... except OptionError as e:
    ...     print(str(e)[:48])
    1000000000000 games of parry need about 489.3 TB
    """
    available = available_bytes()
    need = games * per_game
    if available is None or need <= available:
        return
    most = max(available // per_game, 0)
    raise OptionError(
        f"{games} games of {what} need about {_size(need)} ({_size(per_game)} a game), "
        f"but about {_size(available)} of memory is free; make {count} at most {most}, "
        f"or turn off the arrays you do not use ({arrays})"
    )


__all__ = ["available_bytes", "batch_bytes", "check_fits"]
