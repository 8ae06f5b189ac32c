"""6 nimmt!'s compiled tournament chunk player (the spec's ``batch`` slot: :func:`runner`).

:mod:`mowkit.kernels.batch` seeds, deals and writes the table's columns for every game; this module
plays 6 nimmt! games into them: the professional variant with the kernel's round player
(:func:`mowkit.games.sixnimmt.kernel._deal` / ``_play_round``), every other variant but ``logic``
(it drafts) with :func:`_lean_round`, which keeps numba's ``np.random`` stream itself, four games
seeded at once (:func:`mowkit.kernels.batch._mt_seed`): the tables are the same.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from mowkit.core import OptionError
from mowkit.games.sixnimmt import kernel as _six
from mowkit.games.sixnimmt import primitives as P
from mowkit.kernels.batch import (
    _FULL,
    _LONG,
    _MT_GANG,
    _MT_N,
    _OK,
    Runner,
    _agent_seed,
    _finish_game,
    _mt_below,
    _mt_seed,
    _order,
    _pcg_seed,
    _write_round,
)

_LOWEST, _HIGHEST, _GREEDY, _RANDOM, _RANDOM_ROW = _six.LOWEST, _six.HIGHEST, _six.GREEDY, _six.RANDOM, _six.RANDOM_ROW
_BIG = 1 << 30


@njit(cache=True)
def _lean_round(order, n, hsize, nrows, cap, heads, pol, auto, hand, hcnt, last, rcnt, rhd, pen, cards, owners,
                mt, mti, stream):
    """Deal ``order`` and play the round (not professional): ``_six._deal`` + ``_six._play_round``.

    The very same choices, random draws (in the same order) and penalties as the kernel's
    general round player with ``prof=False, dealt_random=False``, in about half the time: hands
    in one flat array (seat p at ``p * hsize``), no row fronts (only the professional variant
    reads them), the card choice and Rules 1-4 written out in one loop. The draws come from row
    ``stream`` of the Mersenne Twister states ``mt`` (:func:`mowkit.kernels.batch._mt_seed`), numba's
    ``np.random`` stream.
    """
    m = n * hsize
    for i in range(m):
        hand[i] = order[i]
    for p in range(n):
        hcnt[p] = hsize
        pen[p] = 0
    for r in range(nrows):
        P.start_row(r, order[m + r], heads, last, rcnt, rhd)
    for _ in range(hsize):
        for p in range(n):
            k = hcnt[p]
            b = p * hsize
            code = pol[p]
            if code == _LOWEST:  # the first lowest (cards are distinct)
                idx = 0
                lo = hand[b]
                for i in range(1, k):
                    if hand[b + i] < lo:
                        lo = hand[b + i]
                        idx = i
            elif code == _HIGHEST:
                idx = 0
                hi = hand[b]
                for i in range(1, k):
                    if hand[b + i] > hi:
                        hi = hand[b + i]
                        idx = i
            elif code == _GREEDY:  # _six._greedy_index, not professional
                minh = rhd[0]
                for r in range(1, nrows):
                    if rhd[r] < minh:
                        minh = rhd[r]
                idx = 0
                bw = _BIG
                bd = _BIG
                bc = _BIG
                for i in range(k):
                    c = hand[b + i]
                    br = P.row_below(c, nrows, last)
                    if br < 0:
                        w = minh
                        d = 0
                    else:
                        d = c - last[br]
                        w = rhd[br] if P.is_full(br, cap, rcnt) else 0
                    if w < bw or (w == bw and (d < bd or (d == bd and c < bc))):
                        bw = w
                        bd = d
                        bc = c
                        idx = i
            else:  # random, random_row: a uniformly random card of the hand
                idx = _mt_below(mt, mti, stream, k)
            c = hand[b + idx]
            hand[b + idx] = hand[b + k - 1]
            hcnt[p] = k - 1
            P.reveal(cards, owners, p, c)
        for j in range(n):  # Rules 1-4 in ascending card order (_six._place)
            c = cards[j]
            q = owners[j]
            br = P.row_below(c, nrows, last)
            if br < 0:  # Rule 4: the seat's row (_six._rule4_row)
                code = pol[q]
                if code == _RANDOM_ROW and not auto:
                    br = _mt_below(mt, mti, stream, nrows)
                else:
                    br = P.fewest_heads(nrows, rhd, rcnt, not auto and code != _RANDOM and code != _RANDOM_ROW)
                P.take_row(br, c, q, heads, rcnt, rhd, pen)
            elif P.is_full(br, cap, rcnt):  # Rule 3: the sixth card
                P.take_row(br, c, q, heads, rcnt, rhd, pen)
            else:
                rcnt[br] += 1
                rhd[br] += heads[c]
            last[br] = c


@njit(cache=True)
def _chunk(ints, win, agt, k0, games, deals, rots, dseeds, start, n, agent_codes, any_random, threshold, strict,
           stop_at, strict_stop, hsize, nrows, cap, heads, deck, prof, auto):
    """Play games ``start ..`` of the plan (game index, deal, rotation, deal seed per game) into
    the column buffers from row ``k0`` on; returns (next game, end row, status).

    Buffers (as :class:`~mowkit.kernels.batch.Columns`): ``ints`` (len(INT_COLUMNS), capacity) int64, ``win`` bool and
    ``agt`` int8 (capacity,). Status 0: all played; 1: the buffers are full (game ``next`` not
    written, the rows before ``end row`` kept); 2: game ``next`` ran ``stop_at`` rounds without
    reaching the threshold (``strict_stop``: an error).
    """
    hands = np.empty((n, hsize), np.int64)
    hand = np.empty(n * hsize, np.int64)
    hcnt = np.empty(n, np.int64)
    first = np.empty(nrows, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    pol = np.empty(n, np.int64)
    tot = np.empty(n, np.int64)
    ent = np.empty(16, np.uint64)
    words = np.empty(8, np.uint64)
    st = np.empty(6, np.uint64)
    buf = np.empty((8, deck.shape[0]), np.int64)
    mt = np.empty((_MT_GANG, _MT_N), np.uint32)
    mti = np.empty(_MT_GANG, np.int64)
    mtw = np.empty(_MT_GANG, np.int64)
    gang0 = start
    gang = 0
    capacity = ints.shape[1]
    have = 0
    k = k0
    m = games.shape[0]
    for i in range(start, m):
        g = games[i]
        deal = deals[i]
        rot = rots[i]
        dseed = dseeds[i]
        if i == start or dseed != dseeds[i - 1]:  # a new deal: its orders are made afresh
            _pcg_seed(st, dseed, ent, words)
            have = 0
        for p in range(n):
            pol[p] = agent_codes[(p + rot) % n]
            tot[p] = 0
        j = i - gang0
        if any_random:
            if prof:
                np.random.seed(_agent_seed(dseed, rot, ent, words))
            elif j >= gang:  # seed the random streams of the next (up to) four games at once
                gang0 = i
                j = 0
                gang = min(_MT_GANG, m - i)
                for q in range(gang):
                    mtw[q] = _agent_seed(dseeds[i + q], rots[i + q], ent, words)
                _mt_seed(mt, mti, mtw, gang)
        row0 = k
        r = 0
        while True:
            if k + n > capacity:
                return i, row0, _FULL
            buf, have = _order(r, have, buf, st, deck)
            if prof:
                _six._deal(buf[r], n, hsize, nrows, heads, hands, hcnt, first, last, rcnt, rhd)
                _six._play_round(n, hsize, nrows, cap, heads, pol, prof, auto, False,
                                 hands, hcnt, first, last, rcnt, rhd, pen, cards, owners)
            else:
                _lean_round(buf[r], n, hsize, nrows, cap, heads, pol, auto, hand, hcnt, last, rcnt, rhd,
                            pen, cards, owners, mt, mti, j)
            k = _write_round(ints, agt, k, g, deal, rot, r, n, pen, tot, dseed)
            r += 1
            reached = False
            for p in range(n):
                if tot[p] > threshold or (not strict and tot[p] == threshold):
                    reached = True
            if reached:
                break
            if r >= stop_at:
                if strict_stop:
                    return i, row0, _LONG
                break
        _finish_game(ints, win, row0, k, n, tot)
    return games.shape[0], k, _OK


def runner(game: Any) -> Runner:
    """The chunk player of a 6 nimmt! ``game`` and its arguments (options checked as the kernel does)."""
    options = {k: v for k, v in game.options.items() if k != "players"}
    g = _six._game(game.num_players, options, _six._GAME_OPTIONS)
    if g.logic:
        raise OptionError("variant", list(g.variant), "not 'logic' (the batch path plays dealt rounds)")
    n, hsize, nrows, cap, dsize, heads = _six._args(g)
    extra = (hsize, nrows, cap, heads, np.asarray(g.deck, np.int64), g.professional, g.auto_row)
    return Runner(_chunk, extra, g, _six.POLICIES, (_six.RANDOM, _six.RANDOM_ROW))
