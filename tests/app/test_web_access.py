"""Who may open and act in a game of the web app, checked on the server (issue 11.4, 16.1), and
broken files in the data folder (issue 11.5). No browser: the screens are built as controls and
their handlers called the way a hostile client's raw event frames would call them."""
from __future__ import annotations

import os
import threading
from typing import Any, Iterator

import flet as ft
import pytest

from app import access, screens, state
from companion.engine import IllegalAction
from companion.games import get_game

from ..conftest import release_fifo, run_async


class FakePage:
    url = "http://127.0.0.1:8550"
    route = "/"


class FakeApp:
    """What a screen needs of app.main.App, without a Flet page; `client` is the device."""

    def __init__(self, reg: state.GameRegistry, client: str = "this-device"):
        self.reg = reg
        self.client = client
        self.revealed: dict[str, int | None] = {}
        self.page = FakePage()
        self.toasts: list[str] = []
        self.screen: Any = None

    def render(self) -> None:
        pass

    def go(self, route: str) -> None:
        pass

    def changed(self, gid: str) -> None:
        pass

    def subscribe(self, gid: str) -> None:
        pass

    def toast(self, text: str) -> None:
        self.toasts.append(text)


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


def walk(control: Any) -> Iterator[Any]:
    yield control
    for name in ("content", "controls", "title", "subtitle", "leading", "trailing"):
        child = getattr(control, name, None)
        if isinstance(child, list):
            for c in child:
                yield from walk(c)
        elif isinstance(child, ft.Control):
            yield from walk(child)


def texts(controls: list[Any]) -> str:
    out = []
    for c in controls:
        for x in walk(c):
            for attr in ("value", "text", "tooltip", "label"):
                v = getattr(x, attr, None)
                if isinstance(v, str):
                    out.append(v)
            if isinstance(getattr(x, "content", None), str):
                out.append(x.content)
    return "\n".join(out)


# --- one bad file in the data folder ---------------------------------------------------------------
def test_one_bad_file_does_not_break_home(reg) -> None:
    kapern = get_game("piraten-kapern")
    good = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    bad = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    journal = reg.path(bad.id).with_name(reg.path(bad.id).name + ".journal")
    journal.write_text('5\n[1]\nnull\n{"action": 5}\n')
    (reg.root / "20000101-000000-dir.json").mkdir()
    (reg.root / "20000101-000001-list.json").write_text("[]")
    (reg.root / "20000101-000002-bin.json").write_bytes(b"\xff\xfe\x00")
    fresh = state.GameRegistry(reg.root.parent)
    body = screens.Home(FakeApp(fresh)).build()  # would raise before: the whole Home screen gone
    assert "Continue Piraten Kapern: Anne, Bart" in texts(body)
    summaries = fresh.summaries()
    assert any(s.id == good.id and not s.error for s in summaries)
    assert sum(1 for s in summaries if s.error) == 4


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_save_does_not_block_home(reg) -> None:
    """Reading a FIFO waits for a writer that never comes: it held the registry (every browser's
    Home screen) forever. It is listed as unreadable, not read."""
    good = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.ASSISTANT)
    fifo = reg.root / "20000101-000003-fifo.json"
    os.mkfifo(fifo)
    fresh = state.GameRegistry(reg.root.parent)
    found: list = []
    worker = threading.Thread(target=lambda: found.append(fresh.summaries()), daemon=True)
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():
        release_fifo(fifo)  # let the blocked reader go, then fail
        pytest.fail("the Home screen's list of games blocked on a FIFO")
    errors = {s.id: s.error for s in found[0] if s.error}
    assert "not a regular file" in errors[fifo.stem] and good.id not in errors


# --- a game belongs to the device that created it ----------------------------------------------------
@pytest.fixture
def door():
    """A LAN server's door (--host): a join code is needed to take a seat."""
    from app import access

    old = access.current()
    yield access.configure(access.Access(host="0.0.0.0", port=8550, join_code="123456"))
    access.configure(old)


def test_hot_seat_game_is_only_for_the_device_that_created_it(reg) -> None:
    from app.play import PlayScreen

    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.HUMAN],
                      seed=3, owner="owner-device")
    stranger = FakeApp(reg, "stranger-device")
    # not on the stranger's Home screen, and its link opens no game
    assert live.id not in texts(screens.Home(stranger).build())
    assert live.id in [s.id for s in reg.summaries_for("owner-device")]
    assert isinstance(screens.open_game(stranger, live.id), screens.ErrorScreen)
    # the handlers behind "I am Anne" and every action refuse, whatever frames the stranger sends
    screen = PlayScreen(stranger, live)
    screen.reveal(0)
    assert stranger.revealed.get(live.id) is None and stranger.toasts
    assert "another device" in texts(screen.build())
    with pytest.raises(IllegalAction):
        live.view("stranger-device", 0)
    with pytest.raises(IllegalAction):
        live.view("stranger-device")
    before = len(live.session.log)
    for action in live.legal_actions():
        with pytest.raises(IllegalAction):
            live.act("stranger-device", action)
    with pytest.raises(IllegalAction):
        live.undo("stranger-device")
    assert len(live.session.log) == before
    # the owner sees and plays it
    owner = FakeApp(reg, "owner-device")
    assert isinstance(screens.open_game(owner, live.id), PlayScreen)
    live.act("owner-device", live.legal_actions()[0])


def test_sharing_lets_other_devices_in_and_stopping_shuts_them_out(reg, door) -> None:
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.ASSISTANT, owner="owner-device")
    with pytest.raises(IllegalAction, match="only the device that started"):
        live.share("stranger-device", True)
    live.share("owner-device", True)
    assert not live.may_use("stranger-device")  # shared, but the stranger has not shown the join code
    assert door.admit("stranger-device", "123456")
    assert live.may_use("stranger-device") and live.seats_of("stranger-device")
    reloaded = state.GameRegistry(reg.root.parent).get(live.id)  # sharing is saved with the game
    assert reloaded.shared and reloaded.owner == "owner-device"
    live = reloaded  # the game's file has one writer: the registry that loaded it last
    live.share("owner-device", False)
    assert not live.may_use("stranger-device")


def test_join_code_gates_seats_and_the_host_hands_a_seat_over(reg, door) -> None:
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.DEVICES, [state.HUMAN, state.HUMAN],
                      owner="host")
    live.claim("host", 0)  # the host needs no code
    with pytest.raises(IllegalAction, match="Enter the join code"):
        live.claim("phone", 1)
    assert not door.admit("phone", "000000")
    assert door.admit("phone", "123456")
    live.claim("phone", 1)
    with pytest.raises(IllegalAction, match="taken by another device"):
        door.admit("thief", "123456") and live.claim("thief", 1)
    with pytest.raises(IllegalAction, match="only the host"):
        live.hand_over("thief", 1)
    live.hand_over("host", 1)  # Bart's phone is lost: the host frees the seat
    assert live.seats[1].owner is None and live.seats_of("phone") == []
    live.claim("thief", 1)  # (another device, here the one called thief, takes it)
    assert live.seats_of("thief") == [1]


def test_a_guessing_script_is_slowed_and_an_honest_phone_still_joins(door) -> None:
    """Wrong join codes are counted per device and per address, never for the whole table (issue
    32.2): ten wrong codes from anyone once refused the right code to everyone for the minute, so a
    script on the table's Wi-Fi could keep every phone out."""
    t = 1000.0
    for i in range(10):  # a script: a new device for every guess, all from one address
        assert not door.admit(f"script-{i}", f"{i:06d}", "192.168.1.66", now=t + i)
    # that address is refused, even the right code, until its oldest guess is a minute old
    assert not door.admit("script-x", "123456", "192.168.1.66", now=t + 20)
    assert door.waiting("script-x", "192.168.1.66", now=t + 20) == pytest.approx(40)
    assert not door.may_join("script-x")
    # an honest phone at the same table joins at once, with the right code, during all of it
    assert door.waiting("phone", "192.168.1.23", now=t + 20) == 0
    assert door.admit("phone", "123456", "192.168.1.23", now=t + 20) and door.may_join("phone")
    # a device that guesses from one place is slowed by its own count, whatever its address says
    for i in range(5):
        assert not door.admit("tablet", f"99999{i}", f"192.168.1.{100 + i}", now=t + i)
    assert not door.admit("tablet", "123456", "192.168.1.200", now=t + 10)
    assert door.admit("laptop", "123456", "192.168.1.201", now=t + 10)
    # a minute after its guesses the script's address may try again, and the right code works
    assert door.admit("script-x", "123456", "192.168.1.66", now=t + 69.5)


def test_the_guess_counts_are_bounded(door, monkeypatch) -> None:
    from app import access

    monkeypatch.setattr(access, "GUESSERS_KEPT", 50)
    for i in range(200):
        door.admit(f"device-{i}", "000000", f"10.0.{i // 250}.{i % 250}", now=float(i))
    assert len(door.wrong) <= 50


def test_the_host_screen_shows_the_join_link_and_qr_code(reg, door) -> None:
    from app.play import PlayScreen

    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.DEVICES, [state.HUMAN, state.HUMAN],
                      owner="host")
    live.claim("host", 0)
    body = PlayScreen(FakeApp(reg, "host"), live).build()
    shown = texts(body)
    assert f":8550/s/{live.id}?join=123456" in shown and shown.count("http://") >= 1
    assert "ws://" not in shown and "localhost" not in shown
    qr = [c for b in body for c in walk(b) if isinstance(c, ft.Image) and isinstance(c.src, bytes)]
    assert len(qr) == 1 and qr[0].src.startswith(b"<svg") and "QR code" in qr[0].semantics_label
    # a joining device without the code is asked for it
    picker = texts(PlayScreen(FakeApp(reg, "phone"), live).build())
    assert "Join code" in picker and "123456" not in picker


def test_the_qr_code_is_a_small_picture_that_reads_as_the_link() -> None:
    """Issue 26 item 2: the QR code is drawn on the server as an SVG picture (a PNG stayed blank on a
    plain-http LAN address: the browser client decodes raster images with an API only secure origins
    have). Its squares, drawn, read back as the link (zxing-cpp; tests/app/test_qr_browser.py reads
    it off the screen of a real browser on such an address)."""
    import re

    from PIL import Image, ImageDraw

    from app.widgets.join import qr_svg

    zxingcpp = pytest.importorskip("zxingcpp", reason="the QR decoder: pip install zxing-cpp (the test extra)")
    link = "http://192.168.1.5:8550/s/20261204-172402-02834a?join=123456"
    svg = qr_svg(link)
    assert svg.startswith(b"<svg") and len(svg) < 8000
    size = int(re.search(rb'viewBox="0 0 (\d+) ', svg).group(1))
    scale = 6
    img = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(img)
    for x, y, w in re.findall(rb"M(\d+) (\d+)h(\d+)v1", svg):
        x, y, w = int(x), int(y), int(w)
        draw.rectangle([x * scale, y * scale, (x + w) * scale - 1, (y + 1) * scale - 1], fill=0)
    assert [r.text for r in zxingcpp.read_barcodes(img)] == [link]


def test_a_single_lan_address_keeps_localhost_served() -> None:
    """Issue 26 item 2: `--host <address>` listens on localhost too, so the host's own browser keeps
    http://localhost:PORT (its games belong to that origin's device); a wildcard covers it already."""
    import socket

    from app.main import listen_all

    lan = access.lan_address()
    if not lan or lan in access.LOOPBACK:
        pytest.skip("this machine has no LAN address")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    socks = listen_all(lan, port)
    try:
        assert sorted(s.getsockname()[0] for s in socks) == sorted([lan, "127.0.0.1"])
    finally:
        for s in socks:
            s.close()
    wild = listen_all("0.0.0.0", port)
    try:
        assert [s.getsockname()[0] for s in wild] == ["0.0.0.0"]
    finally:
        for s in wild:
            s.close()


# --- heavy work, one at a time -----------------------------------------------------------------------
def test_printing_runs_one_at_a_time_whatever_the_clicks(reg, monkeypatch) -> None:
    from app import access

    started: list[str] = []
    threads: list[Any] = []

    class Page(FakePage):
        def run_thread(self, fn):
            threads.append(fn)  # run later, like a thread still busy

    monkeypatch.setattr(screens, "run_printer", lambda gid, command: started.append(gid) or
                        {"running": False, "ok": True, "message": "app.print.done", "fields": {"where": "out"}})
    apps = [FakeApp(reg, f"device-{i}") for i in range(4)]
    for a in apps:
        a.page = Page()
    screens.PrintScreen(apps[0], "piraten-kapern").start(None)
    for a in apps[1:]:  # three more clicks, from other devices and other games, while it runs
        screens.PrintScreen(a, "pirates-vs-dinosaurs").start(None)
    assert len(threads) == 1 and all("one print job at a time" in a.toasts[0] for a in apps[1:])
    threads[0]()
    assert started == ["piraten-kapern"] and access.HEAVY.running is None
    screens.PrintScreen(apps[1], "pirates-vs-dinosaurs").start(None)  # free again
    assert len(threads) == 2
    threads[1]()


# --- the web server's door ---------------------------------------------------------------------------
@pytest.mark.parametrize("host, origin, ok", [
    ("127.0.0.1:8550", None, True),
    ("127.0.0.1:8550", "http://127.0.0.1:8550", True),
    ("localhost:8550", "http://localhost:8550", True),
    ("192.168.1.5:8550", "http://192.168.1.5:8550", True),
    ("[::1]:8550", "http://[::1]:8550", True),
    ("127.0.0.1:8550", "http://evil.example", False),        # a page elsewhere drives localhost
    ("127.0.0.1:8550", "http://127.0.0.1:9999", False),      # another local server's page
    ("127.0.0.1:8550", "null", False),                       # a sandboxed iframe or a file
    ("evil.example:8550", "http://evil.example:8550", False),  # DNS rebinding
    (None, None, False),
])
def test_host_and_origin_check(host, origin, ok) -> None:
    from app.access import allowed_request

    assert (allowed_request(host, origin, names={"localhost", "table-pc"}) is None) == ok


def test_the_guard_refuses_a_websocket_from_another_site() -> None:
    from app.access import OriginGuard

    reached: list[str] = []

    async def inner(scope, receive, send):
        reached.append(scope["type"])

    sent: list[dict] = []

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    guard = OriginGuard(inner, names={"localhost"})
    scope = {"type": "websocket", "headers": [(b"host", b"127.0.0.1:8550"), (b"origin", b"http://evil.example")]}
    run_async(guard(scope, receive, send))
    assert not reached and sent[-1]["type"] == "websocket.close"
    scope = {"type": "websocket", "headers": [(b"host", b"127.0.0.1:8550"), (b"origin", b"http://127.0.0.1:8550")]}
    run_async(guard(scope, receive, send))
    assert reached == ["websocket"]


def test_only_the_frames_flets_client_sends_get_through() -> None:
    """The gate's check of a page's frame (issue 32.3): the shapes Flet's own client sends pass,
    anything else is refused with what is wrong (the server logs it in one line)."""
    import msgpack

    from app.access import frame_problem

    def f(action: Any, body: Any) -> bytes:
        return b"\x00" + msgpack.packb([action, body])

    register = f(1, {"session_id": None, "page_name": "", "page": {"route": "/"}})
    assert frame_problem(register, registered=False) is None
    assert frame_problem(f(3, {"target": 5, "name": "click", "data": None}), registered=True) is None
    assert frame_problem(f(4, {"id": 5, "props": {"value": "x"}}), registered=True) is None
    assert frame_problem(f(5, {"control_id": 5, "call_id": "a", "result": [1], "error": None}), registered=True) is None
    refused = {
        "a second registration": (register, True),
        "before the page registered": (f(3, {"target": 5, "name": "click", "data": None}), False),
        "target of the wrong type": (f(3, {"target": True, "name": "click", "data": None}), True),
        "a body that is not": (f(3, {"target": 5, "name": "click"}), True),
        "which a page does not send": (f(7, {}), True),
        "not msgpack": (b"\x00\xc1", True),
        "a text frame": (None, True),
        "unknown type": (b"\x09", True),
        "an empty frame": (b"", True),
        "data channel": (b"\x01\x00", True),
    }
    for words, (data, registered) in refused.items():
        why = frame_problem(data, registered)
        assert why is not None and words in why, (words, why)


@pytest.mark.parametrize("route", ["/games/nope", "/games/nope/rules", "/games/../print", "/games/./new/play",
                                   "/s/" + "a" * 5000, "/s/..", "/s/%00", "/games/" + "x" * 300])
def test_a_route_a_client_types_that_names_nothing_is_the_error_screen(reg, route: str) -> None:
    """A link naming no game or no saved game (typed, or sent as a route change) opens the error
    screen: it was a KeyError, an OSError (a file name too long) or a ModuleNotFoundError in the
    server's log (issue 32.3)."""
    from app.base import ErrorScreen

    screen = screens.for_route(FakeApp(reg), route)
    assert isinstance(screen, ErrorScreen)
    assert screen.build()
