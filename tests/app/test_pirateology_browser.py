"""Pirateology in a phone-size browser: place the pirate, tap a square the roll reaches on the
ocean, end the turn; a bot plays the other seat. Screenshots of each step (tests/app/shots)."""
from __future__ import annotations

import re

GID = "pirateology"


def test_pirateology_move_by_tapping_a_square(server, new_page, ui) -> None:
    page = new_page(ui.PHONE)
    ui.start_game(page, server, GID, "play", [True, False])
    ui.tap(page, "Start on the Black X at B6")
    reach = page.get_by_role("button", name=re.compile(r"reachable in \d+$"))
    sail = page.get_by_role("button", name="Spin the compass and roll", exact=True)
    give = page.get_by_role("button", name=re.compile(r"^Give up "))   # a Sea Monster dealt at setup
    for _ in range(6):
        reach.first.or_(sail.first).or_(give.first).wait_for()
        if reach.count():
            break
        (sail if sail.count() else give).first.click()
    reach.first.wait_for()
    page.get_by_text(re.compile(r"tap an outlined square")).first.wait_for()
    ui.shot(page, "pirateology-1-move")
    with ui.changes(page):
        reach.first.click()
    reach.first.wait_for(state="detached")   # the move is made: no square is offered any more
    ui.shot(page, "pirateology-2-moved")
    end = page.get_by_role("button", name="End the turn", exact=True)
    if end.count():
        end.first.click()
    ui.see(page, "The pirates")
