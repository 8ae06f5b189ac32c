"""Card tables and other shipped files under ``data/``, loaded and validated.

The data folder is the project's ``data/`` next to the ``mowkit`` package (an editable install,
as the README's commands make); ``MOWKIT_DATA`` points elsewhere, e.g. for a user who owns a
different printing of the cards. Every loader names the file and the field of a damaged file.
"""

from __future__ import annotations

import csv
import os
from functools import lru_cache
from pathlib import Path

from mowkit.core import RecordError


def data_dir() -> Path:
    """The folder holding the card tables (``$MOWKIT_DATA`` or the project's ``data/``)."""
    env = os.environ.get("MOWKIT_DATA")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "data"


def read_csv_rows(path: Path, columns: dict[str, type]) -> list[dict]:
    """Rows of a CSV file with exactly ``columns`` (name -> int/str); errors name file and field."""
    if not path.exists():
        raise RecordError(str(path), "(file)", "file not found")
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        missing = [c for c in columns if c not in header]
        if missing:
            raise RecordError(str(path), missing[0], f"column missing; header is {header}")
        rows = []
        for line_no, raw in enumerate(reader, start=2):
            row = {}
            for name, typ in columns.items():
                value = raw.get(name)
                if value is None or value == "":
                    raise RecordError(str(path), f"line {line_no}, {name}", "empty value")
                if typ is int:
                    try:
                        row[name] = int(value)
                    except ValueError:
                        raise RecordError(
                            str(path), f"line {line_no}, {name}", f"{value!r} is not an integer"
                        ) from None
                else:
                    row[name] = value.strip()
            rows.append(row)
    return rows


@lru_cache(maxsize=None)
def _sixnimmt_heads(path_str: str) -> tuple[int, ...]:
    path = Path(path_str)
    rows = read_csv_rows(path, {"number": int, "heads": int})
    numbers = [r["number"] for r in rows]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        raise RecordError(str(path), "number", "numbers must be 1..N, each once")
    table = [0] * (len(rows) + 1)
    for r in rows:
        if r["heads"] < 0:
            raise RecordError(str(path), f"number {r['number']}, heads", "must be >= 0")
        table[r["number"]] = r["heads"]
    return tuple(table)


_HEADS: dict[str | None, tuple[int, ...]] = {}


def sixnimmt_heads() -> tuple[int, ...]:
    """Heads of each 6 nimmt! card from ``data/sixnimmt_cards.csv``: ``table[number]`` (index 0 unused)."""
    key = os.environ.get("MOWKIT_DATA")
    table = _HEADS.get(key)
    if table is None:
        table = _HEADS[key] = _sixnimmt_heads(str(data_dir() / "sixnimmt_cards.csv"))
    return table
