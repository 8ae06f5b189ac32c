"""Peak memory of a tournament kept in memory, collected from its folder, and streamed; the lock's cost.

    python benchmarks/bench_collect_memory.py                      # memory (300,000 games) and lock
    python benchmarks/bench_collect_memory.py --games 1000000 --parts memory
    python benchmarks/bench_collect_memory.py --root /path/to/other/checkout   # the same on other code

Prints:

* ``memory``: for a 6 nimmt! tournament on the kernel backend (4 players: highest + 3 random,
  whole games to 66, serial), the peak resident memory (``resource.getrusage`` ``ru_maxrss``) of
  three runs, each in a new process: ``tournament(...)`` in memory (``collect=True``, no ``out``),
  ``out=FOLDER`` with ``collect=True``, and ``out=FOLDER`` with ``collect=False``. Each process first
  plays a small tournament (the kernel loaded, pandas and pyarrow warm), notes its peak so far
  (``base``), then plays the measured one; ``run`` is the peak above ``base``. The ratios are to
  the in-memory run of the same invocation.
* ``lock``: seconds per small tournament into a folder (2,000 games in 20 chunks, ``collect=False``)
  as shipped, with the folder lock replaced by nothing, and with neither the lock nor ``fsync``;
  median over interleaved repetitions, in one process.

``--root`` runs the memory part on the ``mowkit`` of another checkout (e.g. an export of ``main``,
to measure "before"); the lock part needs this checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
AGENTS = ["highest", "random", "random", "random"]

CASE = r"""
import json, resource, shutil, sys, tempfile
from mowkit.tournament import tournament

games, case = int(sys.argv[1]), sys.argv[2]
agents = ["highest", "random", "random", "random"]
kw = dict(players=4, backend="kernel", progress=False)
warm = tempfile.mkdtemp()
tournament("sixnimmt", agents, 2000, 1, out=warm + "/w", **kw)  # kernel, pandas, pyarrow and the writer warm
tournament("sixnimmt", agents, 2000, 1, **kw)
shutil.rmtree(warm)
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
folder = tempfile.mkdtemp()
try:
    if case == "memory":
        out = tournament("sixnimmt", agents, games, 2026, **kw)
    elif case == "out+collect":
        out = tournament("sixnimmt", agents, games, 2026, out=folder + "/t", **kw)
    else:
        out = tournament("sixnimmt", agents, games, 2026, out=folder + "/t", collect=False, **kw)
    rows = out.rows if case == "out, collect=False" else len(out)
finally:
    shutil.rmtree(folder)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"base": base * 1024, "peak": peak * 1024, "rows": rows}))
"""

CASES = ["memory", "out+collect", "out, collect=False"]


def memory(games: int, root: Path) -> None:
    """Each case in its own process: peak RSS, and the peak above the warmed process."""
    print(f"memory: 6 nimmt! kernel, {games:,} games, {' '.join(AGENTS)}, serial; code from {root}")
    found = {}
    for case in CASES:
        t0 = time.perf_counter()
        res = subprocess.run([sys.executable, "-c", CASE, str(games), case], cwd=root, capture_output=True,
                             text=True, env={**os.environ, "PYTHONPATH": str(root)})
        if res.returncode:
            print(res.stderr[-2000:])
            raise SystemExit(f"case {case} failed")
        found[case] = json.loads(res.stdout.strip().splitlines()[-1])
        found[case]["seconds"] = time.perf_counter() - t0
    ref = found["memory"]
    mib = 2**20
    print(f"{'case':<22}{'rows':>12}{'peak MiB':>10}{'run MiB':>9}{'peak/mem':>10}{'run/mem':>9}{'s':>7}")
    for case, f in found.items():
        run, ref_run = f["peak"] - f["base"], ref["peak"] - ref["base"]
        print(f"{case:<22}{f['rows']:>12,}{f['peak'] / mib:>10.0f}{run / mib:>9.0f}"
              f"{f['peak'] / ref['peak']:>10.2f}{run / ref_run:>9.2f}{f['seconds']:>7.1f}")


def lock_cost(reps: int) -> None:
    """Seconds per small tournament into a folder: shipped, without the lock, without lock and fsync."""
    from contextlib import contextmanager

    import mowkit.store as store
    import mowkit.tournament.runner as runner
    from mowkit.tournament import tournament

    real_writing, real_fsync = runner.writing, os.fsync

    @contextmanager
    def no_lock(folder, out, timeout, about):  # the folder is made, nothing locked
        folder.mkdir(parents=True, exist_ok=True)
        yield

    def play(tag: str) -> float:
        runner.writing = real_writing if tag == "shipped" else no_lock
        store.os.fsync = real_fsync if tag != "no lock, no fsync" else (lambda fd: None)  # type: ignore[attr-defined]
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            tournament("sixnimmt", AGENTS, 2000, 1, players=4, backend="kernel", out=Path(d) / "t", chunk_games=100,
                       collect=False, progress=False)
            return time.perf_counter() - t0

    tags = ["shipped", "no lock", "no lock, no fsync"]
    play("shipped")  # warm
    times: dict[str, list[float]] = {t: [] for t in tags}
    try:
        for _ in range(reps):
            for t in tags:
                times[t].append(play(t))
    finally:
        runner.writing, store.os.fsync = real_writing, real_fsync  # type: ignore[attr-defined]
    ref = sorted(times["no lock"])[reps // 2]
    print(f"lock: 2,000 games of 6 nimmt! (kernel) in 20 chunks into a folder, collect=False; median of {reps}")
    for t in tags:
        med = sorted(times[t])[reps // 2]
        print(f"  {t:<20} {med * 1000:8.1f} ms   {med / ref:5.2f}x of 'no lock'")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300_000)
    ap.add_argument("--parts", nargs="+", default=["memory", "lock"], choices=["memory", "lock"])
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--root", type=Path, default=HERE)
    args = ap.parse_args()
    print(f"{platform.platform()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if "memory" in args.parts:
        memory(args.games, args.root.resolve())
    if "lock" in args.parts:
        lock_cost(args.reps)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
