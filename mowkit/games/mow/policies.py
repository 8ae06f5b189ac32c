"""The Mow farmers that the compiled kernel plays, and the parameters it plays them with: plain data.

This module sits below both the agents and the kernel: :mod:`mowkit.games.mow.agents` takes its
constructor defaults and its ``kernel_policies`` from here, :mod:`mowkit.games.mow.kernel` compiles
these numbers in (and re-exports the tables, which :func:`mowkit.agents.policy_params`
reads); neither imports the other for them. :func:`mowkit.kernels.sources_key` covers this
file, so a changed value compiles afresh.
"""

from __future__ import annotations

from typing import Any

GREEDY_TAKE_AT = 0
"""``GreedyAgent``'s ``take_at``: take a herd of at most this many flies."""
HEURISTIC_TAKE_AT = 2
"""``HeuristicAgent``'s ``take_at``: take a herd of at most this many flies ..."""
HEURISTIC_MIN_CARDS = 3
"""... once it holds at least this many cows (``HeuristicAgent``'s ``min_cards``)."""

AGENT_DEFAULTS: dict[str, dict[str, Any]] = {
    "random": {},
    "greedy": {"take_at": GREEDY_TAKE_AT},
    "heuristic": {"take_at": HEURISTIC_TAKE_AT, "min_cards": HEURISTIC_MIN_CARDS},
}
"""Agent name -> its constructor parameters and their defaults, for the agents a kernel policy plays."""

AGENT_POLICIES: dict[str, dict[str, dict[str, Any]]] = {
    "random": {"random": {}},
    "greedy": {"greedy": {}},
    "heuristic": {"heuristic": {}},
}
"""Agent name -> kernel policy that plays exactly like it -> the parameters it needs where they
differ from :data:`AGENT_DEFAULTS` (the agent class's ``kernel_policies``)."""
