"""Compiled rollouts for the planning player (:mod:`mowkit.agents.planner`), 6 nimmt!.

:func:`plan_values` evaluates candidate cards of one 6 nimmt! decision by determinized
rollouts to the end of the round, like :func:`mowkit.games.sixnimmt.kernel.mc_card_values`, with
these differences:

* **Rollout policy.** The other seats play random cards, but a random card that would take a
  row (Rule 3 or Rule 4, on the rows of that turn) is put back and another drawn, up to
  ``avoid`` times (``avoid_me`` for the player's own later turns). With probability ``greedy``
  per turn (``greedy_now`` for the others on this turn, ``greedy_me`` for the player's own later
  turns) a seat plays the kit's greedy card instead (the least immediate penalty on the rows it
  sees, :func:`mowkit.games.sixnimmt.kernel._greedy_index`). All zero: the flat Monte Carlo player's
  random rollout.
* **Common random numbers.** Every candidate is played out on the same determinizations: the same
  deal of the unseen cards, the same order of every hand and the same greedy-or-random draws, so
  the differences between candidates carry much less noise than their values. The kernel keeps
  every rollout's outcome (a candidates x rollouts array), so a search can use paired differences.
* **Objective.** ``"own"`` (heads this round), ``"relative"`` (minus the others' mean),
  ``"leader"`` (the player's total at the end of the round minus the lowest other total) or
  ``"win"``: minus the chance of winning the game after this round. If the round ends the game (a
  total reaches the threshold, or the last of ``max_rounds``) it is the player's share of the win;
  otherwise a normal model of the rest of the game: each other player's lead over the player
  changes by a normal amount with standard deviation ``sigma`` per remaining round, the remaining
  rounds estimated as (threshold minus the highest total) / ``mu`` (at least one), and the chance
  of winning is the product over the others of the chance of ending below each of them. A small
  share (``tie``) of the relative objective breaks the ties of a hopeless or safe position.

The kernel plays the standard variant (one row end; Rule 4 takes the row with the fewest heads,
ties to the fewest cards, then the lowest index, as the kit's agents do); the professional variant
is played by :func:`mowkit.games.sixnimmt.kernel._mc_kernel`. No function of
:mod:`mowkit.games.sixnimmt.kernel` is changed.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from mowkit.core import OptionError, check_choice, check_int
from mowkit.games.sixnimmt import primitives as P
from mowkit.games.sixnimmt.kernel import _greedy_index, _shuffle_part, row_arrays
from mowkit.games.sixnimmt.kernel import warm_up as warm_kernel
from mowkit.games.sixnimmt.rollout_model import WEIGHTS
from mowkit.kernels import call, rng

OBJECTIVES = {"own": 0, "relative": 1, "win": 2, "leader": 3}
"""Objective name -> the code the kernel uses."""

MU = 12.0
"""Heads a round adds to the highest total, roughly: the remaining rounds of the ``win`` model."""

SIGMA = 12.7
"""Standard deviation of the heads difference of two players over one round (4 random players:
measured 12.7 over 20,000 rounds of :func:`mowkit.games.sixnimmt.kernel.simulate_rounds`)."""

TIE = 0.001
"""Weight of the relative objective (heads) added to the ``win`` objective (a win chance)."""


@njit(cache=True, inline="always")
def _takes_row(c, nrows, cap, last, rcnt):
    """Would card ``c``, placed alone on the rows as they are, take a row (Rule 3 or Rule 4)?"""
    br = P.row_below(c, nrows, last)
    return br < 0 or P.is_full(br, cap, rcnt)


@njit(cache=True, inline="always")
def _round_value(objective, pen, start, tot, n, me, threshold, strict, final, mu, sigma, tie):
    """The outcome of a rolled-out round for ``objective`` (lower is better; see the module docstring)."""
    rel = float(pen[me])
    if objective != 0:
        others = 0.0
        for p in range(n):
            if p != me:
                others += pen[p]
        rel -= others / (n - 1)
    if objective < 2:
        return rel
    if objective == 3:  # my total minus the lowest other total
        lo = 1e18
        for p in range(n):
            if p != me and start[p] + pen[p] < lo:
                lo = start[p] + pen[p]
        return start[me] + pen[me] - lo
    ended = final
    mx = -1e18
    for p in range(n):
        tot[p] = start[p] + pen[p]
        if tot[p] > mx:
            mx = tot[p]
    if strict:
        ended = ended or mx > threshold
    else:
        ended = ended or mx >= threshold
    if ended:
        lo = tot[0]
        for p in range(1, n):
            if tot[p] < lo:
                lo = tot[p]
        win = 0.0
        if tot[me] == lo:
            k = 0
            for p in range(n):
                if tot[p] == lo:
                    k += 1
            win = 1.0 / k
    else:
        left = (threshold - mx) / mu
        if left < 1.0:
            left = 1.0
        s = sigma * math.sqrt(left) * math.sqrt(2.0)
        win = 1.0
        for p in range(n):
            if p != me:
                win *= 0.5 * math.erfc(-(tot[p] - tot[me]) / s)
    return tie * rel - win


@njit(cache=True)
def _plan_kernel(values, seed, rollouts, n, me, nrows, cap, heads, my_hand, cand, unseen, last0, rcnt0, rhd0,
                 greedy_me, greedy, greedy_now, avoid_me, avoid, objective, start, threshold, strict, final,
                 mu, sigma, tie):
    """Set ``values[i, k]`` to the outcome of playing ``cand[i]`` now in rollout ``k``.

    Lower is better for every objective (``win`` gives minus the chance of winning).
    """
    rs = np.empty(4, np.uint64)
    rng.seed(rs, seed)
    h = my_hand.shape[0]
    pool = unseen.copy()
    mine = my_hand.copy()
    hands = np.empty((n, max(h, 1)), np.int64)
    hcnt = np.empty(n, np.int64)
    base = np.empty(n, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    tot = np.empty(n, np.float64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    gdec = np.zeros((max(h, 1), n), np.bool_)
    lim_me = np.int64(greedy_me * 1048576.0)
    lim = np.int64(greedy * 1048576.0)
    lim_now = np.int64(greedy_now * 1048576.0)
    q = 0
    for p in range(n):
        if p != me:
            base[p] = q
            q += h
    need = (n - 1) * h
    for it in range(rollouts):
        _shuffle_part(pool, need, rs)
        _shuffle_part(mine, h - 1, rs)  # the order of the player's own later cards
        for turn in range(h):
            for p in range(n):
                x = rng.below(rs, 1048576)
                gdec[turn, p] = x < (lim_me if p == me else (lim_now if turn == 0 else lim))
        for ci in range(cand.shape[0]):
            c0 = cand[ci]
            for p in range(n):
                if p == me:
                    t = 0
                    for x in range(h):
                        if mine[x] != c0:
                            hands[p, t] = mine[x]
                            t += 1
                    hcnt[p] = t
                else:
                    for x in range(h):
                        hands[p, x] = pool[base[p] + x]
                    hcnt[p] = h
            for r in range(nrows):
                last[r] = last0[r]
                rcnt[r] = rcnt0[r]
                rhd[r] = rhd0[r]
            for p in range(n):
                pen[p] = 0
            for turn in range(h):
                for p in range(n):
                    if p == me and turn == 0:
                        c = c0
                    else:
                        k = hcnt[p]
                        if gdec[turn, p]:
                            i = _greedy_index(hands[p], k, nrows, cap, False, last, last, rcnt, rhd)
                        else:
                            i = k - 1
                            tries = avoid_me if p == me else avoid
                            while tries > 0 and k > 1 and _takes_row(hands[p, i], nrows, cap, last, rcnt):
                                j = rng.below(rs, k - 1)  # another card of the hand, at random
                                t = hands[p, j]
                                hands[p, j] = hands[p, i]
                                hands[p, i] = t
                                tries -= 1
                        c = hands[p, i]
                        hands[p, i] = hands[p, k - 1]
                        hcnt[p] = k - 1
                    P.reveal(cards, owners, p, c)
                P.resolve_turn(cards, owners, n, nrows, cap, True, heads, last, rcnt, rhd, pen)
            values[ci, it] = _round_value(objective, pen, start, tot, n, me, threshold, strict, final, mu, sigma, tie)


def plan_values(hand, rows, unseen, players: int, player: int, rollouts: int, seed: int, candidates=None, *,
                capacity: int = 5, greedy: float = 0.0, greedy_me: float = 0.0, greedy_now: float | None = None,
                avoid: int = 0, avoid_me: int = 0,
                objective: str = "relative",
                start=None, threshold: int = 66, strict: bool = False, final: bool = False,
                mu: float = MU, sigma: float = SIGMA, tie: float = TIE) -> np.ndarray:
    """Mean outcome (lower is better) of playing each candidate card now, standard variant.

    Args:
        hand, rows, unseen: the player's hand, the rows, the cards whose place it does not know.
        candidates: the cards to evaluate (default: the whole hand).
        greedy, greedy_me: chance that another seat (the player itself, after this turn) plays
            greedy on a turn of a rollout, else a random card; ``greedy_now``: the others' chance
            on this turn (default: ``greedy``).
        avoid, avoid_me: when a random card would take a row, draw another up to this many times.
        objective: ``"own"``, ``"relative"``, ``"leader"`` or ``"win"`` (see the module docstring); ``start``: the
            totals at the end of the round so far (totals plus the heads of the piles), ``final``:
            this round ends the game anyway (``max_rounds``), ``strict``: the threshold must be
            passed (comparison ``">"``).

    Same arguments and seed, same values, any process.
    """
    from mowkit.games.sixnimmt.kernel import _heads

    check_choice("objective", objective, OBJECTIVES)
    check_int("rollouts", rollouts, 1)
    hand_a = np.asarray(hand, np.int64)
    cand = hand_a.copy() if candidates is None else np.asarray(candidates, np.int64)
    unseen_a = np.asarray(unseen, np.int64)
    if len(unseen_a) < (players - 1) * len(hand_a):
        raise OptionError("unseen", len(unseen_a), f"at least {(players - 1) * len(hand_a)} cards")
    table = _heads()
    _first0, last0, rcnt0, rhd0 = row_arrays(rows)
    start_a = np.zeros(players, np.float64) if start is None else np.asarray(start, np.float64)
    values = np.zeros((len(cand), rollouts), np.float64)
    call(_plan_kernel, values, int(seed) & 0xFFFFFFFF, rollouts, players, player, len(rows), capacity, table, hand_a,
                 cand, unseen_a, last0, rcnt0, rhd0, float(greedy_me), float(greedy),
                 float(greedy if greedy_now is None else greedy_now), int(avoid_me), int(avoid), OBJECTIVES[objective],
                 start_a, float(threshold), bool(strict), bool(final), float(mu), float(sigma), float(tie))
    return values.mean(axis=1)


# --------------------------------------------------------------------------- rollouts with the learned model


@njit(cache=True, inline="always")
def _model_score(c, rank, k, nrows, cap, last, rcnt, rhd, minh, pre, w, cconst, lg):
    """Score of card ``c`` (the ``rank``-th lowest of ``k``) under the weights ``w`` of
    :mod:`mowkit.games.sixnimmt.rollout_model` (``pre[x]``: the unseen cards up to ``x``; ``cconst``: the
    value terms per card; ``lg[u] = log(1 + u)``)."""
    br = -1  # Rules 1-2 as P.row_below, with the row's last card kept (a feature of the model)
    bl = 0
    for r in range(nrows):
        lr = last[r]
        if lr < c and lr > bl:
            bl = lr
            br = r
    u = pre[c - 1] - pre[bl]
    s = cconst[c] + w[11] * lg[u]
    if k > 1:
        s += w[14] * rank / (k - 1.0)
    if br < 0:  # Rule 4
        s += w[0] * minh / 10.0 + w[1] + w[2]
    else:
        m = rcnt[br]
        if m >= cap:  # Rule 3
            s += w[0] * rhd[br] / 10.0 + w[1]
        else:
            if m <= 4:
                s += w[2 + m] + w[6 + m] * u / 10.0
            if m == cap - 1:
                s += w[15] * rhd[br] / 10.0
            s += w[16] * (c - bl) / 104.0
    return s


@njit(cache=True)
def _model_pick(hand, k, x, nrows, cap, last, rcnt, rhd, minh, pre, w, cconst, lg, sc):
    """Index in the sorted ``hand[:k]`` drawn from the learned model with the uniform number ``x``."""
    mx = -1e18
    for i in range(k):
        s = _model_score(hand[i], i, k, nrows, cap, last, rcnt, rhd, minh, pre, w, cconst, lg)
        sc[i] = s
        if s > mx:
            mx = s
    z = 0.0
    for i in range(k):
        sc[i] = math.exp(sc[i] - mx)
        z += sc[i]
    t = x * z
    acc = 0.0
    for i in range(k):
        acc += sc[i]
        if t < acc:
            return i
    return k - 1


@njit(cache=True, inline="always")
def _unseen_prefix(pre, gone):
    pre[0] = 0
    for c in range(1, 105):
        pre[c] = pre[c - 1] + (0 if gone[c] else 1)


@njit(cache=True)
def _model_tables(w):
    """The learned model's value terms per card and ``log(1 + u)`` per count of unseen cards."""
    cconst = np.zeros(105)
    lg = np.empty(106)
    for c in range(1, 105):
        cconst[c] = w[12] * c / 104.0 + w[13] * (c / 104.0) ** 2
    for u in range(106):
        lg[u] = math.log1p(u)
    return cconst, lg


@njit(cache=True, inline="always")
def _fewest(nrows, rhd):
    """The fewest heads on a row."""
    m = rhd[0]
    for r in range(1, nrows):
        if rhd[r] < m:
            m = rhd[r]
    return m


@njit(cache=True, inline="always")
def _model_reset(c0, n, me, h, nrows, my_hand, dealt, hands, hcnt, last0, rcnt0, rhd0, last, rcnt, rhd,
                 gone0, gone, pen):
    """A candidate's rollout starts: the hands dealt (mine without ``c0``), the rows and cards seen
    as at the decision, no heads taken."""
    for p in range(n):
        if p == me:
            t = 0
            for x in range(h):
                if my_hand[x] != c0:
                    hands[p, t] = my_hand[x]
                    t += 1
            hcnt[p] = t
        else:
            for x in range(h):
                hands[p, x] = dealt[p, x]
            hcnt[p] = h
    for r in range(nrows):
        last[r] = last0[r]
        rcnt[r] = rcnt0[r]
        rhd[r] = rhd0[r]
    for x in range(105):
        gone[x] = gone0[x]
    for p in range(n):
        pen[p] = 0


@njit(cache=True)
def _model_kernel(values, seed, rollouts, n, me, nrows, cap, heads, my_hand, cand, unseen, last0, rcnt0, rhd0,
                  gone0, w, self_turns, opp_turns, objective, start, threshold, strict, final, mu, sigma, tie):
    """Like :func:`_plan_kernel`, with the learned rollout model (see :func:`model_values`).

    ``my_hand`` sorted; ``gone0[c]``: card ``c`` was shown this round (the player's own hand not).
    Every candidate is played out on the same determinization *and* the same uniform numbers per
    turn and seat, so the others' cards of this turn are the same for every candidate.
    """
    rs = np.empty(4, np.uint64)
    rng.seed(rs, seed)
    h = my_hand.shape[0]
    hw = max(h, 1)
    pool = unseen.copy()
    dealt = np.empty((n, hw), np.int64)
    hands = np.empty((n, hw), np.int64)
    hcnt = np.empty(n, np.int64)
    last = np.empty(nrows, np.int64)
    rcnt = np.empty(nrows, np.int64)
    rhd = np.empty(nrows, np.int64)
    pen = np.empty(n, np.int64)
    tot = np.empty(n, np.float64)
    cards = np.empty(n, np.int64)
    owners = np.empty(n, np.int64)
    gone = np.empty(105, np.bool_)
    pre = np.empty(105, np.int64)
    pre0 = np.empty(105, np.int64)
    sc = np.empty(hw)
    xs = np.empty((hw, n))
    first = np.zeros(n, np.int64)
    cconst, lg = _model_tables(w)
    _unseen_prefix(pre0, gone0)
    minh0 = _fewest(nrows, rhd0)
    need = (n - 1) * h
    for it in range(rollouts):
        _shuffle_part(pool, need, rs)
        q = 0
        for p in range(n):
            if p == me:
                for x in range(h):
                    dealt[p, x] = my_hand[x]
            else:
                dealt[p, :h] = np.sort(pool[q:q + h])
                q += h
        for t in range(h):
            for p in range(n):
                xs[t, p] = rng.below(rs, 1073741824) / 1073741824.0
        for p in range(n):  # the others' card of this turn: the same for every candidate
            if p != me:
                if opp_turns > 0 and h > 1:
                    first[p] = _model_pick(dealt[p], h, xs[0, p], nrows, cap, last0, rcnt0, rhd0, minh0, pre0, w,
                                           cconst, lg, sc)
                else:
                    first[p] = int(xs[0, p] * h)
        for ci in range(cand.shape[0]):
            c0 = cand[ci]
            _model_reset(c0, n, me, h, nrows, my_hand, dealt, hands, hcnt, last0, rcnt0, rhd0, last, rcnt, rhd,
                         gone0, gone, pen)
            minh = minh0
            for turn in range(h):
                if turn > 0:
                    _unseen_prefix(pre, gone)
                    minh = _fewest(nrows, rhd)
                for p in range(n):
                    if p == me and turn == 0:
                        c = c0
                    else:
                        k = hcnt[p]
                        if turn == 0:
                            i = first[p]
                        elif k == 1:
                            i = 0
                        elif turn < (self_turns if p == me else opp_turns):
                            i = _model_pick(hands[p], k, xs[turn, p], nrows, cap, last, rcnt, rhd, minh, pre, w,
                                            cconst, lg, sc)
                        else:
                            i = int(xs[turn, p] * k)
                        c = hands[p, i]
                        for x in range(i, k - 1):
                            hands[p, x] = hands[p, x + 1]
                        hcnt[p] = k - 1
                    P.reveal(cards, owners, p, c)
                for j in range(n):
                    gone[cards[j]] = True
                P.resolve_turn(cards, owners, n, nrows, cap, True, heads, last, rcnt, rhd, pen)
            values[ci, it] = _round_value(objective, pen, start, tot, n, me, threshold, strict, final, mu, sigma, tie)


def model_inputs(hand, seen) -> tuple[np.ndarray, np.ndarray]:
    """The sorted hand and the shown-cards mask of a decision (``gone[c]``: card ``c`` was shown this
    round; the player's own hand counts as not shown, as it is for the others)."""
    hand_a = np.sort(np.asarray(hand, np.int64))
    gone = np.zeros(105, np.bool_)
    gone[[int(c) for c in seen]] = True
    gone[hand_a] = False
    return hand_a, gone


def model_values(hand, rows, seen, unseen, players: int, player: int, rollouts: int, seed: int, candidates=None, *,
                 capacity: int = 5, weights=None, self_turns: int = 99, opp_turns: int = 1,
                 objective: str = "leader", start=None, threshold: int = 66, strict: bool = False,
                 final: bool = False, mu: float = MU, sigma: float = SIGMA, tie: float = TIE) -> np.ndarray:
    """Per-rollout outcomes (candidates x rollouts, lower is better) with the learned rollout model.

    The player's own later cards (turns before ``self_turns``) and the others' cards (turns before
    ``opp_turns``; 1: this turn only) are drawn from the model of
    :mod:`mowkit.games.sixnimmt.rollout_model` (``weights``, default its fitted ``WEIGHTS``); later cards at
    random. ``seen``: the cards the player has seen this round; other arguments as
    :func:`plan_values`. Standard variant. Same arguments and seed, same values, any process.
    """
    from mowkit.games.sixnimmt.kernel import _heads
    check_choice("objective", objective, OBJECTIVES)
    check_int("rollouts", rollouts, 1)
    hand_a, gone = model_inputs(hand, seen)
    _first0, last0, rcnt0, rhd0 = row_arrays(rows)
    cand = hand_a.copy() if candidates is None else np.asarray(candidates, np.int64)
    unseen_a = np.asarray(unseen, np.int64)
    if len(unseen_a) < (players - 1) * len(hand_a):
        raise OptionError("unseen", len(unseen_a), f"at least {(players - 1) * len(hand_a)} cards")
    w = np.asarray(WEIGHTS if weights is None else weights, np.float64)
    start_a = np.zeros(players, np.float64) if start is None else np.asarray(start, np.float64)
    values = np.zeros((len(cand), rollouts), np.float64)
    call(_model_kernel, values, int(seed) & 0xFFFFFFFF, rollouts, players, player, len(rows), capacity, _heads(), hand_a,
                  cand, unseen_a, last0, rcnt0, rhd0, gone, w, int(self_turns), int(opp_turns), OBJECTIVES[objective],
                  start_a, float(threshold), bool(strict), bool(final), float(mu), float(sigma), float(tie))
    return values


def warm_up(full: bool = False) -> None:
    """Compile (or load from the cache) the 6 nimmt! kernel (:func:`mowkit.games.sixnimmt.kernel.warm_up`)
    and the planning player's two rollout kernels on a tiny position."""
    warm_kernel(full)
    hand, rows, unseen = [10, 20], [[5], [30], [50], [70]], [11, 21, 60, 80]
    model_values(hand, rows, [5, 30, 50, 70], unseen, 2, 0, 1, 0)
    plan_values(hand, rows, unseen, 2, 0, 1, 0)
