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
* ``observation(player)`` is what that seat may see; it never contains another hand, with one
  exception: in 6 nimmt!'s ``logic`` variant the draft is public (the cards lie face up and are
  taken in turn), so the observation lists every player's drafted cards of the round
  (``drafted``), from which the other hands follow (drafted minus played);
* actions are checked before anything changes: a field annotated ``int`` (card, row, seat, flag,
  value) must be an ``int`` (numpy integers are stored as plain ``int`` when the action is made;
  ``bool``, ``float`` and ``str`` are refused), a field annotated ``str`` a ``str``, otherwise
  ``apply`` raises :class:`IllegalActionError` with rule ``"action-fields"``;
* a state built from recorded ``deals`` needs one deal per round played: a decision that would
  start a round without a recorded deal raises :class:`IllegalActionError` with rule
  ``"no-recorded-deal"`` **[kit]** and leaves the state as it was (a record that holds all its
  deals never gets there).
"""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Never, Protocol, Self, TypeAlias, TypeVar, cast, runtime_checkable

import numpy as np

from mowkit.i18n import N_, OptionError, _, ngettext, restore_error

JSONValue: TypeAlias = "str | int | float | bool | None | list[JSONValue] | dict[str, JSONValue]"
"""A value a JSON file holds (what records, options and tables are made of)."""

JSONObject: TypeAlias = "dict[str, JSONValue]"
"""A JSON object: a record, a decision or an event in its JSON form, a game's options."""

Reduced: TypeAlias = ("tuple[Callable[[type, tuple[object, ...], dict[str, object]], Exception], "
                      "tuple[type, tuple[object, ...], dict[str, object]]]")
"""What an error's ``__reduce__`` gives pickle: :func:`~mowkit.i18n.restore_error` and its arguments."""


class IllegalActionError(ValueError):
    """An action the rules forbid. ``rule`` names the rule that was broken (a stable slug).

    The text is ``[rule] message``; ``message`` comes translated from the engine (see
    :mod:`mowkit.i18n`).
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(_("[{rule}] {message}").format(rule=rule, message=message))

    def __reduce__(self) -> Reduced:  # dask workers send errors back: same fields, same text
        return (restore_error, (type(self), self.args, dict(vars(self))))


class RecordError(ValueError):
    """A damaged or inconsistent game record or data file; names the file and the field."""

    def __init__(self, source: str, field: str, message: str) -> None:
        self.source = source
        self.field = field
        self.message = message
        super().__init__(_("{source}: field {field}: {message}").format(source=source, field=field,
                                                                        message=message))

    def __reduce__(self) -> Reduced:
        return (restore_error, (type(self), self.args, dict(vars(self))))


# --------------------------------------------------------------------------- actions

_ACTION_TYPES: dict[tuple[str, str], type[Action]] = {}
_FIELD_TYPES: dict[type, tuple[tuple[str, str], ...]] = {}  # class -> ((field, "int"|"str"), ...)


def _field_types(cls: type) -> tuple[tuple[str, str], ...]:
    """The checked fields of an action class: ``int`` and ``str`` annotated fields, in order."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        found = tuple(
            (f.name, "int" if f.type in ("int", int) else "str")
            for f in dataclasses.fields(cls)
            if f.type in ("int", int, "str", str)
        )
        _FIELD_TYPES[cls] = found
    return found


def _normalise_ints(action: Action) -> None:
    """Store numpy integers in the ``int`` fields of ``action`` as plain ``int`` (records are JSON)."""
    for name, kind in _field_types(type(action)):
        v = getattr(action, name)
        if kind == "int" and type(v) is not int and isinstance(v, np.integer):
            object.__setattr__(action, name, int(v))


def _int_normaliser(int_fields: Sequence[str]) -> Callable[[Action], None]:
    """A ``__post_init__`` for an action class: one type test per ``int`` field on the fast path.

    numpy integers (e.g. from ``rng.integers`` or an array of cards) become plain ints, so every
    accepted action can be written to a JSON record; other types are left as they are for
    :func:`check_action_fields` to refuse when the action is applied.
    """
    cond = " or ".join(f"type(self.{n}) is not int" for n in int_fields)
    namespace: dict[str, object] = {"_normalise_ints": _normalise_ints}
    exec(f"def __post_init__(self):\n    if {cond}:\n        _normalise_ints(self)\n", namespace)
    return cast("Callable[[Action], None]", namespace["__post_init__"])


def _type_name(value: object) -> str:
    return type(value).__name__


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every decision. Subclasses set ``game`` and ``kind`` and add their fields."""

    game: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    hidden: ClassVar[bool] = False
    """A face-down decision: the others learn it only when the game reveals it (6 nimmt!'s card)."""
    player: int

    def __init_subclass__(cls, **kwargs: object) -> None:
        # no super() call: slots dataclasses are re-created, which breaks zero-argument super()
        if cls.kind:
            _ACTION_TYPES[(cls.game, cls.kind)] = cls
        annotations = {n: t for k in reversed(cls.__mro__) for n, t in vars(k).get("__annotations__", {}).items()}
        ints = [n for n, t in annotations.items() if t in ("int", int)]
        cls.__post_init__ = _int_normaliser(ints)  # type: ignore[attr-defined]

    def to_dict(self) -> JSONObject:
        """The JSON form used in game records: ``{"type": kind, "player": ..., ...}``."""
        d: JSONObject = {"type": self.kind}
        for f in dataclasses.fields(self):
            d[f.name] = getattr(self, f.name)
        return d


#: the fields of decisions in words (message ids; translated where shown)
_FIELD_WORDS: dict[str, str] = {
    "player": N_("the seat"),
    "card": N_("the card"),
    "row": N_("the row"),
    "end": N_("the end"),
    "value": N_("the value"),
    "target": N_("the target cow"),
    "flip": N_("the arrow choice"),
    "next_player": N_("the next farmer"),
}


def _value_words(v: object) -> str:
    """A wrong value of a decision field in plain words: ``2.0``, ``the text '3'``, ``nothing``."""
    if isinstance(v, (bool, np.bool_)):
        return _("True or False")
    if v is None:
        return _("nothing (None)")
    if isinstance(v, str):
        return _("the text {text}").format(text=repr(v))
    if isinstance(v, (int, float, np.integer, np.floating)):
        return _("the number {number}").format(number=repr(v.item() if isinstance(v, np.generic) else v))
    return _("something else ({kind})").format(kind=_type_name(v))


def seat_list(seats: Iterable[int], *, alternatives: bool = False) -> str:
    """Seats as a person reads them, counted from 1: ``1``, ``1 and 3``, ``1, 2 and 4``.

    With ``alternatives`` the last two are joined by "or" (``1, 2 or 4``).
    """
    shown = [str(int(p) + 1) for p in seats]
    if len(shown) <= 1:
        return "".join(shown)
    last = _("{first} or {last}") if alternatives else _("{first} and {last}")
    return last.format(first=", ".join(shown[:-1]), last=shown[-1])


def check_action_fields(action: Action) -> None:
    """Raise :class:`IllegalActionError` (rule ``"action-fields"``) unless every field has its type.

    Fields annotated ``int`` (cards, rows, seats, the arrow flag, slowpoke values) must be plain
    ``int``: a ``bool`` is refused too, so that a record stores exactly what was decided (the Mow
    ``flip`` flag is 0 or 1, never ``True``/``False``). Fields annotated ``str`` must be ``str``.
    """
    for name, kind in _field_types(type(action)):
        v = getattr(action, name)
        if kind == "int":
            if type(v) is not int:
                field = _(_FIELD_WORDS[name]) if name in _FIELD_WORDS else name
                raise IllegalActionError(
                    "action-fields", _("{field} must be a whole number, not {value}").format(
                        field=field, value=_value_words(v))
                )
        elif not isinstance(v, str):
            field = _(_FIELD_WORDS[name]) if name in _FIELD_WORDS else name
            raise IllegalActionError(
                "action-fields", _("{field} must be a word such as 'low' or 'front', not {value}").format(
                    field=field, value=_value_words(v))
            )


def action_from_dict(game: str, data: object) -> Action:
    """Rebuild an action of ``game`` from its record form; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(_("a decision must be an object, found {kind}").format(kind=_type_name(data)))
    kind = data.get("type")
    cls = _ACTION_TYPES.get((game, kind))  # type: ignore[arg-type]
    if cls is None:
        kinds = sorted(k for g, k in _ACTION_TYPES if g == game)
        raise ValueError(_("unknown decision type {kind}; the types are: {kinds}").format(
            kind=repr(kind), kinds=", ".join(kinds)))
    names = [f.name for f in dataclasses.fields(cls)]
    extra = set(data) - set(names) - {"type"}
    missing = [n for n in names if n not in data]
    if missing or extra:
        none = _("none")
        raise ValueError(
            _("a decision of type {kind} has the fields {names}; missing: {missing}; unexpected: {extra}").format(
                kind=repr(kind), names=", ".join(names), missing=", ".join(missing) or none,
                extra=", ".join(str(x) for x in sorted(extra, key=str)) or none)
        )
    values = {}
    for f in dataclasses.fields(cls):
        v = data[f.name]
        if f.type in ("int", int) and not (isinstance(v, int) and not isinstance(v, bool)):
            raise ValueError(_("decision {kind}: {field} must be a whole number, not {value}").format(
                kind=repr(kind), field=f.name, value=_value_words(v)))
        values[f.name] = v
    return cls(**values)


# --------------------------------------------------------------------------- protocols


ObsT_co = TypeVar("ObsT_co", covariant=True)
"""The observation type a state gives."""

ObsT_contra = TypeVar("ObsT_contra", contravariant=True)
"""The observation type an agent reads."""

ActT = TypeVar("ActT", bound=Action)
"""The decision type of a game (its :class:`Action` subclasses)."""

StateT = TypeVar("StateT")
"""The state type a game makes."""


@runtime_checkable
class State(Protocol[ObsT_co, ActT]):
    """What every game state offers (see the module docstring): ``State[observation, action]``."""

    def is_over(self) -> bool: ...
    def pending_players(self) -> tuple[int, ...]: ...
    def legal_actions(self, player: int | None = None) -> list[ActT]: ...
    def apply(self, action: ActT) -> None: ...
    def clone(self) -> Self: ...
    def observation(self, player: int) -> ObsT_co: ...


class ScoredState(State[ObsT_co, ActT], Protocol[ObsT_co, ActT]):
    """A :class:`State` with the bookkeeping the shared layers read (records, matches, tournaments):
    the round being played (from 0), the totals, each round's scores, the winners, the events of
    the last decision, each round's deck order and decisions (the kit's engines keep them, see
    :class:`mowkit.games.base.StateBase`)."""

    @property
    def round_index(self) -> int: ...
    @property
    def deals(self) -> Sequence[Sequence[int]]: ...
    @property
    def history(self) -> Sequence[Sequence[ActT]]: ...
    @property
    def totals(self) -> Sequence[int]: ...
    @property
    def round_scores(self) -> Sequence[Sequence[int]]: ...
    @property
    def events(self) -> Sequence[object]: ...
    def winners(self) -> tuple[int, ...]: ...


@runtime_checkable
class Agent(Protocol[ObsT_contra, ActT]):
    """One agent interface for the whole kit: ``Agent[observation, action]``.

    An agent receives its observation, the legal actions (never empty) and its own
    ``numpy.random.Generator``, and returns one of the legal actions. It never sees the state.
    """

    @property
    def name(self) -> str: ...

    def act(self, observation: ObsT_contra, legal_actions: Sequence[ActT], rng: np.random.Generator) -> ActT: ...


SomeState: TypeAlias = "ScoredState[object, Action]"
"""A state of any game (what shared code that plays every game holds)."""

SomeAgent: TypeAlias = "Agent[Never, Action]"
"""An agent of any game: it reads its own game's observations (the match hands it those)."""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: ``totals`` per seat, ``ranks`` (1 = best; equal totals share a
    rank) and ``winners`` (the seats with the lowest total; several share the win)."""

    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, totals: Sequence[int]) -> Outcome:
        """The outcome of final ``totals`` (lowest total wins, ties share)."""
        t = tuple(int(x) for x in totals)
        return cls(t, tuple(1 + sum(1 for u in t if u < x) for x in t), shared_winners(t))


@runtime_checkable
class Game(Protocol[StateT]):
    """What every game offers (``mowkit.games.sixnimmt.SixNimmt``, ``mowkit.games.mow.Mow``): ``Game[state]``.

    A frozen dataclass of validated options that makes states. ``name`` is the registry key
    (``"sixnimmt"``, ``"mow"``), ``title`` the name a person reads, ``penalty_word`` /
    ``seat_word`` / ``line_word`` the plain words for what a card costs, a seat and where cards
    are placed (English message ids; :mod:`mowkit.narrate` translates them). Every member is
    read-only, so a frozen dataclass (with class-level words) is a ``Game``.
    """

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def penalty_word(self) -> str: ...
    @property
    def seat_word(self) -> str: ...
    @property
    def line_word(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def deck(self) -> tuple[int, ...]: ...
    @property
    def threshold(self) -> int: ...
    @property
    def max_rounds(self) -> int | None: ...
    @property
    def options(self) -> JSONObject: ...
    @property
    def num_players(self) -> int: ...
    @property
    def position(self) -> Callable[..., StateT]:  # type: ignore[explicit-any]  # each game its own keywords
        """``game.position(...)``: a state built by hand (each game names its own keywords)."""
        ...
    def new_state(self, seed: int | None = None, *, rng: np.random.Generator | None = None,
                  deals: Sequence[Sequence[int]] | None = None) -> StateT: ...
    def label(self, card: int) -> str: ...
    def penalty(self, card: int) -> int: ...
    def check_deal(self, order: Sequence[int]) -> None: ...
    def outcome(self, state: StateT) -> Outcome: ...


SomeGame: TypeAlias = "Game[SomeState]"


class GameState(ScoredState[object, Action], Protocol):
    """A state that knows its game (every engine state does: ``state.game``)."""

    @property
    def game(self) -> SomeGame: ...
"""A game of any kind (what shared code that plays every game holds)."""


class DealChecker(Protocol):
    """Anything that checks a recorded deck order (a :class:`Game`, or a game class's base)."""

    def check_deal(self, order: Sequence[int]) -> None: ...


# --------------------------------------------------------------------------- seeding


def spawn_rngs(seed: int | None, n: int) -> list[np.random.Generator]:
    """``n`` independent generators derived from ``seed`` (same seed, same streams, any machine)."""
    return [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(n)]


def deal_rng(seed: int) -> np.random.Generator:
    """The deal stream of a game seeded ``seed`` (stream 0 of ``spawn_rngs(seed, n + 1)``).

    ``simulate.play_state`` deals from it and the kernels re-deal the same orders: it must never change.
    """
    return np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])


class Chance:
    """Where a state's shuffles come from: a seeded generator, or recorded deck orders."""

    def __init__(self, rng: np.random.Generator | None = None, deals: Iterable[Sequence[int]] | None = None):
        if (rng is None) == (deals is None):
            raise ValueError("Chance needs exactly one of rng or deals")
        self.rng = rng
        self.deals = None if deals is None else [list(d) for d in deals]

    def has_deal(self, round_index: int) -> bool:
        """True when round ``round_index`` can be dealt (always with a generator)."""
        return self.deals is None or round_index < len(self.deals)

    def last_recorded(self, round_index: int) -> bool:
        """True when ``round_index`` is the last round with a recorded deal (no deal follows it)."""
        return self.deals is not None and round_index + 1 >= len(self.deals)

    def shuffle(self, cards: Sequence[int], round_index: int) -> list[int]:
        """The deck order of round ``round_index``: a seeded permutation or the recorded one."""
        if self.deals is not None:
            if round_index >= len(self.deals):
                raise IllegalActionError(
                    "no-recorded-deal",
                    ngettext("round {round} has no recorded deal (the game was built from {n} deal); "
                             "give one deck order per round, or play from a seed",
                             "round {round} has no recorded deal (the game was built from {n} deals); "
                             "give one deck order per round, or play from a seed",
                             len(self.deals)).format(round=round_index + 1, n=len(self.deals)),
                )
            return list(self.deals[round_index])
        assert self.rng is not None
        return self.rng.permutation(np.asarray(cards)).tolist()  # type: ignore[no-any-return]  # plain ints

    def clone(self) -> Chance:
        c = Chance.__new__(Chance)
        if self.rng is not None:
            c.rng = np.random.default_rng()
            c.rng.bit_generator.state = self.rng.bit_generator.state
        else:
            c.rng = None
        c.deals = self.deals  # never mutated
        return c


class CheckedApply:
    """``apply`` shared by both engines' states: validate (``_check``), then change (``_apply``).

    A state playing the last of its recorded deals is copied first, so that a decision whose
    round end needs a deal that is not there (``IllegalActionError`` "no-recorded-deal") leaves
    the state exactly as it was **[kit]**; other states pay nothing for this.
    """

    _chance: Chance
    round_index: int

    def _check(self, action: Action) -> None:  # pragma: no cover - each engine defines it
        raise NotImplementedError

    def _apply(self, action: Action) -> None:  # pragma: no cover - each engine defines it
        raise NotImplementedError

    def clone(self) -> CheckedApply:  # pragma: no cover - each engine defines it
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Apply one decision, or raise :class:`IllegalActionError` leaving the state unchanged."""
        self._check(action)
        if not self._chance.last_recorded(self.round_index):
            self._apply(action)
            return
        saved = self.clone()
        try:
            self._apply(action)
        except IllegalActionError:
            chance = self._chance
            self.__dict__.clear()
            self.__dict__.update(vars(saved))
            self._chance = chance
            raise


ChoiceT = TypeVar("ChoiceT")
"""The type of the allowed values of a checked option."""


def check_int(option: str, value: object, lo: int, hi: int | None = None) -> int:
    """Validate an integer option in ``lo..hi`` and return it as a plain ``int``, or raise :class:`OptionError`.

    numpy integers are accepted; ``bool``, ``float`` (even ``4.0``) and ``str`` are refused.
    """
    if (isinstance(value, (int, np.integer)) and not isinstance(value, bool)
            and value >= lo and (hi is None or value <= hi)):
        return int(value)
    allowed = (_("an integer {lo}..{hi}").format(lo=lo, hi=hi) if hi is not None
               else _("an integer {lo} or more").format(lo=lo))
    raise OptionError(option, value, allowed)


MAX_SEED = 2**63
"""Seeds are integers ``0 <= seed < MAX_SEED`` (``2**63``): what numpy's ``SeedSequence``, the
compiled kernels (one signed 64-bit word per deal seed) and the record schema all take."""

MAX_THRESHOLD = 10_000
"""The largest ``threshold`` of either game: every backend (engine, kernels) plays it to the end
within the kernels' safety stop of 10,000 rounds, and every record stores it."""

MAX_ROUNDS = 10_000
"""The largest ``max_rounds`` of either game (the kernels' safety stop, ``kernels.batch.LIMIT``)."""

MAX_NAME_LENGTH = 200
"""The longest name of an agent or a seat a record keeps (characters)."""


def check_seed(value: object, option: str = "seed") -> int:
    """A seed as a plain ``int`` in ``0 .. MAX_SEED - 1``, or :class:`OptionError` naming ``option``.

    The one rule for every seed that enters the kit (``new_state``, ``position``, ``play_game``,
    ``Match``, tournament plans, the widgets' seed boxes): numpy integers are accepted and stored
    as ``int``; ``bool``, ``float``, ``str``, lists and anything else are refused, as are
    negative seeds and seeds of ``2**63`` or more (the compiled kernels hold a seed in 64 signed bits).
    """
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) and 0 <= value < MAX_SEED:
        return int(value)
    raise OptionError(option, value, _("a whole number from 0 to 2**63 - 1 ({most})").format(most=MAX_SEED - 1))


def fresh_seed() -> int:
    """A seed drawn from fresh entropy, within the seed rule (what ``seed=None`` stands for where it is kept)."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0]) >> 1


class _Ending(Protocol):
    @property
    def threshold(self) -> int: ...
    @property
    def comparison(self) -> str: ...


def check_totals_in_play(game: _Ending, totals: Sequence[int], option: str = "totals") -> None:
    """:class:`OptionError` unless every total of a game still in progress is below its end.

    A total that reached ``game.threshold`` (by ``game.comparison``, ``">="`` or ``">"``) would have
    ended the game, so a position in the middle of a game cannot hold it.
    """
    for p, t in enumerate(totals):
        if (t >= game.threshold) if game.comparison == ">=" else (t > game.threshold):
            most = game.threshold - 1 if game.comparison == ">=" else game.threshold
            raise OptionError(f"{option}[{p}]", t, _("a total of a game in progress: at most {most} (a total of "
                                                     "{end} or more ends the game)").format(most=most, end=most + 1))


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot name an agent or a seat (in a match and in a record), or None.

    A name is a text of 1..200 characters that is not only spaces and holds no control character
    (no line break, tab or NUL): spaces, slashes, accents, Cyrillic and emoji are all fine, and a
    record keeps them as they are.
    """
    if not isinstance(name, str):
        return _("a name must be a text, found {kind}").format(kind=_type_name(name))
    if not name.strip():
        return _("a name must not be empty or only spaces")
    if len(name) > MAX_NAME_LENGTH:
        return _("a name of {length} characters is too long (at most {most})").format(
            length=len(name), most=MAX_NAME_LENGTH)
    bad = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Cs")), None)
    if bad is not None:
        return _("a name must not hold control characters, found {code}").format(code=f"U+{ord(bad):04X}")
    return None


def check_name(value: object, option: str = "name") -> str:
    """``value`` if it is a name (see :func:`name_problem`), else :class:`OptionError` naming ``option``."""
    problem = name_problem(value)
    if problem:
        raise OptionError(option, value, _("a text of 1..{most} characters without control characters "
                                           "({problem})").format(most=MAX_NAME_LENGTH, problem=problem))
    return cast(str, value)


def check_bool(option: str, value: object, allowed: str | None = None) -> bool:
    """Validate a switch (``bool`` or numpy bool) and return a plain ``bool``, or raise :class:`OptionError`.

    ``allowed`` (already translated) replaces the default text "True or False".
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise OptionError(option, value, _("True or False") if allowed is None else allowed)


def check_seconds(option: str, value: object, maximum: float = 3600.0) -> float:
    """Validate a time in seconds: a finite number with ``0 < value <= maximum``; returns a ``float``."""
    if (isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
            and 0 < value <= maximum and math.isfinite(value)):
        return float(value)
    raise OptionError(option, value, _("None or a number of seconds, more than 0 and at most {most}").format(
        most=f"{maximum:g}"))


def check_choice(option: str, value: object, choices: Iterable[ChoiceT]) -> ChoiceT:
    """Validate that ``value`` is one of ``choices`` or raise :class:`OptionError`.

    With string choices only a ``str`` matches, and a plain ``str`` is returned.
    """
    choices = list(choices)
    strings = all(isinstance(c, str) for c in choices)
    if strings and not isinstance(value, str):
        raise OptionError(option, value, one_of(choices))
    try:
        found = value in choices
    except (TypeError, ValueError):  # e.g. a numpy array compared with the choices
        found = False
    if found:  # ``value`` equals one of ``choices``
        return cast(ChoiceT, str(value) if strings else value)
    raise OptionError(option, value, one_of(choices))


def one_of(choices: Iterable[object]) -> str:
    """``one of 'a', 'b', 'c'`` in the reader's language (the choices as they are written in code)."""
    return _("one of {choices}").format(choices=", ".join(repr(c) for c in choices))


def check_deals(game: DealChecker, deals: object) -> list[list[int]]:
    """Recorded deck orders for ``game.new_state(deals=...)``, each checked by ``game.check_deal``.

    Returns them as lists of plain ints; raises :class:`OptionError` (option ``deals`` or
    ``deals[i]``) for an empty or malformed list, an unknown card, a card twice or a wrong count.
    """
    if isinstance(deals, (str, bytes)) or not isinstance(deals, (Sequence, np.ndarray)) or len(deals) == 0:
        raise OptionError("deals", deals, _("a non-empty list of deck orders, one per round"))
    out = []
    for i, order in enumerate(deals):
        if isinstance(order, (str, bytes)) or not isinstance(order, (Sequence, np.ndarray)):
            raise OptionError(f"deals[{i}]", order, _("a list of the card ids of the deck in use"))
        order = list(order)
        try:
            game.check_deal(order)
        except ValueError as e:
            raise OptionError(f"deals[{i}]", str(e), _("an order of exactly the deck in use, each card once")) from None
        out.append([int(c) for c in order])
    return out


def shared_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest total; equal lowest totals share the win."""
    best = min(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
