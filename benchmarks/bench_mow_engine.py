"""Mow reference engine throughput: random-agent rounds per second on one core, and mean flies.

A round is one game with ``max_rounds=1`` played by :func:`mowkit.simulate.play_state` with every
seat ``"random"``, seeds 0..N-1. Prints, for 3, 5 and 10 farmers, rounds per second and the mean
flies per farmer per round, with the spread of one farmer's flies (standard deviation) and the
number of decisions per round. Outside the star every card ends a round in some cowshed (the herd
taken last, the hands), so the mean flies per farmer per round is exactly the deck's flies over
the number of farmers (74/n with one packet, 148/n with both): the figure checks conservation,
and the spread is the informative number.

    python benchmarks/bench_mow_engine.py --rounds 10000
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from mowkit import load_game
from mowkit.simulate import play_state


def bench(players: int, rounds: int) -> tuple[float, float, float, float]:
    """(rounds per second, mean flies per farmer per round, sd of one farmer's flies, decisions/round)."""
    game = load_game("mow", players=players, max_rounds=1)
    agents = ["random"] * players
    flies: list[int] = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(rounds):
        state = play_state(game, agents, seed)
        flies.extend(state.totals)
        decisions += len(state.history[0])
    elapsed = time.perf_counter() - start
    sd = statistics.stdev(flies) if len(flies) > 1 else float("nan")
    return rounds / elapsed, statistics.fmean(flies), sd, decisions / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10000, help="rounds per player count (default 10000)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 5, 10])
    args = parser.parse_args()
    print(f"Mow reference engine, random agents, one core; Python {platform.python_version()}, "
          f"{platform.machine()}; {args.rounds} rounds per player count (seeds 0..{args.rounds - 1})")
    print(f"{'farmers':>7} {'packets':>7} {'rounds/s':>9} {'flies/farmer/round':>19} {'sd':>6} "
          f"{'decisions/round':>15}")
    for n in args.players:
        rate, mean, sd, dec = bench(n, args.rounds)
        packets = load_game("mow", players=n).packets
        print(f"{n:>7} {packets:>7} {rate:>9.0f} {mean:>19.3f} {sd:>6.2f} {dec:>15.1f}", flush=True)


if __name__ == "__main__":
    main()
