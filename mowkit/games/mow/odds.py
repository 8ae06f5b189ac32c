"""Exact card math of Mow: flies per packet, flies in a dealt hand, and the odds at a herd.

Every answer is exact (``int`` or :class:`fractions.Fraction`); the DataFrame views carry the exact
value beside a float for plotting. The cards and their flies always come from the card table in
``data/`` (:func:`mowkit.mow_data.mow_cards`); what may be added to a herd always comes from the
engine's pure rule :func:`~mowkit.games.mow.herd_placements` (the function ``legal_actions``
itself uses), so the rules live in one place.

Three groups of functions:

* the packets: :func:`packet_deck`, :func:`card_table`, :func:`flies_table`,
  :func:`flies_by_packet`, :func:`deck_flies`, :func:`special_share` (74 flies per packet, 148
  for both, the specials carry 30 of every 74);
* a random hand: :func:`hand_flies_ways`, :func:`hand_flies_distribution`,
  :func:`hand_flies_moments`, :func:`hand_flies_table`, :func:`hand_specials_table`,
  :func:`p_no_flies`, :func:`p_special`, :func:`hand_summary` (a generating function over the
  fly classes: a 5-card hand of 96 cards costs a few hundred multiplications instead of
  C(96, 5) = 61 million hands), checked by the seeded :func:`simulate_hand_flies` and
  :func:`compare_hand_summary`;
* a herd: :func:`check_herd` (the herd, the acrobats on it, my hand and the other cards already
  seen; the rest of the deck is *unseen*), :func:`herd_fit_table`, :func:`herd_fit_summary`,
  :func:`herd_odds`, :func:`must_take`, :func:`must_take_table`, :func:`fits_in_hand_table`,
  checked by :func:`simulate_herd_odds` and :func:`compare_herd_odds`.

The herd model (stated once here, repeated where it is used): a farmer's ``k`` cards are a
uniformly random set of ``k`` distinct unseen cards (hypergeometric). Whether a card can be added
depends on the line alone, never on the farmer's other cards, so a farmer has no legal cow (and
must take the herd) exactly when none of the ``k`` cards fits: with ``M`` unseen cards of which
``F`` fit, P(must take) = C(M - F, k) / C(M, k). Real hands are not uniformly random once farmers
have kept cards back on purpose; the formula cannot know that.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from mowkit.card_tables import MowCard, mow_cards
from mowkit.core import OptionError, check_choice, check_int
from mowkit.games.mow import HAND_SIZE, PACKET_CHOICES, Mow, herd_placements
from mowkit.games.mow.narrate import describe

__all__ = [
    "EXAMPLE_HERDS",
    "GROUPS",
    "HerdView",
    "card_table",
    "check_herd",
    "compare_hand_summary",
    "compare_herd_odds",
    "deck_flies",
    "example_herd",
    "fits_in_hand_table",
    "flies_by_packet",
    "flies_table",
    "hand_flies_distribution",
    "hand_flies_moments",
    "hand_flies_table",
    "hand_flies_ways",
    "hand_specials_table",
    "hand_summary",
    "herd_fit_summary",
    "herd_fit_table",
    "herd_odds",
    "herd_odds_from_text",
    "must_take",
    "must_take_table",
    "p_no_flies",
    "p_special",
    "packet_deck",
    "packets_for",
    "parse_acrobats",
    "parse_card_list",
    "parse_herd",
    "simulate_hand_flies",
    "simulate_herd_odds",
    "special_share",
]

GROUPS = ("plain, 0 flies", "plain, 1 fly", "plain, 2 flies", "plain, 3 flies", "special cows")
SIM_CHUNK = 20_000


# --------------------------------------------------------------------------- the packets


def packets_for(players: int) -> str:
    """The packets the engine uses for ``players`` farmers: green for 2-5, both for 6-10."""
    players = check_int("players", players, 2, 10)
    return str(Mow(players=players).packets)


def _game(packets: str) -> Mow:
    """A game whose deck is ``packets`` (3 farmers, one herd), for the engine's card tables."""
    check_choice("packets", packets, PACKET_CHOICES)
    return Mow(players=3, packets=packets, star=False)


def packet_deck(packets: str = "green") -> tuple[int, ...]:
    """Card ids of ``packets`` (``'green'``, ``'yellow'`` or ``'both'``), as the engine deals them."""
    return _game(packets).deck


def _deck(deck: str | Iterable[int], name: str = "deck") -> tuple[int, ...]:
    """A deck: a packet choice, or distinct card ids (any sub-deck), returned sorted."""
    if isinstance(deck, str):
        if deck not in PACKET_CHOICES:
            raise OptionError(
                name, deck, "'green', 'yellow', 'both' or a collection of card ids 0..95"
            )
        return packet_deck(deck)
    try:
        cards = list(deck)
    except TypeError:
        raise OptionError(name, deck, "a packet name or a collection of card ids") from None
    n = len(mow_cards())
    for c in cards:
        if not isinstance(c, (int, np.integer)) or isinstance(c, bool) or not 0 <= c < n:
            raise OptionError(name, c, f"card ids 0..{n - 1}")
    cards = [int(c) for c in cards]
    dup = sorted({c for c in cards if cards.count(c) > 1})
    if dup:
        raise OptionError(name, dup, "each card at most once")
    return tuple(sorted(cards))


def _group(card: MowCard) -> str:
    if card.kind != "plain":
        return GROUPS[-1]
    return f"plain, {card.flies} {'fly' if card.flies == 1 else 'flies'}"


def card_table(deck: str | Iterable[int] = "green") -> pd.DataFrame:
    """One line per card of ``deck``, from the card table in ``data/``.

    Columns ``id``, ``packet``, ``code``, ``kind``, ``number``, ``flies``, ``group`` (the RULES.md
    §2 group) and ``label`` (the engine's short name).
    """
    cards = mow_cards()
    game = _game("both")
    lines = [
        {**cards[c]._asdict(), "group": _group(cards[c]), "label": game.label(c)}
        for c in _deck(deck)
    ]
    df = pd.DataFrame(lines, columns=[*cards[0]._fields, "group", "label"])
    df["number"] = pd.array(df["number"], dtype="Int64")
    return df


def _numbers_text(numbers: Sequence[int]) -> str:
    """``[2, 3, 4, 7, 9]`` -> ``"2–4, 7, 9"``."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}")
        run = [n]
    if run:
        out.append(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}")
    return ", ".join(out)


def flies_table(deck: str | Iterable[int] = "green") -> pd.DataFrame:
    """The flies of a deck by group (plain cows with 0, 1, 2, 3 flies; special cows).

    Columns ``group``, ``numbers`` (text: the numbers printed on the group's cards, special
    cows by name), ``cards`` (count), ``flies`` (total), ``share`` (Fraction of the deck's flies)
    and ``share_float``. The ``flies`` column sums to :func:`deck_flies` (74 per packet).
    """
    cards = mow_cards()
    game = _game("both")
    ids = _deck(deck)
    total = sum(cards[c].flies for c in ids)
    lines = []
    for g in GROUPS:
        members = [cards[c] for c in ids if _group(cards[c]) == g]
        if not members:
            continue
        if g == GROUPS[-1]:
            names = sorted({game.label(c.id) for c in members})
            numbers = ", ".join(names)
        else:
            numbers = _numbers_text([c.number for c in members if c.number is not None])
        flies = sum(c.flies for c in members)
        share = Fraction(flies, total) if total else Fraction(0)
        lines.append(
            {
                "group": g,
                "numbers": numbers,
                "cards": len(members),
                "flies": flies,
                "share": share,
                "share_float": float(share),
            }
        )
    return pd.DataFrame(lines, columns=["group", "numbers", "cards", "flies", "share", "share_float"])


def flies_by_packet() -> pd.DataFrame:
    """Cards and flies of each group in the green packet, the yellow packet and both together.

    Columns ``group``, then ``<packet>_cards`` and ``<packet>_flies`` for green, yellow, both;
    a last line ``total``.
    """
    out = pd.DataFrame({"group": list(GROUPS)})
    for p in PACKET_CHOICES:
        t = flies_table(p).set_index("group")
        out[f"{p}_cards"] = [int(t["cards"].get(g, 0)) for g in GROUPS]
        out[f"{p}_flies"] = [int(t["flies"].get(g, 0)) for g in GROUPS]
    total = {"group": "total", **{c: int(out[c].sum()) for c in out.columns[1:]}}
    return pd.concat([out, pd.DataFrame([total])], ignore_index=True)


def deck_flies(deck: str | Iterable[int] = "green") -> int:
    """Total flies of a deck, summed from the card table (74 per packet, 148 for both)."""
    cards = mow_cards()
    return sum(cards[c].flies for c in _deck(deck))


def special_share(deck: str | Iterable[int] = "green") -> Fraction:
    """The exact share of the deck's flies carried by special cows (30/74 = 15/37 per packet)."""
    cards = mow_cards()
    ids = _deck(deck)
    total = sum(cards[c].flies for c in ids)
    if not total:
        raise OptionError("deck", deck, "a deck with at least one fly")
    return Fraction(sum(cards[c].flies for c in ids if cards[c].kind != "plain"), total)


# --------------------------------------------------------------------------- a random hand


def _hand_k(k: int, n: int) -> int:
    return check_int("k", k, 0, n)


def hand_flies_ways(k: int = HAND_SIZE, deck: str | Iterable[int] = "green") -> dict[int, int]:
    """Number of k-card hands of ``deck`` with each flies total: ``{flies: ways}`` (exact ints).

    The generating function prod over fly classes f of sum_j C(m_f, j) y^j x^(f*j) (m_f cards
    with f flies), read at y^k; the ways sum to C(len(deck), k).
    """
    cards = mow_cards()
    ids = _deck(deck)
    k = _hand_k(k, len(ids))
    classes: dict[int, int] = {}
    for c in ids:
        classes[cards[c].flies] = classes.get(cards[c].flies, 0) + 1
    # poly[j] maps flies -> ways to choose j cards from the classes seen so far
    poly: list[dict[int, int]] = [{} for _ in range(k + 1)]
    poly[0][0] = 1
    for f, m in sorted(classes.items()):
        new: list[dict[int, int]] = [{} for _ in range(k + 1)]
        for j, terms in enumerate(poly):
            for s, ways in terms.items():
                for t in range(min(m, k - j) + 1):
                    key = s + f * t
                    new[j + t][key] = new[j + t].get(key, 0) + ways * math.comb(m, t)
        poly = new
    return dict(sorted(poly[k].items()))


def hand_flies_distribution(
    k: int = HAND_SIZE, deck: str | Iterable[int] = "green"
) -> dict[int, Fraction]:
    """Exact distribution of the flies in a random k-card hand: ``{flies: probability}``."""
    ways = hand_flies_ways(k, deck)
    total = sum(ways.values())
    return {f: Fraction(w, total) for f, w in ways.items()}


def hand_flies_moments(
    k: int = HAND_SIZE, deck: str | Iterable[int] = "green"
) -> tuple[Fraction, Fraction]:
    """Exact mean and variance of the flies in a random k-card hand, from the distribution."""
    dist = hand_flies_distribution(k, deck)
    mean = sum((f * p for f, p in dist.items()), Fraction(0))
    var = sum(((f - mean) ** 2 * p for f, p in dist.items()), Fraction(0))
    return mean, var


def hand_flies_table(k: int = HAND_SIZE, deck: str | Iterable[int] = "green") -> pd.DataFrame:
    """The flies distribution of a random k-card hand as a table.

    Columns ``flies``, ``ways`` (exact number of hands), ``exact`` (Fraction), ``probability``
    (float, for plotting), ``cumulative`` (float, P(flies <= value)).
    """
    ways = hand_flies_ways(k, deck)
    total = sum(ways.values())
    df = pd.DataFrame(
        {
            "flies": list(ways),
            "ways": list(ways.values()),
            "exact": [Fraction(w, total) for w in ways.values()],
        }
    )
    df["probability"] = [w / total for w in df["ways"]]
    df["cumulative"] = np.cumsum(df["ways"].to_numpy(dtype=object)).astype(float) / total
    return df


def _specials(ids: Sequence[int]) -> int:
    cards = mow_cards()
    return sum(1 for c in ids if cards[c].kind != "plain")


def hand_specials_table(k: int = HAND_SIZE, deck: str | Iterable[int] = "green") -> pd.DataFrame:
    """How many special cows a random k-card hand holds (hypergeometric), as a table.

    Columns ``specials``, ``ways`` = C(s, j) C(N - s, k - j), ``exact``, ``probability``.
    """
    ids = _deck(deck)
    k = _hand_k(k, len(ids))
    s, n = _specials(ids), len(ids)
    js = range(max(0, k - (n - s)), min(s, k) + 1)
    ways = [math.comb(s, j) * math.comb(n - s, k - j) for j in js]
    total = math.comb(n, k)
    df = pd.DataFrame({"specials": list(js), "ways": ways})
    df["exact"] = [Fraction(w, total) for w in ways]
    df["probability"] = [w / total for w in ways]
    return df


def p_no_flies(k: int = HAND_SIZE, deck: str | Iterable[int] = "green") -> Fraction:
    """Exact chance that a random k-card hand holds no flies at all (only plain cows without flies)."""
    return hand_flies_distribution(k, deck).get(0, Fraction(0))


def p_special(k: int = HAND_SIZE, deck: str | Iterable[int] = "green") -> Fraction:
    """Exact chance that a random k-card hand holds at least one special cow: 1 - C(N-s,k)/C(N,k)."""
    ids = _deck(deck)
    k = _hand_k(k, len(ids))
    n, s = len(ids), _specials(ids)
    return 1 - Fraction(math.comb(n - s, k), math.comb(n, k))


_SUMMARY = ("mean flies", "variance of flies", "P(no flies)", "P(at least one special)")


def hand_summary(k: int = HAND_SIZE, deck: str | Iterable[int] = "green") -> pd.DataFrame:
    """The four headline numbers of a random k-card hand, exact.

    Lines: mean and variance of its flies, P(no flies), P(at least one special cow); columns
    ``quantity``, ``exact`` (Fraction), ``float``.
    """
    mean, var = hand_flies_moments(k, deck)
    values = [mean, var, p_no_flies(k, deck), p_special(k, deck)]
    return pd.DataFrame(
        {"quantity": list(_SUMMARY), "exact": values, "float": [float(v) for v in values]}
    )


def _deal(
    k: int, ids: Sequence[int], trials: int, seed: int | None
) -> tuple[np.ndarray, np.ndarray]:
    """Seeded random k-card hands of ``ids``: (flies of each hand, specials in each hand)."""
    cards = mow_cards()
    flies = np.array([cards[c].flies for c in ids], dtype=np.int64)
    special = np.array([cards[c].kind != "plain" for c in ids], dtype=np.int64)
    rng = np.random.default_rng(seed)
    sums = np.empty(trials, dtype=np.int64)
    specials = np.empty(trials, dtype=np.int64)
    for start in range(0, trials, SIM_CHUNK):
        size = min(SIM_CHUNK, trials - start)
        keys = rng.random((size, len(ids)))
        if 0 < k < len(ids):
            idx = np.argpartition(keys, k - 1, axis=1)[:, :k]
        else:
            idx = np.argsort(keys, axis=1)[:, :k]
        sums[start : start + size] = flies[idx].sum(axis=1)
        specials[start : start + size] = special[idx].sum(axis=1)
    return sums, specials


def simulate_hand_flies(
    k: int = HAND_SIZE,
    deck: str | Iterable[int] = "green",
    trials: int = 100_000,
    seed: int | None = 0,
) -> pd.DataFrame:
    """Deal ``trials`` random k-card hands (seeded) and count their flies.

    Columns ``flies``, ``count``, ``frequency``; every flies value of the exact table appears
    (count 0 if never dealt), so the result lines up with :func:`hand_flies_table`.
    """
    ids = _deck(deck)
    k = _hand_k(k, len(ids))
    trials = check_int("trials", trials, 1)
    sums, _ = _deal(k, ids, trials, seed)
    counts = pd.Series(sums).value_counts()
    flies = sorted(set(hand_flies_ways(k, ids)) | set(counts.index.tolist()))
    df = pd.DataFrame({"flies": flies, "count": [int(counts.get(f, 0)) for f in flies]})
    df["frequency"] = df["count"] / trials
    return df


def compare_hand_summary(
    k: int = HAND_SIZE,
    deck: str | Iterable[int] = "green",
    trials: int = 100_000,
    seed: int | None = 0,
) -> pd.DataFrame:
    """:func:`hand_summary` beside a seeded simulation of ``trials`` hands.

    Columns ``quantity``, ``exact`` (Fraction), ``exact_float``, ``simulated``, ``se`` (standard
    error of the simulated value: sqrt(p(1-p)/N) from the exact p for the chances, sample SD /
    sqrt(N) for the mean, sqrt((m4 - s^4)/N) for the variance), ``z`` = (simulated - exact)/se
    (NaN when se is 0).
    """
    ids = _deck(deck)
    k = _hand_k(k, len(ids))
    trials = check_int("trials", trials, 2)
    exact = hand_summary(k, ids)
    sums, specials = _deal(k, ids, trials, seed)
    mean, var = float(sums.mean()), float(sums.var(ddof=1))
    m4 = float(np.mean((sums - sums.mean()) ** 4))
    p0, ps = float(exact["float"].iloc[2]), float(exact["float"].iloc[3])
    sim = [mean, var, float(np.mean(sums == 0)), float(np.mean(specials > 0))]
    se = [
        float(sums.std(ddof=1)) / math.sqrt(trials),
        math.sqrt(max(m4 - float(sums.var()) ** 2, 0.0) / trials),
        math.sqrt(p0 * (1 - p0) / trials),
        math.sqrt(ps * (1 - ps) / trials),
    ]
    out = exact.rename(columns={"float": "exact_float"})
    out["simulated"] = sim
    out["se"] = se
    out["z"] = [
        (s - e) / d if d > 0 else float("nan") for s, e, d in zip(sim, out["exact_float"], se)
    ]
    return out


# --------------------------------------------------------------------------- a herd


class HerdView:
    """A herd seen from one seat: the line, the acrobats on it, my hand, the unseen cards.

    Built by :func:`check_herd` (validated by the engine). ``line`` is the engine's herd line of
    (value, card) pairs, lowest first; ``unseen`` is the deck minus the line, the acrobats, my hand
    and every other card already seen; ``game`` is a :class:`~mowkit.games.mow.Mow` with the deck.
    """

    __slots__ = ("acrobats", "game", "hand", "line", "packets", "seen", "unseen")

    def __init__(
        self,
        game: Mow,
        line: tuple[tuple[int, int], ...],
        acrobats: tuple[tuple[int, int], ...],
        hand: tuple[int, ...],
        seen: tuple[int, ...],
        unseen: tuple[int, ...],
    ) -> None:
        self.game = game
        self.packets = str(game.packets)
        self.line = line
        self.acrobats = acrobats
        self.hand = hand
        self.seen = seen
        self.unseen = unseen

    def fits(self, card: int) -> bool:
        """Whether ``card`` can be added to the line now (the engine's :func:`herd_placements`)."""
        return bool(herd_placements(self.game, self.line, card))

    def line_text(self) -> str:
        """The line as text (codes, ``CODE=value`` for a slowpoke or calf), lowest first."""
        g = self.game
        return " ".join(
            g.cards[c].code + (f"={v}" if g.numbers[c] is None and g.kinds[c] != "mad" else "")
            for v, c in self.line
        )

    def as_text(self) -> dict[str, str]:
        """The view as the text fields of :func:`herd_odds_from_text`."""
        code = self.game.cards
        return {
            "herd": self.line_text(),
            "acrobats": " ".join(f"{code[a].code}@{code[t].code}" for a, t in self.acrobats),
            "hand": " ".join(code[c].code for c in self.hand),
            "seen": " ".join(code[c].code for c in self.seen),
            "packets": self.packets,
        }

    def __repr__(self) -> str:
        return (
            f"HerdView(herd=[{self.line_text()}], acrobats={len(self.acrobats)}, "
            f"hand={len(self.hand)} cards, seen={len(self.seen)} cards, "
            f"unseen={len(self.unseen)} cards, packets={self.packets!r})"
        )


def _ids(game: Mow, cards: Iterable[Any], name: str) -> list[int]:
    """Card ids (from ids or codes) of the deck in use, each once, or an OptionError on ``name``."""
    if isinstance(cards, (str, bytes)):
        raise OptionError(name, cards, "a list of card codes or ids (use parse_card_list for text)")
    out = []
    deck = set(game.deck)
    for c in cards:
        try:
            cid = game.card_id(c)
        except (ValueError, TypeError):
            raise OptionError(name, c, "card codes such as 'G-7-2' or card ids 0..95") from None
        if cid not in deck:
            raise OptionError(name, c, f"cards of the {game.packets} deck")
        out.append(cid)
    dup = sorted({game.cards[c].code for c in out if out.count(c) > 1})
    if dup:
        raise OptionError(name, dup, "each card at most once")
    return out


def check_herd(
    herd: Sequence[Any],
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
) -> HerdView:
    """Validate a herd seen from one seat and work out the unseen cards; errors name the argument.

    ``herd``: the cards of the line in any order, by code or id, a slowpoke or calf as a
    ``(card, value)`` pair (the value it stands for), as :meth:`~mowkit.games.mow.Mow.position`
    takes them; ``acrobats``: (acrobat, target) pairs; ``hand``: my cards; ``seen``: other
    cards known not to be in anybody's hand or the pile (cowsheds, ...). The engine checks that
    the line is possible (values strictly increasing, acrobats on a plain cow of their number).
    """
    game = _game(packets)
    if isinstance(herd, (str, bytes)):
        raise OptionError("herd", herd, "a list of cards (use parse_herd for text)")
    items: list[Any] = []
    for item in herd:
        if isinstance(item, (tuple, list)):
            if len(item) != 2:
                raise OptionError("herd", item, "a card, or a (card, value) pair")
            card = _ids(game, [item[0]], "herd")[0]
            value = item[1]
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
                raise OptionError("herd", item, "a (card, whole number value) pair")
            items.append((card, int(value)))
        else:
            items.append(_ids(game, [item], "herd")[0])
    if not items:
        raise OptionError("herd", list(herd), "at least one cow (an empty herd is started, not taken)")
    line_cards = [i[0] if isinstance(i, tuple) else i for i in items]
    if isinstance(acrobats, (str, bytes)):
        raise OptionError("acrobats", acrobats, "(acrobat, target) pairs (use parse_acrobats)")
    pairs = []
    for pair in acrobats:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise OptionError("acrobats", pair, "(acrobat, target) pairs")
        pairs.append(tuple(_ids(game, pair, "acrobats")))
    hand_ids = _ids(game, hand, "hand")
    seen_ids = _ids(game, seen, "seen")
    used: set[int] = set()
    for name, cs in (
        ("herd", line_cards),
        ("acrobats", [a for a, _ in pairs]),
        ("hand", hand_ids),
        ("seen", seen_ids),
    ):
        twice = sorted(game.cards[c].code for c in set(cs) & used)
        if twice:
            raise OptionError(name, twice, "cards not already in the herd, the acrobats or the hand")
        if name == "herd" and len(set(cs)) != len(cs):
            raise OptionError(name, cs, "each card at most once")
        used.update(cs)
    try:
        state = game.position(
            [hand_ids, [], []], [items], acrobats=pairs, piles=[[], seen_ids, []], stock=[], reachable=False
        )
    except ValueError as e:
        name = "acrobats" if pairs and "acrobat" in str(e) else "herd"
        shown = [(game.cards[a].code, game.cards[t].code) for a, t in pairs]
        raise OptionError(name, list(herd) if name == "herd" else shown, f"a possible herd ({e})") from None
    line = tuple(state.herds[0])
    unseen = tuple(c for c in game.deck if c not in used)
    return HerdView(
        game,
        line,
        tuple((int(a), int(t)) for a, t in state.acrobats[0]),
        tuple(sorted(hand_ids)),
        tuple(sorted(seen_ids)),
        unseen,
    )


def _view(
    herd: Sequence[Any] | HerdView,
    acrobats: Iterable[tuple[Any, Any]],
    hand: Iterable[Any],
    seen: Iterable[Any],
    packets: str,
) -> HerdView:
    if isinstance(herd, HerdView):
        return herd
    return check_herd(herd, acrobats, hand, seen, packets)


def herd_fit_table(
    herd: Sequence[Any] | HerdView,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
    which: str = "unseen",
) -> pd.DataFrame:
    """One line per unseen card (``which='unseen'``) or per card of my hand (``'hand'``).

    Columns ``card`` (id), ``code``, ``label``, ``kind``, ``flies``, ``fits`` (it can be added
    now), ``ways`` (number of placements) and ``how`` (the placements in words), all from the
    engine's :func:`~mowkit.games.mow.herd_placements`.
    """
    view = _view(herd, acrobats, hand, seen, packets)
    check_choice("which", which, ("unseen", "hand"))
    g = view.game
    lines = []
    for c in view.unseen if which == "unseen" else view.hand:
        acts = herd_placements(g, view.line, c)
        lines.append(
            {
                "card": c,
                "code": g.cards[c].code,
                "label": g.label(c),
                "kind": g.kinds[c],
                "flies": g.flies[c],
                "fits": bool(acts),
                "ways": len(acts),
                "how": "; ".join(describe(g, a) for a in acts),
            }
        )
    cols = ["card", "code", "label", "kind", "flies", "fits", "ways", "how"]
    return pd.DataFrame(lines, columns=cols)


def herd_fit_summary(
    herd: Sequence[Any] | HerdView,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
) -> pd.DataFrame:
    """The unseen cards by kind: how many there are and how many of them fit the herd now.

    Columns ``kind``, ``unseen``, ``fitting``, ``share`` (Fraction of that kind that fits); a last
    line ``all``.
    """
    view = _view(herd, acrobats, hand, seen, packets)
    table = herd_fit_table(view)
    lines = []
    for kind, part in table.groupby("kind", sort=False):
        lines.append({"kind": kind, "unseen": len(part), "fitting": int(part["fits"].sum())})
    lines.append({"kind": "all", "unseen": len(table), "fitting": int(table["fits"].sum())})
    df = pd.DataFrame(lines, columns=["kind", "unseen", "fitting"])
    df["share"] = [Fraction(f, u) if u else Fraction(0) for f, u in zip(df["fitting"], df["unseen"])]
    return df


def _counts(view: HerdView) -> tuple[int, int]:
    """(unseen cards M, unseen cards that fit F)."""
    return len(view.unseen), sum(1 for c in view.unseen if view.fits(c))


def must_take(
    herd: Sequence[Any] | HerdView,
    k: int = HAND_SIZE,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
) -> Fraction:
    """Exact chance that a farmer holding ``k`` random unseen cards has no legal cow (must take).

    Model: the k cards are a uniformly random set of distinct unseen cards; whether a card fits
    depends on the line alone, so the answer is C(M - F, k) / C(M, k) (M unseen, F fitting).
    """
    view = _view(herd, acrobats, hand, seen, packets)
    m, f = _counts(view)
    k = check_int("k", k, 0, m)
    return Fraction(math.comb(m - f, k), math.comb(m, k))


def herd_odds(
    herd: Sequence[Any] | HerdView,
    k: int = HAND_SIZE,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
) -> dict[str, Any]:
    """The odds at a herd: how many unseen cards still fit, and the chance of a forced take.

    Keys ``unseen`` (M), ``fitting`` (F: unseen cards that can still be added), ``p_fit`` = F/M
    (a random unseen card fits), ``k`` and ``p_must_take`` (a farmer holding k random unseen cards
    has no legal cow; see :func:`must_take` for the model); the Fractions have ``_float`` views.
    """
    view = _view(herd, acrobats, hand, seen, packets)
    m, f = _counts(view)
    if not m:
        raise OptionError("seen", list(view.seen), "fewer cards, so that some cards are unseen")
    p_fit = Fraction(f, m)
    p_take = must_take(view, k)
    return {
        "unseen": m,
        "fitting": f,
        "p_fit": p_fit,
        "p_fit_float": float(p_fit),
        "k": k,
        "p_must_take": p_take,
        "p_must_take_float": float(p_take),
    }


def must_take_table(
    herd: Sequence[Any] | HerdView,
    ks: Iterable[int] = range(1, 11),
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
) -> pd.DataFrame:
    """:func:`must_take` for each hand size in ``ks`` (those up to the unseen count).

    Columns ``k``, ``ways`` = C(M - F, k) (hands with no fitting card), ``hands`` = C(M, k),
    ``exact`` (Fraction), ``probability`` (float).
    """
    view = _view(herd, acrobats, hand, seen, packets)
    m, f = _counts(view)
    lines = []
    for k in ks:
        k = check_int("ks", k, 0, m)
        p = Fraction(math.comb(m - f, k), math.comb(m, k))
        lines.append(
            {"k": k, "ways": math.comb(m - f, k), "hands": math.comb(m, k), "exact": p,
             "probability": float(p)}
        )
    return pd.DataFrame(lines, columns=["k", "ways", "hands", "exact", "probability"])


def fits_in_hand_table(
    herd: Sequence[Any] | HerdView,
    k: int = HAND_SIZE,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
) -> pd.DataFrame:
    """How many of a farmer's ``k`` random unseen cards fit the herd (hypergeometric).

    Columns ``fitting`` (j), ``ways`` = C(F, j) C(M - F, k - j), ``exact``, ``probability``; the
    line j = 0 is :func:`must_take`.
    """
    view = _view(herd, acrobats, hand, seen, packets)
    m, f = _counts(view)
    k = check_int("k", k, 0, m)
    js = range(max(0, k - (m - f)), min(f, k) + 1)
    ways = [math.comb(f, j) * math.comb(m - f, k - j) for j in js]
    total = math.comb(m, k)
    df = pd.DataFrame({"fitting": list(js), "ways": ways})
    df["exact"] = [Fraction(w, total) for w in ways]
    df["probability"] = [w / total for w in ways]
    return df


def simulate_herd_odds(
    herd: Sequence[Any] | HerdView,
    k: int = HAND_SIZE,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
    trials: int = 100_000,
    seed: int | None = 0,
) -> dict[str, Any]:
    """Seeded Monte Carlo of :func:`herd_odds`: random unseen cards and random k-card hands.

    ``trials`` random unseen cards (does it fit?) and ``trials`` random k-card hands of unseen
    cards (does none fit?). Whether a card fits is asked of the engine once per card. Returns ``trials``, ``p_fit``,
    ``p_must_take`` (frequencies) and their standard errors ``p_fit_se``, ``p_must_take_se``
    (sqrt(p(1-p)/N) from the sample).
    """
    view = _view(herd, acrobats, hand, seen, packets)
    m = len(view.unseen)
    if not m:
        raise OptionError("seen", list(view.seen), "fewer cards, so that some cards are unseen")
    k = check_int("k", k, 0, m)
    trials = check_int("trials", trials, 1)
    fit = np.array([view.fits(c) for c in view.unseen], dtype=bool)
    rng = np.random.default_rng(seed)
    one = fit[rng.integers(0, m, size=trials)]
    stuck = np.empty(trials, dtype=bool)
    for start in range(0, trials, SIM_CHUNK):
        size = min(SIM_CHUNK, trials - start)
        keys = rng.random((size, m))
        if 0 < k < m:
            idx = np.argpartition(keys, k - 1, axis=1)[:, :k]
        else:
            idx = np.argsort(keys, axis=1)[:, :k]
        stuck[start : start + size] = ~fit[idx].any(axis=1)
    p1, p2 = float(one.mean()), float(stuck.mean())
    return {
        "trials": trials,
        "p_fit": p1,
        "p_fit_se": math.sqrt(p1 * (1 - p1) / trials),
        "k": k,
        "p_must_take": p2,
        "p_must_take_se": math.sqrt(p2 * (1 - p2) / trials),
    }


def compare_herd_odds(
    herd: Sequence[Any] | HerdView,
    k: int = HAND_SIZE,
    acrobats: Iterable[tuple[Any, Any]] = (),
    hand: Iterable[Any] = (),
    seen: Iterable[Any] = (),
    packets: str = "green",
    trials: int = 100_000,
    seed: int | None = 0,
) -> pd.DataFrame:
    """:func:`herd_odds` beside the seeded simulation :func:`simulate_herd_odds`.

    One line each for ``P(a random unseen card fits)`` and ``P(must take with k cards)``; columns
    ``quantity``, ``exact`` (Fraction), ``exact_float``, ``simulated``, ``se`` (sqrt(p(1-p)/N)
    from the exact p), ``z`` = (simulated - exact)/se (NaN when se is 0).
    """
    view = _view(herd, acrobats, hand, seen, packets)
    ex = herd_odds(view, k)
    sim = simulate_herd_odds(view, k, trials=trials, seed=seed)
    out = pd.DataFrame(
        {
            "quantity": ["P(a random unseen card fits)", f"P(must take with {k} cards)"],
            "exact": [ex["p_fit"], ex["p_must_take"]],
            "exact_float": [ex["p_fit_float"], ex["p_must_take_float"]],
            "simulated": [sim["p_fit"], sim["p_must_take"]],
        }
    )
    out["se"] = [math.sqrt(p * (1 - p) / trials) for p in out["exact_float"]]
    out["z"] = [
        (s - e) / d if d > 0 else float("nan")
        for s, e, d in zip(out["simulated"], out["exact_float"], out["se"])
    ]
    return out


# --------------------------------------------------------------------------- text and examples

_TOKEN = re.compile(r"[\s,]+")


def _token_card(token: str, name: str) -> int | str:
    if token.isdigit():
        return int(token)
    if not token:
        raise OptionError(name, token, "card codes such as 'G-7-2' or card ids")
    return token.upper()


def parse_card_list(text: str, name: str = "cards") -> list[int | str]:
    """Cards from text such as ``"G-7-2 G-SLOW-1, 14"`` (codes or ids, spaces or commas)."""
    return [_token_card(t, name) for t in _TOKEN.split(text.strip()) if t]


def parse_herd(text: str, name: str = "herd") -> list[Any]:
    """A herd from text: codes or ids, a slowpoke or calf as ``CODE=value`` (``Y-CALF=0``)."""
    out: list[Any] = []
    for t in _TOKEN.split(text.strip()):
        if not t:
            continue
        if "=" in t:
            card, _, value = t.partition("=")
            if not value.lstrip("-").isdigit():
                raise OptionError(name, t, "CODE=value with a whole number value, e.g. G-SLOW-1=6")
            out.append((_token_card(card, name), int(value)))
        else:
            out.append(_token_card(t, name))
    return out


def parse_acrobats(text: str, name: str = "acrobats") -> list[tuple[Any, Any]]:
    """Acrobats from text: ``ACROBAT@TARGET`` pairs, e.g. ``"G-ACRO-7@G-7-0"``."""
    out = []
    for t in _TOKEN.split(text.strip()):
        if not t:
            continue
        a, at, target = t.partition("@")
        if not at or not a or not target:
            raise OptionError(name, t, "ACROBAT@TARGET pairs, e.g. G-ACRO-7@G-7-0")
        out.append((_token_card(a, name), _token_card(target, name)))
    return out


def herd_odds_from_text(
    herd: str,
    hand: str = "",
    seen: str = "",
    acrobats: str = "",
    packets: str = "green",
    k: int = HAND_SIZE,
) -> dict[str, Any]:
    """:func:`herd_odds` for a herd typed as text (what the notebook's widgets edit).

    Text as :func:`parse_herd`, :func:`parse_acrobats`, :func:`parse_card_list` read it. Adds the
    view under ``view``, the fit table of the unseen cards under ``table`` and that of my hand
    under ``hand_table``. Errors name the field at fault.
    """
    view = check_herd(
        parse_herd(herd),
        parse_acrobats(acrobats),
        parse_card_list(hand, "hand"),
        parse_card_list(seen, "seen"),
        packets,
    )
    out = herd_odds(view, k)
    out["view"] = view
    out["table"] = herd_fit_table(view)
    out["hand_table"] = herd_fit_table(view, which="hand")
    return out


EXAMPLE_HERDS: dict[str, dict[str, Any]] = {
    "open": {
        "herd": ["G-5-0", "G-7-1", "G-9-0", "G-10-2"],
        "packets": "green",
        "note": "an open herd 5..10 with a plain 7 and 9 and a gap at 6 and 8",
    },
    "blocked": {
        "herd": ["G-BLOCK-0", "G-4-1", "G-6-0", "G-BLOCK-16"],
        "packets": "green",
        "note": "both ends closed by blocking cows",
    },
    "calf": {
        "herd": [("Y-CALF", 0), "Y-1-0", "G-3-1", "Y-5-0"],
        "packets": "both",
        "note": "a calf worth 0 below a plain 1: the low end is closed",
    },
    "mad": {
        "herd": ["G-6-0", "Y-MAD", "G-11-0"],
        "packets": "both",
        "note": "a mad cow in the herd: only cows with flies may be added",
    },
}


def example_herd(name: str = "open", hand: Iterable[Any] = (), seen: Iterable[Any] = ()) -> HerdView:
    """One of the :data:`EXAMPLE_HERDS` (``open``, ``blocked``, ``calf``, ``mad``) as a view."""
    check_choice("name", name, EXAMPLE_HERDS)
    ex = EXAMPLE_HERDS[name]
    return check_herd(ex["herd"], ex.get("acrobats", ()), hand, seen, ex["packets"])
