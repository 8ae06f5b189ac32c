"""The project's set-up files agree with each other (pyproject, environment.yml, README, CI)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent


def dist_name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].strip().lower()


def test_environment_names_every_runtime_dependency():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    conda = {dist_name(d) for d in env["dependencies"] if isinstance(d, str)}
    runtime = {dist_name(r) for r in project["dependencies"]}
    assert runtime, "pyproject lists runtime dependencies"
    assert runtime <= conda, f"missing from environment.yml: {sorted(runtime - conda)}"
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert any(p.startswith("-e .") for p in pip), "the pip section installs the package"


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```(?:bash|sh)?\n(.*?)```", text, re.S)
    assert block, "README opens with a code block of commands"
    return [line for line in block.group(1).splitlines() if line.strip() and not line.startswith("#")]


def test_readme_opens_with_two_commands_and_ci_runs_the_test_one():
    commands = readme_commands()
    assert len(commands) == 2, commands
    assert "jupyter lab" in commands[0] and "notebooks/00_start_here.ipynb" in commands[0]
    assert "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert commands[1] in ci.splitlines(), ".ci/run runs exactly the README's test command"


def test_test_command_runs_unit_tests_and_every_notebook_under_nbval():
    opts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert set(opts["testpaths"]) == {"tests", "notebooks"}
    for flag in ("--nbval-lax", "--nbval-current-env", "--nbval-sanitize-with tests/nbval_sanitize.cfg"):
        assert flag in opts["addopts"]
    assert (ROOT / "tests" / "nbval_sanitize.cfg").exists()
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert "00_start_here.ipynb" in notebooks


def test_a_built_wheel_installed_outside_the_checkout_plays_both_games(tmp_path):
    """A non-editable install (the wheel) carries the card tables and can play both games."""
    import os
    import subprocess
    import sys
    import zipfile

    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(wheels), str(ROOT)], check=True, capture_output=True, text=True)
    (wheel,) = wheels.glob("mowkit-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"mowkit/cards/sixnimmt_cards.csv", "mowkit/cards/mow_cards.csv"} <= names
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, text=True)
    code = ("import mowkit, sys; from mowkit import load_game; from mowkit.simulate import play_game\n"
            "assert mowkit.__file__.startswith(sys.argv[1]), mowkit.__file__\n"
            "six = play_game(load_game('sixnimmt', players=4), ['random'] * 4, seed=1)\n"
            "mow = play_game(load_game('mow', players=3), ['greedy', 'random', 'random'], seed=1)\n"
            "g = load_game('sixnimmt'); print(g.deck_heads(), load_game('mow', players=3).deck_flies(),"
            " six['over'], mow['over'])\n"
            "from mowkit import registry; from mowkit.card_tables import mow_cards; print(*registry.names(), len(mow_cards()))\n"
            "from mowkit.notebooks import notebook_index\n"
            "try:\n    notebook_index()\nexcept mowkit.RecordError as e:\n    print('no-notebooks' if 'checkout' in str(e) else e)\n")
    env = {k: v for k, v in os.environ.items() if k not in ("MOWKIT_DATA", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code, str(site)], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True)
    assert out.stdout.split() == ["171", "74", "True", "True", "sixnimmt", "mow", "96", "no-notebooks"]


def test_the_notebook_index_reads_the_checkout_and_says_when_there_are_no_notebooks(tmp_path, monkeypatch):
    from mowkit import RecordError
    from mowkit.notebooks import notebook_index

    index = notebook_index()
    assert list(index["notebook"]) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    start = index[index["notebook"] == "00_start_here.ipynb"].iloc[0]
    first_cell = "".join(__import__("json").loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text())
                         ["cells"][0]["source"])
    assert start["title"] and start["title"] in first_cell
    for where in (tmp_path / "missing", tmp_path):  # no folder; a folder without notebooks
        with pytest.raises(RecordError) as e:
            notebook_index(where)
        assert e.value.source == str(where) and "checkout" in str(e.value)
    monkeypatch.setenv("MOWKIT_NOTEBOOKS", str(tmp_path))
    (tmp_path / "x.ipynb").write_text("{not json")
    with pytest.raises(RecordError) as e:
        notebook_index()
    assert e.value.source == str(tmp_path / "x.ipynb")



def test_the_old_card_table_modules_re_export_the_one_module():
    import mowkit.card_tables as tables
    import mowkit.data as data
    import mowkit.mow_data as mow_data

    for name in data.__all__:
        assert getattr(data, name) is getattr(tables, name), name
    assert mow_data.FILE is tables.MOW_FILE and mow_data.COLUMNS is tables.MOW_COLUMNS
    for name in set(mow_data.__all__) - {"FILE", "COLUMNS"}:
        assert getattr(mow_data, name) is getattr(tables, name), name
    assert len(tables.mow_cards()) == 96 and sum(tables.sixnimmt_heads()) == 171
