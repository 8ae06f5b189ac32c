"""A coach for the decision a player faces now: every legal move with its odds, its Monte Carlo
value and what each built-in computer player would choose (and why, in one sentence).

    from mowkit.coach import coach
    advice = coach(state)              # the first player who must decide now
    advice.table                       # one line per legal move (a pandas DataFrame)
    advice.moves[0].exact, advice.agents[0].why

Everything is computed from the player's **observation** only (``state.observation(player)``):
the hidden hands never reach the coach, so two states that look the same to the player give the
same advice. Nothing here decides a rule or a move: the legal moves are the engine's
(``state.legal_actions``), the odds come from :mod:`mowkit.odds`, the Monte Carlo values from the
compiled kernels the ``mc`` player uses, and every listed choice is the agent's own ``act``.

**Expected penalty this turn, by the exact odds** (:attr:`MoveAdvice.exact`, a Fraction):

* 6 nimmt!, choosing a card: :func:`mowkit.games.sixnimmt.odds.card_risk` on
  :func:`~mowkit.games.sixnimmt.odds.position_from_observation` (the opponents' cards are a uniformly
  random set of unseen cards; every Rule 4 take is of the fewest-heads row; see that module).
  The professional variant is not covered by the odds (``exact`` is None, with the reason).
* 6 nimmt!, Rule 4 (which row to take): certain, the heads of the row.
* Mow: nothing in a turn is left to chance for the farmer who moves: a cow costs no flies now,
  taking the herd costs its flies (and, when the draw pile is empty, the take ends the round, so
  the cards left in hand go to the cowshed too). The kit's Mow odds
  (:func:`mowkit.games.mow.odds.must_take`) are the chance that a farmer with random cards has no cow
  that fits: they are about the *next* farmer, not this turn, so they are not used here.
  ``exact`` holds the certain flies (the Fraction of a whole number).

**Monte Carlo value** (:attr:`MoveAdvice.mc`): the mean penalty of the player at the end of the
round after the move, over ``rollouts`` random deals of the cards the player has not seen (each
consistent with the observation), the rest of the round played by random players, as the ``mc``
player computes it: :func:`mowkit.games.sixnimmt.kernel.mc_card_values` (6 nimmt! card choice) and
:func:`mowkit.games.mow.kernel.mc_action_values` (Mow turn, ``rollout="random"``). Both kernels return
only means, so the rollouts are split into ``batches`` independent batches (batch seeds from
``numpy.random.SeedSequence(seed)``, every move on the same deals within a batch); the value is the
mean of the batch means and the 95 % interval is ``mean ± t(0.975, batches - 1) · sd / √batches``
with ``sd`` the standard deviation of the batch means (Student's t: each batch mean is an average
of many rollouts, so close to normal). Other decisions (6 nimmt!'s Rule 4 row, the professional
placement, the logic draft; Mow's arrow flip and next farmer) have no Monte Carlo kernel: the
value is None and :attr:`Advice.mc_note` says why.

**Computer players**: each built-in agent of the game (:func:`mowkit.agents.describe_agents`,
made with its default options) is asked ``agent.act(observation, legal, rng)`` with a fresh
``numpy.random.default_rng(seed)``; :attr:`AgentAdvice.why` is one sentence from what the
agent's docstring says it does (never a second implementation of its rule).

Same state, player, seed and options: the same advice, in any process. Texts (move words, the
reasons, the agents' sentences) are made when read, in the current language
(:mod:`mowkit.i18n`); seats and rows in them count from 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from mowkit.core import Action, OptionError, check_int
from mowkit.games.mow import TakeHerd
from mowkit.i18n import _, counted

__all__ = ["Advice", "AgentAdvice", "MoveAdvice", "card_words", "coach", "move_words", "why"]

ROLLOUTS = 1000
"""Default rollouts of the Monte Carlo value (in ``BATCHES`` batches)."""
BATCHES = 20
"""Default number of independent batches the 95 % interval is computed from."""


# --------------------------------------------------------------------------- words


def move_words(game: Any, action: Action) -> str:
    """A move in words for a person (:func:`mowkit.narrate.describe`)."""
    from mowkit.narrate import describe

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
    notes = {
        "card-risk": _("Exact odds: the other players' cards are treated as random cards among "
                       "those you have not seen; a row taken by Rule 4 is the one with the fewest heads."),
        "row-heads": _("Certain: the row you take costs exactly its heads."),
        "professional": _("No exact odds: the kit's odds cover the standard rules, not the "
                          "professional variant."),
        "draft": _("No penalty this turn: drafting a card costs nothing now."),
        "mow-turn": _("Certain: a cow costs no flies now; taking the herd costs its flies (and the "
                      "cards left in your hand when the draw pile is empty, as the round ends)."),
        "mow-choice": _("Certain: this choice costs no flies now."),
    }
    return notes.get(reason, reason)


def _mc_note(reason: str, game: Any, rollouts: int, batches: int) -> str:
    if reason == "kernel":
        return _("Monte Carlo: the penalty at the end of the round, averaged over random deals of "
                 "the cards you have not seen ({deals}), the rest of the round played at random; "
                 "the interval is 95 % sure to hold the true average.").format(
                     deals=counted("deal", rollouts))
    notes = {
        "row-choice": _("No Monte Carlo value: the computer simulation starts at a card choice, "
                        "not in the middle of a turn."),
        "professional": _("No Monte Carlo value for the professional variant's placement."),
        "draft": _("No Monte Carlo value for the draft."),
        "mow-choice": _("No Monte Carlo value: the computer simulation starts at a turn, not at "
                        "the arrow or next-farmer choice."),
        "one-move": _("Only one move is possible."),
    }
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


def _mc_sixnimmt(obs: Any, rollouts: int, batches: int, seed: int) -> np.ndarray:
    """Batch means (batches x hand cards) of the 6 nimmt! kernel, in hand order."""
    from mowkit.games.sixnimmt.agents import _unseen
    from mowkit.games.sixnimmt.kernel import mc_card_values

    g = obs.game
    unseen = _unseen(obs)
    per = [rollouts // batches + (1 if i < rollouts % batches else 0) for i in range(batches)]
    return np.array([
        mc_card_values(obs.hand, obs.rows, unseen, g.players, obs.player, n, seed=s, capacity=g.capacity,
                       professional=g.professional, relative=False)
        for n, s in zip(per, _batch_seeds(seed, batches))
    ])


def _mc_mow(obs: Any, rollouts: int, batches: int, seed: int) -> np.ndarray:
    """Batch means (batches x legal turn actions) of the Mow kernel, in the legal list's order."""
    from mowkit.games.mow.kernel import mc_action_values

    per = [rollouts // batches + (1 if i < rollouts % batches else 0) for i in range(batches)]
    return np.array([mc_action_values(obs, n, s, "random") for n, s in zip(per, _batch_seeds(seed, batches))])


def _exact_sixnimmt(obs: Any, legal: Sequence[Action]) -> tuple[str, list[Fraction | None], list[Fraction | None]]:
    from mowkit.games.sixnimmt import Play, TakeRow, row_heads

    first = legal[0]
    if isinstance(first, Play):
        if obs.game.professional:
            return "professional", [None] * len(legal), [None] * len(legal)
        from mowkit.games.sixnimmt.odds import card_risk, position_from_observation

        risk = card_risk(position_from_observation(obs))
        by_card = {int(c): (e, p) for c, e, p in zip(risk["card"], risk["expected_heads"], risk["p_take"])}
        cards = [a.card for a in legal]  # type: ignore[attr-defined]
        return ("card-risk", [Fraction(by_card[c][0]) for c in cards], [Fraction(by_card[c][1]) for c in cards])
    if isinstance(first, TakeRow):
        rows = [a.row for a in legal]  # type: ignore[attr-defined]
        return "row-heads", [Fraction(row_heads(obs.rows[r])) for r in rows], [Fraction(1)] * len(legal)
    if first.kind == "draft":
        return "draft", [Fraction(0)] * len(legal), [Fraction(0)] * len(legal)
    return "professional", [None] * len(legal), [None] * len(legal)


def _exact_mow(obs: Any, legal: Sequence[Action], world: Any) -> tuple[str, list[Fraction | None], list[Fraction | None]]:
    """The flies each turn action puts in the farmer's cowshed now, asked from the engine.

    Each action is applied to a copy of ``world`` (the position with the cards the farmer cannot
    see dealt again): what a turn action costs the farmer who makes it depends only on the herd
    and their own hand, so every such world gives the same answer. A decision that ends the round
    is read from the round's score (the engine puts the hands in the cowsheds then).
    """
    from mowkit.events import RoundEnded

    if obs.phase != "play":
        return "mow-choice", [Fraction(0)] * len(legal), [Fraction(0)] * len(legal)
    me = obs.player
    fl = obs.game.flies
    before = sum(fl[c] for c in world.piles[me])
    exact: list[Fraction | None] = []
    take: list[Fraction | None] = []
    for a in legal:
        after = world.clone()
        after.apply(a)
        ended = [e for e in after.events if isinstance(e, RoundEnded)]
        now = ended[0].scores[me] if ended else sum(fl[c] for c in after.piles[me])
        took = any(getattr(e, "kind", "") == "herd taken" and getattr(e, "player", None) == me for e in after.events)
        exact.append(Fraction(now - before))
        take.append(Fraction(1 if took else 0))
    return "mow-turn", exact, take


def _agent_facts(name: str, agent: Any, obs: Any, action: Action) -> tuple[tuple[str, Any], ...]:
    """Facts the sentence of ``name`` reads (from the observation and the agent's options only)."""
    facts: dict[str, Any] = {}
    for key in ("rollouts", "take_at", "min_cards", "row"):
        if hasattr(agent, key):
            facts[key] = getattr(agent, key)
    g = obs.game
    if g.name == "sixnimmt":
        from mowkit.games.sixnimmt import Play, TakeRow, row_heads

        if isinstance(action, Play) and name == "greedy":
            from mowkit.games.sixnimmt.agents import immediate_penalty

            facts["now"] = immediate_penalty(obs, action.card)[0]
        if isinstance(action, TakeRow):
            facts["heads"] = row_heads(obs.rows[action.row])
    else:
        from mowkit.games.mow import TakeHerd

        if isinstance(action, TakeHerd) and obs.phase == "play":
            facts["flies"] = obs.herd_flies()
    return tuple(sorted(facts.items()))


def _agents(game: Any, agents: Sequence[str] | Mapping[str, Any] | None) -> list[tuple[str, Any]]:
    from mowkit.agents import describe_agents, make_agent, parse_agent_spec

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
    obs = state.observation(player)
    legal = list(state.legal_actions(player))
    world = None
    if game.name == "mow":  # a world consistent with the observation: what others hold is dealt again
        from mowkit.adapters import determinize

        world = determinize(state, player, np.random.default_rng(seed))
    del state  # from here on only the observation (and the legal moves, which it determines)

    if game.name == "sixnimmt":
        exact_reason, exact, p_take = _exact_sixnimmt(obs, legal)
    else:
        exact_reason, exact, p_take = _exact_mow(obs, legal, world)

    mc: list[float | None] = [None] * len(legal)
    low: list[float | None] = [None] * len(legal)
    high: list[float | None] = [None] * len(legal)
    if game.name == "sixnimmt":
        kind = legal[0].kind
        mc_reason = {"play": "kernel", "take_row": "row-choice", "place": "professional"}.get(kind, "draft")
    else:
        mc_reason = "kernel" if obs.phase == "play" else "mow-choice"
    if mc_reason == "kernel":
        if game.name == "sixnimmt":
            samples = _mc_sixnimmt(obs, rollouts, batches, seed)
            index = {int(c): i for i, c in enumerate(obs.hand)}
            cols = [index[a.card] for a in legal]
            samples = samples[:, cols]
        else:
            samples = _mc_mow(obs, rollouts, batches, seed)
        mean, lo, hi = _interval(samples)
        mc, low, high = ([float(x) for x in v] for v in (mean, lo, hi))  # type: ignore[assignment]

    asked = []
    for name, agent in _agents(game, agents):
        action = agent.act(obs, legal, np.random.default_rng(seed))
        asked.append(AgentAdvice(name, str(getattr(agent, "name", name)), action,
                                 _agent_facts(name, agent, obs, action), game))
    moves = tuple(
        MoveAdvice(a, game, exact[i], p_take[i], mc[i], low[i], high[i],
                   tuple(x.name for x in asked if x.action == a))
        for i, a in enumerate(legal)
    )
    return Advice(game, player, obs.phase, moves, tuple(asked), exact_reason, mc_reason, rollouts, batches, seed)


# --------------------------------------------------------------------------- the agents' sentences


def why(agent_name: str, game: Any, action: Action, facts: Mapping[str, Any] | None = None) -> str:
    """One sentence: what the built-in agent ``agent_name`` does, and the move it chose.

    Written from each agent's docstring (:mod:`mowkit.games.sixnimmt.agents`, :mod:`mowkit.games.mow.agents`,
    :mod:`mowkit.agents.planner`); ``facts`` are the numbers the sentence quotes (see
    :func:`coach`). An agent the kit does not know gets a plain "chooses: ...".
    """
    facts = dict(facts or {})
    move = move_words(game, action)
    if game.name == "sixnimmt":
        return _why_sixnimmt(agent_name, game, action, facts, move)
    return _why_mow(agent_name, game, action, facts, move)


def _why_sixnimmt(name: str, game: Any, action: Action, facts: dict[str, Any], move: str) -> str:
    kind = action.kind
    if kind == "take_row":
        row = action.row + 1  # type: ignore[attr-defined]
        heads = counted("head", facts.get("heads", 0))
        if name == "random" and facts.get("row") == "random":
            return _("Takes a row at random: row {row} ({heads}).").format(row=row, heads=heads)
        return _("Takes the row with the fewest heads: row {row} ({heads}).").format(row=row, heads=heads)
    if kind == "place":
        return _("Puts the card at the first possible place: {move}.").format(move=move)
    if kind == "draft":
        card = card_words(game, action.card)  # type: ignore[attr-defined]
        if name == "lowest":
            return _("Drafts the lowest face-up card: {card}.").format(card=card)
        if name == "highest":
            return _("Drafts the highest face-up card: {card}.").format(card=card)
        return _("Drafts a face-up card at random: {card}.").format(card=card)
    card = card_words(game, action.card)  # type: ignore[attr-defined]
    if name == "random":
        return _("Plays a card at random: this time {card}.").format(card=card)
    if name == "lowest":
        return _("Always plays its lowest card: {card}.").format(card=card)
    if name == "highest":
        return _("Always plays its highest card: {card}.").format(card=card)
    if name == "greedy":
        return _("Plays the card that would cost the fewest heads if it were placed now, alone: "
                 "{card}, which costs {cost} now.").format(card=card, cost=counted("head", facts.get("now", 0)))
    if name == "heuristic":
        return _("Keeps away from rows with four cards and plays low when a row must be taken "
                 "anyway: {card}.").format(card=card)
    if name == "mc":
        return _("Tries every card in random deals of the cards it has not seen ({deals}), plays each "
                 "round out at random and keeps the lowest average: {card}.").format(
                     deals=counted("deal", facts.get("rollouts", 0)), card=card)
    if name == "planner":
        return _("Tries its cards in random deals of the cards it has not seen, imagining the others' "
                 "next card and its own later cards chosen as good players choose them, spends more "
                 "tries on the close ones and keeps the best: {card}.").format(card=card)
    return _("Chooses: {move}.").format(move=move)


def _why_mow(name: str, game: Any, action: Action, facts: dict[str, Any], move: str) -> str:
    kind = action.kind
    if name == "random":
        return _("Chooses at random among the possible moves: {move}.").format(move=move)
    if kind == "flip":
        return _("Points the arrow at the farmer with fewer flies (the leader): {move}.").format(move=move)
    if kind == "choose_next":
        return _("Lets the farmer with the fewest flies (the leader) play next: farmer {farmer}.").format(
            farmer=action.next_player + 1)  # type: ignore[attr-defined]
    if name in ("greedy", "heuristic") and kind == TakeHerd.kind:
        return _("Takes the herd because no cow fits or it is cheap now ({flies}).").format(
            flies=counted("fly", facts.get("flies", 0)))
    if name == "greedy":
        return _("Plays the cow that leaves the fewest unseen cards able to follow, so the next "
                 "farmer is the likeliest to have to take the herd: {move}.").format(move=move)
    if name == "heuristic":
        return _("Keeps the herd closed for the next farmer and unloads flies when the next farmer "
                 "must take: {move}.").format(move=move)
    if name == "mc":
        return _("Tries every move in random deals of the cards it has not seen ({deals}), plays the "
                 "round out at random and keeps the lowest average: {move}.").format(
                     deals=counted("deal", facts.get("rollouts", 0)), move=move)
    if name == "planner":
        return _("Tries its moves in random deals of the cards it has not seen, spends more tries "
                 "on the close ones and keeps the best: {move}.").format(move=move)
    return _("Chooses: {move}.").format(move=move)
