"""plotly figures of tournament results: each function takes tidy tables and returns a go.Figure.

The input is the table of :func:`mowkit.tournament.tournament` (one row per player per round)
or a summary from :mod:`mowkit.results`. Figures have titles, axis labels and hover text set;
pass ``title=`` to change the title. Every figure with intervals states under its title how they
were made (the summary's ``interval`` column: by default a 95 % bootstrap over deals, because the
games of one deal are correlated; see :mod:`mowkit.results`).

Everything a person reads is made in the current language when the figure is made
(:func:`mowkit.i18n.set_language`): titles, axes, legends and hover text say what each chart
counts ("heads per round" or "final total heads per game"), seats count from 1, rounds and
penalties have whole-number ticks, win rates are a "share of games won" in %, and agents are
shown by their readable names (:func:`agent_name`; each trace keeps the agent's own name in
``meta``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TypeAlias, cast

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from mowkit import registry
from mowkit.agents import AGENT_NAMES, OPTION_NAMES, agent_name  # noqa: F401  (re-exported: the readable names live with the agents)
from mowkit.i18n import N_, _, get_language
from mowkit.results import SEED, bootstrap_means, method_text, per_game, seat_summary, summary
from mowkit.store import open_results

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


#: what the penalty is called, by the word of :func:`_penalty_word`: (per round, final total per game,
#: mean per round, running total)
_AXES: dict[str | None, tuple[str, str, str, str]] = {
    "head": (N_("heads per round"), N_("final total heads per game"), N_("heads per round (average)"),
             N_("total heads so far")),
    "fly": (N_("flies per round"), N_("final total flies per game"), N_("flies per round (average)"),
            N_("total flies so far")),
    None: (N_("penalty points per round"), N_("final total penalty points per game"),
           N_("penalty points per round (average)"), N_("total penalty points so far")),
}
Table: TypeAlias = "pd.DataFrame | str | os.PathLike[str]"
"""A tournament table, or a tournament folder (a path or a :class:`mowkit.store.ResultsFolder`)."""

_WORD_KEYS = {"heads": "head", "flies": "fly"}


def _axes(df: Table) -> tuple[str, str, str, str]:
    """(per round, final total per game, mean per round, running total) in the current language."""
    return tuple(_(t) for t in _AXES[_WORD_KEYS.get(_penalty_word(df))])  # type: ignore[return-value]


def _share_won() -> str:
    return _("share of games won, %")


def _whole_ticks(fig: go.Figure, values: Iterable[float], axis: str = "x") -> None:
    """Whole-number ticks on an axis of counts (rounds, heads): never 1.5, 2.5 ..."""
    v = np.asarray(list(values), dtype=float)
    v = v[np.isfinite(v)]
    span = float(v.max() - v.min()) if len(v) else 0.0
    step = 1
    for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = nice
        if span / nice <= 12:
            break
    getattr(fig, f"update_{axis}axes")(tickmode="linear", tick0=0, dtick=step, tickformat="d")


def _share_ticks(fig: go.Figure, top: float, axis: str = "y") -> None:
    """Ticks of a share axis (0..``top``) that are all different as printed: a round step of about a
    fifth of the range, and as many decimals of a percent as the step needs (never "4 %, 4 %, 3 %")."""
    top = top if np.isfinite(top) and top > 0 else 1.0
    raw = top / 5
    exp = 10.0 ** np.floor(np.log10(raw))
    step = next(m * exp for m in (1, 2, 2.5, 5, 10) if m * exp >= raw)
    decimals = max(0, int(-np.floor(np.log10(step * 100) + 1e-9)) + (1 if round(step * 100 / 10 ** np.floor(
        np.log10(step * 100) + 1e-9), 6) == 2.5 else 0))
    getattr(fig, f"update_{axis}axes")(tickmode="linear", tick0=0, dtick=step, tickformat=f".{decimals}~%",
                                       rangemode="tozero")


def _separators() -> str:
    """plotly's number separators (decimal, thousands) for the current language."""
    return ",\u00a0" if get_language() == "ru" else ".,"


def _penalty_word(df: Table) -> str:
    attrs = getattr(df, "attrs", None)
    if attrs is None:  # a tournament folder given as a path
        attrs = open_results(df).attrs
    game = (attrs.get("provenance") or {}).get("game")
    return registry.get(game).penalties if game in registry.names() else "penalty"


def _layout(fig: go.Figure, title: str, x: str, y: str) -> go.Figure:
    fig.update_layout(title=title, xaxis_title=x, yaxis_title=y, template="plotly_white",
                      legend_title_text="", margin=dict(l=60, r=20, t=60, b=50), height=420,
                      separators=_separators())
    return fig


def interval_note(table: pd.DataFrame) -> str:
    """How a summary's intervals were made, in words (its ``interval`` column or attrs)."""
    if "interval" in table.columns and len(table):
        texts = list(dict.fromkeys(str(t) for t in table["interval"]))
        return texts[0] if len(texts) == 1 else "; ".join(texts)
    return str(table.attrs.get("interval", _("95 % interval (method not stated in the table)")))


def _titled(title: str, note: str) -> str:
    """A title with the interval method as a smaller second line."""
    return f"{title}<br><sup>{note}</sup>"


def _per_texts(df: Table, per: str) -> tuple[str, str]:
    """(axis, "share of rounds"/"share of games") for a chart of penalties per round or per game."""
    per_round, per_game_axis, _mean, _running = _axes(df)
    if per == "round":
        return per_round, _("share of rounds")
    return per_game_axis, _("share of games")


def penalty_histogram(df: Table, per: str = "round", title: str | None = None) -> go.Figure:
    """Histogram of penalties per agent: per ``"round"`` or of the final ``"game"`` totals.

    ``df`` is a tournament table, or with ``per="game"`` also its per-game table or a tournament
    folder (million-game runs: the counts are taken chunk by chunk and only the bars are drawn).
    The title and the axis say which of the two it is ("heads per round" or "final total heads
    per game").
    """
    axis, share = _per_texts(df, per)
    fig = go.Figure()
    data = cast(pd.DataFrame, df) if per == "round" else per_game(df)
    column = "penalty" if per == "round" else "final_total"
    hover = "%{fullData.name}<br>" + axis + ": %{x}<br>" + share + ": %{y:.1%}<extra></extra>"
    xs: list[float] = []
    for i, (agent, g) in enumerate(data.groupby("agent", sort=True, observed=True)):
        counts = g[column].value_counts(normalize=True).sort_index()
        xs.extend(counts.index.to_numpy())
        fig.add_trace(go.Bar(x=counts.index.to_numpy(), y=counts.to_numpy(), name=agent_name(agent), opacity=0.6,
                             marker_color=PALETTE[i % len(PALETTE)], width=1.0, meta=str(agent),
                             hovertemplate=hover))
    fig.update_layout(barmode="overlay", bargap=0)
    _share_ticks(fig, max((float(np.max(t.y)) for t in fig.data if len(t.y)), default=1.0))
    _whole_ticks(fig, xs)
    what = _("How often each value comes up: {what}").format(what=axis)
    return _layout(fig, title or what, axis, share + ", %")


def penalty_ecdf(df: pd.DataFrame, per: str = "round", title: str | None = None) -> go.Figure:
    """For each value, the share of rounds (or games, ``per="game"``) with at most that penalty, per agent.

    (The "empirical cumulative distribution function", ECDF, of the penalties.)
    """
    axis, _share = _per_texts(df, per)
    share = _("share of rounds at or below") if per == "round" else _("share of games at or below")
    fig = go.Figure()
    data = df if per == "round" else per_game(df)
    column = "penalty" if per == "round" else "final_total"
    hover = "%{fullData.name}<br>" + axis + ": %{x}<br>" + share + ": %{y:.1%}<extra></extra>"
    xs: list[float] = []
    for i, (agent, g) in enumerate(data.groupby("agent", sort=True)):
        x = np.sort(g[column].to_numpy())
        xs.extend(x[[0, -1]] if len(x) else [])
        y = np.arange(1, len(x) + 1) / len(x)
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line_shape="hv", name=agent_name(agent), meta=str(agent),
                                 line_color=PALETTE[i % len(PALETTE)], hovertemplate=hover))
    fig.update_yaxes(tickformat=".0%", range=[0, 1.02])
    _whole_ticks(fig, xs)
    what = _("How often a player stays at or below each value: {what}").format(what=axis)
    return _layout(fig, title or what, axis, share + ", %")


def win_rate_bars(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Share of games won per agent with its 95 % interval (a tidy table or a summary); the method is under the title."""
    s = table if isinstance(table, pd.DataFrame) and "win_lo" in table.columns else summary(table)
    won = _share_won()
    fig = go.Figure(go.Bar(
        x=[agent_name(a) for a in s["agent"]], y=s["win_rate"], customdata=list(s["agent"]), meta=list(s["agent"]),
        error_y=dict(type="data", symmetric=False, array=s["win_hi"] - s["win_rate"],
                     arrayminus=s["win_rate"] - s["win_lo"]),
        marker_color=[PALETTE[i % len(PALETTE)] for i in range(len(s))],
        hovertemplate="%{x}<br>" + won + ": %{y:.1%}<extra></extra>",
    ))
    highs = np.asarray(s["win_hi"], dtype=float)
    _share_ticks(fig, float(highs[np.isfinite(highs)].max()) if np.isfinite(highs).any() else 1.0)
    default = _("Share of games won (95 % interval; a shared win counts for each player who shares it)")
    return _layout(fig, _titled(title or default, interval_note(s)), _("computer player"), won)


def score_trajectories(df: pd.DataFrame, title: str | None = None, seed: int = SEED) -> go.Figure:
    """Mean running total per agent after each round (games still running in that round).

    The 95 % intervals are a bootstrap over deals (``seed`` fixes it), as in :func:`mowkit.results.summary`.
    Rounds are counted from 1 on an axis with whole-number ticks.
    """
    running = _axes(df)[3]
    fig = go.Figure()
    deal = df["deal"] if "deal" in df.columns else df["game"]
    units, uniques = pd.factorize(deal, sort=True)
    agents, names = pd.factorize(df["agent"], sort=True)
    rounds = df["round"].to_numpy()
    n_rounds = int(rounds.max()) + 1 if len(rounds) else 0
    lo, hi = bootstrap_means(units, agents * n_rounds + rounds, df["total"].to_numpy(),
                             n_groups=len(names) * n_rounds, seed=seed)
    games = df.drop_duplicates([k for k in ("match", "game") if k in df.columns]).groupby(deal.name).size()
    unit = "deals" if len(games) and games.max() > 1 else "games"
    note = method_text(len(uniques), unit, has_deal="deal" in df.columns)
    round_word = _("round")
    hover = ("%{fullData.name}<br>" + round_word + " %{x}<br>" + running + ": %{y:.1f}<extra></extra>")
    for i, agent in enumerate(names):
        g = df[agents == i]
        m = g.groupby("round")["total"].mean()
        r = m.index.to_numpy()
        low, high = lo[i * n_rounds + r, 0], hi[i * n_rounds + r, 0]
        colour = PALETTE[i % len(PALETTE)]
        fig.add_trace(go.Scatter(x=r + 1, y=m.to_numpy(), mode="lines+markers", name=agent_name(agent),
                                 meta=str(agent), line_color=colour, hovertemplate=hover,
                                 error_y=dict(type="data", symmetric=False, array=np.nan_to_num(high - m.to_numpy()),
                                              arrayminus=np.nan_to_num(m.to_numpy() - low), visible=True,
                                              thickness=1)))
    _whole_ticks(fig, [1, max(n_rounds, 1)])
    default = _("Running total after each round, on average (95 % interval): {what}").format(what=running)
    return _layout(fig, _titled(title or default, note), round_word, running)


def seat_effect(df: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Share of games won per seat (counted from 1), all agents together, with 95 % intervals (method under the title)."""
    s = seat_summary(df)
    won = _share_won()
    fig = go.Figure(go.Bar(
        x=[_("seat {n}").format(n=int(k) + 1) for k in s["seat"]], y=s["win_rate"], marker_color=PALETTE[0],
        error_y=dict(type="data", symmetric=False, array=s["win_hi"] - s["win_rate"],
                     arrayminus=s["win_rate"] - s["win_lo"]),
        hovertemplate="%{x}<br>" + won + ": %{y:.1%}<extra></extra>",
    ))
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    default = _("Does the seat matter? Share of games won by seat (95 % interval)")
    return _layout(fig, _titled(title or default, interval_note(s)), _("seat"), won)


def effect_of(results: Mapping[str, pd.DataFrame], metric: str = "mean_penalty",
              title: str | None = None, axis: str = "setting") -> go.Figure:
    """Compare settings (player counts, rule variants …): ``metric`` per agent for each labelled table.

    ``metric`` is ``"mean_penalty"`` (the average penalty per round, so the axis says "heads per
    round (average)") or ``"win_rate"`` (share of games won); bars carry 95 % intervals.
    """
    lo, hi = {"mean_penalty": ("penalty_lo", "penalty_hi"), "win_rate": ("win_lo", "win_hi")}[metric]
    rows, notes = [], []
    for label, df in results.items():
        s = summary(df)
        notes.append((label, interval_note(s)))
        s.insert(0, axis, label)
        rows.append(s)
    table = pd.concat(rows, ignore_index=True)
    first = next(iter(results.values()))
    ylabel = _axes(first)[2] if metric == "mean_penalty" else _share_won()
    shown_axis = _("setting") if axis == "setting" else axis
    fig = go.Figure()
    for i, (agent, g) in enumerate(table.groupby("agent", sort=True)):
        value = "%{y:.1%}" if metric == "win_rate" else "%{y:.2f}"
        fig.add_trace(go.Bar(
            x=g[axis].astype(str), y=g[metric], name=agent_name(agent), meta=str(agent),
            marker_color=PALETTE[i % len(PALETTE)],
            error_y=dict(type="data", symmetric=False, array=g[hi] - g[metric], arrayminus=g[metric] - g[lo]),
            hovertemplate="%{fullData.name}<br>%{x}<br>" + ylabel + ": " + value + "<extra></extra>",
        ))
    fig.update_layout(barmode="group")
    if metric == "win_rate":
        fig.update_yaxes(tickformat=".0%")
    if len({n for _label, n in notes}) == 1:
        note = notes[0][1]
    else:
        note = "; ".join(f"{label}: {n}" for label, n in notes)
    default = _("Effect of the {setting} on: {what}").format(setting=shown_axis, what=ylabel)
    return _layout(fig, _titled(title or default, note), shown_axis, ylabel)
