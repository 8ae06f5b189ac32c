"""The conformance suite of the game contract, for any registered game: ``check_game(spec)``.

What a game's author runs (and what ``tests/test_conformance.py`` runs for every registered game)::

    from mowkit.testing import check_game
    report = check_game("mygame")          # a name or a GameSpec; AssertionError on the first fault

For each option set (the spec's variants, at each player count of ``players``) and each seed the
suite plays a random game and checks, decision by decision:

* the contract: the game is a :class:`mowkit.core.Game`, the states :class:`mowkit.core.State`;
  options load the same game again; the game pickles; ``check_deal`` refuses a wrong deck;
* the interface: pending seats, legal actions stable, of this game and seat, without repeats, in
  order (``order_key``, or by their integer fields within each kind), every pending seat's
  actions and only those, empty once the game is over; the state's own ``check_invariants()``
  (or ``where_is()`` holding every card of the deck once);
* lockstep clones: a clone given the same actions stays equal; a clone played on with other
  choices leaves the original untouched; every listed action is accepted by a copy;
* wrong actions (changed fields, other seats, another game's action, non-actions) raise
  :class:`~mowkit.core.IllegalActionError` with a rule id and change nothing;
* the end: totals, ranks and winners (lowest totals share the win) agree with ``outcome``;
* records: ``to_record`` -> ``save`` -> ``load`` -> ``replay`` gives what every seat saw at every
  step again, for the finished game and an unfinished one;
* words: every event of the game and every decision is told in English and in Russian (each
  event kind at least once differently in Russian); the narrator's ``KINDS`` (when it lists them)
  cover every event kind the game registers; the drawings are HTML/SVG in both languages;
* the codec: masks mark exactly the legal indices, ``decode(encode(a))`` is ``a``, observation
  vectors have the declared size, and ``redeal`` changes nothing the seat can see.

Kernel trace replay is not here: each kernel's trace has its own shape, replayed decision by
decision against the engine in ``tests/test_kernel_traces.py``; :attr:`Report.notes` says so for a
game with a kernel.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from mowkit import events as events_module
from mowkit import registry
from mowkit.core import Action, Game, IllegalActionError, Outcome, State
from mowkit.i18n import language
from mowkit.narrate import describe, sentences
from mowkit.records import load, replay, save, to_record
from mowkit.spec import GameSpec

OrderKey = Callable[[Action], Any]


@dataclass
class Report:
    """What :func:`check_game` checked for one game."""

    name: str
    games: int = 0
    decisions: int = 0
    refused: int = 0
    option_sets: list[dict[str, Any]] = field(default_factory=list)
    event_kinds: set[str] = field(default_factory=set)
    unseen_kinds: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    traced: int = 0


@dataclass(frozen=True, slots=True)
class _Stranger(Action):
    """An action of no registered game: every engine must refuse it."""

    game: ClassVar[str] = "__conformance__"
    kind: ClassVar[str] = "stranger"
    card: int


class _Fault(AssertionError):
    """A broken promise of the contract, with where it happened."""


# --------------------------------------------------------------------------- the suite


def check_game(spec: GameSpec | str, *, seeds: Iterable[int] = range(4), players: Sequence[int] | None = None,
               options: Sequence[Mapping[str, Any]] | None = None, order_key: OrderKey | None = None,
               wrong_every: int = 4, traces: bool = True) -> Report:
    """Run the conformance suite for one registered game; returns a :class:`Report`.

    Args:
        spec: the game's spec or name.
        seeds: the deal seeds of the games played for each option set.
        players: the player counts (default: 2 and the game's default).
        options: the option sets (default: each of the spec's ``variants``).
        order_key: the documented order of legal actions (default: within each kind, ascending by
            the integer fields other than ``player``).
        wrong_every: try wrong actions every this many decisions (and at the end).
        traces: replay traced kernel games in the engine where the spec has a ``trace`` (the
            decisions checked are ``Report.traced``).

    Raises:
        AssertionError: naming the game, the options, the seed and the step of the first fault.
    """
    if isinstance(spec, str):
        spec = registry.get(spec)
    report = Report(spec.name)
    check_contract(spec)
    for opts in option_sets(spec, players, options):
        report.option_sets.append(opts)
        for seed in seeds:
            where = f"{spec.name} {opts} seed {seed}"
            try:
                _check_one(spec, registry.load_game(spec.name, **opts), int(seed), report,
                           order_key, max(1, int(wrong_every)))
            except _Fault as e:
                raise AssertionError(f"{where}: {e}") from None
    report.unseen_kinds = _registered_kinds(spec.name) - report.event_kinds
    check_narrator_kinds(spec)
    if traces and spec.trace is not None:
        report.traced = check_traces(spec, players, list(seeds)[:2])
    return report


def check_traces(spec: GameSpec, players: Sequence[int] | None = None, seeds: Sequence[int] = (0, 1)) -> int:
    """Replay traced kernel games in the engine (the spec's ``trace`` slot), every kernel policy in
    seat 1 once; the decisions checked. A disagreement raises ``AssertionError`` naming where."""
    tracer = spec.tracer()
    if tracer is None:
        return 0
    policies = list(tracer.policies())
    default = registry.load_game(spec.name).num_players
    checked = 0
    for n in dict.fromkeys(players if players is not None else (2, default)):
        for i in range(len(policies)):
            table = [policies[(i + k) % len(policies)] for k in range(n)]
            for seed in seeds:
                decisions, _rounds = tracer.replay_trace(n, table, {}, int(seed))
                checked += decisions
    return checked


def option_sets(spec: GameSpec, players: Sequence[int] | None = None,
                options: Sequence[Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The option sets the suite plays: each variant (or given set) at each player count."""
    default = registry.load_game(spec.name).num_players
    counts = list(dict.fromkeys(players if players is not None else (2, default)))
    sets = list(options) if options is not None else list(spec.variants.values())
    return [{**dict(o), "players": p} for o in sets for p in counts]


def check_contract(spec: GameSpec) -> None:
    """The game class and its default game keep the contract (isinstance, options, pickling, deals)."""
    game = registry.load_game(spec.name)
    assert isinstance(game, Game), f"{spec.name}: the game is not a mowkit.core.Game"
    assert game.name == spec.name, f"the spec {spec.name!r} makes a game named {game.name!r}"
    assert registry.load_game(spec.name, **game.options) == game, "the options do not make the same game"
    assert pickle.loads(pickle.dumps(game)) == game, "the game does not survive pickling"
    game.check_deal(list(game.deck))
    for bad in (list(game.deck)[:-1], list(game.deck) + [list(game.deck)[0]]):
        try:
            game.check_deal(bad)
        except ValueError:
            continue
        raise AssertionError(f"{spec.name}: check_deal accepted a wrong deck of {len(bad)} cards")
    for c in game.deck:
        assert isinstance(game.penalty(c), int) and game.penalty(c) >= 0, f"penalty of card {c}"
        assert isinstance(game.label(c), str) and game.label(c), f"label of card {c}"
    state = game.new_state(seed=0)
    assert isinstance(state, State), f"{spec.name}: the state is not a mowkit.core.State"


def check_narrator_kinds(spec: GameSpec) -> None:
    """A narrator that lists its ``KINDS`` lists every event kind the game registers."""
    told = getattr(spec.narrator_module(), "KINDS", None)
    if told is None:
        return
    names = {k.kind for k in told}
    missing = _registered_kinds(spec.name) - names
    assert not missing, f"{spec.name}: the narrator tells no sentence for {sorted(missing)}"


def _registered_kinds(name: str) -> set[str]:
    return {kind for (g, kind) in events_module._EVENT_TYPES if g == name}


# --------------------------------------------------------------------------- one game


def _check_one(spec: GameSpec, game: Any, seed: int, report: Report, order_key: OrderKey | None,
               wrong_every: int) -> None:
    """Play one random game from ``seed`` with every per-decision check; then records and words."""
    rng = np.random.default_rng(seed)
    state = game.new_state(seed=seed)
    again = game.new_state(seed=seed)
    if state.deals != again.deals:
        raise _Fault("the same seed dealt another game")
    twin = state.clone()
    codec = spec.make_codec(game)
    split = int(rng.integers(0, 60))
    states = [state.clone()]
    seen = [seen_by_all(state)]
    step = 0
    while True:
        _at(step, check_interface, state, game.name, order_key)
        _at(step, check_invariants, state)
        if step % wrong_every == 0 or state.is_over():
            report.refused += _at(step, check_wrong_actions, state, rng)
            _at(step, check_codec, codec, state, rng)
        if state.is_over():
            break
        if step == split:
            _at(step, check_played_on_clone, state, rng)
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        state.apply(action)
        twin.apply(action)
        step += 1
        if seen_by_all(twin) != seen_by_all(state) or snapshot(twin) != snapshot(state):
            raise _Fault(f"step {step}: a clone given the same actions is not equal to the original")
        states.append(state.clone())
        seen.append(seen_by_all(state))
    check_finished(state)
    cut = int(rng.integers(0, len(states)))
    check_record(states[-1], seed, seen)
    check_record(states[cut], seed, seen[: cut + 1])
    report.event_kinds |= check_words(spec, state)
    report.games += 1
    report.decisions += step


def _at(step: int, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, its failure named with the decision it happened at."""
    try:
        return fn(*args)
    except _Fault:
        raise
    except AssertionError as e:
        raise _Fault(f"decision {step}: {e}") from None


def check_interface(state: Any, name: str, order_key: OrderKey | None = None) -> None:
    """Pending seats, legal actions and observations agree (the shared State interface)."""
    n = state.num_players
    pending = state.pending_players()
    assert isinstance(pending, tuple) and len(set(pending)) == len(pending), f"pending {pending!r}"
    assert all(isinstance(p, int) and 0 <= p < n for p in pending), f"pending {pending!r}"
    everyone = state.legal_actions()
    assert everyone == state.legal_actions(), "legal_actions() is not stable"
    if state.is_over():
        assert pending == () and everyone == [], "a finished game has pending seats or legal actions"
    else:
        assert pending and everyone, "a game that is not over has someone to act and a legal action"
    per_seat = []
    for p in range(n):
        legal = state.legal_actions(p)
        assert legal == state.legal_actions(p), f"legal_actions({p}) is not stable"
        assert bool(legal) == (p in pending), f"seat {p}: pending {pending}, legal {legal}"
        assert all(isinstance(a, Action) and a.game == name and a.player == p for a in legal), legal
        assert len(set(legal)) == len(legal), f"repeated actions: {legal}"
        check_order(legal, order_key)
        if p in pending:
            per_seat.append(legal)
        obs = state.observation(p)
        assert getattr(obs, "player", p) == p, f"observation({p}) is another seat's"
    assert everyone == [a for legal in per_seat for a in legal], "legal_actions() is not every pending seat's"


def check_order(legal: Sequence[Action], order_key: OrderKey | None = None) -> None:
    """Legal actions in their documented order (``order_key``), else within each kind by int fields."""
    if order_key is not None:
        keys = [order_key(a) for a in legal]
        assert all(a < b for a, b in zip(keys, keys[1:])), f"not in order or repeated: {legal}"
        return
    by_kind: dict[type, list[tuple[int, ...]]] = {}
    for a in legal:
        fields = [f for f in dataclasses.fields(a) if f.name != "player"]
        if all(f.type in ("int", int) for f in fields):
            by_kind.setdefault(type(a), []).append(tuple(getattr(a, f.name) for f in fields))
    for keys in by_kind.values():
        assert all(a < b for a, b in zip(keys, keys[1:])), f"not in order or repeated: {legal}"


def check_invariants(state: Any) -> None:
    """The state's own ``check_invariants()``, else ``where_is()`` holding each card of the deck once."""
    own = getattr(state, "check_invariants", None)
    if own is not None:
        own()
        return
    where = getattr(state, "where_is", None)
    if where is not None:
        assert sorted(where()) == sorted(state.game.deck), "where_is() is not every card of the deck once"


def check_played_on_clone(state: Any, rng: np.random.Generator) -> None:
    """A clone played to the end with other choices leaves the original as it was."""
    before = snapshot(state)
    mid = state.clone()
    assert snapshot(mid) == before, "a clone is not equal to its original"
    while not mid.is_over():
        legal = mid.legal_actions()
        mid.apply(legal[int(rng.integers(len(legal)))])
    assert snapshot(state) == before, "playing a clone changed the original"


def wrong_actions(state: Any, rng: np.random.Generator, k: int = 16) -> list[Any]:
    """Candidate wrong actions: legal ones with one field changed, other seats', a stranger's, non-actions."""
    legal = state.legal_actions()
    deck = list(state.game.deck)
    ints = [-1, 0, max(deck) + 1, state.num_players] + [int(c) for c in rng.choice(deck, size=min(6, len(deck)))]
    strings = ["", "nowhere", "low", "back"]
    out: list[Any] = []
    for _i in range(k if legal else 0):
        a = legal[int(rng.integers(len(legal)))]
        f = dataclasses.fields(a)[int(rng.integers(len(dataclasses.fields(a))))]
        pool: list[Any] = strings if f.type in ("str", str) else ints
        out.append(dataclasses.replace(a, **{f.name: pool[int(rng.integers(len(pool)))]}))
    if legal:
        a = legal[0]
        out += [dataclasses.replace(a, player=q) for q in range(-1, state.num_players + 1) if q != a.player]
    out += [_Stranger(0, deck[0]), None, "play", {"type": "play", "player": 0}, (0, 1)]
    return [a for a in out if not (isinstance(a, Action) and a in legal)]


def check_wrong_actions(state: Any, rng: np.random.Generator) -> int:
    """Every wrong action is refused with a rule id and changes nothing; listed actions are accepted."""
    before = snapshot(state)
    count = 0
    for wrong in wrong_actions(state, rng):
        try:
            state.apply(wrong)
        except IllegalActionError as e:
            assert isinstance(e.rule, str) and e.rule.strip(), f"{wrong!r} refused without a rule id"
        else:
            raise AssertionError(f"{wrong!r} was accepted")
        assert snapshot(state) == before, f"{wrong!r} was refused but changed the state"
        count += 1
    legal = state.legal_actions()
    for i in rng.choice(len(legal), size=min(4, len(legal)), replace=False) if legal else []:
        trial = state.clone()
        trial.apply(legal[int(i)])
        check_invariants(trial)
    assert snapshot(state) == before, "trying actions on a copy changed the state"
    return count


def check_finished(state: Any) -> None:
    """Once over: totals add up, lowest totals win (shared), the outcome says the same."""
    g = state.game
    assert list(state.totals) == [sum(r[p] for r in state.round_scores) for p in range(g.num_players)], \
        "the totals are not the sums of the rounds"
    expected = Outcome.of(state.totals)
    assert g.outcome(state) == expected, f"outcome {g.outcome(state)} for totals {state.totals}"
    assert tuple(state.winners()) == expected.winners, f"winners {state.winners()} for totals {state.totals}"
    for p in range(g.num_players):
        assert state.legal_actions(p) == [], "a finished game has legal actions"


def check_record(state: Any, seed: int, seen: Sequence[Any]) -> None:
    """``to_record`` -> ``save`` -> ``load`` -> ``replay`` gives every step's views again."""
    agents = [f"seat {p + 1}" for p in range(state.num_players)]
    record = to_record(state, seed=seed, agents=agents)
    with tempfile.TemporaryDirectory() as tmp:
        back = load(save(record, Path(tmp) / "game.json"))
    if back != json.loads(json.dumps(record)):
        raise _Fault("a saved record loads as another record")
    again = replay(back)
    if len(again) != len(seen):
        raise _Fault(f"the record replays {len(again) - 1} decisions, the game had {len(seen) - 1}")
    for i, (s, view) in enumerate(zip(again, seen)):
        if seen_by_all(s) != view:
            raise _Fault(f"the replayed record differs from the game at decision {i}")
    if json.loads(json.dumps(to_record(again[-1], seed=seed, agents=agents))) != back:
        raise _Fault("the replayed game records another record")


def check_words(spec: GameSpec, state: Any) -> set[str]:
    """Every event and decision of the game told in English and Russian; drawings in both."""
    game = state.game
    actions = [a for rnd in state.history for a in rnd]
    told: dict[str, list[str]] = {}
    for lang in ("en", "ru"):
        with language(lang):
            told[lang] = sentences(game, state.log)
            words = [describe(game, a) for a in actions]
            assert all(isinstance(s, str) and s.strip() for s in told[lang] + words), f"an empty text in {lang}"
            renderer = spec.renderer_module()
            for show in (True, 0, False):
                assert spec.render(state, show).lstrip().startswith("<"), "a drawing is not HTML"
            assert str(renderer.card_svg(game, game.deck[0], None, 1.0, False)).lstrip().startswith("<svg")
            assert str(renderer.card_back_svg(1.0)).lstrip().startswith("<svg")
    kinds: set[str] = set()
    translated: set[str] = set()
    for event, en, ru in zip(state.log, told["en"], told["ru"]):
        kinds.add(event.kind)
        if en != ru:
            translated.add(event.kind)
    missing = kinds - translated
    if missing:
        raise _Fault(f"event kinds told only in English: {sorted(missing)}")
    return kinds


def check_codec(codec: Any, state: Any, rng: np.random.Generator) -> None:
    """Masks, indices and observation vectors of the spec's codec; ``redeal`` hides nothing it should not."""
    assert isinstance(codec.size, int) and codec.size > 0, "the codec has no size"
    size = codec.observation_size()
    zero = codec.observation_vector(None)
    assert zero.shape == (size,) and not zero.any(), "observation_vector(None) is not zeros"
    for p in range(state.num_players):
        legal = state.legal_actions(p)
        mask = codec.mask(legal)
        assert mask.shape == (codec.size,) and int(mask.sum()) == len(legal), f"seat {p}: the mask is not the legal list"
        for a in legal:
            i = codec.encode(a)
            assert 0 <= i < codec.size and mask[i] == 1 and codec.decode(i, legal) == a, f"index of {a!r}"
        v = codec.observation_vector(state.observation(p))
        assert v.shape == (size,) and v.dtype == np.float32, f"seat {p}: observation vector shape {v.shape}"
        if not state.is_over():
            other = codec.redeal(state, p, rng)
            assert observation_fields(other.observation(p)) == observation_fields(state.observation(p)), \
                f"redeal for seat {p} changed what it sees"
            assert other.legal_actions(p) == legal, f"redeal for seat {p} changed its legal actions"
            check_invariants(other)


# --------------------------------------------------------------------------- comparing states


def freeze(value: Any) -> Any:
    """An immutable deep copy of plain state data (lists, dicts, sets; actions and events are frozen)."""
    t = type(value)
    if t is int or t is str or t is bool or value is None:
        return value
    if t is list or t is tuple:
        return tuple([freeze(v) for v in value])
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), freeze(v)) for k, v in value.items())))
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    if isinstance(value, (int, float, Action, events_module.Event)):
        return value
    return copy.deepcopy(value)


def snapshot(state: Any, with_chance: bool = True) -> dict[str, Any]:
    """Everything in the state, copied (the game by its options, the chance by its stream)."""
    snap: dict[str, Any] = {
        "state": {k: freeze(v) for k, v in vars(state).items() if k not in ("_chance", "game")},
        "options": state.game.options,
    }
    chance = getattr(state, "_chance", None)
    if with_chance and chance is not None:
        rng = chance.rng.bit_generator.state if chance.rng is not None else None
        snap["chance"] = (rng, freeze(chance.deals))
    return snap


def observation_fields(obs: Any) -> dict[str, Any]:
    """An observation's fields without its game."""
    if dataclasses.is_dataclass(obs) and not isinstance(obs, type):
        return {f.name: getattr(obs, f.name) for f in dataclasses.fields(obs) if f.name != "game"}
    return {k: v for k, v in vars(obs).items() if k != "game"}


def seen_by_all(state: Any) -> list[Any]:
    """What every seat sees, the legal actions and the totals: what equal games share."""
    return [
        state.is_over(),
        state.pending_players(),
        state.legal_actions(),
        list(state.totals),
        [observation_fields(state.observation(p)) for p in range(state.num_players)],
    ]


__all__ = ["Report", "check_codec", "check_contract", "check_finished", "check_game", "check_interface",
           "check_invariants", "check_narrator_kinds", "check_order", "check_record", "check_words",
           "check_wrong_actions", "freeze", "observation_fields", "option_sets", "seen_by_all", "snapshot",
           "wrong_actions"]
