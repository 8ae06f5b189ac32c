"""The planner's learned rollout model: features, fit, and the model kernel against the rule engine."""

from __future__ import annotations

import numpy as np
import pytest

import mowkit
from mowkit.agents import make_agent
from mowkit.core import OptionError
from mowkit.games.sixnimmt import Play
from mowkit.games.sixnimmt import rollout_model as rm
from mowkit.games.sixnimmt.agents import _unseen
from mowkit.games.sixnimmt.kernel import row_arrays
from mowkit.games.sixnimmt.planning import _model_score, model_inputs, model_values
from mowkit.simulate import play_until


def _positions(n_games=6, players=4):
    """Observations of seeded games at every card decision (rows with 1 to 5 cards, Rule 3 and 4 cases)."""
    game = mowkit.load_game("sixnimmt", players=players, max_rounds=1)
    greedy = make_agent("sixnimmt", "random")
    out = []
    for seed in range(n_games):
        state = game.new_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not state.is_over():
            moves = []
            for p in state.pending_players():
                legal = state.legal_actions(p)
                if isinstance(legal[0], Play) and p == 0:
                    out.append(state.observation(0))
                moves.append(greedy.act(state.observation(p), legal, rng))
            for m in moves:
                state.apply(m)
    return out


def test_kernel_scores_equal_the_python_features():
    """The kernel's score of every card (prefix counts) equals WEIGHTS @ features (list-based), 1e-9."""
    checked = 0
    for obs in _positions():
        hand, gone = model_inputs(obs.hand, obs.seen)
        _first, last, rcnt, rhd = row_arrays(obs.rows)
        pre = np.zeros(105, np.int64)
        pre[1:] = np.cumsum(~gone[1:])
        cconst = np.zeros(105)
        v = np.arange(1, 105) / 104.0
        cconst[1:] = rm.WEIGHTS[12] * v + rm.WEIGHTS[13] * v**2
        lg = np.log1p(np.arange(106))
        ours = rm.decision_features(obs.hand, obs.rows, obs.seen) @ rm.WEIGHTS
        theirs = [_model_score(c, i, len(hand), len(obs.rows), 5, last, rcnt, rhd, rhd.min(), pre, rm.WEIGHTS,
                               cconst, lg) for i, c in enumerate(hand)]
        assert np.allclose(ours, theirs, atol=1e-9), (obs.hand, obs.rows)
        checked += len(hand)
    assert checked > 100


def test_heads_taken_is_what_the_engine_charges():
    """A card laid first on the rows: the engine's penalty equals ``heads_taken`` x 10 (0 when it does not take)."""
    from mowkit.games.sixnimmt import TakeRow
    from mowkit.games.sixnimmt.agents import cheapest_row

    game = mowkit.load_game("sixnimmt", players=2, max_rounds=1)
    takes = rule4 = 0
    for obs in _positions(4):
        hand = sorted(obs.hand)
        other = sorted(_unseen(obs))[-len(hand):]  # the other seat lays the highest unseen card: ours goes first
        f = rm.decision_features(hand, obs.rows, obs.seen)
        for i, card in enumerate(hand):
            if other[-1] < card:
                continue
            state = game.position(hands=[hand, other], rows=obs.rows, seed=0, reachable=False)
            state.apply(Play(0, card))
            state.apply(Play(1, other[-1]))
            if tuple(state.pending_players()) == (0,) and isinstance(state.legal_actions(0)[0], TakeRow):
                state.apply(TakeRow(0, cheapest_row(state.rows)))
            taken = sum(int(game.penalty(c)) for c in state.piles[0])
            assert taken == pytest.approx(10 * f[i, 0]), (card, obs.rows)
            assert (f[i, 1] == 1) == (taken > 0 or f[i, 2] == 1 or len(state.piles[0]) > 0)
            takes += int(f[i, 1])
            rule4 += int(f[i, 2])
    assert takes > 5 and rule4 > 0


def _argmax_agent(weights):
    class ModelArgmax:
        name = "model-argmax"

        def act(self, obs, legal, rng):
            if not isinstance(legal[0], Play):
                from mowkit.games.sixnimmt.agents import cheapest_row

                return type(legal[0])(obs.player, cheapest_row(obs.rows))
            hand = sorted(obs.hand)
            return Play(obs.player, hand[int(np.argmax(rm.decision_features(hand, obs.rows, obs.seen) @ weights))])

    return ModelArgmax()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_model_kernel_matches_the_engine_when_the_model_is_sure(seed):
    """Two players, the other hand known: with the weights x 10^4 the model plays its best card, so
    every candidate's rollout is exact; the kernel's heads equal the engine's, played by an agent
    that takes the argmax of the Python features."""
    game = mowkit.load_game("sixnimmt", players=2, max_rounds=1)
    cards = list(np.random.default_rng(seed).permutation(np.arange(1, 105))[:24])
    hands = [sorted(int(c) for c in cards[:10]), sorted(int(c) for c in cards[10:20])]
    rows = [[int(c)] for c in cards[20:24]]
    sure = rm.WEIGHTS * 1e4
    seen = set(hands[0]) | {r[0] for r in rows}
    values = model_values(hands[0], rows, seen, hands[1], 2, 0, 2, seed, weights=sure, opp_turns=99,
                          objective="relative")
    agent = _argmax_agent(sure)
    for i, c in enumerate(hands[0]):
        state = game.position(hands=hands, rows=rows, seed=0)
        state.apply(Play(0, c))
        first = agent.act(state.observation(1), state.legal_actions(1), None)
        state.apply(first)
        play_until(state, [agent, agent], [None, None], stop=lambda s: s.is_over())
        mine, other = state.round_scores[-1]
        assert values[i, 0] == values[i, 1] == mine - other, (c, values[i], mine, other)


def test_model_kernel_without_the_model_is_flat_monte_carlo():
    """Model off (random cards everywhere): agrees with mc's kernel within 0.4 heads (20,000 rollouts, ~5 SE)."""
    from mowkit.games.sixnimmt.kernel import mc_card_values

    obs = mowkit.load_game("sixnimmt", players=4).new_state(seed=1).observation(0)
    unseen = _unseen(obs)
    ours = model_values(obs.hand, obs.rows, obs.seen, unseen, 4, 0, 20000, 5, self_turns=0, opp_turns=0,
                        objective="own").mean(axis=1)
    theirs = mc_card_values(sorted(obs.hand), obs.rows, unseen, 4, 0, 20000, 6)
    assert np.max(np.abs(ours - theirs)) < 0.4, (ours, theirs)
    again = model_values(obs.hand, obs.rows, obs.seen, unseen, 4, 0, 50, 5)
    assert np.array_equal(again, model_values(obs.hand, obs.rows, obs.seen, unseen, 4, 0, 50, 5))


def test_fit_recovers_known_weights():
    """Decisions drawn from a conditional logit with known weights: the fit finds them (within 0.12)."""
    rng = np.random.default_rng(3)
    true = np.array([1.5, -2.0, 0.5, 0.0])
    decisions = []
    for _ in range(6000):
        k = int(rng.integers(2, 11))
        x = rng.normal(size=(k, 4))
        p = np.exp(x @ true)
        decisions.append((x, int(rng.choice(k, p=p / p.sum()))))
    w = rm.fit(decisions)
    assert np.max(np.abs(w - true)) < 0.12, w
    assert rm.log_loss(w, decisions) <= rm.log_loss(true, decisions) + 1e-9


def test_shipped_weights_predict_good_players_on_new_games():
    """On games the weights were not fitted to (seeds 7000-7007): far better than a random card."""
    test = rm.collect(8, 7000)
    assert len(test) > 1000
    random_loss = float(np.mean([np.log(len(f)) for f, _ in test]))
    random_acc = float(np.mean([1 / len(f) for f, _ in test]))
    assert rm.log_loss(rm.WEIGHTS, test) < random_loss - 0.15
    assert rm.accuracy(rm.WEIGHTS, test) > random_acc + 0.12


def test_planner_options_for_the_model():
    a = make_agent("sixnimmt", "planner")
    assert a.rollout == "learned" and a.model_turns == 1 and a.objective == "own" and a.name == "planner:rollouts=20"
    b = make_agent("sixnimmt", "planner:rollout=random,avoid=2,objective=leader")
    assert b.name == "planner:rollouts=20,objective=leader,rollout=random,avoid=2"
    assert make_agent("sixnimmt", "planner:own_turns=0,model_turns=0").name == "planner:rollouts=20,model_turns=0,own_turns=0"
    for bad in ({"rollout": "smart"}, {"model_turns": -1}, {"own_turns": 101}, {"avoid": 3}, {"greedy": 0.5},
                {"rollout": "random", "model_turns": 2}):
        with pytest.raises(OptionError, match=next(iter(bad))):
            make_agent("sixnimmt", "planner", **bad)
    with pytest.raises(OptionError, match="model_turns"):
        make_agent("sixnimmt", "planner:rollout=random,model_turns=2")


def test_the_shipped_weights_are_the_fit_of_their_games():
    """``benchmarks/fit_rollout_model.py``'s fit: the decisions of seeds 1000-1099 give WEIGHTS (4 decimals)."""
    train = rm.collect(100, 1000)
    w = rm.fit(train)
    assert np.max(np.abs(np.round(w, 4) - rm.WEIGHTS)) < 1e-9, np.round(w, 4)
    # and the published figures of the fit (module docstring, FIT, benchmarks/README.md) are these games'
    test = rm.collect(100, 5000)
    assert (len(train), len(test)) == (rm.FIT["train_decisions"], rm.FIT["test_decisions"])
    assert round(rm.accuracy(rm.WEIGHTS, test), 3) == rm.FIT["test_accuracy"]
    assert round(rm.log_loss(rm.WEIGHTS, test), 3) == rm.FIT["test_log_loss"]
    assert round(float(np.mean([1 / len(f) for f, _ in test])), 3) == rm.FIT["random_accuracy"]
    assert round(float(np.mean([np.log(len(f)) for f, _ in test])), 3) == rm.FIT["random_log_loss"]


def test_sigma_of_the_win_objective_is_the_measured_spread():
    """SIGMA (sd of the heads difference of two random players over a round, 4 players) re-measured:
    20,000 kernel rounds, within 0.3 (about 5 standard errors of a standard deviation)."""
    from mowkit.games.sixnimmt.kernel import simulate_rounds
    from mowkit.games.sixnimmt.planning import SIGMA

    heads = simulate_rounds(4, "random", 20000, seed=3).astype(float)
    assert abs(np.std(heads[:, 0] - heads[:, 1], ddof=1) - SIGMA) < 0.3


def test_card_chances_and_their_table_in_both_languages():
    """The model's chances per card (softmax of the features) for people, English and Russian."""
    import re

    from mowkit.games.sixnimmt import odds
    from mowkit.games.sixnimmt.card_math import model_chances_table
    from mowkit.games.sixnimmt.rollout_model import card_chances

    obs = odds.example_observation(players=4, turns=3, seed=1, player=0)
    t = card_chances(obs)
    f = rm.decision_features(obs.hand, obs.rows, obs.seen)
    p = np.exp(f @ rm.WEIGHTS)
    assert list(t["card"]) == sorted(obs.hand) and np.allclose(t["model_chance"], p / p.sum())
    # heads now: the greedy player's immediate cost, equal to the feature the engine test above checks
    assert abs(t["model_chance"].sum() - 1) < 1e-12 and list(t["heads_now"]) == list(np.rint(10 * f[:, 0]).astype(int))
    assert t["heads_now"].max() > 0 and (t["heads_now"] == 0).any()
    en = model_chances_table(t)
    assert list(en.columns) == ["card", "heads it would take now", "chance a good player lays it (the planner's model)"]
    assert en.iloc[0, 0] == mowkit.load_game("sixnimmt").label(int(t["card"].iloc[0])) and en.index[0] == 1
    with mowkit.language("ru"):
        ru = model_chances_table(t)
    assert not any(re.search("[A-Za-z]", str(c)) for c in ru.columns)
    assert all(re.search("голов", str(v)) for v in ru.iloc[:, 0])
    with pytest.raises(OptionError, match="observation"):
        card_chances(mowkit.load_game("mow").new_state(seed=1).observation(0))
