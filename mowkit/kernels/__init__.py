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
function without a cache compiles it and says what it compiles and for how long, the time
measured with an empty cache (:data:`COMPILE_TIMES`; :func:`call`): a bar under the running cell
in a notebook, a line on stderr elsewhere, the classroom app's own bar (:func:`on_compile`).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mowkit import registry
from mowkit.i18n import N_, _


def cache_dir() -> Path:
    """The folder of the kernels' compiled-code cache (see the module docstring for the order)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    if os.environ.get("MOWKIT_CACHE_DIR"):
        return Path(os.environ["MOWKIT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mowkit" / "numba"


NOT_COMPILED = ("__init__.py", "warm.py")
"""Modules of this package that hold no compiled code (this cache's layout, the warm-up and its
messages): changing them keeps the compiled code."""

KERNEL_FILES = ("kernel.py", "primitives.py", "planning.py", "batch.py", "policies.py", "agents.py", "planner.py")
"""The modules of a game folder that compiled code depends on (compiled, or compiled in as constants)."""


def kernel_sources() -> list[Path]:
    """The files whose contents the compiled code depends on: ``mowkit/kernels/*.py`` (but
    ``NOT_COMPILED``), the agents' shared base, and in every game folder the compiled modules and the agent parameters compiled
    in (``KERNEL_FILES``)."""
    here = Path(__file__).resolve().parent
    pkg = here.parent
    games = [f for name in KERNEL_FILES for f in pkg.glob(f"games/*/{name}")]
    own = sorted(p for p in here.glob("*.py") if p.name not in NOT_COMPILED)
    return own + sorted((pkg / "agents").glob("*.py")) + sorted(games)


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


COMPILE_TIMES = Path(__file__).resolve().with_name("compile_times.json")
"""Compile times measured with an empty cache (``python -m mowkit.kernels.warm --record``, run by
``benchmarks/bench_cold_start.py --readme --record``): wall seconds per compiled function and per
part of :func:`mowkit.kernels.warm.warm_all`, the machine and the date. What a cold first use
announces comes from here, not from a guess."""

_GROUPS = (("mc", N_("Monte Carlo values")), ("plan", N_("the planning player")),
           ("model", N_("the learned player model")), ("chunk", N_("tournament chunks")),
           ("deals", N_("games on given deals")), ("games", N_("whole games")), ("rounds", N_("rounds")))
"""What a compiled function computes, by a word of its name (the first that matches)."""

CompileListener = Callable[[str, "CompileInfo"], object]
"""Told ``("start", info)`` before a cold compile and ``("done", info)`` after it."""

_listeners: list[CompileListener] = []
_measured: dict[str, float] = {}  # wall seconds of every cold compile in this process, by key
_measured_cpu: dict[str, float] = {}  # the same in CPU seconds of the compiling thread
_lock = threading.Lock()


class CompileInfo:
    """A compile that is happening: ``key`` (module.function), ``seconds`` (the time announced:
    measured on the reference machine, else the caller's estimate), ``elapsed`` (when done)."""

    def __init__(self, key: str, seconds: float) -> None:
        self.key = key
        self.seconds = float(seconds)
        self.elapsed: float | None = None

    @property
    def what(self) -> str:
        """What is compiled, in the current language: "6 nimmt!: Monte Carlo values"."""
        return describe(self.key)


def describe(key: str) -> str:
    """A compiled function (``module.function``) in words: its game (or "tournament") and what it computes."""
    module, _dot, name = key.rpartition(".")
    parts = module.split(".")
    owner = _("tournament")
    if len(parts) > 2 and parts[1] == "games":
        try:
            owner = registry.title(parts[2])
        except Exception:  # an unregistered folder: its name
            owner = parts[2]
    for word, text in _GROUPS:
        if word in name:
            return _("{owner}: {what}").format(owner=owner, what=_(text))
    return owner


def measured_times() -> dict[str, Any]:
    """The shipped measurements (:data:`COMPILE_TIMES`), or an empty dict."""
    import json

    try:
        return dict(json.loads(COMPILE_TIMES.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def load_factor() -> float:
    """How much longer than its CPU time a compile takes now: about (load average + 1) / CPUs,
    at least 1 (a busy shared machine gives each process a share of a core)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # not on this system: an idle machine
        return 1.0
    return max(1.0, (load + 1.0) / (os.cpu_count() or 1))


def announced_seconds(key: str, default: float, section: str = "functions") -> float:
    """The seconds a cold compile of ``key`` is announced to take now: its measured CPU seconds
    times :func:`load_factor`, else its measured wall seconds, else ``default``
    (``section``: ``"functions"`` or ``"parts"`` of :data:`COMPILE_TIMES`)."""
    data = measured_times()
    cpu = data.get(section + "_cpu", {}).get(key)
    if cpu:
        return float(cpu) * load_factor()
    found = data.get(section, {}).get(key)
    return float(found) if found else float(default)


def measured_here(cpu: bool = False) -> dict[str, float]:
    """Wall seconds (``cpu``: CPU seconds of the compiling thread) of every cold compile in this
    process so far, by ``module.function``."""
    with _lock:
        return dict(_measured_cpu if cpu else _measured)


def on_compile(listener: CompileListener) -> Callable[[], None]:
    """Call ``listener("start" | "done", info)`` around every cold compile; returns the unregister
    function. While a listener is registered, the default messages (stderr, or a bar under a
    notebook cell) are not shown: the listener shows its own (the classroom app's bar)."""
    with _lock:
        _listeners.append(listener)

    def unregister() -> None:
        with _lock:
            if listener in _listeners:
                _listeners.remove(listener)

    return unregister


def _say(text: str) -> None:
    if os.environ.get("MOWKIT_QUIET"):
        return
    print(text, file=sys.stderr, flush=True)


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None or "ipykernel" not in sys.modules:
        return False
    try:
        from IPython import get_ipython

        return get_ipython() is not None and hasattr(get_ipython(), "kernel")
    except Exception:
        return False


class _NotebookBar:
    """A bar under the running cell that grows with the seconds of a compile (a thread ticks it)."""

    def __init__(self, info: CompileInfo) -> None:
        from IPython.display import HTML, display

        self._html = HTML
        self.info = info
        self.started = time.perf_counter()
        self.handle = display(self._html(self._text()), display_id=True)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._tick, daemon=True)
        self._thread.start()

    def _text(self, done: float | None = None) -> str:
        import html as html_lib

        info = self.info
        if done is None:
            elapsed = time.perf_counter() - self.started
            words = _("Compiling {what} (first use only): {elapsed} s of about {seconds} s").format(
                what=info.what, elapsed=f"{elapsed:.0f}", seconds=f"{info.seconds:.0f}")
            value, top = min(elapsed, info.seconds), max(info.seconds, elapsed, 1.0)
        else:
            words = _("{what}: compiled in {seconds} s").format(what=info.what, seconds=f"{done:.0f}")
            value = top = 1.0
        return (f'<div class="mowkit-compiling" style="font-family:sans-serif;font-size:90%">'
                f'<progress value="{value:.1f}" max="{top:.1f}" style="width:16em"></progress> '
                f"{html_lib.escape(words)}</div>")

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            if self.handle is not None:
                self.handle.update(self._html(self._text()))

    def done(self, elapsed: float) -> None:
        self._stop.set()
        if self.handle is not None:
            self.handle.update(self._html(self._text(done=elapsed)))


def _begin(info: CompileInfo) -> Any:
    with _lock:
        listeners = list(_listeners)
    for listener in listeners:
        listener("start", info)
    if listeners or os.environ.get("MOWKIT_QUIET"):
        return None
    if _in_notebook():
        try:
            return _NotebookBar(info)
        except Exception:  # no display: the plain line
            pass
    _say(_("Preparing the fast simulator: compiling {what} (first use only, about {seconds} s)…").format(
        what=info.what, seconds=f"{info.seconds:.0f}"))
    return None


def _end(info: CompileInfo, shown: Any) -> None:
    elapsed = info.elapsed or 0.0
    with _lock:
        _measured[info.key] = elapsed
        listeners = list(_listeners)
    for listener in listeners:
        listener("done", info)
    if shown is not None:
        shown.done(elapsed)
    elif not listeners:
        _say(_("{what}: compiled in {seconds} s.").format(what=info.what, seconds=f"{elapsed:.0f}"))


def call(disp: Any, *args: Any, seconds: float = 5.0) -> Any:
    """``disp(*args)``, announcing a compile on a cold first use.

    On the first call of a compiled function in a process, when no earlier process has compiled it
    for the current source (a marker file per function next to numba's cache), it says what is
    compiled and for about how long (the time measured with an empty cache, :data:`COMPILE_TIMES`;
    ``seconds`` when it was not measured): a bar under the running cell in a notebook, a line on
    stderr elsewhere, or whatever the listeners of :func:`on_compile` show; "compiled in N s"
    afterwards. ``MOWKIT_QUIET=1`` silences the default messages.
    """
    if disp.signatures:
        return disp(*args)
    marker = _marker(disp)
    if marker.exists():
        return disp(*args)
    key = f"{disp.py_func.__module__}.{disp.py_func.__name__}"
    info = CompileInfo(key, announced_seconds(key, seconds))
    shown = _begin(info)
    t, cpu = time.perf_counter(), time.thread_time()
    try:
        out = disp(*args)
    finally:
        info.elapsed = time.perf_counter() - t
        with _lock:
            _measured_cpu[key] = time.thread_time() - cpu
        _end(info, shown)
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:  # a read-only cache only costs the message next time
        pass
    return out


_use_cache_dir()
