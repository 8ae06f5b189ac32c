"""Throughput of the 6 nimmt! reference engine, and the random players' mean heads per round.

Prints, for 4 and 10 players, random rounds per second on one core (one process) along two
paths: the bare engine (a random legal card each turn, Rule 4 by ``auto_row``: fewest heads,
ties to the lowest index) and the full agent loop (``RandomAgent`` through
``simulate.play_state``, building an observation for every decision). Then the mean heads per
player per round over ``--rounds`` bare-engine rounds with its standard error (from per-round
means), beside the published 12.12 (4 players) and 14.66 (10 players).

    python benchmarks/bench_sixnimmt_engine.py --rounds 100000
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from mowkit import load_game
from mowkit.simulate import play_state, random_rounds

PUBLISHED = {4: 12.12, 10: 14.66}


def engine_rounds(players: int, rounds: int, seed: int) -> np.ndarray:
    """Per-round mean heads of ``rounds`` bare-engine random rounds."""
    game = load_game("sixnimmt", players=players, auto_row=True)
    return np.mean(random_rounds(game, rounds, seed), axis=1)


def agent_rounds(players: int, rounds: int) -> None:
    game = load_game("sixnimmt", players=players, max_rounds=1)
    for seed in range(rounds):
        play_state(game, ["random"] * players, seed=seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000, help="rounds for the mean heads (per player count)")
    ap.add_argument("--timing-rounds", type=int, default=2_000, help="rounds timed for rounds/s")
    args = ap.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
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
