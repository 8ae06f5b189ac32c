"""The rule books (docs/rules.en.md, docs/rules.ru.md) and the glossary agree with the engines.

Only files of the repository are read (a clean clone has no shared RULES.md): the game classes
for the options, the Mow card table for the special cows, the README for its links.
"""

from __future__ import annotations

import csv
import dataclasses
import re
from pathlib import Path

import pytest

from mowkit.games.mow import Mow
from mowkit.games.sixnimmt import SixNimmt

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BOOKS = {"en": DOCS / "rules.en.md", "ru": DOCS / "rules.ru.md"}
GLOSSARY = DOCS / "glossary.md"
NO_OPTION = {"en": "no option", "ru": "опции нет"}

# The [kit] readings of the shared rule book (RULES.md, beside the project), transcribed here
# because a clone does not hold it: (what is decided, the option that switches it or None).
KIT_READINGS = [
    ("professional variant: a tie between two placements is the player's choice", None),
    ("auto_row: Rule 4 takes the row with the fewest heads", "auto_row"),
    ("yellow packet: copies and numbers of the special cows", None),
    ("later rounds: the farmer with the most flies starts", "next_starter"),
    ("later rounds: the arrow is reset to clockwise", "reset_arrow"),
    ("yellow special: the next farmer is any other farmer", "yellow_next"),
    ("after a take the taker starts the new herd in the same turn", "restart"),
    ("a taker who cannot start passes the start on in the arrow's direction", None),
    ("star: the active herd moves in the arrow's direction after every turn", None),
]

# Russian words every translation of the kit uses (issue 11); "a / b" cells count for each part.
RUSSIAN_TERMS = [
    "игрок", "фермер", "ряд", "стадо", "голова", "муха", "штрафная стопка", "коровник", "добор",
    "колода для добора", "тур", "партия", "ход", "тихоня", "бешеная корова",
    "зерно случайности", "игрок Монте-Карло", "доверительный интервал", "доля побед",
    "одинаковые раздачи",
]
# Each kind of Mow card (column "kind" of mow_cards.csv) with its English and Russian name.
COW_NAMES = {
    "plain": ("plain cow", "обычная корова"),
    "blocking": ("blocking cow", "блокирующая корова"),
    "acrobat": ("acrobatic cow", "корова-акробатка"),
    "slowpoke": ("slowpoke", "тихоня"),
    "calf": ("calf", "телёнок"),
    "thin": ("thin cow", "тощая корова"),
    "dairy": ("dairy cow", "молочная корова"),
    "mad": ("mad cow", "бешеная корова"),
}


def read(path: Path) -> str:
    assert path.exists(), f"{path.relative_to(ROOT)} is missing"
    return path.read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The text without fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def headings(text: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2).strip())
            for m in re.finditer(r"^(#{1,6})\s+(.*)$", prose(text), re.M)]


def code_spans(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", prose(text))


def blocks(text: str) -> list[str]:
    """Paragraphs, list items and table rows (a [kit] reading and its option share one block)."""
    parts = re.split(r"\n\s*\n|\n(?=\s*(?:[-*|]|\d+\.)\s)", prose(text))
    return [p.strip() for p in parts if p.strip()]


def kit_blocks(text: str) -> list[str]:
    return [b for b in blocks(text) if "[kit]" in b]


def table_rows(text: str) -> list[list[str]]:
    rows = []
    for line in prose(text).splitlines():
        line = line.strip()
        if line.startswith("|") and not re.fullmatch(r"\|[\s|:-]*\|", line):
            rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def sections(text: str, level: int) -> list[tuple[str, str]]:
    """(heading, body) of every section of ``level`` (its body ends at the next heading)."""
    parts = re.split(r"^(#{1,6} .*)$", prose(text), flags=re.M)
    return [(parts[i].lstrip("#").strip(), parts[i + 1]) for i in range(1, len(parts), 2)
            if parts[i].startswith("#" * level + " ")]


def options_table(text: str, title: str) -> dict[str, list[str]]:
    """The options table of one game: the level-3 section naming ``title`` whose table lists `players`."""
    found = []
    for heading, body in sections(text, 3):
        rows = {r[0]: r for r in table_rows(body) if len(r) == 4 and r[0].startswith("`")}
        if title in heading and "`players`" in rows:
            found.append(rows)
    assert len(found) == 1, f"one options table for {title}, found {len(found)}"
    return found[0]


def options(cls: type) -> list[dataclasses.Field]:
    return [f for f in dataclasses.fields(cls) if f.init]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rule_book_exists_and_links_to_the_other_language_and_the_glossary(lang):
    text = read(BOOKS[lang])
    other = "rules.ru.md" if lang == "en" else "rules.en.md"
    top = "\n".join(text.splitlines()[:5])
    assert f"]({other})" in top, f"rules.{lang}.md links to {other} at the top"
    assert "](glossary.md)" in top


def test_both_rule_books_have_the_same_sections_in_the_same_order():
    en, ru = (headings(read(BOOKS[k])) for k in ("en", "ru"))
    assert len(en) >= 10, "the rule book has its sections"
    assert [lvl for lvl, _ in en] == [lvl for lvl, _ in ru]
    for level in {lvl for lvl, _ in en}:
        assert sum(lvl == level for lvl, _ in en) == sum(lvl == level for lvl, _ in ru)
    # numbered sections carry the same numbers in both
    num = re.compile(r"^(\d+)\.")
    assert [num.match(t).group(1) for _, t in en if num.match(t)] == \
           [num.match(t).group(1) for _, t in ru if num.match(t)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("cls,title", [(SixNimmt, "6 nimmt!"), (Mow, "Mow")], ids=["sixnimmt", "mow"])
def test_every_option_is_in_the_options_table_with_its_default(lang, cls, title):
    text = read(BOOKS[lang])
    rows = options_table(text, title)
    spans = set(code_spans(text))
    for f in options(cls):
        assert f"`{f.name}`" in rows, f"rules.{lang}.md: option {f.name} of {cls.__name__} has no table row"
        assert f.name in spans
        default = rows[f"`{f.name}`"][2]
        if isinstance(f.default, bool) or isinstance(f.default, int):
            assert f"`{f.default}`" in default, (f.name, default)
        elif isinstance(f.default, str):
            assert f'`"{f.default}"`' in default, (f.name, default)
        else:  # None or () : said in words
            assert default, f"{f.name}: the default is described"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_kit_reading_says_what_switches_it(lang):
    text = read(BOOKS[lang])
    found = kit_blocks(text)
    assert len(found) >= len(KIT_READINGS), f"{len(found)} [kit] readings in rules.{lang}.md"
    for b in found:
        if b.startswith("|"):  # a row of an options table: the option is its first cell
            assert re.match(r"\|\s*`\w+`", b), b
            continue
        assert "load_game(" in b or NO_OPTION[lang] in b.lower(), f"rules.{lang}.md: [kit] without its option: {b[:120]}"
    for what, option in KIT_READINGS:
        if option is not None:
            assert any(f"{option}=" in b for b in found), f"rules.{lang}.md: no [kit] reading names {option} ({what})"
    assert sum(NO_OPTION[lang] in b.lower() for b in found) >= sum(o is None for _, o in KIT_READINGS)


def test_the_kit_readings_match_between_the_languages():
    en, ru = (kit_blocks(read(BOOKS[k])) for k in ("en", "ru"))
    assert len(en) == len(ru)
    for a, b in zip(en, ru):
        named_a = set(re.findall(r"(\w+)=", " ".join(code_spans(a))))
        named_b = set(re.findall(r"(\w+)=", " ".join(code_spans(b))))
        assert named_a == named_b, (a[:80], b[:80])
        assert (NO_OPTION["en"] in a.lower()) == (NO_OPTION["ru"] in b.lower()), (a[:80], b[:80])


def test_the_card_numbers_in_the_rule_books_come_from_the_card_tables():
    with open(ROOT / "mowkit" / "cards" / "sixnimmt_cards.csv", encoding="utf-8") as f:
        heads = [int(r["heads"]) for r in csv.DictReader(f)]
    with open(ROOT / "mowkit" / "cards" / "mow_cards.csv", encoding="utf-8") as f:
        mow = list(csv.DictReader(f))
    flies = {p: sum(int(r["flies"]) for r in mow if r["packet"] == p) for p in ("green", "yellow")}
    cards = {p: sum(r["packet"] == p for r in mow) for p in ("green", "yellow")}
    assert flies["green"] == flies["yellow"] and cards["green"] == cards["yellow"]
    plain = {p: sum(int(r["flies"]) for r in mow if r["packet"] == p and r["kind"] == "plain") for p in flies}
    tactics = [sum(heads[: 10 * p + 4]) for p in range(2, 11)]
    for lang in ("en", "ru"):
        text = read(BOOKS[lang])
        assert re.search(rf"\*\*{sum(heads)} (heads|голова)\*\*", text), f"{sum(heads)} heads in rules.{lang}.md"
        assert f"{len(heads)} " in text
        assert re.search(rf"\*\*{flies['green']} (flies|мухи)\*\*", text)
        assert f"{cards['green']} " in text
        assert f"{cards['green'] * 2} " in text and f"{flies['green'] * 2} " in text  # both packets
        assert f"{plain['green']} " in text  # specials=False
        numbers = [int(n) for n in re.findall(r"\b\d+\b", text)]
        for total in tactics:
            assert total in numbers, f"tactics total {total} in rules.{lang}.md"


def latin_runs(text: str) -> list[str]:
    """Runs of 3+ consecutive Latin-letter words outside code spans, fenced code and URLs.

    Words are consecutive when only spaces, commas, apostrophes or hyphens stand between them.
    """
    text = prose(text)
    text = re.sub(r"`[^`\n]*`", " ; ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"https?://\S+", " ; ", text)
    word = r"\b[A-Za-z]+\b"
    return [re.sub(r"\s+", " ", m.group(0)) for m in re.finditer(rf"{word}(?:[\s,'’-]+{word}){{2,}}", text)]


def test_latin_run_heuristic_finds_english_and_spares_names():
    assert latin_runs("Это правило: the farmer takes the herd.") == ["the farmer takes the herd"]
    assert latin_runs("Фермер,\nthen\nthe farmer") == ["then the farmer"]
    assert latin_runs("набор mowkit\n\n[English version](rules.en.md)") == []
    assert latin_runs("слово Mowкорова and so") == []
    assert latin_runs("Игра 6 nimmt! и игра Mow; `load_game(\"mow\", players=2)` [English version](rules.en.md)") == []


def test_the_russian_rule_book_has_no_english_sentences():
    runs = latin_runs(read(BOOKS["ru"]))
    assert not runs, f"English left in rules.ru.md: {runs[:5]}"


def glossary_rows() -> list[list[str]]:
    rows = [r for r in table_rows(read(GLOSSARY)) if len(r) >= 4]
    assert rows and rows[0][:2] == ["English", "Русский"]
    return [r for r in rows if r[:2] != ["English", "Русский"]]


def russian_cells() -> set[str]:
    cells = set()
    for r in glossary_rows():
        cells.add(r[1])
        cells.update(part.strip() for part in r[1].split("/"))
    return cells


@pytest.mark.parametrize("term", RUSSIAN_TERMS)
def test_the_glossary_lists_every_russian_term(term):
    assert term in russian_cells(), f"glossary.md has no row for «{term}»"


def test_the_glossary_names_every_kind_of_mow_card():
    with open(ROOT / "mowkit" / "cards" / "mow_cards.csv", encoding="utf-8") as f:
        kinds = {r["kind"] for r in csv.DictReader(f)}
    assert kinds == set(COW_NAMES), "every kind of card in mow_cards.csv has a name here"
    rows = glossary_rows()
    for kind in kinds:
        en, ru = COW_NAMES[kind]
        assert any(r[0].startswith(en) and r[1] == ru and r[-1] == "Mow" for r in rows), kind
        for lang, name in (("en", en), ("ru", ru)):
            assert name.lower() in read(BOOKS[lang]).lower(), f"rules.{lang}.md names the {en}"


def test_every_glossary_row_says_where_it_is_used():
    allowed = {"6 nimmt!", "Mow", "both / обе"}
    rows = glossary_rows()
    assert len(rows) >= len(RUSSIAN_TERMS)
    for r in rows:
        assert r[-1] in allowed, r
        assert all(r), f"empty cell in {r}"


def relative_links(text: str) -> list[str]:
    links = re.findall(r"\]\(([^)\s]+)\)", prose(text))
    return [link.split("#")[0] for link in links if not re.match(r"[a-z]+:", link) and not link.startswith("#")]


def test_the_readme_links_to_docs_resolve():
    links = [link for link in relative_links(read(ROOT / "README.md")) if link.startswith("docs/")]
    assert links, "the README links to files in docs/"
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing, f"README links to missing files: {missing}"


@pytest.mark.parametrize("name", ["rules.en.md", "rules.ru.md", "glossary.md"])
def test_links_between_the_docs_resolve(name):
    links = relative_links(read(DOCS / name))
    assert links
    missing = [link for link in links if not (DOCS / link).is_file()]
    assert not missing, f"{name} links to missing files: {missing}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_card_tables_in_the_rule_books_match_the_csv_files(lang):
    from collections import Counter

    text = read(BOOKS[lang])
    with open(ROOT / "mowkit" / "cards" / "sixnimmt_cards.csv", encoding="utf-8") as f:
        heads = {int(r["number"]): int(r["heads"]) for r in csv.DictReader(f)}
    book = {}
    for r in table_rows(text):
        if len(r) == 3 and r[0].isdigit() and r[2].isdigit():
            book[int(r[0])] = (r[1], int(r[2]))
    assert {h: n for h, (_, n) in book.items()} == dict(Counter(heads.values()))
    for h, (cards, _) in book.items():
        listed = [int(x) for x in re.findall(r"\d+", cards.split("(")[0])]
        if "…" not in cards and listed:  # an explicit list names exactly the cards with h heads
            assert sorted(listed) == sorted(c for c, v in heads.items() if v == h), (h, cards)

    with open(ROOT / "mowkit" / "cards" / "mow_cards.csv", encoding="utf-8") as f:
        green = [r for r in csv.DictReader(f) if r["packet"] == "green"]
    rows = [r for r in table_rows(text) if len(r) == 5 and r[2].isdigit()]
    assert sum(int(r[2]) for r in rows) == len(green)
    assert sum(int(r[4]) for r in rows) == sum(int(r["flies"]) for r in green)
    for r in rows:
        assert int(r[2]) * int(r[3]) == int(r[4]), r
    plain = Counter(int(r["flies"]) for r in green if r["kind"] == "plain")
    specials = [int(r["flies"]) for r in green if r["kind"] != "plain"]
    assert Counter({int(r[3]): int(r[2]) for r in rows if int(r[3]) in plain}) == plain
    assert [(int(r[2]), int(r[3])) for r in rows if int(r[3]) not in plain] == [(len(specials), specials[0])]
