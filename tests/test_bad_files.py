"""Damaged files refused clearly: fuzzed game records, bad card tables, leftover save temporaries.

Every case ends in a :class:`~mowkit.core.RecordError` naming the file and the field, or (for a
record mutation that happens to leave a valid game) in a record that validates and replays.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from mowkit import RecordError
from mowkit.data import data_dir
from mowkit.records import load, replay, save, validate

ROOT = Path(__file__).resolve().parent.parent
RECORDS = {"sixnimmt": ROOT / "data" / "records" / "sixnimmt_4p_seed7.json",
           "mow": ROOT / "data" / "records" / "mow_3p_seed7.json"}
PSEUDO_FIELDS = {"(file)", "(json)", "(encoding)", "(top level)"}


# --------------------------------------------------------------------------- record fuzzer


def field_paths(value, prefix=()):
    """Every field path of a parsed record: dict keys and list indexes, parents before children."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(prefix + (k,))
            out.extend(field_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append(prefix + (i,))
            out.extend(field_paths(v, prefix + (i,)))
    return out


def path_text(path):
    """("rounds", 0, "deal", 3) -> "rounds[0].deal[3]" (the spelling RecordError uses)."""
    text = ""
    for p in path:
        text += f"[{p}]" if isinstance(p, int) else (f".{p}" if text else p)
    return text


def set_path(record, path, value):
    target = record
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value


def kind_of(field):
    """A field with its indexes removed: rounds[3].deal[7] -> rounds[].deal[]."""
    return re.sub(r"\[\d+\]", "[]", field)


def deep_list(depth):
    v = []
    for _ in range(depth):
        v = [v]
    return v


DEEP = deep_list(100_000)
# wrong types for any field: list, dict, text, bool, null, float, huge int, NaN/Infinity, -0, deep nesting
WRONG = [[], [1, 2], {}, {"type": "play"}, "x", "", True, False, None, 1.5, float("nan"), float("inf"),
         float("-inf"), -0.0, 10**5000, 10**30, -1, DEEP]
# number literals written into the file text in place of a number
LITERALS = ["1" + "0" * 5000, "-" + "9" * 6000, "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "-0", "-0.0",
            "1e-400", "4.0", "1" + "0" * 30]
NUMBER = re.compile(rb"(?<![\w.\"-])-?\d+(?![\w.])")


def ancestors(path):
    return {path_text(path[:k]) for k in range(1, len(path) + 1)}


class Outcomes:
    """Tallies of one fuzzing run: RecordError by field kind, valid replays, safety-net hits."""

    def __init__(self):
        self.errors = Counter()
        self.valid = 0
        self.safety_net = 0
        self.tried = Counter()
        self.downstream = Counter()

    def error(self, e, source):
        assert e.source == source
        assert source in str(e) and e.field and f"field {e.field}:" in str(e), str(e)
        if getattr(e, "safety_net", False):
            self.safety_net += 1
        self.errors[kind_of(e.field)] += 1


def check_valid(record):
    """A mutated record that passed validation must replay to the recorded end."""
    states = replay(record)
    assert len(states) == 1 + sum(len(r["decisions"]) for r in record["rounds"])
    assert states[-1].is_over() == record["over"]
    assert list(states[-1].totals) == record["totals"]


def fuzz_types(record, out, rng, extra):
    """A wrong-typed value in every field path once, then ``extra`` more at random paths (in memory)."""
    paths = field_paths(record)
    plan = [(p, WRONG[k % len(WRONG)]) for k, p in enumerate(paths)]
    plan += [(rng.choice(paths), rng.choice(WRONG)) for _ in range(extra)]
    for path, value in plan:
        bad = copy.deepcopy(record)
        set_path(bad, path, value)
        source = f"<mutation {path_text(path)}>"
        out.tried["wrong type"] += 1
        try:
            validate(bad, source=source)
        except RecordError as e:
            out.error(e, source)
            here = path_text(path)
            inside = e.field.startswith((here + "[", here + "."))  # a part of the new value
            if e.field not in ancestors(path) and not inside:
                # only a value of the field's own type may be caught later, by the replay
                original = record
                for p in path:
                    original = original[p]
                same = type(original) is type(value) or (original is None or value is None)
                assert same, (path_text(path), value if value is not DEEP
                                                                      else "deep", str(e))
                out.downstream[kind_of(e.field)] += 1
        else:
            out.valid += 1
            check_valid(bad)


def fuzz_bytes(data, out, rng, tmp_path, n):
    """Byte-level damage written to a file and loaded: truncation, non-UTF-8 bytes, numbers, nesting."""
    numbers = [m.span() for m in NUMBER.finditer(data)]
    path = tmp_path / "fuzzed.json"
    source = str(path)
    for k in range(n):
        how = ("truncate", "non-utf8", "number", "nesting")[k % 4]
        out.tried[how] += 1
        at = None
        if how == "truncate":
            bad = data[: rng.randrange(len(data) + 1)]
        elif how == "non-utf8":
            at = rng.randrange(len(data) + 1)
            junk = bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randint(1, 3)))
            cut = at + rng.randint(0, 2)  # insert or overwrite
            bad = data[:at] + junk + data[cut:]
        elif how == "number":
            lo, hi = rng.choice(numbers)
            bad = data[:lo] + rng.choice(LITERALS).encode() + data[hi:]
        else:
            lo, hi = rng.choice(numbers)
            depth = rng.choice([100_000, 10_000, 2_000])
            bad = data[:lo] + b"[" * depth + b"]" * depth + data[hi:]
        path.write_bytes(bad)
        try:
            rec = load(path)
        except RecordError as e:
            out.error(e, source)
            if e.field == "(encoding)":
                offset = int(re.search(r"byte offset (\d+)", str(e)).group(1))
                assert at is not None and at <= offset < at + 3, str(e)
        else:
            out.valid += 1
            check_valid(rec)


@pytest.fixture(scope="module")
def fuzz_results(tmp_path_factory):
    results = {}
    for game, file in RECORDS.items():
        rng = random.Random(f"fuzz-{game}")
        record = json.loads(file.read_bytes())
        out = Outcomes()
        fuzz_types(record, out, rng, extra=400)
        fuzz_bytes(file.read_bytes(), out, rng, tmp_path_factory.mktemp(game), n=800)
        results[game] = out
    return results


@pytest.mark.parametrize("game", RECORDS)
def test_record_fuzzer_every_mutation_is_a_clear_error_or_a_valid_game(fuzz_results, game):
    out = fuzz_results[game]
    total = sum(out.tried.values())
    assert total >= 2000
    assert sum(out.errors.values()) + out.valid == total
    assert out.safety_net == 0, out.errors
    # every kind of damage was tried and most are refused
    assert set(out.tried) == {"wrong type", "truncate", "non-utf8", "number", "nesting"}
    assert out.errors["(encoding)"] > 0 and out.errors["(json)"] > 0
    assert out.errors["rounds[].deal[]"] > 0 and out.errors["rounds[].decisions[].card"] > 0
    assert out.valid < total * 0.05, out.valid


def test_record_fuzzer_covers_every_field_path():
    record = json.loads(RECORDS["sixnimmt"].read_bytes())
    names = {kind_of(path_text(p)) for p in field_paths(record)}
    for want in ("format", "game", "options", "options.players", "options.variant", "seed", "agents", "agents[]",
                 "rounds[].deal[]", "rounds[].decisions[].type", "rounds[].decisions[].player",
                 "rounds[].decisions[].card", "rounds[].scores[]", "totals[]", "winners[]", "over"):
        assert want in names, want
