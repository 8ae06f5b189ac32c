"""6 nimmt!'s rule primitives for the compiled kernels: each rule once, composed by every kernel.

The rule engine :mod:`mowkit.games.sixnimmt.engine` defines the rules; these small
``@njit(inline="always")`` functions are their one compiled copy, inlined into
:mod:`~mowkit.games.sixnimmt.kernel`, :mod:`~mowkit.games.sixnimmt.batch` and
:mod:`~mowkit.games.sixnimmt.planning`. They take and return integers only (no tuple, no array
made per call); the rows are arrays indexed by row: ``last`` card (and ``first`` in the
professional variant), ``rcnt`` cards, ``rhd`` heads; ``pen`` the heads each seat took.

* :func:`reveal`: the turn's cards are revealed in ascending order, with their owners.
* :func:`row_below`: Rules 1-2, the row a card goes to (its last card the highest below it).
* :func:`fewest_heads`: Rule 4's row as the kit chooses it (fewest heads, ties to the fewest cards
  when ``by_cards``, then the lowest index).
* :func:`start_row`: the deal, a card alone starts a row.
* :func:`is_full` / :func:`take_row` / :func:`add_to_row`: Rule 3's test, a seat taking a row (Rules
  3-4: its heads, the card starts it); a card laid on a row adds its count and heads.
* :func:`resolve_turn`: Rules 1-4 for the turn's revealed cards on rows kept by their last card
  (Rule 4 by :func:`fewest_heads`).
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
def start_row(r, c, heads, last, rcnt, rhd):
    """The deal: card ``c`` alone starts row ``r`` (its last card, count and heads)."""
    last[r] = c
    rcnt[r] = 1
    rhd[r] = heads[c]


@njit(cache=True, inline="always")
def is_full(r, cap, rcnt):
    """Rule 3: row ``r`` holds ``cap`` cards, so the next card laid on it takes it."""
    return rcnt[r] >= cap


@njit(cache=True, inline="always")
def take_row(r, c, p, heads, rcnt, rhd, pen):
    """Rules 3-4: seat ``p`` takes row ``r``'s heads and its card ``c`` starts the row (the caller
    sets the row's end cards)."""
    pen[p] += rhd[r]
    rcnt[r] = 1
    rhd[r] = heads[c]


@njit(cache=True, inline="always")
def resolve_turn(cards, owners, n, nrows, cap, by_cards, heads, last, rcnt, rhd, pen):
    """Rules 1-4 for the turn's ``n`` revealed cards (ascending, with their owners) on rows kept by
    their last card; Rule 4 by :func:`fewest_heads`."""
    for j in range(n):
        c = cards[j]
        br = row_below(c, nrows, last)
        if br < 0:  # Rule 4
            br = fewest_heads(nrows, rhd, rcnt, by_cards)
            take_row(br, c, owners[j], heads, rcnt, rhd, pen)
        elif is_full(br, cap, rcnt):  # Rule 3
            take_row(br, c, owners[j], heads, rcnt, rhd, pen)
        else:  # Rule 2
            rcnt[br] += 1
            rhd[br] += heads[c]
        last[br] = c

