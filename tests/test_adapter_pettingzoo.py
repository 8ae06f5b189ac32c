"""The PettingZoo adapter: PettingZoo's own API, seed and parallel API tests, and what the masks mean.

The AEC environment has two turn orders: ``turns="acting"`` (default: every step is a decision of a
seat the engine waits for) and ``turns="cycle"`` (every seat in order, the others pass; what
``aec_to_parallel`` and ``max_cycles`` counting cycles need). PettingZoo's tools run on both.
"""

from __future__ import annotations

import collections
import copy
import pickle
import types
import warnings

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, render_test, seed_test
from pettingzoo.test.state_test import state_test
from pettingzoo.utils.conversions import aec_to_parallel

import mowkit
from mowkit.adapters import codec_of
from mowkit.adapters.pettingzoo import aec_env, parallel_env
from mowkit.core import OptionError
from mowkit.match import Match

TURNS = ["acting", "cycle"]
AEC_CASES = [
    ("sixnimmt", {"max_rounds": 1}),
    ("sixnimmt", {"players": 3, "threshold": 20, "reward": "penalty", "variant": "professional"}),
    ("mow", {"players": 3, "max_rounds": 1}),
    ("mow", {"players": 2, "threshold": 20, "reward": "penalty"}),
]


@pytest.mark.parametrize("turns", TURNS)
@pytest.mark.parametrize("game,options", AEC_CASES)
def test_pettingzoo_api_test(game, options, turns):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about style (e.g. unbounded boxes), it asserts the API
        api_test(aec_env(game, turns=turns, **options), num_cycles=300)


@pytest.mark.parametrize("turns", TURNS)
@pytest.mark.parametrize("game,options", AEC_CASES[:1] + AEC_CASES[2:3])
def test_pettingzoo_seed_and_render_tests(game, options, turns):
    seed_test(lambda: aec_env(game, turns=turns, **options), num_cycles=100)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        render_test(lambda render_mode=None: aec_env(game, render_mode=render_mode, turns=turns, **options))


def test_pettingzoo_parallel_api_and_seed_tests():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(max_rounds=1), num_cycles=200)
        parallel_api_test(parallel_env(players=3, threshold=15, reward="penalty"), num_cycles=200)
    parallel_seed_test(lambda: parallel_env(max_rounds=1), num_cycles=100)


def test_mask_is_the_engines_legal_actions_and_the_hand_stays_private():
    env = aec_env("sixnimmt", max_rounds=1)
    env.reset(seed=5)
    engine = mowkit.load_game("sixnimmt", max_rounds=1)
    codec = codec_of(engine)
    agent = env.agent_selection
    obs = env.observe(agent)
    hand = env.game_state.hands[0]
    assert agent == "player_0"
    assert sorted(np.flatnonzero(obs["action_mask"])) == [c - 1 for c in hand]
    assert obs["observation"][:104].sum() == len(hand)  # own hand one-hot
    assert sorted(np.flatnonzero(env.observe("player_1")["action_mask"])) == [c - 1 for c in env.game_state.hands[1]]
    other = env.observe("player_1")["observation"][:104]
    assert sorted(np.flatnonzero(other) + 1) == env.game_state.hands[1]
    assert len(codec.mask(env.game_state.legal_actions(0))) + 1 == env.action_space(agent).n  # and the pass


def test_same_seed_same_game_and_an_illegal_action_ends_it():
    a, b = aec_env("mow", players=3, turns="cycle"), aec_env("mow", players=3)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game_state.deals == b.game_state.deals
    a.reset(seed=10)
    assert a.game_state.deals != b.game_state.deals
    env = aec_env("mow", players=3, max_rounds=1, turns="cycle")
    env.reset(seed=1)
    while env.observe(env.agent_selection)["action_mask"][env.pass_index]:  # seats that pass this cycle
        env.step(env.pass_index)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    agent = env.agent_selection
    env.step(bad)
    assert env.rewards[agent] == -1.0 and "illegal" in env.infos[agent]
    total = env._cumulative_rewards[agent]
    while not all(env.terminations.values()):  # the agents end with the cycle; the other turns are void
        assert not any(env.terminations.values())
        env.step(env.pass_index)
        assert env.rewards[env.agent_selection] == 0.0
    assert total == -1.0 and env.agent_selection == "player_0"


@pytest.mark.parametrize("turns", TURNS)
def test_win_rewards_sum_to_one_and_follow_the_engine(turns):
    env = aec_env("sixnimmt", players=3, max_rounds=1, turns=turns)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    w = env.game_state.winners()
    assert total == {f"player_{p}": (1 / len(w) if p in w else 0.0) for p in range(3)}


def test_bad_options_are_named():
    with pytest.raises(OptionError, match="reward"):
        aec_env("mow", reward="money")
    with pytest.raises(OptionError, match="players"):
        parallel_env(players=1)
    with pytest.raises(OptionError, match="turns") as refused:
        aec_env("mow", turns="round")
    assert "'acting'" in str(refused.value) and "'cycle'" in str(refused.value)


def test_parallel_env_serves_every_registered_game():
    """A game whose seats act one at a time (Mow) is a ParallelEnv too: each step is one seat's decision."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env("mow", players=3, max_rounds=1), num_cycles=200)
    assert parallel_env().metadata["name"] == f"mowkit_{mowkit.registry.default_name()}_parallel_v0"
    assert aec_env().game.name == mowkit.registry.default_name()


def test_every_game_of_an_environment_is_a_seeded_match():
    """``reset()`` without a seed draws the next seed: replaying it with ``reset(seed=env.seed)`` deals it again."""
    env = aec_env("mow", players=3, max_rounds=1)
    env.reset(seed=4)
    game = mowkit.load_game("mow", players=3, max_rounds=1)
    assert env.seed == 4 and env.game_state.deals == Match(game, ["random"] * 3, 4).state.deals
    env.reset()
    drawn, deals = env.seed, env.game_state.deals
    assert drawn != 4 and isinstance(drawn, int)
    env.reset(seed=drawn)
    assert env.game_state.deals == deals
    record = env.record(["a", "b", "c"])
    assert record["seed"] == drawn and record["agents"] == ["a", "b", "c"] and record["over"] is False


def _max_cycles_test(mod, max_cycles=4):
    """PettingZoo's ``max_cycles_test`` with actions drawn within the masks (its own draws from the
    whole action space, and an illegal action ends these games at once)."""
    par = mod.parallel_env(max_cycles=max_cycles)
    observations, _ = par.reset(seed=0)
    steps = 0
    while steps < max_cycles + 10:
        actions = {a: par.action_space(a).sample(observations[a]["action_mask"]) for a in par.agents}
        observations, _, terms, truncs, _ = par.step(actions)
        steps += 1
        if all(x or y for x, y in zip(terms.values(), truncs.values())):
            break
    assert steps == max_cycles
    env = mod.env(max_cycles=max_cycles)
    env.reset(seed=0)
    counts = np.zeros(len(env.possible_agents))
    for a in env.agent_iter():
        counts[env.possible_agents.index(a)] += 1
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.action_space(a).sample(obs["action_mask"]))
    assert max_cycles == np.max(counts) - 1 == np.median(counts) - 1


class _Module:
    """PettingZoo's test tools take a module with ``env`` and ``parallel_env`` constructors."""

    def __init__(self, game, **options):
        self.game, self.options = game, options

    def env(self, **kwargs):
        return aec_env(self.game, **{"turns": "cycle", **self.options, **kwargs})

    def parallel_env(self, **kwargs):
        return parallel_env(self.game, **{**self.options, **kwargs})


@pytest.mark.parametrize("game,options", [("sixnimmt", {"players": 3}), ("mow", {"players": 3})])
def test_aec_to_parallel_max_cycles_render_and_state(game, options):
    """PettingZoo's aec_to_parallel, max_cycles_test, render_test (``"human"`` first) and state test."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        par = aec_to_parallel(aec_env(game, max_rounds=1, turns="cycle", **options))
        parallel_api_test(par, num_cycles=300)
        parallel_seed_test(lambda: aec_to_parallel(aec_env(game, max_rounds=1, turns="cycle", **options)),
                           num_cycles=50)
        _max_cycles_test(_Module(game, **options))
        render_test(lambda render_mode=None: aec_env(game, render_mode=render_mode, turns="cycle", **options))
        state_test(aec_env(game, turns="cycle", **options), parallel_env(game, **options), num_cycles=30)
        state_test(aec_env(game, **options), parallel_env(game, **options), num_cycles=30)
    with pytest.raises(AssertionError, match="parallel"):  # the acting turn order is not parallelizable
        aec_to_parallel(aec_env(game, **options))
    env = aec_env(game, **options)
    env.reset(seed=3)
    assert env.state().shape == env.state_space.shape
    assert env.state()[: codec_of(env.game).observation_size()].tolist() == env.observe("player_0")["observation"].tolist()


@pytest.mark.parametrize("turns", TURNS)
def test_max_cycles_truncates_every_agent(turns):
    env = aec_env("mow", players=3, max_cycles=2, turns=turns)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 2 * 3  # two cycles of three seats (acting: as many decisions)
    par = parallel_env("mow", players=3, max_cycles=2)
    par.reset(seed=1)
    observations, _ = par.reset(seed=1)
    for _ in range(2):
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
        observations, _, terms, truncs, _ = par.step(actions)
    assert all(truncs.values()) and not any(terms.values()) and par.agents == []
    with pytest.raises(OptionError, match="max_cycles"):
        aec_env("mow", max_cycles=0)


@pytest.mark.parametrize(("game", "n"), [("sixnimmt", 4), ("mow", 3)])
def test_acting_turns_select_a_deciding_seat_at_every_step(game, n):
    """``turns="acting"``: every step is a decision of the first seat the engine waits for; the game
    is the one a match plays with the same seed and the same decisions."""
    env = aec_env(game, players=n, max_rounds=1)
    assert env.metadata["is_parallelizable"] is False
    assert aec_env(game, players=n, turns="cycle").metadata["is_parallelizable"] is True
    env.reset(seed=7)
    match = Match(mowkit.load_game(game, players=n, max_rounds=1), ["random"] * n, 7, humans=range(n))
    rng = np.random.default_rng(7)
    codec = codec_of(env.game)
    decisions = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        p = env.possible_agents.index(agent)
        state = env.game_state
        assert p == state.pending_players()[0] and not obs["action_mask"][env.pass_index]
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(codec.encode(a) for a in state.legal_actions(p))
        again = env.observe(agent)
        assert again["observation"] is not obs["observation"]  # a copy each time ...
        assert again["observation"].tolist() == obs["observation"].tolist()  # ... of the one observation
        obs["observation"][:] = 7.0  # writing into a copy changes nothing the environment keeps
        assert env.observe(agent)["observation"].tolist() == again["observation"].tolist()
        assert again["observation"].tolist() == codec.observation_vector(state.observation(p)).tolist()
        action = int(rng.choice(np.flatnonzero(again["action_mask"])))
        match.submit(codec.decode(action, match.state.legal_actions(p)))
        env.step(action)
        decisions += 1
    assert match.is_over() and env.record()["rounds"] == match.record()["rounds"]
    assert decisions == sum(len(h) for h in match.state.history)


def test_acting_turns_an_illegal_action_ends_the_game_at_once():
    env = aec_env("mow", players=3, max_rounds=1)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values()) and env.rewards[agent] == -1.0 and "illegal" in env.infos[agent]
    assert env._cumulative_rewards[agent] == -1.0
    left = []
    for a in env.agent_iter():
        left.append(a)
        env.step(None)
    assert sorted(left) == sorted(env.possible_agents) and env.agents == []


def _read_every_way():
    """Ways to read an observation dict, each giving a plain dict (or its items) of what it holds."""
    def call(**kw):
        return kw

    return {
        "getitem": lambda o: {k: o[k] for k in ("observation", "action_mask")},
        "get": lambda o: {k: o.get(k) for k in ("observation", "action_mask")},
        "dict": dict, "unpack": lambda o: {**o}, "kwargs": lambda o: call(**o),
        "values": lambda o: dict(zip(o.keys(), o.values(), strict=True)), "items": lambda o: dict(o.items()),
        "copy": lambda o: o.copy(), "copy.copy": copy.copy, "deepcopy": copy.deepcopy,
        "pickle": lambda o: pickle.loads(pickle.dumps(o)), "or": lambda o: o | {}, "ror": lambda o: {} | o,
        "update": lambda o: (lambda d: d.update(o) or d)({}), "chainmap": lambda o: dict(collections.ChainMap(o)),
        "mappingproxy": lambda o: dict(types.MappingProxyType(o)),
        "ior": lambda o: (o.__ior__({"extra": 1}), dict(o))[1], "setdefault": lambda o: (o.setdefault("x", 1), dict(o))[1],
        "pop": lambda o: {"observation": o.pop("observation"), "action_mask": o["action_mask"]},
        "popitem": lambda o: dict([o.popitem(), o.popitem()]),
        "rebuilt": lambda o: type(o)((k, o[k]) for k in o),  # as dm-tree rebuilds a mapping
        "fromkeys": lambda o: {**type(o).fromkeys(o, 0), **o},
    }


@pytest.mark.parametrize("turns", TURNS)
@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
def test_the_observation_vector_is_made_when_read_and_is_that_of_the_moment_it_was_given(game, turns):
    """The vector of ``last()`` / ``observe()`` is made on its first reading, from the engine's
    observation taken when the dict was given: read after the game has moved on, every way of
    reading gives the vector of that moment, never a placeholder."""
    env = aec_env(game, players=3, max_rounds=1, turns=turns)
    codec = codec_of(env.game)
    space = env.observation_space("player_0")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    ways = _read_every_way()
    checked = 0
    for agent in env.agent_iter():
        p = env.possible_agents.index(agent)
        want = codec.observation_vector(env.game_state.observation(p))
        given = [env.last()[0] for _ in ways]  # one unread dict for each way of reading
        kept = env.observe(agent)
        assert isinstance(kept, dict) and space.contains(env.observe(agent))
        assert np.array_equal(gymnasium.spaces.flatten(space, env.observe(agent))[-len(want) :], want)  # keys sorted
        same = env.observe(agent)
        assert repr(env.observe(agent)).count("array(") == 2 and same == same and not same != same
        assert env.observe(agent) != 1 and not env.observe(agent) == {}
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for (name, read), o in zip(ways.items(), given, strict=True):  # the game moved on: read them now
            seen = read(o)
            assert isinstance(seen["observation"], np.ndarray), name
            assert seen["observation"].dtype == np.float32 and np.array_equal(seen["observation"], want), name
            assert np.array_equal(seen["action_mask"], obs["action_mask"]), name
        assert np.array_equal(kept["observation"], want) and kept["observation"] is kept["observation"]
        checked += 1
    assert checked > 20
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)
    obs["observation"] = "mine"  # a write before any reading is kept, not overwritten by the vector
    assert obs["observation"] == "mine" and type(pickle.loads(pickle.dumps(obs))) is dict
