"""Cow count: a small card game, the kit's proof that a third game needs no edit outside its folder.

The rules. Cards 1..14; a card shows one cow, a multiple of 5 two cows. Each round the deck is
shuffled and every player gets ``hand_size`` cards (the rest stay face down, out of play). Round
``r`` starts with seat ``r mod players``; then the players lay one card each in turn, clockwise:

* a card higher than the last card of the line (or on an empty line) joins the line
  (rule ``"higher-card"``);
* a card lower than the last card takes the line: its player takes every card of the line (their
  cows are penalties) and the card starts a new line (rule ``"lower-card"``).

When every hand is empty the round is scored (the line left on the table counts for nobody). The
game ends after the round in which a total reaches ``threshold`` (``comparison`` ``">="`` or
``">"``), or after ``max_rounds`` rounds. Fewest cows wins; equal lowest totals share the win.

Decisions: ``Lay(player, card)``, listed by card. Refusals name the kit's shared rule ids
(``action-type``, ``action-fields``, ``game-over``, ``player-index``, ``out-of-turn``,
``card-in-hand``). Events: the shared ``RoundStarted`` / ``RoundEnded`` / ``GameEnded`` and this
game's ``CowLaid`` and ``LineTaken``; :mod:`cowcount.narrate` tells them in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from mowkit.core import (
    Action,
    Chance,
    IllegalActionError,
    OptionError,
    check_action_fields,
    check_choice,
    check_int,
)
from mowkit.events import RULE_IDS, Event, RoundStarted
from mowkit.games.base import GameBase, StateBase

from cowcount.words import t

GAME = "cowcount"
DECK_SIZE = 14
COMPARISONS = (">=", ">")

RULE_IDS.update({
    "higher-card": "a card higher than the last of the line joins the line",
    "lower-card": "a card lower than the last of the line takes the line and starts a new one",
})


def cows(card: int) -> int:
    """The cows (penalty points) on ``card``: two on a multiple of 5, else one."""
    return 2 if card % 5 == 0 else 1


# --------------------------------------------------------------------------- action and events


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay ``card`` from the hand on the line."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "lay"
    card: int


@dataclass(frozen=True, slots=True)
class CowLaid(Event):
    """``player``'s ``card`` joins the line (it is higher than the line's last card)."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "cow laid"
    player: int
    card: int
    rule: str = "higher-card"


@dataclass(frozen=True, slots=True)
class LineTaken(Event):
    """``player``'s lower ``card`` takes the line ``taken`` (``penalty`` cows) and starts a new one."""

    game: ClassVar[str] = GAME
    kind: ClassVar[str] = "line taken"
    player: int
    card: int
    taken: tuple[int, ...]
    penalty: int
    rule: str = "lower-card"


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class CowCount(GameBase):
    """A Cow count game: validated options; ``new_state(seed)`` starts a game."""

    players: int = 3
    hand_size: int = 3
    threshold: int = 12
    comparison: str = ">="
    max_rounds: int | None = None
    name: ClassVar[str] = GAME
    title: ClassVar[str] = "Cow count"
    seat_word: ClassVar[str] = "player"
    penalty_word: ClassVar[str] = "cow"
    line_word: ClassVar[str] = "line"
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", check_int("players", self.players, 2, 4))
        object.__setattr__(self, "hand_size", check_int("hand_size", self.hand_size, 1, DECK_SIZE // self.players))
        object.__setattr__(self, "threshold", check_int("threshold", self.threshold, 1))
        object.__setattr__(self, "comparison", check_choice("comparison", self.comparison, COMPARISONS))
        if self.max_rounds is not None:
            object.__setattr__(self, "max_rounds", check_int("max_rounds", self.max_rounds, 1))
        object.__setattr__(self, "deck", tuple(range(1, DECK_SIZE + 1)))

    @property
    def options(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (what a game record stores)."""
        return {"players": self.players, "hand_size": self.hand_size, "threshold": self.threshold,
                "comparison": self.comparison, "max_rounds": self.max_rounds}

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.players

    def penalty(self, card: int) -> int:
        """The cows on ``card``."""
        return cows(card)

    def label(self, card: int) -> str:
        """The card's name a person reads: ``10 (2 cows)``."""
        from cowcount.narrate import card_label

        return card_label(self, card)

    def describe(self, action: Action) -> str:
        """A decision in words, without its player: ``lay 10 (2 cows)``."""
        from cowcount.narrate import describe

        return describe(self, action)

    def _deck_text(self) -> str:
        return f"1..{DECK_SIZE}"

    def position(self, hands: Sequence[Sequence[int]], line: Sequence[int] = (), *,
                 taken: Sequence[Sequence[int]] | None = None, totals: Sequence[int] | None = None,
                 to_act: int = 0, seed: int | None = 0) -> CowCountState:
        """A state in the middle of a round, built by hand: the hands, the line, the cards each
        player took this round, the totals of earlier rounds and the seat to act.

        Going clockwise from ``to_act`` the hands hold ``k`` cards (1..hand_size), then ``k - 1``
        (the players who laid already in this turn). Later rounds are dealt from ``seed``.
        """
        n = self.players
        hand_lists = _card_lists("hands", hands, n)
        taken_lists = _card_lists("taken", taken, n) if taken is not None else [[] for _ in range(n)]
        line_list = _card_lists("line", [line], 1)[0]
        total_list = [0] * n if totals is None else [check_int(f"totals[{p}]", x, 0) for p, x in enumerate(totals)]
        if len(total_list) != n:
            raise OptionError("totals", totals, t("one total per player"))
        seat = check_int("to_act", to_act, 0, n - 1)
        sizes = [len(hand_lists[(seat + i) % n]) for i in range(n)]
        k = sizes[0]
        if not 1 <= k <= self.hand_size or any(s not in (k, k - 1) for s in sizes) or sizes != sorted(sizes, reverse=True):
            raise OptionError("hands", [len(h) for h in hand_lists], t("hand sizes that fit a turn"))
        used = [c for group in (*hand_lists, *taken_lists, line_list) for c in group]
        if len(set(used)) != len(used) or any(c not in self.deck for c in used):
            raise OptionError("position", used, t("cards of the deck, each in one place"))
        if line_list != sorted(set(line_list)):
            raise OptionError("line", line_list, t("an ascending line"))
        state: CowCountState = self.new_state(seed)
        state.hands = [sorted(h) for h in hand_lists]
        state.line = line_list
        state.taken = taken_lists
        state.totals = total_list
        state.stock = sorted(set(self.deck) - set(used))
        state.to_act = seat
        state.recordable = False
        state.log, state.events = [], []
        state.start_position = {"hands": [sorted(h) for h in hand_lists], "line": line_list,
                                "taken": taken_lists, "totals": total_list, "to_act": seat, "seed": seed}
        return state


def _card_lists(option: str, value: Any, count: int) -> list[list[int]]:
    """``count`` lists of card numbers, or :class:`OptionError` naming ``option``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != count:
        raise OptionError(option, value, t("{n} lists of cards").format(n=count))
    out = []
    for i, cards in enumerate(value):
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
            raise OptionError(f"{option}[{i}]", cards, t("a list of cards"))
        out.append([check_int(f"{option}[{i}]", c, 1, DECK_SIZE) for c in cards])
    return out


@dataclass(frozen=True)
class CowCountObservation:
    """What ``player`` sees: the own hand, the line, the cards every player took, the counts."""

    player: int
    phase: str
    hand: tuple[int, ...]
    line: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    round: int
    pending: tuple[int, ...]
    game: CowCount


# --------------------------------------------------------------------------- the state


class CowCountState(StateBase):
    """A Cow count game in progress (mutable; ``clone()`` copies). Phases: ``play``, ``over``."""

    def __init__(self, game: CowCount, chance: Chance) -> None:
        self.game = game
        self._chance = chance
        self.totals = [0] * game.players
        self.round_scores: list[list[int]] = []
        self.round_index = -1
        self.deals: list[list[int]] = []
        self.history: list[list[Action]] = []
        self.log: list[Event] = []
        self.events: list[Event] = []
        self.phase = "play"
        self.recordable = True
        self.start_position: dict[str, Any] | None = None
        self._start_round()
        self.events = []

    def _start_round(self) -> None:
        g = self.game
        self.round_index += 1
        order = self._chance.shuffle(g.deck, self.round_index)
        g.check_deal(order)
        self.deals.append(order)
        self.history.append([])
        h = g.hand_size
        self.hands: list[list[int]] = [sorted(order[p * h:(p + 1) * h]) for p in range(g.players)]
        self.stock: list[int] = list(order[g.players * h:])
        self.line: list[int] = []
        self.taken: list[list[int]] = [[] for _ in range(g.players)]
        self.to_act = self.round_index % g.players
        self.phase = "play"
        self._emit(RoundStarted(self.round_index, h))

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.game.players

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    def pending_players(self) -> tuple[int, ...]:
        """The seat to act (one at a time), none once over."""
        return () if self.phase == "over" else (self.to_act,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """``Lay`` of every card in the hand of the seat to act, by card; empty for anyone else."""
        if self.phase == "over" or (player is not None and player != self.to_act):
            return []
        return [Lay(self.to_act, c) for c in self.hands[self.to_act]]

    def _check(self, action: Action) -> None:
        if not isinstance(action, Action) or action.game != GAME:
            raise IllegalActionError("action-type", t("this is not a decision of Cow count"))
        check_action_fields(action)
        if self.phase == "over":
            raise IllegalActionError("game-over", t("the game is over; no decision can be made"))
        p = action.player
        if not 0 <= p < self.game.players:
            raise IllegalActionError("player-index", t("there is no player {player}").format(player=p + 1))
        if p != self.to_act or not isinstance(action, Lay):
            raise IllegalActionError("out-of-turn", t("player {player} cannot play now: player {to_act} lays a card")
                                     .format(player=p + 1, to_act=self.to_act + 1))
        if action.card not in self.hands[p]:
            raise IllegalActionError("card-in-hand", t("player {player} does not hold card {card}")
                                     .format(player=p + 1, card=action.card))

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Lay)
        self.events = []
        self.history[-1].append(action)
        p, card = action.player, action.card
        self.hands[p].remove(card)
        if not self.line or card > self.line[-1]:
            self.line.append(card)
            self._emit(CowLaid(p, card))
        else:
            taken = tuple(self.line)
            self.taken[p].extend(taken)
            self.line = [card]
            self._emit(LineTaken(p, card, taken, sum(cows(c) for c in taken)))
        self.to_act = (p + 1) % self.game.players
        if not any(self.hands):
            if not self._score_round([sum(cows(c) for c in pile) for pile in self.taken]):
                self._start_round()

    def clone(self) -> CowCountState:
        """An independent copy (its own chance stream, lists and log)."""
        s = CowCountState.__new__(CowCountState)
        s.__dict__.update(self.__dict__)
        s._chance = self._chance.clone()
        s.totals = list(self.totals)
        s.round_scores = [list(r) for r in self.round_scores]
        s.deals = list(self.deals)
        s.history = [list(h) for h in self.history]
        s.log, s.events = list(self.log), list(self.events)
        s.hands = [list(h) for h in self.hands]
        s.stock, s.line = list(self.stock), list(self.line)
        s.taken = [list(x) for x in self.taken]
        return s

    def observation(self, player: int) -> CowCountObservation:
        """What ``player`` may see (never another hand nor the face-down cards)."""
        return CowCountObservation(
            player=player, phase=self.phase, hand=tuple(self.hands[player]), line=tuple(self.line),
            taken=tuple(tuple(x) for x in self.taken), hand_sizes=tuple(len(h) for h in self.hands),
            totals=tuple(self.totals), round=self.round_index, pending=self.pending_players(), game=self.game)

    def _places(self) -> Iterator[tuple[Iterable[int], str]]:
        for p, h in enumerate(self.hands):
            yield h, f"hand {p}"
        for p, x in enumerate(self.taken):
            yield x, f"taken {p}"
        yield self.line, "line"
        yield self.stock, "face down"

    def check_invariants(self) -> None:
        """Assert the rules' invariants: every card in one place, an ascending line, totals that add up."""
        places = self.where_is()
        if sorted(places) != list(self.game.deck):
            raise AssertionError(f"cards {sorted(places)} are not the deck")
        if any(a >= b for a, b in zip(self.line, self.line[1:])):
            raise AssertionError(f"the line is not ascending: {self.line}")
        if self.recordable and self.totals != [sum(r[p] for r in self.round_scores) for p in range(self.num_players)]:
            raise AssertionError("totals do not add up")

    def __repr__(self) -> str:
        return f"<CowCountState round {self.round_index} to act {self.to_act} line {self.line} totals {self.totals}>"


CowCount._state_class = CowCountState
