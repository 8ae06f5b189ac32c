"""Drawings of Cow count: cards as SVG, a state as HTML (the spec's renderer)."""

from __future__ import annotations

import html
from typing import Any

from cowcount.engine import cows
from cowcount.words import cows_text, t


def card_svg(game: Any, card: int, value: int | None = None, scale: float = 1.0, highlight: bool = False) -> str:
    """One card: its number and its cows."""
    w, h = int(40 * scale), int(56 * scale)
    stroke = "#d33" if highlight else "#333"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 40 56" '
            f'data-card="{card}"><title>{html.escape(cows_text(cows(card)))}</title>'
            f'<rect x="1" y="1" width="38" height="54" rx="4" fill="#fffbe8" stroke="{stroke}" stroke-width="2"/>'
            f'<text x="20" y="26" text-anchor="middle" font-size="16">{card}</text>'
            f'<text x="20" y="46" text-anchor="middle" font-size="10">{"🐄" * cows(card)}</text></svg>')


def card_back_svg(scale: float = 1.0) -> str:
    """A face-down card."""
    w, h = int(40 * scale), int(56 * scale)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 40 56">'
            '<rect x="1" y="1" width="38" height="54" rx="4" fill="#6a8" stroke="#333" stroke-width="2"/></svg>')


def _cards(game: Any, cards: Any, scale: float) -> str:
    return "".join(card_svg(game, c, scale=scale) for c in cards) or "—"


def state_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    """The line, then one table row per player: hand (all, one seat's or none), taken cards, total."""
    g = state.game
    phase = (t("game over") if state.is_over()
             else t("player {player} lays a card").format(player=state.to_act + 1))
    title = t("Cow count · round {round} · {phase}").format(round=state.round_index + 1, phase=phase)
    rows = []
    for p in range(g.players):
        show = show_hands is True or (show_hands is not False and show_hands == p)
        hand = _cards(g, state.hands[p], scale) if show else card_back_svg(scale) * len(state.hands[p])
        rows.append(f"<tr><td>{html.escape(t('player'))} {p + 1}</td><td>{hand or '—'}</td>"
                    f"<td>{_cards(g, state.taken[p], scale)}</td><td><b>{state.totals[p]}</b></td></tr>")
    head = "".join(f"<th>{html.escape(t(x))}</th>" for x in ("player", "hand", "taken this round", "total"))
    return (f'<div class="cowcount"><b>{html.escape(title)}</b>'
            f'<div>{html.escape(t("line"))}: {_cards(g, state.line, scale)}</div>'
            f'<table><tr>{head}</tr>{"".join(rows)}</table></div>')
