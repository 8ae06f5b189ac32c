"""6 nimmt! in words: one plain sentence per event, a decision in words, a card's name.

``narrate(game, event)`` (the spec's narrator, so ``mowkit.narrate.sentences``
uses it) tells every event kind of :mod:`mowkit.games.sixnimmt` and the shared kinds
(round started, round ended, game ended). Seats, rows, turns and rounds are counted from 1
("player 2", "row 3"), cards are named with their heads ("55 (7 heads)").
:func:`describe` says a decision without its player ("take row 3"); :func:`card_label` names a
card. Every text is a message id with named placeholders, ready for translation catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mowkit.core import Action
from mowkit.events import Event, GameEnded, RoundEnded, RoundStarted
from mowkit.games.sixnimmt import (
    CardDrafted,
    CardLaid,
    CardPlaced,
    CardsRevealed,
    DecisionPending,
    Draft,
    DraftOver,
    LowestCard,
    Place,
    Play,
    RowsDealt,
    SixthCard,
    TakeRow,
)
from mowkit.games.sixnimmt.engine import card_label as label
from mowkit.i18n import _, counted, ngettext


def card_label(game: Any, card: int) -> str:
    """A card's name a person reads: ``55 (7 heads)``, ``1 (1 head)`` (the engine names it)."""
    return label(card)


def _cards(game: Any, cards: Sequence[int]) -> str:
    return ", ".join(card_label(game, c) for c in cards)


def _count_cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _count_heads(n: int) -> str:
    return ngettext("{n} head", "{n} heads", n).format(n=n)


def _players(seats: Sequence[int]) -> str:
    """``player 2`` / ``players 1 and 3`` / ``players 1, 2 and 4`` (seats from 1)."""
    shown = [str(p + 1) for p in seats]
    if len(shown) == 1:
        return _("player {player}").format(player=shown[0])
    return _("players {some} and {last}").format(some=", ".join(shown[:-1]), last=shown[-1])


def _per_player(values: Sequence[int]) -> str:
    """``player 1: 5, player 2: 12`` (seats from 1)."""
    return ", ".join(
        _("player {player}: {value}").format(player=p + 1, value=v) for p, v in enumerate(values)
    )


# --------------------------------------------------------------------------- one sentence per kind


def _laid(game: Any, e: CardLaid) -> str:
    return _("Player {player} lays a card face down.").format(player=e.player + 1)


def _revealed(game: Any, e: CardsRevealed) -> str:
    shown = ", ".join(
        _("{card} from player {player}").format(card=card_label(game, c), player=p + 1) for c, p in e.cards
    )
    return _("Turn {turn}: all cards are revealed and placed in ascending order: {cards}.").format(
        turn=e.turn + 1, cards=shown
    )


def _rows_dealt(game: Any, e: RowsDealt) -> str:
    return _("The rows start with {cards}.").format(cards=_cards(game, e.rows))


def _placed(game: Any, e: CardPlaced) -> str:
    if e.end == "front":
        text = _("{card} from player {player} goes on row {row} at the front: smallest difference, {difference}.")
    else:
        text = _("{card} from player {player} goes on row {row} at the end: smallest difference, {difference}.")
    return text.format(card=card_label(game, e.card), player=e.player + 1, row=e.row + 1, difference=e.difference)


def _sixth(game: Any, e: SixthCard) -> str:
    return _(
        "Rule 3 (sixth cow): {card} would be card {position} of row {row}; player {player} takes "
        "its {cards} ({heads}) and {card} starts it."
    ).format(
        card=e.card,
        position=len(e.taken) + 1,
        row=e.row + 1,
        player=e.player + 1,
        cards=_count_cards(len(e.taken)),
        heads=_count_heads(e.penalty),
    )


def _lowest(game: Any, e: LowestCard) -> str:
    if e.rule == "auto-row":
        text = _(
            "Rule 4 (lowest card, auto_row: fewest heads): player {player} takes row {row} "
            "({cards}, {heads}); {card} starts it."
        )
    else:
        text = _("Rule 4 (lowest card): player {player} takes row {row} ({cards}, {heads}); {card} starts it.")
    return text.format(
        player=e.player + 1,
        row=e.row + 1,
        cards=_count_cards(len(e.taken)),
        heads=_count_heads(e.penalty),
        card=e.card,
    )


def _pending(game: Any, e: DecisionPending) -> str:
    if e.rule == "end-tie":
        return _("{card} is equally close to {n} ends; player {player} chooses where it goes.").format(
            card=card_label(game, e.card), n=len(e.options), player=e.player + 1
        )
    if getattr(game, "professional", False):
        text = _("Rule 4 (lowest card): {card} fits at no end of any row; player {player} chooses a row to take.")
    else:
        text = _("Rule 4 (lowest card): {card} is lower than every row; player {player} chooses a row to take.")
    return text.format(card=card_label(game, e.card), player=e.player + 1)


def _drafted(game: Any, e: CardDrafted) -> str:
    return _("Player {player} drafts {card}.").format(player=e.player + 1, card=card_label(game, e.card))


def _draft_over(game: Any, e: DraftOver) -> str:
    return _("The draft is over; the cards left start the rows: {cards}.").format(cards=_cards(game, e.rows))


def _round_started(game: Any, e: RoundStarted) -> str:
    if e.hand_size == 0:
        return _("Round {round} begins: the cards lie face up for the draft.").format(round=e.round + 1)
    return ngettext(
        "Round {round} begins: the deck is shuffled and dealt, {n} card each.",
        "Round {round} begins: the deck is shuffled and dealt, {n} cards each.",
        e.hand_size,
    ).format(round=e.round + 1, n=e.hand_size)


def _round_ended(game: Any, e: RoundEnded) -> str:
    return _("Round {round} ends. Heads this round: {scores}. Totals: {totals}.").format(
        round=e.round + 1, scores=_per_player(e.scores), totals=_per_player(e.totals)
    )


def _game_ended(game: Any, e: GameEnded) -> str:
    best = e.totals[e.winners[0]]
    if len(e.winners) == 1:
        text = ngettext(
            "Game over: {players} wins with {n} head.", "Game over: {players} wins with {n} heads.", best
        )
    else:
        text = ngettext(
            "Game over: {players} share the win with {n} head.",
            "Game over: {players} share the win with {n} heads.",
            best,
        )
    return text.format(players=_players(e.winners), n=best)


_SENTENCES: dict[type, Callable[[Any, Any], str]] = {
    CardLaid: _laid,
    CardsRevealed: _revealed,
    RowsDealt: _rows_dealt,
    CardPlaced: _placed,
    SixthCard: _sixth,
    LowestCard: _lowest,
    DecisionPending: _pending,
    CardDrafted: _drafted,
    DraftOver: _draft_over,
    RoundStarted: _round_started,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}

#: The event kinds this narrator tells (every kind 6 nimmt! emits).
KINDS: tuple[type, ...] = tuple(_SENTENCES)


def narrate(game: Any, event: Event) -> str | None:
    """One event of a 6 nimmt! game in words (None for a kind of another game)."""
    fn = _SENTENCES.get(type(event))
    return fn(game, event) if fn is not None else None


def describe(game: Any, action: Action) -> str:
    """A decision in words, without its player (rows from 1): ``play 55 (7 heads)``, ``take row 3``."""
    if isinstance(action, Play):
        return _("play {card}").format(card=card_label(game, action.card))
    if isinstance(action, TakeRow):
        return _("take row {row}").format(row=action.row + 1)
    if isinstance(action, Place):
        if action.end == "front":
            return _("put the card on row {row} at the front").format(row=action.row + 1)
        return _("put the card on row {row} at the end").format(row=action.row + 1)
    if isinstance(action, Draft):
        return _("draft {card}").format(card=card_label(game, action.card))
    return repr(action)


def move_label(state: Any, action: Action) -> str:
    """The words on a move's button (the play widget): cards by name (``55 (7 heads)``),
    ``take row 2 (3 cards, 5 heads)``, ``row 2, at the back``; rows counted from 1."""
    game = state.game
    if isinstance(action, Play):
        return card_label(game, action.card)
    if isinstance(action, Draft):
        return _("draft {card}").format(card=card_label(game, action.card))
    if isinstance(action, TakeRow):
        row = state.rows[action.row]
        return _("take row {row} ({cards}, {heads})").format(
            row=action.row + 1, cards=counted("card", len(row)), heads=counted("head", sum(game.penalty(c) for c in row)))
    if isinstance(action, Place):
        text = _("row {row}, at the back") if action.end == "back" else _("row {row}, at the front")
        return text.format(row=action.row + 1)
    return describe(game, action)
