"""Time of one 6 nimmt! Monte Carlo decision (4 players) with 1,000 rollouts per card, kernel vs engine.

    python benchmarks/bench_mc_decision.py

A decision at the first turn of a round (10 cards in hand, so 10 x 1,000 = 10,000 rollouts),
timed over several positions after a warm-up; the engine backend is timed with 10 rollouts per
card and the ratio per rollout is printed (same run).
"""

from __future__ import annotations

import platform
import time

import numpy as np

from mowkit import load_game
from mowkit.agents import make_agent


def main() -> None:
    print(f"machine: {platform.machine()} python {platform.python_version()}")
    game = load_game("sixnimmt", players=4)
    kernel = make_agent("sixnimmt", "mc", rollouts=1000)
    engine = make_agent("sixnimmt", "mc", rollouts=10, backend="engine")
    rng = np.random.default_rng(0)
    obs = [game.new_state(seed=s).observation(0) for s in range(20)]
    kernel.card_values(obs[0], rng)  # compile or load the cache
    t = time.perf_counter()
    for o in obs:
        kernel.card_values(o, rng)
    tk = (time.perf_counter() - t) / len(obs)
    t = time.perf_counter()
    for o in obs[:5]:
        engine.card_values(o, rng)
    te = (time.perf_counter() - t) / 5
    print(f"kernel: {1000 * tk:.1f} ms per decision with 1,000 rollouts per card (10 cards, 4 players)")
    print(f"engine: {1000 * te:.1f} ms per decision with 10 rollouts per card")
    print(f"per rollout: kernel {1e6 * tk / 10_000:.2f} us, engine {1e6 * te / 100:.0f} us, "
          f"ratio {te / 100 / (tk / 10_000):.0f}x")


if __name__ == "__main__":
    main()
