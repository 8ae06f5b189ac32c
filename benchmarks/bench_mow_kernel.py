"""Throughput of the compiled Mow kernel against the reference engine, in the same run.

Pinned to one core, for 4 and 10 farmers and the policies random, greedy and heuristic (every
seat the same), prints rounds per second of

* the engine: ``simulate.play_state`` with the built-in agents and ``max_rounds=1`` (the path
  the kernel replaces; for random farmers also the bare engine, ``simulate.random_rounds``: a
  uniformly random legal action without observations or agents),
* the kernel: ``kernels.mow.simulate_rounds`` (best of ``--repeats`` runs),

and their ratio (target: the kernel at least 50 times the engine with random farmers). Rates
are rounds per CPU second of this single-threaded process (what one core does even when other
processes share the machine) and, beside them, per wall-clock second. The mean flies of seat 0
show that both sides play the same game (outside the star a round hands out exactly the deck's
flies, 74/n or 148/n per farmer on average; seat 0 starts, so it differs a little). Then, each in
a fresh process, the compile time of the kernels with an empty cache and with the on-disk cache
(numba's ``cache=True``). Last, the Monte Carlo farmer (``mc``, 3 farmers, random rollouts):
the time of one turn decision with 10 and 100 rollouts per candidate action for both backends
(``kernels.mow.mc_action_values`` and the engine), and the time per single-round game of
``mc:rollouts=10`` (kernel) against two random farmers.

    python benchmarks/bench_mow_kernel.py
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

import numpy as np

from mowkit import load_game
from mowkit.simulate import play_state, random_rounds


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


def engine_agents(players: int, policy: str, rounds: int) -> tuple[float, float, float]:
    """Rounds/s (cpu, wall) of ``play_state`` with ``policy`` agents, one round per game; seat 0's mean."""
    game = load_game("mow", players=players, max_rounds=1)
    agents = [policy] * players
    flies = 0
    with Timer() as t:
        for seed in range(rounds):
            flies += play_state(game, agents, seed=seed).totals[0]
    return rounds / t.cpu, rounds / t.wall, flies / rounds


def engine_bare(players: int, rounds: int) -> tuple[float, float]:
    """Rounds/s (cpu, wall) of the bare engine: a uniformly random legal action."""
    with Timer() as t:
        random_rounds(load_game("mow", players=players), rounds, seed=1)
    return rounds / t.cpu, rounds / t.wall


def kernel_rate(players: int, policy: str, rounds: int, repeats: int) -> tuple[float, float, float]:
    """Best rounds/s (cpu, wall) of ``simulate_rounds`` over ``repeats`` runs; seat 0's mean flies."""
    from mowkit.games.mow.kernel import simulate_rounds

    cpu = wall = mean = 0.0
    for r in range(repeats):
        with Timer() as t:
            x = simulate_rounds(players, policy, rounds, seed=r)
        cpu = max(cpu, rounds / t.cpu)
        wall = max(wall, rounds / t.wall)
        mean = float(x[:, 0].mean())
    return cpu, wall, mean


def mc_decisions(backend: str, rollouts: int, observations: list, repeats: int = 1) -> tuple[float, float]:
    """Mean seconds (cpu, wall) of one ``mc`` turn decision over ``observations``."""
    from mowkit.agents import make_agent
    from mowkit.games.mow.kernel import turn_actions

    agent = make_agent("mow", "mc", rollouts=rollouts, backend=backend)
    rng = np.random.default_rng(0)
    with Timer() as t:
        for _ in range(repeats):
            for obs in observations:
                agent.act(obs, turn_actions(obs), rng)
    m = repeats * len(observations)
    return t.cpu / m, t.wall / m


def mc_games(games: int) -> tuple[float, float, float]:
    """Seconds per single-round game (cpu, wall) of ``mc:rollouts=10`` against two random farmers."""
    from mowkit.agents import make_agent

    game = load_game("mow", players=3, max_rounds=1)
    mc = make_agent("mow", "mc", rollouts=10)
    flies = 0
    with Timer() as t:
        for seed in range(games):
            flies += play_state(game, [mc, "random", "random"], seed=seed).totals[0]
    return t.cpu / games, t.wall / games, flies / games


def mc_observations(count: int) -> list:
    """Turn observations of 3 random farmers, a few turns into rounds (several actions each)."""
    from mowkit.agents import make_agent

    game = load_game("mow", players=3, max_rounds=1)
    rand = make_agent("mow", "random")
    rng = np.random.default_rng(1)
    out = []
    seed = 0
    while len(out) < count:
        state = game.new_state(seed=seed)
        seed += 1
        for _ in range(int(rng.integers(2, 12))):
            p = state.pending_players()[0]
            state.apply(rand.act(state.observation(p), state.legal_actions(p), rng))
        while not state.is_over() and state.phase != "play":
            p = state.pending_players()[0]
            state.apply(rand.act(state.observation(p), state.legal_actions(p), rng))
        if not state.is_over() and len(state.legal_actions()) > 1:
            out.append(state.observation(state.pending_players()[0]))
    return out


_COMPILE = """
import time
t = time.perf_counter()
from mowkit.games.mow import kernel as mow
t1 = time.perf_counter()
mow.warm_up()
t2 = time.perf_counter()
print(f"{t1 - t:.2f} {t2 - t1:.2f}")
"""


def run_python(code: str, *args: str, env: dict | None = None) -> str:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env=env, check=True)
    return out.stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine-rounds", type=int, default=1_000, help="engine rounds timed per row")
    ap.add_argument("--kernel-rounds", type=int, default=200_000,
                    help="kernel rounds timed per run (4 farmers; half for 10)")
    ap.add_argument("--repeats", type=int, default=3, help="kernel runs per row (best is shown)")
    ap.add_argument("--policies", nargs="+", default=["random", "greedy", "heuristic"])
    ap.add_argument("--mc-games", type=int, default=100, help="games timed for the mc farmer")
    args = ap.parse_args()

    note = pin_one_core()
    print(f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} cpus, "
          f"python {platform.python_version()}, numpy {np.__version__}; {note}")
    import numba

    from mowkit.games.mow.kernel import warm_up

    print(f"numba {numba.__version__}")
    warm_up()

    print("\nrounds per second: cpu = per CPU second of this one-core process, wall = per wall second")
    print(f"{'farmers':>7} {'policy':>9} {'engine cpu':>11} {'kernel cpu':>11} {'ratio':>7}"
          f" {'engine wall':>12} {'kernel wall':>12} {'ratio':>7}  seat-0 mean flies engine/kernel")
    for players in (4, 10):
        n_kernel = args.kernel_rounds if players == 4 else args.kernel_rounds // 2
        for policy in args.policies:
            e_cpu, e_wall, e_mean = engine_agents(players, policy, args.engine_rounds)
            k_cpu, k_wall, k_mean = kernel_rate(players, policy, n_kernel, args.repeats)
            print(f"{players:7d} {policy:>9} {e_cpu:11,.0f} {k_cpu:11,.0f} {k_cpu / e_cpu:6,.0f}x"
                  f" {e_wall:12,.0f} {k_wall:12,.0f} {k_wall / e_wall:6,.0f}x  {e_mean:.2f} / {k_mean:.2f}",
                  flush=True)
            if policy == "random":
                b_cpu, b_wall = engine_bare(players, args.engine_rounds)
                print(f"{players:7d} {'(bare)':>9} {b_cpu:11,.0f} {'':>11} {k_cpu / b_cpu:6,.0f}x"
                      f" {b_wall:12,.0f} {'':>12} {k_wall / b_wall:6,.0f}x  bare engine: "
                      "random legal action, no agents", flush=True)

    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cold = run_python(_COMPILE, env=env).split()
        warm = run_python(_COMPILE, env=env).split()
    print(f"\ncompile, fresh process, empty cache: import {cold[0]} s + first calls {cold[1]} s")
    print(f"compile, fresh process, cached:      import {warm[0]} s + first calls {warm[1]} s")

    obs = mc_observations(20)
    print(f"\nMonte Carlo decision (mc, 3 farmers, random rollouts; mean of {len(obs)} turn positions, "
          f"{np.mean([len(o.hand) for o in obs]):.1f} cards in hand):")
    for rollouts in (10, 100):
        k_cpu, k_wall = mc_decisions("kernel", rollouts, obs, repeats=5)
        e_cpu, e_wall = mc_decisions("engine", rollouts, obs if rollouts == 10 else obs[:4])
        print(f"  {rollouts:4d} rollouts: kernel {1e3 * k_cpu:8.2f} ms cpu ({1e3 * k_wall:8.2f} wall), "
              f"engine {1e3 * e_cpu:8.1f} ms cpu ({1e3 * e_wall:8.1f} wall), ratio {e_cpu / k_cpu:,.0f}x",
              flush=True)
    g_cpu, g_wall, g_mean = mc_games(args.mc_games)
    print(f"  mc:rollouts=10 (kernel) vs 2 random farmers: {1e3 * g_cpu:.1f} ms cpu ({1e3 * g_wall:.1f} wall) "
          f"per single-round game over {args.mc_games} games; mc mean flies {g_mean:.2f}")


if __name__ == "__main__":
    main()
