"""What both engines share: making states, checking a recorded deal, where every card is, the outcome.

``GameBase`` is mixed into each game's frozen options dataclass, ``StateBase`` into each state
(after :class:`mowkit.core.CheckedApply`). A game sets ``_state_class`` and ``deck``; a state
yields its card places from ``_places()``. Nothing here knows a rule of either game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar

import numpy as np

from mowkit.core import Chance, CheckedApply, Outcome, check_deals, check_seed
from mowkit.events import Event, GameEnded, RoundEnded
from mowkit.i18n import _
from mowkit.registry import spec_of


class GameBase:
    """``new_state`` / ``check_deal`` / ``outcome`` for a game with ``deck`` and ``_state_class``."""

    _state_class: ClassVar[type]
    deck: tuple[int, ...]

    def _deck_text(self) -> str:
        """How the deck in use is named in a ``check_deal`` message (e.g. ``"1..104"``)."""
        return f"ids {min(self.deck)}..{max(self.deck)}"

    def new_state(
        self,
        seed: int | None = None,
        *,
        rng: np.random.Generator | None = None,
        deals: Sequence[Sequence[int]] | None = None,
    ) -> Any:
        """A new game. Shuffles come from ``seed``/``rng``, or from recorded ``deals``.

        ``deals`` (one deck order per round, checked here) must not run out while the game goes
        on: see the game module's docstring ("Recorded deals"). ``seed`` is None (fresh entropy)
        or a whole number ``0 <= seed < 2**63`` (:func:`~mowkit.core.check_seed`; numpy integers
        accepted; anything else raises :class:`~mowkit.core.OptionError` naming ``seed``).
        """
        if deals is not None:
            chance = Chance(deals=check_deals(self, deals))
        elif rng is not None:
            chance = Chance(rng=rng)
        else:
            chance = Chance(rng=np.random.default_rng(None if seed is None else check_seed(seed)))
        return self._state_class(self, chance)

    def check_deal(self, order: Sequence[int]) -> None:
        """Raise ``ValueError`` unless ``order`` is an order of exactly the deck in use."""
        deck = set(self.deck)
        seen: set[int] = set()
        for i, c in enumerate(order):
            if not isinstance(c, (int, np.integer)) or isinstance(c, bool) or c not in deck:
                raise ValueError(_("item {i}: unknown card {card} (the deck is {deck})").format(
                    i=i, card=repr(c), deck=self._deck_text()))
            if c in seen:
                raise ValueError(_("item {i}: card {card} dealt twice").format(i=i, card=c))
            seen.add(c)
        if len(order) != len(deck):
            raise ValueError(_("wrong count: {n} cards, the deck has {size}").format(n=len(order), size=len(deck)))

    def outcome(self, state: Any) -> Outcome:
        """Totals, ranks and winners of ``state`` (meaningful once it is over)."""
        return Outcome.of(state.totals)


class StateBase(CheckedApply):
    """``where_is`` / ``winners`` / ``outcome`` and the game log for a state with ``_places()``.

    ``log`` holds every event of the game from the first deal; ``events`` the events of the
    last decision (a slice of ``log``). An engine appends with :meth:`_event` or :meth:`_emit`.
    """

    game: Any
    totals: list[int]
    round_scores: list[list[int]]
    round_index: int
    phase: str

    def _repr_html_(self) -> str:
        """The state drawn in a notebook, by its game's renderer (the spec's ``renderer`` slot)."""
        return spec_of(self).render(self)

    # The log is built on first read: an engine appends what happened as ``(event class, fields)``
    # (``_event``) or as a made event (``_emit``) to ``_raw``, and ``log`` / ``events`` make the
    # event objects when someone looks (most decisions of a rollout or a bare loop are never told).
    # The events are the same objects on every read, in the same order, with the same fields as if
    # made at once. What the state holds (``vars(state)``: ``_raw`` and ``_mark``) does not change
    # when the log is read: the made objects are kept in a slot beside it.
    __slots__ = ("_made", "_made_for", "_acts")
    _made: list[Event]  # the events of ``_raw`` made so far (a slot: not part of ``vars(state)``)
    _made_for: list[Event | tuple[type[Event], tuple[object, ...]]]  # the ``_raw`` they were made from
    _acts: dict[Any, Any]  # an engine's action objects by key, made once (a slot; see the engines)
    _raw: list[Event | tuple[type[Event], tuple[object, ...]]]  # every event of the game, made or not
    _mark: int  # where the last decision's events start in the log

    @property
    def log(self) -> list[Event]:
        """Every event of the game from the first deal (the engine appends to it)."""
        raw = self._raw
        try:
            made = self._made
            if self._made_for is not raw:  # the log was replaced (a refused decision restored it)
                raise AttributeError
        except AttributeError:
            made = self._made = []
            self._made_for = raw
        if len(made) < len(raw):
            made.extend([x if type(x) is not tuple else x[0](*x[1]) for x in raw[len(made):]])  # type: ignore[misc]
        return made

    @log.setter
    def log(self, events: list[Event]) -> None:
        self._raw, self._mark = list(events), len(events)

    @property
    def events(self) -> list[Event]:
        """The events of the last decision (the tail of ``log``), as a new list."""
        return self.log[self._mark:]

    @events.setter
    def events(self, events: list[Event]) -> None:
        """``events = []`` starts a new decision; a non-empty list must be the tail of ``log``."""
        self._mark = len(self._raw) - len(events)

    def log_span(self) -> tuple[int, int]:
        """Where the last decision's events are in ``log``: ``log[start:end]`` (without making any)."""
        return self._mark, len(self._raw)

    def _emit(self, event: Event) -> None:
        """Append ``event`` to the game log and to the events of the decision being applied."""
        self._raw.append(event)

    def _event(self, cls: type[Event], *fields: object) -> None:
        """Append the event ``cls(*fields)`` to the log, made when the log is read.

        (An engine that uses it copies its log in ``clone`` with :meth:`_copy_log`, which keeps
        what is not made yet as it is; ``clone.log = list(self.log)``, as a game written before
        it does, suits an engine that appends made events only, with :meth:`_emit`.)"""
        self._raw.append((cls, fields))

    def _copy_log(self, other: StateBase) -> None:
        """Give ``other`` (a clone being made) this state's log and last decision's events."""
        other._raw, other._mark = list(self._raw), self._mark
        try:
            if self._made_for is self._raw:  # share the events made so far (the same objects)
                other._made, other._made_for = list(self._made), other._raw
        except AttributeError:
            pass

    def _places(self) -> Iterator[tuple[Iterable[int], str]]:  # pragma: no cover - each engine
        raise NotImplementedError

    def where_is(self) -> dict[int, str]:
        """Every card of the deck in use mapped to its one place (RULES.md §3 conservation)."""
        places: dict[int, str] = {}
        for cards, where in self._places():
            for c in cards:
                if c in places:
                    raise AssertionError(f"card {c} is both in {places[c]} and {where}")
                places[c] = where
        return places

    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest total (shared on ties); meaningful once the game is over."""
        return Outcome.of(self.totals).winners

    def outcome(self) -> Outcome:
        """Totals, ranks and winners (meaningful once the game is over)."""
        return Outcome.of(self.totals)

    def _score_round(self, scores: list[int]) -> bool:
        """Add the round's ``scores`` to the totals and say so (``RoundEnded``); the game ends
        (``GameEnded``, phase ``"over"``) when a total reaches the threshold by the game's
        ``comparison`` or the rounds reach ``max_rounds``. True when the game is over."""
        g = self.game
        self.round_scores.append(scores)
        for p, s in enumerate(scores):
            self.totals[p] += s
        self._emit(RoundEnded(self.round_index, tuple(scores), tuple(self.totals)))  # made: once a round
        reached = any((t >= g.threshold) if g.comparison == ">=" else (t > g.threshold) for t in self.totals)
        if reached or (g.max_rounds is not None and len(self.round_scores) >= g.max_rounds):
            self.phase = "over"
            o = self.outcome()
            self._emit(GameEnded(o.totals, o.ranks, o.winners))
            return True
        return False
