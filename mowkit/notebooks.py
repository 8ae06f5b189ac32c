"""The kit's numbered notebooks and the question each one answers (for the start notebook)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd


def notebooks_dir() -> Path:
    """The project's ``notebooks/`` folder (beside the ``mowkit`` package)."""
    return Path(__file__).resolve().parent.parent / "notebooks"


def notebook_index() -> pd.DataFrame:
    """One row per notebook: file name, title, and the question it answers (from its first cell)."""
    rows = []
    for path in sorted(notebooks_dir().glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        text = "".join(cells[0]["source"]) if cells else ""
        title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("#")), path.stem)
        match = re.search(r"\*\*Question:\s*(.+?)\*\*", text, re.S)
        rows.append({"notebook": path.name, "title": title, "question": match.group(1).strip() if match else ""})
    return pd.DataFrame(rows, columns=["notebook", "title", "question"])
