"""The mowkit command: simulate writes resumable Parquet; bad input is a clear error, exit 2."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd

from mowkit.tournament import read_provenance, read_results, tournament


def run(*args):
    return subprocess.run([sys.executable, "-m", "mowkit.cli", *args], capture_output=True, text=True)


def test_simulate_writes_parquet_equal_to_the_library(tmp_path):
    out = tmp_path / "res"
    r = run("simulate", "--game", "sixnimmt", "--agents", "greedy/random/random", "--games", "6",
            "--seed", "4", "--out", str(out), "--option", "variant=tactics")
    assert r.returncode == 0, r.stderr
    assert "6 games" in r.stdout and "greedy" in r.stdout and "win_rate" in r.stdout
    df = read_results(out)
    want = tournament("sixnimmt", ["greedy", "random", "random"], 6, 4, players=3, variant="tactics",
                      progress=False)
    pd.testing.assert_frame_equal(df, want)
    prov = read_provenance(sorted(out.glob("*.parquet"))[0])
    assert prov["options"]["variant"] == ["tactics"]
    again = run("simulate", "--game", "sixnimmt", "--agents", "greedy/random/random", "--games", "6",
                "--seed", "4", "--out", str(out), "--option", "variant=tactics")
    assert again.returncode == 0  # everything resumed from the chunks


def test_simulate_mow_single_rounds(tmp_path):
    r = run("simulate", "--game", "mow", "--agents", "heuristic/random/random", "--games", "3",
            "--seed", "1", "--out", str(tmp_path / "m"), "--unit", "round")
    assert r.returncode == 0, r.stderr
    assert read_results(tmp_path / "m")["round"].eq(0).all()


def test_bad_input_is_a_clear_error(tmp_path):
    cases = [
        (["--agents", "greedy/wizard/random"], "agent='wizard'"),
        (["--agents", "greedy/random/random", "--option", "players=2"], "one agent per seat"),
        (["--agents", "greedy/random/random", "--option", "variant=expert"], "variant"),
    ]
    for extra, words in cases:
        r = run("simulate", "--game", "sixnimmt", "--games", "3", "--seed", "1", "--out", str(tmp_path / "x"),
                *extra)
        assert r.returncode == 2, r.stderr
        assert words in r.stderr and "Traceback" not in r.stderr


def test_simulate_backend_choice(tmp_path):
    for backend, said in (("engine", "engine"), ("auto", "kernel")):
        r = run("simulate", "--game", "sixnimmt", "--agents", "greedy/lowest/highest", "--games", "3",
                "--seed", "2", "--out", str(tmp_path / backend), "--backend", backend)
        assert r.returncode == 0, r.stderr
        assert f"played with the {said} backend" in r.stdout
    pd.testing.assert_frame_equal(read_results(tmp_path / "engine"), read_results(tmp_path / "auto"))
