"""The classroom app's warm-up bar: what is being compiled, for about how long, in the background.

    bar = WarmUp(["sixnimmt", "mow"])   # the game of the first tab first, then the others
    bar.start()                         # a thread; returns at once; bar.join() waits for it

The compiled kernels (numba) the app's tabs use (the coach's Monte Carlo values, the explorer's
tournaments) are compiled once per install into a cache (``python -m mowkit.kernels.warm``, the
README's first command). When a part was not (:meth:`mowkit.kernels.warm.Part.done`), the bar
compiles it in a background thread while the first tab is already usable: the game shown first,
then the other games, then the tournament chunks, each named with the time it took on the
reference machine with an empty cache (:data:`mowkit.kernels.COMPILE_TIMES`), the function being
compiled named as it goes (:func:`mowkit.kernels.on_compile`). When every part is in the cache,
nothing is loaded and the bar stays hidden (so a page costs no memory for kernels it never uses).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import ipywidgets as widgets

from mowkit.i18n import _, on_language_change


class WarmUp(widgets.HBox):
    """A bar and a line: what is compiled now, seconds so far and about how many in all.

    Args:
        games: the games whose kernels to warm, in this order (a game without a kernel is left out).
        tournament: warm the tournament chunk players too (the explorer's).
        parts: the parts to warm (default :func:`mowkit.kernels.warm.parts` of ``games``); tests
            pass their own.
    """

    def __init__(self, games: Sequence[str] = (), *, tournament: bool = True,
                 parts: Sequence[object] | None = None) -> None:
        self.bar = widgets.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info",
                                         layout=widgets.Layout(width="180px"))
        self.line = widgets.HTML()
        self.line.add_class("mowkit-warmup-line")
        super().__init__([self.bar, self.line], layout=widgets.Layout(align_items="center", display="none"))
        self.add_class("mowkit-warmup")
        self._games = list(games)
        self._tournament = tournament
        self._parts = None if parts is None else list(parts)
        self._thread: threading.Thread | None = None
        self._part: object | None = None  # the part warmed now (None: none)
        self._function: object | None = None  # the function compiled now (a CompileInfo), if told
        self._about: float | None = None
        self._started = 0.0
        self._done_seconds = 0.0  # announced seconds of the parts done
        self._total = 0.0
        self.times: dict[str, float] = {}
        self.error: BaseException | None = None
        self._stop = threading.Event()
        self._unregister = on_language_change(lambda _lang: self._draw(), weak=False)

    # ------------------------------------------------------------------ public
    @property
    def running(self) -> bool:
        """Whether the background thread is compiling."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> bool:
        """Start warming what is not in the cache yet, in a thread; False when there is nothing to do."""
        if self._thread is not None:
            return self.running
        todo = self._todo()
        if not todo:
            return False
        self._thread = threading.Thread(target=self._run, args=(todo,), name="mowkit-warm-up", daemon=True)
        self.layout.display = "flex"
        self._thread.start()
        return True

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread (tests, scripts)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def close(self) -> None:
        """Stop following the language; the thread finishes its part and stops drawing."""
        self._stop.set()
        self._unregister()
        super().close()

    # ------------------------------------------------------------------ inside
    def _todo(self) -> list:
        if self._parts is not None:
            return [p for p in self._parts if not getattr(p, "done", lambda: False)()]
        from mowkit.kernels.warm import parts

        return [p for p in parts(self._games, self._tournament) if not p.done()]

    def _run(self, todo: list) -> None:
        from mowkit.kernels import on_compile
        from mowkit.kernels.warm import warm_all

        self._total = sum(p.announced() or 0.0 for p in todo) or float(len(todo))
        self.bar.max = self._total
        unregister = on_compile(self._compiling)
        ticker = threading.Thread(target=self._tick, daemon=True)
        ticker.start()
        try:
            self.times = warm_all(False, full=False, chosen=todo, progress=self._progress)
        except BaseException as error:  # shown on the bar; the tabs still work (they compile on use)
            self.error = error
        finally:
            unregister()
            self._part = self._function = None
            self._stop.set()
            self._draw()

    def _progress(self, part: object, about: float | None, took: float | None) -> None:
        if took is None:
            self._part, self._function = part, None
            self._about, self._started = about, time.perf_counter()
        else:
            self._done_seconds += (part.announced() or 1.0) if hasattr(part, "announced") else 1.0
        self._draw()

    def _compiling(self, event: str, info: object) -> None:
        if event == "start":
            self._function = info
        self._draw()

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            self._draw()

    def _draw(self) -> None:
        if self._part is None:
            if self.error is not None:
                self.bar.bar_style = "danger"
                self.line.value = _escape(_("The warm-up stopped: {error}").format(error=self.error))
            elif self._thread is not None:
                self.bar.value = self.bar.max
                self.bar.bar_style = "success"
                self.line.value = _("Ready: the simulators were compiled in {seconds} s (once per install).").format(
                    seconds=f"{sum(self.times.values()):.0f}")
            return
        elapsed = time.perf_counter() - self._started
        what = str(getattr(self._part, "title", self._part))
        if self._function is not None:
            what = _("{part} ({function})").format(part=what, function=getattr(self._function, "what", ""))
        self.bar.value = min(self._done_seconds + min(elapsed, self._about or elapsed), self.bar.max)
        if self._about:
            words = _("Compiling {what}: {elapsed} s of about {seconds} s (first use only; the tabs "
                      "work meanwhile)").format(what=what, elapsed=f"{elapsed:.0f}", seconds=f"{self._about:.0f}")
        else:
            words = _("Compiling {what}: {elapsed} s (first use only; the tabs work meanwhile)").format(
                what=what, elapsed=f"{elapsed:.0f}")
        self.line.value = f'<span style="font-size:90%">{_escape(words)}</span>'


def _escape(text: str) -> str:
    import html

    return html.escape(text)
