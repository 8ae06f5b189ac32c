"""A tournament's ``out`` folder: opened for a run, its finished chunks verified and kept (resume)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from mowkit.core import OptionError, RecordError
from mowkit.store import (
    _write_chunk,
    chunk_path,
    read_provenance,
    read_verified,
    remove_stale_temporaries,
    run_provenance,
)
from mowkit.store import differing_fields as _differing_fields
from mowkit.tournament.table import Provenance


@dataclass
class Finished:
    """The chunks of a run finished so far: their tables (None when not collected) and their row count."""

    tables: dict[int, pd.DataFrame | None] = field(default_factory=dict)
    rows: int = 0

    def add(self, i: int, df: pd.DataFrame, collect: bool) -> None:
        """Count chunk ``i``'s rows and keep its table when collecting."""
        self.rows += len(df)
        self.tables[i] = df if collect else None


def open_folder(folder: Path, out: object, prov: Provenance, chunks: Sequence[range],
                collect: bool) -> Finished:
    """Make the folder ready for a run and return its finished chunks, each verified.

    Raises :class:`~mowkit.core.OptionError` when ``out`` is a file, and
    :class:`~mowkit.core.RecordError` for a chunk of another run (the provenances differ).
    """
    if folder.exists() and not folder.is_dir():
        raise OptionError("out", str(out), "a folder (this path is a file)")
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(folder)
    _refuse_foreign_chunks(folder, prov, len(chunks))
    finished = Finished()
    for i, games in enumerate(chunks):
        path = chunk_path(folder, i)
        if path.exists():
            _check_own_chunk(path, prov, games)
            df, found = read_verified(path)  # checksums: refuse a damaged or edited chunk
            finished.tables[i] = df if collect else None
            finished.rows += int(found["rows"])
            del df
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
