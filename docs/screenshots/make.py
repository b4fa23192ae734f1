"""Regenerate every screenshot of the browser table in docs/screenshots/.

Runs the browser test (tests/serve/test_browser.py) in a real headless
Chromium at 1366x768, which plays each game with 2 and 4 players to its end
by clicking, and saves ``<case>-table.png`` (a few moves in) and
``<case>-end.png`` (the end screen) for every case, and ``parry-review.png``
(a replay stepped through). Needs Debian's chromium and chromium-driver and
the test extra (selenium)::

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
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               os.path.join(ROOT, "tests", "serve", "test_browser.py"),
               "-k", "full_game or replay_is_stepped"]  # fmt: skip
    return subprocess.call(command, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
