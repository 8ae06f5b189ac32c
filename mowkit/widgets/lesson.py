"""The lesson tab: one step of a teacher's lesson at a time, large enough for a projector.

Each step shows the position (the game's own drawing, :meth:`~mowkit.spec.GameSpec.render`, with
only the hand of the seat asked), the teacher's question, a **show answer** button revealing the
answer the kit computes (:func:`mowkit.lessons.compute`: the coach's exact odds and, when the step
asks for them, Monte Carlo values, in plain words) and the teacher's explanation, and **back** /
**next**. A lesson is opened from the list of the lessons in ``data/lessons/`` or from a file path.

    from mowkit.widgets.lesson import LessonTab
    LessonTab()                                        # the first shipped lesson in the reader's language
    LessonTab("data/lessons/mow_take_herd.ru.json")    # a file, or a mowkit.lessons.Lesson
    LessonTab(game="mow")                              # the list offers only Mow lessons

Public attributes for scripts and tests: ``lesson`` (the :class:`~mowkit.lessons.Lesson` open, or
None), ``index`` (the step shown, 0-based), ``state`` (its engine state), ``answer`` (the
:class:`~mowkit.lessons.StepAnswer` once revealed, else None), ``revealed``, ``message``;
``open_lesson(lesson_or_path)``, ``go(i)``, ``next()``, ``back()``, ``reveal()``, ``refresh_files()``;
the controls ``file_box``, ``path_box``, ``open_button``, ``back_button``, ``answer_button``,
``next_button`` and the parts shown ``title_html``, ``counter``, ``drawing``, ``question_html``,
``answer_html``, ``explanation_html``, ``notice``.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from mowkit import i18n, registry
from mowkit.core import OptionError, RecordError
from mowkit.i18n import _
from mowkit.lessons import Lesson, StepAnswer, compute, lesson_files, load
from mowkit.widgets.common import with_switch

LessonSource = Lesson | str | os.PathLike[str] | None


def _peek(path: Path) -> dict[str, Any]:
    """The game, language and title of a lesson file, read lightly (no engine), or {}."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(1 << 20).decode("utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _big_button(style: str = "") -> widgets.Button:
    b = widgets.Button(button_style=style, layout=widgets.Layout(width="auto", height="44px", padding="0 18px"))
    b.style.font_size = "18px"
    return b


class LessonTab(widgets.VBox):
    """One step of a lesson at a time: the position, the question, the answer on a click, steps on.

    Args:
        lesson_or_path: a :class:`~mowkit.lessons.Lesson`, a lesson file, or None (the first
            lesson of the list in the reader's language, if any).
        game: offer only the lessons of this game (a registered game's name); None: every game.
        folder: the folder listed (default ``data/lessons/``).
        scale: the size of the drawings (1.4: for a projector).
        seed: the seed of the Monte Carlo answers.
        language_switch: show the English/Русский switch (an app with its own switch: False).
    """

    def __init__(self, lesson_or_path: LessonSource = None, game: str | None = None, *,
                 folder: str | os.PathLike[str] | None = None, scale: float = 1.4, seed: int = 0,
                 language_switch: bool = True) -> None:
        if game is not None:
            registry.get(game)  # an unknown game is named, with the games there are
        self.game_filter = game
        self.folder = folder
        self.scale = float(scale)
        self.seed = int(seed)
        self.lesson: Lesson | None = None
        self.index = 0
        self.state: Any = None
        self.answer: StepAnswer | None = None
        self.revealed = False
        self.message = ""
        self._game: Any = None
        self._answers: dict[int, StepAnswer] = {}

        self.file_label = widgets.Label()
        self.file_box = widgets.Dropdown(layout=widgets.Layout(width="auto", min_width="320px"))
        self.path_box = widgets.Text(layout=widgets.Layout(width="auto", min_width="300px"))
        self.open_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.open_button.on_click(lambda _b: self._open_clicked())
        self.file_box.observe(lambda change: self._file_chosen(change["new"]), names="value")
        self.title_html = widgets.HTML()
        self.counter = widgets.HTML()
        self.drawing = widgets.HTML()
        self.drawing.add_class("mowkit-table")
        self.question_html = widgets.HTML()
        self.answer_html = widgets.HTML()
        self.explanation_html = widgets.HTML()
        self.notice = widgets.HTML()
        self.notice.add_class("mowkit-message")
        self.back_button = _big_button()
        self.answer_button = _big_button("success")
        self.next_button = _big_button("primary")
        self.back_button.on_click(lambda _b: self.back())
        self.answer_button.on_click(lambda _b: self.reveal())
        self.next_button.on_click(lambda _b: self.next())
        self._quiet = False
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(with_switch([
            widgets.HBox([self.file_label, self.file_box, self.path_box, self.open_button], layout=row),
            self.notice,
            widgets.HBox([self.title_html, self.counter], layout=widgets.Layout(
                flex_flow="row wrap", align_items="baseline", justify_content="space-between")),
            self.drawing, self.question_html,
            widgets.HBox([self.back_button, self.answer_button, self.next_button], layout=row),
            self.answer_html, self.explanation_html,
        ], language_switch))
        self.add_class("mowkit-lesson")
        self._relabel()
        self.refresh_files()
        if lesson_or_path is None:
            lesson_or_path = self._first_file()
        if lesson_or_path is not None:
            self.open_lesson(lesson_or_path)
        else:
            self._show()
        self._unregister = i18n.on_language_change(self._language_changed, weak=True)

    # ------------------------------------------------------------------ public
    def refresh_files(self) -> list[Path]:
        """List the lesson files again (of the game chosen, if any); returns them."""
        found = []
        for path in lesson_files(self.folder):
            head = _peek(path)
            if self.game_filter is not None and head.get("game") != self.game_filter:
                continue
            found.append((path, head))
        options: list[tuple[str, str]] = [("—", "")]
        for path, head in found:
            game = head.get("game")
            title = str(head.get("title") or path.stem)
            where = registry.title(game) if isinstance(game, str) and game in registry.names() else "?"
            options.append((f"{title} · {where} · {head.get('language', '?')}", str(path)))
        self._quiet = True
        try:
            value = self.file_box.value
            self.file_box.options = options
            self.file_box.value = value if value in [v for _l, v in options] else ""
        finally:
            self._quiet = False
        return [p for p, _h in found]

    def open_lesson(self, lesson_or_path: Lesson | str | os.PathLike[str]) -> Lesson | None:
        """Open a lesson (a value or a file) at its first step; None with ``message`` if refused."""
        try:
            lesson = lesson_or_path if isinstance(lesson_or_path, Lesson) else load(lesson_or_path)
            if self.game_filter is not None and lesson.game != self.game_filter:
                raise OptionError("game", lesson.game, self.game_filter)
            game = lesson.make_game()
        except (RecordError, OptionError) as e:  # a LessonError is a RecordError
            self._say(str(e), error=True)
            return None
        self.lesson, self._game, self._answers = lesson, game, {}
        if not isinstance(lesson_or_path, Lesson):
            self._quiet = True
            try:
                self.path_box.value = str(lesson_or_path)
                paths = [v for _l, v in self.file_box.options]
                self.file_box.value = str(lesson_or_path) if str(lesson_or_path) in paths else ""
            finally:
                self._quiet = False
        self._say("")
        self.go(0)
        return lesson

    def go(self, index: int) -> None:
        """Show step ``index`` (0-based), its answer hidden."""
        if self.lesson is None:
            raise OptionError("lesson", None, _("open a lesson first"))
        self.index = self.lesson._index(index)
        self.state = self.lesson.state(self.index, self._game)
        self.revealed = False
        self.answer = None
        self._show()

    def next(self) -> None:
        """The next step (nothing after the last)."""
        if self.lesson is not None and self.index + 1 < len(self.lesson.steps):
            self.go(self.index + 1)

    def back(self) -> None:
        """The step before (nothing before the first)."""
        if self.lesson is not None and self.index > 0:
            self.go(self.index - 1)

    def reveal(self) -> StepAnswer | None:
        """Compute (once per step) and show the answer and the teacher's explanation."""
        if self.lesson is None:
            return None
        if self.index not in self._answers:
            self.answer_html.value = self._big(_("Computing the answer…"), "1.1em")
            self._answers[self.index] = compute(self.lesson, self.index, seed=self.seed, game=self._game)
        self.answer = self._answers[self.index]
        self.revealed = True
        self._show()
        return self.answer

    # ------------------------------------------------------------------ drawing
    def _first_file(self) -> str | None:
        paths = [v for _l, v in self.file_box.options if v]
        mine = [p for p in paths if _peek(Path(p)).get("language") == i18n.get_language()]
        return (mine or paths or [None])[0]

    def _file_chosen(self, value: str) -> None:
        if not self._quiet and value:
            self.open_lesson(value)

    def _open_clicked(self) -> None:
        path = self.path_box.value.strip()
        if not path:
            self._say(_("Type the path of a lesson file, or pick a lesson from the list."), error=True)
            return
        self.open_lesson(os.path.expanduser(path))

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        colour = "#a00" if error else "#064"
        self.notice.value = (f'<div style="color:{colour};font-family:sans-serif;font-size:1.1em">'
                             f"{html.escape(text)}</div>") if text else ""

    @staticmethod
    def _big(text: str, size: str, bold: bool = False) -> str:
        weight = "bold" if bold else "normal"
        body = "<br>".join(html.escape(line) for line in text.splitlines())
        return f'<div style="font-family:sans-serif;font-size:{size};font-weight:{weight};margin:6px 0">{body}</div>'

    def _show(self) -> None:
        lesson = self.lesson
        has = lesson is not None
        for b in (self.back_button, self.answer_button, self.next_button):
            b.disabled = not has
        if lesson is None:
            for w in (self.title_html, self.counter, self.drawing, self.question_html, self.answer_html,
                      self.explanation_html):
                w.value = ""
            self.question_html.value = self._big(_("Open a lesson: pick one from the list or type the path of "
                                                   "a lesson file."), "1.2em")
            return
        step = lesson.steps[self.index]
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= len(lesson.steps)
        title = lesson.title or registry.title(lesson.game)
        self.title_html.value = f'<h2 style="font-family:sans-serif;margin:4px 0">{html.escape(title)}</h2>'
        self.counter.value = self._big(_("step {n} of {total}").format(n=self.index + 1, total=len(lesson.steps)),
                                       "1.2em")
        seat = step.player if step.player is not None else int(self.state.pending_players()[0])
        self.drawing.value = registry.spec_of(self._game).render(self.state, seat, self.scale)
        self.question_html.value = self._big(step.question, "1.6em", bold=True)
        if self.revealed and self.answer is not None:
            self.answer_html.value = self.answer.html("1.3em")
            self.explanation_html.value = self._big(step.explanation, "1.3em") if step.explanation else ""
        else:
            self.answer_html.value = ""
            self.explanation_html.value = ""

    def _relabel(self) -> None:
        self.file_label.value = _("lesson")
        self.path_box.placeholder = _("or the path of a lesson file")
        self.open_button.description = _("open")
        self.open_button.tooltip = _("open the lesson file whose path is typed")
        self.back_button.description = _("back")
        self.back_button.tooltip = _("the step before")
        self.answer_button.description = _("show answer")
        self.answer_button.tooltip = _("the answer the kit computes, and the teacher's explanation")
        self.next_button.description = _("next")
        self.next_button.tooltip = _("the next step")

    def _language_changed(self, lang: str) -> None:
        self._relabel()
        if self.lesson is not None or not self.message:
            self._show()

    def close(self) -> None:
        """Close the tab and stop following the language."""
        self._unregister()
        super().close()


__all__ = ["LessonTab"]
