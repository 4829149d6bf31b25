"""A hostile client against the real web server (issue 11.4): raw websocket frames in Flet's own
protocol ([0x00] + msgpack [action, body]), no browser. It opens another device's hot-seat game,
sprays click events at every control id, answers the client-storage question with junk, sends
broken frames and connects from another site's page; the game must not move and nothing of
Anne's turn may reach it, and the server must go on serving."""
from __future__ import annotations

import asyncio
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

msgpack = pytest.importorskip("msgpack")
websockets = pytest.importorskip("websockets")
pytest.importorskip("flet_web")

from ..conftest import run_async  # (the client on a thread of its own, within a bound: tests/conftest.py)

OWNER = "owner-token-123456"
REGISTER, CONTROL_EVENT, INVOKE = 1, 3, 5


@pytest.fixture(scope="module")
def served(tmp_path_factory, make_server):
    """A server whose data folder holds Anne and Bart's hot-seat game, made on the owner's device."""
    from app import state
    from companion.games import get_game

    data = tmp_path_factory.mktemp("hostile-data")
    reg = state.GameRegistry(data)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.HUMAN],
                      seed=3, owner=OWNER)
    return make_server(data).port, live.id, reg.path(live.id)


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


async def session(port: int, route: str, token: Any, spray: range | None = None,
                  origin: str | None = None, until: str | None = None) -> str:
    """Register as a client on `route`, answer the storage question with `token`, optionally send a
    click to every control id in `spray`; returns everything the server sent, as text."""
    headers = {"Origin": origin} if origin else None
    got: list[Any] = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", additional_headers=headers) as ws:
        await ws.send(frame(REGISTER, {"session_id": "", "page_name": "", "page": {"route": route, "width": 390,
                                                                                    "height": 844}}))

        async def drain(seconds: float, until: str | None = None) -> None:
            """Read until `until` has come (at most 30 s), or until the server is quiet for `seconds`."""
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            try:
                while loop.time() < deadline:
                    data = await asyncio.wait_for(ws.recv(), timeout=30 if until else seconds)
                    message = msgpack.unpackb(data[1:], strict_map_key=False)
                    got.append(message)
                    if message[0] == INVOKE:  # the client storage: answer for the browser
                        b = message[1]
                        result = token if b.get("name") == "get" else True
                        await ws.send(frame(INVOKE, {"control_id": b["control_id"], "call_id": b["call_id"],
                                                     "result": result, "error": None}))
                    if until and until in json.dumps(message, default=str):
                        return
            except asyncio.TimeoutError:
                pass

        await drain(1.5, until)
        if spray is not None:
            for target in spray:
                for name in ("click", "change", "submit"):
                    await ws.send(frame(CONTROL_EVENT, {"target": target, "name": name, "data": "1"}))
            await drain(1)
    return json.dumps(got, default=str)


def game_log(path: Path) -> list[Any]:
    """The game's log as its save and journal hold it (read only: the files belong to the server)."""
    from companion.engine import Session
    from companion.games import get_game

    return Session.load(path, get_game, write=False).log


def test_another_devices_hot_seat_game_gives_nothing_away(served) -> None:
    port, gid, path = served
    before = game_log(path)
    for token in ({"a": 1}, "x" * 100_000):
        text = run_async(session(port, f"/s/{gid}", token, spray=range(1, 160), until="another device"))
        assert "played on another device" in text
        for secret in ("Pass the device to", "I am Anne", "Your turn", "Re-roll", "Stop and score"):
            assert secret not in text, secret
    assert before and game_log(path) == before
    # the owner's device (its token in its own local storage) still opens it (Kapern hides
    # nothing, so the turn shows without a privacy screen)
    assert "Your turn, Anne" in run_async(session(port, f"/s/{gid}", OWNER, until="Your turn"))


def test_broken_frames_do_not_stop_the_server(served) -> None:
    port, gid, _ = served

    async def junk() -> None:
        for payload in (b"", b"\x00", b"\x00\xc1", b"\x00" + msgpack.packb([99, {}]), b"\x07garbage",
                        b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": "x"}])):
            try:
                async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
                    await ws.send(payload)
                    await asyncio.wait_for(ws.recv(), timeout=0.3)
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                pass

    run_async(junk())
    assert "played on another device" in run_async(session(port, f"/s/{gid}", None, until="another device"))


def test_a_page_from_another_site_cannot_open_the_websocket(served) -> None:
    port, gid, _ = served
    with pytest.raises(websockets.InvalidStatus):
        run_async(session(port, f"/s/{gid}", OWNER, origin="http://evil.example"))
    assert "Your turn, Anne" in run_async(session(port, f"/s/{gid}", OWNER,
                                                  origin=f"http://127.0.0.1:{port}", until="Your turn"))


def test_a_stopping_server_closes_open_pages_and_ends_quietly(tmp_path, make_server) -> None:
    """SIGTERM (`kill`, a service manager's stop) with a page open: the server waited for the page
    for ever, and closing it was a traceback. Every step is journalled already, so it waits a few
    seconds (app.main.GRACE_S), closes the page and ends, without a traceback."""
    srv = make_server(tmp_path)

    async def hold_and_stop() -> int | None:
        async with websockets.connect(f"ws://127.0.0.1:{srv.port}/ws"):
            srv.proc.terminate()
            try:  # the page stays open while the server ends (at most 60 s)
                return await asyncio.get_running_loop().run_in_executor(None, srv.proc.wait, 60)
            except subprocess.TimeoutExpired:
                return None

    code = run_async(hold_and_stop())
    log = srv.log.read_text(errors="replace")
    assert code is not None, "the server was still running 60 s after SIGTERM with a page open"
    assert "Traceback" not in log, log[-2000:]


#: junk a client may send, and the words of the one log line each kind becomes (issue 32.3: each
#: left a Flet traceback in the server log), sent before the page registers (False) or after (True)
JUNK = [
    (b"", False, "an empty frame"),
    (b"\x00\xc1", False, "not msgpack"),
    (b"\x07garbage", False, "unknown type 0x07"),
    (b"\x00" + msgpack.packb([99, {}]), True, "action 99, which a page does not send"),
    (b"\x00" + msgpack.packb(5), True, "not [action, body]"),
    (frame(CONTROL_EVENT, {"target": "x"}), True, "action 3 with a body that is not {target, name, data}"),
    (frame(CONTROL_EVENT, None), True, "action 3 with a body that is not"),
    (frame(CONTROL_EVENT, {"target": 1, "name": "click", "data": "1"}), False, "action 3 before the page registered"),
    (frame(4, {"id": 1, "props": "x"}), True, "action 4 with props of the wrong type"),
    (frame(INVOKE, {"control_id": "1", "call_id": "x", "result": 1, "error": None}), True,
     "action 5 with control_id of the wrong type"),
    (frame(REGISTER, {"session_id": 5}), False, "action 1 with a body that is not"),
    (frame(REGISTER, {"session_id": "", "page_name": "", "page": {"route": "/"}}), True, "a second registration"),
    ("a text frame", True, "a text frame"),
    (frame(2, {}), True, "action 2, which a page does not send"),
    (frame(CONTROL_EVENT, {"target": 1, "name": "resize", "data": {"width": "a"}}), True,
     "Unhandled error in 'on_resize' handler (TypeError"),
]


def test_junk_from_a_client_is_one_log_line_naming_the_device_never_a_traceback(served) -> None:
    port, gid, _ = served
    log_path = Path(served_log(port))
    before = log_path.read_text(errors="replace")

    async def send_junk() -> list[str]:
        devices = []
        for payload, registered, _ in JUNK:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
                devices.append("127.0.0.1:%d" % ws.local_address[1])
                if registered:
                    await ws.send(frame(REGISTER, {"session_id": "", "page_name": "", "page": {
                        "route": "/", "width": 390, "height": 844}}))
                    await asyncio.wait_for(ws.recv(), timeout=30)
                await ws.send(payload)
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), timeout=0.3)
                except (asyncio.TimeoutError, websockets.ConnectionClosed):
                    pass
        return devices

    devices = run_async(send_junk())
    from .conftest import SERVERS

    for device, (_, _, words) in zip(devices, JUNK):  # each in one line naming the device (at most 30 s)
        SERVERS[port].wait_for_log(rf"device {re.escape(device)}: refused[^\n]*{re.escape(words)}")
    assert "Traceback" not in log_path.read_text(errors="replace")[len(before):]
    assert "played on another device" in run_async(session(port, f"/s/{gid}", None, until="another device"))


def served_log(port: int) -> Path:
    from .conftest import SERVERS

    return SERVERS[port].log
