"""Digital play for any game with a rules engine: seats, privacy screen, actions, log, end screen.

The game's own views (app/<game>/) draw the board and the choices; without them a generic view
lists what the seat may see and one button per legal action.
"""
from __future__ import annotations

import inspect
from typing import Any

import flet as ft

from app import access, games, state
from app.gamescreen import GameScreen
from app.widgets.common import button, card, heading, notice, para, wrap_row
from app.widgets.join import join_code_field
from app.widgets.log import game_log, score_table
from app.widgets.final import final_banner, standings
from app.widgets.pause import pace_settings, pause_card
from app.widgets.steps import turn_steps


#: the scroll key of the turn's status line ("Your turn, Anne"), above the seat's choices
PROMPT = "prompt"


class PlayScreen(GameScreen):
    def __init__(self, app: Any, live: Any):
        super().__init__(app, live)
        self.ui = games.game_ui(live.game.id)
        #: the seat to move at the last redraw (a new turn for this device scrolls to its choices)
        self.last_to_move: int | None = None

    def build(self) -> list[ft.Control]:
        live, client = self.live, self.app.client
        with live.lock:
            mine = live.seats_of(client)
            if not mine and not live.may_open(client):  # (its owner stopped sharing it)
                return [notice(self.w("app.play.elsewhere"), error=True)]
            if live.mode == state.DEVICES and not mine:
                return self.seat_picker() + self.hosting()
            if self.session.is_over():
                return self.end_screen(mine)
            to_move = live.to_move()
            gid = live.id
            if (live.mode == state.HOTSEAT and len(live.human_seats()) > 1 and to_move in mine
                    and live.game.hidden_information
                    and self.app.revealed.get(gid) != to_move):
                return self.privacy_screen(to_move)
            if live.mode == state.DEVICES:
                seat = mine[0]
            else:
                seat = to_move if to_move in mine else self.app.revealed.get(gid)
                if seat not in mine:
                    seat = mine[0] if len(mine) == 1 else None
            view = live.view(client, seat)
            self.odds_shown = False
            out: list[ft.Control] = [ft.Container(self.status(to_move, seat, mine, view), key=ft.ScrollKey(PROMPT))]
            out += pause_card(self, live, mine, self.event_text(view))
            if seat is not None:  # the other seats' turns since this seat's last move, step by step
                out += turn_steps(self, live.turns_since(seat), [s.name for s in live.seats], view,
                                  say=self.event_text(view))
            inviting = live.mode == state.DEVICES and bool(live.free_seats())
            if inviting:  # while players join, the QR code comes first on the host's screen
                out += self.hosting()
            out += self.board(view, seat)
            if to_move is not None and to_move in mine and to_move == seat:
                out.append(ft.Column(self.actions(seat), spacing=8, key="choices"))
                if self.last_to_move != seat:  # a new turn: back up to "Your turn" and the choices
                    self.scroll_target = PROMPT
            self.last_to_move = to_move
            out += self.odds_here(seat)
            if self.ui.details is not None:
                out += self.ui.details(self, self.live, view, seat)
            out.append(ft.Container(self.tools(), key="tools"))
            out += pace_settings(self, live, seat, mine)
            out += self.advice_switch(seat)
            hosting = [] if inviting else self.hosting()
            if hosting:  # (beside the game on a wide screen)
                out.append(ft.Container(ft.Column(hosting), key="side"))
            out.append(ft.Container(self.scores(view, to_move), key="scores"))
            out.append(ft.Container(game_log(self.session.history(seat), w=self.w, say=self.event_text(view)),
                                    key="log"))
            return out

    # --- pieces ---------------------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        return self.live.seats[seat].name if seat is not None else self.w("app.play.the_table")

    def status(self, to_move: int | None, seat: int | None, mine: list[int],
               view: dict[str, Any] | None = None) -> ft.Control:
        w = self.w
        if to_move is None:
            text = w("app.play.waiting_dice")
        elif to_move == seat:
            own = self.ui.status(view, seat) if self.ui.status is not None and view is not None else None
            text = own or w("app.play.your_turn", name=self.name(seat))
        elif self.live.seats[to_move].is_bot:
            paused = self.live.pause() is not None  # (the bots wait for a tap: the card below says whose)
            text = w("app.pause.bot_waits" if paused else "app.play.bot_playing", name=self.name(to_move))
        else:
            text = w("app.play.waiting_for", name=self.name(to_move))
        who = [] if seat is None or self.live.mode == state.HOTSEAT else [
            ft.Text(w("app.play.this_device", name=self.name(seat)), size=13, italic=True)]
        return ft.Column([ft.Text(text, size=22, weight=ft.FontWeight.BOLD)] + who, spacing=2)

    def board(self, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
        if self.ui.board is not None:
            return self.ui.board(self, self.live, view, seat)
        return [card(*[para(f"{k}: {v}") for k, v in view.items()])]

    def actions(self, seat: int) -> list[ft.Control]:
        legal = self.live.legal_actions()
        if self.ui.actions is not None:
            return self.ui.actions(self, self.live, seat, legal)
        describe = self.live.describe
        return [heading(self.w("app.play.your_move"), 16), wrap_row([
            button(describe(a), lambda e, a=a: self.act(a), primary=True) for a in legal])]

    def tools(self) -> ft.Control:
        client = self.app.client
        w = self.w
        why_not = self.live.undo_refusal(client, w)  # (a disabled Undo says why under it)
        row = [button(w("app.play.undo"), self.undo, icon=ft.Icons.UNDO, disabled=why_not is not None,
                      tooltip=w("app.play.undo_why"), why=why_not)]
        if self.live.mode == state.DEVICES:
            row.append(button(w("app.play.leave"), self.leave, icon=ft.Icons.LOGOUT))
        return wrap_row(row)

    def scores(self, view: dict[str, Any], to_move: int | None) -> ft.Control:
        if self.ui.scores is None:
            return ft.Container()
        values = self.ui.scores(view)
        bot = self.w("app.play.bot_mark")
        return score_table([(self.name(i) + (bot if s.is_bot else ""), values.get(i, ""), i == to_move)
                            for i, s in enumerate(self.live.seats)], seats=list(range(len(self.live.seats))),
                           w=self.w)

    def event_text(self, view: dict[str, Any] | None) -> Any:
        """An event's line in this device's language (the game's own words), else the rules' text."""
        say = self.ui.event_text
        if say is None:
            return None
        names, w = [s.name for s in self.live.seats], self.w
        return lambda ev: say(ev, w, names, view)

    def privacy_screen(self, seat: int) -> list[ft.Control]:
        name, w = self.name(seat), self.w
        return [ft.Container(content=ft.Column([
            ft.Icon(ft.Icons.VISIBILITY_OFF, size=64),
            ft.Text(w("app.play.pass_to", name=name), size=26, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            para(w("app.play.covered")),
            button(w("app.play.i_am", name=name), lambda e: self.reveal(seat), icon=ft.Icons.VISIBILITY,
                   primary=True),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=18), padding=30, alignment=ft.Alignment.CENTER)]

    def reveal(self, seat: int) -> None:
        if seat not in self.live.seats_of(self.app.client):  # a forged click, or a stale screen
            self.app.toast(self.w("app.play.not_your_seat"))
        else:
            self.app.revealed[self.live.id] = seat
        self.app.render()

    def seat_picker(self) -> list[ft.Control]:
        w = self.w
        out: list[ft.Control] = [heading(w("app.play.join_title")), para(w("app.play.join_text"))]
        free = self.live.free_seats()
        for i, s in enumerate(self.live.seats):
            if s.is_bot:
                out.append(para(w("app.play.seat_bot", name=s.name)))
            elif i in free:
                out.append(button(w("app.play.take", name=s.name), lambda e, i=i: self.take(i),
                                  icon=ft.Icons.EVENT_SEAT, primary=True))
            else:
                out.append(para(w("app.play.taken", name=s.name)))
        if not free:
            out.append(notice(w("app.play.all_taken")))
        if free and not access.current().may_join(self.app.client):
            out.append(para(w("app.play.needs_code")))
            field = join_code_field(self.set_code, self.join, self.code, w=w)
            # (the field's value as the client last sent it, or the last change event, whichever came)
            out.append(wrap_row([field, button(w("app.play.join"), lambda e: self.join(field.value or self.code),
                                               icon=ft.Icons.LOGIN)]))
        return out

    code = ""

    def set_code(self, code: str) -> None:
        self.code = code[:12]

    def join(self, code: str) -> None:
        """The join code typed in (the QR code's link carries it, so most devices never see this)."""
        self.code = code
        door, address = access.current(), getattr(self.app, "address", None)
        if door.admit(self.app.client, code, address):
            self.app.toast(self.w("app.play.joined"))
        elif (wait := door.waiting(self.app.client, address)) > 0:
            self.app.toast(self.w("app.play.code_wait", seconds=int(wait) + 1))
        else:
            self.app.toast(self.w("app.play.wrong_code"))
        self.app.render()

    def take(self, seat: int) -> None:
        self._step(lambda client: self.live.claim(client, seat))

    def go_on(self) -> None:
        """The tap a pause waits for (a turn seen, the bots' next step)."""
        self._step(self.live.go_on)

    def leave(self, e: Any) -> None:
        self._step(self.live.release)

    def end_screen(self, mine: list[int]) -> list[ft.Control]:
        result = self.live.result()
        scores = result.get("scores", {})
        winners = result.get("winners", [])
        w = self.w
        if self.ui.final is not None:  # (a game in several languages takes the device's words)
            kw = {"w": w} if "w" in inspect.signature(self.ui.final).parameters else {}
            rows = self.ui.final(self.live, result, self.session.view(None), **kw)
        else:
            rows = [(str(n), v, "") for n, v in sorted(scores.items(), key=lambda kv: kv[1], reverse=True)]
        winners = [str(w) for w in winners]
        seats = {s.name: i for i, s in enumerate(self.live.seats)}
        out: list[ft.Control] = [
            final_banner(winners, self.accent, w=w),
            standings([(str(n), v, detail) for n, v, detail in rows], winners, seats, w=w),
            wrap_row([button(w("app.home_button"), lambda e: self.app.go("/"), icon=ft.Icons.HOME, primary=True),
                      button(w("app.play.new_game"), lambda e: self.app.go(f"/games/{self.live.game.id}/new/play"),
                             icon=ft.Icons.REPLAY)]),
            game_log(self.session.history(mine[0] if len(mine) == 1 else None), w=w,
                     say=self.event_text(self.session.view(None))),
        ]
        return out
