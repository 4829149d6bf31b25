"""One device cannot freeze the others (issue 32.1): against the real server on 127.0.0.1, one
connection sends 20,000 events as fast as it can; meanwhile another device's home page loads (the
HTTP page and its websocket, until the page shows the games) within 2 s, and the server says in
one line that it dropped the flooder's excess, and in another that it closed the flooding page. Before each page's frames were paced and bounded
(app/access.py, Gate), 20,000 events made every other home page wait 15.8 s. Loopback only."""
from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.request
from typing import Any

import pytest

msgpack = pytest.importorskip("msgpack")
websockets = pytest.importorskip("websockets")
pytest.importorskip("flet_web")

from ..conftest import run_async  # (the client on a thread of its own, within a bound: tests/conftest.py)

REGISTER, CONTROL_EVENT, INVOKE = 1, 3, 5
FLOOD = 20_000
#: what the home page shows once it is drawn (a game's name)
HOME = "Piraten Kapern"


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def register(route: str) -> bytes:
    return frame(REGISTER, {"session_id": "", "page_name": "", "page": {"route": route, "width": 390, "height": 844}})


async def open_page(ws: Any, token: str, until: str, seconds: float, ids: set[int] | None = None) -> bool:
    """Register on the websocket, answer the client-storage questions, read until `until` arrives
    (False when `seconds` pass first); the ids of the controls the page shows go into `ids`."""
    await ws.send(register("/"))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        try:
            data = await asyncio.wait_for(ws.recv(), timeout=max(0.01, deadline - loop.time()))
        except asyncio.TimeoutError:
            return False
        message = msgpack.unpackb(data[1:], strict_map_key=False)
        if message[0] == INVOKE:
            b = message[1]
            await ws.send(frame(INVOKE, {"control_id": b["control_id"], "call_id": b["call_id"],
                                         "result": token if b.get("name") == "get" else True, "error": None}))
        text = json.dumps(message, default=str)
        if ids is not None:
            ids.update(int(i) for i in re.findall(r'"_i": (\d+)', text))
        if until in text:
            return True
    return False


async def flood_and_load(port: int) -> tuple[float, int]:
    """(seconds the second device's home page took while the first floods, frames the flooder sent)."""
    base = f"ws://127.0.0.1:{port}/ws"
    sent = 0
    started = asyncio.Event()
    async with websockets.connect(base) as flooder:
        ids: set[int] = set()
        assert await open_page(flooder, "flooding-device-01", HOME, 60, ids), "the flooder's own page did not open"
        targets = sorted(ids)

        async def flood() -> None:
            nonlocal sent
            try:
                for i in range(FLOOD):  # clicks at the home page's controls, as fast as the socket takes them
                    target = targets[i % len(targets)]
                    await flooder.send(frame(CONTROL_EVENT, {"target": target, "name": "click", "data": ""}))
                    sent += 1
                    if sent == 300:
                        started.set()
            except websockets.ConnectionClosed:  # the server closed the flooding page
                pass
            finally:
                started.set()

        flooding = asyncio.create_task(flood())
        try:
            await asyncio.wait_for(started.wait(), timeout=60)
            t0 = time.perf_counter()
            loop = asyncio.get_running_loop()
            html = await loop.run_in_executor(None, lambda: urllib.request.urlopen(
                f"http://127.0.0.1:{port}/", timeout=30).read())
            assert b"<html" in html.lower()
            async with websockets.connect(base) as honest:
                shown = await open_page(honest, "honest-device-0001", HOME, 30)
            took = time.perf_counter() - t0
            assert shown, "the honest device's home page did not arrive within 30 s"
        finally:
            await asyncio.wait_for(flooding, timeout=60)
    return took, sent


def test_one_flooding_connection_does_not_freeze_another_devices_page(tmp_path, make_server) -> None:
    srv = make_server(tmp_path)
    assert run_async(open_page_once(srv.port), 120)  # the server is warm (first page, content read)
    took, sent = run_async(flood_and_load(srv.port), 180)
    assert took < 2.0, f"another device's home page took {took:.1f} s while one connection flooded"
    srv.wait_for_log(r"device 127\.0\.0\.1:\d+ sends faster than [\d.]+ frames a second")
    srv.wait_for_log(r"device 127\.0\.0\.1:\d+: closed after \d+ frames over the rate were dropped")
    assert sent >= 300
    assert "Traceback" not in srv.log.read_text(errors="replace")


async def open_page_once(port: int) -> bool:
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
        return await open_page(ws, "warming-device-001", HOME, 60)
