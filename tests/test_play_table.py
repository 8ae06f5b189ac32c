"""The Play widget for a whole class: seat counts from the engine, people and computers mixed,
moves made by clicking the cards, rows and herd ends themselves, hidden hands in hot-seat, saves
that never replace a file without asking, and the end screen told once."""

from __future__ import annotations

import datetime
import json
import re

import ipywidgets as widgets
import pytest

import mowkit.i18n as i18n
from mowkit import registry
from mowkit.agents import agent_name
from mowkit.core import OptionError
from mowkit.match import resolve_game
from mowkit.records import load, replay
from mowkit.widgets.common import _LanguageToggle
from mowkit.widgets.play import Play, computer_label, default_save_name, seat_counts
from mowkit.widgets.stepper import Stepper

CARD = re.compile(r'<svg[^>]*class="card sixnimmt-card"[^>]*aria-label="(\d+) \(')


def face_up(drawing: str) -> set[int]:
    """The 6 nimmt! cards drawn face up (their SVG labels)."""
    return {int(n) for n in CARD.findall(drawing)}


def tree(w: widgets.Widget) -> list[widgets.Widget]:
    """A widget and every widget inside it that is displayed (``display: none`` cuts a branch)."""
    if getattr(w.layout, "display", None) == "none":
        return []
    out = [w]
    for child in getattr(w, "children", ()):
        out += tree(child)
    return out


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# --------------------------------------------------------------------------- seats


@pytest.mark.parametrize("game", registry.names())
def test_seat_counts_are_what_the_engine_accepts(game):
    counts = seat_counts(resolve_game(game))
    for n in range(1, 13):
        try:
            resolve_game(game, players=n)
        except OptionError:
            assert n not in counts
        else:
            assert n in counts
    assert counts == list(range(2, 11))  # both games: 2 to 10 (RULES.md)


@pytest.mark.parametrize("game", registry.names())
def test_every_seat_count_with_people_and_computers(game):
    p = Play(game, players=["human", "greedy"], seed=1, delay=0)
    assert list(p.seat_count.options) == seat_counts(p.game)
    for n in p.seat_count.options:
        p.seat_count.value = n  # the seat count, then each seat's kind
        assert len(p.seat_pickers) == n and p.seats_box.children == tuple(p.seat_pickers)
        kinds = ["human" if k % 3 == 0 else ("random" if k % 3 == 1 else "greedy") for k in range(n)]
        for picker, kind in zip(p.seat_pickers, kinds):
            picker.value = kind
        p.new_game_button.click()
        assert p.game.num_players == n == len(p.state.hands), p.message
        assert p.agent_names == kinds and p.humans == tuple(k for k in range(n) if kinds[k] == "human")
        assert p.seed_box.value == p.seed


def test_ten_players_three_people_one_round_by_clicks():
    kinds = ["human", "greedy", "random", "human", "lowest", "random", "greedy", "human", "highest", "random"]
    p = Play("sixnimmt", players=kinds, seed=4, delay=0, max_rounds=1)
    assert p.game.num_players == 10 and p.humans == (0, 3, 7)
    order = []
    while not p.state.is_over():
        assert p.pass_screen and p.hand_box.children == () and not p.targets
        p.reveal()
        who = p.viewer
        order.append(who)
        assert who in p.humans and p.targets
        p.click(p.targets[0])
    assert order[:3] == [0, 3, 7]  # the people of each turn, one after the other
    assert len(p.state.history[0]) >= 10 * p.game.hand_size


def test_seat_names_are_display_names_in_both_languages():
    p = Play("sixnimmt", players=["human", "lowest", "mc"], seed=1, delay=0)
    for lang in ("en", "ru"):
        with i18n.language(lang, notify=True):
            labels = dict((v, k) for k, v in p.seat_pickers[1].options)
            assert labels["lowest"] == computer_label("lowest") == _computer(agent_name("lowest"))
            header = p.seats_html.value  # who plays each seat: the line above the seats' table
            assert agent_name("lowest") in header and agent_name("mc") in header
            if lang == "ru":
                assert "lowest" not in header and "mc" not in header and "human" not in header
                assert all(re.search("[а-я]", k) for k, _v in p.seat_pickers[1].options)


def _computer(name: str) -> str:
    return i18n._("computer: {name}").format(name=name)


def test_hot_seat_shows_only_the_hand_on_the_screen():
    p = Play("sixnimmt", players=["human", "human", "human", "human"], seed=2, delay=0)
    s = p.state
    rows = {c for r in s.rows for c in r}
    assert p.pass_screen and face_up(p.html) == rows and p.hand_box.children == ()
    for seat in range(4):
        p.reveal()
        assert p.viewer == seat and face_up(p.html) == rows | set(p.state.hands[seat])
        assert set(p.targets) == {f"hand:{c}" for c in p.state.hands[seat]}
        p.click(f"hand:{p.state.hands[seat][0]}")
        if seat < 3:
            assert p.pass_screen and face_up(p.html) == rows  # the next person: every hand hidden


# --------------------------------------------------------------------------- clicks


def test_clicking_a_card_plays_it():
    p = Play("sixnimmt", players=["human", "greedy", "random"], seed=3, delay=0)
    card = p.state.hands[0][4]
    assert p.click(f"hand:{card}")
    mine = [a for a in p.state.history[-1] if a.player == 0]
    assert [a.card for a in mine] == [card] and card not in p.state.hands[0]
    assert not p.click("hand:999") and p.message  # nothing there: said, nothing played


def test_clicking_a_row_takes_it_under_rule_4():
    game = resolve_game("sixnimmt", players=2)
    start = game.position(hands=[[1, 50], [60, 70]], rows=[[10], [20, 21], [30], [40]], seed=0, reachable=False)
    p = Play(game, players=["human", "greedy"], seed=0, delay=0, state=start)
    p.click("hand:1")
    assert p.state.phase == "row" and p.targets == ["line:0", "line:1", "line:2", "line:3"]
    assert "row 2" in p.hits["line:1"].description
    # the prompt asks for a place only (no card of the hand can be clicked now); the header's one
    # line carries the board's title, and who plays each seat is written under the table
    assert "click a place marked in blue" in p.prompt.value and "click a card" not in p.prompt.value
    assert "chooses a row" in p.header.value and "seed 0" in p.header.value
    assert "computer, medium" not in p.header.value and "computer, medium" in p.seats_html.value
    with i18n.language("ru", notify=True):
        assert "нажмите на место" in p.prompt.value and "ряд" in p.header.value
    p.click("line:1")  # row 2 (counted from 1): 20 and 21
    assert sorted(p.state.piles[0]) == [20, 21] and p.state.rows[1] == [1]


def test_a_mow_card_with_two_ends_is_played_at_the_end_clicked():
    game = resolve_game("mow", players=3, packets="both")
    calf = next(c.id for c in game.cards if c.kind == "calf")
    low = next(c.id for c in game.cards if c.kind == "plain" and c.number == 3 and game.flies[c.id] == 0)
    high = next(c.id for c in game.cards if c.kind == "plain" and c.number == 6 and game.flies[c.id] == 0)
    start = game.position(hands=[[calf], [0], [1]], lines=[[low, high]], seed=0)
    p = Play(game, players=["human", "greedy", "random"], seed=0, delay=0, state=start)
    assert "line:0" in p.targets  # taking the herd: a click on it
    assert f"hand:{calf}" in p.targets and "end:0:low" not in p.targets
    p.click(f"hand:{calf}")  # two places: the card is selected, the two ends become targets
    assert p.selected == f"hand:{calf}" and {"end:0:low", "end:0:high"} <= set(p.targets)
    assert "now click where" in p.prompt.value
    p.click(f"hand:{calf}")  # again: not selected any more
    assert p.selected is None and "end:0:high" not in p.targets
    p.click(f"hand:{calf}")
    p.click("end:0:high")
    done = p.state.history[-1][0]
    assert done.kind == "calf" and done.card == calf and done.end == "high"
    assert [c for _v, c in p.state.herds[0]] == [low, high, calf]


def test_taking_the_herd_is_a_click_on_it():
    game = resolve_game("mow", players=3)
    nine = next(c.id for c in game.cards if c.kind == "plain" and c.number == 9 and game.flies[c.id] == 2)
    five = next(c.id for c in game.cards if c.kind == "plain" and c.number == 5)
    start = game.position(hands=[[five], [0], [1]], lines=[[2, nine]], seed=0)
    p = Play(game, players=["human", "greedy", "random"], seed=0, delay=0, state=start)
    p.click("line:0")
    assert p.state.history[-1][0].kind == "take" and nine in p.state.piles[0]


def test_every_move_is_clickable_or_a_button_and_plays_through_the_match():
    """Whole games clicked at random: every legal move is reachable (a place, or after selecting
    its card, or a button with words), and every click is the engine's action."""
    for game, kinds, seed in (("mow", ["human", "human", "greedy"], 5), ("sixnimmt", ["human", "random"], 6)):
        p = Play(game, players=kinds, seed=seed, delay=0, max_rounds=1) if game == "sixnimmt" else \
            Play(game, players=kinds, seed=seed, delay=0)
        k = 0
        while not p.state.is_over() and k < 2000:
            k += 1
            if p.pass_screen:
                p.reveal()
                continue
            reach = set()
            for hit in list(p.hits.values()):
                if hit in p.action_buttons:
                    reach.add(p.action_buttons.index(hit))
            reach |= {p.action_buttons.index(b) for b in p.move_buttons}
            for card in [t for t in p.targets if t.startswith("hand:") and p.hits[t] not in p.action_buttons]:
                p.select(card)
                reach |= {p.action_buttons.index(h) for h in p.hits.values() if h in p.action_buttons}
                reach |= {p.action_buttons.index(b) for b in p.move_buttons}
                p.select(None)
            assert reach == set(range(len(p.legal)))
            before = len(p.match.log)
            choice = p.targets[k % len(p.targets)] if p.targets else None
            if choice is not None:
                p.click(choice)
            else:
                p.move_buttons[0].click()
            assert len(p.match.log) >= before
        assert p.state.is_over()


# --------------------------------------------------------------------------- saves and the end


def test_a_default_name_per_game_that_no_file_has(tmp_path):
    game = resolve_game("mow")
    now = datetime.datetime(2026, 12, 2, 9, 30, 5)
    first = default_save_name(game, 42, tmp_path, now)
    assert first.name == "mow-2026-12-02-093005-seed42.json" and not first.exists()
    first.write_text("{}")
    second = default_save_name(game, 42, tmp_path, now)
    assert second.name == "mow-2026-12-02-093005-seed42-2.json"
    p = Play("sixnimmt", players=["human", "random"], seed=8, delay=0)
    name = p.path.value
    assert name.startswith("sixnimmt-") and name.endswith("-seed8.json")
    p.new_game(9)
    assert p.path.value != name and p.path.value.endswith("-seed9.json")


def test_save_never_replaces_a_file_without_asking(tmp_path):
    p = Play("sixnimmt", players=["human", "random"], seed=8, delay=0, max_rounds=1)
    path = tmp_path / "lesson.json"
    path.write_text("the teacher's notes")
    p.path.value = str(path)
    p.save_button.click()
    assert path.read_text() == "the teacher's notes"  # not replaced ...
    assert p.confirm_box.layout.display != "none" and "already" in p.message  # ... asked instead
    p.keep_button.click()
    assert path.read_text() == "the teacher's notes" and p.confirm_box.layout.display == "none"
    assert "kept" in p.message
    with pytest.raises(FileExistsError, match="already"):
        p.save(path)
    p.save_button.click()
    p.replace_button.click()
    assert load(path)["agents"] == ["human", "random"] and p.confirm_box.layout.display == "none"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["lesson.json"]
    fresh = tmp_path / "new.json"
    p.path.value = str(fresh)
    p.save_button.click()  # a new file: saved at once
    assert replay(json.loads(fresh.read_text()))[-1].totals == p.state.totals


def test_the_end_screen_tells_the_winner_once_with_one_save_button(tmp_path):
    p = Play("sixnimmt", players=["human", "greedy"], seed=6, delay=0, max_rounds=1, language_switch=False)
    while not p.state.is_over():
        p.click(p.targets[-1])
    shown = tree(p)
    texts = p.prompt.value + p.end_html.value + p.notice.value
    assert texts.count("Game over") == 1
    saves = [w for w in shown if isinstance(w, widgets.Button) and w.description == "save"]
    assert saves == [p.save_button]
    assert not any(isinstance(w, _LanguageToggle) for w in shown)  # the app's switch is the only one
    p.step_through_button.click()
    assert isinstance(p.stepper, Stepper)
    assert not any(isinstance(w, _LanguageToggle) for w in tree(p))


def test_stepper_counts_decisions_from_one_and_names_seats_in_words():
    p = Play("sixnimmt", players=["human", "lowest"], seed=6, delay=0, max_rounds=1)
    while not p.state.is_over():
        p.click(p.targets[0])
    s = p.open_stepper()
    n = len(s.states) - 1
    s.first()
    assert "decision 0" not in s.step_label.value and f"before decision 1 of {n}" in s.step_label.value
    s.next()
    assert f"decision 1 of {n}" in s.step_label.value
    with i18n.language("ru", notify=True):
        assert "игрок 1: человек" in s.header.value and "lowest" not in s.header.value
        assert "human" not in s.header.value and f"решение 1 из {n}" in s.step_label.value


def test_the_size_control_scales_every_card():
    p = Play("sixnimmt", players=["human", "random"], seed=1, delay=0)
    normal = p.html
    assert 'font-size="30"' in normal  # the numbers: 30 px at the default size
    p.size.value = "large"
    assert p.scale == 1.3 and 'font-size="39"' in p.html and 'font-size="30"' not in p.html
    assert "mowkit-size-large" in p._dom_classes and "mowkit-size-normal" not in p._dom_classes
    with pytest.raises(OptionError, match="size"):
        Play("sixnimmt", size="enormous")


class _Asleep:
    """A computer player that never answers."""

    name = "asleep"

    def act(self, observation, legal_actions, rng):
        import time

        time.sleep(3600)


def test_a_computer_that_never_answers_is_stopped_by_the_decision_timeout():
    from mowkit.match import AgentError

    with pytest.raises(AgentError) as e:  # with no delay the computers move as the table is set
        Play("sixnimmt", players=[_Asleep(), "random", "random"], seed=3, delay=0, decision_timeout=0.3)
    assert e.value.timeout == 0.3 and e.value.agent == "asleep"


def test_a_wrong_decision_timeout_is_named():
    from mowkit.core import OptionError

    with pytest.raises(OptionError) as e:
        Play("sixnimmt", players=["human", "random"], decision_timeout=-1)
    assert e.value.option == "decision_timeout"
