"""6 nimmt! cards drawn as inline SVG, modelled on the real ones (the pieces are
:mod:`mowkit.render.cards`).

The number large in the middle and small in the two top corners, the penalty heads as drawn bull
heads, the card colour by penalty like the real deck (1 head white, 2 light blue, 3 yellow, 5 red,
7 purple); a face-down card in blue with a bull head. Heads come from
:func:`mowkit.games.sixnimmt.heads`; nothing here decides a rule.
"""

from __future__ import annotations

import html
from typing import Any

from mowkit.games.sixnimmt.engine import heads
from mowkit.i18n import ngettext
from mowkit.render.cards import (
    CORNER_SIZE,
    FONT,
    HIGHLIGHT,
    ICON_SIZE,
    NUMBER_SIZE,
    card_back,
    check_scale,
    frame,
    icon,
    num,
    penalty_icons,
    svg,
    text,
)

SIXNIMMT_SIZE = (72.0, 104.0)
"""A 6 nimmt! card's width and height (px at ``scale=1``)."""

# 6 nimmt! card colours by heads, like the printed deck: (background, number colour)
PENALTY_COLOURS: dict[int, str] = {0: "#ffffff", 1: "#fbfbf7", 2: "#bfe3f7", 3: "#ffd166",
                                   5: "#e5483c", 7: "#8e44ad"}
_NUMBER_COLOURS: dict[int, str] = {5: "#ffffff", 7: "#ffffff"}
_HEAVY_COLOUR = "#e5483c"  # any other penalty of a custom table: drawn like the 5-head cards

_HEAD_PATHS = (
    '<g stroke="#2b1a10" stroke-width=".8" stroke-linejoin="round">'
    # horns, ears, face, muzzle
    '<path d="M6.2 6.4C3.2 6.2 1.2 4.2 1.4 1.2 2.8 3.2 4.6 3.9 7.2 4.2ZM13.8 6.4C16.8 6.2 18.8 4.2 '
    '18.6 1.2 17.2 3.2 15.4 3.9 12.8 4.2Z" fill="#f3ead2"/>'
    '<path d="M5.6 7.6C3.4 7.2 2.2 8.2 1.8 9.4 3.4 10 4.8 9.8 6 9.2ZM14.4 7.6C16.6 7.2 17.8 8.2 18.2 '
    '9.4 16.6 10 15.2 9.8 14 9.2Z" fill="#5b3a26"/>'
    '<path d="M6 5.2C8.6 3.6 11.4 3.6 14 5.2 15.4 8.4 14.8 11.6 13.6 14H6.4C5.2 11.6 4.6 8.4 6 5.2Z" '
    'fill="#6b4430"/>'
    '<path d="M5.6 14.6C5.6 12.6 14.4 12.6 14.4 14.6 14.4 17.6 12.6 19 10 19 7.4 19 5.6 17.6 5.6 14.6Z" '
    'fill="#f0b9a2"/></g>'
    # nostrils and eyes
    '<g fill="#2b1a10"><circle cx="8.4" cy="15.6" r=".9"/><circle cx="11.6" cy="15.6" r=".9"/></g>'
    '<g fill="#fff"><circle cx="8" cy="9" r="1.2"/><circle cx="12" cy="9" r="1.2"/></g>'
    '<g fill="#111"><circle cx="8.2" cy="9.2" r=".6"/><circle cx="11.8" cy="9.2" r=".6"/></g>'
)


def head_icon(x: float, y: float, size: float = ICON_SIZE) -> str:
    """One bull head (a 6 nimmt! penalty head) drawn with SVG paths, ``size`` px square at (x, y)."""
    return icon(_HEAD_PATHS, "head", x, y, size)


def sixnimmt_label(card: int, game: Any = None) -> str:
    """The name of a 6 nimmt! card a person reads: the game's ``label`` if it has one, else
    ``55 (7 heads)``."""
    label = getattr(game, "label", None)
    if callable(label):
        return str(label(card))
    h = heads(card)
    return ngettext("{card} ({n} head)", "{card} ({n} heads)", h).format(card=card, n=h)


def sixnimmt_colour(penalty: int) -> tuple[str, str]:
    """(card colour, number colour) of a 6 nimmt! card with ``penalty`` heads, as on the real deck."""
    bg = PENALTY_COLOURS.get(penalty, _HEAVY_COLOUR)
    return bg, _NUMBER_COLOURS.get(penalty, "#ffffff" if bg == _HEAVY_COLOUR else "#111111")


def sixnimmt_card_svg(card: int, scale: float = 1.0, *, game: Any = None, highlight: bool = False,
                      title: str | None = None) -> str:
    """One 6 nimmt! card as SVG: the number in the middle and the corners, its heads as icons.

    Args:
        card: the card's number (1..104).
        scale: every size times this (1.0: number 30 px, icons drawn at least 14 px).
        game: the game, whose ``label`` names the card (optional).
        highlight: a red frame (the card that must be placed now).
        title: the tooltip / screen-reader name (default: the card's label).
    """
    s = check_scale(scale)
    w, h = SIXNIMMT_SIZE[0] * s, SIXNIMMT_SIZE[1] * s
    penalty = heads(card)
    bg, ink = sixnimmt_colour(penalty)
    corner_ink = ink
    body = [
        frame(w, h, s, bg, "#333333", 1.5, highlight),
        # an inner line like the printed cards
        f'<rect x="{num(5 * s)}" y="{num(5 * s)}" width="{num(w - 10 * s)}" height="{num(h - 10 * s)}" '
        f'rx="{num(4 * s)}" fill="none" stroke="{ink}" stroke-opacity="0.35" stroke-width="{num(s)}"/>',
        text(8 * s, 16 * s, CORNER_SIZE * s, card, cls="corner", fill=corner_ink, anchor="start"),
        text(w - 8 * s, 16 * s, CORNER_SIZE * s, card, cls="corner", fill=corner_ink, anchor="end"),
        penalty_icons(head_icon, penalty, w, 21 * s, s, per_row=4, colour=ink),
        text(w / 2, 86 * s, NUMBER_SIZE * s, card, cls="number", fill=ink,
             extra=' stroke="#000" stroke-opacity="0.25" stroke-width="0.6"' if ink == "#ffffff" else ""),
    ]
    name = title if title is not None else sixnimmt_label(card, game)
    return svg(w, h, name, "".join(body), "card sixnimmt-card")


def card_back_svg(scale: float = 1.0, title: str | None = None) -> str:
    """A face-down 6 nimmt! card drawn as SVG, the size of its face-up cards."""
    return card_back(SIXNIMMT_SIZE, "#3949ab", "#9fa8da", head_icon, scale, title)


def card_box(label: str | int, penalty: int, mark: str = "", colour: str | None = None,
             title: str = "", highlight: bool = False) -> str:
    """A small HTML card (its label and ``penalty`` marks below it), kept for older callers."""
    bg = colour or PENALTY_COLOURS.get(penalty, "#ffb3b3")
    border = f"2px solid {HIGHLIGHT}" if highlight else "1px solid #555"
    marks = (mark * penalty) if penalty <= 7 else f"{penalty}{mark}"
    tip = f' title="{html.escape(title)}"' if title else ""
    return (
        f'<span{tip} style="display:inline-block;min-width:2.6em;margin:1px;padding:2px 3px;'
        f'border:{border};border-radius:4px;background:{bg};color:#111;text-align:center;'
        f'font-family:{FONT};vertical-align:top">'
        f'<b style="font-size:1.05em">{html.escape(str(label))}</b><br>'
        f'<span style="font-size:0.7em">{html.escape(marks) or "&nbsp;"}</span></span>'
    )
