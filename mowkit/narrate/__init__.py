"""Sentences from events: the one place where what happened becomes words a person reads.

``sentences(game, events)`` turns a list of :mod:`mowkit.events` records into sentences;
``sentence(game, event)`` one of them; ``describe(game, action)`` says a decision in words
(seats and rows counted from 1, cards by their names). Each game's narrator is the
``narrator`` slot of its :class:`~mowkit.spec.GameSpec` (a module with ``narrate(game, event)`` and
``describe(game, action)``). Every front end (stepper, play widget, ``mowkit replay``,
notebooks) uses these functions and nothing else to tell a game.
"""

from __future__ import annotations

from collections.abc import Iterable

from mowkit.core import Action, SomeGame
from mowkit.events import Event
from mowkit.i18n import _
from mowkit.registry import spec_of
from mowkit.spec import Narrator


def _narrator(game: SomeGame) -> Narrator:
    """The narrator module of ``game`` (a game or a state), from its spec."""
    return spec_of(game).narrator_module()


def sentence(game: SomeGame, event: Event) -> str:
    """One event in words, in the reader's language (:func:`mowkit.set_language`)."""
    if isinstance(event, str):  # a game whose engine still tells in sentences
        return event
    text = _narrator(game).narrate(game, event)
    if text is None:
        raise ValueError(f"no sentence for event kind {event.kind!r} of {getattr(game, 'name', game)!r}")
    return text


def sentences(game: SomeGame, events: Iterable[Event]) -> list[str]:
    """The events in words, one sentence each, in order."""
    return [sentence(game, e) for e in events]


def describe(game: SomeGame, action: Action) -> str:
    """A decision in words without its seat (``take row 2 (3 cards, 5 heads)``; seats and rows from 1)."""
    return str(_narrator(game).describe(game, action))


def decision(game: SomeGame, action: Action) -> str:
    """A decision with its seat, as a sentence: ``Farmer 2: take the herd.``"""
    word = _(getattr(game, "seat_word", "player")).capitalize()
    return _("{seat} {n}: {what}.").format(seat=word, n=action.player + 1, what=describe(game, action))
