"""Headless tests of the play-in-class widget: hot-seat, computers moving by themselves, the end
screen, seeds, records, the step-through stepper, the language switch and refused moves."""

from __future__ import annotations

import asyncio
import re

import numpy as np
import pytest

import mowkit.i18n as i18n
from mowkit.core import IllegalActionError, OptionError, Outcome
from mowkit.games.mow import TakeHerd
from mowkit.games.sixnimmt import Play as PlayCard
from mowkit.games.sixnimmt import heads
from mowkit.records import load, replay
from mowkit.render import card_svg
from mowkit.widgets.play import Play, language_toggle
from mowkit.widgets.stepper import Stepper

CARD = re.compile(r'<svg[^>]*class="card sixnimmt-card"[^>]*aria-label="([^"]*)"')


def face_up(drawing: str) -> set[int]:
    """The 6 nimmt! cards drawn face up in a drawing (read from each card's SVG label)."""
    found = set()
    for label in CARD.findall(drawing):
        m = re.search(r"(\d+) \(", label)
        assert m, label
        found.add(int(m.group(1)))
    return found


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# --------------------------------------------------------------------------- hot-seat


def test_hot_seat_sixnimmt_round_two_people_and_a_computer():
    p = Play("sixnimmt", ["greedy"], humans=(0, 2), seed=5, delay=0, max_rounds=1)
    s = p.state
    assert p.humans == (0, 2) and p.agent_names == ["human", "greedy", "human"]
    # the computer (player 2) laid its card by itself; the screen waits for player 1
    assert 1 in s.chosen and 0 not in s.chosen and 2 not in s.chosen
    # ... and it is the greedy card of its hand, recomputed on a fresh position with the same cards
    from mowkit.agents import make_agent

    card = s.chosen[1]
    assert set(s.chosen) == {1} and card not in s.hands[1]
    before = p.game.position(hands=[s.hands[0], sorted(s.hands[1] + [card]), s.hands[2]], rows=s.rows, seed=0)
    assert make_agent("sixnimmt", "greedy").act(before.observation(1), before.legal_actions(1), np.random.default_rng(0)) \
        == PlayCard(1, card)
    assert p.pass_screen and p.pass_to == 0 and not p.action_buttons and not p.legal
    assert "Pass the device to player 1" in p.prompt.value
    assert p.reveal_button.description == "I am player 1, show my hand"
    assert p.reveal_button.layout.display != "none"
    row_cards = {c for r in s.rows for c in r}
    drawn = face_up(p.html)
    assert row_cards <= drawn  # the reader sees cards on the table ...
    assert not drawn & (set(s.hands[0]) | set(s.hands[2]))  # ... but no card of either hand
    assert p.coach_panel.advice is None and "hidden" in p.coach_panel.text

    turns = passes = 0
    while not p.state.is_over():
        s = p.state
        assert p.pass_screen, "between two different people the screen hides the hands"
        shown_before = p.viewer  # None before anybody was shown
        who = p.pass_to
        assert who != shown_before and who in (0, 2)
        other = 2 if who == 0 else 0
        hidden = set(s.hands[0]) | set(s.hands[2]) | {c for q, c in s.chosen.items() if q != 1}
        assert not face_up(p.html) & hidden
        assert p.reveal()
        passes += 1
        # only this person's hand is on the screen, and exactly their legal moves are offered
        assert not p.pass_screen and p.seat == who and p.shown == who
        drawn = face_up(p.html)
        public = {c for r in s.rows for c in r} | {c for c, _q in s.queue}  # rows, cards revealed this turn
        assert drawn == public | set(s.hands[who])  # ... and this hand only
        assert not drawn & set(s.hands[other])
        legal = p.state.legal_actions(who)
        assert p.legal == legal and len(p.action_buttons) == len(legal)
        # a person decides (by the button's click handler) until the device must be passed
        while not p.state.is_over() and not p.pass_screen:
            assert p.my_turn() and p.current_human() == p.seat
            assert not p.computers_pending(), "the computer moved by itself (delay 0)"
            p.action_buttons[0].click()
            turns += 1
    assert turns >= 2 * p.game.hand_size  # each person laid every card of the hand
    assert passes >= p.game.hand_size  # the device went from one person to the other every turn
    assert p.state.is_over() and p.end_text.startswith("Game over")
    assert p.shown is True  # the game is over: nothing left to hide
    # the computer's decisions were all applied by the widget, never by a click
    assert len(p.state.history[0]) >= 3 * p.game.hand_size


def test_hot_seat_refuses_moves_for_a_hidden_or_waiting_person():
    p = Play("sixnimmt", ["random", "random"], humans=(0, 1), seed=2, delay=0)
    before = p.state.clone()
    assert p.pass_screen and not p.attempt(PlayCard(0, p.state.hands[0][0]))
    assert "hands are hidden" in p.message and "player 1" in p.message
    p.reveal()
    assert not p.attempt(PlayCard(1, p.state.hands[1][0]))  # player 2 waits for the device
    assert "player 2" in p.message and "player 1's hand is on the screen" in p.message
    assert p.state.history == before.history and p.state.hands == before.hands
    assert p.attempt(PlayCard(0, p.state.hands[0][0]))
    assert p.pass_screen and p.pass_to == 1 and p.message == ""


def test_one_person_never_sees_a_pass_screen_and_computers_wait_without_an_event_loop():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=2, seed=9, delay=0.5)
    assert not p.pass_screen and p.seat == 2 and p.my_turn()
    assert p.computers_pending() == [0, 1, 3]  # no running loop in a test: they wait for a call
    assert "press" in p.prompt.value.lower() or p.legal
    assert p.run_computers() == 3 and not p.computers_pending()
    p.action_buttons[0].click()
    assert not p.pass_screen and p.seat == 2


def test_computers_move_by_themselves_on_the_event_loop():
    async def main() -> Play:
        p = Play("mow", ["greedy", "random"], seat=0, seed=4, delay=0.01)
        for _ in range(200):  # the first decision may be a computer's
            if p.my_turn():
                break
            await asyncio.sleep(0.01)
        p.action_buttons[0].click()
        moved = len(p._log)
        for _ in range(2000):
            if p.my_turn() or p.state.is_over():
                break
            await asyncio.sleep(0.01)
        assert len(p._log) > moved, "the computers moved with nobody calling them"
        p.close()
        return p

    p = asyncio.run(main())
    assert p.my_turn() or p.state.is_over()
    assert not p.computers_pending()


def test_the_coach_advises_only_the_person_on_the_screen():
    p = Play("sixnimmt", ["greedy"], humans=(0, 2), seed=5, delay=0, coach=True)
    assert p.pass_screen and p.coach_panel.advice is None and "hidden" in p.coach_panel.text
    p.reveal()
    assert p.coach_panel.advice is not None and p.coach_panel.advice.player == 0
    p.action_buttons[0].click()
    assert p.pass_screen and p.pass_to == 2 and p.coach_panel.advice is None
    p.reveal()
    assert p.coach_panel.advice is not None and p.coach_panel.advice.player == 2
    p.new_game(5, ["greedy", "random", "human"])  # the seats change: the coach follows the person
    assert p.humans == (2,) and p.coach_panel.advice is not None and p.coach_panel.advice.player == 2
    p.close()


# --------------------------------------------------------------------------- Mow to the end


def test_whole_mow_game_through_the_widget_and_the_end_screen():
    p = Play("mow", ["greedy", "random"], seat=1, seed=3, delay=0)
    rng = np.random.default_rng(0)
    for _ in range(3000):
        if p.state.is_over():
            break
        assert p.my_turn() and p.current_human() == 1 and not p.computers_pending()
        assert p.shown == 1 and all(card_svg(p.game, c) in p.html for c in p.state.hands[1])
        assert p.html.count('class="card mow-card') == len(p.state.hands[1]) + sum(
            len(h) + len(a) for h, a in zip(p.state.herds, p.state.acrobats)) + len(p.state.unscored)
        labels = [b.description for b in p.action_buttons]
        assert not any(re.search(r"farmer 0\b", x) for x in labels)
        p.action_buttons[int(rng.integers(len(p.action_buttons)))].click()
    assert p.state.is_over() and not p.action_buttons and p.continue_button.disabled
    out = Outcome.of(p.state.totals)
    lines = p.end_text.splitlines()
    winners = re.match(r"Game over: farmers? ([\d, and]+) (wins|share the win) with (\d+) fl", lines[0])
    assert winners, lines[0]
    assert [int(x) - 1 for x in re.findall(r"\d+", winners.group(1))] == list(out.winners)
    seen = []
    for line in lines[1:]:
        m = re.match(r"(\d+)(st|nd|rd|th)(, shared)?: farmers? ([\d, and]+) with (\d+) fl(y|ies)", line)
        assert m, line
        seats = [int(x) - 1 for x in re.findall(r"\d+", m.group(4))]
        assert bool(m.group(3)) == (len(seats) > 1)
        for q in seats:
            assert out.ranks[q] == int(m.group(1)) and out.totals[q] == int(m.group(5))
        seen += seats
    assert sorted(seen) == list(range(p.game.num_players))
    assert p.end_box.layout.display != "none" and "1st" in p.end_html.value


def test_end_screen_buttons_step_through_and_save(tmp_path):
    p = Play("sixnimmt", ["greedy", "random"], seat=0, seed=6, delay=0, max_rounds=1)
    while not p.state.is_over():
        p.action_buttons[-1].click()
    p.step_through_button.click()
    s = p.stepper
    assert isinstance(s, Stepper) and s in p.stepper_box.children
    assert s.index == len(s.states) - 1
    assert s.state.totals == p.state.totals and s.state.history == p.state.history
    p.path.value = str(tmp_path / "class game.json")
    p.end_save_button.click()
    path = tmp_path / "class game.json"
    assert str(path.resolve()) in p.message and "Saved" in p.notice.value
    rec = load(path)
    assert rec["agents"] == ["human", "greedy", "random"]
    assert replay(rec)[-1].totals == p.state.totals
    assert [f.name for f in tmp_path.iterdir()] == ["class game.json"]  # no temporary file left


# --------------------------------------------------------------------------- seeds


def test_random_seed_is_shown_and_replays_the_same_deal():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=1, delay=0)
    first = [list(h) for h in p.state.hands]
    p.random_seed_button.click()
    seed = p.seed
    assert p.seed_box.value == seed and str(seed) in p.message and f"seed {seed}" in p.header.value
    hands, rows, chosen = [list(h) for h in p.state.hands], [list(r) for r in p.state.rows], dict(p.state.chosen)
    assert len(chosen) == 3  # the computers chose at once
    p.new_game(seed + 1)
    assert [list(h) for h in p.state.hands] != hands  # another seed, another deal
    p.seed_box.value = seed
    p.new_game_button.click()  # the seed typed in the box
    assert p.seed == seed and [list(h) for h in p.state.hands] == hands
    assert [list(r) for r in p.state.rows] == rows and dict(p.state.chosen) == chosen
    p.new_game(1)
    assert [list(h) for h in p.state.hands] == first


def test_seat_picker_changes_the_seats_of_the_next_game():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=1, delay=1.0)
    values = [v for _label, v in p.seat_pickers[1].options]
    assert values[:4] == ["human", "random", "greedy", "planner"]
    labels = dict((v, k) for k, v in p.seat_pickers[1].options)
    assert labels["random"] == "computer, easy" and labels["planner"] == "computer, strong"
    p.seat_pickers[2].value = "human"
    p.new_game_button.click()
    assert p.humans == (0, 2) and p.agent_names == ["human", "greedy", "human", "random"]
    assert p.pass_screen and p.pass_to == 0


def test_players_and_difficulty_words():
    from mowkit.games.mow.agents import GreedyAgent, RandomAgent
    from mowkit.games.mow.planner import MowPlanner

    p = Play("mow", players=["easy", "human", "strong", "medium"], seed=0, delay=1.0)
    assert p.agent_names == ["random", "human", "planner", "greedy"] and p.humans == (1,)
    assert isinstance(p.agents[0], RandomAgent) and isinstance(p.agents[2], MowPlanner)
    assert isinstance(p.agents[3], GreedyAgent)
    q = Play("mow", computers=["easy"], humans=(0, 2), delay=1.0)
    assert q.agent_names == ["human", "random", "human"]
    r = Play("sixnimmt", players=3, humans=(1,), delay=1.0)
    assert r.agent_names == ["greedy", "human", "random"]
    with pytest.raises(OptionError) as e:
        Play("sixnimmt", ["greedy"], humans=(0, 5))
    assert e.value.option == "humans"
    with pytest.raises(OptionError) as e:
        Play("sixnimmt", ["greedy"], players=["human", "easy"])
    assert e.value.option == "players"
    with pytest.raises(OptionError) as e:
        Play("sixnimmt", ["greedy"], delay=3)
    assert e.value.option == "delay"
    with pytest.raises(OptionError) as e:
        Play("sixnimmt", players=["human", "nobody"])
    assert e.value.option == "agent"
    with pytest.raises(OptionError) as e:
        Play("sixnimmt", ["greedy"], seed="seven")
    assert e.value.option == "seed"
    assert Play("sixnimmt", ["greedy"], auto=True).delay.value == 0  # auto: the computers at once
    # a new game with a seat list that cannot be played is refused, the game on the screen kept
    history = [list(h) for h in r.state.history]
    with pytest.raises(OptionError):
        r.new_game(3, ["human", "nobody", "human"])
    assert r.seed == 0 and [list(h) for h in r.state.history] == history


# --------------------------------------------------------------------------- words


def test_move_labels_count_from_one_and_name_cards():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=3, delay=0)
    for a, b in zip(p.legal, p.action_buttons):
        m = re.fullmatch(r"(\d+) \((\d+) heads?\)", b.description)
        assert m and int(m.group(1)) == a.card and int(m.group(2)) == heads(a.card)
    # play until a row must be taken by the person: "take row N (k cards, h heads)" from 1
    for seed in range(40):
        p.new_game(seed)
        while not p.state.is_over() and p.state.phase != "row":
            p.action_buttons[0].click()
        if p.state.phase == "row":
            break
    assert p.state.phase == "row"
    for a, b in zip(p.legal, p.action_buttons):
        row = p.state.rows[a.row]
        m = re.fullmatch(r"take row (\d) \((\d) cards?, (\d+) heads?\)", b.description)
        assert m and int(m.group(1)) == a.row + 1 and int(m.group(2)) == len(row)
        assert int(m.group(3)) == sum(heads(c) for c in row)


def test_language_switch_relabels_everything():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=3, delay=0)

    def labels():
        return ([d.description for d in p.seat_pickers] + [b.description for b in p.action_buttons]
                + [p.html, p.header.value, p.prompt.value])

    english = labels()
    toggle = language_toggle()
    assert p.language.value == "en" and toggle.value == "en"
    p.language.value = "ru"  # the switch in the widget sets the kit's language ...
    assert i18n.get_language() == "ru" and toggle.value == "ru"  # ... and every switch follows
    russian = labels()
    assert russian != english
    assert all(re.search("[а-яА-Я]", d.description) for d in p.seat_pickers)
    assert re.search("[а-яА-Я]", p.html) and re.search("[а-яА-Я]", p.seats_html.value)
    i18n.set_language("en")
    assert p.language.value == "en" and labels() == english
    toggle.close()
    # inside an app with its own switch the widget's is hidden, and it still follows the language
    q = Play("mow", ["greedy", "random"], seat=0, seed=1, delay=0, language_switch=False)
    assert q.language.layout.display == "none"
    with i18n.language("ru", notify=True):
        assert q.seat_pickers[0].description.startswith("фермер")
    assert q.seat_pickers[0].description == "farmer 1"


def test_sentences_are_the_engine_events_told_once():
    from mowkit.narrate import sentences

    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=3, delay=0)
    p.action_buttons[0].click()
    told = sentences(p.state.game, p.state.events)  # the narrator's words for the last decision's events
    assert told and all(s in p.sentences for s in told)
    joined = " ".join(s for _who, said in p.recent for s in said)
    assert all(s in joined for s in told)


# --------------------------------------------------------------------------- refusals


def test_illegal_attempt_is_explained_and_changes_nothing():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=3, delay=0)
    before = p.state.clone()
    not_mine = next(c for c in range(1, 105) if c not in p.state.hands[0])
    with pytest.raises(IllegalActionError) as e:
        before.clone().apply(PlayCard(0, not_mine))
    assert not p.attempt(PlayCard(0, not_mine))
    assert p.message == f"Not allowed: {e.value.message}" and p.last_error.rule == e.value.rule
    assert "Not allowed" in p.notice.value and "#b00020" in p.notice.value
    assert p.state.hands == before.hands and p.state.history == before.history
    assert not p.attempt(PlayCard(2, p.state.hands[2][0]))
    assert p.message.startswith("player 3 is played by the computer")
    assert not p.attempt("take row 1")  # not a move at all
    assert "not a move" in p.message and p.state.history == before.history
    m = Play("mow", ["greedy", "random"], seat=0, seed=1, delay=0)
    with pytest.raises(IllegalActionError) as e:
        m.state.clone().apply(TakeHerd(0))
    assert not m.attempt(TakeHerd(0)) and e.value.message in m.message and m.state.history == [[]]


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
def test_the_end_screen_says_the_winner_once(game):
    """Item 10 of issue 20: the narrator's "game over" sentence and the end screen's are the same
    words; the end screen says them once (not again under "what happened"), in both languages."""
    p = Play(game, players=["greedy", "random", "greedy"], seed=7, delay=0, language_switch=False)
    p.run_computers()
    assert p.state.is_over()
    for lang in ("en", "ru"):
        with i18n.language(lang, notify=True):
            winner = p._winner_sentence()
            shown = p.end_html.value + p.events_box.value + p.prompt.value + p.notice.value
            assert shown.count(winner) == 1, (lang, winner)
            assert p.sentences.count(winner) == 1  # the game's story keeps it
