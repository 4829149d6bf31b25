"""Fixtures for the app's browser tests: a `companion app --web` server and Chromium pages.

The server runs as a child process (subprocess.Popen) with FLET_WEB_NO_CDN=1 and a temporary
COMPANION_DATA_DIR; it is stopped by its pid at the end. The browser is the system Chromium
(/usr/bin/chromium) driven by Playwright; tests skip only when it is not installed.
"""
from __future__ import annotations

import io
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Iterator

import pytest
from PIL import Image

try:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # (chromium_missing() says so, and the browser tests skip)
    PlaywrightError = PlaywrightTimeout = Exception

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
#: step screenshots are taken when COMPANION_SHOTS names a folder (each costs the browser a paint
#: and at least two captures); what the browser showed when a test failed is always kept, there or in
#: /tmp/companion-app-shots
STEP_SHOTS = bool(os.environ.get("COMPANION_SHOTS"))
SHOTS = Path(os.environ.get("COMPANION_SHOTS") or "/tmp/companion-app-shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: `companion app ...` as the tests serve it: the same command, except that no game's odds are
#: warmed up ahead (the app solves every Piraten Kapern card in a background thread as a game is
#: chosen, about 6 s of CPU in each server process; here the solver works when a screen first asks,
#: for the cards the test shows). The warm-up itself is tested in tests/odds. And a server never
#: outlives the worker that started it (a worker that the watchdog of tests/conftest.py ends, or
#: one killed by hand, would leave it listening for ever).
SERVE = """import os, signal, sys
if sys.platform == 'linux':  # the server ends with the test worker that started it (PR_SET_PDEATHSIG)
    import ctypes
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)
    if os.getppid() != int(os.environ['COMPANION_TEST_PARENT']):
        sys.exit('the test worker that started this server is gone')
import companion.odds as odds
class Warmed(dict):
    def __contains__(self, game_id): return True
    def __missing__(self, game_id): return None
odds._warming = Warmed()
from companion.cli import main
sys.exit(main(sys.argv[1:]))"""


#: the test servers seed every game they start from this and its setup (`companion app --seed`): a
#: game set up on the screens deals the same dice and cards in every run, whatever order the tests ran in
SEED = "7"


class Server:
    """`companion app --web` on a free port; restartable on the same data folder."""

    def __init__(self, data_dir: Path, args: tuple[str, ...] = ()):
        self.data_dir = data_dir
        self.args = args  # more arguments of `companion app --web`, e.g. ("--host", "0.0.0.0")
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = data_dir / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120) -> float:
        env = dict(os.environ, FLET_WEB_NO_CDN="1", COMPANION_DATA_DIR=str(self.data_dir),
                   COMPANION_TEST_PARENT=str(os.getpid()))
        t0 = time.perf_counter()
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-c", SERVE, "app", "--web", "--port",
                                          str(self.port), "--no-browser", "--seed", SEED, *self.args], cwd=ROOT,
                                         env=env, stdout=log,
                                         stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return time.perf_counter() - t0
            except OSError:
                pass
            try:  # not listening yet: wait a little for it, or for the server to give up
                self.proc.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"the app server exited: {self.log.read_text(errors='replace')[-2000:]}")
        self.stop()
        raise RuntimeError(f"the app server did not listen on port {self.port} within {timeout} s")

    def wait_for_log(self, pattern: str, seconds: float = 30) -> re.Match:
        """The first match of `pattern` in the server's log, once the server has written it (it
        listens a moment before it prints what it serves); an AssertionError when the server exits
        or `seconds` pass first."""
        deadline = time.monotonic() + seconds
        while True:
            found = re.search(pattern, self.log.read_text(errors="replace"))
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"the app server wrote no {pattern!r} within {seconds} s: "
                                     f"{self.log.read_text(errors='replace')[-2000:]}")
            try:  # the pause between two looks: the server's end, if it comes
                self.proc.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                continue
            raise AssertionError(f"the app server exited: {self.log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> None:
        """SIGTERM (the server closes its pages and ends within app.main.GRACE_S), SIGKILL after 20 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
                raise AssertionError(f"the app server did not end within 20 s of SIGTERM (killed): "
                                     f"{self.log.read_text(errors='replace')[-2000:]}") from None
            finally:
                self.proc = None
        self.proc = None


def chromium_missing() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
        import flet  # noqa: F401
        import flet_web  # noqa: F401
    except ImportError as exc:
        return f"browser tests need playwright, flet and flet-web: {exc}"
    return None


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's games played in this process (a registry of saved games) write their journal a
    step at a time, each line fsync'd: a whole game waited on the disk over a thousand times (a
    third of the in-process app tests' time on a busy disk). fsync guards against power cuts, which
    no test here makes; the engine's tests of saves and crashes (tests/engine) skip it alike."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[Server]:
    reason = chromium_missing()
    if reason:
        pytest.skip(reason)
    srv = Server(tmp_path_factory.mktemp("app-data"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def make_server() -> Iterator:
    """make_server(data_dir, *args) -> a started `companion app --web ...args` on its own port,
    stopped at the end of the session (no Chromium needed: for raw-protocol tests too)."""
    made: list[Server] = []

    def make(data_dir: Path, *args: str) -> Server:
        srv = Server(data_dir, args)
        made.append(srv)
        srv.start()
        return srv

    yield make
    for srv in made:
        srv.stop()


@pytest.fixture(scope="session")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.failed_call = report.failed


#: run in every page before its own scripts: a page's first document clears the local storage of
#: its origin, so each new page is a new device (its own client token, no seat, no join code)
#: although its context, with the HTTP cache and compiled code, served earlier tests; a reload or
#: a second route in the same page keeps its storage (the same device)
NEW_DEVICE = """(() => { try {
    if (!sessionStorage.getItem('companion-test-device')) {
        localStorage.clear(); sessionStorage.setItem('companion-test-device', '1'); }
} catch (e) {} })()"""


@pytest.fixture(scope="session")
def contexts(browser) -> Iterator[dict]:
    """Browser contexts not in use, by viewport, kept for the worker's whole session: a page load
    in a fresh context compiles Flutter's 12 MB of WebAssembly again (about 5 s of CPU), one in a
    context that loaded the app before takes it from the cache (about 2 s)."""
    idle: dict[tuple[int, int], list] = {}
    yield idle
    for ctxs in idle.values():
        for ctx in ctxs:
            ctx.close()


@pytest.fixture
def new_page(browser, contexts, request):
    """new_page(viewport) -> a page that is a device of its own (its own local storage), in a
    context no other page of the test uses."""
    used = []

    def make(viewport: dict | None = None):
        viewport = viewport or PHONE
        key = (viewport["width"], viewport["height"])
        idle = contexts.setdefault(key, [])
        if idle:
            ctx = idle.pop()
        else:
            ctx = browser.new_context(viewport=viewport)
            ctx.set_default_timeout(30_000)
            ctx.add_init_script(NEW_DEVICE)
        used.append((key, ctx))
        return ctx.new_page()

    yield make
    for i, (key, ctx) in enumerate(used):
        if getattr(request.node, "failed_call", False):  # what the browser showed when it failed
            for page in ctx.pages:
                with suppress(AssertionError, PlaywrightError):  # (a page that cannot be shot any more)
                    shot(page, f"FAILED-{request.node.name}-{i}", always=True)
        for page in ctx.pages:
            close(page)
        ctx.clear_cookies()
        contexts[key].append(ctx)


def close(page) -> None:
    """Close a page once no navigation of its own is under way: Chromium may acknowledge a close
    that races a navigation's commit and then never close the page, and Playwright's page.close(),
    which has no timeout, waits for ever (microsoft/playwright#42366, #41900). A navigation to
    about:blank first, which commits and loads within a bound, leaves nothing to race."""
    with suppress(PlaywrightError):  # (a crashed page: the close still ends it)
        page.goto("about:blank", timeout=15_000)
    page.close()


# --- helpers the tests share ------------------------------------------------------------------
def open_app(page, url: str) -> None:
    """Load a route and switch on Flutter's accessibility tree (see the browser-test recipe)."""
    page.goto(url)
    accessible(page)


def reload(page) -> None:
    """Load the page again, as a person's reload does (the same device: its storage is kept)."""
    page.reload()
    accessible(page)


def accessible(page) -> None:
    """Switch on Flutter's accessibility tree once the app has loaded (each load needs it)."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached")


def tap(page, name: str, exact: bool = True) -> None:
    page.get_by_role("button", name=name, exact=exact).first.click()


def see(page, text: str, exact: bool = False, timeout: float = 30_000) -> None:
    page.get_by_text(text, exact=exact).first.wait_for(timeout=timeout)


#: every label and text of Flutter's accessibility tree: what a person could read or tap
SCREEN_TEXT = """() => Array.from(document.querySelectorAll('flt-semantics')).map(e =>
    (e.getAttribute('aria-label') || '') + '|' + (e.querySelector('flt-semantics') ? '' : e.textContent)).join('\\n')"""


#: where each control of the accessibility tree stands (a scroll, or a description that appears
#: above a button, moves them: a tap aimed at a control that is still moving may miss it)
SCREEN_PLACES = """() => Array.from(document.querySelectorAll('flt-semantics')).map(e => {
    const r = e.getBoundingClientRect(); return Math.round(r.left) + ',' + Math.round(r.top); }).join(' ')"""

#: true once the screen's texts differ from `prev` and texts and places have held still for three
#: animation frames: Flutter redraws its accessibility tree in stages (a tree caught mid-redraw has
#: blank labels, or the old screen's buttons about to go) and may scroll after a redraw (to the
#: choices of a new turn), so a change is what the step brought only once it settles
SETTLED = f"""prev => {{
    const text = ({SCREEN_TEXT})();
    if (text === prev) {{ window.__settled = 0; return false; }}
    const now = text + '\\n' + ({SCREEN_PLACES})();
    window.__settled = window.__screen === now ? (window.__settled || 0) + 1 : 0;
    window.__screen = now;
    return window.__settled >= 3;
}}"""


#: true once texts and places have held still for three animation frames (whatever they are)
STILL = f"""() => {{
    const now = ({SCREEN_TEXT})() + '\\n' + ({SCREEN_PLACES})();
    window.__still = window.__screen === now ? (window.__still || 0) + 1 : 0;
    window.__screen = now;
    return window.__still >= 3;
}}"""


def still(page) -> None:
    """Wait until the screen holds still (no redraw or scroll under way): a tap aims where it lands."""
    page.evaluate("() => { window.__screen = null; window.__still = 0; }")
    page.wait_for_function(STILL, polling="raf")


@contextmanager
def changes(page) -> Iterator[None]:
    """Wait for what the step in the `with` block brings: the screen's texts and labels differ from
    before it and hold still (a step that changes nothing times out, as it should). The step starts
    on a screen that holds still (a redraw or a scroll that an earlier step brought is over)."""
    still(page)
    before = page.evaluate(SCREEN_TEXT)
    yield
    page.evaluate("() => { window.__screen = null; window.__settled = 0; }")
    page.wait_for_function(SETTLED, arg=before, polling="raf")


def painted(page, timeout: float = 30_000) -> None:
    """Wait until the browser has painted the last update (two animation frames). Not an evaluate
    of a Promise: Playwright waits for that without a bound, and a page that paints no frame (a
    hidden or stalled renderer) would hold the test for ever; this wait fails after `timeout` ms."""
    page.evaluate("() => { window.__painted = false; requestAnimationFrame(() => requestAnimationFrame(() => {"
                  " window.__painted = true; })); }")
    try:
        page.wait_for_function("() => window.__painted === true", timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"the page painted no two frames within {timeout / 1000:g} s") from None


def drawn(png: bytes) -> bool:
    """The screen is painted: its app bar differs from the page below it (a canvas not drawn yet,
    or Flet's "Working..." startup screen, is one colour at the top and at the bottom)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = img.size
    return img.getpixel((w // 2, 8)) != img.getpixel((w // 2, h - 8))


def shot(page, name: str, always: bool = False) -> Path:
    """A screenshot once the canvas has painted the last update and holds still (the canvas may
    lag the accessibility tree the tests read, most after a page load). Only with COMPANION_SHOTS
    set (or `always`): the tests never wait on it, they wait for the texts and controls a step brings."""
    path = SHOTS / f"{name}.png"
    if not (STEP_SHOTS or always):
        return path
    SHOTS.mkdir(parents=True, exist_ok=True)
    last, png, deadline = b"", b"", time.monotonic() + 30
    while time.monotonic() < deadline:  # (a canvas that never settles: the last capture after 30 s)
        painted(page)
        png = page.screenshot(timeout=15_000)
        if png == last and drawn(png):
            break
        last = png
    path.write_bytes(png)
    return path


def start_game(page, server, game: str, kind: str, humans: list[bool] | None = None,
               mode: str | None = None) -> str:
    """Set a game up from its menu (table assistant or play; humans/bots per seat; hot seat or one
    device each) and return the new game's id, read from the URL."""
    humans = humans or [True, True]
    open_app(page, f"{server.url}/games/{game}")
    tap(page, "Table assistant" if kind == "assistant" else "Play")
    page.get_by_role("button", name="Start").wait_for()
    for i in range(2, len(humans)):
        tap(page, "Add player")
        page.get_by_label(f"Player {i + 1} name").wait_for()
    if kind == "play":
        for i, human in enumerate(humans):
            now, want = ("human" if i == 0 else "bot"), ("human" if human else "bot")  # the defaults
            if now != want:
                tap(page, f"Seat {i + 1}: {now}")
                see(page, f"Seat {i + 1}: {want}")
        if mode == "devices":
            page.get_by_role("radio", name=re.compile("One device each")).click()
    tap(page, "Start")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"), wait_until="commit")
    return page.url.rsplit("/", 1)[1]


@pytest.fixture
def ui():
    """The helpers above, for the test modules (importlib mode cannot import conftest)."""
    from types import SimpleNamespace

    return SimpleNamespace(open_app=open_app, reload=reload, tap=tap, see=see, shot=shot, start_game=start_game,
                           changes=changes, still=still, painted=painted, PHONE=PHONE, DESKTOP=DESKTOP)
