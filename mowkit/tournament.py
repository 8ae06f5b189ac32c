"""Seeded tournaments: many games, seat rotation, paired deals, tidy results, parallel runs.

``tournament(game, agents, n_games, seed)`` plays ``n_games`` games and returns one row per
player per round (a tidy pandas DataFrame). Everything about game ``i`` follows from
``(seed, i)`` alone, so the table is the same whether the games run serially, on local
processes (``n_jobs``) or on a Dask cluster (``client``), and whatever the chunking.

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

**Agent objects**: ``agents`` may mix spec strings with agent objects (anything with ``name``
and ``act(observation, legal_actions, rng)``, the :class:`mowkit.core.Agent` protocol: your own
class's instance, or :func:`mowkit.make_agent`'s). An object plays through the rule engine under
its ``name`` (the ``agent`` column); every game starts from a fresh copy of it, so a game depends
on the object as passed and ``(seed, i)`` only. Its code is not recorded: the provenance holds its
name and says it was a user object, so a rerun (or a resume) needs the same objects.

Wins: the winner flag is true for every seat sharing the lowest total; ``winners`` says how many
shared it. :func:`mowkit.results.summary` counts a shared win as a win for each sharer
(``win_rate``) and also as ``1/k`` of a win (``win_share``).
"""

from __future__ import annotations

import copy
import os
import pickle
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mowkit import registry
from mowkit.agents import make_agent, parse_agent_spec  # noqa: F401  (parse_agent_spec kept importable from here)
from mowkit.core import OptionError, RecordError, check_choice, check_deals, check_int
from mowkit.i18n import _
from mowkit.match import play_match, resolve_game

COLUMNS = [
    "game", "deal", "rotation", "round", "seat", "agent", "penalty", "total",
    "final_total", "rounds", "winner", "winners", "seed",
]


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` of a tournament seeded ``seed`` (same on every machine)."""
    return int(np.random.SeedSequence([seed, deal]).generate_state(1, dtype=np.uint64)[0] >> 1)


def plan(game: int, players: int, seed: int, paired: bool = True, rotate: bool = True) -> dict[str, int]:
    """Deal, rotation and seed of game index ``game``."""
    rotation = game % players if rotate else 0
    deal = _deal_of(game, players, paired, rotate)
    return {"game": game, "deal": deal, "rotation": rotation, "seed": game_seed(seed, deal)}


def _deal_of(game: int, players: int, paired: bool, rotate: bool) -> int:
    """The deal number of game index ``game``: the rotations of one deal share it when paired."""
    return game // players if (paired and rotate) else game


def schedule(players: int, n_games: int, seed: int, paired: bool = True, rotate: bool = True) -> pd.DataFrame:
    """Which deal, rotation and seed each game index uses (one row per game)."""
    return pd.DataFrame([plan(g, players, seed, paired, rotate) for g in range(n_games)])


def seat_agents(agents: Sequence[Any], rotation: int) -> list[Any]:
    """The agent in each seat under ``rotation``: seat s gets ``agents[(s + rotation) % n]``."""
    n = len(agents)
    return [agents[(s + rotation) % n] for s in range(n)]


def seat_streams(players: int, rotation: int) -> list[int]:
    """The agent stream of each seat under ``rotation``: the index of the agent sitting there
    (:func:`seat_agents`), so an agent keeps its random stream when the seats rotate."""
    return [int(a) for a in seat_agents([str(p) for p in range(players)], rotation)]


USER_AGENT_CODE = "not recorded: a rerun needs the same agent objects (same names, same behaviour)"
"""What a tournament's provenance says about the code of agent objects (``user_agents.code``)."""


class UserAgent:
    """A user's agent object in a tournament seat: its ``name`` and a fresh copy of it for each game.

    The object is pickled once (with ``cloudpickle``, which also carries classes defined in a
    notebook); each game unpickles its own copy, so state the object keeps does not carry from one
    game to the next and the table does not depend on the chunking, the workers or a resume. An
    object that cannot be pickled is deep-copied instead, or (when even that fails) plays every
    game itself; such an object cannot go to worker processes (``n_jobs``, ``client``).
    """

    def __init__(self, agent: Any) -> None:
        self.name = str(agent.name)
        self.agent: Any = agent
        self.blob: bytes | None = None
        self.error: str | None = None
        try:
            import cloudpickle

            self.blob = cloudpickle.dumps(agent)
        except Exception as e:  # pickle raises many kinds (PicklingError, TypeError, AttributeError ...)
            self.error = f"{type(e).__name__}: {e}"
        self.copies = self.blob is not None
        if not self.copies:
            try:
                copy.deepcopy(agent)
                self.copies = True
            except Exception:
                pass

    def fresh(self) -> Any:
        """The agent for one game: a new copy of the object as it was passed (see the class)."""
        if self.blob is not None:
            return pickle.loads(self.blob)
        return copy.deepcopy(self.agent) if self.copies else self.agent

    def __getstate__(self) -> dict[str, Any]:  # to a worker only the pickled copy travels
        if self.blob is None:
            raise pickle.PicklingError(f"agent object {self.name!r} cannot be pickled: {self.error}")
        return {"name": self.name, "agent": None, "blob": self.blob, "error": None, "copies": True}


def _label(agent: str | UserAgent) -> str:
    """The ``agent`` column's text for a seat: the spec as written, or the object's name."""
    return agent if isinstance(agent, str) else agent.name


def _player(game: Any, agent: Any) -> Any:
    """The agent that plays one game in a seat: made from its spec, or a copy of the user's object."""
    if isinstance(agent, str):
        name, kwargs = parse_agent_spec(agent)
        return make_agent(game.name, name, **kwargs)
    if isinstance(agent, UserAgent):
        return agent.fresh()
    return agent  # a bare agent object (a direct call of run_chunk): played as it is


def _check_agents(game: Any, agents: Sequence[Any]) -> list[str | UserAgent]:
    """The tournament's seats: spec strings checked, agent objects wrapped in :class:`UserAgent`.

    Raises :class:`~mowkit.core.OptionError` (option ``agents``) for a wrong count, an unknown spec,
    something that is neither a spec nor an agent object, an object without a text name, and two
    different agents under one name (the table could not tell them apart).
    """
    from mowkit.core import Agent

    if isinstance(agents, (str, bytes)) or not isinstance(agents, Iterable):
        raise OptionError("agents", agents, _("a list of agents, one per seat ({n})").format(n=game.num_players))
    agents = list(agents)
    if len(agents) != game.num_players:
        raise OptionError("agents", [a if isinstance(a, str) else getattr(a, "name", a) for a in agents],
                          _("one agent per seat ({n})").format(n=game.num_players))
    seats: list[str | UserAgent] = []
    wrapped: dict[int, UserAgent] = {}  # id(object) -> its seat entry: one object in several seats
    owner: dict[str, Any] = {}  # name -> the spec string or the object it stands for
    for a in agents:
        if isinstance(a, str):
            name, kwargs = parse_agent_spec(a)  # fail early on unknown agents or options
            make_agent(game.name, name, **kwargs)
            seats.append(a)
            key: Any = a
            label = a
        else:
            if isinstance(a, type):
                raise OptionError("agents", a, _("agent names, or agent objects: an instance such as "
                                                 "{cls}(), not the class").format(cls=a.__name__))
            if not isinstance(a, Agent):
                raise OptionError("agents", a, _("agent names such as 'random' or 'greedy', or agent objects "
                                                 "with a name and act(observation, legal_actions, rng)"))
            if not isinstance(a.name, str) or not a.name.strip():
                raise OptionError("agents", a.name, _("an agent object whose name is a non-empty text "
                                                      "(it is the agent column of the table)"))
            if id(a) not in wrapped:
                wrapped[id(a)] = UserAgent(a)
            seats.append(wrapped[id(a)])
            key, label = a, a.name
        if label in owner and owner[label] is not key and not (isinstance(key, str) and owner[label] == key):
            raise OptionError("agents", label, _("a different name for each different agent: two agents are "
                                                 "called {name} (give each agent object its own name, or "
                                                 "pass the same object for several seats)").format(name=repr(label)))
        owner[label] = key
    return seats


def _game_rows(game: Any, agents: Sequence[str | UserAgent], row: dict[str, int],
               deals: Sequence[Sequence[int]] | None = None) -> list[dict[str, Any]]:
    seated = seat_agents(agents, row["rotation"])
    names = [_label(a) for a in seated]
    players = [_player(game, a) for a in seated]
    try:
        state = play_match(game, players, seed=row["seed"], agent_streams=seat_streams(len(agents), row["rotation"]),
                           deals=deals).state
    except OptionError as e:
        if deals is None or e.option != "deals":
            raise
        raise OptionError(f"deals[{row['deal']}]", e.value, e.allowed + f" (game {row['game']})") from None
    winners = set(state.winners())
    totals = np.cumsum(np.array(state.round_scores), axis=0)
    out = []
    for r, scores in enumerate(state.round_scores):
        for s, pen in enumerate(scores):
            out.append({
                "game": row["game"], "deal": row["deal"], "rotation": row["rotation"], "round": r,
                "seat": s, "agent": names[s], "penalty": int(pen), "total": int(totals[r, s]),
                "final_total": int(state.totals[s]), "rounds": len(state.round_scores),
                "winner": s in winners, "winners": len(winners), "seed": row["seed"],
            })
    return out


KERNEL_POLICIES = {g: dict(registry.get(g).kernel_policies) for g in registry.names()}
"""Agent specs that a compiled kernel plays exactly like the agent, by game (a copy made at import
from each game's :mod:`mowkit.registry` entry, its ``kernel_policies``, which is what is used).

A spec's parameters not written in it are the agent class's defaults (read from its signature),
so ``"greedy:take_at=0"`` for Mow is the kernel's ``greedy`` as ``GreedyAgent()``'s default is 0.
"""


def kernel_policy(game_name: str, spec: str) -> str | None:
    """The compiled kernel's policy for an agent spec, or None when the agent has no kernel.

    The spec's parameters, completed with the agent class's defaults, must equal those of one of
    the class's ``kernel_params()`` (:func:`mowkit.agents.policy_params`).
    """
    from mowkit.agents import policy_params

    found = policy_params(game_name, spec)
    return None if found is None else found[0]


def kernel_available(game: Any, agents: Sequence[str]) -> bool:
    """True when every agent has a compiled policy and the game's options are kernel options."""
    if game.name not in registry.names() or not registry.get(game.name).plays_in_kernel(game):
        return False
    return all(kernel_policy(game.name, a) is not None for a in agents)


def _kernel_game_rows(game: Any, agents: Sequence[str], row: dict[str, int]) -> list[dict[str, Any]]:
    """One game in the compiled kernel (the batch path with one game), as row dicts.

    ``row`` is :func:`plan`'s: the game is played on the engine's deals for ``row["seed"]``;
    random agents draw from the kernel's stream seeded by (deal seed, rotation), exactly as in a
    chunk (see :mod:`mowkit.kernels.batch`).
    """
    from mowkit.kernels import batch

    policies = [kernel_policy(game.name, a) for a in agents]
    cols = batch.play_games(game, policies, *([row[k]] for k in ("game", "deal", "rotation", "seed")))
    out = {k: v.tolist() for k, v in cols.items()}
    out["agent"] = [agents[i] for i in out["agent"]]
    return [dict(zip(COLUMNS, values)) for values in zip(*(out[c] for c in COLUMNS))]


def _kernel_frame(game: Any, agents: Sequence[str], seed: int, games: Sequence[int],
                  paired: bool, rotate: bool) -> pd.DataFrame:
    """A chunk of games played by one compiled call, as the table ``_frame`` makes (same dtypes)."""
    from mowkit.kernels import batch

    policies = [kernel_policy(game.name, a) for a in agents]
    cols = batch.play_chunk(game, policies, seed, games, paired, rotate)
    return _frame_columns(cols, agents)


def _kernel_table(game: Any, agents: Sequence[str], seed: int, chunks: Sequence[Sequence[int]],
                  paired: bool, rotate: bool, step: Callable[[int], None] | None = None) -> pd.DataFrame:
    """Every chunk played by the compiled kernel into one table, without concatenating chunk tables.

    The same table as ``pd.concat`` of :func:`_kernel_frame` of each chunk (``ignore_index``), with
    the kernel writing every chunk straight into the final columns; ``step(games)`` after each chunk.
    """
    from mowkit.kernels import batch

    policies = [kernel_policy(game.name, a) for a in agents]
    cols = batch.play_table(game, policies, seed, chunks, paired, rotate, step)
    return _frame_columns(cols, agents)


_AGENT_DTYPE: list[Any] = []


def _agent_dtype() -> Any:
    """The dtype ``_frame`` gives the agent column (``str``: pandas' default string dtype), once."""
    if not _AGENT_DTYPE:
        _AGENT_DTYPE.append(_frame([])["agent"].dtype)
    return _AGENT_DTYPE[0]


def _frame_columns(cols: dict[str, np.ndarray], agents: Sequence[str]) -> pd.DataFrame:
    """The results table from the kernel's column arrays (``agent``: index into ``agents``), no per-row Python.

    The int64 columns and ``winner`` (bool) are used as they are (no copy); ``agent`` becomes
    the names by one ``take``.
    """
    names = pd.array(list(agents), dtype=_agent_dtype())
    data = {c: cols[c] for c in COLUMNS}
    data["agent"] = names.take(cols["agent"])
    data["winner"] = np.asarray(cols["winner"], dtype=bool)
    return pd.DataFrame(data, columns=COLUMNS, copy=False)  # the arrays are ours: no copy


def run_chunk(game_name: str, options: dict[str, Any], agents: Sequence[str | UserAgent], seed: int,
              games: Sequence[int], paired: bool, rotate: bool, backend: str = "engine") -> pd.DataFrame:
    """Play the listed game indices of a tournament; a pure function of its arguments.

    ``agents``: spec strings and :class:`UserAgent` seats (agent objects). ``backend="kernel"`` (specs
    only) plays the whole chunk in one compiled call (:mod:`mowkit.kernels.batch`).
    """
    from mowkit import load_game

    game = load_game(game_name, **options)
    if backend == "kernel":
        return _kernel_frame(game, [_label(a) for a in agents], seed, games, paired, rotate)
    rows: list[dict[str, Any]] = []
    for g in games:
        rows.extend(_game_rows(game, agents, plan(int(g), game.num_players, seed, paired, rotate)))
    return _frame(rows)


def run_deals_chunk(game_name: str, options: dict[str, Any], agents: Sequence[str | UserAgent], seed: int,
                    games: Sequence[int], paired: bool, rotate: bool,
                    deals: dict[int, list[list[int]]]) -> pd.DataFrame:
    """:func:`run_chunk` on recorded deck orders: game ``g`` is dealt ``deals[plan(g)["deal"]]``.

    The seed still gives each game's agent streams (as in a seeded run), so a run on the deals a
    seeded run dealt gives the seeded run's table. Always the rule engine.
    """
    game = registry.load_game(game_name, **options)
    rows: list[dict[str, Any]] = []
    for g in games:
        row = plan(int(g), game.num_players, seed, paired, rotate)
        rows.extend(_game_rows(game, agents, row, deals[row["deal"]]))
    return _frame(rows)


def deal_count(players: int, n_games: int, paired: bool = True, rotate: bool = True) -> int:
    """How many different deals ``n_games`` games use (:func:`plan`'s deal numbers are 0..count-1)."""
    return _deal_of(n_games - 1, players, paired, rotate) + 1


def check_tournament_deals(game: Any, deals: Any, count: int) -> list[list[list[int]]]:
    """Recorded deals for a tournament: one list of per-round deck orders per deal number.

    Raises :class:`~mowkit.core.OptionError` (option ``deals``, ``deals[d]`` or ``deals[d][r]``)
    for anything else: not a list, fewer than ``count`` deals, a deal that is not a non-empty
    list of deck orders, or an order that is not exactly the game's deck.
    """
    allowed = (f"a list of at least {count} deals (one per deal number), each a list of deck orders, "
               "one per round")
    if isinstance(deals, (str, bytes, dict)) or not isinstance(deals, (Sequence, np.ndarray)):
        raise OptionError("deals", deals, allowed)
    if len(deals) < count:
        raise OptionError("deals", f"{len(deals)} deals", allowed)
    out = []
    for d in range(count):
        try:
            out.append(check_deals(game, deals[d]))
        except OptionError as e:
            where = e.option[len("deals"):]
            raise OptionError(f"deals[{d}]{where}", e.value, e.allowed) from None
    return out


def _deals_digest(orders: Sequence[Sequence[Sequence[int]]]) -> str:
    from mowkit.store import _canonical, _sha256

    return _sha256(_canonical([list(map(list, d)) for d in orders]))


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    df = pd.DataFrame(rows, columns=COLUMNS)
    ints = ["game", "deal", "rotation", "round", "seat", "penalty", "total", "final_total", "rounds", "winners"]
    df[ints] = df[ints].astype("int64")
    df["seed"] = df["seed"].astype("int64")
    df["winner"] = df["winner"].astype(bool)
    df["agent"] = df["agent"].astype(str)
    return df


# --------------------------------------------------------------------------- chunk store
# The Parquet store lives in mowkit.store; its names stay importable from here.

from mowkit.store import (  # noqa: E402,F401  (re-exported)
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
    remove_stale_temporaries,
    run_provenance,
    save_table,
)
from mowkit.store import differing_fields as _differing_fields  # noqa: E402
from mowkit.store import tournament_provenance as _provenance  # noqa: E402,F401

# --------------------------------------------------------------------------- tournament


def tournament(
    game: Any,
    agents: Sequence[str | Any],
    n_games: int,
    seed: int,
    *,
    unit: str = "game",
    paired: bool = True,
    rotate: bool = True,
    n_jobs: int = 1,
    client: Any = None,
    out: str | os.PathLike[str] | None = None,
    chunk_games: int | None = None,
    progress: bool | Callable[[int, int], None] = True,
    backend: str = "auto",
    collect: bool = True,
    deals: Sequence[Sequence[Sequence[int]]] | None = None,
    **options: Any,
) -> Any:
    """Play ``n_games`` seeded games of ``game`` between ``agents`` (one per seat).

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
    """
    import itertools

    game = resolve_game(game, **options)
    check_choice("unit", unit, ("game", "round"))
    check_int("n_games", n_games, 1)
    check_int("seed", seed, 0)
    check_int("n_jobs", n_jobs, 1)
    n_games, seed, n_jobs = int(n_games), int(seed), int(n_jobs)
    for name, flag in (("paired", paired), ("rotate", rotate), ("collect", collect)):
        if not isinstance(flag, (bool, np.bool_)):
            raise OptionError(name, flag, "True or False")
    paired, rotate, collect = bool(paired), bool(rotate), bool(collect)
    if chunk_games is not None:
        chunk_games = check_int("chunk_games", chunk_games, 1)
    if out is not None and not isinstance(out, (str, os.PathLike)):
        raise OptionError("out", out, "a folder path (str or pathlib.Path), or None")
    if not collect and out is None:
        raise OptionError("collect", collect, "True, or False together with out=FOLDER (the chunks "
                          "are streamed to that folder instead of being kept in memory)")
    seats = _check_agents(game, agents)
    labels = [_label(a) for a in seats]
    objects = list(dict.fromkeys(a for a in seats if isinstance(a, UserAgent)))
    if unit == "round":
        game = registry.load_game(game.name, **{**game.options, "max_rounds": 1})
    check_choice("backend", backend, ("auto", "engine", "kernel"))
    orders = None
    if deals is not None:
        orders = check_tournament_deals(game, deals, deal_count(game.num_players, n_games, paired, rotate))
        if backend == "kernel":
            raise OptionError("backend", backend, "'engine' or 'auto' with deals= (the kernels deal from seeds)")
        backend = "engine"
    if objects and backend == "kernel":
        raise OptionError("backend", backend, _("'engine' or 'auto' with agent objects: the compiled kernels "
                                                "play only the kit's own agents named by text (such as "
                                                "'greedy'); an object's act() is Python code, played by the "
                                                "rule engine"))
    can = not objects and kernel_available(game, labels)
    if backend == "kernel" and not can:
        raise OptionError("backend", backend, "'engine' or 'auto' for these agents/options: the kernels play "
                          "6 nimmt! (not logic) with random, lowest, highest, greedy agents and Mow with "
                          "random, greedy, heuristic farmers")
    backend = "kernel" if (backend == "kernel" or (backend == "auto" and can)) else "engine"
    if chunk_games is None:
        chunk_games = default_chunk_games(n_games)
    chunks = expected_chunks(n_games, chunk_games)
    prov = _provenance(game, labels, seed, n_games, unit, paired, rotate, chunk_games, backend)
    if objects:  # the names of the user's objects; their code is not recorded
        prov["user_agents"] = {"names": [a.name for a in objects], "code": USER_AGENT_CODE}
    workers = client is not None or n_jobs > 1
    for a in objects if workers else ():
        if a.blob is None:
            option, value = ("client", client) if client is not None else ("n_jobs", n_jobs)
            raise OptionError(option, value, _("1 with agent object {name}: worker processes get a pickled "
                                               "copy of every agent object, and this one cannot be pickled "
                                               "({error}); keep n_jobs=1 and client=None, or give the object "
                                               "only what pickle can copy (no open files, locks or "
                                               "generators)").format(name=repr(a.name), error=a.error))
    if orders is not None:
        prov["deals"] = _deals_digest(orders)
    folder = Path(out) if out is not None else None
    done: dict[int, pd.DataFrame | None] = {}
    rows = 0
    if folder is not None:
        if folder.exists() and not folder.is_dir():
            raise OptionError("out", str(out), "a folder (this path is a file)")
        folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(folder)
        names = {chunk_path(folder, i).name for i in range(len(chunks))}
        for f in sorted(folder.glob("chunk-*.parquet")):
            if f.name not in names:  # a chunk that is no part of this run's layout
                found = run_provenance(read_provenance(f))
                diff = _differing_fields(prov, found)
                raise RecordError(str(f), "metadata.mowkit." + (diff[0] if diff else "games"),
                                  f"not a chunk of this run (differs in {diff or ['games']}); "
                                  "use another folder or remove it")
        for i in range(len(chunks)):
            path = chunk_path(folder, i)
            if path.exists():
                found = read_provenance(path)
                found_games = found.get("games")
                diff = _differing_fields(prov, run_provenance(found))
                if diff or found_games != [chunks[i][0], chunks[i][-1] + 1]:
                    raise RecordError(str(path), "metadata.mowkit." + (diff[0] if diff else "games"),
                                      f"belongs to another run (differs in {diff or ['games']}); "
                                      "use another folder or remove it")
                df, found = read_verified(path)  # checksums: refuse a damaged or edited chunk
                rows += int(found["rows"])
                done[i] = df if collect else None
                del df
    todo = [i for i in range(len(chunks)) if i not in done]
    args = (game.name, game.options, seats, seed)
    chunk_fn: Callable[..., pd.DataFrame] = run_chunk if orders is None else run_deals_chunk

    def chunk_args(i: int) -> tuple[Any, ...]:
        """The arguments after ``args`` of chunk ``i``: its games, then the backend or its deals."""
        if orders is None:
            return (chunks[i], paired, rotate, backend)
        used = {plan(int(g), game.num_players, seed, paired, rotate)["deal"] for g in chunks[i]}
        return (chunks[i], paired, rotate, {d: orders[d] for d in sorted(used)})
    bar = _progress(progress, n_games, sum(len(chunks[i]) for i in done), f"tournament ({backend})")

    def finish(i: int, df: pd.DataFrame) -> None:
        nonlocal rows
        if folder is not None:
            _write_chunk(df, chunk_path(folder, i), prov, chunks[i])
        rows += len(df)
        done[i] = df if collect else None
        bar(len(chunks[i]))

    pending = iter(todo)
    if client is not None:
        from distributed import as_completed

        try:  # a few chunks in flight per worker thread, so results do not pile up in memory
            window = max(2, 2 * sum(client.nthreads().values()))
        except Exception:
            window = 4
        futures: dict[Any, int] = {}

        def submit(i: int) -> Any:
            fut = client.submit(chunk_fn, *args, *chunk_args(i), pure=False)
            futures[fut] = i
            return fut

        queue = as_completed([submit(i) for i in itertools.islice(pending, window)])
        for fut in queue:
            i = futures.pop(fut)
            finish(i, fut.result())
            fut.release()
            nxt = next(pending, None)
            if nxt is not None:
                queue.add(submit(nxt))
    elif n_jobs > 1 and len(todo) > 1:
        import multiprocessing as mp
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        with ProcessPoolExecutor(max_workers=n_jobs, mp_context=mp.get_context("spawn")) as pool:
            running = {pool.submit(chunk_fn, *args, *chunk_args(i)): i
                       for i in itertools.islice(pending, 2 * n_jobs)}
            while running:
                finished = wait(running, return_when=FIRST_COMPLETED)[0]
                for fut in finished:
                    finish(running.pop(fut), fut.result())
                    nxt = next(pending, None)
                    if nxt is not None:
                        running[pool.submit(chunk_fn, *args, *chunk_args(nxt))] = nxt
    elif backend == "kernel" and folder is None and collect and orders is None:
        # serial and in memory: the kernel writes every chunk straight into one table (no pd.concat)
        df = _kernel_table(game, labels, seed, [chunks[i] for i in todo], paired, rotate, bar)
        bar(None)
        df.attrs["provenance"] = prov
        df.attrs["backend"] = backend
        return df
    else:
        for i in pending:
            finish(i, chunk_fn(*args, *chunk_args(i)))
    bar(None)
    if not collect:
        assert folder is not None
        return ResultsFolder(folder, prov, len(chunks), rows)
    df = pd.concat([done[i] for i in sorted(done)], ignore_index=True)
    df.attrs["provenance"] = prov
    df.attrs["backend"] = backend
    return df


def _progress(progress: bool | Callable[[int, int], None], total: int, initial: int,
              desc: str = "tournament") -> Callable[[int | None], None]:
    """A step function for the progress display; ``step(None)`` closes it."""
    if callable(progress):
        state = {"done": initial}

        def step(k: int | None) -> None:
            if k is not None:
                state["done"] += k
                progress(state["done"], total)

        return step
    if not progress:
        return lambda k: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, initial=initial, unit="game", desc=desc)

    def step(k: int | None) -> None:  # type: ignore[no-redef]
        if k is None:
            bar.close()
        else:
            bar.update(k)

    return step


def round_robin(game: Any, agent_names: Iterable[str | Any], n_games: int, seed: int, **kwargs: Any) -> pd.DataFrame:
    """Every agent against every other: for each ordered pair (A, B), A in one seat and B in the rest.

    Returns the stacked tidy tables with a ``match`` column ``"A vs B"``; see
    :func:`mowkit.results.strength_table` for the summary. Agents are specs or agent objects (named
    by their ``name``), as in :func:`tournament`.
    """
    game = resolve_game(game, **{k: kwargs.pop(k) for k in list(kwargs) if k not in _TOURNAMENT_KW})
    names = list(agent_names)
    frames = []
    for a in names:
        for b in names:
            if a is b or (isinstance(a, str) and a == b):
                continue
            df = tournament(game, [a] + [b] * (game.num_players - 1), n_games, seed, **kwargs)
            la, lb = (x if isinstance(x, str) else str(getattr(x, "name", x)) for x in (a, b))
            df.insert(0, "match", f"{la} vs {lb}")
            df.insert(1, "focus", la)
            df.insert(2, "field", lb)
            frames.append(df)
    return pd.concat(frames, ignore_index=True)


_TOURNAMENT_KW = {"unit", "paired", "rotate", "n_jobs", "client", "out", "chunk_games", "progress", "backend",
                  "deals"}
