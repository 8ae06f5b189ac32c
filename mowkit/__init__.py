"""mowkit: rules, card math and simulations for Mow and 6 nimmt! (Корова 006).

The short public API::

    from mowkit import load_game, play_game, make_agent
    game = load_game("sixnimmt", players=4)
    record = play_game(game, ["random", "greedy", "lowest", "highest"], seed=7)
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from mowkit.core import (
    Action,
    Agent,
    IllegalActionError,
    OptionError,
    RecordError,
)
from mowkit.i18n import get_language, language, set_language  # noqa: F401  (two languages)
from mowkit.registry import load_game  # the games: mowkit.registry

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:  # lazy re-exports keep `import mowkit` light
    lazy = {
        "play_game": "mowkit.simulate",
        "play_state": "mowkit.simulate",
        "make_agent": "mowkit.agents",
        "AGENTS": "mowkit.agents",
        "save": "mowkit.records",
        "load": "mowkit.records",
        "replay": "mowkit.records",
        "to_record": "mowkit.records",
    }
    if name in lazy:
        return getattr(import_module(lazy[name]), name)
    raise AttributeError(f"module 'mowkit' has no attribute {name!r}")


__all__ = [
    "set_language",
    "get_language",
    "language",
    "Action",
    "Agent",
    "IllegalActionError",
    "OptionError",
    "RecordError",
    "load_game",
    "play_game",
    "make_agent",
    "__version__",
]
