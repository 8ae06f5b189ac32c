"""The outcome explorer on the compiled kernels: fast tables equal to the kernel tournament's,
exact replays on the rule engine, honest words when a replay draws random choices again, chart
ticks that differ as printed, and summary columns with space between them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest

from mowkit import registry
from mowkit.plots import _share_ticks
from mowkit.tournament import tournament
from mowkit.widgets.explorer import EXACT, OutcomeExplorer, default_agents, kernel_plays_all

GAMES = registry.names()


@pytest.mark.parametrize("game", GAMES)
def test_the_default_table_plays_in_the_kernels(game):
    agents = default_agents(4, game)
    if registry.get(game).kernel_policies:
        assert kernel_plays_all(game, agents), agents
    e = OutcomeExplorer(game, players=4, n_games=40, seed=11, run=True)
    want = tournament(game, agents, 40, seed=11, players=4, progress=False)
    pd.testing.assert_frame_equal(e.table, want)
    assert e.backend == want.attrs["backend"]
    if registry.get(game).kernel_policies:
        assert e.backend == "kernel" and "compiled players played them" in e.status.value
    assert e.progress.value == e.progress.max == 40


@pytest.mark.parametrize("game", [g for g in GAMES if registry.get(g).kernel_policies])
def test_a_kernel_game_without_random_players_opens_exactly(game):
    e = OutcomeExplorer(game, players=3, agents=["greedy"] * 3, n_games=12, seed=5, run=True)
    assert e.backend == "kernel" and not e.redrawn()
    df = e.table
    for g in (0, 7):
        s = e.open_game(g)
        rows = df[(df["game"] == g) & (df["round"] == 0)].sort_values("seat")
        assert s.states[-1].totals == list(rows["final_total"])
        assert "choose again" not in e.stepper_box.children[0].value


@pytest.mark.parametrize("game", [g for g in GAMES if registry.get(g).kernel_policies])
def test_random_players_on_the_kernels_are_said_to_choose_again(game):
    agents = ["greedy", "random", "random"]
    fast = OutcomeExplorer(game, players=3, agents=agents, n_games=10, seed=2, run=True)
    assert fast.backend == "kernel" and fast.redrawn()
    fast.open_game(3)
    assert "random players choose again" in fast.stepper_box.children[0].value
    exact = OutcomeExplorer(game, players=3, agents=agents, n_games=10, seed=2, run=True, speed=EXACT)
    assert exact.backend == "engine" and not exact.redrawn()
    s = exact.open_game(3)  # checked against the table inside: same totals
    rows = exact.table[(exact.table["game"] == 3) & (exact.table["round"] == 0)].sort_values("seat")
    assert s.states[-1].totals == list(rows["final_total"])
    assert "choose again" not in exact.stepper_box.children[0].value


def test_the_run_button_runs_in_the_background():
    e = OutcomeExplorer(GAMES[0], players=3, n_games=15, seed=4)
    e.run_button.click()
    e.wait(120)
    assert e.table is not None and e.table["game"].nunique() == 15 and not e.run_button.disabled


def test_a_wrong_speed_is_named():
    from mowkit.core import OptionError

    with pytest.raises(OptionError, match="speed"):
        OutcomeExplorer(GAMES[0], speed="warp")


def _printed(fig: go.Figure, top: float) -> list[str]:
    """The tick labels of the share axis as d3 prints them (``.N~%``: N decimals, zeros trimmed)."""
    y = fig.layout.yaxis
    decimals = int(y.tickformat[1:].split("~")[0])
    out = []
    for k in range(int(top / y.dtick) + 2):
        text = f"{k * y.dtick * 100:.{decimals}f}"
        out.append((text.rstrip("0").rstrip(".") if "." in text else text) + "%")
    return out


@pytest.mark.parametrize("top", [1.0, 0.6, 0.26, 0.12, 0.05, 0.04, 0.037, 0.011, 0.009, 0.0012, 0.00031])
def test_share_ticks_are_different_as_printed(top):
    fig = go.Figure()
    _share_ticks(fig, top)
    labels = _printed(fig, top)
    assert len(set(labels)) == len(labels), labels
    assert 3 <= top / fig.layout.yaxis.dtick + 1 <= 12  # a handful of ticks, not one, not fifty


def test_histogram_ticks_after_a_thousand_games():
    e = OutcomeExplorer(GAMES[0], players=4, n_games=1000, seed=8, run=True)
    fig = e.figures["penalties"]
    top = max(float(np.max(t.y)) for t in fig.data)
    labels = _printed(fig, top)
    assert len(set(labels)) == len(labels) and fig.layout.yaxis.tickmode == "linear"


def test_summary_columns_have_space_between_them():
    e = OutcomeExplorer(GAMES[0], players=3, n_games=6, seed=1, run=True)
    assert "mowkit-summary" in e.summary_html.value and "padding" in e.summary_html.value


def test_an_opened_game_names_the_tournament_seed_not_its_own_long_seed():
    e = OutcomeExplorer(GAMES[0], players=3, n_games=6, seed=627816, run=True)
    e.seed.value = 5  # changed after the run: the heading keeps the table's seed
    s = e.open_worst_round()
    own = str(s.record["seed"])
    assert len(own) > 6 and own not in s.header.value and own not in e.stepper_box.children[0].value
    assert "seed 627816" in e.stepper_box.children[0].value and "of the tournament" in e.stepper_box.children[0].value


def test_which_players_choose_again_is_the_agent_classes_word():
    """``draws_at_random`` asks each agent's class (a random player says so), not its name."""
    from mowkit.widgets.explorer import draws_at_random

    for game in GAMES:
        classes = registry.get(game).agent_classes()
        if "random" not in classes:
            continue
        drawing = {name for name, cls in classes.items() if getattr(cls, "draws_at_random", False)}
        assert drawing == {"random"}
        assert draws_at_random(game, ["greedy", "random"])
        assert not draws_at_random(game, [n for n in classes if n != "random"][:3])
