"""Exact card math of 6 nimmt!: heads tables, hand distributions and the risk of a card this turn.

Every answer is exact (``int`` or :class:`fractions.Fraction`); the DataFrame views carry the exact
value beside a float for plotting. Card heads always come from the card table in ``data/``
(:func:`mowkit.data.sixnimmt_heads`); where a card goes comes from the engine's
:func:`~mowkit.games.sixnimmt.placements`, so the rules live in one place.

Three groups of functions:

* the deck: :func:`heads_table`, :func:`deck_heads`, :func:`tactics_totals`;
* a random hand: :func:`hand_heads_ways`, :func:`hand_heads_distribution`,
  :func:`hand_heads_moments`, :func:`hand_heads_table`, :func:`start_heads_table` (generating
  functions over the head classes, so a 10-card hand of 104 cards costs a few thousand
  multiplications instead of C(104, 10) = 26 billion hands);
* one turn from a player's seat: :func:`unseen_cards`, :func:`landing_cards`, :func:`row_table`,
  :func:`card_risk`, :func:`safest_card`, checked by the seeded simulation
  :func:`simulate_card_risk` and compared in :func:`compare_card_risk`.

The turn model (stated once here, repeated where it is used). Each of the ``n`` opponents plays
one card, and the ``n`` cards are treated as a uniformly random set of ``n`` distinct unseen cards
(a draw without replacement: hypergeometric). Real opponents choose their cards and hold
particular hands; the model ignores both (that is its independence/uniformity assumption, and
no formula here can remove it). Every Rule 4 take, mine or an opponent's, takes the row with the
fewest heads (ties to the lowest index), as the engine's ``auto_row`` does. Under this model the
answers are exact, by the following case analysis (checked against the engine in the tests):

* My card ``c`` goes on row ``r`` (end ``e``, ``L`` cards). The opponents' cards between ``e`` and
  ``c`` all land on row ``r`` before ``c`` (no other row ends between ``e`` and ``c``, or ``c``
  would go there). With ``k`` of them the row is taken and restarted each time it would get a
  sixth card, so ``c`` is the sixth card exactly when ``L + k`` is a multiple of the capacity.
  Cards above ``c`` are placed after it and cannot matter.
* The one way other cards interfere: an opponent's card lower than every row takes the
  fewest-heads row by Rule 4 (it is the lowest card of the turn, so it is placed first). If that
  row is ``r`` itself, ``c`` and the cards between the next lower row end and ``c`` now go on that
  next lower row; if ``r`` had the lowest end, they pile onto the lowest cards. Any other take
  leaves row ``r`` and the cards that reach it unchanged. ``card_risk(..., rule4_takes=False)``
  ignores this case: that is the simple textbook formula, and :func:`compare_card_risk` shows how
  far it can be off.
* If ``c`` is lower than every row end, it takes a row by Rule 4 unless some opponent plays an
  even lower card; the lowest such card takes a row and the others (and ``c``) pile onto it, so
  with ``j`` lower opponent cards ``c`` is a sixth card exactly when ``j`` is a multiple of the
  capacity.

Only the standard placement rules are modelled (not the professional variant).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from mowkit.agents import make_agent
from mowkit.card_tables import sixnimmt_heads
from mowkit.core import OptionError, check_int, spawn_rngs
from mowkit.games.sixnimmt import SixNimmt, fewest_heads_row, placements, row_heads
from mowkit.simulate import play_until

__all__ = [
    "Position",
    "card_risk",
    "check_position",
    "compare_card_risk",
    "deck_heads",
    "enumerate_card_risk",
    "example_observation",
    "fractions_as_text",
    "full_deck",
    "hand_heads_distribution",
    "hand_heads_moments",
    "hand_heads_table",
    "hand_heads_ways",
    "heads_table",
    "landing_cards",
    "parse_cards",
    "parse_rows",
    "position_from_observation",
    "row_table",
    "safest_card",
    "safest_card_from_text",
    "simulate_card_risk",
    "simulate_hand_heads",
    "start_heads_table",
    "tactics_deck",
    "tactics_totals",
    "turn_outcome",
    "unseen_cards",
]


# --------------------------------------------------------------------------- the deck


def full_deck() -> tuple[int, ...]:
    """All cards of the card table (1..104 with the shipped data)."""
    return tuple(range(1, len(sixnimmt_heads())))


def tactics_deck(players: int, hand_size: int = 10, rows: int = 4) -> tuple[int, ...]:
    """The Tactics variant's deck for ``players`` (cards 1..players*hand_size+rows), from the engine."""
    return SixNimmt(players=players, hand_size=hand_size, rows=rows, variant=("tactics",)).deck


def _deck(deck: Iterable[int] | None, name: str = "deck") -> tuple[int, ...]:
    """Validate a deck: distinct card numbers of the card table, returned sorted."""
    if deck is None:
        return full_deck()
    table = sixnimmt_heads()
    cards = _cards(deck, name)
    bad = [c for c in cards if not 1 <= c < len(table)]
    if bad:
        raise OptionError(name, bad, f"card numbers 1..{len(table) - 1}")
    return tuple(sorted(cards))


def _cards(cards: Iterable[int], name: str) -> list[int]:
    """A list of distinct integer cards, or an OptionError naming ``name``."""
    if isinstance(cards, (str, bytes)):
        raise OptionError(name, cards, "a sequence of card numbers (use parse_cards for text)")
    try:
        out = list(cards)
    except TypeError:
        raise OptionError(name, cards, "a sequence of card numbers") from None
    for c in out:
        if not isinstance(c, (int, np.integer)) or isinstance(c, bool):
            raise OptionError(name, c, "whole card numbers")
    out = [int(c) for c in out]
    dup = sorted({c for c in out if out.count(c) > 1})
    if dup:
        raise OptionError(name, dup, "each card at most once")
    return out


def heads_table(deck: Iterable[int] | None = None) -> pd.DataFrame:
    """The heads table of a deck: one line per heads value with its cards, count and total.

    Columns ``heads``, ``cards`` (tuple of card numbers), ``count``, ``total`` (= heads * count),
    from the card table in ``data/``. The ``total`` column sums to :func:`deck_heads`.
    """
    cards = _deck(deck)
    table = sixnimmt_heads()
    by: dict[int, list[int]] = {}
    for c in cards:
        by.setdefault(table[c], []).append(c)
    lines = [
        {"heads": h, "cards": tuple(cs), "count": len(cs), "total": h * len(cs)}
        for h, cs in sorted(by.items(), reverse=True)
    ]
    return pd.DataFrame(lines, columns=["heads", "cards", "count", "total"])


def deck_heads(deck: Iterable[int] | None = None) -> int:
    """Total heads of a deck (171 for the full deck), summed from the card table."""
    return row_heads(_deck(deck))


def tactics_totals(
    players: Iterable[int] = range(2, 11), hand_size: int = 10, rows: int = 4
) -> pd.DataFrame:
    """Heads in the Tactics deck 1..(players*hand_size + rows) for each player count.

    Columns ``players``, ``cards`` (the highest card), ``heads``. With the defaults this is the
    RULES.md list for 1..10p+4, p = 2..10.
    """
    lines = []
    for p in players:
        deck = tactics_deck(p, hand_size, rows)
        lines.append({"players": p, "cards": len(deck), "heads": deck_heads(deck)})
    return pd.DataFrame(lines, columns=["players", "cards", "heads"])


# --------------------------------------------------------------------------- a random hand


def _classes(deck: Sequence[int]) -> dict[int, int]:
    """Number of cards of each heads value in ``deck``."""
    table = sixnimmt_heads()
    out: dict[int, int] = {}
    for c in deck:
        out[table[c]] = out.get(table[c], 0) + 1
    return out


def hand_heads_ways(k: int = 10, deck: Iterable[int] | None = None) -> dict[int, int]:
    """Number of k-card hands of ``deck`` with each heads total: ``{heads: ways}`` (exact ints).

    The generating function prod over heads classes h of sum_j C(m_h, j) y^j x^(h*j) (m_h cards
    with h heads), read at y^k; the ways sum to C(len(deck), k).
    """
    cards = _deck(deck)
    k = check_int("k", k, 0, len(cards))
    # poly[j] maps heads -> ways to choose j cards from the classes seen so far
    poly: list[dict[int, int]] = [{} for _ in range(k + 1)]
    poly[0][0] = 1
    for h, m in sorted(_classes(cards).items()):
        new: list[dict[int, int]] = [{} for _ in range(k + 1)]
        for j, terms in enumerate(poly):
            for s, ways in terms.items():
                for t in range(min(m, k - j) + 1):
                    key = s + h * t
                    new[j + t][key] = new[j + t].get(key, 0) + ways * math.comb(m, t)
        poly = new
    return dict(sorted(poly[k].items()))


def hand_heads_distribution(k: int = 10, deck: Iterable[int] | None = None) -> dict[int, Fraction]:
    """Exact distribution of the heads in a random k-card hand: ``{heads: probability}``."""
    ways = hand_heads_ways(k, deck)
    total = sum(ways.values())
    return {h: Fraction(w, total) for h, w in ways.items()}


def hand_heads_moments(k: int = 10, deck: Iterable[int] | None = None) -> tuple[Fraction, Fraction]:
    """Exact mean and variance of the heads in a random k-card hand, from the distribution."""
    dist = hand_heads_distribution(k, deck)
    mean = sum((h * p for h, p in dist.items()), Fraction(0))
    var = sum(((h - mean) ** 2 * p for h, p in dist.items()), Fraction(0))
    return mean, var


def hand_heads_table(k: int = 10, deck: Iterable[int] | None = None) -> pd.DataFrame:
    """The heads distribution of a random k-card hand as a table.

    Columns ``heads``, ``ways`` (exact number of hands), ``exact`` (Fraction), ``probability``
    (float, for plotting), ``cumulative`` (float, P(heads <= value)).
    """
    ways = hand_heads_ways(k, deck)
    total = sum(ways.values())
    df = pd.DataFrame(
        {
            "heads": list(ways),
            "ways": list(ways.values()),
            "exact": [Fraction(w, total) for w in ways.values()],
        }
    )
    df["probability"] = [w / total for w in df["ways"]]
    df["cumulative"] = np.cumsum(df["ways"].to_numpy(dtype=object)).astype(float) / total
    return df


def start_heads_table(rows: int = 4, deck: Iterable[int] | None = None) -> pd.DataFrame:
    """The heads distribution of the cards that start the rows (``rows`` random cards of the deck)."""
    return hand_heads_table(rows, deck)


def simulate_hand_heads(
    k: int = 10, deck: Iterable[int] | None = None, trials: int = 100_000, seed: int | None = 0
) -> pd.DataFrame:
    """Deal ``trials`` random k-card hands (seeded) and count their heads.

    Columns ``heads``, ``count``, ``frequency``; every heads value of the exact table appears
    (with count 0 if never dealt), so the result lines up with :func:`hand_heads_table`.
    """
    cards = _deck(deck)
    k = check_int("k", k, 0, len(cards))
    trials = check_int("trials", trials, 1)
    table = sixnimmt_heads()
    values = np.array([table[c] for c in cards], dtype=np.int64)
    rng = np.random.default_rng(seed)
    totals = np.empty(trials, dtype=np.int64)
    chunk = 20_000
    for start in range(0, trials, chunk):
        size = min(chunk, trials - start)
        keys = rng.random((size, len(cards)))
        idx = (
            np.argpartition(keys, k - 1, axis=1)[:, :k]
            if 0 < k < len(cards)
            else (np.tile(np.arange(len(cards)), (size, 1))[:, :k])
        )
        totals[start : start + size] = values[idx].sum(axis=1)
    counts = pd.Series(totals).value_counts()
    heads = sorted(set(hand_heads_ways(k, cards)) | set(counts.index.tolist()))
    df = pd.DataFrame({"heads": heads, "count": [int(counts.get(h, 0)) for h in heads]})
    df["frequency"] = df["count"] / trials
    return df


# --------------------------------------------------------------------------- a position


class Position:
    """One player's view of a turn: own hand, the rows, the unseen cards, how many opponents.

    Built by :func:`check_position` (validated). ``unseen`` is the deck minus the hand, the row
    cards and every other card already seen (piles, played cards).
    """

    __slots__ = ("capacity", "deck", "hand", "opponents", "rows", "unseen")

    def __init__(
        self,
        hand: tuple[int, ...],
        rows: tuple[tuple[int, ...], ...],
        unseen: tuple[int, ...],
        opponents: int,
        capacity: int,
        deck: tuple[int, ...],
    ) -> None:
        self.hand = hand
        self.rows = rows
        self.unseen = unseen
        self.opponents = opponents
        self.capacity = capacity
        self.deck = deck

    def as_text(self) -> dict[str, str]:
        """The position as the text fields of :func:`safest_card_from_text` (hand, rows, seen)."""
        known = set(self.unseen) | set(self.hand) | {c for r in self.rows for c in r}
        return {
            "hand": " ".join(map(str, self.hand)),
            "rows": " | ".join(" ".join(map(str, r)) for r in self.rows),
            "seen": " ".join(str(c) for c in self.deck if c not in known),
        }

    def __repr__(self) -> str:
        rows = " | ".join(" ".join(map(str, r)) for r in self.rows)
        return (
            f"Position(hand={list(self.hand)}, rows=[{rows}], unseen={len(self.unseen)} cards, "
            f"opponents={self.opponents}, capacity={self.capacity})"
        )


def check_position(
    hand: Iterable[int],
    rows: Sequence[Sequence[int]],
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
) -> Position:
    """Validate a position and work out the unseen cards; errors name the argument at fault.

    ``seen`` may repeat cards of the hand or the rows (an observation's ``seen`` does).
    """
    cards = _deck(deck)
    in_deck = set(cards)
    capacity = check_int("capacity", capacity, 1)
    hand_l = _cards(hand, "hand")
    if not hand_l:
        raise OptionError("hand", hand_l, "at least one card")
    bad = [c for c in hand_l if c not in in_deck]
    if bad:
        raise OptionError("hand", bad, "cards of the deck in use")
    if isinstance(rows, (str, bytes)):
        raise OptionError(
            "rows", rows, "a list of rows, each a list of cards (use parse_rows for text)"
        )
    rows_t: list[tuple[int, ...]] = []
    used: set[int] = set()
    for i, r in enumerate(rows):
        rl = _cards(r, f"rows[{i}]")
        if not 1 <= len(rl) <= capacity:
            raise OptionError(f"rows[{i}]", rl, f"1..{capacity} cards (capacity={capacity})")
        if any(a >= b for a, b in itertools.pairwise(rl)):
            raise OptionError(f"rows[{i}]", rl, "cards in ascending order")
        bad = [c for c in rl if c not in in_deck]
        if bad:
            raise OptionError(f"rows[{i}]", bad, "cards of the deck in use")
        twice = sorted(used & set(rl))
        if twice:
            raise OptionError(f"rows[{i}]", twice, "cards not already in another row")
        used.update(rl)
        rows_t.append(tuple(rl))
    if not rows_t:
        raise OptionError("rows", list(rows), "at least one row")
    both = sorted(used & set(hand_l))
    if both:
        raise OptionError("hand", both, "cards that are not also in a row")
    if isinstance(seen, (str, bytes)):
        raise OptionError("seen", seen, "a collection of card numbers (use parse_cards for text)")
    seen_s = set(_cards(set(seen), "seen"))
    bad = sorted(c for c in seen_s if c not in in_deck)
    if bad:
        raise OptionError("seen", bad, "cards of the deck in use")
    known = used | seen_s | set(hand_l)
    unseen = tuple(c for c in cards if c not in known)
    opponents = check_int("opponents", opponents, 0, len(unseen))
    return Position(tuple(sorted(hand_l)), tuple(rows_t), unseen, opponents, capacity, cards)


def parse_cards(text: str, name: str = "cards") -> list[int]:
    """Card numbers from text such as ``"3 17, 42"`` (spaces or commas); errors name ``name``."""
    out = []
    for token in text.replace(",", " ").split():
        try:
            out.append(int(token))
        except ValueError:
            raise OptionError(
                name, token, "whole card numbers separated by spaces or commas"
            ) from None
    return out


def parse_rows(text: str, name: str = "rows") -> list[list[int]]:
    """Rows from text, one row per line or separated by ``|`` or ``;``: ``"5 9 | 23 | 40 41"``."""
    parts = [p for p in text.replace(";", "\n").replace("|", "\n").splitlines() if p.strip()]
    return [parse_cards(p, f"{name}[{i}]") for i, p in enumerate(parts)]


def example_observation(players: int = 4, turns: int = 3, seed: int = 0, player: int = 0) -> Any:
    """A seeded position in the middle of a round, as ``player`` sees it.

    A standard game of ``players`` is dealt from ``seed`` and random agents (Rule 4: fewest heads)
    play ``turns`` turns; the observation of ``player`` before turn ``turns + 1`` is returned (its
    ``game`` and ``seen`` feed :func:`position_from_observation`).
    """
    game = SixNimmt(players=players, max_rounds=1)
    turns = check_int("turns", turns, 0, game.hand_size - 1)
    player = check_int("player", player, 0, players - 1)
    deal, *rngs = spawn_rngs(seed, players + 1)
    state = game.new_state(rng=deal)

    agents = [make_agent("sixnimmt", "random") for _ in range(players)]
    play_until(state, agents, rngs, stop=lambda s: s.turn >= turns and s.phase == "choose")
    return state.observation(player)


def position_from_observation(obs: Any) -> Position:
    """The position a :class:`~mowkit.games.sixnimmt.SixNimmtObservation` shows its player.

    Opponents = the other players; seen = ``obs.seen``; the deck and capacity come from
    the observation's game. The risk model covers the standard rules only, so a professional
    game is refused.
    """
    game = obs.game
    if game.professional:
        raise OptionError(
            "variant", game.variant, "the standard placement rules (not professional)"
        )
    return check_position(
        obs.hand, obs.rows, obs.seen, game.players - 1, game.capacity, game.deck
    )


def _pos(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None,
    seen: Iterable[int],
    opponents: int,
    capacity: int,
    deck: Iterable[int] | None,
) -> Position:
    if isinstance(hand, Position):
        return hand
    if rows is None:
        raise OptionError("rows", rows, "a list of rows (or pass a Position as the first argument)")
    return check_position(hand, rows, seen, opponents, capacity, deck)


def unseen_cards(
    hand: Iterable[int],
    rows: Sequence[Sequence[int]],
    seen: Iterable[int] = (),
    deck: Iterable[int] | None = None,
) -> tuple[int, ...]:
    """The cards of the deck not in ``hand``, not in a row and not in ``seen``, ascending."""
    capacity = max([5, *(len(r) for r in rows if not isinstance(r, (str, bytes)))])
    return check_position(hand, rows, seen, 0, capacity, deck).unseen


def landing_cards(
    rows: Sequence[Sequence[int]], cards: Iterable[int]
) -> dict[int | None, tuple[int, ...]]:
    """Where each card would go on the rows as they are now (engine's Rules 1-2).

    ``{row index: cards}``, plus ``None: cards`` for the cards lower than every row (Rule 4).
    """
    out: dict[int | None, list[int]] = {i: [] for i in range(len(rows))}
    out[None] = []
    for c in sorted(cards):
        where = placements(rows, c)
        out[where[0][0] if where else None].append(c)
    return {k: tuple(v) for k, v in out.items()}


# --------------------------------------------------------------------------- exact risk


def _hyper(total: int, good: int, draws: int, k: int) -> Fraction:
    """P(exactly k of ``draws`` cards drawn without replacement from ``total`` are among ``good``)."""
    if k < 0 or k > good or draws - k > total - good or k > draws:
        return Fraction(0)
    return Fraction(
        math.comb(good, k) * math.comb(total - good, draws - k), math.comb(total, draws)
    )


def _top_heads(cards: Sequence[int], k: int, t: int) -> Fraction:
    """Expected heads of the ``t`` highest cards of a uniformly random k-subset of ``cards``."""
    cards = sorted(cards)
    m = len(cards)
    table = sixnimmt_heads()
    total = math.comb(m, k)
    acc = 0
    for i, c in enumerate(cards):  # i cards below c, m-1-i above
        ways = sum(math.comb(m - 1 - i, j) * math.comb(i, k - 1 - j) for j in range(min(t, k)))
        acc += table[c] * ways
    return Fraction(acc, total)


def _multi(total: int, draws: int, sizes: Sequence[int], counts: Sequence[int]) -> Fraction:
    """P(exactly counts[i] of ``draws`` cards fall in disjoint groups of sizes[i]), no replacement."""
    rest, left = total - sum(sizes), draws - sum(counts)
    if left < 0 or left > rest or any(c < 0 or c > g for g, c in zip(sizes, counts)):
        return Fraction(0)
    ways = math.comb(rest, left)
    for g, c in zip(sizes, counts):
        ways *= math.comb(g, c)
    return Fraction(ways, math.comb(total, draws))


def _last_heads(row: Sequence[int], cards: Sequence[int], k: int, cap: int) -> Fraction:
    """Expected heads of the last ``cap`` cards of ``row`` followed by a random k-subset of ``cards``."""
    if k >= cap:
        return _top_heads(cards, k, cap)
    return row_heads(row[len(row) - (cap - k) :]) + _top_heads(cards, k, k)


def _card_exact(pos: Position, card: int, rule4_takes: bool = True) -> dict[str, Any]:
    """The exact outcome of playing ``card`` under the model (see the module docstring)."""
    M, n, cap, rows = len(pos.unseen), pos.opponents, pos.capacity, pos.rows
    where = placements(rows, card)
    low_end = min(r[-1] for r in rows)
    lowest = [u for u in pos.unseen if u < low_end]  # opponents' cards that take a row by Rule 4
    p_sixth = Fraction(0)
    e_heads = Fraction(0)
    p_low = Fraction(0)
    if where:
        r = where[0][0]
        row = rows[r]
        before = [u for u in pos.unseen if row[-1] < u < card]
        f = fewest_heads_row(rows)
        # Without an opponent's Rule 4 take of row r (none played, or it takes another row), only
        # the k cards between the row end and mine matter.
        split = rule4_takes and f == r and lowest
        for k in range(min(n, len(before)) + 1):
            if (len(row) + k) % cap:
                continue
            pk = (
                _multi(M, n, [len(lowest), len(before)], [0, k])
                if split
                else _hyper(M, len(before), n, k)
            )
            p_sixth += pk
            e_heads += pk * _last_heads(row, before, k, cap)
        if split:
            # j >= 1 lowest cards: the first takes row r (the fewest-heads row), the others pile on it
            ends_below = [i for i, x in enumerate(rows) if x[-1] < row[-1]]
            if ends_below:  # my card now goes on the row with the next lower end, after all
                r2 = max(ends_below, key=lambda i: rows[i][-1])  # unseen cards between its end
                via = [u for u in pos.unseen if rows[r2][-1] < u < card]  # and mine
                for j in range(1, min(n, len(lowest)) + 1):
                    for k in range(min(n - j, len(via)) + 1):
                        if (len(rows[r2]) + k) % cap:
                            continue
                        pk = _multi(M, n, [len(lowest), len(via)], [j, k])
                        p_sixth += pk
                        e_heads += pk * _last_heads(rows[r2], via, k, cap)
            else:  # row r had the lowest end: my card follows the pile of lowest cards
                for j in range(1, min(n, len(lowest)) + 1):
                    for k in range(min(n - j, len(before)) + 1):
                        if (j + k) % cap:
                            continue
                        pk = _multi(M, n, [len(lowest), len(before)], [j, k])
                        p_sixth += pk
                        if k >= cap:
                            e_heads += pk * _top_heads(before, k, cap)
                        else:
                            e_heads += pk * (
                                _top_heads(before, k, k) + _top_heads(lowest, j, cap - k)
                            )
        row_label: int | None = r
    else:
        before = [u for u in pos.unseen if u < card]
        p_low = _hyper(M, len(before), n, 0)
        e_heads += p_low * row_heads(rows[fewest_heads_row(rows)])
        for j in range(cap, min(n, len(before)) + 1, cap):
            pj = _hyper(M, len(before), n, j)
            p_sixth += pj
            e_heads += pj * _top_heads(before, j, cap)
        row_label = None
    return {
        "card": card,
        "card_heads": sixnimmt_heads()[card],
        "row": row_label,
        "before": len(before),
        "p_sixth": p_sixth,
        "p_lowest": p_low,
        "p_take": p_sixth + p_low,
        "expected_heads": e_heads,
    }


def _where_label(row: int | None) -> str:
    return "lowest (Rule 4)" if row is None else f"row {row}"


def card_risk(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None = None,
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
    rule4_takes: bool = True,
) -> pd.DataFrame:
    """Exact risk of each card in hand this turn, against ``opponents`` random unseen cards.

    Model (see the module docstring): the opponents' cards are a uniformly random set of distinct
    unseen cards (hypergeometric), ignoring that real opponents choose them and hold particular
    hands; every Rule 4 take (theirs and mine) takes the row with the fewest heads. Under that
    model the answer is exact. ``rule4_takes=False`` gives the simpler textbook formula that
    counts only the unseen cards between the row end and my card and ignores an opponent's
    Rule 4 take of my row (kept to show how far off it can be).

    One line per card: ``card``, ``card_heads``, ``row`` (where it goes now; ``<NA>`` = lower
    than every row), ``goes_to`` (the same as text), ``before`` (unseen cards between the row end
    and the card, or below the card), the Fractions ``p_sixth`` (it is a sixth card),
    ``p_lowest`` (it must take a row by Rule 4), ``p_take`` (their sum), ``expected_heads``
    (heads it makes me take), and float views ``p_take_float`` and ``expected_heads_float``.
    """
    pos = _pos(hand, rows, seen, opponents, capacity, deck)
    lines = [_card_exact(pos, c, rule4_takes) for c in pos.hand]
    df = pd.DataFrame(lines)
    df["row"] = pd.array([d["row"] for d in lines], dtype="Int64")
    df.insert(3, "goes_to", [_where_label(d["row"]) for d in lines])
    df["p_take_float"] = [float(x) for x in df["p_take"]]
    df["expected_heads_float"] = [float(x) for x in df["expected_heads"]]
    return df


def safest_card(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None = None,
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
    rule4_takes: bool = True,
) -> pd.DataFrame:
    """The cards of :func:`card_risk` ranked safest first: by expected heads, then chance of a take.

    Equal risks are listed by card number. A ``rank`` column (1 = safest) is added; the model and
    its assumptions are those of :func:`card_risk`.
    """
    df = card_risk(hand, rows, seen, opponents, capacity, deck, rule4_takes)
    df = df.sort_values(["expected_heads", "p_take", "card"], kind="stable", ascending=True)
    df = df.reset_index(drop=True)
    df.insert(0, "rank", range(1, len(df) + 1))
    return df


def row_table(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None = None,
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
) -> pd.DataFrame:
    """Each row from the player's seat: what taking it costs and which unseen cards land on it.

    Columns ``row``, ``cards``, ``length``, ``heads`` (exactly what a Rule 4 take of the row costs
    now, which is what my lowest card takes, as it is placed first), ``landing`` (unseen cards that
    would go on it now), ``n_landing``, ``p_hit`` (Fraction: at least one opponent's card lands on
    it, under the uniform model), ``expected_added`` (Fraction: expected heads the opponents' cards
    add to it this turn, by linearity, counting Rule 3 restarts as added too), and the last line
    ``row = <NA>`` lists the unseen cards lower than every row.
    """
    pos = _pos(hand, rows, seen, opponents, capacity, deck)
    land = landing_cards(pos.rows, pos.unseen)
    M, n = len(pos.unseen), pos.opponents
    table = sixnimmt_heads()
    lines = []
    for key in [*range(len(pos.rows)), None]:
        cards = land[key]
        row = pos.rows[key] if key is not None else ()
        lines.append(
            {
                "row": key,
                "cards": row,
                "length": len(row),
                "heads": row_heads(row),
                "landing": cards,
                "n_landing": len(cards),
                "p_hit": 1 - _hyper(M, len(cards), n, 0),
                "expected_added": Fraction(n * sum(table[c] for c in cards), M)
                if M
                else Fraction(0),
            }
        )
    df = pd.DataFrame(lines)
    df["row"] = pd.array([d["row"] for d in lines], dtype="Int64")
    return df


# --------------------------------------------------------------------------- simulation


def turn_outcome(
    rows: Sequence[Sequence[int]], card: int, others: Iterable[int], capacity: int = 5
) -> tuple[bool, int, str]:
    """Play one turn: my ``card`` and the ``others``' cards, placed in ascending order.

    Uses the engine's Rules 1-2 (:func:`~mowkit.games.sixnimmt.placements`), Rule 3 (the sixth
    card takes) and Rule 4 with the fewest-heads row (the engine's ``auto_row`` choice, for every
    player). Cards above mine cannot change what happens to mine, so placing stops at my card.
    Returns (I take cards, heads I take, how: ``"sixth"``, ``"lowest"`` or ``""``).
    """
    rs = [list(r) for r in rows]
    for c in sorted(x for x in others if x < card):
        where = placements(rs, c)
        if not where:
            rs[fewest_heads_row(rs)] = [c]
        else:
            r = where[0][0]
            rs[r] = [c] if len(rs[r]) >= capacity else rs[r] + [c]
    where = placements(rs, card)
    if not where:
        return True, row_heads(rs[fewest_heads_row(rs)]), "lowest"
    row = rs[where[0][0]]
    if len(row) >= capacity:
        return True, row_heads(row), "sixth"
    return False, 0, ""


def enumerate_card_risk(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None = None,
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
    max_sets: int = 500_000,
) -> pd.DataFrame:
    """Exact risk of the actual turn by playing it for every set of opponents' cards.

    The same uniform-opponents assumption as :func:`card_risk`, without its simplification: each
    of the C(unseen, opponents) card sets is placed by :func:`turn_outcome` (engine rules, Rule 4
    by the fewest-heads row). Refused (OptionError on ``opponents``) above ``max_sets`` sets.
    Columns ``card``, ``p_take``, ``expected_heads`` (Fractions) and their ``_float`` views.
    """
    pos = _pos(hand, rows, seen, opponents, capacity, deck)
    sets = math.comb(len(pos.unseen), pos.opponents)
    if sets > max_sets:
        raise OptionError(
            "opponents", pos.opponents, f"at most {max_sets} card sets to enumerate, not {sets}"
        )
    lines = []
    for card in pos.hand:
        memo: dict[tuple[int, ...], tuple[bool, int, str]] = {}
        takes = heads = 0
        for opp in itertools.combinations(pos.unseen, pos.opponents):
            key = tuple(c for c in opp if c < card)
            out = memo.get(key)
            if out is None:
                out = memo[key] = turn_outcome(pos.rows, card, key, pos.capacity)
            takes += out[0]
            heads += out[1]
        p, e = Fraction(takes, sets), Fraction(heads, sets)
        lines.append(
            {
                "card": card,
                "p_take": p,
                "expected_heads": e,
                "p_take_float": float(p),
                "expected_heads_float": float(e),
            }
        )
    return pd.DataFrame(lines)


def simulate_card_risk(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None = None,
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
    trials: int = 100_000,
    seed: int | None = 0,
) -> pd.DataFrame:
    """Seeded Monte Carlo of the actual turn for each card in hand (no simplification).

    In every trial the ``opponents`` play a uniformly random set of distinct unseen cards (one
    draw shared by all the cards in hand); the whole turn is placed by :func:`turn_outcome`
    (engine rules, Rule 4 by the fewest-heads row). Columns ``card``, ``trials``, ``p_take``,
    ``p_take_se`` (sqrt(p(1-p)/N) from the sample), ``p_sixth``, ``p_lowest``,
    ``expected_heads``, ``expected_heads_se`` (sample SD / sqrt(N)).
    """
    pos = _pos(hand, rows, seen, opponents, capacity, deck)
    trials = check_int("trials", trials, 1)
    rng = np.random.default_rng(seed)
    unseen = np.array(pos.unseen, dtype=np.int64)
    n = pos.opponents
    draws = np.empty((trials, n), dtype=np.int64)
    chunk = 20_000
    for start in range(0, trials, chunk):
        size = min(chunk, trials - start)
        if n:
            keys = rng.random((size, len(unseen)))
            idx = (
                np.argpartition(keys, n - 1, axis=1)[:, :n]
                if n < len(unseen)
                else np.argsort(keys, axis=1)
            )
            draws[start : start + size] = unseen[idx]
    draws.sort(axis=1)
    lines = []
    for card in pos.hand:
        cut = (draws < card).sum(axis=1)
        memo: dict[tuple[int, ...], tuple[bool, int, str]] = {}
        takes = sixth = low = 0
        heads = np.zeros(trials, dtype=np.int64)
        for t in range(trials):
            key = tuple(draws[t, : cut[t]].tolist())
            out = memo.get(key)
            if out is None:
                out = memo[key] = turn_outcome(pos.rows, card, key, pos.capacity)
            if out[0]:
                takes += 1
                heads[t] = out[1]
                if out[2] == "sixth":
                    sixth += 1
                else:
                    low += 1
        p = takes / trials
        lines.append(
            {
                "card": card,
                "trials": trials,
                "p_take": p,
                "p_take_se": math.sqrt(p * (1 - p) / trials),
                "p_sixth": sixth / trials,
                "p_lowest": low / trials,
                "expected_heads": float(heads.mean()),
                "expected_heads_se": float(heads.std(ddof=1) / math.sqrt(trials))
                if trials > 1
                else 0.0,
            }
        )
    return pd.DataFrame(lines)


def compare_card_risk(
    hand: Iterable[int] | Position,
    rows: Sequence[Sequence[int]] | None = None,
    seen: Iterable[int] = (),
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
    trials: int = 100_000,
    seed: int | None = 0,
) -> pd.DataFrame:
    """The exact model beside the simulated turn (and the simple formula), card by card.

    Columns ``card``, ``p_take`` (exact, Fraction), ``p_take_exact`` (float), ``p_take_simple``
    (float: ``card_risk(..., rule4_takes=False)``), ``p_take_sim`` (the seeded simulation of
    :func:`simulate_card_risk`), ``se`` (sqrt(p(1-p)/N) from the exact p), ``difference``
    (sim - exact), ``z`` (difference / se; NaN when se is 0), ``simple_error`` (simple - exact),
    and for expected heads ``expected_heads_exact``, ``expected_heads_simple``,
    ``expected_heads_sim``, ``heads_se`` (from the sample), ``heads_difference`` (sim - exact).
    """
    pos = _pos(hand, rows, seen, opponents, capacity, deck)
    ex = card_risk(pos)
    simple = card_risk(pos, rule4_takes=False)
    sim = simulate_card_risk(pos, trials=trials, seed=seed)
    out = pd.DataFrame({"card": ex["card"], "p_take": ex["p_take"]})
    out["p_take_exact"] = ex["p_take_float"]
    out["p_take_simple"] = simple["p_take_float"]
    out["p_take_sim"] = sim["p_take"].to_numpy()
    out["se"] = [math.sqrt(p * (1 - p) / trials) for p in out["p_take_exact"]]
    out["difference"] = out["p_take_sim"] - out["p_take_exact"]
    out["z"] = [d / s if s > 0 else float("nan") for d, s in zip(out["difference"], out["se"])]
    out["simple_error"] = out["p_take_simple"] - out["p_take_exact"]
    out["expected_heads_exact"] = ex["expected_heads_float"]
    out["expected_heads_simple"] = simple["expected_heads_float"]
    out["expected_heads_sim"] = sim["expected_heads"].to_numpy()
    out["heads_se"] = sim["expected_heads_se"].to_numpy()
    out["heads_difference"] = out["expected_heads_sim"] - out["expected_heads_exact"]
    return out


def fractions_as_text(df: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``df`` with every Fraction shown as ``"a/b"`` text (for CSV files and displays)."""
    out = df.copy()
    for col in out.columns:
        if out[col].map(lambda v: isinstance(v, Fraction)).any():
            out[col] = out[col].map(lambda v: str(v) if isinstance(v, Fraction) else v)
    return out


def safest_card_from_text(
    hand: str,
    rows: str,
    seen: str = "",
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
) -> pd.DataFrame:
    """:func:`safest_card` for a position typed as text (what the notebook's widgets edit).

    ``hand`` and ``seen``: card numbers separated by spaces or commas; ``rows``: one row per line
    or rows separated by ``|``. Errors name the field at fault.
    """
    return safest_card(
        parse_cards(hand, "hand"),
        parse_rows(rows),
        parse_cards(seen, "seen"),
        opponents,
        capacity,
        deck,
    )
