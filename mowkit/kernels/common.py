"""Python-side helpers shared by the compiled kernels: seeds, deal streams, deck orders, policies."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from mowkit.core import OptionError, check_int, deal_rng  # noqa: F401  (deal_rng re-exported)


def entropy(seed: int | None) -> int | Sequence[int]:
    """The SeedSequence entropy of a kernel run: ``seed`` (checked), or fresh entropy for None."""
    if seed is None:
        return np.random.SeedSequence().entropy
    return check_int("seed", seed, 0)


def block_seeds(seed: int | None, first_block: int, n_blocks: int) -> np.ndarray:
    """The generator seed words of blocks ``first_block ..``: SeedSequence children of ``seed``."""
    ent = entropy(seed)
    return np.array(
        [
            np.random.SeedSequence(ent, spawn_key=(k,)).generate_state(1, np.uint32)[0]
            for k in range(first_block, first_block + n_blocks)
        ],
        dtype=np.int64,
    )


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


def summarize(blocks: Iterable[np.ndarray], players: int, n_rounds: int) -> dict[str, Any]:
    """Summary statistics of penalty blocks ``(rounds, players)``, in one pass (bounded memory).

    Returns ``rounds``; per seat ``mean`` and ``se`` of the penalty, ``zero`` (share of rounds with
    no penalty) and ``wins`` (share of rounds with the lowest penalty, equal lowest split evenly);
    ``round_mean`` (penalty per player per round) and its ``round_se`` from the per-round means
    (the seats of one round are not independent).
    """
    n = 0
    s1 = np.zeros(players)
    s2 = np.zeros(players)
    m1 = 0.0
    m2 = 0.0
    zero = np.zeros(players)
    wins = np.zeros(players)
    for block in blocks:
        x = block.astype(np.float64)
        n += len(x)
        s1 += x.sum(axis=0)
        s2 += (x * x).sum(axis=0)
        rm = x.mean(axis=1)
        m1 += rm.sum()
        m2 += (rm * rm).sum()
        zero += (block == 0).sum(axis=0)
        low = block == block.min(axis=1, keepdims=True)
        wins += (low / low.sum(axis=1, keepdims=True)).sum(axis=0)
    if n == 0:
        raise OptionError("n_rounds", n_rounds, "at least 1 round for a summary")
    mean = s1 / n
    var = np.maximum(s2 / n - mean * mean, 0.0) * n / max(n - 1, 1)
    rmean = m1 / n
    rvar = max(m2 / n - rmean * rmean, 0.0) * n / max(n - 1, 1)
    return {
        "rounds": n,
        "mean": mean,
        "se": np.sqrt(var / n),
        "zero": zero / n,
        "wins": wins / n,
        "round_mean": rmean,
        "round_se": float(np.sqrt(rvar / n)),
    }
