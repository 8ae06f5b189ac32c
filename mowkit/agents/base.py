"""What every built-in agent class shares: its constructor defaults and the kernel policies it plays as."""

from __future__ import annotations

import inspect
from typing import ClassVar


class KernelParams:
    """Mixin: ``kernel_policies`` (set by a subclass) and the parameters the kernels read from it.

    ``kernel_policies`` maps a compiled kernel policy that plays exactly like the agent to the
    constructor parameters it needs where they differ from the defaults; :meth:`kernel_params`
    completes them with :meth:`defaults`. Both the policies and the defaults are data of the game's
    ``policies`` module (e.g. :mod:`mowkit.games.mow.policies`), which the agent classes and the
    kernels read alike (``mowkit.agents.policy_params`` reads it through the kernel), so no
    kernel imports an agent.
    """

    kernel_policies: ClassVar[dict[str, dict[str, object]]] = {}
    #: whether the agent's choices are draws from its generator (a uniformly random player): a
    #: compiled kernel draws them from its own stream, so the rule engine's replay of a kernel's
    #: game chooses again (the outcome explorer says so)
    draws_at_random: ClassVar[bool] = False

    @classmethod
    def defaults(cls) -> dict[str, object]:
        """The agent's constructor parameters and their default values."""
        return {k: p.default for k, p in inspect.signature(cls.__init__).parameters.items()
                if k != "self" and p.default is not inspect.Parameter.empty}

    @classmethod
    def kernel_params(cls) -> dict[str, dict[str, object]]:
        """Kernel policy -> every constructor parameter the kernel plays it with."""
        return {policy: {**cls.defaults(), **given} for policy, given in cls.kernel_policies.items()}
