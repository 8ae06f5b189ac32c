"""Adapters to the game-AI frameworks: OpenSpiel (``mowkit.adapters.openspiel``) and PettingZoo
(``mowkit.adapters.pettingzoo``).

Both need their framework installed (``pip install mowkit[openspiel]`` / ``mowkit[rl]``); this
package itself imports neither, only the shared pieces both adapters use:

* a game's codec (:func:`codec_of`, a :class:`mowkit.spec.Codec` made by the game's spec): the
  fixed numbering of every decision (the action index a framework sees, ``encode`` / ``decode`` /
  ``mask``) and a fixed-size numeric summary of an observation (``observation_vector``); each
  game's numbering is described in its ``codec`` module (``mowkit.games.<game>.codec``);
* a text form of an observation (:func:`observation_text`);
* :func:`determinize`: a copy of a state in which the cards a player cannot see are dealt again at
  random (the "sampled world" of an information-set search), the codec's ``redeal``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import TYPE_CHECKING

import numpy as np

from mowkit import registry
from mowkit.core import GameState, SomeGame, SomeState
from mowkit.spec import Codec

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


def codec_of(game: SomeGame) -> Codec:
    """The framework codec of ``game`` (a game object with its options), made by the game's spec."""
    return registry.spec_of(game).make_codec(game)


def observation_text(obs: DataclassInstance, omit: Collection[str] = ()) -> str:
    """A one-line text form of an observation (every field except the game and those in ``omit``)."""
    return " ".join(f"{f.name}={getattr(obs, f.name)}" for f in dataclasses.fields(obs)
                    if f.name != "game" and f.name not in omit)


def determinize(state: GameState, player: int, rng: np.random.Generator) -> SomeState:
    """A copy of ``state`` where the cards ``player`` cannot see are dealt again at random.

    What is hidden, and how it is dealt again, is the game's (its codec's ``redeal``). The copy
    keeps the original's chance source (recorded deals or seed); the caller may replace it.
    """
    return codec_of(state.game).redeal(state, player, rng)


__all__ = ["codec_of", "determinize", "observation_text"]
