"""The Mow card table ``data/mow_cards.csv``, loaded and validated.

One row per card: ``packet`` (green/yellow), ``code`` (readable, unique, e.g. ``G-7-2``), ``kind``
(plain, blocking, acrobat, slowpoke, calf, thin, dairy, mad), ``number`` (empty for slowpoke, calf
and mad cow) and ``flies``. A card's id is its row index (0..95), green packet first, so each
packet's ids are contiguous. ``MOWKIT_DATA`` points at another folder (another printing).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import NamedTuple

from mowkit.core import RecordError
from mowkit.data import data_dir

FILE = "mow_cards.csv"
COLUMNS = ("packet", "code", "kind", "number", "flies")
PACKETS = ("green", "yellow")
KINDS = ("plain", "blocking", "acrobat", "slowpoke", "calf", "thin", "dairy", "mad")
UNNUMBERED = ("slowpoke", "calf", "mad")
MAX_NUMBER = 16


class MowCard(NamedTuple):
    """One Mow card: ``id`` (row index), packet, code, kind, number (None if unnumbered), flies."""

    id: int
    packet: str
    code: str
    kind: str
    number: int | None
    flies: int


def _load(path: Path) -> tuple[MowCard, ...]:
    src = str(path)
    if not path.exists():
        raise RecordError(src, "(file)", "file not found")
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        for c in COLUMNS:
            if c not in header:
                raise RecordError(src, c, f"column missing; header is {header}")
        cards: list[MowCard] = []
        codes: dict[str, int] = {}
        for line_no, raw in enumerate(reader, start=2):
            def field(name: str, line_no: int = line_no) -> str:
                return f"line {line_no}, {name}"

            def text(name: str, raw: dict = raw) -> str:
                v = raw.get(name)
                return "" if v is None else v.strip()

            def integer(name: str) -> int:
                v = text(name)
                try:
                    return int(v)
                except ValueError:
                    raise RecordError(src, field(name), f"{v!r} is not an integer") from None

            packet, code, kind = text("packet"), text("code"), text("kind")
            if packet not in PACKETS:
                raise RecordError(src, field("packet"), f"{packet!r} is not one of {', '.join(PACKETS)}")
            if cards and PACKETS.index(packet) < PACKETS.index(cards[-1].packet):
                raise RecordError(src, field("packet"), "the green packet's rows must all come first")
            if not code:
                raise RecordError(src, field("code"), "empty value")
            if code in codes:
                raise RecordError(src, field("code"), f"{code!r} already used on line {codes[code]}")
            codes[code] = line_no
            if kind not in KINDS:
                raise RecordError(src, field("kind"), f"{kind!r} is not one of {', '.join(KINDS)}")
            number: int | None
            if kind in UNNUMBERED:
                if text("number"):
                    raise RecordError(src, field("number"), f"a {kind} carries no number; leave it empty")
                number = None
            else:
                if not text("number"):
                    raise RecordError(src, field("number"), f"empty value; a {kind} cow needs a number")
                number = integer("number")
                if not 0 <= number <= MAX_NUMBER:
                    raise RecordError(src, field("number"), f"{number} is outside 0..{MAX_NUMBER}")
                if kind in ("plain", "thin", "dairy", "acrobat") and number == 0:
                    raise RecordError(src, field("number"), f"a {kind} cow is numbered 1..{MAX_NUMBER}")
            if not text("flies"):
                raise RecordError(src, field("flies"), "empty value")
            flies = integer("flies")
            if flies < 0:
                raise RecordError(src, field("flies"), f"{flies} flies; must be >= 0")
            cards.append(MowCard(len(cards), packet, code, kind, number, flies))
    if not cards:
        raise RecordError(src, "(rows)", "no cards")
    return tuple(cards)


_CACHE: dict[str, tuple[MowCard, ...]] = {}


def mow_cards() -> tuple[MowCard, ...]:
    """Every Mow card of both packets from ``data/mow_cards.csv``; index = card id.

    Raises :class:`~mowkit.core.RecordError` naming the file and the field (line and column) of a
    damaged file.
    """
    path = str(data_dir() / FILE)
    key = f"{os.environ.get('MOWKIT_DATA')}|{path}"
    cards = _CACHE.get(key)
    if cards is None:
        cards = _CACHE[key] = _load(Path(path))
    return cards
