"""The coach (mowkit.coach) and its panel (mowkit.widgets.coach), also inside the stepper.

Exact values are checked against an independent computation written here (a one-turn placement
of 6 nimmt! cards and the heads rule of the rule book, enumerated over every set of the
opponents' cards); Monte Carlo intervals are checked to contain the exact value (95 % intervals
with a fixed seed, so the check is deterministic: a wrong kernel or a wrong interval fails it,
and the interval must also be narrow enough to say something).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from mowkit import load_game
from mowkit.agents import describe_agents, make_agent
from mowkit.coach import coach
from mowkit.core import OptionError
from mowkit.games.mow import Mow
from mowkit.games.sixnimmt import Play, SixNimmt, TakeRow
from mowkit.i18n import language
from mowkit.simulate import play_game
from mowkit.widgets import Stepper
from mowkit.widgets.coach import CoachPanel

ROWS = [[10, 11, 12, 13, 14], [20, 21, 22, 23], [50, 51], [80]]


def heads(card: int) -> int:
    """The rule book's heads of a card (RULES.md), written independently of the card table."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def my_heads_this_turn(rows: list[list[int]], mine: int, others: tuple[int, ...]) -> int:
    """Place one turn (cards ascending; Rule 4 takes the fewest-heads row, ties to the lowest row)."""
    rows = [list(r) for r in rows]
    taken = 0
    for card in sorted((mine, *others)):
        below = [i for i, r in enumerate(rows) if r[-1] < card]
        if not below:
            i = min(range(len(rows)), key=lambda k: (sum(map(heads, rows[k])), k))
            cost, rows[i] = sum(map(heads, rows[i])), [card]
        else:
            i = max(below, key=lambda k: rows[k][-1])
            if len(rows[i]) == 5:
                cost, rows[i] = sum(map(heads, rows[i])), [card]
            else:
                cost = 0
                rows[i].append(card)
        if card == mine:
            taken = cost
    return taken


def enumerated(rows: list[list[int]], mine: int, unseen: list[int], opponents: int) -> Fraction:
    """Expected heads of ``mine`` over every set of the opponents' cards among ``unseen``."""
    sets = list(itertools.combinations(unseen, opponents))
    return Fraction(sum(my_heads_this_turn(rows, mine, s) for s in sets), len(sets))


def position(hands: list[list[int]]) -> object:
    return SixNimmt(players=3).position(hands=hands, rows=ROWS, reachable=False)


def unseen_for(hand: list[int]) -> list[int]:
    known = set(hand) | {c for r in ROWS for c in r}
    return [c for c in range(1, 105) if c not in known]


@pytest.fixture(scope="module")
def record():
    return play_game(load_game("sixnimmt", players=4), ["random", "greedy", "lowest", "highest"], seed=7)


def mow_midgame(seed: int = 3, decisions: int = 7):
    state = Mow(players=3).new_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


# --------------------------------------------------------------------------- the moves


def test_advice_lists_exactly_the_legal_moves(record):
    from mowkit.records import replay

    states = replay(record)
    row_states = [s for s in states if s.phase == "row"]
    assert row_states, "the seeded game has a Rule 4 row choice"
    cases = [states[0], states[5], row_states[0], Mow(players=3).new_state(seed=1), mow_midgame()]
    for state in cases:
        player = state.pending_players()[-1]
        advice = coach(state, player, rollouts=40, batches=4)
        assert advice.player == player
        assert advice.actions == state.legal_actions(player)
        assert list(advice.table["action"]) == state.legal_actions(player)
        assert len(set(advice.table["move"])) == len(advice.moves)  # every move has its own words


def test_rule4_row_choice_costs_exactly_the_row(record):
    from mowkit.records import replay

    state = next(s for s in replay(record) if s.phase == "row")
    advice = coach(state, rollouts=40, batches=4)
    for move in advice.moves:
        assert isinstance(move.action, TakeRow)
        assert move.exact == sum(heads(c) for c in state.rows[move.action.row])
        assert move.mc is None  # no kernel starts in the middle of a turn
    assert "Rule 4" not in advice.mc_note and advice.mc_note  # a reason is given


def test_refuses_a_finished_game_and_a_seat_without_a_decision(record):
    from mowkit.records import replay

    states = replay(record)
    with pytest.raises(OptionError) as err:
        coach(states[-1])
    assert err.value.option == "state"
    row_state = next(s for s in states if s.phase == "row")
    other = next(p for p in range(4) if p not in row_state.pending_players())
    with pytest.raises(OptionError) as err:
        coach(row_state, other)
    assert err.value.option == "player"


# --------------------------------------------------------------------------- exact odds


def test_exact_expected_heads_equal_an_enumeration_of_the_opponents_cards():
    hand = [5, 15, 26]
    state = position([hand, [1, 60, 70], [90, 91, 92]])
    advice = coach(state, 0, rollouts=40, batches=4)
    unseen = unseen_for(hand)  # what player 1 cannot see: the other hands and the cards out of play
    assert len(unseen) == 104 - 3 - 12 == 89
    for card in hand:
        move = advice.move(Play(0, card))
        assert move.exact == enumerated(ROWS, card, unseen, 2), card
    # and by hand: 15 is the sixth card of row 1 whatever happens (11 heads)
    assert advice.move(Play(0, 15)).exact == 11
    # 26 is taken only when exactly one of 24, 25 comes first (87 pairs each of C(89, 2))
    assert advice.move(Play(0, 26)).exact == Fraction(87 * (10 + 1) + 87 * (10 + 2), math.comb(89, 2))
    # 5 takes row 4 (3 heads) unless an opponent plays 1..4
    assert advice.move(Play(0, 5)).exact == Fraction(3 * math.comb(85, 2), math.comb(89, 2))
    assert advice.move(Play(0, 5)).p_take == Fraction(math.comb(85, 2), math.comb(89, 2))


@pytest.mark.parametrize("card", [5, 26])
def test_monte_carlo_interval_contains_the_exact_value_on_the_last_turn(card):
    # With one card each the round ends this turn: the penalty by the end of the round (Monte
    # Carlo) and the expected penalty this turn (exact odds) are the same number.
    state = position([[card], [60], [90]])
    advice = coach(state, 0, rollouts=8000, batches=20, seed=3)
    move = advice.move(Play(0, card))
    exact = enumerated(ROWS, card, unseen_for([card]), 2)
    assert move.exact == exact
    assert move.mc_low <= float(exact) <= move.mc_high  # the 95 % interval (seeded)
    assert move.mc_high - move.mc_low < 0.15  # narrow enough to mean something
    assert move.mc_low < move.mc < move.mc_high


def test_mow_turn_costs_are_certain():
    state = mow_midgame()
    advice = coach(state, rollouts=40, batches=4)
    obs = state.observation(advice.player)
    for move in advice.moves:
        if move.action.kind == "take":
            assert move.exact == obs.herd_flies() + (sum(state.game.flies[c] for c in obs.hand)
                                                     if obs.stock_size == 0 else 0)
        else:
            assert move.exact == 0
        assert move.mc is not None and move.mc_low <= move.mc <= move.mc_high


# --------------------------------------------------------------------------- seeds and hidden cards


def test_same_seed_same_advice_and_another_seed_other_monte_carlo_values():
    state = SixNimmt(players=4).new_state(seed=11)
    a, b = coach(state, 2, seed=5), coach(state, 2, seed=5)
    assert a == b and a.table.drop(columns=["action"]).equals(b.table.drop(columns=["action"]))
    c = coach(state, 2, seed=6)
    assert [m.mc for m in c.moves] != [m.mc for m in a.moves]
    assert [m.exact for m in c.moves] == [m.exact for m in a.moves]


def test_the_other_players_hidden_cards_do_not_change_the_advice():
    a = position([[5, 15, 26], [1, 60, 70], [90, 91, 92]])
    b = position([[5, 15, 26], [2, 61, 71], [93, 94, 3]])  # other hands, same view for player 1
    assert a.observation(0) == b.observation(0) and a.hands != b.hands
    assert coach(a, 0, seed=2) == coach(b, 0, seed=2)
    # what the player can see does matter
    c = SixNimmt(players=3).position(hands=[[5, 15, 26], [1, 60, 70], [90, 91, 92]],
                                     rows=[[10, 11, 12, 13, 14], [20, 21, 22, 23], [50, 51], [81]], reachable=False)
    assert [m.exact for m in coach(c, 0, seed=2).moves] != [m.exact for m in coach(a, 0, seed=2).moves]


def test_mow_hidden_cards_do_not_change_the_advice():
    a = mow_midgame()
    me = a.pending_players()[0]
    b = a.clone()
    other = (me + 1) % 3
    stock = b.stock  # the draw pile
    b.hands[other][0], stock[0] = stock[0], b.hands[other][0]  # swap a hidden card with the stock
    b.hands[other].sort()
    assert a.observation(me) == b.observation(me) and a.hands != b.hands
    assert coach(a, seed=4) == coach(b, seed=4)


# --------------------------------------------------------------------------- the computer players


@pytest.mark.parametrize("which", ["sixnimmt", "sixnimmt-row", "mow", "mow-mid"])
def test_every_agents_choice_is_the_agents_own(which, record):
    from mowkit.records import replay

    state = {
        "sixnimmt": lambda: SixNimmt(players=4).new_state(seed=4),
        "sixnimmt-row": lambda: next(s for s in replay(record) if s.phase == "row"),
        "mow": lambda: Mow(players=4).new_state(seed=4),
        "mow-mid": mow_midgame,
    }[which]()
    game = state.game
    seed = 9
    advice = coach(state, seed=seed, rollouts=40, batches=4)
    names = list(describe_agents(game.name))
    assert [a.name for a in advice.agents] == names
    obs = state.observation(advice.player)
    legal = state.legal_actions(advice.player)
    for a in advice.agents:
        assert a.action == make_agent(game.name, a.name).act(obs, legal, np.random.default_rng(seed)), a.name
        assert a.name in advice.move(a.action).chosen_by
        assert a.why and not a.why.startswith("Chooses:")  # a sentence of its own
    assert sum(len(m.chosen_by) for m in advice.moves) == len(names)


def test_sentences_count_rows_from_one(record):
    from mowkit.records import replay

    state = next(s for s in replay(record) if s.phase == "row")
    advice = coach(state, rollouts=40, batches=4)
    greedy = next(a for a in advice.agents if a.name == "greedy")
    row = greedy.action.row
    assert f"row {row + 1} " in greedy.why
    assert f"({sum(heads(c) for c in state.rows[row])} head" in greedy.why


def test_agents_option_asks_only_those():
    state = SixNimmt(players=4).new_state(seed=4)
    advice = coach(state, agents=["lowest", "mc:rollouts=3"], rollouts=40, batches=4)
    assert [a.name for a in advice.agents] == ["lowest", "mc"]
    assert advice.agents[1].label == "mc:rollouts=3"
    assert "3 deals" in advice.agents[1].why


# --------------------------------------------------------------------------- the panel


def test_panel_computes_only_when_asked_and_renders_in_both_languages():
    game = SixNimmt(players=4)
    state = game.new_state(seed=11)
    panel = CoachPanel(game, rollouts=200, batches=10)
    assert "No decision to coach now" in panel.text
    panel.show(state)
    assert panel.advice is None and "Press" in panel.text  # nothing computed yet
    panel.button.value = True
    advice = panel.advice
    assert advice is not None and advice.actions == state.legal_actions(0)
    assert "Coach for player 1" in panel.text
    for m in advice.moves:
        assert m.words in panel.text
    first = next(m for m in advice.moves if m.mc is not None and not float(m.mc).is_integer())
    assert f"{first.mc:.2f}" in panel.text
    with language("ru", notify=True):  # the panel draws itself again, with Russian numbers
        assert panel.html and f"{first.mc:.2f}".replace(".", ",") in panel.text
    assert f"{first.mc:.2f}" in panel.text
    state.apply(state.legal_actions(0)[0])  # the panel keeps its own copy
    panel.clear()
    assert panel.advice is None and "No decision" in panel.text
    panel.close()


def test_panel_mow_in_russian_does_not_crash():
    game = Mow(players=3)
    panel = CoachPanel(game, rollouts=40, batches=4, active=True)
    with language("ru"):
        panel.show(mow_midgame())
        assert panel.advice is not None and panel.text
    panel.show(Mow(players=3).new_state(seed=2))
    assert "Coach for farmer" in panel.text
    panel.close()


# --------------------------------------------------------------------------- in the stepper


def test_stepper_coach_shows_for_a_pending_decision_and_clears_at_the_end(record):
    s = Stepper(record, coach=True)
    panel = s.coach_panel
    assert panel in s.children
    assert panel.advice is not None and panel.advice.actions == s.state.legal_actions(0)
    s.next()
    assert panel.advice.actions == s.state.legal_actions(s.state.pending_players()[0])
    s.last()
    assert s.state.is_over() and panel.advice is None and "No decision" in panel.text
    s.first()
    assert panel.advice is not None


def test_stepper_coach_waits_for_its_button_and_follows_the_seat_shown(record):
    s = Stepper(record, perspective=2)
    assert s.coach_panel.advice is None  # off by default: nothing computed
    s.coach_panel.button.value = True
    assert s.coach_panel.advice.player == 2  # the seat shown, which must decide at the deal
    assert s.coach_panel.advice.actions == s.state.legal_actions(2)


def test_stepper_coach_with_one_seats_view_never_advises_another_seat(record):
    s = Stepper(record, perspective=1, coach=True)
    row_step = next(i for i, st in enumerate(s.states) if st.phase == "row" and st.pending_players() != (1,))
    s.index = row_step
    assert s.coach_panel.advice is None  # another seat's decision: its hand stays hidden
    assert "Player 2 has no decision now." in s.coach_panel.text
    s.perspective.value = "all"
    assert s.coach_panel.advice.player == s.state.pending_players()[0]


def test_monte_carlo_intervals_cover_the_exact_value_about_95_percent_of_the_time():
    # 60 seeds of a small coach on the last turn (Monte Carlo value = exact expected heads): a
    # 95 % interval should hold the exact value in about 57 of 60; fewer than 51 would happen
    # with probability below 0.2 % if the intervals were right (binomial 60, 0.95).
    state = position([[5], [60], [90]])
    exact = float(enumerated(ROWS, 5, unseen_for([5]), 2))
    hits = 0
    for seed in range(60):
        move = coach(state, 0, rollouts=400, batches=20, seed=seed, agents=[]).move(Play(0, 5))
        hits += move.mc_low <= exact <= move.mc_high
    assert 51 <= hits <= 60


def test_panel_follows_the_seats_it_is_given():
    game = SixNimmt(players=3)
    state = position([[5, 15, 26], [1, 60, 70], [90, 91, 92]])
    panel = CoachPanel(game, rollouts=40, batches=4, active=True)
    panel.follow(state, [2])
    assert panel.advice.player == 2
    state.apply(Play(2, 90))
    panel.follow(state, [2])  # seat 3 has chosen: nothing to coach for it
    assert panel.advice is None
    panel.follow(state, [2, 1])
    assert panel.advice.player == 1
    panel.close()


def test_a_greedy_take_of_the_herd_is_explained_as_a_take():
    """The sentence for a take names the take (the action kind is the engine's own)."""
    from mowkit.games.mow import TakeHerd
    from mowkit.games.mow.coach import why as _why_mow

    game = load_game("mow", players=3)
    text = _why_mow("greedy", game, TakeHerd(0), {"flies": 3}, "take the herd")
    assert text.startswith("Takes the herd") and "3 flies" in text
