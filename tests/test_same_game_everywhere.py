"""Same game, agents and seed: the same game in every front end (issue 19, section 2).

``play_game`` is the reference (a :class:`mowkit.match.Match` played to the end). The Play widget
with computers only, the PettingZoo environment (``reset(seed=s)``, the agents stepped through it)
and the OpenSpiel game with parameter ``seed`` (bots from ``match_bots``) must give its record
(the same deals, decisions, totals and winners); a tournament's row and ``mowkit simulate``'s
table must be ``play_game``'s game for the seed the row names (a tournament's game ``i`` is
seeded :func:`mowkit.tournament.game_seed` ``(seed, deal)``); and every record saved replays
(:func:`mowkit.records.replay`) to the same end.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import pyspiel  # noqa: E402

from mowkit import cli  # noqa: E402
from mowkit.adapters import codec_of  # noqa: E402
from mowkit.adapters.openspiel import match_bots, play_to_end  # noqa: E402
from mowkit.adapters.pettingzoo import aec_env  # noqa: E402
from mowkit.agents import make_agent  # noqa: E402
from mowkit.match import Guarded, agent_rng, private_copies  # noqa: E402
from mowkit.records import replay, save  # noqa: E402
from mowkit.registry import load_game  # noqa: E402
from mowkit.simulate import play_game  # noqa: E402
from mowkit.store import open_results  # noqa: E402
from mowkit.tournament import game_seed, tournament  # noqa: E402
from mowkit.widgets.play import Play  # noqa: E402

OPTIONS = {"players": 3, "max_rounds": 2}
"""Small games (two rounds, so later deals come from the seed too) of three seats."""

GAMES = ["sixnimmt", "mow"]
AGENTS = st.lists(st.sampled_from(["random", "greedy"]), min_size=3, max_size=3)
SEEDS = st.integers(0, 2**31 - 1)  # OpenSpiel's integer parameters are C++ int
SETTINGS = settings(max_examples=8, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def _pettingzoo_record(name: str, agents: list[str], seed: int) -> dict[str, Any]:
    """The agents stepped through the AEC environment, each seeing what a match's agent sees."""
    env = aec_env(name, **OPTIONS)
    env.reset(seed=seed)
    codec = codec_of(env.game)
    views = private_copies(env.game, len(agents))
    guarded = [Guarded(make_agent(name, a), v, p) for p, (a, v) in enumerate(zip(agents, views))]
    rngs = [agent_rng(seed, p) for p in range(len(agents))]
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if obs["action_mask"][env.pass_index]:  # a seat that does not decide in this cycle
            env.step(env.pass_index)
            continue
        p = env.possible_agents.index(agent)
        action = guarded[p].act(env.game_state.observation(p), env.game_state.legal_actions(p), rngs[p])
        env.step(codec.encode(action))
    return env.record(agents)


def _openspiel_record(name: str, agents: list[str], seed: int) -> dict[str, Any]:
    """Bots drawing as the match's agents do, on the OpenSpiel game seeded ``seed``."""
    game = pyspiel.load_game(f"mowkit_{name}", {**OPTIONS, "seed": seed})
    return play_to_end(game, match_bots(game, agents, seed), 0).record(agents)


def _widget_record(name: str, agents: list[str], seed: int) -> dict[str, Any]:
    """The Play widget with computers only, run to the end."""
    play = Play(name, players=agents, seed=seed, max_rounds=OPTIONS["max_rounds"])
    play.run_computers()
    assert play.match.is_over()
    return play.record()


def _rows_match(table: Any, game: Any, agents: list[str]) -> None:
    """A one-game table is ``play_game``'s game for the seed its rows name."""
    seeds = set(table["seed"])
    assert len(seeds) == 1 and set(table["game"]) == {0} and set(table["rotation"]) == {0}
    (seed,) = seeds
    reference = play_game(game, agents, int(seed))
    assert sorted(table["round"].unique()) == list(range(len(reference["rounds"])))
    for row in table.itertuples():
        assert row.agent == agents[row.seat]
        assert row.penalty == reference["rounds"][row.round]["scores"][row.seat]
        assert row.final_total == reference["totals"][row.seat]
        assert bool(row.winner) == (row.seat in reference["winners"])
    _replays_to_the_same_end(reference)


def _replays_to_the_same_end(record: dict[str, Any]) -> None:
    """A record saved to a file and read back replays to its own totals and winners."""
    with tempfile.TemporaryDirectory() as folder:
        path = save(record, Path(folder) / "game.json")
        loaded = json.loads(Path(path).read_text())
    final = replay(loaded, str(path), keep=False)[-1]
    assert final.is_over() and record["over"]
    assert list(final.totals) == record["totals"]
    assert list(final.winners()) == record["winners"]
    assert [list(s) for s in final.round_scores] == [r["scores"] for r in record["rounds"]]


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(agents=AGENTS, seed=SEEDS)
def test_the_same_seed_plays_the_same_game_in_play_game_the_widget_and_both_adapters(name, agents, seed):
    game = load_game(name, **OPTIONS)
    reference = play_game(game, agents, seed)
    assert reference["seed"] == seed and reference["over"]
    for front_end in (_widget_record, _pettingzoo_record, _openspiel_record):
        record = front_end(name, agents, seed)
        assert record == reference, front_end.__name__
        _replays_to_the_same_end(record)
    _replays_to_the_same_end(reference)


@pytest.mark.parametrize("name", GAMES)
@settings(SETTINGS, max_examples=3)
@given(agents=AGENTS, seed=SEEDS)
def test_a_tournament_row_and_mowkit_simulate_play_play_games_game_for_their_seed(name, agents, seed):
    game = load_game(name, **OPTIONS)
    with tempfile.TemporaryDirectory() as folder:
        table = tournament(game, agents, 1, seed, backend="engine", progress=False,
                           out=Path(folder) / "t", collect=False).read()
        argv = ["simulate", "--game", name, "--agents", "/".join(agents), "--games", "1", "--seed", str(seed),
                "--out", str(Path(folder) / "cli"), "--backend", "engine",
                *[f"--option={k}={v}" for k, v in OPTIONS.items()]]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert cli.main(argv) == 0
        cli_table = open_results(Path(folder) / "cli").read()
    assert set(table["seed"]) == {game_seed(seed, 0)}
    _rows_match(table, game, agents)
    _rows_match(cli_table, game, agents)
    columns = ["round", "seat", "agent", "penalty", "total", "final_total", "winner", "seed"]
    assert cli_table[columns].sort_values(["round", "seat"]).reset_index(drop=True).equals(
        table[columns].sort_values(["round", "seat"]).reset_index(drop=True))
