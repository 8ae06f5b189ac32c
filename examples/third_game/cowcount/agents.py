"""Cow count's computer players (the spec's ``agents`` slot: ``AGENTS``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from mowkit.core import Action

from cowcount.engine import CowCountObservation, Lay


class RandomAgent:
    """Lays a random card."""

    name = "random"

    def act(self, observation: CowCountObservation, legal_actions: Sequence[Action],
            rng: np.random.Generator) -> Action:
        """A uniformly random legal action."""
        return legal_actions[int(rng.integers(len(legal_actions)))]


class CarefulAgent:
    """Lays the lowest card that joins the line; the lowest card when every card takes it."""

    name = "careful"

    def act(self, observation: CowCountObservation, legal_actions: Sequence[Action],
            rng: np.random.Generator) -> Action:
        """The lowest card above the line's last card, else the lowest card."""
        top = observation.line[-1] if observation.line else 0
        joining = [a for a in legal_actions if isinstance(a, Lay) and a.card > top]
        return joining[0] if joining else legal_actions[0]


AGENTS: dict[str, type] = {"random": RandomAgent, "careful": CarefulAgent}
