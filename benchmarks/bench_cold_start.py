"""Cold start: notebooks 05 and 06 run top to bottom with an empty kernel cache, then warm.

For each notebook, ``jupyter nbconvert --to notebook --execute`` into a temporary folder, first
with ``MOWKIT_CACHE_DIR`` (and ``NUMBA_CACHE_DIR``) pointing at a fresh empty folder (a fresh
install: every kernel the notebook uses compiles), then again with the cache that run filled
(warm). Prints the wall-clock seconds of both, their ratio (target: cold within 2x of warm), and
whether the first-use message ("Preparing the fast simulator ...") appeared in the cold run's
outputs. ``PYTHONPATH`` is set to this checkout so that its ``mowkit`` is the one the notebook
kernels import.

    python benchmarks/bench_cold_start.py [--notebooks 05 06]
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
NOTEBOOKS = {"05": "05_strategies_tournament.ipynb", "06": "06_outcome_distributions.ipynb"}


def run(nb: Path, out: Path, cache: Path) -> tuple[float, bool]:
    """Seconds to execute ``nb`` with the kernel cache ``cache``; whether the message showed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MOWKIT_CACHE_DIR=str(cache), NUMBA_CACHE_DIR=str(cache))
    env.pop("MOWKIT_QUIET", None)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.timeout=1200", "--output-dir", str(out), str(nb)],
                   env=env, check=True, capture_output=True, text=True, cwd=str(ROOT / "notebooks"))
    secs = time.perf_counter() - t
    text = json.dumps(json.loads((out / nb.name).read_text())["cells"])
    return secs, "Preparing the fast simulator" in text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--notebooks", nargs="+", default=list(NOTEBOOKS), choices=list(NOTEBOOKS))
    a = ap.parse_args()
    print(f"{platform.platform()}, python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"{'notebook':<36} {'cold s':>8} {'warm s':>8} {'cold/warm':>10}  message when cold")
    for key in a.notebooks:
        nb = ROOT / "notebooks" / NOTEBOOKS[key]
        with tempfile.TemporaryDirectory() as d:
            cache, out = Path(d) / "cache", Path(d) / "out"
            cache.mkdir()
            cold, said = run(nb, out, cache)
            warm, _ = run(nb, out, cache)
        print(f"{nb.name:<36} {cold:>8.1f} {warm:>8.1f} {cold / warm:>9.2f}×  {'yes' if said else 'no'}",
              flush=True)


if __name__ == "__main__":
    main()
