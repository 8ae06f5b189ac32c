"""Scenario tests of RULES.md §2 (Mow): hand-built positions, one per rule and edge case.

Positions are built with ``Mow.position`` (cards by code: ``G-7-2`` is the green plain 7 with 2
flies). Every refusal checks the rule named by the IllegalActionError and that the state is
unchanged afterwards.
"""

from __future__ import annotations

import pytest

from mowkit import load_game
from mowkit.core import IllegalActionError, OptionError
from mowkit.events import GameEnded
from mowkit.games.mow import (
    Acrobat,
    AddCow,
    Calf,
    ChooseNext,
    CowAdded,
    Flip,
    HerdTaken,
    LastTake,
    MadCow,
    MadCowPlaced,
    NobodyCanStart,
    NoCardDrawn,
    Slowpoke,
    StartPassed,
    TakeHerd,
)
from mowkit.narrate import describe, sentence

BOTH = load_game("mow", players=3, packets="both")
GREEN = load_game("mow", players=3)
FILLER = ["Y-13-2", "Y-14-1"]
F1 = ["Y-13-1", "Y-14-0"]


def ids(game, *codes):
    return [game.card_id(c) for c in codes]


def cid(code, game=BOTH):
    return game.card_id(code)


def snapshot(state):
    return repr(state), [state.observation(p) for p in range(state.num_players)], list(state.stock)


def refuse(state, action, rule):
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.rule == rule, str(err.value)
    assert snapshot(state) == before
    state.check_invariants()
    return err.value


def herd_codes(state, h=0):
    return [state.game.cards[c].code for _, c in state.herds[h]]


def herd_values(state, h=0):
    return [v for v, _ in state.herds[h]]


def pos(hands, herd=None, game=BOTH, **kw):
    herds = None if herd is None else [herd]
    return game.position(hands, herds, **kw)


# ----------------------------------------------------------------- options


def test_options_defaults_and_round_trip():
    assert load_game("mow", players=3).packets == "green"
    assert load_game("mow", players=6).packets == "both"
    assert load_game("mow", players=2).star is True
    assert len(load_game("mow", players=6).deck) == 96
    g = load_game("mow", players=5, packets="yellow", next_starter="rotate", restart="next")
    assert load_game("mow", **g.options) == g
    assert g.deck == tuple(range(48, 96))
    assert g.deck_flies() == 74


@pytest.mark.parametrize(
    "options, option",
    [
        ({"players": 1}, "players"),
        ({"players": 11}, "players"),
        ({"players": 3, "packets": "red"}, "packets"),
        ({"players": 10, "packets": "green"}, "packets"),
        ({"players": 3, "star": True}, "star"),
        ({"players": 3, "comparison": "<"}, "comparison"),
        ({"players": 3, "threshold": 0}, "threshold"),
        ({"players": 3, "starter": 3}, "starter"),
        ({"players": 3, "next_starter": "youngest"}, "next_starter"),
        ({"players": 3, "yellow_next": "self"}, "yellow_next"),
        ({"players": 3, "restart": "never"}, "restart"),
        ({"players": 3, "max_rounds": 0}, "max_rounds"),
        ({"players": 3, "reset_arrow": "yes"}, "reset_arrow"),
        ({"players": 3, "colour": "blue"}, "colour"),
    ],
)
def test_bad_options_name_the_option(options, option):
    with pytest.raises(OptionError) as err:
        load_game("mow", **options)
    assert err.value.option == option
    assert "allowed" in str(err.value)


def test_two_players_without_star_play_one_herd():
    g = load_game("mow", players=2, star=False)
    s = g.new_state(1)
    assert len(s.herds) == 1


# ----------------------------------------------------------------- plain cows, ends, start


def test_plain_cow_goes_strictly_below_or_above():
    s = pos([["G-3-0", "G-7-0", "G-12-1", "G-5-0"], F1, FILLER], ["G-5-1", "G-9-2"])
    legal = s.legal_actions()
    assert legal == sorted(legal, key=lambda a: (getattr(a, "card", 999)))
    assert set(legal) == {AddCow(0, cid("G-3-0"), "low"), AddCow(0, cid("G-12-1"), "high"), TakeHerd(0)}
    refuse(s, AddCow(0, cid("G-7-0"), "low"), "ascending")
    refuse(s, AddCow(0, cid("G-5-0"), "low"), "ascending")  # equal to the lowest value
    refuse(s, AddCow(0, cid("G-3-0"), "high"), "ascending")
    s.apply(AddCow(0, cid("G-12-1"), "high"))
    assert herd_values(s) == [5, 9, 12]
    assert s.events[0] == CowAdded(0, cid("G-12-1"), 0, "high")
    assert sentence(BOTH, s.events[0]) == "Farmer 1 adds 12 (1 fly) at the high end."
    assert s.pending_players() == (1,)
    s.check_invariants()


def test_basic_refusals_out_of_turn_card_in_hand_and_game_over():
    s = pos([["G-3-0"], ["G-12-0"], FILLER], ["G-5-1"])
    refuse(s, AddCow(1, cid("G-12-0"), "high"), "out-of-turn")
    refuse(s, AddCow(0, cid("G-12-0"), "high"), "card-in-hand")
    refuse(s, Flip(0, 1), "flip")
    refuse(s, ChooseNext(0, 1), "next-farmer")
    g = load_game("mow", players=3, packets="both", max_rounds=1)
    s = g.position([["G-3-0"], ["G-12-0"], FILLER], [["G-5-1"]], stock=[])
    s.apply(TakeHerd(0))
    assert s.is_over() and s.legal_actions() == [] and s.pending_players() == ()
    refuse(s, TakeHerd(1), "game-over")


def test_empty_herd_must_be_started_with_a_numbered_cow():
    s = pos([["G-ACRO-7", "G-SLOW-1", "Y-CALF", "Y-MAD", "G-6-0", "Y-THIN-4"], F1, FILLER], [])
    assert s.legal_actions() == [AddCow(0, cid("G-6-0"), "start"), AddCow(0, cid("Y-THIN-4"), "start")]
    refuse(s, TakeHerd(0), "take-the-herd")
    refuse(s, AddCow(0, cid("G-6-0"), "low"), "start-the-herd")
    refuse(s, AddCow(0, cid("G-SLOW-1"), "start"), "start-the-herd")
    refuse(s, Slowpoke(0, cid("G-SLOW-1"), 5), "slowpoke")
    refuse(s, MadCow(0, cid("Y-MAD")), "mad-cow")


# ----------------------------------------------------------------- blocking cows


def test_blocking_cows_close_the_ends():
    s = pos([["Y-BLOCK-0", "G-BLOCK-16", "G-1-0", "G-15-0"], F1, FILLER], ["G-BLOCK-0", "G-5-0"])
    legal = set(s.legal_actions(0))
    assert AddCow(0, cid("G-BLOCK-16"), "high") in legal and AddCow(0, cid("G-15-0"), "high") in legal
    refuse(s, AddCow(0, cid("Y-BLOCK-0"), "low"), "blocking-cow")  # a second 0 cannot go below the first
    refuse(s, AddCow(0, cid("G-1-0"), "low"), "blocking-cow")
    s.apply(AddCow(0, cid("G-BLOCK-16"), "high"))
    assert s.phase == "flip" and s.pending_players() == (0,)
    s.apply(Flip(0, 0))
    # farmer 1 now faces 0..16: nothing fits
    assert s.legal_actions() == [TakeHerd(1)]


def test_nothing_above_16():
    s = pos([["G-15-0", "Y-BLOCK-16"], F1, FILLER], ["G-5-0", "G-BLOCK-16"])
    refuse(s, AddCow(0, cid("G-15-0"), "high"), "blocking-cow")
    refuse(s, AddCow(0, cid("Y-BLOCK-16"), "high"), "blocking-cow")


def test_special_cow_may_start_a_herd_and_keeps_its_effect():
    s = pos([["G-BLOCK-16", "G-9-0"], F1, FILLER], [])
    s.apply(AddCow(0, cid("G-BLOCK-16"), "start"))
    assert s.phase == "flip" and herd_values(s) == [16]
    s2 = pos([["Y-DAIRY-12", "G-9-0"], F1, FILLER], [], stock=["G-5-0", "G-6-0", "G-7-0"])
    s2.apply(AddCow(0, cid("Y-DAIRY-12"), "start"))
    assert s2.phase == "next" and len(s2.hands[0]) == 3 and s2.stock == [cid("G-7-0")]


# ----------------------------------------------------------------- acrobat


def test_acrobat_on_each_plain_cow_of_its_number():
    s = pos([["G-ACRO-7", "G-ACRO-9"], F1, FILLER],
            ["G-5-0", "G-7-3", ("G-SLOW-1", 8), "G-9-1", "G-10-0"])
    legal = s.legal_actions()
    assert legal == [Acrobat(0, cid("G-ACRO-7"), cid("G-7-3")), Acrobat(0, cid("G-ACRO-9"), cid("G-9-1")),
                     TakeHerd(0)]
    refuse(s, Acrobat(0, cid("G-ACRO-7"), cid("G-9-1")), "acrobat")  # another number
    refuse(s, Acrobat(0, cid("G-ACRO-7"), cid("G-SLOW-1")), "acrobat")  # on a slowpoke
    refuse(s, Acrobat(0, cid("G-ACRO-7"), cid("G-12-0")), "acrobat")  # not in the herd
    refuse(s, AddCow(0, cid("G-ACRO-7"), "high"), "acrobat")
    s.apply(Acrobat(0, cid("G-ACRO-7"), cid("G-7-3")))
    assert herd_values(s) == [5, 7, 8, 9, 10]  # the ends do not change
    assert s.acrobats[0] == [(cid("G-ACRO-7"), cid("G-7-3"))]
    assert s.phase == "flip"
    s.check_invariants()


def test_acrobat_never_on_a_slowpoke_standing_for_its_number():
    s = pos([["G-ACRO-7"], F1, FILLER], ["G-5-0", ("G-SLOW-1", 7), "G-9-1"])
    assert s.legal_actions() == [TakeHerd(0)]
    refuse(s, Acrobat(0, cid("G-ACRO-7"), cid("G-SLOW-1")), "acrobat")


# ----------------------------------------------------------------- slowpoke


def test_slowpoke_values_and_no_gap():
    s = pos([["G-SLOW-1", "G-12-0"], F1, FILLER], ["Y-3-0", "Y-5-0", ("G-SLOW-2", 7), "Y-MAD", "Y-10-1"])
    values = [a.value for a in s.legal_actions() if isinstance(a, Slowpoke)]
    assert values == [4, 6, 9]  # 5, 7 (slowpoke) and 8 (mad cow) are taken
    refuse(s, Slowpoke(0, cid("G-SLOW-1"), 8), "slowpoke")
    refuse(s, Slowpoke(0, cid("G-SLOW-1"), 2), "slowpoke")  # outside the line
    refuse(s, Slowpoke(0, cid("G-SLOW-1"), 10), "slowpoke")
    s.apply(Slowpoke(0, cid("G-SLOW-1"), 6))
    assert herd_values(s) == [3, 5, 6, 7, 8, 10]
    assert s.phase == "flip"
    s.check_invariants()
    full = pos([["G-SLOW-1"], F1, FILLER], ["G-4-0", "G-5-0", "G-6-0"])
    assert full.legal_actions() == [TakeHerd(0)]
    err = refuse(full, Slowpoke(0, cid("G-SLOW-1"), 5), "slowpoke")
    assert "no missing number" in str(err)
    single = pos([["G-SLOW-1"], F1, FILLER], ["G-4-0"])
    refuse(single, Slowpoke(0, cid("G-SLOW-1"), 4), "slowpoke")


# ----------------------------------------------------------------- calf


def test_calf_next_to_plain_cow_without_flies():
    s = pos([["Y-CALF", "G-2-0"], F1, FILLER], ["G-4-0", "G-9-1"])
    assert [a for a in s.legal_actions() if isinstance(a, Calf)] == [Calf(0, cid("Y-CALF"), "low")]
    refuse(s, Calf(0, cid("Y-CALF"), "high"), "calf")  # 9 carries a fly
    s.apply(Calf(0, cid("Y-CALF"), "low"))
    assert herd_values(s) == [3, 4, 9]
    assert s.phase == "next"
    one = pos([["Y-CALF"], F1, FILLER], ["G-7-0"])
    assert [a for a in one.legal_actions() if isinstance(a, Calf)] == [Calf(0, cid("Y-CALF"), "low"),
                                                                      Calf(0, cid("Y-CALF"), "high")]
    one.apply(Calf(0, cid("Y-CALF"), "high"))
    assert herd_values(one) == [7, 8]


def test_calf_next_to_1_is_worth_0_and_nothing_goes_below():
    s = pos([["Y-CALF", "G-4-0"], ["G-BLOCK-0", "G-14-0"], FILLER], ["G-1-0", "G-5-0"])
    s.apply(Calf(0, cid("Y-CALF"), "low"))
    assert herd_values(s) == [0, 1, 5]
    s.apply(ChooseNext(0, 1))
    assert s.pending_players() == (1,)
    assert s.legal_actions() == [AddCow(1, cid("G-14-0"), "high"), TakeHerd(1)]
    refuse(s, AddCow(1, cid("G-BLOCK-0"), "low"), "calf")


def test_calf_next_to_a_plain_cow_carrying_an_acrobat_but_never_next_to_the_mad_cow():
    s = pos([["Y-CALF"], F1, FILLER], ["G-3-1", "G-7-0"], acrobats=[("G-ACRO-7", "G-7-0")])
    assert Calf(0, cid("Y-CALF"), "high") in s.legal_actions()
    m = pos([["Y-CALF"], F1, FILLER], ["G-3-1", "Y-MAD"])
    refuse(m, Calf(0, cid("Y-CALF"), "high"), "calf")


# ----------------------------------------------------------------- thin and dairy draws


def test_thin_cow_draws_nothing_and_dairy_cow_draws_two():
    pile = ["G-5-0", "G-6-0", "G-7-0"]
    s = pos([["Y-THIN-4", "Y-DAIRY-12"], F1, FILLER], ["G-8-0"], stock=pile)
    s.apply(AddCow(0, cid("Y-THIN-4"), "low"))
    assert s.hands[0] == [cid("Y-DAIRY-12")] and len(s.stock) == 3
    assert s.phase == "next" and NoCardDrawn(0, "thin-cow") in s.events
    s.apply(ChooseNext(0, 0 if BOTH.yellow_next == "any" else 2))
    s2 = pos([["Y-THIN-4", "Y-DAIRY-12"], F1, FILLER], ["G-8-0"], stock=pile)
    s2.apply(AddCow(0, cid("Y-DAIRY-12"), "high"))
    assert sorted(s2.hands[0]) == sorted(ids(BOTH, "Y-THIN-4", "G-5-0", "G-6-0"))
    assert s2.stock == [cid("G-7-0")]


def test_draws_are_fewer_when_the_pile_runs_short():
    s = pos([["Y-DAIRY-12", "G-2-0"], F1, FILLER], ["G-8-0"], stock=["G-5-0"])
    s.apply(AddCow(0, cid("Y-DAIRY-12"), "high"))
    assert s.hands[0] == sorted(ids(BOTH, "G-2-0", "G-5-0")) and s.stock == []
    s3 = pos([["G-12-0", "G-2-0"], F1, FILLER], ["G-8-0"], stock=[])
    s3.apply(AddCow(0, cid("G-12-0"), "high"))
    assert s3.hands[0] == [cid("G-2-0")]
    assert s3.events[1] == NoCardDrawn(0, "empty-stock")


# ----------------------------------------------------------------- mad cow


def test_mad_cow_replaces_the_plain_8_and_the_8_returns_before_the_draw():
    s = pos([["Y-MAD", "G-2-0"], F1, FILLER], ["G-5-0", "G-8-3"], stock=["G-12-0", "G-13-0"])
    assert MadCow(0, cid("Y-MAD")) in s.legal_actions()
    s.apply(MadCow(0, cid("Y-MAD")))
    assert herd_values(s) == [5, 8] and herd_codes(s) == ["G-5-0", "Y-MAD"]
    assert s.hands[0] == sorted(ids(BOTH, "G-2-0", "G-8-3", "G-12-0"))
    assert s.events[0] == MadCowPlaced(0, cid("Y-MAD"), 0, cid("G-8-3"))
    assert sentence(BOTH, s.events[0]) == ("Farmer 1 puts the mad cow in place of the 8 (3 flies); "
                                           "the 8 (3 flies) goes back to their hand.")
    assert s.phase == "next"
    s.check_invariants()


def test_mad_cow_needs_a_plain_8():
    s = pos([["Y-MAD"], F1, FILLER], ["G-5-0", ("G-SLOW-1", 8), "G-9-0"])
    assert s.legal_actions() == [TakeHerd(0)]
    refuse(s, MadCow(0, cid("Y-MAD")), "mad-cow")


def test_while_the_mad_cow_is_in_the_herd_only_cows_with_flies():
    hand = ["G-2-0", "G-3-1", "G-12-0", "G-13-2", "G-SLOW-1", "G-ACRO-7"]
    s = pos([hand, F1, FILLER], ["G-4-0", "G-7-0", "Y-MAD", "G-11-0"])
    legal = set(s.legal_actions())
    assert AddCow(0, cid("G-3-1"), "low") in legal and AddCow(0, cid("G-13-2"), "high") in legal
    assert Slowpoke(0, cid("G-SLOW-1"), 5) in legal and Acrobat(0, cid("G-ACRO-7"), cid("G-7-0")) in legal
    refuse(s, AddCow(0, cid("G-2-0"), "low"), "mad-cow")
    refuse(s, AddCow(0, cid("G-12-0"), "high"), "mad-cow")
    calf = pos([["Y-CALF"], F1, FILLER], ["G-4-0", "G-7-0", "Y-MAD"])
    assert Calf(0, cid("Y-CALF"), "low") in calf.legal_actions()  # the calf carries flies


# ----------------------------------------------------------------- follow-up decisions


def test_flip_after_a_green_special_changes_who_plays_next():
    s = pos([["G-BLOCK-16", "G-2-0"], F1, FILLER], ["G-5-0"])
    s.apply(AddCow(0, cid("G-BLOCK-16"), "high"))
    assert s.legal_actions() == [Flip(0, 0), Flip(0, 1)]
    refuse(s, TakeHerd(0), "out-of-turn")
    refuse(s, Flip(0, 2), "flip")
    s.apply(Flip(0, 1))
    assert s.arrow == -1 and s.pending_players() == (2,)
    keep = pos([["G-BLOCK-16", "G-2-0"], F1, FILLER], ["G-5-0"])
    keep.apply(AddCow(0, cid("G-BLOCK-16"), "high"))
    keep.apply(Flip(0, 0))
    assert keep.arrow == 1 and keep.pending_players() == (1,)


def test_choose_next_after_a_yellow_special():
    g = load_game("mow", players=4, packets="both")
    hands = [["Y-BLOCK-16", "G-2-0"], ["G-3-0"], ["G-4-0"], ["G-6-0"]]
    s = g.position(hands, [["G-5-0"]])
    s.apply(AddCow(0, g.card_id("Y-BLOCK-16"), "high"))
    assert s.legal_actions() == [ChooseNext(0, 1), ChooseNext(0, 2), ChooseNext(0, 3)]
    refuse(s, ChooseNext(0, 0), "next-farmer")
    s.apply(ChooseNext(0, 2))
    assert s.pending_players() == (2,)
    s.apply(TakeHerd(2))  # restarts and plays on from farmer 2 in the arrow's direction
    s.apply(AddCow(2, g.card_id("G-4-0"), "start"))
    assert s.pending_players() == (3,)
    g_any = load_game("mow", players=2, packets="both", star=False, yellow_next="any")
    s = g_any.position([["Y-THIN-4", "G-2-0"], ["G-3-0"]], [["G-5-0"]])
    s.apply(AddCow(0, g_any.card_id("Y-THIN-4"), "low"))
    assert s.legal_actions() == [ChooseNext(0, 0), ChooseNext(0, 1)]  # always asked
    s.apply(ChooseNext(0, 0))
    assert s.pending_players() == (0,)


# ----------------------------------------------------------------- taking the herd


def test_take_then_the_taker_starts_and_draws_in_the_same_turn():
    s = pos([["G-2-0", "G-ACRO-7"], ["G-12-0"], FILLER], ["G-5-1", "G-9-2"], stock=["G-13-0", "G-14-0"])
    s.apply(TakeHerd(0))
    assert s.piles[0] == sorted(ids(BOTH, "G-5-1", "G-9-2")) and s.herds == [[]]
    assert s.events == [HerdTaken(0, 0, tuple(ids(BOTH, "G-5-1", "G-9-2")), 3)]
    assert sentence(BOTH, s.events[0]) == "Farmer 1 takes the herd: 2 cards, 3 flies."
    assert s.pending_players() == (0,) and s.legal_actions() == [AddCow(0, cid("G-2-0"), "start")]
    s.apply(AddCow(0, cid("G-2-0"), "start"))
    assert s.hands[0] == sorted(ids(BOTH, "G-ACRO-7", "G-13-0"))
    assert s.pending_players() == (1,)


def test_taker_without_a_numbered_cow_passes_the_start():
    s = pos([["G-ACRO-7", "G-SLOW-1"], ["Y-CALF"], ["G-4-0"]], ["G-5-1"], stock=["G-13-0"])
    s.apply(TakeHerd(0))
    assert s.pending_players() == (2,)
    assert s.events[-1] == StartPassed(0, 2, 0)
    s.apply(AddCow(2, cid("G-4-0"), "start"))
    assert s.pending_players() == (0,)  # play continues after the farmer who started


def test_restart_next_option():
    g = load_game("mow", players=3, packets="both", restart="next")
    s = g.position([["G-2-0"], ["G-12-0"], FILLER], [["G-5-1"]], stock=["G-13-0"])
    s.apply(TakeHerd(0))
    assert s.pending_players() == (1,) and s.legal_actions() == [AddCow(1, g.card_id("G-12-0"), "start")]


def test_take_of_an_empty_pile_ends_the_round_and_hands_go_to_cowsheds():
    s = pos([["G-2-0", "G-7-3"], ["G-12-1"], ["Y-MAD"]], ["G-5-1", "G-9-2"], stock=[],
            piles=[[], ["G-13-2"], []])
    s.apply(TakeHerd(0))  # voluntary: G-2-0 would fit
    assert s.events[1] == LastTake(0)
    assert s.round_scores == [[6, 3, 5]] and s.totals == [6, 3, 5]
    assert s.round_index == 1  # the next round is dealt
    assert s.round_starter == 0  # most flies
    s.check_invariants()


def test_next_round_starter_most_flies_ties_clockwise_after_previous_starter():
    g = load_game("mow", players=4, packets="both")
    s = g.position([["G-2-0"], ["G-12-1"], ["G-3-0"], ["G-4-0"]], [["G-5-0"]], stock=[], pending=2,
                   totals=[10, 20, 30, 20], round_index=1)
    # farmer 2 starts this position's round; hands: 0, 1, 0, 0 flies; totals 10, 21, 30, 20
    s.apply(TakeHerd(2))
    assert s.totals == [10, 21, 30, 20] and s.round_starter == 2
    s = g.position([["G-2-0"], ["G-12-0"], ["G-3-0"], ["G-4-0"]], [["G-5-0"]], stock=[], pending=2,
                   totals=[30, 20, 25, 30], round_index=1)
    s.apply(TakeHerd(2))
    assert s.round_starter == 3  # 0 and 3 tied at 30: 3 is nearer after the previous starter 2
    r = load_game("mow", players=4, packets="both", next_starter="rotate")
    s = r.position([["G-2-0"], ["G-12-0"], ["G-3-0"], ["G-4-0"]], [["G-5-0"]], stock=[], pending=2)
    s.apply(TakeHerd(2))
    assert s.round_starter == 3 and s.arrow == 1


def test_arrow_resets_each_round_unless_reset_arrow_false():
    for reset, want in ((True, 1), (False, -1)):
        g = load_game("mow", players=3, packets="both", reset_arrow=reset)
        s = g.position([["G-2-0"], ["G-12-0"], ["G-3-0"]], [["G-5-0"]], stock=[], arrow=-1)
        s.apply(TakeHerd(0))
        assert s.round_index == 1 and s.arrow == want


def test_farmer_with_empty_hand_must_take():
    s = pos([[], ["G-12-0"], FILLER], ["G-5-1"], stock=["G-13-0"])
    assert s.legal_actions() == [TakeHerd(0)]
    s.apply(TakeHerd(0))
    assert s.pending_players() == (1,)  # farmer 0 cannot start: farmer 1 does


def test_no_farmer_can_start_ends_the_round():
    s = pos([["G-ACRO-7"], ["Y-CALF"], ["G-SLOW-1"]], ["G-5-1"], stock=["G-13-0"])
    s.apply(TakeHerd(0))
    assert NobodyCanStart() in s.events
    assert s.round_scores == [[6, 5, 5]]
    s.check_invariants()


def test_game_ends_at_threshold_shared_wins_and_comparison():
    g = load_game("mow", players=3, packets="both")
    s = g.position([["G-2-0"], ["G-12-0"], ["G-3-0"]], [["G-7-3"]], stock=[], totals=[97, 40, 40],
                   round_index=1)
    s.apply(TakeHerd(0))
    assert s.is_over() and s.totals == [100, 40, 40] and s.winners() == (1, 2)
    g2 = load_game("mow", players=3, packets="both", comparison=">")
    s = g2.position([["G-2-0"], ["G-12-0"], ["G-3-0"]], [["G-7-3"]], stock=[], totals=[97, 40, 41],
                    round_index=1)
    s.apply(TakeHerd(0))
    assert not s.is_over() and s.round_index == 2
    assert not any(isinstance(e, GameEnded) for e in s.events)


# ----------------------------------------------------------------- observation


def test_observation_never_shows_another_hand():
    s = pos([["G-2-0", "G-3-1"], ["G-12-0"], ["G-13-0"]], ["G-5-1"])
    o = s.observation(1)
    assert o.hand == (cid("G-12-0"),) and o.hand_sizes == (2, 1, 1)
    seen = set(o.hand) | {c for h in o.herds for _, c in h}
    assert cid("G-3-1") not in seen and cid("G-3-1") in o.unseen_cards()
    assert o.pending == (0,) and o.arrow == 1 and o.stock_size == len(s.stock)


# ----------------------------------------------------------------- two-player star


STAR = load_game("mow", players=2)


def test_star_starts_with_three_empty_herds_and_rotates_with_the_arrow():
    s = STAR.new_state(5)
    assert s.herds == [[], [], []] and s.active == 0
    assert all(isinstance(a, AddCow) and a.end == "start" for a in s.legal_actions())
    refuse(s, TakeHerd(0), "take-the-herd")
    s.apply(s.legal_actions()[0])
    assert s.active == 1 and s.pending_players() == (1,) and len(s.herds[0]) == 1
    s.apply(s.legal_actions()[0])
    assert s.active == 2 and s.pending_players() == (0,)


def test_star_flip_applies_to_the_herd_move_of_the_same_turn():
    g = STAR
    s = g.position([["G-BLOCK-16", "G-2-0"], ["G-3-0"]], [["G-5-0"], ["G-6-0"], ["G-7-0"]], active=1)
    s.apply(AddCow(0, g.card_id("G-BLOCK-16"), "high"))
    s.apply(Flip(0, 1))
    assert s.active == 0 and s.arrow == -1 and s.pending_players() == (1,)
    s.apply(AddCow(1, g.card_id("G-3-0"), "low"))
    assert s.active == 2


def test_star_take_restarts_the_same_herd_then_moves_on():
    g = STAR
    s = g.position([["G-2-0", "G-3-0"], ["G-4-0"]], [["G-5-0"], ["G-6-0"], ["G-7-0"]], active=1,
                   stock=["G-12-0"])
    s.apply(TakeHerd(0))
    assert s.active == 1 and s.herds[1] == [] and s.pending_players() == (0,)
    s.apply(AddCow(0, g.card_id("G-3-0"), "start"))
    assert herd_codes(s, 1) == ["G-3-0"] and s.active == 2 and s.pending_players() == (1,)


def test_star_first_take_with_empty_pile_ends_the_round_other_herds_unscored():
    g = load_game("mow", players=2, max_rounds=1)
    s = g.position([["G-2-0"], ["G-4-1"]], [["G-5-1"], ["G-6-2"], ["G-7-3"]], active=2, stock=[])
    s.apply(TakeHerd(0))
    assert s.is_over() and s.round_scores == [[3, 1]]
    assert sorted(s.unscored) == sorted(ids(g, "G-5-1", "G-6-2"))
    assert s.where_is()[g.card_id("G-5-1")] == "unscored herd"
    s.check_invariants()


def test_star_empty_active_herd_must_be_started_even_midgame():
    g = STAR
    s = g.position([["G-2-0", "G-ACRO-7"], ["G-4-0"]], [["G-5-0"], [], ["G-7-0"]], active=1)
    assert s.legal_actions() == [AddCow(0, g.card_id("G-2-0"), "start")]
    refuse(s, TakeHerd(0), "take-the-herd")
    p = g.position([["G-ACRO-7"], ["G-4-0"]], [["G-5-0"], [], ["G-7-0"]], active=1)
    assert p.pending_players() == (1,)  # farmer 0 cannot start herd 1: farmer 1 does


# ----------------------------------------------------------------- drawing


def test_html_draws_herds_and_hides_other_hands():
    s = pos([["G-2-0", "G-3-1"], ["G-12-0"], ["Y-13-2"]], ["G-5-1", ("G-SLOW-1", 6), "G-7-0"],
            acrobats=[("G-ACRO-7", "G-7-0")])
    page = s._repr_html_()
    # cards by their names (no internal codes), flies drawn as icons
    assert "<title>slowpoke</title>" in page and "<title>acrobat 7</title>" in page and 'class="icon fly"' in page
    assert "G-SLOW-1" not in page and "G-ACRO-7" not in page
    from mowkit.render import state_html

    only1 = state_html(s, show_hands=1)
    assert "<title>12</title>" in only1 and "<title>3 (1 fly)</title>" not in only1 and "2 cards" in only1
    star = load_game("mow", players=2).new_state(0)
    assert "herd 2" in star._repr_html_() and "active" in star._repr_html_()


def test_describe_names_each_decision():
    s = pos([["G-12-1", "G-ACRO-7", "G-SLOW-1", "Y-CALF", "Y-MAD"], F1, FILLER], ["G-5-0", "G-7-0", "G-8-0"])
    words = [describe(BOTH, a) for a in s.legal_actions()]
    assert words == ["add 12 (1 fly) at the high end", "put acrobat 7 on the 7", "slowpoke standing for 6",
                     "calf at the low end", "calf at the high end", "mad cow in place of the 8",
                     "take the herd"]
