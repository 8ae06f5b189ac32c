"""What happened in a game, as data: the typed events an engine appends to its game log.

Every ``State.apply`` appends :class:`Event` records to ``state.log`` (the whole game, from the
first deal) and sets ``state.events`` to the events of that one decision (a slice of the log).
An engine writes no sentence: :mod:`mowkit.narrate` turns events into sentences in the reader's
language, and every front end (stepper, play widget, ``mowkit replay``, notebooks) uses it.

Each event kind is a frozen dataclass with the seat (``player``, 0-based, ``None`` when nobody in
particular), the cards (card ids), the row or line (0-based), the cards taken and their penalty,
and ``rule``: the stable id of the rule that fired, from the same set of ids that
:class:`mowkit.core.IllegalActionError` uses (see :data:`RULE_IDS`). Events shared by both
games are defined here; each game defines its own kinds next to its engine
(``mowkit.games.sixnimmt``, ``mowkit.games.mow``), registered by ``game`` and ``kind``.

``event.to_dict()`` / :func:`event_from_dict` give the JSON form; a record holds the deals and
decisions, and replaying them rebuilds the log exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from mowkit.core import JSONObject, JSONValue

_EVENT_TYPES: dict[tuple[str, str], type[Event]] = {}

#: Stable rule ids (events' ``rule`` and ``IllegalActionError.rule``), shared by both games.
#: Each game adds its own in its module; :mod:`mowkit.narrate` has a sentence for each.
RULE_IDS: set[str] = {
    "deal",  # a round is dealt (shuffled or from a recorded deal)
    "round-end",  # the round is over and scored
    "game-end",  # a total reached the threshold (or the round limit): the game is over
    "action-type",  # an object that is not an action of this game
    "action-fields",  # an action field of the wrong type
    "game-over",  # a decision after the end
    "player-index",  # a seat that does not exist
    "out-of-turn",  # a decision by a seat that is not pending, or of the wrong kind
    "card-in-hand",  # a card the player does not hold
    "no-recorded-deal",  # a round that needs a recorded deal that is not there
}


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. Subclasses set ``game`` (``""`` for shared kinds) and ``kind``."""

    game: ClassVar[str] = ""
    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: object) -> None:
        # no super() call: slots dataclasses are re-created, which breaks zero-argument super()
        if cls.kind:
            _EVENT_TYPES[(cls.game, cls.kind)] = cls

    def to_dict(self) -> JSONObject:
        """The JSON form: ``{"event": kind, field: value, ...}`` (tuples become lists)."""
        d: JSONObject = {"event": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            d[f.name] = _jsonable(v)
        return d


Field: TypeAlias = "JSONValue | tuple[Field, ...]"
"""What an event field holds: JSON values and tuples of them."""


def _jsonable(v: Field) -> JSONValue:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def _tupled(v: object) -> object:
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    return v


def event_from_dict(game: str, data: Mapping[str, object]) -> Event:
    """Rebuild an event of ``game`` (or a shared one) from :meth:`Event.to_dict`; ``ValueError`` if unknown."""
    kind = data.get("event")
    cls = _EVENT_TYPES.get((game, kind)) or _EVENT_TYPES.get(("", kind))  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r} for game {game!r}")
    return cls(**{f.name: _tupled(data[f.name]) for f in dataclasses.fields(cls)})


# --------------------------------------------------------------------------- shared kinds


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins: the deck is shuffled (or the recorded deal used) and dealt.

    ``round`` is 0-based; ``hand_size`` the cards each player was dealt (0 in 6 nimmt!'s draft).
    """

    kind: ClassVar[str] = "round started"
    round: int
    hand_size: int
    rule: str = "deal"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A round is scored: ``scores[p]`` the penalty player ``p`` took this round, ``totals`` after it."""

    kind: ClassVar[str] = "round ended"
    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    rule: str = "round-end"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: final ``totals``, ``ranks`` (1 = best, equal totals share a rank), ``winners``."""

    kind: ClassVar[str] = "game ended"
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    rule: str = "game-end"

