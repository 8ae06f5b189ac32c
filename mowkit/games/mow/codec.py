"""Mow's codec for the framework adapters: action numbering, observation vector, re-deal.

The action numbering: for every card of both packets (card ids in order), its slots: a numbered
cow (plain, blocking, thin, dairy) has three (``AddCow`` at ``low``, ``high``, ``start``), an
acrobat one (its target is the plain cow of its number in the active herd, which is unique), a
slowpoke one per value 0..16, a calf two (``low``, ``high``), the mad cow one; then
``TakeHerd``, ``Flip`` 0 and 1, and ``ChooseNext`` seat 0..9.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

import numpy as np

from mowkit.codec import CodecBase, Scalar
from mowkit.core import Action
from mowkit.games.mow.engine import NUMBERED, Mow
from mowkit.i18n import _

SLOW_VALUES = 17
SEATS = 10
ADD_ENDS = ("low", "high", "start")
PHASES = ("play", "flip", "next", "over")
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)


class Codec(CodecBase[Mow]):
    """Mow's fixed numbering of decisions (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._base: dict[int, int] = {}
        i = 0
        for c, kind in enumerate(game.kinds):
            self._base[c] = i
            if kind in NUMBERED:
                i += 3
            elif kind == "slowpoke":
                i += SLOW_VALUES
            elif kind == "calf":
                i += 2
            else:  # acrobat, mad
                i += 1
        self._take = i
        self._flip = i + 1
        self._next = i + 3
        self.size = i + 3 + SEATS
        # where each part of the observation vector starts (see observation_vector), as adders of card
        # ids and seats: the vector is made by one index fill and one slice of fractions
        C, herds, n = len(game.cards), game.num_herds, game.players
        self._size = C * (1 + 2 * herds + n) + 4 * n + 9
        self._herd_add = [(C * (1 + h)).__add__ for h in range(herds)]
        self._acrobat_add = [(C * (1 + herds + h)).__add__ for h in range(herds)]
        base = C * (1 + 2 * herds)
        self._shed_add = [(base + C * p).__add__ for p in range(n)]
        base += C * n
        self._seats_at = base
        self._pending_add = (base + 2 * n).__add__
        self._player_at = base + 3 * n
        base += 4 * n
        self._table_at = base
        self._phase_at = {phase: base + 5 + i for i, phase in enumerate(PHASES)}

    def encode(self, action: Action) -> int:
        """The index of ``action``."""
        kind = action.kind
        if kind == "take":
            return self._take
        if kind == "flip":
            return self._flip + action.flip  # type: ignore[attr-defined]
        if kind == "choose_next":
            return self._next + action.next_player  # type: ignore[attr-defined]
        base = self._base[action.card]  # type: ignore[attr-defined]
        if kind == "add":
            return base + ADD_ENDS.index(action.end)  # type: ignore[attr-defined]
        if kind == "slowpoke":
            return base + action.value  # type: ignore[attr-defined]
        if kind == "calf":
            return base + (action.end == "high")  # type: ignore[attr-defined]
        return base  # acrobat, mad

    def action_text(self, action: Action) -> str:
        """The action in words; a card whose face is in the deck twice (both packets) also says which
        packet it comes from, so that every legal action reads differently."""
        text = super().action_text(action)
        card = getattr(action, "card", None)
        if card is not None and self.game.label(card) in self._twin_faces():
            text += " " + (_("(green packet)") if self.game.cards[card].packet == "green" else _("(yellow packet)"))
        return text

    def _twin_faces(self) -> frozenset[str]:
        """The card names that two cards of the deck share (none with one packet)."""
        names = [self.game.label(c) for c in self.game.deck]
        return frozenset(n for n in names if names.count(n) > 1)

    def observation_size(self) -> int:
        """Length of :meth:`observation_vector`."""
        game = self.game
        return len(game.cards) * (1 + 2 * game.num_herds + game.players) + 4 * game.players + 9

    def observation_vector(self, obs: Any) -> np.ndarray:
        """A fixed-size ``float32`` summary of ``obs`` (zeros for ``None``).

        Own hand, each herd's cows and acrobats, each cowshed (one-hot over all card ids); per
        player hand size / 5, total / threshold, to act, seat one-hot; pile size / deck size, the
        arrow, the active herd and the phase one-hot.
        """
        v = np.zeros(self._size, np.float32)
        if obs is None:
            return v
        ones = list(obs.hand)
        for add, herd in zip(self._herd_add, obs.herds):
            ones += map(add, map(_SECOND, herd))
        for add, acrobats in zip(self._acrobat_add, obs.acrobats):
            ones += map(add, map(_FIRST, acrobats))
        for add, shed in zip(self._shed_add, obs.piles):
            ones += map(add, shed)
        ones += map(self._pending_add, obs.pending)
        ones.append(self._player_at + obs.player)
        at = self._table_at
        ones.append(at + 2 + obs.active_herd)
        ones.append(self._phase_at[obs.phase])
        v[np.array(ones, np.intp)] = 1
        game = self.game
        t = game.threshold
        fractions = [s / 5 for s in obs.hand_sizes]
        fractions += [x / t for x in obs.totals]
        seats = self._seats_at
        v[seats : seats + len(fractions)] = np.array(fractions, np.float32)
        v[at] = obs.stock_size / len(game.deck)
        v[at + 1] = obs.arrow
        return v

    def redeal(self, state: Any, player: int, rng: np.random.Generator) -> Any:
        """A copy of ``state`` where the cards ``player`` cannot see are dealt again at random.

        The other farmers' hands and the draw pile are shuffled together and dealt back in the same
        sizes (an approximation: a plain 8 that a mad cow sent to a hand is public, but is dealt
        again too). The copy keeps the original's chance source (recorded deals or seed); the
        caller may replace it.
        """
        s = state.clone()
        others = [q for q in range(s.game.players) if q != player]
        pool = [c for q in others for c in s.hands[q]] + list(s.stock)
        pool = [int(c) for c in rng.permutation(np.array(pool, dtype=np.int64))]
        pos = 0
        for q in others:
            k = len(s.hands[q])
            s.hands[q] = sorted(pool[pos : pos + k])
            pos += k
        s.stock = pool[pos:]
        return s

    def unseen_cards(self, state: Any, player: int) -> list[int]:
        """The other hands and the draw pile, less the plain 8s a mad cow sent to a hand (public)."""
        public = {e.replaced for e in state.log if getattr(e, "kind", "") == "mad cow placed"}
        others = [q for q in range(state.game.players) if q != player]
        return [c for q in others for c in state.hands[q] if c not in public] + list(state.stock)

    def relabel_state(self, state: Any, cards: Mapping[int, int]) -> Any:
        """Hands (kept in card order, as the engine keeps them) and the draw pile renamed."""
        s = state.clone()
        get = cards.get
        s.hands = [sorted(get(c, c) for c in h) for h in s.hands]
        s.stock = [get(c, c) for c in s.stock]
        return s

    def framework_parameters(self) -> dict[str, Scalar]:
        """The options a framework exposes: ``packets`` "" for the engine default, ``max_rounds`` 0 for no limit."""
        return {"players": 4, "packets": "", "threshold": 100, "max_rounds": 0, "specials": True,
                "restart": "taker"}

    def engine_options(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The engine's options from framework parameters."""
        return {"players": params["players"], "threshold": params["threshold"],
                "max_rounds": params["max_rounds"] or None, "packets": params["packets"] or None,
                "specials": params["specials"], "restart": params["restart"]}


__all__ = ["Codec"]
