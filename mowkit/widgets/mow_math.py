"""Small ipywidgets explorers of the Mow card math (:mod:`mowkit.odds.mow`).

The widgets hold no rules and no math: they read their fields, call the odds functions (which ask
the engine what fits where) and show the resulting tables as HTML. Each explorer keeps its last
table in ``.table`` and its last result in ``.result`` (both ``None`` after an error, whose
message is shown instead), so it can be driven and checked without a browser.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pandas as pd

from mowkit.core import check_choice
from mowkit.odds.mow import (
    EXAMPLE_HERDS,
    compare_hand_summary,
    hand_flies_table,
    herd_odds_from_text,
    must_take_table,
    packets_for,
)
from mowkit.odds.sixnimmt import fractions_as_text

_BY_PLAYERS = "by players"
_FIT_COLUMNS = ["code", "label", "flies", "how"]


def _html_table(df: pd.DataFrame) -> str:
    return fractions_as_text(df).to_html(index=False, float_format=lambda x: f"{x:.4f}")


class HandFliesExplorer(widgets.VBox):
    """Pick the players (or the packets) and the hand size; see the exact flies distribution.

    ``.result`` holds :func:`~mowkit.odds.mow.compare_hand_summary` (exact beside a seeded
    simulation of ``trials`` hands) and ``.table`` the flies table.
    """

    def __init__(
        self,
        players: int = 4,
        packets: str | None = None,
        k: int = 5,
        trials: int = 20_000,
        seed: int = 0,
    ) -> None:
        self.trials, self.seed = trials, seed
        self.players = widgets.IntSlider(value=players, min=2, max=10, description="players")
        self.packets = widgets.Dropdown(
            options=[_BY_PLAYERS, "green", "yellow", "both"],
            value=packets or _BY_PLAYERS,
            description="packets",
        )
        self.k = widgets.IntSlider(value=k, min=1, max=10, description="cards")
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        self.result: pd.DataFrame | None = None
        self.deck = ""
        for w in (self.players, self.packets, self.k):
            w.observe(self._update, names="value")
        super().__init__([self.players, self.packets, self.k, self.output])
        self._update()

    def _update(self, change: object = None) -> None:
        packets = self.packets.value
        self.deck = packets_for(self.players.value) if packets == _BY_PLAYERS else packets
        self.table = hand_flies_table(self.k.value, self.deck)
        self.result = compare_hand_summary(self.k.value, self.deck, self.trials, self.seed)
        p0 = self.result["exact"].iloc[2]
        self.output.value = (
            f"<p>{self.k.value} cards from the <b>{self.deck}</b> deck: chance of no flies "
            f"<b>{p0}</b> ≈ {float(p0):.6f}.</p>"
            + _html_table(self.result)
            + _html_table(self.table)
        )


def hand_flies_explorer(
    players: int = 4, packets: str | None = None, k: int = 5, trials: int = 20_000, seed: int = 0
) -> HandFliesExplorer:
    """A :class:`HandFliesExplorer` (``packets=None``: the packets the engine uses for ``players``)."""
    return HandFliesExplorer(players, packets, k, trials, seed)


class HerdOddsExplorer(widgets.VBox):
    """Edit a herd, the acrobats on it, my hand, the cards seen, the packets and the hand size of
    the farmer to play; see which unseen cards still fit and the chance of a forced take.

    Text fields: codes or ids separated by spaces; a slowpoke or calf in the herd as
    ``CODE=value``; acrobats as ``ACROBAT@TARGET``. ``.result`` holds
    :func:`~mowkit.odds.mow.herd_odds_from_text`, ``.table`` the must-take table for 1..10 cards.
    """

    def __init__(
        self,
        herd: str,
        hand: str = "",
        seen: str = "",
        acrobats: str = "",
        packets: str = "green",
        k: int = 5,
    ) -> None:
        self.herd = widgets.Text(value=herd, description="herd")
        self.acrobats = widgets.Text(value=acrobats, description="acrobats")
        self.hand = widgets.Text(value=hand, description="my hand")
        self.seen = widgets.Text(value=seen, description="seen")
        self.packets = widgets.Dropdown(
            options=["green", "yellow", "both"], value=packets, description="packets"
        )
        self.k = widgets.IntSlider(value=k, min=1, max=10, description="their cards")
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        self.result: dict[str, Any] | None = None
        fields = [self.herd, self.acrobats, self.hand, self.seen, self.packets, self.k]
        for w in fields:
            w.observe(self._update, names="value")
        super().__init__([*fields, self.output])
        self._update()

    def _update(self, change: object = None) -> None:
        try:
            res = herd_odds_from_text(
                self.herd.value,
                self.hand.value,
                self.seen.value,
                self.acrobats.value,
                self.packets.value,
                self.k.value,
            )
            table = must_take_table(res["view"], range(1, min(10, res["unseen"]) + 1))
        except ValueError as e:
            self.table = self.result = None
            self.output.value = f"<b>Cannot compute:</b> {e}"
            return
        self.result, self.table = res, table
        fit = res["table"]
        mine = res["hand_table"]
        self.output.value = (
            f"<p>{res['fitting']} of the {res['unseen']} unseen cards can still be added: a random "
            f"unseen card fits with chance <b>{res['p_fit']}</b> ≈ {res['p_fit_float']:.4f}. "
            f"A farmer holding {res['k']} random unseen cards has no legal cow (must take) with "
            f"chance <b>{res['p_must_take']}</b> ≈ {res['p_must_take_float']:.4f}.</p>"
            + (
                f"<p>My cards that fit: {', '.join(mine.loc[mine['fits'], 'label']) or 'none'}.</p>"
                if len(mine)
                else ""
            )
            + _html_table(table)
            + "<p>Unseen cards that fit:</p>"
            + _html_table(fit.loc[fit["fits"], _FIT_COLUMNS])
        )


def herd_odds_explorer(
    herd: str | None = None,
    hand: str = "",
    seen: str = "",
    acrobats: str = "",
    packets: str | None = None,
    k: int = 5,
    example: str = "open",
) -> HerdOddsExplorer:
    """A :class:`HerdOddsExplorer`; without ``herd``, the herd (and packets) of ``EXAMPLE_HERDS``."""
    if herd is None:
        ex = EXAMPLE_HERDS[check_choice("example", example, EXAMPLE_HERDS)]
        herd = " ".join(
            f"{i[0]}={i[1]}" if isinstance(i, tuple) else str(i) for i in ex["herd"]
        )
        packets = packets or ex["packets"]
    return HerdOddsExplorer(herd, hand, seen, acrobats, packets or "green", k)
