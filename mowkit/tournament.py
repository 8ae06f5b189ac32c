"""Seeded tournaments: many games, seat rotation, paired deals, tidy results, parallel runs.

``tournament(game, agents, n_games, seed)`` plays ``n_games`` games and returns one row per
player per round (a tidy pandas DataFrame). Everything about game ``i`` follows from
``(seed, i)`` alone, so the table is the same whether the games run serially, on local
processes (``n_jobs``) or on a Dask cluster (``client``), and whatever the chunking.

* **Seat rotation**: game ``i`` seats agent ``(s + r) mod n`` in seat ``s`` with rotation
  ``r = i mod n``, so every agent plays every seat equally often (``rotate=False``: fixed seats).
* **Paired deals** (``paired=True``): the ``n`` rotations of one deal share its seed, so each deal
  is played once with every agent in every seat and the luck of the cards cancels.
* **Rounds or games**: ``unit="round"`` plays single rounds (``max_rounds=1``); ``"game"``
  plays whole games to the threshold (66 / 100).
* **Long runs**: with ``out=FOLDER`` results go to Parquet chunks (``chunk-00000.parquet`` …)
  written atomically with their provenance (mowkit version, game options, agents, seed, the
  games they hold); an interrupted run keeps every finished chunk and a rerun with the same
  arguments resumes where it stopped. A chunk whose provenance differs is an error, not reused.

Wins: the winner flag is true for every seat sharing the lowest total; ``winners`` says how many
shared it. :func:`mowkit.results.summary` counts a shared win as a win for each sharer
(``win_rate``) and also as ``1/k`` of a win (``win_share``).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mowkit.agents import parse_agent_spec  # noqa: F401  (kept importable from here)
from mowkit.core import OptionError, RecordError, check_choice, check_int

COLUMNS = [
    "game", "deal", "rotation", "round", "seat", "agent", "penalty", "total",
    "final_total", "rounds", "winner", "winners", "seed",
]


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` of a tournament seeded ``seed`` (same on every machine)."""
    return int(np.random.SeedSequence([seed, deal]).generate_state(1, dtype=np.uint64)[0] >> 1)


def plan(game: int, players: int, seed: int, paired: bool = True, rotate: bool = True) -> dict[str, int]:
    """Deal, rotation and seed of game index ``game``."""
    rotation = game % players if rotate else 0
    deal = game // players if (paired and rotate) else game
    return {"game": game, "deal": deal, "rotation": rotation, "seed": game_seed(seed, deal)}


def schedule(players: int, n_games: int, seed: int, paired: bool = True, rotate: bool = True) -> pd.DataFrame:
    """Which deal, rotation and seed each game index uses (one row per game)."""
    return pd.DataFrame([plan(g, players, seed, paired, rotate) for g in range(n_games)])


def seat_agents(agents: Sequence[str], rotation: int) -> list[str]:
    """The agent in each seat under ``rotation``: seat s gets ``agents[(s + rotation) % n]``."""
    n = len(agents)
    return [agents[(s + rotation) % n] for s in range(n)]


def _game_rows(game: Any, agents: Sequence[str], row: dict[str, int]) -> list[dict[str, Any]]:
    from mowkit.agents import make_agent
    from mowkit.simulate import play_state

    names = seat_agents(agents, row["rotation"])
    players = []
    for a in names:
        name, kwargs = parse_agent_spec(a)
        players.append(make_agent(game.name, name, **kwargs))
    state = play_state(game, players, seed=row["seed"])
    winners = set(state.winners())
    totals = np.cumsum(np.array(state.round_scores), axis=0)
    out = []
    for r, scores in enumerate(state.round_scores):
        for s, pen in enumerate(scores):
            out.append({
                "game": row["game"], "deal": row["deal"], "rotation": row["rotation"], "round": r,
                "seat": s, "agent": names[s], "penalty": int(pen), "total": int(totals[r, s]),
                "final_total": int(state.totals[s]), "rounds": len(state.round_scores),
                "winner": s in winners, "winners": len(winners), "seed": row["seed"],
            })
    return out


KERNEL_POLICIES = {
    "sixnimmt": {"random": "random", "random:row=fewest_heads": "random", "random:row=random": "random_row",
                 "lowest": "lowest", "highest": "highest", "greedy": "greedy"},
    "mow": {"random": "random", "greedy": "greedy", "heuristic": "heuristic"},
}
"""Agent specs that a compiled kernel plays exactly like the agent (default parameters)."""


def kernel_policy(game_name: str, spec: str) -> str | None:
    """The compiled kernel's policy for an agent spec, or None when the agent has no kernel."""
    name, kwargs = parse_agent_spec(spec)
    key = name + "".join(f":{k}={v}" for k, v in sorted(kwargs.items()))
    return KERNEL_POLICIES.get(game_name, {}).get(key)


def kernel_available(game: Any, agents: Sequence[str]) -> bool:
    """True when every agent has a compiled policy and the game's options are kernel options."""
    if game.name == "sixnimmt" and game.logic:
        return False
    return all(kernel_policy(game.name, a) is not None for a in agents)


def _kernel_game_rows(game: Any, agents: Sequence[str], row: dict[str, int]) -> list[dict[str, Any]]:
    """One game in the compiled kernel, on the very deals the engine would use for its seed.

    Deterministic agents give exactly the engine's game; random agents draw from the kernel's own
    stream (seeded by the game's seed), so they agree with the engine in distribution.
    """
    from importlib import import_module

    kernel = import_module(f"mowkit.kernels.{game.name}")
    names = seat_agents(agents, row["rotation"])
    policies = [kernel_policy(game.name, a) for a in names]
    options = {k: v for k, v in game.options.items() if k != "players"}
    scores = kernel.game_rounds(game.num_players, policies, row["seed"], random_seed=row["seed"], **options)
    totals = scores.sum(axis=0)
    best = totals.min()
    winners = {s for s in range(game.num_players) if totals[s] == best}
    running = np.cumsum(scores, axis=0)
    out = []
    for r in range(len(scores)):
        for s in range(game.num_players):
            out.append({
                "game": row["game"], "deal": row["deal"], "rotation": row["rotation"], "round": r,
                "seat": s, "agent": names[s], "penalty": int(scores[r, s]), "total": int(running[r, s]),
                "final_total": int(totals[s]), "rounds": len(scores), "winner": s in winners,
                "winners": len(winners), "seed": row["seed"],
            })
    return out


def run_chunk(game_name: str, options: dict[str, Any], agents: Sequence[str], seed: int,
              games: Sequence[int], paired: bool, rotate: bool, backend: str = "engine") -> pd.DataFrame:
    """Play the listed game indices of a tournament; a pure function of its arguments."""
    from mowkit import load_game

    game = load_game(game_name, **options)
    play = _kernel_game_rows if backend == "kernel" else _game_rows
    rows: list[dict[str, Any]] = []
    for g in games:
        rows.extend(play(game, agents, plan(int(g), game.num_players, seed, paired, rotate)))
    return _frame(rows)


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    df = pd.DataFrame(rows, columns=COLUMNS)
    ints = ["game", "deal", "rotation", "round", "seat", "penalty", "total", "final_total", "rounds", "winners"]
    df[ints] = df[ints].astype("int64")
    df["seed"] = df["seed"].astype("int64")
    df["winner"] = df["winner"].astype(bool)
    df["agent"] = df["agent"].astype(str)
    return df


# --------------------------------------------------------------------------- chunk store


def _provenance(game: Any, agents: Sequence[str], seed: int, n_games: int, unit: str,
                paired: bool, rotate: bool, chunk_games: int, backend: str) -> dict[str, Any]:
    from mowkit import __version__

    return {
        "mowkit": __version__, "game": game.name, "options": game.options, "agents": list(agents),
        "seed": seed, "n_games": n_games, "unit": unit, "paired": paired, "rotate": rotate,
        "chunk_games": chunk_games, "backend": backend,
    }


def _write_chunk(df: pd.DataFrame, path: Path, provenance: dict[str, Any], games: Sequence[int]) -> None:
    _write_parquet(df, path, {**provenance, "games": [int(games[0]), int(games[-1]) + 1]})


def _write_parquet(df: pd.DataFrame, path: Path, provenance: dict[str, Any]) -> None:
    """Parquet with the provenance in the schema metadata; temporary file, then rename."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(df, preserve_index=False)
    meta = dict(table.schema.metadata or {})
    meta[b"mowkit"] = json.dumps(provenance).encode()
    table = table.replace_schema_metadata(meta)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_provenance(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The provenance stored in a result chunk (errors name the file and the field)."""
    import pyarrow.parquet as pq

    try:
        meta = pq.read_schema(path).metadata or {}
    except Exception as e:  # pyarrow raises several types for damaged files
        raise RecordError(str(path), "(parquet)", f"not a readable Parquet file: {e}") from None
    if b"mowkit" not in meta:
        raise RecordError(str(path), "metadata.mowkit", "no mowkit provenance in this file")
    try:
        return json.loads(meta[b"mowkit"])
    except json.JSONDecodeError:
        raise RecordError(str(path), "metadata.mowkit", "provenance is not valid JSON") from None


def save_table(df: pd.DataFrame, path: str | os.PathLike[str], provenance: dict[str, Any]) -> Path:
    """Write one results table as Parquet with its provenance, atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    from mowkit import __version__

    _write_parquet(df, path, {"mowkit": __version__, **provenance})
    return path


def load_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """A results table saved by :func:`save_table` (shipped ones live in ``data/results/``).

    Its provenance is in ``df.attrs["provenance"]``; errors name the file and the field.
    """
    prov = read_provenance(path)
    df = pd.read_parquet(path)
    df.attrs["provenance"] = prov
    return df


def read_results(folder: str | os.PathLike[str]) -> pd.DataFrame:
    """All chunks of a tournament folder as one table, ordered by game, round and seat."""
    files = sorted(Path(folder).glob("chunk-*.parquet"))
    if not files:
        raise RecordError(str(folder), "(folder)", "no chunk-*.parquet files")
    frames = []
    for f in files:
        read_provenance(f)
        frames.append(pd.read_parquet(f))
    return pd.concat(frames, ignore_index=True).sort_values(["game", "round", "seat"], ignore_index=True)


# --------------------------------------------------------------------------- tournament


def tournament(
    game: Any,
    agents: Sequence[str],
    n_games: int,
    seed: int,
    *,
    unit: str = "game",
    paired: bool = True,
    rotate: bool = True,
    n_jobs: int = 1,
    client: Any = None,
    out: str | os.PathLike[str] | None = None,
    chunk_games: int | None = None,
    progress: bool | Callable[[int, int], None] = True,
    backend: str = "auto",
    **options: Any,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games of ``game`` between ``agents`` (one per seat).

    Args:
        game: a game name (``"sixnimmt"``, ``"mow"``; then ``**options`` are its options) or a game.
        agents: one agent spec per seat: ``"random"``, ``"greedy"``, ``"mc:rollouts=20"`` ...
        n_games: number of games (with ``paired``, best a multiple of the player count).
        seed: the tournament seed; game ``i`` depends only on ``(seed, i)``.
        unit: ``"game"`` (whole games to the threshold) or ``"round"`` (single rounds).
        paired: replay every deal with the agents rotated through the seats.
        rotate: rotate the agents through the seats (else agent ``s`` always sits in seat ``s``).
        n_jobs: local processes; ``client``: a ``dask.distributed.Client`` (wins over n_jobs).
        out: a folder for Parquet chunks with provenance; reruns resume from it.
        chunk_games: games per chunk (default: about 20 chunks, at least 1 game each).
        progress: a tqdm bar (``tqdm.auto``), False, or a callback ``(done, total)``.
        backend: ``"engine"`` (the rule engine and the agents), ``"kernel"`` (the compiled kernels:
            6 nimmt! random, lowest, highest, greedy; Mow random, greedy, heuristic; default agent
            options only) or ``"auto"`` (the kernel when every agent has one). The backend used is in ``df.attrs["backend"]``, in the
            provenance and in the progress bar's label. Deterministic agents give the same
            table on both; random agents draw from different streams (same distribution).
    """
    from mowkit.simulate import resolve_game

    game = resolve_game(game, **options)
    check_choice("unit", unit, ("game", "round"))
    check_int("n_games", n_games, 1)
    check_int("seed", seed, 0)
    check_int("n_jobs", n_jobs, 1)
    agents = [a if isinstance(a, str) else getattr(a, "name", a) for a in agents]
    if len(agents) != game.num_players:
        raise OptionError("agents", list(agents), f"one agent per seat ({game.num_players})")
    from mowkit.agents import make_agent

    for a in agents:  # fail early on unknown agents or options
        name, kwargs = parse_agent_spec(a)
        make_agent(game.name, name, **kwargs)
    if unit == "round":
        from mowkit import load_game

        game = load_game(game.name, **{**game.options, "max_rounds": 1})
    check_choice("backend", backend, ("auto", "engine", "kernel"))
    can = kernel_available(game, agents)
    if backend == "kernel" and not can:
        raise OptionError("backend", backend, "'engine' or 'auto' for these agents/options: the kernels play "
                          "6 nimmt! (not logic) with random, lowest, highest, greedy agents and Mow with "
                          "random, greedy, heuristic farmers")
    backend = "kernel" if (backend == "kernel" or (backend == "auto" and can)) else "engine"
    chunk_games = chunk_games or max(1, -(-n_games // 20))
    check_int("chunk_games", chunk_games, 1)
    chunks = [list(range(s, min(s + chunk_games, n_games))) for s in range(0, n_games, chunk_games)]
    prov = _provenance(game, agents, seed, n_games, unit, paired, rotate, chunk_games, backend)
    folder = Path(out) if out is not None else None
    done: dict[int, pd.DataFrame] = {}
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(len(chunks)):
            path = folder / f"chunk-{i:05d}.parquet"
            if path.exists():
                found = read_provenance(path)
                found_games = found.pop("games", None)
                if found != prov or found_games != [chunks[i][0], chunks[i][-1] + 1]:
                    diff = sorted(k for k in prov if found.get(k) != prov[k])
                    raise RecordError(str(path), "metadata.mowkit." + (diff[0] if diff else "games"),
                                      f"belongs to another run (differs in {diff or ['games']}); "
                                      "use another folder or remove it")
                done[i] = pd.read_parquet(path)
    todo = [i for i in range(len(chunks)) if i not in done]
    args = (game.name, game.options, agents, seed)
    bar = _progress(progress, n_games, sum(len(chunks[i]) for i in done), f"tournament ({backend})")

    def finish(i: int, df: pd.DataFrame) -> None:
        if folder is not None:
            _write_chunk(df, folder / f"chunk-{i:05d}.parquet", prov, chunks[i])
        done[i] = df
        bar(len(chunks[i]))

    if client is not None:
        from distributed import as_completed

        futures = {client.submit(run_chunk, *args, chunks[i], paired, rotate, backend, pure=False): i
                   for i in todo}
        for fut in as_completed(futures):
            finish(futures[fut], fut.result())
    elif n_jobs > 1 and len(todo) > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures import as_completed as cf_completed

        with ProcessPoolExecutor(max_workers=n_jobs, mp_context=mp.get_context("spawn")) as pool:
            futs = {pool.submit(run_chunk, *args, chunks[i], paired, rotate, backend): i for i in todo}
            for fut in cf_completed(futs):
                finish(futs[fut], fut.result())
    else:
        for i in todo:
            finish(i, run_chunk(*args, chunks[i], paired, rotate, backend))
    bar(None)
    df = pd.concat([done[i] for i in sorted(done)], ignore_index=True)
    df.attrs["provenance"] = prov
    df.attrs["backend"] = backend
    return df


def _progress(progress: bool | Callable[[int, int], None], total: int, initial: int,
              desc: str = "tournament") -> Callable[[int | None], None]:
    """A step function for the progress display; ``step(None)`` closes it."""
    if callable(progress):
        state = {"done": initial}

        def step(k: int | None) -> None:
            if k is not None:
                state["done"] += k
                progress(state["done"], total)

        return step
    if not progress:
        return lambda k: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, initial=initial, unit="game", desc=desc)

    def step(k: int | None) -> None:
        if k is None:
            bar.close()
        else:
            bar.update(k)

    return step


def round_robin(game: Any, agent_names: Iterable[str], n_games: int, seed: int, **kwargs: Any) -> pd.DataFrame:
    """Every agent against every other: for each ordered pair (A, B), A in one seat and B in the rest.

    Returns the stacked tidy tables with a ``match`` column ``"A vs B"``; see
    :func:`mowkit.results.strength_table` for the summary.
    """
    from mowkit.simulate import resolve_game

    game = resolve_game(game, **{k: kwargs.pop(k) for k in list(kwargs) if k not in _TOURNAMENT_KW})
    names = list(agent_names)
    frames = []
    for a in names:
        for b in names:
            if a == b:
                continue
            df = tournament(game, [a] + [b] * (game.num_players - 1), n_games, seed, **kwargs)
            df.insert(0, "match", f"{a} vs {b}")
            df.insert(1, "focus", a)
            df.insert(2, "field", b)
            frames.append(df)
    return pd.concat(frames, ignore_index=True)


_TOURNAMENT_KW = {"unit", "paired", "rotate", "n_jobs", "client", "out", "chunk_games", "progress", "backend"}
