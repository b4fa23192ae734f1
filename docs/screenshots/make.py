"""Regenerate every screenshot in docs/screenshots/: the browser table's, then the terminal's.

Runs the browser test (tests/serve/test_browser.py) in a real headless
Chromium at 1366x768, which plays each game with 2 and 4 players to its end
by clicking, and saves ``<case>-table.png`` (a few moves in) and
``<case>-end.png`` (the end screen) for every case, and ``parry-review.png``
(a replay stepped through); then runs terminal.py beside it for the terminal
table's ``terminal-<game>.png``. Needs Debian's chromium and chromium-driver,
the test extra (selenium, textual) and, for PNG rather than SVG terminal
pictures, cairosvg or rsvg-convert::

    .venv/bin/python docs/screenshots/make.py
"""

from __future__ import annotations

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
#: The endings of the pictures the browser test saves (and -start, the old ones).
BROWSER_SHOTS = ("-table.png", "-end.png", "-start.png", "-review.png")


def main() -> int:
    # The old browser pictures go first, so none is left from a case that is
    # gone (the terminal table's pictures, terminal-*, are not this script's).
    for name in os.listdir(HERE):
        if name.endswith(BROWSER_SHOTS) and not name.startswith("terminal"):
            os.remove(os.path.join(HERE, name))
    env = {**os.environ, "HENCHMEN_SCREENSHOTS": HERE}
    # --long: the four-seat games are in the long tier (tests/conftest.py).
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               os.path.join(ROOT, "tests", "serve", "test_browser.py"),
               "--long", "-k", "full_game or replay_is_stepped"]  # fmt: skip
    browser = subprocess.call(command, cwd=ROOT, env=env)
    terminal = subprocess.call([sys.executable, os.path.join(HERE, "terminal.py")], cwd=ROOT)
    return browser or terminal


if __name__ == "__main__":
    sys.exit(main())
