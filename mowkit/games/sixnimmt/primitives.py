"""6 nimmt!'s rule primitives for the compiled kernels: each rule once, composed by every kernel.

The rule engine :mod:`mowkit.games.sixnimmt.engine` defines the rules; these ``@njit(inline="always")``
functions are their one compiled copy, inlined into :mod:`~mowkit.games.sixnimmt.kernel`,
:mod:`~mowkit.games.sixnimmt.batch` and :mod:`~mowkit.games.sixnimmt.planning` (so they cost no call).
A row is held in arrays indexed by row: ``first``/``last`` card (kernels that never play the
professional variant keep only ``last``), ``rcnt`` cards and ``rhd`` heads; ``pen`` holds each seat's
heads taken this round.

* :func:`reveal`: the turn's cards are revealed and sorted (ascending, with their owners).
* :func:`row_below`: Rules 1-2, the row a card goes to (its last card the highest below the card).
* :func:`fewest_heads`: Rule 4's row as the engine's default chooses it.
* :func:`start_row` / :func:`take_row`: a card starts a row (the deal; Rules 3-4, taking its heads).
* :func:`is_full`: Rule 3's test, the next card on the row takes it.
* :func:`add_card`: Rules 2-3, a card goes on a row, the sixth takes it.
* :func:`place_last` / :func:`resolve_turn`: Rules 1-4 for one card / the turn's revealed cards, on
  rows kept by their last card only.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, inline="always")
def reveal(cards, owners, p, c):
    """Insert seat ``p``'s card ``c`` into the turn's cards ``cards[:p]`` (ascending), with its owner."""
    j = p
    while j > 0 and cards[j - 1] > c:
        cards[j] = cards[j - 1]
        owners[j] = owners[j - 1]
        j -= 1
    cards[j] = c
    owners[j] = p


@njit(cache=True, inline="always")
def row_below(c, nrows, last):
    """Rules 1-2: the row whose last card is the highest below ``c``; -1 when none is (Rule 4)."""
    br = -1
    bl = -1
    for r in range(nrows):
        lr = last[r]
        if lr < c and lr > bl:
            bl = lr
            br = r
    return br


@njit(cache=True, inline="always")
def fewest_heads(nrows, rhd, rcnt, by_cards):
    """Rule 4's row: the fewest heads, ties to the fewest cards (``by_cards``), then the lowest index."""
    best = 0
    for r in range(1, nrows):
        if rhd[r] < rhd[best]:
            best = r
        elif by_cards and rhd[r] == rhd[best] and rcnt[r] < rcnt[best]:
            best = r
    return best


@njit(cache=True, inline="always")
def start_row(r, c, heads, rcnt, rhd):
    """Card ``c`` alone makes row ``r`` (its count and heads; the caller sets its ends)."""
    rcnt[r] = 1
    rhd[r] = heads[c]


@njit(cache=True, inline="always")
def take_row(r, c, p, heads, rcnt, rhd, pen):
    """Rules 3-4: seat ``p`` takes row ``r``'s heads and card ``c`` starts it (the caller sets its ends)."""
    pen[p] += rhd[r]
    start_row(r, c, heads, rcnt, rhd)


@njit(cache=True, inline="always")
def is_full(r, cap, rcnt):
    """Rule 3: row ``r`` holds ``cap`` cards, so the next card placed on it takes it."""
    return rcnt[r] >= cap


@njit(cache=True, inline="always")
def add_card(r, c, p, cap, heads, rcnt, rhd, pen):
    """Rules 2-3: card ``c`` of seat ``p`` goes on row ``r``; at ``cap`` cards it takes the row.

    True when it took the row (the card then starts the row; the caller sets the row's ends)."""
    if is_full(r, cap, rcnt):  # Rule 3: the sixth card
        take_row(r, c, p, heads, rcnt, rhd, pen)
        return True
    rcnt[r] += 1
    rhd[r] += heads[c]
    return False


@njit(cache=True, inline="always")
def place_last(c, p, nrows, cap, by_cards, heads, last, rcnt, rhd, pen):
    """Rules 1-4 for card ``c`` of seat ``p`` on rows kept by their last card (Rule 4: :func:`fewest_heads`)."""
    br = row_below(c, nrows, last)
    if br < 0:  # Rule 4
        br = fewest_heads(nrows, rhd, rcnt, by_cards)
        take_row(br, c, p, heads, rcnt, rhd, pen)
    else:
        add_card(br, c, p, cap, heads, rcnt, rhd, pen)
    last[br] = c


@njit(cache=True, inline="always")
def resolve_turn(cards, owners, n, nrows, cap, by_cards, heads, last, rcnt, rhd, pen):
    """Place the turn's ``n`` revealed cards (ascending, with their owners) by :func:`place_last`."""
    for j in range(n):
        place_last(cards[j], owners[j], nrows, cap, by_cards, heads, last, rcnt, rhd, pen)
