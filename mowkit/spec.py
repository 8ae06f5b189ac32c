"""What the kit knows about one game: a :class:`GameSpec`, built in the game's own package.

A game is a folder (``mowkit/games/<game>/`` or a package of its own) that builds one
``GameSpec`` and names it in the ``mowkit.games`` entry point group of its distribution::

    [project.entry-points."mowkit.games"]
    mygame = "mypkg.spec:SPEC"

Shared code (tournaments, records, widgets, the command line, the adapters) asks the spec for what
it needs and for what the game can do (``spec.kernel is not None``), never the game's name.

Slots are given as import paths (``"module"`` or ``"module:attribute"``) or as the objects
themselves; paths are imported on first use, so ``import mowkit`` stays light.

Required slots: ``game`` (the engine's game class), ``words`` (title, seat and penalty words),
``narrator`` (a module with ``narrate(game, event) -> str | None`` and ``describe(game, action) ->
str``), ``renderer`` (a module with ``state_html(state, show_hands, scale)``,
``card_svg(game, card, value, scale, highlight)`` and ``card_back_svg(scale)``), ``agents`` (a
module or mapping: agent name -> agent class) and ``codec`` (``fn(game) -> codec``: the fixed
action numbering, the observation vector and the hidden-card re-deal the framework adapters use,
see :class:`Codec`). Optional slots: ``kernel`` (the compiled simulator module), ``coach`` (the
game's part of the coach), ``editor`` (the position editor's layout), ``card_math`` (the game's
card-math widgets module), ``batch`` (the tournament chunk runner of the compiled backend),
``trace`` (the replay of a traced kernel game in the engine, decision by decision).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, TypeAlias, TypedDict, cast, runtime_checkable

import numpy as np
import numpy.typing as npt

from mowkit.core import Action, JSONValue, SomeGame, SomeState
from mowkit.i18n import N_, _, get_language

if TYPE_CHECKING:  # typing.Unpack is Python 3.12+; the type checker always has typing_extensions
    from typing_extensions import Unpack

Ref: TypeAlias = object
"""An import path (``"module"`` or ``"module:attribute"``) or the object itself."""


def resolve(ref: Ref) -> object:
    """The object an import path names (``"pkg.mod:attr"`` → ``attr`` of ``pkg.mod``; ``"pkg.mod"`` → the module).

    Anything that is not a string is returned as it is.
    """
    if not isinstance(ref, str):
        return ref
    module, _, attr = ref.partition(":")
    obj: object = import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class GameWords:
    """The words a person reads for one game (message ids in English; translated when shown).

    Args:
        title: the game's name (``"6 nimmt!"``).
        seat: what a seat is called (``"player"``, ``"farmer"``).
        penalties: the plural word for penalty points on charts (``"heads"``, ``"flies"``).
        translations: the game's own words in other languages (language -> {English word: text}),
            for a game whose words are not in the kit's catalog (a game shipped as its own package).
        phrases: the front ends' sentences in the game's words, by role (message ids, ``{n}`` a
            seat from 1): ``coach_for`` (the coach panel's title), ``no_decision`` (a seat with no
            decision now), ``exact_column`` and ``mc_column`` (the coach's headings); a role not
            given reads as a player's and heads' (:data:`PHRASES`).
        seats: ``fn(k) -> "players {seats}"``: several seats named at once, in the plural form for
            ``k`` (``None``: the seat word and the numbers).
    """

    title: str
    seat: str = "player"
    penalties: str = "penalty"
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    phrases: Mapping[str, str] = field(default_factory=dict)
    seats: Callable[[int], str] | None = None

    def say(self, word: str) -> str:
        """``word`` in the reader's language: the game's own translation, else the kit's catalog."""
        own = self.translations.get(get_language(), {})
        return own[word] if word in own else _(word)

    def phrase(self, role: str) -> str:
        """The front ends' sentence for ``role`` (see ``phrases``) in the reader's language."""
        return self.say(self.phrases.get(role, PHRASES[role]))

    def seats_text(self, numbers: str, k: int) -> str:
        """``players 1 and 3``: ``k`` seats named at once (``numbers`` already joined)."""
        if self.seats is not None:
            return self.seats(k).format(seats=numbers)
        return _("{word} {n}").format(word=self.say(self.seat), n=numbers)


PHRASES: Mapping[str, str] = {
    "coach_for": N_("Coach for player {n}"),
    "no_decision": N_("Player {n} has no decision now."),
    "exact_column": N_("expected heads this turn (exact odds)"),
    "mc_column": N_("Monte Carlo: heads by the end of the round [95 % interval]"),
}
"""The front ends' sentences for a game whose ``GameWords.phrases`` does not give one."""


@runtime_checkable
class Codec(Protocol):
    """A game's fixed numbering of decisions and numeric view of observations (for the adapters).

    ``size`` indices; ``encode``/``decode`` map legal actions to indices and back; ``mask`` marks the
    legal indices; ``observation_size``/``observation_vector`` give a fixed-size ``float32`` summary
    of an observation (all zeros for ``None``); ``redeal(state, player, rng)`` is a copy of
    ``state`` in which the cards ``player`` cannot see are dealt again at random.
    """

    size: int

    def encode(self, action: Action) -> int: ...

    def decode(self, index: int, legal: Sequence[Action]) -> Action: ...

    def mask(self, legal: Sequence[Action]) -> npt.NDArray[np.int8]: ...

    def observation_size(self) -> int: ...

    def observation_vector(self, obs: object) -> npt.NDArray[np.float32]: ...

    def redeal(self, state: SomeState, player: int, rng: np.random.Generator) -> SomeState: ...


class Narrator(Protocol):
    """What a game's ``narrator`` module offers: its events and decisions in words."""

    def narrate(self, game: SomeGame, event: object) -> str | None: ...

    def describe(self, game: SomeGame, action: Action) -> str: ...


class Renderer(Protocol):
    """What a game's ``renderer`` module offers: its states and cards drawn."""

    def state_html(self, state: object, show_hands: bool | int, scale: float) -> str: ...

    def card_svg(self, game: SomeGame, card: int, value: int | None, scale: float, highlight: bool) -> str: ...

    def card_back_svg(self, scale: float) -> str: ...


class Tracer(Protocol):
    """What a game's ``trace`` module offers: traced kernel games replayed in the engine."""

    def policies(self) -> list[str]: ...

    def replay_trace(self, players: int, table: Sequence[str], options: Mapping[str, JSONValue],
                     seed: int) -> tuple[int, int]: ...


class SpecChanges(TypedDict, total=False):
    """The slots :meth:`GameSpec.replace` may change (any of them)."""

    name: str
    words: GameWords
    game: Ref
    agents: Ref
    narrator: Ref
    renderer: Ref
    codec: Ref
    kernel: Ref
    kernel_plays: Callable[[SomeGame], bool] | None
    warm: Ref
    batch: Ref
    trace: Ref
    card_table: Ref
    agent_aliases: tuple[str, ...]
    variants: Mapping[str, Mapping[str, JSONValue]]
    coach: Ref
    editor: Ref
    card_math: Ref
    order: int


@dataclass(frozen=True)
class GameSpec:
    """One game's entry (see the module docstring for the slots).

    Args:
        name: the key, equal to the game class's ``name`` (a short identifier).
        words: the words a person reads (:class:`GameWords`).
        game: the game class; its init fields are the options.
        agents: a module whose ``AGENTS`` maps agent names to agent classes (or that mapping).
        narrator: the module that tells the game's events and decisions in words.
        renderer: the module that draws states and cards.
        codec: ``fn(game) -> Codec`` for the framework adapters.
        kernel: the compiled kernel module, or None.
        kernel_plays: ``fn(game) -> bool``: whether the kernel plays these options (default: all).
        warm: ``fn(full: bool)`` compiling all of the game's compiled code (default: the kernel's
            ``warm_up``).
        batch: the compiled tournament runner (``fn(game) -> (chunk function, extra args)``), or None.
        trace: the module that replays a traced kernel game in the engine (``policies()``,
            ``replay_trace(players, table, options, seed)``), or None: the kernels' oracle.
        card_table: ``fn() -> JSON-able`` table of the cards as loaded (its hash goes in provenance).
        agent_aliases: names built-in agents give themselves that are not agent names.
        variants: named option sets a person can pick (label -> options), ``"standard"`` first.
        coach: the game's part of the coach (a module), or None.
        editor: the position editor's layout for the game (a module), or None.
        card_math: the game's card-math module (exact odds), or None.
        order: where the game comes in lists (lower first; ties by name).
    """

    name: str
    words: GameWords
    game: Ref
    agents: Ref
    narrator: Ref
    renderer: Ref
    codec: Ref
    kernel: Ref = None
    kernel_plays: Callable[[SomeGame], bool] | None = None
    warm: Ref = None
    batch: Ref = None
    trace: Ref = None
    card_table: Ref = None
    agent_aliases: tuple[str, ...] = ()
    variants: Mapping[str, Mapping[str, JSONValue]] = field(default_factory=lambda: {"standard": {}})
    coach: Ref = None
    editor: Ref = None
    card_math: Ref = None
    order: int = 100

    @property
    def title(self) -> str:
        """The game's name as a person reads it (untranslated message id)."""
        return self.words.title

    @property
    def seat_word(self) -> str:
        """What a seat is called (untranslated message id)."""
        return self.words.seat

    @property
    def penalties(self) -> str:
        """The plural word for penalty points (untranslated message id)."""
        return self.words.penalties

    def game_class(self) -> type:
        """The game class (imported on first use)."""
        return cast(type, resolve(self.game))

    def agent_classes(self) -> dict[str, type]:
        """Agent name -> agent class."""
        found = resolve(self.agents)
        table = found if isinstance(found, Mapping) else cast(ModuleType, found).AGENTS
        return dict(table)

    @property
    def kernel_policies(self) -> dict[str, str]:
        """Agent spec -> kernel policy, for the agents a kernel plays exactly, read from the agent
        classes' ``kernel_params()`` (the one source; a spec names only non-default parameters)."""
        out: dict[str, str] = {}
        if self.kernel is None:
            return out
        for name, cls in self.agent_classes().items():
            if not hasattr(cls, "kernel_params"):
                continue
            defaults = cls.defaults()  # type: ignore[attr-defined]
            for policy, params in cls.kernel_params().items():
                extra = ",".join(f"{k}={v}" for k, v in params.items() if defaults.get(k) != v)
                out[f"{name}:{extra}" if extra else name] = policy
        return out

    def narrator_module(self) -> Narrator:
        """The narrator module (``narrate(game, event)``, ``describe(game, action)``)."""
        return cast(Narrator, resolve(self.narrator))

    def tracer(self) -> Tracer | None:
        """The trace-replay module (the kernels' oracle), or None for a game without one."""
        return None if self.trace is None else cast(Tracer, resolve(self.trace))

    def renderer_module(self) -> Renderer:
        """The renderer module (``state_html``, ``card_svg``, ``card_back_svg``)."""
        return cast(Renderer, resolve(self.renderer))

    def render(self, state: object, show_hands: bool | int = True, scale: float = 1.0) -> str:
        """The HTML drawing of ``state`` (all hands, one seat's hand, or none)."""
        return str(self.renderer_module().state_html(state, show_hands, scale))

    def make_codec(self, game: SomeGame) -> Codec:
        """The framework codec of ``game`` (this spec's game with its options)."""
        return cast("Callable[[SomeGame], Codec]", resolve(self.codec))(game)

    def kernel_module(self) -> ModuleType | None:
        """The compiled kernel module, or None (imports numba: slow the first time)."""
        return None if self.kernel is None else cast(ModuleType, resolve(self.kernel))

    def warm_up(self, full: bool = True) -> None:
        """Compile (or load from the cache) the game's compiled code; nothing without a kernel."""
        if self.warm is not None:
            cast("Callable[[bool], object]", resolve(self.warm))(full)
        elif (kernel := self.kernel_module()) is not None:
            kernel.warm_up(full)

    def plays_in_kernel(self, game: SomeGame) -> bool:
        """Whether the game's kernel plays ``game``'s options."""
        if self.kernel is None:
            return False
        return True if self.kernel_plays is None else bool(self.kernel_plays(game))

    def optional(self, slot: str) -> ModuleType | None:
        """The module of an optional module slot (``"coach"``, ``"editor"``, ``"card_math"``), or None."""
        ref = getattr(self, slot)
        return None if ref is None else cast(ModuleType, resolve(ref))

    def card_fingerprint_table(self) -> JSONValue:
        """The card table as loaded (JSON-able), or None when the game has no card file."""
        return None if self.card_table is None else cast("Callable[[], JSONValue]", resolve(self.card_table))()

    def replace(self, **changes: Unpack[SpecChanges]) -> GameSpec:
        """A copy with some slots changed (e.g. a test's own agents)."""
        return dataclasses.replace(self, **changes)


__all__ = ["Codec", "GameSpec", "GameWords", "Narrator", "Ref", "Renderer", "Tracer", "resolve"]
