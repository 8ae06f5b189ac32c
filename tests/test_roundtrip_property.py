"""Everything the kit writes, it reads back: ``load(save(x))`` replays to the same game, for every
producer of records (issue 21 §3).

The producers: ``play_game`` (any seed the seed rule allows, numpy integers included, and any
agent name the name rule allows), the games of a tournament (their seeds from
``tournament.game_seed``), the Play widget driven as a person would, the position editor (its
position, and a game played on from it) and hand-built positions (``seed=None`` included, played
past their first round). For each: the saved file loads, equals what was saved, and replays to a
state whose record is the same record. Names and seeds the rules refuse are refused where they
enter (``OptionError``), never at ``save`` or ``load``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mowkit import load_game
from mowkit.agents import agent_name_problem
from mowkit.core import MAX_SEED, OptionError
from mowkit.match import Match
from mowkit.records import load, save, to_record, validate
from mowkit.simulate import play_game
from mowkit.tournament.seeding import game_seed
from mowkit.widgets.editor import PositionEditor
from mowkit.widgets.play import Play

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = ("sixnimmt", "mow")

seeds = st.integers(0, MAX_SEED - 1)
any_seed = st.one_of(seeds, seeds.map(np.int64), seeds.map(np.uint64), st.integers(0, 2**16))


class Named:
    """A user's own agent: plays the first legal decision, under any name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, observation, legal, rng):
        return legal[0]


def short_game(name: str):
    return load_game(name, players=3, max_rounds=2)


def roundtrip(record: dict) -> dict:
    """Save, load and replay ``record``: the loaded record is the saved one and replays to it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        save(record, path)
        back = load(path)
    assert back == record
    final = validate(back)
    assert to_record(final, seed=back["seed"], agents=back["agents"],
                     position=back.get("position")) == record
    return back


@FAST
@given(game=st.sampled_from(GAMES), seed=any_seed)
def test_play_game_with_any_allowed_seed_reads_back(game, seed):
    record = play_game(short_game(game), ["random"] * 3, seed)
    assert type(record["seed"]) is int and record["seed"] == int(seed)
    roundtrip(record)


@FAST
@given(game=st.sampled_from(GAMES), name=st.text(max_size=210))
def test_a_name_is_refused_where_it_enters_or_read_back(game, name):
    """Any text: either the match refuses it as a name (OptionError), or its record loads."""
    agents = [Named(name), "random", "random"]
    if agent_name_problem(game, name) is not None:
        with pytest.raises(OptionError):
            play_game(short_game(game), agents, 1)
        return
    back = roundtrip(play_game(short_game(game), agents, 1))
    assert back["agents"][0] == name


@pytest.mark.parametrize("name", ["my bot", "team A/B", "🐮 cow bot", "бот Маши", "x" * 200, "bot:v2"])
def test_names_people_give_their_agents_are_read_back(name):
    back = roundtrip(play_game(short_game("sixnimmt"), [Named(name), "random", "random"], 3))
    assert back["agents"][0] == name


@pytest.mark.parametrize("name", ["", "   ", "x" * 201, "two\nlines", "nul\x00"])
def test_names_no_record_could_hold_are_refused_where_they_enter(name):
    with pytest.raises(OptionError) as e:  # a user's agent object with that name
        play_game(short_game("mow"), [Named(name), "random", "random"], 1)
    assert e.value.option == "agent.name"
    with pytest.raises(OptionError) as e:  # a person's seat labelled with it
        Match(short_game("mow"), ["random", "random", name], 1, humans=(2,))
    assert e.value.option == "agents"


@FAST
@given(game=st.sampled_from(GAMES), seed=seeds, deal=st.integers(0, 10**6))
def test_a_tournament_game_replayed_from_its_seed_reads_back(game, seed, deal):
    record = play_game(short_game(game), ["random", "greedy", "random"], game_seed(seed, deal))
    roundtrip(record)


def drive(widget: Play, rng: np.random.Generator) -> None:
    """Play the widget to the end as its person would: a random legal decision when it is theirs."""
    while not widget.state.is_over():
        if widget.run_computers():
            continue
        seat = widget.current_human()
        legal = widget.state.legal_actions(seat)
        assert widget.attempt(legal[int(rng.integers(len(legal)))]), widget.message


@FAST
@given(game=st.sampled_from(GAMES), seed=any_seed, pick=st.integers(0, 2**32 - 1))
def test_the_play_widget_games_read_back(game, seed, pick):
    widget = Play(short_game(game), ["random", "greedy"], seat=0, seed=seed)
    drive(widget, np.random.default_rng(pick))
    back = roundtrip(widget.record())
    assert back["seed"] == int(seed)
    widget.close()


def test_the_play_widget_refuses_a_seed_no_record_holds_in_its_box():
    widget = Play(short_game("mow"), ["random", "random"], seat=0, seed=5)
    widget.seed_box.value = 2**200
    widget.new_game_button.click()
    assert widget.seed == 5 and "2**63" in widget.message
    with pytest.raises(OptionError) as e:
        widget.new_game(2**63)
    assert e.value.option == "seed"
    widget.close()


@FAST
@given(game=st.sampled_from(GAMES), seed=seeds)
def test_the_editors_positions_and_games_played_on_read_back(game, seed):
    editor = PositionEditor(game, players=3, max_rounds=2)
    editor.random_deal(seed)
    assert editor.check() is not None, editor.message
    roundtrip(editor.record())
    played = editor.play_on()
    roundtrip(editor.record(played, agents=["random"] * 3))


def test_the_editors_deal_button_says_why_a_seed_is_refused():
    editor = PositionEditor("sixnimmt", players=3, max_rounds=1)
    editor.seed_box.value = -1
    editor.deal_button.click()  # used to raise inside the callback
    assert "seed" in editor.message and "2**63" in editor.message


def play_rounds(state, rounds: int, rng: np.random.Generator):
    """Play random legal decisions until ``rounds`` more rounds have started (or the game ended)."""
    target = state.round_index + rounds
    while not state.is_over() and state.round_index < target:
        seat = state.pending_players()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


@FAST
@given(seed=st.one_of(st.none(), seeds), pick=st.integers(0, 2**32 - 1))
def test_a_sixnimmt_position_with_any_seed_deals_the_same_later_rounds(seed, pick):
    game = load_game("sixnimmt", players=2, hand_size=2, threshold=400)
    state = game.position(hands=[[5, 60], [7, 80]], rows=[[10], [20], [30], [40]], seed=seed)
    assert isinstance(state.start.seed, int)  # seed=None: the seed drawn is the one kept
    play_rounds(state, 2, np.random.default_rng(pick))
    assert state.round_index >= 1
    back = roundtrip(to_record(state))
    assert [r.get("deal") for r in back["rounds"][1:]] == [list(d) for d in state.deals[-(len(back["rounds"]) - 1):]]


@FAST
@given(seed=st.one_of(st.none(), seeds), pick=st.integers(0, 2**32 - 1))
def test_a_mow_position_with_any_seed_reads_back_past_its_round(seed, pick):
    game = load_game("mow", players=2, star=False, threshold=400)
    dealt = game.new_state(3)
    state = game.position(hands=dealt.hands, stock=dealt.stock, seed=seed)
    assert isinstance(state.start.seed, int)
    play_rounds(state, 1, np.random.default_rng(pick))
    roundtrip(to_record(state))
