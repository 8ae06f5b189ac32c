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
    assert "6 games" in r.stdout and "greedy" in r.stdout and "win rate, 95 % interval" in r.stdout
    assert "heads per round" in r.stdout and "win_rate" not in r.stdout and "mean_penalty" not in r.stdout
    assert "6 of 6 games played" in r.stderr and "game/s" not in r.stderr  # progress in words
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
    df = read_results(tmp_path / "m")
    assert f"3 rounds, {len(df)} rows in" in r.stdout, r.stdout  # single rounds are counted as rounds
    assert "3 games" not in r.stdout and "per game" not in r.stdout, r.stdout


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
    for backend, said in (("engine", "played by the rule engine"), ("auto", "played by the fast compiled simulator")):
        r = run("simulate", "--game", "sixnimmt", "--agents", "greedy/lowest/highest", "--games", "3",
                "--seed", "2", "--out", str(tmp_path / backend), "--backend", backend)
        assert r.returncode == 0, r.stderr
        assert said in r.stdout.splitlines()[0] and "backend" not in r.stdout.splitlines()[0]
    pd.testing.assert_frame_equal(read_results(tmp_path / "engine"), read_results(tmp_path / "auto"))


def test_every_option_has_help_text():
    import argparse

    from mowkit.cli import build_parser

    parser = build_parser()
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert subs and set(subs[0].choices) == {"replay", "simulate"}
    checked = 0
    for name, sub in [("mowkit", parser), *subs[0].choices.items()]:
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            assert action.help and action.help != argparse.SUPPRESS, f"{name} {action.option_strings or action.dest}"
            checked += 1
    assert checked >= 17  # 3 help flags, replay file/--all, 12 simulate options
    r = run("simulate", "--help")
    assert r.returncode == 0 and "--scheduler" in r.stdout and "--seed" in r.stdout


def test_unreachable_scheduler_is_one_line_without_traceback(tmp_path):
    import socket

    with socket.socket() as s:  # a local port nobody listens on once closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = run("simulate", "--game", "mow", "--agents", "random/random", "--games", "2", "--seed", "1",
            "--out", str(tmp_path / "o"), "--scheduler", f"tcp://127.0.0.1:{port}")
    assert r.returncode == 2
    assert r.stderr == f"mowkit: cannot connect to the Dask scheduler at tcp://127.0.0.1:{port} (Connection refused)\n"
    assert not (tmp_path / "o").exists()


def test_non_utf8_and_damaged_records_are_one_line(tmp_path):
    (tmp_path / "latin1.json").write_bytes('{"format": "mowkit-record/1", "game": "café"}'.encode("latin-1"))
    (tmp_path / "half.json").write_text('{"format": "mowkit-record/1", "rounds": [')
    for name, words in (("latin1.json", "not UTF-8 text"), ("half.json", "not valid JSON"),
                        ("missing.json", "cannot read")):
        r = run("replay", str(tmp_path / name))
        assert r.returncode == 2, r.stderr
        assert r.stderr.startswith(f"mowkit: {tmp_path / name}: field ") and r.stderr.count("\n") == 1
        assert words in r.stderr and "Traceback" not in r.stderr


def test_out_folder_that_cannot_be_made_is_one_line(tmp_path):
    plain = tmp_path / "plain.txt"
    plain.write_text("a file, not a folder")
    for out, words in ((plain, "this is a file, not a folder"),
                       (plain / "results", "is a file, so no folder can be made under it")):
        r = run("simulate", "--game", "sixnimmt", "--agents", "random/random", "--games", "2", "--seed", "1",
                "--out", str(out))
        assert r.returncode == 2 and r.stderr.startswith("mowkit: --out ") and words in r.stderr, r.stderr
        assert "Traceback" not in r.stderr
    assert plain.read_text() == "a file, not a folder"


def test_every_command_lists_its_subcommands_with_help_and_prints_its_help():
    import argparse

    from mowkit.cli import build_parser

    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, command in [("mowkit", parser), *sub.choices.items()]:
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                assert all(c.help for c in action._choices_actions), name
                continue
            assert action.help and action.help.strip(), f"{name} {action.option_strings or action.dest}"
    for args in ([], ["replay"], ["simulate"]):
        r = run(*args, "--help")
        assert r.returncode == 0 and "usage:" in r.stdout, r.stderr
    assert "--seed" in run("simulate", "--help").stdout
