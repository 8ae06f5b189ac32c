"""A game state as a record (the format :mod:`mowkit.records` describes)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from mowkit.core import OptionError
from mowkit.i18n import _
from mowkit.records.replay import build_position, later_deals
from mowkit.records.schema import FORMAT, position_problem


def to_record(state: Any, seed: int | None = None, agents: Sequence[str] | None = None, *,
              position: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game state (finished or not), from its deals and decision history.

    A state built by hand is recorded with its starting position: ``state.start_position`` (what
    the engines keep for a position), or ``position`` given here (the keyword arguments of
    ``game.position`` that build it). A hand-built state with neither cannot be saved
    (:class:`~mowkit.core.OptionError`, option ``position``).
    """
    start = position if position is not None else getattr(state, "start_position", None)
    if start is None and not getattr(state, "recordable", True):
        raise OptionError("position", None, _("the starting position of a state built by hand, which "
                                              "cannot be saved without it (its start_position, or "
                                              "to_record(..., position={...}): the keyword arguments of "
                                              "game.position); a dealt game needs none"))
    if start is not None:
        problem = position_problem(start)
        if problem:
            raise OptionError("position", start, _("a JSON object of game.position's keyword arguments "
                                                   "({problem} at {place})").format(
                                                       problem=problem[1], place=problem[0]))
    rounds = []
    if start is None:
        base = 0
        pairs = list(zip(state.deals, state.history))
    else:
        base = build_position(state.game, start).round_index  # the round the position starts in
        later = later_deals(state, len(state.history) - 1 - base)
        pairs = [(None, state.history[base])] + list(zip(later, state.history[base + 1:]))
    for k, (deal, decisions) in enumerate(pairs):
        i = base + k
        r: dict[str, Any] = {} if deal is None else {"deal": [int(c) for c in deal]}
        r["decisions"] = [a.to_dict() for a in decisions]
        if i < len(state.round_scores):
            r["scores"] = [int(s) for s in state.round_scores[i]]
        rounds.append(r)
    over = state.is_over()
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "options": state.game.options,
        "seed": seed,
        "agents": list(agents) if agents is not None else None,
    }
    if start is not None:
        record["position"] = json.loads(json.dumps(start))
    record.update({
        "rounds": rounds,
        "totals": [int(t) for t in state.totals],
        "winners": list(state.winners()) if over else None,
        "over": over,
    })
    return record
