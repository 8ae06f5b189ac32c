"""Decisions per second through the framework adapters against the engine, and ISMCTS simulations per second.

Run from the repository root (prints the tables for benchmarks/README.md):

    PYTHONPATH=$PWD python benchmarks/bench_adapters.py --games 40 --ismcts-decisions 12

The loops take turns ``--repeats`` times and each keeps its best run (the machine is shared);
every time is CPU time of this process (``time.process_time``), so other work on the machine
slows a loop less than it would on the wall clock.
To measure an older version of the kit with the same script, run it with that version first on
``PYTHONPATH`` and ``--ismcts-lenient`` (the old adapter needed ``allow_inconsistent_action_sets``).

For each game (4 seats, single rounds, ``max_rounds=1``), the same random players (a uniformly
random legal decision, seeded) play ``--games`` games, in one run and one process:

* **engine**: the rule engine's own loop (``legal_actions`` / ``apply`` on the state); **+obs**:
  the same loop making the deciding seat's observation (``state.observation``) at every decision,
  as a match does for its agents;
* **OpenSpiel**: OpenSpiel's state loop on the adapter's game (``chance_outcomes`` /
  ``legal_actions`` / ``apply_action``; chance nodes are not counted as decisions);
* **PettingZoo**: the AEC loop (``agent_iter`` / ``last`` / ``step``; ``last`` takes the seat's
  observation from the engine and builds the action mask every step; the observation vector is
  made when the loop reads it, and this random player reads only the mask) in the environment's
  default turn order (``turns="acting"``: every step a decision), **PZ cycle** the same loop with
  ``turns="cycle"`` (every seat in order; a seat that passes in a cycle is a step, not a
  decision; a kit without the option has only this order), and **PZ +vec** the default loop
  reading ``obs["observation"]`` at every step too, as a learner does.

Decisions per second of each, and the adapters' ratio to the engine. Then OpenSpiel's Python
``ISMCTSBot`` (random rollouts, UCT c=2, ``--ismcts-sims`` simulations per decision, 3 seats,
single rounds) decides ``--ismcts-decisions`` times through the adapter: simulations per second.
"""

from __future__ import annotations

import argparse
import platform
import time
from datetime import datetime, timezone

import numpy as np

import mowkit

GAMES = ("sixnimmt", "mow")
LENIENT = False


def engine_loop(game_name: str, players: int, n_games: int, observe: bool = False) -> tuple[int, float]:
    game = mowkit.load_game(game_name, players=players, max_rounds=1)
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.process_time()
    for g in range(n_games):
        state = game.new_state(rng=np.random.default_rng(g))
        while not state.is_over():
            p = state.pending_players()[0]
            if observe:
                state.observation(p)
            legal = state.legal_actions(p)
            state.apply(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions, time.process_time() - start


def observed_engine_loop(game_name: str, players: int, n_games: int) -> tuple[int, float]:
    return engine_loop(game_name, players, n_games, observe=True)


def openspiel_loop(game_name: str, players: int, n_games: int) -> tuple[int, float]:
    import pyspiel

    import mowkit.adapters.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(f"mowkit_{game_name}", {"players": players, "max_rounds": 1})
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.process_time()
    for _ in range(n_games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                decisions += 1
    return decisions, time.process_time() - start


def pettingzoo_loop(game_name: str, players: int, n_games: int, turns: str | None = None,
                    read: bool = False) -> tuple[int, float]:
    from mowkit.adapters.pettingzoo import aec_env

    env = aec_env(game_name, players=players, max_rounds=1, **({} if turns is None else {"turns": turns}))
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.process_time()
    for g in range(n_games):
        env.reset(seed=g)
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if read:
                obs["observation"]  # noqa: B018 - a learner reads the vector
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[int(rng.integers(len(legal)))])
            env.step(action)
            decisions += action != getattr(env, "pass_index", -1)  # a pass (a seat that does not decide now) is no decision
    return decisions, time.process_time() - start


def pettingzoo_cycle_loop(game_name: str, players: int, n_games: int) -> tuple[int, float]:
    """The AEC loop with ``turns="cycle"`` (every seat in order; a kit without the option: its only order)."""
    import inspect

    from mowkit.adapters.pettingzoo import MowkitAECEnv

    has_turns = "turns" in inspect.signature(MowkitAECEnv).parameters
    return pettingzoo_loop(game_name, players, n_games, "cycle" if has_turns else None)


def pettingzoo_read_loop(game_name: str, players: int, n_games: int) -> tuple[int, float]:
    """The AEC loop (default turn order) reading the observation vector at every step too."""
    return pettingzoo_loop(game_name, players, n_games, read=True)


def ismcts_rate(game_name: str, players: int, sims: int, n_decisions: int) -> tuple[int, float]:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import mowkit.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game(f"mowkit_{game_name}", {"players": players, "max_rounds": 1})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, sims, random_state=rs,
                           allow_inconsistent_action_sets=LENIENT)
    rng = np.random.default_rng(1)
    done = 0
    spent = 0.0
    while done < n_decisions:
        state = game.new_initial_state()
        while not state.is_terminal() and done < n_decisions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            if len(state.legal_actions()) > 1:
                t = time.process_time()
                action = bot.step(state)
                spent += time.process_time() - t
                done += 1
            else:
                action = state.legal_actions()[0]
            state.apply_action(action)
    return done * sims, spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--ismcts-sims", type=int, default=50)
    ap.add_argument("--ismcts-players", type=int, default=3)
    ap.add_argument("--ismcts-decisions", type=int, default=12)
    ap.add_argument("--ismcts-lenient", action="store_true")
    args = ap.parse_args()
    global LENIENT
    LENIENT = args.ismcts_lenient
    print(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.python_version()}, {platform.machine()}")
    print(f"random players, {args.players} seats, single rounds, {args.games} games per loop")
    print(f"{'game':<10}{'engine':>10}{'+obs':>10}{'OpenSpiel':>11}{'ratio':>7}{'PettingZoo':>12}{'ratio':>7}"
          f"{'vs +obs':>9}{'PZ cycle':>10}{'ratio':>7}{'PZ +vec':>10}{'ratio':>7}   (decisions/s; ratios to the engine)")
    loops = (engine_loop, observed_engine_loop, openspiel_loop, pettingzoo_loop, pettingzoo_cycle_loop,
             pettingzoo_read_loop)
    for name in GAMES:
        rates = [0.0] * len(loops)
        for loop in loops:
            loop(name, args.players, 1)  # warm-up
        for _ in range(args.repeats):  # the loops take turns; each keeps its best run (a shared, noisy machine)
            for k, loop in enumerate(loops):
                d, s = loop(name, args.players, args.games)
                rates[k] = max(rates[k], d / s)
        e, eo, o, z, zc, zr = rates
        print(f"{name:<10}{e:>10,.0f}{eo:>10,.0f}{o:>11,.0f}{o / e:>7.2f}{z:>12,.0f}{z / e:>7.2f}{z / eo:>9.2f}"
              f"{zc:>10,.0f}{zc / e:>7.2f}{zr:>10,.0f}{zr / e:>7.2f}")
    print(f"\nOpenSpiel ISMCTS through the adapter: {args.ismcts_players} seats, single rounds, "
          f"{args.ismcts_sims} simulations per decision, {args.ismcts_decisions} decisions")
    for name in GAMES:
        best = 0.0
        for _ in range(args.repeats):
            sims, s = ismcts_rate(name, args.ismcts_players, args.ismcts_sims, args.ismcts_decisions)
            best = max(best, sims / s)
        print(f"{name:<10}{best:>10,.0f} simulations/s")


if __name__ == "__main__":
    main()
