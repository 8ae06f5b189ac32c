"""Mow's compiled tournament chunk player (the spec's ``batch`` slot: :func:`runner`).

:mod:`mowkit.kernels.batch` seeds, deals and writes the table's columns for every game; this module
plays Mow games into them with the kernel's round player (:func:`mowkit.games.mow.kernel._play_round`
/ ``_next_starter``), so every option it supports is supported here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from mowkit.games.mow import kernel as _mow
from mowkit.kernels.batch import (
    _FULL,
    _LONG,
    _OK,
    Runner,
    _agent_seed,
    _finish_game,
    _order,
    _pcg_seed,
    _write_round,
)


@njit(cache=True)
def _chunk(ints, win, agt, k0, games, deals, rots, dseeds, start, n, agent_codes, any_random, threshold, strict,
           stop_at, strict_stop, nh, deck, starter0, kind, num, fl, green, numbered, restart_taker, allow_self,
           deck_hid, deck_hs, width, rotate_starter, reset_arrow):
    """Play games ``start ..`` of the plan (game index, deal, rotation, deal seed per game) into
    the column buffers from row ``k0`` on; returns (next game, end row, status), as
    :class:`mowkit.kernels.batch.Runner` says. The starter and the arrow carry over between rounds.
    """
    hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a = \
        _mow._workspace(n, nh, width)
    score = np.zeros(n, np.int64)
    notrace = np.zeros((1, 4), np.int64)
    tlen = np.zeros(1, np.int64)
    pol = np.empty(n, np.int64)
    tot = np.empty(n, np.int64)
    ent = np.empty(16, np.uint64)
    words = np.empty(8, np.uint64)
    st = np.empty(6, np.uint64)
    buf = np.empty((8, deck.shape[0]), np.int64)
    capacity = ints.shape[1]
    have = 0
    k = k0
    for i in range(start, games.shape[0]):
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
        if any_random:
            np.random.seed(_agent_seed(dseed, rot, ent, words))
        row0 = k
        r = 0
        starter = starter0
        arrow = 1
        while True:
            if k + n > capacity:
                return i, row0, _FULL
            buf, have = _order(r, have, buf, st, deck)
            if reset_arrow:
                arrow = 1
            arrow = _mow._play_round(n, nh, pol, buf[r], starter, arrow, tot, kind, num, fl, green,
                                     numbered, restart_taker, allow_self, deck_hid, deck_hs, hands,
                                     hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t,
                                     act_a, score, notrace, tlen, 0)
            k = _write_round(ints, agt, k, g, deal, rot, r, n, score, tot, dseed)
            starter = _mow._next_starter(starter, n, tot, rotate_starter)
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
    """The chunk player of a Mow ``game`` and its arguments (options checked as the kernel does)."""
    options = {k: v for k, v in game.options.items() if k != "players"}
    g = _mow._game(game.num_players, options, _mow._GAME_OPTIONS)
    a = _mow._args(g)
    extra = (a["nh"], a["deck"], a["starter"], *a["cards"], a["restart_taker"], a["allow_self"],
             a["deck_hid"], a["deck_hs"], a["width"], g.next_starter == "rotate", g.reset_arrow)
    return Runner(_chunk, extra, g, _mow.POLICIES, (_mow.RANDOM,))
