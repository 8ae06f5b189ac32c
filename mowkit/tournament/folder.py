"""A tournament's ``out`` folder: one writer at a time, its finished chunks verified and kept (resume).

**One writer per folder.** A run holds the folder's lock (``.mowkit-writer.lock``, a
:class:`filelock.FileLock`: an operating-system lock, released by the system when the process
ends, however it ends) from before it looks at the folder until its last chunk is written (and,
with ``collect=True``, read back). Beside it, ``.mowkit-writer.json`` names the holder (process
id, host, start time, game and seed). A second run on the same folder, in this process or any
other on the machine, gets a :class:`FolderInUseError` naming the folder and the holder, or with
``lock_timeout=SECONDS`` (``None``: as long as it takes) waits for the folder first. Only the
driver writes: worker processes and Dask workers send their chunk tables back, so the lock of
the one process that writes is the folder's lock.

**Temporaries.** A chunk is written as ``.chunk-NNNNN.parquet.{pid}.{random}.tmp`` and renamed;
a run removes the leftovers of writers that are no longer running (the check of
:func:`mowkit.records.stale_temporaries`), never a live writer's file.
"""

from __future__ import annotations

import json
import os
import re
import socket
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import pandas as pd
from filelock import FileLock, Timeout

from mowkit import registry
from mowkit.core import OptionError, RecordError
from mowkit.i18n import _
from mowkit.records import stale_temporaries
from mowkit.store import (
    _write_chunk,
    chunk_path,
    fsync_folder,
    read_provenance,
    read_verified,
    run_provenance,
)
from mowkit.store import differing_fields as _differing_fields
from mowkit.tournament.table import Provenance


@dataclass
class Finished:
    """The chunks of a run finished so far: their numbers, their row count and (when kept in
    memory, without a folder) their tables."""

    done: set[int] = field(default_factory=set)
    rows: int = 0
    tables: dict[int, pd.DataFrame] = field(default_factory=dict)

    def add(self, i: int, df: pd.DataFrame, keep: bool) -> None:
        """Count chunk ``i``'s rows, and keep its table when ``keep``."""
        self.done.add(i)
        self.rows += len(df)
        if keep:
            self.tables[i] = df


def open_folder(folder: Path, prov: Provenance, chunks: Sequence[range]) -> Finished:
    """Make the folder (locked by :func:`writing`) ready for a run and return its finished chunks,
    each verified (their tables are not kept: a collecting run reads the folder back at the end).

    Raises :class:`~mowkit.core.RecordError` for a chunk of another run (the provenances differ).
    """
    remove_stale_temporaries(folder)
    _refuse_foreign_chunks(folder, prov, len(chunks))
    finished = Finished()
    for i, games in enumerate(chunks):
        path = chunk_path(folder, i)
        if path.exists():
            _check_own_chunk(path, prov, games)
            df, found = read_verified(path)  # checksums: refuse a damaged or edited chunk
            del df
            finished.done.add(i)
            finished.rows += int(found["rows"])
    return finished


def _refuse_foreign_chunks(folder: Path, prov: Provenance, count: int) -> None:
    """Refuse a chunk file that is no part of this run's layout (chunk numbers 0..count-1)."""
    names = {chunk_path(folder, i).name for i in range(count)}
    for f in sorted(folder.glob("chunk-*.parquet")):
        if f.name not in names:
            diff = _differing_fields(prov, run_provenance(read_provenance(f)))
            raise RecordError(str(f), "metadata.mowkit." + (diff[0] if diff else "games"),
                              f"not a chunk of this run (differs in {diff or ['games']}); "
                              "use another folder or remove it")


def _check_own_chunk(path: Path, prov: Provenance, games: range) -> None:
    """Refuse a chunk written by another run, or holding other games than this run's chunk."""
    found = read_provenance(path)
    diff = _differing_fields(prov, run_provenance(found))
    if diff or found.get("games") != [games[0], games[-1] + 1]:
        raise RecordError(str(path), "metadata.mowkit." + (diff[0] if diff else "games"),
                          f"belongs to another run (differs in {diff or ['games']}); "
                          "use another folder or remove it")


def write_chunk(folder: Path, i: int, df: pd.DataFrame, prov: Provenance, games: range) -> None:
    """Write chunk ``i`` of a run atomically with the run's provenance and its game range."""
    _write_chunk(df, chunk_path(folder, i), prov, games)


# --------------------------------------------------------------------------- temporaries

_OURS = re.compile(r"\.(chunk-\d{5,}\.parquet)\.(\d+\.)?[A-Za-z0-9_]+\.tmp")
LEGACY_TEMPORARY_AGE = 3600.0
"""Seconds after which a temporary without a process id in its name (written by a mowkit before
the lock) counts as left behind."""


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the half-written chunk files (``.chunk-*.tmp``) of writers that are no longer running.

    A temporary names its writer's process id; one whose writer still runs is kept (see
    :func:`mowkit.records.stale_temporaries`). Older temporaries without a process id are removed
    once unchanged for :data:`LEGACY_TEMPORARY_AGE` seconds. Returns the files removed.
    """
    folder = Path(folder)
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    targets = set()
    for name in names:
        m = _OURS.fullmatch(name)
        if m is None:
            continue
        if m.group(2):
            targets.add(m.group(1))
        elif _older_than(folder / name, LEGACY_TEMPORARY_AGE):
            removed += _unlinked([folder / name])
    for target in sorted(targets):
        removed += _unlinked(stale_temporaries(folder / target))
    return removed


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except OSError:
        return False


def _unlinked(paths: Sequence[Path]) -> list[Path]:
    out = []
    for p in paths:
        try:
            p.unlink()
        except OSError:
            continue  # removed meanwhile, or a read-only folder: leave it
        out.append(p)
    return out


# --------------------------------------------------------------------------- the writer's lock

LOCK_NAME = ".mowkit-writer.lock"
HOLDER_NAME = ".mowkit-writer.json"


class FolderInUseError(RuntimeError):
    """Another run is writing the results folder: ``folder`` and ``holder`` (the holder's process id,
    host and start time, as far as known) say which."""

    def __init__(self, folder: Path, holder: dict[str, object], waited: float | None) -> None:
        self.folder, self.holder, self.waited = folder, holder, waited
        super().__init__(_describe_busy(folder, holder, waited))


def _describe_busy(folder: Path, holder: dict[str, object], waited: float | None) -> str:
    """The error's text: the folder, who holds it and what to do."""
    if holder.get("pid") is not None:
        who = _("process {pid} on {host}, started {started}, playing {game} with seed {seed}").format(
            pid=holder.get("pid"), host=holder.get("host", "?"), started=holder.get("started", "?"),
            game=_title(holder.get("game")), seed=holder.get("seed", "?"))
    else:
        who = _("a process that has not said who it is yet")
    if waited:
        return _("the results folder {folder} is still being written by another tournament ({who}) "
                 "after waiting {seconds} s (lock_timeout); wait longer (lock_timeout=None waits as "
                 "long as it takes) or use another folder").format(folder=folder, who=who, seconds=waited)
    return _("the results folder {folder} is being written by another tournament ({who}); only one "
             "run may write a folder at a time. Use another folder, wait for that run to finish, or "
             "pass lock_timeout=SECONDS (or None) to wait for it").format(folder=folder, who=who)


def _title(name: object) -> str:
    """A game's name as a person reads it (the holder file keeps the registry's name)."""
    if isinstance(name, str) and name in registry.names():
        return _(registry.get(name).title)
    return str(name)


@contextmanager
def writing(folder: Path, out: object, timeout: float | None, about: dict[str, object]) -> Iterator[None]:
    """Hold ``folder``'s writer lock (made if missing) for the ``with`` block.

    ``timeout``: 0 refuses at once, a number waits up to that many seconds, None waits for ever;
    then :class:`FolderInUseError`. ``about`` (game, seed) goes in the holder file with the
    process id, host and start time.
    """
    if folder.exists() and not folder.is_dir():
        raise OptionError("out", str(out), _("a folder (this path is a file)"))
    folder.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(folder / LOCK_NAME))
    try:
        lock.acquire(timeout=-1 if timeout is None else timeout)
    except Timeout:
        raise FolderInUseError(folder, _read_holder(folder), timeout) from None
    holder = {"pid": os.getpid(), "host": socket.gethostname(),
              "started": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"), **about}
    try:
        _write_holder(folder, holder)
        yield
    finally:
        try:
            (folder / HOLDER_NAME).unlink()
        except OSError:
            pass
        lock.release()


def _write_holder(folder: Path, holder: dict[str, object]) -> None:
    """The holder file, written whole (temporary file, then rename)."""
    tmp = folder / f"{HOLDER_NAME}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(holder), encoding="utf-8")
    os.replace(tmp, folder / HOLDER_NAME)
    fsync_folder(folder)


def _read_holder(folder: Path, tries: int = 10) -> dict[str, object]:
    """The holder file's fields ({} when unreadable); retried briefly, as the holder writes it just
    after taking the lock."""
    for k in range(tries):
        try:
            found = json.loads((folder / HOLDER_NAME).read_text(encoding="utf-8"))
            if isinstance(found, dict):
                return found
        except (OSError, ValueError):
            pass
        if k + 1 < tries:
            time.sleep(0.05)
    return {}
