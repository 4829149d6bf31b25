"""What every screen shares: the `Screen` base, the error screen, and the app's log (with the
redraw and step timings that benchmarks/app_latency.py asks for with COMPANION_APP_PROFILE=1)."""
from __future__ import annotations

import logging
import os
from typing import Any

import flet as ft

from app.widgets.common import button, notice

log = logging.getLogger("companion.app")
#: log how long each redraw and each step takes on the server (benchmarks/app_latency.py sets it)
PROFILE = bool(os.environ.get("COMPANION_APP_PROFILE"))


class Screen:
    title = "Pirate table companion"
    #: the accent colour of the game the screen belongs to (game.yaml), None for the home accent
    accent: str | None = None
    #: a control's scroll key the page scrolls to once this redraw is on screen (then cleared)
    scroll_target: str | None = None

    def __init__(self, app: Any):
        self.app = app

    def build(self) -> list[ft.Control]:
        raise NotImplementedError


class ErrorScreen(Screen):
    title = "Something went wrong"

    def __init__(self, app: Any, message: str):
        super().__init__(app)
        self.message = message

    def build(self) -> list[ft.Control]:
        return [notice(self.message, error=True), button("Home", lambda e: self.app.go("/"), icon=ft.Icons.HOME)]
