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
   6 nimmt! (``rollout="learned"``, default; :func:`mowkit.kernels.planning.model_values`): the
   cards of the simulated round are drawn from a *learned model of a good player*
   (:mod:`mowkit.agents.rollout_model`: a conditional logit on what a player sees of each card:
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
   earlier kernel (:func:`mowkit.kernels.planning.plan_values`): the others play random cards,
   except that a random card that would take a row is put back and another drawn, ``avoid`` times
   (default 1); the player's own later cards random (``avoid_me``, default 0); the kit's greedy
   policy as the rollout model with the chance ``greedy``, ``greedy_now``, ``greedy_me`` per turn.
   Mow plays the round with ``rollout`` farmers (default ``"greedy"``, in
   :func:`mowkit.kernels.mow.mc_action_values`).
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
   :mod:`mowkit.kernels.planning`), ``"relative"`` the heads this round minus the others' mean,
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
from collections.abc import Sequence
from typing import Any

import numpy as np

from mowkit.core import Action, check_choice, check_int, check_seconds
from mowkit.i18n import _


def _halving(evaluate: Any, n: int, rollouts: int, time_budget: float | None, rng: np.random.Generator) -> int:
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


def _race(evaluate: Any, n: int, time_budget: float | None, stages: int, z: float,
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


def _check_number(option: str, value: Any, lo: float, hi: float, allowed: str) -> float:
    """A number option in ``lo..hi`` as a ``float``, or :class:`~mowkit.core.OptionError`."""
    from mowkit.core import OptionError

    ok = isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
    if ok and lo <= float(value) <= hi:
        return float(value)
    raise OptionError(option, value, allowed)


class SixNimmtPlanner:
    """Plans: determinized rollouts with a learned model of good play, racing on common random numbers (see the module docstring)."""

    def __init__(self, rollouts: int = 20, time_budget: float | None = None, objective: str = "own",
                 rollout: str = "learned", model_turns: int = 1, own_turns: int = 100,
                 greedy: float = 0.0, greedy_me: float = 0.0, greedy_now: float = 0.0,
                 avoid: int = 1, avoid_me: int = 0, stages: int = 5, z: float = 3.0) -> None:
        self.rollouts = rollouts = check_int("rollouts", rollouts, 1)
        self.time_budget = None if time_budget is None else check_seconds("time_budget", time_budget)
        self.objective = check_choice("objective", objective, ("own", "leader", "win", "relative"))
        self.rollout = check_choice("rollout", rollout, ("learned", "random"))
        self.model_turns = check_int("model_turns", model_turns, 0, 100)
        self.own_turns = check_int("own_turns", own_turns, 0, 100)
        self.greedy = _check_number("greedy", greedy, 0.0, 1.0, _("a number from 0 to 1"))
        self.greedy_me = _check_number("greedy_me", greedy_me, 0.0, 1.0, _("a number from 0 to 1"))
        self.greedy_now = _check_number("greedy_now", greedy_now, 0.0, 1.0, _("a number from 0 to 1"))
        self.avoid = check_int("avoid", avoid, 0, 100)
        self.avoid_me = check_int("avoid_me", avoid_me, 0, 100)
        self.stages = check_int("stages", stages, 1)
        self.z = _check_number("z", z, 0.0, 100.0, _("a number from 0 to 100 (standard errors)"))
        from mowkit.core import OptionError

        if self.rollout == "learned":
            for key, value, default in (("greedy", self.greedy, 0.0), ("greedy_me", self.greedy_me, 0.0),
                                        ("greedy_now", self.greedy_now, 0.0), ("avoid", self.avoid, 1),
                                        ("avoid_me", self.avoid_me, 0)):
                if value != default:
                    raise OptionError(key, value, _("its default ({default}) with the learned rollouts; it is an "
                                                    "option of the random rollouts (rollout=random)").format(
                                                        default=f"{default:g}"))
        else:
            for key, value, default in (("model_turns", self.model_turns, 1), ("own_turns", self.own_turns, 100)):
                if value != default:
                    raise OptionError(key, value, _("its default ({default}) with the random rollouts; it is an "
                                                    "option of the learned rollouts (rollout=learned)").format(
                                                        default=default))
        options = (("objective", self.objective, "own"), ("rollout", self.rollout, "learned"),
                   ("model_turns", self.model_turns, 1), ("own_turns", self.own_turns, 100),
                   ("greedy", self.greedy, 0.0),
                   ("greedy_me", self.greedy_me, 0.0), ("greedy_now", self.greedy_now, 0.0),
                   ("avoid", self.avoid, 1), ("avoid_me", self.avoid_me, 0), ("stages", self.stages, 5),
                   ("z", self.z, 3.0))
        extra = "".join(f",{k}={v:g}" if isinstance(v, float) else f",{k}={v}" for k, v, d in options if v != d)
        self.name = f"planner:rollouts={rollouts}{extra}"

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        from mowkit.agents.sixnimmt import _unseen, cheapest_row
        from mowkit.games.sixnimmt import Place, Play, TakeRow

        obs = observation
        first = legal_actions[0]
        if isinstance(first, TakeRow):
            return TakeRow(obs.player, cheapest_row(obs.rows))
        if isinstance(first, Place):
            return first
        if not isinstance(first, Play):  # logic draft
            return legal_actions[int(rng.integers(len(legal_actions)))]
        if len(legal_actions) == 1:
            return first
        from mowkit.kernels.sixnimmt import _heads, _mc_kernel, row_arrays
        from mowkit.kernels.warm import call

        g = obs.game
        hand = np.asarray(obs.hand, np.int64)
        unseen = np.asarray(_unseen(obs), np.int64)
        table = _heads()
        first0, last0, rcnt0, rhd0 = row_arrays(obs.rows)
        n_rows = len(obs.rows)
        rollouts = self.rollouts
        if len(unseen) < (g.players - 1) * len(hand):  # too few unknown cards to deal (logic variant)
            from mowkit.agents.sixnimmt import GreedyAgent

            return GreedyAgent().act(obs, legal_actions, rng)

        from mowkit.games.sixnimmt import row_heads
        from mowkit.kernels.planning import MU, OBJECTIVES, SIGMA, TIE

        start = np.array([t + row_heads(pile) for t, pile in zip(obs.totals, obs.piles)], np.float64)
        final = g.max_rounds is not None and obs.round + 1 >= g.max_rounds  # this round ends the game anyway
        code = OBJECTIVES[self.objective]
        if g.professional:  # both row ends: the general kernel, random rollouts, relative (or own) heads
            relative = self.objective != "own"

            def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
                values = np.zeros(len(idx), np.float64)
                call(_mc_kernel, values, seed & 0xFFFFFFFF, rollouts, g.players, obs.player, n_rows, g.capacity, True,
                           relative, table, hand, hand[idx].copy(), unseen, first0, last0, rcnt0, rhd0)
                return values / rollouts
        elif self.rollout == "learned":
            from mowkit.agents.rollout_model import WEIGHTS
            from mowkit.kernels.planning import _model_kernel, model_inputs

            hand, gone = model_inputs(obs.hand, obs.seen)

            def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
                values = np.zeros((len(idx), rollouts), np.float64)
                call(_model_kernel, values, seed & 0xFFFFFFFF, rollouts, g.players, obs.player, n_rows, g.capacity, table,
                              hand, hand[idx].copy(), unseen, last0, rcnt0, rhd0, gone, WEIGHTS, self.own_turns,
                              self.model_turns, code, start, float(g.threshold), g.comparison == ">", final,
                              MU, SIGMA, TIE)
                return values
        else:
            from mowkit.kernels.planning import _plan_kernel

            def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
                values = np.zeros((len(idx), rollouts), np.float64)
                call(_plan_kernel, values, seed & 0xFFFFFFFF, rollouts, g.players, obs.player, n_rows, g.capacity, table,
                             hand, hand[idx].copy(), unseen, last0, rcnt0, rhd0, self.greedy_me, self.greedy,
                             self.greedy_now, self.avoid_me, self.avoid, code,
                             start, float(g.threshold), g.comparison == ">", final, MU, SIGMA, TIE)
                return values

        if g.professional:
            best = _halving(evaluate, len(hand), rollouts, self.time_budget, rng)
        else:
            best = _race(evaluate, len(hand), self.time_budget, self.stages, self.z, rng)
        return Play(obs.player, int(hand[best]))

    def __repr__(self) -> str:
        return f"SixNimmtPlanner(rollouts={self.rollouts}, time_budget={self.time_budget}, rollout={self.rollout!r})"


class MowPlanner:
    """Plans: determinized search with successive halving over its turn actions (see the module docstring)."""

    def __init__(self, rollouts: int = 10, time_budget: float | None = None, rollout: str = "greedy") -> None:
        self.rollouts = rollouts = check_int("rollouts", rollouts, 1)
        self.time_budget = None if time_budget is None else check_seconds("time_budget", time_budget)
        self.rollout = check_choice("rollout", rollout, ("random", "greedy", "heuristic"))
        extra = "" if rollout == "greedy" else f",rollout={rollout}"
        self.name = f"planner:rollouts={rollouts}{extra}"
        self._aim: Any = None

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        from mowkit.games.mow import ChooseNext, Flip

        obs = observation
        if len(legal_actions) == 1:
            return legal_actions[0]
        if isinstance(legal_actions[0], (Flip, ChooseNext)):
            if self._aim is None:
                from mowkit.agents.mow import GreedyAgent

                self._aim = GreedyAgent()
            return self._aim.act(obs, legal_actions, rng)
        from mowkit.kernels.mow import mc_action_values

        def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
            return mc_action_values(obs, self.rollouts, seed, self.rollout, candidates=idx)

        return legal_actions[_halving(evaluate, len(legal_actions), self.rollouts, self.time_budget, rng)]

    def __repr__(self) -> str:
        return f"MowPlanner(rollouts={self.rollouts}, time_budget={self.time_budget})"
