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
from mowkit.kernels import mow as K
from mowkit.simulate import play_state


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
