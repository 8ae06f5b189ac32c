"""The Parquet store of tournament results: chunks with provenance and checksums, verified reads.

A tournament run with ``out=FOLDER`` writes ``chunk-00000.parquet``, ``chunk-00001.parquet`` …,
each holding a contiguous range of game indices, one row per player per round. Every file is
written to a temporary file and renamed, so a file under its final name is always complete.

**Provenance** (the Parquet schema metadata under the key ``mowkit``, a JSON object): the mowkit
version, the game and its options, the agents, seed, number of games, unit, pairing, rotation,
games per chunk, backend and the card table's fingerprint (``card_fingerprint``: SHA-256 of the
card table the game plays with *as loaded* and ``custom_cards``, whether ``MOWKIT_CUSTOM_CARDS=1``
was set), plus what is particular to the chunk: ``games`` (``[first, last + 1]``), ``rows``,
``columns`` and the checksums below.

**Checksums** (how a flipped byte, an edited chunk or a stray file is caught):

* ``columns_sha256``: one SHA-256 per column over the column's name, its type (every string type
  counts as ``utf8``), the row count and its values: the raw little-endian values of numeric and
  boolean columns (as numpy arrays, booleans one byte each), and for string columns the dictionary
  of distinct values (JSON, in order of first appearance) followed by each row's index into it
  (int32); nulls add the validity mask. The digest depends on the values only, not on how Parquet
  or Arrow laid them out, so the table read back must hash to the digest taken before writing.
* ``sha256``: SHA-256 of the provenance itself (canonical JSON: sorted keys, no spaces, every key
  but ``sha256``), so a changed seed, agent or game range in the metadata is caught too.

Every read (:func:`read_results`, :func:`iter_results`, :func:`per_game`, :func:`load_table`,
resuming a tournament) checks both, and a folder's chunks must all come from one run and cover its
games exactly once. Whatever is wrong gives :class:`~mowkit.core.RecordError` naming the file and
the field (``(parquet)``: not readable as Parquet; ``metadata.mowkit…``: the provenance;
``column NAME``: the values of a column; ``games``: a game range missing or held twice). The table
is converted to pandas from the Arrow data alone (pandas' own metadata in the file is ignored), so
no byte outside the checksummed data and provenance can change the DataFrame returned.

Tables saved by :func:`save_table` get the same checksums; tables saved before checksums existed
(the shipped ``data/results/`` files) are still read by :func:`load_table`, unverified.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from mowkit import __version__, registry
from mowkit.card_tables import custom_cards
from mowkit.core import OptionError, RecordError, check_choice
from mowkit.i18n import _

MAX_CHUNK_GAMES = 50_000
"""Default upper bound of games per chunk (about 17 rows per 4-player 6 nimmt! game: ~850k rows)."""

CHUNK_KEYS = ("games", "rows", "columns", "columns_sha256", "sha256")
"""Provenance keys particular to one chunk; the rest describes the run and is the same in all."""

CHECKSUM_KEYS = ("rows", "columns", "columns_sha256", "sha256")

_CHUNK_NAME = re.compile(r"chunk-(\d{5,})\.parquet")

PER_GAME_COLUMNS = ["game", "seat", "agent", "rounds", "final_total", "mean_penalty", "winner", "winners",
                    "win_share", "deal", "rotation"]


# --------------------------------------------------------------------------- checksums


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _sha256(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def _is_string(typ: Any) -> bool:
    return bool(pa.types.is_string(typ) or pa.types.is_large_string(typ)
                or getattr(pa.types, "is_string_view", lambda t: False)(typ))


def column_digest(name: str, column: Any) -> str:
    """SHA-256 of one Arrow column's name, type, length and values (see the module notes)."""
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
    typ = column.type
    kind = "utf8" if _is_string(typ) else str(typ)
    h = hashlib.sha256(_canonical([name, kind, len(column), column.null_count]).encode())
    if column.null_count:
        h.update(np.asarray(column.is_valid().to_numpy(zero_copy_only=False), dtype=np.uint8))  # type: ignore[arg-type]
    if kind == "utf8":
        enc = pc.dictionary_encode(column)
        h.update(_canonical(enc.dictionary.to_pylist()).encode())
        idx = enc.indices.fill_null(0) if column.null_count else enc.indices
        h.update(np.ascontiguousarray(idx.to_numpy(zero_copy_only=False), dtype="<i4"))  # type: ignore[arg-type]
        return h.hexdigest()
    if pa.types.is_boolean(typ) or pa.types.is_integer(typ) or pa.types.is_floating(typ) \
            or pa.types.is_temporal(typ):
        values = column.to_numpy(zero_copy_only=False)
        if values.dtype.kind in "biufmM":
            h.update(np.ascontiguousarray(values).view(np.uint8))  # type: ignore[arg-type]
            return h.hexdigest()
    h.update(_canonical(column.to_pylist()).encode() if not pa.types.is_temporal(typ)
             else json.dumps(column.to_pylist(), default=str).encode())
    return h.hexdigest()


def provenance_digest(provenance: dict[str, Any]) -> str:
    """SHA-256 of a provenance (canonical JSON of every key but ``sha256``)."""
    return _sha256(_canonical({k: v for k, v in provenance.items() if k != "sha256"}))


def _sealed(provenance: dict[str, Any], table: Any) -> dict[str, Any]:
    """The provenance with the chunk's row count, columns and checksums added."""
    prov = {k: v for k, v in provenance.items() if k not in CHECKSUM_KEYS}
    prov["rows"] = table.num_rows
    prov["columns"] = list(table.column_names)
    prov["columns_sha256"] = {n: column_digest(n, table.column(n)) for n in table.column_names}
    prov["sha256"] = provenance_digest(prov)
    return prov


def card_fingerprint(game_name: str) -> dict[str, Any]:
    """The card table a game plays with, as loaded: its SHA-256 and whether custom cards are on.

    ``{game}_cards`` is the SHA-256 of the JSON form of the game's ``card_table`` (its
    :mod:`mowkit.registry` entry): 6 nimmt!: ``sixnimmt_cards`` of the list
    ``mowkit.card_tables.sixnimmt_heads()``; Mow: ``mow_cards`` of the list of
    ``mowkit.card_tables.mow_cards()`` rows. Only the game's own
    table is fingerprinted: a 6 nimmt! run does not depend on the Mow cards, nor the reverse.
    ``custom_cards`` is True when the environment variable ``MOWKIT_CUSTOM_CARDS`` is ``1``.
    """
    out: dict[str, Any] = {}
    table = registry.get(game_name).card_fingerprint_table() if game_name in registry.names() else None
    if table is not None:
        out[f"{game_name}_cards"] = _sha256(_canonical(table))
    out["custom_cards"] = custom_cards()
    return out


def tournament_provenance(game: Any, agents: Sequence[str], seed: int, n_games: int, unit: str,
                          paired: bool, rotate: bool, chunk_games: int, backend: str) -> dict[str, Any]:
    """The provenance of a tournament run (what every chunk of its folder carries)."""
    return {
        "mowkit": __version__, "game": game.name, "options": game.options, "agents": list(agents),
        "seed": seed, "n_games": n_games, "unit": unit, "paired": paired, "rotate": rotate,
        "chunk_games": chunk_games, "backend": backend, "card_fingerprint": card_fingerprint(game.name),
    }


def run_provenance(provenance: dict[str, Any]) -> dict[str, Any]:
    """A chunk's provenance without what is particular to the chunk (games, rows, checksums)."""
    return {k: v for k, v in provenance.items() if k not in CHUNK_KEYS}


def differing_fields(a: dict[str, Any], b: dict[str, Any], prefix: str = "") -> list[str]:
    """Dotted names of the fields where two provenances differ (nested dicts are followed)."""
    out = []
    for k in sorted(set(a) | set(b)):
        x, y = a.get(k), b.get(k)
        if isinstance(x, dict) and isinstance(y, dict):
            out.extend(differing_fields(x, y, f"{prefix}{k}."))
        elif _canonical(x) != _canonical(y):
            out.append(prefix + k)
    return out


def _get(prov: dict[str, Any], dotted: str) -> Any:
    value: Any = prov
    for part in dotted.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


# --------------------------------------------------------------------------- writing


def _write_parquet(df: pd.DataFrame, path: Path, provenance: dict[str, Any]) -> dict[str, Any]:
    """Parquet with the sealed provenance in the schema metadata; temporary file, then rename.

    The temporary file is ``.{name}.{pid}.{random}.tmp`` (the writer's process id inside, as
    :func:`mowkit.records.save` names its own, so a clean-up can tell a live writer's file from a
    dead one's). It is flushed to the disk (``fsync``) before the rename, and the folder after it,
    so a chunk under its final name survives a power cut whole. Returns the provenance as written
    (with row count, columns and checksums).
    """
    table = pa.Table.from_pandas(df, preserve_index=False)
    prov = _sealed(provenance, table)
    meta = dict(table.schema.metadata or {})
    meta[b"mowkit"] = json.dumps(prov).encode()
    table = table.replace_schema_metadata(meta)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            pq.write_table(table, f)
            f.flush()
            os.fsync(f.fileno())
        del table
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    fsync_folder(path.parent)
    return prov


def fsync_folder(folder: str | os.PathLike[str]) -> None:
    """Flush a folder's entries (a rename into it) to the disk; a no-op where folders cannot be opened
    (no ``os.O_DIRECTORY``, as on Windows) or the file system refuses."""
    flag = getattr(os, "O_DIRECTORY", None)
    if flag is None:
        return
    try:
        fd = os.open(folder, os.O_RDONLY | flag)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself is atomic
    finally:
        os.close(fd)


def _write_chunk(df: pd.DataFrame, path: Path, provenance: dict[str, Any], games: Sequence[int]) -> dict[str, Any]:
    """Write one chunk of a run: its rows, the run's provenance and the game range it holds."""
    return _write_parquet(df, path, {**provenance, "games": [int(games[0]), int(games[-1]) + 1]})


def chunk_path(folder: str | os.PathLike[str], index: int) -> Path:
    """The file of chunk number ``index`` in a tournament folder."""
    return Path(folder) / f"chunk-{index:05d}.parquet"


def save_table(df: pd.DataFrame, path: str | os.PathLike[str], provenance: dict[str, Any]) -> Path:
    """Write one results table as Parquet with its provenance and checksums, atomically.

    When the provenance names a registered ``game`` that has a card table and no
    ``card_fingerprint``, the fingerprint of that game's card table is added.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)

    provenance = {"mowkit": __version__, **provenance}
    game = provenance.get("game")
    if game in registry.names() and registry.get(game).card_table is not None and "card_fingerprint" not in provenance:
        provenance["card_fingerprint"] = card_fingerprint(provenance["game"])
    _write_parquet(df, path, provenance)
    return path


# --------------------------------------------------------------------------- verified reading


def _short(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}".replace("\n", " ")
    return text if len(text) <= 200 else text[:197] + "..."


def _parse_provenance(path: str, meta: dict[bytes, bytes]) -> dict[str, Any]:
    if b"mowkit" not in meta:
        raise RecordError(path, "metadata.mowkit", "no mowkit provenance in this file")
    try:
        prov = json.loads(meta[b"mowkit"])
    except (ValueError, RecursionError):
        raise RecordError(path, "metadata.mowkit", "provenance is not valid JSON") from None
    if not isinstance(prov, dict):
        raise RecordError(path, "metadata.mowkit", "provenance is not a JSON object")
    present = [k for k in CHECKSUM_KEYS if k in prov]
    if present and len(present) < len(CHECKSUM_KEYS):
        missing = [k for k in CHECKSUM_KEYS if k not in prov]
        raise RecordError(path, f"metadata.mowkit.{missing[0]}", "missing beside the other checksum fields")
    if present:
        if not isinstance(prov["sha256"], str) or provenance_digest(prov) != prov["sha256"]:
            raise RecordError(path, "metadata.mowkit.sha256", "the provenance does not match its checksum: "
                              "the file is damaged or its metadata was edited")
        if not (isinstance(prov["rows"], int) and isinstance(prov["columns"], list)
                and isinstance(prov["columns_sha256"], dict)):
            raise RecordError(path, "metadata.mowkit.columns_sha256", "checksum fields of the wrong type")
    return prov


def read_provenance(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The provenance stored in a result file (errors name the file and the field).

    When the file carries checksums, the provenance is checked against its own (``sha256``).
    """
    try:
        meta = pq.read_schema(path).metadata or {}
    except Exception as e:  # pyarrow raises several types for damaged files
        raise RecordError(str(path), "(parquet)", f"not a readable Parquet file: {_short(e)}") from None
    return _parse_provenance(str(path), meta)


def _check_rows(path: str, prov: dict[str, Any], table: Any, columns: Sequence[str] | None) -> None:
    if table.num_rows != prov["rows"]:
        raise RecordError(path, "metadata.mowkit.rows", f"the file holds {table.num_rows} rows but "
                          f"{prov['rows']} were written: the file is damaged")
    want = list(prov["columns"]) if columns is None else list(columns)
    if list(table.column_names) != want:
        raise RecordError(path, "metadata.mowkit.columns", f"the file's columns {table.column_names} are not "
                          f"the columns written {want}: the file is damaged")
    for name in want:
        if column_digest(name, table.column(name)) != prov["columns_sha256"].get(name):
            raise RecordError(path, f"column {name}", "the values do not match the checksum written with "
                              "the file: the file is damaged or was changed after it was written")


def _to_pandas(table: Any) -> pd.DataFrame:
    """The DataFrame of an Arrow table from its data alone (pandas' metadata in the file ignored)."""
    return table.replace_schema_metadata(None).to_pandas(split_blocks=True)


def read_verified(path: str | os.PathLike[str], columns: Sequence[str] | None = None,
                  require_checksum: bool = True) -> tuple[pd.DataFrame, dict[str, Any]]:
    """One result file as a DataFrame and its provenance, checked against its checksums.

    Args:
        path: a chunk or a table saved by :func:`save_table`.
        columns: read only these columns (each is checked against its own checksum).
        require_checksum: refuse a file without checksums (else read it unverified).
    """
    src = str(path)
    try:
        pf = pq.ParquetFile(src)
    except Exception as e:
        raise RecordError(src, "(parquet)", f"not a readable Parquet file: {_short(e)}") from None
    try:
        try:
            meta = pf.schema_arrow.metadata or {}
        except Exception as e:
            raise RecordError(src, "(parquet)", f"not a readable Parquet file: {_short(e)}") from None
        prov = _parse_provenance(src, meta)
        checked = "sha256" in prov
        if not checked and require_checksum:
            raise RecordError(src, "metadata.mowkit.sha256", "no checksums in this file (written by an older "
                              "mowkit): it cannot be verified; rerun the tournament into a new folder")
        if columns is not None:
            columns = list(columns)
            known = prov["columns"] if checked else pf.schema_arrow.names
            unknown = [c for c in columns if c not in known]
            if unknown:
                raise OptionError("columns", unknown, f"columns of this table: {', '.join(known)}")
        try:
            table = pf.read(columns=columns)
        except Exception as e:
            raise RecordError(src, "(parquet)", f"the data cannot be read: {_short(e)}") from None
    finally:
        pf.close()
    if checked:
        _check_rows(src, prov, table, columns)
    try:
        df = _to_pandas(table)
    except Exception as e:  # an unverified file with nonsense types
        raise RecordError(src, "(parquet)", f"the data cannot be converted to a table: {_short(e)}") from None
    return df, prov


def load_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """A results table saved by :func:`save_table` (shipped ones live in ``data/results/``).

    Its provenance is in ``df.attrs["provenance"]``; errors name the file and the field. A table
    with checksums is verified against them; one saved before checksums existed is read as it is.
    """
    df, prov = read_verified(path, require_checksum=False)
    df.attrs["provenance"] = {k: v for k, v in prov.items() if k not in CHECKSUM_KEYS}
    return df


# --------------------------------------------------------------------------- folders


def _chunk_files(folder: str | os.PathLike[str]) -> list[Path]:
    folder = Path(folder)
    if not folder.is_dir():
        raise RecordError(str(folder), "(folder)", "no such folder" if not folder.exists() else "not a folder")
    files = sorted(folder.glob("chunk-*.parquet"))
    if not files:
        raise RecordError(str(folder), "(folder)", "no chunk-*.parquet files")
    return files


def _game_range(path: Path, prov: dict[str, Any]) -> tuple[int, int]:
    g = prov.get("games")
    if not (isinstance(g, list) and len(g) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in g)
            and 0 <= g[0] < g[1]):
        raise RecordError(str(path), "metadata.mowkit.games", f"{g!r} is not a game range [first, last + 1]")
    return g[0], g[1]


def default_chunk_games(n_games: int) -> int:
    """Games per chunk when none is given: about 20 chunks, at least 1 and at most ``MAX_CHUNK_GAMES``."""
    return min(MAX_CHUNK_GAMES, max(1, -(-n_games // 20)))


def expected_chunks(n_games: int, chunk_games: int) -> list[range]:
    """The game indices of each chunk of a run: ``chunk_games`` consecutive games per chunk."""
    return [range(s, min(s + chunk_games, n_games)) for s in range(0, n_games, chunk_games)]


def _plan(folder: str | os.PathLike[str], partial: bool = False, expect: dict[str, Any] | None = None,
          ) -> tuple[dict[str, Any], list[tuple[Path, dict[str, Any]]]]:
    """The run provenance and the chunk files of a folder in game order, after checking that the
    chunks come from one run (the majority's provenance; others are named) and cover its games
    exactly once (``partial``: missing chunks allowed).

    ``expect``: the run provenance the chunks must have (a :class:`ResultsFolder`'s): a chunk of any
    other run, even when the folder holds nothing else, is refused naming the file and the field.
    """
    files = _chunk_files(folder)
    provs = []
    for f in files:
        p = read_provenance(f)
        if "sha256" not in p:
            raise RecordError(str(f), "metadata.mowkit.sha256", "no checksums in this file (written by an "
                              "older mowkit): it cannot be verified; rerun the tournament into a new folder")
        if expect is not None:
            _check_expected(f, p, expect)
        provs.append((f, p))
    keys = [_canonical(run_provenance(p)) for _, p in provs]
    ref_key = Counter(keys).most_common(1)[0][0]
    ref_file = files[keys.index(ref_key)]
    run = json.loads(ref_key)
    for (f, p), k in zip(provs, keys):
        if k != ref_key:
            diff = differing_fields(run, run_provenance(p))
            raise RecordError(str(f), "metadata.mowkit." + diff[0],
                              f"this chunk belongs to another run: {diff[0]} is {_get(p, diff[0])!r} here but "
                              f"{_get(run, diff[0])!r} in {ref_file.name} and the folder's other chunks "
                              f"(differs in {', '.join(diff)}); move it out of the folder")
    n_games, chunk_games = run.get("n_games"), run.get("chunk_games")
    if not (isinstance(n_games, int) and isinstance(chunk_games, int) and n_games >= 1 and chunk_games >= 1):
        raise RecordError(str(ref_file), "metadata.mowkit.n_games", "no valid n_games / chunk_games")
    expected = expected_chunks(n_games, chunk_games)
    ranges = sorted(((_game_range(f, p), f, p) for f, p in provs), key=lambda t: t[0])
    for (a, fa, _x), (b, fb, _y) in zip(ranges, ranges[1:]):
        if b[0] < a[1]:
            raise RecordError(str(fb), "metadata.mowkit.games",
                              f"holds games {b[0]}–{b[1] - 1}, overlapping games {a[0]}–{a[1] - 1} of "
                              f"{fa.name}: a game must be in one chunk only; remove the copy")
    found = {}
    for (lo, hi), f, _unused in ranges:
        m = _CHUNK_NAME.fullmatch(f.name)
        i = int(m[1]) if m else -1
        if not (0 <= i < len(expected)) or (expected[i].start, expected[i].stop) != (lo, hi):
            where = (f"chunk {i} of this run holds games {expected[i].start}–{expected[i].stop - 1}"
                     if 0 <= i < len(expected) else f"this run has chunks 0–{len(expected) - 1} only")
            raise RecordError(str(f), "metadata.mowkit.games", f"holds games {lo}–{hi - 1}, but {where} "
                              "(renamed or misplaced file)")
        found[i] = f
    missing = [i for i in range(len(expected)) if i not in found]
    if missing and not partial:
        i = missing[0]
        raise RecordError(str(folder), "games", f"{len(missing)} of {len(expected)} chunks missing, the first "
                          f"{chunk_path(folder, i).name} (games {expected[i].start}–{expected[i].stop - 1}): the "
                          "run was interrupted or a chunk removed; rerun the same tournament with this folder "
                          "as out= to finish it, or read with partial=True")
    by_file = {f: p for f, p in provs}
    return run, [(found[i], by_file[found[i]]) for i in sorted(found)]


def _check_expected(path: Path, prov: dict[str, Any], expect: dict[str, Any]) -> None:
    """Refuse a chunk that is not of the run ``expect`` describes (the folder was written again)."""
    diff = differing_fields(run_provenance(expect), run_provenance(prov))
    if diff:
        raise RecordError(str(path), "metadata.mowkit." + diff[0], _(
            "this chunk belongs to another run than the one this handle was made for: {field} is {found} "
            "here but {wanted} in that run (differs in {fields}); another tournament wrote into the "
            "folder since, so the rows of the run you asked for are no longer all there").format(
                field=diff[0], found=_shown(_get(prov, diff[0])), wanted=_shown(_get(expect, diff[0])),
                fields=", ".join(diff)))


def _shown(value: Any) -> str:
    """A provenance value as JSON text, cut to 80 characters."""
    text = _canonical(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _sorted(df: pd.DataFrame) -> pd.DataFrame:
    keys = [c for c in ("game", "round", "seat") if c in df.columns]
    return df.sort_values(keys, ignore_index=True) if keys == ["game", "round", "seat"] else df


def _chunk_frame(path: str, wanted: list[str] | None = None) -> pd.DataFrame:
    """One verified chunk as a DataFrame (used for the partitions of the Dask dataframe)."""
    return read_verified(path, wanted)[0]


def read_results(folder: str | os.PathLike[str], columns: Sequence[str] | None = None, *,
                 engine: str = "pandas", partial: bool = False, expect: dict[str, Any] | None = None) -> Any:
    """All chunks of a tournament folder as one table, ordered by game, round and seat.

    Every chunk is verified (checksums, one run, every game exactly once) before anything is
    returned; the run's provenance is in ``df.attrs["provenance"]``.

    Args:
        folder: the ``out`` folder of :func:`mowkit.tournament.tournament`.
        columns: read only these columns.
        engine: ``"pandas"`` (one DataFrame in memory) or ``"dask"``: a lazy Dask dataframe with one
            partition per chunk, for folders larger than memory. Every chunk is verified first (read
            one at a time), and each partition is verified again when Dask reads it. (A Dask
            dataframe has no ``attrs``: the provenance is ``open_results(folder).provenance``.)
        partial: read the finished chunks of an interrupted run (missing chunks allowed).
        expect: the provenance of the run the chunks must belong to (any other run's chunk is a
            :class:`~mowkit.core.RecordError`); a :class:`ResultsFolder` passes its own.
    """
    check_choice("engine", engine, ("pandas", "dask"))
    run, chunks = _plan(folder, partial, expect)
    cols = None if columns is None else list(columns)
    if engine == "dask":
        import dask.dataframe as dd

        meta = None
        for f, _prov in chunks:
            df = read_verified(f, cols)[0]
            if meta is None:
                meta = df.iloc[:0]
            del df
        return dd.from_map(_chunk_frame, [str(f) for f, _prov in chunks], args=(cols,), meta=meta, label="mowkit-chunk",
                           enforce_metadata=False)
    df = assemble([f for f, _prov in chunks], sum(int(p["rows"]) for _, p in chunks), cols)
    df.attrs["provenance"] = run
    return df


def assemble(files: Sequence[Path], rows: int, columns: Sequence[str] | None = None) -> pd.DataFrame:
    """Verified chunk files (in game order, ``rows`` rows in all) as one table, ordered by game,
    round and seat, without concatenating chunk tables.

    The columns are reserved once for all the rows and each chunk, read and verified one at a
    time, is copied into its slice (text columns as codes into the distinct values, made text
    once at the end), so memory holds the table and one chunk, not the table twice. Chunks that
    are already in order (each is, as a tournament writes it) are not sorted again.
    """
    cols = None if columns is None else list(columns)
    sink: _Columns | None = None
    frames: list[pd.DataFrame] = []
    for f in files:
        df = read_verified(f, cols)[0]
        if sink is None and not frames and _Columns.holds(df):
            sink = _Columns(df, rows)
        if sink is not None and sink.accepts(df):
            sink.add(df)
        else:  # column types the reserved table cannot hold: gather and concatenate instead
            frames.extend(sink.take() if sink is not None else [])
            sink = None
            frames.append(df)
        del df
    if sink is not None:
        out, ordered = sink.frame(), sink.ordered
        return out if ordered else _sorted(out)
    return _sorted(pd.concat(frames, ignore_index=True)) if len(frames) > 1 else _sorted(frames[0])


_ORDER = ("game", "round", "seat")


class _Columns:
    """A results table filled chunk by chunk: numeric and boolean columns in arrays reserved for all
    rows, text columns as codes into their distinct values."""

    def __init__(self, first: pd.DataFrame, rows: int) -> None:
        self.names = list(first.columns)
        self.dtypes = {c: first[c].dtype for c in self.names}
        self.text = {c for c in self.names if _is_text(first[c].dtype)}
        self.arrays: dict[str, np.ndarray[Any, Any]] = {
            c: np.empty(rows, dtype=np.int32 if c in self.text else first[c].dtype) for c in self.names}
        self.values: dict[str, dict[Any, int]] = {c: {} for c in self.text}
        self.rows, self.at, self.ordered = rows, 0, True
        self.last: tuple[int, ...] | None = None

    @staticmethod
    def holds(df: pd.DataFrame) -> bool:
        """Whether every column is numeric, boolean or text (else the chunks are concatenated)."""
        return all(df[c].dtype.kind in "biuf" or _is_text(df[c].dtype) for c in df.columns)

    def accepts(self, df: pd.DataFrame) -> bool:
        """Whether a chunk has this table's columns and types and its rows fit in what is left."""
        return (list(df.columns) == self.names and all(df[c].dtype == self.dtypes[c] for c in self.names)
                and self.at + len(df) <= self.rows)

    def add(self, df: pd.DataFrame) -> None:
        """Copy one chunk's rows after the rows so far."""
        n, at = len(df), self.at
        for c in self.names:
            if c in self.text:
                codes, uniques = pd.factorize(df[c], use_na_sentinel=False)
                seen = self.values[c]
                lookup = np.array([seen.setdefault(v, len(seen)) for v in uniques], dtype=np.int32)
                self.arrays[c][at:at + n] = lookup[codes]
            else:
                self.arrays[c][at:at + n] = df[c].to_numpy()
        self._check_order(df)
        self.at += n

    def _check_order(self, df: pd.DataFrame) -> None:
        """Note whether the rows so far are still in (game, round, seat) order."""
        if not self.ordered or not set(_ORDER) <= set(self.names) or not len(df):
            return
        keys = [df[k].to_numpy() for k in _ORDER]
        first = tuple(int(k[0]) for k in keys)
        if self.last is not None and first < self.last:
            self.ordered = False
            return
        dg, dr, ds = (np.diff(k) for k in keys)
        self.ordered = bool(np.all((dg > 0) | ((dg == 0) & ((dr > 0) | ((dr == 0) & (ds >= 0))))))
        self.last = tuple(int(k[-1]) for k in keys)

    def frame(self) -> pd.DataFrame:
        """The table of the rows added (no copy of the numeric columns)."""
        data: dict[str, Any] = {}
        for c in self.names:
            a = self.arrays[c][:self.at]
            if c in self.text and isinstance(self.dtypes[c], pd.StringDtype):
                data[c] = pd.array(list(self.values[c]), dtype=self.dtypes[c]).take(a)
            elif c in self.text:  # text in an object column (pandas before 3)
                values = np.empty(len(self.values[c]), dtype=object)
                values[:] = list(self.values[c])
                data[c] = values[a]
            else:
                data[c] = a
        self.arrays = {}
        return pd.DataFrame(data, columns=self.names, copy=False)

    def take(self) -> list[pd.DataFrame]:
        """The rows so far as one table, in a list (to continue by concatenation)."""
        return [self.frame()] if self.at else []


def _is_text(dtype: Any) -> bool:
    """Whether a pandas column type holds text: pandas' string type, or ``object`` (what Arrow text
    becomes before pandas 3)."""
    return isinstance(dtype, pd.StringDtype) or dtype == np.dtype(object)


def iter_results(folder: str | os.PathLike[str], columns: Sequence[str] | None = None, *,
                 partial: bool = False, expect: dict[str, Any] | None = None) -> Iterator[pd.DataFrame]:
    """The chunks of a tournament folder one at a time, in game order, each verified.

    The folder is checked (one run, every game once) before the first chunk is yielded; memory
    holds one chunk at a time. Each frame's ``attrs["provenance"]`` is its chunk's provenance.
    ``expect``: as in :func:`read_results`.
    """
    _, chunks = _plan(folder, partial, expect)
    cols = None if columns is None else list(columns)
    for f, _prov in chunks:
        df, prov = read_verified(f, cols)
        df.attrs["provenance"] = {k: v for k, v in prov.items() if k not in CHECKSUM_KEYS}
        yield df


_PER_GAME_INPUT = ["game", "deal", "rotation", "round", "seat", "agent", "penalty", "final_total", "winner",
                   "winners"]


def per_game_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per player per game of a tournament table (a per-game table passes through): what
    :func:`mowkit.results.per_game` gives for a DataFrame."""
    if "penalty" not in df.columns and {"mean_penalty", "win_share", "seat"} <= set(df.columns):
        out = df if "deal" in df.columns else df.assign(deal=df["game"])
        return out
    keys = (["match"] if "match" in df.columns else []) + ["game", "seat"]
    g = df.groupby(keys, sort=True)
    spec: dict[str, tuple[str, str]] = dict(
        agent=("agent", "first"), rounds=("round", "count"), final_total=("final_total", "first"),
        mean_penalty=("penalty", "mean"), winner=("winner", "first"), winners=("winners", "first"),
    )
    for extra in ("deal", "rotation"):
        if extra in df.columns:
            spec[extra] = (extra, "first")
    out = g.agg(**spec).reset_index()
    if "deal" not in out.columns:
        out["deal"] = out["game"]
    out["win_share"] = np.where(out["winner"], 1.0 / out["winners"], 0.0)
    return out


def per_game_frame(df: pd.DataFrame) -> pd.DataFrame:
    """One row per player per game of a tidy table (or chunk): :func:`mowkit.results.per_game`
    with the rotation, in the columns :data:`PER_GAME_COLUMNS`."""
    return per_game_table(df)[PER_GAME_COLUMNS]


def per_game(folder: str | os.PathLike[str], *, partial: bool = False,
             expect: dict[str, Any] | None = None) -> pd.DataFrame:
    """The per-game table of a tournament folder, computed chunk by chunk in bounded memory.

    Only the columns it needs are read, one chunk at a time (every game lies in one chunk), so the
    per-round table of the folder is never in memory. The result has one row per player per game:
    game, seat, agent, rounds, final_total, mean_penalty, winner, winners, win_share (as
    :func:`mowkit.results.per_game`), plus deal and rotation, in compact types (agent categorical;
    seat, rotation, winners int8; rounds int16; final_total int32): about 36 bytes per player per
    game, so 10 million 4-player games need about 1.4 GB. ``expect``: as in :func:`read_results`.
    """
    run, chunks = _plan(folder, partial, expect)
    agents = pd.CategoricalDtype(sorted(set(run.get("agents") or [])))
    small = {"seat": "int8", "rotation": "int8", "winners": "int8", "rounds": "int16", "final_total": "int32"}
    frames = []
    for f, _prov in chunks:
        out = per_game_frame(read_verified(f, _PER_GAME_INPUT)[0])
        out["agent"] = out["agent"].astype(agents) if len(agents.categories) else out["agent"].astype("category")
        frames.append(out.astype(small))
    df = pd.concat(frames, ignore_index=True)
    df.attrs["provenance"] = run
    return df


# --------------------------------------------------------------------------- handle


@dataclass(frozen=True)
class ResultsFolder:
    """A tournament stored in a folder of verified Parquet chunks (what ``collect=False`` returns).

    Holds no rows: ``read()`` / ``iter()`` / ``per_game()`` / ``dask()`` read the chunks (each verified).
    ``os.fspath(handle)`` is the folder, so it can be passed wherever a path is expected.
    """

    path: Path
    provenance: dict[str, Any]
    chunks: int
    rows: int

    @property
    def backend(self) -> str:
        """The backend the games were played with (``"engine"`` or ``"kernel"``)."""
        return str(self.provenance.get("backend"))

    @property
    def attrs(self) -> dict[str, Any]:
        """``{"provenance": ..., "backend": ...}``, as on the DataFrame ``tournament`` returns."""
        return {"provenance": self.provenance, "backend": self.backend}

    def read(self, columns: Sequence[str] | None = None) -> pd.DataFrame:
        """The whole per-round table in memory (see :func:`read_results`).

        Every read checks that the folder's chunks are still this run's: a chunk another
        tournament wrote into the folder since is a :class:`~mowkit.core.RecordError` naming
        the file and the field that differs (the same in ``iter``, ``per_game`` and ``dask``).
        """
        return read_results(self.path, columns, expect=self.provenance)

    def iter(self, columns: Sequence[str] | None = None) -> Iterator[pd.DataFrame]:
        """The chunks one at a time (see :func:`iter_results`)."""
        return iter_results(self.path, columns, expect=self.provenance)

    def per_game(self) -> pd.DataFrame:
        """The per-game table, computed chunk by chunk (see :func:`per_game`)."""
        return per_game(self.path, expect=self.provenance)

    def dask(self, columns: Sequence[str] | None = None) -> Any:
        """A lazy Dask dataframe of the folder (see :func:`read_results` with ``engine="dask"``)."""
        return read_results(self.path, columns, engine="dask", expect=self.provenance)

    def __fspath__(self) -> str:
        return str(self.path)


def open_results(folder: str | os.PathLike[str], *, partial: bool = False) -> ResultsFolder:
    """A handle on a tournament folder, after checking its chunks' provenance and game coverage
    (the rows are verified when they are read)."""
    run, chunks = _plan(folder, partial)
    return ResultsFolder(Path(folder), run, len(chunks), sum(int(p["rows"]) for _, p in chunks))
