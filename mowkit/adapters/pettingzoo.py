"""Every registered game as a PettingZoo environment with action masks (needs ``pip install mowkit[rl]``).

* :func:`aec_env` (a registered game name such as ``"sixnimmt"`` or ``"mow"``, default the
  registry's first game; engine options as keywords): an AEC environment. Agents ``player_0`` ..
  ``player_{n-1}`` are selected in seat order, cycle after cycle (PettingZoo's turn order, so
  ``aec_to_parallel`` works): in each cycle the seats the engine waits for when the cycle starts
  decide (6 nimmt!'s card choice: every seat, face down; a Rule 4 row choice, a professional tie, a
  Mow turn: one seat) and the others pass (:attr:`PASS`, the one legal index of their mask). A seat
  whose decision comes up during a cycle decides in the next one.
  :func:`parallel_env` (same game names and default): a ParallelEnv whose step is one such cycle:
  it takes the actions of the seats the engine waits for, the others' are ignored (their masks
  allow only the pass).
* Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``: the vector is the
  game codec's ``observation_vector`` of the agent's own observation (never another hand), made
  when asked for; the mask marks the legal indices of the codec (:func:`mowkit.adapters.codec_of`;
  a fixed action space: for 6 nimmt! card ids then row choices, for Mow one index per possible
  turn action, see the game's ``codec`` module), plus the pass (the last index).
  :meth:`state` is the global state: every seat's observation vector, one after another
  (``state_space``).
* Rewards: ``reward="win"`` (default): at the end each winner gets ``1/k`` when ``k`` share the
  win; ``reward="penalty"``: minus the heads (flies) taken, when each round is scored.
* ``max_cycles`` (default ``None``: no limit): after that many cycles (parallel steps) every
  agent is truncated.
* ``render_mode``: ``"ansi"`` (``render()`` returns the text of the game) or ``"human"`` (prints it).
* An illegal action (outside the mask) ends the game: the agent that played it gets -1, the
  others 0 (as PettingZoo's ``TerminateIllegalWrapper`` does); ``infos[agent]["illegal"]`` says so.
  In the AEC environment the agents end with the cycle (the other turns of that cycle are void),
  as PettingZoo's ``aec_to_parallel`` asks.
* Every game of an environment is a :class:`mowkit.match.Match` in which every seat is played
  from outside (the environment submits each decoded action): ``reset(seed=s)`` plays the game
  :func:`~mowkit.simulate.play_game` plays with seed ``s`` (the match's seeding rule: the same
  seed, the same deals; the same agents, drawing from :func:`mowkit.match.agent_rng` ``(s, seat)``,
  the same game). ``reset()`` without a seed draws the next game's seed from the environment's own
  sequence (rooted at the last seed given, or 0); :attr:`seed` is the seed of the game in play,
  :attr:`game_state` the kit's state of it and :meth:`record` its record (:mod:`mowkit.records`).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from mowkit import registry
from mowkit.adapters import codec_of
from mowkit.core import OptionError, check_choice, check_int
from mowkit.match import Match

REWARDS = ("win", "penalty")
RENDER_MODES = ("ansi", "human")


class _Common:
    """Spaces, masks, cycles and rewards shared by the AEC and parallel environments."""

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": True}

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
        self.possible_agents = [f"player_{p}" for p in range(self.game.players)]
        size = self.codec.observation_size()
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.pass_index + 1,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(self.pass_index + 1)
        self.state_space = spaces.Box(low=-1.0, high=np.inf, shape=(size * self.game.players,), dtype=np.float32)
        self._seeds = np.random.SeedSequence(0)
        self.match: Match | None = None
        self._actors: frozenset[int] = frozenset()
        self._cycles = 0
        self._done = False  # every agent terminated or truncated
        self._cut = False
        self._paid = False

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
        engine = self.match.state
        return np.concatenate([self.codec.observation_vector(engine.observation(p))
                               for p in range(self.game.players)])

    def _new_state(self, seed: int | None) -> None:
        """A new match: seeded ``seed``, or the next seed of the environment's own sequence."""
        if seed is None:
            (child,) = self._seeds.spawn(1)
            seed = int(child.generate_state(1, dtype=np.uint64)[0] >> 1)
        else:
            self._seeds = np.random.SeedSequence(seed)
        self.match = Match(self.game, self.possible_agents, seed, humans=range(self.game.players))
        self._rounds_scored = 0
        self._cycles = 0
        self._done = False
        self._paid = False  # the win shares, given once
        self._cut = False  # an illegal action ended the game (at the end of its cycle)
        self._new_cycle()

    def _new_cycle(self) -> None:
        """The seats that decide in the cycle starting now: those the engine waits for."""
        assert self.match is not None
        self._actors = frozenset(self.match.pending())

    def _submit(self, p: int, action: Any) -> None:
        """Seat ``p``'s action index, decoded to the engine's own legal action, submitted to the match
        (``ValueError`` / ``TypeError`` for an index that is not legal now)."""
        assert self.match is not None
        self.match.submit(self.codec.decode(int(action), self.match.state.legal_actions(p)))

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

    def _obs(self, p: int) -> dict[str, np.ndarray]:
        """Seat ``p``'s observation; its mask: its legal indices if it decides in this cycle, the pass
        if it does not, all zero once it has decided (or at the end)."""
        engine = self.game_state
        mask = np.zeros(self.pass_index + 1, np.int8)
        if not self._done:
            if p not in self._actors or engine.is_over() or self._cut:  # a game ends during a cycle: the rest pass
                mask[self.pass_index] = 1
            else:
                encode = self.codec.encode
                for a in engine.legal_actions(p):
                    mask[encode(a)] = 1
        return {"observation": self.codec.observation_vector(engine.observation(p)), "action_mask": mask}

    def _new_rewards(self) -> list[float]:
        """Rewards earned by the last decision (round penalties or the final win shares)."""
        n = self.game.players
        out = [0.0] * n
        engine = self.game_state
        if self.reward_kind == "penalty":
            while self._rounds_scored < len(engine.round_scores):
                for p, s in enumerate(engine.round_scores[self._rounds_scored]):
                    out[p] -= float(s)
                self._rounds_scored += 1
        elif engine.is_over() and not self._paid:
            self._paid = True
            w = engine.winners()
            out = [1.0 / len(w) if p in w else 0.0 for p in range(n)]
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
    """A kit game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: str | None = None, reward: str = "win", render_mode: str | None = None,
                 max_cycles: int | None = None, **options: Any) -> None:
        AECEnv.__init__(self)
        game = registry.default_name() if game is None else game
        self._setup(game, reward, render_mode, max_cycles, options)
        self.metadata = {**_Common.metadata, "name": f"mowkit_{game}_v0"}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (dealt from ``seed``)."""
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's own observation and its action mask."""
        return self._obs(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        """The selected agent's turn: its decision or its pass (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        if self._cut:  # an illegal action ended the game in this cycle: the others' turns are void
            self.rewards = dict.fromkeys(self.agents, 0.0)
        else:
            try:
                self._decide(p, action)
            except (ValueError, TypeError):
                self.rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
                self.infos[agent]["illegal"] = f"action {action!r} is not allowed now"
                self._cut = True
            else:
                gains = self._new_rewards()
                self.rewards = {a: gains[i] for i, a in enumerate(self.possible_agents) if a in self.rewards}
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
        self._accumulate_rewards()


class MowkitParallelEnv(_Common, ParallelEnv):
    """A kit game as a PettingZoo ParallelEnv: one step is one cycle (see the module docstring)."""

    def __init__(self, game: str | None = None, reward: str = "win", render_mode: str | None = None,
                 max_cycles: int | None = None, **options: Any) -> None:
        game = registry.default_name() if game is None else game
        self._setup(game, reward, render_mode, max_cycles, options)
        self.metadata = {**_Common.metadata, "name": f"mowkit_{game}_parallel_v0"}

    def _all_obs(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._obs(p) for p, a in enumerate(self.possible_agents) if a in self.agents}

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
        gains = self._new_rewards()
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
    ``reward``, ``render_mode``, ``max_cycles`` and engine options."""
    return MowkitAECEnv(game, **kwargs)


def parallel_env(game: str | None = None, **kwargs: Any) -> MowkitParallelEnv:
    """A kit game (default: the registry's first) as a PettingZoo ParallelEnv; keywords: ``reward``,
    ``render_mode``, ``max_cycles`` and engine options."""
    return MowkitParallelEnv(game, **kwargs)


env = aec_env
"""PettingZoo's module-level name for the AEC constructor (``mod.env``, as its test tools call it)."""
