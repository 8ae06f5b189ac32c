"""One conformance suite for both games (DESIGN.md habit 4, issue 12).

Every test runs for 6 nimmt! and for Mow over their option sets, with hypothesis drawing the
options, the deal seed and the choices (derandomised, so every run tests the same examples):

1. random legal play: ``check_invariants()`` after every decision; legal actions stable, in their
   documented order, non-empty while the game goes on and empty once it is over; the pending
   players are exactly the seats with legal actions;
2. a clone stepped in lockstep with the original stays equal to it; a clone taken mid-game and
   played on (with other choices) leaves the original untouched;
3. a wrong action at any point raises ``IllegalActionError`` with a rule name and leaves the state
   exactly as it was; every listed legal action is accepted;
4. no observation shows another seat's hand, a face-down card or the undealt cards (every field is
   scanned; the logic draft of 6 nimmt! is public by design), and exchanging hidden cards between
   hidden places does not change what a seat sees;
5. the same seed gives the same record in a fresh process;
6. records round-trip: ``to_record`` -> ``save`` -> ``load`` -> ``replay`` gives every state again;
7. every registered game passes the shipped suite, :func:`mowkit.testing.check_game` (what a third
   game's author runs).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mowkit
from mowkit import IllegalActionError, load_game, registry
from mowkit.core import Action
from mowkit.events import Event
from mowkit.games import mow as mow_rules
from mowkit.games import sixnimmt as six_rules
from mowkit.records import load, replay, save, to_record
from mowkit.simulate import play_game
from mowkit.testing import check_game

GAMES = ["sixnimmt", "mow"]
FULL_SIX_DECK = 104  # cards 1..104 (RULES.md §1)


def conformance(max_examples: int) -> settings:
    """Hypothesis settings of this file: derandomised (same examples every run), no database."""
    return settings(
        derandomize=True,
        database=None,
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# --------------------------------------------------------------------------- option sets

SIX_NAMED_VARIANTS = [(), ("tactics",), ("logic",), ("professional",), ("tactics", "professional"),
                      ("logic", "professional"), ("logic", "tactics", "professional")]


@st.composite
def sixnimmt_options(draw: st.DrawFn) -> dict:
    """The named sets (players 2..10 x every variant combination) or free rows/capacity/hands."""
    players = draw(st.integers(2, 10))
    variant = list(draw(st.sampled_from(SIX_NAMED_VARIANTS)))
    options: dict = {"players": players, "variant": variant}
    if draw(st.booleans()):  # free parameters
        rows = draw(st.integers(1, 6))
        options.update(
            rows=rows,
            capacity=draw(st.integers(1, 7)),
            hand_size=draw(st.integers(1, min(12, (FULL_SIX_DECK - rows) // players))),
            threshold=draw(st.integers(1, 80)),
            comparison=draw(st.sampled_from([">=", ">"])),
        )
    options["auto_row"] = draw(st.booleans())
    options["max_rounds"] = draw(st.none() | st.integers(1, 3))
    return options


_MOW_DECK_SIZES: dict[tuple[str, bool], int] = {}


def mow_deck_size(packets: str, specials: bool) -> int:
    key = (packets, specials)
    if key not in _MOW_DECK_SIZES:
        _MOW_DECK_SIZES[key] = len(load_game("mow", players=2, packets=packets, specials=specials).deck)
    return _MOW_DECK_SIZES[key]


@st.composite
def mow_options(draw: st.DrawFn) -> dict:
    """Players 2..10, packets, the star (2 players) or not, specials, and the [kit] switches."""
    specials = draw(st.booleans())
    packets = draw(st.sampled_from(["green", "yellow", "both"]))
    players = draw(st.integers(2, 10))
    if mow_rules.HAND_SIZE * players > mow_deck_size(packets, specials):
        packets = "both"  # one packet is too small for this many farmers
        players = min(players, mow_deck_size("both", specials) // mow_rules.HAND_SIZE)
    return {
        "players": players,
        "packets": packets,
        "star": draw(st.booleans()) if players == 2 else False,
        "specials": specials,
        "threshold": draw(st.sampled_from([1, 30, 100])),
        "comparison": draw(st.sampled_from([">=", ">"])),
        "starter": draw(st.integers(0, players - 1)),
        "next_starter": draw(st.sampled_from(["most_flies", "rotate"])),
        "reset_arrow": draw(st.booleans()),
        "yellow_next": draw(st.sampled_from(["any_other", "any"])),
        "restart": draw(st.sampled_from(["taker", "next"])),
        "max_rounds": draw(st.none() | st.integers(1, 3)),
    }


OPTIONS = {"sixnimmt": sixnimmt_options(), "mow": mow_options()}


class Chooser:
    """Hypothesis-drawn choices first (they shrink), then a hypothesis-drawn seed for the rest."""

    def __init__(self, data: st.DataObject) -> None:
        self.prefix = data.draw(st.lists(st.integers(0, 2**16), max_size=48), label="choices")
        self.rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="choice seed"))
        self.i = 0

    def index(self, n: int) -> int:
        self.i += 1
        if self.i <= len(self.prefix):
            return self.prefix[self.i - 1] % n
        return int(self.rng.integers(n))

    def action(self, state) -> Action:
        """One legal action of any pending player (6 nimmt!'s simultaneous choices in any order)."""
        legal = state.legal_actions()
        return legal[self.index(len(legal))]


def draw_game(data: st.DataObject, name: str):
    options = data.draw(OPTIONS[name], label="options")
    game = load_game(name, **options)
    seed = data.draw(st.integers(0, 2**32 - 1), label="deal seed")
    return game, seed


# --------------------------------------------------------------------------- helpers


def order_key(name: str, action: Action) -> tuple:
    """The documented order of legal actions (core: sorted; Mow: see the module docstring)."""
    if name == "sixnimmt":
        return tuple(getattr(action, f.name) for f in dataclasses.fields(action) if f.name != "player")
    if isinstance(action, mow_rules.TakeHerd):
        return (1, 0, 0)  # always last
    if isinstance(action, (mow_rules.AddCow, mow_rules.Calf)):
        return (0, action.card, {"start": 0, "low": 0, "high": 1}[action.end])
    if isinstance(action, mow_rules.Slowpoke):
        return (0, action.card, action.value)
    if isinstance(action, (mow_rules.Acrobat, mow_rules.MadCow)):
        return (0, action.card, 0)
    if isinstance(action, mow_rules.Flip):
        return (0, action.flip, 0)
    assert isinstance(action, mow_rules.ChooseNext), action
    return (0, action.next_player, 0)


def check_interface(state, name: str) -> None:
    """Pending players, legal actions and observations agree (the shared State interface)."""
    n = state.num_players
    pending = state.pending_players()
    assert isinstance(pending, tuple) and len(set(pending)) == len(pending)
    assert all(0 <= p < n for p in pending)
    everyone = state.legal_actions()
    assert everyone == state.legal_actions(), "legal_actions() is not stable"
    if state.is_over():
        assert pending == () and everyone == []
    else:
        assert pending, "a game that is not over has someone to act"
        assert everyone, "a game that is not over has a legal action"
    if name == "mow":
        assert len(pending) <= 1
    elif state.phase == "choose":  # simultaneous: every seat without a face-down card is pending
        chosen = state.observation(0).chosen
        assert set(pending) == set(range(n)) - set(chosen) and len(pending) + len(chosen) == n
    per_seat = []
    for p in range(n):
        legal = state.legal_actions(p)
        assert legal == state.legal_actions(p), "legal_actions(p) is not stable"
        assert bool(legal) == (p in pending), f"seat {p}: pending {pending}, legal {legal}"
        assert all(isinstance(a, Action) and a.game == name and a.player == p for a in legal)
        keys = [order_key(name, a) for a in legal]
        assert all(a < b for a, b in zip(keys, keys[1:])), f"not in order or repeated: {legal}"
        if p in pending:
            per_seat.append(legal)
        obs = state.observation(p)
        assert obs.player == p
        assert tuple(obs.pending) == pending
    assert everyone == [a for legal in per_seat for a in legal]


def check_finished(state) -> None:
    """Once over: a total reached the threshold, or the round limit was played; lowest totals win."""
    g = state.game
    reached = any(t >= g.threshold if g.comparison == ">=" else t > g.threshold for t in state.totals)
    assert reached or len(state.round_scores) == g.max_rounds
    assert state.totals == [sum(r[p] for r in state.round_scores) for p in range(g.players)]
    best = min(state.totals)
    assert state.winners() == tuple(p for p, t in enumerate(state.totals) if t == best)


def freeze(value):
    """An immutable deep copy of plain state data (lists, dicts, sets; actions are frozen)."""
    t = type(value)
    if t is int or t is str or t is bool or value is None:
        return value
    if t is list or t is tuple:
        return tuple([freeze(v) for v in value])
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, freeze(v)) for k, v in value.items())))
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    if isinstance(value, (int, float, Action, Event)):  # frozen dataclasses of tuples: immutable
        return value
    return copy.deepcopy(value)


def snapshot(state, with_chance: bool = True) -> dict:
    """Everything in the state, copied (the game by its options, the chance by its stream)."""
    d = {k: freeze(v) for k, v in vars(state).items() if k not in ("_chance", "game")}
    if state.game.name == "sixnimmt" and not state.game.logic:
        d.pop("drafter", None)  # the draft's turn: clone() sets it even where no draft was played
    snap = {"state": d, "options": state.game.options}
    if with_chance:
        chance = state._chance
        rng = chance.rng.bit_generator.state if chance.rng is not None else None
        snap["chance"] = (rng, freeze(chance.deals))
    return snap


def pickled(state) -> bytes:
    """A quick exact image of the state's data and its chance stream (same object, same bytes)."""
    d = {k: v for k, v in vars(state).items() if k not in ("_chance", "game", "history", "log", "events")}
    history = [[id(a) for a in h] for h in state.history]  # actions are immutable: same objects
    log = [id(e) for e in state.log]  # events too: the same objects in the same order
    events = [id(e) for e in state.events]
    chance = state._chance
    rng = chance.rng.bit_generator.state if chance.rng is not None else None
    return pickle.dumps((d, history, log, events, rng, chance.deals))


def observation_fields(obs) -> dict:
    return {f.name: getattr(obs, f.name) for f in dataclasses.fields(obs) if f.name != "game"}


def seen_by_all(state) -> list:
    """What every seat sees, the legal actions and the totals: what lockstep copies must share."""
    return [
        state.is_over(),
        state.pending_players(),
        state.legal_actions(),
        list(state.totals),
        [observation_fields(state.observation(p)) for p in range(state.num_players)],
    ]


# --------------------------------------------------------------------------- 1. random legal play


@pytest.mark.parametrize("name", GAMES)
@conformance(max_examples=60)
@given(data=st.data())
def test_random_legal_play_keeps_the_invariants_and_the_interface(name, data):
    game, seed = draw_game(data, name)
    choose = Chooser(data)
    state = game.new_state(seed=seed)
    state.check_invariants()
    while not state.is_over():
        check_interface(state, name)
        state.apply(choose.action(state))
        state.check_invariants()
    check_interface(state, name)
    check_finished(state)
    for p in range(game.players):
        assert state.legal_actions(p) == []


NAMED = [("sixnimmt", {"players": p}) for p in range(2, 11)] + [
    ("sixnimmt", {"players": p, "variant": list(v)}) for v in SIX_NAMED_VARIANTS[1:] for p in (2, 5, 10)
] + [
    ("sixnimmt", {"players": 4, "auto_row": True}),
    ("sixnimmt", {"players": 3, "threshold": 75, "comparison": ">"}),
    ("sixnimmt", {"players": 6, "rows": 2, "capacity": 3, "hand_size": 7, "variant": "professional"}),
] + [("mow", {"players": p}) for p in range(2, 11)] + [
    ("mow", {"players": 2, "star": False}),
    ("mow", {"players": 3, "packets": "yellow"}),
    ("mow", {"players": 4, "packets": "both", "specials": False}),
    ("mow", {"players": 5, "next_starter": "rotate", "reset_arrow": False}),
    ("mow", {"players": 6, "yellow_next": "any", "restart": "next"}),
    ("mow", {"players": 2, "packets": "yellow", "restart": "next", "yellow_next": "any",
             "reset_arrow": False, "next_starter": "rotate"}),
]


@pytest.mark.parametrize("name,options", NAMED, ids=lambda x: x if isinstance(x, str) else
                         "-".join(f"{k}={v}" for k, v in x.items()))
def test_every_named_option_set_plays_to_the_end(name, options):
    """Every player count and named option set, one seeded game each (hypothesis draws the rest)."""
    game = load_game(name, **options)
    rng = np.random.default_rng(len(str(options)))
    state = game.new_state(seed=int(rng.integers(2**32)))
    steps = 0
    while not state.is_over():
        check_interface(state, name)
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        state.check_invariants()
        steps += 1
    check_interface(state, name)
    check_finished(state)
    assert len(replay(to_record(state))) == steps + 1


# --------------------------------------------------------------------------- 2. clones


@pytest.mark.parametrize("name", GAMES)
@conformance(max_examples=40)
@given(data=st.data())
def test_clone_in_lockstep_and_a_played_on_clone_leaves_the_original(name, data):
    game, seed = draw_game(data, name)
    choose = Chooser(data)
    other = Chooser(data)
    split = data.draw(st.integers(0, 200), label="mid-game clone at decision")
    state = game.new_state(seed=seed)
    twin = state.clone()
    step = 0
    while not state.is_over():
        if step == split:
            before = snapshot(state)
            mid = state.clone()
            assert snapshot(mid) == before
            while not mid.is_over():  # the clone plays on with other choices, across new deals
                mid.apply(other.action(mid))
                mid.check_invariants()
            assert snapshot(state) == before, "playing a clone changed the original"
        action = choose.action(state)
        state.apply(action)
        twin.apply(action)
        step += 1
        assert seen_by_all(twin) == seen_by_all(state)
        assert snapshot(twin) == snapshot(state)
    assert twin.winners() == state.winners()


# --------------------------------------------------------------------------- 3. wrong actions


def field_values(state, name: str, rng: np.random.Generator) -> dict[str, list]:
    """Values for every action field: some legal somewhere, most wrong here (right types only)."""
    n = state.num_players
    pending = list(state.pending_players())
    everyone = [c for h in state.hands for c in h]
    if name == "sixnimmt":
        table = [c for r in state.rows for c in r] + list(state.pool) + list(state.out)
        top = FULL_SIX_DECK
        rows = len(state.rows)
        ints = {"row": [-1, 0, max(rows - 1, 0), rows, rows + 3]}
    else:
        table = [c for h in state.herds for _, c in h] + list(state.stock)
        top = len(state.game.cards)
        values = [v for h in state.herds for v, _ in h]
        ints = {
            "target": [-1, top] + [c for h in state.herds for _, c in h][:6],
            "value": [-1, 0, 17, 99] + [v + d for v in values[:4] for d in (-1, 0, 1)],
            "flip": [-1, 0, 1, 2],
            "next_player": [-1, n] + list(range(n)),
        }
    cards = [-1, 0, top, top + 1]
    for group in (everyone, table):
        if group:
            cards += [int(c) for c in rng.choice(group, size=min(6, len(group)), replace=False)]
    ints["card"] = cards
    ints["player"] = sorted(set(pending + [-1, n] + [int(p) for p in rng.integers(0, n, 3)]))
    strings = ["low", "high", "start", "back", "front", "middle", ""]
    return {"ints": ints, "strings": strings}


def wrong_actions(state, name: str, rng: np.random.Generator, k: int = 24) -> list:
    """Candidate actions: legal ones with one field changed, every action type with drawn fields,
    other players' actions, the other game's actions and non-actions; the legal ones removed."""
    values = field_values(state, name, rng)
    own = six_rules if name == "sixnimmt" else mow_rules
    foreign = mow_rules if name == "sixnimmt" else six_rules
    kinds = [c for c in vars(own).values() if isinstance(c, type) and issubclass(c, Action) and c.kind]
    foreign_kinds = [c for c in vars(foreign).values()
                     if isinstance(c, type) and issubclass(c, Action) and c.kind]

    def pick(f: dataclasses.Field):
        if f.type in ("str", str):
            return values["strings"][rng.integers(len(values["strings"]))]
        pool = values["ints"].get(f.name, values["ints"]["card"])
        return int(pool[rng.integers(len(pool))])

    def build(cls) -> Action:
        return cls(**{f.name: pick(f) for f in dataclasses.fields(cls)})

    legal = state.legal_actions()
    out: list = []
    for _ in range(k):
        if legal and rng.random() < 0.5:  # a legal action with one field changed
            a = legal[rng.integers(len(legal))]
            f = dataclasses.fields(a)[rng.integers(len(dataclasses.fields(a)))]
            out.append(dataclasses.replace(a, **{f.name: pick(f)}))
        else:
            out.append(build(kinds[rng.integers(len(kinds))]))
    out += [build(cls) for cls in foreign_kinds]
    if legal:  # a legal action handed to each other seat
        a = legal[0]
        out += [dataclasses.replace(a, player=q) for q in range(state.num_players) if q != a.player]
    out += [None, "play", {"type": "play", "player": 0, "card": 1}, (0, 1)]
    return [a for a in out if not (isinstance(a, Action) and a in legal)]


@pytest.mark.parametrize("name", GAMES)
@conformance(max_examples=40)
@given(data=st.data())
def test_a_wrong_action_is_refused_and_changes_nothing(name, data):
    game, seed = draw_game(data, name)
    choose = Chooser(data)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="wrong-action seed"))
    every = data.draw(st.integers(1, 12), label="try wrong actions every n decisions")
    state = game.new_state(seed=seed)
    step = 0
    while True:
        if step % every == 0 or state.is_over():
            before = snapshot(state)
            quick = pickled(state)
            for wrong in wrong_actions(state, name, rng):
                with pytest.raises(IllegalActionError) as err:
                    state.apply(wrong)
                assert isinstance(err.value.rule, str) and err.value.rule.strip(), wrong
                if pickled(state) != quick:  # the quick check; the full snapshot decides
                    assert snapshot(state) == before, f"{wrong!r} was refused but changed the state"
            legal = state.legal_actions()
            for i in rng.choice(len(legal), size=min(8, len(legal)), replace=False) if legal else []:
                trial = state.clone()  # and listed actions are accepted
                a = legal[i]
                trial.apply(a)
                trial.check_invariants()
            assert snapshot(state) == before
        if state.is_over():
            break
        state.apply(choose.action(state))
        step += 1


# --------------------------------------------------------------------------- 4. hidden information

# Fields that hold numbers that are not cards (seats, counts, turns, totals, indexes).
NOT_CARDS = {
    "sixnimmt": {"player", "phase", "round", "turn", "totals", "chosen", "pending", "options"},
    "mow": {"player", "phase", "round", "turn", "hand_sizes", "active_herd", "arrow", "pending",
            "starter", "stock_size", "totals"},
}


def ints_in(value) -> list[int]:
    """Every integer inside ``value`` (tuples, lists, sets, dicts, dataclasses), recursively."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, (int, np.integer)):
        return [int(value)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [i for f in dataclasses.fields(value) for i in ints_in(getattr(value, f.name))]
    if isinstance(value, dict):
        return [i for kv in value.items() for x in kv for i in ints_in(x)]
    if isinstance(value, (tuple, list, set, frozenset)):
        return [i for x in value for i in ints_in(x)]
    raise AssertionError(f"an observation field holds an unexpected {type(value).__name__}")


def cards_in(name: str, field: str, value) -> list[int]:
    """The cards a field shows; a field this test does not know is taken to be all cards."""
    if field in NOT_CARDS[name]:
        return []
    if name == "sixnimmt" and field == "played":  # (turn, player, card)
        return [c for _, _, c in value]
    if name == "sixnimmt" and field == "revealed":  # (card, player)
        return [c for c, _ in value]
    if name == "mow" and field == "herds":  # lines of (value, card)
        return [c for line in value for _, c in line]
    return ints_in(value)


def hidden_from(state, name: str, p: int) -> set[int]:
    """Cards seat ``p`` must not see: the others' hands (and face-down cards), the undealt cards."""
    if name == "sixnimmt":
        hidden = {c for q, h in enumerate(state.hands) if q != p for c in h}
        hidden |= {c for q, c in state.chosen.items() if q != p}
        return hidden | set(state.out)
    return {c for q, h in enumerate(state.hands) if q != p for c in h} | set(state.stock)


def hidden_places(state, name: str) -> tuple:
    """Every hidden place and its cards: hands, and the face-down and undealt cards."""
    if name == "sixnimmt":
        return freeze(state.hands), freeze(state.chosen), freeze(state.out)
    return freeze(state.hands), freeze(state.stock)


def check_no_hidden_card(state, name: str) -> None:
    logic = name == "sixnimmt" and state.game.logic
    for p in range(state.num_players):
        obs = state.observation(p)
        hidden = hidden_from(state, name, p)
        for f in dataclasses.fields(obs):
            if f.name == "game":
                continue
            value = getattr(obs, f.name)
            shown = set(cards_in(name, f.name, value))
            if f.name == "drafted":  # the logic draft lies face up: public by design
                assert logic or not any(value), "drafted cards outside the logic variant"
                if logic:
                    assert all(set(d) <= set(state.drafted[q]) for q, d in enumerate(value))
                    continue
            leak = shown & hidden
            assert not leak, f"seat {p} sees hidden cards {sorted(leak)} in observation.{f.name}"


def exchange_hidden(state, name: str, p: int, rng: np.random.Generator) -> set[int] | None:
    """Swap two cards seat ``p`` cannot see between two hidden places (others' hands, face-down
    cards, the undealt cards); the seats whose hands changed, or None without two such places."""
    places: list[tuple[tuple, list | dict, object]] = []  # (place, container, index or key)
    for q, h in enumerate(state.hands):
        if q != p:
            places += [(("hand", q), h, i) for i in range(len(h))]
    if name == "sixnimmt":
        places += [(("face down", q), state.chosen, q) for q in state.chosen if q != p]
        places += [(("out", 0), state.out, i) for i in range(len(state.out))]
    else:
        places += [(("pile", 0), state.stock, i) for i in range(len(state.stock))]
    if len({where for where, _, _ in places}) < 2:
        return None
    i = int(rng.integers(len(places)))
    others = [j for j, x in enumerate(places) if x[0] != places[i][0]]
    j = others[int(rng.integers(len(others)))]
    (wa, a, ka), (wb, b, kb) = places[i], places[j]
    a[ka], b[kb] = b[kb], a[ka]
    for h in state.hands:
        h.sort()
    return {q for kind, q in (wa, wb) if kind == "hand"}


@pytest.mark.parametrize("name", GAMES)
@conformance(max_examples=40)
@given(data=st.data())
def test_no_observation_reveals_another_hand(name, data):
    game, seed = draw_game(data, name)
    choose = Chooser(data)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="exchange seed"))
    state = game.new_state(seed=seed)
    exchanges = 0
    while True:
        check_no_hidden_card(state, name)
        if not state.is_over() and not (name == "sixnimmt" and game.logic):  # logic: hands are public
            p = int(rng.integers(game.players))
            other = state.clone()
            changed = exchange_hidden(other, name, p, rng)
            if changed is not None:
                exchanges += 1
                assert hidden_places(other, name) != hidden_places(state, name), "nothing was exchanged"
                seen = observation_fields(state.observation(p))
                assert observation_fields(other.observation(p)) == seen, "a seat sees where hidden cards are"
                for q in changed:  # the exchange is visible to the seat whose hand it changed
                    assert other.observation(q).hand != state.observation(q).hand
        if state.is_over():
            break
        state.apply(choose.action(state))
    logic = name == "sixnimmt" and game.logic
    if not logic and (name == "mow" or game.players >= 3 or "tactics" not in game.variant):
        assert exchanges, "no hidden cards were ever exchanged"


# --------------------------------------------------------------------------- 5. fresh process

FRESH_CASES = [
    ("sixnimmt", {"players": 4}, ["random", "greedy", "lowest", "highest"], 7),
    ("sixnimmt", {"players": 3, "variant": ["logic", "professional"]}, ["greedy", "random", "random"], 8),
    ("sixnimmt", {"players": 5, "rows": 3, "capacity": 4, "hand_size": 8, "auto_row": True},
     ["random"] * 5, 9),
    ("mow", {"players": 4}, ["random", "greedy", "random", "greedy"], 7),
    ("mow", {"players": 2}, ["greedy", "random"], 8),
    ("mow", {"players": 6, "packets": "both", "next_starter": "rotate", "restart": "next",
             "yellow_next": "any", "reset_arrow": False}, ["random", "greedy"] * 3, 9),
]

FRESH_CODE = """
import json, sys
from mowkit import load_game
from mowkit.simulate import play_game
from mowkit.testing import check_game
cases = json.loads(sys.argv[1])
print(json.dumps([play_game(load_game(n, **o), a, s) for n, o, a, s in cases]))
"""


def test_same_seed_same_record_in_a_fresh_process():
    here = str(Path(mowkit.__file__).resolve().parent.parent)  # where this mowkit is imported from
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]))
    env.pop("PYTHONHASHSEED", None)  # a fresh hash seed as well
    run = subprocess.run(
        [sys.executable, "-c", FRESH_CODE, json.dumps(FRESH_CASES)],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr
    fresh = json.loads(run.stdout)
    here_records = [json.loads(json.dumps(play_game(load_game(n, **o), a, s))) for n, o, a, s in FRESH_CASES]
    assert len(fresh) == len(FRESH_CASES)
    for case, a, b in zip(FRESH_CASES, fresh, here_records):
        assert a == b, f"{case}: a fresh process played another game"
        assert a["over"] and a["seed"] == case[3]
    # and another seed is another game (the record does depend on the seed)
    other = play_game(load_game("mow", players=4), ["random"] * 4, seed=70)
    assert other["rounds"][0]["deal"] != here_records[3]["rounds"][0]["deal"]


# --------------------------------------------------------------------------- 6. records round-trip


@pytest.mark.parametrize("name", GAMES)
@conformance(max_examples=30)
@given(data=st.data())
def test_records_round_trip_to_every_state(name, data):
    game, seed = draw_game(data, name)
    choose = Chooser(data)
    state = game.new_state(seed=seed)
    states = [state.clone()]
    while not state.is_over():
        state.apply(choose.action(state))
        states.append(state.clone())
    cut = data.draw(st.integers(0, len(states) - 1), label="unfinished record at decision")
    with tempfile.TemporaryDirectory() as tmp:
        for upto in (len(states) - 1, cut):
            final = states[upto]
            record = to_record(final, seed=seed, agents=[f"seat {p + 1}" for p in range(game.players)])
            path = save(record, Path(tmp) / f"{name}.json")
            assert sorted(os.listdir(tmp)) == [f"{name}.json"], "a temporary file was left behind"
            back = load(path)
            assert back == json.loads(json.dumps(record))
            again = replay(back)
            assert len(again) == upto + 1
            for a, b in zip(states[: upto + 1], again):
                assert snapshot(b, with_chance=False) == snapshot(a, with_chance=False)
                assert seen_by_all(b) == seen_by_all(a)
            assert again[-1].totals == final.totals and again[-1].is_over() == final.is_over()
            if final.is_over():
                assert list(again[-1].winners()) == back["winners"] == list(final.winners())
            assert json.loads(json.dumps(to_record(again[-1], seed=seed, agents=back["agents"]))) == back


# --------------------------------------------------------------------------- 7. the shipped suite


@pytest.mark.parametrize("name", registry.names())
def test_every_registered_game_passes_check_game(name):
    """mowkit.testing.check_game: each variant at 2 players and the default, two seeds each, the
    kit's games with their documented action order (``order_key`` above)."""
    key = (lambda a: order_key(name, a)) if name in GAMES else None
    report = check_game(name, seeds=range(2), order_key=key)
    assert report.games == 2 * len(report.option_sets) and report.decisions > 0 and report.refused > 0
    spec = registry.get(name)
    if spec.trace is not None:  # every kernel policy's traced games replayed in the engine
        tracer = spec.tracer()
        assert tracer is not None and report.traced >= 2 * len(tracer.policies()) * 2
    assert report.event_kinds
