"""Old home of the Mow card table: the names now live in :mod:`mowkit.card_tables` (re-exported here).

Kept so that ``from mowkit.mow_data import mow_cards`` keeps working; new code imports from
:mod:`mowkit.card_tables` (where ``FILE`` is ``MOW_FILE`` and ``COLUMNS`` is ``MOW_COLUMNS``).
"""

from __future__ import annotations

from mowkit.card_tables import (
    HAND_SIZE,
    KINDS,
    MAX_NUMBER,
    PACKET_CARDS,
    PACKET_FLIES,
    PACKETS,
    PLAIN,
    SPECIAL_FLIES,
    SPECIALS,
    UNNUMBERED,
    MowCard,
    mow_cards,
    packet_composition,
)
from mowkit.card_tables import MOW_COLUMNS as COLUMNS
from mowkit.card_tables import MOW_FILE as FILE

__all__ = ["COLUMNS", "FILE", "HAND_SIZE", "KINDS", "MAX_NUMBER", "PACKET_CARDS", "PACKET_FLIES", "PACKETS",
           "PLAIN", "SPECIAL_FLIES", "SPECIALS", "UNNUMBERED", "MowCard", "mow_cards", "packet_composition"]
