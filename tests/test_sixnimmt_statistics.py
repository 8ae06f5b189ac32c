"""Statistical check of the 6 nimmt! engine against published random-player figures.

Random players (a uniformly random card each turn; Rule 4 takes the row with the fewest heads,
ties to the lowest index) score on average 12.12 heads per player per round with 4 players and
14.66 with 10 (measured elsewhere on millions of rounds, standard error about 0.002). The engine
must agree within four standard errors of our own sample; the standard error is computed from
the per-round means (the players of one round are not independent).
"""

from __future__ import annotations

import numpy as np
import pytest

from mowkit import load_game
from mowkit.agents import make_agent
from mowkit.simulate import play_state, random_rounds


def random_round_means(players: int, rounds: int, seed: int) -> np.ndarray:
    game = load_game("sixnimmt", players=players, auto_row=True)
    return np.mean(random_rounds(game, rounds, seed), axis=1)


@pytest.mark.slow
@pytest.mark.parametrize("players,published,rounds", [(4, 12.12, 20_000), (10, 14.66, 5_000)])
def test_random_players_mean_heads_per_round(players, published, rounds):
    means = random_round_means(players, rounds, seed=players)
    se = means.std(ddof=1) / np.sqrt(rounds)
    assert se < 0.02  # enough rounds for the comparison to mean something
    assert abs(means.mean() - published) < 4 * se + 0.002, (means.mean(), se)


def test_random_agent_takes_the_fewest_heads_row_like_auto_row():
    """The RandomAgent's default Rule 4 policy is the one these figures use."""
    game = load_game("sixnimmt", players=4, max_rounds=1)
    auto = load_game("sixnimmt", players=4, max_rounds=1, auto_row=True)
    agents = [make_agent("sixnimmt", "random") for _ in range(4)]
    for seed in range(30):
        a = play_state(game, agents, seed=seed)
        b = play_state(auto, agents, seed=seed)
        assert a.round_scores == b.round_scores


@pytest.mark.slow
def test_random_row_policy_scores_more():
    """A random player that also picks Rule 4's row at random takes more heads (RULES.md note)."""
    game = load_game("sixnimmt", players=4, max_rounds=1)
    fewest = [make_agent("sixnimmt", "random") for _ in range(4)]
    rand = [make_agent("sixnimmt", "random", row="random") for _ in range(4)]
    a = [np.mean(play_state(game, fewest, seed=s).round_scores[0]) for s in range(1500)]
    b = [np.mean(play_state(game, rand, seed=s).round_scores[0]) for s in range(1500)]
    diff = np.array(b) - np.array(a)
    assert diff.mean() > 4 * diff.std(ddof=1) / np.sqrt(len(diff))
