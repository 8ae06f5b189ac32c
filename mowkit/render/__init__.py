"""HTML drawings of states (used by ``_repr_html_`` and the widgets) and cards drawn as SVG.

Generic: each game's drawings are the ``renderer`` slot of its :class:`~mowkit.spec.GameSpec`
(a module with ``state_html``, ``card_svg`` and ``card_back_svg``), in the game's own folder;
:mod:`mowkit.render.cards` holds the pieces every drawing shares and knows no game. Every
drawing takes a ``scale`` (1.0 normal, 2 for a projector).
"""

from __future__ import annotations

from mowkit.core import SomeGame
from mowkit.registry import spec_of


def state_html(state: object, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """HTML of a state of any game: all hands, one seat's hand (``show_hands=seat``) or none."""
    return spec_of(state).render(state, show_hands, scale)


def card_svg(game: SomeGame, card: int, value: int | None = None, scale: float = 1.0,
             highlight: bool = False) -> str:
    """One card of ``game`` drawn as SVG (``value``: what a card that stands for a number stands for)."""
    return str(spec_of(game).renderer_module().card_svg(game, card, value, scale, highlight))


def card_back_svg(game: SomeGame | object, scale: float = 1.0) -> str:
    """A face-down card of ``game`` (a game, state or name) drawn as SVG."""
    return str(spec_of(game).renderer_module().card_back_svg(scale))
