"""The Mow card table ``mowkit/cards/mow_cards.csv``, loaded and validated.

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
variable ``MOWKIT_CUSTOM_CARDS=1`` (see :func:`mowkit.data.custom_cards`); the sanity checks stay
in that mode: whole numbers, numbers 0..16, flies 0..1000, unique codes, a green packet of at
least 10 cards (two farmers' hands), each packet with a cow that can start a herd.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from mowkit.core import RecordError
from mowkit.data import CUSTOM_HINT, MAX_COUNT, cards_dir, custom_cards, parse_int, read_table

FILE = "mow_cards.csv"
COLUMNS = ("packet", "code", "kind", "number", "flies")
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


def _load(path: Path, custom: bool) -> tuple[MowCard, ...]:
    src = str(path)
    cards: list[MowCard] = []
    lines: list[int] = []
    codes: dict[str, int] = {}
    for line_no, raw in read_table(path, COLUMNS):
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


_CACHE: dict[str, tuple[MowCard, ...]] = {}


def mow_cards() -> tuple[MowCard, ...]:
    """Every Mow card of both packets from ``mowkit/cards/mow_cards.csv``; index = card id.

    Raises :class:`~mowkit.core.RecordError` naming the file and the field (line and column) of a
    damaged file, or of one that is not the packets of RULES.md §2 (unless ``MOWKIT_CUSTOM_CARDS=1``).
    """
    custom = custom_cards()
    path = str(cards_dir() / FILE)
    key = f"{os.environ.get('MOWKIT_DATA')}|{path}|{custom}"
    cards = _CACHE.get(key)
    if cards is None:
        cards = _CACHE[key] = _load(Path(path), custom)
    return cards
