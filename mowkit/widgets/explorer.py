"""Explore the outcomes of seeded tournaments: pick the game, players, agents, variant and size.

*run* calls :func:`mowkit.tournament.tournament` with a progress bar (its ``progress``
callback drives an ``IntProgress``), shows a summary with 95 % intervals and the plotly figures
of :mod:`mowkit.plots`, and any game of the table (or the round with the most penalty) opens in
a :class:`~mowkit.widgets.stepper.Stepper`: the game is replayed from its seed and its seats'
agents, and checked against the table.

    from mowkit.widgets import OutcomeExplorer
    OutcomeExplorer("mow", players=3, n_games=30, seed=6, run=True)

Public attributes for scripts and tests: ``table`` (the tournament's tidy table), ``summary``,
``figures`` (name -> ``go.Figure``), ``stepper`` (the game opened last), ``progress``.
"""

from __future__ import annotations

import html
import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypedDict, Unpack

import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio

from mowkit import load_game, plots, registry
from mowkit.agents import make_agent
from mowkit.core import JSONObject, JSONValue, OptionError, RecordError, SomeGame, check_choice
from mowkit.i18n import _, counted, number, on_language_change
from mowkit.plots import agent_name
from mowkit.records import to_record
from mowkit.results import readable, summary
from mowkit.simulate import play_state
from mowkit.tournament import parse_agent_spec, seat_streams, tournament
from mowkit.widgets.common import GAME_TITLES, agent_dropdown, button, with_switch
from mowkit.widgets.stepper import Stepper


class _Variants(Mapping[str, Mapping[str, Mapping[str, JSONValue]]]):
    """A live view: game name -> its registry entry's ``variants``."""

    def __getitem__(self, name: str) -> Mapping[str, Mapping[str, JSONValue]]:
        if name not in registry.names():
            raise KeyError(name)
        return registry.get(name).variants

    def __iter__(self) -> Iterator[str]:
        return iter(registry.names())

    def __len__(self) -> int:
        return len(registry.names())


VARIANTS: Mapping[str, Mapping[str, Mapping[str, JSONValue]]] = _Variants()
"""Game name -> named option sets offered as variants (each game's ``variants`` in :mod:`mowkit.registry`)."""

DEFAULT_AGENTS = ("greedy", "heuristic", "lowest", "random")
"""The agents a new explorer seats, in this order of preference (those the game has)."""

FAST = "fast"
EXACT = "exact"
BACKENDS = {FAST: "auto", EXACT: "engine"}
"""The explorer's two ways to play: ``fast`` (the compiled kernels when every seat's agent has one,
else the rule engine) and ``exact`` (the rule engine: every game of the table replays exactly)."""


def default_agents(players: int, game: str | None = None) -> list[str]:
    """The game's agents of :data:`DEFAULT_AGENTS` that its compiled kernel plays (greedy, heuristic or
    lowest first, random in the remaining seats), so that the default table runs in the kernels."""
    pool = list(DEFAULT_AGENTS)
    if game is not None:
        spec = registry.get(game)
        fast = [a for a in DEFAULT_AGENTS if a in spec.kernel_policies]
        pool = fast or [a for a in DEFAULT_AGENTS if a in spec.agent_classes()] or list(spec.agent_classes())
    first = [a for a in pool if a != "random"][:2] + (["random"] if "random" in pool else [])
    first = first or pool
    return [first[min(i, len(first) - 1)] for i in range(players)]


def kernel_plays_all(game: str, agents: Sequence[str]) -> bool:
    """True when the game's compiled kernel plays every one of ``agents`` exactly."""
    policies = registry.get(game).kernel_policies
    return bool(policies) and all(a in policies for a in agents)


def draws_at_random(game: str, agents: Sequence[str]) -> bool:
    """True when one of the agents draws its choices at random (its class says so,
    ``draws_at_random``): the kernels draw them from their own stream."""
    classes = registry.get(game).agent_classes()
    return any(getattr(classes.get(parse_agent_spec(a)[0]), "draws_at_random", False) for a in agents)


def figure_output(fig: go.Figure) -> JSONObject:
    """The display message of a plotly figure (its mime bundle), for an ``Output`` widget."""
    spec = json.loads(pio.to_json(fig, validate=False))
    spec.setdefault("config", {})
    title = fig.layout.title.text or "figure"
    return {
        "output_type": "display_data",
        "data": {"application/vnd.plotly.v1+json": spec, "text/plain": f"<plotly figure: {title}>"},
        "metadata": {},
    }


TABLE_STYLE = ("<style>.mowkit-summary th, .mowkit-summary td {padding: 4px 14px; text-align: right;"
               " white-space: nowrap} .mowkit-summary th:first-child, .mowkit-summary td:first-child"
               " {text-align: left}</style>")
"""Space between the summary's columns, so that its headers never run together."""


def summary_html(table: pd.DataFrame, game: object = None) -> str:
    """The summary of a tournament as an HTML table for people (:func:`mowkit.results.readable`).

    Headers in words ("heads per round", "win rate, 95 % interval"), agents by their names,
    rates in %, and under the table how the intervals were made.
    """
    cols = [c for c in ("agent", "games", "mean_penalty", "wins", "win_rate") if c in table.columns]
    shown = readable(table, game, columns=cols, interval=False)
    note = str(table.attrs.get("interval", ""))
    text = TABLE_STYLE + shown.to_html(index=False, escape=True, border=0, classes="mowkit-table mowkit-summary")
    if note:
        text += ('<div style="font-size:0.85em;color:#555">'
                 + html.escape(_("The intervals: {how}.").format(how=note)) + "</div>")
    return text


class OutcomeExplorer(widgets.VBox):
    """Choose game, players, agents, variant, number of games and seed; run; see the charts.

    Args:
        game: a registered game's name (default: the first, :func:`mowkit.registry.default_name`).
        players: number of seats.
        agents: one agent spec per seat (default: greedy, heuristic, then random).
        variant: a name of :data:`VARIANTS` for the game.
        n_games: games (or rounds with ``unit="round"``) to play.
        seed: the tournament seed.
        unit: ``"game"`` (whole games) or ``"round"`` (single rounds).
        run: run the tournament at once.
    """

    def __init__(self, game: str | None = None, players: int = 4, agents: Sequence[str] | None = None,
                 variant: str = "standard", n_games: int = 20, seed: int = 1, unit: str = "game",
                 run: bool = False, language_switch: bool = True, speed: str = FAST) -> None:
        game = registry.default_name() if game is None else game
        check_choice("speed", speed, tuple(BACKENDS))
        self.table: pd.DataFrame | None = None
        self.summary: pd.DataFrame | None = None
        self.figures: dict[str, go.Figure] = {}
        self.stepper: Stepper | None = None
        self.error = ""
        self.progress_calls: list[tuple[int, int]] = []

        self.game = widgets.Dropdown(options=[(GAME_TITLES[g], g) for g in VARIANTS], value=game)
        self.players = widgets.BoundedIntText(value=players, min=2, max=10, layout=widgets.Layout(width="160px"))
        self.variant = widgets.Dropdown(options=[(_(k), k) for k in VARIANTS[game]], value=variant)
        self.unit = widgets.Dropdown(options=[("", "game"), ("", "round")], value=unit)
        self.speed = widgets.Dropdown(options=[("", FAST), ("", EXACT)], value=speed,
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.backend = ""  # the backend the last run played on: "kernel" or "engine"
        self.seconds = 0.0  # how long the last run's games took (without the summary and charts)
        self.run_seed = seed  # the seed of the table shown
        self._thread: threading.Thread | None = None
        self.n_games = widgets.BoundedIntText(value=n_games, min=1, max=100_000, layout=widgets.Layout(width="180px"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, layout=widgets.Layout(width="260px"),
                                          style={"description_width": "initial"})
        self.agents_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.run_button = button("", style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=n_games)
        self.status = widgets.HTML()
        self._status_text: Callable[[], str] | None = None  # () -> the status sentence, made again in a new language
        self._per = "game"
        self.summary_html = widgets.HTML()
        self.charts = widgets.Output()
        self.charts.add_class("mowkit-charts")
        # games are numbered from 1 for people (the table's ``game`` column counts from 0)
        self.pick = widgets.BoundedIntText(value=1, min=1, max=max(1, n_games), layout=widgets.Layout(width="180px"))
        self.open_button = button("")
        self.worst_button = button("")
        self.agents_heading = widgets.HTML()
        self.stepper_box = widgets.VBox()
        self._label()
        self._build_agents(list(agents) if agents is not None else default_agents(players, game))

        self.game.observe(self._game_changed, names="value")
        self.players.observe(lambda _: self._build_agents(), names="value")
        self.run_button.on_click(lambda _: self.run_in_background())
        self.open_button.on_click(lambda _: self._open_clicked())
        self.worst_button.on_click(lambda _: self._worst_clicked())
        super().__init__(with_switch([
            widgets.HBox([self.game, self.players, self.variant]),
            widgets.HBox([self.unit, self.n_games, self.seed]), self.speed,
            self.agents_heading, self.agents_box,
            widgets.HBox([self.run_button, self.progress]), self.status, self.summary_html,
            self.charts, widgets.HBox([self.pick, self.open_button, self.worst_button]), self.stepper_box,
        ], language_switch))
        self.add_class("mowkit-explorer")
        self._unregister = on_language_change(self._language_changed, weak=True)
        if run:
            self.run()

    def _label(self) -> None:
        """Every label, option and tooltip in the current language."""
        self.game.description = _("game")
        self.players.description = _("players")
        self.variant.description = _("variant")
        variant = self.variant.value
        self.variant.options = [(_(k), k) for k in VARIANTS[self.game.value]]
        self.variant.value = variant
        unit = self.unit.value
        self.unit.options = [(_("whole games"), "game"), (_("single rounds"), "round")]
        self.unit.value = unit
        self.unit.description = _("play")
        speed = self.speed.value
        self.speed.options = [(_("fast (compiled players where they exist)"), FAST),
                              (_("exact replays (the rule engine, slower)"), EXACT)]
        self.speed.value = speed
        self.speed.description = _("speed")
        self.speed.tooltip = _("fast: the compiled players play the table; exact: the rule engine plays it, "
                               "and every game opens in the stepper exactly as it was played")
        self.n_games.description = _("games")
        self.seed.description = _("seed")
        self.seed.tooltip = _("the seed fixes every shuffle: the same seed gives the same games")
        self.run_button.description = _("run tournament")
        self.run_button.tooltip = _("play the games and show the results")
        self.progress.description = _("played")
        self.pick.description = _("game no.")
        self.open_button.description = _("open in stepper")
        self.open_button.tooltip = _("replay this game in the stepper")
        self.worst_button.description = _("worst round ⚠")
        self.worst_button.tooltip = _("open the round with the highest penalty")
        self.agents_heading.value = "<b>" + html.escape(_("computer players by seat")) + "</b>"
        for i, dropdown in enumerate(self.agents_box.children):
            dropdown.description = _("seat {n}").format(n=i + 1)
            chosen = dropdown.value
            dropdown.options = [(agent_name(v), v) for _label, v in dropdown.options]
            dropdown.value = chosen

    def _language_changed(self, lang: str) -> None:
        """Draw the labels, the status, the summary and the charts again in the new language."""
        self._label()
        if self._status_text is not None:
            self.status.value = html.escape(self._status_text())
        if self.table is not None and self.summary is not None:
            self.summary = summary(self.table)  # its interval text is made in the reader's language
            self.summary_html.value = summary_html(self.summary, self._game())
            self._draw_figures()

    def close(self) -> None:
        """Stop following the language, then close the widget."""
        unregister = getattr(self, "_unregister", None)  # absent when the options were refused
        if unregister is not None:
            unregister()
        super().close()

    # ------------------------------------------------------------------ controls
    @property
    def agent_specs(self) -> list[str]:
        """The agent chosen for each seat."""
        return [d.value for d in self.agents_box.children]

    def _build_agents(self, agents: Sequence[str] | None = None) -> None:
        n = self.players.value
        old = list(agents) if agents is not None else self.agent_specs
        want = [old[i] if i < len(old) else default_agents(n, self.game.value)[i] for i in range(n)]
        self.agents_box.children = [agent_dropdown(self.game.value, a, _("seat {n}").format(n=i + 1)) for i, a in enumerate(want)]

    def _game_changed(self, change: Mapping[str, object] | None = None) -> None:
        self.variant.options = [(_(k), k) for k in VARIANTS[self.game.value]]
        self.variant.value = "standard"
        self._build_agents(default_agents(self.players.value, self.game.value))

    def _on_progress(self, done: int, total: int) -> None:
        self.progress_calls.append((done, total))
        self.progress.max = total
        self.progress.value = done

    # ------------------------------------------------------------------ running
    def _game(self) -> SomeGame | None:
        """The game of the current choice (for the words of the summary: heads or flies)."""
        try:
            return load_game(self.game.value, **self.options())
        except (OptionError, ValueError):
            return None

    def options(self) -> dict[str, Any]:  # Any: the game options go to tournament(**options)
        """The game options of the current choice (players and the variant's options)."""
        return {"players": self.players.value, **VARIANTS[self.game.value][self.variant.value]}

    def run_in_background(self) -> threading.Thread | None:
        """Run the chosen tournament in a thread, so that the page answers while the games are played
        (the progress bar moves; the run button waits). Returns the thread, or None if a run is on."""
        if self._thread is not None and self._thread.is_alive():
            return None
        self._thread = threading.Thread(target=self.run, name="mowkit-explorer", daemon=True)
        self._thread.start()
        return self._thread

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a run started by the run button (:meth:`run_in_background`) to finish."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _backend(self) -> str:
        """``"auto"`` (the kernels when every seat's agent has one) or ``"engine"``, from the speed choice."""
        return BACKENDS[self.speed.value]

    def run(self) -> pd.DataFrame | None:
        """Run the chosen tournament, update the summary and the charts; returns the table.

        With the speed ``fast`` the compiled kernels play when every seat's agent has one (a
        thousand games in well under a second once compiled), otherwise the rule engine plays.
        """
        self.progress.value = 0
        self.progress.max = self.n_games.value
        self.progress_calls = []
        self._status_text = None
        self.status.value = html.escape(_("running …"))
        self.run_button.disabled = True
        started = time.perf_counter()
        try:
            df = tournament(self.game.value, self.agent_specs, self.n_games.value, self.seed.value,
                            unit=self.unit.value, progress=self._on_progress, backend=self._backend(),
                            **self.options())
        except (OptionError, ValueError) as e:
            self.error = str(e)
            text = _("Cannot run: {why}").format(why=e)
            self._status_text = None
            self.status.value = f'<span style="color:#b00020">{html.escape(text)}</span>'
            return None
        finally:
            self.run_button.disabled = False
        self.error = ""
        self.table = df
        self.backend = str(df.attrs.get("backend", "engine"))
        self.seconds = time.perf_counter() - started
        self.run_seed = int(self.seed.value)
        self.summary = summary(df)
        self._show_run(df, self.seconds)
        return df

    def _show_run(self, df: pd.DataFrame, seconds: float) -> None:
        """The status sentence, the summary and the charts of a finished run."""
        games = int(df["game"].nunique())
        self.pick.max = games
        self.pick.value = min(self.pick.value, games)
        self.progress.max = max(1, games)
        self.progress.value = games
        per = "round" if self.unit.value == "round" else "game"
        title, variant, seed, backend = GAME_TITLES[self.game.value], self.variant.value, self.seed.value, self.backend

        def status() -> str:
            played = _("{played} of {title} ({variant}), seed {seed}.").format(
                played=counted(per, games), title=title, variant=_(variant), seed=seed)
            how = (_("The compiled players played them in {seconds} s.") if backend == "kernel"
                   else _("The rule engine played them in {seconds} s."))
            return played + " " + how.format(seconds=number(round(seconds, 2)))

        self._status_text = status
        self._per = per
        self.status.value = html.escape(status())
        self.summary_html.value = summary_html(self.summary, self._game())
        self._draw_figures()

    def _draw_figures(self) -> None:
        """The charts of the table, in the current language."""
        df, per = self.table, self._per
        self.figures = {"penalties": plots.penalty_histogram(df, per=per), "wins": plots.win_rate_bars(self.summary if self.summary is not None else df)}
        if per == "game":
            self.figures["totals"] = plots.score_trajectories(df)
        self.charts.outputs = tuple(figure_output(f) for f in self.figures.values())

    # ------------------------------------------------------------------ opening games
    def worst_round(self) -> tuple[int, int]:
        """``(game, round)`` of the row with the highest penalty (the first such row)."""
        if self.table is None:
            raise ValueError(_("run a tournament first"))
        row = self.table.loc[self.table["penalty"].idxmax()]
        return int(row["game"]), int(row["round"])

    def replay_game(self, game_index: int) -> JSONObject:
        """The record of game ``game_index`` of the table, replayed from its seed and seat agents.

        The replay is checked against the table (final totals per seat); a mismatch is an error.
        """
        if self.table is None:
            raise ValueError(_("run a tournament first"))
        rows = self.table[self.table["game"] == game_index].sort_values(["round", "seat"])
        if rows.empty:
            raise ValueError(_("no game {n} in the table").format(n=game_index + 1))
        prov = self.table.attrs.get("provenance") or {}
        game = load_game(prov["game"], **prov["options"])
        first = rows[rows["round"] == rows["round"].min()]
        names = list(first["agent"])
        players = [make_agent(game.name, n, **k) for n, k in map(parse_agent_spec, names)]
        seed = int(first["seed"].iloc[0])
        n = game.num_players
        rotation = int(first["rotation"].iloc[0])
        state = play_state(game, players, seed=seed, agent_streams=seat_streams(n, rotation))
        want = [int(t) for t in first["final_total"]]
        if self.redrawn(names):  # the kernels drew the random choices from their own stream
            return to_record(state, seed=seed, agents=names)
        if list(state.totals) != want:
            raise RecordError("tournament table", f"game {game_index}",
                              f"replay gives totals {state.totals}, the table {want}")
        return to_record(state, seed=seed, agents=names)

    def redrawn(self, agents: Sequence[str] | None = None) -> bool:
        """True when a game of the table, opened in the stepper, draws its random choices again:
        the compiled players played the table and one of its agents plays at random (the rule
        engine's replay deals the same cards; the random choices come from the engine's own stream)."""
        names = list(agents) if agents is not None else (
            [] if self.table is None else list(dict.fromkeys(self.table["agent"].astype(str))))
        prov = {} if self.table is None else (self.table.attrs.get("provenance") or {})
        return self.backend == "kernel" and draws_at_random(str(prov.get("game", self.game.value)), names)

    def open_game(self, game_index: int, round_index: int | None = None) -> Stepper:
        """Open game ``game_index`` in a stepper (at the start of ``round_index`` if given)."""
        record = self.replay_game(game_index)
        # the game's own seed is a long number derived from the tournament's: the heading names the
        # tournament's seed and the game's number instead
        stepper = Stepper(record, show_seed=False, language_switch=False)
        if round_index is not None:
            stepper.goto_round(round_index)
        self.stepper = stepper
        seed = self.run_seed
        if round_index is None:
            title = _("Game {n} of the tournament with seed {seed}").format(n=game_index + 1, seed=seed)
        else:
            title = _("Game {n} of the tournament with seed {seed}, round {r}").format(
                n=game_index + 1, seed=seed, r=round_index + 1)
        heading = f"<b>{html.escape(title)}</b>"
        if self.redrawn():
            heading += ("<div>" + html.escape(_(
                "The same cards as in the table; the random players choose again in this replay (the "
                "compiled players draw their random choices in another order). Choose \"exact replays\" "
                "to open every game exactly as the table has it.")) + "</div>")
        self.stepper_box.children = [widgets.HTML(heading), stepper]
        return stepper

    def open_worst_round(self) -> Stepper:
        """Open the round with the highest penalty in a stepper, at the start of that round."""
        g, r = self.worst_round()
        self.pick.value = g + 1
        return self.open_game(g, r)

    def _open_clicked(self) -> None:
        try:
            self.open_game(self.pick.value - 1)
        except (ValueError, RecordError) as e:
            self.status.value = f'<span style="color:#b00020">{html.escape(str(e))}</span>'

    def _worst_clicked(self) -> None:
        try:
            self.open_worst_round()
        except (ValueError, RecordError) as e:
            self.status.value = f'<span style="color:#b00020">{html.escape(str(e))}</span>'


class ExplorerOptions(TypedDict, total=False):
    """The other keywords of :class:`OutcomeExplorer`."""

    variant: str
    unit: str
    language_switch: bool


def outcome_explorer(game: str | None = None, players: int = 4, agents: Sequence[str] | None = None,
                     n_games: int = 20, seed: int = 1, run: bool = True, **kwargs: Unpack[ExplorerOptions]) -> OutcomeExplorer:
    """An :class:`OutcomeExplorer`, run at once by default."""
    return OutcomeExplorer(game, players, agents, n_games=n_games, seed=seed, run=run, **kwargs)
