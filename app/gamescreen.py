"""What the table assistant and digital play screens share: acting through the live game."""
from __future__ import annotations

import time
from typing import Any

from companion.engine import IllegalAction

from app.base import PROFILE, Screen, log


class GameScreen(Screen):
    """A screen showing one live game; every step goes through the registry's seat checks."""

    def __init__(self, app: Any, live: Any):
        super().__init__(app)
        self.live = live
        self.title = live.session.meta.get("app", {}).get("title") or live.game.name

    @property
    def session(self):
        return self.live.session

    def _step(self, fn, *args: Any) -> bool:
        t0 = time.perf_counter()
        try:
            fn(self.app.client, *args)
        except IllegalAction as exc:
            self.app.toast(exc.reason)
            self.app.render()
            return False
        if PROFILE:
            log.warning("step %s: engine and journal %.1f ms", getattr(fn, "__name__", "?"),
                        (time.perf_counter() - t0) * 1000)
        self.app.changed(self.live.id)
        self.app.render()
        return True

    def act(self, action: Any) -> bool:
        return self._step(self.live.act, action)

    def resolve(self, outcome: Any) -> bool:
        return self._step(self.live.resolve, outcome)

    def undo(self, e: Any = None) -> bool:
        return self._step(self.live.undo)

    def redo(self, e: Any = None) -> bool:
        def redo(client: str) -> None:
            with self.live.lock:
                if not self.live.seats_of(client):
                    raise IllegalAction("seats", "this device holds no seat in this game")
                self.live.session.redo()
                self.live.version += 1
                self.live.touched = time.time()
        return self._step(redo)
