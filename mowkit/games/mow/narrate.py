"""Mow in words: one plain English sentence per event kind, and a decision in words.

Farmers are counted from 1 ("farmer 2"), herds too in the two-player star ("herd 1"), cards are
named by :meth:`mowkit.games.mow.Mow.label` ("12 (2 flies)", "blocking 16", "mad cow"), never by
their codes. Every sentence is a message id with named placeholders, ready for translation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mowkit.core import Action
from mowkit.events import Event, GameEnded, RoundEnded, RoundStarted
from mowkit.games.mow import (
    Acrobat,
    AcrobatPlaced,
    ActiveHerdMoved,
    AddCow,
    ArrowDecided,
    Calf,
    CalfPlaced,
    CardsDrawn,
    ChooseNext,
    CowAdded,
    Flip,
    HandsToPiles,
    HerdStarted,
    HerdTaken,
    LastTake,
    MadCow,
    MadCowPlaced,
    NextFarmerChosen,
    NobodyCanStart,
    NoCardDrawn,
    Slowpoke,
    SlowpokePlaced,
    StarterChosen,
    StartPassed,
    TakeHerd,
)
from mowkit.i18n import _, ngettext


def _farmers(seats: tuple[int, ...] | list[int]) -> str:
    """``farmers 1 and 3`` / ``farmers 1, 2 and 3`` (seats counted from 1)."""
    names = [str(p + 1) for p in seats]
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _flies(n: int) -> str:
    return ngettext("{n} fly", "{n} flies", n).format(n=n)


def _per_farmer(values: tuple[int, ...]) -> str:
    return ", ".join(_("farmer {player}: {flies}").format(player=p + 1, flies=v) for p, v in enumerate(values))


def _herd_started(g: Any, e: HerdStarted) -> str:
    if g.star:
        return _("Farmer {player} starts herd {herd} with {card}.").format(
            player=e.player + 1, herd=e.herd + 1, card=g.label(e.card))
    return _("Farmer {player} starts the herd with {card}.").format(player=e.player + 1, card=g.label(e.card))


def _cow_added(g: Any, e: CowAdded) -> str:
    if e.end == "low":
        return _("Farmer {player} adds {card} at the low end.").format(player=e.player + 1, card=g.label(e.card))
    return _("Farmer {player} adds {card} at the high end.").format(player=e.player + 1, card=g.label(e.card))


def _acrobat(g: Any, e: AcrobatPlaced) -> str:
    return _("Farmer {player} puts {card} on top of the {target}.").format(
        player=e.player + 1, card=g.label(e.card), target=g.label(e.target))


def _slowpoke(g: Any, e: SlowpokePlaced) -> str:
    return _("Farmer {player} slips a slowpoke into the line, standing for {value}.").format(
        player=e.player + 1, value=e.value)


def _calf(g: Any, e: CalfPlaced) -> str:
    if e.end == "low":
        return _("Farmer {player} puts the calf at the low end; it is worth {value}.").format(
            player=e.player + 1, value=e.value)
    return _("Farmer {player} puts the calf at the high end; it is worth {value}.").format(
        player=e.player + 1, value=e.value)


def _mad_cow(g: Any, e: MadCowPlaced) -> str:
    return _("Farmer {player} puts the mad cow in place of the {card}; the {card} goes back to their hand.").format(
        player=e.player + 1, card=g.label(e.replaced))


def _taken(g: Any, e: HerdTaken) -> str:
    cards = ngettext("{n} card", "{n} cards", len(e.cards)).format(n=len(e.cards))
    if g.star:
        return _("Farmer {player} takes herd {herd}: {cards}, {flies}.").format(
            player=e.player + 1, herd=e.herd + 1, cards=cards, flies=_flies(e.flies))
    return _("Farmer {player} takes the herd: {cards}, {flies}.").format(
        player=e.player + 1, cards=cards, flies=_flies(e.flies))


def _drawn(g: Any, e: CardsDrawn) -> str:
    if e.rule == "dairy-cow" and e.count < 2:
        return _("Dairy cow: farmer {player} draws the last card of the draw pile.").format(player=e.player + 1)
    if e.rule == "dairy-cow":
        return ngettext("Dairy cow: farmer {player} draws {count} cards; {left} card left.",
                        "Dairy cow: farmer {player} draws {count} cards; {left} cards left.", e.left).format(
            player=e.player + 1, count=e.count, left=e.left)
    return ngettext("Farmer {player} draws a card; {left} card left.",
                    "Farmer {player} draws a card; {left} cards left.", e.left).format(
        player=e.player + 1, left=e.left)


def _no_draw(g: Any, e: NoCardDrawn) -> str:
    if e.rule == "thin-cow":
        return _("Thin cow: farmer {player} draws no card.").format(player=e.player + 1)
    return _("The draw pile is empty: farmer {player} draws no card.").format(player=e.player + 1)


def _arrow(g: Any, e: ArrowDecided) -> str:
    if not e.flip:
        return _("Farmer {player} leaves the arrow as it is.").format(player=e.player + 1)
    if e.arrow == 1:
        return _("Farmer {player} flips the arrow: play now goes clockwise.").format(player=e.player + 1)
    return _("Farmer {player} flips the arrow: play now goes anticlockwise.").format(player=e.player + 1)


def _next(g: Any, e: NextFarmerChosen) -> str:
    return _("Farmer {player} chooses farmer {next} to play next.").format(player=e.player + 1, next=e.next_player + 1)


def _passed(g: Any, e: StartPassed) -> str:
    if g.star:
        return _("Farmer {player} holds no cow that can start herd {herd}; farmer {starter} starts it.").format(
            player=e.player + 1, herd=e.herd + 1, starter=e.starter + 1)
    return _("Farmer {player} holds no cow that can start a herd; farmer {starter} starts it.").format(
        player=e.player + 1, starter=e.starter + 1)


def _active(g: Any, e: ActiveHerdMoved) -> str:
    return _("Herd {herd} is now the active herd.").format(herd=e.herd + 1)


def _last_take(g: Any, e: LastTake) -> str:
    return _("The draw pile is empty: this take ends the round.")


def _nobody(g: Any, e: NobodyCanStart) -> str:
    return _("No farmer holds a cow that can start the herd: the round ends.")


def _hands(g: Any, e: HandsToPiles) -> str:
    n = sum(len(h) for h in e.hands)
    held = ngettext("{n} card", "{n} cards", n).format(n=n)
    if e.unscored:
        left = ngettext("{n} card", "{n} cards", len(e.unscored)).format(n=len(e.unscored))
        return _("The cards left in hand go to the cowsheds ({held}); the other herds ({left}) are not "
                 "scored.").format(held=held, left=left)
    return _("The cards left in hand go to the cowsheds ({held}).").format(held=held)


def _starter(g: Any, e: StarterChosen) -> str:
    if e.rule == "rotate":
        return _("Farmer {player} starts round {round} (the next seat).").format(player=e.player + 1, round=e.round + 1)
    return _("Farmer {player} starts round {round} (the most flies).").format(player=e.player + 1, round=e.round + 1)


def _round_started(g: Any, e: RoundStarted) -> str:
    return _("Round {round}: the cards are shuffled and every farmer is dealt {cards}.").format(
        round=e.round + 1, cards=ngettext("{n} card", "{n} cards", e.hand_size).format(n=e.hand_size))


def _round_ended(g: Any, e: RoundEnded) -> str:
    return _("Round {round} ends. Flies this round: {scores}. Totals: {totals}.").format(
        round=e.round + 1, scores=_per_farmer(e.scores), totals=_per_farmer(e.totals))


def _game_ended(g: Any, e: GameEnded) -> str:
    best = e.totals[e.winners[0]]
    if len(e.winners) == 1:
        return _("Game over: farmer {player} wins with {flies}.").format(player=e.winners[0] + 1, flies=_flies(best))
    return _("Game over: farmers {players} share the win with {flies}.").format(
        players=_farmers(e.winners), flies=_flies(best))


_SENTENCES: dict[type[Event], Callable[[Any, Any], str]] = {
    HerdStarted: _herd_started,
    CowAdded: _cow_added,
    AcrobatPlaced: _acrobat,
    SlowpokePlaced: _slowpoke,
    CalfPlaced: _calf,
    MadCowPlaced: _mad_cow,
    HerdTaken: _taken,
    CardsDrawn: _drawn,
    NoCardDrawn: _no_draw,
    ArrowDecided: _arrow,
    NextFarmerChosen: _next,
    StartPassed: _passed,
    ActiveHerdMoved: _active,
    LastTake: _last_take,
    NobodyCanStart: _nobody,
    HandsToPiles: _hands,
    StarterChosen: _starter,
    RoundStarted: _round_started,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}


def narrate(game: Any, event: Event) -> str | None:
    """The sentence of one Mow event (None for a kind this narrator does not know)."""
    fn = _SENTENCES.get(type(event))
    return None if fn is None else fn(game, event)


def describe(game: Any, action: Action) -> str:
    """A decision in words, without its farmer: ``add 12 (2 flies) at the high end``."""
    label = game.label
    if isinstance(action, AddCow):
        if action.end == "start":
            return _("start the herd with {card}").format(card=label(action.card))
        if action.end == "low":
            return _("add {card} at the low end").format(card=label(action.card))
        if action.end == "high":
            return _("add {card} at the high end").format(card=label(action.card))
    if isinstance(action, Acrobat):
        return _("put {card} on the {target}").format(card=label(action.card), target=label(action.target))
    if isinstance(action, Slowpoke):
        return _("slowpoke standing for {value}").format(value=action.value)
    if isinstance(action, Calf):
        if action.end == "low":
            return _("calf at the low end")
        if action.end == "high":
            return _("calf at the high end")
    if isinstance(action, MadCow):
        return _("mad cow in place of the 8")
    if isinstance(action, TakeHerd):
        return _("take the herd")
    if isinstance(action, Flip):
        return _("flip the arrow") if action.flip else _("keep the arrow")
    if isinstance(action, ChooseNext):
        return _("farmer {player} plays next").format(player=action.next_player + 1)
    return repr(action)





def move_label(state: Any, action: Action) -> str:
    """The words on a move's button (the play widget): ``farmer 2 plays next``, ``turn the arrow
    round``, else the decision as :func:`describe` says it; farmers counted from 1."""
    if isinstance(action, ChooseNext):
        return _("farmer {n} plays next").format(n=action.next_player + 1)
    if isinstance(action, Flip):
        return _("turn the arrow round") if action.flip else _("keep the arrow")
    return describe(state.game, action)
