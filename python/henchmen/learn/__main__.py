"""``python -m henchmen.learn GAME --minutes N``: the same as ``henchmen train``."""

import sys

from henchmen.cli import main

raise SystemExit(main(["train", *sys.argv[1:]]))
