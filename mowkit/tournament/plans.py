"""``TournamentPlan``: what a tournament is, as one frozen value checked when it is made."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeAlias

import numpy as np

from mowkit import registry
from mowkit.core import Agent, Game, OptionError, check_choice, check_int, check_seconds, check_seed
from mowkit.i18n import _
from mowkit.match import resolve_game
from mowkit.store import default_chunk_games, expected_chunks
from mowkit.store import tournament_provenance as _provenance
from mowkit.tournament.chunks import ChunkJob
from mowkit.tournament.kernel import kernel_available
from mowkit.tournament.seats import (
    USER_AGENT_CODE,
    Seat,
    UserAgent,
    check_agents,
    label,
    user_objects,
)
from mowkit.tournament.seeding import Deal, check_tournament_deals, deal_count, deals_digest, plan
from mowkit.tournament.table import Provenance

Progress: TypeAlias = "bool | Callable[[int, int], None]"
"""A progress display: a tqdm bar (True), none (False), or a callback ``(done, total)``."""

MAX_GAMES = 10**9
"""The most games one tournament plays (``n_games``): about 4.6 hours at the kernels' 60,000 games
a second, and game indices, deal numbers and row counts well inside 64-bit integers. More is
refused before any work (a list of chunks for 10**30 games would not fit in memory)."""

MAX_CHUNKS = 10**6
"""The most chunks one tournament is cut into: ``chunk_games`` must be at least
``ceil(n_games / MAX_CHUNKS)``."""

MAX_DECISION_SECONDS = 86_400.0
"""The longest ``decision_timeout`` (a day)."""

KERNEL_AGENTS = ("'engine' or 'auto' for these agents/options: the kernels play 6 nimmt! (not logic) with "
                 "random, lowest, highest, greedy agents and Mow with random, greedy, heuristic farmers")


@dataclass(frozen=True)
class TournamentPlan:
    """A tournament as a value: ``n_games`` seeded games of ``game`` between ``agents``; play it with :func:`run`.

    The fields are :func:`~mowkit.tournament.tournament`'s arguments (see there), the game's
    options in ``options`` (``TournamentPlan("sixnimmt", agents, 100, 1, options={"players": 3})``);
    where to play (serially, local processes, a Dask cluster) is :func:`run`'s ``executor``.
    Making a plan checks it (an :class:`~mowkit.core.OptionError` names the wrong option) and
    works out what follows: the game played (``played_game``, one round per game with
    ``unit="round"``), the ``seats`` (agent objects wrapped as :class:`UserAgent`), the backend
    (``chosen_backend``: ``"engine"`` or ``"kernel"``), the ``games_per_chunk`` and ``chunks`` of
    game indices, and the checked ``orders`` of ``deals``. ``dataclasses.replace(plan, seed=2)``
    makes a checked variant.

    ``decision_timeout`` (None, or seconds > 0): the time an agent may take over one decision in the
    rule engine (the match ends with :class:`mowkit.match.AgentError` past it; the kernels' compiled
    agents always answer at once). ``lock_timeout`` (0, seconds, or None for no limit): how long to
    wait for another run writing the ``out`` folder (see :mod:`mowkit.tournament.folder`). Neither
    changes the results, so neither is in the provenance.
    """

    game: str | Game
    agents: Sequence[str | Agent]
    n_games: int
    seed: int
    unit: str = "game"
    paired: bool = True
    rotate: bool = True
    out: str | os.PathLike[str] | None = None
    chunk_games: int | None = None
    progress: Progress = True
    backend: str = "auto"
    collect: bool = True
    deals: Sequence[Sequence[Sequence[int]]] | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    decision_timeout: float | None = None
    lock_timeout: float | None = 0.0
    played_game: Game = field(init=False, repr=False, compare=False)
    seats: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    chosen_backend: str = field(init=False, repr=False, compare=False)
    games_per_chunk: int = field(init=False, repr=False, compare=False)
    chunks: tuple[range, ...] = field(init=False, repr=False, compare=False)
    orders: tuple[Deal, ...] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        game = resolve_game(self.game, **self.options)
        self._check_counts()
        if self.out is not None and not isinstance(self.out, (str, os.PathLike)):
            raise OptionError("out", self.out, "a folder path (str or pathlib.Path), or None")
        if not self.collect and self.out is None:
            raise OptionError("collect", self.collect, "True, or False together with out=FOLDER (the chunks "
                              "are streamed to that folder instead of being kept in memory)")
        agents = self.agents
        if isinstance(agents, Iterable) and not isinstance(agents, (str, bytes)):
            agents = tuple(agents)  # once: an iterator is read once
        seats = tuple(check_agents(game, agents))
        if self.unit == "round":
            game = registry.load_game(game.name, **{**game.options, "max_rounds": 1})
        check_choice("backend", self.backend, ("auto", "engine", "kernel"))
        orders = self._check_deals(game)
        size = self.chunk_games if self.chunk_games is not None else default_chunk_games(self.n_games)
        self._set(options=dict(self.options), agents=agents, played_game=game, seats=seats, orders=orders,
                  chosen_backend=self._choose_backend(game, seats, orders), games_per_chunk=size,
                  chunks=tuple(expected_chunks(self.n_games, size)))

    def _set(self, **values: object) -> None:
        """Set fields of this frozen value while it is being made."""
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _check_counts(self) -> None:
        """Check the unit, counts and flags, and keep them as plain ``int`` and ``bool``."""
        check_choice("unit", self.unit, ("game", "round"))
        self._set(n_games=check_int("n_games", self.n_games, 1, MAX_GAMES), seed=check_seed(self.seed))
        for name in ("paired", "rotate", "collect"):
            flag = getattr(self, name)
            if not isinstance(flag, (bool, np.bool_)):
                raise OptionError(name, flag, "True or False")
            self._set(**{name: bool(flag)})
        if self.chunk_games is not None:
            least = -(-self.n_games // MAX_CHUNKS)
            self._set(chunk_games=check_int("chunk_games", self.chunk_games, least))
        if self.decision_timeout is not None:
            self._set(decision_timeout=check_seconds("decision_timeout", self.decision_timeout, MAX_DECISION_SECONDS))
        self._set(lock_timeout=self._lock_timeout(self.lock_timeout))

    def _check_deals(self, game: Game) -> tuple[Deal, ...] | None:
        """The checked deck orders of ``deals`` (None without), refused with the kernel backend."""
        if self.deals is None:
            return None
        count = deal_count(game.num_players, self.n_games, self.paired, self.rotate)
        orders = tuple(check_tournament_deals(game, self.deals, count))
        if self.backend == "kernel":
            raise OptionError("backend", self.backend, "'engine' or 'auto' with deals= (the kernels deal from seeds)")
        return orders

    def _choose_backend(self, game: Game, seats: Sequence[Seat], orders: object) -> str:
        """``"kernel"`` or ``"engine"``: the backend asked for, or with ``"auto"`` the kernel when it can."""
        if orders is not None:
            return "engine"
        objects = user_objects(seats)
        if objects and self.backend == "kernel":
            raise OptionError("backend", self.backend, _(
                "'engine' or 'auto' with agent objects: the compiled kernels play only the kit's own agents "
                "named by text (such as 'greedy'); an object's act() is Python code, played by the rule engine"))
        can = not objects and kernel_available(game, [label(a) for a in seats])
        if self.backend == "kernel" and not can:
            raise OptionError("backend", self.backend, KERNEL_AGENTS)
        return "kernel" if (self.backend == "kernel" or (self.backend == "auto" and can)) else "engine"

    @staticmethod
    def _lock_timeout(value: object) -> float | None:
        """``lock_timeout``: None (wait as long as it takes) or a finite number of seconds >= 0 (0: refuse at once)."""
        if value is None:
            return None
        if (isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
                and 0 <= value and math.isfinite(value)):
            return float(value)
        raise OptionError("lock_timeout", value, _(
            "None (wait for another run writing the folder as long as it takes), 0 (refuse at once: the "
            "default) or a finite number of seconds to wait"))

    @property
    def labels(self) -> list[str]:
        """The ``agent`` column's text of each agent: its spec as written, or the object's name."""
        return [label(a) for a in self.seats]

    @property
    def folder(self) -> Path | None:
        """The ``out`` folder as a path (None: results kept in memory only)."""
        return Path(self.out) if self.out is not None else None

    def user_objects(self) -> list[UserAgent]:
        """The agent objects among the seats, each once."""
        return user_objects(self.seats)

    def provenance(self) -> Provenance:
        """The run's provenance (a new dict each time): what every chunk in ``out`` carries."""
        game = self.played_game
        prov: Provenance = _provenance(game, self.labels, self.seed, self.n_games, self.unit, self.paired,
                                       self.rotate, self.games_per_chunk, self.chosen_backend)
        objects = self.user_objects()
        if objects:  # the names of the user's objects; their code is not recorded
            prov["user_agents"] = {"names": [a.name for a in objects], "code": USER_AGENT_CODE}
        if self.orders is not None:
            prov["deals"] = deals_digest(self.orders)
        return prov

    def chunk_job(self, i: int) -> ChunkJob:
        """Chunk ``i`` to play: its games, then the backend or (with ``deals``) the deals they use."""
        game, games = self.played_game, self.chunks[i]
        job = ChunkJob(game.name, game.options, list(self.seats), self.seed, games, self.paired, self.rotate,
                       self.chosen_backend, decision_timeout=self.decision_timeout)
        if self.orders is None:
            return job
        used = {plan(int(g), game.num_players, self.seed, self.paired, self.rotate)["deal"] for g in games}
        return replace(job, deals={d: self.orders[d] for d in sorted(used)})
