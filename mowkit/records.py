"""Game records: one JSON format for both games; save (atomic), load, validate, replay.

A record (``format`` ``"mowkit-record/1"``)::

    {
      "format": "mowkit-record/1",
      "game": "sixnimmt",                 # or "mow"
      "options": {...},                   # the game's options, as Game.options gives them
      "seed": 7,                          # the seed the game was played with (null if none)
      "agents": ["random", "greedy", ...],# who sat in each seat (informative, may be absent)
      "rounds": [
        {"deal": [...],                   # the round's shuffled deck order (card ids)
         "decisions": [{"type": "play", "player": 0, "card": 55}, ...],
         "scores": [12, 3, 9, 0]}         # the round's penalties (absent while unfinished)
      ],
      "totals": [12, 3, 9, 0],            # running totals after the last finished round
      "winners": [3],                     # seats sharing the win (null while the game goes on)
      "over": true
    }

``load`` replays the whole record through the engine, so a damaged or edited file (unknown card,
card dealt twice, wrong count, an illegal decision, scores that do not add up) is refused with a
:class:`~mowkit.core.RecordError` naming the file and the field.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mowkit.core import IllegalActionError, OptionError, RecordError, action_from_dict

FORMAT = "mowkit-record/1"


def to_record(state: Any, seed: int | None = None, agents: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of a game state (finished or not), from its deals and decision history."""
    if not getattr(state, "recordable", True):
        raise ValueError("a state built by hand (position) has no recorded deal and cannot be saved")
    rounds = []
    for i, (deal, decisions) in enumerate(zip(state.deals, state.history)):
        r: dict[str, Any] = {"deal": [int(c) for c in deal], "decisions": [a.to_dict() for a in decisions]}
        if i < len(state.round_scores):
            r["scores"] = [int(s) for s in state.round_scores[i]]
        rounds.append(r)
    over = state.is_over()
    return {
        "format": FORMAT,
        "game": state.game.name,
        "options": state.game.options,
        "seed": seed,
        "agents": list(agents) if agents is not None else None,
        "rounds": rounds,
        "totals": [int(t) for t in state.totals],
        "winners": list(state.winners()) if over else None,
        "over": over,
    }


def save(record: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """Write ``record`` as JSON atomically (temporary file in the same folder, then rename)."""
    path = Path(path)
    text = json.dumps(record, indent=1, ensure_ascii=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and validate a record file; errors name the file and the field."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(str(path), "(file)", f"cannot read: {e.strerror or e}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(str(path), "(json)", f"not valid JSON ({e.msg} at line {e.lineno})") from None
    validate(record, source=str(path))
    return record


def validate(record: Any, source: str = "<record>") -> Any:
    """Replay ``record`` through the engine and return the final state, or raise RecordError."""
    states = replay(record, source=source, keep=False)
    return states[-1]


def replay(record: dict[str, Any], source: str = "<record>", keep: bool = True) -> list[Any]:
    """Every intermediate state of a recorded game: the start, then one after each decision.

    With ``keep=False`` only the final state is returned (in a one-item list).
    """
    from mowkit import load_game

    def fail(field: str, message: str) -> RecordError:
        return RecordError(source, field, message)

    if not isinstance(record, dict):
        raise fail("(top level)", "a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise fail("format", f"expected {FORMAT!r}, found {record.get('format')!r}")
    name = record.get("game")
    options = record.get("options")
    if not isinstance(options, dict):
        raise fail("options", "must be an object of game options")
    try:
        game = load_game(name, **options)
    except OptionError as e:
        raise fail("game" if e.option == "game" else f"options.{e.option}", str(e)) from None
    except (KeyError, TypeError, ValueError) as e:
        field = "game" if not isinstance(name, str) or "unknown game" in str(e) else "options"
        raise fail(field, str(e)) from None
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise fail("rounds", "must be a non-empty list of rounds")
    deals = []
    for i, r in enumerate(rounds):
        if not isinstance(r, dict):
            raise fail(f"rounds[{i}]", "must be an object with deal and decisions")
        deal = r.get("deal")
        if not isinstance(deal, list):
            raise fail(f"rounds[{i}].deal", "must be a list of cards")
        try:
            game.check_deal(deal)
        except ValueError as e:
            raise fail(f"rounds[{i}].deal", str(e)) from None
        if not isinstance(r.get("decisions"), list):
            raise fail(f"rounds[{i}].decisions", "must be a list of decisions")
        deals.append(deal)

    state = game.new_state(deals=deals)
    states = [state.clone()] if keep else []
    for i, r in enumerate(rounds):
        for j, d in enumerate(r["decisions"]):
            field = f"rounds[{i}].decisions[{j}]"
            if state.is_over() or state.round_index != i:
                raise fail(field, f"wrong count: round {i} is already over before this decision")
            try:
                action = action_from_dict(game.name, d)
                state.apply(action)
            except IllegalActionError as e:
                raise fail(field, f"illegal decision {d}: {e}") from None
            except ValueError as e:
                raise fail(field, str(e)) from None
            if keep:
                states.append(state.clone())
        finished = state.is_over() or state.round_index > i
        if i < len(rounds) - 1 and not finished:
            raise fail(f"rounds[{i}].decisions", f"wrong count: round {i} is unfinished after "
                       f"{len(r['decisions'])} decisions")
        if finished:
            want = state.round_scores[i]
            if r.get("scores") != want:
                raise fail(f"rounds[{i}].scores", f"recorded {r.get('scores')}, the decisions give {want}")
        elif "scores" in r:
            raise fail(f"rounds[{i}].scores", "scores given for a round that is not finished")
    if state.round_index != len(rounds) - 1 and not state.is_over():
        raise fail("rounds", f"wrong count: {len(rounds)} rounds recorded, play is in round {state.round_index}")
    if record.get("totals") != state.totals:
        raise fail("totals", f"recorded {record.get('totals')}, the rounds give {state.totals}")
    if bool(record.get("over")) != state.is_over():
        raise fail("over", f"recorded {record.get('over')}, the decisions give {state.is_over()}")
    if state.is_over() and record.get("winners") != list(state.winners()):
        raise fail("winners", f"recorded {record.get('winners')}, the totals give {list(state.winners())}")
    if not keep:
        states = [state]
    return states


def narrate(record: dict, show_hidden: bool = False, rounds: Sequence[int] | None = None) -> list[str]:
    """The story of a recorded game, line by line: each round's start, then what every decision did.

    This is what ``mowkit replay FILE`` prints. Face-down choices are left out unless ``show_hidden``;
    ``rounds`` (indexes from 0) keeps only those rounds.
    """
    states = replay(record)
    names = record.get("agents") or []
    who = ", ".join(f"{i}: {n}" for i, n in enumerate(names)) if names else "unnamed seats"
    title = {"sixnimmt": "6 nimmt!", "mow": "Mow"}.get(record["game"], record["game"])
    lines = [f"{title}, {states[0].num_players} players ({who}), seed {record.get('seed')}"]
    current_round = -1
    for before, after in zip(states, states[1:]):
        if rounds is not None and before.round_index not in rounds:
            continue
        if before.round_index != current_round:
            current_round = before.round_index
            lines.append("")
            lines.append(f"Round {current_round + 1}: {before!r}")
        for event in after.events:
            if not show_hidden and event.endswith("face down."):
                continue
            lines.append("  " + event)
    return lines
