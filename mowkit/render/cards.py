"""Cards drawn as inline SVG, modelled on the real ones, for both games' drawings.

* 6 nimmt!: the number large in the middle and small in the two top corners, the penalty heads
  as drawn bull heads, the card colour by penalty like the real deck (1 head white, 2 light
  blue, 3 yellow, 5 red, 7 purple).
* Mow: the number large in the middle and in the corners, the flies as drawn flies, the frame
  in the packet's colour (green or yellow), special cows with their name and a simple symbol.
* A face-down card back for either game.

Every drawing is a standalone ``<svg xmlns=...>`` element with a ``<title>`` (the card's name,
read by screen readers and shown as a tooltip); one ``scale`` multiplies every size (``scale=2``
for a projector). At ``scale=1`` the number is 30 px and a head or fly icon 14 px. The text uses
a generic font list (no web font, nothing fetched) and no emoji. Penalties and names come from
the games (``mowkit.games.sixnimmt.heads``, ``Mow.flies``/``Mow.label``); nothing here decides a
rule.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from mowkit.core import OptionError

try:
    from mowkit.i18n import _
except ImportError:  # the translation layer is not there yet: English as written
    def _(s: str) -> str:  # type: ignore[misc]
        return s

try:
    from mowkit.i18n import ngettext
except ImportError:
    def ngettext(singular: str, plural: str, n: int) -> str:  # type: ignore[misc]
        return singular if n == 1 else plural


SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Arial, sans-serif"
NUMBER_SIZE = 30.0
"""Font size (px at ``scale=1``) of the large number in the middle of a card."""
ICON_SIZE = 14.0
"""Width and height (px at ``scale=1``) of one head or fly icon."""
CORNER_SIZE = 11.0
NAME_SIZE = 10.5
MAX_ICONS = 8
"""Up to this many penalty icons are drawn one by one; more (custom card tables) as one icon and ×N."""

SIXNIMMT_SIZE = (72.0, 104.0)
MOW_SIZE = (80.0, 122.0)

# 6 nimmt! card colours by heads, like the printed deck: (background, number colour)
PENALTY_COLOURS: dict[int, str] = {0: "#ffffff", 1: "#fbfbf7", 2: "#bfe3f7", 3: "#ffd166",
                                   5: "#e5483c", 7: "#8e44ad"}
_NUMBER_COLOURS: dict[int, str] = {5: "#ffffff", 7: "#ffffff"}
_HEAVY_COLOUR = "#e5483c"  # any other penalty of a custom table: drawn like the 5-head cards

PACKET_COLOURS = {"green": ("#2e7d32", "#e6f4e4"), "yellow": ("#e0a800", "#fff5cc")}
"""Mow packet colours: (frame, background of a special cow)."""
HIGHLIGHT = "#d0021b"

SPECIAL_NAMES: dict[str, str] = {
    "blocking": "blocking cow",
    "acrobat": "acrobat",
    "slowpoke": "slowpoke",
    "calf": "calf",
    "thin": "thin cow",
    "dairy": "dairy cow",
    "mad": "mad cow",
}
"""English names of Mow's special cows (what the card says); translated with ``_`` when drawn."""


def special_name(kind: str) -> str:
    """The name printed on a Mow special cow of ``kind``, in the current language."""
    names = {"blocking": _("blocking cow"), "acrobat": _("acrobat"), "slowpoke": _("slowpoke"),
             "calf": _("calf"), "thin": _("thin cow"), "dairy": _("dairy cow"), "mad": _("mad cow")}
    return names[kind]


def check_scale(scale: Any) -> float:
    """``scale`` as a float; anything but a positive number raises :class:`OptionError`."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < float(scale) < 100:
        raise OptionError("scale", scale, "a number greater than 0 (1.0 normal size, 2 for a projector)")
    return float(scale)


def _num(v: float) -> str:
    """A coordinate as short text (no trailing zeros)."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _esc(s: Any) -> str:
    return html.escape(str(s), quote=True)


def _svg(width: float, height: float, title: str, body: str, cls: str) -> str:
    w, h = _num(width), _num(height)
    return (f'<svg xmlns="{SVG_NS}" class="{cls}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'role="img" aria-label="{_esc(title)}" style="vertical-align:top;flex:none">'
            f'<title>{_esc(title)}</title>{body}</svg>')


def _text(x: float, y: float, size: float, text: Any, *, cls: str, fill: str = "#111",
          anchor: str = "middle", weight: str = "bold", extra: str = "") -> str:
    return (f'<text class="{cls}" x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" '
            f'font-family="{FONT}" font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{extra}>'
            f'{_esc(text)}</text>')


# ----------------------------------------------------------------------------- icons
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

_FLY_PATHS = (
    # wings
    '<g fill="#d6ecff" fill-opacity=".9" stroke="#4a6a8a" stroke-width=".7">'
    '<ellipse cx="6" cy="7" rx="4.6" ry="2.6" transform="rotate(-30 6 7)"/>'
    '<ellipse cx="14" cy="7" rx="4.6" ry="2.6" transform="rotate(30 14 7)"/></g>'
    # legs
    '<path d="M7.4 11 3.6 10M7.2 13.4 3.4 14.6M7.8 15.6 5 18.4M12.6 11 16.4 10M12.8 13.4 16.6 14.6'
    'M12.2 15.6 15 18.4" stroke="#222" stroke-width=".8" fill="none" stroke-linecap="round"/>'
    # body, head and eyes
    '<g fill="#2a2a2a"><ellipse cx="10" cy="13.2" rx="3.1" ry="5"/><circle cx="10" cy="6.6" r="2.5"/></g>'
    '<path d="M7.3 12.4H12.7M7.1 14.6H12.9" stroke="#6a6a6a" stroke-width=".6"/>'
    '<g fill="#c0392b"><circle cx="8.9" cy="6.2" r="1"/><circle cx="11.1" cy="6.2" r="1"/></g>'
)


def _icon(paths: str, kind: str, x: float, y: float, size: float) -> str:
    """An icon of ``size`` px at (x, y): a nested ``<svg>`` with a fixed 20×20 drawing."""
    return (f'<svg class="icon {kind}" x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" '
            f'height="{_num(size)}" viewBox="0 0 20 20">{paths}</svg>')


def head_icon(x: float, y: float, size: float = ICON_SIZE) -> str:
    """One bull head (a 6 nimmt! penalty head) drawn with SVG paths, ``size`` px square at (x, y)."""
    return _icon(_HEAD_PATHS, "head", x, y, size)


def fly_icon(x: float, y: float, size: float = ICON_SIZE) -> str:
    """One fly (a Mow penalty) drawn with SVG paths, ``size`` px square at (x, y)."""
    return _icon(_FLY_PATHS, "fly", x, y, size)


def _icon_rows(count: int, per_row: int) -> list[int]:
    """How many icons go in each row: rows as even as possible, the fuller rows first."""
    rows = -(-count // per_row)
    base, extra = divmod(count, rows)
    return [base + (1 if i < extra else 0) for i in range(rows)]


def _penalty_icons(icon: Any, count: int, width: float, top: float, s: float, per_row: int,
                   colour: str = "#111") -> str:
    """``count`` icons centred in rows from ``top``; more than :data:`MAX_ICONS` as one icon and ×N."""
    size, gap = ICON_SIZE * s, 2.0 * s
    if count <= 0:
        return ""
    if count > MAX_ICONS:
        x = width / 2 - size - gap / 2
        return icon(x, top, size) + _text(width / 2 + gap / 2, top + size * 0.8, CORNER_SIZE * s,
                                          f"×{count}", cls="count", fill=colour, anchor="start")
    out = []
    for r, n in enumerate(_icon_rows(count, per_row)):
        row_width = n * size + (n - 1) * gap
        x0 = (width - row_width) / 2
        for i in range(n):
            out.append(icon(x0 + i * (size + gap), top + r * (size + gap), size))
    return "".join(out)


def _frame(width: float, height: float, s: float, fill: str, stroke: str, stroke_width: float,
           highlight: bool) -> str:
    if highlight:
        stroke, stroke_width = HIGHLIGHT, 3.5
    sw = stroke_width * s
    return (f'<rect x="{_num(sw / 2)}" y="{_num(sw / 2)}" width="{_num(width - sw)}" '
            f'height="{_num(height - sw)}" rx="{_num(7 * s)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{_num(sw)}"/>')


# ----------------------------------------------------------------------------- 6 nimmt!
def sixnimmt_label(card: int, game: Any = None) -> str:
    """The name of a 6 nimmt! card a person reads: the game's ``label`` if it has one, else
    ``55 (7 heads)``."""
    label = getattr(game, "label", None)
    if callable(label):
        return str(label(card))
    from mowkit.games.sixnimmt import heads

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
        scale: every size times this (1.0: number 30 px, icons 14 px).
        game: the game, whose ``label`` names the card (optional).
        highlight: a red frame (the card that must be placed now).
        title: the tooltip / screen-reader name (default: the card's label).
    """
    from mowkit.games.sixnimmt import heads

    s = check_scale(scale)
    w, h = SIXNIMMT_SIZE[0] * s, SIXNIMMT_SIZE[1] * s
    penalty = heads(card)
    bg, ink = sixnimmt_colour(penalty)
    corner_ink = ink
    body = [
        _frame(w, h, s, bg, "#333333", 1.5, highlight),
        # an inner line like the printed cards
        f'<rect x="{_num(5 * s)}" y="{_num(5 * s)}" width="{_num(w - 10 * s)}" height="{_num(h - 10 * s)}" '
        f'rx="{_num(4 * s)}" fill="none" stroke="{ink}" stroke-opacity="0.35" stroke-width="{_num(s)}"/>',
        _text(8 * s, 16 * s, CORNER_SIZE * s, card, cls="corner", fill=corner_ink, anchor="start"),
        _text(w - 8 * s, 16 * s, CORNER_SIZE * s, card, cls="corner", fill=corner_ink, anchor="end"),
        _penalty_icons(head_icon, penalty, w, 21 * s, s, per_row=4, colour=ink),
        _text(w / 2, 86 * s, NUMBER_SIZE * s, card, cls="number", fill=ink,
              extra=' stroke="#000" stroke-opacity="0.25" stroke-width="0.6"' if ink == "#ffffff" else ""),
    ]
    name = title if title is not None else sixnimmt_label(card, game)
    return _svg(w, h, name, "".join(body), "card sixnimmt-card")


# ----------------------------------------------------------------------------- Mow
def _symbol(kind: str, x: float, y: float, size: float) -> str:
    """A simple symbol of a Mow special cow (20×20 drawing scaled to ``size`` px at (x, y))."""
    paths = {
        # a red stop sign with a bar: nothing goes past it
        "blocking": '<path d="M6 1 L14 1 L19 6 L19 14 L14 19 L6 19 L1 14 L1 6 Z" fill="#c62828" '
                    'stroke="#6d0f0f" stroke-width="0.8"/><rect x="4" y="8.3" width="12" height="3.4" '
                    'fill="#ffffff"/>',
        # an arrow up onto a platform: it climbs on a cow of the same number
        "acrobat": '<rect x="2" y="15.5" width="16" height="3" rx="1" fill="#6b4430"/>'
                   '<path d="M10 1.5 L16 8 L12.2 8 L12.2 14 L7.8 14 L7.8 8 L4 8 Z" fill="#1e88e5" '
                   'stroke="#0d47a1" stroke-width="0.8" stroke-linejoin="round"/>',
        # a snail: slow, it slips into a gap
        "slowpoke": '<path d="M1.5 17.5 L18.5 17.5 C18.5 15.5 17 15 15.5 15 L6 15" fill="#d7b98e" '
                    'stroke="#6b4a2a" stroke-width="0.8"/><circle cx="9" cy="9.5" r="6" fill="#e3a857" '
                    'stroke="#6b4a2a" stroke-width="0.9"/><path d="M9 9.5 m0 -3.6 a3.6 3.6 0 1 1 -3.4 2.4 '
                    'a2.2 2.2 0 1 1 3.4 1.2" fill="none" stroke="#6b4a2a" stroke-width="0.9"/>'
                    '<path d="M15.5 15 L17 9.5 M17 15 L19 10" stroke="#6b4a2a" stroke-width="0.8"/>',
        # a small hornless head: the calf
        "calf": '<ellipse cx="3.8" cy="8" rx="3" ry="1.8" fill="#caa27e" stroke="#6b4430" stroke-width="0.6"/>'
                '<ellipse cx="16.2" cy="8" rx="3" ry="1.8" fill="#caa27e" stroke="#6b4430" stroke-width="0.6"/>'
                '<circle cx="10" cy="10" r="6.5" fill="#f1d9b5" stroke="#6b4430" stroke-width="0.9"/>'
                '<ellipse cx="10" cy="14" rx="3.6" ry="2.4" fill="#f3b6a0" stroke="#6b4430" stroke-width="0.6"/>'
                '<circle cx="7.7" cy="9" r="1" fill="#111"/><circle cx="12.3" cy="9" r="1" fill="#111"/>',
        # two arrows pressing a narrow bar: the thin cow (no card drawn after it)
        "thin": '<rect x="8.6" y="2" width="2.8" height="16" rx="1.2" fill="#8d6e63" stroke="#4e342e" '
                'stroke-width="0.6"/><path d="M1 10 L6.8 10 M4.4 7.2 L7.2 10 L4.4 12.8 M19 10 L13.2 10 '
                'M15.6 7.2 L12.8 10 L15.6 12.8" stroke="#4e342e" stroke-width="1.4" fill="none" '
                'stroke-linecap="round" stroke-linejoin="round"/>',
        # a drop of milk: the dairy cow (two cards drawn after it)
        "dairy": '<path d="M10 1.5 C13 6.5 16.5 10 16.5 13.2 C16.5 16.8 13.6 19 10 19 C6.4 19 3.5 16.8 '
                 '3.5 13.2 C3.5 10 7 6.5 10 1.5 Z" fill="#ffffff" stroke="#1e88e5" stroke-width="1.2"/>'
                 '<path d="M6.6 13.6 C6.8 15.4 8 16.4 9.6 16.6" stroke="#90caf9" stroke-width="1.2" '
                 'fill="none" stroke-linecap="round"/>',
        # a lightning bolt: the mad cow
        "mad": '<path d="M11.5 1 L3.5 11 L9 11 L7 19 L16.5 7.5 L11 7.5 L13 1 Z" fill="#ffca28" '
               'stroke="#7a4f00" stroke-width="0.9" stroke-linejoin="round"/>',
    }
    return (f'<svg class="symbol {kind}" x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" '
            f'height="{_num(size)}" viewBox="0 0 20 20">{paths[kind]}</svg>')


def _name_lines(name: str, limit: int = 12) -> list[str]:
    """A special cow's name on at most two lines: split at the space or after the hyphen nearest
    the middle (``корова-акробатка`` -> ``корова-`` / ``акробатка``) once it is ``limit`` long."""
    if len(name) < limit:
        return [name]
    cuts = [(i, i + 1) for i, ch in enumerate(name) if ch == " "] + [
        (i + 1, i + 1) for i, ch in enumerate(name) if ch == "-"]
    if not cuts:
        return [name]
    end, start = min(cuts, key=lambda c: abs(c[0] - len(name) / 2))
    return [name[:end], name[start:]]


def mow_card_svg(game: Any, card: int, value: int | None = None, scale: float = 1.0, *,
                 highlight: bool = False, title: str | None = None) -> str:
    """One Mow card as SVG: number (or the value a slowpoke, calf or mad cow stands for), flies
    as icons, the frame in its packet's colour; a special cow also shows its name and symbol.

    Args:
        game: the Mow game (its card table names the card and gives its flies).
        card: the card id.
        value: in a herd, the value the card stands for (a slowpoke's gap, a calf's value, 8).
        scale: every size times this (1.0: number 30 px, icons 14 px).
        highlight: a red frame.
        title: the tooltip / screen-reader name (default: ``game.label(card)``).
    """
    s = check_scale(scale)
    c = game.cards[card]
    flies = game.flies[card]
    w, h = MOW_SIZE[0] * s, MOW_SIZE[1] * s
    frame, tint = PACKET_COLOURS.get(c.packet, ("#555555", "#f2f2f2"))
    special = c.kind != "plain"
    shown = c.number if value is None or c.kind in ("blocking", "acrobat", "thin", "dairy", "plain") else value
    body = [_frame(w, h, s, tint if special else "#fffdf6", frame, 3.0, highlight)]
    if shown is not None:
        body.append(_text(8 * s, 16 * s, CORNER_SIZE * s, shown, cls="corner", anchor="start"))
        body.append(_text(w - 8 * s, 16 * s, CORNER_SIZE * s, shown, cls="corner", anchor="end"))
    body.append(_penalty_icons(fly_icon, flies, w, 21 * s, s, per_row=3))
    rows = len(_icon_rows(flies, 3)) if 0 < flies <= MAX_ICONS else (1 if flies else 0)
    below = (21 + rows * (ICON_SIZE + 2)) * s  # the first free line under the flies
    if not special:
        body.append(_text(w / 2, max(below + 34 * s, 78 * s), NUMBER_SIZE * s, shown, cls="number"))
    else:
        lines = _name_lines(special_name(c.kind))
        name_top = h - (8 + NAME_SIZE * 1.1 * len(lines)) * s
        if shown is not None:
            sym = 18 * s
            number_base = below + 27 * s
            body.append(_text(w / 2, number_base, NUMBER_SIZE * s, shown, cls="number"))
            body.append(_symbol(c.kind, w / 2 - sym / 2, number_base + 3 * s, sym))
        else:
            sym = min(32 * s, name_top - below - 4 * s)
            body.append(_symbol(c.kind, w / 2 - sym / 2, below + (name_top - below - sym) / 2, sym))
        for i, text in enumerate(lines):
            size = NAME_SIZE * s
            fit = (w - 10 * s)
            extra = (f' textLength="{_num(fit)}" lengthAdjust="spacingAndGlyphs"'
                     if len(text) * size * 0.62 > fit else "")
            body.append(_text(w / 2, name_top + (i + 1) * size * 1.1, size, text, cls="name", extra=extra))
    name = title if title is not None else str(game.label(card))
    return _svg(w, h, name, "".join(body), f"card mow-card {c.kind}")


# ----------------------------------------------------------------------------- backs and runs
def card_back_svg(game_name: str = "sixnimmt", scale: float = 1.0, title: str | None = None) -> str:
    """A face-down card of ``game_name`` ("sixnimmt" or "mow"), the size of its face-up cards."""
    s = check_scale(scale)
    if game_name == "mow":
        (w, h), colour, pale, icon = MOW_SIZE, "#2e7d32", "#a5d6a7", fly_icon
    else:
        (w, h), colour, pale, icon = SIXNIMMT_SIZE, "#3949ab", "#9fa8da", head_icon
    w, h = w * s, h * s
    inner = (f'<rect x="{_num(6 * s)}" y="{_num(6 * s)}" width="{_num(w - 12 * s)}" '
             f'height="{_num(h - 12 * s)}" rx="{_num(5 * s)}" fill="none" stroke="{pale}" '
             f'stroke-width="{_num(1.5 * s)}"/>')
    lines = "".join(
        f'<path d="M{_num(6 * s + i * 10 * s)} {_num(h - 6 * s)} L{_num(6 * s + i * 10 * s + 20 * s)} '
        f'{_num(6 * s)}" stroke="{pale}" stroke-opacity="0.35" stroke-width="{_num(1.2 * s)}"/>'
        for i in range(0, int((w - 32 * s) / (10 * s)) + 1)
    )
    size = 30 * s
    badge = (f'<circle cx="{_num(w / 2)}" cy="{_num(h / 2)}" r="{_num(size * 0.7)}" fill="#ffffff" '
             f'stroke="{pale}" stroke-width="{_num(1.5 * s)}"/>')
    body = (_frame(w, h, s, colour, "#1b1b1b", 1.5, False) + inner + lines + badge
            + icon(w / 2 - size / 2, h / 2 - size / 2, size))
    return _svg(w, h, title if title is not None else _("face-down card"), body, "card card-back")


def hidden_hand(count: int, game_name: str = "sixnimmt", scale: float = 1.0) -> str:
    """A hand seen from the back: a small face-down card and ``9 cards`` (nothing when empty)."""
    s = check_scale(scale)
    text = html.escape(ngettext("{n} card", "{n} cards", count).format(n=count))
    if not count:
        return text
    hidden = _("hidden hand")
    return (f'<div style="display:flex;align-items:center;gap:6px;white-space:nowrap">'
            f'{card_back_svg(game_name, s * 0.5, title=hidden)}<span>{text}</span></div>')


def card_run(cards: Iterable[str], *, wrap: bool = True, gap: float = 4.0) -> str:
    """Drawn cards side by side with a gap (a flex box that wraps onto the next line)."""
    items = "".join(cards)
    return (f'<div class="mowkit-cards" style="display:flex;flex-wrap:{"wrap" if wrap else "nowrap"};'
            f'gap:{_num(gap)}px;align-items:flex-start">{items}</div>')


# ----------------------------------------------------------------------------- HTML around cards
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
