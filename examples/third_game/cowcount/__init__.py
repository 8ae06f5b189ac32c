"""Cow count: a small card game for mowkit, in a package of its own (see ``engine``).

Everything the kit needs is here: the rules (:mod:`cowcount.engine`), the words in English and
Russian (:mod:`cowcount.words`), the narrator, the drawings, the agents, the framework codec and
the :class:`~mowkit.spec.GameSpec` (:mod:`cowcount.spec`) named in this package's entry points.
"""

from cowcount.engine import (
    DECK_SIZE,
    GAME,
    CowCount,
    CowCountObservation,
    CowCountState,
    CowLaid,
    Lay,
    LineTaken,
    cows,
)

__all__ = ["DECK_SIZE", "GAME", "CowCount", "CowCountObservation", "CowCountState", "CowLaid", "Lay",
           "LineTaken", "cows"]
