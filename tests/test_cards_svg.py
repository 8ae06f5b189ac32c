"""Cards drawn as SVG: valid standalone SVG, readable sizes, one icon per penalty point, names;
state drawings number seats and rows from 1 and need no emoji font and nothing from the web."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from mowkit.core import OptionError
from mowkit.games.mow import Mow
from mowkit.games.mow.render import card_html, mow_card_svg
from mowkit.games.sixnimmt import SixNimmt, heads
from mowkit.games.sixnimmt.render import cards_html, sixnimmt_card_svg
from mowkit.mow_data import mow_cards
from mowkit.render import card_back_svg, state_html

NS = "{http://www.w3.org/2000/svg}"
XMLNS = 'xmlns="http://www.w3.org/2000/svg"'
MOW = Mow(players=6, packets="both")
MOW_IDS = list(MOW.deck)
# what a special cow's card must say (written here, not taken from the drawing code)
SPECIAL_WORDS = {"blocking": "blocking cow", "acrobat": "acrobat", "slowpoke": "slowpoke",
                 "calf": "calf", "thin": "thin cow", "dairy": "dairy cow", "mad": "mad cow"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"  # the namespace is declared: a standalone SVG
    return root


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if cls in (e.get("class") or "").split()]


def number_size(root: ET.Element) -> float:
    (number,) = by_class(root, "text", "number")
    return float(number.get("font-size"))


def title(root: ET.Element) -> str:
    t = root.find(f"{NS}title")
    assert t is not None
    return t.text or ""


def is_emoji(ch: str) -> bool:
    """Code points drawn from an emoji font: pictographs, dingbats, symbols, arrows/shapes with
    emoji presentation, and the variation selector that asks for it."""
    o = ord(ch)
    return (o >= 0x1F000 or 0x2600 <= o <= 0x27BF or 0x2B00 <= o <= 0x2BFF or 0x25A0 <= o <= 0x25FF
            or 0x2190 <= o <= 0x21FF or o in (0xFE0F, 0x200D))


def no_web_and_no_emoji(text: str) -> None:
    assert "http" not in text.replace(XMLNS, ""), "a reference to the web"
    assert not re.search(r"\b(href|src)\s*=|url\(|@import|@font-face", text)
    bad = sorted({ch for ch in text if is_emoji(ch)})
    assert not bad, f"emoji code points {bad}"


@pytest.mark.parametrize("card", range(1, 105))
def test_sixnimmt_card(card: int) -> None:
    svg = sixnimmt_card_svg(card)
    root = parse(svg)
    assert number_size(root) >= 28
    (number,) = by_class(root, "text", "number")
    assert number.text == str(card)
    icons = by_class(root, "svg", "head")
    assert len(icons) == heads(card)
    for icon in icons:
        assert float(icon.get("width")) >= 14 and float(icon.get("height")) >= 14
    assert str(card) in title(root) and "head" in title(root)
    no_web_and_no_emoji(svg)


def test_sixnimmt_card_colour_follows_the_heads() -> None:
    """Cards with the same number of heads share a colour; different head counts differ."""
    colour = {}
    for card in range(1, 105):
        fill = parse(sixnimmt_card_svg(card)).find(f"{NS}rect").get("fill")
        colour.setdefault(heads(card), set()).add(fill)
    assert sorted(colour) == [1, 2, 3, 5, 7]
    assert all(len(fills) == 1 for fills in colour.values())
    assert len({next(iter(f)) for f in colour.values()}) == 5


@pytest.mark.parametrize("card", MOW_IDS)
def test_mow_card(card: int) -> None:
    c = MOW.cards[card]
    svg = mow_card_svg(MOW, card)
    root = parse(svg)
    icons = by_class(root, "svg", "fly")
    assert len(icons) == c.flies
    for icon in icons:
        assert float(icon.get("width")) >= 14 and float(icon.get("height")) >= 14
    numbers = by_class(root, "text", "number")
    if c.number is None:  # slowpoke, calf, mad cow: what they stand for (8, or "?" until placed)
        assert number_size(root) >= 28 and numbers[0].text == ("8" if c.kind == "mad" else "?")
    else:
        assert number_size(root) >= 28 and numbers[0].text == str(c.number)
    text = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    if c.kind != "plain":
        assert SPECIAL_WORDS[c.kind] in text
        assert by_class(root, "svg", "symbol")
    else:
        assert not by_class(root, "svg", "symbol")
    assert title(root) == MOW.label(card)
    assert c.code not in svg  # people read names, not codes
    no_web_and_no_emoji(svg)


def test_mow_card_in_a_herd_shows_the_value_it_stands_for() -> None:
    ids = {c.kind: c.id for c in mow_cards()}
    for kind, value in (("slowpoke", 5), ("calf", 0), ("mad", 8)):
        root = parse(mow_card_svg(MOW, ids[kind], value))
        assert number_size(root) >= 28 and by_class(root, "text", "number")[0].text == str(value)


def test_every_card_of_the_table_is_drawn() -> None:
    """The Mow table holds 96 cards; the 6-farmer game with both packets uses them all."""
    assert len(MOW_IDS) == len(mow_cards()) == 96


@pytest.mark.parametrize("scale", [0.5, 2.0, 3.0])
def test_scale_is_linear(scale: float) -> None:
    for svg1, svg2 in ((sixnimmt_card_svg(55), sixnimmt_card_svg(55, scale)),
                       (mow_card_svg(MOW, 44), mow_card_svg(MOW, 44, scale=scale))):
        a, b = parse(svg1), parse(svg2)
        assert number_size(b) == pytest.approx(scale * number_size(a))
        for key in ("width", "height"):
            assert float(b.get(key)) == pytest.approx(scale * float(a.get(key)), abs=0.02)
        icons_a = [float(e.get("width")) for e in a.iter(f"{NS}svg") if "icon" in (e.get("class") or "")]
        icons_b = [float(e.get("width")) for e in b.iter(f"{NS}svg") if "icon" in (e.get("class") or "")]
        assert icons_a and icons_b == pytest.approx([scale * w for w in icons_a], abs=0.02)
    assert number_size(parse(sixnimmt_card_svg(7, scale=2))) >= 56


@pytest.mark.parametrize("bad", [0, -1, "big", True, None])
def test_bad_scale_is_refused(bad: object) -> None:
    with pytest.raises(OptionError) as e:
        sixnimmt_card_svg(10, bad)  # type: ignore[arg-type]
    assert e.value.option == "scale"


def test_card_backs() -> None:
    for name in ("sixnimmt", "mow"):
        svg = card_back_svg(name)
        root = parse(svg)
        assert title(root) == "face-down card"
        assert not by_class(root, "text", "number")
        no_web_and_no_emoji(svg)
    # the back of a game's cards is as large as its faces
    assert parse(card_back_svg("mow")).get("height") == parse(mow_card_svg(MOW, 0)).get("height")
    assert parse(card_back_svg("sixnimmt")).get("width") == parse(sixnimmt_card_svg(1)).get("width")


def test_run_helpers_draw_one_svg_per_card() -> None:
    run = cards_html([3, 55, 104], highlight=55)
    assert run.count("<svg xmlns=") == 3
    assert cards_html([]) == "—"
    assert card_html(MOW, 0).startswith("<svg")


def _seats(text: str, word: str) -> set[int]:
    return {int(n) for n in re.findall(rf"\b{word} (\d+)\b", text)}


def _played_sixnimmt(seed: int, moves: int):
    s = SixNimmt(players=4).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        p = s.pending_players()[0]
        s.apply(rng.choice(s.legal_actions(p)))
    return s


def _played_mow(players: int, seed: int, moves: int):
    s = Mow(players=players).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions(s.pending_players()[0])))
    return s


def test_sixnimmt_drawing_numbers_from_1() -> None:
    s = _played_sixnimmt(11, 2)  # two players have laid a card face down
    assert len(s.chosen) == 2
    for show in (True, 0, False):
        text = state_html(s, show)
        ET.fromstring(f"<div>{text.replace('&nbsp;', ' ')}</div>")  # well-formed
        assert _seats(text, "player") == {1, 2, 3, 4}
        assert _seats(text, "row") == {1, 2, 3, 4}
        no_web_and_no_emoji(text)
    hidden = state_html(s, False)
    # the cards laid this turn are drawn from the back, and so is each hidden hand
    assert hidden.count("<title>face-down card</title>") == 2
    assert hidden.count("<title>hidden hand</title>") == 4
    own = state_html(s, next(iter(s.chosen)))  # a player sees their own card laid face down
    assert own.count("<title>face-down card</title>") == 1 and "laid face down: " in own
    assert own.count("<title>hidden hand</title>") == 3
    assert all(f"{len(h)} cards" in hidden for h in s.hands)
    assert "total" in hidden and "0 cards, 0 heads" in hidden


def test_sixnimmt_drawing_piles_as_counts() -> None:
    s = _played_sixnimmt(5, 60)
    text = state_html(s, True)
    assert any(s.piles)  # someone has taken a row by now
    for pile in s.piles:
        h = sum(heads(c) for c in pile)
        word = "card" if len(pile) == 1 else "cards"
        assert f"{len(pile)} {word}, {h} head" in text
    # the totals are a column of their own, not glued to the pile text
    assert not re.search(r"\d+ heads? ?/ ?total", text)


def test_mow_drawing_numbers_from_1() -> None:
    for players, star in ((4, False), (2, True)):
        s = _played_mow(players, 3, 8)
        text = state_html(s, True)
        ET.fromstring(f"<div>{text}</div>")
        assert _seats(text, "farmer") == set(range(1, players + 1))
        if star:
            assert _seats(text, "herd") == {1, 2, 3}
        else:
            assert "herd 0" not in text and "herd 1" not in text
        no_web_and_no_emoji(text)
        sheds = s.piles
        for shed in sheds:
            flies = sum(MOW.flies[c] for c in shed)
            word = "card" if len(shed) == 1 else "cards"
            assert f"{len(shed)} {word}, {flies} fl" in text
        assert not re.search(r"cowshed \d+ ?/ ?total", text)
        assert state_html(s, 0).count("<svg") < text.count("<svg")  # other hands hidden


@pytest.mark.parametrize("game", [
    SixNimmt(players=3, max_rounds=1), SixNimmt(players=4, variant="logic", max_rounds=1),
    SixNimmt(players=5, variant="professional", max_rounds=1), Mow(players=2, max_rounds=1),
    Mow(players=4, packets="both", max_rounds=1),
], ids=["sixnimmt", "logic", "professional", "mow-star", "mow-both"])
def test_every_state_of_a_round_draws(game) -> None:
    """Each state of a seeded round (every phase, to the end) draws as well-formed HTML with seats
    from 1; the phases seen are the game's own."""
    s = game.new_state(7)
    rng = random.Random(7)
    draw = state_html
    word = "farmer" if game.name == "mow" else "player"
    phases = set()
    for _ in range(2000):
        phases.add(s.phase)
        for show in (True, 1, False):
            text = draw(s, show)
            ET.fromstring(f"<div>{text}</div>")
            assert _seats(text, word) == set(range(1, game.players + 1))
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions(s.pending_players()[0])))
    assert s.is_over() and "over" in phases and len(phases) >= 2


def test_card_svg_picks_the_game() -> None:
    from mowkit.render import card_back_svg as back
    from mowkit.render import card_svg

    six = parse(card_svg(SixNimmt(), 55, scale=2))
    assert len(by_class(six, "svg", "head")) == heads(55) and number_size(six) >= 56
    mow = parse(card_svg(MOW, MOW.card_id("G-SLOW-1"), value=6))
    assert by_class(mow, "text", "number")[0].text == "6" and len(by_class(mow, "svg", "fly")) == 5
    assert title(parse(back("mow"))) == "face-down card"
