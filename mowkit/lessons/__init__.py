"""Lessons a teacher builds: positions from the position editor, each with a question and an
explanation in the teacher's words; the answer is computed by the kit when the step is shown.

A lesson file (``format`` ``"mowkit-lesson/1"``, UTF-8 JSON, one language per file)::

    {
      "format": "mowkit-lesson/1",
      "game": "sixnimmt",                  # a registered game
      "options": {"players": 4},           # the game's options (as a record's)
      "language": "ru",                    # the language of the teacher's words: en or ru
      "title": "Правило 4",
      "steps": [
        {"position": {...},                # the keyword arguments of game.position (as a record's)
         "question": "Какую карту безопаснее сыграть?",
         "explanation": "...",             # shown with the answer
         "player": null,                   # the seat asked (0-based); null: the first to decide
         "rollouts": 0}                    # Monte Carlo deals of the answer (0: exact odds only)
      ]
    }

    from mowkit.lessons import Lesson, Step, load, save, compute
    lesson = load("data/lessons/sixnimmt_rule4.en.json")
    state = lesson.state(0)                # the engine's state of the first step
    compute(lesson, 0).text()              # the answer in words (current language)

:func:`load` refuses anything but a regular file of at most :data:`MAX_LESSON_BYTES`, checks the
shape (:mod:`mowkit.lessons.schema`, pydantic), the game's options and every step's position
through the engine; a :class:`LessonError` names the file and the field (``steps[1].question``).
:func:`save` writes a temporary file and renames it, and never replaces an existing file unless
``replace=True``. The shipped lessons are in ``data/lessons/`` (:func:`lesson_files`).
"""

from __future__ import annotations

from mowkit.lessons.answer import MoveValue, StepAnswer, compute
from mowkit.lessons.files import MAX_LESSON_BYTES, free_path, lesson_files, lessons_dir, load, save
from mowkit.lessons.lesson import FORMAT, Lesson, Step
from mowkit.lessons.schema import LessonError, check, check_step

__all__ = ["FORMAT", "MAX_LESSON_BYTES", "Lesson", "LessonError", "MoveValue", "Step", "StepAnswer", "check",
           "check_step", "compute", "free_path", "lesson_files", "lessons_dir", "load", "save"]
