"""The Russian teaching notebooks (notebooks/ru/): every one there, written in Russian, and their saved
outputs read like something for people (seats counted from 1 in Russian words, cards by name, no card codes).

The twins are built from the English notebooks (``python -m mowkit.i18n.notebooks``; the drift check is
tests/test_notebook_twins.py); nbval runs them (``pytest notebooks/ru/``); this file checks what is saved in them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RU = ROOT / "notebooks" / "ru"
NAMES = tuple(sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))
"""One Russian twin per English notebook."""
TITLES = {"00_start_here": "# 00 · ", "01_mow_rules": "# 01 · Правила Mow", "03_sixnimmt_rules": "# 03 · Правила 6 nimmt!",
          "classroom": "# 6 nimmt! и Mow на уроке"}

ALLOWED = ("6 nimmt!", "6 nimmt", "Mow", "Jupyter", "JupyterLab", "Voila", "Python", "mowkit", "Shift", "Enter",
           "English", "hot-seat", "coach", "Take 6")
"""Names that stay in Latin letters in Russian text: the games, the tools, keys, the app's language switch."""

_CODE_BLOCK = re.compile(r"```.*?```", re.S)
_CODE_SPAN = re.compile(r"`[^`]*`")
_URL = re.compile(r"https?://\S+|\]\([^)]*\)")
_TOKEN = re.compile(r"[^\W\d_]+|\d+")
_LATIN = re.compile(r"[A-Za-z]+")
CARD_CODE = re.compile(r"[GY]-\w+-\d")
SEAT_FROM_0 = re.compile(r"\b(?:player|farmer) 0\b", re.I)
ENGLISH_SEAT = re.compile(r"\b(?:Player|Farmer)\b")


def latin_runs(text: str, least: int = 3) -> list[str]:
    """Runs of ``least`` or more Latin-letter words in a row, outside code and links, allowed names taken out."""
    text = _URL.sub(" 0 ", _CODE_SPAN.sub(" 0 ", _CODE_BLOCK.sub(" 0 ", text)))
    for name in sorted(ALLOWED, key=len, reverse=True):
        text = text.replace(name, " 0 ")  # a number breaks a run
    runs: list[str] = []
    current: list[str] = []
    for token in _TOKEN.findall(text) + ["0"]:
        if _LATIN.fullmatch(token):
            current.append(token)
            continue
        if len(current) >= least:
            runs.append(" ".join(current))
        current = []
    return runs


def _cells(name: str) -> list[dict]:
    return json.loads((RU / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


def _output_texts(cell: dict) -> list[str]:
    """Every text a code cell has saved: printed streams, errors and each data form Jupyter shows.

    When an output has an HTML form (a drawn table or state), Jupyter shows that, not the plain-text
    fallback (an object's repr for programmers), so the fallback is left out.
    """
    texts: list[str] = []
    for out in cell.get("outputs", []):
        if "text" in out:
            texts.append(out["text"] if isinstance(out["text"], str) else "".join(out["text"]))
        data = dict(out.get("data", {}))
        if "text/html" in data:
            data.pop("text/plain", None)
        for value in data.values():
            if isinstance(value, str):
                texts.append(value)
            elif isinstance(value, list):
                texts.append("".join(value))
        if out.get("output_type") == "error":
            texts.append(" ".join(out.get("traceback", [])))
    return texts


def test_latin_runs_finds_english_and_spares_names() -> None:
    assert latin_runs("the cards are shuffled") == ["the cards are shuffled"]
    assert latin_runs("Игра 6 nimmt! и Mow в JupyterLab, код `state.apply(Play(0, 50))`") == []
    assert latin_runs("откройте https://example.org/a/b/c и [ссылку](docs/rules en md)") == []


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_there_with_title_question_and_russian_first(name: str) -> None:
    cells = _cells(name)
    if name == "classroom":  # the page puts its app first (issue 20): the title is the first markdown cell
        cells = [c for c in cells if c["cell_type"] == "markdown"] + [c for c in cells if c["cell_type"] == "code"]
    first = _source(cells[0])
    assert cells[0]["cell_type"] == "markdown"
    assert first.startswith(TITLES.get(name, f"# {name[:2]} · ")), first.splitlines()[0]
    assert re.search("[а-яё]", first.splitlines()[0], re.I), "the title is in Russian"
    if name[0].isdigit():
        assert re.search(r"^\*\*Вопрос: .+\?\*\*$", first, re.M), "no line **Вопрос: ...?** in the first cell"
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code, "no code cell"
    assert 'mowkit.set_language("ru")' in _source(code[0]), "the first code cell must switch the kit to Russian"


@pytest.mark.parametrize("name", NAMES)
def test_markdown_is_russian(name: str) -> None:
    for i, cell in enumerate(_cells(name)):
        if cell["cell_type"] != "markdown":
            continue
        text = _source(cell)
        assert re.search("[а-яё]", text, re.I), f"cell {i} has no Russian text"
        assert latin_runs(text) == [], f"cell {i}: English words {latin_runs(text)}"


@pytest.mark.parametrize("name", NAMES)
def test_saved_outputs_count_seats_in_russian_and_name_cards(name: str) -> None:
    cells = [c for c in _cells(name) if c["cell_type"] == "code"]
    checked = [c for c in cells if _source(c).startswith("# NBVAL_CHECK_OUTPUT")]
    english = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    if any(_source(c).startswith("# NBVAL_CHECK_OUTPUT") for c in english):  # the classroom app has none
        assert checked, "no cell's output is checked by nbval (# NBVAL_CHECK_OUTPUT)"
    assert all(c.get("outputs") for c in checked), "a cell checked by nbval was saved without output"
    for i, cell in enumerate(cells):
        for text in _output_texts(cell):
            assert not CARD_CODE.search(text), f"code cell {i}: card code {CARD_CODE.search(text).group()}"
            assert not SEAT_FROM_0.search(text), f"code cell {i}: seat counted from 0: {SEAT_FROM_0.search(text).group()}"
            assert not ENGLISH_SEAT.search(text), f"code cell {i}: English seat word: {ENGLISH_SEAT.search(text).group()}"
            assert "Traceback" not in text, f"code cell {i} saved an error"


def test_start_here_lists_every_russian_notebook_with_its_russian_title() -> None:
    cells = _cells("00_start_here")
    index = next(c for c in cells if c["cell_type"] == "code" and "notebook_index()" in _source(c))
    shown = "\n".join(_output_texts(index))
    for name in NAMES:
        first = next(c for c in _cells(name) if c["cell_type"] == "markdown")  # the classroom's app comes first
        title = _source(first).splitlines()[0].lstrip("# ").strip()
        assert f"{name}.ipynb" in shown, f"00 does not list {name}"
        assert title.replace("!", "") in shown.replace("!", ""), f"00 does not show the Russian title of {name}: {title}"
    assert "тетрадка" in shown and "вопрос" in shown, "the index's headers are Russian"


def test_start_here_names_the_classroom_tabs_as_the_app_does() -> None:
    from mowkit.i18n import _, language
    from mowkit.widgets.app import _TITLES

    text = "\n".join(_source(c) for c in _cells("00_start_here") if c["cell_type"] == "markdown")
    with language("ru"):
        tabs = [_(t) for t in ("step by step", "play", "position editor", "outcome explorer", "coach")]
        app_tabs = {_(t) for t in _TITLES.values()}
    assert tabs == ["шаг за шагом", "играть", "редактор позиции", "исходы партий", "тренер"]
    assert set(tabs[:4]) <= app_tabs, "these are the app's tab titles"
    for tab in tabs:
        assert f"**{tab}**" in text, f"00 does not name the app's tab or button {tab!r}"
    for other in ("пошаговый разбор", "подсказчик", "исследование исходов", "редактор позиций"):
        assert other not in text, f"00 names a part of the app differently from the app: {other!r}"
    assert "notebooks/classroom.ipynb" in text
