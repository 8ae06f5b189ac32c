"""Mow: the rules of RULES.md §2 as a playable state (both packets, eight special cows, the star).

A turn of the farmer to act (``pending_players()``) is one of:

* add a cow to the (active) herd: ``AddCow`` (a plain, blocking, thin or dairy cow, by its number
  at the ``low`` or ``high`` end, or ``start`` on an empty herd), ``Acrobat`` (on the plain cow
  ``target`` of the same number), ``Slowpoke`` (standing for the missing number ``value``),
  ``Calf`` (at the ``low``/``high`` end next to a plain cow without flies) or ``MadCow`` (replaces
  the plain 8, which goes to the farmer's hand); the farmer then draws (none after a thin cow, two
  after a dairy cow, fewer when the pile runs short). After a green special the same farmer
  decides ``Flip`` (0 keep, 1 flip the arrow); after a yellow special ``ChooseNext``;
* ``TakeHerd``: the herd goes to the farmer's cowshed. With cards left in the draw pile the same
  farmer then starts a new herd (another ``AddCow(..., "start")`` decision of the same turn);
  with the pile empty the take ends the round.

Values that set the ends: numbered cows by number, a calf by its value, the mad cow as 8; a cow
goes strictly below the lowest or above the highest value. While a mad cow is in the herd only
cows with flies may be added. A farmer with an empty hand can only take the herd. The round ends
with the first take while the draw pile is empty: hands go to the cowsheds, flies are added to
running totals, and the game ends after the round in which a total reaches ``threshold``
(``comparison`` ``">="``, or ``">"``). Fewest flies wins; equal lowest totals share the win.

Two-player star (``star=True``, the default with 2 players): three herds, herd 0 active first; a
turn acts on the active herd (an empty one must be started, never taken); after every turn the
active herd moves one step in the arrow's direction; the first take with an empty pile ends the
round and the other two herds are not scored (their cards stay out of every cowshed, in the place
"unscored herd"). ``star=False`` with 2 players plays the ordinary single herd.

Options: ``players`` 2..10; ``packets`` ``'green'``, ``'yellow'`` or ``'both'`` (default green for
2-5 farmers, both for 6-10); ``threshold`` (100); ``comparison``; ``starter`` (round-1 starter,
seat 0); ``star``; ``max_rounds`` (None, or e.g. 1 for single-round statistics); ``specials``
(True; False plays with the plain cows only, 42 per packet, to measure what the special cows do).

Kit resolutions **[kit]** of what RULES.md leaves open (the switchable ones are options):

* Yellow packet specials (card data in ``mowkit/cards/mow_cards.csv``): blocking 0 and 16, calf, thin 4,
  dairy 12, mad cow (value 8).
* Dealing: the shuffled deck is dealt in blocks (farmer p gets cards ``5p .. 5p+4`` of the
  order); the rest is the draw pile, drawn from the front.
* ``next_starter``: ``'most_flies'`` (default: the farmer with the most flies in total starts the
  next round, ties to the tied farmer nearest clockwise after the previous round's starter) or
  ``'rotate'`` (the seat after the previous starter).
* ``reset_arrow``: True (default): the arrow points clockwise at the start of every round; False
  keeps the direction the arrow had at the end of the previous round.
* ``yellow_next``: ``'any_other'`` (default: after a yellow special the farmer names any other
  farmer) or ``'any'`` (may name themself). The choice is always asked, even with one option.
* ``restart``: ``'taker'`` (default: the taker starts the new herd and draws within the same
  turn) or ``'next'`` (the take ends the turn; the next farmer in the arrow's direction starts the
  new herd as their turn; in the star the empty herd is started when it next becomes active).
* Passing the start: whoever must start an empty herd and holds no numbered cow (plain,
  blocking, thin, dairy) passes the start to the first farmer after them in the arrow's
  direction who holds one; that start is that farmer's turn. If nobody can start, the round ends.
* Star: the active herd moves k -> k+arrow (mod 3) after every turn (a flip in that turn
  already counts). A take restarts the same herd, then the active herd moves on.
* Two players with ``star=False``: the ordinary one-herd game (allowed; not in the rule book).
  ``star=True`` needs exactly two players.
* Legal actions come in a fixed order: cards of the hand by card id (for each card its
  placements: low before high, acrobat targets and slowpoke values ascending), then ``TakeHerd``;
  ``Flip`` 0 then 1; ``ChooseNext`` by seat. Two cards with identical face (one per packet) are
  listed separately, since they are different cards.

Recorded deals: ``new_state(deals=[...])`` plays the given deck orders, one per round (a game
record replays this way). **[kit]** When they run out, the decision that would start a round
without a recorded deal (the take that ends a round, or a start nobody can make) raises
:class:`~mowkit.core.IllegalActionError` with rule ``"no-recorded-deal"`` and the state stays
exactly as it was before that decision. Deals are checked when the state is made.

Decisions are checked before anything changes: cards, seats, acrobat targets, slowpoke values
and the ``Flip`` flag are plain ``int`` (numpy integers are stored as ``int``; ``bool``,
``float`` and ``str`` are refused with rule ``"action-fields"``: the flag is 0 or 1, never
``True``/``False``, so a record stores exactly what was decided); ``end`` is a string.

What happened is data: every ``apply`` appends typed events (``HerdStarted``, ``CowAdded``,
``HerdTaken``, ``CardsDrawn`` ... and the shared ``RoundStarted`` / ``RoundEnded`` / ``GameEnded``
of :mod:`mowkit.events`) to ``state.log`` (the whole game from the first deal); ``state.events``
holds those of the last decision. Events carry public facts only (a draw says how many cards,
never which) and the id of the rule that fired; refusals name rule ids from the same set
(``MOW_RULE_IDS``, added to :data:`mowkit.events.RULE_IDS`). The engine writes no sentence:
:mod:`mowkit.games.mow.narrate` tells events and decisions in words.

Shared vocabulary (DESIGN.md "One vocabulary"): ``piles`` is what each farmer has taken this round
(the cowsheds), ``stock`` the draw pile, ``pending`` who must act; observations add ``stock_size``
and ``seen``.

``Mow.position`` builds a position by hand (tests, notebooks): its keywords are read into a
:class:`~mowkit.games.mow.position.MowPosition` (``read_position``) and ``Mow.state_at`` builds the
state from that value. Such a state has no deal record; it keeps ``start`` (the position, every
default filled in) and ``start_position`` (the same as JSON, what a record stores).
"""

from __future__ import annotations

import bisect
import itertools
from bisect import insort
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter, itemgetter
from typing import Any, ClassVar

import numpy as np

from mowkit.card_tables import MowCard, mow_cards
from mowkit.core import (
    MAX_ROUNDS,
    MAX_THRESHOLD,
    Action,
    Chance,
    CheckedApply,
    IllegalActionError,
    OptionError,
    check_action_fields,
    check_bool,
    check_choice,
    check_int,
    check_seed,
    check_totals_in_play,
    fresh_seed,
    seat_list,
)
from mowkit.events import RULE_IDS, Event, RoundStarted
from mowkit.games.base import GameBase, StateBase
from mowkit.games.mow.position import MowPosition
from mowkit.i18n import _, ngettext

GAME = "mow"
HAND_SIZE = 5
PACKET_CHOICES = ("green", "yellow", "both")
COMPARISONS = (">=", ">")
NEXT_STARTERS = ("most_flies", "rotate")
YELLOW_NEXT = ("any_other", "any")
RESTARTS = ("taker", "next")
NUMBERED = frozenset({"plain", "blocking", "thin", "dairy"})  # placed by number, may start a herd
STAR_HERDS = 3
_first, _second = itemgetter(0), itemgetter(1)  # of a (value, card) or (acrobat, target) pair


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class AddCow(Action):
    """Add a numbered cow (plain, blocking, thin, dairy) at ``end`` 'low'/'high', or 'start' a herd."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "add"
    card: int
    end: str


@dataclass(frozen=True, slots=True)
class Acrobat(Action):
    """Put the acrobatic cow ``card`` on the plain cow ``target`` (a card id) with its number."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "acrobat"
    card: int
    target: int


@dataclass(frozen=True, slots=True)
class Slowpoke(Action):
    """Insert the slowpoke ``card`` in the line, standing for the missing number ``value``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "slowpoke"
    card: int
    value: int


@dataclass(frozen=True, slots=True)
class Calf(Action):
    """Put the calf ``card`` at ``end`` ('low'/'high') next to a plain cow without flies."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "calf"
    card: int
    end: str


@dataclass(frozen=True, slots=True)
class MadCow(Action):
    """Put the mad cow ``card`` in place of the plain 8 of the line; the 8 goes to the hand."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "mad"
    card: int


@dataclass(frozen=True, slots=True)
class TakeHerd(Action):
    """Take the (active) herd into the cowshed."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """After a green special cow: ``flip`` 1 turns the arrow round, 0 leaves it."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "flip"
    flip: int


@dataclass(frozen=True, slots=True)
class ChooseNext(Action):
    """After a yellow special cow: ``next_player`` plays next (then on in the arrow's direction)."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "choose_next"
    next_player: int


PLACEMENTS = (AddCow, Acrobat, Slowpoke, Calf, MadCow)


# --------------------------------------------------------------------------- events
#
# What an ``apply`` did, as data (see :mod:`mowkit.events`): seats, herds and cards are 0-based
# indices and card ids; ``rule`` is the stable id of the rule that fired. Only public facts: a draw
# says how many cards were drawn, never which. :mod:`mowkit.games.mow.narrate` tells them in words.


@dataclass(frozen=True, slots=True)
class HerdStarted(Event):
    """``player`` starts the empty herd ``herd`` with the numbered cow ``card``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "herd started"
    player: int
    card: int
    herd: int
    rule: str = "start-the-herd"


@dataclass(frozen=True, slots=True)
class CowAdded(Event):
    """``player`` adds the numbered cow ``card`` at the ``end`` (``"low"``/``"high"``) of ``herd``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "cow added"
    player: int
    card: int
    herd: int
    end: str
    rule: str = "ascending"


@dataclass(frozen=True, slots=True)
class AcrobatPlaced(Event):
    """``player`` puts the acrobat ``card`` on top of the plain cow ``target`` in ``herd``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "acrobat placed"
    player: int
    card: int
    target: int
    herd: int
    rule: str = "acrobat"


@dataclass(frozen=True, slots=True)
class SlowpokePlaced(Event):
    """``player`` slips the slowpoke ``card`` into ``herd``, standing for the missing ``value``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "slowpoke placed"
    player: int
    card: int
    herd: int
    value: int
    rule: str = "slowpoke"


@dataclass(frozen=True, slots=True)
class CalfPlaced(Event):
    """``player`` puts the calf ``card`` at the ``end`` of ``herd``, where it is worth ``value``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "calf placed"
    player: int
    card: int
    herd: int
    end: str
    value: int
    rule: str = "calf"


@dataclass(frozen=True, slots=True)
class MadCowPlaced(Event):
    """``player`` puts the mad cow ``card`` in place of the plain 8 ``replaced``, which goes to their hand."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "mad cow placed"
    player: int
    card: int
    herd: int
    replaced: int
    rule: str = "mad-cow"


@dataclass(frozen=True, slots=True)
class HerdTaken(Event):
    """``player`` takes ``herd`` into their pile: ``cards`` (line, then acrobats) with ``flies`` flies."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "herd taken"
    player: int
    herd: int
    cards: tuple[int, ...]
    flies: int
    rule: str = "take-the-herd"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``player`` draws ``count`` cards (which ones is private); ``left`` cards stay in the stock.

    ``rule`` is ``"draw"`` (one card after a cow) or ``"dairy-cow"`` (two after the dairy cow, or
    the last one when only one is left).
    """

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "cards drawn"
    player: int
    count: int
    left: int
    rule: str = "draw"


@dataclass(frozen=True, slots=True)
class NoCardDrawn(Event):
    """``player`` draws nothing: ``rule`` ``"thin-cow"`` (after the thin cow) or ``"empty-stock"``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "no card drawn"
    player: int
    rule: str = "empty-stock"


@dataclass(frozen=True, slots=True)
class ArrowDecided(Event):
    """After a green special ``player`` flips the arrow (``flip``) or keeps it; ``arrow`` is the new direction."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "arrow decided"
    player: int
    flip: bool
    arrow: int
    rule: str = "flip"


@dataclass(frozen=True, slots=True)
class NextFarmerChosen(Event):
    """After a yellow special ``player`` names ``next_player`` to play next."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "next farmer chosen"
    player: int
    next_player: int
    rule: str = "next-farmer"


@dataclass(frozen=True, slots=True)
class StartPassed(Event):
    """``player`` must start ``herd`` but holds no numbered cow: ``starter`` (next who holds one) starts it."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "start passed"
    player: int
    starter: int
    herd: int
    rule: str = "pass-the-start"


@dataclass(frozen=True, slots=True)
class ActiveHerdMoved(Event):
    """Star: after a turn ``herd`` is the active herd (one step in the arrow's direction)."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "active herd"
    herd: int
    rule: str = "star"


@dataclass(frozen=True, slots=True)
class LastTake(Event):
    """``player`` took a herd while the stock is empty: this take ends the round."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "last take"
    player: int
    rule: str = "empty-stock-take"


@dataclass(frozen=True, slots=True)
class NobodyCanStart(Event):
    """The empty herd must be started and no farmer holds a numbered cow: the round ends."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "nobody can start"
    rule: str = "nobody-can-start"


@dataclass(frozen=True, slots=True)
class HandsToPiles(Event):
    """Round end: ``hands[p]`` (the cards farmer ``p`` still held) go to the piles; ``unscored``
    are the cards of the herds left on the table (the star's other herds), scored by nobody."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "hands to piles"
    hands: tuple[tuple[int, ...], ...]
    unscored: tuple[int, ...]
    rule: str = "round-end"


@dataclass(frozen=True, slots=True)
class StarterChosen(Event):
    """``player`` starts round ``round`` (0-based); ``rule`` ``"most-flies"`` or ``"rotate"``."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "starter chosen"
    player: int
    round: int
    rule: str = "most-flies"


#: Every event kind of Mow (the shared RoundStarted / RoundEnded / GameEnded come too).
EVENT_TYPES: tuple[type[Event], ...] = (
    HerdStarted, CowAdded, AcrobatPlaced, SlowpokePlaced, CalfPlaced, MadCowPlaced, HerdTaken,
    CardsDrawn, NoCardDrawn, ArrowDecided, NextFarmerChosen, StartPassed, ActiveHerdMoved, LastTake,
    NobodyCanStart, HandsToPiles, StarterChosen,
)

#: Mow's rule ids: the rules ``IllegalActionError`` names and the rules events cite.
MOW_RULE_IDS = frozenset({
    # refusals
    "flip",  # the Flip flag is 0 or 1, only right after a green special
    "next-farmer",  # ChooseNext names an allowed farmer, only right after a yellow special
    "take-the-herd",  # an empty herd is started, never taken
    "start-the-herd",  # an empty herd is started by a numbered cow with end 'start'
    "illegal-placement",  # a placement no rule allows (a fallback; the others name the rule)
    "ascending",  # a numbered cow goes strictly below the lowest or above the highest value
    "blocking-cow",  # a blocking 0 / 16 closes its end
    "acrobat",  # an acrobat goes on a plain cow of its number
    "slowpoke",  # a slowpoke stands for a missing number inside the line
    "calf",  # a calf goes next to a plain cow without flies; nothing below a calf worth 0
    "mad-cow",  # the mad cow replaces a plain 8; then only cows with flies
    # what happened
    "draw",  # one card drawn after a cow
    "dairy-cow",  # two cards drawn after the dairy cow
    "thin-cow",  # no card drawn after the thin cow
    "empty-stock",  # no card to draw: the stock is empty
    "pass-the-start",  # whoever cannot start the herd passes the start on
    "star",  # the active herd moves with the arrow (two-player star)
    "empty-stock-take",  # a take with the stock empty ends the round
    "nobody-can-start",  # nobody can start the herd: the round ends
    "most-flies",  # the farmer with the most flies starts the next round
    "rotate",  # the next seat starts the next round
})
RULE_IDS.update(MOW_RULE_IDS)


# --------------------------------------------------------------------------- game


@dataclass(frozen=True)
class Mow(GameBase):
    """A Mow game: validated options; ``new_state(seed)`` starts a game (see the module docstring).

    Integer options are stored as plain ``int`` (numpy integers accepted; ``bool``, ``float``
    and ``str`` refused), switches as ``bool`` and named choices as ``str``, so ``options`` is
    always JSON.
    """

    players: int = 4
    packets: str | None = None
    threshold: int = 100
    comparison: str = ">="
    starter: int = 0
    star: bool | None = None
    max_rounds: int | None = None
    next_starter: str = "most_flies"
    reset_arrow: bool = True
    yellow_next: str = "any_other"
    restart: str = "taker"
    specials: bool = True
    name: ClassVar[str] = GAME
    title: ClassVar[str] = "Mow"
    seat_word: ClassVar[str] = "farmer"
    penalty_word: ClassVar[str] = "fly"
    line_word: ClassVar[str] = "herd"
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)
    cards: tuple[MowCard, ...] = field(init=False, repr=False, compare=False)
    kinds: tuple[str, ...] = field(init=False, repr=False, compare=False)
    numbers: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    flies: tuple[int, ...] = field(init=False, repr=False, compare=False)
    line_values: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    """By card id: the number a numbered cow (plain, blocking, thin, dairy) is placed by; None
    for the special cows, which are placed by their own rules."""
    mad_in_deck: bool = field(init=False, repr=False, compare=False)
    """Whether the deck in use holds a mad cow (the yellow packet's)."""

    def __post_init__(self) -> None:
        def keep(option: str, value: Any) -> None:
            object.__setattr__(self, option, value)

        keep("players", check_int("players", self.players, 2, 10))
        packets = self.packets
        if packets is None:
            packets = "green" if self.players <= 5 else "both"
        packets = check_choice("packets", packets, PACKET_CHOICES)
        keep("packets", packets)
        keep("threshold", check_int("threshold", self.threshold, 1, MAX_THRESHOLD))
        keep("comparison", check_choice("comparison", self.comparison, COMPARISONS))
        keep("starter", check_int("starter", self.starter, 0, self.players - 1))
        star = self.star
        if star is None:
            star = self.players == 2
        star = check_bool("star", star, _("True or False (None: True with 2 players)"))
        if star and self.players != 2:
            raise OptionError("star", star, _("True only with 2 players (the two-player star); with {n} players "
                                              "use False").format(n=self.players))
        keep("star", star)
        if self.max_rounds is not None:
            keep("max_rounds", check_int("max_rounds", self.max_rounds, 1, MAX_ROUNDS))
        keep("next_starter", check_choice("next_starter", self.next_starter, NEXT_STARTERS))
        keep("reset_arrow", check_bool("reset_arrow", self.reset_arrow))
        keep("yellow_next", check_choice("yellow_next", self.yellow_next, YELLOW_NEXT))
        keep("restart", check_choice("restart", self.restart, RESTARTS))
        cards = mow_cards()
        wanted = ("green", "yellow") if packets == "both" else (packets,)
        keep("specials", check_bool("specials", self.specials))
        deck = tuple(c.id for c in cards if c.packet in wanted and (self.specials or c.kind == "plain"))
        if HAND_SIZE * self.players > len(deck):
            raise OptionError(
                "packets", packets,
                _("a packet choice with at least {need} cards for {n} farmers ('{packets}' has {have}); "
                  "use 'both'").format(need=HAND_SIZE * self.players, n=self.players, packets=packets,
                                       have=len(deck)),
            )
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "kinds", tuple(c.kind for c in cards))
        object.__setattr__(self, "numbers", tuple(c.number for c in cards))
        object.__setattr__(self, "flies", tuple(c.flies for c in cards))
        object.__setattr__(self, "line_values", tuple(c.number if c.kind in NUMBERED else None for c in cards))
        object.__setattr__(self, "mad_in_deck", any(cards[c].kind == "mad" for c in deck))

    @property
    def options(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (what a game record stores; ``load_game`` takes it back)."""
        return {
            "players": self.players,
            "packets": self.packets,
            "threshold": self.threshold,
            "comparison": self.comparison,
            "starter": self.starter,
            "star": self.star,
            "max_rounds": self.max_rounds,
            "next_starter": self.next_starter,
            "reset_arrow": self.reset_arrow,
            "yellow_next": self.yellow_next,
            "restart": self.restart,
            "specials": self.specials,
        }

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def num_herds(self) -> int:
        return STAR_HERDS if self.star else 1

    def deck_flies(self) -> int:
        """Flies in the deck in use (74 per packet with the standard cards)."""
        return sum(self.flies[c] for c in self.deck)

    def card_id(self, code: str | int) -> int:
        """The id of the card with ``code`` (e.g. ``"G-7-2"``); an int id passes through."""
        if isinstance(code, (int, np.integer)) and not isinstance(code, bool):
            if not 0 <= code < len(self.cards):
                raise ValueError(_("unknown card id {id}").format(id=code))
            return int(code)
        for c in self.cards:
            if c.code == code:
                return c.id
        raise ValueError(_("unknown card code {code}").format(code=repr(code)))

    def label(self, card: int) -> str:
        """A card's name for people, in the reader's language: ``12 (2 flies)``, ``blocking 16``,
        ``mad cow`` (``12 (2 мухи)``, ``блокирующая 16``, ``бешеная корова``)."""
        c = self.cards[card]
        if c.kind == "plain":
            if not c.flies:
                return str(c.number)
            return ngettext("{number} ({n} fly)", "{number} ({n} flies)", c.flies).format(number=c.number, n=c.flies)
        named = {"blocking": _("blocking {number}"), "acrobat": _("acrobat {number}"),
                 "thin": _("thin cow {number}"), "dairy": _("dairy cow {number}")}
        if c.kind in named:
            return named[c.kind].format(number=c.number)
        return {"slowpoke": _("slowpoke"), "calf": _("calf"), "mad": _("mad cow")}[c.kind]

    def penalty(self, card: int) -> int:
        """The flies on ``card``."""
        return self.flies[card]

    def _deck_text(self) -> str:
        return f"{self.packets}: ids {min(self.deck)}..{max(self.deck)}"

    def position(
        self,
        hands: Sequence[Iterable[int | str]],
        lines: Sequence[Iterable[Any]] | None = None,
        *,
        piles: Sequence[Iterable[int | str]] | None = None,
        totals: Sequence[int] | None = None,
        pending: int | Sequence[int] | None = None,
        starter: int | None = None,
        stock: Iterable[int | str] | None = None,
        arrow: int = 1,
        acrobats: Iterable[Sequence[int | str]] = (),
        active: int = 0,
        round_index: int = 0,
        seed: int | None = 0,
        reachable: bool = True,
    ) -> MowState:
        """A position built by hand (for tests and teaching); cards by id or code (``"G-7-2"``).

        Args:
            hands: one list of cards per farmer.
            lines: one list per herd (1, or 3 in the star) of cards in any order; a numbered cow
                or the mad cow is given alone (value = its number, 8 for the mad cow), a slowpoke
                or calf as a ``(card, value)`` pair (any card may be a pair).
            piles: what each farmer has taken this round (the cowsheds).
            totals: flies from earlier rounds (needs ``round_index >= 1``).
            pending: the farmer who acts next (a seat or a 1-tuple; default 0); an empty active
                herd is started by them, or passed on as the rules say.
            starter: the farmer who started this round (default: ``pending``); the next round's
                starter follows from it.
            stock: the draw pile, front first; None puts every other card of the deck in it
                (ascending ids), otherwise the cards placed nowhere are set aside ("out of play").
            arrow: 1 (clockwise) or -1. acrobats: (acrobat, target) pairs. active: the active
                herd. round_index: this round (0-based, below 10,000). seed: shuffles of later rounds
                (``0 <= seed < 2**63``; None draws a fresh one, kept in ``start_position``).
            reachable: accept only a position a dealt game can reach: every total below the
                game's end (on by default; ``reachable=False`` lets a teaching position start
                at the last round, totals at the threshold) [kit].
                Always refused: a hand larger than a farmer can hold (5 dealt, one more for each
                dairy cow and mad cow of the deck).

        A thin wrapper: ``self.state_at(read_position(self, ...))``. Raises
        :class:`~mowkit.core.OptionError` (naming the option) for an impossible position. The
        state keeps ``start`` and ``start_position`` (the same position as JSON, so that
        ``game.position(**state.start_position)`` builds it again).
        """
        return MowState.from_position(self, read_position(
            self, hands, lines, piles=piles, totals=totals, pending=pending, starter=starter, stock=stock,
            arrow=arrow, acrobats=acrobats, active=active, round_index=round_index, seed=seed,
            reachable=reachable))

    def state_at(self, position: MowPosition) -> MowState:
        """The state of ``position`` (a :class:`MowPosition`), checked field by field and as a whole."""
        return MowState.from_position(self, read_position(self, **position.keywords()))


# --------------------------------------------------------------------------- placement (pure)


def herd_placements(
    game: Mow, herd: Sequence[tuple[int, int]], card: int, player: int = 0
) -> list[Action]:
    """Every way ``card`` can be added to the line ``herd`` (RULES.md §2), without ``TakeHerd``.

    A pure function of the line alone (the engine's own rule for one card, also used by
    ``legal_actions``): ``herd`` is a line of (value, card) pairs, lowest value first, as in
    ``MowObservation.herds``; the actions name ``player``. An empty herd can be started by a
    numbered cow (``AddCow(..., "start")``). The order is that of ``legal_actions``: low before
    high, acrobat targets in line order, slowpoke values ascending. Acrobats standing on the line
    never change what fits, so they are not needed.
    """
    return [key[0](*key[1:]) for key in placement_keys(game, herd, card, player)]


ActionKey = tuple[Any, ...]
"""An action as a plain tuple: its class, then its fields in order (``(AddCow, 0, 17, "low")``)."""


def placement_keys(game: Mow, herd: Sequence[tuple[int, int]], card: int, player: int) -> list[ActionKey]:
    """:func:`herd_placements` as action keys (class, then fields): the rule itself, no objects made."""
    if not herd:
        return [(AddCow, player, card, "start")] if game.kinds[card] in NUMBERED else []
    return _card_keys(game, herd, _has_mad(game, herd), card, player)


def _has_mad(game: Mow, herd: Sequence[tuple[int, int]]) -> bool:
    """Whether the mad cow stands in the line (then only cows with flies may be added)."""
    kinds = game.kinds
    for _v, c in herd:
        if kinds[c] == "mad":
            return True
    return False


def _mad_stands(kinds: Sequence[str], herd: Sequence[tuple[int, int]]) -> bool:
    """:func:`_has_mad` for a herd of a state whose lowest value is at most 8 and highest at
    least 8: a mad cow in a state's line stands where the plain 8 stood, as 8 (RULES.md §3, checked
    for every hand-built position), and values go strictly up, so only the cow at 8 can be it."""
    i = bisect.bisect_left(herd, (8,))
    return herd[i][0] == 8 and kinds[herd[i][1]] == "mad"


def _card_keys(game: Mow, herd: Sequence[tuple[int, int]], mad: bool, card: int, player: int) -> list[ActionKey]:
    """The placements of ``card`` on the non-empty line ``herd`` (``mad``: a mad cow stands in it)."""
    kinds, numbers, flies = game.kinds, game.numbers, game.flies
    if mad and not flies[card]:
        return []
    k = kinds[card]
    if k in NUMBERED:
        num = numbers[card]
        if num < herd[0][0]:  # type: ignore[operator]
            return [(AddCow, player, card, "low")]
        if num > herd[-1][0]:  # type: ignore[operator]
            return [(AddCow, player, card, "high")]
        return []
    out: list[ActionKey] = []
    if k == "acrobat":
        num = numbers[card]
        for _v, t in herd:
            if kinds[t] == "plain" and numbers[t] == num:
                out.append((Acrobat, player, card, t))
        return out
    if k == "slowpoke":  # the values missing between the lowest and the highest, ascending
        used = set(map(_first, herd))
        for v in range(herd[0][0] + 1, herd[-1][0]):
            if v not in used:
                out.append((Slowpoke, player, card, v))
        return out
    if k == "calf":
        lo_card, hi_card = herd[0][1], herd[-1][1]
        if kinds[lo_card] == "plain" and not flies[lo_card]:
            out.append((Calf, player, card, "low"))
        if kinds[hi_card] == "plain" and not flies[hi_card]:
            out.append((Calf, player, card, "high"))
        return out
    if k == "mad":
        for _v, t in herd:
            if kinds[t] == "plain" and numbers[t] == 8:
                return [(MadCow, player, card)]
    return out


#: an action's key read from its fields now (what ``_check`` compares with the rule's keys)
_KEY_OF: dict[type, Any] = {
    AddCow: lambda a: (AddCow, a.player, a.card, a.end),
    Acrobat: lambda a: (Acrobat, a.player, a.card, a.target),
    Slowpoke: lambda a: (Slowpoke, a.player, a.card, a.value),
    Calf: lambda a: (Calf, a.player, a.card, a.end),
    MadCow: lambda a: (MadCow, a.player, a.card),
    TakeHerd: lambda a: (TakeHerd, a.player),
    Flip: lambda a: (Flip, a.player, a.flip),
    ChooseNext: lambda a: (ChooseNext, a.player, a.next_player),
}


#: the special cows' decisions and the type of their last field (``MadCow`` has none)
_LAST_FIELD: dict[type, type | None] = {Acrobat: int, Slowpoke: int, Calf: str, MadCow: None}
#: the special cows' decisions: their last field, read (the last item of their key)
_LAST_OF: dict[type, Any] = {Acrobat: attrgetter("target"), Slowpoke: attrgetter("value"),
                             Calf: attrgetter("end"), MadCow: attrgetter("card")}


def interned(cache: dict[ActionKey, Action], keys: Iterable[ActionKey]) -> list[Action]:
    """The action objects of ``keys``, made once and handed out again (actions are frozen values:
    an action depends on nothing but its fields, so every state hands out the same objects). An
    object whose fields no longer match its key (changed in place with ``object.__setattr__``) is
    made anew, so a legal list always holds what the rules allow."""
    out = []
    for key in keys:
        a = cache.get(key)
        if a is None or _KEY_OF[key[0]](a) != key:
            a = cache[key] = key[0](*key[1:])
        out.append(a)
    return out


#: The action objects every state hands out (see :func:`interned`): ``AddCow`` by seat and card
#: at each end (the most listed decisions, looked up without building a key), ``TakeHerd`` by
#: seat, every other decision by key. Each is checked against its fields when handed out.
_LOW: list[dict[int, Action]] = [{} for _ in range(10)]
_HIGH: list[dict[int, Action]] = [{} for _ in range(10)]
_START: list[dict[int, Action]] = [{} for _ in range(10)]
_TAKE: list[Action | None] = [None] * 10
_ACTS: dict[ActionKey, Action] = {}


# --------------------------------------------------------------------------- observation


def herd_flies(
    game: Mow,
    herds: Sequence[Sequence[tuple[int, int]]],
    acrobats: Sequence[Sequence[tuple[int, int]]],
    herd: int,
) -> int:
    """Flies in herd ``herd`` (its line of (value, card) pairs and its acrobats)."""
    fl = game.flies
    return sum(fl[c] for _, c in herds[herd]) + sum(fl[a] for a, _ in acrobats[herd])


@dataclass(frozen=True)
class MowObservation:
    """What ``player`` may see. It never holds another farmer's hand (only its size).

    ``herds`` are lines of (value, card) pairs, lowest value first; ``acrobats`` per herd the
    (acrobat, target) pairs; ``active_herd`` the herd a turn acts on (always 0 without the star);
    ``pending`` the farmer who decides now, as a 1-tuple (``()`` once the game is over); ``phase``
    is ``play``, ``flip``, ``next`` or ``over``; ``piles`` the cowsheds (face down, but every
    farmer saw what went in); ``stock_size`` the cards left in the draw pile; ``seen`` the cards
    whose place this farmer knows.
    """

    player: int
    phase: str
    round: int
    turn: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    herds: tuple[tuple[tuple[int, int], ...], ...]
    acrobats: tuple[tuple[tuple[int, int], ...], ...]
    active_herd: int
    arrow: int
    pending: tuple[int, ...]
    starter: int
    stock_size: int
    piles: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    game: Mow

    @property
    def herd(self) -> tuple[tuple[int, int], ...]:
        """The active herd's line."""
        return self.herds[self.active_herd]

    def herd_flies(self, herd: int | None = None) -> int:
        """Flies in a herd (the active one by default), acrobats included."""
        return herd_flies(self.game, self.herds, self.acrobats, self.active_herd if herd is None else herd)

    @property
    def seen(self) -> frozenset[int]:
        """The cards this farmer knows the place of this round: own hand, herds, acrobats, piles."""
        seen = set(self.hand)
        for h in self.herds:
            seen.update(c for _, c in h)
        for a in self.acrobats:
            seen.update(x for x, _ in a)
        for s in self.piles:
            seen.update(s)
        return frozenset(seen)

    def unseen_cards(self) -> list[int]:
        """Cards of the deck in use this farmer has not seen this round (other hands and the pile)."""
        seen = self.seen
        return [c for c in self.game.deck if c not in seen]


_new, _set_dict = object.__new__, object.__setattr__  # (how ``MowState.observation`` makes one)



# --------------------------------------------------------------------------- state


# --------------------------------------------------------------------------- hand-built positions
#
# ``Mow.position(...)`` reads its keywords into a :class:`MowPosition` (cards by id, each field
# checked by one small function below, each refusal an OptionError naming the field);
# ``MowState.from_position`` lays the cards out and checks the whole (RULES.md §3).


def _position_seat(pending: Any, n: int) -> int:
    """The seat of ``pending=`` (a seat, a 1-tuple of a seat, or None for seat 0)."""
    if pending is None:
        return 0
    if isinstance(pending, (tuple, list)):
        if len(pending) != 1:
            raise OptionError("pending", pending, _("the one farmer who acts next (a seat number, alone or in a "
                                                    "list of one)"))
        pending = pending[0]
    return check_int("pending", pending, 0, n - 1)


def _position_card(game: Mow, option: str, c: Any) -> int:
    """The id of card ``c`` (an id or a code), or OptionError naming ``option``."""
    try:
        return game.card_id(c)
    except ValueError as e:
        raise OptionError(option, c, _("a card id or code of this game ({problem})").format(problem=e)) from None


def _position_cards(game: Mow, option: str, items: Any) -> tuple[int, ...]:
    """A list of cards (ids or codes) as ids."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise OptionError(option, items, _("a list of cards (ids or codes)"))
    return tuple(_position_card(game, option, c) for c in items)


def _per_farmer(game: Mow, option: str, value: Any) -> tuple[tuple[int, ...], ...]:
    """One sorted list of cards per farmer (``hands``, ``piles``)."""
    n = game.players
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != n:
        raise OptionError(option, value, ngettext("one list of cards per farmer ({n} list)",
                                                  "one list of cards per farmer ({n} lists)", n).format(n=n))
    return tuple(tuple(sorted(_position_cards(game, f"{option}[{p}]", x))) for p, x in enumerate(value))


def _position_totals(game: Mow, totals: Any, round_index: int) -> tuple[int, ...] | None:
    """Flies from earlier rounds, one per farmer (only from round 1 on), or None."""
    if totals is None:
        return None
    n = game.players
    if round_index < 1:
        raise OptionError("totals", totals, _("totals with round_index 1 or more (they come from earlier "
                                              "rounds)"))
    if isinstance(totals, (str, bytes)) or not isinstance(totals, Sequence) or len(totals) != n:
        raise OptionError("totals", totals, ngettext("{n} total, one per farmer", "{n} totals, one per farmer",
                                                     n).format(n=n))
    return tuple(check_int(f"totals[{p}]", t, 0) for p, t in enumerate(totals))


def _most_in_hand(game: Mow) -> int:
    """The largest hand a farmer can hold: the deal, and one more for each dairy cow and mad cow
    of the deck in use (a dairy cow draws two; the mad cow sends the plain 8 to the hand)."""
    return HAND_SIZE + sum(1 for c in game.deck if game.kinds[c] in ("dairy", "mad"))


def _check_hands(game: Mow, hands: tuple[tuple[int, ...], ...]) -> None:
    """Each hand holds at most what a farmer can hold (:func:`_most_in_hand`)."""
    most = _most_in_hand(game)
    for p, h in enumerate(hands):
        if len(h) > most:
            raise OptionError(f"hands[{p}]", len(h), ngettext(
                "at most {most} card in a hand ({deal} dealt, one more for each dairy cow and mad cow)",
                "at most {most} cards in a hand ({deal} dealt, one more for each dairy cow and mad cow)",
                most).format(most=most, deal=HAND_SIZE))


def _herd_item(game: Mow, option: str, item: Any) -> tuple[int, int]:
    """One cow of a herd as ``(card, value)``: a card stands as its number (the mad cow as 8); a
    slowpoke or calf comes as a ``(card, value)`` pair."""
    if isinstance(item, (tuple, list)):
        if len(item) != 2:
            raise OptionError(option, item, _("a card, or a (card, value) pair"))
        c = _position_card(game, option, item[0])
        return c, check_int(f"{option} value of {game.cards[c].code}", item[1], 0, 16)
    c = _position_card(game, option, item)
    value = 8 if game.kinds[c] == "mad" else game.numbers[c]
    if value is None:
        raise OptionError(option, game.cards[c].code, _("a (card, value) pair for a slowpoke or a calf"))
    return c, value


def _position_lines(game: Mow, lines: Any) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The herds (1, or 3 in the star), each as ``(card, value)`` pairs, lowest value first."""
    given = [[] for _ in range(game.num_herds)] if lines is None else lines
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence) or len(given) != game.num_herds:
        raise OptionError("lines", lines, ngettext("{n} herd (lists of cards)", "{n} herds (lists of cards)",
                                                   game.num_herds).format(n=game.num_herds))
    out = []
    for i, h in enumerate(given):
        if isinstance(h, (str, bytes)) or not isinstance(h, Iterable):
            raise OptionError(f"lines[{i}]", h, _("a list of cards (ids or codes, or (card, value) pairs)"))
        pairs = sorted((v, c) for c, v in (_herd_item(game, f"lines[{i}]", item) for item in h))
        out.append(tuple((c, v) for v, c in pairs))
    return tuple(out)


def _position_acrobats(game: Mow, acrobats: Any, lines: Sequence[Sequence[tuple[int, int]]]) -> tuple[tuple[int, int], ...]:
    """(acrobat, target) pairs, each target a cow in a herd."""
    out = []
    for pair in acrobats:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise OptionError("acrobats", pair, _("(acrobat, target) pairs"))
        a, t = _position_card(game, "acrobats", pair[0]), _position_card(game, "acrobats", pair[1])
        if not any(c == t for h in lines for c, _v in h):
            raise OptionError("acrobats", game.cards[t].code, _("an acrobat target that is in a herd"))
        out.append((a, t))
    return tuple(out)


def read_position(
    game: Mow,
    hands: Sequence[Iterable[int | str]],
    lines: Sequence[Iterable[Any]] | None = None,
    *,
    piles: Sequence[Iterable[int | str]] | None = None,
    totals: Sequence[int] | None = None,
    pending: int | Sequence[int] | None = None,
    starter: int | None = None,
    stock: Iterable[int | str] | None = None,
    arrow: int = 1,
    acrobats: Iterable[Sequence[int | str]] = (),
    active: int = 0,
    round_index: int = 0,
    seed: int | None = 0,
    reachable: bool = True,
) -> MowPosition:
    """The :class:`MowPosition` of ``Mow.position``'s keywords, each checked (OptionError naming it)."""
    seat = _position_seat(pending, game.players)
    starter = check_int("starter", seat if starter is None else starter, 0, game.players - 1)
    arrow = check_choice("arrow", arrow, (1, -1))
    active = check_int("active", active, 0, game.num_herds - 1)
    round_index = check_int("round_index", round_index, 0, MAX_ROUNDS - 1)
    seed = fresh_seed() if seed is None else check_seed(seed)  # None: a fresh seed, kept in the position
    hand_ids = _per_farmer(game, "hands", hands)
    _check_hands(game, hand_ids)
    total_list = _position_totals(game, totals, round_index)
    if check_bool("reachable", reachable) and total_list is not None:
        check_totals_in_play(game, total_list)
    herds = _position_lines(game, lines)
    return MowPosition(
        hands=hand_ids, lines=herds, acrobats=_position_acrobats(game, acrobats, herds),
        piles=_per_farmer(game, "piles", piles) if piles is not None else None, totals=total_list,
        pending=seat, starter=starter, stock=_position_cards(game, "stock", stock) if stock is not None else None,
        arrow=arrow, active=active, round_index=round_index, seed=seed, reachable=bool(reachable),
    )

class MowState(StateBase):
    """A Mow game in progress (mutable; ``clone()`` copies). Phases: play, flip, next, over.

    ``log`` holds every event of the game from the first deal, ``events`` those of the last
    decision (see :mod:`mowkit.events`). ``piles`` is what each farmer has taken this round,
    ``stock`` the draw pile, front first, ``herds`` the herds. ``start`` is the hand-built
    position the state started from (a :class:`MowPosition`, every default filled in), None for
    a dealt game; ``start_position`` the same as JSON.
    """

    game: Mow
    hands: list[list[int]]
    stock: list[int]
    herds: list[list[tuple[int, int]]]
    acrobats: list[list[tuple[int, int]]]
    piles: list[list[int]]
    unscored: list[int]
    out: list[int]
    active: int
    turn: int
    chosen_next: int | None
    actor: int
    phase: str
    arrow: int
    round_starter: int
    start: MowPosition | None

    def __init__(self, game: Mow, chance: Chance) -> None:
        self.game = game
        self._chance = chance
        n = game.players
        self.totals = [0] * n
        self.round_index = -1
        self.round_scores: list[list[int]] = []
        self.deals: list[list[int]] = []
        self.history: list[list[Action]] = []
        self.log: list[Event] = []
        self.events: list[Event] = []
        self.recordable = True
        self.start = None
        self.phase = "play"
        self.arrow = 1
        self.round_starter = game.starter
        self._start_round()

    # ----------------------------------------------------------------- hand-built positions
    @property
    def start_position(self) -> dict[str, Any] | None:
        """The hand-built position the state started from as JSON (what a record stores; the
        keywords of :meth:`Mow.position`), None for a dealt game. ``start`` is the value."""
        return None if self.start is None else self.start.to_json()

    @classmethod
    def from_position(cls, game: Mow, position: MowPosition) -> MowState:
        """The state of a checked position (:func:`read_position`): the cards laid out, the whole
        checked (RULES.md §3; an impossible one raises OptionError ``position``), the turn begun."""
        n = game.players
        s = cls.__new__(cls)
        s.game = game
        s._chance = Chance(rng=np.random.default_rng(position.seed))
        s.hands = [list(h) for h in position.hands]
        s.totals = list(position.totals) if position.totals is not None else [0] * n
        s.round_index = position.round_index
        s.round_scores = [[0] * n for _ in range(position.round_index)]
        if position.totals is not None:
            s.round_scores[0] = list(position.totals)
        s.deals, s.history = [], [[] for _ in range(position.round_index + 1)]
        s.log, s.events, s.recordable = [], [], False
        s.arrow, s.turn, s.chosen_next = position.arrow, 0, None
        s.round_starter = position.pending if position.starter is None else position.starter
        s._lay_out(position)
        s.active, s.actor = position.active, position.pending
        s.phase = "setup"  # not yet "play": whether the seat can start is settled by _begin_turn
        try:
            s.check_invariants()
        except AssertionError as e:
            raise OptionError("position", str(e), _("a possible position (every card of the deck in use at "
                                                    "most once, herds that keep the rules)")) from None
        s.start = replace(position, lines=tuple(tuple((c, v) for v, c in h) for h in s.herds),
                          piles=tuple(tuple(x) for x in s.piles), stock=tuple(s.stock))
        s._begin_turn(position.pending)
        s.log = []
        s.events = []
        return s

    def _lay_out(self, position: MowPosition) -> None:
        """Herds, acrobats, cowsheds and the draw pile of ``position``; the cards placed nowhere are
        out of play (or, without a draw pile given, the draw pile in id order)."""
        g = self.game
        self.herds = [sorted((v, c) for c, v in h) for h in position.lines or ()]  # type: ignore[misc]
        self.acrobats = [[] for _ in range(g.num_herds)]
        for a, t in position.acrobats:
            where = next(i for i, h in enumerate(self.herds) if any(c == t for _, c in h))
            self.acrobats[where].append((a, t))
        self.piles = [list(x) for x in position.piles] if position.piles is not None else [[] for _ in self.hands]
        self.unscored = []
        used = {c for h in self.hands for c in h} | {c for x in self.piles for c in x}
        used |= {c for h in self.herds for _, c in h} | {a for x in self.acrobats for a, _ in x}
        if position.stock is None:
            self.stock = [c for c in g.deck if c not in used]
            self.out = []
        else:
            self.stock = list(position.stock)
            used |= set(self.stock)
            self.out = [c for c in g.deck if c not in used]

    # ----------------------------------------------------------------- round flow
    def _start_round(self) -> None:
        g = self.game
        n = g.players
        self.round_index += 1
        order = self._chance.shuffle(g.deck, self.round_index)
        if self._chance.deals is not None:  # a recorded order (a shuffle of the deck needs no check)
            g.check_deal(order)
        self.deals.append(order)
        self.history.append([])
        self.hands = [sorted(order[p * HAND_SIZE : (p + 1) * HAND_SIZE]) for p in range(n)]
        self.stock = list(order[n * HAND_SIZE :])
        self.herds = [[] for _ in range(g.num_herds)]
        self.acrobats = [[] for _ in range(g.num_herds)]
        self.piles = [[] for _ in range(n)]
        self.unscored = []
        self.out = []
        self.active = 0
        self.turn = 0
        self.chosen_next = None
        if g.reset_arrow:
            self.arrow = 1
        self.phase = "play"
        self.actor = self.round_starter
        self._event(RoundStarted, self.round_index, HAND_SIZE)
        self._begin_turn(self.round_starter)

    def _can_start(self, p: int) -> bool:
        kinds = self.game.kinds
        for c in self.hands[p]:
            if kinds[c] in NUMBERED:
                return True
        return False

    def _begin_turn(self, q: int) -> None:
        """Farmer ``q`` is to act; an empty active herd is started by the first farmer who can."""
        self.phase = "play"
        if self.herds[self.active]:
            self.actor = q
            return
        g = self.game
        n, kinds, hands, arrow = g.players, g.kinds, self.hands, self.arrow
        for i in range(n):
            r = (q + i * arrow) % n
            for c in hands[r]:  # (``_can_start``, inline)
                if kinds[c] in NUMBERED:
                    if i:
                        self._event(StartPassed, q, r, self.active)
                    self.actor = r
                    return
        self._emit(NobodyCanStart())
        self._end_round()

    def _end_turn(self) -> None:
        g = self.game
        self.turn += 1
        nxt = self.chosen_next
        if nxt is None:
            nxt = (self.actor + self.arrow) % g.players
        else:
            self.chosen_next = None
        if g.star:
            self.active = (self.active + self.arrow) % STAR_HERDS
            self._event(ActiveHerdMoved, self.active)
        if self.herds[self.active]:  # the usual turn (``_begin_turn`` on a non-empty herd)
            self.phase = "play"
            self.actor = nxt
            return
        self._begin_turn(nxt)

    def _end_round(self) -> None:
        g = self.game
        n = g.players
        hands, piles = self.hands, self.piles
        held = tuple(map(tuple, hands))
        for p in range(n):
            pile = piles[p]
            pile += hands[p]
            pile.sort()
            hands[p] = []
        left: list[int] = []
        for i in range(len(self.herds)):
            left += map(_second, self.herds[i])
            left += map(_first, self.acrobats[i])
            self.herds[i] = []
            self.acrobats[i] = []
        self.unscored.extend(left)
        self._event(HandsToPiles, held, tuple(left))
        fl = g.flies
        if self._score_round([sum(map(fl.__getitem__, shed)) for shed in piles]):
            return
        prev = self.round_starter
        if g.next_starter == "rotate":
            self.round_starter = (prev + 1) % n
        else:
            top = max(self.totals)
            self.round_starter = next(
                (prev + i) % n for i in range(1, n + 1) if self.totals[(prev + i) % n] == top
            )
        self._event(StarterChosen, self.round_starter, self.round_index + 1,
                                 "rotate" if g.next_starter == "rotate" else "most-flies")
        self._start_round()

    # ----------------------------------------------------------------- public API
    @property
    def num_players(self) -> int:
        return self.game.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def pending_players(self) -> tuple[int, ...]:
        """The farmer who decides now, as a 1-tuple; () once the game is over."""
        return () if self.phase == "over" else (self.actor,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of ``player`` (of the farmer to act when None) in the documented order.

        On a non-empty herd (most decisions) the numbered cows are looked up inline (the rule of
        :func:`_card_keys`: strictly below the lowest or above the highest value, none without
        flies while the mad cow stands), the other cards by :func:`_card_keys`, then the take.
        The objects come from the shared cache (:func:`interned`), each checked against its fields."""
        phase = self.phase
        p = self.actor
        if phase != "play" or (player is not None and player != p):
            other = self._other_actions(p, player)
            if other is not None:
                return other
        herd = self.herds[self.active]
        g = self.game
        values, flies = g.line_values, g.flies
        out: list[Action] = []
        if not herd:  # the numbered cows of the hand start it
            starts = _START[p]
            for c in self.hands[p]:
                if values[c] is not None:
                    a = starts.get(c)
                    if a is None or a.card != c or a.end != "start" or a.player != p:  # type: ignore[attr-defined]
                        a = starts[c] = AddCow(p, c, "start")
                    out.append(a)
            return out
        lo, hi = herd[0][0], herd[-1][0]
        mad = False
        if lo <= 8 <= hi and g.mad_in_deck:  # (``_mad_stands``, inline)
            i = bisect.bisect_left(herd, (8,))
            mad = herd[i][0] == 8 and g.kinds[herd[i][1]] == "mad"
        lows, highs = _LOW[p], _HIGH[p]
        for c in self.hands[p]:
            v = values[c]
            if v is None:  # a special cow
                for key in _card_keys(g, herd, mad, c, p):  # (``interned``, inline)
                    a = _ACTS.get(key)
                    if a is None or a.player != p or a.card != c or _LAST_OF[key[0]](a) != key[-1]:  # type: ignore[attr-defined]
                        a = _ACTS[key] = key[0](*key[1:])
                    out.append(a)
            elif mad and not flies[c]:
                continue
            elif v < lo or v > hi:
                if v < lo:
                    cache, end = lows, "low"
                else:
                    cache, end = highs, "high"
                a = cache.get(c)
                if a is None or a.card != c or a.end != end or a.player != p:  # type: ignore[attr-defined]
                    a = cache[c] = AddCow(p, c, end)
                out.append(a)
        take = _TAKE[p]
        if take is None or take.player != p:
            take = _TAKE[p] = TakeHerd(p)
        out.append(take)
        return out

    def _other_actions(self, p: int, player: int | None) -> list[Action] | None:
        """``legal_actions`` outside the usual case: another farmer's (none), after a special cow,
        once the game is over; None in any other phase (a herd to add to or start)."""
        phase = self.phase
        if phase == "over" or (player is not None and player != p):
            return []
        if phase == "flip":
            return interned(_ACTS, ((Flip, p, 0), (Flip, p, 1)))
        if phase == "next":
            allow_self = self.game.yellow_next == "any"
            return interned(_ACTS, [(ChooseNext, p, q) for q in range(self.game.players) if allow_self or q != p])
        return None

    def _placements(self, p: int) -> list[Action]:
        return [key[0](*key[1:]) for key in self._placement_keys(p)]

    def _placement_keys(self, p: int) -> list[ActionKey]:
        """The keys of farmer ``p``'s placements and take, in the order of ``legal_actions``."""
        g = self.game
        herd = self.herds[self.active]
        hand = self.hands[p]
        if not herd:
            kinds = g.kinds
            return [(AddCow, p, c, "start") for c in hand if kinds[c] in NUMBERED]
        mad = _has_mad(g, herd)
        out: list[ActionKey] = []
        for c in hand:
            out += _card_keys(g, herd, mad, c, p)
        out.append((TakeHerd, p))
        return out

    def apply(self, action: Action) -> None:
        """Apply one decision, or raise :class:`IllegalActionError` leaving the state unchanged.

        :meth:`CheckedApply.apply <mowkit.core.CheckedApply.apply>` with the decisions of most
        turns checked inline: a numbered cow added where the rule puts it, a special cow placed as
        :func:`placement_keys` allows, the take of a non-empty herd, the arrow decided, the next
        farmer named (each field of its type, the farmer to act, the card in hand). Anything else,
        and every decision on the last recorded deal, goes through ``_check`` and the
        recorded-deal guard as before (the same refusals, rule ids and words)."""
        t = type(action)
        phase = self.phase
        ch = self._chance
        if ch.deals is not None and ch.last_recorded(self.round_index):
            pass  # the guarded path below
        elif phase == "play":
            if t is AddCow:
                p, c, end = action.player, action.card, action.end  # type: ignore[attr-defined]
                if type(p) is int and type(c) is int and type(end) is str and p == self.actor and c in self.hands[p]:
                    v = self.game.line_values[c]  # None: not a numbered cow
                    herd = self.herds[self.active]
                    if v is None:
                        pass
                    elif not herd:
                        if end == "start":
                            self._add(action, p, c, end, v, herd)
                            return
                    elif ((end == "low" and v < herd[0][0] or end == "high" and v > herd[-1][0])
                          and (self.game.flies[c] or not (herd[0][0] <= 8 <= herd[-1][0]
                                                          and _mad_stands(self.game.kinds, herd)))):
                        self._add(action, p, c, end, v, herd)
                        return
            elif t is TakeHerd:
                p = action.player
                if type(p) is int and p == self.actor and self.herds[self.active]:
                    self.history[-1].append(action)
                    self._mark = len(self._raw)
                    self._take(p)
                    return
            elif t in _LAST_FIELD:
                key = _KEY_OF[t](action)
                p, c = key[1], key[2]
                if (type(p) is int and type(c) is int and (t is MadCow or type(key[3]) is _LAST_FIELD[t])
                        and p == self.actor and c in self.hands[p]
                        and key in placement_keys(self.game, self.herds[self.active], c, p)):
                    self.history[-1].append(action)
                    self._mark = len(self._raw)
                    self._place(action)
                    return
        elif phase == "flip":
            if t is Flip:
                p, f = action.player, action.flip  # type: ignore[attr-defined]
                if type(p) is int and type(f) is int and p == self.actor and (f == 0 or f == 1):
                    self._apply(action)
                    return
        elif phase == "next" and t is ChooseNext:
            p, q = action.player, action.next_player  # type: ignore[attr-defined]
            if (type(p) is int and type(q) is int and p == self.actor and 0 <= q < self.game.players
                    and (q != p or self.game.yellow_next == "any")):
                self._apply(action)
                return
        CheckedApply.apply(self, action)

    def _apply(self, action: Action) -> None:
        t = type(action)
        if t is AddCow:
            self._add(action, action.player, action.card, action.end)  # type: ignore[attr-defined]
            return
        self.history[-1].append(action)
        self._mark = len(self._raw)  # a new decision's events start here
        if t is TakeHerd or isinstance(action, TakeHerd):
            self._take(action.player)
        elif isinstance(action, Flip):
            if action.flip:
                self.arrow = -self.arrow
            self._raw.append((ArrowDecided, (action.player, bool(action.flip), self.arrow)))
            self._end_turn()
        elif isinstance(action, ChooseNext):
            self.chosen_next = action.next_player
            self._event(NextFarmerChosen, action.player, action.next_player)
            self._end_turn()
        else:
            self._place(action)

    # ----------------------------------------------------------------- effects
    def _add(self, a: Action, p: int, c: int, end: str, v: int | None = None,
             herd: list[tuple[int, int]] | None = None) -> None:
        """Apply ``AddCow(p, c, end)`` (``a``, already checked): the decision, the cow, the draw.
        (``apply`` gives the cow's number ``v`` and the active ``herd`` it has read already.)"""
        self.history[-1].append(a)
        raw = self._raw  # the log's events, made when read (StateBase.log)
        self._mark = len(raw)  # a new decision's events start here
        g = self.game
        h = self.active
        if herd is None:
            herd = self.herds[h]
        hand = self.hands[p]
        hand.remove(c)
        entry: tuple[int, int] = (g.numbers[c] if v is None else v, c)  # type: ignore[assignment]  # numbered
        if end == "low":
            herd.insert(0, entry)
            raw.append((CowAdded, (p, c, h, "low")))
        elif end == "high":
            herd.append(entry)
            raw.append((CowAdded, (p, c, h, "high")))
        else:
            herd.append(entry)
            raw.append((HerdStarted, (p, c, h)))
        stock = self.stock
        if not stock or g.kinds[c] != "plain":
            self._draw_and_go_on(p, c, hand, raw)
            return
        insort(hand, stock.pop(0))  # the usual cow: one card drawn, the turn ends
        raw.append((CardsDrawn, (p, 1, len(stock), "draw")))
        if g.star or self.chosen_next is not None:
            self._end_turn()
        else:  # ``_end_turn`` with the herd just added to: the next farmer in the arrow's direction
            self.turn += 1
            self.phase = "play"
            self.actor = (self.actor + self.arrow) % g.players

    def _place(self, a: Action) -> None:
        g = self.game
        p, c = a.player, a.card  # type: ignore[attr-defined]
        if isinstance(a, AddCow):
            self._add(a, p, c, a.end)
            return
        h = self.active
        herd = self.herds[h]
        hand = self.hands[p]
        hand.remove(c)
        if isinstance(a, Acrobat):
            self.acrobats[h].append((c, a.target))
            self._event(AcrobatPlaced, p, c, a.target, h)
        elif isinstance(a, Slowpoke):
            insort(herd, (a.value, c))
            self._event(SlowpokePlaced, p, c, h, a.value)
        elif isinstance(a, Calf):
            if a.end == "low":
                v = herd[0][0] - 1
                herd.insert(0, (v, c))
            else:
                v = herd[-1][0] + 1
                herd.append((v, c))
            self._event(CalfPlaced, p, c, h, a.end, v)
        elif isinstance(a, MadCow):
            i = next(i for i, (_, t) in enumerate(herd) if g.kinds[t] == "plain" and g.numbers[t] == 8)
            eight = herd[i][1]
            herd[i] = (8, c)
            insort(self.hands[p], eight)
            self._event(MadCowPlaced, p, c, h, eight)
        self._draw_and_go_on(p, c, hand, self._raw)

    def _draw_and_go_on(self, p: int, c: int, hand: list[int], raw: list[Any]) -> None:
        """After farmer ``p`` placed ``c``: the draw, then the next turn (a plain cow) or the
        decision a special cow asks for (the arrow after a green one, the next farmer after a yellow)."""
        g = self.game
        kind = g.kinds[c]
        stock = self.stock
        if kind == "thin":
            raw.append((NoCardDrawn, (p, "thin-cow")))
        elif not stock:
            raw.append((NoCardDrawn, (p, "empty-stock")))
        elif kind == "dairy":
            got = min(2, len(stock))
            for _drawn in range(got):
                insort(hand, stock.pop(0))
            raw.append((CardsDrawn, (p, got, len(stock), "dairy-cow")))
        else:
            insort(hand, stock.pop(0))
            raw.append((CardsDrawn, (p, 1, len(stock), "draw")))
        if kind == "plain":
            self._end_turn()
        elif g.cards[c].packet == "green":
            self.phase = "flip"
        else:
            self.phase = "next"

    def _take(self, p: int) -> None:
        g = self.game
        h = self.active
        cards = list(map(_second, self.herds[h]))  # the line's cards, then the acrobats
        acrobats = self.acrobats[h]
        if acrobats:
            cards += map(_first, acrobats)
        fl = sum(map(g.flies.__getitem__, cards))
        pile = self.piles[p]
        pile += cards
        pile.sort()
        self.herds[h] = []
        self.acrobats[h] = []
        self._raw.append((HerdTaken, (p, h, tuple(cards), fl)))
        if not self.stock:
            self._event(LastTake, p)
            self._end_round()
        elif g.restart == "taker":
            values = g.line_values
            for c in self.hands[p]:  # the taker starts the new herd (``_begin_turn``, inline) ...
                if values[c] is not None:
                    self.phase = "play"
                    self.actor = p
                    return
            self._begin_turn(p)  # ... or passes the start on
        else:
            self._end_turn()

    # ----------------------------------------------------------------- validation
    def _card_name(self, card: Any) -> str:
        """A card as a person reads it (``12 (2 flies)``, ``slowpoke``); an unknown id as it is."""
        if isinstance(card, int) and 0 <= card < len(self.game.cards):
            return self.game.label(card)
        return str(card)

    def _check(self, action: Action) -> None:
        """Refuse ``action`` unless the rules allow it now (``IllegalActionError`` naming the rule).

        The two decisions of most turns are accepted at once when every check below passes for
        them (fields of their types, the farmer to act, a card in hand placed as the rule allows;
        a take of a non-empty herd); anything else goes through the checks one by one, which name
        the rule a refused decision breaks."""
        t = type(action)
        if t is AddCow and self.phase == "play":
            p, c, end = action.player, action.card, action.end  # type: ignore[attr-defined]
            if (type(p) is int and type(c) is int and type(end) is str and p == self.actor
                    and c in self.hands[p]
                    and (AddCow, p, c, end) in placement_keys(self.game, self.herds[self.active], c, p)):
                return
        elif t is TakeHerd and self.phase == "play":
            p = action.player
            if type(p) is int and p == self.actor and self.herds[self.active]:
                return
        self._check_each(action)

    def _check_each(self, action: Action) -> None:
        """The checks of :meth:`_check` one by one, each refusal naming its rule."""
        g = self.game
        if not isinstance(action, Action) or action.game != GAME:
            raise IllegalActionError("action-type", _("this is not a decision of Mow"))
        check_action_fields(action)
        if self.phase == "over":
            raise IllegalActionError("game-over", _("the game is over; no decision can be made"))
        p = action.player  # an int: check_action_fields
        n = g.players
        if not 0 <= p < n:
            raise IllegalActionError("player-index", ngettext(
                "there is no farmer {farmer}: the game has {n} farmer",
                "there is no farmer {farmer}: the game has {n} farmers", n).format(farmer=p + 1, n=n))
        if p != self.actor:
            want = self._want()
            raise IllegalActionError("out-of-turn", _("farmer {player} cannot act now: it is the turn of farmer "
                                                      "{actor}, who must {want}").format(
                player=p + 1, actor=self.actor + 1, want=want))
        if self.phase == "flip":
            if not isinstance(action, Flip):
                raise IllegalActionError("out-of-turn", _("farmer {player} must {want} now, not make this "
                                                          "move").format(player=p + 1, want=self._want()))
            if action.flip not in (0, 1) or isinstance(action.flip, bool):
                raise IllegalActionError("flip", _("the arrow choice is 0 (keep the arrow) or 1 (flip it), not "
                                                   "{value}").format(value=action.flip))
            return
        if self.phase == "next":
            if not isinstance(action, ChooseNext):
                raise IllegalActionError("out-of-turn", _("farmer {player} must {want} now, not make this "
                                                          "move").format(player=p + 1, want=self._want()))
            allowed = [a.next_player for a in self.legal_actions(p)]  # type: ignore[attr-defined]
            if action.next_player not in allowed:
                raise IllegalActionError(
                    "next-farmer",
                    ngettext("after a yellow special cow the next farmer can only be farmer {farmers}, not "
                             "farmer {chosen}",
                             "after a yellow special cow the next farmer is one of farmers {farmers}, not "
                             "farmer {chosen}", len(allowed)).format(
                        farmers=seat_list(allowed, alternatives=True), chosen=action.next_player + 1),
                )
            return
        if isinstance(action, (Flip, ChooseNext)):
            text = (_("the arrow is decided only right after a green special cow; now farmer {player} adds a cow "
                      "or takes the herd") if isinstance(action, Flip)
                    else _("the next farmer is chosen only right after a yellow special cow; now farmer {player} "
                           "adds a cow or takes the herd"))
            raise IllegalActionError("flip" if isinstance(action, Flip) else "next-farmer",
                                     text.format(player=p + 1))
        herd = self.herds[self.active]
        if isinstance(action, TakeHerd):
            if not herd:
                raise IllegalActionError("take-the-herd", _("the herd is empty: it must be started, not taken"))
            return
        c = action.card  # type: ignore[attr-defined]  # an int: check_action_fields
        if c not in self.hands[p]:
            raise IllegalActionError("card-in-hand", _("farmer {player} does not hold card {card}; their hand: "
                                                       "{hand}").format(
                player=p + 1, card=self._card_name(c),
                hand=", ".join(g.label(h) for h in self.hands[p]) or _("no cards")))
        key_of = _KEY_OF.get(type(action))
        if key_of is not None and key_of(action) in placement_keys(g, herd, c, p):
            return
        self._diagnose(action, herd)
        raise IllegalActionError("illegal-placement", _("{card}: this card cannot be placed this way").format(
            card=self._card_name(c)))  # pragma: no cover

    def _want(self) -> str:
        """What the farmer to act must do now, in words (for refusals)."""
        return {"play": _("add a cow or take the herd"), "flip": _("decide whether to flip the arrow"),
                "next": _("choose the next farmer")}[self.phase]

    def _diagnose(self, a: Action, herd: list[tuple[int, int]]) -> None:
        """Raise the IllegalActionError that names the rule ``a`` (not legal) breaks."""
        g = self.game
        kinds, numbers, flies = g.kinds, g.numbers, g.flies
        c = a.card  # type: ignore[attr-defined]
        k = kinds[c]
        name = g.label(c)
        expected = {"add": NUMBERED, "acrobat": {"acrobat"}, "slowpoke": {"slowpoke"},
                    "calf": {"calf"}, "mad": {"mad"}}[a.kind]
        if k not in expected:
            if not herd and k not in NUMBERED:
                raise IllegalActionError("start-the-herd", _("the herd is empty and the {card} cannot start one; only "
                                                             "a cow with a number (plain, blocking, thin, dairy) "
                                                             "can").format(card=name))
            rule = {"plain": "ascending", "thin": "ascending", "dairy": "ascending", "blocking": "blocking-cow",
                    "mad": "mad-cow"}.get(k, k)
            how = {"add": _("added at an end of the herd"), "acrobat": _("put on a plain cow with its number"),
                   "slowpoke": _("slipped into a gap of the herd"),
                   "calf": _("put next to a plain end cow without flies"),
                   "mad": _("put in place of a plain 8")}
            use = {"plain": "add", "blocking": "add", "thin": "add", "dairy": "add",
                   "acrobat": "acrobat", "slowpoke": "slowpoke", "calf": "calf", "mad": "mad"}[k]
            raise IllegalActionError(rule, _("{card}: this card must be {how}, not {tried}").format(
                card=name, how=how[use], tried=how[a.kind]))
        if not herd:
            if isinstance(a, AddCow):
                raise IllegalActionError("start-the-herd", _("the herd is empty: the first cow starts it (end "
                                                             "'start'), not end {end}").format(end=repr(a.end)))
            raise IllegalActionError(k if k != "mad" else "mad-cow",
                                     _("the herd is empty: the {card} cannot start a herd").format(card=name))
        lo, lo_card = herd[0]
        hi, hi_card = herd[-1]
        if any(kinds[t] == "mad" for _v, t in herd) and not flies[c]:
            raise IllegalActionError("mad-cow", _("while the mad cow is in the herd only cows with flies may be "
                                                  "added; the {card} has none").format(card=name))
        if isinstance(a, AddCow):
            if a.end not in ("low", "high", "start"):
                raise IllegalActionError("ascending", _("the end is 'low', 'high' or 'start', not {end}").format(
                    end=repr(a.end)))
            if a.end == "start":
                raise IllegalActionError("ascending", _("the herd is not empty: the end must be 'low' or 'high'"))
            end_value, end_card = (lo, lo_card) if a.end == "low" else (hi, hi_card)
            if kinds[end_card] == "calf" and end_value == 0:
                raise IllegalActionError("calf", _("nothing may be placed below a calf worth 0"))
            if kinds[end_card] == "blocking":
                raise IllegalActionError("blocking-cow", (_("the blocking {value} closes the low end") if a.end == "low"
                                                          else _("the blocking {value} closes the high end")).format(
                    value=end_value))
            rule = "blocking-cow" if k == "blocking" else "ascending"
            text = (_("the {card} cannot go at the low end: a cow goes there only below the lowest value, {value}")
                    if a.end == "low" else
                    _("the {card} cannot go at the high end: a cow goes there only above the highest value, {value}"))
            raise IllegalActionError(rule, text.format(card=name, value=lo if a.end == "low" else hi))
        if isinstance(a, Acrobat):
            t = a.target
            on = next((tc for _v, tc in herd if tc == t), None)
            if on is None:
                raise IllegalActionError("acrobat", _("the target card {card} is not in the herd").format(
                    card=self._card_name(t)))
            if kinds[t] != "plain":
                raise IllegalActionError("acrobat", _("an acrobat stands only on a plain cow, never on the "
                                                      "{target}").format(target=g.label(t)))
            raise IllegalActionError("acrobat", _("the {card} goes only on a plain {number}, not on the "
                                                  "{target}").format(card=name, number=numbers[c], target=g.label(t)))
        if isinstance(a, Slowpoke):
            used = {v for v, _c in herd}
            gaps = [v for v in range(lo + 1, hi) if v not in used]
            if not gaps:
                raise IllegalActionError("slowpoke", _("the herd {lo}..{hi} has no missing number: a slowpoke cannot "
                                                       "be played").format(lo=lo, hi=hi))
            raise IllegalActionError("slowpoke", ngettext(
                "a slowpoke stands for a missing number strictly between {lo} and {hi}: {gaps}, not {value}",
                "a slowpoke stands for a missing number strictly between {lo} and {hi}: one of {gaps}, not {value}",
                len(gaps)).format(lo=lo, hi=hi, gaps=", ".join(str(v) for v in gaps), value=a.value))
        if isinstance(a, Calf):
            if a.end not in ("low", "high"):
                raise IllegalActionError("calf", _("the end is 'low' or 'high', not {end}").format(end=repr(a.end)))
            end_card = lo_card if a.end == "low" else hi_card
            text = (_("a calf goes only next to a plain cow without flies; the low end is the {card}") if a.end == "low"
                    else _("a calf goes only next to a plain cow without flies; the high end is the {card}"))
            raise IllegalActionError("calf", text.format(card=g.label(end_card)))
        if isinstance(a, MadCow):
            raise IllegalActionError("mad-cow", _("the mad cow replaces a plain 8; the herd holds none"))

    # ----------------------------------------------------------------- copies and views
    def clone(self) -> MowState:
        s = MowState.__new__(MowState)
        s.game = self.game
        s._chance = self._chance.clone()
        s.totals = list(self.totals)
        s.round_index = self.round_index
        s.round_scores = [list(r) for r in self.round_scores]
        s.deals = list(self.deals)
        s.history = [list(h) for h in self.history]
        self._copy_log(s)
        s.recordable = self.recordable
        s.start = self.start  # a frozen value
        s.phase = self.phase
        s.arrow = self.arrow
        s.round_starter = self.round_starter
        s.hands = [list(h) for h in self.hands]
        s.stock = list(self.stock)
        s.herds = [list(h) for h in self.herds]
        s.acrobats = [list(a) for a in self.acrobats]
        s.piles = [list(x) for x in self.piles]
        s.unscored = list(self.unscored)
        s.out = list(self.out)
        s.active = self.active
        s.turn = self.turn
        s.chosen_next = self.chosen_next
        s.actor = self.actor
        return s

    def observation(self, player: int) -> MowObservation:
        """What ``player`` sees: own hand, herds, piles and totals, stock size, arrow, who acts."""
        obs = _new(MowObservation)
        # the frozen dataclass's fields given at once as its __dict__ (its __init__ sets them one by
        # one through object.__setattr__); the same fields, in the same order, with the same values
        # and types as MowObservation(...) gives
        phase = self.phase
        herds, acrobats = self.herds, self.acrobats
        herd_view: tuple[tuple[tuple[int, int], ...], ...]
        acrobat_view: tuple[tuple[tuple[int, int], ...], ...]
        if len(herds) == 1:  # one herd (no star): its line and acrobats, without a map
            herd_view, acrobat_view = (tuple(herds[0]),), (tuple(acrobats[0]),)
        else:
            herd_view, acrobat_view = tuple(map(tuple, herds)), tuple(map(tuple, acrobats))
        _set_dict(obs, "__dict__", {
            "player": player,
            "phase": phase,
            "round": self.round_index,
            "turn": self.turn,
            "hand": tuple(self.hands[player]),
            "hand_sizes": tuple(map(len, self.hands)),
            "herds": herd_view,
            "acrobats": acrobat_view,
            "active_herd": self.active,
            "arrow": self.arrow,
            "pending": () if phase == "over" else (self.actor,),
            "starter": self.round_starter,
            "stock_size": len(self.stock),
            "piles": tuple(map(tuple, self.piles)),
            "totals": tuple(self.totals),
            "game": self.game,
        })
        return obs

    def herd_flies(self, herd: int | None = None) -> int:
        """Flies in a herd (the active one by default), acrobats included."""
        return herd_flies(self.game, self.herds, self.acrobats, self.active if herd is None else herd)

    # ----------------------------------------------------------------- results and checks
    def _places(self) -> Iterator[tuple[Iterable[int], str]]:
        """Every place of a card with its cards (for ``where_is``)."""
        for p, h in enumerate(self.hands):
            yield h, f"hand {p}"
        for i, line in enumerate(self.herds):
            yield (c for _, c in line), f"herd {i}"
            yield (a for a, _ in self.acrobats[i]), f"herd {i} (acrobat)"
        for p, shed in enumerate(self.piles):
            yield shed, f"cowshed {p}"
        yield self.stock, "draw pile"
        yield self.unscored, "unscored herd"
        yield self.out, "out of play"

    def check_invariants(self) -> None:
        """Assert RULES.md §3: every card in one place, flies conserved, the line invariants."""
        g = self.game
        kinds, numbers = g.kinds, g.numbers
        places = self.where_is()
        if sorted(places) != list(g.deck):
            missing = sorted(set(g.deck) - set(places))
            extra = sorted(set(places) - set(g.deck))
            none = _("none")
            raise AssertionError(_("cards of the deck placed nowhere: {missing}; cards not in the deck in use: "
                                   "{extra}").format(missing=", ".join(g.label(c) for c in missing) or none,
                                                     extra=", ".join(self._card_name(c) for c in extra) or none))
        if sum(g.flies[c] for c in places) != g.deck_flies():
            raise AssertionError("flies are not conserved")
        if len(self.herds) != g.num_herds or len(self.acrobats) != g.num_herds:
            raise AssertionError(f"{len(self.herds)} herds, expected {g.num_herds}")
        for i, herd in enumerate(self.herds):
            values = [v for v, _ in herd]
            if any(a >= b for a, b in itertools.pairwise(values)):
                raise AssertionError(_("the values of herd {herd} do not go strictly up: {values}").format(
                    herd=i + 1, values=", ".join(str(v) for v in values)))
            for j, (v, c) in enumerate(herd):
                k = kinds[c]
                if k in NUMBERED and v != numbers[c]:
                    raise AssertionError(_("herd {herd}: {card} stands as {value}").format(herd=i + 1, card=g.label(c),
                                                                                          value=v))
                if k == "mad" and v != 8:
                    raise AssertionError(_("herd {herd}: the mad cow stands as {value}, not where an 8 stood").format(
                        herd=i + 1, value=v))
                if k == "slowpoke" and j in (0, len(herd) - 1):
                    raise AssertionError(_("herd {herd}: a slowpoke at an end").format(herd=i + 1))
                if k == "calf" and not 0 <= v <= 16:
                    raise AssertionError(_("herd {herd}: a calf worth {value}").format(herd=i + 1, value=v))
                if k == "acrobat":
                    raise AssertionError(_("herd {herd}: an acrobat in the line itself, not on a cow").format(herd=i + 1))
            cards = {c for _, c in herd}
            for a, t in self.acrobats[i]:
                if kinds[a] != "acrobat" or t not in cards or kinds[t] != "plain" or numbers[t] != numbers[a]:
                    raise AssertionError(_("herd {herd}: {acrobat} cannot stand on {card}").format(
                        herd=i + 1, acrobat=self._card_name(a), card=self._card_name(t)))
        if self.phase != "over":
            if not 0 <= self.actor < g.players:
                raise AssertionError(f"actor {self.actor}")
            if self.phase == "play" and not self.herds[self.active] and not self._can_start(self.actor):
                raise AssertionError(_("farmer {farmer} must start a herd but holds no cow that can").format(
                    farmer=self.actor + 1))
        if any(h != sorted(h) for h in self.hands):
            raise AssertionError("a hand is not sorted")
        scored = [sum(r[p] for r in self.round_scores) for p in range(g.players)]
        if scored != self.totals:
            raise AssertionError("totals do not add up")


    def __repr__(self) -> str:
        g = self.game
        herds = " | ".join(" ".join(g.cards[c].code for _, c in h) or "-" for h in self.herds)
        hands = " / ".join(" ".join(g.cards[c].code for c in h) for h in self.hands)
        return (
            f"<MowState round {self.round_index} turn {self.turn} phase {self.phase} actor "
            f"{self.actor} arrow {self.arrow:+d} active {self.active} herds [{herds}] hands [{hands}] "
            f"pile {len(self.stock)} totals {self.totals}>"
        )


Mow._state_class = MowState
