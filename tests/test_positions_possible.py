"""Impossible positions are refused, naming what is impossible (issue 21 §4).

Always refused: a Mow hand larger than a farmer can hold (5 dealt, one more per dairy cow and mad
cow), a round index beyond the kit's 10,000 rounds. With ``reachable=True`` (what a position that
claims to come from a dealt game asks for) also: 6 nimmt! rows and piles that do not hold one card
per row and one per player for each turn played, and totals at or beyond the game's end (both
games). Every state a dealt game reaches passes these checks (a hypothesis property), and the
flag is kept in the record, so a reachable position reads back as one.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mowkit import load_game
from mowkit.core import OptionError
from mowkit.records import to_record, validate

NIMMT = load_game("sixnimmt", players=4)
MOW = load_game("mow", players=4)


def test_sixnimmt_turn_one_with_full_rows_and_cards_taken_is_refused():
    deck = iter(range(1, 105))
    rows = [[next(deck) for _ in range(5)] for _ in range(4)]
    piles = [[next(deck) for _ in range(5)] for _ in range(4)]
    hands = [[next(deck) for _ in range(10)] for _ in range(4)]
    NIMMT.position(hands=hands, rows=rows, piles=piles, reachable=False)  # a what-if position, when asked for
    with pytest.raises(OptionError) as e:
        NIMMT.position(hands=hands, rows=rows, piles=piles)  # refused by default
    assert e.value.option == "position" and e.value.value == 40
    assert "turn 1 of 10" in str(e.value) and "4 cards in the rows and piles" in str(e.value)


def test_sixnimmt_last_turn_with_only_the_starting_cards_is_refused():
    with pytest.raises(OptionError) as e:
        NIMMT.position(hands=[[1], [2], [3], [4]], rows=[[10], [20], [30], [40]], reachable=True)
    assert "turn 10 of 10" in str(e.value) and "40 cards" in str(e.value)


@pytest.mark.parametrize("comparison, total, refused", [(">=", 66, True), (">=", 65, False), (">", 66, False),
                                                        (">", 67, True)])
def test_sixnimmt_totals_that_ended_the_game_are_refused(comparison, total, refused):
    game = load_game("sixnimmt", players=2, comparison=comparison)
    deal = game.new_state(1)
    keywords = {"hands": deal.hands, "rows": deal.rows, "totals": [total, 0], "reachable": True}
    if refused:
        with pytest.raises(OptionError) as e:
            game.position(**keywords)
        assert e.value.option == "totals[0]" and "game in progress" in str(e.value)
    else:
        assert game.position(**keywords).totals == [total, 0]


def test_mow_totals_that_ended_the_game_are_refused():
    deal = MOW.new_state(1)
    with pytest.raises(OptionError) as e:
        MOW.position(hands=deal.hands, stock=deal.stock, totals=[100, 0, 0, 0], round_index=1, reachable=True)
    assert e.value.option == "totals[0]" and "at most 99" in str(e.value)


@pytest.mark.parametrize("packets, most", [("green", 5), ("both", 7)])
def test_a_mow_hand_of_thirty_cards_is_refused(packets, most):
    game = load_game("mow", players=4, packets=packets)
    cards = list(game.deck)
    with pytest.raises(OptionError) as e:
        game.position(hands=[cards[:30], cards[30:35], cards[35:40], cards[40:45]])
    assert e.value.option == "hands[0]" and e.value.value == 30 and f"at most {most} cards" in str(e.value)


def test_a_mow_round_beyond_the_kit_is_refused():
    deal = MOW.new_state(1)
    with pytest.raises(OptionError) as e:
        MOW.position(hands=deal.hands, stock=deal.stock, round_index=10**8)
    assert e.value.option == "round_index" and "0..9999" in str(e.value)


def nimmt_position_of(state):
    """The keywords of a 6 nimmt! state at a card choice with nobody having laid yet."""
    return {"hands": state.hands, "rows": state.rows, "piles": state.piles, "totals": state.totals}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 60), players=st.integers(2, 6))
def test_every_sixnimmt_state_of_a_dealt_game_is_reachable(seed, steps, players):
    game = load_game("sixnimmt", players=players)
    state = game.new_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending_players()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.integers(len(legal)))])
    if state.is_over() or state.phase != "choose" or state.chosen:
        return
    built = game.position(**nimmt_position_of(state), seed=seed, reachable=True)
    assert built.hands == state.hands and built.turn == state.turn
    assert validate(to_record(built))  # the flag goes into the record and back


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 80), packets=st.sampled_from(["green", "yellow", "both"]))
def test_every_mow_hand_of_a_dealt_game_is_within_the_bound(seed, steps, packets):
    game = load_game("mow", players=3, packets=packets)
    state = game.new_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending_players()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[int(rng.integers(len(legal)))])
        if state.phase == "play" and not state.is_over():
            game.position(hands=state.hands, lines=[[(c, v) for v, c in h] for h in state.herds],
                          piles=state.piles, stock=state.stock, pending=state.actor, arrow=state.arrow,
                          round_index=state.round_index, totals=state.totals if state.round_index else None,
                          acrobats=[p for h in state.acrobats for p in h], reachable=True)


def test_a_reachable_position_is_recorded_as_one():
    deal = NIMMT.new_state(4)
    state = NIMMT.position(hands=deal.hands, rows=deal.rows, seed=4, reachable=True)
    record = to_record(state)
    assert record["position"]["reachable"] is True
    assert validate(record).start.reachable
    what_if = to_record(NIMMT.position(hands=deal.hands, rows=deal.rows, reachable=False))
    assert what_if["position"]["reachable"] is False
    assert not validate(what_if).start.reachable


def test_a_record_without_the_flag_replays_its_position_unchecked():
    """Records written before the check was the default carry no ``reachable``: they meant unchecked."""
    hands, rows = [[1], [2], [3], [4]], [[10], [20], [30], [40]]  # the last turn with only the starting cards
    with pytest.raises(OptionError):
        NIMMT.position(hands=hands, rows=rows)
    record = to_record(NIMMT.position(hands=hands, rows=rows, reachable=False))
    del record["position"]["reachable"]
    assert validate(record).start.reachable is False
