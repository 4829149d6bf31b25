"""Pirateology in a phone-size browser: place the pirate, tap a square the roll reaches on the
ocean, see the pirate there, end the turn; a bot plays the other seat. The game is seeded (made in
the server's data folder, then opened by its link), so every run plays the same game. The table
helper: the deal, the compass, the dice and a move tapped on the board.
Screenshots of each step go to $COMPANION_SHOTS."""
from __future__ import annotations

import re

import pytest

from app import state
from companion.games import get_game

pytestmark = pytest.mark.browser

GID = "pirateology"
SEED = 1


def test_pirateology_move_by_tapping_a_square(server, new_page, ui) -> None:
    live = state.GameRegistry(server.data_dir).create(get_game(GID), ["Anne", "Bart"], state.HOTSEAT,
                                                      [state.HUMAN, state.BOT], seed=SEED)
    live.session.close()  # (the server opens it: one program at a time holds a game)
    page = new_page(ui.PHONE)
    ui.open_app(page, f"{server.url}/s/{live.id}")
    ui.tap(page, "Start on the Black X at B6")
    reach = page.get_by_role("button", name=re.compile(r"reachable in \d+$"))
    # what may stand between the start and a roll that reaches a square: the roll itself, a Sea
    # Monster dealt at setup to give up, a roll that reaches nothing, the turn's end (the bot replies)
    steps = [page.get_by_role("button", name="Spin the compass and roll", exact=True),
             page.get_by_role("button", name=re.compile(r"^Give up ")),
             page.get_by_role("button", name="Stay (no square can be reached)", exact=True),
             page.get_by_role("button", name="End the turn", exact=True)]
    anything = reach.first
    for step in steps:
        anything = anything.or_(step.first)
    for _ in range(12):
        anything.wait_for()
        if reach.count():
            break
        # each click waits for the screen it brings (the bot's reply included): a button read off a
        # screen that a step is about to replace would be clicked while it goes away
        ui.tap(page, next(step for step in steps if step.count()).first)
    else:
        raise AssertionError("twelve steps and no roll reached a square")
    page.get_by_text(re.compile(r"tap an outlined square")).first.wait_for()
    ui.shot(page, "pirateology-1-move")
    square = reach.first.get_attribute("aria-label") or reach.first.text_content()
    sid = square.split(" ", 1)[0]
    ui.tap(page, reach.first)
    # the move is made: the square holds Anne's piece (and, it is no longer her move, or a new roll
    # offers other squares)
    page.get_by_text(re.compile(rf"^{sid} [^:,]+: Anne's (pirate|ship)")).first.wait_for()
    ui.shot(page, "pirateology-2-moved")
    end = steps[3]
    if end.count():
        ui.tap(page, end.first)
        end.first.wait_for(state="detached")
    ui.see(page, "The pirates")


@pytest.mark.walk
def test_pirateology_table_helper_at_phone_size(server, new_page, ui) -> None:
    """The table helper as a table uses it, with everything the table dealt and rolled tapped in
    (so every run takes the same path): each pirate placed by tapping a Black X on the board, three
    Treasure Maps dealt to each player, the start roll's faces, the wind tapped on the compass, the
    die's face, then a square the roll reaches tapped on the board. Each step waits for what it brings."""
    page = new_page(ui.PHONE)
    ui.open_game(page, server, ui.table_game(server, GID))  # (its set-up screen: tests/app/test_browser.py)
    start = page.get_by_role("button", name=re.compile(r"a Black X to start on$"))
    for _ in range(2):
        start.first.wait_for()
        ui.tap(page, start.first)
    # the deal: three cards each, tapped in as the table dealt them (Treasure Maps: no card that
    # acts as it is dealt, so no detour through a Sea Monster or a Hurricane)
    treasure_map = page.get_by_role("button", name=re.compile(r"^Card Treasure Map \(\d+ left\)$"))
    confirm_cards = page.get_by_role("button", name="Confirm the cards", exact=True)
    for player in ("Anne", "Bart"):
        ui.see(page, f"deal 3 Skull Cards to {player}")
        for _ in range(3):
            ui.tap(page, treasure_map.first)
        ui.tap(page, confirm_cards.first)
    # the start roll: Anne's die 5, Bart's die 2, so Anne starts
    ui.see(page, "Start roll: ")
    confirm = page.get_by_role("button", name="Confirm the dice", exact=True)
    for face in (5, 2):
        ui.tap(page, f"Die face {face}")
    ui.tap(page, confirm.first)
    # the odds panel (issue 14): where the spin and the roll can end the move, by kind of square
    ui.see(page, "The spin and roll can end your move on: ")
    ui.shot(page, "pirateology-helper-1-compass")
    ui.tap(page, "Wind North")
    ui.see(page, "Anne rolls 1 die")
    ui.see(page, "The roll can end your move on: ")
    ui.tap(page, "Die face 3")
    ui.shot(page, "pirateology-helper-2-dice")
    reach = page.get_by_role("button", name=re.compile(r"reachable in \d+"))
    ui.tap(page, confirm.first)
    reach.first.wait_for()
    ui.shot(page, "pirateology-helper-3-move")
    ui.tap(page, reach.first)
    reach.first.wait_for(state="detached")   # the move is made: no square is offered any more
