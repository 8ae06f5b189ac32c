"""Build a 6 nimmt! or Mow position by clicking cards into hands, rows or herds; step, save it.

The teacher picks *where to put* (the hand of a player, a row or herd, a penalty pile or
cowshed, Mow's draw pile) and clicks the cards of the deck; a placed card is shown in its place
and clicking it there puts it back in the deck. Totals, whose turn it is and (Mow) the arrow are
set beside. **check** asks the engine to build the position (:func:`build_position`, the one
place that calls ``game.position``): the engine validates, and a refusal is shown as a plain
sentence. The widget checks no rule itself. Once the engine accepts the position it can be
stepped through with computer players (:class:`~mowkit.widgets.stepper.Stepper`) or saved as a
record (:func:`mowkit.records.save`; :func:`mowkit.records.load` and the stepper open it).

    from mowkit.widgets import PositionEditor
    PositionEditor("sixnimmt")                # or "mow", or a game object; options as load_game

Public attributes for scripts and tests: ``parts`` (the position being built, see
:meth:`PositionEditor.place`), ``place(card, where)``, ``remove(card)``, ``check()``,
``message``, ``state`` (the engine's state after a successful check, else None), ``save(path)``,
``open_stepper()``, ``card_buttons`` (card -> its button in the deck), ``placed_buttons`` (card ->
its button in its place), ``check_button``, ``step_button``, ``save_button``, ``clear_button``,
``deal_button``, ``totals`` (one IntText per seat), ``where`` (the place selector).
"""

from __future__ import annotations

import html as html_lib
import inspect
import os
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from mowkit import i18n
from mowkit.core import OptionError
from mowkit.i18n import N_, _, ngettext
from mowkit.widgets.common import agent_dropdown, button, with_switch

# --------------------------------------------------------------------------- the engine's position

def _plain(v: Any) -> Any:
    """``v`` with tuples as lists and numpy integers as int (what JSON keeps)."""
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if hasattr(v, "item") and not isinstance(v, (str, bytes)):
        return v.item()
    return v


def _arguments(game: Any, parts: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``game.position`` for ``parts`` (the game contract's names)."""
    n = game.num_players
    hands = [list(h) for h in parts["hands"]]
    piles = [list(p) for p in parts.get("piles") or [[] for _ in range(n)]]
    totals = [int(t) for t in parts.get("totals") or [0] * n]
    seed = int(parts.get("seed", 0))
    if game.name != "mow":
        lines = [list(r) for r in parts["lines"]]
        return {"hands": hands, "lines": lines, "piles": piles, "totals": totals, "seed": seed}
    values = parts.get("values") or {}
    herds = [[(c, int(values[c])) if c in values else c for c in herd] for herd in parts["lines"]]
    acrobats = [tuple(pair) for pair in parts.get("acrobats") or []]
    stock = list(parts.get("stock") or [])
    if parts.get("rest_to_stock", True):
        placed = _placed_cards(parts)
        stock += [c for c in game.deck if c not in placed]
    to_act = int(parts.get("pending", 0))
    arrow = int(parts.get("arrow", 1))
    active = int(parts.get("active", 0))
    starter = parts.get("starter")
    contract: dict[str, Any] = {"hands": hands, "lines": herds, "piles": piles, "totals": totals,
                                "pending": [to_act], "seed": seed, "stock": stock, "acrobats": acrobats,
                                "arrow": arrow, "active": active}
    if starter is not None:
        contract["starter"] = int(starter)
    if any(totals):  # Mow takes totals from earlier rounds: the position is in a later round
        contract["round_index"] = 1
    else:
        del contract["totals"]
    return contract


def build_position(game: Any, parts: dict[str, Any], *, with_arguments: bool = False) -> Any:
    """The engine's state for ``parts`` (the one call of ``game.position`` in the widgets).

    With the game contract's keywords (``lines=``, ``piles=``, ``pending=``, ``stock=``). The
    engine validates; its refusal (:class:`~mowkit.core.OptionError`) passes through.

    Args:
        game: a 6 nimmt! or Mow game.
        parts: ``hands`` and ``lines`` (lists of card ids per seat / per row or herd), ``piles``,
            ``totals``, ``seed``; for Mow also ``pending`` (the seat to act), ``arrow`` (1 or -1),
            ``starter`` (None: the farmer to act), ``active``, ``stock`` (front first), ``rest_to_stock`` (cards placed
            nowhere go to the back of the draw pile), ``acrobats`` ([acrobat, cow] pairs) and
            ``values`` (card -> the number a slowpoke or calf stands for).
        with_arguments: return ``(state, keyword arguments used)`` (what a record stores).
    """
    args = _arguments(game, parts)
    state = game.position(**args)
    return (state, _plain(args)) if with_arguments else state


def _placed_cards(parts: dict[str, Any]) -> set[int]:
    placed: set[int] = set()
    for group in ("hands", "lines", "piles"):
        for cards in parts.get(group) or []:
            placed.update(cards)
    placed.update(parts.get("stock") or [])
    placed.update(a for a, _t in parts.get("acrobats") or [])
    return placed


# --------------------------------------------------------------------------- plain-language refusals

_ROW_RANGE = re.compile(r"^(\d+)\.\.(\d+) cards, ascending$")
_PER_PLAYER = re.compile(r"one (?:hand )?per player \((\d+)\)")
_EQUAL_SIZES = re.compile(r"equal sizes (\d+)\.\.(\d+)|^(\d+)\.\.(\d+) cards for each pending seat")
_COUNT_ROWS = re.compile(r"^(\d+) (?:rows|herds|lists of card numbers, one per (?:row|herd))")
_OPTION = re.compile(r"^([a-z_/]+)(?:\[(\d+)\])?$")


def _subject(game: Any, option: str) -> str | None:
    """What a refused option names, for a person: "Row 2", "The hands" (None: not known)."""
    m = _OPTION.match(option or "")
    if not m:
        return None
    name, index = m.group(1), m.group(2)
    mow = game.name == "mow"
    if name in ("rows", "herds", "lines"):
        if index is not None:
            return (_("Herd {n}") if mow else _("Row {n}")).format(n=int(index) + 1)
        return _("The herds") if mow else _("The rows")
    if name == "hands":
        return _("Hand of farmer {n}").format(n=int(index) + 1) if index and mow else (
            _("Hand of player {n}").format(n=int(index) + 1) if index else _("The hands"))
    if name in ("piles", "cowsheds", "piles/totals"):
        return _("The cowsheds and totals") if mow else _("The penalty piles and totals")
    if name == "totals":
        return _("The totals")
    if name in ("position",):
        return _("The position")
    if name in ("stock", "pile"):
        return _("The draw pile")
    if name in ("pending", "to_act"):
        return _("Whose turn")
    if name == "starter":
        return _("Who started the round")
    if name == "arrow":
        return _("The arrow")
    return None


def _detail(game: Any, error: OptionError) -> str:
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
        n = int(m.group(1))
        if game.name == "mow":
            return ngettext("this game has {n} herd", "this game has {n} herds", n).format(n=n)
        return ngettext("this game has {n} row", "this game has {n} rows", n).format(n=n)
    if "each in one place" in allowed:
        return _("every card must be a card of the deck in one place only")
    return _("allowed: {allowed}").format(allowed=allowed)


def explain_refusal(game: Any, error: Exception, english: Exception | None = None) -> str:
    """The engine's refusal of a position as one plain sentence: ``Row 2: the cards must go up ...``.

    ``english``: the same refusal made in English (the engine's messages follow the language; the
    sentences here are recognised from its English words and told in the reader's language);
    ``error``'s own words are used when no sentence fits.
    """
    if isinstance(error, OptionError):
        subject = _subject(game, error.option)
        if subject is not None:
            known = english if isinstance(english, OptionError) and english.option == error.option else error
            problem = _detail(game, known)
            if known is not error and problem == _("allowed: {allowed}").format(allowed=known.allowed):
                problem = _("allowed: {allowed}").format(allowed=error.allowed)
            return _("{subject}: {problem}.").format(subject=subject, problem=problem)
        return str(error)
    text = str(error).strip() or type(error).__name__
    return _("The engine cannot build this position: {why}").format(why=text)


# --------------------------------------------------------------------------- names shown


def card_name(game: Any, card: int) -> str:
    """The card's name a person reads: 6 nimmt! ``55 (7 heads)``, Mow ``game.label(card)``."""
    if game.name == "mow":
        return str(game.label(card))
    from mowkit.render.cards import sixnimmt_label

    return sixnimmt_label(card, game)


_PLACE_WORDS = {
    ("sixnimmt", "hand"): N_("hand of player {n}"),
    ("sixnimmt", "line"): N_("row {n}"),
    ("sixnimmt", "pile"): N_("penalty pile of player {n}"),
    ("mow", "hand"): N_("hand of farmer {n}"),
    ("mow", "line"): N_("herd {n}"),
    ("mow", "pile"): N_("cowshed of farmer {n}"),
    ("mow", "stock"): N_("draw pile (front first)"),
}


def place_name(game: Any, where: str) -> str:
    """A place key (``"hand:0"``, ``"line:1"``, ``"pile:2"``, ``"stock"``) in words, numbered from 1."""
    kind, _sep, index = where.partition(":")
    text = _(_PLACE_WORDS[("mow" if game.name == "mow" else "sixnimmt", kind)])
    return text.format(n=int(index) + 1) if index else text


def _seat_text(game: Any, seat: int) -> str:
    return (_("farmer {n}") if game.name == "mow" else _("player {n}")).format(n=seat + 1)


# --------------------------------------------------------------------------- the widget


class PositionEditor(widgets.VBox):
    """Click cards into hands, rows/herds and piles; the engine checks the position; step or save it.

    Args:
        game: ``"sixnimmt"``, ``"mow"`` or a game object (then no ``options``).
        seed: the seed of "random deal", of the rounds after the position and of the computer players.
        agents: one computer player per seat for "step through" (default: the game's ``greedy``).
        save_path: the default file for "save".
        **options: game options (``players=``, ``max_rounds=`` ...), as :func:`mowkit.load_game`.
    """

    def __init__(self, game: Any = "sixnimmt", *, seed: int = 0, agents: list[str] | None = None,
                 save_path: str | os.PathLike[str] = "my_position.json", language_switch: bool = True,
                 **options: Any) -> None:
        from mowkit.simulate import resolve_game

        self.game = resolve_game(game, **options)
        g = self.game
        self.mow = g.name == "mow"
        n = g.num_players
        self.num_lines = g.num_herds if self.mow else g.rows
        self.state: Any = None
        self.message = ""
        self.html = ""
        self.stepper: Any = None
        self._arguments: dict[str, Any] | None = None
        self.parts: dict[str, Any] = {}
        self._reset_parts(seed)

        # the place selector, the deck and the places
        self.where = widgets.Dropdown(options=self._where_options(), value="hand:0",
                                      layout=widgets.Layout(width="300px"))
        self.value_box = widgets.BoundedIntText(value=5, min=0, max=16, layout=widgets.Layout(width="230px"))
        self.seed_box = widgets.IntText(value=int(seed), layout=widgets.Layout(width="180px"))
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

        # totals, whose turn, the arrow, the starter
        self.totals = [widgets.IntText(value=0, layout=widgets.Layout(width="190px")) for _p in range(n)]
        for box in self.totals:
            box.observe(self._totals_changed, names="value")
        self.turn_box = widgets.Dropdown(options=self._seat_options(), value=0)
        self.starter_box = widgets.Dropdown(options=self._starter_options(), value=None)
        self.arrow_box = widgets.ToggleButtons(options=self._arrow_options(), value=1)
        self.active_box = widgets.Dropdown(options=self._line_options(), value=0)
        self.rest_box = widgets.Checkbox(value=True, indent=False)
        for w, key in ((self.turn_box, "pending"), (self.starter_box, "starter"),
                       (self.arrow_box, "arrow"), (self.active_box, "active"), (self.rest_box, "rest_to_stock")):
            w.observe(lambda change, key=key: self._setting_changed(key, change["new"]), names="value")
        self.seed_box.observe(lambda change: self._setting_changed("seed", int(change["new"])), names="value")

        # computer players, check, step, save
        default = agents if agents is not None else ["greedy"] * n
        if len(default) != n:
            raise OptionError("agents", len(default), _("one computer player per seat: {n}").format(n=n))
        self.agent_boxes = [agent_dropdown(g.name, a) for a in default]
        self.check_button = button("", style="primary")
        self.step_button = button("")
        self.play_button = button("")
        self.save_button = button("")
        self.path = widgets.Text(value=str(save_path))
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
        settings: list[Any] = [widgets.HBox(self.totals, layout=widgets.Layout(flex_flow="row wrap"))]
        if self.mow:
            mow_row: list[Any] = [self.turn_box, self.starter_box, self.arrow_box]
            if self.num_lines > 1:
                mow_row.append(self.active_box)
            settings += [widgets.HBox(mow_row, layout=widgets.Layout(flex_flow="row wrap")), self.rest_box]
        top: list[Any] = [self.where] + ([self.value_box] if self.mow else []) + [
            self.seed_box, self.clear_button, self.deal_button]
        super().__init__(with_switch([
            self.header,
            widgets.HBox(top, layout=widgets.Layout(flex_flow="row wrap")),
            self.deck_title, self.deck_box, self.places_box, *settings,
            widgets.HBox(self.agent_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.check_button, self.step_button, self.play_button, self.path, self.save_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.notice, self.drawing, self.opened,
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
        if self.mow:
            self.parts.update({"stock": [], "rest_to_stock": True, "acrobats": [], "values": {},
                               "pending": 0, "starter": None, "arrow": 1, "active": 0})

    def _places(self) -> list[str]:
        n = self.game.num_players
        keys = [f"hand:{p}" for p in range(n)] + [f"line:{i}" for i in range(self.num_lines)]
        keys += [f"pile:{p}" for p in range(n)]
        return keys + (["stock"] if self.mow else [])

    def _cards_at(self, where: str) -> list[int]:
        kind, _sep, index = where.partition(":")
        if kind == "stock":
            return self.parts["stock"]
        group = {"hand": "hands", "line": "lines", "pile": "piles"}[kind]
        return self.parts[group][int(index)]

    def where_is(self, card: int) -> str | None:
        """The place key of a placed card (``"line:0"``...), None while it is in the deck."""
        for where in self._places():
            if card in self._cards_at(where):
                return where
        if self.mow:
            for a, t in self.parts["acrobats"]:
                if a == card:
                    return self.where_is(t)
        return None

    def place(self, card: int, where: str | None = None) -> bool:
        """Put ``card`` at ``where`` (``"hand:0"``, ``"line:1"``, ``"pile:2"``, Mow ``"stock"``;
        default: the place selected); a card already placed moves there. Returns whether it was put.

        In a Mow herd a slowpoke or calf stands for the number in the value box; an acrobat goes
        on the cow of its number in that herd (there must be one there to stand on).
        """
        g = self.game
        where = self.where.value if where is None else where
        if where not in self._places():
            raise OptionError("where", where, ", ".join(self._places()))
        if card not in g.deck:
            raise OptionError("card", card, _("a card of the deck in use"))
        if self.where_is(card) is not None:
            self._take_out(card)
        if self.mow and where.startswith("line:") and g.kinds[card] == "acrobat":
            herd = self._cards_at(where)
            carried = {t for _a, t in self.parts["acrobats"]}
            targets = [t for t in herd if g.kinds[t] == "plain" and g.numbers[t] == g.numbers[card]
                       and t not in carried]
            if not targets:
                self._say(_("An acrobat stands on a cow of its number: put a plain {number} in {place} "
                            "first.").format(number=g.numbers[card], place=place_name(g, where)))
                return False
            self.parts["acrobats"].append([card, targets[0]])
        else:
            self._cards_at(where).append(card)
            if self.mow and where.startswith("line:") and g.kinds[card] in ("slowpoke", "calf"):
                self.parts["values"][card] = int(self.value_box.value)
        self._changed()
        return True

    def remove(self, card: int) -> bool:
        """Put a placed card back in the deck (an acrobat standing on it goes back too)."""
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
        if self.mow:
            self.parts["values"].pop(card, None)
            self.parts["acrobats"][:] = [[a, t] for a, t in self.parts["acrobats"] if card not in (a, t)]

    def clear(self) -> None:
        """Every card back in the deck, totals 0."""
        self._reset_parts(int(self.seed_box.value))
        self._sync_settings()
        self._changed()

    def random_deal(self, seed: int | None = None) -> None:
        """Start from the engine's deal with ``seed`` (default: the seed box): hands, rows, draw pile."""
        if seed is not None:
            self.seed_box.value = int(seed)
        seed = int(self.seed_box.value)
        dealt = self.game.new_state(seed)
        self._reset_parts(seed)
        self.parts["hands"] = [list(h) for h in dealt.hands]
        if self.mow:
            self.parts["lines"] = [[c for _v, c in herd] for herd in dealt.herds]
            stock = getattr(dealt, "stock", None)
            self.parts["stock"] = list(stock if stock is not None else dealt.pile)
            self.parts["rest_to_stock"] = False
            self.parts["pending"] = int(dealt.pending_players()[0])
        else:
            self.parts["lines"] = [list(r) for r in dealt.rows]
        self._sync_settings()
        self._changed()

    def _sync_settings(self) -> None:
        """The boxes show the parts (after clear / random deal)."""
        self._quiet = True
        try:
            for box, t in zip(self.totals, self.parts["totals"]):
                box.value = int(t)
            if self.mow:
                self.turn_box.value = self.parts["pending"]
                self.starter_box.value = self.parts["starter"]
                self.arrow_box.value = self.parts["arrow"]
                self.active_box.value = self.parts["active"]
                self.rest_box.value = self.parts["rest_to_stock"]
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
            state, args = build_position(self.game, self.parts, with_arguments=True)
        except (OptionError, ValueError, TypeError, KeyError, IndexError) as e:
            self.state = None
            self._arguments = None
            english: Exception | None = None
            with i18n.language("en"):  # the same refusal in the engine's English words
                try:
                    build_position(self.game, self.parts)
                except (OptionError, ValueError, TypeError, KeyError, IndexError) as again:
                    english = again
            self._say(explain_refusal(self.game, e, english), error=True)
            self._refused = True
            self._redraw()
            return None
        self.state = state
        self._arguments = args  # the keywords that built it: what a record stores to build it again
        self._say(_("The position is possible: step through it or save it."))
        self._redraw()
        return state

    def _ready(self) -> Any:
        return self.state if self.state is not None else self.check()

    def record(self, played: Any = None, agents: list[str] | None = None) -> dict[str, Any]:
        """The record of the position (or of ``played``, a game played on from it)."""
        from mowkit.records import to_record

        state = self._ready()
        if state is None:
            raise OptionError("position", None, self.message)
        return to_record(played if played is not None else state, seed=int(self.parts["seed"]),
                         agents=agents, position=self._arguments)

    def play_on(self) -> Any:
        """A copy of the position played to the end by the chosen computer players (seeded)."""
        from mowkit.agents import make_agent
        from mowkit.simulate import _Guarded, agent_rng, play_until, private_copies

        state = self._ready()
        if state is None:
            return None
        g = self.game
        n = g.num_players
        names = [str(b.value) for b in self.agent_boxes]
        views = private_copies(g, n)
        guarded = [_Guarded(make_agent(g.name, names[p]), views[p], p) for p in range(n)]
        seed = int(self.parts["seed"])
        return play_until(state.clone(), guarded, [agent_rng(seed, p) for p in range(n)])

    def open_stepper(self) -> Any:
        """A :class:`~mowkit.widgets.stepper.Stepper` over a game played on from the position by the
        chosen computer players (shown under the editor); None while the position is refused."""
        from mowkit.widgets.stepper import Stepper

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
        from mowkit.widgets.play import Play

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
        from mowkit.widgets.play import Play

        opponents = [str(b.value) for b in self.agent_boxes[1:]]
        widget = Play(self.game, opponents, seat=0, seed=int(self.parts["seed"]), state=state.clone())
        self.opened.children = [widget]
        return widget

    def save(self, path: str | os.PathLike[str] | None = None) -> Path | None:
        """Write the position as a record file (atomic); None with ``message`` while it is refused."""
        from mowkit.records import save

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
        return [(place_name(self.game, w), w) for w in self._places()]

    def _seat_options(self) -> list[tuple[str, int]]:
        return [(_seat_text(self.game, p), p) for p in range(self.game.num_players)]

    def _starter_options(self) -> list[tuple[str, int | None]]:
        return [(_("the farmer whose turn it is"), None), *self._seat_options()]

    def _line_options(self) -> list[tuple[str, int]]:
        return [(place_name(self.game, f"line:{i}"), i) for i in range(self.num_lines)]

    def _arrow_options(self) -> list[tuple[str, int]]:
        return [(_("clockwise"), 1), (_("anticlockwise"), -1)]

    def _relabel(self) -> None:
        """Every label in the current language (called again when the language changes)."""
        g = self.game
        from mowkit import registry

        self._quiet = True
        try:
            for box, options in ((self.where, self._where_options()), (self.turn_box, self._seat_options()),
                                 (self.starter_box, self._starter_options()), (self.active_box, self._line_options()),
                                 (self.arrow_box, self._arrow_options())):
                value = box.value
                box.options = options
                box.value = value
        finally:
            self._quiet = False
        self.header.value = "<b>{title}</b> · {what}".format(
            title=html_lib.escape(registry.title(g)), what=html_lib.escape(_("position editor")))
        self.where.description = _("put cards in")
        self.value_box.description = _("slowpoke/calf stands for")
        self.seed_box.description = _("seed")
        self.clear_button.description = _("clear")
        self.clear_button.tooltip = _("every card back in the deck")
        self.deal_button.description = _("random deal")
        self.deal_button.tooltip = _("start from the cards the seed deals")
        for p, box in enumerate(self.totals):
            box.description = (_("total of farmer {n}") if self.mow else _("total of player {n}")).format(n=p + 1)
            box.style = {"description_width": "initial"}
        self.turn_box.description = _("whose turn")
        self.starter_box.description = _("started the round")
        self.arrow_box.description = _("arrow")
        self.active_box.description = _("active herd")
        self.rest_box.description = _("cards placed nowhere go to the back of the draw pile")
        for p, box in enumerate(self.agent_boxes):
            box.description = _seat_text(g, p)
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
            b.description = card_name(g, c)
            b.tooltip = _("click: put it in the place selected")
        if self._refused:
            self.check()  # the engine's refusal again, made in the new language
        elif self.state is not None:
            self._say(_("The position is possible: step through it or save it."))

    def _language_changed(self, lang: str) -> None:
        self._relabel()
        self._redraw()

    def _placed_button(self, card: int, where: str) -> widgets.Button:
        g = self.game
        label = card_name(g, card)
        if self.mow and card in self.parts["values"]:
            label = _("{card} as {value}").format(card=label, value=self.parts["values"][card])
        b = self.placed_buttons.get(card)
        if b is None:
            b = widgets.Button(layout=widgets.Layout(width="auto"), button_style="info")
            b.on_click(lambda _b, c=card: self.remove(c))
            self.placed_buttons[card] = b
        b.description = label
        b.tooltip = _("click: back to the deck")
        return b

    def _redraw(self) -> None:
        g = self.game
        placed = _placed_cards(self.parts)
        for c, b in self.card_buttons.items():
            b.disabled = c in placed
        left = len(g.deck) - len(placed)
        self.deck_title.value = "<b>{}</b>".format(html_lib.escape(
            ngettext("The deck: {n} card left", "The deck: {n} cards left", left).format(n=left)))
        rows = []
        lines_text = []
        for where in self._places():
            cards = list(self._cards_at(where))
            shown = [self._placed_button(c, where) for c in cards]
            if self.mow and where.startswith("line:"):
                for a, t in self.parts["acrobats"]:
                    if t in cards:
                        b = self._placed_button(a, where)
                        b.description = _("{card} on {cow}").format(card=card_name(g, a), cow=card_name(g, t))
                        shown.append(b)
            label = widgets.HTML("{}:".format(html_lib.escape(place_name(g, where))),
                                 layout=widgets.Layout(width="230px"))
            rows.append(widgets.HBox([label, *shown], layout=widgets.Layout(flex_flow="row wrap")))
            lines_text.append("{}: {}".format(place_name(g, where), ", ".join(b.description for b in shown) or "—"))
        for c in [c for c in self.placed_buttons if c not in placed]:
            del self.placed_buttons[c]
        self.places_box.children = rows
        if self.state is not None:
            from mowkit.render import state_html

            self.html = state_html(self.state, True)
        else:
            items = "".join(f"<li>{html_lib.escape(t)}</li>" for t in lines_text)
            self.html = f'<ul style="font-family:sans-serif;margin:2px 0 2px 1.2em;padding:0">{items}</ul>'
        self.drawing.value = self.html

