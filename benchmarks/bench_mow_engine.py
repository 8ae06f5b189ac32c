"""Mow reference engine throughput beside a plain pure-Python Mow engine of the same rules.

Random single rounds (every decision uniformly random among the legal ones) on one core, for
each farmer count, along four paths measured in the same run, repetitions interleaved:

* ``plain``: ``benchmarks/plain_mow.py``, a plain Python implementation of the same rules
  (tuples, no events, no checks, no observations): the yardstick of issue 22;
* ``engine``: the kit's engine, bare: ``legal_actions`` of the farmer to act, a random one,
  ``apply`` (which checks the decision and records its events);
* ``engine+obs``: the same with ``observation(player)`` made before every decision (what an
  agent needs);
* ``match``: :func:`mowkit.simulate.play_state` with ``"random"`` agents (the guarded match loop:
  private copies, action checks, one-way agent streams, timing, the record's history).

Prints rounds per CPU second of the process (``time.process_time``: the machine is shared; median of the
repetitions), the ratio to ``plain`` and, as a check
that both engines play the same game, the decisions per round and the spread (sd) of one farmer's
flies per round. (The mean flies per farmer is 74/n or 148/n for every engine: every card ends
the round in a cowshed; the spread and the decisions are the informative figures.)

    python benchmarks/bench_mow_engine.py --rounds 3000 --reps 5
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
sys.path[:0] = [str(HERE.parent), str(HERE)]  # this checkout's mowkit, and plain_mow beside this file

from plain_mow import PlainMow, play_round  # noqa: E402

from mowkit import load_game  # noqa: E402
from mowkit.simulate import play_state  # noqa: E402

Stats = tuple[list[int], int]  # flies of every farmer of every round, decisions


def run_plain(n: int, rounds: int, seed: int) -> Stats:
    engine, rnd = PlainMow(n), random.Random(seed)
    flies: list[int] = []
    decisions = 0
    for _ in range(rounds):
        decisions += play_round(engine, rnd)
        flies.extend(engine.scores())
    return flies, decisions


def run_engine(n: int, rounds: int, seed: int, observe: bool = False) -> Stats:
    game = load_game("mow", players=n, max_rounds=1)
    rnd, deals = random.Random(seed), np.random.default_rng(seed)
    flies: list[int] = []
    decisions = 0
    for _ in range(rounds):
        state = game.new_state(rng=deals)
        while not state.is_over():
            p = state.pending_players()[0]
            legal = state.legal_actions(p)
            if observe:
                state.observation(p)
            state.apply(legal[rnd.randrange(len(legal))])
            decisions += 1
        flies.extend(state.totals)
    return flies, decisions


def run_match(n: int, rounds: int, seed: int) -> Stats:
    game = load_game("mow", players=n, max_rounds=1)
    agents = ["random"] * n
    flies: list[int] = []
    decisions = 0
    for s in range(seed, seed + rounds):
        state = play_state(game, agents, s)
        flies.extend(state.totals)
        decisions += len(state.history[0])
    return flies, decisions


PATHS: dict[str, Callable[[int, int, int], Stats]] = {
    "plain": run_plain,
    "engine": run_engine,
    "engine+obs": lambda n, r, s: run_engine(n, r, s, observe=True),
    "match": run_match,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="rounds per path, farmer count and repetition")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (interleaved; the median is shown)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 10])
    parser.add_argument("--paths", nargs="+", default=list(PATHS), choices=list(PATHS))
    args = parser.parse_args()
    print(f"Mow engine vs a plain Python engine of the same rules; random rounds, one core; Python "
          f"{platform.python_version()}, {platform.machine()}; {args.rounds} rounds x {args.reps} repetitions")
    print(f"{'farmers':>7} {'path':>11} {'rounds/s':>9} {'vs plain':>8} {'decisions/round':>15} {'sd flies':>8}")
    for n in args.players:
        rates: dict[str, list[float]] = {k: [] for k in args.paths}
        stats: dict[str, Stats] = {}
        for rep in range(args.reps):
            for name in args.paths:
                start = time.process_time()
                stats[name] = PATHS[name](n, args.rounds, 1000 * rep)
                rates[name].append(args.rounds / (time.process_time() - start))
        base = statistics.median(rates["plain"]) if "plain" in rates else float("nan")
        for name in args.paths:
            rate = statistics.median(rates[name])
            flies, decisions = stats[name]
            print(f"{n:>7} {name:>11} {rate:>9.0f} {rate / base:>8.2f} {decisions / args.rounds:>15.1f} "
                  f"{statistics.stdev(flies):>8.2f}", flush=True)


if __name__ == "__main__":
    main()
