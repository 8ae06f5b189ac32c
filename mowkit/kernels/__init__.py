"""Compiled simulation kernels (numba) that play the built-in agents fast.

The rule engines in :mod:`mowkit.games` stay the definition of the rules; each kernel here is
cross-checked against its engine (identical penalties on shared deals for the deterministic
agents, statistical agreement for the random ones). Importing a kernel module imports numba;
the rule engines never do.

* :mod:`mowkit.kernels.sixnimmt`: 6 nimmt! rounds and games for random, lowest, highest, greedy,
  and the Monte Carlo agent's rollouts (:func:`~mowkit.kernels.sixnimmt.mc_card_values`).
* :mod:`mowkit.kernels.mow`: Mow rounds and games for random, greedy and heuristic farmers.
* :mod:`mowkit.kernels.rng`: the kernels' random numbers (xoshiro256**).
* :mod:`mowkit.kernels.warm`: ``python -m mowkit.kernels.warm`` compiles every kernel now.

``mowkit.tournament.tournament(backend="auto")`` uses a kernel when every agent has one.

Compiled code is cached on disk, never in the package folder (which may be read-only): in
``$NUMBA_CACHE_DIR`` when set, else ``$MOWKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/mowkit/numba``,
else ``~/.cache/mowkit/numba`` (:func:`cache_dir`), in a subfolder per version of the kernel
sources and of the agent parameters compiled into them (:func:`compiled_dir`, so no stale code
survives an upgrade or a changed agent default). This package sets numba's cache folder when
it is imported, before any kernel module compiles or loads a function. The first use of a kernel
function without a cache compiles it (a few seconds) and says so on stderr.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """The folder of the kernels' compiled-code cache (see the module docstring for the order)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    if os.environ.get("MOWKIT_CACHE_DIR"):
        return Path(os.environ["MOWKIT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mowkit" / "numba"


def sources_key() -> str:
    """A key of the kernel sources' contents (every ``mowkit/kernels/*.py``).

    numba checks a cached function only against its own file, not against the compiled functions
    it calls from other files (``batch.py`` calls the round players of ``sixnimmt.py`` and
    ``mow.py``), so the compiled code lives in a subfolder named by this key: any change to any
    kernel source starts a fresh cache instead of reusing stale code.
    """
    import hashlib

    h = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(policy_key().encode())
    return h.hexdigest()[:16]


def policy_key() -> str:
    """The kernel policies' parameters as the agent classes define them (``kernel_params``), as text.

    The compiled code holds them as constants, so they are part of :func:`sources_key`.
    """
    from mowkit.agents import mow, sixnimmt

    parts = []
    for module in (sixnimmt, mow):
        for name, cls in sorted(module.AGENTS.items()):
            params = cls.kernel_params() if hasattr(cls, "kernel_params") else {}
            parts.append(f"{module.__name__}.{name}={sorted(params.items())!r}")
    return ";".join(parts)


def compiled_dir() -> Path:
    """Where numba's cached code goes: ``$NUMBA_CACHE_DIR`` if set, else ``cache_dir()/<sources_key()>``."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    return cache_dir() / sources_key()


def _use_cache_dir() -> None:
    """Point numba's cache at :func:`compiled_dir` unless the user set ``NUMBA_CACHE_DIR``."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    import numba.core.config as config  # numba reads config.CACHE_DIR when a cached function is made

    config.CACHE_DIR = str(compiled_dir())


_use_cache_dir()
