"""Write the exact 6 nimmt! hand tables to ``data/odds/`` (CSV), computed by ``mowkit.odds``.

Run from anywhere: ``python scripts/export_odds_tables.py [OUTDIR]`` (default: the package's
``data/odds``). Files: ``sixnimmt_hand_heads.csv`` (a 10-card hand) and
``sixnimmt_start_heads.csv`` (the 4 cards that start the rows), both from the full deck.
Columns: ``heads``, ``ways`` (exact number of hands), ``probability_fraction`` (exact, "a/b"),
``probability`` (float). Each file is written to a temporary file first and then moved into
place, so a reader never sees half a file. ``tests/test_odds_sixnimmt.py`` checks that the
shipped files equal what the code computes.
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
from pathlib import Path

from mowkit.data import data_dir
from mowkit.odds.sixnimmt import hand_heads_table

TABLES = {"sixnimmt_hand_heads.csv": 10, "sixnimmt_start_heads.csv": 4}
COLUMNS = ["heads", "ways", "probability_fraction", "probability"]


def write_table(path: Path, k: int) -> None:
    """Write the heads distribution of a k-card hand of the full deck to ``path`` atomically."""
    df = hand_heads_table(k)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(COLUMNS)
            for h, ways, exact, p in zip(df["heads"], df["ways"], df["exact"], df["probability"]):
                w.writerow([h, ways, str(exact), repr(float(p))])
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else data_dir() / "odds"
    for name, k in TABLES.items():
        write_table(out / name, k)
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
