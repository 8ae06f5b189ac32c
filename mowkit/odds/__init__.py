"""Exact card math of both games (integers and fractions), with float views and simulation checks.

``mowkit.odds.sixnimmt`` holds the 6 nimmt! functions, re-exported here.
"""

from __future__ import annotations

from mowkit.odds.sixnimmt import (
    Position,
    card_risk,
    check_position,
    compare_card_risk,
    deck_heads,
    enumerate_card_risk,
    example_observation,
    fractions_as_text,
    full_deck,
    hand_heads_distribution,
    hand_heads_moments,
    hand_heads_table,
    hand_heads_ways,
    heads_table,
    landing_cards,
    parse_cards,
    parse_rows,
    position_from_observation,
    row_table,
    safest_card,
    safest_card_from_text,
    simulate_card_risk,
    simulate_hand_heads,
    start_heads_table,
    tactics_deck,
    tactics_totals,
    turn_outcome,
    unseen_cards,
)

# The Mow functions will be added here from ``mowkit.odds.mow`` (a separate module, written later).

__all__ = [
    "Position",
    "card_risk",
    "check_position",
    "compare_card_risk",
    "deck_heads",
    "enumerate_card_risk",
    "example_observation",
    "fractions_as_text",
    "full_deck",
    "hand_heads_distribution",
    "hand_heads_moments",
    "hand_heads_table",
    "hand_heads_ways",
    "heads_table",
    "landing_cards",
    "parse_cards",
    "parse_rows",
    "position_from_observation",
    "row_table",
    "safest_card",
    "safest_card_from_text",
    "simulate_card_risk",
    "simulate_hand_heads",
    "start_heads_table",
    "tactics_deck",
    "tactics_totals",
    "turn_outcome",
    "unseen_cards",
]
