"""The Flet app: `main(page)` for each window or browser tab, `run()` to start it.

Routes (also the browser's URL, so a reload reopens the same screen):
  /                         home: the games and the Continue list
  /games/<game>             what to do with a game: Table assistant, Play, Rules, Print
  /games/<game>/new/<mode>  set up a table assistant (assistant) or a digital game (play)
  /games/<game>/rules       the searchable rules reference
  /games/<game>/print       make the print-and-play files
  /s/<id>                   a saved game: the table assistant or digital play
"""
from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import socket
import threading
import time
import webbrowser
from pathlib import Path
from urllib.parse import parse_qs
from typing import Any

import flet as ft
import uvicorn
from PIL import Image

from companion import words

from app import access, screens, state, theme
from app.base import PROFILE, log
from app.widgets.board import BESIDE, MAP, beside

TOKEN_KEY = "pirate-companion.client"
#: how long the page's scroll to a new moment of a turn takes (ms)
SCROLL_MS = 350
#: this browser's language for the app (content/words/<lang>.yaml), chosen on the home screen
LANG_KEY = "pirate-companion.lang"
#: how long a page may take to answer a read of its local storage: a busy phone (or server) can
#: take seconds, and a read given up on makes the page a new device that has lost its seat and its
#: games (seen with 5 s on a loaded machine); a browser without storage fails at once, not here
STORAGE_WAIT_S = 30


class App:
    """One per page session (a window or a browser tab): its route, client token and screen."""

    #: how many Views were made (each screen's View gets its own key)
    views_made = 0

    def __init__(self, page: ft.Page):
        self.page = page
        self.client = ""
        #: the language of this page's words (remembered in the browser's storage)
        self.lang = words.DEFAULT_LANG
        self.screen: Any = None
        self.topic: str | None = None
        #: hot-seat: the seat whose view is uncovered on this device (per game id)
        self.revealed: dict[str, int | None] = {}

    @property
    def address(self) -> str | None:
        """The network address this page's device connects from (join-code guesses count per address)."""
        return getattr(self.page, "client_ip", None) or None

    @property
    def reg(self) -> state.GameRegistry:
        return state.registry()

    async def start(self) -> None:
        page = self.page
        theme.apply(page)
        self.accent: str | None = None
        self.client = await client_token(page)
        self.lang = await stored_lang()
        page.title = words.words_for(self.lang)("app.title")
        page.on_route_change = lambda e: self.show(e.route)
        page.on_view_pop = lambda e: self.go(self.parent_route())
        page.on_disconnect = lambda e: self.unsubscribe()
        page.on_resize = lambda e: self.resized()
        self.show(page.route or "/")

    def layout_shape(self) -> tuple[bool, bool, int, int]:
        """What of the page's size the layout depends on: the map beside the choices or not, a
        landscape map, its width in steps of 40 px (and its height when beside)."""
        page = self.page
        w, h = float(page.width or 0), float(page.height or 0)
        return (w >= BESIDE, w > h, round(w / 40), round(h / 40) if w >= BESIDE else 0)

    def resized(self) -> None:
        """A turned phone or a resized window: draw again when the layout differs from the one
        last drawn (`render` keeps its shape), not at every pixel."""
        if self.screen is not None and self.layout_shape() != getattr(self, "_shape", None):
            self.render()

    # --- navigation ------------------------------------------------------------------------
    def go(self, route: str) -> None:
        if route == self.page.route:
            self.show(route)
        else:
            self.page.navigate(route)

    def parent_route(self) -> str:
        parts = [p for p in (self.page.route or "/").split("/") if p]
        if len(parts) >= 3 and parts[0] == "games":
            return f"/games/{parts[1]}"
        return "/"

    def show(self, route: str) -> None:
        self.unsubscribe()
        route, _, query = route.partition("?")
        route = route or "/"
        code = parse_qs(query).get("join")
        if code:  # the QR code's link carries the join code (--host); remember this device
            access.current().admit(self.client, code[0], self.address)
        try:
            self.screen = screens.for_route(self, route)
        except Exception as exc:  # a broken screen must leave a way home
            log.exception("screen %s failed", route)
            self.screen = screens.ErrorScreen(self, self.words("app.error.screen_failed", error=exc))
        self.render()

    def render(self) -> None:
        """Draw the current screen. Redrawing the same screen keeps its View (the same key), and
        Flet diffs the rebuilt controls against the ones on screen, so only what changed goes to
        the browser and the scroll position stays; a new screen gets a new View (at the top)."""
        screen = self.screen
        t0 = time.perf_counter()
        self._shape = self.layout_shape()  # (the page's size this draw is for: `resized` compares)
        try:
            body = screen.build()
        except Exception as exc:
            log.exception("building %s failed", type(screen).__name__)
            screen = self.screen = screens.ErrorScreen(self, self.words("app.error.went_wrong", error=exc))
            body = screen.build()
        if getattr(screen, "accent", None) != self.accent:  # each game's screens in its own accent
            self.accent = screen.accent
            self.page.theme = theme.page_theme(self.accent)
        look = theme.palette(self.accent)
        on_bar = look["on_accent"]
        actions = list(screen.bar_actions(on_bar)) if hasattr(screen, "bar_actions") else []  # (a game's Rules)
        if self.page.route not in ("/", ""):
            leading = ft.IconButton(ft.Icons.ARROW_BACK, tooltip=self.words("app.back"), icon_color=on_bar,
                                    on_click=lambda e: self.go(self.parent_route()))
            actions.append(ft.IconButton(ft.Icons.HOME, tooltip=self.words("app.home_button"), icon_color=on_bar,
                                         on_click=lambda e: self.go("/")))
        else:
            leading = ft.Icon(ft.Icons.SAILING, color=on_bar)
        if getattr(screen, "view_key", None) is None:
            App.views_made += 1
            screen.view_key = f"screen-{App.views_made}"
        view = ft.View(route=self.page.route or "/", key=screen.view_key, controls=[layout(screen, body)], appbar=ft.AppBar(title=ft.Text(screen.title, color=on_bar, font_family=theme.BOLD, max_lines=2,
                                          size=19, overflow=ft.TextOverflow.ELLIPSIS),
                            leading=leading, actions=actions, bgcolor=look["accent"], color=on_bar),
            scroll=ft.ScrollMode.AUTO, horizontal_alignment=ft.CrossAxisAlignment.CENTER, padding=12,
            bgcolor=look["paper"])
        t1 = time.perf_counter()
        self.page.views[:] = [view]
        self.page.update()
        t2 = time.perf_counter()
        for job in screen.__dict__.pop("after_render", []):  # what must reach the browser after this draw
            job()
        target = getattr(screen, "scroll_target", None)
        if target:
            screen.scroll_target = None
            self.page.run_task(self._scroll_to, target)
        if PROFILE:
            log.warning("render %s: build %.1f ms, diff and send %.1f ms", type(screen).__name__,
                        (t1 - t0) * 1000, (t2 - t1) * 1000)

    async def _scroll_to(self, key: str) -> None:
        """Scroll the page to the control keyed `key`, then once more when that scroll is over:
        the browser takes the scroll the moment it arrives, and on a slow phone the redraw that
        brings the keyed control may not be built yet (the first scroll then finds no such
        control and does nothing); the second finds it. When the first did its work, the second
        finds the control where it should be and moves nothing."""
        for attempt in range(2):
            try:
                await self.page.scroll_to(scroll_key=key, duration=SCROLL_MS)
            except Exception:  # (the page may have moved on or closed)
                log.debug("scroll to %s failed", key, exc_info=True)
                return
            if attempt == 0:
                await asyncio.sleep(SCROLL_MS / 1000 + 0.1)

    # --- live updates between devices ----------------------------------------------------------
    def subscribe(self, gid: str) -> None:
        self.topic = f"game:{gid}"
        self.page.pubsub.subscribe_topic(self.topic, self._on_message)

    def unsubscribe(self) -> None:
        if self.topic is not None:
            try:
                self.page.pubsub.unsubscribe_topic(self.topic)
            except Exception:
                pass
            self.topic = None

    def changed(self, gid: str) -> None:
        """Tell every other page showing this game to redraw."""
        self.page.pubsub.send_others_on_topic(f"game:{gid}", "changed")

    def _on_message(self, topic: str, message: Any) -> None:
        if self.screen is not None and topic == self.topic:
            self.render()

    @property
    def words(self) -> words.Words:
        return words.words_for(self.lang)

    def set_lang(self, lang: str) -> None:
        """Use the app in another language on this page (and remember it in this browser)."""
        if lang not in words.languages():
            return
        self.lang = lang
        self.page.title = self.words("app.title")
        self.page.run_task(store_lang, lang)
        self.render()

    def toast(self, text: str) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(text), duration=ft.Duration(seconds=4)))


#: the keys of what goes beside the game on a wide screen (below it on a phone): scores, log, hosting
SIDE = ("scores", "log", "side")
#: the reading width of one column, and the width of a screen that lays out side by side
NARROW, WIDE = 720, 1180


def layout(screen: Any, body: list[ft.Control]) -> ft.Control:
    """The screen's controls in one column (a phone, or a screen with nothing beside it), or on a
    wide screen the game on the left and its scores, log and the host's tools on the right (a
    ResponsiveRow: on a phone the right column comes below, where those controls were anyway).
    A game's map (the control keyed MAP) stands on the left of a wide screen with everything
    else beside it, so the map and the choices are in view together."""
    side = [c for c in body if getattr(c, "key", None) in SIDE]
    width = getattr(screen, "width", NARROW)
    maps = [c for c in body if getattr(c, "key", None) == MAP]
    if maps and beside(screen):  # a game's map on the left, everything else beside it
        rest = [c for c in body if c not in maps and c not in side] + side
        content = ft.Row([maps[0], ft.Column(rest, spacing=12, expand=True)], spacing=20,
                         vertical_alignment=ft.CrossAxisAlignment.START)
        return ft.Container(content=content, width=float(screen.app.page.width) - 24,
                            padding=ft.Padding.only(bottom=40))
    if side:
        main = [c for c in body if getattr(c, "key", None) not in SIDE]
        content: ft.Control = ft.ResponsiveRow([
            ft.Column(main, spacing=12, col={"xs": 12, "lg": 8}),
            ft.Column(side, spacing=12, col={"xs": 12, "lg": 4}),
        ], spacing=20, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)
        width = WIDE
    else:
        content = ft.Column(body, spacing=12)
    return ft.Container(content=content, width=width, padding=ft.Padding.only(bottom=40))


async def client_token(page: ft.Page) -> str:
    """This browser's (or window's) token, kept in its local storage so a reload keeps its seat."""
    try:
        prefs = ft.SharedPreferences()
        token = await asyncio.wait_for(prefs.get(TOKEN_KEY), timeout=STORAGE_WAIT_S)
        if not isinstance(token, str) or not access.TOKEN_RE.match(token):  # none yet, or not one we made
            token = state.new_token()
            await asyncio.wait_for(prefs.set(TOKEN_KEY, token), timeout=STORAGE_WAIT_S)
        return str(token)
    except Exception:  # no storage: this page session is the client
        log.warning("no client storage; seats last for this page session only")
        return f"session-{page.session.id if hasattr(page, 'session') else state.new_token()}"


async def stored_lang() -> str:
    """The language this browser chose before (English at first, or when there is no storage)."""
    try:
        lang = await asyncio.wait_for(ft.SharedPreferences().get(LANG_KEY), timeout=STORAGE_WAIT_S)
    except Exception:
        return words.DEFAULT_LANG
    return lang if isinstance(lang, str) and lang in words.languages() else words.DEFAULT_LANG


async def store_lang(lang: str) -> None:
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(LANG_KEY, lang), timeout=STORAGE_WAIT_S)
    except Exception:  # no storage: the choice lasts for this page session
        log.warning("no client storage; the language is kept for this page session only")


async def main(page: ft.Page) -> None:
    await App(page).start()


def web_assets() -> Path:
    """A folder holding only what the app shows: the project's line icons (served as icons/NAME.svg),
    the printed set's fonts (fonts/NAME.ttf, app/theme.py) and the app's icon (favicon.png,
    icons/icon-*.png, manifest.json).

    The icons are copied out of print/ so that the web server never exposes print/out or
    anything else in the checkout to the table's network.
    """
    source = Path(__file__).resolve().parent.parent / "print" / "icons"
    target = state.data_dir() / "web-assets"
    icons = target / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for svg in source.glob("*.svg"):
        copy = icons / svg.name
        if not copy.exists() or copy.stat().st_mtime < svg.stat().st_mtime:
            shutil.copy2(svg, copy)
    theme.copy_fonts(target)
    app_icon(target)
    page, html = target / "index.html", index_html()
    if html is not None and (not page.exists() or page.read_text(encoding="utf-8") != html):
        page.write_text(html, encoding="utf-8")
    return target


#: the script index.html runs before the client: while the server is out of reach (stopped, or the
#: network gone) the page says so in words over Flet's bare "Working..." screen, and the words go
#: once the client is connected again (Flet's client reconnects by itself); in the language this
#: browser chose (its local storage), from content/words
OFFLINE_SCRIPT = """<script>(() => {
  const said = %s;
  let lang = 'en';
  try { for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i);
    if (k.endsWith('%s') && (localStorage.getItem(k) || '').includes('nl')) lang = 'nl'; } } catch (e) {}
  const words = said[lang] || said.en;
  let open = 0, timer = null;
  const box = () => { let b = document.getElementById('companion-offline'); if (b) return b;
    b = document.createElement('div'); b.id = 'companion-offline'; b.setAttribute('role', 'alert');
    b.style.cssText = 'position:fixed;inset:0;z-index:99999;display:flex;align-items:center;justify-content:center;' +
      'background:rgba(247,238,219,0.94);color:#231f1a;font:18px/1.45 sans-serif;padding:24px;text-align:center';
    const inner = document.createElement('div'); inner.style.maxWidth = '30em';
    const h = document.createElement('p'); h.style.cssText = 'font-size:22px;font-weight:bold;margin:0 0 12px';
    h.textContent = words.title; const t = document.createElement('p'); t.style.margin = '0'; t.textContent = words.text;
    inner.append(h, t); b.append(inner); return b; };
  const show = () => { timer = null; if (open === 0 && document.body) document.body.append(box()); };
  const hide = () => { const b = document.getElementById('companion-offline'); if (b) b.remove(); };
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Native(...args);
    ws.addEventListener('message', () => { if (!ws.__up) { ws.__up = true; open++; } hide();
      if (timer) { clearTimeout(timer); timer = null; } });
    ws.addEventListener('close', () => { if (ws.__up) { ws.__up = false; open--; }
      if (open === 0 && !timer) timer = setTimeout(show, 1500); });
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();</script>"""


def index_html() -> str | None:
    """Flet's index.html with OFFLINE_SCRIPT before its own scripts (Flet's server patches the copy
    it finds among the assets as it would its own); None without flet-web (the desktop app)."""
    spec = importlib.util.find_spec("flet_web")
    if spec is None or spec.origin is None:
        return None
    source = Path(spec.origin).resolve().parent / "web" / "index.html"
    said = {lang: {"title": words.words_for(lang)("app.offline.title"),
                   "text": words.words_for(lang)("app.offline.text")} for lang in ("en", "nl")}
    script = OFFLINE_SCRIPT % (json.dumps(said, ensure_ascii=False), LANG_KEY)
    html = source.read_text(encoding="utf-8")
    return html.replace("<head>", "<head>\n" + script, 1) if "<head>" in html else script + html


#: the app's icon (tools/make_icon.py draws it from the printed set's ship; kept with the README's pictures,
#: the one place generated pictures live in git; `flet build` takes a copy in assets/, see docs/APP.md)
ICON = Path(__file__).resolve().parent.parent / "docs" / "images" / "icon.png"
#: the web app's icons, by the names Flet's index.html and manifest.json ask for, and their sizes
WEB_ICONS = {"favicon.png": 64, "icons/icon-192.png": 192, "icons/icon-512.png": 512,
             "icons/icon-maskable-192.png": 192, "icons/icon-maskable-512.png": 512, "icons/apple-touch-icon.png": 180}


def app_icon(target: Path) -> None:
    """The favicon, the home-screen icons and a manifest.json (the app's name and colours) in the
    web assets folder, made from docs/images/icon.png once (again when the icon changes)."""
    if not ICON.is_file():
        return
    stamp = target / "icons" / ".icon-size"
    if stamp.exists() and stamp.read_text() == str(ICON.stat().st_size) and (target / "manifest.json").exists():
        return
    with Image.open(ICON) as img:
        img = img.convert("RGB")
        for name, size in WEB_ICONS.items():
            out = target / name
            out.parent.mkdir(parents=True, exist_ok=True)
            img.resize((size, size), Image.LANCZOS).save(out, format="PNG", optimize=True)
    look = theme.palette(None)
    manifest = {"name": "Pirate table companion", "short_name": "Pirate table", "start_url": ".",
                "display": "standalone", "background_color": look["paper"], "theme_color": look["accent"],
                "description": "Print, track and play four pirate board games", "orientation": "natural",
                "prefer_related_applications": False,
                "icons": [{"src": name, "sizes": f"{size}x{size}", "type": "image/png",
                           **({"purpose": "maskable"} if "maskable" in name else {})}
                          for name, size in WEB_ICONS.items() if name.startswith("icons/icon-")]}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    stamp.write_text(str(ICON.stat().st_size))


def listen(host: str, port: int) -> socket.socket:
    """Bind the web server's socket before saying "Serving", so that a port in use or an address
    that is not this machine's is an error at once (OSError), not a server that never answers."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


def listen_all(host: str, port: int) -> list[socket.socket]:
    """The sockets of `--host`: its address, and localhost beside a single LAN address (the host's
    own browser keeps using http://localhost:PORT: its games, whose device is known by the page's
    local storage of that origin, stay its own; a wildcard address serves localhost already)."""
    socks = [listen(host, port)]
    if not access.is_loopback(host) and host not in ("0.0.0.0", "::", ""):
        try:
            socks.append(listen("127.0.0.1", port))
        except OSError:
            socks[0].close()
            raise
    return socks


def web_app() -> Any:
    """The Flet web app (FastAPI) behind the Origin and Host check of app/access.py."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")  # phones at the table may have no internet
    flet_app = ft.run(main, export_asgi_app=True, assets_dir=str(web_assets()), no_cdn=True)
    return access.OriginGuard(flet_app)


#: seconds a stopping server (SIGTERM, Ctrl+C) waits for open pages before it closes them: every
#: step is journalled already, and without a bound an open browser tab kept it running for ever
GRACE_S = 3


def serve(sock: socket.socket | list[socket.socket], door: access.Access, open_browser: bool = True) -> None:
    """Serve the web app on bound sockets (uvicorn, as flet-web does, but with our own guard). The
    browser opened here is this machine's: on localhost, whatever --host says."""
    access.configure(door)
    access.quiet_flet_tracebacks()
    config = uvicorn.Config(web_app(), log_level="warning", ws="websockets-sansio", lifespan="on",
                            timeout_graceful_shutdown=GRACE_S, ws_max_size=access.FRAME_BYTES)
    server = uvicorn.Server(config)
    if open_browser:
        url = f"http://localhost:{door.port}/"
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    server.run(sockets=sock if isinstance(sock, list) else [sock])


def run(web: bool = False, port: int = 8550, host: str | None = None, open_browser: bool = True) -> None:
    """Start the app: a desktop window, or a web server for browsers (localhost unless `host`)."""
    if web:
        door = access.Access.for_server(host, port)
        serve(listen_all(door.host, port), door, open_browser)
    else:
        ft.run(main, view=ft.AppView.FLET_APP, assets_dir=str(web_assets()))


if __name__ == "__main__":
    run(web=bool(os.environ.get("COMPANION_WEB")))
