"""The lesson file format as a declarative schema (pydantic v2), and the checks through the engine.

Shape, types and bounds are checked first (:data:`SCHEMA`); then the game and its options
(``load_game``), then every step's position (``game.position``: the engine's own checks) and the
seat asked. Every refusal is a :class:`LessonError` (a :class:`~mowkit.core.RecordError`) naming
the file and the field path (``steps[2].position.rows``) in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, TypeAdapter, ValidationError
from typing_extensions import NotRequired, TypedDict

from mowkit.core import RecordError
from mowkit.i18n import LANGUAGES, _
from mowkit.lessons.lesson import FORMAT, Lesson, Step
from mowkit.records.replay import _load_game, rebuild_position
from mowkit.records.schema import (
    Name,
    Plain,
    _check_position,
    _known_game,
    _refuse,
    locate,
)
from mowkit.records.show import show

FIELDS = ("format", "game", "options", "language", "title", "steps")
STEP_FIELDS = ("position", "question", "explanation", "player", "rollouts")
MAX_STEPS = 200
MAX_TITLE = 200
MAX_QUESTION = 2000
MAX_EXPLANATION = 8000
MAX_ROLLOUTS = 100_000
MAX_SEAT = 64


class LessonError(RecordError):
    """A damaged or inconsistent lesson file; names the file and the field."""


def _rollouts(v: int) -> int:
    if v == 1:
        raise _refuse(_("must be 0 (the exact odds only) or 2..{most} Monte Carlo deals, found {found}").format(
            most=MAX_ROLLOUTS, found=show(v)))
    return v


_CONFIG = ConfigDict(strict=True, extra="forbid")
_MAKE_TYPED_DICT: Any = TypedDict


def _typed_dict(name: str, fields: dict[str, Any]) -> Any:
    td = _MAKE_TYPED_DICT(name, fields)
    td.__pydantic_config__ = _CONFIG
    return td


STEP = _typed_dict("LessonStep", {
    "position": Annotated[Any, AfterValidator(_check_position)],
    "question": Annotated[str, Field(min_length=1, max_length=MAX_QUESTION)],
    "explanation": NotRequired[Annotated[str, Field(max_length=MAX_EXPLANATION)]],
    "player": NotRequired[Annotated[int, Field(ge=0, lt=MAX_SEAT)] | None],
    "rollouts": NotRequired[Annotated[int, Field(ge=0, le=MAX_ROLLOUTS), AfterValidator(_rollouts)]],
})

SCHEMA: TypeAdapter[Any] = TypeAdapter(_typed_dict("Lesson", {
    "format": Literal[FORMAT],
    "game": Annotated[str, AfterValidator(_known_game)],
    "options": dict[Name, Plain],
    "language": Literal[LANGUAGES],  # type: ignore[valid-type]
    "title": Annotated[str, Field(max_length=MAX_TITLE)],
    "steps": Annotated[list[STEP], Field(min_length=1, max_length=MAX_STEPS)],  # type: ignore[valid-type]
}))


# --------------------------------------------------------------------------- messages


def _text(most: int, least: int = 0) -> Callable[[Any], str]:
    return lambda v: _("must be a text of {least} to {most} characters, found {found}").format(
        least=least, most=most, found=show(v) if not isinstance(v, str) else
        _("{n} characters").format(n=len(v)))


FIELD_MESSAGES: dict[str, Callable[[Any], str]] = {
    "": lambda v: _("a lesson must be a JSON object, found {found}").format(found=show(v)),
    "format": lambda v: _("expected {expected}, found {found}").format(expected=repr(FORMAT), found=show(v)),
    "options": lambda v: _("must be an object of game options, found {found}").format(found=show(v)),
    "language": lambda v: _("must be one of {allowed}, found {found}").format(
        allowed=", ".join(LANGUAGES), found=show(v)),
    "title": _text(MAX_TITLE),
    "steps": lambda v: _("must be a list of 1 to {most} steps, found {found}").format(most=MAX_STEPS, found=show(v)),
    "steps[]": lambda v: _("a step must be an object with a position and a question, found {found}").format(
        found=show(v)),
    "steps[].question": _text(MAX_QUESTION, 1),
    "steps[].explanation": _text(MAX_EXPLANATION),
    "steps[].player": lambda v: _("must be null or a seat 0..{last} (0-based), found {found}").format(
        last=MAX_SEAT - 1, found=show(v)),
    "steps[].rollouts": lambda v: _("must be 0 (the exact odds only) or 2..{most} Monte Carlo deals, "
                                    "found {found}").format(most=MAX_ROLLOUTS, found=show(v)),
}


def _schema_error(error: ValidationError, data: Any, source: str) -> LessonError:
    first = error.errors(include_url=False, include_input=False)[0]
    spot = locate(data, first["loc"], False)
    ctx = first.get("ctx") or {}
    if first["type"] == "record":
        return LessonError(source, ctx.get("field") or spot.field, ctx["why"])
    if spot.bad_key:
        return LessonError(source, spot.field, _("option names are short texts, found {found}").format(
            found=show(spot.value)))
    if first["type"] == "extra_forbidden":
        if len(spot.path) > 1:
            return LessonError(source, spot.field, _("unknown field; a step has the fields {fields}").format(
                fields=", ".join(STEP_FIELDS)))
        return LessonError(source, spot.field, _("unknown field; a lesson has the fields {fields}").format(
            fields=", ".join(FIELDS)))
    if first["type"] == "missing":
        return LessonError(source, spot.field, _("missing"))
    message = FIELD_MESSAGES.get(spot.kind)
    if message is None:  # pragma: no cover - every field of the schema has its message
        return LessonError(source, spot.field, _("could not be checked ({problem})").format(problem=first["type"]))
    return LessonError(source, spot.field, message(spot.value))


# --------------------------------------------------------------------------- checking


def check(data: Any, source: str = "<lesson>") -> Lesson:
    """The :class:`Lesson` ``data`` (a lesson file's JSON) holds, every step's position built and
    checked by the engine; :class:`LessonError` naming ``source`` and the field otherwise."""
    try:
        SCHEMA.validate_python(data)
    except ValidationError as e:
        raise _schema_error(e, data, source) from None
    try:
        game = _load_game(data["game"], data["options"], source)
    except RecordError as e:
        raise LessonError(e.source, e.field, e.message) from None
    steps = []
    for i, raw in enumerate(data["steps"]):
        step = Step(position=raw["position"], question=raw["question"], explanation=raw.get("explanation", ""),
                    player=raw.get("player"), rollouts=raw.get("rollouts", 0))
        check_step(game, step, source, f"steps[{i}]")
        steps.append(step)
    return Lesson(game=data["game"], language=data["language"], title=data["title"], steps=tuple(steps),
                  options=data["options"])


def check_step(game: Any, step: Step, source: str = "<lesson>", where: str = "step") -> Any:
    """The state of ``step``'s position in ``game``, with a decision for the seat asked; else
    :class:`LessonError` naming ``where`` and the field."""
    try:
        state = rebuild_position(game, dict(step.position), source)
    except RecordError as e:
        raise LessonError(source, f"{where}.{e.field}", e.message) from None
    if state.is_over():
        raise LessonError(source, f"{where}.position", _("the game is over in this position: there is no "
                                                         "decision to ask about"))
    pending = [int(p) for p in state.pending_players()]
    if step.player is not None and step.player not in pending:
        raise LessonError(source, f"{where}.player", _("must be null or a seat that decides in this position: "
                                                       "{seats} (0-based), found {found}").format(
                                                           seats=", ".join(map(str, pending)), found=show(step.player)))
    return state


__all__ = ["FIELDS", "LessonError", "MAX_EXPLANATION", "MAX_QUESTION", "MAX_ROLLOUTS", "MAX_STEPS", "MAX_TITLE",
           "SCHEMA", "STEP_FIELDS", "check", "check_step"]
