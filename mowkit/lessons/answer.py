"""The answer of a lesson step, computed when it is shown (never typed by the teacher).

For the seat the question is about, every legal move with the coach's numbers
(:mod:`mowkit.coach`, the game's ``coach`` part): the **exact odds** of this turn (the expected
penalty and the chance of taking cards, e.g. 6 nimmt!'s card risk from the game's odds) and, when
the step asks for Monte Carlo deals (``rollouts``), the penalty at the end of the round with its
95 % interval (the game's compiled kernel). The numbers are kept; the words are made when read, in
the current language (cards by their names, seats from 1).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mowkit.coach import BATCHES, coach, game_coach, move_words
from mowkit.core import Action
from mowkit.i18n import _, number
from mowkit.lessons.lesson import Lesson
from mowkit.lessons.schema import check_step
from mowkit.registry import spec_of


@dataclass(frozen=True)
class MoveValue:
    """One legal move: the exact odds of this turn and the Monte Carlo value (None where none)."""

    action: Action
    exact: Fraction | None
    p_take: Fraction | None
    mc: float | None = None
    mc_low: float | None = None
    mc_high: float | None = None


@dataclass(frozen=True)
class StepAnswer:
    """What the kit computes for one step: the seat asked and the values of its legal moves."""

    game: Any
    player: int
    moves: tuple[MoveValue, ...]
    exact_reason: str
    mc_note_text: str = ""
    rollouts: int = 0

    # ------------------------------------------------------------------ the numbers
    @property
    def has_mc(self) -> bool:
        """Whether the moves have Monte Carlo values."""
        return any(m.mc is not None for m in self.moves)

    @property
    def has_exact(self) -> bool:
        """Whether the moves have exact odds."""
        return any(m.exact is not None for m in self.moves)

    def best(self) -> list[Action]:
        """The moves with the lowest value: by Monte Carlo when there is one, else by the exact odds."""
        key = "mc" if self.has_mc else "exact" if self.has_exact else None
        if key is None:
            return []
        values = [getattr(m, key) for m in self.moves]
        low = min(v for v in values if v is not None)
        return [m.action for m, v in zip(self.moves, values) if v == low]

    # ------------------------------------------------------------------ the words
    def heading(self) -> str:
        """``Decision of player 2.``"""
        words = spec_of(self.game).words
        return _("Decision of {seat} {n}.").format(seat=words.say(words.seat), n=self.player + 1)

    def move_line(self, move: MoveValue) -> str:
        """One move and its numbers in words."""
        penalties = spec_of(self.game).words.say(spec_of(self.game).penalties)
        parts = []
        if move.exact is not None:
            parts.append(_("{penalties} this turn, on average: {value}").format(
                penalties=penalties, value=fraction_text(move.exact)))
        if move.p_take is not None:
            parts.append(_("chance of taking cards: {value}").format(value=chance_text(move.p_take)))
        if move.mc is not None:
            parts.append(_("by the end of the round: {value} (95 % interval {low} to {high})").format(
                value=number(move.mc, 2), low=number(move.mc_low or 0.0, 2), high=number(move.mc_high or 0.0, 2)))
        said = "; ".join(parts) if parts else _("no value computed")
        return _("{move}: {values}").format(move=move_words(self.game, move.action), values=said)

    def verdict(self) -> str:
        """The lowest move(s) in one sentence."""
        best = self.best()
        if not best:
            return _("The kit has no odds for this decision.")
        names = ", ".join(move_words(self.game, a) for a in best)
        if self.has_mc:
            return _("Lowest penalty by the end of the round (Monte Carlo): {moves}.").format(moves=names)
        if len(best) == len(self.moves):
            return _("By the exact odds of this turn every move costs the same.")
        return _("Lowest penalty this turn by the exact odds: {moves}.").format(moves=names)

    def notes(self) -> list[str]:
        """What the numbers mean (the coach's notes)."""
        notes = [game_coach(self.game).exact_notes().get(self.exact_reason, "")] if self.exact_reason else []
        return [n for n in notes + [self.mc_note_text] if n]

    def lines(self) -> list[str]:
        """The answer as sentences: the heading, the verdict, one line per move."""
        return [self.heading(), self.verdict(), *(self.move_line(m) for m in self.moves)]

    def text(self) -> str:
        """The answer as plain text (lines, then the notes)."""
        return "\n".join(self.lines() + self.notes())

    def html(self, size: str = "1.25em") -> str:
        """The answer as HTML for the lesson tab: the verdict, then a table of the moves (the lowest in
        bold) and the notes; large letters for a projector."""
        best = set(self.best())
        penalties = spec_of(self.game).words.say(spec_of(self.game).penalties)
        heads = [_("move")]
        if self.has_exact:
            heads += [_("{penalties} this turn, on average").format(penalties=penalties), _("chance of taking cards")]
        if self.has_mc:
            heads.append(_("{penalties} by the end of the round (Monte Carlo, 95 % interval)").format(
                penalties=penalties))
        cell = 'style="padding:2px 8px;border-bottom:1px solid #ddd;text-align:{align}"'
        rows = ["<tr>" + "".join(f"<th {cell.format(align='left')}>{html.escape(h)}</th>" for h in heads) + "</tr>"]
        for m in self.moves:
            values = [move_words(self.game, m.action)]
            if self.has_exact:
                values += [fraction_text(m.exact) if m.exact is not None else "\u2013",
                           chance_text(m.p_take) if m.p_take is not None else "\u2013"]
            if self.has_mc:
                values.append("\u2013" if m.mc is None else "{v} [{lo}; {hi}]".format(
                    v=number(m.mc, 2), lo=number(m.mc_low or 0.0, 2), hi=number(m.mc_high or 0.0, 2)))
            weight = "font-weight:bold;" if m.action in best else ""
            rows.append(f'<tr style="{weight}">' + "".join(
                f"<td {cell.format(align='left' if i == 0 else 'right')}>{html.escape(v)}</td>"
                for i, v in enumerate(values)) + "</tr>")
        notes = "".join(f'<p style="font-size:75%;color:#555;margin:4px 0">{html.escape(n)}</p>' for n in self.notes())
        return (f'<div style="font-family:sans-serif;font-size:{size};line-height:1.3">'
                f"<p style='margin:4px 0'>{html.escape(self.heading())} <b>{html.escape(self.verdict())}</b></p>"
                f"<table style='border-collapse:collapse;margin:4px 0'>{''.join(rows)}</table>{notes}</div>")


def fraction_text(x: Fraction) -> str:
    """``4/3 ≈ 1.33`` (a whole number as itself), in the reader's number format."""
    if x.denominator == 1:
        return number(x.numerator)
    return f"{x.numerator}/{x.denominator} \u2248 {number(float(x), 2)}"


def chance_text(p: Fraction) -> str:
    """``2/9 (22 %)``; 0 and 1 as ``0 %`` and ``100 %``."""
    share = float(p) * 100
    if p in (0, 1):
        return f"{number(share, 0)}\u00a0%"
    percent = f"{number(share, 0 if share >= 1 else 1)}\u00a0%" if share >= 0.1 else "< " + f"{number(0.1, 1)}\u00a0%"
    return f"{p.numerator}/{p.denominator} ({percent})"


def compute(lesson: Lesson, index: int, *, seed: int = 0, game: Any = None) -> StepAnswer:
    """The answer of step ``index`` of ``lesson`` (the coach's numbers; Monte Carlo when asked)."""
    game = lesson.make_game() if game is None else game
    step = lesson.steps[index]
    state = check_step(game, step)
    player = int(step.player if step.player is not None else state.pending_players()[0])
    if step.rollouts > 0:
        advice = coach(state, player, rollouts=step.rollouts, batches=min(BATCHES, step.rollouts), seed=seed,
                       agents=[])
        moves = tuple(MoveValue(m.action, m.exact, m.p_take, m.mc, m.mc_low, m.mc_high) for m in advice.moves)
        mc_note = advice.mc_note if advice.mc_reason else ""
        return StepAnswer(game, player, moves, advice.exact_reason, mc_note, step.rollouts)
    part = game_coach(game)
    obs = state.observation(player)
    legal = list(state.legal_actions(player))
    reason, exact, p_take = part.exact(obs, legal, part.world(state, player, seed))
    moves = tuple(MoveValue(a, exact[i], p_take[i]) for i, a in enumerate(legal))
    return StepAnswer(game, player, moves, reason)


__all__ = ["MoveValue", "StepAnswer", "chance_text", "compute", "fraction_text"]
