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

from app import state
from companion import api

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
import time
from flet.messaging.session import Session
_dispatch = Session.dispatch_event
SLOW = os.path.join(os.environ['COMPANION_DATA_DIR'], 'slow-events')  # (a test of slow servers writes seconds there)
async def dispatch_event(self, control_id, event_name, event_data):  # each control event, in the log
    t0 = time.perf_counter()
    if os.path.exists(SLOW):
        import asyncio
        with open(SLOW) as f:
            await asyncio.sleep(float(f.read() or 0))
    resolve = getattr(self, '_Session__resolve_event_control', None)  # (flet 1.0's; without it: not told)
    found = resolve is None or resolve(control_id) is not None
    await _dispatch(self, control_id, event_name, event_data)
    print(f"event {event_name} on control {control_id}: " + (f"handled in {(time.perf_counter() - t0) * 1000:.0f} ms"
          if found else "no such control (dropped)"), flush=True)
Session.dispatch_event = dispatch_event
from companion.cli import main
sys.exit(main(sys.argv[1:]))"""


#: the test servers seed every game they start from this and its setup (`companion app --seed`): a
#: game set up on the screens deals the same dice and cards in every run, whatever order the tests ran in
SEED = "7"


#: the servers this worker started, by port (a page's URL names its server: the tap helper reads
#: what the server did with a tap in its log)
SERVERS: dict[int, "Server"] = {}


class Server:
    """`companion app --web` on a free port; restartable on the same data folder."""

    def __init__(self, data_dir: Path, args: tuple[str, ...] = ()):
        self.data_dir = data_dir
        self.args = args  # more arguments of `companion app --web`, e.g. ("--host", "0.0.0.0")
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = data_dir / "server.log"
        SERVERS[self.port] = self

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


#: Chromium's switches for the tests (a test that needs more launches its own with these first)
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
               "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
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


#: run in every page before its own scripts: what a tap did, for the tap helper and for a failure's
#: message. Each pointer event and click (the label of the node it hit, and whether Flutter's
#: semantics node listened for clicks itself: its `flt-tappable` attribute), each frame the Flet
#: client sent (a control event, action 3, kept whole: the control's id and the event's name) and
#: each one it received (2: a patch, 5: a method call such as a scroll), with page times (ms); and
#: the count of frames received (a patch on its way moves the screen: `ready` waits for none)
TRACE = """(() => {
    const trace = window.__trace = [];
    window.__received = 0;
    const add = (kind, detail, more) => { trace.push([Math.round(performance.now()), kind, detail, more]);
        if (trace.length > 600) trace.splice(0, 100); };
    const node = t => (t && t.closest) ? t.closest('flt-semantics') : null;
    const who = t => { const n = node(t); if (!n) return (t && t.tagName || '?').toLowerCase();
        return (n.getAttribute('aria-label') || n.textContent || '').slice(0, 60) + '#' + n.id +
               (n.hasAttribute('flt-tappable') ? ' tappable' : ' not-tappable'); };
    for (const type of ['pointerdown', 'pointerup', 'click'])
        window.addEventListener(type, e => { add(type, who(e.target));
            if (type === 'click') { window.__inClick = true; setTimeout(() => { window.__inClick = false; }, 0); }
        }, true);
    window.addEventListener('scroll', e => {  // (a burst of scroll events is one entry: from, to)
        const t = e.target, key = (t && t.id) || (t && t.tagName) || 'page', last = trace[trace.length - 1];
        const at = t && t.scrollTop !== undefined ? Math.round(t.scrollTop) : Math.round(scrollY);
        if (last && last[1] === 'scroll' && last[3] === key) last[2] = last[2].replace(/ to -?\\d+$/, '') + ' to ' + at;
        else add('scroll', key + ' from ' + at, key); }, true);
    const bytes = d => d instanceof ArrayBuffer ? new Uint8Array(d) : (ArrayBuffer.isView(d) ?
        new Uint8Array(d.buffer, d.byteOffset, d.byteLength) : null);
    const action = b => (b && b[0] === 0 && b[1] === 0x92) ? b[2] : -1;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
        if (!this.__traced) { this.__traced = true; this.addEventListener('message', e => {
            const b = bytes(e.data); window.__received++; add('received', action(b)); }); }
        const b = bytes(data), a = action(b);
        if (a === 3) add('sent-event', btoa(String.fromCharCode(...b.subarray(1, 400))), !!window.__inClick);
        else add('sent', a);
        return send.call(this, data);
    };
})()"""


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
            ctx.add_init_script(TRACE)
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


#: true once texts and places have held still for three animation frames (whatever they are), and
#: no frame came from the server meanwhile (a patch on its way would move them)
STILL = f"""() => {{
    const now = ({SCREEN_TEXT})() + '\\n' + ({SCREEN_PLACES})() + '\\n' + window.__received;
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
    since = page.evaluate("() => performance.now()")
    yield
    page.evaluate("() => { window.__screen = null; window.__settled = 0; }")
    try:
        page.wait_for_function(SETTLED, arg=before, polling="raf")
    except PlaywrightTimeout:
        raise AssertionError("no change within the timeout; what the page did since:\n" + traced(page, since)) from None


def traced(page, since: float = 0) -> str:
    """The page's trace (TRACE) since `since` (page ms), one line an entry, control events decoded."""
    import base64

    import msgpack

    lines = []
    for t, kind, detail, *_ in page.evaluate("since => window.__trace.filter(e => e[0] >= since)", since):
        if kind == "sent-event":
            try:
                action, body = msgpack.unpackb(base64.b64decode(detail), strict_map_key=False)
                detail = f"control {body.get('target')} {body.get('name')} {str(body.get('data'))[:60]}"
            except Exception as exc:  # (a frame cut at 400 bytes)
                detail = f"(undecoded: {exc})"
        lines.append(f"{t - since:8.0f} ms {kind} {detail}")
    return "\n".join(lines)


#: true once a tap on the control `el` would land where it stands: the screen holds still (every
#: node's texts and places, the control's box and the count of frames the Flet client received
#: unchanged for three animation frames: no redraw, scroll or patch under way), the control is
#: attached, has a size, its centre is on the screen, and it is not disabled. (Which element the
#: browser finds at that point says little: Flutter hit-tests its own render tree, and a text's
#: node may overlap a button's; Playwright's click checks that the point reaches the control.)
#: 'detached' when the control was redrawn away (the caller finds it again), 'off the screen' when
#: the screen holds still with it off the screen (the caller scrolls to it again); window.__why says
#: what is still awaited
READY = f"""el => {{
    if (!el.isConnected) return 'detached';
    const r = el.getBoundingClientRect();
    const now = ({SCREEN_TEXT})() + '\\n' + ({SCREEN_PLACES})() + '\\n' + window.__received + '|' +
        [r.left, r.top, r.width, r.height].map(Math.round).join(',');
    window.__still = window.__screen === now ? (window.__still || 0) + 1 : 0;
    window.__screen = now;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    window.__why = r.width < 1 || r.height < 1 ? 'the control has no size' :
        (x < 0 || y < 0 || x > innerWidth || y > innerHeight) ? 'its centre is off the screen' :
        el.closest('[aria-disabled="true"]') ? 'the control is disabled' :
        window.__still < 3 ? 'the screen is still moving' : '';
    return window.__why === '' ? 'ready' :
        window.__why === 'its centre is off the screen' && window.__still >= 3 ? 'off the screen' : false;
}}"""


#: where the element stands in the page's scrolling area, if it is in it: [the element's centre,
#: the top and bottom of the area's part on screen, and a point for the mouse wheel just inside the
#: area's left edge, half-way down that part, where the wheel scrolls the page and never zooms a map
#: inside it, and an x left of the area where the pointer rests on no control]; 'fixed' for an
#: element outside it (the app bar's buttons), null while Flutter redraws
#: the tree (a detached element). The area: the element's ancestor in Flutter's accessibility tree
#: at least half the window tall that clips what it holds (overflow-y scroll, or hidden while
#: Flutter updates it)
WHERE = """el => { if (!el.isConnected) return null;
    const box = el.getBoundingClientRect(), centre = box.top + box.height / 2;
    for (let a = el.parentElement; a; a = a.parentElement) {
        if (a.tagName !== 'FLT-SEMANTICS' || !['scroll', 'hidden'].includes(getComputedStyle(a).overflowY)) continue;
        const r = a.getBoundingClientRect(), top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
        if (r.height >= innerHeight / 2) return [centre, top, bottom, r.left + 2, (top + bottom) / 2, r.left / 2];
    }
    return 'fixed'; }"""


def into_view(page, control, deadline: float | None = None) -> None:
    """Scroll the page by the mouse wheel, as a person does, until `control` (a locator) stands
    inside the part of the page's scrolling area on screen. Never by scrolling Flutter's accessibility
    tree (Playwright's scroll_into_view): that moves the tree at once, and the canvas follows only
    when Flutter takes the scroll action the engine sends it for that scroll, which it can miss
    under load. The tree then places the control on screen while the canvas still shows the page
    unscrolled, and a tap lands on whatever is drawn there (seen: three taps on a die below the
    map taken by nobody)."""
    deadline = deadline or time.monotonic() + 30
    while time.monotonic() < deadline:
        where = control.evaluate(WHERE)
        if where == "fixed":
            return
        if where is not None:  # (None: the element was caught while Flutter redrew the tree; look again)
            centre, top, bottom, x, y, aside = where
            if top + 8 <= centre <= bottom - 8:
                return
            page.mouse.move(x, y)
            page.mouse.wheel(0, centre - y)
            page.mouse.move(aside, y)  # (off the controls: a pointer resting on one shows its tooltip)
        still(page)
    raise AssertionError(f"{control} did not come into view by scrolling the area around it with the mouse wheel")


def ready(page, control, timeout: float = 30_000) -> None:
    """Wait until a tap on `control` (a locator) would land where it stands: in view, on a screen
    that holds still, enabled (READY); a control redrawn meanwhile is found again, and one that a
    redraw moved off the screen after it was scrolled into view (the page scrolling to the new
    step of a turn) is scrolled into view again."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        if time.monotonic() > deadline:
            raise AssertionError(f"{control} was not ready for a tap within {timeout / 1000:g} s: "
                                 f"it stayed off the screen after scrolling to it")
        left = max(1.0, (deadline - time.monotonic()) * 1000)
        looked = False
        try:
            control.wait_for(state="visible", timeout=left)
            into_view(page, control, deadline)
            page.evaluate("() => { window.__screen = null; window.__still = 0; window.__why = 'not looked at yet'; }")
            looked = True
            got = page.wait_for_function(READY, arg=control.element_handle(timeout=left), polling="raf",
                                         timeout=max(1.0, (deadline - time.monotonic()) * 1000))
        except PlaywrightTimeout:
            why = page.evaluate("() => window.__why") if looked else "it did not show (visible, in view)"
            raise AssertionError(f"{control} was not ready for a tap within {timeout / 1000:g} s: {why}") from None
        except PlaywrightError as exc:  # the element went away between finding it and looking at it
            if "not attached" not in str(exc) and "detached" not in str(exc) and "disposed" not in str(exc):
                raise
            continue
        if got.json_value() == "ready":
            return


def button(page, name: str | re.Pattern, exact: bool = True):
    """The (first) button labelled `name`: a text (exact or not) or a pattern."""
    return page.get_by_role("button", name=name, exact=exact if isinstance(name, str) else None).first


def server_of(page) -> Server | None:
    from urllib.parse import urlsplit

    return SERVERS.get(urlsplit(page.url).port or 0)


def sent_events(page, since: float) -> list[tuple[int, str]]:
    """The control events (control id, event name) the page's Flet client sent since `since`."""
    return decoded(page.evaluate("since => window.__trace.filter(e => e[0] >= since && e[1] === 'sent-event')"
                                 ".map(e => e[2])", since))


def decoded(frames: list[str]) -> list[tuple[int, str]]:
    """(control id, event name) of each control event frame TRACE kept."""
    import base64

    import msgpack

    got = []
    for detail in frames:
        try:
            _, body = msgpack.unpackb(base64.b64decode(detail), strict_map_key=False)
            got.append((int(body["target"]), str(body["name"])))
        except Exception:  # (a frame cut short: an event still)
            got.append((-1, "?"))
    return got


def server_said(page, mark: int, events: list[tuple[int, str]]) -> dict[tuple[int, str], str]:
    """What the page's server wrote in its log since byte `mark` about each of `events`: 'handled
    in N ms' or 'dropped' (no such control: no handler ran); an event not named is still on its way
    or being handled."""
    srv = server_of(page)
    if srv is None:
        return {}
    with open(srv.log, "rb") as f:
        f.seek(mark)
        text = f.read().decode(errors="replace")
    said = {}
    for cid, name in events:
        found = re.findall(rf"^event {re.escape(name)} on control {cid}: (.*)$", text, re.M)
        if found:
            said[(cid, name)] = "dropped" if "dropped" in found[-1] else found[-1]
    return said


def log_mark(page) -> int:
    srv = server_of(page)
    return srv.log.stat().st_size if srv is not None and srv.log.exists() else 0


#: a file that each tap made again is reported to, with its trace (to count them in a run), when set
TAP_LOG = os.environ.get("COMPANION_TAP_LOG")


def report(text: str) -> None:
    print(text)  # (shown with a failure)
    if TAP_LOG:
        with open(TAP_LOG, "a") as f:
            f.write(f"{time.strftime('%H:%M:%S')} {os.environ.get('PYTEST_CURRENT_TEST', '')}\n{text}\n\n")


#: what came of a tap clicked at `since`: whether the browser's click came, the control event
#: frames sent since, and how long after the click the first was sent when it was sent in a later
#: task than the click's (ms; null when it was sent before the click, as the pointer lifted, or
#: while the click was handled, or none was): `tap` counts on never seeing a number there
OUTCOME = """since => { const t = window.__trace.filter(e => e[0] >= since);
    const click = t.findIndex(e => e[1] === 'click'), sent = t.findIndex(e => e[1] === 'sent-event');
    return [click >= 0, t.filter(e => e[1] === 'sent-event').map(e => e[2]),
            click < 0 || sent < click || t[sent][3] ? null : t[sent][0] - t[click][0]]; }"""


#: the id of the page's own control in the Flet protocol: its events (resize, route change, app
#: lifecycle, brightness) come from the browser, not from a control that took a tap
PAGE_CONTROL = 1


def taken(page, since: float) -> list[tuple[int, str]]:
    """The control events sent since `since` by controls that took a tap (the page's own left out)."""
    return [e for e in sent_events(page, since) if e[0] != PAGE_CONTROL]


def tap(page, target, exact: bool = True, *, changes=True, tries: int = 3, timeout: float = 30_000) -> None:
    """Tap a control as a person would, and (by default) wait for what the tap brings.

    `target`: a button's label (a text, exact or not, or a pattern) or a locator. The tap waits
    until it would land on the control (`ready`: a screen that holds still, the control in view and
    enabled), then clicks it with the pointer. `changes`: True waits until this page's texts change
    and settle (as `changes`), a page or a list of pages waits for theirs, False waits for nothing
    more (a tap that moves things only, or one whose change the caller waits for).

    A tap that brings nothing is looked into, never simply made again. The Flet client sends a
    control event the moment a control takes a tap (as the pointer lifts, before the browser's
    click; every handler of the app runs on the server), and TRACE records both. When the click
    came and two frames went by with no such event, no control took the tap: it is made again once
    the screen holds still (after a last look that no event came late), up to `tries` times. When
    the server's log says it dropped the event (the control was gone: no handler ran), likewise. A
    tap the app took is never made twice: its change is waited for the whole `timeout`, and a
    failure says whether the server handled it (and how long it took) or was still at it: a slow
    server, not a lost tap."""
    control = button(page, target, exact) if isinstance(target, (str, re.Pattern)) else target
    watch = [] if changes is False else [page] if changes is True else \
        list(changes) if isinstance(changes, (list, tuple)) else [changes]
    what = repr(target) if isinstance(target, (str, re.Pattern)) else str(control)
    lost: list[str] = []
    since = None  # (page time of the last try's click, while it counts as not taken)
    for attempt in range(tries + 1):
        late = since is not None and taken(page, since)
        if not late:
            if attempt == tries:
                break
            try:
                ready(page, control, timeout)
            except AssertionError as exc:
                raise AssertionError(f"tap on {what}: {exc}\n" + "\n".join(lost)) from None
            late = since is not None and taken(page, since)  # (a last look before tapping again)
        if late:  # the tap taken for lost was taken after all: its change is awaited, no tap made
            report(f"tap on {what}: try {attempt} was taken late: {late}")
        else:
            befores = [p.evaluate(SCREEN_TEXT) for p in watch]
            since = page.evaluate("() => performance.now()")
            mark = log_mark(page)
            control.click(timeout=timeout)
            painted(page)  # two frames after the click: whatever the tap set off in the client has run
            clicked, frames, after = page.evaluate(OUTCOME, since)
            if clicked and not [e for e in decoded(frames) if e[0] != PAGE_CONTROL]:  # no control took it
                lost.append(f"try {attempt + 1}: no control took the tap\n{traced(page, since)}")
                report(f"tap on {what}: {lost[-1]}")
                continue
            if after is not None:  # (what the verdict above rests on, checked at every tap)
                report(f"tap on {what}: its event was sent {after} ms after the browser's click\n{traced(page, since)}")
        if not watch:
            return
        deadline = time.monotonic() + timeout / 1000
        dropped = False
        for p, before in zip(watch, befores):
            p.evaluate("() => { window.__screen = null; window.__settled = 0; }")
            while not dropped:  # the change, looking at the server's log now and then for what it did with the tap
                try:
                    p.wait_for_function(SETTLED, arg=before, polling="raf",
                                        timeout=max(1.0, min(2.0, deadline - time.monotonic()) * 1000))
                    break
                except PlaywrightTimeout:
                    events = taken(page, since)
                    answer = server_said(page, mark, events)
                    if events and len(answer) == len(events) and all(v == "dropped" for v in answer.values()):
                        dropped = True  # no handler ran: the tap can be made again
                        continue
                    if time.monotonic() < deadline:
                        continue
                    if not events:
                        verdict = ("no control sent an event, and the trace has no click of this tap: whether a "
                                   "control took it is unknown, so it was not made again")
                    elif answer:
                        verdict = (f"the app took the tap (events {events}) and the server's log says {answer}: it "
                                   f"handled it, and the screen did not change within {timeout / 1000:g} s")
                    else:
                        verdict = (f"the app took the tap (events {events}), and the server had not finished "
                                   f"handling it within {timeout / 1000:g} s: a slow or stuck server, not a lost tap")
                    raise AssertionError(f"tap on {what}: {verdict}\n" + "\n".join(lost) +
                                         f"\nwhat the page did since the tap:\n{traced(page, since)}") from None
            if dropped:
                break
        if dropped:
            lost.append(f"try {attempt + 1}: the server dropped the event (its control was gone)\n"
                        f"{traced(page, since)}")
            report(f"tap on {what}: {lost[-1]}")
            since = None  # (whatever it sends later is no late take of this try)
            continue
        return
    raise AssertionError(f"tap on {what}: no control took it in {tries} tries\n" + "\n".join(lost))


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


#: how long the canvas must look the same before a screenshot is kept (s): after a tap that opens
#: another screen, Chromium without a GPU has shown the old screen for several frames while the
#: accessibility tree already held the new one
SHOT_STILL = 1.0


def shot(page, name: str, always: bool = False) -> Path:
    """A screenshot once the canvas has painted the last update and held still for SHOT_STILL
    (the canvas may lag the accessibility tree the tests read, most after a page load). Only with COMPANION_SHOTS
    set (or `always`): the tests never wait on it, they wait for the texts and controls a step brings."""
    path = SHOTS / f"{name}.png"
    if not (STEP_SHOTS or always):
        return path
    SHOTS.mkdir(parents=True, exist_ok=True)
    last, png, deadline = b"", b"", time.monotonic() + 30
    since = time.monotonic()  # (when the canvas last looked different)
    while time.monotonic() < deadline:  # (a canvas that never settles: the last capture after 30 s)
        painted(page)
        png = page.screenshot(timeout=15_000)
        if png != last or not drawn(png):
            last, since = png, time.monotonic()
        elif time.monotonic() - since >= SHOT_STILL:
            break
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
            tap(page, page.get_by_role("radio", name=re.compile("One device each")).first, changes=False)
    tap(page, "Start")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"), wait_until="commit")
    return page.url.rsplit("/", 1)[1]


def table_game(server, game: str, names: list[str] | None = None) -> state.LiveGame:
    """A table assistant made straight in the server's data folder, as its set-up screen would make
    it (start_game drives that screen for one test; the others need only what comes after it).
    The caller may enter the table's first steps in `live.session`, then opens it with open_game."""
    return state.GameRegistry(server.data_dir).create(api.table_game(game), names or ["Anne", "Bart"], state.ASSISTANT)


def open_game(page, server, live: state.LiveGame) -> None:
    """Open a game made in the server's data folder by its link (the server opens the saved game:
    one program at a time holds it)."""
    live.session.close()
    open_app(page, f"{server.url}/s/{live.id}")


@pytest.fixture
def ui():
    """The helpers above, for the test modules (importlib mode cannot import conftest)."""
    from types import SimpleNamespace

    return SimpleNamespace(open_app=open_app, reload=reload, tap=tap, button=button, ready=ready, into_view=into_view, see=see, shot=shot,
                           start_game=start_game, table_game=table_game, open_game=open_game, changes=changes, still=still, painted=painted, PHONE=PHONE,
                           DESKTOP=DESKTOP, CHROMIUM=CHROMIUM, LAUNCH_ARGS=LAUNCH_ARGS, PAGE_SCRIPTS=(NEW_DEVICE, TRACE))
