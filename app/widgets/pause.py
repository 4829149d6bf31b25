"""Where digital play waits for a person's tap before the bots go on (LiveGame.pause): a turn of
theirs that had nothing to decide (its roll shown, then "Go on"), and the bots step by step; and
the two settings that decide it (the bots' pace, letting one's own empty turns pass untapped)."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.words import sentence

from app import state
from app.widgets.common import button, card, heading, notice, para


def pause_card(screen: Any, live: Any, mine: list[int], say: Callable[[Any], str] | None) -> list[ft.Control]:
    """The pause, if the game waits for one: on the screen of a device that may answer it, with its
    button; elsewhere whom it waits for."""
    waiting = live.pause()
    if waiting is None:
        return []
    w = screen.w
    name = live.seats[waiting["seat"]].name
    if waiting["kind"] == "turn":
        if waiting["seat"] not in mine:
            return [ft.Container(notice(w("app.pause.waiting_seen", name=name)), key="pause")]
        lines = [para(sentence(say(ev) if say else ev.text), size=16) for ev in waiting["events"]]
        return [ft.Container(card(heading(w("app.pause.turn_title", name=name), 18), para(w("app.pause.nothing")),
                                  *lines, button(w("app.pause.seen"), lambda e: screen.go_on(), icon=ft.Icons.CHECK,
                                                 primary=True)), key="pause")]
    if not mine:
        return []
    return [ft.Container(card(para(w("app.pause.bot_next", name=name)),
                              button(w("app.pause.bot_step", name=name), lambda e: screen.go_on(),
                                     icon=ft.Icons.SKIP_NEXT, primary=True)), key="pause")]


def labelled_switch(label: str, value: bool, on_change: Callable[[bool], Any], key: str) -> ft.Control:
    """A switch with a label that wraps on a phone (one node for screen readers; a tap on the words flips it)."""
    return ft.MergeSemantics(content=ft.Row([
        ft.Switch(value=value, key=key, on_change=lambda e: on_change(bool(e.control.value))),
        ft.Container(ft.Text(label), expand=True, on_click=lambda e: on_change(not value))]))


def pace_settings(screen: Any, live: Any, seat: int | None, mine: list[int]) -> list[ft.Control]:
    """The bots' pace (with any bot at the table) and, for this device's player, whether their turns
    with nothing to decide pass without a tap."""
    if not mine:
        return []
    w = screen.w
    out: list[ft.Control] = []
    if live.bots:
        out.append(labelled_switch(w("app.pause.step_switch"), live.pace == state.STEP,
                                   lambda on: screen._step(live.set_pace, state.STEP if on else state.INSTANT),
                                   key="pace-switch"))
    if seat is not None and seat in mine and not live.seats[seat].is_bot:
        out.append(labelled_switch(w("app.pause.pass_switch", name=live.seats[seat].name), live.passes_turns(seat),
                                   lambda on: screen._step(live.set_pass_turns, seat, on), key="pass-switch"))
    return [ft.Container(ft.Column(out, spacing=4), key="pace")] if out else []
