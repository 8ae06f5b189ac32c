"""A tournament on a Dask cluster started as a user would: `dask scheduler` and `dask worker` processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pandas as pd

from mowkit.store import read_results
from mowkit.tournament import tournament

ROOT = Path(__file__).resolve().parents[1]
DASK = Path(sys.executable).parent / "dask"
ENGINE_AGENTS = ["highest", "random", "random", "random"]
KERNEL_AGENTS = ["greedy", "random", "lowest", "random"]


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:  # a zombie (ended, not yet reaped by its parent) counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except (OSError, IndexError):
        return True


@contextmanager
def cluster(tmp_path: Path):
    """A scheduler and one single-threaded worker, each its own process group; always stopped."""
    scheduler_file = tmp_path / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    procs: list[subprocess.Popen] = []
    logs = []

    def start(name: str, *args: str) -> subprocess.Popen:
        log = (tmp_path / f"{name}.log").open("w")
        logs.append(log)
        proc = subprocess.Popen([str(DASK), *args], stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp_path,
                                start_new_session=True)
        procs.append(proc)
        return proc

    def log_text(name: str) -> str:
        return (tmp_path / f"{name}.log").read_text()[-2000:]

    try:
        scheduler = start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file",
                          str(scheduler_file), "--no-dashboard", "--idle-timeout", "300")
        deadline = time.monotonic() + 30
        while True:  # the scheduler writes its address when it is up
            try:
                address = json.loads(scheduler_file.read_text())["address"]
                break
            except (OSError, ValueError, KeyError):
                pass
            assert scheduler.poll() is None, "scheduler exited:\n" + log_text("scheduler")
            assert time.monotonic() < deadline, "scheduler not up within 30 s:\n" + log_text("scheduler")
            time.sleep(0.2)
        assert address.startswith("tcp://127.0.0.1:")
        start("worker", "worker", "--scheduler-file", str(scheduler_file), "--nthreads", "1", "--host", "127.0.0.1",
              "--no-dashboard", "--death-timeout", "60", "--local-directory", str(tmp_path / "worker"))
        yield scheduler_file, procs
    finally:
        for proc in reversed(procs):  # the worker (and its nanny's child) first, then the scheduler
            if proc.poll() is None:
                try:
                    proc.wait(timeout=10)  # after client.shutdown() they end by themselves
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGTERM)
                    try:
                        proc.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        os.killpg(proc.pid, signal.SIGKILL)
                        proc.wait(timeout=10)
        for log in logs:
            log.close()


def test_the_same_tables_on_separate_scheduler_and_worker_processes(tmp_path):
    from distributed import Client

    serial_engine = tournament("sixnimmt", ENGINE_AGENTS, 8, 5, players=4, progress=False, backend="engine")
    serial_kernel = tournament("sixnimmt", KERNEL_AGENTS, 60, 5, players=4, progress=False, backend="kernel")
    with cluster(tmp_path) as (scheduler_file, procs):
        with Client(scheduler_file=str(scheduler_file), timeout="30s") as client:
            client.wait_for_workers(1, timeout=60)
            workers = client.run(os.getpid)
            assert len(workers) == 1 and os.getpid() not in workers.values()  # another process
            engine = tournament("sixnimmt", ENGINE_AGENTS, 8, 5, players=4, progress=False, backend="engine",
                                client=client, chunk_games=3)
            kernel = tournament("sixnimmt", KERNEL_AGENTS, 60, 5, players=4, progress=False, backend="kernel",
                                client=client, chunk_games=7)
            streamed = tournament("sixnimmt", KERNEL_AGENTS, 60, 5, players=4, progress=False,
                                  backend="kernel", client=client, chunk_games=11, out=tmp_path / "out",
                                  collect=False)
            client.shutdown()  # scheduler and worker stop
        procs_ended = time.monotonic() + 20
        while not all(_gone(pid) for pid in workers.values()) and time.monotonic() < procs_ended:
            time.sleep(0.2)
    assert all(_gone(pid) for pid in workers.values()), "the worker process outlived the cluster"
    assert len(procs) == 2 and all(p.poll() is not None for p in procs)  # scheduler and worker ended
    assert engine.attrs["backend"] == "engine" and kernel.attrs["backend"] == "kernel"
    pd.testing.assert_frame_equal(engine, serial_engine)
    pd.testing.assert_frame_equal(kernel, serial_kernel)
    assert streamed.chunks == 6 and streamed.rows == len(serial_kernel)
    pd.testing.assert_frame_equal(read_results(tmp_path / "out"), serial_kernel)
