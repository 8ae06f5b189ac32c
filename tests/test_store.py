"""The Parquet store: checksummed chunks, damaged or stray files refused, streaming and lazy reads."""

from __future__ import annotations

import csv
import hashlib
import json
import random
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

from mowkit import OptionError, RecordError
from mowkit.data import cards_dir, data_dir
from mowkit.results import per_game as results_per_game
from mowkit.store import (
    MAX_CHUNK_GAMES,
    ResultsFolder,
    default_chunk_games,
    iter_results,
    load_table,
    open_results,
    per_game,
    read_provenance,
    read_results,
    save_table,
)
from mowkit.tournament import tournament

AGENTS = ["highest", "random", "random"]
DATA = data_dir()  # the project data folder (shipped results)
CARDS = cards_dir()  # the card tables as shipped (tests below point MOWKIT_DATA elsewhere)
RUN = dict(players=3, chunk_games=3, progress=False, backend="engine")


def play(folder, seed=3, agents=AGENTS, n_games=9, **kw):
    return tournament("sixnimmt", agents, n_games, seed, out=folder, **{**RUN, **kw})


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A finished run of 9 games in 3 chunks, and its table."""
    folder = tmp_path_factory.mktemp("run")
    df = play(folder)
    return folder, df


def copy_of(source, tmp_path, name="copy"):
    folder, _ = source
    dst = tmp_path / name
    shutil.copytree(folder, dst)
    return dst


def chunk(folder, i):
    return folder / f"chunk-{i:05d}.parquet"


# --------------------------------------------------------------------------- what is stored


def test_chunks_carry_row_checksums_and_the_card_fingerprint(source):
    folder, df = source
    prov = read_provenance(chunk(folder, 1))
    assert prov["games"] == [3, 6] and prov["seed"] == 3 and prov["agents"] == AGENTS
    part = df[df["game"].between(3, 5)].reset_index(drop=True)
    assert prov["rows"] == len(part) and prov["columns"] == list(df.columns)
    # the documented digest of an integer column: name, type, length, nulls, then the int64 values
    h = hashlib.sha256(json.dumps(["penalty", "int64", len(part), 0], separators=(",", ":")).encode())
    h.update(part["penalty"].to_numpy(dtype="<i8").tobytes())
    assert prov["columns_sha256"]["penalty"] == h.hexdigest()
    # of a string column: its distinct values in order of appearance, then each row's index
    agents = list(dict.fromkeys(part["agent"]))
    h = hashlib.sha256(json.dumps(["agent", "utf8", len(part), 0], separators=(",", ":")).encode())
    h.update(json.dumps(agents, separators=(",", ":")).encode())
    h.update(np.array([agents.index(a) for a in part["agent"]], dtype="<i4").tobytes())
    assert prov["columns_sha256"]["agent"] == h.hexdigest()
    # the provenance's own checksum covers every other key
    rest = {k: v for k, v in prov.items() if k != "sha256"}
    canon = json.dumps(rest, sort_keys=True, separators=(",", ":"))
    assert prov["sha256"] == hashlib.sha256(canon.encode()).hexdigest()
    # the card table's fingerprint: SHA-256 of the heads list read straight from the CSV file
    with (CARDS / "sixnimmt_cards.csv").open() as f:
        rows = {int(r["number"]): int(r["heads"]) for r in csv.DictReader(f)}
    heads = [0] + [rows[n] for n in range(1, len(rows) + 1)]
    want = hashlib.sha256(json.dumps(heads, separators=(",", ":")).encode()).hexdigest()
    assert prov["card_fingerprint"] == {"sixnimmt_cards": want, "custom_cards": False}


def test_mow_runs_fingerprint_the_mow_table(tmp_path):
    tournament("mow", ["greedy", "heuristic", "greedy"], 3, 1, players=3, out=tmp_path, progress=False,
               unit="round")
    fp = read_provenance(chunk(tmp_path, 0))["card_fingerprint"]
    assert set(fp) == {"mow_cards", "custom_cards"} and len(fp["mow_cards"]) == 64


# --------------------------------------------------------------------------- damaged files


def flip_outcomes(files, read, reference, rng, n):
    """Flip one byte of one file n times (restoring it between); outcome of each read."""
    outcomes = Counter()
    originals = {f: f.read_bytes() for f in files}
    try:
        for _ in range(n):
            f = rng.choice(files)
            data = bytearray(originals[f])
            data[rng.randrange(len(data))] ^= rng.randrange(1, 256)
            f.write_bytes(bytes(data))
            try:
                got = read()
            except RecordError as e:
                assert e.source == str(f), (e.source, f)  # names the damaged file ...
                assert e.field and str(f) in str(e)  # ... and a field
                outcomes["RecordError " + e.field.split(" ")[0]] += 1
            else:  # no silent difference: the very same table and provenance
                pd.testing.assert_frame_equal(got, reference)
                assert json.dumps(got.attrs["provenance"], sort_keys=True) == \
                    json.dumps(reference.attrs["provenance"], sort_keys=True)
                outcomes["identical"] += 1
            finally:
                f.write_bytes(originals[f])
    finally:
        for f, b in originals.items():
            f.write_bytes(b)
    return outcomes


def test_flipped_bytes_in_chunks_are_refused_or_harmless(source, tmp_path):
    folder = copy_of(source, tmp_path)
    reference = read_results(folder)
    pd.testing.assert_frame_equal(reference, source[1])
    files = sorted(folder.glob("chunk-*.parquet"))
    outcomes = flip_outcomes(files, lambda: read_results(folder), reference, random.Random(2026), 240)
    print("read_results, 240 byte flips:", dict(outcomes))
    assert sum(outcomes.values()) == 240
    refused = sum(v for k, v in outcomes.items() if k.startswith("RecordError"))
    assert refused > 100  # most bytes of a small Parquet file matter
    assert outcomes["RecordError column"] > 0  # flips in the data pages are caught by the checksums
    # resuming the run verifies every finished chunk in the same way
    resume = flip_outcomes(files, lambda: play(folder), reference, random.Random(7), 60)
    print("resume, 60 byte flips:", dict(resume))
    assert sum(resume.values()) == 60 and resume["identical"] < 60


def test_flipped_bytes_in_a_saved_table_are_refused_or_harmless(source, tmp_path):
    path = save_table(source[1], tmp_path / "t.parquet", {"script": "test", "seed": 3})
    reference = load_table(path)
    pd.testing.assert_frame_equal(reference, source[1])
    assert reference.attrs["provenance"]["script"] == "test"
    outcomes = flip_outcomes([path], lambda: load_table(path), reference, random.Random(5), 120)
    print("load_table, 120 byte flips:", dict(outcomes))
    assert sum(outcomes.values()) == 120 and outcomes["identical"] < 120


def rewrite(path, change_table=None, change_prov=None):
    """Rewrite a chunk keeping its schema metadata, with changed rows or provenance."""
    table = pq.read_table(path)
    meta = dict(table.schema.metadata)
    if change_table:
        table = change_table(table)
    if change_prov:
        prov = json.loads(meta[b"mowkit"])
        change_prov(prov)
        meta[b"mowkit"] = json.dumps(prov).encode()
    pq.write_table(table.replace_schema_metadata(meta), path)


def test_a_chunk_rewritten_with_its_provenance_but_other_rows_is_refused(source, tmp_path):
    import pyarrow as pa

    folder = copy_of(source, tmp_path)

    def more_penalty(t):
        pen = t.column("penalty").to_numpy().copy()
        pen[0] += 1
        return t.set_column(t.schema.get_field_index("penalty"), "penalty", pa.array(pen))

    rewrite(chunk(folder, 1), change_table=more_penalty)
    for read in (read_results, lambda f: list(iter_results(f)), per_game, lambda f: play(f)):
        with pytest.raises(RecordError) as e:
            read(folder)
        assert e.value.source == str(chunk(folder, 1)) and e.value.field == "column penalty"
    # fewer rows, same provenance
    folder = copy_of(source, tmp_path, "short")
    rewrite(chunk(folder, 2), change_table=lambda t: t.slice(0, t.num_rows - 3))
    with pytest.raises(RecordError) as e:
        read_results(folder)
    assert e.value.field == "metadata.mowkit.rows"
    # an edited provenance (another seed written into the metadata) breaks its own checksum
    folder = copy_of(source, tmp_path, "prov")
    rewrite(chunk(folder, 0), change_prov=lambda p: p.update(seed=4))
    with pytest.raises(RecordError) as e:
        read_results(folder)
    assert e.value.field == "metadata.mowkit.sha256" and "chunk-00000" in e.value.source
    # a chunk without checksums (an older mowkit) cannot be verified
    folder = copy_of(source, tmp_path, "old")
    rewrite(chunk(folder, 0), change_prov=lambda p: [p.pop(k) for k in ("rows", "columns", "columns_sha256",
                                                                         "sha256")])
    with pytest.raises(RecordError) as e:
        read_results(folder)
    assert e.value.field == "metadata.mowkit.sha256" and "no checksums" in str(e.value)


@pytest.mark.parametrize("other, field", [
    (dict(seed=4), "metadata.mowkit.seed"),
    (dict(agents=["lowest", "random", "random"]), "metadata.mowkit.agents"),
    (dict(variant="tactics"), "metadata.mowkit.options.variant"),
    (dict(n_games=12), "metadata.mowkit.n_games"),
])
def test_a_stray_chunk_of_another_run_is_refused(source, tmp_path, other, field):
    folder = copy_of(source, tmp_path)
    stray = tmp_path / "stray"
    play(stray, **other)
    for target in (chunk(folder, 1), folder / "chunk-00007.parquet"):  # in place of a chunk, or added
        saved = target.read_bytes() if target.exists() else None
        shutil.copy(chunk(stray, 1), target)
        for read in (read_results, open_results, lambda f: next(iter_results(f))):
            with pytest.raises(RecordError) as e:
                read(folder)
            assert e.value.source == str(target) and e.value.field == field
            assert "another run" in str(e.value)
        with pytest.raises(RecordError) as e:  # resuming refuses it too
            play(folder)
        assert e.value.source == str(target) and e.value.field == field
        if saved is None:
            target.unlink()
        else:
            target.write_bytes(saved)
    pd.testing.assert_frame_equal(read_results(folder), source[1])


def test_gaps_and_overlaps_in_the_games_are_refused(source, tmp_path):
    folder = copy_of(source, tmp_path)
    chunk(folder, 1).unlink()
    with pytest.raises(RecordError) as e:
        read_results(folder)
    assert e.value.field == "games" and "chunk-00001.parquet" in str(e.value) and "games 3–5" in str(e.value)
    with pytest.raises(RecordError):
        per_game(folder)
    part = read_results(folder, partial=True)  # the finished chunks of an interrupted run, on request
    full = source[1]
    pd.testing.assert_frame_equal(part, full[~full["game"].between(3, 5)].reset_index(drop=True))
    # a copy of a chunk under another name holds the same games twice
    folder = copy_of(source, tmp_path, "overlap")
    shutil.copy(chunk(folder, 0), folder / "chunk-00000-copy.parquet")
    with pytest.raises(RecordError) as e:
        read_results(folder)
    assert e.value.field == "metadata.mowkit.games" and "overlapping" in str(e.value)
    # a renamed chunk holds games its name does not
    folder = copy_of(source, tmp_path, "renamed")
    chunk(folder, 2).rename(chunk(folder, 5))
    with pytest.raises(RecordError) as e:
        read_results(folder)
    assert e.value.source == str(chunk(folder, 5)) and e.value.field == "metadata.mowkit.games"
    with pytest.raises(RecordError) as e:
        read_results(tmp_path / "nothing here")
    assert e.value.field == "(folder)"


def interrupted(folder, **kw):
    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(folder, progress=stop, **kw)
    assert sorted(p.name for p in folder.iterdir()) == [".mowkit-writer.lock", "chunk-00000.parquet"]


def custom_data(tmp_path, heads_of_card_1=None):
    data = tmp_path / "data"
    data.mkdir(parents=True)
    for name in ("sixnimmt_cards.csv", "mow_cards.csv"):
        shutil.copy(CARDS / name, data / name)
    if heads_of_card_1 is not None:
        lines = (data / "sixnimmt_cards.csv").read_text().splitlines()
        assert lines[1] == "1,1"
        lines[1] = f"1,{heads_of_card_1}"
        (data / "sixnimmt_cards.csv").write_text("\n".join(lines) + "\n")
    return data


def test_resuming_under_another_card_table_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "1")  # a custom printing, switched on explicitly
    monkeypatch.setenv("MOWKIT_DATA", str(custom_data(tmp_path / "a")))
    folder = tmp_path / "run"
    interrupted(folder)
    monkeypatch.setenv("MOWKIT_DATA", str(custom_data(tmp_path / "b", heads_of_card_1=2)))
    with pytest.raises(RecordError) as e:
        play(folder)
    assert e.value.field == "metadata.mowkit.card_fingerprint.sixnimmt_cards"
    assert e.value.source == str(chunk(folder, 0))
    monkeypatch.setenv("MOWKIT_DATA", str(custom_data(tmp_path / "c")))  # the same table again: resumes
    assert play(folder)["game"].nunique() == 9


def test_resuming_with_custom_cards_switched_on_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "run"
    interrupted(folder)
    monkeypatch.setenv("MOWKIT_CUSTOM_CARDS", "1")
    with pytest.raises(RecordError) as e:
        play(folder)
    assert e.value.field == "metadata.mowkit.card_fingerprint.custom_cards"


def test_tables_saved_before_checksums_still_load(source, tmp_path):
    """A results table written before checksums existed (plain Parquet with provenance) still loads."""
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "old.parquet"
    table = pa.Table.from_pandas(source[1], preserve_index=False)
    meta = dict(table.schema.metadata or {})
    meta[b"mowkit"] = json.dumps({"mowkit": "0.1.0", "script": "old", "game": "sixnimmt"}).encode()
    pq.write_table(table.replace_schema_metadata(meta), path)
    assert "sha256" not in read_provenance(path)
    df = load_table(path)
    pd.testing.assert_frame_equal(df, pd.read_parquet(path))


def test_shipped_tables_carry_checksums():
    for path in sorted((DATA / "results").glob("*.parquet")):
        assert "sha256" in read_provenance(path), path.name
        load_table(path)  # verified


def test_a_saved_table_is_verified_and_fingerprints_its_cards(source, tmp_path):
    path = save_table(source[1], tmp_path / "t.parquet", {"script": "test", "game": "sixnimmt"})
    prov = load_table(path).attrs["provenance"]
    assert prov["card_fingerprint"] == read_provenance(chunk(source[0], 0))["card_fingerprint"]
    assert "sha256" not in prov and "sha256" in read_provenance(path)  # checksums stay in the file
    rewrite(path, change_table=lambda t: t.drop_columns(["seed"]))
    with pytest.raises(RecordError) as e:
        load_table(path)
    assert e.value.source == str(path) and e.value.field == "metadata.mowkit.columns"


def test_a_stale_temporary_file_is_removed_on_the_next_run(source, tmp_path):
    """An old temporary without a process id (a mowkit before the lock wrote it) is removed once it
    has not changed for an hour; a fresh one may be a live writer's and stays."""
    import os
    import time

    folder = copy_of(source, tmp_path)
    stale = folder / ".chunk-00001.parquet.abc123.tmp"
    fresh = folder / ".chunk-00002.parquet.def456.tmp"
    for f in (stale, fresh):
        f.write_bytes(b"half a chunk")
    hour_ago = time.time() - 3700
    os.utime(stale, (hour_ago, hour_ago))
    pd.testing.assert_frame_equal(play(folder), source[1])
    assert not stale.exists() and fresh.exists()


# --------------------------------------------------------------------------- streaming and lazy reads


def test_collect_false_streams_chunks_and_returns_a_handle(source, tmp_path, monkeypatch):
    import gc
    import weakref

    import mowkit.tournament.chunks as tmod  # the chunk functions a run plays

    played = []
    run_chunk = tmod.run_chunk

    def tracked(*args, **kwargs):
        df = run_chunk(*args, **kwargs)
        played.append(weakref.ref(df))
        return df

    monkeypatch.setattr(tmod, "run_chunk", tracked)
    handle = play(tmp_path / "s", collect=False)
    monkeypatch.undo()
    gc.collect()
    assert len(played) == 3 and all(r() is None for r in played)  # no chunk kept in memory
    assert isinstance(handle, ResultsFolder)
    assert handle.chunks == 3 and handle.rows == len(source[1]) and handle.backend == "engine"
    assert Path(handle) == tmp_path / "s" and handle.provenance["seed"] == 3
    pd.testing.assert_frame_equal(handle.read(), source[1])
    again = open_results(tmp_path / "s")
    assert again == ResultsFolder(tmp_path / "s", handle.provenance, 3, handle.rows)
    with pytest.raises(OptionError) as e:
        tournament("sixnimmt", AGENTS, 9, 3, players=3, progress=False, collect=False)
    assert e.value.option == "collect"


def test_collect_false_resumes_an_interrupted_run(source, tmp_path):
    folder = tmp_path / "run"
    interrupted(folder)
    seen = []
    handle = play(folder, collect=False, progress=lambda d, t: seen.append(d))
    assert seen == [6, 9]  # chunk 0 kept, chunks 1 and 2 played
    assert handle.rows == len(source[1])
    pd.testing.assert_frame_equal(read_results(folder), source[1])


def test_iter_results_yields_verified_chunks_in_game_order(source):
    folder, df = source
    parts = list(iter_results(folder))
    assert [p.attrs["provenance"]["games"] for p in parts] == [[0, 3], [3, 6], [6, 9]]
    pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), df)
    cols = list(iter_results(folder, columns=["penalty", "game"]))
    assert list(cols[0].columns) == ["penalty", "game"]
    pd.testing.assert_frame_equal(pd.concat(cols, ignore_index=True), df[["penalty", "game"]])
    with pytest.raises(OptionError) as e:
        next(iter_results(folder, columns=["heads"]))
    assert e.value.option == "columns"


def test_per_game_of_a_folder_is_the_per_game_table(source):
    folder, df = source
    got = per_game(folder)
    assert len(got) == 9 * 3
    want = results_per_game(df)
    for col in want.columns:
        assert got[col].astype(want[col].dtype).tolist() == want[col].tolist(), col
    # independently, for one player of one game: rounds, mean penalty and deal from the rows
    rows = df[(df["game"] == 4) & (df["seat"] == 2)]
    one = got[(got["game"] == 4) & (got["seat"] == 2)].iloc[0]
    assert one["rounds"] == len(rows) and np.isclose(one["mean_penalty"], rows["penalty"].sum() / len(rows))
    assert one["deal"] == 1 and one["rotation"] == 1 and one["agent"] == rows["agent"].iloc[0]
    share = 1 / rows["winners"].iloc[0] if rows["winner"].iloc[0] else 0.0
    assert one["win_share"] == share
    assert str(got["agent"].dtype) == "category" and got["seat"].dtype == np.int8


def test_dask_dataframe_of_a_folder(source, tmp_path):
    folder = copy_of(source, tmp_path)
    ddf = read_results(folder, engine="dask")
    assert ddf.npartitions == 3
    got = ddf.compute(scheduler="sync").reset_index(drop=True)
    assert str(got["agent"].dtype) == "string"  # Dask's own string type (pyarrow-backed)
    pd.testing.assert_frame_equal(got.astype({"agent": source[1]["agent"].dtype}), source[1])
    mean = ddf.groupby("agent")["penalty"].mean().compute(scheduler="sync")
    assert np.allclose(mean.sort_index(), source[1].groupby("agent")["penalty"].mean().sort_index())
    # every chunk is verified before the dataframe is made, and each partition when it is read
    rewrite(chunk(folder, 2), change_table=lambda t: t.slice(1))
    with pytest.raises(RecordError) as e:
        read_results(folder, engine="dask")
    assert e.value.source == str(chunk(folder, 2)) and e.value.field == "metadata.mowkit.rows"
    with pytest.raises(RecordError):
        ddf.compute(scheduler="sync")
    with pytest.raises(OptionError) as e:
        read_results(folder, engine="spark")
    assert e.value.option == "engine"


def test_default_chunks_are_bounded():
    assert default_chunk_games(9) == 1 and default_chunk_games(100) == 5
    assert default_chunk_games(10_000_000) == MAX_CHUNK_GAMES <= 100_000
    assert all(1 <= default_chunk_games(n) <= MAX_CHUNK_GAMES for n in (1, 19, 21, 999_999, 10**9))


def test_assemble_reads_chunks_into_one_table_as_concatenation_would(tmp_path):
    """The read-back of a folder (no chunk list + concat): the same table as concatenating the
    verified chunks and sorting, also for chunks out of order and text with a missing value."""
    from mowkit.store import _write_parquet, assemble, read_verified

    paths = []
    for i in range(3):
        df = pd.DataFrame({"game": np.arange(4 * i, 4 * i + 4), "round": 0, "seat": [0, 1, 0, 1],
                           "agent": pd.array(["a", "b", None if i == 1 else "a", "c"], dtype=object),
                           "penalty": np.linspace(0, 1, 4)})
        paths.append(tmp_path / f"c{i}.parquet")
        _write_parquet(df, paths[-1], {"test": i})
    want = pd.concat([read_verified(p)[0] for p in paths], ignore_index=True)
    pd.testing.assert_frame_equal(assemble(paths, 12), want)
    pd.testing.assert_frame_equal(assemble([paths[2], paths[0], paths[1]], 12), want)  # sorted at the end
    pd.testing.assert_frame_equal(assemble(paths, 12, ["agent", "game"]), want[["agent", "game"]])
