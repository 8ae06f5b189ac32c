"""Mow cards drawn as inline SVG, modelled on the real ones (the pieces are
:mod:`mowkit.render.cards`).

The number large in the middle and in the corners, the flies as drawn flies, the frame in the
packet's colour (green or yellow), special cows with their name and a simple symbol; a face-down
card in green with a fly. Flies and names come from the game (``Mow.flies``/``Mow.label``);
nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from mowkit.i18n import _
from mowkit.render.cards import (
    CORNER_SIZE,
    ICON_SIZE,
    MAX_ICONS,
    NAME_SIZE,
    NUMBER_SIZE,
    card_back,
    check_scale,
    frame,
    icon,
    icon_rows,
    num,
    penalty_icons,
    svg,
    text,
)

MOW_SIZE = (80.0, 122.0)
"""A Mow card's width and height (px at ``scale=1``)."""

PACKET_COLOURS = {"green": ("#2e7d32", "#e6f4e4"), "yellow": ("#e0a800", "#fff5cc")}
"""Mow packet colours: (frame, background of a special cow)."""

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


STANDS_FOR: dict[str, int] = {"mad": 8}
"""What a special cow without a printed number shows in hand (RULES.md: the mad cow takes the value 8);
the slowpoke and the calf show "?" until they stand in a herd (then the value they stand for)."""


def special_name(kind: str) -> str:
    """The name printed on a Mow special cow of ``kind``, in the current language."""
    names = {"blocking": _("blocking cow"), "acrobat": _("acrobat"), "slowpoke": _("slowpoke"),
             "calf": _("calf"), "thin": _("thin cow"), "dairy": _("dairy cow"), "mad": _("mad cow")}
    return names[kind]


_FLY_PATHS = (
    # wings
    '<g fill="#d6ecff" fill-opacity=".9" stroke="#4a6a8a" stroke-width=".7">'
    '<ellipse cx="6" cy="4.6" rx="4.6" ry="2.6" transform="rotate(-30 6 4.6)"/>'
    '<ellipse cx="14" cy="4.6" rx="4.6" ry="2.6" transform="rotate(30 14 4.6)"/></g>'
    # legs
    '<path d="M7.4 11 3.6 10M7.2 13.4 3.4 14.6M7.8 15.6 5 18.4M12.6 11 16.4 10M12.8 13.4 16.6 14.6'
    'M12.2 15.6 15 18.4" stroke="#222" stroke-width=".8" fill="none" stroke-linecap="round"/>'
    # body, head and eyes
    '<g fill="#2a2a2a"><ellipse cx="10" cy="13.2" rx="3.1" ry="5"/><circle cx="10" cy="6.6" r="2.5"/></g>'
    '<path d="M7.3 12.4H12.7M7.1 14.6H12.9" stroke="#6a6a6a" stroke-width=".6"/>'
    '<g fill="#c0392b"><circle cx="8.9" cy="6.2" r="1"/><circle cx="11.1" cy="6.2" r="1"/></g>'
)


def fly_icon(x: float, y: float, size: float = ICON_SIZE) -> str:
    """One fly (a Mow penalty) drawn with SVG paths, ``size`` px square at (x, y)."""
    return icon(_FLY_PATHS, "fly", x, y, size)


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
    return (f'<svg class="symbol {kind}" x="{num(x)}" y="{num(y)}" width="{num(size)}" '
            f'height="{num(size)}" viewBox="0 0 20 20">{paths[kind]}</svg>')


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
        scale: every size times this (1.0: number 30 px, icons drawn at least 14 px).
        highlight: a red frame.
        title: the tooltip / screen-reader name (default: ``game.label(card)``).
    """
    s = check_scale(scale)
    c = game.cards[card]
    flies = game.flies[card]
    w, h = MOW_SIZE[0] * s, MOW_SIZE[1] * s
    edge, tint = PACKET_COLOURS.get(c.packet, ("#555555", "#f2f2f2"))
    special = c.kind != "plain"
    shown = c.number if value is None or c.kind in ("blocking", "acrobat", "thin", "dairy", "plain") else value
    if shown is None:  # in hand: the mad cow stands for 8 (it replaces the plain 8), a slowpoke or calf for a number still open
        shown = STANDS_FOR.get(c.kind, "?")
    body = [frame(w, h, s, tint if special else "#fffdf6", edge, 3.0, highlight)]
    if shown is not None:
        body.append(text(8 * s, 16 * s, CORNER_SIZE * s, shown, cls="corner", anchor="start"))
        body.append(text(w - 8 * s, 16 * s, CORNER_SIZE * s, shown, cls="corner", anchor="end"))
    body.append(penalty_icons(fly_icon, flies, w, 21 * s, s, per_row=3))
    rows = len(icon_rows(flies, 3)) if 0 < flies <= MAX_ICONS else (1 if flies else 0)
    below = (21 + rows * (ICON_SIZE + 2)) * s  # the first free line under the flies
    if not special:
        body.append(text(w / 2, max(below + 34 * s, 78 * s), NUMBER_SIZE * s, shown, cls="number"))
    else:
        lines = _name_lines(special_name(c.kind))
        name_top = h - (8 + NAME_SIZE * 1.1 * len(lines)) * s
        sym = 16 * s  # the symbol at the top, between the corner numbers
        number_base = below + 27 * s
        body.append(text(w / 2, number_base, NUMBER_SIZE * s, shown, cls="number"))
        body.append(_symbol(c.kind, w / 2 - sym / 2, 2.5 * s, sym))
        for i, words in enumerate(lines):
            size = NAME_SIZE * s
            fit = (w - 10 * s)
            extra = (f' textLength="{num(fit)}" lengthAdjust="spacingAndGlyphs"'
                     if len(words) * size * 0.62 > fit else "")
            body.append(text(w / 2, name_top + (i + 1) * size * 1.1, size, words, cls="name", extra=extra))
    name = title if title is not None else str(game.label(card))
    return svg(w, h, name, "".join(body), f"card mow-card {c.kind}")


def card_back_svg(scale: float = 1.0, title: str | None = None) -> str:
    """A face-down Mow card drawn as SVG, the size of its face-up cards."""
    return card_back(MOW_SIZE, "#2e7d32", "#a5d6a7", fly_icon, scale, title)
