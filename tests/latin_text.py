"""English left in a Russian page: runs of two or more Latin-letter words (names allowed).

Shared by ``tests/test_app.py`` and ``tests/test_browser.py``: after the switch to Russian, the
text of a view may keep a Latin word alone (a computer player's name such as ``greedy``) and the
names of :data:`ALLOWED`, but no two Latin words in a row, which is what an untranslated label or
sentence looks like.
"""

from __future__ import annotations

import re

ALLOWED = ("6 nimmt!", "6 nimmt", "Mow", "English", "Монте-Карло", "mowkit")
"""Names that stay as they are in Russian: the games, the language switch's "English", the kit."""

_TOKEN = re.compile(r"[^\W\d_]+|\d+")
_LATIN = re.compile(r"[A-Za-z]+")


def english_runs(text: str, allowed: tuple[str, ...] = ALLOWED) -> list[str]:
    """Every run of 2+ consecutive Latin-letter words in ``text`` once the ``allowed`` names are taken out."""
    text = " ".join(text.split())  # no-break spaces and line breaks as plain spaces
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " 0 ")  # a number breaks a run
    runs: list[str] = []
    current: list[str] = []
    for token in _TOKEN.findall(text) + ["0"]:
        if _LATIN.fullmatch(token):
            current.append(token)
            continue
        if len(current) >= 2:
            runs.append(" ".join(current))
        current = []
    return runs
