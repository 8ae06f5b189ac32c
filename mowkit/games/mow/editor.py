"""Mow's part of the classroom widgets: the position editor's layout and the app's defaults.

The ``editor`` slot of the game's spec. :class:`Form` tells the generic
:class:`~mowkit.widgets.editor.PositionEditor` what a Mow position holds (hands, herds, cowsheds,
totals, the draw pile, acrobats standing on cows, what a slowpoke or calf stands for, whose turn
it is, who started the round, the arrow, the active herd), how its places and cards are named, its
controls, what "random deal" takes from a dealt state and the
:class:`~mowkit.games.mow.position.MowPosition` it makes.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from mowkit.games.mow.position import MowPosition
from mowkit.i18n import N_, _, ngettext
from mowkit.widgets.editor import PositionForm, placed_cards

CLASSROOM: dict[str, Any] = {
    "stepper": ["random", "greedy", "random"],  # the computer players of the app's stepper
    "options": {"players": 3},                   # the options of the app's stepper game
    "play": ["human", "medium", "easy"],         # the seats of the app's play tab
}
"""The classroom app's defaults for Mow: its stepper's players and options, its play tab's seats."""


class Form(PositionForm):
    """A Mow position: hands, herds, cowsheds, totals, the draw pile and the state of the round."""

    extra_places = ("stock",)
    words = {
        "hand": N_("hand of farmer {n}"),
        "line": N_("herd {n}"),
        "pile": N_("cowshed of farmer {n}"),
        "stock": N_("draw pile (front first)"),
        "seat": N_("farmer {n}"),
        "total": N_("total of farmer {n}"),
        "Hand": N_("Hand of farmer {n}"),
        "Line": N_("Herd {n}"),
        "Lines": N_("The herds"),
        "Piles": N_("The cowsheds and totals"),
    }
    bindings = {"pending": "turn_box", "starter": "starter_box", "arrow": "arrow_box", "active": "active_box",
                "rest_to_stock": "rest_box"}

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._controls: dict[str, Any] | None = None

    # ------------------------------------------------------------------ what every game gives
    @property
    def lines(self) -> int:
        """The herds (1, or 3 in the star)."""
        return int(self.game.num_herds)

    def lines_count(self, n: int) -> str:
        """``this game has 1 herd``."""
        return ngettext("this game has {n} herd", "this game has {n} herds", n).format(n=n)

    def card_name(self, card: int) -> str:
        """``acrobat 7``, ``12``: the game's label."""
        return str(self.game.label(card))

    def dealt(self, state: Any) -> dict[str, Any]:
        """The dealt herds and draw pile, the farmer to act; the rest of the deck is not added."""
        return {"lines": [[c for _v, c in herd] for herd in state.herds], "stock": list(state.stock),
                "rest_to_stock": False, "pending": int(state.pending_players()[0])}

    def position(self, parts: dict[str, Any], common: dict[str, Any]) -> MowPosition:
        """Hands, herds (slowpokes and calves with the number they stand for), cowsheds, totals (a
        later round when any is not 0), whose turn, seed, draw pile, acrobats, arrow, active herd."""
        values = parts.get("values") or {}
        herds = tuple(tuple((int(c), int(values[c])) if c in values else int(c) for c in herd)
                      for herd in parts["lines"])
        stock = [int(c) for c in parts.get("stock") or []]
        if parts.get("rest_to_stock", True):
            placed = placed_cards(parts, self)
            stock += [c for c in self.game.deck if c not in placed]
        starter = parts.get("starter")
        totals = tuple(common["totals"])
        later = any(totals)  # Mow takes totals from earlier rounds: the position is in a later round
        return MowPosition(
            hands=tuple(tuple(h) for h in common["hands"]), lines=herds,
            acrobats=tuple((int(a), int(t)) for a, t in parts.get("acrobats") or []),
            piles=tuple(tuple(p) for p in common["piles"]), totals=totals if later else None,
            pending=int(parts.get("pending", 0)), starter=None if starter is None else int(starter),
            stock=tuple(stock), arrow=int(parts.get("arrow", 1)), active=int(parts.get("active", 0)),
            round_index=1 if later else 0, seed=common["seed"])

    # ------------------------------------------------------------------ cards put the Mow way
    def extra_parts(self) -> dict[str, Any]:
        """The draw pile, acrobats, slowpoke/calf values, whose turn, starter, arrow, active herd."""
        return {"stock": [], "rest_to_stock": True, "acrobats": [], "values": {},
                "pending": 0, "starter": None, "arrow": 1, "active": 0}

    def put(self, parts: dict[str, Any], card: int, where: str) -> bool | str:
        """In a herd: an acrobat on a plain cow of its number there (refused when there is none), a
        slowpoke or calf standing for the number in the value box."""
        kind, _sep, index = where.partition(":")
        if kind != "line":
            return False
        g = self.game
        herd = parts["lines"][int(index)]
        if g.kinds[card] == "acrobat":
            carried = {t for _a, t in parts["acrobats"]}
            targets = [t for t in herd if g.kinds[t] == "plain" and g.numbers[t] == g.numbers[card]
                       and t not in carried]
            if not targets:
                return _("An acrobat stands on a cow of its number: put a plain {number} in {place} "
                         "first.").format(number=g.numbers[card], place=self.word("line", int(index)))
            parts["acrobats"].append([card, targets[0]])
            return True
        herd.append(card)
        if g.kinds[card] in ("slowpoke", "calf"):
            parts["values"][card] = int(self.controls()["value_box"].value)
        return True

    def take_out(self, parts: dict[str, Any], card: int) -> None:
        """Forget its value, and the acrobat standing on it (or its standing)."""
        parts["values"].pop(card, None)
        parts["acrobats"][:] = [[a, t] for a, t in parts["acrobats"] if card not in (a, t)]

    def riders(self, parts: dict[str, Any]) -> list[tuple[int, int]]:
        """The acrobats and the cows they stand on."""
        return [(a, t) for a, t in parts["acrobats"]]

    def label(self, parts: dict[str, Any], card: int) -> str:
        """``acrobat 7 on 7``, ``slowpoke as 6`` or the card's name."""
        for a, t in parts["acrobats"]:
            if a == card:
                return _("{card} on {cow}").format(card=self.card_name(a), cow=self.card_name(t))
        if card in parts["values"]:
            return _("{card} as {value}").format(card=self.card_name(card), value=parts["values"][card])
        return self.card_name(card)

    # ------------------------------------------------------------------ controls
    def controls(self) -> dict[str, Any]:
        """The value box (what a slowpoke or calf stands for), whose turn, who started the round,
        the arrow, the active herd and "cards placed nowhere go to the back of the draw pile"."""
        if self._controls is None:
            wide = {"description_width": "initial"}  # a label takes the room its words need
            self._controls = {
                "value_box": widgets.BoundedIntText(value=5, min=0, max=16, style=wide,
                                                    layout=widgets.Layout(width="340px")),
                "turn_box": widgets.Dropdown(options=self._seat_options(), value=0, style=wide,
                                             layout=widgets.Layout(width="260px")),
                "starter_box": widgets.Dropdown(options=self._starter_options(), value=None, style=wide,
                                                layout=widgets.Layout(width="440px")),
                "arrow_box": widgets.ToggleButtons(options=self._arrow_options(), value=1,
                                                   style={**wide, "button_width": "auto"}),
                "active_box": widgets.Dropdown(options=self._line_options(), value=0, style=wide,
                                               layout=widgets.Layout(width="260px")),
                "rest_box": widgets.Checkbox(value=True, indent=False, style=wide, layout=widgets.Layout(width="auto")),
            }
        return self._controls

    def arrange(self) -> tuple[list[Any], list[Any]]:
        """The value box beside the place selector; whose turn, starter, arrow (and the active herd
        when there are several) in a row, then the draw-pile checkbox."""
        c = self.controls()
        row = [c["turn_box"], c["starter_box"], c["arrow_box"]] + ([c["active_box"]] if self.lines > 1 else [])
        return [c["value_box"]], [widgets.HBox(row, layout=widgets.Layout(flex_flow="row wrap")), c["rest_box"]]

    def relabel(self) -> None:
        """Options and descriptions in the current language (the values kept)."""
        c = self.controls()
        for name, options in (("turn_box", self._seat_options()), ("starter_box", self._starter_options()),
                              ("active_box", self._line_options()), ("arrow_box", self._arrow_options())):
            box = c[name]
            value = box.value
            box.options = options
            box.value = value
        c["value_box"].description = _("slowpoke/calf stands for")
        c["turn_box"].description = _("whose turn")
        c["starter_box"].description = _("started the round")
        c["arrow_box"].description = _("arrow")
        c["active_box"].description = _("active herd")
        c["rest_box"].description = _("cards placed nowhere go to the back of the draw pile")

    def _seat_options(self) -> list[tuple[str, int]]:
        return [(self.word("seat", p), p) for p in range(self.game.num_players)]

    def _starter_options(self) -> list[tuple[str, int | None]]:
        return [(_("the farmer whose turn it is"), None), *self._seat_options()]

    def _line_options(self) -> list[tuple[str, int]]:
        return [(self.word("line", i), i) for i in range(self.lines)]

    def _arrow_options(self) -> list[tuple[str, int]]:
        return [(_("clockwise"), 1), (_("anticlockwise"), -1)]
