"""Compile the kernels ahead of use, and say so when a first use has to compile.

``python -m mowkit.kernels.warm`` compiles every kernel entry point now (or loads it from the
cache: running it again only checks), so that no later tournament or Monte Carlo decision waits.
The cache lives in :func:`mowkit.kernels.cache_dir`.

Inside the kernels, :func:`call` runs a compiled function; on its first call in a process, when
no earlier process has compiled it for the current source (a marker file per function next to
numba's cache), it first writes "Preparing the fast simulator (first use only, about N s)..."
to stderr, which a notebook shows under the running cell, and "ready" afterwards. Set
``MOWKIT_QUIET=1`` to silence these lines.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

import numba

from mowkit.kernels import cache_dir

_HERE = Path(__file__).resolve().parent
_SOURCES = ("sixnimmt.py", "mow.py", "rng.py", "common.py", "batch.py", "planning.py")


def _stamp() -> str:
    """A key of the kernel sources (size and mtime, as numba's cache), the agent parameters they
    compile in, numba and Python."""
    from mowkit.kernels import policy_key

    h = hashlib.sha1(f"{numba.__version__} {sys.version_info[:2]} {policy_key()}".encode())
    for name in _SOURCES:
        st = (_HERE / name).stat()
        h.update(f"{name} {st.st_size} {st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def _marker(disp: Any) -> Path:
    return cache_dir() / "mowkit-ready" / f"{disp.py_func.__module__}.{disp.py_func.__name__}-{_stamp()}"


def is_ready(disp: Any) -> bool:
    """True when ``disp`` is compiled in this process or a process compiled it for this source."""
    return bool(disp.signatures) or _marker(disp).exists()


def _say(text: str) -> None:
    if os.environ.get("MOWKIT_QUIET"):
        return
    print(text, file=sys.stderr, flush=True)


def call(disp: Any, *args: Any, seconds: float = 5.0) -> Any:
    """``disp(*args)``, announcing a compile of about ``seconds`` on a cold first use."""
    if disp.signatures:
        return disp(*args)
    marker = _marker(disp)
    cold = not marker.exists()
    if cold:
        _say(f"Preparing the fast simulator (first use only, about {seconds:.0f} s)…")
        t = time.perf_counter()
    out = disp(*args)
    if cold:
        _say(f"Fast simulator ready ({time.perf_counter() - t:.0f} s).")
        try:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.touch()
        except OSError:  # a read-only cache only costs the message next time
            pass
    return out


def _warm_planner() -> None:
    """Compile the planning player's two rollout kernels (:mod:`mowkit.kernels.planning`) on a tiny position."""
    from mowkit.kernels.planning import model_values, plan_values

    hand, rows, unseen = [10, 20], [[5], [30], [50], [70]], [11, 21, 60, 80]
    model_values(hand, rows, [5, 30, 50, 70], unseen, 2, 0, 1, 0)
    plan_values(hand, rows, unseen, 2, 0, 1, 0)


def warm_all(verbose: bool = True) -> dict[str, float]:
    """Compile (or load from the cache) every entry point of both kernels, of the tournament
    chunk players (:mod:`mowkit.kernels.batch`) and of the planner; seconds per part."""
    from mowkit.kernels import batch, mow, sixnimmt

    times = {}
    for name, warm in (("6 nimmt!", lambda: sixnimmt.warm_up(full=True)), ("Mow", lambda: mow.warm_up(full=True)),
                       ("tournament", batch.warm_up), ("planner", _warm_planner)):
        t = time.perf_counter()
        warm()
        times[name] = time.perf_counter() - t
        if verbose:
            print(f"{name} kernels ready in {times[name]:.1f} s", flush=True)
    return times


def main() -> None:
    """``python -m mowkit.kernels.warm``: compile everything now; idempotent."""
    os.environ.setdefault("MOWKIT_QUIET", "1")  # this command prints its own lines
    print(f"Compiling the mowkit kernels into {cache_dir()} (a minute at most, once per install)…",
          flush=True)
    warm_all()


if __name__ == "__main__":
    main()
