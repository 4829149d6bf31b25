"""Pirates vs. Dinosaurs end to end in a real headless Chromium: the island as a picture and a
combat in the table tracker, a hot-seat game against a bot through a turn, and two browsers (a
phone and a desktop) in one web game with different hands, where tapping an area of the island
counts its hidden landmarks. Screenshots of each step go to $COMPANION_SHOTS (default /tmp/companion-app-shots)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app import state
from companion.games import get_game

pytestmark = pytest.mark.browser
GID = "pirates-vs-dinosaurs"


def above_the_screen(page, locator) -> None:
    """Wait until the control is scrolled out of sight at the top."""
    page.wait_for_function("el => el.getBoundingClientRect().bottom < 0", arg=locator.element_handle())


@pytest.mark.walk
def test_pvd_combat_in_the_tracker_loses_the_right_crew(server, new_page, ui) -> None:
    page = new_page(ui.PHONE)
    ui.open_game(page, server, ui.table_game(server, GID))  # (its set-up screen: tests/app/test_browser.py)
    ui.see(page, "Anne: preparing to land")
    # the island as a picture: the whole board on the phone's screen; tapping an area says its
    # search hours, tapping the volcano's last mark what it means
    ui.see(page, "Tap a place on the board to see what it is.")
    jungle = page.get_by_role("button", name=re.compile(r"^Jungle: search 3 hours")).first
    box = jungle.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= ui.PHONE["width"]     # the whole board is on screen
    ui.shot(page, "pvd-island-tracker-phone")
    ui.tap(page, jungle)
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
    ui.tap(page, mark)
    ui.see(page, "Volcano mark 6: The island sinks!")
    # 10 crew with Sabers and Muskets: Cannon (6) + Rope (2) + Shovels (2) leave 10 of the 20 points
    # each choice adds its description under the choices and moves the buttons below: wait for the
    # screen a tap brings before the next tap (a tap on the old place would miss)
    ui.tap(page, "Sabers and Muskets")
    for item in ("Cannon (6)", "Rope (2)", "Shovels (2)"):
        ui.tap(page, item)
    ui.see(page, "Points: 10 on equipment, 10 sailors (of 20)")
    ui.shot(page, "pvd-tracker-1-outfit")
    ui.tap(page, "Confirm purchase")
    ui.see(page, "Anne: where does the search start?")
    ui.tap(page, "Search the Jungle (4 h)")  # 3 hours + 1 for the Cannon
    ui.see(page, "Anne searches the Jungle: Time Marker at 4")
    ui.see(page, "10 sailors / 2 per die (Sabers and Muskets) = 5 dice")
    # the odds of the captain's rolls (issue 14): the combat against each Strength, the search
    ui.see(page, "Anne's combat roll, 5 dice: the chance to win against Strength 1: ")
    ui.shot(page, "pvd-tracker-2-combat")
    ui.tap(page, "More: Strength")
    ui.see(page, "Strength: 4", exact=True)
    # scrolled down, a tap redraws without jumping back to the top
    skull = page.get_by_role("button", name="Combat: add Skull", exact=True).first
    ui.into_view(page, skull)
    page.mouse.wheel(0, 250)
    above_the_screen(page, page.get_by_role("button", name="Anne (turn)").first)  # scrolled down
    ui.painted(page)
    before = skull.bounding_box()["y"]
    for i, face in enumerate(("Skull", "Skull", "Blank", "Saber", "Blank")):
        ui.tap(page, f"Combat: add {face}")
        ui.see(page, f"Combat: {i + 1} of 5 dice entered")
        if i == 0:
            ui.painted(page)
            assert abs(skull.bounding_box()["y"] - before) < 2, "the redraw moved the screen"
    ui.see(page, "Combat: 5 of 5 dice entered")
    ui.see(page, "Result: Anne loses 2 sailors to the dinosaur")  # the preview, before confirming
    ui.shot(page, "pvd-tracker-3-dice")
    ui.tap(page, "Confirm combat")
    ui.see(page, "2 successes against Strength 4")
    ui.see(page, "Crew now 8")
    ui.see(page, "Crew: 8", exact=True)
    ui.shot(page, "pvd-tracker-4-result")
    # issue 16: what the captain's gear does opens with a tap (a phone has no hover)
    ui.tap(page, "What they do")
    ui.see(page, "roll 1 die for every 2 sailors")
    page.get_by_text("roll 1 die for every 2 sailors").first.scroll_into_view_if_needed()
    ui.shot(page, "pvd-tracker-4b-what-they-do")
    ui.tap(page, "Undo")
    ui.see(page, "Crew: 10", exact=True)
    # issue 16: a Ghost as the first token at the Dig Site goes back, and the prize is entered next
    ui.tap(page, "Dig Site")
    ui.tap(page, "Go to the Dig Site")
    ui.see(page, "Anne draws tokens for the prize until a treasure")
    ui.tap(page, "Ghost")
    ui.see(page, "Anne draws a Ghost for the prize")
    ui.shot(page, "pvd-tracker-5-prize")
    ui.tap(page, "$5,000")
    ui.see(page, "Anne takes the prize")


ORDER = [re.compile(p) for p in (
    r"^Relic: ", r"^First Mate: ", r"^Search the ", r"^Search$", r"^Roll the dice$", r"^Accept the roll$",
    r"^Pass$", r"^Look at the Landmark", r"^Done arranging$", r"^Dig$", r"^Back$")]


#: what `step` can act on (or, for "Turn 2..", stop at): one of them shows when the screen is ready
READY = [re.compile(p) for p in (r"^Pass the device to ", r"^Turn [2-9]", r"^Your hand \(")]


def ready(page):
    """A locator for anything `step` acts on: wait for it before reading the screen."""
    anything = page.get_by_role("button", name=re.compile(r"^(Confirm purchase|Discard \d card)"))
    for pattern in ORDER:
        anything = anything.or_(page.get_by_role("button", name=pattern))
    for pattern in READY[:2]:
        anything = anything.or_(page.get_by_text(pattern))
    return anything.first


def step(page, ui, look=None) -> str:
    """Take the obvious choice on the screen and wait for what it brings; returns what was tapped.
    `look(label)` looks at the screen just before one of the ORDER buttons is tapped."""
    pass_to = page.get_by_text(re.compile(r"^Pass the device to "))
    if pass_to.count():
        name = pass_to.first.inner_text().removeprefix("Pass the device to ").strip()
        assert not page.get_by_text(re.compile(r"^(Your hand|You: )")).count(), "the privacy screen shows a hand"
        ui.tap(page, f"I am {name}: show my turn")
        page.get_by_text(re.compile(f"^Your (turn|call), {name}")).first.wait_for()
        return f"reveal {name}"
    if page.get_by_role("button", name="Confirm purchase").count():
        # each choice adds its description under the choices and moves the buttons below: wait for
        # the screen a tap brings before the next tap (a tap on the old place would miss)
        ui.tap(page, "Sabers and Muskets")
        ui.see(page, "Sabers and Muskets: ")  # (the description may come a redraw after the choice)
        ui.tap(page, "Machete (3)")
        ui.see(page, "Equipment: 3 points. Crew: 17 sailors")
        ui.see(page, "Machete: ")  # what the tapped equipment does, in words (issue 16 item 5)
        ui.tap(page, "Confirm purchase")  # enabled once the weapon is chosen too
        return "outfit"
    if page.get_by_role("button", name=re.compile(r"^Discard \d card")).count():
        cards = page.get_by_role("button", name=re.compile(r"^Discard (?!\d)"))
        need = int(re.search(r"Tap (\d+)", page.get_by_text(re.compile(r"^Tap \d+ card")).first.inner_text()).group(1))
        for i in range(need):
            ui.tap(page, cards.first)
            expect(page.get_by_role("button", name=re.compile(r"^Discarding "))).to_have_count(i + 1)  # issue 26
        ui.tap(page, re.compile(r"^Discard \d card"))
        return "discard"
    for pattern in ORDER:
        b = page.get_by_role("button", name=pattern)
        if b.count():
            label = b.first.get_attribute("aria-label") or b.first.inner_text()
            if look:
                look(label)
            ui.tap(page, b.first)
            return label
    return ""


def relics_and_mates_chosen(root, seed: int) -> str:
    """A seeded hot-seat game (Anne, Bart: humans; Cato: bot) made in the server's data folder, with
    Stage 1's Relics and First Mates chosen (the first offered each time; the two-browser game
    below taps them in the app): Anne's purchase comes next. Returns the game's id."""
    live = state.GameRegistry(root).create(get_game(GID), ["Anne", "Bart", "Cato"], state.HOTSEAT,
                                           [state.HUMAN, state.HUMAN, state.BOT], seed=seed)
    for _ in range(8):
        if live.session.state.decision["kind"] not in ("relic", "mate"):
            break
        live.act("setup", live.session.legal_actions()[0])
    assert live.session.state.decision["kind"] == "outfit" and live.to_move() == 0, live.session.state.decision
    live.session.close()  # (the server opens it: one program at a time holds a game)
    return live.id


@pytest.mark.walk
def test_pvd_hot_seat_against_a_bot_gets_through_a_turn(server, new_page, ui) -> None:
    page = new_page(ui.PHONE)
    ui.open_app(page, f"{server.url}/s/{relics_and_mates_chosen(server.data_dir, seed=1)}")
    page.get_by_text(re.compile(r"^Pass the device to Anne$")).first.wait_for()
    ui.shot(page, "pvd-hotseat-1-privacy")
    assert page.get_by_text(re.compile(r"^Your hand")).count() == 0
    taps: list[str] = []
    # two humans: odds and advice once both agree (issue 14), each on their own turn's screen; then
    # a roll about to be made shows its odds
    agreed: set[str] = set()
    odds = page.get_by_text(re.compile(r"^Your (Search Roll|combat roll|roll to end the search early|attack on"
                                       r"|dig|roll), \d+ dic?e"))
    odds_seen = False

    def look(label: str) -> None:  # (on the screen with the button: one read before it may be a redraw early)
        nonlocal odds_seen
        if len(agreed) == 2 and not odds_seen and label == "Roll the dice":
            odds.first.wait_for()
            ui.into_view(page, page.get_by_text(re.compile(r"^Your turn, ")).first)  # (the picture: the board on top)
            ui.shot(page, "pvd-hotseat-2b-odds")
            odds_seen = True

    for _ in range(120):
        ready(page).wait_for()
        if page.get_by_text(re.compile(r"^Turn [2-9]")).count():  # Anne's turn, then Bart's started
            break
        got = step(page, ui, look)
        if got:
            taps.append(got)
        if got.startswith("reveal ") and got[7:] not in agreed:
            switch = page.get_by_role("switch", name=f"{got[7:]}: I agree to odds and advice for everyone")
            page.mouse.wheel(0, 3000)
            ui.tap(page, switch.first)
            page.mouse.wheel(0, -3000)
            agreed.add(got[7:])
        if got == "reveal Anne" and "Search" in taps and not any("hand" in t for t in taps):
            ui.shot(page, "pvd-hotseat-2-turn")
    else:
        raise AssertionError(f"no second turn; tapped: {taps}")
    assert "outfit" in taps and "reveal Bart" in taps
    assert odds_seen, f"no roll with its odds after both agreed; tapped: {taps}"
    assert "Search" in taps or any(t.startswith("Search the") for t in taps)
    ui.see(page, "Game log")
    ui.see(page, "Cato")  # the bot played its part (relic, mate, outfit, area)
    ui.shot(page, "pvd-hotseat-3-later")


#: true when the screen shows `held` Event cards (a card held twice shows once, with "×2")
HAND_SHOWN = """([names, held]) => Array.from(document.querySelectorAll('flt-semantics'))
    .filter(e => !e.querySelector('flt-semantics')).map(e => e.textContent.trim().match(/^(.*?)(?: ×(\\d+))?$/))
    .reduce((n, m) => n + (names.includes(m[1]) ? (m[2] ? Number(m[2]) : 1) : 0), 0) === held"""


def hand_of(page) -> list[str]:
    """The Event card titles in 'Your hand' (each card's title is its own text node)."""
    from companion.games.pirates_vs_dinosaurs.catalog import catalog

    names = {c.name["en"] for c in catalog().events.values()}
    header = page.get_by_text(re.compile(r"^Your hand \(\d+ Event cards\)$")).first
    header.wait_for(timeout=60_000)
    held = int(re.search(r"\d+", header.inner_text()).group())
    page.wait_for_function(HAND_SHOWN, arg=[sorted(names), held])  # every card of the hand is drawn
    texts = page.locator("flt-semantics").evaluate_all(
        "els => els.filter(e => !e.querySelector('flt-semantics')).map(e => e.textContent.trim())")
    return sorted(t for t in (re.sub(r" ×\d+$", "", x) for x in texts) if t in names)


def tap_an_area_in_digital_play(page, ui, name: str) -> None:
    """Tapping an area of the island in digital play counts its hidden landmarks left."""
    swamp = page.get_by_role("button", name=re.compile(r"^Swamp: search 3 hours, \d hidden landmarks? left"))
    swamp.first.wait_for()
    ui.tap(page, swamp.first)
    page.get_by_text(re.compile(r"^Swamp: search 3 hours, \d hidden landmarks? left")).first.wait_for()
    ui.shot(page, f"pvd-island-play-{name}")


@pytest.mark.walk
def test_pvd_two_browsers_see_different_hands(server, new_page, ui) -> None:
    # made in the server's data folder as the set-up screen makes it (two humans, one device each;
    # that screen: tests/app/test_browser.py); the first browser takes Anne's seat
    live = state.GameRegistry(server.data_dir).create(get_game(GID), ["Anne", "Bart"], state.DEVICES)
    gid = live.id
    a = new_page(ui.PHONE)
    ui.open_game(a, server, live)
    ui.tap(a, "Take seat: Anne")
    ui.see(a, "This device plays Anne")
    tap_an_area_in_digital_play(a, ui, "phone")
    b = new_page(ui.DESKTOP)
    ui.open_app(b, f"{server.url}/s/{gid}")
    ui.tap(b, "Take seat: Bart")
    ui.see(b, "This device plays Bart")
    tap_an_area_in_digital_play(b, ui, "desktop")
    # Stage 1 until the hands are dealt: relics in turn order, mates in reverse, then the purchases.
    # Anne's screen says whose decision it is; each step shows on the other screen too
    hand = re.compile(r"^Your hand \(")
    for _ in range(30):
        status = a.get_by_text(re.compile(r"^(Your (turn|call), Anne|Waiting for Bart)")).first
        status.wait_for()
        if a.get_by_text(hand).count() and b.get_by_text(hand).count():
            break
        pg, other = (b, a) if status.inner_text().startswith("Waiting") else (a, b)
        ready(pg).wait_for()
        with ui.changes(other):
            assert step(pg, ui), "nothing to tap on the screen whose turn it is"
    hand_a, hand_b = hand_of(a), hand_of(b)
    ui.shot(a, "pvd-devices-1-anne")
    ui.shot(b, "pvd-devices-2-bart")
    assert len(hand_a) >= 3 and len(hand_b) >= 3  # (identical cards show once, with ×2)
    assert hand_a != hand_b
    assert b.get_by_text("You: Bart", exact=False).count() and not b.get_by_text("You: Anne").count()


#: the prompt of a window asking a captain on another captain's turn
REACT = re.compile(r"^(\w+ is about to roll: play a card on them|\w+ has rolled: react to that roll"
                   r"|A card is about to strike|(\w+'s|Your) [\w' ]+ is about to strike)")  # (whose card, on whom)


def game_before_a_reaction(root) -> tuple[str, int, int, str]:
    """A hot-seat game (Anne, Bart: humans; Cato: bot) saved in the server's data folder just before
    a human's tap opens a reaction window for the other human on the first one's turn. Found by
    playing seeded games in a scratch folder, then replaying the same moves in `root`.
    Returns (game id, who taps, who is asked, the button to tap)."""
    import random
    import tempfile
    from pathlib import Path

    from app import state
    from app.pirates_vs_dinosaurs.play import label
    from companion.games import get_game

    game = get_game(GID)
    kinds = [state.HUMAN, state.HUMAN, state.BOT]
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(60):
            live = state.GameRegistry(Path(scratch)).create(game, ["Anne", "Bart", "Cato"], state.HOTSEAT, kinds,
                                                            seed=seed)
            rng = random.Random(seed)
            moves = []
            for _ in range(1500):
                s = live.session.state
                if live.session.is_over():
                    break
                x = game.to_move(s)
                legal = live.session.legal_actions()
                a = rng.choice(legal)
                text = label(live, live.session.view(x), a)[0]
                tappable = a.type not in ("outfit", "discard") and not (a.type == "use" and a.go) and \
                    sum(1 for b in legal if label(live, live.session.view(x), b)[0] == text) == 1
                live.act("scratch", a)
                s2 = live.session.state
                y = game.to_move(s2)
                if (tappable and y is not None and y != x and s2.decision["kind"].startswith("react")
                        and s2.turn == x):
                    real = state.GameRegistry(root).create(game, ["Anne", "Bart", "Cato"], state.HOTSEAT, kinds,
                                                           seed=seed)
                    for m in moves:
                        real.act("setup", m)
                    assert game.to_move(real.session.state) == x
                    return real.id, x, y, text
                moves.append(a)
    raise AssertionError("no seeded game reaches a reaction window of a human on another human's turn")


def test_pvd_reaction_window_on_another_turn_passes_the_device(server, new_page, ui) -> None:
    """Hot seat: a tap that opens a reaction window for the other human covers the screen first (no
    hand shows), then the window shows that captain's own hand, the prompt and Pass."""
    gid, x, y, text = game_before_a_reaction(server.data_dir)
    names = ["Anne", "Bart", "Cato"]
    page = new_page(ui.PHONE)
    ui.open_app(page, f"{server.url}/s/{gid}")
    page.get_by_text(f"Pass the device to {names[x]}", exact=True).first.wait_for()
    ui.tap(page, f"I am {names[x]}: show my turn")
    ui.see(page, f"You: {names[x]}")
    ui.tap(page, text)
    page.get_by_text(f"Pass the device to {names[y]}", exact=True).first.wait_for()
    assert not page.get_by_text(re.compile(r"^(Your hand|You: )")).count(), "the privacy screen shows a hand"
    ui.shot(page, "pvd-reaction-1-privacy")
    ui.tap(page, f"I am {names[y]}: show my turn")
    ui.see(page, f"You: {names[y]}")
    ui.see(page, f"Your call, {names[y]} (on {names[x]}'s turn)")
    assert not page.get_by_text(re.compile(f"^You: {names[x]}")).count()
    page.get_by_text(REACT).first.wait_for()
    page.get_by_role("button", name="Pass", exact=True).first.wait_for()
    # the title that says whose call it is stands at the top (the screen scrolls to it), and the
    # captain shown further down is that captain (asserted above), never the one whose turn it is
    expect(page.get_by_text(f"Your call, {names[y]} (on {names[x]}'s turn)").first).to_be_in_viewport()
    ui.shot(page, "pvd-reaction-2-window")
    ui.tap(page, "Pass")
    page.get_by_text(re.compile(r"^(Pass the device to |Your turn, |Your call, |Waiting for )")).first.wait_for()
