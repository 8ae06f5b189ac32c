"""HTML of a Mow state: the herd(s) as drawn cards (an acrobat drawn on the cow it stands on), the
arrow and the stock, and a table of the farmers (hand, cowshed as a count, total) numbered from 1.
Reads the state only; flies and card names come from the game.

The spec's ``renderer`` slot: :func:`state_html`, :func:`card_svg` and :func:`card_back_svg`; the
card faces and backs are drawn in :mod:`mowkit.games.mow.cards_svg` (re-exported here)."""

from __future__ import annotations

import html
from typing import Any

from mowkit.games.mow.cards_svg import (
    MOW_SIZE,
    PACKET_COLOURS,
    SPECIAL_NAMES,
    card_back_svg,
    fly_icon,
    mow_card_svg,
    special_name,
)
from mowkit.i18n import _, ngettext
from mowkit.render.cards import (
    FONT,
    SVG_NS,
    Board,
    BoardLine,
    card_run,
    check_scale,
    hidden_hand,
    line,
    num,
    panel,
    table,
)

__all__ = ["MOW_SIZE", "PACKET_COLOURS", "SPECIAL_NAMES", "action_place", "arrow_svg", "board", "card_back_svg", "card_html", "card_svg",
           "fly_icon", "herd_html", "mow_card_svg", "special_name", "state_html"]


def _phases() -> dict[str, str]:
    return {"play": _("adds a cow or takes the herd"), "flip": _("may turn the arrow round"),
            "next": _("chooses who plays next"), "over": _("game over")}


def _flies_text(n: int) -> str:
    return ngettext("{n} fly", "{n} flies", n).format(n=n)


def _cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def card_html(game: Any, card: int, value: int | None = None, highlight: bool = False,
              scale: float = 1.0) -> str:
    """One Mow card drawn as SVG: its number (or the value a slowpoke/calf/mad cow stands for),
    its flies, and a special cow's name and symbol."""
    return mow_card_svg(game, card, value, scale, highlight=highlight)


def arrow_svg(arrow: int, scale: float = 1.0) -> str:
    """The direction of play as a drawn round arrow (clockwise for ``arrow == 1``)."""
    s = check_scale(scale)
    size = 22 * s
    name = _("clockwise") if arrow == 1 else _("anticlockwise")
    flip = "" if arrow == 1 else ' transform="translate(20 0) scale(-1 1)"'
    return (f'<svg xmlns="{SVG_NS}" width="{num(size)}" height="{num(size)}" viewBox="0 0 20 20" '
            f'role="img" aria-label="{html.escape(name)}" style="vertical-align:middle">'
            f'<title>{html.escape(name)}</title><g{flip}>'
            f'<path d="M16.5 10 A6.5 6.5 0 1 1 12.5 4" fill="none" stroke="#1b5e20" stroke-width="2.4" '
            f'stroke-linecap="round"/><path d="M10.2 0.8 L16.2 4.4 L10.6 8 Z" fill="#1b5e20"/></g></svg>')


def herd_html(state: Any, h: int, scale: float = 1.0) -> str:
    """A herd, lowest value first; an acrobat is drawn on top of the cow it stands on."""
    g = state.game
    on = {t: a for a, t in state.acrobats[h]}
    parts = []
    for v, c in state.herds[h]:
        cell = card_html(g, c, v, scale=scale)
        if c in on:
            cell = (f'<div style="display:flex;flex-direction:column;align-items:center;gap:2px">'
                    f'{card_html(g, on[c], scale=scale)}{cell}</div>')
        parts.append(cell)
    return card_run(parts) if parts else html.escape(_("empty"))


def _title(state: Any) -> str:
    phases = _phases()
    title = _("Mow · round {round}").format(round=state.round_index + 1)
    if state.is_over():
        return title + " · " + phases["over"]
    return title + " · " + _("farmer {n} {does}").format(n=state.actor + 1,
                                                         does=phases.get(state.phase, state.phase))


def _status(state: Any, s: float) -> str:
    direction = _("clockwise") if state.arrow == 1 else _("anticlockwise")
    goes = html.escape(_("play goes"))
    stock_text = html.escape(_("draw pile: {cards}").format(cards=_cards_text(len(state.stock))))
    return (f'<div style="display:flex;gap:18px;align-items:center;margin-bottom:4px;font-family:{FONT}">'
            f'<span>{goes} {arrow_svg(state.arrow, s)} {html.escape(direction)}'
            f'</span><span>{stock_text}</span></div>')


def _herd_label(state: Any, h: int) -> str:
    many = len(state.herds) > 1
    if many and h == state.active and not state.is_over():
        name = _("herd {n} · active").format(n=h + 1)
    else:
        name = _("herd {n}").format(n=h + 1) if many else _("herd")
    return name + " · " + _flies_text(state.herd_flies(h))


def _seats_table(state: Any, show_hands: bool | int, s: float, hands: bool = True) -> str:
    """One line per farmer (numbered from 1): hand (all, one seat's or none; only its size with
    ``hands=False``), cowshed and total flies."""
    g = state.game
    over = state.is_over()
    phases = _phases()
    rows = []
    for p in range(g.players):
        show = show_hands is True or (show_hands is not False and show_hands == p)
        hand = state.hands[p]
        if not hands:
            hand_cell = html.escape(_cards_text(len(hand)))
        elif show:
            hand_cell = card_run([card_html(g, c, scale=s) for c in hand]) if hand else "—"
        else:
            hand_cell = hidden_hand(len(hand), card_back_svg, s)
        shed = state.piles[p]
        flies = sum(g.flies[c] for c in shed)
        names = ", ".join(str(g.label(c)) for c in shed)
        shed_text = _("{cards}, {flies}").format(cards=_cards_text(len(shed)), flies=_flies_text(flies))
        shed_cell = f'<span title="{html.escape(names)}" style="white-space:nowrap">{html.escape(shed_text)}</span>'
        who = html.escape(_("farmer {n}").format(n=p + 1))
        if not over and p == state.actor:
            who = (f'<b>{who}</b><br/><span style="font-size:0.85em">'
                   f'{html.escape(phases.get(state.phase, ""))}</span>')
        rows.append([who, hand_cell, shed_cell, f'<b style="font-size:1.1em">{state.totals[p]}</b>'])
    headers = [_("farmer"), _("hand"), _("cowshed this round"), _("total flies")]
    return table(headers, rows, marked=() if over else (state.actor,))


def state_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """The herd(s) (the active one marked in the star), the arrow and the stock, then one table
    line per farmer (numbered from 1): hand (all, one seat's or none), cowshed and total flies."""
    s = check_scale(scale)
    g = state.game
    body = [_status(state, s)]
    for h in range(len(state.herds)):
        body.append(line(_herd_label(state, h), herd_html(state, h, s)))
    body.append(_seats_table(state, show_hands, s))
    if state.unscored:
        body.append(line(_("herds not scored"), card_run([card_html(g, c, scale=s) for c in state.unscored])))
    return panel(_title(state), "".join(body))


def _herd_cells(state: Any, h: int, s: float) -> list[tuple[str, str | None]]:
    """The cows of herd ``h`` lowest first, each clickable as ``card:<id>`` (an acrobat drawn on
    top of the cow it stands on)."""
    g = state.game
    on = {t: a for a, t in state.acrobats[h]}
    cells: list[tuple[str, str | None]] = []
    for v, c in state.herds[h]:
        cell = card_html(g, c, v, scale=s)
        if c in on:
            cell = (f'<div style="display:flex;flex-direction:column;align-items:center;gap:2px">'
                    f'{card_html(g, on[c], scale=s)}{cell}</div>')
        cells.append((cell, f"card:{c}"))
    return cells


def board(state: Any, show_hands: bool | int = False, scale: float = 1.0) -> Board:
    """The state laid out for the play widget: the arrow and the draw pile, each herd as a line of
    cows lowest first (the herd clickable as ``line:<h>``, its ends ``end:<h>:low``/``high``, each
    cow as ``card:<id>``), then the farmers' table without hands."""
    s = check_scale(scale)
    g = state.game
    lines = [BoardLine(_herd_label(state, h), _herd_cells(state, h, s), key=f"line:{h}", ends=("low", "high"))
             for h in range(len(state.herds))]
    if state.unscored:
        lines.append(BoardLine(_("herds not scored"), [(card_html(g, c, scale=s), None) for c in state.unscored]))
    return Board(_title(state), lines, status=_status(state, s), seats=_seats_table(state, show_hands, s, hands=False))


def action_place(state: Any, action: Any) -> tuple[str | None, str | None]:
    """Where a move is clicked: (the cow in hand, the place on the herd); either may be None.

    A cow is played by a click on it (``hand:<id>``), then, when it may go to either end, on that
    end of the herd (``end:<h>:low``/``high``; ``line:<h>`` starts an empty herd); an acrobat on
    the cow it climbs on (``card:<id>``); taking the herd is a click on the herd (``line:<h>``).
    The slowpoke's gaps and the arrow and next-farmer choices have no place (buttons)."""
    kind = getattr(action, "kind", "")
    h = state.active
    card = getattr(action, "card", None)
    hand = None if card is None else f"hand:{card}"
    if kind in ("add", "calf"):
        return hand, f"line:{h}" if action.end == "start" else f"end:{h}:{action.end}"
    if kind == "acrobat":
        return hand, f"card:{action.target}"
    if kind in ("slowpoke", "mad"):
        return hand, None
    if kind == "take":
        return None, f"line:{h}"
    return None, None


def card_svg(game: Any, card: int, value: int | None = None, scale: float = 1.0, highlight: bool = False) -> str:
    """One card drawn as SVG (by its id; ``value`` is what a slowpoke, calf or mad cow stands for)."""
    return mow_card_svg(game, card, value, scale, highlight=highlight)
