"""Game records: one JSON format for both games; save (atomic), load, validate, replay.

A record (``format`` ``"mowkit-record/1"``)::

    {
      "format": "mowkit-record/1",
      "game": "sixnimmt",                 # or "mow"
      "options": {...},                   # the game's options, as Game.options gives them
      "seed": 7,                          # the seed the game was played with (null if none)
      "agents": ["random", "greedy", ...],# who sat in each seat (informative, may be absent)
      "rounds": [
        {"deal": [...],                   # the round's shuffled deck order (card ids)
         "decisions": [{"type": "play", "player": 0, "card": 55}, ...],
         "scores": [12, 3, 9, 0]}         # the round's penalties (absent while unfinished)
      ],
      "totals": [12, 3, 9, 0],            # running totals after the last finished round
      "winners": [3],                     # seats sharing the win (null while the game goes on)
      "over": true
    }

A game that started from a hand-built position (``game.position(...)``) is recorded with one more
field, ``"position"``: the state's ``start_position`` (the keyword arguments of ``game.position``
that build it again, a JSON object). Its first round has no ``deal`` (the position replaces it);
later rounds have the deck orders the position's seed dealt. ``load`` builds the position again,
checks that it is the recorded one, replays the decisions and checks the later deals.

``load`` replays the whole record through the engine, so a damaged or edited file (unknown card,
card dealt twice, wrong count, an illegal decision, scores that do not add up) is refused with a
:class:`~mowkit.core.RecordError` naming the file and the field.

Reading is defensive: the bytes are decoded as UTF-8 here (a bad byte is named by its offset),
JSON nested too deeply or holding integers too long to read is refused, and every field is
type-checked before it is used, so a damaged file always ends in a ``RecordError`` (never a
``UnicodeDecodeError``, ``RecursionError`` or ``TypeError`` from deep inside). Field checks:
``seed`` an integer >= 0 or null (not a bool, a float, NaN or Infinity); ``agents`` null or one
agent spec per seat (``name`` or ``name:key=value,...`` with a known agent name of the game, or
``"human"`` for a seat a person played);
``options`` plain JSON values only (null, true/false, numbers, text, lists of those); every
decision an object with exactly the fields of its type. A last safety net in :func:`replay` turns
anything unexpected into a ``RecordError`` naming the field being checked at that moment (its
``safety_net`` attribute is then True; the record fuzzer in ``tests/test_bad_files.py`` asserts
that no damaged record needs it).

``save`` writes a temporary file ``.{name}.{pid}.{random}.tmp`` beside the target (the writer's
process id inside), then renames it. A save killed half-way leaves that file behind; the next
``save`` or ``load`` of the same file removes such leftovers whose writer is no longer running
(a live writer's temporary file is kept).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import math
import os
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mowkit import core, registry
from mowkit.card_tables import CUSTOM_ENV
from mowkit.core import IllegalActionError, OptionError, RecordError, action_from_dict
from mowkit.events import RoundStarted
from mowkit.i18n import _, counted, ngettext
from mowkit.narrate import decision, sentences
from mowkit.registry import load_game

FORMAT = "mowkit-record/1"
FIELDS = ("format", "game", "options", "seed", "agents", "position", "rounds", "totals", "winners", "over")
REQUIRED = ("format", "game", "options", "rounds", "totals", "over")
ROUND_FIELDS = ("deal", "decisions", "scores")
MAX_CARD = 10**6  # card ids are small integers; anything beyond is damage, not a card
MAX_DECISION_INT = 2**31  # seats, cards, rows and values recorded in decisions
MAX_OPTION_INT = 2**63
MAX_SEED = 2**128
MAX_TEXT = 200  # longest text accepted in an option, an agent spec or a decision field
MAX_FILE_BYTES = 256 * 2**20
MAX_POSITION_ITEMS = 2000  # values in a start position (cards, seats, totals): a few hundred at most
MAX_POSITION_DEPTH = 4  # e.g. herds: list of herds of [value, card] pairs
# Seat labels that are not agents: the Play widget records the person at the table as "human".
SEAT_LABELS = ("human",)


def to_record(state: Any, seed: int | None = None, agents: Sequence[str] | None = None, *,
              position: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game state (finished or not), from its deals and decision history.

    A state built by hand is recorded with its starting position: ``state.start_position`` (what
    the engines keep for a position), or ``position`` given here (the keyword arguments of
    ``game.position`` that build it). A hand-built state with neither cannot be saved
    (:class:`~mowkit.core.OptionError`, option ``position``).
    """
    start = position if position is not None else getattr(state, "start_position", None)
    if start is None and not getattr(state, "recordable", True):
        raise OptionError("position", None, _("the starting position of a state built by hand, which "
                                              "cannot be saved without it (its start_position, or "
                                              "to_record(..., position={...}): the keyword arguments of "
                                              "game.position); a dealt game needs none"))
    if start is not None:
        problem = _position_problem(start)
        if problem:
            raise OptionError("position", start, _("a JSON object of game.position's keyword arguments "
                                                   "({problem} at {place})").format(
                                                       problem=problem[1], place=problem[0]))
    rounds = []
    if start is None:
        base = 0
        pairs = list(zip(state.deals, state.history))
    else:
        base = _build_position(state.game, start).round_index  # the round the position starts in
        later = _later_deals(state, len(state.history) - 1 - base)
        pairs = [(None, state.history[base])] + list(zip(later, state.history[base + 1:]))
    for k, (deal, decisions) in enumerate(pairs):
        i = base + k
        r: dict[str, Any] = {} if deal is None else {"deal": [int(c) for c in deal]}
        r["decisions"] = [a.to_dict() for a in decisions]
        if i < len(state.round_scores):
            r["scores"] = [int(s) for s in state.round_scores[i]]
        rounds.append(r)
    over = state.is_over()
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "options": state.game.options,
        "seed": seed,
        "agents": list(agents) if agents is not None else None,
    }
    if start is not None:
        record["position"] = json.loads(json.dumps(start))
    record.update({
        "rounds": rounds,
        "totals": [int(t) for t in state.totals],
        "winners": list(state.winners()) if over else None,
        "over": over,
    })
    return record


def _build_position(game: Any, start: dict[str, Any]) -> Any:
    """The state ``game.position(**start)`` builds (its errors pass through)."""
    return game.position(**start)


def _later_deals(state: Any, count: int) -> list[list[int]]:
    """The deck orders of the ``count`` rounds dealt after a position's first round (the last ones)."""
    if count <= 0:
        return []
    return [list(d) for d in state.deals[len(state.deals) - count:]]


def _position_problem(v: Any, where: str = "position", depth: int = 0, count: list[int] | None = None) -> tuple[str, str] | None:
    """``(field, why)`` when ``v`` is not a JSON start position (an object of plain values and lists)."""
    count = [0] if count is None else count
    if depth == 0 and not isinstance(v, dict):
        return where, _("must be an object (the keyword arguments of game.position), found {found}").format(
            found=_show(v))
    if isinstance(v, dict):
        if depth > 0:
            return where, _("must be a plain value or a list, found {found}").format(found=_show(v))
        for k, x in v.items():
            if not isinstance(k, str) or not k.isidentifier() or len(k) > 40:
                return where, _("field names are short identifiers, found {found}").format(found=_show(k))
            p = _position_problem(x, f"{where}.{k}", depth + 1, count)
            if p:
                return p
        return None
    if isinstance(v, list):
        if depth > MAX_POSITION_DEPTH:
            return where, _("lists nested too deeply for a position")
        for j, x in enumerate(v):
            p = _position_problem(x, f"{where}[{j}]", depth + 1, count)
            if p:
                return p
        return None
    count[0] += 1
    if count[0] > MAX_POSITION_ITEMS:
        return where, _("more than {most} values: too large for a position").format(most=MAX_POSITION_ITEMS)
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, int):
        return None if abs(v) < MAX_OPTION_INT else (where, _("{found} is too large").format(found=_show(v)))
    if isinstance(v, float):
        return None if math.isfinite(v) else (where, _("{found} is not a finite number").format(
            found=_show(v)))
    if isinstance(v, str):
        return None if len(v) <= MAX_TEXT else (where, _("a text of {length} characters is too long").format(
            length=len(v)))
    return where, _("{found} is not a plain value").format(found=_show(v))


# --------------------------------------------------------------------------- temporary files


def _temp_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"\." + re.escape(name) + r"\.(\d+)\.[A-Za-z0-9_]+\.tmp")


def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` is running (a process we may not signal counts as running)."""
    if pid <= 0:
        return True  # never ours to judge
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Leftover temporary files of an interrupted ``save`` of ``path`` whose writer has exited."""
    path = Path(path)
    pattern = _temp_pattern(path.name)
    folder = path.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    stale = []
    for n in names:
        m = pattern.fullmatch(n)
        if m and not _pid_alive(int(m.group(1))):
            stale.append(folder / n)
    return sorted(stale)


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Delete the leftovers :func:`stale_temporaries` finds; returns those removed."""
    removed = []
    for p in stale_temporaries(path):
        try:
            p.unlink()
        except OSError:
            continue  # read-only folder or removed meanwhile: leave it
        removed.append(p)
    return removed


def save(record: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """Write ``record`` as JSON atomically (temporary file in the same folder, then rename).

    The temporary file is ``.{name}.{pid}.{random}.tmp``; leftovers of earlier saves of the same
    file whose writer has exited are removed first.
    """
    path = Path(path)
    text = json.dumps(record, indent=1, ensure_ascii=False)
    remove_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent or ".")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


# --------------------------------------------------------------------------- reading


class _LongInt:
    """Stands for a JSON integer too long to convert (Python refuses > 4300 digits)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<an integer with {self.digits} digits>"


def _int_digit_limit() -> int:
    get = getattr(sys, "get_int_max_str_digits", None)
    limit = get() if get else 0
    return limit if limit > 0 else 4300


def _parse_int(text: str) -> int | _LongInt:
    digits = len(text.lstrip("-"))
    if digits > _int_digit_limit():
        return _LongInt(digits)
    return int(text)


def _line_of(text: str | bytes, offset: int) -> int:
    nl = b"\n" if isinstance(text, bytes) else "\n"
    return text.count(nl, 0, offset) + 1  # type: ignore[arg-type]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _DuplicateKey(k)
        out[k] = v
    return out


class _DuplicateKey(Exception):
    pass


def parse(data: bytes, source: str) -> Any:
    """Decode ``data`` (UTF-8 JSON) into Python objects; RecordError names ``source`` and the place."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = data[e.start : e.start + 1].hex()
        raise RecordError(source, "(encoding)", _("not UTF-8 text: byte 0x{byte} at byte offset {offset} "
                                                  "(line {line}) cannot be decoded ({reason})").format(
                                                      byte=bad, offset=e.start, line=_line_of(data, e.start), reason=e.reason)) from None
    if text.startswith("\ufeff"):
        raise RecordError(source, "(encoding)", _("the file starts with a byte-order mark (BOM); save it "
                                                  "as UTF-8 without BOM"))
    try:
        return json.loads(text, parse_int=_parse_int, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise RecordError(source, "(json)", _("not valid JSON ({problem} at line {line}, column "
                                              "{column}, character {char})").format(
                                                  problem=e.msg, line=e.lineno, column=e.colno, char=e.pos)) from None
    except RecursionError:
        raise RecordError(source, "(json)", _("not a record: lists or objects nested too deeply to read")) from None
    except _DuplicateKey as e:
        raise RecordError(source, "(json)", _("the key {key} appears twice in one object").format(
            key=_show(e.args[0]))) from None
    except (ValueError, MemoryError) as e:  # e.g. a float literal or number the parser cannot hold
        raise RecordError(source, "(json)", _("not valid JSON ({problem})").format(
            problem=_brief(e))) from None


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and validate a record file; errors name the file and the field.

    Leftover temporary files of an interrupted ``save`` of this file whose writer has exited are
    removed first.
    """
    path = Path(path)
    src = str(path)
    remove_stale_temporaries(path)
    if path.is_dir():
        raise RecordError(src, "(file)", _("is a folder, not a record file"))
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise RecordError(src, "(file)", _("{size} bytes: too large for a game record (at most "
                                               "{most} bytes)").format(size=size, most=MAX_FILE_BYTES))
        data = path.read_bytes()
    except OSError as e:
        raise RecordError(src, "(file)", _("cannot read: {problem}").format(
            problem=e.strerror or e)) from None
    if not data.strip():
        raise RecordError(src, "(file)", _("the file is empty"))
    record = parse(data, src)
    validate(record, source=src)
    return record


def validate(record: Any, source: str = "<record>") -> Any:
    """Replay ``record`` through the engine and return the final state, or raise RecordError."""
    states = replay(record, source=source, keep=False)
    return states[-1]


# --------------------------------------------------------------------------- field checks


def _brief(e: BaseException) -> str:
    try:
        text = str(e)
    except Exception:  # noqa: BLE001 - a message that cannot even be shown
        text = ""
    if len(text) > 160:
        text = text[:160] + "..."
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _show(v: Any) -> str:
    """A short, always printable description of a value found in a record."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        if v.bit_length() > 64:
            return _("an integer with about {n} digits").format(n=int(v.bit_length() * math.log10(2)) + 1)
        return str(int(v))
    if isinstance(v, float):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "Infinity" if v > 0 else "-Infinity"
        return repr(v)
    if isinstance(v, _LongInt):
        return _("an integer with {n} digits").format(n=v.digits)
    if isinstance(v, str):
        return repr(v) if len(v) <= 40 else repr(v[:40]) + _("... ({n} characters)").format(n=len(v))
    if isinstance(v, list):
        return ngettext("a list of {n} item", "a list of {n} items", len(v)).format(n=len(v))
    if isinstance(v, dict):
        return ngettext("an object with {n} field", "an object with {n} fields", len(v)).format(n=len(v))
    return _("a value of type {kind}").format(kind=type(v).__name__)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_int_list(v: Any, n: int, field: str, fail: Any, what: str | None = None) -> None:
    """Refuse anything but a list of ``n`` bounded integers, naming the list or the bad item."""
    if not isinstance(v, list) or len(v) != n:
        raise fail(field, _("must be a list of {n} {what}, found {found}").format(
            n=n, what=what or _("integers"), found=_show(v)))
    for k, x in enumerate(v):
        if not _is_int(x) or abs(x) >= MAX_OPTION_INT:
            raise fail(f"{field}[{k}]", _("must be an integer, found {found}").format(found=_show(x)))


def _plain_problem(v: Any) -> str | None:
    """Why ``v`` is not a plain option value (null, bool, bounded number, short text, list of those)."""
    def scalar(x: Any) -> str | None:
        if x is None or isinstance(x, bool):
            return None
        if isinstance(x, int):
            return None if abs(x) < MAX_OPTION_INT else _("{found} is too large").format(found=_show(x))
        if isinstance(x, float):
            return None if math.isfinite(x) else _("{found} is not a finite number").format(found=_show(x))
        if isinstance(x, str):
            return None if len(x) <= MAX_TEXT else _("a text of {length} characters is too long").format(
                length=len(x))
        return _("{found} is not a plain value").format(found=_show(x))

    if isinstance(v, list):
        if len(v) > 50:
            return _("a list of {length} items is too long").format(length=len(v))
        for x in v:
            if isinstance(x, (list, dict)):
                return _("a list may only hold plain values (null, true/false, numbers, text)")
            p = scalar(x)
            if p:
                return p
        return None
    if isinstance(v, dict):
        return _("an object is not an option value (plain values: null, true/false, numbers, text, lists)")
    return scalar(v)


_LABEL = re.compile(r"[\w .\-+#()]+(:[\w]+=[\w .\-+]*(,[\w]+=[\w .\-+]*)*)?")


def agent_spec_problem(game: str, spec: Any) -> str | None:
    """Why ``spec`` is not a seat label of ``game``, or None.

    A seat label is the spec of a built-in agent (``name`` or ``name:key=value,...``, checked
    against ``agent_classes(game)``) or the name of a user's own agent (``play_game`` records
    ``agent.name``): letters, digits, spaces and ``. _ - + # ( )``, optionally with
    ``:key=value,...``. Junk (numbers, lists, control characters, overlong text) is refused.
    """
    if not isinstance(spec, str):
        return _("must be an agent name (text), found {found}").format(found=_show(spec))
    if len(spec) > MAX_TEXT:
        return _("an agent spec of {length} characters is too long").format(length=len(spec))
    if spec in SEAT_LABELS:
        return None
    name, colon, rest = spec.partition(":")
    entry = registry.get(game)  # agent names, and the names agents give themselves (e.g. "random_row")
    known = list(entry.agent_classes()) + list(entry.agent_aliases)
    if name.strip() in known:
        if colon:
            for part in rest.split(","):
                key, eq, _value = part.partition("=")
                if not eq or not key.strip().isidentifier():
                    return _("{found} is not of the form name:key=value,key=value").format(found=_show(spec))
        return None
    if not _LABEL.fullmatch(spec):
        return (_("{found} is not an agent name: letters, digits, spaces and . _ - + # ( ), optionally "
                  "followed by :key=value,...").format(found=_show(spec)))
    return None  # the name of a user's own agent


def _decision_types(game: str) -> dict[str, list[tuple[str, Any]]]:
    """Decision type -> [(field, annotation)] of ``game``'s actions."""
    out = {}
    for (g, kind), cls in core._ACTION_TYPES.items():
        if g == game:
            out[kind] = [(f.name, f.type) for f in dataclasses.fields(cls)]
    return out


def _check_decision(types: dict[str, list[tuple[str, Any]]], d: Any, field: str, fail: Any) -> None:
    if not isinstance(d, dict):
        raise fail(field, _("a decision must be an object, found {found}").format(found=_show(d)))
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise fail(f"{field}.type", _("unknown decision type: found {found}; allowed: {types}").format(
            found=_show(kind), types=', '.join(sorted(types))))
    names = [n for n, _ in types[kind]]
    for k in d:
        if k != "type" and k not in names:
            raise fail(f"{field}.{k}" if isinstance(k, str) and len(k) <= 40 else field,
                       _("unexpected field {found} in a {kind} decision (its fields: type, {fields})").format(
                           found=_show(k), kind=repr(kind), fields=', '.join(names)))
    for n, typ in types[kind]:
        if n not in d:
            raise fail(f"{field}.{n}", _("missing; a {kind} decision has the fields type, {fields}").format(
                kind=repr(kind), fields=', '.join(names)))
        v = d[n]
        if typ in ("int", int):
            if not _is_int(v) or abs(v) >= MAX_DECISION_INT:
                raise fail(f"{field}.{n}", _("must be a small integer, found {found}").format(found=_show(v)))
        elif typ in ("str", str):
            if not isinstance(v, str) or len(v) > MAX_TEXT:
                raise fail(f"{field}.{n}", _("must be a text, found {found}").format(found=_show(v)))
        elif isinstance(v, (list, dict)) or isinstance(v, _LongInt):
            raise fail(f"{field}.{n}", _("must be a plain value, found {found}").format(found=_show(v)))


# --------------------------------------------------------------------------- replay


def replay(record: dict[str, Any], source: str = "<record>", keep: bool = True) -> list[Any]:
    """Every intermediate state of a recorded game: the start, then one after each decision.

    With ``keep=False`` only the final state is returned (in a one-item list). A record that is
    not a valid game raises :class:`~mowkit.core.RecordError` naming ``source`` and the field.
    """
    where = ["(top level)"]
    try:
        return _replay(record, source, keep, where)
    except RecordError:
        raise
    except Exception as e:  # noqa: BLE001 - the last safety net: never a traceback from deep inside
        if isinstance(e, OptionError) and e.option == CUSTOM_ENV:
            raise  # a wrong MOWKIT_CUSTOM_CARDS switch is the environment's error, not the record's
        err = RecordError(source, where[0], _("could not be checked ({problem})").format(problem=_brief(e)))
        err.safety_net = True  # type: ignore[attr-defined]
        raise err from None


def _replay(record: Any, source: str, keep: bool, where: list[str]) -> list[Any]:
    def fail(field: str, message: str) -> RecordError:
        return RecordError(source, field, message)

    if not isinstance(record, dict):
        raise fail("(top level)", _("a record must be a JSON object, found {found}").format(
            found=_show(record)))
    for k in record:
        if k not in FIELDS:
            raise fail(k if isinstance(k, str) and len(k) <= 40 else "(top level)",
                       _("unknown field {found}; a record has the fields {fields}").format(
                           found=_show(k), fields=', '.join(FIELDS)))
    for k in REQUIRED:
        if k not in record:
            raise fail(k, _("missing"))
    where[0] = "format"
    if not isinstance(record["format"], str) or record["format"] != FORMAT:
        raise fail("format", _("expected {expected}, found {found}").format(
            expected=repr(FORMAT), found=_show(record['format'])))
    where[0] = "game"
    name = record["game"]
    if not isinstance(name, str) or name not in registry.names():
        raise fail("game", _("unknown game: found {found}; the games are {games}").format(
            found=_show(name), games=', '.join(registry.names())))
    where[0] = "options"
    options = record["options"]
    if not isinstance(options, dict):
        raise fail("options", _("must be an object of game options, found {found}").format(
            found=_show(options)))
    for k, v in options.items():
        if not isinstance(k, str) or len(k) > 40:
            raise fail("options", _("option names are short texts, found {found}").format(found=_show(k)))
        where[0] = f"options.{k}"
        problem = _plain_problem(v)
        if problem:
            raise fail(f"options.{k}", problem)
    where[0] = "options"
    try:
        game = load_game(name, **options)
    except RecordError:
        raise  # a damaged card table: its own file and field, not this record's
    except OptionError as e:
        if e.option == CUSTOM_ENV:
            raise  # the environment's switch, not this record's
        raise fail(f"options.{e.option}", str(e)) from None
    except (KeyError, TypeError, ValueError) as e:
        raise fail("options", _brief(e)) from None
    n = game.num_players

    where[0] = "seed"
    seed = record.get("seed")
    if seed is not None and not (_is_int(seed) and 0 <= seed < MAX_SEED):
        raise fail("seed", _("must be an integer 0..2**128-1 or null, found {found}").format(
            found=_show(seed)))
    where[0] = "agents"
    agents = record.get("agents")
    if agents is not None:
        if not isinstance(agents, list) or len(agents) != n:
            raise fail("agents", _("must be null or a list of {n} agent names (one per seat), found "
                                   "{found}").format(n=n, found=_show(agents)))
        for k, spec in enumerate(agents):
            where[0] = f"agents[{k}]"
            problem = agent_spec_problem(name, spec)
            if problem:
                raise fail(f"agents[{k}]", problem)
    where[0] = "totals"
    _check_int_list(record["totals"], n, "totals", fail)
    where[0] = "over"
    if not isinstance(record["over"], bool):
        raise fail("over", _("must be true or false, found {found}").format(found=_show(record['over'])))
    where[0] = "winners"
    winners = record.get("winners")
    if winners is not None:
        if not isinstance(winners, list) or not 1 <= len(winners) <= n:
            raise fail("winners", _("must be null or a list of 1..{n} seats, found {found}").format(
                n=n, found=_show(winners)))
        for k, w in enumerate(winners):
            if not (_is_int(w) and 0 <= w < n):
                raise fail(f"winners[{k}]", _("must be a seat 0..{last}, found {found}").format(
                    last=n - 1, found=_show(w)))

    where[0] = "position"
    position = record.get("position")
    start = None
    if "position" in record:
        start = _rebuild_position(game, position, fail)

    where[0] = "rounds"
    rounds = record["rounds"]
    if not isinstance(rounds, list) or not rounds:
        raise fail("rounds", _("must be a non-empty list of rounds, found {found}").format(
            found=_show(rounds)))
    types = _decision_types(game.name)
    deals: list[Any] = []
    for i, r in enumerate(rounds):
        where[0] = f"rounds[{i}]"
        if not isinstance(r, dict):
            raise fail(f"rounds[{i}]", _("must be an object with deal and decisions, found {found}").format(
                found=_show(r)))
        for k in r:
            if k not in ROUND_FIELDS:
                raise fail(f"rounds[{i}].{k}" if isinstance(k, str) and len(k) <= 40 else f"rounds[{i}]",
                           _("unknown field {found}; a round has the fields {fields}").format(
                               found=_show(k), fields=', '.join(ROUND_FIELDS)))
        where[0] = f"rounds[{i}].deal"
        deal = r.get("deal")
        if start is not None and i == 0:  # the position replaces the first round's deal
            if "deal" in r:
                raise fail("rounds[0].deal", _("a game that starts from a position has no deal in its "
                                               "first round (the position replaces it)"))
        else:
            if not isinstance(deal, list):
                raise fail(f"rounds[{i}].deal", _("must be a list of cards, found {found}").format(
                    found=_show(deal)))
            for j, c in enumerate(deal):
                if not _is_int(c) or not 0 <= c < MAX_CARD:
                    raise fail(f"rounds[{i}].deal[{j}]", _("must be a card id (a small integer), found "
                                                           "{found}").format(found=_show(c)))
            try:
                game.check_deal(deal)
            except ValueError as e:
                raise fail(f"rounds[{i}].deal", str(e)) from None
        where[0] = f"rounds[{i}].decisions"
        decisions = r.get("decisions")
        if not isinstance(decisions, list):
            raise fail(f"rounds[{i}].decisions", _("must be a list of decisions, found {found}").format(
                found=_show(decisions)))
        for j, d in enumerate(decisions):
            where[0] = f"rounds[{i}].decisions[{j}]"
            _check_decision(types, d, f"rounds[{i}].decisions[{j}]", fail)
        if "scores" in r:
            where[0] = f"rounds[{i}].scores"
            _check_int_list(r["scores"], n, f"rounds[{i}].scores", fail)
        deals.append(deal)

    where[0] = "rounds"
    state = game.new_state(deals=deals) if start is None else start
    base = state.round_index  # 0, or the round a position starts in
    states = [state.clone()] if keep else []
    for i, r in enumerate(rounds):
        for j, d in enumerate(r["decisions"]):
            field = f"rounds[{i}].decisions[{j}]"
            where[0] = field
            if state.is_over() or state.round_index != base + i:
                raise fail(field, _("wrong count: round {round} is already over before this decision").format(
                    round=i + 1))
            try:
                action = action_from_dict(game.name, d)
                state.apply(action)
            except IllegalActionError as e:
                raise fail(field, _("illegal decision: {problem}").format(problem=e)) from None
            except ValueError as e:
                raise fail(field, str(e)) from None
            if keep:
                states.append(state.clone())
        where[0] = f"rounds[{i}].decisions"
        finished = state.is_over() or state.round_index > base + i
        if i < len(rounds) - 1 and not finished:
            raise fail(f"rounds[{i}].decisions", _("wrong count: round {round} is unfinished after {n} "
                                                   "decisions").format(round=i + 1, n=len(r['decisions'])))
        where[0] = f"rounds[{i}].scores"
        if finished:
            want = list(state.round_scores[base + i])
            if r.get("scores") != want:
                raise fail(f"rounds[{i}].scores", _("recorded {recorded}, the decisions give {want}").format(
                    recorded=_show_list(r.get('scores')), want=want))
        elif "scores" in r:
            raise fail(f"rounds[{i}].scores", _("scores given for a round that is not finished"))
    where[0] = "rounds"
    if state.round_index != base + len(rounds) - 1 and not state.is_over():
        raise fail("rounds", _("wrong count: {n} rounds recorded, play is in round {current}").format(
            n=len(rounds), current=state.round_index - base + 1))
    if start is not None:  # later rounds are dealt by the position's seed: the record must say the same
        later = _later_deals(state, len(rounds) - 1)
        for k, order in enumerate(later, start=1):
            where[0] = f"rounds[{k}].deal"
            if rounds[k].get("deal") != order:
                raise fail(f"rounds[{k}].deal", _("not the deck order the position's seed deals for this "
                                                  "round"))
    where[0] = "totals"
    if record["totals"] != list(state.totals):
        raise fail("totals", _("recorded {recorded}, the rounds give {computed}").format(
            recorded=record['totals'], computed=list(state.totals)))
    where[0] = "over"
    if record["over"] != state.is_over():
        raise fail("over", _("recorded {found}, the decisions give {computed}").format(
            found=_show(record['over']), computed=_show(state.is_over())))
    where[0] = "winners"
    if state.is_over() and winners != list(state.winners()):
        raise fail("winners", _("recorded {recorded}, the totals give {computed}").format(
            recorded=_show_list(winners), computed=list(state.winners())))
    if not state.is_over() and winners is not None:
        raise fail("winners", _("recorded {recorded} for a game that is not over; expected null").format(
            recorded=_show_list(winners)))
    if not keep:
        states = [state]
    return states


def _rebuild_position(game: Any, position: Any, fail: Any) -> Any:
    """The state a record's ``position`` builds, or RecordError naming ``position`` or its field."""
    problem = _position_problem(position)
    if problem:
        raise fail(*problem)
    params: Mapping[str, inspect.Parameter]
    try:
        params = inspect.signature(game.position).parameters
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        params = {}
    if params and not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        for k in position:
            if k not in params:
                raise fail(f"position.{k}", f"unknown field; a {game.name} position has the fields "
                           + ", ".join(params))
    try:
        state = _build_position(game, position)
    except RecordError:
        raise
    except OptionError as e:
        field = e.option if e.option.split("[")[0].split(".")[0] in position else None
        raise fail(f"position.{field}" if field else "position", _("not a position of this game: {e}").format(
            e=e)) from None
    except TypeError as e:
        raise fail("position", _("not the fields of a {game} position ({problem})").format(
            game=game.name, problem=_brief(e))) from None
    except (ValueError, KeyError, IndexError) as e:
        raise fail("position", _("not a position of this game: {problem}").format(
            problem=_brief(e))) from None
    return state


def _show_list(v: Any) -> str:
    return str(v) if v is None or isinstance(v, list) and len(v) <= 20 and all(_is_int(x) for x in v) else _show(v)


def narrate(record: dict, show_hidden: bool = False, rounds: Sequence[int] | None = None) -> list[str]:
    """The story of a recorded game, line by line: each round's start, then what every decision did.

    This is what ``mowkit replay FILE`` prints. Face-down choices are left out unless ``show_hidden``;
    ``rounds`` (indexes from 0) keeps only those rounds.
    """
    states = replay(record)
    game = states[0].game
    names = record.get("agents") or []
    word = _(getattr(game, "seat_word", "player"))
    who = (", ".join(_("{seat} {n}: {agent}").format(
        seat=word, n=i + 1, agent=a) for i, a in enumerate(names))
           if names else _("unnamed seats"))
    title = registry.title(record["game"])
    n = states[0].num_players
    head = _("{title}, {players} ({who})").format(
        title=title, players=counted(getattr(game, "seat_word", "player"), n), who=who)
    if record.get("seed") is not None:
        head += " · " + _("seed {seed}").format(seed=record.get("seed"))
    lines = [head]
    current = states[0].round_index
    keep = rounds is None or current in rounds

    def tell(events: Sequence[Any], told: Sequence[str], skip_laid: bool) -> None:
        nonlocal current, keep
        for text, event in zip(told, events):
            if isinstance(event, RoundStarted):  # each round under its own heading, its deal first
                current = event.round
                keep = rounds is None or current in rounds
                if keep:
                    lines.extend(["", _("Round {n}").format(n=current + 1)])
            if keep and not (skip_laid and getattr(event, "rule", "") == "face-down"):  # said by the line above
                lines.append("  " + text)

    if not states[0].log or not isinstance(states[0].log[0], RoundStarted):  # a hand-built position
        if keep:
            lines.extend(["", _("Round {n}").format(n=current + 1)])
    tell(states[0].log, sentences(game, states[0].log), False)
    actions = [a for rnd in states[-1].history for a in rnd]
    for after, action in zip(states[1:], actions):
        hidden = action.hidden
        if hidden and show_hidden and keep:
            lines.append("  " + decision(game, action) + " " + _("(face down)"))
        tell(after.events, sentences(game, after.events), hidden)
    return lines
