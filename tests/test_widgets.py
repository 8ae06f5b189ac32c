"""Headless tests of the game widgets: build them, click, set values, check state and display."""

from __future__ import annotations

import base64
import json
import re

import numpy as np
import pandas as pd
import pytest

from mowkit import RecordError, load_game
from mowkit.data import data_dir
from mowkit.games.mow import TakeHerd
from mowkit.games.sixnimmt import Play as PlayCard
from mowkit.games.sixnimmt import heads
from mowkit.games.sixnimmt.cards_svg import sixnimmt_card_svg
from mowkit.narrate import sentence, sentences
from mowkit.records import load, replay
from mowkit.render import state_html
from mowkit.results import per_game, summary
from mowkit.simulate import play_game
from mowkit.tournament import tournament
from mowkit.widgets import OutcomeExplorer, Play, Stepper

AGENTS = ["random", "greedy", "lowest", "highest"]


@pytest.fixture(scope="module")
def record():
    return play_game(load_game("sixnimmt", players=4), AGENTS, seed=7)


# --------------------------------------------------------------------------- stepper


def test_stepper_buttons_and_slider(record):
    s = Stepper(record)
    states = replay(record)
    n = len(states) - 1
    assert s.index == 0 and s.slider.max == n
    assert s.html == state_html(states[0], True) and s.table.value == s.html
    assert s.prev_button.disabled and s.first_button.disabled and not s.next_button.disabled
    first_html, first_text = s.html, s.explanation
    s.next_button.click()
    assert s.index == 1
    assert s.html == state_html(states[1], True) != first_html
    assert s.explanation != first_text and "Player 1" in s.explanation  # seats counted from 1
    s.last_button.click()
    assert s.index == n and s.next_button.disabled and "Game over" in s.explanation
    assert s.state.totals == record["totals"]
    s.prev_button.click()
    assert s.index == n - 1
    s.slider.value = 10
    assert s.index == 10 and s.html == state_html(states[10], True)
    assert s.explanation_box.value and sentence(s.game, states[10].events[-1]) in s.explanation
    s.first_button.click()
    assert s.index == 0
    s.index = 10_000  # clamped, not an error
    assert s.index == n


def test_stepper_sentences_are_the_engine_events(record):
    s = Stepper(record)
    found = {}
    for i, state in enumerate(s.states[1:], start=1):
        s.index = i
        assert all(t in s.explanation for t in sentences(s.game, state.events))
        for rule in ("Rule 3 (sixth cow)", "Rule 4", "smallest difference"):
            if rule in s.explanation and rule not in found:
                found[rule] = i
    assert "smallest difference" in found and "Rule 3 (sixth cow)" in found


def test_stepper_one_players_view_hides_other_hands(record):
    s = Stepper(record, perspective=2)
    s.index = 1  # player 0 has laid a card face down
    assert s.html == state_html(s.state, 2)
    assert "9 cards" in s.html and str(record["rounds"][0]["decisions"][0]["card"]) not in s.explanation
    assert "face down" in s.explanation
    s.perspective.value = "all"
    assert s.html == state_html(s.state, True)
    assert f"Player 1: play {record['rounds'][0]['decisions'][0]['card']} (" in s.explanation
    s.perspective.value = 0  # own card is shown in one's own view
    assert "Player 1: play" in s.explanation
    s.perspective.value = 1  # seat 1, not "all hands" (True == 1 must not clash)
    assert s.html == state_html(s.state, 1) != state_html(s.state, True)


def test_stepper_mow_from_seed_and_rounds():
    s = Stepper.from_seed("mow", ["random", "greedy", "random"], seed=7, players=3)
    assert s.record["agents"] == ["random", "greedy", "random"] and s.record["seed"] == 7
    assert s.html == state_html(s.states[0], True)
    s.next()
    assert s.explanation.startswith("Farmer ") and s.explanation == "\n".join(sentences(s.game, s.states[1].events))
    s.goto_round(1)
    assert s.state.round_index == 1 and s.states[s.index - 1].round_index == 0
    s.perspective.value = 1
    assert s.html == state_html(s.state, 1)


def test_stepper_opens_files_and_refuses_damaged_ones(tmp_path, record):
    s = Stepper(data_dir() / "records" / "sixnimmt_4p_seed7.json", index=-1)
    assert s.index == len(s.states) - 1 and s.state.is_over()
    bad = json.loads(json.dumps(record))
    bad["rounds"][0]["decisions"][0]["card"] = 200
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(RecordError, match="bad.json"):
        Stepper(path)


# --------------------------------------------------------------------------- play


def test_play_offers_exactly_the_legal_actions():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=1, seed=3)
    assert p.my_turn() and p.legal == p.state.legal_actions(1)
    assert len(p.action_buttons) == len(p.legal) == len(p.state.hands[1])
    for a, b in zip(p.legal, p.action_buttons):  # each card by its name: "55 (7 heads)"
        n = heads(a.card)
        assert b.description == f"{a.card} ({n} {'head' if n == 1 else 'heads'})"
    assert "hand" in p.html and all(sixnimmt_card_svg(c, game=p.game) in p.html for c in p.state.hands[1])
    assert not any(sixnimmt_card_svg(c, game=p.game) in p.html for q in (0, 2, 3) for c in p.state.hands[q])
    assert f"{len(p.state.hands[0])} cards" in p.html  # other hands hidden: only their size


def test_play_illegal_moves_are_refused_and_explained():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=3)
    before = p.state.clone()
    not_mine = next(c for c in range(1, 105) if c not in p.state.hands[0])
    assert not p.attempt(PlayCard(0, not_mine))
    assert p.last_error is not None and p.last_error.message in p.message
    assert "does not hold" in p.notice.value and str(not_mine) in p.message
    assert p.state.hands == before.hands and p.state.history == before.history
    assert not p.attempt(PlayCard(2, p.state.hands[2][0]))  # another seat's card: not yours to play
    assert "player 3 is played by the computer (computer, easy)" in p.message
    assert p.state.history == before.history
    assert all(b.description != str(not_mine) and not b.description.startswith(f"{not_mine} (")
               for b in p.action_buttons)
    m = Play("mow", ["greedy", "random"], seat=0, seed=1)
    assert not m.attempt(TakeHerd(0))  # an empty herd must be started
    assert m.message.startswith("Not allowed: ") and m.last_error is not None
    assert m.last_error.message in m.message and m.state.history == [[]]


def test_play_step_by_step_and_auto():
    p = Play("sixnimmt", ["greedy", "random", "random"], seat=1, seed=5, max_rounds=1)
    # no event loop in a test: with a delay the computers wait for "next computer move"
    p.action_buttons[0].click()
    assert p.state.chosen == {1: p.state.history[-1][0].card}
    assert p.agents_pending() == [0, 2, 3] and not p.continue_button.disabled
    p.continue_button.click()
    assert p.agents_pending() == [2, 3] and "player 1 (computer, medium)" in p.events_box.value
    assert p.run_agents() == 2 + 3  # turn 1 is revealed, then the agents lay their turn-2 cards
    assert p.state.turn == 1 and p.my_turn() and not p.agents_pending()
    assert "revealed" in " ".join(p.sentences)
    p.delay.value = 0  # the computers now move at once
    while not p.state.is_over():
        assert p.my_turn() and p.action_buttons
        p.action_buttons[-1].click()
    assert "Game over" in p.end_html.value and not p.action_buttons and p.continue_button.disabled
    assert "Game over" not in p.prompt.value  # the winner is told once
    assert p.end_text.startswith("Game over") and "1st" in p.end_text


def _play_out(p: Play, rng: np.random.Generator, screens: list[list[str]] | None = None) -> set[str]:
    """Click through the game at random; the button texts seen (and each screen's in ``screens``)."""
    seen = set()
    for _ in range(5000):
        if p.state.is_over():
            break
        if p.action_buttons:
            seen.update(b.description for b in p.action_buttons)
            if screens is not None:
                screens.append([b.description for b in p.action_buttons])
            p.action_buttons[int(rng.integers(len(p.action_buttons)))].click()
        else:
            p.continue_button.click()
    return seen


def test_play_mow_offers_herd_placements_take_flip_and_next_farmer():
    p = Play("mow", ["greedy", "random", "random", "random", "random"], seat=0, seed=11, packets="both")
    screens: list[list[str]] = []
    seen = _play_out(p, np.random.default_rng(0), screens)
    assert p.state.is_over()
    assert "take the herd" in seen and any(s.startswith("add ") for s in seen)
    assert {"turn the arrow round", "keep the arrow"} <= seen
    nexts = {int(m.group(1)) for s in seen if (m := re.fullmatch(r"farmer (\d+) plays next", s))}
    assert nexts and nexts <= set(range(1, 7))  # farmers counted from 1
    assert 1 not in nexts  # the person is farmer 1 and chooses another farmer (yellow_next)
    # every time the person chooses, it is offered each other farmer exactly once: farmers 2 to 6
    choices = [[int(m.group(1)) for s in screen if (m := re.fullmatch(r"farmer (\d+) plays next", s))]
               for screen in screens]
    choices = [c for c in choices if c]
    others = list(range(2, p.game.players + 1))
    assert p.game.players == 6 and choices and all(sorted(c) == others for c in choices), choices


def test_play_save_and_reopen_in_stepper(tmp_path):
    p = Play("mow", ["greedy", "random"], seat=1, seed=2)
    _play_out(p, np.random.default_rng(1))
    assert p.state.is_over()
    path = p.save(tmp_path / "mine.json")
    assert "Saved" in p.notice.value and [f.name for f in tmp_path.iterdir()] == ["mine.json"]
    rec = load(path)
    assert rec["agents"] == ["greedy", "human", "random"] and rec["totals"] == p.state.totals
    s = p.open_stepper()
    assert s.index == len(s.states) - 1 and s.state.totals == p.state.totals
    assert Stepper(path).states[-1].totals == p.state.totals
    # an unfinished game saves too, via the button and the path field
    q = Play("sixnimmt", ["random", "random"], seat=0, seed=4)
    q.action_buttons[0].click()
    q.path.value = str(tmp_path / "unfinished.json")
    q.save_button.click()
    assert not load(tmp_path / "unfinished.json")["over"]
    assert q.open_stepper(perspective=0).slider.max == 1


# --------------------------------------------------------------------------- explorer


@pytest.fixture(scope="module")
def explorer():
    return OutcomeExplorer("sixnimmt", players=4, agents=["greedy", "heuristic", "random", "random"],
                           n_games=8, seed=3, run=True)


def test_explorer_runs_the_tournament_with_progress(explorer):
    want = tournament("sixnimmt", ["greedy", "heuristic", "random", "random"], 8, seed=3, players=4,
                      progress=False)
    pd.testing.assert_frame_equal(explorer.table, want)
    assert explorer.progress.value == explorer.progress.max == 8
    assert explorer.progress_calls[-1] == (8, 8) and len(explorer.progress_calls) > 1
    shown = explorer.summary_html.value
    assert "8 games" in explorer.status.value and "<th>heads per round</th>" in shown
    assert "<th>win rate, 95 % interval</th>" in shown and "mean_penalty" not in shown and "win_lo" not in shown


def test_explorer_speaks_the_language_chosen_later(explorer):
    from mowkit.i18n import set_language

    try:
        set_language("ru")
        assert "<th>голов за тур</th>" in explorer.summary_html.value and "heads per round" not in explorer.summary_html.value
        assert explorer.agents_box.children[0].description == "место 1" and explorer.players.description == "игроки"
    finally:
        set_language("en")
    assert "<th>heads per round</th>" in explorer.summary_html.value and explorer.agents_box.children[1].description == "seat 2"
    assert "8 games" in explorer.status.value


def test_explorer_chart_data_equal_the_table(explorer):
    df = explorer.table
    games = per_game(df)
    hist = explorer.figures["penalties"]
    assert sorted(t.name for t in hist.data) == sorted(df["agent"].unique())
    for trace in hist.data:
        totals = games.loc[games["agent"] == trace.name, "final_total"]
        shares = totals.value_counts(normalize=True).sort_index()
        assert list(trace.x) == list(shares.index) and np.allclose(trace.y, shares.to_numpy())
    bars = explorer.figures["wins"].data[0]
    s = summary(df)
    assert list(bars.x) == list(s["agent"]) and np.allclose(bars.y, s["win_rate"])
    outputs = explorer.charts.outputs
    assert len(outputs) == len(explorer.figures) == 3
    shown = outputs[1]["data"]["application/vnd.plotly.v1+json"]["data"][0]
    assert np.allclose(_array(shown["y"]), s["win_rate"])


def _array(value):
    """A plotly JSON array: a list, or a typed array ``{"dtype": ..., "bdata": base64}``."""
    if isinstance(value, dict):
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=value["dtype"])
    return np.asarray(value)


def test_explorer_opens_a_game_and_the_worst_round(explorer):
    df = explorer.table
    explorer.pick.value = 6  # people count games from 1: the table's game 5
    explorer.open_button.click()
    s = explorer.stepper
    rows = df[(df["game"] == 5) & (df["round"] == 0)].sort_values("seat")
    assert s.record["seed"] == int(rows["seed"].iloc[0]) and s.record["agents"] == list(rows["agent"])
    assert s.states[-1].totals == list(rows["final_total"])
    assert explorer.stepper_box.children[-1] is s and "Game 6" in explorer.stepper_box.children[0].value
    g, r = explorer.worst_round()
    worst = df.loc[df["penalty"].idxmax()]
    assert (g, r) == (worst["game"], worst["round"])
    explorer.worst_button.click()
    s = explorer.stepper
    assert s.state.round_index == r and explorer.pick.value == g + 1
    assert s.states[-1].round_scores[r][int(worst["seat"])] == worst["penalty"]


def test_explorer_mow_rounds_variant_and_errors():
    e = OutcomeExplorer("sixnimmt", players=3)
    assert e.table is None and e.progress.value == 0
    e.game.value = "mow"
    assert ("plain cows only", "plain cows only") in e.variant.options and e.variant.value == "standard"
    assert len(e.agents_box.children) == 3 and e.agent_specs == ["greedy", "heuristic", "random"]
    assert [d.description for d in e.agents_box.children] == ["seat 1", "seat 2", "seat 3"]  # seats from 1
    e.variant.value = "plain cows only"
    e.unit.value = "round"
    e.n_games.value = 6
    e.run_button.click()  # the run goes on in a thread: the page answers meanwhile
    e.wait()
    assert e.table is not None and e.table["rounds"].eq(1).all() and len(e.table) == 18
    assert e.table.attrs["provenance"]["options"]["specials"] is False
    assert "penalty" in e.figures["penalties"].layout.xaxis.title.text or e.figures["penalties"].data
    assert set(e.figures) == {"penalties", "wins"}
    s = e.open_game(2)
    assert s.state.round_index == 0 and s.states[-1].is_over()
    e.players.value = 4
    assert len(e.agents_box.children) == 4
    bad = OutcomeExplorer("sixnimmt", players=2, agents=["greedy", "no-such-agent"], run=True)
    assert bad.table is None and "no-such-agent" in bad.error and "Cannot run" in bad.status.value


