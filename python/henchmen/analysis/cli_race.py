"""``--race`` of ``henchmen tournament`` and ``henchmen balance``: the race, told on stderr.

Kept apart from :mod:`henchmen.analysis.cli` so the commands' parser stays
small; :mod:`henchmen.analysis.race` holds the rule.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.race import RaceRule, race, study_questions, table_questions
from henchmen.analysis.run import TournamentRun, local_executor, stop_pool
from henchmen.printable import TextOut

RACE_HELP = (
    "stop each table once its question is answered (a sequential test, 5%% error a row, "
    "8 looks; --games is the cap): docs/analysis.md, Races"
)


def _told(rule: RaceRule, cap: int, err: TextOut) -> None:
    err.write(
        f"henchmen: racing: up to {rule.looks} looks, the last at {cap} games; a row settles "
        f"when its {1 - rule.alpha / rule.looks:.2%} Wilson interval lies outside its "
        f"reference +-{rule.tolerance:.0%} (far out) or inside +-"
        f"{rule.tolerance + rule.margin:.0%} (in line): {rule.alpha:.0%} error a row\n"
    )


def race_study(
    tournaments: Sequence[Tournament],
    paths: Sequence[Path],
    executor: Executor,
    workers: int,
    batch: int,
    err: TextOut,
    bar: TextOut,
) -> list[GameRecord]:
    """Race a balance study: every setup stops once every row of the table is settled.

    >>> import io, tempfile
    >>> from pathlib import Path
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from henchmen.analysis.balance import results_files, study
    >>> ts = study("parry", "greedy", games=16)
    >>> paths = results_files(Path(tempfile.mkdtemp()), ts)
    >>> with ThreadPoolExecutor(1) as pool:
    ...     rs = race_study(ts, paths, pool, 1, 0, err := io.StringIO(), io.StringIO())
    >>> err.getvalue().splitlines()[-1]
    'henchmen: race: 16 of 16 games (100%); table 1 unsettled at the cap'
    """
    from henchmen._cli_output import ProgressBar

    rule = RaceRule()
    _told(rule, sum(t.total_games for t in tournaments), err)
    run = race(
        tournaments, paths, lambda rs: [study_questions(tournaments, rs)], rule,
        executor=executor, workers=workers, batch_size=batch, progress=ProgressBar(bar, "games"),
    )  # fmt: skip
    err.write(f"henchmen: {run.line()}\n")
    return run.records


def race_tournament(
    tournament: Tournament,
    path: str | os.PathLike[str],
    executor: Executor | None,
    workers: int,
    batch: int,
    err: TextOut,
    bar: TextOut,
) -> TournamentRun:
    """Race a tournament: each table stops once each of its bots is settled.

    >>> import io, os, tempfile
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> t = Tournament("parry", ("random", "ismcts:iterations=200"), games_per_table=80)
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ThreadPoolExecutor(1) as pool:
    ...     run = race_tournament(t, path, pool, 1, 0, err := io.StringIO(), io.StringIO())
    >>> err.getvalue().splitlines()[-1]
    'henchmen: race: 20 of 80 games (25%); table 1 settled at look 2'
    """
    from henchmen._cli_output import ProgressBar

    rule = RaceRule()
    _told(rule, tournament.total_games, err)
    tables = range(len(tournament.tables))
    pool = local_executor(workers) if executor is None else executor
    finished = False
    try:
        run = race(
            [tournament], [path], lambda rs: [table_questions(tournament, t, rs) for t in tables],
            rule, executor=pool, workers=workers, batch_size=batch,
            progress=ProgressBar(bar, "games"),
        )  # fmt: skip
        finished = True
    finally:
        if executor is None:
            stop_pool(pool, finished=finished)
    err.write(f"henchmen: {run.line()}\n")
    return TournamentRun(tournament, run.records, run.games, 0)
