"""The results table: its columns and how rows (engine) or column arrays (kernel) become it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

import numpy as np
import pandas as pd

COLUMNS = [
    "game", "deal", "rotation", "round", "seat", "agent", "penalty", "total",
    "final_total", "rounds", "winner", "winners", "seed",
]

JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
"""A value JSON can hold (what a provenance is made of)."""

Provenance: TypeAlias = "dict[str, JSONValue]"
"""A run's provenance: what every chunk of its folder carries (see :mod:`mowkit.store`)."""

Column: TypeAlias = "np.ndarray[tuple[int], np.dtype[np.int64 | np.bool_]]"
"""One column of the kernel's results (int64, or bool for ``winner``)."""

Row: TypeAlias = "dict[str, int | bool | str]"
"""One row of the table: one player in one round of one game."""

_INTS = ["game", "deal", "rotation", "round", "seat", "penalty", "total", "final_total", "rounds", "winners"]
_AGENT_DTYPE: list[object] = []


def frame(rows: Sequence[Row]) -> pd.DataFrame:
    """The results table of row dicts (int64 columns, ``winner`` bool, ``agent`` text)."""
    df = pd.DataFrame(list(rows), columns=COLUMNS)
    df[_INTS] = df[_INTS].astype("int64")
    df["seed"] = df["seed"].astype("int64")
    df["winner"] = df["winner"].astype(bool)
    df["agent"] = df["agent"].astype(str)
    return df


def agent_dtype() -> object:
    """The dtype ``frame`` gives the agent column (``str``: pandas' default string dtype), once."""
    if not _AGENT_DTYPE:
        _AGENT_DTYPE.append(frame([])["agent"].dtype)
    return _AGENT_DTYPE[0]


def frame_columns(cols: Mapping[str, Column], agents: Sequence[str]) -> pd.DataFrame:
    """The results table from the kernel's column arrays (``agent``: index into ``agents``), no per-row Python.

    The int64 columns and ``winner`` (bool) are used as they are (no copy); ``agent`` becomes
    the names by one ``take``.
    """
    names = pd.array(list(agents), dtype=agent_dtype())
    data = {c: cols[c] for c in COLUMNS}
    data["agent"] = names.take(cols["agent"])
    data["winner"] = np.asarray(cols["winner"], dtype=bool)
    return pd.DataFrame(data, columns=COLUMNS, copy=False)  # the arrays are ours: no copy
