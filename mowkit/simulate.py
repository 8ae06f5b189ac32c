"""Playing games with agents: one seeded game to a record, or many to tidy tables.

A game's randomness has one root, its seed: the deals come from :func:`deal_rng` (unchanged,
the kernels and the shipped records depend on it) and each agent from :func:`agent_rng`, a
one-way derivation from which the deal cannot be rebuilt. Recorded deck orders (``deals=``)
replace the deal stream; the seed then roots the agents only. Every seeded game is a
:class:`~mowkit.match.Match` (the one place of the seeding rule, the guarded views and the
record); :func:`play_state` and :func:`play_game` drive one to the end. :func:`play_until` plays
on a state in hand (rollouts, bare-engine loops, a chooser that sees the state).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeAlias, TypeVar, cast

import numpy as np

from mowkit.core import (
    Action,
    IllegalActionError,
    JSONObject,
    OptionError,
    SomeAgent,
    SomeGame,
    SomeState,
)
from mowkit.match import (
    agent_name,
    ask,
    play_match,
    resolve_game,
)

StateT = TypeVar("StateT", bound=SomeState)

Chooser: TypeAlias = Callable[[StateT, int], Action]
"""``choose(state, seat) -> action``: a decision rule that sees the state (rollouts, bare-engine loops)."""


def play_until(state: StateT, agents: Sequence[SomeAgent] | Chooser[StateT],
               rngs: Sequence[np.random.Generator] | None = None,
               stop: Callable[[StateT], bool] | None = None,
               after: Callable[[StateT, int, Action], None] | None = None) -> StateT:
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
    agents = cast("Sequence[SomeAgent]", agents)  # not a chooser: one agent per seat
    if rngs is None or len(rngs) != len(agents):
        raise OptionError("rngs", rngs, f"one generator per seat ({len(agents)}) with agents")
    while not state.is_over() and not (stop is not None and stop(state)):
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        action = ask(agents[p], state.observation(p), list(legal), rngs[p])
        try:
            state.apply(action)
        except IllegalActionError as e:
            if e.rule == "no-recorded-deal":
                raise
            raise IllegalActionError("agent", f"agent {agent_name(agents[p])!r} in seat {p} chose {action!r}, "
                                     f"refused by the rules: {e}") from None
        if after is not None:
            after(state, p, action)
    return state


def play_state(game: str | SomeGame, agents: Sequence[str | SomeAgent], seed: int | None = None, *,
               agent_streams: Sequence[int] | None = None,
               deals: Sequence[Sequence[int]] | None = None,
               decision_timeout: float | None = None) -> SomeState:
    """Play a whole game with ``agents`` (one per seat) and return the final state.

    A thin driver of :class:`~mowkit.match.Match` (computers only, played to the end). The seed
    fixes everything: the deals come from :func:`deal_rng` ``(seed)``, the agent in seat ``p``
    draws from :func:`agent_rng` ``(seed, agent_streams[p])``, so the same seed gives the same
    game in any process (``seed=None``: fresh entropy, drawn once, roots both). With ``deals``
    (recorded deck orders, one per round, e.g. the ``deal`` of each round of a record) the rounds
    are dealt from them and the seed roots the agents only: the seed and deals of a record play
    that record's game again.

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
        decision_timeout: the most seconds one decision of an agent may take (``None``: no limit;
            see :class:`~mowkit.match.Match`).

    Raises:
        mowkit.match.AgentError: an agent's ``act`` raised (the agent's exception chained), or an
            agent did not answer within ``decision_timeout``; it names the agent, the seat, the game
            and the seed.
    """
    return play_match(game, agents, seed, agent_streams=agent_streams, deals=deals,
                      decision_timeout=decision_timeout).state


def random_rounds(game: str | SomeGame, rounds: int, seed: int) -> list[list[int]]:
    """Penalties of ``rounds`` single rounds in which every player picks a uniformly random legal action.

    The bare engine without observations or agents (what the reference-engine benchmarks time).
    For 6 nimmt! with ``auto_row=True`` this is the random player of the published figures.
    """
    one_round: SomeGame = replace(resolve_game(game), max_rounds=1)  # type: ignore[type-var]  # games are dataclasses
    rng = np.random.default_rng(seed)
    out = []
    def choose(state: SomeState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[int(rng.integers(len(legal)))]

    for _ in range(rounds):
        out.append(list(play_until(one_round.new_state(rng=rng), choose).round_scores[0]))
    return out


def play_game(game: str | SomeGame, agents: Sequence[str | SomeAgent], seed: int | None = None, *,
              agent_streams: Sequence[int] | None = None,
              deals: Sequence[Sequence[int]] | None = None,
              decision_timeout: float | None = None) -> JSONObject:
    """Play a whole game and return its record (see :mod:`mowkit.records`; arguments as :func:`play_state`).

    ``play_game(game, agents, record["seed"], deals=[r["deal"] for r in record["rounds"]])``
    plays a recorded game again (the same record when the agents are the same). An agent that
    raises, or does not answer within ``decision_timeout`` seconds, raises
    :class:`mowkit.match.AgentError` (as :func:`play_state`).
    """
    return play_match(game, agents, seed, agent_streams=agent_streams, deals=deals,
                      decision_timeout=decision_timeout).record()


__all__ = ["play_game", "play_state", "play_until", "random_rounds"]
