"""Compiled simulation kernels (numba) that play the built-in agents fast.

The rule engines in :mod:`mowkit.games` stay the definition of the rules; each kernel here is
cross-checked against its engine (identical penalties on shared deals for the deterministic
agents, statistical agreement for the random ones). Importing a kernel module imports numba;
the rule engines never do.

* :mod:`mowkit.games.sixnimmt.kernel`: 6 nimmt! rounds and games for random, lowest, highest, greedy,
  and the Monte Carlo agent's rollouts (:func:`~mowkit.games.sixnimmt.kernel.mc_card_values`).
* :mod:`mowkit.games.mow.kernel`: Mow rounds and games for random, greedy and heuristic farmers.
* :mod:`mowkit.kernels.rng`: the kernels' random numbers (xoshiro256**).
* :mod:`mowkit.kernels.warm`: ``python -m mowkit.kernels.warm`` compiles every kernel now.

``mowkit.tournament.tournament(backend="auto")`` uses a kernel when every agent has one.

Compiled code is cached on disk, never in the package folder (which may be read-only): in
``$NUMBA_CACHE_DIR`` when set, else ``$MOWKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/mowkit/numba``,
else ``~/.cache/mowkit/numba`` (:func:`cache_dir`), in a subfolder per version of the kernel
sources, of the game folders and of the agent parameters compiled into them (:func:`compiled_dir`, so no stale code
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


KERNEL_FILES = ("kernel.py", "planning.py", "batch.py", "policies.py", "agents.py", "planner.py")
"""The modules of a game folder that compiled code depends on (compiled, or compiled in as constants)."""


def kernel_sources() -> list[Path]:
    """The files whose contents the compiled code depends on: ``mowkit/kernels/*.py``, the agents'
    shared base, and in every game folder the compiled modules and the agent parameters compiled
    in (``KERNEL_FILES``)."""
    here = Path(__file__).resolve().parent
    pkg = here.parent
    games = [f for name in KERNEL_FILES for f in pkg.glob(f"games/*/{name}")]
    return sorted(here.glob("*.py")) + sorted((pkg / "agents").glob("*.py")) + sorted(games)


def sources_key() -> str:
    """A key of the kernel sources' contents (:func:`kernel_sources`).

    numba checks a cached function only against its own file, not against the compiled functions
    it calls from other files (``batch.py`` calls the games' round players), nor against the agent
    parameters compiled in as constants, so the compiled code lives in a subfolder named by this
    key: any change to any of these sources starts a fresh cache instead of reusing stale code.
    """
    import hashlib

    h = hashlib.sha256()
    pkg = Path(__file__).resolve().parent.parent
    for path in kernel_sources():
        h.update(path.relative_to(pkg).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


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
