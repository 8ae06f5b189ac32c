"""The notebooks in every language from one source: the English notebook plus a gettext catalog.

The English notebooks in ``notebooks/`` are the source. Their prose is a catalog of its own (the
``notebooks`` domain, apart from the app's ``mowkit`` catalog): every markdown cell is one message,
and so is every human-readable piece of a code cell (a string literal with words in it, or a
comment). The Russian notebook ``notebooks/ru/<name>.ipynb`` is *built*: the same cells in the same
order, the markdown and those pieces translated, and one language line at the top of the first code
cell (``mowkit.set_language("ru")``); every other character of the code is the source's. A test
(``tests/test_notebook_twins.py``) fails when a twin drifts from what the build makes.

From the repository root (Babel and nbconvert come with the ``dev`` extra)::

    python -m mowkit.i18n.notebooks              # extract + update + build (keeps the outputs of unchanged code)
    python -m mowkit.i18n.notebooks extract      # the English notebooks -> mowkit/locale/notebooks.pot
    python -m mowkit.i18n.notebooks update       # the template -> mowkit/locale/ru/LC_MESSAGES/notebooks.po
    python -m mowkit.i18n.notebooks build        # the .po -> notebooks/ru/*.ipynb
    python -m mowkit.i18n.notebooks execute 02_mow_card_math   # run twins (one at a time) and strip them
    python -m mowkit.i18n.notebooks check        # untranslated or fuzzy messages, drifted twins (exit 1 if any)

``build`` keeps a twin's saved outputs for every code cell whose source it leaves unchanged, so a
change of prose needs no new run; a twin whose code changed is listed by ``check`` as not executed
until ``execute`` has run it.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from mowkit.i18n import LANGUAGES, LOCALE_DIR
from mowkit.i18n.catalogs import ROOT, _header, _replace

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

DOMAIN = "notebooks"
SOURCE = ROOT / "notebooks"
POT = LOCALE_DIR / f"{DOMAIN}.pot"
LANGUAGE_LINE = {
    "ru": 'import mowkit\n\nmowkit.set_language("ru")  # всё, что пишет набор, теперь по-русски\n\n',
}
"""What a twin's first code cell starts with: the one line of code the source does not have."""



class Cell(TypedDict, total=False):
    """One cell of a notebook file (the fields this module reads or writes)."""

    cell_type: str
    source: str | list[str]
    metadata: dict[str, object]
    outputs: list[dict[str, object]]
    execution_count: int | None
    id: str


class Notebook(TypedDict, total=False):
    """A notebook file (nbformat 4)."""

    cells: list[Cell]
    metadata: dict[str, object]
    nbformat: int
    nbformat_minor: int


_FIELD = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*[a-z][A-Za-z]*|[A-Za-z]*[a-z]{2}")
_STRING = re.compile(r"^(?P<prefix>[rRbBuUfF]*)(?P<quote>'''|\"\"\"|'|\")(?P<body>.*)(?P=quote)$", re.S)


def po_path(lang: str) -> Path:
    """The notebooks' ``.po`` file of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def twin_dir(lang: str) -> Path:
    """The folder of the ``lang`` notebooks (``notebooks/ru``)."""
    return SOURCE / lang


def sources() -> list[Path]:
    """The English notebooks, the source of every twin."""
    return sorted(SOURCE.glob("*.ipynb"))


def read_notebook(path: Path) -> Notebook:
    """A notebook file as JSON."""
    with open(path, encoding="utf-8") as f:
        data: Notebook = json.load(f)
    return data


def write_notebook(path: Path, nb: Notebook) -> None:
    """Write a notebook as nbformat does (sorted keys, indent 1, UTF-8), through a temporary file."""
    _replace(path, (json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))


def source_text(cell: Cell) -> str:
    """A cell's source as one string."""
    src = cell.get("source", "")
    return src if isinstance(src, str) else "".join(src)


def _is_prose(text: str) -> bool:
    """Words a person reads: one capitalised word, or a word with two lower-case letters and a space or closing punctuation."""
    plain = _FIELD.sub("", text)
    if re.fullmatch(r"[A-Z][a-z]+", plain):  # one capitalised word: "Farmer", "Winner"
        return True
    return bool(_WORD.search(plain)) and (bool(re.search(r"\s", plain)) or plain.rstrip()[-1:] in (":", ".", "!", "?"))


def _literals(code: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` offsets in ``code`` of each string literal and comment (f-strings whole)."""
    lines = code.splitlines(keepends=True)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln))

    def offset(pos: tuple[int, int]) -> int:
        return starts[pos[0] - 1] + pos[1]

    fstring_start: tuple[int, int] | None = None
    depth = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            name = tokenize.tok_name[tok.type]
            if name == "FSTRING_START":  # Python >= 3.12 splits f-strings
                if depth == 0:
                    fstring_start = tok.start
                depth += 1
            elif name == "FSTRING_END":
                depth -= 1
                if depth == 0 and fstring_start is not None:
                    yield offset(fstring_start), offset(tok.end), "string"
            elif depth == 0 and tok.type == tokenize.STRING:
                yield offset(tok.start), offset(tok.end), "string"
            elif depth == 0 and tok.type == tokenize.COMMENT:
                yield offset(tok.start), offset(tok.end), "comment"
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return


def _piece(text: str, kind: str) -> tuple[int, int] | None:
    """Where, inside a literal's text, the words to translate are (``None``: nothing to translate)."""
    if kind == "comment":
        body = text.lstrip("#")
        lead = len(text) - len(body) + (len(body) - len(body.lstrip()))
        words = text[lead:].rstrip()
        return (lead, lead + len(words)) if _is_prose(words) and not words.startswith("NBVAL") else None
    m = _STRING.match(text)
    if m is None or "b" in m.group("prefix").lower():
        return None
    return (m.start("body"), m.end("body")) if _is_prose(m.group("body")) else None


def code_messages(code: str) -> list[tuple[int, int, str]]:
    """The human-readable pieces of a code cell: ``(start, end, text)``, in order."""
    found = []
    for start, end, kind in _literals(code):
        where = _piece(code[start:end], kind)
        if where is not None:
            found.append((start + where[0], start + where[1], code[start + where[0]:start + where[1]]))
    return found


def messages(nb: Notebook) -> Iterator[tuple[str, int, str]]:
    """``(message, cell index, what)`` for every piece of a notebook's prose."""
    for i, cell in enumerate(nb["cells"]):
        text = source_text(cell)
        if cell["cell_type"] == "markdown" and text.strip():
            yield text, i, "markdown cell"
        elif cell["cell_type"] == "code":
            for _start, _end, piece in code_messages(text):
                yield piece, i, "text in a code cell"


def extract_catalog() -> Catalog:
    """The notebooks' prose as a Babel template (nothing written)."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project=DOMAIN, version="0.1", copyright_holder="mowkit", domain=DOMAIN)
    _header(catalog, None)
    for path in sources():
        for text, index, what in messages(read_notebook(path)):
            catalog.add(text, None, [(f"notebooks/{path.name}", index)], auto_comments=[what])
    return catalog


def read_po(lang: str) -> Catalog:
    """The notebooks' catalog of ``lang``."""
    from babel.messages.pofile import read_po as babel_read_po

    with open(po_path(lang), "rb") as f:
        return babel_read_po(f, locale=lang, domain=DOMAIN)


def _write(path: Path, catalog: Catalog) -> None:
    """Write a catalog with the cell numbers (the locations say which cell a message is)."""
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, include_lineno=True, ignore_obsolete=True)
    _replace(path, buf.getvalue())


def extract() -> None:
    """Write the template ``mowkit/locale/notebooks.pot``."""
    _write(POT, extract_catalog())


def update() -> None:
    """Merge the template into each language's notebooks ``.po`` (new messages empty, changed ones fuzzy)."""
    from babel.messages.catalog import Catalog

    template = extract_catalog()
    for lang in LANGUAGES[1:]:
        path = po_path(lang)
        catalog = read_po(lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN, project=DOMAIN)
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        _header(catalog, lang)
        _write(path, catalog)


def missing(lang: str) -> list[str]:
    """The source's messages that ``lang``'s catalog lacks, leaves empty or marks fuzzy."""
    po = read_po(lang) if po_path(lang).exists() else None
    out = []
    for m in extract_catalog():
        if not m.id:
            continue
        found = None if po is None else po.get(m.id)
        if found is None or found.fuzzy or not found.string:
            out.append(str(m.id))
    return out


class Untranslated(KeyError):
    """A message of the source has no translation in the catalog."""


def _translate(catalog: Catalog, text: str) -> str:
    found = catalog.get(text)
    if found is None or found.fuzzy or not found.string:
        raise Untranslated(text[:80])
    return str(found.string)


def translate_code(catalog: Catalog, code: str) -> str:
    """A code cell with its human-readable pieces translated (every other character kept)."""
    out, last = [], 0
    for start, end, piece in code_messages(code):
        out += [code[last:start], _translate(catalog, piece)]
        last = end
    return "".join(out) + code[last:]


def build_twin(source: Notebook, lang: str, catalog: Catalog, old: Notebook | None = None) -> Notebook:
    """The ``lang`` notebook made from the English one: prose translated, the language line added.

    The outputs of ``old`` (the twin on disk) are kept for each code cell whose source stays the same.
    """
    old_cells = (old or {}).get("cells", [])
    cells = []
    first_code = True
    for i, cell in enumerate(source["cells"]):
        new = json.loads(json.dumps(cell))
        text = source_text(cell)
        if cell["cell_type"] == "markdown" and text.strip():
            new["source"] = _translate(catalog, text)
        elif cell["cell_type"] == "code":
            code = translate_code(catalog, text)
            if first_code:
                code, first_code = LANGUAGE_LINE[lang] + code, False
            new["source"] = code
            before = old_cells[i] if i < len(old_cells) else None
            if before is not None and before["cell_type"] == "code" and source_text(before) == code:
                new["outputs"], new["execution_count"] = before.get("outputs", []), before.get("execution_count")
            else:
                new["outputs"], new["execution_count"] = [], None
        if isinstance(new.get("source"), str):
            new["source"] = new["source"].splitlines(keepends=True)
        cells.append(new)
    return {**source, "cells": cells}


def build(lang: str = "ru", names: list[str] | None = None) -> list[Path]:
    """Write the ``lang`` twin of each English notebook (or of ``names``); the paths written."""
    catalog = read_po(lang)
    written = []
    for path in sources():
        if names and path.stem not in names:
            continue
        target = twin_dir(lang) / path.name
        old = read_notebook(target) if target.exists() else None
        write_notebook(target, build_twin(read_notebook(path), lang, catalog, old))
        written.append(target)
    return written


def drift(lang: str = "ru") -> list[str]:
    """Everything that keeps the ``lang`` twins from being what the build makes, in words."""
    problems = [f"{lang}: no translation: {m[:70]!r}" for m in missing(lang)]
    if problems:
        return problems
    catalog = read_po(lang)
    for path in sources():
        target = twin_dir(lang) / path.name
        if not target.exists():
            problems.append(f"{target.relative_to(ROOT)}: missing (python -m mowkit.i18n.notebooks build)")
            continue
        twin, made = read_notebook(target), build_twin(read_notebook(path), lang, catalog)
        ours = [(c["cell_type"], source_text(c)) for c in twin["cells"]]
        theirs = [(c["cell_type"], source_text(c)) for c in made["cells"]]
        if ours != theirs:
            bad = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
            problems.append(f"{target.relative_to(ROOT)}: cell {bad} differs from the build "
                            "(python -m mowkit.i18n.notebooks build)")
        elif any(c["cell_type"] == "code" and c.get("execution_count") is None for c in twin["cells"]):
            problems.append(f"{target.relative_to(ROOT)}: not executed (python -m mowkit.i18n.notebooks execute "
                            f"{path.stem})")
    return problems


def execute(path: Path) -> None:
    """Run one notebook in place (``MOWKIT_QUIET=1``) and strip it, keeping outputs and counts."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MOWKIT_QUIET": "1"}
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.timeout=1800", str(path)], check=True, env=env, cwd=ROOT)
    subprocess.run([sys.executable, "-m", "nbstripout", "--keep-output", "--keep-count", str(path)],
                   check=True, env=env, cwd=ROOT)


def main(argv: list[str] | None = None) -> int:
    """``python -m mowkit.i18n.notebooks [extract|update|build|execute NAME...|check]``."""
    args = sys.argv[1:] if argv is None else argv
    if Path.cwd().resolve() != ROOT:
        print(f"python -m mowkit.i18n.notebooks: run it from {ROOT} (in another checkout use PYTHONPATH=$PWD)",
              file=sys.stderr)
        return 2
    step, rest = (args[0], args[1:]) if args else ("all", [])
    if step in ("extract", "all"):
        extract()
    if step in ("update", "all"):
        update()
    if step in ("build", "all"):
        lacking = missing("ru")
        if lacking:
            print(f"ru: {len(lacking)} message(s) still need a translation in {po_path('ru').relative_to(ROOT)}")
            return 1
        for path in build("ru", rest or None):
            print(f"built {path.relative_to(ROOT)}")
    elif step == "execute":
        for name in rest:
            execute(twin_dir("ru") / f"{Path(name).stem}.ipynb")
    elif step == "check":
        problems = drift("ru")
        print("\n".join(problems) or "ru: every notebook has its twin, translated and executed")
        return 1 if problems else 0
    elif step not in ("extract", "update", "all"):
        print(f"python -m mowkit.i18n.notebooks: unknown step {step!r}; steps: extract, update, build, execute, check",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
