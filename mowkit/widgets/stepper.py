"""Step through a recorded game of either game, one decision at a time.

The stepper replays a record through the engine (:func:`mowkit.records.replay`), so every state
it shows is the engine's own; the sentence under the table is the engine's ``events`` for that
decision (which rule applied). Nothing is decided here.

    from mowkit.widgets import Stepper
    Stepper.from_seed("sixnimmt", ["random", "greedy", "lowest", "highest"], seed=7)  # any registered game
    Stepper("my_game.json")              # a saved record (validated on loading)

Public attributes for scripts and tests: ``index`` (the decision shown, 0 = the deal),
``html`` (the drawing shown), ``explanation`` (the sentences shown, plain text),
``states``/``actions``/``record``, ``coach_panel`` (the coach of the decision pending at the
step shown: a :class:`~mowkit.widgets.coach.CoachPanel`, computing only while its "coach" button
is pressed; ``Stepper(..., coach=True)`` starts with it pressed).
"""

from __future__ import annotations

import html as html_lib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias, cast

import ipywidgets as widgets

from mowkit import registry
from mowkit.agents import agent_name
from mowkit.core import Action, JSONObject, SomeGame
from mowkit.events import Event
from mowkit.i18n import _, counted, ngettext, on_language_change
from mowkit.match import resolve_game
from mowkit.narrate import decision, sentences
from mowkit.records import load, replay
from mowkit.simulate import play_game
from mowkit.widgets.coach import CoachPanel
from mowkit.widgets.common import (
    ALL_HANDS,
    GAME_TITLES,
    GameState,
    button,
    perspective_options,
    seat_word,
    sentences_html,
    show_hands,
    state_html,
    with_switch,
)

RecordLike: TypeAlias = "JSONObject | str | os.PathLike[str]"

class Stepper(widgets.VBox):
    """First / previous / next / last buttons and a slider over every decision of a game record.

    Args:
        record: a record dict (see :mod:`mowkit.records`) or the path of a saved record.
        perspective: ``True`` (all hands open, for teaching) or a seat (that seat's view only).
        index: the decision to show first (0: the deal; negative counts from the end).
        coach: start with the coach pressed (the advice for the decision pending at each step).
    """

    def __init__(self, record: RecordLike, perspective: bool | int = True, index: int = 0,
                 coach: bool = False, language_switch: bool = True, show_seed: bool = True) -> None:
        if not isinstance(record, dict):
            record = load(Path(record))
        self.record: JSONObject = record
        self.show_seed = show_seed  # False where the seed is a derived number the reader never typed
        self.states: list[GameState] = replay(record)
        final = self.states[-1]
        self.game = final.game
        self.actions: list[Action] = [a for rnd in final.history for a in rnd]
        n = len(self.states) - 1
        self.first_button = button("⏮", "")
        self.prev_button = button("◀", "")
        self.next_button = button("▶", "", style="primary")
        self.last_button = button("⏭", "")
        self.slider = widgets.IntSlider(value=0, min=0, max=n, continuous_update=True, readout=False,
                                        layout=widgets.Layout(width="460px"),
                                        style={"description_width": "initial"})
        self.perspective = widgets.Dropdown(options=perspective_options(self.game.name, self.game.num_players),
                                            value=ALL_HANDS if show_hands(perspective) is True else perspective,
                                            style={"description_width": "initial"},
                                            layout=widgets.Layout(width="300px"))
        self.step_label = widgets.HTML()
        self.step_label.add_class("mowkit-step")
        self.table = widgets.HTML()
        self.table.add_class("mowkit-table")
        self.explanation_box = widgets.HTML()
        self.explanation_box.add_class("mowkit-explanation")
        self.html = ""
        self.explanation = ""
        self.coach_panel = CoachPanel(self.game, active=coach)

        self.header = widgets.HTML()
        self._relabel()
        self.first_button.on_click(lambda _: self.first())
        self.prev_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.last_button.on_click(lambda _: self.last())
        self.slider.observe(self._redraw, names="value")
        self.perspective.observe(self._redraw, names="value")
        buttons = widgets.HBox([self.first_button, self.prev_button, self.next_button, self.last_button])
        super().__init__(with_switch([self.header, buttons, widgets.HBox([self.slider, self.perspective]),
                                      self.step_label, self.table, self.explanation_box, self.coach_panel],
                                     language_switch))
        self.add_class("mowkit-stepper")
        self.index = index if index >= 0 else n + 1 + index
        self._redraw()
        self._unregister = on_language_change(self._language_changed, weak=True)


    def close(self) -> None:
        """Stop following the language, then close the widget (also one whose making failed)."""
        remove = getattr(self, "_unregister", None)
        if remove is not None:
            remove()
        super().close()
    def _relabel(self) -> None:
        """Every label in the reader's language (:func:`mowkit.set_language`)."""
        word = _(seat_word(self.game.name))
        agents = cast("list[str]", self.record.get("agents") or [])  # a replayed record: checked
        who = (", ".join(_("{seat} {n}: {agent}").format(seat=word, n=i + 1, agent=agent_name(a))
                         for i, a in enumerate(agents)) or counted(seat_word(self.game.name), self.game.num_players))
        seed = self.record.get("seed")
        parts = [f"<b>{html_lib.escape(GAME_TITLES.get(self.game.name, self.game.name))}</b>", html_lib.escape(who)]
        if seed is not None and self.show_seed:
            parts.append(html_lib.escape(_("seed {seed}").format(seed=seed)))
        parts.append(html_lib.escape(ngettext("{n} decision", "{n} decisions", self.slider.max).format(n=self.slider.max)))
        self.header.value = " · ".join(parts)
        for b, (text, tip) in zip(
            (self.first_button, self.prev_button, self.next_button, self.last_button),
            ((_("⏮ start"), _("the deal")), (_("◀ back"), _("one decision back")),
             (_("next ▶"), _("one decision on")), (_("end ⏭"), _("the end of the game")))):
            b.description, b.tooltip = text, tip
        self.slider.description = _("decision")
        value = self.perspective.value
        self.perspective.options = perspective_options(self.game.name, self.game.num_players)
        self.perspective.value = value
        self.perspective.description = _("show")

    def _language_changed(self, lang: str) -> None:
        self._relabel()
        self._redraw()

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_seed(cls, game: str | SomeGame, agents: Sequence[str], seed: int, perspective: bool | int = True,
                  *, coach: bool = False, language_switch: bool = True, **options: object) -> Stepper:
        """Play a seeded game with ``agents`` (one per seat; see :func:`mowkit.simulate.play_game`)."""
        record = play_game(resolve_game(game, **options), list(agents), seed=seed)
        return cls(record, perspective=perspective, coach=coach, language_switch=language_switch)

    # ------------------------------------------------------------------ navigation
    @property
    def index(self) -> int:
        """The decision shown: 0 is the deal, ``len(states) - 1`` the last decision."""
        return int(self.slider.value)

    @index.setter
    def index(self, value: int) -> None:
        self.slider.value = max(0, min(int(value), self.slider.max))

    @property
    def state(self) -> GameState:
        """The state shown (do not change it: it belongs to the replay)."""
        return self.states[self.index]

    def first(self) -> None:
        """Show the deal."""
        self.index = 0

    def previous(self) -> None:
        """Show one decision back."""
        self.index = self.index - 1

    def next(self) -> None:
        """Show one decision on."""
        self.index = self.index + 1

    def last(self) -> None:
        """Show the last decision of the record."""
        self.index = self.slider.max

    def goto_round(self, round_index: int) -> None:
        """Show the first state of round ``round_index`` (from 0)."""
        for i, s in enumerate(self.states):
            if s.round_index >= round_index:
                self.index = i
                return

    # ------------------------------------------------------------------ drawing
    def _explain(self, i: int, show: bool | int) -> list[str]:
        """What decision ``i`` did, in words (:mod:`mowkit.narrate`); a 6 nimmt! face-down card is
        named only when that hand is shown (the events keep it hidden)."""
        state = self.states[i]
        told = sentences(self.game, cast("Sequence[Event]", state.events))
        if i == 0:
            return [_("The start: the cards are shuffled and dealt; nobody has decided yet.")] + told
        action = self.actions[i - 1]
        if action.hidden and (show is True or show == action.player):  # a face-down choice it may show
            return [decision(self.game, action)] + told
        return told

    def _redraw(self, change: object = None) -> None:
        i = self.index
        n = self.slider.max
        show = show_hands(self.perspective.value)
        state = self.states[i]
        lines = self._explain(i, show)
        self.html = state_html(state, show)
        self.explanation = "\n".join(lines)
        self.table.value = self.html
        self.explanation_box.value = (
            f'<div style="font-family:sans-serif;min-height:4em">{sentences_html(lines)}</div>'
        )
        where = (_("the deal, before decision 1 of {n}").format(n=n) if i == 0
                 else _("decision {i} of {n}").format(i=i, n=n))  # counted from 1: decision i made
        self.step_label.value = (
            "<b>" + html_lib.escape(where) + "</b> · "
            + html_lib.escape(_("round {n}").format(n=state.round_index + 1))
            + (" · " + html_lib.escape(_("game over")) if state.is_over() else "")
        )
        self.first_button.disabled = self.prev_button.disabled = i == 0
        self.next_button.disabled = self.last_button.disabled = i == n
        self._coach(state, show)

    def _coach(self, state: GameState, show: bool | int) -> None:
        """The coach for the decision pending at the step shown: with all hands open the first seat
        to decide, with one seat's view only that seat (the advice names the cards in hand)."""
        pending = state.pending_players() if not state.is_over() else ()
        if not pending:
            self.coach_panel.clear()
        elif show is True:
            self.coach_panel.show(state, pending[0])
        elif show in pending:
            self.coach_panel.show(state, int(show))
        else:
            message = registry.spec_of(self.game).words.phrase("no_decision").format(n=int(show) + 1)
            self.coach_panel.clear(message)


def stepper(record: RecordLike, perspective: bool | int = True, coach: bool = False) -> Stepper:
    """A :class:`Stepper` over a record dict or a saved record file."""
    return Stepper(record, perspective=perspective, coach=coach)
