"""Game records: save/load/replay round trips, and damaged files refused naming file and field."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest

from mowkit import OptionError, RecordError, load_game
from mowkit.cli import main as cli_main
from mowkit.data import data_dir
from mowkit.records import FORMAT, load, replay, save, to_record
from mowkit.simulate import play_game, play_state

AGENTS = ["random", "greedy", "lowest", "highest"]


@pytest.fixture(scope="module")
def record():
    return play_game(load_game("sixnimmt", players=4), AGENTS, seed=42)


def test_round_trip(tmp_path, record):
    path = save(record, tmp_path / "game.json")
    assert json.loads(path.read_text())["format"] == FORMAT
    back = load(path)
    assert back == json.loads(json.dumps(record))
    final = replay(back)[-1]
    assert final.totals == record["totals"] and list(final.winners()) == record["winners"]
    assert os.listdir(tmp_path) == ["game.json"]


def test_unfinished_game_round_trips(tmp_path):
    state = load_game("sixnimmt", players=3).new_state(seed=1)
    for _ in range(7):
        p = state.pending_players()[0]
        state.apply(state.legal_actions(p)[0])
    rec = to_record(state, seed=1)
    assert rec["over"] is False and rec["winners"] is None and "scores" not in rec["rounds"][0]
    assert load(save(rec, tmp_path / "partial.json")) == rec
    assert replay(rec)[-1].hands == state.hands


def test_example_record_shipped_in_data_loads_and_replays():
    files = sorted((data_dir() / "records").glob("*.json"))
    assert files, "an example record is shipped in data/records/"
    for f in files:
        rec = load(f)
        states = replay(rec)
        assert states[-1].is_over()
        assert sum(len(r["decisions"]) for r in rec["rounds"]) == len(states) - 1


def damaged(record, edit):
    bad = copy.deepcopy(record)
    edit(bad)
    return bad


def first_play(rec):
    return next(i for i, d in enumerate(rec["rounds"][0]["decisions"]) if d["type"] == "play")


CASES = {
    "unknown card": (lambda r: r["rounds"][0]["deal"].__setitem__(0, 105), "rounds[0].deal", "unknown card"),
    "card dealt twice": (
        lambda r: r["rounds"][1]["deal"].__setitem__(1, r["rounds"][1]["deal"][0]),
        "rounds[1].deal",
        "dealt twice",
    ),
    "wrong count (deal)": (lambda r: r["rounds"][0]["deal"].pop(), "rounds[0].deal", "wrong count"),
    "wrong count (decisions)": (
        lambda r: r["rounds"][0]["decisions"].pop(),
        "rounds[0].decisions",
        "wrong count",
    ),
    "illegal decision": (
        lambda r: r["rounds"][0]["decisions"][0].__setitem__("card", 104 if r["rounds"][0]["decisions"][0]["card"] != 104 else 103),
        "rounds[0].decisions[0]",
        "card-in-hand",
    ),
    "unknown decision type": (
        lambda r: r["rounds"][0]["decisions"][0].__setitem__("type", "cheat"),
        "rounds[0].decisions[0].type",
        "unknown decision type",
    ),
    "edited score": (lambda r: r["rounds"][0]["scores"].__setitem__(0, 99), "rounds[0].scores", "recorded"),
    "edited total": (lambda r: r["totals"].__setitem__(2, 1), "totals", "recorded"),
    "edited winner": (lambda r: r.__setitem__("winners", [0, 1, 2, 3]), "winners", "recorded"),
    "format": (lambda r: r.__setitem__("format", "mowkit-record/0"), "format", "expected"),
    "unknown option value": (lambda r: r["options"].__setitem__("players", 12), "options.players", "allowed"),
    "unknown option": (lambda r: r["options"].__setitem__("speed", 2), "options.speed", "allowed"),
    "unknown game": (lambda r: r.__setitem__("game", "chess"), "game", "unknown game"),
}


@pytest.mark.parametrize("case", CASES)
def test_damaged_record_names_file_and_field(tmp_path, record, case):
    edit, field, words = CASES[case]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(damaged(record, edit)))
    with pytest.raises(RecordError) as e:
        load(path)
    assert e.value.source == str(path)
    assert e.value.field == field, str(e.value)
    assert words in str(e.value)
    assert str(path) in str(e.value) and field in str(e.value)


def test_truncated_file(tmp_path, record):
    path = tmp_path / "cut.json"
    text = json.dumps(record)
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError) as e:
        load(path)
    assert e.value.field == "(json)" and str(path) in str(e.value)
    with pytest.raises(RecordError) as e:
        load(tmp_path / "missing.json")
    assert e.value.field == "(file)"


def test_save_is_atomic_nothing_half_written(tmp_path, record):
    path = tmp_path / "game.json"
    save(record, path)
    before = path.read_text()
    bad = dict(record, seed={1, 2})  # not JSON-serialisable
    with pytest.raises(TypeError):
        save(bad, path)
    assert path.read_text() == before
    assert os.listdir(tmp_path) == ["game.json"]
    with pytest.raises(FileNotFoundError):
        save(record, tmp_path / "no-such-folder" / "x.json")
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_position_without_its_start_cannot_be_recorded():
    from types import SimpleNamespace

    g = load_game("sixnimmt", players=2)
    # a state built by hand whose engine does not keep the position it was built from
    s = SimpleNamespace(game=g, recordable=False, start_position=None)
    with pytest.raises(OptionError, match="cannot be saved") as e:
        to_record(s)
    assert e.value.option == "position"
    with pytest.raises(OptionError) as e:  # a position that is not JSON
        to_record(SimpleNamespace(game=g, recordable=False, start_position={"hands": {1, 2}}))
    assert e.value.option == "position" and "position.hands" in str(e.value)


# --------------------------------------------------------------------------- positions

SIX_POSITION = {"hands": [[1, 20, 40], [2, 30, 50], [3, 33, 60]], "rows": [[10], [25], [45], [70]],
                "totals": [5, 0, 2], "seed": 4, "reachable": False}
MOW_POSITION = {"hands": [["G-7-1", "G-3-0"], ["G-12-0", "G-5-1"], ["G-9-2", "G-2-0"]], "lines": [["G-6-0"]],
                "totals": [30, 10, 20], "round_index": 1, "seed": 6}


def played_position(name, kwargs, agents):
    """A hand-built position played to the end, and the ``position`` argument ``to_record`` needs
    (None when the engine keeps ``start_position`` itself; until the engines record it, the
    keyword arguments the position was built from)."""
    from mowkit.agents import make_agent
    from mowkit.match import agent_rng
    from mowkit.simulate import play_until

    game = load_game(name, players=3)
    state = game.position(**copy.deepcopy(kwargs))
    start = copy.deepcopy(state)
    given = None if getattr(state, "start_position", None) is not None else kwargs
    play_until(state, [make_agent(name, a) for a in agents], [agent_rng(7, i) for i in range(3)])
    return game, start, state, given


@pytest.mark.parametrize("name, kwargs, agents", [("sixnimmt", SIX_POSITION, ["greedy", "random", "lowest"]),
                                                  ("mow", MOW_POSITION, ["greedy", "random", "heuristic"])])
def test_a_hand_built_position_saves_loads_and_replays(tmp_path, name, kwargs, agents):
    game, start, final, given = played_position(name, kwargs, agents)
    assert final.is_over() and len(final.round_scores) >= start.round_index + 2  # several rounds played
    record = to_record(final, agents=agents, position=given)
    assert "deal" not in record["rounds"][0] and all("deal" in r for r in record["rounds"][1:])
    back = load(save(record, tmp_path / "position.json"))
    assert back == json.loads(json.dumps(record))
    states = replay(back)
    first, last = states[0], states[-1]
    assert first.hands == start.hands and first.totals == start.totals  # the position again
    assert last.totals == final.totals and last.round_scores == final.round_scores
    assert [[a.to_dict() for a in r] for r in last.history] == [[a.to_dict() for a in r] for r in final.history]
    assert len(states) == 1 + sum(len(r) for r in final.history)
    # the later rounds are dealt by the position's seed, and the record says which deck orders
    for k, r in enumerate(record["rounds"][1:], start=1):
        assert r["deal"] == list(final.deals[len(final.deals) - len(record["rounds"]) + k])


def test_a_position_record_opens_in_the_stepper_and_narrates():
    from mowkit.records import narrate
    from mowkit.widgets.stepper import Stepper

    _, start, final, given = played_position("sixnimmt", SIX_POSITION, ["greedy", "random", "lowest"])
    record = to_record(final, agents=["greedy", "random", "lowest"], position=given)
    stepper = Stepper(record)
    assert stepper.state.hands == start.hands
    stepper.last()
    assert stepper.state.totals == final.totals
    lines = narrate(record)
    assert lines[0].startswith("6 nimmt!, 3 players") and len(lines) > 10


@pytest.fixture(scope="module")
def position_record():
    _, _, final, given = played_position("sixnimmt", SIX_POSITION, ["greedy", "random", "lowest"])
    return json.loads(json.dumps(to_record(final, agents=["greedy", "random", "lowest"], position=given)))


def _set(record, path, value):
    node = record
    for k in path[:-1]:
        node = node[k]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value


_DELETE = object()


@pytest.mark.parametrize("path, value, field", [
    (("position",), [1, 2], "position"),
    (("position",), "hands", "position"),
    (("position", "bogus"), 1, "position.bogus"),
    (("position", "hands", 0, 0), "one", "position"),  # the engine names the option (position or hands)
    (("position", "hands", 0, 0), 999, "position"),
    (("position", "hands", 0), {"a": 1}, "position.hands[0]"),
    (("position", "rows"), [[10]], "position"),
    (("position", "totals", 0), float("inf"), "position.totals[0]"),
    (("position", "hands"), [[[[[[1]]]]]], "position.hands[0][0][0][0]"),
    (("rounds", 0, "deal"), list(range(1, 105)), "rounds[0].deal"),
    (("rounds", 1, "deal"), list(range(1, 105)), "rounds[1].deal"),
    (("rounds", 1, "deal"), _DELETE, "rounds[1].deal"),
    (("rounds", 0, "decisions", 0, "card"), 104, "rounds[0].decisions[0]"),
])
def test_a_damaged_start_position_names_the_file_and_field(tmp_path, position_record, path, value, field):
    record = copy.deepcopy(position_record)
    _set(record, path, value)
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(record))
    with pytest.raises(RecordError) as e:
        load(target)
    assert e.value.source == str(target)
    assert e.value.field == field or e.value.field.startswith(field), (e.value.field, str(e.value))
    assert not getattr(e.value, "safety_net", False)


def test_cli_replay_prints_turns(tmp_path, record, capsys):
    path = save(record, tmp_path / "game.json")
    assert cli_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 nimmt!, 4 players (player 1: random, player 2: greedy, player 3: lowest card, player 4: highest card) · seed 42")
    assert out.count("Turn 1:") == len(record["rounds"])
    assert "Game over:" in out
    state = play_state(load_game("sixnimmt", players=4), AGENTS, seed=42)
    assert f"Game over: player {state.winners()[0] + 1} wins" in out or "share the win" in out


def test_cli_replay_damaged_file_is_a_clear_error(tmp_path, record):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(damaged(record, CASES["card dealt twice"][0])))
    out = subprocess.run([sys.executable, "-m", "mowkit.cli", "replay", str(path)], capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert str(path) in out.stderr and "rounds[1].deal" in out.stderr and "dealt twice" in out.stderr


def test_record_of_a_users_own_agent_loads(tmp_path):
    """play_game records a user's agent by its name; such a record loads (junk names do not)."""

    class MyBot:
        name = "my bot (v2)"

        def act(self, observation, legal_actions, rng):
            return legal_actions[-1]

    game = load_game("sixnimmt", players=3, max_rounds=1)
    record = play_game(game, [MyBot(), "random", "lowest"], seed=3)
    assert record["agents"][0] == "my bot (v2)"
    assert load(save(record, tmp_path / "bot.json"))["agents"] == record["agents"]
