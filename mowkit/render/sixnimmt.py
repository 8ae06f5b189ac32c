"""HTML of a 6 nimmt! state: rows, hands and penalty piles with the heads on each card."""

from __future__ import annotations

from typing import Any

from mowkit.games.sixnimmt import heads, row_heads
from mowkit.render.cards import card_box, line, panel


def cards_html(cards: Any, highlight: int | None = None) -> str:
    """A run of 6 nimmt! cards, each with its heads (🐮 per head)."""
    return "".join(card_box(c, heads(c), "🐮", highlight=(c == highlight)) for c in cards) or "—"


def state_html(state: Any, show_hands: bool | int = True) -> str:
    """Rows, then each player's hand (all, one seat's, or none) and penalty pile."""
    g = state.game
    body = []
    phase = {"choose": "players choose a card", "row": "Rule 4: a row choice is pending",
             "place": "a placement choice is pending", "draft": "drafting", "over": "game over"}
    title = f"6 nimmt! · round {state.round_index + 1} · turn {min(state.turn + 1, g.hand_size)} · {phase[state.phase]}"
    waiting = state.queue[0][0] if state.phase in ("row", "place") else None
    if state.pool:
        body.append(line("face-up cards", cards_html(state.pool)))
    for i, r in enumerate(state.rows):
        h = row_heads(r)
        body.append(line(f"row {i} ({h} head{'' if h == 1 else 's'})", cards_html(r)))
    if state.queue:
        body.append(line("revealed", cards_html([c for c, _ in state.queue], highlight=waiting)))
    for p in range(g.players):
        show = show_hands is True or (show_hands is not False and show_hands == p)
        hand = cards_html(state.hands[p]) if show else f"{len(state.hands[p])} cards"
        chosen = " · card face down" if p in state.chosen else ""
        body.append(line(f"player {p} hand", hand + chosen))
        pile = state.piles[p]
        body.append(line(f"  pile {row_heads(pile)} / total {state.totals[p]}", cards_html(pile)))
    return panel(title, "".join(body))
