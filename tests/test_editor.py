"""Headless tests of the position editor: build positions by place() and by clicks, the engine's
refusals in plain words, stepping through and saving a position, the language switch."""

from __future__ import annotations

import gettext
import re

import pytest

from mowkit import i18n, load_game
from mowkit.core import OptionError
from mowkit.games.sixnimmt.position import SixNimmtPosition
from mowkit.records import load, replay
from mowkit.render import state_html
from mowkit.widgets import PositionEditor, Stepper
from mowkit.widgets.editor import build_position, card_name, explain_refusal

HANDS = [[60, 3, 17], [8, 99, 22], [41, 55, 70]]  # given out of order: the engine sorts a hand
ROWS = [[1, 2], [10], [30, 31, 33], [80]]
PILES = [[5, 6], [], [90]]
TOTALS = [12, 0, 7]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def small_sixnimmt(**kw):
    return PositionEditor("sixnimmt", players=3, hand_size=3, max_rounds=1, **kw)


def fill(editor, hands=HANDS, rows=ROWS, piles=PILES, totals=TOTALS):
    for p, hand in enumerate(hands):
        for c in hand:
            assert editor.place(c, f"hand:{p}")
    for i, row in enumerate(rows):
        for c in row:
            editor.place(c, f"line:{i}")
    for p, pile in enumerate(piles):
        for c in pile:
            editor.place(c, f"pile:{p}")
    for box, t in zip(editor.totals, totals):
        box.value = t


def mow_cards(game):
    """label -> card ids of the deck in use (the names a person reads)."""
    found: dict[str, list[int]] = {}
    for c in game.deck:
        found.setdefault(game.label(c), []).append(c)
    return found


# --------------------------------------------------------------------------- 6 nimmt!


def test_sixnimmt_position_by_place_is_the_engines_state():
    e = small_sixnimmt()
    assert e.check() is None and e.state is None  # nothing placed yet: refused, no traceback
    fill(e)
    assert e.parts["hands"] == HANDS and e.parts["lines"] == ROWS and e.parts["piles"] == PILES
    assert e.parts["totals"] == TOTALS
    state = e.check()
    assert state is not None and e.state is state
    assert state.hands == [sorted(h) for h in HANDS]
    assert state.rows == ROWS and state.piles == PILES and state.totals == TOTALS
    assert state.turn == 0 and state.pending_players() == (0, 1, 2)
    used = {c for group in (*HANDS, *ROWS, *PILES) for c in group}
    assert sorted(state.out) == [c for c in range(1, 105) if c not in used]
    assert e.html == state_html(state, True) and e.drawing.value == e.html
    assert "possible" in e.message
    e.place(4, "hand:0")  # any change forgets the checked state
    assert e.state is None and "4 (1 head)" in e.html and "<svg" not in e.html


def test_sixnimmt_position_by_clicking_the_card_buttons():
    e = small_sixnimmt()
    assert e.card_buttons[55].description == "55 (7 heads)" and e.card_buttons[1].description == "1 (1 head)"
    e.where.value = "hand:1"
    e.card_buttons[8].click()
    e.card_buttons[22].click()
    assert e.parts["hands"][1] == [8, 22] and e.where_is(22) == "hand:1"
    assert e.card_buttons[8].disabled and not e.card_buttons[9].disabled
    assert e.placed_buttons[8].description == "8 (1 head)"
    e.placed_buttons[8].click()  # back to the deck
    assert e.parts["hands"][1] == [22] and e.where_is(8) is None and not e.card_buttons[8].disabled
    assert 8 not in e.placed_buttons
    for where, cards in [("hand:0", HANDS[0]), ("hand:1", [8, 99]), ("hand:2", HANDS[2]),
                         *[(f"line:{i}", r) for i, r in enumerate(ROWS)]]:
        e.where.value = where
        for c in cards:
            e.card_buttons[c].click()
    e.check_button.click()
    assert e.state is not None, e.message
    assert e.state.hands == [sorted(h) for h in HANDS] and e.state.rows == ROWS
    assert e.state.piles == [[], [], []] and e.state.totals == [0, 0, 0]
    assert "deck: 88 cards left" in e.deck_title.value  # 104 - 9 in hands - 7 in rows


def test_a_card_is_in_one_place_only():
    e = small_sixnimmt()
    e.place(17, "hand:0")
    e.place(17, "line:2")  # moves, never copied
    assert e.parts["hands"][0] == [] and e.parts["lines"][2] == [17] and e.where_is(17) == "line:2"
    all_places = [c for g in ("hands", "lines", "piles") for cards in e.parts[g] for c in cards]
    assert all_places.count(17) == 1
    assert e.remove(17) and e.where_is(17) is None and not e.remove(17)
    with pytest.raises(OptionError) as err:
        e.place(17, "herd:0")
    assert err.value.option == "where"
    with pytest.raises(OptionError):
        e.place(105, "hand:0")


def test_a_descending_row_is_refused_in_plain_words():
    e = small_sixnimmt()
    fill(e, rows=[[1, 2], [40, 30], [50], [80]])
    assert e.check() is None and e.state is None
    assert e.message.startswith("Row 2: ") and "go up from left to right" in e.message
    assert "Traceback" not in e.message and "rows[1]" not in e.message
    assert "Row 2" in e.notice.value and "<svg" not in e.drawing.value  # the plain list, no drawing


def test_hands_of_unequal_size_are_refused_in_plain_words():
    e = small_sixnimmt()
    fill(e, hands=[[60, 3, 17], [8, 99, 22], [41, 55]])
    assert e.check() is None
    assert "hands" in e.message.lower() and "same number of cards" in e.message and "3, 3, 2" in e.message


def test_the_number_of_rows_is_the_engines_to_check():
    e = small_sixnimmt()
    fill(e, rows=[[1, 2], [10], [30], []])  # a row left empty
    assert e.check() is None
    assert e.message.startswith("Row 4: ") and "1 to 5 cards" in e.message
    parts = {**e.parts, "lines": [[1, 2], [10], [30]]}  # three rows for a four-row game
    with pytest.raises(OptionError) as err:
        build_position(e.game, parts)
    text = explain_refusal(e.game, err.value)
    assert "rows" in text.lower() and "4 rows" in text


def test_random_deal_is_the_engines_seeded_deal():
    e = PositionEditor("sixnimmt")
    e.random_deal(11)
    dealt = load_game("sixnimmt").new_state(11)
    assert e.parts["hands"] == dealt.hands and e.parts["lines"] == dealt.rows and e.seed_box.value == 11
    state = e.check()
    assert state.hands == dealt.hands and state.rows == dealt.rows
    e.clear()
    assert e.parts["hands"] == [[]] * 4 and all(not b.disabled for b in e.card_buttons.values())


def test_step_through_and_save_a_sixnimmt_position(tmp_path):
    e = small_sixnimmt(agents=["greedy", "lowest", "random"])
    fill(e)
    stepper = e.open_stepper()
    assert isinstance(stepper, Stepper) and e.opened.children == (stepper,)
    first = stepper.states[0]
    assert first.hands == [sorted(h) for h in HANDS] and first.rows == ROWS
    assert first.piles == PILES and first.totals == TOTALS
    assert stepper.states[-1].is_over() and len(stepper.states) == 1 + 3 * 3  # 3 turns of 3 cards
    assert stepper.record["agents"] == ["greedy", "lowest", "random"] and "position" in stepper.record

    path = e.save(tmp_path / "position.json")
    assert path == tmp_path / "position.json" and "Saved" in e.message
    record = load(path)
    again = replay(record)
    assert len(again) == 1  # the position, no decision yet
    s = again[0]
    assert s.hands == [sorted(h) for h in HANDS] and s.rows == ROWS and s.piles == PILES and s.totals == TOTALS
    opened = Stepper(path)
    assert opened.states[0].rows == ROWS


def test_a_refused_position_is_not_saved(tmp_path):
    e = small_sixnimmt()
    fill(e, rows=[[2, 1], [10], [30], [80]])
    assert e.save(tmp_path / "bad.json") is None and not (tmp_path / "bad.json").exists()
    assert e.message.startswith("Row 1: ")
    assert e.open_stepper() is None


# --------------------------------------------------------------------------- Mow


def mow_position(editor):
    """A herd 5 7 with the acrobat 7 on the 7, three cards in each hand, a cowshed, totals."""
    g = editor.game
    cards = mow_cards(g)
    five, seven, acrobat = cards["5"][0], cards["7"][0], cards["acrobat 7"][0]
    editor.place(seven, "line:0")
    editor.place(five, "line:0")
    assert editor.place(acrobat, "line:0")
    hands = [cards["1"] + cards["2"] + cards["3"], cards["4"] + cards["6"][:2], cards["9"][:3]]
    for p, hand in enumerate(hands):
        for c in hand:
            editor.place(c, f"hand:{p}")
    shed = cards["12"][:2]
    for c in shed:
        editor.place(c, "pile:0")
    return five, seven, acrobat, hands, shed


def test_mow_position_with_a_herd_and_the_arrow():
    e = PositionEditor("mow", players=3, max_rounds=1)
    g = e.game
    assert e.where.options[-1] == ("draw pile (front first)", "stock")
    cards = mow_cards(g)
    assert not e.place(cards["acrobat 9"][0], "line:0")  # no 9 to stand on: not placed, said why
    assert "acrobat" in e.message.lower() and e.where_is(cards["acrobat 9"][0]) is None
    five, seven, acrobat, hands, shed = mow_position(e)
    e.turn_box.value = 2
    e.arrow_box.value = -1
    e.totals[1].value = 4
    state = e.check()
    assert state is not None, e.message
    assert state.herds == [[(5, five), (7, seven)]] and state.acrobats == [[(acrobat, seven)]]
    assert state.arrow == -1 and state.pending_players() == (2,)
    assert state.hands == [sorted(h) for h in hands] and state.piles == [sorted(shed), [], []]
    assert state.totals == [0, 4, 0]
    placed = 3 + sum(len(h) for h in hands) + len(shed)
    assert len(state.stock) == len(g.deck) - placed  # the rest of the deck is the draw pile
    assert e.html == state_html(state, True)
    assert e.placed_buttons[acrobat].description == "acrobat 7 on 7"
    e.remove(seven)  # the acrobat standing on it goes back too
    assert e.where_is(acrobat) is None and e.parts["acrobats"] == []


def test_mow_impossible_herd_is_refused_without_a_traceback():
    e = PositionEditor("mow", players=3)
    cards = mow_cards(e.game)
    e.value_box.value = 4
    e.place(cards["slowpoke"][0], "line:0")  # a slowpoke alone: at an end of the herd
    e.place(cards["3"][0], "hand:0")
    assert e.check() is None and e.state is None
    assert "herd" in e.message.lower() and "Traceback" not in e.message


def test_step_through_and_save_a_mow_position(tmp_path):
    e = PositionEditor("mow", players=3, max_rounds=1, agents=["greedy", "random", "greedy"])
    five, seven, acrobat, hands, shed = mow_position(e)
    e.turn_box.value = 1
    stepper = e.open_stepper()
    assert stepper is not None, e.message
    first = stepper.states[0]
    assert first.herds == [[(5, five), (7, seven)]] and first.acrobats == [[(acrobat, seven)]]
    assert first.hands == [sorted(h) for h in hands] and first.pending_players() == (1,)
    assert stepper.states[-1].is_over()
    path = e.save(tmp_path / "mow.json")
    s = replay(load(path))[0]
    assert s.herds == first.herds and s.acrobats == first.acrobats and s.hands == first.hands
    assert s.piles == first.piles and s.stock == first.stock and s.arrow == first.arrow
    assert s.pending_players() == (1,)


# --------------------------------------------------------------------------- languages


def test_language_switch_relabels_with_the_russian_catalog():
    e = small_sixnimmt()
    m = PositionEditor("mow", players=3)
    assert ("row 1", "line:0") in e.where.options and e.agent_boxes[0].description == "player 1"
    i18n.set_language("ru")
    try:
        assert ("ряд 1", "line:0") in e.where.options and e.agent_boxes[2].description == "игрок 3"
        assert ("стадо 1", "line:0") in m.where.options and m.agent_boxes[0].description == "фермер 1"
        assert m.arrow_box.options[0] == ("по часовой стрелке", 1) and m.arrow_box.value == 1
    finally:
        i18n.set_language("en")
    assert ("row 1", "line:0") in e.where.options and e.agent_boxes[2].description == "player 3"
    assert m.arrow_box.options[0] == ("clockwise", 1)


class Marked(gettext.NullTranslations):
    """A stand-in catalog that marks every text it translates (so each relabelled text shows)."""

    def gettext(self, message):
        return "«" + message + "»"

    def ngettext(self, singular, plural, n):
        return "«" + (singular if n == 1 else plural) + "»"


def test_every_label_goes_through_the_catalog(monkeypatch):
    monkeypatch.setitem(i18n._catalogs, "ru", Marked())
    e = small_sixnimmt()
    fill(e, rows=[[1, 2], [40, 30], [50], [80]])
    e.check()
    english = e.message
    i18n.set_language("ru")
    try:
        for b in (e.check_button, e.step_button, e.save_button, e.clear_button, e.deal_button):
            assert b.description.startswith("«"), b.description
        assert e.where.description.startswith("«") and e.totals[0].description.startswith("«")
        assert e.card_buttons[55].description == card_name(e.game, 55)  # named again, now
        assert all(label.startswith("«") for label, _v in e.where.options)
        # made again, translated: the subject and the editor's own sentence for what is wrong (the
        # engine's English words are read in English, the sentence is told in the reader's language)
        assert e.message == "««Row 2»: «the cards must go up from left to right».»", e.message
        assert "«" in e.deck_title.value
    finally:
        i18n.set_language("en")
    assert e.check_button.description == "check" and e.message == english


def test_a_refusal_is_one_plain_sentence_in_russian_too():
    """The real Russian catalog: the same plain sentence as in English, no engine wording left over."""
    e = small_sixnimmt()
    fill(e, rows=[[1, 2], [40, 30], [50], [80]])
    assert e.check() is None and e.message == "Row 2: the cards must go up from left to right."
    with i18n.language("ru"):
        e.check()
        russian = e.message
        expected = i18n._("{subject}: {problem}.").format(subject=i18n._("Row {n}").format(n=2),
                                                          problem=i18n._("the cards must go up from left to right"))
    assert russian == expected and russian != "Row 2: the cards must go up from left to right.", russian
    assert "1..5" not in russian and not re.search("[A-Za-z]", russian)


def test_a_notice_of_the_editor_is_not_replaced_by_a_check_on_switching(monkeypatch):
    monkeypatch.setitem(i18n._catalogs, "ru", Marked())
    m = PositionEditor("mow", players=3)
    acrobat = mow_cards(m.game)["acrobat 9"][0]
    assert not m.place(acrobat, "line:0")
    notice = m.message
    i18n.set_language("ru")
    try:
        assert m.message == notice and m.check_button.description == "«check»"
    finally:
        i18n.set_language("en")


def test_a_slowpoke_in_a_herd_stands_for_the_value_given(tmp_path):
    e = PositionEditor("mow", players=3, max_rounds=1)
    cards = mow_cards(e.game)
    five, seven, slowpoke = cards["5"][0], cards["7"][0], cards["slowpoke"][0]
    e.place(five, "line:0")
    e.place(seven, "line:0")
    e.value_box.value = 6
    e.place(slowpoke, "line:0")
    assert e.placed_buttons[slowpoke].description == "slowpoke as 6"
    for p, label in enumerate(["1", "2", "3"]):
        e.place(cards[label][0], f"hand:{p}")
    state = e.check()
    assert state is not None, e.message
    assert state.herds == [[(5, five), (6, slowpoke), (7, seven)]]
    target = tmp_path / "slowpoke.json"
    path = e.save(target)
    if path is None:  # an engine that cannot build a slowpoke pair from JSON: said, nothing written
        assert "cannot be recorded" in e.message and not target.exists()
    else:
        assert replay(load(path))[0].herds == state.herds


class Wrapped:
    """A stand-in engine that notes the position values it is given and builds them with today's engine."""

    def __init__(self, game):
        self.inner = game
        self.calls = []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def state_at(self, position):
        self.calls.append(position)
        return self.inner.state_at(position)


def test_build_position_hands_the_engine_the_games_position_value():
    game = load_game("sixnimmt", players=3, hand_size=3)
    parts = {"hands": HANDS, "lines": ROWS, "piles": PILES, "totals": TOTALS, "seed": 4}
    wrapped = Wrapped(game)
    state, used = build_position(wrapped, parts, with_arguments=True)
    assert wrapped.calls == [SixNimmtPosition(hands=tuple(map(tuple, HANDS)), rows=tuple(map(tuple, ROWS)),
                                              piles=tuple(map(tuple, PILES)), totals=tuple(TOTALS), seed=4)]
    assert "rows" in used and "lines" not in used and state.rows == ROWS and state.totals == TOTALS
    assert game.position(**used).rows == ROWS  # the position kept as JSON builds the same position again

    class Broken(Wrapped):
        def state_at(self, position):
            raise TypeError("a bug inside the engine")

    with pytest.raises(TypeError, match="a bug inside the engine"):  # passes through as it is
        build_position(Broken(game), parts)


@pytest.mark.parametrize("name", ["sixnimmt", "mow"])
def test_play_from_the_position(name):
    """"play" starts the play widget from the checked position (seat 1 a person), and its record
    stores that starting position."""
    e = PositionEditor(name, language_switch=False)
    e.random_deal(3)
    state = e.check()
    assert state is not None and e.play_available
    play = e.open_play()
    assert play is not None and play.humans == (0,)
    assert play.state.hands[0] == state.hands[0] and play.state.round_index == state.round_index
    record = play.record()
    assert record["position"] is not None
    play.new_game(5)  # a new game starts from the same position again
    assert play.state.hands[0] == state.hands[0]


# --------------------------------------------------------------------------- labels never cut off

CHAR_PX = 8.5  # a generous width of one letter of the widgets' 13 px sans-serif labels


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _px(width):
    m = re.fullmatch(r"(\d+)px", str(width or ""))
    return int(m.group(1)) if m else None


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
def test_no_label_is_cut_off(lang, game):
    """Every labelled box sizes its label to its words (``description_width: initial``) and is wide
    enough for the label and its value; the seed box shows a 6-digit seed (and more) in full."""
    import ipywidgets as widgets

    i18n.set_language(lang)
    ed = PositionEditor(game, seed=627816)
    checked = 0
    for w in _walk(ed):
        text = getattr(w, "description", "")
        if not text or isinstance(w, (widgets.Button, widgets.Checkbox)):
            continue
        assert w.style.description_width == "initial", (lang, text)
        if isinstance(w, widgets.ToggleButtons):
            assert w.style.button_width == "auto", (lang, text)
            continue
        width = _px(w.layout.width)
        assert width is not None, (lang, text, w.layout.width)
        labels = [str(o[0]) if isinstance(o, tuple) else str(o) for o in getattr(w, "options", ())]
        room = max([len(label) for label in labels] + [10]) * CHAR_PX + 30
        assert width >= len(text) * CHAR_PX + room, (lang, text, width)
        checked += 1
    assert checked >= 6
    seed_room = _px(ed.seed_box.layout.width) - len(ed.seed_box.description) * CHAR_PX
    assert ed.seed_box.value == 627816 and seed_room >= len("6278160000") * CHAR_PX + 20
