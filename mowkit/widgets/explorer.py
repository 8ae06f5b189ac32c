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
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio

from mowkit import plots, registry
from mowkit.core import OptionError, RecordError
from mowkit.results import summary
from mowkit.widgets.common import GAME_TITLES, agent_dropdown, button
from mowkit.widgets.stepper import Stepper


class _Variants(Mapping[str, Mapping[str, Mapping[str, Any]]]):
    """A live view: game name -> its registry entry's ``variants``."""

    def __getitem__(self, name: str) -> Mapping[str, Mapping[str, Any]]:
        if name not in registry.names():
            raise KeyError(name)
        return registry.get(name).variants

    def __iter__(self) -> Iterator[str]:
        return iter(registry.names())

    def __len__(self) -> int:
        return len(registry.names())


VARIANTS: Mapping[str, Mapping[str, Mapping[str, Any]]] = _Variants()
"""Game name -> named option sets offered as variants (each game's ``variants`` in :mod:`mowkit.registry`)."""

DEFAULT_AGENTS = ("greedy", "heuristic", "random")


def default_agents(players: int) -> list[str]:
    """Greedy, heuristic, then random players in the remaining seats."""
    return [DEFAULT_AGENTS[min(i, len(DEFAULT_AGENTS) - 1)] for i in range(players)]


def figure_output(fig: go.Figure) -> dict[str, Any]:
    """The display message of a plotly figure (its mime bundle), for an ``Output`` widget."""
    spec = json.loads(pio.to_json(fig, validate=False))
    spec.setdefault("config", {})
    title = fig.layout.title.text or "figure"
    return {
        "output_type": "display_data",
        "data": {"application/vnd.plotly.v1+json": spec, "text/plain": f"<plotly figure: {title}>"},
        "metadata": {},
    }


class OutcomeExplorer(widgets.VBox):
    """Choose game, players, agents, variant, number of games and seed; run; see the charts.

    Args:
        game: ``"sixnimmt"`` or ``"mow"``.
        players: number of seats.
        agents: one agent spec per seat (default: greedy, heuristic, then random).
        variant: a name of :data:`VARIANTS` for the game.
        n_games: games (or rounds with ``unit="round"``) to play.
        seed: the tournament seed.
        unit: ``"game"`` (whole games) or ``"round"`` (single rounds).
        run: run the tournament at once.
    """

    def __init__(self, game: str = "sixnimmt", players: int = 4, agents: Sequence[str] | None = None,
                 variant: str = "standard", n_games: int = 20, seed: int = 1, unit: str = "game",
                 run: bool = False) -> None:
        self.table: pd.DataFrame | None = None
        self.summary: pd.DataFrame | None = None
        self.figures: dict[str, go.Figure] = {}
        self.stepper: Stepper | None = None
        self.error = ""
        self.progress_calls: list[tuple[int, int]] = []

        self.game = widgets.Dropdown(options=[(GAME_TITLES[g], g) for g in VARIANTS], value=game,
                                     description="game")
        self.players = widgets.BoundedIntText(value=players, min=2, max=10, description="players",
                                              layout=widgets.Layout(width="160px"))
        self.variant = widgets.Dropdown(options=list(VARIANTS[game]), value=variant, description="variant")
        self.unit = widgets.Dropdown(options=[("whole games", "game"), ("single rounds", "round")],
                                     value=unit, description="unit")
        self.n_games = widgets.BoundedIntText(value=n_games, min=1, max=100_000, description="games",
                                              layout=widgets.Layout(width="180px"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="seed",
                                           layout=widgets.Layout(width="180px"))
        self.agents_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.run_button = button("run tournament", style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=n_games, description="progress")
        self.status = widgets.HTML()
        self.summary_html = widgets.HTML()
        self.charts = widgets.Output()
        self.charts.add_class("mowkit-charts")
        self.pick = widgets.BoundedIntText(value=0, min=0, max=max(0, n_games - 1), description="game no.",
                                           layout=widgets.Layout(width="180px"))
        self.open_button = button("open in stepper", "replay this game in the stepper")
        self.worst_button = button("worst round ⚠", "open the round with the highest penalty")
        self.stepper_box = widgets.VBox()
        self._build_agents(list(agents) if agents is not None else default_agents(players))

        self.game.observe(self._game_changed, names="value")
        self.players.observe(lambda _: self._build_agents(), names="value")
        self.run_button.on_click(lambda _: self.run())
        self.open_button.on_click(lambda _: self._open_clicked())
        self.worst_button.on_click(lambda _: self._worst_clicked())
        super().__init__([
            widgets.HBox([self.game, self.players, self.variant]),
            widgets.HBox([self.unit, self.n_games, self.seed]),
            widgets.HTML("<b>agents by seat</b>"), self.agents_box,
            widgets.HBox([self.run_button, self.progress]), self.status, self.summary_html,
            self.charts, widgets.HBox([self.pick, self.open_button, self.worst_button]), self.stepper_box,
        ])
        self.add_class("mowkit-explorer")
        if run:
            self.run()

    # ------------------------------------------------------------------ controls
    @property
    def agent_specs(self) -> list[str]:
        """The agent chosen for each seat."""
        return [d.value for d in self.agents_box.children]

    def _build_agents(self, agents: Sequence[str] | None = None) -> None:
        n = self.players.value
        old = list(agents) if agents is not None else self.agent_specs
        want = [old[i] if i < len(old) else default_agents(n)[i] for i in range(n)]
        self.agents_box.children = [agent_dropdown(self.game.value, a, f"seat {i}") for i, a in enumerate(want)]

    def _game_changed(self, change: Any = None) -> None:
        self.variant.options = list(VARIANTS[self.game.value])
        self.variant.value = "standard"
        self._build_agents(default_agents(self.players.value))

    def _on_progress(self, done: int, total: int) -> None:
        self.progress_calls.append((done, total))
        self.progress.max = total
        self.progress.value = done

    # ------------------------------------------------------------------ running
    def options(self) -> dict[str, Any]:
        """The game options of the current choice (players and the variant's options)."""
        return {"players": self.players.value, **VARIANTS[self.game.value][self.variant.value]}

    def run(self) -> pd.DataFrame | None:
        """Run the chosen tournament, update the summary and the charts; returns the table."""
        from mowkit.tournament import tournament

        self.progress.value = 0
        self.progress.max = self.n_games.value
        self.progress_calls = []
        self.status.value = "running …"
        try:
            # the rule engine, so that every game of the table can be replayed in the stepper
            # exactly (the compiled kernels draw random players' choices from another stream)
            df = tournament(self.game.value, self.agent_specs, self.n_games.value, self.seed.value,
                            unit=self.unit.value, progress=self._on_progress, backend="engine",
                            **self.options())
        except (OptionError, ValueError) as e:
            self.error = str(e)
            self.status.value = f'<span style="color:#b00020">Cannot run: {html.escape(str(e))}</span>'
            return None
        self.error = ""
        self.table = df
        self.summary = summary(df)
        games = int(df["game"].nunique())
        self.pick.max = games - 1
        self.pick.value = min(self.pick.value, games - 1)
        unit = "rounds" if self.unit.value == "round" else "games"
        self.status.value = (f"{games} {unit} of {GAME_TITLES[self.game.value]} "
                             f"({self.variant.value}), seed {self.seed.value}.")
        cols = ["agent", "games", "mean_penalty", "penalty_lo", "penalty_hi", "wins", "win_rate",
                "win_lo", "win_hi"]
        note = html.escape(str(self.summary.attrs.get("interval", "")))
        self.summary_html.value = (self.summary[cols].to_html(index=False, float_format=lambda x: f"{x:.3f}")
                                   + (f'<div style="font-size:0.85em;color:#555">Intervals: {note}</div>'
                                      if note else ""))
        per = "round" if self.unit.value == "round" else "game"
        self.figures = {"penalties": plots.penalty_histogram(df, per=per), "wins": plots.win_rate_bars(df)}
        if per == "game":
            self.figures["totals"] = plots.score_trajectories(df)
        self.charts.outputs = tuple(figure_output(f) for f in self.figures.values())
        return df

    # ------------------------------------------------------------------ opening games
    def worst_round(self) -> tuple[int, int]:
        """``(game, round)`` of the row with the highest penalty (the first such row)."""
        if self.table is None:
            raise ValueError("run a tournament first")
        row = self.table.loc[self.table["penalty"].idxmax()]
        return int(row["game"]), int(row["round"])

    def replay_game(self, game_index: int) -> dict[str, Any]:
        """The record of game ``game_index`` of the table, replayed from its seed and seat agents.

        The replay is checked against the table (final totals per seat); a mismatch is an error.
        """
        from mowkit import load_game
        from mowkit.agents import make_agent
        from mowkit.records import to_record
        from mowkit.simulate import play_state
        from mowkit.tournament import parse_agent_spec, seat_streams

        if self.table is None:
            raise ValueError("run a tournament first")
        rows = self.table[self.table["game"] == game_index].sort_values(["round", "seat"])
        if rows.empty:
            raise ValueError(f"no game {game_index} in the table")
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
        if list(state.totals) != want:
            raise RecordError("tournament table", f"game {game_index}",
                              f"replay gives totals {state.totals}, the table {want}")
        return to_record(state, seed=seed, agents=names)

    def open_game(self, game_index: int, round_index: int | None = None) -> Stepper:
        """Open game ``game_index`` in a stepper (at the start of ``round_index`` if given)."""
        record = self.replay_game(game_index)
        stepper = Stepper(record)
        if round_index is not None:
            stepper.goto_round(round_index)
        self.stepper = stepper
        where = f", round {round_index + 1}" if round_index is not None else ""
        self.stepper_box.children = [widgets.HTML(f"<b>Game {game_index}{where}</b>"), stepper]
        return stepper

    def open_worst_round(self) -> Stepper:
        """Open the round with the highest penalty in a stepper, at the start of that round."""
        g, r = self.worst_round()
        self.pick.value = g
        return self.open_game(g, r)

    def _open_clicked(self) -> None:
        try:
            self.open_game(self.pick.value)
        except (ValueError, RecordError) as e:
            self.status.value = f'<span style="color:#b00020">{html.escape(str(e))}</span>'

    def _worst_clicked(self) -> None:
        try:
            self.open_worst_round()
        except (ValueError, RecordError) as e:
            self.status.value = f'<span style="color:#b00020">{html.escape(str(e))}</span>'


def outcome_explorer(game: str = "sixnimmt", players: int = 4, agents: Sequence[str] | None = None,
                     n_games: int = 20, seed: int = 1, run: bool = True, **kwargs: Any) -> OutcomeExplorer:
    """An :class:`OutcomeExplorer`, run at once by default."""
    return OutcomeExplorer(game, players, agents, n_games=n_games, seed=seed, run=run, **kwargs)
