"""A lesson as a value: an ordered list of steps, each a position, a question and an explanation.

The position of a step is what a game record stores under ``"position"``: the keyword arguments of
``game.position`` (the JSON of the game's typed position value, e.g. ``SixNimmtPosition.to_json()``),
so the position editor, the records and the lessons build a position the same way. The question and
the explanation are the teacher's own words (never translated); the answer is not stored: the kit
computes it when the step is shown (:mod:`mowkit.lessons.answer`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from mowkit.core import OptionError
from mowkit.registry import load_game

FORMAT = "mowkit-lesson/1"
"""The ``format`` field of a lesson file."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    Args:
        position: the keyword arguments of ``game.position`` (JSON: lists, ints, null).
        question: the question, in the teacher's words ("Which card is safer to play?").
        explanation: the teacher's explanation, shown with the answer.
        player: the seat the question is about (0-based); None: the first seat to decide.
        rollouts: Monte Carlo deals of the answer (0: the exact odds only; else at least 2).
    """

    position: Mapping[str, Any]
    question: str
    explanation: str = ""
    player: int | None = None
    rollouts: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", copy.deepcopy(dict(self.position)))

    def to_json(self) -> dict[str, Any]:
        """The step as a lesson file stores it."""
        return {"position": copy.deepcopy(dict(self.position)), "question": self.question,
                "explanation": self.explanation, "player": self.player, "rollouts": self.rollouts}


@dataclass(frozen=True)
class Lesson:
    """A lesson: its game (and options), the language of the teacher's words, a title, the steps.

    Building one returns new values (the lesson is frozen): :meth:`with_step`, :meth:`without`,
    :meth:`moved`, :meth:`retitled`.
    """

    game: str
    language: str
    title: str = ""
    steps: tuple[Step, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "options", copy.deepcopy(dict(self.options)))

    # ------------------------------------------------------------------ building
    def with_step(self, step: Step, at: int | None = None) -> Lesson:
        """The lesson with ``step`` added at the end (or before step ``at``, 0-based)."""
        steps = list(self.steps)
        steps.insert(len(steps) if at is None else self._index(at, len(steps) + 1), step)
        return replace(self, steps=tuple(steps))

    def without(self, index: int) -> Lesson:
        """The lesson without step ``index`` (0-based)."""
        steps = list(self.steps)
        del steps[self._index(index)]
        return replace(self, steps=tuple(steps))

    def moved(self, index: int, to: int) -> Lesson:
        """The lesson with step ``index`` moved to place ``to`` (both 0-based)."""
        steps = list(self.steps)
        step = steps.pop(self._index(index))
        steps.insert(self._index(to), step)
        return replace(self, steps=tuple(steps))

    def retitled(self, title: str) -> Lesson:
        """The lesson with another title."""
        return replace(self, title=title)

    def _index(self, i: int, size: int | None = None) -> int:
        size = len(self.steps) if size is None else size
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < size:
            raise OptionError("step", i, f"a step number 0..{size - 1} (0-based)" if size else "no step yet")
        return i

    # ------------------------------------------------------------------ using
    def make_game(self) -> Any:
        """The lesson's game with its options."""
        return load_game(self.game, **self.options)

    def state(self, index: int, game: Any = None) -> Any:
        """The engine's state of step ``index`` (built by ``game.position``; the engine checks it)."""
        game = self.make_game() if game is None else game
        return game.position(**{"reachable": False, **copy.deepcopy(dict(self.steps[self._index(index)].position))})

    def to_json(self) -> dict[str, Any]:
        """The lesson as its file stores it (see :mod:`mowkit.lessons`)."""
        return {"format": FORMAT, "game": self.game, "options": copy.deepcopy(dict(self.options)),
                "language": self.language, "title": self.title, "steps": [s.to_json() for s in self.steps]}


__all__ = ["FORMAT", "Lesson", "Step"]
