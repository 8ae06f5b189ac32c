"""Write the exact hand tables of both games to ``data/odds/`` (CSV), computed by the games' ``odds`` modules.

Run from anywhere: ``python scripts/export_odds_tables.py [OUTDIR]`` (default: the package's
``data/odds``). Files:

* ``sixnimmt_hand_heads.csv`` (a 10-card hand) and ``sixnimmt_start_heads.csv`` (the 4 cards that
  start the rows), both from the full deck; columns ``heads``, ``ways`` (exact number of hands),
  ``probability_fraction`` (exact, "a/b"), ``probability`` (float);
* ``mow_hand_flies_green.csv`` (a 5-card Mow hand from one packet) and
  ``mow_hand_flies_both.csv`` (from both packets); columns ``flies``, ``ways``,
  ``probability_fraction``, ``probability``.

Each file is written to a temporary file first and then moved into place, so a reader never sees
half a file. ``tests/test_odds_sixnimmt.py`` and ``tests/test_odds_mow.py`` check that the shipped
files equal what the code computes.
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from mowkit.data import data_dir
from mowkit.games.mow.odds import hand_flies_table
from mowkit.games.sixnimmt.odds import hand_heads_table

# file name -> (first column, function computing the table)
TABLES: dict[str, tuple[str, Callable[[], pd.DataFrame]]] = {
    "sixnimmt_hand_heads.csv": ("heads", lambda: hand_heads_table(10)),
    "sixnimmt_start_heads.csv": ("heads", lambda: hand_heads_table(4)),
    "mow_hand_flies_green.csv": ("flies", lambda: hand_flies_table(5, "green")),
    "mow_hand_flies_both.csv": ("flies", lambda: hand_flies_table(5, "both")),
}
COLUMNS = ["ways", "probability_fraction", "probability"]


def write_table(path: Path, df: pd.DataFrame, key: str) -> None:
    """Write a hand table (``key`` column, ``ways``, ``exact``, ``probability``) to ``path`` atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow([key, *COLUMNS])
            for v, ways, exact, p in zip(df[key], df["ways"], df["exact"], df["probability"]):
                w.writerow([v, ways, str(exact), repr(float(p))])
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else data_dir() / "odds"
    for name, (key, table) in TABLES.items():
        write_table(out / name, table(), key)
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
