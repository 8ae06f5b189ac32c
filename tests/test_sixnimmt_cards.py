"""The 6 nimmt! card table in data/ against the rule that defines heads (RULES.md §1)."""

from __future__ import annotations

import pytest

from mowkit import RecordError
from mowkit.data import cards_dir, read_csv_rows, sixnimmt_heads


def heads_by_rule(n: int) -> int:
    """RULES.md §1, read independently: 55 → 7; other multiples of 11 → 5; of 10 → 3; of 5 → 2."""
    if n == 55:
        return 7
    if n % 11 == 0:
        return 5
    if n % 10 == 0:
        return 3
    if n % 5 == 0:
        return 2
    return 1


def test_file_matches_the_rule():
    rows = read_csv_rows(cards_dir() / "sixnimmt_cards.csv", {"number": int, "heads": int})
    assert [r["number"] for r in rows] == list(range(1, 105))
    for r in rows:
        assert r["heads"] == heads_by_rule(r["number"]), r


def test_totals_computed_from_the_file():
    table = sixnimmt_heads()
    assert sum(table[1:]) == 171
    counts = {h: sum(1 for c in range(1, 105) if table[c] == h) for h in (1, 2, 3, 5, 7)}
    assert counts == {7: 1, 5: 8, 3: 10, 2: 9, 1: 76}
    tactics = {p: sum(table[1 : 10 * p + 5]) for p in range(2, 11)}
    assert tactics == {2: 38, 3: 55, 4: 72, 5: 85, 6: 103, 7: 120, 8: 137, 9: 154, 10: 171}


@pytest.mark.parametrize(
    "text,field",
    [
        ("number,heads\n1,1\n2,x\n", "line 3, heads"),
        ("number,points\n1,1\n", "heads"),
        ("number,heads\n1,1\n3,1\n", "number"),
        ("number,heads\n1,\n", "line 2, heads"),
    ],
)
def test_damaged_card_file_names_file_and_field(tmp_path, monkeypatch, text, field):
    (tmp_path / "sixnimmt_cards.csv").write_text(text)
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    with pytest.raises(RecordError) as e:
        sixnimmt_heads()
    assert e.value.field == field
    assert "sixnimmt_cards.csv" in str(e.value)


def test_a_different_printing_is_loaded_from_mowkit_data_when_declared_custom(tmp_path, monkeypatch):
    lines = ["number,heads"] + [f"{n},{2 if n == 1 else heads_by_rule(n)}" for n in range(1, 105)]
    (tmp_path / "sixnimmt_cards.csv").write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("MOWKIT_DATA", str(tmp_path))
    monkeypatch.delenv("MOWKIT_CUSTOM_CARDS", raising=False)
    with pytest.raises(RecordError) as e:  # breaks the heads rule: refused unless declared custom
        sixnimmt_heads()
    assert e.value.field == "line 2, heads" and "MOWKIT_CUSTOM_CARDS=1" in str(e.value)
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "1")
    assert sum(sixnimmt_heads()[1:]) == 172
