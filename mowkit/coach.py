"""A coach for the decision a player faces now: every legal move with its odds, its Monte Carlo
value and what each built-in computer player would choose (and why, in one sentence).

    from mowkit.coach import coach
    advice = coach(state)              # the first player who must decide now
    advice.table                       # one line per legal move (a pandas DataFrame)
    advice.moves[0].exact, advice.agents[0].why

Everything is computed from the player's **observation** only (``state.observation(player)``):
the hidden hands never reach the coach, so two states that look the same to the player give the
same advice. Nothing here decides a rule or a move: the legal moves are the engine's
(``state.legal_actions``), the odds come from the game's odds, the Monte Carlo values from the
compiled kernels the ``mc`` player uses, and every listed choice is the agent's own ``act``.

**Expected penalty this turn, by the exact odds** (:attr:`MoveAdvice.exact`, a Fraction), and
what decisions have a **Monte Carlo value** are the game's: its spec's ``coach`` slot (a module in
the game's folder, found with ``registry.spec_of(game).optional("coach")``; see
:class:`GameCoach`), e.g. :mod:`mowkit.games.sixnimmt.coach` (the card risk of
:mod:`mowkit.games.sixnimmt.odds`) and :mod:`mowkit.games.mow.coach` (the flies a turn costs, which
nothing in the turn leaves to chance). A game without a coach part gets no odds and no Monte
Carlo value, only the agents' choices.

**Monte Carlo value** (:attr:`MoveAdvice.mc`): the mean penalty of the player at the end of the
round after the move, over ``rollouts`` random deals of the cards the player has not seen (each
consistent with the observation), the rest of the round played by random players, as the ``mc``
player computes it (the game's compiled kernel, one batch at a time: :meth:`GameCoach.mc_values`).
The kernels return only means, so the rollouts are split into ``batches`` independent batches
(batch seeds from ``numpy.random.SeedSequence(seed)``, every move on the same deals within a
batch); the value is the mean of the batch means and the 95 % interval is
``mean ± t(0.975, batches - 1) · sd / √batches`` with ``sd`` the standard deviation of the batch
means (Student's t: each batch mean is an average of many rollouts, so close to normal). Other
decisions have no Monte Carlo kernel: the value is None and :attr:`Advice.mc_note` says why.

**Computer players**: each built-in agent of the game (:func:`mowkit.agents.describe_agents`,
made with its default options) is asked ``agent.act(observation, legal, rng)`` with a fresh
``numpy.random.default_rng(seed)``; :attr:`AgentAdvice.why` is one sentence from what the
agent's docstring says it does (never a second implementation of its rule), given by the game's
coach part (:meth:`GameCoach.why`, tables keyed by agent name in the game's folder).

Same state, player, seed and options: the same advice, in any process. Texts (move words, the
reasons, the agents' sentences) are made when read, in the current language
(:mod:`mowkit.i18n`); seats and rows in them count from 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

import numpy as np
import pandas as pd

from mowkit.agents import describe_agents, make_agent, parse_agent_spec
from mowkit.core import Action, OptionError, check_int
from mowkit.i18n import _, counted
from mowkit.narrate import describe
from mowkit.registry import spec_of

__all__ = ["Advice", "AgentAdvice", "GameCoach", "MoveAdvice", "card_words", "coach", "game_coach", "move_words",
           "why"]

ROLLOUTS = 1000
"""Default rollouts of the Monte Carlo value (in ``BATCHES`` batches)."""
BATCHES = 20
"""Default number of independent batches the 95 % interval is computed from."""
KERNEL = "kernel"
"""The Monte Carlo reason code of a decision the game's kernel values (:meth:`GameCoach.mc_values`)."""

Exact = tuple[str, list[Fraction | None], list[Fraction | None]]
"""(reason code, expected penalty this turn per legal move, chance of taking cards per legal move)."""


# --------------------------------------------------------------------------- the game's part


class GameCoach(Protocol):
    """What the coach asks of a game (the module in its spec's ``coach`` slot).

    Reason codes are the game's own short strings; the game's ``exact_notes()`` / ``mc_notes()``
    turn them into sentences (current language). ``why`` returns None for an agent without a
    sentence of its own (the coach then says "Chooses: ...").
    """

    AGENT_OPTIONS: tuple[str, ...]
    """Agent options (attribute names) copied into an agent's facts when the agent has them."""

    def world(self, state: Any, player: int, seed: int) -> Any:
        """What ``exact`` needs beyond the observation (made before the state is put away), or None."""

    def exact(self, obs: Any, legal: Sequence[Action], world: Any) -> Exact:
        """Reason code, expected penalty this turn and chance of taking cards, per legal move."""

    def mc_reason(self, obs: Any, legal: Sequence[Action]) -> str:
        """:data:`KERNEL` when :meth:`mc_values` values this decision, else the reason code why not."""

    def mc_values(self, obs: Any, legal: Sequence[Action], rollouts: int, seed: int) -> np.ndarray:
        """One batch: the mean penalty at the end of the round after each legal move, in legal order."""

    def exact_notes(self) -> dict[str, str]:
        """Reason code -> what the "expected penalty this turn" column holds."""

    def mc_notes(self) -> dict[str, str]:
        """Reason code -> why a decision has no Monte Carlo value."""

    def facts(self, name: str, obs: Any, action: Action) -> dict[str, Any]:
        """The numbers the sentence of agent ``name`` quotes for ``action``."""

    def why(self, name: str, game: Any, action: Action, facts: Mapping[str, Any], move: str) -> str | None:
        """One sentence: what agent ``name`` weighs and the move it chose, or None."""


class _NoCoach:
    """The part of a game whose spec has no coach: no odds, no Monte Carlo value, plain sentences."""

    AGENT_OPTIONS: tuple[str, ...] = ()

    def world(self, state: Any, player: int, seed: int) -> Any:
        return None

    def exact(self, obs: Any, legal: Sequence[Action], world: Any) -> Exact:
        return "", [None] * len(legal), [None] * len(legal)

    def mc_reason(self, obs: Any, legal: Sequence[Action]) -> str:
        return ""

    def mc_values(self, obs: Any, legal: Sequence[Action], rollouts: int, seed: int) -> np.ndarray:
        raise NotImplementedError

    def exact_notes(self) -> dict[str, str]:
        return {}

    def mc_notes(self) -> dict[str, str]:
        return {}

    def facts(self, name: str, obs: Any, action: Action) -> dict[str, Any]:
        return {}

    def why(self, name: str, game: Any, action: Action, facts: Mapping[str, Any], move: str) -> str | None:
        return None


def game_coach(game: Any) -> GameCoach:
    """The coach part of ``game`` (a game, state or name): its spec's ``coach`` module, or one that
    gives no odds, no Monte Carlo value and plain sentences."""
    part = spec_of(game).optional("coach")
    return _NoCoach() if part is None else part  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- words


def move_words(game: Any, action: Action) -> str:
    """A move in words for a person (:func:`mowkit.narrate.describe`)."""
    return describe(game, action)


def card_words(game: Any, card: int) -> str:
    """A card's name for a person: ``55 (7 heads)`` in 6 nimmt!, ``slowpoke`` / ``12 (2 flies)`` in Mow."""
    return str(game.label(card))


# --------------------------------------------------------------------------- the advice


@dataclass(frozen=True)
class MoveAdvice:
    """One legal move: its odds this turn, its Monte Carlo value, which agents choose it.

    ``exact`` (Fraction or None): expected penalty this turn by the exact odds; ``p_take``
    (Fraction or None): the chance of taking cards this turn; ``mc`` / ``mc_low`` / ``mc_high``
    (float or None): the Monte Carlo value (penalty at the end of the round) and its 95 % interval;
    ``chosen_by``: the names of the agents that choose this move.
    """

    action: Action
    game: Any = field(repr=False, compare=False)
    exact: Fraction | None
    p_take: Fraction | None
    mc: float | None
    mc_low: float | None
    mc_high: float | None
    chosen_by: tuple[str, ...]

    @property
    def words(self) -> str:
        """The move in words (current language)."""
        return move_words(self.game, self.action)


@dataclass(frozen=True)
class AgentAdvice:
    """What one built-in agent chooses from the observation, with the facts its sentence uses.

    ``name`` is the registry name (``"greedy"``), ``label`` the agent's own name (with options,
    ``"mc:rollouts=10"``); ``facts`` are (key, value) pairs the sentence reads.
    """

    name: str
    label: str
    action: Action
    facts: tuple[tuple[str, Any], ...]
    game: Any = field(repr=False, compare=False)

    @property
    def why(self) -> str:
        """One sentence: what this agent does and the move it chooses (current language)."""
        return why(self.name, self.game, self.action, dict(self.facts))


@dataclass(frozen=True)
class Advice:
    """The coach's advice for one pending decision (see the module docstring).

    ``moves`` follow the engine's legal list; ``agents`` the agents in the order asked.
    ``exact_reason`` / ``mc_reason`` are codes (read :attr:`exact_note` / :attr:`mc_note` for the
    sentence); ``phase`` is the phase of the decision.
    """

    game: Any = field(repr=False, compare=False)
    player: int
    phase: str
    moves: tuple[MoveAdvice, ...]
    agents: tuple[AgentAdvice, ...]
    exact_reason: str
    mc_reason: str
    rollouts: int
    batches: int
    seed: int

    @property
    def actions(self) -> list[Action]:
        """The legal moves, in the engine's order."""
        return [m.action for m in self.moves]

    def move(self, action: Action) -> MoveAdvice:
        """The line of ``action``."""
        for m in self.moves:
            if m.action == action:
                return m
        raise OptionError("action", action, "one of the legal moves of this decision")

    @property
    def exact_note(self) -> str:
        """What the "expected penalty this turn" column holds here, or why it is empty."""
        return _exact_note(self.exact_reason, self.game)

    @property
    def mc_note(self) -> str:
        """What the Monte Carlo column holds here, or why it is empty."""
        return _mc_note(self.mc_reason, self.game, self.rollouts, self.batches)

    @property
    def table(self) -> pd.DataFrame:
        """One line per legal move.

        Columns ``action`` (the Action), ``move`` (words), ``exact`` (Fraction or None),
        ``exact_float``, ``p_take`` (Fraction or None), ``mc``, ``mc_low``, ``mc_high`` (floats,
        NaN where there is no value), ``chosen_by`` (agent names, comma separated).
        """
        lines = []
        for m in self.moves:
            lines.append({
                "action": m.action,
                "move": m.words,
                "exact": m.exact,
                "exact_float": float(m.exact) if m.exact is not None else math.nan,
                "p_take": m.p_take,
                "mc": m.mc if m.mc is not None else math.nan,
                "mc_low": m.mc_low if m.mc_low is not None else math.nan,
                "mc_high": m.mc_high if m.mc_high is not None else math.nan,
                "chosen_by": ", ".join(m.chosen_by),
            })
        cols = ["action", "move", "exact", "exact_float", "p_take", "mc", "mc_low", "mc_high", "chosen_by"]
        return pd.DataFrame(lines, columns=cols)


def _exact_note(reason: str, game: Any) -> str:
    return game_coach(game).exact_notes().get(reason, reason)


def _mc_note(reason: str, game: Any, rollouts: int, batches: int) -> str:
    if reason == KERNEL:
        return _("Monte Carlo: the penalty at the end of the round, averaged over random deals of "
                 "the cards you have not seen ({deals}), the rest of the round played at random; "
                 "the interval is 95 % sure to hold the true average.").format(
                     deals=counted("deal", rollouts))
    notes = {"one-move": _("Only one move is possible.")}
    notes.update(game_coach(game).mc_notes())
    return notes.get(reason, reason)


# --------------------------------------------------------------------------- computing


# Student's t 97.5 % quantiles for 1..30 degrees of freedom (the usual table, 4 decimals)
_T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788,
         2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639,
         2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)


def _t975(df: int) -> float:
    """Student's t 97.5 % quantile: the table up to 30, then the Cornish-Fisher series in 1/df
    (Abramowitz and Stegun 26.7.5; better than 1e-7 from 30 on)."""
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959963984540054
    g = ((z**3 + z) / 4, (5 * z**5 + 16 * z**3 + 3 * z) / 96,
         (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
         (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160)
    return z + sum(gi / df ** (i + 1) for i, gi in enumerate(g))


def _batch_seeds(seed: int, batches: int) -> list[int]:
    return [int(x) for x in np.random.SeedSequence(seed).generate_state(batches, dtype=np.uint32)]


def _interval(samples: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mean and 95 % interval per column of ``samples`` (batches x moves), by Student's t."""
    k = samples.shape[0]
    mean = samples.mean(axis=0)
    if k < 2:
        return mean, mean.copy(), mean.copy()
    half = _t975(k - 1) * samples.std(axis=0, ddof=1) / math.sqrt(k)
    return mean, mean - half, mean + half


def _mc_samples(part: GameCoach, obs: Any, legal: Sequence[Action], rollouts: int, batches: int,
                seed: int) -> np.ndarray:
    """Batch means (batches x legal moves) of the game's kernel, ``rollouts`` split as evenly as can be."""
    per = [rollouts // batches + (1 if i < rollouts % batches else 0) for i in range(batches)]
    return np.array([part.mc_values(obs, legal, n, s) for n, s in zip(per, _batch_seeds(seed, batches))])


def _agent_facts(part: GameCoach, name: str, agent: Any, obs: Any, action: Action) -> tuple[tuple[str, Any], ...]:
    """Facts the sentence of ``name`` reads (from the observation and the agent's options only)."""
    facts: dict[str, Any] = {}
    for key in part.AGENT_OPTIONS:
        if hasattr(agent, key):
            facts[key] = getattr(agent, key)
    facts.update(part.facts(name, obs, action))
    return tuple(sorted(facts.items()))


def _agents(game: Any, agents: Sequence[str] | Mapping[str, Any] | None) -> list[tuple[str, Any]]:
    if agents is None:
        return [(n, make_agent(game.name, n)) for n in describe_agents(game.name)]
    if isinstance(agents, Mapping):
        return [(str(n), make_agent(game.name, a)) for n, a in agents.items()]
    if isinstance(agents, str):
        raise OptionError("agents", agents, "a list of agent names (or a dict name -> agent)")
    out = []
    for spec in agents:
        out.append((parse_agent_spec(spec)[0] if isinstance(spec, str) else getattr(spec, "name", str(spec)),
                    make_agent(game.name, spec)))
    return out


def coach(
    state: Any,
    player: int | None = None,
    *,
    rollouts: int = ROLLOUTS,
    batches: int = BATCHES,
    seed: int = 0,
    agents: Sequence[str] | Mapping[str, Any] | None = None,
) -> Advice:
    """The advice for the decision ``player`` faces in ``state`` (see the module docstring).

    Args:
        state: a state of either game with a decision pending.
        player: the seat to advise (0-based); default the first seat that must decide now.
        rollouts: Monte Carlo rollouts in all (at least ``batches``).
        batches: independent batches for the 95 % interval (at least 2).
        seed: seeds the Monte Carlo batches and the agents' generators.
        agents: the agents to ask (names or specs such as ``"mc:rollouts=20"``, or a dict
            name -> agent); default every built-in agent of the game with its default options.

    Raises:
        OptionError: the game is over, ``player`` has no decision now, or a bad option.
    """
    if state.is_over():
        raise OptionError("state", "game over", "a state with a decision pending")
    pending = tuple(state.pending_players())
    if player is None:
        player = pending[0]
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or int(player) not in pending:
        raise OptionError("player", player, "a seat that must decide now: "
                          + ", ".join(str(p) for p in pending) + " (0-based)")
    player = int(player)
    batches = check_int("batches", batches, 2)
    rollouts = check_int("rollouts", rollouts, batches)
    seed = check_int("seed", seed, 0)
    game = state.game
    part = game_coach(game)
    obs = state.observation(player)
    legal = list(state.legal_actions(player))
    world = part.world(state, player, seed)  # e.g. a world consistent with the observation
    del state  # from here on only the observation (and the legal moves, which it determines)

    exact_reason, exact, p_take = part.exact(obs, legal, world)
    mc: list[float | None] = [None] * len(legal)
    low: list[float | None] = [None] * len(legal)
    high: list[float | None] = [None] * len(legal)
    mc_reason = part.mc_reason(obs, legal)
    if mc_reason == KERNEL:
        mean, lo, hi = _interval(_mc_samples(part, obs, legal, rollouts, batches, seed))
        mc, low, high = ([float(x) for x in v] for v in (mean, lo, hi))  # type: ignore[assignment]

    asked = []
    for name, agent in _agents(game, agents):
        action = agent.act(obs, legal, np.random.default_rng(seed))
        asked.append(AgentAdvice(name, str(getattr(agent, "name", name)), action,
                                 _agent_facts(part, name, agent, obs, action), game))
    moves = tuple(
        MoveAdvice(a, game, exact[i], p_take[i], mc[i], low[i], high[i],
                   tuple(x.name for x in asked if x.action == a))
        for i, a in enumerate(legal)
    )
    return Advice(game, player, obs.phase, moves, tuple(asked), exact_reason, mc_reason, rollouts, batches, seed)


# --------------------------------------------------------------------------- the agents' sentences


def why(agent_name: str, game: Any, action: Action, facts: Mapping[str, Any] | None = None) -> str:
    """One sentence: what the built-in agent ``agent_name`` does, and the move it chose.

    Written from each agent's docstring by the game's coach part (:meth:`GameCoach.why`, e.g.
    :mod:`mowkit.games.sixnimmt.coach`); ``facts`` are the numbers the sentence quotes (see
    :func:`coach`). An agent the game does not explain gets a plain "chooses: ...".
    """
    move = move_words(game, action)
    said = game_coach(game).why(agent_name, game, action, dict(facts or {}), move)
    return said if said is not None else _("Chooses: {move}.").format(move=move)
