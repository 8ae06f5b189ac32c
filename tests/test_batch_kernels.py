"""The batch path of tournaments: a chunk of games in one compiled call (mowkit.kernels.batch)."""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd
import pytest
from numba import njit

from mowkit import OptionError, load_game
from mowkit.games.sixnimmt import batch as six_batch
from mowkit.games.sixnimmt import kernel as _six
from mowkit.kernels import batch, common
from mowkit.tournament import (
    COLUMNS,
    _frame,
    _kernel_game_rows,
    game_seed,
    kernel_available,
    kernel_policy,
    plan,
    run_chunk,
    tournament,
)

# --------------------------------------------------------------------------- numpy's generators


@pytest.mark.parametrize("seed", [0, 1, 11, 2**32 - 1, 2**32, 2**40 + 5, 2**63 - 1, 2**64 + 3, 2**97 + 1])
def test_deal_seeds_are_numpys_seed_sequence(seed):
    deals = [0, 1, 2, 3, 7, 2**32 - 1, 2**32, 2**33 + 7, 10**12]
    assert batch.game_seeds(seed, deals).tolist() == [game_seed(seed, d) for d in deals]


@pytest.mark.parametrize("deal_seed", [0, 1, 5, 2**32 - 1, 2**32, 2**63 - 1, 6315739163131927091])
def test_deal_orders_are_numpys_permutations(deal_seed):
    for deck in (np.arange(1, 105), np.arange(1, 35), np.asarray(load_game("mow", players=3).deck),
                 np.asarray(load_game("mow", players=7).deck)):
        got = batch.deal_orders(deal_seed, deck, 6)
        want = common.seed_deals(deck, [deal_seed], 6)[0]
        np.testing.assert_array_equal(got, want)


def test_agent_seed_in_the_kernel_is_seed_sequence_of_deal_seed_and_rotation():
    ent = np.empty(16, np.uint64)
    words = np.empty(8, np.uint64)
    for ds in (0, 3, 2**32 + 9, 2**63 - 1):
        for rot in (0, 1, 5):
            want = int(np.random.SeedSequence([ds, rot]).generate_state(1)[0])
            assert batch._agent_seed(ds, rot, ent, words) == want == batch.agent_seed(ds, rot)


def test_plan_arrays_follow_the_tournament_plan():
    games = [0, 1, 2, 3, 4, 5, 6, 11, 12, 40]
    for paired, rotate in ((True, True), (False, True), (True, False)):
        idx, deals, rots, seeds = batch.plan_arrays(7, games, 4, paired, rotate)
        want = [plan(g, 4, 7, paired, rotate) for g in games]
        assert idx.tolist() == games
        assert deals.tolist() == [w["deal"] for w in want]
        assert rots.tolist() == [w["rotation"] for w in want]
        assert seeds.tolist() == [w["seed"] for w in want]


# --------------------------------------------------------------------------- deterministic agents: the engine's games

SIX_CASES = [
    (["highest", "lowest", "greedy"], {"players": 3}, "game"),
    (["greedy", "greedy", "lowest", "highest"], {"players": 4, "variant": "professional"}, "game"),
    (["lowest", "greedy", "highest", "greedy"], {"players": 4, "variant": "tactics"}, "game"),
    (["greedy", "lowest", "highest"], {"players": 3, "rows": 3, "capacity": 4, "hand_size": 8, "auto_row": True},
     "game"),
    (["highest", "greedy", "lowest", "greedy", "highest"],
     {"players": 5, "threshold": 30, "comparison": ">", "variant": ["tactics", "professional"]}, "game"),
    (["greedy", "highest", "lowest", "lowest"], {"players": 4, "max_rounds": 2}, "game"),
    (["greedy", "highest", "lowest"], {"players": 3}, "round"),
]


@pytest.mark.parametrize("agents,options,unit", SIX_CASES)
def test_sixnimmt_batch_table_is_the_engine_table(agents, options, unit):
    n = options["players"]
    kw = dict(progress=False, unit=unit, chunk_games=5, **options)
    engine = tournament("sixnimmt", agents, 2 * n + 1, seed=4, backend="engine", **kw)
    kernel = tournament("sixnimmt", agents, 2 * n + 1, seed=4, backend="kernel", **kw)
    assert kernel.attrs["backend"] == "kernel"
    pd.testing.assert_frame_equal(engine, kernel)


MOW_CASES = [
    (["greedy", "heuristic", "greedy"], {"players": 3}, "game"),
    (["heuristic", "greedy"], {"players": 2, "star": True}, "game"),
    (["greedy", "heuristic"], {"players": 2, "star": False, "packets": "both"}, "game"),
    (["heuristic", "heuristic", "greedy", "greedy"], {"players": 4, "packets": "both", "next_starter": "rotate",
                                                      "reset_arrow": False, "starter": 2}, "game"),
    (["greedy", "heuristic", "heuristic"], {"players": 3, "packets": "yellow", "yellow_next": "any",
                                            "restart": "next", "threshold": 40, "comparison": ">"}, "game"),
    (["greedy", "greedy:take_at=0", "heuristic:min_cards=3"], {"players": 3, "specials": False, "max_rounds": 3}, "game"),
    (["heuristic", "greedy", "greedy", "heuristic", "greedy"], {"players": 5}, "round"),
]


@pytest.mark.parametrize("agents,options,unit", MOW_CASES)
def test_mow_batch_table_is_the_engine_table(agents, options, unit):
    n = options["players"]
    kw = dict(progress=False, unit=unit, chunk_games=3, **options)
    engine = tournament("mow", agents, n + 1, seed=6, backend="engine", **kw)
    kernel = tournament("mow", agents, n + 1, seed=6, backend="kernel", **kw)
    assert kernel.attrs["backend"] == "kernel"
    pd.testing.assert_frame_equal(engine, kernel)


# --------------------------------------------------------------------------- random agents: one table whatever the chunking


RANDOM_CASES = [
    ("sixnimmt", ["highest", "random", "random:row=random", "random"], {"players": 4}),
    ("sixnimmt", ["random", "greedy", "random"], {"players": 3, "variant": "professional"}),
    ("mow", ["greedy", "heuristic", "random"], {"players": 3}),
    ("mow", ["random", "random"], {"players": 2, "star": True}),
]


@pytest.mark.parametrize("game,agents,options", RANDOM_CASES)
def test_random_agents_give_one_table_whatever_the_chunking(game, agents, options):
    n_games = 23
    tables = [tournament(game, agents, n_games, seed=8, backend="kernel", progress=False, chunk_games=c, **options)
              for c in (1, 5, 7, n_games)]
    for t in tables[1:]:
        pd.testing.assert_frame_equal(tables[0], t)
    g = load_game(game, **options)
    # single-game calls (the per-game path) give the very same rows
    rows = []
    for i in range(n_games):
        rows.extend(_kernel_game_rows(g, agents, plan(i, g.num_players, 8)))
    pd.testing.assert_frame_equal(tables[0], _frame(rows))
    # a chunk of scattered game indices holds the same games as the whole table
    pick = [17, 3, 4, 22, 0]
    part = run_chunk(game, g.options, agents, 8, pick, True, True, "kernel")
    want = pd.concat([tables[0][tables[0]["game"] == i] for i in pick], ignore_index=True)
    pd.testing.assert_frame_equal(part, want)


def test_identical_random_agents_in_rotated_paired_games_are_not_copies():
    for game, n in (("sixnimmt", 4), ("mow", 3)):
        df = tournament(game, ["random"] * n, 8 * n, seed=3, players=n, backend="kernel", progress=False)
        copies = 0
        for _, d in df.groupby("deal"):
            assert d["seed"].nunique() == 1  # one deal: the same cards for every rotation
            games = [tuple(x["penalty"]) for _, x in d.groupby("game")]
            copies += len(set(games)) < len(games)
        # rotations of one deal are played with different random choices: two whole random games
        # coinciding round for round is rare (one deal in eight tolerated); one stream per deal
        # would make all eight deals copies
        assert copies <= 1, game


def test_long_games_refill_the_buffers_and_match_single_games():
    # a high threshold makes games much longer than the first buffer estimate (8 rounds)
    g = load_game("mow", players=3, threshold=400)
    agents = ["random", "greedy", "random"]
    df = run_chunk("mow", g.options, agents, 2, range(12), True, True, "kernel")
    assert df.groupby("game")["rounds"].first().min() > 8
    rows = []
    for i in range(12):
        rows.extend(_kernel_game_rows(g, agents, plan(i, 3, 2)))
    pd.testing.assert_frame_equal(df, _frame(rows))


@pytest.mark.parametrize("game,agents,options", RANDOM_CASES[:1] + RANDOM_CASES[2:3])
def test_running_totals_winners_and_shared_wins_are_consistent(game, agents, options):
    df = tournament(game, agents, 40, seed=12, backend="kernel", progress=False, **options)
    assert list(df.columns) == COLUMNS
    n = load_game(game, **options).num_players
    assert df.groupby(["game", "round"]).size().eq(n).all()
    for (gi, s), d in df.groupby(["game", "seat"]):
        assert d["round"].tolist() == list(range(len(d)))
        assert d["total"].tolist() == np.cumsum(d["penalty"].to_numpy()).tolist()
        assert (d["final_total"] == d["total"].iloc[-1]).all()
        assert (d["rounds"] == len(d)).all()
        assert d["agent"].nunique() == 1 and d["agent"].iloc[0] == agents[(s + gi % n) % n]
    last = df[df["round"] == df["rounds"] - 1]
    threshold = load_game(game, **options).threshold
    assert (last.groupby("game")["total"].max() >= threshold).all()
    for _, d in last.groupby("game"):
        best = d["total"].min()
        assert d["winner"].tolist() == (d["total"] == best).tolist()
        assert (d["winners"] == (d["total"] == best).sum()).all()
    assert (df["winners"] > 1).any() or game == "sixnimmt"  # Mow shares wins now and then


# --------------------------------------------------------------------------- policies and options


def _default(cls, name):
    return inspect.signature(cls.__init__).parameters[name].default


def test_kernel_policies_follow_the_agent_classes_defaults():
    from mowkit.games.mow import agents as mow_agents
    from mowkit.games.mow import kernel as mow_kernel

    assert _default(mow_agents.GreedyAgent, "take_at") == mow_kernel.GREEDY_TAKE_AT
    assert _default(mow_agents.HeuristicAgent, "take_at") == mow_kernel.HEURISTIC_TAKE_AT
    assert _default(mow_agents.HeuristicAgent, "min_cards") == mow_kernel.HEURISTIC_MIN_CARDS
    assert kernel_policy("mow", "greedy:take_at=0") == "greedy"
    assert kernel_policy("mow", "heuristic:take_at=2,min_cards=3") == "heuristic"
    assert kernel_policy("mow", "greedy:take_at=1") is None
    assert kernel_policy("mow", "heuristic:min_cards=4") is None
    assert kernel_policy("mow", "greedy:colour=red") is None
    assert kernel_policy("sixnimmt", "random") == "random"
    assert kernel_policy("sixnimmt", "random:row=fewest_heads") == "random"
    assert kernel_policy("sixnimmt", "random:row=random") == "random_row"
    assert kernel_policy("sixnimmt", "heuristic") is None
    assert kernel_policy("sixnimmt", "nobody") is None
    assert kernel_policy("chess", "random") is None
    assert not kernel_available(load_game("sixnimmt", players=3, variant="logic"), ["lowest"] * 3)
    assert kernel_available(load_game("mow", players=3), ["greedy:take_at=0", "random", "heuristic"])


def test_batch_rejects_the_logic_variant_and_bad_plans():
    with pytest.raises(OptionError) as e:
        batch.play_chunk(load_game("sixnimmt", players=3, variant="logic"), ["lowest"] * 3, 0, [0])
    assert e.value.option == "variant"
    with pytest.raises(OptionError) as e:
        batch.play_chunk(load_game("sixnimmt", players=3), ["lowest"] * 3, 0, [0, -1])
    assert e.value.option == "games"
    with pytest.raises(OptionError) as e:
        batch.play_games(load_game("mow", players=3), ["greedy"] * 3, [0, 1], [0], [0, 1], [5, 6])
    assert e.value.option == "plan"


def test_a_large_chunk_sized_from_a_sample_equals_its_games_played_alone():
    # 300 games: the buffer is sized from a sample of the first games (see batch._rows_per_game)
    g = load_game("sixnimmt", players=3, threshold=150)
    agents = ["random", "highest", "random"]
    df = run_chunk("sixnimmt", g.options, agents, 5, range(300), True, True, "kernel")
    assert df["game"].nunique() == 300
    rows = []
    for i in range(300):
        rows.extend(_kernel_game_rows(g, agents, plan(i, 3, 5)))
    pd.testing.assert_frame_equal(df, _frame(rows))


# --------------------------------------------------------------------------- one table from all chunks, the lean round


@pytest.mark.parametrize("game,agents,options", RANDOM_CASES + [("sixnimmt", ["greedy", "lowest", "highest"],
                                                                  {"players": 3, "auto_row": True})])
def test_one_table_from_all_chunks_is_the_concatenated_chunk_tables(game, agents, options):
    from mowkit.store import expected_chunks
    from mowkit.tournament import _kernel_table

    g = load_game(game, **options)
    for n_games, chunk, paired, rotate in ((23, 5, True, True), (17, 17, False, True), (9, 2, True, False)):
        chunks = expected_chunks(n_games, chunk)
        steps = []
        one = _kernel_table(g, agents, 21, chunks, paired, rotate, steps.append)
        want = pd.concat([run_chunk(game, g.options, agents, 21, c, paired, rotate, "kernel") for c in chunks],
                         ignore_index=True)
        pd.testing.assert_frame_equal(one, want)
        assert steps == [len(c) for c in chunks]
        assert one["game"].is_monotonic_increasing and one["game"].unique().tolist() == list(range(n_games))


def test_buffers_that_must_grow_keep_their_rows():
    g = load_game("sixnimmt", players=4)
    policies = ["highest", "random", "random_row", "greedy"]
    out = batch.Columns(3)  # far too small: every call below makes it grow
    parts = [batch.play_games(g, policies, *batch.plan_arrays(4, games, 4), out=out)
             for games in (range(0, 3), range(3, 40), range(40, 41))]
    whole = batch.play_chunk(g, policies, 4, range(41))
    got = out.arrays()
    assert out.rows == len(whole["game"]) and out.capacity >= out.rows
    for c in COLUMNS:
        np.testing.assert_array_equal(got[c], whole[c])
        np.testing.assert_array_equal(np.concatenate([p[c] for p in parts]), whole[c])
    assert got["winner"].dtype == bool and got["agent"].dtype == np.int8 and got["total"].dtype == np.int64


@pytest.mark.parametrize("players,options", [(4, {}), (3, {"auto_row": True}),
                                             (5, {"rows": 3, "capacity": 4, "hand_size": 8}), (10, {})])
def test_lean_round_player_is_the_general_round_player(players, options):
    six = _six
    g = six._game(players, options, six._GAME_OPTIONS)
    n, hsize, nrows, cap, dsize, heads = six._args(g)
    names = ["random", "random_row", "lowest", "highest", "greedy"]
    rng = np.random.default_rng(players)
    hands = np.empty((n, hsize), np.int64)
    hand = np.empty(n * hsize, np.int64)
    rows = [np.empty(nrows, np.int64) for _ in range(4)]
    small = [np.empty(n, np.int64) for _ in range(4)]
    for _trial in range(200):
        pol = six.policy_codes([names[i] for i in rng.integers(0, len(names), n)], n)
        order = rng.permutation(np.asarray(g.deck, np.int64))
        word = int(rng.integers(0, 2**32))
        pens = []
        for lean in (False, True):
            first, last, rcnt, rhd = rows
            hcnt, pen, cards, owners = small
            if lean:  # numba's np.random stream re-implemented: row 0 of a Mersenne Twister state array
                mt, mti = np.empty((1, 624), np.uint32), np.empty(1, np.int64)
                batch._mt_seed(mt, mti, np.array([word], np.int64), 1)
                six_batch._lean_round(order, n, hsize, nrows, cap, heads, pol, g.auto_row, hand, hcnt, last,
                                      rcnt, rhd, pen, cards, owners, mt, mti, 0)
                after = batch._mt_next32(mt, mti, 0)
            else:
                _seed_numba(word)
                six._deal(order, n, hsize, nrows, heads, hands, hcnt, first, last, rcnt, rhd)
                _general_round(n, hsize, nrows, cap, heads, pol, g.auto_row, hands, hcnt, first, last, rcnt, rhd,
                               pen, cards, owners)
                after = _numba_draw()
            pens.append((pen.copy(), last.copy(), rcnt.copy(), rhd.copy(), after))
        for a, b in zip(*pens):
            np.testing.assert_array_equal(a, b)  # penalties, rows, and the stream left at the same place


@njit
def _seed_numba(word):
    np.random.seed(word)


@njit
def _numba_draw():
    return np.random.randint(0, 1 << 32)


@pytest.mark.parametrize("word", [0, 1, 5489, 2**31 + 7, 2**32 - 1])
def test_mersenne_twister_of_the_batch_kernel_is_numbas_np_random(word):
    # 2,000 draws cross three blocks of 624 words; numba's np.random is numpy's legacy generator
    want = _numba_draws(word, 2000)
    np.testing.assert_array_equal(batch._mt_draws(word, 2000), want)
    legacy = np.random.RandomState(word)
    np.testing.assert_array_equal(want[:50], [legacy.randint(0, 2**32, dtype=np.uint64) for _ in range(50)])


@njit
def _numba_draws(word, count):
    np.random.seed(word)
    out = np.empty(count, np.int64)
    for i in range(count):
        out[i] = np.random.randint(0, 1 << 32)
    return out


@njit
def _general_round(n, hsize, nrows, cap, heads, pol, auto, hands, hcnt, first, last, rcnt, rhd, pen, cards, owners):
    """The kernels' general round player (not professional, a random card drawn each turn)."""
    _six._play_round(n, hsize, nrows, cap, heads, pol, False, auto, False, hands, hcnt, first, last, rcnt, rhd,
                     pen, cards, owners)
