"""plotly figures of tournament results: each function takes tidy tables and returns a go.Figure.

The input is the table of :func:`mowkit.tournament.tournament` (one row per player per round)
or a summary from :mod:`mowkit.results`. Figures have titles, axis labels and hover text set;
pass ``title=`` to change the title. Every figure with intervals states under its title how they
were made (the summary's ``interval`` column: by default a 95 % bootstrap over deals, because the
games of one deal are correlated; see :mod:`mowkit.results`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from mowkit.results import SEED, bootstrap_means, method_text, per_game, seat_summary, summary

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def _penalty_word(df: Any) -> str:
    attrs = getattr(df, "attrs", None)
    if attrs is None:  # a tournament folder given as a path
        from mowkit.store import open_results

        attrs = open_results(df).attrs
    game = (attrs.get("provenance") or {}).get("game")
    from mowkit import registry

    return registry.get(game).penalties if game in registry.names() else "penalty"


def _layout(fig: go.Figure, title: str, x: str, y: str) -> go.Figure:
    fig.update_layout(title=title, xaxis_title=x, yaxis_title=y, template="plotly_white",
                      legend_title_text="", margin=dict(l=60, r=20, t=60, b=50), height=420)
    return fig


def interval_note(table: pd.DataFrame) -> str:
    """How a summary's intervals were made, in words (its ``interval`` column or attrs)."""
    if "interval" in table.columns and len(table):
        texts = list(dict.fromkeys(str(t) for t in table["interval"]))
        return texts[0] if len(texts) == 1 else "; ".join(texts)
    return str(table.attrs.get("interval", "95 % interval (method not stated in the table)"))


def _titled(title: str, note: str) -> str:
    """A title with the interval method as a smaller second line."""
    return f"{title}<br><sup>{note}</sup>"


def penalty_histogram(df: Any, per: str = "round", title: str | None = None) -> go.Figure:
    """Histogram of penalties per agent: per ``"round"`` or of the final ``"game"`` totals.

    ``df`` is a tournament table, or with ``per="game"`` also its per-game table or a tournament
    folder (million-game runs: the counts are taken chunk by chunk and only the bars are drawn).
    """
    word = _penalty_word(df)
    fig = go.Figure()
    data = df if per == "round" else per_game(df)
    column = "penalty" if per == "round" else "final_total"
    for i, (agent, g) in enumerate(data.groupby("agent", sort=True, observed=True)):
        counts = g[column].value_counts(normalize=True).sort_index()
        fig.add_trace(go.Bar(x=counts.index.to_numpy(), y=counts.to_numpy(), name=str(agent), opacity=0.6,
                             marker_color=PALETTE[i % len(PALETTE)], width=1.0))
    fig.update_layout(barmode="overlay", bargap=0)
    axis = f"{word} per round" if per == "round" else f"final game total ({word})"
    what = f"{word} per round" if per == "round" else f"final game totals ({word})"
    return _layout(fig, title or f"Distribution of {what}", axis, "share")


def penalty_ecdf(df: pd.DataFrame, per: str = "round", title: str | None = None) -> go.Figure:
    """Empirical CDF of penalties per agent (per round, or final totals with ``per="game"``)."""
    word = _penalty_word(df)
    fig = go.Figure()
    data = df if per == "round" else per_game(df)
    column = "penalty" if per == "round" else "final_total"
    for i, (agent, g) in enumerate(data.groupby("agent", sort=True)):
        x = np.sort(g[column].to_numpy())
        y = np.arange(1, len(x) + 1) / len(x)
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", line_shape="hv", name=agent,
                                 line_color=PALETTE[i % len(PALETTE)]))
    axis = f"{word} per round" if per == "round" else f"final game total ({word})"
    what = f"{word} per round" if per == "round" else f"final game totals ({word})"
    return _layout(fig, title or f"ECDF of {what}", axis, "share at or below")


def win_rate_bars(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate per agent with its 95 % interval (a tidy table or a summary); the method is under the title."""
    s = table if isinstance(table, pd.DataFrame) and "win_lo" in table.columns else summary(table)
    fig = go.Figure(go.Bar(
        x=s["agent"], y=s["win_rate"],
        error_y=dict(type="data", symmetric=False, array=s["win_hi"] - s["win_rate"],
                     arrayminus=s["win_rate"] - s["win_lo"]),
        marker_color=[PALETTE[i % len(PALETTE)] for i in range(len(s))],
        hovertemplate="%{x}: %{y:.1%}<extra></extra>",
    ))
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return _layout(fig, _titled(title or "Win rate (95 % interval; a shared win counts for each sharer)",
                                interval_note(s)), "agent", "games won")


def score_trajectories(df: pd.DataFrame, title: str | None = None, seed: int = SEED) -> go.Figure:
    """Mean running total per agent after each round (games still running in that round).

    The 95 % intervals are a bootstrap over deals (``seed`` fixes it), as in :func:`mowkit.results.summary`.
    """
    word = _penalty_word(df)
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
    for i, agent in enumerate(names):
        g = df[agents == i]
        m = g.groupby("round")["total"].mean()
        r = m.index.to_numpy()
        low, high = lo[i * n_rounds + r, 0], hi[i * n_rounds + r, 0]
        colour = PALETTE[i % len(PALETTE)]
        fig.add_trace(go.Scatter(x=r + 1, y=m.to_numpy(), mode="lines+markers", name=agent, line_color=colour,
                                 error_y=dict(type="data", symmetric=False, array=np.nan_to_num(high - m.to_numpy()),
                                              arrayminus=np.nan_to_num(m.to_numpy() - low), visible=True,
                                              thickness=1)))
    return _layout(fig, _titled(title or f"Running total of {word} by round (mean, 95 % interval)", note),
                   "round", f"total {word}")


def seat_effect(df: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate per seat (counted from 1), all agents together, with 95 % intervals (method under the title)."""
    s = seat_summary(df)
    fig = go.Figure(go.Bar(
        x=[f"seat {k + 1}" for k in s["seat"]], y=s["win_rate"], marker_color=PALETTE[0],
        error_y=dict(type="data", symmetric=False, array=s["win_hi"] - s["win_rate"],
                     arrayminus=s["win_rate"] - s["win_lo"]),
    ))
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return _layout(fig, _titled(title or "Does the seat matter? Win rate by seat (95 % interval)", interval_note(s)),
                   "seat", "games won")


def effect_of(results: Mapping[str, pd.DataFrame], metric: str = "mean_penalty",
              title: str | None = None, axis: str = "setting") -> go.Figure:
    """Compare settings (player counts, rule variants …): ``metric`` per agent for each labelled table.

    ``metric`` is ``"mean_penalty"`` (per round) or ``"win_rate"``; bars carry 95 % intervals.
    """
    lo, hi = {"mean_penalty": ("penalty_lo", "penalty_hi"), "win_rate": ("win_lo", "win_hi")}[metric]
    rows, notes = [], []
    for label, df in results.items():
        s = summary(df)
        notes.append((label, interval_note(s)))
        s.insert(0, axis, label)
        rows.append(s)
    table = pd.concat(rows, ignore_index=True)
    fig = go.Figure()
    for i, (agent, g) in enumerate(table.groupby("agent", sort=True)):
        fig.add_trace(go.Bar(
            x=g[axis].astype(str), y=g[metric], name=agent, marker_color=PALETTE[i % len(PALETTE)],
            error_y=dict(type="data", symmetric=False, array=g[hi] - g[metric], arrayminus=g[metric] - g[lo]),
        ))
    fig.update_layout(barmode="group")
    if metric == "win_rate":
        fig.update_yaxes(tickformat=".0%")
    ylabel = {"mean_penalty": "mean penalty per round", "win_rate": "games won"}[metric]
    if len({n for _, n in notes}) == 1:
        note = notes[0][1]
    else:
        note = "; ".join(f"{label}: {n}" for label, n in notes)
    return _layout(fig, _titled(title or f"Effect of the {axis} on {ylabel}", note), axis, ylabel)
