"""The OpenSpiel adapter: OpenSpiel's own checks for Python games, and OpenSpiel's bots through it."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import mowkit
from mowkit.adapters import codec_of, observation_text
from mowkit.adapters.openspiel import (
    AgentBot,
    DeterminizedMCTSBot,
    deal_order,
    match_bots,
    play_bots,
    play_to_end,
)
from mowkit.agents import make_agent
from mowkit.core import OptionError
from mowkit.simulate import play_game

CASES = [
    ("mowkit_sixnimmt", {"max_rounds": 1}),
    ("mowkit_sixnimmt", {"players": 3, "threshold": 15, "utility": "penalty"}),
    ("mowkit_sixnimmt", {"players": 3, "variant": "professional", "max_rounds": 1}),
    ("mowkit_sixnimmt", {"players": 2, "variant": "logic", "hand_size": 5, "max_rounds": 1}),
    ("mowkit_mow", {"players": 3, "max_rounds": 1}),
    ("mowkit_mow", {"players": 2, "threshold": 15, "utility": "penalty"}),
    ("mowkit_mow", {"players": 6, "max_rounds": 1}),
]


@pytest.mark.parametrize("name,params", CASES)
def test_openspiel_random_simulation_with_serialization(name, params):
    """OpenSpiel's C++ random simulation test (API consistency, serialization round trips)."""
    game = pyspiel.load_game(name, params)
    assert game.num_players() == params.get("players", 4)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _random_walk(game, seed):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("name,params", CASES[:1] + CASES[4:5])
def test_games_sim_style_checks(name, params):
    """What OpenSpiel's games_sim_test does per step: clone, pickle, serialize, observers, returns."""
    game = pyspiel.load_game(name, params)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    info_obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    cur_obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    states = _random_walk(game, 7)
    for k, state in enumerate(states):
        if k % 9 == 0:
            new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert str(new_game) == str(game) and str(new_state) == str(state)
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
        if state.is_terminal():
            continue
        for p in range(game.num_players()):
            info_obs.set_from(state, p)
            assert info_obs.string_from(state, p) == state.information_state_string(p)
            np.testing.assert_array_equal(info_obs.tensor, state.information_state_tensor(p))
            cur_obs.set_from(state, p)
            assert cur_obs.string_from(state, p) == state.observation_string(p)
            np.testing.assert_array_equal(cur_obs.tensor, state.observation_tensor(p))
    final = states[-1]
    assert final.is_terminal() and final.legal_actions() == []
    returns = final.returns()
    engine = final.engine
    w = engine.winners()
    assert returns == [1 / len(w) if p in w else 0.0 for p in range(game.num_players())]
    for r in returns:
        assert game.min_utility() <= r <= game.max_utility()


def test_information_state_hides_other_hands_and_face_down_cards():
    """Two worlds that differ only in another seat's hidden cards look the same to a player."""
    game = pyspiel.load_game("mowkit_sixnimmt", {"max_rounds": 1})
    state = game.new_initial_state()
    state.apply_action(5)
    state.apply_action(state.legal_actions()[0])  # seat 0 lays a card face down
    world = state.resample_from_infostate(1, np.random.RandomState(3).uniform)
    assert world.information_state_string(1) == state.information_state_string(1)
    assert world.current_player() == state.current_player() == 1
    assert world.legal_actions() == state.legal_actions()
    # seat 0's face-down card and the other hands were dealt again
    assert world.engine.hands[0] != state.engine.hands[0] or world.engine.chosen != state.engine.chosen
    assert "hand=" + str(tuple(state.engine.hands[0])) not in state.information_state_string(1)
    # every card is still in exactly one place
    e = world.engine
    cards = [c for h in e.hands for c in h] + list(e.chosen.values()) + [c for r in e.rows for c in r] + e.out
    assert sorted(cards) == list(e.game.deck)


def test_chance_deals_the_seeded_order_and_actions_match_the_engine():
    """A chance outcome deals ``default_rng(k).permutation(deck)``; the actions are the engine's."""
    game = pyspiel.load_game("mowkit_mow", {"players": 3, "max_rounds": 1})
    engine_game = mowkit.load_game("mow", players=3, max_rounds=1)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(42)
    order = [int(c) for c in np.random.default_rng(42).permutation(np.array(engine_game.deck))]
    assert deal_order(engine_game, 42) == order
    assert list(state.engine.hands[0]) == sorted(order[:5])
    codec = codec_of(engine_game)
    legal = state.engine.legal_actions(0)
    assert state.legal_actions() == sorted(codec.encode(a) for a in legal)
    assert len(set(codec.encode(a) for a in legal)) == len(legal)
    assert observation_text(state.engine.observation(0)) == state.observation_string(0)


def test_bad_parameters_are_named():
    with pytest.raises(OptionError, match="utility"):
        pyspiel.load_game("mowkit_mow", {"utility": "money"})
    with pytest.raises(OptionError, match="players"):
        pyspiel.load_game("mowkit_sixnimmt", {"players": 11})


def test_uniform_random_bots_play_both_games():
    for name in ("mowkit_sixnimmt", "mowkit_mow"):
        game = pyspiel.load_game(name, {"players": 3, "max_rounds": 1})
        bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(3)]
        returns = play_bots(game, bots, 1)
        assert sorted(returns)[-1] > 0 and abs(sum(returns) - 1) < 1e-9


@pytest.mark.parametrize("name", ["mowkit_sixnimmt", "mowkit_mow"])
def test_ismcts_and_determinized_mcts_play_through_the_adapter(name):
    """OpenSpiel's ISMCTS (Python) and MCTS on sampled worlds play whole one-round games."""
    game = pyspiel.load_game(name, {"players": 3, "max_rounds": 1})
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 15, random_state=rs, allow_inconsistent_action_sets=True),
        DeterminizedMCTSBot(game, max_simulations=15, seed=1),
        AgentBot(make_agent(name.removeprefix("mowkit_"), "greedy"), seed=2),
    ]
    returns = play_bots(game, bots, 3)
    assert len(returns) == 3 and abs(sum(returns) - 1) < 1e-9


def test_every_registered_game_is_an_openspiel_game():
    """Each spec of the registry gets its OpenSpiel short name, and the parameters are its codec's."""
    registered = {g.short_name for g in pyspiel.registered_games()}
    for spec in mowkit.registry.specs():
        assert f"mowkit_{spec.name}" in registered
        game = pyspiel.load_game(f"mowkit_{spec.name}")
        assert game.engine_game.name == spec.name
        assert game.num_distinct_actions() == codec_of(game.engine_game).size


@pytest.mark.parametrize("name,params", [("mowkit_sixnimmt", {"players": 3, "seed": 7}),
                                         ("mowkit_mow", {"players": 3, "max_rounds": 1, "seed": 11})])
def test_a_seeded_game_passes_openspiels_checks_and_is_play_games_game(name, params):
    """With ``seed`` the only chance node has one outcome and the match deals every round from the seed:
    bots drawing as the match's agents play ``play_game``'s game (the same record)."""
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1.0)]
    agents = ["greedy", "random", "random"]
    final = play_to_end(game, match_bots(game, agents, params["seed"]), 0)
    engine_game = mowkit.load_game(name.removeprefix("mowkit_"), **{k: v for k, v in params.items() if k != "seed"})
    assert final.record(agents) == play_game(engine_game, agents, params["seed"])
    assert str(pickle.loads(pickle.dumps(final))) == str(final)
    with pytest.raises(OptionError, match="seed"):
        pyspiel.load_game(name, {"seed": -2})
