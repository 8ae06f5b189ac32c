"""The compiled backend of tournaments: every call into :mod:`mowkit.kernels` is in this module.

``kernel_policy`` asks :func:`mowkit.agents.policy_params`; ``kernel_game_rows``,
``kernel_frame`` and ``kernel_table`` call :mod:`mowkit.kernels.batch`'s ``play_games``,
``play_chunk`` and ``play_table``. The kernels load (and compile) on first use only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from mowkit import registry
from mowkit.agents import policy_params
from mowkit.core import Game
from mowkit.tournament.table import COLUMNS, Row, frame_columns

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
    found = policy_params(game_name, spec)
    return None if found is None else found[0]


def kernel_available(game: Game, agents: Sequence[str]) -> bool:
    """True when every agent has a compiled policy and the game's options are kernel options."""
    if game.name not in registry.names() or not registry.get(game.name).plays_in_kernel(game):
        return False
    return all(kernel_policy(game.name, a) is not None for a in agents)


def kernel_game_rows(game: Game, agents: Sequence[str], row: dict[str, int]) -> list[Row]:
    """One game in the compiled kernel (the batch path with one game), as row dicts.

    ``row`` is :func:`~mowkit.tournament.plan`'s: the game is played on the engine's deals for
    ``row["seed"]``; random agents draw from the kernel's stream seeded by (deal seed, rotation),
    exactly as in a chunk (see :mod:`mowkit.kernels.batch`).
    """
    from mowkit.kernels import batch

    policies = [kernel_policy(game.name, a) for a in agents]
    cols = batch.play_games(game, policies, *([row[k]] for k in ("game", "deal", "rotation", "seed")))
    out = {k: v.tolist() for k, v in cols.items()}
    out["agent"] = [agents[i] for i in out["agent"]]
    return [dict(zip(COLUMNS, values)) for values in zip(*(out[c] for c in COLUMNS))]


def kernel_frame(game: Game, agents: Sequence[str], seed: int, games: Sequence[int],
                 paired: bool, rotate: bool) -> pd.DataFrame:
    """A chunk of games played by one compiled call, as the engine's table (same dtypes)."""
    from mowkit.kernels import batch

    policies = [kernel_policy(game.name, a) for a in agents]
    cols = batch.play_chunk(game, policies, seed, games, paired, rotate)
    return frame_columns(cols, agents)


def kernel_table(game: Game, agents: Sequence[str], seed: int, chunks: Sequence[Sequence[int]],
                 paired: bool, rotate: bool, step: Callable[[int], None] | None = None) -> pd.DataFrame:
    """Every chunk played by the compiled kernel into one table, without concatenating chunk tables.

    The same table as ``pd.concat`` of :func:`kernel_frame` of each chunk (``ignore_index``), with
    the kernel writing every chunk straight into the final columns; ``step(games)`` after each chunk.
    """
    from mowkit.kernels import batch

    policies = [kernel_policy(game.name, a) for a in agents]
    cols = batch.play_table(game, policies, seed, chunks, paired, rotate, step)
    return frame_columns(cols, agents)
