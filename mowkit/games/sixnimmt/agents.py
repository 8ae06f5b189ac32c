"""6 nimmt! agents: random, lowest card, highest card, greedy.

Every agent answers all decisions of the game: the card choice (``Play``), Rule 4's row choice
(``TakeRow``), the professional variant's tie (``Place``) and the logic draft (``Draft``).
Unless its docstring says otherwise an agent takes, for Rule 4, the row with the fewest heads
(ties to the fewest cards, then the lowest row index), places professional ties on the first
option, and drafts like it plays (random agents draft at random).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from math import comb

import numpy as np

from mowkit.agents.base import KernelParams
from mowkit.core import Action, check_choice, check_int, check_seconds
from mowkit.games.sixnimmt import (
    Draft,
    Place,
    Play,
    SixNimmtObservation,
    TakeRow,
    fewest_heads_row,
    placements,
    row_heads,
)
from mowkit.games.sixnimmt.policies import AGENT_POLICIES, RANDOM_AGENT_ROW


def cheapest_row(rows: Sequence[Sequence[int]]) -> int:
    """Row with the fewest heads; ties to the fewest cards, then the lowest index."""
    return min(range(len(rows)), key=lambda i: (row_heads(rows[i]), len(rows[i]), i))


def immediate_penalty(obs: SixNimmtObservation, card: int) -> tuple[int, int]:
    """(heads taken, distance to the row end) if ``card`` were placed alone on the rows seen now.

    Rule 4 costs the cheapest row; a row already at capacity costs that row; else 0 heads.
    """
    opts = placements(obs.rows, card, obs.game.professional)
    if not opts:
        return row_heads(obs.rows[cheapest_row(obs.rows)]), 0
    worst = 0
    dist = 104
    for r, end in opts:
        row = obs.rows[r]
        if len(row) >= obs.game.capacity:
            worst = max(worst, row_heads(row))
        dist = min(dist, card - row[-1] if end == "back" else row[0] - card)
    return worst, dist


class _Base(KernelParams):
    name = "base"

    # kernel_policies / defaults() / kernel_params(): mowkit.agents.base.KernelParams
    # (the policies of ``mowkit.games.sixnimmt.kernel.POLICIES`` that play exactly like the agent,
    # and the defaults they are played with: data of mowkit.games.sixnimmt.policies)

    def act(self, observation: SixNimmtObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        first = legal_actions[0]
        if isinstance(first, Play):
            return self.play(observation, legal_actions, rng)
        if isinstance(first, TakeRow):
            return self.take_row(observation, legal_actions, rng)
        if isinstance(first, Draft):
            return self.draft(observation, legal_actions, rng)
        if isinstance(first, Place):
            return first
        raise ValueError(f"{self.name}: no policy for {first!r}")

    def play(self, obs: SixNimmtObservation, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        raise NotImplementedError

    def take_row(self, obs: SixNimmtObservation, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return TakeRow(obs.player, cheapest_row(obs.rows))

    def draft(self, obs: SixNimmtObservation, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(_Base):
    """Plays a uniformly random card; under Rule 4 takes the row with the fewest heads, or a random row if told to.

    ``row="random"`` makes its Rule 4 row a random one. The default row policy (fewest heads, ties to the lowest index among equally few cards)
    is the one the published random-player figures use (12.12 heads per round with 4 players).
    """

    kernel_policies = AGENT_POLICIES["random"]
    draws_at_random = True

    def __init__(self, row: str = RANDOM_AGENT_ROW) -> None:
        self.row = check_choice("row", row, ("fewest_heads", "random"))
        self.name = "random" if row == "fewest_heads" else "random_row"

    def play(self, obs, legal, rng):
        return legal[int(rng.integers(len(legal)))]

    def take_row(self, obs, legal, rng):
        if self.row == "random":
            return legal[int(rng.integers(len(legal)))]
        values = [row_heads(r) for r in obs.rows]
        return TakeRow(obs.player, values.index(min(values)))


class LowestAgent(_Base):
    """Always plays its lowest card; drafts the lowest face-up card."""

    kernel_policies = AGENT_POLICIES["lowest"]

    name = "lowest"

    def play(self, obs, legal, rng):
        return legal[0]

    def draft(self, obs, legal, rng):
        return legal[0]


class HighestAgent(_Base):
    """Always plays its highest card; drafts the highest face-up card."""

    kernel_policies = AGENT_POLICIES["highest"]

    name = "highest"

    def play(self, obs, legal, rng):
        return legal[-1]

    def draft(self, obs, legal, rng):
        return legal[-1]


class GreedyAgent(_Base):
    """Plays the card with the smallest immediate penalty on the rows it sees.

    The immediate penalty of a card is what it would cost if it were placed now, alone: the
    heads of a full row it would complete, the cheapest row for a card lower than every row, else 0.
    Ties: the smallest distance to the end it goes on (the least room for others to slip in
    before it), then the lowest card. Drafts at random.
    """

    kernel_policies = AGENT_POLICIES["greedy"]

    name = "greedy"

    def play(self, obs, legal, rng):
        best = min(legal, key=lambda a: (*immediate_penalty(obs, a.card), a.card))
        return best


def _unseen(obs: SixNimmtObservation) -> list[int]:
    """Cards of the deck whose place this player does not know (other hands and out of play)."""
    seen = obs.seen
    return [c for c in obs.game.deck if c not in seen]


class HeuristicAgent(_Base):
    """Avoids rows with four cards and plays low when a row must be taken anyway.

    For every card it estimates the heads it will cost this turn:

    * a card lower than every row (Rule 4) certainly costs the cheapest row;
    * a card that would be the sixth certainly costs its row;
    * a card that would be the fifth (the row holds four) costs its row plus one card if any
      opponent plays a card between the row's end and it: with ``u`` unseen cards, ``g`` of them in
      that gap and ``k`` opponents, that chance is ``1 - C(u-g, k) / C(u, k)``;
    * other cards cost nothing now.

    It plays the card with the lowest estimate, ties to the smallest gap to its row, then the lowest
    card. When every card costs something for sure it plays its lowest card, so that it chooses the
    cheapest row itself (Rule 4) instead of being handed a full one. Rule 4: the fewest heads.
    """

    name = "heuristic"

    def play(self, obs, legal, rng):
        unseen = _unseen(obs)
        u = len(unseen)
        k = obs.game.players - 1
        cap = obs.game.capacity
        scored = []
        certain_everywhere = True
        for a in legal:
            card = a.card
            opts = placements(obs.rows, card, obs.game.professional)
            if not opts:
                cost, gap, certain = row_heads(obs.rows[cheapest_row(obs.rows)]), 0, True
            else:
                r, end = opts[0]
                row = obs.rows[r]
                gap = card - row[-1] if end == "back" else row[0] - card
                lo, hi = (row[-1], card) if end == "back" else (card, row[0])
                if len(row) >= cap:
                    cost, certain = row_heads(row), True
                elif len(row) == cap - 1:
                    g = sum(1 for c in unseen if lo < c < hi)
                    p_slip = 1 - comb(u - g, k) / comb(u, k) if u >= k and k > 0 else 0.0
                    cost, certain = p_slip * (row_heads(row) + 1), False
                else:
                    cost, certain = 0.0, False
            certain_everywhere &= certain and cost > 0
            scored.append((cost, gap, card, a))
        if certain_everywhere:
            return legal[0]
        return min(scored)[3]


class MonteCarloAgent(_Base):
    """Flat Monte Carlo with determinization: samples the unseen cards, plays the round out, keeps the best.

    For each of ``rollouts`` determinizations it deals the cards it has not seen at random to the
    other players (as many as it holds itself: the choices of a turn are simultaneous, so a
    face-down card is as unknown as a hand), then, for every card in its hand, plays that card
    and the rest of the round with random players (Rule 4: fewest heads, ties to the lowest index)
    and notes its own heads at the end of the round (``objective="own"``) or its heads minus the
    others' mean (``"relative"``). All cards are tried on the same determinizations (common
    random numbers). It plays the card with the lowest mean (ties to the lowest card).

    ``backend="kernel"`` (default) plays the rollouts in the compiled kernel
    (:func:`mowkit.games.sixnimmt.kernel.mc_card_values`); ``"engine"`` plays them in the rule engine
    (slow; the definition the kernel is checked against). ``time_budget`` (seconds per decision)
    keeps adding batches of ``rollouts`` while time is left: results then depend on the machine's
    speed, so the rollout count is the reproducible setting (``time_budget``: a finite number of
    seconds, more than 0 and at most 3600). Rule 4 decisions: fewest heads.
    It reads only its observation, never another hand.
    """

    name = "mc"

    def __init__(self, rollouts: int = 10, time_budget: float | None = None, objective: str = "own",
                 backend: str = "kernel") -> None:
        self.rollouts = rollouts = check_int("rollouts", rollouts, 1)
        self.time_budget = None if time_budget is None else check_seconds("time_budget", time_budget)
        self.objective = check_choice("objective", objective, ("own", "relative"))
        self.backend = check_choice("backend", backend, ("kernel", "engine"))
        extra = "".join(f",{k}={v}" for k, v, d in (("objective", objective, "own"), ("backend", backend, "kernel"))
                        if v != d)
        self.name = f"mc:rollouts={rollouts}{extra}"

    def play(self, obs, legal, rng):
        if len(legal) == 1:
            return legal[0]
        values = self.card_values(obs, rng)
        return legal[int(np.argmin(values))]

    def card_values(self, obs: SixNimmtObservation, rng: np.random.Generator) -> np.ndarray:
        """Mean outcome (heads, or edge) of playing each card of the hand, in hand order."""
        start = time.perf_counter()
        total = np.zeros(len(obs.hand))
        batches = 0
        while batches == 0 or (self.time_budget is not None and time.perf_counter() - start < self.time_budget):
            total += self._batch(obs, rng)
            batches += 1
        return total / batches

    def _batch(self, obs: SixNimmtObservation, rng: np.random.Generator) -> np.ndarray:
        unseen = _unseen(obs)
        if self.backend == "kernel":
            from mowkit.games.sixnimmt.kernel import mc_card_values

            return mc_card_values(obs.hand, obs.rows, unseen, obs.game.players, obs.player, self.rollouts,
                                  seed=int(rng.integers(2**32)), capacity=obs.game.capacity,
                                  professional=obs.game.professional, relative=self.objective == "relative")
        game, me, hand = obs.game, obs.player, list(obs.hand)
        totals = np.zeros(len(hand))
        for _ in range(self.rollouts):
            cards = rng.permutation(np.array(unseen))
            hands, pos = [], 0
            for p in range(game.players):
                if p == me:
                    hands.append(hand)
                else:
                    hands.append(sorted(int(c) for c in cards[pos : pos + len(hand)]))
                    pos += len(hand)
            base = game.position(hands=hands, rows=obs.rows, piles=obs.piles, totals=obs.totals, seed=0,
                                 reachable=False)  # mirrors the state it sees, however it was built
            for i, card in enumerate(hand):
                totals[i] += self._rollout(base.clone(), me, card, rng)
        return totals / self.rollouts

    def _rollout(self, state, me: int, card: int, rng: np.random.Generator) -> float:
        """Play ``card``, then the rest of the round at random; my heads (or my edge) this round."""
        round_index = state.round_index
        state.apply(Play(me, card))
        while state.round_index == round_index and not state.is_over():
            p = state.pending_players()[0]
            if state.phase == "row":
                state.apply(TakeRow(p, fewest_heads_row(state.rows)))
                continue
            legal = state.legal_actions(p)
            state.apply(legal[int(rng.integers(len(legal)))])
        scores = state.round_scores[-1]
        if self.objective == "own":
            return scores[me]
        return scores[me] - (sum(scores) - scores[me]) / (len(scores) - 1)
