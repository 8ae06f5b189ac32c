"""One match: the one loop that plays a game between agents and people, from a seed to a record.

A :class:`Match` owns everything a played game needs, so every front end plays the same game:

* the seeding rule: the deals come from :func:`~mowkit.core.deal_rng` ``(root)`` (unchanged, the
  kernels and the shipped records depend on it), the agent in seat ``p`` draws from
  :func:`agent_rng` ``(root, stream[p])``, a one-way derivation from which the deal cannot be
  rebuilt; the root is the seed (``seed=None``: fresh entropy, drawn once). Recorded deck orders
  (``deals=``) replace the deal stream; a start state (``start=``) replaces the deal;
* the guarded views: each agent gets a fresh copy of the legal list and an observation whose
  ``game`` is its own deep copy of the game (made once per seat per match), and the action it
  returns is looked up in the engine's own legal list (:func:`own_action`);
* the step loop: :meth:`Match.step` plays one computer decision, :meth:`Match.run` plays until a
  person must decide or the game is over;
* waiting for people: a seat in ``humans`` is never played by the match; it waits until the front
  end passes that seat's decision to :meth:`Match.submit`;
* timing: the seconds each decision took, per seat (:attr:`Match.seconds`);
* misbehaving agents: an exception raised by an agent's ``act`` becomes an :class:`AgentError`
  naming the agent, its seat, the game, its seed and number (the agent's exception chained); with
  ``decision_timeout=`` an agent that does not answer in time raises one too (see :class:`Match`);
* the record (:meth:`Match.record`, the format of :mod:`mowkit.records`).

:func:`mowkit.simulate.play_state` / :func:`~mowkit.simulate.play_game` (and through them the
engine backend of tournaments) and the play widget drive a ``Match``.
"""

from __future__ import annotations

import copy
import copyreg
import functools
import hashlib
import pickle
import secrets
import threading
from collections.abc import Callable, Collection, Sequence
from time import perf_counter
from typing import Never, TypeVar, cast, overload

import numpy as np

from mowkit.agents import agent_classes, make_agent, parse_agent_spec
from mowkit.agents import agent_name as shown_agent_name
from mowkit.core import (
    MAX_SEED,
    Action,
    IllegalActionError,
    JSONObject,
    OptionError,
    SomeAgent,
    SomeGame,
    SomeState,
    check_deals,
    check_int,
    check_name,
    check_seconds,
    check_seed,
    deal_rng,
)
from mowkit.i18n import _, restore_error
from mowkit.records import to_record
from mowkit.registry import load_game, spec_of

HUMAN = "human"
"""The name a person's seat has in a match's ``names`` and in records."""

AGENT_STREAM_TAG = "mowkit-agent/1"
"""The label hashed into every agent generator (change it and every agent's draws change)."""

GameT = TypeVar("GameT", bound=SomeGame)
T = TypeVar("T")
A = TypeVar("A", bound=Action)


# --------------------------------------------------------------------------- seeding


@overload
def resolve_game(game: str, **options: object) -> SomeGame: ...
@overload
def resolve_game(game: GameT, **options: object) -> GameT: ...
def resolve_game(game: str | SomeGame, **options: object) -> SomeGame:
    """A game object from a registered game's name or a game object passed through."""
    if isinstance(game, str):
        return load_game(game, **options)
    if options:
        raise OptionError("options", options, "options only with a game name")
    return game


def game_root(seed: int | None) -> int:
    """The root of a game's randomness: ``seed`` itself, or for ``seed=None`` a fresh seed drawn once
    from the system's entropy under the one seed rule (below ``MAX_SEED``), so that the game's record
    keeps it and the same seed plays the game again."""
    if seed is None:
        return secrets.randbelow(MAX_SEED)
    return check_seed(seed)


def agent_rng(seed: int, stream: int) -> np.random.Generator:
    """The generator of agent stream ``stream`` in a game with root ``seed``, derived one way.

    Its entropy is the 128-bit BLAKE2b digest of ``"mowkit-agent/1|{seed}|{stream}"``; nothing
    reachable on the generator (``bit_generator.seed_seq.entropy``, ``spawn_key``, ``state``)
    leads back to the seed, so an agent cannot rebuild the deal stream (:func:`deal_rng`) from it.
    The same ``(seed, stream)`` gives the same generator in any process. (A digest cannot hide a
    seed from someone who guesses it: a small hand-typed seed such as 42 can be found by trying
    seeds one by one; tournament seeds (:func:`mowkit.tournament.game_seed`, 63 bits) and
    ``seed=None`` (128 bits of fresh entropy) cannot.)
    """
    return _stream_rng(check_int("seed", seed, 0), check_int("stream", stream, 0))


def _stream_rng(root: int, stream: int) -> np.random.Generator:
    """:func:`agent_rng` of a checked root and stream (plain ints >= 0)."""
    digest = hashlib.blake2b(f"{AGENT_STREAM_TAG}|{root}|{stream}".encode(), digest_size=16).digest()
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(int.from_bytes(digest, "big"))))


def check_streams(streams: Sequence[int] | None, n: int) -> list[int]:
    """The stream number of each of ``n`` seats (default: the seat number), checked."""
    if streams is None:
        return list(range(n))
    allowed = f"{n} different integers >= 0, one per seat"
    if isinstance(streams, (str, bytes)) or not isinstance(streams, Sequence):
        raise OptionError("agent_streams", streams, allowed)
    found = list(streams)
    if len(found) != n or len(set(found)) != n:
        raise OptionError("agent_streams", found, allowed)
    for s in found:
        check_int("agent_streams", s, 0)
    return [int(s) for s in found]


# --------------------------------------------------------------------------- guarded views


_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None))
_VERDICTS: dict[int, tuple[object, bool]] = {}  # id(game) -> (game, all its values deeply immutable)


def _deeply_immutable(value: object, depth: int = 0) -> bool:
    """Whether nothing reachable from ``value`` can be changed: numbers, text, ``None``, and tuples
    and frozensets of those (named tuples too: they have no ``__dict__``)."""
    if isinstance(value, _IMMUTABLE) and type(value) in _IMMUTABLE:
        return True
    if depth > 20 or not isinstance(value, (tuple, frozenset)) or hasattr(value, "__dict__"):
        return False
    return all(_deeply_immutable(v, depth + 1) for v in value)


def _immutable_values(game: object) -> bool:
    """Whether every attribute value of ``game`` is deeply immutable (checked once per game object)."""
    known = _VERDICTS.get(id(game))
    if known is not None and known[0] is game:
        return known[1]
    try:
        fields = vars(game)
    except TypeError:  # no __dict__ (slots): copy deeply
        verdict = False
    else:
        verdict = all(_deeply_immutable(v) for v in fields.values())
    if len(_VERDICTS) >= 64:
        _VERDICTS.clear()
    _VERDICTS[id(game)] = (game, verdict)
    return verdict


@functools.lru_cache(maxsize=64)
def _plain_copy(cls: type) -> bool:
    """Whether :func:`copy.copy` of a ``cls`` instance is ``object.__new__(cls)`` given the same
    ``__dict__`` (no ``__copy__``, reduce, getstate/setstate, slots or ``__new__`` of its own)."""
    return (getattr(cls, "__copy__", None) is None and not hasattr(cls, "__setstate__")
            and cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
            and getattr(cls, "__getstate__", object.__getstate__) is object.__getstate__
            and cls.__new__ is object.__new__ and cls not in copyreg.dispatch_table
            and all("__slots__" not in vars(k) for k in cls.__mro__))


def private_copies(game: T, n: int) -> list[T]:
    """``n`` independent copies of ``game`` (one per seat: what an agent's ``obs.game`` is).

    A game whose attribute values are all deeply immutable (numbers, text and tuples of them: the
    options and card tables of the kit's games) is copied as a new object holding the same values:
    an agent that rewrites an attribute of its copy (``object.__setattr__``) changes only its copy,
    and nothing inside a value can be changed, so this is as private as a deep copy and far
    cheaper (Mow's card table is 96 cards). Any other game is deep-copied by a pickle round trip
    (several times faster than :func:`copy.deepcopy`); objects that cannot be pickled fall back to
    :func:`copy.deepcopy`.
    """
    if _immutable_values(game):
        cls: type[T] = type(game)
        if _plain_copy(cast(type, cls)):  # what copy.copy does for such a class, without its machinery
            fields = vars(game)
            out: list[T] = []
            for _ in range(n):
                twin = object.__new__(cls)
                twin.__dict__.update(fields)
                out.append(twin)
            return out
        return [copy.copy(game) for _ in range(n)]
    try:
        blob = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a user's game object that pickle cannot handle
        return [copy.deepcopy(game) for _ in range(n)]
    return [cast(T, pickle.loads(blob)) for _ in range(n)]


def agent_name(agent: object) -> str:
    """An agent's name as errors and records show it."""
    return str(getattr(agent, "name", type(agent).__name__))


def own_action(legal: Sequence[A], action: A, agent: object, seat: int) -> A:
    """The engine's own legal action equal to ``action`` (same type), or IllegalActionError."""
    for a in legal:  # fast path: the object it was given (no comparisons run)
        if a is action:
            return a
    for a in legal:
        try:
            same = type(a) is type(action) and bool(a == action)
        except Exception:  # an action whose comparison fails is not one of ours
            same = False
        if same:
            return a
    raise IllegalActionError(
        "agent", f"agent {agent_name(agent)!r} in seat {seat} chose {action!r}, not a legal action"
    )


def ask(agent: SomeAgent, obs: object, legal: list[Action], rng: np.random.Generator) -> Action:
    """``agent.act(obs, legal, rng)``: an agent made for the game whose observation ``obs`` is."""
    return agent.act(cast(Never, obs), legal, rng)  # the types cannot tie an agent to its game


class Guarded:
    """An agent seen through a match's guards: its own game copy, the engine's own action."""

    def __init__(self, agent: SomeAgent, view: SomeGame, seat: int) -> None:
        self.agent, self.view, self.seat = agent, view, seat
        self.name = agent_name(agent)

    def act(self, obs: object, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """The agent's decision on its private view, as the engine's own legal action object."""
        object.__setattr__(obs, "game", self.view)
        action = ask(self.agent, obs, list(legal), rng)
        return own_action(list(legal), action, self.agent, self.seat)

    def show(self, obs: T) -> T:
        """``obs`` with the agent's private copy of the game as its ``game``."""
        object.__setattr__(obs, "game", self.view)
        return obs


# --------------------------------------------------------------------------- misbehaving agents

MAX_DECISION_TIMEOUT = 86400.0
"""The longest ``decision_timeout`` a match accepts (a day), in seconds."""


class AgentError(RuntimeError):
    """An agent failed inside a match: its ``act`` raised, or it did not answer within the time limit.

    The text names the agent (as a person reads it), the seat (from 1), the game, the game's number
    (when the caller gave one, e.g. a tournament) and the seed; the agent's own exception is
    chained (``__cause__``; ``None`` for a time-out). Attributes: ``agent`` (the display name),
    ``seat`` (the seat index, from 0, as everywhere in the kit's API), ``seed`` (the game's root:
    ``play_game(game, agents, seed)`` plays the same game again), ``game_number`` (or ``None``),
    ``timeout`` (the time limit in seconds for a time-out, else ``None``). The match's state is
    unchanged: the failed decision was not applied.
    """

    def __init__(self, agent: str, seat: int, game: str, seed: int, game_number: int | None,
                 error: BaseException | None = None, timeout: float | None = None) -> None:
        self.agent, self.seat, self.seed, self.game_number, self.timeout = agent, seat, seed, game_number, timeout
        where = (_("{game}, seed {seed}").format(game=game, seed=seed) if game_number is None
                 else _("{game}, game {number}, seed {seed}").format(game=game, number=game_number, seed=seed))
        if timeout is not None:
            text = _("agent {agent} (seat {seat}; {where}) did not answer within {seconds} s").format(
                agent=agent, seat=seat + 1, where=where, seconds=f"{timeout:g}")
        else:
            text = _("agent {agent} (seat {seat}; {where}) failed: {error}").format(
                agent=agent, seat=seat + 1, where=where, error=f"{type(error).__name__}: {error}")
        super().__init__(text)

    def __reduce__(self) -> tuple[object, ...]:  # dask workers send errors back: same fields, same text
        return (restore_error, (type(self), self.args, dict(vars(self))))


def check_timeout(value: object) -> float | None:
    """``decision_timeout`` checked: ``None`` (no limit) or positive finite seconds, or OptionError."""
    return None if value is None else check_seconds("decision_timeout", value, MAX_DECISION_TIMEOUT)


def ask_in_time(agent: SomeAgent, obs: object, legal: list[Action], rng: np.random.Generator,
                timeout: float) -> tuple[bool, Action | BaseException | None]:
    """``agent.act`` run in a worker thread: ``(answered, action or the exception it raised)``.

    Waits at most ``timeout`` seconds. A worker that has not answered by then is left behind as a
    daemon thread (Python cannot stop a thread): it may keep a core busy until it returns, and it
    holds only what the agent was given (the observation with its private copy of the game, a copy
    of the legal list, its own generator), so the game's state is untouched; its late answer is
    dropped. Daemon threads do not keep the interpreter from exiting.
    """
    box: list[Action | BaseException] = []

    def work() -> None:
        try:
            box.append(ask(agent, obs, legal, rng))
        except BaseException as exc:  # handed to the caller, which raises AgentError from it
            box.append(exc)

    worker = threading.Thread(target=work, name="mowkit-agent-decision", daemon=True)
    worker.start()
    worker.join(timeout)
    if not box:
        return False, None
    return True, box[0]


# --------------------------------------------------------------------------- the match


class Match:
    """One game between agents (and people), played one decision at a time (see the module docstring).

    Args:
        game: a game object or a registered game's name.
        agents: one entry per seat: an agent (name or object); at a seat in ``humans`` the entry
            is only the seat's name in the record (e.g. ``"human"``).
        seed: the game's seed (``None``: fresh entropy, recorded as ``None``).
        humans: the seats people play: the match waits for :meth:`submit` there.
        agent_streams: the stream number of the agent in each seat (default: the seat number).
        deals: recorded deck orders, one list of card ids per round (``None``: deal from the seed).
        start: a state to play on (a copy of it) instead of a deal; the seed roots the agents only.
        decision_timeout: the most seconds an agent's decision may take (``None``: no limit); positive
            and finite (at most a day), else :class:`~mowkit.core.OptionError`. With a limit each
            decision runs in a worker thread and the match stops waiting after the limit, raising
            :class:`AgentError`; the worker of an agent that never answers is left behind as a
            daemon thread (see :func:`ask_in_time`). Without one no thread is used.
        game_number: the game's number in a series (a tournament's), named by :class:`AgentError`.

    Raises:
        AgentError: (from :meth:`step`, :meth:`run`) an agent's ``act`` raised, or did not answer
            within ``decision_timeout``; the state is unchanged.
    """

    def __init__(self, game: str | SomeGame, agents: Sequence[str | SomeAgent], seed: int | None = None, *,
                 humans: Collection[int] = (), agent_streams: Sequence[int] | None = None,
                 deals: Sequence[Sequence[int]] | None = None, start: SomeState | None = None,
                 decision_timeout: float | None = None, game_number: int | None = None) -> None:
        game = resolve_game(game)
        self.decision_timeout = check_timeout(decision_timeout)
        self.game_number = None if game_number is None else check_int("game_number", game_number, 0)
        n = game.num_players
        if len(agents) != n:
            raise OptionError("agents", len(agents), f"one agent per seat: {n}")
        people = () if isinstance(humans, tuple) and not humans else self._people(humans, n)
        streams = None if agent_streams is None else check_streams(agent_streams, n)
        orders = None if deals is None else check_deals(game, deals)
        if orders is not None and start is not None:
            raise OptionError("deals", "deck orders", "deals or a start state, not both")
        self.game = game
        self.seed = None if seed is None else check_seed(seed)  # a plain int: what the record stores
        self.humans = people
        self.agents: dict[int, SomeAgent] = _new_agents(game.name, agents, people)
        self.names = [_seat_name(a, p in people) for p, a in enumerate(agents)]
        self.root = root = game_root(None) if self.seed is None else self.seed
        self.rngs: dict[int, np.random.Generator] = {}
        # computer seat -> (its agent, its private copy of the game, its generator)
        self._seats: dict[int, tuple[SomeAgent, SomeGame, np.random.Generator]] = {}
        for (p, agent), view in zip(self.agents.items(), private_copies(game, len(self.agents))):
            rng = self.rngs[p] = _stream_rng(root, p if streams is None else streams[p])
            self._seats[p] = (agent, view, rng)
        self._orders = orders
        self.state: SomeState
        if start is not None:
            self.state = start.clone()
        elif orders is None:
            self.state = game.new_state(rng=deal_rng(self.root))
        else:
            self.state = game.new_state(deals=orders)
        # what each decision did: (seat, start, end) in the state's log when it tells where (the
        # events are made when ``log`` is read), else (seat, events, None)
        self._span: Callable[[], tuple[int, int]] | None = getattr(self.state, "log_span", None)
        self._log: list[tuple[int | None, object, int | None]] = []
        self._note(None)
        self.seconds: list[list[float]] = [[] for _ in range(n)]
        """The seconds each decision took, per seat (a person's: since the match last changed)."""
        self._since = perf_counter()

    @property
    def log(self) -> list[tuple[int | None, list[object]]]:
        """(seat, events) of each decision, after the deal's (seat ``None``) events."""
        every: list[object] | None = None
        out: list[tuple[int | None, list[object]]] = []
        for seat, a, b in self._log:
            if b is None:
                out.append((seat, cast("list[object]", a)))
                continue
            if every is None:
                every = list(self.state.log)  # type: ignore[attr-defined]  # a state that tells log_span
            out.append((seat, every[cast(int, a):b]))
        return out

    def _note(self, seat: int | None) -> None:
        """Remember which events ``seat``'s decision (``None``: the deal) added to the log."""
        if self._span is not None:
            self._log.append((seat, *self._span()))
        else:
            self._log.append((seat, list(self.state.events), None))

    @staticmethod
    def _people(humans: Collection[int], n: int) -> tuple[int, ...]:
        people = tuple(sorted(set(humans)))
        if any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n for p in people):
            raise OptionError("humans", list(humans), f"different seats from 0 to {n - 1}")
        return people

    # ------------------------------------------------------------------ who decides
    def is_over(self) -> bool:
        """Whether the game is over."""
        return bool(self.state.is_over())

    def pending(self) -> list[int]:
        """Every seat that may decide now."""
        return [] if self.state.is_over() else list(self.state.pending_players())

    def computers_pending(self) -> list[int]:
        """Computer seats that may decide now."""
        return [p for p in self.pending() if p not in self.humans]

    def humans_pending(self) -> list[int]:
        """People's seats that may decide now, in seat order (the match waits for them)."""
        pending = set(self.pending())
        return [p for p in self.humans if p in pending]

    # ------------------------------------------------------------------ decisions
    def step(self) -> int | None:
        """One computer decision (the first pending computer seat); its seat, or None when none may decide."""
        before = len(self._log)
        return self._log[-1][0] if self._play(1, None) and len(self._log) > before else None

    def _play(self, most: int, stop: Callable[[Match], bool] | None) -> int:
        """Up to ``most`` computer decisions (each: the first pending computer seat's), until none
        may decide or ``stop(match)``; how many. The one loop of :meth:`step` and :meth:`run`."""
        done = 0
        seats, seconds, humans, timeout = self._seats, self.seconds, self.humans, self.decision_timeout
        put = object.__setattr__
        while done < most and not (stop is not None and stop(self)):
            state = self.state
            if state.is_over():
                break
            for p in state.pending_players():
                if not humans or p not in humans:
                    break
            else:
                break
            legal = state.legal_actions(p)
            agent, view, rng = seats[p]
            started = perf_counter()
            obs = state.observation(p)
            put(obs, "game", view)  # its private copy of the game (Guarded.show)
            if timeout is None:
                try:
                    action = agent.act(obs, list(legal), rng)  # type: ignore[arg-type]
                except Exception as exc:
                    raise self._agent_error(p, exc) from exc
            else:
                action = self._ask_in_time(p, agent, obs, legal, rng)
            own = own_action(legal, action, agent, p)  # the engine's own object (identity first)
            try:
                state.apply(own)
            except IllegalActionError as e:
                raise self._refusal(e, p, own, agent_name(agent)) from None
            now = perf_counter()
            seconds[p].append(now - started)
            self._since = now
            self._note(p)
            done += 1
        return done

    def _ask_in_time(self, p: int, agent: SomeAgent, obs: object, legal: Sequence[Action],
                     rng: np.random.Generator) -> Action:
        """Seat ``p``'s agent's answer within ``decision_timeout`` (see :func:`ask_in_time`), or AgentError."""
        timeout = cast(float, self.decision_timeout)
        answered, got = ask_in_time(agent, obs, list(legal), rng, timeout)
        if not answered:
            raise self._agent_error(p, None)
        if isinstance(got, Exception):
            raise self._agent_error(p, got) from got
        if isinstance(got, BaseException):  # KeyboardInterrupt, SystemExit: not the agent's failure
            raise got
        return cast(Action, got)

    def _agent_error(self, p: int, error: BaseException | None) -> AgentError:
        """The :class:`AgentError` of seat ``p``: ``error`` raised, or (``None``) no answer in time."""
        return AgentError(shown_agent_name(self.names[p]), p, spec_of(self.game).words.title, self.root,
                          self.game_number, error, None if error is not None else self.decision_timeout)

    def run(self, stop: Callable[[Match], bool] | None = None) -> int:
        """Computer decisions until a person must decide, the game is over or ``stop(match)``; how many."""
        return self._play(2**62, stop)

    def submit(self, action: Action) -> None:
        """A person's decision: applied when its seat is a person's and the rules allow it.

        Refused with :class:`~mowkit.core.IllegalActionError` (the state unchanged): a seat that
        is not a person's (rule ``seat``), or what the engine refuses (its own error).
        """
        seat = getattr(action, "player", None)
        if seat not in self.humans:
            raise IllegalActionError("seat", f"{action!r} is not a decision of a person's seat "
                                             f"(people: {list(self.humans)})")
        self._apply(int(seat), action, None, self._since)  # type: ignore[arg-type]

    def _apply(self, seat: int, action: Action, agent: str | None, started: float) -> None:
        """Apply ``action`` of ``seat`` (an agent's errors name it); log its events and its time."""
        try:
            self.state.apply(action)
        except IllegalActionError as e:
            if agent is None and e.rule != "no-recorded-deal":
                raise
            raise self._refusal(e, seat, action, agent) from None
        now = perf_counter()
        self.seconds[seat].append(now - started)
        self._since = now
        self._note(seat)

    def _refusal(self, e: IllegalActionError, seat: int, action: Action, agent: str | None) -> Exception:
        """The error to raise for ``action`` of ``seat`` refused by the rules with ``e``."""
        if e.rule == "no-recorded-deal":
            return OptionError("deals", f"{len(self._orders or [])} deck orders",
                               f"one deck order per round the game plays (round {self.state.round_index + 2} "
                               "needs one more)")
        return IllegalActionError("agent", f"agent {agent!r} in seat {seat} chose {action!r}, "
                                  f"refused by the rules: {e}")

    # ------------------------------------------------------------------ the record
    def record(self) -> JSONObject:
        """The game so far (finished or not) as a record (:mod:`mowkit.records`)."""
        return to_record(self.state, seed=self.seed, agents=self.names)


def _seat_name(entry: str | SomeAgent, person: bool) -> str:
    if isinstance(entry, str):
        return _checked_name(entry)
    return HUMAN if person else agent_name(entry)


@functools.lru_cache(maxsize=256)
def _checked_name(entry: str) -> str:
    """A seat's name checked (:func:`~mowkit.core.check_name`), once per text (a refused one raises each time)."""
    return check_name(entry, "agents")


_MADE: dict[tuple[str, str], tuple[type, str, dict[str, object]]] = {}
"""(game name, agent text) -> (agent class, agent name, options) of a text :func:`make_agent` accepted."""


_PASSED: set[tuple[str, type, str]] = set()
"""(game name, class, name) of agent objects :func:`make_agent` let through (an object of that class
with that ``name`` and an ``act`` passes its checks: a name that suits the game, a ``name`` and an ``act``)."""


def _new_agents(game: str, entries: Sequence[str | SomeAgent], people: Collection[int]) -> dict[int, SomeAgent]:
    """A new agent per computer seat, as :func:`~mowkit.agents.make_agent` makes it.

    A text such as ``"random"`` or ``"mc:rollouts=20"`` is checked by ``make_agent`` (its name, its
    options) the first time; later its class is called with the same options, after checking that
    the game's agent table still gives that class for that name. An agent object passes through
    ``make_agent`` unless one of its class with the same ``name`` did before.
    """
    out: dict[int, SomeAgent] = {}
    classes: dict[str, type] | None = None
    for p, entry in enumerate(entries):
        if p in people:
            continue
        if not isinstance(entry, str):
            shown = getattr(entry, "name", None)
            key: tuple[str, type, str] = (game, type(entry), str(shown))
            if type(shown) is not str or key not in _PASSED or not hasattr(entry, "act"):
                make_agent(game, entry)  # its checks (the object itself is the agent)
                if type(shown) is str:
                    if len(_PASSED) >= 256:
                        _PASSED.clear()
                    _PASSED.add(key)
            out[p] = entry
            continue
        if classes is None:
            classes = agent_classes(game)
        known = _MADE.get((game, entry))
        if known is not None and classes.get(known[1]) is known[0]:
            out[p] = known[0](**known[2])
            continue
        agent = out[p] = make_agent(game, entry)
        name, options = parse_agent_spec(entry) if ":" in entry else (entry, {})
        if type(agent) is classes.get(name) and all(_deeply_immutable(v) for v in options.values()):
            if len(_MADE) >= 256:
                _MADE.clear()
            _MADE[(game, entry)] = (type(agent), name, dict(options))
    return out


def play_match(game: str | SomeGame, agents: Sequence[str | SomeAgent], seed: int | None = None, *,
               humans: Collection[int] = (), agent_streams: Sequence[int] | None = None,
               deals: Sequence[Sequence[int]] | None = None, start: SomeState | None = None,
               decision_timeout: float | None = None, game_number: int | None = None) -> Match:
    """A :class:`Match` of computers only, played to the end (the keywords as :class:`Match`)."""
    match = Match(game, agents, seed, humans=humans, agent_streams=agent_streams, deals=deals, start=start,
                  decision_timeout=decision_timeout, game_number=game_number)
    match.run()
    return match


__all__ = ["AGENT_STREAM_TAG", "HUMAN", "MAX_DECISION_TIMEOUT", "AgentError", "Guarded", "Match", "agent_name",
           "agent_rng", "ask", "ask_in_time", "check_streams", "check_timeout", "game_root", "own_action",
           "play_match", "private_copies", "resolve_game"]
