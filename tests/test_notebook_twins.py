"""Every English notebook has a Russian twin built from it and the notebooks' catalog, and the twin has not drifted.

The twin (``notebooks/ru/<name>.ipynb``) must be exactly what ``python -m mowkit.i18n.notebooks build``
makes: the same cells in the same order, the markdown translated by the catalog, the code the
source's code character for character except the language line and the translated words inside
strings and comments; and it must be executed (nbval runs it, like the English one, because the
test command collects ``notebooks/`` with its ``ru/`` folder).
"""

from __future__ import annotations

import io
import tokenize
import tomllib
from pathlib import Path

import pytest

from mowkit.i18n import notebooks as nbi

ROOT = Path(__file__).resolve().parent.parent
SOURCES = nbi.sources()
NAMES = [p.stem for p in SOURCES]


def _twin(name: str) -> nbi.Notebook:
    return nbi.read_notebook(ROOT / "notebooks" / "ru" / f"{name}.ipynb")


def _code_shape(code: str) -> list[tuple[int, str]]:
    """The tokens of a code cell with the text of every string and comment blanked out."""
    shape = []
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        name = tokenize.tok_name[tok.type]
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE) or name.startswith("FSTRING_MIDDLE"):
            continue
        shape.append((tok.type, "" if tok.type == tokenize.STRING else tok.string))
    return shape


def test_the_sources_are_the_english_notebooks_and_there_are_all_of_them() -> None:
    assert {"00_start_here", "01_mow_rules", "02_mow_card_math", "03_sixnimmt_rules", "04_sixnimmt_card_math",
            "05_strategies_tournament", "06_outcome_distributions", "07_bring_your_own_bot", "classroom"} <= set(NAMES)


def test_every_message_of_the_notebooks_is_translated() -> None:
    assert nbi.missing("ru") == [], "run python -m mowkit.i18n.notebooks and translate the new messages"


def test_the_catalog_holds_no_message_the_notebooks_no_longer_have() -> None:
    wanted = {m.id for m in nbi.extract_catalog() if m.id}
    kept = {m.id for m in nbi.read_po("ru") if m.id}
    assert kept == wanted, f"stale: {sorted(kept - wanted)[:3]}; missing: {sorted(wanted - kept)[:3]}"


def test_no_twin_drifts_from_its_source() -> None:
    assert nbi.drift("ru") == []


@pytest.mark.parametrize("name", NAMES)
def test_the_twin_has_the_same_cells_and_the_same_code(name: str) -> None:
    source, twin = nbi.read_notebook(ROOT / "notebooks" / f"{name}.ipynb"), _twin(name)
    assert [c["cell_type"] for c in twin["cells"]] == [c["cell_type"] for c in source["cells"]]
    first = True
    for en, ru in zip(source["cells"], twin["cells"]):
        if en["cell_type"] != "code":
            continue
        code = nbi.source_text(ru)
        if first:
            line = nbi.LANGUAGE_LINE["ru"]
            assert code.startswith(line), "the first code cell starts with the language line"
            code, first = code[len(line):], False
        assert _code_shape(code) == _code_shape(nbi.source_text(en)), "the code differs beyond its words"


@pytest.mark.parametrize("name", NAMES)
def test_the_twin_is_executed_in_order(name: str) -> None:
    counts = [c.get("execution_count") for c in _twin(name)["cells"] if c["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1)), "run: python -m mowkit.i18n.notebooks execute " + name


def test_the_test_command_runs_the_russian_notebooks_under_nbval() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        options = tomllib.load(f)["tool"]["pytest"]["ini_options"]
    assert "notebooks" in options["testpaths"] and "--nbval-lax" in options["addopts"]
    assert "ru" not in " ".join(options.get("norecursedirs", [])) and "notebooks/ru" not in options["addopts"]
    assert (ROOT / "notebooks" / "ru").is_dir()


def test_prose_is_found_in_strings_and_comments_but_not_in_codes_and_keys() -> None:
    code = ('x = f"Farmer {seat + 1} may:"  # the farmer to act\n'
            'both.card_id("G-7-0"); agent = "mc:rollouts=3"; print("Totals:", t, "flies")\n'
            'c = "G-8-0 G-ACRO-9"; d = "  (the fewest heads)"\n')
    found = [text for _start, _end, text in nbi.code_messages(code)]
    assert found == ["Farmer {seat + 1} may:", "the farmer to act", "Totals:", "  (the fewest heads)"]


def test_translating_code_changes_only_its_words() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="ru")
    catalog.add("Farmer {seat + 1} may:", "Фермер {seat + 1} может:")
    catalog.add("the farmer to act", "фермер, чья очередь")
    code = 'x = f"Farmer {seat + 1} may:"  # the farmer to act\ny = "G-7-0"\n'
    assert nbi.translate_code(catalog, code) == 'x = f"Фермер {seat + 1} может:"  # фермер, чья очередь\ny = "G-7-0"\n'
    with pytest.raises(nbi.Untranslated):
        nbi.translate_code(catalog, 'print("Winner:")\n')


def test_a_twin_keeps_the_outputs_of_unchanged_code_only() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="ru")
    catalog.add("# Title", "# Заголовок")
    source: nbi.Notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Title"]},
                                      {"cell_type": "code", "metadata": {}, "source": ["1 + 1"], "outputs": [],
                                       "execution_count": None},
                                      {"cell_type": "code", "metadata": {}, "source": ["2 + 2"], "outputs": [],
                                       "execution_count": None}],
                            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    made = nbi.build_twin(source, "ru", catalog)
    assert nbi.source_text(made["cells"][0]) == "# Заголовок"
    assert nbi.source_text(made["cells"][1]) == nbi.LANGUAGE_LINE["ru"] + "1 + 1"
    old = made
    old["cells"][1]["outputs"], old["cells"][1]["execution_count"] = [{"output_type": "stream", "text": "2"}], 1
    old["cells"][2]["source"], old["cells"][2]["outputs"], old["cells"][2]["execution_count"] = ["3 + 3"], [{}], 2
    again = nbi.build_twin(source, "ru", catalog, old)
    assert again["cells"][1]["execution_count"] == 1 and again["cells"][1]["outputs"]
    assert again["cells"][2]["execution_count"] is None and again["cells"][2]["outputs"] == []
