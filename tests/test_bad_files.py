"""Damaged files refused clearly: fuzzed game records, bad card tables, leftover save temporaries.

Every case ends in a :class:`~mowkit.core.RecordError` naming the file and the field, or (for a
record mutation that happens to leave a valid game) in a record that validates and replays.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from mowkit import RecordError
from mowkit.records import load, replay, save, validate

ROOT = Path(__file__).resolve().parent.parent
RECORDS = {"sixnimmt": ROOT / "data" / "records" / "sixnimmt_4p_seed7.json",
           "mow": ROOT / "data" / "records" / "mow_3p_seed7.json"}
PSEUDO_FIELDS = {"(file)", "(json)", "(encoding)", "(top level)"}


# --------------------------------------------------------------------------- record fuzzer


def field_paths(value, prefix=()):
    """Every field path of a parsed record: dict keys and list indexes, parents before children."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(prefix + (k,))
            out.extend(field_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append(prefix + (i,))
            out.extend(field_paths(v, prefix + (i,)))
    return out


def path_text(path):
    """("rounds", 0, "deal", 3) -> "rounds[0].deal[3]" (the spelling RecordError uses)."""
    text = ""
    for p in path:
        text += f"[{p}]" if isinstance(p, int) else (f".{p}" if text else p)
    return text


def set_path(record, path, value):
    target = record
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value


def kind_of(field):
    """A field with its indexes removed: rounds[3].deal[7] -> rounds[].deal[]."""
    return re.sub(r"\[\d+\]", "[]", field)


def deep_list(depth):
    v = []
    for _ in range(depth):
        v = [v]
    return v


DEEP = deep_list(100_000)
# wrong types for any field: list, dict, text, bool, null, float, huge int, NaN/Infinity, -0, deep nesting
WRONG = [[], [1, 2], {}, {"type": "play"}, "x", "", True, False, None, 1.5, float("nan"), float("inf"),
         float("-inf"), -0.0, 10**5000, 10**30, -1, DEEP]
# number literals written into the file text in place of a number
LITERALS = ["1" + "0" * 5000, "-" + "9" * 6000, "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "-0", "-0.0",
            "1e-400", "4.0", "1" + "0" * 30]
NUMBER = re.compile(rb"(?<![\w.\"-])-?\d+(?![\w.])")


def ancestors(path):
    return {path_text(path[:k]) for k in range(1, len(path) + 1)}


class Outcomes:
    """Tallies of one fuzzing run: RecordError by field kind, valid replays, safety-net hits."""

    def __init__(self):
        self.errors = Counter()
        self.valid = 0
        self.safety_net = 0
        self.tried = Counter()
        self.downstream = Counter()

    def error(self, e, source):
        assert e.source == source
        assert source in str(e) and e.field and f"field {e.field}:" in str(e), str(e)
        if getattr(e, "safety_net", False):
            self.safety_net += 1
        self.errors[kind_of(e.field)] += 1


def check_valid(record):
    """A mutated record that passed validation must replay to the recorded end."""
    states = replay(record)
    assert len(states) == 1 + sum(len(r["decisions"]) for r in record["rounds"])
    assert states[-1].is_over() == record["over"]
    assert list(states[-1].totals) == record["totals"]


def through_file(bad, tmp_path):
    """The outcome of loading ``bad`` from a file: the RecordError's field, or None if it loads."""
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(bad))
    try:
        load(path)
    except RecordError as e:
        assert e.source == str(path) and str(path) in str(e)
        return e.field
    return None


def fuzz_types(record, out, rng, extra, tmp_path):
    """A wrong-typed value in every field path once, then ``extra`` more at random paths.

    Validated in memory; every fifth mutation that JSON can write is also saved to a file and
    loaded, which must name the same field.
    """
    paths = field_paths(record)
    plan = [(p, WRONG[k % len(WRONG)]) for k, p in enumerate(paths)]
    plan += [(rng.choice(paths), rng.choice(WRONG)) for _ in range(extra)]
    for k, (path, value) in enumerate(plan):
        bad = copy.deepcopy(record)
        set_path(bad, path, value)
        source = f"<mutation {path_text(path)}>"
        out.tried["wrong type"] += 1
        via_file = k % 5 == 0 and value is not DEEP and not (isinstance(value, int) and value > 10**100)
        try:
            validate(bad, source=source)
        except RecordError as e:
            out.error(e, source)
            if via_file:
                out.tried["wrong type, also via a file"] += 1
                assert through_file(bad, tmp_path) == e.field
            here = path_text(path)
            inside = e.field.startswith((here + "[", here + "."))  # a part of the new value
            if e.field not in ancestors(path) and not inside:
                # only a value of the field's own type may be caught later, by the replay
                original = record
                for p in path:
                    original = original[p]
                same = type(original) is type(value) or (original is None or value is None)
                assert same, (path_text(path), value if value is not DEEP
                                                                      else "deep", str(e))
                out.downstream[kind_of(e.field)] += 1
        else:
            out.valid += 1
            check_valid(bad)
            if via_file:
                out.tried["wrong type, also via a file"] += 1
                assert through_file(bad, tmp_path) is None


def fuzz_bytes(data, out, rng, tmp_path, n):
    """Byte-level damage written to a file and loaded: truncation, non-UTF-8 bytes, numbers, nesting."""
    numbers = [m.span() for m in NUMBER.finditer(data)]
    path = tmp_path / "fuzzed.json"
    source = str(path)
    for k in range(n):
        how = ("truncate", "non-utf8", "number", "nesting")[k % 4]
        out.tried[how] += 1
        at = None
        if how == "truncate":
            bad = data[: rng.randrange(len(data) + 1)]
        elif how == "non-utf8":
            at = rng.randrange(len(data) + 1)
            junk = bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randint(1, 3)))
            cut = at + rng.randint(0, 2)  # insert or overwrite
            bad = data[:at] + junk + data[cut:]
        elif how == "number":
            lo, hi = rng.choice(numbers)
            bad = data[:lo] + rng.choice(LITERALS).encode() + data[hi:]
        else:
            lo, hi = rng.choice(numbers)
            depth = rng.choice([100_000, 10_000, 2_000])
            bad = data[:lo] + b"[" * depth + b"]" * depth + data[hi:]
        path.write_bytes(bad)
        try:
            rec = load(path)
        except RecordError as e:
            out.error(e, source)
            if e.field == "(encoding)":
                offset = int(re.search(r"byte offset (\d+)", str(e)).group(1))
                assert at is not None and at <= offset < at + 3, str(e)
        else:
            out.valid += 1
            check_valid(rec)


@pytest.fixture(scope="module")
def fuzz_results(tmp_path_factory):
    results = {}
    for game, file in RECORDS.items():
        rng = random.Random(f"fuzz-{game}")
        record = json.loads(file.read_bytes())
        out = Outcomes()
        folder = tmp_path_factory.mktemp(game)
        fuzz_types(record, out, rng, extra=400, tmp_path=folder)
        fuzz_bytes(file.read_bytes(), out, rng, folder, n=800)
        results[game] = out
    return results


@pytest.mark.parametrize("game", RECORDS)
def test_record_fuzzer_every_mutation_is_a_clear_error_or_a_valid_game(fuzz_results, game):
    out = fuzz_results[game]
    total = sum(n for how, n in out.tried.items() if how != "wrong type, also via a file")
    assert total >= 2000
    assert sum(out.errors.values()) + out.valid == total
    assert out.safety_net == 0, out.errors
    # every kind of damage was tried and most are refused
    assert set(out.tried) == {"wrong type", "wrong type, also via a file", "truncate", "non-utf8", "number",
                              "nesting"}
    assert out.tried["wrong type, also via a file"] >= 250
    assert out.errors["(encoding)"] > 0 and out.errors["(json)"] > 0
    assert out.errors["rounds[].deal[]"] > 0 and out.errors["rounds[].decisions[].card"] > 0
    assert out.valid < total * 0.05, out.valid


def test_record_fuzzer_covers_every_field_path():
    record = json.loads(RECORDS["sixnimmt"].read_bytes())
    names = {kind_of(path_text(p)) for p in field_paths(record)}
    for want in ("format", "game", "options", "options.players", "options.variant", "seed", "agents", "agents[]",
                 "rounds[].deal[]", "rounds[].decisions[].type", "rounds[].decisions[].player",
                 "rounds[].decisions[].card", "rounds[].scores[]", "totals[]", "winners[]", "over"):
        assert want in names, want


# --------------------------------------------------------------------------- card tables


def heads_by_rule(n):
    """RULES.md §1 read independently: 55 → 7; other multiples of 11 → 5; of 10 → 3; of 5 → 2; else 1."""
    return 7 if n == 55 else 5 if n % 11 == 0 else 3 if n % 10 == 0 else 2 if n % 5 == 0 else 1


def sixnimmt_lines(edit=None):
    heads = {n: heads_by_rule(n) for n in range(1, 105)}
    lines = ["number,heads"] + [f"{n},{h}" for n, h in heads.items()]
    if edit:
        lines = edit(lines)
    return ("\n".join(lines) + "\n").encode()


def set_line(k, text):
    def edit(lines):
        lines[k] = text
        return lines
    return edit


def mow_lines(edit=None):
    lines = (ROOT / "mowkit" / "cards" / "mow_cards.csv").read_text().splitlines()
    if edit:
        lines = edit(lines)
    return ("\n".join(lines) + "\n").encode()


def mow_line_of(code):
    lines = (ROOT / "mowkit" / "cards" / "mow_cards.csv").read_text().splitlines()
    return next(i for i, line in enumerate(lines) if line.split(",")[1] == code)


def mow_set(code, column, value):
    """Set one column of the card with ``code``."""
    cols = ["packet", "code", "kind", "number", "flies"]

    def edit(lines):
        k = mow_line_of(code)
        cells = lines[k].split(",")
        cells[cols.index(column)] = value
        lines[k] = ",".join(cells)
        return lines
    return edit


def mow_line(code, column):
    return f"line {mow_line_of(code) + 1}, {column}"


def replace_card(code, text):
    def edit(lines):
        lines[mow_line_of(code)] = text
        return lines
    return edit


def insert_after(code, text):
    def edit(lines):
        lines.insert(mow_line_of(code) + 1, text)
        return lines
    return edit


def drop(code):
    def edit(lines):
        del lines[mow_line_of(code)]
        return lines
    return edit


# file-level damage, the same for both tables: (bytes from the good table) -> bytes, field, words
FILE_DAMAGE = {
    "non-UTF-8 byte": (lambda b: b[:30] + b"\xff\xfe" + b[30:], "(encoding)", "byte offset 30"),
    "latin-1 text": (lambda b: b.replace(b"number", "numéro".encode("latin-1"), 1), "(encoding)", "not UTF-8"),
    "byte-order mark": (lambda b: b"\xef\xbb\xbf" + b, "(encoding)", "byte-order mark"),
    "empty file": (lambda b: b"", "(file)", "empty"),
    "only blank lines": (lambda b: b"\n \n\n", "(file)", "empty"),
    "header only": (lambda b: b.split(b"\n")[0] + b"\n", "(rows)", "no cards"),
    "NUL byte": (lambda b: b[:40] + b"\x00" + b[40:], "line", "NUL"),
    "repeated column": (lambda b: b.replace(b"\n", b",number\n", 1), "number", "appears 2 times"),
    "more values than columns": (lambda b: b.replace(b"\n", b"\n1,1,1,1,1,1,1\n", 1), "line 2", "values"),
    "overlong field": (lambda b: b.replace(b"\n", b"\n\"" + b"9" * 200_000 + b"\"\n", 1), "line", "CSV"),
}

SIXNIMMT_TABLES = {
    "170 heads (card 2 with 0)": (sixnimmt_lines(set_line(2, "2,0")), "line 3, heads", "RULES.md §1 gives 1"),
    "172 heads (card 1 with 2)": (sixnimmt_lines(set_line(1, "1,2")), "line 2, heads", "RULES.md §1 gives 1"),
    "55 with 5 heads": (sixnimmt_lines(set_line(55, "55,5")), "line 56, heads", "gives 7"),
    "103 cards": (sixnimmt_lines(lambda ls: ls[:-1]), "number", "missing: 104"),
    "105 cards": (sixnimmt_lines(lambda ls: ls + ["105,1"]), "line 106, number", "outside 1..104"),
    "card 5 twice": (sixnimmt_lines(set_line(6, "5,2")), "line 7, number", "already on line 6"),
    "10^30 heads": (sixnimmt_lines(set_line(9, "9," + "1" + "0" * 30)), "line 10, heads", "outside 0..1000"),
    "negative heads": (sixnimmt_lines(set_line(9, "9,-1")), "line 10, heads", "outside 0..1000"),
    "heads 1.0": (sixnimmt_lines(set_line(9, "9,1.0")), "line 10, heads", "not an integer"),
    "Arabic-Indic digit": (sixnimmt_lines(set_line(9, "9,\u0661")), "line 10, heads", "not an integer"),
    "5000-digit number": (sixnimmt_lines(set_line(9, "9" * 5000 + ",1")), "line 10, number", "not an integer"),
    "missing column": (b"number,points\n1,1\n", "heads", "column missing"),
    "missing value": (sixnimmt_lines(set_line(9, "9")), "line 10, heads", "empty value"),
    **{k: (f(sixnimmt_lines()), field, words) for k, (f, field, words) in FILE_DAMAGE.items()},
}

MOW_TABLES = {
    "a 49-card green packet": (mow_lines(insert_after("G-SLOW-2", "green,G-EXTRA,plain,7,3")), "line 50, number",
                               "too many"),
    "a 47-card green packet": (mow_lines(drop("G-7-3")), "green packet", "missing from RULES.md §2: plain 7 with 3"),
    "a plain 7 with 4 flies": (mow_lines(mow_set("G-7-3", "flies", "4")), mow_line("G-7-3", "flies"),
                               "0, 1, 2, 3 flies"),
    "75 flies (acrobat with 6)": (mow_lines(mow_set("G-ACRO-7", "flies", "6")), mow_line("G-ACRO-7", "flies"),
                                  "an acrobat cow with 6 flies: special cows carry 5"),
    "acrobat numbered 8": (mow_lines(mow_set("G-ACRO-7", "number", "8")), mow_line("G-ACRO-7", "number"),
                           "numbered 7, 9"),
    "calf in the green packet": (mow_lines(insert_after("G-SLOW-2", "green,G-CALF,calf,,5")), "line 50, kind",
                                 "no calf cow in the green packet"),
    "three slowpokes": (mow_lines(replace_card("G-ACRO-9", "green,G-SLOW-3,slowpoke,,5")), mow_line("G-SLOW-2", "kind"),
                        "one slowpoke cow too many"),
    "a third blocking 16": (mow_lines(replace_card("G-ACRO-9", "green,G-BLOCK-X,blocking,16,5")),
                            mow_line("G-ACRO-9", "kind"), "one blocking 16 cow too many"),
    "a blocking 9": (mow_lines(mow_set("G-ACRO-9", "kind", "blocking")), mow_line("G-ACRO-9", "number"),
                     "numbered 0, 16"),
    "a slowpoke with a number": (mow_lines(mow_set("G-ACRO-9", "kind", "slowpoke")), mow_line("G-ACRO-9", "number"),
                                 "carries no number"),
    "no plain 16": (mow_lines(mow_set("G-15-0", "number", "16")), mow_line("G-15-0", "number"), "no plain 16"),
    "two plain 1s": (mow_lines(mow_set("G-2-0", "number", "1")), mow_line("G-2-0", "number"), "too many"),
    "no yellow packet": (mow_lines(lambda ls: [x for x in ls if not x.startswith("yellow")]), "yellow packet",
                         "0 cards"),
    "10^30 flies": (mow_lines(mow_set("G-7-3", "flies", "1" + "0" * 30)), mow_line("G-7-3", "flies"),
                    "outside 0..1000"),
    "number in Arabic-Indic digits": (mow_lines(mow_set("G-7-3", "number", "\u0667")), mow_line("G-7-3", "number"),
                                      "not an integer"),
    "missing column": (b"packet,code,kind,number\ngreen,G-1-0,plain,1\n", "flies", "column missing"),
    **{k: (f(mow_lines()), field, words) for k, (f, field, words) in FILE_DAMAGE.items()},
}


@pytest.fixture(autouse=True)
def forget_heads_table():
    """After a test, let the 6 nimmt! engine re-read the heads table (a custom one must not linger)."""
    yield
    import mowkit.games.sixnimmt.engine as engine

    engine._TABLE.clear()


def write_tables(tmp_path, name, data):
    """A data folder with the good tables and ``name`` replaced by ``data``."""
    for f in ("sixnimmt_cards.csv", "mow_cards.csv"):
        (tmp_path / f).write_bytes((ROOT / "mowkit" / "cards" / f).read_bytes())
    (tmp_path / name).write_bytes(data)
    return tmp_path / name


def expect_refused(load, path, field, words):
    with pytest.raises(RecordError) as e:
        load()
    assert e.value.source == str(path), str(e.value)
    assert e.value.field.startswith(field), str(e.value)
    assert words in str(e.value), str(e.value)
    assert str(path) in str(e.value)
    return e.value


@pytest.mark.parametrize("case", SIXNIMMT_TABLES)
def test_bad_sixnimmt_table_is_refused_naming_file_and_field(tmp_path, monkeypatch, case):
    from mowkit.data import sixnimmt_heads

    data, field, words = SIXNIMMT_TABLES[case]
    path = write_tables(tmp_path, "sixnimmt_cards.csv", data)
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    expect_refused(sixnimmt_heads, path, field, words)


@pytest.mark.parametrize("case", MOW_TABLES)
def test_bad_mow_table_is_refused_naming_file_and_field(tmp_path, monkeypatch, case):
    from mowkit.mow_data import mow_cards

    data, field, words = MOW_TABLES[case]
    path = write_tables(tmp_path, "mow_cards.csv", data)
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    expect_refused(mow_cards, path, field, words)


@pytest.mark.parametrize("name", ["sixnimmt_cards.csv", "mow_cards.csv"])
def test_a_folder_where_the_table_should_be(tmp_path, monkeypatch, name):
    from mowkit.data import sixnimmt_heads
    from mowkit.mow_data import mow_cards

    write_tables(tmp_path, name, b"")
    (tmp_path / name).unlink()
    (tmp_path / name).mkdir()
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    loader = sixnimmt_heads if name.startswith("six") else mow_cards
    expect_refused(loader, tmp_path / name, "(file)", "is a folder")


def test_the_games_refuse_a_bad_table_instead_of_playing(tmp_path, monkeypatch):
    from mowkit import load_game

    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    path = write_tables(tmp_path, "sixnimmt_cards.csv", SIXNIMMT_TABLES["170 heads (card 2 with 0)"][0])
    expect_refused(lambda: load_game("sixnimmt", players=4), path, "line 3, heads", "gives 1")
    path = write_tables(tmp_path, "mow_cards.csv", MOW_TABLES["a 49-card green packet"][0])
    expect_refused(lambda: load_game("mow", players=4), path, "line 50, number", "too many")


CUSTOM_OK = {
    "sixnimmt 172 heads": ("sixnimmt_cards.csv", SIXNIMMT_TABLES["172 heads (card 1 with 2)"][0]),
    "sixnimmt 120 cards": ("sixnimmt_cards.csv", sixnimmt_lines(lambda ls: ls + [f"{n},1" for n in range(105, 121)])),
    "mow 75 flies": ("mow_cards.csv", MOW_TABLES["75 flies (acrobat with 6)"][0]),
    "mow 49-card packet": ("mow_cards.csv", MOW_TABLES["a 49-card green packet"][0]),
    "mow green only": ("mow_cards.csv", MOW_TABLES["no yellow packet"][0]),
}


@pytest.mark.parametrize("case", CUSTOM_OK)
def test_custom_printing_is_accepted_only_when_declared(tmp_path, monkeypatch, case):
    from mowkit import load_game
    from mowkit.data import custom_cards

    name, data = CUSTOM_OK[case]
    write_tables(tmp_path, name, data)
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    game = "sixnimmt" if name.startswith("six") else "mow"
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    assert custom_cards() is False
    with pytest.raises(RecordError, match="MOWKIT_CUSTOM_CARDS=1"):
        load_game(game, players=3)
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "1")
    assert custom_cards() is True
    g = load_game(game, players=3)
    rows = [line for line in data.decode().splitlines()[1:] if line.strip()]
    if game == "sixnimmt":
        from mowkit.data import sixnimmt_heads

        assert len(sixnimmt_heads()) - 1 == len(rows) == len(g.deck)
        assert sum(sixnimmt_heads()[1:]) == sum(int(r.split(",")[1]) for r in rows)
    else:
        from mowkit.mow_data import mow_cards

        assert len(mow_cards()) == len(rows)
        assert sum(c.flies for c in mow_cards()) == sum(int(r.split(",")[4]) for r in rows)
    from mowkit.simulate import play_state

    assert play_state(g, ["random"] * 3, seed=1).is_over()


CUSTOM_REFUSED = {
    "sixnimmt 10^30 heads": ("sixnimmt_cards.csv", SIXNIMMT_TABLES["10^30 heads"][0], "line 10, heads", "0..1000"),
    "sixnimmt card twice": ("sixnimmt_cards.csv", SIXNIMMT_TABLES["card 5 twice"][0], "line 7, number",
                            "already on line"),
    "sixnimmt 20 cards": ("sixnimmt_cards.csv", sixnimmt_lines(lambda ls: ls[:21]), "number", "at least 24"),
    "sixnimmt gap": ("sixnimmt_cards.csv", sixnimmt_lines(lambda ls: ls[:50] + ls[51:]), "number", "missing: 50"),
    "sixnimmt card 0": ("sixnimmt_cards.csv", sixnimmt_lines(set_line(1, "0,1")), "line 2, number", "outside"),
    "mow 10^30 flies": ("mow_cards.csv", MOW_TABLES["10^30 flies"][0], mow_line("G-7-3", "flies"), "0..1000"),
    "mow number 17": ("mow_cards.csv", mow_lines(mow_set("G-7-3", "number", "17")), mow_line("G-7-3", "number"),
                      "outside 0..16"),
    "mow code twice": ("mow_cards.csv", mow_lines(mow_set("G-7-3", "code", "G-7-2")), mow_line("G-7-3", "code"),
                       "already used"),
    "mow 6-card green packet": ("mow_cards.csv", mow_lines(lambda ls: ls[:7] + [x for x in ls if x.startswith("y")]),
                                "green packet", "at least 10"),
    "mow non-UTF-8": ("mow_cards.csv", FILE_DAMAGE["non-UTF-8 byte"][0](mow_lines()), "(encoding)", "offset 30"),
}


@pytest.mark.parametrize("case", CUSTOM_REFUSED)
def test_custom_printing_keeps_the_sanity_checks(tmp_path, monkeypatch, case):
    from mowkit.data import sixnimmt_heads
    from mowkit.mow_data import mow_cards

    name, data, field, words = CUSTOM_REFUSED[case]
    path = write_tables(tmp_path, name, data)
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "1")
    expect_refused(sixnimmt_heads if name.startswith("six") else mow_cards, path, field, words)


@pytest.mark.parametrize("value, expected", [("", False), ("0", False), ("1", True), (" 1 ", True)])
def test_custom_switch_values(monkeypatch, value, expected):
    from mowkit.data import custom_cards

    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", value)
    assert custom_cards() is expected


@pytest.mark.parametrize("value", ["yes", "true", "2", "on"])
def test_custom_switch_rejects_unclear_values(monkeypatch, value):
    from mowkit.core import OptionError
    from mowkit.data import custom_cards

    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", value)
    with pytest.raises(OptionError) as e:
        custom_cards()
    assert e.value.option == "MOWKIT_CUSTOM_CARDS" and "1" in e.value.allowed


def test_shipped_tables_pass_the_rule_checks(monkeypatch):
    from mowkit.data import sixnimmt_heads
    from mowkit.mow_data import mow_cards

    monkeypatch.delenv("MOWKIT_DATA", raising=False)
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    assert [sixnimmt_heads()[n] for n in range(1, 105)] == [heads_by_rule(n) for n in range(1, 105)]
    cards = mow_cards()
    assert len(cards) == 96 and sum(c.flies for c in cards) == 148


def test_fingerprint_changes_with_the_table_and_the_switch(tmp_path, monkeypatch):
    from mowkit.data import card_tables_fingerprint

    write_tables(tmp_path, "sixnimmt_cards.csv", sixnimmt_lines())
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    a = card_tables_fingerprint()
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "1")
    b = card_tables_fingerprint()
    write_tables(tmp_path, "sixnimmt_cards.csv", SIXNIMMT_TABLES["172 heads (card 1 with 2)"][0])
    c = card_tables_fingerprint()
    assert len({a, b, c}) == 3 and all(len(x) == 64 for x in (a, b, c))
    write_tables(tmp_path, "sixnimmt_cards.csv", sixnimmt_lines())
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS")
    assert card_tables_fingerprint() == a


# --------------------------------------------------------------------------- save temporaries


def dead_pid():
    """The id of a process that has exited (a child we started and waited for)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.fixture(scope="module")
def small_record():
    from mowkit import load_game
    from mowkit.simulate import play_game

    return play_game(load_game("sixnimmt", players=2, max_rounds=1), ["random", "lowest"], seed=3)


@pytest.mark.parametrize("trigger", ["save", "load"])
def test_stale_temporaries_of_a_dead_writer_are_removed(tmp_path, small_record, trigger):
    target = tmp_path / "game.json"
    save(small_record, target)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        dead = tmp_path / f".game.json.{dead_pid()}.k2j4x9zq.tmp"
        mine = tmp_path / f".game.json.{os.getpid()}.abcd1234.tmp"  # this process: a save may be under way
        other_live = tmp_path / f".game.json.{sleeper.pid}.zz99yy88.tmp"
        other_file = tmp_path / f".other.json.{dead_pid()}.k2j4x9zq.tmp"  # another file's leftover
        not_ours = tmp_path / ".game.json.tmp"
        for p in (dead, mine, other_live, other_file, not_ours):
            p.write_text("{half a record")
        if trigger == "save":
            save(small_record, target)
        else:
            assert load(target) == json.loads(json.dumps(small_record))
        left = set(os.listdir(tmp_path))
        assert dead.name not in left
        assert {mine.name, other_live.name, other_file.name, not_ours.name, "game.json"} == left
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_save_killed_before_the_rename_leaves_a_temporary_that_the_next_load_removes(tmp_path, small_record):
    target = tmp_path / "game.json"
    save(small_record, target)
    before = target.read_bytes()
    script = (
        "import json, os, sys\n"
        "from mowkit import records\n"
        "record = json.loads(open(sys.argv[1]).read())\n"
        "os.replace = lambda *a: os._exit(9)  # killed between writing and renaming\n"
        "records.save(record, sys.argv[1])\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.run([sys.executable, "-c", script, str(target)], env=env, capture_output=True)
    assert child.returncode == 9, child.stderr
    leftovers = [n for n in os.listdir(tmp_path) if n != "game.json"]
    assert len(leftovers) == 1
    m = re.fullmatch(r"\.game\.json\.(\d+)\.[A-Za-z0-9_]+\.tmp", leftovers[0])
    assert m, leftovers
    assert target.read_bytes() == before  # the target itself was never half-written
    load(target)
    assert os.listdir(tmp_path) == ["game.json"]


def test_temporary_name_carries_the_writer_pid(tmp_path, small_record, monkeypatch):
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append(Path(src).name)
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    save(small_record, tmp_path / "g.json")
    assert len(seen) == 1 and re.fullmatch(rf"\.g\.json\.{os.getpid()}\.[A-Za-z0-9_]+\.tmp", seen[0]), seen


# --------------------------------------------------------------------------- named record cases


def good_record():
    return json.loads(RECORDS["sixnimmt"].read_bytes())


def edit(fn):
    def make():
        r = good_record()
        fn(r)
        return r
    return make


RECORD_CASES = {
    "seed NaN": (edit(lambda r: r.__setitem__("seed", float("nan"))), "seed", "found NaN"),
    "seed Infinity": (edit(lambda r: r.__setitem__("seed", float("inf"))), "seed", "found Infinity"),
    "seed 1e400": (edit(lambda r: r.__setitem__("seed", 1e400)), "seed", "Infinity"),
    "seed true": (edit(lambda r: r.__setitem__("seed", True)), "seed", "found true"),
    "seed 7.0": (edit(lambda r: r.__setitem__("seed", 7.0)), "seed", "found 7.0"),
    "seed -1": (edit(lambda r: r.__setitem__("seed", -1)), "seed", "found -1"),
    "seed 10**5000": (edit(lambda r: r.__setitem__("seed", 10**5000)), "seed", "5001 digits"),
    "overlong agent name": (edit(lambda r: r["agents"].__setitem__(1, "x" * 201)), "agents[1]", "is not an agent name"),
    "blank agent name": (edit(lambda r: r["agents"].__setitem__(1, "   ")), "agents[1]", "is not an agent name"),
    "control character in an agent name": (edit(lambda r: r["agents"].__setitem__(0, "bot\x00")), "agents[0]",
                                           "is not an agent name"),
    "empty agent name": (edit(lambda r: r["agents"].__setitem__(0, "")), "agents[0]", "is not an agent name"),
    "agent spec syntax": (edit(lambda r: r["agents"].__setitem__(0, "mc:rollouts")), "agents[0]", "name:key=value"),
    "agent as a number": (edit(lambda r: r["agents"].__setitem__(2, 3)), "agents[2]", "found 3"),
    "agents for 3 seats": (edit(lambda r: r["agents"].pop()), "agents", "list of 4"),
    "game as a list": (edit(lambda r: r.__setitem__("game", ["sixnimmt"])), "game", "unknown game"),
    "options nested": (edit(lambda r: r["options"].__setitem__("players", {"n": 4})), "options.players",
                       "an object"),
    "option huge int": (edit(lambda r: r["options"].__setitem__("threshold", 10**30)), "options.threshold",
                        "too large"),
    "option NaN": (edit(lambda r: r["options"].__setitem__("threshold", float("nan"))), "options.threshold",
                   "not a finite"),
    "variant as object": (edit(lambda r: r["options"].__setitem__("variant", {"tactics": 1})), "options.variant",
                          "an object"),
    "decision type list": (edit(lambda r: r["rounds"][0]["decisions"][0].__setitem__("type", ["play"])),
                           "rounds[0].decisions[0].type", "unknown decision type"),
    "decision extra field": (edit(lambda r: r["rounds"][0]["decisions"][0].__setitem__("bonus", 1)),
                             "rounds[0].decisions[0].bonus", "unexpected field"),
    "decision missing field": (edit(lambda r: r["rounds"][0]["decisions"][0].pop("card")),
                               "rounds[0].decisions[0].card", "missing"),
    "decision card true": (edit(lambda r: r["rounds"][0]["decisions"][0].__setitem__("card", True)),
                           "rounds[0].decisions[0].card", "found true"),
    "decision card 10**5000": (edit(lambda r: r["rounds"][0]["decisions"][0].__setitem__("card", 10**5000)),
                               "rounds[0].decisions[0].card", "digits"),
    "deal card 1.5": (edit(lambda r: r["rounds"][0]["deal"].__setitem__(3, 1.5)), "rounds[0].deal[3]", "found 1.5"),
    "deal deep nesting": (edit(lambda r: r["rounds"][0]["deal"].__setitem__(3, DEEP)), "rounds[0].deal[3]",
                          "a list of 1 item"),
    "totals as text": (edit(lambda r: r.__setitem__("totals", "12,3")), "totals", "list of 4 integers"),
    "scores with -0.0": (edit(lambda r: r["rounds"][0]["scores"].__setitem__(0, -0.0)), "rounds[0].scores[0]",
                         "found -0.0"),
    "over as text": (edit(lambda r: r.__setitem__("over", "yes")), "over", "true or false"),
    "winners out of range": (edit(lambda r: r.__setitem__("winners", [7])), "winners[0]", "a seat 0..3, found 7"),
    "winners empty": (edit(lambda r: r.__setitem__("winners", [])), "winners", "1..4 seats"),
    "total NaN": (edit(lambda r: r["totals"].__setitem__(2, float("nan"))), "totals[2]", "found NaN"),
    "unknown top-level field": (edit(lambda r: r.__setitem__("cheat", 1)), "cheat", "unknown field"),
    "unknown round field": (edit(lambda r: r["rounds"][0].__setitem__("bonus", 1)), "rounds[0].bonus",
                            "unknown field"),
    "record is a list": (lambda: [good_record()], "(top level)", "JSON object"),
    "missing totals": (edit(lambda r: r.pop("totals")), "totals", "missing"),
}


@pytest.mark.parametrize("case", RECORD_CASES)
def test_damaged_record_case_is_a_clear_error(tmp_path, case):
    make, field, words = RECORD_CASES[case]
    with pytest.raises(RecordError) as e:
        validate(make(), source="game.json")
    assert e.value.source == "game.json" and e.value.field == field, str(e.value)
    assert words in str(e.value) and not getattr(e.value, "safety_net", False), str(e.value)


BYTE_CASES = {
    "truncated": (lambda b: b[: len(b) // 3], "(json)", "not valid JSON"),
    "non-UTF-8 byte": (lambda b: b[:100] + b"\xc3\x28" + b[100:], "(encoding)", "byte offset 100"),
    "byte-order mark": (lambda b: b"\xef\xbb\xbf" + b, "(encoding)", "byte-order mark"),
    "10**5000 as seed": (lambda b: b.replace(b'"seed": 7', b'"seed": 1' + b"0" * 5000), "seed", "5001 digits"),
    "NaN as seed": (lambda b: b.replace(b'"seed": 7', b'"seed": NaN'), "seed", "NaN"),
    "1e400 as total": (lambda b: re.sub(rb'"totals": \[\s*\d+', b'"totals": [1e400', b), "totals[0]", "Infinity"),
    "-0 as a card": (lambda b: re.sub(rb'"deal": \[\s*\d+', b'"deal": [-0', b, count=1), "rounds[0].deal",
                     "unknown card 0"),
    "100k-deep nesting": (lambda b: b.replace(b'"seed": 7', b'"seed": ' + b"[" * 100_000 + b"]" * 100_000),
                          "(json)", "nested too deeply"),
    "duplicated key": (lambda b: b.replace(b'"seed": 7', b'"seed": 7, "seed": 8'), "(json)", "appears twice"),
    "empty file": (lambda b: b"", "(file)", "empty"),
}


@pytest.mark.parametrize("case", BYTE_CASES)
def test_damaged_record_file_is_a_clear_error(tmp_path, case):
    damage, field, words = BYTE_CASES[case]
    path = tmp_path / "game.json"
    path.write_bytes(damage(RECORDS["sixnimmt"].read_bytes()))
    with pytest.raises(RecordError) as e:
        load(path)
    assert e.value.source == str(path) and e.value.field == field, str(e.value)
    assert words in str(e.value), str(e.value)


def test_a_folder_as_record(tmp_path):
    with pytest.raises(RecordError) as e:
        load(tmp_path)
    assert e.value.field == "(file)" and "folder" in str(e.value)


@pytest.mark.parametrize("spec", ["random", "greedy", "mc:rollouts=5", "mc:rollouts=5,rollout=greedy", "random_row",
                                  "human"])
def test_known_agent_specs_are_accepted(spec):
    r = good_record()
    r["agents"][0] = spec
    assert validate(r).is_over()


def test_safety_net_names_the_field_being_checked(monkeypatch):
    """An unexpected failure deep inside still becomes a RecordError naming where replay was."""
    from mowkit.games.sixnimmt import SixNimmtState

    calls = {"n": 0}
    real = SixNimmtState.apply

    def flaky(self, action):
        calls["n"] += 1
        if calls["n"] == 5:
            raise TypeError("something nobody expected")
        return real(self, action)

    monkeypatch.setattr(SixNimmtState, "apply", flaky)
    with pytest.raises(RecordError) as e:
        validate(good_record(), source="game.json")
    assert e.value.safety_net is True
    assert e.value.field == "rounds[0].decisions[4]"
    assert "TypeError: something nobody expected" in str(e.value) and "game.json" in str(e.value)


def test_a_bad_card_table_is_named_not_blamed_on_the_record(tmp_path, monkeypatch):
    path = write_tables(tmp_path, "sixnimmt_cards.csv", SIXNIMMT_TABLES["170 heads (card 2 with 0)"][0])
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    expect_refused(lambda: load(RECORDS["sixnimmt"]), path, "line 3, heads", "gives 1")
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "maybe")
    from mowkit.core import OptionError

    with pytest.raises(OptionError) as e:
        load(RECORDS["mow"])
    assert e.value.option == "MOWKIT_CUSTOM_CARDS"


# --------------------------------------------------------------------------- odd files (issue 21 §4)


def test_a_device_is_refused_without_reading_it():
    """``/dev/zero`` never ends: it is refused as a device before a byte is read."""
    with pytest.raises(RecordError) as e:
        load("/dev/zero")
    assert e.value.field == "(file)" and "device" in str(e.value) and "regular" in str(e.value)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    """A named pipe with no writer would block ``open`` for ever; run in a child with a time limit."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    code = ("import sys\nfrom mowkit.records import load\nfrom mowkit.core import RecordError\n"
            "try:\n    load(sys.argv[1])\nexcept RecordError as e:\n    print(e.field, '|', e)\n")
    done = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("(file) |") and "named pipe" in done.stdout, done.stdout


def test_the_cap_counts_the_bytes_read_not_what_stat_says(tmp_path, monkeypatch):
    """The size cap holds for a file whose ``stat`` size lies (a device, a growing file): at most
    cap + 1 bytes are read."""
    from mowkit.records import files

    path = tmp_path / "big.json"
    path.write_bytes(b" " * 5000)
    reads = []
    real = os.read

    def counting(fd, n):
        chunk = real(fd, n)
        reads.append(len(chunk))
        return chunk

    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr(os, "read", counting)
    with pytest.raises(RecordError) as e:
        load(path)
    assert e.value.field == "(file)" and "more than 1000 bytes" in str(e.value)
    assert sum(reads) == 1001


def test_read_regular_is_the_helper_for_every_reader(tmp_path):
    from mowkit.records.files import FileTooLarge, NotRegularFile, read_regular

    path = tmp_path / "chunk"
    path.write_bytes(b"abc")
    assert read_regular(path, 3) == b"abc"
    with pytest.raises(FileTooLarge):
        read_regular(path, 2)
    with pytest.raises(NotRegularFile):
        read_regular(tmp_path, 10)


def test_a_small_mow_record_with_a_huge_round_number_is_refused_before_allocating(tmp_path):
    """795 bytes used to allocate 800 MB (a list per earlier round): the round is bounded."""
    from mowkit import load_game
    from mowkit.records import to_record

    game = load_game("mow", players=2, star=False)
    dealt = game.new_state(1)
    record = to_record(game.position(hands=dealt.hands, stock=dealt.stock, seed=1))
    record["position"]["round_index"] = 10**8
    path = tmp_path / "mow.json"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError) as e:
        load(path)
    assert e.value.field == "position.round_index" and "0..9999" in str(e.value), str(e.value)


@pytest.mark.parametrize("where", ["deal", "decisions", "rounds", "totals"])
def test_every_list_and_integer_of_a_record_is_bounded(tmp_path, where):
    record = good_record()
    if where == "deal":
        record["rounds"][0]["deal"] = [1] * 200_000
    elif where == "decisions":
        record["rounds"][0]["decisions"] = record["rounds"][0]["decisions"] * 2000
    elif where == "rounds":
        record["rounds"] = record["rounds"] * 3000
    else:
        record["totals"][0] = 2**40
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError) as e:
        load(path)
    field = {"deal": "rounds[0].deal", "decisions": "rounds[0].decisions", "rounds": "rounds",
             "totals": "totals[0]"}[where]
    words = {"deal": "at most 10000 cards", "decisions": "at most 10000 decisions", "rounds": "1..10000 rounds",
             "totals": "from -2147483647 to 2147483647"}[where]
    assert e.value.field == field and words in str(e.value), str(e.value)


def test_the_seed_bound_of_a_record_is_the_seed_rule():
    from mowkit.core import MAX_SEED
    from mowkit.records import MAX_SEED as RECORD_MAX_SEED

    assert RECORD_MAX_SEED == MAX_SEED == 2**63
    record = good_record()
    record["seed"] = 2**63
    with pytest.raises(RecordError) as e:
        validate(record)
    assert e.value.field == "seed" and "2**63-1" in str(e.value)
