"""Seeded Mow playouts: RULES.md §3 after every decision, determinism, record round trips."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mowkit import load_game
from mowkit.agents import make_agent
from mowkit.core import OptionError, RecordError, spawn_rngs
from mowkit.records import load, replay, save, to_record
from mowkit.simulate import play_game, play_state


def playout(game, agents, seed, check=True):
    """Play a whole game deciding with ``agents``; check the invariants after every decision."""
    players = [make_agent("mow", a) for a in agents]
    deal_rng, *rngs = spawn_rngs(seed, game.num_players + 1)
    state = game.new_state(rng=deal_rng)
    state.check_invariants()
    decisions = 0
    kinds = set()
    while not state.is_over():
        (p,) = state.pending_players()
        legal = state.legal_actions(p)
        assert legal, "a farmer to act always has a legal action"
        assert legal == state.legal_actions()
        for q in range(game.num_players):
            if q != p:
                assert state.legal_actions(q) == []
        obs = state.observation(p)
        assert obs.hand == tuple(state.hands[p]) and obs.pending == (p,)
        action = players[p].act(obs, legal, rngs[p])
        state.apply(action)
        kinds.add(action.kind)
        decisions += 1
        assert state.events, "every decision is described"
        assert state.log[-len(state.events):] == state.events
        if check:
            state.check_invariants()
    assert state.winners() == tuple(
        i for i, t in enumerate(state.totals) if t == min(state.totals)
    )
    assert max(state.totals) >= game.threshold or len(state.round_scores) == game.max_rounds
    return state, decisions, kinds


@pytest.mark.parametrize("players", range(2, 11))
def test_random_playouts_keep_the_invariants(players):
    game = load_game("mow", players=players)
    all_kinds = set()
    for seed in range(8):
        _, decisions, kinds = playout(game, ["random"] * players, seed)
        all_kinds |= kinds
        assert decisions > 20
        per_packet = 74 * (2 if game.packets == "both" else 1)
        assert game.deck_flies() == per_packet
    assert {"add", "take"} <= all_kinds


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "star": False},
        {"players": 2, "packets": "both"},
        {"players": 3, "packets": "both", "yellow_next": "any", "restart": "next"},
        {"players": 4, "packets": "yellow", "next_starter": "rotate", "reset_arrow": False},
        {"players": 5, "starter": 3, "comparison": ">", "threshold": 60},
        {"players": 7, "restart": "next"},
    ],
)
def test_playouts_with_other_options(options):
    game = load_game("mow", **options)
    n = game.num_players
    for seed in range(2):
        playout(game, ["greedy"] + ["random"] * (n - 1), seed)


def test_every_decision_kind_occurs_in_seeded_playouts():
    game = load_game("mow", players=6)
    seen = set()
    for seed in range(6):
        seen |= playout(game, ["random"] * 6, seed, check=False)[2]
    assert seen == {"add", "acrobat", "slowpoke", "calf", "mad", "take", "flip", "choose_next"}


CODE = (
    "import json; from mowkit import load_game; from mowkit.simulate import play_game; "
    "r = play_game(load_game('mow', players={n}), ['random', 'greedy'] + ['random'] * ({n} - 2), "
    "seed={seed}); print(json.dumps(r))"
)


@pytest.mark.slow
@pytest.mark.parametrize("players, seed", [(3, 11), (2, 4), (8, 5)])
def test_same_seed_same_record_in_a_fresh_process(players, seed):
    here = play_game(load_game("mow", players=players), ["random", "greedy"] + ["random"] * (players - 2), seed)
    out = subprocess.run([sys.executable, "-c", CODE.format(n=players, seed=seed)],
                         check=True, capture_output=True, text=True)
    assert json.loads(out.stdout) == here
    other = play_game(load_game("mow", players=players), ["random", "greedy"] + ["random"] * (players - 2), seed + 1)
    assert other["rounds"][0]["deal"] != here["rounds"][0]["deal"]


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2}, {"players": 9, "max_rounds": 2}])
def test_record_round_trip(tmp_path, options):
    game = load_game("mow", **options)
    state = play_state(game, ["random"] * game.num_players, seed=3)
    record = to_record(state, seed=3, agents=["random"] * game.num_players)
    path = save(record, tmp_path / "game.json")
    loaded = load(path)
    assert loaded == json.loads(json.dumps(record))
    states = replay(loaded)
    assert len(states) == 1 + sum(len(r["decisions"]) for r in loaded["rounds"])
    final = states[-1]
    assert repr(final) == repr(state)
    assert final.totals == state.totals and final.round_scores == state.round_scores
    assert final.winners() == state.winners()
    for s in states[:: max(1, len(states) // 25)]:
        s.check_invariants()


def test_damaged_record_is_refused(tmp_path):
    game = load_game("mow", players=3, max_rounds=1)
    record = play_game(game, ["random"] * 3, seed=1)
    bad = json.loads(json.dumps(record))
    bad["rounds"][0]["deal"][0] = bad["rounds"][0]["deal"][1]
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.field == "rounds[0].deal" and "dealt twice" in str(err.value)
    bad = json.loads(json.dumps(record))
    d = bad["rounds"][0]["decisions"]
    d[0], d[1] = d[1], d[0]
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.field.startswith("rounds[0].decisions[")
    bad = json.loads(json.dumps(record))
    bad["options"]["packets"] = "purple"
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.field == "options.packets"


def test_position_states_are_recorded_with_their_starting_position():
    """A hand-built position has no recorded deal; its record stores the position instead, and
    replaying the record rebuilds it exactly."""
    from mowkit.records import replay

    game = load_game("mow", players=3)
    s = game.position([["G-3-0"], ["G-12-0"], ["G-4-0"]], [["G-5-0"]])
    assert s.deals == []
    record = to_record(s)
    assert record["position"] == s.start_position
    again = replay(record)[0]
    assert again.hands == s.hands and again.herds == s.herds and again.stock == s.stock


@pytest.mark.parametrize("bad", [{"players": "3"}, {"players": 3, "packets": None, "star": 1},
                                 {"players": 6, "threshold": -5}, {"players": 4, "max_rounds": 1.5}])
def test_bad_options_raise_option_error(bad):
    with pytest.raises(OptionError) as err:
        load_game("mow", **bad)
    assert err.value.option in bad


def test_random_wrong_actions_are_refused_with_the_state_unchanged():
    """Fuzz: at every decision try wrong actions of every type; each names a rule, nothing changes."""
    import numpy as np

    from mowkit.core import IllegalActionError
    from mowkit.games import mow

    game = load_game("mow", players=6)
    rng = np.random.default_rng(0)
    state = game.new_state(1)
    tried = 0
    while not state.is_over():
        (p,) = state.pending_players()
        legal = state.legal_actions()
        q = int(rng.integers(game.players))
        c = int(rng.choice(state.hands[p])) if state.hands[p] and rng.random() < 0.8 else int(rng.integers(96))
        end = str(rng.choice(["low", "high", "start", "middle"]))
        v = int(rng.integers(-1, 18))
        candidates = [mow.AddCow(q, c, end), mow.Acrobat(p, c, int(rng.integers(96))), mow.Slowpoke(p, c, v),
                      mow.Calf(p, c, end), mow.MadCow(p, c), mow.TakeHerd(q), mow.Flip(p, v),
                      mow.ChooseNext(p, q), mow.AddCow(p, c, end)]
        for a in candidates:
            if a in legal:
                continue
            before = repr(state), state.observation(p), list(state.stock)
            with pytest.raises(IllegalActionError) as err:
                state.apply(a)
            assert err.value.rule != "illegal-placement", str(err.value)
            assert (repr(state), state.observation(p), list(state.stock)) == before
            tried += 1
        state.apply(legal[int(rng.integers(len(legal)))])
        state.check_invariants()
    assert tried > 500


def test_clone_is_independent():
    game = load_game("mow", players=4)
    s = game.new_state(2)
    c = s.clone()
    s.apply(s.legal_actions()[0])
    assert repr(c) != repr(s)
    c.apply(c.legal_actions()[0])
    assert repr(c) == repr(s)


def test_plain_cows_only_variant():
    """``specials=False`` (to measure what the special cows do): 42 plain cows, 44 flies per packet."""
    import numpy as np

    from mowkit import load_game

    for players, packets, cards, flies in [(4, "green", 42, 44), (7, "both", 84, 88)]:
        g = load_game("mow", players=players, specials=False)
        assert g.packets == packets
        assert len(g.deck) == cards and g.deck_flies() == flies
        assert all(g.kinds[c] == "plain" for c in g.deck)
        rng = np.random.default_rng(players)
        s = g.new_state(seed=players)
        while not s.is_over():
            p = s.pending_players()[0]
            legal = s.legal_actions(p)
            s.apply(legal[int(rng.integers(len(legal)))])
            s.check_invariants()
        assert max(s.totals) >= 100
