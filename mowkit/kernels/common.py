"""Python-side helpers shared by the compiled kernels: seeds, deal streams, deck orders, policies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from mowkit.core import OptionError, check_int


def entropy(seed: int | None) -> int | Sequence[int]:
    """The SeedSequence entropy of a kernel run: ``seed`` (checked), or fresh entropy for None."""
    if seed is None:
        return np.random.SeedSequence().entropy
    return check_int("seed", seed, 0)


def block_seeds(seed: int | None, first_block: int, n_blocks: int) -> np.ndarray:
    """The ``np.random.seed`` words of blocks ``first_block ..``: SeedSequence children of ``seed``."""
    ent = entropy(seed)
    return np.array(
        [
            np.random.SeedSequence(ent, spawn_key=(k,)).generate_state(1, np.uint32)[0]
            for k in range(first_block, first_block + n_blocks)
        ],
        dtype=np.int64,
    )


def deal_rng(seed: int) -> np.random.Generator:
    """Stream 0 of ``mowkit.core.spawn_rngs(seed, n + 1)``: the deal stream of ``simulate.play_state``."""
    return np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])


def seed_deals(deck: Sequence[int], seeds: Sequence[int], n_rounds: int) -> np.ndarray:
    """Deck orders ``(len(seeds), n_rounds, deck)``: round r of seed s is the r-th
    ``permutation(deck)`` of :func:`deal_rng` ``(s)``, as ``simulate.play_state`` deals it."""
    check_int("n_rounds", n_rounds, 1)
    arr = np.asarray(deck, dtype=np.int64)
    out = np.empty((len(seeds), n_rounds, len(arr)), np.int64)
    for i, s in enumerate(seeds):
        rng = deal_rng(check_int("seed", s, 0))
        for r in range(n_rounds):
            out[i, r] = rng.permutation(arr)
    return out


def check_deals(deals: Sequence[Sequence[int]] | np.ndarray, deck: Sequence[int]) -> np.ndarray:
    """Deck orders as a contiguous int64 array, or ``OptionError`` naming the bad round."""
    want = np.sort(np.asarray(deck, dtype=np.int64))
    dsize = len(want)
    arr = np.asarray(deals)
    if arr.size == 0:
        arr = arr.reshape(0, dsize)
    if arr.ndim != 2 or arr.shape[1] != dsize or not np.issubdtype(arr.dtype, np.integer):
        raise OptionError("deals", f"array of shape {arr.shape}",
                          f"integer deck orders of length {dsize}, one per round")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    bad = np.flatnonzero((np.sort(arr, axis=1) != want).any(axis=1))
    if len(bad):
        raise OptionError(f"deals[{bad[0]}]", "not an order of the deck",
                          f"each card of the deck in use ({dsize} cards) exactly once")
    return arr


def policy_codes(policies: str | Sequence[str | int], players: int, table: Mapping[str, int]) -> np.ndarray:
    """Integer policy codes, one per seat, from names (or codes) in ``table``; one name means every seat."""
    allowed = "a policy name or one per seat among " + ", ".join(repr(p) for p in table)
    if isinstance(policies, str):
        policies = [policies] * players
    try:
        seq = list(policies)
    except TypeError:
        raise OptionError("policies", policies, allowed) from None
    if len(seq) != players:
        raise OptionError("policies", policies, f"{players} policies (one per seat) or one name")
    codes = np.empty(players, np.int64)
    for i, p in enumerate(seq):
        if isinstance(p, str) and p in table:
            codes[i] = table[p]
        elif isinstance(p, (int, np.integer)) and not isinstance(p, bool) and p in table.values():
            codes[i] = int(p)
        else:
            raise OptionError("policies", p, allowed)
    return codes
