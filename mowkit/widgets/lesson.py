"""The lesson tab: one step of a teacher's lesson at a time, large enough for a projector.

Each step shows the position (:func:`lesson_drawing`: the game renderer's board, each row or herd
one line of cards, with only the hand of the seat asked), the teacher's question beside it, a
**show answer** button (on the title's line, with **back** / **next**) revealing the
answer the kit computes (:func:`mowkit.lessons.compute`: the coach's exact odds and, when the step
asks for them, Monte Carlo values, in plain words) and the teacher's explanation under the
question. At 1024×768 the position, the question, the buttons and the answer fit on the screen
(measured by ``tests/test_browser_projector.py``). A lesson is opened from the list of the
lessons in ``data/lessons/`` or from a file path.

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from mowkit import i18n, registry
from mowkit.core import OptionError, RecordError
from mowkit.i18n import _
from mowkit.lessons import (
    FORMAT,
    Lesson,
    LessonError,
    Step,
    StepAnswer,
    check_step,
    compute,
    free_path,
    lesson_files,
    lessons_dir,
    load,
    save,
)
from mowkit.render import card_svg
from mowkit.render.cards import card_run
from mowkit.widgets.common import with_switch
from mowkit.widgets.play import seat_name

LessonSource = Lesson | str | os.PathLike[str] | None


def _peek(path: Path) -> dict[str, Any]:
    """The game, language and title of a lesson file, read lightly (no engine), or {}."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(1 << 20).decode("utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _compact_line(label: str, cards: Sequence[str]) -> str:
    """A labelled line of drawn cards for the lesson's drawing: the label in a narrow column on the
    left (its words wrap), the cards beside it, so that a row takes the height of one card."""
    body = card_run(cards) if cards else html.escape(_("empty"))
    return (f'<div style="display:flex;align-items:center;gap:6px;margin:0 0 4px 0;padding:2px 6px;'
            f'border-radius:8px;background:#f1f5ee">'
            f'<div style="flex:0 0 5.2em;font-family:sans-serif;font-size:0.9em;line-height:1.25;color:#333">'
            f'{html.escape(label)}</div><div style="flex:1 1 auto">{body}</div></div>')


HAND_LINE = 7
"""Cards of a hand drawn at full size on one line beside the question and the answer at 1024×768; a
longer hand (a 6 nimmt! hand at the first turn holds 10) is drawn smaller so that it stays on one
line and the step fits the projector's height."""


def lesson_drawing(state: Any, seat: int, scale: float = 1.0) -> str:
    """The position of a lesson's step, compact for a projector (1024×768, beside the question and
    the answer): the game renderer's ``board`` (its status, each row or herd as one line of cards,
    what was revealed), then the hand of ``seat`` and the seats' table without hands. A game whose
    renderer lays out no board is drawn whole (:meth:`~mowkit.spec.GameSpec.render`)."""
    spec = registry.spec_of(state)
    make = getattr(spec.renderer_module(), "board", None)
    if not callable(make):
        return spec.render(state, seat, scale)
    board = make(state, seat, scale)
    parts = [board.status] if board.status else []
    parts += [_compact_line(line.label, [c for c, _key in line.cells]) for line in board.lines]
    if board.after:
        parts.append(f'<div style="margin:0 0 4px 0">{board.after}</div>')
    hands = getattr(state, "hands", None)
    if hands is not None and 0 <= seat < len(hands):
        game = state.game
        words = _("hand of {seat}").format(seat=seat_name(game, seat))
        hand = list(hands[seat])
        small = scale * min(1.0, HAND_LINE / max(1, len(hand)))  # a long hand stays on one line
        parts.append(_compact_line(words, [card_svg(game, c, scale=small) for c in hand]))
    parts.append(f'<div style="margin-top:6px;font-size:0.85em">{board.seats}</div>')
    return (f'<div class="mowkit-lesson-drawing" style="font-family:sans-serif;line-height:1.3">'
            f'{"".join(parts)}</div>')


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
        folders: the folders listed: their lesson files (``"format": "mowkit-lesson/1"``), each
            folder's in name order (default: ``data/lessons/``, then the current folder, where the
            position editor saves a lesson by default).
        scale: the size of the drawings.
        seed: the seed of the Monte Carlo answers.
        language_switch: show the English/Русский switch (an app with its own switch: False).
    """

    def __init__(self, lesson_or_path: LessonSource = None, game: str | None = None, *,
                 folders: Sequence[str | os.PathLike[str]] | None = None, scale: float = 1.0, seed: int = 0,
                 language_switch: bool = True) -> None:
        if game is not None:
            registry.get(game)  # an unknown game is named, with the games there are
        self.game_filter = game
        self.folders = [Path(f) for f in folders] if folders is not None else [lessons_dir(), Path.cwd()]
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
        self.answer_html.add_class("mowkit-lesson-answer")
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
        # a projector screen (1024×768): the position on the left, its rows one under the other; on
        # the right the question, the buttons, then the answer and the explanation
        self.drawing.layout = widgets.Layout(flex="0 1 auto", margin="0 12px 0 0")
        self.question_html.add_class("mowkit-lesson-question")
        self.answer_box = widgets.VBox([self.question_html, self.answer_html, self.explanation_html],
                                       layout=widgets.Layout(flex="1 1 340px", min_width="320px"))
        steps = widgets.HBox([self.counter, self.back_button, self.answer_button, self.next_button],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__(with_switch([
            widgets.HBox([self.file_label, self.file_box, self.path_box, self.open_button], layout=row),
            self.notice,
            # the lesson's title, then the step and its buttons on the same line
            widgets.HBox([self.title_html, steps], layout=widgets.Layout(
                flex_flow="row wrap", align_items="center", justify_content="space-between")),
            # row-reverse: the question and the answer beside the position when the screen is wide
            # enough, else above it
            widgets.HBox([self.answer_box, self.drawing], layout=widgets.Layout(
                flex_flow="row-reverse wrap", align_items="flex-start", justify_content="flex-end")),
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
        seen: set[Path] = set()
        for path in (p for folder in self.folders for p in lesson_files(folder)):
            head = _peek(path)
            if path.resolve() in seen or head.get("format") != FORMAT:
                continue
            seen.add(path.resolve())
            if self.game_filter is None or head.get("game") == self.game_filter:
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
        return (f'<div style="font-family:sans-serif;font-size:{size};font-weight:{weight};line-height:1.3;'
                f'margin:6px 0">{body}</div>')

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
        self.title_html.value = (f'<div style="font-family:sans-serif;font-size:1.35em;font-weight:bold;'
                                 f'margin:2px 0">{html.escape(title)}</div>')
        self.counter.value = self._big(_("step {n} of {total}").format(n=self.index + 1, total=len(lesson.steps)),
                                       "1.2em")
        seat = step.player if step.player is not None else int(self.state.pending_players()[0])
        self.drawing.value = lesson_drawing(self.state, seat, self.scale)
        self.question_html.value = self._big(step.question, "1.4em", bold=True)
        if self.revealed and self.answer is not None:
            self.answer_html.value = self.answer.html("1em")
            self.explanation_html.value = self._big(step.explanation, "1.15em") if step.explanation else ""
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



# --------------------------------------------------------------------------- building a lesson


class LessonBuilder(widgets.VBox):
    """The position editor's lesson panel: add the position checked with a question and an
    explanation, reorder or remove the steps, save the lesson (never over a file without asking).

    Args:
        editor: the :class:`~mowkit.widgets.editor.PositionEditor` whose positions are added (its
            ``check()``, ``game``, ``parts`` and ``_arguments`` are read; nothing else).
        folder: the folder of the default lesson file name (a free ``lesson_<game>_<n>.json``).

    Public attributes: ``steps`` (the :class:`~mowkit.lessons.Step` list), ``add(question,
    explanation, rollouts)``, ``move(i, j)``, ``remove(i)``, ``lesson()``, ``save(path, replace)``,
    ``confirm_replace()``, ``message``; the controls ``title_box``, ``language_box``,
    ``question_box``, ``explanation_box``, ``seat_box``, ``rollouts_box``, ``add_button``, ``steps_box``,
    ``up_button``, ``down_button``, ``remove_button``, ``path_box``, ``save_button``,
    ``replace_button``, ``cancel_button``.
    """

    def __init__(self, editor: Any, folder: str | os.PathLike[str] = ".") -> None:
        self.editor = editor
        self.steps: list[Step] = []
        self.message = ""
        self._pending: Path | None = None
        wide = {"description_width": "initial"}
        self.heading = widgets.HTML()
        self.title_box = widgets.Text(style=wide, layout=widgets.Layout(width="460px"))
        self.language_box = widgets.Dropdown(options=[("English", "en"), ("Русский", "ru")], value=i18n.get_language(),
                                             style=wide, layout=widgets.Layout(width="340px"))
        self.question_box = widgets.Textarea(layout=widgets.Layout(width="95%", height="60px"))
        self.explanation_box = widgets.Textarea(layout=widgets.Layout(width="95%", height="80px"))
        self.seat_box = widgets.Dropdown(options=self._seat_options(), value=None, style=wide,
                                         layout=widgets.Layout(width="420px"))
        self.rollouts_box = widgets.BoundedIntText(value=0, min=0, max=100_000, style=wide,
                                                   layout=widgets.Layout(width="580px"))
        self.add_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.steps_box = widgets.Select(options=[], rows=5, layout=widgets.Layout(width="95%"))
        self.up_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.down_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.remove_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.path_box = widgets.Text(value=str(free_path(folder, editor.game.name)), style=wide,
                                     layout=widgets.Layout(width="460px"))
        self.save_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.replace_button = widgets.Button(button_style="danger", layout=widgets.Layout(width="auto", display="none"))
        self.cancel_button = widgets.Button(layout=widgets.Layout(width="auto", display="none"))
        self.notice = widgets.HTML()
        self.add_button.on_click(lambda _b: self._add_clicked())
        self.up_button.on_click(lambda _b: self._move_selected(-1))
        self.down_button.on_click(lambda _b: self._move_selected(1))
        self.remove_button.on_click(lambda _b: self._remove_selected())
        self.save_button.on_click(lambda _b: self._save_clicked())
        self.replace_button.on_click(lambda _b: self.confirm_replace())
        self.cancel_button.on_click(lambda _b: self._cancel())
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.question_label, self.explanation_label = widgets.Label(), widgets.Label()
        super().__init__([
            self.heading,
            widgets.HBox([self.title_box, self.language_box], layout=row),
            self.question_label, self.question_box, self.explanation_label, self.explanation_box,
            widgets.HBox([self.seat_box, self.rollouts_box, self.add_button], layout=row),
            self.steps_box,
            widgets.HBox([self.up_button, self.down_button, self.remove_button], layout=row),
            widgets.HBox([self.path_box, self.save_button, self.replace_button, self.cancel_button], layout=row),
            self.notice,
        ], layout=widgets.Layout(border="1px solid #ccc", padding="4px", margin="6px 0"))
        self.add_class("mowkit-lesson-builder")
        self.relabel()

    # ------------------------------------------------------------------ public
    def add(self, question: str | None = None, explanation: str | None = None,
            rollouts: int | None = None, player: int | None = -1) -> Step | None:
        """Add the editor's position (checked by the engine) as a step; None with ``message`` if not.
        Defaults: the panel's boxes (``player`` -1: the seat box; None: the first seat to decide)."""
        question = (self.question_box.value if question is None else question).strip()
        explanation = (self.explanation_box.value if explanation is None else explanation).strip()
        rollouts = int(self.rollouts_box.value if rollouts is None else rollouts)
        if not question:
            self._refuse(_("Write the question first."))
            return None
        if self.editor.check() is None:
            self._refuse(_("This position cannot be added: {why}").format(why=self.editor.message))
            return None
        seat = self.seat_box.value if player == -1 else player
        step = Step(position=self.editor._arguments, question=question, explanation=explanation,
                    player=None if seat is None else int(seat), rollouts=rollouts)
        try:
            check_step(self.editor.game, step)
        except LessonError as e:
            self._refuse(_("This position cannot be added: {why}").format(why=e.message))
            return None
        self.steps.append(step)
        self.question_box.value = ""
        self.explanation_box.value = ""
        self._list(len(self.steps) - 1)
        self._say(_("Added as step {n}.").format(n=len(self.steps)))
        return step

    def move(self, index: int, to: int) -> None:
        """Move step ``index`` to place ``to`` (0-based)."""
        self.steps[:] = self.lesson().moved(index, to).steps
        self._list(to)

    def remove(self, index: int) -> None:
        """Remove step ``index`` (0-based)."""
        self.steps[:] = self.lesson().without(index).steps
        self._list(min(index, len(self.steps) - 1))

    def lesson(self) -> Lesson:
        """The lesson built so far."""
        return Lesson(game=self.editor.game.name, language=str(self.language_box.value),
                      title=self.title_box.value.strip(), steps=tuple(self.steps),
                      options=dict(self.editor.game.options))

    def save(self, path: str | os.PathLike[str] | None = None, replace: bool = False) -> Path | None:
        """Save the lesson; an existing file is replaced only with ``replace=True`` (else the panel
        asks: ``replace_button`` / ``cancel_button``, and None is returned)."""
        if not self.steps:
            self._refuse(_("Add a step first."))
            return None
        target = Path(os.path.expanduser(str(path if path is not None else self.path_box.value).strip()))
        try:
            written = save(self.lesson(), target, replace=replace)
        except FileExistsError:
            self._pending = target
            self._asking(True)
            self._say(_("{path} exists already. Replace it?").format(path=str(target)), error=True)
            return None
        except (LessonError, OSError) as e:
            text = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            self._refuse(_("Could not save: {why}").format(why=text))
            return None
        self._asking(False)
        self._say(_("Lesson saved to {path}.").format(path=str(written)))
        return written

    def confirm_replace(self) -> Path | None:
        """Replace the file the panel asked about."""
        target, self._pending = self._pending, None
        return None if target is None else self.save(target, replace=True)

    # ------------------------------------------------------------------ inside
    def _seat_options(self) -> list[tuple[str, int | None]]:
        form = self.editor.form
        seats = [(form.word("seat", p), p) for p in range(self.editor.game.num_players)]
        return [(_("the first to decide"), None), *seats]

    def _cancel(self) -> None:
        self._pending = None
        self._asking(False)
        self._say(_("Not saved: choose another file name."))

    def _asking(self, on: bool) -> None:
        for b in (self.replace_button, self.cancel_button):
            b.layout.display = None if on else "none"

    def _add_clicked(self) -> None:
        self.add()

    def _selected(self) -> int | None:
        value = self.steps_box.value
        return None if value is None else int(value)

    def _move_selected(self, by: int) -> None:
        i = self._selected()
        if i is not None and 0 <= i + by < len(self.steps):
            self.move(i, i + by)

    def _remove_selected(self) -> None:
        i = self._selected()
        if i is not None:
            self.remove(i)

    def _list(self, selected: int | None = None) -> None:
        self.steps_box.options = [(f"{i + 1}. {s.question[:80]}", i) for i, s in enumerate(self.steps)]
        self.steps_box.value = selected if selected is not None and 0 <= selected < len(self.steps) else None

    def _refuse(self, text: str) -> None:
        self._say(text, error=True)

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        colour = "#a00" if error else "#064"
        self.notice.value = f'<div style="color:{colour};font-family:sans-serif">{html.escape(text)}</div>'

    def relabel(self) -> None:
        """Every label in the current language."""
        self.heading.value = "<b>{}</b>".format(html.escape(_("Lesson: positions with a question for the class")))
        self.title_box.description = _("lesson title")
        self.language_box.description = _("language of your text")
        self.question_label.value = _("question (your words)")
        self.explanation_label.value = _("explanation, shown with the answer (your words)")
        self.rollouts_box.description = _("Monte Carlo deals in the answer (0: exact odds only)")
        value = self.seat_box.value
        self.seat_box.options = self._seat_options()
        self.seat_box.value = value
        self.seat_box.description = _("the question is for")
        self.add_button.description = _("add to lesson")
        self.add_button.tooltip = _("add the position checked, with the question and the explanation")
        self.up_button.description = _("move up")
        self.down_button.description = _("move down")
        self.remove_button.description = _("remove step")
        self.path_box.description = _("lesson file")
        self.save_button.description = _("save lesson")
        self.replace_button.description = _("replace it")
        self.cancel_button.description = _("cancel")


__all__ = ["LessonBuilder", "LessonTab"]
