"""Mow's part of the coach (the spec's ``coach`` slot; the generic part is :mod:`mowkit.coach`).

* Expected flies this turn: nothing in a turn is left to chance for the farmer who moves: a cow
  costs no flies now, taking the herd costs its flies (and, when the draw pile is empty, the take
  ends the round, so the cards left in hand go to the cowshed too). The kit's Mow odds
  (:func:`mowkit.games.mow.odds.must_take`) are about the *next* farmer, so they are not used here.
  The certain flies are asked from the engine on a world consistent with the observation.
* Monte Carlo value of a turn: :func:`mowkit.games.mow.kernel.mc_action_values`
  (``rollout="random"``); the arrow flip and the next-farmer choice have no Monte Carlo kernel.
* What each built-in agent weighs, in one sentence (from its docstring in
  :mod:`mowkit.games.mow.agents` and :mod:`mowkit.games.mow.planner`), in tables keyed by agent
  name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from mowkit.adapters import determinize
from mowkit.core import Action
from mowkit.events import RoundEnded
from mowkit.games.mow.engine import TakeHerd
from mowkit.i18n import _, counted

KERNEL = "kernel"
"""The Monte Carlo reason code that asks :func:`mc_values` (as :data:`mowkit.coach.KERNEL`)."""

AGENT_OPTIONS = ("rollouts", "take_at", "min_cards")
"""Agent options the coach copies into an agent's facts when the agent has them."""

Exact = tuple[str, list[Fraction | None], list[Fraction | None]]


# --------------------------------------------------------------------------- the numbers


def world(state: Any, player: int, seed: int) -> Any:
    """A world consistent with ``player``'s observation: what the others hold is dealt again
    (the generator ``numpy.random.default_rng(seed)``)."""
    return determinize(state, player, np.random.default_rng(seed))


def exact(obs: Any, legal: Sequence[Action], world: Any) -> Exact:
    """The flies each turn action puts in the farmer's cowshed now, asked from the engine.

    Each action is applied to a copy of ``world`` (the position with the cards the farmer cannot
    see dealt again): what a turn action costs the farmer who makes it depends only on the herd
    and their own hand, so every such world gives the same answer. A decision that ends the round
    is read from the round's score (the engine puts the hands in the cowsheds then).
    """
    if obs.phase != "play":
        return "mow-choice", [Fraction(0)] * len(legal), [Fraction(0)] * len(legal)
    me = obs.player
    fl = obs.game.flies
    before = sum(fl[c] for c in world.piles[me])
    flies: list[Fraction | None] = []
    take: list[Fraction | None] = []
    for a in legal:
        after = world.clone()
        after.apply(a)
        ended = [e for e in after.events if isinstance(e, RoundEnded)]
        now = ended[0].scores[me] if ended else sum(fl[c] for c in after.piles[me])
        took = any(getattr(e, "kind", "") == "herd taken" and getattr(e, "player", None) == me for e in after.events)
        flies.append(Fraction(now - before))
        take.append(Fraction(1 if took else 0))
    return "mow-turn", flies, take


def mc_reason(obs: Any, legal: Sequence[Action]) -> str:
    """:data:`KERNEL` for a turn, else why there is no Monte Carlo value."""
    return KERNEL if obs.phase == "play" else "mow-choice"


def mc_values(obs: Any, legal: Sequence[Action], rollouts: int, seed: int) -> np.ndarray:
    """One batch of the Mow kernel: the mean flies of each legal turn action, in the legal list's order."""
    from mowkit.games.mow.kernel import mc_action_values

    return np.asarray(mc_action_values(obs, rollouts, seed, "random"))


def exact_notes() -> dict[str, str]:
    """What the "expected penalty this turn" column holds, by reason code (current language)."""
    return {
        "mow-turn": _("Certain: a cow costs no flies now; taking the herd costs its flies (and the "
                      "cards left in your hand when the draw pile is empty, as the round ends)."),
        "mow-choice": _("Certain: this choice costs no flies now."),
    }


def mc_notes() -> dict[str, str]:
    """Why a decision has no Monte Carlo value, by reason code (current language)."""
    return {
        "mow-choice": _("No Monte Carlo value: the computer simulation starts at a turn, not at "
                        "the arrow or next-farmer choice."),
    }


# --------------------------------------------------------------------------- the agents' sentences


def facts(name: str, obs: Any, action: Action) -> dict[str, Any]:
    """The numbers the sentence of agent ``name`` quotes for ``action`` (the flies a take costs)."""
    if isinstance(action, TakeHerd) and obs.phase == "play":
        return {"flies": obs.herd_flies()}
    return {}


Sentence = Callable[[str, Mapping[str, Any]], str]
"""``sentence(move words, facts) -> str``."""

ANY_DECISION: dict[str, Sentence] = {
    "random": lambda move, f: _("Chooses at random among the possible moves: {move}.").format(move=move),
}
"""Agent name -> its sentence for every decision (the arrow and the next farmer too)."""

TAKES: dict[str, Sentence] = {
    name: lambda move, f: _("Takes the herd because no cow fits or it is cheap now ({flies}).").format(
        flies=counted("fly", f.get("flies", 0)))
    for name in ("greedy", "heuristic")
}
"""Agent name -> why it takes the herd (an agent not here takes with its turn's sentence)."""

TURN: dict[str, Sentence] = {
    "greedy": lambda move, f: _(
        "Plays the cow that leaves the fewest unseen cards able to follow, so the next "
        "farmer is the likeliest to have to take the herd: {move}.").format(move=move),
    "heuristic": lambda move, f: _(
        "Keeps the herd closed for the next farmer and unloads flies when the next farmer "
        "must take: {move}.").format(move=move),
    "mc": lambda move, f: _(
        "Tries every move in random deals of the cards it has not seen ({deals}), plays the "
        "round out at random and keeps the lowest average: {move}.").format(
            deals=counted("deal", f.get("rollouts", 0)), move=move),
    "planner": lambda move, f: _(
        "Tries its moves in random deals of the cards it has not seen, spends more tries "
        "on the close ones and keeps the best: {move}.").format(move=move),
}
"""Agent name -> what it weighs in a turn (an agent not here just "chooses")."""


def why(name: str, game: Any, action: Action, facts: Mapping[str, Any], move: str) -> str | None:
    """One sentence: what agent ``name`` weighs and the move it chose (None: no sentence of its own)."""
    kind = action.kind
    if name in ANY_DECISION:
        return ANY_DECISION[name](move, facts)
    if kind == "flip":
        return _("Points the arrow at the farmer with fewer flies (the leader): {move}.").format(move=move)
    if kind == "choose_next":
        return _("Lets the farmer with the fewest flies (the leader) play next: farmer {farmer}.").format(
            farmer=action.next_player + 1)  # type: ignore[attr-defined]
    if name in TAKES and kind == TakeHerd.kind:
        return TAKES[name](move, facts)
    return TURN[name](move, facts) if name in TURN else None
