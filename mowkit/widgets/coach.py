"""The coach panel: the advice of :func:`mowkit.coach.coach` for the decision pending now, as a table.

    from mowkit.widgets.coach import CoachPanel
    panel = CoachPanel(game)
    panel.show(state)        # after every decision (it computes only while "coach" is pressed)
    panel.clear()            # no decision pending, or the game is over
    panel.follow(state, [0, 2])   # the first of these seats that must decide, else clear

One line per legal move: the move, its expected penalty this turn by the exact odds, its Monte
Carlo value with a 95 % interval, and the computer players that would choose it with their
sentence; under the table, what the two kinds of number mean. Nothing is computed until the
"coach" button is pressed (it can take a second); while it stays pressed every ``show`` computes.
Texts follow :mod:`mowkit.i18n` and are drawn again when the language changes.

Public attributes for scripts and tests: ``advice`` (the :class:`~mowkit.coach.Advice` shown, or
None), ``html`` (the panel's drawing), ``text`` (the same as plain text), ``button`` (the toggle).
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypedDict

import ipywidgets as widgets

from mowkit import registry
from mowkit.agents import agent_name
from mowkit.coach import BATCHES, ROLLOUTS, Advice, coach
from mowkit.core import SomeGame, SomeState
from mowkit.i18n import _, number, on_language_change


def _value(x: Fraction | float | None, digits: int = 2) -> str:
    if x is None:
        return "\u2013"
    if isinstance(x, Fraction) and x.denominator == 1:
        return number(int(x))
    return number(round(float(x), digits), digits)


class CoachOptions(TypedDict):
    """What the panel passes to :func:`mowkit.coach.coach`."""

    rollouts: int
    batches: int
    seed: int
    agents: Sequence[str] | Mapping[str, object] | None


class CoachPanel(widgets.VBox):
    """A "coach" toggle and the advice table for one pending decision.

    Args:
        game: the game object the states belong to.
        rollouts, batches, seed, agents: passed to :func:`mowkit.coach.coach`.
        active: start with the coach pressed (computing at every :meth:`show`).
    """

    def __init__(self, game: SomeGame, *, rollouts: int = ROLLOUTS, batches: int = BATCHES, seed: int = 0,
                 agents: Sequence[str] | Mapping[str, object] | None = None, active: bool = False) -> None:
        self.game = game
        self.options: CoachOptions = {"rollouts": rollouts, "batches": batches, "seed": seed, "agents": agents}
        self.advice: Advice | None = None
        self.html = ""
        self.text = ""
        self._state: SomeState | None = None
        self._player: int | None = None
        self._message: str | None = None
        self.button = widgets.ToggleButton(value=bool(active), layout=widgets.Layout(width="auto"))
        self.output = widgets.HTML()
        self.output.add_class("mowkit-coach")
        self.button.observe(self._toggled, names="value")
        super().__init__([self.button, self.output])
        self.add_class("mowkit-coach-panel")
        self._unregister = on_language_change(self._language_changed, weak=True)
        self._draw()

    # ------------------------------------------------------------------ public
    @property
    def active(self) -> bool:
        """Whether the coach is pressed (computes at every :meth:`show`)."""
        return bool(self.button.value)

    @active.setter
    def active(self, value: bool) -> None:
        self.button.value = bool(value)

    def show(self, state: SomeState | None, player: int | None = None) -> None:
        """Coach the decision of ``player`` (default: the first seat to decide) in ``state``.

        The panel keeps a copy of the state; with no decision pending (or the game over) it clears.
        """
        if state is None or state.is_over() or not state.pending_players():
            self.clear()
            return
        self._state = state.clone()
        self._player = player
        self._message = None
        self.advice = None
        if self.active:
            self._compute()
        self._draw()

    def follow(self, state: SomeState | None, seats: Iterable[int]) -> None:
        """Coach the first of ``seats`` (e.g. the human seats of a game) that must decide now in
        ``state``; clear the panel when none of them must (or the game is over)."""
        pending = () if state is None or state.is_over() else tuple(state.pending_players())
        mine = [int(p) for p in seats if int(p) in pending]
        if mine:
            self.show(state, mine[0])
        else:
            self.clear()

    def clear(self, message: str | None = None) -> None:
        """Nothing to coach: no decision pending, or the game is over (``message``: say why instead
        of "No decision to coach now."; made by the caller in the current language)."""
        self._state = None
        self._player = None
        self.advice = None
        self._message = message
        self._draw()

    def close(self) -> None:
        """Close the widget and stop listening to language changes."""
        self._unregister()
        super().close()

    # ------------------------------------------------------------------ inside
    def _toggled(self, change: Mapping[str, object]) -> None:
        if self.active and self._state is not None and self.advice is None:
            self._compute()
        self._draw()

    def _language_changed(self, lang: str) -> None:
        self._draw()  # the advice holds no text: every sentence is made again when drawn

    def _compute(self) -> None:
        thinking = _("The coach is thinking…")
        self.output.value = f"<i>{html_lib.escape(thinking)}</i>"
        self.advice = coach(self._state, self._player, **self.options)

    def _draw(self) -> None:
        self.button.description = _("coach")
        self.button.tooltip = _("Show the coach's advice for the decision now (it can take a second)")
        self.button.icon = "graduation-cap"
        if self._state is None:
            nothing = self._message or _("No decision to coach now.")
            body = f"<p>{html_lib.escape(nothing)}</p>"
        elif not self.active:
            press = _("Press “coach” to see the advice for this decision.")
            body = f"<p>{html_lib.escape(press)}</p>"
        else:
            body = self._table(self.advice) if self.advice is not None else ""
        self.html = f'<div style="font-family:sans-serif">{body}</div>'
        self.output.value = self.html
        self.text = _plain(self.html)

    def _table(self, advice: Advice) -> str:
        e = html_lib.escape
        game = advice.game
        words = registry.spec_of(game).words
        who = words.phrase("coach_for").format(n=advice.player + 1)
        heads = [_("move"), words.phrase("exact_column"), words.phrase("mc_column"), _("computer players that choose it")]
        exact = [m.exact for m in advice.moves if m.exact is not None]
        mcs = [m.mc for m in advice.moves if m.mc is not None]
        best_exact = min(exact) if exact else None
        best_mc = min(mcs) if mcs else None
        rows = []
        for m in advice.moves:
            cell_exact = e(_value(m.exact))
            if m.p_take is not None and m.exact is not None and 0 < m.p_take < 1:
                cell_exact += "<br><small>" + e(_("chance to take cards: {p} %").format(
                    p=number(round(100 * float(m.p_take)), 0))) + "</small>"
            if m.exact is not None and m.exact == best_exact and len(exact) > 1:
                cell_exact = f"<b>{cell_exact}</b>"
            if m.mc is None:
                cell_mc = "\u2013"
            else:
                cell_mc = e(f"{_value(m.mc)} [{_value(m.mc_low)} \u2013 {_value(m.mc_high)}]")
                if m.mc == best_mc and len(mcs) > 1:
                    cell_mc = f"<b>{cell_mc}</b>"
            chosen = [a for a in advice.agents if a.action == m.action]
            cell_agents = "".join(f"<div><b>{e(agent_name(a.name))}</b>: {e(a.why)}</div>" for a in chosen)
            rows.append(f"<tr><td>{e(m.words)}</td><td>{cell_exact}</td><td>{cell_mc}</td>"
                        f"<td>{cell_agents}</td></tr>")
        style = "border-collapse:collapse"
        th = "".join(f'<th style="text-align:left;padding:2px 8px;border-bottom:1px solid #999">{e(h)}</th>'
                     for h in heads)
        table = (f'<table style="{style}"><thead><tr>{th}</tr></thead><tbody>'
                 + "".join(rows).replace("<td>", '<td style="padding:2px 8px;vertical-align:top">')
                 + "</tbody></table>")
        # one paragraph per method: what this table's numbers are, then (when there are numbers) how
        # the method works in plain words
        notes = [
            _join(advice.exact_note, _("The chance is worked out by counting every way the unknown cards can "
                                       "fall, so there is no guessing.") if exact else ""),
            _join(advice.mc_note, _("Like rolling a die many times to see what usually comes up, the computer "
                                    "plays the rest of the round many times with random cards and averages "
                                    "what happens.") if mcs else ""),
        ]
        explain = "".join(f"<li>{e(n)}</li>" for n in notes if n)
        return (f"<p><b>{e(who)}</b></p>{table}"
                f'<ul style="margin:4px 0 2px 1.2em;padding:0;font-size:90%">{explain}</ul>')


def _join(*sentences: str) -> str:
    """Sentences as one paragraph (the empty ones left out)."""
    return " ".join(t.strip() for t in sentences if t and t.strip())


def _plain(text: str) -> str:
    """The panel's drawing as plain text (for tests and scripts)."""
    import html

    text = re.sub(r"<(br|/tr|/p|/li|/div)[^>]*>", "\n", text)
    text = re.sub(r"<(td|th)[^>]*>", " | ", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
