"""Record files: atomic save, defensive parse (UTF-8 JSON, bounded nesting and integers), load."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from mowkit.core import RecordError
from mowkit.i18n import _, os_reason
from mowkit.records.replay import validate
from mowkit.records.show import LongInt, brief, show

MAX_FILE_BYTES = 256 * 2**20


class NotRegularFile(OSError):
    """A path that is not a regular file (a folder, a device such as ``/dev/zero``, a FIFO, a socket)."""


def read_regular(path: str | os.PathLike[str], cap: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``cap`` of them, or an error without reading.

    The file is opened with ``O_NONBLOCK`` (opening a FIFO never waits for a writer) and checked
    with ``fstat`` on the open descriptor (no race between a check and the open): anything but a
    regular file raises :class:`NotRegularFile` (an ``OSError``) before a byte is read. At most
    ``cap + 1`` bytes are read, whatever ``stat`` said: a file longer than ``cap`` raises
    :class:`FileTooLarge`. Other problems are the ``OSError`` of the operating system.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(_kind_of(mode))
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise FileTooLarge(cap)
    return data


class FileTooLarge(OSError):
    """A file longer than the cap :func:`read_regular` was given (only ``cap + 1`` bytes were read)."""

    def __init__(self, cap: int) -> None:
        super().__init__(cap)
        self.cap = cap


def _kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


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


def write_temporary(path: Path, text: str) -> str:
    """Write ``text`` to a new temporary file beside ``path`` (``.{name}.{pid}.{random}.tmp``, the
    folder's usual permissions), synced to disk; returns its name. The caller renames it into place
    (or removes it): the first half of every atomic write of the kit."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent or ".")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def save(record: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """Write ``record`` as JSON atomically (temporary file in the same folder, then rename).

    The temporary file is ``.{name}.{pid}.{random}.tmp``; leftovers of earlier saves of the same
    file whose writer has exited are removed first.
    """
    path = Path(path)
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    remove_stale_temporaries(path)
    tmp = write_temporary(path, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _int_digit_limit() -> int:
    get = getattr(sys, "get_int_max_str_digits", None)
    limit = get() if get else 0
    return limit if limit > 0 else 4300


def _parse_int(text: str) -> int | LongInt:
    digits = len(text.lstrip("-"))
    if digits > _int_digit_limit():
        return LongInt(digits)
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


def _loads(text: str) -> Any:
    """JSON of ``text``; an integer too long for Python (over 4300 digits) becomes a :class:`LongInt`.

    The per-integer hook that spots those is slow on a file of millions of numbers, so it runs
    only when the fast parse has refused such an integer.
    """
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except ValueError as e:
        if isinstance(e, json.JSONDecodeError) or "digits" not in str(e):
            raise
    return json.loads(text, parse_int=_parse_int, object_pairs_hook=_no_duplicates)


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
        return _loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(source, "(json)", _("not valid JSON ({problem} at line {line}, column "
                                              "{column}, character {char})").format(
                                                  problem=e.msg, line=e.lineno, column=e.colno, char=e.pos)) from None
    except RecursionError:
        raise RecordError(source, "(json)", _("not a record: lists or objects nested too deeply to read")) from None
    except _DuplicateKey as e:
        raise RecordError(source, "(json)", _("the key {key} appears twice in one object").format(
            key=show(e.args[0]))) from None
    except (ValueError, MemoryError) as e:  # e.g. a float literal or number the parser cannot hold
        raise RecordError(source, "(json)", _("not valid JSON ({problem})").format(
            problem=brief(e))) from None


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and validate a record file; errors name the file and the field.

    Leftover temporary files of an interrupted ``save`` of this file whose writer has exited are
    removed first.
    """
    path = Path(path)
    src = str(path)
    remove_stale_temporaries(path)
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except NotRegularFile as e:
        raise RecordError(src, "(file)", _("is {kind}, not a record file: only regular files are read").format(
            kind=e.args[0])) from None
    except FileTooLarge:
        raise RecordError(src, "(file)", _("more than {most} bytes: too large for a game record").format(
            most=MAX_FILE_BYTES)) from None
    except OSError as e:
        raise RecordError(src, "(file)", _("cannot read: {problem}").format(
            problem=os_reason(e))) from None
    if not data.strip():
        raise RecordError(src, "(file)", _("the file is empty"))
    record = parse(data, src)
    validate(record, source=src)
    return record
