"""What game ``i`` of a tournament is: its deal, seat rotation and seed, from ``(seed, i)`` alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, TypeVar

import numpy as np
import pandas as pd

from mowkit.core import Game, OptionError, check_deals
from mowkit.store import _canonical, _sha256

T = TypeVar("T")

Deal: TypeAlias = "list[list[int]]"
"""One deal: the deck order of each round."""


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` of a tournament seeded ``seed`` (same on every machine)."""
    return int(np.random.SeedSequence([seed, deal]).generate_state(1, dtype=np.uint64)[0] >> 1)


def plan(game: int, players: int, seed: int, paired: bool = True, rotate: bool = True) -> dict[str, int]:
    """Deal, rotation and seed of game index ``game``."""
    rotation = game % players if rotate else 0
    deal = deal_of(game, players, paired, rotate)
    return {"game": game, "deal": deal, "rotation": rotation, "seed": game_seed(seed, deal)}


def deal_of(game: int, players: int, paired: bool, rotate: bool) -> int:
    """The deal number of game index ``game``: the rotations of one deal share it when paired."""
    return game // players if (paired and rotate) else game


def schedule(players: int, n_games: int, seed: int, paired: bool = True, rotate: bool = True) -> pd.DataFrame:
    """Which deal, rotation and seed each game index uses (one row per game)."""
    return pd.DataFrame([plan(g, players, seed, paired, rotate) for g in range(n_games)])


def seat_agents(agents: Sequence[T], rotation: int) -> list[T]:
    """The agent in each seat under ``rotation``: seat s gets ``agents[(s + rotation) % n]``."""
    n = len(agents)
    return [agents[(s + rotation) % n] for s in range(n)]


def seat_streams(players: int, rotation: int) -> list[int]:
    """The agent stream of each seat under ``rotation``: the index of the agent sitting there
    (:func:`seat_agents`), so an agent keeps its random stream when the seats rotate."""
    return seat_agents(list(range(players)), rotation)


def deal_count(players: int, n_games: int, paired: bool = True, rotate: bool = True) -> int:
    """How many different deals ``n_games`` games use (:func:`plan`'s deal numbers are 0..count-1)."""
    return deal_of(n_games - 1, players, paired, rotate) + 1


def check_tournament_deals(game: Game, deals: object, count: int) -> list[Deal]:
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


def deals_digest(orders: Sequence[Sequence[Sequence[int]]]) -> str:
    """The SHA-256 of recorded deals as the provenance holds it (``deals``)."""
    return _sha256(_canonical([list(map(list, d)) for d in orders]))
