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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from mowkit.core import (
    Action,
    Chance,
    CheckedApply,
    IllegalActionError,
    OptionError,
    check_action_fields,
    check_bool,
    check_choice,
    check_deals,
    check_int,
    shared_winners,
)
from mowkit.data import sixnimmt_heads

GAME = "sixnimmt"
VARIANTS = ("tactics", "logic", "professional")
COMPARISONS = (">=", ">")


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Choose ``card`` from hand, face down, for this turn."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "play"
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


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def fewest_heads_row(rows: Sequence[Sequence[int]]) -> int:
    """The row with the fewest heads, ties to the lowest index (the ``auto_row`` rule)."""
    values = [row_heads(r) for r in rows]
    return values.index(min(values))


# --------------------------------------------------------------------------- game


@dataclass(frozen=True)
class SixNimmt:
    """A 6 nimmt! game: validated options; ``new_state(seed)`` starts a game.

    Integer options are stored as plain ``int`` (numpy integers accepted; ``bool``, ``float``
    and ``str`` refused), switches as ``bool``, ``comparison`` as ``str`` and ``variant`` as a
    tuple of names (given as one name or a list/tuple of names), so ``options`` is always JSON.
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
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def keep(option: str, value: Any) -> None:
            object.__setattr__(self, option, value)

        keep("players", check_int("players", self.players, 2, 10))
        keep("rows", check_int("rows", self.rows, 1, 10))
        keep("capacity", check_int("capacity", self.capacity, 1, 103))
        keep("hand_size", check_int("hand_size", self.hand_size, 1, 50))
        keep("threshold", check_int("threshold", self.threshold, 1))
        keep("comparison", check_choice("comparison", self.comparison, COMPARISONS))
        keep("auto_row", check_bool("auto_row", self.auto_row))
        if self.max_rounds is not None:
            keep("max_rounds", check_int("max_rounds", self.max_rounds, 1))
        variant = self.variant
        if variant is None:
            variant = ()
        if isinstance(variant, str):
            variant = () if variant in ("", "standard") else (variant,)
        if not isinstance(variant, (list, tuple)) or not all(isinstance(v, str) for v in variant):
            raise OptionError("variant", self.variant, "a name or a list of names: " + ", ".join(VARIANTS))
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
            raise OptionError(
                "players",
                self.players,
                f"at most {(full - self.rows) // self.hand_size} players for the {label} game with "
                f"hand_size={self.hand_size} and rows={self.rows} ({need} cards needed, {full} in the deck)",
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

    def describe(self, action: Action) -> str:
        """A decision in words, without its player: ``play 55 (7 heads)``, ``take row 2``."""
        if isinstance(action, Play):
            return f"play {action.card} ({_n(heads(action.card), 'head')})"
        if isinstance(action, TakeRow):
            return f"take row {action.row}"
        if isinstance(action, Place):
            return f"put the card on row {action.row} at the {action.end}"
        if isinstance(action, Draft):
            return f"draft {action.card} ({_n(heads(action.card), 'head')})"
        return repr(action)

    def deck_heads(self) -> int:
        """Heads in the deck in use (171 for the full deck)."""
        return row_heads(self.deck)

    def new_state(
        self,
        seed: int | None = None,
        *,
        rng: np.random.Generator | None = None,
        deals: Sequence[Sequence[int]] | None = None,
    ) -> SixNimmtState:
        """A new game. Shuffles come from ``seed``/``rng``, or from recorded ``deals``.

        ``deals`` (one deck order per round, checked here) must not run out while the game goes
        on: see the module docstring ("Recorded deals").
        """
        if deals is not None:
            chance = Chance(deals=check_deals(self, deals))
        else:
            chance = Chance(rng=rng if rng is not None else np.random.default_rng(seed))
        return SixNimmtState(self, chance)

    def position(
        self,
        hands: Sequence[Sequence[int]],
        rows: Sequence[Sequence[int]],
        piles: Sequence[Sequence[int]] | None = None,
        totals: Sequence[int] | None = None,
        seed: int | None = 0,
    ) -> SixNimmtState:
        """A state in the middle of a round, built by hand (for teaching and scenario tests).

        Every player holds the same number of cards; cards not given anywhere are out of play.
        The turn number follows from the hand size. Later rounds are dealt from ``seed``.
        Such a state cannot be saved as a record (it has no recorded deal).
        """
        n = self.players
        if len(hands) != n:
            raise OptionError("hands", len(hands), f"one hand per player ({n})")
        if len(rows) != self.rows:
            raise OptionError("rows", len(rows), f"{self.rows} rows")
        piles = [list(p) for p in piles] if piles is not None else [[] for _ in range(n)]
        totals = list(totals) if totals is not None else [0] * n
        if len(piles) != n or len(totals) != n:
            raise OptionError("piles/totals", (len(piles), len(totals)), f"one per player ({n})")
        sizes = {len(h) for h in hands}
        if len(sizes) != 1 or not 1 <= len(hands[0]) <= self.hand_size:
            raise OptionError("hands", [len(h) for h in hands], f"equal sizes 1..{self.hand_size}")
        used = [c for group in (*hands, *rows, *piles) for c in group]
        deck = set(self.deck)
        bad = [c for c in used if c not in deck]
        dup = sorted({c for c in used if used.count(c) > 1})
        if bad or dup:
            raise OptionError("position", bad or dup, "cards of the deck, each in one place")
        for i, r in enumerate(rows):
            if not 1 <= len(r) <= self.capacity or list(r) != sorted(r):
                raise OptionError(f"rows[{i}]", list(r), f"1..{self.capacity} cards, ascending")
        state = self.new_state(seed)
        state.hands = [sorted(h) for h in hands]
        state.rows = [list(r) for r in rows]
        state.piles = piles
        state.totals = totals
        state.round_scores = []
        state.out = sorted(deck - set(used))
        state.turn = self.hand_size - len(hands[0])
        state.phase = "choose"
        state.pool = []
        state.recordable = False
        return state

    def check_deal(self, order: Sequence[int]) -> None:
        """Raise ``ValueError`` unless ``order`` is an order of exactly the deck in use."""
        deck = set(self.deck)
        seen: set[int] = set()
        for i, c in enumerate(order):
            if not isinstance(c, (int, np.integer)) or isinstance(c, bool) or c not in deck:
                raise ValueError(f"item {i}: unknown card {c!r} (the deck is 1..{len(deck)})")
            if c in seen:
                raise ValueError(f"item {i}: card {c} dealt twice")
            seen.add(c)
        if len(order) != len(deck):
            raise ValueError(f"wrong count: {len(order)} cards, the deck has {len(deck)}")


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
    def pile_heads(self) -> tuple[int, ...]:
        return tuple(row_heads(p) for p in self.piles)

    def seen_cards(self) -> set[int]:
        """Cards this player knows the place of: own hand, rows, piles, played and drafted cards."""
        seen = set(self.hand)
        for r in self.rows:
            seen.update(r)
        for p in self.piles:
            seen.update(p)
        seen.update(c for _, _, c in self.played)
        seen.update(c for c, _ in self.revealed)
        return seen


# --------------------------------------------------------------------------- state


class SixNimmtState(CheckedApply):
    """A 6 nimmt! game in progress (mutable; ``clone()`` copies).

    Phases: ``draft`` (logic variant), ``choose`` (simultaneous card choice), ``row`` (Rule 4
    pending), ``place`` (professional tie pending), ``over``.
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
        self.events: list[str] = []
        self.recordable = True
        self.drafter = 0
        self._start_round()

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
            return
        order = self._chance.shuffle(g.deck, self.round_index)
        g.check_deal(order)
        self.deals.append(order)
        self.hands = [sorted(order[p * H : (p + 1) * H]) for p in range(n)]
        self.rows = [[c] for c in order[n * H : n * H + g.rows]]
        self.out = list(order[n * H + g.rows :])
        self.phase = "choose"

    def _end_round(self) -> None:
        table = _heads_table()
        scores = [sum(table[c] for c in pile) for pile in self.piles]
        self.round_scores.append(scores)
        for p, s in enumerate(scores):
            self.totals[p] += s
        self.events.append(
            f"Round {self.round_index + 1} ends: heads this round {scores}, totals {self.totals}."
        )
        g = self.game
        reached = any(
            (t >= g.threshold) if g.comparison == ">=" else (t > g.threshold) for t in self.totals
        )
        if reached or (g.max_rounds is not None and len(self.round_scores) >= g.max_rounds):
            self.phase = "over"
            w = self.winners()
            who = f"player {w[0]} wins" if len(w) == 1 else f"players {list(w)} share the win"
            self.events.append(f"Game over: {who} with {self.totals[w[0]]} heads.")
        else:
            self._start_round()
            self.events.append(f"Round {self.round_index + 1} begins: the deck is reshuffled and dealt.")

    def _advance(self) -> None:
        """Place revealed cards in ascending order until a decision is needed or the turn ends."""
        g = self.game
        while self.queue:
            card, p = self.queue[0]
            opts = placements(self.rows, card, g.professional)
            if not opts:
                if g.auto_row:
                    self._take_row(p, fewest_heads_row(self.rows), card, "auto_row: fewest heads")
                    self.queue.pop(0)
                    continue
                self.events.append(
                    f"Rule 4 (lowest card): {card} is lower than every row; player {p} chooses a row to take."
                )
                self.phase = "row"
                return
            if len(opts) > 1:
                self.place_options = opts
                self.events.append(
                    f"{card} is equally close to {len(opts)} ends; player {p} chooses where it goes."
                )
                self.phase = "place"
                return
            self._put(p, card, *opts[0])
            self.queue.pop(0)
        self.turn += 1
        if self.turn >= g.hand_size:
            self._end_round()
        else:
            self.phase = "choose"

    def _take_row(self, player: int, row: int, card: int, why: str = "player's choice") -> None:
        taken = self.rows[row]
        self.events.append(
            f"Rule 4 (lowest card, {why}): player {player} takes row {row} "
            f"({_n(len(taken), 'card')}, {_n(row_heads(taken), 'head')}); {card} starts it."
        )
        self.piles[player].extend(taken)
        self.rows[row] = [card]

    def _put(self, player: int, card: int, row: int, end: str) -> None:
        r = self.rows[row]
        diff = card - r[-1] if end == "back" else r[0] - card
        if len(r) >= self.game.capacity:  # Rule 3: the sixth cow takes the row
            self.events.append(
                f"Rule 3 (sixth cow): {card} would be card {len(r) + 1} of row {row}; player {player} "
                f"takes its {_n(len(r), 'card')} ({_n(row_heads(r), 'head')}) and {card} starts it."
            )
            self.piles[player].extend(r)
            self.rows[row] = [card]
            return
        where = "at the end" if end == "back" else "at the front"
        self.events.append(
            f"{card} (player {player}) goes on row {row} {where}: smallest difference, {diff}."
        )
        if end == "back":
            r.append(card)
        else:
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
            return tuple(p for p in range(self.game.players) if p not in self.chosen)
        if self.phase in ("row", "place"):
            return (self.queue[0][1],)
        if self.phase == "draft":
            return (self.drafter,)
        return ()

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Sorted legal actions of ``player`` (of every pending player when None)."""
        if player is None:
            return [a for p in self.pending_players() for a in self.legal_actions(p)]
        if player not in self.pending_players():
            return []
        if self.phase == "choose":
            return [Play(player, c) for c in self.hands[player]]
        if self.phase == "row":
            return [TakeRow(player, r) for r in range(len(self.rows))]
        if self.phase == "place":
            return [Place(player, r, e) for r, e in self.place_options]
        if self.phase == "draft":
            return [Draft(player, c) for c in self.pool]
        return []

    def _apply(self, action: Action) -> None:
        self.history[-1].append(action)
        self.events = []
        p = action.player
        if isinstance(action, Play):
            self.hands[p].remove(action.card)
            self.chosen[p] = action.card
            self.events.append(f"Player {p} lays a card face down.")
            if len(self.chosen) == self.game.players:
                self.queue = sorted((c, q) for q, c in self.chosen.items())
                self.played.extend((self.turn, q, c) for c, q in self.queue)
                self.chosen = {}
                shown = ", ".join(f"{c} (player {q})" for c, q in self.queue)
                self.events.append(f"Turn {self.turn + 1}: all cards revealed, placed in ascending order: {shown}.")
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
            self.events.append(f"Player {p} drafts {action.card}.")
            self.hands[p].append(action.card)
            self.hands[p].sort()
            self.drafted[p].append(action.card)
            n = self.game.players
            if all(len(h) == self.game.hand_size for h in self.hands):
                self.rows = [[c] for c in sorted(self.pool)]
                self.events.append(f"The draft is over; the cards left start the rows: {sorted(self.pool)}.")
                self.pool = []
                self.phase = "choose"
            else:
                self.drafter = (self.drafter + 1) % n

    def _check(self, action: Action) -> None:
        if not isinstance(action, Action) or action.game != GAME:
            raise IllegalActionError("action type", f"{action!r} is not a 6 nimmt! action")
        check_action_fields(action)
        if self.phase == "over":
            raise IllegalActionError("game over", "the game is over; no decision can be made")
        p = action.player
        n = self.game.players
        if not isinstance(p, (int, np.integer)) or not 0 <= p < n:
            raise IllegalActionError("player index", f"player {p!r} is not a seat 0..{n - 1}")
        expected = {"choose": Play, "row": TakeRow, "place": Place, "draft": Draft}[self.phase]
        pending = self.pending_players()
        if p not in pending or not isinstance(action, expected):
            what = {
                "choose": f"card choice by players {list(pending)}",
                "row": f"Rule 4 row choice by player {pending[0]}",
                "place": f"placement choice by player {pending[0]}",
                "draft": f"draft by player {pending[0]}",
            }[self.phase]
            raise IllegalActionError(
                "out of turn", f"{action.kind} by player {p} now: the game waits for a {what}"
            )
        if isinstance(action, Play):
            if action.card not in self.hands[p]:
                raise IllegalActionError(
                    "card in hand", f"player {p} does not hold card {action.card}; hand {self.hands[p]}"
                )
        elif isinstance(action, TakeRow):
            if not isinstance(action.row, (int, np.integer)) or not 0 <= action.row < len(self.rows):
                raise IllegalActionError(
                    "row index", f"row {action.row!r} does not exist; rows are 0..{len(self.rows) - 1}"
                )
        elif isinstance(action, Place):
            if (action.row, action.end) not in self.place_options:
                raise IllegalActionError(
                    "Rule 2 (smallest difference)",
                    f"card {self.queue[0][0]} may go only to {self.place_options} (row, end)",
                )
        elif isinstance(action, Draft):
            if action.card not in self.pool:
                raise IllegalActionError(
                    "draft", f"card {action.card} is not among the face-up cards {self.pool}"
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
        s.events = list(self.events)
        s.recordable = self.recordable
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
        return SixNimmtObservation(
            player=player,
            phase=self.phase,
            hand=tuple(self.hands[player]),
            rows=tuple(tuple(r) for r in self.rows),
            piles=tuple(tuple(p) for p in self.piles),
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
            drafted=tuple(tuple(d) for d in self.drafted),
            game=self.game,
        )

    # ----------------------------------------------------------------- results and checks
    def winners(self) -> tuple[int, ...]:
        """Seats with the fewest total heads (shared on ties); meaningful once the game is over."""
        return shared_winners(self.totals)

    def where_is(self) -> dict[int, str]:
        """Every card of the deck in use mapped to its one place (RULES.md §3 conservation)."""
        places: dict[int, str] = {}

        def put(cards: Iterable[int], where: str) -> None:
            for c in cards:
                if c in places:
                    raise AssertionError(f"card {c} is both in {places[c]} and {where}")
                places[c] = where

        for p, h in enumerate(self.hands):
            put(h, f"hand {p}")
        for i, r in enumerate(self.rows):
            put(r, f"row {i}")
        for p, pile in enumerate(self.piles):
            put(pile, f"pile {p}")
        put(self.chosen.values(), "face down")
        put((c for c, _ in self.queue if self.phase in ("row", "place")), "being placed")
        put(self.pool, "draft pool")
        put(self.out, "out of play")
        return places

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

    def _repr_html_(self) -> str:
        from mowkit.render import sixnimmt_html

        return sixnimmt_html(self)

    def __repr__(self) -> str:
        rows = " | ".join(" ".join(map(str, r)) for r in self.rows)
        return (
            f"<SixNimmtState round {self.round_index} turn {self.turn} phase {self.phase} "
            f"rows [{rows}] totals {self.totals}>"
        )
