"""Bad input of every kind gets a clear error (issue #12 "Bad moves and options", #10 §4).

Each list below names the cases and the clear error expected; every case is one test id:

* ``BAD_ACTIONS``: floats, bools, strings (and numpy floats) where a card, row, seat, value,
  flag or end belongs, in every phase of both engines -> ``IllegalActionError`` with rule
  ``"action-fields"`` and the state exactly as before (a full snapshot is compared);
* ``BAD_OPTIONS``: wrong types for game options -> ``OptionError`` naming the option;
* ``BAD_GAME_NAMES``: game names that are not strings -> ``OptionError("game", ...)``;
* running out of recorded deals -> ``IllegalActionError`` rule ``"no-recorded-deal"``, state
  unchanged, play can go on with a state that answers every question;
* ``BAD_AGENTS`` / ``BAD_SPECS``: unknown agent options, wrong types, endless time budgets,
  repeated or empty keys -> ``OptionError`` naming the option;
* ``BAD_COMMAND_LINES``: the ``mowkit`` command -> one ``mowkit:`` line on stderr, exit code 2.

numpy integers are accepted everywhere an integer belongs and stored as plain ``int``, so every
accepted game saves as JSON and loads again (tested with ``mowkit.records.save``/``load``).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import socket

import numpy as np
import pytest

from mowkit import IllegalActionError, OptionError, load_game
from mowkit.agents import make_agent, parse_agent_spec
from mowkit.cli import main as cli_main
from mowkit.games import mow, sixnimmt
from mowkit.games.mow import agents as mow_agents
from mowkit.records import load, save, to_record

# --------------------------------------------------------------------------- helpers


def snapshot(state):
    """Everything a state holds (the chance object by its generator state and deals), deep-copied."""
    d = {k: copy.deepcopy(v) for k, v in vars(state).items() if k not in ("_chance", "game")}
    chance = state._chance
    d["_chance"] = (None if chance.rng is None else chance.rng.bit_generator.state, chance.deals)
    return d


def same(a, b):
    """Equal and of the same types (``repr`` tells 6 from 6.0 and True from 1)."""
    return a == b and repr(sorted(a.items())) == repr(sorted(b.items()))


def with_numpy_ints(action):
    """The same action with every plain-int field as a numpy integer."""
    values = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    return type(action)(**{k: np.int64(v) if type(v) is int else v for k, v in values.items()})


def random_game(game, seed, convert=lambda a: a):
    rng = np.random.default_rng(seed)
    state = game.new_state(seed=seed)
    while not state.is_over():
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        state.apply(convert(legal[int(rng.integers(len(legal)))]))
    return state


# --------------------------------------------------------------------------- positions for each phase


def nimmt_choose():
    return load_game("sixnimmt", players=3).new_state(seed=1)


def nimmt_row():
    """Rule 4 pending for player 0 (card 1 fits no row)."""
    s = load_game("sixnimmt", players=2).position(hands=[[1], [50]], rows=[[10], [20], [30], [40]], reachable=False)
    s.apply(sixnimmt.Play(0, 1))
    s.apply(sixnimmt.Play(1, 50))
    assert s.phase == "row" and s.pending_players() == (0,)
    return s


def nimmt_place():
    """Professional tie pending for player 0: 20 is 10 from the back of [10] and the front of [30]."""
    g = load_game("sixnimmt", players=2, variant="professional")
    s = g.position(hands=[[20], [60]], rows=[[10], [30], [70], [80]], reachable=False)
    s.apply(sixnimmt.Play(0, 20))
    s.apply(sixnimmt.Play(1, 60))
    assert s.phase == "place" and s.pending_players() == (0,)
    return s


def nimmt_draft():
    s = load_game("sixnimmt", players=2, variant="logic").new_state(seed=1)
    assert s.phase == "draft"
    return s


MOW3 = load_game("mow", players=3)
MOW_BOTH = load_game("mow", players=3, packets="both")


def mow_play():
    """Farmer 0 to act on the herd 5 7 9, holding a slowpoke, an acrobat 7, a 3 and a 12."""
    return MOW3.position([["G-SLOW-1", "G-ACRO-7", "G-3-0", "G-12-0"], ["G-2-0"], ["G-4-0"]],
                         [["G-5-0", "G-7-0", "G-9-0"]], reachable=False)


def mow_flip():
    s = mow_play()
    s.apply(mow.Acrobat(0, MOW3.card_id("G-ACRO-7"), MOW3.card_id("G-7-0")))
    assert s.phase == "flip"
    return s


def mow_next():
    s = MOW_BOTH.position([["Y-THIN-4", "G-2-0"], ["G-3-0"], ["G-6-0"]], [["G-5-0"]], reachable=False)
    s.apply(mow.AddCow(0, MOW_BOTH.card_id("Y-THIN-4"), "low"))
    assert s.phase == "next"
    return s


def first_card(state, p=0):
    return state.hands[p][0]


def mow_card(code):
    return MOW3.card_id(code)


# (id, state maker, bad action maker, words expected in the message)
BAD_ACTIONS = [
    ("6nimmt play card float", nimmt_choose, lambda s: sixnimmt.Play(0, float(first_card(s))), "the card must be a whole number, not the number"),
    ("6nimmt play card numpy float", nimmt_choose, lambda s: sixnimmt.Play(0, np.float64(first_card(s))),
     "the card must be a whole number, not the number"),
    ("6nimmt play card str", nimmt_choose, lambda s: sixnimmt.Play(0, str(first_card(s))), "must be a whole number, not the text '"),
    ("6nimmt play card bool", nimmt_choose, lambda s: sixnimmt.Play(0, True), "must be a whole number, not True or False"),
    ("6nimmt play card None", nimmt_choose, lambda s: sixnimmt.Play(0, None), "the card must be a whole number, not nothing (None)"),
    ("6nimmt play player float", nimmt_choose, lambda s: sixnimmt.Play(0.0, first_card(s)), "the seat must be a whole number, not the number"),
    ("6nimmt play player bool", nimmt_choose, lambda s: sixnimmt.Play(True, first_card(s, 1)), "must be a whole number, not True or False"),
    ("6nimmt play player str", nimmt_choose, lambda s: sixnimmt.Play("0", first_card(s)), "must be a whole number, not the text '"),
    ("6nimmt take row float", nimmt_row, lambda s: sixnimmt.TakeRow(0, 0.0), "the row must be a whole number, not the number"),
    ("6nimmt take row bool", nimmt_row, lambda s: sixnimmt.TakeRow(0, True), "must be a whole number, not True or False"),
    ("6nimmt take row str", nimmt_row, lambda s: sixnimmt.TakeRow(0, "1"), "must be a whole number, not the text '"),
    ("6nimmt take row numpy float", nimmt_row, lambda s: sixnimmt.TakeRow(0, np.float32(1)), "the row must be a whole number, not the number 1.0"),
    ("6nimmt place row float", nimmt_place, lambda s: sixnimmt.Place(0, 0.0, "back"), "the row must be a whole number, not the number"),
    ("6nimmt place row bool", nimmt_place, lambda s: sixnimmt.Place(0, True, "front"), "must be a whole number, not True or False"),
    ("6nimmt place end int", nimmt_place, lambda s: sixnimmt.Place(0, 0, 1), "the end must be a word such as 'low' or 'front', not the number 1"),
    ("6nimmt place end None", nimmt_place, lambda s: sixnimmt.Place(0, 0, None), "the end must be a word such as 'low' or 'front', not nothing (None)"),
    ("6nimmt draft card float", nimmt_draft, lambda s: sixnimmt.Draft(0, float(s.pool[0])), "the card must be a whole number, not the number"),
    ("6nimmt draft card bool", nimmt_draft, lambda s: sixnimmt.Draft(0, True), "must be a whole number, not True or False"),
    ("6nimmt draft card str", nimmt_draft, lambda s: sixnimmt.Draft(0, "1"), "must be a whole number, not the text '"),
    ("mow add card float", mow_play, lambda s: mow.AddCow(0, float(mow_card("G-3-0")), "low"), "the card must be a whole number, not the number"),
    ("mow add card str", mow_play, lambda s: mow.AddCow(0, "G-3-0", "low"), "must be a whole number, not the text '"),
    ("mow add end int", mow_play, lambda s: mow.AddCow(0, mow_card("G-3-0"), 0), "the end must be a word such as 'low' or 'front', not the number 0"),
    ("mow add player bool", mow_play, lambda s: mow.AddCow(False, mow_card("G-3-0"), "low"), "must be a whole number, not True or False"),
    ("mow add player float", mow_play, lambda s: mow.AddCow(0.0, mow_card("G-3-0"), "low"), "the seat must be a whole number, not the number"),
    ("mow slowpoke value float", mow_play, lambda s: mow.Slowpoke(0, mow_card("G-SLOW-1"), 6.0), "the value must be a whole number, not the number 6.0"),
    ("mow slowpoke value str", mow_play, lambda s: mow.Slowpoke(0, mow_card("G-SLOW-1"), "6"), "must be a whole number, not the text '"),
    ("mow acrobat target float", mow_play,
     lambda s: mow.Acrobat(0, mow_card("G-ACRO-7"), float(mow_card("G-7-0"))), "the target cow must be a whole number, not the number"),
    ("mow take player float", mow_play, lambda s: mow.TakeHerd(0.0), "the seat must be a whole number, not the number"),
    ("mow take player numpy float", mow_play, lambda s: mow.TakeHerd(np.float64(0)), "the seat must be a whole number, not the number 0.0"),
    ("mow flip bool True", mow_flip, lambda s: mow.Flip(0, True), "must be a whole number, not True or False"),
    ("mow flip bool False", mow_flip, lambda s: mow.Flip(0, False), "must be a whole number, not True or False"),
    ("mow flip numpy bool", mow_flip, lambda s: mow.Flip(0, np.True_), "must be a whole number, not True or False"),
    ("mow flip float", mow_flip, lambda s: mow.Flip(0, 1.0), "the arrow choice must be a whole number, not the number 1.0"),
    ("mow flip str", mow_flip, lambda s: mow.Flip(0, "1"), "must be a whole number, not the text '"),
    ("mow next farmer float", mow_next, lambda s: mow.ChooseNext(0, 1.0), "the next farmer must be a whole number, not the number 1.0"),
    ("mow next farmer bool", mow_next, lambda s: mow.ChooseNext(0, True), "must be a whole number, not True or False"),
    ("mow next farmer str", mow_next, lambda s: mow.ChooseNext(0, "1"), "must be a whole number, not the text '"),
]


@pytest.mark.parametrize("make_state, make_action, words", [c[1:] for c in BAD_ACTIONS],
                         ids=[c[0] for c in BAD_ACTIONS])
def test_bad_action_field_is_refused_before_any_change(make_state, make_action, words):
    state = make_state()
    action = make_action(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.rule == "action-fields"
    assert words in str(err.value)
    assert same(snapshot(state), before)
    state.check_invariants()
    legal = state.legal_actions(state.pending_players()[0])
    state.apply(legal[0])  # the game goes on
    state.check_invariants()


def test_flip_out_of_range_keeps_its_own_rule():
    state = mow_flip()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(mow.Flip(0, 2))
    assert err.value.rule == "flip" and "0 (keep the arrow) or 1" in str(err.value)
    assert same(snapshot(state), before)


@pytest.mark.parametrize("make_state", [nimmt_choose, nimmt_row, nimmt_place, nimmt_draft, mow_play, mow_flip,
                                        mow_next], ids=lambda f: f.__name__)
def test_numpy_integer_actions_are_stored_as_plain_ints(make_state):
    state = make_state()
    legal = state.legal_actions(state.pending_players()[0])
    action = with_numpy_ints(legal[-1])
    assert action == legal[-1]
    assert all(type(getattr(action, f.name)) in (int, str) for f in dataclasses.fields(action))
    state.apply(action)
    assert json.loads(json.dumps([a.to_dict() for h in state.history for a in h]))


@pytest.mark.parametrize("name, options", [("sixnimmt", {"players": 3}), ("sixnimmt", {"variant": "logic"}),
                                           ("sixnimmt", {"variant": "professional", "players": 5}),
                                           ("mow", {"players": 3}), ("mow", {"players": 2})],
                         ids=["6nimmt", "6nimmt logic", "6nimmt professional", "mow", "mow star"])
def test_a_game_played_with_numpy_ints_saves_and_loads(name, options, tmp_path):
    game = load_game(name, max_rounds=2, **options)
    plain = random_game(game, 11)
    state = random_game(game, 11, convert=with_numpy_ints)
    record = to_record(state, seed=11)
    assert record == to_record(plain, seed=11)
    path = save(record, tmp_path / "game.json")
    assert load(path) == record


# --------------------------------------------------------------------------- game options

# (id, game, option, bad value)
BAD_OPTIONS = [
    ("6nimmt players float", "sixnimmt", "players", 4.0),
    ("6nimmt players numpy float", "sixnimmt", "players", np.float64(4)),
    ("6nimmt players bool", "sixnimmt", "players", True),
    ("6nimmt players str", "sixnimmt", "players", "4"),
    ("6nimmt players None", "sixnimmt", "players", None),
    ("6nimmt rows float", "sixnimmt", "rows", 4.0),
    ("6nimmt capacity str", "sixnimmt", "capacity", "5"),
    ("6nimmt hand_size bool", "sixnimmt", "hand_size", True),
    ("6nimmt threshold float", "sixnimmt", "threshold", 66.0),
    ("6nimmt threshold inf", "sixnimmt", "threshold", math.inf),
    ("6nimmt max_rounds float", "sixnimmt", "max_rounds", 1.5),
    ("6nimmt max_rounds bool", "sixnimmt", "max_rounds", True),
    ("6nimmt comparison int", "sixnimmt", "comparison", 1),
    ("6nimmt comparison list", "sixnimmt", "comparison", [">="]),
    ("6nimmt auto_row int", "sixnimmt", "auto_row", 1),
    ("6nimmt auto_row str", "sixnimmt", "auto_row", "yes"),
    ("6nimmt variant int", "sixnimmt", "variant", 5),
    ("6nimmt variant bytes", "sixnimmt", "variant", b"tactics"),
    ("6nimmt variant set", "sixnimmt", "variant", {"tactics"}),
    ("6nimmt variant dict", "sixnimmt", "variant", {"tactics": True}),
    ("6nimmt variant list with int", "sixnimmt", "variant", ["tactics", 3]),
    ("6nimmt variant nested list", "sixnimmt", "variant", [["tactics"]]),
    ("6nimmt variant unknown", "sixnimmt", "variant", "expert"),
    ("mow players float", "mow", "players", 4.0),
    ("mow players str", "mow", "players", "4"),
    ("mow threshold bool", "mow", "threshold", False),
    ("mow starter float", "mow", "starter", 1.0),
    ("mow max_rounds str", "mow", "max_rounds", "1"),
    ("mow packets int", "mow", "packets", 1),
    ("mow packets list", "mow", "packets", ["green"]),
    ("mow comparison None", "mow", "comparison", None),
    ("mow star int", "mow", "star", 1),
    ("mow reset_arrow int", "mow", "reset_arrow", 0),
    ("mow specials str", "mow", "specials", "no"),
    ("mow next_starter int", "mow", "next_starter", 3),
    ("mow yellow_next None", "mow", "yellow_next", None),
    ("mow restart list", "mow", "restart", ["taker"]),
]


@pytest.mark.parametrize("name, option, value", [c[1:] for c in BAD_OPTIONS], ids=[c[0] for c in BAD_OPTIONS])
def test_bad_option_type_is_an_option_error(name, option, value):
    with pytest.raises(OptionError) as err:
        load_game(name, **{option: value})
    assert err.value.option == option
    assert f"option {option}=" in str(err.value) and "allowed:" in str(err.value)


def test_numpy_options_are_stored_as_plain_values_and_the_game_saves(tmp_path):
    g = load_game("sixnimmt", players=np.int64(3), rows=np.int32(4), capacity=np.int16(5),
                  hand_size=np.uint8(10), threshold=np.int64(66), max_rounds=np.int64(2),
                  auto_row=np.bool_(False), comparison=np.str_(">="), variant=(np.str_("tactics"),))
    assert g == load_game("sixnimmt", players=3, max_rounds=2, variant="tactics")
    assert {k: type(v) for k, v in g.options.items()} == {
        "players": int, "rows": int, "capacity": int, "hand_size": int, "threshold": int,
        "comparison": str, "variant": list, "auto_row": bool, "max_rounds": int}
    m = load_game("mow", players=np.int64(2), threshold=np.int64(100), starter=np.int64(1),
                  max_rounds=np.int8(1), star=np.bool_(True), packets=np.str_("green"))
    assert m == load_game("mow", players=2, starter=1, max_rounds=1)
    assert all(type(v) in (int, bool, str) for v in m.options.values())
    for game in (g, m):
        json.dumps(game.options)
        record = to_record(random_game(game, 5), seed=5)
        path = save(record, tmp_path / f"{game.name}.json")
        assert load(path) == record


# (id, name)
BAD_GAME_NAMES = [("list", ["sixnimmt"]), ("None", None), ("int", 3), ("dict", {"sixnimmt": 1}),
                  ("tuple", ("mow",)), ("unknown", "chess")]


@pytest.mark.parametrize("name", [c[1] for c in BAD_GAME_NAMES], ids=[c[0] for c in BAD_GAME_NAMES])
def test_bad_game_name_is_an_option_error(name):
    with pytest.raises(OptionError) as err:
        load_game(name)
    assert err.value.option == "game" and "'sixnimmt', 'mow'" in str(err.value)
    with pytest.raises(OptionError) as err:
        make_agent(name, "random")
    assert err.value.option == "game"


@pytest.mark.parametrize("name", ["sixnimmt", "mow"])
def test_unknown_option_names_the_option_and_lists_the_options(name):
    with pytest.raises(OptionError) as err:
        load_game(name, players=3, colour="red")
    assert err.value.option == "colour" and "players" in str(err.value) and "threshold" in str(err.value)


# --------------------------------------------------------------------------- recorded deals running out


GAMES_WITH_DEALS = [("sixnimmt", {}), ("sixnimmt", {"variant": "logic", "players": 3}),
                    ("sixnimmt", {"variant": "professional"}), ("mow", {}), ("mow", {"players": 2}),
                    ("mow", {"restart": "next", "players": 5})]


@pytest.mark.parametrize("name, options", GAMES_WITH_DEALS,
                         ids=["6nimmt", "6nimmt logic", "6nimmt professional", "mow", "mow star", "mow restart next"])
def test_running_out_of_recorded_deals_is_a_clean_error(name, options):
    game = load_game(name, **options)
    deal = game.new_state(seed=3).deals[0]
    state = game.new_state(deals=[deal])
    rng = np.random.default_rng(4)
    decisions = 0
    while True:
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        action = legal[int(rng.integers(len(legal)))]
        before = snapshot(state)
        try:
            state.apply(action)
        except IllegalActionError as e:
            err = e
            break
        decisions += 1
        assert state.round_index == 0 and not state.is_over(), "one round cannot end the game here"
    assert err.rule == "no-recorded-deal" and "round 2 has no recorded deal" in str(err)
    assert decisions > 0
    assert same(snapshot(state), before)
    state.check_invariants()
    # the state still answers every question, and the same decision fails the same way
    assert state.pending_players() == (p,) and state.legal_actions(p) == legal
    state.observation(p)
    with pytest.raises(IllegalActionError, match="no-recorded-deal"):
        state.apply(action)
    assert same(snapshot(state), before)
    # given the next deal the same decision goes through
    more = game.new_state(deals=[deal, deal])
    for h in state.history[0]:
        more.apply(h)
    more.apply(action)
    assert more.round_index == 1


@pytest.mark.parametrize("name, options", GAMES_WITH_DEALS[:1] + GAMES_WITH_DEALS[3:4], ids=["6nimmt", "mow"])
def test_complete_recorded_deals_replay_the_game(name, options):
    game = load_game(name, **options)
    original = random_game(game, 8)
    again = game.new_state(deals=original.deals)
    for decisions in original.history:
        for a in decisions:
            again.apply(a)
    assert again.is_over() and again.totals == original.totals and again.round_scores == original.round_scores


@pytest.mark.parametrize("name", ["sixnimmt", "mow"])
def test_bad_recorded_deals_are_refused_when_the_state_is_made(name):
    game = load_game(name)
    good = game.new_state(seed=1).deals[0]
    cases = {
        "deals": [[], "deals", 5],
        "deals[1]": [[good, good[:-1]], [good, [good[0]] + good[:-1]], [good, "abc"], [good, 7]],
    }
    for option, values in cases.items():
        for deals in values:
            with pytest.raises(OptionError) as err:
                game.new_state(deals=deals)
            assert err.value.option == option, deals


# --------------------------------------------------------------------------- agents


# (id, game, agent, options, the option the error names)
BAD_AGENTS = [
    ("6nimmt mc unknown keyword", "sixnimmt", "mc", {"rollout": "greedy"}, "rollout"),
    ("6nimmt lowest takes no options", "sixnimmt", "lowest", {"x": 1}, "x"),
    ("6nimmt random row int", "sixnimmt", "random", {"row": 5}, "row"),
    ("6nimmt mc rollouts float", "sixnimmt", "mc", {"rollouts": 2.5}, "rollouts"),
    ("6nimmt mc rollouts bool", "sixnimmt", "mc", {"rollouts": True}, "rollouts"),
    ("6nimmt mc rollouts str", "sixnimmt", "mc", {"rollouts": "10"}, "rollouts"),
    ("6nimmt mc rollouts zero", "sixnimmt", "mc", {"rollouts": 0}, "rollouts"),
    ("6nimmt mc time_budget inf", "sixnimmt", "mc", {"time_budget": math.inf}, "time_budget"),
    ("6nimmt mc time_budget nan", "sixnimmt", "mc", {"time_budget": math.nan}, "time_budget"),
    ("6nimmt mc time_budget negative", "sixnimmt", "mc", {"time_budget": -1.0}, "time_budget"),
    ("6nimmt mc time_budget zero", "sixnimmt", "mc", {"time_budget": 0}, "time_budget"),
    ("6nimmt mc time_budget over an hour", "sixnimmt", "mc", {"time_budget": 3601}, "time_budget"),
    ("6nimmt mc time_budget huge int", "sixnimmt", "mc", {"time_budget": 10**400}, "time_budget"),
    ("6nimmt mc time_budget bool", "sixnimmt", "mc", {"time_budget": True}, "time_budget"),
    ("6nimmt mc time_budget str", "sixnimmt", "mc", {"time_budget": "1"}, "time_budget"),
    ("6nimmt mc objective int", "sixnimmt", "mc", {"objective": 1}, "objective"),
    ("mow greedy take_at str", "mow", "greedy", {"take_at": "x"}, "take_at"),
    ("mow greedy take_at float", "mow", "greedy", {"take_at": 1.5}, "take_at"),
    ("mow heuristic min_cards str", "mow", "heuristic", {"min_cards": "3"}, "min_cards"),
    ("mow heuristic take_at bool", "mow", "heuristic", {"take_at": True}, "take_at"),
    ("mow heuristic unknown keyword", "mow", "heuristic", {"take": 2}, "take"),
    ("mow random takes no options", "mow", "random", {"seed": 1}, "seed"),
    ("mow mc rollouts float", "mow", "mc", {"rollouts": 2.5}, "rollouts"),
    ("mow mc time_budget inf", "mow", "mc", {"time_budget": math.inf}, "time_budget"),
    ("mow mc rollout unknown", "mow", "mc", {"rollout": "smart"}, "rollout"),
    ("mow mc backend int", "mow", "mc", {"backend": 0}, "backend"),
    ("mow unknown agent", "mow", "wizard", {}, "agent"),
    ("mow agent name None", "mow", None, {}, "agent"),
    ("mow agent name int", "mow", 42, {}, "agent"),
    ("mow agent name list", "mow", ["random"], {}, "agent"),
    ("mow agent class not instance", "mow", mow_agents.RandomAgent, {}, "agent"),
]


@pytest.mark.parametrize("game, name, options, option", [c[1:] for c in BAD_AGENTS], ids=[c[0] for c in BAD_AGENTS])
def test_bad_agent_is_an_option_error(game, name, options, option):
    with pytest.raises(OptionError) as err:
        make_agent(game, name, **options)
    assert err.value.option == option
    assert "allowed:" in str(err.value)


def test_unknown_agent_keyword_lists_the_agents_options():
    with pytest.raises(OptionError) as err:
        make_agent("sixnimmt", "mc", rollout="greedy")
    for name in ("rollouts", "time_budget", "objective", "backend"):
        assert name in err.value.allowed
    with pytest.raises(OptionError, match="takes no options"):
        make_agent("sixnimmt", "greedy", depth=2)


def test_an_agent_object_takes_no_options():
    agent = make_agent("mow", "random")
    assert make_agent("mow", agent) is agent
    with pytest.raises(OptionError) as err:
        make_agent("mow", agent, rollouts=3)
    assert err.value.option == "rollouts"


def test_agent_options_accept_numpy_numbers_and_store_plain_ones():
    a = make_agent("sixnimmt", "mc", rollouts=np.int64(3), time_budget=np.float64(0.5))
    assert type(a.rollouts) is int and a.rollouts == 3 and type(a.time_budget) is float
    b = make_agent("mow", "heuristic", take_at=np.int32(1), min_cards=np.int8(2))
    assert (type(b.take_at), type(b.min_cards), b.take_at, b.min_cards) == (int, int, 1, 2)
    assert make_agent("mow", "greedy", take_at=-1).take_at == -1  # only when no cow fits


# (id, spec)
BAD_SPECS = [
    ("repeated key", "mc:rollouts=1,rollouts=2"),
    ("repeated key with spaces", "mc: rollouts=1, rollouts =2"),
    ("empty name", ""),
    ("blank name", "  "),
    ("empty name with options", ":rollouts=1"),
    ("empty key", "mc:=3"),
    ("part without =", "mc:rollouts"),
    ("nothing after colon", "mc:"),
    ("trailing comma", "mc:rollouts=1,"),
    ("not a string", 5),
    ("None", None),
]


@pytest.mark.parametrize("spec", [c[1] for c in BAD_SPECS], ids=[c[0] for c in BAD_SPECS])
def test_bad_agent_spec_is_an_option_error(spec):
    with pytest.raises(OptionError) as err:
        parse_agent_spec(spec)
    assert err.value.option == "agents"
    if isinstance(spec, str):
        assert err.value.allowed.startswith("name:key=value,key=value with each key once")


def test_agent_spec_parses_values_and_is_importable_from_the_tournament():
    from mowkit import tournament

    assert tournament.parse_agent_spec is parse_agent_spec
    assert parse_agent_spec(" mc : rollouts=20, backend=engine") == ("mc", {"rollouts": 20, "backend": "engine"})
    assert parse_agent_spec("greedy") == ("greedy", {})
    name, kwargs = parse_agent_spec("mc:time_budget=Infinity")
    with pytest.raises(OptionError) as err:
        make_agent("mow", name, **kwargs)
    assert err.value.option == "time_budget"


# --------------------------------------------------------------------------- the command line


def closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SIM = ["simulate", "--game", "sixnimmt", "--games", "2", "--seed", "1"]

# (id, arguments (with {tmp}, {file}, {port}), words expected on the one stderr line)
BAD_COMMAND_LINES = [
    ("replay missing file", ["replay", "{tmp}/nothere.json"], "nothere.json: field (file): cannot read"),
    ("replay a folder", ["replay", "{tmp}"], "field (file): is a folder"),
    ("replay not UTF-8", ["replay", "{tmp}/latin1.json"], "latin1.json: field (encoding): not UTF-8 text"),
    ("replay not JSON", ["replay", "{tmp}/broken.json"], "broken.json: field (json): not valid JSON"),
    ("replay deeply nested", ["replay", "{tmp}/deep.json"], "deep.json: field"),
    ("replay not a record", ["replay", "{tmp}/list.json"], "list.json: field (top level)"),
    ("replay no file given", ["replay"], "the following arguments are required: file"),
    ("out is a file", SIM + ["--agents", "random/random", "--out", "{file}"], "this is a file, not a folder"),
    ("out under a file", SIM + ["--agents", "random/random", "--out", "{file}/results"],
     "is a file, so no folder can be made under it"),
    ("out empty", SIM + ["--agents", "random/random", "--out", ""], "--out must name a folder"),
    ("unknown agent", SIM + ["--agents", "random/wizard", "--out", "{tmp}/o"], "agent='wizard'"),
    ("empty agent", SIM + ["--agents", "random//random", "--out", "{tmp}/o", "--option", "players=3"],
     "the agent name is missing"),
    ("no agents", SIM + ["--agents", "", "--out", "{tmp}/o"], "the agent name is missing"),
    ("unknown agent option", SIM + ["--agents", "random/greedy:depth=2", "--out", "{tmp}/o"], "depth=2"),
    ("agent option float", SIM + ["--agents", "random/mc:rollouts=2.5", "--out", "{tmp}/o"], "rollouts=2.5"),
    ("agent option bool", SIM + ["--agents", "random/mc:rollouts=true", "--out", "{tmp}/o"], "rollouts=True"),
    ("agent endless time budget", SIM + ["--agents", "random/mc:time_budget=Infinity", "--out", "{tmp}/o"],
     "time_budget=inf"),
    ("agent repeated key", SIM + ["--agents", "random/mc:rollouts=1,rollouts=2", "--out", "{tmp}/o"],
     "'rollouts' is given twice"),
    ("mow take_at text", ["simulate", "--game", "mow", "--games", "2", "--seed", "1", "--agents",
                          "random/greedy:take_at=x", "--out", "{tmp}/o"], "take_at='x'"),
    ("too few agents", SIM + ["--agents", "random/random", "--option", "players=3", "--out", "{tmp}/o"],
     "one agent per seat (3)"),
    ("option without =", SIM + ["--agents", "random/random", "--option", "tactics", "--out", "{tmp}/o"],
     "KEY=VALUE"),
    ("option unknown", SIM + ["--agents", "random/random", "--option", "unit=round", "--out", "{tmp}/o"],
     "option unit='round'"),
    ("option float for int", SIM + ["--agents", "random/random", "--option", "rows=4.0", "--out", "{tmp}/o"],
     "option rows=4.0"),
    ("option bad variant", SIM + ["--agents", "random/random", "--option", "variant=expert", "--out", "{tmp}/o"],
     "variant"),
    ("option given twice", SIM + ["--agents", "random/random", "--option", "rows=3", "--option", "rows=4",
                                  "--out", "{tmp}/o"], "rows is given twice"),
    ("games zero", ["simulate", "--game", "mow", "--games", "0", "--seed", "1", "--agents", "random/random",
                    "--out", "{tmp}/o"], "--games=0"),
    ("games negative", ["simulate", "--game", "mow", "--games", "-3", "--seed", "1", "--agents", "random/random",
                        "--out", "{tmp}/o"], "--games=-3"),
    ("games not a number", ["simulate", "--game", "mow", "--games", "x", "--seed", "1", "--agents",
                            "random/random", "--out", "{tmp}/o"], "argument --games: 'x' is not a whole number"),
    ("seed negative", ["simulate", "--game", "mow", "--games", "2", "--seed", "-1", "--agents", "random/random",
                       "--out", "{tmp}/o"], "--seed=-1"),
    ("jobs zero", SIM + ["--agents", "random/random", "--jobs", "0", "--out", "{tmp}/o"], "--jobs=0"),
    ("unknown game", ["simulate", "--game", "chess", "--games", "2", "--seed", "1", "--agents", "random/random",
                      "--out", "{tmp}/o"], "argument --game: invalid choice"),
    ("unreachable scheduler", SIM + ["--agents", "random/random", "--out", "{tmp}/o", "--scheduler",
                                     "tcp://127.0.0.1:{port}"],
     "cannot connect to the Dask scheduler at tcp://127.0.0.1:{port}"),
    ("scheduler without scheme", SIM + ["--agents", "random/random", "--out", "{tmp}/o", "--scheduler",
                                        "127.0.0.1:{port}"], "cannot connect to the Dask scheduler at 127.0.0.1:"),
    ("scheduler bad port", SIM + ["--agents", "random/random", "--out", "{tmp}/o", "--scheduler",
                                  "tcp://127.0.0.1:port"], "is not an address like tcp://host:8786"),
]


@pytest.mark.parametrize("argv, words", [c[1:] for c in BAD_COMMAND_LINES], ids=[c[0] for c in BAD_COMMAND_LINES])
def test_bad_command_line_is_one_line_and_exit_code_2(argv, words, tmp_path, capsys):
    (tmp_path / "latin1.json").write_bytes('{"format": "café"}'.encode("latin-1"))
    (tmp_path / "broken.json").write_text('{"format": ')
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "plain.txt").write_text("not a folder")
    port = closed_port()
    fill = {"tmp": str(tmp_path), "file": str(tmp_path / "plain.txt"), "port": str(port)}
    argv = [a.format(**fill) for a in argv]
    try:
        code = cli_main(argv)
    except SystemExit as e:  # argparse's own errors
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("mowkit: ") and err.count("\n") == 1, err
    assert words.format(**fill) in err
    assert "Traceback" not in err and out == ""
    assert not (tmp_path / "o").exists(), "nothing is written for a bad command line"


def test_internal_errors_are_one_line_unless_debugging(tmp_path, capsys, monkeypatch):
    import mowkit.cli
    from mowkit.simulate import play_game

    path = save(play_game(load_game("sixnimmt", players=2, max_rounds=1), ["random", "random"], seed=1),
                tmp_path / "g.json")

    def broken(*args, **kwargs):
        raise RuntimeError("a bug inside the kit")

    monkeypatch.setattr(mowkit.cli, "narrate", broken)  # the replay command tells the record with it
    monkeypatch.delenv("MOWKIT_DEBUG", raising=False)
    assert cli_main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == "mowkit: internal error: RuntimeError: a bug inside the kit (run with MOWKIT_DEBUG=1 for details)\n"
    monkeypatch.setenv("MOWKIT_DEBUG", "1")
    with pytest.raises(RuntimeError, match="a bug inside the kit"):
        cli_main(["replay", str(path)])


# --------------------------------------------------------------------------- the logic draft is public


def test_logic_draft_shows_every_players_picks_and_says_so():
    state = nimmt_draft()
    rng = np.random.default_rng(2)
    while state.phase == "draft":
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        state.apply(legal[int(rng.integers(len(legal)))])
    for p in range(2):
        obs = state.observation(p)
        other = 1 - p
        assert set(obs.drafted[other]) == set(state.hands[other])  # the other hand, from the public draft
    dealt = nimmt_choose().observation(0)
    assert all(d == () for d in dealt.drafted)
    doc = " ".join(sixnimmt.SixNimmtObservation.__doc__.split())
    assert "logic" in doc and "drafted" in doc and "public" in doc
    import mowkit.core

    assert "logic" in " ".join(mowkit.core.__doc__.split())


def test_make_agent_takes_a_spec_and_refuses_an_option_given_twice():
    a = make_agent("sixnimmt", "mc:rollouts=3,objective=relative")
    assert (a.rollouts, a.objective) == (3, "relative")
    with pytest.raises(OptionError) as err:
        make_agent("sixnimmt", "mc:rollouts=3", rollouts=4)
    assert err.value.option == "rollouts" and "each option once" in str(err.value)
    with pytest.raises(OptionError) as err:
        make_agent("sixnimmt", "mc:rollouts=3,rollouts=4")
    assert err.value.option == "agents"


# --------------------------------------------------------------------------- the seed rule (issue 21 §3, §4)

BAD_SEEDS = [-1, 1.5, "7", True, [1, 2], 2**63, 2**128, np.float64(3.0), {}]


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_new_state_refuses_a_bad_seed_the_same_way_in_both_games(game, seed):
    with pytest.raises(OptionError) as e:
        load_game(game).new_state(seed=seed)
    assert e.value.option == "seed" and "2**63 - 1" in str(e.value)


@pytest.mark.parametrize("seed", [0, 7, 2**63 - 1, np.int64(7), np.uint64(2**63 - 1), np.int8(3)], ids=repr)
def test_new_state_takes_every_allowed_seed_and_the_same_seed_deals_the_same(seed):
    for game in ("sixnimmt", "mow"):
        g = load_game(game)
        assert g.new_state(seed=seed).deals == g.new_state(seed=int(seed)).deals


def position_keywords(game):
    if game == "sixnimmt":
        return {"hands": [[1], [50], [60], [70]], "rows": [[10], [20], [30], [40]], "reachable": False}
    dealt = load_game("mow").new_state(1)
    return {"hands": dealt.hands, "stock": dealt.stock}


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, 2**64], ids=repr)
def test_a_position_refuses_a_bad_seed_the_same_way_in_both_games(game, seed):
    with pytest.raises(OptionError) as e:
        load_game(game).position(**position_keywords(game), seed=seed)
    assert e.value.option == "seed"


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
def test_a_position_keeps_the_seed_it_used(game):
    state = load_game(game).position(**position_keywords(game), seed=None)
    assert isinstance(state.start_position["seed"], int) and 0 <= state.start_position["seed"] < 2**63
    assert load_game(game).position(**position_keywords(game), seed=np.int64(9)).start_position["seed"] == 9


def test_play_game_with_a_numpy_seed_saves_and_loads(tmp_path):
    from mowkit.simulate import play_game

    record = play_game(load_game("sixnimmt", players=2, max_rounds=1), ["random", "random"], seed=np.int64(7))
    assert type(record["seed"]) is int and record["seed"] == 7
    save(record, tmp_path / "g.json")
    assert load(tmp_path / "g.json") == record


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, True])
def test_play_game_refuses_a_bad_seed_before_playing(seed):
    from mowkit.simulate import play_game

    with pytest.raises(OptionError) as e:
        play_game("mow", ["random"] * 4, seed=seed)
    assert e.value.option == "seed"


# --------------------------------------------------------------------------- options every backend plays


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
@pytest.mark.parametrize("option, value", [("threshold", 2**63), ("threshold", 2**64), ("threshold", 300_000),
                                           ("threshold", 10_001), ("max_rounds", 2**63), ("max_rounds", 10_001)])
def test_options_no_backend_can_play_are_refused_by_the_engine(game, option, value):
    with pytest.raises(OptionError) as e:
        load_game(game, **{option: value})
    assert e.value.option == option and "10000" in str(e.value)


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
def test_the_largest_options_are_accepted_and_saved(game, tmp_path):
    from mowkit.simulate import play_game

    record = play_game(load_game(game, threshold=10_000, max_rounds=1), ["random"] * 4, seed=1)
    save(record, tmp_path / "g.json")
    assert load(tmp_path / "g.json")["options"]["threshold"] == 10_000


@pytest.mark.parametrize("game", ["sixnimmt", "mow"])
@pytest.mark.parametrize("options", [{"threshold": 2**64}, {"threshold": 300_000}, {"max_rounds": 2**63}])
def test_the_kernels_refuse_the_same_options_before_any_work(game, options, monkeypatch):
    """The compiled path asks the engine's game first: no compile, no kernel call before the refusal."""
    import importlib

    kernel = importlib.import_module(f"mowkit.games.{game}.kernel")

    def no_work(*args, **kwargs):
        raise AssertionError("the kernel was called")

    monkeypatch.setattr(kernel.DRIVER, "call", no_work)
    with pytest.raises(OptionError) as e:
        kernel.simulate_games(4, "random", 10, seed=1, **options)
    assert e.value.option == next(iter(options))
