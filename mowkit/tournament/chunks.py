"""Chunks of a tournament: the listed game indices played, as a table; pure functions of their arguments.

These are what run on worker processes (``n_jobs``) or a Dask cluster (``client``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from mowkit import registry
from mowkit.core import Agent, Game, OptionError
from mowkit.match import play_match
from mowkit.tournament.kernel import kernel_frame
from mowkit.tournament.seats import Seat, label, player
from mowkit.tournament.seeding import Deal, plan, seat_agents, seat_streams
from mowkit.tournament.table import Row, frame


def game_rows(game: Game, agents: Sequence[Seat | Agent], row: dict[str, int],
              deals: Deal | None = None) -> list[Row]:
    """One game of the tournament (``row``: :func:`~mowkit.tournament.plan`'s) by the rule engine, as rows."""
    seated = seat_agents(agents, row["rotation"])
    names = [label(a) for a in seated]
    players = [player(game, a) for a in seated]
    try:
        state = play_match(game, players, seed=row["seed"], agent_streams=seat_streams(len(agents), row["rotation"]),
                           deals=deals).state
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
              games: Sequence[int], paired: bool, rotate: bool, backend: str = "engine") -> pd.DataFrame:
    """Play the listed game indices of a tournament; a pure function of its arguments.

    ``agents``: spec strings and :class:`~mowkit.tournament.UserAgent` seats (agent objects).
    ``backend="kernel"`` (specs only) plays the whole chunk in one compiled call (:mod:`mowkit.kernels.batch`).
    """
    game = registry.load_game(game_name, **options)
    if backend == "kernel":
        return kernel_frame(game, [label(a) for a in agents], seed, games, paired, rotate)
    rows: list[Row] = []
    for g in games:
        rows.extend(game_rows(game, agents, plan(int(g), game.num_players, seed, paired, rotate)))
    return frame(rows)


def run_deals_chunk(game_name: str, options: Mapping[str, object], agents: Sequence[Seat], seed: int,
                    games: Sequence[int], paired: bool, rotate: bool,
                    deals: Mapping[int, Deal]) -> pd.DataFrame:
    """:func:`run_chunk` on recorded deck orders: game ``g`` is dealt ``deals[plan(g)["deal"]]``.

    The seed still gives each game's agent streams (as in a seeded run), so a run on the deals a
    seeded run dealt gives the seeded run's table. Always the rule engine.
    """
    game = registry.load_game(game_name, **options)
    rows: list[Row] = []
    for g in games:
        row = plan(int(g), game.num_players, seed, paired, rotate)
        rows.extend(game_rows(game, agents, row, deals[row["deal"]]))
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

    def __call__(self) -> pd.DataFrame:
        head = (self.game_name, self.options, self.seats, self.seed, self.games, self.paired, self.rotate)
        if self.deals is None:
            return run_chunk(*head, self.backend)
        return run_deals_chunk(*head, self.deals)
