"""What the match's guards cost: the same games through :class:`mowkit.match.Match` and on the bare engine.

Both paths play the same agents (``"random"`` and ``"greedy"`` by default, one object per seat,
made once) on the same deals (:func:`mowkit.core.deal_rng` of the seed), one decision at a time:

* ``direct``: the engine played directly: the first pending seat's observation, the engine's
  legal list, the agent's ``act`` with its generator, ``apply`` (no copies, no checks beyond the
  rules'; the agents see the real game object);
* ``match``: :func:`mowkit.simulate.play_state`: a :class:`~mowkit.match.Match` per game with its
  guards (a private copy of the game per seat, a copy of the legal list, the action looked up in
  the engine's own list, the one-way agent streams of :func:`~mowkit.match.agent_rng`), the timing
  of every decision and the log of events per decision.

Whole games (to the game's threshold) and single rounds (``max_rounds=1``, where the match's
per-game set-up weighs most), repetitions interleaved. The two paths' agents draw from different
generators, so their games differ: the figure compared is decisions per CPU second
(``time.process_time``; the machine is shared), medians; the overhead is the match's CPU time per
decision over the direct path's, less 1 (target of issue 22: at most 10 %); the last column is
the same from each path's fastest repetition (the one least disturbed on a shared machine).

    python benchmarks/bench_guards.py --games 200 --rounds 1000 --reps 5

``--breakdown`` prints instead where a single round's extra time goes: the set-up (a ``Match``
against ``new_state`` and a generator per seat, and its parts), and the decisions of identical
games (the bare loop played with the match's own agents and generators against ``Match.run``),
each the median of interleaved repetitions in CPU microseconds per round.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's mowkit

from mowkit import load_game  # noqa: E402
from mowkit.agents import make_agent  # noqa: E402
from mowkit.core import deal_rng  # noqa: E402
from mowkit.match import Match, _new_agents, _stream_rng, private_copies  # noqa: E402
from mowkit.simulate import play_state  # noqa: E402

CASES = [("sixnimmt", 4), ("mow", 3), ("mow", 10)]


def direct(game: object, names: list[str], seeds: range) -> int:
    """Games on the bare engine; the decisions played."""
    agents = [make_agent(game.name, a) for a in names]  # type: ignore[attr-defined]
    decisions = 0
    for seed in seeds:
        state = game.new_state(rng=deal_rng(seed))  # type: ignore[attr-defined]
        rngs = [np.random.default_rng([seed, p]) for p in range(len(names))]
        while not state.is_over():
            p = state.pending_players()[0]
            state.apply(agents[p].act(state.observation(p), state.legal_actions(p), rngs[p]))
            decisions += 1
    return decisions


def guarded(game: object, names: list[str], seeds: range) -> int:
    """The same games through the match; the decisions played."""
    decisions = 0
    for seed in seeds:
        state = play_state(game, names, seed)  # type: ignore[arg-type]
        decisions += sum(len(h) for h in state.history)
    return decisions


def per_round(run: object, seeds: range) -> float:
    """CPU microseconds per seed of ``run(seed)``."""
    t = time.process_time()
    for seed in seeds:
        run(seed)  # type: ignore[operator]
    return (time.process_time() - t) / len(seeds) * 1e6


def bare_run(match: Match) -> None:
    """The bare loop on a match's state with its agents and generators (the same game as ``run``)."""
    state, agents, rngs = match.state, match.agents, match.rngs
    while not state.is_over():
        p = state.pending_players()[0]
        state.apply(agents[p].act(state.observation(p), state.legal_actions(p), rngs[p]))


def breakdown_case(name: str, n: int, rounds: int, reps: int) -> None:
    """One case of ``--breakdown``: the parts of a single round's set-up and decisions."""
    names = (["greedy", "random"] * n)[:n]
    game = load_game(name, players=n, max_rounds=1)
    parts: dict[str, Callable[[int], object]] = {
        "bare set-up": lambda s: (game.new_state(rng=deal_rng(s)), [np.random.default_rng([s, p]) for p in range(n)]),
        "Match()": lambda s: Match(game, names, s),
        "its new_state": lambda s: game.new_state(rng=deal_rng(s)),
        "its generators": lambda s: [_stream_rng(s, p) for p in range(n)],
        "its agents": lambda s: _new_agents(game.name, names, ()),
        "its copies": lambda s: private_copies(game, n),
        "Match() + bare decisions": lambda s: bare_run(Match(game, names, s)),
        "Match() + Match.run": lambda s: Match(game, names, s).run(),
    }
    got: dict[str, list[float]] = {k: [] for k in parts}
    for rep in range(reps):
        seeds = range(rep * rounds, (rep + 1) * rounds)
        for key in (list(parts) if rep % 2 == 0 else list(parts)[::-1]):
            got[key].append(per_round(parts[key], seeds))
    med = {k: statistics.median(v) for k, v in got.items()}
    print(f"{name} {n} seats: " + ", ".join(f"{k} {v:.1f}" for k, v in med.items()))
    print(f"  set-up extra {med['Match()'] - med['bare set-up']:.1f} us, decisions extra "
          f"{med['Match() + Match.run'] - med['Match() + bare decisions']:.1f} us per round", flush=True)


def breakdown(rounds: int, reps: int) -> None:
    """Where a single round's extra CPU time goes (see the module docstring)."""
    print(f"Single rounds: CPU us per round, medians of {reps} interleaved repetitions of {rounds} rounds")
    for name, n in CASES:
        breakdown_case(name, n, rounds, reps)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="whole games per case and repetition")
    ap.add_argument("--rounds", type=int, default=1000, help="single rounds per case and repetition")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--breakdown", action="store_true", help="where a single round's extra time goes")
    args = ap.parse_args()
    if args.breakdown:
        breakdown(args.rounds, args.reps)
        return
    print(f"Guards of the match vs the bare engine; one core; Python {platform.python_version()}, "
          f"{platform.machine()}; {args.reps} interleaved repetitions, medians of decisions per CPU second")
    print(f"{'game':>9} {'seats':>5} {'length':>6} {'games':>6} {'direct/s':>9} {'match/s':>9} {'overhead':>8} "
          f"{'decisions/game':>14} {'best: overhead':>14}")
    for name, n in CASES:
        names = (["greedy", "random"] * n)[:n]
        for length, count, rounds in (("game", args.games, None), ("round", args.rounds, 1)):
            game = load_game(name, players=n, max_rounds=rounds)
            rates: dict[str, list[float]] = {"direct": [], "match": []}
            made = 0
            for rep in range(args.reps):
                seeds = range(rep * count, (rep + 1) * count)
                for path, run in (("direct", direct), ("match", guarded)):
                    t = time.process_time()
                    made = run(game, names, seeds)
                    rates[path].append(made / (time.process_time() - t))
            d, m = statistics.median(rates["direct"]), statistics.median(rates["match"])
            best = max(rates["direct"]) / max(rates["match"]) - 1  # each path's fastest repetition
            print(f"{name:>9} {n:>5} {length:>6} {count:>6} {d:>9.0f} {m:>9.0f} {d / m - 1:>8.1%} "
                  f"{made / count:>14.1f} {best:>14.1%}", flush=True)


if __name__ == "__main__":
    main()
