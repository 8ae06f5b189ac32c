"""The record format as a declarative schema (pydantic v2), and its errors as RecordErrors.

Shape, types and bounds live here: :data:`HEADER` (format, game, options) is checked first, then
:func:`body_schema` (seed, agents, totals, winners, position, rounds and their decisions) for the
game and seat count the header opened. Rules (legal decisions, deals, scores) are the engine's and
are checked by :mod:`mowkit.records.replay`. A schema error becomes a
:class:`~mowkit.core.RecordError` naming the file and the field path (``rounds[2].decisions[3].card``)
in the reader's language: the field's own message (``FIELD_MESSAGES``), or the message a custom
check gave.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import PydanticCustomError
from typing_extensions import NotRequired, TypedDict

from mowkit import core, registry
from mowkit.agents import agent_name_problem
from mowkit.core import RecordError
from mowkit.i18n import _
from mowkit.records.show import show

FORMAT = "mowkit-record/1"
FIELDS = ("format", "game", "options", "seed", "agents", "position", "rounds", "totals", "winners", "over")
REQUIRED = ("format", "game", "options", "rounds", "totals", "over")
ROUND_FIELDS = ("deal", "decisions", "scores")
MAX_CARD = 10**6  # card ids are small integers; anything beyond is damage, not a card
MAX_DECISION_INT = 2**31  # seats, cards, rows and values recorded in decisions
MAX_OPTION_INT = 2**63
MAX_SEED = core.MAX_SEED  # the seed rule of the whole kit (core.check_seed): 0 <= seed < 2**63
MAX_ROUNDS = core.MAX_ROUNDS  # rounds in a record: no game of the kit lasts longer
MAX_DECISIONS = 10_000  # decisions in one round (a round of either game has a few hundred at most)
MAX_DEAL = 10_000  # cards in one deal (a deck has about a hundred)
MAX_TEXT = 200  # longest text accepted in an option, an agent spec or a decision field
MAX_NAME = 40  # longest field or option name
MAX_POSITION_ITEMS = 2000  # values in a start position (cards, seats, totals): a few hundred at most
MAX_POSITION_DEPTH = 4  # e.g. herds: list of herds of [value, card] pairs
# Seat labels that are not agents: the Play widget records the person at the table as "human".
SEAT_LABELS = ("human",)

Types = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  # ((kind, ((field, "int"|"str"|...), ...)), ...)


# --------------------------------------------------------------------------- custom checks


def _refuse(why: str, field: str | None = None) -> PydanticCustomError:
    """A schema error carrying its own message (and, optionally, a deeper field path)."""
    return PydanticCustomError("record", "{why}", {"why": why, "field": field})


def checked_by(problem: Callable[[Any], str | None]) -> AfterValidator:
    """A validator refusing a value for which ``problem`` gives a reason."""
    def check(v: Any) -> Any:
        why = problem(v)
        if why:
            raise _refuse(why)
        return v
    return AfterValidator(check)


def _scalar_problem(x: Any) -> str | None:
    if x is None or isinstance(x, bool):
        return None
    if isinstance(x, int):
        return None if abs(x) < MAX_OPTION_INT else _("{found} is too large").format(found=show(x))
    if isinstance(x, float):
        return None if math.isfinite(x) else _("{found} is not a finite number").format(found=show(x))
    if isinstance(x, str):
        return None if len(x) <= MAX_TEXT else _("a text of {length} characters is too long").format(length=len(x))
    return _("{found} is not a plain value").format(found=show(x))


def plain_problem(v: Any) -> str | None:
    """Why ``v`` is not a plain option value (null, bool, bounded number, short text, list of those)."""
    if isinstance(v, list):
        if len(v) > 50:
            return _("a list of {length} items is too long").format(length=len(v))
        for x in v:
            if isinstance(x, (list, dict)):
                return _("a list may only hold plain values (null, true/false, numbers, text)")
            p = _scalar_problem(x)
            if p:
                return p
        return None
    if isinstance(v, dict):
        return _("an object is not an option value (plain values: null, true/false, numbers, text, lists)")
    return _scalar_problem(v)


def _position_value_problem(v: Any, where: str, depth: int, count: list[int]) -> tuple[str, str] | None:
    if isinstance(v, dict):
        return where, _("must be a plain value or a list, found {found}").format(found=show(v))
    if isinstance(v, list):
        if depth > MAX_POSITION_DEPTH:
            return where, _("lists nested too deeply for a position")
        for j, x in enumerate(v):
            p = _position_value_problem(x, f"{where}[{j}]", depth + 1, count)
            if p:
                return p
        return None
    count[0] += 1
    if count[0] > MAX_POSITION_ITEMS:
        return where, _("more than {most} values: too large for a position").format(most=MAX_POSITION_ITEMS)
    problem = _scalar_problem(v)
    return (where, problem) if problem else None


def position_problem(v: Any) -> tuple[str, str] | None:
    """``(field, why)`` when ``v`` is not a JSON start position (an object of plain values and lists)."""
    if not isinstance(v, dict):
        return "position", _("must be an object (the keyword arguments of game.position), found {found}").format(
            found=show(v))
    count = [0]  # values seen so far, across the whole position
    for k, x in v.items():
        if not isinstance(k, str) or not k.isidentifier() or len(k) > MAX_NAME:
            return "position", _("field names are short identifiers, found {found}").format(found=show(k))
        p = _position_value_problem(x, f"position.{k}", 1, count)
        if p:
            return p
    return None


def _check_position(v: Any) -> Any:
    problem = position_problem(v)
    if problem:
        raise _refuse(problem[1], problem[0])
    return v


def agent_spec_problem(game: str, spec: Any) -> str | None:
    """Why ``spec`` is not a seat label of ``game``, or None.

    A seat label is what a match records for a seat: the spec of a built-in agent (``name`` or
    ``name:key=value,...``), the name of a user's own agent (``agent.name``) or a person's seat
    (``"human"``). The rule is the one a match applies when the name enters
    (:func:`mowkit.agents.agent_name_problem`: a text of 1..200 characters, not only spaces,
    without control characters), so whatever a match records, a record loads.
    """
    if not isinstance(spec, str):
        return _("must be an agent name (text), found {found}").format(found=show(spec))
    if spec in SEAT_LABELS:
        return None
    problem = agent_name_problem(game, spec)
    return None if problem is None else _("{found} is not an agent name: {problem}").format(
        found=show(spec), problem=problem)


def _known_game(name: str) -> str:
    if name not in registry.names():
        raise _refuse(_unknown_game(name))
    return name


# --------------------------------------------------------------------------- the schema

_STRICT = ConfigDict(strict=True, extra="forbid")
_LENIENT = ConfigDict(strict=True, extra="ignore")
_MAKE_TYPED_DICT: Any = TypedDict  # built from data (the game's decision types), so not a static TypedDict


def _typed_dict(name: str, fields: dict[str, Any], config: ConfigDict = _STRICT) -> Any:
    """A TypedDict the schema validates with ``config`` (strict types; extra fields refused by default)."""
    td = _MAKE_TYPED_DICT(name, fields)
    td.__pydantic_config__ = config
    return td


Card = Annotated[int, Field(ge=0, lt=MAX_CARD)]
Seed = Annotated[int, Field(ge=0, lt=MAX_SEED)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Name = Annotated[str, Field(max_length=MAX_NAME)]
DecisionInt = Annotated[int, Field(gt=-MAX_DECISION_INT, lt=MAX_DECISION_INT)]
Plain = Annotated[Any, checked_by(plain_problem)]

HEADER = TypeAdapter(_typed_dict("Record", {
    "format": Literal[FORMAT],
    "game": Annotated[str, AfterValidator(_known_game)],
    "options": dict[Name, Plain],
    **{k: Any if k in REQUIRED else NotRequired[Any] for k in FIELDS if k not in ("format", "game", "options")},
}))


def _decision_schema(kind: str, fields: tuple[tuple[str, str], ...]) -> Any:
    """One decision type: ``type`` and the action's fields, each typed (int, text or plain value)."""
    typed = {"int": DecisionInt, "str": Text}
    return _typed_dict(kind, {"type": Literal[kind], **{n: typed.get(t, Plain) for n, t in fields}})


def _decision_tag(v: Any) -> str | None:
    """A decision's ``type`` when it can be a tag (a short text); else None, and the union names no tag."""
    kind = v.get("type") if isinstance(v, dict) else None
    return kind if isinstance(kind, str) and len(kind) <= MAX_NAME else None


def _decisions_schema(types: Types) -> Any:
    """One decision of the game: a union of its decision types, told apart by ``type``."""
    members = tuple(Annotated[_decision_schema(kind, fields), Tag(kind)] for kind, fields in types)
    if len(members) == 1:
        return members[0]
    return Annotated[Union[members], Discriminator(_decision_tag)]  # noqa: UP007 - a union built from data


@functools.lru_cache(maxsize=64)
def body_schema(game: str, n: int, types: Types) -> TypeAdapter[Any]:
    """The rest of a record of ``game`` with ``n`` seats, whose decisions have ``types``."""
    seat_list = Annotated[list[DecisionInt], Field(min_length=n, max_length=n)]
    agent = Annotated[Any, checked_by(functools.partial(agent_spec_problem, game))]
    seat = Annotated[int, Field(ge=0, lt=n)]
    round_ = _typed_dict("Round", {
        "deal": NotRequired[Annotated[list[Card], Field(max_length=MAX_DEAL)]],  # absent only after a position
        "decisions": Annotated[list[_decisions_schema(types)], Field(max_length=MAX_DECISIONS)],  # type: ignore[misc]
        "scores": NotRequired[seat_list],
    })
    return TypeAdapter(_typed_dict("RecordBody", {
        "seed": NotRequired[Seed | None],
        "agents": NotRequired[Annotated[list[agent], Field(min_length=n, max_length=n)] | None],  # type: ignore[valid-type]
        "totals": seat_list,
        "over": bool,
        "winners": NotRequired[Annotated[list[seat], Field(min_length=1, max_length=n)] | None],  # type: ignore[valid-type]
        "position": NotRequired[Annotated[Any, AfterValidator(_check_position)]],
        "rounds": Annotated[list[round_], Field(min_length=1, max_length=MAX_ROUNDS)],  # type: ignore[valid-type]
    }, _LENIENT))


def decision_types(game: str) -> Types:
    """Decision type -> the fields of ``game``'s actions and their types, as the schema wants them."""
    return tuple(
        (kind, tuple((f.name, f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "?"))
                     for f in dataclasses.fields(cls)))
        for (g, kind), cls in sorted(core._ACTION_TYPES.items()) if g == game)


# --------------------------------------------------------------------------- checking


@dataclasses.dataclass(frozen=True)
class Context:
    """What the messages of a record's fields need: its game, seat count and decision types."""

    game: str = ""
    n: int = 0
    types: Types = ()


def check_header(record: Any, source: str) -> dict[str, Any]:
    """``record`` if its format, game and options have the right shape, else RecordError."""
    try:
        HEADER.validate_python(record)
    except ValidationError as e:
        raise record_error(e, record, source, Context()) from None
    return record  # type: ignore[no-any-return]


def check_body(record: dict[str, Any], source: str, context: Context) -> None:
    """RecordError unless the rest of ``record`` has the shape of a game with ``context``'s seats."""
    try:
        body_schema(context.game, context.n, context.types).validate_python(record)
    except ValidationError as e:
        raise record_error(e, record, source, context) from None


# --------------------------------------------------------------------------- errors


@dataclasses.dataclass(frozen=True)
class Spot:
    """Where a schema error points in the record: the path, the value there, and its field kind."""

    path: tuple[str | int, ...]
    value: Any
    bad_key: bool = False  # the path's last key itself is refused (an option name)

    @property
    def kind(self) -> str:
        """The path with list indexes left out: ``rounds[].decisions[].card``."""
        return field_text(tuple("" if isinstance(p, int) else p for p in self.path))

    @property
    def field(self) -> str:
        """The path as RecordError spells it: ``rounds[2].decisions[3].card``."""
        return field_text(self.path) or "(top level)"


def field_text(path: tuple[str | int, ...]) -> str:
    """``("rounds", 0, "deal")`` -> ``rounds[0].deal`` (an empty index spells ``[]``)."""
    text = ""
    for p in path:
        text += f"[{p}]" if isinstance(p, int) or p == "" else (f".{p}" if text else p)
    return text


_MISSING = object()  # where a pydantic loc names a field the record does not have


def locate(record: Any, loc: tuple[str | int, ...], tagged: bool) -> Spot:
    """The record's field a pydantic ``loc`` points at (the decision-type tag in a ``loc`` left out)."""
    node: Any = record
    path: tuple[str | int, ...] = ()
    for k, step in enumerate(loc):
        if step == "[key]":
            return Spot(path[:-1], path[-1], bad_key=True)
        in_decision = tagged and len(path) == 4 and path[2] == "decisions"
        if in_decision and k == 4 and k < len(loc) - 1 and isinstance(node, dict) and step == node.get("type"):
            continue  # the tag pydantic puts after a decision of a tagged union
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int):
            node = node[step]
        else:
            node = _MISSING
        path += (step,)
    return Spot(path, None if node is _MISSING else node)


def record_error(error: ValidationError, record: Any, source: str, context: Context) -> RecordError:
    """The first schema error as a RecordError naming ``source`` and the field path."""
    errors = error.errors(include_url=False, include_input=False)
    first = errors[0]
    for e in errors:  # an unknown field is named before what is missing or wrong beside it
        if e["type"] == "extra_forbidden" and e["loc"][:-1] == first["loc"][:-1]:
            first = e
            break
    spot = locate(record, first["loc"], len(context.types) > 1)
    ctx = first.get("ctx") or {}
    if first["type"] == "record":
        return RecordError(source, ctx.get("field") or spot.field, ctx["why"])
    field, message = explain(first["type"], spot, record, context)
    return RecordError(source, field, message)


def explain(kind: str, spot: Spot, record: Any, context: Context) -> tuple[str, str]:
    """``(field, message)`` for a schema error of ``kind`` at ``spot``."""
    if spot.bad_key:
        return spot.field, _("option names are short texts, found {found}").format(found=show(spot.value))
    if kind == "extra_forbidden":
        return _unknown_field(spot, record, context)
    if kind == "missing" and len(spot.path) == 1:
        return spot.field, _("missing")
    if spot.kind.startswith("rounds[].decisions[]"):
        return _decision_problem(spot, record, context)
    message = FIELD_MESSAGES.get(spot.kind)
    if message is None:  # pragma: no cover - every field of the schema has its message
        return spot.field, _("could not be checked ({problem})").format(problem=kind)
    return spot.field, message(spot.value, context)


def _unknown_field(spot: Spot, record: Any, context: Context) -> tuple[str, str]:
    key = spot.path[-1]
    parent = Spot(spot.path[:-1], None)
    field = spot.field if isinstance(key, str) and len(key) <= MAX_NAME else parent.field
    if len(spot.path) == 1:
        return field, _("unknown field {found}; a record has the fields {fields}").format(
            found=show(key), fields=", ".join(FIELDS))
    if parent.kind == "rounds[]":
        return field, _("unknown field {found}; a round has the fields {fields}").format(
            found=show(key), fields=", ".join(ROUND_FIELDS))
    decision = _value_at(record, spot.path[:-1])
    names = dict(context.types)[decision["type"]]
    return field, _("unexpected field {found} in a {kind} decision (its fields: type, {fields})").format(
        found=show(key), kind=repr(decision["type"]), fields=", ".join(n for n, _t in names))


def _value_at(record: Any, path: tuple[str | int, ...]) -> Any:
    node: Any = record
    for p in path:
        node = node[p]
    return node


def _decision_problem(spot: Spot, record: Any, context: Context) -> tuple[str, str]:
    """A decision that is not an object, has an unknown type, or a field missing or of the wrong type."""
    at = 4  # rounds, i, decisions, j
    decision = _value_at(record, spot.path[:at])
    field = Spot(spot.path[:at], None).field
    types = dict(context.types)
    if not isinstance(decision, dict):
        return field, _("a decision must be an object, found {found}").format(found=show(decision))
    kind = decision.get("type")
    if not isinstance(kind, str) or kind not in types:
        return f"{field}.type", _("unknown decision type: found {found}; allowed: {types}").format(
            found=show(kind), types=", ".join(sorted(types)))
    names = ", ".join(n for n, _t in types[kind])
    if len(spot.path) <= at:  # pragma: no cover - pydantic names the decision's field
        return field, _("a decision must be an object, found {found}").format(found=show(decision))
    name = spot.path[at]
    if name not in decision:
        return spot.field, _("missing; a {kind} decision has the fields type, {fields}").format(
            kind=repr(kind), fields=names)
    typ = dict(types[kind]).get(str(name))
    template = {"int": _("must be a small integer, found {found}"),
                "str": _("must be a text, found {found}")}.get(str(typ), _("must be a plain value, found {found}"))
    return spot.field, template.format(found=show(spot.value))


def _unknown_game(name: Any) -> str:
    return _("unknown game: found {found}; the games are {games}").format(
        found=show(name), games=", ".join(registry.names()))


def _int_list(what: str | None = None) -> Callable[[Any, Context], str]:
    return lambda v, c: _("must be a list of {n} {what}, found {found}").format(
        n=c.n, what=what or _("integers"), found=show(v))


def _an_integer(v: Any, c: Context) -> str:
    return _("must be an integer from {lo} to {hi}, found {found}").format(
        lo=-MAX_DECISION_INT + 1, hi=MAX_DECISION_INT - 1, found=show(v))


FIELD_MESSAGES: dict[str, Callable[[Any, Context], str]] = {
    "": lambda v, c: _("a record must be a JSON object, found {found}").format(found=show(v)),
    "format": lambda v, c: _("expected {expected}, found {found}").format(expected=repr(FORMAT), found=show(v)),
    "game": lambda v, c: _unknown_game(v),
    "options": lambda v, c: _("must be an object of game options, found {found}").format(found=show(v)),
    "seed": lambda v, c: _("must be an integer 0..2**63-1 or null, found {found}").format(found=show(v)),
    "agents": lambda v, c: _("must be null or a list of {n} agent names (one per seat), found {found}").format(
        n=c.n, found=show(v)),
    "totals": _int_list(),
    "totals[]": _an_integer,
    "over": lambda v, c: _("must be true or false, found {found}").format(found=show(v)),
    "winners": lambda v, c: _("must be null or a list of 1..{n} seats, found {found}").format(n=c.n, found=show(v)),
    "winners[]": lambda v, c: _("must be a seat 0..{last}, found {found}").format(last=c.n - 1, found=show(v)),
    "rounds": lambda v, c: _("must be a list of 1..{most} rounds, found {found}").format(most=MAX_ROUNDS,
                                                                                         found=show(v)),
    "rounds[]": lambda v, c: _("must be an object with deal and decisions, found {found}").format(found=show(v)),
    "rounds[].deal": lambda v, c: _("must be a list of at most {most} cards, found {found}").format(
        most=MAX_DEAL, found=show(v)),
    "rounds[].deal[]": lambda v, c: _("must be a card id (a small integer), found {found}").format(found=show(v)),
    "rounds[].decisions": lambda v, c: _("must be a list of at most {most} decisions, found {found}").format(
        most=MAX_DECISIONS, found=show(v)),
    "rounds[].scores": _int_list(),
    "rounds[].scores[]": _an_integer,
}

__all__ = ["FORMAT", "FIELDS", "REQUIRED", "ROUND_FIELDS", "SEAT_LABELS", "agent_spec_problem",
           "check_body", "check_header", "decision_types", "plain_problem", "position_problem"]
