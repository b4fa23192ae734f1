"""Shared pytest setup: ``--slow`` runs the tests marked slow."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="also run the slow tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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
