"""Every long call stops on Ctrl-C, on a cancellation and on misuse, cleanly.

Native loops run with the GIL released, where Python cannot deliver a
signal; they poll for it (core/cancel.h). Each test sends SIGINT (or cancels
a token) from a timer thread while a call that would run for hours is in
progress, measures how long the call takes to raise, and checks that nothing
was left half-changed. The worst latency seen is printed with the hardening
counts and recorded in docs/reliability.md.
"""

from __future__ import annotations

import faulthandler
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable

import numpy as np
import pytest

import henchmen
from henchmen.batch import VectorGame
from henchmen.bots import SearchBot
from henchmen.errors import Cancelled, OptionError, UsageError
from henchmen.matches import parse_bot_spec, run_matches
from henchmen.search import ISMCTS

from .support import COUNTS, FIGURES

GAMES = [g.name for g in henchmen.games()]
LATENCY_LIMIT = 2.0  # seconds; the guarantee is well under 0.1 s, CI machines are noisy
WATCHDOG = 120  # seconds before a call that missed its interrupt ends the test process


def _interrupt_after(delay: float) -> tuple[threading.Timer, list[float]]:
    sent: list[float] = []

    def fire() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, fire)
    timer.start()
    return timer, sent


def _latency(call: Callable[[], object]) -> float:
    """Runs ``call`` under a SIGINT sent after 0.2 s; the seconds until it raised.

    The calls would run for hours if the interrupt were missed: a watchdog
    ends the process after WATCHDOG seconds (printing every thread's stack),
    so a miss fails the run instead of hanging it."""
    # A launcher may have left Ctrl-C ignored (a shell's background job does): the
    # test asks what the engine does with a Ctrl-C Python hears, so it listens.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer, sent = _interrupt_after(0.2)
    faulthandler.dump_traceback_later(WATCHDOG, exit=True)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        raised = time.perf_counter()
    finally:
        faulthandler.cancel_dump_traceback_later()
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert sent, "the call returned before the interrupt was sent"
    latency = raised - sent[0]
    count("interrupt: calls stopped by Ctrl-C", 1)
    key = "interrupt: worst Ctrl-C latency (ms)"
    FIGURES[key] = max(FIGURES.get(key, 0.0), round(latency * 1000, 1))
    return latency


def count(key: str, n: int) -> None:
    COUNTS[key] += n


def _a_real_choice(name: str) -> henchmen.State:
    """A position where the player to move has more than one move (a bot with
    one legal move answers at once, with nothing to interrupt)."""
    state = henchmen.new_game(name, seed=3)
    while len(state.legal_action_ids) < 2:
        state.apply(state.legal_action_ids[0])
    return state


def _long_calls(name: str) -> dict[str, Callable[[], object]]:
    game = henchmen.Game(name)
    state = _a_real_choice(name)
    return {
        "random_playouts": lambda: game.random_playouts(10**9, seed=1, threads=2),
        "native ismcts": lambda: ISMCTS(iterations=10**8, seed=1).search(state),
        "SearchBot.choose": lambda: SearchBot(seed=1, iterations=10**8).choose(state),
        "native run_matches": lambda: run_matches(
            game, [parse_bot_spec("random")] * game.num_players, games=10**7, seed=1, threads=2
        ),
        "python run_matches": lambda: run_matches(
            game, [parse_bot_spec("random")] * game.num_players, games=10**7, native=False
        ),
    }


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "call",
    [
        "random_playouts",
        "native ismcts",
        "SearchBot.choose",
        "native run_matches",
        "python run_matches",
    ],
)
def test_ctrl_c_stops_every_long_call_at_once(name: str, call: str) -> None:
    state_before = henchmen.new_game(name, seed=3).serialize()
    latency = _latency(_long_calls(name)[call])
    assert latency < LATENCY_LIMIT, f"{call} took {latency:.3f} s to stop"
    assert henchmen.new_game(name, seed=3).serialize() == state_before


@pytest.mark.parametrize("name", GAMES)
def test_ctrl_c_stops_a_batch_step_and_the_batch_asks_for_a_reset(name: str) -> None:
    # Enough games that one step outlasts the 20 ms between two polls for Ctrl-C.
    num_games = 1_000_000 if name == "parry" else 200_000
    games = VectorGame(name, num_games=num_games, seed=1, threads=2, observations=False)
    games.reset()
    inside = [False]

    def steps() -> None:
        while True:
            inside[0] = True
            games.step_random()
            inside[0] = False

    # A cheap game's step is short, so Ctrl-C may land between two steps: then
    # the batch is whole and steps on. Try until it lands inside one.
    for _ in range(20):
        assert _latency(steps) < LATENCY_LIMIT
        try:
            games.step_random()
        except UsageError as refused:
            # Some games may have stepped and others not: the batch refuses until reset.
            assert "reset" in str(refused)
            break
        # It stepped on: the interrupt came between two steps (or just before one began).
        games.reset()
    else:
        pytest.fail("Ctrl-C never landed inside a batch step")
    step = games.reset()
    assert step.current_player.shape == (num_games,)
    games.step_random()


@pytest.mark.parametrize("name", GAMES)
def test_a_cancel_token_or_a_time_limit_stops_native_work(name: str) -> None:
    game = henchmen.Game(name)
    token = henchmen.CancelToken()
    timer = threading.Timer(0.1, token.cancel)
    timer.start()
    with pytest.raises(Cancelled, match="CancelToken"):
        game.random_playouts(10**9, cancel=token)
    timer.join()
    with pytest.raises(Cancelled, match="time limit"):
        game.random_playouts(10**9, max_seconds=0.1)
    token = henchmen.CancelToken()
    token.cancel()
    bots = [parse_bot_spec("ismcts:iterations=100000")] * game.num_players
    with pytest.raises(Cancelled):
        run_matches(game, bots, games=100, cancel=token)
    count("interrupt: cancellations", 3)


@pytest.mark.parametrize("name", GAMES)
def test_a_batch_is_reset_before_anything_else(name: str) -> None:
    games = VectorGame(name, num_games=4, seed=1)
    for call in (
        games.step_random,
        lambda: games.step(np.zeros(4, dtype=np.int64)),
        lambda: games.state(0),
    ):
        with pytest.raises(UsageError, match="reset"):
            call()
    games.reset()
    games.step_random()
    assert games.state(0).current_player >= 0
    count("interrupt: misuse refused", 3)


@pytest.mark.parametrize("name", GAMES)
def test_a_batch_used_by_two_threads_refuses_the_second(name: str) -> None:
    """Two threads call one batch at once: whichever comes second is refused, every time.
    The worker steps until the main thread's calls have met it three times (a small
    batch, so each step is short and the two meet often)."""
    games = VectorGame(name, num_games=5_000, seed=1, threads=1, observations=False)
    games.reset()
    inside = threading.Event()
    enough = threading.Event()
    errors: list[BaseException] = []
    refused = [0, 0]  # the main thread's calls, the worker's

    def steps() -> None:
        inside.set()
        for _ in range(100_000):
            if enough.is_set():
                return
            try:
                games.step_random()
            except UsageError as e:
                assert "one thread at a time" in str(e)
                refused[1] += 1
            except BaseException as e:  # pragma: no cover - reported below
                errors.append(e)
                return

    worker = threading.Thread(target=steps)
    worker.start()
    inside.wait()
    while worker.is_alive():
        try:
            games.reset()
        except UsageError as e:
            assert "one thread at a time" in str(e)
            refused[0] += 1
            if refused[0] >= 3:
                enough.set()
        time.sleep(0.0005)
    worker.join()
    assert not errors, errors
    assert refused[0] > 0, "the second thread was never refused"
    count("interrupt: concurrent batch calls refused", sum(refused))


@pytest.mark.parametrize("name", GAMES)
def test_a_state_changed_while_another_thread_searches_it(name: str) -> None:
    """The search works on a copy taken before the GIL is released."""
    state = henchmen.new_game(name, seed=4)
    result: list[object] = []
    worker = threading.Thread(
        target=lambda: result.append(ISMCTS(iterations=3000, seed=1).search(state))
    )
    worker.start()
    steps = 0
    while worker.is_alive() and not state.is_terminal:
        state.apply(state.legal_action_ids[0])
        steps += 1
    worker.join()
    assert result
    state.validate()
    count("interrupt: moves made during a search", steps)


def test_threads_are_bounded() -> None:
    too_many = henchmen.MAX_THREADS + 1
    game = henchmen.Game(GAMES[0])
    with pytest.raises(OptionError, match="threads"):
        game.random_playouts(10, threads=too_many)
    with pytest.raises(OptionError, match="threads"):
        VectorGame(GAMES[0], num_games=4, threads=too_many)
    with pytest.raises(OptionError, match="threads"):
        run_matches(game, [parse_bot_spec("random")] * 2, games=2, threads=too_many)
    with pytest.raises(OptionError, match="threads"):
        game._core.random_playouts(10, 1, 256)


def test_threads_that_cannot_start_raise_instead_of_aborting() -> None:
    """Under an address-space limit no new thread stack fits: an error, not an abort."""
    code = textwrap.dedent(
        """
        import resource, henchmen
        from henchmen.batch import VectorGame
        game = henchmen.Game("seven-secret-supervillains")
        game.random_playouts(2, threads=1)
        with open("/proc/self/status") as f:
            vm = next(int(line.split()[1]) for line in f if line.startswith("VmSize:"))
        limit = (vm + 4 * 1024) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        for make in (lambda: game.random_playouts(100, threads=8),
                     lambda: VectorGame("seven-secret-supervillains", num_games=8, threads=8)):
            try:
                make()
                print("started")
            except henchmen.errors.HenchmenError as e:
                print("refused:", e)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 2
    assert any(line.startswith("refused: could not start") for line in lines), lines
    count(
        "interrupt: thread start failures refused",
        sum(line.startswith("refused") for line in lines),
    )
