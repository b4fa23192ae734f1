"""Shared setup for the analysis tests: a Dask LocalCluster, started once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """The address of a LocalCluster of two single-threaded worker processes."""
    import distributed  # the test extra brings it: its absence is a failure, not a skip

    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: parallel test workers each run one
            silence_logs=50,
        ) as cluster,
    ):
        yield str(cluster.scheduler_address)
