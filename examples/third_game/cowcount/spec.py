"""Cow count's :class:`~mowkit.spec.GameSpec`, named in this package's ``mowkit.games`` entry point."""

from __future__ import annotations

from mowkit.spec import GameSpec, GameWords

from cowcount.words import RUSSIAN

SPEC = GameSpec(
    name="cowcount",
    words=GameWords(title="Cow count", seat="player", penalties="cows", translations={"ru": RUSSIAN}),
    game="cowcount.engine:CowCount",
    agents="cowcount.agents:AGENTS",
    narrator="cowcount.narrate",
    renderer="cowcount.render",
    codec="cowcount.codec:Codec",
    variants={"standard": {}, "short": {"max_rounds": 1}},
    order=50,
)
