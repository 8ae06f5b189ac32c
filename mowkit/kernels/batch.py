"""Compiled tournament chunks: one call plays many tournament games and fills the table's columns.

:func:`mowkit.tournament.tournament` with ``backend="kernel"`` hands each chunk of game indices
to :func:`play_chunk` (or, for a whole table in memory, all chunks to :func:`play_table`), which
plays every game of the chunk in one numba call and fills the table's columns of
:data:`mowkit.tournament.COLUMNS` in a :class:`Columns` buffer: the int64 columns as the rows of
one block, ``winner`` bool, ``agent`` int8 (the index into the agent list); one row per player
per round, ordered by game, round and seat.

Everything about a game follows from ``(seed, game index)`` as :func:`mowkit.tournament.plan`
defines it: rotation ``g % n`` (``rotate``), deal ``g // n`` (``paired`` and ``rotate``) else
``g``, deal seed ``tournament.game_seed(seed, deal)``, seat s holds agent ``(s + rotation) % n``.

* **Deals**: the engine's. Round r of a deal is the r-th ``permutation(deck)`` of
  :func:`mowkit.kernels.common.deal_rng` ``(deal seed)``. The kernel computes them itself:
  :func:`_seed_state` is numpy's ``SeedSequence`` hash, :func:`_pcg_next` numpy's ``PCG64`` and
  :func:`_permute` ``Generator.permutation`` (masked rejection on 32-bit draws), so the deck
  orders are bit for bit numpy's (checked by the tests against numpy) with no Python per deal.
  The orders of a deal are made once and shared by its rotations when they are consecutive.
* **Random agents**: the kernel's own stream (numba's ``np.random``, as in the kernels), seeded
  for each game with ``SeedSequence([deal seed, rotation]).generate_state(1)[0]``: the rotations
  of one deal draw differently, and a game's table does not depend on the chunking (a game
  played alone equals the same game in a chunk of 10,000). A chunk player may keep that stream
  itself (:func:`_mt_seed`, :func:`_mt_next32`: numba's Mersenne Twister bit for bit, the next
  four games seeded at once, each word updated when drawn), which saves most of the cost of one
  ``np.random.seed`` per game; the tables are the same.
* Deterministic agents play exactly the engine's games (same deals, same choices).

This module is the same for every game: the seeds, the deck orders, the plan, the column
buffers and the driver of the chunk calls. Each game's chunk player lives in its own folder and
is found through its spec's ``batch`` slot (``runner(game)`` -> :class:`Runner`, e.g.
:mod:`mowkit.games.sixnimmt.batch`); it plays the rounds with its kernel's own round players, so
every option they support is supported here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from mowkit import registry
from mowkit.core import OptionError, check_int
from mowkit.kernels import call
from mowkit.kernels.common import policy_codes
from mowkit.spec import resolve

COLUMNS = ("game", "deal", "rotation", "round", "seat", "agent", "penalty", "total",
           "final_total", "rounds", "winner", "winners", "seed")
"""The columns filled, in the order of ``mowkit.tournament.COLUMNS``."""

LIMIT = 10_000
"""Rounds after which a game without ``max_rounds`` that has not reached the threshold is an error."""

INT_COLUMNS = ("game", "deal", "rotation", "round", "seat", "penalty", "total", "final_total", "rounds",
               "winners", "seed")
"""The int64 columns, in the order of the rows of :attr:`Columns.ints`."""

(C_GAME, C_DEAL, C_ROT, C_ROUND, C_SEAT, C_PEN, C_TOTAL, C_FINAL, C_ROUNDS, C_WINNERS,
 C_SEED) = range(len(INT_COLUMNS))

_OK, _FULL, _LONG = 0, 1, 2

# --------------------------------------------------------------------------- numpy's generators

_M32 = np.uint64(0xFFFFFFFF)
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_L = np.uint64(0xCA01F9DD)
_MIX_R = np.uint64(0x4973F715)
_S16 = np.uint64(16)
_S32 = np.uint64(32)
_S58 = np.uint64(58)
_S63 = np.uint64(63)
_U0 = np.uint64(0)
_U1 = np.uint64(1)
_U63 = np.uint64(63)
_PCG_MUL_HI = np.uint64(2549297995355413924)
_PCG_MUL_LO = np.uint64(4865540595714422341)


@njit(cache=True, inline="always")
def _hashmix(value, hc):
    """SeedSequence ``hashmix``: ``hc[0]`` is the running hash constant (uint32 in a uint64)."""
    value = (value ^ hc[0]) & _M32
    hc[0] = (hc[0] * _MULT_A) & _M32
    value = (value * hc[0]) & _M32
    return value ^ (value >> _S16)


@njit(cache=True, inline="always")
def _mix(x, y):
    r = (_MIX_L * x - _MIX_R * y) & _M32
    return r ^ (r >> _S16)


@njit(cache=True)
def _seed_state(ent, nent, n_words, out):
    """``SeedSequence(entropy).generate_state(n_words, uint32)`` into ``out[:n_words]``.

    ``ent[:nent]`` are the assembled entropy words (uint32 values in uint64), as numpy builds them
    from the entropy and spawn key (pool size 4).
    """
    pool = np.empty(4, np.uint64)
    hc = np.empty(1, np.uint64)
    hc[0] = _INIT_A
    for i in range(4):
        pool[i] = _hashmix(ent[i] if i < nent else _U0, hc)
    for i_src in range(4):
        for i_dst in range(4):
            if i_src != i_dst:
                pool[i_dst] = _mix(pool[i_dst], _hashmix(pool[i_src], hc))
    for i_src in range(4, nent):
        for i_dst in range(4):
            pool[i_dst] = _mix(pool[i_dst], _hashmix(ent[i_src], hc))
    h = _INIT_B
    for i in range(n_words):
        v = (pool[i % 4] ^ h) & _M32
        h = (h * _MULT_B) & _M32
        v = (v * h) & _M32
        out[i] = v ^ (v >> _S16)


@njit(cache=True, inline="always")
def _put_words(ent, at, x):
    """numpy's ``_int_to_uint32_array(x)`` (x >= 0) at ``ent[at:]``; returns the new length."""
    x = np.uint64(x)
    if x == _U0:
        ent[at] = _U0
        return at + 1
    while x > _U0:
        ent[at] = x & _M32
        x = x >> _S32
        at += 1
    return at


@njit(cache=True)
def _game_seed(seed_words, deal, ent, words):
    """``tournament.game_seed(seed, deal)``: ``SeedSequence([seed, deal])``, one uint64, >> 1."""
    k = seed_words.shape[0]
    for i in range(k):
        ent[i] = seed_words[i]
    k = _put_words(ent, k, deal)
    _seed_state(ent, k, 2, words)
    return np.int64((words[0] | (words[1] << _S32)) >> _U1)


@njit(cache=True)
def _agent_seed(deal_seed, rotation, ent, words):
    """The random agents' ``np.random.seed`` word: ``SeedSequence([deal_seed, rotation])``, one uint32."""
    k = _put_words(ent, 0, deal_seed)
    k = _put_words(ent, k, rotation)
    _seed_state(ent, k, 1, words)
    return np.int64(words[0])


@njit(cache=True, inline="always")
def _mul_hi(a, b):
    """High 64 bits of the 128-bit product of two uint64."""
    a0 = a & _M32
    a1 = a >> _S32
    b0 = b & _M32
    b1 = b >> _S32
    p0 = a0 * b0
    p1 = a0 * b1
    p2 = a1 * b0
    p3 = a1 * b1
    mid = (p0 >> _S32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _S32) + (p2 >> _S32) + (mid >> _S32)


@njit(cache=True, inline="always")
def _pcg_step(st):
    """PCG64 state <- state * multiplier + increment (mod 2**128); st = [hi, lo, inc_hi, inc_lo, ...]."""
    hi = st[0]
    lo = st[1]
    nhi = _mul_hi(lo, _PCG_MUL_LO) + lo * _PCG_MUL_HI + hi * _PCG_MUL_LO
    nlo = lo * _PCG_MUL_LO
    lo2 = nlo + st[3]
    carry = _U1 if lo2 < nlo else _U0
    st[0] = nhi + st[2] + carry
    st[1] = lo2


@njit(cache=True, inline="always")
def _pcg_next(st):
    """PCG64 ``next_uint64`` (XSL-RR output of the stepped state)."""
    _pcg_step(st)
    hi = st[0]
    v = hi ^ st[1]
    r = hi >> _S58
    return (v >> r) | (v << ((_U0 - r) & _U63))


@njit(cache=True, inline="always")
def _pcg_next32(st):
    """PCG64 ``next_uint32``: the low half of a 64-bit draw, the high half kept for the next call."""
    if st[4] != _U0:
        st[4] = _U0
        return st[5]
    v = _pcg_next(st)
    st[4] = _U1
    st[5] = v >> _S32
    return v & _M32


@njit(cache=True)
def _pcg_seed(st, deal_seed, ent, words):
    """``default_rng(SeedSequence(deal_seed).spawn(1)[0])``'s PCG64 state (``common.deal_rng``)."""
    k = _put_words(ent, 0, deal_seed)
    while k < 4:
        ent[k] = _U0
        k += 1
    ent[k] = _U0  # spawn key (0,)
    _seed_state(ent, k + 1, 8, words)
    s_hi = words[0] | (words[1] << _S32)
    s_lo = words[2] | (words[3] << _S32)
    i_hi = words[4] | (words[5] << _S32)
    i_lo = words[6] | (words[7] << _S32)
    st[0] = _U0
    st[1] = _U0
    st[2] = (i_hi << _U1) | (i_lo >> _S63)
    st[3] = (i_lo << _U1) | _U1
    _pcg_step(st)
    lo = st[1] + s_lo
    carry = _U1 if lo < st[1] else _U0
    st[0] = st[0] + s_hi + carry
    st[1] = lo
    _pcg_step(st)
    st[4] = _U0
    st[5] = _U0


@njit(cache=True, inline="always")
def _interval(st, mx):
    """numpy's ``random_interval(max)`` for max < 2**32: masked rejection on 32-bit draws."""
    if mx == 0:
        return 0
    m = np.uint64(mx)
    mask = m
    mask |= mask >> np.uint64(1)
    mask |= mask >> np.uint64(2)
    mask |= mask >> np.uint64(4)
    mask |= mask >> np.uint64(8)
    mask |= mask >> np.uint64(16)
    v = _pcg_next32(st) & mask
    while v > m:
        v = _pcg_next32(st) & mask
    return np.int64(v)


@njit(cache=True, inline="always")
def _permute(st, deck, out):
    """``Generator.permutation(deck)`` into ``out`` (numpy's shuffle from the end)."""
    m = deck.shape[0]
    for i in range(m):
        out[i] = deck[i]
    for i in range(m - 1, 0, -1):
        j = _interval(st, i)
        t = out[j]
        out[j] = out[i]
        out[i] = t


@njit(cache=True)
def _seed_orders(deal_seed, deck, n_rounds):
    """The first ``n_rounds`` deck orders of ``common.deal_rng(deal_seed)``: ``(n_rounds, deck)``."""
    ent = np.empty(16, np.uint64)
    words = np.empty(8, np.uint64)
    st = np.empty(6, np.uint64)
    _pcg_seed(st, deal_seed, ent, words)
    out = np.empty((n_rounds, deck.shape[0]), np.int64)
    for r in range(n_rounds):
        _permute(st, deck, out[r])
    return out


@njit(cache=True)
def _game_seeds(seed_words, deals):
    ent = np.empty(seed_words.shape[0] + 4, np.uint64)
    words = np.empty(2, np.uint64)
    out = np.empty(deals.shape[0], np.int64)
    for i in range(deals.shape[0]):
        out[i] = _game_seed(seed_words, deals[i], ent, words)
    return out


def seed_words(seed: int) -> np.ndarray:
    """The uint32 words numpy's ``SeedSequence`` makes of a non-negative int, as uint64."""
    seed = check_int("seed", seed, 0)
    words = [seed & 0xFFFFFFFF]
    seed >>= 32
    while seed:
        words.append(seed & 0xFFFFFFFF)
        seed >>= 32
    return np.array(words, np.uint64)


def game_seeds(seed: int, deals: Sequence[int] | np.ndarray) -> np.ndarray:
    """``[tournament.game_seed(seed, d) for d in deals]`` computed in the kernel (int64)."""
    return _game_seeds(seed_words(seed), np.asarray(deals, np.int64))


def deal_orders(deal_seed: int, deck: Sequence[int], n_rounds: int) -> np.ndarray:
    """``common.seed_deals(deck, [deal_seed], n_rounds)[0]`` computed in the kernel."""
    check_int("deal_seed", deal_seed, 0)
    if deal_seed >= 1 << 63:
        raise OptionError("deal_seed", deal_seed, "an int in 0 .. 2**63 - 1")
    return _seed_orders(np.int64(deal_seed), np.asarray(deck, np.int64), check_int("n_rounds", n_rounds, 1))


def agent_seed(deal_seed: int, rotation: int) -> int:
    """The random agents' ``np.random.seed`` word of a game: ``SeedSequence([deal_seed, rotation])``."""
    return int(np.random.SeedSequence([deal_seed, rotation]).generate_state(1)[0])


# --------------------------------------------------------------------------- numba's np.random, four at a time

_MT_N = 624
_MT_GANG = 4
_MT_UPPER = np.uint64(0x80000000)
_MT_LOWER = np.uint64(0x7FFFFFFF)
_MT_MATRIX = np.uint64(0x9908B0DF)
_MT_INIT = np.uint64(1812433253)
_S1 = np.uint64(1)
_S11 = np.uint64(11)
_S7 = np.uint64(7)
_S15 = np.uint64(15)
_S18 = np.uint64(18)
_S30 = np.uint64(30)
_TEMPER_B = np.uint64(0x9D2C5680)
_TEMPER_C = np.uint64(0xEFC60000)


@njit(cache=True)
def _mt_seed(mt, idx, words, g):
    """``np.random.seed(words[j])`` of numba (numpy's legacy Mersenne Twister) into row j of ``mt``, j < g.

    The rows' initialisation recurrences are independent, so they run interleaved (about as fast
    for four seeds as one ``np.random.seed``). ``idx[j] = 624``: the next draw starts a new block.
    """
    for j in range(g):
        mt[j, 0] = words[j]
        idx[j] = _MT_N
    for pos in range(1, _MT_N):
        for j in range(g):
            x = np.uint64(mt[j, pos - 1])
            mt[j, pos] = (_MT_INIT * (x ^ (x >> _S30)) + np.uint64(pos)) & _M32


@njit(cache=True, inline="always")
def _mt_next32(mt, idx, j):
    """The next ``np.random.randint(0, 2**32)`` of row j: its word is twisted when it is drawn.

    The Mersenne Twister's block update, done in order one word per draw instead of all 624
    words at once, reads the same words (the 397th ahead not yet updated, the 227th behind already
    updated), so the stream is numba's bit for bit.
    """
    i = idx[j]
    if i == _MT_N:
        i = 0
    i1 = i + 1 if i < _MT_N - 1 else 0
    im = i + 397 if i < _MT_N - 397 else i - (_MT_N - 397)
    y = (np.uint64(mt[j, i]) & _MT_UPPER) | (np.uint64(mt[j, i1]) & _MT_LOWER)
    v = np.uint64(mt[j, im]) ^ (y >> _S1)
    if y & _S1:
        v ^= _MT_MATRIX
    mt[j, i] = v
    idx[j] = i + 1
    v ^= v >> _S11
    v ^= (v << _S7) & _TEMPER_B
    v ^= (v << _S15) & _TEMPER_C
    v ^= v >> _S18
    return np.int64(v & _M32)


@njit(cache=True, inline="always")
def _mt_below(mt, idx, j, m):
    """``mowkit.games.sixnimmt.kernel._below(m)`` on row j: uniform 0..m-1 (Lemire's method)."""
    x = _mt_next32(mt, idx, j) * m
    lo = x & 0xFFFFFFFF
    if lo < m:
        t = ((1 << 32) - m) % m
        while lo < t:
            x = _mt_next32(mt, idx, j) * m
            lo = x & 0xFFFFFFFF
    return x >> 32


@njit(cache=True)
def _mt_draws(word, count):
    """``count`` draws of :func:`_mt_next32` after :func:`_mt_seed` of ``word`` (for the tests)."""
    mt = np.empty((1, _MT_N), np.uint32)
    idx = np.empty(1, np.int64)
    w = np.empty(1, np.int64)
    w[0] = word
    _mt_seed(mt, idx, w, 1)
    out = np.empty(count, np.int64)
    for i in range(count):
        out[i] = _mt_next32(mt, idx, 0)
    return out


# --------------------------------------------------------------------------- what every chunk player uses


@njit(cache=True)
def _plan(seed_words, games, n, paired, rotate):
    """Deal, rotation and deal seed of every game index (``tournament.plan``), one pass."""
    m = games.shape[0]
    deals = np.empty(m, np.int64)
    rots = np.empty(m, np.int64)
    dseeds = np.empty(m, np.int64)
    ent = np.empty(seed_words.shape[0] + 4, np.uint64)
    words = np.empty(2, np.uint64)
    for i in range(m):
        g = games[i]
        rots[i] = g % n if rotate else 0
        deals[i] = g // n if (paired and rotate) else g
        if i > 0 and deals[i] == deals[i - 1]:
            dseeds[i] = dseeds[i - 1]
        else:
            dseeds[i] = _game_seed(seed_words, deals[i], ent, words)
    return deals, rots, dseeds


@njit(cache=True, inline="always")
def _finish_game(ints, win, row0, k, n, tot):
    """Fill final total, rounds, winner and winners of the rows ``row0 .. k`` of one game."""
    best = tot[0]
    for p in range(1, n):
        if tot[p] < best:
            best = tot[p]
    nwin = 0
    for p in range(n):
        if tot[p] == best:
            nwin += 1
    nrounds = (k - row0) // n
    for j in range(row0, k):
        s = ints[C_SEAT, j]
        ints[C_FINAL, j] = tot[s]
        ints[C_ROUNDS, j] = nrounds
        win[j] = tot[s] == best
        ints[C_WINNERS, j] = nwin


@njit(cache=True, inline="always")
def _write_round(ints, agt, k, g, deal, rot, r, n, pen, tot, dseed):
    for p in range(n):
        tot[p] += pen[p]
        ints[C_GAME, k] = g
        ints[C_DEAL, k] = deal
        ints[C_ROT, k] = rot
        ints[C_ROUND, k] = r
        ints[C_SEAT, k] = p
        agt[k] = (p + rot) % n
        ints[C_PEN, k] = pen[p]
        ints[C_TOTAL, k] = tot[p]
        ints[C_SEED, k] = dseed
        k += 1
    return k


@njit(cache=True, inline="always")
def _order(r, have, buf, st, deck):
    """Round r's deck order of the current deal (made on demand); returns (buf, have)."""
    while have <= r:
        if have == buf.shape[0]:
            nb = np.empty((2 * buf.shape[0], buf.shape[1]), np.int64)
            nb[:have] = buf[:have]
            buf = nb
        _permute(st, deck, buf[have])
        have += 1
    return buf, have


# --------------------------------------------------------------------------- Python API


class Runner(NamedTuple):
    """A game's compiled tournament chunk player and its arguments: what the spec's ``batch`` slot
    (``runner(game)``, e.g. :func:`mowkit.games.sixnimmt.batch.runner`) returns.

    ``chunk(ints, win, agt, k0, games, deals, rots, dseeds, start, n, codes, any_random, threshold,
    strict, stop_at, strict_stop, *extra)`` plays games ``start ..`` of the plan (game index,
    deal, rotation, deal seed per game) into the column buffers (as :class:`Columns`: ``ints``
    (len(INT_COLUMNS), capacity) int64, ``win`` bool, ``agt`` int8) from row ``k0`` on and returns
    (next game, end row, status). Status 0: all played; 1: the buffers are full (game ``next``
    not written, the rows before ``end row`` kept); 2: game ``next`` ran ``stop_at`` rounds
    without reaching the threshold (``strict_stop``: an error).

    ``extra``: the game's own arguments; ``game``: the game as the kernel checked it
    (``players``, ``threshold``, ``comparison``, ``max_rounds``); ``policies``: the kernel's
    policy table (name -> code); ``random``: the codes of the policies that draw random numbers.
    """

    chunk: Any
    extra: tuple
    game: Any
    policies: Mapping[str, int]
    random: tuple[int, ...]


def _runner(game: Any) -> Runner:
    """The chunk player of ``game`` from its spec's ``batch`` slot (options checked as the kernels do)."""
    spec = registry.spec_of(game)
    if spec.batch is None:
        raise OptionError("game", game.name, " or ".join(repr(s.name) for s in registry.specs() if s.batch is not None))
    return resolve(spec.batch)(game)  # type: ignore[no-any-return]


def plan_arrays(seed: int, games: Sequence[int] | np.ndarray, players: int, paired: bool = True,
                rotate: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(games, deals, rotations, deal seeds)`` int64 arrays of :func:`mowkit.tournament.plan`."""
    idx = np.ascontiguousarray(np.asarray(games, dtype=np.int64).reshape(-1))
    if len(idx) and idx.min() < 0:
        raise OptionError("games", int(idx.min()), "game indices >= 0")
    deals, rots, dseeds = _plan(seed_words(seed), idx, check_int("players", players, 1), bool(paired), bool(rotate))
    return idx, deals, rots, dseeds


class Columns:
    """The column buffers of a results table, filled by the chunk players and grown on demand.

    ``ints``: one int64 row per name of :data:`INT_COLUMNS` (each row a contiguous column);
    ``winner``: bool; ``agent``: int8, the index into the tournament's agent list. Rows
    ``0 .. rows`` are filled. Room reserved beyond them is never written, so (untouched pages
    of a large allocation taking no memory) a generous reservation costs nothing.
    """

    def __init__(self, capacity: int = 0) -> None:
        capacity = max(int(capacity), 1)
        self.ints = np.empty((len(INT_COLUMNS), capacity), np.int64)
        self.winner = np.empty(capacity, np.bool_)
        self.agent = np.empty(capacity, np.int8)
        self.rows = 0

    @property
    def capacity(self) -> int:
        """Rows the buffers can hold."""
        return int(self.winner.shape[0])

    def reserve(self, capacity: int) -> None:
        """Room for at least ``capacity`` rows; the filled rows are kept (copied when it grows)."""
        if capacity <= self.capacity:
            return
        r = self.rows
        ints = np.empty((len(INT_COLUMNS), capacity), np.int64)
        winner = np.empty(capacity, np.bool_)
        agent = np.empty(capacity, np.int8)
        ints[:, :r] = self.ints[:, :r]
        winner[:r] = self.winner[:r]
        agent[:r] = self.agent[:r]
        self.ints, self.winner, self.agent = ints, winner, agent

    def arrays(self, start: int = 0) -> dict[str, np.ndarray]:
        """Views of the filled rows from ``start`` on, one per name of :data:`COLUMNS` (no copy)."""
        stop = self.rows
        out: dict[str, np.ndarray] = {name: self.ints[i, start:stop] for i, name in enumerate(INT_COLUMNS)}
        out["winner"] = self.winner[start:stop]
        out["agent"] = self.agent[start:stop]
        return {c: out[c] for c in COLUMNS}


def play_chunk(game: Any, policies: Sequence[str | int], seed: int, games: Sequence[int] | np.ndarray,
               paired: bool = True, rotate: bool = True) -> dict[str, np.ndarray]:
    """Play tournament games ``games`` of ``game`` in the compiled kernel: the table's column arrays.

    Args:
        game: a game whose spec has a ``batch`` runner (``load_game``); its options are the
            kernel's options.
        policies: the kernel policy of each agent of the tournament's agent list (names of
            the game kernel's ``POLICIES`` or their codes); seat s of game g holds agent
            ``(s + rotation) % n``.
        seed: the tournament seed. ``games``: game indices; ``paired``/``rotate`` as in
            :func:`mowkit.tournament.plan`.

    Returns one array per name of :data:`COLUMNS`: int64, except ``winner`` (bool) and
    ``agent`` (int8, the agent index); one row per player per round, ordered by game (as
    listed), round and seat.
    """
    return play_games(game, policies, *plan_arrays(seed, games, game.num_players, paired, rotate))


def play_table(game: Any, policies: Sequence[str | int], seed: int, chunks: Sequence[Sequence[int]],
               paired: bool = True, rotate: bool = True,
               step: Callable[[int], None] | None = None) -> dict[str, np.ndarray]:
    """:func:`play_chunk` of every chunk of game indices, in order, into one set of column arrays.

    The same rows as the chunks' tables one after the other, without concatenating them: the
    buffers are reserved once for all the games (from a sample of the first chunk) and every
    chunk is written after the previous one. ``step(games)`` is called after each chunk.
    """
    out = Columns(0)
    left = sum(len(c) for c in chunks)
    per_game = None
    for c in chunks:
        plan = plan_arrays(seed, c, game.num_players, paired, rotate)
        per_game = _play_into(out, game, policies, plan, per_game, left)
        left -= len(c)
        if step is not None:
            step(len(c))
    return out.arrays()


def play_games(game: Any, policies: Sequence[str | int], games: np.ndarray, deals: np.ndarray,
               rotations: np.ndarray, deal_seeds: np.ndarray, out: Columns | None = None) -> dict[str, np.ndarray]:
    """:func:`play_chunk` on an explicit plan: per game its index, deal, rotation and deal seed.

    With ``out`` the rows are appended to those buffers (grown when needed); the arrays returned
    are views of the rows this call added.
    """
    out = Columns(0) if out is None else out
    row0 = out.rows
    _play_into(out, game, policies, (games, deals, rotations, deal_seeds), None, 0)
    return out.arrays(row0)


def _play_into(out: Columns, game: Any, policies: Sequence[str | int], plan_in: Sequence[Any],
               per_game: int | None, reserve_games: int) -> int:
    """Append the games of the plan to ``out``; returns the rows per game reserved for them.

    ``per_game`` (None: estimated from a sample of these games) rows are reserved per game; when
    the buffers must grow, they grow for ``reserve_games`` games at once (at least these).
    """
    run = _runner(game)

    def player(*a: Any) -> Any:  # the first use without a cache says that it compiles
        return call(run.chunk, *a, seconds=20)

    g = run.game
    n = g.players
    codes = policy_codes(list(policies), n, run.policies)
    any_random = bool(np.isin(codes, run.random).any())
    plan = [np.ascontiguousarray(np.asarray(a, dtype=np.int64).reshape(-1)) for a in plan_in]
    if len({len(a) for a in plan}) != 1:
        raise OptionError("plan", [len(a) for a in plan], "as many deals, rotations and seeds as games")
    if len(plan[3]) and plan[3].min() < 0:
        raise OptionError("deal_seeds", int(plan[3].min()), "seeds >= 0")
    m = len(plan[0])
    stop_at = g.max_rounds if g.max_rounds is not None else LIMIT
    strict_stop = g.max_rounds is None
    args = (n, codes, any_random, g.threshold, g.comparison == ">", stop_at, strict_stop, *run.extra)
    if per_game is None:
        per_game = _rows_per_game(player, plan, args, n, g.max_rounds)
    start = 0
    while True:
        need = out.rows + max(per_game * (m - start), n * 16)
        if need > out.capacity:
            out.reserve(max(need, out.rows + per_game * max(reserve_games - start, 0)))
        start2, rows, status = player(out.ints, out.winner, out.agent, out.rows, *plan, start, *args)
        added = rows - out.rows
        out.rows = rows
        if status == _LONG:
            raise RuntimeError(f"game {int(plan[0][start2])}: no total reached the threshold in {LIMIT:,} rounds")
        if status == _OK:
            return per_game
        if start2 == start:  # one game longer than the room left: give it more room
            per_game *= 4
        else:  # room for the rest at the rate seen so far, with a margin
            per_game = max(per_game, -(-5 * added // (4 * (start2 - start))) + n)
        start = start2


def _rows_per_game(player: Any, plan: list[np.ndarray], args: tuple, n: int, max_rounds: int | None) -> int:
    """Rows to reserve per game: ``n * max_rounds`` when small, else the rate of a small sample + 25 %.

    The buffers then hold the games in one piece (no copy) without writing far more than they use;
    games that need more make the buffers grow.
    """
    if max_rounds is not None and max_rounds <= 8:
        return n * max_rounds
    m = len(plan[0])
    k = min(64, m // 16)
    if k < 16:
        return n * 8
    scratch = Columns(n * k * 32)
    done, rows, status = player(scratch.ints, scratch.winner, scratch.agent, 0, *(a[:k] for a in plan), 0, *args)
    if status != _OK:
        return n * 8
    return -(-5 * rows // (4 * k)) + n


def warm_up(full: bool = False) -> None:
    """Compile (or load from the cache) the chunk player of every game that has one, with one tiny
    game (the default options, one round where the game has ``max_rounds``; the kernel's policies
    in turn; ``full``: the same)."""
    for spec in registry.specs():
        if spec.batch is None:
            continue
        short = {"max_rounds": 1} if "max_rounds" in registry.game_options(spec.game_class()) else {}
        game = registry.load_game(spec.name, **short)
        names = list(_runner(game).policies)
        play_chunk(game, [names[i % len(names)] for i in range(game.num_players)], 0, [0])
