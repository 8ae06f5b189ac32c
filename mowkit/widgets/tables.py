"""Tables of the card math for people: headers in words, chances in %, exact fractions beside them.

The odds functions (:mod:`mowkit.games.<game>.odds`) return tables for code: column names such as ``p_take``
or ``expected_heads``, :class:`~fractions.Fraction` values, 0-based rows. :func:`for_people` makes
a copy to *show* (every value is text in the current language, rows count from 1), so notebooks
and the card-math explorers print readable tables while code keeps using the original ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, SupportsFloat, SupportsInt, cast

import pandas as pd

from mowkit.i18n import N_, _, number
from mowkit.results import Z95, wilson_interval

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
    "simple_error": N_("simple formula minus exact"),
    "expected_heads_exact": N_("heads to expect, exact"),
    "expected_heads_sim": N_("heads to expect, simulated"),
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
    "p_take_exact", "p_take_simple", "p_take_sim", "simple_error", "p_fit", "p_must_take", "share",
})


def fraction_text(f: Fraction) -> str:
    """A Fraction as ``"1144/2133"`` (a whole number as an integer: ``"3"``, never ``"3/1"``)."""
    f = Fraction(f)
    if f.denominator == 1:
        return number(f.numerator)
    return f"{f.numerator}/{f.denominator}"


def percent_text(p: SupportsFloat) -> str:
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


def chance_text(p: SupportsFloat) -> str:
    """A chance as a person reads it: ``53.6 % (1144/2133)`` for a Fraction, ``53.6 %`` for a float."""
    if isinstance(p, Fraction):
        if p.denominator == 1:
            return percent_text(p)
        return f"{percent_text(p)} ({fraction_text(p)})"
    return percent_text(p)


def value_text(v: object, digits: int = 2) -> str:
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
        return number(int(cast(SupportsInt, v)))
    if isinstance(v, float) or (hasattr(v, "dtype") and getattr(v.dtype, "kind", "") == "f"):
        f = cast(float, v)
        if math.isnan(float(f)):
            return number(float("nan"))
        if float(f).is_integer():
            return number(int(f))
        return number(float(f), digits)
    if isinstance(v, (tuple, list)):
        return ", ".join(value_text(x, digits) for x in v)
    return str(v)


def row_text(row: SupportsInt | None) -> str:
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
        table: a table of :mod:`mowkit.games.<game>.odds` (or any table with its column names).
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
                def fmt(v: object) -> str:
                    return value_text(v, digits)
        out[_(names.get(column, column))] = [fmt(v) for v in values]
    return pd.DataFrame(out, index=range(1, len(table) + 1))


def html_table(table: pd.DataFrame) -> str:
    """An HTML table of a :func:`for_people` table (no index column)."""
    return table.to_html(index=False, escape=True, border=0, classes="mowkit-table")


def interval_text(lo: float, hi: float, chance: bool = True, digits: int = 2) -> str:
    """A 95 % interval as ``"52.9 – 54.4 %"`` (a chance) or ``"1.60 – 1.62"`` (a number)."""
    if chance:
        return percent_text(lo).removesuffix(" %") + " \u2013 " + percent_text(hi)
    return number(float(lo), digits) + " \u2013 " + number(float(hi), digits)


def simulation_check(
    table: pd.DataFrame,
    value: str,
    trials: int,
    *,
    exact: str = "exact",
    simulated: str = "frequency",
) -> pd.DataFrame:
    """Exact chances beside a simulation's shares, with the 95 % confidence interval of each share.

    For each line (one value of ``value``, e.g. the heads in a hand): the exact chance, the share
    of the ``trials`` simulated hands, its 95 % (Wilson) confidence interval, and whether the exact
    chance lies inside it. About 1 line in 20 may lie outside by chance alone. The table's
    ``attrs`` hold ``inside`` and ``lines`` (how many lines agree, out of how many).
    """
    lines, inside = [], 0
    for v, p, f in zip(table[value], table[exact], table[simulated]):
        lo, hi = wilson_interval(float(f) * trials, trials)
        ok = lo - 1e-12 <= float(p) <= hi + 1e-12
        inside += ok
        lines.append({
            _(HEADERS.get(value, value)): value_text(v),
            _("exact chance"): chance_text(p),
            _("share in the simulation"): percent_text(f),
            _("95 % confidence interval of the simulation"): interval_text(lo, hi),
            _("exact chance inside?"): _("yes") if ok else _("no"),
        })
    out = pd.DataFrame(lines, index=range(1, len(lines) + 1))
    out.attrs.update(inside=int(inside), lines=len(lines))
    return out


def estimate_check(exact: Iterable[SupportsFloat], simulated: Iterable[float], se: Iterable[float],
                   chance: Iterable[bool]) -> tuple[list[str], list[str], list[str], list[bool]]:
    """For each estimate: (exact text, simulated text, 95 % interval text, exact inside?).

    The interval is the simulated value plus or minus 1.96 standard errors (``se``).
    """
    ex_t, sim_t, ci_t, ok_t = [], [], [], []
    for e, s, err, is_chance in zip(exact, simulated, se, chance):
        lo, hi = float(s) - Z95 * float(err), float(s) + Z95 * float(err)
        if is_chance:
            lo, hi = max(0.0, lo), min(1.0, hi)
        ok = lo - 1e-12 <= float(e) <= hi + 1e-12
        ex_t.append(chance_text(e) if is_chance else value_text(e))
        sim_t.append(percent_text(s) if is_chance else value_text(float(s)))
        ci_t.append(interval_text(lo, hi, is_chance))
        ok_t.append(ok)
    return ex_t, sim_t, ci_t, ok_t
