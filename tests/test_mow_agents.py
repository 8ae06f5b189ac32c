"""Mow agents: the heuristic's documented choices, the Monte Carlo agent's information and strength."""

from __future__ import annotations

import numpy as np
import pytest

from mowkit import OptionError, load_game
from mowkit.agents import describe_agents, make_agent
from mowkit.games.mow import TakeHerd
from mowkit.tournament import tournament

GREEN3 = load_game("mow", players=3)


def decide(name, state, **kw):
    p = state.pending_players()[0]
    return make_agent("mow", name, **kw).act(state.observation(p), state.legal_actions(p), np.random.default_rng(0))


def test_registry():
    assert {"random", "greedy", "heuristic", "mc"} <= set(describe_agents("mow"))


def test_heuristic_takes_a_cheap_herd_early_but_not_a_short_one():
    cheap = GREEN3.position([["G-6-1", "G-10-1"], ["G-3-0"], ["G-4-0"]], [["G-7-0", "G-8-1", "G-9-0"]])
    assert decide("heuristic", cheap) == TakeHerd(0)  # 3 cows, 1 fly
    short = GREEN3.position([["G-6-1", "G-10-1"], ["G-3-0"], ["G-4-0"]], [["G-7-0", "G-8-1"]])
    assert decide("heuristic", short) != TakeHerd(0)  # only 2 cows: keep playing
    assert decide("greedy", cheap) != TakeHerd(0)  # greedy takes only free herds (take_at=0)


def test_heuristic_unloads_flies_when_the_next_farmer_is_stuck():
    # the herd (2..15, 4 flies: not cheap) can only grow below 2: a blocking 0 closes it for
    # good (5 flies) while the plain 1 (no flies) would too; the heuristic unloads the flies.
    s = GREEN3.position([["G-BLOCK-0", "G-1-0", "G-10-2"], ["G-3-0"], ["G-4-0"]],
                        [["G-2-0", "G-5-2", "G-6-2", "G-7-0", "G-8-0", "G-9-0", "G-11-0", "G-12-0",
                          "G-13-0", "G-14-0", "G-15-0"]], stock=[])
    assert s.observation(0).herd_flies() == 4
    a = decide("heuristic", s)
    assert a.card == s.game.card_id("G-BLOCK-0")


def test_monte_carlo_reads_only_its_observation():
    herd = [["G-5-1", "G-6-0"]]
    a = GREEN3.position([["G-7-2", "G-12-1", "G-3-0"], ["G-9-0", "G-10-0", "G-11-0"],
                         ["G-13-0", "G-14-0", "G-2-0"]], herd)
    b = GREEN3.position([["G-7-2", "G-12-1", "G-3-0"], ["G-13-0", "G-14-0", "G-2-0"],
                         ["G-9-0", "G-10-0", "G-11-0"]], herd)
    assert a.observation(0).hand == b.observation(0).hand
    agent = make_agent("mow", "mc", rollouts=3)
    da = agent.act(a.observation(0), a.legal_actions(0), np.random.default_rng(1))
    db = agent.act(b.observation(0), b.legal_actions(0), np.random.default_rng(1))
    assert da == db


def test_monte_carlo_beats_random_farmers():
    df = tournament("mow", ["mc:rollouts=3", "random", "random"], 90, seed=4, players=3, unit="round",
                    progress=False)
    per = df.groupby(["deal", "agent"])["penalty"].mean().unstack()
    diff = per["random"] - per["mc:rollouts=3"]
    assert diff.mean() > 4 * diff.std(ddof=1) / np.sqrt(len(diff)), diff.describe()


def test_heuristic_beats_random_farmers():
    df = tournament("mow", ["heuristic", "random", "random"], 300, seed=5, players=3, unit="round",
                    progress=False)
    per = df.groupby(["deal", "agent"])["penalty"].mean().unstack()
    diff = per["random"] - per["heuristic"]
    assert diff.mean() > 4 * diff.std(ddof=1) / np.sqrt(len(diff))


def test_options_are_checked():
    with pytest.raises(OptionError) as e:
        make_agent("mow", "mc", rollouts=0)
    assert e.value.option == "rollouts"
    with pytest.raises(OptionError) as e:
        make_agent("mow", "mc", rollout="smart")
    assert e.value.option == "rollout"


def test_monte_carlo_plays_the_star():
    df = tournament("mow", ["mc:rollouts=2", "random"], 4, seed=1, players=2, unit="round", progress=False)
    assert df["game"].nunique() == 4 and set(df["agent"]) == {"mc:rollouts=2", "random"}
