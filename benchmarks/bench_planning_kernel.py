"""CPU time of one 6 nimmt! rollout-kernel decision: planning (``plan_values``, ``model_values``) and
flat Monte Carlo (``mc_card_values``, standard and professional), 4 players, first turn of 20 deals.

    python benchmarks/bench_planning_kernel.py [--reps 3]

Best of ``--reps`` passes over the 20 positions, after a first call that compiles or loads the cache.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

from mowkit import load_game
from mowkit.games.sixnimmt.kernel import mc_card_values
from mowkit.games.sixnimmt.planning import model_values, plan_values

Position = tuple[list[int], list[list[int]], list[int], list[int]]


def positions(count: int = 20) -> list[Position]:
    """Seat 0's first-turn decision of ``count`` 4-player deals: hand, rows, unseen cards, shown cards."""
    game = load_game("sixnimmt", players=4)
    out = []
    for seed in range(count):
        obs = game.new_state(seed=seed).observation(0)
        hand = list(obs.hand)
        rows = [list(r) for r in obs.rows]
        shown = {c for r in rows for c in r}
        unseen = [c for c in range(1, 105) if c not in hand and c not in shown]
        out.append((hand, rows, unseen, sorted(shown)))
    return out


def best_ms(f: Callable[..., object], pos: list[Position], reps: int) -> float:
    """Best mean CPU milliseconds per decision over ``reps`` passes."""
    f(*pos[0])
    best = float("inf")
    for _ in range(reps):
        t = time.process_time()
        for p in pos:
            f(*p)
        best = min(best, time.process_time() - t)
    return best / len(pos) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    print(f"machine: {platform.machine()} python {platform.python_version()}")
    pos = positions()
    rows: list[tuple[str, Callable[..., object]]] = [
        ("plan_values 200", lambda h, r, u, s: plan_values(h, r, u, 4, 0, 200, 1, greedy=0.3, avoid=2)),
        ("model_values 200", lambda h, r, u, s: model_values(h, r, s, u, 4, 0, 200, 1)),
        ("mc_card_values 1000", lambda h, r, u, s: mc_card_values(h, r, u, 4, 0, 1000, 1)),
        ("mc_card_values prof 300", lambda h, r, u, s: mc_card_values(h, r, u, 4, 0, 300, 1, professional=True)),
    ]
    for name, f in rows:
        print(f"{name:28s} {best_ms(f, pos, args.reps):8.2f} ms cpu per decision", flush=True)


if __name__ == "__main__":
    main()
