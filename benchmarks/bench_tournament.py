"""Tournament throughput (batch path vs kernel raw, serial vs processes) and the Monte Carlo agents.

    python benchmarks/bench_tournament.py                 # all parts
    python benchmarks/bench_tournament.py --parts batch --batch-games 200000 --reps 3
    python benchmarks/bench_tournament.py --games 10000   # size of the serial/processes run

Prints:

* ``batch``: games/s into the tidy table of ``tournament(..., backend="kernel", progress=False)``
  (the batch path, :mod:`mowkit.kernels.batch`: one compiled call per chunk, the chunk tables
  concatenated) for 6 nimmt! (4 players: highest + 3 random, games to 66) and Mow (3 farmers:
  greedy, heuristic, random, whole games to 100), next to ``tournament._kernel_table`` (the same
  chunks written by the kernel into one table, no concatenation: the serial in-memory path), the
  kernel raw (``kernels.<game>.simulate_games``: totals only, no table), the batch kernel alone
  (``batch.play_chunk``: column arrays, no DataFrame) and the old per-game path (one
  ``kernels.<game>.game_rounds`` call and a dict per row per game, on fewer games), measured in
  the same run, each repetition interleaved; one core. Each result is dropped right after it
  is timed, so every path writes into memory the process has used before. The ratios to the
  kernel raw are per repetition; the table gives the median and the best over the repetitions.
* ``throughput``: an N-game 6 nimmt! tournament serially and with 2 local processes, and whether
  both tables are identical.
* ``mc``: for the Monte Carlo agents of both games, time per decision and per game and their win
  rate (Wilson 95 %) against random players over a small number of paired games.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from mowkit.tournament import tournament

BATCH_CASES = {
    "sixnimmt": (["highest", "random", "random", "random"], {"players": 4}),
    "mow": (["greedy", "heuristic", "random"], {"players": 3}),
}


def old_per_game(game_name: str, agents: list[str], n_games: int, seed: int, **options: object) -> pd.DataFrame:
    """The per-game kernel path that tournaments used before the batch path (kept here to compare)."""
    from mowkit import load_game, registry
    from mowkit.tournament import _frame, kernel_policy, plan, seat_agents

    game = load_game(game_name, **options)
    kernel = registry.spec_of(game).kernel_module()
    opts = {k: v for k, v in game.options.items() if k != "players"}
    rows = []
    for g in range(n_games):
        row = plan(g, game.num_players, seed)
        names = seat_agents(agents, row["rotation"])
        policies = [kernel_policy(game.name, a) for a in names]
        scores = kernel.game_rounds(game.num_players, policies, row["seed"], random_seed=row["seed"], **opts)
        totals = scores.sum(axis=0)
        winners = {s for s in range(game.num_players) if totals[s] == totals.min()}
        running = np.cumsum(scores, axis=0)
        for r in range(len(scores)):
            for s in range(game.num_players):
                rows.append({
                    "game": row["game"], "deal": row["deal"], "rotation": row["rotation"], "round": r,
                    "seat": s, "agent": names[s], "penalty": int(scores[r, s]), "total": int(running[r, s]),
                    "final_total": int(totals[s]), "rounds": len(scores), "winner": s in winners,
                    "winners": len(winners), "seed": row["seed"],
                })
    return _frame(rows)


def _timed(into: dict[str, tuple[float, float]], label: str, fn: Callable[..., Any], *args: Any,
           scale: float = 1.0, **kwargs: Any) -> Any:
    """Call ``fn``; store its (wall, CPU) seconds times ``scale`` under ``label``."""
    w, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    into[label] = ((time.perf_counter() - w) * scale, (time.process_time() - c) * scale)
    return out


def batch(n_games: int, reps: int, old_games: int) -> None:
    """Games/s of the batch path into the table vs the kernel raw, same run, interleaved repetitions."""
    from mowkit import load_game
    from mowkit.games.mow import kernel as mow
    from mowkit.games.sixnimmt import kernel as sixnimmt
    from mowkit.kernels import batch as kb
    from mowkit.store import default_chunk_games, expected_chunks
    from mowkit.tournament import _kernel_table, kernel_policy

    raws = {"sixnimmt": sixnimmt, "mow": mow}
    records = []
    for name, (agents, options) in BATCH_CASES.items():
        n = n_games if name == "sixnimmt" else max(1, n_games // 4)
        policies = [kernel_policy(name, a) for a in agents]
        game = load_game(name, **options)
        # compile / load every path once before timing
        tournament(name, agents, 8, seed=0, backend="kernel", progress=False, **options)
        raws[name].simulate_games(game.num_players, policies, 8, seed=0)
        old_per_game(name, agents, 2, 0, **options)
        chunks = expected_chunks(n, default_chunk_games(n))
        rows = 0
        for rep in range(reps):
            t: dict[str, tuple[float, float]] = {}
            df = _timed(t, "tournament (batch path) -> table", tournament, name, agents, n, seed=rep + 1,
                        backend="kernel", progress=False, **options)
            rows = len(df)
            rounds = df["rounds"].groupby(df["game"]).first().mean()
            del df
            one = _timed(t, "one table from all chunks (_kernel_table, no concat)", _kernel_table, game, agents,
                         rep + 1, chunks, True, True)
            assert len(one) == rows
            del one
            cols = _timed(t, "batch kernel -> column arrays", kb.play_chunk, game, policies, rep + 1, np.arange(n))
            del cols
            _timed(t, "kernel raw (simulate_games, totals only)", raws[name].simulate_games,
                   game.num_players, policies, n, seed=rep + 1)
            m = max(1, min(n, old_games if name == "sixnimmt" else old_games // 2))
            _timed(t, "old per-game path -> table", old_per_game, name, agents, m, rep + 1, scale=n / m,
                   **options)
            raw_w, raw_c = (n / x for x in t["kernel raw (simulate_games, totals only)"])
            for path, (w, c) in t.items():
                records.append({"game": name, "path": path, "rep": rep, "games": n,
                                "games_per_s": n / w, "vs_raw": n / w / raw_w,
                                "games_per_cpu_s": n / c, "vs_raw_cpu": n / c / raw_c})
        print(f"{name}: {rows:,} rows, {rounds:.2f} rounds per game", flush=True)
    res = pd.DataFrame(records)
    table = res.groupby(["game", "path"], sort=False).agg(
        games=("games", "first"), games_per_s=("games_per_s", "median"), best_per_s=("games_per_s", "max"),
        vs_raw=("vs_raw", "median"), vs_raw_min=("vs_raw", "min"), vs_raw_max=("vs_raw", "max"),
        games_per_cpu_s=("games_per_cpu_s", "median"), best_per_cpu_s=("games_per_cpu_s", "max"),
        vs_raw_cpu=("vs_raw_cpu", "median")).reset_index()
    print("wall: games per wall-clock second; cpu: per CPU second of this process (less sensitive to "
          "other work on the machine); median and best over the repetitions, min/max of the wall ratio")
    fmt = "{:,.0f}".format
    ratio = "{:.2f}".format
    with pd.option_context("display.width", 200, "display.max_columns", 20, "display.max_colwidth", 60):
        print(table.to_string(index=False, formatters={
            "games_per_s": fmt, "best_per_s": fmt, "vs_raw": ratio, "vs_raw_min": ratio, "vs_raw_max": ratio,
            "games_per_cpu_s": fmt, "best_per_cpu_s": fmt, "vs_raw_cpu": ratio}))


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
    from mowkit.tournament import game_seed

    try:
        from mowkit.agents import parse_agent_spec
    except ImportError:
        from mowkit.tournament import parse_agent_spec

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
    ap.add_argument("--batch-games", type=int, default=200_000, help="6 nimmt! games per batch run (Mow: a quarter)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--old-games", type=int, default=4_000, help="games of the old per-game path per repetition")
    ap.add_argument("--parts", default="batch,throughput,mc")
    args = ap.parse_args()
    import os

    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), "")
    print(f"machine: {platform.machine()} {cpu} cores {os.cpu_count()} python "
          f"{platform.python_version()} numpy {np.__version__} pandas {pd.__version__}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if "batch" in args.parts:
        batch(args.batch_games, args.reps, args.old_games)
    if "throughput" in args.parts:
        throughput(args.games)
    if "mc" in args.parts:
        for spec in ("mc:rollouts=10", "mc:rollouts=20", "mc:rollouts=50"):
            monte_carlo("sixnimmt", spec, 4, args.mc_games)
        for spec in ("mc:rollouts=3", "mc:rollouts=10"):
            monte_carlo("mow", spec, 3, args.mc_games)


if __name__ == "__main__":
    main()
