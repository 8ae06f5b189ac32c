"""Game records: save/load/replay round trips, and damaged files refused naming file and field."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest

from mowkit import RecordError, load_game
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
        "card in hand",
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


def test_position_states_cannot_be_recorded():
    g = load_game("sixnimmt", players=2)
    s = g.position(hands=[[1], [2]], rows=[[10], [20], [30], [40]])
    with pytest.raises(ValueError, match="cannot be saved"):
        to_record(s)


def test_cli_replay_prints_turns(tmp_path, record, capsys):
    path = save(record, tmp_path / "game.json")
    assert cli_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 nimmt!, 4 players (0: random, 1: greedy, 2: lowest, 3: highest), seed 42")
    assert out.count("Turn 1:") == len(record["rounds"])
    assert "Game over:" in out
    state = play_state(load_game("sixnimmt", players=4), AGENTS, seed=42)
    assert f"Game over: player {state.winners()[0]}" in out or "share the win" in out


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
