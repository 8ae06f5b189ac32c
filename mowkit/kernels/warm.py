"""Compile the kernels ahead of use, saying what is compiled and for how long.

``python -m mowkit.kernels.warm`` compiles every kernel entry point now (or loads it from the
cache: running it again only checks), so that no later tournament or Monte Carlo decision waits.
The cache lives in :func:`mowkit.kernels.cache_dir`. It prints each part (a game's simulator, the
tournament chunks) before compiling it, with the time it took on the reference machine with an
empty cache (:data:`mowkit.kernels.COMPILE_TIMES`), scaled by how fast the parts done so far went
on this machine, and the time it took. ``--record`` writes the times measured by this run into
:data:`~mowkit.kernels.COMPILE_TIMES` (run it with an empty cache: ``benchmarks/bench_cold_start.py
--readme --record`` does).

Inside the kernels, :func:`call` (:func:`mowkit.kernels.call`, re-exported here) runs a compiled
function and announces a cold first use (a bar under the running cell in a notebook, a line on
stderr elsewhere). Set ``MOWKIT_QUIET=1`` to silence these.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mowkit import registry
from mowkit.i18n import _
from mowkit.kernels import (
    COMPILE_TIMES,
    announced_seconds,
    cache_dir,
    call,
    is_ready,
    load_factor,
    measured_here,
    measured_times,
    sources_key,
)

__all__ = ["Part", "call", "is_ready", "main", "parts", "warm_all"]


@dataclass(frozen=True)
class Part:
    """A part of the warm-up: ``key`` (a game's name, or ``"tournament"``), ``warm(full)``."""

    key: str
    warm: Callable[[bool], object]

    @property
    def title(self) -> str:
        """The part in words, in the current language."""
        if self.key == "tournament":
            return _("tournament chunks")
        return _("the {game} simulator").format(game=registry.title(self.key))

    def marker(self, full: bool = False) -> Path:
        """The file that says this part was warmed for the current kernel sources (``full``: every entry point)."""
        return cache_dir() / "mowkit-ready" / f"part-{self.key}{'-full' if full else ''}-{sources_key()}"

    def done(self, full: bool = False) -> bool:
        """Whether this part was warmed (compiled into the cache) for the current kernel sources."""
        return self.marker(full).exists() or self.marker(True).exists()

    def _mark(self, full: bool) -> None:
        for which in {full, False}:
            try:
                self.marker(which).parent.mkdir(parents=True, exist_ok=True)
                self.marker(which).touch()
            except OSError:  # a read-only cache: the part is warmed again next time
                pass

    def announced(self) -> float | None:
        """Seconds this part should take now with an empty cache: its CPU seconds measured on the
        reference machine times the machine's load (:func:`mowkit.kernels.announced_seconds`), or None."""
        found = announced_seconds(self.key, 0.0, "parts")
        return found or None


def parts(games: list[str] | None = None, tournament: bool = True) -> list[Part]:
    """The parts to warm: each game with a kernel (``games``: only these, in this order), then the
    tournament chunk players (:mod:`mowkit.kernels.batch`)."""
    from mowkit.kernels import batch

    specs = [s for s in registry.specs() if s.kernel is not None]
    if games is not None:
        by_name = {s.name: s for s in specs}
        specs = [by_name[g] for g in games if g in by_name]
    found = [Part(s.name, s.warm_up) for s in specs]
    return found + ([Part("tournament", batch.warm_up)] if tournament else [])


cpu_times: dict[str, float] = {}
"""CPU seconds of each part of the last :func:`warm_all` (of the thread that ran it)."""

Progress = Callable[[Part, float | None, float | None], object]
"""Told ``(part, about, None)`` before a part (``about``: seconds announced, or None) and
``(part, about, took)`` after it."""


def warm_all(verbose: bool = True, *, full: bool = True, chosen: list[Part] | None = None,
             progress: Progress | None = None) -> dict[str, float]:
    """Compile (or load from the cache) every part (:func:`parts`; ``chosen``: these), ``full``
    entry points or the default ones; wall seconds per part key.

    Each part is announced with its measured time (:meth:`Part.announced`), scaled by how the
    parts done so far compared with their measured times (a busy machine takes longer)."""
    times: dict[str, float] = {}
    cpu_times.clear()
    scale, spent, expected = 1.0, 0.0, 0.0
    for part in chosen if chosen is not None else parts():
        base = part.announced()
        about = None if base is None else base * scale
        if progress is not None:
            progress(part, about, None)
        if verbose:
            when = "" if about is None else " " + _("(about {seconds} s)").format(seconds=f"{about:.0f}")
            print(_("Compiling {part}{about}…").format(part=part.title, about=when), flush=True)
        t, cpu = time.perf_counter(), time.thread_time()
        part.warm(full)
        times[part.key] = time.perf_counter() - t
        cpu_times[part.key] = time.thread_time() - cpu
        part._mark(full)
        if base is not None:
            spent, expected = spent + times[part.key], expected + base
            if expected > 0 and spent > 0.5 * expected:  # loaded from the cache: no compile to scale by
                scale = max(1.0, spent / expected)
        if progress is not None:
            progress(part, about, times[part.key])
        if verbose:
            print("  " + _("{part}: ready in {seconds} s").format(part=part.title,
                                                                  seconds=f"{times[part.key]:.1f}"), flush=True)
    return times


def record(times: dict[str, float]) -> None:
    """Write the times of this run (parts and every compiled function) into ``COMPILE_TIMES``
    (a temporary file, then a rename)."""
    data = {"measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": f"{platform.platform()}, {os.cpu_count()} CPUs, load average "
                       + ", ".join(f"{x:.1f}" for x in os.getloadavg()),
            "how": "python -m mowkit.kernels.warm --record, with an empty cache (wall seconds; "
                   "*_cpu: CPU seconds of the compiling thread, what is announced, times the load)",
            "total": round(sum(times.values()), 1),
            "total_cpu": round(sum(cpu_times.values()), 1),
            "parts": {k: round(v, 1) for k, v in times.items()},
            "parts_cpu": {k: round(v, 1) for k, v in cpu_times.items()},
            "functions": {k: round(v, 1) for k, v in sorted(measured_here().items())},
            "functions_cpu": {k: round(v, 1) for k, v in sorted(measured_here(cpu=True).items())}}
    tmp = COMPILE_TIMES.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(COMPILE_TIMES)


def main(argv: list[str] | None = None) -> None:
    """``python -m mowkit.kernels.warm [--record]``: compile everything now; idempotent."""
    ap = argparse.ArgumentParser(prog="python -m mowkit.kernels.warm",
                                 description="Compile every mowkit kernel now (or load it from the cache).")
    ap.add_argument("--record", action="store_true",
                    help=f"write the measured times into {COMPILE_TIMES.name} (run it with an empty cache)")
    a = ap.parse_args(argv)
    os.environ.setdefault("MOWKIT_QUIET", "1")  # this command prints its own lines
    data = measured_times()
    total = (float(data["total_cpu"]) * load_factor()) if data.get("total_cpu") else data.get("total")
    if all(part.done(True) for part in parts()):
        print(_("The mowkit kernels in {folder} are compiled already: loading them to check…").format(
            folder=cache_dir()), flush=True)
    elif total:
        print(_("Compiling the mowkit kernels into {folder}, once per install: about {seconds} s at "
                "this machine's present load…").format(folder=cache_dir(), seconds=f"{float(total):.0f}"),
              flush=True)
    else:
        print(_("Compiling the mowkit kernels into {folder}, once per install…").format(folder=cache_dir()),
              flush=True)
    times = warm_all()
    print(_("All kernels ready in {seconds} s.").format(seconds=f"{sum(times.values()):.0f}"), flush=True)
    if a.record:
        record(times)


if __name__ == "__main__":
    main()
