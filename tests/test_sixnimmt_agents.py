"""6 nimmt! agents: each policy on hand-built positions, and the agent interface."""

from __future__ import annotations

import numpy as np
import pytest

from mowkit import IllegalActionError, OptionError, load_game
from mowkit.agents import describe_agents, make_agent
from mowkit.games.sixnimmt import Play, TakeRow
from mowkit.narrate import describe
from mowkit.simulate import play_game, play_state
from mowkit.tournament import tournament

RNG = np.random.default_rng(0)


def decide(agent_name, state, player, **kw):
    agent = make_agent("sixnimmt", agent_name, **kw)
    return agent.act(state.observation(player), state.legal_actions(player), RNG)


def test_lowest_and_highest():
    g = load_game("sixnimmt", players=2)
    s = g.position(hands=[[5, 30, 80], [6, 31, 81]], rows=[[10], [20], [40], [50]], reachable=False)
    assert decide("lowest", s, 0) == Play(0, 5)
    assert decide("highest", s, 1) == Play(1, 81)


def test_greedy_avoids_the_sixth_card_and_prefers_a_close_fit():
    g = load_game("sixnimmt", players=2)
    # 25 would be the sixth card of row 0 (5 cards); 44 fits after 43 (distance 1); 60 after 50 (10)
    s = g.position(hands=[[25, 44, 60], [1, 2, 3]], rows=[[11, 12, 13, 14, 15], [43], [50], [100]], reachable=False)
    assert decide("greedy", s, 0) == Play(0, 44)


def test_greedy_plays_a_low_card_when_every_card_costs():
    g = load_game("sixnimmt", players=2)
    # every card either completes a row of 5 or goes below everything; the cheapest row is [99, ...]?
    s = g.position(
        hands=[[5, 30, 61], [1, 2, 3]],
        rows=[[20, 21, 22, 23, 24], [55, 56, 57, 58, 59], [9], [96]], reachable=False)
    # 5 < every row: Rule 4 costs the cheapest row ([9]: 1 head; [96]: 1 head; tie -> fewer cards, lower index: row 2)
    # 30 completes row 0 (5 heads); 61 completes row 1 (11 heads)
    assert decide("greedy", s, 0) == Play(0, 5)


@pytest.mark.parametrize("name", ["random", "lowest", "highest", "greedy"])
def test_rule4_policy_fewest_heads(name):
    g = load_game("sixnimmt", players=2)
    s = g.position(hands=[[3, 1], [90, 2]], rows=[[55], [11, 12], [13, 14], [66]], reachable=False)
    s.apply(Play(0, 3))
    s.apply(Play(1, 90))
    assert s.phase == "row"
    assert decide(name, s, 0) == TakeRow(0, 2)  # 2 heads: the fewest


def test_random_row_policy_is_random_but_seeded():
    g = load_game("sixnimmt", players=2)
    s = g.position(hands=[[3, 1], [90, 2]], rows=[[55], [11, 12], [13, 14], [66]], reachable=False)
    s.apply(Play(0, 3))
    s.apply(Play(1, 90))
    agent = make_agent("sixnimmt", "random", row="random")
    picks = {agent.act(s.observation(0), s.legal_actions(0), np.random.default_rng(k)).row for k in range(40)}
    assert picks == {0, 1, 2, 3}


def test_agent_registry_and_errors():
    assert set(describe_agents("sixnimmt")) == {"random", "lowest", "highest", "greedy", "heuristic", "mc", "planner"}
    with pytest.raises(OptionError) as e:
        make_agent("sixnimmt", "clever")
    assert e.value.option == "agent" and "greedy" in str(e.value)
    with pytest.raises(OptionError):
        make_agent("sixnimmt", "random", row="cheapest")
    with pytest.raises(OptionError) as e:
        play_game(load_game("sixnimmt", players=3), ["random", "random"], seed=1)
    assert e.value.option == "agents"


class Cheater:
    name = "cheater"

    def act(self, observation, legal_actions, rng):
        return Play(observation.player, 104 if 104 not in observation.hand else 103)


def test_an_agent_returning_an_illegal_action_is_stopped():
    with pytest.raises(IllegalActionError) as e:
        play_state(load_game("sixnimmt", players=2), [Cheater(), "random"], seed=1)
    assert e.value.rule == "agent" and "cheater" in str(e.value)


def test_every_agent_plays_every_variant_to_the_end():
    for variant in [(), ("logic",), ("professional",)]:
        g = load_game("sixnimmt", players=4, variant=variant)
        s = play_state(g, ["random", "lowest", "highest", "greedy"], seed=3)
        assert s.is_over() and max(s.totals) >= 66


def test_greedy_beats_random_on_average():
    g = load_game("sixnimmt", players=4, max_rounds=1)
    diffs = []
    for seed in range(300):
        s = play_state(g, ["greedy", "random", "random", "random"], seed=seed)
        diffs.append(np.mean(s.round_scores[0][1:]) - s.round_scores[0][0])
    diffs = np.array(diffs)
    assert diffs.mean() > 4 * diffs.std(ddof=1) / np.sqrt(len(diffs))


def test_heuristic_avoids_being_the_sixth_after_a_slip():
    g = load_game("sixnimmt", players=4)
    # 45 would be the fifth card of row 0 (four cards, gap 20..45 holds many unseen cards);
    # 71 goes on row 1 with a gap of 1: nobody can slip in
    s = g.position(hands=[[45, 71, 103], [1, 2, 3], [4, 5, 6], [7, 8, 9]],
                   rows=[[11, 12, 13, 20], [70], [80], [100]], reachable=False)
    assert decide("heuristic", s, 0) == Play(0, 71)


def test_heuristic_plays_low_when_a_row_must_be_taken_anyway():
    g = load_game("sixnimmt", players=2)
    s = g.position(hands=[[30, 61, 95], [1, 2, 3]],
                   rows=[[20, 21, 22, 23, 24], [55, 56, 57, 58, 59], [90, 91, 92, 93, 94], [96]], reachable=False)
    # 30, 61, 95 each complete a full row: every card costs for sure -> the lowest card,
    # which is placed first and takes the full row with the fewest heads
    assert decide("heuristic", s, 0) == Play(0, 30)


@pytest.mark.parametrize("backend", ["kernel", "engine"])
def test_monte_carlo_reads_only_its_observation(backend):
    g = load_game("sixnimmt", players=3)
    a = g.position(hands=[[10, 44, 71, 90], [1, 2, 3, 4], [5, 6, 7, 8]], rows=[[20], [40], [60], [80]], reachable=False)
    b = g.position(hands=[[10, 44, 71, 90], [5, 6, 7, 100], [1, 2, 3, 4]], rows=[[20], [40], [60], [80]], reachable=False)
    assert a.observation(0).hand == b.observation(0).hand
    agent = make_agent("sixnimmt", "mc", rollouts=4, backend=backend)
    da = agent.act(a.observation(0), a.legal_actions(0), np.random.default_rng(5))
    db = agent.act(b.observation(0), b.legal_actions(0), np.random.default_rng(5))
    assert da == db


def test_monte_carlo_beats_random_players():


    # paired deals: every deal is played 4 times, MC in each seat; compare within deals
    df = tournament("sixnimmt", ["mc:rollouts=10", "random", "random", "random"], 400, seed=8, players=4,
                    unit="round", progress=False)
    per = df.groupby(["deal", "agent"])["penalty"].mean().unstack()
    diff = per["random"] - per["mc:rollouts=10"]
    assert diff.mean() > 4 * diff.std(ddof=1) / np.sqrt(len(diff)), diff.describe()


def test_monte_carlo_engine_backend_beats_random_players():
    # the slow reference backend: 30 deals; the edge is about 4 heads a round (some 4.5 SE): 3 SE asked
    df = tournament("sixnimmt", ["mc:rollouts=4,backend=engine", "random", "random", "random"], 120, seed=8,
                    players=4, unit="round", progress=False)
    per = df.groupby(["deal", "agent"])["penalty"].mean().unstack()
    diff = per["random"] - per["mc:rollouts=4,backend=engine"]
    assert diff.mean() > 3 * diff.std(ddof=1) / np.sqrt(len(diff)), diff.describe()


@pytest.mark.parametrize("objective", ["own", "relative"])
def test_kernel_rollouts_estimate_what_engine_rollouts_estimate(objective):
    """The kernel's card values agree with the rule engine's within four standard errors."""
    g = load_game("sixnimmt", players=4)
    s = g.position(hands=[[5, 33, 47, 71, 99], [1, 2, 3, 4, 6], [7, 8, 9, 14, 15], [16, 17, 18, 19, 21]],
                   rows=[[10, 11, 12, 13], [30], [60, 61], [90]], reachable=False)
    obs = s.observation(0)
    engine = make_agent("sixnimmt", "mc", rollouts=1, backend="engine", objective=objective)
    rng = np.random.default_rng(3)
    samples = np.array([engine.card_values(obs, rng) for _ in range(250)])  # 250 rollouts per card
    kernel = make_agent("sixnimmt", "mc", rollouts=20000, objective=objective).card_values(obs, rng)
    se = samples.std(axis=0, ddof=1) / np.sqrt(len(samples))
    z = (samples.mean(axis=0) - kernel) / np.sqrt(se**2 + (samples.std(axis=0, ddof=1) ** 2) / 20000)
    assert np.all(np.abs(z) < 4), (samples.mean(axis=0), kernel, z)
    assert np.ptp(kernel) > 0.5  # the cards really differ, so agreement is informative


def test_monte_carlo_options_are_checked():
    with pytest.raises(OptionError) as e:
        make_agent("sixnimmt", "mc", rollouts=0)
    assert e.value.option == "rollouts"
    with pytest.raises(OptionError) as e:
        make_agent("sixnimmt", "mc", objective="win")
    assert e.value.option == "objective"
    with pytest.raises(OptionError) as e:
        make_agent("sixnimmt", "mc", backend="gpu")
    assert e.value.option == "backend"


def test_describe_words_every_decision():
    g = load_game("sixnimmt", players=2)
    assert describe(g, Play(0, 55)) == "play 55 (7 heads)"  # the narrator says decisions, not the engine
    assert describe(g, Play(1, 1)) == "play 1 (1 head)"
    assert describe(g, TakeRow(0, 2)) == "take row 3"  # rows counted from 1 for people
