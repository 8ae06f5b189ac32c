"""The Mow planning player (see :mod:`mowkit.agents.planner` for the search it shares with 6 nimmt!'s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mowkit.agents.planner import _halving
from mowkit.core import Action, check_choice, check_int, check_seconds
from mowkit.games.mow import ChooseNext, Flip
from mowkit.games.mow.agents import GreedyAgent


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
        obs = observation
        if len(legal_actions) == 1:
            return legal_actions[0]
        if isinstance(legal_actions[0], (Flip, ChooseNext)):
            if self._aim is None:
                self._aim = GreedyAgent()
            return self._aim.act(obs, legal_actions, rng)
        from mowkit.games.mow.kernel import mc_action_values

        def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
            return mc_action_values(obs, self.rollouts, seed, self.rollout, candidates=idx)

        return legal_actions[_halving(evaluate, len(legal_actions), self.rollouts, self.time_budget, rng)]

    def __repr__(self) -> str:
        return f"MowPlanner(rollouts={self.rollouts}, time_budget={self.time_budget})"
