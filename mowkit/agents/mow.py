"""Mow agents: random and greedy.

Every agent answers all decisions of Mow: a turn (``AddCow``, ``Acrobat``, ``Slowpoke``,
``Calf``, ``MadCow`` or ``TakeHerd``; on an empty herd only ``AddCow(..., "start")``), the
optional arrow ``Flip`` after a green special and ``ChooseNext`` after a yellow special. Agents
read only their observation (:class:`mowkit.games.mow.MowObservation`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mowkit.core import Action
from mowkit.games.mow import NUMBERED, ChooseNext, Flip, MowObservation, TakeHerd


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
        line.append(numbers[card])  # type: ignore[index]
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


class _Base:
    name = "base"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(_Base):
    """Chooses uniformly among the legal actions.

    Every decision is one uniform draw over the legal list: in a turn the take of the herd is one
    option among all placements (so it is taken voluntarily with probability 1/(options)); the
    arrow flip is 0 or 1 with probability 1/2 each; the next farmer is any allowed farmer.
    """

    name = "random"

    def act(self, observation: MowObservation, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal_actions[int(rng.integers(len(legal_actions)))]


class GreedyAgent(_Base):
    """Keeps the herd closed for the next farmer; takes cheap herds; aims turns at the leader.

    * Turn: take the herd when no cow fits, or when it holds at most ``take_at`` flies (default 0:
      a free take lets the farmer start a fresh herd of their choosing; 0 beat 1, 2 and 3 and
      never-voluntary against random farmers in 300-game trials with 3, 5 and 8 farmers). Otherwise play the
      placement that leaves the fewest unseen cards able to follow (see :func:`followers`: the
      next farmer is then the likeliest to be forced to take); ties go to the card with the most
      flies (unload flies into a herd someone else will probably take), then the lowest card id.
      Starting an empty herd uses the same ranking.
    * Arrow flip: point the arrow so that the next farmer is the one with the fewer total flies
      (the leader); keep it on a tie.
    * Next farmer after a yellow special: the allowed farmer with the fewest total flies, ties to
      the first in the arrow's direction.
    """

    name = "greedy"

    def __init__(self, take_at: int = 0) -> None:
        self.take_at = take_at

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


AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
