"""6 nimmt!: everything that knows this game lives in this folder.

``engine`` (the rules), ``narrate`` (events in words), ``render`` (drawings), ``agents`` (computer
players), ``kernel`` (the compiled simulator), ``odds`` (exact card math), ``card_math`` (its
widgets) and ``spec`` (the game's :class:`~mowkit.core.GameSpec`, registered through the
``mowkit.games`` entry point group). The engine's public names are re-exported here.
"""

from __future__ import annotations

from mowkit.games.sixnimmt.engine import (
    COMPARISONS,
    GAME,
    SIXNIMMT_RULE_IDS,
    VARIANTS,
    CardDrafted,
    CardLaid,
    CardPlaced,
    CardsRevealed,
    DecisionPending,
    Draft,
    DraftOver,
    LowestCard,
    Place,
    Play,
    RowsDealt,
    SixNimmt,
    SixNimmtObservation,
    SixNimmtState,
    SixthCard,
    TakeRow,
    fewest_heads_row,
    heads,
    placements,
    row_heads,
)

__all__ = ['COMPARISONS', 'CardDrafted', 'CardLaid', 'CardPlaced', 'CardsRevealed', 'DecisionPending', 'Draft', 'DraftOver', 'GAME', 'LowestCard', 'Place', 'Play', 'RowsDealt', 'SIXNIMMT_RULE_IDS', 'SixNimmt', 'SixNimmtObservation', 'SixNimmtState', 'SixthCard', 'TakeRow', 'VARIANTS', 'fewest_heads_row', 'heads', 'placements', 'row_heads']
