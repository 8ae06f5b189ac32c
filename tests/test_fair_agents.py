"""Agents cannot cheat: their generators reveal nothing about the deal, and play_state trusts none of them.

* an agent's generator is derived one way from the game's root (``mowkit.match.agent_rng``): every
  way of rebuilding the deal stream from what is reachable on it fails;
* ``obs.game`` is the agent's own copy: changing it does not change the running game;
* the action is checked against the engine's own legal list, not the list the agent was given;
* the same seed still gives the same game in a fresh process;
* identical agents in paired, rotated deals no longer play identical copies.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from mowkit import load_game
from mowkit.core import IllegalActionError, OptionError, deal_rng
from mowkit.match import agent_rng
from mowkit.simulate import play_game, play_state
from mowkit.tournament import tournament

GAMES = ["sixnimmt", "mow"]


class Spy:
    """Records the generator and what it can reach; plays uniformly at random."""

    name = "spy"

    def __init__(self):
        self.rngs = []
        self.first_hand = None

    def act(self, observation, legal_actions, rng):
        if self.first_hand is None:
            self.first_hand = observation.hand
        self.rngs.append(rng)
        return legal_actions[int(rng.integers(len(legal_actions)))]


def candidate_deal_streams(rng: np.random.Generator) -> list[np.random.Generator]:
    """Every deal stream an agent could build from its generator (the attacks of issue 12)."""
    ss = rng.bit_generator.seed_seq
    entropy, key = ss.entropy, tuple(ss.spawn_key)
    state = rng.bit_generator.state
    cands = [
        np.random.default_rng(np.random.SeedSequence(entropy).spawn(1)[0]),  # the deal stream of that root
        np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(0,))),
        np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=key[:-1] + (0,)) if key else
                              np.random.SeedSequence(entropy, spawn_key=(0,))),
        np.random.default_rng(entropy),
        np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=key)),
    ]
    for k in range(8):  # neighbouring spawn keys and sibling streams
        cands.append(np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(k,))))
        cands.append(np.random.default_rng(np.random.SeedSequence(entropy).spawn(k + 1)[k]))
    copy = np.random.default_rng()
    copy.bit_generator.state = state  # the generator's own state
    cands.append(copy)
    return cands


def first_deck(game, root: int) -> list[int]:
    """The real deck order of round 1 (from the root, as play_state deals it)."""
    return [int(c) for c in deal_rng(root).permutation(np.asarray(game.deck))]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 42, 2**40 + 3, None])
def test_the_deal_cannot_be_rebuilt_from_an_agents_generator(name, seed):
    game = load_game(name, players=3, max_rounds=1)
    spies = [Spy(), Spy(), Spy()]
    state = play_state(game, spies, seed=seed)
    # the real first deck order: from the record (the deal the game used), also for seed=None
    real = _record_deal(state)
    if seed is not None:
        assert real == first_deck(game, seed)  # the deal stream itself is unchanged
    for spy in spies:
        assert spy.rngs, "every seat acted"
        rng = spy.rngs[0]
        if seed is not None:
            assert rng.bit_generator.seed_seq.entropy != seed
        for cand in candidate_deal_streams(rng):
            assert [int(c) for c in cand.permutation(np.asarray(game.deck))] != real


def _record_deal(state) -> list[int]:
    from mowkit.records import to_record

    return list(to_record(state)["rounds"][0]["deal"])


def test_agent_generators_are_one_way_and_documented():
    """agent_rng: the BLAKE2b digest of the label, the root and the stream; each stream its own."""
    import hashlib

    digest = hashlib.blake2b(b"mowkit-agent/1|7|2", digest_size=16).digest()
    assert agent_rng(7, 2).bit_generator.seed_seq.entropy == int.from_bytes(digest, "big")
    draws = {tuple(agent_rng(7, s).integers(0, 2**62, 4)) for s in range(5)}
    assert len(draws) == 5
    assert agent_rng(7, 2).bit_generator.seed_seq.spawn_key == ()
    assert agent_rng.__doc__ and "one way" in agent_rng.__doc__
    with pytest.raises(OptionError) as e:
        agent_rng(7, -1)
    assert e.value.option == "stream"


class Vandal:
    """Changes its game copy (threshold 1, other rows) then plays the lowest legal action."""

    name = "vandal"

    def act(self, observation, legal_actions, rng):
        object.__setattr__(observation.game, "threshold", 1)
        object.__setattr__(observation.game, "max_rounds", 1)
        return legal_actions[0]


@pytest.mark.parametrize("name", GAMES)
def test_mutating_obs_game_does_not_change_the_running_game(name):
    game = load_game(name, players=3)
    threshold = game.threshold
    state = play_state(game, [Vandal(), "random", "random"], seed=5)
    assert game.threshold == threshold and game.max_rounds is None  # the caller's game is untouched
    assert state.game is game
    # played to the real threshold over several rounds, not ended by threshold 1 or one round
    assert max(state.totals) >= threshold and len(state.round_scores) > 1


class LegalVandal:
    """Empties the legal list it was given, puts an illegal action in, and returns that."""

    name = "legal vandal"

    def __init__(self, bad):
        self.bad = bad

    def act(self, observation, legal_actions, rng):
        legal_actions.clear()
        legal_actions.append(self.bad)
        return self.bad


def test_an_agent_that_rewrites_its_legal_list_is_refused():
    from mowkit.games.sixnimmt import Play

    game = load_game("sixnimmt", players=2)
    state = game.new_state(rng=deal_rng(3))
    hand = set(state.hands[0])
    missing = next(c for c in game.deck if c not in hand)
    with pytest.raises(IllegalActionError) as e:
        play_state(game, [LegalVandal(Play(0, missing)), "random"], seed=3)
    assert e.value.rule == "agent" and "'legal vandal'" in str(e.value) and "seat 0" in str(e.value)


class Impostor:
    """Returns an object that claims to equal every action."""

    name = "impostor"

    def act(self, observation, legal_actions, rng):
        class Anything:
            def __eq__(self, other):
                return True

            __hash__ = object.__hash__

        return Anything()


def test_an_object_that_equals_everything_is_not_an_action():
    with pytest.raises(IllegalActionError) as e:
        play_state(load_game("mow", players=2), ["random", Impostor()], seed=1)
    assert "'impostor'" in str(e.value) and "seat 1" in str(e.value)


def test_agent_streams_are_checked():
    game = load_game("sixnimmt", players=3)
    for bad in ([0, 1], [0, 0, 1], [0, 1, -1], "012", [0, 1, 2.5]):
        with pytest.raises(OptionError) as e:
            play_state(game, ["random"] * 3, seed=1, agent_streams=bad)
        assert e.value.option == "agent_streams"


FRESH = (
    "import json; from mowkit import load_game; from mowkit.simulate import play_game; "
    "r = play_game(load_game({name!r}, players=3), ['random'] * 3, seed=11, agent_streams=[2, 0, 1]); "
    "print(json.dumps(r, sort_keys=True, default=str))"
)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_game_in_a_fresh_process(name):
    here = play_game(load_game(name, players=3), ["random"] * 3, seed=11, agent_streams=[2, 0, 1])
    out = subprocess.run([sys.executable, "-c", FRESH.format(name=name)], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == json.loads(json.dumps(here, sort_keys=True, default=str))
    # and the agent streams matter: the default streams give another game on the same deals
    other = play_game(load_game(name, players=3), ["random"] * 3, seed=11)
    assert other["rounds"][0]["deal"] == here["rounds"][0]["deal"]
    assert other != here


def test_identical_agents_in_rotated_paired_deals_are_not_identical_copies():
    df = tournament("sixnimmt", ["random"] * 4, 4 * 10, seed=2, players=4, progress=False, backend="engine")
    distinct = 0
    for _, g in df.groupby("deal"):
        games = {tuple(map(tuple, r.pivot(index="round", columns="seat", values="penalty").to_numpy()))
                 for _, r in g.groupby("rotation")}
        distinct += len(games)
    assert distinct > 10 * 3  # far more than one game per deal (copies would give exactly 10)
    # each agent keeps its stream through the rotations: the agent in seat s of rotation r is agent
    # (s + r) mod 4, so rotation r replays rotation 0 with the streams moved by r seats
    from mowkit.simulate import play_state as ps

    one = df[df["deal"] == 0]
    seed = int(one["seed"].iloc[0])
    game = load_game("sixnimmt", players=4)
    for r in range(4):
        rows = one[one["rotation"] == r]
        want = ps(game, ["random"] * 4, seed=seed, agent_streams=[(s + r) % 4 for s in range(4)]).round_scores
        assert rows.pivot(index="round", columns="seat", values="penalty").to_numpy().tolist() == want


class ActionVandal:
    """Rewrites the card of a legal action it was given into one it does not hold, returns it."""

    name = "action vandal"

    def act(self, observation, legal_actions, rng):
        a = legal_actions[0]
        missing = next(c for c in observation.game.deck if c not in observation.hand)
        object.__setattr__(a, "card", missing)
        return a


def test_an_agent_that_rewrites_a_legal_action_object_is_refused():
    with pytest.raises(IllegalActionError) as e:
        play_state(load_game("sixnimmt", players=2), [ActionVandal(), "random"], seed=4)
    assert e.value.rule == "agent" and "'action vandal'" in str(e.value) and "seat 0" in str(e.value)
