"""The pieces every card drawing shares: SVG frames, text, penalty icons in rows, a card back,
runs of cards, labelled lines, tables and panels.

Each game draws its own cards with these pieces in its own folder (the ``renderer`` slot of its
:class:`~mowkit.spec.GameSpec`, e.g. :mod:`mowkit.games.sixnimmt.render`); nothing here knows a
game. Every drawing is a standalone ``<svg xmlns=...>`` element with a ``<title>`` (the card's
name, read by screen readers and shown as a tooltip); one ``scale`` multiplies every size
(``scale=2`` for a projector). At ``scale=1`` the number is 30 px and a penalty icon 15 px (its
drawing at least 14 px across, as a browser measures it). The text
uses a generic font list (no web font, nothing fetched) and no emoji. Nothing here decides a rule.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from mowkit.core import OptionError
from mowkit.i18n import _, ngettext

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Arial, sans-serif"
NUMBER_SIZE = 30.0
"""Font size (px at ``scale=1``) of the large number in the middle of a card."""
ICON_SIZE = 15.0
"""Width and height (px at ``scale=1``) of one penalty icon; its drawing fills 18 of the 20 units
of its box (:data:`ICON_VIEW`), so what is drawn measures at least 14 px across."""
ICON_VIEW = "1 1 18 18"
"""The part of an icon's 20×20 drawing shown in its box (the margin left out)."""
CORNER_SIZE = 11.0
NAME_SIZE = 10.5
MAX_ICONS = 8
"""Up to this many penalty icons are drawn one by one; more (custom card tables) as one icon and ×N."""
HIGHLIGHT = "#d0021b"

Icon = Callable[[float, float, float], str]
"""Draws one icon: ``icon(x, y, size) -> SVG``."""
Back = Callable[[float, str], str]
"""Draws a face-down card of a game: ``back(scale, title) -> SVG``."""


def check_scale(scale: object) -> float:
    """``scale`` as a float; anything but a positive number raises :class:`OptionError`."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < float(scale) < 100:
        raise OptionError("scale", scale, "a number greater than 0 (1.0 normal size, 2 for a projector)")
    return float(scale)


def num(v: float) -> str:
    """A coordinate as short text (no trailing zeros)."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def esc(s: object) -> str:
    """``s`` as text escaped for HTML and attribute values."""
    return html.escape(str(s), quote=True)


def svg(width: float, height: float, title: str, body: str, cls: str) -> str:
    """A standalone SVG element of ``width`` x ``height`` px with a title (tooltip, screen readers)."""
    w, h = num(width), num(height)
    return (f'<svg xmlns="{SVG_NS}" class="{cls}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'role="img" aria-label="{esc(title)}" style="vertical-align:top;flex:none">'
            f'<title>{esc(title)}</title>{body}</svg>')


def text(x: float, y: float, size: float, content: object, *, cls: str, fill: str = "#111",
         anchor: str = "middle", weight: str = "bold", extra: str = "") -> str:
    """An SVG text element in the kit's font."""
    return (f'<text class="{cls}" x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
            f'font-family="{FONT}" font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{extra}>'
            f'{esc(content)}</text>')


# ----------------------------------------------------------------------------- icons
def icon(paths: str, kind: str, x: float, y: float, size: float) -> str:
    """An icon of ``size`` px at (x, y): a nested ``<svg>`` with a fixed 20×20 drawing."""
    return (f'<svg class="icon {kind}" x="{num(x)}" y="{num(y)}" width="{num(size)}" '
            f'height="{num(size)}" viewBox="{ICON_VIEW}">{paths}</svg>')


def icon_rows(count: int, per_row: int) -> list[int]:
    """How many icons go in each row: rows as even as possible, the fuller rows first."""
    rows = -(-count // per_row)
    base, extra = divmod(count, rows)
    return [base + (1 if i < extra else 0) for i in range(rows)]


def penalty_icons(draw: Icon, count: int, width: float, top: float, s: float, per_row: int,
                  colour: str = "#111") -> str:
    """``count`` icons centred in rows from ``top``; more than :data:`MAX_ICONS` as one icon and ×N."""
    size, gap = ICON_SIZE * s, 1.5 * s
    if count <= 0:
        return ""
    if count > MAX_ICONS:
        x = width / 2 - size - gap / 2
        return draw(x, top, size) + text(width / 2 + gap / 2, top + size * 0.8, CORNER_SIZE * s,
                                         f"×{count}", cls="count", fill=colour, anchor="start")
    out = []
    for r, n in enumerate(icon_rows(count, per_row)):
        row_width = n * size + (n - 1) * gap
        x0 = (width - row_width) / 2
        for i in range(n):
            out.append(draw(x0 + i * (size + gap), top + r * (size + gap), size))
    return "".join(out)


def frame(width: float, height: float, s: float, fill: str, stroke: str, stroke_width: float,
          highlight: bool) -> str:
    """A card's rounded outline (a red one when ``highlight``)."""
    if highlight:
        stroke, stroke_width = HIGHLIGHT, 3.5
    sw = stroke_width * s
    return (f'<rect x="{num(sw / 2)}" y="{num(sw / 2)}" width="{num(width - sw)}" '
            f'height="{num(height - sw)}" rx="{num(7 * s)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{num(sw)}"/>')


# ----------------------------------------------------------------------------- backs and runs
def card_back(size: tuple[float, float], colour: str, pale: str, draw: Icon, scale: float = 1.0,
              title: str | None = None) -> str:
    """A face-down card ``size`` px (at ``scale=1``) in ``colour``, with pale lines and a badge
    showing the game's icon (each game's ``card_back_svg`` chooses these)."""
    s = check_scale(scale)
    w, h = size[0] * s, size[1] * s
    inner = (f'<rect x="{num(6 * s)}" y="{num(6 * s)}" width="{num(w - 12 * s)}" '
             f'height="{num(h - 12 * s)}" rx="{num(5 * s)}" fill="none" stroke="{pale}" '
             f'stroke-width="{num(1.5 * s)}"/>')
    lines = "".join(
        f'<path d="M{num(6 * s + i * 10 * s)} {num(h - 6 * s)} L{num(6 * s + i * 10 * s + 20 * s)} '
        f'{num(6 * s)}" stroke="{pale}" stroke-opacity="0.35" stroke-width="{num(1.2 * s)}"/>'
        for i in range(0, int((w - 32 * s) / (10 * s)) + 1)
    )
    badge_size = 30 * s
    badge = (f'<circle cx="{num(w / 2)}" cy="{num(h / 2)}" r="{num(badge_size * 0.7)}" fill="#ffffff" '
             f'stroke="{pale}" stroke-width="{num(1.5 * s)}"/>')
    body = (frame(w, h, s, colour, "#1b1b1b", 1.5, False) + inner + lines + badge
            + draw(w / 2 - badge_size / 2, h / 2 - badge_size / 2, badge_size))
    return svg(w, h, title if title is not None else _("face-down card"), body, "card card-back")


def hidden_hand(count: int, back: Back, scale: float = 1.0) -> str:
    """A hand seen from the back: a small face-down card drawn by ``back`` (the game's
    ``card_back_svg``) and ``9 cards`` (nothing when empty)."""
    s = check_scale(scale)
    words = html.escape(ngettext("{n} card", "{n} cards", count).format(n=count))
    if not count:
        return words
    hidden = _("hidden hand")
    return (f'<div style="display:flex;align-items:center;gap:6px;white-space:nowrap">'
            f'{back(s * 0.5, hidden)}<span>{words}</span></div>')


def card_run(cards: Iterable[str], *, wrap: bool = True, gap: float = 4.0) -> str:
    """Drawn cards side by side with a gap (a flex box that wraps onto the next line)."""
    items = "".join(cards)
    return (f'<div class="mowkit-cards" style="display:flex;flex-wrap:{"wrap" if wrap else "nowrap"};'
            f'gap:{num(gap)}px;align-items:flex-start">{items}</div>')


# ----------------------------------------------------------------------------- HTML around cards
def line(label: str, body: str) -> str:
    """A labelled line of cards: the label in its own column, the cards beside it."""
    return (
        f'<div style="display:flex;gap:10px;align-items:flex-start;margin:4px 0">'
        f'<div style="flex:none;width:8.5em;font-family:{FONT};color:#333">{html.escape(label)}</div>'
        f'<div style="flex:1 1 auto">{body}</div></div>'
    )


def panel(title: str, body: str) -> str:
    """A titled panel around the drawing of a state."""
    return (
        f'<div class="mowkit-drawing" style="border:1px solid #999;border-radius:6px;padding:8px;'
        f'display:inline-block;background:#fafafa;color:#111;font-family:{FONT}">'
        f'<div style="font-weight:bold;font-size:1.1em;margin-bottom:6px">{html.escape(title)}</div>'
        f'{body}</div>'
    )


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, marked: Iterable[int] = ()) -> str:
    """An HTML table (cells are HTML already); rows whose index is in ``marked`` are highlighted."""
    mark = set(marked)
    cell = f"padding:4px 10px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;font-family:{FONT}"
    head = "".join(f'<th style="{cell};font-weight:bold;color:#333;white-space:nowrap">{html.escape(h)}</th>'
                   for h in headers)
    body = "".join(
        f'<tr style="background:{"#fff3c4" if i in mark else "transparent"}">'
        + "".join(f'<td style="{cell}">{c}</td>' for c in row) + "</tr>"
        for i, row in enumerate(rows)
    )
    return (f'<table class="mowkit-seats" style="border-collapse:collapse;margin-top:6px">'
            f'<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>')


# ----------------------------------------------------------------------------- a board to click on
@dataclass
class BoardLine:
    """One line of cards on the table as the play widget lays it out (a row, a herd, face-up cards).

    ``cells`` are the drawn cards left to right, each with the place it is clicked as (``card:<id>``,
    e.g. a cow an acrobat may stand on) or None; ``key`` is the place the whole line is clicked as
    (``line:<i>``: take this row / this herd) or None; ``ends`` names its left and right ends
    (``end:<i>:<name>`` are the places of a card added there), or is empty.
    """

    label: str
    cells: list[tuple[str, str | None]]
    key: str | None = None
    ends: tuple[str, ...] = ()


@dataclass
class Board:
    """A state laid out for the play widget: a title, lines of cards, HTML above them (``status``),
    under them (``after``) and the seats' table (``seats``), and how many lines go side by side
    (``columns``)."""

    title: str
    lines: list[BoardLine] = field(default_factory=list)
    status: str = ""
    after: str = ""
    seats: str = ""
    columns: int = 1
