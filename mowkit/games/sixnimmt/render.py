"""HTML of a 6 nimmt! state: the rows as drawn cards, the cards revealed this turn, and a table of
the players (hand, the card laid face down this turn, penalty pile as a count, total) numbered
from 1. Reads the state only; heads come from :func:`mowkit.games.sixnimmt.heads`."""

from __future__ import annotations

import html
from typing import Any

from mowkit.games.sixnimmt import row_heads
from mowkit.render.cards import (
    FONT,
    _,
    card_run,
    check_scale,
    hidden_hand,
    line,
    ngettext,
    panel,
    sixnimmt_card_svg,
    sixnimmt_label,
    table,
)
from mowkit.render.cards import (
    card_back_svg as back_svg,
)


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


def state_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """Rows, the cards revealed this turn, then one table line per player (numbered from 1): hand
    (all, one seat's, or none), the card laid face down this turn, penalty pile and total."""
    s = check_scale(scale)
    g = state.game
    phase = {"choose": _("players choose a card"), "row": _("a player chooses a row to take"),
             "place": _("a player chooses where a card goes"), "draft": _("drafting the rows"),
             "over": _("game over")}
    turn = min(state.turn + 1, g.hand_size)
    title = _("6 nimmt! · round {round} · turn {turn} · {phase}").format(
        round=state.round_index + 1, turn=turn, phase=phase.get(state.phase, state.phase))
    waiting = state.queue[0][0] if state.phase in ("row", "place") and state.queue else None
    pending = set(state.pending_players()) if not state.is_over() else set()
    acts = {"choose": _("chooses a card"), "row": _("chooses a row"), "place": _("chooses a place"),
            "draft": _("drafts a card")}
    body = []
    if state.pool:
        body.append(line(_("face-up cards"), cards_html(state.pool, scale=s, game=g)))
    for i, r in enumerate(state.rows):
        label = _("row {n}").format(n=i + 1) + " · " + _heads_text(row_heads(r))
        body.append(line(label, cards_html(r, scale=s, game=g)))
    if state.queue:
        revealed = [_caption(sixnimmt_card_svg(c, s, game=g, highlight=(c == waiting)),
                             _("player {n}").format(n=q + 1)) for c, q in state.queue]
        body.append(line(_("revealed, placed lowest first"), card_run(revealed)))
    rows = []
    for p in range(g.players):
        show = show_hands is True or (show_hands is not False and show_hands == p)
        hand = state.hands[p]
        if show:
            hand_cell = cards_html(hand, scale=s, game=g)
        else:
            hand_cell = hidden_hand(len(hand), "sixnimmt", s)
        if p in state.chosen:
            card = state.chosen[p]
            laid = (sixnimmt_card_svg(card, s, game=g, title=_("laid face down: {card}").format(
                card=sixnimmt_label(card, g))) if show else back_svg("sixnimmt", s))
            laid_cell = _caption(laid, _("face down"))
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
    body.append(table(headers, rows, marked=pending))
    return panel(title, "".join(body))


def card_svg(game: Any, card: int, value: int | None = None, scale: float = 1.0, highlight: bool = False) -> str:
    """One card drawn as SVG (by its number)."""
    return sixnimmt_card_svg(card, scale, game=game, highlight=highlight)


def card_back_svg(scale: float = 1.0) -> str:
    """A face-down 6 nimmt! card drawn as SVG."""
    return back_svg("sixnimmt", scale)
