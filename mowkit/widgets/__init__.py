"""ipywidgets front ends of mowkit. Each module builds widgets that only call library functions.

* :class:`Stepper` (``stepper.py``): step through a recorded game, decision by decision.
* :class:`Play` (``play.py``): one seat against the kit's agents, legal moves only.
* :class:`OutcomeExplorer` (``explorer.py``): seeded tournaments with charts; games open in a stepper.
* :func:`classroom_app` (``app.py``): all of them in tabs (``notebooks/classroom.ipynb``), in the
  page's language (:func:`~mowkit.widgets.app.page_language`).
* :class:`WarmUp` (``warmup.py``): the app's bar that compiles the kernels its tabs use in the
  background, saying what and for about how long.
* ``card_math.py`` and ``mow_math.py``: the card-math explorers of notebooks 02 and 04.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {
    "Stepper": "mowkit.widgets.stepper",
    "stepper": "mowkit.widgets.stepper",
    "Play": "mowkit.widgets.play",
    "OutcomeExplorer": "mowkit.widgets.explorer",
    "outcome_explorer": "mowkit.widgets.explorer",
    "CoachPanel": "mowkit.widgets.coach",
    "PositionEditor": "mowkit.widgets.editor",
    "ClassroomApp": "mowkit.widgets.app",
    "classroom_app": "mowkit.widgets.app",
    "page_language": "mowkit.widgets.app",
    "WarmUp": "mowkit.widgets.warmup",
}


def __getattr__(name: str) -> Any:  # lazy: importing one explorer does not load the others
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'mowkit.widgets' has no attribute {name!r}")


__all__ = list(_LAZY)
