"""The classroom app: the stepper, a game against the computer and the outcome explorer in tabs.

``notebooks/classroom.ipynb`` shows :func:`classroom_app`; serve it with
``voila notebooks/classroom.ipynb``.
"""

from __future__ import annotations

import ipywidgets as widgets

from mowkit.widgets.explorer import OutcomeExplorer
from mowkit.widgets.play import Play
from mowkit.widgets.stepper import Stepper


class ClassroomApp(widgets.Tab):
    """Tabs: step through a 6 nimmt! game, a Mow game, play against the computer, explore outcomes.

    Args:
        seed: the seed of the games shown (and of the first game played).
        n_games: the size of the explorer's first tournament.
    """

    def __init__(self, seed: int = 7, n_games: int = 12) -> None:
        self.sixnimmt_stepper = Stepper.from_seed("sixnimmt", ["random", "greedy", "lowest", "highest"],
                                                  seed=seed, players=4)
        self.mow_stepper = Stepper.from_seed("mow", ["random", "greedy", "random"], seed=seed, players=3)
        self.play_sixnimmt = Play("sixnimmt", ["greedy", "random", "random"], seat=0, seed=seed, auto=True)
        self.play_mow = Play("mow", ["greedy", "random"], seat=0, seed=seed)
        self.explorer = OutcomeExplorer("sixnimmt", players=4, n_games=n_games, seed=1, run=True)
        super().__init__([self.sixnimmt_stepper, self.mow_stepper, self.play_sixnimmt, self.play_mow,
                          self.explorer])
        for i, title in enumerate(["6 nimmt! step by step", "Mow step by step", "play 6 nimmt!",
                                   "play Mow", "outcome explorer"]):
            self.set_title(i, title)
        self.add_class("mowkit-classroom")


def classroom_app(seed: int = 7, n_games: int = 12) -> ClassroomApp:
    """The classroom app (see :class:`ClassroomApp`)."""
    return ClassroomApp(seed=seed, n_games=n_games)
