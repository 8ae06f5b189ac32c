"""Cold start: notebooks 05 and 06 run top to bottom with an empty kernel cache, then warm.

For each notebook, ``jupyter nbconvert --to notebook --execute`` into a temporary folder, first
with ``MOWKIT_CACHE_DIR`` (and ``NUMBA_CACHE_DIR``) pointing at a fresh empty folder (a fresh
install: every kernel the notebook uses compiles), then again with the cache that run filled
(warm). Prints the wall-clock seconds of both, their ratio (target: cold within 2x of warm), and
whether the first-use message (a bar "Compiling ... s of about ... s") appeared in the cold run's
outputs. ``PYTHONPATH`` is set to this checkout so that its ``mowkit`` is the one the notebook
kernels import.

Before the notebooks, the compile time of each kernel module's ``warm_up()`` in a fresh process
with a fresh cache (CPU seconds of that process, and wall-clock), and the load time from the
cache it wrote. With ``--baseline DIR`` (an older checkout) every figure is also measured for that
code, in this run (the notebooks of this checkout, run against the older package).

With ``--readme --record`` the install step also writes the compile times it measured into
``mowkit/kernels/compile_times.json``: what a cold first use and ``python -m mowkit.kernels.warm``
announce.

With ``--readme`` the fresh install is the README's first command: ``python -m
mowkit.kernels.warm`` (timed) into the fresh cache, then the first Run All of each notebook and a
second one (warm); that first Run All is what a new user who followed the README waits for.

    python benchmarks/bench_cold_start.py [--notebooks 05 06] [--baseline /tmp/mowkit-cfda496] [--readme]

Without ``--notebooks`` every English notebook (00 to 07 and ``classroom``) is run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = {nb.name[:2] if nb.name[:2].isdigit() else nb.stem: nb.name
             for nb in sorted((ROOT / "notebooks").glob("*.ipynb"))}
"""Every English notebook, by its number (``05``) or its name (``classroom``)."""


def run(nb: Path, out: Path, cache: Path, root: Path = ROOT) -> tuple[float, bool]:
    """Seconds to execute ``nb`` with the kernel cache ``cache``; whether the message showed."""
    env = dict(os.environ, PYTHONPATH=str(root), MOWKIT_CACHE_DIR=str(cache), NUMBA_CACHE_DIR=str(cache))
    env.pop("MOWKIT_QUIET", None)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.timeout=1200", "--output-dir", str(out), str(nb)],
                   env=env, check=True, capture_output=True, text=True, cwd=str(ROOT / "notebooks"))
    secs = time.perf_counter() - t
    text = json.dumps(json.loads((out / nb.name).read_text())["cells"])
    return secs, "mowkit-compiling" in text or "Compiling " in text


COMPILE = """
import sys, time
c0, t0 = time.process_time(), time.perf_counter()
from mowkit import registry
registry.get("{mod}").warm_up(False)
print(time.process_time() - c0, time.perf_counter() - t0)
"""


def compile_times(root: Path, mod: str) -> tuple[float, float, float]:
    """(CPU s, wall s) of ``warm_up()`` with an empty cache, and wall s of loading it."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, PYTHONPATH=str(root), MOWKIT_CACHE_DIR=d, NUMBA_CACHE_DIR=d,
                   MOWKIT_QUIET="1")
        out = []
        for _ in range(2):
            r = subprocess.run([sys.executable, "-c", COMPILE.format(mod=mod)], env=env, check=True,
                               capture_output=True, text=True)
            out.append([float(x) for x in r.stdout.split()[-2:]])
    return out[0][0], out[0][1], out[1][1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--notebooks", nargs="*", default=list(NOTEBOOKS), choices=list(NOTEBOOKS))
    ap.add_argument("--baseline", help="folder of an older mowkit whose compile times to measure too")
    ap.add_argument("--readme", action="store_true",
                    help="also: the README's install (python -m mowkit.kernels.warm), then first and second Run All")
    ap.add_argument("--record", action="store_true",
                    help="with --readme: write the install step's measured compile times into "
                         "mowkit/kernels/compile_times.json (what a cold first use announces)")
    ap.add_argument("--skip-readme-notebooks", action="store_true",
                    help="with --readme: only the install step, no Run All after it")
    ap.add_argument("--skip-cold", action="store_true", help="skip the cold/warm Run All of each notebook")
    ap.add_argument("--skip-compile", action="store_true", help="skip the warm_up() compile-time table")
    a = ap.parse_args()
    print(f"{platform.platform()}, python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    roots = {"this checkout": ROOT}
    if a.baseline:
        roots = {"baseline": Path(a.baseline).resolve(), **roots}
    if a.readme:
        with tempfile.TemporaryDirectory() as d:
            cache, out = Path(d) / "cache", Path(d) / "out"
            cache.mkdir()
            env = dict(os.environ, PYTHONPATH=str(ROOT), MOWKIT_CACHE_DIR=str(cache), NUMBA_CACHE_DIR=str(cache))
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "mowkit.kernels.warm"] + (["--record"] if a.record else []),
                               env=env, check=True,
                               capture_output=True, text=True)
            install = time.perf_counter() - t
            print(f"README install step `python -m mowkit.kernels.warm` with an empty cache: {install:.1f} s")
            print("  " + r.stdout.strip().replace("\n", "\n  "), flush=True)
            print(f"{'notebook (after the README install)':<36} {'first s':>8} {'warm s':>8} {'first/warm':>10}")
            for key in [] if a.skip_readme_notebooks else a.notebooks:
                nb = ROOT / "notebooks" / NOTEBOOKS[key]
                first, _ = run(nb, out, cache)
                warm, _ = run(nb, out, cache)
                print(f"{nb.name:<36} {first:>8.1f} {warm:>8.1f} {first / warm:>9.2f}×", flush=True)
    print(f"{'warm_up() with an empty cache':<36} {'CPU s':>8} {'wall s':>8} {'cached s':>9}")
    for label, root in ({} if a.skip_compile else roots).items():
        for mod in ("sixnimmt", "mow"):
            cpu, wall, load = compile_times(root, mod)
            print(f"{label + ', ' + mod:<36} {cpu:>8.1f} {wall:>8.1f} {load:>9.1f}", flush=True)
    print(f"{'notebook':<36} {'cold s':>8} {'warm s':>8} {'cold/warm':>10}  message when cold")
    for key in [] if a.skip_cold else a.notebooks:
        nb = ROOT / "notebooks" / NOTEBOOKS[key]
        for label, root in roots.items():
            with tempfile.TemporaryDirectory() as d:
                cache, out = Path(d) / "cache", Path(d) / "out"
                cache.mkdir()
                cold, said = run(nb, out, cache, root)
                warm, _ = run(nb, out, cache, root)
            name = nb.name if len(roots) == 1 else f"{nb.name[:2]}, {label}"
            print(f"{name:<36} {cold:>8.1f} {warm:>8.1f} {cold / warm:>9.2f}×  {'yes' if said else 'no'}",
                  flush=True)


if __name__ == "__main__":
    main()
