"""Replay a traced 6 nimmt! kernel game in the rule engine, decision by decision (the kernels' oracle).

The kernel plays a few rounds on recorded deck orders and traces every decision with the position
it was asked in (``trace_deals``); :func:`replay_trace` replays the trace in the engine on the same
deck orders: before each decision the engine's position (rows, what each seat has taken this round,
hands) must be the kernel's, the engine's legal list must have the kernel's length and hold the
kernel's decision at the kernel's index; at each round's end the scores and totals must agree, and
the game must end where the kernel's totals reach the threshold. A mismatch raises
``AssertionError`` naming the table, options, seed, round and decision. Used by
``tests/test_kernel_traces.py`` and by :func:`mowkit.testing.check_game` (the spec's ``trace`` slot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from mowkit.games.sixnimmt import kernel as K6
from mowkit.games.sixnimmt.engine import Draft, Place, Play, SixNimmt, TakeRow, row_heads

ROUNDS = 3
"""Rounds a traced game plays (a threshold may end it earlier)."""


def policies() -> list[str]:
    """The kernel's policies, each of which a trace can replay."""
    return list(K6.POLICIES)


def _position(state: Any) -> dict[str, Any]:
    return {
        "rows": [(r[0], r[-1], len(r), row_heads(r)) for r in state.rows],
        "heads": [row_heads(p) for p in state.piles],
        "hands": [tuple(sorted(h)) for h in state.hands],
    }


def _action(d: dict[str, Any], legal: list[Any]) -> Any:
    p = d["seat"]
    if d["kind"] == "card":
        return Play(p, d["card"])
    if d["kind"] == "row":
        return TakeRow(p, d["choice"])
    if d["kind"] == "place":
        return Place(p, *d["place"])
    return Draft(p, d["card"])


def replay_trace(players: int, table: Sequence[str], options: Mapping[str, Any], seed: int,
                 rounds: int = ROUNDS) -> tuple[int, int]:
    """Replay a traced kernel game in the engine, checking every decision.

    Returns the decisions checked and the rounds the engine played."""
    round_opts = {k: v for k, v in options.items() if k not in ("threshold", "comparison")}
    game = SixNimmt(players=players, max_rounds=rounds, **options)
    deals = K6.seed_deals(players, [seed], rounds, **round_opts)[0]
    heads, traces = K6.trace_deals(players, table, deals, seed=seed, one_game=True, **round_opts)
    state = game.new_state(deals=[d.tolist() for d in deals])
    totals = np.zeros(players, np.int64)
    checked = 0
    for r, trace in enumerate(traces):
        if state.is_over():  # a threshold ended the game: the kernel's later rounds are not in it
            break
        assert len(trace) and trace[-1, 1] == K6.D_END, f"round {r}: the trace has no end row"
        for j, row in enumerate(trace):
            d = K6.decode_trace(row, players, game.rows, game.hand_size)
            where = f"{table} {options} seed {seed} round {r} decision {j} ({d['kind']})"
            if d["kind"] == "end":
                totals += heads[r]
                assert state.round_scores[r] == d["heads"] == heads[r].tolist(), where
                assert state.totals == totals.tolist(), where
                assert j == len(trace) - 1, where
                continue
            assert not state.is_over(), where
            assert state.round_index == r, where
            assert _position(state) == {k: d[k] for k in ("rows", "heads", "hands")}, where
            assert d["seat"] in state.pending_players(), where
            legal = state.legal_actions(d["seat"])
            assert len(legal) == d["options"], f"{where}: engine {legal}"
            action = _action(d, legal)
            assert action in legal, f"{where}: {action} not in {legal}"
            if d["choice"] >= 0:
                assert legal[d["choice"]] == action, where
            state.apply(action)
            checked += 1
    reached = [(t >= game.threshold) if game.comparison == ">=" else (t > game.threshold)
               for t in np.cumsum(heads, axis=0).max(axis=1)]
    end = next((i + 1 for i, x in enumerate(reached) if x), rounds)
    assert state.is_over() and len(state.round_scores) == end, f"{table} {options} seed {seed}"
    return checked, end
