"""Throughput of the compiled 6 nimmt! kernel against the reference engine, in the same run.

Pinned to one core, for 4 and 10 players and the policies random, lowest and greedy (every
seat the same), prints rounds per second of

* the engine: ``simulate.play_state`` with the built-in agents and ``max_rounds=1`` (the path
  the kernel replaces; for random players also the bare engine: a random legal card, Rule 4 by
  ``auto_row``, as ``bench_sixnimmt_engine.py`` times it),
* the kernel: ``kernels.sixnimmt.simulate_rounds`` (best of ``--repeats`` runs),

and their ratio. Rates are rounds per CPU second of this single-threaded process (what one
core does even when other processes share the machine) and, beside them, per wall-clock second. Then, each in a fresh process: the compile time of the kernels with an empty
cache and with the on-disk cache (numba's ``cache=True``), and the peak memory (``ru_maxrss``)
of a tournament-like run of ``--memory-rounds`` rounds (4 seats: greedy, random, lowest,
highest) summarised in bounded chunks by ``summarize_rounds``.

    python benchmarks/bench_sixnimmt_kernel.py
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

from mowkit import load_game
from mowkit.simulate import play_state

PUBLISHED = {4: 12.12, 10: 14.66}


def pin_one_core() -> str:
    """Run this process on one CPU (Linux); returns a note for the output."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to cpu {cpu}"
    return "not pinned (no sched_setaffinity)"


class Timer:
    """CPU and wall-clock seconds of a block."""

    def __enter__(self) -> Timer:
        self.cpu, self.wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu = time.process_time() - self.cpu
        self.wall = time.perf_counter() - self.wall


def engine_agents(players: int, policy: str, rounds: int) -> tuple[float, float]:
    """Rounds/s (cpu, wall) of ``play_state`` with ``policy`` agents, one round per game."""
    game = load_game("sixnimmt", players=players, max_rounds=1)
    agents = [policy] * players
    with Timer() as t:
        for seed in range(rounds):
            play_state(game, agents, seed=seed)
    return rounds / t.cpu, rounds / t.wall


def engine_bare(players: int, rounds: int) -> tuple[float, float]:
    """Rounds/s (cpu, wall) of the bare engine: a random legal card, Rule 4 by auto_row."""
    game = load_game("sixnimmt", players=players, max_rounds=1, auto_row=True)
    rng = np.random.default_rng(1)
    with Timer() as t:
        for _ in range(rounds):
            state = game.new_state(rng=rng)
            while not state.is_over():
                for p in state.pending_players():
                    legal = state.legal_actions(p)
                    state.apply(legal[int(rng.integers(len(legal)))])
    return rounds / t.cpu, rounds / t.wall


def kernel_rate(players: int, policy: str, rounds: int, repeats: int) -> tuple[float, float, float]:
    """Best rounds/s (cpu, wall) of ``simulate_rounds`` over ``repeats`` runs; mean heads."""
    from mowkit.games.sixnimmt.kernel import simulate_rounds

    cpu = wall = mean = 0.0
    for r in range(repeats):
        with Timer() as t:
            x = simulate_rounds(players, policy, rounds, seed=r)
        cpu = max(cpu, rounds / t.cpu)
        wall = max(wall, rounds / t.wall)
        mean = float(x.mean())
    return cpu, wall, mean


_COMPILE = """
import time
t = time.perf_counter()
from mowkit.games.sixnimmt import kernel as sixnimmt
t1 = time.perf_counter()
sixnimmt.warm_up()
t2 = time.perf_counter()
print(f"{t1 - t:.2f} {t2 - t1:.2f}")
"""

_MEMORY = """
import resource, sys, time
from mowkit.games.sixnimmt.kernel import summarize_rounds, warm_up
warm_up()
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
s = summarize_rounds(4, ["greedy", "random", "lowest", "highest"], int(sys.argv[1]), seed=1)
dt = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(base, peak, dt, s["rounds"], ",".join(f"{m:.3f}" for m in s["mean"]),
      ",".join(f"{w:.4f}" for w in s["wins"]))
"""


def run_python(code: str, *args: str, env: dict | None = None) -> str:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env=env, check=True)
    return out.stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine-rounds", type=int, default=1_000, help="engine rounds timed per row")
    ap.add_argument("--kernel-rounds", type=int, default=1_000_000,
                    help="kernel rounds timed per run (4 players; a third for 10)")
    ap.add_argument("--repeats", type=int, default=3, help="kernel runs per row (best is shown)")
    ap.add_argument("--memory-rounds", type=int, default=10_000_000)
    args = ap.parse_args()

    note = pin_one_core()
    print(f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} cpus, "
          f"python {platform.python_version()}, numpy {np.__version__}; {note}")
    import numba

    from mowkit.games.sixnimmt.kernel import warm_up

    print(f"numba {numba.__version__}")
    warm_up()

    print("\nrounds per second: cpu = per CPU second of this one-core process, wall = per wall second")
    print(f"{'players':>7} {'policy':>8} {'engine cpu':>11} {'kernel cpu':>11} {'ratio':>7}"
          f" {'engine wall':>12} {'kernel wall':>12} {'ratio':>7}  kernel mean heads")
    for players in (4, 10):
        n_kernel = args.kernel_rounds if players == 4 else args.kernel_rounds // 3
        for policy in ("random", "lowest", "greedy"):
            e_cpu, e_wall = engine_agents(players, policy, args.engine_rounds)
            k_cpu, k_wall, mean = kernel_rate(players, policy, n_kernel, args.repeats)
            extra = f" (published {PUBLISHED[players]})" if policy == "random" else ""
            print(f"{players:7d} {policy:>8} {e_cpu:11,.0f} {k_cpu:11,.0f} {k_cpu / e_cpu:6,.0f}x"
                  f" {e_wall:12,.0f} {k_wall:12,.0f} {k_wall / e_wall:6,.0f}x  {mean:.3f}{extra}")
            if policy == "random":
                b_cpu, b_wall = engine_bare(players, args.engine_rounds)
                print(f"{players:7d} {'(bare)':>8} {b_cpu:11,.0f} {'':>11} {k_cpu / b_cpu:6,.0f}x"
                      f" {b_wall:12,.0f} {'':>12} {k_wall / b_wall:6,.0f}x  bare engine: "
                      "random legal card, auto_row")

    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cold = run_python(_COMPILE, env=env).split()
        warm = run_python(_COMPILE, env=env).split()
    print(f"\ncompile, fresh process, empty cache: import {cold[0]} s + first calls {cold[1]} s")
    print(f"compile, fresh process, cached:      import {warm[0]} s + first calls {warm[1]} s")

    base, peak, dt, n, means, wins = run_python(_MEMORY, str(args.memory_rounds)).split()
    mib = 1024 if sys.platform != "darwin" else 1024 * 1024
    print(f"\n{int(n):,}-round tournament-like run (greedy, random, lowest, highest; "
          f"summarize_rounds, chunks of 2**20 rounds): {float(dt):.1f} s, "
          f"{int(n) / float(dt):,.0f} rounds/s")
    print(f"peak memory (ru_maxrss) {int(peak) / mib:,.0f} MiB; after import and compile "
          f"{int(base) / mib:,.0f} MiB (target < 1024 MiB)")
    print(f"per seat: mean heads {means}; win shares {wins}")
    print(f"(this benchmark process itself peaked at "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / mib:,.0f} MiB)")


if __name__ == "__main__":
    main()
