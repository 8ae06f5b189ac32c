"""The planning player: options, successive halving, information-set play and a strength check."""

from __future__ import annotations

import numpy as np
import pytest

import mowkit
from mowkit import results
from mowkit.adapters import determinize
from mowkit.agents import agent_classes, make_agent
from mowkit.agents.planner import MowPlanner, SixNimmtPlanner, _halving
from mowkit.core import OptionError
from mowkit.simulate import play_state
from mowkit.tournament import tournament


def test_registered_for_both_games_with_checked_options():
    assert agent_classes("sixnimmt")["planner"] is SixNimmtPlanner
    assert agent_classes("mow")["planner"] is MowPlanner
    a = make_agent("sixnimmt", "planner:rollouts=7,time_budget=0.01")
    assert a.rollouts == 7 and a.time_budget == 0.01 and a.name == "planner:rollouts=7"
    for game, bad in (("sixnimmt", {"rollouts": 0}), ("sixnimmt", {"objective": "max"}),
                      ("mow", {"time_budget": -1}), ("mow", {"rollout": "clever"})):
        with pytest.raises(OptionError, match=next(iter(bad))):
            make_agent(game, "planner", **bad)


def test_halving_finds_the_best_of_known_means_and_samples_it_most():
    """Noisy candidates with known means: the smallest mean is found (tolerance: 1 miss in 50)."""
    true = np.array([3.0, 1.0, 2.2, 5.0, 1.6, 4.0, 2.8, 3.5])
    counts = np.zeros(len(true))

    def make(rng):
        def evaluate(idx, seed):
            counts[idx] += 1
            return true[idx] + np.random.default_rng(seed).normal(0, 1.0, len(idx)) / np.sqrt(10)
        return evaluate

    rng = np.random.default_rng(1)
    found = [_halving(make(rng), len(true), 10, None, rng) for _ in range(50)]
    assert sum(f == 1 for f in found) >= 49
    # stages: 1 + ceil(log2 8) = 4; the best survives all of them, the worst only the first
    assert counts[1] >= 4 * 49 and counts[3] == 50


def test_same_seed_same_choice_and_only_the_information_set_matters():
    game = mowkit.load_game("sixnimmt", max_rounds=1)
    state = game.new_state(seed=4)
    agent = make_agent("sixnimmt", "planner:rollouts=6")
    legal = state.legal_actions(0)
    obs = state.observation(0)
    a1 = agent.act(obs, legal, np.random.default_rng(9))
    a2 = agent.act(obs, legal, np.random.default_rng(9))
    assert a1 == a2 and a1 in legal
    other = determinize(state, 0, np.random.default_rng(5))  # the other hands dealt again
    assert other.hands[1] != state.hands[1] and other.observation(0) == obs
    assert agent.act(other.observation(0), other.legal_actions(0), np.random.default_rng(9)) == a1


def test_plays_every_decision_of_both_games():
    """Whole rounds with planners in every seat finish legally (professional ties, logic drafts, yellow specials)."""
    for game, seats in ((mowkit.load_game("sixnimmt", players=3, max_rounds=1, variant="professional"), 3),
                        (mowkit.load_game("sixnimmt", players=2, hand_size=4, max_rounds=1, variant="logic"), 2),
                        (mowkit.load_game("mow", players=6, max_rounds=1), 6)):
        state = play_state(game, [make_agent(game.name, "planner:rollouts=2")] * seats, seed=3)
        assert state.is_over()
        kinds = {a.kind for moves in state.history for a in moves}
        assert ("play" if game.name == "sixnimmt" else "add") in kinds


@pytest.mark.parametrize("game,players,opponent", [("sixnimmt", 4, "random"), ("mow", 3, "random")])
def test_beats_random_players_on_paired_deals(game, players, opponent):
    """Single rounds, paired deals: the planner takes fewer points than random players (95 % interval < 0)."""
    df = tournament(game, ["planner:rollouts=3"] + [opponent] * (players - 1), 8 * players, 11,
                    unit="round", players=players, backend="engine", progress=False)
    d = results.paired_difference(df, "planner:rollouts=3", opponent, metric="mean_penalty").iloc[0]
    assert d["hi"] < 0, d
