"""Throughput of the 6 nimmt! reference engine, and the random players' mean heads per round.

Prints, for 4 and 10 players, random rounds per second on one core (one process) along two
paths: the bare engine (a random legal card each turn, Rule 4 by ``auto_row``: fewest heads,
ties to the lowest index) and the full agent loop (``RandomAgent`` through
``simulate.play_state``, building an observation for every decision). Then the mean heads per
player per round over ``--rounds`` bare-engine rounds with its standard error (from per-round
means), beside the published 12.12 (4 players) and 14.66 (10 players).

Then (``--compare``, the default) the kit's engine beside a stand-in for the Python RL engine of
johannbrehmer/rl-6-nimmt (``benchmarks/rl6nimmt_standin.py``, its algorithm re-implemented:
numpy state vectors after every step, ``np.random.choice`` per player), random rounds of 4 and
10 players, the same rounds count, repetitions interleaved, medians of rounds per CPU second: the kit's bare engine
(``legal_actions`` / ``apply`` per player, Rule 4 by ``auto_row``), the bare engine with an
observation per decision, and the guarded match loop (``play_state`` with ``"random"`` agents).

    python benchmarks/bench_sixnimmt_engine.py --rounds 100000
    python benchmarks/bench_sixnimmt_engine.py --rounds 0 --timing-rounds 2000 --reps 5
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # this checkout's mowkit, and the stand-in beside this file

from rl6nimmt_standin import StandInEnv  # noqa: E402
from rl6nimmt_standin import play_round as standin_round  # noqa: E402

from mowkit import load_game  # noqa: E402
from mowkit.simulate import play_state, random_rounds  # noqa: E402

PUBLISHED = {4: 12.12, 10: 14.66}


def engine_rounds(players: int, rounds: int, seed: int) -> np.ndarray:
    """Per-round mean heads of ``rounds`` bare-engine random rounds."""
    game = load_game("sixnimmt", players=players, auto_row=True)
    return np.mean(random_rounds(game, rounds, seed), axis=1)


def agent_rounds(players: int, rounds: int) -> None:
    game = load_game("sixnimmt", players=players, max_rounds=1)
    for seed in range(rounds):
        play_state(game, ["random"] * players, seed=seed)


def run_standin(players: int, rounds: int, seed: int) -> float:
    """Mean heads per player per round of ``rounds`` stand-in rounds."""
    np.random.seed(seed)
    env = StandInEnv(players)
    return float(np.mean([standin_round(env).mean() for _ in range(rounds)]))


def run_engine(players: int, rounds: int, seed: int, observe: bool = False) -> float:
    """The same with the kit's engine: each pending player's random legal card, ``apply``."""
    game = load_game("sixnimmt", players=players, auto_row=True, max_rounds=1)
    rnd, deals = random.Random(seed), np.random.default_rng(seed)
    total = 0
    for _ in range(rounds):
        state = game.new_state(rng=deals)
        while not state.is_over():
            for p in state.pending_players():
                legal = state.legal_actions(p)
                if observe:
                    state.observation(p)
                state.apply(legal[rnd.randrange(len(legal))])
        total += sum(state.totals)
    return total / rounds / players


def run_match(players: int, rounds: int, seed: int) -> float:
    game = load_game("sixnimmt", players=players, auto_row=True, max_rounds=1)
    total = 0
    for s in range(seed, seed + rounds):
        total += sum(play_state(game, ["random"] * players, seed=s).totals)
    return total / rounds / players


PATHS: dict[str, Callable[[int, int, int], float]] = {
    "rl-6-nimmt": run_standin,
    "engine": run_engine,
    "engine+obs": lambda n, r, s: run_engine(n, r, s, observe=True),
    "match": run_match,
}


def compare(timing_rounds: int, reps: int) -> None:
    print(f"{'players':>7} {'path':>11} {'rounds/s':>9} {'vs rl-6-nimmt':>13} {'heads/player/round':>18}")
    for players in (4, 10):
        rates: dict[str, list[float]] = {k: [] for k in PATHS}
        means: dict[str, float] = {}
        for rep in range(reps):
            for name, run in PATHS.items():
                t = time.process_time()
                means[name] = run(players, timing_rounds, 1000 * rep)
                rates[name].append(timing_rounds / (time.process_time() - t))
        base = statistics.median(rates["rl-6-nimmt"])
        for name in PATHS:
            rate = statistics.median(rates[name])
            print(f"{players:>7} {name:>11} {rate:>9.0f} {rate / base:>13.2f} {means[name]:>18.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000, help="rounds for the mean heads (per player count)")
    ap.add_argument("--timing-rounds", type=int, default=2_000, help="rounds timed for rounds/s")
    ap.add_argument("--reps", type=int, default=5, help="interleaved repetitions of the comparison")
    ap.add_argument("--no-compare", dest="compare", action="store_false", help="skip the rl-6-nimmt comparison")
    args = ap.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    if args.compare:
        compare(args.timing_rounds, args.reps)
    if not args.rounds:
        return
    for players in (4, 10):
        t = time.perf_counter()
        engine_rounds(players, args.timing_rounds, seed=1)
        bare = args.timing_rounds / (time.perf_counter() - t)
        t = time.perf_counter()
        agent_rounds(players, args.timing_rounds)
        full = args.timing_rounds / (time.perf_counter() - t)
        print(f"{players:2d} players: {bare:8.0f} rounds/s bare engine, {full:8.0f} rounds/s with agents")
    for players in (4, 10):
        t = time.perf_counter()
        means = engine_rounds(players, args.rounds, seed=players)
        se = means.std(ddof=1) / np.sqrt(len(means))
        print(
            f"{players:2d} players: mean heads per player per round {means.mean():.4f} ± {se:.4f} (SE) "
            f"over {len(means):,} rounds (published {PUBLISHED[players]}); {time.perf_counter() - t:.0f} s"
        )


if __name__ == "__main__":
    main()
