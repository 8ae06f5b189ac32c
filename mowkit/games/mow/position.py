"""A Mow position built by hand, as a value: what ``Mow.position`` builds a state from.

:class:`MowPosition` holds the cards by id: a hand per farmer, the herds (a card, or a ``(card,
value)`` pair for what a slowpoke or calf stands for), the acrobats standing on cows, the cowsheds
(``piles``), earlier totals, the farmer to act (``pending``), who started the round, the draw pile
(``stock``, front first), the arrow, the active herd, the round, the seed of later rounds and
whether it was checked as a position a dealt game can reach (``reachable``). The
engine validates it (``Mow.state_at(position)``; each refusal an
:class:`~mowkit.core.OptionError` naming the field); a state built from it keeps the completed
position (every default filled in) as ``state.start``, and :meth:`MowPosition.to_json` is what a
game record stores under ``"position"`` (``game.position(**data)`` builds it again).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

Cards = tuple[int, ...]
HerdItem = int | tuple[int, int]  # a card (standing as its number) or a (card, value) pair


@dataclass(frozen=True)
class MowPosition:
    """A Mow position: cards by id; ``None`` fields take the engine's defaults (see ``Mow.position``)."""

    hands: tuple[Cards, ...]
    lines: tuple[tuple[HerdItem, ...], ...] | None = None
    acrobats: tuple[tuple[int, int], ...] = ()
    piles: tuple[Cards, ...] | None = None
    totals: tuple[int, ...] | None = None
    pending: int = 0
    starter: int | None = None
    stock: Cards | None = None
    arrow: int = 1
    active: int = 0
    round_index: int = 0
    seed: int = 0
    reachable: bool = False

    def keywords(self) -> dict[str, Any]:
        """The fields by name (the keyword arguments of ``Mow.position``)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def to_json(self) -> dict[str, Any]:
        """The position as JSON (lists and ints): what a record stores, ``Mow.position``'s keywords."""
        return {
            "hands": [list(h) for h in self.hands],
            "lines": None if self.lines is None else [[_plain(x) for x in h] for h in self.lines],
            "acrobats": [[a, t] for a, t in self.acrobats],
            "piles": None if self.piles is None else [list(x) for x in self.piles],
            "totals": None if self.totals is None else list(self.totals),
            "pending": [self.pending],
            "starter": self.starter,
            "stock": None if self.stock is None else list(self.stock),
            "arrow": self.arrow,
            "active": self.active,
            "round_index": self.round_index,
            "seed": self.seed,
            "reachable": self.reachable,
        }


def _plain(item: HerdItem) -> int | list[int]:
    """A herd item as JSON: a card id, or ``[card, value]``."""
    return list(item) if isinstance(item, tuple) else item
