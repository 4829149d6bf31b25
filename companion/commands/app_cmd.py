"""`companion app [--web [--port P] [--host ADDRESS]]`: the Flet app (table assistant and digital play).

Flet is an optional dependency (`pip install -e .[app]`): it is imported only when the command
runs, so the rest of the CLI works without it.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys

from companion.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app", help="open the app: table assistant, digital play, rules and print",
                       description="Open the desktop app, or serve it to browsers with --web.")
    p.add_argument("--web", action="store_true", help="serve the app to browsers instead of opening a window")
    p.add_argument("--port", type=int, default=8550, help="web mode: the port to listen on (default 8550)")
    p.add_argument("--host", default=None,
                   help="web mode: the address to listen on (default localhost only; 0.0.0.0 for the LAN)")
    p.add_argument("--no-browser", action="store_true", help="web mode: do not open a browser tab")
    p.set_defaults(func=run_app)


def run_app(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("flet") is None:
        raise UserError("the app needs Flet: pip install 'pirate-table-companion[app]' "
                        "(or pip install flet==1.0.5 flet-web==1.0.5)")
    from app.main import run

    if args.web:
        if importlib.util.find_spec("flet_web") is None:
            raise UserError("web mode needs flet-web: pip install flet-web==1.0.5")
        host = args.host or "127.0.0.1"
        shown = "localhost" if host in ("127.0.0.1", "localhost") else host
        print(f"Serving the pirate table companion at http://{shown}:{args.port}/  (Ctrl+C stops it)", flush=True)
        run(web=True, port=args.port, host=host, open_browser=not args.no_browser)
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


