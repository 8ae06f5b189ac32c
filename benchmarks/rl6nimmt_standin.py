"""A stand-in for the 6 nimmt! engine of johannbrehmer/rl-6-nimmt (``rl_6_nimmt/env.py``), benchmarks only.

What DESIGN.md and issue 22 compare the kit's 6 nimmt! engine with: "a widely used Python RL engine"
(``SechsNimmtEnv``, an OpenAI-gym environment). That package needs gym and torch and does not run
on numpy 2 (``np.int``), so this file re-implements its engine's algorithm step for step, written
here from its description, for timing only:

* ``reset()`` deals with ``np.random.shuffle`` over ``np.arange(104)``: ten sorted cards per
  player, then one card per row popped from the end of the rest;
* ``step(cards)`` takes one card per player (card ids 0..103), checks each is in its hand
  (``card in hand``), plays them in ascending order: the row is found by sorting the rows' last
  cards; a card lower than every row takes the row with the fewest heads (its ``argmin``: ties to
  the lowest index, the published random player's Rule 4); a sixth card takes the row; rewards are
  ``numpy`` arrays added per take; then every player's state vector is built (``np.hstack`` of the
  hand padded to ten, the player count, cards / highest card / heads per row and the board as a
  ``rows x 6`` array with -1 for empty places) with the legal actions (a copy of the hand);
* heads: 7 for 55, 5 for multiples of 11, 3 for multiples of 10, 2 for numbers ending in 5, else 1;
* its random agent (``DrunkHamster``) draws ``np.random.choice(np.array(legal))`` per player.

The file keeps the algorithm and the data layout (lists of lists, numpy score vectors, numpy
states after every step); its logging is off (``verbose=False``), as in a benchmark.
"""

from __future__ import annotations

import numpy as np

ROWS, CAPACITY, HAND = 4, 6, 10


def heads(card: int) -> int:
    """Heads of card id ``card`` (0..103, the card numbered ``card + 1``)."""
    number = card + 1
    if number == 55:
        return 7
    if number % 11 == 0:
        return 5
    if number % 10 == 0:
        return 3
    if number % 10 == 5:
        return 2
    return 1


class StandInEnv:
    """The environment of one 6 nimmt! round (ten tricks), the rl-6-nimmt way."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.board: list[list[int]] = [[] for _ in range(ROWS)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.scores = np.zeros(players, dtype=int)

    def reset(self) -> tuple[list[np.ndarray], list[list[int]]]:
        cards = np.arange(0, 104, 1, dtype=int)
        np.random.shuffle(cards)
        deck = list(cards)
        for p in range(self.players):
            self.hands[p] = sorted(deck[:HAND])
            del deck[:HAND]
        for r in range(ROWS):
            self.board[r] = [deck.pop()]
        self.scores = np.zeros(self.players, dtype=int)
        return self.states()

    def step(self, cards: list[int]) -> tuple[tuple[list[np.ndarray], list[list[int]]], np.ndarray, bool]:
        assert len(cards) == self.players
        for p, card in enumerate(cards):
            if card not in self.hands[p]:
                raise ValueError(f"player {p + 1} does not hold card {card + 1}")
        rewards = self.play(cards)
        return self.states(), rewards, len(self.hands[0]) == 0

    def play(self, cards: list[int]) -> np.ndarray:
        rewards = np.zeros(self.players, dtype=int)
        for card, p in sorted(((c, p) for p, c in enumerate(cards)), key=lambda x: x[0]):
            row, replaced = self.find_row(card)
            self.board[row].append(card)
            self.hands[p].remove(card)
            if replaced or len(self.board[row]) >= CAPACITY:
                rewards += self.score_row(row, p)
        return rewards

    def find_row(self, card: int) -> tuple[int, bool]:
        ends = sorted(((r, row[-1]) for r, row in enumerate(self.board)), key=lambda x: -x[1])
        if card < ends[-1][1]:
            return int(np.argmin([self.row_value(row, include_last=True) for row in self.board])), True
        for r, end in ends:
            if card > end:
                return r, False
        raise ValueError(f"card {card} fits no row")

    def score_row(self, row: int, p: int) -> np.ndarray:
        cards = self.board[row]
        penalty = self.row_value(cards)
        self.scores[p] += penalty
        rewards = np.zeros(self.players, dtype=int)
        rewards[p] -= penalty
        self.board[row] = [cards[-1]]
        return rewards

    @staticmethod
    def row_value(cards: list[int], include_last: bool = False) -> int:
        if include_last:
            return sum(heads(c) for c in cards)
        if len(cards) == 1:
            return 0
        return sum(heads(c) for c in cards[:-1])

    def states(self) -> tuple[list[np.ndarray], list[list[int]]]:
        game = self.game_state()
        states, legal = [], []
        for p in range(self.players):
            hand = self.hands[p].copy()
            mine = np.array(self.hands[p] + [-1] * (HAND - len(hand)), dtype=int)
            states.append(np.hstack((mine, game)))
            legal.append(hand)
        return states, legal

    def game_state(self) -> np.ndarray:
        board = -np.ones((ROWS, CAPACITY), dtype=int)
        for r, cards in enumerate(self.board):
            for i, c in enumerate(cards):
                board[r, i] = c
        per_row = np.array([len(cards) for cards in self.board], dtype=int)
        highest = np.array([cards[-1] for cards in self.board], dtype=int)
        value = np.array([self.row_value(cards, include_last=True) for cards in self.board], dtype=int)
        return np.hstack(([self.players], per_row, highest, value, board.flatten()))


def play_round(env: StandInEnv) -> np.ndarray:
    """One round of random players (a ``DrunkHamster`` each); the heads each player took."""
    _states, legal = env.reset()
    done = False
    while not done:
        cards = [int(np.random.choice(np.array(hand, dtype=int), size=1)[0]) for hand in legal]
        (_states, legal), _rewards, done = env.step(cards)
    return env.scores.copy()
