"""Python-side helpers shared by the compiled kernels: seeds, deal streams, deck orders, policies."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from mowkit.core import OptionError, check_int, check_seed, deal_rng  # noqa: F401  (deal_rng re-exported)
from mowkit.kernels import call


def entropy(seed: int | None) -> int | Sequence[int]:
    """The SeedSequence entropy of a kernel run: ``seed`` (checked), or fresh entropy for None."""
    if seed is None:
        fresh = np.random.SeedSequence().entropy
        assert fresh is not None  # a SeedSequence made without entropy draws it
        return fresh
    return check_seed(seed)  # the kit's seed rule: 0 <= seed < 2**63


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


def split_trace(trace: np.ndarray, used: int, m: int) -> list[np.ndarray]:
    """The first ``used`` rows of a kernel trace (column 0 the round, in play order) cut into
    ``m`` arrays, one per round (copies)."""
    if used > len(trace):  # pragma: no cover - the kernels size their traces
        raise RuntimeError(f"trace too short: {used} decisions for {len(trace)} rows")
    rows = trace[:used]
    cut = np.searchsorted(rows[:, 0], np.arange(m + 1), side="left")
    return [rows[cut[i]:cut[i + 1]].copy() for i in range(m)]


# --------------------------------------------------------------------------- the shared driver


class KernelDriver:
    """The Python side both kernels share: options, policy codes, seeds, chunks, deck orders, traces.

    A kernel module makes one (``game_cls`` the engine's game class, ``policies`` its policy
    table, the option names of a round and of a whole game, the block size of its random streams)
    and keeps only what its compiled functions need: the arguments it packs and the function it calls.
    """

    def __init__(self, game_cls: type, policies: Mapping[str, int], round_options: Sequence[str],
                 game_options: Sequence[str], block: int) -> None:
        self.game_cls = game_cls
        self.policies = policies
        self.round_options = tuple(round_options)
        self.game_options = tuple(game_options)
        self.block = block

    def game(self, players: int, options: Mapping[str, Any], allowed: Sequence[str]) -> Any:
        """The engine's game for ``options`` (checked by the engine), refusing names not in ``allowed``."""
        for name in options:
            if name not in allowed:
                raise OptionError(name, options[name], "an option among " + ", ".join(allowed))
        return self.game_cls(players=players, **options)

    def codes(self, policies: str | Sequence[str | int], players: int) -> np.ndarray:
        """Integer policy codes, one per seat (see :func:`policy_codes`)."""
        return policy_codes(policies, players, self.policies)

    def seeds(self, entropy: Any, first: int, size: int) -> np.ndarray:
        """The generator seed words of the blocks holding items ``first .. first + size``."""
        return block_seeds(entropy, first // self.block, -(-size // self.block))

    def iter_rounds(self, players: int, policies: str | Sequence[str | int], n_rounds: int,
                    seed: int | None, chunk: int, options: Mapping[str, Any],
                    fill: Callable[[Any, np.ndarray, np.ndarray, np.ndarray, int], None],
                    dtype: Callable[[Any], type]) -> Iterator[np.ndarray]:
        """Independent rounds in chunks of ``chunk`` (rounded up to whole blocks): arrays
        ``(rows, players)``; ``fill(game, codes, out, seeds, start)`` plays a chunk into ``out``."""
        game = self.game(players, options, self.round_options)
        codes = self.codes(policies, players)
        check_int("n_rounds", n_rounds, 0)
        check_int("chunk", chunk, 1)
        ent = entropy(seed)
        size = -(-chunk // self.block) * self.block

        def chunks() -> Iterator[np.ndarray]:
            for start in range(0, n_rounds, size):
                out: np.ndarray = np.empty((min(size, n_rounds - start), players), dtype(game))
                fill(game, codes, out, self.seeds(ent, start, len(out)), start)
                yield out

        return chunks()

    def simulate_rounds(self, rounds: Iterator[np.ndarray], players: int, options: Mapping[str, Any],
                        n_rounds: int, dtype: Callable[[Any], type]) -> np.ndarray:
        """One array of the rounds of :meth:`iter_rounds` made with a single chunk."""
        chunks = list(rounds)
        if not chunks:
            return np.empty((0, players), dtype(self.game(players, options, self.round_options)))
        return chunks[0]

    def game_limit(self, game: Any, default: int) -> int:
        """Rounds a whole game may last: ``max_rounds``, else the safety stop ``default``."""
        return game.max_rounds if game.max_rounds is not None else default

    def check_games(self, game: Any, rounds: np.ndarray, limit: int) -> None:
        """``RuntimeError`` when a game without ``max_rounds`` ran into the safety stop ``limit``."""
        if game.max_rounds is None and len(rounds) and rounds.max() >= limit:
            raise RuntimeError(f"a game did not reach the threshold in {limit:,} rounds")

    def deals(self, game: Any, deals: Sequence[Sequence[int]] | np.ndarray) -> np.ndarray:
        """Deck orders of ``game``'s deck as a contiguous int64 array (see :func:`check_deals`)."""
        return check_deals(deals, game.deck)

    def seed_deals(self, players: int, seeds: Sequence[int], n_rounds: int,
                   options: Mapping[str, Any]) -> np.ndarray:
        """Deck orders ``(len(seeds), n_rounds, deck)`` that ``play_state`` deals per seed."""
        return seed_deals(self.game(players, options, self.game_options).deck, seeds, n_rounds)

    def trace(self, rounds: int, per_round: int, width: int) -> tuple[np.ndarray, np.ndarray]:
        """An empty trace of ``rounds * per_round`` rows of ``width`` columns and its counter
        (``[rows used, current round]``)."""
        return np.zeros((rounds * per_round + 2, width), np.int64), np.zeros(2, np.int64)

    @staticmethod
    def call(kernel: Any, *args: Any, seconds: float = 5.0) -> Any:
        """Run compiled ``kernel`` (saying so on a cold first use: :func:`mowkit.kernels.call`)."""
        return call(kernel, *args, seconds=seconds)
