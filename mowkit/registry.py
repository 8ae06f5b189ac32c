"""The game registry: the games found through the ``mowkit.games`` entry point group.

Each game builds its :class:`~mowkit.spec.GameSpec` in its own package and names it in its
distribution's entry points (the kit's own games in ``pyproject.toml``)::

    [project.entry-points."mowkit.games"]
    mygame = "mypkg.spec:SPEC"

so a game can ship as its own pip package. Nothing here names a game: shared code asks
:func:`get` / :func:`spec_of` for a game's spec and iterates :func:`specs` for what the games can
do. :func:`register` adds a spec at run time (a test's or a notebook's own game).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import cast

from mowkit.core import OptionError, SomeGame
from mowkit.spec import GameSpec

GROUP = "mowkit.games"
"""The entry point group games are registered in."""

_SPECS: dict[str, GameSpec] = {}
_LOADED = False


def _discover() -> None:
    """Load every spec named in the entry point group (once), in the specs' ``order``."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    found: list[GameSpec] = []
    for ep in entry_points(group=GROUP):
        spec = ep.load()
        if not isinstance(spec, GameSpec) or spec.name != ep.name:
            raise OptionError("entry point", f"{GROUP}:{ep.name}",
                              "a mowkit.spec.GameSpec whose name is the entry point's name")
        found.append(spec)
    for spec in sorted(found, key=lambda s: (s.order, s.name)):
        _SPECS.setdefault(spec.name, spec)


def reload() -> None:
    """Forget every game found so far (and those registered at run time) and read the entry point
    group again on next use: after installing a game's package into a running process."""
    global _LOADED
    _SPECS.clear()
    _LOADED = False


def register(spec: GameSpec, *, replace: bool = False) -> GameSpec:
    """Add a game at run time; a name already taken raises :class:`OptionError` unless ``replace``."""
    _discover()
    if not isinstance(spec, GameSpec):
        raise OptionError("spec", spec, "a mowkit.spec.GameSpec")
    if not isinstance(spec.name, str) or not spec.name.isidentifier():
        raise OptionError("name", spec.name, "a short lowercase name such as 'mygame'")
    if spec.name in _SPECS and not replace:
        raise OptionError("name", spec.name, "a name not registered yet (or replace=True); taken: "
                          + ", ".join(_SPECS))
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove a game (for tests and notebooks that registered their own)."""
    _discover()
    _SPECS.pop(name, None)


def names() -> list[str]:
    """The registered game names, in order (the first is the default game of front ends)."""
    _discover()
    return list(_SPECS)


def specs() -> list[GameSpec]:
    """The registered games' specs, in order."""
    _discover()
    return list(_SPECS.values())


def default_name() -> str:
    """The first registered game: what a front end shows when nothing is chosen."""
    return names()[0]


def get(name: object) -> GameSpec:
    """The spec of game ``name``; an unknown name raises :class:`OptionError` listing the games."""
    _discover()
    if not isinstance(name, str) or name not in _SPECS:
        raise OptionError("game", name, "one of " + ", ".join(repr(g) for g in _SPECS) + " (unknown game)")
    return _SPECS[name]


def spec_of(game: object) -> GameSpec:
    """The spec of a game name, a game object or a state (its ``game``)."""
    if isinstance(game, str):
        return get(game)
    name = getattr(game, "name", None)
    if not isinstance(name, str) and hasattr(game, "game"):
        name = getattr(game.game, "name", None)
    return get(name)


def game_options(cls: type) -> list[str]:
    """The option names a game class takes (its dataclass init fields, else its constructor's keywords)."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls) if f.init]
    params = inspect.signature(cls).parameters.values()  # the constructor's, without self
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def load_game(name: str, **options: object) -> SomeGame:
    """A game with validated options: ``load_game(name, players=5)``.

    An unknown game name (or one that is not a string) or option name raises :class:`OptionError`
    naming it and listing what is allowed; a wrong option value raises the game's OptionError.
    """
    cls = get(name).game_class()
    known = game_options(cls)
    unknown = sorted(k for k in options if k not in known)
    if unknown:
        raise OptionError(unknown[0], options[unknown[0]], "one of the options " + ", ".join(known))
    return cast(SomeGame, cls(**options))


def seat_word(game: object) -> str:
    """What a seat is called in ``game`` (a name, game or state): ``player``, ``farmer`` ..."""
    return spec_of(game).seat_word


def title(game: object) -> str:
    """The name of ``game`` (a name, game or state) a person reads, in the reader's language."""
    spec = spec_of(game)
    return spec.words.say(spec.title)


class Titles(Mapping[str, str]):
    """A read-only ``{game name: title}`` view of the registry (follows later registrations)."""

    def __getitem__(self, name: str) -> str:
        if name not in names():
            raise KeyError(name)
        return title(name)

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        return len(names())


__all__ = ["GROUP", "default_name", "game_options", "get", "load_game", "names", "register", "reload", "seat_word",
           "spec_of", "specs", "title", "unregister", "Titles"]
