"""Playing a :class:`TournamentPlan`: ``run(plan, executor)``, the ``tournament(...)`` shortcut, round robins."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Literal, overload

import pandas as pd

from mowkit.core import Agent, Game
from mowkit.match import resolve_game
from mowkit.store import ResultsFolder, assemble, chunk_path
from mowkit.tournament.executors import (
    ChunkExecutor,
    DaskClient,
    Serial,
    as_executor,
    check_picklable,
    local,
)
from mowkit.tournament.folder import Finished, open_folder, write_chunk, writing
from mowkit.tournament.kernel import kernel_table
from mowkit.tournament.plans import Progress, TournamentPlan
from mowkit.tournament.table import Provenance

Step = Callable[[int | None], None]
"""A progress step: ``step(games)`` after a chunk, ``step(None)`` at the end."""


def run(plan: TournamentPlan, executor: object = None) -> pd.DataFrame | ResultsFolder:
    """Play a tournament plan; returns its table, or with ``collect=False`` its folder's handle.

    ``executor``: where the chunks are played. ``None`` (default) or ``1``: serially in this
    process; an integer ``n`` > 1: ``n`` new local processes; a ``concurrent.futures.Executor``
    (such as a ``ProcessPoolExecutor``; left open); a ``dask.distributed.Client``: its cluster. The
    table is the same on every executor. With ``plan.out`` finished chunks are kept and a rerun of
    the same plan resumes (see :func:`~mowkit.tournament.tournament`).
    """
    return _play(plan, as_executor(executor))


def _play(plan: TournamentPlan, executor: ChunkExecutor) -> pd.DataFrame | ResultsFolder:
    """Play ``plan`` on ``executor``: in memory, or holding its folder's lock (resume from it, play
    the chunks left, hand the folder back or read it back)."""
    check_picklable(executor, plan.user_objects())  # before anything is written
    prov = plan.provenance()
    folder = plan.folder
    if folder is None:
        return _play_in_memory(plan, executor, prov)
    about: dict[str, object] = {"game": plan.played_game.name, "seed": plan.seed, "n_games": plan.n_games}
    with writing(folder, plan.out, plan.lock_timeout, about):
        finished = open_folder(folder, prov, plan.chunks)
        _play_chunks(plan, executor, prov, finished, folder)
        if not plan.collect:
            return ResultsFolder(folder, prov, len(plan.chunks), finished.rows)
        # read back, verified, into one table reserved once (not the chunks kept and concatenated)
        df = assemble([chunk_path(folder, i) for i in range(len(plan.chunks))], finished.rows)
    return _attach(df, prov, plan.chosen_backend)


def _play_in_memory(plan: TournamentPlan, executor: ChunkExecutor, prov: Provenance) -> pd.DataFrame:
    """Play every chunk and return the table (kept in memory, no folder)."""
    if isinstance(executor.for_chunks(len(plan.chunks)), Serial) and plan.chosen_backend == "kernel":
        # serial and in memory: the kernel writes every chunk straight into one table (no pd.concat)
        bar = _progress(plan.progress, plan.n_games, 0, f"tournament ({plan.chosen_backend})")
        df = kernel_table(plan.played_game, plan.labels, plan.seed, list(plan.chunks), plan.paired, plan.rotate, bar)
        bar(None)
        return _attach(df, prov, plan.chosen_backend)
    finished = Finished()
    _play_chunks(plan, executor, prov, finished, None)
    tables = [finished.tables[i] for i in sorted(finished.tables)]
    return _attach(pd.concat(tables, ignore_index=True), prov, plan.chosen_backend)


def _play_chunks(plan: TournamentPlan, executor: ChunkExecutor, prov: Provenance, finished: Finished,
                 folder: Path | None) -> None:
    """Play the chunks not yet ``finished`` on ``executor``: each written to ``folder`` as it comes
    (the driver writes; workers only play), or kept in ``finished`` without a folder.

    Whatever ends the run (an agent's error, an interrupt), every chunk written so far stays.
    """
    todo = [i for i in range(len(plan.chunks)) if i not in finished.done]
    bar = _progress(plan.progress, plan.n_games, sum(len(plan.chunks[i]) for i in finished.done),
                    f"tournament ({plan.chosen_backend})")
    results = executor.for_chunks(len(todo)).results((i, plan.chunk_job(i)) for i in todo)
    try:
        for i, df in results:
            if folder is not None:
                write_chunk(folder, i, df, prov, plan.chunks[i])
            finished.add(i, df, keep=folder is None)
            del df
            bar(len(plan.chunks[i]))
    finally:
        results.close()
        bar(None)


def _attach(df: pd.DataFrame, prov: Provenance, backend: str) -> pd.DataFrame:
    """The table with its provenance and backend in ``df.attrs``."""
    df.attrs["provenance"] = prov
    df.attrs["backend"] = backend
    return df


@overload
def tournament(
    game: str | Game,
    agents: Sequence[str | Agent],
    n_games: int,
    seed: int,
    *,
    unit: str = ...,
    paired: bool = ...,
    rotate: bool = ...,
    n_jobs: int = ...,
    client: DaskClient | None = ...,
    out: str | os.PathLike[str] | None = ...,
    chunk_games: int | None = ...,
    progress: Progress = ...,
    backend: str = ...,
    collect: Literal[True] = ...,
    deals: Sequence[Sequence[Sequence[int]]] | None = ...,
    decision_timeout: float | None = ...,
    lock_timeout: float | None = ...,
    **options: object,
) -> pd.DataFrame: ...


@overload
def tournament(
    game: str | Game,
    agents: Sequence[str | Agent],
    n_games: int,
    seed: int,
    *,
    unit: str = ...,
    paired: bool = ...,
    rotate: bool = ...,
    n_jobs: int = ...,
    client: DaskClient | None = ...,
    out: str | os.PathLike[str] | None = ...,
    chunk_games: int | None = ...,
    progress: Progress = ...,
    backend: str = ...,
    collect: Literal[False],
    deals: Sequence[Sequence[Sequence[int]]] | None = ...,
    decision_timeout: float | None = ...,
    lock_timeout: float | None = ...,
    **options: object,
) -> ResultsFolder: ...


@overload
def tournament(
    game: str | Game,
    agents: Sequence[str | Agent],
    n_games: int,
    seed: int,
    *,
    unit: str = ...,
    paired: bool = ...,
    rotate: bool = ...,
    n_jobs: int = ...,
    client: DaskClient | None = ...,
    out: str | os.PathLike[str] | None = ...,
    chunk_games: int | None = ...,
    progress: Progress = ...,
    backend: str = ...,
    collect: bool,
    deals: Sequence[Sequence[Sequence[int]]] | None = ...,
    decision_timeout: float | None = ...,
    lock_timeout: float | None = ...,
    **options: object,
) -> pd.DataFrame | ResultsFolder: ...


def tournament(
    game: str | Game,
    agents: Sequence[str | Agent],
    n_games: int,
    seed: int,
    *,
    unit: str = "game",
    paired: bool = True,
    rotate: bool = True,
    n_jobs: int = 1,
    client: DaskClient | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk_games: int | None = None,
    progress: Progress = True,
    backend: str = "auto",
    collect: bool = True,
    deals: Sequence[Sequence[Sequence[int]]] | None = None,
    decision_timeout: float | None = None,
    lock_timeout: float | None = 0,
    **options: object,
) -> pd.DataFrame | ResultsFolder:
    """Play ``n_games`` seeded games of ``game`` between ``agents`` (one per seat).

    ``run(TournamentPlan(...), executor)`` in one call (:class:`TournamentPlan`, :func:`run`).
    Returns the tidy table (a DataFrame, one row per player per round), or with ``collect=False``
    a :class:`mowkit.store.ResultsFolder`: a light handle on the ``out`` folder (path, provenance,
    chunk and row counts; ``.read()``, ``.iter()``, ``.per_game()``, ``.dask()``), the rows staying on
    disk only.

    Args:
        game: a game name (``"sixnimmt"``, ``"mow"``; then ``**options`` are its options) or a game.
        agents: one agent per seat: a spec (``"random"``, ``"greedy"``, ``"mc:rollouts=20"`` ...) or an
            agent object (``name`` and ``act(observation, legal_actions, rng)``, e.g. your own class's
            instance). An object plays under its ``name`` (different agents need different names; one
            object may sit in several seats), through the rule engine, each game from a fresh copy of
            it, with its seat's random stream exactly as a spec's (:func:`seat_streams`). Its code is
            not recorded (the provenance's ``user_agents`` holds the names and says so): a rerun or a
            resume from ``out`` needs the same objects. With ``n_jobs > 1`` or a ``client`` the
            objects must pickle (``cloudpickle``: classes from a notebook and lambdas do), checked first.
        n_games: number of games (with ``paired``, best a multiple of the player count).
        seed: the tournament seed; game ``i`` depends only on ``(seed, i)``.
        unit: ``"game"`` (whole games to the threshold) or ``"round"`` (single rounds).
        paired: replay every deal with the agents rotated through the seats.
        rotate: rotate the agents through the seats (else agent ``s`` always sits in seat ``s``).
        n_jobs: local processes; ``client``: a ``dask.distributed.Client`` (wins over n_jobs).
        out: a folder for Parquet chunks with provenance and checksums (see :mod:`mowkit.store`);
            reruns resume from it, after verifying every finished chunk.
        chunk_games: games per chunk, an integer >= 1 (default: about 20 chunks, at least 1 and at
            most ``MAX_CHUNK_GAMES`` = 50,000 games each, so one chunk's table stays bounded).
        progress: a tqdm bar (``tqdm.auto``), False, or a callback ``(done, total)``.
        backend: ``"engine"`` (the rule engine and the agents), ``"kernel"`` (the compiled kernels:
            6 nimmt! random, lowest, highest, greedy; Mow random, greedy, heuristic; default agent
            options only; never for agent objects) or ``"auto"`` (the kernel when every agent has one). The backend used is in ``df.attrs["backend"]``, in the
            provenance and in the progress bar's label. Deterministic agents give the same
            table on both; random agents draw from different streams (same distribution).
        collect: True: return the whole table. False (needs ``out``): stream each chunk to disk as
            it finishes and keep none, so memory holds about one chunk (per worker) whatever
            ``n_games``; returns the folder handle.
        deals: recorded deck orders instead of seeded deals: ``deals[d]`` is the list of per-round
            deck orders of deal number ``d`` (:func:`plan`; with ``paired`` the rotations of a deal
            share it), at least :func:`deal_count` of them. The seed still gives the agents' streams,
            so the seeded run's own deck orders give the seeded run's table. Played by the rule
            engine; the provenance holds the deals' SHA-256 (``deals``).
        decision_timeout: None (no limit) or the seconds an agent may take over one decision in the
            rule engine; past it the tournament stops with :class:`mowkit.match.AgentError` naming the
            agent, seat, game and seed (the compiled kernels' agents always answer at once). An agent
            that raises stops it the same way. Either way every chunk already written to ``out``
            stays, readable (``open_results(out, partial=True)``), and a rerun resumes.
        lock_timeout: one run writes an ``out`` folder at a time (a lock file in it,
            ``.mowkit-writer.lock``, with ``.mowkit-writer.json`` naming the holder's process id,
            host and start). 0 (default): a second run on a folder in use stops at once with
            :class:`~mowkit.tournament.FolderInUseError` naming the folder and the holder; a number
            of seconds: wait up to that long for it first; None: wait as long as it takes.

    Raises :class:`~mowkit.core.OptionError` for a wrong option, before any game is played
    (``n_games`` at most :data:`~mowkit.tournament.MAX_GAMES`).
    """
    plan = TournamentPlan(game, agents, n_games, seed, unit=unit, paired=paired, rotate=rotate, out=out,
                          chunk_games=chunk_games, progress=progress, backend=backend, collect=collect,
                          deals=deals, options=options, decision_timeout=decision_timeout,
                          lock_timeout=lock_timeout)
    return _play(plan, local(n_jobs, client))


def _progress(progress: Progress, total: int, initial: int, desc: str = "tournament") -> Step:
    """A step function for the progress display; ``step(None)`` closes it."""
    if callable(progress):
        return _callback_steps(progress, total, initial)
    if not progress:
        return lambda k: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, initial=initial, unit="game", desc=desc)

    def step(k: int | None) -> None:
        if k is None:
            bar.close()
        else:
            bar.update(k)

    return step


def _callback_steps(progress: Callable[[int, int], None], total: int, initial: int) -> Step:
    """Steps that call ``progress(done, total)`` with the games done so far."""
    done = [initial]

    def step(k: int | None) -> None:
        if k is not None:
            done[0] += k
            progress(done[0], total)

    return step


def round_robin(game: str | Game, agent_names: Iterable[str | Agent], n_games: int, seed: int, *,
                unit: str = "game", paired: bool = True, rotate: bool = True, n_jobs: int = 1,
                client: DaskClient | None = None, out: str | os.PathLike[str] | None = None,
                chunk_games: int | None = None, progress: Progress = True, backend: str = "auto",
                deals: Sequence[Sequence[Sequence[int]]] | None = None, decision_timeout: float | None = None,
                lock_timeout: float | None = 0, **options: object) -> pd.DataFrame:
    """Every agent against every other: for each ordered pair (A, B), A in one seat and B in the rest.

    Returns the stacked tidy tables with a ``match`` column ``"A vs B"``; see
    :func:`mowkit.results.strength_table` for the summary. Agents are specs or agent objects (named
    by their ``name``), as in :func:`tournament`, and so are the other arguments.
    """
    played: Game = resolve_game(game, **options)
    names = list(agent_names)
    frames = []
    for a in names:
        for b in names:
            if a is b or (isinstance(a, str) and a == b):
                continue
            df = tournament(played, [a] + [b] * (played.num_players - 1), n_games, seed, unit=unit, paired=paired,
                            rotate=rotate, n_jobs=n_jobs, client=client, out=out, chunk_games=chunk_games,
                            progress=progress, backend=backend, deals=deals, decision_timeout=decision_timeout,
                            lock_timeout=lock_timeout)
            la, lb = (x if isinstance(x, str) else str(getattr(x, "name", x)) for x in (a, b))
            df.insert(0, "match", f"{la} vs {lb}")
            df.insert(1, "focus", la)
            df.insert(2, "field", lb)
            frames.append(df)
    return pd.concat(frames, ignore_index=True)
