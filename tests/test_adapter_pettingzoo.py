"""The PettingZoo adapter: PettingZoo's own API, seed and parallel API tests, and what the masks mean."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import mowkit
from mowkit.adapters import codec_of
from mowkit.adapters.pettingzoo import aec_env, parallel_env
from mowkit.core import OptionError
from mowkit.match import Match

AEC_CASES = [
    ("sixnimmt", {"max_rounds": 1}),
    ("sixnimmt", {"players": 3, "threshold": 20, "reward": "penalty", "variant": "professional"}),
    ("mow", {"players": 3, "max_rounds": 1}),
    ("mow", {"players": 2, "threshold": 20, "reward": "penalty"}),
]


@pytest.mark.parametrize("game,options", AEC_CASES)
def test_pettingzoo_api_test(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about style (e.g. unbounded boxes), it asserts the API
        api_test(aec_env(game, **options), num_cycles=300)


@pytest.mark.parametrize("game,options", AEC_CASES[:1] + AEC_CASES[2:3])
def test_pettingzoo_seed_test(game, options):
    seed_test(lambda: aec_env(game, **options), num_cycles=100)


def test_pettingzoo_parallel_api_and_seed_tests():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(max_rounds=1), num_cycles=200)
        parallel_api_test(parallel_env(players=3, threshold=15, reward="penalty"), num_cycles=200)
    parallel_seed_test(lambda: parallel_env(max_rounds=1), num_cycles=100)


def test_mask_is_the_engines_legal_actions_and_the_hand_stays_private():
    env = aec_env("sixnimmt", max_rounds=1)
    env.reset(seed=5)
    engine = mowkit.load_game("sixnimmt", max_rounds=1)
    codec = codec_of(engine)
    agent = env.agent_selection
    obs = env.observe(agent)
    hand = env.state.hands[0]
    assert agent == "player_0"
    assert sorted(np.flatnonzero(obs["action_mask"])) == [c - 1 for c in hand]
    assert obs["observation"][:104].sum() == len(hand)  # own hand one-hot
    assert env.observe("player_1")["action_mask"].sum() == 0  # not to act
    other = env.observe("player_1")["observation"][:104]
    assert sorted(np.flatnonzero(other) + 1) == env.state.hands[1]
    assert len(codec.mask(env.state.legal_actions(0))) == env.action_space(agent).n


def test_same_seed_same_game_and_an_illegal_action_ends_it():
    a, b = aec_env("mow", players=3), aec_env("mow", players=3)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.state.deals == b.state.deals
    a.reset(seed=10)
    assert a.state.deals != b.state.deals
    env = aec_env("mow", players=3, max_rounds=1)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    agent = env.agent_selection
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0 and "illegal" in env.infos[agent]


def test_win_rewards_sum_to_one_and_follow_the_engine():
    env = aec_env("sixnimmt", players=3, max_rounds=1)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    w = env.state.winners()
    assert total == {f"player_{p}": (1 / len(w) if p in w else 0.0) for p in range(3)}


def test_bad_options_are_named():
    with pytest.raises(OptionError, match="reward"):
        aec_env("mow", reward="money")
    with pytest.raises(OptionError, match="players"):
        parallel_env(players=1)


def test_parallel_env_serves_every_registered_game():
    """A game whose seats act one at a time (Mow) is a ParallelEnv too: each step is one seat's decision."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env("mow", players=3, max_rounds=1), num_cycles=200)
    assert parallel_env().metadata["name"] == f"mowkit_{mowkit.registry.default_name()}_parallel_v0"
    assert aec_env().game.name == mowkit.registry.default_name()


def test_every_game_of_an_environment_is_a_seeded_match():
    """``reset()`` without a seed draws the next seed: replaying it with ``reset(seed=env.seed)`` deals it again."""
    env = aec_env("mow", players=3, max_rounds=1)
    env.reset(seed=4)
    game = mowkit.load_game("mow", players=3, max_rounds=1)
    assert env.seed == 4 and env.state.deals == Match(game, ["random"] * 3, 4).state.deals
    env.reset()
    drawn, deals = env.seed, env.state.deals
    assert drawn != 4 and isinstance(drawn, int)
    env.reset(seed=drawn)
    assert env.state.deals == deals
    record = env.record(["a", "b", "c"])
    assert record["seed"] == drawn and record["agents"] == ["a", "b", "c"] and record["over"] is False
