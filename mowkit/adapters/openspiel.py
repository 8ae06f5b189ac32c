"""Every registered game as an OpenSpiel Python game: ``pyspiel.load_game("mowkit_<game>", {...})``
(``"mowkit_sixnimmt"``, ``"mowkit_mow"``).

Importing this module registers every game of :func:`mowkit.registry.specs` with
``pyspiel.register_game`` (it needs the ``openspiel`` extra: ``pip install mowkit[openspiel]``); a
game registered later is added with :func:`register`. The rules are the kit's engines; the adapter
only translates, through the game's codec (:func:`mowkit.adapters.codec_of`).

* **Chance**: explicit. Every round starts with one chance node whose outcomes are
  ``deal_seeds`` equally likely deal seeds (default 1000, parameter ``deal_seeds``); outcome ``k``
  deals the deck order ``numpy.random.default_rng(k).permutation(deck)``. So a game's chance is a
  uniform choice among ``deal_seeds`` seeded shuffles per round (a full shuffle in the limit);
  the history of actions replays a game exactly (OpenSpiel's serialization uses it).
* **Seeded games**: with the parameter ``seed`` (an integer from 0 to 2**31 - 1, OpenSpiel's
  integer parameters being C++ ``int``; default -1: none) the game is
  the one :class:`mowkit.match.Match` deals for that seed (:func:`mowkit.simulate.play_game`'s
  seeding rule, :func:`mowkit.core.deal_rng`): the first chance node has one outcome (0) and every
  round is dealt from the seed's deal stream (no further chance node). Bots made by
  :func:`match_bots` draw as the match's agents do (:func:`mowkit.match.agent_rng`), so the same
  seed and agents play the same game as ``play_game``. OpenSpiel owns the loop (``apply_action``);
  the state views a ``Match`` in which every seat is played from outside: each decoded action is
  the engine's own legal action, submitted to the match (:meth:`_State.record` is its record).
* **Moves**: sequential. 6 nimmt!'s simultaneous card choice is in its turn-based form: the seats
  that still choose play one after another, lowest seat first, face down (no other seat sees the
  card until all are revealed). Rule 4's row choice, the professional tie and the logic draft are
  decisions of their player. Action indices: the game's codec
  (:func:`mowkit.adapters.codec_of`).
* **Information**: imperfect. The information-state string of a player is the list of that
  player's observations (:func:`mowkit.adapters.observation_text`) after every move since the
  start (perfect recall); the observation string is the latest one. Both tensors are
  the codec's ``observation_vector`` of the current observation (a summary, not a
  perfect-recall encoding: use the string for exact information sets).
* **Rewards**: general-sum, at the end only. ``utility="win"`` (default): each winner gets
  ``1/k`` when ``k`` seats share the win, the others 0. ``utility="penalty"``: minus the player's
  total (heads or flies), so every point counts.
* Parameters: the engine's options the codec exposes (``framework_parameters``: ``players``,
  ``threshold``, ``max_rounds`` with 0 for no limit, and per game ``rows``, ``capacity``,
  ``hand_size``, ``variant`` (names joined by ``+``), ``auto_row``; or ``packets`` ("" for the
  engine default), ``specials``, ``restart``), plus ``utility``, ``deal_seeds`` and ``seed``.
* ``resample_from_infostate(player, sampler)`` (used by OpenSpiel's ISMCTS) returns a sampled
  world: the cards the player cannot see are dealt again (:func:`mowkit.adapters.determinize`),
  later rounds are dealt inside the engine from a seed drawn from ``sampler``, and the other
  players' information states restart from their observation in that world. A sampled world is
  for search only: its ``history()`` is the original's and does not replay it.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pyspiel

from mowkit import registry
from mowkit.adapters import codec_of, observation_text
from mowkit.agents import make_agent
from mowkit.core import CheckedApply, OptionError
from mowkit.match import Guarded, Match, agent_rng, private_copies
from mowkit.spec import GameSpec

PREFIX = "mowkit_"
"""OpenSpiel's short name of a game is this prefix and the game's registry name."""
FRAMEWORK_DEFAULTS: dict[str, Any] = {"utility": "win", "deal_seeds": 1000, "seed": -1}
"""The adapter's own parameters (after the game's), with their defaults."""
_UTILITIES = ("win", "penalty")
_ROUND_GUESS = 30  # rounds assumed by max_game_length when max_rounds is 0 (games end with probability 1)


def short_name(spec: GameSpec) -> str:
    """OpenSpiel's short name of a registered game (``"mowkit_" + name``)."""
    return PREFIX + spec.name


def _game_type(name: str, long_name: str, defaults: dict[str, Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


class _Game(pyspiel.Game):
    """A kit game for OpenSpiel (one subclass per registered game, see :func:`register`)."""

    spec_name = ""
    game_type: pyspiel.GameType = None
    defaults: dict[str, Any] = {}
    options_codec: Any = None  # the default game's codec: turns parameters into engine options

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**self.defaults, **(params or {})}
        if p["utility"] not in _UTILITIES:
            raise OptionError("utility", p["utility"], "one of 'win', 'penalty'")
        if not isinstance(p["deal_seeds"], int) or p["deal_seeds"] < 1:
            raise OptionError("deal_seeds", p["deal_seeds"], "an integer >= 1")
        if not isinstance(p["seed"], int) or p["seed"] < -1:
            raise OptionError("seed", p["seed"], "an integer >= 0 (a seeded game), or -1 (chance deals)")
        self.engine_game = registry.load_game(self.spec_name, **self.options_codec.engine_options(p))
        self.utility = p["utility"]
        self.deal_seeds = int(p["deal_seeds"])
        self.seed: int | None = None if p["seed"] < 0 else int(p["seed"])
        """The seed of a seeded game (parameter ``seed``), or None: chance deals."""
        codec: Any = codec_of(self.engine_game)  # a CodecBase: the protocol and what frameworks ask
        self.codec = codec
        g: Any = self.engine_game
        n = g.players
        deck_total = codec.deck_penalty()
        per_round = codec.decisions_per_round()
        rounds = g.max_rounds or _ROUND_GUESS
        if self.utility == "win":
            lo, hi = 0.0, 1.0
        else:
            worst = g.threshold + deck_total
            if g.max_rounds:
                worst = min(worst, g.max_rounds * deck_total)
            lo, hi = -float(worst), 0.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=self.deal_seeds,
            num_players=n,
            min_utility=lo,
            max_utility=hi,
            utility_sum=None,  # general-sum type (the win shares happen to sum to 1)
            max_game_length=rounds * per_round,
        )
        super().__init__(self.game_type, info, p)

    def new_initial_state(self) -> _State:
        """The start of a game: a chance node (the first deal)."""
        return _State(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer: information state (perfect recall) or the current observation."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.codec, perfect)


GAME_CLASSES: dict[str, type[_Game]] = {}
"""Registry name -> the OpenSpiel game class registered for it."""


def register(spec: GameSpec) -> type[_Game]:
    """Register ``spec``'s game with OpenSpiel under :func:`short_name` (once per name); its class."""
    if spec.name in GAME_CLASSES:
        return GAME_CLASSES[spec.name]
    options_codec: Any = codec_of(registry.load_game(spec.name))
    defaults = {**options_codec.framework_parameters(), **FRAMEWORK_DEFAULTS}
    game_type = _game_type(short_name(spec), f"mowkit {spec.title}", defaults)
    cls_name = "".join(part.capitalize() for part in spec.name.split("_")) + "Game"
    cls = type(cls_name, (_Game,), {
        "__doc__": f"{spec.title} for OpenSpiel (see the module docstring).",
        "__module__": __name__,
        "__qualname__": cls_name,
        "spec_name": spec.name,
        "game_type": game_type,
        "defaults": defaults,
        "options_codec": options_codec,
    })
    pyspiel.register_game(game_type, cls)
    GAME_CLASSES[spec.name] = cls
    globals().setdefault(cls_name, cls)  # pickle finds a class by its module and name
    return cls


def deal_order(game: Any, outcome: int) -> list[int]:
    """The deck order dealt by chance outcome ``outcome``."""
    return [int(c) for c in np.random.default_rng(int(outcome)).permutation(np.array(game.deck))]


class _State(pyspiel.State):
    """A game in progress: a view of a :class:`~mowkit.match.Match` plus each player's observation log."""

    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self._game = game.engine_game
        self._codec = game.codec
        self._seeds = game.deal_seeds
        self._seed = game.seed
        self._utility = game.utility
        self.match: Match | None = None  # None before the first deal
        self._deals: list[list[int]] = []
        self._waiting: Any = None  # a round's last decision, applied once the next deal is known
        self._sampled = False
        self.logs: list[list[str]] = [["start"] for _ in range(self._game.players)]

    @property
    def engine(self) -> Any:
        """The kit's state (the match's); None before the first deal."""
        return None if self.match is None else self.match.state

    # ------------------------------------------------------------------ flow
    def current_player(self) -> int:
        """The seat to act, CHANCE before a deal, TERMINAL at the end."""
        if self.engine is None or self._waiting is not None:
            return pyspiel.PlayerId.CHANCE
        if self.engine.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.pending_players()[0]

    def is_terminal(self) -> bool:
        return self.engine is not None and self._waiting is None and self.engine.is_over()

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self._codec.encode(a) for a in self.engine.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``deal_seeds`` equally likely deal seeds; a seeded game: one outcome (0), its seed's deal."""
        if self._seed is not None:
            return [(0, 1.0)]
        p = 1.0 / self._seeds
        return [(k, p) for k in range(self._seeds)]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._deal(int(action))
        else:
            player = self.current_player()
            move = self._codec.decode(int(action), self.engine.legal_actions(player))
            assert self.match is not None
            try:
                self.match.submit(move)
            except OptionError as e:
                if e.option != "deals":
                    raise
                self._waiting = move  # the round is over: chance deals the next one first
                return
        self._log()

    def _new_match(self, **how: Any) -> Match:
        """A match in which every seat is played from outside (this state submits the decisions)."""
        n = self._game.players
        return Match(self._game, [f"player_{p}" for p in range(n)], how.pop("seed", None), humans=range(n), **how)

    def _deal(self, outcome: int) -> None:
        if self._seed is not None:  # a seeded game: the match deals every round from the seed
            self.match = self._new_match(seed=self._seed)
            return
        self._deals.append(deal_order(self._game, outcome))
        if self.match is None:
            self.match = self._new_match(deals=self._deals)
            return
        history = [m for moves in self.match.state.history for m in moves]
        self.match = self._new_match(deals=self._deals)
        for m in [*history, self._waiting]:
            self.match.submit(m)
        self._waiting = None

    def _log(self) -> None:
        for p, log in enumerate(self.logs):
            log.append(observation_text(self.engine.observation(p)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}" if self._seed is None else f"the deal of seed {self._seed}"
        if self.engine is not None and player == self.current_player():
            for a in self.engine.legal_actions(player):
                if self._codec.encode(a) == action:
                    return f"player {player + 1}: {self._codec.action_text(a)}"
        return f"player {player + 1}: action {action}"

    def returns(self) -> list[float]:
        """Win share (1/k for k shared winners) or minus the total; zeros until the end."""
        n = self._game.players
        if not self.is_terminal():
            return [0.0] * n
        if self._utility == "penalty":
            return [-float(t) for t in self.engine.totals]
        w = self.engine.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(n)]

    def record(self, agents: list[str] | None = None) -> dict[str, Any]:
        """The game so far as a record (:mod:`mowkit.records`); ``agents`` names the seats."""
        if self.match is None:
            raise OptionError("record", None, "a dealt game (the state is before the first deal)")
        record = self.match.record()
        if agents is not None:
            if len(agents) != self._game.players:
                raise OptionError("agents", agents, f"one name per seat: {self._game.players}")
            record["agents"] = [str(a) for a in agents]
        return record

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """A sampled world consistent with ``player_id``'s information (see the module docstring)."""
        seed = int(probability_sampler() * 2**31)
        rng = np.random.default_rng(seed)
        s = _State(self.get_game())
        world = self._codec.redeal(self.engine, player_id, rng)
        # later rounds of a sampled world are dealt inside the engine, from a seed
        world._chance = cast(CheckedApply, self._game.new_state(seed=int(rng.integers(2**31))))._chance
        s.match = s._new_match(seed=seed, start=world)
        s._deals = list(self._deals)
        s._sampled = True
        s.logs = [list(self.logs[p]) if p == player_id else ["sampled world", observation_text(world.observation(p))]
                  for p in range(self._game.players)]
        return s

    def __str__(self) -> str:
        if self.engine is None:
            return "before the first deal"
        lines = [observation_text(self.engine.observation(p)) for p in range(self._game.players)]
        if self._waiting is not None:
            lines.append(f"waiting for the next deal to apply {self._waiting.to_dict()}")
        return "\n".join(lines)


class _Observer:
    """Information-state (``perfect_recall``) or observation strings and tensors for one player."""

    def __init__(self, codec: Any, perfect_recall: bool) -> None:
        self.codec = codec
        self.game = codec.game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(codec.observation_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: _State, player: int) -> None:
        """Fill ``tensor`` from ``state`` as ``player`` sees it."""
        obs = None if state.engine is None else state.engine.observation(player)
        self.tensor[:] = self.codec.observation_vector(obs)

    def string_from(self, state: _State, player: int) -> str:
        """``player``'s information state (every observation so far) or current observation."""
        if self.perfect_recall:
            return "\n".join(state.logs[player])
        if state.engine is None:
            return "before the first deal"
        return observation_text(state.engine.observation(player))


for _spec in registry.specs():
    register(_spec)


# --------------------------------------------------------------------------- bots


class AgentBot(pyspiel.Bot):
    """A kit agent (``mowkit.agents.make_agent``) as an OpenSpiel bot for these games.

    It sees the game as a match's agent does (:class:`mowkit.match.Guarded`): its own observation,
    whose ``game`` is the bot's private copy of the game, and a copy of the legal list; its action
    is checked against the engine's list, then answered as its index. ``seed`` seeds the agent's
    generator; with ``stream`` the generator is the one a match seeded ``seed`` gives the agent in
    stream ``stream`` (:func:`mowkit.match.agent_rng`; see :func:`match_bots`).
    """

    def __init__(self, agent: Any, seed: int | None = None, *, stream: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent
        if stream is None:
            self.rng = np.random.default_rng(seed)
        elif seed is None:
            raise OptionError("seed", seed, "the match's seed (an integer >= 0) with stream")
        else:
            self.rng = agent_rng(seed, stream)
        self._views: dict[int, tuple[Any, Guarded]] = {}  # seat -> (the game's name and options, its guard)

    def step(self, state: _State) -> int:
        """The agent's decision at ``state``."""
        p = state.current_player()
        key = (state._game.name, state._game.options)
        known = self._views.get(p)
        if known is None or known[0] != key:  # one private copy of the game per seat (and game)
            known = self._views[p] = (key, Guarded(self.agent, private_copies(state._game, 1)[0], p))
        guarded = known[1]
        legal = state.engine.legal_actions(p)
        action = guarded.act(state.engine.observation(p), list(legal), self.rng)
        return state._codec.encode(action)

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


class DeterminizedMCTSBot(pyspiel.Bot):
    """OpenSpiel's MCTS on a determinised game: each decision searches one sampled world.

    At every decision it asks the state for a world consistent with what the player knows
    (``resample_from_infostate``) and returns what ``open_spiel.python.algorithms.mcts.MCTSBot``
    (random rollouts, ``max_simulations`` per decision) plays there.
    """

    def __init__(self, game: _Game, max_simulations: int = 100, uct_c: float = 2.0, seed: int | None = None) -> None:
        from open_spiel.python.algorithms import mcts

        pyspiel.Bot.__init__(self)
        self._rs = np.random.RandomState(seed)
        self._mcts = mcts.MCTSBot(game, uct_c, max_simulations, mcts.RandomRolloutEvaluator(1, self._rs),
                                  random_state=self._rs, solve=False)

    def step(self, state: _State) -> int:
        """Search one sampled world and play its best action."""
        world = state.resample_from_infostate(state.current_player(), self._rs.uniform)
        return int(self._mcts.step(world))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


def match_bots(game: _Game, agents: list[Any], seed: int) -> list[AgentBot]:
    """Bots for ``agents`` (names or objects, one per seat) that draw as a match seeded ``seed`` has
    them draw (seat ``p``: stream ``p``): on the game with parameter ``seed`` they play the game of
    :func:`mowkit.simulate.play_game` ``(game, agents, seed)``."""
    return [AgentBot(make_agent(game.engine_game.name, a), seed, stream=p) for p, a in enumerate(agents)]


def play_to_end(game: _Game, bots: list[Any], deal_seed: int) -> _State:
    """One game with ``bots`` (one per seat); chance outcomes come from ``deal_seed``. Returns the final state."""
    rng = np.random.default_rng(deal_seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(outcomes[int(rng.integers(len(outcomes)))]))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


def play_bots(game: _Game, bots: list[Any], deal_seed: int) -> list[float]:
    """One game with ``bots`` (one per seat); chance outcomes come from ``deal_seed``. Returns the returns."""
    return list(play_to_end(game, bots, deal_seed).returns())
