"""Records: pydantic v2 against msgspec on the record schema (speed of a typical and a 5 MB record, error paths).

Both validate the same shape (strict types, bounds, decisions as a union tagged by ``type``) of an
already parsed record. Run: ``python benchmarks/bench_record_schema.py`` (msgspec is optional).
"""

import copy
import json
import time
from pathlib import Path
from typing import Annotated, Literal, NotRequired, Union

import pydantic
from pydantic import ConfigDict, Discriminator, Field, TypeAdapter
from typing_extensions import TypedDict

ROOT = Path(__file__).resolve().parent.parent
RECORD = json.loads((ROOT / "data" / "records" / "sixnimmt_4p_seed7.json").read_bytes())
TYPES = {"play": ["player", "card"], "take_row": ["player", "row"], "place": ["player", "row", "end"],
         "draft": ["player", "card"]}


def pydantic_adapter(n: int) -> TypeAdapter:
    """The record body for ``n`` seats as pydantic TypedDicts (strict, extra fields refused)."""
    strict = ConfigDict(extra="forbid", strict=True)
    small = Annotated[int, Field(gt=-2**31, lt=2**31)]
    members = []
    for kind, fields in TYPES.items():
        spec = {"type": Literal[kind], **{f: (Annotated[str, Field(max_length=200)] if f == "end" else small)
                                          for f in fields}}
        td = TypedDict(kind, spec)  # type: ignore[misc]
        td.__pydantic_config__ = strict  # type: ignore[attr-defined]
        members.append(td)
    decision = Annotated[Union[tuple(members)], Discriminator("type")]  # noqa: UP007
    ints = Annotated[list[Annotated[int, Field(gt=-2**63, lt=2**63)]], Field(min_length=n, max_length=n)]

    class Round(TypedDict):
        __pydantic_config__ = strict  # type: ignore[misc]
        deal: NotRequired[list[Annotated[int, Field(ge=0, lt=10**6)]]]
        decisions: list[decision]  # type: ignore[valid-type]
        scores: NotRequired[ints]  # type: ignore[valid-type]

    class Body(TypedDict):
        __pydantic_config__ = strict  # type: ignore[misc]
        seed: Annotated[int, Field(ge=0, lt=2**128)] | None
        totals: ints  # type: ignore[valid-type]
        over: bool
        rounds: Annotated[list[Round], Field(min_length=1)]

    return TypeAdapter(Body)


def msgspec_type(n: int) -> type:
    """The same body as msgspec Structs (forbid_unknown_fields; decisions tagged by ``type``)."""
    import msgspec
    from msgspec import Meta

    small = Annotated[int, Meta(gt=-2**31, lt=2**31)]
    members = []
    for kind, fields in TYPES.items():
        members.append(msgspec.defstruct(kind, [(f, Annotated[str, Meta(max_length=200)] if f == "end" else small)
                                                for f in fields], tag_field="type", tag=kind,
                                         forbid_unknown_fields=True))
    ints = Annotated[list[Annotated[int, Meta(gt=-2**63, le=2**63 - 1)]], Meta(min_length=n, max_length=n)]
    Round = msgspec.defstruct("Round", [("decisions", list[Union[tuple(members)]]),  # noqa: UP007
                                        ("deal", list[Annotated[int, Meta(ge=0, lt=10**6)]] | None, None),
                                        ("scores", ints | None, None)], forbid_unknown_fields=True)
    return msgspec.defstruct("Body", [("seed", Annotated[int, Meta(ge=0, le=2**63 - 1)] | None),  # 2**128 does not fit
                                      ("totals", ints), ("over", bool),
                                      ("rounds", Annotated[list[Round], Meta(min_length=1)])],
                             forbid_unknown_fields=True)


def body(record: dict) -> dict:
    return {k: record[k] for k in ("seed", "totals", "over", "rounds")}


def big(record: dict, megabytes: float = 5.0) -> dict:
    """``record`` with its rounds repeated until its JSON text is about ``megabytes`` (shape only)."""
    size = len(json.dumps(record["rounds"], indent=1))
    copies = int(megabytes * 2**20 / size) + 1
    return dict(record, rounds=[copy.deepcopy(r) for _ in range(copies) for r in record["rounds"]])


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    n = len(RECORD["totals"])
    large = big(RECORD)
    print(f"typical record: {len(json.dumps(RECORD, indent=1)) / 1024:.0f} KB; large: "
          f"{len(json.dumps(large, indent=1)) / 2**20:.1f} MB ({len(large['rounds'])} rounds)")
    adapter = pydantic_adapter(n)
    print(f"pydantic {pydantic.VERSION}: typical {best(lambda: adapter.validate_python(body(RECORD)), 200) * 1e3:.3f} ms, "
          f"5 MB {best(lambda: adapter.validate_python(body(large)), 5) * 1e3:.1f} ms")
    bad = copy.deepcopy(body(RECORD))
    bad["rounds"][2]["decisions"][3]["card"] = 1.5
    try:
        adapter.validate_python(bad)
    except pydantic.ValidationError as e:
        print("  error:", e.errors(include_url=False, include_input=False)[0])
    try:
        import msgspec
    except ImportError:
        print("msgspec not installed")
        return
    kind = msgspec_type(n)
    print(f"msgspec {msgspec.__version__}: typical {best(lambda: msgspec.convert(body(RECORD), kind), 200) * 1e3:.3f} ms, "
          f"5 MB {best(lambda: msgspec.convert(body(large), kind), 5) * 1e3:.1f} ms")
    try:
        msgspec.convert(bad, kind)
    except msgspec.ValidationError as e:
        print("  error:", repr(e), "attributes:", [a for a in dir(e) if not a.startswith("_")])
    from mowkit.records import validate

    print(f"for scale, the replay through the engine: typical {best(lambda: validate(RECORD), 20) * 1e3:.1f} ms")


def refusals() -> None:
    """Issue 21 §4: how long ``load`` takes to refuse damaged large records and odd files, and what the
    guards cost on the typical record. The old parse (a Python hook on every integer) is timed in the
    same run for the ratio."""
    import os
    import tempfile

    from mowkit.core import RecordError
    from mowkit.records import files, load

    def refused(path: str) -> float:
        t = time.perf_counter()
        try:
            load(path)
        except RecordError:
            pass
        return time.perf_counter() - t

    with tempfile.TemporaryDirectory() as folder:
        big = os.path.join(folder, "big.json")
        record = copy.deepcopy(RECORD)
        record["rounds"][0]["deal"] = [1] * 17_500_000
        with open(big, "w") as f:
            json.dump(record, f)
        size = os.path.getsize(big) / 1e6
        new = refused(big)
        data = Path(big).read_bytes()
        t = time.perf_counter()
        json.loads(data.decode(), parse_int=files._parse_int, object_pairs_hook=files._no_duplicates)
        old_parse = time.perf_counter() - t
        t = time.perf_counter()
        files._loads(data.decode())
        new_parse = time.perf_counter() - t
        print(f"{size:.0f} MB record of small integers: refused in {new:.1f} s (parse {new_parse:.1f} s; "
              f"the old per-integer hook parses it in {old_parse:.1f} s, {old_parse / new_parse:.1f}x)")
        typical = os.path.join(folder, "typical.json")
        Path(typical).write_text(json.dumps(RECORD))
        print(f"typical record: load {best(lambda: load(typical), 20) * 1e3:.1f} ms, "
              f"read_regular {best(lambda: files.read_regular(typical, files.MAX_FILE_BYTES), 200) * 1e6:.0f} us, "
              f"Path.read_bytes {best(lambda: Path(typical).read_bytes(), 200) * 1e6:.0f} us")
    print(f"/dev/zero: refused in {refused('/dev/zero') * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
    refusals()
