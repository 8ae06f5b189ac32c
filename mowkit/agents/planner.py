"""A player that plans, for both games: determinized search over its moves ("planner").

The flat Monte Carlo player (``mc``) spreads its rollouts evenly over every legal move and scores
its own points this round. The planner searches the same information set, but models the other
players a little better, spends its simulations where they decide something, and (6 nimmt!)
scores what decides a game:

1. **Determinizations.** Each simulation deals what the player cannot see at random: the cards
   it has not seen this round (6 nimmt!: the other hands, the face-down cards and the cards out
   of play; Mow: the other hands and the draw pile, sizes public), so every world is consistent
   with the player's information set: no opponent holds a card that was seen elsewhere.
2. **Rollouts** to the end of the round (later rounds are dealt afresh, so the round is the
   horizon), in the compiled kernels.
   6 nimmt! (``rollout="learned"``, default; :func:`mowkit.games.sixnimmt.planning.model_values`): the
   cards of the simulated round are drawn from a *learned model of a good player*
   (:mod:`mowkit.games.sixnimmt.rollout_model`: a conditional logit on what a player sees of each card:
   the heads it would take, which card of its row it would be, how many unseen cards lie in the
   gap before it, its value and rank; fitted to 18,108 decisions of flat Monte Carlo players). The
   player's own later cards all follow the model, and so does the card each other player lays on
   this turn. ``model_turns`` (default 1) is how many turns of the round, counting this one, the
   others' cards come from the model (0: none; their later cards are random; modelling them all
   makes a rollout about 2.5 times as slow and no stronger per rollout); ``own_turns`` (default
   100: all) the same for the player's own cards (this turn's card is the candidate itself, so 0
   and 1 both mean random later cards). This is what makes the
   planner stronger than ``mc``. Measured at 160 rollouts per card (single rounds against ``mc``,
   heads per round, ``benchmarks/README.md``): random rollouts +0.72 (the earlier kernel) and
   −0.47 (the same random numbers per turn for every candidate), the model for the others' card of
   this turn only −0.94, for the player's own later cards only −0.22, both −1.98: what a card is
   worth depends on what the others lay now and on playing the rest of one's own hand well.
   ``rollout="random"`` keeps the
   earlier kernel (:func:`mowkit.games.sixnimmt.planning.plan_values`): the others play random cards,
   except that a random card that would take a row is put back and another drawn, ``avoid`` times
   (default 1); the player's own later cards random (``avoid_me``, default 0); the kit's greedy
   policy as the rollout model with the chance ``greedy``, ``greedy_now``, ``greedy_me`` per turn.
   Mow plays the round with ``rollout`` farmers (default ``"greedy"``, in
   :func:`mowkit.games.mow.kernel.mc_action_values`).
3. **Common random numbers and racing** (6 nimmt!). Every candidate card is played out on the
   same determinizations (the same deal of the unseen cards, hand orders and redraws), so the
   paired differences between two candidates carry much less noise than their values. The
   search runs in stages of ``rollouts`` simulations of every surviving candidate; after each
   stage a candidate whose mean is worse than the best one's by more than ``z`` (default 3)
   standard errors of their paired difference drops out. With ``time_budget`` (seconds per
   decision) it adds stages until the time is used or one candidate is left; without it, it runs
   ``stages`` stages (default 5). It plays the best mean among the survivors. Mow (and the
   professional variant of 6 nimmt!, played with the general kernel and random rollouts) use
   successive halving instead: after each stage the worse half of the candidates drops out
   (never fewer than two), ``1 + ceil(log2(moves))`` stages without a time budget.
4. **Objective.** 6 nimmt!: ``objective="own"`` (default) minimises the player's heads this
   round, as ``mc`` does (with the learned rollouts, scratch runs of 400 whole games against 3
   ``mc``: win share 0.350 with ``own``, 0.336 with ``leader``, within noise; the simpler one is
   the default). ``"leader"`` minimises the player's total at the
   end of this round minus the lowest total of the others: ahead, it guards its lead over the
   closest chaser; behind, it chases the leader (a win is decided by the ranking of the totals,
   not by one's own heads). ``"win"`` estimates the chance of winning the game (exact when the
   round ends the game, a normal model of the remaining rounds otherwise; see
   :mod:`mowkit.games.sixnimmt.planning`), ``"relative"`` the heads this round minus the others' mean,
   ``"own"`` the heads alone. Mow: the player's flies this round.

Other decisions: 6 nimmt!'s Rule 4 row (fewest heads), professional ties (first option) and logic
draft (random, as ``mc``; when too few cards are unknown to deal the others full hands, as can
happen in the logic variant, it plays the greedy card); Mow's arrow flip and next farmer (the greedy farmer's aim at the
leader). It reads only its observation. ``rollouts`` with no ``time_budget`` is the reproducible
setting (same seed, same choices); with ``time_budget`` results depend on the machine's speed.
Strength at equal time against ``mc`` and OpenSpiel's ISMCTS: ``benchmarks/README.md``
("Planning player").
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from mowkit.core import OptionError

Evaluate = Callable[[npt.NDArray[np.int_], int], npt.NDArray[np.float64]]
"""``evaluate(candidates, seed)``: the outcomes of rollouts of the candidates (lower is better)."""


def _halving(evaluate: Evaluate, n: int, rollouts: int, time_budget: float | None, rng: np.random.Generator) -> int:
    """Index of the best candidate among ``n`` by successive halving; ``evaluate(idx, seed)`` -> means."""
    start = time.perf_counter()
    alive = np.arange(n)
    sums = np.zeros(n)
    counts = np.zeros(n)
    stages = 1 + math.ceil(math.log2(n))
    stage = 0
    while True:
        means = evaluate(alive, int(rng.integers(2**32)))
        sums[alive] += means * rollouts
        counts[alive] += rollouts
        stage += 1
        if time_budget is None:
            if stage >= stages:
                break
        elif time.perf_counter() - start >= time_budget:
            break
        if len(alive) > 2:
            avg = sums[alive] / counts[alive]
            keep = max(2, (len(alive) + 1) // 2)
            alive = alive[np.argsort(avg, kind="stable")[:keep]]
    avg = sums[alive] / counts[alive]
    return int(alive[int(np.argmin(avg))])


def _race(evaluate: Evaluate, n: int, time_budget: float | None, stages: int, z: float,
          rng: np.random.Generator) -> int:
    """Index of the best of ``n`` candidates by racing on common random numbers.

    ``evaluate(idx, seed)`` gives one row of per-rollout outcomes per candidate of ``idx``, all rows
    from the same rollouts (lower is better). After every stage, a candidate whose paired
    difference to the best mean is more than ``z`` standard errors drops out; the others go on.
    Stops after ``stages`` stages (no ``time_budget``) or when the time is used (at least one stage).
    """
    start = time.perf_counter()
    alive = np.arange(n)
    samples: list[np.ndarray] = []  # one (n, rollouts) block per stage, rows of dropped candidates unused
    stage = 0
    while True:
        got = evaluate(alive, int(rng.integers(2**32)))
        block = np.full((n, got.shape[1]), np.nan)
        block[alive] = got
        samples.append(block)
        stage += 1
        if time_budget is None:
            if stage >= stages:
                break
        elif time.perf_counter() - start >= time_budget:
            break
        if len(alive) > 1 and stage * got.shape[1] >= 2:
            x = np.concatenate(samples, axis=1)[alive]
            means = x.mean(axis=1)
            best = int(np.argmin(means))
            d = x - x[best]
            se = d.std(axis=1, ddof=1) / math.sqrt(x.shape[1])
            keep = (means - means[best]) <= z * se
            keep[best] = True
            alive = alive[keep]
        if len(alive) == 1:
            break
    x = np.concatenate(samples, axis=1)[alive]
    return int(alive[int(np.argmin(x.mean(axis=1)))])


def _check_number(option: str, value: object, lo: float, hi: float, allowed: str) -> float:
    """A number option in ``lo..hi`` as a ``float``, or :class:`~mowkit.core.OptionError`."""
    if (isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
            and lo <= float(value) <= hi):
        return float(value)
    raise OptionError(option, value, allowed)
