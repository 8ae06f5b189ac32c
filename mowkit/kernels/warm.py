"""Compile the kernels ahead of use, and say so when a first use has to compile.

``python -m mowkit.kernels.warm`` compiles every kernel entry point now (or loads it from the
cache: running it again only checks), so that no later tournament or Monte Carlo decision waits.
The cache lives in :func:`mowkit.kernels.cache_dir`.

Inside the kernels, :func:`call` (:func:`mowkit.kernels.call`, re-exported here) runs a compiled
function; on its first call in a process, when no earlier process has compiled it for the current
source (a marker file per function next to numba's cache), it first writes "Preparing the fast
simulator (first use only, about N s)..." to stderr, which a notebook shows under the running
cell, and "ready" afterwards. Set ``MOWKIT_QUIET=1`` to silence these lines.
"""

from __future__ import annotations

import os
import time

from mowkit import registry
from mowkit.i18n import _
from mowkit.kernels import cache_dir, call, is_ready

__all__ = ["call", "is_ready", "main", "warm_all"]


def warm_all(verbose: bool = True) -> dict[str, float]:
    """Compile (or load from the cache) every entry point of every game's kernels (the spec's
    ``kernel`` module and its ``warm_up``) and of the tournament chunk players
    (:mod:`mowkit.kernels.batch`); seconds per part."""
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
