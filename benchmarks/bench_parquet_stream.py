"""6 nimmt! games streamed to Parquet with ``collect=False``: games/s, rows, MB on disk, peak memory.

    python benchmarks/bench_parquet_stream.py                   # 10,000,000 games (issue 13's target)
    python benchmarks/bench_parquet_stream.py --games 200000    # a shorter run
    python benchmarks/bench_parquet_stream.py --games 200000 --chunk-games 50000 --per-game --read

Four players, built-in kernel agents (greedy + three random by default), ``backend="kernel"``, one
process, chunks written to a temporary folder (removed at the end unless ``--keep FOLDER``). Peak
memory is the process's high-water mark (``resource.getrusage().ru_maxrss``) and the highest
resident size sampled every 20 ms during the run; "above start" subtracts the resident size after
imports and the kernel warm-up. Target (issue 13): 10 million games with peak memory < 1 GiB.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mowkit.store import _write_parquet, iter_results, per_game, read_verified  # noqa: E402
from mowkit.tournament import tournament  # noqa: E402

MiB = 1024 * 1024


def rss() -> int:
    """The resident set size of this process now, in bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def max_rss() -> int:
    """The process's peak resident set size so far, in bytes (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class Sampler:
    """The highest resident size seen while the block runs (sampled every 20 ms)."""

    def __enter__(self) -> Sampler:
        self.peak = rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, rss())

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, rss())


def store_cost(path: Path, repeat: int = 3) -> None:
    """One chunk written and read with and without the checksums (best of ``repeat``, same run)."""
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    df = read_verified(path)[0]
    prov = read_verified(path)[1]
    out = path.parent / "timing.parquet"

    def best(fn) -> float:
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return min(times)

    plain_w = best(lambda: pq.write_table(pa.Table.from_pandas(df, preserve_index=False), out))
    ours_w = best(lambda: _write_parquet(df, out, prov))
    plain_r = best(lambda: pd.read_parquet(out))
    ours_r = best(lambda: read_verified(out))
    out.unlink()
    print(f"  one chunk ({len(df):,} rows): write {ours_w:.2f} s with checksums vs {plain_w:.2f} s plain pyarrow "
          f"({ours_w / plain_w:.2f}x); read {ours_r:.2f} s verified vs {plain_r:.2f} s pd.read_parquet "
          f"({ours_r / plain_r:.2f}x)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000_000)
    ap.add_argument("--chunk-games", type=int, default=None, help="games per chunk (default: tournament's)")
    ap.add_argument("--agents", default="greedy/random/random/random")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--keep", default=None, help="write the chunks to this folder and keep them")
    ap.add_argument("--per-game", action="store_true", help="also time per_game(folder) and its memory")
    ap.add_argument("--read", action="store_true", help="also time verified reads, and the checksums' cost")
    args = ap.parse_args()
    agents = args.agents.split("/")

    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    t = time.perf_counter()
    tournament("sixnimmt", agents, 400, 0, players=4, backend="kernel", progress=False)  # compile / load cache
    print(f"warm-up (kernel compile or cache load + 400 games): {time.perf_counter() - t:.1f} s")
    start_rss = rss()

    tmp = None
    folder = Path(args.keep) if args.keep else Path(tmp := tempfile.mkdtemp(prefix="mowkit-stream-")) / "run"
    try:
        with Sampler() as s:
            t = time.perf_counter()
            handle = tournament("sixnimmt", agents, args.games, args.seed, players=4, backend="kernel",
                                out=folder, collect=False, chunk_games=args.chunk_games, progress=False)
            dt = time.perf_counter() - t
        disk = sum(p.stat().st_size for p in folder.glob("chunk-*.parquet"))
        print(f"{args.games:,} games of 6 nimmt!, 4 players ({'/'.join(agents)}), backend=kernel, "
              f"collect=False, {handle.chunks} chunks of {handle.provenance['chunk_games']:,} games")
        print(f"  time {dt:.1f} s: {args.games / dt:,.0f} games/s, {handle.rows / dt:,.0f} rows/s")
        print(f"  rows {handle.rows:,} ({handle.rows / args.games:.2f} per game); on disk {disk / 1e6:,.1f} MB "
              f"({disk / handle.rows:.2f} bytes/row)")
        print(f"  memory: resident at start {start_rss / MiB:,.0f} MiB; peak during the run {s.peak / MiB:,.0f} MiB "
              f"({(s.peak - start_rss) / MiB:,.0f} MiB above start); process peak (ru_maxrss) "
              f"{max_rss() / MiB:,.0f} MiB; target < 1024 MiB")
        if args.read:
            with Sampler() as s:
                t = time.perf_counter()
                total = n = 0
                for part in iter_results(folder, columns=["penalty"]):
                    total += int(part["penalty"].sum())
                    n += len(part)
                dt = time.perf_counter() - t
            print(f"  verified read of the penalty column, chunk by chunk: {dt:.1f} s "
                  f"({n / dt:,.0f} rows/s), mean penalty per round {total / n:.3f}, "
                  f"peak {s.peak / MiB:,.0f} MiB")
            store_cost(folder / "chunk-00000.parquet")
        if args.per_game:
            with Sampler() as s:
                t = time.perf_counter()
                games = per_game(folder)
                dt = time.perf_counter() - t
            size = games.memory_usage(deep=True).sum()
            print(f"  per_game(folder): {dt:.1f} s ({args.games / dt:,.0f} games/s), {len(games):,} rows, "
                  f"{size / MiB:,.0f} MiB ({size / len(games):.1f} bytes per player per game), "
                  f"peak {s.peak / MiB:,.0f} MiB")
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
