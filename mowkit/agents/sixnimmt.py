"""6 nimmt! agents: random, lowest card, highest card, greedy.

Every agent answers all decisions of the game: the card choice (``Play``), Rule 4's row choice
(``TakeRow``), the professional variant's tie (``Place``) and the logic draft (``Draft``).
Unless its docstring says otherwise an agent takes, for Rule 4, the row with the fewest heads
(ties to the fewest cards, then the lowest row index), places professional ties on the first
option, and drafts like it plays (random agents draft at random).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mowkit.core import Action
from mowkit.games.sixnimmt import (
    Draft,
    Place,
    Play,
    SixNimmtObservation,
    TakeRow,
    placements,
    row_heads,
)


def cheapest_row(rows: Sequence[Sequence[int]]) -> int:
    """Row with the fewest heads; ties to the fewest cards, then the lowest index."""
    return min(range(len(rows)), key=lambda i: (row_heads(rows[i]), len(rows[i]), i))


def immediate_penalty(obs: SixNimmtObservation, card: int) -> tuple[int, int]:
    """(heads taken, distance to the row end) if ``card`` were placed alone on the rows seen now.

    Rule 4 costs the cheapest row; a row already at capacity costs that row; else 0 heads.
    """
    opts = placements(obs.rows, card, obs.game.professional)
    if not opts:
        return row_heads(obs.rows[cheapest_row(obs.rows)]), 0
    worst = 0
    dist = 104
    for r, end in opts:
        row = obs.rows[r]
        if len(row) >= obs.game.capacity:
            worst = max(worst, row_heads(row))
        dist = min(dist, card - row[-1] if end == "back" else row[0] - card)
    return worst, dist


class _Base:
    name = "base"

    def act(self, observation: SixNimmtObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        first = legal_actions[0]
        if isinstance(first, Play):
            return self.play(observation, legal_actions, rng)
        if isinstance(first, TakeRow):
            return self.take_row(observation, legal_actions, rng)
        if isinstance(first, Draft):
            return self.draft(observation, legal_actions, rng)
        if isinstance(first, Place):
            return first
        raise ValueError(f"{self.name}: no policy for {first!r}")

    def play(self, obs: SixNimmtObservation, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        raise NotImplementedError

    def take_row(self, obs: SixNimmtObservation, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return TakeRow(obs.player, cheapest_row(obs.rows))

    def draft(self, obs: SixNimmtObservation, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(_Base):
    """Plays a uniformly random card; Rule 4: the fewest heads (or a random row, row="random").

    The default row policy (fewest heads, ties to the lowest index among equally few cards)
    is the one the published random-player figures use (12.12 heads per round with 4 players).
    """

    def __init__(self, row: str = "fewest_heads") -> None:
        from mowkit.core import check_choice

        self.row = check_choice("row", row, ("fewest_heads", "random"))
        self.name = "random" if row == "fewest_heads" else "random_row"

    def play(self, obs, legal, rng):
        return legal[int(rng.integers(len(legal)))]

    def take_row(self, obs, legal, rng):
        if self.row == "random":
            return legal[int(rng.integers(len(legal)))]
        values = [row_heads(r) for r in obs.rows]
        return TakeRow(obs.player, values.index(min(values)))


class LowestAgent(_Base):
    """Always plays its lowest card; drafts the lowest face-up card."""

    name = "lowest"

    def play(self, obs, legal, rng):
        return legal[0]

    def draft(self, obs, legal, rng):
        return legal[0]


class HighestAgent(_Base):
    """Always plays its highest card; drafts the highest face-up card."""

    name = "highest"

    def play(self, obs, legal, rng):
        return legal[-1]

    def draft(self, obs, legal, rng):
        return legal[-1]


class GreedyAgent(_Base):
    """Plays the card with the smallest immediate penalty on the rows it sees.

    The immediate penalty of a card is what it would cost if it were placed now, alone: the
    heads of a full row it would complete, the cheapest row for a card lower than every row, else 0.
    Ties: the smallest distance to the end it goes on (the least room for others to slip in
    before it), then the lowest card. Drafts at random.
    """

    name = "greedy"

    def play(self, obs, legal, rng):
        best = min(legal, key=lambda a: (*immediate_penalty(obs, a.card), a.card))
        return best


AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "lowest": LowestAgent,
    "highest": HighestAgent,
    "greedy": GreedyAgent,
}
