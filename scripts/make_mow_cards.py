"""Write ``mowkit/cards/mow_cards.csv`` (both Mow packets, one row per card) from the tables of RULES.md §2.

Run from anywhere: ``python scripts/make_mow_cards.py [OUT]``. The card id the engine uses is the
row index (0..95), green packet first. Plain cows: flies 0 on 1-15, 1 on 2-14, 2 on 3-13, 3 on
7-9. Specials carry 5 flies. The yellow packet's special cows are a kit resolution [kit] (the seed
text does not print copies and numbers): 2 blocking cows (0, 16), calf, thin 4, dairy 12, mad cow.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

# (first number, last number, flies) of the plain cows of one packet
PLAIN = [(1, 15, 0), (2, 14, 1), (3, 13, 2), (7, 9, 3)]
SPECIAL_FLIES = 5
# (code suffix, kind, number or None) per packet
SPECIALS = {
    "green": [("BLOCK-0", "blocking", 0), ("BLOCK-16", "blocking", 16), ("ACRO-7", "acrobat", 7),
              ("ACRO-9", "acrobat", 9), ("SLOW-1", "slowpoke", None), ("SLOW-2", "slowpoke", None)],
    "yellow": [("BLOCK-0", "blocking", 0), ("BLOCK-16", "blocking", 16), ("CALF", "calf", None),
               ("THIN-4", "thin", 4), ("DAIRY-12", "dairy", 12), ("MAD", "mad", None)],
}


def rows() -> list[dict[str, object]]:
    """Every card of both packets, green first; plain cows by number then flies, then specials."""
    out: list[dict[str, object]] = []
    for packet, letter in (("green", "G"), ("yellow", "Y")):
        plain = sorted((n, f) for lo, hi, f in PLAIN for n in range(lo, hi + 1))
        for n, f in plain:
            out.append({"packet": packet, "code": f"{letter}-{n}-{f}", "kind": "plain", "number": n, "flies": f})
        for suffix, kind, number in SPECIALS[packet]:
            out.append({"packet": packet, "code": f"{letter}-{suffix}", "kind": kind,
                        "number": "" if number is None else number, "flies": SPECIAL_FLIES})
    return out


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent / "mowkit" / "cards" / "mow_cards.csv"
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=["packet", "code", "kind", "number", "flies"], lineterminator="\n")
        w.writeheader()
        w.writerows(rows())
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv)
