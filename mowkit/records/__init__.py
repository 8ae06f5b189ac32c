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

A game that started from a hand-built position (``game.position(...)``) is recorded with one more
field, ``"position"``: the state's ``start_position`` (the keyword arguments of ``game.position``
that build it again, a JSON object). Its first round has no ``deal`` (the position replaces it);
later rounds have the deck orders the position's seed dealt. ``load`` builds the position again,
checks that it is the recorded one, replays the decisions and checks the later deals.

``load`` replays the whole record through the engine, so a damaged or edited file (unknown card,
card dealt twice, wrong count, an illegal decision, scores that do not add up) is refused with a
:class:`~mowkit.core.RecordError` naming the file and the field.

The modules: ``schema`` (the format's shape, types and bounds; schema errors as RecordErrors),
``replay`` (the rules, through the engine), ``files`` (parse, load, save), ``build``
(:func:`to_record`), ``story`` (:func:`narrate`), ``show`` (how a found value is named).

Reading is defensive: only a regular file is opened (``O_NONBLOCK`` and ``fstat``: a folder, a
device such as ``/dev/zero`` or a FIFO is refused before a byte is read) and at most
``MAX_FILE_BYTES`` + 1 bytes are read (:func:`mowkit.records.files.read_regular`, the helper for
every reader of the kit's files); the bytes are decoded as UTF-8 here (a bad byte is named by its offset),
JSON nested too deeply or holding integers too long to read is refused, and every field is
type-checked by the schema (:mod:`mowkit.records.schema`, pydantic) before the replay
(:mod:`mowkit.records.replay`) uses it, so a damaged file always ends in a ``RecordError`` (never a
``UnicodeDecodeError``, ``RecursionError`` or ``TypeError`` from deep inside). Field checks:
``seed`` an integer ``0 <= seed < 2**63`` or null (the kit's seed rule, :func:`mowkit.core.check_seed`;
not a bool, a float, NaN or Infinity); ``agents`` null or one name per seat, by the rule a match
applies when the name enters (:func:`mowkit.agents.agent_name_problem`: a text of 1..200
characters, not only spaces, without control characters; a built-in agent's spec keeps its
``name:key=value,...`` form; ``"human"`` for a seat a person played), so what a match records, a
record loads; every list and integer bounded (10,000 rounds, decisions per round and cards per
deal; totals and scores below 2**31);
``options`` plain JSON values only (null, true/false, numbers, text, lists of those); every
decision an object with exactly the fields of its type. A last safety net around each step of
:func:`replay` turns anything unexpected into a ``RecordError`` naming the field that step checks (its
``safety_net`` attribute is then True; the record fuzzer in ``tests/test_bad_files.py`` asserts
that no damaged record needs it).

``save`` writes a temporary file ``.{name}.{pid}.{random}.tmp`` beside the target (the writer's
process id inside), then renames it. A save killed half-way leaves that file behind; the next
``save`` or ``load`` of the same file removes such leftovers whose writer is no longer running
(a live writer's temporary file is kept).
"""

from __future__ import annotations

from mowkit.records.build import to_record
from mowkit.records.files import (
    MAX_FILE_BYTES,
    FileTooLarge,
    NotRegularFile,
    load,
    parse,
    read_regular,
    remove_stale_temporaries,
    save,
    stale_temporaries,
)
from mowkit.records.replay import replay, validate
from mowkit.records.schema import (
    FIELDS,
    FORMAT,
    MAX_CARD,
    MAX_DECISION_INT,
    MAX_OPTION_INT,
    MAX_POSITION_DEPTH,
    MAX_POSITION_ITEMS,
    MAX_SEED,
    MAX_TEXT,
    REQUIRED,
    ROUND_FIELDS,
    SEAT_LABELS,
    agent_spec_problem,
)
from mowkit.records.story import narrate

__all__ = [
    "FIELDS", "FORMAT", "FileTooLarge", "NotRegularFile", "read_regular", "MAX_CARD", "MAX_DECISION_INT", "MAX_FILE_BYTES", "MAX_OPTION_INT", "MAX_POSITION_DEPTH",
    "MAX_POSITION_ITEMS", "MAX_SEED", "MAX_TEXT", "REQUIRED", "ROUND_FIELDS", "SEAT_LABELS", "agent_spec_problem",
    "load", "narrate", "parse", "remove_stale_temporaries", "replay", "save", "stale_temporaries", "to_record",
    "validate",
]
