"""Adapters to the game-AI frameworks: OpenSpiel (``mowkit.adapters.openspiel``) and PettingZoo
(``mowkit.adapters.pettingzoo``).

Both need their framework installed (``pip install mowkit[openspiel]`` / ``mowkit[rl]``); this
package itself imports neither, only the shared pieces both adapters use:

* a fixed numbering of every decision of a game (:class:`ActionCodec`): the action index a
  framework sees, with :meth:`ActionCodec.encode` / :meth:`ActionCodec.decode`;
* a fixed-size numeric summary of an observation (:func:`observation_vector`) and a text form
  (:func:`observation_text`);
* :func:`determinize`: a copy of a state in which the cards a player cannot see are dealt again at
  random (the "sampled world" of an information-set search).

The action numbering (the same in both adapters):

* 6 nimmt!: ``Play`` card ``c`` is ``c - 1`` (0..103), ``TakeRow`` row ``r`` is ``104 + r``
  (up to 10 rows), ``Place`` (row ``r``, end) is ``114 + 2 r`` (front) or ``115 + 2 r`` (back),
  ``Draft`` card ``c`` is ``134 + c - 1``: 238 indices.
* Mow: for every card of both packets (card ids in order), its slots: a numbered cow (plain,
  blocking, thin, dairy) has three (``AddCow`` at ``low``, ``high``, ``start``), an acrobat one (its
  target is the plain cow of its number in the active herd, which is unique), a slowpoke one per
  value 0..16, a calf two (``low``, ``high``), the mad cow one; then ``TakeHerd``, ``Flip`` 0 and 1,
  and ``ChooseNext`` seat 0..9.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from mowkit.core import Action

GAMES = ("sixnimmt", "mow")

_SIX_CARDS = 104
_SIX_ROWS = 10
_MOW_SLOW_VALUES = 17
_MOW_SEATS = 10


class ActionCodec:
    """A fixed numbering of every decision of one game (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.name = game.name
        if self.name == "sixnimmt":
            self.size = _SIX_CARDS + _SIX_ROWS + 2 * _SIX_ROWS + _SIX_CARDS
            return
        from mowkit.games.mow import NUMBERED

        self._base: dict[int, int] = {}
        i = 0
        for c, kind in enumerate(game.kinds):
            self._base[c] = i
            if kind in NUMBERED:
                i += 3
            elif kind == "slowpoke":
                i += _MOW_SLOW_VALUES
            elif kind == "calf":
                i += 2
            else:  # acrobat, mad
                i += 1
        self._take = i
        self._flip = i + 1
        self._next = i + 3
        self.size = i + 3 + _MOW_SEATS

    def encode(self, action: Action) -> int:
        """The index of ``action``."""
        kind = action.kind
        if self.name == "sixnimmt":
            if kind == "play":
                return action.card - 1  # type: ignore[attr-defined]
            if kind == "take_row":
                return _SIX_CARDS + action.row  # type: ignore[attr-defined]
            if kind == "place":
                return _SIX_CARDS + _SIX_ROWS + 2 * action.row + (action.end == "back")  # type: ignore[attr-defined]
            return _SIX_CARDS + 3 * _SIX_ROWS + action.card - 1  # type: ignore[attr-defined]
        if kind == "take":
            return self._take
        if kind == "flip":
            return self._flip + action.flip  # type: ignore[attr-defined]
        if kind == "choose_next":
            return self._next + action.next_player  # type: ignore[attr-defined]
        base = self._base[action.card]  # type: ignore[attr-defined]
        if kind == "add":
            return base + ("low", "high", "start").index(action.end)  # type: ignore[attr-defined]
        if kind == "slowpoke":
            return base + action.value  # type: ignore[attr-defined]
        if kind == "calf":
            return base + (action.end == "high")  # type: ignore[attr-defined]
        return base  # acrobat, mad

    def mask(self, legal: Sequence[Action]) -> np.ndarray:
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


def observation_text(obs: Any) -> str:
    """A one-line text form of an observation (every field except the game)."""
    return " ".join(f"{f.name}={getattr(obs, f.name)}" for f in dataclasses.fields(obs) if f.name != "game")


def observation_size(game: Any) -> int:
    """Length of :func:`observation_vector` for ``game``."""
    n = game.players
    if game.name == "sixnimmt":
        return _SIX_CARDS * (3 + game.rows) + 5 * n + 6
    cards = len(game.cards)
    return cards * (1 + 2 * game.num_herds + n) + 4 * n + 9


def observation_vector(obs: Any, game: Any) -> np.ndarray:
    """A fixed-size ``float32`` summary of ``obs`` (see :func:`observation_size`).

    6 nimmt!: own hand (one-hot over cards 1..104), each row's cards, the cards revealed this
    round, the card waiting for this player's decision; per player the heads this round and the
    total (divided by the threshold), face down now, pending now, and seat one-hot; the phase
    one-hot and the turn divided by the hand size. Mow: own hand, each herd's cows and acrobats,
    each cowshed (one-hot over all card ids); per player hand size / 5, total / threshold, to act,
    seat one-hot; pile size / deck size, the arrow, the active herd and the phase one-hot.
    """
    v = np.zeros(observation_size(game), np.float32)
    n = game.players
    if obs is None:
        return v
    if game.name == "sixnimmt":
        C = _SIX_CARDS
        for c in obs.hand:
            v[c - 1] = 1
        for r, row in enumerate(obs.rows):
            for c in row:
                v[C * (1 + r) + c - 1] = 1
        base = C * (1 + game.rows)
        for _, _, c in obs.played:
            v[base + c - 1] = 1
        base += C
        if obs.to_place is not None:
            v[base + obs.to_place - 1] = 1
        base += C
        heads = [sum(game.penalty(c) for c in pile) for pile in obs.piles]
        for p in range(n):
            v[base + p] = heads[p] / game.threshold
            v[base + n + p] = obs.totals[p] / game.threshold
            v[base + 2 * n + p] = p in obs.chosen
            v[base + 3 * n + p] = p in obs.pending
        v[base + 4 * n + obs.player] = 1
        base += 5 * n
        phases = ("draft", "choose", "row", "place", "over")
        v[base + phases.index(obs.phase)] = 1
        v[base + 5] = obs.turn / game.hand_size
        return v
    C = len(game.cards)
    for c in obs.hand:
        v[c] = 1
    for h in range(game.num_herds):
        for _, c in obs.herds[h]:
            v[C * (1 + h) + c] = 1
        for a, _ in obs.acrobats[h]:
            v[C * (1 + game.num_herds + h) + a] = 1
    base = C * (1 + 2 * game.num_herds)
    for p, shed in enumerate(obs.cowsheds):
        for c in shed:
            v[base + C * p + c] = 1
    base += C * n
    for p in range(n):
        v[base + p] = obs.hand_sizes[p] / 5
        v[base + n + p] = obs.totals[p] / game.threshold
        v[base + 2 * n + p] = p in obs.to_act
    v[base + 3 * n + obs.player] = 1
    base += 4 * n
    v[base] = obs.pile_size / len(game.deck)
    v[base + 1] = obs.arrow
    v[base + 2 + obs.active_herd] = 1
    mow_phases = ("play", "flip", "next", "over")
    v[base + 5 + mow_phases.index(obs.phase)] = 1
    return v


def determinize(state: Any, player: int, rng: np.random.Generator) -> Any:
    """A copy of ``state`` where the cards ``player`` cannot see are dealt again at random.

    6 nimmt!: the other hands, their face-down cards of this turn and the cards out of play are
    shuffled together and dealt back in the same sizes (in the logic variant the hands are public,
    so only the face-down cards are drawn again, each from its owner's hand). Mow: the other
    farmers' hands and the draw pile are shuffled together and dealt back in the same sizes (an
    approximation: a plain 8 that a mad cow sent to a hand is public, but is dealt again too).
    The copy keeps the original's chance source (recorded deals or seed); the caller may replace it.
    """
    s = state.clone()
    others = [q for q in range(s.game.players) if q != player]
    if s.game.name == "sixnimmt":
        if s.game.logic:
            for q in others:
                if q in s.chosen:
                    cards = s.hands[q] + [s.chosen[q]]
                    pick = int(rng.integers(len(cards)))
                    s.chosen[q] = cards.pop(pick)
                    s.hands[q] = sorted(cards)
            return s
        hidden = [q for q in others if q in s.chosen]
        pool = [c for q in others for c in s.hands[q]] + [s.chosen[q] for q in hidden] + list(s.out)
        pool = [int(c) for c in rng.permutation(np.array(pool, dtype=np.int64))]
        pos = 0
        for q in others:
            k = len(s.hands[q])
            s.hands[q] = sorted(pool[pos : pos + k])
            pos += k
        for q in hidden:
            s.chosen[q] = pool[pos]
            pos += 1
        s.out = pool[pos:]
        return s
    pool = [c for q in others for c in s.hands[q]] + list(s.pile)
    pool = [int(c) for c in rng.permutation(np.array(pool, dtype=np.int64))]
    pos = 0
    for q in others:
        k = len(s.hands[q])
        s.hands[q] = sorted(pool[pos : pos + k])
        pos += k
    s.pile = pool[pos:]
    return s
