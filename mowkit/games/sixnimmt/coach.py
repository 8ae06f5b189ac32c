"""6 nimmt!'s part of the coach (the spec's ``coach`` slot; the generic part is :mod:`mowkit.coach`).

* Expected penalty this turn, choosing a card: :func:`mowkit.games.sixnimmt.odds.card_risk` on
  :func:`~mowkit.games.sixnimmt.odds.position_from_observation` (the opponents' cards are a
  uniformly random set of unseen cards; every Rule 4 take is of the fewest-heads row). The
  professional variant is not covered by the odds. Rule 4 (which row to take): certain, the heads
  of the row. A draft costs nothing now.
* Monte Carlo value of a card choice: :func:`mowkit.games.sixnimmt.kernel.mc_card_values` (the rest
  of the round played at random); the Rule 4 row, the professional placement and the logic draft
  have no Monte Carlo kernel.
* What each built-in agent weighs, in one sentence (from its docstring in
  :mod:`mowkit.games.sixnimmt.agents` and :mod:`mowkit.games.sixnimmt.planner`), in tables keyed by
  agent name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from mowkit.core import Action
from mowkit.games.sixnimmt.agents import _unseen, immediate_penalty
from mowkit.games.sixnimmt.engine import Play, TakeRow, row_heads
from mowkit.games.sixnimmt.odds import card_risk, position_from_observation
from mowkit.i18n import _, counted

KERNEL = "kernel"
"""The Monte Carlo reason code that asks :func:`mc_values` (as :data:`mowkit.coach.KERNEL`)."""

AGENT_OPTIONS = ("rollouts", "row")
"""Agent options the coach copies into an agent's facts when the agent has them."""

Exact = tuple[str, list[Fraction | None], list[Fraction | None]]


# --------------------------------------------------------------------------- the numbers


def world(state: Any, player: int, seed: int) -> None:
    """Nothing beyond the observation is needed here (the odds read the observation)."""
    return None


def exact(obs: Any, legal: Sequence[Action], world: Any) -> Exact:
    """(reason code, expected heads this turn, chance of taking a row) per legal move."""
    first = legal[0]
    if isinstance(first, Play):
        if obs.game.professional:
            return "professional", [None] * len(legal), [None] * len(legal)
        risk = card_risk(position_from_observation(obs))
        by_card = {int(c): (e, p) for c, e, p in zip(risk["card"], risk["expected_heads"], risk["p_take"])}
        cards = [a.card for a in legal]  # type: ignore[attr-defined]
        return ("card-risk", [Fraction(by_card[c][0]) for c in cards], [Fraction(by_card[c][1]) for c in cards])
    if isinstance(first, TakeRow):
        rows = [a.row for a in legal]  # type: ignore[attr-defined]
        return "row-heads", [Fraction(row_heads(obs.rows[r])) for r in rows], [Fraction(1)] * len(legal)
    if first.kind == "draft":
        return "draft", [Fraction(0)] * len(legal), [Fraction(0)] * len(legal)
    return "professional", [None] * len(legal), [None] * len(legal)


def mc_reason(obs: Any, legal: Sequence[Action]) -> str:
    """:data:`KERNEL` for a card choice, else why there is no Monte Carlo value."""
    return {"play": KERNEL, "take_row": "row-choice", "place": "professional"}.get(legal[0].kind, "draft")


def mc_values(obs: Any, legal: Sequence[Action], rollouts: int, seed: int) -> np.ndarray:
    """One batch of the 6 nimmt! kernel: the mean heads of each legal card, in the legal list's order."""
    from mowkit.games.sixnimmt.kernel import mc_card_values

    g = obs.game
    values = mc_card_values(obs.hand, obs.rows, _unseen(obs), g.players, obs.player, rollouts, seed=seed,
                            capacity=g.capacity, professional=g.professional, relative=False)
    index = {int(c): i for i, c in enumerate(obs.hand)}
    return np.asarray(values)[[index[a.card] for a in legal]]  # type: ignore[attr-defined]


def exact_notes() -> dict[str, str]:
    """What the "expected penalty this turn" column holds, by reason code (current language)."""
    return {
        "card-risk": _("Exact odds: the other players' cards are treated as random cards among "
                       "those you have not seen; a row taken by Rule 4 is the one with the fewest heads."),
        "row-heads": _("Certain: the row you take costs exactly its heads."),
        "professional": _("No exact odds: the kit's odds cover the standard rules, not the "
                          "professional variant."),
        "draft": _("No penalty this turn: drafting a card costs nothing now."),
    }


def mc_notes() -> dict[str, str]:
    """Why a decision has no Monte Carlo value, by reason code (current language)."""
    return {
        "row-choice": _("No Monte Carlo value: the computer simulation starts at a card choice, "
                        "not in the middle of a turn."),
        "professional": _("No Monte Carlo value for the professional variant's placement."),
        "draft": _("No Monte Carlo value for the draft."),
    }


# --------------------------------------------------------------------------- the agents' sentences


def _greedy_facts(obs: Any, card: int) -> dict[str, Any]:
    return {"now": immediate_penalty(obs, card)[0]}


PLAY_FACTS: dict[str, Callable[[Any, int], dict[str, Any]]] = {"greedy": _greedy_facts}
"""Agent name -> the facts its card-choice sentence quotes (from the observation and the card)."""


def facts(name: str, obs: Any, action: Action) -> dict[str, Any]:
    """The numbers the sentence of agent ``name`` quotes for ``action``."""
    out: dict[str, Any] = {}
    if isinstance(action, Play) and name in PLAY_FACTS:
        out.update(PLAY_FACTS[name](obs, action.card))
    if isinstance(action, TakeRow):
        out["heads"] = row_heads(obs.rows[action.row])
    return out


Sentence = Callable[[str, Mapping[str, Any]], str]
"""``sentence(card words, facts) -> str``."""

PLAY: dict[str, Sentence] = {
    "random": lambda card, f: _("Plays a card at random: this time {card}.").format(card=card),
    "lowest": lambda card, f: _("Always plays its lowest card: {card}.").format(card=card),
    "highest": lambda card, f: _("Always plays its highest card: {card}.").format(card=card),
    "greedy": lambda card, f: _(
        "Plays the card that would cost the fewest heads if it were placed now, alone: "
        "{card}, which costs {cost} now.").format(card=card, cost=counted("head", f.get("now", 0))),
    "heuristic": lambda card, f: _(
        "Keeps away from rows with four cards and plays low when a row must be taken "
        "anyway: {card}.").format(card=card),
    "mc": lambda card, f: _(
        "Tries every card in random deals of the cards it has not seen ({deals}), plays each "
        "round out at random and keeps the lowest average: {card}.").format(
            deals=counted("deal", f.get("rollouts", 0)), card=card),
    "planner": lambda card, f: _(
        "Tries its cards in random deals of the cards it has not seen, imagining the others' "
        "next card and its own later cards chosen as good players choose them, spends more "
        "tries on the close ones and keeps the best: {card}.").format(card=card),
}
"""Agent name -> what it weighs when it chooses a card (an agent not here just "chooses")."""

DRAFT: dict[str, Sentence] = {
    "lowest": lambda card, f: _("Drafts the lowest face-up card: {card}.").format(card=card),
    "highest": lambda card, f: _("Drafts the highest face-up card: {card}.").format(card=card),
}
"""Agent name -> how it drafts (any other agent drafts at random)."""

ROW_OPTION = frozenset({"random"})
"""Agents whose ``row`` option (``row="random"``) takes a row at random under Rule 4; the others
take the row with the fewest heads."""


def why(name: str, game: Any, action: Action, facts: Mapping[str, Any], move: str) -> str | None:
    """One sentence: what agent ``name`` weighs and the move it chose (None: no sentence of its own)."""
    kind = action.kind
    if kind == "take_row":
        row = action.row + 1  # type: ignore[attr-defined]
        heads = counted("head", facts.get("heads", 0))
        if name in ROW_OPTION and facts.get("row") == "random":
            return _("Takes a row at random: row {row} ({heads}).").format(row=row, heads=heads)
        return _("Takes the row with the fewest heads: row {row} ({heads}).").format(row=row, heads=heads)
    if kind == "place":
        return _("Puts the card at the first possible place: {move}.").format(move=move)
    card = str(game.label(action.card))  # type: ignore[attr-defined]
    if kind == "draft":
        if name in DRAFT:
            return DRAFT[name](card, facts)
        return _("Drafts a face-up card at random: {card}.").format(card=card)
    return PLAY[name](card, facts) if name in PLAY else None
