"""Headless tests of the classroom app: tabs built on first show, the language switch relabels the
tabs and the widgets inside, a hot-seat round of 6 nimmt! (two people and a computer), a position
built in the editor and stepped through, the coach's advice. The browser test
(``tests/test_browser.py``) runs the same flows in Voila."""

from __future__ import annotations

import re

import pytest
from latin_text import english_runs

from mowkit import i18n
from mowkit.core import OptionError
from mowkit.widgets import ClassroomApp, CoachPanel, Play, PositionEditor, Stepper
from mowkit.widgets.app import page_language
from mowkit.widgets.explorer import OutcomeExplorer
from mowkit.widgets.warmup import WarmUp

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


PAGE_VARS = ("QUERY_STRING", "HTTP_ACCEPT_LANGUAGE", "MOWKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for var in PAGE_VARS:  # the page asks for no language: the app keeps the kit's
        monkeypatch.delenv(var, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app():
    made = ClassroomApp(seed=7, n_games=4, warm=False)
    yield made
    made.close()


def test_only_the_first_tab_is_built_at_first(app):
    assert app.key == "step"
    assert set(app.steppers) == {"sixnimmt"} and not app.plays and not app.editors and app.explorer is None
    assert app.tabs.titles == ("step by step", "play", "position editor", "lesson", "outcome explorer")
    assert isinstance(app.widget("step"), Stepper) and app.widget("step").game.name == "sixnimmt"


def test_each_tab_and_game_is_built_when_shown(app):
    mow = app.show("step", "mow")
    assert isinstance(mow, Stepper) and mow.game.name == "mow" and app.tabs.selected_index == 0
    play = app.show("play")
    assert isinstance(play, Play) and app.tabs.selected_index == 1 and play.game.name == "sixnimmt"
    assert play.humans == (0, 1) and play.agent_names[2] != "human"
    editor = app.show("editor", "mow")
    assert isinstance(editor, PositionEditor) and editor.game.name == "mow"
    explorer = app.show("explorer")
    assert isinstance(explorer, OutcomeExplorer) and app.explorer is explorer
    assert explorer.table is not None and explorer.table["game"].nunique() == 4
    # shown again: the same widgets, not new ones
    assert app.show("step", "mow") is mow and app.show("play") is play and app.show("explorer") is explorer
    # a click on another game in a tab's picker builds that game's widget in that tab
    app.pickers["play"].value = "mow"
    assert app.widget("play").game.name == "mow" and app.plays["sixnimmt"] is play


def test_a_click_on_a_tab_title_builds_its_widget():
    app = ClassroomApp(seed=3, n_games=2, warm=False)
    try:
        assert not app.editors
        app.tabs.selected_index = 2  # what a click on "position editor" does
        assert set(app.editors) == {"sixnimmt"} and app.tabs.children[2].children[1].children == (
            app.editors["sixnimmt"],)
    finally:
        app.close()


def test_bad_tab_or_game_is_refused_with_the_allowed_values(app):
    with pytest.raises(OptionError) as e:
        app.show("games")
    assert e.value.option == "tab" and "explorer" in str(e.value.allowed)
    with pytest.raises(OptionError) as e:
        app.show("play", "chess")
    assert e.value.option == "game" and "mow" in str(e.value.allowed)
    with pytest.raises(OptionError):
        app.show("explorer", "mow")  # the explorer has its own game choice


def test_the_switch_relabels_the_tabs_and_the_widgets(app):
    play = app.show("play")
    english = (app.tabs.titles, app.heading.value, play.reveal_button.description,
               play.new_game_button.description)
    app.language.value = "ru"  # a click on "Русский"
    assert i18n.get_language() == "ru"
    russian = (app.tabs.titles, app.heading.value, play.reveal_button.description,
               play.new_game_button.description)
    for en, ru in zip(english, russian):
        assert en != ru
    for title in russian[0]:
        assert CYRILLIC.search(title) and not english_runs(title), title
    for text in (russian[1], *russian[2:]):
        assert CYRILLIC.search(text) and not english_runs(re.sub("<[^>]+>", " ", text)), text
    i18n.set_language("en")  # the kit's language set elsewhere: the switch follows
    assert app.language.value == "en" and app.tabs.titles == english[0]


def test_a_hot_seat_round_with_two_people_and_a_computer(app):
    play = app.show("play")
    state = play.state
    computer = 2
    start = [list(h) for h in state.hands]
    # the first person is asked for; no hand is shown and no move offered until they say it is them
    assert play.pass_screen and play.pass_to == 0 and not play.legal
    assert play.reveal()
    assert play.seat == 0 and {a.card for a in play.legal} == set(start[0])
    first = play.legal[0].card
    assert play.attempt(play.legal[0])
    # the device goes to the second person: hands hidden, nothing to click but "I am player 2"
    assert play.pass_screen and play.pass_to == 1 and not play.legal and not play.action_buttons
    assert "2" in play.reveal_button.description and play.reveal_button.layout.display != "none"
    assert play.reveal() and play.seat == 1 and {a.card for a in play.legal} == set(start[1])
    second = play.legal[-1].card
    assert play.attempt(play.legal[-1])
    # the computer has not moved yet (no event loop here: it waits for run_computers)
    assert len(play.state.hands[computer]) == len(start[computer])
    assert play.run_computers() >= 1
    hands = play.state.hands
    assert first not in hands[0] and second not in hands[1]
    assert [len(h) for h in hands] == [len(h) - 1 for h in start]
    on_table = {c for row in play.state.rows for c in row} | {c for pile in play.state.piles for c in pile}
    chosen = {first, second} | (set(start[computer]) - set(hands[computer]))
    assert len(chosen) == 3
    if not play.humans_pending():  # no person must pick a row: all three cards are on the table or taken
        assert chosen <= on_table


def test_a_position_built_in_the_editor_is_stepped_through(app):
    editor = app.show("editor")
    hands = [[50], [51], [52], [53]]
    rows = [[10], [20], [30], [40]]
    for p, hand in enumerate(hands):
        editor.where.value = f"hand:{p}"  # where the clicked cards go
        for c in hand:
            editor.card_buttons[c].click()
    for i, row in enumerate(rows):
        editor.where.value = f"line:{i}"
        for c in row:
            editor.card_buttons[c].click()
    editor.check_button.click()
    assert editor.state is not None, editor.message
    assert [list(r) for r in editor.state.rows] == rows and [list(h) for h in editor.state.hands] == hands
    editor.step_button.click()
    stepper = editor.stepper
    assert isinstance(stepper, Stepper) and stepper in editor.opened.children
    assert [list(r) for r in stepper.states[0].rows] == rows
    stepper.next()
    assert stepper.index == 1 and stepper.explanation.strip()
    # the four cards (50 < 51 < 52 < 53) all go behind 40, the closest lower end: row 4 holds five
    # cards, nobody takes a row, and the next round is dealt with every total still 0
    after = stepper.states[len(hands)]
    assert after.round_index == 1 and list(after.totals) == [0, 0, 0, 0]


def test_the_coach_advises_the_decision_in_the_stepper_and_in_play(app):
    stepper = app.widget("step")
    panel = stepper.coach_panel
    assert isinstance(panel, CoachPanel) and panel.advice is None
    panel.button.value = True  # press "coach"
    advice = panel.advice
    assert advice is not None
    state = stepper.state
    legal = state.legal_actions(advice.player)
    assert sorted(map(repr, (m.action for m in advice.moves))) == sorted(map(repr, legal))
    assert "Coach for player" in panel.text
    app.language.value = "ru"
    assert CYRILLIC.search(panel.text) and "Coach for" not in panel.text
    app.language.value = "en"
    play = app.show("play")
    play.reveal()
    play.coach_panel.button.value = True
    assert play.coach_panel.advice is not None and play.coach_panel.advice.player == play.seat == 0


def test_the_explorer_keeps_its_games_and_relabels(app):
    explorer = app.show("explorer")
    explorer.n_games.value = 3
    explorer.run()
    english = (explorer.game.description, explorer.run_button.description)
    table = explorer.table
    app.language.value = "ru"
    assert app.explorer is explorer and explorer.table is table  # nothing played again
    for en, ru in zip(english, (explorer.game.description, explorer.run_button.description)):
        assert ru != en and CYRILLIC.search(ru), ru


# ---------------------------------------------------------------------- the page's language


@pytest.mark.parametrize(("environ", "expected"), [
    ({"QUERY_STRING": "lang=ru"}, "ru"),
    ({"QUERY_STRING": "seed=3&lang=en", "HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9"}, "en"),  # the address first
    ({"QUERY_STRING": "lang=de", "HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9,en;q=0.8"}, "ru"),  # no such language
    ({"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9,ru;q=0.8,en;q=0.5"}, "ru"),  # the first the kit has
    ({"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9,ru;q=0.8"}, "en"),
    ({"HTTP_ACCEPT_LANGUAGE": "en;q=0.3,ru;q=0.7"}, "ru"),  # by preference, not by place
    # the environment does not ask: the kit's language already starts from it (mowkit.i18n)
    ({"HTTP_ACCEPT_LANGUAGE": "fr-FR", "MOWKIT_LANG": "ru"}, None),
    ({"MOWKIT_LANG": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, None),
    ({"LANG": "ru_RU.UTF-8"}, None),
    ({}, None),
])
def test_the_page_language_from_the_address_the_browser_or_the_environment(environ, expected):
    assert page_language(environ) == expected


def test_a_language_chosen_in_the_notebook_is_kept(monkeypatch):
    """The Russian classroom notebook says mowkit.set_language("ru") first: the app keeps it, whatever
    MOWKIT_LANG the kernel was started with."""
    monkeypatch.setenv("MOWKIT_LANG", "en")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    i18n.set_language("ru")
    try:
        app = ClassroomApp(seed=3, n_games=2, warm=False)
        assert i18n.get_language() == "ru" and app.language.value == "ru"
        app.close()
    finally:
        i18n.set_language("en")


def test_the_app_opens_in_the_language_the_page_asks_for(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    app = ClassroomApp(seed=3, n_games=2, warm=False)
    try:
        assert i18n.get_language() == "ru" and app.language.value == "ru"
        assert all(CYRILLIC.search(t) for t in app.tabs.titles)
    finally:
        app.close()
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "en-GB,en;q=0.9")
    app = ClassroomApp(seed=3, n_games=2, warm=False)
    try:
        assert i18n.get_language() == "en" and app.tabs.titles[0] == "step by step"
    finally:
        app.close()
    with pytest.raises(OptionError):
        ClassroomApp(seed=3, n_games=2, warm=False, lang="de")


def test_one_language_switch_for_the_whole_app(app):
    """The app's switch is the first thing in it; a switch a widget inside would show is hidden."""
    header = app.children[1]
    assert app.language in header.children and "mowkit-app-language" in app.language._dom_classes
    assert ".mowkit-language:not(.mowkit-app-language) { display: none" in app.children[0].value
    editor = app.show("editor")
    editor.check_button.click()
    for built in (app.show("play"), editor, app.show("explorer")):
        found = [w for w in _descendants(built) if "mowkit-language" in getattr(w, "_dom_classes", ())]
        assert not found or all("mowkit-app-language" not in w._dom_classes for w in found)


def _descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _descendants(child)


# ---------------------------------------------------------------------- the warm-up


class _Part:
    """A part of the warm-up that takes ``seconds`` and says it compiles one function."""

    def __init__(self, key, announced, done=False):
        self.key, self._announced, self._done, self.calls = key, announced, done, []

    @property
    def title(self):
        return f"the {self.key} part"

    def announced(self):
        return self._announced

    def done(self, full=False):
        return self._done

    def _mark(self, full):
        self._done = True

    def warm(self, full):
        from mowkit.kernels import CompileInfo, _begin, _end

        self.calls.append(full)
        info = CompileInfo(f"mowkit.games.{self.key}.kernel._mc_kernel", 1.0)
        shown = _begin(info)
        info.elapsed = 0.01
        _end(info, shown)


def test_the_warm_up_compiles_what_is_missing_in_the_background_and_names_it():
    seen = []
    first, cached, last = _Part("sixnimmt", 30.0), _Part("mow", 20.0, done=True), _Part("tournament", 10.0)
    bar = WarmUp(parts=[first, cached, last])
    assert bar.layout.display == "none"
    original = bar._draw

    def spy():
        original()
        seen.append(bar.line.value)

    bar._draw = spy
    assert bar.start() and bar.layout.display != "none"
    bar.join(30)
    assert not bar.running and bar.error is None
    assert first.calls == [False] and cached.calls == [] and last.calls == [False]  # the cached part is skipped
    assert set(bar.times) == {"sixnimmt", "tournament"} and bar.bar.max == 40.0
    named = " ".join(seen)
    assert "the sixnimmt part" in named and "about 30 s" in named and "6 nimmt!: Monte Carlo values" in named
    assert "about 10 s" in named and bar.bar.bar_style == "success" and "Ready" in bar.line.value
    bar.close()


def test_a_warm_up_with_nothing_to_do_stays_hidden_and_loads_nothing():
    part = _Part("mow", 5.0, done=True)
    bar = WarmUp(parts=[part])
    assert not bar.start() and bar.layout.display == "none" and part.calls == [] and not bar.running
    bar.close()


def test_a_compile_is_announced_with_the_measured_time(tmp_path, monkeypatch):
    """A cold first use tells the listeners what it compiles and the time measured for it."""
    from mowkit import kernels

    monkeypatch.setenv("MOWKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(kernels, "announced_seconds", lambda key, default: {"m.games.mow.kernel._deals_kernel": 7.5}.get(key, default))

    class Disp:  # a numba dispatcher's face: signatures (none: not compiled) and py_func
        signatures: list = []

        def __init__(self):
            def _deals_kernel(x):
                return x + 1

            _deals_kernel.__module__ = "m.games.mow.kernel"
            self.py_func = _deals_kernel

        def __call__(self, x):
            return self.py_func(x)

    told = []
    unregister = kernels.on_compile(lambda event, info: told.append((event, info.key, info.seconds, info.what)))
    try:
        assert kernels.call(Disp(), 1, seconds=3) == 2
        assert kernels.call(Disp(), 2, seconds=3) == 3  # marked: not announced again
    finally:
        unregister()
    assert [t[0] for t in told] == ["start", "done"]
    assert told[0][1:] == ("m.games.mow.kernel._deals_kernel", 7.5, "Mow: games on given deals")
    assert kernels.measured_here()["m.games.mow.kernel._deals_kernel"] >= 0


def test_the_lesson_tab_opens_a_lesson_and_reveals_its_answer():
    from mowkit.widgets.lesson import LessonTab

    app = ClassroomApp(warm=False)
    app.show("lesson")
    assert isinstance(app.lesson, LessonTab) and app._bodies["lesson"].children == (app.lesson,)
    assert app.lesson.lesson is not None and not app.lesson.revealed
    app.lesson.reveal()
    assert app.lesson.revealed and app.lesson.answer is not None
    app.close()
