"""`companion app [--web [--port P] [--host ADDRESS]]`: the Flet app (table assistant and digital play).

Flet is an optional dependency (`pip install -e .[app]`): it is imported only when the command
runs, so the rest of the CLI works without it.
"""
from __future__ import annotations

import argparse
import errno
import importlib.util
import os
import platform
import socket

from pathlib import Path

from companion.errors import UserError
from companion.history.place import DATA_ENV
from companion.commands import help_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app", help=help_of("app"),
                       description="Open the desktop app, or serve it to browsers with --web.")
    p.add_argument("--web", action="store_true", help="serve the app to browsers instead of opening a window")
    p.add_argument("--port", type=port_number, default=8550, help="web mode: the port to listen on (default 8550)")
    p.add_argument("--host", default=None,
                   help="web mode: the address to listen on (default localhost only; 0.0.0.0 for the LAN)")
    p.add_argument("--no-browser", action="store_true", help="web mode: do not open a browser tab")
    p.add_argument("--seed", type=seed_number, default=None, metavar="N",
                   help="seed every game this app starts from N and its setup: the same setup deals the "
                        "same dice and cards each time (for demos, lessons and tests)")
    p.add_argument("--data", metavar="DIR", help="the data folder: the saved games and the table's history "
                                                 "(default: the platform's user data folder, or $COMPANION_DATA_DIR)")
    p.set_defaults(func=run_app)


def seed_number(text: str) -> int:
    """A seed, 0 or more (argparse turns the ValueError into a usage error, exit 2)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, got {seed}")
    return seed


def port_number(text: str) -> int:
    """A TCP port, 1-65535 (argparse turns the ValueError into a usage error, exit 2)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number (1-65535), got {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, got {port}")
    return port


def run_app(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("flet") is None:
        raise UserError("the app needs Flet: pip install 'pirate-table-companion[app]' "
                        "(or pip install flet==1.0.5 flet-web==1.0.5)")
    from app.main import run
    from app.state import SEED_ENV

    if args.seed is not None:   # (read by app.state as each game is made)
        os.environ[SEED_ENV] = str(args.seed)
    if args.data:  # (read by app.state for the saves, and companion/history for the history)
        data = Path(args.data).expanduser()
        if data.exists() and not data.is_dir():
            raise UserError(f"--data {args.data}: not a folder")
        os.environ[DATA_ENV] = str(data.resolve())
    if args.web:
        if importlib.util.find_spec("flet_web") is None:
            raise UserError("web mode needs flet-web: pip install flet-web==1.0.5")
        from app import access
        from app.main import listen_all, serve

        door = access.Access.for_server(args.host, args.port)
        try:
            sock = listen_all(door.host, args.port)
        except socket.gaierror:
            raise UserError(f"--host {door.host}: not an address or name this machine knows "
                            "(use 0.0.0.0 for every network of this machine)") from None
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise UserError(f"port {args.port} is in use (is the app already running?); "
                                "choose another with --port") from None
            if exc.errno in (errno.EADDRNOTAVAIL, errno.EINVAL, errno.EAFNOSUPPORT):
                raise UserError(f"--host {door.host}: not an address of this machine "
                                "(use 0.0.0.0 for every network of this machine)") from None
            if exc.errno == errno.EACCES:
                raise UserError(f"port {args.port} needs administrator rights; choose one above 1023 "
                                "with --port") from None
            raise UserError(f"cannot listen on {door.host}:{args.port}: {exc.strerror}") from None
        if door.on_lan:
            print(f"Serving the pirate table companion at {door.join_link('/')}  (Ctrl+C stops it)\n"
                  f"Phones on this network join by that link or the QR code on the host's screen; "
                  f"join code {door.join_code}\nThis machine's own browser: http://localhost:{args.port}/",
                  flush=True)
        else:
            print(f"Serving the pirate table companion at http://localhost:{args.port}/  (Ctrl+C stops it)",
                  flush=True)
        serve(sock, door, open_browser=not args.no_browser)
        return 0
    problem = desktop_problem()
    if problem:
        raise UserError(f"the desktop app cannot start: {problem}. Serve it to a browser instead: companion app --web")
    try:
        run(web=False)
    except Exception as exc:  # the desktop client is a downloaded binary; it fails in many ways
        raise UserError(f"the desktop app could not start ({exc}). "
                        "Serve it to a browser instead: companion app --web") from None
    return 0


def desktop_problem() -> str | None:
    """Why the desktop client cannot start here, if we can tell before trying."""
    if platform.system() == "Linux" and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "there is no display (no DISPLAY or WAYLAND_DISPLAY)"
    if importlib.util.find_spec("flet_desktop") is None:
        return "the Flet desktop client (flet-desktop) is not installed"
    return None


