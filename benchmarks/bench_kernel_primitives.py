"""Kernel entry points before/after the rule primitives (issue 19): one figure per entry point.

    PYTHONPATH=<kit> python benchmarks/bench_kernel_primitives.py [--reps 5] [--only NAME ...] [--hash]

Run it from (or with ``PYTHONPATH`` at) each checkout in turn, in fresh processes, alternating;
compare the figures as ratios. Every entry point is called once first (compile or cache load),
then timed ``--reps`` times with ``time.process_time``; the best is printed as throughput
(rounds/s, decisions/s or games/s). ``--hash`` prints a hash of the ``play_chunk`` tables of
both games for a few seeds (identical before and after when the rules are unchanged).
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import time
from collections.abc import Callable

import numpy as np

from mowkit import load_game
from mowkit.games.mow import kernel as mow_kernel
from mowkit.games.sixnimmt import kernel as six_kernel
from mowkit.games.sixnimmt.planning import model_values, plan_values
from mowkit.kernels.batch import play_chunk


def _position(seed: int) -> tuple[list[int], list[list[int]], list[int], list[int]]:
    game = load_game("sixnimmt", players=4)
    obs = game.new_state(seed=seed).observation(0)
    hand = list(obs.hand)
    rows = [list(r) for r in obs.rows]
    shown = {c for r in rows for c in r}
    unseen = [c for c in range(1, 105) if c not in hand and c not in shown]
    return hand, rows, unseen, sorted(shown)


def cases() -> list[tuple[str, str, float, Callable[[], object]]]:
    """(name, unit, work per call, call) of every entry point."""
    six4 = load_game("sixnimmt", players=4)
    mow3 = load_game("mow", players=3)
    mow4 = load_game("mow", players=4)
    pos = [_position(s) for s in range(5)]
    games = np.arange(2000)
    out: list[tuple[str, str, float, Callable[[], object]]] = []
    for pol, n in (("random", 100_000), ("lowest", 20_000), ("greedy", 20_000)):
        out.append((f"6nimmt simulate_rounds {pol}", "rounds/s", n,
                    lambda pol=pol, n=n: six_kernel.simulate_rounds(4, pol, n, seed=1)))
    out.append(("6nimmt mc_card_values 200", "decisions/s", len(pos),
                lambda: [six_kernel.mc_card_values(h, r, u, 4, 0, 200, 1) for h, r, u, _ in pos]))
    out.append(("6nimmt mc_card_values prof 200", "decisions/s", len(pos),
                lambda: [six_kernel.mc_card_values(h, r, u, 4, 0, 200, 1, professional=True)
                         for h, r, u, _ in pos]))
    for pol, n in (("random", 50_000), ("greedy", 5_000), ("heuristic", 5_000)):
        out.append((f"mow simulate_rounds {pol}", "rounds/s", n,
                    lambda pol=pol, n=n: mow_kernel.simulate_rounds(4, pol, n, seed=1)))
    out.append(("6nimmt play_chunk", "games/s", len(games),
                lambda: play_chunk(six4, ["highest", "random", "random", "random"], 3, games)))
    out.append(("mow play_chunk", "games/s", len(games) // 4,
                lambda: play_chunk(mow3, ["greedy", "heuristic", "random"], 3, games[:500])))
    out.append(("mow play_chunk random x4", "games/s", len(games) // 4,
                lambda: play_chunk(mow4, ["random"] * 4, 3, games[:500])))
    out.append(("6nimmt plan_values 200", "decisions/s", len(pos),
                lambda: [plan_values(h, r, u, 4, 0, 200, 1, greedy=0.3, avoid=2) for h, r, u, _ in pos]))
    out.append(("6nimmt model_values 200", "decisions/s", len(pos),
                lambda: [model_values(h, r, s, u, 4, 0, 200, 1) for h, r, u, s in pos]))
    return out


def table_hash() -> str:
    """Hash of the play_chunk tables of both games for a few seeds and policy mixes."""
    h = hashlib.sha256()
    six4 = load_game("sixnimmt", players=4)
    six5 = load_game("sixnimmt", players=5)
    mow3 = load_game("mow", players=3)
    mow5 = load_game("mow", players=5)
    runs = [
        (six4, ["highest", "random", "random", "random"]),
        (six5, ["lowest", "greedy", "random", "highest", "random"]),
        (mow3, ["greedy", "heuristic", "random"]),
        (mow5, ["random", "greedy", "heuristic", "random", "greedy"]),
    ]
    for game, pols in runs:
        for seed in (0, 7, 123):
            t = play_chunk(game, pols, seed, np.arange(300))
            for k in sorted(t):
                h.update(k.encode())
                h.update(np.ascontiguousarray(t[k]).tobytes())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=None, help="substrings of entry point names")
    ap.add_argument("--hash", action="store_true")
    args = ap.parse_args()
    print(f"machine: {platform.machine()} python {platform.python_version()} kit {six_kernel.__file__}")
    if args.hash:
        print("play_chunk hash", table_hash(), flush=True)
        return
    for name, unit, work, f in cases():
        if args.only and not any(s in name for s in args.only):
            continue
        f()
        best = float("inf")
        for _ in range(args.reps):
            t = time.process_time()
            f()
            best = min(best, time.process_time() - t)
        print(f"{name:34s} {work / best:14,.0f} {unit}", flush=True)


if __name__ == "__main__":
    main()
