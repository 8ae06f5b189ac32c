"""The proof of issue 19: a third game needs no edit outside its folder.

``examples/third_game`` is Cow count, a small card game shipped as its own package with an entry
point in the ``mowkit.games`` group. Here it is "installed" without pip: its folder goes on
``sys.path`` with a ``cowcount-0.1.dist-info`` folder (METADATA and the entry points read from the
example's own ``pyproject.toml``), and the registry reads the group again (``registry.reload()``).
Then the game must pass the conformance suite and play everywhere the kit's games play: records,
``play_game``, tournaments, ``mowkit replay``, the stepper, the Play widget (hot-seat), the
explorer, both languages, PettingZoo's ``api_test`` and OpenSpiel's ``random_sim_test``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest

import mowkit
from mowkit import registry
from mowkit.core import Game, IllegalActionError, State
from mowkit.i18n import language
from mowkit.records import load, replay, save
from mowkit.simulate import play_game, play_state
from mowkit.testing import check_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "third_game"
NAME = "cowcount"
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def _entry_points_txt() -> str:
    """The example's ``[project.entry-points]`` as an ``entry_points.txt`` (what pip would write)."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]
    lines = []
    for group, entries in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{k} = {v}" for k, v in entries.items()]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    """The example package importable and its entry point discoverable, as after ``pip install``."""
    dist = tmp_path_factory.mktemp("site")
    info = dist / f"{NAME}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {NAME}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(_entry_points_txt())
    paths = [str(EXAMPLE), str(dist)]
    sys.path[:0] = paths
    registry.reload()
    yield paths
    import gc
    import warnings

    import ipywidgets

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: the open widgets
        open_widgets = list(ipywidgets.Widget.widgets.values())
    for widget in open_widgets:  # the game's widgets go with the game
        game = getattr(widget, "game", None)
        if NAME in (getattr(game, "name", None), getattr(game, "value", None)):
            widget.close()
    gc.collect()
    for p in paths:
        sys.path.remove(p)
    registry.reload()


@pytest.fixture
def paths(site):
    return site


def _env(paths: list[str], **extra: str) -> dict[str, str]:
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *paths, env.get("PYTHONPATH", "")])
    return env


# --------------------------------------------------------------------------- found and conformant


def test_the_game_is_found_through_its_entry_point_and_is_a_game(paths):
    assert NAME in registry.names() and registry.names()[:2] == ["sixnimmt", "mow"]
    from cowcount.spec import SPEC

    assert registry.get(NAME) is SPEC
    game = mowkit.load_game(NAME, players=3)
    assert isinstance(game, Game) and isinstance(game.new_state(seed=1), State)
    assert registry.title(NAME) == "Cow count" and registry.seat_word(NAME) == "player"


def test_its_title_and_words_are_read_in_russian_from_its_own_table(paths):
    from mowkit.i18n import language
    from mowkit.widgets.play import penalty_text

    with language("ru"):
        assert registry.title(NAME) == "Счёт коров"  # the game's own translation, not the kit's catalog
        assert registry.title("sixnimmt") == "6 nimmt!"  # the kit's games keep their names
        assert penalty_text(NAME, 5).endswith("коровы")
    assert registry.title(NAME) == "Cow count" and penalty_text(NAME, 5).endswith("cows")


def test_nothing_outside_its_folder_names_the_game():
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "mowkit").rglob("*.py") if NAME in p.read_text()]
    assert found == []
    assert "cowcount" not in (ROOT / "pyproject.toml").read_text()


def test_the_third_game_passes_the_conformance_suite(paths):
    report = check_game(NAME, seeds=range(6), players=(2, 3, 4))
    assert report.games == 6 * 3 * 2 and report.decisions > 0 and report.refused > 0
    assert report.event_kinds == {"round started", "cow laid", "line taken", "round ended", "game ended"}
    assert report.unseen_kinds == set() and report.notes == []  # no kernel


def test_the_rules_by_hand(paths):
    """A recorded deck order: lower cards take the line, the round's cows are scored."""
    game = mowkit.load_game(NAME, players=2, hand_size=3, max_rounds=1)
    order = [1, 5, 9, 10, 2, 3] + [4, 6, 7, 8, 11, 12, 13, 14]  # seat 0: 1 5 9; seat 1: 2 3 10
    state = game.new_state(deals=[order])
    assert state.hands == [[1, 5, 9], [2, 3, 10]] and state.pending_players() == (0,)
    from cowcount import Lay

    for action in (Lay(0, 5), Lay(1, 10), Lay(0, 1), Lay(1, 3), Lay(0, 9), Lay(1, 2)):
        state.apply(action)
    # 5, 10 form the line; 1 takes it (2 + 2 cows); 3 and 9 join; 2 takes 1 3 9 (3 cows)
    assert state.round_scores == [[4, 3]] and state.is_over() and state.winners() == (1,)
    with pytest.raises(IllegalActionError) as e:
        game.new_state(seed=1).apply(Lay(1, 1))
    assert e.value.rule == "out-of-turn"


# --------------------------------------------------------------------------- play, records, tournaments


def test_play_game_records_save_load_and_replay(paths, tmp_path):
    record = play_game(NAME, ["careful", "random", "random"], seed=4)
    assert record == play_game(mowkit.load_game(NAME), ["careful", "random", "random"], seed=4)
    assert record["game"] == NAME and record["over"]
    back = load(save(record, tmp_path / "cow.json"))
    assert back == json.loads(json.dumps(record))
    final = replay(back)[-1]
    assert list(final.totals) == record["totals"]
    assert play_game(NAME, ["careful", "random", "random"], seed=4,
                     deals=[r["deal"] for r in record["rounds"]]) == record
    state = play_state(NAME, ["careful"] * 3, seed=2)
    assert state.is_over() and mowkit.load_game(NAME).outcome(state).totals == tuple(state.totals)


def test_tournament_with_the_engine_backend(paths):
    from mowkit.tournament import kernel_available, tournament

    df = tournament(NAME, ["careful", "random", "random"], 6, 2, progress=False, backend="engine", players=3)
    assert df.attrs["backend"] == "engine" and set(df["agent"]) == {"careful", "random"}
    again = tournament(NAME, ["careful", "random", "random"], 6, 2, progress=False, players=3)
    assert again.attrs["backend"] == "engine" and again.equals(df)
    assert not kernel_available(mowkit.load_game(NAME), ["careful"] * 3)


def test_mowkit_replay_command_in_both_languages(paths, tmp_path):
    record = play_game(mowkit.load_game(NAME, players=2), ["careful", "random"], seed=3)
    path = save(record, tmp_path / "cow.json")
    code = "import sys; from mowkit.cli import main; sys.exit(main(sys.argv[1:]))"
    for lang, words in (("en", "Round 1 begins"), ("ru", "Начинается тур 1")):  # the game's own words
        r = subprocess.run([sys.executable, "-c", code, "replay", str(path)], capture_output=True, text=True,
                           env=_env(paths, MOWKIT_LANG=lang), timeout=300, check=False)
        assert r.returncode == 0, r.stderr
        assert words in r.stdout and len(r.stdout.splitlines()) > len(record["rounds"])


# --------------------------------------------------------------------------- words


def test_narrated_in_both_languages_from_its_own_words(paths):
    from mowkit.narrate import describe, sentences

    state = play_state(NAME, ["careful", "random", "random"], seed=5)
    english = sentences(state.game, state.log)
    mowkit.set_language("ru")
    try:
        russian = sentences(state.game, state.log)
        said = describe(state.game, state.history[0][0])
    finally:
        mowkit.set_language("en")
    assert len(english) == len(russian) == len(state.log)
    assert all(not CYRILLIC.search(s) for s in english)
    assert all(CYRILLIC.search(s) for s in russian)
    assert said.startswith("выложить ")
    with language("ru"):
        assert "коров" in state.game.label(10)


# --------------------------------------------------------------------------- widgets


def test_the_stepper_steps_through_a_game(paths):
    from mowkit.widgets import Stepper

    record = play_game(mowkit.load_game(NAME, players=3), ["careful", "random", "random"], seed=6)
    s = Stepper(record)
    assert s.html.lstrip().startswith("<")
    s.next()
    assert s.index == 1 and s.explanation
    s.last()
    assert s.index == len(s.states) - 1 and "Game over" in s.explanation


def test_the_play_widget_hot_seat(paths):
    from mowkit.widgets.play import Play

    p = Play(NAME, players=["human", "human", "careful"], seed=3, delay=0)
    assert p.humans == (0, 1)
    for _ in range(500):
        if p.state.is_over():
            break
        if p.pass_screen:
            assert p.reveal()
        elif p.my_turn():
            p.action_buttons[0].click()
        else:
            p.run_computers()
    assert p.state.is_over() and p.end_text.startswith("Game over")
    assert "cows" in p.end_text  # the game's own penalty word (GameWords.penalties)
    assert replay(p.record())[-1].totals == p.state.totals


def test_the_explorer_runs_a_tournament(paths):
    from mowkit.widgets.explorer import OutcomeExplorer

    x = OutcomeExplorer(NAME, players=3, agents=["careful", "random", "random"], n_games=6, seed=1, run=True)
    assert x.error == "" and x.table is not None and len(x.table) > 0


# --------------------------------------------------------------------------- framework adapters


def test_pettingzoo_api_test(paths):
    from pettingzoo.test import api_test

    from mowkit.adapters.pettingzoo import aec_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about style (e.g. unbounded boxes)
        api_test(aec_env(NAME, players=3), num_cycles=300)


def test_openspiel_random_sim_test(paths):
    import pyspiel

    import mowkit.adapters.openspiel as adapter

    adapter.register(mowkit.registry.get(NAME))  # a game found after the adapter was imported
    game = pyspiel.load_game(adapter.short_name(mowkit.registry.get(NAME)), {"players": 3, "threshold": 10})
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# --------------------------------------------------------------------------- types


def test_the_package_is_mypy_clean():
    r = subprocess.run([sys.executable, "-m", "mypy", "cowcount"], cwd=EXAMPLE, capture_output=True, text=True,
                       timeout=600, check=False)
    assert r.returncode == 0, r.stdout + r.stderr


def test_agents_play_legal_actions(paths):
    from mowkit.agents import make_agent

    state = mowkit.load_game(NAME).new_state(seed=0)
    for name in ("random", "careful"):
        agent = make_agent(NAME, name)
        legal = state.legal_actions()
        assert agent.act(state.observation(state.pending_players()[0]), legal, np.random.default_rng(0)) in legal

