"""Lesson files: load (regular files only, size cap, the schema and the engine), save (atomic, never
over an existing file unless asked), the shipped lessons and a free default name."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from mowkit.card_tables import data_dir
from mowkit.i18n import _
from mowkit.lessons.lesson import Lesson
from mowkit.lessons.schema import LessonError, check
from mowkit.records.files import parse, write_temporary

MAX_LESSON_BYTES = 4 * 2**20
"""The largest lesson file read (a lesson of 200 steps is well under 1 MB)."""
SUFFIX = ".json"


def lessons_dir() -> Path:
    """The folder of the lessons shipped with the kit: ``data/lessons/``."""
    return data_dir() / "lessons"


def lesson_files(folder: str | os.PathLike[str] | None = None) -> list[Path]:
    """The ``*.json`` files of ``folder`` (default: the shipped lessons), sorted by name."""
    folder = Path(folder) if folder is not None else lessons_dir()
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file())
    except OSError:
        return []


def load(path: str | os.PathLike[str]) -> Lesson:
    """Read and check a lesson file; a :class:`LessonError` names the file and the field."""
    path = Path(path)
    src = str(path)
    try:
        info = os.stat(path)
    except OSError as e:
        raise LessonError(src, "(file)", _("cannot read: {problem}").format(problem=e.strerror or e)) from None
    if not stat.S_ISREG(info.st_mode):
        what = _("is a folder, not a lesson file") if stat.S_ISDIR(info.st_mode) else _(
            "is not a regular file (a device, pipe or socket), not a lesson file")
        raise LessonError(src, "(file)", what)
    if info.st_size > MAX_LESSON_BYTES:
        raise LessonError(src, "(file)", _("{size} bytes: too large for a lesson (at most {most} bytes)").format(
            size=info.st_size, most=MAX_LESSON_BYTES))
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_LESSON_BYTES + 1)
    except OSError as e:
        raise LessonError(src, "(file)", _("cannot read: {problem}").format(problem=e.strerror or e)) from None
    if len(data) > MAX_LESSON_BYTES:
        raise LessonError(src, "(file)", _("too large for a lesson (at most {most} bytes)").format(
            most=MAX_LESSON_BYTES))
    if not data.strip():
        raise LessonError(src, "(file)", _("the file is empty"))
    try:
        found = parse(data, src)
    except LessonError:
        raise
    except ValueError as e:  # a RecordError of the JSON reader
        raise LessonError(src, getattr(e, "field", "(json)"), getattr(e, "message", str(e))) from None
    return check(found, src)


def save(lesson: Lesson, path: str | os.PathLike[str], *, replace: bool = False) -> Path:
    """Write ``lesson`` as JSON atomically (a temporary file beside it, then renamed).

    The lesson is checked first (as :func:`load` would check it). An existing file is never
    replaced unless ``replace=True``: :class:`FileExistsError` otherwise (ask the person first).
    """
    path = Path(path)
    data = lesson.to_json()
    check(json.loads(json.dumps(data)), str(path))
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if len(text.encode("utf-8")) > MAX_LESSON_BYTES:
        raise LessonError(str(path), "(file)", _("too large for a lesson (at most {most} bytes)").format(
            most=MAX_LESSON_BYTES))
    if not replace and path.exists():
        raise FileExistsError(_("{path} exists already: choose another name or replace it").format(path=path))
    tmp = write_temporary(path, text)
    try:
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _link_new(tmp: str, path: Path) -> None:
    """Put ``tmp`` at ``path`` only if nothing is there (a hard link fails on an existing name)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise FileExistsError(_("{path} exists already: choose another name or replace it").format(
            path=path)) from None
    except OSError:  # a file system without hard links: checked just before, then renamed
        if path.exists():
            raise FileExistsError(_("{path} exists already: choose another name or replace it").format(
                path=path)) from None
        os.replace(tmp, path)


def free_path(folder: str | os.PathLike[str], game: str) -> Path:
    """A file name in ``folder`` no file has yet: ``lesson_{game}_1.json``, ``lesson_{game}_2.json`` ..."""
    folder = Path(folder)
    n = 1
    while (folder / f"lesson_{game}_{n}{SUFFIX}").exists():
        n += 1
    return folder / f"lesson_{game}_{n}{SUFFIX}"


__all__ = ["MAX_LESSON_BYTES", "free_path", "lesson_files", "lessons_dir", "load", "save"]
