"""Cross-checks of the compiled Mow kernel against the rule engine (the definition).

Deterministic farmers (greedy, heuristic, and mixes) must score identical flies, seat by seat,
on the same deals: single rounds on the deck orders ``kernels.mow.seed_deals`` makes (the
engine plays them through ``game.new_state(deals=[order])`` with the real agents, the kernel
through ``play_deals``), 10,000 deals per player count for 3, 5 and 10 farmers and the
two-player star, each agent on most of them; every option value on fewer deals; and whole games
to 100 flies on the deals ``simulate.play_state(game, agents, seed)`` makes (``play_seeds``),
where the totals steer the greedy arrow flips and next-farmer choices, the next round's starter
and the arrow. Random farmers cannot match choice by choice (the kernel has its own random
stream), so their mean flies and mean squared flies per seat must agree: two-sample z-tests
within 4 standard errors.

The Monte Carlo rollouts of ``kernels.mow.mc_action_values`` (the default backend of the ``mc``
farmer) are checked the same way: from hand-built mid-round positions the mean own flies per
candidate action agree with the engine backend's rollouts within 4 standard errors.

The engine side is the slow part (about 250-700 rounds/s); it runs in two worker processes.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from mowkit import load_game
from mowkit.agents import make_agent
from mowkit.core import OptionError
from mowkit.games.mow import ChooseNext, Flip
from mowkit.games.mow import kernel as K
from mowkit.simulate import play_state
from mowkit.tournament import tournament


def _engine_deals(players: int, agents: tuple[str, ...], orders: np.ndarray, options: dict) -> np.ndarray:
    """Engine flies per farmer of one-round games on the deck ``orders``, the agents playing."""
    game = load_game("mow", players=players, max_rounds=1, **options)
    seats = [make_agent("mow", a) for a in agents]
    rng = np.random.default_rng(0)
    out = np.empty((len(orders), players), np.int64)
    for i, order in enumerate(orders):
        state = game.new_state(deals=[order.tolist()])
        while not state.is_over():
            p = state.pending_players()[0]
            legal = state.legal_actions(p)
            state.apply(seats[p].act(state.observation(p), legal, rng))
        out[i] = state.round_scores[0]
    return out


def _engine_games(players: int, agents: tuple[str, ...], seeds: list[int], options: dict):
    """Engine totals, rounds and first-round flies of ``play_state`` games, one per seed."""
    game = load_game("mow", players=players, **options)
    totals = np.empty((len(seeds), players), np.int64)
    rounds = np.empty(len(seeds), np.int64)
    first = np.empty((len(seeds), players), np.int64)
    for i, s in enumerate(seeds):
        state = play_state(game, list(agents), seed=s)
        totals[i] = state.totals
        rounds[i] = len(state.round_scores)
        first[i] = state.round_scores[0]
    return totals, rounds, first


def _engine_replay(players: int, orders: np.ndarray, traces: list[np.ndarray], options: dict):
    """Engine flies of one-round games on ``orders`` whose decisions replay the kernel's traces.

    At every decision the engine's legal list must have the length and the kind (turn, flip,
    next farmer) the kernel recorded; the engine then plays the recorded index. Returns the
    flies and, per deal, the first disagreement (or "").
    """
    game = load_game("mow", players=players, max_rounds=1, **options)
    kinds = {K.D_TURN: "turn", K.D_FLIP: "flip", K.D_NEXT: "next"}
    out = np.full((len(orders), players), -1, np.int64)
    errors = []
    for i, (order, trace) in enumerate(zip(orders, traces)):
        state = game.new_state(deals=[order.tolist()])
        rows = trace.tolist()
        error = ""
        for j, (what, count, choice) in enumerate(rows):
            if state.is_over():
                error = f"decision {j}: the engine's round is over, the kernel's is not"
                break
            legal = state.legal_actions(state.pending_players()[0])
            kind = "flip" if isinstance(legal[0], Flip) else "next" if isinstance(legal[0], ChooseNext) else "turn"
            if kind != kinds[what] or len(legal) != count:
                error = (f"decision {j}: engine {kind} with {len(legal)} options {legal}, kernel "
                         f"{kinds[what]} with {count}")
                break
            state.apply(legal[choice])
        if not error and not state.is_over():
            error = f"the kernel's round ended after {len(rows)} decisions, the engine's did not"
        if not error:
            out[i] = state.round_scores[0]
        errors.append(error)
    return out, errors


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as ex:
        yield ex


def _halves(items):
    half = (len(items) + 1) // 2
    return [part for part in (items[:half], items[half:]) if len(part)]


def submit_deals(pool, players, agents, orders, **options):
    return [pool.submit(_engine_deals, players, tuple(agents), part, options) for part in _halves(orders)]


def submit_games(pool, players, agents, seeds, **options):
    return [pool.submit(_engine_games, players, tuple(agents), part, options)
            for part in _halves(list(seeds))]


def gather_games(futures):
    results = [f.result() for f in futures]
    return tuple(np.concatenate([r[k] for r in results]) for k in range(3))


def rotations(mix: list[str]) -> list[list[str]]:
    return [mix[i:] + mix[:i] for i in range(len(mix))]


def assert_identical_deals(pool, players, mixes, deals_per_mix, start=0, **options):
    """Kernel and engine agree seat by seat on every deal, for every mix of farmers."""
    runs = []
    for m, mix in enumerate(mixes):
        seeds = list(range(start + m * deals_per_mix, start + (m + 1) * deals_per_mix))
        orders = K.seed_deals(players, seeds, **options)[:, 0]
        runs.append((mix, orders, submit_deals(pool, players, mix, orders, **options)))
    compared = 0
    for mix, orders, futures in runs:
        kernel = K.play_deals(players, mix, orders, **options)
        eng = np.concatenate([f.result() for f in futures])
        bad = np.flatnonzero((eng != kernel).any(axis=1))
        assert len(bad) == 0, (
            f"{mix} {options}: {len(bad)} of {len(orders)} deals differ; first: engine "
            f"{eng[bad[0]]}, kernel {kernel[bad[0]]}, deal {orders[bad[0]].tolist()}"
        )
        compared += len(orders)
    return compared


def assert_identical_games(pool, players, mixes, games_per_mix, **options):
    """Whole games on ``play_state``'s deals: identical totals and numbers of rounds."""
    runs = []
    for m, mix in enumerate(mixes):
        seeds = list(range(m * games_per_mix, (m + 1) * games_per_mix))
        runs.append((mix, seeds, submit_games(pool, players, mix, seeds, **options)))
    rounds_played = 0
    for mix, seeds, futures in runs:
        k_tot, k_rounds = K.play_seeds(players, mix, seeds, **options)
        e_tot, e_rounds, _ = gather_games(futures)
        bad = np.flatnonzero((e_tot != k_tot).any(axis=1) | (e_rounds != k_rounds))
        assert len(bad) == 0, (
            f"{mix} {options}: {len(bad)} of {len(seeds)} games differ; first seed {seeds[bad[0]]}: "
            f"engine {e_tot[bad[0]]} in {e_rounds[bad[0]]} rounds, kernel {k_tot[bad[0]]} in "
            f"{k_rounds[bad[0]]}"
        )
        rounds_played += int(e_rounds.sum())
    return rounds_played


# --------------------------------------------------------------------------- identical deals

G, H = "greedy", "heuristic"


@pytest.mark.parametrize(
    "players,mixes",
    [
        (3, [[G, H, G], [H, G, H], [G] * 3, [H] * 3]),
        (5, [[G, H, G, H, H], [H, G, H, G, G], [G] * 5, [H] * 5]),
        (10, [[G, H] * 5, [H, G] * 5, [G] * 10, [H] * 10]),
        (2, [[G, H], [H, G], [G, G], [H, H]]),  # the two-player star
    ],
)
def test_deterministic_farmers_on_10000_deals(pool, players, mixes):
    # four mixes of 2,500 deals: every agent plays in 7,500 of the 10,000, both in half of them
    assert assert_identical_deals(pool, players, mixes, 2_500) == 10_000


@pytest.mark.parametrize(
    "players,options",
    [
        (3, {"packets": "yellow"}),
        (4, {"packets": "both"}),
        (5, {"specials": False}),
        (4, {"restart": "next"}),
        (2, {"restart": "next"}),
        (6, {"yellow_next": "any", "starter": 4}),
        (2, {"star": False}),
        (2, {"star": True, "packets": "both"}),
    ],
)
def test_every_option_value(pool, players, options):
    mixes = [([G, H] * 3)[:players], ([H, G] * 3)[:players]]
    assert assert_identical_deals(pool, players, mixes, 150, start=100_000, **options) == 300


@pytest.mark.parametrize(
    "players,options,games",
    [
        (3, {}, 60),
        (4, {}, 60),
        (10, {}, 20),
        (2, {}, 60),
        (4, {"next_starter": "rotate", "reset_arrow": False, "threshold": 60, "comparison": ">"}, 40),
        (6, {"restart": "next", "yellow_next": "any", "reset_arrow": False}, 30),
    ],
)
def test_whole_games_to_the_threshold(pool, players, options, games):
    """Totals and rounds of whole games: the greedy flips and next farmers read the totals."""
    mixes = [([G, H, G] * 4)[:players], ([H, H, G] * 4)[:players]]
    assert assert_identical_games(pool, players, mixes, games // 2, **options) >= games


def test_play_deals_chains_the_rounds_of_a_recorded_game():
    """``play_deals(one_game=True)`` replays ``state.deals`` round by round (starter, arrow, totals)."""
    for players, options in ((4, {}), (5, {"next_starter": "rotate", "reset_arrow": False})):
        game = load_game("mow", players=players, threshold=150, **options)
        mix = ([G, H, H] * 2)[:players]
        for seed in range(8):
            state = play_state(game, mix, seed=seed)
            scores = K.play_deals(players, mix, state.deals, one_game=True, **options)
            assert scores.tolist() == state.round_scores


# --------------------------------------------------------------------------- random farmers


@pytest.mark.parametrize(
    "players,mix,options",
    [
        (4, ["random"] * 4, {}),
        (10, ["random", G, "random", "random", H] * 2, {}),
        (2, ["random"] * 2, {}),  # the star: flips reverse the order of the herds
        (2, ["random", H], {"packets": "both", "restart": "next"}),
        (3, ["random"] * 3, {"packets": "yellow", "yellow_next": "any"}),
    ],
)
def test_random_decisions_replay_exactly_in_the_engine(pool, players, mix, options):
    """Every decision of the kernel's random rounds, replayed by index in the engine, matches.

    The engine's legal list has the kernel's length at every decision (so a uniform draw over
    it is the engine's RandomAgent), and the flies are identical.
    """
    orders = K.seed_deals(players, range(200_000, 200_600), **options)[:, 0]
    flies, traces = K.trace_deals(players, mix, orders, seed=1, **options)
    futures = [pool.submit(_engine_replay, players, part, traces[k * 300:(k + 1) * 300], options)
               for k, part in enumerate((orders[:300], orders[300:]))]
    results = [f.result() for f in futures]
    eng = np.concatenate([r[0] for r in results])
    errors = [e for r in results for e in r[1]]
    bad = [i for i, e in enumerate(errors) if e or (eng[i] != flies[i]).any()]
    assert not bad, (f"{len(bad)} of {len(orders)} deals differ; first: {errors[bad[0]]} engine "
                     f"{eng[bad[0]]}, kernel {flies[bad[0]]}, deal {orders[bad[0]].tolist()}")


TURN, FLIP, NEXT = K.D_TURN, K.D_FLIP, K.D_NEXT


@pytest.mark.parametrize(
    "players,options,kinds",
    [
        (4, {}, (TURN, FLIP)),
        (2, {}, (TURN, FLIP)),
        (4, {"packets": "yellow"}, (TURN, NEXT)),
        (7, {"yellow_next": "any"}, (TURN, FLIP, NEXT)),
    ],
)
def test_random_choices_are_uniform(players, options, kinds):
    """A random farmer's choice is uniform over the legal list: flips half the time, and the
    position (choice + 1/2) / options of every choice averages 1/2 (z-tests within 4 SE)."""
    orders = K.seed_deals(players, range(300_000, 303_000), **options)[:, 0]
    _, traces = K.trace_deals(players, "random", orders, seed=2, **options)
    t = np.concatenate(traces)
    assert (t[:, 2] >= 0).all() and (t[:, 2] < t[:, 1]).all()
    for what in kinds:
        rows = t[(t[:, 0] == what) & (t[:, 1] > 1)]
        assert len(rows) > 1_000, what
        u = (rows[:, 2] + 0.5) / rows[:, 1]
        assert abs((u.mean() - 0.5) / (u.std(ddof=1) / np.sqrt(len(u)))) < 4, what
    assert set(np.unique(t[:, 0])) == set(kinds)
    if FLIP in kinds:
        flips = t[t[:, 0] == FLIP, 2]
        assert abs((flips.mean() - 0.5) / np.sqrt(0.25 / len(flips))) < 4


# The all-random loop (``_random_rounds_kernel`` / ``_random_games_kernel``, used when every seat is
# random) must make the general loop's draws and so play exactly its rounds and games; the general
# loop's random decisions replay exactly in the engine (above), so the lean loop's do too.


def _general_rounds(game, seeds, rows):
    a = K._args(game)
    out = np.empty((rows, game.players), np.int16)
    K._rounds_kernel(out, K.BLOCK, seeds, a["n"], a["nh"], np.zeros(game.players, np.int64), a["deck"],
                     a["starter"], *a["cards"], a["restart_taker"], a["allow_self"], a["deck_hid"],
                     a["deck_hs"], a["width"])
    return out


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {}),  # the star
        (3, {}),
        (5, {}),
        (10, {}),
        (5, {"packets": "both"}),
        (3, {"packets": "yellow"}),
        (4, {"specials": False}),
        (4, {"restart": "next"}),
        (6, {"yellow_next": "any", "starter": 4, "packets": "both"}),
        (2, {"star": False}),
        (2, {"packets": "both", "restart": "next"}),
    ],
)
def test_fast_random_round_loop_plays_the_general_loop(players, options):
    game = K._game(players, options, K._ROUND_OPTIONS)
    a = K._args(game)
    rows = 3 * K.BLOCK - 5  # three blocks, the last one short
    seeds = K.block_seeds(9, 0, 3)
    fast = np.empty((rows, players), np.int16)
    K._random_rounds_kernel(fast, K.BLOCK, seeds, a["n"], a["nh"], *K._random_args(game))
    general = _general_rounds(game, seeds, rows)
    assert (fast == general).all()
    assert len(np.unique(general, axis=0)) > 50  # many different outcomes, not one round repeated
    # the public entries take the lean loop for all-random seats: still the general loop's rounds
    assert (K.simulate_rounds(players, "random", rows, seed=9, **options) == general).all()
    chunks = list(K.iter_rounds(players, ["random"] * players, rows, seed=9, chunk=K.BLOCK, **options))
    assert len(chunks) == 3 and (np.concatenate(chunks) == general).all()


@pytest.mark.parametrize(
    "players,options",
    [
        (3, {}),
        (2, {}),
        (5, {"packets": "both", "next_starter": "rotate", "reset_arrow": False}),
        (4, {"threshold": 60, "comparison": ">", "restart": "next", "yellow_next": "any", "packets": "yellow"}),
        (6, {"max_rounds": 3, "starter": 5}),
        (2, {"star": False, "reset_arrow": False}),
    ],
)
def test_fast_random_games_play_the_general_games(players, options):
    game = K._game(players, options, K._GAME_OPTIONS)
    a = K._args(game)
    m = K.BLOCK + 300
    seeds = K.block_seeds(4, 0, 2)
    limit = game.max_rounds if game.max_rounds is not None else 10_000
    rules = (game.threshold, game.comparison == ">", limit, game.next_starter == "rotate", game.reset_arrow)
    t_fast, r_fast = np.empty((m, players), np.int32), np.empty(m, np.int32)
    t_gen, r_gen = np.empty((m, players), np.int32), np.empty(m, np.int32)
    K._random_games_kernel(t_fast, r_fast, K.BLOCK, seeds, a["n"], a["nh"], *K._random_args(game), *rules)
    K._games_kernel(t_gen, r_gen, K.BLOCK, seeds, a["n"], a["nh"], np.zeros(players, np.int64), a["deck"],
                    a["starter"], *a["cards"], a["restart_taker"], a["allow_self"], a["deck_hid"],
                    a["deck_hs"], a["width"], *rules)
    assert (t_fast == t_gen).all() and (r_fast == r_gen).all()
    assert r_gen.max() > 1 and len(np.unique(r_gen)) > 1
    tot, rounds = K.simulate_games(players, "random", m, seed=4, **options)
    assert (tot == t_gen).all() and (rounds == r_gen).all()


class _Forbidden:
    """Stands in for a compiled kernel that must not be called."""

    signatures = ("compiled",)

    def __init__(self, name):
        self.name = name
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        raise RuntimeError(f"{self.name} called")


def test_all_random_seats_take_the_lean_loop_and_others_the_general_one(monkeypatch):
    rounds, games = _Forbidden("_rounds_kernel"), _Forbidden("_games_kernel")
    monkeypatch.setattr(K, "_rounds_kernel", rounds)
    monkeypatch.setattr(K, "_games_kernel", games)
    assert K.simulate_rounds(4, "random", 100, seed=1).shape == (100, 4)
    assert K.summarize_rounds(3, ["random"] * 3, 100, seed=1)["rounds"] == 100
    assert K.simulate_games(5, "random", 20, seed=1)[0].shape == (20, 5)
    assert rounds.calls == 0 and games.calls == 0
    with pytest.raises(RuntimeError, match="_rounds_kernel called"):
        K.simulate_rounds(4, ["random", "random", "random", G], 100, seed=1)
    with pytest.raises(RuntimeError, match="_games_kernel called"):
        K.simulate_games(4, ["random", H, "random", "random"], 20, seed=1)


# --------------------------------------------------------------------------- statistics


def zscore(a: np.ndarray, b: np.ndarray) -> float:
    se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return float((a.mean() - b.mean()) / se)


@pytest.mark.parametrize(
    "players,mix,engine_rounds",
    [
        (4, ["random"] * 4, 2_000),
        (10, ["random"] * 10, 1_000),
        (2, ["random"] * 2, 2_000),  # the star: flies are not conserved, the mean is informative
        (5, ["random", G, "random", H, "random"], 1_500),
    ],
)
def test_random_farmers_agree_with_the_engine(pool, players, mix, engine_rounds):
    """Two-sample z-tests per seat: mean flies and mean squared flies (the spread)."""
    futures = submit_games(pool, players, mix, range(10_000, 10_000 + engine_rounds), max_rounds=1)
    k = K.simulate_rounds(players, mix, 200_000, seed=7).astype(np.float64)
    e = gather_games(futures)[2].astype(np.float64)
    for p in range(players):
        assert abs(zscore(e[:, p], k[:, p])) < 4, ("mean", p, mix[p], e[:, p].mean(), k[:, p].mean())
        assert abs(zscore(e[:, p] ** 2, k[:, p] ** 2)) < 4, ("square", p, mix[p])


def test_random_games_agree_with_the_engine(pool):
    """Whole random games to 100: number of rounds and each seat's total."""
    mix = ["random", "random", G, H]
    futures = submit_games(pool, 4, mix, range(200))
    k_tot, k_rounds = K.simulate_games(4, mix, 50_000, seed=3)
    e_tot, e_rounds, _ = gather_games(futures)
    assert abs(zscore(e_rounds.astype(float), k_rounds.astype(float))) < 4
    for p in range(4):
        assert abs(zscore(e_tot[:, p].astype(float), k_tot[:, p].astype(float))) < 4
    assert (k_tot.max(axis=1) >= 100).all()


# --------------------------------------------------------------------------- API behaviour


def test_same_seed_same_rounds_and_chunks_join():
    a = K.simulate_rounds(4, "random", 10_000, seed=5)
    b = K.simulate_rounds(4, "random", 10_000, seed=5)
    c = np.concatenate(list(K.iter_rounds(4, "random", 10_000, seed=5, chunk=K.BLOCK)))
    assert (a == b).all() and (a == c).all()
    assert not (a == K.simulate_rounds(4, "random", 10_000, seed=6)).all()
    g1 = K.simulate_games(4, ["random", G, "random", H], 500, seed=1)
    g2 = K.simulate_games(4, ["random", G, "random", H], 500, seed=1)
    assert all((x == y).all() for x, y in zip(g1, g2))


def test_rounds_conserve_flies():
    """Outside the star every card ends in a cowshed: a round hands out exactly the deck's flies."""
    for players, options in ((3, {}), (10, {}), (4, {"packets": "yellow"}), (5, {"specials": False}),
                             (2, {"star": False})):
        x = K.simulate_rounds(players, (["random", G, H] * 4)[:players], 20_000, seed=1, **options)
        assert x.dtype == np.int16 and x.shape == (20_000, players)
        flies = load_game("mow", players=players, **options).deck_flies()
        assert (x.sum(axis=1) == flies).all(), options
    star = K.simulate_rounds(2, "random", 20_000, seed=1)
    assert (star >= 0).all() and (star.sum(axis=1) <= 74).all() and (star.sum(axis=1) < 74).any()
    tot, rounds = K.simulate_games(4, "random", 20_000, seed=1, max_rounds=1)
    assert (rounds == 1).all() and (tot.sum(axis=1) == 74).all()
    s = K.summarize_rounds(3, "random", 10_000, seed=1)
    assert np.isclose(s["mean"].sum(), 74) and np.isclose(s["wins"].sum(), 1)


def test_options_are_validated():
    with pytest.raises(OptionError, match="policies"):
        K.simulate_rounds(4, "clever", 10)
    with pytest.raises(OptionError, match="policies"):
        K.simulate_rounds(4, ["random"] * 3, 10)
    with pytest.raises(OptionError, match="players"):
        K.simulate_rounds(11, "random", 10)
    with pytest.raises(OptionError, match="packets"):
        K.simulate_rounds(10, "random", 10, packets="green")
    with pytest.raises(OptionError, match="star"):
        K.simulate_games(3, "random", 10, star=True)
    with pytest.raises(OptionError, match="threshold"):
        K.simulate_rounds(4, "random", 10, threshold=66)
    with pytest.raises(OptionError, match="speed"):
        K.simulate_games(4, "random", 10, speed=2)
    with pytest.raises(OptionError, match="n_rounds"):
        K.simulate_rounds(4, "random", -1)
    with pytest.raises(OptionError, match="deals"):
        K.play_deals(4, G, [list(range(47)) + [0]])
    with pytest.raises(OptionError, match="deals"):
        K.play_deals(4, G, [list(range(47))])
    with pytest.raises(OptionError, match="deals"):
        K.play_deals(3, G, [list(range(48))], packets="yellow")
    with pytest.raises(OptionError, match="seed"):
        K.simulate_rounds(4, "random", 10, seed=-3)


# --------------------------------------------------------------------------- Monte Carlo rollouts
#
# ``MonteCarloAgent(backend="kernel")`` plays its rollouts in ``K.mc_action_values``; the engine
# backend (``backend="engine"``) is the definition. Hand-built mid-round positions: the kernel's
# mean own flies per candidate must agree with the engine's within 4 standard errors.


def _rest(game, used):
    used = {game.card_id(c) for c in used}
    return [c for c in game.deck if c not in used]


def mc_positions():
    """Mid-round positions (name -> state); the farmer to act decides a turn."""
    out = {}
    # green, 3 farmers: acrobat, slowpoke (two gaps), blocking 16 in hand (each then flips or not)
    g = load_game("mow", players=3)
    hands = [["G-ACRO-7", "G-SLOW-1", "G-4-1", "G-12-2", "G-BLOCK-16"],
             ["G-1-0", "G-2-1", "G-10-0", "G-13-1", "G-14-0"],
             ["G-3-2", "G-6-2", "G-8-3", "G-11-1", "G-15-0"]]
    herd = ["G-5-0", "G-7-0", "G-9-1"]
    left = _rest(g, [c for h in hands for c in h] + herd)
    out["green3_special"] = g.position(hands, [herd], piles=[left[:6], left[6:10], left[10:16]])
    # yellow, 4 farmers: the mad cow in the herd (only cows with flies), calf, dairy cow in hand
    g = load_game("mow", players=4, packets="yellow")
    hands = [["Y-4-1", "Y-11-2", "Y-3-0", "Y-DAIRY-12", "Y-CALF"],
             ["Y-1-0", "Y-2-1", "Y-6-0", "Y-13-1", "Y-14-0"],
             ["Y-3-2", "Y-6-2", "Y-8-3", "Y-11-1", "Y-15-0"],
             ["Y-7-0", "Y-9-2", "Y-12-0", "Y-BLOCK-16", "Y-THIN-4"]]
    herd = ["Y-5-0", "Y-MAD", "Y-10-1"]
    left = _rest(g, [c for h in hands for c in h] + herd)
    out["yellow4_mad"] = g.position(hands, [herd], piles=[left[:4], left[4:8], left[8:12], left[12:14]])
    # the two-player star: farmer 1 on herd 1, the arrow anticlockwise
    g = load_game("mow", players=2)
    hands = [["G-1-0", "G-4-2", "G-9-0", "G-14-1", "G-ACRO-7"],
             ["G-BLOCK-0", "G-12-1", "G-7-2", "G-SLOW-2", "G-13-0"]]
    herds = [["G-3-0", "G-6-1"], ["G-8-0", "G-10-2", "G-11-0"], ["G-5-2"]]
    left = _rest(g, [c for h in hands for c in h] + [c for h in herds for c in h])
    out["star"] = g.position(hands, herds, piles=[left[:10], left[10:20]], pending=1, active=1, arrow=-1)
    # near the end of the pile (2 cards), second round with totals (the greedy flips read them)
    g = load_game("mow", players=4)
    hands = [["G-1-0", "G-2-1", "G-13-2"], ["G-3-1", "G-4-0", "G-14-1", "G-15-0"],
             ["G-BLOCK-0", "G-SLOW-2", "G-12-1", "G-6-2"], ["G-11-0", "G-9-0"]]
    herd = ["G-5-0", "G-7-1", "G-8-2", "G-10-0"]
    pile = ["G-12-0", "G-3-2"]
    left = _rest(g, [c for h in hands for c in h] + herd + pile)
    q = len(left) // 4
    out["pile_end"] = g.position(hands, [herd], stock=pile, totals=[30, 12, 25, 8], round_index=1, pending=2,
                                 piles=[left[:q], left[q:2 * q], left[2 * q:3 * q], left[3 * q:]])
    return out


def _mc_observation(name):
    s = mc_positions()[name]
    return s, s.observation(s.pending_players()[0])


def _engine_mc_samples(name: str, rollout: str, n: int, seed: int) -> np.ndarray:
    """Engine rollout values, one determinization per row: ``(n, candidates)``."""
    _, obs = _mc_observation(name)
    agent = make_agent("mow", "mc", rollouts=1, rollout=rollout, backend="engine")
    rng = np.random.default_rng(seed)
    return np.array([agent.action_values(obs, rng) for _ in range(n)])


MC_CASES = [("green3_special", "random", 500), ("yellow4_mad", "random", 500), ("star", "random", 500),
            ("pile_end", "random", 1000), ("pile_end", "greedy", 1000)]
"""(position, rollout policy, engine determinizations): about 15 s of engine rollouts in all."""


def test_turn_actions_are_the_engines_legal_list():
    for name, s in mc_positions().items():
        p = s.pending_players()[0]
        assert K.turn_actions(s.observation(p)) == s.legal_actions(p), name
    s = load_game("mow", players=3).new_state(seed=2)
    assert K.turn_actions(s.observation(0)) == s.legal_actions(0)  # an empty herd: starts only


def test_kernel_rollouts_estimate_what_engine_rollouts_estimate(pool):
    """Mean own flies per candidate: kernel (20,000 rollouts) and engine within 4 standard errors."""
    futures = [[pool.submit(_engine_mc_samples, name, rollout, n // 2, seed) for seed in (1, 2)]
               for name, rollout, n in MC_CASES]
    report = []
    for (name, rollout, _), fs in zip(MC_CASES, futures):
        _, obs = _mc_observation(name)
        kernel = make_agent("mow", "mc", rollouts=20_000, rollout=rollout).action_values(obs, np.random.default_rng(3))
        samples = np.concatenate([f.result() for f in fs])
        sd = samples.std(axis=0, ddof=1)
        z = (samples.mean(axis=0) - kernel) / np.sqrt(sd**2 / len(samples) + sd**2 / 20_000)
        report.append((name, rollout, samples.mean(axis=0).round(2), kernel.round(2), z.round(2)))
        assert np.ptp(kernel) > 1, report[-1]  # the candidates really differ: agreement is informative
    assert all(np.all(np.abs(r[-1]) < 4) for r in report), report


@pytest.mark.parametrize("backend", ["kernel", "engine"])
def test_monte_carlo_backends_read_only_the_observation(backend):
    g = load_game("mow", players=3)
    herd = [["G-5-1", "G-7-0", "G-9-0"]]
    mine = ["G-ACRO-7", "G-SLOW-1", "G-12-1", "G-3-0", "G-BLOCK-16"]
    others = [["G-10-0", "G-11-0", "G-2-0", "G-13-1", "G-4-2"], ["G-6-0", "G-14-0", "G-1-0", "G-8-3", "G-15-0"]]
    left = _rest(g, mine + others[0] + others[1] + herd[0])
    a = g.position([mine, others[0], others[1]], herd, stock=left)
    b = g.position([mine, others[1], others[0]], herd, stock=left[::-1])
    assert a.observation(0) == b.observation(0) and a.hands != b.hands and a.stock != b.stock
    agent = make_agent("mow", "mc", rollouts=200 if backend == "kernel" else 4, backend=backend)
    da = agent.act(a.observation(0), a.legal_actions(0), np.random.default_rng(1))
    db = agent.act(b.observation(0), b.legal_actions(0), np.random.default_rng(1))
    assert da == db
    if backend == "kernel":
        va = K.mc_action_values(a.observation(0), 500, seed=9)
        assert np.array_equal(va, K.mc_action_values(b.observation(0), 500, seed=9))


def test_kernel_monte_carlo_beats_random_farmers():
    df = tournament("mow", ["mc:rollouts=10", "random", "random"], 90, seed=4, players=3, unit="round",
                    progress=False)
    per = df.groupby(["deal", "agent"])["penalty"].mean().unstack()
    diff = per["random"] - per["mc:rollouts=10"]
    assert diff.mean() > 4 * diff.std(ddof=1) / np.sqrt(len(diff)), diff.describe()


def test_monte_carlo_kernel_options_are_checked():
    assert make_agent("mow", "mc").name == "mc:rollouts=10"
    assert make_agent("mow", "mc", backend="engine").name == "mc:rollouts=10,backend=engine"
    assert make_agent("mow", "mc", rollout="greedy", backend="engine").name == (
        "mc:rollouts=10,rollout=greedy,backend=engine")
    with pytest.raises(OptionError) as e:
        make_agent("mow", "mc", backend="gpu")
    assert e.value.option == "backend"
    s = load_game("mow", players=3).new_state(seed=0)
    with pytest.raises(OptionError, match="rollout"):
        K.mc_action_values(s.observation(0), 10, seed=0, rollout="smart")
    with pytest.raises(OptionError, match="candidates"):
        K.mc_action_values(s.observation(0), 10, seed=0, candidates=[99])
    with pytest.raises(OptionError, match="observation"):
        K.mc_action_values(s.observation(1), 10, seed=0)  # not farmer 1's turn
    values = K.mc_action_values(s.observation(0), 50, seed=5)
    assert len(values) == len(s.legal_actions(0))
    assert np.array_equal(values, K.mc_action_values(s.observation(0), 50, seed=5))
    assert K.mc_action_values(s.observation(0), 50, seed=5, candidates=[2, 0]).shape == (2,)


def test_older_np_random_entries_keep_working():
    """``_shuffle`` / ``_play_round`` (no ``_s``) keep their arguments: reproducible from
    ``np.random.seed``, conserving flies, and agreeing with the xoshiro entry given its state."""
    from numba import njit

    a = K._args(load_game("mow", players=3))
    kind, num, fl, green, numbered = a["cards"]

    @njit
    def one_round(seed, deck0, pol, kind, num, fl, green, numbered, deck_hid, deck_hs, width, use_old):
        np.random.seed(seed)
        hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us, act_c, act_t, act_a = K._workspace(3, 1, width)
        deck = deck0.copy()
        K._shuffle(deck)
        tot = np.zeros(3, np.int64)
        score = np.zeros(3, np.int64)
        notrace = np.zeros((1, 4), np.int64)
        tlen = np.zeros(1, np.int64)
        if use_old:
            K._play_round(3, 1, pol, deck, 0, 1, tot, kind, num, fl, green, numbered, True, False,
                          deck_hid, deck_hs, hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us,
                          act_c, act_t, act_a, score, notrace, tlen, 0)
        else:  # the same state the old entry seeds from its one np.random draw
            rs = K._np_state()
            K._play_round_s(3, 1, pol, deck, 0, 1, tot, kind, num, fl, green, numbered, True, False,
                            deck_hid, deck_hs, hands, hcnt, val, crd, hl, hfl, hmad, sc, hid, hs, U, us,
                            act_c, act_t, act_a, score, notrace, tlen, 0, rs)
        return deck, score

    pol = np.zeros(3, np.int64)
    args = (a["deck"], pol, kind, num, fl, green, numbered, a["deck_hid"], a["deck_hs"], a["width"])
    d1, s1 = one_round(4, *args, True)
    d2, s2 = one_round(4, *args, True)
    d3, s3 = one_round(4, *args, False)
    assert (d1 == d2).all() and (s1 == s2).all() and (s1 == s3).all()
    assert sorted(d1) == sorted(a["deck"]) and s1.sum() == fl[a["deck"]].sum()
