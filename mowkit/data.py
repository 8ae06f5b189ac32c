"""Old home of the card-table loaders: the names now live in :mod:`mowkit.card_tables` (re-exported here).

Kept so that ``from mowkit.data import sixnimmt_heads, data_dir`` keeps working; new code imports
from :mod:`mowkit.card_tables`.
"""

from __future__ import annotations

from mowkit.card_tables import (
    CUSTOM_ENV,
    CUSTOM_HINT,
    MAX_COUNT,
    MAX_TABLE_BYTES,
    RULE_TEXT,
    SIXNIMMT_CARDS,
    SIXNIMMT_FILE,
    SIXNIMMT_MAX_CARDS,
    SIXNIMMT_MIN_CARDS,
    card_tables_fingerprint,
    cards_dir,
    custom_cards,
    data_dir,
    heads_rule,
    parse_int,
    read_csv_rows,
    read_table,
    sixnimmt_heads,
)

__all__ = ["CUSTOM_ENV", "CUSTOM_HINT", "MAX_COUNT", "MAX_TABLE_BYTES", "RULE_TEXT", "SIXNIMMT_CARDS",
           "SIXNIMMT_FILE", "SIXNIMMT_MAX_CARDS", "SIXNIMMT_MIN_CARDS", "card_tables_fingerprint", "cards_dir",
           "custom_cards", "data_dir", "heads_rule", "parse_int", "read_csv_rows", "read_table",
           "sixnimmt_heads"]
