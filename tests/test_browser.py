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
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
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
STEPPERS = {"01_mow_rules", "03_sixnimmt_rules", "classroom"}
EXPLORERS = {"05_strategies_tournament", "06_outcome_distributions"}


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
        shutil.copy(nb, nbdir / nb.name)
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

CLOSE = """
async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.shutdown();
  panel.context.model.dirty = false;
  panel.dispose();
}
"""


def _check_stepper(page, scope, name: str) -> None:
    """Click *next* in the first stepper: the decision, the table and the explanation change."""
    stepper = scope.locator(".mowkit-stepper").first
    stepper.wait_for(state="visible", timeout=UI)
    stepper.scroll_into_view_if_needed()
    label = stepper.locator(".mowkit-step")
    table = stepper.locator(".mowkit-table")
    explanation = stepper.locator(".mowkit-explanation")
    before = (label.inner_text(), table.inner_html(), explanation.inner_text())
    assert before[0].startswith("decision 0 of")
    stepper.locator(".widget-button", has_text="next").click()
    page.wait_for_function("([el, old]) => !el.innerText.startsWith(old)",
                           arg=[label.element_handle(), "decision 0 of"], timeout=UI)
    after = (label.inner_text(), table.inner_html(), explanation.inner_text())
    assert after[0].startswith("decision 1 of"), after[0]
    assert after[1] != before[1] and after[2] != before[2] and after[2].strip()
    stepper.screenshot(path=ARTIFACTS / f"{name}-stepper.png", timeout=UI)


def _wait_for_charts(page, explorer, count: int = 3) -> None:
    """Wait until the explorer's ``count`` plotly charts are drawn (each has its SVG)."""
    explorer.locator(".mowkit-charts .js-plotly-plot").first.wait_for(state="visible", timeout=UI)
    page.wait_for_function(
        "([el, n]) => el.querySelectorAll('.mowkit-charts .js-plotly-plot .main-svg').length >= n",
        arg=[explorer.element_handle(), count], timeout=UI)


def _check_no_widget_errors(scope) -> None:
    for text in ("Error displaying widget", "Failed to load model class", "model not found"):
        assert scope.get_by_text(text).count() == 0, text


@pytest.mark.parametrize("notebook", [nb.stem for nb in NOTEBOOKS])
def test_notebook_runs_in_jupyterlab(lab_page, notebook: str) -> None:
    page = lab_page
    page.evaluate(OPEN_AND_RUN, [f"{notebook}.ipynb", RUN_ALL])
    try:
        page.wait_for_function(f"() => ({CELL_REPORT})().unrun === 0 && ({CELL_REPORT})().status === 'idle'",
                               timeout=UI)
        report = page.evaluate(CELL_REPORT)
        assert report["code"] > 0 and report["unrun"] == 0, report
        assert not report["errors"], f"{notebook}: error outputs {report['errors']}"
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").last
        if notebook in WIDGETS:
            panel.locator(".jp-OutputArea-output .widget-button, .jp-OutputArea-output .widget-slider"
                          ).first.wait_for(state="attached", timeout=UI)
        if notebook in PLOTS:
            panel.locator(".jp-OutputArea-output.js-plotly-plot, .jp-OutputArea-output .js-plotly-plot"
                          ).first.wait_for(state="attached", timeout=UI)
        if notebook in EXPLORERS:
            explorer = panel.locator(".mowkit-explorer").first
            explorer.scroll_into_view_if_needed()
            _wait_for_charts(page, explorer)
            explorer.screenshot(path=ARTIFACTS / f"{notebook}-explorer.png", timeout=UI)
        if notebook in STEPPERS:
            _check_stepper(page, panel, notebook)
        _check_no_widget_errors(panel)
        page.screenshot(path=ARTIFACTS / f"{notebook}.png", timeout=UI)
    finally:
        page.evaluate(CLOSE)


@pytest.fixture(scope="module")
def voila(workdir: Path, env: dict[str, str]) -> Iterator[str]:
    """Voila serving the classroom app on 127.0.0.1."""
    port = _free_port()
    log = ARTIFACTS / "voila.log"
    cmd = [sys.executable, "-m", "voila", str(workdir / "notebooks" / "classroom.ipynb"), f"--port={port}",
           "--no-browser", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    proc = _start(cmd, workdir / "notebooks", log, env)
    try:
        _wait_port(port, proc, log, SERVER_START)  # a GET of the page would start a kernel
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(proc)


def test_classroom_app_in_voila(browser, voila: str) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 2300})  # the explorer fits
    page.set_default_timeout(UI)
    try:
        page.goto(voila, timeout=RUN_ALL)
        app = page.locator(".mowkit-classroom")
        app.wait_for(state="visible", timeout=RUN_ALL)
        body = page.locator("body")
        assert "Traceback" not in body.inner_text()
        assert page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
        _check_no_widget_errors(page)
        _check_stepper(page, app, "voila-classroom")
        page.screenshot(path=ARTIFACTS / "voila-classroom.png", timeout=UI)
        # play: a legal move is a button; clicking one hands the turn on
        app.get_by_text("play 6 nimmt!", exact=True).click()
        play = app.locator(".mowkit-play").first
        play.wait_for(state="visible", timeout=UI)
        moves = play.locator(".mowkit-actions .widget-button")
        assert moves.count() == 10
        moves.first.click()
        play.locator(".mowkit-explanation", has_text="revealed").wait_for(timeout=UI)
        page.screenshot(path=ARTIFACTS / "voila-play.png", timeout=UI)
        # the explorer: charts render once its tab is shown
        app.get_by_text("outcome explorer", exact=True).click()
        explorer = app.locator(".mowkit-explorer")
        _wait_for_charts(page, explorer)
        explorer.screenshot(path=ARTIFACTS / "voila-explorer.png", timeout=UI)
        # picking the worst round opens that game in a stepper inside the explorer
        explorer.locator(".widget-button", has_text="worst round").click()
        opened = explorer.locator(".mowkit-stepper")
        opened.wait_for(state="visible", timeout=UI)
        assert opened.locator(".mowkit-step").inner_text().startswith("decision ")
        opened.screenshot(path=ARTIFACTS / "voila-explorer-worst-round.png", timeout=UI)
        _check_no_widget_errors(page)
    finally:
        page.close()
