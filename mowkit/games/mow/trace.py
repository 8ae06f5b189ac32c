"""Replay a traced Mow kernel game in the rule engine, decision by decision (the kernels' oracle).

As :mod:`mowkit.games.sixnimmt.trace`: before each decision the engine's position (totals, arrow,
active herd, draw pile size, herds with their flies and mad cows, what each farmer has taken this
round, hands) must be the kernel's, the engine's legal list must have the kernel's length and its
item at the kernel's index must be the kernel's decision; round scores and totals must agree and
the game must end where the kernel's totals reach the threshold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from mowkit.games.mow import kernel as KM
from mowkit.games.mow.engine import (
    Acrobat,
    AddCow,
    Calf,
    ChooseNext,
    Flip,
    MadCow,
    Mow,
    Slowpoke,
    TakeHerd,
)

ROUNDS = 3
"""Rounds a traced game plays (a threshold may end it earlier)."""


def policies() -> list[str]:
    """The kernel's policies, each of which a trace can replay."""
    return list(KM.POLICIES)


def _position(state: Any) -> dict[str, Any]:
    g = state.game
    fl = g.flies
    return {
        "totals": list(state.totals), "arrow": state.arrow, "active": state.active,
        "stock": len(state.stock),
        "herds": [(tuple(state.herds[h]), state.herd_flies(h), any(g.kinds[c] == "mad" for _, c in state.herds[h]))
                  for h in range(g.num_herds)],
        "flies": [sum(fl[c] for c in shed) for shed in state.piles],
        "hands": [tuple(sorted(h)) for h in state.hands],
    }


def _action(d: dict[str, Any], herd: Any) -> Any:
    p = d["farmer"]
    if d["kind"] == "flip":
        return Flip(p, d["choice"])
    if d["kind"] == "next":
        return ChooseNext(p, d["card"])
    a, c = d["action"], d["card"]
    if a == "take":
        return TakeHerd(p)
    if a in ("start", "low", "high"):
        return AddCow(p, c, a)
    if a == "acrobat":
        return Acrobat(p, c, herd[d["arg"]][1])
    if a == "slowpoke":
        return Slowpoke(p, c, d["arg"])
    if a in ("calf_low", "calf_high"):
        return Calf(p, c, a[5:])
    return MadCow(p, c)


def replay_trace(players: int, table: Sequence[str], options: Mapping[str, Any], seed: int,
                 rounds: int = ROUNDS) -> tuple[int, int]:
    """Replay a traced kernel game of Mow in the engine, checking every decision.

    Returns the decisions checked and the rounds the engine played (a threshold may end it early)."""
    game = Mow(players=players, max_rounds=rounds, **{"threshold": 10_000, **options})
    deals = KM.seed_deals(players, [seed], rounds, **options)[0]
    flies, traces = KM.trace_deals(players, table, deals, seed=seed, one_game=True, states=True, **options)
    width = KM._args(KM._game(players, options, KM._GAME_OPTIONS))["width"]
    state = game.new_state(deals=[d.tolist() for d in deals])
    totals = np.zeros(players, np.int64)
    checked = 0
    for r, trace in enumerate(traces):
        if state.is_over():  # a threshold ended the game: the kernel's later rounds are not in it
            break
        assert len(trace) and trace[-1, 1] == KM.D_END, f"round {r}: the trace has no end row"
        for j, row in enumerate(trace):
            d = KM.decode_trace(row, players, game.num_herds, width)
            where = f"{table} {options} seed {seed} round {r} decision {j} ({d['kind']})"
            if d["kind"] == "end":
                assert d["totals"] == totals.tolist(), where
                totals += flies[r]
                assert state.round_scores[r] == d["flies"] == flies[r].tolist(), where
                assert state.totals == totals.tolist(), where
                continue
            assert not state.is_over() and state.round_index == r, where
            assert _position(state) == {k: d[k] for k in _position(state)}, where
            assert state.pending_players() == (d["farmer"],), where
            legal = state.legal_actions(d["farmer"])
            assert len(legal) == d["options"], f"{where}: engine {legal}"
            action = _action(d, state.herds[state.active])
            assert legal[d["choice"]] == action, f"{where}: engine {legal[d['choice']]}, kernel {action}"
            state.apply(action)
            checked += 1
    reached = [(t >= game.threshold) if game.comparison == ">=" else (t > game.threshold)
               for t in np.cumsum(flies, axis=0).max(axis=1)]
    end = next((i + 1 for i, x in enumerate(reached) if x), rounds)
    assert state.is_over() and len(state.round_scores) == end, f"{table} {options} seed {seed}"
    return checked, end
