"""``python -m henchmen`` runs the command line tool (see :mod:`henchmen.cli`)."""

from henchmen.cli import main

raise SystemExit(main())
