"""Mow's rule primitives for the compiled kernels: the rules that do not depend on how a kernel
holds hands and herds, each written once and composed by every kernel.

The rule engine :mod:`mowkit.games.mow.engine` defines the rules; these ``@njit(inline="always")``
functions are their compiled copy, inlined into :mod:`~mowkit.games.mow.kernel` (its general
player on sorted lists and its all-random player on bit sets). They take and return integers
only (no array, no allocation), so inlining them costs nothing in the hot loops.

* :func:`next_seat`: the farmer after ``p`` along the arrow.
* :func:`next_herd`: with three herds, the active herd moves along the arrow after every turn.
* :func:`cards_to_draw`: the cards a farmer draws after laying a cow (thin none, dairy two).
* :func:`named_seat` / :func:`name_options`: a farmer names who plays next (himself only when
  allowed).
* :func:`after_take`: who plays after a farmer took a herd (himself with ``restart_taker``).
"""

from __future__ import annotations

from numba import njit

from mowkit.mow_data import KINDS

THIN, DAIRY = KINDS.index("thin"), KINDS.index("dairy")


@njit(cache=True, inline="always")
def next_seat(p, arrow, n):
    """The farmer after ``p`` along the arrow (``arrow`` +1 or -1)."""
    q = p + arrow
    if q == n:
        return 0
    if q < 0:
        return n - 1
    return q


@njit(cache=True, inline="always")
def next_herd(active, arrow, nh):
    """The herd active after a turn: with three herds it moves along the arrow; one herd stays."""
    if nh == 3:
        return (active + arrow) % 3
    return active


@njit(cache=True, inline="always")
def cards_to_draw(kind):
    """Cards drawn from the pile after laying a cow of ``kind``: thin none, dairy two, else one."""
    return 0 if kind == THIN else (2 if kind == DAIRY else 1)


@njit(cache=True, inline="always")
def name_options(n, allow_self):
    """How many farmers a farmer may name to play next."""
    return n if allow_self else n - 1


@njit(cache=True, inline="always")
def named_seat(pick, p, allow_self):
    """The farmer that option ``pick`` of :func:`name_options` names (farmer ``p`` skipped unless allowed)."""
    return pick if (allow_self or pick < p) else pick + 1


@njit(cache=True, inline="always")
def after_take(p, arrow, n, restart_taker):
    """Who plays after farmer ``p`` took a herd (the pile not empty): ``p`` again with
    ``restart_taker`` (he starts the new herd within the same turn), else the next farmer."""
    return p if restart_taker else next_seat(p, arrow, n)
