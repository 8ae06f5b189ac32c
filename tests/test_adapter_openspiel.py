"""The OpenSpiel adapter: OpenSpiel's own checks for Python games, and OpenSpiel's bots through it."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, get_all_states, ismcts, mcts
from open_spiel.python.observation import make_observation

import mowkit
from mowkit.adapters import codec_of, observation_text
from mowkit.adapters.openspiel import (
    ROUND_CAP,
    AgentBot,
    DeterminizedMCTSBot,
    match_bots,
    play_bots,
    play_to_end,
    seeded_resampler,
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


def _deal(state, rng):
    while state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        state.apply_action(int(outcomes[int(rng.integers(len(outcomes)))]))


def test_information_state_hides_other_hands_and_face_down_cards():
    """A sampled world differs in another seat's hidden cards and looks the same to the player."""
    game = pyspiel.load_game("mowkit_sixnimmt", {"max_rounds": 1})
    state = game.new_initial_state()
    _deal(state, np.random.default_rng(5))
    state.apply_action(state.legal_actions()[0])  # seat 0 lays a card face down
    world = state.resample_from_infostate(1, np.random.RandomState(3).uniform)
    assert world.information_state_string(1) == state.information_state_string(1)
    np.testing.assert_array_equal(world.information_state_tensor(1), state.information_state_tensor(1))
    assert world.current_player() == state.current_player() == 1
    assert world.legal_actions() == state.legal_actions()
    # seat 0's face-down card and the other hands were dealt again
    assert world.engine.hands[0] != state.engine.hands[0] or world.engine.chosen != state.engine.chosen
    assert str(state.engine.chosen[0] - 1) not in state.information_state_string(1).splitlines()[-1].split("|")[0]
    assert "hand=" + str(tuple(state.engine.hands[0])) not in state.information_state_string(1)
    # every card is still in exactly one place
    e = world.engine
    cards = [c for h in e.hands for c in h] + list(e.chosen.values()) + [c for r in e.rows for c in r] + e.out
    assert sorted(cards) == list(e.game.deck)


def test_chance_deals_card_by_card_and_actions_match_the_engine():
    """Each chance node deals one of the cards not dealt yet, equally likely; hands are the first blocks."""
    game = pyspiel.load_game("mowkit_mow", {"players": 3, "max_rounds": 1})
    engine_game = mowkit.load_game("mow", players=3, max_rounds=1)
    state = game.new_initial_state()
    deck = sorted(engine_game.deck)
    assert state.is_chance_node() and [o for o, _ in state.chance_outcomes()] == deck
    assert all(abs(p - 1 / len(deck)) < 1e-12 for _, p in state.chance_outcomes())
    order = [int(c) for c in np.random.default_rng(42).permutation(np.array(deck))]
    for k, card in enumerate(order):
        assert state.is_chance_node() and len(state.chance_outcomes()) == len(deck) - k
        state.apply_action(card)
    assert not state.is_chance_node()
    assert list(state.engine.hands[0]) == sorted(order[:5]) and state.engine.deals == [order]
    codec = codec_of(engine_game)
    legal = state.engine.legal_actions(0)
    assert state.legal_actions() == sorted(codec.encode(a) for a in legal)
    assert len(set(codec.encode(a) for a in legal)) == len(legal)
    assert observation_text(state.engine.observation(0)) == state.observation_string(0)


TINY = {"players": 2, "hand_size": 2, "rows": 1, "variant": "tactics", "max_rounds": 1}
"""A tiny 2-player 6 nimmt!: five cards (two per hand, one row), one round."""


def test_cfr_and_exploitability_on_a_tiny_game_with_hidden_information():
    """Information sets hold several histories (the deal is hidden), and CFR lowers the exploitability."""
    game = pyspiel.load_game("mowkit_sixnimmt", TINY)
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    states = get_all_states.get_all_states(game, include_terminals=False, include_chance_states=False)
    per_infoset: dict[str, int] = {}
    for state in states.values():
        key = state.information_state_string()
        per_infoset[key] = per_infoset.get(key, 0) + 1
    assert max(per_infoset.values()) > 1
    first = [s for s in states.values() if len(s.history()) == 5 and s.current_player() == 0]
    assert len({s.information_state_string() for s in first}) < len(first)  # the first infostate hides the deal
    solver = cfr.CFRSolver(game)
    start = exploitability.exploitability(game, solver.average_policy())
    for _ in range(30):
        solver.evaluate_and_update_policy()
    after = exploitability.exploitability(game, solver.average_policy())
    assert 0 <= after < start


def test_information_state_tensor_is_perfect_recall_on_the_tiny_game():
    """Same information-state string, same tensor; different strings, different tensors (every state)."""
    game = pyspiel.load_game("mowkit_sixnimmt", TINY)
    states = get_all_states.get_all_states(game, include_terminals=False, include_chance_states=False)
    seen: dict[tuple[int, str], bytes] = {}
    for state in states.values():
        for p in range(2):
            key = (p, state.information_state_string(p))
            tensor = np.asarray(state.information_state_tensor(p), np.float32).tobytes()
            assert seen.setdefault(key, tensor) == tensor
    by_tensor: dict[tuple[int, bytes], str] = {}
    for (p, text), tensor in seen.items():
        assert by_tensor.setdefault((p, tensor), text) == text
    assert len(seen) > 2


def test_the_public_observer_shows_no_hand():
    game = pyspiel.load_game("mowkit_sixnimmt", {"players": 3, "max_rounds": 1})
    state = game.new_initial_state()
    _deal(state, np.random.default_rng(1))
    state.apply_action(state.legal_actions()[0])
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    public_recall = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    for p in range(3):
        hand = state.engine.hands[p]
        for obs in (public, public_recall):
            text = obs.string_from(state, p)
            assert "hand=" not in text and str(tuple(hand)) not in text
            obs.set_from(state, p)
            assert obs.tensor[:104].sum() == 0  # the hand block of the vector is empty
        assert str(tuple(hand)) in state.observation_string(p)
    # the public information state is the same for every seat
    assert len({public_recall.string_from(state, p) for p in range(3)}) == 1


def test_max_game_length_is_a_true_bound():
    """No limit on rounds: the adapter caps them, so the longest games stay within max_game_length."""
    game = pyspiel.load_game("mowkit_sixnimmt", {"players": 2, "hand_size": 1, "threshold": 30})
    assert game.engine_game.max_rounds == ROUND_CAP
    assert game.max_game_length() == ROUND_CAP * codec_of(game.engine_game).decisions_per_round()
    rng = np.random.default_rng(0)
    longest = 0
    for _ in range(3):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                _deal(state, rng)
                continue
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
        longest = max(longest, decisions)
    assert 210 < longest <= game.max_game_length()


@pytest.mark.parametrize("name,params", [("mowkit_sixnimmt", {"players": 3, "threshold": 15}),
                                         ("mowkit_mow", {"players": 3, "max_rounds": 1}),
                                         ("mowkit_sixnimmt", {"players": 2, "variant": "logic", "hand_size": 3,
                                                              "max_rounds": 1}),
                                         ("mowkit_mow", {"players": 3, "max_rounds": 1, "seed": 4})])
def test_resampled_worlds_keep_the_information_state_and_replay_their_history(name, params):
    """OpenSpiel's ResampleInfostateTest, and each world's history() replays to the world."""
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(2)
    sampler = np.random.RandomState(4).uniform
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if not state.is_chance_node() and step % 7 == 0:
            for p in range(game.num_players()):
                world = state.resample_from_infostate(p, sampler)
                assert world.information_state_string(p) == state.information_state_string(p)
                np.testing.assert_array_equal(world.information_state_tensor(p), state.information_state_tensor(p))
                assert world.current_player() == state.current_player()
                # as long as the game's (seeded: one chance node stands for the deals the world deals card by card)
                assert len(world.history()) >= len(state.history()) and (len(world.history()) > 0 or step == 0)
                replay = world.get_game().new_initial_state()
                for a in world.history():
                    replay.apply_action(a)
                assert str(replay) == str(world)
                assert [replay.information_state_string(q) for q in range(game.num_players())] == \
                    [world.information_state_string(q) for q in range(game.num_players())]
                if p == 0:  # the world plays on as its replay does
                    walk = np.random.default_rng(step)
                    while not world.is_terminal():
                        options = [o for o, _ in world.chance_outcomes()] if world.is_chance_node() \
                            else world.legal_actions()
                        assert options == ([o for o, _ in replay.chance_outcomes()] if replay.is_chance_node()
                                           else replay.legal_actions())
                        a = int(options[int(walk.integers(len(options)))])
                        world.apply_action(a)
                        replay.apply_action(a)
                    assert world.returns() == replay.returns() and str(world) == str(replay)
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(outcomes[int(rng.integers(len(outcomes)))]))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1


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
        ismcts.ISMCTSBot(game, evaluator, 2.0, 15, random_state=rs),  # strict: consistent action sets
        DeterminizedMCTSBot(game, max_simulations=15, seed=1),
        AgentBot(make_agent(name.removeprefix("mowkit_"), "greedy"), seed=2),
    ]
    returns = play_bots(game, bots, 3)
    assert len(returns) == 3 and abs(sum(returns) - 1) < 1e-9


def _ismcts_game(game, seed: int, resampler: bool) -> tuple[list[float], list[int]]:
    """One Mow round, ISMCTS in seat 1 against two greedy farmers: (returns, history)."""
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 10, random_state=rs)
    if resampler:
        bot.set_resampler(seeded_resampler(rs))
    final = play_to_end(game, [bot, AgentBot(make_agent("mow", "greedy"), seed=1),
                               AgentBot(make_agent("mow", "greedy"), seed=2)], 5)
    return list(final.returns()), list(final.history())


def test_ismcts_with_the_seeded_resampler_plays_one_game_per_seed():
    """OpenSpiel's own resampler is seeded from the machine's random device: with
    ``seeded_resampler`` the same seed plays the same game, decision by decision."""
    game = pyspiel.load_game("mowkit_mow", {"players": 3, "max_rounds": 1})
    first = _ismcts_game(game, 4, resampler=True)
    assert all(_ismcts_game(game, 4, resampler=True) == first for _ in range(3))


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
    engine_game = game.engine_game  # the game's options (max_rounds: the adapter's cap when none is given)
    assert engine_game.name == name.removeprefix("mowkit_") and engine_game.players == params["players"]
    assert final.record(agents) == play_game(engine_game, agents, params["seed"])
    assert str(pickle.loads(pickle.dumps(final))) == str(final)
    with pytest.raises(OptionError, match="seed"):
        pyspiel.load_game(name, {"seed": -2})


def _answer(method, *args):  # what a state's method answers, or the error it raises
    try:
        return method(*args)
    except pyspiel.SpielError as error:
        return ("refused", str(error))


@pytest.mark.parametrize("name", ["sixnimmt", "mow"])
def test_python_answers_agree_with_openspiels_own_and_strings_are_written_afresh(name):
    """``legal_actions`` / ``is_chance_node`` / ``is_player_node`` answered from Python equal what
    OpenSpiel's C++ ``State`` answers, for every player id at every kind of node; information-state
    strings kept from one call to the next equal the string written from scratch."""
    game = pyspiel.load_game(f"mowkit_{name}", {"players": 3, "max_rounds": 2})
    rng = np.random.default_rng(7)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    kinds = set()
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            kinds.add("chance" if state.is_chance_node() else "terminal" if state.is_terminal() else "player")
            assert state.legal_actions() == _answer(pyspiel.State.legal_actions, state)
            for p in (-4, -1, 0, 1, 2):
                assert _answer(state.legal_actions, p) == _answer(pyspiel.State.legal_actions, state, p)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.is_player_node() == pyspiel.State.is_player_node(state)
            if not state.is_chance_node():
                for p in (2, 0):  # asked at every node: the kept string grows with the trace
                    fresh = state.clone()
                    fresh._c.texts = {}
                    assert state.information_state_string(p) == observer.string_from(fresh, p)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    assert kinds == {"chance", "player", "terminal"}


@pytest.mark.parametrize("name,params", [CASES[0], CASES[4], ("mowkit_mow", {"players": 2, "max_rounds": 3})])
def test_the_state_knows_who_acted_at_each_history_item(name, params):
    """The players kept beside the history (what a sampled world is built from) are OpenSpiel's,
    in clones and sampled worlds too, and a refused action adds none."""
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    rs = np.random.RandomState(5)
    while not state.is_terminal():
        assert state._c.players == [item.player for item in state.full_history()]
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        clone = state.clone()
        assert clone._c.players == state._c.players
        world = state.resample_from_infostate(state.current_player(), rs.uniform)
        assert world._c.players == [item.player for item in world.full_history()]
        illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
        with pytest.raises(ValueError, match="not legal"):
            state.apply_action(illegal)
        assert state._c.players == [item.player for item in state.full_history()]
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
