"""Strength of the planning player: against ``mc`` at equal time, and against OpenSpiel's ISMCTS.

Run from the repository root (prints the tables for benchmarks/README.md):

    PYTHONPATH=$PWD python benchmarks/bench_planner.py --budget 0.002 --games 240 --mow-games 180 --ismcts-deals 10

(``--only sixnimmt`` / ``mow`` / ``ismcts`` / ``ismcts-sixnimmt`` / ``ablation`` runs one part; ``--planner`` and ``--mc``
set the 6 nimmt! specs.)

1. Whole games, paired deals with the agents rotated through the seats: 6 nimmt! with 4 players
   (1 planner, 3 mc) and Mow with 3 farmers (1 planner, 2 mc); both agents get the same
   ``time_budget`` per decision. Win share with its bootstrap-over-deals interval
   (``results.summary``) against the fair share 1/players, and the paired difference planner
   minus mc (``results.paired_difference``); mean measured time per decision of each agent.
2. Through the OpenSpiel adapter: single rounds (``max_rounds=1``), the planner (as an
   ``AgentBot``) against OpenSpiel's Python ISMCTS (random rollouts, UCT c=2) whose simulation
   count is calibrated so that its decisions take about as long as the planner's; every deal seed
   is played with the planner in every seat.
3. ``--only ablation``: single 6 nimmt! rounds, the planner at fixed rollouts (random rollouts,
   the learned model for its own cards and the others' card of this turn, the model for every
   card) against 3 ``mc`` at ``--budget``: what the rollout model buys at equal rollouts.
"""

from __future__ import annotations

import argparse
import platform
import time
from datetime import datetime, timezone

import numpy as np
import pandas as pd

from mowkit import results
from mowkit.agents import make_agent
from mowkit.tournament import tournament


class Timed:
    """Wraps an agent and records the time of every decision with more than one legal action.

    The times are kept per agent name on the class, so copies made by the tournament log too.
    """

    log: dict[str, list[float]] = {}

    def __init__(self, agent, name: str | None = None):
        self.agent = agent
        self.name = name or agent.name
        self.log.setdefault(self.name, [])

    @property
    def times(self) -> list[float]:
        return self.log[self.name]

    def act(self, observation, legal_actions, rng):
        t = time.perf_counter()
        a = self.agent.act(observation, legal_actions, rng)
        if len(legal_actions) > 1:
            self.log[self.name].append(time.perf_counter() - t)
        return a


class timing:
    """Within ``with timing(cls, ...)``, every decision (with more than one legal action) of those
    agent classes is timed into ``Timed.log[agent.name]``: the times of the tournament's own games."""

    def __init__(self, *classes):
        self.classes = classes
        self.saved = {}

    def __enter__(self):
        for cls in self.classes:
            act = self.saved[cls] = cls.act

            def timed(agent, observation, legal_actions, rng, _act=act):
                t = time.perf_counter()
                a = _act(agent, observation, legal_actions, rng)
                if len(legal_actions) > 1:
                    Timed.log.setdefault(agent.name, []).append(time.perf_counter() - t)
                return a

            cls.act = timed
        return self

    def __exit__(self, *exc):
        for cls, act in self.saved.items():
            cls.act = act


def versus_mc(game: str, players: int, budget: float, n_games: int, seed: int, planner: str, mc: str,
              match_time: bool = False) -> None:
    from mowkit import load_game
    from mowkit.simulate import play_state

    p_budget = budget
    p, m = (make_agent(game, f"{s},time_budget={budget}") for s in (planner, mc))
    g = load_game(game, players=players)
    with timing(type(p), type(m)):
        for k in range(3):  # warm-up game (compiles the kernels), then two games timed for the calibration
            Timed.log.clear()
            play_state(g, [p] + [m] * (players - 1), seed=seed + k)
        if match_time:  # the planner's budget scaled so that its mean time per decision matches mc's
            ratio = np.mean(Timed.log[m.name]) / np.mean(Timed.log[p.name])
            p_budget = round(budget * ratio, 4)
            print(f"calibration: at {budget * 1000:g} ms each, planner {1000 * np.mean(Timed.log[p.name]):.2f} ms "
                  f"and mc {1000 * np.mean(Timed.log[m.name]):.2f} ms per decision: planner budget "
                  f"{p_budget * 1000:g} ms")
        specs = [f"{planner},time_budget={p_budget}", f"{mc},time_budget={budget}"]
        Timed.log.clear()
        t = time.perf_counter()
        df = tournament(game, [specs[0]] + [specs[1]] * (players - 1), n_games, seed, players=players,
                        backend="engine", progress=False)
        wall = time.perf_counter() - t
        times = {specs[0]: Timed.log[p.name], specs[1]: Timed.log[m.name]}
    s = results.summary(df).set_index("agent")
    d = results.paired_difference(df, specs[0], specs[1], metric="win_share").iloc[0]
    print(f"\n{game}, {players} players, whole games, {n_games} games ({n_games // players} deals x {players} seats), "
          f"time_budget {budget * 1000:g} ms per decision (planner {p_budget * 1000:g} ms), {wall:.0f} s; "
          f"times measured in these games")
    print(f"{'agent':<44}{'win share':>10}{'95 % interval':>18}{'mean penalty/round':>20}{'ms/decision':>13}")
    for a in specs:
        r = s.loc[a]
        print(f"{a:<44}{r['win_share']:>10.3f}{f'{r.share_lo:.3f}-{r.share_hi:.3f}':>18}"
              f"{r['mean_penalty']:>20.2f}{1000 * np.mean(times[a]):>13.2f}")
    shares = results.per_game(df).groupby("agent")["win_share"].sum()
    print(f"wins counted in shares: planner {shares[specs[0]]:.2f}, mc seats {shares[specs[1]]:.2f} of {n_games} games")
    print(f"fair share {1 / players:.3f}; planner minus mc (win share, paired by deal): "
          f"{d['difference']:+.3f} ({d['lo']:+.3f} to {d['hi']:+.3f})")


ABLATION = ["planner:rollouts=160,stages=1,rollout=random,avoid=0",  # the earlier kernel, random rollouts
            "planner:rollouts=160,stages=1,model_turns=0,own_turns=0",  # random rollouts, shared random numbers
            "planner:rollouts=160,stages=1,model_turns=0",  # the model for its own later cards only
            "planner:rollouts=160,stages=1,own_turns=0",  # the model for the others' card of this turn only
            "planner:rollouts=160,stages=1",  # ... and for the others' card of this turn (the default)
            "planner:rollouts=160,stages=1,model_turns=100"]  # ... and for every card of the round
"""The rows of ``--only ablation``: the planner at 160 rollouts per card, one stage (no racing)."""


def ablation(budget: float, n_rounds: int, seed: int, specs: list[str], mc: str) -> None:
    """Single 6 nimmt! rounds, 4 players: each spec (fixed rollouts) against 3 mc at ``budget``.

    What the rollout model buys at equal rollouts: heads per round of the spec minus mc's, paired
    by deal (bootstrap interval), its win share of the rounds and the mean times per decision.
    """
    from mowkit import load_game
    from mowkit.simulate import play_state

    m = make_agent("sixnimmt", f"{mc},time_budget={budget}")
    print(f"\n6 nimmt!, 4 players, single rounds, {n_rounds} rounds ({n_rounds // 4} deals x 4 seats) per row, "
          f"against 3 x {m.name} ({budget * 1000:g} ms); times measured in these rounds")
    print(f"{'planner':<52}{'heads/round minus mc [95 %]':>30}{'round win share [95 %]':>26}{'ms/decision':>14}")
    for spec in specs:
        p = make_agent("sixnimmt", spec)
        with timing(type(p), type(m)):
            play_state(load_game("sixnimmt", players=4, max_rounds=1), [p, m, m, m], seed=seed)  # compile
            Timed.log.clear()
            df = tournament("sixnimmt", [spec] + [f"{mc},time_budget={budget}"] * 3, n_rounds, seed, unit="round",
                            players=4, backend="engine", progress=False)
            times = {k: list(v) for k, v in Timed.log.items()}
        d = results.paired_difference(df, spec, f"{mc},time_budget={budget}").iloc[0]
        r = results.summary(df).set_index("agent").loc[spec]
        print(f"{spec:<52}{f'{d.difference:+.2f} [{d.lo:+.2f}, {d.hi:+.2f}]':>30}"
              f"{f'{r.win_share:.3f} [{r.share_lo:.3f}-{r.share_hi:.3f}]':>26}"
              f"{1000 * np.mean(times[p.name]):>8.2f} / {1000 * np.mean(times[m.name]):.2f}")


def versus_ismcts(game: str, players: int, budget: float, n_deals: int, seed: int, planner: str) -> None:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from mowkit.adapters.openspiel import AgentBot, play_bots

    os_game = pyspiel.load_game(f"mowkit_{game}", {"players": players, "max_rounds": 1})
    p = Timed(make_agent(game, planner, time_budget=budget))

    def ismcts_bot(sims: int, rs: np.random.RandomState):
        return ismcts.ISMCTSBot(os_game, mcts.RandomRolloutEvaluator(1, rs), 2.0, sims, random_state=rs,
                                allow_inconsistent_action_sets=True)

    # calibrate: a warm-up round of ISMCTS bots with 10 simulations gives the time per simulation
    probe_times: list[float] = []
    play_bots(os_game, [_TimedBot(ismcts_bot(10, np.random.RandomState(q)), probe_times) for q in range(players)],
              seed - 1)
    sims = max(2, int(round(10 * budget / np.mean(probe_times))))
    rows = []
    ismcts_times: list[float] = []
    for deal in range(n_deals):
        for seat in range(players):
            bots = []
            for q in range(players):
                if q == seat:
                    bots.append(AgentBot(p, seed=seed + 1000 * deal + q))
                else:
                    bots.append(_TimedBot(ismcts_bot(sims, np.random.RandomState(seed + 1000 * deal + q)), ismcts_times))
            ret = play_bots(os_game, bots, seed + deal)
            w = [q for q in range(players) if ret[q] > 0]
            for q in range(players):
                rows.append({"game": len(rows) // players, "seat": q, "deal": deal,
                             "agent": p.name if q == seat else f"ismcts:sims={sims}", "rounds": 1,
                             "final_total": 0, "mean_penalty": 0.0, "winner": ret[q] > 0,
                             "winners": len(w), "win_share": ret[q]})
    games = pd.DataFrame(rows)
    s = results.summary(games).set_index("agent")
    d = results.paired_difference(games, p.name, f"ismcts:sims={sims}", metric="win_share").iloc[0]
    print(f"\n{game}, {players} players, single rounds through the OpenSpiel adapter, {n_deals} deals x {players} seats")
    print(f"{'agent':<28}{'win share':>10}{'95 % interval':>18}{'ms/decision':>13}")
    for name, times in ((p.name, p.times), (f"ismcts:sims={sims}", ismcts_times)):
        r = s.loc[name]
        print(f"{name:<28}{r['win_share']:>10.3f}{f'{r.share_lo:.3f}-{r.share_hi:.3f}':>18}"
              f"{1000 * np.mean(times):>13.2f}")
    print(f"fair share {1 / players:.3f}; planner minus ISMCTS (win share, paired by deal): "
          f"{d['difference']:+.3f} ({d['lo']:+.3f} to {d['hi']:+.3f})")


class _TimedBot:
    def __init__(self, bot, times):
        self.bot = bot
        self.times = times

    def step(self, state):
        many = len(state.legal_actions()) > 1
        t = time.perf_counter()
        a = self.bot.step(state)
        if many:
            self.times.append(time.perf_counter() - t)
        return a


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=0.004, help="seconds per decision for both agents")
    ap.add_argument("--games", type=int, default=160, help="6 nimmt! games (a multiple of 4)")
    ap.add_argument("--mow-games", type=int, default=120, help="Mow games (a multiple of 3)")
    ap.add_argument("--ismcts-deals", type=int, default=10, help="deals per game against ISMCTS (0: skip)")
    ap.add_argument("--ismcts-budget", type=float, default=0.05, help="seconds per decision against ISMCTS")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", choices=("all", "sixnimmt", "mow", "ismcts", "ismcts-sixnimmt", "ablation"), default="all")
    ap.add_argument("--planner", default="planner:rollouts=20", help="the 6 nimmt! planner's spec")
    ap.add_argument("--mc", default="mc:rollouts=5", help="the 6 nimmt! mc spec")
    ap.add_argument("--specs", nargs="*", help="the planner specs of --only ablation (default: ABLATION)")
    ap.add_argument("--rounds", type=int, default=800, help="single rounds per row of --only ablation")
    ap.add_argument("--match-time", action="store_true",
                    help="scale the planner's budget so that its measured time per decision matches mc's")
    a = ap.parse_args()
    print(f"bench_planner: {platform.processor() or platform.machine()}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC")
    if a.only in ("all", "sixnimmt") and a.games:
        versus_mc("sixnimmt", 4, a.budget, a.games, a.seed, a.planner, a.mc, a.match_time)
    if a.only in ("all", "mow") and a.mow_games:
        versus_mc("mow", 3, a.budget, a.mow_games, a.seed, "planner:rollouts=4", "mc:rollouts=4", a.match_time)
    if a.only == "ablation":
        ablation(a.budget, a.rounds, a.seed, a.specs or ABLATION, a.mc)
    if a.only in ("all", "ismcts") and a.ismcts_deals:
        versus_ismcts("mow", 3, a.ismcts_budget, a.ismcts_deals, a.seed, "planner:rollouts=4")
    if a.only in ("all", "ismcts", "ismcts-sixnimmt") and a.ismcts_deals:
        versus_ismcts("sixnimmt", 4, a.ismcts_budget, a.ismcts_deals, a.seed, a.planner)


if __name__ == "__main__":
    main()
