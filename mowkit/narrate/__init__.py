"""Sentences from events: the one place where what happened becomes words a person reads.

``sentences(game, events)`` turns a list of :mod:`mowkit.events` records into sentences;
``sentence(game, event)`` one of them; ``action_words(game, action)`` says a decision in words
(seats and rows counted from 1, cards by their names). Each game registers its narrator
(``mowkit.narrate.sixnimmt``, ``mowkit.narrate.mow``); the shared kinds (round started, round
ended, game ended) are told here. Every front end (stepper, play widget, ``mowkit replay``,
notebooks) uses these functions and nothing else to tell a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from mowkit.events import Event

#: game name -> function(game, event) -> sentence or None (None: not a game-specific kind)
_NARRATORS: dict[str, Callable[[Any, Event], str | None]] = {}


def register(game_name: str, narrator: Callable[[Any, Event], str | None]) -> None:
    """Register the narrator of one game (called by ``mowkit.narrate.<game>`` on import)."""
    _NARRATORS[game_name] = narrator


def _narrator(game: Any) -> Callable[[Any, Event], str | None]:
    name = getattr(game, "name", None) or str(game)
    if name not in _NARRATORS:
        import importlib

        importlib.import_module(f"mowkit.narrate.{name}")
    return _NARRATORS[name]


def sentence(game: Any, event: Event) -> str:
    """One event in words (English; translated once the kit has catalogs)."""
    text = _narrator(game)(game, event)
    if text is None:
        raise ValueError(f"no sentence for event kind {event.kind!r} of {getattr(game, 'name', game)!r}")
    return text


def sentences(game: Any, events: Iterable[Event]) -> list[str]:
    """The events in words, one sentence each, in order."""
    return [sentence(game, e) for e in events]
