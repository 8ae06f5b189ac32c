"""The outcome explorer's run of 1,000 games, warm, per game (issue 20/22 target: under 1 s on the kernels).

    python benchmarks/bench_explorer.py [n_games]

Prints, per registered game, the seconds of ``OutcomeExplorer.run()`` (table, summary and charts)
with its default seats on ``fast`` (the kernels) after one warm run, and the same on ``exact``
(the rule engine) for a tenth of the games, as games per second.
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("MOWKIT_QUIET", "1")

from mowkit import registry  # noqa: E402
from mowkit.widgets.explorer import EXACT, FAST, OutcomeExplorer  # noqa: E402


def timed(game: str, n: int, speed: str) -> tuple[float, float, str]:
    """Seconds of one explorer run of ``n`` games (after a first run that compiles): the whole run
    (games, summary, charts) and the games alone; and the backend that played them."""
    e = OutcomeExplorer(game, players=4, n_games=n, seed=1, speed=speed)
    e.run()
    t = time.perf_counter()
    e.run()
    return time.perf_counter() - t, e.seconds, e.backend


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for game in registry.names():
        fast, games, backend = timed(game, n, FAST)
        _, exact, _ = timed(game, max(1, n // 10), EXACT)
        print(f"{game}: {n} games on '{backend}': games {games:.2f} s, with summary and charts {fast:.2f} s; "
              f"games/s {n / games:,.0f} vs rule engine {n // 10 / exact:,.0f} ({n / games / (n // 10 / exact):.0f}x)")


if __name__ == "__main__":
    main()
