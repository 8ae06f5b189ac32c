"""The planning player: options, successive halving, information-set play and a strength check."""

from __future__ import annotations

import numpy as np
import pytest

import mowkit
from mowkit import results
from mowkit.adapters import determinize
from mowkit.agents import agent_classes, make_agent
from mowkit.agents.planner import _halving
from mowkit.core import OptionError
from mowkit.games.mow.planner import MowPlanner
from mowkit.games.sixnimmt.planner import SixNimmtPlanner
from mowkit.simulate import play_state
from mowkit.tournament import tournament


def test_registered_for_both_games_with_checked_options():
    assert agent_classes("sixnimmt")["planner"] is SixNimmtPlanner
    assert agent_classes("mow")["planner"] is MowPlanner
    a = make_agent("sixnimmt", "planner:rollouts=7,time_budget=0.01")
    assert a.rollouts == 7 and a.time_budget == 0.01 and a.name == "planner:rollouts=7"
    for game, bad in (("sixnimmt", {"rollouts": 0}), ("sixnimmt", {"objective": "max"}),
                      ("sixnimmt", {"greedy": 1.5}), ("sixnimmt", {"greedy_me": "half"}),
                      ("sixnimmt", {"avoid": -1}), ("sixnimmt", {"z": -2.0}),
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


# --------------------------------------------------------------------------- the planning kernel


def _engine_outcomes(game, hands, rows, totals, candidate):
    """Heads of both players when player 0 plays ``candidate`` now and everyone plays greedy after."""
    from mowkit.games.sixnimmt import Play

    greedy = make_agent("sixnimmt", "greedy")
    state = game.position(hands=hands, rows=rows, totals=totals, seed=0)
    rng = np.random.default_rng(0)
    first = True
    round_index = state.round_index
    while state.round_index == round_index and not state.is_over():
        moves = []
        for p in state.pending_players():
            legal = state.legal_actions(p)
            if p == 0 and first and isinstance(legal[0], Play):
                moves.append(Play(0, candidate))
            else:
                moves.append(greedy.act(state.observation(p), legal, rng))
        if any(isinstance(m, Play) for m in moves):
            first = first and not any(m.player == 0 for m in moves)
        for m in moves:
            state.apply(m)
    return list(state.round_scores[-1])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_kernel_matches_the_engine_with_greedy_players(seed):
    """Two players, the other hand known (unseen = its cards), everyone greedy: rollouts are exact."""
    from mowkit.games.sixnimmt.planning import SIGMA, plan_values

    game = mowkit.load_game("sixnimmt", players=2)
    cards = list(np.random.default_rng(seed).permutation(np.arange(1, 105))[:24])
    hands = [sorted(int(c) for c in cards[:10]), sorted(int(c) for c in cards[10:20])]
    rows = [[int(c)] for c in cards[20:24]]
    totals = [50, 58]
    scores = {c: _engine_outcomes(game, hands, rows, totals, c) for c in hands[0]}
    common = dict(greedy=1.0, greedy_me=1.0, start=totals, threshold=66)
    own = plan_values(hands[0], rows, hands[1], 2, 0, 3, seed, objective="own", **common)
    rel = plan_values(hands[0], rows, hands[1], 2, 0, 3, seed, objective="relative", **common)
    lead = plan_values(hands[0], rows, hands[1], 2, 0, 3, seed, objective="leader", **common)
    final = plan_values(hands[0], rows, hands[1], 2, 0, 3, seed, objective="win", final=True, tie=0.0, **common)
    model = plan_values(hands[0], rows, hands[1], 2, 0, 3, seed, objective="win", tie=0.0,
                        **{**common, "threshold": 1000})
    for i, c in enumerate(hands[0]):
        mine, other = scores[c]
        assert own[i] == mine and rel[i] == mine - other
        a, b = totals[0] + mine, totals[1] + other
        assert lead[i] == a - b
        ended = max(a, b) >= 66
        share = (1.0 if a < b else 0.5 if a == b else 0.0)
        assert final[i] == pytest.approx(-share)
        # far threshold: the normal model, (1000 - highest total) / 12 rounds left
        left = (1000 - max(a, b)) / 12.0
        from math import erf, sqrt
        p_win = 0.5 * (1 + erf((b - a) / (SIGMA * sqrt(left)) / sqrt(2)))  # sd SIGMA per round
        assert model[i] == pytest.approx(-p_win)
        if ended:  # the real threshold ends the game: the share of the win, exactly
            v = plan_values(hands[0], rows, hands[1], 2, 0, 3, seed, objective="win", tie=0.0, **common)
            assert v[i] == pytest.approx(-share)


def test_kernel_with_random_rollouts_agrees_with_flat_monte_carlo():
    """greedy=0: the same rollout model as mc's kernel; 20,000 rollouts each, |difference| < 0.4 heads (~5 SE)."""
    from mowkit.games.sixnimmt.agents import _unseen
    from mowkit.games.sixnimmt.kernel import mc_card_values
    from mowkit.games.sixnimmt.planning import plan_values

    obs = mowkit.load_game("sixnimmt", players=4).new_state(seed=1).observation(0)
    unseen = _unseen(obs)
    ours = plan_values(obs.hand, obs.rows, unseen, 4, 0, 20000, 5, objective="own")
    theirs = mc_card_values(obs.hand, obs.rows, unseen, 4, 0, 20000, 6)
    assert np.max(np.abs(ours - theirs)) < 0.4, (ours, theirs)
    # and the candidates share their rollouts: evaluating a subset gives the same values
    sub = plan_values(obs.hand, obs.rows, unseen, 4, 0, 200, 7, candidates=obs.hand[2:5], objective="own")
    full = plan_values(obs.hand, obs.rows, unseen, 4, 0, 200, 7, objective="own")
    assert np.allclose(sub, full[2:5])
