"""Cross-checks of the compiled 6 nimmt! kernel against the rule engine (the definition).

Deterministic agents (lowest, highest, greedy, and mixes) must score identical heads, seat by
seat, on the deals ``simulate.play_state(game, agents, seed)`` makes: the engine plays through
``play_state`` with the real agents, the kernel through ``play_seeds`` on the same seeds. Per
player count (2, 4, 10) every one of the three agents is checked on at least 10,000 deals;
variants and whole games to the threshold on fewer. Random agents cannot match choice by
choice (the kernel has its own random streams), so their mean heads must agree: two-sample
z-tests within 4 standard errors, and the kernel's mean against the published figures
(12.12 heads per player per round with 4 players, 14.66 with 10; those carry a standard
error of about 0.002, which enters the comparison). Standard errors of round means come from
per-round means (the seats of one round are not independent).

The engine side is the slow part (about 400-2,000 rounds/s); it runs in two worker processes.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from mowkit import load_game
from mowkit.agents import make_agent
from mowkit.core import OptionError
from mowkit.games.sixnimmt import kernel as K
from mowkit.simulate import play_state

PUBLISHED_SE = 0.002


def _agent(name: str):
    if name == "random_row":
        return make_agent("sixnimmt", "random", row="random")
    return make_agent("sixnimmt", name)


def _engine_games(players: int, agents: tuple[str, ...], seeds: list[int], options: dict):
    """Engine totals, rounds and per-round mean heads of ``play_state`` games, one per seed."""
    game = load_game("sixnimmt", players=players, **options)
    seats = [_agent(a) for a in agents]
    totals = np.empty((len(seeds), players), np.int64)
    rounds = np.empty(len(seeds), np.int64)
    first = np.empty((len(seeds), players), np.int64)
    for i, s in enumerate(seeds):
        state = play_state(game, seats, seed=s)
        totals[i] = state.totals
        rounds[i] = len(state.round_scores)
        first[i] = state.round_scores[0]
    return totals, rounds, first


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as ex:
        yield ex


def submit(pool, players, agents, seeds, **options):
    """Start ``_engine_games`` on the worker pool (two halves); ``gather`` collects it."""
    seeds = list(seeds)
    half = (len(seeds) + 1) // 2
    parts = [seeds[:half], seeds[half:]]
    return [pool.submit(_engine_games, players, tuple(agents), p, options) for p in parts if p]


def gather(futures):
    results = [f.result() for f in futures]
    return tuple(np.concatenate([r[k] for r in results]) for k in range(3))


def engine(pool, players, agents, seeds, **options):
    """Engine totals, rounds and first-round heads, one row per seed (in seed order)."""
    return gather(submit(pool, players, agents, seeds, **options))


def rotations(mix: list[str]) -> list[list[str]]:
    return [mix[i:] + mix[:i] for i in range(len(mix))]


def assert_identical(pool, players, mixes, seeds_per_mix, start=0, **options):
    """Kernel and engine agree seat by seat on every seed, for every mix of agents."""
    runs = []
    for m, mix in enumerate(mixes):
        seeds = list(range(start + m * seeds_per_mix, start + (m + 1) * seeds_per_mix))
        runs.append((mix, seeds, submit(pool, players, mix, seeds, **options)))
    compared = 0
    for mix, seeds, futures in runs:
        k_tot, k_rounds = K.play_seeds(players, mix, seeds, **options)
        e_tot, e_rounds, _ = gather(futures)
        bad = np.flatnonzero((e_tot != k_tot).any(axis=1) | (e_rounds != k_rounds))
        assert len(bad) == 0, (
            f"{mix} {options}: {len(bad)} of {len(seeds)} seeds differ; first seed "
            f"{seeds[bad[0]]}: engine {e_tot[bad[0]]} in {e_rounds[bad[0]]} rounds, "
            f"kernel {k_tot[bad[0]]} in {k_rounds[bad[0]]}"
        )
        compared += len(seeds)
    return compared


# --------------------------------------------------------------------------- identical deals

ONE = {"max_rounds": 1}


def test_two_players_every_deterministic_agent_on_10000_deals(pool):
    # three mixes of 5,000 deals: each agent plays 10,000 of them
    mixes = [["greedy", "lowest"], ["highest", "greedy"], ["lowest", "highest"]]
    assert assert_identical(pool, 2, mixes, 5_000, **ONE) == 15_000


def test_four_players_mixed_agents_on_10000_deals(pool):
    # every deal has all three agents; the seats rotate between the mixes
    mixes = rotations(["lowest", "highest", "greedy", "lowest"])
    assert assert_identical(pool, 4, mixes, 2_500, **ONE) == 10_000


def test_four_players_pure_tables(pool):
    mixes = [["lowest"] * 4, ["highest"] * 4, ["greedy"] * 4]
    assert assert_identical(pool, 4, mixes, 500, start=50_000, **ONE) == 1_500


def test_ten_players_mixed_agents_on_10000_deals(pool):
    mixes = [
        ["greedy"] + ["lowest", "highest"] * 4 + ["lowest"],
        ["highest", "lowest"] * 4 + ["highest", "greedy"],
    ]
    assert assert_identical(pool, 10, mixes, 5_000, **ONE) == 10_000


def test_ten_players_pure_tables(pool):
    mixes = [["lowest"] * 10, ["highest"] * 10, ["greedy"] * 10]
    assert assert_identical(pool, 10, mixes, 200, start=50_000, **ONE) == 600


@pytest.mark.parametrize(
    "players,options,deals",
    [
        (4, {"variant": "tactics"}, 1_000),
        (4, {"variant": "professional"}, 1_000),
        (10, {"variant": "professional"}, 300),
        (2, {"variant": ("tactics", "professional")}, 1_000),
        (5, {"variant": ("tactics", "professional"), "rows": 5, "capacity": 3, "hand_size": 7}, 500),
        (6, {"rows": 3, "capacity": 2, "hand_size": 12}, 500),
        (4, {"auto_row": True}, 1_000),
    ],
)
def test_variants_and_free_parameters(pool, players, options, deals):
    mixes = rotations(["lowest", "highest", "greedy"] * 4)[:2]
    mixes = [m[:players] for m in mixes]
    assert assert_identical(pool, players, mixes, deals // 2, max_rounds=1, **options) == deals


@pytest.mark.parametrize(
    "players,options",
    [
        (4, {}),
        (3, {"threshold": 30, "comparison": ">"}),
        (5, {"variant": "professional", "threshold": 40}),
    ],
)
def test_whole_games_to_the_threshold(pool, players, options):
    """Totals and number of rounds of whole games (rounds chain, the threshold stops)."""
    mix = (["greedy", "lowest", "highest"] * 2)[:players]
    assert assert_identical(pool, players, [mix], 150, **options) == 150


def test_logic_draft_with_lowest_and_highest(pool):
    """The logic draft is deterministic for lowest/highest drafters; its start seat rotates."""
    mixes = [["lowest", "highest", "lowest"], ["highest", "highest", "lowest", "lowest"]]
    for mix in mixes:
        assert_identical(pool, len(mix), [mix], 3, variant="logic", max_rounds=7)
        e_tot, _, _ = engine(pool, len(mix), mix, [0], variant="logic", threshold=66)
        k_tot, _ = K.play_seeds(len(mix), mix, [0], variant="logic", threshold=66)
        assert (e_tot == k_tot).all()


def test_play_deals_matches_recorded_state_deals():
    """``play_deals`` replays the orders a state records in ``state.deals``."""
    game = load_game("sixnimmt", players=4, threshold=66)
    mix = ["greedy", "highest", "lowest", "greedy"]
    for seed in range(20):
        state = play_state(game, mix, seed=seed)
        scores = K.play_deals(4, mix, state.deals, one_game=True)
        assert scores.tolist() == state.round_scores


# --------------------------------------------------------------------------- statistics


def zscore(a: np.ndarray, b: np.ndarray) -> float:
    se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return float((a.mean() - b.mean()) / se)


@pytest.mark.parametrize("players,published,kernel_rounds", [(4, 12.12, 1_000_000), (10, 14.66, 400_000)])
def test_random_players_match_the_published_mean(players, published, kernel_rounds):
    s = K.summarize_rounds(players, "random", kernel_rounds, seed=2026)
    assert s["round_se"] < 0.002
    se = np.hypot(s["round_se"], PUBLISHED_SE)
    assert abs(s["round_mean"] - published) < 4 * se, (s["round_mean"], s["round_se"])
    assert np.allclose(s["wins"].sum(), 1.0)


@pytest.mark.parametrize(
    "players,mix,engine_rounds",
    [
        (4, ["random"] * 4, 3_000),
        (10, ["random"] * 10, 1_000),
        (4, ["random", "greedy", "random_row", "lowest"], 2_500),
    ],
)
def test_random_agents_agree_with_the_engine(pool, players, mix, engine_rounds):
    """Two-sample z-tests: round means, and each seat's mean heads."""
    futures = submit(pool, players, mix, range(engine_rounds), max_rounds=1)
    k = K.simulate_rounds(players, mix, 200_000, seed=7)
    _, _, e = gather(futures)
    assert abs(zscore(e.mean(axis=1), k.mean(axis=1))) < 4
    for p in range(players):
        assert abs(zscore(e[:, p].astype(float), k[:, p].astype(float))) < 4, (p, mix[p])


def test_random_games_agree_with_the_engine(pool):
    """Whole random games to 66: number of rounds and seat 0's total."""
    mix = ["random", "random", "greedy", "highest"]
    futures = submit(pool, 4, mix, range(300))
    k_tot, k_rounds = K.simulate_games(4, mix, 100_000, seed=3)
    e_tot, e_rounds, _ = gather(futures)
    assert abs(zscore(e_rounds.astype(float), k_rounds.astype(float))) < 4
    for p in range(4):
        assert abs(zscore(e_tot[:, p].astype(float), k_tot[:, p].astype(float))) < 4
    assert (k_tot.max(axis=1) >= 66).all()


def test_random_logic_draft_agrees_with_the_engine(pool):
    mix = ["random", "greedy", "lowest"]
    futures = submit(pool, 3, mix, range(1_000), variant="logic", max_rounds=1)
    k = K.simulate_rounds(3, mix, 100_000, seed=11, variant="logic")
    _, _, e = gather(futures)
    for p in range(3):
        assert abs(zscore(e[:, p].astype(float), k[:, p].astype(float))) < 4, mix[p]


# --------------------------------------------------------------------------- API behaviour


def test_same_seed_same_rounds_and_chunks_join():
    a = K.simulate_rounds(4, "random", 10_000, seed=5)
    b = K.simulate_rounds(4, "random", 10_000, seed=5)
    c = np.concatenate(list(K.iter_rounds(4, "random", 10_000, seed=5, chunk=K.BLOCK)))
    assert (a == b).all() and (a == c).all()
    assert not (a == K.simulate_rounds(4, "random", 10_000, seed=6)).all()
    g1 = K.simulate_games(4, ["random", "greedy", "random", "lowest"], 500, seed=1)
    g2 = K.simulate_games(4, ["random", "greedy", "random", "lowest"], 500, seed=1)
    assert all((x == y).all() for x, y in zip(g1, g2))


def test_rounds_conserve_heads():
    """No round hands out more heads than the cards in play carry; max_rounds=1 games agree."""
    x = K.simulate_rounds(10, "random", 20_000, seed=1)
    assert x.dtype == np.int16 and x.shape == (20_000, 10)
    assert (x >= 0).all() and x.sum(axis=1).max() <= load_game("sixnimmt").deck_heads()
    tot, rounds = K.simulate_games(4, "random", 20_000, seed=1, max_rounds=1)
    assert (rounds == 1).all()
    y = K.simulate_rounds(4, "random", 20_000, seed=2)
    assert abs(zscore(tot.mean(axis=1), y.mean(axis=1))) < 4


def test_options_are_validated():
    with pytest.raises(OptionError, match="policies"):
        K.simulate_rounds(4, "clever", 10)
    with pytest.raises(OptionError, match="policies"):
        K.simulate_rounds(4, ["random"] * 3, 10)
    with pytest.raises(OptionError, match="players"):
        K.simulate_rounds(11, "random", 10)
    with pytest.raises(OptionError, match="variant"):
        K.simulate_rounds(4, "random", 10, variant="speed")
    with pytest.raises(OptionError, match="threshold"):
        K.simulate_rounds(4, "random", 10, threshold=66)
    with pytest.raises(OptionError, match="n_rounds"):
        K.simulate_rounds(4, "random", -1)
    with pytest.raises(OptionError, match="deals"):
        K.play_deals(4, "lowest", [list(range(1, 104)) + [1]])
    with pytest.raises(OptionError, match="deals"):
        K.play_deals(4, "lowest", [list(range(1, 104))])
    with pytest.raises(OptionError, match="seed"):
        K.simulate_rounds(4, "random", 10, seed=-3)


# --------------------------------------------------------------------------- random streams, fast paths


def _xoshiro_reference(word: int, count: int) -> list[int]:
    """xoshiro256** seeded by splitmix64, in plain Python integers (the published algorithms)."""
    mask = (1 << 64) - 1
    x = word
    s = []
    for _ in range(4):
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        s.append(z ^ (z >> 31))
    out = []
    rotl = lambda v, k: ((v << k) | (v >> (64 - k))) & mask  # noqa: E731
    for _ in range(count):
        out.append((rotl((s[1] * 5) & mask, 7) * 9) & mask)
        t = (s[1] << 17) & mask
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out


def test_rng_is_xoshiro256starstar_and_below_is_lemire():
    from mowkit.kernels import rng

    for word in (0, 1, 2026, 2**32 - 1):
        rs = rng.new_state()
        rng.seed(rs, word)
        got = [int(rng.next64(rs)) for _ in range(20)]
        assert got == _xoshiro_reference(word, 20)
    # below(m): the top 32 bits times m, shifted (no rejection for these m: the low word >= m)
    rs = rng.new_state()
    rng.seed(rs, 7)
    ref = _xoshiro_reference(7, 200)
    m = 104
    expected = []
    for v in ref:
        x = (v >> 32) * m
        if (x & 0xFFFFFFFF) >= m:
            expected.append(x >> 32)
        if len(expected) == 50:
            break
    assert len(expected) == 50  # a rejection among 200 draws has probability about 5e-6
    assert [int(rng.below(rs, m)) for _ in range(50)] == expected


def test_fast_random_round_loop_plays_the_general_loop():
    """The all-random loop gives exactly the rounds of the general loop (same stream, same rules)."""
    for players in (2, 4, 10):
        game = K._game(players, {}, K._ROUND_OPTIONS)
        n, hsize, nrows, cap, dsize, heads = K._args(game)
        seeds = K.block_seeds(9, 0, 3)
        a = np.empty((3 * K.BLOCK, n), np.int16)
        b = np.empty_like(a)
        K._random_rounds_kernel(a, K.BLOCK, seeds, n, hsize, nrows, cap, dsize, heads)
        K._rounds_kernel(b, K.BLOCK, seeds, n, hsize, nrows, cap, dsize, heads,
                         np.zeros(n, np.int64), False, False, False)
        assert (a == b).all()


def test_fast_monte_carlo_gives_the_general_values():
    game = load_game("sixnimmt", players=4)
    table = K._heads()
    for s in range(4):
        o = game.new_state(seed=s).observation(0)
        hand = np.asarray(o.hand, np.int64)
        rows = [list(r) for r in o.rows]
        seen = set(o.hand) | {c for r in rows for c in r}
        unseen = np.array([c for c in game.deck if c not in seen], np.int64)
        first0 = np.array([r[0] for r in rows], np.int64)
        last0 = np.array([r[-1] for r in rows], np.int64)
        rcnt0 = np.array([len(r) for r in rows], np.int64)
        rhd0 = np.array([int(table[r].sum()) for r in rows], np.int64)
        for relative in (False, True):
            a = np.zeros(len(hand))
            b = np.zeros(len(hand))
            K._mc_kernel(a, 11 + s, 50, 4, 0, 4, 5, False, relative, table, hand, hand.copy(), unseen,
                         first0, last0, rcnt0, rhd0)
            K._mc_fast_kernel(b, 11 + s, 50, 4, 0, 4, 5, relative, table, hand, hand.copy(), unseen,
                              last0, rcnt0, rhd0)
            assert (a == b).all()
            expected = K.mc_card_values(o.hand, rows, unseen, 4, 0, 50, seed=11 + s, relative=relative)
            assert np.array_equal(expected, b / 50)


def test_old_np_random_helpers_still_play_a_round():
    """The helpers without ``_s`` (np.random streams) keep their arguments and play legal rounds."""
    from numba import njit

    @njit
    def one_round(seed, deck, heads):
        np.random.seed(seed)
        hands = np.empty((4, 10), np.int64)
        hcnt = np.empty(4, np.int64)
        first = np.empty(4, np.int64)
        last = np.empty(4, np.int64)
        rcnt = np.empty(4, np.int64)
        rhd = np.empty(4, np.int64)
        pen = np.empty(4, np.int64)
        cards = np.empty(4, np.int64)
        owners = np.empty(4, np.int64)
        pol = np.array([K.RANDOM, K.GREEDY, K.RANDOM_ROW, K.LOWEST])
        K._deal(deck, 4, 10, 4, heads, hands, hcnt, first, last, rcnt, rhd)
        K._play_round(4, 10, 4, 5, heads, pol, False, False, False, hands, hcnt, first, last, rcnt,
                      rhd, pen, cards, owners)
        return pen.copy(), K._below(1000)

    deck = np.random.default_rng(3).permutation(np.arange(1, 105))
    p1, x1 = one_round(5, deck, K._heads())
    p2, x2 = one_round(5, deck, K._heads())
    assert (p1 == p2).all() and x1 == x2 and 0 <= x1 < 1000
    assert p1.min() >= 0 and p1.sum() <= load_game("sixnimmt").deck_heads()


# --------------------------------------------------------------------------- compiled-code cache


def test_cache_goes_to_the_user_cache_dir_not_the_package(tmp_path):
    """A fresh process with MOWKIT_CACHE_DIR writes numba's cache there and none in the package;
    its first use says it is compiling, a second process loads the cache silently."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    import mowkit

    pkg = Path(mowkit.__file__).resolve().parent
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "MOWKIT_QUIET")}
    env["MOWKIT_CACHE_DIR"] = str(tmp_path / "cache")
    env["PYTHONPATH"] = str(pkg.parent) + os.pathsep + env.get("PYTHONPATH", "")
    code = ("from mowkit.games.sixnimmt import kernel as K; from mowkit.kernels import cache_dir;"
            "import numba.core.config as c;"
            "print(cache_dir(), c.CACHE_DIR); print(int(K.simulate_rounds(4, 'random', 50, seed=1).sum()))")
    start = time.time() - 1
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    want = str(tmp_path / "cache")
    shown, used = first.stdout.split()[:2]
    assert shown == want and used.startswith(want + os.sep)  # a subfolder per version of the sources
    assert "Preparing the fast simulator" in first.stderr
    written = [p for p in (tmp_path / "cache").rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert any("sixnimmt" in p.relative_to(tmp_path).as_posix() for p in written)  # in a folder per source
    fresh = [p for p in pkg.rglob("*") if p.suffix in (".nbi", ".nbc") and p.stat().st_mtime >= start]
    assert fresh == []
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert "Preparing" not in second.stderr
    assert second.stdout.split()[2] == first.stdout.split()[2]  # same seed, same rounds, any process
