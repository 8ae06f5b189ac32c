"""Tables of the card math for people: headers in words, chances in %, exact fractions beside them.

The odds functions (:mod:`mowkit.odds`) return tables for code: column names such as ``p_take``
or ``expected_heads``, :class:`~fractions.Fraction` values, 0-based rows. :func:`for_people` makes
a copy to *show* (every value is text in the current language, rows count from 1), so notebooks
and the card-math explorers print readable tables while code keeps using the original ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import pandas as pd

from mowkit.i18n import N_, _, number

#: column name of the odds tables -> the header a person reads (English message ids)
HEADERS: dict[str, str] = {
    "rank": N_("safest first"),
    "card": N_("card"),
    "goes_to": N_("goes to"),
    "before": N_("unseen cards that can come first"),
    "p_sixth": N_("chance it is the sixth card"),
    "p_lowest": N_("chance it is lower than every row"),
    "p_take": N_("chance of taking cards"),
    "expected_heads": N_("heads to expect"),
    "heads": N_("heads"),
    "flies": N_("flies"),
    "count": N_("number of cards"),
    "total": N_("heads in all"),
    "players": N_("players"),
    "cards": N_("cards"),
    "ways": N_("number of hands"),
    "hands": N_("number of hands"),
    "exact": N_("exact chance"),
    "probability": N_("chance"),
    "frequency": N_("share in the simulation"),
    "cumulative": N_("chance of this many or fewer"),
    "row": N_("row"),
    "n_landing": N_("unseen cards that go on it"),
    "p_hit": N_("chance an opponent's card goes on it"),
    "expected_added": N_("heads the opponents add, on average"),
    "p_take_exact": N_("chance of taking cards, exact"),
    "p_take_simple": N_("chance of taking cards, simple formula"),
    "p_take_sim": N_("chance of taking cards, simulated"),
    "se": N_("usual size of the chance error"),
    "z": N_("difference in standard errors"),
    "simple_error": N_("simple formula minus exact"),
    "expected_heads_exact": N_("heads to expect, exact"),
    "expected_heads_sim": N_("heads to expect, simulated"),
    "heads_se": N_("usual size of the heads error"),
    "group": N_("group"),
    "numbers": N_("numbers"),
    "share": N_("share of the flies"),
    "specials": N_("special cows"),
    "k": N_("cards in hand"),
    "kind": N_("kind of cow"),
    "unseen": N_("unseen cards"),
    "fitting": N_("cards that fit"),
    "quantity": N_("what is measured"),
    "simulated": N_("simulated"),
    "label": N_("card"),
    "herd": N_("herd"),
    "line": N_("the herd"),
    "packets": N_("packets"),
    "p_fit": N_("chance a random unseen card fits"),
    "p_must_take": N_("chance of having to take (5 cards)"),
}

#: columns that hold a chance (shown in %, a Fraction also as its exact fraction)
CHANCES = frozenset({
    "p_sixth", "p_lowest", "p_take", "exact", "probability", "frequency", "cumulative", "p_hit",
    "p_take_exact", "p_take_simple", "p_take_sim", "se", "simple_error", "p_fit", "p_must_take",
})


def fraction_text(f: Fraction) -> str:
    """A Fraction as ``"1144/2133"`` (a whole number as an integer: ``"3"``, never ``"3/1"``)."""
    f = Fraction(f)
    if f.denominator == 1:
        return number(f.numerator)
    return f"{f.numerator}/{f.denominator}"


def percent_text(p: float) -> str:
    """A chance in %, with enough decimals to show it (``53.6 %``, ``0.018 %``, ``10 %``, never ``10.0 %``)."""
    p = float(p)
    if p != p:
        return number(float("nan"))
    x = 100 * p
    if x == 0 or x == 100:
        return number(int(x)) + " %"
    digits = 1
    while abs(x) < 10 ** (1 - digits) and digits < 6:  # at least two significant digits
        digits += 1
    while round(abs(x), digits) >= 100 > abs(x) and digits < 6:  # 99.996 is not "100.0"
        digits += 1
    text = number(round(x, digits), digits)
    if "." in text or "," in text[-digits - 1:]:  # 10.0 % -> 10 %, 0.00040 % -> 0.0004 %
        text = text.rstrip("0").rstrip(".,")
    return text + " %"


def chance_text(p: Any) -> str:
    """A chance as a person reads it: ``53.6 % (1144/2133)`` for a Fraction, ``53.6 %`` for a float."""
    if isinstance(p, Fraction):
        if p.denominator == 1:
            return percent_text(p)
        return f"{percent_text(p)} ({fraction_text(p)})"
    return percent_text(p)


def value_text(v: Any, digits: int = 2) -> str:
    """A number (an integer without decimals, a Fraction as ``2.47 (14053/5688)``) or a text."""
    if v is None or v is pd.NA:
        return "\u2013"
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if isinstance(v, Fraction):
        if v.denominator == 1:
            return number(v.numerator)
        return f"{number(float(v), digits)} ({fraction_text(v)})"
    if isinstance(v, int) or (hasattr(v, "dtype") and getattr(v.dtype, "kind", "") in "iu"):
        return number(int(v))
    if isinstance(v, float) or (hasattr(v, "dtype") and getattr(v.dtype, "kind", "") == "f"):
        if math.isnan(float(v)):
            return number(float("nan"))
        if float(v).is_integer():
            return number(int(v))
        return number(float(v), digits)
    if isinstance(v, (tuple, list)):
        return ", ".join(value_text(x, digits) for x in v)
    return str(v)


def row_text(row: Any) -> str:
    """A 0-based row index as ``row 1`` ... (``<NA>``: the cards lower than every row)."""
    if row is None or row is pd.NA or (isinstance(row, float) and math.isnan(row)):
        return _("lower than every row")
    return _("row {n}").format(n=int(row) + 1)


def for_people(
    table: pd.DataFrame,
    columns: Iterable[str] | None = None,
    *,
    headers: Mapping[str, str] | None = None,
    formats: Mapping[str, Callable[[Any], str]] | None = None,
    digits: int = 2,
) -> pd.DataFrame:
    """A copy of an odds table to show: readable headers, chances in %, rows from 1, text values.

    Args:
        table: a table of :mod:`mowkit.odds` (or any table with its column names).
        columns: the columns to show, in order (default: all).
        headers: extra or changed headers (column -> English text, translated here).
        formats: column -> function making the text of one value (overrides the defaults).
        digits: decimals of the numbers that are not chances.
    """
    names = {**HEADERS, **(headers or {})}
    formats = dict(formats or {})
    cols = list(columns) if columns is not None else list(table.columns)
    out: dict[str, list[str]] = {}
    for column in cols:
        values = table[column]
        fmt = formats.get(column)
        if fmt is None:
            if column in CHANCES:
                fmt = chance_text
            elif column == "row":
                fmt = row_text
            else:
                def fmt(v: Any) -> str:
                    return value_text(v, digits)
        out[_(names.get(column, column))] = [fmt(v) for v in values]
    return pd.DataFrame(out, index=range(1, len(table) + 1))


def html_table(table: pd.DataFrame) -> str:
    """An HTML table of a :func:`for_people` table (no index column)."""
    return table.to_html(index=False, escape=True, border=0, classes="mowkit-table")
