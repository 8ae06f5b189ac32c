"""Play one seat of either game against the kit's agents.

Only the engine's legal actions are offered, as buttons; an action attempted any other way
(``attempt``) goes through ``state.apply`` and is refused with the engine's
:class:`~mowkit.core.IllegalActionError` message, the state unchanged. The agents' decisions
are applied one at a time with *continue* (or up to your next decision with *agents play*, or
automatically with ``auto=True``), and the engine's sentences say what each one did.

    from mowkit.widgets import Play
    Play("mow", ["greedy", "random"], seat=0, seed=1)

Public attributes for scripts and tests: ``state``, ``seat``, ``legal`` (the actions offered),
``action_buttons``, ``sentences`` (every engine sentence so far), ``recent`` (who did what since
the person's last decision), ``message`` (the last refusal or notice),
``html`` (the drawing shown).
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from mowkit.core import Action, IllegalActionError, spawn_rngs
from mowkit.records import save, to_record
from mowkit.widgets.common import GAME_TITLES, button, seat_word, sentences_html, state_html
from mowkit.widgets.stepper import Stepper

HUMAN = "human"


def action_label(state: Any, action: Action) -> str:
    """The words on an action's button (``Mow.describe``; 6 nimmt! cards, rows and ends)."""
    game = state.game
    if game.name == "mow":
        return game.describe(action)
    from mowkit.games.sixnimmt import heads, row_heads

    d = action.to_dict()
    kind = d["type"]
    if kind in ("play", "draft"):
        h = heads(d["card"])
        return f"{'draft ' if kind == 'draft' else ''}{d['card']} ({h} 🐮)"
    if kind == "take_row":
        row = state.rows[d["row"]]
        return f"take row {d['row']} ({len(row)} cards, {row_heads(row)} 🐮)"
    if kind == "place":
        return f"row {d['row']}, {d['end']}"
    return repr(action)


class Play(widgets.VBox):
    """A person in seat ``seat`` against ``opponents`` (agent names, in seat order after skipping yours).

    Args:
        game: ``"sixnimmt"`` or ``"mow"`` (or a game object; then no ``options``).
        opponents: one agent name per other seat; the game has ``len(opponents) + 1`` players.
        seat: the person's seat.
        seed: fixes the deals and every agent's choices.
        auto: apply the agents' decisions at once up to the person's next decision.
        save_path: the default file for *save*.
        **options: game options (``variant=``, ``threshold=``, ``max_rounds=`` ...).
    """

    def __init__(self, game: Any = "sixnimmt", opponents: Sequence[str] = ("greedy", "random", "random"),
                 seat: int = 0, seed: int = 0, auto: bool = False,
                 save_path: str | os.PathLike[str] = "my_game.json", **options: Any) -> None:
        from mowkit import load_game
        from mowkit.agents import make_agent

        n = len(opponents) + 1
        if isinstance(game, str):
            game = load_game(game, **{"players": n, **options})
        elif options:
            raise ValueError("options only with a game name")
        if game.num_players != n:
            raise ValueError(f"{game.num_players} seats but {len(opponents)} opponents: need {game.num_players - 1}")
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
        self.game = game
        self.seat = seat
        self.seed = seed
        self.agent_names: list[str] = list(opponents[:seat]) + [HUMAN] + list(opponents[seat:])
        self.agents = {p: make_agent(game.name, a) for p, a in enumerate(self.agent_names) if p != seat}
        deal_rng, *self._rngs = spawn_rngs(seed, n + 1)
        self.state = game.new_state(rng=deal_rng)
        self.sentences: list[str] = list(self.state.events)
        self.recent: list[tuple[str, list[str]]] = []  # (who, sentences) since the person's last move
        self.message = ""
        self.html = ""
        self.legal: list[Action] = []
        self.action_buttons: list[widgets.Button] = []
        word = seat_word(game.name)

        title = GAME_TITLES.get(game.name, game.name)
        who = ", ".join(f"{word} {p}: {'you' if a == HUMAN else a}" for p, a in enumerate(self.agent_names))
        self.header = widgets.HTML(f"<b>{title}</b> · {who} · seed {seed}")
        self.table = widgets.HTML()
        self.table.add_class("mowkit-table")
        self.prompt = widgets.HTML()
        self.actions_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions_box.add_class("mowkit-actions")
        self.continue_button = button("continue ▶", "apply the next agent decision", style="primary")
        self.run_button = button("agents play ⏩", "apply the agents' decisions up to yours")
        self.auto = widgets.Checkbox(value=auto, description="agents play at once", indent=False)
        self.notice = widgets.HTML()
        self.notice.add_class("mowkit-message")
        self.events_box = widgets.HTML()
        self.events_box.add_class("mowkit-explanation")
        self.path = widgets.Text(value=str(save_path), description="record file")
        self.save_button = button("save record", "save the game so far as a record (JSON)")
        self.continue_button.on_click(lambda _: self.step())
        self.run_button.on_click(lambda _: self.run_agents())
        self.save_button.on_click(lambda _: self._save_clicked())
        self.auto.observe(lambda _: self._after_move(), names="value")
        super().__init__([
            self.header, self.table, self.prompt, self.actions_box,
            widgets.HBox([self.continue_button, self.run_button, self.auto]),
            self.notice, self.events_box, widgets.HBox([self.path, self.save_button]),
        ])
        self.add_class("mowkit-play")
        self._after_move()

    # ------------------------------------------------------------------ whose turn
    def agents_pending(self) -> list[int]:
        """Seats played by agents that may decide now."""
        return [p for p in self.state.pending_players() if p != self.seat]

    def my_turn(self) -> bool:
        """Whether the person may decide now."""
        return self.seat in self.state.pending_players()

    # ------------------------------------------------------------------ moves
    def attempt(self, action: Action) -> bool:
        """Apply the person's ``action`` if the engine allows it; else show why and return False."""
        if getattr(action, "player", None) != self.seat:
            who = getattr(action, "player", None)
            self.message = (f"You sit in seat {self.seat}; seat {who} is played by "
                            f"{self.agent_names[who] if isinstance(who, int) and 0 <= who < len(self.agent_names) else 'nobody'}.")
            self._show_message(error=True)
            return False
        try:
            self.state.apply(action)
        except IllegalActionError as e:
            self.message = f"Not allowed: {e}"
            self._show_message(error=True)
            return False
        self.recent = []
        self._record_events(f"You ({seat_word(self.game.name)} {self.seat})")
        if self.auto.value:
            self.run_agents()
        else:
            self._after_move()
        return True

    def step(self) -> bool:
        """Apply one agent decision (the first pending agent seat); False if no agent is to decide."""
        pending = self.agents_pending()
        if not pending:
            self._after_move()
            return False
        p = pending[0]
        legal = self.state.legal_actions(p)
        action = self.agents[p].act(self.state.observation(p), legal, self._rngs[p])
        self.state.apply(action)  # an agent's illegal choice is a bug: let the engine raise
        self._record_events(f"{self.agent_names[p]} ({seat_word(self.game.name)} {p})")
        self._after_move()
        return True

    def run_agents(self) -> int:
        """Apply agent decisions until the person must decide (or the game ends); returns how many."""
        k = 0
        while self.agents_pending():
            p = self.agents_pending()[0]
            legal = self.state.legal_actions(p)
            self.state.apply(self.agents[p].act(self.state.observation(p), legal, self._rngs[p]))
            self._record_events(f"{self.agent_names[p]} ({seat_word(self.game.name)} {p})")
            k += 1
        self._after_move()
        return k

    def new_game(self, seed: int | None = None) -> None:
        """Start again with another seed (the next one by default), same seats and agents."""
        self.seed = self.seed + 1 if seed is None else seed
        deal_rng, *self._rngs = spawn_rngs(self.seed, self.game.num_players + 1)
        self.state = self.game.new_state(rng=deal_rng)
        self.sentences = list(self.state.events)
        self.message = ""
        self.recent = []
        self._show_message()
        self._after_move()

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """The game so far (finished or not) as a record."""
        return to_record(self.state, seed=self.seed, agents=self.agent_names)

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Save the game so far as a record file (atomic write); returns the path."""
        out = save(self.record(), Path(path if path is not None else self.path.value))
        self.message = f"Saved to {out}."
        self._show_message()
        return out

    def open_stepper(self, perspective: bool | int = True) -> Stepper:
        """A :class:`Stepper` over the game so far (all hands open by default)."""
        return Stepper(self.record(), perspective=perspective, index=-1)

    def _save_clicked(self) -> None:
        try:
            self.save()
        except (OSError, ValueError) as e:
            self.message = f"Could not save: {e}"
            self._show_message(error=True)

    # ------------------------------------------------------------------ drawing
    def _record_events(self, who: str) -> None:
        self.sentences.extend(self.state.events)
        self.recent.append((who, list(self.state.events)))
        self.message = ""
        self._show_message()

    def _show_message(self, error: bool = False) -> None:
        colour = "#b00020" if error else "#205020"
        self.notice.value = (f'<div style="color:{colour};font-family:sans-serif">{html.escape(self.message)}</div>'
                             if self.message else "")

    def _on_action(self, action: Action) -> None:
        self.attempt(action)

    def _after_move(self) -> None:
        if self.auto.value and self.agents_pending():
            self.run_agents()
            return
        state = self.state
        self.html = state_html(state, self.seat)
        self.table.value = self.html
        self.legal = state.legal_actions(self.seat) if self.my_turn() else []
        buttons = []
        for a in self.legal:
            b = button(action_label(state, a), tooltip=repr(a))
            b.on_click(lambda _, a=a: self._on_action(a))
            buttons.append(b)
        self.action_buttons = buttons
        self.actions_box.children = buttons
        word = seat_word(self.game.name)
        waiting = self.agents_pending()
        if state.is_over():
            w = list(state.winners())
            you = "You win!" if w == [self.seat] else ("You share the win!" if self.seat in w else "")
            self.prompt.value = f"<b>Game over.</b> Totals {state.totals}. {you}"
        elif self.legal:
            self.prompt.value = f"<b>Your decision</b> ({word} {self.seat}): click one of the legal moves."
        else:
            self.prompt.value = (f"Waiting for {', '.join(f'{word} {p}' for p in waiting)}: "
                                 "click <i>continue</i>.")
        self.continue_button.disabled = self.run_button.disabled = not waiting
        self.events_box.value = "".join(
            f'<div style="font-family:sans-serif"><b>{html.escape(who)}:</b>{sentences_html(events)}</div>'
            for who, events in self.recent[-12:])
