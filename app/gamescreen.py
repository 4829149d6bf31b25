"""What the table assistant and digital play screens share: acting through the live game."""
from __future__ import annotations

import time
from typing import Any

import flet as ft

from companion.engine import IllegalAction
from companion.words import sentence

from app import games, state
from app.base import PROFILE, Screen, log
from app.widgets.common import button, card, heading, wrap_row
from app.widgets.join import invitation
from app.widgets.odds import advice_switch, odds_panel


class GameScreen(Screen):
    """A screen showing one live game; every step goes through the registry's seat checks."""

    def __init__(self, app: Any, live: Any):
        super().__init__(app)
        self.live = live
        self.title = live.session.meta.get("app", {}).get("title") or live.game.name
        self.accent = games.accent(live.game.id)

    @property
    def session(self):
        return self.live.session

    #: whether this redraw has shown the odds panel already (a game's views may place it)
    odds_shown = False
    #: the odds view last asked for: ((game version, seat), view), so one redraw asks once
    _odds: tuple[Any, Any] = (None, None)

    def odds(self, seat: int | None) -> dict[str, Any] | None:
        """The odds and advice of this moment for `seat` (None while advice is off)."""
        key = (self.live.version, seat, self.w.lang)
        if self._odds[0] != key:
            self._odds = (key, self.live.odds_view(self.app.client, seat, self.w.lang))
        return self._odds[1]

    def advised_dice(self, seat: int | None) -> set[int]:
        """The dice the advice names (its items' `dice`: the view says which; the app knows no rule)."""
        view = self.odds(seat)
        return {n for item in (view or {}).get("items", []) for n in item.get("dice") or ()}

    def odds_here(self, seat: int | None) -> list[ft.Control]:
        """The odds and advice panel (app/widgets/odds.py), once a redraw: a game's views call this
        where it belongs (beside the dice); otherwise the screen adds it after the choices."""
        if self.odds_shown:
            return []
        self.odds_shown = True
        return odds_panel(self, self.live, seat)

    def advice_switch(self, holder: int | None) -> list[ft.Control]:
        """The switch that asks this device's player whether they want odds and advice."""
        return advice_switch(self, self.live, holder)

    def _step(self, fn, *args: Any) -> bool:
        t0 = time.perf_counter()
        try:
            fn(self.app.client, *args)
        except IllegalAction as exc:
            self.app.toast(sentence(exc.say(self.w)))
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
                    raise IllegalAction.said("seats", "app.refused.no_seat_here")
                self.live.session.redo()
                self.live.version += 1
                self.live.touched = time.time()
        return self._step(redo)

    # --- the rules at this step ---------------------------------------------------------------------
    def step_words(self) -> list[str]:
        """What the step the game is at is called: its choices' names ("move", "end turn"), or the
        dice and cards the table rolls and draws; the rules reference is searched for them."""
        with self.live.lock:
            if self.session.is_over():
                return ["end", "winner", "score"]
            if self.live.pending_chance() is not None:
                return ["roll", "dice", "draw"]
            return [w for a in self.live.legal_actions() for w in a.type.split("_")]

    def bar_actions(self, color: str) -> list[ft.Control]:
        """The app bar's Rules button: the rules reference opened at the section of this step."""
        gid = games.api.base_id(self.live.game.id)  # (a table tracker's game: the game's reference)
        route = f"/games/{gid}/rules"
        try:
            sections = games.rules_reference(gid)["sections"]
        except (OSError, ValueError):  # (a game without a reference: its menu greys Rules out too)
            return []
        at = games.rules_section_for(sections, self.step_words())
        if at is not None:
            route += f"/{at}"
        return [ft.TextButton(content=self.w("app.rules.button"), icon=ft.Icons.MENU_BOOK, icon_color=color,
                              style=ft.ButtonStyle(color=color), on_click=lambda e: self.app.go(route),
                              tooltip=self.w("app.rules.button_why"))]

    # --- the host's tools: invite, share, hand a seat over ---------------------------------------
    def hosting(self) -> list[ft.Control]:
        """For the device that started the game: the join link and QR code, sharing a one-device
        game with other devices, and freeing a seat another device holds (a lost phone)."""
        live, client, w = self.live, self.app.client, self.w
        if client != live.owner:
            return []
        route = f"/s/{live.id}"
        rows: list[ft.Control] = []
        if live.mode == state.DEVICES:
            if live.free_seats():
                rows += invitation(route, w("app.host.own_phones"), w=w)
            taken = [(i, s) for i, s in enumerate(live.seats) if s.owner not in (None, client) and not s.is_bot]
            if taken:
                rows.append(wrap_row([button(w("app.host.free", name=s.name), lambda e, i=i: self.hand_over(i),
                                             icon=ft.Icons.PHONELINK_ERASE,
                                             tooltip=w("app.host.free_why", name=s.name))
                                      for i, s in taken]))
        elif live.shared:
            rows += invitation(route, w("app.host.shared"), w=w)
            rows.append(button(w("app.host.stop_sharing"), lambda e: self.share(False), icon=ft.Icons.LOCK))
        else:
            rows.append(button(w("app.host.share"), lambda e: self.share(True), icon=ft.Icons.SHARE,
                               tooltip=w("app.host.share_why")))
        if not rows:
            return []
        return [ft.Container(card(heading(w("app.host.title"), 16), *rows), key="hosting")]

    def share(self, on: bool) -> bool:
        return self._step(self.live.share, on)

    def hand_over(self, seat: int) -> bool:
        return self._step(self.live.hand_over, seat)
