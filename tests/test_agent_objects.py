"""Agent objects in tournaments: a user's bot class (or ``make_agent``'s object) beside agent specs.

* an object plays through the rule engine under its ``name``; each seat keeps its own seeded
  stream (``seat_streams``, ``agent_rng``), so ``make_agent(..., "random")`` as an object gives the
  table of the string ``"random"``, and every game is the engine game of its seed;
* every game starts from a fresh copy of the object (the table does not depend on the chunking,
  a resume or a state the object keeps);
* the provenance names the objects and says their code is not recorded;
* wrong uses are clear errors: the kernel backend, two agents under one name, an object that
  cannot be pickled for worker processes, an illegal action.
"""

from __future__ import annotations

import threading

import numpy as np
import pandas as pd
import pytest

import mowkit
from mowkit import OptionError, RecordError, load_game
from mowkit.core import IllegalActionError
from mowkit.plots import win_rate_bars
from mowkit.results import paired_difference, summary
from mowkit.simulate import play_game, play_state
from mowkit.tournament import chunk_path, read_provenance, round_robin, seat_streams, tournament

GAMES = ["sixnimmt", "mow"]


class FirstLegal:
    """A user's bot in ten lines: the first legal action, a random one now and then."""

    name = "first_legal"

    def act(self, observation, legal_actions, rng):
        if len(legal_actions) > 1 and rng.random() < 0.25:  # uses its stream: seeds must matter
            return legal_actions[int(rng.integers(len(legal_actions)))]
        return legal_actions[0]


def run(game, agents, n_games=6, seed=5, **kw):
    return tournament(game, agents, n_games, seed, players=3, progress=False, **kw)


@pytest.mark.parametrize("name", GAMES)
def test_a_user_bot_plays_a_tournament_under_its_name(name):
    df = run(name, [FirstLegal(), "random", "greedy"])
    assert df.attrs["backend"] == "engine"
    assert set(df["agent"]) == {"first_legal", "random", "greedy"}
    # rotation moves the bot through every seat; its rows are those of its seat in each rotation
    seats = df[df["agent"] == "first_legal"].groupby("rotation")["seat"].unique()
    assert {r: list(s) for r, s in seats.items()} == {0: [0], 1: [2], 2: [1]}
    again = run(name, [FirstLegal(), "random", "greedy"])
    pd.testing.assert_frame_equal(df, again)
    other = run(name, [FirstLegal(), "random", "greedy"], seed=6)
    assert not df["penalty"].equals(other["penalty"])
    # the summaries and plots read the table as they read any other
    s = summary(df)
    assert sorted(s["agent"]) == ["first_legal", "greedy", "random"]
    assert (s["games"] == 6).all()
    d = paired_difference(df, "first_legal", "greedy")
    assert len(d) == 1 and d["a"].iloc[0] == "first_legal"
    fig = win_rate_bars(df)
    assert "first_legal" in list(fig.data[0].x)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_of_an_object_is_the_engine_game_of_its_seed(name):
    df = run(name, [FirstLegal(), "random", "greedy"])
    game = load_game(name, players=3)
    specs = {"first_legal": FirstLegal(), "random": "random", "greedy": "greedy"}
    for gi in range(6):
        rows = df[df["game"] == gi]
        names = rows[rows["round"] == 0].sort_values("seat")["agent"].tolist()
        rotation = int(rows["rotation"].iloc[0])
        state = play_state(game, [specs[n] for n in names], seed=int(rows["seed"].iloc[0]),
                           agent_streams=seat_streams(3, rotation))
        got = rows.pivot(index="round", columns="seat", values="penalty").to_numpy().tolist()
        assert got == state.round_scores


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", ["greedy", "random"])
def test_make_agent_objects_give_the_table_of_their_specs(name, spec):
    # "random" draws from its stream at every decision: equal tables mean equal seat streams
    others = ["random", "random"] if spec == "greedy" else ["greedy", "greedy"]
    obj = mowkit.make_agent(name, spec)
    assert obj.name == spec
    with_object = run(name, [obj, *others])
    with_spec = run(name, [spec, *others], backend="engine")
    assert with_object.attrs["backend"] == "engine"
    pd.testing.assert_frame_equal(with_object, with_spec)
    assert "user_agents" in with_object.attrs["provenance"] and "user_agents" not in with_spec.attrs["provenance"]


def test_provenance_names_the_objects_and_says_their_code_is_not_recorded():
    df = run("sixnimmt", [FirstLegal(), "random", "random"])
    prov = df.attrs["provenance"]
    assert prov["agents"] == ["first_legal", "random", "random"]
    assert prov["user_agents"]["names"] == ["first_legal"]
    assert "not recorded" in prov["user_agents"]["code"]
    assert "not recorded" in tournament.__doc__ and "user_agents" in tournament.__doc__


class Counter:
    """Plays differently from its 40th decision on: a bot whose state carries over would change."""

    name = "counter"

    def __init__(self):
        self.decisions = 0

    def act(self, observation, legal_actions, rng):
        self.decisions += 1
        return legal_actions[-1] if self.decisions > 40 else legal_actions[0]


def test_every_game_starts_from_a_fresh_copy_of_the_object(tmp_path):
    bot = Counter()
    whole = run("sixnimmt", [bot, "random", "random"], n_games=6, chunk_games=6)
    assert bot.decisions == 0  # the user's own object is not played
    one_by_one = run("sixnimmt", [bot, "random", "random"], n_games=6, chunk_games=1)
    pd.testing.assert_frame_equal(whole, one_by_one)
    # a game alone (the copy as passed) equals that game inside the tournament
    game = load_game("sixnimmt", players=3)
    rows = whole[whole["game"] == 5]
    rotation = int(rows["rotation"].iloc[0])
    seated = [Counter() if a == "counter" else a
              for a in rows[rows["round"] == 0].sort_values("seat")["agent"]]
    state = play_state(game, seated, seed=int(rows["seed"].iloc[0]), agent_streams=seat_streams(3, rotation))
    assert rows.pivot(index="round", columns="seat", values="penalty").to_numpy().tolist() == state.round_scores


def test_one_object_in_several_seats_is_allowed():
    bot = FirstLegal()
    df = run("mow", [bot, bot, "random"])
    assert (df["agent"] == "first_legal").sum() == 2 * (df["agent"] == "random").sum()


def test_resume_from_a_folder_with_objects(tmp_path):
    first = run("sixnimmt", [FirstLegal(), "greedy", "random"], out=tmp_path, chunk_games=2)
    assert read_provenance(chunk_path(tmp_path, 0))["user_agents"]["names"] == ["first_legal"]
    chunk_path(tmp_path, 1).unlink()  # an interrupted run: one chunk missing
    resumed = run("sixnimmt", [FirstLegal(), "greedy", "random"], out=tmp_path, chunk_games=2)
    pd.testing.assert_frame_equal(first, resumed)

    class Renamed(FirstLegal):
        name = "renamed"

    with pytest.raises(RecordError) as e:
        run("sixnimmt", [Renamed(), "greedy", "random"], out=tmp_path, chunk_games=2)
    assert "agents" in e.value.field


def test_the_kernel_backend_refuses_objects():
    with pytest.raises(OptionError) as e:
        run("sixnimmt", [mowkit.make_agent("sixnimmt", "greedy"), "random", "random"], backend="kernel")
    assert e.value.option == "backend" and "agent objects" in str(e.value)
    # with only specs the same agents take the kernel
    assert run("sixnimmt", ["greedy", "random", "random"]).attrs["backend"] == "kernel"


def test_two_agents_under_one_name_are_refused():
    for agents in ([FirstLegal(), FirstLegal(), "random"],
                   [mowkit.make_agent("mow", "greedy"), "greedy", "random"]):
        with pytest.raises(OptionError) as e:
            run("mow", agents)
        assert e.value.option == "agents" and "two agents are called" in str(e.value)


class Nameless:
    name = ""

    def act(self, observation, legal_actions, rng):
        return legal_actions[0]


class NoAct:
    name = "no_act"


def test_things_that_are_not_agents_are_refused():
    for bad in (FirstLegal, NoAct(), Nameless(), 42):
        with pytest.raises(OptionError) as e:
            run("sixnimmt", [bad, "random", "random"])
        assert e.value.option == "agents"
    with pytest.raises(OptionError) as e:
        run("sixnimmt", [FirstLegal(), "random"])
    assert e.value.option == "agents" and "one agent per seat (3)" in str(e.value)


class Locked(FirstLegal):
    """Holds a lock: neither pickle nor cloudpickle can copy it."""

    name = "locked"

    def __init__(self):
        self.lock = threading.Lock()


def test_an_object_that_cannot_be_pickled_is_refused_before_workers_start(tmp_path):
    with pytest.raises(OptionError) as e:
        run("sixnimmt", [Locked(), "random", "random"], n_jobs=2, out=tmp_path / "run")
    assert e.value.option == "n_jobs" and "'locked'" in str(e.value) and "cannot be pickled" in str(e.value)
    assert not (tmp_path / "run").exists()  # refused before anything was written
    with pytest.raises(OptionError) as e:
        run("sixnimmt", [Locked(), "random", "random"], client=object())
    assert e.value.option == "client"
    # serially it plays (the object itself, as it cannot be copied)
    assert set(run("sixnimmt", [Locked(), "random", "random"])["agent"]) == {"locked", "random"}


class Tuned(FirstLegal):
    """Holds a lambda: plain pickle refuses it, cloudpickle (what the workers get) does not."""

    name = "tuned"

    def __init__(self):
        self.pick = lambda legal: legal[0]

    def act(self, observation, legal_actions, rng):
        return self.pick(legal_actions)


def test_a_lambda_holding_object_plays_on_two_processes_as_serially():
    import pickle

    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(Tuned())
    serial = run("sixnimmt", [Tuned(), "random", "greedy"], n_games=6, chunk_games=3)
    parallel = run("sixnimmt", [Tuned(), "random", "greedy"], n_games=6, chunk_games=3, n_jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)


class Cheater:
    """Returns something that is not one of its legal actions."""

    name = "cheater"

    def act(self, observation, legal_actions, rng):
        return ("a card", "I do not hold")


def test_an_illegal_action_is_the_clear_agent_error():
    with pytest.raises(IllegalActionError) as e:
        run("sixnimmt", [Cheater(), "random", "greedy"])
    assert e.value.rule == "agent" and "'cheater'" in str(e.value) and "not a legal action" in str(e.value)


@pytest.mark.parametrize("name", GAMES)
def test_play_game_and_play_state_take_objects(name):
    game = load_game(name, players=3, max_rounds=1)
    record = play_game(game, [FirstLegal(), "random", mowkit.make_agent(name, "greedy")], seed=9)
    assert record["agents"] == ["first_legal", "random", "greedy"]
    again = play_game(game, [FirstLegal(), "random", "greedy"], seed=9)
    assert again["rounds"] == record["rounds"]


def test_round_robin_takes_objects():
    df = round_robin("mow", [FirstLegal(), "greedy"], 3, 2, players=3, progress=False)
    assert sorted(df["match"].unique()) == ["first_legal vs greedy", "greedy vs first_legal"]
    assert set(df[df["match"] == "first_legal vs greedy"]["agent"]) == {"first_legal", "greedy"}
    assert np.isin(df["focus"].unique(), ["first_legal", "greedy"]).all()
