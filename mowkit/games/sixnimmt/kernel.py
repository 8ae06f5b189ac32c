"""Compiled 6 nimmt! kernel: whole rounds and games of the built-in agents on integer arrays.

The rule engine :mod:`mowkit.games.sixnimmt` stays the definition of the rules; this module
replays them with numba for the built-in policies, one per seat:

=============  ============================================  =================================
policy         card choice                                   Rule 4 row
=============  ============================================  =================================
``random``     uniformly random card                         fewest heads, ties lowest index
``random_row`` uniformly random card                         uniformly random row
``lowest``     lowest card                                   fewest heads, cards, lowest index
``highest``    highest card                                  fewest heads, cards, lowest index
``greedy``     smallest immediate penalty (GreedyAgent)      fewest heads, cards, lowest index
=============  ============================================  =================================

These are exactly the choices of :mod:`mowkit.games.sixnimmt.agents` (``random_row`` is
``RandomAgent(row="random")``); ``auto_row=True`` makes every Rule 4 choice "fewest heads, ties
to the lowest index", as in the engine. Professional ties go to the first placement (lowest row
index), as every built-in agent does. In the ``logic`` variant ``lowest``/``highest`` draft the
lowest/highest face-up card and the others draft at random, like the agents.

Options are validated by building the engine's :class:`~mowkit.games.sixnimmt.SixNimmt` (same
names, same :class:`~mowkit.core.OptionError`): ``rows``, ``capacity``, ``hand_size``,
``variant`` (``tactics``, ``logic``, ``professional``), ``auto_row``, and for whole games
``threshold``, ``comparison``, ``max_rounds``. Heads come from ``mowkit.data.sixnimmt_heads()``.

Entry points: :func:`simulate_rounds` / :func:`iter_rounds` / :func:`summarize_rounds`
(independent rounds), :func:`simulate_games` (whole games), :func:`play_deals` (rounds on
given deck orders, e.g. a state's ``state.deals``) and :func:`play_seeds` (whole games on the
deals ``simulate.play_state(game, agents, seed)`` makes), the last two for cross-checks, and
:func:`trace_deals` (rounds on given deck orders with every decision recorded with the position it
was asked in, so the engine can replay every policy decision by decision, random ones included;
the trace is a separate compiled specialisation, ``trace=None`` compiles the untraced kernels
unchanged). The Python side (options, policies, seeds, chunks, deals, traces) is
:class:`mowkit.kernels.common.KernelDriver`, shared with the Mow kernel.

Random streams. Rounds (or games) are played in blocks of :data:`BLOCK`; block ``k`` starts
from the sorted deck with the xoshiro256** generator of :mod:`mowkit.kernels.rng` seeded (by
splitmix64) from ``w = SeedSequence(seed, spawn_key=(k,)).generate_state(1)[0]``. So the same
seed gives the same results in any process, and a chunked run (:func:`iter_rounds`) gives the
same rounds as one call. Every random integer below m comes from the top 32 bits of one draw
by Lemire's multiply-and-reject method (unbiased). The kernel's random choices do not follow the
engine's generators: only deterministic policies on the same deals give identical penalties;
random ones agree in distribution. A random deal is a partial Fisher-Yates shuffle of the cards
in play; since the order of a dealt hand is then itself uniformly random, a ``random`` seat
plays its dealt cards in (reverse) deal order, which is the same distribution as a uniformly
random card each turn at no extra draw (on given deals, :func:`play_deals`, it draws a random
card each turn). When every seat is ``random`` (no variant) the rounds come from a leaner loop
(:func:`_random_rounds_kernel`) that plays exactly the same rounds. :func:`mc_card_values`
seeds the generator with ``seed``; each rollout deals the unseen cards and shuffles the
player's own hand, then every seat plays its hand in that order (the same distribution as a
random card each turn). Before issue 13 the kernels drew from numba's ``np.random`` (Mersenne
Twister), so random results of earlier versions differ (in value, not in distribution); the
helpers without the ``_s`` suffix still do, for other compiled callers.

Compiled functions are cached on disk in the user cache folder of
:func:`mowkit.kernels.cache_dir` (never in the package folder). The first use of an entry point
without a cache compiles it (2-5 s each; a line on stderr says so), later processes load the
cache in about half a second. :func:`warm_up` (or ``python -m mowkit.kernels.warm``) forces it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import overload

from mowkit.core import OptionError, check_int
from mowkit.data import sixnimmt_heads
from mowkit.games.sixnimmt import SixNimmt
from mowkit.games.sixnimmt import primitives as P
from mowkit.games.sixnimmt.policies import AGENT_DEFAULTS, AGENT_POLICIES  # noqa: F401  (read by kernels.common.policy_params)
from mowkit.kernels import common, rng

RANDOM, LOWEST, HIGHEST, GREEDY, RANDOM_ROW = 0, 1, 2, 3, 4
POLICIES: dict[str, int] = {
    "random": RANDOM,
    "lowest": LOWEST,
    "highest": HIGHEST,
    "greedy": GREEDY,
    "random_row": RANDOM_ROW,
}
"""Policy name -> the integer code the kernel uses for a seat."""

BLOCK = 4096
"""Rounds (or games) played per seeding of the generator; chunks are multiples of it."""

_NO_LIMIT = 1_000_000  # rounds per game when max_rounds is None (a safety stop, see simulate_games)
_BIG = 1 << 30

D_CARD, D_ROW, D_PLACE, D_DRAFT, D_END = 0, 1, 2, 3, 4
"""Decision kinds of a trace (:func:`trace_deals`): a card choice, a Rule 4 row, a professional
tie, a logic draft; ``D_END`` is the row of the position at the end of a round (no decision)."""
TRACE_HEADER = ("round", "kind", "seat", "options", "choice", "card", "arg")
"""The first columns of a trace row; the position follows (see :func:`decode_trace`)."""
_HDR = len(TRACE_HEADER)


def trace_width(players: int, rows: int, hand_size: int) -> int:
    """Columns of a trace row: the header, per row (first, last, cards, heads), per seat
    (heads taken this round, hand size, the hand padded to ``hand_size``)."""
    return _HDR + 4 * rows + players * (2 + hand_size)


def _rec(trace, tlen, kind, seat, options, choice, card, arg, rows_valid, first, last, rcnt, rhd,
         hands, hcnt, pen):
    """Append a decision and the position when it is asked to ``trace`` (a no-op without a trace)."""


@overload(_rec, inline="always")
def _rec_impl(trace, tlen, kind, seat, options, choice, card, arg, rows_valid, first, last, rcnt, rhd,
              hands, hcnt, pen):
    if isinstance(trace, types.NoneType):  # inlined as nothing: the untraced kernels do not change
        def nothing(trace, tlen, kind, seat, options, choice, card, arg, rows_valid, first, last,
                    rcnt, rhd, hands, hcnt, pen):
            return None
        return nothing

    def record(trace, tlen, kind, seat, options, choice, card, arg, rows_valid, first, last, rcnt,
               rhd, hands, hcnt, pen):
        _rec_write(trace, tlen, kind, seat, options, choice, card, arg, rows_valid, first, last, rcnt,
                   rhd, hands, hcnt, pen)
    return record


@njit(cache=True)
def _rec_write(trace, tlen, kind, seat, options, choice, card, arg, rows_valid, first, last, rcnt, rhd,
               hands, hcnt, pen):
    """The trace row of :func:`_rec`: the header, then the position (see :func:`trace_width`)."""
    t = tlen[0]
    tlen[0] = t + 1
    if t >= trace.shape[0]:
        return
    row = trace[t]
    row[:] = 0
    row[0] = tlen[1]
    row[1] = kind
    row[2] = seat
    row[3] = options
    row[4] = choice
    row[5] = card
    row[6] = arg
    nrows = first.shape[0]
    j = _HDR
    for r in range(nrows):
        if rows_valid:
            row[j] = first[r]
            row[j + 1] = last[r]
            row[j + 2] = rcnt[r]
            row[j + 3] = rhd[r]
        j += 4
    for p in range(hands.shape[0]):
        row[j] = pen[p] if rows_valid else 0
        row[j + 1] = hcnt[p]
        for i in range(hcnt[p]):
            row[j + 2 + i] = hands[p, i]
        j += 2 + hands.shape[1]


def _rec_round(tlen, i):
    """Note that the decisions from now on belong to round (row) ``i`` (a no-op without a trace)."""


@overload(_rec_round, inline="always")
def _rec_round_impl(tlen, i):
    if isinstance(tlen, types.NoneType):
        return lambda tlen, i: None

    def note(tlen, i):
        tlen[1] = i
    return note



def _rec_tie(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen):
    """Professional variant: record the choice among equally close ends when there are several."""


@overload(_rec_tie, inline="always")
def _rec_tie_impl(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen):
    if isinstance(trace, types.NoneType):
        def nothing(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen):
            return None
        return nothing

    def record(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen):
        _rec_tie_write(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen)
    return record


@njit(cache=True)
def _rec_tie_write(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen):
    if br < 0:  # Rule 4: no placement to choose
        return
    ties = 0
    choice = -1
    for r in range(first.shape[0]):  # the engine's order: rows in order, back before front
        if c > last[r] and c - last[r] == bd:
            if r == br and not front:
                choice = ties
            ties += 1
        if c < first[r] and first[r] - c == bd:
            if r == br and front:
                choice = ties
            ties += 1
    if ties > 1:
        _rec_write(trace, tlen, D_PLACE, p, ties, choice, c, 2 * br + (1 if front else 0), True, first,
                   last, rcnt, rhd, hands, hcnt, pen)


# --------------------------------------------------------------------------- compiled core
#
# The kernels draw from an xoshiro256** state array ``rs`` (mowkit.kernels.rng): the helpers with
# an ``_s`` suffix take it as their last argument. The helpers without the suffix (_below,
# _rule4_row, _place, _draft, _play_round: same names, arguments and np.random streams as before,
# kept for other compiled callers) draw from numba's ``np.random``.

@njit(cache=True, inline="always")
def _below(m):
    """Uniform integer 0..m-1 (m < 2**32) from one 32-bit draw of ``np.random`` (Lemire's method)."""
    x = np.random.randint(0, 1 << 32) * m
    lo = x & 0xFFFFFFFF
    if lo < m:
        t = ((1 << 32) - m) % m
        while lo < t:
            x = np.random.randint(0, 1 << 32) * m
            lo = x & 0xFFFFFFFF
    return x >> 32


@njit(cache=True, inline="always")
def _rule4_row_s(code, auto, nrows, rhd, rcnt, rs):
    """Row a seat takes under Rule 4: its policy's choice (or auto_row's)."""
    if code == RANDOM_ROW and not auto:
        return rng.below(rs, nrows)
    return P.fewest_heads(nrows, rhd, rcnt, not auto and code != RANDOM and code != RANDOM_ROW)


@njit(cache=True, inline="always")
def _rule4_row(code, auto, nrows, rhd, rcnt):
    """Row a seat takes under Rule 4: its policy's choice (or auto_row's)."""
    if code == RANDOM_ROW and not auto:
        return _below(nrows)
    return P.fewest_heads(nrows, rhd, rcnt, not auto and code != RANDOM and code != RANDOM_ROW)


@njit(cache=True, inline="always")
def _greedy_index(hand, k, nrows, cap, prof, first, last, rcnt, rhd):
    """Index in ``hand[:k]`` of GreedyAgent's card: least (penalty, distance, card)."""
    minh = rhd[0]
    for r in range(1, nrows):
        if rhd[r] < minh:
            minh = rhd[r]
    best = 0
    bw = _BIG
    bd = _BIG
    bc = _BIG
    for i in range(k):
        c = hand[i]
        if not prof:
            br = P.row_below(c, nrows, last)
            if br < 0:
                w = minh
                d = 0
            else:
                d = c - last[br]
                w = rhd[br] if P.is_full(br, cap, rcnt) else 0
        else:
            d = _BIG
            w = 0
            for r in range(nrows):
                full = rhd[r] if P.is_full(r, cap, rcnt) else 0
                if c > last[r]:
                    dd = c - last[r]
                    if dd < d:
                        d = dd
                        w = full
                    elif dd == d and full > w:
                        w = full
                if c < first[r]:
                    dd = first[r] - c
                    if dd < d:
                        d = dd
                        w = full
                    elif dd == d and full > w:
                        w = full
            if d == _BIG:
                w = minh
                d = 0
        if w < bw or (w == bw and (d < bd or (d == bd and c < bc))):
            bw = w
            bd = d
            bc = c
            best = i
    return best


@njit(cache=True, inline="always")
def _place_s(c, p, code, nrows, cap, prof, auto, heads, first, last, rcnt, rhd, pen, rs,
             trace, tlen, hands, hcnt):
    """Place card ``c`` of seat ``p`` by Rules 1-4 (professional: both ends).

    ``trace`` (None: no trace) receives the Rule 4 row choice and a professional tie, with the
    position before the card is placed (``hands``/``hcnt`` only for that record)."""
    br = -1
    front = False
    if not prof:
        br = P.row_below(c, nrows, last)
    else:
        bd = _BIG
        for r in range(nrows):
            if c > last[r] and c - last[r] < bd:
                bd = c - last[r]
                br = r
                front = False
            if c < first[r] and first[r] - c < bd:
                bd = first[r] - c
                br = r
                front = True
        _rec_tie(trace, tlen, p, c, bd, br, front, first, last, rcnt, rhd, hands, hcnt, pen)
    if br < 0:  # Rule 4
        r = _rule4_row_s(code, auto, nrows, rhd, rcnt, rs)
        if not auto:
            _rec(trace, tlen, D_ROW, p, nrows, r, c, 0, True, first, last, rcnt, rhd, hands, hcnt, pen)
        P.take_row(r, c, p, heads, rcnt, rhd, pen)
        first[r] = c
        last[r] = c
    elif P.is_full(br, cap, rcnt):  # Rule 3
        P.take_row(br, c, p, heads, rcnt, rhd, pen)
        first[br] = c
        last[br] = c
    else:
        if front:
            first[br] = c
        else:
            last[br] = c
        rcnt[br] += 1
        rhd[br] += heads[c]


@njit(cache=True, inline="always")
def _place(c, p, code, nrows, cap, prof, auto, heads, first, last, rcnt, rhd, pen):
    """Place card ``c`` of seat ``p`` by Rules 1-4 (professional: both ends)."""
    br = -1
    front = False
    if not prof:
        br = P.row_below(c, nrows, last)
    else:
        bd = _BIG
        for r in range(nrows):
            if c > last[r] and c - last[r] < bd:
                bd = c - last[r]
                br = r
                front = False
            if c < first[r] and first[r] - c < bd:
                bd = first[r] - c
                br = r
                front = True
    if br < 0:  # Rule 4
        r = _rule4_row(code, auto, nrows, rhd, rcnt)
        P.take_row(r, c, p, heads, rcnt, rhd, pen)
        first[r] = c
        last[r] = c
    elif P.is_full(br, cap, rcnt):  # Rule 3
        P.take_row(br, c, p, heads, rcnt, rhd, pen)
        first[br] = c
        last[br] = c
    else:
        if front:
            first[br] = c
        else:
            last[br] = c
        rcnt[br] += 1
        rhd[br] += heads[c]


@njit(cache=True)
def _deal(order, n, hsize, nrows, heads, hands, hcnt, first, last, rcnt, rhd):
    """Block deal: seat p gets order[p*H:(p+1)*H], the next ``rows`` cards start the rows."""
    for p in range(n):
        base = p * hsize
        for i in range(hsize):
            hands[p, i] = order[base + i]
        hcnt[p] = hsize
    base = n * hsize
    for r in range(nrows):
        c = order[base + r]
        first[r] = c
        P.start_row(r, c, heads, last, rcnt, rhd)


@njit(cache=True)
def _draft_s(round_index, n, hsize, nrows, dsize, pol, heads, pool, hands, hcnt, first, last, rcnt,
             rhd, rs, trace, tlen, pen):
    """Logic variant: draft clockwise from seat ``round_index % n``; left-overs start the rows.

    ``trace`` (None: no trace) receives every pick (``pen`` only for that record)."""
    for i in range(dsize):
        pool[i] = i + 1
    m = dsize
    for p in range(n):
        hcnt[p] = 0
    d = round_index % n
    for _ in range(n * hsize):
        code = pol[d]
        if code == LOWEST:
            idx = 0
        elif code == HIGHEST:
            idx = m - 1
        else:
            idx = rng.below(rs, m)
        _rec(trace, tlen, D_DRAFT, d, m, idx, pool[idx], 0, False, first, last, rcnt, rhd, hands, hcnt, pen)
        hands[d, hcnt[d]] = pool[idx]
        hcnt[d] += 1
        for j in range(idx, m - 1):
            pool[j] = pool[j + 1]
        m -= 1
        d += 1
        if d == n:
            d = 0
    for r in range(nrows):
        c = pool[r]
        first[r] = c
        P.start_row(r, c, heads, last, rcnt, rhd)


@njit(cache=True, inline="always")
def _draft(round_index, n, hsize, nrows, dsize, pol, heads, pool, hands, hcnt, first, last, rcnt, rhd):
    """Logic variant: draft clockwise from seat ``round_index % n``; left-overs start the rows."""
    for i in range(dsize):
        pool[i] = i + 1
    m = dsize
    for p in range(n):
        hcnt[p] = 0
    d = round_index % n
    for _ in range(n * hsize):
        code = pol[d]
        if code == LOWEST:
            idx = 0
        elif code == HIGHEST:
            idx = m - 1
        else:
            idx = _below(m)
        hands[d, hcnt[d]] = pool[idx]
        hcnt[d] += 1
        for j in range(idx, m - 1):
            pool[j] = pool[j + 1]
        m -= 1
        d += 1
        if d == n:
            d = 0
    for r in range(nrows):
        c = pool[r]
        first[r] = c
        P.start_row(r, c, heads, last, rcnt, rhd)


@njit(cache=True, inline="always")
def _play_round_s(n, hsize, nrows, cap, heads, pol, prof, auto, dealt_random,
                  hands, hcnt, first, last, rcnt, rhd, pen, cards, owners, rs, trace, tlen):
    """Play the ``hand_size`` turns of a dealt round; ``pen`` receives each seat's heads.

    With ``dealt_random`` a ``random`` seat plays its hand from the end (the hand's order must
    be uniformly random, as a random deal makes it); otherwise it draws a random card each turn.
    ``trace`` (None: compiled without one) receives every decision with the position when it is
    asked, and the position at the end of the round (:data:`D_END`).
    """
    for p in range(n):
        pen[p] = 0
    for _ in range(hsize):
        for p in range(n):
            k = hcnt[p]
            code = pol[p]
            hand = hands[p]
            if code == LOWEST:
                idx = 0
                for i in range(1, k):
                    if hand[i] < hand[idx]:
                        idx = i
            elif code == HIGHEST:
                idx = 0
                for i in range(1, k):
                    if hand[i] > hand[idx]:
                        idx = i
            elif code == GREEDY:
                idx = _greedy_index(hand, k, nrows, cap, prof, first, last, rcnt, rhd)
            elif dealt_random:
                idx = k - 1
            else:
                idx = rng.below(rs, k)
            c = hand[idx]
            _rec(trace, tlen, D_CARD, p, k, -1, c, 0, True, first, last, rcnt, rhd, hands, hcnt, pen)
            hand[idx] = hand[k - 1]
            hcnt[p] = k - 1
            P.reveal(cards, owners, p, c)
        for j in range(n):
            q = owners[j]
            _place_s(cards[j], q, pol[q], nrows, cap, prof, auto, heads, first, last, rcnt, rhd, pen, rs,
                     trace, tlen, hands, hcnt)
    _rec(trace, tlen, D_END, -1, 0, 0, 0, 0, True, first, last, rcnt, rhd, hands, hcnt, pen)


@njit(cache=True, inline="always")
def _play_round(n, hsize, nrows, cap, heads, pol, prof, auto, dealt_random,
                hands, hcnt, first, last, rcnt, rhd, pen, cards, owners):
    """Play the ``hand_size`` turns of a dealt round; ``pen`` receives each seat's heads."""
    for p in range(n):
        pen[p] = 0
    for _ in range(hsize):
        for p in range(n):
            k = hcnt[p]
            code = pol[p]
            hand = hands[p]
            if code == LOWEST:
                idx = 0
                for i in range(1, k):
                    if hand[i] < hand[idx]:
                        idx = i
            elif code == HIGHEST:
                idx = 0
                for i in range(1, k):
                    if hand[i] > hand[idx]:
                        idx = i
            elif code == GREEDY:
                idx = _greedy_index(hand, k, nrows, cap, prof, first, last, rcnt, rhd)
            elif dealt_random:
                idx = k - 1
            else:
                idx = _below(k)
            c = hand[idx]
            hand[idx] = hand[k - 1]
            hcnt[p] = k - 1
            P.reveal(cards, owners, p, c)
        for j in range(n):
            q = owners[j]
            _place(cards[j], q, pol[q], nrows, cap, prof, auto, heads, first, last, rcnt, rhd, pen)


@njit(cache=True, inline="always")
def _shuffle_part(deck, need, rs):
    """Partial Fisher-Yates: ``deck[:need]`` becomes a uniformly random ordered sample of the deck."""
    m = deck.shape[0]
    for a in range(need):
        b = a + rng.below(rs, m - a)
        t = deck[a]
        deck[a] = deck[b]
        deck[b] = t


@njit(cache=True)
def _random_rounds_kernel(out, block, seeds, n, hsize, nrows, cap, dsize, heads):
    """:func:`_rounds_kernel` for every seat ``random`` (no variant): the same rounds, fewer steps.

    Seat p's hand is ``deck[p*H:(p+1)*H]`` of the shuffled deck, played from the end (as
    :func:`_play_round_s` with ``dealt_random``); rows keep only their last card, count, heads.
    """
    rs = np.empty(4, np.uint64)
    deck = np.empty(dsize, np.int64)
    need = n * hsize + nrows
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    base = n * hsize
    for i in range(out.shape[0]):
        if i % block == 0:  # a block starts from a fresh deck and its own seed
            rng.seed(rs, seeds[i // block])
            for a in range(dsize):
                deck[a] = a + 1
        _shuffle_part(deck, need, rs)
        for r in range(nrows):
            c = deck[base + r]
            P.start_row(r, c, heads, last, rcnt, rhd)
        for p in range(n):
            pen[p] = 0
        for t in range(hsize - 1, -1, -1):
            for p in range(n):
                P.reveal(cards, owners, p, deck[p * hsize + t])
            P.resolve_turn(cards, owners, n, nrows, cap, False, heads, last, rcnt, rhd, pen)  # Rule 4: no tie by cards
        for p in range(n):
            out[i, p] = pen[p]


@njit(cache=True)
def _rounds_kernel(out, block, seeds, n, hsize, nrows, cap, dsize, heads, pol, prof, logic, auto):
    """Fill ``out[i, p]`` with the heads of seat p in independent random round i."""
    rs = np.empty(4, np.uint64)
    deck = np.arange(1, dsize + 1)
    need = n * hsize + nrows
    hands = np.empty((n, hsize), np.int64)
    hcnt = np.empty(n, np.int64)
    first = np.empty(nrows, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    pool = np.empty(dsize, np.int64)
    for i in range(out.shape[0]):
        if i % block == 0:  # a block starts from a fresh deck and its own seed
            rng.seed(rs, seeds[i // block])
            for a in range(dsize):
                deck[a] = a + 1
        if logic:
            _draft_s(np.int64(0), n, hsize, nrows, dsize, pol, heads, pool, hands, hcnt, first, last, rcnt, rhd, rs,
                     None, None, pen)
        else:
            _shuffle_part(deck, need, rs)
            _deal(deck, n, hsize, nrows, heads, hands, hcnt, first, last, rcnt, rhd)
        _play_round_s(n, hsize, nrows, cap, heads, pol, prof, auto, not logic,
                      hands, hcnt, first, last, rcnt, rhd, pen, cards, owners, rs, None, None)
        for p in range(n):
            out[i, p] = pen[p]


@njit(cache=True)
def _games_kernel(totals, nrounds, block, seeds, n, hsize, nrows, cap, dsize, heads, pol, prof,
                  logic, auto, threshold, strict, max_rounds):
    """Play whole games to the threshold (or ``max_rounds``): totals and rounds per game."""
    rs = np.empty(4, np.uint64)
    deck = np.arange(1, dsize + 1)
    need = n * hsize + nrows
    hands = np.empty((n, hsize), np.int64)
    hcnt = np.empty(n, np.int64)
    first = np.empty(nrows, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    pool = np.empty(dsize, np.int64)
    tot = np.empty(n, np.int64)
    for g in range(totals.shape[0]):
        if g % block == 0:
            rng.seed(rs, seeds[g // block])
            for a in range(dsize):
                deck[a] = a + 1
        for p in range(n):
            tot[p] = 0
        ri = np.int64(0)  # not a literal: the compiled callee would get a second specialisation
        while True:
            if logic:
                _draft_s(ri, n, hsize, nrows, dsize, pol, heads, pool, hands, hcnt,
                         first, last, rcnt, rhd, rs, None, None, pen)
            else:
                _shuffle_part(deck, need, rs)
                _deal(deck, n, hsize, nrows, heads, hands, hcnt, first, last, rcnt, rhd)
            _play_round_s(n, hsize, nrows, cap, heads, pol, prof, auto, not logic,
                          hands, hcnt, first, last, rcnt, rhd, pen, cards, owners, rs, None, None)
            reached = False
            for p in range(n):
                tot[p] += pen[p]
                if tot[p] > threshold or (not strict and tot[p] == threshold):
                    reached = True
            ri += 1
            if reached or ri >= max_rounds:
                break
        for p in range(n):
            totals[g, p] = tot[p]
        nrounds[g] = ri


@njit(cache=True)
def _deals_kernel(out, deals, round_index, block, seeds, n, hsize, nrows, cap, dsize, heads, pol,
                  prof, logic, auto, trace, tlen):
    """Play round i on deck order ``deals[i]`` (logic: draft of round ``round_index[i]``).

    ``trace``/``tlen`` None: no trace (the untraced code, compiled apart); else every decision
    (see :func:`trace_deals`) goes to ``trace[tlen[0]]``, tagged with its round i.
    """
    rs = np.empty(4, np.uint64)
    hands = np.empty((n, hsize), np.int64)
    hcnt = np.empty(n, np.int64)
    first = np.empty(nrows, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    pool = np.empty(dsize, np.int64)
    for i in range(out.shape[0]):
        if i % block == 0:
            rng.seed(rs, seeds[i // block])
        _rec_round(tlen, i)
        if logic:
            _draft_s(round_index[i], n, hsize, nrows, dsize, pol, heads, pool, hands, hcnt,
                     first, last, rcnt, rhd, rs, trace, tlen, pen)
        else:
            _deal(deals[i], n, hsize, nrows, heads, hands, hcnt, first, last, rcnt, rhd)
        _play_round_s(n, hsize, nrows, cap, heads, pol, prof, auto, False,
                      hands, hcnt, first, last, rcnt, rhd, pen, cards, owners, rs, trace, tlen)
        for p in range(n):
            out[i, p] = pen[p]


# --------------------------------------------------------------------------- Monte Carlo

@njit(cache=True)
def _mc_kernel(values, seed, rollouts, n, me, nrows, cap, prof, relative, heads, my_hand, cand, unseen,
               first0, last0, rcnt0, rhd0):
    """Flat Monte Carlo: add to ``values[i]`` the outcome of playing ``cand[i]`` now, per rollout.

    Each rollout deals ``unseen`` at random to the other seats (as many cards as ``my_hand``) and
    shuffles my hand, then for every candidate plays this turn (the others at random) and the
    rest of the round with random players (Rule 4: fewest heads, ties to the lowest index), each
    seat playing its uniformly ordered hand from the end. The outcome is my heads this round, or
    my heads minus the others' mean (``relative``). Candidates share the deals and card orders.
    """
    rs = np.empty(4, np.uint64)
    rng.seed(rs, seed)
    h = my_hand.shape[0]
    m = unseen.shape[0]
    pool = unseen.copy()
    mine = my_hand.copy()
    hands = np.empty((n, h), np.int64)
    hcnt = np.empty(n, np.int64)
    first = np.empty(nrows, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.zeros(n, np.int64)
    pen2 = np.zeros(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    pol = np.full(n, RANDOM, np.int64)
    need = (n - 1) * h
    for _ in range(rollouts):
        for i in range(need):  # partial Fisher-Yates: the first `need` cards go to the others
            j = i + rng.below(rs, m - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(h - 1):  # my hand in a uniformly random order (for the rest of the round)
            j = i + rng.below(rs, h - i)
            t = mine[i]
            mine[i] = mine[j]
            mine[j] = t
        for ci in range(cand.shape[0]):
            c = cand[ci]
            q = 0
            for p in range(n):
                if p == me:
                    t = 0
                    for x in range(h):
                        if mine[x] != c:
                            hands[p, t] = mine[x]
                            t += 1
                    hcnt[p] = t
                else:
                    for x in range(h):
                        hands[p, x] = pool[q]
                        q += 1
                    hcnt[p] = h
            for r in range(nrows):
                first[r] = first0[r]
                last[r] = last0[r]
                rcnt[r] = rcnt0[r]
                rhd[r] = rhd0[r]
            for p in range(n):
                pen[p] = 0
            for p in range(n):  # this turn: my candidate, the others a random card (their last)
                if p == me:
                    cc = c
                else:
                    k = hcnt[p]
                    cc = hands[p, k - 1]
                    hcnt[p] = k - 1
                P.reveal(cards, owners, p, cc)
            for j in range(n):
                _place_s(cards[j], owners[j], RANDOM, nrows, cap, prof, False, heads, first, last, rcnt,
                         rhd, pen, rs, None, None, hands, hcnt)
            if h > 1:
                _play_round_s(n, h - 1, nrows, cap, heads, pol, prof, False, True,
                              hands, hcnt, first, last, rcnt, rhd, pen2, cards, owners, rs, None, None)
                for p in range(n):
                    pen[p] += pen2[p]
            v = float(pen[me])
            if relative:
                others = 0.0
                for p in range(n):
                    if p != me:
                        others += pen[p]
                v -= others / (n - 1)
            values[ci] += v



@njit(cache=True)
def _mc_fast_kernel(values, seed, rollouts, n, me, nrows, cap, relative, heads, my_hand, cand, unseen,
                    last0, rcnt0, rhd0):
    """:func:`_mc_kernel` without the professional variant: the same values, fewer steps.

    Seat p's cards are read in place (the others' from the shuffled ``unseen``, mine from my
    shuffled hand without the candidate), played from the end; rows keep their last card,
    count and heads only.
    """
    rs = np.empty(4, np.uint64)
    rng.seed(rs, seed)
    h = my_hand.shape[0]
    pool = unseen.copy()
    mine = my_hand.copy()
    myh = np.empty(max(h, 1), np.int64)
    base = np.empty(n, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    q = 0
    for p in range(n):
        if p != me:
            base[p] = q
            q += h
    need = (n - 1) * h
    for _ in range(rollouts):
        _shuffle_part(pool, need, rs)
        for i in range(h - 1):
            j = i + rng.below(rs, h - i)
            t = mine[i]
            mine[i] = mine[j]
            mine[j] = t
        for ci in range(cand.shape[0]):
            c0 = cand[ci]
            t = 0
            for x in range(h):
                if mine[x] != c0:
                    myh[t] = mine[x]
                    t += 1
            for r in range(nrows):
                last[r] = last0[r]
                rcnt[r] = rcnt0[r]
                rhd[r] = rhd0[r]
            for p in range(n):
                pen[p] = 0
            for turn in range(h):
                for p in range(n):
                    if p == me:
                        c = c0 if turn == 0 else myh[h - 1 - turn]
                    else:
                        c = pool[base[p] + h - 1 - turn]
                    P.reveal(cards, owners, p, c)
                P.resolve_turn(cards, owners, n, nrows, cap, False, heads, last, rcnt, rhd, pen)  # Rule 4: no tie by cards
            v = float(pen[me])
            if relative:
                others = 0.0
                for p in range(n):
                    if p != me:
                        others += pen[p]
                v -= others / (n - 1)
            values[ci] += v


def row_arrays(rows) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows as the kernels take them: first cards, last cards, card counts, heads (int64 arrays)."""
    table = _heads()
    return (np.array([r[0] for r in rows], np.int64), np.array([r[-1] for r in rows], np.int64),
            np.array([len(r) for r in rows], np.int64), np.array([int(table[list(r)].sum()) for r in rows], np.int64))


def mc_card_values(hand: Sequence[int], rows: Sequence[Sequence[int]], unseen: Sequence[int], players: int,
                   player: int, rollouts: int, seed: int, capacity: int = 5, professional: bool = False,
                   relative: bool = False) -> np.ndarray:
    """Mean outcome of playing each card of ``hand`` now (flat Monte Carlo rollouts, see _mc_kernel).

    ``unseen`` are the cards whose place the player does not know; the other ``players - 1`` seats
    each get ``len(hand)`` of them per rollout. Same arguments and seed, same values, any process.
    """
    hand_a = np.asarray(hand, np.int64)
    unseen_a = np.asarray(unseen, np.int64)
    if len(unseen_a) < (players - 1) * len(hand_a):
        raise OptionError("unseen", len(unseen_a), f"at least {(players - 1) * len(hand_a)} cards")
    table = _heads()
    first0, last0, rcnt0, rhd0 = row_arrays(rows)
    values = np.zeros(len(hand_a), np.float64)
    word = int(seed) & 0xFFFFFFFF
    check_int("rollouts", rollouts, 1)
    if professional:
        DRIVER.call(_mc_kernel, values, word, rollouts, players, player, len(rows), capacity, True,
                    relative, table, hand_a, hand_a.copy(), unseen_a, first0, last0, rcnt0, rhd0, seconds=4)
    else:
        DRIVER.call(_mc_fast_kernel, values, word, rollouts, players, player, len(rows), capacity, relative,
                    table, hand_a, hand_a.copy(), unseen_a, last0, rcnt0, rhd0, seconds=2)
    return values / rollouts


_ROUND_OPTIONS = ("rows", "capacity", "hand_size", "variant", "auto_row")
_GAME_OPTIONS = _ROUND_OPTIONS + ("threshold", "comparison", "max_rounds")


DRIVER = common.KernelDriver(SixNimmt, POLICIES, _ROUND_OPTIONS, _GAME_OPTIONS, BLOCK)
"""The Python side shared with the Mow kernel (options, policies, seeds, chunks, deals, traces)."""


def _game(players: int, options: dict[str, Any], allowed: Sequence[str]) -> SixNimmt:
    return DRIVER.game(players, options, allowed)


def policy_codes(policies: str | Sequence[str | int], players: int) -> np.ndarray:
    """Integer policy codes, one per seat, from names (or codes); one name means every seat."""
    return DRIVER.codes(policies, players)


def _heads() -> np.ndarray:
    return np.asarray(sixnimmt_heads(), dtype=np.int64)


def _penalty_dtype(game: SixNimmt) -> type:
    return np.int16 if game.deck_heads() <= np.iinfo(np.int16).max else np.int32


_entropy = common.entropy
block_seeds = common.block_seeds
_deal_rng = common.deal_rng


def _args(game: SixNimmt) -> tuple:
    return (
        game.players,
        game.hand_size,
        game.rows,
        game.capacity,
        len(game.deck),
        _heads(),
    )


def iter_rounds(
    players: int,
    policies: str | Sequence[str | int],
    n_rounds: int,
    seed: int | None = None,
    chunk: int = 1 << 20,
    **options: Any,
) -> Iterator[np.ndarray]:
    """Independent random rounds in chunks: arrays ``(rows_in_chunk, players)`` of heads.

    The chunks concatenated equal ``simulate_rounds`` with the same arguments (``chunk`` is
    rounded up to a multiple of :data:`BLOCK`). Options as in :func:`simulate_rounds`.
    """
    return DRIVER.iter_rounds(players, policies, n_rounds, seed, chunk, options, _fill_rounds, _penalty_dtype)


def _fill_rounds(game: SixNimmt, codes: np.ndarray, out: np.ndarray, seeds: np.ndarray, start: int) -> None:
    """Play one chunk of independent rounds into ``out`` (the lean loop when every seat is random)."""
    n, hsize, nrows, cap, dsize, heads = _args(game)
    prof, logic = game.professional, game.logic
    if not prof and not logic and bool((codes == RANDOM).all()):
        DRIVER.call(_random_rounds_kernel, out, BLOCK, seeds, n, hsize, nrows, cap, dsize, heads, seconds=2)
    else:
        DRIVER.call(_rounds_kernel, out, BLOCK, seeds, n, hsize, nrows, cap, dsize, heads, codes,
                    prof, logic, game.auto_row, seconds=3)


def simulate_rounds(
    players: int,
    policies: str | Sequence[str | int],
    n_rounds: int,
    seed: int | None = None,
    **options: Any,
) -> np.ndarray:
    """Heads of every seat in ``n_rounds`` independent random rounds: ``(n_rounds, players)``.

    Each round is a fresh deal played as the first round of a game (the engine with
    ``max_rounds=1``). Args: ``policies`` one name for all seats or one per seat (see
    :data:`POLICIES`); ``seed`` an int >= 0 (None: fresh entropy); options ``rows``,
    ``capacity``, ``hand_size``, ``variant``, ``auto_row``. int16 heads for the shipped cards.
    """
    rounds = iter_rounds(players, policies, n_rounds, seed, chunk=max(n_rounds, 1), **options)
    return DRIVER.simulate_rounds(rounds, players, options, n_rounds, _penalty_dtype)


def summarize_rounds(
    players: int,
    policies: str | Sequence[str | int],
    n_rounds: int,
    seed: int | None = None,
    chunk: int = 1 << 20,
    **options: Any,
) -> dict[str, Any]:
    """Summary statistics of many random rounds, in bounded memory (chunks of ``chunk`` rounds).

    Returns ``rounds``; per seat ``mean`` and ``se`` of heads, ``zero`` (share of rounds with
    no heads) and ``wins`` (share of rounds with the fewest heads, equal lowest split evenly);
    ``round_mean`` (heads per player per round) and ``round_se`` from the per-round means
    (see :func:`mowkit.kernels.common.summarize`).
    """
    blocks = iter_rounds(players, policies, n_rounds, seed, chunk=chunk, **options)
    return common.summarize(blocks, players, n_rounds)


def simulate_games(
    players: int,
    policies: str | Sequence[str | int],
    n_games: int,
    seed: int | None = None,
    **options: Any,
) -> tuple[np.ndarray, np.ndarray]:
    """Whole random games: ``(totals (n_games, players) int32, rounds (n_games,) int32)``.

    A game ends, like the engine's, at the end of the round in which a total reaches
    ``threshold`` (``comparison`` ``">="`` or ``">"``), or after ``max_rounds``. Without
    ``max_rounds`` a game longer than 1,000,000 rounds (possible only with deterministic
    deals, e.g. ``logic`` with lowest/highest players on a table of zero-head rounds) raises
    ``RuntimeError`` instead of running forever. Other options as in :func:`simulate_rounds`.
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    check_int("n_games", n_games, 0)
    n, hsize, nrows, cap, dsize, heads = _args(game)
    totals = np.empty((n_games, n), np.int32)
    rounds = np.empty(n_games, np.int32)
    limit = DRIVER.game_limit(game, _NO_LIMIT)
    DRIVER.call(_games_kernel, totals, rounds, BLOCK, DRIVER.seeds(seed, 0, n_games), n, hsize, nrows, cap,
                dsize, heads, codes, game.professional, game.logic, game.auto_row, game.threshold,
                game.comparison == ">", limit, seconds=4)
    DRIVER.check_games(game, rounds, _NO_LIMIT)
    return totals, rounds


def _play_orders(game: SixNimmt, codes: np.ndarray, orders: np.ndarray, index: np.ndarray,
                 entropy: int | Sequence[int], first_block: int = 0,
                 trace: np.ndarray | None = None, tlen: np.ndarray | None = None) -> np.ndarray:
    n, hsize, nrows, cap, dsize, heads = _args(game)
    out = np.empty((len(orders), n), _penalty_dtype(game))
    seeds = block_seeds(entropy, first_block, -(-len(orders) // BLOCK))
    DRIVER.call(_deals_kernel, out, orders, index, BLOCK, seeds, n, hsize, nrows, cap, dsize, heads,
                codes, game.professional, game.logic, game.auto_row, trace, tlen,
                seconds=4 if trace is None else 8)
    return out


def play_deals(
    players: int,
    policies: str | Sequence[str | int],
    deals: Sequence[Sequence[int]] | np.ndarray,
    seed: int | None = 0,
    one_game: bool = False,
    **options: Any,
) -> np.ndarray:
    """Heads per seat of rounds played on given deck orders: ``(len(deals), players)``.

    ``deals[i]`` is a full order of the deck in use, as the engine's ``state.deals`` lists
    them (block deal: seat p gets ``order[p*H:(p+1)*H]``, the next ``rows`` cards start the
    rows). Each round is played as round 0 of a game, or as round i of one game when
    ``one_game`` (this matters only for the logic draft, which starts at seat ``i % players``
    and ignores the order). Deterministic policies give exactly the engine's penalties; random
    choices come from ``seed`` (see the module docstring). Options as in :func:`simulate_rounds`.
    """
    game = _game(players, options, _ROUND_OPTIONS)
    codes = policy_codes(policies, players)
    arr = DRIVER.deals(game, deals)
    m = len(arr)
    index = np.arange(m, dtype=np.int64) if one_game else np.zeros(m, np.int64)
    return _play_orders(game, codes, arr, index, _entropy(seed))


def trace_deals(
    players: int,
    policies: str | Sequence[str | int],
    deals: Sequence[Sequence[int]] | np.ndarray,
    seed: int | None = 0,
    one_game: bool = False,
    **options: Any,
) -> tuple[np.ndarray, list[np.ndarray]]:
    """Like :func:`play_deals`, and every decision the seats made with the position it was made in.

    Returns ``(heads (len(deals), players), traces)``: ``traces[i]`` has one row per decision of
    round i in the order the engine asks them (the card choices of a turn in seat order, then
    the Rule 4 row and professional ties as the cards are placed; logic: the draft picks first),
    and a last row :data:`D_END` with the position at the end of the round. Columns:
    :data:`TRACE_HEADER` (``kind`` :data:`D_CARD`, :data:`D_ROW`, :data:`D_PLACE`,
    :data:`D_DRAFT`; ``options`` the length of the engine's legal list, ``choice`` the index the
    seat chose in it, ``card`` the card played, drafted or placed, ``arg`` a tie's ``2 * row +
    front``), then the position *when the decision is asked*: per row its first and last card,
    cards and heads, per seat the heads taken this round, the hand size and the hand
    (:func:`decode_trace` reads a row). The traced kernel is compiled apart: the untraced ones do
    not pay for it. Options as in :func:`play_deals` (``one_game``: round i is round i of one game).
    """
    game = _game(players, options, _ROUND_OPTIONS)
    codes = policy_codes(policies, players)
    arr = DRIVER.deals(game, deals)
    m = len(arr)
    index = np.arange(m, dtype=np.int64) if one_game else np.zeros(m, np.int64)
    # a round asks n * H cards, at most n * H rows or ties, n * H draft picks, and one end row
    trace, tlen = DRIVER.trace(m, 3 * players * game.hand_size + 1,
                               trace_width(players, game.rows, game.hand_size))
    out = _play_orders(game, codes, arr, index, _entropy(seed), 0, trace, tlen)
    return out, common.split_trace(trace, int(tlen[0]), m)


def decode_trace(row: Sequence[int] | np.ndarray, players: int, rows: int = 4, hand_size: int = 10) -> dict[str, Any]:
    """One row of a :func:`trace_deals` trace as a dict.

    ``kind`` ("card", "row", "place", "draft", "end"), ``seat``, ``options``, ``choice``,
    ``card``, ``place`` (professional tie: ``(row, "front"|"back")``), then the position:
    ``rows`` a list of ``(first, last, cards, heads)`` (empty during the draft), ``heads``
    taken this round per seat and ``hands`` (sorted tuples).
    """
    x = np.asarray(row).tolist()
    kind = ("card", "row", "place", "draft", "end")[x[1]]
    j = _HDR
    line = []
    for _ in range(rows):
        line.append(tuple(x[j:j + 4]))
        j += 4
    taken, hands = [], []
    for _ in range(players):
        taken.append(x[j])
        k = x[j + 1]
        hands.append(tuple(sorted(x[j + 2:j + 2 + k])))
        j += 2 + hand_size
    return {
        "kind": kind, "seat": x[2], "options": x[3], "choice": x[4], "card": x[5],
        "place": (x[6] // 2, "front" if x[6] % 2 else "back") if kind == "place" else None,
        "rows": [] if kind == "draft" else line, "heads": taken, "hands": hands,
    }


def seed_deals(players: int, seeds: Sequence[int], n_rounds: int = 1, **options: Any) -> np.ndarray:
    """Deck orders ``(len(seeds), n_rounds, deck)`` of the rounds ``play_state`` deals per seed.

    ``simulate.play_state(game, agents, seed)`` deals round r with the r-th
    ``permutation(deck)`` of stream 0 of ``spawn_rngs(seed, players + 1)``; these are those
    orders (the logic variant ignores them: it drafts).
    """
    return DRIVER.seed_deals(players, seeds, n_rounds, options)


def play_seeds(
    players: int,
    policies: str | Sequence[str | int],
    seeds: Sequence[int],
    random_seed: int | None = 0,
    **options: Any,
) -> tuple[np.ndarray, np.ndarray]:
    """Whole games on the deals ``simulate.play_state(game, agents, seed)`` makes, per seed.

    Returns ``(totals (len(seeds), players), rounds (len(seeds),))`` like :func:`simulate_games`;
    with ``max_rounds=1`` the totals are the first round's heads. Deterministic policies give
    exactly the engine's results for the same seed; random choices come from ``random_seed``
    as in the module docstring (not from the agents' streams). Options as in
    :func:`simulate_games`; a game still running after 10,000 rounds raises ``RuntimeError``.
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    entropy = _entropy(random_seed)
    limit = DRIVER.game_limit(game, 10_000)
    batch = min(limit, 8)
    deck = np.asarray(game.deck, dtype=np.int64)
    rngs = [_deal_rng(check_int("seed", s, 0)) for s in seeds]
    totals = np.zeros((len(rngs), players), np.int64)
    rounds = np.zeros(len(rngs), np.int32)
    active = np.arange(len(rngs))
    played = 0
    next_block = 0
    while len(active):
        if played >= limit:
            raise RuntimeError(f"seed {seeds[active[0]]}: no total reached the threshold in "
                               f"{limit:,} rounds")
        orders = np.empty((len(active), batch, len(deck)), np.int64)
        for j, i in enumerate(active):
            for r in range(batch):
                orders[j, r] = rngs[i].permutation(deck)
        index = np.tile(np.arange(played, played + batch, dtype=np.int64), len(active))
        scores = _play_orders(game, codes, orders.reshape(-1, len(deck)), index, entropy, next_block)
        next_block += -(-len(index) // BLOCK)
        cum = totals[active][:, None, :] + np.cumsum(scores.reshape(len(active), batch, players), 1)
        if game.comparison == ">=":
            stop = (cum >= game.threshold).any(axis=2)
        else:
            stop = (cum > game.threshold).any(axis=2)
        stop |= (played + 1 + np.arange(batch)) >= limit
        done = stop.any(axis=1)
        at = np.argmax(stop, axis=1)
        fin = active[done]
        totals[fin] = cum[done, at[done]]
        rounds[fin] = played + 1 + at[done]
        totals[active[~done]] = cum[~done, -1]
        active = active[~done]
        played += batch
    return totals.astype(np.int32), rounds


def game_rounds(players: int, policies: str | Sequence[str | int], seed: int, random_seed: int = 0,
                **options: Any) -> np.ndarray:
    """Heads per round ``(rounds, players)`` of one whole game on the deals ``play_state`` makes for ``seed``.

    Round ``r`` is played on the engine's deal and draws its random choices from
    ``SeedSequence([random_seed, r])``; the game ends like the engine's (threshold, comparison,
    ``max_rounds``). Not for the logic variant (its draft depends on the round number).
    """
    game = _game(players, options, _GAME_OPTIONS)
    if game.logic:
        raise OptionError("variant", list(game.variant), "not 'logic' (use play_seeds)")
    codes = policy_codes(policies, players)
    round_opts = {k: game.options[k] for k in _ROUND_OPTIONS}
    rng = _deal_rng(check_int("seed", seed, 0))
    deck = np.asarray(game.deck, dtype=np.int64)
    totals = np.zeros(players, np.int64)
    limit = DRIVER.game_limit(game, 10_000)
    rounds = []
    while True:
        if len(rounds) >= limit and game.max_rounds is None:
            raise RuntimeError(f"seed {seed}: no total reached the threshold in {limit:,} rounds")
        order = rng.permutation(deck)
        word = int(np.random.SeedSequence([random_seed, len(rounds)]).generate_state(1)[0])
        pen = play_deals(players, codes, [order], seed=word, **round_opts)[0].astype(np.int64)
        rounds.append(pen)
        totals += pen
        reached = (totals >= game.threshold) if game.comparison == ">=" else (totals > game.threshold)
        if reached.any() or len(rounds) >= limit:
            return np.array(rounds)


def warm_up(full: bool = False) -> None:
    """Compile (or load from the cache) the kernel entry points with tiny calls.

    By default those a tournament, a Monte Carlo agent and random rounds use; ``full`` adds the
    general round loop (non-random policies, variants), the traced rounds and the professional
    Monte Carlo.
    """
    simulate_rounds(4, "random", 1, seed=0)
    simulate_games(4, "random", 1, seed=0, max_rounds=1)
    play_deals(4, "lowest", [np.arange(1, 105)])
    mc_card_values([1, 2], [[10], [20], [30], [40]], list(range(50, 60)), 4, 0, 1, seed=0)
    if full:
        simulate_rounds(4, "lowest", 1, seed=0)
        trace_deals(4, "lowest", [np.arange(1, 105)])
        mc_card_values([1, 2], [[10], [20], [30], [40]], list(range(50, 60)), 4, 0, 1, seed=0,
                       professional=True)
