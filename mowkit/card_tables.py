"""The card tables of both games (shipped inside the package), loaded and validated; the data folder.

The one module for card tables: :func:`sixnimmt_heads` reads ``sixnimmt_cards.csv``,
:func:`mow_cards` reads ``mow_cards.csv`` (``mowkit.data`` and ``mowkit.mow_data``, their old
homes, re-export these names).

The card tables ``sixnimmt_cards.csv`` and ``mow_cards.csv`` live in the package folder
``mowkit/cards/`` and are found with ``importlib.resources`` (:func:`cards_dir`), so any install,
a wheel included, can play; ``MOWKIT_DATA`` points at another folder holding them, e.g. for a
user who owns a different printing of the cards. :func:`data_dir` is the project's ``data/``
folder (example records, odds tables, shipped results), present in a checkout. Every loader names
the file and the field of a damaged file.

A card table is checked against the rules that define it (RULES.md): for 6 nimmt! exactly the
cards 1..104 with the heads rule (55: 7; other multiples of 11: 5; multiples of 10: 3; other
multiples of 5: 2; every other card 1), 171 heads in all; for Mow the composition of each packet
(see *Mow* below). A table that breaks them is refused with a
:class:`~mowkit.core.RecordError` naming the file, the line and the field.

A different printing on purpose: set the environment variable ``MOWKIT_CUSTOM_CARDS=1``. The
rule checks are then skipped, the sanity checks stay (whole numbers, heads and flies in
0..1000, no card twice, numbers in range, enough cards to play). :func:`custom_cards` reads the
switch; tournaments record it in their provenance, together with :func:`card_tables_fingerprint`.

Damaged files are refused the same way in both modes: bytes that are not UTF-8 (named by
their byte offset), a byte-order mark, a folder where the file should be, an empty file, a
missing or repeated column, a line with more values than the header.

The Mow card table ``mowkit/cards/mow_cards.csv``:

One row per card: ``packet`` (green/yellow), ``code`` (readable, unique, e.g. ``G-7-2``), ``kind``
(plain, blocking, acrobat, slowpoke, calf, thin, dairy, mad), ``number`` (empty for slowpoke, calf
and mad cow) and ``flies``. A card's id is its row index (0..95), green packet first, so each
packet's ids are contiguous. ``MOWKIT_DATA`` points at another folder (another printing).

Each packet is checked against RULES.md §2 (the composition ``scripts/make_mow_cards.py`` writes):
48 cards carrying 74 flies; 42 plain cows, one of each (number, flies) with flies 0 on 1..15,
1 on 2..14, 2 on 3..13 and 3 on 7..9 (so the copies per number are 1:1, 2:2, 3-6:3, 7-9:4,
10-13:3, 14:2, 15:1); and the packet's 6 special cows, 5 flies each (green: blocking 0 and 16,
acrobat 7 and 9, two slowpokes; yellow: blocking 0 and 16, calf, thin 4, dairy 12, mad cow).
A table that breaks this is refused with a :class:`~mowkit.core.RecordError` naming the file,
the line and the field, unless the user declares a custom printing with the environment
variable ``MOWKIT_CUSTOM_CARDS=1`` (see :func:`custom_cards`); the sanity checks stay
in that mode: whole numbers, numbers 0..16, flies 0..1000, unique codes, a green packet of at
least 10 cards (two farmers' hands), each packet with a cow that can start a herd.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
from collections import Counter
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import NamedTuple

from mowkit.core import OptionError, RecordError

CUSTOM_ENV = "MOWKIT_CUSTOM_CARDS"
SIXNIMMT_FILE = "sixnimmt_cards.csv"
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
    for name in (SIXNIMMT_FILE, MOW_FILE):
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
        table = _HEADS[key] = _sixnimmt_heads(str(cards_dir() / SIXNIMMT_FILE), custom)
    return table


# --------------------------------------------------------------------------- Mow



MOW_FILE = "mow_cards.csv"
MOW_COLUMNS = ("packet", "code", "kind", "number", "flies")
PACKETS = ("green", "yellow")
KINDS = ("plain", "blocking", "acrobat", "slowpoke", "calf", "thin", "dairy", "mad")
UNNUMBERED = ("slowpoke", "calf", "mad")
MAX_NUMBER = 16
HAND_SIZE = 5
# RULES.md §2: (first number, last number, flies) of the plain cows of one packet
PLAIN = ((1, 15, 0), (2, 14, 1), (3, 13, 2), (7, 9, 3))
SPECIAL_FLIES = 5
SPECIALS = {
    "green": (("blocking", 0), ("blocking", 16), ("acrobat", 7), ("acrobat", 9), ("slowpoke", None),
              ("slowpoke", None)),
    "yellow": (("blocking", 0), ("blocking", 16), ("calf", None), ("thin", 4), ("dairy", 12), ("mad", None)),
}
PACKET_CARDS = 48
PACKET_FLIES = 74


class MowCard(NamedTuple):
    """One Mow card: ``id`` (row index), packet, code, kind, number (None if unnumbered), flies."""

    id: int
    packet: str
    code: str
    kind: str
    number: int | None
    flies: int


def packet_composition(packet: str) -> Counter:
    """(kind, number, flies) -> copies in one packet as RULES.md §2 prints it."""
    want: Counter = Counter()
    for lo, hi, flies in PLAIN:
        for n in range(lo, hi + 1):
            want[("plain", n, flies)] += 1
    for kind, number in SPECIALS[packet]:
        want[(kind, number, SPECIAL_FLIES)] += 1
    return want


def _name(kind: str, number: int | None) -> str:
    return f"{kind} {number}" if number is not None else kind


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _flies(n: int) -> str:
    return "1 fly" if n == 1 else f"{n} flies"


def _check_rules(src: str, cards: list[MowCard], lines: list[int]) -> None:
    """Refuse a packet that is not the one RULES.md §2 prints (naming the line and field)."""
    for packet in PACKETS:
        want = packet_composition(packet)
        left = Counter(want)
        members = [(c, line) for c, line in zip(cards, lines) if c.packet == packet]
        for c, line in members:
            key = (c.kind, c.number, c.flies)
            if left[key] > 0:
                left[key] -= 1
                continue
            def at(field: str, line: int = line) -> str:
                return f"line {line}, {field}"
            if c.kind == "plain":
                printed = sorted(f for (k, n, f) in want if k == "plain" and n == c.number)
                if not printed:
                    raise RecordError(src, at("number"), f"RULES.md §2 prints no plain {c.number} {CUSTOM_HINT}")
                if key in want:
                    raise RecordError(src, at("number"), f"one plain {c.number} with {_flies(c.flies)} too many in the "
                                      f"{packet} packet: RULES.md §2 prints one {CUSTOM_HINT}")
                raise RecordError(src, at("flies"), f"a plain {c.number} with {_flies(c.flies)}: RULES.md §2 prints "
                                  f"plain {c.number}s with {', '.join(map(str, printed))} flies, one of each "
                                  f"{CUSTOM_HINT}")
            specials = [(k, n) for k, n in SPECIALS[packet]]
            if c.kind not in {k for k, _ in specials}:
                names = ", ".join(_name(k, n) for k, n in specials)
                raise RecordError(src, at("kind"), f"no {c.kind} cow in the {packet} packet of RULES.md §2 "
                                  f"(its specials: {names}) {CUSTOM_HINT}")
            if c.flies != SPECIAL_FLIES:
                raise RecordError(src, at("flies"), f"{_a(c.kind)} cow with {_flies(c.flies)}: special cows carry "
                                  f"{SPECIAL_FLIES} (RULES.md §2) {CUSTOM_HINT}")
            numbers = sorted(str(n) for k, n in specials if k == c.kind)
            if (c.kind, c.number) not in specials:
                raise RecordError(src, at("number"), f"{_a(_name(c.kind, c.number))} cow: the {packet} packet's "
                                  f"{c.kind} cows are numbered {', '.join(numbers)} {CUSTOM_HINT}")
            raise RecordError(src, at("kind"), f"one {_name(c.kind, c.number)} cow too many in the {packet} packet "
                              f"(RULES.md §2) {CUSTOM_HINT}")
        missing = sorted(left.elements(), key=lambda k: (k[0] != "plain", k[0], k[1] or 0, k[2]))
        if missing:
            shown = ", ".join(f"plain {n} with {_flies(f)}" if k == "plain" else f"{_name(k, n)} cow"
                              for k, n, f in missing[:8]) + (", ..." if len(missing) > 8 else "")
            raise RecordError(src, f"{packet} packet", f"{len(members)} cards; missing from RULES.md §2: {shown} "
                              f"{CUSTOM_HINT}")
        flies = sum(c.flies for c, _ in members)
        if len(members) != PACKET_CARDS or flies != PACKET_FLIES:  # implied by the composition; stated as printed
            raise RecordError(src, f"{packet} packet", f"{len(members)} cards carrying {flies} flies; RULES.md §2: "
                              f"{PACKET_CARDS} cards carrying {PACKET_FLIES} flies")


def _check_sanity(src: str, cards: list[MowCard]) -> None:
    """What even a custom printing needs: enough green cards for two hands, a herd starter per packet."""
    for packet in PACKETS:
        members = [c for c in cards if c.packet == packet]
        if packet == "green" and len(members) < 2 * HAND_SIZE:
            raise RecordError(src, "green packet", f"{len(members)} cards; the smallest game (two farmers) needs "
                              f"at least {2 * HAND_SIZE}")
        if members and not any(c.kind not in ("acrobat", "slowpoke", "calf", "mad") for c in members):
            raise RecordError(src, f"{packet} packet", "no numbered cow that can start a herd")


def _load_mow(path: Path, custom: bool) -> tuple[MowCard, ...]:
    src = str(path)
    cards: list[MowCard] = []
    lines: list[int] = []
    codes: dict[str, int] = {}
    for line_no, raw in read_table(path, MOW_COLUMNS):
        def field(name: str, line_no: int = line_no) -> str:
            return f"line {line_no}, {name}"

        packet, code, kind = raw["packet"], raw["code"], raw["kind"]
        if packet not in PACKETS:
            raise RecordError(src, field("packet"), f"{packet!r} is not one of {', '.join(PACKETS)}")
        if cards and PACKETS.index(packet) < PACKETS.index(cards[-1].packet):
            raise RecordError(src, field("packet"), "the green packet's rows must all come first")
        if not code:
            raise RecordError(src, field("code"), "empty value")
        if len(code) > 40:
            raise RecordError(src, field("code"), f"a code of {len(code)} characters; at most 40")
        if code in codes:
            raise RecordError(src, field("code"), f"{code!r} already used on line {codes[code]}")
        codes[code] = line_no
        if kind not in KINDS:
            shown = repr(kind) if len(kind) <= 40 else repr(kind[:40]) + "..."
            raise RecordError(src, field("kind"), f"{shown} is not one of {', '.join(KINDS)}")
        number: int | None
        if kind in UNNUMBERED:
            if raw["number"]:
                raise RecordError(src, field("number"), f"{_a(kind)} carries no number; leave it empty")
            number = None
        else:
            if not raw["number"]:
                raise RecordError(src, field("number"), f"empty value; {_a(kind)} cow needs a number")
            number = parse_int(src, field("number"), raw["number"])
            if not 0 <= number <= MAX_NUMBER:
                raise RecordError(src, field("number"), f"{number} is outside 0..{MAX_NUMBER}")
            if kind in ("plain", "thin", "dairy", "acrobat") and number == 0:
                raise RecordError(src, field("number"), f"{_a(kind)} cow is numbered 1..{MAX_NUMBER}")
        if not raw["flies"]:
            raise RecordError(src, field("flies"), "empty value")
        flies = parse_int(src, field("flies"), raw["flies"])
        if not 0 <= flies <= MAX_COUNT:
            raise RecordError(src, field("flies"), f"{_flies(flies)} is outside 0..{MAX_COUNT}")
        cards.append(MowCard(len(cards), packet, code, kind, number, flies))
        lines.append(line_no)
    if not cards:
        raise RecordError(src, "(rows)", "no cards")
    _check_sanity(src, cards)
    if not custom:
        _check_rules(src, cards, lines)
    return tuple(cards)


_MOW_CACHE: dict[str, tuple[MowCard, ...]] = {}


def mow_cards() -> tuple[MowCard, ...]:
    """Every Mow card of both packets from ``mowkit/cards/mow_cards.csv``; index = card id.

    Raises :class:`~mowkit.core.RecordError` naming the file and the field (line and column) of a
    damaged file, or of one that is not the packets of RULES.md §2 (unless ``MOWKIT_CUSTOM_CARDS=1``).
    """
    custom = custom_cards()
    path = str(cards_dir() / MOW_FILE)
    key = f"{os.environ.get('MOWKIT_DATA')}|{path}|{custom}"
    cards = _MOW_CACHE.get(key)
    if cards is None:
        cards = _MOW_CACHE[key] = _load_mow(Path(path), custom)
    return cards
