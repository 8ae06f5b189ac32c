"""Shared vocabulary of both games: errors, actions, the Game/State/Agent protocols, seeding.

Both engines (``mowkit.games.sixnimmt`` and ``mowkit.games.mow``) follow one shape:

* a frozen ``Game`` holds the validated options and makes ``State`` objects;
* a ``State`` is mutable: ``apply(action)`` validates first and raises
  :class:`IllegalActionError` (naming the rule) with the state unchanged, or mutates it;
  ``clone()`` gives an independent copy;
* chance (shuffles) comes from a seeded ``numpy.random.Generator`` or from a list of recorded
  deck orders (``deals``), so that a game record replays exactly;
* ``pending_players()`` lists the seats that may act now (several at once during 6 nimmt!'s
  simultaneous card choice), ``legal_actions(player)`` is sorted and empty once the game is over;
* ``observation(player)`` is what that seat may see; it never contains another hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np


class IllegalActionError(ValueError):
    """An action the rules forbid. ``rule`` names the rule that was broken."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"[{rule}] {message}")


class OptionError(ValueError):
    """A game option with a wrong value; the message names the option and what is allowed."""

    def __init__(self, option: str, value: Any, allowed: str) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(f"option {option}={value!r} is not allowed; allowed: {allowed}")


class RecordError(ValueError):
    """A damaged or inconsistent game record or data file; names the file and the field."""

    def __init__(self, source: str, field: str, message: str) -> None:
        self.source = source
        self.field = field
        super().__init__(f"{source}: field {field}: {message}")


# --------------------------------------------------------------------------- actions

_ACTION_TYPES: dict[tuple[str, str], type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every decision. Subclasses set ``game`` and ``kind`` and add their fields."""

    game: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    player: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # no super() call: slots dataclasses are re-created, which breaks zero-argument super()
        if cls.kind:
            _ACTION_TYPES[(cls.game, cls.kind)] = cls

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in game records: ``{"type": kind, "player": ..., ...}``."""
        d: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            d[f.name] = getattr(self, f.name)
        return d


def action_from_dict(game: str, data: Any) -> Action:
    """Rebuild an action of ``game`` from its record form; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a decision must be an object, got {type(data).__name__}")
    kind = data.get("type")
    cls = _ACTION_TYPES.get((game, kind))  # type: ignore[arg-type]
    if cls is None:
        kinds = sorted(k for g, k in _ACTION_TYPES if g == game)
        raise ValueError(f"unknown decision type {kind!r}; allowed: {', '.join(kinds)}")
    names = [f.name for f in dataclasses.fields(cls)]
    extra = set(data) - set(names) - {"type"}
    missing = [n for n in names if n not in data]
    if missing or extra:
        raise ValueError(
            f"decision {kind!r} needs fields {names}; missing {missing}, unexpected {sorted(extra)}"
        )
    values = {}
    for f in dataclasses.fields(cls):
        v = data[f.name]
        if f.type in ("int", int) and not (isinstance(v, int) and not isinstance(v, bool)):
            raise ValueError(f"decision {kind!r}: {f.name} must be an integer, got {v!r}")
        values[f.name] = v
    return cls(**values)


# --------------------------------------------------------------------------- protocols


@runtime_checkable
class State(Protocol):
    """What every game state offers (see the module docstring)."""

    def is_over(self) -> bool: ...
    def pending_players(self) -> tuple[int, ...]: ...
    def legal_actions(self, player: int | None = None) -> list[Action]: ...
    def apply(self, action: Action) -> None: ...
    def clone(self) -> State: ...
    def observation(self, player: int) -> Any: ...


@runtime_checkable
class Agent(Protocol):
    """One agent interface for the whole kit.

    An agent receives its observation, the legal actions (never empty) and its own
    ``numpy.random.Generator``, and returns one of the legal actions. It never sees the state.
    """

    name: str

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action: ...


# --------------------------------------------------------------------------- seeding


def spawn_rngs(seed: int | None, n: int) -> list[np.random.Generator]:
    """``n`` independent generators derived from ``seed`` (same seed, same streams, any machine)."""
    return [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(n)]


class Chance:
    """Where a state's shuffles come from: a seeded generator, or recorded deck orders."""

    def __init__(self, rng: np.random.Generator | None = None, deals: Iterable[Sequence[int]] | None = None):
        if (rng is None) == (deals is None):
            raise ValueError("Chance needs exactly one of rng or deals")
        self.rng = rng
        self.deals = None if deals is None else [list(d) for d in deals]

    def shuffle(self, cards: Sequence[int], round_index: int) -> list[int]:
        """The deck order of round ``round_index``: a seeded permutation or the recorded one."""
        if self.deals is not None:
            if round_index >= len(self.deals):
                raise ValueError(f"no recorded deal for round {round_index}")
            return list(self.deals[round_index])
        assert self.rng is not None
        return [int(c) for c in self.rng.permutation(np.asarray(cards))]

    def clone(self) -> Chance:
        c = Chance.__new__(Chance)
        if self.rng is not None:
            c.rng = np.random.default_rng()
            c.rng.bit_generator.state = self.rng.bit_generator.state
        else:
            c.rng = None
        c.deals = self.deals  # never mutated
        return c


def check_int(option: str, value: Any, lo: int, hi: int | None = None) -> int:
    """Validate an integer option in ``lo..hi`` or raise :class:`OptionError`."""
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if ok and value >= lo and (hi is None or value <= hi):
        return int(value)
    allowed = f"an integer {lo}..{hi}" if hi is not None else f"an integer >= {lo}"
    raise OptionError(option, value, allowed)


def check_choice(option: str, value: Any, choices: Iterable[Any]) -> Any:
    """Validate that ``value`` is one of ``choices`` or raise :class:`OptionError`."""
    choices = list(choices)
    if value in choices:
        return value
    raise OptionError(option, value, "one of " + ", ".join(repr(c) for c in choices))


def shared_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest total; equal lowest totals share the win."""
    best = min(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
