"""Who may reach this server and what one server does at a time. No Flet here.

- `Access` is the server's door: the address phones join at (the machine's LAN address), and with
  `--host` a join code that a device must show once (in the QR code's link, or typed in) before
  it may take a seat or use a shared game. Devices that showed it are remembered by their client
  token for as long as the server runs. Wrong codes are counted per device and per address.
- `allowed_request(host, origin)` is the check the web server makes on every request and on the
  `/ws` websocket: a page from another site (or a DNS name rebound to this machine) must not drive
  the app, so the Host must be this machine and a browser's Origin must be the app's own.
- `Gate` stands between every page's websocket and Flet: it lets through only frames of the shapes
  Flet's own client sends (anything else is one log line naming the device, never a traceback)
  and paces each connection (a bounded queue and rate; a flood is dropped, said, and closed), so
  one hostile or broken device cannot stop the others. `OneLine` makes Flet's own log lines
  about a page's failing event one line naming the device.
- `HEAVY` runs heavy work (printing) one job at a time per server, whoever asks and however often.
"""
from __future__ import annotations

import asyncio
import collections
import contextvars
import ipaddress
import logging
import re
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import urlsplit

import msgpack

log = logging.getLogger("companion.app.access")

#: a client token as the app makes them (state.new_token); anything else a client sends is replaced
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: wrong join codes one device may try in a minute, and one network address (a script makes a new
#: device for every guess, so its address counts them all): more, and that device or address is
#: refused, even the right code, until its oldest wrong guess is a minute old. Only the guesser
#: waits: every other device keeps its own count (ten wrong codes from anyone once locked out all)
WRONG_PER_DEVICE = 5
WRONG_PER_ADDRESS = 10
GUESS_WINDOW_S = 60.0
#: devices and addresses whose guesses are remembered at most (the oldest are forgotten first)
GUESSERS_KEPT = 10_000


def lan_address() -> str | None:
    """This machine's address on the local network (the one its default route uses), if any.
    A UDP socket 'connected' to a private address sends nothing but picks the outgoing interface."""
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                addr = s.getsockname()[0]
            if addr and not addr.startswith("127."):
                return addr
        except OSError:
            continue
    return None


def is_loopback(host: str | None) -> bool:
    return not host or host in LOOPBACK


@dataclass
class Access:
    """The door of one server: where it listens, its join code (with --host), who showed it."""

    host: str = "127.0.0.1"
    port: int = 8550
    #: None when the server listens on this machine only (nobody else can reach it)
    join_code: str | None = None
    admitted: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: times of recent wrong codes, per device ("device", token) and per address ("address", ip):
    #: a script cannot try the million codes, and cannot keep the honest phones out either
    wrong: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    @classmethod
    def for_server(cls, host: str | None, port: int) -> "Access":
        host = host or "127.0.0.1"
        code = None if is_loopback(host) else f"{secrets.randbelow(10**6):06d}"
        return cls(host=host, port=port, join_code=code)

    @property
    def on_lan(self) -> bool:
        return self.join_code is not None

    def address(self) -> str:
        """The address other devices use: the LAN address when listening on every interface."""
        if is_loopback(self.host):
            return "localhost"
        if self.host in ("0.0.0.0", "::", ""):
            return lan_address() or socket.gethostname()
        return self.host

    def join_link(self, route: str = "/") -> str:
        """The http link another device opens (and the QR code holds), with the join code."""
        host = self.address()
        if ":" in host:
            host = f"[{host}]"
        link = f"http://{host}:{self.port}{route}"
        return f"{link}?join={self.join_code}" if self.join_code else link

    def admit(self, client: str, code: str | None, address: str | None = None, now: float | None = None) -> bool:
        """Remember `client` if it shows the right code; True when it may join (now or before).
        A device (or an address) that guessed wrong too often in the last minute is refused without
        its guess being looked at (`waiting` says for how long); nobody else is."""
        if self.join_code is None:
            return True
        if code is None or not str(code).strip():
            return self.may_join(client)
        now = time.monotonic() if now is None else now
        with self.lock:
            if client in self.admitted:
                return True
            keys = self._keys(client, address)
            if self._waiting(keys, now) > 0:
                return False  # (said once, when the count was reached)
            if secrets.compare_digest(str(code).strip()[:12].encode(), self.join_code.encode()):
                self.admitted.add(client)
                return True
            for key in keys:
                times = self.wrong.setdefault(key, [])
                times.append(now)
                if len(times) == (WRONG_PER_DEVICE if key[0] == "device" else WRONG_PER_ADDRESS):
                    log.warning("%s %s: %d wrong join codes in a minute; its codes are refused for a minute",
                                key[0], key[1][:16], len(times))
            while len(self.wrong) > GUESSERS_KEPT:
                del self.wrong[next(iter(self.wrong))]
        return False

    def waiting(self, client: str, address: str | None = None, now: float | None = None) -> float:
        """Seconds until `client` (from `address`) may try a join code again (0: now)."""
        with self.lock:
            return self._waiting(self._keys(client, address), time.monotonic() if now is None else now)

    @staticmethod
    def _keys(client: str, address: str | None) -> list[tuple[str, str]]:
        return [("device", client)] + ([("address", address)] if address else [])

    def _waiting(self, keys: list[tuple[str, str]], now: float) -> float:
        wait = 0.0
        for key in keys:
            times = [t for t in self.wrong.get(key, []) if now - t < GUESS_WINDOW_S]
            if times:
                self.wrong[key] = times
            else:
                self.wrong.pop(key, None)
            limit = WRONG_PER_DEVICE if key[0] == "device" else WRONG_PER_ADDRESS
            if len(times) >= limit:
                wait = max(wait, times[-limit] + GUESS_WINDOW_S - now)
        return wait

    def may_join(self, client: str) -> bool:
        return self.join_code is None or client in self.admitted


_ACCESS = Access()


def current() -> Access:
    """The access rules of the server running in this process (localhost without a code by default)."""
    return _ACCESS


def configure(access: Access) -> Access:
    global _ACCESS
    _ACCESS = access
    return access


# --- the web server's check of every request ----------------------------------------------------
def _hostname(value: str) -> str:
    """'host:port' or '[v6]:port' -> host, lower case."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def own_names() -> set[str]:
    names = {"localhost"}
    try:
        name = socket.gethostname().lower()
        names |= {name, f"{name}.local", socket.getfqdn().lower()}
    except OSError:
        pass
    return names


def allowed_request(host_header: str | None, origin: str | None, names: set[str] | None = None) -> str | None:
    """Why a request must be refused (None: fine). The Host must name this machine: an IP address,
    localhost or its own host name, never another site's name rebound to it (DNS rebinding). A
    browser always sends Origin on a websocket; it must be this same host and port."""
    if not host_header:
        return "no Host header"
    host = _hostname(host_header)
    if not (_is_ip(host) or host in (names if names is not None else own_names())):
        return f"this server does not answer to the name {host!r}"
    if origin is None:
        return None  # not a browser: no other site's page can be behind it
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or (parts.netloc or "").lower() != host_header.strip().lower():
        return f"a page from {origin} may not use this app"
    return None


class OriginGuard:
    """ASGI middleware around the Flet web app: refuses requests and websockets from elsewhere, and
    puts every websocket behind a `Gate` (its own bounded queue and rate, junk refused)."""

    def __init__(self, app: Callable[..., Any], names: set[str] | None = None):
        self.app = app
        self.names = names if names is not None else own_names()

    async def __call__(self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        why = allowed_request(headers.get("host"), headers.get("origin"), self.names)
        if why is None and scope["type"] == "websocket":
            gate = Gate(receive, send, device_name(scope))
            DEVICE.set(gate.device)  # (Flet's tasks for this page copy it: its log lines name the device)
            try:
                return await self.app(scope, gate.receive, gate.send)
            except asyncio.CancelledError:  # the server is stopping and closes the page: no traceback
                return None
            except Exception as exc:  # the page's connection ended inside Flet: one line, not a traceback
                log.warning("device %s: the page's connection ended (%s: %s)", gate.device, type(exc).__name__,
                            str(exc)[:200])
                return None
            finally:
                gate.close()
        if why is None:
            return await self.app(scope, receive, send)
        if scope["type"] == "websocket":
            await receive()  # the websocket.connect message
            await send({"type": "websocket.close", "code": 1008, "reason": why[:120]})
            return
        body = f"Forbidden: {why}\n".encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


# --- what one page's websocket may send --------------------------------------------------------------
#: frames one websocket may send at once, then how many a second: a person taps a few times a second
#: and a page answers a few questions of the server; a client sending 20,000 events in half a second
#: kept every other device's page waiting 15 s, so each connection's frames are paced to this rate
FRAMES_AT_ONCE = 20
FRAMES_PER_S = 10.0
#: frames that may wait for their turn; beyond these a connection's frames are dropped (and logged),
#: and after FRAMES_DROPPED more the connection is closed: reading a flood costs the server too
FRAMES_WAITING = 100
FRAMES_DROPPED = 400
#: the largest frame a page sends is its registration (a few KB); a frame over this closes the page
FRAME_BYTES = 1024 * 1024
#: the client's messages of Flet's protocol ([0x00] + msgpack [action, body], flet.messaging.protocol):
#: each action's body fields and their types (None: any value)
REGISTER, CONTROL_EVENT, UPDATE_PROPS, INVOKE_RESULT = 1, 3, 4, 5
BODIES: dict[int, dict[str, Any]] = {
    REGISTER: {"session_id": (str, type(None)), "page_name": str, "page": dict},
    CONTROL_EVENT: {"target": int, "name": str, "data": None},
    UPDATE_PROPS: {"id": int, "props": dict},
    INVOKE_RESULT: {"control_id": int, "call_id": str, "result": None, "error": (str, type(None))},
}
#: the device (its address and port) of the page whose work is running, for the log
DEVICE: contextvars.ContextVar[str] = contextvars.ContextVar("device", default="")


def device_name(scope: dict[str, Any]) -> str:
    client = scope.get("client") or ("?", 0)
    return f"{client[0]}:{client[1]}"


def frame_problem(data: bytes | None, registered: bool) -> str | None:
    """Why a frame from a page is refused (None: Flet may read it). Only the shapes Flet's own
    client sends get through, so nothing a client sends ends in a traceback inside Flet."""
    if data is None:
        return "a text frame (the protocol is binary)"
    if not data:
        return "an empty frame"
    if data[0] == 0x01:  # a data channel frame: Flet drops one for no channel itself
        return None if registered and len(data) >= 5 else "a data channel frame before registering or too short"
    if data[0] != 0x00:
        return f"a frame of unknown type 0x{data[0]:02x}"
    try:
        message = msgpack.unpackb(data[1:], strict_map_key=False)  # (its size: FRAME_BYTES, by the server)
    except Exception as exc:  # msgpack says what in many ways (ValueError, FormatError, ExtraData...)
        return f"a frame that is not msgpack ({type(exc).__name__})"
    if not (isinstance(message, list) and len(message) == 2 and type(message[0]) is int):
        return "a frame that is not [action, body]"
    action, body = message
    fields = BODIES.get(action)
    if fields is None:
        return f"action {action}, which a page does not send"
    if (action == REGISTER) == registered:
        return "a second registration" if registered else f"action {action} before the page registered"
    if not isinstance(body, dict) or set(body) != set(fields):
        return f"action {action} with a body that is not {{{', '.join(fields)}}}"
    for key, kind in fields.items():
        if kind is not None and (not isinstance(body[key], kind) or isinstance(body[key], bool)):
            return f"action {action} with {key} of the wrong type"
    return None


class Gate:
    """One page's websocket on its way to Flet: the frames are read as they come into a queue of
    at most FRAMES_WAITING (the excess is dropped, and said once; after FRAMES_DROPPED the page is
    closed), handed to Flet at most FRAMES_AT_ONCE at once and then FRAMES_PER_S a second, and each
    is checked first (`frame_problem`): a refused frame is one log line naming the device and what
    was refused, each kind of refusal once per page, with a count when the page closes."""

    def __init__(self, receive: Callable[..., Any], send: Callable[..., Any], device: str):
        self._receive = receive
        self._send = send
        #: the server closed this page (a flood): what Flet still sends goes nowhere
        self.shut = False
        self.device = device
        self.waiting: collections.deque[dict[str, Any]] = collections.deque()
        self.arrived = asyncio.Event()
        self.failed: BaseException | None = None
        self.reader: asyncio.Task | None = None
        self.tokens = float(FRAMES_AT_ONCE)
        self.stamp = time.monotonic()
        self.registered = False
        self.dropped = 0
        self.refused: collections.Counter[str] = collections.Counter()

    async def _read(self) -> None:
        try:
            while True:
                message = await self._receive()
                kind = message.get("type")
                if kind == "websocket.receive" and len(self.waiting) >= FRAMES_WAITING:
                    self.dropped += 1
                    if self.dropped == 1:
                        log.warning("device %s sends faster than %g frames a second: frames beyond %d waiting "
                                    "are dropped", self.device, FRAMES_PER_S, FRAMES_WAITING)
                    if self.dropped >= FRAMES_DROPPED:
                        await self._shut()
                        return
                    continue
                self.waiting.append(message)
                self.arrived.set()
                if kind == "websocket.disconnect":
                    return
        except BaseException as exc:  # (the connection's end or the server's: handed to Flet's reader)
            self.failed = exc
            self.arrived.set()

    async def receive(self) -> dict[str, Any]:
        """The next frame for Flet: paced, checked; the connection's end as it comes."""
        if self.reader is None:
            self.reader = asyncio.ensure_future(self._read())
        while True:
            while not self.waiting:
                if self.failed is not None:
                    raise self.failed
                self.arrived.clear()
                await self.arrived.wait()
            message = self.waiting.popleft()
            if message.get("type") != "websocket.receive":
                return message
            await self._pace()
            why = frame_problem(message.get("bytes"), self.registered)
            if why is None:
                if not self.registered and message["bytes"][:1] == b"\x00":
                    self.registered = True
                return message
            self.refused[why] += 1
            if self.refused[why] == 1:
                log.warning("device %s: refused %s", self.device, why)

    async def _shut(self) -> None:
        """Close a flooding page: the socket now (so no more of its frames are read), and for Flet
        the page's end after the frames already waiting."""
        log.warning("device %s: closed after %d frames over the rate were dropped", self.device, self.dropped)
        self.shut = True
        self.waiting.clear()
        self.waiting.append({"type": "websocket.disconnect", "code": 1008})
        self.arrived.set()
        try:
            await self._send({"type": "websocket.close", "code": 1008, "reason": "too many frames"})
        except Exception as exc:  # (the connection may be gone already)
            log.debug("closing %s: %s", self.device, exc)

    async def send(self, message: dict[str, Any]) -> None:
        """Flet's frames to the page, until the server closed it."""
        if not self.shut:
            await self._send(message)

    async def _pace(self) -> None:
        now = time.monotonic()
        self.tokens = min(float(FRAMES_AT_ONCE), self.tokens + (now - self.stamp) * FRAMES_PER_S)
        self.stamp = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / FRAMES_PER_S)  # (this page's turn comes; others go on)
            self.tokens, self.stamp = 1.0, time.monotonic()
        self.tokens -= 1

    def close(self) -> None:
        """The page is gone: stop reading, and say what was dropped or refused beyond the first lines."""
        if self.reader is not None and not self.reader.done():
            self.reader.cancel()
        again = sum(self.refused.values()) - len(self.refused)
        if self.dropped or again:
            log.warning("device %s closed: %d frames dropped over the rate, %d more refused", self.device,
                        self.dropped, again)


class OneLine(logging.Filter):
    """Flet's own log lines about a page's events: one line naming the device and what was refused,
    not a traceback (a handler that fails on what a client sent: an event's data of the wrong
    shape); the traceback goes to this module's log at DEBUG, for a bug of the app's own."""

    def filter(self, record: logging.LogRecord) -> bool:
        device = DEVICE.get()
        if not record.exc_info or not device:
            return True
        exc = record.exc_info[1]
        log.debug("%s (device %s)", record.getMessage(), device, exc_info=record.exc_info)
        record.msg, record.args = "device %s: refused: %s (%s: %s)", (device, record.getMessage(),
                                                                        type(exc).__name__, str(exc)[:200])
        record.exc_info = record.exc_text = None
        return True


def quiet_flet_tracebacks() -> None:
    """Put `OneLine` on the loggers Flet reports a page's failures on."""
    for name in ("flet", "flet_web.fastapi", "flet_controls"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, OneLine) for f in logger.filters):
            logger.addFilter(OneLine())


# --- heavy work, one at a time ---------------------------------------------------------------------
class OneAtATime:
    """A server-wide slot for heavy work: `try_start(what)` takes it or says who holds it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.running: str | None = None

    def try_start(self, what: str) -> str | None:
        """None when `what` may start now (the caller must `done()` after); else what is running."""
        with self._lock:
            if self.running is not None:
                return self.running
            self.running = what
            return None

    def done(self) -> None:
        with self._lock:
            self.running = None


HEAVY = OneAtATime()
