"""Every registered game as a PettingZoo environment with action masks (needs ``pip install mowkit[rl]``).

* :func:`aec_env` (a registered game name such as ``"sixnimmt"`` or ``"mow"``, default the
  registry's first game; engine options as keywords): an AEC environment. Agents ``player_0`` ..
  ``player_{n-1}``; the agent to act is the engine's first pending seat (6 nimmt!'s card choice
  in its turn-based form: the seats still choosing lay their cards one after another, face down).
  :func:`parallel_env` (same game names and default): a ParallelEnv whose step takes the actions
  of every seat the engine waits for: in 6 nimmt! one turn of simultaneous card choices; when
  a Rule 4 row choice (or a professional tie) is due, the next step takes only that player's
  action and the others' actions are ignored (their masks are all zero). In a game where one
  seat acts at a time (Mow) every step is that seat's decision.
* Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``: the vector is the
  game codec's ``observation_vector`` of the agent's own observation (never another hand), the
  mask marks the legal indices of the codec (:func:`mowkit.adapters.codec_of`; a fixed action
  space: 238 for 6 nimmt!, card ids then row choices; for Mow one index per possible turn action,
  see the game's ``codec`` module). The mask is all zero for an agent that is not to act.
* Rewards: ``reward="win"`` (default): at the end each winner gets ``1/k`` when ``k`` share the
  win; ``reward="penalty"``: minus the heads (flies) taken, when each round is scored.
* An illegal action (outside the mask) ends the game: the agent that played it gets -1, the
  others 0 (as PettingZoo's ``TerminateIllegalWrapper`` does); ``infos[agent]["illegal"]`` says so.
* Every game of an environment is a :class:`mowkit.match.Match` in which every seat is played
  from outside (the environment submits each decoded action): ``reset(seed=s)`` plays the game
  :func:`~mowkit.simulate.play_game` plays with seed ``s`` (the match's seeding rule: the same
  seed, the same deals; the same agents, drawing from :func:`mowkit.match.agent_rng` ``(s, seat)``,
  the same game). ``reset()`` without a seed draws the next game's seed from the environment's own
  sequence (rooted at the last seed given, or 0); :attr:`seed` is the seed of the game in play and
  :meth:`record` its record (:mod:`mowkit.records`).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from mowkit import registry
from mowkit.adapters import codec_of
from mowkit.core import OptionError, check_choice
from mowkit.match import Match

REWARDS = ("win", "penalty")


class _Common:
    """Spaces, masks and rewards shared by the AEC and parallel environments."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": True}

    def _setup(self, game_name: str, reward: str, render_mode: str | None, options: dict[str, Any]) -> None:
        self.game = registry.load_game(game_name, **options)
        self.reward_kind = check_choice("reward", reward, REWARDS)
        if render_mode not in (None, "ansi"):
            raise OptionError("render_mode", render_mode, "None or 'ansi'")
        self.render_mode = render_mode
        self.codec: Any = codec_of(self.game)
        self.possible_agents = [f"player_{p}" for p in range(self.game.players)]
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=np.inf, shape=(self.codec.observation_size(),), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.size,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(self.codec.size)
        self._seeds = np.random.SeedSequence(0)
        self.match: Match | None = None

    @functools.lru_cache(maxsize=None)  # noqa: B019 - one space object per agent, as PettingZoo asks
    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space (the same object every time)."""
        return self._obs_space

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space:
        """The action space: one index per decision (see the game's codec)."""
        return self._act_space

    @property
    def state(self) -> Any:
        """The engine state of the game in play (the match's; None before the first reset)."""
        return None if self.match is None else self.match.state

    @property
    def seed(self) -> int | None:
        """The seed of the game in play (None before the first reset)."""
        return None if self.match is None else self.match.seed

    def _new_state(self, seed: int | None) -> None:
        """A new match: seeded ``seed``, or the next seed of the environment's own sequence."""
        if seed is None:
            (child,) = self._seeds.spawn(1)
            seed = int(child.generate_state(1, dtype=np.uint64)[0] >> 1)
        else:
            self._seeds = np.random.SeedSequence(seed)
        self.match = Match(self.game, self.possible_agents, seed, humans=range(self.game.players))
        self._rounds_scored = 0

    def _submit(self, p: int, action: Any) -> None:
        """Seat ``p``'s action index, decoded to the engine's own legal action, submitted to the match
        (``ValueError`` / ``TypeError`` for an index that is not legal now)."""
        assert self.match is not None
        self.match.submit(self.codec.decode(int(action), self.state.legal_actions(p)))

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

    def _obs(self, p: int, acting: bool) -> dict[str, np.ndarray]:
        legal = self.state.legal_actions(p) if acting else []
        return {"observation": self.codec.observation_vector(self.state.observation(p)),
                "action_mask": self.codec.mask(legal)}

    def _new_rewards(self) -> list[float]:
        """Rewards earned by the last decision (round penalties or the final win shares)."""
        n = self.game.players
        out = [0.0] * n
        if self.reward_kind == "penalty":
            while self._rounds_scored < len(self.state.round_scores):
                for p, s in enumerate(self.state.round_scores[self._rounds_scored]):
                    out[p] -= float(s)
                self._rounds_scored += 1
        elif self.state.is_over():
            w = self.state.winners()
            out = [1.0 / len(w) if p in w else 0.0 for p in range(n)]
        return out

    def render(self) -> str | None:
        """Text of the game (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return repr(self.state)

    def close(self) -> None:
        pass


class MowkitAECEnv(_Common, AECEnv):
    """A kit game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: str | None = None, reward: str = "win", render_mode: str | None = None,
                 **options: Any) -> None:
        AECEnv.__init__(self)
        game = registry.default_name() if game is None else game
        self._setup(game, reward, render_mode, options)
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
        self.agent_selection = self.agents[self.state.pending_players()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's own observation and its action mask."""
        p = self.possible_agents.index(agent)
        acting = not self.state.is_over() and agent == self.agent_selection
        return self._obs(p, acting)

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an index; ``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        try:
            self._submit(p, action)
        except (ValueError, TypeError):
            self.rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent]["illegal"] = f"action {action!r} is not allowed now"
            self._accumulate_rewards()
            return
        gains = self._new_rewards()
        self.rewards = {a: gains[i] for i, a in enumerate(self.possible_agents) if a in self.rewards}
        if self.state.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state.pending_players()[0]]
        self._accumulate_rewards()


class MowkitParallelEnv(_Common, ParallelEnv):
    """A kit game as a PettingZoo ParallelEnv: one step takes the actions of every seat to act."""

    def __init__(self, game: str | None = None, reward: str = "win", render_mode: str | None = None,
                 **options: Any) -> None:
        game = registry.default_name() if game is None else game
        self._setup(game, reward, render_mode, options)
        self.metadata = {**_Common.metadata, "name": f"mowkit_{game}_parallel_v0"}

    def _all_obs(self) -> dict[str, dict[str, np.ndarray]]:
        pending = set(self.state.pending_players())
        return {a: self._obs(p, p in pending) for p, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a new game (dealt from ``seed``); returns observations and infos."""
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        return self._all_obs(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the pending agents' actions (others are ignored)."""
        infos: dict[str, dict] = {a: {} for a in self.agents}
        for p in self.state.pending_players():
            agent = self.possible_agents[p]
            try:
                self._submit(p, actions[agent])
            except (KeyError, ValueError, TypeError):
                rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
                infos[agent]["illegal"] = f"action {actions.get(agent)!r} is not allowed now"
                obs = self._all_obs()
                done = dict.fromkeys(self.agents, True)
                self.agents = []
                return obs, rewards, done, dict.fromkeys(done, False), infos
        gains = self._new_rewards()
        rewards = {a: gains[i] for i, a in enumerate(self.possible_agents) if a in self.agents}
        over = self.state.is_over()
        obs = self._all_obs()
        terms = dict.fromkeys(self.agents, over)
        truncs = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return obs, rewards, terms, truncs, infos


def aec_env(game: str | None = None, **kwargs: Any) -> MowkitAECEnv:
    """A kit game (default: the registry's first) as a PettingZoo AEC environment; keywords:
    ``reward``, ``render_mode`` and engine options."""
    return MowkitAECEnv(game, **kwargs)


def parallel_env(game: str | None = None, **kwargs: Any) -> MowkitParallelEnv:
    """A kit game (default: the registry's first) as a PettingZoo ParallelEnv; keywords: ``reward``,
    ``render_mode`` and engine options."""
    return MowkitParallelEnv(game, **kwargs)
