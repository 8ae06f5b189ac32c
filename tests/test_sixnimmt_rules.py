"""Scenario tests for 6 nimmt!: one hand-built position per rule and edge case of RULES.md §1."""

from __future__ import annotations

import pytest

from mowkit import IllegalActionError, OptionError, load_game
from mowkit.events import GameEnded
from mowkit.games.sixnimmt import CardPlaced, Draft, Place, Play, TakeRow, heads, row_heads


def play_turn(state, cards):
    """Every player lays the given card (in seat order)."""
    for p, c in enumerate(cards):
        state.apply(Play(p, c))


def position(game, hands, rows, fill=True, **kw):
    """A hand-built position; with ``fill`` every hand gets unused high cards up to 10 cards
    (never played by these tests) so that the round does not end after the turns under test."""
    if fill:
        used = {c for group in (*hands, *rows, *kw.get("piles", [])) for c in group}
        spare = [c for c in reversed(game.deck) if c not in used]
        hands = [list(h) for h in hands]
        for h in hands:
            while len(h) < game.hand_size:
                h.append(spare.pop())
    kw.setdefault("reachable", False)  # scenario positions leave cards out
    return game.position(hands=hands, rows=rows, **kw)


def snapshot(state):
    return (
        [list(h) for h in state.hands],
        [list(r) for r in state.rows],
        [list(p) for p in state.piles],
        dict(state.chosen),
        list(state.queue),
        state.phase,
        state.turn,
        list(state.totals),
        [list(h) for h in state.history],
    )


def test_ascending_and_smallest_difference():
    g = load_game("sixnimmt", players=2)
    s = position(g, hands=[[50, 1], [47, 2]], rows=[[10], [60], [40], [45]])
    play_turn(s, [50, 47])
    # 47: rows ending lower are 10, 40, 45 -> 45 is closest (Rule 2); 60 is higher (Rule 1)
    # 50: now the closest lower end is 47 on row 3
    assert s.rows == [[10], [60], [40], [45, 47, 50]]
    placed = [(e.card, e.row, e.end, e.difference) for e in s.events if isinstance(e, CardPlaced)]
    assert placed == [(47, 3, "back", 2), (50, 3, "back", 3)]
    assert all(e.rule == "smallest-difference" for e in s.events if isinstance(e, CardPlaced))
    s.check_invariants()


def test_sixth_card_takes_the_row():
    g = load_game("sixnimmt", players=2)
    s = position(g, hands=[[7, 8], [90, 91]], rows=[[1, 2, 3, 4, 5], [20], [30], [40]])
    play_turn(s, [7, 90])
    assert s.rows[0] == [7]
    assert s.piles[0] == [1, 2, 3, 4, 5]
    assert s.rows[3] == [40, 90]
    play_turn(s, [8, 91])
    assert s.rows[0] == [7, 8]  # the new row fills up again normally
    s.check_invariants()


def test_capacity_option_changes_the_sixth_card():
    g = load_game("sixnimmt", players=2, capacity=3)
    s = position(g, hands=[[7], [90]], rows=[[1, 2, 3], [20], [30], [40]])
    play_turn(s, [7, 90])
    assert s.rows[0] == [7] and s.piles[0] == [1, 2, 3]


def test_lowest_card_is_a_choice_of_its_owner_with_every_card_visible():
    g = load_game("sixnimmt", players=3)
    s = position(g, hands=[[60, 1], [3, 2], [70, 4]], rows=[[10], [20, 55], [30], [40]])
    play_turn(s, [60, 3, 70])
    assert s.phase == "row"
    assert s.pending_players() == (1,)
    obs = s.observation(1)
    assert obs.to_place == 3
    assert {c for c, _ in obs.revealed} == {3, 60, 70}  # all revealed cards visible
    assert [a.row for a in s.legal_actions(1)] == [0, 1, 2, 3]
    # nobody else may act, and the owner may not play a card now
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as e:
        s.apply(TakeRow(0, 1))
    assert e.value.rule == "out-of-turn"
    with pytest.raises(IllegalActionError):
        s.apply(Play(1, 2))
    assert snapshot(s) == before
    s.apply(TakeRow(1, 1))  # takes 20, 55: 1 + 7 heads, by choice although row 0 is cheaper
    assert s.piles[1] == [20, 55]
    assert s.rows[1] == [3]
    assert s.phase == "choose"
    assert sum(heads(c) for c in s.piles[1]) == row_heads([20, 55]) == 3 + 7


def test_lowest_card_takes_a_row_and_later_cards_land_on_it():
    g = load_game("sixnimmt", players=3)
    s = position(g, hands=[[5, 1], [6, 2], [25, 3]], rows=[[20], [30], [40], [50]])
    play_turn(s, [5, 6, 25])
    s.apply(TakeRow(0, 0))  # 5 takes row 0 ([20])
    # 6 now lands on the new row 0 after 5; 25 goes on row 0? no: 25 > 6 (diff 19) and 25 < 30
    assert s.rows[0] == [5, 6, 25]
    assert s.piles[0] == [20]


def test_only_the_lowest_card_can_trigger_rule_4():
    g = load_game("sixnimmt", players=2)
    s = position(g, hands=[[8, 1], [9, 2]], rows=[[20], [30], [40], [50]])
    play_turn(s, [8, 9])
    assert s.phase == "row" and s.pending_players() == (0,)
    s.apply(TakeRow(0, 3))
    assert s.rows[3] == [8, 9]  # 9 follows 8: it is never lower than every row
    assert s.phase == "choose"


def test_auto_row_takes_the_fewest_heads_ties_to_lowest_index():
    g = load_game("sixnimmt", players=2, auto_row=True)
    s = position(g, hands=[[3, 1], [90, 2]], rows=[[55], [11, 12], [13, 14], [66]])
    play_turn(s, [3, 90])
    # heads: [7], [5+1], [1+1], [5]: row 2 is cheapest
    assert s.piles[0] == [13, 14] and s.rows[2] == [3]
    s = position(g, hands=[[3, 1], [90, 2]], rows=[[21, 23], [24, 26], [55], [66]])
    play_turn(s, [3, 90])
    assert s.piles[0] == [21, 23]  # rows 0 and 1 both 2 heads: lowest index


def test_round_end_scores_and_reshuffles():
    g = load_game("sixnimmt", players=2)
    s = position(g, hands=[[2], [3]], rows=[[10, 11, 12, 13, 14], [20], [30], [40]],
                 piles=[[55], [60, 61]], totals=[5, 6], fill=False)
    play_turn(s, [2, 3])
    s.apply(TakeRow(0, 1))  # 2 takes [20]: 3 heads; 3 then goes after 2
    assert s.round_scores == [[7 + 3, 3 + 1]]
    assert s.totals == [5 + 10, 6 + 4]
    assert s.round_index == 1 and s.turn == 0 and s.phase == "choose"
    assert all(len(h) == 10 for h in s.hands) and all(len(r) == 1 for r in s.rows)
    assert s.piles == [[], []]
    s.check_invariants()


@pytest.mark.parametrize("comparison,over", [(">=", True), (">", False)])
def test_end_at_66_with_shared_win(comparison, over):
    g = load_game("sixnimmt", players=3, comparison=comparison)
    s = position(g, hands=[[50], [60], [70]], rows=[[10], [20], [30], [40]], totals=[66, 20, 20],
                 fill=False)
    play_turn(s, [50, 60, 70])
    assert s.is_over() is over
    if over:
        assert s.winners() == (1, 2)  # equal lowest totals share the win
        assert s.legal_actions() == [] and s.pending_players() == ()
        with pytest.raises(IllegalActionError) as e:
            s.apply(Play(0, 1))
        assert e.value.rule == "game-over"
        ended = [ev for ev in s.events if isinstance(ev, GameEnded)]
        assert len(ended) == 1 and ended[0].winners == (1, 2) and ended[0].ranks == (3, 1, 1)


def test_category_5_more_than_74():
    g = load_game("sixnimmt", players=2, threshold=74, comparison=">")
    s = position(g, hands=[[50], [60]], rows=[[10], [20], [30], [40]], totals=[74, 0], fill=False)
    play_turn(s, [50, 60])
    assert not s.is_over()
    s = position(g, hands=[[50], [60]], rows=[[10], [20], [30], [40]], totals=[75, 0], fill=False)
    play_turn(s, [50, 60])
    assert s.is_over() and s.winners() == (1,)


def test_professional_front_placement_and_sixth_at_front():
    g = load_game("sixnimmt", players=2, variant="professional")
    s = position(g, hands=[[8, 1], [95, 2]], rows=[[10, 20], [50], [60], [90]])
    play_turn(s, [8, 95])
    assert s.rows[0] == [8, 10, 20]  # before the first card: difference 2
    assert s.rows[3] == [90, 95]
    s = position(g, hands=[[6], [99]], rows=[[7, 8, 9, 10, 11], [50], [60], [90]])
    play_turn(s, [6, 99])
    assert s.rows[0] == [6] and s.piles[0] == [7, 8, 9, 10, 11]


def test_professional_tie_is_the_players_choice_and_no_fit_takes_a_row():
    g = load_game("sixnimmt", players=2, variant="professional")
    s = position(g, hands=[[20, 1], [99, 2]], rows=[[10], [30], [60, 80], [95]])
    play_turn(s, [20, 99])
    assert s.phase == "place" and s.pending_players() == (0,)
    assert s.legal_actions() == [Place(0, 0, "back"), Place(0, 1, "front")]
    with pytest.raises(IllegalActionError) as e:
        s.apply(Place(0, 2, "front"))
    assert e.value.rule == "smallest-difference"
    s.apply(Place(0, 1, "front"))
    assert s.rows[1] == [20, 30]
    # a card that fits no end (inside every row) takes a row of the player's choice
    s = position(g, hands=[[50], [99]], rows=[[10, 70], [20, 80], [30, 90], [40, 95]])
    play_turn(s, [50, 99])
    assert s.phase == "row"
    s.apply(TakeRow(0, 2))
    assert s.rows[2] == [50] and s.piles[0] == [30, 90]


def test_logic_draft_clockwise_and_leftovers_start_rows():
    g = load_game("sixnimmt", players=2, variant="logic")
    assert g.deck == tuple(range(1, 25))  # 2 players: 1..24
    s = g.new_state(seed=1)
    assert s.phase == "draft" and s.pending_players() == (0,)
    assert s.legal_actions() == [Draft(0, c) for c in range(1, 25)]
    with pytest.raises(IllegalActionError) as e:
        s.apply(Draft(1, 5))
    assert e.value.rule == "out-of-turn"
    picks = [24, 1, 23, 2, 22, 3, 21, 4, 20, 5, 19, 6, 18, 7, 17, 8, 16, 9, 15, 10]
    for i, c in enumerate(picks):
        assert s.pending_players() == (i % 2,)
        s.apply(Draft(i % 2, c))
        obs = s.observation(1 - i % 2)
        assert c in obs.drafted[i % 2]  # picks are public: the cards lie face up
    assert s.phase == "choose"
    assert s.rows == [[11], [12], [13], [14]]  # left over, ascending
    assert s.hands[0] == sorted(picks[0::2]) and s.hands[1] == sorted(picks[1::2])
    with pytest.raises(IllegalActionError) as e:
        s.apply(Draft(0, 11))
    s.check_invariants()


def test_tactics_deck_uses_10p_plus_4_cards():
    for p, total in [(2, 38), (3, 55), (4, 72), (5, 85), (6, 103), (7, 120), (8, 137), (9, 154), (10, 171)]:
        g = load_game("sixnimmt", players=p, variant="tactics")
        assert len(g.deck) == 10 * p + 4
        assert g.deck_heads() == total
        s = g.new_state(seed=p)
        assert s.out == []  # all cards in play are known
        assert sorted([c for h in s.hands for c in h] + [c for r in s.rows for c in r]) == list(g.deck)


def test_illegal_cards_rows_and_turns_leave_state_unchanged():
    g = load_game("sixnimmt", players=3)
    s = g.new_state(seed=11)
    before = snapshot(s)
    missing = next(c for c in g.deck if c not in s.hands[0])
    cases = [
        (Play(0, missing), "card-in-hand"),
        (Play(0, 0), "card-in-hand"),
        (TakeRow(0, 2), "out-of-turn"),
        (Play(5, s.hands[0][0]), "player-index"),
        (Draft(0, 1), "out-of-turn"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalActionError) as e:
            s.apply(action)
        assert e.value.rule == rule, (action, e.value)
        assert isinstance(e.value, ValueError)
        assert snapshot(s) == before
    s.apply(Play(0, s.hands[0][0]))
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as e:
        s.apply(Play(0, s.hands[0][0]))  # a second card from the same player
    assert e.value.rule == "out-of-turn"
    assert snapshot(s) == before


def test_row_index_out_of_range():
    g = load_game("sixnimmt", players=2)
    s = position(g, hands=[[3, 1], [90, 2]], rows=[[20], [30], [40], [50]])
    play_turn(s, [3, 90])
    before = snapshot(s)
    for bad in (4, -1, 17):
        with pytest.raises(IllegalActionError) as e:
            s.apply(TakeRow(0, bad))
        assert e.value.rule == "row-index" and f"no row {bad + 1}:" in str(e.value) and "4 rows" in str(e.value)
    assert snapshot(s) == before


@pytest.mark.parametrize(
    "options,option",
    [
        ({"players": 1}, "players"),
        ({"players": 11}, "players"),
        ({"players": "four"}, "players"),
        ({"variant": "expert"}, "variant"),
        ({"variant": ["tactics", "speed"]}, "variant"),
        ({"comparison": "=="}, "comparison"),
        ({"rows": 0}, "rows"),
        ({"capacity": 0}, "capacity"),
        ({"hand_size": 0}, "hand_size"),
        ({"threshold": -5}, "threshold"),
        ({"auto_row": "yes"}, "auto_row"),
        ({"players": 10, "hand_size": 11}, "players"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_name_the_option_and_allowed_values(options, option):
    with pytest.raises(OptionError) as e:
        load_game("sixnimmt", **options)
    assert e.value.option == option
    assert "allowed" in str(e.value)


def test_variant_that_cannot_take_the_player_count_says_so():
    with pytest.raises(OptionError) as e:
        load_game("sixnimmt", players=9, hand_size=12, variant="logic")
    assert "logic" in str(e.value) and "at most 8 players" in str(e.value)


def test_unknown_game():
    with pytest.raises(OptionError) as e:
        load_game("chess")
    assert e.value.option == "game"
