"""Playing games with agents: one seeded game to a record, or many to tidy tables.

A game's randomness has one root, its seed: the deals come from :func:`deal_rng` (unchanged,
the kernels and the shipped records depend on it) and each agent from :func:`agent_rng`, a
one-way derivation from which the deal cannot be rebuilt. Recorded deck orders (``deals=``)
replace the deal stream; the seed then roots the agents only. :func:`play_state` does not trust
the agents (private game copies, its own legal list). :func:`play_until` is the one loop that
plays decisions until the game ends (or a condition holds); everything here plays through it.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from mowkit.agents import make_agent
from mowkit.core import Agent, IllegalActionError, OptionError, check_deals, check_int, deal_rng  # noqa: F401
from mowkit.records import to_record
from mowkit.registry import load_game

Chooser = Callable[[Any, int], Any]
"""``choose(state, seat) -> action``: a decision rule that sees the state (rollouts, bare-engine loops)."""


def play_until(state: Any, agents: Sequence[Agent] | Chooser, rngs: Sequence[np.random.Generator] | None = None,
               stop: Callable[[Any], bool] | None = None,
               after: Callable[[Any, int, Any], None] | None = None) -> Any:
    """Play ``state`` on, in place, until the game is over or ``stop(state)`` is true; returns ``state``.

    The one "play until" loop of the kit: the first pending seat acts, its action is applied, and
    again. ``agents`` is either one :class:`~mowkit.core.Agent` per seat (each gets its observation,
    a fresh copy of the legal list and ``rngs[seat]``; an action the rules refuse raises
    :class:`~mowkit.core.IllegalActionError` naming the agent and the seat), or a single callable
    ``choose(state, seat) -> action`` that decides for every seat (rollouts and bare-engine loops
    that need no observation; its errors pass through unchanged).

    Args:
        state: the state to play on (changed in place).
        agents: one agent per seat, or a chooser.
        rngs: one generator per seat (agents only; seats may share one).
        stop: checked before every decision; ``stop(state)`` true ends the loop (e.g.
            ``lambda s: s.round_index > 0`` plays to the end of the first round).
        after: called as ``after(state, seat, action)`` after each applied decision (e.g. to show
            or log its events).
    """
    if callable(agents) and not isinstance(agents, Sequence):
        choose = agents
        while not state.is_over() and not (stop is not None and stop(state)):
            p = state.pending_players()[0]
            action = choose(state, p)
            state.apply(action)
            if after is not None:
                after(state, p, action)
        return state
    if rngs is None or len(rngs) != len(agents):
        raise OptionError("rngs", rngs, f"one generator per seat ({len(agents)}) with agents")
    while not state.is_over() and not (stop is not None and stop(state)):
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        action = agents[p].act(state.observation(p), list(legal), rngs[p])
        try:
            state.apply(action)
        except IllegalActionError as e:
            if e.rule == "no-recorded-deal":
                raise
            raise IllegalActionError("agent", f"agent {_name(agents[p])!r} in seat {p} chose {action!r}, "
                                     f"refused by the rules: {e}") from None
        if after is not None:
            after(state, p, action)
    return state


def resolve_game(game: Any, **options: Any) -> Any:
    """A game object from a name (``"sixnimmt"``) or a game object passed through."""
    if isinstance(game, str):
        return load_game(game, **options)
    if options:
        raise OptionError("options", options, "options only with a game name")
    return game


AGENT_STREAM_TAG = "mowkit-agent/1"
"""The label hashed into every agent generator (change it and every agent's draws change)."""


def game_root(seed: int | None) -> int:
    """The root of a game's randomness: ``seed`` itself, or fresh entropy drawn once for ``seed=None``."""
    if seed is None:
        return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    return check_int("seed", seed, 0)


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
    root = check_int("seed", seed, 0)
    stream = check_int("stream", stream, 0)
    digest = hashlib.blake2b(f"{AGENT_STREAM_TAG}|{root}|{stream}".encode(), digest_size=16).digest()
    return np.random.default_rng(np.random.SeedSequence(int.from_bytes(digest, "big")))


def _agent_streams(agent_streams: Sequence[int] | None, n: int) -> list[int]:
    if agent_streams is None:
        return list(range(n))
    allowed = f"{n} different integers >= 0, one per seat"
    if isinstance(agent_streams, (str, bytes)) or not isinstance(agent_streams, Sequence):
        raise OptionError("agent_streams", agent_streams, allowed)
    streams = list(agent_streams)
    if len(streams) != n or len(set(streams)) != n:
        raise OptionError("agent_streams", streams, allowed)
    for s in streams:
        check_int("agent_streams", s, 0)
    return [int(s) for s in streams]


def play_state(game: Any, agents: Sequence[str | Agent], seed: int | None = None, *,
               agent_streams: Sequence[int] | None = None, deals: Sequence[Sequence[int]] | None = None) -> Any:
    """Play a whole game with ``agents`` (one per seat) and return the final state.

    The seed fixes everything: the deals come from :func:`deal_rng` ``(seed)``, the agent in seat
    ``p`` draws from :func:`agent_rng` ``(seed, agent_streams[p])``, so the same seed gives the
    same game in any process (``seed=None``: fresh entropy, drawn once, roots both). With
    ``deals`` (recorded deck orders, one per round, e.g. the ``deal`` of each round of a record)
    the rounds are dealt from them and the seed roots the agents only: the seed and deals of a
    record play that record's game again.

    Agents are not trusted: each gets a fresh copy of the legal list and an observation whose
    ``game`` is its own deep copy of the game (made once per seat per game, see
    :func:`private_copies`), and the action it returns is looked up (same type, equal value) in
    the engine's own legal list; the engine applies its own action object, and the rules check it
    again (an action object the agent changed in place is refused there). Anything else is an
    :class:`~mowkit.core.IllegalActionError` naming the agent and the seat. (Python cannot sandbox code in the same process: an agent that imports the
    engine's modules or inspects the call stack can still reach the state. These guards stop
    accidents and casual cheating, and make every honest agent's view the same.)

    Args:
        game: a game object or name.
        agents: one agent (name or object) per seat.
        seed: the game's seed (``None``: fresh entropy).
        agent_streams: the stream number of the agent in each seat (default: the seat number).
            A tournament passes the agent's index in its agent list, so an agent keeps its stream
            when the seats rotate (see :func:`mowkit.tournament.seat_agents`).
        deals: recorded deck orders, one list of card ids per round (``None``: deal from the seed).
            A malformed list, a wrong deck, or too few orders for the rounds the game plays raise
            :class:`~mowkit.core.OptionError` (option ``deals``).
    """
    game = resolve_game(game)
    n = game.num_players
    if len(agents) != n:
        raise OptionError("agents", len(agents), f"one agent per seat: {n}")
    streams = _agent_streams(agent_streams, n)
    orders = None if deals is None else check_deals(game, deals)
    players = [make_agent(game.name, a) for a in agents]
    root = game_root(seed)
    agent_rngs = [agent_rng(root, s) for s in streams]
    views = private_copies(game, n)
    guarded = [_Guarded(players[p], views[p], p) for p in range(n)]
    state = game.new_state(rng=deal_rng(root)) if orders is None else game.new_state(deals=orders)
    try:
        play_until(state, guarded, agent_rngs)
    except IllegalActionError as e:
        if e.rule != "no-recorded-deal":
            raise
        raise OptionError("deals", f"{len(orders or [])} deck orders",
                          f"one deck order per round the game plays (round {state.round_index + 2} "
                          "needs one more)") from None
    return state


class _Guarded:
    """An agent seen through :func:`play_state`'s guards: its own game copy, the engine's own action."""

    def __init__(self, agent: Any, view: Any, seat: int) -> None:
        self.agent, self.view, self.seat = agent, view, seat
        self.name = _name(agent)

    def act(self, obs: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        object.__setattr__(obs, "game", self.view)
        action = self.agent.act(obs, list(legal), rng)
        return _own_action(list(legal), action, self.agent, self.seat)


def private_copies(game: Any, n: int) -> list[Any]:
    """``n`` independent deep copies of ``game`` (one per seat: what an agent's ``obs.game`` is).

    A pickle round trip (a deep copy, several times faster than :func:`copy.deepcopy` for the
    card tables of Mow); objects that cannot be pickled fall back to :func:`copy.deepcopy`.
    """
    try:
        blob = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a user's game object that pickle cannot handle
        return [copy.deepcopy(game) for _ in range(n)]
    return [pickle.loads(blob) for _ in range(n)]


def _own_action(legal: list[Any], action: Any, agent: Any, seat: int) -> Any:
    """The engine's own legal action equal to ``action`` (same type), or IllegalActionError."""
    try:
        i = legal.index(action)  # fast path: identity first, in C
        if legal[i] is action:
            return legal[i]
    except Exception:  # not found, or a comparison that fails
        pass
    for a in legal:
        try:
            same = type(a) is type(action) and bool(a == action)
        except Exception:  # an action whose comparison fails is not one of ours
            same = False
        if same:
            return a
    raise IllegalActionError(
        "agent", f"agent {_name(agent)!r} in seat {seat} chose {action!r}, not a legal action"
    )


def _name(agent: Any) -> str:
    return str(getattr(agent, "name", type(agent).__name__))


def random_rounds(game: Any, rounds: int, seed: int) -> list[list[int]]:
    """Penalties of ``rounds`` single rounds in which every player picks a uniformly random legal action.

    The bare engine without observations or agents (what the reference-engine benchmarks time).
    For 6 nimmt! with ``auto_row=True`` this is the random player of the published figures.
    """
    from dataclasses import replace

    game = replace(resolve_game(game), max_rounds=1)
    rng = np.random.default_rng(seed)
    out = []
    def choose(state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        return legal[int(rng.integers(len(legal)))]

    for _ in range(rounds):
        out.append(play_until(game.new_state(rng=rng), choose).round_scores[0])
    return out


def play_game(game: Any, agents: Sequence[str | Agent], seed: int | None = None, *,
              agent_streams: Sequence[int] | None = None,
              deals: Sequence[Sequence[int]] | None = None) -> dict[str, Any]:
    """Play a whole game and return its record (see :mod:`mowkit.records`; arguments as :func:`play_state`).

    ``play_game(game, agents, record["seed"], deals=[r["deal"] for r in record["rounds"]])``
    plays a recorded game again (the same record when the agents are the same).
    """
    game = resolve_game(game)
    state = play_state(game, agents, seed, agent_streams=agent_streams, deals=deals)
    names = [a if isinstance(a, str) else a.name for a in agents]
    return to_record(state, seed=seed, agents=names)


def __getattr__(name: str) -> Any:
    """``simulate.tournament`` / ``simulate.round_robin``: kept for old code (they live in
    :mod:`mowkit.tournament`, which imports this module; importing them lazily avoids the cycle)."""
    if name in ("tournament", "round_robin"):
        from mowkit import tournament as _tournament

        return getattr(_tournament, name)
    raise AttributeError(f"module 'mowkit.simulate' has no attribute {name!r}")


__all__ = ["AGENT_STREAM_TAG", "agent_rng", "deal_rng", "game_root", "play_game", "play_state", "play_until",
           "random_rounds", "resolve_game"]
