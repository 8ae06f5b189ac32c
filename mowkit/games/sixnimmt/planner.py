"""The 6 nimmt! planning player (see :mod:`mowkit.agents.planner` for the search it shares with Mow's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mowkit.agents.planner import _check_number, _halving, _race
from mowkit.core import Action, OptionError, check_choice, check_int, check_seconds
from mowkit.games.sixnimmt import Place, Play, TakeRow, row_heads
from mowkit.games.sixnimmt.agents import GreedyAgent, _unseen, cheapest_row
from mowkit.games.sixnimmt.rollout_model import WEIGHTS
from mowkit.i18n import _


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
        from mowkit.games.sixnimmt.kernel import _heads, _mc_kernel, row_arrays
        from mowkit.kernels.warm import call

        g = obs.game
        hand = np.asarray(obs.hand, np.int64)
        unseen = np.asarray(_unseen(obs), np.int64)
        table = _heads()
        first0, last0, rcnt0, rhd0 = row_arrays(obs.rows)
        n_rows = len(obs.rows)
        rollouts = self.rollouts
        if len(unseen) < (g.players - 1) * len(hand):  # too few unknown cards to deal (logic variant)
            return GreedyAgent().act(obs, legal_actions, rng)

        from mowkit.games.sixnimmt.planning import MU, OBJECTIVES, SIGMA, TIE

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
            from mowkit.games.sixnimmt.planning import _model_kernel, model_inputs

            hand, gone = model_inputs(obs.hand, obs.seen)

            def evaluate(idx: np.ndarray, seed: int) -> np.ndarray:
                values = np.zeros((len(idx), rollouts), np.float64)
                call(_model_kernel, values, seed & 0xFFFFFFFF, rollouts, g.players, obs.player, n_rows, g.capacity, table,
                              hand, hand[idx].copy(), unseen, last0, rcnt0, rhd0, gone, WEIGHTS, self.own_turns,
                              self.model_turns, code, start, float(g.threshold), g.comparison == ">", final,
                              MU, SIGMA, TIE)
                return values
        else:
            from mowkit.games.sixnimmt.planning import _plan_kernel

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
