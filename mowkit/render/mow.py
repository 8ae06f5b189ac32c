"""HTML of a Mow state: herd line(s) with numbers and flies, hands, cowsheds, totals, pile, arrow."""

from __future__ import annotations

import html
from typing import Any

from mowkit.render.cards import card_box, line, panel

KIND_COLOURS = {"blocking": "#c8c8c8", "acrobat": "#d7f0c8", "slowpoke": "#d7f0c8", "calf": "#fff0a0",
                "thin": "#fff0a0", "dairy": "#fff0a0", "mad": "#fff0a0"}
PHASES = {"play": "adds a cow or takes the herd", "flip": "may flip the arrow",
          "next": "chooses the next farmer", "over": "game over"}


def card_html(game: Any, card: int, value: int | None = None, highlight: bool = False) -> str:
    """One Mow card: its number (or the value a slowpoke/calf/mad cow stands for) and its flies."""
    c = game.cards[card]
    if c.kind == "plain":
        label = str(c.number)
    else:
        short = {"blocking": "■", "acrobat": "A", "slowpoke": "S", "calf": "C", "thin": "T",
                 "dairy": "D", "mad": "M"}[c.kind]
        shown = value if value is not None else c.number
        label = f"{short}{'' if shown is None else shown}"
    colour = KIND_COLOURS.get(c.kind)
    return card_box(label, c.flies, mark="🪰", colour=colour, title=f"{c.code}: {game.label(card)}",
                    highlight=highlight)


def herd_html(state: Any, h: int) -> str:
    """A herd line, lowest value first; an acrobat is drawn right after the cow it stands on."""
    g = state.game
    on = {t: a for a, t in state.acrobats[h]}
    parts = []
    for v, c in state.herds[h]:
        cell = card_html(g, c, v)
        if c in on:
            cell = (f'<span style="display:inline-block;border-bottom:3px solid #3a7">{cell}'
                    f'{card_html(g, on[c])}</span>')
        parts.append(cell)
    return "".join(parts) or "— empty —"


def state_html(state: Any, show_hands: bool | int = True) -> str:
    """Herd(s) (the active one marked in the star), the arrow, pile size, each farmer's hand
    (all, one seat's or none), cowshed and totals."""
    g = state.game
    arrow = "↻ clockwise" if state.arrow == 1 else "↺ anticlockwise"
    who = "" if state.is_over() else f" · farmer {state.actor} {PHASES[state.phase]}"
    title = f"Mow · round {state.round_index + 1} · arrow {arrow} · pile {len(state.pile)}{who}"
    if state.is_over():
        title += f" · {PHASES['over']}"
    body = []
    for h in range(len(state.herds)):
        name = "herd" if len(state.herds) == 1 else f"herd {h}"
        if len(state.herds) > 1 and h == state.active and not state.is_over():
            name += " ▶ active"
        body.append(line(f"{name} ({state.herd_flies(h)} 🪰)", herd_html(state, h)))
    for p in range(g.players):
        show = show_hands is True or (show_hands is not False and show_hands == p)
        hand = state.hands[p]
        cards = "".join(card_html(g, c) for c in hand) if show else html.escape(f"{len(hand)} cards")
        mark = " ◀" if (not state.is_over() and p == state.actor) else ""
        body.append(line(f"farmer {p}{mark}", cards or "—"))
        shed = state.cowsheds[p]
        flies = sum(g.flies[c] for c in shed)
        body.append(line(f"  cowshed {flies} / total {state.totals[p]}",
                         "".join(card_html(g, c) for c in shed) or "—"))
    if state.unscored:
        body.append(line("unscored herds", "".join(card_html(g, c) for c in state.unscored)))
    return panel(title, "".join(body))
