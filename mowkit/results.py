"""Summaries of tournament tables with 95 % intervals that follow the design of the tournament.

Input: the tidy table of :func:`mowkit.tournament.tournament` (one row per player per round).

* Mean penalty per round: the mean over an agent's (game, seat) pairs of their mean penalty per
  round (``mean_penalty``).
* Win rate: the share of games an agent won, a shared win counting as a win for every sharer
  (``win_rate``). ``win_share`` counts a win shared by k players as 1/k, so the shares of all
  seats of a game add up to 1.

:func:`summary` per agent, :func:`seat_summary` per seat, :func:`strength_table` per round-robin
pairing, :func:`paired_difference` for "agent A minus agent B".

**Where the intervals come from** (``method="deals"``, the default). With paired deals and seat
rotation one deal is played n times (once per rotation): those n games share the cards, so they
are not independent of each other, and an interval that counts them as n independent games can
be far too narrow (for n identical copies of one game, which identical agents used to play, by a
factor sqrt(n)). The deal (column ``deal``)
is the unit of independence, so every interval is a 95 % bootstrap over deals: the deals are
resampled with replacement (``n_boot`` times, 2,000 by default, seeded by ``seed`` so the same
table always gives the same interval), the statistic is recomputed over all games of the
resampled deals, and the interval is read off the percentiles of these recomputed values
(expanded a little for few deals, see :func:`expanded_tail`; 2.5 % and 97.5 % for many). It is
vectorised (per-deal sums first, resample weights in bounded chunks): a table of 100,000 games
in 25,000 deals takes about a second. :func:`paired_difference` gives the interval of "A minus
B" from the per-deal differences, which is what the pairing is for: the luck of the cards
cancels in it.
A table without a ``deal`` column, or one where every deal is played once, has games as the unit;
the method text says so. With no win at all (or only wins) a bootstrap interval is a single
point; the Wilson interval of ``method="games"`` is then the better guide.

``method="games"`` keeps the older intervals that treat every game as independent (Wilson for
win rates, normal for means); they are only right when every deal is played once.

Every table states its method in words in a column ``interval`` (e.g. "95 % bootstrap over 250
deals") and in ``table.attrs["interval"]``; ``deals`` counts the deals behind each row.
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np
import pandas as pd

from mowkit.agents import agent_name
from mowkit.core import OptionError, check_choice, check_int
from mowkit.i18n import N_, _, ngettext, number
from mowkit.store import per_game as folder_per_game
from mowkit.store import per_game_table

Z95 = 1.959963984540054
N_BOOT = 2000
"""Bootstrap resamples by default."""
SEED = 20261201
"""Default seed of the bootstrap (a fixed number: the same table gives the same interval)."""
METHODS = ("deals", "games")
BOOT_MAX_UNITS = 50_000
"""Above this many deals the intervals are normal intervals from the deal-clustered variance
(:func:`clustered_means`): as good as the bootstrap there, and fast for million-game tables."""
_CELLS = 1 << 21  # resample weights held at once (a chunk of resamples x deals), bounds the memory


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` of ``n``)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # at x = 0 or x = n one end is exactly p; rounding must not put p outside its interval
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def _mean_ci(values: np.ndarray) -> tuple[float, float, float]:
    m = float(np.mean(values))
    if len(values) < 2:
        return m, math.nan, math.nan
    se = float(np.std(values, ddof=1) / math.sqrt(len(values)))
    return m, m - Z95 * se, m + Z95 * se


def _source_has_deal(df: object) -> bool:
    """Whether the table (or folder) behind ``df`` records deals."""
    if isinstance(df, pd.DataFrame):
        return "deal" in df.columns
    return True  # a tournament folder always has them


def per_game(df: object) -> pd.DataFrame:
    """One row per player per game: agent, seat, deal, rounds, final total, mean penalty, win, win share.

    ``df`` is a tournament table (one row per player per round), a per-game table (passed
    through), or a tournament folder / :class:`mowkit.store.ResultsFolder` (then the per-game
    table is computed chunk by chunk, never loading the per-round table: what makes summaries
    of million-game folders possible). ``deal`` is the table's deal number (the game number
    when the table has no ``deal`` column).
    """
    if not isinstance(df, pd.DataFrame):
        if isinstance(df, (str, os.PathLike)):
            return folder_per_game(os.fspath(df))
        raise OptionError("df", type(df).__name__, _("a tournament table (DataFrame) or a tournament folder"))
    return per_game_table(df)


# --------------------------------------------------------------------------- the bootstrap


def bootstrap_means(units: np.ndarray, groups: np.ndarray, values: np.ndarray, *, n_groups: int | None = None,
                    n_boot: int = N_BOOT, seed: int = SEED, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap interval of the mean of each value column within each group, over units.

    Resamples the units (e.g. deals) with replacement; a resample's mean in a group is the sum of
    the values of all rows of the drawn units in that group over their count, so a unit drawn
    twice counts twice. The interval is the expanded percentile interval (:func:`expanded_tail`),
    which keeps its coverage with few units; a group with fewer than 2 units has none (NaN). Vectorised: per (unit, group) sums and counts first, then the resample
    weights (multinomial counts of each unit) in chunks, so memory stays bounded.

    Args:
        units: one integer code per row (0 .. U-1): the unit of independence.
        groups: one integer code per row (0 .. G-1): the rows a mean is taken over.
        values: ``(rows,)`` or ``(rows, k)`` values.
        n_groups: G (default: ``groups.max() + 1``).
        n_boot: resamples. seed: the generator's seed. level: the interval's coverage.

    Returns:
        ``(lo, hi)``, each of shape ``(G, k)`` (NaN where a group has no rows).
    """
    check_int("n_boot", n_boot, 1)
    if not 0 < level < 1:
        raise OptionError("level", level, _("a coverage between 0 and 1, such as 0.95"))
    units = np.asarray(units, dtype=np.int64)
    groups = np.asarray(groups, dtype=np.int64)
    vals = np.asarray(values, dtype=np.float64)
    if vals.ndim == 1:
        vals = vals[:, None]
    k = vals.shape[1]
    n_units = int(units.max()) + 1 if len(units) else 0
    n_groups = int(groups.max()) + 1 if n_groups is None else n_groups
    if n_units == 0:
        nan = np.full((n_groups, k), np.nan)
        return nan, nan.copy()
    cell = units * n_groups + groups
    counts = np.bincount(cell, minlength=n_units * n_groups).reshape(n_units, n_groups).astype(np.float64)
    sums = np.empty((n_units, n_groups * k))
    for j in range(k):
        sums[:, j::k] = np.bincount(cell, weights=vals[:, j], minlength=n_units * n_groups).reshape(n_units, n_groups)
    rng = np.random.default_rng(seed)
    est = np.empty((n_boot, n_groups, k))
    chunk = max(1, min(n_boot, _CELLS // n_units))
    for start in range(0, n_boot, chunk):
        c = min(chunk, n_boot - start)
        draws = rng.integers(n_units, size=(c, n_units), dtype=np.int32 if n_units < 2**31 else np.int64)
        w = np.empty((c, n_units))
        for i in range(c):  # a row at a time stays in the cache
            w[i] = np.bincount(draws[i], minlength=n_units)
        num = (w @ sums).reshape(c, n_groups, k)
        den = w @ counts
        with np.errstate(invalid="ignore", divide="ignore"):
            est[start:start + c] = num / den[:, :, None]
    used = (counts > 0).sum(axis=0)  # units behind each group
    lo = np.full((n_groups, k), np.nan)
    hi = np.full((n_groups, k), np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN columns give NaN
        for g in range(n_groups):
            if used[g] >= 2:
                tail = expanded_tail(int(used[g]), level)
                lo[g], hi[g] = np.nanquantile(est[:, g, :], [tail, 1 - tail], axis=0)
    return lo, hi


def clustered_means(units: np.ndarray, groups: np.ndarray, values: np.ndarray, *, n_groups: int | None = None,
                    level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Normal interval of the mean of each value column within each group, clustered by unit.

    The mean of a group is a ratio (sum of values over count of rows); its variance is estimated
    from the per-unit residuals ``S_u - mean * N_u`` (the linearised ratio estimator, with the
    small-sample factor U/(U-1)), so rows of one unit (the games of one deal) count as one draw.
    For many units this is what the bootstrap converges to; :func:`_grouped` uses it above
    :data:`BOOT_MAX_UNITS` deals. Arguments and result as :func:`bootstrap_means`.
    """
    if not 0 < level < 1:
        raise OptionError("level", level, _("a coverage between 0 and 1, such as 0.95"))
    units = np.asarray(units, dtype=np.int64)
    groups = np.asarray(groups, dtype=np.int64)
    vals = np.asarray(values, dtype=np.float64)
    if vals.ndim == 1:
        vals = vals[:, None]
    k = vals.shape[1]
    n_units = int(units.max()) + 1 if len(units) else 0
    n_groups = int(groups.max()) + 1 if n_groups is None else n_groups
    lo = np.full((n_groups, k), np.nan)
    hi = np.full((n_groups, k), np.nan)
    if n_units == 0:
        return lo, hi
    cell = units * n_groups + groups
    counts = np.bincount(cell, minlength=n_units * n_groups).reshape(n_units, n_groups).astype(np.float64)
    z = NormalDist().inv_cdf(0.5 + level / 2)
    total = counts.sum(axis=0)
    used = (counts > 0).sum(axis=0)
    for j in range(k):
        sums = np.bincount(cell, weights=vals[:, j], minlength=n_units * n_groups).reshape(n_units, n_groups)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = sums.sum(axis=0) / total
            resid = sums - mean[None, :] * counts
            var = (resid ** 2).sum(axis=0) / total ** 2 * used / np.maximum(used - 1, 1)
        half = z * np.sqrt(var)
        ok = used >= 2
        lo[ok, j] = (mean - half)[ok]
        hi[ok, j] = (mean + half)[ok]
    return lo, hi


def t_quantile(p: float, df: int) -> float:
    """Quantile ``p`` of Student's t with ``df`` degrees of freedom (Abramowitz & Stegun 26.7.5).

    A series in the normal quantile: at the 97.5 % point off by 0.004 at df 3, 3e-4 at df 5 and
    less than 1e-5 from df 10 on; df 1 and 2 use their closed forms (exact).
    """
    check_int("df", df, 1)
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        a = 4 * p * (1 - p)
        return (2 * p - 1) * math.sqrt(2 / a)
    z = NormalDist().inv_cdf(p)
    v = float(df)
    return (z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
            + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4))


def expanded_tail(n: int, level: float = 0.95) -> float:
    """The tail probability of the expanded percentile interval over ``n`` units (Hesterberg 2015).

    A plain percentile bootstrap is too narrow with few units (it ignores that the spread is
    estimated: its variance is the one over n, not n - 1, and normal rather than t). The expanded
    interval takes the percentiles at ``Phi(-sqrt(n / (n - 1)) * t(1 - alpha/2, n - 1))``: 1.7 %
    and 98.3 % for 24 deals, tending to 2.5 % and 97.5 % as deals grow.
    """
    alpha = 1 - level
    z = math.sqrt(n / (n - 1)) * t_quantile(1 - alpha / 2, n - 1)
    return NormalDist().cdf(-z)


def _units(games: pd.DataFrame) -> tuple[np.ndarray, str, int]:
    """Unit codes of the per-game rows, the unit's word (``"deals"`` or ``"games"``) and their number."""
    codes, uniques = pd.factorize(games["deal"], sort=True)
    keys = [k for k in ("match", "game") if k in games.columns]
    per_deal = games.drop_duplicates(keys).groupby("deal").size()
    word = "deals" if len(per_deal) and per_deal.max() > 1 else "games"
    return codes, word, len(uniques)


def method_text(n: int, unit: str, *, method: str = "deals", has_deal: bool = True, n_boot: int = N_BOOT) -> str:
    """The interval method in words, as the tables' ``interval`` column states it."""
    count = number(n)
    if method == "games":
        return ngettext("95 % interval over {n} game taken as independent (Wilson for win rates, normal for means)",
                        "95 % interval over {n} games taken as independent (Wilson for win rates, normal for means)",
                        n).format(n=count)
    if method == "clustered":
        if unit == "deals":
            return ngettext("95 % normal interval over {n} deal (variance clustered by deal)",
                            "95 % normal interval over {n} deals (variance clustered by deal)", n).format(n=count)
        return ngettext("95 % normal interval over {n} game (variance clustered by deal)",
                        "95 % normal interval over {n} games (variance clustered by deal)", n).format(n=count)
    if unit == "deals":
        return ngettext("95 % bootstrap over {n} deal", "95 % bootstrap over {n} deals", n).format(n=count)
    why = _("the table has no deal column") if not has_deal else _("each deal is played once")
    return ngettext("95 % bootstrap over {n} game ({why}, so games are the unit)",
                    "95 % bootstrap over {n} games ({why}, so games are the unit)", n).format(n=count, why=why)


def _check_method(method: str, n_boot: int) -> None:
    check_choice("method", method, METHODS)
    check_int("n_boot", n_boot, 1)


def _table_text(texts: Sequence[str]) -> str:
    unique = list(dict.fromkeys(texts))
    return unique[0] if len(unique) == 1 else "; ".join(unique)


# --------------------------------------------------------------------------- the summaries


def _grouped(games: pd.DataFrame, key: str, has_deal: bool, method: str, n_boot: int,
             seed: int) -> tuple[list[str | int], dict[str, np.ndarray], list[str], list[int]]:
    """Per value of ``key``: the bootstrap (or games) intervals of penalty, win and share."""
    gcodes, uniques = pd.factorize(games[key], sort=True)
    labels = list(uniques)
    values = games[["mean_penalty", "winner", "win_share"]].to_numpy(dtype=np.float64)
    ucodes, unit, n_units = _units(games)
    deals = [int(pd.unique(ucodes[gcodes == i]).size) for i in range(len(labels))]
    if method == "deals" and n_units > BOOT_MAX_UNITS:
        lo, hi = clustered_means(ucodes, gcodes, values, n_groups=len(labels))
        texts = [method_text(d, unit, method="clustered") for d in deals]
    elif method == "deals":
        lo, hi = bootstrap_means(ucodes, gcodes, values, n_groups=len(labels), n_boot=n_boot, seed=seed)
        texts = [method_text(d, unit, has_deal=has_deal, n_boot=n_boot) for d in deals]
    else:
        lo = np.full((len(labels), 3), np.nan)
        hi = lo.copy()
        texts = []
        for i in range(len(labels)):
            v = values[gcodes == i]
            _mean, lo[i, 0], hi[i, 0] = _mean_ci(v[:, 0])
            lo[i, 1], hi[i, 1] = wilson_interval(v[:, 1].sum(), len(v))
            _mean, lo[i, 2], hi[i, 2] = _mean_ci(v[:, 2])
            texts.append(method_text(len(v), "games", method="games"))
    return labels, {"lo": lo, "hi": hi, "gcodes": gcodes}, texts, deals


def summary(df: object, *, method: str = "deals", n_boot: int = N_BOOT, seed: int = SEED) -> pd.DataFrame:
    """Per agent: games, deals, mean penalty per round, win rate and win share, each with a 95 % interval.

    Args:
        df: a tournament table (one row per player per round), its per-game table, or a
            tournament folder written with ``out=`` (read chunk by chunk, see :func:`per_game`).
        method: ``"deals"`` (bootstrap over deals, the default) or ``"games"`` (games taken as
            independent: Wilson / normal intervals).
        n_boot: bootstrap resamples. seed: the bootstrap's seed (fixed default: reproducible).
    """
    _check_method(method, n_boot)
    games = per_game(df)
    labels, ci, texts, deals = _grouped(games, "agent", _source_has_deal(df), method, n_boot, seed)
    rows = []
    for i, agent in enumerate(labels):
        g = games[ci["gcodes"] == i]
        n = len(g)
        wins = int(g["winner"].sum())
        lo, hi = ci["lo"][i], ci["hi"][i]
        rows.append({
            "agent": agent, "games": n, "deals": deals[i], "mean_penalty": float(g["mean_penalty"].mean()),
            "penalty_lo": lo[0], "penalty_hi": hi[0],
            "mean_final_total": float(g["final_total"].mean()),
            "wins": wins, "win_rate": wins / n, "win_lo": lo[1], "win_hi": hi[1],
            "win_share": float(g["win_share"].mean()), "share_lo": lo[2], "share_hi": hi[2],
            "interval": texts[i],
        })
    out = pd.DataFrame(rows)
    out.attrs["interval"] = _table_text(texts)
    return out


def seat_summary(df: object, *, method: str = "deals", n_boot: int = N_BOOT, seed: int = SEED) -> pd.DataFrame:
    """Per seat (all agents together): mean penalty per round, win rate and win share with intervals.

    Arguments as :func:`summary`; seats count from 0 as in the table.
    """
    _check_method(method, n_boot)
    games = per_game(df)
    labels, ci, texts, deals = _grouped(games, "seat", _source_has_deal(df), method, n_boot, seed)
    rows = []
    for i, seat in enumerate(labels):
        g = games[ci["gcodes"] == i]
        wins = int(g["winner"].sum())
        lo, hi = ci["lo"][i], ci["hi"][i]
        rows.append({"seat": int(seat), "games": len(g), "deals": deals[i],
                     "mean_penalty": float(g["mean_penalty"].mean()), "penalty_lo": lo[0], "penalty_hi": hi[0],
                     "win_rate": wins / len(g), "win_lo": lo[1], "win_hi": hi[1],
                     "win_share": float(g["win_share"].mean()), "share_lo": lo[2], "share_hi": hi[2],
                     "interval": texts[i]})
    out = pd.DataFrame(rows)
    out.attrs["interval"] = _table_text(texts)
    return out


def strength_table(df: pd.DataFrame, *, method: str = "deals", n_boot: int = N_BOOT,
                   seed: int = SEED) -> pd.DataFrame:
    """From :func:`mowkit.tournament.round_robin`: one row per (focus agent, field) pairing.

    ``win_rate`` is the focus agent's win rate (one seat against the field in the others) with its
    95 % interval (bootstrap over the pairing's deals by default; see :func:`summary` for
    ``method``), and ``fair_share`` what an equal agent would win (1 / players).
    """
    _check_method(method, n_boot)
    rows, texts = [], []
    for (focus, field), g in df.groupby(["focus", "field"], sort=True):
        games = per_game(g)
        mine = games[games["agent"] == focus]
        labels, ci, text, deals = _grouped(mine, "agent", "deal" in g.columns, method, n_boot, seed)
        lo, hi = ci["lo"][0], ci["hi"][0]
        wins = int(mine["winner"].sum())
        players = int(g["seat"].max()) + 1
        rows.append({"focus": focus, "field": field, "games": len(mine), "deals": deals[0],
                     "win_rate": wins / len(mine), "win_lo": lo[1], "win_hi": hi[1], "fair_share": 1 / players,
                     "mean_penalty": float(mine["mean_penalty"].mean()), "penalty_lo": lo[0],
                     "penalty_hi": hi[0], "interval": text[0]})
        texts.append(text[0])
    out = pd.DataFrame(rows)
    out.attrs["interval"] = _table_text(texts)
    return out


METRICS = {"mean_penalty": "mean_penalty", "win_rate": "winner", "win_share": "win_share"}


def paired_difference(df: pd.DataFrame, a: str, b: str, metric: str = "mean_penalty", *,
                      n_boot: int = N_BOOT, seed: int = SEED) -> pd.DataFrame:
    """Agent ``a`` minus agent ``b`` in ``metric`` with a 95 % interval over deals.

    Per deal both agents played, the difference of their means over that deal's games (the luck
    of the cards cancels in it); the estimate is the mean of these differences over the deals and
    the interval a percentile bootstrap over the deals.

    Args:
        df: a tournament table in which both agents play (ideally ``paired=True, rotate=True``).
        a, b: agent names as in the table's ``agent`` column.
        metric: ``"mean_penalty"`` (per round), ``"win_rate"`` or ``"win_share"``.
        n_boot: bootstrap resamples. seed: the bootstrap's seed.

    Returns:
        One row: a, b, metric, difference, lo, hi, deals, interval (also in ``attrs["interval"]``).
    """
    check_choice("metric", metric, METRICS)
    check_int("n_boot", n_boot, 1)
    games = per_game(df)
    agents = sorted(games["agent"].unique())
    for name, value in (("a", a), ("b", b)):
        if value not in agents:
            raise OptionError(name, value, _("an agent of the table: {agents}").format(
                agents=", ".join(repr(x) for x in agents)))
    if a == b:
        raise OptionError("b", b, _("an agent other than a"))
    column = METRICS[metric]
    means = (games[games["agent"].isin([a, b])].assign(v=lambda t: t[column].astype(float))
             .groupby(["deal", "agent"])["v"].mean().unstack("agent"))
    both = means.dropna()
    if both.empty:
        raise OptionError("df", _("no common deal"),
                          _("a table in which {a} and {b} play the same deals").format(a=repr(a), b=repr(b)))
    diff = (both[a] - both[b]).to_numpy()
    _codes, unit, _count = _units(games)
    n = len(diff)
    lo, hi = bootstrap_means(np.arange(n), np.zeros(n, dtype=np.int64), diff, n_groups=1, n_boot=n_boot, seed=seed)
    if unit == "deals":
        text = ngettext("95 % bootstrap over {n} deal of the per-deal difference",
                        "95 % bootstrap over {n} deals of the per-deal difference", n).format(n=number(n))
    else:
        why = _("the table has no deal column") if "deal" not in df.columns else _("each deal is played once")
        text = ngettext("95 % bootstrap over {n} game of the per-game difference ({why}, so games are the unit)",
                        "95 % bootstrap over {n} games of the per-game difference ({why}, so games are the unit)",
                        n).format(n=number(n), why=why)
    out = pd.DataFrame([{"a": a, "b": b, "metric": metric, "difference": float(diff.mean()),
                         "lo": float(lo[0, 0]), "hi": float(hi[0, 0]), "deals": n, "interval": text}])
    out.attrs["interval"] = text
    return out


# --------------------------------------------------------------------------- tables for people

#: the column names code uses -> the header a person reads (English message ids, translated by
#: :func:`readable`). Code, tests and notebooks keep using the column names; only the display renames.
HEADERS: dict[str, str] = {
    "agent": N_("player"),
    "seat": N_("seat"),
    "focus": N_("player tested"),
    "field": N_("against"),
    "games": N_("games"),
    "deals": N_("deals"),
    "wins": N_("games won"),
    "win_rate": N_("win rate"),
    "win_share": N_("win share (a shared win split)"),
    "fair_share": N_("win rate of an equal player"),
    "interval": N_("how the intervals were made"),
    "a": N_("player A"),
    "b": N_("player B"),
    "metric": N_("measure"),
    "difference": N_("A minus B"),
}
#: the penalty columns' headers by the game's ``penalty_word``: (per round, per game)
PENALTY_HEADERS: dict[str | None, tuple[str, str]] = {
    "head": (N_("heads per round"), N_("heads per game")),
    "fly": (N_("flies per round"), N_("flies per game")),
    None: (N_("penalty points per round"), N_("penalty points per game")),
}
#: estimate column -> its interval's (low, high) columns
INTERVALS: dict[str, tuple[str, str]] = {
    "mean_penalty": ("penalty_lo", "penalty_hi"),
    "win_rate": ("win_lo", "win_hi"),
    "win_share": ("share_lo", "share_hi"),
    "difference": ("lo", "hi"),
}
_RATES = ("win_rate", "win_share", "fair_share")


def headers(game: object = None) -> dict[str, str]:
    """Column name -> header in the current language (``game`` or its ``penalty_word`` names the penalty)."""
    word = game if isinstance(game, str) or game is None else getattr(game, "penalty_word", None)
    per_round, per_game = PENALTY_HEADERS.get(word, PENALTY_HEADERS[None])
    out = {k: _(v) for k, v in HEADERS.items()}
    out["mean_penalty"] = _(per_round)
    out["mean_final_total"] = _(per_game)
    return out


def readable(table: pd.DataFrame, game: object = None, *, digits: int = 2, columns: Sequence[str] | None = None,
             interval: bool = True) -> pd.DataFrame:
    """A summary table for people: headers in words, each interval in one column, rates in %.

    Works on the tables of :func:`summary`, :func:`seat_summary`, :func:`strength_table` and
    :func:`paired_difference` (and on several of them joined with ``pd.concat``). Seats and rows
    count from 1; agents have their readable names (``"mc:rollouts=3"`` -> "Monte Carlo
    (rollouts 3)", :func:`mowkit.agents.agent_name`); whole numbers have no decimals; every value
    is text in the current language (a table to show, not to compute with: code keeps using
    the original table and its column names, see :data:`HEADERS`).

    Args:
        table: one of the tables above.
        game: the game (or its penalty word ``"head"`` / ``"fly"``) for "heads per round" rather
            than "penalty points per round".
        digits: decimals of the means (rates get ``digits - 1`` decimals as percentages).
        columns: the columns of ``table`` to show, in order (an estimate brings its interval;
            default: all).
        interval: keep the column that says how the intervals were made (the same words are in
            ``attrs["interval"]`` of the result, to print once under the table).
    """
    metric = table["metric"].iloc[0] if "metric" in table.columns and len(table) else None
    if columns is not None:
        missing = [c for c in columns if c not in table.columns]
        if missing:
            raise OptionError("columns", missing[0], ", ".join(map(str, table.columns)))
        keep = list(columns) + [c for name in columns for c in INTERVALS.get(name, ()) if c in table.columns]
        if interval and "interval" in table.columns and "interval" not in keep:
            keep.append("interval")
        table = table[[c for c in table.columns if c in keep]]
        table = table[[c for c in columns] + [c for c in table.columns if c not in columns]]
    if not interval and "interval" in table.columns:
        table = table.drop(columns=["interval"])
    names = headers(game)
    rate_digits = max(0, digits - 1)

    def show(column: str, v: float | str | np.number | np.bool_) -> str:
        if column in _RATES or (column in ("difference",) and metric in ("win_rate", "win_share")):
            return number(100 * float(v), rate_digits) + " %" if v == v else number(float("nan"))
        if isinstance(v, str):
            return v
        if isinstance(v, (bool, np.bool_)):
            return _("yes") if v else _("no")
        if isinstance(v, (int, np.integer)):
            return number(int(v))
        return number(float(v), digits)

    out = {}
    used = {c for pair in INTERVALS.values() for c in pair if c in table.columns}
    for column in table.columns:
        if column in used:
            continue
        values = table[column]
        if column == "seat":
            shown = [number(int(v) + 1) for v in values]
        elif column == "metric":
            shown = [names.get(str(v), str(v)) for v in values]
        elif column in ("agent", "focus", "field", "a", "b"):
            shown = [agent_name(v) for v in values]
        elif column == "interval":
            shown = [str(v) for v in values]
        else:
            shown = [show(column, v) for v in values]
        header = names.get(column, column)
        if column == "difference" and metric is not None:
            header = _("{what}: A minus B").format(what=names.get(metric, metric))
        out[header] = shown
        if column in INTERVALS and all(c in table.columns for c in INTERVALS[column]):
            lo, hi = INTERVALS[column]
            label = _("{what}, 95 % interval").format(what=header)
            out[label] = [show(column, a).removesuffix(" %") + " \u2013 " + show(column, b) if a == a or b == b
                          else number(float("nan"))  # no interval (fewer than 2 deals): one dash
                          for a, b in zip(table[lo], table[hi])]
    # rows a person counts start at 1; a named index (e.g. the variant of a pd.concat) is kept
    plain = table.index.nlevels == 1 and pd.api.types.is_integer_dtype(table.index)
    index = pd.RangeIndex(1, len(table) + 1) if plain else table.index
    result = pd.DataFrame(out, index=index)
    result.attrs = dict(table.attrs)
    return result
