"""A 6 nimmt! position built by hand, as a value: what ``SixNimmt.position`` builds a state from.

:class:`SixNimmtPosition` holds a card choice in the middle of a round: each player's hand, the
rows, the penalty piles, earlier totals, the seats still to lay a card (``pending``), the cards
already laid face down (``chosen``, ``(seat, card)`` pairs), the seed of later rounds and whether
the position was checked as one a dealt game can reach (``reachable``). The
engine validates it (``SixNimmt.state_at(position)``; each refusal an
:class:`~mowkit.core.OptionError` naming the field); a state built from it keeps the completed
position (every default filled in) as ``state.start``, and :meth:`SixNimmtPosition.to_json` is
what a game record stores under ``"position"`` (``game.position(**data)`` builds it again).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

Cards = tuple[int, ...]


@dataclass(frozen=True)
class SixNimmtPosition:
    """A 6 nimmt! position; ``None`` fields take the engine's defaults (see ``SixNimmt.position``)."""

    hands: tuple[Cards, ...]
    rows: tuple[Cards, ...]
    piles: tuple[Cards, ...] | None = None
    totals: tuple[int, ...] | None = None
    pending: tuple[int, ...] | None = None
    chosen: tuple[tuple[int, int], ...] | None = None
    seed: int | None = 0
    reachable: bool = False

    def keywords(self) -> dict[str, Any]:
        """The fields by name (the keyword arguments of ``SixNimmt.position``)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def to_json(self) -> dict[str, Any]:
        """The position as JSON (lists and ints): what a record stores, ``SixNimmt.position``'s keywords."""
        return {
            "hands": [list(h) for h in self.hands],
            "rows": [list(r) for r in self.rows],
            "piles": None if self.piles is None else [list(p) for p in self.piles],
            "totals": None if self.totals is None else list(self.totals),
            "seed": self.seed,
            "pending": None if self.pending is None else list(self.pending),
            "chosen": None if self.chosen is None else [[q, c] for q, c in self.chosen],
            "reachable": self.reachable,
        }
