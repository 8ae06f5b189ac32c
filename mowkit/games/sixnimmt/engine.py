"""6 nimmt! (Take 6, Корова 006): the rules of RULES.md §1 as a playable state.

A round: every player chooses a card face down (``Play``; the choices are simultaneous, so
they may be applied in any order and no observation shows a face-down card), then the cards are
revealed and placed in ascending order by Rules 1-3. When the lowest card fits no row, Rule 4 is
its own decision (``TakeRow``) taken by that card's owner while the card is placed, with every
revealed card of the turn visible. After ``hand_size`` turns the round is scored, the deck is
reshuffled, and rounds go on until a total reaches the threshold. Equal lowest totals share the win.

Variants (``variant=``, one name or several):

* ``tactics``: only cards 1..(players*hand_size + rows) are used (10p+4 with the defaults).
* ``logic``: tactics, and instead of a deal the cards lie face up and are drafted one at a time
  clockwise (``Draft``) until every hand is full; the cards left over start the rows.
* ``professional``: rows grow at both ends; a tie between two placements is the player's
  choice (``Place``) **[kit]**; a card that fits no end takes a row of the player's choice.

Other options: ``rows`` (4), ``capacity`` (5: the sixth card takes), ``hand_size`` (10),
``threshold`` (66) with ``comparison`` ``">="`` (or ``">"``, as "Category 5" plays "more than
74"), ``auto_row`` **[kit]** (Rule 4 chooses the row with the fewest heads, ties to the lowest
index, for comparison with simplified engines), ``max_rounds`` (stop after that many rounds,
e.g. 1 for single-round statistics).

Recorded deals: ``new_state(deals=[...])`` plays the given deck orders, one per round (a game
record replays this way). **[kit]** When they run out, the decision that would start a round
without a recorded deal raises :class:`~mowkit.core.IllegalActionError` with rule
``"no-recorded-deal"`` and the state stays exactly as it was before that decision (the game does
not end by itself: it is not over by the rules). Deals are checked when the state is made.

What happened is data, not sentences: every ``apply`` appends typed events (``CardLaid``,
``CardsRevealed``, ``CardPlaced``, ``SixthCard``, ``LowestCard``, ``DecisionPending``,
``CardDrafted``, ``DraftOver``, ``RowsDealt`` and the shared ``RoundStarted`` / ``RoundEnded`` /
``GameEnded`` of :mod:`mowkit.events`) to ``state.log``, the whole game from the first deal;
``state.events`` holds those of the last ``apply``. Each names its rule by a stable id (the ids of
``IllegalActionError.rule`` too, all in :data:`mowkit.events.RULE_IDS`); a face-down card is not
in its event. :mod:`mowkit.games.sixnimmt.narrate` tells them in words (``mowkit.narrate.sentences``).
A hand-built position (:meth:`SixNimmt.position`: its keywords read into a
:class:`~mowkit.games.sixnimmt.position.SixNimmtPosition`, ``SixNimmt.state_at`` builds the state
from that value) starts with an empty log and keeps the position in ``state.start`` (as JSON in
``state.start_position``).

Decisions are checked before anything changes: cards, rows and seats are plain ``int`` (numpy
integers are stored as ``int``; ``bool``, ``float``, ``str`` are refused with rule
``"action-fields"``), ``Place.end`` is a string.

Kit resolutions **[kit]** of what RULES.md leaves open:

* Dealing: the shuffled deck is dealt in blocks (player p gets cards ``p*H .. p*H+H-1`` of the
  order), then the next ``rows`` cards start rows 0, 1, ...; the rest are out of play.
* Logic draft: round r's draft starts at seat ``r mod players``; the left-over cards start the
  rows in ascending order. The picks are public (the cards lie face up), so observations show them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from mowkit.card_tables import sixnimmt_heads
from mowkit.core import (
    MAX_ROUNDS,
    MAX_THRESHOLD,
    Action,
    Chance,
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
from mowkit.games.sixnimmt.position import SixNimmtPosition
from mowkit.i18n import _, ngettext

GAME = "sixnimmt"
VARIANTS = ("tactics", "logic", "professional")
COMPARISONS = (">=", ">")


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Choose ``card`` from hand, face down, for this turn."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "play"
    hidden: ClassVar[bool] = True  # Rule 1: every player lays a card face down; all are revealed together
    card: int


@dataclass(frozen=True, slots=True)
class TakeRow(Action):
    """Rule 4: take row ``row`` into the penalty pile; the lowest card starts it."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "take_row"
    row: int


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Professional variant: pick one of two equally close placements (``end`` is 'front'/'back')."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "place"
    row: int
    end: str


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """Logic variant: take ``card`` from the face-up cards into hand."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "draft"
    card: int


# --------------------------------------------------------------------------- events
#
# What happened, as data (see :mod:`mowkit.events`): seats, rows and turns are 0-based, cards
# are card numbers. :mod:`mowkit.games.sixnimmt.narrate` tells them in words.

#: The rule ids of 6 nimmt! (events' ``rule`` and ``IllegalActionError.rule``).
SIXNIMMT_RULE_IDS: dict[str, str] = {
    "face-down": "every player lays one card face down; the choices are simultaneous",
    "ascending-order": "Rule 1: the revealed cards are placed lowest first",
    "smallest-difference": "Rule 2: a card goes to the row whose end is closest below it",
    "sixth-card": "Rule 3: the card that would be the sixth of a row takes the row",
    "lowest-card": "Rule 4: a card that fits no row takes a row of its owner's choice",
    "auto-row": "kit option auto_row: Rule 4 takes the row with the fewest heads",
    "end-tie": "professional variant: two ends equally close, the player chooses",
    "row-index": "a row that does not exist",
    "draft": "logic variant: the face-up cards are drafted one at a time, clockwise",
    "draft-leftovers": "logic variant: the cards left after the draft start the rows",
}
RULE_IDS.update(SIXNIMMT_RULE_IDS)


@dataclass(frozen=True, slots=True)
class CardLaid(Event):
    """``player`` lays a card face down (which card stays hidden until the reveal)."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "card laid"
    player: int
    rule: str = "face-down"


@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    """Turn ``turn``'s cards are shown: ``cards`` holds ``(card, player)`` pairs in placing order."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "cards revealed"
    turn: int
    cards: tuple[tuple[int, int], ...]
    rule: str = "ascending-order"


@dataclass(frozen=True, slots=True)
class RowsDealt(Event):
    """The dealt cards that start the rows, one per row in row order."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "rows dealt"
    rows: tuple[int, ...]
    rule: str = "deal"


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """``player``'s ``card`` goes on ``row`` at ``end`` (``"back"``/``"front"``), ``difference`` away."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "card placed"
    player: int
    card: int
    row: int
    end: str
    difference: int
    rule: str = "smallest-difference"


@dataclass(frozen=True, slots=True)
class SixthCard(Event):
    """Rule 3: ``card`` would be one too many on ``row``; ``player`` takes ``taken``, ``card`` starts it."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "sixth card"
    player: int
    card: int
    row: int
    taken: tuple[int, ...]
    penalty: int
    rule: str = "sixth-card"


@dataclass(frozen=True, slots=True)
class LowestCard(Event):
    """Rule 4: ``card`` fits no row; ``player`` takes ``row`` (``taken``), ``card`` starts it.

    ``rule`` is ``"lowest-card"`` when the player chose the row, ``"auto-row"`` when the
    ``auto_row`` option did (fewest heads, ties to the lowest index).
    """

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "lowest card"
    player: int
    card: int
    row: int
    taken: tuple[int, ...]
    penalty: int
    rule: str = "lowest-card"


@dataclass(frozen=True, slots=True)
class DecisionPending(Event):
    """The game waits for ``player`` to decide where ``card`` goes, and says why.

    ``rule`` ``"lowest-card"``: the card fits no row, the player chooses a row to take
    (``options`` empty: every row); ``"end-tie"``: professional variant, the ``(row, end)`` pairs
    in ``options`` are equally close.
    """

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "decision pending"
    player: int
    card: int
    options: tuple[tuple[int, str], ...] = ()
    rule: str = "lowest-card"


@dataclass(frozen=True, slots=True)
class CardDrafted(Event):
    """Logic variant: ``player`` takes the face-up ``card`` into hand."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "card drafted"
    player: int
    card: int
    rule: str = "draft"


@dataclass(frozen=True, slots=True)
class DraftOver(Event):
    """Logic variant: every hand is full; the cards left, ascending, start the rows."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "draft over"
    rows: tuple[int, ...]
    rule: str = "draft-leftovers"


# --------------------------------------------------------------------------- pure rule helpers


_TABLE: list[tuple[int, ...]] = []  # the heads table in use, refreshed when a game is made


def _heads_table() -> tuple[int, ...]:
    if not _TABLE:
        _TABLE.append(sixnimmt_heads())
    return _TABLE[0]


def heads(card: int) -> int:
    """Penalty heads of one card, from the card table in ``data/``.

    The table is read when a game is made (``load_game``/``SixNimmt(...)``), so a different
    ``$MOWKIT_DATA`` takes effect with the next game.
    """
    return _heads_table()[card]



def card_label(card: int) -> str:
    """A card's name a person reads, in the reader's language: ``55 (7 heads)``, ``1 (1 head)``."""
    n = heads(card)
    return ngettext("{card} ({n} head)", "{card} ({n} heads)", n).format(card=card, n=n)

def row_heads(row: Iterable[int]) -> int:
    """Total heads of a row (or any collection of cards)."""
    table = _heads_table()
    return sum(table[c] for c in row)


def placements(rows: Sequence[Sequence[int]], card: int, professional: bool = False) -> list[tuple[int, str]]:
    """Where Rules 1-2 put ``card``: ``[(row, 'back'|'front')]`` at the smallest difference.

    One entry normally; several only in the professional variant when two ends are equally close;
    empty when the card fits nowhere (Rule 4).
    """
    best: list[tuple[int, str]] = []
    best_diff = None
    for i, row in enumerate(rows):
        cands = []
        if card > row[-1]:
            cands.append((card - row[-1], "back"))
        if professional and card < row[0]:
            cands.append((row[0] - card, "front"))
        for diff, end in cands:
            if best_diff is None or diff < best_diff:
                best_diff, best = diff, [(i, end)]
            elif diff == best_diff:
                best.append((i, end))
    return best


def fewest_heads_row(rows: Sequence[Sequence[int]]) -> int:
    """The row with the fewest heads, ties to the lowest index (the ``auto_row`` rule)."""
    values = [row_heads(r) for r in rows]
    return values.index(min(values))


# --------------------------------------------------------------------------- game


def _card_list(option: str, value: Any) -> list[int]:
    """A list of card numbers given for ``position`` (numpy integers stored as ``int``), or OptionError."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, (Sequence, np.ndarray)):
        raise OptionError(option, value, _("a list of card numbers"))
    out = []
    for c in value:
        if isinstance(c, (bool, np.bool_)) or not isinstance(c, (int, np.integer)):
            raise OptionError(option, list(value), _("a list of card numbers (integers)"))
        out.append(int(c))
    return out


def _card_lists(option: str, value: Any, count: int, what: str) -> list[list[int]]:
    """``count`` lists of card numbers (one per player or row, ``what`` translated), or OptionError."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, (Sequence, np.ndarray)):
        raise OptionError(option, value, ngettext("a list of {count} list of card numbers, {what}",
                                                  "a list of {count} lists of card numbers, {what}",
                                                  count).format(count=count, what=what))
    if len(value) != count:
        raise OptionError(option, ngettext("{n} list", "{n} lists", len(value)).format(n=len(value)),
                          ngettext("{count} list of card numbers, {what}", "{count} lists of card numbers, {what}",
                                   count).format(count=count, what=what))
    return [_card_list(f"{option}[{i}]", v) for i, v in enumerate(value)]


def _totals_text(n: int) -> str:
    return ngettext("one total per player ({n} integer >= 0)", "one total per player ({n} integers >= 0)", n).format(n=n)


@dataclass(frozen=True)
class SixNimmt(GameBase):
    """A 6 nimmt! game: validated options; ``new_state(seed)`` starts a game.

    Integer options are stored as plain ``int`` (numpy integers accepted; ``bool``, ``float``
    and ``str`` refused), switches as ``bool``, ``comparison`` as ``str`` and ``variant`` as a
    tuple of names (given as one name or a list/tuple of names), so ``options`` is always JSON.
    ``name``/``title``/``seat_word``/``penalty_word``/``line_word`` are the words of the game
    contract (:class:`mowkit.core.Game`); :mod:`mowkit.games.sixnimmt.narrate` says things in words.
    """

    players: int = 4
    rows: int = 4
    capacity: int = 5
    hand_size: int = 10
    threshold: int = 66
    comparison: str = ">="
    variant: tuple[str, ...] = ()
    auto_row: bool = False
    max_rounds: int | None = None
    name: ClassVar[str] = GAME
    title: ClassVar[str] = "6 nimmt!"
    seat_word: ClassVar[str] = "player"
    penalty_word: ClassVar[str] = "head"
    line_word: ClassVar[str] = "row"
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def keep(option: str, value: Any) -> None:
            object.__setattr__(self, option, value)

        keep("players", check_int("players", self.players, 2, 10))
        keep("rows", check_int("rows", self.rows, 1, 10))
        keep("capacity", check_int("capacity", self.capacity, 1, 103))
        keep("hand_size", check_int("hand_size", self.hand_size, 1, 50))
        keep("threshold", check_int("threshold", self.threshold, 1, MAX_THRESHOLD))
        keep("comparison", check_choice("comparison", self.comparison, COMPARISONS))
        keep("auto_row", check_bool("auto_row", self.auto_row))
        if self.max_rounds is not None:
            keep("max_rounds", check_int("max_rounds", self.max_rounds, 1, MAX_ROUNDS))
        variant = self.variant
        if variant is None:
            variant = ()
        if isinstance(variant, str):
            variant = () if variant in ("", "standard") else (variant,)
        if not isinstance(variant, (list, tuple)) or not all(isinstance(v, str) for v in variant):
            raise OptionError("variant", self.variant, _("a name or a list of names: {names}").format(
                names=", ".join(VARIANTS)))
        variant = tuple(str(v) for v in variant)
        for v in variant:
            check_choice("variant", v, VARIANTS)
        if "logic" in variant and "tactics" not in variant:
            variant = variant + ("tactics",)
        variant = tuple(v for v in VARIANTS if v in variant)
        object.__setattr__(self, "variant", variant)
        need = self.players * self.hand_size + self.rows
        table = sixnimmt_heads()
        _TABLE[:] = [table]
        full = len(table) - 1
        if need > full:
            label = "+".join(variant) or "standard"
            most = (full - self.rows) // self.hand_size
            raise OptionError(
                "players",
                self.players,
                ngettext("at most {most} player for the {variant} game with hand_size {hand_size} and rows "
                         "{rows} ({need} cards needed, {full} in the deck)",
                         "at most {most} players for the {variant} game with hand_size {hand_size} and rows "
                         "{rows} ({need} cards needed, {full} in the deck)", most).format(
                    most=most, variant=label, hand_size=self.hand_size, rows=self.rows, need=need, full=full),
            )
        size = need if "tactics" in variant else full
        object.__setattr__(self, "deck", tuple(range(1, size + 1)))

    @property
    def options(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (what a game record stores)."""
        return {
            "players": self.players,
            "rows": self.rows,
            "capacity": self.capacity,
            "hand_size": self.hand_size,
            "threshold": self.threshold,
            "comparison": self.comparison,
            "variant": list(self.variant),
            "auto_row": self.auto_row,
            "max_rounds": self.max_rounds,
        }

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def professional(self) -> bool:
        return "professional" in self.variant

    @property
    def logic(self) -> bool:
        return "logic" in self.variant

    def penalty(self, card: int) -> int:
        """The penalty heads of ``card``."""
        return heads(card)

    def label(self, card: int) -> str:
        """The card's name a person reads: ``55 (7 heads)``, ``1 (1 head)``."""
        return card_label(card)

    def deck_heads(self) -> int:
        """Heads in the deck in use (171 for the full deck)."""
        return row_heads(self.deck)

    def _deck_text(self) -> str:
        return f"1..{len(self.deck)}"

    def position(
        self,
        hands: Sequence[Sequence[int]],
        rows: Sequence[Sequence[int]] | None = None,
        *,
        piles: Sequence[Sequence[int]] | None = None,
        totals: Sequence[int] | None = None,
        pending: Sequence[int] | None = None,
        chosen: dict[int, int] | Sequence[Sequence[int]] | None = None,
        seed: int | None = 0,
        reachable: bool = True,
    ) -> SixNimmtState:
        """A state at a card choice in the middle of a round, built by hand (teaching, scenario tests).

        Args:
            hands: each player's hand. Players in ``pending`` hold the same number of cards
                (1..hand_size); the others hold one card fewer (they laid one face down).
            rows: the rows, each 1..capacity cards in ascending order.
            piles: the cards each player has taken this round (default none).
            totals: each player's total heads of earlier rounds (default 0).
            pending: the seats that still have to lay a card this turn (default every seat not
                in ``chosen``).
            chosen: the cards already laid face down by the seats not pending, ``{seat: card}``
                (or ``[[seat, card], ...]``, the form ``start_position`` stores).
            seed: later rounds are dealt from it (``0 <= seed < 2**63``; None draws a fresh one,
                kept in ``start_position`` so that a record deals the same later rounds).
            reachable: accept only a position a dealt game can reach: the rows and piles hold
                one card per row and one per player for each turn played (the turn follows
                from the hand size), and every total is below the game's end (a total that
                reached it would have ended the game). On by default [kit]; ``reachable=False``
                lets a teaching position leave cards out (a row of five at the first turn) or
                start at the last round (totals at the threshold); a record keeps the flag
                with the position.

        Cards not given anywhere are out of play; the turn follows from the hand size. A thin
        wrapper: ``self.state_at(...)`` of the :class:`SixNimmtPosition` its keywords make. Every
        problem raises :class:`~mowkit.core.OptionError` naming the option and what is allowed.
        The state keeps ``start`` (the position, every default filled in) and ``start_position``
        (the same as JSON); ``recordable`` is False and its ``log`` starts empty (no
        ``RoundStarted``: the round began before the position).
        """
        return SixNimmtState.from_position(self, read_position(
            self, hands, rows, piles=piles, totals=totals, pending=pending, chosen=chosen, seed=seed,
            reachable=reachable))

    def state_at(self, position: SixNimmtPosition) -> SixNimmtState:
        """The state of ``position`` (a :class:`SixNimmtPosition`), checked field by field and as a whole."""
        return SixNimmtState.from_position(self, read_position(self, **position.keywords()))


# --------------------------------------------------------------------------- hand-built positions
#
# ``SixNimmt.position(...)`` reads its keywords into a :class:`SixNimmtPosition`, each part checked
# by one small function below (each refusal an OptionError naming the option);
# ``SixNimmtState.from_position`` lays the checked position out.


def _position_totals(n: int, totals: Any) -> tuple[int, ...]:
    """Each player's total of earlier rounds (default 0)."""
    if totals is None:
        return (0,) * n
    if isinstance(totals, (str, bytes, dict)) or not isinstance(totals, (Sequence, np.ndarray)):
        raise OptionError("totals", totals, _totals_text(n))
    if len(totals) != n:
        raise OptionError("totals", list(totals), _totals_text(n))
    return tuple(check_int(f"totals[{p}]", t, 0) for p, t in enumerate(totals))


def _position_chosen(n: int, chosen: Any) -> dict[int, int]:
    """The cards laid face down, ``{seat: card}`` (given as a dict or as pairs)."""
    if chosen is None:
        return {}
    pairs = chosen.items() if isinstance(chosen, dict) else chosen
    try:
        pairs = [(q, c) for q, c in pairs]
    except (TypeError, ValueError):
        raise OptionError("chosen", chosen, _("for each seat not pending, the card it laid face down "
                                              "(seat and card, as a dict or as pairs)")) from None
    chosen_map = {}
    for q, c in pairs:
        q = check_int("chosen (seat)", q, 0, n - 1)
        chosen_map[q] = _card_list(f"chosen[{q}]", [c])[0]
    return chosen_map


def _position_pending(n: int, pending: Any, chosen_map: dict[int, int]) -> list[int]:
    """The seats still to lay a card (default: every seat not in ``chosen``), at least one."""
    if pending is None:
        waiting = [p for p in range(n) if p not in chosen_map]
    else:
        if isinstance(pending, (str, bytes, dict)) or not isinstance(pending, (Sequence, np.ndarray, set)):
            raise OptionError("pending", pending, _("a list of seats 0..{last} (players 1 to {n})").format(
                last=n - 1, n=n))
        waiting = sorted({check_int("pending", q, 0, n - 1) for q in pending})
        if len(waiting) != len(pending):
            raise OptionError("pending", list(pending), _("a list of different seats 0..{last} (players 1 to "
                                                          "{n})").format(last=n - 1, n=n))
    if not waiting:
        raise OptionError("pending", [], _("at least one seat 0..{last} (players 1 to {n}) that still has to "
                                           "lay a card").format(last=n - 1, n=n))
    return waiting


def _check_laid(n: int, waiting: list[int], chosen_map: dict[int, int]) -> None:
    """Every seat not pending, and only those, laid a card face down."""
    lay = [p for p in range(n) if p not in waiting]
    if sorted(chosen_map) != lay:
        raise OptionError(
            "chosen",
            chosen_map,
            (ngettext("the card laid face down by each seat not pending: player {players}",
                      "the card laid face down by each seat not pending: players {players}",
                      len(lay)).format(players=seat_list(lay)) if lay
             else _("no card laid face down: every seat is pending")),
        )


def _check_hand_sizes(game: SixNimmt, hands: list[list[int]], waiting: list[int]) -> int:
    """The hand size of the pending seats (1..hand_size); the others hold one card fewer."""
    size = len(hands[waiting[0]])
    sizes = [len(h) for h in hands]
    want = [size if p in waiting else size - 1 for p in range(game.players)]
    if sizes != want or not 1 <= size <= game.hand_size:
        raise OptionError(
            "hands",
            sizes,
            ngettext("1..{most} cards for each pending seat and one card fewer for each seat that laid its "
                     "card (pending: player {players})",
                     "1..{most} cards for each pending seat and one card fewer for each seat that laid its "
                     "card (pending: players {players})", len(waiting)).format(
                most=game.hand_size, players=seat_list(waiting)),
        )
    return size


def _check_cards(game: SixNimmt, used: list[int]) -> None:
    """Every card given is a card of the deck in use, in one place."""
    deck = set(game.deck)
    bad = [c for c in used if c not in deck]
    counted: set[int] = set()
    dup = sorted({c for c in used if c in counted or counted.add(c)})  # type: ignore[func-returns-value]
    if bad or dup:
        raise OptionError(
            "position", bad or dup, _("cards of the deck ({deck}), each in one place").format(deck=game._deck_text())
        )


def _check_rows(game: SixNimmt, rows: list[list[int]]) -> None:
    """Each row holds 1..capacity cards, ascending."""
    for i, r in enumerate(rows):
        if not 1 <= len(r) <= game.capacity or r != sorted(r):
            raise OptionError(f"rows[{i}]", r, _("1..{most} cards, ascending").format(most=game.capacity))


def _check_reachable(game: SixNimmt, rows: list[list[int]], piles: list[list[int]], size: int) -> None:
    """A position a dealt game can reach: the cards on the table fit the turn (totals: checked beside).

    Every card laid from a hand ends in a row, and rows only lose cards to the piles, so at turn
    ``t`` (``hand_size - size`` cards laid by each player) the rows and piles hold exactly the
    starting cards (one per row) and ``t`` cards per player.
    """
    turn = game.hand_size - size
    on_table = sum(len(r) for r in rows) + sum(len(p) for p in piles)
    want = game.rows + turn * game.players
    if on_table != want:
        raise OptionError("position", on_table, ngettext(
            "at turn {turn} of {hand_size} (from the hand sizes), {want} card in the rows and piles together "
            "(one per row at the deal and one per player each turn)",
            "at turn {turn} of {hand_size} (from the hand sizes), {want} cards in the rows and piles together "
            "(one per row at the deal and one per player each turn)", want).format(
                turn=turn + 1, hand_size=game.hand_size, want=want))


def read_position(
    game: SixNimmt,
    hands: Any,
    rows: Any = None,
    *,
    piles: Any = None,
    totals: Any = None,
    pending: Any = None,
    chosen: Any = None,
    seed: int | None = 0,
    reachable: bool = True,
) -> SixNimmtPosition:
    """The :class:`SixNimmtPosition` of ``SixNimmt.position``'s keywords, each checked (OptionError naming it)."""
    n = game.players
    if rows is None:
        raise OptionError("rows", None, ngettext("the {n} row, a list of card numbers",
                                                 "the {n} rows, each a list of card numbers",
                                                 game.rows).format(n=game.rows))
    hand_lists = _card_lists("hands", hands, n, _("one hand per player"))
    row_lists = _card_lists("rows", rows, game.rows, _("one per row"))
    pile_lists = _card_lists("piles", piles, n, _("one pile per player")) if piles is not None else [[]] * n
    total_list = _position_totals(n, totals)
    chosen_map = _position_chosen(n, chosen)
    waiting = _position_pending(n, pending, chosen_map)
    _check_laid(n, waiting, chosen_map)
    size = _check_hand_sizes(game, hand_lists, waiting)
    _check_cards(game, [c for group in (*hand_lists, *row_lists, *pile_lists) for c in group]
                 + list(chosen_map.values()))
    _check_rows(game, row_lists)
    if check_bool("reachable", reachable):
        check_totals_in_play(game, total_list)
        _check_reachable(game, row_lists, pile_lists, size)
    seed = fresh_seed() if seed is None else check_seed(seed)  # the seed actually used, recorded
    return SixNimmtPosition(
        hands=tuple(tuple(sorted(h)) for h in hand_lists), rows=tuple(tuple(r) for r in row_lists),
        piles=tuple(tuple(p) for p in pile_lists), totals=total_list, pending=tuple(waiting),
        chosen=tuple(sorted(chosen_map.items())), seed=seed, reachable=bool(reachable),
    )


# --------------------------------------------------------------------------- observation


@dataclass(frozen=True)
class SixNimmtObservation:
    """What ``player`` may see. It never holds a face-down choice, nor another player's hand
    in a dealt game.

    The one exception is the ``logic`` variant: its draft is public (the cards lie face up and
    are taken one at a time in turn, RULES.md), so ``drafted`` lists every player's drafted cards
    of the round, during the draft and after it. From those (minus the cards revealed in
    ``played``) every player can tell every other hand; that is the variant's point, not a leak.

    ``played`` lists the revealed cards of this round as (turn, player, card); ``revealed`` the
    cards of the current turn still being placed (with ``to_place`` the one waiting for this
    player's decision and ``options`` its placements in the professional variant); ``chosen`` the
    players whose card lies face down; ``pool`` and ``drafted`` the public draft of the logic variant.
    """

    player: int
    phase: str
    hand: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    round: int
    turn: int
    played: tuple[tuple[int, int, int], ...]
    revealed: tuple[tuple[int, int], ...]
    chosen: tuple[int, ...]
    pending: tuple[int, ...]
    to_place: int | None
    options: tuple[tuple[int, str], ...]
    pool: tuple[int, ...]
    drafted: tuple[tuple[int, ...], ...]
    game: SixNimmt

    @property
    def seen(self) -> set[int]:
        """Cards this player knows the place of: own hand, rows, piles, played and revealed cards."""
        seen = set(self.hand)
        for r in self.rows:
            seen.update(r)
        for p in self.piles:
            seen.update(p)
        seen.update(c for _, _, c in self.played)
        seen.update(c for c, _ in self.revealed)
        return seen


# --------------------------------------------------------------------------- state

_EXPECTED: dict[str, type] = {"choose": Play, "row": TakeRow, "place": Place, "draft": Draft}


class SixNimmtState(StateBase):
    """A 6 nimmt! game in progress (mutable; ``clone()`` copies).

    Phases: ``draft`` (logic variant), ``choose`` (simultaneous card choice), ``row`` (Rule 4
    pending), ``place`` (professional tie pending), ``over``.

    ``log`` holds every event of the game (:mod:`mowkit.events` and the kinds above) from the
    first deal, ``RoundStarted`` first; ``events`` the events of the last ``apply`` (empty
    before the first). A hand-built position (:meth:`SixNimmt.position`) starts with an empty
    log; its ``start`` holds the position (a :class:`SixNimmtPosition`, every default filled in;
    ``None`` for a dealt game), ``start_position`` the same as JSON.
    """

    def __init__(self, game: SixNimmt, chance: Chance) -> None:
        self.game = game
        self._chance = chance
        n = game.players
        self.totals = [0] * n
        self.round_index = -1
        self.round_scores: list[list[int]] = []
        self.deals: list[list[int]] = []
        self.history: list[list[Action]] = []
        self.phase = "choose"
        self.log: list[Event] = []
        self.events: list[Event] = []
        self.recordable = True
        self.start: SixNimmtPosition | None = None
        self.drafter = 0
        self._start_round()
        self.events = []

    # ----------------------------------------------------------------- hand-built positions
    @property
    def start_position(self) -> dict[str, Any] | None:
        """The hand-built position the state started from as JSON (what a record stores; the
        keywords of :meth:`SixNimmt.position`), None for a dealt game. ``start`` is the value."""
        return None if self.start is None else self.start.to_json()

    @classmethod
    def from_position(cls, game: SixNimmt, position: SixNimmtPosition) -> SixNimmtState:
        """The state of a checked position (:func:`read_position`): a card choice in the middle of
        a round, the turn following from the hand size; the cards placed nowhere are out of play."""
        state = game.new_state(position.seed)
        state.hands = [list(h) for h in position.hands]
        state.rows = [list(r) for r in position.rows]
        state.piles = [list(p) for p in position.piles or ()]
        state.totals = list(position.totals or ())
        state.round_scores = []
        chosen = dict(position.chosen or ())
        used = {c for group in (*state.hands, *state.rows, *state.piles) for c in group} | set(chosen.values())
        state.out = sorted(set(game.deck) - used)
        state.turn = game.hand_size - len(state.hands[(position.pending or (0,))[0]])
        state.phase = "choose"
        state.pool = []
        state.chosen = chosen
        state.recordable = False
        state.log = []
        state.events = []
        state.start = position
        return state

    # ----------------------------------------------------------------- round flow
    def _start_round(self) -> None:
        g = self.game
        n, H = g.players, g.hand_size
        self.round_index += 1
        self.turn = 0
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.chosen: dict[int, int] = {}
        self.queue: list[tuple[int, int]] = []  # (card, player) still to place this turn
        self.played: list[tuple[int, int, int]] = []
        self.place_options: list[tuple[int, str]] = []
        self.history.append([])
        self.pool: list[int] = []
        self.drafted: list[list[int]] = [[] for _ in range(n)]
        if g.logic:
            order = list(g.deck)
            if self._chance.deals is not None:
                order = self._chance.shuffle(g.deck, self.round_index)
                g.check_deal(order)
            self.deals.append(order)
            self.pool = sorted(order)
            self.hands: list[list[int]] = [[] for _ in range(n)]
            self.rows: list[list[int]] = []
            self.out: list[int] = []
            self.drafter = self.round_index % n
            self.phase = "draft"
            self._emit(RoundStarted(self.round_index, 0))
            return
        order = self._chance.shuffle(g.deck, self.round_index)
        if self._chance.deals is not None:  # a recorded order (a shuffle of the deck needs no check)
            g.check_deal(order)
        self.deals.append(order)
        self.hands = [sorted(order[p * H : (p + 1) * H]) for p in range(n)]
        self.rows = [[c] for c in order[n * H : n * H + g.rows]]
        self.out = list(order[n * H + g.rows :])
        self.phase = "choose"
        self._emit(RoundStarted(self.round_index, H))
        self._event(RowsDealt, tuple(order[n * H : n * H + g.rows]))

    def _end_round(self) -> None:
        table = _heads_table()
        if not self._score_round([sum(table[c] for c in pile) for pile in self.piles]):
            self._start_round()

    def _advance(self) -> None:
        """Place revealed cards in ascending order until a decision is needed or the turn ends."""
        g = self.game
        while self.queue:
            card, p = self.queue[0]
            opts = placements(self.rows, card, g.professional)
            if not opts:
                if g.auto_row:
                    self._take_row(p, fewest_heads_row(self.rows), card, "auto-row")
                    self.queue.pop(0)
                    continue
                self._event(DecisionPending, p, card, (), "lowest-card")
                self.phase = "row"
                return
            if len(opts) > 1:
                self.place_options = opts
                self._event(DecisionPending, p, card, tuple(opts), "end-tie")
                self.phase = "place"
                return
            self._put(p, card, *opts[0])
            self.queue.pop(0)
        self.turn += 1
        if self.turn >= g.hand_size:
            self._end_round()
        else:
            self.phase = "choose"

    def _take_row(self, player: int, row: int, card: int, rule: str = "lowest-card") -> None:
        taken = self.rows[row]
        self._event(LowestCard, player, card, row, tuple(taken), row_heads(taken), rule)
        self.piles[player].extend(taken)
        self.rows[row] = [card]

    def _put(self, player: int, card: int, row: int, end: str) -> None:
        r = self.rows[row]
        if len(r) >= self.game.capacity:  # Rule 3: the sixth cow takes the row
            self._event(SixthCard, player, card, row, tuple(r), row_heads(r))
            self.piles[player].extend(r)
            self.rows[row] = [card]
            return
        if end == "back":
            self._event(CardPlaced, player, card, row, end, card - r[-1])
            r.append(card)
        else:
            self._event(CardPlaced, player, card, row, end, r[0] - card)
            r.insert(0, card)

    # ----------------------------------------------------------------- public API
    @property
    def num_players(self) -> int:
        return self.game.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def pending_players(self) -> tuple[int, ...]:
        """Seats that may act now (several during the simultaneous card choice)."""
        if self.phase == "choose":
            chosen = self.chosen
            if not chosen:
                return tuple(range(self.game.players))
            return tuple([p for p in range(self.game.players) if p not in chosen])
        if self.phase in ("row", "place"):
            return (self.queue[0][1],)
        if self.phase == "draft":
            return (self.drafter,)
        return ()

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Sorted legal actions of ``player`` (of every pending player when None)."""
        if player is None:
            return [a for p in self.pending_players() for a in self.legal_actions(p)]
        if self.phase == "choose":
            if player in self.chosen or player not in range(self.game.players):
                return []
            return self._plays(player)
        if player not in self.pending_players():
            return []
        if self.phase == "row":
            return [TakeRow(player, r) for r in range(len(self.rows))]
        if self.phase == "place":
            return [Place(player, r, e) for r, e in self.place_options]
        if self.phase == "draft":
            return [Draft(player, c) for c in self.pool]
        return []

    def _plays(self, player: int) -> list[Action]:
        """``Play`` of each card in ``player``'s hand: this state's objects, made once per card and
        seat (frozen values; one changed in place with ``object.__setattr__`` is made anew)."""
        try:
            made = self._acts  # a slot of StateBase
        except AttributeError:
            made = self._acts = {}
        out = []
        for c in self.hands[player]:
            key = (player, c)
            a = made.get(key)
            if a is None or a.card != c or a.player != player:  # type: ignore[attr-defined]
                a = made[key] = Play(player, c)
            out.append(a)
        return out

    def _apply(self, action: Action) -> None:
        self.history[-1].append(action)
        self._mark = len(self._raw)  # a new decision's events start here
        p = action.player
        if isinstance(action, Play):
            self.hands[p].remove(action.card)
            self.chosen[p] = action.card
            self._raw.append((CardLaid, (p,)))
            if len(self.chosen) == self.game.players:
                self.queue = sorted((c, q) for q, c in self.chosen.items())
                self.played.extend((self.turn, q, c) for c, q in self.queue)
                self.chosen = {}
                self._event(CardsRevealed, self.turn, tuple(self.queue))
                self._advance()
        elif isinstance(action, TakeRow):
            card = self.queue.pop(0)[0]
            self._take_row(p, action.row, card)
            self._advance()
        elif isinstance(action, Place):
            card = self.queue.pop(0)[0]
            self.place_options = []
            self._put(p, card, action.row, action.end)
            self._advance()
        elif isinstance(action, Draft):
            self.pool.remove(action.card)
            self._event(CardDrafted, p, action.card)
            self.hands[p].append(action.card)
            self.hands[p].sort()
            self.drafted[p].append(action.card)
            n = self.game.players
            if all(len(h) == self.game.hand_size for h in self.hands):
                left = sorted(self.pool)
                self.rows = [[c] for c in left]
                self._event(DraftOver, tuple(left))
                self.pool = []
                self.phase = "choose"
            else:
                self.drafter = (self.drafter + 1) % n

    def _card_name(self, card: Any) -> str:
        """A card as a person reads it (``55 (7 heads)``); a number outside the deck as it is."""
        if isinstance(card, int) and card in self.game.deck:
            return self.game.label(card)
        return str(card)

    def _check(self, action: Action) -> None:
        if not isinstance(action, Action) or action.game != GAME:
            raise IllegalActionError("action-type", _("this is not a decision of 6 nimmt!"))
        check_action_fields(action)
        if self.phase == "over":
            raise IllegalActionError("game-over", _("the game is over; no decision can be made"))
        p = action.player
        n = self.game.players
        if (self.phase == "choose" and type(action) is Play and type(p) is int and 0 <= p < n
                and p not in self.chosen and action.card in self.hands[p]):
            return  # the common case: a pending player's card from hand (the checks below, at once)
        if not isinstance(p, (int, np.integer)) or not 0 <= p < n:
            raise IllegalActionError("player-index", ngettext(
                "there is no player {player}: the game has {n} player",
                "there is no player {player}: the game has {n} players", n).format(player=p + 1, n=n))
        expected = _EXPECTED[self.phase]
        pending = self.pending_players()
        if p not in pending or not isinstance(action, expected):
            move = {
                "play": _("play a card"),
                "take_row": _("choose a row to take"),
                "place": _("choose where a card goes"),
                "draft": _("take a face-up card"),
            }.get(action.kind, _("make this move"))
            if self.phase == "choose":
                waits = ngettext("the game waits for player {players} to lay a card face down",
                                 "the game waits for players {players} to lay their cards face down",
                                 len(pending)).format(players=seat_list(pending))
            else:
                waits = {
                    "row": _("the game waits for player {player} to choose a row to take (Rule 4)"),
                    "place": _("the game waits for player {player} to choose where card {card} goes"),
                    "draft": _("the game waits for player {player} to take a face-up card"),
                }[self.phase].format(player=pending[0] + 1,
                                     card=self._card_name(self.queue[0][0]) if self.queue else "")
            raise IllegalActionError(
                "out-of-turn", _("player {player} cannot {move} now: {waits}").format(
                    player=p + 1, move=move, waits=waits)
            )
        if isinstance(action, Play):
            if action.card not in self.hands[p]:
                raise IllegalActionError(
                    "card-in-hand", _("player {player} does not hold card {card}; their hand: {hand}").format(
                        player=p + 1, card=self._card_name(action.card),
                        hand=", ".join(str(c) for c in self.hands[p]))
                )
        elif isinstance(action, TakeRow):
            if not isinstance(action.row, (int, np.integer)) or not 0 <= action.row < len(self.rows):
                k = len(self.rows)
                raise IllegalActionError(
                    "row-index", ngettext("there is no row {row}: the game has {n} row",
                                          "there is no row {row}: the game has {n} rows", k).format(
                        row=action.row + 1, n=k)
                )
        elif isinstance(action, Place):
            if (action.row, action.end) not in self.place_options:
                places = [(_("to the front of row {row}") if e == "front" else _("to the back of row {row}")).format(
                    row=r + 1) for r, e in self.place_options]
                shown = places[0] if len(places) == 1 else _("{first} or {last}").format(
                    first=", ".join(places[:-1]), last=places[-1])
                raise IllegalActionError(
                    "smallest-difference",
                    _("card {card} may go only {places}").format(card=self._card_name(self.queue[0][0]), places=shown),
                )
        elif isinstance(action, Draft):
            if action.card not in self.pool:
                raise IllegalActionError(
                    "draft", _("card {card} is not among the face-up cards; they are {cards}").format(
                        card=self._card_name(action.card), cards=", ".join(str(c) for c in self.pool))
                )

    def clone(self) -> SixNimmtState:
        s = SixNimmtState.__new__(SixNimmtState)
        s.game = self.game
        s._chance = self._chance.clone()
        s.totals = list(self.totals)
        s.round_index = self.round_index
        s.round_scores = [list(r) for r in self.round_scores]
        s.deals = list(self.deals)
        s.history = [list(h) for h in self.history]
        s.phase = self.phase
        self._copy_log(s)  # events are immutable: the copies share those made so far
        s.recordable = self.recordable
        s.start = self.start  # a frozen value
        s.turn = self.turn
        s.piles = [list(x) for x in self.piles]
        s.chosen = dict(self.chosen)
        s.queue = list(self.queue)
        s.played = list(self.played)
        s.place_options = list(self.place_options)
        s.pool = list(self.pool)
        s.drafted = [list(x) for x in self.drafted]
        s.hands = [list(x) for x in self.hands]
        s.rows = [list(x) for x in self.rows]
        s.out = list(self.out)
        s.drafter = getattr(self, "drafter", 0)
        return s

    def observation(self, player: int) -> SixNimmtObservation:
        """What ``player`` sees: own hand, rows, every pile, played cards, scores, who is pending."""
        pending = self.pending_players()
        waiting = self.phase in ("row", "place") and pending == (player,)
        obs = object.__new__(SixNimmtObservation)
        # the frozen dataclass's fields filled at once (its __init__ sets them one by one through
        # object.__setattr__); the same fields, values and types as SixNimmtObservation(...) gives
        vars(obs).update(
            player=player,
            phase=self.phase,
            hand=tuple(self.hands[player]),
            rows=tuple(map(tuple, self.rows)),
            piles=tuple(map(tuple, self.piles)),
            totals=tuple(self.totals),
            round=self.round_index,
            turn=self.turn,
            played=tuple(self.played),
            revealed=tuple(self.queue),
            chosen=tuple(sorted(self.chosen)),
            pending=pending,
            to_place=self.queue[0][0] if waiting else None,
            options=tuple(self.place_options) if waiting else (),
            pool=tuple(self.pool),
            drafted=tuple(map(tuple, self.drafted)),
            game=self.game,
        )
        return obs

    # ----------------------------------------------------------------- results and checks
    def _places(self) -> Iterator[tuple[Iterable[int], str]]:
        """Every group of cards with its place, for ``where_is`` (RULES.md §3 conservation)."""
        for p, h in enumerate(self.hands):
            yield h, f"hand {p}"
        for i, r in enumerate(self.rows):
            yield r, f"row {i}"
        for p, pile in enumerate(self.piles):
            yield pile, f"pile {p}"
        yield self.chosen.values(), "face down"
        yield (c for c, _ in self.queue if self.phase in ("row", "place")), "being placed"
        yield self.pool, "draft pool"
        yield self.out, "out of play"

    def check_invariants(self) -> None:
        """Assert RULES.md §3: every card in one place, heads conserved, rows 1..capacity ascending."""
        g = self.game
        places = self.where_is()
        if sorted(places) != list(g.deck):
            missing = sorted(set(g.deck) - set(places))
            extra = sorted(set(places) - set(g.deck))
            raise AssertionError(f"cards missing {missing}, not in the deck {extra}")
        if row_heads(places) != g.deck_heads():
            raise AssertionError("heads are not conserved")
        if self.phase != "draft" and len(self.rows) != g.rows:
            raise AssertionError(f"{len(self.rows)} rows, expected {g.rows}")
        for i, r in enumerate(self.rows):
            if not 1 <= len(r) <= g.capacity:
                raise AssertionError(f"row {i} holds {len(r)} cards")
            if any(a >= b for a, b in zip(r, r[1:])):
                raise AssertionError(f"row {i} is not ascending: {r}")
        if self.phase == "choose":
            sizes = {len(h) + (1 if p in self.chosen else 0) for p, h in enumerate(self.hands)}
            if sizes != {g.hand_size - self.turn}:
                raise AssertionError(f"hand sizes {sizes} in turn {self.turn}")
        if self.recordable:
            scored = [sum(r[p] for r in self.round_scores) for p in range(g.players)]
            if scored != self.totals:
                raise AssertionError("totals do not add up")


    def __repr__(self) -> str:
        rows = " | ".join(" ".join(map(str, r)) for r in self.rows)
        return (
            f"<SixNimmtState round {self.round_index} turn {self.turn} phase {self.phase} "
            f"rows [{rows}] totals {self.totals}>"
        )


SixNimmt._state_class = SixNimmtState
