"""HTML of a 6 nimmt! state: the rows as drawn cards, the cards revealed this turn, and a table of
the players (hand, the card laid face down this turn, penalty pile as a count, total) numbered
from 1. Reads the state only; heads come from :func:`mowkit.games.sixnimmt.heads`.

The spec's ``renderer`` slot: :func:`state_html`, :func:`card_svg` and :func:`card_back_svg`; the
card faces and backs are drawn in :mod:`mowkit.games.sixnimmt.cards_svg` (re-exported here)."""

from __future__ import annotations

import html
from typing import Any

from mowkit.games.sixnimmt.cards_svg import (
    PENALTY_COLOURS,
    SIXNIMMT_SIZE,
    card_back_svg,
    card_box,
    head_icon,
    sixnimmt_card_svg,
    sixnimmt_colour,
    sixnimmt_label,
)
from mowkit.games.sixnimmt.engine import row_heads
from mowkit.i18n import _, ngettext
from mowkit.render.cards import (
    FONT,
    Board,
    BoardLine,
    card_run,
    check_scale,
    hidden_hand,
    line,
    panel,
    table,
)

__all__ = ["PENALTY_COLOURS", "SIXNIMMT_SIZE", "action_place", "board", "card_back_svg", "card_box", "card_svg",
           "cards_html",
           "head_icon", "sixnimmt_card_svg", "sixnimmt_colour", "sixnimmt_label", "state_html"]


def _heads_text(n: int) -> str:
    return ngettext("{n} head", "{n} heads", n).format(n=n)


def _cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def cards_html(cards: Any, highlight: int | None = None, scale: float = 1.0, game: Any = None) -> str:
    """A run of 6 nimmt! cards drawn as SVG (each with its heads); an em dash when empty."""
    drawn = [sixnimmt_card_svg(c, scale, game=game, highlight=(c == highlight)) for c in cards]
    return card_run(drawn) if drawn else "—"


def _caption(svg: str, text: str) -> str:
    """A card with a line of text under it."""
    return (f'<div style="display:flex;flex-direction:column;align-items:center;gap:2px">{svg}'
            f'<div style="font-size:0.85em;color:#333;font-family:{FONT}">{html.escape(text)}</div></div>')


def _pile_text(pile: Any) -> str:
    """A penalty pile as counts: ``3 cards, 8 heads``."""
    return _("{cards}, {heads}").format(cards=_cards_text(len(pile)), heads=_heads_text(row_heads(pile)))


def _title(state: Any) -> str:
    g = state.game
    phase = {"choose": _("players choose a card"), "row": _("a player chooses a row to take"),
             "place": _("a player chooses where a card goes"), "draft": _("drafting the rows"),
             "over": _("game over")}
    turn = min(state.turn + 1, g.hand_size)
    return _("6 nimmt! · round {round} · turn {turn} · {phase}").format(
        round=state.round_index + 1, turn=turn, phase=phase.get(state.phase, state.phase))


def _waiting(state: Any) -> int | None:
    """The revealed card that must be placed now (marked red), or None."""
    return state.queue[0][0] if state.phase in ("row", "place") and state.queue else None


def _revealed(state: Any, s: float) -> str:
    g = state.game
    waiting = _waiting(state)
    return card_run([_caption(sixnimmt_card_svg(c, s, game=g, highlight=(c == waiting)),
                              _("player {n}").format(n=q + 1)) for c, q in state.queue])


def _row_label(state: Any, i: int) -> str:
    return _("row {n}").format(n=i + 1) + " · " + _heads_text(row_heads(state.rows[i]))


def _seats_table(state: Any, show_hands: bool | int, s: float, hands: bool = True) -> str:
    """One line per player (numbered from 1): hand (all, one seat's or none; left out with
    ``hands=False``), the card laid face down this turn, penalty pile and total."""
    g = state.game
    pending = set(state.pending_players()) if not state.is_over() else set()
    acts = {"choose": _("chooses a card"), "row": _("chooses a row"), "place": _("chooses a place"),
            "draft": _("drafts a card")}
    rows = []
    for p in range(g.players):
        show = show_hands is True or (show_hands is not False and show_hands == p)
        hand = state.hands[p]
        if not hands:
            hand_cell = html.escape(_cards_text(len(hand)))
        elif show:
            hand_cell = cards_html(hand, scale=s, game=g)
        else:
            hand_cell = hidden_hand(len(hand), card_back_svg, s)
        if p in state.chosen:
            card = state.chosen[p]
            laid = (sixnimmt_card_svg(card, s, game=g, title=_("laid face down: {card}").format(
                card=sixnimmt_label(card, g))) if show else card_back_svg(s))
            laid_cell = _caption(laid, _("face down")) if hands else (
                html.escape(sixnimmt_label(card, g)) if show else html.escape(_("face down")))
        else:
            laid_cell = "—"
        pile = state.piles[p]
        names = ", ".join(sixnimmt_label(c, g) for c in pile)
        pile_cell = f'<span title="{html.escape(names)}" style="white-space:nowrap">{html.escape(_pile_text(pile))}</span>'
        who = html.escape(_("player {n}").format(n=p + 1))
        if p in pending:
            todo = html.escape(acts.get(state.phase, _("to act")))
            who = f'<b>{who}</b><br/><span style="font-size:0.85em">{todo}</span>'
        rows.append([who, hand_cell, laid_cell, pile_cell,
                     f'<b style="font-size:1.1em">{state.totals[p]}</b>'])
    headers = [_("player"), _("hand"), _("card laid this turn"), _("penalty pile"), _("total heads")]
    return table(headers, rows, marked=pending)


def state_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """Rows, the cards revealed this turn, then one table line per player (numbered from 1): hand
    (all, one seat's, or none), the card laid face down this turn, penalty pile and total."""
    s = check_scale(scale)
    g = state.game
    body = []
    if state.pool:
        body.append(line(_("face-up cards"), cards_html(state.pool, scale=s, game=g)))
    for i, r in enumerate(state.rows):
        body.append(line(_row_label(state, i), cards_html(r, scale=s, game=g)))
    if state.queue:
        body.append(line(_("revealed, placed lowest first"), _revealed(state, s)))
    body.append(_seats_table(state, show_hands, s))
    return panel(_title(state), "".join(body))


def board(state: Any, show_hands: bool | int = False, scale: float = 1.0) -> Board:
    """The state laid out for the play widget: the rows side by side in two columns (each a line of
    cards, clickable as ``line:<i>``, its ends ``end:<i>:front``/``back``), the face-up cards of the
    draft (``card:<n>``), the cards revealed this turn, and the players' table without hands."""
    s = check_scale(scale)
    g = state.game
    lines = []
    if state.pool:
        lines.append(BoardLine(_("face-up cards"), [(sixnimmt_card_svg(c, s, game=g), f"card:{c}")
                                                    for c in state.pool]))
    for i, r in enumerate(state.rows):
        lines.append(BoardLine(_row_label(state, i), [(sixnimmt_card_svg(c, s, game=g), None) for c in r],
                               key=f"line:{i}", ends=("front", "back")))
    after = ""
    if state.queue:
        after = (f'<div style="display:flex;gap:10px;align-items:center;font-family:{FONT}">'
                  f'<span style="flex:0 0 6.5em;line-height:1.25">{html.escape(_("revealed, placed lowest first"))}</span>'
                  f'{_revealed(state, s)}</div>')
    return Board(_title(state), lines, after=after, seats=_seats_table(state, show_hands, s, hands=False),
                 columns=2 if len(state.rows) > 1 else 1)


def action_place(state: Any, action: Any) -> tuple[str | None, str | None]:
    """Where a move is clicked: (the card in hand, the place on the table); either may be None.

    Choosing a card is a click on it (``hand:<card>``); Rule 4 a click on the row (``line:<i>``);
    the professional variant's placement a click on the row's end (``end:<i>:front``/``back``);
    a draft a click on the face-up card (``card:<n>``)."""
    kind = getattr(action, "kind", "")
    if kind == "play":
        return f"hand:{action.card}", None
    if kind == "take_row":
        return None, f"line:{action.row}"
    if kind == "place":
        return None, f"end:{action.row}:{action.end}"
    if kind == "draft":
        return None, f"card:{action.card}"
    return None, None


def card_svg(game: Any, card: int, value: int | None = None, scale: float = 1.0, highlight: bool = False) -> str:
    """One card drawn as SVG (by its number)."""
    return sixnimmt_card_svg(card, scale, game=game, highlight=highlight)
