"""Sharing a results folder (issue 21 §1): one writer at a time, no live writer's file deleted,
chunks synced to the disk, handles that notice another run's chunks; and what ends a run early.

The concurrency tests start real processes (``python -c`` in the repository root) that run
tournaments on one ``out`` folder. Process A blocks in its progress callback after its first
chunk is written, until the test opens a gate file, so B always starts while A holds the folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from mowkit import OptionError, RecordError
from mowkit.match import AgentError
from mowkit.store import read_results
from mowkit.tournament import (
    MAX_GAMES,
    FolderInUseError,
    TournamentPlan,
    open_results,
    remove_stale_temporaries,
    tournament,
)

ROOT = Path(__file__).resolve().parent.parent
AGENTS = ["random", "greedy", "random"]
RUN = dict(players=3, chunk_games=3, backend="engine")

WRITER = r"""
import json, os, sys, time
from pathlib import Path
from mowkit.tournament import tournament

folder, seed, gate, ready, extra = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
held = []

def progress(done, total):
    if gate != "-" and not held:  # after the first chunk: say so, then wait for the gate
        held.append(1)
        Path(ready).write_text(str(os.getpid()))
        while not Path(gate).exists():
            time.sleep(0.02)

try:
    df = tournament("sixnimmt", ["random", "greedy", "random"], 12, seed, players=3, out=folder, chunk_games=3,
                    backend="engine", progress=progress, **extra)
    print(json.dumps({"ok": True, "rows": len(df), "t": time.time()}))
except Exception as e:
    print(json.dumps({"ok": False, "type": type(e).__name__, "message": str(e), "t": time.time(),
                      "holder": getattr(e, "holder", None)}))
"""


def start(folder: Path, seed: int, gate: Path | None = None, ready: Path | None = None,
          **extra: object) -> subprocess.Popen[str]:
    """A tournament on ``folder`` in a new process (held at its first chunk when ``gate`` is given)."""
    args = [sys.executable, "-c", WRITER, str(folder), str(seed), str(gate or "-"), str(ready or "-"),
            json.dumps(extra)]
    return subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def outcome(proc: subprocess.Popen[str], timeout: float = 300) -> dict:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def wait_for(path: Path, proc: subprocess.Popen[str], timeout: float = 300) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, "the writer never reached its first chunk"
        time.sleep(0.05)


def expected(seed: int) -> pd.DataFrame:
    return tournament("sixnimmt", AGENTS, 12, seed, progress=False, **RUN)


@pytest.mark.parametrize("second_seed", [5, 6], ids=["same seed", "another seed"])
def test_a_second_run_on_a_folder_in_use_is_refused_naming_the_holder(tmp_path, second_seed):
    folder, gate, ready = tmp_path / "out", tmp_path / "gate", tmp_path / "ready"
    a = start(folder, 5, gate, ready)
    try:
        wait_for(ready, a)
        b = outcome(start(folder, second_seed))
    finally:
        gate.write_text("go")
    first = outcome(a)
    assert first["ok"], first
    assert not b["ok"] and b["type"] == "FolderInUseError", b
    assert str(folder) in b["message"] and f"process {a.pid}" in b["message"], b["message"]
    assert b["holder"]["pid"] == a.pid and b["holder"]["seed"] == 5
    # A's run is whole: every chunk its own, the table the in-memory run's
    df = read_results(folder)
    assert df.attrs["provenance"]["seed"] == 5
    pd.testing.assert_frame_equal(df, expected(5), check_like=False)
    assert not (folder / ".mowkit-writer.json").exists()  # the holder's note goes with the lock


def test_a_second_run_asked_to_wait_runs_after_the_first_and_both_are_intact(tmp_path):
    folder, gate, ready = tmp_path / "out", tmp_path / "gate", tmp_path / "ready"
    a = start(folder, 5, gate, ready)
    try:
        wait_for(ready, a)
        b = start(folder, 5, lock_timeout=None)  # the same run: it waits, then resumes a finished folder
        time.sleep(3)
        assert b.poll() is None  # still waiting for the folder
        opened = time.time()
    finally:
        gate.write_text("go")
    first, second = outcome(a), outcome(b)
    assert first["ok"] and second["ok"], (first, second)
    assert second["t"] >= first["t"] >= opened  # B finished after A
    assert first["rows"] == second["rows"] == len(expected(5))
    pd.testing.assert_frame_equal(read_results(folder), expected(5))


def test_waiting_with_a_limit_ends_in_the_error(tmp_path):
    folder, gate, ready = tmp_path / "out", tmp_path / "gate", tmp_path / "ready"
    a = start(folder, 5, gate, ready)
    try:
        wait_for(ready, a)
        b = outcome(start(folder, 6, lock_timeout=0.5))
    finally:
        gate.write_text("go")
    assert outcome(a)["ok"]
    assert b["type"] == "FolderInUseError" and "0.5" in b["message"] and "lock_timeout" in b["message"], b


def test_the_lock_holds_within_one_process_too(tmp_path):
    """A run started from inside another run's progress callback (same process) is refused."""
    folder = tmp_path / "out"
    seen = []

    def progress(done, total):
        if not seen:
            with pytest.raises(FolderInUseError) as e:
                tournament("sixnimmt", AGENTS, 12, 6, out=folder, progress=False, **RUN)
            seen.append(e.value)

    tournament("sixnimmt", AGENTS, 12, 5, out=folder, progress=progress, **RUN)
    assert seen and seen[0].holder["pid"] == os.getpid() and seen[0].folder == folder


def test_a_live_writers_temporary_survives_another_runs_clean_up(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    try:
        kept = folder / f".chunk-00001.parquet.{live.pid}.ab12cd34.tmp"
        gone = folder / f".chunk-00002.parquet.{dead.pid}.ab12cd34.tmp"
        for f in (kept, gone):
            f.write_bytes(b"half a chunk")
        tournament("sixnimmt", AGENTS, 12, 5, out=folder, progress=False, **RUN)
        assert kept.exists() and kept.read_bytes() == b"half a chunk"
        assert not gone.exists()
        assert remove_stale_temporaries(folder) == []  # still alive: still kept
    finally:
        live.kill()
        live.wait()
    assert remove_stale_temporaries(folder) == [kept]  # its writer gone: now it goes


def test_a_chunk_is_synced_before_its_rename_and_the_folder_after(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        return real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", str(src), str(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    folder = tmp_path / "out"
    tournament("sixnimmt", AGENTS, 6, 5, out=folder, progress=False, **RUN)
    chunk = str(folder / "chunk-00001.parquet")
    at = next(i for i, e in enumerate(events) if e[0] == "replace" and e[2] == chunk)
    tmp = events[at][1]
    assert Path(tmp).name.startswith(f".chunk-00001.parquet.{os.getpid()}.")
    assert ("fsync", tmp) in events[:at]  # the file's bytes on the disk before it gets its name
    assert ("fsync", str(folder)) in events[at + 1:]  # and the new name after


def test_a_handle_refuses_a_folder_another_run_wrote_into(tmp_path):
    """Today's lost run: B's chunks replaced A's; A's handle must not read B's rows as its own."""
    folder = tmp_path / "out"
    handle = tournament("sixnimmt", AGENTS, 12, 5, out=folder, collect=False, progress=False, **RUN)
    for f in folder.glob("chunk-*.parquet"):
        f.unlink()
    tournament("sixnimmt", AGENTS, 12, 6, out=folder, collect=False, progress=False, **RUN)
    for read in (handle.read, lambda: list(handle.iter()), handle.per_game, handle.dask):
        with pytest.raises(RecordError) as e:
            read()
        assert e.value.source == str(folder / "chunk-00000.parquet") and e.value.field == "metadata.mowkit.seed"
        assert "another run" in str(e.value)


def test_a_collecting_run_into_a_folder_returns_the_in_memory_table(tmp_path):
    got = tournament("sixnimmt", AGENTS, 12, 5, out=tmp_path / "out", progress=False, **RUN)
    pd.testing.assert_frame_equal(got, expected(5))
    assert got.attrs["provenance"] == expected(5).attrs["provenance"]


def test_an_absurd_number_of_games_is_refused_before_any_work():
    start_time = time.process_time()
    for bad in (10**30, MAX_GAMES + 1):
        with pytest.raises(OptionError) as e:
            TournamentPlan("sixnimmt", AGENTS, bad, 1, options={"players": 3})
        assert e.value.option == "n_games" and f"1..{MAX_GAMES}" in e.value.allowed
    with pytest.raises(OptionError) as e:
        TournamentPlan("sixnimmt", AGENTS, MAX_GAMES, 1, chunk_games=1, options={"players": 3})
    assert e.value.option == "chunk_games" and "1000" in e.value.allowed
    assert time.process_time() - start_time < 30  # a refusal, not a list of chunks (generous bound)


@pytest.mark.parametrize("bad", [-1, 0, float("nan"), float("inf"), True, "5"])
def test_the_lock_and_decision_timeouts_are_checked(bad):
    for option in ("decision_timeout", "lock_timeout"):
        if option == "lock_timeout" and bad == 0:
            continue  # 0 is the default: refuse at once
        with pytest.raises(OptionError) as e:
            TournamentPlan("sixnimmt", AGENTS, 3, 1, options={"players": 3}, **{option: bad})
        assert e.value.option == option


def test_the_decision_timeout_and_game_number_reach_the_match(monkeypatch):
    """Each game's Match gets decision_timeout and its index from 1 (when the loop takes them)."""
    import mowkit.tournament.chunks as chunks
    from mowkit.match import Match

    seen = []

    class Recording(Match):
        def __init__(self, *args, decision_timeout=None, game_number=None, **kwargs):
            seen.append((game_number, decision_timeout))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(chunks, "Match", Recording)
    tournament("sixnimmt", AGENTS, 4, 5, decision_timeout=2.5, progress=False, **RUN)
    assert seen == [(1, 2.5), (2, 2.5), (3, 2.5), (4, 2.5)]
    seen.clear()
    tournament("sixnimmt", AGENTS, 2, 5, progress=False, **RUN)
    assert seen == [(1, None), (2, None)]


class Faulty:
    """An agent object that fails in the game with index ``bad`` (it counts games by its first
    decision of each; every game starts from a fresh copy, so the count lives in the class)."""

    name = "faulty"
    games: list[int] = []
    bad = 8

    def __init__(self) -> None:
        self.started = False

    def act(self, observation, legal_actions, rng):
        if not self.started:
            self.started = True
            Faulty.games.append(1)
        if len(Faulty.games) == Faulty.bad:
            raise KeyError("my agent bug")
        return legal_actions[0]


def test_an_agent_error_keeps_the_finished_chunks_readable(tmp_path):
    folder = tmp_path / "out"
    Faulty.games, Faulty.bad = [], 8
    with pytest.raises(AgentError) as e:
        tournament("sixnimmt", [Faulty(), "random", "random"], 12, 5, out=folder, progress=False, **RUN)
    assert isinstance(e.value.__cause__, KeyError) and "my agent bug" in str(e.value.__cause__)
    assert e.value.game_number == 8 and e.value.agent == "faulty" and "8" in str(e.value)
    handle = open_results(folder, partial=True)
    assert handle.chunks == 2  # games 0-5 finished before the 8th game failed
    df = read_results(folder, partial=True)
    assert sorted(df["game"].unique()) == list(range(6))
    assert not (folder / ".mowkit-writer.json").exists()
    assert [p.name for p in folder.glob(".chunk-*.tmp")] == []
    # the lock went with the failed run: a rerun (a good agent under the same name) resumes
    Faulty.games, Faulty.bad = [], 0
    again = tournament("sixnimmt", [Faulty(), "random", "random"], 12, 5, out=folder, progress=False, **RUN)
    assert sorted(again["game"].unique()) == list(range(12))


class Asleep:
    """An agent object that never answers."""

    name = "asleep"

    def act(self, observation, legal_actions, rng):
        time.sleep(3600)


def test_a_bot_that_never_answers_ends_the_tournament_within_its_decision_timeout(tmp_path):
    started = time.monotonic()
    with pytest.raises(AgentError) as e:
        tournament("sixnimmt", [Asleep(), "random", "random"], 4, 5, out=tmp_path / "out", decision_timeout=0.3,
                   progress=False, **RUN)
    assert e.value.timeout == 0.3 and e.value.game_number == 1 and e.value.agent == "asleep"
    assert time.monotonic() - started < 600  # it ended (generous: the machine is shared), not hung
