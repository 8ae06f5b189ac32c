"""Summaries of tournament tables with 95 % confidence intervals.

Input: the tidy table of :func:`mowkit.tournament.tournament` (one row per player per round).

* Mean penalty per round: the mean over an agent's (game, seat) pairs of their mean penalty per
  round, with a normal 95 % interval over those pairs (rounds of one game are not independent,
  games are).
* Win rate: the share of games an agent won, a shared win counting as a win for every sharer,
  with a Wilson 95 % interval. ``win_share`` counts a win shared by k players as 1/k, so the
  shares of all seats of a game add up to 1 (normal 95 % interval).

With paired deals the games of one deal are not independent of each other; the intervals treat
games as independent, which for the difference between agents is conservative.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

Z95 = 1.959963984540054


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


def per_game(df: pd.DataFrame) -> pd.DataFrame:
    """One row per player per game: agent, seat, rounds, final total, mean penalty, win, win share."""
    g = df.groupby(["game", "seat"], sort=True)
    out = g.agg(
        agent=("agent", "first"), rounds=("round", "count"), final_total=("final_total", "first"),
        mean_penalty=("penalty", "mean"), winner=("winner", "first"), winners=("winners", "first"),
    ).reset_index()
    out["win_share"] = np.where(out["winner"], 1.0 / out["winners"], 0.0)
    return out


def summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per agent: games, mean penalty per round and win rate, each with a 95 % interval."""
    games = per_game(df)
    rows = []
    for agent, g in games.groupby("agent", sort=True):
        n = len(g)
        m, lo, hi = _mean_ci(g["mean_penalty"].to_numpy())
        wins = int(g["winner"].sum())
        wlo, whi = wilson_interval(wins, n)
        s, slo, shi = _mean_ci(g["win_share"].to_numpy())
        rows.append({
            "agent": agent, "games": n, "mean_penalty": m, "penalty_lo": lo, "penalty_hi": hi,
            "mean_final_total": float(g["final_total"].mean()),
            "wins": wins, "win_rate": wins / n, "win_lo": wlo, "win_hi": whi,
            "win_share": s, "share_lo": slo, "share_hi": shi,
        })
    return pd.DataFrame(rows)


def seat_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per seat (all agents together): mean penalty per round and win rate with intervals."""
    games = per_game(df)
    rows = []
    for seat, g in games.groupby("seat", sort=True):
        m, lo, hi = _mean_ci(g["mean_penalty"].to_numpy())
        wins = int(g["winner"].sum())
        wlo, whi = wilson_interval(wins, len(g))
        rows.append({"seat": seat, "games": len(g), "mean_penalty": m, "penalty_lo": lo, "penalty_hi": hi,
                     "win_rate": wins / len(g), "win_lo": wlo, "win_hi": whi})
    return pd.DataFrame(rows)


def strength_table(df: pd.DataFrame) -> pd.DataFrame:
    """From :func:`mowkit.tournament.round_robin`: one row per (focus agent, field) pairing.

    ``win_rate`` is the focus agent's win rate (one seat against the field in the others) with its
    Wilson interval, and ``fair_share`` what an equal agent would win (1 / players).
    """
    rows = []
    for (focus, field), g in df.groupby(["focus", "field"], sort=True):
        games = per_game(g)
        mine = games[games["agent"] == focus]
        wins = int(mine["winner"].sum())
        lo, hi = wilson_interval(wins, len(mine))
        m, plo, phi = _mean_ci(mine["mean_penalty"].to_numpy())
        players = int(g["seat"].max()) + 1
        rows.append({"focus": focus, "field": field, "games": len(mine), "win_rate": wins / len(mine),
                     "win_lo": lo, "win_hi": hi, "fair_share": 1 / players,
                     "mean_penalty": m, "penalty_lo": plo, "penalty_hi": phi})
    return pd.DataFrame(rows)
