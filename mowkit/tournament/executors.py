"""Where a tournament's chunks are played: here, on local processes, or on a Dask cluster.

Each executor plays chunk jobs (:meth:`TournamentPlan.chunk_job`) and yields ``(index, table)`` as
chunks finish, keeping only a few in flight so results do not pile up in memory. The table does
not depend on the executor: everything about a game follows from the plan's seed and its index.
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from typing import Protocol, runtime_checkable

import numpy as np
import pandas as pd

from mowkit.core import OptionError, check_int
from mowkit.i18n import _
from mowkit.tournament.chunks import ChunkJob
from mowkit.tournament.seats import UserAgent

Results = Generator[tuple[int, pd.DataFrame], None, None]
"""Finished chunks: ``(chunk index, table)`` in the order they finish."""


class DaskFuture(Protocol):
    """What a tournament uses of a ``distributed.Future``."""

    def result(self) -> pd.DataFrame: ...
    def release(self) -> None: ...


@runtime_checkable
class DaskClient(Protocol):
    """What a tournament uses of a ``dask.distributed.Client``."""

    def submit(self, func: Callable[[], pd.DataFrame], /, *, pure: bool = ...) -> DaskFuture: ...
    def nthreads(self) -> Mapping[str, int]: ...


class ChunkExecutor:
    """Plays a tournament's chunks; ``option`` and ``value`` name the argument that chose it (for errors).

    ``remote``: the chunks go to other processes, so agent objects must pickle.
    """

    remote = False

    def __init__(self, option: str, value: object) -> None:
        self.option, self.value = option, value

    def results(self, jobs: Iterable[tuple[int, ChunkJob]]) -> Results:
        """Play the jobs, yielding ``(index, table)`` as each finishes."""
        raise NotImplementedError

    def for_chunks(self, count: int) -> ChunkExecutor:
        """The executor to play ``count`` chunks with (this one)."""
        return self


class Serial(ChunkExecutor):
    """Every chunk in this process, one after the other."""

    def results(self, jobs: Iterable[tuple[int, ChunkJob]]) -> Results:
        """Play each job here, in order."""
        for i, job in jobs:
            yield i, job()


class Pool(ChunkExecutor):
    """Chunks on a ``concurrent.futures`` pool: ``n`` new local processes (spawned, closed at the end)
    or the user's pool of ``n`` workers (left open)."""

    def __init__(self, n: int, pool: Executor | None = None, option: str = "n_jobs", value: object = None) -> None:
        super().__init__(option, n if value is None else value)
        self.n, self.pool = n, pool
        self.remote = not isinstance(pool, ThreadPoolExecutor)  # threads share the agent objects

    def for_chunks(self, count: int) -> ChunkExecutor:
        """Serially here when there is at most one chunk to play (no pool to start)."""
        return Serial(self.option, self.value) if count <= 1 else self

    def results(self, jobs: Iterable[tuple[int, ChunkJob]]) -> Results:
        """Play the jobs on the pool, ``2 n`` in flight, yielding each as it finishes."""
        if self.pool is not None:
            yield from _pooled(self.pool, iter(jobs), 2 * self.n)
            return
        with ProcessPoolExecutor(max_workers=self.n, mp_context=mp.get_context("spawn")) as pool:
            yield from _pooled(pool, iter(jobs), 2 * self.n)


def _pooled(pool: Executor, jobs: Iterator[tuple[int, ChunkJob]], window: int) -> Results:
    """The jobs played on a ``concurrent.futures`` pool, at most ``window`` at a time."""
    running: dict[Future[pd.DataFrame], int] = {}

    def submit(i: int, job: ChunkJob) -> None:
        running[pool.submit(job)] = i

    for i, job in itertools.islice(jobs, window):
        submit(i, job)
    while running:
        for fut in wait(running, return_when=FIRST_COMPLETED)[0]:
            yield running.pop(fut), fut.result()
            nxt = next(jobs, None)
            if nxt is not None:
                submit(*nxt)


class Dask(ChunkExecutor):
    """Chunks on a Dask cluster through its ``distributed.Client``, a few per worker thread in flight."""

    remote = True

    def __init__(self, client: DaskClient, option: str = "client") -> None:
        super().__init__(option, client)
        self.client = client

    def results(self, jobs: Iterable[tuple[int, ChunkJob]]) -> Results:
        """Submit the jobs to the cluster and yield each as it finishes, then release it there."""
        from distributed import as_completed

        pending = iter(jobs)
        try:  # a few chunks in flight per worker thread, so results do not pile up in memory
            window = max(2, 2 * sum(self.client.nthreads().values()))
        except Exception:
            window = 4
        futures: dict[DaskFuture, int] = {}

        def submit(i: int, job: ChunkJob) -> DaskFuture:
            fut = self.client.submit(job, pure=False)
            futures[fut] = i
            return fut

        queue = as_completed([submit(i, job) for i, job in itertools.islice(pending, window)])
        for fut in queue:
            i = futures.pop(fut)
            yield i, fut.result()
            fut.release()
            nxt = next(pending, None)
            if nxt is not None:
                queue.add(submit(*nxt))


def as_executor(executor: object, option: str = "executor") -> ChunkExecutor:
    """The chunk executor for :func:`~mowkit.tournament.run`'s ``executor``.

    ``None`` or ``1``: serially here; an integer ``n`` > 1: ``n`` local processes; a
    ``concurrent.futures.Executor`` (e.g. a ``ProcessPoolExecutor``): that pool (left open); a
    ``dask.distributed.Client``: its cluster. Anything else is an :class:`~mowkit.core.OptionError`.
    """
    if executor is None:
        return Serial(option, None)
    if isinstance(executor, ChunkExecutor):
        return executor
    if isinstance(executor, Executor):
        workers = getattr(executor, "_max_workers", None)
        n = workers if isinstance(workers, int) and workers > 0 else (os.cpu_count() or 1)
        return Pool(n, executor, option, executor)
    if isinstance(executor, DaskClient):
        return Dask(executor, option)
    if isinstance(executor, (int, np.integer)):
        n = check_int(option, executor, 1)
        return Pool(n, option=option) if n > 1 else Serial(option, n)
    raise OptionError(option, executor, "None, a number of local processes, a concurrent.futures.Executor "
                      "or a dask.distributed.Client")


def local(n_jobs: int, client: DaskClient | None) -> ChunkExecutor:
    """The executor of :func:`~mowkit.tournament.tournament`'s ``n_jobs`` and ``client`` (the client wins)."""
    n_jobs = check_int("n_jobs", n_jobs, 1)
    if client is not None:
        return Dask(client)
    return Pool(n_jobs) if n_jobs > 1 else Serial("n_jobs", n_jobs)


def check_picklable(executor: ChunkExecutor, objects: Iterable[UserAgent]) -> None:
    """Refuse agent objects that cannot be pickled when the executor copies agents to other processes."""
    if not executor.remote:
        return
    for a in objects:
        if a.blob is None:
            raise OptionError(executor.option, executor.value, _(
                "1 with agent object {name}: worker processes get a pickled copy of every agent object, and "
                "this one cannot be pickled ({error}); keep n_jobs=1 and client=None, or give the object "
                "only what pickle can copy (no open files, locks or generators)").format(
                    name=repr(a.name), error=a.error))
