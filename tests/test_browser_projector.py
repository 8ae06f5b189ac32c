"""The Play view on a projector: headless Chromium at 1024×768, both games, both languages.

Measured in the DOM (nothing read from the Python side):

* the rows lie horizontally, as on a table: the cards of each row (each herd) share one band of
  y, and the four 6 nimmt! rows stand two by two, side by side;
* the rows, the hand on the screen and its clickable cards are inside the viewport once the app's
  top is at the top of the screen (no scrolling);
* every card number is drawn at a computed font size of at least 28 px, every head and fly icon
  at least 14×14 px, and every special cow shows a number (the mad cow 8, a slowpoke or calf "?"
  in hand, the value it stands for in a herd);
* a card is played by clicking the card itself, a Rule 4 row by clicking the row, a Mow herd end
  by clicking the end (a page of its own with positions built for it);
* the Play view in the app has no language switch of its own, and its seed box shows 627816 whole.

Slow (two Voila servers, a kernel each): run it alone,
``python -m pytest -q tests/test_browser_projector.py -p no:cacheprovider``. Fixtures and helpers
come from :mod:`test_browser` (the browser, the Voila server of the classroom app, the server
helpers). Screenshots: ``test-artifacts/projector-<game>.<lang>.png``.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_browser import (  # noqa: F401  (fixtures: pytest finds them by name in this module)
    ARTIFACTS,
    DOCS,
    RUN_ALL,
    SERVER_START,
    UI,
    _free_port,
    _no_computer_delay,
    _start,
    _stop,
    _tab,
    _wait_port,
    browser,
    env,
    voila,
    warm_kernels,
    workdir,
)

WIDTH, HEIGHT = 1024, 768

MEASURE = """root => {
  const r = e => { const b = e.getBoundingClientRect();
                   return {x: b.left, y: b.top, right: b.right, bottom: b.bottom, w: b.width, h: b.height}; };
  const seen = e => e.getClientRects().length > 0;
  const lines = [...root.querySelectorAll('.mowkit-lines > *')].filter(seen).map(l => ({
      box: r(l), cards: [...l.querySelectorAll('svg.card')].filter(seen).map(r)}));
  const hand = [...root.querySelectorAll('.mowkit-hand svg.card')].filter(seen).map(r);
  const hits = [...root.querySelectorAll('.mowkit-hand .mowkit-hit, .mowkit-lines .mowkit-hit')]
      .filter(seen).map(r);
  const prompt = [...root.querySelectorAll('.mowkit-prompt')].filter(seen).map(r);
  const revealed = [...root.querySelectorAll('.mowkit-after svg.card')].filter(seen).map(r);
  const numbers = [...root.querySelectorAll('svg.card text.number')].filter(seen)
      .map(t => parseFloat(getComputedStyle(t).fontSize));
  const icons = [...root.querySelectorAll('svg.card svg.icon')].filter(seen).map(r);
  const specials = [...root.querySelectorAll('svg.mow-card:not(.plain)')].filter(seen).map(c => ({
      kind: c.getAttribute('class'), name: c.getAttribute('aria-label'),
      number: (c.querySelector('text.number') || {}).textContent || ''}));
  return {vw: innerWidth, vh: innerHeight, lines, hand, hits, prompt, revealed, numbers, icons, specials};
}"""


def _inside(box: dict, m: dict, what: str) -> None:
    assert box["x"] >= -0.5 and box["y"] >= -0.5, f"{what} above or left of the screen: {box}"
    assert box["right"] <= m["vw"] + 0.5 and box["bottom"] <= m["vh"] + 0.5, f"{what} needs scrolling: {box}"


def _check(m: dict, where: str, side_by_side: bool) -> None:
    """The projector rules on one measured Play view."""
    assert m["lines"] and m["hand"], f"{where}: no lines or no hand drawn"
    for i, line in enumerate(m["lines"]):
        tops = [c["y"] for c in line["cards"]]
        assert not tops or max(tops) - min(tops) <= 2, f"{where}: line {i + 1} is not one horizontal line: {tops}"
        _inside(line["box"], m, f"{where}: line {i + 1}")
    if side_by_side:
        tops = sorted({round(line["box"]["y"]) for line in m["lines"]})
        assert len(tops) <= (len(m["lines"]) + 1) // 2, f"{where}: the rows are stacked, not side by side: {tops}"
    for card in m["hand"]:
        _inside(card, m, f"{where}: a card of the hand")
    assert m["hits"], f"{where}: nothing to click"
    for hit in m["hits"]:
        _inside(hit, m, f"{where}: a card or row to click")
    for box in m["prompt"]:
        _inside(box, m, f"{where}: the words saying what to do")
    for card in m["revealed"]:
        _inside(card, m, f"{where}: a card revealed this turn")
    assert m["numbers"] and min(m["numbers"]) >= 28, f"{where}: card numbers {sorted(set(m['numbers']))} px"
    if m["icons"]:
        assert min(min(i["w"], i["h"]) for i in m["icons"]) >= 13.95, f"{where}: icons under 14 px"
    for special in m["specials"]:
        assert special["number"].strip(), f"{where}: {special['name']} shows no number"


def _measure(page, app, play, where: str) -> dict:
    app.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    m = play.evaluate(MEASURE)
    (ARTIFACTS / f"projector-{where}.json").write_text(json.dumps(m, indent=1))
    page.screenshot(path=ARTIFACTS / f"projector-{where}.png")
    print(where, "lines at", sorted({round(line["box"]["y"]) for line in m["lines"]}),
          "lines bottom", round(max(line["box"]["bottom"] for line in m["lines"])) if m["lines"] else None,
          "hand bottom", round(max(c["bottom"] for c in m["hand"])) if m["hand"] else None,
          "numbers", sorted(set(m["numbers"])), "icons", sorted({round(i["w"], 1) for i in m["icons"]}))
    return m


def _play_tab(app, game_title: str, card: str):
    """The Play view of a game in the app's play tab (``card``: the class of its cards' SVG)."""
    tab = _tab(app, "play")
    tab.locator(".mowkit-game-picker .widget-toggle-button", has_text=game_title).click()
    play = tab.locator(f".mowkit-play:has(svg.{card})").first
    play.wait_for(state="visible", timeout=UI)
    return play


def _person_on_screen(play) -> None:
    """Press "I am player N" when the pass-the-device screen shows; wait for the hand's cards."""
    reveal = play.locator(".mowkit-reveal")
    if reveal.is_visible():
        reveal.click()
    play.locator(".mowkit-hand .mowkit-hit").first.wait_for(state="visible", timeout=UI)


RULE4_SEED = 1
"""With the app's 6 nimmt! seats (two people, then computers) at 3 and at 10 seats, player 1 laying
their lowest card and player 2 their highest, this seed gives Rule 4 to player 1 at the first turn
(player 1 then holds 9 cards, the fullest hand Rule 4 can meet). Found by playing the same seats
with :class:`mowkit.widgets.Play` in Python over seeds 1..400."""


def _click_card(play, pick) -> None:
    """Click the lowest (``pick=min``) or the highest (``max``) card of the hand on the screen."""
    labels = play.locator(".mowkit-hand .mowkit-slot svg.card").evaluate_all(
        "cs => cs.map(c => parseInt(c.getAttribute('aria-label')))")
    card = pick(labels)
    play.locator(".mowkit-hand .mowkit-slot", has=play.page.locator(f'svg[aria-label^="{card} "]'))\
        .locator(".mowkit-hit").click()


def _rule4_in_the_app(page, app, play, seats: int, lang: str) -> dict:
    """A new game at ``seats`` seats with :data:`RULE4_SEED`, played to player 1's Rule 4 choice
    through the app's own controls (seat count, seed, new game, the pass-the-device screens);
    measured when the rows are to be clicked (the rows, the cards revealed, the hand, the words)."""
    _no_computer_delay(page, play)
    play.locator(".mowkit-seat-count select").select_option(label=str(seats))
    seed = play.locator(".mowkit-seed input")
    seed.fill(str(RULE4_SEED))
    seed.press("Enter")
    play.locator(".mowkit-play-settings .widget-button.mod-primary").click()  # new game
    # the new game is drawn: as many seats in the seats' table, the seed at the end of the header
    page.wait_for_function(
        "([el, n, seed]) => el.querySelectorAll('.mowkit-seats-table tbody tr').length === n"
        " && el.querySelector('.mowkit-text').innerText.trim().endsWith(' ' + seed)",
        arg=[play.element_handle(), seats, str(RULE4_SEED)], timeout=UI)
    reveal = play.locator(".mowkit-reveal")
    for pick in (min, max):  # player 1 lays the lowest card, player 2 the highest
        reveal.wait_for(state="visible", timeout=UI)  # two people: the device is passed before each
        reveal.click()
        play.locator(".mowkit-hand .mowkit-hit").first.wait_for(state="visible", timeout=UI)
        _click_card(play, pick)
    rows = play.locator(".mowkit-lines > .mowkit-slot")  # the rows become the things to click
    page.wait_for_function("el => el.querySelector('.mowkit-reveal:not([style*=\"none\"])') !== null "
                           "|| el.querySelectorAll('.mowkit-lines > .mowkit-slot').length === 4",
                           arg=play.element_handle(), timeout=UI)
    if reveal.is_visible():
        reveal.click()
    rows.nth(3).wait_for(state="visible", timeout=UI)
    m = _measure(page, app, play, f"rule4-{seats}-seats.{lang}")
    _check(m, f"6 nimmt! Rule 4, {seats} seats ({lang})", side_by_side=True)
    assert len(m["hand"]) == 9 and len(m["hits"]) == 4, (len(m["hand"]), len(m["hits"]))  # the rows only
    assert len(m["revealed"]) == seats and m["prompt"]
    assert play.locator(".mowkit-moves .widget-button:visible").count() == 0  # no block of row buttons
    rows.first.locator(":scope > .mowkit-hit").click()  # take row 1: the game goes on
    page.wait_for_function("el => el.querySelectorAll('.mowkit-lines > .mowkit-slot').length === 0",
                           arg=play.element_handle(), timeout=UI)
    return m


LESSON_MEASURE = """root => {
  const seen = e => e.getClientRects().length > 0;
  const bottom = e => e.getBoundingClientRect().bottom;
  const all = s => [...root.querySelectorAll(s)].filter(seen);
  return {vh: innerHeight,
          cards: all('.mowkit-lesson-drawing svg.card').map(bottom),
          question: all('.mowkit-lesson-question').map(bottom),
          button: all('.widget-button.mod-success').map(bottom),
          answer: all('.mowkit-lesson-answer').map(bottom)};
}"""


def _lessons_fit(page, app, lang: str) -> None:
    """Each shipped lesson of the language at 1024×768: its first step's position (every card of
    the drawing), the question, the "show answer" button and, once revealed, the answer are on the
    screen without scrolling. The first (a 6 nimmt! lesson) is copied to docs/."""
    lesson = _tab(app, "lesson").locator(".mowkit-lesson")
    lesson.wait_for(state="visible", timeout=RUN_ALL)
    files = lesson.locator("select").first
    labels = files.evaluate(  # ipywidgets writes the labels' spaces as no-break spaces
        "(s, lang) => [...s.options].map(o => o.text).filter(t => t.replace(/\\s+/g, ' ').endsWith('· ' + lang))",
        lang)
    assert len(labels) >= 4, labels  # two per game
    labels.sort(key=lambda t: "6 nimmt" not in t.replace("\xa0", " "))  # 6 nimmt! first (the docs' picture)
    for k, label in enumerate(labels):
        before = lesson.inner_text()
        if files.evaluate("s => s.options[s.selectedIndex].text") != label:
            files.select_option(label=label)
            page.wait_for_function("([el, old]) => el.innerText !== old", arg=[lesson.element_handle(), before],
                                   timeout=RUN_ALL)
        lesson.locator(".widget-button.mod-success").first.click()
        page.wait_for_function("el => el.querySelectorAll('.mowkit-lesson-answer table').length > 0",
                               arg=lesson.element_handle(), timeout=RUN_ALL)
        app.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        m = lesson.evaluate(LESSON_MEASURE)
        (ARTIFACTS / f"projector-lesson-{k + 1}.{lang}.json").write_text(json.dumps(m, indent=1))
        print(f"lesson {label!r}:", {key: round(max(v)) for key, v in m.items() if key != "vh" and v})
        for key in ("cards", "question", "button", "answer"):
            assert m[key], f"lesson {label!r} ({lang}): no {key} shown"
            assert max(m[key]) <= m["vh"] + 0.5, f"lesson {label!r} ({lang}): the {key} ends at {max(m[key]):.0f} px"
        if k == 0:
            path = ARTIFACTS / f"classroom-projector-lesson.{lang}.png"
            page.screenshot(path=path)
            shutil.copy(path, DOCS / path.name)


def test_projector_layout_in_the_classroom_app(browser, voila) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.set_default_timeout(UI)
    try:
        page.goto(voila.url, timeout=RUN_ALL)
        app = page.locator(".mowkit-classroom")
        app.wait_for(state="visible", timeout=RUN_ALL)
        for lang in ("en", "ru"):
            if lang == "ru":
                app.locator(".mowkit-app-language .widget-toggle-button", has_text="Русский").click()
                page.wait_for_function("el => /[а-я]/i.test(el.innerText)",
                                       arg=app.locator(".lm-TabBar-tabLabel").nth(1).element_handle())
            play = _play_tab(app, "6 nimmt!", "sixnimmt-card")
            _person_on_screen(play)
            m = _measure(page, app, play, f"sixnimmt.{lang}")
            _check(m, f"6 nimmt! ({lang})", side_by_side=True)
            assert len(m["lines"]) == 4 and len(m["hand"]) == play.locator(".mowkit-hand .mowkit-hit").count()
            if lang == "en":  # a card is played by clicking it: the next person's turn (hands hidden)
                before = len(m["hand"])
                play.locator(".mowkit-hand .mowkit-hit").first.click()
                play.locator(".mowkit-reveal").wait_for(state="visible", timeout=UI)
                assert play.locator(".mowkit-hand svg.card").count() == 0
                _person_on_screen(play)
                assert play.locator(".mowkit-hand svg.card").count() == before
            # no language switch inside the app's Play view: the app's own, at the top, is the only one
            assert play.locator(".mowkit-language:visible").count() == 0
            # a six-digit seed shows whole in the seed box
            seed = play.locator(".mowkit-seed input")
            seed.fill("627816")
            assert seed.evaluate("i => i.scrollWidth <= i.clientWidth"), "the seed box cuts 627816"
            shot = ARTIFACTS / f"projector-sixnimmt.{lang}.png"
            shutil.copy(shot, DOCS / f"classroom-projector-play.{lang}.png")
            play = _play_tab(app, "Mow", "mow-card")
            _person_on_screen(play)
            m = _measure(page, app, play, f"mow.{lang}")
            _check(m, f"Mow ({lang})", side_by_side=False)
            # Rule 4 in the app, as the default three seats and as a table of ten
            play = _play_tab(app, "6 nimmt!", "sixnimmt-card")
            for seats in (3, 10):
                _rule4_in_the_app(page, app, play, seats, lang)
            shutil.copy(ARTIFACTS / f"projector-rule4-10-seats.{lang}.png", DOCS / f"classroom-projector-rule4.{lang}.png")
            _lessons_fit(page, app, lang)
    finally:
        page.close()


# --------------------------------------------------------------------------- positions built for clicks

PAGE = '''
import mowkit.i18n as i18n
from ipywidgets import VBox
from mowkit.match import resolve_game
from mowkit.widgets import Play

i18n.set_language({lang!r})
mow = resolve_game("mow", players=3, packets="both")
kind = {{c.kind: c.id for c in mow.cards if c.kind != "plain"}}
plain = {{(c.number, mow.flies[c.id]): c.id for c in mow.cards if c.kind == "plain"}}
herd = [plain[(3, 0)], (kind["slowpoke"], 4), plain[(6, 0)]]
hand = [kind["calf"], kind["mad"], kind["acrobat"], kind["blocking"], plain[(12, 1)]]
start = mow.position(hands=[hand, [plain[(1, 0)]], [plain[(2, 0)]]], lines=[herd], seed=0)
mow_play = Play(mow, players=["human", "greedy", "random"], state=start, seed=0, delay=0)
six = resolve_game("sixnimmt", players=2)
rule4 = six.position(hands=[[1, 50], [60, 70]], rows=[[10], [20, 21], [30], [40]], seed=0,
                     reachable=False)  # a what-if position: two cards left in hand, the rows short
six_play = Play(six, players=["human", "greedy"], state=rule4, seed=0, delay=0)
VBox([mow_play, six_play])
'''


@pytest.fixture(scope="module", params=["en", "ru"])
def clicks_page(request, workdir: Path, env: dict[str, str]) -> Iterator[tuple[str, str]]:  # noqa: F811
    """Voila serving a page with two positions built for clicking (Mow: special cows in hand, a
    calf that may go to either end; 6 nimmt!: a card lower than every row)."""
    import nbformat

    lang = request.param
    name = f"projector_clicks_{lang}.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PAGE.format(lang=lang))])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, workdir / "notebooks" / name)
    port = _free_port()
    log = ARTIFACTS / f"voila-projector-{lang}.log"
    cmd = [sys.executable, "-m", "voila", str(workdir / "notebooks" / name), f"--port={port}",
           "--no-browser", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    proc = _start(cmd, workdir / "notebooks", log, env)
    try:
        _wait_port(port, proc, log, SERVER_START)
        yield f"http://127.0.0.1:{port}", lang
    finally:
        _stop(proc)


def test_cards_rows_and_herd_ends_are_clicked_themselves(browser, clicks_page: tuple[str, str]) -> None:  # noqa: F811
    url, lang = clicks_page
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.set_default_timeout(UI)
    try:
        page.goto(url, timeout=RUN_ALL)
        plays = page.locator(".mowkit-play")
        plays.nth(1).wait_for(state="visible", timeout=RUN_ALL)
        assert "Traceback" not in page.locator("body").inner_text()
        mow, six = plays.nth(0), plays.nth(1)
        assert ("фермер 1" in mow.inner_text()) == (lang == "ru")

        # Mow: every special cow shows a number, in hand and in the herd
        m = _measure(page, mow, mow, f"mow-specials.{lang}")
        kinds = {s["kind"].split()[-1]: s["number"] for s in m["specials"]}
        assert {"calf", "mad", "acrobat", "blocking", "slowpoke"} <= set(kinds), kinds
        assert kinds["mad"] == "8" and kinds["calf"] == "?" and kinds["slowpoke"] == "4"
        _check(m, f"Mow specials ({lang})", side_by_side=False)

        # the calf may go to either end: click it, then the right-hand end of the herd
        herd = mow.locator(".mowkit-lines svg.card")
        assert herd.count() == 3
        calf = mow.locator(".mowkit-hand .mowkit-slot:has(svg.calf)")
        calf.locator(".mowkit-hit").click()
        ends = mow.locator(".mowkit-lines .mowkit-slot:has(.mowkit-hit)")
        ends.nth(1).wait_for(state="visible", timeout=UI)
        right = ends.last
        before = [b["x"] for b in mow.evaluate(MEASURE)["lines"][0]["cards"]]
        assert right.bounding_box()["x"] > max(before)  # the right-hand end, after the highest cow
        right.locator(".mowkit-hit").click()
        page.wait_for_function("el => el.querySelectorAll('.mowkit-lines svg.card').length === 4",
                               arg=mow.element_handle())
        labels = [mow.locator(".mowkit-lines svg.card").nth(i).get_attribute("class") for i in range(4)]
        assert "calf" in labels[-1], labels  # the calf stands at the high end

        # 6 nimmt!: the card 1 is lower than every row; clicked, then row 2 clicked (Rule 4)
        six.scroll_into_view_if_needed()
        six.locator(".mowkit-hand .mowkit-slot", has=page.locator('svg[aria-label^="1 "]'))\
            .locator(".mowkit-hit").click()
        rows = six.locator(".mowkit-lines > .mowkit-slot")
        rows.nth(3).wait_for(state="visible", timeout=UI)
        assert rows.count() == 4
        m = _measure(page, six, six, f"sixnimmt-rule4.{lang}")
        _check(m, f"6 nimmt! Rule 4 ({lang})", side_by_side=True)
        rows.nth(1).locator(":scope > .mowkit-hit").click()
        page.wait_for_function("el => el.querySelectorAll('.mowkit-lines > .mowkit-slot').length === 0",
                               arg=six.element_handle())
        first_row_cards = six.locator(".mowkit-lines > *").nth(1).locator("svg.card")
        assert first_row_cards.count() == 1 and first_row_cards.first.get_attribute("aria-label").startswith("1 ")
    finally:
        page.close()
