"""HTML drawings of states (used by ``_repr_html_`` and the widgets) and cards drawn as SVG.

Reads states only: penalties, names and positions come from the games. Every drawing takes a
``scale`` (1.0 normal, 2 for a projector); see :mod:`mowkit.render.cards` for the cards.
"""

from __future__ import annotations

from typing import Any


def sixnimmt_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """HTML of a 6 nimmt! state (see :mod:`mowkit.render.sixnimmt`)."""
    from mowkit.render.sixnimmt import state_html

    return state_html(state, show_hands, scale)


def mow_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """HTML of a Mow state (see :mod:`mowkit.render.mow`)."""
    from mowkit.render.mow import state_html

    return state_html(state, show_hands, scale)


def card_svg(game: Any, card: int, value: int | None = None, scale: float = 1.0,
             highlight: bool = False) -> str:
    """One card of ``game`` drawn as SVG (a 6 nimmt! card by its number, a Mow card by its id;
    ``value`` is what a Mow slowpoke, calf or mad cow stands for in a herd)."""
    from mowkit.render.cards import mow_card_svg, sixnimmt_card_svg

    if getattr(game, "name", None) == "mow":
        return mow_card_svg(game, card, value, scale, highlight=highlight)
    return sixnimmt_card_svg(card, scale, game=game, highlight=highlight)


def card_back_svg(game_name: str = "sixnimmt", scale: float = 1.0) -> str:
    """A face-down card of ``game_name`` ("sixnimmt" or "mow") drawn as SVG."""
    from mowkit.render.cards import card_back_svg as back

    return back(game_name, scale)
