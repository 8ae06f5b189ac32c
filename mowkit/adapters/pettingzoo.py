"""Every registered game as a PettingZoo environment with action masks (needs ``pip install mowkit[rl]``).

* :func:`aec_env` (a registered game name such as ``"sixnimmt"`` or ``"mow"``, default the
  registry's first game; engine options as keywords): an AEC environment. Agents ``player_0`` ..
  ``player_{n-1}``. Its ``turns`` option says who is selected:

  - ``turns="acting"`` (default): :attr:`agent_selection` is always a seat that must decide now (the
    first, in seat order, of the seats the engine waits for: in 6 nimmt!'s card choice every seat in
    turn, face down; a Rule 4 row choice, a professional tie, a Mow turn: that one seat), as
    PettingZoo's own card and board games do: every step is a decision. ``metadata["is_parallelizable"]``
    is ``False`` (``aec_to_parallel`` refuses it: use ``turns="cycle"`` or :func:`parallel_env`).
  - ``turns="cycle"``: the seats are selected in seat order, cycle after cycle (PettingZoo's turn
    order, so ``aec_to_parallel`` works, ``is_parallelizable`` is ``True``): in each cycle the seats
    the engine waits for when the cycle starts decide and the others pass (:attr:`pass_index`, the
    one legal index of their mask). A seat whose decision comes up during a cycle decides in the next.

  Any other value is refused (:class:`~mowkit.core.OptionError` naming ``turns`` and the allowed values).
  :func:`parallel_env` (same game names and default): a ParallelEnv whose step is one such cycle:
  it takes the actions of the seats the engine waits for, the others' are ignored (their masks
  allow only the pass).
* Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``: the vector is the
  game codec's ``observation_vector`` of the agent's own observation (never another hand). The
  dict is an :class:`Observation` (a ``dict``): the engine's observation is taken when the dict is
  given (``last``, ``observe``, ``reset``/``step`` of the parallel env), a frozen snapshot, and the
  vector is made from it the first time the dict is read for it (``obs["observation"]``, ``get``,
  ``values``, ``items``, ``dict(obs)``, ``{**obs}``, copies, ``pickle``, ``repr``, ``==``, any
  change): a loop that only reads the mask never pays for the vector, and one that reads it after
  ``step`` gets the vector of the moment it was given. Each dict holds its own new arrays; copies
  and pickles are plain dicts. The mask marks the legal indices of the codec (:func:`mowkit.adapters.codec_of`;
  a fixed action space: for 6 nimmt! card ids then row choices, for Mow one index per possible
  turn action, see the game's ``codec`` module), plus the pass (the last index; the same spaces in
  both turn orders, the pass is never legal with ``turns="acting"``). A seat's mask marks its
  legal indices whenever the engine waits for it (with ``turns="cycle"``: when it decides in this
  cycle), and is all zero otherwise.
  :meth:`state` is the global state: every seat's observation vector, one after another
  (``state_space``).
* Rewards: ``reward="win"`` (default): at the end each winner gets ``1/k`` when ``k`` share the
  win; ``reward="penalty"``: minus the heads (flies) taken, when each round is scored.
* ``max_cycles`` (default ``None``: no limit): after that many cycles (parallel steps; with
  ``turns="acting"``, that many times as many decisions as there are seats) every agent is truncated.
* ``render_mode``: ``"ansi"`` (``render()`` returns the text of the game) or ``"human"`` (prints it).
* An illegal action (outside the mask) ends the game: the agent that played it gets -1, the
  others 0 (as PettingZoo's ``TerminateIllegalWrapper`` does); ``infos[agent]["illegal"]`` says so.
  With ``turns="acting"`` every agent ends at once; with ``turns="cycle"`` the agents end with the
  cycle (the other turns of that cycle are void), as PettingZoo's ``aec_to_parallel`` asks.
* Every game of an environment is a :class:`mowkit.match.Match` in which every seat is played
  from outside (the environment submits each decoded action): ``reset(seed=s)`` plays the game
  :func:`~mowkit.simulate.play_game` plays with seed ``s`` (the match's seeding rule: the same
  seed, the same deals; the same agents, drawing from :func:`mowkit.match.agent_rng` ``(s, seat)``,
  the same game). ``reset()`` without a seed draws the next game's seed from the environment's own
  sequence (rooted at the last seed given, or 0); :attr:`seed` is the seed of the game in play,
  :attr:`game_state` the kit's state of it and :meth:`record` its record (:mod:`mowkit.records`).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, ItemsView, Iterator, ValuesView
from typing import Any, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from mowkit import registry
from mowkit.adapters import codec_of
from mowkit.core import OptionError, check_choice, check_int
from mowkit.match import Match


class Observation(dict):  # type: ignore[type-arg]
    """An agent's observation: a plain ``dict`` ``{"observation": ..., "action_mask": ...}`` whose
    observation vector is made from the seat's engine observation (taken when the dict was made,
    a frozen snapshot) the first time anything reads it or copies the dict (see the module docstring).

    Every way to read or change the dict goes through a method below that makes the vector first,
    so no caller can see it missing; copies and ``pickle`` give a plain ``dict``. (Only code that
    bypasses them, calling ``dict``'s own methods on it such as ``dict.values(obs)``, or C code
    reading a dict's storage directly, would see ``None`` for a vector not yet read.) Built as a dict
    is (``Observation(pairs)``, as tree libraries rebuild mappings) it is an ordinary dict; the
    environment makes its own with :meth:`lazy`.
    """

    __slots__ = ("_make",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # as dict's: type(obs)(pairs) is a plain made copy
        dict.__init__(self, *args, **kwargs)
        self._make: Callable[[], np.ndarray] | None = None
        """Makes the observation vector (None once made)."""

    @classmethod
    def lazy(cls, make: Callable[[], np.ndarray], mask: np.ndarray) -> Observation:
        """The observation whose vector ``make()`` makes when it is first read, and its mask."""
        obs = dict.__new__(cls)
        dict.__init__(obs, observation=None, action_mask=mask)
        obs._make = make
        return obs

    def made(self) -> Observation:
        """This dict, its observation vector made (once)."""
        make = self._make
        if make is not None:
            dict.__setitem__(self, "observation", make())
            self._make = None
        return self

    def __getitem__(self, key: Any) -> Any:
        if self._make is not None and key == "observation":
            self.made()
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __iter__(self) -> Iterator[Any]:  # overridden: dict(obs), {**obs}, f(**obs) then read by obs[key]
        return dict.__iter__(self)

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return dict.values(self.made())

    def items(self) -> ItemsView[Any, Any]:  # type: ignore[override]
        return dict.items(self.made())

    def copy(self) -> dict[Any, Any]:
        return dict(self.made())

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Any, Any]:
        return copy.deepcopy(dict(self.made()), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (dict(self.made()),)

    def __repr__(self) -> str:
        return dict.__repr__(self.made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Observation):
            other.made()
        return dict.__eq__(self.made(), other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self.made(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self.made(), other)

    def __ior__(self, other: Any) -> Observation:
        dict.__ior__(self.made(), other)
        return self

    def __setitem__(self, key: Any, value: Any) -> None:
        dict.__setitem__(self.made(), key, value)

    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(self.made(), key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self.made(), *args, **kwargs)

    def pop(self, *args: Any) -> Any:
        return dict.pop(self.made(), *args)

    def popitem(self) -> tuple[Any, Any]:
        return dict.popitem(self.made())

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return dict.setdefault(self.made(), key, default)

    def clear(self) -> None:
        dict.clear(self.made())


REWARDS = ("win", "penalty")
RENDER_MODES = ("ansi", "human")
TURNS = ("acting", "cycle")
"""The AEC environment's turn orders (``turns=``): a deciding seat at every step, or every seat in order."""


class _Common:
    """Spaces, masks, cycles and rewards shared by the AEC and parallel environments."""

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": True}
    agent_selection: str  # the AEC environment's (set by its reset)

    def _setup(self, game_name: str, reward: str, render_mode: str | None, max_cycles: int | None,
               options: dict[str, Any]) -> None:
        self.game = registry.load_game(game_name, **options)
        self.reward_kind = check_choice("reward", reward, REWARDS)
        if render_mode is not None:
            check_choice("render_mode", render_mode, RENDER_MODES)
        self.render_mode = render_mode
        self.max_cycles = None if max_cycles is None else check_int("max_cycles", max_cycles, 1)
        self.codec: Any = codec_of(self.game)
        self.pass_index = int(self.codec.size)
        """The pass: the one legal index of a seat that does not decide in this cycle."""
        self._mask_size = self.pass_index + 1
        self.possible_agents = [f"player_{p}" for p in range(self.game.players)]
        self._seat_of = {a: p for p, a in enumerate(self.possible_agents)}
        size = self.codec.observation_size()
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.pass_index + 1,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(self.pass_index + 1)
        self.state_space = spaces.Box(low=-1.0, high=np.inf, shape=(size * self.game.players,), dtype=np.float32)
        self._seeds = np.random.SeedSequence(0)
        self.match: Match | None = None
        self._state: Any = None  # the match's state (the game in play)
        self._actors: frozenset[int] = frozenset()
        self._cycles = 0
        self._done = False  # every agent terminated or truncated
        self._cut = False
        self._paid = False
        self._version = 0  # the decisions applied since the environment was made: what the cache is for
        self._moves: dict[int, tuple[int, list[Any], list[int]]] = {}  # seat -> (version, legal actions, indices)
        self._codes: dict[int, int] = {}  # id of an engine's action object -> its index (the object kept in _kept)
        self._kept: list[Any] = []  # the action objects of _codes, alive: their ids stay theirs

    @functools.lru_cache(maxsize=None)  # noqa: B019 - one space object per agent, as PettingZoo asks
    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space (the same object every time)."""
        return self._obs_space

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space:
        """The action space: one index per decision (see the game's codec), then the pass."""
        return self._act_space

    @property
    def game_state(self) -> Any:
        """The kit's state of the game in play (the match's; None before the first reset)."""
        return None if self.match is None else self.match.state

    @property
    def seed(self) -> int | None:
        """The seed of the game in play (None before the first reset)."""
        return None if self.match is None else self.match.seed

    def state(self) -> np.ndarray:
        """The global state: every seat's observation vector, seat after seat (``state_space``)."""
        if self.match is None:
            raise OptionError("state", None, "a game: call reset first")
        return np.concatenate([self._vector(p) for p in range(self.game.players)])

    def _new_state(self, seed: int | None) -> None:
        """A new match: seeded ``seed``, or the next seed of the environment's own sequence."""
        if seed is None:
            (child,) = self._seeds.spawn(1)
            seed = int(child.generate_state(1, dtype=np.uint64)[0] >> 1)
        else:
            self._seeds = np.random.SeedSequence(seed)
        self.match = Match(self.game, self.possible_agents, seed, humans=range(self.game.players))
        self._state = self.match.state
        self._version += 1
        self._rounds_scored = 0
        self._cycles = 0
        self._decisions = 0
        self._done = False
        self._paid = False  # the win shares, given once
        self._cut = False  # an illegal action ended the game (at the end of its cycle)
        self._new_cycle()

    def _new_cycle(self) -> None:
        """The seats that decide in the cycle starting now: those the engine waits for."""
        assert self.match is not None
        self._actors = frozenset(self.match.pending())

    def _legal(self, p: int) -> tuple[list[Any], list[int]]:
        """Seat ``p``'s legal actions and their indices, in the engine's order (made once per seat and
        decision)."""
        known = self._moves.get(p)
        if known is not None and known[0] == self._version:
            return known[1], known[2]
        legal = self._state.legal_actions(p)
        codes = self._codes  # the engine hands out the same action objects again
        known_indices = [*map(codes.get, map(id, legal))]
        indices = self._encode(legal) if None in known_indices else cast("list[int]", known_indices)
        self._moves[p] = (self._version, legal, indices)
        return legal, indices

    def _encode(self, legal: list[Any]) -> list[int]:
        """The indices of ``legal``, remembered by the ids of its objects (kept alive with them)."""
        codes, encode = self._codes, self.codec.encode
        if len(codes) >= 4096:
            codes.clear()
            self._kept.clear()
        for a in legal:
            if id(a) not in codes:
                codes[id(a)] = encode(a)
                self._kept.append(a)
        return [codes[id(a)] for a in legal]

    def _mask(self, indices: list[int]) -> np.ndarray:
        """The action mask marking ``indices`` (a new writable ``int8`` array)."""
        marks = bytearray(self._mask_size)
        for i in indices:
            marks[i] = 1
        return np.frombuffer(marks, np.int8)

    def _vector(self, p: int) -> np.ndarray:
        """Seat ``p``'s observation vector (a new array, made when asked for)."""
        return self.codec.observation_vector(self._state.observation(p))

    def _submit(self, p: int, action: Any) -> None:
        """Seat ``p``'s action index, decoded to the engine's own legal action, submitted to the match
        (``ValueError`` / ``TypeError`` for an index that is not legal now)."""
        index = int(action)  # TypeError for None, ValueError for a text that is no number
        legal, indices = self._legal(p)
        try:
            move = legal[indices.index(index)]
        except ValueError:
            raise ValueError(f"action index {index!r} is not legal now for seat {p + 1}") from None
        self.match.submit(move)  # type: ignore[union-attr]  # a game is in play
        self._version += 1
        self._decisions += 1

    def _decide(self, p: int, action: Any) -> None:
        """Seat ``p``'s turn in the cycle: a decision if it is an actor, else the pass."""
        assert self.match is not None
        if p in self._actors and not self.match.is_over():
            self._submit(p, action)
        elif action is None or int(action) != self.pass_index:
            raise ValueError(f"seat {p + 1} does not decide in this cycle: its one legal action is {self.pass_index}")

    def record(self, agents: list[str] | None = None) -> dict[str, Any]:
        """The game so far as a record; ``agents`` names the seats (default ``player_0`` ...)."""
        if self.match is None:
            raise OptionError("record", None, "a game: call reset first")
        record = self.match.record()
        if agents is not None:
            if len(agents) != len(self.possible_agents):
                raise OptionError("agents", agents, f"one name per seat: {len(self.possible_agents)}")
            record["agents"] = [str(a) for a in agents]
        return record

    def _obs(self, p: int, cycle: bool) -> dict[str, np.ndarray]:
        """Seat ``p``'s observation (a new array) and its mask: its legal indices when it decides now
        (``cycle``: in this cycle, else the pass; not cycle: when the engine waits for it, else all
        zero), all zero once the game is done."""
        if self._done:
            marks: list[int] = []
        elif cycle:
            if p not in self._actors or self._cut or self._state.is_over():  # a game ends during a cycle: the rest pass
                marks = [self.pass_index]
            else:
                marks = self._legal(p)[1]
        elif self.possible_agents[p] == self.agent_selection or p in self._state.pending_players():
            marks = self._legal(p)[1]  # acting: the selected seat decides (the game is not over: not done)
        else:
            marks = []
        return Observation.lazy(functools.partial(self.codec.observation_vector, self._state.observation(p)),
                           self._mask(marks))

    def _new_rewards(self) -> list[float] | None:
        """Rewards earned by the last decision (round penalties or the final win shares); None: none."""
        engine = self._state
        if self.reward_kind != "penalty":
            if self._paid or not engine.is_over():
                return None
            self._paid = True
            w = engine.winners()
            return [1.0 / len(w) if p in w else 0.0 for p in range(self.game.players)]
        out: list[float] | None = None
        while self._rounds_scored < len(engine.round_scores):
            out = out or [0.0] * self.game.players
            for p, s in enumerate(engine.round_scores[self._rounds_scored]):
                out[p] -= float(s)
            self._rounds_scored += 1
        return out

    def _truncated(self) -> bool:
        """Whether the cycle that just ended was the last one ``max_cycles`` allows."""
        self._cycles += 1
        return self.max_cycles is not None and self._cycles >= self.max_cycles

    def render(self) -> str | None:
        """The text of the game: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None or self.match is None:
            return None
        text = repr(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class MowkitAECEnv(_Common, AECEnv):
    """A kit game as a PettingZoo AEC environment (see the module docstring; ``turns``: ``"acting"``
    (default) selects a seat that must decide at every step, ``"cycle"`` every seat in order)."""

    def __init__(self, game: str | None = None, reward: str = "win", render_mode: str | None = None,
                 max_cycles: int | None = None, turns: str = "acting", **options: Any) -> None:
        AECEnv.__init__(self)
        self.turns = check_choice("turns", turns, TURNS)
        self._cycle = self.turns == "cycle"
        game = registry.default_name() if game is None else game
        self._setup(game, reward, render_mode, max_cycles, options)
        self.metadata = {**_Common.metadata, "name": f"mowkit_{game}_v0", "is_parallelizable": self.turns == "cycle"}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (dealt from ``seed``)."""
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        if self._cycle:
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's own observation and its action mask."""
        return self._obs(self._seat_of[agent], self._cycle)

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (``observe``), reward sum, termination, truncation and info."""
        agent = self.agent_selection
        return (self._obs(self._seat_of[agent], self._cycle) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def _select(self) -> None:
        """``turns="acting"``: the first seat the engine waits for (the game is not over)."""
        self.agent_selection = self.possible_agents[next(iter(self._state.pending_players()))]

    def _reward(self, gains: list[float] | None) -> None:
        """This step's rewards (``gains`` by seat; None: nothing earned) added to the agents' sums."""
        if gains is None:
            if any(self.rewards.values()):
                self.rewards = dict.fromkeys(self.rewards, 0.0)
            return
        self.rewards = {a: gains[self._seat_of[a]] for a in self.rewards}
        self._accumulate_rewards()

    def step(self, action: Any) -> None:
        """The selected agent's decision (with ``turns="cycle"``: or its pass; ``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._cycle:
            self._cycle_step(agent, action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            self._submit(self._seat_of[agent], action)
        except (ValueError, TypeError):
            self._illegal(agent, action)
            self.terminations = dict.fromkeys(self.agents, True)
            self._done = True
            return
        self._reward(self._new_rewards())
        if self._state.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
            self._done = True
        elif self.max_cycles is not None and self._decisions >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
            self._done = True
        else:
            self._select()

    def _illegal(self, agent: str, action: Any) -> None:
        """``agent`` played an illegal action: it gets -1, the others 0; its info says so."""
        self.rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
        self.infos[agent]["illegal"] = f"action {action!r} is not allowed now"
        self._accumulate_rewards()

    def _cycle_step(self, agent: str, action: Any) -> None:
        """``turns="cycle"``: the selected agent's decision or pass; the agents end with the cycle."""
        p = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        if self._cut:  # an illegal action ended the game in this cycle: the others' turns are void
            self._reward(None)
        else:
            try:
                self._decide(p, action)
            except (ValueError, TypeError):
                self._cut = True
                self._illegal(agent, action)
            else:
                self._reward(self._new_rewards())
        nxt = p + 1
        if nxt == len(self.possible_agents):  # the cycle is over: agents end here only (as PettingZoo asks)
            nxt = 0
            over = self._cut or self.game_state.is_over()
            if over:
                self.terminations = dict.fromkeys(self.agents, True)
            elif self._truncated():
                self.truncations = dict.fromkeys(self.agents, True)
            self._done = over or self.truncations[agent]
            self._new_cycle()
        self.agent_selection = self.possible_agents[nxt]


class MowkitParallelEnv(_Common, ParallelEnv):
    """A kit game as a PettingZoo ParallelEnv: one step is one cycle (see the module docstring)."""

    def __init__(self, game: str | None = None, reward: str = "win", render_mode: str | None = None,
                 max_cycles: int | None = None, **options: Any) -> None:
        game = registry.default_name() if game is None else game
        self._setup(game, reward, render_mode, max_cycles, options)
        self.metadata = {**_Common.metadata, "name": f"mowkit_{game}_parallel_v0"}

    def _all_obs(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._obs(p, True) for p, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a new game (dealt from ``seed``); returns observations and infos."""
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        return self._all_obs(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the actions of the seats that decide in this cycle (the others' are ignored)."""
        infos: dict[str, dict] = {a: {} for a in self.agents}
        for p in sorted(self._actors):
            agent = self.possible_agents[p]
            try:
                self._submit(p, actions[agent])
            except (KeyError, ValueError, TypeError):
                rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
                infos[agent]["illegal"] = f"action {actions.get(agent)!r} is not allowed now"
                self._done = True
                obs = self._all_obs()
                done = dict.fromkeys(self.agents, True)
                self.agents = []
                return obs, rewards, done, dict.fromkeys(done, False), infos
        gains = self._new_rewards() or [0.0] * self.game.players
        rewards = {a: gains[i] for i, a in enumerate(self.possible_agents) if a in self.agents}
        over = self.game_state.is_over()
        cut = not over and self._truncated()
        self._done = over or cut
        self._new_cycle()
        obs = self._all_obs()
        terms = dict.fromkeys(self.agents, over)
        truncs = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return obs, rewards, terms, truncs, infos


def aec_env(game: str | None = None, **kwargs: Any) -> MowkitAECEnv:
    """A kit game (default: the registry's first) as a PettingZoo AEC environment; keywords:
    ``turns`` (``"acting"``, the default, or ``"cycle"``), ``reward``, ``render_mode``, ``max_cycles``
    and engine options."""
    return MowkitAECEnv(game, **kwargs)


def parallel_env(game: str | None = None, **kwargs: Any) -> MowkitParallelEnv:
    """A kit game (default: the registry's first) as a PettingZoo ParallelEnv; keywords: ``reward``,
    ``render_mode``, ``max_cycles`` and engine options."""
    return MowkitParallelEnv(game, **kwargs)


env = aec_env
"""PettingZoo's module-level name for the AEC constructor (``mod.env``, as its test tools call it)."""
