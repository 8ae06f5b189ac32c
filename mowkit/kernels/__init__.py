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
sources, of the game folders and of the policy parameters compiled into them (each game's
``policies.py``; :func:`compiled_dir`), so no stale code survives an upgrade or a changed agent
default. This package sets numba's cache folder when
it is imported, before any kernel module compiles or loads a function. The first use of a kernel
function without a cache compiles it (a few seconds) and says so on stderr.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any


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
    h.update(policy_key().encode())
    return h.hexdigest()[:16]


def policy_key() -> str:
    """The policy parameters compiled into the kernels, as their values now (text).

    Every game folder's ``policies.py`` holds them as upper-case constants; the compiled code holds
    them as constants, so their values (not only their files) are part of :func:`sources_key`.
    """
    from importlib import import_module

    parts = []
    games = Path(__file__).resolve().parent.parent / "games"
    for path in sorted(games.glob("*/policies.py")):
        module = import_module(f"mowkit.games.{path.parent.name}.policies")
        data = sorted((k, repr(v)) for k, v in vars(module).items() if k.isupper())
        parts.append(f"{module.__name__}={data!r}")
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

    setattr(config, "CACHE_DIR", str(compiled_dir()))  # noqa: B010  (not in numba's stubs)


# --------------------------------------------------------------------------- the first use of a compiled function


def _stamp() -> str:
    """A key of the kernel sources (size and mtime, as numba's cache; the agent parameters they
    compile in are in these files too), numba and Python."""
    import hashlib

    import numba

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
    """``disp(*args)``, announcing a compile of about ``seconds`` on a cold first use.

    On the first call of a compiled function in a process, when no earlier process has compiled it
    for the current source (a marker file per function next to numba's cache), it first writes
    "Preparing the fast simulator (first use only, about N s)..." to stderr, which a notebook
    shows under the running cell, and "ready" afterwards. ``MOWKIT_QUIET=1`` silences these lines.
    """
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


_use_cache_dir()
