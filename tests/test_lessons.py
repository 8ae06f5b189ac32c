"""Lessons a teacher builds: the file format (round trip, refusals naming the file and the field,
atomic saves that never overwrite silently), the shipped lessons (they load, every position is legal,
the answers are computed in both languages), the lesson tab and the editor's lesson panel."""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mowkit import i18n, load_game
from mowkit.lessons import (
    Lesson,
    LessonError,
    Step,
    compute,
    free_path,
    lesson_files,
    lessons_dir,
    load,
    save,
)
from mowkit.lessons.answer import chance_text, fraction_text
from mowkit.registry import names
from mowkit.widgets import PositionEditor
from mowkit.widgets.lesson import LessonTab, lesson_drawing


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


SMALL = {"players": 3, "hand_size": 3}


def six_position(hands, rows):
    return dict(load_game("sixnimmt", **SMALL).position(hands=hands, rows=rows, reachable=False).start_position)


POSITIONS = [
    six_position([[3, 17, 60], [8, 22, 99], [41, 55, 70]], [[1, 2], [10], [30, 31, 33], [80]]),
    six_position([[5, 40, 90], [6, 44, 91], [7, 45, 92]], [[20, 21, 24, 26, 29], [31], [60, 61], [13]]),
]


def small_lesson(**kw):
    steps = kw.pop("steps", (Step(POSITIONS[0], "Which card is safer?", "Low cards go after 2."),))
    return Lesson(game="sixnimmt", language="en", title="Test", steps=steps, options=SMALL, **kw)


# --------------------------------------------------------------------------- the value and the file


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from([0, 1]), texts, st.text(max_size=80), st.sampled_from([None, 0, 2]),
                                st.sampled_from([0, 2, 40])), min_size=1, max_size=4),
       title=st.text(max_size=50), lang=st.sampled_from(["en", "ru"]))
def test_saved_lesson_loads_as_the_same_lesson(tmp_path_factory, steps, title, lang):
    lesson = Lesson(game="sixnimmt", language=lang, title=title, options=SMALL, steps=tuple(
        Step(POSITIONS[i], q, e, player=p, rollouts=r) for i, q, e, p, r in steps))
    path = tmp_path_factory.mktemp("l") / "lesson.json"
    save(lesson, path)
    assert load(path) == lesson
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "mowkit-lesson/1"


def test_building_a_lesson_reorders_and_removes_steps():
    a, b, c = (Step(POSITIONS[i % 2], q) for i, q in enumerate("abc"))
    lesson = small_lesson(steps=(a, b)).with_step(c)
    assert [s.question for s in lesson.steps] == ["a", "b", "c"]
    assert [s.question for s in lesson.moved(2, 0).steps] == ["c", "a", "b"]
    assert [s.question for s in lesson.without(1).steps] == ["a", "c"]
    assert [s.question for s in lesson.with_step(c, at=0).steps] == ["c", "a", "b", "c"]
    with pytest.raises(Exception, match="step"):
        lesson.without(3)


def test_save_never_overwrites_silently(tmp_path):
    path = tmp_path / "l.json"
    save(small_lesson(), path)
    before = path.read_bytes()
    other = small_lesson().retitled("Other")
    with pytest.raises(FileExistsError, match="exists already"):
        save(other, path)
    assert path.read_bytes() == before
    save(other, path, replace=True)
    assert load(path).title == "Other"
    assert [p.name for p in tmp_path.iterdir()] == ["l.json"]  # no temporary file left behind


def test_free_path_is_a_new_name(tmp_path):
    first = free_path(tmp_path, "mow")
    assert first.name == "lesson_mow_1.json"
    save(Lesson("mow", "en", "t", (Step(load_game("mow", players=3).new_state(1).start_position or
                                         dict(load_game("mow", players=3).position(hands=[[0], [1], [2]], lines=[[3]])
                                              .start_position), "q"),), {"players": 3}), first)
    assert free_path(tmp_path, "mow").name == "lesson_mow_2.json"


def write(tmp_path, data, name="bad.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d.update(format="mowkit-record/1"), "format", "expected"),
    (lambda d: d.update(game="chess"), "game", "unknown game"),
    (lambda d: d.update(language="de"), "language", "en, ru"),
    (lambda d: d.update(steps=[]), "steps", "1 to 200 steps"),
    (lambda d: d.update(extra=1), "extra", "a lesson has the fields"),
    (lambda d: d["steps"][0].update(question=""), "steps[0].question", "1 to 2000 characters"),
    (lambda d: d["steps"][0].update(question=5), "steps[0].question", "found 5"),
    (lambda d: d["steps"][0].update(rollouts=1), "steps[0].rollouts", "Monte Carlo"),
    (lambda d: d["steps"][0].update(rollouts=True), "steps[0].rollouts", "Monte Carlo"),
    (lambda d: d["steps"][0].update(player=7), "steps[0].player", "decides in this position"),
    (lambda d: d["steps"][0].update(colour="red"), "steps[0].colour", "a step has the fields"),
    (lambda d: d["steps"][0].pop("question"), "steps[0].question", "missing"),
    (lambda d: d["steps"][0]["position"]["rows"][0].reverse(), "steps[0].position.rows[0]", "ascending"),
    (lambda d: d["steps"][0]["position"]["rows"][0].append(0), "steps[0].position", "cards of the deck"),
    (lambda d: d["steps"][0]["position"].update(colour=1), "steps[0].position.colour", "unknown field"),
    (lambda d: d["options"].update(players=11), "options.players", "players"),
])
def test_a_damaged_lesson_names_the_file_and_the_field(tmp_path, change, field, words):
    data = small_lesson().to_json()
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(LessonError) as e:
        load(path)
    assert e.value.source == str(path)
    assert e.value.field == field
    assert words in e.value.message


def test_files_that_are_not_lessons(tmp_path):
    with pytest.raises(LessonError, match="folder"):
        load(tmp_path)
    with pytest.raises(LessonError, match="empty"):
        load(write(tmp_path, " \n"))
    with pytest.raises(LessonError, match="JSON"):
        load(write(tmp_path, "{'format':"))
    with pytest.raises(LessonError, match="cannot read"):
        load(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(5 * 2**20)
    with pytest.raises(LessonError, match="too large"):
        load(big)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(LessonError, match="not a regular file"):
        load(fifo)  # refused before it is opened (a pipe would block)


def test_a_refusal_reads_in_russian(tmp_path):
    data = small_lesson().to_json()
    data["steps"][0]["question"] = ""
    path = write(tmp_path, data)
    with i18n.language("ru"), pytest.raises(LessonError) as e:
        load(path)
    assert "steps[0].question" in str(e.value)
    assert "символов" in e.value.message


# --------------------------------------------------------------------------- the answers


def test_the_answer_is_the_coachs_exact_odds():
    answer = compute(small_lesson(), 0)
    by_card = {m.action.card: m for m in answer.moves}
    assert set(by_card) == {3, 17, 60}
    assert by_card[3].exact == 0 and by_card[17].exact == 0  # right after 2 and after 10: no card between
    assert by_card[60].exact > 0 and 0 < by_card[60].p_take < 1
    assert [a.card for a in answer.best()] == [3, 17]
    assert "play 60" in answer.text() and "Decision of player 1." in answer.text()
    assert "Lowest penalty this turn by the exact odds: play 3 (1 head), play 17 (1 head)." in answer.text()


def test_numbers_in_words():
    assert fraction_text(Fraction(4, 3)) == "4/3 \u2248 1.33"
    assert fraction_text(Fraction(7)) == "7"
    assert chance_text(Fraction(1, 4)) == "1/4 (25\u00a0%)"
    assert chance_text(Fraction(1)) == "100\u00a0%"
    with i18n.language("ru"):
        assert fraction_text(Fraction(4, 3)) == "4/3 \u2248 1,33"


# --------------------------------------------------------------------------- the shipped lessons


SHIPPED = lesson_files()


def test_two_lessons_per_game_in_both_languages():
    found = {(load(p).game, load(p).language) for p in SHIPPED}
    for game in names():
        for lang in ("en", "ru"):
            assert sum(1 for p in SHIPPED if (load(p).game, load(p).language) == (game, lang)) == 2, (game, lang)
    assert found == {(g, lang) for g in names() for lang in ("en", "ru")}
    assert all(p.parent == lessons_dir() for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_lesson_loads_and_every_answer_is_computed_in_both_languages(path):
    lesson = load(path)
    twin = load(path.with_name(path.name.replace(f".{lesson.language}.", ".ru." if lesson.language == "en" else ".en.")))
    assert [s.position for s in twin.steps] == [s.position for s in lesson.steps]  # the same lesson, translated
    game = lesson.make_game()
    for i, step in enumerate(lesson.steps):
        state = lesson.state(i, game)
        assert not state.is_over()
        legal = state.legal_actions(state.pending_players()[0])
        # a cheap Monte Carlo (the kernel's numbers): the test checks the words, not the values
        quick = Lesson(lesson.game, lesson.language, lesson.title,
                       (Step(step.position, step.question, step.explanation, step.player,
                             min(step.rollouts, 20)),), lesson.options)
        answer = compute(quick, 0, game=game)
        assert [m.action for m in answer.moves] == list(legal)
        assert answer.has_exact
        assert answer.has_mc == (step.rollouts > 0)
        english = answer.text()
        with i18n.language("ru"):
            russian = answer.text()
        assert len(english.splitlines()) == len(russian.splitlines()) == len(legal) + 2 + len(answer.notes())
        assert re.search("[а-яё]", russian) and not re.search("[а-яё]", english)
        assert "1." in english.splitlines()[0] and "1." in russian.splitlines()[0]  # the seat asked, from 1


# --------------------------------------------------------------------------- the lesson tab


def test_the_lesson_tab_steps_and_reveals():
    path = next(p for p in SHIPPED if p.name == "sixnimmt_rule4.en.json")
    tab = LessonTab(path, language_switch=False)
    assert tab.lesson == load(path) and tab.index == 0 and not tab.revealed
    assert "7 is lower" in tab.question_html.value
    assert "<svg" in tab.drawing.value and tab.answer_html.value == ""
    assert tab.back_button.disabled and not tab.next_button.disabled
    tab.answer_button.click()
    assert tab.revealed and "Decision of player 1." in tab.answer_html.value
    assert "Rule 4" in tab.explanation_html.value
    tab.next_button.click()
    assert tab.index == 1 and not tab.revealed and tab.answer_html.value == ""
    assert tab.next_button.disabled
    i18n.set_language("ru")
    assert tab.answer_button.description == "показать ответ"
    assert "шаг 2 из 2" in tab.counter.value
    tab.back_button.click()
    assert tab.index == 0


def test_the_lesson_drawing_is_the_board_with_one_hand():
    """The lesson's position is drawn compact for a projector: each row one line of cards (its
    label beside it), the hand of the seat asked and no other hand (the seats' table has none)."""
    path = next(p for p in SHIPPED if p.name == "sixnimmt_rule4.en.json")
    lesson = load(path)
    state = lesson.state(0, lesson.make_game())
    drawn = lesson_drawing(state, 0)
    assert drawn.startswith('<div class="mowkit-lesson-drawing"')
    assert all(f"row {i + 1} · " in drawn for i in range(len(state.rows)))
    labels = set(re.findall(r'aria-label="(\d+) ', drawn))
    assert labels == {str(c) for row in state.rows for c in row} | {str(c) for c in state.hands[0]}
    assert "hand of player 1" in drawn and "total heads" in drawn
    with i18n.language("ru"):
        assert "ряд 1 · " in lesson_drawing(state, 0)


def test_the_lesson_tab_lists_the_shipped_lessons_and_opens_a_path(tmp_path):
    tab = LessonTab(game="mow", language_switch=False)
    listed = [v for _label, v in tab.file_box.options if v]
    assert listed and all(load(v).game == "mow" for v in listed)
    assert tab.lesson is not None and tab.lesson.language == "en" and tab.lesson.game == "mow"
    tab.path_box.value = str(tmp_path / "nothing.json")
    tab.open_button.click()
    assert "nothing.json" in tab.message and "cannot read" in tab.message
    path = tmp_path / "mine.json"
    save(small_lesson(), path)
    tab2 = LessonTab(language_switch=False)
    tab2.path_box.value = str(path)
    tab2.open_button.click()
    assert tab2.lesson == small_lesson() and tab2.message == ""
    # a teacher's folder is listed too (its lessons only: a record beside them is left out)
    (tmp_path / "record.json").write_text('{"format": "mowkit-record/1"}', encoding="utf-8")
    tab3 = LessonTab(folders=[tmp_path], language_switch=False)
    assert [v for _label, v in tab3.file_box.options if v] == [str(path)]
    assert tab3.lesson == small_lesson()
    save(small_lesson().retitled("Second"), tmp_path / "second.json")
    assert tab3.refresh_files() == [path, tmp_path / "second.json"]


def test_the_first_lesson_follows_the_readers_language():
    i18n.set_language("ru")
    tab = LessonTab(game="sixnimmt", language_switch=False)
    assert tab.lesson is not None and tab.lesson.language == "ru"


# --------------------------------------------------------------------------- building in the editor


def test_the_editor_builds_and_saves_a_lesson(tmp_path):
    ed = PositionEditor("sixnimmt", players=3, hand_size=3, lesson_folder=tmp_path)
    builder = ed.lesson_builder
    assert builder.path_box.value == str(tmp_path / "lesson_sixnimmt_1.json")
    assert ed.add_to_lesson("Which card?") is None  # nothing placed: the engine refuses
    assert "cannot be added" in ed.message
    for p, hand in enumerate([[3, 17, 60], [8, 22, 99], [41, 55, 70]]):
        for c in hand:
            ed.place(c, f"hand:{p}")
    for i, row in enumerate([[1, 2], [10], [30, 31, 33], [80]]):
        for c in row:
            ed.place(c, f"line:{i}")
    builder.question_box.value = "Which card is safer?"
    builder.explanation_box.value = "Low cards go after 2."
    builder.add_button.click()
    assert len(builder.steps) == 1 and builder.question_box.value == ""
    assert builder.add("") is None and "question" in builder.message
    ed.add_to_lesson("Second?", "")
    builder.seat_box.value = 2
    assert builder.add("Third?").player == 2 and builder.steps[-1].player == 2
    builder.remove(2)
    builder.move(1, 0)
    assert [s.question for s in builder.steps] == ["Second?", "Which card is safer?"]
    builder.steps_box.value = 0
    builder.remove_button.click()
    assert [s.question for s in builder.steps] == ["Which card is safer?"]
    builder.title_box.value = "Test"
    written = builder.save()
    assert written is not None
    saved, expected = load(written), small_lesson()
    assert [(s.question, s.explanation) for s in saved.steps] == [(s.question, s.explanation) for s in expected.steps]
    assert saved.state(0).start_position == expected.state(0).start_position  # the same position
    assert saved.make_game().options == expected.make_game().options and saved.title == "Test"
    # the same name again: asked, not replaced
    builder.title_box.value = "Changed"
    assert builder.save() is None and "exists already" in builder.message
    assert builder.replace_button.layout.display is None and load(written).title == "Test"
    builder.replace_button.click()
    assert load(written).title == "Changed" and builder.replace_button.layout.display == "none"


def test_a_long_hand_is_drawn_smaller_on_one_line():
    """A hand longer than HAND_LINE cards is scaled so that it takes no more width than HAND_LINE
    full-size cards (a 6 nimmt! hand at the first turn holds 10); a short hand keeps full size."""
    from mowkit.render import card_svg as draw
    from mowkit.widgets.lesson import HAND_LINE

    def widths(svgs: str) -> list[float]:
        return [float(w) for w in re.findall(r'<svg[^>]*?width="([0-9.]+)"', svgs)]

    game = load_game("sixnimmt", players=4)
    state = game.new_state(seed=3)
    full = widths(draw(game, state.hands[0][0], scale=1.0))[0]
    hand_part = lesson_drawing(state, 0).split(i18n._("hand of {seat}").split("{")[0])[-1]
    cards = [w for w in widths(hand_part) if w >= full / 2]
    assert len(state.hands[0]) == 10 and len(cards) == 10
    assert sum(cards) <= HAND_LINE * full + 1e-6 and max(cards) < full
    small = game.position(hands=[h[:5] for h in state.hands], rows=[[r[0]] for r in state.rows], reachable=False)
    short = [w for w in widths(lesson_drawing(small, 0).split(i18n._("hand of {seat}").split("{")[0])[-1])
             if w >= full / 2]
    assert short == [full] * 5
