"""Build a position of any game with an editor layout by clicking cards into its places; step, save it.

The teacher picks *where to put* (the hand of a seat, a row or herd, a penalty pile or cowshed,
any further place the game has) and clicks the cards of the deck; a placed card is shown in its
place and clicking it there puts it back in the deck. Totals and the game's own settings (Mow:
whose turn it is, the arrow) are set beside. **check** asks the engine to build the position
(:func:`build_position`: the game's form makes its typed position value, ``game.state_at`` builds
the state): the engine validates, and a refusal is shown as a plain sentence. The widget checks no rule itself. Once the engine accepts
the position it can be stepped through with computer players
(:class:`~mowkit.widgets.stepper.Stepper`) or saved as a record (:func:`mowkit.records.save`;
:func:`mowkit.records.load` and the stepper open it).

The editor knows no game: what a position of a game holds, how its places are named, how its
cards are labelled, what its settings are and what "random deal" takes from a dealt state is the
game's :class:`PositionForm`, the ``Form`` class of the module in the ``editor`` slot of its
:class:`~mowkit.spec.GameSpec` (``mowkit/games/<game>/editor.py``).

    from mowkit.widgets import PositionEditor
    PositionEditor("sixnimmt")                # any registered game with an editor; options as load_game

Public attributes for scripts and tests: ``parts`` (the position being built, see
:meth:`PositionEditor.place`), ``place(card, where)``, ``remove(card)``, ``check()``,
``message``, ``state`` (the engine's state after a successful check, else None), ``save(path)``,
``open_stepper()``, ``card_buttons`` (card -> its button in the deck), ``placed_buttons`` (card ->
its button in its place), ``check_button``, ``step_button``, ``save_button``, ``clear_button``,
``deal_button``, ``totals`` (one IntText per seat), ``where`` (the place selector), ``form`` (the
game's :class:`PositionForm`) and the game's own controls by name (Mow: ``value_box``,
``turn_box``, ``starter_box``, ``arrow_box``, ``active_box``, ``rest_box``).

**A lesson** (:mod:`mowkit.lessons`): the panel under the editor
(:class:`~mowkit.widgets.lesson.LessonBuilder`, ``lesson_builder``) adds the position checked with
a question and an explanation in the teacher's words (``add_to_lesson(question, explanation)``),
reorders and removes steps and saves the lesson (``save_lesson(path)``; a free default name in
``lesson_folder``, and never over an existing file without asking). Every labelled box sizes its
label to its words (:data:`WIDE`), so no label is cut off in either language.
"""

from __future__ import annotations

import html as html_lib
import inspect
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from mowkit import i18n, registry
from mowkit.core import OptionError, check_seed
from mowkit.i18n import _, ngettext
from mowkit.match import play_match, resolve_game
from mowkit.records import save, to_record
from mowkit.render import state_html
from mowkit.widgets.common import agent_dropdown, button, with_switch
from mowkit.widgets.lesson import LessonBuilder
from mowkit.widgets.play import Play
from mowkit.widgets.stepper import Stepper

WIDE = {"description_width": "initial"}
"""The style of every labelled box: the label takes the room its words need (never cut off)."""

# --------------------------------------------------------------------------- the game's part


class PositionForm:
    """The game's part of the position editor: its places, words, cards, settings and its position value.

    A game's ``editor`` module defines ``Form``, a subclass made with the game object. What every
    game gives (the small interface): :attr:`lines`, :attr:`words`, :meth:`lines_count`,
    :meth:`card_name`, :meth:`dealt` and :meth:`position`. The other members have defaults for a
    game whose position is hands, lines, piles and totals only; a game with more overrides them
    (Mow: the draw pile as a further place, acrobats standing on cows, what a slowpoke stands for,
    whose turn it is, the arrow).

    The parts of a position (``PositionEditor.parts``): ``hands``, ``lines`` and ``piles`` (lists of
    card ids per seat / per line / per seat), ``totals`` (one per seat), ``seed``, and the game's
    :meth:`extra_parts`.
    """

    extra_places: tuple[str, ...] = ()
    """Further places, each a key of the parts holding a list of cards (Mow: ``("stock",)``)."""

    words: Mapping[str, str] = {}
    """Message ids (translated when shown), ``{n}`` counted from 1: ``hand``, ``line``, ``pile`` and one
    per extra place (the places), ``seat`` (``player {n}``), ``total`` (``total of player {n}``),
    ``Hand``, ``Line``, ``Lines``, ``Piles`` (the subjects of the engine's refusals)."""

    bindings: Mapping[str, str] = {}
    """Part key -> the name of the control (in :meth:`controls`) that sets it."""

    def __init__(self, game: Any) -> None:
        self.game = game

    # ------------------------------------------------------------------ what every game gives
    @property
    def lines(self) -> int:
        """How many lines (rows, herds) a position has."""
        raise NotImplementedError

    def lines_count(self, n: int) -> str:
        """``this game has {n} rows`` (translated), for a refusal of the number of lines."""
        raise NotImplementedError

    def card_name(self, card: int) -> str:
        """The card's name a person reads."""
        raise NotImplementedError

    def dealt(self, state: Any) -> dict[str, Any]:
        """The parts (but the hands) that "random deal" takes from a dealt state: ``lines`` and extras."""
        raise NotImplementedError

    def position(self, parts: dict[str, Any], common: dict[str, Any]) -> Any:
        """The game's position value for ``parts`` (what ``game.state_at`` builds a state from);
        ``common`` holds ``hands``, ``piles``, ``totals`` and ``seed`` made plain (lists, ints)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ defaults
    def word(self, key: str, n: int | None = None) -> str:
        """``words[key]`` translated, with ``n`` counted from 1 filled in."""
        text = _(self.words[key])
        return text if n is None else text.format(n=n + 1)

    def extra_parts(self) -> dict[str, Any]:
        """The game's further parts of an empty position (Mow: the draw pile, the arrow ...)."""
        return {}

    def put(self, parts: dict[str, Any], card: int, where: str) -> bool | str:
        """Put ``card`` at ``where`` the game's own way: True if put, a sentence if refused, False to
        leave it to the editor (the card goes at the end of the place)."""
        return False

    def take_out(self, parts: dict[str, Any], card: int) -> None:
        """Forget what the game noted about ``card`` (the editor takes it out of its place)."""

    def riders(self, parts: dict[str, Any]) -> list[tuple[int, int]]:
        """``(card, the card it stands on)`` pairs: cards placed on another card, not in a place."""
        return []

    def label(self, parts: dict[str, Any], card: int) -> str:
        """The words on a placed card's button."""
        return self.card_name(card)

    def controls(self) -> dict[str, Any]:
        """The game's own controls by name (made once; the editor shows them as attributes)."""
        return {}

    def arrange(self) -> tuple[list[Any], list[Any]]:
        """Where the controls go: (beside the place selector, rows under the totals)."""
        return [], []

    def relabel(self) -> None:
        """The controls' labels and options in the current language."""


def form_of(game: Any) -> PositionForm:
    """The :class:`PositionForm` of ``game`` (its spec's ``editor`` module's ``Form``)."""
    module = registry.spec_of(game).optional("editor")
    if module is None:
        raise OptionError("game", getattr(game, "name", game), "a game whose spec has an editor")
    form: PositionForm = module.Form(game)
    return form


# --------------------------------------------------------------------------- the engine's position

def position_of(game: Any, parts: dict[str, Any], form: PositionForm | None = None) -> Any:
    """The game's position value for ``parts`` (made by its form; the engine checks it)."""
    n = game.num_players
    common = {"hands": [[int(c) for c in h] for h in parts["hands"]],
              "piles": [[int(c) for c in p] for p in parts.get("piles") or [[] for _ in range(n)]],
              "totals": [int(t) for t in parts.get("totals") or [0] * n],
              "seed": int(parts.get("seed", 0))}
    return (form or form_of(game)).position(parts, common)


def build_position(game: Any, parts: dict[str, Any], *, with_arguments: bool = False,
                   form: PositionForm | None = None) -> Any:
    """The engine's state for ``parts``: ``game.state_at`` of the form's position value.

    The engine validates; its refusal (:class:`~mowkit.core.OptionError`, naming the field) passes
    through.

    Args:
        game: a game with an editor layout.
        parts: ``hands`` and ``lines`` (lists of card ids per seat / per row or herd), ``piles``,
            ``totals``, ``seed`` and the game's own parts (:meth:`PositionForm.extra_parts`; Mow:
            ``pending`` (the seat to act), ``arrow`` (1 or -1), ``starter`` (None: the farmer to act),
            ``active``, ``stock`` (front first), ``rest_to_stock`` (cards placed nowhere go to the
            back of the draw pile), ``acrobats`` ([acrobat, cow] pairs) and ``values`` (card -> the
            number a slowpoke or calf stands for)).
        with_arguments: return ``(state, the position as JSON)`` (what a record stores: the
            keyword arguments of ``game.position`` that build it again).
        form: the game's :class:`PositionForm` (default: made from its spec).
    """
    position = position_of(game, parts, form)
    state = game.state_at(position)
    return (state, position.to_json()) if with_arguments else state


def placed_cards(parts: dict[str, Any], form: PositionForm) -> set[int]:
    """Every card placed somewhere in ``parts`` (its places and the cards standing on others)."""
    placed: set[int] = set()
    for group in ("hands", "lines", "piles"):
        for cards in parts.get(group) or []:
            placed.update(cards)
    for key in form.extra_places:
        placed.update(parts.get(key) or [])
    placed.update(a for a, _t in form.riders(parts))
    return placed


# --------------------------------------------------------------------------- plain-language refusals

_ROW_RANGE = re.compile(r"^(\d+)\.\.(\d+) cards, ascending$")
_PER_PLAYER = re.compile(r"one (?:hand )?per player \((\d+)\)")
_EQUAL_SIZES = re.compile(r"equal sizes (\d+)\.\.(\d+)|^(\d+)\.\.(\d+) cards for each pending seat")
_COUNT_ROWS = re.compile(r"^(\d+) (?:rows|herds|lists of card numbers, one per (?:row|herd))")
_OPTION = re.compile(r"^([a-z_/]+)(?:\[(\d+)\])?$")


def _subject(form: PositionForm, option: str) -> str | None:
    """What a refused option names, for a person: "Row 2", "The hands" (None: not known)."""
    m = _OPTION.match(option or "")
    if not m:
        return None
    name, index = m.group(1), m.group(2)
    if name in ("rows", "lines"):
        return form.word("Line", int(index)) if index is not None else form.word("Lines")
    if name == "hands":
        return form.word("Hand", int(index)) if index else _("The hands")
    if name in ("piles", "piles/totals"):
        return form.word("Piles")
    if name == "totals":
        return _("The totals")
    if name in ("position",):
        return _("The position")
    if name == "stock":
        return _("The draw pile")
    if name == "pending":
        return _("Whose turn")
    if name == "starter":
        return _("Who started the round")
    if name == "arrow":
        return _("The arrow")
    return None


def _detail(form: PositionForm, error: OptionError) -> str:
    """The engine's ``allowed`` in plain words (its own text when no sentence fits)."""
    allowed = str(error.allowed)
    value = error.value
    if error.option == "starter":
        return allowed
    m = _ROW_RANGE.match(allowed)
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
        if isinstance(value, (list, tuple)) and lo <= len(value) <= hi:
            return _("the cards must go up from left to right")
        return ngettext("a row holds {lo} to {hi} card", "a row holds {lo} to {hi} cards", hi).format(lo=lo, hi=hi)
    m = _EQUAL_SIZES.search(allowed)
    if m:
        sizes = ", ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else str(value)
        least, most = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return _("every hand must hold the same number of cards, {lo} to {hi} (now: {sizes})").format(
            lo=least, hi=most, sizes=sizes)
    m = _PER_PLAYER.search(allowed)
    if m:
        return _("there must be one for each player ({n})").format(n=m.group(1))
    m = _COUNT_ROWS.match(allowed)
    if m:
        return form.lines_count(int(m.group(1)))
    if "each in one place" in allowed:
        return _("every card must be a card of the deck in one place only")
    return _("allowed: {allowed}").format(allowed=allowed)


def explain_refusal(game: Any, error: Exception, english: Exception | None = None,
                    form: PositionForm | None = None) -> str:
    """The engine's refusal of a position as one plain sentence: ``Row 2: the cards must go up ...``.

    ``english``: the same refusal made in English (the engine's messages follow the language; the
    sentences here are recognised from its English words and told in the reader's language);
    ``error``'s own words are used when no sentence fits.
    """
    if isinstance(error, OptionError):
        form = form or form_of(game)
        subject = _subject(form, error.option)
        if subject is not None:
            known = english if isinstance(english, OptionError) and english.option == error.option else error
            problem = _detail(form, known)
            if known is not error and problem == _("allowed: {allowed}").format(allowed=known.allowed):
                problem = _("allowed: {allowed}").format(allowed=error.allowed)
            return _("{subject}: {problem}.").format(subject=subject, problem=problem)
        return str(error)
    text = str(error).strip() or type(error).__name__
    return _("The engine cannot build this position: {why}").format(why=text)


# --------------------------------------------------------------------------- names shown


def card_name(game: Any, card: int) -> str:
    """The card's name a person reads: 6 nimmt! ``55 (7 heads)``, Mow ``game.label(card)``."""
    return form_of(game).card_name(card)


def place_name(game: Any, where: str, form: PositionForm | None = None) -> str:
    """A place key (``"hand:0"``, ``"line:1"``, ``"pile:2"``, ``"stock"``) in words, numbered from 1."""
    kind, _sep, index = where.partition(":")
    return (form or form_of(game)).word(kind, int(index) if index else None)


# --------------------------------------------------------------------------- the widget


class PositionEditor(widgets.VBox):
    """Click cards into hands, rows/herds and piles; the engine checks the position; step or save it.

    Args:
        game: a registered game's name whose spec has an editor, or a game object (then no
            ``options``); default: the first such game.
        seed: the seed of "random deal", of the rounds after the position and of the computer players.
        agents: one computer player per seat for "step through" (default: the game's ``greedy``).
        save_path: the default file for "save".
        **options: game options (``players=``, ``max_rounds=`` ...), as :func:`mowkit.load_game`.
    """

    def __init__(self, game: Any = None, *, seed: int = 0, agents: list[str] | None = None,
                 save_path: str | os.PathLike[str] = "my_position.json", language_switch: bool = True,
                 lesson_folder: str | os.PathLike[str] = ".", **options: Any) -> None:
        if game is None:
            game = next(s.name for s in registry.specs() if s.editor is not None)
        self.game = resolve_game(game, **options)
        g = self.game
        self.form = form_of(g)
        n = g.num_players
        self.num_lines = self.form.lines
        self.state: Any = None
        self.message = ""
        self.html = ""
        self.stepper: Any = None
        self._arguments: dict[str, Any] | None = None
        self.parts: dict[str, Any] = {}
        self._reset_parts(seed)

        # the place selector, the deck and the places
        self.where = widgets.Dropdown(options=self._where_options(), value="hand:0", style=WIDE,
                                      layout=widgets.Layout(width="470px"))
        self.seed_box = widgets.IntText(value=int(seed), style=WIDE, layout=widgets.Layout(width="330px"))
        self.clear_button = button("")
        self.deal_button = button("")
        self.clear_button.on_click(lambda _b: self.clear())
        self.deal_button.on_click(lambda _b: self.random_deal())
        self.card_buttons: dict[int, widgets.Button] = {}
        for c in g.deck:
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, c=c: self._deck_clicked(c))
            self.card_buttons[c] = b
        self.deck_title = widgets.HTML()
        self.deck_box = widgets.HBox(list(self.card_buttons.values()),
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.placed_buttons: dict[int, widgets.Button] = {}
        self.places_box = widgets.VBox()

        # totals and the game's own settings (its controls, shown as attributes of the editor)
        self.totals = [widgets.IntText(value=0, style=WIDE, layout=widgets.Layout(width="280px")) for _p in range(n)]
        for box in self.totals:
            box.observe(self._totals_changed, names="value")
        self.controls = self.form.controls()
        for name, control in self.controls.items():
            setattr(self, name, control)
        for key, name in self.form.bindings.items():
            self.controls[name].observe(lambda change, key=key: self._setting_changed(key, change["new"]),
                                        names="value")
        self.seed_box.observe(lambda change: self._setting_changed("seed", int(change["new"])), names="value")

        # computer players, check, step, save
        default = agents if agents is not None else ["greedy"] * n
        if len(default) != n:
            raise OptionError("agents", len(default), _("one computer player per seat: {n}").format(n=n))
        self.agent_boxes = [agent_dropdown(g.name, a) for a in default]
        for box in self.agent_boxes:
            box.style = WIDE
            box.layout.width = "300px"
        self.check_button = button("", style="primary")
        self.step_button = button("")
        self.play_button = button("")
        self.save_button = button("")
        self.path = widgets.Text(value=str(save_path), style=WIDE, layout=widgets.Layout(width="440px"))
        self.check_button.on_click(lambda _b: self.check())
        self.step_button.on_click(lambda _b: self.open_stepper())
        self.play_button.on_click(lambda _b: self.open_play())
        self.save_button.on_click(lambda _b: self._save_clicked())
        self.play_button.layout.display = None if self.play_available else "none"

        self.header = widgets.HTML()
        self.notice = widgets.HTML()
        self.notice.add_class("mowkit-message")
        self.drawing = widgets.HTML()
        self.drawing.add_class("mowkit-table")
        self.opened = widgets.VBox()
        self.lesson_builder = LessonBuilder(self, lesson_folder)
        beside, rows = self.form.arrange()
        settings: list[Any] = [widgets.HBox(self.totals, layout=widgets.Layout(flex_flow="row wrap")), *rows]
        top: list[Any] = [self.where, *beside, self.seed_box, self.clear_button, self.deal_button]
        super().__init__(with_switch([
            self.header,
            widgets.HBox(top, layout=widgets.Layout(flex_flow="row wrap")),
            self.deck_title, self.deck_box, self.places_box, *settings,
            widgets.HBox(self.agent_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.check_button, self.step_button, self.play_button, self.path, self.save_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.notice, self.drawing, self.lesson_builder, self.opened,
        ], language_switch))
        self.add_class("mowkit-editor")
        self._unregister = i18n.on_language_change(self._language_changed, weak=True)
        self._relabel()
        self._redraw()

    # ------------------------------------------------------------------ the parts
    def _reset_parts(self, seed: int) -> None:
        n = self.game.num_players
        self.parts.clear()
        self.parts.update({
            "hands": [[] for _p in range(n)],
            "lines": [[] for _i in range(self.num_lines)],
            "piles": [[] for _p in range(n)],
            "totals": [0] * n,
            "seed": int(seed),
        })
        self.parts.update(self.form.extra_parts())

    def _places(self) -> list[str]:
        n = self.game.num_players
        keys = [f"hand:{p}" for p in range(n)] + [f"line:{i}" for i in range(self.num_lines)]
        keys += [f"pile:{p}" for p in range(n)]
        return keys + list(self.form.extra_places)

    def _cards_at(self, where: str) -> list[int]:
        kind, _sep, index = where.partition(":")
        if kind in self.form.extra_places:
            cards: list[int] = self.parts[kind]
            return cards
        group = {"hand": "hands", "line": "lines", "pile": "piles"}[kind]
        return self.parts[group][int(index)]

    def where_is(self, card: int) -> str | None:
        """The place key of a placed card (``"line:0"``...), None while it is in the deck."""
        for where in self._places():
            if card in self._cards_at(where):
                return where
        for a, t in self.form.riders(self.parts):
            if a == card:
                return self.where_is(t)
        return None

    def place(self, card: int, where: str | None = None) -> bool:
        """Put ``card`` at ``where`` (``"hand:0"``, ``"line:1"``, ``"pile:2"``, Mow ``"stock"``;
        default: the place selected); a card already placed moves there. Returns whether it was put.

        The game may put a card its own way (:meth:`PositionForm.put`): in a Mow herd a slowpoke or
        calf stands for the number in the value box; an acrobat goes on the cow of its number in
        that herd (there must be one there to stand on).
        """
        g = self.game
        where = self.where.value if where is None else where
        if where not in self._places():
            raise OptionError("where", where, ", ".join(self._places()))
        if card not in g.deck:
            raise OptionError("card", card, _("a card of the deck in use"))
        if self.where_is(card) is not None:
            self._take_out(card)
        put = self.form.put(self.parts, card, where)
        if isinstance(put, str):
            self._say(put)
            return False
        if not put:
            self._cards_at(where).append(card)
        self._changed()
        return True

    def remove(self, card: int) -> bool:
        """Put a placed card back in the deck (a card standing on it goes back too)."""
        if self.where_is(card) is None:
            return False
        self._take_out(card)
        self._changed()
        return True

    def _take_out(self, card: int) -> None:
        for where in self._places():
            cards = self._cards_at(where)
            if card in cards:
                cards.remove(card)
        self.form.take_out(self.parts, card)

    def clear(self) -> None:
        """Every card back in the deck, totals 0."""
        self._reset_parts(int(self.seed_box.value))
        self._sync_settings()
        self._changed()

    def random_deal(self, seed: int | None = None) -> None:
        """Start from the engine's deal with ``seed`` (default: the seed box): hands, rows, draw pile."""
        if seed is not None:
            self.seed_box.value = int(seed)
        try:
            seed = check_seed(self.seed_box.value)
        except OptionError as e:  # e.g. a negative seed typed in the box: said in the widget
            self._say(_("Could not deal: {error}").format(error=e), error=True)
            return
        dealt = self.game.new_state(seed)
        self._reset_parts(seed)
        self.parts["hands"] = [list(h) for h in dealt.hands]
        self.parts.update(self.form.dealt(dealt))
        self._sync_settings()
        self._changed()

    def _sync_settings(self) -> None:
        """The boxes show the parts (after clear / random deal)."""
        self._quiet = True
        try:
            for box, t in zip(self.totals, self.parts["totals"]):
                box.value = int(t)
            for key, name in self.form.bindings.items():
                self.controls[name].value = self.parts[key]
        finally:
            self._quiet = False

    _quiet = False  # True while the boxes are set from the parts (no change to report)
    _refused = False  # the message shown is the engine's refusal of the last check

    def _totals_changed(self, change: Any = None) -> None:
        if self._quiet:
            return
        self.parts["totals"] = [int(b.value) for b in self.totals]
        self._changed()

    def _setting_changed(self, key: str, value: Any) -> None:
        if self._quiet:
            return
        self.parts[key] = value
        self._changed()

    def _deck_clicked(self, card: int) -> None:
        self.place(card)

    def _changed(self) -> None:
        self.state = None
        self._arguments = None
        self.message = ""
        self.notice.value = ""
        self._refused = False
        self._redraw()

    # ------------------------------------------------------------------ the engine
    def check(self) -> Any:
        """Ask the engine to build the position: its state, or None with ``message`` saying why."""
        try:
            state, args = build_position(self.game, self.parts, with_arguments=True, form=self.form)
        except (OptionError, ValueError, TypeError, KeyError, IndexError) as e:
            self.state = None
            self._arguments = None
            english: Exception | None = None
            with i18n.language("en"):  # the same refusal in the engine's English words
                try:
                    build_position(self.game, self.parts, form=self.form)
                except (OptionError, ValueError, TypeError, KeyError, IndexError) as again:
                    english = again
            self._say(explain_refusal(self.game, e, english, form=self.form), error=True)
            self._refused = True
            self._redraw()
            return None
        self.state = state
        self._arguments = args  # the position as JSON: what a record stores to build it again
        self._say(_("The position is possible: step through it or save it."))
        self._redraw()
        return state

    def _ready(self) -> Any:
        return self.state if self.state is not None else self.check()

    def record(self, played: Any = None, agents: list[str] | None = None) -> dict[str, Any]:
        """The record of the position (or of ``played``, a game played on from it)."""
        state = self._ready()
        if state is None:
            raise OptionError("position", None, self.message)
        return to_record(played if played is not None else state, seed=int(self.parts["seed"]),
                         agents=agents, position=self._arguments)

    def play_on(self) -> Any:
        """A copy of the position played to the end by the chosen computer players (seeded)."""
        state = self._ready()
        if state is None:
            return None
        names = [str(b.value) for b in self.agent_boxes]
        return play_match(self.game, names, int(self.parts["seed"]), start=state).state

    def open_stepper(self) -> Any:
        """A :class:`~mowkit.widgets.stepper.Stepper` over a game played on from the position by the
        chosen computer players (shown under the editor); None while the position is refused."""
        played = self.play_on()
        if played is None:
            return None
        try:
            record = self.record(played, agents=[str(b.value) for b in self.agent_boxes])
            self.stepper = Stepper(record)
        except (OptionError, ValueError) as e:  # RecordError is a ValueError
            self._say(_("This position cannot be recorded: {why}").format(why=str(e)), error=True)
            return None
        self.opened.children = [self.stepper]
        return self.stepper

    @property
    def play_available(self) -> bool:
        """Whether the play widget can start from a given state (it takes a ``state`` argument)."""
        try:
            return "state" in inspect.signature(Play).parameters
        except (TypeError, ValueError):  # pragma: no cover - no signature to read
            return False

    def open_play(self) -> Any:
        """A play widget from the position (seat 1 a person, the chosen computers elsewhere), when
        the play widget can start from a state; else None with a message."""
        if not self.play_available:
            self._say(_("Playing from a position is not possible yet: step through it or save it."), error=True)
            return None
        state = self._ready()
        if state is None:
            return None
        opponents = [str(b.value) for b in self.agent_boxes[1:]]
        widget = Play(self.game, opponents, seat=0, seed=int(self.parts["seed"]), state=state.clone())
        self.opened.children = [widget]
        return widget

    def save(self, path: str | os.PathLike[str] | None = None) -> Path | None:
        """Write the position as a record file (atomic); None with ``message`` while it is refused."""
        if self._ready() is None:
            return None
        target = Path(path if path is not None else self.path.value)
        try:
            record = self.record()
        except (OptionError, ValueError) as e:
            self._say(_("This position cannot be recorded: {why}").format(why=str(e)), error=True)
            return None
        written = save(record, target)
        self._say(_("Saved to {path}.").format(path=str(written)))
        return written

    # ------------------------------------------------------------------ the lesson
    def add_to_lesson(self, question: str | None = None, explanation: str | None = None,
                      rollouts: int | None = None) -> Any:
        """Add the position (checked) to the lesson with the question and explanation (default: the
        lesson panel's boxes); the :class:`~mowkit.lessons.Step`, or None with ``message`` saying why."""
        step = self.lesson_builder.add(question, explanation, rollouts)
        if step is None:
            self._say(self.lesson_builder.message, error=True)
        return step

    def save_lesson(self, path: str | os.PathLike[str] | None = None, replace: bool = False) -> Path | None:
        """Save the lesson built (never over an existing file unless ``replace``; see :class:`LessonBuilder`)."""
        return self.lesson_builder.save(path, replace)

    def _save_clicked(self) -> None:
        try:
            self.save()
        except OSError as e:
            self._say(_("Could not save: {why}").format(why=e.strerror or str(e)), error=True)

    # ------------------------------------------------------------------ drawing
    def _say(self, text: str, error: bool = False) -> None:
        self._refused = False
        self.message = text
        colour = "#a00" if error else "#064"
        self.notice.value = f'<div style="color:{colour};font-family:sans-serif">{html_lib.escape(text)}</div>'

    def _where_options(self) -> list[tuple[str, str]]:
        return [(place_name(self.game, w, self.form), w) for w in self._places()]

    def _relabel(self) -> None:
        """Every label in the current language (called again when the language changes)."""
        g = self.game
        form = self.form
        self._quiet = True
        try:
            value = self.where.value
            self.where.options = self._where_options()
            self.where.value = value
            form.relabel()
        finally:
            self._quiet = False
        self.header.value = "<b>{title}</b> · {what}".format(
            title=html_lib.escape(registry.title(g)), what=html_lib.escape(_("position editor")))
        self.where.description = _("put cards in")
        self.seed_box.description = _("seed")
        self.clear_button.description = _("clear")
        self.clear_button.tooltip = _("every card back in the deck")
        self.deal_button.description = _("random deal")
        self.deal_button.tooltip = _("start from the cards the seed deals")
        for p, box in enumerate(self.totals):
            box.description = form.word("total", p)
        for p, box in enumerate(self.agent_boxes):
            box.description = form.word("seat", p)
        self.check_button.description = _("check")
        self.check_button.tooltip = _("ask the game whether this position is possible")
        self.step_button.description = _("step through")
        self.step_button.tooltip = _("the computer players play on from this position; step through their game")
        self.play_button.description = _("play")
        self.play_button.tooltip = _("play on from this position")
        self.save_button.description = _("save")
        self.save_button.tooltip = _("save the position as a record file")
        self.path.description = _("record file")
        for c, b in self.card_buttons.items():
            b.description = form.card_name(c)
            b.tooltip = _("click: put it in the place selected")
        self.lesson_builder.relabel()
        if self._refused:
            self.check()  # the engine's refusal again, made in the new language
        elif self.state is not None:
            self._say(_("The position is possible: step through it or save it."))

    def _language_changed(self, lang: str) -> None:
        self._relabel()
        self._redraw()

    def _placed_button(self, card: int, where: str) -> widgets.Button:
        b = self.placed_buttons.get(card)
        if b is None:
            b = widgets.Button(layout=widgets.Layout(width="auto"), button_style="info")
            b.on_click(lambda _b, c=card: self.remove(c))
            self.placed_buttons[card] = b
        b.description = self.form.label(self.parts, card)
        b.tooltip = _("click: back to the deck")
        return b

    def _redraw(self) -> None:
        g = self.game
        placed = placed_cards(self.parts, self.form)
        for c, b in self.card_buttons.items():
            b.disabled = c in placed
        left = len(g.deck) - len(placed)
        self.deck_title.value = "<b>{}</b>".format(html_lib.escape(
            ngettext("The deck: {n} card left", "The deck: {n} cards left", left).format(n=left)))
        rows = []
        lines_text = []
        riders = self.form.riders(self.parts)
        for where in self._places():
            cards = list(self._cards_at(where))
            shown = [self._placed_button(c, where) for c in cards]
            shown += [self._placed_button(a, where) for a, t in riders if t in cards]
            name = place_name(g, where, self.form)
            label = widgets.HTML("{}:".format(html_lib.escape(name)), layout=widgets.Layout(width="230px"))
            rows.append(widgets.HBox([label, *shown], layout=widgets.Layout(flex_flow="row wrap")))
            lines_text.append("{}: {}".format(name, ", ".join(b.description for b in shown) or "—"))
        for c in [c for c in self.placed_buttons if c not in placed]:
            del self.placed_buttons[c]
        self.places_box.children = rows
        if self.state is not None:
            self.html = state_html(self.state, True)
        else:
            items = "".join(f"<li>{html_lib.escape(t)}</li>" for t in lines_text)
            self.html = f'<ul style="font-family:sans-serif;margin:2px 0 2px 1.2em;padding:0">{items}</ul>'
        self.drawing.value = self.html
