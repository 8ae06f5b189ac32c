"""The Mow card table: counts and flies computed from mowkit/cards/mow_cards.csv, and the loader's errors."""

from __future__ import annotations

import csv
import shutil
from collections import Counter

import pytest

from mowkit.core import RecordError
from mowkit.data import cards_dir, data_dir
from mowkit.mow_data import mow_cards

COPIES = {1: 1, 2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4, 10: 3, 11: 3, 12: 3, 13: 3, 14: 2, 15: 1}


def packet(name):
    return [c for c in mow_cards() if c.packet == name]


@pytest.mark.parametrize("name", ["green", "yellow"])
def test_packet_has_48_cards_and_74_flies(name):
    cards = packet(name)
    assert len(cards) == 48
    assert sum(c.flies for c in cards) == 74


def test_both_packets_96_cards_148_flies_green_first():
    cards = mow_cards()
    assert len(cards) == 96
    assert sum(c.flies for c in cards) == 148
    assert [c.id for c in cards] == list(range(96))
    assert {c.packet for c in cards[:48]} == {"green"} and {c.packet for c in cards[48:]} == {"yellow"}
    assert len({c.code for c in cards}) == 96


@pytest.mark.parametrize("name", ["green", "yellow"])
def test_plain_cows_copies_and_flies(name):
    plain = [c for c in packet(name) if c.kind == "plain"]
    assert len(plain) == 42
    assert Counter(c.number for c in plain) == COPIES
    assert len({(c.number, c.flies) for c in plain}) == 42  # each (number, flies) once
    by_flies = Counter(c.flies for c in plain)
    assert by_flies == {0: 15, 1: 13, 2: 11, 3: 3}
    assert sorted(c.number for c in plain if c.flies == 3) == [7, 8, 9]
    assert sorted(c.number for c in plain if c.flies == 0) == list(range(1, 16))
    assert sorted(c.number for c in plain if c.flies == 1) == list(range(2, 15))
    assert sorted(c.number for c in plain if c.flies == 2) == list(range(3, 14))


def test_six_specials_per_packet_with_5_flies():
    green = sorted((c.kind, c.number) for c in packet("green") if c.kind != "plain")
    yellow = sorted((c.kind, c.number if c.number is not None else -1)
                    for c in packet("yellow") if c.kind != "plain")
    assert green == sorted([("blocking", 0), ("blocking", 16), ("acrobat", 7), ("acrobat", 9),
                            ("slowpoke", None), ("slowpoke", None)], key=lambda x: (x[0], x[1] or -1))
    assert yellow == sorted([("blocking", 0), ("blocking", 16), ("calf", -1), ("thin", 4),
                             ("dairy", 12), ("mad", -1)])
    assert all(c.flies == 5 for c in mow_cards() if c.kind != "plain")


def test_generator_script_reproduces_the_file(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "cards.csv"
    script = data_dir().parent / "scripts" / "make_mow_cards.py"
    subprocess.run([sys.executable, str(script), str(out)], check=True, capture_output=True)
    assert out.read_text() == (cards_dir() / "mow_cards.csv").read_text()


def damaged_copy(tmp_path, monkeypatch, row, column, value):
    """Copy the data folder, set one field of the card table, point MOWKIT_DATA at the copy."""
    src = cards_dir()
    dst = tmp_path / "data"
    shutil.copytree(src, dst)
    path = dst / "mow_cards.csv"
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    rows[row][column] = value
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["packet", "code", "kind", "number", "flies"], lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    monkeypatch.setenv("MOWKIT_DATA", str(dst))
    return path


@pytest.mark.parametrize(
    "row, column, value, needle",
    [
        (4, "flies", "x", "line 6, flies"),
        (10, "number", "", "line 12, number"),
        (3, "kind", "unicorn", "line 5, kind"),
        (7, "code", "G-1-0", "line 9, code"),
        (50, "packet", "green", "line 52, packet"),
        (46, "number", "7", "line 48, number"),  # a slowpoke with a number
        (2, "number", "17", "line 4, number"),
    ],
)
def test_damaged_file_names_file_and_field(tmp_path, monkeypatch, row, column, value, needle):
    path = damaged_copy(tmp_path, monkeypatch, row, column, value)
    with pytest.raises(RecordError) as err:
        mow_cards()
    assert err.value.source == str(path)
    assert err.value.field == needle
    assert str(path) in str(err.value)


def test_missing_column_is_named(tmp_path, monkeypatch):
    dst = tmp_path / "data"
    dst.mkdir()
    (dst / "mow_cards.csv").write_text("packet,code,kind,number\ngreen,G-1-0,plain,1\n")
    monkeypatch.setenv("MOWKIT_DATA", str(dst))
    with pytest.raises(RecordError) as err:
        mow_cards()
    assert err.value.field == "flies"


@pytest.mark.parametrize("name", ["green", "yellow"])
def test_rule_composition_the_loader_checks_matches_rules_md(name):
    from mowkit.mow_data import packet_composition

    want = packet_composition(name)
    assert sum(want.values()) == 48
    assert sum(f * n for (_, _, f), n in want.items()) == 74
    plain = Counter()
    for (kind, number, _), n in want.items():
        if kind == "plain":
            plain[number] += n
    assert plain == COPIES
    assert Counter((c.kind, c.number, c.flies) for c in packet(name)) == want
