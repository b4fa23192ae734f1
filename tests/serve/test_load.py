"""The hostile load test (``python -m henchmen.serve.hostile``): hints beside a person playing
a bot, clients that never read and a connection flood, against a real ``henchmen serve`` on
127.0.0.1.  A short run here (about ten seconds); the full one, whose figures are in
docs/performance-notes.md, under ``--slow``."""

from __future__ import annotations

import asyncio

import pytest

from henchmen.serve.hostile import Figures, run

pytest.importorskip("websockets", reason="the 'serve' extra is needed")


def _check(got: Figures, flood: int, readers: int) -> None:
    assert got.server_alive
    # Hints were still waiting or thinking at the end, so a hint thread was busy all along
    # (a hint may end before its 30 s at the 200,000-iteration cap; the next one starts).
    assert got.hints_sent == 20 and got.hints_answered < 20
    assert got.bot_replies and got.percentile(99) < 1000, sorted(got.bot_replies)[-3:]
    # The flood: every connection answered, those past the address's 64 refused.
    assert got.flood_failed == 0 and got.flood_answered + got.flood_refused == flood
    assert 0 < got.flood_answered <= 64
    # Never-readers: the server holds at most its 1 MiB a client, and lets it go.
    assert got.views_sent > 0
    assert got.rss_peak - got.rss_before < 16 + 2 * readers, got.summary()
    assert got.rss_after - got.rss_before < 4, got.summary()


def test_a_short_hostile_run() -> None:
    got = asyncio.run(
        run(
            seconds=1.5,
            hint_seconds=5,
            view_rate=900,
            memory_seconds=2,
            flood=100,
            flags=["--rate", "2000"],
        )
    )
    _check(got, flood=100, readers=2)


@pytest.mark.slow
def test_the_full_hostile_run() -> None:
    """Issue 37's figures: 5 x 4 hints of 30 s, 180 views a second for 30 s, 200 at once."""
    got = asyncio.run(run())
    _check(got, flood=200, readers=2)
    assert len(got.dropped_after) == 2  # both never-readers were cut off
