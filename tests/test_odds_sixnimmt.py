"""mowkit.games.sixnimmt.odds: every exact answer against an independent computation.

Independent means: brute-force enumeration (itertools) on small decks and positions, the engine's
own game state for a turn, and seeded numpy simulations (>= 100,000 draws) that must land within
four standard errors. The card heads are read here straight from the CSV with the csv module.
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
from mowkit.games.sixnimmt import Play, SixNimmt
from mowkit.games.sixnimmt import odds as odds

# --------------------------------------------------------------------------- independent data


def _heads_from_csv() -> dict[int, int]:
    with (cards_dir() / "sixnimmt_cards.csv").open(newline="", encoding="utf-8") as f:
        return {int(r["number"]): int(r["heads"]) for r in csv.DictReader(f)}


H = _heads_from_csv()


def _hyper_ok(exact: float, hits: int, n: int) -> None:
    se = math.sqrt(exact * (1 - exact) / n)
    est = hits / n
    assert abs(est - exact) <= 4 * se + 1e-12, (est, exact, se)


# --------------------------------------------------------------------------- deck totals


def test_171_and_tactics_totals_from_the_data():
    assert odds.deck_heads() == sum(H.values())
    assert sum(H.values()) == 171  # RULES.md §1
    totals = odds.tactics_totals()
    expected = {p: sum(H[c] for c in range(1, 10 * p + 5)) for p in range(2, 11)}
    assert dict(zip(totals["players"], totals["heads"])) == expected
    # the figures printed in RULES.md §1
    assert list(totals["heads"]) == [38, 55, 72, 85, 103, 120, 137, 154, 171]
    assert list(totals["cards"]) == [10 * p + 4 for p in range(2, 11)]


def test_heads_table_matches_the_csv():
    t = odds.heads_table()
    assert t["count"].sum() == len(H) == 104
    assert t["total"].sum() == 171
    for _, line in t.iterrows():
        assert all(H[c] == line["heads"] for c in line["cards"])
        assert line["total"] == line["heads"] * line["count"]
    assert dict(zip(t["heads"], t["count"])) == {7: 1, 5: 8, 3: 10, 2: 9, 1: 76}
    small = odds.heads_table(range(50, 60))
    assert small["total"].sum() == sum(H[c] for c in range(50, 60))


# --------------------------------------------------------------------------- hand distributions


def _brute_ways(deck, k):
    out: dict[int, int] = {}
    for hand in itertools.combinations(deck, k):
        s = sum(H[c] for c in hand)
        out[s] = out.get(s, 0) + 1
    return dict(sorted(out.items()))


@pytest.mark.parametrize(
    "deck,k",
    [
        (range(1, 21), 4),  # all C(20,4) = 4845 hands
        (range(1, 21), 10),  # all C(20,10) = 184756 hands
        (range(45, 65), 4),  # holds 55 (7 heads) and 44, 66... classes 1,2,3,5,7
        (range(45, 65), 7),
        (range(1, 8), 0),
        (range(1, 8), 7),
    ],
)
def test_hand_ways_brute_force(deck, k):
    deck = list(deck)
    brute = _brute_ways(deck, k)
    assert odds.hand_heads_ways(k, deck) == brute
    dist = odds.hand_heads_distribution(k, deck)
    total = math.comb(len(deck), k)
    assert dist == {h: Fraction(w, total) for h, w in brute.items()}
    mean, var = odds.hand_heads_moments(k, deck)
    sums = [sum(H[c] for c in hand) for hand in itertools.combinations(deck, k)] if k <= 4 else None
    if sums is not None:
        assert mean == Fraction(sum(sums), len(sums))
        assert var == Fraction(sum(s * s for s in sums), len(sums)) - mean**2


def test_moments_match_sampling_without_replacement_formula():
    # E = k*mu, Var = k*sigma^2*(N-k)/(N-1) for a draw without replacement
    for deck, k in ((list(range(1, 105)), 10), (list(range(1, 105)), 4), (list(range(1, 45)), 10)):
        N = len(deck)
        mu = Fraction(sum(H[c] for c in deck), N)
        sigma2 = Fraction(sum(H[c] ** 2 for c in deck), N) - mu**2
        mean, var = odds.hand_heads_moments(k, deck)
        assert mean == k * mu
        assert var == k * sigma2 * Fraction(N - k, N - 1)


def test_full_deck_ten_card_hand_sums_and_extremes():
    ways = odds.hand_heads_ways(10)
    assert sum(ways.values()) == math.comb(104, 10)
    ones = sum(1 for c in H if H[c] == 1)
    assert ways[min(ways)] == math.comb(ones, 10) and min(ways) == 10
    # the top: 55 and the eight 5-head cards and one 3-head card
    assert max(ways) == 7 + 8 * 5 + 3 and ways[max(ways)] == 10
    t = odds.hand_heads_table()
    assert list(t["ways"]) == list(ways.values())
    assert t["exact"].sum() == 1
    assert t["cumulative"].iloc[-1] == pytest.approx(1.0)


def _numpy_hand_sums(deck, k, n, seed):
    rng = np.random.default_rng(seed)
    values = np.array([H[c] for c in deck])
    out = []
    for _ in range(n // 25_000):
        keys = rng.random((25_000, len(deck)))
        idx = np.argsort(keys, axis=1)[:, :k]
        out.append(values[idx].sum(axis=1))
    return np.concatenate(out)


@pytest.mark.slow
@pytest.mark.parametrize("k,seed", [(10, 11), (4, 12)])
def test_hand_distribution_against_100k_simulation(k, seed):
    n = 100_000
    sums = _numpy_hand_sums(list(range(1, 105)), k, n, seed)
    dist = odds.hand_heads_distribution(k)
    counts = np.bincount(sums, minlength=max(dist) + 1)
    assert set(np.nonzero(counts)[0]) <= set(dist)
    for h, p in dist.items():
        _hyper_ok(float(p), int(counts[h]), n)
    mean, var = odds.hand_heads_moments(k)
    se = sums.std(ddof=1) / math.sqrt(n)
    assert abs(sums.mean() - float(mean)) <= 4 * se
    # variance: SE of the sample variance ~ sqrt((m4 - s^4)/n)
    m4 = np.mean((sums - sums.mean()) ** 4)
    assert abs(sums.var(ddof=1) - float(var)) <= 4 * math.sqrt((m4 - sums.var() ** 2) / n)


@pytest.mark.slow
def test_simulate_hand_heads_seeded_and_close():
    a = odds.simulate_hand_heads(10, trials=100_000, seed=5)
    b = odds.simulate_hand_heads(10, trials=100_000, seed=5)
    pd.testing.assert_frame_equal(a, b)
    exact = odds.hand_heads_table(10)
    merged = exact.merge(a, on="heads")
    assert len(merged) == len(exact) and a["count"].sum() == 100_000
    for p, c in zip(merged["probability"], merged["count"]):
        _hyper_ok(p, int(c), 100_000)


def test_start_cards_tactics_deck():
    deck = odds.tactics_deck(3)
    assert deck == tuple(range(1, 35))
    brute = _brute_ways(deck, 4)
    t = odds.start_heads_table(4, deck)
    assert dict(zip(t["heads"], t["ways"])) == brute


def test_bad_deck_and_k_are_refused():
    with pytest.raises(OptionError, match="deck"):
        odds.hand_heads_ways(4, [1, 2, 2, 3, 4])
    with pytest.raises(OptionError, match="deck"):
        odds.hand_heads_ways(2, [0, 1, 2])
    with pytest.raises(OptionError, match="option k="):
        odds.hand_heads_ways(11, range(1, 11))


# --------------------------------------------------------------------------- a position

# small position on cards 1..30: rows ends 6, 13, 20, 27; rows 1 and 3 are near full
SMALL = {
    "hand": [2, 9, 15, 16, 22, 29],
    "rows": [[4, 6], [8, 10, 11, 12, 13], [20], [23, 24, 26, 27]],
    "seen": [1, 3, 18, 30],
    "deck": range(1, 31),
}


def _simple_brute(rows, unseen, card, n, cap):
    """card_risk(rule4_takes=False), written again plainly, over every opponent card set."""
    ends = [r[-1] for r in rows]
    below_ends = [i for i, e in enumerate(ends) if e < card]
    total = 0
    p6 = p4 = eh = Fraction(0)
    for opp in itertools.combinations(unseen, n):
        total += 1
        if below_ends:
            r = max(below_ends, key=lambda i: ends[i])
            mine = sorted(o for o in opp if ends[r] < o < card)
            seq = list(rows[r]) + mine
            if len(seq) % cap == 0:
                p6 += 1
                eh += sum(H[c] for c in seq[-cap:])
        else:
            low = sorted(o for o in opp if o < card)
            if not low:
                p4 += 1
                eh += min(sum(H[c] for c in r) for r in rows)
            elif len(low) % cap == 0:
                p6 += 1
                eh += sum(H[c] for c in low[-cap:])
    return p6 / total, p4 / total, eh / total


def _engine_turn(rows, card, others, cap):
    """My heads from one turn played by the engine (auto_row: fewest-heads row for Rule 4)."""
    g = SixNimmt(players=len(others) + 1, rows=len(rows), capacity=cap, auto_row=True, max_rounds=1)
    s = g.new_state(seed=0)
    s.hands = [[card]] + [[o] for o in others]
    s.rows = [list(r) for r in rows]
    s.piles = [[] for _ in range(g.players)]
    s.turn = g.hand_size - 1  # the last turn: the round is scored right after
    for p, c in enumerate([card, *others]):
        s.apply(Play(p, c))
    assert s.is_over()
    return s.round_scores[-1][0], bool(s.piles[0])


def _outcome_brute(pos, card):
    """(P(sixth), P(lowest), E[heads]) of the real turn over every opponent card set."""
    p6 = p4 = heads = total = 0
    for opp in itertools.combinations(pos.unseen, pos.opponents):
        _, h, how = odds.turn_outcome(pos.rows, card, opp, pos.capacity)
        p6 += how == "sixth"
        p4 += how == "lowest"
        heads += h
        total += 1
    return Fraction(p6, total), Fraction(p4, total), Fraction(heads, total)


def _check_both_models(pos):
    risk = odds.card_risk(pos)
    simple = odds.card_risk(pos, rule4_takes=False)
    for (_, line), (_, s_line) in zip(risk.iterrows(), simple.iterrows()):
        card = line["card"]
        got = (line["p_sixth"], line["p_lowest"], line["expected_heads"])
        assert got == _outcome_brute(pos, card), card
        s_got = (s_line["p_sixth"], s_line["p_lowest"], s_line["expected_heads"])
        assert s_got == _simple_brute(pos.rows, pos.unseen, card, pos.opponents, pos.capacity), card
        assert line["p_take"] == line["p_sixth"] + line["p_lowest"]
        assert line["p_take_float"] == pytest.approx(float(line["p_take"]))
    return risk, simple


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_card_risk_equals_brute_force(n):
    pos = odds.check_position(SMALL["hand"], SMALL["rows"], SMALL["seen"], n, 5, SMALL["deck"])
    _check_both_models(pos)


@pytest.mark.parametrize(
    "hand,rows,n,cap,deck",
    [
        ([3, 9, 14, 22, 25], [[5, 7], [12], [17, 19, 21]], 4, 3, range(1, 27)),
        # five opponents: a full row restarted by an opponent before my card (27: L + k = 6)
        # and a pile of three lower cards ending in mine (5: j = 3)
        ([5, 27], [[8], [20, 21, 22]], 5, 3, range(1, 31)),
        # my row (fewest heads, lowest end) taken by a lower card: I follow the pile (9, 10)
        ([9, 10, 16], [[6], [7, 8, 13], [15]], 4, 3, range(1, 25)),
        # my row (fewest heads) taken: I go on the next lower row, which is full (13, 14)
        ([13, 14, 23], [[2, 3, 4], [12], [20, 21]], 4, 3, range(1, 26)),
        # capacity 2: the pile of lower cards is restarted before my card (9: j = 3, k = 1)
        ([9, 10, 16], [[6], [7, 13], [15]], 5, 2, range(1, 24)),
    ],
)
def test_card_risk_small_capacity_brute_force(hand, rows, n, cap, deck):
    pos = odds.check_position(hand, rows, [], n, cap, deck)
    risk, simple = _check_both_models(pos)
    if hand == [5, 27]:  # both special cases really happen
        assert (risk["p_sixth"] > 0).all()
    if hand[0] in (9, 13):  # the opponent's Rule 4 take of my row matters here
        assert (risk["p_take"] != simple["p_take"]).any()


def test_simple_formula_misses_a_rule4_take_of_my_row():
    # row 1 has the fewest heads; a lower card takes it and 48 lands on the full row 0
    pos = odds.check_position(
        [35, 48, 61, 90],
        [[30, 31, 32, 33], [40, 44, 46], [52, 55, 57, 58], [70, 77, 80, 88]],
        [],
        3,
    )
    risk = odds.card_risk(pos).set_index("card")
    simple = odds.card_risk(pos, rule4_takes=False).set_index("card")
    assert simple.loc[48, "p_take"] == 0 < risk.loc[48, "p_take"]
    assert odds.turn_outcome(pos.rows, 48, (1, 2, 34)) == (True, 11, "sixth")
    enum = odds.enumerate_card_risk(pos).set_index("card")
    assert list(enum["p_take"]) == list(risk["p_take"])
    assert list(enum["expected_heads"]) == list(risk["expected_heads"])


def _engine_exact(pos, card):
    """Exact turn outcome by the engine over every opponent card set: (P(take), E[heads])."""
    takes = heads = total = 0
    for opp in itertools.combinations(pos.unseen, pos.opponents):
        h, took = _engine_turn(pos.rows, card, opp, pos.capacity)
        takes += took
        heads += h
        total += 1
    return Fraction(takes, total), Fraction(heads, total)


def test_turn_outcome_is_the_engine_turn():
    pos = odds.check_position(SMALL["hand"], SMALL["rows"], SMALL["seen"], 3, 5, SMALL["deck"])
    for card in pos.hand:
        for opp in itertools.combinations(pos.unseen, 3):
            took, h, _ = odds.turn_outcome(pos.rows, card, opp, 5)
            assert (h, took) == _engine_turn(pos.rows, card, opp, 5), (card, opp)


def test_card_risk_equals_the_engine_turn_enumerated():
    for n in (2, 3):
        pos = odds.check_position(SMALL["hand"], SMALL["rows"], SMALL["seen"], n, 5, SMALL["deck"])
        risk = odds.card_risk(pos).set_index("card")
        for card in pos.hand:
            p, e = _engine_exact(pos, card)
            assert (risk.loc[card, "p_take"], risk.loc[card, "expected_heads"]) == (p, e), card


@pytest.mark.slow
def test_simulated_card_risk_within_four_se_of_engine_exact():
    pos = odds.check_position(SMALL["hand"], SMALL["rows"], SMALL["seen"], 3, 5, SMALL["deck"])
    n = 100_000
    sim = odds.simulate_card_risk(pos, trials=n, seed=3).set_index("card")
    assert (sim["trials"] == n).all()
    for card in pos.hand:
        p, e = _engine_exact(pos, card)
        _hyper_ok(float(p), round(sim.loc[card, "p_take"] * n), n)
        se = sim.loc[card, "expected_heads_se"]
        assert abs(sim.loc[card, "expected_heads"] - float(e)) <= 4 * se + 1e-12, card
    again = odds.simulate_card_risk(pos, trials=1000, seed=3)
    pd.testing.assert_frame_equal(again, odds.simulate_card_risk(pos, trials=1000, seed=3))


def test_compare_card_risk_columns_and_sizes():
    pos = odds.check_position(SMALL["hand"], SMALL["rows"], SMALL["seen"], 3, 5, SMALL["deck"])
    cmp = odds.compare_card_risk(pos, trials=20_000, seed=1)
    assert list(cmp["card"]) == sorted(SMALL["hand"])
    assert np.allclose(cmp["difference"], cmp["p_take_sim"] - cmp["p_take_exact"])
    # on this small position the model misses by less than 0.05 for every card
    assert (cmp["difference"].abs() < 0.05).all()


def test_full_deck_example_model_vs_enumeration():
    # three opponents on the full deck: every C(M,3) set, by the engine-checked turn_outcome
    hand = [14, 47, 68, 94]
    rows = [[12, 18], [33, 38, 41, 44, 45], [60], [72, 75, 77, 79]]
    seen = [c for c in range(1, 105) if c % 3 == 0 and c not in hand]
    pos = odds.check_position(hand, rows, [c for c in seen if all(c not in r for r in rows)], 3)
    risk = odds.card_risk(pos)
    enum = odds.enumerate_card_risk(pos)
    assert list(risk["p_take"]) == list(enum["p_take"])
    assert list(risk["expected_heads"]) == list(enum["expected_heads"])
    with pytest.raises(OptionError, match="opponents"):
        odds.enumerate_card_risk(pos.hand, pos.rows, opponents=6)


def test_landing_cards_and_row_table_brute_force():
    pos = odds.check_position(SMALL["hand"], SMALL["rows"], SMALL["seen"], 3, 5, SMALL["deck"])
    land = odds.landing_cards(pos.rows, pos.unseen)
    ends = [r[-1] for r in pos.rows]
    for c in pos.unseen:
        below = [i for i, e in enumerate(ends) if e < c]
        where = max(below, key=lambda i: ends[i]) if below else None
        assert c in land[where]
    assert sorted(sum(land.values(), ())) == list(pos.unseen)
    table = odds.row_table(pos)
    sets = list(itertools.combinations(pos.unseen, 3))
    for _, line in table.iterrows():
        key = None if pd.isna(line["row"]) else int(line["row"])
        landing = set(land[key])
        assert line["landing"] == land[key] and line["n_landing"] == len(landing)
        assert line["heads"] == sum(H[c] for c in line["cards"])
        hit = sum(1 for s in sets if landing & set(s))
        added = sum(sum(H[c] for c in s if c in landing) for s in sets)
        assert line["p_hit"] == Fraction(hit, len(sets))
        assert line["expected_added"] == Fraction(added, len(sets))


def test_safest_card_ranking():
    df = odds.safest_card(SMALL["hand"], SMALL["rows"], SMALL["seen"], 3, deck=SMALL["deck"])
    assert list(df["rank"]) == list(range(1, len(SMALL["hand"]) + 1))
    keys = list(zip(df["expected_heads"], df["p_take"]))
    assert keys == sorted(keys)


def test_position_errors_name_the_argument():
    rows = [[10], [20], [30], [40]]
    with pytest.raises(OptionError, match="option hand="):
        odds.check_position([5, 20], rows)
    with pytest.raises(OptionError, match=r"option rows\[1\]="):
        odds.check_position([5], [[10], [25, 21], [30], [40]])
    with pytest.raises(OptionError, match=r"option rows\[0\]="):
        odds.check_position([5], [[1, 2, 3, 4, 6, 7], [20]])
    with pytest.raises(OptionError, match=r"option rows\[1\]="):
        odds.check_position([5], [[10, 20], [20, 30]])
    with pytest.raises(OptionError, match="option opponents="):
        odds.check_position([5], rows, seen=range(1, 103), opponents=3)
    with pytest.raises(OptionError, match="option hand="):
        odds.check_position([5, 5], rows)
    with pytest.raises(OptionError, match="option hand="):
        odds.check_position([105], rows)
    with pytest.raises(OptionError, match="option seen="):
        odds.check_position([5], rows, seen=[0])
    with pytest.raises(OptionError, match="option rows="):
        odds.check_position([5], [])
    with pytest.raises(OptionError, match="option hand="):
        odds.parse_cards("3 x", "hand")
    assert odds.parse_rows("5 9 | 23;40 41\n60") == [[5, 9], [23], [40, 41], [60]]


def test_position_from_observation():
    state = SixNimmt(players=4).new_state(seed=2)
    obs = state.observation(1)
    pos = odds.position_from_observation(obs)
    assert pos.opponents == 3 and pos.hand == tuple(sorted(obs.hand))
    assert set(pos.unseen) == set(range(1, 105)) - obs.seen
    assert len(pos.unseen) == 104 - 10 - 4
    later = odds.position_from_observation(odds.example_observation(4, turns=5, seed=3, player=2))
    text = later.as_text()
    pd.testing.assert_frame_equal(odds.safest_card_from_text(**text), odds.safest_card(later))
    assert len(later.hand) == 5 and text["seen"]  # five turns played: some rows were taken
    pro = SixNimmt(players=4, variant="professional").new_state(seed=2).observation(0)
    with pytest.raises(OptionError, match="variant"):
        odds.position_from_observation(pro)


# --------------------------------------------------------------------------- shipped CSVs


def _read_csv(name):
    return pd.read_csv(data_dir() / "odds" / name, dtype={"probability_fraction": str})


@pytest.mark.parametrize(
    "name,k", [("sixnimmt_hand_heads.csv", 10), ("sixnimmt_start_heads.csv", 4)]
)
def test_shipped_csvs_equal_the_code(name, k):
    shipped = _read_csv(name)
    t = odds.hand_heads_table(k)
    assert list(shipped.columns) == ["heads", "ways", "probability_fraction", "probability"]
    assert list(shipped["heads"]) == list(t["heads"])
    assert [int(w) for w in shipped["ways"].astype(str)] == list(t["ways"])
    assert [Fraction(s) for s in shipped["probability_fraction"]] == list(t["exact"])
    assert np.allclose(shipped["probability"], t["probability"], rtol=0, atol=1e-15)


# --------------------------------------------------------------------------- widgets


def test_widgets_recompute():
    from mowkit.games.sixnimmt.card_math import hand_heads_explorer, safest_card_explorer

    w = safest_card_explorer(
        hand="2 9 15 16 22 29",
        rows="4 6 | 8 10 11 12 13 | 20 | 23 24 26 27",
        seen="1 3 18 30",
        opponents=3,
        deck=range(1, 31),
    )
    first = w.table.copy()
    assert list(first["card"]) == list(
        odds.safest_card(
            **{k: SMALL[k] for k in ("hand", "rows", "seen")}, opponents=3, deck=SMALL["deck"]
        )["card"]
    )
    w.opponents.value = 1
    assert w.table is not None and not w.table.equals(first)
    w.hand.value = "2 6"  # 6 is in a row
    assert w.table is None and "hand" in w.output.value
    w.hand.value = "2 9"
    assert w.table is not None and len(w.table) == 2
    h = hand_heads_explorer()
    h.k.value = 4
    assert list(h.table["ways"]) == list(odds.hand_heads_table(4)["ways"])
    h.players.value = 3
    assert h.table["ways"].sum() == math.comb(34, 4)
