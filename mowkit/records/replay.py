"""Replay a record through the engine: the rules a record must keep, checked decision by decision.

The shape of a record is the schema's (:mod:`mowkit.records.schema`); here the engine judges what
only the rules can: the options (``load_game``), a start position (``game.position``), each deal
(``game.check_deal``), each decision (``state.apply`` raises IllegalActionError naming the rule),
then the recorded scores, totals, end and winners against what the decisions give. Every refusal is
a :class:`~mowkit.core.RecordError` naming the file and the field path. Each step runs inside
:class:`Checking` for its field: anything unexpected there becomes a RecordError naming that field
(its ``safety_net`` attribute True), never a traceback from deep inside.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from types import TracebackType
from typing import Any, Literal

from mowkit.card_tables import CUSTOM_ENV
from mowkit.core import IllegalActionError, OptionError, RecordError, action_from_dict
from mowkit.i18n import _
from mowkit.records.schema import Context, check_body, check_header, decision_types
from mowkit.records.show import brief, show, show_list
from mowkit.registry import load_game


class Checking:
    """Context of one checking step: an unexpected error in it becomes a RecordError naming ``field``."""

    __slots__ = ("field", "source")

    def __init__(self, source: str, field: str) -> None:
        self.source = source
        self.field = field

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> Literal[False]:
        if e is None or isinstance(e, RecordError) or not isinstance(e, Exception):
            return False
        if isinstance(e, OptionError) and e.option == CUSTOM_ENV:
            return False  # a wrong MOWKIT_CUSTOM_CARDS switch is the environment's error, not the record's
        err = RecordError(self.source, self.field, _("could not be checked ({problem})").format(problem=brief(e)))
        err.safety_net = True  # type: ignore[attr-defined]
        raise err from None


def replay(record: dict[str, Any], source: str = "<record>", keep: bool = True) -> list[Any]:
    """Every intermediate state of a recorded game: the start, then one after each decision.

    With ``keep=False`` only the final state is returned (in a one-item list). A record that is
    not a valid game raises :class:`~mowkit.core.RecordError` naming ``source`` and the field.
    """
    with Checking(source, "(top level)"):
        game, start = _open(record, source)
        return _play_record(game, start, record, source, keep)


def validate(record: Any, source: str = "<record>") -> Any:
    """Replay ``record`` through the engine and return the final state, or raise RecordError."""
    return replay(record, source=source, keep=False)[-1]


def _open(record: Any, source: str) -> tuple[Any, Any]:
    """The record's game and its start position (None for a dealt game), the shape checked."""
    check_header(record, source)
    with Checking(source, "options"):
        game = _load_game(record["game"], record["options"], source)
    check_body(record, source, Context(game.name, game.num_players, decision_types(game.name)))
    if "position" not in record:
        return game, None
    with Checking(source, "position"):
        return game, rebuild_position(game, record["position"], source)


def _load_game(name: str, options: dict[str, Any], source: str) -> Any:
    """``load_game(name, **options)``; an option the game refuses is named as the record's field."""
    try:
        return load_game(name, **options)
    except RecordError:
        raise  # a damaged card table: its own file and field, not this record's
    except OptionError as e:
        if e.option == CUSTOM_ENV:
            raise  # the environment's switch, not this record's
        raise RecordError(source, f"options.{e.option}", str(e)) from None
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(source, "options", brief(e)) from None


def build_position(game: Any, start: dict[str, Any]) -> Any:
    """The state ``game.position(**start)`` builds (its errors pass through).

    A position stored without ``"reachable"`` (records written before the check was the default)
    was not checked as reachable, so it is built unchecked, as it was when it was saved.
    """
    return game.position(**{"reachable": False, **start})


def later_deals(state: Any, count: int) -> list[list[int]]:
    """The deck orders of the ``count`` rounds dealt after a position's first round (the last ones)."""
    if count <= 0:
        return []
    return [list(d) for d in state.deals[len(state.deals) - count:]]


def _position_fields(game: Any) -> Mapping[str, inspect.Parameter]:
    """The keyword arguments ``game.position`` takes (none named when it takes ``**kwargs``)."""
    try:
        params = inspect.signature(game.position).parameters
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return {}
    return {} if any(p.kind is p.VAR_KEYWORD for p in params.values()) else params


def rebuild_position(game: Any, position: dict[str, Any], source: str) -> Any:
    """The state a record's ``position`` builds, or RecordError naming ``position`` or its field."""
    params = _position_fields(game)
    for k in position:
        if params and k not in params:
            raise RecordError(source, f"position.{k}", _("unknown field; a {game} position has the fields "
                                                         "{fields}").format(game=game.name, fields=", ".join(params)))
    try:
        return build_position(game, position)
    except RecordError:
        raise
    except OptionError as e:
        field = e.option if e.option.split("[")[0].split(".")[0] in position else None
        raise RecordError(source, f"position.{field}" if field else "position",
                          _("not a position of this game: {e}").format(e=e)) from None
    except TypeError as e:
        raise RecordError(source, "position", _("not the fields of a {game} position ({problem})").format(
            game=game.name, problem=brief(e))) from None
    except (ValueError, KeyError, IndexError) as e:
        raise RecordError(source, "position", _("not a position of this game: {problem}").format(
            problem=brief(e))) from None


def _play_record(game: Any, start: Any, record: dict[str, Any], source: str, keep: bool) -> list[Any]:
    """Deal (or start from the position), play every recorded decision, and check the recorded end."""
    rounds = record["rounds"]
    deals = _check_deals(game, rounds, start is not None, source)
    with Checking(source, "rounds"):
        state = game.new_state(deals=deals) if start is None else start
    base = state.round_index  # 0, or the round a position starts in
    states = [state.clone()] if keep else None
    for i, r in enumerate(rounds):
        _play_round(state, i, r["decisions"], base, source, states)
        _check_round_end(state, i, r, base, i == len(rounds) - 1, source)
    _check_round_count(state, len(rounds), base, source)
    if start is not None:
        _check_later_deals(state, rounds, source)
    _check_ending(record, state, source)
    return states if states is not None else [state]


def _check_deals(game: Any, rounds: list[dict[str, Any]], from_position: bool, source: str) -> list[Any]:
    """Each round's deck order, refused by the engine (``game.check_deal``) if it is not the deck."""
    deals = []
    for i, r in enumerate(rounds):
        field = f"rounds[{i}].deal"
        with Checking(source, field):
            if from_position and i == 0:  # the position replaces the first round's deal
                if "deal" in r:
                    raise RecordError(source, field, _("a game that starts from a position has no deal in its "
                                                       "first round (the position replaces it)"))
            elif "deal" not in r:
                raise RecordError(source, field, _("must be a list of cards, found {found}").format(found=show(None)))
            else:
                _check_deal(game, r["deal"], source, field)
        deals.append(r.get("deal"))
    return deals


def _check_deal(game: Any, deal: list[int], source: str, field: str) -> None:
    try:
        game.check_deal(deal)
    except ValueError as e:
        raise RecordError(source, field, str(e)) from None


def _play_round(state: Any, i: int, decisions: list[Any], base: int, source: str, states: list[Any] | None) -> None:
    """Apply round ``i``'s decisions; an illegal one is named by its field and the rule it breaks."""
    for j, d in enumerate(decisions):
        field = f"rounds[{i}].decisions[{j}]"
        with Checking(source, field):
            if state.is_over() or state.round_index != base + i:
                raise RecordError(source, field, _("wrong count: round {round} is already over before this "
                                                   "decision").format(round=i + 1))
            _apply(state, d, source, field)
            if states is not None:
                states.append(state.clone())


def _apply(state: Any, decision: dict[str, Any], source: str, field: str) -> None:
    try:
        state.apply(action_from_dict(state.game.name, decision))
    except IllegalActionError as e:
        raise RecordError(source, field, _("illegal decision: {problem}").format(problem=e)) from None
    except ValueError as e:
        raise RecordError(source, field, str(e)) from None


def _check_round_end(state: Any, i: int, r: dict[str, Any], base: int, last: bool, source: str) -> None:
    """After round ``i``'s decisions: the round is over (unless it is the last), its scores as recorded."""
    finished = state.is_over() or state.round_index > base + i
    if not last and not finished:
        raise RecordError(source, f"rounds[{i}].decisions", _("wrong count: round {round} is unfinished after {n} "
                                                              "decisions").format(round=i + 1, n=len(r["decisions"])))
    field = f"rounds[{i}].scores"
    with Checking(source, field):
        if finished:
            want = list(state.round_scores[base + i])
            if r.get("scores") != want:
                raise RecordError(source, field, _("recorded {recorded}, the decisions give {want}").format(
                    recorded=show_list(r.get("scores")), want=want))
        elif "scores" in r:
            raise RecordError(source, field, _("scores given for a round that is not finished"))


def _check_round_count(state: Any, n: int, base: int, source: str) -> None:
    if state.round_index != base + n - 1 and not state.is_over():
        raise RecordError(source, "rounds", _("wrong count: {n} rounds recorded, play is in round {current}").format(
            n=n, current=state.round_index - base + 1))


def _check_later_deals(state: Any, rounds: list[dict[str, Any]], source: str) -> None:
    """Later rounds are dealt by the position's seed: the record must say the same deck orders."""
    for k, order in enumerate(later_deals(state, len(rounds) - 1), start=1):
        if rounds[k].get("deal") != order:
            raise RecordError(source, f"rounds[{k}].deal", _("not the deck order the position's seed deals for "
                                                             "this round"))


def _check_ending(record: dict[str, Any], state: Any, source: str) -> None:
    """The recorded totals, end and winners are what the decisions give."""
    with Checking(source, "totals"):
        if record["totals"] != list(state.totals):
            raise RecordError(source, "totals", _("recorded {recorded}, the rounds give {computed}").format(
                recorded=record["totals"], computed=list(state.totals)))
    over = state.is_over()
    if record["over"] != over:
        raise RecordError(source, "over", _("recorded {found}, the decisions give {computed}").format(
            found=show(record["over"]), computed=show(over)))
    winners = record.get("winners")
    with Checking(source, "winners"):
        if over and winners != list(state.winners()):
            raise RecordError(source, "winners", _("recorded {recorded}, the totals give {computed}").format(
                recorded=show_list(winners), computed=list(state.winners())))
    if not over and winners is not None:
        raise RecordError(source, "winners", _("recorded {recorded} for a game that is not over; expected "
                                               "null").format(recorded=show_list(winners)))
