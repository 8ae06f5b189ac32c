"""Seeded random playouts of 6 nimmt!: RULES.md §3 after every decision, observations, determinism."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from mowkit import load_game
from mowkit.records import replay, to_record
from mowkit.simulate import play_game

VARIANTS = [(), ("tactics",), ("logic",), ("professional",), ("tactics", "professional")]


def random_playout(game, seed, check=None):
    rng = np.random.default_rng(seed)
    state = game.new_state(seed=seed)
    decisions = 0
    while not state.is_over():
        p = state.pending_players()[int(rng.integers(len(state.pending_players())))]
        legal = state.legal_actions(p)
        state.apply(legal[int(rng.integers(len(legal)))])
        decisions += 1
        if check:
            check(state)
    return state, decisions


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "+".join(v) or "standard")
def test_invariants_after_every_decision(players, variant):
    game = load_game("sixnimmt", players=players, variant=variant, max_rounds=2)
    state, decisions = random_playout(game, seed=players * 31 + len(variant), check=lambda s: s.check_invariants())
    assert state.is_over()
    assert len(state.round_scores) == 2 or any(t >= 66 for t in state.totals)
    assert state.legal_actions() == [] and state.pending_players() == ()


def test_observation_never_shows_another_hand():
    game = load_game("sixnimmt", players=5, max_rounds=1)
    rng = np.random.default_rng(3)
    state = game.new_state(seed=3)
    while not state.is_over():
        for p in range(5):
            obs = state.observation(p)
            assert list(obs.hand) == state.hands[p]
            visible = set(obs.hand) | {c for r in obs.rows for c in r} | {c for pl in obs.piles for c in pl}
            visible |= {c for _, _, c in obs.played} | {c for c, _ in obs.revealed} | set(obs.pool)
            others = {c for q in range(5) if q != p for c in state.hands[q]}
            face_down = {c for q, c in state.chosen.items() if q != p}
            assert not visible & others
            assert not visible & face_down
            assert "hands" not in vars(obs)
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        state.apply(legal[int(rng.integers(len(legal)))])


def test_legal_actions_are_sorted_and_only_for_pending_players():
    state = load_game("sixnimmt", players=4).new_state(seed=5)
    for p in range(4):
        cards = [a.card for a in state.legal_actions(p)]
        assert cards == sorted(cards) == state.hands[p]
    state.apply(state.legal_actions(2)[0])
    assert state.legal_actions(2) == []
    assert state.pending_players() == (0, 1, 3)


def test_simultaneous_choices_in_any_order_give_the_same_turn():
    game = load_game("sixnimmt", players=4)
    a = game.new_state(seed=9)
    b = game.new_state(seed=9)
    cards = [a.hands[p][3] for p in range(4)]
    for p in (0, 1, 2, 3):
        a.apply(a.legal_actions(p)[3])
    for p in (3, 1, 0, 2):
        b.apply(b.legal_actions(p)[3])
    assert a.rows == b.rows and a.piles == b.piles and a.phase == b.phase
    assert sorted(c for _, _, c in a.played) == sorted(cards)


AGENTS4 = ["random", "greedy", "lowest", "highest"]
SCRIPT = (
    "import json, mowkit; from mowkit.simulate import play_game; "
    "print(json.dumps(play_game(mowkit.load_game('sixnimmt', players=4, variant={v!r}), {a!r}, seed=2024)))"
)


@pytest.mark.slow
@pytest.mark.parametrize("variant", [(), ("logic",), ("professional",)])
def test_same_seed_same_record_in_a_fresh_process(variant):
    here = play_game(load_game("sixnimmt", players=4, variant=variant), AGENTS4, seed=2024)
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(v=list(variant), a=AGENTS4)],
        capture_output=True, text=True, check=True,
    )
    there = json.loads(out.stdout)
    assert there == json.loads(json.dumps(here))
    other = play_game(load_game("sixnimmt", players=4, variant=variant), AGENTS4, seed=2025)
    assert other["rounds"][0]["deal"] != here["rounds"][0]["deal"] or variant == ("logic",)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_record_replay_reaches_every_state(players):
    game = load_game("sixnimmt", players=players, variant="professional" if players == 4 else ())
    state, decisions = random_playout(game, seed=players)
    record = to_record(state, seed=players)
    states = replay(record)
    assert len(states) == decisions + 1
    assert states[-1].totals == state.totals and states[-1].rows == state.rows
    assert states[-1].is_over() and states[-1].winners() == state.winners()
    for s in states[:: max(1, len(states) // 25)]:
        s.check_invariants()
