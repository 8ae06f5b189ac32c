"""The computer players of this game by name (the spec's ``agents`` slot)."""

from __future__ import annotations

from mowkit.games.mow.agents import GreedyAgent, HeuristicAgent, MonteCarloAgent, RandomAgent
from mowkit.games.mow.planner import MowPlanner

AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "mc": MonteCarloAgent,
    "planner": MowPlanner,
}
