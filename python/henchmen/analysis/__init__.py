"""Analysis at scale: tournaments between bots, ratings, balance statistics and reports.

A :class:`Tournament` is a field of bots playing every table of a round
robin (or a gauntlet) with seats rotated; :func:`run_tournament` plays it
on any ``concurrent.futures``-style executor (local processes by default,
a Dask cluster through :func:`dask_executor`), streaming every finished game
to a JSON-lines file so a stopped run resumes where it stopped.  Statistics
come from each game's events; :func:`summarize` fits ratings with intervals
and :func:`~henchmen.analysis.html.html_report` draws the report.

>>> import tempfile, os
>>> from concurrent.futures import ThreadPoolExecutor
>>> from henchmen.analysis import Tournament, run_tournament, summarize
>>> t = Tournament("parry", ("random", "ismcts:iterations=50"), games_per_table=10, seed=4)
>>> with ThreadPoolExecutor(1) as pool:
...     run = run_tournament(t, os.path.join(tempfile.mkdtemp(), "r.jsonl"), executor=pool)
>>> s = summarize(t, run.records)
>>> max(s.ratings, key=lambda r: r.rating).label
'ismcts:iterations=50'

Dask and matplotlib come with the ``henchmen[analysis]`` extra; nothing
here imports them until a cluster or an HTML report is asked for.
"""

from __future__ import annotations

from henchmen.analysis.plan import Batch, SeatedBot, Tournament, batches
from henchmen.analysis.play import GameRecord, play_batch
from henchmen.analysis.ratings import Rating, fit_ratings
from henchmen.analysis.run import TournamentRun, dask_executor, local_executor, run_tournament
from henchmen.analysis.store import Results, ResultsFile, load_results, read_results
from henchmen.analysis.summary import Summary, summarize, text_report

__all__ = [
    "Batch",
    "GameRecord",
    "Rating",
    "Results",
    "ResultsFile",
    "SeatedBot",
    "Summary",
    "Tournament",
    "TournamentRun",
    "batches",
    "dask_executor",
    "fit_ratings",
    "load_results",
    "local_executor",
    "play_batch",
    "read_results",
    "run_tournament",
    "summarize",
    "text_report",
]
