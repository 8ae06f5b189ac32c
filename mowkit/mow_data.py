"""Old home of the Mow card table: the names now live in :mod:`mowkit.card_tables` (re-exported here).

Kept so that ``from mowkit.mow_data import mow_cards`` keeps working; new code imports from
:mod:`mowkit.card_tables` (where ``FILE`` is ``MOW_FILE`` and ``COLUMNS`` is ``MOW_COLUMNS``).
"""

from __future__ import annotations

from mowkit.card_tables import (  # noqa: F401  (re-exported)
    _MOW_CACHE as _CACHE,
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
    _a,
    _check_rules,
    _check_sanity,
    _flies,
    _name,
    mow_cards,
    packet_composition,
)
from mowkit.card_tables import _load_mow as _load  # noqa: F401
from mowkit.card_tables import MOW_COLUMNS as COLUMNS
from mowkit.card_tables import MOW_FILE as FILE

__all__ = ["COLUMNS", "FILE", "HAND_SIZE", "KINDS", "MAX_NUMBER", "PACKET_CARDS", "PACKET_FLIES", "PACKETS",
           "PLAIN", "SPECIAL_FLIES", "SPECIALS", "UNNUMBERED", "MowCard", "mow_cards", "packet_composition"]
