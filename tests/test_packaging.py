"""The project's set-up files agree with each other (pyproject, environment.yml, README, CI)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

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
