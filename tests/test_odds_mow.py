"""mowkit.games.mow.odds: every exact answer against an independent computation.

Independent means: the card flies read here straight from the CSV with the csv module, brute-force
enumeration of every 5-card hand of a packet (numpy), counts worked out by hand from RULES.md §2,
the engine's own ``legal_actions`` on positions built with ``Mow.position`` (over every hand of a
small unseen set), and seeded numpy simulations (>= 100,000 draws) that must land within four
standard errors.
"""

from __future__ import annotations

import csv
import itertools
import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from mowkit.core import OptionError
from mowkit.data import cards_dir, data_dir
from mowkit.games.mow import Mow, TakeHerd
from mowkit.games.mow import odds as odds

# --------------------------------------------------------------------------- independent data


def _cards_from_csv() -> list[dict[str, str]]:
    with (cards_dir() / "mow_cards.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


ROWS = _cards_from_csv()
FLIES = [int(r["flies"]) for r in ROWS]
SPECIAL = [r["kind"] != "plain" for r in ROWS]
GREEN = [i for i, r in enumerate(ROWS) if r["packet"] == "green"]
YELLOW = [i for i, r in enumerate(ROWS) if r["packet"] == "yellow"]
BOTH = GREEN + YELLOW
CODE = {r["code"]: i for i, r in enumerate(ROWS)}


def _within_4se(exact: float, hits: int, n: int) -> None:
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(hits / n - exact) <= 4 * se + 1e-12, (hits / n, exact, se)


def _combos(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of an array (itertools order)."""
    c = math.comb(n, k)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), k))
    return np.fromiter(flat, dtype=np.int16, count=c * k).reshape(c, k)


def _brute(deck: list[int], k: int) -> tuple[dict[int, int], np.ndarray, np.ndarray]:
    """Every k-card hand of ``deck``: ({flies: ways}, flies per hand, specials per hand)."""
    fl = np.array([FLIES[c] for c in deck], dtype=np.int64)
    sp = np.array([SPECIAL[c] for c in deck], dtype=np.int64)
    idx = _combos(len(deck), k)
    sums = fl[idx].sum(axis=1) if k else np.zeros(1, dtype=np.int64)
    specials = sp[idx].sum(axis=1) if k else np.zeros(1, dtype=np.int64)
    values, counts = np.unique(sums, return_counts=True)
    return dict(zip(values.tolist(), counts.tolist())), sums, specials


# --------------------------------------------------------------------------- the packets


def test_74_flies_per_packet_and_148_for_both():
    assert sum(FLIES[c] for c in GREEN) == sum(FLIES[c] for c in YELLOW) == 74
    assert odds.deck_flies("green") == odds.deck_flies("yellow") == 74
    assert odds.deck_flies("both") == 148 == odds.deck_flies(BOTH)
    assert odds.packet_deck("green") == tuple(GREEN)
    assert odds.packet_deck("both") == tuple(BOTH)
    # the share of flies carried by specials: 6 specials x 5 flies of every 74
    specials = sum(FLIES[c] for c in GREEN if SPECIAL[c])
    assert odds.special_share() == Fraction(specials, 74) == Fraction(30, 74)
    assert odds.special_share("both") == Fraction(15, 37)


def test_flies_table_groups_are_the_rules_table():
    t = odds.flies_table("green").set_index("group")
    # RULES.md §2: (count, flies) per group
    expected = {
        "plain, 0 flies": (15, 0),
        "plain, 1 fly": (13, 13),
        "plain, 2 flies": (11, 22),
        "plain, 3 flies": (3, 9),
        "special cows": (6, 30),
    }
    assert {g: (int(t.loc[g, "cards"]), int(t.loc[g, "flies"])) for g in t.index} == expected
    assert t.loc["plain, 0 flies", "numbers"] == "1–15"
    assert t.loc["plain, 1 fly", "numbers"] == "2–14"
    assert t.loc["plain, 2 flies", "numbers"] == "3–13"
    assert t.loc["plain, 3 flies", "numbers"] == "7–9"
    assert t["share"].sum() == 1
    wide = odds.flies_by_packet().set_index("group")
    assert wide.loc["total", "green_flies"] == 74 and wide.loc["total", "both_flies"] == 148
    assert wide.loc["total", "both_cards"] == 96
    assert (wide["green_flies"] + wide["yellow_flies"] == wide["both_flies"]).all()
    cards = odds.card_table("both")
    assert list(cards["flies"]) == FLIES and list(cards["code"]) == [r["code"] for r in ROWS]


# --------------------------------------------------------------------------- hands


@pytest.mark.slow
def test_every_five_card_hand_of_one_packet():
    for deck, name in ((GREEN, "green"), (YELLOW, "yellow")):
        ways, sums, specials = _brute(deck, 5)
        assert len(sums) == math.comb(48, 5) == 1_712_304
        assert odds.hand_flies_ways(5, name) == ways
        n = len(sums)
        assert odds.p_no_flies(5, name) == Fraction(int((sums == 0).sum()), n)
        assert odds.p_special(5, name) == Fraction(int((specials > 0).sum()), n)
        mean, var = odds.hand_flies_moments(5, name)
        s1, s2 = int(sums.sum()), int((sums * sums).sum())
        assert mean == Fraction(s1, n)
        assert var == Fraction(s2, n) - Fraction(s1, n) ** 2
        sp = odds.hand_specials_table(5, name)
        counts = np.bincount(specials)
        assert list(sp["ways"]) == counts[counts > 0].tolist()
    # by hand: no flies = 5 of the 15 plain cows without flies
    assert odds.p_no_flies(5, "green") == Fraction(math.comb(15, 5), math.comb(48, 5))


@pytest.mark.slow
def test_both_packets_by_splitting_the_hand_between_packets():
    # a hand of both packets holds i green and 5 - i yellow cards (Vandermonde), each brute-forced
    green = [_brute(GREEN, i)[0] for i in range(6)]
    yellow = [_brute(YELLOW, i)[0] for i in range(6)]
    both: dict[int, int] = {}
    for i in range(6):
        for a, wa in green[i].items():
            for b, wb in yellow[5 - i].items():
                both[a + b] = both.get(a + b, 0) + wa * wb
    assert odds.hand_flies_ways(5, "both") == dict(sorted(both.items()))
    assert sum(both.values()) == math.comb(96, 5)
    assert odds.p_no_flies(5, "both") == Fraction(math.comb(30, 5), math.comb(96, 5))
    assert odds.p_special(5, "both") == 1 - Fraction(math.comb(84, 5), math.comb(96, 5))


@pytest.mark.slow
@pytest.mark.parametrize("k", [0, 1, 3, 6, 8])
def test_sub_deck_hands_with_itertools(k):
    deck = list(range(36, 62))  # the last plain cows and specials of green, first of yellow
    hands = list(itertools.combinations(deck, k))
    ways: dict[int, int] = {}
    for h in hands:
        f = sum(FLIES[c] for c in h)
        ways[f] = ways.get(f, 0) + 1
    assert odds.hand_flies_ways(k, deck) == dict(sorted(ways.items()))
    t = odds.hand_flies_table(k, deck)
    assert t["exact"].sum() == 1 and t["cumulative"].iloc[-1] == pytest.approx(1.0)
    spec = sum(1 for h in hands if any(SPECIAL[c] for c in h))
    assert odds.p_special(k, deck) == Fraction(spec, len(hands))


def test_moments_match_sampling_without_replacement():
    for deck, k in ((GREEN, 5), (BOTH, 5), (BOTH, 10), (GREEN, 1)):
        n = len(deck)
        mu = Fraction(sum(FLIES[c] for c in deck), n)
        sigma2 = Fraction(sum(FLIES[c] ** 2 for c in deck), n) - mu**2
        mean, var = odds.hand_flies_moments(k, "both" if deck == BOTH else "green")
        assert mean == k * mu
        assert var == k * sigma2 * Fraction(n - k, n - 1)


def _numpy_hands(deck, k, n, seed):
    rng = np.random.default_rng(seed)
    fl = np.array([FLIES[c] for c in deck])
    sp = np.array([SPECIAL[c] for c in deck])
    sums, specials = [], []
    for _ in range(n // 25_000):
        idx = np.argsort(rng.random((25_000, len(deck))), axis=1)[:, :k]
        sums.append(fl[idx].sum(axis=1))
        specials.append(sp[idx].sum(axis=1))
    return np.concatenate(sums), np.concatenate(specials)


@pytest.mark.slow
@pytest.mark.parametrize("deck,name,seed", [(GREEN, "green", 21), (BOTH, "both", 22)])
def test_hand_distribution_against_100k_simulation(deck, name, seed):
    n = 100_000
    sums, specials = _numpy_hands(deck, 5, n, seed)
    dist = odds.hand_flies_distribution(5, name)
    counts = np.bincount(sums, minlength=max(dist) + 1)
    assert set(np.nonzero(counts)[0]) <= set(dist)
    for f, p in dist.items():
        _within_4se(float(p), int(counts[f]), n)
    _within_4se(float(odds.p_special(5, name)), int((specials > 0).sum()), n)
    mean, var = odds.hand_flies_moments(5, name)
    assert abs(sums.mean() - float(mean)) <= 4 * sums.std(ddof=1) / math.sqrt(n)
    m4 = np.mean((sums - sums.mean()) ** 4)
    assert abs(sums.var(ddof=1) - float(var)) <= 4 * math.sqrt((m4 - sums.var() ** 2) / n)


@pytest.mark.slow
def test_kit_simulations_seeded_and_within_four_se():
    a = odds.simulate_hand_flies(5, "green", trials=100_000, seed=5)
    pd.testing.assert_frame_equal(a, odds.simulate_hand_flies(5, "green", trials=100_000, seed=5))
    exact = odds.hand_flies_table(5, "green")
    merged = exact.merge(a, on="flies")
    assert len(merged) == len(exact) == len(a) and a["count"].sum() == 100_000
    for p, c in zip(merged["probability"], merged["count"]):
        _within_4se(p, int(c), 100_000)
    cmp = odds.compare_hand_summary(5, "both", trials=100_000, seed=6)
    assert list(cmp["quantity"]) == list(odds.hand_summary(5, "both")["quantity"])
    assert (cmp["z"].abs() <= 4).all(), cmp
    assert not cmp.equals(odds.compare_hand_summary(5, "both", trials=100_000, seed=7))


def test_hand_arguments_are_checked():
    with pytest.raises(OptionError, match="option deck="):
        odds.hand_flies_ways(5, "red")
    with pytest.raises(OptionError, match="option deck="):
        odds.hand_flies_ways(2, [1, 1, 2])
    with pytest.raises(OptionError, match="option deck="):
        odds.p_special(2, [0, 96])
    with pytest.raises(OptionError, match="option k="):
        odds.hand_flies_ways(6, [0, 1, 2, 3, 4])
    with pytest.raises(OptionError, match="option players="):
        odds.packets_for(11)
    assert odds.packets_for(5) == "green" and odds.packets_for(6) == "both"


# --------------------------------------------------------------------------- herds

G = Mow(players=3, packets="green")
B = Mow(players=3, packets="both")


def _engine_fits(game, herd, card, acrobats=()):
    """Does the engine let a farmer holding only ``card`` add it to ``herd``?"""
    s = game.position([[card], [], []], [herd], acrobats=acrobats, stock=[])
    return any(not isinstance(a, TakeHerd) for a in s.legal_actions(0))


# herds whose fitting counts are worked out by hand from RULES.md §2 (nothing else seen)
HAND_COUNTED = [
    # plain 5 alone (green): every plain cow but the other two 5s, both blocking cows
    (["G-5-0"], (), "green", 47, 39 + 2),
    # 5 7(1 fly) 9 10(2 flies): plain 1-4 (1+2+3+3 = 9) and 11-15 (3+3+3+2+1 = 12),
    # blocking 0 and 16, acrobat 7 on the 7, acrobat 9 on the 9, 2 slowpokes (gaps 6, 8)
    (["G-5-0", "G-7-1", "G-9-0", "G-10-2"], (), "green", 44, 21 + 2 + 2 + 2),
    # both ends blocked: only the slowpokes (gaps 1..15 but 4 and 6)
    (["G-BLOCK-0", "G-4-1", "G-6-0", "G-BLOCK-16"], (), "green", 44, 2),
    # a 7 carrying an acrobat 7: the other acrobat (9) finds no 9; plain 1..6
    # (1+2+3+3+3+3 = 15) and 8..15 (4+4+3+3+3+3+2+1 = 23), blocking 0 and 16; no gap
    (["G-7-0"], (("G-ACRO-7", "G-7-0"),), "green", 46, 15 + 23 + 2),
    # calf worth 0 next to plain 1, then 3(1 fly), 5 (both packets): nothing below 0;
    # above 5: plain 6-15 x2 packets = 2*(3+4+4+4+3+3+3+3+2+1) = 60, blocking 16 x2,
    # dairy 12, slowpokes x2 (gaps 2, 4); the thin 4, the calf... no (it is in the herd)
    ([("Y-CALF", 0), "Y-1-0", "G-3-1", "Y-5-0"], (), "both", 92, 60 + 2 + 1 + 2),
    # mad cow (8) between plain 6 and 11 (both packets): only cows with flies: plain 1-5
    # with flies (1+2+2+2 per packet = 7, x2 = 14) and 12-15 with flies (2+2+1 = 5, x2 =
    # 10), blocking x4, slowpokes x2 (gaps 7, 9, 10), thin 4, dairy 12, calf at the plain 6
    (["G-6-0", "Y-MAD", "G-11-0"], (), "both", 93, 14 + 10 + 4 + 2 + 1 + 1 + 1),
    # mad cow at the high end of a line 2..8: no calf next to it (nor next to the 2 with a
    # fly); low end: the plain 1s have no flies, so only the blocking 0s; high end: blocking
    # 16s, dairy 12, plain 9-14 with flies (3+2+2+2+2+1 = 12 per packet); slowpokes (3,4,6,7)
    (["G-2-1", "G-5-0", "Y-MAD"], (), "both", 93, 2 + 2 + 1 + 12 * 2 + 2),
]


@pytest.mark.parametrize("herd,acro,packets,unseen,fitting", HAND_COUNTED)
def test_fitting_cards_counted_by_hand_and_by_the_engine(herd, acro, packets, unseen, fitting):
    view = odds.check_herd(herd, acro, packets=packets)
    game = G if packets == "green" else B
    table = odds.herd_fit_table(view)
    assert len(view.unseen) == len(table) == unseen
    assert int(table["fits"].sum()) == fitting
    for card, fits in zip(table["card"], table["fits"]):
        assert fits == _engine_fits(game, herd, int(card), acro), ROWS[card]["code"]
    res = odds.herd_odds(view, 5)
    assert (res["unseen"], res["fitting"]) == (unseen, fitting)
    assert res["p_fit"] == Fraction(fitting, unseen)
    summary = odds.herd_fit_summary(view).set_index("kind")
    assert summary.loc["all", "fitting"] == fitting and summary.loc["all", "unseen"] == unseen


def _small_unseen(view_args, keep):
    """``seen`` = every card of the deck but the herd, the acrobats and ``keep`` (codes)."""
    herd, acro, packets = view_args
    game = G if packets == "green" else B
    placed = {game.card_id(i[0] if isinstance(i, tuple) else i) for i in herd}
    placed |= {game.card_id(a) for a, _ in acro}
    keep_ids = {game.card_id(c) for c in keep}
    return [c for c in game.deck if c not in placed and c not in keep_ids]


MUST_TAKE = [
    # blocked ends: only slowpokes fit; keep 10 plain cows + both slowpokes + acrobat 7
    (
        (["G-BLOCK-0", "G-4-1", "G-6-0", "G-BLOCK-16"], (), "green"),
        ["G-1-0", "G-2-0", "G-3-0", "G-5-0", "G-7-0", "G-8-0", "G-9-0", "G-10-0", "G-12-0",
         "G-15-0", "G-SLOW-1", "G-SLOW-2", "G-ACRO-7"],
    ),
    # calf worth 0 at the low end: low numbers never fit, high ones do
    (
        ([("Y-CALF", 0), "Y-1-0", "G-3-1", "Y-5-0"], (), "both"),
        ["G-1-0", "G-2-0", "Y-2-1", "G-4-0", "Y-THIN-4", "G-BLOCK-0", "Y-BLOCK-0", "G-6-0",
         "Y-9-1", "G-BLOCK-16", "G-ACRO-7", "G-SLOW-1"],
    ),
    # mad cow in the herd: cows without flies never fit
    (
        (["G-6-0", "Y-MAD", "G-11-0"], (), "both"),
        ["G-1-0", "G-2-1", "G-12-0", "G-13-2", "Y-CALF", "G-ACRO-9", "G-SLOW-2", "Y-BLOCK-0",
         "G-7-3", "Y-15-0", "G-5-0", "Y-DAIRY-12"],
    ),
    # acrobat 9 on a plain 9 at the low end, gap-less line 9..10
    (
        (["G-9-0", "G-10-1"], (("G-ACRO-9", "G-9-0"),), "green"),
        ["G-8-0", "G-9-1", "G-10-0", "G-11-0", "G-ACRO-7", "G-SLOW-1", "G-7-0", "G-14-1",
         "G-3-0", "G-9-2", "G-8-3"],
    ),
]


@pytest.mark.parametrize("args,keep", MUST_TAKE)
def test_must_take_against_every_hand_played_by_the_engine(args, keep):
    herd, acro, packets = args
    game = G if packets == "green" else B
    seen = _small_unseen(args, keep)
    view = odds.check_herd(herd, acro, seen=seen, packets=packets)
    assert sorted(view.unseen) == sorted(game.card_id(c) for c in keep)
    m = len(view.unseen)
    fit_counts = odds.fits_in_hand_table(view, 4)
    for k in range(1, 6):
        stuck = total = 0
        in_hand: dict[int, int] = {}
        for hand in itertools.combinations(view.unseen, k):
            s = game.position([list(hand), [], []], [herd], acrobats=acro, stock=[])
            legal = s.legal_actions(0)
            cards = {a.card for a in legal if not isinstance(a, TakeHerd)}
            stuck += not cards
            in_hand[len(cards)] = in_hand.get(len(cards), 0) + 1
            total += 1
        assert total == math.comb(m, k)
        assert odds.must_take(view, k) == Fraction(stuck, total), k
        if k == 4:
            assert dict(zip(fit_counts["fitting"], fit_counts["ways"])) == in_hand
    table = odds.must_take_table(view, range(1, 6))
    assert list(table["exact"]) == [odds.must_take(view, k) for k in range(1, 6)]
    assert 0 < odds.must_take(view, 5) < 1


@pytest.mark.slow
@pytest.mark.parametrize("name,seed", [("open", 1), ("blocked", 2), ("calf", 3), ("mad", 4)])
def test_herd_simulation_within_four_se(name, seed):
    view = odds.example_herd(name)
    n = 100_000
    sim = odds.simulate_herd_odds(view, 5, trials=n, seed=seed)
    ex = odds.herd_odds(view, 5)
    assert sim["trials"] == n
    _within_4se(ex["p_fit_float"], round(sim["p_fit"] * n), n)
    _within_4se(ex["p_must_take_float"], round(sim["p_must_take"] * n), n)
    assert sim == odds.simulate_herd_odds(view, 5, trials=n, seed=seed)
    cmp = odds.compare_herd_odds(view, 5, trials=20_000, seed=seed)
    assert list(cmp["exact"]) == [ex["p_fit"], ex["p_must_take"]]
    assert (cmp["z"].abs() <= 4).all()


@pytest.mark.slow
def test_independent_numpy_simulation_of_a_forced_take():
    # a farmer's 5 cards drawn by a separate generator; fit flags from the engine's legal_actions
    herd = ["G-BLOCK-0", "G-4-1", "G-6-0", "G-BLOCK-16"]
    view = odds.check_herd(herd)
    fit = np.array([_engine_fits(G, herd, c) for c in view.unseen])
    rng = np.random.default_rng(99)
    n = 100_000
    idx = np.argsort(rng.random((n, len(fit))), axis=1)[:, :5]
    stuck = int((~fit[idx].any(axis=1)).sum())
    exact = odds.must_take(view, 5)
    assert exact == Fraction(math.comb(42, 5), math.comb(44, 5))
    _within_4se(float(exact), stuck, n)


def test_hand_and_seen_leave_the_unseen_cards():
    view = odds.check_herd(["G-5-0", "G-9-0"], hand=["G-8-0", "G-SLOW-1"], seen=["G-1-0"])
    assert len(view.unseen) == 48 - 2 - 2 - 1
    mine = odds.herd_fit_table(view, which="hand").set_index("code")
    assert mine.loc["G-SLOW-1", "ways"] == 3  # gaps 6, 7, 8
    assert not mine.loc["G-8-0", "fits"]
    text = view.as_text()
    res = odds.herd_odds_from_text(**text)
    assert res["fitting"] == odds.herd_odds(view)["fitting"]
    again = odds.check_herd(
        odds.parse_herd("G-5-0 G-SLOW-2=7 G-9-0"), odds.parse_acrobats("G-ACRO-9@G-9-0")
    )
    assert again.line_text() == "G-5-0 G-SLOW-2=7 G-9-0" and again.acrobats


def test_herd_errors_name_the_argument():
    with pytest.raises(OptionError, match="option herd="):
        odds.check_herd(["G-5-0", "NOPE"])
    with pytest.raises(OptionError, match="option herd="):
        odds.check_herd([])
    with pytest.raises(OptionError, match="option herd="):
        odds.check_herd(["G-5-0", "G-5-1"])  # two cows worth 5
    with pytest.raises(OptionError, match="option herd="):
        odds.check_herd(["G-5-0", "G-SLOW-1"])  # a slowpoke needs its value
    with pytest.raises(OptionError, match="option herd="):
        odds.check_herd(["Y-5-0"])  # not in the green packet
    with pytest.raises(OptionError, match="option acrobats="):
        odds.check_herd(["G-5-0", "G-9-0"], [("G-ACRO-7", "G-9-0")])
    with pytest.raises(OptionError, match="option hand="):
        odds.check_herd(["G-5-0"], hand=["G-5-0"])
    with pytest.raises(OptionError, match="option seen="):
        odds.check_herd(["G-5-0"], hand=["G-6-0"], seen=["G-6-0"])
    with pytest.raises(OptionError, match="option packets="):
        odds.check_herd(["G-5-0"], packets="red")
    with pytest.raises(OptionError, match="option k="):
        odds.must_take(["G-5-0"], 48)
    with pytest.raises(OptionError, match="option herd="):
        odds.parse_herd("G-SLOW-1=x")
    with pytest.raises(OptionError, match="option acrobats="):
        odds.parse_acrobats("G-ACRO-7")


# --------------------------------------------------------------------------- shipped CSVs


@pytest.mark.parametrize(
    "name,deck", [("mow_hand_flies_green.csv", "green"), ("mow_hand_flies_both.csv", "both")]
)
def test_shipped_csvs_equal_the_code(name, deck):
    shipped = pd.read_csv(data_dir() / "odds" / name, dtype={"probability_fraction": str})
    t = odds.hand_flies_table(5, deck)
    assert list(shipped.columns) == ["flies", "ways", "probability_fraction", "probability"]
    assert list(shipped["flies"]) == list(t["flies"])
    assert [int(w) for w in shipped["ways"].astype(str)] == list(t["ways"])
    assert [Fraction(s) for s in shipped["probability_fraction"]] == list(t["exact"])
    assert np.allclose(shipped["probability"], t["probability"], rtol=0, atol=1e-15)


# --------------------------------------------------------------------------- widgets


def test_hand_widget_recomputes():
    from mowkit.games.mow.card_math import hand_flies_explorer

    w = hand_flies_explorer(players=4, trials=2_000)
    assert w.deck == "green"
    assert list(w.table["ways"]) == list(odds.hand_flies_table(5, "green")["ways"])
    assert w.result["exact"].iloc[2] == Fraction(91, 51888)
    w.players.value = 7
    assert w.deck == "both" and w.result["exact"].iloc[2] == odds.p_no_flies(5, "both")
    w.packets.value = "yellow"
    w.k.value = 3
    assert w.deck == "yellow" and w.table["ways"].sum() == math.comb(48, 3)
    assert "91/51888" not in w.output.value


def test_herd_widget_recomputes_and_reports_errors():
    from mowkit.games.mow.card_math import herd_odds_explorer

    w = herd_odds_explorer(example="blocked")
    assert w.result["fitting"] == 2 and w.result["p_must_take"] == Fraction(741, 946)
    assert list(w.table["exact"]) == list(odds.must_take_table(w.result["view"])["exact"])
    w.hand.value = "G-SLOW-1"
    assert w.result["fitting"] == 1 and "slowpoke" in w.output.value
    w.k.value = 3
    assert w.result["p_must_take"] == Fraction(math.comb(42, 3), math.comb(43, 3))
    w.herd.value = "G-BLOCK-0 G-4-1 G-6-0 G-BLOCK-16 G-SLOW-1=5"  # the hand's slowpoke too
    assert w.result is None and w.table is None and "hand" in w.output.value
    w.hand.value = ""
    assert w.result["fitting"] == 1
    w.packets.value = "both"
    w.herd.value = "G-6-0 Y-MAD G-11-0"
    assert w.result["fitting"] == 33
    w.acrobats.value = "G-ACRO-7@G-6-0"
    assert w.result is None and "acrobats" in w.output.value
