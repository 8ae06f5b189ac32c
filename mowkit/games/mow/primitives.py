"""Mow's rule primitives for the compiled kernels: each rule once, composed by every kernel.

The rule engine :mod:`mowkit.games.mow.engine` defines the rules; these ``@njit(inline="always")``
functions are their compiled copy on the kernels' arrays, inlined into :mod:`~mowkit.games.mow.kernel`
(so they cost no call). A card is its id in ``mowkit.mow_data.mow_cards()`` with its ``kind``,
``num``, ``fl`` (flies), ``green`` and ``numbered`` looked up in arrays; farmer p's hand is
``hands[p, :hcnt[p]]`` (sorted by id); herd h is its line of values ``val[h, :hl[h]]`` with the cards
``crd[h, :hl[h]]``, its flies ``hfl[h]`` and mad flag ``hmad[h]``; ``sc`` holds the cowshed flies
this round, ``hid``/``hs`` the hidden counts (numbered cows per number and flies, slowpokes).

* :func:`legal`: the legal list of a turn, in the engine's order.
* :func:`herd_starter`: who starts an empty herd.
* :func:`leave_hand` / :func:`lay_cow`: a played cow leaves the hand and joins the herd.
* :func:`draws` / :func:`draw`: the cards drawn after a cow (thin none, dairy two).
* :func:`take_herd`: the farmer takes the herd's flies into the cowshed.
* :func:`next_seat` / :func:`next_herd`: play passes along the arrow (three herds: the active one too).
* :func:`score_round`: the round's flies (cowshed plus hand).

The all-random loop of the kernel keeps hands as bit sets and herds as value maps; its own inlined
helpers (``_lean_*`` in the kernel) use :func:`draws`, :func:`next_seat` and :func:`next_herd`.
"""

from __future__ import annotations

from numba import njit

from mowkit.mow_data import KINDS

# kind codes: the index in mowkit.mow_data.KINDS
PLAIN, BLOCKING, ACROBAT, SLOWPOKE, CALF, THIN, DAIRY, MAD = (
    KINDS.index(k) for k in ("plain", "blocking", "acrobat", "slowpoke", "calf", "thin", "dairy", "mad")
)
# action types of the legal list
A_LOW, A_HIGH, A_START, A_ACRO, A_SLOW, A_CALF_LO, A_CALF_HI, A_MAD, A_TAKE = range(9)


@njit(cache=True, inline="always")
def hand_insert(hands, hcnt, p, c):
    """Insert card ``c`` into farmer p's hand, kept sorted by card id."""
    k = hcnt[p]
    j = k
    while j > 0 and hands[p, j - 1] > c:
        hands[p, j] = hands[p, j - 1]
        j -= 1
    hands[p, j] = c
    hcnt[p] = k + 1


@njit(cache=True, inline="always")
def line_insert(val, crd, hl, h, j, v, c):
    """Insert (value v, card c) at position j of herd h's line."""
    k = hl[h]
    for i in range(k, j, -1):
        val[h, i] = val[h, i - 1]
        crd[h, i] = crd[h, i - 1]
    val[h, j] = v
    crd[h, j] = c
    hl[h] = k + 1


@njit(cache=True, inline="always")
def _put(act_c, act_t, act_a, k, c, t, a):
    """Write action ``k`` of the legal list: card, type, argument; the new length."""
    act_c[k] = c
    act_t[k] = t
    act_a[k] = a
    return k + 1


@njit(cache=True, inline="always")
def _special_actions(c, kc, h, k, kind, num, fl, val, crd, L, act_c, act_t, act_a):
    """Append the actions of special cow ``c`` (kind ``kc``) on herd h's line of ``L`` cards."""
    if kc == ACROBAT:  # on a plain cow of its number
        for j in range(L):
            t = crd[h, j]
            if kind[t] == PLAIN and num[t] == num[c]:
                k = _put(act_c, act_t, act_a, k, c, A_ACRO, j)
    elif kc == SLOWPOKE:  # into a gap of the line
        for j in range(L - 1):
            for v in range(val[h, j] + 1, val[h, j + 1]):
                k = _put(act_c, act_t, act_a, k, c, A_SLOW, v)
    elif kc == CALF:  # beside a plain end without flies
        loc = crd[h, 0]
        hic = crd[h, L - 1]
        if kind[loc] == PLAIN and fl[loc] == 0:
            k = _put(act_c, act_t, act_a, k, c, A_CALF_LO, 0)
        if kind[hic] == PLAIN and fl[hic] == 0:
            k = _put(act_c, act_t, act_a, k, c, A_CALF_HI, 0)
    elif kc == MAD:  # in place of a plain 8
        for j in range(L):
            t = crd[h, j]
            if kind[t] == PLAIN and num[t] == 8:
                k = _put(act_c, act_t, act_a, k, c, A_MAD, j)
                break
    return k


@njit(cache=True, inline="always")
def legal(p, h, kind, num, fl, numbered, hands, hcnt, val, crd, hl, hmad, act_c, act_t, act_a):
    """Fill the legal list of farmer p's turn on herd h in the engine's order; return its length."""
    k = 0
    m = hcnt[p]
    L = hl[h]
    if L == 0:  # an empty herd: any numbered cow starts it
        for i in range(m):
            c = hands[p, i]
            if numbered[c]:
                k = _put(act_c, act_t, act_a, k, c, A_START, 0)
        return k
    lo = val[h, 0]
    hi = val[h, L - 1]
    mad = hmad[h]
    for i in range(m):
        c = hands[p, i]
        if mad and fl[c] == 0:  # a mad herd takes only cows with flies
            continue
        if numbered[c]:  # at an end, beyond it
            if num[c] < lo:
                k = _put(act_c, act_t, act_a, k, c, A_LOW, 0)
            elif num[c] > hi:
                k = _put(act_c, act_t, act_a, k, c, A_HIGH, 0)
        else:
            k = _special_actions(c, kind[c], h, k, kind, num, fl, val, crd, L, act_c, act_t, act_a)
    act_c[k] = -1
    act_t[k] = A_TAKE
    act_a[k] = 0
    return k + 1


@njit(cache=True, inline="always")
def herd_starter(q, n, arrow, hands, hcnt, numbered):
    """The first farmer from q along the arrow with a numbered cow (who starts an empty herd); -1: none."""
    for i in range(n):
        r = (q + i * arrow) % n
        for j in range(hcnt[r]):
            if numbered[hands[r, j]]:
                return r
    return -1


@njit(cache=True, inline="always")
def take_herd(p, h, sc, hl, hfl, hmad):
    """Farmer p takes herd h: its flies go to the cowshed, the herd is empty."""
    sc[p] += hfl[h]
    hl[h] = 0
    hfl[h] = 0
    hmad[h] = 0


@njit(cache=True, inline="always")
def leave_hand(p, c, hands, hcnt, kind, num, fl, numbered, hid, hs):
    """Card ``c`` leaves farmer p's hand (and the hidden counts)."""
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


@njit(cache=True, inline="always")
def lay_cow(p, h, t, c, a, num, fl, hands, hcnt, val, crd, hl, hfl, hmad, hid):
    """Cow ``c`` joins herd h by action type ``t`` (argument ``a``); its flies count for the herd.

    The mad cow replaces the plain 8 at line position ``a``, which returns to the farmer's hand."""
    L = hl[h]
    if t == A_START or t == A_HIGH:
        line_insert(val, crd, hl, h, L, num[c], c)
    elif t == A_LOW:
        line_insert(val, crd, hl, h, 0, num[c], c)
    elif t == A_SLOW:
        j = 0
        while val[h, j] < a:
            j += 1
        line_insert(val, crd, hl, h, j, a, c)
    elif t == A_CALF_LO:
        line_insert(val, crd, hl, h, 0, val[h, 0] - 1, c)
    elif t == A_CALF_HI:
        line_insert(val, crd, hl, h, L, val[h, L - 1] + 1, c)
    elif t == A_MAD:
        eight = crd[h, a]
        crd[h, a] = c
        hfl[h] -= fl[eight]
        hmad[h] = 1
        hand_insert(hands, hcnt, p, eight)
        hid[num[eight], 1 if fl[eight] > 0 else 0] += 1
    # A_ACRO: on top of its target; the line is unchanged
    hfl[h] += fl[c]


@njit(cache=True, inline="always")
def draws(kc):
    """Cards a farmer draws after playing a cow of kind ``kc``: thin none, dairy two, others one."""
    return 0 if kc == THIN else (2 if kc == DAIRY else 1)


@njit(cache=True, inline="always")
def draw(p, kc, order, pp, hands, hcnt):
    """Farmer p draws after a cow of kind ``kc`` from the pile ``order[pp:]``; the new ``pp``."""
    dsize = order.shape[0]
    for _ in range(draws(kc)):
        if pp < dsize:
            hand_insert(hands, hcnt, p, order[pp])
            pp += 1
    return pp


@njit(cache=True, inline="always")
def next_seat(p, arrow, n):
    """The farmer after p along the arrow (``arrow`` is +1 or -1)."""
    q = p + arrow
    if q == n:
        return 0
    if q < 0:
        return n - 1
    return q


@njit(cache=True, inline="always")
def next_herd(active, arrow, nh):
    """The active herd after a turn: with three herds it moves along the arrow."""
    if nh == 3:
        return (active + arrow) % 3
    return active


@njit(cache=True, inline="always")
def score_round(n, sc, hands, hcnt, fl, score):
    """Each farmer's flies of the round: the cowshed plus the cows left in hand."""
    for p in range(n):
        s = sc[p]
        for i in range(hcnt[p]):
            s += fl[hands[p, i]]
        score[p] = s
