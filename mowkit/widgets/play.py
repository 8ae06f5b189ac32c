"""Play either game in class: any number of people at one screen (hot-seat), computers in the rest.

    from mowkit.widgets import Play
    Play("mow", ["greedy", "random"], seat=0, seed=1)              # one person in seat 0 (farmer 1)
    Play("sixnimmt", ["medium", "easy"], humans=(0, 2), seed=7)     # two people (players 1 and 3)
    Play("sixnimmt", players=["human", "strong", "human", "easy"])  # every seat given

Seats:
    ``players=`` gives every seat: ``"human"`` or a computer player, named by difficulty
    (``"easy"`` = ``random``, ``"medium"`` = ``greedy``, ``"strong"`` = ``planner``, the kit's
    strongest) or by any agent name of the game (``"heuristic"``, ``"mc:rollouts=20"`` ...).
    Otherwise ``humans=`` (default: ``(seat,)``) are the people's seats and ``opponents=`` (or its
    other name ``computers=``) the computers of the other seats in seat order; the game then has
    ``len(humans) + len(opponents)`` seats. With none of them the seats are filled with
    ``greedy`` then ``random``. An integer ``players=`` is the number of seats (a game option).
    The seat picker above the table changes the seats for the next *new game*.

Hot-seat: when the next person to decide is not the one whose hand is on the screen, every hand
is hidden and the screen says "Pass the device to player N" with a button "I am player N, show
my hand" (:meth:`Play.reveal`). A person sees only their own hand, and is offered exactly
``state.legal_actions(seat)`` as buttons. In 6 nimmt! the people choose their cards one after the
other (the device passed between them), the computers choose too, and the engine reveals the cards
when everybody has chosen.

Computers move by themselves, one decision at a time, after a short delay (the slider, 0-2 s) so
the class can follow; the timing uses the kernel's asyncio loop. With delay 0 (or ``auto=True``)
they move at once, synchronously; outside a running event loop (a script, a test) a delay above 0
makes them wait for :meth:`Play.run_computers` / :meth:`Play.step` (or the buttons).

Under the table: what happened since the person on the screen last decided (the sentences of
:func:`_sentences`), a coach panel (:class:`~mowkit.widgets.coach.CoachPanel`) for that person's
decision, and at the end the ranking in words with "step through this game" and "save".
Every text follows :mod:`mowkit.i18n` and is drawn again when the language changes
(:func:`language_toggle` is the switch).

Public attributes for scripts and tests: ``state``, ``humans`` (the people's seats), ``seat``
(the person whose hand is on the screen), ``pass_screen`` (the hide-and-pass screen shows),
``legal`` (the moves offered), ``action_buttons``, ``sentences`` (every sentence so far),
``recent`` (who did what since the person on the screen last decided), ``message`` (the last
refusal or notice), ``html`` (the drawing shown), ``end_text`` (the ranking, once over),
``coach_panel``, ``stepper`` (the one opened by "step through this game"); methods
``attempt(action)``, ``reveal()``, ``step()``, ``run_computers()`` (``run_agents()``),
``new_game(seed, players)``, ``random_seed()``, ``record()``, ``save(path)``, ``open_stepper()``.
"""

from __future__ import annotations

import asyncio
import html
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias, cast

import ipywidgets as widgets

from mowkit import registry
from mowkit.agents import agent_classes
from mowkit.core import (
    Action,
    GameState,
    IllegalActionError,
    JSONObject,
    OptionError,
    Outcome,
    SomeAgent,
    SomeGame,
    SomeState,
    check_seed,
)
from mowkit.events import Event
from mowkit.i18n import N_, _, counted, number, on_language_change
from mowkit.match import HUMAN, Match, resolve_game
from mowkit.narrate import describe, sentences
from mowkit.records import save
from mowkit.render import state_html
from mowkit.widgets.coach import CoachPanel
from mowkit.widgets.common import button, language_toggle
from mowkit.widgets.stepper import Stepper

LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "strong": "planner"}
"""Difficulty words -> the agent that plays them (``strong`` is the kit's strongest, the planner)."""
_LEVEL_LABELS = {"random": N_("computer, easy"), "greedy": N_("computer, medium"),
                 "planner": N_("computer, strong")}
_ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"),
             N_("9th"), N_("10th"))
MAX_DELAY = 2.0
DEFAULT_DELAY = 0.6


# --------------------------------------------------------------------------- words


Seat: TypeAlias = "str | SomeAgent"
"""A seat's player: ``"human"``, a computer player's name (or difficulty word) or an agent."""

def seat_name(game: object, seat: int) -> str:
    """``player 2`` / ``farmer 2``: a seat as a person reads it (counted from 1), in the game's seat word."""
    spec = registry.spec_of(game)
    return _("{word} {n}").format(word=spec.words.say(spec.seat_word), n=seat + 1)


def _join(items: Sequence[str]) -> str:
    """``1``, ``1 and 3``, ``1, 2 and 3``."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def seats_name(game: object, seats: Sequence[int]) -> str:
    """``player 2`` or ``players 1 and 3`` (counted from 1)."""
    if len(seats) == 1:
        return seat_name(game, seats[0])
    numbers = _join([str(p + 1) for p in seats])
    return registry.spec_of(game).words.seats_text(numbers, len(seats))


def penalty_text(game: object, n: int) -> str:
    """``12 heads`` / ``12 flies``: ``n`` penalty points in the game's word (a name, game or state)."""
    spec = registry.spec_of(game)
    word = getattr(spec.game_class(), "penalty_word", None)
    try:
        return counted(str(word), int(n))
    except OptionError:  # a word the counted forms do not know: the spec's plural
        return f"{number(int(n))} {spec.words.say(spec.penalties)}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ... (a place in the ranking)."""
    return _(_ORDINALS[n - 1]) if 1 <= n <= len(_ORDINALS) else _("{n}th").format(n=n)


def computer_label(agent: str) -> str:
    """``computer, medium`` for the difficulty agents, ``computer: heuristic`` for another one."""
    if agent in _LEVEL_LABELS:
        return _(_LEVEL_LABELS[agent])
    return _("computer: {name}").format(name=agent)


def action_label(state: GameState, action: Action) -> str:
    """The words on a move's button: the game narrator's ``move_label(state, action)`` when it has
    one (cards by name, ``take row 2 (3 cards, 5 heads)``), else :func:`mowkit.narrate.describe`."""
    label = getattr(registry.spec_of(state).narrator_module(), "move_label", None)
    if label is not None:
        return str(label(state, action))
    return describe(state.game, action)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running in this thread (the kernel's), or None (a script, a test)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _check_seed(value: object) -> int:
    return check_seed(value)  # the kit's one seed rule: 0 <= seed < 2**63, so every record loads


def _check_delay(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_DELAY:
        raise OptionError("delay", value, f"a number of seconds from 0 to {MAX_DELAY:g}")
    return float(value)


# --------------------------------------------------------------------------- the widget


def seat_plan(game: str | SomeGame, opponents: Sequence[Seat] | None, seat: int | None, humans: Sequence[int] | None,
              players: Sequence[Seat] | int | None, computers: Sequence[Seat] | None) -> list[Seat]:
    """Every seat's player (``HUMAN`` or a computer player) from the Play widget's seat options.

    ``players`` is a list of every seat, or a seat count; else ``humans`` (or ``seat``) are the
    people and ``opponents`` (``computers``) fill the other seats in order. Wrong combinations raise
    :class:`OptionError` naming the option.
    """
    if computers is not None:
        if opponents is not None:
            raise OptionError("computers", computers, "computers= or opponents= (two names of one "
                                                      "option), not both")
        opponents = computers
    count = players if isinstance(players, int) and not isinstance(players, bool) else None
    seats: Sequence[Seat] | None = None if count is not None or isinstance(players, int) else players
    if seats is not None and (opponents is not None or humans is not None or seat is not None):
        raise OptionError("players", seats, "a list of every seat alone (without opponents=, humans= "
                                            "or seat=)")
    if seats is None:
        people = tuple(humans) if humans is not None else (0 if seat is None else seat,)
        if seat is not None and humans is not None and seat not in people:
            raise OptionError("seat", seat, f"one of the human seats {list(people)}")
        if opponents is None:
            n = count if count is not None else (game.num_players if not isinstance(game, str) else 4)
            k = n - len(people)
            opponents = (["greedy"] + ["random"] * (k - 1)) if k > 0 else []
        n = len(people) + len(opponents)
        if count is not None and count != n:
            raise OptionError("players", count, f"{n}: {len(people)} people and {len(opponents)} computers")
        bad = [p for p in people if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n
               or list(people).count(p) > 1]
        if bad:
            raise OptionError("humans", list(people), f"different seats from 0 to {n - 1}")
        if isinstance(opponents, str):
            raise OptionError("opponents", opponents, "a list of computer players, one per seat that is "
                                                      "not a person")
        it = iter(opponents)
        seats = [HUMAN if p in people else next(it) for p in range(n)]
    return list(seats)


class Play(widgets.VBox):
    """People and computer players at one screen, for either game (see the module docstring).

    Args:
        game: a registered game's name (default: the first registered game) or a game object
            (then no ``options``).
        opponents: the computers of the seats that are not people, in seat order (agent names
            or ``"easy"``/``"medium"``/``"strong"``).
        seat: the person's seat when there is one person (0-based; default 0).
        seed: fixes the deals and every computer's choices (same seed, same game: the game
            :func:`mowkit.simulate.play_game` plays with these agents and this seed).
        auto: computers move at once (delay 0).
        save_path: the default file for *save*.
        humans: the people's seats (several: hot-seat), instead of ``seat``.
        players: every seat (``"human"`` or a computer), instead of ``opponents``/``humans``/``seat``;
            an integer is the number of seats.
        computers: another name of ``opponents``.
        delay: seconds a computer waits before each decision (0 to 2).
        coach: start with the coach pressed (advice for each person's decision; it can take a second).
        language_switch: show the English/Русский switch (an app with its own switch passes False).
        state: start from this state (a hand-built position, e.g. from the position editor) instead
            of a deal; "new game" starts from it again. Its game must be ``game``.
        **options: game options (``variant=``, ``threshold=``, ``max_rounds=`` ...).
    """

    def __init__(self, game: str | SomeGame | None = None, opponents: Sequence[Seat] | None = None,
                 seat: int | None = None, seed: int = 0, auto: bool = False,
                 save_path: str | os.PathLike[str] = "my_game.json", *,
                 humans: Sequence[int] | None = None, players: Sequence[Seat] | int | None = None,
                 computers: Sequence[Seat] | None = None, delay: float = DEFAULT_DELAY,
                 coach: bool = False, language_switch: bool = True, state: SomeState | None = None,
                 **options: object) -> None:
        if game is None:
            game = registry.default_name()
        self._start_state = None if state is None else state.clone()

        seats = seat_plan(game, opponents, seat, humans, players, computers)
        if isinstance(game, str):
            game = resolve_game(game, **{"players": len(seats), **options})
        elif options:
            raise OptionError(sorted(options)[0], options[sorted(options)[0]],
                              "game options only with a game name (a game object has its options)")
        if game.num_players != len(seats):
            raise OptionError("players", len(seats), f"{game.num_players} seats for this game")
        self.game = game
        self.seed = _check_seed(seed)
        self.match = self._match(seats, self.seed)  # an unknown computer player is refused before anything is built
        self._closed = False
        self._timer: asyncio.TimerHandle | None = None
        self._generation = 0
        self.message = ""
        self._message_error = False
        self.last_error: IllegalActionError | None = None
        self.html = ""
        self.legal: list[Action] = []
        self.action_buttons: list[widgets.Button] = []
        self.stepper: Stepper | None = None
        self.shown: bool | int = False
        self.viewer: int | None = None
        self.pass_screen = False
        self.pass_to: int | None = None
        self._last_decision: dict[int, int] = {}

        self._make_controls(len(seats), auto, delay, save_path, language_switch, coach)
        self._wire_controls()
        super().__init__([
            widgets.HBox([self.header, self.language], layout=widgets.Layout(justify_content="space-between")),
            widgets.HBox(self.seat_pickers, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.seed_box, self.random_seed_button, self.new_game_button]),
            widgets.HBox([self.delay, self.pause, self.continue_button, self.run_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.table, self.prompt, self.reveal_button, self.actions_box, self.notice, self.events_box,
            self.end_box, self.stepper_box, widgets.HBox([self.path, self.save_button]), self.coach_panel,
        ])
        self.add_class("mowkit-play")
        self._unregister = on_language_change(self._relabel, weak=True)
        self._start(self.match)
        self._relabel()
        self._schedule()

    def _make_controls(self, seats: int, auto: bool, delay: float, save_path: str | os.PathLike[str],
                       language_switch: bool, coach: bool) -> None:
        """The widget's controls (their words are set by ``_relabel``)."""
        self.language = language_toggle()
        if not language_switch:
            self.language.layout.display = "none"
        self.header = widgets.HTML()
        self.seat_pickers = [widgets.Dropdown(layout=widgets.Layout(width="270px"),
                                              style={"description_width": "initial"})
                             for _p in range(seats)]
        self.seed_box = widgets.IntText(value=self.seed, layout=widgets.Layout(width="190px"),
                                        style={"description_width": "initial"})
        self.new_game_button = button("", style="primary")
        self.random_seed_button = button("")
        self.delay = widgets.FloatSlider(value=0.0 if auto else _check_delay(delay), min=0.0, max=MAX_DELAY,
                                         step=0.1, readout_format=".1f", continuous_update=False,
                                         style={"description_width": "initial"},
                                         layout=widgets.Layout(width="380px"))
        self.pause = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.continue_button = button("")
        self.run_button = button("")
        self.table = widgets.HTML()
        self.table.add_class("mowkit-table")
        self.prompt = widgets.HTML()
        self.reveal_button = button("", style="warning")
        self.reveal_button.add_class("mowkit-reveal")
        self.actions_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions_box.add_class("mowkit-actions")
        self.notice = widgets.HTML()
        self.notice.add_class("mowkit-message")
        self.events_box = widgets.HTML()
        self.events_box.add_class("mowkit-explanation")
        self.end_html = widgets.HTML()
        self.step_through_button = button("", style="info")
        self.end_save_button = button("")
        self.end_box = widgets.VBox([self.end_html, widgets.HBox([self.step_through_button, self.end_save_button])])
        self.end_box.add_class("mowkit-end")
        self.stepper_box = widgets.VBox()
        self.path = widgets.Text(value=str(save_path), style={"description_width": "initial"})
        self.save_button = button("")
        self.coach_panel = CoachPanel(self.game, active=coach)


    def _wire_controls(self) -> None:
        """What each control does."""
        self.new_game_button.on_click(lambda _b: self._new_game_clicked())
        self.random_seed_button.on_click(lambda _b: self.random_seed())
        self.delay.observe(lambda _c: self._reschedule(), names="value")
        self.pause.observe(lambda _c: self._reschedule(), names="value")
        self.continue_button.on_click(lambda _b: self.step())
        self.run_button.on_click(lambda _b: self.run_computers())
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.step_through_button.on_click(lambda _b: self._step_through_clicked())
        self.save_button.on_click(lambda _b: self._save_clicked())
        self.end_save_button.on_click(lambda _b: self._save_clicked())

    # ------------------------------------------------------------------ the match
    @property
    def state(self) -> GameState:
        """The game's live state (the match's)."""
        return cast(GameState, self.match.state)  # every engine state knows its game

    @property
    def agents(self) -> dict[int, SomeAgent]:
        """The computer seats' agents (seat -> agent)."""
        return self.match.agents

    @property
    def agent_names(self) -> list[str]:
        """Each seat's name: ``"human"`` or the computer's agent name."""
        return self.match.names

    @property
    def humans(self) -> tuple[int, ...]:
        """The people's seats."""
        return self.match.humans

    @property
    def _log(self) -> list[tuple[int | None, list[Event]]]:
        return cast("list[tuple[int | None, list[Event]]]", self.match.log)  # the engines' events

    # ------------------------------------------------------------------ seats and turns
    @property
    def seat(self) -> int | None:
        """The person whose hand is on the screen (the first person before anyone was shown)."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else None

    def computers_pending(self) -> list[int]:
        """Computer seats that may decide now."""
        return self.match.computers_pending()

    agents_pending = computers_pending

    def humans_pending(self) -> list[int]:
        """People's seats that may decide now, in seat order."""
        return self.match.humans_pending()

    def current_human(self) -> int | None:
        """The person who decides next (the first pending person's seat), or None."""
        found = self.humans_pending()
        return found[0] if found else None

    def my_turn(self) -> bool:
        """Whether a person may decide now with their hand on the screen."""
        return not self.pass_screen and self.current_human() is not None

    # ------------------------------------------------------------------ moves
    def attempt(self, action: Action) -> bool:
        """Apply a person's ``action`` if it is theirs and the engine allows it; else say why
        (``message``) and return False, the state unchanged."""
        who = getattr(action, "player", None)
        n = self.game.num_players
        self.last_error = None
        if self.pass_screen and self.pass_to is not None:
            name = seat_name(self.game, self.pass_to)
            return self._refuse(_("The hands are hidden: {seat} first presses “I am {seat}, show my hand”.")
                                .format(seat=name))
        if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < n:
            return self._refuse(_("That is not a move of any seat of this game (seats 1 to {n}).").format(n=n))
        if who not in self.humans:
            return self._refuse(_("{seat} is played by the computer ({level}); you cannot move for it.").format(
                seat=seat_name(self.game, who), level=computer_label(self.agent_names[who])))
        if who != self.viewer and who in self.humans_pending() and self.viewer is not None:
            return self._refuse(_("{shown}'s hand is on the screen; {seat} decides after the device is passed.")
                                .format(shown=seat_name(self.game, self.viewer), seat=seat_name(self.game, who)))
        try:
            self.match.submit(action)
        except IllegalActionError as e:
            self.last_error = e
            return self._refuse(_("Not allowed: {reason}").format(reason=getattr(e, "message", str(e))))
        self._last_decision[who] = len(self._log) - 1
        self.message = ""
        self._message_error = False
        self._changed()
        return True

    def reveal(self) -> bool:
        """The "I am player N, show my hand" click: show the waiting person's hand (False when no
        pass screen is showing)."""
        if not self.pass_screen:
            return False
        self.viewer = self.pass_to
        self.pass_screen = False
        self.message = ""
        self._changed()
        return True

    def step(self) -> bool:
        """Apply one computer decision (the first pending computer seat); False if none may decide."""
        self._cancel_timer()
        if not self.computers_pending():
            self._refresh()
            return False
        self._computer_move()
        self._changed()
        return True

    def run_computers(self) -> int:
        """Apply computer decisions until a person must decide (or the game ends); returns how many."""
        self._cancel_timer()
        k = 0
        while self.computers_pending():
            self._computer_move()
            k += 1
        self._refresh()
        return k

    run_agents = run_computers

    def new_game(self, seed: int | None = None, players: Sequence[str] | None = None) -> None:
        """Start again with ``seed`` (default: the next one) and ``players`` (default: the same seats;
        each ``"human"`` or a computer); the same seed gives the same deal and computer choices."""
        seed = self.seed + 1 if seed is None else _check_seed(seed)
        match = self._match(list(self.agent_names) if players is None else list(players), seed)
        self.seed = seed
        self._start(match)
        self.message = ""
        self._relabel()
        self._schedule()

    def random_seed(self) -> int:
        """Start a new game with a seed picked at random, shown in the seed box (to replay it)."""
        seed = random.SystemRandom().randrange(1, 1_000_000)
        self.new_game(seed, self.picked_players())
        self.message = _("New game with seed {seed}: type it in the seed box to play this deal again.").format(
            seed=seed)
        self._show_message()
        return seed

    def picked_players(self) -> list[str]:
        """The seats as the seat picker shows them (``"human"`` or an agent name per seat)."""
        return [str(d.value) for d in self.seat_pickers]

    # ------------------------------------------------------------------ records
    def record(self) -> JSONObject:
        """The game so far (finished or not) as a record."""
        return self.match.record()

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Save the game so far as a record file (written whole, then renamed); returns the path."""
        out = save(self.record(), Path(path if path is not None else self.path.value))
        self.message = _("Saved the game to {path}.").format(path=out.resolve())
        self._show_message()
        return out

    def open_stepper(self, perspective: bool | int = True) -> Stepper:
        """A :class:`Stepper` over the game so far at its last decision (all hands open by default)."""
        return Stepper(self.record(), perspective=perspective, index=-1)

    # ------------------------------------------------------------------ the end
    @property
    def end_text(self) -> str:
        """Once the game is over: who won, then one line per place (``1st: player 2 with 12 heads``)."""
        if not self.state.is_over():
            return ""
        return "\n".join([self._winner_sentence()] + self._ranking_lines())

    def _outcome(self) -> Outcome:
        return self.game.outcome(self.state)

    def _winner_sentence(self) -> str:
        out = self._outcome()
        w = list(out.winners)
        total = out.totals[w[0]]
        if len(w) == 1:
            return _("Game over: {seat} wins with {penalty}.").format(
                seat=seat_name(self.game, w[0]), penalty=penalty_text(self.game, total))
        return _("Game over: {seats} share the win with {penalty} each.").format(
            seats=seats_name(self.game, w), penalty=penalty_text(self.game, total))

    def _ranking_lines(self) -> list[str]:
        out = self._outcome()
        lines = []
        for rank in sorted(set(out.ranks)):
            seats = [p for p in range(len(out.ranks)) if out.ranks[p] == rank]
            penalty = penalty_text(self.game, out.totals[seats[0]])
            if len(seats) == 1:
                lines.append(_("{place}: {seat} with {penalty}").format(
                    place=ordinal(rank), seat=seat_name(self.game, seats[0]), penalty=penalty))
            else:
                lines.append(_("{place}, shared: {seats} with {penalty} each").format(
                    place=ordinal(rank), seats=seats_name(self.game, seats), penalty=penalty))
        return lines

    # ------------------------------------------------------------------ inside: the game
    def _match(self, players: Sequence[Seat], seed: int) -> Match:
        """A new match of this game: each seat ``"human"`` or a computer (difficulty words read as
        agent names); an unknown computer player raises :class:`OptionError`."""
        n = self.game.num_players
        if isinstance(players, str) or len(players) != n:
            raise OptionError("players", players, f"a list with one entry per seat ({n}): 'human' or a "
                                                  "computer player")
        specs = [LEVELS.get(a, a) if isinstance(a, str) else a for a in players]
        humans = [p for p, a in enumerate(specs) if isinstance(a, str) and a == HUMAN]
        return Match(self.game, specs, seed, humans=humans, start=self._start_state)

    def _start(self, match: Match) -> None:
        self._cancel_timer()
        self._generation += 1
        self.match = match
        self._last_decision = {}
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.pass_screen = False
        self.pass_to = None
        self.stepper = None
        self.stepper_box.children = []
        self.seed_box.value = self.seed
        self._fill_pickers(self.agent_names)
        self._refresh()

    def _computer_move(self) -> None:
        self.match.step()  # a computer's illegal choice is a bug: the match raises, naming the agent

    def _changed(self) -> None:
        self._refresh()
        self._schedule()

    # ------------------------------------------------------------------ inside: timing
    def _schedule(self) -> None:
        """Let the computers move: at once with delay 0, else one decision after the delay."""
        if self._closed or self._timer is not None or self.pause.value or not self.computers_pending():
            return
        if self.delay.value <= 0:
            self.run_computers()
            return
        loop = _running_loop()
        if loop is None:
            return  # no event loop (a script): the computers wait for run_computers() / step()
        self._timer = loop.call_later(float(self.delay.value), self._tick, self._generation)

    def _tick(self, generation: int) -> None:
        self._timer = None
        if self._closed or generation != self._generation:
            return
        try:
            self.step()
        except Exception as e:  # shown, not lost in the kernel's log
            self.message = _("A computer player failed: {error}").format(error=e)
            self._show_message(error=True)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _reschedule(self) -> None:
        self._cancel_timer()
        self._refresh()
        self._schedule()

    # ------------------------------------------------------------------ inside: drawing
    def _refresh(self) -> None:
        """Hot-seat screen, coach, drawing, moves and texts for the state now."""
        state = self.state
        current = self.current_human()
        if current is None:
            self.pass_screen = False
        elif current != self.viewer:
            if len(self.humans) > 1:
                self.pass_screen, self.pass_to = True, current
            else:
                self.viewer = current
        if self.pass_screen:
            self.shown = False
            self.coach_panel.clear(_("The hands are hidden until the device is passed."))
        else:
            self.coach_panel.follow(state, self.humans)
            if state.is_over() or not self.humans:
                self.shown = True
            else:
                self.shown = False if self.viewer is None else self.viewer
        self.html = state_html(state, self.shown)
        self.table.value = self.html
        self.legal = state.legal_actions(current) if (current is not None and not self.pass_screen) else []
        buttons = []
        for a in self.legal:
            label = action_label(state, a)
            b = button(label, tooltip=label)
            b.on_click(lambda _b, a=a: self.attempt(a))
            buttons.append(b)
        self.action_buttons = buttons
        self.actions_box.children = buttons
        self._texts()

    def _texts(self) -> None:
        """Every text that depends on the state (drawn again on a language change)."""
        state = self.state
        g = self.game
        waiting = self.computers_pending()
        over = state.is_over()
        self.reveal_button.layout.display = "" if self.pass_screen else "none"
        if self.pass_screen and self.pass_to is not None:
            name = seat_name(g, self.pass_to)
            self.reveal_button.description = _("I am {seat}, show my hand").format(seat=name)
            self.reveal_button.tooltip = self.reveal_button.description
            prompt = "<b>{}</b> {}".format(html.escape(_("Pass the device to {seat}.").format(seat=name)),
                                           html.escape(_("Every hand is hidden until then.")))
        elif over:
            prompt = "<b>{}</b>".format(html.escape(self._winner_sentence()))
        elif self.legal and self.viewer is not None:
            prompt = "<b>{}</b>".format(html.escape(
                _("{seat}, your decision: click one of the moves below.").format(seat=seat_name(g, self.viewer))))
        elif waiting:
            text = _("The computers are playing: {seats}.").format(seats=seats_name(g, waiting))
            if self.pause.value or (self.delay.value > 0 and _running_loop() is None and self._timer is None):
                text += " " + _("They wait: press “next computer move” or “computers play”.")
            prompt = html.escape(text)
        else:
            prompt = ""
        self.prompt.value = f'<div style="font-family:sans-serif;font-size:1.1em">{prompt}</div>'
        self.continue_button.disabled = self.run_button.disabled = not waiting
        self.events_box.value = self._events_html()
        self.end_box.layout.display = "" if over else "none"
        if over:
            items = "".join(f"<li>{html.escape(s)}</li>" for s in self._ranking_lines())
            self.end_html.value = (f'<div style="font-family:sans-serif;font-size:1.15em">'
                                   f'<b>{html.escape(self._winner_sentence())}</b><ol style="list-style:none;'
                                   f'padding-left:0.5em;margin:4px 0">{items}</ol></div>')
        else:
            self.end_html.value = ""
        self._header()
        self._show_message(error=self._message_error)

    def _who(self, seat: int | None) -> str:
        if seat is None:
            return _("The deal")
        if seat in self.humans:
            return seat_name(self.game, seat)
        return _("{seat} ({level})").format(seat=seat_name(self.game, seat),
                                           level=computer_label(self.agent_names[seat]))

    @property
    def sentences(self) -> list[str]:
        """Every sentence of the game so far, in order."""
        return [s for _seat, events in self._log for s in sentences(self.state.game, events)]

    @property
    def recent(self) -> list[tuple[str, list[str]]]:
        """(who, sentences) of each decision since the person on the screen last decided (their own
        decision first); everything so far when nobody has decided yet."""
        reader = self.pass_to if self.pass_screen else self.viewer
        start = self._last_decision.get(reader, 0) if reader is not None else 0
        return [(self._who(seat), sentences(self.state.game, events)) for seat, events in self._log[start:]]

    def _events_html(self) -> str:
        parts = []
        for who, said in self.recent[-30:]:
            if not said:
                continue
            items = "".join(f"<li>{html.escape(s)}</li>" for s in said)
            parts.append(f'<div style="font-family:sans-serif"><b>{html.escape(who)}:</b>'
                         f'<ul style="margin:2px 0 2px 1.2em;padding:0">{items}</ul></div>')
        if not parts:
            return ""
        title = html.escape(_("What happened"))
        return f'<div style="font-family:sans-serif"><b>{title}</b></div>' + "".join(parts)

    def _header(self) -> None:
        g = self.game
        title = registry.title(g)
        who = " · ".join(f"{html.escape(seat_name(g, p))}: "
                         f"{html.escape(_('a person') if a == HUMAN else computer_label(a))}"
                         for p, a in enumerate(self.agent_names))
        seed = html.escape(_("seed {seed}").format(seed=self.seed))
        self.header.value = (f'<div style="font-family:sans-serif"><b style="font-size:1.2em">{html.escape(title)}'
                             f'</b> · {seed}<br/>{who}</div>')

    def _seat_options(self, value: str) -> list[tuple[str, str]]:
        options = [(_("a person"), HUMAN)] + [(computer_label(a), a) for a in ("random", "greedy", "planner")]
        others = [a for a in agent_classes(self.game.name) if a not in ("random", "greedy", "planner")]
        options += [(computer_label(a), a) for a in others]
        if value not in [v for _label, v in options]:
            options.append((computer_label(value), value))
        return options

    def _fill_pickers(self, values: Sequence[str]) -> None:
        """The seat picker in the current language, showing ``values`` (one per seat)."""
        for p, (d, value) in enumerate(zip(self.seat_pickers, values)):
            d.options = self._seat_options(value)
            d.value = value
            d.description = seat_name(self.game, p)

    def _relabel(self, lang: str | None = None) -> None:
        """Set every label in the current language and draw the texts again."""
        self._fill_pickers(self.picked_players())
        self.seed_box.description = _("seed")
        self.seed_box.tooltip = _("The seed fixes the shuffle and the computers' choices: "
                                              "the same seed gives the same game again.")
        self.new_game_button.description = _("new game")
        self.new_game_button.tooltip = _("start a new game with this seed and these seats")
        self.random_seed_button.description = _("random seed")
        self.random_seed_button.tooltip = _("pick a seed at random, show it and start a new game")
        self.delay.description = _("computer delay, seconds")
        self.delay.tooltip = _("how long each computer player waits before it moves")
        self.pause.description = _("pause the computers")
        self.pause.tooltip = _("the computers wait until this is released")
        self.continue_button.description = _("next computer move")
        self.continue_button.tooltip = _("one decision of a computer player now")
        self.run_button.description = _("computers play")
        self.run_button.tooltip = _("the computer players decide now, up to a person's decision")
        self.step_through_button.description = _("step through this game")
        self.step_through_button.tooltip = _("open this game decision by decision, every hand open")
        self.end_save_button.description = self.save_button.description = _("save")
        self.end_save_button.tooltip = self.save_button.tooltip = _("save the game as a record file")
        self.path.description = _("record file")
        self._refresh()

    def _refuse(self, message: str) -> bool:
        self.message = message
        self._show_message(error=True)
        return False

    def _show_message(self, error: bool = False) -> None:
        self._message_error = error
        colour = "#b00020" if error else "#205020"
        self.notice.value = (f'<div style="color:{colour};font-family:sans-serif">{html.escape(self.message)}</div>'
                             if self.message else "")

    # ------------------------------------------------------------------ inside: clicks
    def _new_game_clicked(self) -> None:
        try:
            self.new_game(int(self.seed_box.value), self.picked_players())
        except (OptionError, ValueError) as e:
            self.message = _("Could not start a new game: {error}").format(error=e)
            self._show_message(error=True)
            return
        self.message = _("New game with seed {seed}.").format(seed=self.seed)
        self._show_message()

    def _step_through_clicked(self) -> None:
        if self.stepper is not None:
            self.stepper.close()
        self.stepper = self.open_stepper()
        self.stepper_box.children = [self.stepper]

    def _save_clicked(self) -> None:
        try:
            self.save()
        except (OSError, ValueError) as e:
            self.last_error = None
            self.message = _("Could not save: {error}").format(error=e)
            self._show_message(error=True)

    def close(self) -> None:
        """Close the widget: stop the computers' timer, the coach and the language listeners."""
        self._closed = True
        if getattr(self, "_timer", None) is not None:
            self._cancel_timer()
        for name in ("_unregister",):
            remove = getattr(self, name, None)
            if remove is not None:
                remove()
        for part in ("coach_panel", "language", "stepper"):
            widget = getattr(self, part, None)
            if widget is not None:
                widget.close()
        super().close()
