"""Playing games with agents: one seeded game to a record, or many to tidy tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mowkit.agents import make_agent
from mowkit.core import Agent, IllegalActionError, OptionError, spawn_rngs
from mowkit.records import to_record


def resolve_game(game: Any, **options: Any) -> Any:
    """A game object from a name (``"sixnimmt"``) or a game object passed through."""
    if isinstance(game, str):
        from mowkit import load_game

        return load_game(game, **options)
    if options:
        raise OptionError("options", options, "options only with a game name")
    return game


def play_state(game: Any, agents: Sequence[str | Agent], seed: int | None = None) -> Any:
    """Play a whole game with ``agents`` (one per seat) and return the final state.

    The seed fixes everything: the deals (first stream) and each seat's agent (its own stream),
    so the same seed gives the same game in any process.
    """
    game = resolve_game(game)
    if len(agents) != game.num_players:
        raise OptionError("agents", len(agents), f"one agent per seat: {game.num_players}")
    players = [make_agent(game.name, a) for a in agents]
    deal_rng, *agent_rngs = spawn_rngs(seed, game.num_players + 1)
    state = game.new_state(rng=deal_rng)
    while not state.is_over():
        p = state.pending_players()[0]
        legal = state.legal_actions(p)
        action = players[p].act(state.observation(p), legal, agent_rngs[p])
        if action not in legal:
            raise IllegalActionError(
                "agent", f"agent {players[p].name!r} in seat {p} chose {action!r}, not a legal action"
            )
        state.apply(action)
    return state


def random_rounds(game: Any, rounds: int, seed: int) -> list[list[int]]:
    """Penalties of ``rounds`` single rounds in which every player picks a uniformly random legal action.

    The bare engine without observations or agents (what the reference-engine benchmarks time).
    For 6 nimmt! with ``auto_row=True`` this is the random player of the published figures.
    """
    from dataclasses import replace

    game = replace(resolve_game(game), max_rounds=1)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(rounds):
        state = game.new_state(rng=rng)
        while not state.is_over():
            for p in state.pending_players():
                legal = state.legal_actions(p)
                state.apply(legal[int(rng.integers(len(legal)))])
        out.append(state.round_scores[0])
    return out


def play_game(game: Any, agents: Sequence[str | Agent], seed: int | None = None) -> dict[str, Any]:
    """Play a whole game and return its record (see :mod:`mowkit.records`)."""
    game = resolve_game(game)
    state = play_state(game, agents, seed)
    names = [a if isinstance(a, str) else a.name for a in agents]
    return to_record(state, seed=seed, agents=names)


from mowkit.tournament import round_robin, tournament  # noqa: E402  (re-exported: simulate.tournament)

__all__ = ["play_game", "play_state", "random_rounds", "resolve_game", "round_robin", "tournament"]
