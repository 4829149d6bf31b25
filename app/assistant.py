"""The table assistant screen: the game's score pad body, then undo/redo and the game's history."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.gamescreen import GameScreen
from app.widgets.common import button, notice, wrap_row
from app.widgets.log import game_log


#: the scroll key of the top of the assistant's body (a game's body may set `scroll_target = TOP`)
TOP = "entry"


class AssistantScreen(GameScreen):
    def __init__(self, app: Any, live: Any, ui: Any):
        super().__init__(app, live)
        self.ui = ui
        #: what the game's body keeps between redraws on this page (e.g. dice being entered)
        self.draft: dict[str, Any] = {}
        self.draft_version = -1

    def build(self) -> list[ft.Control]:
        w = self.w
        with self.live.lock:
            if not self.live.may_use(self.app.client):  # (its owner stopped sharing it)
                return [notice(self.w("app.play.used_elsewhere"), error=True)]
            if self.draft_version != len(self.session.log):  # the game moved on: start a fresh entry
                self.draft = {}
                self.draft_version = len(self.session.log)
            self.odds_shown = False
            out = [ft.Container(height=0, key=ft.ScrollKey(TOP))] + list(self.ui.assistant(self, self.live))
            out += self.odds_here(None)
            out.append(wrap_row([
                button(w("app.play.undo"), self.undo, icon=ft.Icons.UNDO, disabled=not self.session.can_undo(),
                       tooltip=w("app.play.undo_entry"), why=self.live.undo_refusal(self.app.client, w)),
                button(w("app.play.redo"), self.redo, icon=ft.Icons.REDO, disabled=not self.session.redo_stack,
                       tooltip=w("app.play.redo_why")),
            ]))
            out += self.advice_switch(0)
            hosting = self.hosting()
            if hosting:  # (beside the game on a wide screen)
                out.append(ft.Container(ft.Column(hosting), key="side"))
            say = self.ui.event_text
            names = [s.name for s in self.live.seats]
            view = self.live.view(self.app.client) if say else None
            out.append(ft.Container(game_log(self.session.history(None), title=w("app.play.history"), w=w,
                                             say=(lambda ev: say(ev, w, names, view)) if say else None), key="log"))
            return out
