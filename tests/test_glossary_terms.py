"""One word list for the app, the notebooks and docs/glossary.md.

docs/glossary.md is the list. For each term checked here, the glossary's Russian cell holds the word,
and every message of the app's catalog (mowkit.po) and of the notebooks' catalog (notebooks.po, the
source of the Russian notebooks) whose English uses the term uses that Russian word in its
translation. A message that uses an English word in another sense (a table's "row", "turn round") is
listed in OTHER_SENSE, so each exception is visible here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
CATALOGS = {name: ROOT / "mowkit" / "locale" / "ru" / "LC_MESSAGES" / f"{name}.po" for name in ("mowkit", "notebooks")}

TERMS: dict[str, tuple[str, str, str]] = {
    # glossary's English cell: (English pattern in a message, Russian word the glossary gives, Russian stem in a translation)
    "seed": (r"\bseeds?\b", "зерно", "зерн"),
    "row": (r"\brows?\b", "ряд", "ряд"),
    "herd": (r"\bherds?\b", "стадо", "стад"),
    "farmer": (r"\bfarmers?\b", "фермер", "фермер"),
    "round": (r"\brounds?\b", "тур", "тур"),
    "cowshed": (r"\bcowsheds?\b", "коровник", "коровник"),
    "slowpoke": (r"\bslowpokes?\b", "тихоня", "тихон"),
    "calf": (r"\bcalf\b|\bcalves\b", "телёнок", "телён|телят|телёнк"),
    "acrobatic cow (acrobat)": (r"\bacrobat", "корова-акробатка", "акробат"),
    "mad cow": (r"\bmad cow", "бешеная корова", "бешен"),
    "thin cow": (r"\bthin cow", "тощая корова", "тощ"),
    "dairy cow": (r"\bdairy cow", "молочная корова", "молочн"),
    "blocking cow": (r"\bblocking cows?", "блокирующая корова", "блокирующ"),
    "fly": (r"\bfl(?:y|ies)\b", "муха", "мух"),
    "penalty head": (r"\bheads?\b", "голова", "голов"),
    "penalty pile": (r"\bpenalty piles?\b", "штрафная стопка", "стопк"),
    "threshold (limit)": (r"\bthreshold\b", "порог", "порог"),
    "confidence interval": (r"\bconfidence intervals?\b", "доверительный интервал", "интервал"),
    "win rate": (r"\bwin rates?\b", "доля побед", "дол[яиюе] побед"),
    "win share": (r"\bwin shares?\b", "доля побед (общая победа делится)", "дол[яиюе] побед"),
    "Monte Carlo player": (r"\bMonte Carlo\b", "игрок Монте-Карло", "Монте-Карло"),
    "planner": (r"\bplanner\b", "планирующий игрок", "планирующ"),
    "tournament": (r"\btournaments?\b", "турнир", "турнир"),
    "arrow": (r"\barrows?\b", "стрелка", "стрелк"),
    "rollout": (r"\brollouts?\b", "розыгрыш", "розыгрыш"),
    "rule engine": (r"\brule engines?\b", "движок правил", "движ"),
    "simulation (simulated)": (r"\bsimulat(?:ion|ions|ed)\b", "симуляция", "симуляц|симулир"),
    "paired deals": (r"\bpaired deals?\b", "одинаковые раздачи", "одинаков"),
}

OTHER_SENSE: dict[str, set[str]] = {
    # term -> the start of each message id where the English word means something else
    "row": {"at most {most} player for the {variant} game", "drafting the rows", "{n} row",
            "The win rate of each tested player (rows)", "The summaries of several tournaments",
            "{million.rows:,} rows in", "this chunk belongs to another run"},
    "round": {"keep every player in its seat (by default the players move round", "may turn the arrow round",
              "turn the arrow round", "round started"},
    "seed": {"example: mowkit simulate"},
    "simulation (simulated)": {"Rules, records and simulations"},  # the CLI's summary: "турниры"
}


def glossary_russian() -> dict[str, str]:
    """English cell -> Russian cell of every row of the glossary's tables."""
    rows = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 4 and cells[0] not in ("English", "") and not cells[0].startswith("---"):
            rows[cells[0]] = cells[1]
    return rows


def _plain(text: str) -> str:
    """A message without its placeholders and code (``{x}``, `code`, fenced blocks)."""
    return re.sub(r"```.*?```|`[^`]*`|\{[^{}]*\}", " ", text, flags=re.S)


def _messages(name: str) -> list[tuple[str, str]]:
    with open(CATALOGS[name], "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        out.append((ids[0], " ".join(s for s in strings if s)))
    return out


@pytest.mark.parametrize("term", sorted(TERMS))
def test_the_glossary_gives_the_russian_word(term: str) -> None:
    rows = glossary_russian()
    assert term in rows, f"docs/glossary.md has no row for {term!r}"
    _pattern, word, stem = TERMS[term]
    assert word in rows[term], f"the glossary's Russian for {term!r} is {rows[term]!r}, not {word!r}"
    assert re.search(stem, word, re.I), "the checked stem is a part of the glossary's word"


@pytest.mark.parametrize("catalog", sorted(CATALOGS))
@pytest.mark.parametrize("term", sorted(TERMS))
def test_every_translation_uses_the_glossary_word(catalog: str, term: str) -> None:
    pattern, word, stem = TERMS[term]
    wrong = []
    for msgid, msgstr in _messages(catalog):
        if not msgstr or not re.search(pattern, _plain(msgid), re.I):
            continue
        if any(msgid.startswith(s) for s in OTHER_SENSE.get(term, ())):
            continue
        if not re.search(stem, msgstr, re.I):
            wrong.append(f"{msgid[:60]!r} -> {msgstr[:60]!r}")
    assert not wrong, f"{catalog}.po: {term!r} is not {word!r} in: {wrong[:5]}"


def test_the_check_finds_a_wrong_word() -> None:
    pattern, _word, stem = TERMS["seed"]
    assert re.search(pattern, _plain("the seed of the game"), re.I) and not re.search(stem, "число случайности", re.I)
    assert not re.search(pattern, _plain("`seed=1` only in code"), re.I)
