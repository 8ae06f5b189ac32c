"""Every registered game as an OpenSpiel Python game: ``pyspiel.load_game("mowkit_<game>", {...})``
(``"mowkit_sixnimmt"``, ``"mowkit_mow"``).

Importing this module registers every game of :func:`mowkit.registry.specs` with
``pyspiel.register_game`` (it needs the ``openspiel`` extra: ``pip install mowkit[openspiel]``); a
game registered later is added with :func:`register`. The rules are the kit's engines; the adapter
only translates, through the game's codec (:func:`mowkit.adapters.codec_of`).

* **Chance**: explicit, card by card. A round's deck order is dealt at chance nodes, one card per
  node, each of the cards not dealt yet equally likely (the outcome is the card's id); only the
  first ``codec.dealt_cards()`` places of the order are dealt this way (the cards the rules use:
  in 6 nimmt! the hands and the row starters; in Mow the whole deck, hands then the draw pile),
  the rest follow in deck order. A round's cards are dealt before the round before it is played
  (the first two rounds at the start, then the next one at each round's start), never seen by
  anyone until their round starts: the same game as dealing at the round's start, and the engine
  always has its next deal. So the first information state of a player is its hand and the public
  cards: it never identifies the deal, and the histories of one information set are every way to
  deal the cards it does not see.
* **Rounds**: a game with ``max_rounds=0`` (no limit) stops after :data:`ROUND_CAP` rounds (its
  lowest totals win, as with ``max_rounds``), so that ``max_game_length`` (``ROUND_CAP`` or
  ``max_rounds``, times the codec's ``decisions_per_round``) is a true bound; games run far
  shorter (6 nimmt! with 2 players and one card per hand to 66: about 215 rounds on average).
* **Seeded games**: with the parameter ``seed`` (an integer from 0 to 2**31 - 1, OpenSpiel's
  integer parameters being C++ ``int``; default -1: none) the game is the one
  :class:`mowkit.match.Match` deals for that seed (:func:`mowkit.simulate.play_game`'s seeding
  rule, :func:`mowkit.core.deal_rng`): the first chance node has one outcome (0) and every round
  is dealt from the seed's deal stream (no further chance node). Bots made by :func:`match_bots`
  draw as the match's agents do (:func:`mowkit.match.agent_rng`), so the same seed and agents
  play the same game as ``play_game`` (:meth:`_State.record` is its record).
* **Moves**: sequential. 6 nimmt!'s simultaneous card choice is in its turn-based form: the seats
  that still choose play one after another, lowest seat first, face down (no other seat sees the
  card until all are revealed). Rule 4's row choice, the professional tie and the logic draft are
  decisions of their player. Action indices: the game's codec (:func:`mowkit.adapters.codec_of`).
* **Information**: imperfect, perfect recall. The information-state string of a player lists
  what it saw, in order: at each round's start its observation (its hand and the table), then
  every move as ``seat: action index`` (``?`` for another seat's face-down card) with the
  events it caused (the engine's events are public: a revealed card is in them, a face-down one
  is not), and after its own moves its hand (cards drawn). The observation string is the current
  observation (:func:`mowkit.adapters.observation_text`). Tensors: the observation tensor is
  the codec's ``observation_vector``; the information-state tensor is the current observation,
  the observation at the round's start and the round's moves as the player saw them (seat,
  action index once visible, cards it drew): perfect recall within the round; earlier rounds
  enter through the totals only (every round is dealt afresh), while the string keeps them all.
  Observers with ``private_info=PrivateInfoType.NONE`` show the public part only: no hand, every
  face-down card hidden, no drawn card. Strings and tensors are made when asked for, from the
  moves kept as data (nothing is written after every move).
* **Rewards**: at the end only. ``utility="win"`` (default, constant-sum: the shares sum to 1):
  each winner gets ``1/k`` when ``k`` seats share the win, the others 0. ``utility="penalty"``
  (general-sum): minus the player's total (heads or flies), so every point counts.
* Parameters: the engine's options the codec exposes (``framework_parameters``: ``players``,
  ``threshold``, ``max_rounds`` with 0 for no limit, and per game ``rows``, ``capacity``,
  ``hand_size``, ``variant`` (names joined by ``+``), ``auto_row``; or ``packets`` ("" for the
  engine default), ``specials``, ``restart``), plus ``utility`` and ``seed``.
* ``resample_from_infostate(player, sampler)`` (used by OpenSpiel's ISMCTS) returns a world
  consistent with what the player saw: the cards it cannot see are permuted at random
  (the codec's ``resample_cards``: their places in the deck orders and another seat's face-down
  card) and later deals are dealt again. The world is a state of the same game without ``seed``
  whose ``history()`` replays it: it is made directly (the codec's ``relabel_state``) while its
  history is recorded, or, where the codec gives no ``relabel_state`` (and for seeded games), by
  replaying that history. The player's information state is unchanged.
* OpenSpiel's C++ bots that search with the game's states (its C++ MCTS and ISMCTS) cannot drive
  these Python games; use the Python ``open_spiel.python.algorithms`` ones (ISMCTS, MCTS, CFR,
  exploitability) or the bots here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

import numpy as np
import pyspiel

from mowkit import registry
from mowkit.adapters import codec_of, observation_text
from mowkit.agents import make_agent
from mowkit.core import Chance, OptionError, deal_rng
from mowkit.i18n import _
from mowkit.match import Guarded, agent_rng, game_root, private_copies
from mowkit.records import to_record
from mowkit.spec import GameSpec

PREFIX = "mowkit_"
"""OpenSpiel's short name of a game is this prefix and the game's registry name."""
FRAMEWORK_DEFAULTS: dict[str, Any] = {"utility": "win", "seed": -1}
"""The adapter's own parameters (after the game's), with their defaults."""
ROUND_CAP = 1000
"""The rounds a game with ``max_rounds=0`` (no limit) plays at most through the adapter."""
GAIN = 3
"""Cards a move may put in its player's hand, per move in the information-state tensor."""
_UTILITIES = ("win", "penalty")


def short_name(spec: GameSpec) -> str:
    """OpenSpiel's short name of a registered game (``"mowkit_" + name``)."""
    return PREFIX + spec.name


def _game_type(name: str, long_name: str, defaults: dict[str, Any], utility: Any) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


class _Rules:
    """What every state of one game shares (never copied when a state is cloned)."""

    def __init__(self, game: Any, codec: Any, seed: int | None, utility: str, cap: int) -> None:
        self.game = game
        self.codec = codec
        self.n = int(game.players)
        self.seed = seed
        self.utility = utility
        self.cap = cap
        self.deck = tuple(sorted(int(c) for c in game.deck))
        self.dealt = int(codec.dealt_cards())
        self.per_round = int(codec.decisions_per_round())
        self.max_card = max(self.deck)
        self.obs_size = int(codec.observation_size())
        self.slot = self.n + 2 + GAIN

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self


class _Game(pyspiel.Game):
    """A kit game for OpenSpiel (one subclass per registered game, see :func:`register`)."""

    spec_name = ""
    game_type: pyspiel.GameType = None
    constant_sum_type: pyspiel.GameType = None
    defaults: dict[str, Any] = {}
    options_codec: Any = None  # the default game's codec: turns parameters into engine options

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**self.defaults, **(params or {})}
        if p["utility"] not in _UTILITIES:
            raise OptionError("utility", p["utility"], "one of 'win', 'penalty'")
        if isinstance(p["seed"], bool) or not isinstance(p["seed"], int) or p["seed"] < -1:
            raise OptionError("seed", p["seed"], "an integer >= 0 (a seeded game), or -1 (chance deals)")
        options = self.options_codec.engine_options(p)
        limited = registry.load_game(self.spec_name, **options)
        cap = getattr(limited, "max_rounds", None)
        if cap is None:  # no limit: the adapter's cap makes max_game_length a true bound
            cap = ROUND_CAP
            limited = registry.load_game(self.spec_name, **{**options, "max_rounds": cap})
        self.params = p
        self.engine_game = limited
        codec: Any = codec_of(limited)
        self.codec = codec
        self.utility = p["utility"]
        self.seed: int | None = None if p["seed"] < 0 else int(p["seed"])
        """The seed of a seeded game (parameter ``seed``), or None: chance deals."""
        self.rules = _Rules(limited, codec, self.seed, self.utility, int(cap))
        self._unseeded: _Game | None = None
        g: Any = limited
        if self.utility == "win":
            lo, hi, total, game_type = 0.0, 1.0, 1.0, self.constant_sum_type
        else:
            worst = min(g.threshold + codec.deck_penalty(), cap * codec.deck_penalty())
            lo, hi, total, game_type = -float(worst), 0.0, None, self.game_type
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.size,
            max_chance_outcomes=self.rules.max_card + 1,
            num_players=self.rules.n,
            min_utility=lo,
            max_utility=hi,
            utility_sum=total,
            max_game_length=cap * self.rules.per_round,
        )
        super().__init__(game_type, info, p)

    def max_chance_nodes_in_history(self) -> int:
        """At most one deal per round, ``dealt_cards`` chance nodes each (a seeded game: one node)."""
        return 1 if self.seed is not None else self.rules.cap * self.rules.dealt

    def new_initial_state(self) -> _State:
        """The start of a game: a chance node (the first card of the first deal)."""
        return _State(self)

    def unseeded(self) -> _Game:
        """The same game dealt by chance (``seed`` -1): where sampled worlds of a seeded game live."""
        if self.seed is None:
            return self
        if self._unseeded is None:
            self._unseeded = pyspiel.load_game(self.get_type().short_name, {**self.params, "seed": -1})
        return self._unseeded

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer: information state (perfect recall) or the current observation, private or public only."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        public_only = False
        if iig_obs_type is not None:
            kinds = pyspiel.PrivateInfoType
            if iig_obs_type.private_info == kinds.ALL_PLAYERS:
                raise OptionError("private_info", "ALL_PLAYERS", "SINGLE_PLAYER or NONE (a player sees its own cards only)")
            if not iig_obs_type.public_info and iig_obs_type.private_info == kinds.NONE:
                raise OptionError("public_info", False, "True, or private_info SINGLE_PLAYER")
            public_only = iig_obs_type.private_info == kinds.NONE
        return _Observer(self.rules, perfect, public_only)


GAME_CLASSES: dict[str, type[_Game]] = {}
"""Registry name -> the OpenSpiel game class registered for it."""


def register(spec: GameSpec) -> type[_Game]:
    """Register ``spec``'s game with OpenSpiel under :func:`short_name` (once per name); its class."""
    if spec.name in GAME_CLASSES:
        return GAME_CLASSES[spec.name]
    options_codec: Any = codec_of(registry.load_game(spec.name))
    defaults = {**options_codec.framework_parameters(), **FRAMEWORK_DEFAULTS}
    long_name = f"mowkit {spec.title}"
    game_type = _game_type(short_name(spec), long_name, defaults, pyspiel.GameType.Utility.GENERAL_SUM)
    constant = _game_type(short_name(spec), long_name, defaults, pyspiel.GameType.Utility.CONSTANT_SUM)
    cls_name = "".join(part.capitalize() for part in spec.name.split("_")) + "Game"
    cls = type(cls_name, (_Game,), {
        "__doc__": f"{spec.title} for OpenSpiel (see the module docstring).",
        "__module__": __name__,
        "__qualname__": cls_name,
        "spec_name": spec.name,
        "game_type": game_type,
        "constant_sum_type": constant,
        "defaults": defaults,
        "options_codec": options_codec,
    })
    pyspiel.register_game(game_type, cls)
    GAME_CLASSES[spec.name] = cls
    globals().setdefault(cls_name, cls)  # pickle finds a class by its module and name
    return cls


class _Deals(Chance):
    """The engine's chance source: the deck orders dealt at the chance nodes (the list grows)."""

    deals: list[list[int]]

    def __init__(self, deals: list[list[int]]) -> None:
        self.rng = None
        self.deals = deals

    def last_recorded(self, round_index: int) -> bool:
        """Never: the next round is always dealt before its round ends (no copy before each move)."""
        return False

    def clone(self) -> _Deals:
        return _Deals(list(self.deals))


def _completed(dealt: list[int], deck: Sequence[int]) -> list[int]:
    """A deck order: the cards ``dealt`` (in that order), then the rest of ``deck`` in deck order."""
    taken = set(dealt)
    return dealt + [x for x in deck if x not in taken]


class _Move:
    """One decision as data: who, its index and action, whether face down, its events, the hand after.

    The events are kept as the engine recorded them (``raw``: made events or ``(class, fields)``,
    see :attr:`mowkit.games.base.State.log`) and made when first read (:attr:`events`).
    """

    __slots__ = ("seat", "index", "action", "hidden", "raw", "hand", "_events", "_events_text")

    def __init__(self, seat: int, index: int, action: Any, hidden: bool, raw: Sequence[Any],
                 hand: tuple[int, ...]) -> None:
        self.seat, self.index, self.action, self.hidden, self.raw, self.hand = seat, index, action, hidden, raw, hand
        self._events: list[Any] | None = None
        self._events_text: str | None = None

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.seat, self.index, self.action, self.hidden, self.events, self.hand, self._events_text)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.seat, self.index, self.action, self.hidden, self._events, self.hand, self._events_text = state
        self.raw = self._events

    @property
    def events(self) -> list[Any]:
        """The events this move caused (made from ``raw`` on first read, the same list after)."""
        if self._events is None:
            self._events = [x if type(x) is not tuple else x[0](*x[1]) for x in self.raw]
        return self._events

    def events_text(self) -> str:
        if self._events_text is None:
            self._events_text = "; ".join(repr(e) for e in self.events)
        return self._events_text

    def line(self, player: int, public_only: bool) -> str:
        own = self.seat == player and not public_only
        shown = str(self.index) if own or not self.hidden else "?"
        text = f"{self.seat + 1}: {shown} | {self.events_text()}"
        return text + f" | hand={self.hand}" if own else text


@dataclasses.dataclass(eq=False)
class _Start:
    """A round's start: each seat's observation and hand then.

    In a sampled world the observations are those of the state it was sampled from with the
    cards renamed (``rename``, card -> card; ``fields``: the observation's fields it applies to),
    made when first read, seat by seat (:meth:`observation`)."""

    round: int
    seen: tuple[Any, ...]
    hands: tuple[tuple[int, ...], ...]
    texts: dict[tuple[int, bool], str] = dataclasses.field(default_factory=dict)  # made when asked, shared by clones
    rename: dict[int, int] | None = None
    fields: tuple[str, ...] = ()
    made: dict[int, Any] = dataclasses.field(default_factory=dict)  # seat -> its observation renamed

    def observation(self, seat: int) -> Any:
        """``seat``'s observation at the round's start (renamed when first read)."""
        if self.rename is None:
            return self.seen[seat]
        obs = self.made.get(seat)
        if obs is None:
            o, get, moved = self.seen[seat], self.rename.get, self.rename.keys()
            obs = self.made[seat] = (
                dataclasses.replace(o, **{f: tuple(sorted(get(x, x) for x in getattr(o, f))) for f in self.fields})
                if any(not moved.isdisjoint(getattr(o, f)) for f in self.fields) else o)
        return obs

    @property
    def observations(self) -> tuple[Any, ...]:
        """Each seat's observation at the round's start."""
        return tuple(self.observation(q) for q in range(len(self.seen)))


class _Core:
    """The Python side of a state (one attribute, so that OpenSpiel's clone copies it cheaply)."""

    def __init__(self) -> None:
        self.deals: list[list[int]] = []
        self.partial: list[int] = []
        self.engine: Any = None
        self.trace: list[Any] = []
        self.cur = int(pyspiel.PlayerId.CHANCE)
        self.legal: dict[int, Any] | None = None
        self.legal_sorted: list[int] = []
        self.left: list[int] | None = None  # the cards not dealt yet of the deal in progress (made when asked)
        self.fast: list[int] | None = None  # while a sampled world records its history: the players in turn
        self.players: list[int] = []  # who acted at each item of the history (CHANCE at a deal)
        self.texts: dict[tuple[int, bool], tuple[int, str]] = {}  # information-state strings: (trace items written, text)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        c = _Core.__new__(_Core)
        c.deals = list(self.deals)
        c.partial = list(self.partial)
        c.engine = None if self.engine is None else self.engine.clone()
        if isinstance(getattr(c.engine, "_chance", None), _Deals):
            c.engine._chance = _Deals(c.deals)
        c.trace = list(self.trace)
        c.cur = self.cur
        c.legal = self.legal
        c.legal_sorted = self.legal_sorted
        c.left = None if self.left is None else list(self.left)
        c.fast = None
        c.players = list(self.players)
        c.texts = dict(self.texts)
        return c


CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class _State(pyspiel.State):
    """A game in progress: the engine's state, the deals so far and the moves as data."""

    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self._r = game.rules
        self._c = _Core()
        self._update()

    @property
    def engine(self) -> Any:
        """The kit's state; None before the first deal is complete."""
        return self._c.engine

    # ------------------------------------------------------------------ flow
    def _needs_deal(self) -> bool:
        c, r = self._c, self._r
        if r.seed is not None:
            return c.engine is None
        if c.engine is None:
            return True
        return not c.engine.is_over() and len(c.deals) < min(c.engine.round_index + 2, r.cap)

    def _update(self) -> None:
        """After a change: deal what needs no chance node, start the engine, find who acts."""
        c, r = self._c, self._r
        c.legal = None
        if r.seed is None:
            while r.dealt == 0 and self._needs_deal() and (c.engine is not None or len(c.deals) < min(2, r.cap)):
                c.deals.append(list(r.deck))
            if c.engine is None and len(c.deals) >= min(2, r.cap):
                # the orders are permutations of the deck by construction: the state is made on them
                # directly (``new_state(deals=...)`` would check every order once more)
                self._start(r.game._state_class(r.game, _Deals(c.deals)))
        if self._needs_deal():
            c.cur = CHANCE
        elif c.engine.is_over():
            c.cur = TERMINAL
        else:
            c.cur = int(c.engine.pending_players()[0])

    def _start(self, engine: Any) -> None:
        self._c.engine = engine
        self._mark_round()

    def _mark_round(self) -> None:
        e, r = self._c.engine, self._r
        self._c.trace.append(_Start(e.round_index, tuple(e.observation(p) for p in range(r.n)),
                                    tuple(r.codec.private_view(e, p) for p in range(r.n))))

    def current_player(self) -> int:
        """The seat to act, CHANCE at a deal, TERMINAL at the end."""
        return self._c.cur

    def is_terminal(self) -> bool:
        return self._c.cur == TERMINAL

    # OpenSpiel's own ``is_chance_node`` / ``legal_actions`` ask the Python state through C++
    # (``current_player``, ``is_terminal``, ``_legal_actions``, a vector each way); these answer
    # the same from Python directly. C++ callers still get ``current_player`` / ``_legal_actions``.
    def is_chance_node(self) -> bool:
        return self._c.cur == CHANCE

    def is_player_node(self) -> bool:
        return self._c.cur >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action indices (OpenSpiel's ``State.legal_actions``): of the player to act, from
        Python directly; any other question (a chance node, another player) as OpenSpiel answers it."""
        cur = self._c.cur
        if cur >= 0 and (player is None or player == cur):
            return self._legal_actions(cur)
        if player is None:
            return pyspiel.State.legal_actions(self)
        return pyspiel.State.legal_actions(self, player)

    def _legal_map(self) -> dict[int, Any]:
        c = self._c
        legal = c.legal
        if legal is None:
            acts = c.engine.legal_actions(c.cur)
            legal = c.legal = dict(zip(map(self._r.codec.encode, acts), acts))
            c.legal_sorted = sorted(legal)
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        c = self._c
        if c.cur < 0 or player != c.cur:
            return []
        if c.legal is None:
            self._legal_map()
        return list(c.legal_sorted)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, equally likely; a seeded game: one outcome (0), its seed's deal."""
        if self._r.seed is not None:
            return [(0, 1.0)]
        c = self._c
        if c.left is None:
            dealt = set(c.partial)
            c.left = [x for x in self._r.deck if x not in dealt]
        return list(zip(c.left, repeat(1.0 / len(c.left))))

    def _apply_action(self, action: int) -> None:
        c, r = self._c, self._r
        if c.fast is not None:  # a sampled world taking its history: its state is set afterwards
            c.fast.pop()
            c.cur = c.fast[-1] if c.fast else CHANCE
            return
        if c.cur == CHANCE:
            if r.seed is not None:
                self._start(r.game.new_state(rng=deal_rng(game_root(r.seed))))
                c.players.append(CHANCE)
            else:
                card = int(action)
                if c.left is not None:
                    c.left.remove(card)
                c.partial.append(card)
                c.players.append(CHANCE)
                if len(c.partial) < r.dealt:
                    return  # still dealing: still a chance node
                c.deals.append(_completed(c.partial, r.deck))
                c.partial = []
                c.left = None
        else:
            seat = c.cur
            self._move(int(action))  # ValueError for an illegal index, the state unchanged
            c.players.append(seat)
            return
        self._update()

    def _move(self, index: int) -> None:
        c = self._c
        move = (c.legal if c.legal is not None else self._legal_map()).get(index)
        if move is None:
            raise ValueError(f"action index {index!r} is not legal now; legal indices: {sorted(self._legal_map())}")
        e, seat = c.engine, c.cur
        rounds = e.round_index
        # ``move`` is the engine's own legal action object (from ``legal_actions`` of this very
        # state): the engine's check would only find it legal again, so it is applied directly.
        e._apply(move)
        start, end = e.log_span()
        c.trace.append(_Move(seat, index, move, move.hidden, e._raw[start:end],  # the events made when read
                             self._r.codec.private_view(e, seat)))
        if e.round_index != rounds:
            if not e.is_over():
                self._mark_round()
            self._update()  # a new round: the one after it is dealt now
            return
        c.legal = None
        c.cur = TERMINAL if e.is_over() else int(e.pending_players()[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal card {action}" if self._r.seed is None else f"the deal of seed {self._r.seed}"
        seat = _(registry.seat_word(self._c.engine.game))
        if player == self._c.cur and action in self._legal_map():
            return _("{seat} {n}: {action}").format(
                seat=seat, n=player + 1, action=self._r.codec.action_text(self._legal_map()[action]))
        return _("{seat} {n}: action {action}").format(seat=seat, n=player + 1, action=action)

    def returns(self) -> list[float]:
        """Win share (1/k for k shared winners) or minus the total; zeros until the end."""
        n = self._r.n
        if self._c.cur != TERMINAL:
            return [0.0] * n
        e = self._c.engine
        if self._r.utility == "penalty":
            return [-float(t) for t in e.totals]
        w = e.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(n)]

    def record(self, agents: list[str] | None = None) -> dict[str, Any]:
        """The game so far as a record (:mod:`mowkit.records`); ``agents`` names the seats."""
        if self._c.engine is None:
            raise OptionError("record", None, "a dealt game (the state is before the first deal)")
        n = self._r.n
        if agents is not None and len(agents) != n:
            raise OptionError("agents", agents, f"one name per seat: {n}")
        names = [str(a) for a in agents] if agents is not None else [f"player_{p}" for p in range(n)]
        return to_record(self._c.engine, seed=self._r.seed, agents=names)

    # ------------------------------------------------------------------ sampled worlds
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """A world consistent with ``player_id``'s information (see the module docstring)."""
        c, r = self._c, self._r
        game = self.get_game()
        if c.engine is None:  # still dealing the first round: nothing seen yet
            return game.unseeded().new_initial_state() if r.seed is not None else game.new_initial_state()
        rng = np.random.default_rng(int(probability_sampler() * 2**31))
        sigma = r.codec.resample_cards(c.engine, player_id, rng)
        if r.seed is None:
            engine = r.codec.relabel_state(c.engine, sigma)
            if engine is not None:
                return self._world(game, player_id, sigma, engine, rng)
        world = game.unseeded().new_initial_state()
        deals = [list(d) for d in c.engine.deals]
        deals[-1] = [sigma.get(x, x) for x in deals[-1]]
        for _more in range(len(c.deals) - len(deals)):  # dealt ahead, seen by no one: dealt again
            deals.append([int(x) for x in rng.permutation(np.array(r.deck))])
        chance = iter(x for d in deals for x in d[: r.dealt])
        relabel = r.codec.relabel
        moves = iter(m for m in c.trace if isinstance(m, _Move))
        for item in self.full_history():
            if item.player == pyspiel.PlayerId.CHANCE:
                if r.seed is None:
                    world.apply_action(next(chance))
                    continue
                for _ in range(r.dealt * min(2, r.cap)):
                    world.apply_action(next(chance))
                continue
            m = next(moves)
            index = m.index
            if m.hidden and m.seat != player_id:
                index = r.codec.encode(relabel(m.action, sigma))
            world.apply_action(index)
            if r.seed is not None and world._needs_deal():
                for _ in range(r.dealt):
                    world.apply_action(next(chance))
        return world

    def _world(self, game: Any, player: int, sigma: dict[int, int], engine: Any, rng: np.random.Generator) -> _State:
        """The sampled world made directly (the same as replaying its history, which it records)."""
        c, r = self._c, self._r
        get = sigma.get
        rounds = len(engine.deals)
        deals = [list(d) for d in c.deals]
        prefix = [get(x, x) for x in deals[rounds - 1][: r.dealt]]
        deals[rounds - 1] = _completed(prefix, r.deck)
        for k in range(rounds, len(deals)):  # dealt ahead, seen by no one: dealt again
            deals[k] = _completed([int(x) for x in rng.permutation(np.array(r.deck))][: r.dealt], r.deck)
        engine.deals[-1] = list(deals[rounds - 1])
        engine._chance = _Deals(deals)
        start = max(i for i, e in enumerate(c.trace) if isinstance(e, _Start))
        trace = c.trace[:start]
        fields = r.codec.private_fields
        moved = sigma.keys()

        def renamed(cards: Sequence[int]) -> tuple[int, ...]:  # the cards of a hand in the world, sorted
            return tuple(sorted(cards)) if moved.isdisjoint(cards) else tuple(sorted(get(x, x) for x in cards))

        for e in c.trace[start:]:
            if isinstance(e, _Start):
                trace.append(_Start(e.round, e.observations, tuple(renamed(h) for h in e.hands),  # renamed when read
                                    rename=sigma, fields=tuple(fields)))
                continue
            action, index = e.action, e.index
            if e.hidden and e.seat != player:
                action = r.codec.relabel(action, sigma)
                index = r.codec.encode(action)
            m = _Move(e.seat, index, action, e.hidden, e.raw, renamed(e.hand))
            m._events, m._events_text = e._events, e._events_text
            trace.append(m)
        chance = iter(x for d in deals for x in d[: r.dealt])
        moves = iter(m for m in trace if isinstance(m, _Move))
        history = [(CHANCE, next(chance)) if p == CHANCE else (p, next(moves).index) for p in c.players]
        world = game.new_initial_state()
        world._c.fast = [p for p, _a in reversed(history)]
        world._c.cur = history[0][0] if history else c.cur
        for _p, a in history:
            world.apply_action(a)
        core = _Core()
        core.deals, core.engine, core.trace, core.cur = deals, engine, trace, c.cur
        core.players = list(c.players)
        key = (player, False)  # the player sees the same game in the world: the same information state
        if key in c.texts and c.texts[key][0] == len(trace):
            core.texts[key] = c.texts[key]
        world._c = core
        return world

    def __str__(self) -> str:
        c = self._c
        lines = [] if c.engine is None else [observation_text(c.engine.observation(p)) for p in range(self._r.n)]
        lines.append(f"deck orders dealt: {len(c.deals)}, cards of the next: {len(c.partial)}")
        return "\n".join(lines)


class _Observer:
    """Information-state (``perfect_recall``) or observation strings and tensors for one player,
    with the player's own cards (``public_only`` False) or the public part only."""

    def __init__(self, rules: _Rules, perfect_recall: bool, public_only: bool) -> None:
        self.rules = rules
        self.codec = rules.codec
        self.perfect_recall = perfect_recall
        self.public_only = public_only
        size = rules.obs_size * (2 if perfect_recall else 1)
        if perfect_recall:
            size += rules.per_round * rules.slot
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _public(self, obs: Any) -> Any:
        if not self.public_only:
            return obs
        return dataclasses.replace(obs, **{f: () for f in self.codec.private_fields})

    def _text(self, obs: Any) -> str:
        return observation_text(obs, omit=(*self.codec.private_fields, "player") if self.public_only else ())

    def set_from(self, state: _State, player: int) -> None:
        """Fill ``tensor`` from ``state`` as ``player`` sees it."""
        t = self.tensor
        t[:] = 0
        engine = state._c.engine
        if engine is None:
            return
        o = self.rules.obs_size
        t[:o] = self.codec.observation_vector(self._public(engine.observation(player)))
        if self.perfect_recall:
            self._round_moves(state, player, t[o:])

    def _round_moves(self, state: _State, player: int, out: np.ndarray) -> None:
        r = self.rules
        trace = state._c.trace
        k = max(i for i, e in enumerate(trace) if isinstance(e, _Start))
        start = trace[k]
        o = r.obs_size
        out[:o] = self.codec.observation_vector(self._public(start.observation(player)))
        hand = set(start.hands[player])
        waiting: dict[int, int] = {}  # seat -> slot of its face-down move not revealed yet
        slots = out[o:].reshape(r.per_round, r.slot)
        for j, m in enumerate(e for e in trace[k + 1:] if isinstance(e, _Move)):
            if j >= r.per_round:
                break
            row = slots[j]
            row[m.seat] = 1
            own = m.seat == player and not self.public_only
            if own or not m.hidden:
                row[r.n] = 1
                row[r.n + 1] = (m.index + 1) / self.codec.size
            else:
                waiting[m.seat] = j
            if own:
                gained = sorted(set(m.hand) - hand)[:GAIN]
                for g, card in enumerate(gained):
                    row[r.n + 2 + g] = (card + 1) / (r.max_card + 1)
                hand = set(m.hand)
            for a in self.codec.revealed(m.events):
                slot = waiting.pop(int(a.player), None)
                if slot is not None:
                    slots[slot][r.n] = 1
                    slots[slot][r.n + 1] = (self.codec.encode(a) + 1) / self.codec.size

    def string_from(self, state: _State, player: int) -> str:
        """``player``'s information state (everything it saw, in order) or current observation."""
        c = state._c
        if not self.perfect_recall:
            return "dealing" if c.engine is None else self._text(c.engine.observation(player))
        key = (player, self.public_only)
        done, text = c.texts.get(key, (0, "start"))  # the trace only grows: its first ``done`` items are written
        lines = [text]
        for e in c.trace[done:]:
            if isinstance(e, _Start):
                if key not in e.texts:
                    e.texts[key] = f"round {e.round + 1}: {self._text(e.observation(player))}"
                lines.append(e.texts[key])
            else:
                lines.append(e.line(player, self.public_only))
        text = "\n".join(lines)
        c.texts[key] = (len(c.trace), text)
        return text


for _spec in registry.specs():
    register(_spec)


# --------------------------------------------------------------------------- bots


class AgentBot(pyspiel.Bot):
    """A kit agent (``mowkit.agents.make_agent``) as an OpenSpiel bot for these games.

    It sees the game as a match's agent does (:class:`mowkit.match.Guarded`): its own observation,
    whose ``game`` is the bot's private copy of the game, and a copy of the legal list; its action
    is checked against the engine's list, then answered as its index. ``seed`` seeds the agent's
    generator; with ``stream`` the generator is the one a match seeded ``seed`` gives the agent in
    stream ``stream`` (:func:`mowkit.match.agent_rng`; see :func:`match_bots`).
    """

    def __init__(self, agent: Any, seed: int | None = None, *, stream: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent
        if stream is None:
            self.rng = np.random.default_rng(seed)
        elif seed is None:
            raise OptionError("seed", seed, "the match's seed (an integer >= 0) with stream")
        else:
            self.rng = agent_rng(seed, stream)
        self._views: dict[int, tuple[Any, Guarded]] = {}  # seat -> (the game's name and options, its guard)

    def step(self, state: _State) -> int:
        """The agent's decision at ``state``."""
        p = state.current_player()
        game = state._r.game
        key = (game.name, game.options)
        known = self._views.get(p)
        if known is None or known[0] != key:  # one private copy of the game per seat (and game)
            known = self._views[p] = (key, Guarded(self.agent, private_copies(game, 1)[0], p))
        guarded = known[1]
        legal = state.engine.legal_actions(p)
        action = guarded.act(state.engine.observation(p), list(legal), self.rng)
        return int(state._r.codec.encode(action))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


class DeterminizedMCTSBot(pyspiel.Bot):
    """OpenSpiel's MCTS on a determinised game: each decision searches one sampled world.

    At every decision it asks the state for a world consistent with what the player knows
    (``resample_from_infostate``) and returns what ``open_spiel.python.algorithms.mcts.MCTSBot``
    (random rollouts, ``max_simulations`` per decision) plays there.
    """

    def __init__(self, game: _Game, max_simulations: int = 100, uct_c: float = 2.0, seed: int | None = None) -> None:
        from open_spiel.python.algorithms import mcts

        pyspiel.Bot.__init__(self)
        self._rs = np.random.RandomState(seed)
        self._mcts = mcts.MCTSBot(game, uct_c, max_simulations, mcts.RandomRolloutEvaluator(1, self._rs),
                                  random_state=self._rs, solve=False)

    def step(self, state: _State) -> int:
        """Search one sampled world and play its best action."""
        world = state.resample_from_infostate(state.current_player(), self._rs.uniform)
        return int(self._mcts.step(world))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


def match_bots(game: _Game, agents: list[Any], seed: int) -> list[AgentBot]:
    """Bots for ``agents`` (names or objects, one per seat) that draw as a match seeded ``seed`` has
    them draw (seat ``p``: stream ``p``): on the game with parameter ``seed`` they play the game of
    :func:`mowkit.simulate.play_game` ``(game, agents, seed)``."""
    return [AgentBot(make_agent(game.engine_game.name, a), seed, stream=p) for p, a in enumerate(agents)]


def play_to_end(game: _Game, bots: list[Any], deal_seed: int) -> _State:
    """One game with ``bots`` (one per seat); chance outcomes come from ``deal_seed``. Returns the final state."""
    rng = np.random.default_rng(deal_seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(outcomes[int(rng.integers(len(outcomes)))]))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


def seeded_resampler(random_state: np.random.RandomState) -> Callable[[Any, int], Any]:
    """A world sampler for OpenSpiel's Python ISMCTS that draws from ``random_state``.

    ``ismcts.ISMCTSBot`` samples its worlds with ``pyspiel.UniformProbabilitySampler(0., 1.)``,
    which is seeded from the machine's random device: the same ``random_state`` then plays a
    different game in every run. ``bot.set_resampler(seeded_resampler(rs))`` makes the bot's
    sampled worlds come from ``rs`` too, so one seed gives one game.
    """
    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, random_state.uniform)
    return resample


def play_bots(game: _Game, bots: list[Any], deal_seed: int) -> list[float]:
    """One game with ``bots`` (one per seat); chance outcomes come from ``deal_seed``. Returns the returns."""
    return list(play_to_end(game, bots, deal_seed).returns())
