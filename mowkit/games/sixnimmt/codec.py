"""6 nimmt!'s codec for the framework adapters: action numbering, observation vector, re-deal.

The action numbering: ``Play`` card ``c`` is ``c - 1`` (0..103), ``TakeRow`` row ``r`` is
``104 + r`` (up to 10 rows), ``Place`` (row ``r``, end) is ``114 + 2 r`` (front) or ``115 + 2 r``
(back), ``Draft`` card ``c`` is ``134 + c - 1``: 238 indices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np

from mowkit.codec import CodecBase, Scalar
from mowkit.core import Action
from mowkit.games.sixnimmt.engine import Play, SixNimmt

CARDS = 104
ROWS = 10
PHASES = ("draft", "choose", "row", "place", "over")
_BEFORE = (-1).__add__  # card number -> its index among the cards
_THIRD = itemgetter(2)  # (seat, row, card) of a played card -> the card


class Codec(CodecBase[SixNimmt]):
    """6 nimmt!'s fixed numbering of decisions (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.size = CARDS + ROWS + 2 * ROWS + CARDS
        self._heads = [0] + [int(game.penalty(c)) for c in range(1, CARDS + 1)]  # heads by card number
        # where each part of the observation vector starts (see observation_vector), as adders of card
        # numbers and seats: the vector is made by one index fill and one slice of fractions
        n = game.players
        self._size = CARDS * (3 + game.rows) + 5 * n + 6
        self._row_add = [(CARDS * (1 + r) - 1).__add__ for r in range(game.rows)]
        base = CARDS * (1 + game.rows)
        self._played_add = (base - 1).__add__
        self._place_at = base + CARDS - 1
        base += 2 * CARDS
        self._seats_at = base
        self._chosen_add = (base + 2 * n).__add__
        self._pending_add = (base + 3 * n).__add__
        self._player_at = base + 4 * n
        self._phase_at = {phase: base + 5 * n + i for i, phase in enumerate(PHASES)}
        self._turn_at = base + 5 * n + 5
        self._per_threshold = game.threshold.__rtruediv__  # x -> x / threshold
        self._pile_parts: dict[tuple[int, ...], float] = {}  # a pile's heads / threshold, by its cards

    def encode(self, action: Action) -> int:
        """The index of ``action``."""
        kind = action.kind
        if kind == "play":
            return action.card - 1  # type: ignore[attr-defined]
        if kind == "take_row":
            return CARDS + action.row  # type: ignore[attr-defined]
        if kind == "place":
            return CARDS + ROWS + 2 * action.row + (action.end == "back")  # type: ignore[attr-defined]
        return CARDS + 3 * ROWS + action.card - 1  # type: ignore[attr-defined]

    def observation_size(self) -> int:
        """Length of :meth:`observation_vector`."""
        return CARDS * (3 + self.game.rows) + 5 * self.game.players + 6

    def observation_vector(self, obs: Any) -> np.ndarray:
        """A fixed-size ``float32`` summary of ``obs`` (zeros for ``None``).

        Own hand (one-hot over cards 1..104), each row's cards, the cards revealed this round, the
        card waiting for this player's decision; per player the heads this round and the total
        (divided by the threshold), face down now, pending now, and seat one-hot; the phase one-hot
        and the turn divided by the hand size.
        """
        v = np.zeros(self._size, np.float32)
        if obs is None:
            return v
        ones = [*map(_BEFORE, obs.hand)]
        ones += chain.from_iterable(map(map, self._row_add, obs.rows))
        ones += map(self._played_add, map(_THIRD, obs.played))
        if obs.to_place is not None:
            ones.append(self._place_at + obs.to_place)
        ones += map(self._chosen_add, obs.chosen)
        ones += map(self._pending_add, obs.pending)
        ones.append(self._player_at + obs.player)
        ones.append(self._phase_at[obs.phase])
        v[np.array(ones, np.intp)] = 1
        known: list[Any] = [*map(self._pile_parts.get, obs.piles)]  # one pile is seen at many decisions
        parts: list[float] = self._new_pile_parts(obs.piles) if None in known else known
        parts += map(self._per_threshold, obs.totals)
        at = self._seats_at
        v[at : at + len(parts)] = parts
        v[self._turn_at] = obs.turn / self.game.hand_size
        return v

    def _new_pile_parts(self, piles: Sequence[tuple[int, ...]]) -> list[float]:
        """Each pile's heads divided by the threshold (remembered by its cards)."""
        known, heads, t = self._pile_parts, self._heads.__getitem__, self.game.threshold
        if len(known) >= 4096:
            known.clear()
        parts = [sum(map(heads, pile)) / t for pile in piles]
        known.update(zip(piles, parts))
        return parts

    def redeal(self, state: Any, player: int, rng: np.random.Generator) -> Any:
        """A copy of ``state`` where the cards ``player`` cannot see are dealt again at random.

        The other hands, their face-down cards of this turn and the cards out of play are shuffled
        together and dealt back in the same sizes (in the logic variant the hands are public, so
        only the face-down cards are drawn again, each from its owner's hand). The copy keeps the
        original's chance source (recorded deals or seed); the caller may replace it.
        """
        s = state.clone()
        others = [q for q in range(s.game.players) if q != player]
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

    def dealt_cards(self) -> int:
        """The hands and the row starters (the logic variant deals none: its cards lie face up)."""
        g = self.game
        return 0 if g.logic else g.players * g.hand_size + g.rows

    def unseen_cards(self, state: Any, player: int) -> list[int]:
        """The other hands, their face-down cards and the cards out of play (none in the logic variant)."""
        if state.game.logic:
            return []
        others = [q for q in range(state.game.players) if q != player]
        return ([c for q in others for c in state.hands[q]] + [state.chosen[q] for q in others if q in state.chosen]
                + list(state.out))

    def resample_cards(self, state: Any, player: int, rng: np.random.Generator) -> dict[int, int]:
        """As the base; in the logic variant (public hands) each other face-down card is swapped
        with a random card of its owner's hand."""
        if not state.game.logic:
            return super().resample_cards(state, player, rng)
        out: dict[int, int] = {}
        for q, card in sorted(state.chosen.items()):
            if q == player:
                continue
            cards = [card, *state.hands[q]]
            other = cards[int(rng.integers(len(cards)))]
            if other != card:
                out[card], out[other] = other, card
        return out

    def relabel_state(self, state: Any, cards: Mapping[int, int]) -> Any:
        """Hands, face-down cards and the cards out of play renamed (a deal's rest is in card order);
        None in the logic variant (its hands are drafted in public: a world there is replayed)."""
        if state.game.logic:
            return None
        s = state.clone()
        get = cards.get
        s.hands = [sorted(get(c, c) for c in h) for h in s.hands]
        s.chosen = {q: get(c, c) for q, c in s.chosen.items()}
        s.out = sorted(get(c, c) for c in s.out)
        s.history[-1] = [self.relabel(a, cards) if a.hidden else a for a in s.history[-1]]
        return s

    def revealed(self, events: Sequence[object]) -> list[Action]:
        """The face-down cards a reveal shows, as the ``Play`` moves of their players."""
        return [Play(player=p, card=c) for e in events if getattr(e, "kind", "") == "cards revealed"
                for c, p in e.cards]  # type: ignore[attr-defined]

    def framework_parameters(self) -> dict[str, Scalar]:
        """The options a framework exposes: ``variant`` names joined by ``+``, ``max_rounds`` 0 for no limit."""
        return {"players": 4, "rows": 4, "capacity": 5, "hand_size": 10, "threshold": 66, "variant": "",
                "auto_row": False, "max_rounds": 0}

    def engine_options(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The engine's options from framework parameters."""
        return {"players": params["players"], "threshold": params["threshold"],
                "max_rounds": params["max_rounds"] or None, "rows": params["rows"],
                "capacity": params["capacity"], "hand_size": params["hand_size"],
                "auto_row": params["auto_row"], "variant": [v for v in params["variant"].split("+") if v]}

    def decisions_per_round(self) -> int:
        """An upper bound on the moves of one round: draft, cards, Rule 4 or ties, one deal."""
        return 3 * self.game.players * self.game.hand_size + 1


__all__ = ["Codec"]
