"""Building blocks shared by the game widgets: drawing a state, naming seats, agent pickers.

Nothing here decides a rule: drawings come from each game's renderer (:mod:`mowkit.registry`), sentences from the
engine's ``events`` and ``Mow.describe``, choices from ``state.legal_actions``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from mowkit import registry
from mowkit.agents import describe_agents
from mowkit.core import GameState
from mowkit.i18n import _, get_language, on_language_change, set_language
from mowkit.plots import agent_name

GAME_TITLES: Mapping[str, str] = registry.Titles()
"""Game name -> the title a person reads (a live view of :mod:`mowkit.registry`)."""


def state_html(state: GameState, show_hands: bool | int = True) -> str:
    """The drawing of a state of any registered game (all hands, one seat's hand, or none)."""
    return registry.spec_of(state.game).render(state, show_hands)


def seat_word(game: object) -> str:
    """What a seat is called (``player`` in 6 nimmt!, ``farmer`` in Mow); ``game`` is a name or a game."""
    return registry.seat_word(game)


ALL_HANDS = "all"
"""The perspective value for "all hands open" (a string: ``True == 1`` would clash with seat 1)."""


def perspective_options(game_name: object, players: int) -> list[tuple[str, str | int]]:
    """Dropdown options: all hands open (:data:`ALL_HANDS`), then one seat's view per seat."""
    word = _(seat_word(game_name))
    return [(_("all hands open"), ALL_HANDS)] + [
        (_("only what {seat} {n} sees").format(seat=word, n=p + 1), p) for p in range(players)]


def show_hands(perspective: bool | str | int) -> bool | int:
    """The ``show_hands`` argument of the drawings for a perspective value (True/"all" or a seat)."""
    if perspective is True or perspective == ALL_HANDS:
        return True
    if isinstance(perspective, bool):
        return perspective
    return int(perspective)


def sentences_html(lines: Sequence[str]) -> str:
    """Engine sentences as an HTML list."""
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(s)}</li>" for s in lines)
    return f'<ul style="margin:2px 0 2px 1.2em;padding:0">{items}</ul>'


def agent_dropdown(game_name: str, value: str, description: str = "") -> widgets.Dropdown:
    """A dropdown of the agents of ``game_name``; each option's tooltip is its description."""
    names = list(describe_agents(game_name))
    if value not in names:
        names.append(value)
    return widgets.Dropdown(options=[(agent_name(n), n) for n in names], value=value, description=description,
                            layout=widgets.Layout(width="220px"))


def button(description: str, tooltip: str = "", style: str = "", width: str = "auto") -> widgets.Button:
    """A button with the kit's default look."""
    return widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                          layout=widgets.Layout(width=width))


# --------------------------------------------------------------------------- the language switch


class _LanguageToggle(widgets.ToggleButtons):
    """English / Русский, bound to :func:`mowkit.i18n.set_language` both ways."""

    def __init__(self) -> None:
        super().__init__(options=[("English", "en"), ("Русский", "ru")], value=get_language(),
                         style={"button_width": "auto"})
        self.add_class("mowkit-language")
        self.observe(self._chosen, names="value")
        self._unregister = on_language_change(self._sync, weak=True)

    def _chosen(self, change: Mapping[str, str]) -> None:
        set_language(change["new"])

    def _sync(self, lang: str) -> None:
        if self.value != lang:  # type: ignore[has-type]
            self.value = lang

    def close(self) -> None:
        """Close the switch and stop following the language."""
        self._unregister()
        super().close()


def language_toggle() -> widgets.ToggleButtons:
    """ToggleButtons "English" / "Русский" that set the kit's language and follow its changes."""
    return _LanguageToggle()


def with_switch(children: Sequence[widgets.Widget], language_switch: bool = True) -> list[widgets.Widget]:
    """A widget's children with the English/Русский switch first (``language_switch=False``: as they are).

    Every widget of the kit shows the switch when used on its own; an app with one switch for
    all its tabs builds them with ``language_switch=False``.
    """
    return ([language_toggle()] if language_switch else []) + list(children)
