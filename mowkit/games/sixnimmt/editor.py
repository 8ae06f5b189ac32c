"""6 nimmt!'s part of the classroom widgets: the position editor's layout and the app's defaults.

The ``editor`` slot of the game's spec. :class:`Form` tells the generic
:class:`~mowkit.widgets.editor.PositionEditor` what a 6 nimmt! position holds (hands, four rows,
penalty piles, totals), how its places and cards are named, what "random deal" takes from a dealt
state and the :class:`~mowkit.games.sixnimmt.position.SixNimmtPosition` it makes.
"""

from __future__ import annotations

from typing import Any

from mowkit.games.sixnimmt.position import SixNimmtPosition
from mowkit.games.sixnimmt.render import sixnimmt_label
from mowkit.i18n import N_, ngettext
from mowkit.widgets.editor import PositionForm

CLASSROOM: dict[str, Any] = {
    "stepper": ["random", "greedy", "lowest", "highest"],  # the computer players of the app's stepper
    "options": {"players": 4},                              # the options of the app's stepper game
    "play": ["human", "human", "medium"],                   # the seats of the app's play tab
}
"""The classroom app's defaults for 6 nimmt!: its stepper's players and options, its play tab's seats."""


class Form(PositionForm):
    """A 6 nimmt! position: hands, rows, penalty piles and totals."""

    words = {
        "hand": N_("hand of player {n}"),
        "line": N_("row {n}"),
        "pile": N_("penalty pile of player {n}"),
        "seat": N_("player {n}"),
        "total": N_("total of player {n}"),
        "Hand": N_("Hand of player {n}"),
        "Line": N_("Row {n}"),
        "Lines": N_("The rows"),
        "Piles": N_("The penalty piles and totals"),
    }

    @property
    def lines(self) -> int:
        """The rows on the table."""
        return int(self.game.rows)

    def lines_count(self, n: int) -> str:
        """``this game has 4 rows``."""
        return ngettext("this game has {n} row", "this game has {n} rows", n).format(n=n)

    def card_name(self, card: int) -> str:
        """``55 (7 heads)``."""
        return sixnimmt_label(card, self.game)

    def dealt(self, state: Any) -> dict[str, Any]:
        """The dealt rows."""
        return {"lines": [list(r) for r in state.rows]}

    def position(self, parts: dict[str, Any], common: dict[str, Any]) -> SixNimmtPosition:
        """Hands, rows, piles, totals and seed (every seat still to lay a card)."""
        return SixNimmtPosition(
            hands=tuple(tuple(h) for h in common["hands"]), rows=tuple(tuple(int(c) for c in r) for r in parts["lines"]),
            piles=tuple(tuple(p) for p in common["piles"]), totals=tuple(common["totals"]), seed=common["seed"])
