"""Cow count for the framework adapters: action numbering, observation vector, hidden-card re-deal."""

from __future__ import annotations

from typing import Any

import numpy as np
from mowkit.codec import CodecBase
from mowkit.core import Action

from cowcount.engine import DECK_SIZE, CowCount, CowCountObservation, CowCountState, Lay


class Codec(CodecBase[CowCount]):
    """``Lay`` card ``c`` is index ``c - 1`` (14 indices); the observation is one-hot card sets
    (own hand, line, each player's taken cards) and per player hand size, total and pending."""

    game: CowCount

    def __init__(self, game: CowCount) -> None:
        super().__init__(game)
        self.size = DECK_SIZE

    def encode(self, action: Action) -> int:
        """The index of ``action``."""
        assert isinstance(action, Lay)
        return action.card - 1

    def observation_size(self) -> int:
        """Length of :meth:`observation_vector`."""
        n = self.game.players
        return DECK_SIZE * (2 + n) + 3 * n

    def observation_vector(self, obs: Any) -> np.ndarray:
        """The fixed-size ``float32`` summary of ``obs`` (all zeros for ``None``)."""
        v = np.zeros(self.observation_size(), np.float32)
        if obs is None:
            return v
        assert isinstance(obs, CowCountObservation)
        n = self.game.players
        for c in obs.hand:
            v[c - 1] = 1
        for c in obs.line:
            v[DECK_SIZE + c - 1] = 1
        for p, cards in enumerate(obs.taken):
            for c in cards:
                v[DECK_SIZE * (2 + p) + c - 1] = 1
        base = DECK_SIZE * (2 + n)
        for p in range(n):
            v[base + p] = obs.hand_sizes[p] / self.game.hand_size
            v[base + n + p] = obs.totals[p] / self.game.threshold
            v[base + 2 * n + p] = p in obs.pending
        return v

    def redeal(self, state: Any, player: int, rng: np.random.Generator) -> CowCountState:
        """A copy of ``state`` where the other hands and the face-down cards are dealt again."""
        s: CowCountState = state.clone()
        others = [q for q in range(s.game.players) if q != player]
        pool = [c for q in others for c in s.hands[q]] + list(s.stock)
        pool = [int(c) for c in rng.permutation(np.array(pool, dtype=np.int64))]
        pos = 0
        for q in others:
            k = len(s.hands[q])
            s.hands[q] = sorted(pool[pos:pos + k])
            pos += k
        s.stock = pool[pos:]
        return s
