"""Card tables (shipped inside the package) and the project's other data files, loaded and validated.

The card tables ``sixnimmt_cards.csv`` and ``mow_cards.csv`` live in the package folder
``mowkit/cards/`` and are found with ``importlib.resources`` (:func:`cards_dir`), so any install,
a wheel included, can play; ``MOWKIT_DATA`` points at another folder holding them, e.g. for a
user who owns a different printing of the cards. :func:`data_dir` is the project's ``data/``
folder (example records, odds tables, shipped results), present in a checkout. Every loader names
the file and the field of a damaged file.

A card table is checked against the rules that define it (RULES.md): for 6 nimmt! exactly the
cards 1..104 with the heads rule (55: 7; other multiples of 11: 5; multiples of 10: 3; other
multiples of 5: 2; every other card 1), 171 heads in all; for Mow the composition of each packet
(see :mod:`mowkit.mow_data`). A table that breaks them is refused with a
:class:`~mowkit.core.RecordError` naming the file, the line and the field.

A different printing on purpose: set the environment variable ``MOWKIT_CUSTOM_CARDS=1``. The
rule checks are then skipped, the sanity checks stay (whole numbers, heads and flies in
0..1000, no card twice, numbers in range, enough cards to play). :func:`custom_cards` reads the
switch; tournaments record it in their provenance, together with :func:`card_tables_fingerprint`.

Damaged files are refused the same way in both modes: bytes that are not UTF-8 (named by
their byte offset), a byte-order mark, a folder where the file should be, an empty file, a
missing or repeated column, a line with more values than the header.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
from functools import lru_cache
from pathlib import Path

from mowkit.core import OptionError, RecordError

CUSTOM_ENV = "MOWKIT_CUSTOM_CARDS"
MAX_TABLE_BYTES = 2**20  # a card table is a few kilobytes
MAX_COUNT = 1000  # heads or flies on one card, even in a custom printing
SIXNIMMT_CARDS = 104
SIXNIMMT_MIN_CARDS = 24  # a custom printing still deals 10 cards to 2 players and lays 4 rows
SIXNIMMT_MAX_CARDS = 1000
_INT = re.compile(r"[+-]?[0-9]{1,100}")


def data_dir() -> Path:
    """The project's ``data/`` folder beside the package: example records, odds tables, shipped results."""
    return Path(__file__).resolve().parent.parent / "data"


def cards_dir() -> Path:
    """The folder holding the card tables: ``$MOWKIT_DATA``, else the package's ``mowkit/cards/``."""
    env = os.environ.get("MOWKIT_DATA")
    if env:
        return Path(env)
    from importlib.resources import files

    return Path(str(files("mowkit") / "cards"))


def custom_cards() -> bool:
    """Whether the user declared a custom printing of the cards (``MOWKIT_CUSTOM_CARDS=1``)."""
    value = os.environ.get(CUSTOM_ENV, "").strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise OptionError(CUSTOM_ENV, value, "1 (the card tables are a custom printing) or 0 / unset (the rules' cards)")


def card_tables_fingerprint() -> str:
    """SHA-256 of both card tables' bytes and the custom switch (what a result was computed with)."""
    h = hashlib.sha256()
    h.update(b"custom=1\n" if custom_cards() else b"custom=0\n")
    for name in ("sixnimmt_cards.csv", "mow_cards.csv"):
        path = cards_dir() / name
        h.update(name.encode() + b"\n")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"(unreadable)")
    return h.hexdigest()


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def read_table(path: Path, columns: tuple[str, ...] | list[str]) -> list[tuple[int, dict[str, str]]]:
    """The rows of a CSV card table as (line number, {column: stripped text}), after the file checks.

    Refuses (``RecordError`` naming the file) a folder, a missing, unreadable, empty or huge file,
    bytes that are not UTF-8, a byte-order mark, a NUL character, a missing or repeated column, and a
    line with more values than the header. Blank lines are skipped.
    """
    src = str(path)
    if path.is_dir():
        raise RecordError(src, "(file)", "is a folder, not a card table")
    if not path.exists():
        raise RecordError(src, "(file)", "file not found")
    try:
        size = path.stat().st_size
        if size > MAX_TABLE_BYTES:
            raise RecordError(src, "(file)", f"{size} bytes: too large for a card table (at most {MAX_TABLE_BYTES})")
        data = path.read_bytes()
    except OSError as e:
        raise RecordError(src, "(file)", f"cannot read: {e.strerror or e}") from None
    if data.startswith(b"\xef\xbb\xbf"):
        raise RecordError(src, "(encoding)", "the file starts with a byte-order mark (BOM); save it as UTF-8 "
                          "without BOM")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(src, "(encoding)", f"not UTF-8 text: byte 0x{data[e.start:e.start + 1].hex()} at byte "
                          f"offset {e.start} (line {_line_of(data, e.start)}) cannot be decoded") from None
    if "\x00" in text:
        raise RecordError(src, f"line {text.count(chr(10), 0, text.index(chr(0))) + 1}", "contains a NUL character")
    if not text.strip():
        raise RecordError(src, "(file)", "the file is empty")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip() for h in next(reader)]
        for name in header:
            if name and header.count(name) > 1:
                raise RecordError(src, name, f"column appears {header.count(name)} times in the header {header}")
        for c in columns:
            if c not in header:
                raise RecordError(src, c, f"column missing; header is {header}")
        rows = []
        for values in reader:
            line = reader.line_num
            if not any(v.strip() for v in values):
                continue
            if len(values) > len(header):
                raise RecordError(src, f"line {line}", f"{len(values)} values, the header has {len(header)} columns")
            raw = dict(zip(header, (v.strip() for v in values)))
            rows.append((line, {c: raw.get(c, "") for c in columns}))
    except csv.Error as e:
        raise RecordError(src, f"line {reader.line_num}", f"not a readable CSV line ({e})") from None
    return rows


def parse_int(src: str, field: str, text: str) -> int:
    """A whole number written in ASCII digits, or RecordError(src, field)."""
    if not _INT.fullmatch(text):
        shown = repr(text) if len(text) <= 40 else repr(text[:40]) + f"... ({len(text)} characters)"
        raise RecordError(src, field, f"{shown} is not an integer" if text else "empty value")
    return int(text)


def read_csv_rows(path: Path, columns: dict[str, type]) -> list[dict]:
    """Rows of a CSV file with ``columns`` (name -> int/str); errors name file and field."""
    rows = []
    for line_no, raw in read_table(path, list(columns)):
        row = {}
        for name, typ in columns.items():
            value = raw[name]
            if value == "":
                raise RecordError(str(path), f"line {line_no}, {name}", "empty value")
            row[name] = parse_int(str(path), f"line {line_no}, {name}", value) if typ is int else value
        rows.append(row)
    return rows


def heads_rule(number: int) -> int:
    """Heads of a 6 nimmt! card by RULES.md §1: 55 → 7; multiples of 11 → 5; of 10 → 3; of 5 → 2; else 1."""
    if number == 55:
        return 7
    if number % 11 == 0:
        return 5
    if number % 10 == 0:
        return 3
    if number % 5 == 0:
        return 2
    return 1


RULE_TEXT = "55: 7; other multiples of 11: 5; multiples of 10: 3; other multiples of 5: 2; others: 1"
CUSTOM_HINT = f"(a different printing on purpose? set {CUSTOM_ENV}=1)"


@lru_cache(maxsize=None)
def _sixnimmt_heads(path_str: str, custom: bool) -> tuple[int, ...]:
    path = Path(path_str)
    src = str(path)
    rows = []
    for line, raw in read_table(path, ("number", "heads")):
        number = parse_int(src, f"line {line}, number", raw["number"])
        heads = parse_int(src, f"line {line}, heads", raw["heads"])
        rows.append((line, number, heads))
    if not rows:
        raise RecordError(src, "(rows)", "no cards")
    seen: dict[int, int] = {}
    top = SIXNIMMT_MAX_CARDS if custom else SIXNIMMT_CARDS
    for line, number, heads in rows:
        if not 1 <= number <= top:
            raise RecordError(src, f"line {line}, number", f"card {number} is outside 1..{top}"
                              + ("" if custom else f" {CUSTOM_HINT}"))
        if number in seen:
            raise RecordError(src, f"line {line}, number", f"card {number} already on line {seen[number]}")
        seen[number] = line
        if not 0 <= heads <= MAX_COUNT:
            raise RecordError(src, f"line {line}, heads", f"{heads} heads is outside 0..{MAX_COUNT}")
    n = len(rows)
    want = n if custom else SIXNIMMT_CARDS
    missing = [k for k in range(1, max(want, max(seen)) + 1) if k not in seen]
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        raise RecordError(src, "number", f"numbers must be 1..{want}, each once; missing: {shown} "
                          f"({n} cards found)")
    if custom and n < SIXNIMMT_MIN_CARDS:
        raise RecordError(src, "number", f"{n} cards; a game needs at least {SIXNIMMT_MIN_CARDS}")
    table = [0] * (n + 1)
    for line, number, heads in rows:
        if not custom and heads != heads_rule(number):
            raise RecordError(src, f"line {line}, heads", f"card {number} has {heads} head{'' if heads == 1 else 's'}; RULES.md §1 gives "
                              f"{heads_rule(number)} ({RULE_TEXT}) {CUSTOM_HINT}")
        table[number] = heads
    if not custom:
        total, expected = sum(table), sum(heads_rule(k) for k in range(1, SIXNIMMT_CARDS + 1))
        if total != expected:  # implied by the card-by-card check; kept as the rule book states it
            raise RecordError(src, "heads", f"{total} heads in all; RULES.md §1 gives {expected}")
    return tuple(table)


_HEADS: dict[tuple[str | None, bool], tuple[int, ...]] = {}


def sixnimmt_heads() -> tuple[int, ...]:
    """Heads of each 6 nimmt! card from ``sixnimmt_cards.csv`` (:func:`cards_dir`): ``table[number]`` (index 0 unused).

    Raises :class:`~mowkit.core.RecordError` naming the file and the field of a damaged table or
    one that breaks RULES.md §1 (unless ``MOWKIT_CUSTOM_CARDS=1``, see the module docstring).
    """
    custom = custom_cards()
    key = (os.environ.get("MOWKIT_DATA"), custom)
    table = _HEADS.get(key)
    if table is None:
        table = _HEADS[key] = _sixnimmt_heads(str(cards_dir() / "sixnimmt_cards.csv"), custom)
    return table
