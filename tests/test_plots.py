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


def test_every_interval_plot_states_its_method(df):
    """The interval method (bootstrap over deals) is written under the title of each interval plot."""
    s = summary(df)
    assert s["interval"].iloc[0] == "95 % bootstrap over 3 deals"
    figs = {
        "win_rate_bars": plots.win_rate_bars(df), "seat_effect": plots.seat_effect(df),
        "effect_of": plots.effect_of({"3 players": df}), "score_trajectories": plots.score_trajectories(df),
        "from a summary": plots.win_rate_bars(s), "own title": plots.win_rate_bars(df, title="Mine"),
    }
    for name, fig in figs.items():
        assert "95 % bootstrap over 3 deals" in fig.layout.title.text, name
    assert figs["own title"].layout.title.text.startswith("Mine")
    old = plots.win_rate_bars(summary(df, method="games"))
    assert "taken as independent" in old.layout.title.text


def test_seat_effect_and_effect_of_carry_the_summary_numbers(df):
    from mowkit.results import seat_summary

    fig = plots.seat_effect(df)
    s = seat_summary(df)
    assert list(fig.data[0].x) == ["seat 1", "seat 2", "seat 3"]  # seats counted from 1 for people
    assert np.allclose(np.array(fig.data[0].y) - np.array(fig.data[0].error_y.arrayminus), s["win_lo"])
    fig = plots.effect_of({"a": df, "b": df.assign(penalty=df["penalty"] * 2)}, metric="mean_penalty")
    both = summary(df).set_index("agent")
    for trace in fig.data:
        assert np.isclose(trace.y[0], both.loc[trace.name, "mean_penalty"])
        assert np.isclose(trace.y[0] + trace.error_y.array[0], both.loc[trace.name, "penalty_hi"])
    assert "95 % bootstrap over 3 deals" in fig.layout.title.text


def test_score_trajectory_intervals_are_the_deal_bootstrap(df):
    from mowkit.results import bootstrap_means

    fig = plots.score_trajectories(df)
    g = df[df["agent"] == "greedy"]
    lo, hi = bootstrap_means(df["deal"].to_numpy(), (df["agent"] == "random").to_numpy().astype(int)
                             * (df["round"].max() + 1) + df["round"].to_numpy(), df["total"].to_numpy())
    trace = next(t for t in fig.data if t.name == "greedy")
    mean = g.groupby("round")["total"].mean().to_numpy()
    assert np.allclose(trace.y, mean)
    r = np.arange(len(mean))
    assert np.allclose(np.array(trace.y) + np.array(trace.error_y.array), np.nan_to_num(hi[r, 0], nan=mean))


def test_histogram_and_win_bars_of_a_tournament_folder(tmp_path):
    """A folder written with collect=False plots like its table (bars from chunk-wise counts)."""
    from mowkit.tournament import tournament

    agents = ["highest", "random", "random", "random"]
    df = tournament("sixnimmt", agents, 40, seed=4, players=4, progress=False, backend="kernel")
    folder = tournament("sixnimmt", agents, 40, seed=4, players=4, progress=False, backend="kernel",
                        out=tmp_path / "run", collect=False, chunk_games=7)
    a = plots.penalty_histogram(df, per="game")
    b = plots.penalty_histogram(folder, per="game")
    assert [t.name for t in a.data] == [t.name for t in b.data] == ["highest", "random"]
    for ta, tb in zip(a.data, b.data):
        assert list(ta.x) == list(tb.x) and np.allclose(ta.y, tb.y) and abs(sum(tb.y) - 1) < 1e-9
    assert "heads" in b.layout.xaxis.title.text
    bars_df, bars_folder = plots.win_rate_bars(df), plots.win_rate_bars(folder)
    assert [list(t.y) for t in bars_df.data] == [list(t.y) for t in bars_folder.data]
