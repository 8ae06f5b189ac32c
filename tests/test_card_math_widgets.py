"""The card-math explorers of notebooks 02 and 04 as a person sees them: labels, deck choice,
readable tables (rows from 1, cards by name, chances in %), and a redraw when the language changes."""

from __future__ import annotations

import gettext
import math
import re
from fractions import Fraction

import pytest

import mowkit.i18n as i18n
from mowkit.games.mow import card_math as mow_math
from mowkit.games.mow import odds as mow_odds
from mowkit.games.sixnimmt import card_math, odds
from mowkit.widgets.tables import chance_text, fraction_text, percent_text, value_text

POSITION = dict(hand="2 22 42 73 74 89 93", rows="43 54 102 | 9 10 31 44 | 29 40 46 49 55 | 5 6 20 24")


class Marked(gettext.NullTranslations):
    """A stand-in catalog that marks every message, so a test sees which texts went through _()."""

    def gettext(self, message):
        return "[ru] " + message

    def ngettext(self, singular, plural, n):
        return "[ru] " + (singular if n == 1 else plural)

    def pgettext(self, context, message):
        return "[ru] " + message


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _fields(w):
    """An explorer's fields: its children but the output and the language switch (whose
    options are the languages' own names, English and Русский, in every language)."""
    return [c for c in w.children[:-1] if "mowkit-language" not in c._dom_classes]


def _labels(w):
    """Every description, tooltip, placeholder and option text of an explorer's fields."""
    out = []
    for child in _fields(w):
        for name in ("description", "tooltip", "placeholder"):
            text = getattr(child, name, None)
            if text and text != "\u200b":  # the default placeholder of a Text is a zero-width space
                out.append(text)
        for option in getattr(child, "options", ()):
            out.append(option[0] if isinstance(option, tuple) else option)
    return out


# --------------------------------------------------------------------------- the deck choice


def test_hand_heads_explorer_starts_on_the_full_deck_with_a_visible_choice(english):
    w = card_math.hand_heads_explorer(k=10)
    assert w.players.value is not None and w.players.label  # a None value shows an empty dropdown
    assert "104" in w.players.label
    assert all(value is not None for _label, value in w.players.options)
    assert w.table["ways"].sum() == math.comb(104, 10)
    w.players.value = 3
    assert "3 players" in w.players.label and w.table["ways"].sum() == math.comb(34, 10)
    w.players.value = card_math.FULL_DECK
    assert w.table["ways"].sum() == math.comb(104, 10)
    assert card_math.hand_heads_explorer(k=4, players=5).table["ways"].sum() == math.comb(54, 4)


def test_every_field_has_a_label_that_is_not_cut(english):
    for w in (card_math.safest_card_explorer(**POSITION), card_math.hand_heads_explorer(),
              mow_math.hand_flies_explorer(trials=500), mow_math.herd_odds_explorer()):
        assert "mowkit-language" in w.children[0]._dom_classes  # the English/Русский switch comes first
        for child in _fields(w):
            assert child.description, child
            assert child.style.description_width == "initial"  # long labels are not cut off
            if hasattr(child, "options"):
                assert child.label, child  # no dropdown starts empty


# --------------------------------------------------------------------------- readable tables


def test_safest_card_shows_rows_from_one_and_cards_by_name(english):
    w = card_math.safest_card_explorer(**POSITION, opponents=3)
    text = w.output.value
    ends = [102, 44, 55, 24]
    row_of_93 = max((e, i) for i, e in enumerate(ends) if e < 93)[1] + 1  # Rule 2, counted from 1
    assert row_of_93 == 3
    line_93 = re.search(r"<tr>\s*<td>\d+</td>\s*<td>93 \(1 head\)</td>\s*<td>([^<]*)</td>", text)
    assert line_93 and line_93.group(1) == f"row {row_of_93}"
    assert "22 (5 heads)" in text  # 22 is a double number: 5 heads
    assert "row 0" not in text and "goes_to" not in text and "p_take" not in text
    assert "(Rule 4" in text  # 2 and 22 are lower than every row
    assert not re.search(r"\d\.0\b(?! *%)", text)  # no whole number written as 1.0
    # the code table is unchanged: 0-based rows, Fractions
    assert list(w.table["row"].astype("Int64").fillna(-1)) == [
        -1 if r is None else r for r in (odds.safest_card(**_position())["row"].astype("Int64").fillna(-1))]


def _position():
    hand = [int(x) for x in POSITION["hand"].split()]
    rows = [[int(x) for x in part.split()] for part in POSITION["rows"].split("|")]
    return {"hand": hand, "rows": rows}


def test_chances_are_shown_in_percent_beside_the_exact_fraction(english):
    assert chance_text(Fraction(1144, 2133)) == f"{100 * 1144 / 2133:.1f} % (1144/2133)"
    assert percent_text(0.1) == "10 %" and percent_text(0) == "0 %" and percent_text(1) == "100 %"
    assert percent_text(1 / 285384) == f"{100 / 285384:.5f} %"  # small chances keep two figures
    assert fraction_text(Fraction(6, 3)) == "2" and value_text(3.0) == "3" and value_text((43, 54)) == "43, 54"
    with i18n.language("ru"):
        assert chance_text(Fraction(1, 4)) == "25 % (1/4)" and percent_text(0.125) == "12,5 %"


def test_mow_explorers_name_the_cows_and_use_no_codes(english):
    w = mow_math.herd_odds_explorer(example="open", hand="G-8-0 G-ACRO-9 G-3-0 G-12-1 G-SLOW-1")
    text = w.output.value
    assert "The herd now: 5; 7 (1 fly); 9; 10 (2 flies)." in text
    assert "acrobat 9" in text and "slowpoke" in text
    assert not re.search(r"\b[GY]-[A-Z0-9]+-?\d*\b", text), "no card code in what is shown"
    assert f"{w.result['fitting']} of the {w.result['unseen']} cards" in text
    h = mow_math.hand_flies_explorer(players=4, trials=1000, seed=1)
    assert "the green packet" in h.output.value and "P(no flies)" not in h.output.value
    assert chance_text(Fraction(91, 51888)) in h.output.value
    h.players.value = 7
    assert h.deck == "both" and "both packets" in h.output.value


# --------------------------------------------------------------------------- the language


def test_labels_are_drawn_again_in_russian(english):
    """With the shipped catalog: words the translator has already done change at once."""
    safest = card_math.safest_card_explorer(**POSITION)
    heads = card_math.hand_heads_explorer(k=10)
    herd = mow_math.herd_odds_explorer(example="blocked")
    flies = mow_math.hand_flies_explorer(trials=500)
    assert "row 3" in safest.output.value and herd.herd.description == "herd"
    i18n.set_language("ru")
    with i18n.language("ru"):
        row, herd_word, cards = i18n._("row {n}").format(n=3), i18n._("herd"), i18n.counted("card", 10)
    assert row != "row 3" and herd_word != "herd"  # the catalog has these words
    assert row in safest.output.value and "row 3" not in safest.output.value
    assert herd.herd.description == herd_word
    assert cards in heads.output.value and "10 cards" not in heads.output.value
    assert i18n.counted("card", 5) in flies.output.value
    i18n.set_language("en")
    assert "row 3" in safest.output.value and herd.herd.description == "herd"


def test_every_label_goes_through_the_catalog(english, monkeypatch):
    """A stand-in Russian catalog marks each text: every label, tooltip and choice is redrawn."""
    explorers = [card_math.safest_card_explorer(**POSITION), card_math.hand_heads_explorer(players=4),
                 mow_math.hand_flies_explorer(trials=500), mow_math.herd_odds_explorer()]
    before = [_labels(w) for w in explorers]
    values = [[c.value for c in _fields(w)] for w in explorers]
    monkeypatch.setitem(i18n._catalogs, "ru", Marked())
    i18n.set_language("ru")
    for w, old, kept in zip(explorers, before, values):
        now = _labels(w)
        assert len(now) == len(old)
        unmarked = [t for t in now if not t.startswith("[ru] ")]
        assert not unmarked, unmarked
        assert [c.value for c in _fields(w)] == kept  # the choices stay
        assert "[ru] " in w.output.value
        assert w.table is not None
    i18n.set_language("en")
    assert [_labels(w) for w in explorers] == before


# --------------------------------------------------------------------------- simulation checks


def _wilson(k, n, z=1.959963984540054):
    """The Wilson score interval, written out again for the test."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_simulation_check_says_whether_the_exact_chance_is_inside_the_interval(english):
    import pandas as pd

    from mowkit.widgets.tables import simulation_check

    n = 10_000
    table = pd.DataFrame({"heads": [1, 2, 3], "exact": [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)],
                          "frequency": [0.5, 0.2, 0.3]})
    shown = simulation_check(table, "heads", n)
    inside = [_wilson(f * n, n)[0] <= float(p) <= _wilson(f * n, n)[1]
              for p, f in zip(table["exact"], table["frequency"])]
    assert inside == [True, False, False]  # 0.25 is 12 standard errors from 0.2 and 0.3
    assert list(shown["exact chance inside?"]) == ["yes", "no", "no"]
    assert shown.attrs == {"inside": 1, "lines": 3}
    lo, hi = _wilson(0.5 * n, n)
    assert shown["95 % confidence interval of the simulation"].iloc[0] == \
        f"{percent_text(lo).removesuffix(' %')} \u2013 {percent_text(hi)}"
    assert list(shown["heads"]) == ["1", "2", "3"] and list(shown.index) == [1, 2, 3]


def test_card_check_and_summary_check_tables_read_as_words(english):
    pos = odds.check_position(hand=[35, 48, 61, 90],
                              rows=[[30, 31, 32, 33], [40, 44, 46], [52, 55, 57, 58], [70, 77, 80, 88]], opponents=3)
    check = odds.compare_card_risk(pos, trials=4000, seed=8)
    shown = card_math.card_check_table(check)
    assert list(shown.iloc[:, 0]) == ["35 (2 heads)", "48 (1 head)", "61 (1 head)", "90 (3 heads)"]
    expected_inside = sum(abs(d) <= 1.959963984540054 * s for d, s in zip(check["difference"], check["se"]))
    expected_inside += sum(abs(d) <= 1.959963984540054 * s for d, s in zip(check["heads_difference"],
                                                                           check["heads_se"]))
    assert shown.attrs["inside"] == expected_inside and shown.attrs["lines"] == 8
    text = shown.to_string()
    assert "p_take" not in text and "se" not in shown.columns and "z" not in shown.columns
    summary = mow_math.check_table(mow_odds.compare_hand_summary(5, "green", trials=4000, seed=2))
    assert list(summary["what is measured"]) == ["flies on average", "variance of the flies (how spread out they are)",
                                                 "chance of no flies at all", "chance of at least one special cow"]
    assert summary["exact"].iloc[2] == chance_text(Fraction(91, 51888)) and "P(" not in summary.to_string()
    rows = card_math.rows_table(odds.row_table(pos))
    assert list(rows["row"]) == ["row 1", "row 2", "row 3", "row 4", "lower than every row"]
    assert rows["cards"].iloc[0] == "30, 31, 32, 33" and "(" not in rows["cards"].iloc[0]


def test_hand_heads_explorer_sentence_numbers_are_the_sampling_formulas(english):
    """The mean and the spread the explorer writes, recomputed from the deck: a hand of k drawn
    without replacement has mean k·m and variance k·s²·(N−k)/(N−1) (m, s² of the deck's heads)."""
    import re

    from mowkit.games.sixnimmt import heads
    from mowkit.i18n import number

    for k, players in ((10, None), (4, 5)):
        w = card_math.hand_heads_explorer(k=k, players=players)
        deck = card_math.full_deck() if players is None else card_math.tactics_deck(players)
        h = [heads(c) for c in deck]
        n = len(h)
        m = sum(h) / n
        s2 = sum((x - m) ** 2 for x in h) / n
        mean, sd = k * m, math.sqrt(k * s2 * (n - k) / (n - 1))
        text = re.sub("<[^>]+>", "", w.output.value.split("</p>")[0])
        assert f"on average {mean:.2f}" in text and f"within about {number(sd, 1)} heads" in text, (text, mean, sd)
