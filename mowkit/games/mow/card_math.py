"""Small ipywidgets explorers of the Mow card math (:mod:`mowkit.games.mow.odds`).

The widgets hold no rules and no math: they read their fields, call the odds functions (which ask
the engine what fits where) and show the resulting tables for people (:mod:`mowkit.widgets.tables`:
headers in words, chances in %, cows by their names). Each explorer keeps its last table in
``.table`` and its last result in ``.result`` (both ``None`` after an error, whose message is
shown instead), so it can be driven and checked without a browser. Every label is made in the
current language and made again when it changes (:func:`mowkit.i18n.set_language`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import pandas as pd

from mowkit.core import check_choice
from mowkit.games.mow.odds import (
    EXAMPLE_HERDS,
    compare_hand_summary,
    hand_flies_table,
    herd_odds_from_text,
    must_take_table,
    packets_for,
)
from mowkit.i18n import N_, _, counted, ngettext, number, on_language_change
from mowkit.widgets.common import with_switch
from mowkit.widgets.tables import chance_text, estimate_check, for_people, html_table, value_text

_BY_PLAYERS = "by players"
_STYLE = {"description_width": "initial"}

#: the packets, as a person reads them (value -> English text)
PACKET_NAMES: dict[str, str] = {
    "green": N_("the green packet"),
    "yellow": N_("the yellow packet"),
    "both": N_("both packets"),
}

#: the ``quantity`` texts of :func:`mowkit.games.mow.odds.compare_hand_summary` -> what a person reads
QUANTITIES: dict[str, str] = {
    "mean flies": N_("flies on average"),
    "variance of flies": N_("variance of the flies (how spread out they are)"),
    "P(no flies)": N_("chance of no flies at all"),
    "P(at least one special)": N_("chance of at least one special cow"),
    "P(a random unseen card fits)": N_("chance that a random unseen card fits"),
    "P(must take with 5 cards)": N_("chance of having to take the herd with 5 cards"),
}

#: the ``kind`` values of the Mow card table -> the word a person reads
KINDS: dict[str, str] = {
    "plain": N_("plain cow"),
    "blocking": N_("blocking cow"),
    "acrobat": N_("acrobat"),
    "slowpoke": N_("slowpoke"),
    "calf": N_("calf"),
    "thin": N_("thin cow"),
    "dairy": N_("dairy cow"),
    "mad": N_("mad cow"),
    "all": N_("all"),
}


def packets_text(packets: str) -> str:
    """``"green"`` -> "the green packet" (in the current language)."""
    return _(PACKET_NAMES.get(str(packets), str(packets)))


def cow_name(game: Any, card: int, value: int | None = None, *, packet: bool = False) -> str:
    """A Mow card by its name in the current language: ``7 (2 flies)``, ``acrobat 9``, ``slowpoke``.

    Args:
        game: the :class:`~mowkit.games.mow.Mow` whose cards these are.
        card: the card id.
        value: the number a slowpoke or calf stands for in a herd (shown as ``slowpoke (6)``).
        packet: add the packet's colour (when both packets are in play).
    """
    c = game.cards[card]
    name = game.label(card)  # the engine's name of the card, as the stepper and the narration say it
    if value is not None and c.kind in ("slowpoke", "calf"):
        name = f"{name} ({value})"
    if packet:
        colour = _("green") if str(c.code).startswith("G") else _("yellow")
        name = f"{name}, {colour}"
    return name


def herd_names(view: Any) -> str:
    """The cows of a herd (a :class:`~mowkit.games.mow.odds.HerdView`) by their names, lowest first."""
    g = view.game
    both = view.packets == "both"
    return "; ".join(cow_name(g, c, v if g.numbers[c] is None else None, packet=both) for v, c in view.line)


def summary_table(result: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.mow.odds.compare_hand_summary` for people (exact beside simulated)."""
    chances = [q.startswith("P(") for q in result["quantity"]]

    def shown(column: str) -> list[str]:
        return [chance_text(v) if is_chance else value_text(v) for v, is_chance in zip(result[column], chances)]

    return pd.DataFrame({
        _("what is measured"): [_(QUANTITIES.get(q, q)) for q in result["quantity"]],
        _("exact"): shown("exact"),
        _("simulated"): shown("simulated"),
    }, index=range(1, len(result) + 1))


def flies_distribution_table(table: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.mow.odds.hand_flies_table` for people (flies, hands, chances)."""
    cols = [c for c in ("flies", "ways", "exact", "cumulative") if c in table.columns]
    return for_people(table, cols, headers={"exact": "chance"})


def must_take_people(table: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.mow.odds.must_take_table` for people."""
    return for_people(table, ["k", "exact"], headers={"k": "cards in their hand",
                                                      "exact": "chance they must take the herd"})


def fitting_cards_table(view: Any, fit: pd.DataFrame) -> pd.DataFrame:
    """The unseen cards that fit (rows of ``herd_odds(...)["table"]``) by name, kind and flies."""
    both = view.packets == "both"
    rows = fit.loc[fit["fits"]]
    return pd.DataFrame({
        _("card"): [cow_name(view.game, int(c), packet=both) for c in rows["card"]],
        _("kind of cow"): [_(KINDS.get(k, k)) for k in rows["kind"]],
        _("flies"): [number(int(f)) for f in rows["flies"]],
    }, index=range(1, len(rows) + 1))


def check_table(result: pd.DataFrame, *, first: str | None = None) -> pd.DataFrame:
    """A comparison of :mod:`mowkit.games.mow.odds` (``compare_hand_summary``, ``compare_herd_odds``) for people:
    each quantity exact, simulated with its 95 % confidence interval, and whether the exact value
    lies inside it. ``first``: a column of ``result`` shown first (e.g. ``"herd"``)."""
    chances = [str(q).startswith("P(") for q in result["quantity"]]
    ex, sim, ci, ok = estimate_check(result["exact"], result["simulated"], result["se"], chances)
    out: dict[str, list[str]] = {}
    if first is not None:
        out[_(first)] = [str(v) for v in result[first]]
    out[_("what is measured")] = [_(QUANTITIES.get(q, q)) for q in result["quantity"]]
    out[_("exact")] = ex
    out[_("simulated")] = sim
    out[_("95 % confidence interval of the simulation")] = ci
    out[_("exact value inside?")] = [_("yes") if x else _("no") for x in ok]
    return pd.DataFrame(out, index=range(1, len(result) + 1))


def fit_summary_table(df: pd.DataFrame) -> pd.DataFrame:
    """The table of :func:`mowkit.games.mow.odds.herd_fit_summary` for people (kinds of cow by name)."""
    return for_people(df, ["kind", "unseen", "fitting", "share"],
                      headers={"share": "share that fits"},
                      formats={"kind": lambda k: _(KINDS.get(k, k)), "share": chance_text})


def _packet_options() -> list[tuple[str, str]]:
    return [(_("as the rules say for this many farmers"), _BY_PLAYERS)] + [
        (packets_text(p), p) for p in ("green", "yellow", "both")]


def _set_options(dropdown: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """New option texts, the same choice (the caller keeps its observers quiet meanwhile)."""
    value = dropdown.value
    dropdown.options = options
    dropdown.value = value


class HandFliesExplorer(widgets.VBox):
    """Pick the farmers (or the packets) and the hand size; see the exact flies distribution.

    ``.result`` holds :func:`~mowkit.games.mow.odds.compare_hand_summary` (exact beside a seeded
    simulation of ``trials`` hands) and ``.table`` the flies table.
    """

    def __init__(
        self,
        players: int = 4,
        packets: str | None = None,
        k: int = 5,
        trials: int = 20_000,
        seed: int = 0,
        language_switch: bool = True,
    ) -> None:
        self.trials, self.seed = trials, seed
        self._quiet = False
        self.players = widgets.IntSlider(value=players, min=2, max=10, style=_STYLE)
        self.packets = widgets.Dropdown(options=_packet_options(), value=packets or _BY_PLAYERS, style=_STYLE,
                                        layout=widgets.Layout(width="26em"))
        self.k = widgets.IntSlider(value=k, min=1, max=10, style=_STYLE)
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        self.result: pd.DataFrame | None = None
        self.deck = ""
        for w in (self.players, self.packets, self.k):
            w.observe(self._update, names="value")
        super().__init__(with_switch([self.players, self.packets, self.k, self.output], language_switch))
        self._labels()
        self._update()
        self._unregister = on_language_change(self._language_changed, weak=True)

    def _labels(self) -> None:
        self.players.description = _("farmers")
        self.players.tooltip = _("how many farmers play: 2 to 5 play with one packet, 6 to 10 with both")
        self.packets.description = _("packets")
        self.packets.tooltip = _("which cards are shuffled")
        self.k.description = _("cards in the hand")
        self.k.tooltip = _("how many cards the hand holds")
        self._quiet = True
        try:
            _set_options(self.packets, _packet_options())
        finally:
            self._quiet = False

    def _language_changed(self, lang: str) -> None:
        self._labels()
        self._update()

    def _update(self, change: object = None) -> None:
        if self._quiet:
            return
        packets = self.packets.value
        self.deck = packets_for(self.players.value) if packets == _BY_PLAYERS else packets
        self.table = hand_flies_table(self.k.value, self.deck)
        self.result = compare_hand_summary(self.k.value, self.deck, self.trials, self.seed)
        p0 = self.result["exact"].iloc[2]
        sentence = _("A hand of {cards} from {deck}: the chance of no flies at all is {chance}.").format(
            cards=counted("card", self.k.value), deck=packets_text(self.deck), chance=chance_text(p0))
        note = _("Exact: counted from the cards. Simulated: {hands} dealt by the computer with seed {seed} "
                 "(the seed fixes the shuffles, so the same seed gives the same hands again).").format(
            hands=ngettext("{n} hand", "{n} hands", self.trials).format(n=number(self.trials)),
            seed=self.seed)
        self.output.value = (
            f"<p>{html.escape(sentence)}</p>"
            + html_table(summary_table(self.result))
            + f"<p><small>{html.escape(note)}</small></p>"
            + html_table(flies_distribution_table(self.table))
        )


def hand_flies_explorer(
    players: int = 4, packets: str | None = None, k: int = 5, trials: int = 20_000, seed: int = 0
) -> HandFliesExplorer:
    """A :class:`HandFliesExplorer` (``packets=None``: the packets the engine uses for ``players``)."""
    return HandFliesExplorer(players, packets, k, trials, seed)


class HerdOddsExplorer(widgets.VBox):
    """Edit a herd, the acrobats on it, my hand, the cards seen, the packets and the hand size of
    the farmer to play; see which unseen cards still fit and the chance of a forced take.

    Text fields: codes or ids separated by spaces; a slowpoke or calf in the herd as
    ``CODE=value``; acrobats as ``ACROBAT@TARGET``. ``.result`` holds
    :func:`~mowkit.games.mow.odds.herd_odds_from_text`, ``.table`` the must-take table for 1..10 cards.
    """

    def __init__(
        self,
        herd: str,
        hand: str = "",
        seen: str = "",
        acrobats: str = "",
        packets: str = "green",
        k: int = 5,
        language_switch: bool = True,
    ) -> None:
        wide = widgets.Layout(width="34em")
        self._quiet = False
        self.herd = widgets.Text(value=herd, style=_STYLE, layout=wide)
        self.acrobats = widgets.Text(value=acrobats, style=_STYLE, layout=wide)
        self.hand = widgets.Text(value=hand, style=_STYLE, layout=wide)
        self.seen = widgets.Text(value=seen, style=_STYLE, layout=wide)
        self.packets = widgets.Dropdown(options=[(packets_text(p), p) for p in ("green", "yellow", "both")],
                                        value=packets, style=_STYLE)
        self.k = widgets.IntSlider(value=k, min=1, max=10, style=_STYLE)
        self.output = widgets.HTML()
        self.table: pd.DataFrame | None = None
        self.result: dict[str, Any] | None = None
        fields = [self.herd, self.acrobats, self.hand, self.seen, self.packets, self.k]
        for w in fields:
            w.observe(self._update, names="value")
        super().__init__(with_switch([*fields, self.output], language_switch))
        self._labels()
        self._update()
        self._unregister = on_language_change(self._language_changed, weak=True)

    def _labels(self) -> None:
        self.herd.description = _("herd")
        self.herd.tooltip = _("the cows of the herd by their codes, lowest first; "
                              "a slowpoke or calf with the number it stands for, e.g. G-SLOW-1=6")
        self.acrobats.description = _("acrobats")
        self.acrobats.tooltip = _("acrobats standing on a cow of the herd, e.g. G-ACRO-7@G-7-0")
        self.hand.description = _("my hand")
        self.hand.tooltip = _("the codes of the cows in my hand, e.g. G-8-0 G-SLOW-1")
        self.seen.description = _("cards seen")
        self.seen.tooltip = _("other cows I have already seen (they cannot be in the other farmer's hand)")
        self.packets.description = _("packets")
        self.packets.tooltip = _("which cards are in the game")
        self.k.description = _("cards in their hand")
        self.k.tooltip = _("how many cards the farmer who plays next holds")
        self._quiet = True
        try:
            _set_options(self.packets, [(packets_text(p), p) for p in ("green", "yellow", "both")])
        finally:
            self._quiet = False

    def _language_changed(self, lang: str) -> None:
        self._labels()
        self._update()

    def _update(self, change: object = None) -> None:
        if self._quiet:
            return
        try:
            res = herd_odds_from_text(
                self.herd.value,
                self.hand.value,
                self.seen.value,
                self.acrobats.value,
                self.packets.value,
                self.k.value,
            )
            table = must_take_table(res["view"], range(1, min(10, res["unseen"]) + 1))
        except ValueError as e:
            self.table = self.result = None
            self.output.value = "<b>{}</b> {}".format(html.escape(_("Cannot compute:")), html.escape(str(e)))
            return
        self.result, self.table = res, table
        view = res["view"]
        fit = res["table"]
        mine = res["hand_table"]
        herd = _("The herd now: {cows}.").format(cows=herd_names(view))
        fits = ngettext("{fitting} of the {unseen} card you have not seen can still be added to the herd: "
                        "a random one of them fits with a chance of {chance}.",
                        "{fitting} of the {unseen} cards you have not seen can still be added to the herd: "
                        "a random one of them fits with a chance of {chance}.",
                        res["unseen"]).format(fitting=number(res["fitting"]), unseen=number(res["unseen"]),
                                              chance=chance_text(res["p_fit"]))
        must = ngettext("A farmer holding {n} random card you have not seen has no cow that fits, and must "
                        "take the herd, with a chance of {chance}.",
                        "A farmer holding {n} random cards you have not seen has no cow that fits, and must "
                        "take the herd, with a chance of {chance}.",
                        res["k"]).format(n=number(res["k"]), chance=chance_text(res["p_must_take"]))
        parts = [f"<p>{html.escape(herd)}</p>", f"<p>{html.escape(fits)} {html.escape(must)}</p>"]
        if len(mine):
            mine_fit = [cow_name(view.game, int(c), packet=view.packets == "both")
                        for c in mine.loc[mine["fits"], "card"]]
            text = _("My cows that fit: {cows}.").format(cows="; ".join(mine_fit)) if mine_fit \
                else _("None of my cows fits: I must take the herd.")
            parts.append(f"<p>{html.escape(text)}</p>")
        parts.append(html_table(must_take_people(table)))
        parts.append("<p>{}</p>".format(html.escape(_("The cards you have not seen that fit:"))))
        parts.append(html_table(fitting_cards_table(view, fit)))
        self.output.value = "".join(parts)


def herd_odds_explorer(
    herd: str | None = None,
    hand: str = "",
    seen: str = "",
    acrobats: str = "",
    packets: str | None = None,
    k: int = 5,
    example: str = "open",
) -> HerdOddsExplorer:
    """A :class:`HerdOddsExplorer`; without ``herd``, the herd (and packets) of ``EXAMPLE_HERDS``."""
    if herd is None:
        ex = EXAMPLE_HERDS[check_choice("example", example, EXAMPLE_HERDS)]
        herd = " ".join(
            f"{i[0]}={i[1]}" if isinstance(i, tuple) else str(i) for i in ex["herd"]
        )
        packets = packets or ex["packets"]
    return HerdOddsExplorer(herd, hand, seen, acrobats, packets or "green", k)
