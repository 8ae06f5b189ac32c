"""Agents for both games, behind one interface (:class:`mowkit.core.Agent`).

An agent gets its observation, the legal actions and its own ``numpy.random.Generator`` and
returns one legal action. ``make_agent(game, name, **options)`` builds one by name;
``AGENTS[game]`` lists the names with a one-line description each; ``parse_agent_spec`` reads
the text form ``"name:key=value,key=value"`` used by tournaments and the command line.

Bad input is an :class:`~mowkit.core.OptionError` naming what is wrong: an unknown agent, an
unknown option of that agent (the message lists its options), an option of the wrong type or
range (each agent checks its own), a repeated option in a spec.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable

from mowkit import registry
from mowkit.core import MAX_NAME_LENGTH, Agent, JSONObject, OptionError, name_problem, one_of
from mowkit.i18n import N_, _, number

SPEC_FORM = N_("name:key=value,key=value with each key once")


def agent_classes(game: str) -> dict[str, type]:
    """Name -> agent class for ``game`` (from its :mod:`mowkit.registry` entry)."""
    return registry.get(game).agent_classes()


@functools.cache  # a class's constructor does not change; make_agent runs once per seat per game
def agent_options(cls: type) -> tuple[str, ...]:
    """The keyword options an agent class takes (the parameters of its constructor)."""
    init: Callable[..., object] = vars(cls).get("__init__") or getattr(cls, "__init__")  # noqa: B009
    if init is object.__init__:
        return ()
    params = list(inspect.signature(init).parameters.values())[1:]  # without self
    return tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def make_agent(game: str, name: str | Agent, **kwargs: object) -> Agent:
    """An agent for ``game`` by name (``"random"``, ``"greedy"``, ...); an Agent passes through.

    ``kwargs`` are the agent's options (e.g. ``make_agent("mow", "mc", rollouts=20)``, or in the
    spec form ``make_agent("mow", "mc:rollouts=20")``); an option
    the agent does not take, or a wrong value, raises :class:`~mowkit.core.OptionError`.
    """
    if not isinstance(name, str):
        if isinstance(name, type):
            raise OptionError("agent", name, _("an agent name or an agent object (an instance such as "
                                               "{cls}(), not the class)").format(cls=name.__name__))
        if not isinstance(name, Agent):
            raise OptionError("agent", name, _("an agent name or an object with name and act()"))
        if kwargs:
            raise OptionError(sorted(kwargs)[0], kwargs[sorted(kwargs)[0]],
                              _("no options with an agent object (options go with an agent name)"))
        problem = agent_name_problem(game, getattr(name, "name", None))
        if problem:
            raise OptionError("agent.name", getattr(name, "name", None), _(
                "a text of 1..{most} characters without control characters ({problem})").format(
                    most=MAX_NAME_LENGTH, problem=problem))
        return name
    if ":" in name:  # a spec such as "mc:rollouts=20" (see parse_agent_spec)
        name, given = parse_agent_spec(name)
        twice = sorted(set(given) & set(kwargs))
        if twice:
            raise OptionError(twice[0], kwargs[twice[0]], _("each option once (it is in the spec and a keyword)"))
        kwargs = {**given, **kwargs}
    classes = agent_classes(game)
    if name not in classes:
        raise OptionError("agent", name, one_of(classes))
    cls = classes[name]
    known = agent_options(cls)
    unknown = sorted(k for k in kwargs if k not in known)
    if unknown:
        allowed = (_("for the {agent} agent the options {options}").format(agent=repr(name), options=", ".join(known))
                   if known else _("for the {agent} agent none: this agent takes no options").format(agent=repr(name)))
        raise OptionError(unknown[0], kwargs[unknown[0]], allowed)
    return cls(**kwargs)


def agent_name_problem(game: str, name: object) -> str | None:
    """Why ``name`` cannot name a seat of ``game`` in a match or a record, or None: the one name rule.

    A name is a text of 1..200 characters, not only spaces, without control characters
    (:func:`mowkit.core.name_problem`: spaces, slashes, Cyrillic and emoji are kept as they are).
    A name that starts with a built-in agent's name and a colon must be that agent's spec
    (``name:key=value,...``). ``make_agent`` refuses an agent object whose ``name`` breaks the rule
    and the record schema refuses such a seat label, so what a match records, a record loads.
    """
    problem = name_problem(name)
    if problem or not isinstance(name, str):
        return problem
    head, colon, rest = name.partition(":")
    entry = registry.get(game)  # agent names, and the names agents give themselves (e.g. "random_row")
    if colon and head.strip() in (*entry.agent_classes(), *entry.agent_aliases):
        for part in rest.split(","):
            key, eq, _value = part.partition("=")
            if not eq or not key.strip().isidentifier():
                return _("{found} is not of the form name:key=value,key=value").format(found=repr(name))
    return None


def parse_agent_spec(spec: object) -> tuple[str, JSONObject]:
    """``"mc:rollouts=20"`` -> ``("mc", {"rollouts": 20})``; a plain name has no options.

    Values are read as JSON when they parse (``20``, ``2.5``, ``true``, ``"x"``), else kept as
    text. An empty name, an empty key, a part without ``=`` or a key given twice raises
    :class:`~mowkit.core.OptionError` (option ``agents``).
    """
    if not isinstance(spec, str):
        raise OptionError("agents", spec, _("agent names such as 'random' or 'greedy' (with ':key=value,...' for "
                                            "options)"))
    name, colon, rest = spec.partition(":")
    name = name.strip()
    if not name:
        raise OptionError("agents", spec, _("{form} (the agent name is missing)").format(form=_(SPEC_FORM)))
    kwargs: JSONObject = {}
    if colon and not rest.strip():
        raise OptionError("agents", spec, _("{form} (nothing after ':')").format(form=_(SPEC_FORM)))
    for part in rest.split(",") if colon else []:
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            raise OptionError("agents", spec, _("{form} (not key=value: {part})").format(
                form=_(SPEC_FORM), part=repr(part.strip())))
        if key in kwargs:
            raise OptionError("agents", spec, _("{form} ({key} is given twice)").format(form=_(SPEC_FORM), key=repr(key)))
        try:
            kwargs[key] = json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            kwargs[key] = value.strip()
    return name, kwargs


def describe_agents(game: str) -> dict[str, str]:
    """Name -> first docstring line of every agent of ``game``, in the reader's language."""
    return {n: _((c.__doc__ or "").strip().splitlines()[0]) for n, c in agent_classes(game).items()}


#: agent name -> the name a person reads (English message ids; the plain words stay as they are)
AGENT_NAMES: dict[str, str] = {
    "random": N_("random"),
    "greedy": N_("greedy"),
    "heuristic": N_("heuristic"),
    "lowest": N_("lowest card"),
    "highest": N_("highest card"),
    "mc": N_("Monte Carlo"),
    "planner": N_("planner"),
    "human": N_("person"),
}
#: agent options as a person reads them (the values are shown as they are)
OPTION_NAMES: dict[str, str] = {
    "rollouts": N_("rollouts"),
    "time_budget": N_("seconds per decision"),
    "objective": N_("objective"),
    "rollout": N_("rollout players"),
    "backend": N_("backend"),
    "model_turns": N_("modelled turns of the others"),
    "own_turns": N_("modelled turns of its own"),
}


def agent_name(spec: object) -> str:
    """An agent as a person reads it: ``"mc:rollouts=20"`` -> "Monte Carlo (rollouts 20)"."""
    text = str(spec)
    try:
        name, options = parse_agent_spec(text)
    except Exception:  # not an agent spec: shown as it is
        return text
    shown = _(AGENT_NAMES[name]) if name in AGENT_NAMES else name
    if options:
        shown += " (" + ", ".join(_("{option} {value}").format(
            option=_(OPTION_NAMES[k]) if k in OPTION_NAMES else k,
            value=number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v)
            for k, v in options.items()) + ")"
    return shown


def __getattr__(name: str) -> dict[str, dict[str, str]]:
    """``AGENTS``: game -> {agent name: one-line description} (built on first use)."""
    if name == "AGENTS":
        return {game: describe_agents(game) for game in registry.names()}
    raise AttributeError(f"module 'mowkit.agents' has no attribute {name!r}")


def policy_params(game_name: str, spec: str) -> tuple[str, dict[str, object]] | None:
    """The compiled kernel's policy that plays agent ``spec`` exactly, with the agent's parameters.

    ``spec`` is an agent spec (``"greedy"``, ``"greedy:take_at=0"``, ``"random:row=random"``);
    its parameters, completed with the agent's defaults, must equal those of one of the agent's
    kernel policies. Both come from the game's kernel module (its ``AGENT_DEFAULTS`` and
    ``AGENT_POLICIES``: the data of the game's ``policies`` module, which the agent classes read
    too). Returns ``(policy, parameters)``, e.g. ``("random_row", {"row": "random"})``, or None for
    an unknown game, a game without a kernel, an agent no kernel policy plays, an option the agent
    does not take, or parameters no kernel policy plays. A malformed spec raises ``OptionError``
    (as :func:`mowkit.agents.parse_agent_spec`).
    """
    name, kwargs = parse_agent_spec(spec)
    if game_name not in registry.names():
        return None
    kernel = registry.get(game_name).kernel_module()
    if kernel is None:
        return None
    defaults = kernel.AGENT_DEFAULTS.get(name)
    if defaults is None or set(kwargs) - set(defaults):
        return None
    full = {**defaults, **kwargs}
    for policy, given in kernel.AGENT_POLICIES[name].items():
        if {**defaults, **given} == full:
            return policy, full
    return None
