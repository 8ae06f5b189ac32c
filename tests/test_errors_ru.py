"""Error messages in Russian: the engines' refusals and option errors speak the reader's language.

For a sample of refusals of both games (out of turn, a card not in hand, a wrong row, an illegal
placement, the game over, each Mow special-cow rule) and of option errors, the message made under
``language("ru")`` has no run of two or more Latin words (no English sentence left), still names
the seat counted from 1 and the card by its Russian name, and the error's fields (``rule``;
``option`` and ``value``) are the same as in English.
"""

from __future__ import annotations

import re

import pytest

from mowkit import load_game
from mowkit.agents import make_agent
from mowkit.core import IllegalActionError, OptionError
from mowkit.games import mow, sixnimmt
from mowkit.i18n import language

LATIN_RUN = re.compile(r"\b[A-Za-z]{2,}(?:\s+[A-Za-z]{2,})+\b")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def english_left(text: str) -> list[str]:
    """Runs of two or more Latin words (an English phrase) in ``text``."""
    return LATIN_RUN.findall(text)


def test_the_check_finds_english_and_passes_russian():
    assert english_left("[out-of-turn] player 2 cannot play a card now") != []
    assert english_left("[card-in-hand] у игрока 1 нет карты 55 (7 голов); на руке: 3, 8") == []
    assert english_left("это не ход игры 6 nimmt!") == []  # one Latin word (a name) is not a phrase


# --------------------------------------------------------------------------- positions

NIMMT2 = load_game("sixnimmt", players=2)
PRO2 = load_game("sixnimmt", players=2, variant="professional")
MOW3 = load_game("mow", players=3)
BOTH = load_game("mow", players=3, packets="both")


def nimmt_row():
    """Rule 4 pending for player 1 (seat 0): card 1 fits no row."""
    s = NIMMT2.position(hands=[[1], [50]], rows=[[10], [20], [30], [40]], reachable=False)
    s.apply(sixnimmt.Play(0, 1))
    s.apply(sixnimmt.Play(1, 50))
    assert s.phase == "row" and s.pending_players() == (0,)
    return s


def nimmt_place():
    """Professional tie for player 1: 20 is 10 from the back of [10] and the front of [30]."""
    s = PRO2.position(hands=[[20], [60]], rows=[[10], [30], [70], [80]], reachable=False)
    s.apply(sixnimmt.Play(0, 20))
    s.apply(sixnimmt.Play(1, 60))
    assert s.phase == "place" and s.pending_players() == (0,)
    return s


def nimmt_over():
    s = load_game("sixnimmt", players=2, max_rounds=1).new_state(seed=3)
    while not s.is_over():
        p = s.pending_players()[0]
        s.apply(s.legal_actions(p)[0])
    return s


def mow_position(hand, herd, game=BOTH, others=(("Y-13-2",), ("Y-14-1",))):
    """Farmer 1 (seat 0) to act with ``hand`` on ``herd`` (codes; slowpoke/calf as (code, value))."""
    return game.position([list(hand), *[list(o) for o in others]], [list(herd)], reachable=False)


def mow_flip():
    s = MOW3.position([["G-SLOW-1", "G-ACRO-7", "G-3-0", "G-12-0"], ["G-2-0"], ["G-4-0"]],
                      [["G-5-0", "G-7-0", "G-9-0"]], reachable=False)
    s.apply(mow.Acrobat(0, MOW3.card_id("G-ACRO-7"), MOW3.card_id("G-7-0")))
    assert s.phase == "flip"
    return s


def mow_next():
    s = BOTH.position([["Y-THIN-4", "G-2-0"], ["G-3-0"], ["G-6-0"]], [["G-5-0"]], reachable=False)
    s.apply(mow.AddCow(0, BOTH.card_id("Y-THIN-4"), "low"))
    assert s.phase == "next"
    return s


def c(code, game=BOTH):
    return game.card_id(code)


# (id, state maker, action maker, rule, what the Russian text must name: (game, card) labels and words)
REFUSALS = [
    ("6nimmt out of turn", nimmt_row, lambda s: sixnimmt.Play(1, 50), "out-of-turn",
     lambda g: ["игрок 2", "игрок 1"]),
    ("6nimmt card not in hand", lambda: NIMMT2.new_state(seed=1), lambda s: sixnimmt.Play(
        0, next(x for x in range(1, 105) if x not in s.hands[0])), "card-in-hand", None),
    ("6nimmt wrong row", nimmt_row, lambda s: sixnimmt.TakeRow(0, 6), "row-index",
     lambda g: ["ряда 7", "4 ряда"]),
    ("6nimmt illegal placement", nimmt_place, lambda s: sixnimmt.Place(0, 3, "back"), "smallest-difference",
     lambda g: [g.label(20), "ряда 1", "ряда 2"]),
    ("6nimmt no such player", lambda: NIMMT2.new_state(seed=1), lambda s: sixnimmt.Play(5, 1), "player-index",
     lambda g: ["игрока 6", "2 игрока"]),
    ("6nimmt game over", nimmt_over, lambda s: sixnimmt.Play(0, 1), "game-over", lambda g: []),
    ("mow out of turn", lambda: mow_position(["G-3-0"], ["G-5-0"]), lambda s: mow.AddCow(
        1, c("Y-13-2"), "high"), "out-of-turn", lambda g: ["фермер 2", "фермера 1"]),
    ("mow card not in hand", lambda: mow_position(["G-3-0"], ["G-5-0"]), lambda s: mow.AddCow(
        0, c("G-3-2"), "low"), "card-in-hand", lambda g: ["фермера 1", g.label(c("G-3-2"))]),
    ("mow acrobat on the wrong cow", lambda: mow_position(["G-ACRO-9", "G-3-0"], ["G-5-0", "G-7-0"]),
     lambda s: mow.Acrobat(0, c("G-ACRO-9"), c("G-7-0")), "acrobat", lambda g: [g.label(c("G-ACRO-9"))]),
    ("mow slowpoke without a gap", lambda: mow_position(["G-SLOW-1", "G-3-0"], ["G-5-0", "G-6-0"]),
     lambda s: mow.Slowpoke(0, c("G-SLOW-1"), 7), "slowpoke", lambda g: ["тихон"]),
    ("mow slowpoke wrong value", lambda: mow_position(["G-SLOW-1", "G-3-0"], ["G-5-0", "G-7-0"]),
     lambda s: mow.Slowpoke(0, c("G-SLOW-1"), 9), "slowpoke", lambda g: ["тихоня", "6"]),
    ("mow calf next to a cow with flies", lambda: mow_position(["Y-CALF", "G-3-0"], ["G-5-0", "G-7-1"]),
     lambda s: mow.Calf(0, c("Y-CALF"), "high"), "calf", lambda g: ["телёнок", g.label(c("G-7-1"))]),
    ("mow mad cow without an 8", lambda: mow_position(["Y-MAD", "G-3-0"], ["G-5-0", "G-7-0"]),
     lambda s: mow.MadCow(0, c("Y-MAD")), "mad-cow", lambda g: ["бешеная корова"]),
    ("mow blocking cow closes the end", lambda: mow_position(["G-9-0", "G-3-0"], ["G-5-0", "G-BLOCK-16"]),
     lambda s: mow.AddCow(0, c("G-9-0"), "high"), "blocking-cow", lambda g: [g.label(c("G-BLOCK-16"))]),
    ("mow special cow cannot start", lambda: mow_position(["G-SLOW-1", "G-3-0"], []),
     lambda s: mow.AddCow(0, c("G-SLOW-1"), "start"), "start-the-herd", lambda g: [g.label(c("G-SLOW-1"))]),
    ("mow empty herd cannot be taken", lambda: mow_position(["G-3-0"], []), lambda s: mow.TakeHerd(0),
     "take-the-herd", lambda g: ["стадо"]),
    ("mow ascending", lambda: mow_position(["G-6-2", "G-3-0"], ["G-5-0", "G-7-0"]),
     lambda s: mow.AddCow(0, c("G-6-2"), "high"), "ascending", lambda g: [g.label(c("G-6-2")), "7"]),
    ("mow flip value", mow_flip, lambda s: mow.Flip(0, 2), "flip", lambda g: ["стрелк"]),
    ("mow next farmer", mow_next, lambda s: mow.ChooseNext(0, 0), "next-farmer",
     lambda g: ["фермер 1", "фермеров 2 или 3"]),
    ("mow action field", lambda: mow_position(["G-3-0"], ["G-5-0"]), lambda s: mow.AddCow(0, c("G-3-0"), 1),
     "action-fields", lambda g: ["край", "число 1"]),
]


def refusal(make_state, make_action):
    state = make_state()
    action = make_action(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    return state, action, err.value


@pytest.mark.parametrize("make_state, make_action, rule, names", [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_refusals_are_russian_and_keep_their_rule(make_state, make_action, rule, names):
    with language("en"):
        _state, _action, english = refusal(make_state, make_action)
    with language("ru"):
        state, action, russian = refusal(make_state, make_action)
        wanted = names(state.game) if names is not None else None
        if wanted is None:  # the card not in hand, by its Russian name
            wanted = ["игрока 1", state.game.label(action.card)]
    assert english.rule == russian.rule == rule
    text = str(russian)
    assert text.startswith(f"[{rule}] ") and CYRILLIC.search(russian.message), text
    assert english_left(russian.message) == [], text
    for word in wanted:
        assert word in text, (word, text)
    assert russian.message != english.message


def test_card_names_in_russian_messages_are_the_russian_names():
    s = mow_position(["G-SLOW-1", "G-3-0"], [])
    with language("ru"):
        with pytest.raises(IllegalActionError) as err:
            s.apply(mow.AddCow(0, BOTH.card_id("G-SLOW-1"), "start"))
    assert "тихоня" in str(err.value) and "slowpoke" not in str(err.value)
    with language("ru"):
        with pytest.raises(IllegalActionError) as err:
            NIMMT2.position(hands=[[1], [50]], rows=[[10], [20], [30], [40]], reachable=False).apply(sixnimmt.Play(0, 55))
    assert "55 (7 голов)" in str(err.value) and "игрока 1" in str(err.value)


OPTION_ERRORS = [
    ("players", lambda: load_game("sixnimmt", players=11), "players", 11),
    ("too many players for tactics", lambda: load_game("sixnimmt", players=9, hand_size=12, variant="logic"), "players", 9),
    ("comparison", lambda: load_game("sixnimmt", comparison="<"), "comparison", "<"),
    ("switch", lambda: load_game("sixnimmt", auto_row="yes"), "auto_row", "yes"),
    ("star", lambda: load_game("mow", players=3, star=True), "star", True),
    ("packets", lambda: load_game("mow", packets="blue"), "packets", "blue"),
    ("agent", lambda: make_agent("mow", "nobody"), "agent", "nobody"),
    ("agent option", lambda: make_agent("sixnimmt", "random", depth=3), "depth", 3),
    ("agent spec", lambda: make_agent("mow", "mc:rollouts"), "agents", "mc:rollouts"),
    ("row of a position", lambda: NIMMT2.position(hands=[[1], [2]], rows=[[30, 10], [40], [50], [60]], reachable=False),
     "rows[0]", [30, 10]),
    ("pending of a position", lambda: NIMMT2.position(hands=[[1], [2]], rows=[[10], [20], [30], [40]],
                                                      pending=[0, 5], reachable=False), "pending", 5),
    ("herds of a position", lambda: MOW3.position([["G-3-0"], ["G-4-0"], ["G-6-0"]], [["G-5-0"], ["G-7-0"]], reachable=False),
     "lines", [["G-5-0"], ["G-7-0"]]),
    ("deals", lambda: NIMMT2.new_state(deals=[]), "deals", []),
    ("seed", lambda: MOW3.new_state(seed=-1), "seed", -1),
    ("seed of a position", lambda: NIMMT2.position(hands=[[1], [2]], rows=[[10], [20], [30], [40]], seed=2**63, reachable=False),
     "seed", 2**63),
    ("threshold beyond every backend", lambda: load_game("sixnimmt", threshold=300_000), "threshold", 300_000),
    ("name of an agent object", lambda: make_agent("mow", _Named("")), "agent.name", ""),
    ("total that ended the game", lambda: NIMMT2.position(hands=[[1], [2]], rows=[[10], [20], [30], [40]],
                                                          totals=[70, 0], reachable=True), "totals[0]", 70),
    ("cards on the table at the turn", lambda: NIMMT2.position(hands=[[1], [2]], rows=[[10], [20], [30], [40]],
                                                               reachable=True), "position", 4),
    ("planner number", lambda: make_agent("sixnimmt", "planner", z=-2.0), "z", -2.0),
    ("planner option of the other rollouts", lambda: make_agent("sixnimmt", "planner", avoid=3), "avoid", 3),
    ("planner option of the learned rollouts", lambda: make_agent("sixnimmt", "planner:rollout=random,model_turns=2"),
     "model_turns", 2),
]


class _Named:
    def __init__(self, name):
        self.name = name

    def act(self, observation, legal, rng):
        return legal[0]


@pytest.mark.parametrize("make, option, value", [o[1:] for o in OPTION_ERRORS], ids=[o[0] for o in OPTION_ERRORS])
def test_option_errors_are_russian_and_keep_their_fields(make, option, value):
    with language("en"), pytest.raises(OptionError) as en:
        make()
    with language("ru"), pytest.raises(OptionError) as ru:
        make()
    assert en.value.option == ru.value.option == option
    assert en.value.value == ru.value.value == value
    text = str(ru.value)
    assert text.startswith(f"опция {option}=") and CYRILLIC.search(ru.value.allowed), text
    assert english_left(ru.value.allowed) == [], text
    assert ru.value.allowed != en.value.allowed


def test_seats_in_an_option_error_count_from_one_as_players():
    with language("ru"), pytest.raises(OptionError) as err:
        NIMMT2.position(hands=[[1], [2]], rows=[[10], [20], [30], [40]], pending=5, reachable=False)
    assert "игроки с 1 по 2" in err.value.allowed, err.value.allowed


# --------------------------------------------------------------------------- record errors


def _deal_twice(record):
    deal = record["rounds"][0]["deal"]
    deal[1] = deal[0]


def _huge_round(record):
    record["rounds"] = record["rounds"] * 10_001


RECORD_ERRORS = [
    ("card dealt twice", _deal_twice, "rounds[0].deal"),
    ("deck of the wrong size", lambda r: r["rounds"][0]["deal"].pop(), "rounds[0].deal"),
    ("unknown card", lambda r: r["rounds"][0]["deal"].__setitem__(0, 999), "rounds[0].deal"),
    ("seed beyond the rule", lambda r: r.__setitem__("seed", 2**63), "seed"),
    ("too many rounds", _huge_round, "rounds"),
    ("blank agent name", lambda r: r.__setitem__("agents", [" ", "random"]), "agents[0]"),
]


@pytest.mark.parametrize("damage, field", [e[1:] for e in RECORD_ERRORS], ids=[e[0] for e in RECORD_ERRORS])
def test_record_errors_are_russian_and_name_the_field(damage, field):
    from mowkit.core import RecordError
    from mowkit.records import validate
    from mowkit.simulate import play_game

    record = play_game(NIMMT2, ["random", "random"], 1)
    damage(record)
    with language("en"), pytest.raises(RecordError) as en:
        validate(record)
    with language("ru"), pytest.raises(RecordError) as ru:
        validate(record)
    assert en.value.field == ru.value.field == field
    assert CYRILLIC.search(ru.value.message) and english_left(ru.value.message) == [], ru.value.message
    assert ru.value.message != en.value.message
