"""A plain pure-Python Mow engine of the same rules (RULES.md §2), for benchmarks only.

The yardstick of issue 22: what a straightforward Python implementation of Mow's rules costs per
decision, written the way one would write it without a kit around it. Tuples for actions, lists
for the hands, the herd as a list of ``(value, card)`` pairs, no events, no checks of the
decisions (the loop only plays legal ones), no observations. It plays one round at a time with
the kit's defaults for what the rule book leaves open (restart by the taker, a yellow special's
next farmer is any other farmer, the start passed on to the next farmer who can start); no star
(three to ten farmers). The card table (kinds, numbers, flies, packets) is read from the kit's
card data, as a user's own engine would read the same printed cards.

Actions are tuples: ``("add", card, "low" | "high" | "start")``, ``("acrobat", card, target)``,
``("slowpoke", card, value)``, ``("calf", card, "low" | "high")``, ``("mad", card, None)``,
``("take", None, None)``, ``("flip", 0 | 1, None)``, ``("next", seat, None)``.

Nothing in ``mowkit`` imports this file; ``bench_mow_engine.py`` plays it beside the engine and
checks that both give the same statistics (flies, decisions per round) within their noise.
"""

from __future__ import annotations

import random

from mowkit import load_game

HAND = 5
NUMBERED = ("plain", "blocking", "thin", "dairy")


class PlainMow:
    """One round of Mow for ``players`` farmers (green packet for 3-5, both for 6-10)."""

    def __init__(self, players: int) -> None:
        game = load_game("mow", players=players)
        self.n = players
        self.deck = list(game.deck)
        self.kind = list(game.kinds)
        self.number = list(game.numbers)
        self.flies = list(game.flies)
        self.green = [c.packet == "green" for c in game.cards]

    # ------------------------------------------------------------------ a round
    def deal(self, rnd: random.Random) -> None:
        order = self.deck[:]
        rnd.shuffle(order)
        n = self.n
        self.hands = [sorted(order[p * HAND:(p + 1) * HAND]) for p in range(n)]
        self.stock = order[n * HAND:]
        self.herd: list[tuple[int, int]] = []
        self.acrobats: list[int] = []
        self.piles = [[] for _ in range(n)]
        self.arrow = 1
        self.phase = "play"
        self.chosen: int | None = None
        self.over = False
        self.begin_turn(0)

    def can_start(self, p: int) -> bool:
        return any(self.kind[c] in NUMBERED for c in self.hands[p])

    def begin_turn(self, q: int) -> None:
        self.phase = "play"
        if self.herd:
            self.actor = q
            return
        for i in range(self.n):
            r = (q + i * self.arrow) % self.n
            if self.can_start(r):
                self.actor = r
                return
        self.end_round()

    def end_turn(self) -> None:
        if self.chosen is not None:
            q, self.chosen = self.chosen, None
        else:
            q = (self.actor + self.arrow) % self.n
        self.begin_turn(q)

    def end_round(self) -> None:
        for p in range(self.n):
            self.piles[p].extend(self.hands[p])
            self.hands[p] = []
        self.over = True

    def scores(self) -> list[int]:
        return [sum(self.flies[c] for c in pile) for pile in self.piles]

    # ------------------------------------------------------------------ decisions
    def legal(self) -> list[tuple]:
        p = self.actor
        if self.phase == "flip":
            return [("flip", 0, None), ("flip", 1, None)]
        if self.phase == "next":
            return [("next", q, None) for q in range(self.n) if q != p]
        herd = self.herd
        if not herd:
            return [("add", c, "start") for c in self.hands[p] if self.kind[c] in NUMBERED]
        out = []
        for c in self.hands[p]:
            out.extend(self.placements(c))
        out.append(("take", None, None))
        return out

    def placements(self, c: int) -> list[tuple]:
        kind, number, flies, herd = self.kind, self.number, self.flies, self.herd
        k = kind[c]
        lo, lo_card = herd[0]
        hi, hi_card = herd[-1]
        if flies[c] == 0 and any(kind[t] == "mad" for _, t in herd):
            return []
        if k in NUMBERED:
            if number[c] < lo:
                return [("add", c, "low")]
            if number[c] > hi:
                return [("add", c, "high")]
            return []
        if k == "acrobat":
            return [("acrobat", c, t) for _, t in herd if kind[t] == "plain" and number[t] == number[c]]
        if k == "slowpoke":
            used = {v for v, _ in herd}
            return [("slowpoke", c, v) for v in range(lo + 1, hi) if v not in used]
        if k == "calf":
            out = []
            if kind[lo_card] == "plain" and flies[lo_card] == 0:
                out.append(("calf", c, "low"))
            if kind[hi_card] == "plain" and flies[hi_card] == 0:
                out.append(("calf", c, "high"))
            return out
        if k == "mad" and any(kind[t] == "plain" and number[t] == 8 for _, t in herd):
            return [("mad", c, None)]
        return []

    def apply(self, action: tuple) -> None:
        what, c, arg = action
        p = self.actor
        if what == "flip":
            if c:
                self.arrow = -self.arrow
            self.end_turn()
        elif what == "next":
            self.chosen = c
            self.end_turn()
        elif what == "take":
            self.take(p)
        else:
            self.place(p, what, c, arg)

    def place(self, p: int, what: str, c: int, arg: object) -> None:
        herd, hand = self.herd, self.hands[p]
        hand.remove(c)
        if what == "add":
            if arg == "low":
                herd.insert(0, (self.number[c], c))
            else:
                herd.append((self.number[c], c))
        elif what == "acrobat":
            self.acrobats.append(c)
        elif what == "slowpoke":
            herd.append((arg, c))
            herd.sort()
        elif what == "calf":
            if arg == "low":
                herd.insert(0, (herd[0][0] - 1, c))
            else:
                herd.append((herd[-1][0] + 1, c))
        else:  # the mad cow takes the plain 8's place; the 8 goes to the hand
            i = next(i for i, (_, t) in enumerate(herd) if self.kind[t] == "plain" and self.number[t] == 8)
            hand.append(herd[i][1])
            herd[i] = (8, c)
        k = self.kind[c]
        draws = 0 if k == "thin" else 2 if k == "dairy" else 1
        for _ in range(min(draws, len(self.stock))):
            hand.append(self.stock.pop())
        hand.sort()
        if k == "plain":
            self.end_turn()
        else:
            self.phase = "flip" if self.green[c] else "next"

    def take(self, p: int) -> None:
        self.piles[p].extend(c for _, c in self.herd)
        self.piles[p].extend(self.acrobats)
        self.herd, self.acrobats = [], []
        if not self.stock:
            self.end_round()
        else:
            self.begin_turn(p)


def play_round(engine: PlainMow, rnd: random.Random) -> int:
    """One round with a uniformly random legal decision every time; the number of decisions."""
    engine.deal(rnd)
    decisions = 0
    while not engine.over:
        legal = engine.legal()
        engine.apply(legal[rnd.randrange(len(legal))])
        decisions += 1
    return decisions
