"""Agents for both games, behind one interface (:class:`mowkit.core.Agent`).

An agent gets its observation, the legal actions and its own ``numpy.random.Generator`` and
returns one legal action. ``make_agent(game, name)`` builds one by name; ``AGENTS[game]`` lists
the names with a one-line description each.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from mowkit.core import Agent, OptionError

_MODULES = {"sixnimmt": "mowkit.agents.sixnimmt", "mow": "mowkit.agents.mow"}


def agent_classes(game: str) -> dict[str, type]:
    """Name -> agent class for ``game``."""
    if game not in _MODULES:
        raise OptionError("game", game, "one of " + ", ".join(repr(g) for g in _MODULES))
    return dict(import_module(_MODULES[game]).AGENTS)


def make_agent(game: str, name: str | Agent, **kwargs: Any) -> Agent:
    """An agent for ``game`` by name (``"random"``, ``"greedy"``, ...); an Agent passes through."""
    if not isinstance(name, str):
        if not isinstance(name, Agent):
            raise OptionError("agent", name, "an agent name or an object with name and act()")
        return name
    classes = agent_classes(game)
    if name not in classes:
        raise OptionError("agent", name, "one of " + ", ".join(repr(n) for n in classes))
    return classes[name](**kwargs)


def describe_agents(game: str) -> dict[str, str]:
    """Name -> first docstring line of every agent of ``game``."""
    return {n: (c.__doc__ or "").strip().splitlines()[0] for n, c in agent_classes(game).items()}
