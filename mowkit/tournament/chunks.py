"""Chunks of a tournament: the listed game indices played, as a table; pure functions of their arguments.

These are what run on worker processes (``n_jobs``) or a Dask cluster (``client``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypedDict, cast

import numpy as np
import pandas as pd

from mowkit import registry
from mowkit.core import Agent, Game, OptionError
from mowkit.match import Match
from mowkit.tournament.kernel import kernel_frame
from mowkit.tournament.seats import Seat, label, player
from mowkit.tournament.seeding import Deal, plan, seat_agents, seat_streams
from mowkit.tournament.table import Row, frame


class MatchKeywords(TypedDict, total=False):
    """The keywords of the match loop a tournament passes when the loop takes them."""

    decision_timeout: float
    game_number: int


class _MatchLoop(Protocol):
    """:class:`~mowkit.match.Match` as a tournament calls it."""

    def __call__(self, game: Game, agents: Sequence[Agent], seed: int, *, agent_streams: Sequence[int],
                 deals: Deal | None, decision_timeout: float = ..., game_number: int = ...) -> Match: ...


def match_keywords(decision_timeout: float | None, game_number: int) -> MatchKeywords:
    """The keywords of :class:`~mowkit.match.Match` for a tournament game: ``decision_timeout`` (when
    set) and ``game_number`` (the game's index from 1, named in an agent's error)."""
    out: MatchKeywords = {"game_number": game_number}
    if decision_timeout is not None:
        out["decision_timeout"] = decision_timeout
    return out


def game_rows(game: Game, agents: Sequence[Seat | Agent], row: dict[str, int],
              deals: Deal | None = None, decision_timeout: float | None = None) -> list[Row]:
    """One game of the tournament (``row``: :func:`~mowkit.tournament.plan`'s) by the rule engine, as rows.

    ``decision_timeout``: seconds an agent may take per decision (None: no limit). An agent that
    fails or runs out of time ends the game with the match loop's error naming the game (its index
    from 1), the seat and the seed.
    """
    seated = seat_agents(agents, row["rotation"])
    names = [label(a) for a in seated]
    players = [player(game, a) for a in seated]
    try:
        loop = cast(_MatchLoop, Match)  # the keywords it takes: see match_keywords
        match = loop(game, players, row["seed"], agent_streams=seat_streams(len(agents), row["rotation"]),
                      deals=deals, **match_keywords(decision_timeout, row["game"] + 1))
        match.run()
        state = match.state
    except OptionError as e:
        if deals is None or e.option != "deals":
            raise
        raise OptionError(f"deals[{row['deal']}]", e.value, e.allowed + f" (game {row['game']})") from None
    winners = set(state.winners())
    totals = np.cumsum(np.array(state.round_scores), axis=0)
    rounds = len(state.round_scores)
    return [{
        "game": row["game"], "deal": row["deal"], "rotation": row["rotation"], "round": r,
        "seat": s, "agent": names[s], "penalty": int(pen), "total": int(totals[r, s]),
        "final_total": int(state.totals[s]), "rounds": rounds,
        "winner": s in winners, "winners": len(winners), "seed": row["seed"],
    } for r, scores in enumerate(state.round_scores) for s, pen in enumerate(scores)]


def run_chunk(game_name: str, options: Mapping[str, object], agents: Sequence[Seat], seed: int,
              games: Sequence[int], paired: bool, rotate: bool, backend: str = "engine",
              decision_timeout: float | None = None) -> pd.DataFrame:
    """Play the listed game indices of a tournament; a pure function of its arguments.

    ``agents``: spec strings and :class:`~mowkit.tournament.UserAgent` seats (agent objects).
    ``backend="kernel"`` (specs only) plays the whole chunk in one compiled call (:mod:`mowkit.kernels.batch`).
    ``decision_timeout``: as :func:`game_rows` (the engine only; the compiled agents answer at once).
    """
    game = registry.load_game(game_name, **options)
    if backend == "kernel":
        return kernel_frame(game, [label(a) for a in agents], seed, games, paired, rotate)
    rows: list[Row] = []
    for g in games:
        rows.extend(game_rows(game, agents, plan(int(g), game.num_players, seed, paired, rotate),
                              decision_timeout=decision_timeout))
    return frame(rows)


def run_deals_chunk(game_name: str, options: Mapping[str, object], agents: Sequence[Seat], seed: int,
                    games: Sequence[int], paired: bool, rotate: bool,
                    deals: Mapping[int, Deal], decision_timeout: float | None = None) -> pd.DataFrame:
    """:func:`run_chunk` on recorded deck orders: game ``g`` is dealt ``deals[plan(g)["deal"]]``.

    The seed still gives each game's agent streams (as in a seeded run), so a run on the deals a
    seeded run dealt gives the seeded run's table. Always the rule engine.
    """
    game = registry.load_game(game_name, **options)
    rows: list[Row] = []
    for g in games:
        row = plan(int(g), game.num_players, seed, paired, rotate)
        rows.extend(game_rows(game, agents, row, deals[row["deal"]], decision_timeout))
    return frame(rows)


@dataclass(frozen=True)
class ChunkJob:
    """One chunk of a tournament to play: ``job()`` is its table, a pure function of the fields.

    It pickles to a worker process (the agent objects among ``seats`` as their pickled copies).
    With ``deals`` (the deck orders of the deal numbers the chunk uses) it is
    :func:`run_deals_chunk`, else :func:`run_chunk` on ``backend``.
    """

    game_name: str
    options: Mapping[str, object]
    seats: Sequence[Seat]
    seed: int
    games: Sequence[int]
    paired: bool
    rotate: bool
    backend: str = "engine"
    deals: Mapping[int, Deal] | None = None
    decision_timeout: float | None = None

    def __call__(self) -> pd.DataFrame:
        head = (self.game_name, self.options, self.seats, self.seed, self.games, self.paired, self.rotate)
        if self.deals is None:
            return run_chunk(*head, self.backend, self.decision_timeout)
        return run_deals_chunk(*head, self.deals, self.decision_timeout)
