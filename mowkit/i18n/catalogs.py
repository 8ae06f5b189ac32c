"""The translation catalogs: extract the messages, update the ``.po``, compile the ``.mo`` (Babel).

``python -m mowkit.i18n`` runs :func:`main` (see :mod:`mowkit.i18n` for the steps). Only the
repository's tools and tests use this module; the installed kit reads the ``.mo`` without Babel.
"""

from __future__ import annotations

import ast
import datetime
import io
import os
import sys
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING

import mowkit.i18n as i18n
from mowkit.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository root (where ``babel.cfg`` lies) when run from a checkout."""
POT = LOCALE_DIR / f"{DOMAIN}.pot"
FIXED_DATE = datetime.datetime(2026, 12, 1, 0, 0, tzinfo=datetime.timezone.utc)
"""Written as the catalogs' dates, so a re-extraction changes the files only when a message changed."""
WIDTH = 100
HEADER = """\
# {title} of mowkit (Mow and 6 nimmt!).
# Edit the msgstr lines, then run: python -m mowkit.i18n (see docs/translating.md).
# This file is distributed under the same license as the mowkit project (MIT)."""
TITLES = {"ru": "Russian translation", None: "Message template"}


def _header(catalog: Catalog, lang: str | None) -> None:
    """The fixed header fields (no placeholder author or dates)."""
    catalog.header_comment = HEADER.format(title=TITLES.get(lang, f"{lang} translation"))
    catalog.msgid_bugs_address = "the mowkit issue tracker"
    catalog.last_translator = "mowkit contributors"
    catalog.language_team = "mowkit"
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False


def po_path(lang: str) -> Path:
    """The ``.po`` file of ``lang`` in the repository."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """The compiled catalog of ``lang`` (shipped in the package)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extract_python_and_descriptions(fileobj: IO[bytes] | IO[str], keywords: Mapping[str, object], comment_tags: Collection[str],
                                    options: Mapping[str, str]
                                    ) -> Iterator[tuple[int, str | None, str | tuple[str | None, ...], list[str]]]:
    """Babel extractor for agent modules: the ``_()`` calls, plus every public class's docstring summary.

    ``mowkit.agents.describe_agents`` shows the first line of an agent class's docstring (through
    ``_()``), so these lines are messages though no ``_()`` surrounds them.
    """
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type,misc]
    fileobj.seek(0)
    source = fileobj.read()
    if isinstance(source, bytes):
        source = source.decode(options.get("encoding", "utf-8"))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            doc = ast.get_docstring(node)
            if doc and doc.strip():
                yield (node.lineno, None, doc.strip().splitlines()[0],
                       [f"description of {node.name} (first line of its docstring)"])


def method_map(root: Path = ROOT) -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    """The extraction mapping of ``babel.cfg`` (which files, which extractor)."""
    from babel.messages import frontend

    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with open(root / "babel.cfg", encoding="utf-8") as f:
        return parse(f, str(root / "babel.cfg"))


def extract_catalog(root: Path = ROOT) -> Catalog:
    """The messages of the source as a Babel ``Catalog`` (the template; nothing written)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    methods, options = method_map(root)
    catalog = Catalog(project=DOMAIN, version="0.1", copyright_holder="mowkit")
    _header(catalog, None)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), methods, options, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _write_po(path: Path, catalog: Catalog) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, sort_output=True, include_lineno=False, ignore_obsolete=True)
    _replace(path, buf.getvalue())


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file (never half-written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def read_po(lang: str) -> Catalog:
    """The ``.po`` catalog of ``lang`` as a Babel ``Catalog``."""
    from babel.messages.pofile import read_po as babel_read_po

    with open(po_path(lang), "rb") as f:
        return babel_read_po(f, locale=lang, domain=DOMAIN)


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes the ``.po`` of ``lang`` compiles to (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_po(lang), use_fuzzy=False)
    return buf.getvalue()


def missing(lang: str, template: Catalog | None = None) -> list[str]:
    """Message ids of the source that ``lang``'s ``.po`` lacks, leaves untranslated or marks fuzzy."""
    template = extract_catalog() if template is None else template
    po = read_po(lang)
    out = []
    for m in template:
        if not m.id:
            continue
        found = po.get(m.id, context=m.context)
        strings = [] if found is None else (list(found.string) if isinstance(found.string, (list, tuple))
                                            else [found.string])
        if found is None or found.fuzzy or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def extract() -> None:
    """Write the template ``mowkit/locale/mowkit.pot`` from the source."""
    _write_po(POT, extract_catalog())


def update() -> None:
    """Merge the template into every translation's ``.po`` (a new language's file is made)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po as babel_read_po

    with open(POT, "rb") as f:
        template = babel_read_po(f)
    for lang in LANGUAGES[1:]:
        path = po_path(lang)
        if path.exists():
            catalog = read_po(lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project=DOMAIN, version="0.1", copyright_holder="mowkit")
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        _header(catalog, lang)
        _write_po(path, catalog)


def compile_catalogs() -> None:
    """Compile every ``.po`` into the ``.mo`` the package ships."""
    for lang in LANGUAGES[1:]:
        _replace(mo_path(lang), compiled(lang))
    i18n._catalogs.clear()


def main(argv: list[str] | None = None) -> int:
    """``python -m mowkit.i18n [extract|update|compile|check]`` (no argument: the first three)."""
    args = sys.argv[1:] if argv is None else argv
    steps = args or ["extract", "update", "compile"]
    known = {"extract": extract, "update": update, "compile": compile_catalogs, "check": None}
    if Path.cwd().resolve() != ROOT:
        print(f"python -m mowkit.i18n: run it from the checkout whose mowkit is imported ({ROOT}); "
              "in another checkout use PYTHONPATH=$PWD", file=sys.stderr)
        return 2
    for step in steps:
        if step not in known:
            print(f"python -m mowkit.i18n: unknown step {step!r}; steps: extract, update, compile, check",
                  file=sys.stderr)
            return 2
    for step in steps:
        if step == "check":
            for lang in LANGUAGES[1:]:
                lacking = missing(lang)
                for m in lacking:
                    print(f"{lang}: no translation: {m!r}")
                if lacking:
                    return 1
        else:
            known[step]()  # type: ignore[operator,misc]
            print(f"{step}: done")
    if steps == ["extract", "update", "compile"]:
        for lang in LANGUAGES[1:]:
            n = len(missing(lang))
            if n:
                print(f"{lang}: {n} message(s) still need a translation in {po_path(lang).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
