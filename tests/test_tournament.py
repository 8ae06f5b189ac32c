"""Tournaments: seeding, seat rotation, paired deals, chunked Parquet with resume, parallel runs."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from mowkit import OptionError, RecordError, load_game
from mowkit.results import seat_summary, strength_table, summary, wilson_interval
from mowkit.simulate import play_state
from mowkit.tournament import (
    read_provenance,
    read_results,
    round_robin,
    schedule,
    seat_streams,
    tournament,
)

AGENTS = ["highest", "random", "random"]


@pytest.fixture(scope="module")
def serial():
    return tournament("sixnimmt", AGENTS, 12, seed=11, players=3, progress=False, chunk_games=5,
                      backend="engine")


def test_table_is_tidy_one_row_per_player_per_round(serial):
    df = serial
    assert list(df.columns[:7]) == ["game", "deal", "rotation", "round", "seat", "agent", "penalty"]
    assert df.groupby(["game", "round"]).size().eq(3).all()
    assert df["game"].nunique() == 12
    # running totals add up and end at the final total; the threshold ends each game
    for _, g in df.groupby(["game", "seat"]):
        assert g["total"].tolist() == np.cumsum(g["penalty"]).tolist()
        assert g["total"].iloc[-1] == g["final_total"].iloc[0]
    finals = df.groupby("game")["final_total"].max()
    assert (finals >= 66).all()
    # the winner flag marks the lowest totals, shared on ties
    for _, g in df[df["round"] == df["rounds"] - 1].groupby("game"):
        best = g["final_total"].min()
        assert g["winner"].tolist() == (g["final_total"] == best).tolist()
        assert (g["winners"] == (g["final_total"] == best).sum()).all()


def test_each_game_is_the_engine_game_of_its_seed(serial):
    game = load_game("sixnimmt", players=3)
    for gi in (0, 4, 11):
        rows = serial[serial["game"] == gi]
        names = rows[rows["round"] == 0].sort_values("seat")["agent"].tolist()
        rotation = int(rows["rotation"].iloc[0])
        state = play_state(game, names, seed=int(rows["seed"].iloc[0]),
                           agent_streams=seat_streams(3, rotation))
        got = rows.pivot(index="round", columns="seat", values="penalty").to_numpy().tolist()
        assert got == state.round_scores


def test_paired_deals_rotate_agents_through_seats(serial):
    plan = schedule(3, 12, seed=11)
    assert plan["deal"].tolist() == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert plan["rotation"].tolist() == [0, 1, 2] * 4
    first = serial[serial["round"] == 0]
    for _, g in first.groupby("deal"):
        assert g["seed"].nunique() == 1  # one deal, same cards
        seats = g.pivot(index="game", columns="seat", values="agent")
        assert sorted(seats.apply(lambda r: r.tolist().index("highest"), axis=1)) == [0, 1, 2]
    unpaired = schedule(3, 6, seed=11, paired=False)
    assert unpaired["seed"].nunique() == 6
    fixed = schedule(3, 6, seed=11, rotate=False)
    assert fixed["rotation"].eq(0).all()


def test_same_table_serial_processes_and_dask(serial):
    two = tournament("sixnimmt", AGENTS, 12, seed=11, players=3, progress=False, n_jobs=2, chunk_games=3,
                     backend="engine")
    pd.testing.assert_frame_equal(serial, two)
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            dask = tournament("sixnimmt", AGENTS, 12, seed=11, players=3, progress=False, client=client,
                              chunk_games=4, backend="engine")
    pd.testing.assert_frame_equal(serial, dask)


def test_interrupted_run_keeps_chunks_and_resumes(tmp_path, serial):
    calls = []

    def stop_after_two_chunks(done, total):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tournament("sixnimmt", AGENTS, 12, seed=11, players=3, out=tmp_path, chunk_games=5,
                   progress=stop_after_two_chunks, backend="engine")
    files = sorted(p.name for p in tmp_path.iterdir())
    # finished chunks, nothing half-written; the lock file stays, the holder's note is gone
    assert files == [".mowkit-writer.lock", "chunk-00000.parquet", "chunk-00001.parquet"]
    prov = read_provenance(tmp_path / "chunk-00001.parquet")
    assert prov["agents"] == AGENTS and prov["seed"] == 11 and prov["games"] == [5, 10]
    assert prov["options"]["players"] == 3 and "mowkit" in prov
    seen = []
    resumed = tournament("sixnimmt", AGENTS, 12, seed=11, players=3, out=tmp_path, chunk_games=5,
                         progress=lambda d, t: seen.append(d), backend="engine")
    assert seen == [12]  # only the last chunk was played
    pd.testing.assert_frame_equal(resumed, serial)
    pd.testing.assert_frame_equal(read_results(tmp_path), serial)


def test_a_folder_of_another_run_is_refused(tmp_path):
    tournament("sixnimmt", AGENTS, 3, seed=1, players=3, out=tmp_path, progress=False)
    with pytest.raises(RecordError) as e:
        tournament("sixnimmt", AGENTS, 3, seed=2, players=3, out=tmp_path, progress=False)
    assert "seed" in e.value.field and "chunk-00000.parquet" in str(e.value)
    (tmp_path / "chunk-00000.parquet").write_bytes(b"not parquet")
    with pytest.raises(RecordError) as e:
        read_results(tmp_path)
    assert e.value.field == "(parquet)"


def test_bad_arguments_name_the_option():
    cases = [
        (dict(agents=["random"] * 2), "agents"),
        (dict(agents=["random", "random", "wizard"]), "agent"),
        (dict(n_games=0), "n_games"),
        (dict(unit="turn"), "unit"),
        (dict(n_jobs=0), "n_jobs"),
        # chunk_games=0 used to mean the default silently; wrong types are refused as well
        (dict(chunk_games=0), "chunk_games"),
        (dict(chunk_games=-2), "chunk_games"),
        (dict(chunk_games=1.5), "chunk_games"),
        (dict(chunk_games=2.0), "chunk_games"),
        (dict(chunk_games=True), "chunk_games"),
        (dict(chunk_games="2"), "chunk_games"),
        (dict(n_games=3.0), "n_games"),
        (dict(n_games=True), "n_games"),
        (dict(n_games="3"), "n_games"),
        (dict(n_games=None), "n_games"),
        (dict(n_games=-3), "n_games"),
        (dict(seed=-1), "seed"),
        (dict(seed=1.5), "seed"),
        (dict(seed=True), "seed"),
        (dict(seed="1"), "seed"),
        (dict(seed=None), "seed"),
        (dict(n_jobs=2.0), "n_jobs"),
        (dict(paired=1), "paired"),
        (dict(rotate="no"), "rotate"),
        (dict(collect="no"), "collect"),
        (dict(collect=False), "collect"),  # streaming needs a folder
        (dict(out=3), "out"),
    ]
    for change, option in cases:
        kw = dict(agents=AGENTS, n_games=3, seed=1)
        kw.update(change)
        with pytest.raises(OptionError) as e:
            tournament("sixnimmt", kw.pop("agents"), kw.pop("n_games"), kw.pop("seed"), players=3,
                       progress=False, **kw)
        assert e.value.option == option


def test_numpy_integers_are_accepted_as_counts():
    a = tournament("sixnimmt", AGENTS, np.int64(3), np.int32(1), players=3, progress=False,
                   chunk_games=np.int16(2), backend="engine")
    b = tournament("sixnimmt", AGENTS, 3, 1, players=3, progress=False, chunk_games=2, backend="engine")
    pd.testing.assert_frame_equal(a, b)
    assert type(a.attrs["provenance"]["seed"]) is int and a.attrs["provenance"]["chunk_games"] == 2


def test_single_rounds():
    df = tournament("sixnimmt", AGENTS, 9, seed=2, players=3, unit="round", progress=False)
    assert df["round"].eq(0).all() and len(df) == 27


def test_wilson_interval_solves_its_defining_equation():
    for x, n in [(16, 40), (0, 10), (10, 10), (407, 1000)]:
        lo, hi = wilson_interval(x, n)
        p = x / n
        for bound in (lo, hi):
            if 1e-9 < bound < 1 - 1e-9:  # |p - b| = z * sqrt(b (1 - b) / n) at each end
                assert math.isclose(abs(p - bound), 1.959963984540054 * math.sqrt(bound * (1 - bound) / n),
                                    rel_tol=1e-9)
        assert lo <= p <= hi


def test_summary_counts_wins_and_shared_wins(serial):
    s = summary(serial).set_index("agent")
    games = serial[serial["round"] == serial["rounds"] - 1]
    wins = games[games["agent"] == "highest"]["winner"].sum()
    assert s.loc["highest", "wins"] == wins and s.loc["highest", "games"] == 12
    assert s.loc["random", "games"] == 24
    shares = games.assign(share=np.where(games["winner"], 1 / games["winners"], 0)).groupby("game")["share"].sum()
    assert np.allclose(shares, 1.0)
    assert (s["win_lo"] <= s["win_rate"]).all() and (s["win_rate"] <= s["win_hi"]).all()
    assert (s["penalty_lo"] < s["mean_penalty"]).all() and (s["mean_penalty"] < s["penalty_hi"]).all()
    seats = seat_summary(serial)
    assert seats["games"].tolist() == [12, 12, 12]


def test_round_robin_strength_table():
    df = round_robin("sixnimmt", ["lowest", "highest"], 6, seed=3, players=3, progress=False)
    table = strength_table(df)
    assert set(zip(table["focus"], table["field"])) == {("lowest", "highest"), ("highest", "lowest")}
    assert (table["games"] == 6).all()
    assert np.isclose(table["fair_share"], 1 / 3).all()


def test_kernel_backend_is_chosen_automatically_and_matches_the_engine():
    det = ["greedy", "lowest", "highest"]
    engine = tournament("sixnimmt", det, 30, seed=2, players=3, progress=False, backend="engine")
    auto = tournament("sixnimmt", det, 30, seed=2, players=3, progress=False)
    assert engine.attrs["backend"] == "engine" and auto.attrs["backend"] == "kernel"
    assert auto.attrs["provenance"]["backend"] == "kernel"
    pd.testing.assert_frame_equal(engine, auto)  # deterministic agents: the very same games
    labels = []
    tournament("sixnimmt", det, 3, seed=2, players=3, progress=lambda d, t: labels.append(d))
    assert labels  # callback progress still reported
    assert tournament("sixnimmt", ["heuristic", "random", "random"], 3, seed=1, players=3,
                      progress=False).attrs["backend"] == "engine"
    assert tournament("mow", ["mc:rollouts=2", "random", "random"], 3, seed=1, players=3, unit="round",
                      progress=False).attrs["backend"] == "engine"
    assert tournament("sixnimmt", ["greedy", "random", "random"], 3, seed=1, players=3, variant="logic",
                      progress=False).attrs["backend"] == "engine"  # the logic draft has no kernel path
    with pytest.raises(OptionError) as e:
        tournament("sixnimmt", ["heuristic", "random", "random"], 3, seed=1, players=3, progress=False,
                   backend="kernel")
    assert e.value.option == "backend"


@pytest.mark.parametrize("players", [2, 3, 6])
def test_mow_kernel_tournament_is_the_engine_tournament_for_deterministic_farmers(players):
    agents = (["greedy", "heuristic"] * 3)[:players]
    engine = tournament("mow", agents, 2 * players, seed=5, players=players, progress=False, backend="engine")
    kernel = tournament("mow", agents, 2 * players, seed=5, players=players, progress=False)
    assert kernel.attrs["backend"] == "kernel"
    pd.testing.assert_frame_equal(engine, kernel)


def test_kernel_random_agents_agree_with_the_engine_in_distribution():
    agents = ["random", "random", "greedy", "random"]
    eng = tournament("sixnimmt", agents, 600, seed=9, players=4, unit="round", progress=False, backend="engine")
    ker = tournament("sixnimmt", agents, 20000, seed=9, players=4, unit="round", progress=False)
    assert ker.attrs["backend"] == "kernel"
    for agent in ("random", "greedy"):
        a = eng[eng["agent"] == agent]["penalty"]
        b = ker[ker["agent"] == agent]["penalty"]
        se = np.sqrt(a.var() / len(a) + b.var() / len(b))
        assert abs(a.mean() - b.mean()) < 4 * se, (agent, a.mean(), b.mean(), se)
    # same deals: the first deal's starting rows are the same on both backends
    assert (eng[eng["game"] == 0]["seed"].iloc[0] == ker[ker["game"] == 0]["seed"].iloc[0])


# --------------------------------------------------------------------------- the plan as a value


def test_a_plan_run_is_the_tournament(serial):
    import dataclasses

    from mowkit.tournament import TournamentPlan, run

    plan = TournamentPlan("sixnimmt", AGENTS, 12, 11, chunk_games=5, progress=False, backend="engine",
                          options={"players": 3})
    assert plan.chosen_backend == "engine" and [len(c) for c in plan.chunks] == [5, 5, 2]
    assert plan.played_game.num_players == 3 and plan.labels == AGENTS
    pd.testing.assert_frame_equal(run(plan), serial)
    assert run(plan).attrs["provenance"] == serial.attrs["provenance"] == plan.provenance()
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.seed = 3  # type: ignore[misc]
    other = dataclasses.replace(plan, seed=12)
    assert other != plan and other.seed == 12 and plan == TournamentPlan(
        "sixnimmt", list(AGENTS), 12, 11, chunk_games=5, progress=False, backend="engine", options={"players": 3})
    with pytest.raises(OptionError) as e:
        dataclasses.replace(plan, n_games=0)  # checked when made, as tournament() checks
    assert e.value.option == "n_games"


def test_a_plan_runs_on_a_concurrent_futures_pool_and_refuses_other_executors(serial):
    from concurrent.futures import ThreadPoolExecutor

    from mowkit.tournament import TournamentPlan, run

    plan = TournamentPlan("sixnimmt", AGENTS, 12, 11, chunk_games=3, progress=False, backend="engine",
                          options={"players": 3})
    with ThreadPoolExecutor(max_workers=2) as pool:
        pd.testing.assert_frame_equal(run(plan, pool), serial)
    pd.testing.assert_frame_equal(run(plan, 1), serial)
    for bad in ("two", 0, 1.5, object()):
        with pytest.raises(OptionError) as e:
            run(plan, bad)
        assert e.value.option == "executor"
