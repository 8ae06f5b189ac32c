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
from mowkit.widgets.explorer import OutcomeExplorer

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app():
    made = ClassroomApp(seed=7, n_games=4)
    yield made
    made.close()


def test_only_the_first_tab_is_built_at_first(app):
    assert app.key == "step"
    assert set(app.steppers) == {"sixnimmt"} and not app.plays and not app.editors and app.explorer is None
    assert app.tabs.titles == ("step by step", "play", "position editor", "outcome explorer")
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
    app = ClassroomApp(seed=3, n_games=2)
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
