"""Cow count in words: one sentence per event, a decision in words, a card's name.

The spec's narrator: ``narrate(game, event)`` and ``describe(game, action)``, in the kit's current
language, from this game's own words (:mod:`cowcount.words`). Seats count from 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mowkit.core import Action
from mowkit.events import Event, GameEnded, RoundEnded, RoundStarted

from cowcount.engine import CowLaid, Lay, LineTaken, cows
from cowcount.words import cards_text, cows_text, t


def card_label(game: Any, card: int) -> str:
    """A card's name: ``10 (2 cows)`` / ``10 (2 коровы)``."""
    return t("{card} ({cows})").format(card=card, cows=cows_text(cows(card)))


def _per_player(values: Sequence[int]) -> str:
    return ", ".join(t("player {player}: {value}").format(player=p + 1, value=v) for p, v in enumerate(values))


def _round_started(game: Any, e: RoundStarted) -> str:
    return t("Round {round} begins: {cards} each.").format(round=e.round + 1, cards=cards_text(e.hand_size))


def _laid(game: Any, e: CowLaid) -> str:
    return t("Player {player} lays {card} on the line.").format(player=e.player + 1, card=card_label(game, e.card))


def _taken(game: Any, e: LineTaken) -> str:
    return t("Player {player} lays {card}, lower than the line: takes {cards} ({cows}); {card} starts a new line."
             ).format(player=e.player + 1, card=e.card, cards=cards_text(len(e.taken)), cows=cows_text(e.penalty))


def _round_ended(game: Any, e: RoundEnded) -> str:
    return t("Round {round} ends. Cows this round: {scores}. Totals: {totals}.").format(
        round=e.round + 1, scores=_per_player(e.scores), totals=_per_player(e.totals))


def _game_ended(game: Any, e: GameEnded) -> str:
    best = cows_text(e.totals[e.winners[0]])
    seats = ", ".join(str(w + 1) for w in e.winners)
    if len(e.winners) == 1:
        return t("Game over: player {players} wins with {cows}.").format(players=seats, cows=best)
    return t("Game over: players {players} share the win with {cows}.").format(players=seats, cows=best)


_SENTENCES: dict[type, Callable[[Any, Any], str]] = {
    RoundStarted: _round_started,
    CowLaid: _laid,
    LineTaken: _taken,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}

#: The event kinds this narrator tells (every kind Cow count emits).
KINDS: tuple[type, ...] = tuple(_SENTENCES)


def narrate(game: Any, event: Event) -> str | None:
    """One event in words (None for a kind of another game)."""
    fn = _SENTENCES.get(type(event))
    return fn(game, event) if fn is not None else None


def describe(game: Any, action: Action) -> str:
    """A decision in words, without its player: ``lay 10 (2 cows)``."""
    if isinstance(action, Lay):
        return t("lay {card}").format(card=card_label(game, action.card))
    return repr(action)
