"""Mow: everything that knows this game lives in this folder.

``engine`` (the rules), ``narrate`` (events in words), ``render`` (drawings), ``agents`` (computer
players), ``kernel`` (the compiled simulator), ``odds`` (exact card math), ``card_math`` (its
widgets) and ``spec`` (the game's :class:`~mowkit.core.GameSpec`, registered through the
``mowkit.games`` entry point group). The engine's public names are re-exported here.
"""

from __future__ import annotations

from mowkit.games.mow.engine import (
    COMPARISONS,
    EVENT_TYPES,
    GAME,
    HAND_SIZE,
    MOW_RULE_IDS,
    NEXT_STARTERS,
    NUMBERED,
    PACKET_CHOICES,
    PLACEMENTS,
    RESTARTS,
    STAR_HERDS,
    YELLOW_NEXT,
    Acrobat,
    AcrobatPlaced,
    ActiveHerdMoved,
    AddCow,
    ArrowDecided,
    Calf,
    CalfPlaced,
    CardsDrawn,
    ChooseNext,
    CowAdded,
    Flip,
    HandsToPiles,
    HerdStarted,
    HerdTaken,
    LastTake,
    MadCow,
    MadCowPlaced,
    Mow,
    MowObservation,
    MowState,
    NextFarmerChosen,
    NobodyCanStart,
    NoCardDrawn,
    Slowpoke,
    SlowpokePlaced,
    StarterChosen,
    StartPassed,
    TakeHerd,
    herd_flies,
    herd_placements,
)

__all__ = ['Acrobat', 'AcrobatPlaced', 'ActiveHerdMoved', 'AddCow', 'ArrowDecided', 'COMPARISONS', 'Calf', 'CalfPlaced', 'CardsDrawn', 'ChooseNext', 'CowAdded', 'EVENT_TYPES', 'Flip', 'GAME', 'HAND_SIZE', 'HandsToPiles', 'HerdStarted', 'HerdTaken', 'LastTake', 'MOW_RULE_IDS', 'MadCow', 'MadCowPlaced', 'Mow', 'MowObservation', 'MowState', 'NEXT_STARTERS', 'NUMBERED', 'NextFarmerChosen', 'NoCardDrawn', 'NobodyCanStart', 'PACKET_CHOICES', 'PLACEMENTS', 'RESTARTS', 'STAR_HERDS', 'Slowpoke', 'SlowpokePlaced', 'StartPassed', 'StarterChosen', 'TakeHerd', 'YELLOW_NEXT', 'herd_flies', 'herd_placements']
