"""A learned model of how a good 6 nimmt! player picks its card: the planner's rollout policy.

The planning player (:mod:`mowkit.agents.planner`) plays each simulated round with this model for
its own later cards and for the other players' card of the current turn, instead of random
cards. The model is a *conditional logit*: every card ``c`` of a hand gets a score
``WEIGHTS @ features(c)`` from what the player can see (its hand and the rows), and the card is
drawn with probability ``exp(score) / sum of exp(score)`` over the hand.

The features of a card (all computed from the rows as they are, as if the card were laid alone):

==================  =====================================================================
``heads_taken``     heads the card would take now (the row it would be sixth in, Rule 3; the
                    row with the fewest heads when it is lower than every row, Rule 4), / 10
``takes``           1 when it would take a row (Rule 3 or Rule 4)
``lower_than_all``  1 when it is lower than every row's end (Rule 4)
``nth_2`` .. ``nth_5``  1 when it would be the 2nd, 3rd, 4th or 5th card of its row
``gap_2`` .. ``gap_5``  with the same, the unseen cards between the row's end and it, / 10
``log_gap``         log(1 + unseen cards between the row's end, or 0 under Rule 4, and it)
``value``           the card's number / 104
``value_squared``   its square
``rank``            its place in the sorted hand, 0 for the lowest, 1 for the highest
``fifth_heads``     heads of its row when it would be the 5th card, / 10 (what it may cost)
``distance``        the card's number minus its row's end, / 104
==================  =====================================================================

"Unseen" counts the cards nobody has shown this round (not on the rows, not played, not in a
pile); the player's own hand counts as unseen here, as it does for the others.

:data:`WEIGHTS` were fitted by maximum likelihood (:func:`fit`, Newton's method) to 18,108
decisions of 100 four-player games between flat Monte Carlo players (``mc:rollouts=40``, game
seeds 1000-1099; :func:`collect`) and checked on 17,496 decisions of 100 other games (seeds
5000-5099): there the model's most likely card is the player's card 42.0 % of the time (a random
card: 21.4 %), log-loss 1.455 against 1.678 for a random card (:data:`FIT`). The fit is reproducible:
``python benchmarks/fit_rollout_model.py`` prints the same weights. It reads only what a player
sees, so it is a model of a player, not of a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from mowkit.agents import make_agent
from mowkit.core import OptionError, check_int
from mowkit.games.sixnimmt import Play, fewest_heads_row, placements, row_heads
from mowkit.games.sixnimmt.agents import immediate_penalty
from mowkit.registry import load_game
from mowkit.simulate import play_state

FEATURES = ("heads_taken", "takes", "lower_than_all", "nth_2", "nth_3", "nth_4", "nth_5", "gap_2", "gap_3",
            "gap_4", "gap_5", "log_gap", "value", "value_squared", "rank", "fifth_heads", "distance")
"""Feature names, in the order of :data:`WEIGHTS`."""

WEIGHTS = np.array([-4.4859, -0.3439, 0.1931, -0.3625, 0.2077, 0.1967, 0.3020, -0.1534, -0.5523, -0.7888,
                    -0.9226, 0.1376, -5.9900, 7.0617, 0.3068, -0.6524, 1.1332])
"""The fitted weights (see the module docstring and :data:`FIT`)."""

FIT = {"train": "100 games of 4 x mc:rollouts=40, seeds 1000-1099: 18,108 decisions",
       "test": "100 games, seeds 5000-5099: 17,496 decisions", "train_decisions": 18108, "test_decisions": 17496,
       "test_accuracy": 0.420, "random_accuracy": 0.214, "test_log_loss": 1.455, "random_log_loss": 1.678}
"""How :data:`WEIGHTS` were fitted and how well they predict held-out decisions."""


def features(card: int, rank: int, k: int, rows: Sequence[Sequence[int]], unseen: np.ndarray,
             capacity: int = 5) -> np.ndarray:
    """The feature vector of ``card`` (the ``rank``-th lowest of a hand of ``k``), standard variant.

    ``unseen[x]`` is True for a card nobody has shown this round (see the module docstring).
    """
    f = np.zeros(len(FEATURES))
    f[12] = card / 104.0
    f[13] = (card / 104.0) ** 2
    f[14] = rank / (k - 1.0) if k > 1 else 0.0
    where = placements(rows, card)  # the engine's Rules 1-2: [(row, "back")], or [] for Rule 4
    if not where:  # Rule 4: the gap is every unseen card below it
        f[11] = np.log1p(int(np.count_nonzero(unseen[1:card])))
        f[0] = row_heads(rows[fewest_heads_row(rows)]) / 10.0
        f[1] = f[2] = 1.0
        return f
    row = rows[where[0][0]]
    gap = int(np.count_nonzero(unseen[row[-1] + 1:card]))
    f[11] = np.log1p(gap)
    n = len(row)
    if n >= capacity:  # Rule 3: it would be the sixth
        f[0] = row_heads(row) / 10.0
        f[1] = 1.0
        return f
    if n <= 4:
        f[2 + n] = 1.0
        f[6 + n] = gap / 10.0
    if n == capacity - 1:
        f[15] = row_heads(row) / 10.0
    f[16] = (card - row[-1]) / 104.0
    return f


def decision_features(hand: Sequence[int], rows: Sequence[Sequence[int]], seen: Any,
                      capacity: int = 5) -> np.ndarray:
    """One feature row per card of the sorted ``hand`` (``seen``: the cards the player has seen this round)."""
    hand = sorted(int(c) for c in hand)
    unseen = np.ones(105, bool)
    unseen[0] = False
    unseen[[int(c) for c in seen]] = False
    unseen[hand] = True  # the player's own cards count as unseen (the others cannot see them)
    return np.array([features(c, i, len(hand), rows, unseen, capacity) for i, c in enumerate(hand)])


def collect(games: int, seed: int, spec: str = "mc:rollouts=40", players: int = 4) -> list[tuple[np.ndarray, int]]:
    """The card decisions of ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...) between ``spec`` players.

    Returns one ``(features of the hand's cards, index of the card played)`` per decision with more
    than one card to choose from. Same arguments, same decisions.
    """
    check_int("games", games, 1)
    check_int("seed", seed, 0)
    out: list[tuple[np.ndarray, int]] = []

    class Recorder:
        def __init__(self, agent: Any) -> None:
            self.agent, self.name = agent, agent.name

        def act(self, obs: Any, legal: Any, rng: np.random.Generator) -> Any:
            action = self.agent.act(obs, legal, rng)
            if isinstance(action, Play) and len(legal) > 1:
                hand = sorted(int(c) for c in obs.hand)
                out.append((decision_features(hand, obs.rows, obs.seen, obs.game.capacity),
                            hand.index(int(action.card))))
            return action

    game = load_game("sixnimmt", players=players)
    seats = [Recorder(make_agent("sixnimmt", spec)) for _ in range(players)]
    for i in range(games):
        play_state(game, seats, seed=seed + i)
    return out


def _stack(decisions: Sequence[tuple[np.ndarray, int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = np.concatenate([f for f, _ in decisions])
    sizes = np.array([len(f) for f, _ in decisions])
    starts = np.r_[0, np.cumsum(sizes)[:-1]]
    return x, starts, starts + np.array([c for _, c in decisions])


def _probabilities(w: np.ndarray, x: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    s = x @ w
    group = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(x)]))
    m = np.maximum.reduceat(s, starts)
    e = np.exp(s - m[group])
    z = np.add.reduceat(e, starts)
    return e / z[group], s - m[group] - np.log(z[group]), group


def log_loss(weights: np.ndarray, decisions: Sequence[tuple[np.ndarray, int]]) -> float:
    """Mean minus log-probability the model gives the card played (lower is better; random: mean log k)."""
    x, starts, chosen = _stack(decisions)
    _, logp, _ = _probabilities(np.asarray(weights, float), x, starts)
    return float(-logp[chosen].mean())


def accuracy(weights: np.ndarray, decisions: Sequence[tuple[np.ndarray, int]]) -> float:
    """Share of decisions where the model's most likely card is the card played."""
    hits = [int(np.argmax(f @ weights)) == c for f, c in decisions]
    return float(np.mean(hits))


def fit(decisions: Sequence[tuple[np.ndarray, int]], iterations: int = 50) -> np.ndarray:
    """Maximum-likelihood weights of the conditional logit (Newton's method with step halving)."""
    x, starts, chosen = _stack(decisions)
    w = np.zeros(x.shape[1])
    best = -np.inf
    for _ in range(iterations):
        p, logp, group = _probabilities(w, x, starts)
        ll = logp[chosen].sum()
        mean = np.add.reduceat(p[:, None] * x, starts)
        grad = x[chosen].sum(axis=0) - mean.sum(axis=0)
        hess = (p[:, None] * x).T @ x - mean.T @ mean
        step = np.linalg.solve(hess + 1e-9 * len(starts) * np.eye(len(w)), grad)
        t = 1.0
        while t > 1e-4:
            trial = w + t * step
            _, lp, _ = _probabilities(trial, x, starts)
            if lp[chosen].sum() >= ll:
                break
            t /= 2
        w = w + t * step
        if abs(ll - best) < 1e-9 * len(starts):
            break
        best = ll
    return w


def card_chances(observation: Any, weights: np.ndarray | None = None) -> Any:
    """How likely the model's good player is to lay each card of this hand now (6 nimmt!, standard).

    This is the planner's picture of another player's choice on this turn (and of its own later
    choices). Returns a DataFrame, one line per card of the sorted hand: ``card``, ``heads_now``
    (the heads it would take if laid alone on the rows now) and ``model_chance`` (the model's
    probability; the column sums to 1). For people: :func:`mowkit.games.sixnimmt.card_math.model_chances_table`.
    """
    if getattr(getattr(observation, "game", None), "name", None) != "sixnimmt" or not hasattr(observation, "rows"):
        raise OptionError("observation", type(observation).__name__, "a 6 nimmt! observation (state.observation(seat))")
    w = WEIGHTS if weights is None else np.asarray(weights, float)
    hand = sorted(int(c) for c in observation.hand)
    f = decision_features(hand, observation.rows, observation.seen, observation.game.capacity)
    s = f @ w
    p = np.exp(s - s.max())

    heads_now = [immediate_penalty(observation, c)[0] for c in hand]  # the greedy player's cost of each card
    return pd.DataFrame({"card": hand, "heads_now": heads_now, "model_chance": p / p.sum()})
