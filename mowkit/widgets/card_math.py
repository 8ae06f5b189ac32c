"""Small ipywidgets explorers of the 6 nimmt! card math (:mod:`mowkit.odds.sixnimmt`).

The widgets hold no rules and no math: they read their fields, call the odds functions and show
the resulting table as HTML. Each explorer keeps the last table in ``.table`` (``None`` after an
error, whose message is shown instead), so it can be driven and checked without a browser.
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets
import pandas as pd

from mowkit.odds.sixnimmt import (
    fractions_as_text,
    full_deck,
    hand_heads_moments,
    hand_heads_table,
    safest_card_from_text,
    tactics_deck,
)

_RISK_COLUMNS = [
    "rank",
    "card",
    "goes_to",
    "before",
    "p_sixth",
    "p_lowest",
    "p_take",
    "expected_heads",
]


def _html_table(df: pd.DataFrame) -> str:
    return fractions_as_text(df).to_html(index=False, float_format=lambda x: f"{x:.4f}")


class SafestCardExplorer(widgets.VBox):
    """Edit a hand, the rows, the cards seen and the number of opponents; see the cards ranked."""

    def __init__(
        self,
        hand: str,
        rows: str,
        seen: str = "",
        opponents: int = 3,
        capacity: int = 5,
        deck: Iterable[int] | None = None,
    ) -> None:
        self.deck = tuple(deck) if deck is not None else None
        self.capacity = capacity
        self.hand = widgets.Text(value=hand, description="hand")
        self.rows = widgets.Textarea(
            value=rows, description="rows", placeholder="one row per line or | between rows"
        )
        self.seen = widgets.Text(value=seen, description="seen")
        self.opponents = widgets.IntSlider(value=opponents, min=1, max=9, description="opponents")
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        for w in (self.hand, self.rows, self.seen, self.opponents):
            w.observe(self._update, names="value")
        super().__init__([self.hand, self.rows, self.seen, self.opponents, self.output])
        self._update()

    def _update(self, change: object = None) -> None:
        try:
            df = safest_card_from_text(
                self.hand.value,
                self.rows.value,
                self.seen.value,
                self.opponents.value,
                self.capacity,
                self.deck,
            )
        except ValueError as e:
            self.table = None
            self.output.value = f"<b>Cannot compute:</b> {e}"
            return
        self.table = df
        best = df.iloc[0]
        self.output.value = (
            f"<p>Safest card: <b>{best['card']}</b> (expected heads {best['expected_heads']}, "
            f"chance of taking {best['p_take']} ≈ {float(best['p_take']):.4f}).</p>"
            + _html_table(df[_RISK_COLUMNS])
        )


def safest_card_explorer(
    hand: str,
    rows: str,
    seen: str = "",
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
) -> SafestCardExplorer:
    """A :class:`SafestCardExplorer` for the position typed as text (see ``safest_card_from_text``)."""
    return SafestCardExplorer(hand, rows, seen, opponents, capacity, deck)


class HandHeadsExplorer(widgets.VBox):
    """Pick a hand size and a deck (full or Tactics for p players); see the exact heads distribution."""

    def __init__(self, k: int = 10, players: int | None = None) -> None:
        self.k = widgets.IntSlider(value=k, min=1, max=20, description="cards")
        options = [("full deck (1-104)", None)] + [
            (f"Tactics, {p} players", p) for p in range(2, 11)
        ]
        self.players = widgets.Dropdown(options=options, value=players, description="deck")
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        self.k.observe(self._update, names="value")
        self.players.observe(self._update, names="value")
        super().__init__([self.k, self.players, self.output])
        self._update()

    def _update(self, change: object = None) -> None:
        deck = full_deck() if self.players.value is None else tactics_deck(self.players.value)
        df = hand_heads_table(self.k.value, deck)
        mean, var = hand_heads_moments(self.k.value, deck)
        self.table = df
        self.output.value = (
            f"<p>{self.k.value} cards from {len(deck)}: mean {mean} ≈ {float(mean):.4f} heads, "
            f"variance {var} ≈ {float(var):.4f}.</p>" + _html_table(df)
        )


def hand_heads_explorer(k: int = 10, players: int | None = None) -> HandHeadsExplorer:
    """A :class:`HandHeadsExplorer` (``players=None``: the full deck; else the Tactics deck)."""
    return HandHeadsExplorer(k, players)
