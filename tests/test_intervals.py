"""Honest intervals: the bootstrap over deals covers a known truth about 95 % of the time.

Known truth: four identical random players of 6 nimmt! (single rounds, paired deals, seats
rotated). The seats are exchangeable, so every seat's true win share is exactly 1/4, and so is
every agent's (the agent in seat s of rotation r is agent (s + r) mod 4).

Two tables per repetition:

* the tournament as it is played now (agent streams follow the agent), and
* the same deals as the old design played them: agent streams by seat, so the four rotations of
  a deal were identical copies of one game (rotation 0 of the new table is exactly that game,
  copied four times with the agents rotated).

The design-based interval (bootstrap over deals) must cover 1/4 in about 95 % of repetitions on
both; the old interval (games taken as independent) falls far short on the copies.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pandas as pd
import pytest

from mowkit import load_game
from mowkit.core import OptionError
from mowkit.results import bootstrap_means, paired_difference, per_game, seat_summary, summary
from mowkit.simulate import play_state
from mowkit.tournament import seat_agents, tournament

N = 4
DEALS = 24
REPS = 200
N_BOOT = 600
NOMINAL = 0.95
TOLERANCE_SE = 3.5  # accept a coverage within 3.5 binomial standard errors of 0.95


def copies_of_rotation_zero(df: pd.DataFrame) -> pd.DataFrame:
    """The old design: every rotation of a deal is the rotation-0 game, agents rotated."""
    base = df[df["rotation"] == 0]
    frames = []
    for r in range(N):
        c = base.copy()
        c["rotation"] = r
        c["game"] = c["deal"] * N + r
        c["agent"] = [f"random {(s + r) % N}" for s in c["seat"]]
        frames.append(c)
    return pd.concat(frames, ignore_index=True).sort_values(["game", "round", "seat"], ignore_index=True)


def by_agent_index(df: pd.DataFrame) -> pd.DataFrame:
    """Name the identical agents by their index in the tournament's agent list."""
    out = df.copy()
    out["agent"] = [f"random {(s + r) % N}" for s, r in zip(out["seat"], out["rotation"])]
    return out


def covers(table: pd.DataFrame, row: int, truth: float) -> bool:
    return bool(table["share_lo"].iloc[row] <= truth <= table["share_hi"].iloc[row])


@pytest.mark.slow
def test_bootstrap_over_deals_covers_the_true_win_share_about_95_percent():
    truth = 1 / N
    hits = {k: 0 for k in ("new/deals seat", "new/games seat", "new/deals agent", "copies/deals", "copies/games")}
    widths = {"new/deals": [], "new/games": [], "copies/deals": [], "copies/games": []}
    started = time.perf_counter()
    for rep in range(REPS):
        df = tournament("sixnimmt", ["random"] * N, N * DEALS, seed=1000 + rep, players=N, unit="round",
                        paired=True, rotate=True, backend="engine", progress=False, chunk_games=N * DEALS)
        copies = copies_of_rotation_zero(df)
        tables = {
            "new/deals": seat_summary(df, n_boot=N_BOOT, seed=rep),
            "new/games": seat_summary(df, method="games"),
            "copies/deals": seat_summary(copies, n_boot=N_BOOT, seed=rep),
            "copies/games": seat_summary(copies, method="games"),
        }
        agents = summary(by_agent_index(df), n_boot=N_BOOT, seed=rep)
        hits["new/deals seat"] += covers(tables["new/deals"], 0, truth)
        hits["new/games seat"] += covers(tables["new/games"], 0, truth)
        hits["new/deals agent"] += covers(agents, 0, truth)
        hits["copies/deals"] += covers(tables["copies/deals"], 0, truth)
        hits["copies/games"] += covers(tables["copies/games"], 0, truth)
        for k, t in tables.items():
            widths[k].append(float(t["share_hi"].iloc[0] - t["share_lo"].iloc[0]))
    coverage = {k: v / REPS for k, v in hits.items()}
    mean_width = {k: float(np.mean(v)) for k, v in widths.items()}
    se = math.sqrt(NOMINAL * (1 - NOMINAL) / REPS)
    low, high = NOMINAL - TOLERANCE_SE * se, NOMINAL + TOLERANCE_SE * se
    print(f"\ncoverage of 1/{N} over {REPS} repetitions ({DEALS} deals x {N} rotations, "
          f"{time.perf_counter() - started:.0f} s): {coverage}; accepted {low:.3f}..{high:.3f}; "
          f"mean widths {mean_width}")
    # the design-based interval is honest on the new design and on identical copies alike
    for key in ("new/deals seat", "new/deals agent", "copies/deals"):
        assert low <= coverage[key] <= high, (key, coverage)
    # the old interval is what failed: four identical copies look like four games, so the interval
    # is about half as wide as it should be and covers 1/4 in roughly 67 % of repetitions
    assert coverage["copies/games"] < low, coverage
    assert mean_width["copies/games"] < 0.6 * mean_width["copies/deals"], mean_width
    # on the new design the bootstrap is not narrower than the honest interval needs: no less wide
    # than the independent-games one up to resampling noise
    assert mean_width["new/deals"] >= 0.9 * mean_width["new/games"], mean_width


def test_identical_copies_are_counted_once():
    """A table of n identical copies per deal gives the very interval of one game per deal."""
    df = tournament("sixnimmt", ["random"] * N, N * 12, seed=5, players=N, unit="round", progress=False,
                    backend="engine")
    copies = copies_of_rotation_zero(df)
    once = copies[copies["rotation"] == 0]
    a = seat_summary(copies, n_boot=500, seed=3)
    b = seat_summary(once, n_boot=500, seed=3)
    for col in ("win_share", "share_lo", "share_hi", "mean_penalty", "penalty_lo", "penalty_hi", "win_lo", "win_hi"):
        assert np.allclose(a[col], b[col]), col
    assert (a["deals"] == 12).all() and (a["games"] == 12 * N).all() and (b["games"] == 12).all()
    assert a["interval"].iloc[0] == "95 % bootstrap over 12 deals"
    assert "each deal is played once" in b["interval"].iloc[0] and "games are the unit" in b.attrs["interval"]
    # the games-as-independent interval, by contrast, shrinks by about sqrt(n) on the copies
    ga, gb = seat_summary(copies, method="games"), seat_summary(once, method="games")
    ratio = (ga["share_hi"] - ga["share_lo"]) / (gb["share_hi"] - gb["share_lo"])
    assert np.allclose(ratio, math.sqrt((12 - 1) / (N * 12 - 1)), rtol=1e-9)


def test_old_design_made_identical_copies_and_the_new_one_does_not():
    """Seat streams (the old default) repeat one game in every rotation; agent streams do not."""
    df = tournament("sixnimmt", ["random"] * N, N * 3, seed=8, players=N, unit="round", progress=False,
                    backend="engine")
    game = load_game("sixnimmt", players=N, max_rounds=1)
    for deal, g in df.groupby("deal"):
        seed = int(g["seed"].iloc[0])
        old = [play_state(game, ["random"] * N, seed=seed).round_scores for _ in range(N)]
        assert all(o == old[0] for o in old)  # same seat streams: identical copies
        new = [g[g["rotation"] == r].sort_values("seat")["penalty"].tolist() for r in range(N)]
        assert new[0] == old[0][0]  # rotation 0 seats agent s in seat s: the old game
        assert len({tuple(x) for x in new}) > 1, deal


def test_bootstrap_means_agree_with_an_independent_computation():
    """Point estimates and intervals against plain pandas and the normal interval over deal means."""
    rng = np.random.default_rng(0)
    d = 400
    units = np.repeat(np.arange(d), 3)
    groups = np.tile([0, 1, 1], d)
    unit_effect = rng.normal(size=d)
    values = np.repeat(unit_effect, 3) + rng.normal(scale=0.5, size=3 * d)
    lo, hi = bootstrap_means(units, groups, values, n_boot=4000, seed=1)
    for g in (0, 1):
        per_unit = pd.Series(values[groups == g]).groupby(units[groups == g]).mean()
        m = per_unit.mean()
        half = 1.959964 * per_unit.std(ddof=1) / math.sqrt(d)
        # percentile ends within 10 % of the half width of the normal-theory interval over units
        assert abs(lo[g, 0] - (m - half)) < 0.1 * half and abs(hi[g, 0] - (m + half)) < 0.1 * half
    # reproducible and seeded
    again = bootstrap_means(units, groups, values, n_boot=4000, seed=1)
    other = bootstrap_means(units, groups, values, n_boot=4000, seed=2)
    assert np.array_equal(lo, again[0]) and np.array_equal(hi, again[1])
    assert not np.array_equal(lo, other[0])
    # chunking does not change the answer: the same draws in chunks of one resample each (up to the
    # rounding of the matrix products)
    import mowkit.results as results

    cells = results._CELLS
    try:
        results._CELLS = d
        chunked = bootstrap_means(units, groups, values, n_boot=4000, seed=1)
    finally:
        results._CELLS = cells
    assert np.allclose(lo, chunked[0], rtol=1e-12, atol=1e-12) and np.allclose(hi, chunked[1], rtol=1e-12, atol=1e-12)


@pytest.fixture(scope="module")
def mixed():
    return tournament("sixnimmt", ["greedy", "random", "lowest"], 30, seed=4, players=3, unit="round",
                      progress=False, backend="engine")


def test_summary_keeps_its_columns_and_states_the_method(mixed):
    s = summary(mixed)
    for col in ("agent", "games", "deals", "mean_penalty", "penalty_lo", "penalty_hi", "wins", "win_rate",
                "win_lo", "win_hi", "win_share", "share_lo", "share_hi", "interval"):
        assert col in s.columns, col
    games = per_game(mixed)
    expect = games.groupby("agent")["mean_penalty"].mean()
    assert np.allclose(s.set_index("agent")["mean_penalty"], expect)
    assert (s["deals"] == 10).all() and (s["games"] == 30).all()
    assert s.attrs["interval"] == "95 % bootstrap over 10 deals" and (s["interval"] == s.attrs["interval"]).all()
    for est, lo, hi in (("mean_penalty", "penalty_lo", "penalty_hi"), ("win_rate", "win_lo", "win_hi"),
                        ("win_share", "share_lo", "share_hi")):
        assert (s[lo] <= s[est] + 1e-12).all() and (s[est] <= s[hi] + 1e-12).all(), est
    old = summary(mixed, method="games")
    assert old.attrs["interval"].startswith("95 % interval over 30 games taken as independent")
    assert summary(mixed.drop(columns="deal")).attrs["interval"] == (
        "95 % bootstrap over 30 games (the table has no deal column, so games are the unit)")
    assert summary(mixed, seed=9).equals(summary(mixed, seed=9))
    with pytest.raises(OptionError) as e:
        summary(mixed, method="seats")
    assert e.value.option == "method" and "deals" in str(e.value)


def test_paired_difference_is_the_mean_of_per_deal_differences(mixed):
    out = paired_difference(mixed, "greedy", "random", metric="mean_penalty")
    games = per_game(mixed)
    per_deal = games.groupby(["deal", "agent"])["mean_penalty"].mean().unstack()
    diff = per_deal["greedy"] - per_deal["random"]
    row = out.iloc[0]
    assert math.isclose(row["difference"], diff.mean())
    assert row["lo"] <= row["difference"] <= row["hi"] and row["deals"] == 10
    assert row["interval"] == "95 % bootstrap over 10 deals of the per-deal difference"
    win = paired_difference(mixed, "greedy", "random", metric="win_rate").iloc[0]
    w = games.groupby(["deal", "agent"])["winner"].mean().unstack()
    assert math.isclose(win["difference"], (w["greedy"] - w["random"]).mean())
    with pytest.raises(OptionError) as e:
        paired_difference(mixed, "greedy", "mc")
    assert e.value.option == "b" and "'random'" in str(e.value)
    with pytest.raises(OptionError) as e:
        paired_difference(mixed, "greedy", "random", metric="heads")
    assert e.value.option == "metric"


def test_seat_agents_matches_the_relabelling():
    """by_agent_index names the agent of seat s in rotation r as the tournament seats it."""
    names = [f"random {k}" for k in range(N)]
    for r in range(N):
        assert seat_agents(names, r) == [f"random {(s + r) % N}" for s in range(N)]


def test_clustered_interval_agrees_with_the_bootstrap_and_takes_over_for_many_deals(monkeypatch):
    """The deal-clustered normal interval (used above BOOT_MAX_UNITS deals) is the bootstrap's limit."""
    import numpy as np

    from mowkit import results

    rng = np.random.default_rng(5)
    deals = np.repeat(np.arange(3000), 4)
    shared = rng.normal(size=3000)[deals]  # the deal's luck, shared by its 4 games
    groups = np.tile(np.arange(4), 3000)
    values = np.column_stack([shared + rng.normal(size=len(deals)), rng.random(len(deals)) < 0.25])
    blo, bhi = results.bootstrap_means(deals, groups, values, n_boot=2000, seed=1)
    clo, chi = results.clustered_means(deals, groups, values)
    width = bhi - blo
    assert np.all(np.abs(clo - blo) < 0.1 * width) and np.all(np.abs(chi - bhi) < 0.1 * width)
    # an independent-rows interval would be far narrower for the shared part
    naive = 2 * 1.96 * values[groups == 0, 0].std() / np.sqrt(3000)
    assert chi[0, 0] - clo[0, 0] > 0.9 * naive

    from mowkit.tournament import tournament

    df = tournament("sixnimmt", ["random"] * 4, 40, seed=3, players=4, unit="round", progress=False,
                    backend="kernel")
    monkeypatch.setattr(results, "BOOT_MAX_UNITS", 5)
    table = results.summary(df)
    assert table["interval"].str.contains("clustered by deal").all()
    assert (table["win_lo"] <= table["win_rate"]).all() and (table["win_rate"] <= table["win_hi"]).all()


def test_summaries_of_a_folder_equal_those_of_its_table(tmp_path):
    """summary / seat_summary read a tournament folder chunk by chunk and give the table's figures."""
    import pandas as pd

    from mowkit.results import seat_summary, summary
    from mowkit.tournament import tournament

    agents = ["highest", "random", "random", "lowest"]
    df = tournament("sixnimmt", agents, 48, seed=9, players=4, progress=False, backend="kernel")
    handle = tournament("sixnimmt", agents, 48, seed=9, players=4, progress=False, backend="kernel",
                        out=tmp_path / "run", collect=False, chunk_games=10)
    pd.testing.assert_frame_equal(summary(df), summary(handle))
    pd.testing.assert_frame_equal(summary(df), summary(tmp_path / "run"))
    pd.testing.assert_frame_equal(seat_summary(df), seat_summary(str(tmp_path / "run")))
