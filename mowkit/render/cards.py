"""Card boxes shared by both games' drawings: small inline-styled HTML, no external CSS."""

from __future__ import annotations

import html

PENALTY_COLOURS = {0: "#ffffff", 1: "#e8f1ff", 2: "#fff3c4", 3: "#ffd9a8", 5: "#ffb3b3", 7: "#d9b3ff"}


def card_box(label: str | int, penalty: int, mark: str = "", colour: str | None = None,
             title: str = "", highlight: bool = False) -> str:
    """One card: its number or label, and ``penalty`` marks (heads or flies) below it."""
    bg = colour or PENALTY_COLOURS.get(penalty, "#ffb3b3")
    border = "2px solid #d0021b" if highlight else "1px solid #555"
    marks = (mark * penalty) if penalty <= 7 else f"{penalty}{mark}"
    tip = f' title="{html.escape(title)}"' if title else ""
    return (
        f'<span{tip} style="display:inline-block;min-width:2.6em;margin:1px;padding:2px 3px;'
        f'border:{border};border-radius:4px;background:{bg};color:#111;text-align:center;'
        f'font-family:sans-serif;vertical-align:top">'
        f'<b style="font-size:1.05em">{html.escape(str(label))}</b><br>'
        f'<span style="font-size:0.7em">{html.escape(marks) or "&nbsp;"}</span></span>'
    )


def line(label: str, body: str) -> str:
    """A labelled line of cards."""
    return (
        f'<div style="margin:2px 0;white-space:nowrap"><span style="display:inline-block;'
        f'width:9em;font-family:sans-serif;color:#333">{html.escape(label)}</span>{body}</div>'
    )


def panel(title: str, body: str) -> str:
    """A titled panel around the drawing of a state."""
    return (
        f'<div style="border:1px solid #999;border-radius:6px;padding:6px;display:inline-block;'
        f'background:#fafafa"><div style="font-family:sans-serif;font-weight:bold;margin-bottom:4px">'
        f'{html.escape(title)}</div>{body}</div>'
    )
