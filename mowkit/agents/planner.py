"""A player that plans, for both games: determinized search with successive halving ("planner").

The flat Monte Carlo player (``mc``) spreads its rollouts evenly over every legal move. The
planner searches the same information set, but spends its simulations where they decide
something:

1. **Opponent model.** Each simulation is a determinization of what the player cannot see: the
   cards it has not seen this round (6 nimmt!: the other hands, the face-down cards and the cards
   out of play; Mow: the other hands and the draw pile, sizes public) are dealt at random, so
   every world is consistent with the player's information set: no opponent holds a card that
   was seen elsewhere.
2. **Rollouts** run in the compiled kernels: 6 nimmt! plays the rest of the round with random
   players (:func:`mowkit.kernels.sixnimmt.mc_card_values`' kernel, on chosen candidate cards);
   Mow plays it with ``rollout`` farmers (default ``"greedy"``, a heuristic policy, in
   :func:`mowkit.kernels.mow.mc_action_values` with ``candidates``).
3. **Successive halving.** Every candidate move gets ``rollouts`` simulations; then the worse half
   of the candidates (by mean) is dropped and the survivors get ``rollouts`` more each, and so on
   (never fewer than two survivors while time is left). With ``time_budget`` (seconds per
   decision) it keeps adding stages until the time is used; without it, it runs
   ``1 + ceil(log2(moves))`` stages. Samples accumulate, so the final choice (the best mean among
   the survivors) rests on many more simulations of the close candidates than flat Monte Carlo
   gives them at the same cost.
4. **Objective.** 6 nimmt!: ``objective="relative"`` (default) minimises the player's heads this
   round minus the others' mean (what decides a win), ``"own"`` its heads alone. Mow: the
   player's flies this round.

Other decisions: 6 nimmt!'s Rule 4 row (fewest heads), professional ties (first option) and logic
draft (random, as ``mc``); Mow's arrow flip and next farmer (the greedy farmer's aim at the
leader). It reads only its observation. ``rollouts`` with no ``time_budget`` is the reproducible
setting (same seed, same choices); with ``time_budget`` results depend on the machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from mowkit.core import Action, check_choice, check_int, check_seconds


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


class SixNimmtPlanner:
    """Plans: determinized search with successive halving over its cards (see the module docstring)."""

    def __init__(self, rollouts: int = 40, time_budget: float | None = None, objective: str = "relative") -> None:
        self.rollouts = rollouts = check_int("rollouts", rollouts, 1)
        self.time_budget = None if time_budget is None else check_seconds("time_budget", time_budget)
        self.objective = check_choice("objective", objective, ("relative", "own"))
        extra = "" if objective == "relative" else f",objective={objective}"
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
        from mowkit.kernels.sixnimmt import _heads, _mc_kernel

        g = obs.game
        hand = np.asarray(obs.hand, np.int64)
        unseen = np.asarray(_unseen(obs), np.int64)
        table = _heads()
        first0 = np.array([r[0] for r in obs.rows], np.int64)
        last0 = np.array([r[-1] for r in obs.rows], np.int64)
        rcnt0 = np.array([len(r) for r in obs.rows], np.int64)
        rhd0 = np.array([int(table[list(r)].sum()) for r in obs.rows], np.int64)
        relative = self.objective == "relative"

        def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
            values = np.zeros(len(idx), np.float64)
            _mc_kernel(values, seed & 0xFFFFFFFF, self.rollouts, g.players, obs.player, len(obs.rows),
                       g.capacity, g.professional, relative, table, hand, hand[idx].copy(), unseen,
                       first0, last0, rcnt0, rhd0)
            return values / self.rollouts

        best = _halving(evaluate, len(hand), self.rollouts, self.time_budget, rng)
        return Play(obs.player, int(hand[best]))

    def __repr__(self) -> str:
        return f"SixNimmtPlanner(rollouts={self.rollouts}, time_budget={self.time_budget})"


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
