"""Pirate Island end to end in a real headless Chromium at phone size: the table helper's route by
taps on the map, combat and doubles, tracked entries with undo; a hot-seat game against a bot
through the first turns (privacy screen, entering a harbour and moving a pirate by tapping the
map; the map zoomed in on the picked piece on the phone), then the same game at desktop size with
the map beside the choices. Fields are found by their accessible labels ("C9 Plain", "H3 Harbour. Here: ..."), as a
screen reader names them. Screenshots go to $COMPANION_SHOTS (default /tmp/companion-app-shots)."""
from __future__ import annotations

import re

import pytest

from app import state
from companion.games import get_game

pytestmark = pytest.mark.browser
GID = "pirate-island"
SEED = 1
PHONE_W = 390
#: true once the accessible node of the field named arg[0] is narrower than arg[1] px
SHRUNK = """([name, most]) => Array.from(document.querySelectorAll('flt-semantics')).some(e =>
    ((e.getAttribute('aria-label') || '') + e.textContent).startsWith(name) && e.getBoundingClientRect().width < most)"""


#: [label, centre x, centre y, width] of each field of the map in the accessibility tree
FIELDS = """() => Array.from(document.querySelectorAll('flt-semantics')).map(e => [e.getAttribute('aria-label') ||
    e.textContent, e.getBoundingClientRect()]).filter(([n, r]) => /^([A-S]\\d+|\\d+) [A-Z]/.test(n) && r.width > 0)
    .map(([n, r]) => [n, r.left + r.width / 2, r.top + r.height / 2, r.width])"""
#: true once the accessible node of the field named arg[0] is wider than arg[1] px
GROWN = SHRUNK.replace("width < most", "width > most")


@pytest.mark.walk
def test_pirate_island_table_helper(server, new_page, ui) -> None:
    page = new_page(ui.PHONE)
    ui.open_game(page, server, ui.table_game(server, GID))  # (its set-up screen: tests/app/test_browser.py)
    ui.see(page, "Round 1: Anne's turn (Red)")
    ui.see(page, "Cheapest way")
    # the pirate's field: what it reaches this turn is outlined with its cost
    ui.tap(page, re.compile(r"^C9 Plain"))
    page.get_by_role("button", name=re.compile(r"^D9 Plain.*\(reachable, costs 1\)$")).first.wait_for()
    # the destination, farther than one turn (the route itself: tests/pirate_island)
    ui.tap(page, re.compile(r"^14 Hill"))
    ui.see(page, "C9 to 14: 10 BP, C9 > D9 > E10 > F10 > F11 > G12 > 14; more than one turn")
    ui.shot(page, "pirate-island-helper-route")
    ui.tap(page, "2")
    ui.tap(page, "Fortress")
    ui.see(page, "Modifier -2 (bonus +1, defence -3)")
    ui.see(page, "11+: defender flees 5 fields")  # 9-10 shifted by -2
    ui.tap(page, "5-5")
    ui.see(page, "Storm at sea: lay out the storm card.")
    ui.shot(page, "pirate-island-helper")
    # the turn's dice entered at the table: the movement points; a move spends them, a pirate at
    # most 7 BP; a rescue roll and a combat roll entered and resolved (issue 26, item 4)
    ui.tap(page, "The turn's roll: a die shows 4")
    ui.tap(page, "The turn's roll: a die shows 5")
    ui.tap(page, "Enter 4 and 5")
    ui.see(page, "Anne rolls 4 and 5: 9 BP to move")
    ui.tap(page, "3 BP")
    ui.tap(page, "Pirate 1 moves for 3 BP")
    ui.see(page, "Red pirate 1 (Anne) moves for 3 BP: 6 BP left")
    ui.see(page, "Spent: pirate 1 3 of 7")
    ui.shot(page, "pirate-island-helper-roll")
    ui.see(page, re.compile(r"^A pirate on 14 survives the fever on \d+\+: \d+%"))
    ui.tap(page, "The rescue roll: a die shows 1")
    ui.tap(page, "The rescue roll: a die shows 1")
    ui.tap(page, "Enter 1 and 1")
    ui.see(page, "Anne's pirate on 14 goes to the Totenkiste (2, needs")
    ui.see(page, "Anne (Red): 1 in the Totenkiste")
    ui.tap(page, "The combat roll: a die shows 6")
    ui.tap(page, "The combat roll: a die shows 6")
    ui.tap(page, "Enter 6 and 6")
    ui.see(page, "Anne rolls 6 and 6 = 12, modifier -2: 10")
    ui.shot(page, "pirate-island-helper-combat")
    # where the pieces stand: the field tapped last (14), a chest put there, shown on the map
    ui.see(page, "On 14:", exact=True)
    ui.tap(page, "Put chest 1 here")
    page.get_by_role("button", name="Take chest 1 off the map").wait_for()
    ui.shot(page, "pirate-island-helper-pieces")
    page.set_viewport_size(ui.DESKTOP)
    ui.still(page)
    ui.shot(page, "pirate-island-helper-desktop")
    page.set_viewport_size(ui.PHONE)
    ui.tap(page, re.compile(r"^Next turn: Bart"))
    ui.see(page, "Round 1: Bart's turn (Blue)")
    ui.tap(page, "Undo")
    ui.see(page, "Round 1: Anne's turn (Red)")


@pytest.mark.walk
def test_pirate_island_hot_seat_against_a_bot(server, new_page, ui) -> None:
    # seeded (made in the server's data folder, opened by its link): every run plays the same dice
    live = state.GameRegistry(server.data_dir).create(get_game(GID), ["Anne", "Bart", "Cato"], state.HOTSEAT,
                                                      [state.HUMAN, state.HUMAN, state.BOT], seed=SEED)
    live.session.close()  # (the server opens it: one program at a time holds a game)
    page = new_page(ui.PHONE)
    ui.open_app(page, f"{server.url}/s/{live.id}")
    moved = False
    entered = False
    for _ in range(60):
        page.get_by_text(re.compile(r"^(Pass the device to |Your turn|Round \d)")).first.wait_for()
        pass_to = page.get_by_text(re.compile(r"^Pass the device to "))
        if pass_to.count():
            name = pass_to.first.inner_text().removeprefix("Pass the device to ").strip()
            ui.tap(page, f"I am {name}: show my turn")
            continue
        if page.get_by_role("button", name="Go on").count():  # a roll under 7 ended a turn: seen, go on
            ui.tap(page, "Go on")
            continue
        harbour = page.get_by_role("button", name=re.compile(r"^H\d+ Harbour.*\(a legal target\)$"))
        if harbour.count():  # entering: tap a free harbour on the map
            if not entered:
                ui.shot(page, "pirate-island-play-enter")
            entered = True
            ui.tap(page, harbour.first)
            continue
        mine = page.get_by_role("button", name=re.compile(r"\(can be chosen\)$"))
        if mine.count():  # moving: tap the ship (or a pirate) on the map, then an outlined field
            ui.tap(page, mine.first)
            dest = page.get_by_role("button", name=re.compile(r"^[A-S]\d+ (?!Harbour)\w+.*\(reachable, costs \d+\)$"))
            dest.first.wait_for()
            ui.still(page)
            ui.shot(page, "pirate-island-play-move")
            # the picked piece (the ship) stays in view: the map zooms to it, never away from it
            top = page.get_by_text(re.compile(r"^Round \d+: ")).first.bounding_box()
            picked = page.get_by_role("button", name=re.compile(r"\(selected\)$")).first.bounding_box()
            x, y = picked["x"] + picked["width"] / 2, picked["y"] + picked["height"] / 2
            assert 0 <= x <= PHONE_W and top["y"] + top["height"] <= y <= page.get_by_role(
                "button", name="Zoom in").bounding_box()["y"], (picked, top)
            field = dest.last.inner_text().split(" ")[0]
            # on a phone the map zooms in on the picked piece: the fields it reaches are drawn twice
            # the size, inside the map's frame, big enough to tap (pinch, Zoom in/out, Whole map)
            near = page.get_by_role("button", name=re.compile(rf"^{field} ")).first
            zoomed = near.bounding_box()
            frame = page.get_by_role("button", name="Zoom in").bounding_box()
            ui.tap(page, "Whole map", changes=False)  # (the labels stay: wait for the field's node to shrink)
            page.wait_for_function(SHRUNK, arg=[field + " ", zoomed["width"] / 1.8], timeout=30_000)
            ui.still(page)
            whole = near.bounding_box()
            assert zoomed["width"] > 1.8 * whole["width"] and zoomed["width"] >= 30, (zoomed, whole)
            assert 0 <= zoomed["x"] and zoomed["x"] + zoomed["width"] <= PHONE_W and zoomed["y"] + zoomed["height"] < frame["y"]
            ui.tap(page, dest.last)
            moved = True
            break
        other = page.get_by_role("button", name=re.compile(r"^(End moving|End the turn|Pass)"))
        if other.count():
            ui.tap(page, other.first)
            continue
    assert entered and moved
    # the pirate stands on that field of the map now (or, when the move used the last BP, the device goes on)
    page.get_by_role("button", name=re.compile(rf"^{field} \w+\. Here: (Red|Blue) pirate")).or_(
        page.get_by_text(re.compile(r"^Pass the device to "))).first.wait_for()
    ui.shot(page, "pirate-island-play-moved")
    # the same game on a desktop screen: the whole map on the left, the turn and its choices beside it
    page.set_viewport_size(ui.DESKTOP)
    harbours = page.get_by_role("button", name=re.compile(r"^H\d+ Harbour"))
    choices = page.get_by_role("button", name=re.compile(r"^(End moving|End the turn|Pass$|Sail into H\d|The \w+ ship \(|"
                                                         r"\w+ pirate \d \()"))
    go_on = page.get_by_role("button", name="Go on")
    for _ in range(10):  # (past the privacy screen when the turn went on to Bart, and a turn to see)
        pass_to = page.get_by_text(re.compile(r"^Pass the device to "))
        choices.first.or_(pass_to.first).or_(go_on.first).first.wait_for()
        ui.still(page)
        if go_on.count():
            ui.tap(page, "Go on")
            continue
        if not pass_to.count():
            break
        name = pass_to.first.inner_text().removeprefix("Pass the device to ").strip()
        ui.tap(page, f"I am {name}: show my turn")
    ui.shot(page, "pirate-island-play-desktop")
    turn = page.get_by_text(re.compile(r"^Round \d+: ")).first.bounding_box()
    choice = choices.first.bounding_box()
    boxes = [harbours.nth(i).bounding_box() for i in range(harbours.count())]
    right = max(b["x"] + b["width"] for b in boxes)
    assert all(b["y"] + b["height"] <= ui.DESKTOP["height"] for b in boxes), boxes  # the whole map in view
    assert turn["x"] >= right and choice["x"] >= right, (turn, choice, right)  # beside it
    assert choice["y"] + choice["height"] <= ui.DESKTOP["height"], choice  # and the choices above the fold
    # zoomed in, the map keeps its middle in the middle (the viewer once took the zoom without its
    # pan: the map's top left corner in view, not the piece a player had just picked)
    frame = {"left": min(b["x"] for b in boxes), "right": right, "top": min(b["y"] for b in boxes),
             "bottom": page.get_by_role("button", name="Zoom in").bounding_box()["y"]}
    middle = ((frame["left"] + frame["right"]) / 2, (frame["top"] + frame["bottom"]) / 2)
    fields = page.evaluate(FIELDS)
    name, _, _, width = min(fields, key=lambda f: (f[1] - middle[0]) ** 2 + (f[2] - middle[1]) ** 2)
    ui.tap(page, "Zoom in", changes=False)
    page.wait_for_function(GROWN, arg=[name, width * 1.3], timeout=30_000)
    ui.still(page)
    near = {f[0]: f for f in page.evaluate(FIELDS)}[name]
    assert abs(near[1] - middle[0]) < 60 and abs(near[2] - middle[1]) < 60, (near, middle)


@pytest.mark.walk
def test_pirate_island_assistant_ship_at_sea_and_a_way_of_choice(server, new_page, ui) -> None:
    """The table assistant's choices of issue 31: a ship still at sea rolls 8 and is kept at sea
    (2. Setup: it "may" sail into a harbour); the way card goes on from a field the way passes
    (4. Movement: a way other than the cheapest), and a pirate spends what that way costs."""
    page = new_page(ui.PHONE)
    ui.open_game(page, server, ui.table_game(server, GID))
    ui.see(page, "Round 1: Anne's turn (Red)")
    ui.tap(page, page.get_by_role("switch", name=re.compile("^Our ship is still at sea")).first, changes=False)
    ui.tap(page, "The turn's roll: a die shows 4")
    ui.tap(page, "The turn's roll: a die shows 4")
    ui.tap(page, "Enter 4 and 4")
    ui.see(page, "Rolled 8: the ship may sail into a free harbour (put it there on the map), or stay at sea.")
    ui.shot(page, "pirate-island-helper-at-sea")
    ui.tap(page, "Keep the ship at sea")
    ui.see(page, "Round 1: Bart's turn (Blue)")
    # Bart's ship is in: a roll for movement, then a way through D9 that is not the cheapest
    ui.tap(page, page.get_by_role("switch", name=re.compile("^Our ship is still at sea")).first, changes=False)
    ui.tap(page, "The turn's roll: a die shows 5")
    ui.tap(page, "The turn's roll: a die shows 6")
    ui.tap(page, "Enter 5 and 6")
    ui.see(page, "Bart rolls 5 and 6: 11 BP to move")
    ui.tap(page, re.compile(r"^C9 Plain"))
    ui.tap(page, re.compile(r"^D9 Plain"))
    ui.tap(page, "Go on from D9")
    ui.see(page, "By way of D9")
    ui.tap(page, re.compile(r"^D8 Plain"))
    ui.see(page, "C9 to D8: 2 BP, C9 > D9 > D8; fits in one turn.")  # (straight on: 1 BP)
    ui.shot(page, "pirate-island-helper-way")
    ui.tap(page, "Pirate 1 goes (2 BP)")
    ui.see(page, "Blue pirate 1 (Bart) moves by way of D9 to D8 for 2 BP: 9 BP left")


@pytest.mark.walk
def test_pirate_island_play_a_way_of_choice(server, new_page, ui) -> None:
    """Digital play (issue 31): a picked pirate on the island goes by a way chosen field by field
    (4. Movement: the way need not be the cheapest); the rules say what it costs."""
    from companion.games.pirate_island import helper
    from companion.games.pirate_island.rules import GAME

    isl = GAME.island
    live = state.GameRegistry(server.data_dir).create(get_game(GID), ["Anne", "Bart"], state.HOTSEAT,
                                                      [state.HUMAN, state.HUMAN], seed=SEED)
    live.session.close()
    page = new_page(ui.PHONE)
    ui.open_app(page, f"{server.url}/s/{live.id}")
    walked = False
    ashore = re.compile(r"^([A-S]\d+|\d\d) \w+\. Here: (Red|Blue) pirate \d \(\w+\).*\(can be chosen\)$")
    for _ in range(120):
        page.get_by_text(re.compile(r"^(Pass the device to |Your turn|Round \d)")).first.wait_for()
        pass_to = page.get_by_text(re.compile(r"^Pass the device to "))
        if pass_to.count():
            name = pass_to.first.inner_text().removeprefix("Pass the device to ").strip()
            ui.tap(page, f"I am {name}: show my turn")
            continue
        if page.get_by_role("button", name="Go on").count():
            ui.tap(page, "Go on")
            continue
        harbour = page.get_by_role("button", name=re.compile(r"^H\d+ Harbour.*\(a legal target\)$"))
        if harbour.count():
            ui.tap(page, harbour.first)
            continue
        heading = page.get_by_text(re.compile(r"^Round \d+: \w+ \(\w+\) has \d+ BP")).first
        pirate = page.get_by_role("button", name=ashore)
        if heading.count() and pirate.count():
            bp = int(re.search(r"has (\d+) BP", heading.inner_text()).group(1))
            label = pirate.first.get_attribute("aria-label") or pirate.first.inner_text()
            start = next(f for f in isl.fields if label.startswith(isl.label[f] + " "))
            taken = {f for f in isl.fields if page.get_by_role("button", name=re.compile(
                rf"^{isl.label[f]} \w+\. Here: ")).count()}
            ways = [(m, g) for m in sorted(isl.near[start]) for g in sorted(isl.near[m])
                    if m not in taken and g not in taken and g != start and isl.number[m] is None and isl.number[g] is None]
            found = {w: helper.route(isl, GAME.rules, start, w[1], via=w[:1]) for w in ways}
            fits = sorted((f["cost"], m, g) for (m, g), f in found.items() if f and f["cost"] <= min(bp, 7))
            if fits:
                cost, m, g = fits[0]
                ui.tap(page, pirate.first)
                ui.tap(page, re.compile(r"^Choose the way of "))
                ui.see(page, "No field yet.")
                ui.tap(page, page.get_by_role("button", name=re.compile(rf"^{isl.label[m]} ")).first)
                ui.tap(page, page.get_by_role("button", name=re.compile(rf"^{isl.label[g]} ")).first)
                ui.see(page, f"The way: {isl.label[m]} > {isl.label[g]}")
                go = page.get_by_role("button", name=re.compile(
                    rf"^Move \w+ pirate \d to {isl.label[g]} by way of {isl.label[m]} \({cost} BP\)$"))
                go.wait_for()
                ui.shot(page, "pirate-island-play-way")
                ui.tap(page, go)
                walked = True
                break
        mine = page.get_by_role("button", name=re.compile(r"\(can be chosen\)$"))
        if mine.count() and not pirate.count():  # a ship's crew goes ashore as far as it can
            ui.tap(page, mine.first)
            dest = page.get_by_role("button", name=re.compile(r"^[A-S]\d+ (?!Harbour)\w+.*\(reachable, costs \d+\)$"))
            dest.first.wait_for()
            ui.tap(page, dest.last)
            continue
        other = page.get_by_role("button", name=re.compile(r"^(End moving|End the turn|Pass)"))
        if other.count():
            ui.tap(page, other.first)
            continue
    assert walked
    page.get_by_role("button", name=re.compile(rf"^{isl.label[g]} \w+\. Here: (Red|Blue) pirate")).or_(
        page.get_by_text(re.compile(r"^Pass the device to "))).first.wait_for()


def test_a_window_widened_from_phone_to_desktop_draws_the_map_again(server, new_page, ui) -> None:
    """A resized window gets the layout of its new size without a tap: the app compares the page's
    size with the one it last drew for (the first resize after a phone-sized draw once kept the
    map at the phone's width, the rest of the page beside it)."""
    page = new_page(ui.PHONE)
    ui.open_game(page, server, ui.table_game(server, GID))
    ui.see(page, "Round 1: Anne's turn (Red)")
    ui.still(page)
    field = {f[0].split(" ")[0]: f for f in page.evaluate(FIELDS)}["C9"]
    page.set_viewport_size(ui.DESKTOP)
    page.wait_for_function(GROWN, arg=["C9 ", field[3] * 1.3], timeout=30_000)
