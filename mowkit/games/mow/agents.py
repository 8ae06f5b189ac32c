"""Mow agents: random, greedy, heuristic and Monte Carlo.

Every agent answers all decisions of Mow: a turn (``AddCow``, ``Acrobat``, ``Slowpoke``,
``Calf``, ``MadCow`` or ``TakeHerd``; on an empty herd only ``AddCow(..., "start")``), the
optional arrow ``Flip`` after a green special and ``ChooseNext`` after a yellow special. Agents
read only their observation (:class:`mowkit.games.mow.MowObservation`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from mowkit.agents.base import KernelParams
from mowkit.core import Action, check_choice, check_int, check_seconds
from mowkit.games.mow import NUMBERED, ChooseNext, Flip, MowObservation, TakeHerd
from mowkit.games.mow.policies import (
    AGENT_POLICIES,
    GREEDY_TAKE_AT,
    HEURISTIC_MIN_CARDS,
    HEURISTIC_TAKE_AT,
)


def followers(obs: MowObservation, action: Action, unseen: Sequence[int]) -> int:
    """How many ``unseen`` cards could be added next if ``action`` were played on the active herd.

    Counts numbered cows strictly beyond the new ends (only cows with flies while a mad cow is in
    the herd) and slowpokes when the new line has a missing number. An approximation: acrobats and
    calves are not counted.
    """
    g = obs.game
    kinds, numbers, flies = g.kinds, g.numbers, g.flies
    line = [v for v, _ in obs.herd]
    mad = any(kinds[c] == "mad" for _, c in obs.herd)
    card = getattr(action, "card", None)
    kind = getattr(action, "kind", "")
    if kind == "add":
        line.append(numbers[card])  # type: ignore[index,arg-type]
    elif kind == "slowpoke":
        line.append(action.value)  # type: ignore[attr-defined]
    elif kind == "calf":
        line.append(min(line) - 1 if action.end == "low" else max(line) + 1)  # type: ignore[attr-defined]
    elif kind == "mad":
        mad = True
    lo, hi = min(line), max(line)
    gaps = (hi - lo - 1) > len(set(line)) - 2 if len(line) > 1 else False
    count = 0
    for c in unseen:
        k = kinds[c]
        if mad and not flies[c]:
            continue
        if k in NUMBERED:
            n = numbers[c]
            if n < lo or n > hi:  # type: ignore[operator]
                count += 1
        elif k == "slowpoke" and gaps:
            count += 1
    return count


class _Base(KernelParams):
    name = "base"

    # kernel_policies / defaults() / kernel_params(): mowkit.agents.base.KernelParams
    # (the policies of ``mowkit.games.mow.kernel.POLICIES`` that play exactly like the agent,
    # and the defaults they are compiled with: data of mowkit.games.mow.policies)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(_Base):
    """Chooses uniformly among the legal actions.

    Every decision is one uniform draw over the legal list: in a turn the take of the herd is one
    option among all placements (so it is taken voluntarily with probability 1/(options)); the
    arrow flip is 0 or 1 with probability 1/2 each; the next farmer is any allowed farmer.
    """

    kernel_policies = AGENT_POLICIES["random"]
    draws_at_random = True

    name = "random"

    def act(self, observation: MowObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal_actions[int(rng.integers(len(legal_actions)))]


class GreedyAgent(_Base):
    """Keeps the herd closed for the next farmer; takes cheap herds; aims turns at the leader.

    * Turn: take the herd when no cow fits, or when it holds at most ``take_at`` flies (default 0:
      a free take lets the farmer start a fresh herd of their choosing; 0 beat 1, 2 and 3 and
      never-voluntary against random farmers in 300-game trials with 3, 5 and 8 farmers; an integer
      >= -1, where -1 takes only when no cow fits). Otherwise play the
      placement that leaves the fewest unseen cards able to follow (see :func:`followers`: the
      next farmer is then the likeliest to be forced to take); ties go to the card with the most
      flies (unload flies into a herd someone else will probably take), then the lowest card id.
      Starting an empty herd uses the same ranking.
    * Arrow flip: point the arrow so that the next farmer is the one with the fewer total flies
      (the leader); keep it on a tie.
    * Next farmer after a yellow special: the allowed farmer with the fewest total flies, ties to
      the first in the arrow's direction.
    """

    kernel_policies = AGENT_POLICIES["greedy"]

    name = "greedy"

    def __init__(self, take_at: int = GREEDY_TAKE_AT) -> None:
        self.take_at = check_int("take_at", take_at, -1)

    def act(self, observation: MowObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        obs = observation
        first = legal_actions[0]
        n = obs.game.players
        if isinstance(first, Flip):
            ahead = (obs.player + obs.arrow) % n
            behind = (obs.player - obs.arrow) % n
            return Flip(obs.player, 1 if obs.totals[behind] < obs.totals[ahead] else 0)
        if isinstance(first, ChooseNext):
            def order(a: ChooseNext) -> tuple[int, int]:
                dist = ((a.next_player - obs.player) * obs.arrow) % n or n
                return obs.totals[a.next_player], dist

            return min(legal_actions, key=order)  # type: ignore[arg-type]
        placements = [a for a in legal_actions if not isinstance(a, TakeHerd)]
        take = [a for a in legal_actions if isinstance(a, TakeHerd)]
        if take and (not placements or obs.herd_flies() <= self.take_at):
            return take[0]
        unseen = obs.unseen_cards()
        flies = obs.game.flies

        def rank(a: Action) -> tuple[int, int, int]:
            card = a.card  # type: ignore[attr-defined]
            return followers(obs, a, unseen), -flies[card], card

        return min(placements, key=rank)


class HeuristicAgent(GreedyAgent):
    """Takes cheap herds early, keeps the herd closed, and unloads flies when the next farmer must take.

    * Turn: take the herd when no cow fits, or when it holds at most ``take_at`` flies (default 2)
      while it already has at least ``min_cards`` cows (default 3; integers, ``take_at`` >= -1,
      ``min_cards`` >= 0): a cheap take now is better
      than a full herd later, and the taker restarts the herd with a card of their choice.
    * Otherwise, like the greedy farmer, play the placement leaving the fewest unseen cards able to
      follow; when some placement leaves none (the next farmer is likely forced to take), play
      the one of those with the most flies, to unload them into the herd the next farmer takes.
    * Flip and next farmer: as the greedy farmer (aim at the leader).
    """

    kernel_policies = AGENT_POLICIES["heuristic"]

    name = "heuristic"

    def __init__(self, take_at: int = HEURISTIC_TAKE_AT, min_cards: int = HEURISTIC_MIN_CARDS) -> None:
        super().__init__(take_at=take_at)
        self.min_cards = check_int("min_cards", min_cards, 0)

    def act(self, observation: MowObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        obs = observation
        first = legal_actions[0]
        if isinstance(first, (Flip, ChooseNext)):
            return super().act(obs, legal_actions, rng)
        placements = [a for a in legal_actions if not isinstance(a, TakeHerd)]
        take = [a for a in legal_actions if isinstance(a, TakeHerd)]
        if take and (not placements or (obs.herd_flies() <= self.take_at and len(obs.herd) >= self.min_cards)):
            return take[0]
        unseen = obs.unseen_cards()
        flies = obs.game.flies
        scored = [(followers(obs, a, unseen), a) for a in placements]
        closing = [a for f, a in scored if f == 0]
        if closing:
            return max(closing, key=lambda a: (flies[a.card], -a.card))  # type: ignore[attr-defined]
        return min(scored, key=lambda fa: (fa[0], -flies[fa[1].card], fa[1].card))[1]  # type: ignore[attr-defined]


class MonteCarloAgent(_Base):
    """Flat Monte Carlo with determinization over the cards it has not seen.

    For each of ``rollouts`` determinizations it deals the cards it has not seen (other hands and
    the draw pile; sizes are public) at random, builds that position, and for every legal turn
    action plays it and the rest of the round with ``rollout`` farmers (``"random"`` or
    ``"greedy"``), noting its own flies at the round's end. All actions share the
    determinizations (common random numbers); it picks the lowest mean. The arrow flip and the
    next-farmer choice follow the greedy farmer (aim at the leader). ``time_budget`` (seconds per
    decision; a finite number, more than 0 and at most 3600) adds determinizations while time is
    left; the rollout count is the reproducible setting. It reads only its observation.

    ``backend="kernel"`` (default) plays the rollouts in the compiled kernel
    (:func:`mowkit.games.mow.kernel.mc_action_values`: the same determinizations and rollout rules,
    the kernel's random streams); ``"engine"`` plays them in the rule engine (slow; the
    definition the kernel is checked against). With the kernel and ``time_budget``, batches of
    ``rollouts`` are added while time is left.
    """

    name = "mc"

    def __init__(self, rollouts: int = 10, rollout: str = "random", time_budget: float | None = None,
                 backend: str = "kernel") -> None:
        self.rollouts = rollouts = check_int("rollouts", rollouts, 1)
        self.rollout = rollout = check_choice("rollout", rollout, ("random", "greedy"))
        self.time_budget = None if time_budget is None else check_seconds("time_budget", time_budget)
        self.backend = check_choice("backend", backend, ("kernel", "engine"))
        extra = "".join(f",{k}={v}" for k, v, d in (("rollout", rollout, "random"), ("backend", backend, "kernel"))
                        if v != d)
        self.name = f"mc:rollouts={rollouts}{extra}"
        self._greedy = GreedyAgent()
        self._policy = RandomAgent() if rollout == "random" else self._greedy

    def act(self, observation: MowObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        obs = observation
        if len(legal_actions) == 1:
            return legal_actions[0]
        if isinstance(legal_actions[0], (Flip, ChooseNext)):
            return self._greedy.act(obs, legal_actions, rng)
        return legal_actions[int(np.argmin(self.action_values(obs, rng, legal_actions)))]

    def action_values(self, obs: MowObservation, rng: np.random.Generator,
                      legal_actions: Sequence[Action] | None = None) -> np.ndarray:
        """Mean own flies this round after each legal turn action, in the legal list's order.

        ``obs`` is a turn of its farmer (phase ``play``); ``legal_actions`` default to the
        engine's list for that observation (:func:`mowkit.games.mow.kernel.turn_actions`).
        """
        from mowkit.games.mow.kernel import mc_action_values, turn_actions

        if legal_actions is None:
            legal_actions = turn_actions(obs)
        start = time.perf_counter()
        if self.backend == "kernel":
            total = np.zeros(len(legal_actions))
            batches = 0
            while batches == 0 or (self.time_budget is not None and time.perf_counter() - start < self.time_budget):
                total += mc_action_values(obs, self.rollouts, int(rng.integers(2**32)), self.rollout)
                batches += 1
            return total / batches
        g, me = obs.game, obs.player
        kinds = g.kinds
        herds = [[c if kinds[c] not in ("slowpoke", "calf") else (c, v) for v, c in h] for h in obs.herds]
        acrobats = [pair for herd in obs.acrobats for pair in herd]
        unseen = np.array(obs.unseen_cards())
        means = np.zeros(len(legal_actions))
        done = 0
        while done < self.rollouts or (self.time_budget is not None and time.perf_counter() - start < self.time_budget):
            cards = [int(c) for c in rng.permutation(unseen)]
            hands, pos = [], 0
            for p, size in enumerate(obs.hand_sizes):
                if p == me:
                    hands.append(list(obs.hand))
                else:
                    hands.append(cards[pos : pos + size])
                    pos += size
            base = g.position(
                hands, herds, acrobats=acrobats, stock=cards[pos : pos + obs.stock_size],
                piles=obs.piles, totals=obs.totals if obs.round >= 1 else None, pending=me,
                arrow=obs.arrow, active=obs.active_herd, round_index=obs.round, seed=0,
                reachable=False,  # mirrors the state it sees, however it was built
            )
            for i, a in enumerate(legal_actions):
                means[i] += self._play_out(base.clone(), a, me, rng)
            done += 1
        return means / done

    def _play_out(self, state, action: Action, me: int, rng: np.random.Generator) -> int:
        round_index = state.round_index
        state.apply(action)
        while state.round_index == round_index and not state.is_over():
            p = state.pending_players()[0]
            legal = state.legal_actions(p)
            state.apply(self._policy.act(state.observation(p), legal, rng))
        return state.round_scores[-1][me]
