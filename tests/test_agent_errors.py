"""Bots that misbehave: an agent that raises, or never answers, gives an AgentError naming it.

The error names the agent (as a person reads it), its seat (from 1), the game, the game's number
and its seed, chains the agent's own exception, and leaves the match's state as it was; a
``decision_timeout`` stops waiting for an agent that does not answer. Neither changes a game that
plays well.
"""

from __future__ import annotations

import math
import pickle
import threading
from typing import Any

import pytest

import mowkit.i18n as i18n
from mowkit import load_game
from mowkit.core import IllegalActionError, OptionError
from mowkit.match import AgentError, Match
from mowkit.registry import spec_of
from mowkit.simulate import play_game, play_state

GAMES = [("mow", 3), ("sixnimmt", 4)]
RELEASE = threading.Event()  # set at the end of the session: lets the never-answering agents' threads end


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module", autouse=True)
def release_sleepers():
    yield
    RELEASE.set()


class Buggy:
    """Plays randomly, then raises KeyError at its ``fail_at``-th decision."""

    name = "buggy bot"

    def __init__(self, fail_at: int = 0) -> None:
        self.fail_at, self.calls = fail_at, 0

    def act(self, obs: Any, legal: Any, rng: Any) -> Any:
        self.calls += 1
        if self.calls > self.fail_at:
            raise KeyError("my agent bug")
        return legal[int(rng.integers(len(legal)))]


class Sleeper:
    """Never answers (until the test session releases it)."""

    name = "sleepy bot"

    def act(self, obs: Any, legal: Any, rng: Any) -> Any:
        RELEASE.wait()
        return legal[0]


class Cheater:
    """Answers with something that is not a legal action."""

    name = "cheater"

    def act(self, obs: Any, legal: Any, rng: Any) -> Any:
        return "the best card"


@pytest.mark.parametrize(("name", "n"), GAMES)
@pytest.mark.parametrize("timeout", [None, 30.0])
def test_an_agent_that_raises_gives_an_agent_error_naming_it(name, n, timeout):
    game = load_game(name, players=n)
    agents: list[Any] = ["random"] * n
    agents[1] = Buggy(fail_at=2)
    with pytest.raises(AgentError) as caught:
        play_game(game, agents, 1234, decision_timeout=timeout)
    e = caught.value
    assert isinstance(e.__cause__, KeyError) and e.__cause__.args == ("my agent bug",)
    assert (e.agent, e.seat, e.seed, e.game_number, e.timeout) == ("buggy bot", 1, 1234, None, None)
    text = str(e)
    assert "buggy bot" in text and "seat 2" in text and "seed 1234" in text and "my agent bug" in text
    assert spec_of(game).words.title in text


def test_the_match_names_the_game_number_and_keeps_its_state():
    game = load_game("mow", players=3)
    match = Match(game, ["random", "random", Buggy(fail_at=3)], 99, game_number=17)
    with pytest.raises(AgentError) as caught:
        match.run()
    e = caught.value
    assert e.game_number == 17 and e.seat == 2 and "game 17" in str(e) and "seat 3" in str(e)
    before = (match.state.history[-1][:], list(match.state.totals), match.pending(), len(match.log))
    with pytest.raises(AgentError):
        match.step()  # the same seat fails again: nothing was applied
    after = (match.state.history[-1][:], list(match.state.totals), match.pending(), len(match.log))
    assert before == after


def test_a_random_seed_is_named_by_the_root_that_plays_the_game_again():
    game = load_game("sixnimmt", players=3, max_rounds=1)
    match = Match(game, ["random", Buggy(fail_at=4), "random"], None)
    with pytest.raises(AgentError) as caught:
        match.run()
    assert caught.value.seed == match.root
    again = Match(game, ["random", Buggy(fail_at=4), "random"], caught.value.seed)
    with pytest.raises(AgentError):
        again.run()
    assert again.state.history == match.state.history


@pytest.mark.parametrize(("name", "n"), GAMES)
def test_an_agent_that_never_answers_is_stopped_by_the_decision_timeout(name, n):
    game = load_game(name, players=n)
    agents: list[Any] = ["random"] * n
    agents[-1] = Sleeper()
    match = Match(game, agents, 5, decision_timeout=0.2, game_number=3)
    with pytest.raises(AgentError) as caught:
        match.run()
    e = caught.value
    assert e.__cause__ is None and e.timeout == 0.2 and e.seat == n - 1 and e.game_number == 3
    assert "did not answer within 0.2 s" in str(e) and "sleepy bot" in str(e) and f"seat {n}" in str(e)
    assert match.pending() and not match.is_over(), "the game waits where the agent failed"


def test_play_game_and_play_state_take_the_decision_timeout():
    game = load_game("mow", players=3)
    for play in (play_game, play_state):
        with pytest.raises(AgentError, match="did not answer"):
            play(game, [Sleeper(), "random", "random"], 8, decision_timeout=0.1)


@pytest.mark.parametrize(("name", "n"), GAMES)
def test_a_time_limit_does_not_change_the_game(name, n):
    game = load_game(name, players=n, max_rounds=2)
    agents = ["random", "greedy"] + ["random"] * (n - 2)
    for seed in (0, 41):
        assert play_game(game, agents, seed, decision_timeout=60) == play_game(game, agents, seed)


@pytest.mark.parametrize("bad", [0, -1, math.inf, math.nan, "1", True, [1], 10**9])
def test_a_wrong_decision_timeout_is_refused_naming_the_option(bad):
    with pytest.raises(OptionError) as caught:
        Match(load_game("mow", players=3), ["random"] * 3, 1, decision_timeout=bad)
    assert caught.value.option == "decision_timeout"
    with pytest.raises(OptionError, match="decision_timeout"):
        play_game(load_game("mow", players=3), ["random"] * 3, 1, decision_timeout=bad)


def test_an_illegal_answer_is_still_an_illegal_action_not_an_agent_failure():
    with pytest.raises(IllegalActionError):
        play_game(load_game("mow", players=3), ["random", Cheater(), "random"], 2)
    with pytest.raises(IllegalActionError):
        play_game(load_game("mow", players=3), ["random", Cheater(), "random"], 2, decision_timeout=30)


def test_the_error_reads_in_russian_and_survives_pickling():
    i18n.set_language("ru")
    with pytest.raises(AgentError) as caught:
        Match(load_game("mow", players=3), ["random", "random", Buggy()], 12, game_number=4).run()
    text = str(caught.value)
    assert "игрок 3" in text and "зерно 12" in text and "партия 4" in text and "buggy bot" in text
    back = pickle.loads(pickle.dumps(caught.value))
    assert str(back) == text and (back.agent, back.seat, back.seed, back.game_number) == ("buggy bot", 2, 12, 4)


def test_an_agent_spec_is_named_as_a_person_reads_it():
    class Broken:
        name = "mc:rollouts=20"

        def act(self, obs: Any, legal: Any, rng: Any) -> Any:
            raise RuntimeError("out of memory")

    with pytest.raises(AgentError) as caught:
        play_game(load_game("mow", players=3), [Broken(), "random", "random"], 3)
    assert caught.value.agent == "Monte Carlo (rollouts 20)"


class Renamed:
    """A well-behaved agent whose ``name`` its owner may change between games."""

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, obs: Any, legal: Any, rng: Any) -> Any:
        return legal[0]


class Counted:
    """Counts its instances: a new agent per seat and game, as ``make_agent`` makes them."""

    made = 0
    name = "counted"

    def __init__(self, step: int = 1) -> None:
        Counted.made += 1
        self.step, self.calls = step, 0

    def act(self, obs: Any, legal: Any, rng: Any) -> Any:
        self.calls += 1
        return legal[(self.calls * self.step) % len(legal)]


def test_the_match_checks_agents_as_make_agent_does_every_game(monkeypatch):
    """Agents by name are made anew for every game (with their options), and an agent object is
    checked again when its name changed: what a match accepts does not depend on the games before."""
    game = load_game("mow", players=3, max_rounds=1)
    first = Match(game, ["random", "greedy", "random"], 4)
    second = Match(game, ["random", "greedy", "random"], 4)
    assert all(first.agents[p] is not second.agents[p] for p in range(3))
    assert len({id(a) for a in first.agents.values()}) == 3
    bot = Renamed("my bot")
    Match(game, [bot, "random", "random"], 1).run()
    bot.name = "line\nbreak"  # a name make_agent refuses
    with pytest.raises(OptionError, match="control characters"):
        Match(game, [bot, "random", "random"], 1)
    bot.name = "my bot"
    Match(game, [bot, "random", "random"], 1)
    with pytest.raises(OptionError, match="rollouts"):
        Match(game, ["mc:rollouts=0", "random", "random"], 1)
    with pytest.raises(OptionError, match="agent"):
        Match(game, ["nobody", "random", "random"], 1)
    table = dict(spec_of(game).agent_classes())
    table["random"] = Counted  # the game's agent table changed since: the match makes what it says now
    monkeypatch.setattr(type(spec_of(game)), "agent_classes", lambda self: table)
    Counted.made = 0
    Match(game, ["random", "random", "greedy"], 2)
    Match(game, ["random:step=2", "random", "greedy"], 2)
    assert Counted.made == 4
