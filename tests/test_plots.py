"""plotly builders: each returns a go.Figure whose data are the table's numbers."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pytest

import mowkit
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
    assert list(fig.data[0].customdata) == s["agent"].tolist()
    assert list(fig.data[0].x) == [plots.agent_name(a) for a in s["agent"]]
    assert np.allclose(fig.data[0].y, s["win_rate"])
    assert np.allclose(np.array(fig.data[0].y) + np.array(fig.data[0].error_y.array), s["win_hi"])


def test_ecdf_ends_at_one_and_is_monotone(df):
    for trace in plots.penalty_ecdf(df).data:
        y = np.array(trace.y)
        assert y[-1] == 1 and np.all(np.diff(y) >= 0)
        assert len(y) == (df["agent"] == trace.meta).sum()


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
        assert np.isclose(trace.y[0], both.loc[trace.meta, "mean_penalty"])
        assert np.isclose(trace.y[0] + trace.error_y.array[0], both.loc[trace.meta, "penalty_hi"])
    assert "95 % bootstrap over 3 deals" in fig.layout.title.text


def test_score_trajectory_intervals_are_the_deal_bootstrap(df):
    from mowkit.results import bootstrap_means

    fig = plots.score_trajectories(df)
    g = df[df["agent"] == "greedy"]
    lo, hi = bootstrap_means(df["deal"].to_numpy(), (df["agent"] == "random").to_numpy().astype(int)
                             * (df["round"].max() + 1) + df["round"].to_numpy(), df["total"].to_numpy())
    trace = next(t for t in fig.data if t.meta == "greedy")
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
    assert [t.meta for t in a.data] == [t.meta for t in b.data] == ["highest", "random"]
    assert [t.name for t in a.data] == ["highest card", "random"]  # readable names in the legend
    for ta, tb in zip(a.data, b.data):
        assert list(ta.x) == list(tb.x) and np.allclose(ta.y, tb.y) and abs(sum(tb.y) - 1) < 1e-9
    assert "heads" in b.layout.xaxis.title.text
    bars_df, bars_folder = plots.win_rate_bars(df), plots.win_rate_bars(folder)
    assert [list(t.y) for t in bars_df.data] == [list(t.y) for t in bars_folder.data]


# --------------------------------------------------------------------------- what a person reads


def _tick_values(axis, lo, hi):
    """The tick positions plotly draws for a linear axis from ``tick0`` every ``dtick``."""
    start = axis.tick0 + np.ceil((lo - axis.tick0) / axis.dtick) * axis.dtick
    return np.arange(start, hi + 1e-9, axis.dtick)


def test_rounds_and_penalties_get_whole_number_ticks(df):
    """No round 1.5 or 2.5: the round axis and the penalty axes tick on whole numbers only."""
    fig = plots.score_trajectories(df)
    rounds = np.concatenate([np.array(t.x) for t in fig.data])
    assert rounds.min() == 1  # rounds counted from 1
    x = fig.layout.xaxis
    assert x.tickmode == "linear" and x.tickformat == "d" and float(x.dtick).is_integer() and x.dtick >= 1
    ticks = _tick_values(x, rounds.min(), rounds.max())
    assert len(ticks) >= 2 and np.all(ticks == np.round(ticks))
    for fig in (plots.penalty_histogram(df), plots.penalty_histogram(df, per="game"), plots.penalty_ecdf(df)):
        x = fig.layout.xaxis
        assert x.tickformat == "d" and float(x.dtick).is_integer() and x.dtick >= 1
        values = np.concatenate([np.array(t.x, dtype=float) for t in fig.data])
        assert (values.max() - values.min()) / x.dtick <= 12  # readable: at most about a dozen ticks


def test_each_chart_says_what_it_counts(df):
    """Per round and final game totals are told apart; win rates are a share of games won in %."""
    per_round, per_game = plots.penalty_histogram(df), plots.penalty_histogram(df, per="game")
    assert per_round.layout.xaxis.title.text == "heads per round"
    assert per_game.layout.xaxis.title.text == "final total heads per game"
    assert "heads per round" in per_round.layout.title.text
    assert "final total heads per game" in per_game.layout.title.text
    assert per_round.layout.yaxis.title.text == "share of rounds, %" and per_round.layout.yaxis.tickformat.endswith("~%")
    assert per_game.layout.yaxis.title.text == "share of games, %"
    for fig in (plots.win_rate_bars(df), plots.seat_effect(df), plots.effect_of({"a": df}, metric="win_rate")):
        assert fig.layout.yaxis.title.text == "share of games won, %" and fig.layout.yaxis.tickformat.endswith("%")
        assert "games won" in fig.layout.title.text
    mean = plots.effect_of({"a": df})
    assert mean.layout.yaxis.title.text == "heads per round (average)"  # a mean per round, said so
    assert "per round" in mean.layout.title.text and "mean_penalty" not in mean.layout.title.text
    assert plots.score_trajectories(df).layout.yaxis.title.text == "total heads so far"
    for fig in (per_round, per_game, plots.penalty_ecdf(df), plots.win_rate_bars(df), plots.seat_effect(df), mean,
                plots.score_trajectories(df)):
        for trace in fig.data:
            assert trace.hovertemplate and "<extra></extra>" in trace.hovertemplate
        assert "ECDF" not in fig.layout.title.text and "agent" not in fig.layout.xaxis.title.text


def test_agents_are_shown_by_their_readable_names(df):
    assert plots.agent_name("mc") == "Monte Carlo"
    assert plots.agent_name("mc:rollouts=20") == "Monte Carlo (rollouts 20)"
    assert plots.agent_name("lowest") == "lowest card" and plots.agent_name("greedy") == "greedy"
    assert plots.agent_name("my_bot") == "my_bot"  # an agent the kit does not know keeps its name
    assert plots.agent_name("planner:rollouts=20") == "planner (rollouts 20)"
    with mowkit.language("ru"):  # option names and numbers in the reader's language too
        assert plots.agent_name("planner:rollouts=20") == "планирующий игрок (розыгрыши: 20)"
        assert plots.agent_name("mc:rollouts=1000,time_budget=0.002") == \
            "игрок Монте-Карло (розыгрыши: 1\u00a0000, секунд на ход: 0,002)"
    fig = plots.penalty_ecdf(df)
    assert [t.name for t in fig.data] == [plots.agent_name(t.meta) for t in fig.data]


def test_plot_texts_are_made_in_the_current_language(df, monkeypatch):
    """Titles, axes, legends and hover text go through the catalog (a stand-in Russian catalog marks them)."""
    import gettext

    import mowkit.i18n as i18n

    class Marked(gettext.NullTranslations):
        def gettext(self, message):
            return "[ru] " + message

        def ngettext(self, singular, plural, n):
            return "[ru] " + (singular if n == 1 else plural)

    monkeypatch.setitem(i18n._catalogs, "ru", Marked())
    with i18n.language("ru"):
        figs = [plots.penalty_histogram(df), plots.penalty_ecdf(df, per="game"), plots.win_rate_bars(df),
                plots.score_trajectories(df), plots.seat_effect(df), plots.effect_of({"a": df})]
        assert plots.agent_name("mc") == "[ru] Monte Carlo"
    for fig in figs:
        assert fig.layout.title.text.startswith("[ru] ")
        assert fig.layout.xaxis.title.text.startswith("[ru] ") and fig.layout.yaxis.title.text.startswith("[ru] ")
        assert all("[ru] " in t.hovertemplate for t in fig.data)
        assert fig.layout.separators == ",\u00a0"  # 0,5 and 1 000 in Russian
    assert all(x.startswith("[ru] ") for x in figs[4].data[0].x)  # "seat 1" ...
    assert plots.win_rate_bars(df).layout.separators == ".,"
