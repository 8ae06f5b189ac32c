"""The shared part of the games' codecs (:class:`mowkit.spec.Codec`): what no game decides.

A game's ``codec.py`` subclasses :class:`CodecBase` and gives the fixed action numbering
(``size``, ``encode``), the observation vector (``observation_size``, ``observation_vector``) and
the hidden-card re-deal (``redeal``); the base gives ``mask`` and ``decode`` from ``encode``, and
what the framework adapters ask beyond the protocol: the framework parameters of the game's options
(:meth:`CodecBase.framework_parameters`, :meth:`CodecBase.engine_options`), bounds for a game's
length and penalty (:meth:`CodecBase.decisions_per_round`, :meth:`CodecBase.deck_penalty`) and an
action's text (:meth:`CodecBase.action_text`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from mowkit.core import Action, SomeGame, SomeState
from mowkit.registry import spec_of

Scalar = bool | int | float | str
"""A framework parameter's value (OpenSpiel's game parameters are scalars)."""

GameT = TypeVar("GameT", bound=SomeGame)
"""The game a codec numbers (``class Codec(CodecBase[MyGame])``)."""


class CodecBase(Generic[GameT]):
    """The generic part of a game's codec; subclasses set ``size`` and define ``encode`` and the rest."""

    size: int = 0

    def __init__(self, game: GameT) -> None:
        self.game = game
        self.name = game.name

    # ------------------------------------------------------------------ actions
    def encode(self, action: Action) -> int:
        """The index of ``action``."""
        raise NotImplementedError

    def mask(self, legal: Sequence[Action]) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector of length ``size`` marking the indices of ``legal``."""
        m = np.zeros(self.size, np.int8)
        for a in legal:
            m[self.encode(a)] = 1
        return m

    def decode(self, index: int, legal: Sequence[Action]) -> Action:
        """The legal action with index ``index``; ``ValueError`` naming the legal indices if none."""
        for a in legal:
            if self.encode(a) == index:
                return a
        raise ValueError(
            f"action index {index!r} is not legal now; legal indices: {sorted(self.encode(a) for a in legal)}"
        )

    def action_text(self, action: Action) -> str:
        """The action in words, as a framework's action string shows it (the game's narrator)."""
        return str(spec_of(self.game).narrator_module().describe(self.game, action))

    # ------------------------------------------------------------------ observations and worlds
    def observation_size(self) -> int:
        """Length of :meth:`observation_vector`."""
        raise NotImplementedError

    def observation_vector(self, obs: object) -> npt.NDArray[np.float32]:
        """A fixed-size ``float32`` summary of ``obs`` (zeros for ``None``)."""
        raise NotImplementedError

    def redeal(self, state: SomeState, player: int, rng: np.random.Generator) -> SomeState:
        """A copy of ``state`` where the cards ``player`` cannot see are dealt again at random."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what a player knows (framework models)
    private_fields: tuple[str, ...] = ("hand",)
    """The fields of an observation only its player sees (a public-only observer leaves them out)."""

    def dealt_cards(self) -> int:
        """How many leading places of a round's deck order the rules use (default: the whole deck).

        A framework deals them one card per chance node; the rest follow in deck order.
        """
        return len(self.game.deck)

    def private_view(self, state: SomeState, player: int) -> tuple[int, ...]:
        """What only ``player`` knows of ``state`` beyond the moves it saw: its hand (card ids)."""
        return tuple(state.hands[player])  # type: ignore[attr-defined]

    def unseen_cards(self, state: SomeState, player: int) -> list[int]:
        """The cards whose place ``player`` does not know (another hand, a face-down card, the stock)."""
        raise NotImplementedError

    def resample_cards(self, state: SomeState, player: int, rng: np.random.Generator) -> dict[int, int]:
        """A random permutation of the cards ``player`` cannot see (``old card -> new card``, moved
        cards only): swapping them in the deck orders and in others' face-down moves gives a world
        ``player`` cannot tell from ``state``."""
        pool = self.unseen_cards(state, player)
        perm = rng.permutation(np.array(pool, dtype=np.int64)).tolist()
        return {a: b for a, b in zip(pool, perm) if a != b}

    def relabel_state(self, state: SomeState, cards: Mapping[int, int]) -> SomeState | None:
        """A copy of ``state`` with the cards renamed by ``cards`` wherever a player cannot see them
        (hands, face-down cards, the stock) and in its record of face-down moves, or None when the
        game does not say how (a framework then replays the world's history instead)."""
        return None

    def relabel(self, action: Action, cards: Mapping[int, int]) -> Action:
        """``action`` with its card renamed by ``cards`` (a face-down move in a resampled world)."""
        card = getattr(action, "card", None)
        if card is None or card not in cards:
            return action
        return dataclasses.replace(action, card=cards[card])  # type: ignore[call-arg]

    def revealed(self, events: Sequence[object]) -> list[Action]:
        """The face-down moves that ``events`` show to everyone (default: none)."""
        return []

    # ------------------------------------------------------------------ what frameworks ask of a game
    def framework_parameters(self) -> dict[str, Scalar]:
        """The game's options a framework exposes, with their defaults as scalars.

        By default every option whose default is a bool, int, float or a str that a game string
        can hold (no ``=``, ``,``, ``(`` or ``)``: OpenSpiel's game strings use them as syntax); a
        game's codec may name its own set (e.g. ``0`` standing for "no limit").
        """
        cls = type(self.game)
        if not dataclasses.is_dataclass(cls):
            return {}
        return {f.name: f.default for f in dataclasses.fields(cls)
                if f.init and isinstance(f.default, (bool, int, float, str))
                and not (isinstance(f.default, str) and any(ch in f.default for ch in "=,()"))}

    def engine_options(self, params: Mapping[str, object]) -> dict[str, object]:
        """The engine's options (``load_game`` keywords) from framework parameters."""
        return {k: params[k] for k in self.framework_parameters()}

    def deck_penalty(self) -> int:
        """The penalty points of the whole deck in use."""
        return int(sum(self.game.penalty(c) for c in self.game.deck))

    def decisions_per_round(self) -> int:
        """An upper bound on the moves of one round, its deal included (default: four per card, plus one)."""
        return 4 * len(self.game.deck) + 1


__all__ = ["CodecBase", "Scalar"]
