"""Tournament throughput (serial vs processes) and the Monte Carlo agents' time and strength.

    python benchmarks/bench_tournament.py                 # all parts
    python benchmarks/bench_tournament.py --games 10000   # size of the throughput run

Prints: the time of an N-game 6 nimmt! tournament (4 players: highest + 3 random, games to 66)
serially and with 2 local processes, and whether both tables are identical; then, for the Monte
Carlo agents of both games, time per decision and per game and their win rate (Wilson 95 %)
against random players over a small number of paired games.
"""

from __future__ import annotations

import argparse
import platform
import time

import pandas as pd

from mowkit.tournament import tournament


def throughput(games: int) -> None:
    agents = ["highest", "random", "random", "random"]
    t = time.perf_counter()
    serial = tournament("sixnimmt", agents, games, seed=1, players=4, progress=False)
    ts = time.perf_counter() - t
    t = time.perf_counter()
    two = tournament("sixnimmt", agents, games, seed=1, players=4, progress=False, n_jobs=2)
    tp = time.perf_counter() - t
    same = serial.equals(two)
    print(f"{games:,} games of 6 nimmt! (4 players, to 66): serial {ts:.1f} s ({games / ts:.0f} games/s), "
          f"2 processes {tp:.1f} s ({games / tp:.0f} games/s), speed-up {ts / tp:.2f}x, identical tables: {same}")


def monte_carlo(game: str, spec: str, players: int, games: int) -> None:
    """Seat 0 is the Monte Carlo agent (its decisions timed), the others random; games to the end."""
    from mowkit import load_game
    from mowkit.agents import make_agent
    from mowkit.results import wilson_interval
    from mowkit.simulate import play_state
    from mowkit.tournament import game_seed, parse_agent_spec

    name, kw = parse_agent_spec(spec)
    agent = make_agent(game, name, **kw)
    calls = {"n": 0, "t": 0.0}
    inner = agent.act

    def timed(obs, legal, rng):
        t = time.perf_counter()
        try:
            return inner(obs, legal, rng)
        finally:
            calls["n"] += 1
            calls["t"] += time.perf_counter() - t

    agent.act = timed  # type: ignore[method-assign]
    g = load_game(game, players=players)
    wins = 0.0
    t = time.perf_counter()
    for i in range(games):
        state = play_state(g, [agent] + ["random"] * (players - 1), seed=game_seed(5, i))
        wins += 0 in state.winners()
    total = time.perf_counter() - t
    lo, hi = wilson_interval(wins, games)
    print(f"{game:8} {spec:18} {players} players: {1000 * calls['t'] / calls['n']:7.2f} ms/decision, "
          f"{1000 * total / games:8.1f} ms/game, win rate {wins / games:.1%} [{lo:.1%}, {hi:.1%}] "
          f"over {games} games (a shared win counts)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--mc-games", type=int, default=40)
    ap.add_argument("--parts", default="throughput,mc")
    args = ap.parse_args()
    print(f"machine: {platform.machine()} python {platform.python_version()} pandas {pd.__version__}")
    if "throughput" in args.parts:
        throughput(args.games)
    if "mc" in args.parts:
        for spec in ("mc:rollouts=10", "mc:rollouts=20", "mc:rollouts=50"):
            monte_carlo("sixnimmt", spec, 4, args.mc_games)
        for spec in ("mc:rollouts=3", "mc:rollouts=10"):
            monte_carlo("mow", spec, 3, args.mc_games)


if __name__ == "__main__":
    main()
