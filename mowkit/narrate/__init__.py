"""Sentences from events: the one place where what happened becomes words a person reads.

``sentences(game, events)`` turns a list of :mod:`mowkit.events` records into sentences;
``sentence(game, event)`` one of them; ``describe(game, action)`` says a decision in words
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

        try:
            importlib.import_module(f"mowkit.narrate.{name}")
        except ModuleNotFoundError:
            return lambda g, e: e if isinstance(e, str) else None
    return _NARRATORS[name]


def sentence(game: Any, event: Event) -> str:
    """One event in words, in the reader's language (:func:`mowkit.set_language`)."""
    if isinstance(event, str):  # a game whose engine still tells in sentences
        return event
    text = _narrator(game)(game, event)
    if text is None:
        raise ValueError(f"no sentence for event kind {event.kind!r} of {getattr(game, 'name', game)!r}")
    return text


def sentences(game: Any, events: Iterable[Event]) -> list[str]:
    """The events in words, one sentence each, in order."""
    return [sentence(game, e) for e in events]


def describe(game: Any, action: Any) -> str:
    """A decision in words without its seat (``take row 2 (3 cards, 5 heads)``; seats and rows from 1)."""
    import importlib

    name = getattr(game, "name", None) or str(game)
    try:
        module = importlib.import_module(f"mowkit.narrate.{name}")
    except ModuleNotFoundError:  # a game without a narrator module says it itself
        return str(game.describe(action))
    return str(module.describe(game, action))


def decision(game: Any, action: Any) -> str:
    """A decision with its seat, as a sentence: ``Farmer 2: take the herd.``"""
    from mowkit.i18n import _

    word = _(getattr(game, "seat_word", "player")).capitalize()
    return _("{seat} {n}: {what}.").format(seat=word, n=action.player + 1, what=describe(game, action))
