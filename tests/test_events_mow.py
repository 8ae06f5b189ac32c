"""Mow's typed events (the game contract, issue #10): the log alone retells the game.

For seeded games of many option sets the events are replayed by an independent bookkeeper that
knows only the public facts they carry (which card went to which herd, which herd was taken, how
many cards were drawn): it rebuilds every herd, every farmer's pile (flies per farmer per round)
and the totals, and these must equal the engine's. Every event survives its JSON form, names a
known rule id and has a sentence in which farmers and herds are counted from 1.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from mowkit import load_game
from mowkit.agents import make_agent
from mowkit.core import IllegalActionError, OptionError, Outcome, spawn_rngs
from mowkit.events import RULE_IDS, GameEnded, RoundEnded, RoundStarted, event_from_dict
from mowkit.games import mow
from mowkit.games.mow import (
    EVENT_TYPES,
    AcrobatPlaced,
    ActiveHerdMoved,
    ArrowDecided,
    CalfPlaced,
    CardsDrawn,
    CowAdded,
    HandsToPiles,
    HerdStarted,
    HerdTaken,
    LastTake,
    MadCowPlaced,
    NextFarmerChosen,
    NobodyCanStart,
    NoCardDrawn,
    SlowpokePlaced,
    StarterChosen,
    StartPassed,
)
from mowkit.narrate import sentence, sentences

# (options, agents) — 2..10 farmers, both packet choices, the star, every switchable rule
GAMES = [
    ({"players": 2}, ["random", "greedy"]),
    ({"players": 2, "packets": "both"}, ["random", "random"]),
    ({"players": 2, "star": False}, ["greedy", "random"]),
    ({"players": 2, "yellow_next": "any", "packets": "yellow"}, ["random", "random"]),
    ({"players": 3}, ["random", "greedy", "random"]),
    ({"players": 3, "packets": "both", "restart": "next"}, ["random"] * 3),
    ({"players": 3, "packets": "yellow", "yellow_next": "any"}, ["random"] * 3),
    ({"players": 4}, ["random"] * 4),
    ({"players": 4, "packets": "yellow", "next_starter": "rotate", "reset_arrow": False}, ["random"] * 4),
    ({"players": 4, "specials": False}, ["random"] * 4),
    ({"players": 5, "starter": 3, "comparison": ">", "threshold": 60}, ["greedy"] + ["random"] * 4),
    ({"players": 5, "packets": "both"}, ["random"] * 5),
    ({"players": 6}, ["random"] * 6),
    ({"players": 7, "restart": "next"}, ["random"] * 7),
    ({"players": 10, "max_rounds": 2}, ["random"] * 10),
]
SEEDS = (0, 1)  # 15 option sets x 2 seeds = 30 games


def play(game, agents, seed):
    """Play a whole game; return the final state and the events of every decision, in order."""
    players = [make_agent("mow", a) for a in agents]
    deal_rng, *rngs = spawn_rngs(seed, game.num_players + 1)
    state = game.new_state(rng=deal_rng)
    per_decision = [list(state.events)]
    while not state.is_over():
        (p,) = state.pending_players()
        state.apply(players[p].act(state.observation(p), state.legal_actions(p), rngs[p]))
        per_decision.append(list(state.events))
    return state, per_decision


@pytest.fixture(scope="module")
def games():
    out = []
    for options, agents in GAMES:
        game = load_game("mow", **options)
        for seed in SEEDS:
            out.append((game, *play(game, agents, seed)))
    return out


def rebuild(game, log):
    """Replay ``log`` with public bookkeeping only: herds, piles, the stock count, scores, totals."""
    n = game.players
    flies = game.flies
    herds: list[list[int]] = []
    piles: list[list[int]] = []
    stock = 0
    scores: list[list[int]] = []
    totals = [0] * n
    for e in log:
        if isinstance(e, RoundStarted):
            assert e.round == len(scores) and e.hand_size == 5
            herds = [[] for _ in range(game.num_herds)]
            piles = [[] for _ in range(n)]
            stock = len(game.deck) - 5 * n
        elif isinstance(e, HerdStarted):
            assert herds[e.herd] == [] and game.kinds[e.card] in mow.NUMBERED
            herds[e.herd].append(e.card)
        elif isinstance(e, (CowAdded, SlowpokePlaced, CalfPlaced)):
            assert herds[e.herd], "a cow is added to a started herd"
            herds[e.herd].append(e.card)
        elif isinstance(e, AcrobatPlaced):
            assert e.target in herds[e.herd] and game.numbers[e.target] == game.numbers[e.card]
            herds[e.herd].append(e.card)
        elif isinstance(e, MadCowPlaced):
            assert e.replaced in herds[e.herd] and game.numbers[e.replaced] == 8
            herds[e.herd].remove(e.replaced)
            herds[e.herd].append(e.card)
        elif isinstance(e, HerdTaken):
            assert sorted(e.cards) == sorted(herds[e.herd]), "the take holds exactly the herd"
            assert e.flies == sum(flies[c] for c in e.cards)
            piles[e.player].extend(e.cards)
            herds[e.herd] = []
        elif isinstance(e, CardsDrawn):
            # a cow draws one card, the dairy cow two, fewer only when the stock runs short
            assert e.count == min(2 if e.rule == "dairy-cow" else 1, stock) and e.count >= 1
            stock -= e.count
            assert e.left == stock
        elif isinstance(e, NoCardDrawn):
            assert e.rule == "thin-cow" or stock == 0
        elif isinstance(e, LastTake):
            assert stock == 0
        elif isinstance(e, HandsToPiles):
            assert sorted(e.unscored) == sorted(c for h in herds for c in h)
            for p, hand in enumerate(e.hands):
                piles[p].extend(hand)
            herds = [[] for _ in range(game.num_herds)]
        elif isinstance(e, RoundEnded):
            round_scores = [sum(flies[c] for c in pile) for pile in piles]
            totals = [t + s for t, s in zip(totals, round_scores)]
            assert list(e.scores) == round_scores and list(e.totals) == totals
            scores.append(round_scores)
    return scores, totals, piles


def test_the_events_alone_rebuild_piles_and_totals(games):
    assert len(games) >= 20
    for game, state, per_decision in games:
        log = [e for d in per_decision for e in d]
        assert log == state.log, "state.events of every decision, in order, make the log"
        assert isinstance(state.log[0], RoundStarted) and state.log[0].round == 0
        assert isinstance(state.log[-1], GameEnded)
        scores, totals, piles = rebuild(game, state.log)
        assert scores == state.round_scores
        assert totals == state.totals
        assert [sorted(p) for p in piles] == state.piles  # the last round's piles
        end = state.log[-1]
        assert end == GameEnded(tuple(totals), Outcome.of(totals).ranks, state.winners())
        assert state.outcome() == game.outcome(state) == Outcome.of(totals)


def test_every_event_round_trips_and_names_a_known_rule(games):
    kinds = set()
    for _game, state, _ in games:
        for e in state.log:
            back = event_from_dict("mow", json.loads(json.dumps(e.to_dict())))
            assert back == e and type(back) is type(e)
            assert e.rule in RULE_IDS, e
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", e.rule), e.rule
            kinds.add(type(e))
    # the seeded games reach every kind but the two rare round situations (built by hand below)
    assert set(EVENT_TYPES) - kinds <= {NobodyCanStart, StartPassed}
    assert {RoundStarted, RoundEnded, GameEnded} <= kinds


NUMBERS = re.compile(r"\b([Ff]armers?|[Hh]erd) ((?:\d+(?:, | and )?)+)")


def check_words(game, e, text):
    """Check one sentence; returns the (word, number) pairs of the farmers and herds it names."""
    assert text and "{" not in text and "}" not in text, text
    assert not re.search(r"\b[GY]-[A-Z0-9]", text), f"a card code in {text!r}"
    named = []
    for word, numbers in NUMBERS.findall(text):
        kind = "herd" if word.lower() == "herd" else "farmer"
        top = game.num_herds if kind == "herd" else game.players
        for x in re.findall(r"\d+", numbers):
            assert 1 <= int(x) <= top, text
            named.append((kind, int(x)))
    if hasattr(e, "player") and not isinstance(e, (LastTake,)):
        assert f"armer {e.player + 1}" in text, text
    if isinstance(e, NextFarmerChosen):
        assert f"farmer {e.next_player + 1} to play" in text
    if game.star and hasattr(e, "herd") and not isinstance(e, (CowAdded, AcrobatPlaced, SlowpokePlaced,
                                                                  CalfPlaced, MadCowPlaced)):
        assert f"erd {e.herd + 1}" in text, text
    return named


def test_the_narrator_tells_every_event_counting_from_1(games):
    for game, state, _ in games:
        texts = sentences(game, state.log)
        assert len(texts) == len(state.log)
        named = [pair for e, text in zip(state.log, texts) for pair in check_words(game, e, text)]
        # the bounds above were checked on real numbers: every farmer from 1 to the last is named
        # (a narrator counting from 0 names "farmer 0", one counting from 2 names players + 1)
        assert {x for kind, x in named if kind == "farmer"} == set(range(1, game.players + 1)), named
        if game.star:
            assert {x for kind, x in named if kind == "herd"} == set(range(1, game.num_herds + 1))


def test_rare_events_by_hand_and_their_sentences():
    g = load_game("mow", players=3, packets="both")
    s = g.position([["G-ACRO-7", "G-SLOW-1"], ["Y-CALF"], ["G-4-0"]], [["G-5-1"]], stock=["G-13-0"])
    s.apply(mow.TakeHerd(0))
    assert s.events[-1] == StartPassed(0, 2, 0)
    assert sentence(g, s.events[-1]) == "Farmer 1 holds no cow that can start a herd; farmer 3 starts it."
    s = g.position([["G-ACRO-7"], ["Y-CALF"], ["G-SLOW-1"]], [["G-5-1"]], stock=["G-13-0"])
    s.apply(mow.TakeHerd(0))
    assert s.events[:2] == [HerdTaken(0, 0, (g.card_id("G-5-1"),), 1), NobodyCanStart()]
    assert isinstance(s.events[2], HandsToPiles) and isinstance(s.events[3], RoundEnded)
    assert isinstance(s.events[4], StarterChosen) and isinstance(s.events[5], RoundStarted)
    assert s.events[3].scores == (6, 5, 5) and s.events[4] == StarterChosen(0, 1, "most-flies")
    words = sentences(g, s.events)
    assert words[1] == "No farmer holds a cow that can start the herd: the round ends."
    assert words[3] == "Round 1 ends. Flies this round: farmer 1: 6, farmer 2: 5, farmer 3: 5. Totals: " \
                       "farmer 1: 6, farmer 2: 5, farmer 3: 5."
    assert words[4] == "Farmer 1 starts round 2 (the most flies)."
    # one event of every kind, narrated in the star (herds counted from 1)
    star = load_game("mow", players=2, packets="both")
    c = star.card_id
    made = [HerdStarted(1, c("G-5-0"), 2), CowAdded(0, c("G-3-1"), 0, "low"),
            AcrobatPlaced(0, c("G-ACRO-7"), c("G-7-0"), 1), SlowpokePlaced(1, c("G-SLOW-1"), 0, 6),
            CalfPlaced(0, c("Y-CALF"), 0, "high", 9), MadCowPlaced(1, c("Y-MAD"), 2, c("G-8-3")),
            HerdTaken(1, 2, (c("G-5-0"), c("G-6-0")), 0), CardsDrawn(0, 2, 7, "dairy-cow"),
            CardsDrawn(1, 1, 0, "dairy-cow"), CardsDrawn(0, 1, 1), NoCardDrawn(1, "thin-cow"),
            NoCardDrawn(0, "empty-stock"), ArrowDecided(1, True, -1), ArrowDecided(0, False, 1),
            NextFarmerChosen(0, 1), StartPassed(1, 0, 2), ActiveHerdMoved(0), LastTake(1),
            NobodyCanStart(), HandsToPiles(((c("G-2-0"),), ()), (c("G-9-0"),)),
            StarterChosen(1, 3, "rotate"), RoundStarted(0, 5), RoundEnded(2, (3, 0), (50, 61)),
            GameEnded((101, 40), (2, 1), (1,)), GameEnded((40, 40), (1, 1), (0, 1))]
    assert {type(e) for e in made} == set(EVENT_TYPES) | {RoundStarted, RoundEnded, GameEnded}
    texts = sentences(star, made)
    for e, text in zip(made, texts):
        check_words(star, e, text)
    assert texts[0] == "Farmer 2 starts herd 3 with 5."
    assert texts[2] == "Farmer 1 puts acrobat 7 on top of the 7."
    assert texts[6] == "Farmer 2 takes herd 3: 2 cards, 0 flies."
    assert texts[7] == "Dairy cow: farmer 1 draws 2 cards; 7 cards left."
    assert texts[8] == "Dairy cow: farmer 2 draws the last card of the draw pile."
    assert texts[9] == "Farmer 1 draws a card; 1 card left."
    assert texts[12] == "Farmer 2 flips the arrow: play now goes anticlockwise."
    assert texts[16] == "Herd 1 is now the active herd."
    assert texts[-2] == "Game over: farmer 2 wins with 40 flies."
    assert texts[-1] == "Game over: farmers 1 and 2 share the win with 40 flies."


def test_refusals_name_slug_rule_ids():
    game = load_game("mow", players=6)
    rng = np.random.default_rng(5)
    state = game.new_state(2)
    rules = set()
    while not state.is_over():
        (p,) = state.pending_players()
        legal = state.legal_actions()
        c = int(rng.choice(state.hands[p])) if state.hands[p] else 0
        wrong = [mow.AddCow((p + 1) % 6, c, "low"), mow.AddCow(p, 95 - c, "high"), mow.Flip(p, 3),
                 mow.ChooseNext(p, p), mow.Slowpoke(p, c, 20), mow.AddCow(p, c, "middle"), mow.TakeHerd(p),
                 mow.Acrobat(p, c, 0), mow.Calf(p, c, "low"), mow.MadCow(p, c), mow.Flip(p, True)]
        for a in wrong:
            if a in legal:
                continue
            with pytest.raises(IllegalActionError) as err:
                state.apply(a)
            rules.add(err.value.rule)
        state.apply(legal[int(rng.integers(len(legal)))])
    with pytest.raises(IllegalActionError) as err:
        state.apply(mow.TakeHerd(0))
    rules.add(err.value.rule)
    assert rules <= RULE_IDS, rules - RULE_IDS
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", r) for r in rules), rules
    assert {"out-of-turn", "card-in-hand", "flip", "action-fields", "game-over", "ascending"} <= rules


def test_game_names_and_penalty():
    g = load_game("mow", players=3)
    assert (g.name, g.title, g.seat_word, g.penalty_word, g.line_word) == ("mow", "Mow", "farmer", "fly", "herd")
    assert all(g.penalty(c) == g.cards[c].flies for c in g.deck)
    assert sum(g.penalty(c) for c in g.deck) == 74
    import mowkit.narrate
    from mowkit.games.mow.narrate import describe

    s = g.new_state(3)
    for a in s.legal_actions():
        assert mowkit.narrate.describe(g, a) == describe(g, a)
    assert describe(g, mow.ChooseNext(0, 2)) == "farmer 3 plays next"


def test_vocabulary_one_name_each():
    g = load_game("mow", players=3)
    s = g.new_state(4)
    assert s.pending_players() == (0,) and len(s.stock) == len(g.deck) - 15
    for gone in ("pile", "cowsheds", "lines", "pending", "to_act"):  # the old second names are removed
        assert not hasattr(s, gone)
    o = s.observation(1)
    assert o.pending == (0,) and o.piles == tuple(tuple(x) for x in s.piles)
    assert o.stock_size == len(s.stock)
    for gone in ("to_act", "lines", "cowsheds", "pile_size"):
        assert not hasattr(o, gone)
    assert o.seen == frozenset(s.hands[1]) | {c for h in s.herds for _, c in h}
    assert set(o.unseen_cards()) == set(g.deck) - o.seen
    assert s.start_position is None
    c = s.clone()
    assert c.log == s.log and c.events == s.events and c.log is not s.log
    s.apply(s.legal_actions()[0])
    assert len(c.log) < len(s.log) and c.events != s.events


def test_position_keywords_the_position_value_and_start_position():
    g = load_game("mow", players=3, packets="both")
    new = g.position([["G-2-0", "G-7-3"], ["G-12-1"], ["Y-MAD"]], [["G-5-1", ("G-SLOW-1", 7), "G-9-2"]],
                     stock=["G-13-0"], piles=[[], ["G-13-2"], []], totals=[4, 5, 6], round_index=1,
                     pending=(1,), starter=2, arrow=-1)
    old = g.state_at(new.start)  # the typed position builds the same state
    assert repr(new) == repr(old) and new.start_position == old.start_position == new.start.to_json()
    assert new.pending_players() == (1,) and new.round_starter == 2 and new.arrow == -1
    again = g.position(**json.loads(json.dumps(new.start_position)))
    assert repr(again) == repr(new) and again.piles == new.piles and again.out == new.out
    assert [again.observation(p) for p in range(3)] == [new.observation(p) for p in range(3)]
    assert again.totals == new.totals and again.round_starter == 2 and again.start_position == new.start_position
    star = load_game("mow", players=2)
    s = star.position([["G-2-0"], ["G-4-1"]], [["G-5-1"], [], ["G-7-3"]], active=1,
                      acrobats=[("G-ACRO-7", "G-7-3")])
    back = star.position(**json.loads(json.dumps(s.start_position)))
    assert repr(back) == repr(s) and back.acrobats == s.acrobats and back.pending_players() == s.pending_players()


@pytest.mark.parametrize(
    "kwargs, option",
    [
        ({"hands": [["G-2-0"], ["G-3-0"]]}, "hands"),
        ({"hands": [["G-2-0"], ["X-1"], []]}, "hands[1]"),
        ({"hands": [["G-2-0"], ["G-2-0"], []]}, "position"),
        ({"hands": [["G-2-0"], [], []], "lines": [["G-5-0"], ["G-6-0"]]}, "lines"),
        ({"hands": [["G-2-0"], [], []], "lines": [["G-SLOW-1"]]}, "lines[0]"),
        ({"hands": [["G-2-0"], [], []], "lines": [[("G-5-0", 6)]]}, "position"),
        ({"hands": [["G-2-0"], [], []], "arrow": 2}, "arrow"),
        ({"hands": [["G-2-0"], [], []], "pending": 3}, "pending"),
        ({"hands": [["G-2-0"], [], []], "pending": (0, 1)}, "pending"),
        ({"hands": [["G-2-0"], [], []], "totals": [1, 2, 3]}, "totals"),
        ({"hands": [["G-2-0"], [], []], "totals": [1, 2], "round_index": 1}, "totals"),
        ({"hands": [["G-2-0"], [], []], "starter": -1}, "starter"),
        ({"hands": [["G-2-0"], [], []], "active": 1}, "active"),
        ({"hands": [["G-2-0"], [], []], "lines": [["G-5-0"]], "acrobats": [("G-ACRO-7", "G-7-0")]}, "acrobats"),
        ({"hands": [["G-2-0"], [], []], "piles": [[], []]}, "piles"),
    ],
)
def test_impossible_positions_raise_option_error(kwargs, option):
    g = load_game("mow", players=3, packets="both")
    with pytest.raises(OptionError) as err:
        g.position(**kwargs)
    assert err.value.option == option, str(err.value)
    assert "allowed" in str(err.value)
