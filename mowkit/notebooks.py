"""The kit's numbered notebooks and the question each one answers (for the start notebook).

A helper of the project checkout, not of the game library: the notebooks live in the project's
``notebooks/`` folder beside the ``mowkit`` package, which an installed wheel does not have.
There, :func:`notebook_index` says so plainly (a :class:`~mowkit.core.RecordError` naming the
folder) instead of returning an empty table; ``folder=`` (or ``MOWKIT_NOTEBOOKS``) points it at
a copy of the notebooks elsewhere.

In another language than English the index lists that language's notebooks (``notebooks/ru/``,
built from the English ones by :mod:`mowkit.i18n.notebooks`), with the column headers in that
language too.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pandas as pd

from mowkit.core import RecordError
from mowkit.i18n import N_, _, get_language

ENV = "MOWKIT_NOTEBOOKS"
COLUMNS = {"notebook": N_("notebook"), "title": N_("title"), "question": N_("question")}
"""The index's columns and their headers as a person reads them."""
_QUESTION = re.compile(r"\*\*(?:Question|Вопрос):\s*(.+?)\*\*", re.S)


def notebooks_dir() -> Path:
    """The notebooks folder: ``$MOWKIT_NOTEBOOKS``, else the project's ``notebooks/`` beside the package."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "notebooks"


def notebook_index(folder: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """One row per notebook (a DataFrame): file name, title, and the question it answers (from its first cell).

    Without ``folder``, in a language other than English, the notebooks of that language (the
    ``ru/`` folder beside the English ones) are listed, under translated headers.

    Raises :class:`~mowkit.core.RecordError` when the folder is missing or holds no notebook (e.g.
    mowkit installed from a wheel: the notebooks come with the project's checkout), or when a
    notebook is not readable JSON.
    """
    where = Path(folder) if folder is not None else notebooks_dir()
    lang = get_language()
    if folder is None and lang != "en" and (where / lang).is_dir():
        where = where / lang
    paths = sorted(where.glob("*.ipynb")) if where.is_dir() else []
    if not paths:
        raise RecordError(str(where), "(folder)", "no notebooks here: they come with a checkout of the "
                          "project (its notebooks/ folder), not with an installed wheel; pass "
                          f"folder=... or set {ENV} to a folder holding them")
    rows = []
    for path in paths:
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
            # the first markdown cell: the classroom page puts its app (a code cell) first
            first = next((c for c in cells if c.get("cell_type") == "markdown"), None)
            text = "".join(first["source"]) if first is not None else ""
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError, KeyError, TypeError) as e:
            raise RecordError(str(path), "cells.source", f"not a readable notebook ({type(e).__name__})") from None
        title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("#")), path.stem)
        match = _QUESTION.search(text)
        rows.append({"notebook": path.name, "title": title, "question": match.group(1).strip() if match else ""})
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    return table if lang == "en" else table.rename(columns={k: _(v) for k, v in COLUMNS.items()})
