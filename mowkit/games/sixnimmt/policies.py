"""The 6 nimmt! players that the compiled kernel plays, and the parameters it plays them with: plain data.

This module sits below both the agents and the kernels: :mod:`mowkit.games.sixnimmt.agents` takes
its constructor defaults and its ``kernel_policies`` from here, :mod:`mowkit.games.sixnimmt.kernel`
re-exports the tables, which :func:`mowkit.agents.policy_params` reads; neither imports
the other for them. :func:`mowkit.kernels.sources_key` covers this file.
"""

from __future__ import annotations

from typing import Any

RANDOM_AGENT_ROW = "fewest_heads"
"""``RandomAgent``'s Rule 4 row by default (``row``): the row with the fewest heads (the kernel's
``random``; ``row="random"`` is the kernel's ``random_row``)."""

AGENT_DEFAULTS: dict[str, dict[str, Any]] = {
    "random": {"row": RANDOM_AGENT_ROW},
    "lowest": {},
    "highest": {},
    "greedy": {},
}
"""Agent name -> its constructor parameters and their defaults, for the agents a kernel policy plays."""

AGENT_POLICIES: dict[str, dict[str, dict[str, Any]]] = {
    "random": {"random": {}, "random_row": {"row": "random"}},
    "lowest": {"lowest": {}},
    "highest": {"highest": {}},
    "greedy": {"greedy": {}},
}
"""Agent name -> kernel policy that plays exactly like it -> the parameters it needs where they
differ from :data:`AGENT_DEFAULTS` (the agent class's ``kernel_policies``)."""
