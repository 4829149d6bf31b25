"""The Pirates vs. Dinosaurs island as a picture in a real headless Chromium, at phone size and
on a desktop: in the table tracker and in a game against a bot, tapping an area says what it is
(search hours; in digital play the hidden landmarks left). Screenshots go to $COMPANION_SHOTS."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser
GID = "pirates-vs-dinosaurs"


def test_tapping_an_area_of_the_island_in_the_tracker_says_what_it_is(server, new_page, ui) -> None:
    page = new_page(ui.PHONE)
    ui.start_game(page, server, GID, "assistant")
    ui.see(page, "Tap a place on the board to see what it is.")
    jungle = page.get_by_role("button", name=re.compile(r"^Jungle: search 3 hours")).first
    box = jungle.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= ui.PHONE["width"]     # the whole board is on screen
    ui.shot(page, "pvd-island-tracker-phone")
    with ui.changes(page):
        jungle.click()
    ui.see(page, "Jungle: search 3 hours", exact=True)
    ui.shot(page, "pvd-island-tracker-phone-tapped")
    mark = page.get_by_role("button", name=re.compile(r"^Volcano mark 6")).first
    for _ in range(12):  # the volcano's track is below the fold: scroll the page to it as a thumb would
        box = mark.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= ui.PHONE["height"]:
            break
        page.mouse.move(ui.PHONE["width"] / 2, ui.PHONE["height"] / 2)
        page.mouse.wheel(0, 200)
        ui.painted(page)
    with ui.changes(page):
        mark.click()
    ui.see(page, "Volcano mark 6: The island sinks!")


def test_tapping_an_area_in_digital_play_counts_its_hidden_landmarks(server, new_page, ui) -> None:
    for size, name in ((ui.PHONE, "phone"), (ui.DESKTOP, "desktop")):
        page = new_page(size)
        ui.start_game(page, server, GID, "play", humans=[True, False])
        swamp = page.get_by_role("button", name=re.compile(r"^Swamp: search 3 hours, \d hidden landmarks? left"))
        swamp.first.wait_for()
        with ui.changes(page):
            swamp.first.click()
        page.get_by_text(re.compile(r"^Swamp: search 3 hours, \d hidden landmarks? left")).first.wait_for()
        ui.shot(page, f"pvd-island-play-{name}")
