"""`mypy mowkit` passes (the numba kernels excluded, see [tool.mypy] in pyproject.toml); the games
are the protocols of :mod:`mowkit.core` for mypy; the contract layers hold no explicit ``Any``."""

from __future__ import annotations

import ast
import dataclasses
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THIRD_GAME = ROOT / "examples" / "third_game"
NO_ANY = ["mowkit.core", "mowkit.registry", "mowkit.spec", "mowkit.match", "mowkit.simulate", "mowkit.codec"]


def _mypy(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir",
                           str(ROOT / ".mypy_cache"), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env=env)


def test_mypy_passes_on_the_package() -> None:
    """Public annotations say what is really accepted: a wrong one is a failure here."""
    proc = _mypy("mowkit")
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


GAMES_ARE_PROTOCOLS = '''
from cowcount.agents import RandomAgent as CowRandom
from cowcount.engine import CowCount, CowCountObservation, CowCountState

from mowkit.core import Action, Agent, Game, ScoredState, SomeAgent, SomeGame, SomeState, State
from mowkit.games.mow import Mow, MowState
from mowkit.games.mow.agents import RandomAgent as RandomFarmer
from mowkit.games.mow.engine import MowObservation
from mowkit.games.sixnimmt import SixNimmt, SixNimmtState
from mowkit.games.sixnimmt.agents import RandomAgent
from mowkit.games.sixnimmt.engine import SixNimmtObservation

six: Game[SixNimmtState] = SixNimmt()
mow: Game[MowState] = Mow()
cow: Game[CowCountState] = CowCount()
games: list[SomeGame] = [SixNimmt(), Mow(), CowCount()]


def states(s: SixNimmtState, m: MowState, c: CowCountState) -> list[SomeState]:
    a: State[SixNimmtObservation, Action] = s
    b: ScoredState[MowObservation, Action] = m
    d: State[CowCountObservation, Action] = c
    seen: list[SixNimmtObservation | MowObservation | CowCountObservation] = [
        a.clone().observation(0), b.observation(0), d.observation(0)]
    return [s, m, c] if seen else []


agents: list[SomeAgent] = [RandomAgent(), RandomFarmer(), CowRandom()]
six_agent: Agent[SixNimmtObservation, Action] = RandomAgent()
cow_agent: Agent[CowCountObservation, Action] = CowRandom()
'''

WRONG_GAMES = '''
from cowcount.engine import CowCount, CowCountState

from mowkit.core import Action, Agent, Game, State
from mowkit.games.sixnimmt import SixNimmt, SixNimmtState
from mowkit.games.sixnimmt.agents import RandomAgent
from mowkit.games.sixnimmt.engine import SixNimmtObservation

wrong_state: Game[SixNimmtState] = CowCount()
wrong_kind: Game[CowCountState] = RandomAgent()
wrong_obs: Agent[SixNimmtObservation, Action] = SixNimmt()


def observed(c: CowCountState) -> State[SixNimmtObservation, Action]:
    return c
'''


def _check_snippet(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    """mypy over ``text`` as a module, with the kit and the third game's package on its path."""
    module = tmp_path / "snippet_types.py"
    module.write_text(textwrap.dedent(text))
    env = {**os.environ, "MYPYPATH": os.pathsep.join([str(ROOT), str(THIRD_GAME)])}
    return _mypy("--disallow-any-explicit", "--follow-imports", "silent", str(module), env=env)


def test_the_games_are_the_core_protocols_for_mypy(tmp_path: Path) -> None:
    """Both kit games and the third game (a frozen dataclass) are ``Game``s of their state types,
    their states ``State``s of their observations, their agents ``Agent``s: no casts."""
    proc = _check_snippet(tmp_path, GAMES_ARE_PROTOCOLS)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


def test_the_protocol_check_bites(tmp_path: Path) -> None:
    """The same check refuses a game of another state type, an agent as a game and a state whose
    observation is another game's: each line of the snippet is an error."""
    proc = _check_snippet(tmp_path, WRONG_GAMES)
    lines = {int(line.split(":")[1]) for line in proc.stdout.splitlines() if ": error:" in line}
    wrong = {i for i, line in enumerate(textwrap.dedent(WRONG_GAMES).splitlines(), 1)
             if line.startswith(("wrong_", "    return c"))}
    assert proc.returncode == 1 and lines == wrong, proc.stdout[-6000:] + proc.stderr[-2000:]


def _any_in_annotations(path: Path) -> list[int]:
    """Lines where ``Any`` is named in an annotation, a type alias or a cast."""
    tree = ast.parse(path.read_text())
    found: list[int] = []

    def scan(node: ast.AST | None) -> None:
        for n in ast.walk(node) if node is not None else ():
            if (isinstance(n, ast.Name) and n.id == "Any") or (isinstance(n, ast.Attribute) and n.attr == "Any"):
                found.append(n.lineno)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str) and "Any" in n.value.split("[")[0:1]:
                found.append(n.lineno)

    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = n.args
            for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]:
                scan(arg.annotation if arg is not None else None)
            scan(n.returns)
        elif isinstance(n, ast.AnnAssign):
            scan(n.annotation)
        elif isinstance(n, ast.ImportFrom) and n.module == "typing":
            found.extend(n.lineno for alias in n.names if alias.name == "Any")
    return found


def test_no_explicit_any_in_the_contract_layers() -> None:
    """core, the registry, the spec, the match loop, simulate and the codec base name no ``Any``
    (mypy's ``disallow_any_explicit`` holds them there)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = {m for o in config.get("overrides", []) if o.get("disallow_any_explicit") for m in o["module"]}
    assert set(NO_ANY) <= strict
    for module in NO_ANY:
        path = ROOT / (module.replace(".", "/") + ".py")
        assert _any_in_annotations(path) == [], f"{module}: Any on lines {_any_in_annotations(path)}"


def test_spec_changes_name_every_slot() -> None:
    """``GameSpec.replace``'s keywords (:class:`mowkit.spec.SpecChanges`) are the spec's slots."""
    from mowkit.spec import GameSpec, SpecChanges

    assert set(SpecChanges.__annotations__) == {f.name for f in dataclasses.fields(GameSpec)}


def test_the_games_are_games_at_run_time() -> None:
    """The read-only protocol members keep ``isinstance`` working for games, states and agents."""
    from mowkit.agents import make_agent
    from mowkit.core import Agent, Game, State
    from mowkit.registry import load_game, names

    for name in names():
        game = load_game(name)
        state = game.new_state(seed=1)
        assert isinstance(game, Game) and isinstance(state, State)
        assert isinstance(make_agent(name, "random"), Agent)
