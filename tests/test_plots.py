"""plotly builders: each returns a go.Figure whose data are the table's numbers."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pytest

from mowkit import plots
from mowkit.results import summary
from mowkit.tournament import tournament


@pytest.fixture(scope="module")
def df():
    return tournament("sixnimmt", ["greedy", "random", "random"], 9, seed=4, players=3, progress=False)


def test_every_builder_returns_a_titled_figure(df):
    figs = [
        plots.penalty_histogram(df), plots.penalty_histogram(df, per="game"), plots.penalty_ecdf(df),
        plots.win_rate_bars(df), plots.score_trajectories(df), plots.seat_effect(df),
        plots.effect_of({"3 players": df, "again": df}), plots.effect_of({"a": df}, metric="win_rate"),
    ]
    for fig in figs:
        assert isinstance(fig, go.Figure)
        assert fig.layout.title.text and fig.layout.xaxis.title.text and fig.layout.yaxis.title.text
        assert len(fig.data) >= 1
    assert "heads" in figs[0].layout.title.text  # the game's own word for the penalty


def test_win_rate_bars_carry_the_summary_numbers(df):
    fig = plots.win_rate_bars(df)
    s = summary(df)
    assert list(fig.data[0].x) == s["agent"].tolist()
    assert np.allclose(fig.data[0].y, s["win_rate"])
    assert np.allclose(np.array(fig.data[0].y) + np.array(fig.data[0].error_y.array), s["win_hi"])


def test_ecdf_ends_at_one_and_is_monotone(df):
    for trace in plots.penalty_ecdf(df).data:
        y = np.array(trace.y)
        assert y[-1] == 1 and np.all(np.diff(y) >= 0)
        assert len(y) == (df["agent"] == trace.name).sum()
