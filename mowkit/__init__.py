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

__version__ = "0.1.0"

GAMES = {
    "sixnimmt": ("mowkit.games.sixnimmt", "SixNimmt"),
    "mow": ("mowkit.games.mow", "Mow"),
}


def load_game(name: str, **options: Any) -> Any:
    """A game with validated options: ``load_game("sixnimmt", players=5, variant="tactics")``.

    An unknown game name (or one that is not a string) or option name raises :class:`OptionError`
    naming it and listing what is allowed; a wrong option value raises the game's OptionError.
    """
    if not isinstance(name, str) or name not in GAMES:
        raise OptionError("game", name, "one of " + ", ".join(repr(g) for g in GAMES) + " (unknown game)")
    module, cls = GAMES[name]
    game_cls = getattr(import_module(module), cls)
    import dataclasses

    known = [f.name for f in dataclasses.fields(game_cls) if f.init]
    unknown = sorted(k for k in options if k not in known)
    if unknown:
        raise OptionError(unknown[0], options[unknown[0]], "one of the options " + ", ".join(known))
    return game_cls(**options)


def __getattr__(name: str) -> Any:  # lazy re-exports keep `import mowkit` light
    lazy = {
        "play_game": "mowkit.simulate",
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
