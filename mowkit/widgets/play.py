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
    Under the table, "seats at the table" sets the seat count (the counts the game's engine
    accepts, :func:`seat_counts`: 2 to 10 in both games), then each seat's kind: a person or a
    computer player named in the reader's language (``computer: lowest card``); any mix of people
    and computers. The seats change at the next *new game*.

The table, laid out for a projector (1024×768): the rows side by side as lines of cards, the
hand of the person on the screen, and the moves fit on one screen. A move is made by clicking
the thing itself (the game's ``renderer`` says where each legal move is clicked:
``board(state, show_hands, scale)`` and ``action_place(state, action)``): a card of the hand, a
row to take under Rule 4, the herd to take it, a herd's end (a card that may go to either end is
clicked first, then the end). Moves with no place (turn the arrow, who plays next) are buttons
with words. Every click goes through :meth:`mowkit.match.Match.submit`; nothing here decides a
rule. One size control (normal / large / very large) scales every card and text of the view.

Saves: the file box starts with a new name per game (:func:`default_save_name`:
``sixnimmt-2026-12-02-093005-seed7.json``); a file that exists is never replaced without the
"replace the file" click (``save()`` raises :class:`FileExistsError` unless ``replace=True``).

Hot-seat: when the next person to decide is not the one whose hand is on the screen, every hand
is hidden and the screen says "Pass the device to player N" with a button "I am player N, show
my hand" (:meth:`Play.reveal`). A person sees only their own hand, and is offered exactly
``state.legal_actions(seat)``. In 6 nimmt! the people choose their cards one after the
other (the device passed between them), the computers choose too, and the engine reveals the cards
when everybody has chosen.

Computers move by themselves, one decision at a time, after a short delay (the slider, 0-2 s) so
the class can follow; the timing uses the kernel's asyncio loop. With delay 0 (or ``auto=True``)
they move at once, synchronously; outside a running event loop (a script, a test) a delay above 0
makes them wait for :meth:`Play.run_computers` / :meth:`Play.step` (or the buttons).

Above the table one line: the board's title (the game, round, turn, who does what) and the seed.
Under the table: who plays each seat and the seats' table (heads or flies so far), what happened
since the person on the screen last decided (the sentences of
:func:`_sentences`), a coach panel (:class:`~mowkit.widgets.coach.CoachPanel`) for that person's
decision, and at the end the winner and the ranking in words (once) with "step through this
game"; one "save" button.
Every text follows :mod:`mowkit.i18n` and is drawn again when the language changes
(:func:`language_toggle` is the switch).

Public attributes for scripts and tests: ``state``, ``humans`` (the people's seats), ``seat``
(the person whose hand is on the screen), ``pass_screen`` (the hide-and-pass screen shows),
``legal`` (the moves offered), ``action_buttons`` (one per legal move: clicking it plays that
move), ``targets`` (the places a click does something on now: ``hand:<card>``, ``line:<i>``,
``end:<i>:<end>``, ``card:<id>``), ``selected`` (the card chosen before its place), ``move_buttons``
(the moves shown as buttons with words), ``sentences`` (every sentence so far),
``recent`` (who did what since the person on the screen last decided), ``message`` (the last
refusal or notice), ``html`` (the drawing shown), ``end_text`` (the ranking, once over),
``coach_panel``, ``stepper`` (the one opened by "step through this game"); methods
``attempt(action)``, ``reveal()``, ``step()``, ``run_computers()`` (``run_agents()``),
``click(place)``, ``select(card)``, ``new_game(seed, players)``, ``random_seed()``, ``record()``,
``save(path, replace=False)``, ``open_stepper()``.
"""

from __future__ import annotations

import asyncio
import datetime
import html
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol, TypeAlias, cast

import ipywidgets as widgets

from mowkit import registry
from mowkit.agents import agent_classes, agent_name
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
    check_seconds,
    check_seed,
)
from mowkit.events import Event
from mowkit.i18n import N_, _, counted, number, on_language_change
from mowkit.match import HUMAN, Match, resolve_game
from mowkit.narrate import describe, sentences
from mowkit.records import save
from mowkit.render import card_svg, state_html
from mowkit.render.cards import Board, BoardLine, card_run
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
SIZES: dict[str, float] = {"normal": 1.0, "large": 1.3, "huge": 1.6}
"""The projector size control: the scale of every card of the Play view (1.0: numbers 30 px, icons
drawn at least 14 px)."""
_SIZE_LABELS = {"normal": N_("normal"), "large": N_("large"), "huge": N_("very large")}
MOST_SEATS = 20
"""The seat counts offered are those the game's engine accepts from 1 up to this."""

_CSS = """<style>
.mowkit-play .mowkit-slot {position:relative; flex:none; overflow:visible; margin:2px;}
.mowkit-play .mowkit-slot > .mowkit-hit {position:absolute !important; left:0; top:0; width:100% !important;
  height:100% !important; margin:0 !important; padding:0 !important; color:transparent !important;
  background:transparent !important; box-shadow:none !important; border:none !important; border-radius:8px;
  z-index:2; font-size:1px; cursor:pointer;}
.mowkit-play .mowkit-slot > .mowkit-hit:hover {background:rgba(30,136,229,.18) !important;}
.mowkit-play .mowkit-line-slot > .mowkit-hit {z-index:1;}
.mowkit-play .mowkit-target {outline:3px solid #1e88e5; outline-offset:1px; border-radius:8px;}
.mowkit-play .mowkit-selected {outline:4px solid #d0021b; outline-offset:1px; border-radius:8px;}
.mowkit-play .mowkit-card-html, .mowkit-play .mowkit-card-html .widget-html-content {margin:0 !important;
  line-height:normal !important; height:auto !important; min-height:0 !important;}
.mowkit-play .mowkit-line {margin:0 10px 4px 0; padding:0 6px 2px 6px; border-radius:8px; background:#f1f5ee;}
.mowkit-play .mowkit-line-label {font-family:sans-serif; font-size:0.95em; line-height:1.3; color:#333;}
.mowkit-play .mowkit-line-label .widget-html-content, .mowkit-play .mowkit-hand-label .widget-html-content
  {line-height:1.3 !important; height:auto !important;}
.mowkit-play .mowkit-hand-label {flex:0 0 7.5em; align-self:center; margin-right:4px;}
.mowkit-play .mowkit-after {margin:0 0 4px 0;}
.mowkit-play .mowkit-size {display:flex !important; flex-wrap:nowrap !important; align-items:center; width:auto !important;}
.mowkit-play .mowkit-size > .widget-label {width:auto !important; margin-right:6px;}
.mowkit-play .mowkit-moves .widget-button {font-size:1.15em; height:auto; min-height:34px; padding:4px 12px;}
.mowkit-play.mowkit-size-large {--jp-widgets-font-size:16px; --jp-widgets-inline-height:34px;}
.mowkit-play.mowkit-size-huge {--jp-widgets-font-size:19px; --jp-widgets-inline-height:40px;}
.mowkit-play.mowkit-size-large .mowkit-text {font-size:1.25em;}
.mowkit-play.mowkit-size-huge .mowkit-text {font-size:1.5em;}
</style>"""


# --------------------------------------------------------------------------- words


class BoardRenderer(Protocol):
    """What a game's ``renderer`` module offers for a board to click on (optional: without it the
    Play widget shows the drawing and a button per move)."""

    def board(self, state: object, show_hands: bool | int, scale: float) -> Board: ...

    def action_place(self, state: object, action: Action) -> tuple[str | None, str | None]: ...


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
    """``computer, medium`` for the difficulty agents, ``computer: lowest card`` for another one
    (its display name, :func:`mowkit.agents.agent_name`, in the reader's language)."""
    if agent in _LEVEL_LABELS:
        return _(_LEVEL_LABELS[agent])
    return _("computer: {name}").format(name=agent_name(agent))


def chosen_options(game: SomeGame) -> dict[str, object]:
    """The options of ``game`` that differ from the defaults at its seat count (those a seat count
    leaves to the engine, e.g. which packets, are left out)."""
    given = dict(getattr(game, "options", {}))
    try:
        defaults = dict(getattr(resolve_game(game.name, players=game.num_players), "options", {}))
    except (OptionError, ValueError, TypeError):
        defaults = {}
    return {k: v for k, v in given.items() if k != "players" and (k not in defaults or defaults[k] != v)}


def seat_counts(game: SomeGame) -> list[int]:
    """The seat counts the game's engine accepts with the game's other options (2 to 10 in both
    games): asked of the engine, one game object per count, never from the game's name."""
    options = chosen_options(game)
    counts = []
    for n in range(1, MOST_SEATS + 1):
        try:
            resolve_game(game.name, **{**options, "players": n})
        except (OptionError, ValueError, TypeError):
            continue
        counts.append(n)
    return counts or [game.num_players]


def default_save_name(game: SomeGame, seed: int, folder: str | os.PathLike[str] = ".",
                      now: datetime.datetime | None = None) -> Path:
    """A file name for a game's record that no file has yet: ``<game>-<date>-<time>-seed<seed>.json``
    in ``folder`` (``-2``, ``-3``... added when taken)."""
    stamp = (now or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    base = Path(folder) / f"{game.name}-{stamp}-seed{seed}"
    path, k = base.with_suffix(".json"), 1
    while path.exists():
        k += 1
        path = Path(f"{base}-{k}.json")
    return path


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
        save_path: the file *save* writes (default: a new name per game, see :func:`default_save_name`;
            an existing file is replaced only after "replace" is clicked).
        humans: the people's seats (several: hot-seat), instead of ``seat``.
        players: every seat (``"human"`` or a computer), instead of ``opponents``/``humans``/``seat``;
            an integer is the number of seats.
        computers: another name of ``opponents``.
        delay: seconds a computer waits before each decision (0 to 2).
        coach: start with the coach pressed (advice for each person's decision; it can take a second).
        language_switch: show the English/Русский switch (an app with its own switch passes False;
            so does the stepper opened from the end screen).
        size: the projector size of the cards and texts (``"normal"``, ``"large"``, ``"huge"``).
        state: start from this state (a hand-built position, e.g. from the position editor) instead
            of a deal; "new game" starts from it again. Its game must be ``game``.
        **options: game options (``variant=``, ``threshold=``, ``max_rounds=`` ...).
    """

    def __init__(self, game: str | SomeGame | None = None, opponents: Sequence[Seat] | None = None,
                 seat: int | None = None, seed: int = 0, auto: bool = False,
                 save_path: str | os.PathLike[str] | None = None, *,
                 humans: Sequence[int] | None = None, players: Sequence[Seat] | int | None = None,
                 computers: Sequence[Seat] | None = None, delay: float = DEFAULT_DELAY,
                 coach: bool = False, language_switch: bool = True, state: SomeState | None = None,
                 size: str = "normal", decision_timeout: float | None = None, **options: object) -> None:
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
        if size not in SIZES:
            raise OptionError("size", size, ", ".join(SIZES))
        # a computer that does not answer within it stops with an AgentError shown in the widget
        self.decision_timeout = (None if decision_timeout is None
                                 else check_seconds("decision_timeout", decision_timeout, 24 * 3600.0))
        self.game = game
        self.seed = _check_seed(seed)
        self._language_switch = bool(language_switch)
        self._save_path = None if save_path is None else Path(save_path)
        self.selected: str | None = None
        self.hits: dict[str, widgets.Button] = {}
        self.move_buttons: list[widgets.Button] = []
        self._drawn: list[widgets.Widget] = []
        self.confirming: Path | None = None
        self.board_title = ""  # the renderer's title of the board shown (in the header)
        self._board_seats = ""
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

        self._make_controls(len(seats), auto, delay, language_switch, coach, size)
        self._wire_controls()
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.settings = widgets.VBox([
            self.settings_title,
            widgets.HBox([self.seat_count], layout=wrap),
            self.seats_box,
            widgets.HBox([self.seed_box, self.random_seed_button, self.new_game_button], layout=wrap),
            widgets.HBox([self.delay], layout=wrap),
        ])
        self.settings.add_class("mowkit-play-settings")
        super().__init__([
            widgets.HTML(_CSS),
            widgets.HBox([self.header, widgets.HBox([self.size, self.language],
                                                     layout=widgets.Layout(flex="0 0 auto", align_items="center"))],
                         layout=widgets.Layout(justify_content="space-between", align_items="center")),
            self.prompt, self.reveal_button, self.table, self.board_box, self.hand_box, self.moves_box,
            self.computers_box, self.notice, self.end_box, self.save_box, self.events_box, self.seats_html,
            self.settings, self.stepper_box, self.coach_panel,
        ])
        self.add_class("mowkit-play")
        self.add_class(f"mowkit-size-{size}")
        self._unregister = on_language_change(self._relabel, weak=True)
        self._start(self.match)
        self._relabel()
        self._schedule()

    def _make_controls(self, seats: int, auto: bool, delay: float, language_switch: bool, coach: bool,
                       size: str) -> None:
        """The widget's controls (their words are set by ``_relabel``)."""
        self.language = language_toggle()
        if not language_switch:
            self.language.layout.display = "none"
        self.header = widgets.HTML()
        self.size = widgets.ToggleButtons(options=[(k, k) for k in SIZES], value=size,
                                          style={"button_width": "auto", "description_width": "initial"})
        self.size.add_class("mowkit-size")
        self.settings_title = widgets.HTML()
        counts = [seats] if self._start_state is not None else seat_counts(self.game)
        self.seat_count = widgets.Dropdown(options=counts, value=seats, disabled=len(counts) == 1,
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="auto"))
        self.seat_count.add_class("mowkit-seat-count")
        self.seat_pickers = [self._picker() for _p in range(seats)]
        self.seats_box = widgets.HBox(self.seat_pickers, layout=widgets.Layout(flex_flow="row wrap"))
        self.seed_box = widgets.IntText(value=self.seed, layout=widgets.Layout(width="240px"),
                                        style={"description_width": "initial"})
        self.seed_box.add_class("mowkit-seed")
        self.new_game_button = button("", style="primary")
        self.random_seed_button = button("")
        self.delay = widgets.FloatSlider(value=0.0 if auto else _check_delay(delay), min=0.0, max=MAX_DELAY,
                                         step=0.1, readout_format=".1f", continuous_update=False,
                                         style={"description_width": "initial"},
                                         layout=widgets.Layout(width="380px"))
        self.delay.add_class("mowkit-delay")
        self.pause = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.continue_button = button("")
        self.run_button = button("")
        self.computers_box = widgets.HBox([self.pause, self.continue_button, self.run_button],
                                          layout=widgets.Layout(flex_flow="row wrap"))
        self.table = widgets.HTML()  # the whole drawing, for a game whose renderer lays out no board
        self.table.add_class("mowkit-table")
        self.board_box = widgets.VBox()
        self.board_box.add_class("mowkit-board")
        self.prompt = widgets.HTML()
        self.prompt.add_class("mowkit-text")
        self.prompt.add_class("mowkit-prompt")
        self.reveal_button = button("", style="warning")
        self.reveal_button.add_class("mowkit-reveal")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end"))
        self.hand_box.add_class("mowkit-actions")
        self.hand_box.add_class("mowkit-hand")
        self.actions_box = self.hand_box
        self.moves_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.moves_box.add_class("mowkit-moves")
        self.notice = widgets.HTML()
        self.notice.add_class("mowkit-message")
        self.events_box = widgets.HTML()
        self.events_box.add_class("mowkit-explanation")
        self.seats_html = widgets.HTML()
        self.seats_html.add_class("mowkit-seats-table")
        self.end_html = widgets.HTML()
        self.end_html.add_class("mowkit-text")
        self.step_through_button = button("", style="info")
        self.end_box = widgets.VBox([self.end_html, widgets.HBox([self.step_through_button])])
        self.end_box.add_class("mowkit-end")
        self.stepper_box = widgets.VBox()
        self.path = widgets.Text(value="", style={"description_width": "initial"},
                                 layout=widgets.Layout(width="520px"))
        self.save_button = button("")
        self.save_button.add_class("mowkit-save")
        self.end_save_button = self.save_button  # one save button (the end screen has no second one)
        self.path.add_class("mowkit-save-path")
        self.replace_button = button("", style="danger")
        self.replace_button.add_class("mowkit-save-replace")
        self.keep_button = button("")
        self.keep_button.add_class("mowkit-save-keep")
        self.confirm_box = widgets.HBox([self.replace_button, self.keep_button])
        self.confirm_box.add_class("mowkit-save-confirm")
        self.confirm_box.layout.display = "none"
        self.save_box = widgets.HBox([self.path, self.save_button, self.confirm_box],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.coach_panel = CoachPanel(self.game, active=coach)

    def _picker(self) -> widgets.Dropdown:
        return widgets.Dropdown(layout=widgets.Layout(width="330px"), style={"description_width": "initial"})

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
        self.replace_button.on_click(lambda _b: self._save_clicked(replace=True))
        self.keep_button.on_click(lambda _b: self._keep_clicked())
        self.seat_count.observe(lambda c: self._set_seat_count(int(c["new"])), names="value")
        self.size.observe(self._size_changed, names="value")

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
        players = list(self.agent_names) if players is None else list(players)
        if not isinstance(players, str) and len(players) != self.game.num_players:
            self._resize(len(players))
        match = self._match(players, seed)
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

    def _resize(self, n: int) -> None:
        """Play with ``n`` seats from the next game on: the same game with ``players=n`` (the engine
        says which counts it plays: :func:`seat_counts`)."""
        if self._start_state is not None:
            raise OptionError("players", n, _("{n} (the seats of the position played)").format(
                n=self.game.num_players))
        options = chosen_options(self.game)
        try:
            game = resolve_game(self.game.name, **{**options, "players": n})
        except OptionError as e:
            raise OptionError("players", n, ", ".join(str(k) for k in seat_counts(self.game))) from e
        self.game = game
        self.coach_panel.game = game

    def _set_seat_count(self, n: int) -> None:
        """The seat count chosen: as many seat pickers (new seats get a computer of medium
        strength); the seats change at the next new game."""
        values = self.picked_players()
        if n == len(values):
            return
        values = (values + ["greedy"] * n)[:n]
        self.seat_pickers = [self._picker() for _p in range(n)]
        self._fill_pickers(values)
        self.seats_box.children = self.seat_pickers
        self.message = _("The seats change when you press “new game”.")
        self._show_message()

    def _size_changed(self, change: Mapping[str, object]) -> None:
        self.remove_class(f"mowkit-size-{change['old']}")
        self.add_class(f"mowkit-size-{change['new']}")
        self._refresh()

    @property
    def scale(self) -> float:
        """The scale of the cards drawn (the projector size control)."""
        return SIZES[str(self.size.value)]

    def picked_players(self) -> list[str]:
        """The seats as the seat picker shows them (``"human"`` or an agent name per seat)."""
        return [str(d.value) for d in self.seat_pickers]

    # ------------------------------------------------------------------ records
    def record(self) -> JSONObject:
        """The game so far (finished or not) as a record."""
        return self.match.record()

    def save(self, path: str | os.PathLike[str] | None = None, *, replace: bool = False) -> Path:
        """Save the game so far as a record file (written whole, then renamed); returns the path.

        An existing file is replaced only with ``replace=True``; otherwise :class:`FileExistsError`
        (the "save" button asks first)."""
        target = Path(path if path is not None else self.path.value)
        if not str(path if path is not None else self.path.value).strip():
            raise OptionError("path", str(target), _("a file name, e.g. {name}").format(
                name=default_save_name(self.game, self.seed).name))
        if target.exists() and not replace:
            raise FileExistsError(_("There is a file {path} already: choose another name, or replace it.")
                                  .format(path=target))
        out = save(self.record(), target)
        self.message = _("Saved the game to {path}.").format(path=out.resolve())
        self._show_message()
        return out

    def open_stepper(self, perspective: bool | int = True) -> Stepper:
        """A :class:`Stepper` over the game so far at its last decision (all hands open by default)."""
        return Stepper(self.record(), perspective=perspective, index=-1, language_switch=self._language_switch)

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
        return Match(self.game, specs, seed, humans=humans, start=self._start_state,
                     decision_timeout=self.decision_timeout)

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
        self.selected = None
        if len(self.seat_pickers) != len(self.agent_names):
            self.seat_pickers = [self._picker() for _p in self.agent_names]
            self.seats_box.children = self.seat_pickers
        if self.seat_count.value != len(self.agent_names):
            if len(self.agent_names) not in self.seat_count.options:
                self.seat_count.options = seat_counts(self.game)
            self.seat_count.value = len(self.agent_names)
        self._fill_pickers(self.agent_names)
        self._confirm(None)
        self.path.value = str(self._save_path if self._save_path is not None
                              else default_save_name(self.game, self.seed))
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
        self.legal = state.legal_actions(current) if (current is not None and not self.pass_screen) else []
        old = self._drawn
        self._drawn = []
        self.action_buttons = [self._move_button(a) for a in self.legal]
        module = registry.spec_of(state).renderer_module()
        if callable(getattr(module, "board", None)) and callable(getattr(module, "action_place", None)):
            self._draw_board(cast(BoardRenderer, module))
        else:  # a game whose renderer lays out no board: the drawing and a button per move
            self.hits, self.move_buttons = {}, list(self.action_buttons)
            self.html = state_html(state, self.shown, self.scale)
            self.table.value = self.html
            self.table.layout.display = ""
            self.board_box.children = []
            self.hand_box.children = self.action_buttons
            self.moves_box.children = []
            self._board_seats = self.board_title = ""
        for w in old:
            w.close()
        self._texts()

    # ------------------------------------------------------------------ inside: the board
    def _move_button(self, action: Action) -> widgets.Button:
        label = action_label(self.state, action)
        b = button(label, tooltip=label)
        b.on_click(lambda _b, a=action: self.attempt(a))
        self._drawn.append(b)
        return b

    def _plan(self, places: list[tuple[str | None, str | None]]) -> tuple[dict[str, widgets.Button], list[int]]:
        """Which button each clickable place holds, and the moves shown as buttons with words.

        A card of the hand with one move plays it; with several it is selected, and then each of
        its moves is a click on its place on the table (a herd end, a cow) or, when it has none or
        shares it, a button with words. A move without a card in hand is a click on its place (a
        row, the herd) or a button with words."""
        by_card: dict[str, list[int]] = {}
        for i, (card, _place) in enumerate(places):
            if card is not None:
                by_card.setdefault(card, []).append(i)
        if self.selected not in by_card:
            self.selected = None
        hits: dict[str, widgets.Button] = {}
        texts: list[int] = []
        for card, found in by_card.items():
            if len(found) == 1:
                hits[card] = self.action_buttons[found[0]]
                continue
            hits[card] = self._select_button(card)
            if card == self.selected:
                where = [places[i][1] for i in found]
                for i in found:
                    place = places[i][1]
                    if place is not None and where.count(place) == 1:
                        hits[place] = self.action_buttons[i]
                    else:
                        texts.append(i)
        free = [i for i, (card, _place) in enumerate(places) if card is None]
        where = [places[i][1] for i in free]
        for i in free:
            place = places[i][1]
            if place is not None and where.count(place) == 1 and place not in hits:
                hits[place] = self.action_buttons[i]
            else:
                texts.append(i)
        return hits, sorted(texts)

    def _select_button(self, card: str) -> widgets.Button:
        name = self._card_name(card)
        label = (_("{card}: choose another card") if card == self.selected
                 else _("{card}: then click where it goes")).format(card=name)
        b = button(label, tooltip=label)
        b.on_click(lambda _b, c=card: self.select(c))
        self._drawn.append(b)
        return b

    def _card_name(self, place: str) -> str:
        card = int(place.split(":")[1])
        label = getattr(self.game, "label", None)
        return str(label(card)) if callable(label) else str(card)

    def _draw_board(self, module: BoardRenderer) -> None:
        state = self.state
        s = self.scale
        board: Board = module.board(state, self.shown, s)
        places = [module.action_place(state, a) for a in self.legal]
        hits, texts = self._plan(places)
        self.hits = hits
        self.move_buttons = [self.action_buttons[i] for i in texts]
        self.board_title = board.title  # shown in the header's line (one line less above the rows)
        status = widgets.HTML(board.status)
        after = widgets.HTML(board.after)
        after.add_class("mowkit-after")
        lines = [self._line(line, hits, s, board.columns) for line in board.lines]
        grid = widgets.Box(lines, layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                         align_items="flex-start"))
        grid.add_class("mowkit-lines")
        self._drawn += [status, grid, after]
        self.board_box.children = (([status] if board.status else []) + [grid]
                                   + ([after] if board.after else []))
        hand, hand_html = self._hand(hits, s)
        self.hand_box.children = hand
        self.moves_box.children = self.move_buttons
        self.table.value = ""
        self.table.layout.display = "none"
        self._board_seats = board.seats  # under the seats line (_header)
        self.html = "".join([html.escape(board.title), board.status]
                            + [c for line in board.lines for c, _key in line.cells]
                            + [board.after, hand_html, board.seats])

    def _slot(self, content: str | widgets.Widget, hit: widgets.Button | None, selected: bool = False,
              line: bool = False) -> widgets.Widget:
        """A drawn card (or line, or herd end): clickable when ``hit`` is a button (laid over it)."""
        if isinstance(content, str):
            drawn: widgets.Widget = widgets.HTML(content)
            drawn.add_class("mowkit-card-html")
            self._drawn.append(drawn)
        else:
            drawn = content
        if hit is None:
            return drawn
        hit.add_class("mowkit-hit")
        slot = widgets.Box([drawn, hit])
        slot.add_class("mowkit-slot")
        slot.add_class("mowkit-selected" if selected else "mowkit-target")
        if line:
            slot.add_class("mowkit-line-slot")
        self._drawn.append(slot)
        return slot

    def _end_zone(self, s: float, side: str) -> str:
        arrow = "⟵" if side == "left" else "⟶"
        return (f'<div style="width:{44 * s:.0f}px;height:{96 * s:.0f}px;border:3px dashed #1e88e5;'
                f'border-radius:8px;display:flex;align-items:center;justify-content:center;'
                f'font-size:{26 * s:.0f}px;color:#1e88e5;font-family:sans-serif">{arrow}</div>')

    def _line(self, line: BoardLine, hits: dict[str, widgets.Button], s: float, columns: int) -> widgets.Widget:
        """One line of the table: its label, then its cards left to right with the clickable ends."""
        index = line.key.split(":", 1)[1] if line.key else None
        ends = list(line.ends[:2]) if line.ends and index is not None else []
        cells: list[widgets.Widget] = []
        if ends and f"end:{index}:{ends[0]}" in hits:
            cells.append(self._slot(self._end_zone(s, "left"), hits[f"end:{index}:{ends[0]}"]))
        if any(key in hits for _c, key in line.cells if key):
            cells += [self._slot(c, hits.get(key) if key else None) for c, key in line.cells]
        else:
            drawn = card_run([c for c, _key in line.cells]) if line.cells else html.escape(_("empty"))
            cells.append(self._slot(drawn, None))
        if ends and f"end:{index}:{ends[-1]}" in hits:
            cells.append(self._slot(self._end_zone(s, "right"), hits[f"end:{index}:{ends[-1]}"]))
        label = widgets.HTML(f'<div class="mowkit-line-label">{html.escape(line.label)}</div>')
        run = widgets.HBox(cells, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end"))
        box = widgets.VBox([label, run])
        box.add_class("mowkit-line")
        self._drawn += [label, run, box]
        if columns > 1:
            box.layout.flex = "1 1 40%"
        if line.key is not None and line.key in hits:
            slot = self._slot(box, hits[line.key], line=True)
            slot.layout.flex = box.layout.flex
            return slot
        return box

    def _hand(self, hits: dict[str, widgets.Button], s: float) -> tuple[list[widgets.Widget], str]:
        """The hand of the person on the screen (none on the pass screen or without people),
        each card clickable when it plays or selects a move."""
        seat = self.viewer if (not self.pass_screen and self.viewer is not None) else None
        if seat is None:
            return [], ""
        hands = getattr(self.state, "hands", None)
        cards = list(hands[seat]) if hands is not None else []
        words = _("hand of {seat}").format(seat=seat_name(self.game, seat))
        # beside the cards (a narrow column), so that a full hand takes one line of cards in height
        label = widgets.HTML(f'<div class="mowkit-line-label">{html.escape(words)}</div>')
        label.add_class("mowkit-hand-label")
        self._drawn.append(label)
        drawn = [card_svg(self.game, c, scale=s) for c in cards]
        out: list[widgets.Widget] = [label]
        for c, svg in zip(cards, drawn):
            key = f"hand:{c}"
            out.append(self._slot(svg, hits.get(key), selected=key == self.selected))
        return out, "".join(drawn)

    # ------------------------------------------------------------------ clicks on the board
    @property
    def targets(self) -> list[str]:
        """The places a click does something on now: ``hand:<card>``, ``line:<i>`` (a row, a herd),
        ``end:<i>:<end>`` (a herd end), ``card:<id>`` (a card on the table)."""
        return list(self.hits)

    def click(self, place: str) -> bool:
        """Click ``place`` (one of :attr:`targets`) as a person would: play the move there, or
        select the card (then its places become targets). False when nothing is clickable there."""
        hit = self.hits.get(place)
        if hit is None:
            self.message = _("Nothing to click there now.")
            self._show_message(error=True)
            return False
        hit.click()
        return True

    def select(self, card: str | None) -> None:
        """Select a card of the hand that has several moves (its places become targets); the
        selected card again, or None, clears the selection."""
        self.selected = None if card == self.selected else card
        self._refresh()

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
            prompt = ""  # the end screen says who won, once
        elif self.legal and self.viewer is not None and self.selected is not None:
            prompt = "<b>{}</b>".format(html.escape(
                _("{seat}: now click where {card} goes (marked in blue), or the card again to choose another.")
                .format(seat=seat_name(g, self.viewer), card=self._card_name(self.selected))))
        elif self.legal and self.viewer is not None:
            if self.hits and not self.move_buttons and not any(k.startswith("hand:") for k in self.hits):
                words = _("{seat}, your decision: click a place marked in blue.")  # e.g. a row to take
            elif self.hits:
                words = (_("{seat}, your decision: click a card or a place marked in blue, or a move below.")
                         if self.move_buttons else _("{seat}, your decision: click a card or a place marked in blue."))
            else:
                words = _("{seat}, your decision: click one of the moves below.")
            prompt = "<b>{}</b>".format(html.escape(words.format(seat=seat_name(g, self.viewer))))
        elif waiting:
            text = _("The computers are playing: {seats}.").format(seats=seats_name(g, waiting))
            if self.pause.value or (self.delay.value > 0 and _running_loop() is None and self._timer is None):
                text += " " + _("They wait: press “next computer move” or “computers play”.")
            prompt = html.escape(text)
        else:
            prompt = ""
        self.prompt.value = f'<div style="font-family:sans-serif;font-size:1.1em">{prompt}</div>'
        self.continue_button.disabled = self.run_button.disabled = not waiting
        self.computers_box.layout.display = "" if self.agents else "none"
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
        # the winner sentence is said once, on the end screen (the narrator says it too)
        winner = self._winner_sentence() if self.state.is_over() else None
        for who, told in self.recent[-30:]:
            said = [s for s in told if s != winner]
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
        """One line above the table: the board's title (the game, the round, who does what) and the
        seed; who plays each seat is written under the table (:meth:`_seats_line`)."""
        title = self.board_title or registry.title(self.game)
        seed = html.escape(_("seed {seed}").format(seed=self.seed))
        self.header.value = (f'<div class="mowkit-text" style="font-family:sans-serif">'
                             f'<b style="font-size:1.1em">{html.escape(title)}</b> · {seed}</div>')
        self.seats_html.value = self._seats_line() + self._board_seats

    def _seats_line(self) -> str:
        """Who plays each seat (:meth:`seats_text`), a line above the seats' table."""
        return (f'<div class="mowkit-seats-line" style="font-family:sans-serif;margin:4px 0">'
                f'{html.escape(self.seats_text())}</div>')
        title = _("A new game: the seats, then the seed")
        self.settings_title.value = (f'<div style="font-family:sans-serif;margin-top:8px">'
                                     f'<b>{html.escape(title)}</b></div>')

    def seats_text(self) -> str:
        """``player 1: a person · player 2: computer, medium ...``: who plays each seat now."""
        g = self.game
        return " · ".join(f"{seat_name(g, p)}: {_('a person') if a == HUMAN else computer_label(a)}"
                          for p, a in enumerate(self.agent_names))

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
        self.pause.description = _("pause the computer players")
        self.pause.tooltip = _("the computer players wait until this is released")
        self.seat_count.description = _("seats at the table")
        self.seat_count.tooltip = _("how many play: people and computers; the game allows {counts}").format(
            counts=", ".join(str(n) for n in self.seat_count.options))
        size = self.size.value
        self.size.options = [(_(_SIZE_LABELS[k]), k) for k in SIZES]
        self.size.value = size
        self.size.description = _("size")
        self.size.tooltips = [_("the cards and texts of the game, larger for a projector")] * len(SIZES)
        self.replace_button.description = _("replace the file")
        self.replace_button.tooltip = _("write this game over the file that is there")
        self.keep_button.description = _("keep the file")
        self.keep_button.tooltip = _("do not save; type another file name")
        self.continue_button.description = _("next computer move")
        self.continue_button.tooltip = _("one decision of a computer player now")
        self.run_button.description = _("computers play")
        self.run_button.tooltip = _("the computer players decide now, up to a person's decision")
        self.step_through_button.description = _("step through this game")
        self.step_through_button.tooltip = _("open this game decision by decision, every hand open")
        self.save_button.description = _("save")
        self.save_button.tooltip = _("save the game as a record file (a file that is there is replaced only "
                                     "after you confirm)")
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

    def _save_clicked(self, replace: bool = False) -> None:
        """Save; a file that exists is replaced only after "replace" is clicked (asked first)."""
        target = self.confirming if (replace and self.confirming is not None) else Path(self.path.value)
        self._confirm(None)
        if target.exists() and not target.is_dir() and not replace:
            self._confirm(target)
            self.message = _("There is a file {path} already. Replace it with this game?").format(path=target)
            self._show_message(error=True)
            return
        try:
            self.save(target, replace=replace)
        except (OSError, ValueError) as e:
            self.last_error = None
            self.message = _("Could not save: {error}").format(error=e)
            self._show_message(error=True)

    def _confirm(self, target: Path | None) -> None:
        """Show (a path) or hide (None) the "replace" / "keep the file" question."""
        self.confirming = target
        self.confirm_box.layout.display = "" if target is not None else "none"

    def _keep_clicked(self) -> None:
        kept = self.confirming
        self._confirm(None)
        self.message = _("Not saved: {path} is kept as it was. Type another file name and save.").format(path=kept)
        self._show_message()

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
