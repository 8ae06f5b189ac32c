"""The house's layers hold: import-linter's contracts (pyproject.toml) pass, no import circles, and
imports inside functions only for heavy or optional dependencies.

The circle scan is this file's own: every ``import`` in ``mowkit/`` counts, also those inside
functions (a lazy import still ties two modules), and a package counts as its ``__init__``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: what a function may import lazily: the compiled kernels (numba) and optional or heavy packages
HEAVY_INTERNAL = ("mowkit.kernels",)
HEAVY_INTERNAL_TAILS = ("kernel", "planning")  # mowkit.games.<game>.kernel / .planning (numba)


def modules(root: Path) -> dict[str, tuple[Path, ast.Module]]:
    """Dotted module name -> (file, syntax tree) of every module of the package under ``root``."""
    out = {}
    for f in sorted((root / "mowkit").rglob("*.py")):
        name = f.relative_to(root).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
        out[name] = (f, ast.parse(f.read_text(encoding="utf-8"), filename=str(f)))
    return out


def _imports(tree: ast.AST, in_function: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement under ``tree`` and whether it runs inside a function."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_function
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from _imports(node, inner)


def _targets(name: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement may load (``from a import b`` may load ``a.b``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        head = ".".join(base + ([node.module] if node.module else []))
    else:
        head = node.module or ""
    return [head] + [f"{head}.{a.name}" for a in node.names]


def import_edges(mods: dict[str, tuple[Path, ast.Module]]) -> Iterator[tuple[str, str, bool, int]]:
    """(importer, imported module of the package, inside a function, line) for every internal import."""
    for name, (f, tree) in mods.items():
        for node, lazy in _imports(tree):
            seen = set()
            for target in _targets(name, f.name == "__init__.py", node):
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target not in (name, "mowkit") and target not in seen:
                    seen.add(target)
                    yield name, target, lazy, node.lineno


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at the top or inside functions)."""
    mods = modules(root)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for importer, imported, _lazy, _line in import_edges(mods):
        graph[importer].add(imported)
    return graph


def _heavy(target: str) -> bool:
    """Whether a module of the package is compiled code (numba), which a function may import lazily."""
    parts = target.split(".")
    return target.startswith(HEAVY_INTERNAL) or (target.startswith("mowkit.games.") and parts[-1] in HEAVY_INTERNAL_TAILS)


# --------------------------------------------------------------------------- the contracts


def test_import_linter_contracts_are_kept():
    """``lint-imports`` (the contracts in pyproject.toml: shared layers, each game's folder, engines)."""
    pytest.importorskip("importlinter", reason="import-linter comes with the dev extra")
    run = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
         "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    report = run.stdout[run.stdout.find("Contracts:"):] if "Contracts:" in run.stdout else run.stdout
    assert run.returncode == 0, report[:8000] + run.stderr[-2000:]


def test_no_import_circles():
    found = circles(import_graph(ROOT))
    assert not found, "import circles in mowkit/ (lazy imports count):\n  " + "\n  ".join(
        f"{len(c)} modules: {', '.join(c)}" for c in found)


def test_imports_inside_functions_are_only_for_compiled_code():
    """A module of the package is imported inside a function only when it is numba code (kernels)."""
    lazy = [f"{importer}:{line} -> {imported}" for importer, imported, is_lazy, line in import_edges(modules(ROOT))
            if is_lazy and not _heavy(imported)]
    assert not lazy, "imports inside functions (move them to the top):\n  " + "\n  ".join(lazy)


# --------------------------------------------------------------------------- the scan itself


def test_the_scan_finds_a_circle_made_by_a_lazy_import(tmp_path):
    pkg = tmp_path / "mowkit"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from mowkit.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .. import c\n")
    (pkg / "c.py").write_text("import mowkit.a\n")
    (pkg / "d.py").write_text("from mowkit import a\n")  # one way only: no circle
    assert circles(import_graph(tmp_path)) == [["mowkit.a", "mowkit.c", "mowkit.sub.b"]]
    lazy = [(i, t) for i, t, is_lazy, _ in import_edges(modules(tmp_path)) if is_lazy]
    assert lazy == [("mowkit.sub.b", "mowkit.c")]
