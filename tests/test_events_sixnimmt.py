"""6 nimmt!'s game log: typed events that alone tell the whole game, their JSON form, their words.

For seeded random games over many option sets, the events alone (no state access) rebuild the
rows and piles of the last round and every round's heads and the totals; each event round-trips
through JSON and names a known rule id; the narrator says every event kind in a sentence with
seats and rows counted from 1. Also: hand-built positions (``pending``, ``chosen``,
``start_position``, errors), one name for each thing (the old second names gone) and the game's words.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import numpy as np
import pytest

import mowkit.games.sixnimmt as six
import mowkit.narrate
from mowkit import IllegalActionError, OptionError, load_game
from mowkit.events import RULE_IDS, Event, GameEnded, RoundEnded, RoundStarted, event_from_dict
from mowkit.games.sixnimmt import (
    CardDrafted,
    CardLaid,
    CardPlaced,
    CardsRevealed,
    DecisionPending,
    DraftOver,
    LowestCard,
    Place,
    Play,
    RowsDealt,
    SixthCard,
    TakeRow,
)
from mowkit.games.sixnimmt import narrate as narrator
from mowkit.narrate import sentence, sentences

CONFIGS = [
    ({"players": 2}, 1),
    ({"players": 3}, 2),
    ({"players": 4}, 3),
    ({"players": 5, "auto_row": True}, 4),
    ({"players": 6}, 5),
    ({"players": 7, "variant": "tactics"}, 6),
    ({"players": 8, "auto_row": True}, 7),
    ({"players": 9, "variant": "professional"}, 8),
    ({"players": 10}, 9),
    ({"players": 10, "variant": "tactics", "auto_row": True}, 10),
    ({"players": 2, "variant": "logic"}, 11),
    ({"players": 3, "variant": "logic"}, 12),
    ({"players": 4, "variant": ["logic", "professional"]}, 13),
    ({"players": 2, "variant": "professional"}, 14),
    ({"players": 3, "variant": "professional", "auto_row": True}, 15),
    ({"players": 4, "variant": "tactics"}, 16),
    ({"players": 5, "rows": 3, "capacity": 4, "hand_size": 8}, 17),
    ({"players": 6, "variant": "professional", "capacity": 3}, 18),
    ({"players": 4, "threshold": 74, "comparison": ">"}, 19),
    ({"players": 3, "max_rounds": 2}, 20),
    ({"players": 5, "variant": ["tactics", "professional"]}, 21),
    ({"players": 2, "hand_size": 5, "threshold": 20}, 22),
]

KINDS = (CardLaid, CardsRevealed, RowsDealt, CardPlaced, SixthCard, LowestCard, DecisionPending,
         CardDrafted, DraftOver, RoundStarted, RoundEnded, GameEnded)


def rule_heads(card: int) -> int:
    """Heads by the printed rule (RULES.md §1), independent of the card table."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def play_out(options: dict, seed: int):
    """A seeded game played to the end by uniformly random legal decisions; (game, state, per-apply events)."""
    game = load_game("sixnimmt", **options)
    state = game.new_state(seed=seed)
    rng = np.random.default_rng(seed + 1000)
    applied = []
    while not state.is_over():
        p = state.pending_players()[int(rng.integers(len(state.pending_players())))]
        legal = state.legal_actions(p)
        state.apply(legal[int(rng.integers(len(legal)))])
        applied.append(list(state.events))
    return game, state, applied


@pytest.fixture(scope="module")
def games():
    return [play_out(options, seed) for options, seed in CONFIGS]


def rebuild(log: list[Event], players: int) -> dict:
    """The public story of the game from its events alone: rows, piles, round heads, totals."""
    rows: list[list[int]] = []
    piles: list[list[int]] = [[] for _ in range(players)]
    round_heads: list[list[int]] = []
    heads_now = [0] * players
    to_place: list[tuple[int, int]] = []
    for e in log:
        if isinstance(e, RoundStarted):
            assert e.round == len(round_heads)
            rows, piles, heads_now, to_place = [], [[] for _ in range(players)], [0] * players, []
        elif isinstance(e, (RowsDealt, DraftOver)):
            rows = [[c] for c in e.rows]
        elif isinstance(e, CardsRevealed):
            assert not to_place, "cards revealed before the last turn's were placed"
            assert [c for c, _ in e.cards] == sorted(c for c, _ in e.cards)
            to_place = list(e.cards)
        elif isinstance(e, DecisionPending):
            assert to_place[0] == (e.card, e.player)
        elif isinstance(e, (CardPlaced, SixthCard, LowestCard)):
            assert to_place.pop(0) == (e.card, e.player), "cards are placed lowest first"
            row = rows[e.row]
            if isinstance(e, CardPlaced):
                if e.end == "back":
                    assert e.card > row[-1] and e.difference == e.card - row[-1]
                    row.append(e.card)
                else:
                    assert e.card < row[0] and e.difference == row[0] - e.card
                    row.insert(0, e.card)
            else:
                assert list(e.taken) == row, "the event names the cards of the row it takes"
                assert e.penalty == sum(rule_heads(c) for c in e.taken)
                piles[e.player].extend(e.taken)
                heads_now[e.player] += e.penalty
                rows[e.row] = [e.card]
        elif isinstance(e, RoundEnded):
            assert e.scores == tuple(heads_now)
            round_heads.append(list(heads_now))
    totals = [sum(r[p] for r in round_heads) for p in range(players)]
    return {"rows": rows, "piles": piles, "round_heads": round_heads, "totals": totals}


def test_the_configs_cover_every_event_kind_and_rule(games):
    kinds = {type(e) for _, state, _ in games for e in state.log}
    assert kinds == set(KINDS)
    rules = {e.rule for _, state, _ in games for e in state.log}
    assert {"lowest-card", "auto-row", "end-tie", "sixth-card", "smallest-difference", "draft"} <= rules
    assert {e.end for _, state, _ in games for e in state.log if isinstance(e, CardPlaced)} == {"back", "front"}
    assert len(games) >= 20


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_events_alone_rebuild_piles_rows_and_totals(games, i):
    game, state, _ = games[i]
    story = rebuild(state.log, game.players)
    assert story["piles"] == state.piles
    assert story["rows"] == state.rows
    assert story["round_heads"] == state.round_scores
    assert story["totals"] == state.totals
    end = state.log[-1]
    assert isinstance(end, GameEnded) and list(end.totals) == story["totals"]
    best = min(story["totals"])
    assert end.winners == tuple(p for p, t in enumerate(story["totals"]) if t == best)
    assert end.ranks == tuple(1 + sum(u < t for u in story["totals"]) for t in story["totals"])


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_the_log_is_the_deal_then_every_applys_events(games, i):
    game, state, applied = games[i]
    first = state.log[0]
    assert isinstance(first, RoundStarted) and first.round == 0
    assert first.hand_size == (0 if game.logic else game.hand_size)
    start = 1 if game.logic else 2  # the round's start (and the dealt rows) come before any decision
    if not game.logic:
        assert isinstance(state.log[1], RowsDealt) and len(state.log[1].rows) == game.rows
    assert state.log[start:] == [e for events in applied for e in events]
    assert all(events for events in applied), "every decision tells something"
    rounds = [e.round for e in state.log if isinstance(e, RoundStarted)]
    assert rounds == list(range(len(state.round_scores)))
    laid = [e for e in state.log if isinstance(e, CardLaid)]
    revealed = [e for e in state.log if isinstance(e, CardsRevealed)]
    assert len(laid) == game.players * len(revealed) == game.players * game.hand_size * len(rounds)


def test_a_face_down_card_is_not_in_its_event():
    assert [f.name for f in dataclasses.fields(CardLaid)] == ["player", "rule"]
    g = load_game("sixnimmt", players=3)
    s = g.new_state(seed=4)
    card = s.hands[1][3]
    s.apply(Play(1, card))
    assert s.events == [CardLaid(1)]
    assert s.events[0].to_dict() == {"event": "card laid", "player": 1, "rule": "face-down"}


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_every_event_round_trips_through_json_and_names_a_known_rule(games, i):
    _, state, _ = games[i]
    for e in state.log:
        d = json.loads(json.dumps(e.to_dict()))
        assert d["event"] == e.kind
        back = event_from_dict("sixnimmt", d)
        assert back == e and type(back) is type(e)
        assert e.rule in RULE_IDS
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", e.rule), e.rule


def test_every_rule_id_of_the_engine_is_a_known_slug():
    source = Path(six.engine.__file__).read_text()
    rules = set(re.findall(r'IllegalActionError\(\s*"([^"]+)"', source))
    assert {"action-type", "game-over", "player-index", "out-of-turn", "card-in-hand", "row-index",
            "smallest-difference", "draft"} == rules
    for rule in rules | set(six.SIXNIMMT_RULE_IDS):
        assert rule in RULE_IDS and re.fullmatch(r"[a-z]+(-[a-z]+)*", rule), rule


def check_sentence(game, e: Event, text: str) -> None:
    assert text and "{" not in text and "}" not in text, text
    assert not re.search(r"\b[Pp]layers? 0\b", text) and not re.search(r"\brow 0\b", text), text
    if getattr(e, "player", None) is not None:
        assert f"layer {e.player + 1}" in text, text  # "Player 2" or "player 2": seats from 1
    if isinstance(e, (CardPlaced, SixthCard, LowestCard)):
        assert f"row {e.row + 1}" in text and str(e.card) in text, text
    if isinstance(e, CardsRevealed):
        assert text.startswith(f"Turn {e.turn + 1}:")
        for c, p in e.cards:
            assert f"{c} ({rule_heads(c)} head" in text and f"player {p + 1}" in text, text
    if isinstance(e, (RoundStarted, RoundEnded)):
        assert text.startswith(f"Round {e.round + 1} "), text
    if isinstance(e, RoundEnded):
        for p, (score, total) in enumerate(zip(e.scores, e.totals)):
            assert f"player {p + 1}: {score}" in text and f"player {p + 1}: {total}" in text, text
    if isinstance(e, GameEnded):
        assert all(str(w + 1) in text for w in e.winners)
        assert ("share the win" in text) == (len(e.winners) > 1), text
    if isinstance(e, (SixthCard, LowestCard)):
        n = len(e.taken)
        assert re.search(rf"\b{n} card{'' if n == 1 else 's'}\b", text), text


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_the_narrator_says_every_event(games, i):
    game, state, _ = games[i]
    said = sentences(game, state.log)
    assert len(said) == len(state.log)
    for e, text in zip(state.log, said):
        check_sentence(game, e, text)
        assert sentence(game, e) == text == narrator.narrate(game, e)
    assert sentences("sixnimmt", state.log[:3]) == said[:3]  # the game's name is enough


def test_the_narrator_registers_every_kind_and_refuses_others():
    assert set(narrator.KINDS) == set(KINDS)
    from mowkit.core import Action

    @dataclasses.dataclass(frozen=True, slots=True)
    class Stranger(Event):
        game = "test-only"
        kind = "castling"

    with pytest.raises(ValueError, match="castling"):
        sentence(load_game("sixnimmt"), Stranger())
    assert narrator.describe(load_game("sixnimmt"), Action(0)).startswith("Action(")


def test_sentences_of_hand_built_cases():
    g = load_game("sixnimmt", players=3, variant="professional")
    sixth = SixthCard(2, 7, 0, (1, 2, 3, 4, 5), 6)
    assert sentence(g, sixth) == (
        "Rule 3 (sixth cow): 7 would be card 6 of row 1; player 3 takes its 5 cards (6 heads) and 7 starts it."
    )
    low = LowestCard(0, 3, 1, (55,), 7, "auto-row")
    assert sentence(g, low) == (
        "Rule 4 (lowest card, auto_row: fewest heads): player 1 takes row 2 (1 card, 7 heads); 3 starts it."
    )
    assert "fits at no end" in sentence(g, DecisionPending(1, 50))
    assert "lower than every row" in sentence(load_game("sixnimmt"), DecisionPending(1, 5))
    tie = DecisionPending(0, 20, ((0, "back"), (1, "front")), "end-tie")
    assert sentence(g, tie) == "20 (3 heads) is equally close to 2 ends; player 1 chooses where it goes."
    assert sentence(g, GameEnded((10, 3, 3), (3, 1, 1), (1, 2))) == (
        "Game over: players 2 and 3 share the win with 3 heads."
    )
    assert sentence(g, GameEnded((1, 30, 40), (1, 2, 3), (0,))) == "Game over: player 1 wins with 1 head."
    assert sentence(g, CardPlaced(1, 8, 0, "front", 2)).endswith("goes on row 1 at the front: smallest difference, 2.")


def test_describe_counts_rows_from_1_and_the_game_delegates():
    g = load_game("sixnimmt")
    cases = [
        (Play(0, 55), "play 55 (7 heads)"),
        (Play(1, 1), "play 1 (1 head)"),
        (TakeRow(0, 2), "take row 3"),
        (Place(0, 0, "front"), "put the card on row 1 at the front"),
        (Place(0, 3, "back"), "put the card on row 4 at the end"),
        (six.Draft(0, 10), "draft 10 (3 heads)"),
    ]
    for action, words in cases:
        assert narrator.describe(g, action) == words
        assert mowkit.narrate.describe(g, action) == words


def test_the_games_words():
    g = load_game("sixnimmt")
    assert (g.name, g.title, g.seat_word, g.penalty_word, g.line_word) == ("sixnimmt", "6 nimmt!", "player", "head", "row")
    for card in (1, 5, 10, 11, 55, 100, 104):
        assert g.penalty(card) == rule_heads(card)
    assert g.label(55) == "55 (7 heads)" and g.label(1) == "1 (1 head)"


# --------------------------------------------------------------------------- state, clone, vocabulary


def test_events_are_the_last_apply_and_clone_keeps_the_log():
    g = load_game("sixnimmt", players=2)
    s = g.new_state(seed=3)
    assert s.events == [] and [type(e) for e in s.log] == [RoundStarted, RowsDealt]
    assert s.start_position is None
    s.apply(Play(0, s.hands[0][0]))
    twin = s.clone()
    assert twin.log == s.log and twin.log is not s.log and twin.events == s.events
    s.apply(Play(1, s.hands[1][0]))
    assert twin.log == s.log[: len(twin.log)] and len(s.log) > len(twin.log)
    assert s.log[-len(s.events):] == s.events and s.events[0] == CardLaid(1)
    assert isinstance(s.events[1], CardsRevealed)


def test_vocabulary_one_name_each():
    g = load_game("sixnimmt", players=3)
    s = g.new_state(seed=5)
    assert s.pending_players() == (0, 1, 2)
    obs = s.observation(1)
    assert obs.pending == (0, 1, 2)
    own = set(s.hands[1]) | {c for r in s.rows for c in r}
    assert obs.seen == own
    for gone in ("lines", "pending"):  # the old second names are removed
        assert not hasattr(s, gone)
    assert not hasattr(obs, "lines") and not hasattr(obs, "seen_cards")


def test_failed_decisions_add_nothing_to_the_log():
    g = load_game("sixnimmt", players=2)
    s = g.new_state(seed=6)
    s.apply(Play(0, s.hands[0][0]))
    log, events = list(s.log), list(s.events)
    with pytest.raises(IllegalActionError) as e:
        s.apply(Play(0, s.hands[0][0]))
    assert e.value.rule == "out-of-turn" and s.log == log and s.events == events


# --------------------------------------------------------------------------- positions


def test_position_with_cards_already_laid():
    g = load_game("sixnimmt", players=3)
    s = g.position([[20, 30], [45], [60, 70]], [[10], [40], [50], [80]], pending=[0, 2], chosen={1: 44}, reachable=False)
    assert s.pending_players() == (0, 2) and s.turn == g.hand_size - 2
    assert s.log == [] and s.events == [] and not s.recordable
    assert json.loads(json.dumps(s.start_position)) == s.start_position == s.start.to_json() == {
        "hands": [[20, 30], [45], [60, 70]],
        "rows": [[10], [40], [50], [80]],
        "piles": [[], [], []],
        "totals": [0, 0, 0],
        "seed": 0,
        "pending": [0, 2],
        "chosen": [[1, 44]],
        "reachable": False,
    }
    s.check_invariants()
    s.apply(Play(0, 20))
    s.apply(Play(2, 60))
    assert s.events[1] == CardsRevealed(8, ((20, 0), (44, 1), (60, 2)))
    assert s.rows == [[10, 20], [40, 44], [50, 60], [80]]
    # chosen alone implies pending; the stored form gives the same position back
    again = g.position([[20, 30], [45], [60, 70]], rows=[[10], [40], [50], [80]], chosen=[[1, 44]], reachable=False)
    assert again.pending_players() == (0, 2) and again.start_position == g.position(
        [[20, 30], [45], [60, 70]], [[10], [40], [50], [80]], pending=[0, 2], chosen={1: 44}, reachable=False).start_position


def test_position_log_goes_on_into_the_next_round():
    g = load_game("sixnimmt", players=2)
    s = g.position([[2], [3]], [[10, 11, 12, 13, 14], [20], [30], [40]], piles=[[55], [60, 61]], totals=[5, 6], reachable=False)
    s.apply(Play(0, 2))
    s.apply(Play(1, 3))
    assert isinstance(s.events[-1], DecisionPending) and s.events[-1].player == 0
    s.apply(TakeRow(0, 1))
    kinds = [type(e) for e in s.events]
    assert kinds == [LowestCard, CardPlaced, RoundEnded, RoundStarted, RowsDealt]
    assert s.events[2].totals == (5 + 7 + 3, 6 + 3 + 1)
    assert not any(isinstance(e, RoundStarted) for e in s.log[:2])


@pytest.mark.parametrize(
    "kwargs,option",
    [
        ({"hands": [[1]], "rows": [[10], [20], [30], [40]]}, "hands"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30]]}, "rows"),
        ({"hands": [[1], [2]]}, "rows"),
        ({"hands": [[1.0], [2]], "rows": [[10], [20], [30], [40]]}, "hands[0]"),
        ({"hands": [[True], [2]], "rows": [[10], [20], [30], [40]]}, "hands[0]"),
        ({"hands": "12", "rows": [[10], [20], [30], [40]]}, "hands"),
        ({"hands": [[1], [2, 3]], "rows": [[10], [20], [30], [40]]}, "hands"),
        ({"hands": [[1], [10]], "rows": [[10], [20], [30], [40]]}, "position"),
        ({"hands": [[1], [200]], "rows": [[10], [20], [30], [40]]}, "position"),
        ({"hands": [[1], [2]], "rows": [[10, 9], [20], [30], [40]]}, "rows[0]"),
        ({"hands": [[1], [2]], "rows": [[], [20], [30], [40]]}, "rows[0]"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "totals": [0]}, "totals"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "totals": [0, -1]}, "totals[1]"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "piles": [[5]]}, "piles"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "pending": [2]}, "pending"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "pending": [0, 0]}, "pending"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "pending": []}, "pending"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "pending": [0]}, "chosen"),
        ({"hands": [[1], []], "rows": [[10], [20], [30], [40]], "chosen": {1: 2.5}}, "chosen[1]"),
        ({"hands": [[1], []], "rows": [[10], [20], [30], [40]], "chosen": {1: 2}, "pending": [0, 1]}, "chosen"),
        ({"hands": [[1], [2]], "rows": [[10], [20], [30], [40]], "chosen": {1: 3}}, "hands"),
        ({"hands": [[1], []], "rows": [[10], [20], [30], [40]], "chosen": {1: 1}}, "position"),
        ({"hands": [[1], []], "rows": [[10], [20], [30], [40]], "chosen": 7}, "chosen"),
    ],
)
def test_position_problems_are_option_errors(kwargs, option):
    g = load_game("sixnimmt", players=2)
    with pytest.raises(OptionError) as e:
        g.position(**kwargs)
    assert e.value.option == option, str(e.value)
    assert "allowed" in str(e.value)
