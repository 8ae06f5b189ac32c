"""The computer players of this game by name (the spec's ``agents`` slot)."""

from __future__ import annotations

from mowkit.games.sixnimmt.agents import (
    GreedyAgent,
    HeuristicAgent,
    HighestAgent,
    LowestAgent,
    MonteCarloAgent,
    RandomAgent,
)
from mowkit.games.sixnimmt.planner import SixNimmtPlanner

AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "lowest": LowestAgent,
    "highest": HighestAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "mc": MonteCarloAgent,
    "planner": SixNimmtPlanner,
}
