"""One match loop: the play widget, play_game and play_state play the same game for the same game,
agents and seed (same actions, totals and record); a record saved from the widget replays to the
same end; the widget's computers get the guarded views of a :class:`~mowkit.match.Match` (a
one-way generator, a private copy of the game)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mowkit.i18n as i18n
from mowkit import load_game
from mowkit.core import IllegalActionError, deal_rng, spawn_rngs
from mowkit.match import HUMAN, Match
from mowkit.records import load, replay
from mowkit.simulate import play_game, play_state
from mowkit.widgets.play import Play

GAMES = {"sixnimmt": (2, 5), "mow": (2, 5)}
AGENTS = ("random", "greedy")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@st.composite
def matches(draw: Any) -> tuple[Any, list[str], int]:
    """A game (either, a few seat counts, short or whole games), an agent mix and a seed."""
    name = draw(st.sampled_from(sorted(GAMES)))
    lo, hi = GAMES[name]
    n = draw(st.integers(lo, hi))
    rounds = draw(st.sampled_from([1, 2, None]))
    game = load_game(name, players=n, max_rounds=rounds)
    agents = draw(st.lists(st.sampled_from(AGENTS), min_size=n, max_size=n))
    seed = draw(st.integers(0, 2**40))
    return game, agents, seed


def _decisions(state: Any) -> list[list[dict[str, Any]]]:
    return [[a.to_dict() for a in r] for r in state.history]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_the_play_widget_plays_the_game_play_game_and_play_state_play(case):
    game, agents, seed = case
    p = Play(game, players=agents, seed=seed, delay=0, coach=False)
    try:
        assert p.state.is_over(), "computers only, delay 0: the widget plays to the end by itself"
        state = play_state(game, agents, seed)
        record = play_game(game, agents, seed)
        assert _decisions(p.state) == _decisions(state)  # the same actions
        assert list(p.state.totals) == list(state.totals) == record["totals"]  # the same totals
        assert p.record() == record  # the same record (seed and agents included)
        assert Match(game, agents, seed).record()["seed"] == seed
        # a record saved from the widget replays (mowkit.records) to the same final state
        with tempfile.TemporaryDirectory() as tmp:
            saved = load(p.save(Path(tmp) / "game.json"))
        end = replay(saved)[-1]
        assert end.is_over() and list(end.totals) == list(p.state.totals)
        assert _decisions(end) == _decisions(p.state) and end.round_scores == p.state.round_scores
    finally:
        p.close()


def test_a_new_game_in_the_widget_is_the_seed_s_game_too():
    game = load_game("mow", players=3)
    p = Play(game, players=["greedy", "random", "random"], seed=1, delay=0)
    p.new_game(7)
    assert p.record() == play_game(game, ["greedy", "random", "random"], 7)
    p.close()


def test_the_issue_s_example_ends_as_play_game_does():
    p = Play("sixnimmt", players=["random"] * 3, seed=7, delay=0)
    record = play_game(p.game, ["random"] * 3, 7)
    assert p.state.totals == record["totals"] and p.record() == record
    p.close()


# --------------------------------------------------------------------------- a person in the match


def test_the_match_waits_for_a_person_and_takes_their_decision():
    game = load_game("mow", players=3)
    m = Match(game, ["greedy", HUMAN, "random"], 4, humans=[1])
    rng = np.random.default_rng(0)
    while not m.is_over():
        m.run()
        if m.is_over():
            break
        assert m.humans_pending() == [1] and not m.computers_pending() and m.step() is None
        legal = m.state.legal_actions(1)
        m.submit(legal[int(rng.integers(len(legal)))])
    assert m.record()["agents"] == ["greedy", "human", "random"]
    assert all(t >= 0 for seat in m.seconds for t in seat) and all(m.seconds)
    assert list(replay(m.record())[-1].totals) == list(m.state.totals)


def test_a_person_cannot_submit_for_a_computer():
    game = load_game("sixnimmt", players=3)
    m = Match(game, ["greedy", HUMAN, "random"], 2, humans=[1])
    m.run()
    before = _decisions(m.state)
    with pytest.raises(IllegalActionError) as e:
        m.submit(m.state.legal_actions(1)[0].__class__(0, m.state.hands[0][0]))
    assert e.value.rule == "seat" and _decisions(m.state) == before


class Rewriter:
    """Plays the engine's own first legal action after changing its card in place (kept to put it back)."""

    name = "rewriter"

    def __init__(self) -> None:
        self.changed: list[tuple[object, int]] = []

    def act(self, observation, legal_actions, rng):
        action = legal_actions[0]
        self.changed.append((action, action.card))
        object.__setattr__(action, "card", 999)  # not a card of the game
        return action


def test_the_engine_s_own_object_changed_in_place_is_refused_naming_the_agent_and_seat():
    game = load_game("sixnimmt", players=3, max_rounds=1)
    rewriter = Rewriter()
    m = Match(game, ["greedy", "random", rewriter], 4)
    try:
        with pytest.raises(IllegalActionError) as e:
            m.run()
    finally:
        for action, card in rewriter.changed:
            object.__setattr__(action, "card", card)
    assert e.value.rule == "agent" and "agent 'rewriter' in seat 2" in str(e.value)
    assert "refused by the rules" in str(e.value)
    assert len(rewriter.changed) == 1 and m.seconds[2] == [] and 2 not in [s for s, _ in m.log]


# --------------------------------------------------------------------------- guarded views


def _rebuilds(game: Any, seat: int, hand: set[int], rng: np.random.Generator) -> bool:
    """Whether the deal can be rebuilt from what ``rng`` shows: its seed sequence's entropy read as
    a game seed (the kit's deal stream), or as the parent of spawned streams (the old widget's)."""
    seq = rng.bit_generator.seed_seq
    entropy = getattr(seq, "entropy", None)
    if entropy is None:
        return False
    tries = []
    if isinstance(entropy, int) and entropy < 2**63:
        tries.append(deal_rng(entropy))
    tries.append(spawn_rngs(entropy, game.num_players + 1)[0])
    tries.append(np.random.default_rng(np.random.SeedSequence(entropy)))
    return any(hand <= set(game.new_state(rng=r).hands[seat]) for r in tries)


class Cheater:
    """Plays at random, but first tries to rebuild the deal from its generator (once)."""

    name = "cheater"

    def __init__(self) -> None:
        self.tried: list[bool] = []

    def act(self, obs: Any, legal: list[Any], rng: np.random.Generator) -> Any:
        if not self.tried:
            self.tried.append(_rebuilds(obs.game, obs.player, set(obs.hand), rng))
        return legal[int(rng.integers(len(legal)))]


class Vandal:
    """Plays at random, after changing the game it is handed (the threshold, the deck) if ``vandal``."""

    name = "vandal"

    def __init__(self, vandal: bool = True) -> None:
        self.vandal = vandal

    def act(self, obs: Any, legal: list[Any], rng: np.random.Generator) -> Any:
        if self.vandal:
            object.__setattr__(obs.game, "threshold", 1)
            object.__setattr__(obs.game, "deck", ())
        return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_widget_s_computers_cannot_rebuild_the_deal_from_their_generator(name):
    game = load_game(name, players=3)
    cheater = Cheater()
    p = Play(game, players=[cheater, "random", "random"], seed=11, delay=0)
    assert cheater.tried == [False]
    # the control: the same attempt on the stream the widget used to hand out succeeds
    old = spawn_rngs(11, game.num_players + 1)[1]
    assert _rebuilds(game, 0, set(game.new_state(rng=deal_rng(11)).hands[0]), old)
    p.close()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_computer_changing_obs_game_changes_nothing_in_the_running_game(name):
    game = load_game(name, players=3)
    threshold, deck = game.threshold, game.deck
    p = Play(game, players=[Vandal(), "random", "random"], seed=5, delay=0)
    q = Play(game, players=[Vandal(False), "random", "random"], seed=5, delay=0)
    assert p.state.is_over() and p.game is game
    assert game.threshold == threshold and game.deck == deck and p.state.game == game
    assert _decisions(p.state) == _decisions(q.state) and p.state.totals == q.state.totals
    p.close()
    q.close()
