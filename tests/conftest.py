"""Shared pytest setup: the test tiers and the conformance totals.

Three tiers, one suite:

- the default tier (the README's test command): every rule test, scripted
  scenario and the conformance suite for every game and mode, at every player
  count up to four and at each game's most, with fewer random games per
  configuration; about 5 minutes on 2 cores;
- the long tier, ``pytest --long -m long`` (``.ci/run`` runs it after the
  default tier passes): the breadth moved out of the default tier, listed in
  LONG_TIER below with the reason for each, so the two tiers together play
  what the default tier alone played before;
- ``--slow``: the full-size variants (five times the conformance games, a
  million soak actions a game, every tampering; HENCHMEN_LONG=1).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import henchmen


def _between_the_extremes(params: dict[str, object]) -> bool:
    """A (game, players) case whose player count is neither the game's fewest nor most."""
    name, players = params.get("name"), params.get("players")
    if not isinstance(name, str) or not isinstance(players, int):
        return False
    info = henchmen.game_info(name)
    return info.min_players < players < info.max_players


def _large_between_the_extremes(params: dict[str, object]) -> bool:
    """A (game, players) case of five players or more, below the game's most."""
    name, players = params.get("name"), params.get("players")
    if not isinstance(name, str) or not isinstance(players, int):
        return False
    return 5 <= players < henchmen.game_info(name).max_players


#: Tests (by file::function) that belong to the long tier, each with a predicate
#: on its parameters (None: every case) and why it moved.
LONG_TIER: dict[str, tuple[Callable[[dict[str, object]], bool] | None, str]] = {
    # Every configuration and option set keeps chunk 0 in the default tier (a
    # random game and a greedy one, the expensive checks at a tenth of their
    # steps; an option set its greedy game, whose crews and modes play on
    # purpose, where a random game wanders for twice the steps); chunks 1 to 3
    # are their further games, the ones checked at every step among them: more
    # breadth and depth, no new configuration.
    # Every game keeps chunk 0 at each player count up to four (where the
    # duels, teams and modes are) and at its most; the large tables between
    # (Super! at five to nine players, Villainy at five) run the same seat
    # loops as the most and go to the long tier.
    "tests/conformance/test_conformance.py::test_random_games_keep_the_contract": (
        lambda p: p.get("chunk", 0) != 0 or _large_between_the_extremes(p),
        "more random games per configuration; the large tables between five and the most",
    ),
    "tests/conformance/test_conformance.py::test_variant_options_keep_the_contract": (
        lambda p: p.get("chunk", 0) != 0,
        "an option set's random game and its further games",
    ),
    # Every information-set configuration keeps its first game (the oracle's
    # exact enumeration and chi-square test) in the default tier; the other
    # three games are the long infoset walks.
    "tests/conformance/test_infosets.py::test_resample_draws_exactly_from_the_information_set": (
        lambda p: p.get("seeds") != range(1),
        "more games per information-set configuration",
    ),
    # The fuzzers and the concurrency checks: each game at its fewest and most
    # players in the default tier (where capacities and seat loops are at their
    # bounds, as the sanitizer job plays them); the counts between run the same
    # code and go to the long tier.
    **{
        f"tests/hardening/{test}": (_between_the_extremes, "player counts between the extremes")
        for test in (
            "test_fuzz_actions.py::test_random_action_ids",
            "test_fuzz_actions.py::test_random_strings",
            "test_fuzz_actions.py::test_values_that_are_not_actions",
            "test_fuzz_serialized.py::test_mutated_serialized_states",
            "test_fuzz_serialized.py::test_random_serialized_states",
            "test_fuzz_serialized.py::test_every_single_field_tampering",
            "test_fuzz_replay.py::test_mutated_replays",
            "test_fuzz_replay.py::test_replays_with_text_edits",
            "test_closed_under_play.py::test_accepted_positions_stay_valid_in_play",
            "test_concurrency.py::test_one_state_per_thread_matches_serial",
            "test_concurrency.py::test_native_batch_routines_concurrently",
            "test_concurrency.py::test_vector_games_concurrently",
            "test_concurrency.py::test_search_concurrently",
        )
    },
    "tests/conformance/test_observation_keys.py::"
    "test_observation_keys_explain_every_key_and_no_other": (
        lambda p: p.get("seeds") != range(1),
        "two more random games of every player count, looking for keys nobody explains",
    ),
    "tests/games/legendary/test_validate_mutations.py::test_every_accepted_mutant_plays_on": (
        lambda p: p.get("part", 0) != 0,
        "more mutants of the Legendary positions validate() accepts",
    ),
    # A full game of every game through the browser page: Seven Secret
    # Supervillains and Parry (one tab, hot seat) at two players in the default
    # tier; the other games at two players and every game at four in the long
    # tier (each game's table is drawn from its layout, whose rules
    # tests/test_layout.py checks without a browser for every game at two and
    # four players in the default tier; the page's code is the same for all).
    "tests/serve/test_browser.py::test_a_full_game_of_every_game_through_the_page": (
        lambda p: str(p.get("case", "")).endswith("-4")
        or str(p.get("case", "")) in ("legendary", "villainy", "suet", "super"),
        "the other games' tables through the page, and the four-player tables",
    ),
    # Trendset's look at the Minion deck: the walk checked at one look and its
    # choices (seed 5) in the default tier; the longer walk of three points
    # (seed 1, a fifth of the default tier's oracle time) in the long tier.
    "tests/conformance/test_infosets.py::test_resample_follows_trendsets_look_at_the_minion_deck": (
        lambda p: p.get("seed") == 1,
        "the longer of Trendset's two walks",
    ),
    # Huge saved-state texts are refused by the JSON reader before any game reads
    # them: every case with Seven Secret Supervillains' base document in the
    # default tier, with the other games' in the long tier.
    "tests/hardening/test_resource_bounds.py::test_huge_state_texts_fail_fast_in_bounded_memory": (
        lambda p: p.get("name") != "seven-secret-supervillains",
        "the other games' base documents",
    ),
    # Ctrl-C inside a native batch step: the stop is polled by the one batch
    # loop every game shares. Parry's million games in the default tier; the
    # other games' 200,000 (Seven Secret Supervillains' alone, 740 MB of
    # states, takes 5-10 s to deal; Legendary's 9 s) in the long tier.
    "tests/hardening/test_interrupt.py::"
    "test_ctrl_c_stops_a_batch_step_and_the_batch_asks_for_a_reset": (
        lambda p: p.get("name") != "parry",
        "the batch stop in the five other games",
    ),
    # A tournament from the CLI on local processes and on a Dask cluster gives
    # the same games: the machinery is the same for every game. Super!, S.U.E.T.
    # and Parry keep the check in the default tier (under a second each); the
    # three games whose tables play longest there (Seven Secret Supervillains,
    # Villainy, Legendary: 4-16 s each on a shared machine) in the long tier.
    "tests/analysis/test_tournament.py::"
    "test_four_bots_on_local_processes_and_on_dask_give_the_same_games": (
        lambda p: p.get("game") in ("seven-secret-supervillains", "villainy", "legendary"),
        "the distributed tournament's three longest games",
    ),
    # The soak (30,000 random actions a game under the invariant checks): the
    # conformance games check the same invariants at every step in the default
    # tier (and under the sanitizers, tests/hardening/sanitize.sh).
    "tests/hardening/test_soak.py::test_soak": (None, "soak"),
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="also run the slow (full-size) variants")
    parser.addoption(
        "--long",
        action="store_true",
        help="also run the long tier (select it alone with: --long -m long)",
    )


def _in_long_tier(item: pytest.Item) -> bool:
    entry = LONG_TIER.get(item.nodeid.split("[", 1)[0])
    if entry is None:
        return False
    predicate = entry[0]
    params = getattr(getattr(item, "callspec", None), "params", {})
    return predicate is None or predicate(params)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    long_tier = config.getoption("--long") or config.getoption("--slow")
    skip_slow = pytest.mark.skip(reason="slow: run with --slow")
    kept: list[pytest.Item] = []
    moved: list[pytest.Item] = []
    for item in items:
        if _in_long_tier(item):
            item.add_marker(pytest.mark.long)
        if "slow" in item.keywords and not config.getoption("--slow"):
            item.add_marker(skip_slow)
        # The long tier is deselected, not skipped: the default run's summary
        # counts it in one number ("N deselected") instead of a skip a test.
        (moved if "long" in item.keywords and not long_tier else kept).append(item)
    if moved:
        config.hook.pytest_deselected(items=moved)
        items[:] = kept


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    total = getattr(config, "henchmen_conformance", None)
    if total is not None and total.games:
        terminalreporter.write_line(
            f"conformance: {total.games} games ({total.games - total.bot_games} random, "
            f"{total.bot_games} greedy), {total.steps} steps checked "
            f"({total.full_steps} with every check, {total.chance_steps} at chance nodes, "
            f"{total.resamples} resamples; events checked after {total.event_checks} actions, "
            f"{total.event_twins} in twin worlds)"
        )
