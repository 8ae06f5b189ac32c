"""Mow's :class:`~mowkit.spec.GameSpec`: what shared code may ask of this game.

Registered through the ``mowkit.games`` entry point group (``pyproject.toml``).
"""

from __future__ import annotations

from typing import Any

from mowkit.card_tables import mow_cards
from mowkit.i18n import N_, ngettext
from mowkit.spec import GameSpec, GameWords


def card_table() -> list[list[Any]]:
    """The Mow card table as loaded (its hash goes in a tournament's provenance)."""
    return [list(c) for c in mow_cards()]


SPEC = GameSpec(
    name="mow",
    words=GameWords(
        title=N_("Mow"), seat=N_("farmer"), penalties=N_("flies"),
        phrases={
            "coach_for": N_("Coach for farmer {n}"),
            "no_decision": N_("Farmer {n} has no decision now."),
            "exact_column": N_("expected flies this turn (exact odds)"),
            "mc_column": N_("Monte Carlo: flies by the end of the round [95 % interval]"),
        },
        seats=lambda k: ngettext("farmer {seats}", "farmers {seats}", k),
    ),
    game="mowkit.games.mow.engine:Mow",
    agents="mowkit.games.mow.players:AGENTS",
    narrator="mowkit.games.mow.narrate",
    renderer="mowkit.games.mow.render",
    codec="mowkit.games.mow.codec:Codec",
    kernel="mowkit.games.mow.kernel",
    card_table=card_table,
    variants={
        N_("standard"): {},
        N_("plain cows only"): {"specials": False},
        N_("both packets"): {"packets": "both"},
        N_("next farmer restarts the herd"): {"restart": "next"},
        N_("starter rotates"): {"next_starter": "rotate"},
    },
    batch="mowkit.games.mow.batch:runner",
    trace="mowkit.games.mow.trace",
    coach="mowkit.games.mow.coach",
    editor="mowkit.games.mow.editor",
    card_math="mowkit.games.mow.odds",
    order=1,
)
