"""``python -m henchmen.learn GAME --minutes N``: the same as ``henchmen train``."""

import sys

from henchmen.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["train", *sys.argv[1:]]))
