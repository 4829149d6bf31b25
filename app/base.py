"""What every screen shares: the `Screen` base, the error screen, and the app's log (with the
redraw and step timings that benchmarks/app_latency.py asks for with COMPANION_APP_PROFILE=1)."""
from __future__ import annotations

import logging
import os
from typing import Any

import flet as ft

from companion.words import Words, words_for

from app.widgets.common import button, notice

log = logging.getLogger("companion.app")
#: log how long each redraw and each step takes on the server (benchmarks/app_latency.py sets it)
PROFILE = bool(os.environ.get("COMPANION_APP_PROFILE"))


class Screen:
    #: a title set by the screen (a game's name); None: the app's name in the device's language
    _title: str | None = None

    @property
    def title(self) -> str:
        return self._title or self.w("app.title")

    @title.setter
    def title(self, text: str) -> None:
        self._title = text

    #: the accent colour of the game the screen belongs to (game.yaml), None for the home accent
    accent: str | None = None
    #: a control's scroll key the page scrolls to once this redraw is on screen (then cleared)
    scroll_target: str | None = None

    def __init__(self, app: Any):
        self.app = app

    @property
    def w(self) -> Words:
        """The words of this device's language (content/words/<lang>.yaml; set on the home screen)."""
        return words_for(getattr(self.app, "lang", None))

    def build(self) -> list[ft.Control]:
        raise NotImplementedError


class ErrorScreen(Screen):
    @property
    def title(self) -> str:  # type: ignore[override]
        return self._title or self.w("app.error.title")

    @title.setter
    def title(self, text: str) -> None:
        self._title = text

    def __init__(self, app: Any, message: str):
        super().__init__(app)
        self.message = message

    def build(self) -> list[ft.Control]:
        return [notice(self.message, error=True), button(self.w("app.home_button"), lambda e: self.app.go("/"), icon=ft.Icons.HOME)]
