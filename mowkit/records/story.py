"""The story of a recorded game, line by line (what ``mowkit replay FILE`` prints)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mowkit import registry
from mowkit.agents import agent_name
from mowkit.events import RoundStarted
from mowkit.i18n import _, counted
from mowkit.narrate import decision, sentences
from mowkit.records.replay import replay


def narrate(record: dict, show_hidden: bool = False, rounds: Sequence[int] | None = None) -> list[str]:
    """The story of a recorded game, line by line: each round's start, then what every decision did.

    This is what ``mowkit replay FILE`` prints. Face-down choices are left out unless ``show_hidden``;
    ``rounds`` (indexes from 0) keeps only those rounds.
    """
    states = replay(record)
    game = states[0].game
    names = record.get("agents") or []
    word = _(getattr(game, "seat_word", "player"))
    who = (", ".join(_("{seat} {n}: {agent}").format(
        seat=word, n=i + 1, agent=agent_name(a)) for i, a in enumerate(names))
           if names else _("unnamed seats"))
    title = registry.title(record["game"])
    n = states[0].num_players
    head = _("{title}, {players} ({who})").format(
        title=title, players=counted(getattr(game, "seat_word", "player"), n), who=who)
    if record.get("seed") is not None:
        head += " · " + _("seed {seed}").format(seed=record.get("seed"))
    lines = [head]
    current = states[0].round_index
    keep = rounds is None or current in rounds

    def tell(events: Sequence[Any], told: Sequence[str], skip_laid: bool) -> None:
        nonlocal current, keep
        for text, event in zip(told, events):
            if isinstance(event, RoundStarted):  # each round under its own heading, its deal first
                current = event.round
                keep = rounds is None or current in rounds
                if keep:
                    lines.extend(["", _("Round {n}").format(n=current + 1)])
            if keep and not (skip_laid and getattr(event, "rule", "") == "face-down"):  # said by the line above
                lines.append("  " + text)

    if not states[0].log or not isinstance(states[0].log[0], RoundStarted):  # a hand-built position
        if keep:
            lines.extend(["", _("Round {n}").format(n=current + 1)])
    tell(states[0].log, sentences(game, states[0].log), False)
    actions = [a for rnd in states[-1].history for a in rnd]
    for after, action in zip(states[1:], actions):
        hidden = action.hidden
        if hidden and show_hidden and keep:
            lines.append("  " + decision(game, action) + " " + _("(face down)"))
        tell(after.events, sentences(game, after.events), hidden)
    return lines
