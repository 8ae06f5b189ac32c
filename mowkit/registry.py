"""The game registry: one entry per game, the only place outside ``mowkit/games/`` that knows them.

An entry names the game's class, its agents, its compiled kernel (if any), the function that draws
a state, and the words a person reads. Everything that used to switch on ``"mow"`` /
``"sixnimmt"`` (``load_game``, agent lookup, tournaments, records, plots, widgets, the command
line) asks the registry instead, so a third game is added by writing its own modules and one
:func:`register` call::

    from mowkit import registry
    registry.register(registry.GameEntry(
        name="mygame", title="My game", game="mypkg.game:MyGame", agents="mypkg.agents",
        renderer="mypkg.render:state_html"))
    game = registry.load_game("mygame", players=3)

Modules are given as import paths (``"module"`` or ``"module:attribute"``) and imported on first
use, so ``import mowkit`` stays light; a test or a notebook may give the objects themselves.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, cast

from mowkit.core import Game, OptionError
from mowkit.i18n import N_

Ref = Any
"""An import path (``"module"`` or ``"module:attribute"``) or the object itself."""


def resolve(ref: Ref) -> Any:
    """The object an import path names (``"pkg.mod:attr"`` → ``attr`` of ``pkg.mod``; ``"pkg.mod"`` → the module).

    Anything that is not a string is returned as it is.
    """
    if not isinstance(ref, str):
        return ref
    module, _, attr = ref.partition(":")
    obj: Any = import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class GameEntry:
    """What the kit knows about one game (see the module docstring).

    Args:
        name: the registry key, equal to the game class's ``name`` (``"sixnimmt"``).
        title: the name a person reads (``"6 nimmt!"``).
        game: the game class (``"mowkit.games.sixnimmt:SixNimmt"``); its init fields are the options.
        agents: the module (or a mapping) whose ``AGENTS`` maps agent names to agent classes.
        renderer: ``fn(state, show_hands=True) -> str``, the HTML drawing of a state.
        kernel: the compiled kernel module, or None when the game has none.
        kernel_plays: ``fn(game) -> bool``: whether the kernel plays these options (default: all).
        seat_word: what a seat is called (``"player"``, ``"farmer"``) when the game class does not say.
        penalties: the plural word for penalty points on charts (``"heads"``, ``"flies"``).
        card_table: ``fn() -> JSON-able`` table of the cards as loaded (its hash goes in provenance).
        agent_aliases: names that built-in agents give themselves but that are not agent names.
        variants: named option sets a person can pick (label -> options), ``"standard"`` first.
    """

    name: str
    title: str
    game: Ref
    agents: Ref
    renderer: Ref
    kernel: Ref = None
    kernel_plays: Callable[[Any], bool] | None = None
    seat_word: str = "player"
    penalties: str = "penalty"
    card_table: Ref = None
    agent_aliases: tuple[str, ...] = ()
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: {"standard": {}})

    def game_class(self) -> type:
        """The game class (imported on first use)."""
        return cast(type, resolve(self.game))

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

    def agent_classes(self) -> dict[str, type]:
        """Agent name -> agent class."""
        found = resolve(self.agents)
        table = found if isinstance(found, Mapping) else found.AGENTS
        return dict(table)

    def render(self, state: Any, show_hands: bool | int = True) -> str:
        """The HTML drawing of ``state`` (all hands, one seat's hand, or none)."""
        return str(resolve(self.renderer)(state, show_hands))

    def kernel_module(self) -> Any:
        """The compiled kernel module, or None (imports numba: slow the first time)."""
        return None if self.kernel is None else resolve(self.kernel)

    def plays_in_kernel(self, game: Any) -> bool:
        """Whether the game's kernel plays ``game``'s options."""
        if self.kernel is None:
            return False
        return True if self.kernel_plays is None else bool(self.kernel_plays(game))

    def words(self) -> dict[str, str]:
        """The words a person reads: ``seat`` (and ``title``), the game class's own when it has them."""
        cls = self.game_class()
        seat = getattr(cls, "seat_word", None)
        title = getattr(cls, "title", None)
        return {"title": title if isinstance(title, str) else self.title,
                "seat": seat if isinstance(seat, str) else self.seat_word}

    def card_fingerprint_table(self) -> Any:
        """The card table as loaded (JSON-able), or None when the game has no card file."""
        return None if self.card_table is None else resolve(self.card_table)()


_ENTRIES: dict[str, GameEntry] = {}


def register(entry: GameEntry, *, replace: bool = False) -> GameEntry:
    """Add a game; a name already taken raises :class:`OptionError` unless ``replace``."""
    if not isinstance(entry, GameEntry):
        raise OptionError("entry", entry, "a mowkit.registry.GameEntry")
    if not isinstance(entry.name, str) or not entry.name.isidentifier():
        raise OptionError("name", entry.name, "a short lowercase name such as 'sixnimmt'")
    if entry.name in _ENTRIES and not replace:
        raise OptionError("name", entry.name, "a name not registered yet (or replace=True); taken: "
                          + ", ".join(_ENTRIES))
    _ENTRIES[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (for tests and notebooks that registered their own)."""
    _ENTRIES.pop(name, None)


def names() -> list[str]:
    """The registered game names, in registration order."""
    return list(_ENTRIES)


def get(name: Any) -> GameEntry:
    """The entry of game ``name``; an unknown name raises :class:`OptionError` listing the games."""
    if not isinstance(name, str) or name not in _ENTRIES:
        raise OptionError("game", name, "one of " + ", ".join(repr(g) for g in _ENTRIES) + " (unknown game)")
    return _ENTRIES[name]


def entry_of(game: Any) -> GameEntry:
    """The entry of a game name, a game object or a state (its ``game``)."""
    if isinstance(game, str):
        return get(game)
    name = getattr(game, "name", None)
    if not isinstance(name, str) and hasattr(game, "game"):
        name = getattr(game.game, "name", None)
    return get(name)


def game_options(cls: type) -> list[str]:
    """The option names a game class takes (its dataclass init fields, else its constructor's keywords)."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls) if f.init]
    params = inspect.signature(cls).parameters.values()  # the constructor's, without self
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def load_game(name: str, **options: Any) -> Game:
    """A game with validated options: ``load_game("sixnimmt", players=5, variant="tactics")``.

    An unknown game name (or one that is not a string) or option name raises :class:`OptionError`
    naming it and listing what is allowed; a wrong option value raises the game's OptionError.
    """
    cls = get(name).game_class()
    known = game_options(cls)
    unknown = sorted(k for k in options if k not in known)
    if unknown:
        raise OptionError(unknown[0], options[unknown[0]], "one of the options " + ", ".join(known))
    return cast(Game, cls(**options))


def seat_word(game: Any) -> str:
    """What a seat is called in ``game`` (a name, game or state): ``player``, ``farmer`` ..."""
    obj = game if not isinstance(game, str) else None
    word = getattr(obj, "seat_word", None) if obj is not None else None
    return word if isinstance(word, str) else entry_of(game).words()["seat"]


def title(game: Any) -> str:
    """The name of ``game`` (a name, game or state) a person reads: ``6 nimmt!``, ``Mow`` ..."""
    obj = game if not isinstance(game, str) else None
    word = getattr(obj, "title", None) if obj is not None else None
    return word if isinstance(word, str) else entry_of(game).words()["title"]


class Titles(Mapping[str, str]):
    """A read-only ``{game name: title}`` view of the registry (follows later registrations)."""

    def __getitem__(self, name: str) -> str:
        if name not in _ENTRIES:
            raise KeyError(name)
        return title(name)

    def __iter__(self) -> Iterator[str]:
        return iter(list(_ENTRIES))

    def __len__(self) -> int:
        return len(_ENTRIES)


# --------------------------------------------------------------------------- the kit's games


def _sixnimmt_kernel_plays(game: Any) -> bool:
    """The 6 nimmt! kernels play dealt rounds: every variant but ``logic`` (it drafts)."""
    return not game.logic


def _sixnimmt_cards() -> list[int]:
    from mowkit.card_tables import sixnimmt_heads

    return list(sixnimmt_heads())


def _mow_cards() -> list[list[Any]]:
    from mowkit.card_tables import mow_cards

    return [list(c) for c in mow_cards()]


register(GameEntry(
    name="sixnimmt", title="6 nimmt!", game="mowkit.games.sixnimmt:SixNimmt",
    agents="mowkit.agents.sixnimmt", renderer="mowkit.render:sixnimmt_html",
    kernel="mowkit.kernels.sixnimmt",
    kernel_plays=_sixnimmt_kernel_plays, seat_word="player", penalties="heads",
    card_table=_sixnimmt_cards, agent_aliases=("random_row",),
    variants={
        N_("standard"): {},
        N_("tactics"): {"variant": "tactics"},
        N_("logic"): {"variant": "logic"},
        N_("professional"): {"variant": "professional"},
        N_("Rule 4: the row with the fewest heads is taken by itself"): {"auto_row": True},
    },
))
register(GameEntry(
    name="mow", title="Mow", game="mowkit.games.mow:Mow",
    agents="mowkit.agents.mow", renderer="mowkit.render:mow_html",
    kernel="mowkit.kernels.mow",
    seat_word="farmer", penalties="flies", card_table=_mow_cards,
    variants={
        N_("standard"): {},
        N_("plain cows only"): {"specials": False},
        N_("both packets"): {"packets": "both"},
        N_("next farmer restarts the herd"): {"restart": "next"},
        N_("starter rotates"): {"next_starter": "rotate"},
    },
))

__all__ = ["GameEntry", "entry_of", "game_options", "get", "load_game", "names", "register", "resolve",
           "seat_word", "title", "unregister", "Titles"]
