"""The classroom app: step through a game, play it, build a position, explore outcomes, in tabs.

    from mowkit.widgets import classroom_app
    classroom_app()                  # notebooks/classroom.ipynb; as a page: voila notebooks/classroom.ipynb

At the top, a language switch (English / Русский, :func:`mowkit.i18n.set_language`); the tab
titles and every widget inside are drawn again in the new language. The tabs:

* **step by step** — a seeded game of 6 nimmt! or Mow (the game picker above it), decision by
  decision, with the coach (:class:`~mowkit.widgets.stepper.Stepper`);
* **play** — people at one screen (hot-seat) and computer players
  (:class:`~mowkit.widgets.play.Play`; by default two people and one computer);
* **position editor** — click cards into hands and rows or herds, check, step through
  (:class:`~mowkit.widgets.editor.PositionEditor`);
* **outcome explorer** — a seeded tournament with charts (:class:`~mowkit.widgets.explorer.OutcomeExplorer`).

Only the first tab is built when the app is made; every other widget is built the first time its
tab (or its game in the picker) is shown, so the page is ready quickly (the explorer's tournament
runs when its tab is first opened).

Public attributes for scripts and tests: ``tabs`` (the ``Tab``), ``language`` (the switch),
``pickers`` (tab key -> the game picker), ``TABS`` (the tab keys in order); :meth:`show` opens a
tab (and a game), :meth:`widget` gives the widget shown in a tab, built if needed;
``steppers``/``plays``/``editors`` (game name -> widget built so far) and ``explorer`` (None until
its tab is shown).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from mowkit.i18n import N_, _, on_language_change
from mowkit.widgets.common import language_toggle

GAMES = ("sixnimmt", "mow")
TABS = ("step", "play", "editor", "explorer")
_TITLES = {"step": N_("step by step"), "play": N_("play"), "editor": N_("position editor"),
           "explorer": N_("outcome explorer")}
_GAME_TITLES = {"sixnimmt": "6 nimmt!", "mow": "Mow"}  # names of the games: the same in every language

# ipywidgets draws tab titles in a fixed width (--jp-widgets-horizontal-tab-width) and cuts longer
# ones off: here each tab is as wide as its title.
_CSS = """<style>
.mowkit-classroom .lm-TabBar-tab, .mowkit-classroom .p-TabBar-tab {
  flex: 0 0 auto !important; min-width: 0 !important; max-width: none !important; }
.mowkit-classroom .lm-TabBar-tabLabel, .mowkit-classroom .p-TabBar-tabLabel {
  overflow: visible !important; text-overflow: clip !important; white-space: nowrap; }
.mowkit-classroom .lm-TabBar-tab { padding: 0 14px !important; font-size: 110%; }
</style>"""


class ClassroomApp(widgets.VBox):
    """The language switch and four tabs: step by step, play, position editor, outcome explorer.

    Args:
        seed: the seed of the games shown (the steppers, the first game played, the editor's deal).
        n_games: the size of the explorer's first tournament.
        players: the seats of the play tab for 6 nimmt! (``"human"`` or a computer player);
            default two people and a computer of medium strength.
        mow_players: the same for Mow (default one person and two computers).
        delay: seconds a computer player waits before each move in the play tab (0 to 2).
    """

    def __init__(self, seed: int = 7, n_games: int = 12, *,
                 players: Sequence[str] = ("human", "human", "medium"),
                 mow_players: Sequence[str] = ("human", "medium", "easy"), delay: float = 0.6) -> None:
        self.seed = int(seed)
        self.n_games = int(n_games)
        self.play_seats = {"sixnimmt": list(players), "mow": list(mow_players)}
        self.delay = float(delay)
        self.steppers: dict[str, Any] = {}
        self.plays: dict[str, Any] = {}
        self.editors: dict[str, Any] = {}
        self.explorer: Any = None
        self._builders: dict[str, Callable[[str], Any]] = {
            "step": self._stepper, "play": self._play, "editor": self._editor}

        self.language = language_toggle()
        self.language.add_class("mowkit-app-language")
        self.heading = widgets.HTML()
        self.heading.add_class("mowkit-classroom-heading")
        self.pickers: dict[str, widgets.ToggleButtons] = {}
        self._bodies: dict[str, widgets.Box] = {}
        pages = []
        for key in TABS:
            body = widgets.VBox()
            self._bodies[key] = body
            if key in self._builders:
                picker = widgets.ToggleButtons(options=[(_GAME_TITLES[g], g) for g in GAMES], value=GAMES[0],
                                               style={"button_width": "auto"})
                picker.add_class("mowkit-game-picker")
                picker.observe(lambda _c, key=key: self._fill(key), names="value")
                self.pickers[key] = picker
                pages.append(widgets.VBox([picker, body]))
            else:
                pages.append(body)
        self.tabs = widgets.Tab(pages)
        self.tabs.observe(lambda _c: self._fill(self.key), names="selected_index")
        super().__init__([widgets.HTML(_CSS),
                          widgets.HBox([self.heading, self.language],
                                       layout=widgets.Layout(justify_content="space-between",
                                                             align_items="center")),
                          self.tabs])
        self.add_class("mowkit-classroom")
        self._relabel()
        self._unregister = on_language_change(self._language_changed, weak=True)
        self.tabs.selected_index = 0
        self._fill("step")

    # ------------------------------------------------------------------ public
    @property
    def key(self) -> str:
        """The key of the tab shown (one of :data:`TABS`)."""
        return TABS[self.tabs.selected_index or 0]

    def show(self, tab: str, game: str | None = None) -> Any:
        """Open ``tab`` (one of :data:`TABS`) and, for the game tabs, ``game``; returns its widget."""
        from mowkit.core import OptionError

        if tab not in TABS:
            raise OptionError("tab", tab, ", ".join(TABS))
        if game is not None:
            if tab not in self.pickers or game not in GAMES:
                raise OptionError("game", game, ", ".join(GAMES) + " (in the tabs " + ", ".join(self.pickers) + ")")
            self.pickers[tab].value = game
        self.tabs.selected_index = TABS.index(tab)
        return self.widget(tab)

    def widget(self, tab: str) -> Any:
        """The widget tab ``tab`` shows now (built if it was not yet)."""
        self._fill(tab)
        return self._bodies[tab].children[0]

    def close(self) -> None:
        """Close the app and stop following the language."""
        self._unregister()
        super().close()

    # ------------------------------------------------------------------ building, lazily
    def _fill(self, key: str) -> None:
        if key == "explorer":
            if self.explorer is None:
                from mowkit.widgets.explorer import OutcomeExplorer

                self.explorer = OutcomeExplorer("sixnimmt", players=4, n_games=self.n_games, seed=1, run=True,
                                                language_switch=False)
                self._bodies[key].children = [self.explorer]
            return
        widget = self._builders[key](self.pickers[key].value)
        if self._bodies[key].children != (widget,):
            self._bodies[key].children = [widget]

    def _stepper(self, game: str) -> Any:
        if game not in self.steppers:
            from mowkit.widgets.stepper import Stepper

            if game == "mow":
                self.steppers[game] = Stepper.from_seed("mow", ["random", "greedy", "random"], seed=self.seed,
                                                        players=3, language_switch=False)
            else:
                self.steppers[game] = Stepper.from_seed("sixnimmt", ["random", "greedy", "lowest", "highest"],
                                                        seed=self.seed, players=4, language_switch=False)
        return self.steppers[game]

    def _play(self, game: str) -> Any:
        if game not in self.plays:
            from mowkit.widgets.play import Play

            # the app's own switch is at the top
            self.plays[game] = Play(game, players=self.play_seats[game], seed=self.seed, delay=self.delay,
                                    language_switch=False)
        return self.plays[game]

    def _editor(self, game: str) -> Any:
        if game not in self.editors:
            from mowkit.widgets.editor import PositionEditor

            self.editors[game] = PositionEditor(game, seed=self.seed, language_switch=False)
        return self.editors[game]

    # ------------------------------------------------------------------ words
    def _relabel(self) -> None:
        self.heading.value = '<h3 style="margin:4px 0">{}</h3>'.format(html.escape(_("6 nimmt! and Mow in class")))
        self.tabs.titles = tuple(_(_TITLES[key]) for key in TABS)

    def _language_changed(self, lang: str) -> None:
        self._relabel()


def classroom_app(seed: int = 7, n_games: int = 12, **kwargs: Any) -> ClassroomApp:
    """The classroom app (see :class:`ClassroomApp`)."""
    return ClassroomApp(seed=seed, n_games=n_games, **kwargs)
