"""Small ipywidgets explorers of the 6 nimmt! card math (:mod:`mowkit.games.sixnimmt.odds`).

The widgets hold no rules and no math: they read their fields, call the odds functions and show
the resulting table for people (:mod:`mowkit.widgets.tables`: headers in words, chances in %,
rows from 1). Each explorer keeps the last table for code in ``.table`` (``None`` after an
error, whose message is shown instead), so it can be driven and checked without a browser.
Every label is made in the current language and made again when it changes
(:func:`mowkit.i18n.set_language`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets
import pandas as pd

from mowkit.games.sixnimmt.cards_svg import sixnimmt_label
from mowkit.games.sixnimmt.odds import (
    full_deck,
    hand_heads_moments,
    hand_heads_table,
    safest_card_from_text,
    tactics_deck,
)
from mowkit.i18n import N_, _, counted, ngettext, number, on_language_change
from mowkit.widgets.common import with_switch
from mowkit.widgets.tables import (
    chance_text,
    estimate_check,
    for_people,
    html_table,
    percent_text,
    row_text,
    value_text,
)

FULL_DECK = 0
"""The value of the "full deck" choice of :class:`HandHeadsExplorer` (any other value: Tactics for p players)."""

_RISK_COLUMNS = ["rank", "card", "goes_to", "p_sixth", "p_lowest", "p_take", "expected_heads"]
_STYLE = {"description_width": "initial"}


def goes_to_text(row: Any) -> str:
    """Where a card goes now, for people: ``row 3`` (from 1) or lower than every row (Rule 4)."""
    if row is None or row is pd.NA or (isinstance(row, float) and math.isnan(row)):
        return _("lower than every row (Rule 4: takes a row)")
    return row_text(row)


def risk_table(df: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.sixnimmt.odds.safest_card` (or ``card_risk``) for people."""
    cols = [c for c in _RISK_COLUMNS if c in df.columns]
    shown = df.assign(goes_to=df["row"]) if "row" in df.columns else df
    return for_people(shown, cols, formats={"goes_to": goes_to_text, "card": lambda c: sixnimmt_label(int(c))})


def heads_distribution_table(df: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.sixnimmt.odds.hand_heads_table` for people (heads, hands, chances)."""
    cols = [c for c in ("heads", "ways", "exact", "cumulative") if c in df.columns]
    return for_people(df, cols, headers={"exact": "chance"})


def rows_table(df: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.sixnimmt.odds.row_table` for people: each row from 1, its cards and heads,
    and what the opponents' cards may do to it this turn."""
    return for_people(df, ["row", "cards", "heads", "n_landing", "p_hit", "expected_added"])


def model_chances_table(df: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.sixnimmt.rollout_model.card_chances` for people: each card, the heads
    it would take now, and how likely the planner's model of a good player is to lay it."""
    return for_people(df, ["card", "heads_now", "model_chance"],
                      headers={"heads_now": N_("heads it would take now"),
                               "model_chance": N_("chance a good player lays it (the planner's model)")},
                      formats={"card": lambda c: sixnimmt_label(int(c)), "model_chance": chance_text})


def card_check_table(check: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.sixnimmt.odds.compare_card_risk` for people: for each card the exact chance
    of taking cards and the heads to expect, beside the simulated turn with its 95 % confidence
    interval, and whether the exact value lies inside it. ``attrs``: ``inside`` and ``lines`` (how
    many of the intervals hold the exact value, out of how many)."""
    n = len(check)
    p_ex, p_sim, p_ci, p_ok = estimate_check(check["p_take"], check["p_take_sim"], check["se"], [True] * n)
    h_ex, h_sim, h_ci, h_ok = estimate_check(check["expected_heads_exact"], check["expected_heads_sim"],
                                             check["heads_se"], [False] * n)
    yes, no = _("yes"), _("no")
    out = pd.DataFrame({
        _("card"): [sixnimmt_label(int(c)) for c in check["card"]],
        _("chance of taking cards, exact"): p_ex,
        _("simulated (95 % confidence interval)"): [f"{a} ({b})" for a, b in zip(p_sim, p_ci)],
        _("heads to expect, exact"): h_ex,
        _("heads simulated (95 % confidence interval)"): [f"{a} ({b})" for a, b in zip(h_sim, h_ci)],
        _("both exact values inside?"): [yes if a and b else no for a, b in zip(p_ok, h_ok)],
    }, index=range(1, n + 1))
    out.attrs.update(inside=int(sum(p_ok) + sum(h_ok)), lines=2 * n)
    return out


def shortcut_table(check: pd.DataFrame) -> pd.DataFrame:
    """The simple formula beside the exact model and the simulated turn (from ``compare_card_risk``)."""
    return pd.DataFrame({
        _("card"): [sixnimmt_label(int(c)) for c in check["card"]],
        _("chance of taking cards, simple formula"): [percent_text(p) for p in check["p_take_simple"]],
        _("chance of taking cards, exact"): [chance_text(p) for p in check["p_take"]],
        _("chance of taking cards, simulated"): [percent_text(p) for p in check["p_take_sim"]],
    }, index=range(1, len(check) + 1))


class SafestCardExplorer(widgets.VBox):
    """Edit a hand, the rows, the cards seen and the number of opponents; see the cards ranked."""

    def __init__(
        self,
        hand: str,
        rows: str,
        seen: str = "",
        opponents: int = 3,
        capacity: int = 5,
        deck: Iterable[int] | None = None,
        language_switch: bool = True,
    ) -> None:
        self.deck = tuple(deck) if deck is not None else None
        self.capacity = capacity
        wide = widgets.Layout(width="32em")
        self.hand = widgets.Text(value=hand, style=_STYLE, layout=wide)
        self.rows = widgets.Textarea(value=rows, style=_STYLE, layout=widgets.Layout(width="32em", height="7em"))
        self.seen = widgets.Text(value=seen, style=_STYLE, layout=wide)
        self.opponents = widgets.IntSlider(value=opponents, min=1, max=9, style=_STYLE)
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        for w in (self.hand, self.rows, self.seen, self.opponents):
            w.observe(self._update, names="value")
        super().__init__(with_switch([self.hand, self.rows, self.seen, self.opponents, self.output], language_switch))
        self._labels()
        self._update()
        self._unregister = on_language_change(self._language_changed, weak=True)

    def _labels(self) -> None:
        """Labels, tooltips and placeholders in the current language."""
        self.hand.description = _("my hand")
        self.hand.tooltip = _("the card numbers in my hand, separated by spaces")
        self.hand.placeholder = _("for example: 2 22 42")
        self.rows.description = _("rows")
        self.rows.tooltip = _("the cards of each row from the first to the last, one row per line (or | between rows)")
        self.rows.placeholder = _("one row per line, or | between rows")
        self.seen.description = _("cards seen")
        self.seen.tooltip = _("cards I have already seen elsewhere (played earlier): they cannot come now")
        self.seen.placeholder = _("for example: 1 3 18")
        self.opponents.description = _("opponents")
        self.opponents.tooltip = _("how many other players put down a card this turn")

    def _language_changed(self, lang: str) -> None:
        self._labels()
        self._update()

    def _update(self, change: object = None) -> None:
        try:
            df = safest_card_from_text(
                self.hand.value,
                self.rows.value,
                self.seen.value,
                self.opponents.value,
                self.capacity,
                self.deck,
            )
        except ValueError as e:
            self.table = None
            self.output.value = "<b>{}</b> {}".format(html.escape(_("Cannot compute:")), html.escape(str(e)))
            return
        self.table = df
        best = df.iloc[0]
        sentence = _("Safest card: <b>{card}</b>. With it you can expect {heads} heads, and the chance that "
                     "it takes cards is {chance}.").format(
            card=html.escape(sixnimmt_label(int(best["card"]))),
            heads=html.escape(value_text(best["expected_heads"])),
            chance=html.escape(chance_text(best["p_take"])))
        note = ngettext("(Against {n} opponent whose card is a random card you have not seen.)",
                        "(Against {n} opponents whose cards are random cards you have not seen.)",
                        self.opponents.value).format(n=number(self.opponents.value))
        self.output.value = f"<p>{sentence} {html.escape(note)}</p>" + html_table(risk_table(df))


def safest_card_explorer(
    hand: str,
    rows: str,
    seen: str = "",
    opponents: int = 3,
    capacity: int = 5,
    deck: Iterable[int] | None = None,
) -> SafestCardExplorer:
    """A :class:`SafestCardExplorer` for the position typed as text (see ``safest_card_from_text``)."""
    return SafestCardExplorer(hand, rows, seen, opponents, capacity, deck)


def _deck_options() -> list[tuple[str, int]]:
    """The deck choices in the current language: the full deck, then Tactics for 2..10 players."""
    options = [(_("full deck (cards 1 to 104)"), FULL_DECK)]
    for p in range(2, 11):
        options.append((ngettext("Tactics, {n} player (cards 1 to {top})", "Tactics, {n} players (cards 1 to {top})",
                                 p).format(n=number(p), top=number(len(tactics_deck(p)))), p))
    return options


class HandHeadsExplorer(widgets.VBox):
    """Pick a hand size and a deck (full or Tactics for p players); see the exact heads distribution."""

    def __init__(self, k: int = 10, players: int | None = None, language_switch: bool = True) -> None:
        self.k = widgets.IntSlider(value=k, min=1, max=20, style=_STYLE)
        self.players = widgets.Dropdown(options=_deck_options(), value=FULL_DECK if players is None else players,
                                        style=_STYLE, layout=widgets.Layout(width="26em"))
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        self._quiet = False
        self.k.observe(self._update, names="value")
        self.players.observe(self._update, names="value")
        super().__init__(with_switch([self.k, self.players, self.output], language_switch))
        self._labels()
        self._update()
        self._unregister = on_language_change(self._language_changed, weak=True)

    def _labels(self) -> None:
        """Labels, tooltips and the deck choices in the current language (the choice is kept)."""
        self.k.description = _("cards in the hand")
        self.k.tooltip = _("how many cards the hand holds")
        self.players.description = _("deck")
        self.players.tooltip = _("the full deck, or the smaller deck of the Tactics variant for that many players")
        value = self.players.value
        self._quiet = True
        try:
            self.players.options = _deck_options()
            self.players.value = value
        finally:
            self._quiet = False

    def _language_changed(self, lang: str) -> None:
        self._labels()
        self._update()

    def _update(self, change: object = None) -> None:
        if self._quiet:
            return
        players = self.players.value
        deck = full_deck() if players in (None, FULL_DECK) else tactics_deck(players)
        k = self.k.value
        df = hand_heads_table(k, deck)
        mean, var = hand_heads_moments(k, deck)
        self.table = df
        sentence = _("A hand of {cards} from {deck}: on average {mean} heads; most hands are within about "
                     "{spread} heads of that (the standard deviation).").format(
            cards=counted("card", k), deck=counted("card", len(deck)), mean=value_text(mean),
            spread=number(math.sqrt(var), 1))
        self.output.value = f"<p>{html.escape(sentence)}</p>" + html_table(heads_distribution_table(df))


def hand_heads_explorer(k: int = 10, players: int | None = None) -> HandHeadsExplorer:
    """A :class:`HandHeadsExplorer` (``players=None``: the full deck; else the Tactics deck)."""
    return HandHeadsExplorer(k, players)
