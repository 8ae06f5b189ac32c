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

from mowkit.kernels import cache_dir, kernel_sources


def _stamp() -> str:
    """A key of the kernel sources (size and mtime, as numba's cache; the agent parameters they
    compile in are in these files too), numba and Python."""
    h = hashlib.sha1(f"{numba.__version__} {sys.version_info[:2]}".encode())
    for path in kernel_sources():
        st = path.stat()
        h.update(f"{path.parent.name}/{path.name} {st.st_size} {st.st_mtime_ns}".encode())
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


def warm_all(verbose: bool = True) -> dict[str, float]:
    """Compile (or load from the cache) every entry point of every game's kernels (the spec's
    ``kernel`` module and its ``warm_up``) and of the tournament chunk players
    (:mod:`mowkit.kernels.batch`); seconds per part."""
    from mowkit import registry
    from mowkit.i18n import _
    from mowkit.kernels import batch

    parts = [(_(spec.title), spec.warm_up) for spec in registry.specs() if spec.kernel is not None]
    times = {}
    for name, warm in parts + [("tournament", batch.warm_up)]:
        t = time.perf_counter()
        warm(full=True)
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
