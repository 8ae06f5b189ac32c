"""Compiled Mow kernel: whole rounds and games of the built-in farmers on integer arrays.

The rule engine :mod:`mowkit.games.mow` stays the definition of the rules; this module replays
them with numba for the built-in policies, one per seat:

=============  ==============================================  ===============================
policy         turn (add a cow or take the herd)               arrow flip / next farmer
=============  ==============================================  ===============================
``random``     one uniform draw over the legal list            uniform: keep/flip; any allowed
``greedy``     ``GreedyAgent()``: take at <= 0 flies, else     aim at the leader (fewest total
               fewest followers, most flies, lowest card id    flies), as ``GreedyAgent``
``heuristic``  ``HeuristicAgent()``: take at <= 2 flies with   as ``greedy``
               >= 3 cows; a closing placement with the most
               flies, else as greedy
=============  ==============================================  ===============================

These are exactly the choices of :mod:`mowkit.games.mow.agents` with their default parameters
(``GREEDY_TAKE_AT``, ``HEURISTIC_TAKE_AT``, ``HEURISTIC_MIN_CARDS``: data of
:mod:`mowkit.games.mow.policies`, which the agent classes read too, so the kernel imports no agent;
:func:`mowkit.agents.policy_params` maps an agent spec to its kernel policy). The
kernel enumerates the legal actions in the engine's documented order (cards of the hand by id;
per card low before high, acrobat targets in line order, slowpoke values ascending, calf low
before high; then the take) and breaks ties as the agents do (first in that order), so the
deterministic policies score identical flies per farmer on the same deals. ``followers`` (the
greedy ranking) counts the cards the farmer has not seen: the other hands and the draw pile,
kept as counts per number and fly/no-fly.

Every rule of RULES.md §2 is played: all special cows (blocking, acrobat, slowpoke, calf, thin,
dairy, mad), the ``green``, ``yellow`` and ``both`` packets and ``specials=False``, 2..10
farmers, the two-player star (three herds, the active herd moving with the arrow), passing the
start of an empty herd, the round ending with the first take on an empty pile. Options are
validated by building the engine's :class:`~mowkit.games.mow.Mow` (same names, same
:class:`~mowkit.core.OptionError`), and every option value of the engine is supported:
``packets``, ``starter``, ``star``, ``yellow_next``, ``restart``, ``specials``, and for whole
games ``threshold``, ``comparison``, ``max_rounds``, ``next_starter``, ``reset_arrow``. Card
data comes from ``mowkit.mow_data.mow_cards()`` (``mowkit/cards/mow_cards.csv``).

Entry points: :func:`simulate_rounds` / :func:`iter_rounds` / :func:`summarize_rounds`
(independent rounds, each played as round 1 of a game), :func:`simulate_games` (whole games),
:func:`play_deals` (rounds on given deck orders, e.g. a state's ``state.deals``) and
:func:`play_seeds` (whole games on the deals ``simulate.play_state(game, agents, seed)``
makes), the last two for cross-checks, and :func:`trace_deals` (rounds on given deck orders
with every decision recorded as an index into the engine's legal list, so the engine can replay
random farmers exactly and their choices can be tested for uniformity; with ``states=True`` each
decision also carries the position it was asked in, for decision-by-decision checks), and
:func:`mc_action_values` (flat Monte Carlo rollouts from a mid-round observation, for the ``mc``
farmer: determinizations of the unseen cards, each candidate turn action played, the rest of
the round by the rollout policy; the loop of :func:`_play_round` continues from any turn as
:func:`_play_on`). The deal is the engine's: farmer p gets cards
``5p .. 5p+4`` of the order, the rest is the draw pile, drawn from the front.

Random streams. Rounds (or games) are played in blocks of :data:`BLOCK`; block ``k`` starts
from the sorted deck with the xoshiro256** generator of :mod:`mowkit.kernels.rng` seeded (by
splitmix64) from ``w = SeedSequence(seed, spawn_key=(k,)).generate_state(1)[0]``. So the same
seed gives the same results in any process, and a chunked run (:func:`iter_rounds`) gives the
same rounds as one call. Every random integer below m comes from the top 32 bits of one draw by
Lemire's multiply-and-reject method (unbiased). A random deal is a full Fisher-Yates shuffle of
the deck in use (continuing from the previous round's order within a block). The kernel's
random choices do not follow the engine's generators: only deterministic policies on the same
deals give identical flies; ``random`` farmers agree in distribution (each decision is one
uniform draw over the same legal list as the engine's, so the distributions are the same).
When every farmer is ``random``, :func:`simulate_rounds` / :func:`iter_rounds` /
:func:`summarize_rounds` / :func:`simulate_games` use a lean loop (:func:`_random_round`: hands
as bit sets of cards, herds as their ends and a value map, the chosen action found from its
index without building the legal list) that makes the same draws and so plays exactly the same
rounds and games as the general loop (tested), about four times faster.
:func:`mc_action_values` seeds the generator with ``seed``. Before issue 13 the kernels drew
from numba's ``np.random`` (Mersenne Twister), so random results of earlier versions differ (in
value, not in distribution). The older entries ``_play_round`` / ``_play_on`` / ``_shuffle``
keep their arguments and take their randomness from ``np.random`` (a xoshiro state seeded by one
``np.random`` draw per call).

Compiled functions are cached on disk in the user cache folder of
:func:`mowkit.kernels.cache_dir` (never in the package folder). The first use of an entry point
without a cache compiles it (5-10 s each; a line on stderr says so), later processes load the
cache in about a third of a second. :func:`warm_up` (or ``python -m mowkit.kernels.warm``)
forces it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from mowkit.core import Action, OptionError, check_int
from mowkit.games.mow import HAND_SIZE, NUMBERED, Mow, MowObservation, TakeHerd, herd_placements
from mowkit.games.mow import primitives as P
from mowkit.games.mow.policies import (  # noqa: F401  (AGENT_*: read by mowkit.agents.policy_params)
    AGENT_DEFAULTS,
    AGENT_POLICIES,
    GREEDY_TAKE_AT,
    HEURISTIC_MIN_CARDS,
    HEURISTIC_TAKE_AT,
)
from mowkit.kernels import common, rng
from mowkit.mow_data import KINDS, MAX_NUMBER, mow_cards

RANDOM, GREEDY, HEURISTIC = 0, 1, 2
POLICIES: dict[str, int] = {"random": RANDOM, "greedy": GREEDY, "heuristic": HEURISTIC}
"""Policy name -> the integer code the kernel uses for a seat."""

BLOCK = 4096
"""Rounds (or games) played per seeding of the generator; chunks are multiples of it."""

_NO_LIMIT = 1_000_000  # rounds per game when max_rounds is None (a safety stop, see simulate_games)
_BIG = 1 << 30

# kind codes: the index in mowkit.mow_data.KINDS
PLAIN, BLOCKING, ACROBAT, SLOWPOKE, CALF, THIN, DAIRY, MAD = (
    KINDS.index(k) for k in ("plain", "blocking", "acrobat", "slowpoke", "calf", "thin", "dairy", "mad")
)
# action types of the legal list
A_LOW, A_HIGH, A_START, A_ACRO, A_SLOW, A_CALF_LO, A_CALF_HI, A_MAD, A_TAKE = range(9)
D_TURN, D_FLIP, D_NEXT, D_END = 0, 1, 2, 3
"""Decision kinds of a trace (:func:`trace_deals`): a turn, the arrow flip, the next farmer;
``D_END`` is the row of the position at the end of a round (with ``states=True``; no decision)."""
TRACE_HEADER = ("round", "kind", "options", "choice", "farmer", "card", "action", "arg", "arrow",
                "active", "stock")
"""The first columns of a trace row with ``states=True``; the position follows (:func:`decode_trace`)."""
_THDR = len(TRACE_HEADER)
_NUMS = MAX_NUMBER + 1  # numbers 0..16 of numbered cows
_LINE = MAX_NUMBER + 8  # a line holds distinct values -1..17 at most
_ACTIONS = 1024  # legal-list capacity (a hand of <= 10 cards, <= 16 slowpoke values each)


# --------------------------------------------------------------------------- compiled core


@njit(cache=True, inline="always")
def _below(m):
    """Uniform integer 0..m-1 (m < 2**32) from one 32-bit draw (Lemire's method, unbiased)."""
    x = np.random.randint(0, 1 << 32) * m
    lo = x & 0xFFFFFFFF
    if lo < m:
        t = ((1 << 32) - m) % m
        while lo < t:
            x = np.random.randint(0, 1 << 32) * m
            lo = x & 0xFFFFFFFF
    return x >> 32


@njit(cache=True)
def _np_state():
    """A xoshiro state seeded from numba's ``np.random`` (for the helpers without ``_s``)."""
    rs = np.empty(4, np.uint64)
    rng.seed(rs, np.random.randint(0, 1 << 32))
    return rs


@njit(cache=True, inline="always")
def _hand_insert(hands, hcnt, p, c):
    """Insert card ``c`` into farmer p's hand, kept sorted by card id."""
    k = hcnt[p]
    j = k
    while j > 0 and hands[p, j - 1] > c:
        hands[p, j] = hands[p, j - 1]
        j -= 1
    hands[p, j] = c
    hcnt[p] = k + 1


@njit(cache=True, inline="always")
def _line_insert(val, crd, hl, h, j, v, c):
    """Insert (value v, card c) at position j of herd h's line."""
    k = hl[h]
    for i in range(k, j, -1):
        val[h, i] = val[h, i - 1]
        crd[h, i] = crd[h, i - 1]
    val[h, j] = v
    crd[h, j] = c
    hl[h] = k + 1


@njit(cache=True, inline="always")
def _legal(p, h, kind, num, fl, numbered, hands, hcnt, val, crd, hl, hmad, act_c, act_t, act_a):
    """Fill the legal list of farmer p's turn on herd h in the engine's order; return its length."""
    k = 0
    m = hcnt[p]
    L = hl[h]
    if L == 0:
        for i in range(m):
            c = hands[p, i]
            if numbered[c]:
                act_c[k] = c
                act_t[k] = A_START
                act_a[k] = 0
                k += 1
        return k
    lo = val[h, 0]
    hi = val[h, L - 1]
    loc = crd[h, 0]
    hic = crd[h, L - 1]
    mad = hmad[h]
    for i in range(m):
        c = hands[p, i]
        if mad and fl[c] == 0:
            continue
        kc = kind[c]
        if numbered[c]:
            if num[c] < lo:
                act_c[k] = c
                act_t[k] = A_LOW
                act_a[k] = 0
                k += 1
            elif num[c] > hi:
                act_c[k] = c
                act_t[k] = A_HIGH
                act_a[k] = 0
                k += 1
        elif kc == ACROBAT:
            for j in range(L):
                t = crd[h, j]
                if kind[t] == PLAIN and num[t] == num[c]:
                    act_c[k] = c
                    act_t[k] = A_ACRO
                    act_a[k] = j
                    k += 1
        elif kc == SLOWPOKE:
            for j in range(L - 1):
                for v in range(val[h, j] + 1, val[h, j + 1]):
                    act_c[k] = c
                    act_t[k] = A_SLOW
                    act_a[k] = v
                    k += 1
        elif kc == CALF:
            if kind[loc] == PLAIN and fl[loc] == 0:
                act_c[k] = c
                act_t[k] = A_CALF_LO
                act_a[k] = 0
                k += 1
            if kind[hic] == PLAIN and fl[hic] == 0:
                act_c[k] = c
                act_t[k] = A_CALF_HI
                act_a[k] = 0
                k += 1
        elif kc == MAD:
            for j in range(L):
                t = crd[h, j]
                if kind[t] == PLAIN and num[t] == 8:
                    act_c[k] = c
                    act_t[k] = A_MAD
                    act_a[k] = j
                    k += 1
                    break
    act_c[k] = -1
    act_t[k] = A_TAKE
    act_a[k] = 0
    return k + 1


@njit(cache=True, inline="always")
def _followers(U, us, lo, hi, length, mad):
    """``agents.mow.followers``: unseen numbered cows beyond the ends, slowpokes if a gap."""
    cnt = 0
    for x in range(_NUMS):
        if x < lo or x > hi:
            cnt += U[x, 1]
            if not mad:
                cnt += U[x, 0]
    if hi - lo + 1 > length:
        cnt += us[1]
        if not mad:
            cnt += us[0]
    return cnt


@njit(cache=True)
def _choose(code, p, h, k, num, fl, val, hl, hfl, hmad, hands, hcnt, hid, hs, U, us,
            kind, numbered, act_c, act_t, act_a):
    """Index in the legal list of the choice of a greedy or heuristic farmer."""
    take = act_t[k - 1] == A_TAKE
    nplace = k - 1 if take else k
    L = hl[h]
    if take:
        if nplace == 0:
            return k - 1
        if code == GREEDY and hfl[h] <= GREEDY_TAKE_AT:
            return k - 1
        if code == HEURISTIC and hfl[h] <= HEURISTIC_TAKE_AT and L >= HEURISTIC_MIN_CARDS:
            return k - 1
    # unseen = the other hands and the pile: all hidden counts minus the own hand
    for x in range(_NUMS):
        U[x, 0] = hid[x, 0]
        U[x, 1] = hid[x, 1]
    us[0] = hs[0]
    us[1] = hs[1]
    for i in range(hcnt[p]):
        c = hands[p, i]
        f = 1 if fl[c] > 0 else 0
        if numbered[c]:
            U[num[c], f] -= 1
        elif kind[c] == SLOWPOKE:
            us[f] -= 1
    if L > 0:
        lo0 = val[h, 0]
        hi0 = val[h, L - 1]
    else:
        lo0 = 0
        hi0 = 0
    mad0 = hmad[h] != 0
    best = -1
    bf = _BIG
    bfl = 0
    bc = 0
    zbest = -1
    zfl = 0
    zc = 0
    for i in range(nplace):
        c = act_c[i]
        t = act_t[i]
        lo = lo0
        hi = hi0
        length = L
        mad = mad0
        if t == A_START:
            lo = num[c]
            hi = num[c]
            length = 1
        elif t == A_LOW:
            lo = num[c]
            length += 1
        elif t == A_HIGH:
            hi = num[c]
            length += 1
        elif t == A_SLOW:
            length += 1
        elif t == A_CALF_LO:
            lo -= 1
            length += 1
        elif t == A_CALF_HI:
            hi += 1
            length += 1
        elif t == A_MAD:
            mad = True
        f = _followers(U, us, lo, hi, length, mad)
        if f < bf or (f == bf and (fl[c] > bfl or (fl[c] == bfl and c < bc))):
            best = i
            bf = f
            bfl = fl[c]
            bc = c
        if f == 0 and (zbest < 0 or fl[c] > zfl or (fl[c] == zfl and c < zc)):
            zbest = i
            zfl = fl[c]
            zc = c
    if code == HEURISTIC and zbest >= 0:
        return zbest
    return best


@njit(cache=True)
def _record(trace, tlen, row, what, options, choice, p, card, atype, aarg, arrow, active, stock, tot,
            hands, hcnt, val, crd, hl, hfl, hmad, sc):
    """Append ``(row, kind, options, choice)`` to the trace; a trace wider than 4 columns also
    gets the decision's farmer and action and the position when it is asked (:func:`trace_width`)."""
    t = tlen[0]
    tlen[0] = t + 1
    if t >= trace.shape[0]:
        return
    out = trace[t]
    out[0] = row
    out[1] = what
    out[2] = options
    out[3] = choice
    if out.shape[0] <= 4:
        return
    out[4:] = 0
    out[4] = p
    out[5] = card
    out[6] = atype
    out[7] = aarg
    out[8] = arrow
    out[9] = active
    out[10] = stock
    n = hands.shape[0]
    j = _THDR
    for q in range(n):
        out[j + q] = tot[q]
    j += n
    for h in range(hl.shape[0]):
        out[j] = hl[h]
        out[j + 1] = hfl[h]
        out[j + 2] = hmad[h]
        for i in range(hl[h]):
            out[j + 3 + i] = val[h, i]
            out[j + 3 + _LINE + i] = crd[h, i]
        j += 3 + 2 * _LINE
    for q in range(n):
        out[j] = sc[q]
        out[j + 1] = hcnt[q]
        for i in range(hcnt[q]):
            out[j + 2 + i] = hands[q, i]
        j += 2 + hands.shape[1]


@njit(cache=True)
def _play_round(n, nh, pol, order, starter, arrow, tot, kind, num, fl, green, numbered,
                restart_taker, allow_self, deck_hid, deck_hs, hands, hcnt, val, crd, hl, hfl,
                hmad, sc, hid, hs, U, us, act_c, act_t, act_a, score, trace, tlen, row):
    """:func:`_play_round_s` drawing from a state seeded by ``np.random`` (the older entry)."""
    return _play_round_s(n, nh, pol, order, starter, arrow, tot, kind, num, fl, green, numbered,
                         restart_taker, allow_self, deck_hid, deck_hs, hands, hcnt, val, crd, hl, hfl,
                         hmad, sc, hid, hs, U, us, act_c, act_t, act_a, score, trace, tlen, row,
                         _np_state())


@njit(cache=True)
def _play_round_s(n, nh, pol, order, starter, arrow, tot, kind, num, fl, green, numbered,
                  restart_taker, allow_self, deck_hid, deck_hs, hands, hcnt, val, crd, hl, hfl,
                  hmad, sc, hid, hs, U, us, act_c, act_t, act_a, score, trace, tlen, row, rs):
    """Play one round on deck ``order`` from ``starter`` with the arrow ``arrow``.

    ``tot`` are the totals before the round (the greedy flip and next-farmer choices read them).
    ``score`` receives each farmer's flies; returns the arrow at the end of the round. With a
    ``trace`` of more than one row, every decision appends ``(row, kind, options, choice)`` at
    ``trace[tlen[0]]`` (kind :data:`D_TURN`, :data:`D_FLIP`, :data:`D_NEXT`; ``choice`` the
    index in the engine's legal list of that many options).
    """
    for p in range(n):
        hcnt[p] = 0
        sc[p] = 0
        for i in range(HAND_SIZE):
            _hand_insert(hands, hcnt, p, order[p * HAND_SIZE + i])
    pp = n * HAND_SIZE
    for h in range(nh):
        hl[h] = 0
        hfl[h] = 0
        hmad[h] = 0
    for x in range(_NUMS):
        hid[x, 0] = deck_hid[x, 0]
        hid[x, 1] = deck_hid[x, 1]
    hs[0] = deck_hs[0]
    hs[1] = deck_hs[1]
    # no literal arguments to a compiled callee: numba would compile it once per literal value
    return _play_on_s(n, nh, pol, order, pp, np.int64(0), starter, arrow, np.int64(-1), tot, kind,
                      num, fl, green, numbered, restart_taker, allow_self, hands, hcnt, val, crd, hl,
                      hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a, score, trace, tlen, row, rs)


@njit(cache=True)
def _play_on(n, nh, pol, order, pp, active, q, arrow, first, tot, kind, num, fl, green, numbered,
             restart_taker, allow_self, hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us,
             act_c, act_t, act_a, score, trace, tlen, row):
    """:func:`_play_on_s` drawing from a state seeded by ``np.random`` (the older entry)."""
    return _play_on_s(n, nh, pol, order, pp, active, q, arrow, first, tot, kind, num, fl, green,
                      numbered, restart_taker, allow_self, hands, hcnt, val, crd, hl, hfl, hmad, sc,
                      hid, hs, U, us, act_c, act_t, act_a, score, trace, tlen, row, _np_state())


@njit(cache=True, inline="always")
def _starter(q, n, arrow, hands, hcnt, numbered):
    """The first farmer from ``q`` along the arrow with a numbered cow, who starts the empty
    herd (-1: nobody can, the round ends)."""
    r = q
    for _ in range(n):
        for j in range(hcnt[r]):
            if numbered[hands[r, j]]:
                return r
        r = P.next_seat(r, arrow, n)
    return -1


@njit(cache=True, inline="always")
def _take_line(p, h, sc, hl, hfl, hmad):
    """Farmer p takes herd h: its flies into his cowshed, the herd empty."""
    sc[p] += hfl[h]
    hl[h] = 0
    hfl[h] = 0
    hmad[h] = 0


@njit(cache=True)
def _play_on_s(n, nh, pol, order, pp, active, q, arrow, first, tot, kind, num, fl, green, numbered,
               restart_taker, allow_self, hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us,
               act_c, act_t, act_a, score, trace, tlen, row, rs):
    """Play the rest of a round from the beginning of farmer q's turn on herd ``active``.

    The position is in the workspace (``hands``/``hcnt``, the lines ``val``/``crd``/``hl`` with
    ``hfl`` flies and ``hmad``, ``sc`` the cowshed flies this round, ``hid``/``hs`` the hidden
    counts); the draw pile is ``order[pp:]``, drawn from the front. ``first >= 0`` forces the
    first turn's choice: that index in the legal list (the engine's order); every later decision,
    the same farmer's flip, next farmer or restart included, follows ``pol``. Fills ``score`` and
    returns the arrow at the end of the round, as :func:`_play_round`.
    """
    record = trace.shape[0] > 1
    dsize = order.shape[0]
    while True:
        # begin the turn of q: an empty active herd is started by the first farmer who can
        h = active
        p = _starter(q, n, arrow, hands, hcnt, numbered) if hl[h] == 0 else q
        if p < 0:
            break  # nobody can start: the round ends
        k = _legal(p, h, kind, num, fl, numbered, hands, hcnt, val, crd, hl, hmad, act_c, act_t, act_a)
        code = pol[p]
        if first >= 0:
            idx = first
            first = -1
        elif code == RANDOM:
            idx = rng.below(rs, k)
        else:
            idx = _choose(code, p, h, k, num, fl, val, hl, hfl, hmad, hands, hcnt, hid, hs, U, us,
                          kind, numbered, act_c, act_t, act_a)
        if record:
            _record(trace, tlen, row, D_TURN, k, idx, p, act_c[idx], act_t[idx], act_a[idx], arrow, active,
                    dsize - pp, tot, hands, hcnt, val, crd, hl, hfl, hmad, sc)
        t = act_t[idx]
        if t == A_TAKE:
            _take_line(p, h, sc, hl, hfl, hmad)
            if pp >= dsize:
                break  # a take with an empty pile ends the round
            q = P.after_take(p, arrow, n, restart_taker)
            if not restart_taker:
                active = P.next_herd(active, arrow, nh)
            continue
        c = act_c[idx]
        a = act_a[idx]
        # the card leaves the hand (and the unseen cards)
        m = hcnt[p]
        j = 0
        while hands[p, j] != c:
            j += 1
        for i in range(j, m - 1):
            hands[p, i] = hands[p, i + 1]
        hcnt[p] = m - 1
        f = 1 if fl[c] > 0 else 0
        if numbered[c]:
            hid[num[c], f] -= 1
        elif kind[c] == SLOWPOKE:
            hs[f] -= 1
        L = hl[h]
        if t == A_START or t == A_HIGH:
            _line_insert(val, crd, hl, h, L, num[c], c)
        elif t == A_LOW:
            _line_insert(val, crd, hl, h, 0, num[c], c)
        elif t == A_SLOW:
            j = 0
            while val[h, j] < a:
                j += 1
            _line_insert(val, crd, hl, h, j, a, c)
        elif t == A_CALF_LO:
            _line_insert(val, crd, hl, h, 0, val[h, 0] - 1, c)
        elif t == A_CALF_HI:
            _line_insert(val, crd, hl, h, L, val[h, L - 1] + 1, c)
        elif t == A_MAD:
            eight = crd[h, a]
            crd[h, a] = c
            hfl[h] -= fl[eight]
            hmad[h] = 1
            _hand_insert(hands, hcnt, p, eight)
            hid[num[eight], 1 if fl[eight] > 0 else 0] += 1
        # A_ACRO: on top of its target; the line is unchanged
        hfl[h] += fl[c]
        kc = kind[c]
        for _ in range(P.cards_to_draw(kc)):
            if pp < dsize:
                _hand_insert(hands, hcnt, p, order[pp])
                pp += 1
        chosen = -1
        if kc != PLAIN:
            if green[c]:  # optional flip of the arrow
                if code == RANDOM:
                    flip = rng.below(rs, 2) == 1
                else:
                    flip = tot[(p - arrow) % n] < tot[(p + arrow) % n]
                if record:
                    _record(trace, tlen, row, D_FLIP, 2, 1 if flip else 0, p, c, -1, 0, arrow, active,
                            dsize - pp, tot, hands, hcnt, val, crd, hl, hfl, hmad, sc)
                if flip:
                    arrow = -arrow
            else:  # the farmer names who plays next
                if code == RANDOM:
                    chosen = P.named_seat(rng.below(rs, P.name_options(n, allow_self)), p, allow_self)
                else:
                    bt = _BIG
                    bd = _BIG
                    for r in range(n):
                        if r == p and not allow_self:
                            continue
                        d = ((r - p) * arrow) % n
                        if d == 0:
                            d = n
                        if tot[r] < bt or (tot[r] == bt and d < bd):
                            bt = tot[r]
                            bd = d
                            chosen = r
                if record:
                    _record(trace, tlen, row, D_NEXT, P.name_options(n, allow_self),
                            chosen if (allow_self or chosen < p) else chosen - 1, p, chosen, -1, 0, arrow,
                            active, dsize - pp, tot, hands, hcnt, val, crd, hl, hfl, hmad, sc)
        q = chosen if chosen >= 0 else P.next_seat(p, arrow, n)
        active = P.next_herd(active, arrow, nh)
    for p in range(n):  # the round's flies: the cowshed and the cows left in the hand
        s = sc[p]
        for i in range(hcnt[p]):
            s += fl[hands[p, i]]
        score[p] = s
    if record and trace.shape[1] > 4:  # the end of the round: the flies scored in place of the cowsheds'
        _record(trace, tlen, row, D_END, 0, 0, -1, 0, -1, 0, arrow, active, dsize - pp, tot, hands, hcnt,
                val, crd, hl, hfl, hmad, score)
    return arrow


@njit(cache=True, inline="always")
def _next_starter(prev, n, tot, rotate):
    """The next round's starter: the seat after ``prev``, or the most flies (ties clockwise)."""
    if rotate:
        return (prev + 1) % n
    top = tot[0]
    for p in range(1, n):
        if tot[p] > top:
            top = tot[p]
    for i in range(1, n + 1):
        r = (prev + i) % n
        if tot[r] == top:
            return r
    return prev


@njit(cache=True)
def _workspace(n, nh, width):
    hands = np.zeros((n, width), np.int64)
    hcnt = np.zeros(n, np.int64)
    val = np.zeros((nh, _LINE), np.int64)
    crd = np.zeros((nh, _LINE), np.int64)
    hl = np.zeros(nh, np.int64)
    hfl = np.zeros(nh, np.int64)
    hmad = np.zeros(nh, np.int64)
    sc = np.zeros(n, np.int64)
    hid = np.zeros((_NUMS, 2), np.int64)
    hs = np.zeros(2, np.int64)
    U = np.zeros((_NUMS, 2), np.int64)
    us = np.zeros(2, np.int64)
    act_c = np.zeros(_ACTIONS, np.int64)
    act_t = np.zeros(_ACTIONS, np.int64)
    act_a = np.zeros(_ACTIONS, np.int64)
    return hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a


@njit(cache=True, inline="always")
def _shuffle(deck):
    """Fisher-Yates shuffle of ``deck`` in place (``np.random``)."""
    m = deck.shape[0]
    for a in range(m - 1):
        b = a + _below(m - a)
        t = deck[a]
        deck[a] = deck[b]
        deck[b] = t


@njit(cache=True, inline="always")
def _shuffle_s(deck, rs):
    """Fisher-Yates shuffle of ``deck`` in place (xoshiro state ``rs``)."""
    m = deck.shape[0]
    for a in range(m - 1):
        b = a + rng.below(rs, m - a)
        t = deck[a]
        deck[a] = deck[b]
        deck[b] = t


@njit(cache=True)
def _rounds_kernel(out, block, seeds, n, nh, pol, deck0, starter, kind, num, fl, green, numbered,
                   restart_taker, allow_self, deck_hid, deck_hs, width):
    """Fill ``out[i, p]`` with the flies of farmer p in independent random round i."""
    hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a = _workspace(n, nh, width)
    rs = np.empty(4, np.uint64)
    deck = deck0.copy()
    tot = np.zeros(n, np.int64)
    score = np.zeros(n, np.int64)
    notrace = np.zeros((1, 4), np.int64)
    tlen = np.zeros(1, np.int64)
    for i in range(out.shape[0]):
        if i % block == 0:  # a block starts from the sorted deck and its own seed
            rng.seed(rs, seeds[i // block])
            deck[:] = deck0
        _shuffle_s(deck, rs)
        _play_round_s(n, nh, pol, deck, starter, np.int64(1), tot, kind, num, fl, green, numbered,
                    restart_taker, allow_self, deck_hid, deck_hs, hands, hcnt, val, crd, hl, hfl,
                    hmad, sc, hid, hs, U, us, act_c, act_t, act_a, score, notrace, tlen, i, rs)
        for p in range(n):
            out[i, p] = score[p]


@njit(cache=True)
def _games_kernel(totals, nrounds, block, seeds, n, nh, pol, deck0, starter0, kind, num, fl, green,
                  numbered, restart_taker, allow_self, deck_hid, deck_hs, width, threshold, strict,
                  max_rounds, rotate, reset_arrow):
    """Play whole games to the threshold (or ``max_rounds``): totals and rounds per game."""
    hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a = _workspace(n, nh, width)
    rs = np.empty(4, np.uint64)
    deck = deck0.copy()
    tot = np.zeros(n, np.int64)
    score = np.zeros(n, np.int64)
    notrace = np.zeros((1, 4), np.int64)
    tlen = np.zeros(1, np.int64)
    for g in range(totals.shape[0]):
        if g % block == 0:
            rng.seed(rs, seeds[g // block])
            deck[:] = deck0
        for p in range(n):
            tot[p] = 0
        starter = starter0
        arrow = np.int64(1)
        ri = 0
        while True:
            _shuffle_s(deck, rs)
            if reset_arrow:
                arrow = np.int64(1)
            arrow = _play_round_s(n, nh, pol, deck, starter, arrow, tot, kind, num, fl, green,
                                numbered, restart_taker, allow_self, deck_hid, deck_hs, hands, hcnt,
                                val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a,
                                score, notrace, tlen, g, rs)
            reached = False
            for p in range(n):
                tot[p] += score[p]
                if tot[p] > threshold or (not strict and tot[p] == threshold):
                    reached = True
            ri += 1
            if reached or ri >= max_rounds:
                break
            starter = _next_starter(starter, n, tot, rotate)
        for p in range(n):
            totals[g, p] = tot[p]
        nrounds[g] = ri


@njit(cache=True)
def _deals_kernel(out, deals, tots, starters, arrows, chain, block, seeds, n, nh, pol, kind, num,
                  fl, green, numbered, restart_taker, allow_self, deck_hid, deck_hs, width, rotate,
                  reset_arrow, trace, tlen):
    """Play round i on deck order ``deals[i]`` from the game state of row i.

    Row i's state is ``tots[i]`` (totals before the round), ``starters[i]``, ``arrows[i]`` (the
    arrow the previous round ended with; 1 before the first). They are updated in place to the
    state after the round (totals, next starter, arrow). With ``chain`` the rows are the rounds
    of one game: row i+1 starts from row i's updated state. ``trace``/``tlen``: see _play_round.
    """
    hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a = _workspace(n, nh, width)
    rs = np.empty(4, np.uint64)
    score = np.zeros(n, np.int64)
    for i in range(out.shape[0]):
        if i % block == 0:
            rng.seed(rs, seeds[i // block])
        if chain and i > 0:
            tots[i, :] = tots[i - 1, :]
            starters[i] = starters[i - 1]
            arrows[i] = arrows[i - 1]
        arrow = 1 if reset_arrow else arrows[i]
        tot = tots[i]
        arrow = _play_round_s(n, nh, pol, deals[i], starters[i], arrow, tot, kind, num, fl, green,
                            numbered, restart_taker, allow_self, deck_hid, deck_hs, hands, hcnt,
                            val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a, score,
                            trace, tlen, i, rs)
        for p in range(n):
            out[i, p] = score[p]
            tot[p] += score[p]
        arrows[i] = arrow
        starters[i] = _next_starter(starters[i], n, tot, rotate)


@njit(cache=True)
def _mc_kernel(values, seed, rollouts, n, nh, pol, me, active, arrow, tot, hands0, hcnt0, val0, crd0,
               hl0, hfl0, hmad0, sc0, hid0, hs0, sizes, unseen, pile_size, cand, kind, num, fl, green,
               numbered, restart_taker, allow_self, width):
    """Flat Monte Carlo from a mid-round position: add to ``values[i]`` my flies after ``cand[i]``.

    The position (``*0`` arrays, as the workspace of :func:`_play_on`) holds my hand (row
    ``me``); per rollout ``unseen`` is dealt at random (a partial Fisher-Yates shuffle): the
    other farmers get ``sizes[p]`` cards in seat order, then ``pile_size`` cards form the draw
    pile, front first (the rest, if any, stays out of play). Every candidate (an index in my
    legal list) is then played from a copy of that deal and the round finished with the
    policies ``pol`` (common random numbers: all candidates share the deals). Returns the length
    of my legal list in the position (a check that the candidates index the engine's list).
    """
    rs = np.empty(4, np.uint64)
    rng.seed(rs, seed)
    hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a = _workspace(n, nh, width)
    k = _legal(me, active, kind, num, fl, numbered, hands0, hcnt0, val0, crd0, hl0, hmad0, act_c, act_t,
               act_a)
    base = hands0.copy()
    bcnt = hcnt0.copy()
    pool = unseen.copy()
    m = pool.shape[0]
    need = pile_size
    for p in range(n):
        if p != me:
            need += sizes[p]
    pile = np.empty(pile_size, np.int64)
    score = np.zeros(n, np.int64)
    notrace = np.zeros((1, 4), np.int64)
    tlen = np.zeros(1, np.int64)
    for _ in range(rollouts):
        for i in range(need):  # partial Fisher-Yates: the first `need` cards are dealt
            j = i + rng.below(rs, m - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        q = 0
        for p in range(n):
            if p != me:
                bcnt[p] = 0
                for _k in range(sizes[p]):
                    _hand_insert(base, bcnt, p, pool[q])
                    q += 1
        for i in range(pile_size):
            pile[i] = pool[q + i]
        for ci in range(cand.shape[0]):
            for p in range(n):
                hcnt[p] = bcnt[p]
                sc[p] = sc0[p]
                for i in range(bcnt[p]):
                    hands[p, i] = base[p, i]
            for h in range(nh):
                hl[h] = hl0[h]
                hfl[h] = hfl0[h]
                hmad[h] = hmad0[h]
                for i in range(hl0[h]):
                    val[h, i] = val0[h, i]
                    crd[h, i] = crd0[h, i]
            for x in range(_NUMS):
                hid[x, 0] = hid0[x, 0]
                hid[x, 1] = hid0[x, 1]
            hs[0] = hs0[0]
            hs[1] = hs0[1]
            _play_on_s(n, nh, pol, pile, np.int64(0), active, me, arrow, cand[ci], tot, kind, num, fl, green,
                     numbered, restart_taker, allow_self, hands, hcnt, val, crd, hl, hfl, hmad, sc,
                     hid, hs, U, us, act_c, act_t, act_a, score, notrace, tlen, np.int64(0), rs)
            values[ci] += score[me]
    return k


# --------------------------------------------------------------------------- all-random loop
#
# When every farmer is random, rounds come from a lean loop that makes exactly the random draws of
# the general loop (the shuffle, then per turn one draw over the engine-ordered legal list, the
# flip or the next farmer), so it plays the same rounds, with less state: cards are numbered by
# their rank in the sorted deck in use (the rank order is the card-id order), a hand is a bit set
# of ranks in two 64-bit words (enumerating its bits in order walks the hand by card id), a herd is
# its lowest and highest value, length, flies, mad flag and a map value -> card. The numbered cows
# the farmer may place are one mask operation (those below the lowest value or above the highest,
# with flies on a mad herd), counted by popcount; only special cows in the hand are looked at one
# by one (each has at most one action, except the slowpoke and the calf); the chosen action is
# found from its index without building the list. No hidden-card counts, no trace.


@intrinsic
def _popc(typingctx, x):
    """Number of set bits of a uint64 (llvm.ctpop)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def _ctz(typingctx, x):
    """Index of the lowest set bit of a non-zero uint64 (llvm.cttz)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.uint64(types.uint64), codegen


_Z64 = np.uint64(0)
_O64 = np.uint64(1)
_S6 = np.uint64(6)
_M6 = np.uint64(63)


@njit(cache=True, inline="always")
def _nth_bit(m0, m1, idx):
    """The rank of the idx-th set bit (0-based, lowest first) of the 128-bit set (m0, m1)."""
    c0 = np.int64(_popc(m0))
    if idx < c0:
        w = m0
        base = 0
    else:
        w = m1
        idx -= c0
        base = 64
    for _ in range(idx):
        w &= w - _O64
    return base + np.int64(_ctz(w))


@njit(cache=True, inline="always")
def _next_t(s0, s1, s2, s3):
    """:func:`mowkit.kernels.rng.next64` on a state held in four scalars: (output, new state)."""
    x = s1 * rng._FIVE
    result = ((x << rng._S7) | (x >> rng._S57)) * rng._NINE
    t = s1 << rng._S17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << rng._S45) | (s3 >> rng._S19)
    return result, s0, s1, s2, s3


@njit(cache=True, inline="always")
def _below_t(s0, s1, s2, s3, m):
    """:func:`mowkit.kernels.rng.below` on a state held in four scalars: (draw, new state)."""
    r, s0, s1, s2, s3 = _next_t(s0, s1, s2, s3)
    x = np.int64(r >> rng._S32) * m
    lo = x & 0xFFFFFFFF
    if lo < m:
        t = ((1 << 32) - m) % m
        while lo < t:
            r, s0, s1, s2, s3 = _next_t(s0, s1, s2, s3)
            x = np.int64(r >> rng._S32) * m
            lo = x & 0xFFFFFFFF
    return x >> 32, s0, s1, s2, s3


_T = 128  # ranks per table row of the all-random loop (a deck of at most 128 cards)
_VMAP = _LINE + 2  # a herd's value map: values -1 .. _LINE
_HS = 5 + _VMAP  # a herd's slots in the state array: lowest, highest, length, flies, mad, value map
_LOWER = 6  # bits[_LOWER + w * _VMAP + x + 1]: word w of the numbered cows below value x
_HIGHER = _LOWER + 2 * _VMAP  # the same, above value x


@njit(cache=True, inline="always")
def _special_count(c, tab, st, v0, lo, hi, L):
    """Number of actions of special cow (rank) c on the herd whose value map starts at ``st[v0]``."""
    kc = tab[c]
    if kc == ACROBAT:
        t = st[v0 + tab[_T + c] + 1]
        return 1 if t >= 0 and tab[t] == PLAIN else 0
    if kc == SLOWPOKE:
        return hi - lo + 1 - L
    if kc == CALF:
        t = st[v0 + lo + 1]
        u = st[v0 + hi + 1]
        return ((1 if tab[t] == PLAIN and tab[2 * _T + t] == 0 else 0)
                + (1 if tab[u] == PLAIN and tab[2 * _T + u] == 0 else 0))
    # MAD: a plain 8 in the line (a plain cow lies at its number)
    t = st[v0 + 9]
    return 1 if t >= 0 and tab[t] == PLAIN else 0


@njit(cache=True, inline="always")
def _add_card(hm, p, c):
    hm[2 * p + (c >> 6)] |= _O64 << np.uint64(c & 63)


@njit(cache=True, inline="always")
def _deal_bits(n, nh, order, hm, st):
    """The deal of :func:`_random_round`: the hands from ``order``, empty cowsheds and herds."""
    shed = nh * _HS
    for p in range(n):
        hm[2 * p] = _Z64
        hm[2 * p + 1] = _Z64
        for i in range(p * HAND_SIZE, p * HAND_SIZE + HAND_SIZE):
            _add_card(hm, p, order[i])
        st[shed + p] = 0
    for h in range(nh):
        st[h * _HS + 2] = 0
        st[h * _HS + 3] = 0
        st[h * _HS + 4] = 0


@njit(cache=True, inline="always")
def _starter_bits(q, n, arrow, hm, n0, n1):
    """The first farmer from ``q`` along the arrow with a numbered cow (``n0``/``n1``), who starts
    the empty herd (-1: nobody can, the round ends)."""
    r = q
    for _ in range(n):
        if (hm[2 * r] & n0) | (hm[2 * r + 1] & n1):
            return r
        r = P.next_seat(r, arrow, n)
    return -1


@njit(cache=True, inline="always")
def _start_bits(c, b, tab, st):
    """Numbered cow (rank) ``c`` starts the herd whose slots begin at ``st[b]``."""
    v = tab[_T + c]
    st[b] = v
    st[b + 1] = v
    st[b + 2] = 1
    st[b + 5 + v + 1] = c


@njit(cache=True, inline="always")
def _take_bits(p, b, shed, st):
    """Farmer p takes the herd at ``st[b]``: its flies into his cowshed, the herd empty."""
    st[shed + p] += st[b + 3]
    for x in range(b + 5 + st[b] + 1, b + 5 + st[b + 1] + 2):
        st[x] = -1
    st[b + 2] = 0
    st[b + 3] = 0
    st[b + 4] = 0


@njit(cache=True, inline="always")
def _score_bits(n, nh, tab, st, hm, score):
    """The end of :func:`_random_round`: the value maps left empty; each farmer's flies (the
    cowshed and the cows left in the hand) into ``score``."""
    shed = nh * _HS
    for h in range(nh):
        b = h * _HS
        if st[b + 2]:
            for x in range(b + 5 + st[b] + 1, b + 5 + st[b + 1] + 2):
                st[x] = -1
    for p in range(n):
        s = st[shed + p]
        w = hm[2 * p]
        while w:
            s += tab[2 * _T + np.int64(_ctz(w))]
            w &= w - _O64
        w = hm[2 * p + 1]
        while w:
            s += tab[2 * _T + 64 + np.int64(_ctz(w))]
            w &= w - _O64
        score[p] = s


@njit(cache=True, inline="always")
def _random_round(n, nh, order, starter, arrow, restart_taker, allow_self, tab, bits, hm, st, score, rs):
    """One round of random farmers on the rank order ``order``: the round of :func:`_play_round_s`.

    Cards are ranks in the sorted deck. ``tab[i * _T + c]``: kind, number, flies, green of rank c
    (i = 0..3); ``bits``: the bit sets (two words each) of numbered cows, cows with flies and
    special cows, then from ``_LOWER`` / ``_HIGHER`` those of the numbered cows below / above
    each value; ``hm[2p]``, ``hm[2p + 1]`` farmer p's hand (ranks 0-63, 64-127); ``st`` per herd
    h from ``h * _HS``: lowest value, highest value, length, flies, mad, then the value map
    (the card at value v at ``+ 5 + v + 1``, -1 for none; all -1 on entry, and on return), and
    from ``nh * _HS`` the cowshed flies per farmer. Fills ``score``; returns the arrow.
    """
    dsize = order.shape[0]
    g0 = rs[0]  # the generator's state, in registers during the round
    g1 = rs[1]
    g2 = rs[2]
    g3 = rs[3]
    n0 = bits[0]
    n1 = bits[1]
    f0 = bits[2]
    f1 = bits[3]
    p0 = bits[4]
    p1 = bits[5]
    shed = nh * _HS
    _deal_bits(n, nh, order, hm, st)
    pp = n * HAND_SIZE
    active = 0
    q = starter
    while True:
        h = active
        b = h * _HS
        v0 = b + 5
        L = st[b + 2]
        if L == 0:
            p = _starter_bits(q, n, arrow, hm, n0, n1)
            if p < 0:
                break  # nobody can start: the round ends
            m0 = hm[2 * p] & n0
            m1 = hm[2 * p + 1] & n1
            idx, g0, g1, g2, g3 = _below_t(g0, g1, g2, g3, np.int64(_popc(m0)) + np.int64(_popc(m1)))
            c = _nth_bit(m0, m1, idx)
            _start_bits(c, b, tab, st)
        else:
            p = q
            a0 = hm[2 * p]
            a1 = hm[2 * p + 1]
            if st[b + 4]:
                a0 &= f0
                a1 &= f1
            lo = st[b]
            hi = st[b + 1]
            m0 = a0 & (bits[_LOWER + lo + 1] | bits[_HIGHER + hi + 1])
            m1 = a1 & (bits[_LOWER + _VMAP + lo + 1] | bits[_HIGHER + _VMAP + hi + 1])
            s0 = a0 & p0
            s1 = a1 & p1
            k = np.int64(_popc(m0)) + np.int64(_popc(m1)) + 1
            ks = 0
            if s0 | s1:
                w = s0
                while w:
                    ks += _special_count(np.int64(_ctz(w)), tab, st, v0, lo, hi, L)
                    w &= w - _O64
                w = s1
                while w:
                    ks += _special_count(64 + np.int64(_ctz(w)), tab, st, v0, lo, hi, L)
                    w &= w - _O64
                k += ks
            idx, g0, g1, g2, g3 = _below_t(g0, g1, g2, g3, k)
            if idx == k - 1:  # take the herd
                _take_bits(p, b, shed, st)
                if pp >= dsize:
                    break  # a take with an empty pile ends the round
                q = P.after_take(p, arrow, n, restart_taker)
                if not restart_taker:
                    active = P.next_herd(active, arrow, nh)
                continue
            sub = 0
            if ks == 0:
                c = _nth_bit(m0, m1, idx)
            else:  # walk the cards with actions in rank order
                c = -1
                for wi in range(2):
                    w = (m0 | s0) if wi == 0 else (m1 | s1)
                    numw = m0 if wi == 0 else m1
                    while w:
                        bit = _ctz(w)
                        cc = 64 * wi + np.int64(bit)
                        if (numw >> bit) & _O64:
                            cnt = 1
                        else:
                            cnt = _special_count(cc, tab, st, v0, lo, hi, L)
                        if idx < cnt:
                            c = cc
                            sub = idx
                            break
                        idx -= cnt
                        w &= w - _O64
                    if c >= 0:
                        break
            kc = tab[c]
            if kc == ACROBAT:
                pass  # on top of its target; the line is unchanged
            elif kc == SLOWPOKE:
                v = lo + 1
                while True:
                    if st[v0 + v + 1] < 0:
                        if sub == 0:
                            break
                        sub -= 1
                    v += 1
                st[v0 + v + 1] = c
                st[b + 2] = L + 1
            elif kc == CALF:
                t = st[v0 + lo + 1]
                if sub == 0 and tab[t] == PLAIN and tab[2 * _T + t] == 0:
                    st[b] = lo - 1
                    st[v0 + lo] = c
                else:
                    st[b + 1] = hi + 1
                    st[v0 + hi + 2] = c
                st[b + 2] = L + 1
            elif kc == MAD:
                eight = st[v0 + 9]
                st[v0 + 9] = c
                st[b + 3] -= tab[2 * _T + eight]
                st[b + 4] = 1
                _add_card(hm, p, eight)
            else:  # a numbered cow at one end
                v = tab[_T + c]
                if v < lo:
                    st[b] = v
                else:
                    st[b + 1] = v
                st[v0 + v + 1] = c
                st[b + 2] = L + 1
        # the card leaves the hand and lies in the herd; draws
        hm[2 * p + (c >> 6)] &= ~(_O64 << np.uint64(c & 63))
        st[b + 3] += tab[2 * _T + c]
        kc = tab[c]
        for _ in range(P.cards_to_draw(kc)):
            if pp < dsize:
                _add_card(hm, p, order[pp])
                pp += 1
        chosen = -1
        if kc != PLAIN:
            if tab[3 * _T + c]:  # green: optional flip of the arrow
                flip, g0, g1, g2, g3 = _below_t(g0, g1, g2, g3, 2)
                if flip == 1:
                    arrow = -arrow
            else:  # the farmer names who plays next
                pick, g0, g1, g2, g3 = _below_t(g0, g1, g2, g3, P.name_options(n, allow_self))
                chosen = P.named_seat(pick, p, allow_self)
        q = chosen if chosen >= 0 else P.next_seat(p, arrow, n)
        active = P.next_herd(active, arrow, nh)
    _score_bits(n, nh, tab, st, hm, score)
    rs[0] = g0
    rs[1] = g1
    rs[2] = g2
    rs[3] = g3
    return arrow


@njit(cache=True)
def _random_space(n, nh):
    hm = np.zeros(2 * n, np.uint64)
    st = np.full(nh * _HS + n, -1, np.int64)
    return hm, st


@njit(cache=True)
def _random_rounds_kernel(out, block, seeds, n, nh, dsize, starter, restart_taker, allow_self, tab, bits):
    """:func:`_rounds_kernel` for every farmer ``random``: the same rounds, fewer steps."""
    hm, st = _random_space(n, nh)
    rs = np.empty(4, np.uint64)
    deck = np.arange(dsize)
    score = np.zeros(n, np.int64)
    for i in range(out.shape[0]):
        if i % block == 0:  # a block starts from the sorted deck and its own seed
            rng.seed(rs, seeds[i // block])
            for a in range(dsize):
                deck[a] = a
        _shuffle_s(deck, rs)
        _random_round(n, nh, deck, starter, np.int64(1), restart_taker, allow_self, tab, bits, hm, st,
                      score, rs)
        for p in range(n):
            out[i, p] = score[p]


@njit(cache=True)
def _random_games_kernel(totals, nrounds, block, seeds, n, nh, dsize, starter0, restart_taker,
                         allow_self, tab, bits, threshold, strict, max_rounds, rotate, reset_arrow):
    """:func:`_games_kernel` for every farmer ``random``: the same games, fewer steps."""
    hm, st = _random_space(n, nh)
    rs = np.empty(4, np.uint64)
    deck = np.arange(dsize)
    tot = np.zeros(n, np.int64)
    score = np.zeros(n, np.int64)
    for g in range(totals.shape[0]):
        if g % block == 0:
            rng.seed(rs, seeds[g // block])
            for a in range(dsize):
                deck[a] = a
        for p in range(n):
            tot[p] = 0
        starter = starter0
        arrow = np.int64(1)
        ri = 0
        while True:
            _shuffle_s(deck, rs)
            if reset_arrow:
                arrow = np.int64(1)
            arrow = _random_round(n, nh, deck, starter, arrow, restart_taker, allow_self, tab, bits, hm,
                                  st, score, rs)
            reached = False
            for p in range(n):
                tot[p] += score[p]
                if tot[p] > threshold or (not strict and tot[p] == threshold):
                    reached = True
            ri += 1
            if reached or ri >= max_rounds:
                break
            starter = _next_starter(starter, n, tot, rotate)
        for p in range(n):
            totals[g, p] = tot[p]
        nrounds[g] = ri


# --------------------------------------------------------------------------- Python API

_ROUND_OPTIONS = ("packets", "starter", "star", "yellow_next", "restart", "specials")
_GAME_OPTIONS = _ROUND_OPTIONS + ("threshold", "comparison", "max_rounds", "next_starter", "reset_arrow")


DRIVER = common.KernelDriver(Mow, POLICIES, _ROUND_OPTIONS, _GAME_OPTIONS, BLOCK)
"""The Python side shared with the 6 nimmt! kernel (options, policies, seeds, chunks, deals, traces)."""


def _game(players: int, options: dict[str, Any], allowed: Sequence[str]) -> Mow:
    return DRIVER.game(players, options, allowed)


def policy_codes(policies: str | Sequence[str | int], players: int) -> np.ndarray:
    """Integer policy codes, one per seat, from names (or codes); one name means every seat."""
    return DRIVER.codes(policies, players)


def card_arrays() -> dict[str, np.ndarray]:
    """The card table of ``mow_cards()`` as arrays indexed by card id (what the kernel reads).

    ``kind`` (index in ``mowkit.mow_data.KINDS``), ``number`` (-1 when none), ``flies``,
    ``green`` (1 for the green packet), ``numbered`` (1 for plain, blocking, thin, dairy).
    """
    cards = mow_cards()
    return {
        "kind": np.array([KINDS.index(c.kind) for c in cards], np.int64),
        "number": np.array([-1 if c.number is None else c.number for c in cards], np.int64),
        "flies": np.array([c.flies for c in cards], np.int64),
        "green": np.array([c.packet == "green" for c in cards], np.bool_),
        "numbered": np.array([c.kind in NUMBERED for c in cards], np.bool_),
    }


def _args(game: Mow) -> dict[str, Any]:
    """Everything the compiled functions need about ``game`` (deck, card arrays, options)."""
    arr = card_arrays()
    deck = np.asarray(game.deck, np.int64)
    hid = np.zeros((MAX_NUMBER + 1, 2), np.int64)
    hs = np.zeros(2, np.int64)
    for c in deck:
        f = int(arr["flies"][c] > 0)
        if arr["numbered"][c]:
            hid[arr["number"][c], f] += 1
        elif arr["kind"][c] == SLOWPOKE:
            hs[f] += 1
    # a hand grows by one with a dairy cow (two draws) and a mad cow (the 8 comes back)
    growth = int(np.isin(arr["kind"][deck], (DAIRY, MAD)).sum())
    return {
        "n": game.players,
        "nh": game.num_herds,
        "deck": deck,
        "starter": game.starter,
        "cards": (arr["kind"], arr["number"], arr["flies"], arr["green"], arr["numbered"]),
        "restart_taker": game.restart == "taker",
        "allow_self": game.yellow_next == "any",
        "deck_hid": hid,
        "deck_hs": hs,
        "width": HAND_SIZE + growth + 1,
    }


@functools.lru_cache(maxsize=16)
def _random_args(game: Mow) -> tuple:
    """The arguments of the all-random loop from ``dsize`` on (see :func:`_random_round`); read only."""
    a = _args(game)
    kind, number, flies, green, numbered = a["cards"]
    deck = a["deck"]  # sorted card ids: rank r is card deck[r]
    if len(deck) > 128 or (np.diff(deck) <= 0).any():  # pragma: no cover - the shipped decks fit
        raise RuntimeError("the all-random loop needs a sorted deck of at most 128 cards")
    rk, rn, rf, rnb = kind[deck], number[deck], flies[deck], numbered[deck]

    def mask(sel: np.ndarray) -> np.ndarray:
        m = [0, 0]
        for r in np.flatnonzero(sel):
            m[r >> 6] |= 1 << (int(r) & 63)
        return np.array(m, np.uint64)

    xs = range(-1, _LINE + 1)  # a value x is looked up at x + 1
    lower = np.array([mask(rnb & (rn < x)) for x in xs], np.uint64)
    higher = np.array([mask(rnb & (rn > x)) for x in xs], np.uint64)
    bits = np.concatenate([mask(rnb), mask(rf > 0), mask(~rnb), lower[:, 0], lower[:, 1], higher[:, 0],
                           higher[:, 1]])
    tab = np.zeros(4 * _T, np.int64)
    for i, col in enumerate((rk, rn, rf, green[deck])):
        tab[i * _T: i * _T + len(deck)] = col
    return len(deck), a["starter"], a["restart_taker"], a["allow_self"], tab, bits


def _all_random(codes: np.ndarray) -> bool:
    return bool((codes == RANDOM).all())


def _flies_dtype(game: Mow) -> type:
    return np.int16 if game.deck_flies() <= np.iinfo(np.int16).max else np.int32


_entropy = common.entropy
block_seeds = common.block_seeds
_deal_rng = common.deal_rng


def iter_rounds(
    players: int,
    policies: str | Sequence[str | int],
    n_rounds: int,
    seed: int | None = None,
    chunk: int = 1 << 20,
    **options: Any,
) -> Iterator[np.ndarray]:
    """Independent random rounds in chunks: arrays ``(rows_in_chunk, players)`` of flies.

    The chunks concatenated equal ``simulate_rounds`` with the same arguments (``chunk`` is
    rounded up to a multiple of :data:`BLOCK`). Options as in :func:`simulate_rounds`.
    """
    return DRIVER.iter_rounds(players, policies, n_rounds, seed, chunk, options, _fill_rounds, _flies_dtype)


def _fill_rounds(game: Mow, codes: np.ndarray, out: np.ndarray, seeds: np.ndarray, start: int) -> None:
    """Play one chunk of independent rounds into ``out`` (the lean loop when every farmer is random)."""
    if _all_random(codes):
        DRIVER.call(_random_rounds_kernel, out, BLOCK, seeds, game.players, game.num_herds, *_random_args(game),
                    seconds=4)
        return
    a = _args(game)
    DRIVER.call(_rounds_kernel, out, BLOCK, seeds, a["n"], a["nh"], codes, a["deck"], a["starter"],
                *a["cards"], a["restart_taker"], a["allow_self"], a["deck_hid"], a["deck_hs"],
                a["width"], seconds=6)


def simulate_rounds(
    players: int,
    policies: str | Sequence[str | int],
    n_rounds: int,
    seed: int | None = None,
    **options: Any,
) -> np.ndarray:
    """Flies of every farmer in ``n_rounds`` independent random rounds: ``(n_rounds, players)``.

    Each round is a fresh deal played as the first round of a game (the engine with
    ``max_rounds=1``: seat ``starter`` starts, the arrow clockwise, totals 0). Args:
    ``policies`` one name for all seats or one per seat (see :data:`POLICIES`); ``seed`` an
    int >= 0 (None: fresh entropy); options ``packets``, ``starter``, ``star``,
    ``yellow_next``, ``restart``, ``specials``. int16 flies for the shipped cards.
    """
    rounds = iter_rounds(players, policies, n_rounds, seed, chunk=max(n_rounds, 1), **options)
    return DRIVER.simulate_rounds(rounds, players, options, n_rounds, _flies_dtype)


def summarize_rounds(
    players: int,
    policies: str | Sequence[str | int],
    n_rounds: int,
    seed: int | None = None,
    chunk: int = 1 << 20,
    **options: Any,
) -> dict[str, Any]:
    """Summary statistics of many random rounds, in bounded memory (chunks of ``chunk`` rounds).

    Returns ``rounds``; per seat ``mean`` and ``se`` of flies, ``zero`` (share of rounds with
    no flies) and ``wins`` (share of rounds with the fewest flies, equal lowest split evenly);
    ``round_mean`` (flies per player per round) and ``round_se`` from the per-round means
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
    ``threshold`` (``comparison`` ``">="`` or ``">"``), or after ``max_rounds``; the next
    round's starter follows ``next_starter`` and the arrow ``reset_arrow``. Without
    ``max_rounds`` a game longer than 1,000,000 rounds raises ``RuntimeError``. Other options
    as in :func:`simulate_rounds`.
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    check_int("n_games", n_games, 0)
    a = _args(game)
    totals = np.empty((n_games, players), np.int32)
    rounds = np.empty(n_games, np.int32)
    limit = DRIVER.game_limit(game, _NO_LIMIT)
    seeds = DRIVER.seeds(seed, 0, n_games)
    rules = (game.threshold, game.comparison == ">", limit, game.next_starter == "rotate", game.reset_arrow)
    if _all_random(codes):
        DRIVER.call(_random_games_kernel, totals, rounds, BLOCK, seeds, a["n"], a["nh"], *_random_args(game),
                    *rules, seconds=4)
    else:
        DRIVER.call(_games_kernel, totals, rounds, BLOCK, seeds, a["n"], a["nh"], codes, a["deck"],
                    a["starter"], *a["cards"], a["restart_taker"], a["allow_self"], a["deck_hid"],
                    a["deck_hs"], a["width"], *rules, seconds=6)
    DRIVER.check_games(game, rounds, _NO_LIMIT)
    return totals, rounds


def _play_orders(game: Mow, codes: np.ndarray, orders: np.ndarray, tots: np.ndarray,
                 starters: np.ndarray, arrows: np.ndarray, chain: bool,
                 entropy: int | Sequence[int], first_block: int = 0,
                 trace: np.ndarray | None = None, tlen: np.ndarray | None = None) -> np.ndarray:
    a = _args(game)
    if tlen is None:
        tlen = np.zeros(1, np.int64)
    if trace is None:
        trace = np.zeros((1, 4), np.int64)
    out = np.empty((len(orders), a["n"]), _flies_dtype(game))
    seeds = block_seeds(entropy, first_block, -(-len(orders) // BLOCK))
    DRIVER.call(_deals_kernel, out, orders, tots, starters, arrows, chain, BLOCK, seeds, a["n"],
                a["nh"], codes, *a["cards"], a["restart_taker"], a["allow_self"], a["deck_hid"],
                a["deck_hs"], a["width"], game.next_starter == "rotate", game.reset_arrow, trace, tlen,
                seconds=6)
    if trace.shape[0] > 1 and tlen[0] > trace.shape[0]:
        raise RuntimeError(f"trace too short: {tlen[0]} decisions")
    return out


def play_deals(
    players: int,
    policies: str | Sequence[str | int],
    deals: Sequence[Sequence[int]] | np.ndarray,
    seed: int | None = 0,
    one_game: bool = False,
    **options: Any,
) -> np.ndarray:
    """Flies per farmer of rounds played on given deck orders: ``(len(deals), players)``.

    ``deals[i]`` is a full order of the deck in use (card ids), as the engine's ``state.deals``
    lists them. Each round is played as round 1 of a game (``starter`` starts, the arrow
    clockwise, totals 0), or, with ``one_game``, as round i+1 of one game (totals, the next
    starter and the arrow carry over; the threshold is not checked). Deterministic policies
    give exactly the engine's flies; random choices come from ``seed`` (see the module
    docstring). Options as in :func:`simulate_games`.
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    arr = DRIVER.deals(game, deals)
    m = len(arr)
    tots = np.zeros((m, players), np.int64)
    starters = np.full(m, game.starter, np.int64)
    arrows = np.ones(m, np.int64)
    return _play_orders(game, codes, arr, tots, starters, arrows, bool(one_game), _entropy(seed))


def trace_deals(
    players: int,
    policies: str | Sequence[str | int],
    deals: Sequence[Sequence[int]] | np.ndarray,
    seed: int | None = 0,
    one_game: bool = False,
    states: bool = False,
    **options: Any,
) -> tuple[np.ndarray, list[np.ndarray]]:
    """Like :func:`play_deals` (each round as round 1), and every decision the farmers made.

    Returns ``(flies (len(deals), players), traces)``: ``traces[i]`` has one row per decision
    of round i, ``(kind, options, choice)``: kind :data:`D_TURN` (a turn, or the start of a
    herd), :data:`D_FLIP` or :data:`D_NEXT`; ``options`` the length of the engine's legal list
    at that moment and ``choice`` the index the farmer chose in it. An engine agent that plays
    ``legal_actions[choice]`` (checking the length) replays the round exactly, random farmers
    included; and the choices of random farmers can be tested for uniformity.

    ``one_game``: the rounds are the rounds of one game (totals, starter and arrow carry over, as
    :func:`play_deals`). ``states``: each row is a whole :data:`TRACE_HEADER` row (the round
    first) followed by the position when the decision is asked (totals, herds, cowshed flies and
    hands; :func:`decode_trace` reads it), and each round ends with a :data:`D_END` row (the flies
    scored in the cowshed slots).
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    arr = DRIVER.deals(game, deals)
    m = len(arr)
    tots = np.zeros((m, players), np.int64)
    starters = np.full(m, game.starter, np.int64)
    arrows = np.ones(m, np.int64)
    a = _args(game)
    # a round has at most 3 decisions per card (place it, take it, flip or name the next farmer)
    width = trace_width(players, a["nh"], a["width"]) if states else 4
    trace, tlen = DRIVER.trace(m, 3 * len(game.deck) + 8, width)
    out = _play_orders(game, codes, arr, tots, starters, arrows, bool(one_game), _entropy(seed), 0, trace,
                       tlen)
    if states:
        return out, common.split_trace(trace, int(tlen[0]), m)
    used = trace[trace[:, 2] > 0]  # every decision has at least one option
    cut = np.searchsorted(used[:, 0], np.arange(m + 1))
    return out, [used[cut[i]:cut[i + 1], 1:] for i in range(m)]


def trace_width(players: int, herds: int, hand_width: int) -> int:
    """Columns of a ``states=True`` trace row: :data:`TRACE_HEADER`, the totals, per herd (cows,
    flies, mad, values and cards of the line), per farmer (cowshed flies, hand size, the hand)."""
    return _THDR + players + herds * (3 + 2 * _LINE) + players * (2 + hand_width)


_ACTION_NAMES = ("low", "high", "start", "acrobat", "slowpoke", "calf_low", "calf_high", "mad", "take")


def decode_trace(row: Sequence[int] | np.ndarray, players: int, herds: int, hand_width: int) -> dict[str, Any]:
    """One row of a ``trace_deals(..., states=True)`` trace as a dict.

    ``kind`` ("turn", "flip", "next", "end"), ``options``, ``choice``, ``farmer``, and for a turn
    ``action`` (``"low"``, ``"high"``, ``"start"``, ``"acrobat"``, ``"slowpoke"``, ``"calf_low"``,
    ``"calf_high"``, ``"mad"``, ``"take"``), ``card`` and ``arg`` (acrobat/mad: index of the
    target in the line; slowpoke: its value); for "next" ``card`` is the farmer named. Then the
    position: ``arrow``, ``active``, ``stock`` (cards left to draw), ``totals`` (before the
    round), ``herds`` (per herd ``(line, flies, mad)``, ``line`` a tuple of ``(value, card)``),
    ``flies`` (cowshed flies this round; at the end the flies scored) and ``hands`` (sorted).
    """
    x = np.asarray(row).tolist()
    kind = ("turn", "flip", "next", "end")[x[1]]
    j = _THDR
    totals = x[j:j + players]
    j += players
    lines = []
    for _ in range(herds):
        k = x[j]
        line = tuple(zip(x[j + 3:j + 3 + k], x[j + 3 + _LINE:j + 3 + _LINE + k]))
        lines.append((line, x[j + 1], bool(x[j + 2])))
        j += 3 + 2 * _LINE
    flies, hands = [], []
    for _ in range(players):
        flies.append(x[j])
        hands.append(tuple(sorted(x[j + 2:j + 2 + x[j + 1]])))
        j += 2 + hand_width
    return {
        "kind": kind, "options": x[2], "choice": x[3], "farmer": x[4], "card": x[5],
        "action": _ACTION_NAMES[x[6]] if kind == "turn" else None, "arg": x[7], "arrow": x[8],
        "active": x[9], "stock": x[10], "totals": totals, "herds": lines, "flies": flies, "hands": hands,
    }


def seed_deals(players: int, seeds: Sequence[int], n_rounds: int = 1, **options: Any) -> np.ndarray:
    """Deck orders ``(len(seeds), n_rounds, deck)`` of the rounds ``play_state`` deals per seed.

    ``simulate.play_state(game, agents, seed)`` deals round r with the r-th
    ``permutation(deck)`` of stream 0 of ``spawn_rngs(seed, players + 1)``; these are those orders.
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
    with ``max_rounds=1`` the totals are the first round's flies. Deterministic policies give
    exactly the engine's results for the same seed; random choices come from ``random_seed``
    as in the module docstring (not from the agents' streams). Options as in
    :func:`simulate_games`; a game still running after 10,000 rounds raises ``RuntimeError``.
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    entropy = _entropy(random_seed)
    limit = DRIVER.game_limit(game, 10_000)
    deck = np.asarray(game.deck, dtype=np.int64)
    rngs = [_deal_rng(check_int("seed", s, 0)) for s in seeds]
    m = len(rngs)
    tots = np.zeros((m, players), np.int64)
    starters = np.full(m, game.starter, np.int64)
    arrows = np.ones(m, np.int64)
    rounds = np.zeros(m, np.int32)
    active = np.arange(m)
    played = 0
    next_block = 0
    while len(active):
        if played >= limit:
            raise RuntimeError(f"seed {seeds[active[0]]}: no total reached the threshold in "
                               f"{limit:,} rounds")
        orders = np.empty((len(active), len(deck)), np.int64)
        for j, i in enumerate(active):
            orders[j] = rngs[i].permutation(deck)
        t, s, a = tots[active], starters[active], arrows[active]
        _play_orders(game, codes, orders, t, s, a, False, entropy, next_block)
        next_block += -(-len(active) // BLOCK)
        tots[active], starters[active], arrows[active] = t, s, a
        played += 1
        rounds[active] = played
        if game.comparison == ">=":
            stop = (t >= game.threshold).any(axis=1)
        else:
            stop = (t > game.threshold).any(axis=1)
        if game.max_rounds is not None:
            stop |= played >= limit
        active = active[~stop]
    return tots.astype(np.int32), rounds


def game_rounds(players: int, policies: str | Sequence[str | int], seed: int, random_seed: int = 0,
                **options: Any) -> np.ndarray:
    """Flies per round ``(rounds, players)`` of one whole game on the deals ``play_state`` makes for ``seed``.

    The rounds of :func:`play_seeds` for one seed, kept apart (what a tournament table needs);
    round ``r``'s random choices come from block ``r`` of ``random_seed``.
    """
    game = _game(players, options, _GAME_OPTIONS)
    codes = policy_codes(policies, players)
    entropy = _entropy(random_seed)
    limit = DRIVER.game_limit(game, 10_000)
    deck = np.asarray(game.deck, dtype=np.int64)
    rng = _deal_rng(check_int("seed", seed, 0))
    t = np.zeros((1, players), np.int64)
    s = np.full(1, game.starter, np.int64)
    a = np.ones(1, np.int64)
    rounds = []
    while True:
        if len(rounds) >= limit and game.max_rounds is None:
            raise RuntimeError(f"seed {seed}: no total reached the threshold in {limit:,} rounds")
        order = rng.permutation(deck)[None, :]
        rounds.append(_play_orders(game, codes, order, t, s, a, False, entropy, len(rounds))[0].astype(np.int64))
        reached = (t >= game.threshold) if game.comparison == ">=" else (t > game.threshold)
        if reached.any() or len(rounds) >= limit:
            return np.array(rounds)


@functools.lru_cache(maxsize=16)
def _game_args(game: Mow) -> dict[str, Any]:
    return _args(game)


def turn_actions(observation: MowObservation) -> list[Action]:
    """The engine's legal list of a turn, from the observation of the farmer to act.

    Built with the engine's own :func:`~mowkit.games.mow.herd_placements` in the engine's order
    (what ``state.legal_actions(player)`` gives in the phase ``play``); the kernel enumerates its
    actions in this order, so an index into this list names the same action in both.
    """
    obs = observation
    g, me = obs.game, obs.player
    herd = obs.herds[obs.active_herd]
    out: list[Action] = [a for c in obs.hand for a in herd_placements(g, herd, c, me)]
    if herd:
        out.append(TakeHerd(me))
    return out


def position_arrays(observation: MowObservation) -> dict[str, Any]:
    """What :func:`mc_action_values` hands the kernel about a position: only the observation.

    ``hands``/``hcnt`` (the own hand in row ``player``, the other rows empty), the lines
    ``val``/``crd``/``hl`` with ``hfl`` (flies, acrobats included) and ``hmad`` per herd, ``sc``
    the cowshed flies this round, ``hid``/``hs`` the counts of numbered cows (by number, with and
    without flies) and slowpokes not in a herd or cowshed (what the greedy ranking calls unseen,
    plus the own hand), ``unseen`` (card ids), ``sizes`` (hand sizes), ``pile_size``, ``tot``.
    """
    obs = observation
    g = obs.game
    a = _game_args(g)
    kind, number, flies, _green, numbered = a["cards"]
    n, nh = g.players, g.num_herds
    growth = a["width"] - HAND_SIZE - 1
    width = max(a["width"], max(obs.hand_sizes) + growth + 1)
    hands = np.zeros((n, width), np.int64)
    hcnt = np.zeros(n, np.int64)
    hand = sorted(obs.hand)
    hands[obs.player, : len(hand)] = hand
    hcnt[obs.player] = len(hand)
    val = np.zeros((nh, _LINE), np.int64)
    crd = np.zeros((nh, _LINE), np.int64)
    hl = np.zeros(nh, np.int64)
    hfl = np.zeros(nh, np.int64)
    hmad = np.zeros(nh, np.int64)
    hid = a["deck_hid"].copy()
    hs = a["deck_hs"].copy()
    gone: list[int] = []
    for h, line in enumerate(obs.herds):
        hl[h] = len(line)
        for i, (v, c) in enumerate(line):
            val[h, i] = v
            crd[h, i] = c
            hmad[h] |= int(kind[c] == MAD)
            gone.append(c)
        hfl[h] = obs.herd_flies(h)
        gone.extend(x for x, _ in obs.acrobats[h])
    sc = np.zeros(n, np.int64)
    for p, shed in enumerate(obs.piles):
        sc[p] = sum(int(flies[c]) for c in shed)
        gone.extend(shed)
    for c in gone:
        f = int(flies[c] > 0)
        if numbered[c]:
            hid[number[c], f] -= 1
        elif kind[c] == SLOWPOKE:
            hs[f] -= 1
    return {
        "hands": hands, "hcnt": hcnt, "val": val, "crd": crd, "hl": hl, "hfl": hfl, "hmad": hmad,
        "sc": sc, "hid": hid, "hs": hs, "unseen": np.asarray(obs.unseen_cards(), np.int64),
        "sizes": np.asarray(obs.hand_sizes, np.int64), "pile_size": obs.stock_size,
        "tot": np.asarray(obs.totals, np.int64), "width": width,
    }


def mc_action_values(
    observation: MowObservation,
    rollouts: int,
    seed: int,
    rollout: str = "random",
    candidates: Sequence[int] | None = None,
) -> np.ndarray:
    """Mean own flies this round after each candidate turn action (flat Monte Carlo, compiled).

    ``observation`` is the farmer to act in a turn (phase ``play``); ``candidates`` are indices
    into the engine's legal list (:func:`turn_actions`, the order of ``state.legal_actions``;
    default all of it). Each of ``rollouts`` determinizations deals the cards the farmer has not
    seen (other hands by their sizes in seat order, then the draw pile of its size), as
    ``MonteCarloAgent`` does in the engine; every candidate is played on it, then every later
    decision of the round (the farmer's own flip, next farmer or restart included) by
    ``rollout`` farmers (``"random"``, ``"greedy"`` or ``"heuristic"``, see :data:`POLICIES`), and
    the farmer's flies at the round's end are averaged. Same arguments and seed, same values, in
    any process; the random streams are the kernel's, not the engine's.
    """
    obs = observation
    if obs.phase != "play" or obs.pending != (obs.player,):
        raise OptionError("observation", f"phase {obs.phase!r}, to act {obs.pending}",
                          "the observation of the farmer to act in a turn (phase 'play')")
    check_int("rollouts", rollouts, 1)
    check_int("seed", seed, 0)
    if rollout not in POLICIES:
        raise OptionError("rollout", rollout, "one of " + ", ".join(repr(p) for p in POLICIES))
    g = obs.game
    n_legal = len(turn_actions(obs))
    if candidates is None:
        cand = np.arange(n_legal, dtype=np.int64)
    else:
        cand = np.asarray(candidates, np.int64).reshape(-1)
        if len(cand) and (cand.min() < 0 or cand.max() >= n_legal):
            raise OptionError("candidates", list(candidates), f"indices into the legal list 0..{n_legal - 1}")
    a = _game_args(g)
    x = position_arrays(obs)
    need = int(x["sizes"].sum() - x["sizes"][obs.player]) + x["pile_size"]
    if need > len(x["unseen"]):
        raise OptionError("observation", f"{len(x['unseen'])} unseen cards",
                          f"at least {need} (the other hands and the draw pile)")
    pol = np.full(g.players, POLICIES[rollout], np.int64)
    values = np.zeros(len(cand), np.float64)
    k = DRIVER.call(_mc_kernel, values, seed & 0xFFFFFFFF, rollouts, g.players, g.num_herds, pol,
                    obs.player, obs.active_herd, obs.arrow, x["tot"], x["hands"], x["hcnt"], x["val"],
                    x["crd"], x["hl"], x["hfl"], x["hmad"], x["sc"], x["hid"], x["hs"], x["sizes"],
                    x["unseen"], x["pile_size"], cand, *a["cards"], a["restart_taker"], a["allow_self"],
                    x["width"], seconds=6)
    if k != n_legal:  # pragma: no cover - the kernel and the engine disagree on the rules
        raise RuntimeError(f"the kernel lists {k} actions, the engine {n_legal}")
    return values / rollouts


def warm_up(full: bool = False) -> None:
    """Compile (or load from the cache) every kernel entry point with a tiny call (``full`` adds
    the traced rounds with positions)."""
    simulate_rounds(4, "random", 1, seed=0)  # the all-random loops
    simulate_games(4, "random", 1, seed=0, max_rounds=1)
    simulate_rounds(4, "greedy", 1, seed=0)  # the general loops
    simulate_games(4, "greedy", 1, seed=0, max_rounds=1)
    play_deals(4, "greedy", [np.arange(48)])
    if full:
        trace_deals(4, "greedy", [np.arange(48)], states=True)
    mc_action_values(Mow(players=3).new_state(seed=0).observation(0), 1, 0)
