"""How fast the app feels in a real browser (headless Chromium, web mode, this machine).

  python benchmarks/app_latency.py [--taps 16]

Measures
  * start to a usable home screen: from launching `companion app --web` to the home screen's
    first button being available in a fresh browser (server start + page load + first render);
  * page load to a usable home screen with the server already running;
  * tap to updated screen: in the Kapern table assistant, from the tap on a die face until the
    new die shows in the accessibility tree (a pure UI step), and from the tap on a die (a
    pick: an engine action, journalled with fsync) until it shows as picked; measured in the
    page (pointer down -> the text appears, seen by a MutationObserver) and, as before, as
    Playwright's round trip (locator click, which first checks the button is stable, + waiting
    for the text, which polls at 0, 20, 50, 100 ms...: coarse and slower);
  * tap on a large screen: in the Pirates vs. Dinosaurs table tracker (captain, calculators,
    table), from the tap on "More: Strength" until the new strength shows;
  * the floor: finding a text that is already on screen (Playwright's own round trip);
  * on the server (COMPANION_APP_PROFILE=1): building the screen's controls, and diffing them
    against the screen and sending the patch (page.update), per redraw.
The rest of a tap (total - floor - server) is the network and Flutter applying and painting it.
The figures are written to stdout; docs/APP.md quotes them.
"""
from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from arguments import at_least

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_app(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")


def summary(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    med = statistics.median(ms)
    f = ".1f" if med < 20 else ".0f"
    return f"{name:<50} median {med:7{f}} ms   p90 {p90:7{f}} ms   (n={len(ms)})"


def log_size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def renders(path: Path, start: int) -> tuple[list[float], list[float], list[float]]:
    """(build, diff and send, engine step) seconds of each redraw / step the server logged after
    byte `start`."""
    text = path.read_text(errors="replace")[start:] if path.exists() else ""
    got = re.findall(r"build ([\d.]+) ms, diff and send ([\d.]+) ms", text)
    steps = [float(x) / 1000 for x in re.findall(r"engine and journal ([\d.]+) ms", text)]
    return [float(b) / 1000 for b, _ in got] or [0.0], [float(d) / 1000 for _, d in got] or [0.0], steps or [0.0]


#: in the page: remember when the pointer went down and when a text matching `pattern` first shows
#: in Flutter's accessibility tree (a MutationObserver, so the time is exact, not Playwright's polling)
WATCH = """(pattern) => {
  const rx = new RegExp(pattern);
  const st = window.__tap = {down: 0, seen: 0};
  if (!window.__tapListener) {
    window.__tapListener = true;
    document.addEventListener('pointerdown', () => { window.__tap.down = performance.now(); }, true);
  }
  const found = () => {
    for (const el of document.querySelectorAll('flt-semantics')) {
      if (rx.test((el.getAttribute('aria-label') || el.textContent || '').trim())) return true;
    }
    return false;
  };
  const obs = new MutationObserver(() => {
    if (st.down && !st.seen && found()) { st.seen = performance.now(); obs.disconnect(); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


class Taps:
    """Times taps two ways: in the page (pointer down -> the new text is in the accessibility
    tree) and from Python (Playwright's locator click + waiting for the text, as before)."""

    def __init__(self) -> None:
        self.page: list[float] = []
        self.round_trip: list[float] = []

    def tap(self, page, locator, pattern: str, role: str | None = None) -> None:
        """Tap `locator`, then wait for a control of `role` named by `pattern` (a text when
        `role` is None)."""
        locator.wait_for()
        page.evaluate(WATCH, pattern)
        t = time.perf_counter()
        locator.click()
        shown = page.get_by_role(role, name=re.compile(pattern)) if role else page.get_by_text(re.compile(pattern))
        shown.first.wait_for()
        self.round_trip.append(time.perf_counter() - t)
        page.wait_for_function("window.__tap.seen > 0")
        self.page.append(page.evaluate("window.__tap.seen - window.__tap.down") / 1000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=at_least(1), default=16, help="taps of each kind to time")
    parser.add_argument("--loads", type=at_least(1), default=5, help="page loads to time")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    data = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, FLET_WEB_NO_CDN="1", COMPANION_DATA_DIR=str(data), COMPANION_APP_PROFILE="1")
    server_log = data / "server.log"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "app", "--web", "--port", str(port),
                                 "--no-browser"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                stderr=open(server_log, "w"))
        try:
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.perf_counter() - t0 > 60:
                        raise SystemExit("the server did not start")
                    time.sleep(0.05)
            listening = time.perf_counter() - t0
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            open_app(page, url + "/")
            page.get_by_role("button", name="Open Piraten Kapern").wait_for()
            cold = time.perf_counter() - t0
            loads = []
            for _ in range(args.loads):
                ctx = browser.new_context(viewport={"width": 390, "height": 844})
                pg = ctx.new_page()
                t = time.perf_counter()
                open_app(pg, url + "/")
                pg.get_by_role("button", name="Open Piraten Kapern").wait_for()
                loads.append(time.perf_counter() - t)
                ctx.close()

            # the table assistant: one game, then time taps
            open_app(page, url + "/games/piraten-kapern/new/assistant")
            page.get_by_role("button", name="Start").click()
            page.get_by_role("button", name="Card: Gold Coin").click()
            page.get_by_text("enter the 8 dice").wait_for()
            ui_taps, engine_taps, pvd_taps, floor = Taps(), Taps(), Taps(), []
            mark = log_size(server_log)
            for round_ in range(max(1, args.taps // 8)):
                for i in range(8):
                    ui_taps.tap(page, page.get_by_role("button", name="Add Monkey" if i % 2 else "Add Parrot"),
                                rf"^Slot die {i + 1}: (Monkey|Parrot)$")
                page.get_by_role("button", name="Clear").click()
                page.get_by_text("Slot die 1: empty", exact=True).wait_for()
            for i, face in enumerate(["Parrot", "Monkey"] * 4):
                page.get_by_role("button", name=f"Add {face}").click()
                page.get_by_text(f"Slot die {i + 1}: {face}", exact=True).wait_for()
            page.get_by_role("button", name="Confirm dice").click()
            page.get_by_role("button", name=re.compile(r"^Stop and score")).wait_for()
            for k in range(args.taps):
                die = k % 8 + 1
                face = "Parrot" if die % 2 else "Monkey"
                picked = (k // 8) % 2 == 0
                # a die's name: its face, whether it is picked, then the advice if any ("..., the advice: re-roll it")
                want = rf"^Die {die}: {face}, picked for a re-roll(, |$)" if picked else rf"^Die {die}: {face}(, the advice: [^,]*)?$"
                engine_taps.tap(page, page.get_by_role("button", name=re.compile(rf"^Die {die}: ")), want, "button")
            for _ in range(args.taps):
                t = time.perf_counter()
                page.get_by_text(re.compile(r"^Stop and score")).first.wait_for()
                floor.append(time.perf_counter() - t)
            kapern_server = renders(server_log, mark)

            # a large screen: the PvD table tracker with the combat calculator
            open_app(page, url + "/games/pirates-vs-dinosaurs/new/assistant")
            page.get_by_role("button", name="Start").click()
            page.get_by_role("button", name="Sabers and Muskets").click()
            page.get_by_text("Points: 0 on equipment", exact=False).wait_for()
            page.get_by_role("button", name="Confirm purchase").click()
            page.get_by_role("button", name="Search the Jungle (3 h)").click()
            page.get_by_text("Strength: 3", exact=True).wait_for()
            mark = log_size(server_log)
            for k in range(args.taps):
                pvd_taps.tap(page, page.get_by_role("button", name="More: Strength"), rf"^Strength: {4 + k}$")
            pvd_server = renders(server_log, mark)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            browser.close()
    print("App latency (headless Chromium, web mode, FLET_WEB_NO_CDN=1)")
    print(f"{'server listening after launch':<50} {listening * 1000:7.0f} ms")
    print(f"{'launch to usable home screen (cold)':<50} {cold * 1000:7.0f} ms")
    print(summary("page load to usable home (server up)", loads))
    print("tap -> updated screen, in the browser (pointer down -> new text in the accessibility tree):")
    print(summary("  tap a face -> die shown (UI only)", ui_taps.page))
    print(summary("  tap a die -> shown picked (engine + journal)", engine_taps.page))
    print(summary("  tap on the PvD tracker -> new strength shown", pvd_taps.page))
    print("the same taps, Playwright's round trip (locator click + wait for the text):")
    print(summary("  tap a face -> die shown (UI only)", ui_taps.round_trip))
    print(summary("  tap a die -> shown picked (engine + journal)", engine_taps.round_trip))
    print(summary("  tap on the PvD tracker -> new strength shown", pvd_taps.round_trip))
    print(summary("  floor: find a text already shown", floor))
    print("on the server, per redraw:")
    for name, (build, send, steps) in (("Kapern assistant", kapern_server), ("PvD tracker", pvd_server)):
        print(summary(f"  {name}: build the controls", build))
        print(summary(f"  {name}: diff + send (page.update)", send))
    print(summary("  Kapern: a pick (engine action + journal fsync)", kapern_server[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
