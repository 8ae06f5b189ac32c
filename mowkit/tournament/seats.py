"""The seats of a tournament: agent specs checked, agent objects wrapped so each game gets a fresh copy."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterable, Sequence
from typing import TypeAlias

from mowkit.agents import make_agent, parse_agent_spec
from mowkit.core import Agent, Game, OptionError
from mowkit.i18n import _

USER_AGENT_CODE = "not recorded: a rerun needs the same agent objects (same names, same behaviour)"
"""What a tournament's provenance says about the code of agent objects (``user_agents.code``)."""


class UserAgent:
    """A user's agent object in a tournament seat: its ``name`` and a fresh copy of it for each game.

    The object is pickled once (with ``cloudpickle``, which also carries classes defined in a
    notebook); each game unpickles its own copy, so state the object keeps does not carry from one
    game to the next and the table does not depend on the chunking, the workers or a resume. An
    object that cannot be pickled is deep-copied instead, or (when even that fails) plays every
    game itself; such an object cannot go to worker processes (``n_jobs``, ``client``).
    """

    def __init__(self, agent: Agent) -> None:
        self.name = str(agent.name)
        self.agent: Agent | None = agent
        self.blob: bytes | None = None
        self.error: str | None = None
        try:
            import cloudpickle

            self.blob = cloudpickle.dumps(agent)
        except Exception as e:  # pickle raises many kinds (PicklingError, TypeError, AttributeError ...)
            self.error = f"{type(e).__name__}: {e}"
        self.copies = self.blob is not None or _deep_copies(agent)

    def fresh(self) -> Agent:
        """The agent for one game: a new copy of the object as it was passed (see the class)."""
        if self.blob is not None:
            agent: Agent = pickle.loads(self.blob)
            return agent
        assert self.agent is not None  # only a pickled copy travels without its object
        return copy.deepcopy(self.agent) if self.copies else self.agent

    def __getstate__(self) -> dict[str, object]:  # to a worker only the pickled copy travels
        if self.blob is None:
            raise pickle.PicklingError(f"agent object {self.name!r} cannot be pickled: {self.error}")
        return {"name": self.name, "agent": None, "blob": self.blob, "error": None, "copies": True}


Seat: TypeAlias = "str | UserAgent"
"""A tournament seat: an agent spec as written, or a user's agent object (wrapped)."""


def _deep_copies(agent: Agent) -> bool:
    """True when ``copy.deepcopy`` can copy the object."""
    try:
        copy.deepcopy(agent)
    except Exception:
        return False
    return True


def label(agent: Seat | Agent) -> str:
    """The ``agent`` column's text for a seat: the spec as written, or the object's name."""
    return agent if isinstance(agent, str) else agent.name


def player(game: Game, agent: Seat | Agent) -> Agent:
    """The agent that plays one game in a seat: made from its spec, or a copy of the user's object."""
    if isinstance(agent, str):
        name, kwargs = parse_agent_spec(agent)
        return make_agent(game.name, name, **kwargs)
    if isinstance(agent, UserAgent):
        return agent.fresh()
    return agent  # a bare agent object (a direct call of run_chunk): played as it is


def check_agents(game: Game, agents: object) -> list[Seat]:
    """The tournament's seats: spec strings checked, agent objects wrapped in :class:`UserAgent`.

    Raises :class:`~mowkit.core.OptionError` (option ``agents``) for a wrong count, an unknown spec,
    something that is neither a spec nor an agent object, an object without a text name, and two
    different agents under one name (the table could not tell them apart).
    """
    given = _one_per_seat(game, agents)
    seats: list[Seat] = []
    wrapped: dict[int, UserAgent] = {}  # id(object) -> its seat entry: one object in several seats
    owner: dict[str, object] = {}  # name -> the spec string or the object it stands for
    for a in given:
        if isinstance(a, str):
            name, kwargs = parse_agent_spec(a)  # fail early on unknown agents or options
            make_agent(game.name, name, **kwargs)
            seats.append(a)
        else:
            agent = _agent_object(a)
            if id(agent) not in wrapped:
                wrapped[id(agent)] = UserAgent(agent)
            seats.append(wrapped[id(agent)])
        _check_unique_name(owner, a)
    return seats


def _one_per_seat(game: Game, agents: object) -> list[object]:
    """The agents as a list, refused unless a list with one entry per seat."""
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Iterable):
        raise OptionError("agents", agents, _("a list of agents, one per seat ({n})").format(n=game.num_players))
    given = list(agents)
    if len(given) != game.num_players:
        raise OptionError("agents", [a if isinstance(a, str) else getattr(a, "name", a) for a in given],
                          _("one agent per seat ({n})").format(n=game.num_players))
    return given


def _agent_object(a: object) -> Agent:
    """The seat entry as an agent object, refused unless it is one with a text name."""
    if isinstance(a, type):
        raise OptionError("agents", a, _("agent names, or agent objects: an instance such as "
                                         "{cls}(), not the class").format(cls=a.__name__))
    if not isinstance(a, Agent):
        raise OptionError("agents", a, _("agent names such as 'random' or 'greedy', or agent objects "
                                         "with a name and act(observation, legal_actions, rng)"))
    if not isinstance(a.name, str) or not a.name.strip():
        raise OptionError("agents", a.name, _("an agent object whose name is a non-empty text "
                                              "(it is the agent column of the table)"))
    return a


def _check_unique_name(owner: dict[str, object], a: object) -> None:
    """Refuse a second, different agent under a name already taken (``owner``: name -> agent)."""
    name = a if isinstance(a, str) else str(getattr(a, "name", a))
    known = owner.get(name, a)
    if known is not a and not (isinstance(a, str) and known == a):
        raise OptionError("agents", name, _("a different name for each different agent: two agents are "
                                            "called {name} (give each agent object its own name, or "
                                            "pass the same object for several seats)").format(name=repr(name)))
    owner[name] = a


def user_objects(seats: Sequence[Seat]) -> list[UserAgent]:
    """The agent objects among the seats, each once, in seat order."""
    return list(dict.fromkeys(a for a in seats if isinstance(a, UserAgent)))
