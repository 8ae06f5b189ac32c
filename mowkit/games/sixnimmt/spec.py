"""6 nimmt!'s :class:`~mowkit.spec.GameSpec`: what shared code may ask of this game.

Registered through the ``mowkit.games`` entry point group (``pyproject.toml``).
"""

from __future__ import annotations

from typing import Any

from mowkit.card_tables import sixnimmt_heads
from mowkit.i18n import N_, ngettext
from mowkit.spec import GameSpec, GameWords


def kernel_plays(game: Any) -> bool:
    """The 6 nimmt! kernels play dealt rounds: every variant but ``logic`` (it drafts)."""
    return not game.logic


def card_table() -> list[int]:
    """The heads of cards 1..104 as loaded (their hash goes in a tournament's provenance)."""
    return list(sixnimmt_heads())


SPEC = GameSpec(
    name="sixnimmt",
    words=GameWords(title=N_("6 nimmt!"), seat=N_("player"), penalties=N_("heads"),
                    seats=lambda k: ngettext("player {seats}", "players {seats}", k)),
    game="mowkit.games.sixnimmt.engine:SixNimmt",
    agents="mowkit.games.sixnimmt.players:AGENTS",
    narrator="mowkit.games.sixnimmt.narrate",
    renderer="mowkit.games.sixnimmt.render",
    codec="mowkit.games.sixnimmt.codec:Codec",
    kernel="mowkit.games.sixnimmt.kernel",
    kernel_plays=kernel_plays,
    warm="mowkit.games.sixnimmt.planning:warm_up",
    card_table=card_table,
    agent_aliases=("random_row",),
    variants={
        N_("standard"): {},
        N_("tactics"): {"variant": "tactics"},
        N_("logic"): {"variant": "logic"},
        N_("professional"): {"variant": "professional"},
        N_("Rule 4: the row with the fewest heads is taken by itself"): {"auto_row": True},
    },
    batch="mowkit.games.sixnimmt.batch:runner",
    trace="mowkit.games.sixnimmt.trace",
    coach="mowkit.games.sixnimmt.coach",
    editor="mowkit.games.sixnimmt.editor",
    card_math="mowkit.games.sixnimmt.odds",
    order=0,
)
