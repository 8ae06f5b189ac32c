"""Summary tables for people (mowkit.results.readable): names, chosen columns, rows from 1, differences in %."""

from __future__ import annotations

import pandas as pd
import pytest

from mowkit.core import OptionError
from mowkit.results import readable


def _summary() -> pd.DataFrame:
    t = pd.DataFrame([
        {"agent": "mc:rollouts=3", "games": 40, "deals": 10, "mean_penalty": 8.914, "penalty_lo": 7.5,
         "penalty_hi": 10.25, "wins": 21, "win_rate": 0.525, "win_lo": 0.275, "win_hi": 0.748,
         "interval": "95 % bootstrap over 10 deals"},
        {"agent": "random", "games": 80, "deals": 10, "mean_penalty": 15.448, "penalty_lo": float("nan"),
         "penalty_hi": float("nan"), "wins": 2, "win_rate": 0.025, "win_lo": 0.0, "win_hi": 0.062,
         "interval": "95 % bootstrap over 10 deals"},
    ])
    t.attrs["interval"] = "95 % bootstrap over 10 deals"
    return t


def test_agents_by_name_rows_from_one_and_chosen_columns():
    shown = readable(_summary(), "head", columns=["agent", "mean_penalty", "win_rate"], interval=False)
    assert list(shown.columns) == ["player", "heads per round", "heads per round, 95 % interval", "win rate",
                                   "win rate, 95 % interval"]
    assert list(shown["player"]) == ["Monte Carlo (rollouts 3)", "random"]
    assert list(shown.index) == [1, 2], "rows shown to people count from 1"
    assert shown.iloc[0]["win rate"] == "52.5 %" and shown.iloc[0]["heads per round, 95 % interval"] == "7.50 \u2013 10.25"
    assert shown.iloc[1]["heads per round, 95 % interval"] == "\u2013", "no interval is one dash, not '– – –'"
    assert shown.attrs["interval"] == "95 % bootstrap over 10 deals"
    kept = readable(_summary(), "head", columns=["agent", "games"])
    assert list(kept.columns) == ["player", "games", "how the intervals were made"]


def test_unknown_column_is_an_option_error():
    with pytest.raises(OptionError) as err:
        readable(_summary(), columns=["agent", "win_lo_typo"])
    assert err.value.option == "columns" and err.value.value == "win_lo_typo"


def test_a_difference_names_its_measure_and_win_shares_are_in_percent():
    diff = pd.DataFrame([{"a": "safe_low", "b": "mc:rollouts=20", "metric": "win_share", "difference": -0.135,
                          "lo": -0.333, "hi": 0.031, "deals": 12, "interval": "95 % bootstrap over 12 deals"}])
    shown = readable(diff, "head", columns=["a", "b", "difference", "deals"], interval=False)
    header = "win share (a shared win split): A minus B"
    assert list(shown.columns) == ["player A", "player B", header, header + ", 95 % interval", "deals"]
    row = shown.iloc[0]
    assert row["player B"] == "Monte Carlo (rollouts 20)"
    assert row[header] == f"{100 * -0.135:.1f} %" and row[header + ", 95 % interval"] == "-33.3 \u2013 3.1 %"
    pen = readable(diff.assign(metric="mean_penalty", difference=1.5, lo=0.5, hi=2.5), "fly",
                   columns=["difference"], interval=False)
    assert list(pen.columns) == ["flies per round: A minus B", "flies per round: A minus B, 95 % interval"]
    assert pen.iloc[0, 0] == "1.50"


def test_text_and_yes_no_values_pass_through():
    shown = readable(pd.DataFrame({"variant": ["tactics"], "games": [3], "inside": [True]}))
    assert shown.iloc[0].tolist() == ["tactics", "3", "yes"]
