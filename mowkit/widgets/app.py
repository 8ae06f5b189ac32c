"""The classroom app: step through a game, play it, build a position, explore outcomes, in tabs.

    from mowkit.widgets import classroom_app
    classroom_app()   # notebooks/classroom.ipynb; a page: voila notebooks/classroom.ipynb --Voila.config_file_paths=app

At the top, the one language switch of the page (English / Русский,
:func:`mowkit.i18n.set_language`); the tab titles and every widget inside are drawn again in the
new language (any switch a widget inside would show on its own is hidden). The page opens in the
reader's language (:func:`page_language`): a ``?lang=ru`` (or ``?lang=en``) in the address, else
the browser's language (Voila passes its ``Accept-Language`` header to the page's kernel as
``HTTP_ACCEPT_LANGUAGE``: the repository's ``voila.json``), else ``MOWKIT_LANG``, ``LC_ALL``,
``LC_MESSAGES`` or ``LANG`` (``ru_RU.UTF-8`` reads as Russian). The tabs:

* **step by step** — a seeded game of any registered game (the game picker above it), decision by
  decision, with the coach (:class:`~mowkit.widgets.stepper.Stepper`);
* **play** — people at one screen (hot-seat) and computer players
  (:class:`~mowkit.widgets.play.Play`; by default two people and one computer);
* **position editor** — click cards into hands and rows or herds, check, step through
  (:class:`~mowkit.widgets.editor.PositionEditor`), and add them to a lesson;
* **lesson** — a teacher's lesson, one position at a time, its question, the answer the kit works
  out on a click (:class:`~mowkit.widgets.lesson.LessonTab`; lessons in ``data/lessons/``);
* **outcome explorer** — a seeded tournament with charts (:class:`~mowkit.widgets.explorer.OutcomeExplorer`).

The app knows no game: its pickers list the registered games (:func:`mowkit.registry.specs`, the
first is shown first) that can fill each tab (the editor's only games whose spec has an
``editor``; the explorer's tab only when a game has computer players). A game's classroom defaults
(its stepper's computer players and options, its play tab's seats) are the ``CLASSROOM`` mapping of
its ``editor`` module; a game without one gets random players and one person against them.

Above the tabs, while the kernels the tabs use are compiled for the first time in the background
(a fresh install that skipped ``python -m mowkit.kernels.warm``), a bar says what is compiled and
for about how long (:class:`~mowkit.widgets.warmup.WarmUp`); hidden when everything is in the cache.

Only the first tab is built when the app is made; every other widget is built the first time its
tab (or its game in the picker) is shown, so the page is ready quickly (the explorer's tournament
runs when its tab is first opened).

Public attributes for scripts and tests: ``tabs`` (the ``Tab``), ``language`` (the switch),
``pickers`` (tab key -> the game picker), ``tab_keys`` (the tab keys shown, in order, from
:data:`TABS`); :meth:`show` opens a
tab (and a game), :meth:`widget` gives the widget shown in a tab, built if needed;
``steppers``/``plays``/``editors`` (game name -> widget built so far) and ``explorer`` (None until
its tab is shown).
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict, Unpack, cast
from urllib.parse import parse_qs

import ipywidgets as widgets

from mowkit import registry
from mowkit.core import OptionError
from mowkit.i18n import LANGUAGES, N_, _, get_language, on_language_change, set_language
from mowkit.spec import GameSpec
from mowkit.widgets.common import language_toggle
from mowkit.widgets.editor import PositionEditor
from mowkit.widgets.explorer import OutcomeExplorer
from mowkit.widgets.lesson import LessonTab
from mowkit.widgets.play import Play
from mowkit.widgets.stepper import Stepper
from mowkit.widgets.warmup import WarmUp

TABS = ("step", "play", "editor", "lesson", "explorer")
_TITLES = {"step": N_("step by step"), "play": N_("play"), "editor": N_("position editor"),
           "lesson": N_("lesson"), "explorer": N_("outcome explorer")}

# ipywidgets draws tab titles in a fixed width (--jp-widgets-horizontal-tab-width) and cuts longer
# ones off: here each tab is as wide as its title.
_CSS = """<style>
.mowkit-classroom .lm-TabBar-tab, .mowkit-classroom .p-TabBar-tab {
  flex: 0 0 auto !important; min-width: 0 !important; max-width: none !important; }
.mowkit-classroom .lm-TabBar-tabLabel, .mowkit-classroom .p-TabBar-tabLabel {
  overflow: visible !important; text-overflow: clip !important; white-space: nowrap; }
.mowkit-classroom .lm-TabBar-tab { padding: 0 14px !important; font-size: 110%; }
.mowkit-classroom .mowkit-language:not(.mowkit-app-language) { display: none !important; }
.mowkit-classroom .fa { font-family: inherit !important; font-style: normal; font-weight: normal; }
.mowkit-classroom .fa-graduation-cap::before { content: "\\1F393"; }
.mowkit-classroom .fa-play::before { content: "\\25B6"; }
.mowkit-classroom .fa-stop::before { content: "\\25A0"; }
.mowkit-classroom .fa-save::before, .mowkit-classroom .fa-floppy-o::before { content: "\\1F4BE"; }
.mowkit-classroom .fa-random::before { content: "\\1F500"; }
</style>"""
# one language switch for the whole app (the app's own, at the top); the few icons the widgets use
# drawn as characters (the page loads no icon font: nothing is fetched from the internet)


def _code(value: str) -> str | None:
    """The kit's language named by a language tag or locale (``ru``, ``ru-RU``, ``ru_RU.UTF-8``), or None."""
    code = re.split(r"[_.@-]", value.strip().lower(), maxsplit=1)[0]
    return code if code in LANGUAGES else None


def _accepted(header: str) -> str | None:
    """The first of the kit's languages in an ``Accept-Language`` header, by the browser's order of preference."""
    ranked = []
    for index, part in enumerate(header.split(",")):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        found = re.search(r"q\s*=\s*([0-9.]+)", params)
        if found:
            try:
                q = float(found.group(1))
            except ValueError:
                q = 0.0
        code = _code(tag)
        if code is not None and q > 0:
            ranked.append((-q, index, code))
    return min(ranked)[2] if ranked else None


def page_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the page was asked for, or None when nothing asks.

    In order: ``lang=`` in the page's address (Voila gives the kernel ``QUERY_STRING``), then the
    browser's languages (``HTTP_ACCEPT_LANGUAGE``, given by Voila when configured as in the
    repository's ``app/voila.py``; the first of them the kit has). Nothing else asks: the kit's
    language already starts from ``MOWKIT_LANG`` and the system's locale (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``; :mod:`mowkit.i18n`), and a language chosen in the notebook
    (``mowkit.set_language("ru")``, as the Russian notebooks do) must not be undone by them.
    """
    env = os.environ if environ is None else environ

    asked = parse_qs(env.get("QUERY_STRING", "")).get("lang", [])
    for value in asked:
        if _code(value):
            return _code(value)
    header = env.get("HTTP_ACCEPT_LANGUAGE", "")
    if _accepted(header):
        return _accepted(header)
    return None


def _fills(key: str, spec: GameSpec) -> bool:
    """Whether a game can fill tab ``key``: the editor needs the spec's ``editor``, the explorer
    computer players; every game steps and plays."""
    if key in ("editor", "lesson"):  # a lesson is made of positions built in the editor
        return spec.editor is not None
    if key == "explorer":
        return bool(spec.agent_classes())
    return True


class ClassroomDefaults(TypedDict):
    """A game's classroom defaults (see :func:`classroom_defaults`)."""

    stepper: list[str]
    options: dict[str, Any]  # Any: game options, passed on as keywords
    play: list[str]


def classroom_defaults(spec: GameSpec) -> ClassroomDefaults:
    """A game's classroom defaults: ``stepper`` (its computer players), ``options`` (of its stepper's
    game) and ``play`` (the play tab's seats), from the ``CLASSROOM`` mapping of its ``editor`` module;
    a game without one: a random player in each seat of the stepper, one person against them in play."""
    module = spec.optional("editor")
    found = getattr(module, "CLASSROOM", None)
    if found is not None:
        return cast(ClassroomDefaults, dict(found))
    names = list(spec.agent_classes())
    agent = "random" if "random" in names else names[0]
    n = int(spec.game_class()().num_players)
    return {"stepper": [agent] * n, "options": {}, "play": ["human"] + [agent] * (n - 1)}


class ClassroomApp(widgets.VBox):
    """The language switch and four tabs: step by step, play, position editor, outcome explorer.

    Args:
        seed: the seed of the games shown (the steppers, the first game played, the editor's deal).
        n_games: the size of the explorer's first tournament.
        seats: game name -> the seats of its play tab (``"human"`` or a computer player); default
            each game's own (6 nimmt!: two people and a computer of medium strength; Mow: one
            person and two computers).
        delay: seconds a computer player waits before each move in the play tab (0 to 2).
        lang: the language to open in (``"en"``, ``"ru"``); default the page's
            (:func:`page_language`), else the kit's language as it is.
        warm: compile in the background what the tabs will need and is not in the cache yet,
            with a bar that says what and for about how long (:class:`~mowkit.widgets.warmup.WarmUp`;
            the first tab's game first); False: every kernel compiles at its first use.
    """

    def __init__(self, seed: int = 7, n_games: int = 12, *, seats: Mapping[str, Sequence[str]] | None = None,
                 delay: float = 0.6, lang: str | None = None, warm: bool = True) -> None:
        chosen = lang if lang is not None else page_language()
        if chosen is not None and chosen != get_language():
            set_language(chosen)  # checks the value: an OptionError names the allowed ones
        self.seed = int(seed)
        self.n_games = int(n_games)
        self.play_seats = {name: list(chosen) for name, chosen in (seats or {}).items()}
        self.delay = float(delay)
        self.steppers: dict[str, Stepper] = {}
        self.plays: dict[str, Play] = {}
        self.editors: dict[str, PositionEditor] = {}
        self.explorer: OutcomeExplorer | None = None
        self.lesson: LessonTab | None = None
        self._builders: dict[str, Callable[[str], widgets.Widget]] = {
            "step": self._stepper, "play": self._play, "editor": self._editor}

        specs = registry.specs()
        games = {key: [spec.name for spec in specs if _fills(key, spec)] for key in TABS}
        self.tab_keys = tuple(key for key in TABS if games[key])
        self._explorer_games = games["explorer"]
        self.language = language_toggle()
        self.language.add_class("mowkit-app-language")
        self.heading = widgets.HTML()
        self.heading.add_class("mowkit-classroom-heading")
        self.pickers: dict[str, widgets.ToggleButtons] = {}
        self._bodies: dict[str, widgets.Box] = {}
        pages = []
        for key in self.tab_keys:
            body = widgets.VBox()
            self._bodies[key] = body
            if key in self._builders:
                # the names of the games: the same in every language
                picker = widgets.ToggleButtons(options=[(registry.title(g), g) for g in games[key]],
                                               value=games[key][0], style={"button_width": "auto"})
                picker.add_class("mowkit-game-picker")
                picker.observe(lambda _c, key=key: self._fill(key), names="value")
                self.pickers[key] = picker
                pages.append(widgets.VBox([picker, body]))
            else:
                pages.append(body)
        self.tabs = widgets.Tab(pages)
        self.tabs.observe(lambda _c: self._fill(self.key), names="selected_index")
        first = [self.pickers[self.tab_keys[0]].value] if self.tab_keys[0] in self.pickers else []
        self.warmup = WarmUp(first + [spec.name for spec in specs if spec.name not in first],
                             tournament=bool(self._explorer_games))
        super().__init__([widgets.HTML(_CSS),
                          widgets.HBox([self.heading, self.language],
                                       layout=widgets.Layout(justify_content="space-between",
                                                             align_items="center")),
                          self.warmup, self.tabs])
        self.add_class("mowkit-classroom")
        self._relabel()
        self._unregister = on_language_change(self._language_changed, weak=True)
        self.tabs.selected_index = 0
        self._fill(self.tab_keys[0])
        if warm:
            self.warmup.start()

    # ------------------------------------------------------------------ public
    @property
    def key(self) -> str:
        """The key of the tab shown (one of :attr:`tab_keys`)."""
        return self.tab_keys[self.tabs.selected_index or 0]

    def show(self, tab: str, game: str | None = None) -> widgets.Widget:
        """Open ``tab`` (one of :attr:`tab_keys`) and, for the game tabs, ``game``; returns its widget."""
        if tab not in self.tab_keys:
            raise OptionError("tab", tab, ", ".join(self.tab_keys))
        if game is not None:
            offered = [str(v) for _label, v in self.pickers[tab].options] if tab in self.pickers else []
            if game not in offered:
                raise OptionError("game", game, ", ".join(offered or registry.names())
                                  + " (in the tabs " + ", ".join(self.pickers) + ")")
            self.pickers[tab].value = game
        self.tabs.selected_index = self.tab_keys.index(tab)
        return self.widget(tab)

    def widget(self, tab: str) -> widgets.Widget:
        """The widget tab ``tab`` shows now (built if it was not yet)."""
        self._fill(tab)
        return self._bodies[tab].children[0]

    def close(self) -> None:
        """Close the app and stop following the language."""
        if hasattr(self, "_unregister"):  # not when __init__ refused its arguments
            self._unregister()
            self.warmup.close()
        super().close()

    # ------------------------------------------------------------------ building, lazily
    def _fill(self, key: str) -> None:
        if key == "lesson":
            if self.lesson is None:
                self.lesson = LessonTab(language_switch=False)
                self._bodies[key].children = [self.lesson]
            else:
                self.lesson.refresh_files()  # a lesson just saved in the editor is listed
            return
        if key == "explorer":
            if self.explorer is None:
                self.explorer = OutcomeExplorer(self._explorer_games[0], players=4, n_games=self.n_games, seed=1,
                                                run=True, language_switch=False)
                self._bodies[key].children = [self.explorer]
            return
        widget = self._builders[key](self.pickers[key].value)
        if self._bodies[key].children != (widget,):
            self._bodies[key].children = [widget]

    def _stepper(self, game: str) -> Stepper:
        if game not in self.steppers:
            defaults = classroom_defaults(registry.get(game))
            self.steppers[game] = Stepper.from_seed(game, defaults["stepper"], seed=self.seed,
                                                    language_switch=False, **defaults["options"])
        return self.steppers[game]

    def _play(self, game: str) -> Play:
        if game not in self.plays:
            seats = self.play_seats.get(game) or classroom_defaults(registry.get(game))["play"]
            # the app's own switch is at the top
            self.plays[game] = Play(game, players=list(seats), seed=self.seed, delay=self.delay,
                                    language_switch=False)
        return self.plays[game]

    def _editor(self, game: str) -> PositionEditor:
        if game not in self.editors:
            self.editors[game] = PositionEditor(game, seed=self.seed, language_switch=False)
        return self.editors[game]

    # ------------------------------------------------------------------ words
    def _relabel(self) -> None:
        self.heading.value = '<h3 style="margin:4px 0">{}</h3>'.format(html.escape(_("6 nimmt! and Mow in class")))
        self.tabs.titles = tuple(_(_TITLES[key]) for key in self.tab_keys)

    def _language_changed(self, lang: str) -> None:
        self._relabel()


class AppOptions(TypedDict, total=False):
    """The other keywords of :class:`ClassroomApp`."""

    seats: Mapping[str, Sequence[str]] | None
    delay: float
    lang: str | None
    warm: bool


def classroom_app(seed: int = 7, n_games: int = 12, **kwargs: Unpack[AppOptions]) -> ClassroomApp:
    """The classroom app (see :class:`ClassroomApp`)."""
    return ClassroomApp(seed=seed, n_games=n_games, **kwargs)
