"""One conformance test for both games (DESIGN.md habit 4).

Seeded random playouts check RULES.md §3 after every decision, the shared State interface,
record round trips and same-seed determinism, for every player count.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from mowkit import IllegalActionError, load_game
from mowkit.core import Action, State
from mowkit.records import load, replay, save, to_record
from mowkit.simulate import play_game

GAMES = ["sixnimmt", "mow"]


def playout(game, seed):
    rng = np.random.default_rng(seed)
    state = game.new_state(seed=seed)
    assert isinstance(state, State)
    steps = 0
    while not state.is_over():
        pending = state.pending_players()
        assert pending, "a game that is not over has someone to act"
        p = pending[0]
        legal = state.legal_actions(p)
        assert legal and all(isinstance(a, Action) and a.player == p for a in legal)
        obs = state.observation(p)
        assert obs is not None
        state.apply(legal[int(rng.integers(len(legal)))])
        state.check_invariants()
        steps += 1
    assert state.legal_actions() == [] and state.pending_players() == ()
    with pytest.raises(IllegalActionError):
        state.apply(legal[0])
    return state, steps


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", range(2, 11))
def test_playout_invariants_and_record_round_trip(name, players, tmp_path):
    game = load_game(name, players=players, max_rounds=2)
    state, steps = playout(game, seed=100 + players)
    record = to_record(state, seed=100 + players)
    back = load(save(record, tmp_path / "r.json"))
    assert back == json.loads(json.dumps(record))
    states = replay(back)
    assert len(states) == steps + 1
    assert states[-1].totals == state.totals and states[-1].winners() == state.winners()


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game_different_seed_different_game(name):
    game = load_game(name, players=3)
    a = play_game(game, ["random"] * 3, seed=5)
    b = play_game(game, ["random"] * 3, seed=5)
    c = play_game(game, ["random"] * 3, seed=6)
    assert a == b
    assert a["rounds"][0]["deal"] != c["rounds"][0]["deal"]


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name):
    state = load_game(name, players=3).new_state(seed=2)
    copy = state.clone()
    p = state.pending_players()[0]
    state.apply(state.legal_actions(p)[0])
    assert copy.history != state.history
    q = copy.pending_players()[0]
    assert copy.legal_actions(q)  # the copy still plays from where it was
    copy.apply(copy.legal_actions(q)[-1])
    copy.check_invariants()
    state.check_invariants()
