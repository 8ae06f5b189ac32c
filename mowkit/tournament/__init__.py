"""Seeded tournaments: many games, seat rotation, paired deals, tidy results, parallel runs.

``tournament(game, agents, n_games, seed)`` plays ``n_games`` games and returns one row per
player per round (a tidy pandas DataFrame). Everything about game ``i`` follows from
``(seed, i)`` alone, so the table is the same whether the games run serially, on local
processes (``n_jobs``) or on a Dask cluster (``client``), and whatever the chunking.

The same as a value: ``plan = TournamentPlan(game, agents, n_games, seed, ...)`` holds what the
tournament is (checked when made) and ``run(plan, executor)`` plays it, serially by default, or on
local processes or a Dask cluster (``executor``); ``tournament(...)`` is ``run(TournamentPlan(...))``.

* **Seat rotation**: game ``i`` seats agent ``(s + r) mod n`` in seat ``s`` with rotation
  ``r = i mod n``, so every agent plays every seat equally often (``rotate=False``: fixed seats).
* **Paired deals** (``paired=True``): the ``n`` rotations of one deal share its seed, so each deal
  is played once with every agent in every seat and the luck of the cards cancels.
* **Rounds or games**: ``unit="round"`` plays single rounds (``max_rounds=1``); ``"game"``
  plays whole games to the threshold (66 / 100).
* **Long runs**: with ``out=FOLDER`` results go to Parquet chunks (``chunk-00000.parquet`` …)
  written atomically with their provenance (mowkit version, game options, agents, seed, the
  games they hold); an interrupted run keeps every finished chunk and a rerun with the same
  arguments resumes where it stopped. A chunk whose provenance differs is an error, not reused.
  One run writes a folder at a time (a lock file in it): a second gets
  :class:`FolderInUseError` naming the folder and the holder, or waits (``lock_timeout``).

**Agent objects**: ``agents`` may mix spec strings with agent objects (anything with ``name``
and ``act(observation, legal_actions, rng)``, the :class:`mowkit.core.Agent` protocol: your own
class's instance, or :func:`mowkit.make_agent`'s). An object plays through the rule engine under
its ``name`` (the ``agent`` column); every game starts from a fresh copy of it, so a game depends
on the object as passed and ``(seed, i)`` only. Its code is not recorded: the provenance holds its
name and says it was a user object, so a rerun (or a resume) needs the same objects.

Wins: the winner flag is true for every seat sharing the lowest total; ``winners`` says how many
shared it. :func:`mowkit.results.summary` counts a shared win as a win for each sharer
(``win_rate``) and also as ``1/k`` of a win (``win_share``).

The modules: :mod:`~mowkit.tournament.seeding` (what game ``i`` is), ``seats`` (agents and
agent objects), ``table`` (the columns), ``kernel`` (every call into the compiled kernels),
``chunks`` (the chunk functions workers run), ``plans`` (:class:`TournamentPlan`), ``folder``
(the ``out`` folder and resume), ``executors`` (serial, processes, Dask) and ``runner``
(:func:`run`, :func:`tournament`, :func:`round_robin`).
"""

from __future__ import annotations

from mowkit.agents import parse_agent_spec
from mowkit.store import (
    MAX_CHUNK_GAMES,
    ResultsFolder,
    _write_chunk,
    _write_parquet,
    chunk_path,
    default_chunk_games,
    expected_chunks,
    iter_results,
    load_table,
    open_results,
    read_provenance,
    read_results,
    read_verified,
    run_provenance,
    save_table,
)
from mowkit.store import differing_fields as _differing_fields
from mowkit.store import tournament_provenance as _provenance
from mowkit.tournament.chunks import ChunkJob, run_chunk, run_deals_chunk
from mowkit.tournament.chunks import game_rows as _game_rows
from mowkit.tournament.executors import ChunkExecutor, DaskClient, Pool, Serial, as_executor
from mowkit.tournament.folder import FolderInUseError, remove_stale_temporaries
from mowkit.tournament.kernel import KERNEL_POLICIES, kernel_available, kernel_policy
from mowkit.tournament.kernel import kernel_frame as _kernel_frame
from mowkit.tournament.kernel import kernel_game_rows as _kernel_game_rows
from mowkit.tournament.kernel import kernel_table as _kernel_table
from mowkit.tournament.plans import MAX_CHUNKS, MAX_GAMES, TournamentPlan
from mowkit.tournament.runner import round_robin, run, tournament
from mowkit.tournament.seats import USER_AGENT_CODE, Seat, UserAgent
from mowkit.tournament.seats import check_agents as _check_agents
from mowkit.tournament.seeding import (
    check_tournament_deals,
    deal_count,
    game_seed,
    plan,
    schedule,
    seat_agents,
    seat_streams,
)
from mowkit.tournament.table import COLUMNS, JSONValue, Provenance
from mowkit.tournament.table import agent_dtype as _agent_dtype
from mowkit.tournament.table import frame as _frame
from mowkit.tournament.table import frame_columns as _frame_columns

__all__ = [
    "COLUMNS", "KERNEL_POLICIES", "ChunkJob", "FolderInUseError", "MAX_CHUNKS", "MAX_GAMES", "MAX_CHUNK_GAMES", "USER_AGENT_CODE", "ChunkExecutor", "DaskClient", "JSONValue",
    "Pool", "Provenance", "ResultsFolder", "Seat", "Serial", "TournamentPlan", "UserAgent", "as_executor",
    "check_tournament_deals", "chunk_path", "deal_count", "default_chunk_games", "expected_chunks", "game_seed",
    "iter_results", "kernel_available", "kernel_policy", "load_table", "open_results", "parse_agent_spec", "plan",
    "read_provenance", "read_results", "read_verified", "remove_stale_temporaries", "round_robin", "run",
    "run_chunk", "run_deals_chunk", "run_provenance", "save_table", "schedule", "seat_agents", "seat_streams",
    "tournament",
    # kept importable for the benchmarks and tests that reach inside
    "_agent_dtype", "_check_agents", "_differing_fields", "_frame", "_frame_columns", "_game_rows",
    "_kernel_frame", "_kernel_game_rows", "_kernel_table", "_provenance", "_write_chunk",
    "_write_parquet",
]
