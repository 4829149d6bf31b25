"""Who may reach this server and what one server does at a time. No Flet here.

- `Access` is the server's door: the address phones join at (the machine's LAN address), and with
  `--host` a join code that a device must show once (in the QR code's link, or typed in) before
  it may take a seat or use a shared game. Devices that showed it are remembered by their client
  token for as long as the server runs.
- `allowed_request(host, origin)` is the check the web server makes on every request and on the
  `/ws` websocket: a page from another site (or a DNS name rebound to this machine) must not drive
  the app, so the Host must be this machine and a browser's Origin must be the app's own.
- `HEAVY` runs heavy work (printing) one job at a time per server, whoever asks and however often.
"""
from __future__ import annotations

import asyncio
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
    """ASGI middleware around the Flet web app: refuses requests and websockets from elsewhere."""

    def __init__(self, app: Callable[..., Any], names: set[str] | None = None):
        self.app = app
        self.names = names if names is not None else own_names()

    async def __call__(self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        why = allowed_request(headers.get("host"), headers.get("origin"), self.names)
        if why is None and scope["type"] == "websocket":
            try:
                return await self.app(scope, receive, send)
            except asyncio.CancelledError:  # the server is stopping and closes the page: no traceback
                return None
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
