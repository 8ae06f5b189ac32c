"""The game registry: every game loads, plays, and finds its agents, kernel and renderer; a third
game registered here at run time (a toy card game written in this file, with its own
:class:`~mowkit.spec.GameSpec`) works through the same front doors. The third game shipped as its own
package, found through its entry point, is ``tests/test_third_game.py``."""

from __future__ import annotations

import copy
import importlib
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, ClassVar

import numpy as np
import pytest

import mowkit
from mowkit import OptionError, registry
from mowkit.agents import AGENTS, agent_classes, describe_agents, make_agent
from mowkit.core import Action, Chance, Game, IllegalActionError, State, check_int
from mowkit.events import RoundStarted
from mowkit.games.base import GameBase, StateBase
from mowkit.records import load, replay, save
from mowkit.simulate import play_game, play_state, play_until
from mowkit.spec import GameSpec, GameWords
from mowkit.tournament import kernel_available, tournament
from mowkit.widgets.common import GAME_TITLES, seat_word, state_html

KIT = ("sixnimmt", "mow")


# --------------------------------------------------------------------------- the kit's games


def test_the_kit_registers_both_games_by_name_with_their_class():
    assert registry.names()[:2] == list(KIT)
    for name in KIT:
        entry = registry.get(name)
        assert entry.name == name and entry.game_class().name == name


@pytest.mark.parametrize("name", KIT)
def test_every_registered_game_loads_and_plays_a_seeded_game(name):
    game = registry.load_game(name, players=3)
    assert game.name == name and game.num_players == 3
    assert mowkit.load_game is registry.load_game
    agents = list(agent_classes(name))[:3]
    a = play_game(game, agents, seed=9)
    b = play_game(registry.load_game(name, players=3), agents, seed=9)
    assert a == b and a["over"] and a["game"] == name
    final = replay(a)[-1]
    assert list(final.totals) == a["totals"]


@pytest.mark.parametrize("name", KIT)
def test_agents_kernel_and_renderer_resolve(name):
    entry = registry.get(name)
    classes = entry.agent_classes()
    assert classes == agent_classes(name) and set(describe_agents(name)) == set(classes)
    assert set(AGENTS[name]) == set(classes)
    for spec in entry.kernel_policies:  # every kernel policy names an agent of the game
        assert spec.partition(":")[0] in classes
    kernel = entry.kernel_module()
    assert kernel is importlib.import_module(f"mowkit.games.{name}.kernel")
    state = registry.load_game(name, players=3).new_state(seed=1)
    html = entry.render(state)
    assert html == state_html(state) and html.startswith("<")
    render_module = importlib.import_module(f"mowkit.games.{name}.render")
    assert html == render_module.state_html(state, True)


def test_words_come_from_the_registry_or_the_game():
    assert seat_word("mow") == "farmer" and seat_word("sixnimmt") == "player"
    assert seat_word(registry.load_game("mow", players=3)) == "farmer"
    assert GAME_TITLES["mow"] == "Mow" and GAME_TITLES["sixnimmt"] == "6 nimmt!"
    assert registry.title("sixnimmt") == "6 nimmt!"


def test_unknown_games_are_an_option_error_listing_the_games():
    for bad in ("chess", 3, None):
        with pytest.raises(OptionError) as e:
            registry.load_game(bad)
        assert e.value.option == "game" and "'sixnimmt'" in str(e.value) and "'mow'" in str(e.value)
        with pytest.raises(OptionError):
            agent_classes(bad)
    with pytest.raises(OptionError) as e:
        registry.load_game("mow", colour="red")
    assert e.value.option == "colour" and "players" in str(e.value)


def test_registering_a_taken_name_is_refused():
    with pytest.raises(OptionError) as e:
        registry.register(registry.get("mow"))
    assert e.value.option == "name"


def test_kernel_availability_is_read_from_the_entry():
    six = registry.load_game("sixnimmt", players=3)
    logic = registry.load_game("sixnimmt", players=3, variant="logic")
    assert kernel_available(six, ["random", "greedy", "lowest"])
    assert not kernel_available(logic, ["random", "greedy", "lowest"])  # the kernel does not draft
    assert not kernel_available(six, ["random", "greedy", "mc"])  # mc has no kernel policy


def test_old_aliases_are_gone():
    """Old aliases are removed, not kept: simulate.tournament, mowkit.GAMES."""
    from mowkit import simulate

    assert not hasattr(simulate, "tournament") and not hasattr(simulate, "round_robin")
    assert not hasattr(mowkit, "GAMES")  # the registry knows the games


def test_simulate_does_not_import_tournament():
    """No import cycle: importing mowkit.simulate in a fresh process loads no mowkit.tournament."""
    import subprocess
    import sys

    code = "import sys, mowkit.simulate; print('mowkit.tournament' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --------------------------------------------------------------------------- a third game


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay ``card`` on the trick."""

    game: ClassVar[str] = "toy"
    kind: ClassVar[str] = "lay"
    card: int


@dataclass(frozen=True)
class Toy(GameBase):
    """A toy trick game: 3 cards each, seats lay in turn, the highest card of a trick scores its
    value as penalty for whoever laid it; ``max_rounds`` rounds."""

    players: int = 3
    max_rounds: int = 2
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy tricks"
    seat_word: ClassVar[str] = "trickster"
    penalty_word: ClassVar[str] = "point"
    line_word: ClassVar[str] = "trick"
    threshold: ClassVar[int] = 10**6
    comparison: ClassVar[str] = ">="
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", check_int("players", self.players, 2, 5))
        object.__setattr__(self, "max_rounds", check_int("max_rounds", self.max_rounds, 1))
        object.__setattr__(self, "deck", tuple(range(1, 3 * self.players + 1)))

    @property
    def options(self) -> dict[str, Any]:
        return {"players": self.players, "max_rounds": self.max_rounds}

    @property
    def num_players(self) -> int:
        return self.players

    def penalty(self, card: int) -> int:
        return card

    def label(self, card: int) -> str:
        return str(card)

    def describe(self, action: Action) -> str:
        return toy_describe(self, action)

    def position(self, **kwargs: Any) -> Any:
        raise OptionError("position", kwargs, "no positions in the toy game")


@dataclass(frozen=True)
class ToyObservation:
    game: Any
    player: int
    hand: tuple[int, ...]
    trick: tuple[int, ...]


class ToyState(StateBase):
    def __init__(self, game: Toy, chance: Chance) -> None:
        self.game, self._chance = game, chance
        self.totals = [0] * game.players
        self.round_scores: list[list[int]] = []
        self.deals: list[list[int]] = []
        self.history: list[list[Action]] = []
        self.round_index = -1
        self.phase = "play"
        self.log: list[Any] = []
        self.events: list[Any] = []
        self._deal()
        self.events = []

    @property
    def num_players(self) -> int:
        return self.game.players

    def _deal(self) -> None:
        self.round_index += 1
        order = self._chance.shuffle(self.game.deck, self.round_index)
        self.deals.append(order)
        self.history.append([])
        self.hands = [sorted(order[3 * p : 3 * p + 3]) for p in range(self.game.players)]
        self.trick: list[tuple[int, int]] = []
        self.scores = [0] * self.game.players
        self._emit(RoundStarted(self.round_index, 3))

    def is_over(self) -> bool:
        return self.phase == "over"

    def pending_players(self) -> tuple[int, ...]:
        return () if self.is_over() else (len(self.trick),)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.is_over():
            return []
        p = self.pending_players()[0] if player is None else player
        return [Lay(p, c) for c in self.hands[p]] if p in self.pending_players() else []

    def _check(self, action: Action) -> None:
        if not isinstance(action, Action) or action not in self.legal_actions(action.player):
            raise IllegalActionError("card-in-hand", f"{action!r} is not legal")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Lay)
        self.events = []
        self.history[-1].append(action)
        self.hands[action.player].remove(action.card)
        self.trick.append((action.card, action.player))
        if len(self.trick) == self.game.players:
            card, who = max(self.trick)
            self.scores[who] += card
            self.trick = []
            if not any(self.hands) and not self._score_round(self.scores):
                self._deal()

    def clone(self) -> ToyState:
        return copy.deepcopy(self)

    def observation(self, player: int) -> ToyObservation:
        return ToyObservation(self.game, player, tuple(self.hands[player]), tuple(c for c, _ in self.trick))

    def _places(self) -> Any:
        for p, h in enumerate(self.hands):
            yield h, f"hand {p}"
        yield [c for c, _ in self.trick], "trick"


Toy._state_class = ToyState


class ToyLowest:
    """Always lays its lowest card."""

    name = "lowest"

    def act(self, obs: Any, legal: Any, rng: Any) -> Action:
        return min(legal, key=lambda a: a.card)


class ToyRandom:
    """Lays a random card."""

    name = "random"

    def act(self, obs: Any, legal: Any, rng: Any) -> Action:
        return legal[int(rng.integers(len(legal)))]


def toy_html(state: Any, show_hands: bool | int = True, scale: float = 1.0) -> str:
    return f"<div>toy round {state.round_index + 1}: {state.totals}</div>"


def toy_narrate(game: Any, event: Any) -> str:
    return f"{event.kind}: {event.to_dict()}"


def toy_describe(game: Any, action: Any) -> str:
    return f"lay {action.card}"


class ToyCodec:
    """Lay card ``c`` is index ``c - 1``; no observation vector worth the name."""

    def __init__(self, game: Toy) -> None:
        self.game, self.size = game, len(game.deck)

    def encode(self, action: Any) -> int:
        return int(action.card) - 1

    def decode(self, index: int, legal: Any) -> Action:
        return next(a for a in legal if self.encode(a) == index)

    def mask(self, legal: Any) -> np.ndarray:
        m = np.zeros(self.size, np.int8)
        m[[self.encode(a) for a in legal]] = 1
        return m

    def observation_size(self) -> int:
        return self.size

    def observation_vector(self, obs: Any) -> np.ndarray:
        v = np.zeros(self.size, np.float32)
        for c in () if obs is None else obs.hand:
            v[c - 1] = 1
        return v

    def redeal(self, state: Any, player: int, rng: Any) -> Any:
        return state.clone()


TOY_SPEC = GameSpec(
    name="toy",
    words=GameWords(title="Toy tricks", seat="trickster", penalties="points"),
    game=Toy,
    agents={"lowest": ToyLowest, "random": ToyRandom},
    narrator=SimpleNamespace(narrate=toy_narrate, describe=toy_describe),
    renderer=SimpleNamespace(state_html=toy_html, card_svg=lambda *a, **k: "<svg/>", card_back_svg=lambda *a: "<svg/>"),
    codec=ToyCodec,
    variants={"standard": {}, "short": {"max_rounds": 1}},
)


@pytest.fixture
def toy():
    entry = registry.register(TOY_SPEC)
    yield entry
    registry.unregister("toy")
    assert "toy" not in registry.names()


def test_a_registered_third_game_works_through_the_kit_without_other_edits(toy, tmp_path):
    assert "toy" in registry.names()
    game = mowkit.load_game("toy", players=3)
    assert isinstance(game, Toy) and isinstance(game, Game) and isinstance(game.new_state(seed=0), State)
    with pytest.raises(OptionError) as e:
        mowkit.load_game("toy", colour="red")
    assert e.value.option == "colour" and "max_rounds" in str(e.value)
    assert set(agent_classes("toy")) == {"lowest", "random"} and "toy" in importlib.import_module("mowkit.agents").AGENTS
    assert describe_agents("toy")["lowest"] == "Always lays its lowest card."
    assert isinstance(make_agent("toy", "random"), ToyRandom)
    # a seeded game: same seed, same record; its record saves, loads and replays
    record = play_game("toy", ["lowest", "random", "random"], seed=4)
    assert record == play_game(game, ["lowest", "random", "random"], seed=4)
    assert record["game"] == "toy" and record["over"] and len(record["rounds"]) == 2
    assert record["totals"] == [sum(r["scores"][s] for r in record["rounds"]) for s in range(3)]
    back = load(save(record, tmp_path / "toy.json"))
    assert back == json.loads(json.dumps(record))
    # the deals of the record play the same game again
    assert play_game(game, ["lowest", "random", "random"], seed=4,
                     deals=[r["deal"] for r in record["rounds"]]) == record
    # the words and the drawing come from the spec
    state = play_state(game, ["lowest"] * 3, seed=1)
    assert state_html(state) == toy_html(state)
    assert seat_word("toy") == "trickster" and GAME_TITLES["toy"] == "Toy tricks"
    # a tournament: seeded, engine backend (no kernel), the penalty word on charts
    df = tournament("toy", ["lowest", "random", "random"], 6, 2, progress=False, players=3)
    assert df.attrs["backend"] == "engine" and set(df["agent"]) == {"lowest", "random"}
    assert not kernel_available(game, ["lowest"] * 3)
    from mowkit.plots import _penalty_word

    assert _penalty_word(df) == "points"


def test_the_toy_engine_is_a_real_game(toy):
    """The toy game's own rules, checked by hand: every card is laid once a round, and the
    penalties are the highest card of each trick."""
    state = mowkit.load_game("toy", players=2, max_rounds=1).new_state(deals=[[1, 2, 3, 4, 5, 6]])
    assert state.hands == [[1, 2, 3], [4, 5, 6]]
    play_until(state, lambda s, p: min(s.legal_actions(p), key=lambda a: a.card))
    assert state.round_scores == [[0, 4 + 5 + 6]]
    with pytest.raises(IllegalActionError):
        mowkit.load_game("toy", players=2).new_state(seed=1).apply(Lay(1, 1))


def test_play_until_stops_when_asked():
    game = registry.load_game("sixnimmt", players=3)
    state = game.new_state(seed=3)
    agents = [make_agent("sixnimmt", "lowest") for _ in range(3)]
    rngs = [np.random.default_rng(i) for i in range(3)]
    seen = []
    play_until(state, agents, rngs, stop=lambda s: s.round_index > 0, after=lambda s, p, a: seen.append((p, a)))
    assert state.round_index == 1 and len(state.round_scores) == 1 and not state.history[1]
    assert [a for _, a in seen] == state.history[0] and all(a.player == p for p, a in seen)
    whole = play_state(game, ["lowest"] * 3, seed=0, deals=state.deals + [list(game.deck)] * 20)
    assert whole.round_scores[0] == state.round_scores[0]  # lowest plays no randomness
    with pytest.raises(OptionError):
        play_until(state, agents, None)
