"""HTML drawings of states (used by ``_repr_html_`` and the widgets). Reads states only."""

from __future__ import annotations

from typing import Any


def sixnimmt_html(state: Any, show_hands: bool | int = True) -> str:
    """HTML of a 6 nimmt! state (see :mod:`mowkit.render.sixnimmt`)."""
    from mowkit.render.sixnimmt import state_html

    return state_html(state, show_hands)


def mow_html(state: Any, show_hands: bool | int = True) -> str:
    """HTML of a Mow state (see :mod:`mowkit.render.mow`)."""
    from mowkit.render.mow import state_html

    return state_html(state, show_hands)
