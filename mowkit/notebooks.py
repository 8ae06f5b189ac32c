"""The kit's numbered notebooks and the question each one answers (for the start notebook).

A helper of the project checkout, not of the game library: the notebooks live in the project's
``notebooks/`` folder beside the ``mowkit`` package, which an installed wheel does not have.
There, :func:`notebook_index` says so plainly (a :class:`~mowkit.core.RecordError` naming the
folder) instead of returning an empty table; ``folder=`` (or ``MOWKIT_NOTEBOOKS``) points it at
a copy of the notebooks elsewhere.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pandas as pd

from mowkit.core import RecordError

ENV = "MOWKIT_NOTEBOOKS"


def notebooks_dir() -> Path:
    """The notebooks folder: ``$MOWKIT_NOTEBOOKS``, else the project's ``notebooks/`` beside the package."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "notebooks"


def notebook_index(folder: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """One row per notebook (a DataFrame): file name, title, and the question it answers (from its first cell).

    Raises :class:`~mowkit.core.RecordError` when the folder is missing or holds no notebook (e.g.
    mowkit installed from a wheel: the notebooks come with the project's checkout), or when a
    notebook is not readable JSON.
    """
    where = Path(folder) if folder is not None else notebooks_dir()
    paths = sorted(where.glob("*.ipynb")) if where.is_dir() else []
    if not paths:
        raise RecordError(str(where), "(folder)", "no notebooks here: they come with a checkout of the "
                          "project (its notebooks/ folder), not with an installed wheel; pass "
                          f"folder=... or set {ENV} to a folder holding them")
    rows = []
    for path in paths:
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
            text = "".join(cells[0]["source"]) if cells else ""
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError, KeyError, TypeError) as e:
            raise RecordError(str(path), "cells[0].source", f"not a readable notebook ({type(e).__name__})") from None
        title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("#")), path.stem)
        match = re.search(r"\*\*Question:\s*(.+?)\*\*", text, re.S)
        rows.append({"notebook": path.name, "title": title, "question": match.group(1).strip() if match else ""})
    return pd.DataFrame(rows, columns=["notebook", "title", "question"])
