"""The fast paths of issue 22 keep what they replaced: legal lists, the log, the match's log and copies.

Legal actions are handed out again from a per-state cache, events are made when the log is read,
the match notes where each decision's events are, and a game of immutable values is copied
without pickling. None of these may change what a caller sees.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pytest

from mowkit import load_game
from mowkit.match import Match, private_copies

GAMES = [("mow", 3), ("mow", 7), ("sixnimmt", 4)]


def fresh_legal(state: Any, p: int) -> list[dict[str, Any]]:
    """``state``'s legal actions of seat ``p`` as values, from a clone (a cache of its own)."""
    return [a.to_dict() for a in state.clone().legal_actions(p)]


@pytest.mark.parametrize(("name", "n"), GAMES)
def test_an_action_object_changed_in_place_does_not_change_later_legal_lists(name, n):
    game = load_game(name, players=n, max_rounds=1)
    state = game.new_state(seed=3)
    rnd = random.Random(3)
    steps = 0
    while not state.is_over() and steps < 60:
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        vandal = legal[rnd.randrange(len(legal))]
        field = dataclasses.fields(vandal)[-1].name  # its card, end, row ... (a take: its seat)
        object.__setattr__(vandal, field, 999)  # an agent rewrites an object it was given
        again = state.legal_actions(p)
        assert all(a is not vandal for a in again)
        assert [a.to_dict() for a in again] == fresh_legal(state, p)
        state.apply(again[rnd.randrange(len(again))])
        steps += 1


@pytest.mark.parametrize(("name", "n"), GAMES)
def test_the_log_is_made_once_and_events_are_its_tail(name, n):
    game = load_game(name, players=n, max_rounds=2)
    state = game.new_state(seed=11)
    rnd = random.Random(11)
    twin = state.clone()
    while not state.is_over():
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        a = legal[rnd.randrange(len(legal))]
        before = len(state.log)
        state.apply(a)
        twin.apply(twin.legal_actions(p)[legal.index(a)])
        log = state.log
        assert state.log is log and all(x is y for x, y in zip(state.log, log)), "the same objects on every read"
        assert state.events == log[before:] and state.events
        start, end = state.log_span()
        assert (start, end) == (before, len(log))
    assert twin.log == state.log, "made late or at once, the same events"
    assert [e.to_dict() for e in twin.log] == [e.to_dict() for e in state.log]


@pytest.mark.parametrize(("name", "n"), GAMES)
def test_the_match_log_holds_each_decisions_events(name, n):
    game = load_game(name, players=n, max_rounds=1)
    match = Match(game, ["random"] * n, 5)
    match.run()
    log = match.log
    assert log[0][0] is None and log[0][1] == match.state.log[: len(log[0][1])]
    flat = [e for _, events in log for e in events]
    whole = match.state.log
    assert flat == whole[len(whole) - len(flat):], "the decisions' events, in order, end the log"
    if name == "mow":  # (a 6 nimmt! state starts with no events: the deal's stay out, as before)
        assert flat == whole
    assert [seat for seat, _ in log[1:]] == [a.player for r in match.state.history for a in r]


def test_a_game_of_immutable_values_is_copied_per_seat_and_a_changed_copy_stays_private():
    game = load_game("mow", players=3)
    copies = private_copies(game, 3)
    assert all(c == game and c is not game for c in copies) and len({id(c) for c in copies}) == 3
    object.__setattr__(copies[0], "threshold", 1)
    object.__setattr__(copies[0], "deck", ())
    assert game.threshold == 100 and len(game.deck) == 48 and copies[1].threshold == 100


@dataclasses.dataclass(frozen=True)
class Holder:
    name: str
    table: list[int]


def test_a_game_with_a_mutable_value_is_copied_deeply():
    holder = Holder("x", [1, 2])
    copies = private_copies(holder, 2)
    copies[0].table.append(3)
    assert holder.table == [1, 2] and copies[1].table == [1, 2]
    arr = Holder("y", np.arange(3))  # type: ignore[arg-type]
    copy = private_copies(arr, 1)[0]
    copy.table[0] = 9  # type: ignore[index]
    assert arr.table[0] == 0  # type: ignore[index]


def test_a_changed_action_of_one_mow_state_is_not_handed_out_by_another():
    game = load_game("mow", players=3, max_rounds=1)
    first, second = game.new_state(seed=4), game.new_state(seed=4)  # the same deal: the same legal lists
    legal = first.legal_actions()
    for a in legal:  # every object the first state handed out, rewritten in place
        object.__setattr__(a, dataclasses.fields(a)[-1].name, 999)
    again = second.legal_actions()
    assert all(a is not b for a in again for b in legal)
    assert [a.to_dict() for a in again] == fresh_legal(second, second.pending_players()[0])


def _mow_candidates(state: Any) -> list[Any]:
    """Decisions near the legal ones: every card of the hand at every end, as every special, a
    take, the arrow and the next farmer with good and bad values, fields of the wrong type."""
    from mowkit.games.mow import Acrobat, AddCow, Calf, ChooseNext, Flip, MadCow, Slowpoke, TakeHerd

    p, n = state.actor, state.game.players
    out: list[Any] = [TakeHerd(p), TakeHerd((p + 1) % n), Flip(p, 0), Flip(p, 1), Flip(p, 2)]
    out += [ChooseNext(p, q) for q in range(-1, n + 1)]
    for c in [*state.hands[p], state.stock[0] if state.stock else 0]:
        out += [AddCow(p, c, end) for end in ("low", "high", "start", "middle")]
        out += [Acrobat(p, c, t) for _v, t in state.herds[state.active][:3]]
        out += [Slowpoke(p, c, v) for v in range(0, 18, 3)] + [Calf(p, c, "low"), Calf(p, c, "high"), MadCow(p, c)]
        out += [AddCow((p + 1) % n, c, "low")]
    bad = [AddCow(p, c, "low") for c in state.hands[p][:1]] + [Flip(p, 1)]
    for a in bad:  # a bool or a float where an int belongs
        name = "card" if hasattr(a, "card") else "flip"
        object.__setattr__(a, name, float(getattr(a, name)))
        out.append(a)
    return out


def test_the_mow_fast_checks_accept_exactly_the_legal_decisions_and_refuse_like_the_rules():
    from mowkit.core import IllegalActionError

    rnd = random.Random(8)
    for players, seed in ((3, 1), (7, 2), (2, 3)):
        game = load_game("mow", players=players, max_rounds=2)
        state = game.new_state(seed=seed)
        while not state.is_over():
            legal = [a.to_dict() for a in state.legal_actions()]
            for a in _mow_candidates(state):
                twin = state.clone()
                before = (repr(twin), len(twin.log), [len(h) for h in twin.history])
                try:
                    state._check_each(a)  # the checks one by one: the rule a refusal names
                    rule = None
                except IllegalActionError as e:
                    rule = e.rule
                try:
                    twin.apply(a)
                    got = None
                except IllegalActionError as e:
                    got = e.rule
                    assert (repr(twin), len(twin.log), [len(h) for h in twin.history]) == before
                assert got == rule, (a, got, rule)
                assert (got is None) == (a.to_dict() in legal and all(
                    type(v) is not float for v in a.to_dict().values())), a
            state.apply(state.legal_actions()[rnd.randrange(len(state.legal_actions()))])


@pytest.mark.parametrize("packets", ["green", "yellow", "both"])
def test_mow_card_tables_for_the_hot_path(packets):
    game = load_game("mow", players=5, packets=packets)
    from mowkit.games.mow import NUMBERED

    assert game.line_values == tuple(n if k in NUMBERED else None for k, n in zip(game.kinds, game.numbers))
    assert game.mad_in_deck == any(game.kinds[c] == "mad" for c in game.deck) == (packets != "green")
