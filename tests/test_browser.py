"""Browser test: every notebook runs in JupyterLab under headless Chromium, and the Voila app works.

A JupyterLab server (127.0.0.1, free port, empty token) serves a temporary copy of ``notebooks/``;
Playwright drives Debian's ``/usr/bin/chromium`` (never a downloaded browser). Each notebook is
opened and run with the JupyterLab command "Run All Cells"; the test asserts that no cell has an
error output, that widgets and plotly charts render, and that *next* in a stepper changes the
decision shown and its explanation. The classroom app is then served by Voila and checked the
same way. Screenshots go to ``test-artifacts/`` (the README's images in ``docs/`` are copies).

Every wait has a timeout and the servers are stopped in fixture finalizers. A missing
``/usr/bin/chromium`` is a failure, not a skip (``.ci/run`` installs it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlparse

import pytest
from latin_text import english_runs

ROOT = Path(__file__).resolve().parent.parent
STEPPER_NOTEBOOKS = {"01_mow_rules", "03_sixnimmt_rules", "classroom"}
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted(
    p for p in (ROOT / "notebooks" / "ru").glob("*.ipynb") if p.stem in STEPPER_NOTEBOOKS)
"""Every English notebook, and the Russian twins with a stepper (where this test checks that the widget
speaks Russian). The other twins run the very same code (tests/test_notebook_twins.py) and nbval runs
every twin in the same test command, so opening them in JupyterLab again would only cost time."""
DOCS = ROOT / "docs"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
SERVER_START = 90_000  # ms
RUN_ALL = 150_000  # ms for one notebook's "Run All Cells"
UI = 30_000  # ms for a widget to appear or change

# what each notebook must show besides running cleanly
WIDGETS = {"01_mow_rules", "02_mow_card_math", "03_sixnimmt_rules", "04_sixnimmt_card_math",
           "05_strategies_tournament", "06_outcome_distributions", "classroom"}
PLOTS = {"02_mow_card_math", "04_sixnimmt_card_math", "05_strategies_tournament", "06_outcome_distributions"}
STEPPERS = STEPPER_NOTEBOOKS
EXPLORERS = {"05_strategies_tournament", "06_outcome_distributions"}


def _name(nb: Path) -> str:
    """A notebook's path inside ``notebooks/`` without ``.ipynb``: ``03_sixnimmt_rules``, ``ru/03_sixnimmt_rules``."""
    return nb.relative_to(ROOT / "notebooks").with_suffix("").as_posix()


def _stem(name: str) -> str:
    return name.rsplit("/", 1)[-1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout_ms: int) -> None:
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"server did not answer {url} within {timeout_ms / 1000:.0f} s:\n{log.read_text()[-3000:]}")


def _wait_port(port: int, proc: subprocess.Popen, log: Path, timeout_ms: int) -> None:
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.5)
    pytest.fail(f"nothing listens on port {port} after {timeout_ms / 1000:.0f} s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (kernels are shut down by the server), then SIGKILL."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)


def _start(cmd: list[str], cwd: Path, log: Path, env: dict[str, str]) -> subprocess.Popen:
    """Start a server in its own process group, its output going to ``log``."""
    with open(log, "w") as out:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the notebooks (running them in a browser must not touch the repository's files)."""
    root = tmp_path_factory.mktemp("browser")
    nbdir = root / "notebooks"
    nbdir.mkdir()
    for nb in NOTEBOOKS:
        target = nbdir / _name(nb)
        target.parent.mkdir(exist_ok=True)
        shutil.copy(nb, target.with_suffix(".ipynb"))
    ARTIFACTS.mkdir(exist_ok=True)
    return root


@pytest.fixture(scope="module")
def env(workdir: Path) -> dict[str, str]:
    """Environment of the servers: private Jupyter config, data and runtime folders."""
    e = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        path = workdir / var.lower()
        path.mkdir(exist_ok=True)
        e[var] = str(path)
    e["PYTHONUNBUFFERED"] = "1"
    # the kernels import this checkout's mowkit (installed or not)
    e["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), e.get("PYTHONPATH")) if p)
    return e


def _install_chromium() -> None:
    """On a fresh Debian machine where we are root, install Debian's chromium (as .ci/run does),
    so that the README's test command works there too; elsewhere the fixture fails with a message."""
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("apt-get"):
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium", "fonts-noto-color-emoji"]):
        try:
            subprocess.run(cmd, env=env, capture_output=True, timeout=900, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return


@pytest.fixture(scope="module")
def browser() -> Iterator:
    """Headless Debian Chromium through Playwright."""
    if not Path(CHROMIUM).exists():
        _install_chromium()
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; "
                    ".ci/run does this). The browser test never downloads a browser.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True,
                               timeout=SERVER_START)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def lab(workdir: Path, env: dict[str, str]) -> Iterator[str]:
    """A JupyterLab server on 127.0.0.1 with an empty token, serving the notebook copies."""
    settings = workdir / "lab-settings"
    for name, value in {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
            {"fetchNews": "false", "checkForUpdates": False},
    }.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    port = _free_port()
    log = ARTIFACTS / "jupyterlab.log"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", "--ServerApp.token=",
           "--ServerApp.password=", f"--ServerApp.root_dir={workdir / 'notebooks'}",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={settings}",
           f"--LabApp.workspaces_dir={workdir / 'workspaces'}"]
    proc = _start(cmd, workdir, log, env)
    try:
        _wait_http(f"http://127.0.0.1:{port}/api/status", proc, log, SERVER_START)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(proc)


@pytest.fixture(scope="module")
def lab_page(browser, lab: str) -> Iterator:
    """One JupyterLab page; notebooks are opened in it one after the other."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(UI)
    page.goto(f"{lab}/lab?reset", timeout=SERVER_START)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started !== undefined",
                           timeout=SERVER_START)
    page.evaluate("() => window.jupyterapp.started")
    page.wait_for_selector(".jp-LabShell", timeout=SERVER_START)
    try:
        yield page
    finally:
        page.close()


# JavaScript run in the page ------------------------------------------------------------------

OPEN_AND_RUN = """
async ([path, timeout]) => {
  const app = window.jupyterapp;
  const panel = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  await panel.context.ready;
  await panel.sessionContext.ready;
  app.shell.activateById(panel.id);
  const ran = app.commands.execute('notebook:run-all-cells');
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error('Run All Cells timed out')), timeout));
  await Promise.race([ran, late]);
  return panel.id;
}
"""

CELL_REPORT = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const errors = [];
  let code = 0, unrun = 0;
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== 'code') continue;
    code += 1;
    if (cell.model.executionCount === null) unrun += 1;
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === 'error') errors.push(out.ename + ': ' + out.evalue);
    }
  }
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return {code, unrun, errors, status: kernel ? kernel.status : 'none'};
}
"""

SEEN_TEXT = """
el => {
  // what a person sees: a closed dropdown shows its chosen option only (innerText would give them all)
  const swaps = [];
  for (const s of el.querySelectorAll('select')) {
    const span = document.createElement('span');
    span.textContent = s.selectedIndex >= 0 ? s.options[s.selectedIndex].text : '';
    s.replaceWith(span);
    swaps.push([span, s]);
  }
  const text = el.innerText;
  for (const [span, s] of swaps) span.replaceWith(s);
  return text;
}
"""


CLOSE = """
async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.shutdown();
  panel.context.model.dirty = false;
  panel.dispose();
}
"""


STEP_NUMBERS = r"(\d+)\D+(\d+)"  # "decision 3 of 191" in any language: the decision shown, the last one


def _check_stepper(page, scope, name: str) -> None:
    """Click *next* in the first stepper: the decision, the table and the explanation change.

    Language-neutral: at the deal the label reads "before decision 1 of N", after *next* "decision 1
    of N" (decisions counted from 1): the text changes, the first number stays 1; *next* is the
    stepper's primary button."""
    stepper = scope.locator(".mowkit-stepper").first
    stepper.wait_for(state="visible", timeout=UI)
    stepper.scroll_into_view_if_needed()
    label = stepper.locator(".mowkit-step")
    table = stepper.locator(".mowkit-table")
    explanation = stepper.locator(".mowkit-explanation")
    before = (label.inner_text(), table.inner_html(), explanation.inner_text())
    assert re.search(STEP_NUMBERS, before[0]) and re.search(r"\d+", before[0]).group() == "1", before[0]
    stepper.locator(".widget-button.mod-primary").first.click()
    page.wait_for_function("([el, old]) => el.innerText !== old", arg=[label.element_handle(), before[0]],
                           timeout=UI)
    after = (label.inner_text(), table.inner_html(), explanation.inner_text())
    assert re.search(r"\d+", after[0]).group() == "1", after[0]
    assert after[1] != before[1] and after[2] != before[2] and after[2].strip()
    stepper.screenshot(path=ARTIFACTS / f"{name}-stepper.png", timeout=UI)


def _wait_for_charts(page, explorer, count: int = 3) -> None:
    """Wait until the explorer's ``count`` plotly charts are drawn (each has its SVG)."""
    explorer.locator(".mowkit-charts .js-plotly-plot").first.wait_for(state="visible", timeout=RUN_ALL)
    page.wait_for_function(
        "([el, n]) => el.querySelectorAll('.mowkit-charts .js-plotly-plot .main-svg').length >= n",
        arg=[explorer.element_handle(), count], timeout=UI)


def _check_no_widget_errors(scope) -> None:
    for text in ("Error displaying widget", "Failed to load model class", "model not found"):
        assert scope.get_by_text(text).count() == 0, text


@pytest.mark.parametrize("notebook", [_name(nb) for nb in NOTEBOOKS])
def test_notebook_runs_in_jupyterlab(lab_page, notebook: str) -> None:
    page = lab_page
    stem = _stem(notebook)
    shot = notebook.replace("/", "-")
    page.evaluate(OPEN_AND_RUN, [f"{notebook}.ipynb", RUN_ALL])
    try:
        page.wait_for_function(f"() => ({CELL_REPORT})().unrun === 0 && ({CELL_REPORT})().status === 'idle'",
                               timeout=UI)
        report = page.evaluate(CELL_REPORT)
        assert report["code"] > 0 and report["unrun"] == 0, report
        assert not report["errors"], f"{notebook}: error outputs {report['errors']}"
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").last
        if stem in WIDGETS:
            panel.locator(".jp-OutputArea-output .widget-button, .jp-OutputArea-output .widget-slider"
                          ).first.wait_for(state="attached", timeout=UI)
        if stem in PLOTS:
            panel.locator(".jp-OutputArea-output.js-plotly-plot, .jp-OutputArea-output .js-plotly-plot"
                          ).first.wait_for(state="attached", timeout=UI)
        if stem in EXPLORERS:
            explorer = panel.locator(".mowkit-explorer").first
            explorer.scroll_into_view_if_needed()
            _wait_for_charts(page, explorer)
            explorer.screenshot(path=ARTIFACTS / f"{shot}-explorer.png", timeout=UI)
        if stem in STEPPERS:
            _check_stepper(page, panel, shot)
        if notebook.startswith("ru/") and stem in STEPPERS:  # the stepper speaks Russian
            text = panel.locator(".mowkit-stepper").first.evaluate(SEEN_TEXT)
            assert not english_runs(text), f"{notebook}: English in the stepper: {english_runs(text)}"
        _check_no_widget_errors(panel)
        page.screenshot(path=ARTIFACTS / f"{shot}.png", timeout=UI)
    finally:
        page.evaluate(CLOSE)


class Voila(NamedTuple):
    """The Voila server of the tests: its address and its process (the kernels are its children)."""

    url: str
    proc: subprocess.Popen


CULL_IDLE = 10  # s: the test's idle timeout (the shipped app/voila.py says 600)


@pytest.fixture(scope="module")
def warm_kernels(env: dict[str, str]) -> None:
    """The README's first command's warm step (``python -m mowkit.kernels.warm``: nothing to do
    when the cache is filled), so that no page compiles kernels while the tests time it."""
    subprocess.run([sys.executable, "-m", "mowkit.kernels.warm"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=3600)


@pytest.fixture(scope="module")
def voila(workdir: Path, env: dict[str, str], warm_kernels: None) -> Iterator[Voila]:
    """Voila serving the classroom app on 127.0.0.1 with the shipped settings (``app/voila.py``:
    the template without CDN stylesheets, the browser's language passed on, idle kernels culled;
    the culler here looks every 2 s and culls after 10 s, the school's values are 60 s and 600 s)."""
    port = _free_port()
    log = ARTIFACTS / "voila.log"
    cmd = [sys.executable, "-m", "voila", str(workdir / "notebooks" / "classroom.ipynb"), f"--port={port}",
           "--no-browser", "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
           f"--Voila.config_file_paths={ROOT / 'app'}",
           f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}", "--MappingKernelManager.cull_interval=2"]
    proc = _start(cmd, workdir / "notebooks", log, env)
    try:
        _wait_port(port, proc, log, SERVER_START)  # a GET of the page would start a kernel
        yield Voila(f"http://127.0.0.1:{port}", proc)
    finally:
        _stop(proc)


TABS = ("step", "play", "editor", "lesson", "explorer")  # the classroom app's tabs, in order (mowkit.widgets.app.TABS)


def _tab(app, key: str):
    """Open a tab of the classroom app by clicking its title (by position: titles change with the language)."""
    app.locator(".lm-TabBar-tab").nth(TABS.index(key)).click()
    return app.locator(".widget-tab-contents > .widget-box:not(.lm-mod-hidden)").first




def _english_left(app, where: str, found: dict[str, list[str]]) -> None:
    """Note the English left in the visible text of the app (heading, switch, tab titles, the tab
    shown, charts included) under ``where``; the test asserts at the end that nothing was noted
    (every flow runs and every screenshot is made first)."""
    runs = english_runs(app.evaluate(SEEN_TEXT))
    if runs:
        found[where] = runs


RAW_AGENT_NAMES = re.compile(r"\b(random|lowest|highest|greedy|heuristic|planner|human|mc)\b")
"""The kit's agents' code names: a person reads their display names (mowkit.agents.agent_name)."""


def _no_raw_agent_names(app, where: str, found: dict[str, list[str]]) -> None:
    """Note the agents' code names left in the visible text of the app (item 4 of issue 20)."""
    raw = sorted(set(RAW_AGENT_NAMES.findall(app.evaluate(SEEN_TEXT))))
    if raw:
        found[where + " (agent code names)"] = raw


def _labels_fit(scope, where: str) -> None:
    """No label of the tab shown is cut off (its text wider than its box, item 7 of issue 20)."""
    cut = scope.evaluate("""el => [...el.querySelectorAll('.widget-label, .widget-label-basic, label')]
        .filter(l => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1).map(l => l.innerText)""")
    assert not cut, f"{where}: labels cut off: {cut}"


def _ticks_differ(explorer) -> None:
    """Every chart's tick labels differ from one another as drawn (never "4 %, 4 %, 3 %", item 6)."""
    charts = explorer.evaluate("""el => [...el.querySelectorAll('.mowkit-charts .js-plotly-plot')].map(
        p => [...p.querySelectorAll('.ytick text')].map(t => t.textContent))""")
    assert charts and all(len(set(ticks)) == len(ticks) for ticks in charts), charts


def _titles_fit(app) -> None:
    """No tab title is cut off: each label is as wide as its text."""
    cut = app.evaluate("""el => [...el.querySelectorAll('.lm-TabBar-tabLabel')]
        .filter(l => l.scrollWidth > l.clientWidth + 1).map(l => l.innerText)""")
    assert not cut, f"tab titles cut off: {cut}"


def _screenshot(app, tab: str, lang: str) -> None:
    """The app from its top down to the bottom of the viewport, to test-artifacts/ and docs/."""
    app.evaluate("el => el.scrollIntoView({block: 'start'})")
    box = app.bounding_box()
    size = app.page.viewport_size
    clip = {"x": box["x"], "y": max(0, box["y"]), "width": box["width"],
            "height": min(box["height"], size["height"] - max(0, box["y"]))}
    path = ARTIFACTS / f"classroom-{tab}.{lang}.png"
    app.page.screenshot(path=path, clip=clip, timeout=UI)
    shutil.copy(path, DOCS / path.name)


def _hot_seat_round(page, play) -> None:
    """Two people and a computer (the app's 6 nimmt! seats): each person reveals their hand and picks
    a card, the pass-the-device screen shows between them, the computer moves by itself."""
    reveal = play.locator(".mowkit-reveal")
    moves = play.locator(".mowkit-actions .widget-button")
    events = play.locator(".mowkit-explanation li")
    for person in (1, 2):
        reveal.wait_for(state="visible", timeout=UI)  # "pass the device to player N": every hand hidden
        assert moves.count() == 0 and str(person) in reveal.inner_text()
        reveal.click()
        play.locator(".mowkit-actions .widget-button").first.wait_for(state="visible", timeout=UI)
        assert moves.count() == 10
        moves.first.click()
    # the computer (player 3) lays its card after a short delay, without a click; the engine reveals
    # the three cards: the events say that player 2 laid a card, the computer laid one, and what happened
    page.wait_for_function("el => el.querySelectorAll('li').length >= 3",
                           arg=play.locator(".mowkit-explanation").element_handle(), timeout=UI)
    assert events.count() >= 3


def _build_position(page, editor) -> None:
    """Click one card into each of the four hands and one into each row, check, step through."""
    where = editor.locator("select").first  # hands 1-4, rows 1-4, penalty piles 1-4
    for index, card in enumerate((50, 51, 52, 53, 10, 20, 30, 40)):
        where.select_option(index=index)
        deck_card = editor.locator(".widget-button:not(.mod-info)", has_text=re.compile(rf"^{card}\b"))
        deck_card.first.click()
        editor.locator(".widget-button.mod-info", has_text=re.compile(rf"^{card}\b")).first.wait_for(timeout=UI)
    check = editor.locator(".widget-button.mod-primary").first
    check.click()
    editor.locator(".mowkit-message .widget-html-content > div").first.wait_for(state="visible", timeout=UI)
    editor.locator(".widget-button.mod-primary + .widget-button").first.click()  # step through
    _check_stepper(page, editor, "voila-editor")


def _open_coach(page, scope) -> None:
    """Press the coach in the stepper: a table with one line per legal move appears."""
    panel = scope.locator(".mowkit-coach-panel").first
    panel.scroll_into_view_if_needed()
    panel.locator(".widget-toggle-button").click()
    panel.locator(".mowkit-coach table tbody tr").first.wait_for(state="visible", timeout=RUN_ALL)
    assert panel.locator(".mowkit-coach table tbody tr").count() >= 1


def test_classroom_app_in_voila(browser, voila: Voila) -> None:
    """The classroom app in Voila, in English and in Russian (one server, one page, the switch).

    English: every tab opens and is screenshot (docs/classroom-<tab>.en.png), the stepper steps.
    Russian (the switch at the top): a hot-seat round of 6 nimmt! with two people and a computer,
    a position built in the editor and stepped through, the coach opened in the stepper; the text
    of every tab has no English left (:func:`latin_text.english_runs`), screenshots
    docs/classroom-<tab>.ru.png. Tab titles are never cut off, in either language.

    Ready time, from the request to the app visible (its first tab drawn), on the 2-core test
    machine shared with other jobs (load about 6), 1 December 2026: 2.6 to 4.5 s over six runs
    (written to test-artifacts/voila-ready.txt at each run; no timing assertion).
    """
    context = browser.new_context(viewport={"width": 1300, "height": 2300}, locale="en-US")  # every tab fits
    outside = _guard(context)
    page = context.new_page()
    page.set_default_timeout(UI)
    try:
        started = time.monotonic()
        page.goto(voila.url, timeout=RUN_ALL)
        app = page.locator(".mowkit-classroom")
        app.wait_for(state="visible", timeout=RUN_ALL)
        app.locator(".mowkit-stepper").wait_for(state="visible", timeout=RUN_ALL)
        ready = time.monotonic() - started
        (ARTIFACTS / "voila-ready.txt").write_text(f"classroom app visible {ready:.1f} s after the request\n")
        print(f"classroom app visible {ready:.1f} s after the request")
        body = page.locator("body")
        assert "Traceback" not in body.inner_text()
        assert page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
        _check_no_widget_errors(page)
        _titles_fit(app)
        titles_en = [t.inner_text() for t in app.locator(".lm-TabBar-tabLabel").all()]

        # English: each tab, its screenshot; the stepper steps
        _check_stepper(page, app, "voila-classroom")
        _screenshot(app, "step", "en")
        play = _tab(app, "play").locator(".mowkit-play")
        play.wait_for(state="visible", timeout=RUN_ALL)  # built when its tab opens (a cold machine compiles meanwhile)
        _screenshot(app, "play", "en")
        editor = _tab(app, "editor").locator(".mowkit-editor")
        editor.wait_for(state="visible", timeout=RUN_ALL)
        _labels_fit(editor, "position editor (English)")
        _screenshot(app, "editor", "en")
        lesson = _tab(app, "lesson").locator(".mowkit-lesson")
        lesson.wait_for(state="visible", timeout=RUN_ALL)
        _screenshot(app, "lesson", "en")
        explorer = _tab(app, "explorer").locator(".mowkit-explorer")
        _wait_for_charts(page, explorer)
        _screenshot(app, "explorer", "en")

        # Russian: the switch relabels the tabs and every widget (the explorer draws its charts again)
        game_label = explorer.locator(".widget-label").first  # "game" / "партия"
        game_en = game_label.inner_text()
        app.locator(".mowkit-app-language .widget-toggle-button", has_text="Русский").click()
        page.wait_for_function("([el, old]) => el.innerText !== old",
                               arg=[app.locator(".lm-TabBar-tabLabel").first.element_handle(), titles_en[0]],
                               timeout=UI)
        titles_ru = [t.inner_text() for t in app.locator(".lm-TabBar-tabLabel").all()]
        page.wait_for_function("([el, old]) => el.innerText !== old", arg=[game_label.element_handle(), game_en],
                               timeout=UI)
        _wait_for_charts(page, explorer)
        page.wait_for_function("el => [...el.querySelectorAll('.gtitle')].some(t => /[а-я]/i.test(t.textContent))",
                               arg=explorer.element_handle(), timeout=UI)
        assert all(ru != en for ru, en in zip(titles_ru, titles_en)), (titles_en, titles_ru)
        _titles_fit(app)
        english: dict[str, list[str]] = {}
        _english_left(app, "outcome explorer", english)
        _no_raw_agent_names(app, "outcome explorer", english)
        _screenshot(app, "explorer", "ru")

        step = _tab(app, "step")
        _open_coach(page, step)
        _english_left(app, "step by step with the coach", english)
        _no_raw_agent_names(app, "step by step with the coach", english)
        _screenshot(app, "step", "ru")

        play = _tab(app, "play").locator(".mowkit-play")
        _hot_seat_round(page, play)
        _english_left(app, "play", english)
        _no_raw_agent_names(app, "play", english)
        _screenshot(app, "play", "ru")

        editor = _tab(app, "editor").locator(".mowkit-editor")
        _build_position(page, editor)
        _english_left(app, "position editor", english)
        _labels_fit(editor, "position editor (Russian)")
        _screenshot(app, "editor", "ru")

        # a lesson: the Russian example opens, its answer is revealed on a click, in Russian
        lesson = _tab(app, "lesson").locator(".mowkit-lesson")
        lesson.wait_for(state="visible", timeout=UI)
        files = lesson.locator("select").first
        russian = files.evaluate(  # ipywidgets writes the labels' spaces as no-break spaces
            "s => [...s.options].map(o => o.text).find(t => t.replace(/\\s+/g, ' ').endsWith('· ru'))")
        assert russian, "no Russian example lesson is listed"
        before = lesson.inner_text()
        files.select_option(label=russian)
        page.wait_for_function("([el, old]) => el.innerText !== old", arg=[lesson.element_handle(), before],
                               timeout=RUN_ALL)
        lesson.locator(".widget-button.mod-success").first.click()
        answer = lesson.locator(".mowkit-lesson-answer")
        page.wait_for_function("el => /[а-я]/i.test(el.innerText) && el.querySelectorAll('table').length > 0",
                               arg=answer.element_handle(), timeout=RUN_ALL)
        _english_left(app, "lesson", english)
        _screenshot(app, "lesson", "ru")

        # the explorer still opens the worst round in a stepper
        explorer = _tab(app, "explorer").locator(".mowkit-explorer")
        explorer.locator(".widget-button").filter(has_text="⚠").click()
        opened = explorer.locator(".mowkit-stepper")
        opened.wait_for(state="visible", timeout=UI)
        assert re.search(STEP_NUMBERS, opened.locator(".mowkit-step").inner_text())
        _english_left(app, "outcome explorer, worst round", english)
        _check_no_widget_errors(page)
        app.locator(".mowkit-app-language .widget-toggle-button", has_text="English").click()
        assert not english, "English left on the Russian page:\n" + "\n".join(
            f"{where}: {runs}" for where, runs in english.items())
        assert not outside, f"requests that left the server: {outside}"
    finally:
        context.close()


# The classroom page for a class: its language, its size, its kernels, nothing from the internet ----------

LOCAL = {"127.0.0.1", "localhost", "::1"}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
TITLES_EN = ["step by step", "play", "position editor", "lesson", "outcome explorer"]
SIZES = [(1024, 768), (1280, 800)]  # a projector's, a laptop's
LOCALES = {"en": "en-US", "ru": "ru-RU"}  # the browser's language: its Accept-Language header


def _guard(context) -> list[str]:
    """Every request of the context's pages that leaves the machine, noted (and refused: a school
    without internet would wait for it)."""
    outside: list[str] = []

    def check(route) -> None:
        url = route.request.url
        if urlparse(url).scheme in ("http", "https", "ws", "wss") and urlparse(url).hostname not in LOCAL:
            outside.append(url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", check)
    return outside


def _open(context, url: str):
    """A page of the classroom app, ready (its first tab drawn); its kernel's id."""
    page = context.new_page()
    page.set_default_timeout(UI)
    page.goto(url, timeout=RUN_ALL)
    app = page.locator(".mowkit-classroom")
    app.locator(".mowkit-stepper").wait_for(state="visible", timeout=RUN_ALL)
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    return page, app, kernel


def _titles(app) -> list[str]:
    return [t.inner_text().strip() for t in app.locator(".lm-TabBar-tabLabel").all()]


def _check_language(app, lang: str) -> None:
    titles = _titles(app)
    if lang == "en":
        assert titles == TITLES_EN, titles
    else:
        assert all(CYRILLIC.search(t) and not english_runs(t) for t in titles), titles
    active = app.locator(".mowkit-app-language .widget-toggle-button.mod-active").inner_text().strip()
    assert active == {"en": "English", "ru": "Русский"}[lang], active


def _check_app_first(page, app) -> None:
    """The app is the first thing on the page, its switch at its top and the tabs on the first screen."""
    height = page.viewport_size["height"]
    top = app.bounding_box()["y"]
    switch = app.locator(".mowkit-app-language").bounding_box()
    tabs = app.locator(".lm-TabBar").first.bounding_box()
    assert top < 80, f"the app starts {top:.0f} px down the page"
    assert switch["y"] <= tabs["y"] and switch["y"] + switch["height"] <= height, (switch, tabs)
    assert tabs["y"] + tabs["height"] <= height, f"the tabs end at {tabs['y'] + tabs['height']:.0f} px of {height}"
    shown = page.locator(".mowkit-language").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).length")
    assert shown == 1, f"{shown} language switches on the page"


def _icons_drawn(page) -> None:
    """Every icon in the app shows something without an icon font from the internet."""
    empty = page.evaluate("""() => [...document.querySelectorAll('.mowkit-classroom i.fa')]
        .filter(i => ['none', 'normal', ''].includes(getComputedStyle(i, '::before').content))
        .map(i => i.className)""")
    assert not empty, f"icons drawn as nothing: {empty}"
    assert page.locator(".mowkit-classroom i.fa").count() >= 1  # the coach's button has one


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_page_opens_in_the_readers_language(browser, voila: Voila, lang: str, size: tuple[int, int]) -> None:
    """A browser in English or Russian opens the page in its language, the app first (the tabs on
    the first screen, one switch, at the top); every tab keeps a single switch; ``?lang=`` beats
    the browser's language and survives a reload; nothing is fetched from outside the server.
    Screenshots: test-artifacts/classroom-<w>x<h>.<lang>.png (the 1024x768 ones copied to docs/)."""
    width, height = size
    other = "ru" if lang == "en" else "en"
    context = browser.new_context(viewport={"width": width, "height": height}, locale=LOCALES[lang])
    outside = _guard(context)
    try:
        page, app, _kernel = _open(context, voila.url)
        _check_language(app, lang)
        _check_app_first(page, app)
        _titles_fit(app)
        _icons_drawn(page)
        path = ARTIFACTS / f"classroom-{width}x{height}.{lang}.png"
        page.screenshot(path=path, timeout=UI)
        if size == (1024, 768):
            shutil.copy(path, DOCS / path.name)
        raw: dict[str, list[str]] = {}
        if lang == "ru":
            _no_raw_agent_names(app, "step", raw)
        for key in TABS[1:]:
            widget = _tab(app, key).locator(f".mowkit-{key}").first
            widget.wait_for(state="visible", timeout=RUN_ALL)
            shown = page.locator(".mowkit-language").evaluate_all(
                "els => els.filter(e => e.offsetParent !== null).length")
            assert shown == 1, f"{key}: {shown} language switches"
            if key == "editor":
                _labels_fit(widget, f"position editor ({lang}, {width}x{height})")
            if key == "explorer":
                _wait_for_charts(page, widget)
                _ticks_differ(widget)
            if lang == "ru":
                _no_raw_agent_names(app, key, raw)
        assert not raw, f"agents' code names on the Russian page: {raw}"
        _check_no_widget_errors(page)
        page.close()

        asked, app_asked, _kernel = _open(context, f"{voila.url}/?lang={other}")
        _check_language(app_asked, other)
        asked.reload(timeout=RUN_ALL)
        app_asked = asked.locator(".mowkit-classroom")
        app_asked.locator(".mowkit-stepper").wait_for(state="visible", timeout=RUN_ALL)
        _check_language(app_asked, other)
        assert not outside, f"requests that left the server: {outside}"
    finally:
        context.close()


SAVE_NAME = re.compile(r"^([a-z0-9_]+)-\d{4}-\d\d-\d\d-\d{6}-seed(\d+)(-\d+)?\.json$")
"""The play tab's default record name (mowkit.widgets.play.default_save_name): game, date, time, seed."""


def _notice_changes(page, play, action) -> str:
    """Do ``action`` (a click) and return the play view's notice once it says something new."""
    notice = play.locator(".mowkit-message").first
    before = notice.inner_text()
    action()
    page.wait_for_function("([el, old]) => el.innerText !== old && el.innerText.trim() !== ''",
                           arg=[notice.element_handle(), before], timeout=UI)
    return notice.inner_text()


def _no_computer_delay(page, play) -> None:
    """Set the computers' delay to 0 (typed into the slider's number): they move at once, in the
    same message as the click before them, so nothing is drawn again between two clicks."""
    readout = play.locator(".mowkit-delay .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    page.wait_for_function("el => parseFloat(el.innerText.replace(',', '.')) === 0", arg=readout.element_handle(),
                           timeout=UI)


def _computers_only_to_the_end(page, play) -> None:
    """Every seat a computer, no delay, a new game: the computers play it to the end at once."""
    _no_computer_delay(page, play)
    seats = play.locator(".mowkit-play-settings select")  # the seat count, then one per seat
    for i in range(1, seats.count()):
        seats.nth(i).select_option(index=2)  # a person, then the computers: easy, medium, strong ...
    play.locator(".mowkit-play-settings .widget-button.mod-primary").click()  # new game
    play.locator(".mowkit-end").wait_for(state="visible", timeout=RUN_ALL)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_saves_never_overwrite_and_the_end_screen_says_it_once(browser, voila: Voila, workdir: Path,
                                                               lang: str) -> None:
    """Item 10 of issue 20 at 1024×768: the record file box starts with a name of its own per game
    (the game, the date and time, the seed); a save writes it; a second save of that name asks
    first ("keep the file" leaves it as it was, "replace the file" writes it); a game played to
    the end shows the winner sentence once, and one save button, which saves under a new name."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale=LOCALES[lang])
    try:
        page, app, _kernel = _open(context, f"{voila.url}/?lang={lang}")
        folder = workdir / "notebooks"  # the kernel's folder: where a record without a folder goes
        picker = _tab(app, "play").locator(".mowkit-game-picker .widget-toggle-button")
        play = app.locator(".mowkit-play:visible").first
        play.wait_for(state="visible", timeout=RUN_ALL)
        shown = "() => ([...document.querySelectorAll('.mowkit-play .mowkit-save-path input')]" \
                ".find(i => i.offsetParent !== null) || {}).value"
        names = {0: page.evaluate(shown)}
        picker.nth(1).click()  # the second game of the picker: its own name
        page.wait_for_function(f"old => ({shown})() !== old && ({shown})() !== undefined", arg=names[0],
                               timeout=RUN_ALL)
        names[1] = page.evaluate(shown)
        picker.nth(0).click()
        page.wait_for_function(f"old => ({shown})() === old", arg=names[0], timeout=UI)
        games = {index: SAVE_NAME.match(name) for index, name in names.items()}
        assert games[0] and games[1], names
        assert games[0].group(1) != games[1].group(1), names  # a name per game
        assert not (folder / names[0]).exists() and not (folder / names[1]).exists()

        save = play.locator(".mowkit-save")
        confirm = play.locator(".mowkit-save-confirm")
        said = _notice_changes(page, play, save.click)
        record = folder / names[0]
        assert record.exists() and names[0] in said, said
        written = record.read_bytes()
        assert bool(CYRILLIC.search(said)) == (lang == "ru"), said
        # the same name again: asked, not written; "keep the file" keeps it
        said = _notice_changes(page, play, save.click)
        confirm.wait_for(state="visible", timeout=UI)
        assert names[0] in said and record.read_bytes() == written
        for word in (play.locator(".mowkit-save-replace"), play.locator(".mowkit-save-keep")):
            assert bool(CYRILLIC.search(word.inner_text())) == (lang == "ru")
        _notice_changes(page, play, play.locator(".mowkit-save-keep").click)
        confirm.wait_for(state="hidden", timeout=UI)
        assert record.read_bytes() == written
        # asked again; "replace the file" writes this game over it
        _notice_changes(page, play, save.click)
        confirm.wait_for(state="visible", timeout=UI)
        os.utime(record, (0, 0))
        said = _notice_changes(page, play, play.locator(".mowkit-save-replace").click)
        confirm.wait_for(state="hidden", timeout=UI)
        assert record.stat().st_mtime > 0 and names[0] in said and json.loads(record.read_text())

        # a game to the end: the winner sentence once, one save button, a new name
        _computers_only_to_the_end(page, play)
        app.evaluate("el => el.scrollIntoView({block: 'start'})")
        winner = play.locator(".mowkit-end b").first.inner_text().strip()
        assert winner and bool(CYRILLIC.search(winner)) == (lang == "ru"), winner
        assert play.inner_text().count(winner) == 1, play.inner_text()
        assert play.locator(".mowkit-save:visible").count() == 1
        label = save.inner_text().strip()
        assert [b.strip() for b in play.locator(".widget-button:visible").all_inner_texts()].count(label) == 1
        name = play.locator(".mowkit-save-path input").input_value()
        assert SAVE_NAME.match(name) and name != names[0] and not (folder / name).exists(), name
        page.screenshot(path=ARTIFACTS / f"classroom-end.{lang}.png", timeout=UI)
        said = _notice_changes(page, play, save.click)
        assert (folder / name).exists() and name in said and confirm.is_hidden()
        page.close()
    finally:
        context.close()


def _kernel_processes(voila: Voila) -> list:
    import psutil

    found = []
    for child in psutil.Process(voila.proc.pid).children(recursive=True):
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


def _kernel_alive(voila: Voila, kernel: str) -> bool:
    try:
        with urllib.request.urlopen(f"{voila.url}/api/kernels/{kernel}", timeout=10) as r:
            return r.status == 200
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def test_ten_pages_closed_free_their_kernels(browser, voila: Voila) -> None:
    """A class opens the page ten times: ten kernels (the server's REST API and the processes);
    their memory is written to test-artifacts/voila-memory.txt. Five pages are closed as a browser
    closes a tab (Voila's ``beforeunload`` call shuts the kernel down), five are dropped without it
    (a browser killed: the culler of ``app/voila.py`` frees them once idle); then no kernel is left."""
    import psutil

    before = {p.pid for p in _kernel_processes(voila)}
    deadline = time.monotonic() + RUN_ALL / 1000
    while before and time.monotonic() < deadline:  # the kernels of the tests before, on their way out
        time.sleep(2)
        before = {p.pid for p in _kernel_processes(voila)}
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    outside = _guard(context)
    pages, kernels = [], []
    try:
        for _ in range(10):
            page, app, kernel = _open(context, voila.url)
            _check_language(app, "ru")
            pages.append(page)
            kernels.append(kernel)
        assert len(set(kernels)) == 10 and all(_kernel_alive(voila, k) for k in kernels)
        procs = _kernel_processes(voila)
        assert len(procs) == 10, [p.pid for p in procs]
        rss = [p.memory_info().rss for p in procs]
        uss = [p.memory_full_info().uss for p in procs]
        server = psutil.Process(voila.proc.pid).memory_info().rss
        mib = 1024 * 1024
        text = (f"10 classroom pages open (Voila, {os.cpu_count()} CPUs): kernel RSS per page "
                f"mean {sum(rss) / len(rss) / mib:.0f} MiB (min {min(rss) / mib:.0f}, max {max(rss) / mib:.0f}), "
                f"unique memory (USS) per page mean {sum(uss) / len(uss) / mib:.0f} MiB; "
                f"the Voila server {server / mib:.0f} MiB\n")
        (ARTIFACTS / "voila-memory.txt").write_text(text)
        print(text)
        for page in pages[:5]:
            page.close(run_before_unload=True)  # a tab closed: Voila shuts its kernel down
        for page in pages[5:]:
            page.close()  # dropped without beforeunload: the culler's work
        deadline = time.monotonic() + 6 * CULL_IDLE + RUN_ALL / 1000
        left = kernels
        while time.monotonic() < deadline:
            left = [k for k in kernels if _kernel_alive(voila, k)]
            if not left and not _kernel_processes(voila):
                break
            time.sleep(2)
        assert not left, f"kernels still running: {left}"
        assert not _kernel_processes(voila)
        assert not outside, f"requests that left the server: {outside}"
    finally:
        context.close()
