"""Regenerate the shipped tournament results in data/results/ (Parquet with provenance).

    python scripts/make_results.py            # everything (several minutes on 2 cores)
    python scripts/make_results.py highest    # one part: highest, robin6, robinmow, variants, specials, mc

Each part is a seeded tournament in the rule engine (``backend="engine"``: the compiled kernel
would draw the random players' cards from another stream); rerunning gives the same tables. Notebooks 05 and 06 read them
with ``mowkit.tournament.load_table``.
"""

from __future__ import annotations

import sys
import time

import pandas as pd

from mowkit.data import data_dir
from mowkit.tournament import round_robin, save_table, tournament

SEED = 2026
OUT = data_dir() / "results"


def highest() -> None:
    """One always-highest player against random players, games to 66, 1,000 games per player count."""
    frames = []
    for players in (3, 4, 5, 6, 10):
        df = tournament("sixnimmt", ["highest"] + ["random"] * (players - 1), 1000, SEED, players=players,
                        n_jobs=2, progress=False, backend="engine")
        df.insert(0, "players", players)
        frames.append(df)
    save_table(pd.concat(frames, ignore_index=True), OUT / "sixnimmt_highest_vs_random.parquet",
               {"script": "scripts/make_results.py highest", "game": "sixnimmt", "seed": SEED,
                "games_per_cell": 1000, "players": [3, 4, 5, 6, 10], "unit": "game", "paired": True})


def robin6() -> None:
    """Round robin of the 6 nimmt! agents, 4 players, 200 games per pairing."""
    names = ["random", "lowest", "highest", "greedy", "heuristic"]
    df = round_robin("sixnimmt", names, 200, SEED, players=4, n_jobs=2, progress=False, backend="engine")
    save_table(df, OUT / "sixnimmt_round_robin.parquet",
               {"script": "scripts/make_results.py robin6", "game": "sixnimmt", "seed": SEED,
                "agents": names, "players": 4, "games_per_pairing": 200, "unit": "game"})


def robinmow() -> None:
    """Round robin of the Mow agents, 3 farmers, whole games to 100, 150 games per pairing."""
    names = ["random", "greedy", "heuristic", "mc:rollouts=3"]
    df = round_robin("mow", names, 150, SEED, players=3, n_jobs=2, progress=False, backend="engine")
    save_table(df, OUT / "mow_round_robin.parquet",
               {"script": "scripts/make_results.py robinmow", "game": "mow", "seed": SEED,
                "agents": names, "players": 3, "games_per_pairing": 150, "unit": "game",
                "mc_rollouts": "kernel"})


def variants() -> None:
    """6 nimmt! greedy against 3 random players: full deck, tactics, professional (400 games each)."""
    frames = []
    for label, variant in [("standard", ()), ("tactics", ("tactics",)), ("professional", ("professional",))]:
        df = tournament("sixnimmt", ["greedy", "random", "random", "random"], 400, SEED, players=4,
                        variant=list(variant), n_jobs=2, progress=False, backend="engine")
        df.insert(0, "variant", label)
        frames.append(df)
    save_table(pd.concat(frames, ignore_index=True), OUT / "sixnimmt_variants.parquet",
               {"script": "scripts/make_results.py variants", "game": "sixnimmt", "seed": SEED,
                "agents": ["greedy", "random", "random", "random"], "games_per_cell": 400})


def specials() -> None:
    """Mow greedy against 2 random farmers, with and without the special cows (400 games each)."""
    frames = []
    for label, flag in [("with specials", True), ("plain cows only", False)]:
        df = tournament("mow", ["greedy", "random", "random"], 400, SEED, players=3, specials=flag,
                        n_jobs=2, progress=False, backend="engine")
        df.insert(0, "variant", label)
        frames.append(df)
    save_table(pd.concat(frames, ignore_index=True), OUT / "mow_specials.parquet",
               {"script": "scripts/make_results.py specials", "game": "mow", "seed": SEED,
                "agents": ["greedy", "random", "random"], "games_per_cell": 400})


def mc() -> None:
    """Flat Monte Carlo (10 / 20 / 50 rollouts per card) against 3 random players, 1,000 games each."""
    frames = []
    for rollouts in (10, 20, 50):
        df = tournament("sixnimmt", [f"mc:rollouts={rollouts}", "random", "random", "random"], 1000, SEED,
                        players=4, n_jobs=2, progress=False, backend="engine")
        df.insert(0, "rollouts", rollouts)
        frames.append(df)
    save_table(pd.concat(frames, ignore_index=True), OUT / "sixnimmt_mc_vs_random.parquet",
               {"script": "scripts/make_results.py mc", "game": "sixnimmt", "seed": SEED,
                "games_per_cell": 1000, "rollouts": [10, 20, 50], "players": 4, "unit": "game"})


PARTS = {"highest": highest, "robin6": robin6, "robinmow": robinmow, "variants": variants, "specials": specials,
         "mc": mc}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(PARTS):
        t = time.perf_counter()
        PARTS[name]()
        print(f"{name}: {time.perf_counter() - t:.0f} s", flush=True)
